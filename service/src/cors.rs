//! Cross-origin requests (CORS) from the web sites of an allow-list
//! (`songo serve --cors-origin`, none by default): their pages may call the
//! API from a browser. The server's own page needs none of it.
//!
//! An answer to an allowed `Origin` says so (`Access-Control-Allow-Origin`);
//! a preflight (`OPTIONS` with `Access-Control-Request-Method`) from an
//! allowed origin gets 204 with the methods and headers the API reads (a
//! keeper's page corrects games: `PATCH` and `DELETE` with a bearer token
//! and `If-Match`, the `ETag` of the game read before exposed). Any
//! other origin gets the answers it always got, without those headers, so
//! its browser keeps them from its page.

use std::convert::Infallible;
use std::sync::Arc;

use warp::Filter;
use warp::http::header::{
    ACCESS_CONTROL_ALLOW_HEADERS, ACCESS_CONTROL_ALLOW_METHODS, ACCESS_CONTROL_ALLOW_ORIGIN,
    ACCESS_CONTROL_EXPOSE_HEADERS, ACCESS_CONTROL_MAX_AGE, ACCESS_CONTROL_REQUEST_METHOD,
    HeaderMap, HeaderValue, ORIGIN, VARY,
};
use warp::http::{Method, StatusCode};
use warp::reply::Response;

/// `inner`, its answers given the CORS headers for the allowed `origins`.
pub(crate) fn allow<F>(
    origins: &[String],
    inner: F,
) -> impl Filter<Extract = (Response,), Error = Infallible> + Clone + Send + Sync + 'static
where
    F: Filter<Extract = (Response,), Error = Infallible> + Clone + Send + Sync + 'static,
{
    let origins: Arc<[String]> = origins.into();
    warp::header::headers_cloned()
        .and(warp::method())
        .and(inner)
        .map(
            move |headers: HeaderMap, method: Method, response: Response| {
                answer(&origins, &headers, &method, response)
            },
        )
}

/// Whether `origin` is in the allow-list (`*` allows every origin).
fn allowed(origins: &[String], origin: &str) -> bool {
    origins.iter().any(|o| o == "*" || o == origin)
}

/// The origin of a CORS preflight (`OPTIONS` with `Origin` and
/// `Access-Control-Request-Method`) that `origins` does not allow.
pub(crate) fn refused_preflight<'h>(
    origins: &[String],
    method: &Method,
    headers: &'h HeaderMap,
) -> Option<&'h str> {
    if method != Method::OPTIONS || !headers.contains_key(ACCESS_CONTROL_REQUEST_METHOD) {
        return None;
    }
    let origin = headers.get(ORIGIN)?.to_str().ok()?;
    (!allowed(origins, origin)).then_some(origin)
}

/// The answer, with CORS headers when the request's origin is allowed.
fn answer(
    origins: &[String],
    headers: &HeaderMap,
    method: &Method,
    response: Response,
) -> Response {
    if origins.is_empty() {
        return response;
    }
    let Some(origin) = headers
        .get(ORIGIN)
        .filter(|origin| origin.to_str().is_ok_and(|origin| allowed(origins, origin)))
    else {
        return response;
    };
    let mut response =
        if method == Method::OPTIONS && headers.contains_key(ACCESS_CONTROL_REQUEST_METHOD) {
            let mut preflight = Response::new(bytes::Bytes::new().into());
            *preflight.status_mut() = StatusCode::NO_CONTENT;
            let out = preflight.headers_mut();
            out.insert(
                ACCESS_CONTROL_ALLOW_METHODS,
                HeaderValue::from_static("GET, POST, PATCH, DELETE"),
            );
            out.insert(
                ACCESS_CONTROL_ALLOW_HEADERS,
                HeaderValue::from_static(
                    "content-type, accept, accept-language, authorization, if-match",
                ),
            );
            out.insert(ACCESS_CONTROL_MAX_AGE, HeaderValue::from_static("600"));
            preflight
        } else {
            response
        };
    let out = response.headers_mut();
    out.insert(ACCESS_CONTROL_ALLOW_ORIGIN, origin.clone());
    // A page reads a game's ETag to send it back in If-Match.
    out.insert(
        ACCESS_CONTROL_EXPOSE_HEADERS,
        HeaderValue::from_static("etag"),
    );
    out.append(VARY, HeaderValue::from_static("origin"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(origin: Option<&str>, preflight: bool) -> HeaderMap {
        let mut headers = HeaderMap::new();
        if let Some(origin) = origin {
            headers.insert(ORIGIN, HeaderValue::from_str(origin).unwrap());
        }
        if preflight {
            headers.insert(
                ACCESS_CONTROL_REQUEST_METHOD,
                HeaderValue::from_static("POST"),
            );
        }
        headers
    }

    fn ok() -> Response {
        Response::new(bytes::Bytes::from_static(b"{}").into())
    }

    #[test]
    fn no_list_no_headers() {
        let response = answer(
            &[],
            &request(Some("https://a.example"), false),
            &Method::GET,
            ok(),
        );
        assert!(
            response
                .headers()
                .get(ACCESS_CONTROL_ALLOW_ORIGIN)
                .is_none()
        );
    }

    #[test]
    fn an_allowed_origin_is_named_back() {
        let list = ["https://a.example".to_owned()];
        let response = answer(
            &list,
            &request(Some("https://a.example"), false),
            &Method::POST,
            ok(),
        );
        assert_eq!(
            response.headers()[ACCESS_CONTROL_ALLOW_ORIGIN],
            "https://a.example"
        );
        assert_eq!(response.headers()[VARY], "origin");
        let other = answer(
            &list,
            &request(Some("https://b.example"), false),
            &Method::POST,
            ok(),
        );
        assert!(other.headers().get(ACCESS_CONTROL_ALLOW_ORIGIN).is_none());
    }

    #[test]
    fn a_preflight_from_an_allowed_origin_gets_204() {
        let list = ["*".to_owned()];
        let response = answer(
            &list,
            &request(Some("https://b.example"), true),
            &Method::OPTIONS,
            ok(),
        );
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
        assert_eq!(
            response.headers()[ACCESS_CONTROL_ALLOW_METHODS],
            "GET, POST, PATCH, DELETE"
        );
        let allowed = response.headers()[ACCESS_CONTROL_ALLOW_HEADERS]
            .to_str()
            .unwrap();
        for header in ["authorization", "if-match", "content-type"] {
            assert!(allowed.contains(header), "{allowed}");
        }
        assert_eq!(response.headers()[ACCESS_CONTROL_EXPOSE_HEADERS], "etag");
    }
}

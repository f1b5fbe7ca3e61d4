//! Cross-origin requests (CORS) from the sites of an allow-list (`songo
//! serve --cors-origin`, none by default). An allowed `Origin` is named
//! back; its preflight gets 204 with the methods and headers the API reads
//! (a keeper's page sends `PATCH` and `DELETE` with a bearer token and
//! `If-Match`). Other origins get their usual answers without those
//! headers, so that their browsers keep the answers from their pages.

use warp::http::header::{
    ACCESS_CONTROL_ALLOW_HEADERS, ACCESS_CONTROL_ALLOW_METHODS, ACCESS_CONTROL_ALLOW_ORIGIN,
    ACCESS_CONTROL_EXPOSE_HEADERS, ACCESS_CONTROL_MAX_AGE, ACCESS_CONTROL_REQUEST_METHOD,
    HeaderMap, HeaderValue, ORIGIN, VARY,
};
use warp::http::{Method, StatusCode};
use warp::reply::Response;

/// The request's `Origin`, when `origins` allows it.
pub(crate) fn allowed_origin(origins: &[String], headers: &HeaderMap) -> Option<HeaderValue> {
    let origin = headers.get(ORIGIN)?;
    origin
        .to_str()
        .is_ok_and(|origin| allowed(origins, origin))
        .then(|| origin.clone())
}

/// Whether `origin` is in the allow-list (`*` allows every origin).
fn allowed(origins: &[String], origin: &str) -> bool {
    origins.iter().any(|o| o == "*" || o == origin)
}

/// Whether the request is a CORS preflight.
pub(crate) fn is_preflight(method: &Method, headers: &HeaderMap) -> bool {
    method == Method::OPTIONS && headers.contains_key(ACCESS_CONTROL_REQUEST_METHOD)
}

/// The origin of a preflight that `origins` does not allow.
pub(crate) fn refused_preflight<'h>(
    origins: &[String],
    method: &Method,
    headers: &'h HeaderMap,
) -> Option<&'h str> {
    let origin = headers.get(ORIGIN)?.to_str().ok()?;
    (is_preflight(method, headers) && !allowed(origins, origin)).then_some(origin)
}

/// The answer, with CORS headers when the request's origin is allowed
/// (`origin`, of [`allowed_origin`]); a preflight's, 204.
pub(crate) fn answer(origin: Option<HeaderValue>, preflight: bool, inner: Response) -> Response {
    let Some(origin) = origin else {
        return inner;
    };
    let mut response = inner;
    if preflight {
        response = Response::new(bytes::Bytes::new().into());
        *response.status_mut() = StatusCode::NO_CONTENT;
        let said = [
            (ACCESS_CONTROL_ALLOW_METHODS, "GET, POST, PATCH, DELETE"),
            (
                ACCESS_CONTROL_ALLOW_HEADERS,
                "content-type, accept, accept-language, authorization, if-match",
            ),
            (ACCESS_CONTROL_MAX_AGE, "600"),
        ];
        for (name, value) in said {
            response
                .headers_mut()
                .insert(name, HeaderValue::from_static(value));
        }
    }
    let out = response.headers_mut();
    out.insert(ACCESS_CONTROL_ALLOW_ORIGIN, origin);
    // A page reads a game's ETag to send it back in If-Match.
    let etag = HeaderValue::from_static("etag");
    out.insert(ACCESS_CONTROL_EXPOSE_HEADERS, etag);
    out.append(VARY, HeaderValue::from_static("origin"));
    response
}

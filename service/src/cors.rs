//! Cross-origin requests (CORS) from the sites of an allow-list (`songo
//! serve --cors-origin`, none by default). An allowed `Origin` is named
//! back; its preflight gets 204 with the methods and headers the API reads
//! (a keeper's page sends `PATCH` and `DELETE` with a bearer token and
//! `If-Match`). Other origins get their usual answers without those
//! headers, so that their browsers keep the answers from their pages.

use warp::Reply as _;
use warp::http::header::{
    ACCESS_CONTROL_ALLOW_HEADERS, ACCESS_CONTROL_ALLOW_METHODS, ACCESS_CONTROL_ALLOW_ORIGIN,
    ACCESS_CONTROL_EXPOSE_HEADERS, ACCESS_CONTROL_MAX_AGE, ACCESS_CONTROL_REQUEST_METHOD,
    HeaderMap, HeaderValue, ORIGIN, VARY,
};
use warp::http::{Method, StatusCode};
use warp::reply::Response;

/// The request's `Origin`, and whether `origins` allows it (`*` allows
/// every origin).
pub(crate) fn origin<'h>(origins: &[String], headers: &'h HeaderMap) -> Option<(&'h str, bool)> {
    let origin = headers.get(ORIGIN)?.to_str().ok()?;
    Some((origin, origins.iter().any(|o| o == "*" || o == origin)))
}

/// Whether the request is a CORS preflight.
pub(crate) fn is_preflight(method: &Method, headers: &HeaderMap) -> bool {
    method == Method::OPTIONS && headers.contains_key(ACCESS_CONTROL_REQUEST_METHOD)
}

/// The answer, with CORS headers when the request's origin is allowed
/// (`origin`, of [`origin`]); a preflight's, 204.
pub(crate) fn answer(origin: Option<HeaderValue>, preflight: bool, inner: Response) -> Response {
    let Some(origin) = origin else {
        return inner;
    };
    let mut response = inner;
    if preflight {
        response = StatusCode::NO_CONTENT.into_response();
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

//! Reading request bodies: a byte limit enforced while streaming (so a
//! chunked body without `Content-Length` is cut off as soon as it is too
//! large), a deadline, and the content type.

use std::pin::Pin;

use bytes::{Buf, Bytes, BytesMut};
use futures_util::{Stream, StreamExt};
use tokio::time::Instant;
use warp::http::HeaderMap;
use warp::http::header::{CONTENT_LENGTH, CONTENT_TYPE};

use crate::problem::{Kind, Problem};

/// A request body, not read yet.
pub(crate) type BodyStream = Pin<Box<dyn Stream<Item = Result<Bytes, warp::Error>> + Send>>;

/// Wraps warp's body stream.
pub(crate) fn boxed(
    stream: impl Stream<Item = Result<impl Buf, warp::Error>> + Send + 'static,
) -> BodyStream {
    Box::pin(stream.map(|chunk| chunk.map(|mut buf| buf.copy_to_bytes(buf.remaining()))))
}

/// Reads the whole body, at most `limit` bytes, before `deadline`.
///
/// # Errors
/// 413 when the body is (or announces to be) larger than `limit`, 408 when
/// it does not arrive in time, 400 when the connection breaks.
pub(crate) async fn read(
    headers: &HeaderMap,
    mut stream: BodyStream,
    limit: u64,
    deadline: Instant,
) -> Result<Bytes, Problem> {
    let too_large = |size: &str| {
        Problem::new(
            Kind::BodyTooLarge,
            format!("the body is {size}; this server accepts at most {limit} bytes (songo serve --body-limit)"),
        )
        .with("limit", limit)
    };
    let announced = headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if let Some(length) = announced
        && length > limit
    {
        return Err(too_large(&format!("{length} bytes")));
    }
    let capacity = usize::try_from(announced.unwrap_or(0).min(limit)).unwrap_or(0);
    let mut body = BytesMut::with_capacity(capacity);
    loop {
        let next = tokio::time::timeout_at(deadline, stream.next()).await;
        match next {
            Err(_elapsed) => {
                return Err(Problem::new(
                    Kind::RequestTimeout,
                    format!(
                        "the body had not fully arrived when the time limit expired ({} bytes received); \
                         send it faster or raise songo serve --request-timeout",
                        body.len()
                    ),
                ));
            }
            Ok(None) => return Ok(body.freeze()),
            Ok(Some(Err(error))) => {
                return Err(Problem::new(
                    Kind::BadEncoding,
                    format!("the body could not be read: {error}"),
                ));
            }
            Ok(Some(Ok(chunk))) => {
                if (body.len() + chunk.len()) as u64 > limit {
                    drop(body);
                    drain(&mut stream, limit, deadline).await;
                    return Err(too_large("larger than the limit"));
                }
                body.extend_from_slice(&chunk);
            }
        }
    }
}

/// Reads and drops the rest of an over-large body, within bounds, so that
/// a client still sending it (a chunked upload) gets to read the 413
/// instead of a connection reset.
async fn drain(stream: &mut BodyStream, limit: u64, deadline: Instant) {
    let budget = limit.max(DRAIN_AT_LEAST);
    let deadline = deadline.min(Instant::now() + DRAIN_TIME);
    let mut drained = 0u64;
    while drained < budget {
        match tokio::time::timeout_at(deadline, stream.next()).await {
            Ok(Some(Ok(chunk))) => drained += chunk.len() as u64,
            _ => return,
        }
    }
}

/// Bytes of an over-large body read and dropped at least before closing.
const DRAIN_AT_LEAST: u64 = 8 * 1024 * 1024;
/// The longest time spent draining an over-large body.
const DRAIN_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// The body as text, brackets nested at most as deep as a position's
/// ([`input::MAX_NESTING`](songo_notation::input::MAX_NESTING)).
///
/// # Errors
/// 400 at the first byte that is not UTF-8, or when brackets nest too deep.
pub(crate) fn text(body: &[u8]) -> Result<&str, Problem> {
    text_within(body, songo_notation::input::MAX_NESTING)
}

/// The body as text, brackets nested at most `limit` deep: serde's YAML
/// reader, which JSON bodies also reach, takes time quadratic in the depth.
///
/// # Errors
/// 400 at the first byte that is not UTF-8, or when brackets nest too deep.
pub(crate) fn text_within(body: &[u8], limit: usize) -> Result<&str, Problem> {
    let text = std::str::from_utf8(body).map_err(|error| {
        let valid = &body[..error.valid_up_to()];
        let valid = std::str::from_utf8(valid).unwrap_or_default();
        let at = songo_notation::error::Location::of_offset(valid, valid.len());
        Problem::new(
            Kind::BadEncoding,
            format!(
                "the body is not UTF-8: invalid byte at offset {}",
                error.valid_up_to()
            ),
        )
        .at(at.line, at.column)
    })?;
    songo_notation::input::check_nesting_within(text, limit).map_err(|error| {
        Problem::new(
            Kind::BadJson,
            format!("the body nests brackets more than {limit} deep"),
        )
        .at(error.line(), error.column())
    })?;
    Ok(text)
}

/// The forms a body can be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Media {
    /// `application/json` or `…+json`.
    Json,
    /// `application/yaml`, `application/x-yaml`, `text/yaml`.
    Yaml,
    /// `text/plain` (or no content type).
    Text,
}

impl Media {
    /// The media type of the request, `Text` when it gives none.
    ///
    /// # Errors
    /// 415 for any other type.
    pub(crate) fn of(headers: &HeaderMap, accepted: &[Media]) -> Result<Media, Problem> {
        let Some(value) = headers.get(CONTENT_TYPE) else {
            return Ok(accepted[0]);
        };
        let essence = value
            .to_str()
            .unwrap_or_default()
            .split(';')
            .next()
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase();
        let media = match essence.as_str() {
            "application/json" => Some(Media::Json),
            "application/yaml" | "application/x-yaml" | "text/yaml" | "text/x-yaml" => {
                Some(Media::Yaml)
            }
            "text/plain" => Some(Media::Text),
            other if other.starts_with("application/") && other.ends_with("+json") => {
                Some(Media::Json)
            }
            _ => None,
        };
        match media {
            Some(media) if accepted.contains(&media) => Ok(media),
            _ => {
                let names: Vec<&str> = accepted.iter().map(|m| m.name()).collect();
                let mut detail = format!("this route reads {}, not {essence}", names.join(", "));
                if essence == "application/x-www-form-urlencoded" {
                    detail.push_str(
                        " (curl -d sends a form: add -H 'Content-Type: application/json' or the type of your body)",
                    );
                }
                Err(Problem::new(Kind::UnsupportedMediaType, detail).with("accepted", names))
            }
        }
    }

    /// The media type's name.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Media::Json => "application/json",
            Media::Yaml => "application/yaml",
            Media::Text => "text/plain",
        }
    }
}

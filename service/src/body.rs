//! Reading request bodies within their limits (size, checked while
//! streaming; time; least rate; shared memory).

use std::time::Duration;

use bytes::{Buf, Bytes, BytesMut};
use futures_util::{Stream, StreamExt, TryStreamExt};
use tokio::time::Instant;
use warp::http::HeaderMap;
use warp::http::header::CONTENT_LENGTH;

use songo_notation::i18n::Message;
use songo_notation::msg;

use crate::Config;
use crate::budget::{Held, Memory};
use crate::problem::{Kind, Problem};

/// A request body, not read yet.
pub(crate) type BodyStream = futures_util::stream::BoxStream<'static, Result<Bytes, warp::Error>>;

/// Wraps warp's body stream.
pub(crate) fn boxed(
    stream: impl Stream<Item = Result<impl Buf, warp::Error>> + Send + 'static,
) -> BodyStream {
    stream
        .map_ok(|mut buf| buf.copy_to_bytes(buf.remaining()))
        .boxed()
}

/// A request body read whole, holding its part of the memory kept for
/// bodies until it is dropped.
pub(crate) struct Body {
    bytes: Bytes,
    _held: Held,
}

impl std::ops::Deref for Body {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.bytes
    }
}

/// Reads the whole body within `config`'s limits (`body_limit`,
/// `body_timeout` between two bytes, `body_min_rate` after
/// `body_rate_grace`: a body trickling in a byte at a time pauses too
/// little for the pause limit) and `deadline`, in `memory`.
///
/// # Errors
/// 413 when the body is (or announces to be) larger than the limit, 408
/// when it does not arrive in time, pauses too long or falls behind the
/// rate, 400 when it ends before its end, 503 when `memory` stays taken.
pub(crate) async fn read(
    headers: &HeaderMap,
    mut stream: BodyStream,
    config: &Config,
    memory: &Memory,
    deadline: Instant,
) -> Result<Body, Problem> {
    let (limit, stall, min_rate) = (config.body_limit, config.body_timeout, config.body_min_rate);
    let started = Instant::now();
    // When the body falls behind the least rate if no more bytes come.
    let behind_at = |received: usize| {
        let allowed = || Duration::from_secs_f64(received as f64 / min_rate as f64);
        (min_rate > 0).then(|| started + config.body_rate_grace + allowed())
    };
    let too_large = |size: Message| {
        Problem::new(
            Kind::BodyTooLarge,
            msg!("problem-detail-too-large", size = size, limit = limit),
        )
        .with("limit", limit)
    };
    let no_memory =
        || Problem::busy_because(msg!("problem-detail-bodies-busy", limit = memory.bytes()));
    let announced = headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if let Some(length) = announced
        && length > limit
    {
        return Err(too_large(msg!("problem-detail-bytes", count = length)));
    }
    let capacity = usize::try_from(announced.unwrap_or(0).min(limit)).unwrap_or(0);
    let mut held = Held::default();
    if !memory.cover(&mut held, capacity, deadline).await {
        return Err(no_memory());
    }
    let mut body = BytesMut::with_capacity(capacity);
    loop {
        let pause_over = Instant::now() + stall;
        let behind = behind_at(body.len()).filter(|&behind| behind < pause_over.min(deadline));
        let wait_until = behind.unwrap_or(deadline.min(pause_over));
        let next = tokio::time::timeout_at(wait_until, stream.next()).await;
        match next {
            Err(_elapsed) => {
                let late = (behind.is_some(), pause_over < deadline);
                return Err(late_body(config, started, body.len(), late));
            }
            Ok(None) => {
                return Ok(Body {
                    bytes: body.freeze(),
                    _held: held,
                });
            }
            Ok(Some(Err(error))) => {
                return Err(Problem::new(
                    Kind::IncompleteBody,
                    msg!(
                        "problem-detail-body-incomplete",
                        received = body.len(),
                        error = Message::verbatim(error.to_string())
                    ),
                ));
            }
            Ok(Some(Ok(chunk))) => {
                let size = body.len() + chunk.len();
                if size as u64 > limit {
                    drop(body);
                    drop(held);
                    drain(&mut stream, limit, deadline).await;
                    return Err(too_large(msg!("problem-detail-larger-than-limit")));
                }
                if !memory.cover(&mut held, size, deadline).await {
                    return Err(no_memory());
                }
                body.extend_from_slice(&chunk);
            }
        }
    }
}

/// The 408 of a body that came too late: `behind` the least rate, else
/// `paused` longer than `body_timeout`, else not whole by the deadline.
fn late_body(
    config: &Config,
    started: Instant,
    received: usize,
    (behind, paused): (bool, bool),
) -> Problem {
    if behind {
        let seconds = started.elapsed().as_secs_f64();
        return Problem::new(
            Kind::RequestTimeout,
            msg!(
                "problem-detail-body-too-slow",
                rate = config.body_min_rate,
                received = received,
                seconds = format!("{seconds:.1}")
            ),
        )
        .with("timeout", "body_rate")
        .with("limit", config.body_min_rate);
    }
    if paused {
        let seconds = format!("{}", config.body_timeout.as_secs_f64());
        return Problem::new(
            Kind::RequestTimeout,
            msg!(
                "problem-detail-body-stalled",
                seconds = seconds,
                received = received
            ),
        )
        .with("timeout", "body_timeout");
    }
    Problem::new(
        Kind::RequestTimeout,
        msg!("problem-detail-body-timeout", received = received),
    )
    .with("timeout", "request_timeout")
}

/// Reads and drops the rest of an over-large body (at least 8 MiB, for 2
/// seconds at most), so that a client still sending it (a chunked upload)
/// gets to read the 413 instead of a connection reset.
async fn drain(stream: &mut BodyStream, limit: u64, deadline: Instant) {
    let budget = limit.max(8 * 1024 * 1024);
    let deadline = deadline.min(Instant::now() + Duration::from_secs(2));
    let mut drained = 0u64;
    while drained < budget {
        match tokio::time::timeout_at(deadline, stream.next()).await {
            Ok(Some(Ok(chunk))) => drained += chunk.len() as u64,
            _ => return,
        }
    }
}

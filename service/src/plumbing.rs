//! What the routes' handlers share: the server's [`State`] (limits and job
//! slots), a [`Request`] whose body is read within the limits, JSON
//! answers, and reading a ruleset's name. The route table (`routes`), the
//! position handlers (`handlers`) and the record handlers (`records`) all
//! use it; it uses none of them.

use std::sync::Arc;

use serde::Serialize;
use songo_notation::Ruleset;
use songo_notation::i18n::{Lang, Message};
use songo_notation::msg;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;
use warp::http::StatusCode;
use warp::http::header::{CONTENT_TYPE, HeaderMap, HeaderValue};
use warp::reply::Response;

use crate::Config;
use crate::body::{self, BodyStream};
use crate::problem::{Kind, Problem};

/// What every handler gets.
pub(crate) struct State {
    pub(crate) config: Config,
    /// Slots for validations and record conversions.
    pub(crate) validations: Arc<Semaphore>,
    /// Slots for position jobs.
    pub(crate) jobs: Arc<Semaphore>,
    /// The archive, when the server keeps one.
    pub(crate) store: Option<Arc<crate::games::Store>>,
}

impl State {
    /// Runs `work` (CPU-bound library calls on a body of `size` bytes) in
    /// a job slot: in place for a small body (microseconds of work), on the
    /// blocking pool for a larger one, so that slow input cannot stall the
    /// threads serving connections. A panic in `work` is resumed in the
    /// route's task.
    pub(crate) async fn job<T: Send + 'static>(
        &self,
        deadline: Instant,
        size: usize,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Problem> {
        let slots = self.config.max_concurrent_jobs;
        let permit = acquire(&self.jobs, deadline, || Problem::busy("job", slots)).await?;
        if size <= INLINE_JOB_BYTES {
            let value = work();
            drop(permit);
            return Ok(value);
        }
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        });
        match task.await {
            Ok(value) => Ok(value),
            Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
            Err(error) => Err(internal(&error)),
        }
    }
}

/// A 500 for a failure of the server itself (its words, as they are).
pub(crate) fn internal(error: &dyn std::fmt::Display) -> Problem {
    Problem::new(Kind::Internal, Message::verbatim(error.to_string()))
}

/// Bodies up to this size are worked on in place: their work is shorter
/// than a hand-off to the blocking pool.
const INLINE_JOB_BYTES: usize = 16 * 1024;

/// A slot of `slots`, waiting at most until `deadline`.
pub(crate) async fn acquire(
    slots: &Arc<Semaphore>,
    deadline: Instant,
    busy: impl FnOnce() -> Problem,
) -> Result<OwnedSemaphorePermit, Problem> {
    match tokio::time::timeout_at(deadline, Arc::clone(slots).acquire_owned()).await {
        Ok(Ok(permit)) => Ok(permit),
        // The semaphores are never closed.
        Ok(Err(_)) | Err(_) => Err(busy()),
    }
}

/// A request, its body not read yet.
pub(crate) struct Request {
    pub(crate) headers: HeaderMap,
    /// The raw query string (empty when there is none).
    pub(crate) query: String,
    pub(crate) body: Option<BodyStream>,
    /// When the answer must be ready.
    pub(crate) deadline: Instant,
    /// The language of the answer's words ([`lang`]).
    pub(crate) lang: Lang,
}

/// The language a request asks for: `?lang=`, else `Accept-Language`,
/// else English.
///
/// # Errors
/// A `lang` parameter that names no language songo speaks (400).
pub(crate) fn lang(headers: &HeaderMap, query: &str) -> Result<Lang, Problem> {
    let asked = serde_urlencoded::from_str::<Vec<(String, String)>>(query)
        .unwrap_or_default()
        .into_iter()
        .find(|(name, _)| name == "lang");
    if let Some((_, value)) = asked {
        return value.parse::<Lang>().map_err(|_| {
            Problem::new(
                Kind::BadQuery,
                msg!("problem-detail-bad-lang", value = value),
            )
            .with("parameter", "lang")
            .with("known", Lang::ALL.map(Lang::code))
        });
    }
    let header = headers
        .get_all(warp::http::header::ACCEPT_LANGUAGE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .collect::<Vec<_>>()
        .join(",");
    Ok(Lang::from_accept_language(&header))
}

impl Request {
    /// Reads the body, within the size and time limits.
    pub(crate) async fn body(&mut self, state: &State) -> Result<bytes::Bytes, Problem> {
        let stream = self
            .body
            .take()
            .unwrap_or_else(|| Box::pin(futures_util::stream::empty()));
        body::read(
            &self.headers,
            stream,
            state.config.body_limit,
            self.deadline,
        )
        .await
    }

    /// The query parameters, refusing any not in `known` (`lang`, which
    /// every route takes, is read apart and left out).
    pub(crate) fn params(&self, known: &[&str]) -> Result<Vec<(String, String)>, Problem> {
        let mut pairs: Vec<(String, String)> =
            serde_urlencoded::from_str(&self.query).map_err(|e| {
                Problem::new(
                    Kind::BadQuery,
                    msg!(
                        "problem-detail-bad-query-string",
                        error = Message::verbatim(e.to_string())
                    ),
                )
            })?;
        pairs.retain(|(name, _)| name != "lang");
        if let Some((name, _)) = pairs
            .iter()
            .find(|(name, _)| !known.contains(&name.as_str()))
        {
            let detail = if known.is_empty() {
                msg!("problem-detail-no-parameter", name = name.as_str())
            } else {
                msg!(
                    "problem-detail-unknown-parameter",
                    name = name.as_str(),
                    known = known.join(", ")
                )
            };
            return Err(Problem::new(Kind::BadQuery, detail));
        }
        Ok(pairs)
    }
}

/// A validation slot, waited for until the deadline.
pub(crate) async fn slot(
    state: &State,
    deadline: Instant,
) -> Result<OwnedSemaphorePermit, Problem> {
    let slots = state.config.max_concurrent_validations;
    acquire(&state.validations, deadline, || {
        Problem::busy("validation", slots)
    })
    .await
}

/// A JSON answer (pretty, with a final newline).
pub(crate) fn json(status: StatusCode, value: &impl Serialize) -> Result<Response, Problem> {
    let mut text = serde_json::to_string(value).map_err(|e| {
        Problem::new(
            Kind::Internal,
            msg!(
                "problem-detail-cannot-write",
                error = Message::verbatim(e.to_string())
            ),
        )
    })?;
    text.push('\n');
    let mut response = Response::new(text.into());
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    Ok(response)
}

/// A ruleset named in a query or a body.
pub(crate) fn ruleset(name: &str) -> Result<Ruleset, Problem> {
    name.parse::<Ruleset>().map_err(|error| {
        Problem::new(Kind::UnknownRuleset, error.message())
            .with("known", Ruleset::ALL.map(Ruleset::id))
    })
}

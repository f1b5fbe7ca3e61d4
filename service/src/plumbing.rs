//! What the routes' handlers share: the server's [`State`] (limits and
//! slots), a [`Request`] (its body read within the limits, its query into
//! a struct), JSON answers. It uses no handler module.

use std::collections::HashMap;
use std::net::IpAddr;
use std::str::FromStr;
use std::sync::{Arc, Mutex, PoisonError};

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Serialize};
use songo_notation::i18n::{Lang, Message};
use songo_notation::msg;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;
use warp::Reply as _;
use warp::http::StatusCode;
use warp::http::header::{CONTENT_TYPE, HeaderMap};
use warp::reply::Response;

use crate::Config;
use crate::body::{self, Body, BodyStream};
use crate::budget::{self, Memory};
use crate::content::bad_value;
use crate::problem::{Kind, Problem};

/// What every handler gets.
pub(crate) struct State {
    pub(crate) config: Config,
    /// Slots for validations and record conversions.
    pub(crate) validations: Arc<Semaphore>,
    /// Slots for position jobs.
    pub(crate) jobs: Arc<Semaphore>,
    /// Slots for engine work (searches, seconds each), apart: the requests
    /// that take milliseconds do not queue behind them.
    pub(crate) engine: Arc<Semaphore>,
    /// Slots for the writes of live games (moves, undos, results), as
    /// many as the jobs', apart: a move does not wait behind the reads of
    /// spectators' streams, which all open at once when a server dies.
    pub(crate) live_writes: Arc<Semaphore>,
    /// The engine requests in flight of each client address.
    pub(crate) engine_clients: Shares,
    /// The memory kept for bodies being read.
    pub(crate) bodies: Memory,
    /// The memory kept for answers their clients have not read yet.
    pub(crate) answers: Memory,
    /// The archive, when the server keeps one.
    pub(crate) store: Option<Arc<crate::archive::Store>>,
    /// The moves of live games, for their spectators.
    pub(crate) live: crate::hub::Hub,
    /// The joins of each address that found no class.
    pub(crate) class_joins: crate::joins::Joins,
    /// Turns true when a graceful shutdown begins: server-sent event
    /// streams end shortly after.
    pub(crate) stopping: tokio::sync::watch::Receiver<bool>,
}

impl State {
    /// Runs `work` (CPU-bound library calls) in a job slot, on the
    /// blocking pool, so that the threads serving connections stay free;
    /// a panic in `work` is resumed in the route's future, which catches it.
    pub(crate) async fn job<T: Send + 'static>(
        &self,
        deadline: Instant,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Problem> {
        let slots = self.config.max_concurrent_jobs;
        let permit = acquire(&self.jobs, deadline, || Problem::busy("job", slots)).await?;
        // A job that waited for a thread past its deadline is not started.
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            (Instant::now() < deadline).then(work)
        });
        match task.await {
            Ok(Some(value)) => Ok(value),
            Ok(None) => Err(Problem::busy("job", slots)),
            Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
            Err(error) => Err(internal(&error)),
        }
    }

    /// Counts an engine request of `client` (before its body is read):
    /// 429 when the client already has its share in flight.
    pub(crate) fn engine_share(&self, client: IpAddr) -> Result<Share, Problem> {
        let most = self.config.max_engine_per_client.max(1);
        self.engine_clients.take(client, most).ok_or_else(|| {
            Problem::too_many_requests(
                msg!(
                    "problem-detail-engine-per-client",
                    client = client.to_string(),
                    most = most
                ),
                most,
            )
        })
    }

    /// An engine slot for the request of `share`, waited for in the engine
    /// queue (first come, first served) until `deadline`.
    pub(crate) async fn engine_turn(
        &self,
        share: Share,
        deadline: Instant,
    ) -> Result<EngineTurn, Problem> {
        let slots = self.config.max_concurrent_engine.max(1);
        let slot = acquire(&self.engine, deadline, || Problem::busy("engine", slots)).await?;
        Ok(EngineTurn {
            _share: share,
            _slot: slot,
            deadline,
            slots,
        })
    }
}

/// What each client address holds (connections, engine requests), each
/// counted until its [`Share`] is dropped.
#[derive(Default, Clone)]
pub(crate) struct Shares(Arc<Mutex<HashMap<IpAddr, usize>>>);

impl Shares {
    /// One more for `client`, unless it already holds `most`.
    pub(crate) fn take(&self, client: IpAddr, most: usize) -> Option<Share> {
        let mut counts = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let count = counts.entry(client).or_insert(0);
        if *count >= most {
            return None;
        }
        *count += 1;
        let shares = self.clone();
        Some(Share { shares, client })
    }
}

/// One thing a client address holds, counted until dropped.
pub(crate) struct Share {
    shares: Shares,
    pub(crate) client: IpAddr,
}

impl Drop for Share {
    fn drop(&mut self) {
        let mut counts = self.shares.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = counts.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.client);
            }
        }
    }
}

/// An engine request's turn: its client's share and an engine slot, held
/// until the work is done (moved into the work's closure).
pub(crate) struct EngineTurn {
    _share: Share,
    _slot: OwnedSemaphorePermit,
    deadline: Instant,
    slots: usize,
}

impl EngineTurn {
    /// Whether the work may start: not past the deadline.
    pub(crate) fn start(&self) -> Result<(), Problem> {
        let on_time = Instant::now() < self.deadline;
        on_time
            .then_some(())
            .ok_or_else(|| Problem::busy("engine", self.slots))
    }
}

/// The client's address, in a request's extensions (from `connections`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ClientAddr(pub(crate) IpAddr);

/// The index among `routes::api_routes` of the route that answered, in
/// the answer's extensions: the metrics count it without matching again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MatchedRoute(pub(crate) usize);

/// A 500 for a failure of the server itself (its words, as they are).
pub(crate) fn internal(error: &dyn std::fmt::Display) -> Problem {
    Problem::new(Kind::Internal, Message::verbatim(error.to_string()))
}

/// A slot of `slots`, waiting at most until `deadline`.
pub(crate) async fn acquire(
    slots: &Arc<Semaphore>,
    deadline: Instant,
    busy: impl FnOnce() -> Problem,
) -> Result<OwnedSemaphorePermit, Problem> {
    let acquired = tokio::time::timeout_at(deadline, Arc::clone(slots).acquire_owned()).await;
    acquired.ok().and_then(Result::ok).ok_or_else(busy)
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
    /// What the `{…}` of the route's path stands for (empty: none).
    pub(crate) path_value: String,
    /// The client's address (unspecified when unknown).
    pub(crate) client: IpAddr,
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
    /// Reads the body, within the size, time and memory limits.
    pub(crate) async fn body(&mut self, state: &State) -> Result<Body, Problem> {
        let stream = self.body.take();
        let stream =
            stream.unwrap_or_else(|| futures_util::StreamExt::boxed(futures_util::stream::empty()));
        body::read(
            &self.headers,
            stream,
            &state.config,
            &state.bodies,
            self.deadline,
        )
        .await
    }

    /// The query read into `T`, a field a parameter (`lang` is read
    /// apart): a parameter with no field is refused, naming those it takes;
    /// the first value that does not read is `T::refused`; of a parameter
    /// given twice, the last counts (of one of `T::LISTS`, all, joined by
    /// commas).
    pub(crate) fn query<T: Query>(&self) -> Result<T, Problem> {
        let bad_query = |error: &dyn std::fmt::Display| {
            let error = Message::verbatim(error.to_string());
            Problem::new(
                Kind::BadQuery,
                msg!("problem-detail-bad-query-string", error = error),
            )
        };
        let mut pairs: Vec<(String, String)> =
            serde_urlencoded::from_str(&self.query).map_err(|e| bad_query(&e))?;
        pairs.retain(|(name, _)| name != "lang");
        let known = serde_aux::serde_introspection::serde_introspect::<T>();
        if let Some((name, _)) = pairs.iter().find(|(name, _)| !known.contains(&&**name)) {
            let detail = if known.is_empty() {
                msg!("problem-detail-no-parameter", name = name.as_str())
            } else {
                let known = known.join(", ");
                msg!(
                    "problem-detail-unknown-parameter",
                    name = name.as_str(),
                    known = known
                )
            };
            return Err(Problem::new(Kind::BadQuery, detail));
        }
        // Each value alone first, so that the one that does not read is named.
        for (name, value) in &pairs {
            read::<T>(&[(name, value)]).map_err(|_| T::refused(name, value))?;
        }
        let mut kept: Vec<(String, String)> = Vec::new();
        for (name, value) in pairs {
            match kept.iter_mut().find(|(seen, _)| *seen == name) {
                Some((_, list)) if T::LISTS.contains(&&*name) => *list = format!("{list},{value}"),
                Some((_, last)) => *last = value,
                None => kept.push((name, value)),
            }
        }
        read::<T>(&kept).map_err(|e| bad_query(&e))
    }
}

/// A route's query parameters: a struct, each field an `Option` or
/// defaulted (so that one parameter alone reads).
pub(crate) trait Query: DeserializeOwned {
    /// The parameters that may be repeated, each a comma-separated list.
    const LISTS: &'static [&'static str] = &[];

    /// The problem of a parameter's value that does not read.
    fn refused(name: &str, value: &str) -> Problem {
        bad_value(name, value)
    }
}

/// The query of a route that takes no parameter but `lang`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NoQuery {}

impl Query for NoQuery {}

/// `pairs` read into `T` as a query string.
fn read<T: DeserializeOwned>(pairs: &impl Serialize) -> Result<T, serde_urlencoded::de::Error> {
    let text = serde_urlencoded::to_string(pairs).unwrap_or_default();
    serde_urlencoded::from_str(&text)
}

/// A query value read by its type's `FromStr` (as the command line reads it).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Parsed<T>(pub(crate) T);

impl<'de, T: FromStr> Deserialize<'de> for Parsed<T> {
    fn deserialize<D: serde::Deserializer<'de>>(value: D) -> Result<Self, D::Error> {
        let text = String::deserialize(value)?;
        let parsed = text.parse().map_err(|_| D::Error::custom("does not read"));
        parsed.map(Parsed)
    }
}

/// A whole number of a query from `MIN` to `MAX`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Within<const MIN: u64, const MAX: u64>(pub(crate) u64);

impl<'de, const MIN: u64, const MAX: u64> Deserialize<'de> for Within<MIN, MAX> {
    fn deserialize<D: serde::Deserializer<'de>>(value: D) -> Result<Self, D::Error> {
        let number = u64::deserialize(value)?;
        let within = (MIN..=MAX).contains(&number).then_some(Within(number));
        within.ok_or_else(|| D::Error::custom("out of range"))
    }
}

/// Whether a streaming answer's work, on the blocking pool, read its
/// input: its refusal (still a plain problem answer), or to stream;
/// `stopped` words the problem of a work that ended before saying.
pub(crate) async fn work_started(
    ready: tokio::sync::oneshot::Receiver<Result<(), Problem>>,
    stopped: Message,
) -> Result<(), Problem> {
    ready
        .await
        .unwrap_or_else(|_| Err(Problem::new(Kind::Internal, stopped)))
}

/// The items `receiver` is sent, as an answer's stream; `kept` (such as
/// a guard that cancels the work) lives as long as the stream.
pub(crate) fn received<T: Send + 'static>(
    receiver: tokio::sync::mpsc::Receiver<T>,
    kept: impl Send + 'static,
) -> impl futures_util::Stream<Item = Result<T, std::convert::Infallible>> + Send + 'static {
    futures_util::stream::unfold((receiver, kept), |(mut receiver, kept)| async move {
        let item = receiver.recv().await?;
        Some((Ok(item), (receiver, kept)))
    })
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

/// A JSON answer (with a final newline), its serializing stopped at
/// [`budget::MAX_ANSWER_BYTES`].
pub(crate) fn json(status: StatusCode, value: &impl Serialize) -> Result<Response, Problem> {
    let text = warp::reply::with_header(json_bytes(value)?, CONTENT_TYPE, "application/json");
    Ok(warp::reply::with_status(text, status).into_response())
}

/// The text of a JSON answer (with a final newline), its serializing
/// stopped at [`budget::MAX_ANSWER_BYTES`].
pub(crate) fn json_bytes(value: &impl Serialize) -> Result<Vec<u8>, Problem> {
    // bytes' writer refuses to write past its limit: the serializing fails.
    let mut text =
        bytes::BufMut::writer(bytes::BufMut::limit(Vec::new(), budget::MAX_ANSWER_BYTES));
    serde_json::to_writer(&mut text, value).map_err(|e| {
        if e.is_io() {
            return budget::answer_too_large();
        }
        Problem::new(
            Kind::Internal,
            msg!(
                "problem-detail-cannot-write",
                error = Message::verbatim(e.to_string())
            ),
        )
    })?;
    let mut text = text.into_inner().into_inner();
    text.push(b'\n');
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_serialized_up_to_its_budget_and_refused_past_it() {
        // A JSON string: the text and its two quotes.
        let at = "x".repeat(budget::MAX_ANSWER_BYTES - 2);
        let written = json_bytes(&at).map(|text| text.len());
        assert_eq!(written.ok(), Some(budget::MAX_ANSWER_BYTES + 1));
        let over = json_bytes(&format!("{at}x")).map_err(|problem| problem.kind());
        assert_eq!(over.err(), Some(Kind::TooMuchWork));
    }
}

//! The analysis routes: `POST /v1/analyse`, and the engine limits of
//! `POST /v1/annotate?engine=true`. A search is long CPU work: it runs on
//! the blocking pool in an engine slot (a queue of its own, so that the
//! requests that take milliseconds never wait behind a search), a client
//! has at most its share of engine requests in flight, and the server puts
//! a ceiling on a search's time and depth whatever is asked, so that it
//! ends before the request's time limit.

use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use songo_notation::Side;
use songo_notation::analysis::annotate::EngineLimits;
use songo_notation::analysis::{
    Analyser, AnalysisError, AnalysisOptions, AnalysisReport, Canceller, Limits, check_rules,
};
use songo_notation::i18n::Message;
use songo_notation::msg;
use tokio::time::Instant;
use warp::http::StatusCode;
use warp::reply::Response;

use crate::content::{self, Media};
use crate::handlers::{json_body, position_to_move};
use crate::plumbing::{NoQuery, Request, State, json};
use crate::problem::{Kind, Problem};

/// The deepest search the server runs, in plies.
pub(crate) const MAX_DEPTH: u32 = 30;
/// The longest search of one position, in milliseconds.
pub(crate) const MAX_MOVETIME_MS: u64 = 5000;
/// The search time when none is asked, in milliseconds.
pub(crate) const DEFAULT_MOVETIME_MS: u64 = 1000;
/// The longest analysis of one ply of `/v1/annotate?engine=true`.
pub(crate) const MAX_PLY_MOVETIME_MS: u64 = 1000;
/// The time of one ply of `/v1/annotate?engine=true` when none is asked.
pub(crate) const DEFAULT_PLY_MOVETIME_MS: u64 = 100;
/// The longest engine annotation of a whole record, in milliseconds.
pub(crate) const MAX_ANNOTATE_MS: u64 = 20_000;
/// The transposition table of one request, in bytes.
const HASH_BYTES: usize = 8 << 20;

/// The body of `POST /v1/analyse`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalyseRequest<'a> {
    #[serde(borrow)]
    position: &'a RawValue,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    to_move: Option<Side>,
    #[serde(default)]
    depth: Option<u32>,
    #[serde(default)]
    movetime_ms: Option<u64>,
}

/// The limits a search ran under, as the answer reports them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) struct Applied {
    /// The depth asked, clamped to the ceiling (`null`: none asked).
    depth: Option<u32>,
    /// The time given, clamped to the ceiling.
    movetime_ms: u64,
    /// Whether something asked was over a ceiling and was lowered.
    clamped: bool,
}

/// The `AnalysisReport`, with the limits applied.
#[derive(Serialize)]
struct AnalyseAnswer<'a> {
    #[serde(flatten)]
    report: &'a AnalysisReport,
    limits: Applied,
}

/// The most time a search may take and still answer before `deadline`:
/// three quarters of what is left.
fn time_left(deadline: Instant) -> u64 {
    let left = deadline.saturating_duration_since(Instant::now());
    u64::try_from(left.as_millis() * 3 / 4)
        .unwrap_or(u64::MAX)
        .max(1)
}

/// Where the limits were asked: in the JSON body, or in the query string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Asked {
    Body,
    Query,
}

impl Asked {
    /// A problem with the limit `name`, pointing at it.
    fn problem(self, name: &'static str, detail: Message) -> Problem {
        match self {
            Asked::Body => Problem::new(Kind::BadJson, detail).with("pointer", format!("/{name}")),
            Asked::Query => Problem::new(Kind::BadQuery, detail).with("parameter", name),
        }
    }
}

/// `depth` and `movetime_ms` as asked, checked (0 is refused) and clamped
/// to the ceilings (`max_ms` also bounded by what the request has left).
fn clamp(
    asked: Asked,
    (depth, movetime_ms): (Option<u32>, Option<u64>),
    default_ms: u64,
    max_ms: u64,
    deadline: Instant,
) -> Result<Applied, Problem> {
    if depth == Some(0) {
        return Err(asked.problem("depth", msg!("problem-detail-depth-zero", most = MAX_DEPTH)));
    }
    if movetime_ms == Some(0) {
        return Err(asked.problem(
            "movetime_ms",
            msg!("problem-detail-movetime-zero", most = max_ms),
        ));
    }
    let ceiling = max_ms.min(time_left(deadline));
    let asked_ms = movetime_ms.unwrap_or(default_ms);
    let clamped =
        depth.is_some_and(|d| d > MAX_DEPTH) || movetime_ms.is_some_and(|ms| ms > ceiling);
    Ok(Applied {
        depth: depth.map(|d| d.min(MAX_DEPTH)),
        movetime_ms: asked_ms.min(ceiling),
        clamped,
    })
}

impl Applied {
    fn limits(self) -> Limits {
        Limits {
            depth: self.depth,
            time: Some(Duration::from_millis(self.movetime_ms)),
            nodes: None,
        }
    }
}

/// `POST /v1/analyse`: the best move, the value and the line of a position.
pub(crate) async fn analyse(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    Media::of(&request.headers, &[Media::Json])?;
    let share = state.engine_share(request.client)?;
    let deadline = request.deadline;
    let body = request.body(&state).await?;
    let turn = state.engine_turn(share, deadline).await?;
    let analyser = analyser();
    let _cancel = CancelOnDrop::new(&analyser);
    let task = tokio::task::spawn_blocking(move || {
        turn.start()?;
        analyse_position(&analyser, &body, deadline)
    });
    match task.await {
        Ok(answer) => answer,
        Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
        Err(error) => Err(Problem::new(Kind::Internal, error.to_string())),
    }
}

/// The work of `POST /v1/analyse`, off the async executor.
fn analyse_position(
    analyser: &Analyser,
    body: &[u8],
    deadline: Instant,
) -> Result<Response, Problem> {
    let text = content::text(body)?;
    let asked: AnalyseRequest = json_body(text)?;
    let position = position_to_move(text, asked.position, asked.rules.as_deref(), asked.to_move)?;
    // Checked before the limits, so that a Seega position is refused as
    // such whatever limits come with it.
    check_rules(position.rules()).map_err(not_analysed)?;
    let applied = clamp(
        Asked::Body,
        (asked.depth, asked.movetime_ms),
        DEFAULT_MOVETIME_MS,
        MAX_MOVETIME_MS,
        deadline,
    )?;
    let report = analyser
        .analyse(&position, &applied.limits())
        .map_err(not_analysed)?;
    json(
        StatusCode::OK,
        &AnalyseAnswer {
            report: &report,
            limits: applied,
        },
    )
}

/// The problem of a position the analysis does not take, pointing at it.
fn not_analysed(error: AnalysisError) -> Problem {
    let detail = match error {
        AnalysisError::NoAnalysis { .. } => msg!("problem-detail-analysis-not-seega"),
        AnalysisError::TooManySeeds { .. } => Message::from(error),
    };
    Problem::new(Kind::BadPosition, detail).with("pointer", "/position")
}

/// The engine of `/v1/annotate?engine=true`: `depth` and `movetime_ms`
/// (per ply) clamped to their ceilings, and a total time that ends before
/// the request's time limit.
pub(crate) fn annotate_limits(
    depth: Option<u32>,
    movetime_ms: Option<u64>,
    deadline: Instant,
) -> Result<EngineLimits, Problem> {
    let applied = clamp(
        Asked::Query,
        (depth, movetime_ms),
        DEFAULT_PLY_MOVETIME_MS,
        MAX_PLY_MOVETIME_MS,
        deadline,
    )?;
    let whole = Duration::from_millis(MAX_ANNOTATE_MS.min(time_left(deadline)));
    Ok(EngineLimits {
        per_ply: applied.limits(),
        per_game: whole,
        total: Some(whole),
    })
}

/// Cancels an analyser's searches when dropped: the route's task is
/// dropped when the client leaves or the deadline passes, and the search
/// on the blocking pool stops with it instead of running on.
pub(crate) struct CancelOnDrop(Canceller);

impl CancelOnDrop {
    pub(crate) fn new(analyser: &Analyser) -> CancelOnDrop {
        CancelOnDrop(analyser.canceller())
    }
}

impl From<Canceller> for CancelOnDrop {
    fn from(canceller: Canceller) -> CancelOnDrop {
        CancelOnDrop(canceller)
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// A fresh analyser for one request.
pub(crate) fn analyser() -> Analyser {
    Analyser::new(&AnalysisOptions {
        hash_bytes: HASH_BYTES,
        threads: 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asked_limits_are_clamped_to_the_ceilings_and_zero_refused() {
        let deadline = Instant::now() + Duration::from_secs(30);
        let applied = clamp(
            Asked::Body,
            (Some(99), Some(60_000)),
            1000,
            MAX_MOVETIME_MS,
            deadline,
        )
        .unwrap();
        assert_eq!(applied.depth, Some(MAX_DEPTH));
        assert_eq!(applied.movetime_ms, MAX_MOVETIME_MS);
        assert!(applied.clamped);
        let applied = clamp(
            Asked::Body,
            (Some(8), None),
            1000,
            MAX_MOVETIME_MS,
            deadline,
        )
        .unwrap();
        assert_eq!(
            (applied.depth, applied.movetime_ms, applied.clamped),
            (Some(8), 1000, false)
        );
        assert!(
            clamp(
                Asked::Body,
                (Some(0), None),
                1000,
                MAX_MOVETIME_MS,
                deadline
            )
            .is_err()
        );
        assert!(
            clamp(
                Asked::Query,
                (None, Some(0)),
                1000,
                MAX_MOVETIME_MS,
                deadline
            )
            .is_err()
        );
        // A request with 2 s left gets at most 1.5 s.
        let soon = Instant::now() + Duration::from_secs(2);
        let applied = clamp(Asked::Body, (None, Some(5000)), 1000, MAX_MOVETIME_MS, soon).unwrap();
        assert!(applied.movetime_ms <= 1500 && applied.clamped);
    }
}

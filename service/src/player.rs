//! `POST /v1/move?level=`: the move the engine's player of a level chooses.
//! Engine work like `/v1/analyse`: in an engine slot of the engine queue,
//! within the client's share, on the blocking pool, stopped when the
//! client leaves. Each level bounds its own work by a count of positions
//! (level 8: 400 000, about 0.2 s), so the same request gets the same move.

use std::sync::Arc;

use serde::Deserialize;
use serde_json::value::RawValue;
use songo_notation::Side;
use songo_notation::analysis::player::{Level, Player};
use songo_notation::analysis::{AnalysisError, check_rules};
use songo_notation::i18n::Message;
use songo_notation::msg;
use warp::http::StatusCode;
use warp::reply::Response;

use crate::analysis::CancelOnDrop;
use crate::content::{self, Media};
use crate::handlers::{json_body, position_to_move};
use crate::plumbing::{Query, Request, State, Within, json};
use crate::problem::{Kind, Problem};

/// The body of `POST /v1/move`: a position as `/v1/analyse` takes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest<'a> {
    #[serde(borrow)]
    position: &'a RawValue,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    to_move: Option<Side>,
}

/// The query of `POST /v1/move`: `level` (needed, 1 to 8) and `seed`
/// (default 0).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveQuery {
    level: Option<Within<1, 8>>,
    seed: Option<u64>,
}

impl Query for MoveQuery {
    fn refused(name: &str, value: &str) -> Problem {
        let detail = if name == "level" {
            msg!("problem-detail-bad-level", value = value)
        } else {
            msg!("problem-detail-bad-seed", value = value)
        };
        Problem::new(Kind::BadQuery, detail).with("parameter", name)
    }
}

/// `level` and `seed` of the query.
fn level_and_seed(request: &Request) -> Result<(Level, u64), Problem> {
    let MoveQuery { level, seed } = request.query()?;
    let level = level
        .and_then(|Within(level)| Level::new(u8::try_from(level).ok()?))
        .ok_or_else(|| {
            Problem::new(
                Kind::BadQuery,
                msg!("problem-detail-missing-parameter", name = "level"),
            )
            .with("parameter", "level")
        })?;
    Ok((level, seed.unwrap_or(0)))
}

/// `POST /v1/move?level=&seed=`: the move the player of `level` chooses.
pub(crate) async fn choose(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    let (level, seed) = level_and_seed(&request)?;
    Media::of(&request.headers, &[Media::Json])?;
    let share = state.engine_share(request.client)?;
    let deadline = request.deadline;
    let body = request.body(&state).await?;
    let turn = state.engine_turn(share, deadline).await?;
    let player = Player::new(level);
    let _cancel = CancelOnDrop::from(player.canceller());
    let task = tokio::task::spawn_blocking(move || {
        turn.start()?;
        choose_move(&player, &body, seed)
    });
    match task.await {
        Ok(answer) => answer,
        Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
        Err(error) => Err(Problem::new(Kind::Internal, error.to_string())),
    }
}

/// The work of `POST /v1/move`, off the async executor.
fn choose_move(player: &Player, body: &[u8], seed: u64) -> Result<Response, Problem> {
    let text = content::text(body)?;
    let asked: MoveRequest = json_body(text)?;
    let position = position_to_move(text, asked.position, asked.rules.as_deref(), asked.to_move)?;
    check_rules(position.rules()).map_err(not_played)?;
    let choice = player.choose(&position, seed).map_err(not_played)?;
    json(StatusCode::OK, &choice)
}

/// The problem of a position the engine does not play, pointing at it.
fn not_played(error: AnalysisError) -> Problem {
    let detail = match error {
        AnalysisError::NoAnalysis { .. } => msg!("problem-detail-analysis-not-seega"),
        AnalysisError::TooManySeeds { .. } => Message::from(error),
    };
    Problem::new(Kind::BadPosition, detail).with("pointer", "/position")
}

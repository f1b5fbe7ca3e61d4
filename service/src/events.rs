//! Events that are run (issue 38): `POST /v1/events` runs one, `GET
//! /v1/events/{id}` reads it (players, rounds, results, standings),
//! `POST /v1/events/{id}/players` registers a player, `POST
//! /v1/events/{id}/rounds` pairs the next round, `POST
//! /v1/events/{id}/results` enters or corrects a board's result, `GET
//! /v1/events/{id}/trf` writes it as FIDE's tournament report file and
//! `POST /v1/events/trf` reads one in. Writes need a write token, of the
//! event's club (an admin's for any event). The work is the archive's
//! (`archive::tournaments`).

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tokio::time::Instant;
use warp::http::StatusCode;
use warp::reply::Response;

use crate::archive::{
    Archive, ArchiveError, Author, EventBoard, EventRefusal, EventSystem, NewEvent, ResultEntry,
    prepare_first,
};
use crate::auth::{Need, authorize};
use crate::content::{Media, ruleset};
use crate::games::with_archive;
use crate::handlers::json_request;
use crate::plumbing::{NoQuery, Query, Request, State, json};
use crate::problem::{Kind, Problem};
use songo_notation::msg;
use songo_notation::tournament::trf;
use songo_notation::validate::Options;

/// The body of `POST /v1/events`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    name: String,
    site: Option<String>,
    system: String,
    rounds: Option<u32>,
    rules: Option<String>,
    tiebreaks: Option<String>,
}

/// The body of `POST /v1/events/{id}/players`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegisterRequest {
    name: String,
    rating: Option<u32>,
}

/// The body of `POST /v1/events/{id}/results`: a result alone on a board,
/// or a game's record (the board of its round and players).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultRequest {
    round: Option<u32>,
    board: Option<u32>,
    result: Option<String>,
    game: Option<String>,
    reason: Option<String>,
}

/// An event refused: 404 for what is not there, 409 for the event's
/// state, 403 for another club's event, else 400.
fn refusal(refused: &EventRefusal) -> Problem {
    let kind = match refused {
        EventRefusal::OtherClub(other) => return crate::auth::other_club(other),
        EventRefusal::NotAGame(_) => Kind::NotAGame,
        refused if refused.is_missing() => Kind::NotFound,
        refused if refused.is_conflict() => Kind::Conflict,
        _ => Kind::BadRequest,
    };
    Problem::new(kind, refused.message())
}

/// An event's id in a path: a number; anything else is no event.
fn event_id(id: &str) -> Result<i64, Problem> {
    id.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| refusal(&EventRefusal::NoSuchEvent(id.to_owned())))
}

/// `work` on a connection of the archive; a refusal is its problem.
async fn on_archive<T: Send + 'static>(
    state: &State,
    deadline: Instant,
    work: impl FnOnce(&mut Archive) -> Result<Result<T, EventRefusal>, ArchiveError> + Send + 'static,
) -> Result<T, Problem> {
    with_archive(state, deadline, work)
        .await?
        .map_err(|refused| refusal(&refused))
}

fn system(text: &str) -> Result<EventSystem, Problem> {
    EventSystem::parse(text).ok_or_else(|| {
        Problem::new(
            Kind::BadJson,
            msg!("problem-detail-event-system", system = text),
        )
        .with("pointer", "/system")
    })
}

/// `POST /v1/events`: runs an event; 201 with the event.
pub(crate) async fn create(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    let account = authorize(&state, &request.headers, request.deadline, Need::Write).await?;
    let asked: CreateRequest = json_request(&state, &mut request).await?;
    let event = NewEvent {
        name: asked.name,
        site: asked.site,
        rules: ruleset(asked.rules.as_deref().unwrap_or("songo"))?,
        system: system(&asked.system)?,
        rounds: asked.rounds,
        tiebreaks: asked.tiebreaks,
    };
    let run = on_archive(&state, request.deadline, move |archive| {
        archive.create_event(&event, &account.name, Some(&account))
    })
    .await?;
    json(StatusCode::CREATED, &run)
}

/// `GET /v1/events/{id}`: the event as it stands.
pub(crate) async fn get(
    state: Arc<State>,
    request: Request,
    id: String,
) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    authorize(&state, &request.headers, request.deadline, Need::Read).await?;
    let event = event_id(&id)?;
    let run = with_archive(&state, request.deadline, move |archive| {
        archive.event_run(event)
    })
    .await?
    .ok_or_else(|| refusal(&EventRefusal::NoSuchEvent(id)))?;
    json(StatusCode::OK, &run)
}

/// `POST /v1/events/{id}/players`: registers a player; 201 with him.
pub(crate) async fn register(
    state: Arc<State>,
    mut request: Request,
    id: String,
) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    let account = authorize(&state, &request.headers, request.deadline, Need::Write).await?;
    let event = event_id(&id)?;
    let asked: RegisterRequest = json_request(&state, &mut request).await?;
    let player = on_archive(&state, request.deadline, move |archive| {
        archive.register(
            event,
            &asked.name,
            asked.rating.unwrap_or(0),
            Some(&account),
        )
    })
    .await?;
    json(StatusCode::CREATED, &player)
}

/// `POST /v1/events/{id}/rounds`: pairs the next round; 201 with its
/// boards.
pub(crate) async fn pair(
    state: Arc<State>,
    request: Request,
    id: String,
) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    let account = authorize(&state, &request.headers, request.deadline, Need::Write).await?;
    let event = event_id(&id)?;
    let round = on_archive(&state, request.deadline, move |archive| {
        archive.pair_next(event, Some(&account))
    })
    .await?;
    json(StatusCode::CREATED, &round)
}

/// `POST /v1/events/{id}/results`: a board's result, or a game; the
/// board as it now stands.
pub(crate) async fn result(
    state: Arc<State>,
    mut request: Request,
    id: String,
) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    let account = authorize(&state, &request.headers, request.deadline, Need::Write).await?;
    let event = event_id(&id)?;
    let asked: ResultRequest = json_request(&state, &mut request).await?;
    let game = match &asked.game {
        Some(text) => Some(game_of(text)?),
        None => None,
    };
    let answer = on_archive(&state, request.deadline, move |archive| {
        let author = Author {
            by: &account.name,
            reason: asked.reason.as_deref(),
            account: Some(&account),
        };
        match (game, asked.round, asked.board, asked.result) {
            (Some(game), _, _, _) => archive.post_game(event, &game, author),
            (None, Some(round), Some(board), Some(result)) => archive
                .enter_result(event, round, board, &ResultEntry::Alone(result), author)
                .map(|entered| entered.map(|board| (round, board))),
            _ => Ok(Err(EventRefusal::BadResult(String::new()))),
        }
    })
    .await?;
    json(
        StatusCode::OK,
        &Entered {
            round: answer.0,
            board: answer.1,
        },
    )
}

/// The answer of `POST /v1/events/{id}/results`: the board as it stands.
#[derive(Serialize)]
struct Entered {
    round: u32,
    board: EventBoard,
}

/// The one game of a record text, prepared as an import prepares it.
fn game_of(text: &str) -> Result<crate::archive::Prepared, Problem> {
    let not_a_game = |why: String| refusal(&EventRefusal::NotAGame(why));
    prepare_first(text, &Options::default())
        .ok_or_else(|| not_a_game(String::new()))?
        .map_err(|not| not_a_game(not.message))
}

/// `GET /v1/events/{id}/trf`: the event as FIDE's tournament report file.
pub(crate) async fn export(
    state: Arc<State>,
    request: Request,
    id: String,
) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    authorize(&state, &request.headers, request.deadline, Need::Read).await?;
    let event = event_id(&id)?;
    let text = with_archive(&state, request.deadline, move |archive| {
        archive.event_trf(event)
    })
    .await?
    .ok_or_else(|| refusal(&EventRefusal::NoSuchEvent(id)))?;
    let mut response = Response::new(text.into());
    response.headers_mut().insert(
        warp::http::header::CONTENT_TYPE,
        warp::http::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    Ok(response)
}

/// The query of `POST /v1/events/trf`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TrfQuery {
    system: Option<String>,
    name: Option<String>,
    site: Option<String>,
    rules: Option<String>,
}

impl Query for TrfQuery {}

/// `POST /v1/events/trf?system=…&name=…&site=…&rules=…`: reads a
/// tournament report file (the body) into the archive as a run event;
/// 201 with the event.
pub(crate) async fn import(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    let TrfQuery {
        system: system_name,
        name,
        site,
        rules,
    } = request.query()?;
    let account = authorize(&state, &request.headers, request.deadline, Need::Write).await?;
    let system = system(system_name.as_deref().unwrap_or("dutch"))?;
    let rules = ruleset(rules.as_deref().unwrap_or("songo"))?;
    Media::of(&request.headers, &[Media::Text])?;
    let body = request.body(&state).await?;
    let file = trf::parse(crate::content::text(&body)?).map_err(|e| {
        Problem::new(
            Kind::BadRequest,
            msg!(
                "cli-pair-bad-trf",
                name = "body",
                line = e.line,
                column = e.column,
                error = songo_notation::i18n::Message::verbatim(e.kind.to_string())
            ),
        )
        .at(e.line, e.column)
    })?;
    let event = NewEvent {
        name: name.or_else(|| file.name.clone()).unwrap_or_default(),
        site,
        rules,
        system,
        rounds: None,
        tiebreaks: None,
    };
    let run = on_archive(&state, request.deadline, move |archive| {
        archive.import_trf(&file, &event, &account.name, Some(&account))
    })
    .await?;
    json(StatusCode::CREATED, &run)
}

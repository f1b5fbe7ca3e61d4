//! Live games (issue 39): `POST /v1/live` starts one (a write token),
//! `POST /v1/live/{id}/moves` stores its moves (the game's key),
//! `POST /v1/live/{id}/undo` takes the last back and `POST
//! /v1/live/{id}/result` ends it by the arbiter's result (the key too),
//! `GET /v1/live/{id}` reads it and `GET /v1/live/{id}/events` follows it
//! (server-sent events, one per change). The work is the archive's
//! (`archive::live`); a change is answered once it is committed. The
//! changes have slots of their own (`State::live_writes`): a move never
//! waits behind the reads of streams opening, nor behind other jobs.
//!
//! Spectators are told by a broadcast within this process (`hub`): a
//! stored move is published after its commit, in its game's turn
//! ([`crate::hub::Order`]), so that changes reach spectators in the order
//! they were stored. Servers sharing one
//! PostgreSQL database are each told of the moves the others store by
//! the archive's `NOTIFY` ([`listen`]).

use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::Arc;

use futures_util::StreamExt as _;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use songo_notation::{Ruleset, Side};
use tokio::sync::broadcast;
use warp::Reply as _;
use warp::http::StatusCode;
use warp::reply::Response;

use crate::archive::{LiveEnd, LiveNotice, LiveRefusal, NewLiveGame};
use crate::auth::{Need, authorize, bearer};
use crate::games::{no_archive, with_archive, with_archive_in};
use crate::handlers::json_request;
use crate::hub::{Change, Known, Told};
use crate::plumbing::{NoQuery, Request, State, json};
use crate::problem::{Kind, Problem};

/// The body of `POST /v1/live`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StartRequest {
    rules: String,
    south: String,
    north: String,
    event: Option<String>,
    round: Option<String>,
}

/// The body of `POST /v1/live/{id}/moves`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    ply: usize,
    #[serde(rename = "move")]
    played: String,
}

/// The body of `POST /v1/live/{id}/undo`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoRequest {
    ply: usize,
}

/// The body of `POST /v1/live/{id}/result`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultRequest {
    end: LiveEnd,
    #[serde(default)]
    winner: Option<Side>,
}

/// A live game's id: 16 hexadecimal digits; anything else is no game.
fn live_id(id: &str) -> Result<String, Problem> {
    if id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(id.to_ascii_lowercase())
    } else {
        Err(refusal(&LiveRefusal::NoSuchGame(id.to_owned())))
    }
}

/// A live game's refusal as a problem: no such game 404, a wrong key 401,
/// a gap or another move at a stored ply 409, a move the rules forbid 422
/// with its rule, a move that is no move 400.
fn refusal(refused: &LiveRefusal) -> Problem {
    let kind = match refused {
        LiveRefusal::NoSuchGame(_) => Kind::NoSuchGame,
        LiveRefusal::WrongKey(_) => Kind::Unauthorized,
        LiveRefusal::BadName(_) => Kind::BadJson,
        LiveRefusal::Gap { .. }
        | LiveRefusal::Taken { .. }
        | LiveRefusal::TooLong
        | LiveRefusal::Finished(_)
        | LiveRefusal::NotLast { .. }
        | LiveRefusal::ForfeitWithMoves(_) => Kind::Conflict,
        LiveRefusal::Winner(_) => Kind::BadJson,
        LiveRefusal::Illegal(error) if error.is_bad_move() => Kind::BadMove,
        LiveRefusal::Illegal(_) => Kind::IllegalMove,
    };
    let mut problem = Problem::new(kind, refused.message());
    match refused {
        LiveRefusal::BadName(field) => problem = problem.with("pointer", format!("/{field}")),
        LiveRefusal::Winner(_) => problem = problem.with("pointer", "/winner"),
        LiveRefusal::NotLast { last, .. } => problem = problem.with("last", last),
        LiveRefusal::Gap { next, .. } => problem = problem.with("next", next),
        LiveRefusal::Taken { ply, stored, .. } => {
            problem = problem.with("ply", ply).with("stored", stored);
        }
        LiveRefusal::Illegal(error) => {
            problem = problem.with("pointer", "/move");
            if let Some(rule) = error.rule() {
                problem = problem.rule(rule);
            }
            if let Some(name) = error.move_name() {
                problem = problem.with("move", name);
            }
            if !error.is_bad_move() {
                problem = problem.with("legal", error.legal_names());
            }
        }
        _ => {}
    }
    problem
}

/// `POST /v1/live`: starts a live game, as the account of the request's
/// write token; 201 with its id and the key of its moves.
pub(crate) async fn start(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    let account = authorize(&state, &request.headers, request.deadline, Need::Write).await?;
    let asked: StartRequest = json_request(&state, &mut request).await?;
    let rules = asked.rules.parse::<Ruleset>().map_err(|error| {
        Problem::new(Kind::UnknownRuleset, error.message()).with("pointer", "/rules")
    })?;
    let game = NewLiveGame {
        rules,
        south: asked.south,
        north: asked.north,
        event: asked.event,
        round: asked.round,
    };
    let started = with_archive(&state, request.deadline, move |archive| {
        archive.start_live(&game, &account.name)
    })
    .await?
    .map_err(|refused| refusal(&refused))?;
    json(StatusCode::CREATED, &started)
}

/// A write to live game `id` with its key: the game's id, the key and
/// the body read as `T`.
async fn keyed<T: DeserializeOwned>(
    state: &Arc<State>,
    request: &mut Request,
    id: &str,
) -> Result<(String, String, T), Problem> {
    request.query::<NoQuery>()?;
    // A server without an archive says so first, whatever the path holds.
    if state.store.is_none() {
        return Err(no_archive());
    }
    let id = live_id(id)?;
    let Some(key) = bearer(&request.headers).map(str::to_owned) else {
        return Err(refusal(&LiveRefusal::WrongKey(id)));
    };
    let asked: T = json_request(state, request).await?;
    Ok((id, key, asked))
}

/// `POST /v1/live/{id}/moves`: stores a move, with the game's key; the
/// answer once it is committed.
pub(crate) async fn play(
    state: Arc<State>,
    mut request: Request,
    id: String,
) -> Result<Response, Problem> {
    let (id, key, asked) = keyed::<MoveRequest>(&state, &mut request, &id).await?;
    let shared = Arc::clone(&state);
    let played = with_archive_in(
        &state,
        &state.live_writes,
        request.deadline,
        move |archive| {
            let order = shared.live.order(&id);
            let played = archive.play_live(&id, &key, asked.ply, &asked.played)?;
            if let Some(told) = played.as_ref().ok().and_then(Told::of) {
                shared.live.publish(&order, Change::Move(told));
            }
            Ok(played)
        },
    )
    .await?
    .map_err(|refused| refusal(&refused))?;
    json(StatusCode::OK, &played)
}

/// `POST /v1/live/{id}/undo`: takes back the last move (`ply`), with the
/// game's key; the game as it stands once it is committed.
pub(crate) async fn undo(
    state: Arc<State>,
    mut request: Request,
    id: String,
) -> Result<Response, Problem> {
    let (id, key, asked) = keyed::<UndoRequest>(&state, &mut request, &id).await?;
    let shared = Arc::clone(&state);
    let after = with_archive_in(
        &state,
        &state.live_writes,
        request.deadline,
        move |archive| {
            let order = shared.live.order(&id);
            let after = archive.undo_live(&id, &key, asked.ply)?;
            if after.is_ok() {
                shared.live.publish(&order, Change::Undo(asked.ply));
            }
            Ok(after)
        },
    )
    .await?
    .map_err(|refused| refusal(&refused))?;
    json(StatusCode::OK, &after)
}

/// `POST /v1/live/{id}/result`: ends the game by the arbiter's result,
/// with the game's key; the game, now in the archive.
pub(crate) async fn result(
    state: Arc<State>,
    mut request: Request,
    id: String,
) -> Result<Response, Problem> {
    let (id, key, asked) = keyed::<ResultRequest>(&state, &mut request, &id).await?;
    let shared = Arc::clone(&state);
    let ended = with_archive_in(
        &state,
        &state.live_writes,
        request.deadline,
        move |archive| {
            let order = shared.live.order(&id);
            let ended = archive.end_live(&id, &key, asked.end, asked.winner)?;
            if let Some(result) = ended.as_ref().ok().and_then(|game| game.result.clone()) {
                shared.live.publish(&order, Change::End(result));
            }
            Ok(ended)
        },
    )
    .await?
    .map_err(|refused| refusal(&refused))?;
    json(StatusCode::OK, &ended)
}

/// `GET /v1/live/{id}`: the game's moves, position and end.
pub(crate) async fn game(
    state: Arc<State>,
    request: Request,
    id: String,
) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    authorize(&state, &request.headers, request.deadline, Need::Read).await?;
    let id = live_id(&id)?;
    let asked = id.clone();
    let game = with_archive(&state, request.deadline, move |archive| {
        archive.live_game(&asked)
    })
    .await?
    .ok_or_else(|| refusal(&LiveRefusal::NoSuchGame(id)))?;
    json(StatusCode::OK, &game)
}

/// A spectator's stream: the changes not sent yet, then each change as it
/// is stored, until the game ends.
struct Follow {
    waiting: VecDeque<Change>,
    receiver: broadcast::Receiver<Arc<Change>>,
    /// The plies the spectator has.
    last: usize,
    ended: bool,
}

impl Follow {
    /// The next change to send; `None` once the game has ended, or when
    /// moves were missed (a slow spectator): the client asks again from
    /// its last event. A change published before the game was read may
    /// come again: a move the spectator has, or the undo of a move it
    /// lacks, is skipped; a move that an undo then takes back is sent
    /// with that undo, so the spectator ends where the game is.
    async fn next(&mut self) -> Option<Change> {
        if self.ended {
            return None;
        }
        loop {
            if let Some(change) = self.waiting.pop_front() {
                match &change {
                    Change::Move(told) => {
                        self.last = told.ply;
                        self.ended = told.over;
                    }
                    Change::Undo(ply) => self.last = ply.saturating_sub(1),
                    Change::End(_) => self.ended = true,
                }
                return Some(change);
            }
            let published = self.receiver.recv().await.ok()?;
            match &*published {
                Change::Move(told) if told.ply <= self.last => continue,
                Change::Move(told) if told.ply > self.last + 1 => return None,
                Change::Undo(ply) if *ply != self.last => continue,
                _ => {}
            }
            self.waiting.push_back(Change::clone(&published));
        }
    }
}

/// A change as a server-sent event: `move` (its ply the event's id, its
/// JSON written once for every stream), `undo` (`{"ply"}`, the ply
/// before it the id), `end` (the result).
fn event(change: &Change) -> warp::sse::Event {
    let event = warp::sse::Event::default();
    let written = match change {
        Change::Move(told) => Ok(event
            .event("move")
            .id(told.ply.to_string())
            .data(told.json.to_string())),
        Change::Undo(ply) => event
            .event("undo")
            .id(ply.saturating_sub(1).to_string())
            .json_data(serde_json::json!({ "ply": ply })),
        Change::End(result) => event.event("end").json_data(result),
    };
    written.unwrap_or_else(|_| {
        warp::sse::Event::default()
            .event("error")
            .data("a change could not be written")
    })
}

/// How long a spectator's client waits before following again once its
/// stream ended (the `retry:` field, which EventSource honours): at least
/// `RETRY_FLOOR_MS`, plus a share of `RETRY_SPREAD_MS` that differs from
/// stream to stream, so that the streams of a server that went away come
/// back to the others spread over half a second, not all at one instant
/// (issue 39: at one instant they delayed the moves).
const RETRY_FLOOR_MS: u64 = 100;
const RETRY_SPREAD_MS: u64 = 500;

/// The next stream's `retry:` time: the streams in turn take the spread's
/// every millisecond, far apart from one stream to the next (419 is prime
/// to the spread).
fn retry_time() -> std::time::Duration {
    static STREAMS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = STREAMS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    std::time::Duration::from_millis(RETRY_FLOOR_MS + n.wrapping_mul(419) % RETRY_SPREAD_MS)
}

/// `GET /v1/live/{id}/events`: server-sent events, one per change: the
/// moves after the `Last-Event-ID` the client sends (all of them
/// without), then each change as it is stored; the stream ends with the
/// game. It opens with its `retry:` time (`retry_time`).
pub(crate) async fn events(
    state: Arc<State>,
    request: Request,
    id: String,
) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    authorize(&state, &request.headers, request.deadline, Need::Read).await?;
    let id = live_id(&id)?;
    let after = request
        .headers
        .get("last-event-id")
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse::<usize>().ok())
        .unwrap_or(0);
    // Listening before reading: a move stored meanwhile is read, or
    // published after, or both (sent once). A game watched here already
    // is not read: the hub holds it.
    let (receiver, held) = state.live.open(&id);
    let game = match held {
        Ok(known) => known,
        Err(changes) => {
            let asked = id.clone();
            let game = with_archive(&state, request.deadline, move |archive| {
                archive.live_game(&asked)
            })
            .await?
            .ok_or_else(|| refusal(&LiveRefusal::NoSuchGame(id.clone())))?;
            let known = Known::of(game);
            state.live.keep(&id, changes, &known);
            known
        }
    };
    let over = game.over();
    let last = after.min(game.plies.len());
    let mut waiting: VecDeque<Change> = game
        .plies
        .into_iter()
        .skip(after)
        .map(Change::Move)
        .collect();
    waiting.extend(game.result.map(Change::End));
    let follow = Follow {
        last,
        ended: waiting.is_empty() && over,
        waiting,
        receiver,
    };
    let retry = warp::sse::Event::default().retry(retry_time());
    let changes = futures_util::stream::unfold(follow, |mut follow| async move {
        let change = follow.next().await?;
        Some((Ok::<_, Infallible>(event(&change)), follow))
    });
    let stream = futures_util::stream::once(std::future::ready(Ok(retry)))
        .chain(changes)
        .take_until(stopped(state.stopping.clone()));
    Ok(warp::sse::reply(warp::sse::keep_alive().stream(stream)).into_response())
}

/// How long a spectator's stream goes on once a graceful shutdown began:
/// a move being stored still reaches it, and the shutdown does not wait
/// for the game's end (the client follows again, from its last event).
const STREAM_GRACE: std::time::Duration = std::time::Duration::from_millis(500);

/// Completes [`STREAM_GRACE`] after `stopping` turns true (never, if the
/// server has no shutdown to say).
async fn stopped(mut stopping: tokio::sync::watch::Receiver<bool>) {
    if stopping.wait_for(|stopping| *stopping).await.is_err() {
        std::future::pending::<()>().await;
    }
    tokio::time::sleep(STREAM_GRACE).await;
}

/// On PostgreSQL, tells this server's spectators of the moves the other
/// servers of the database store: the archive's notifications, heard on a
/// thread of their own (the sync client must not run on the runtime's
/// threads), each move read back and published (this server's own moves
/// come back too: a spectator's stream sends each ply once). The thread
/// ends within a second of the server's state.
pub(crate) fn listen(state: &Arc<State>) {
    let Some(store) = state.store.clone() else {
        return;
    };
    let weak = Arc::downgrade(state);
    let (listening, heard_first) = std::sync::mpsc::channel::<()>();
    let spawned = std::thread::Builder::new()
        .name("songo-live".to_owned())
        .spawn(move || {
            let listener = store.live_listener();
            let _ = listening.send(());
            let mut listener = match listener {
                Ok(Some(listener)) => listener,
                Ok(None) => return,
                Err(error) => {
                    tracing::error!(%error, "live games: cannot hear the other servers' moves");
                    return;
                }
            };
            while weak.strong_count() > 0 {
                let heard = match listener.next(std::time::Duration::from_secs(1)) {
                    Ok(heard) => heard,
                    Err(error) => {
                        tracing::error!(%error, "live games: no longer hearing the other servers' moves");
                        return;
                    }
                };
                let Some(state) = weak.upgrade() else { return };
                publish_heard(&state, &store, heard);
            }
        });
    match spawned {
        // Listening before the server answers: a spectator of this server
        // hears every move stored from its first request on.
        Ok(_) => {
            let _ = heard_first.recv_timeout(LISTEN_WAIT);
        }
        Err(error) => {
            tracing::error!(%error, "live games: no thread to hear the other servers' moves");
        }
    }
}

/// How long a server's start waits for its `LISTEN` (a database slow to
/// answer: the server starts anyway, its spectators told of the other
/// servers' moves once it listens).
const LISTEN_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// Publishes the changes heard, in order: an undo as it is, a move with
/// its JSON as it came, the other moves and results read back, one read a
/// game for the changes of a batch, none for a game nobody here watches
/// nor for a move already told (this server's own moves come back).
fn publish_heard(state: &State, store: &crate::archive::Store, heard: Vec<(String, LiveNotice)>) {
    let mut games: Vec<(String, Vec<LiveNotice>)> = Vec::new();
    for (id, notice) in heard {
        let ply = match notice {
            LiveNotice::Move(ply, _) => ply,
            LiveNotice::Undo(_) | LiveNotice::End => 0,
        };
        if !state.live.wants(&id, ply) {
            continue;
        }
        match games.iter_mut().find(|(game, _)| *game == id) {
            Some((_, notices)) => notices.push(notice),
            None => games.push((id, vec![notice])),
        }
    }
    for (id, notices) in games {
        publish_stored(state, store, &id, &notices);
    }
}

/// Publishes the changes another server (or this one) stored to game
/// `id`: an undo as it is, a move as it was announced, a move announced
/// without its JSON or a result read back (the game read once, when one
/// is needed).
fn publish_stored(state: &State, store: &crate::archive::Store, id: &str, notices: &[LiveNotice]) {
    // A change of this server's, stored but not yet published, goes first.
    let order = state.live.order(id);
    let mut game = None;
    for notice in notices {
        match notice {
            LiveNotice::Undo(ply) => {
                state.live.publish(&order, Change::Undo(*ply));
                // The moves after it are read again.
                game = None;
                continue;
            }
            LiveNotice::Move(_, Some(json)) => {
                if let Some(told) = Told::heard(json) {
                    state.live.publish(&order, Change::Move(told));
                    continue;
                }
            }
            LiveNotice::Move(_, None) | LiveNotice::End => {}
        }
        if game.is_none() {
            let Ok(mut archive) = store.take() else {
                return;
            };
            let Ok(Some(read)) = archive.live_game(id) else {
                return;
            };
            store.give_back(archive);
            game = Some(read);
        }
        let Some(game) = &game else { return };
        let change = match notice {
            LiveNotice::Move(ply, _) => game
                .plies
                .get(ply.saturating_sub(1))
                .and_then(Told::of)
                .map(Change::Move),
            _ => game.result.clone().map(Change::End),
        };
        if let Some(change) = change {
            state.live.publish(&order, change);
        }
    }
}

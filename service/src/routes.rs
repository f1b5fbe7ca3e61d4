//! The route table and the warp filter that serves it. [`ROUTES`] is the
//! one place a route is written: its method, path and summary, how it is
//! answered, and its OpenAPI operation (`service/openapi/operations/`,
//! assembled into the served document by `openapi`). Each handler runs
//! under the request time limit, its panics caught: a panic or a slow answer
//! becomes a problem response and never takes the server down; paths and
//! methods that match no route get 404 or 405.

use std::future::Future;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use futures_util::FutureExt as _;
use songo_notation::i18n::Lang;
use songo_notation::msg;
use tokio::sync::Semaphore;
use tokio::time::Instant;
use warp::Filter;
use warp::Reply as _;
use warp::http::header::{CONTENT_LANGUAGE, CONTENT_LENGTH, CONTENT_TYPE, HeaderValue, VARY};
use warp::http::{HeaderMap, Method};
use warp::path::FullPath;
use warp::reply::Response;

use crate::Config;
use crate::analysis;
use crate::body;
use crate::budget::{self, Held, Memory};
use crate::classes;
use crate::events;
use crate::exercises;
use crate::games;
use crate::handlers;
use crate::lessons;
use crate::live;
use crate::openapi::assemble;
use crate::player;
use crate::plumbing::{self, ClientAddr, MatchedRoute, NoQuery, Request, State};
use crate::problem::{Kind, Problem};
use crate::records;
pub use crate::route::Route;
use crate::route::{Handler, Serve};
use crate::{cors, page};

/// A [`Route`] from its method, path, `operationId`, how it is answered
/// and its summary; its OpenAPI operation is read from
/// `service/openapi/operations/{operationId}.json`.
macro_rules! route {
    ($method:literal $path:literal, $operation_id:literal, $serve:expr, $summary:literal $(,)?) => {
        Route {
            method: $method,
            path: $path,
            summary: $summary,
            operation_id: $operation_id,
            operation: include_str!(concat!("../openapi/operations/", $operation_id, ".json")),
            serve: $serve,
        }
    };
}

/// [`Serve::Task`] of an `async fn(Arc<State>, Request)`.
macro_rules! task {
    ($handler:path) => {
        Serve::Task(|state, request| Box::pin($handler(state, request)))
    };
}

/// [`Serve::Task`] of an `async fn(Arc<State>, Request, String)` given the
/// `{id}` of the route's path.
macro_rules! with_id {
    ($handler:path) => {
        Serve::Task(|state, mut request| {
            let id = std::mem::take(&mut request.path_value);
            Box::pin($handler(state, request, id))
        })
    };
}

/// The one route of the metrics address.
pub const METRICS_ROUTE: Route = route!(
    "GET" "/metrics", "metrics", Serve::MetricsAddress,
    "The server's metrics in the Prometheus text format (on the metrics address only)",
);

/// Every route of the API, in the order of the OpenAPI document's paths
/// (routes of one path side by side). Adding a route is adding its entry
/// here and its operation's file (see `docs/architecture.md`).
pub const ROUTES: &[Route] = &[
    route!("GET" "/healthz", "healthz", task!(handlers::healthz),
        "Liveness: 200 while the server runs"),
    route!("GET" "/openapi.json", "openapi", task!(openapi_document),
        "The OpenAPI 3.1 document of this API"),
    METRICS_ROUTE,
    route!("GET" "/", "page", Serve::PageFiles,
        "The web page: a board to edit and play on, records to check, exports"),
    route!("GET" "/v1/messages", "messages", task!(page::messages),
        "The web page's words in a language (?lang=en|fr, else Accept-Language)"),
    route!("GET" "/v1/positions/{compact}.svg", "boardImage", Serve::Direct(page::image),
        "The board of a position in the compact notation, as an SVG picture to embed"),
    route!("GET" "/v1/positions/{compact}.png", "boardImagePng", Serve::Direct(page::image_png),
        "The board of a position in the compact notation, as a PNG picture for forums and e-mail"),
    route!("GET" "/v1/rules", "rules", task!(handlers::rules),
        "The rulesets and their rule ids with one-line descriptions"),
    route!("POST" "/v1/positions", "positions", task!(handlers::positions),
        "Read a position in any form: its JSON, compact notation and a rendering"),
    route!("POST" "/v1/play", "play", task!(handlers::play),
        "Play moves on a position: every step's boards, captures and rules"),
    route!("POST" "/v1/moves", "moves", task!(handlers::moves),
        "The legal and illegal moves of a position"),
    route!("POST" "/v1/validate", "validate", task!(records::validate),
        "Validate game records: every game replayed, every violation with its rule"),
    route!("POST" "/v1/convert", "convert", task!(records::convert),
        "Convert game records between record text, OGN, JSON and YAML"),
    route!("POST" "/v1/explain", "explain", task!(handlers::explain),
        "What the teaching vocabulary says of a position: threats, defences, greniers, bidoua"),
    route!("POST" "/v1/analyse", "analyse", task!(analysis::analyse),
        "The best move of a position, its value, its line and every move's value (time and depth capped)"),
    route!("POST" "/v1/move", "chooseMove", task!(player::choose),
        "The move the engine's player of a level chooses (?level=1..8: 1 a beginner can beat, 8 the full engine; ?seed=)"),
    route!("POST" "/v1/annotate", "annotate", task!(records::annotate),
        "Game records written back with the teaching vocabulary as comments (and the engine's marks with engine=true, ply by ply as server-sent events with progress=true)"),
    route!("POST" "/v1/lessons/check", "checkLesson", task!(lessons::check),
        "Check a lesson: its boards, the moves that link them, every claim that does not hold"),
    route!("POST" "/v1/lessons/render", "renderLesson", task!(lessons::render),
        "A lesson's handout: an HTML page ready to print, or Markdown and its pictures"),
    route!("GET" "/v1/games", "searchGames", task!(games::search),
        "Search the archive: games by player, event, site, dates, round, ruleset, result, validity, length or position, paged by cursor, or every match streamed (format=ndjson|record)"),
    route!("POST" "/v1/games", "importGames", task!(games::import),
        "Import game records into the archive (bearer token): each game validated, kept even when invalid, once"),
    route!("GET" "/v1/games/{id}", "getGame", with_id!(games::game),
        "One game of the archive, deleted or not, with its revision and ETag: JSON, its record, or the board at a ply as SVG"),
    route!("PATCH" "/v1/games/{id}", "editGame", with_id!(games::edit),
        "Correct a game's tags or moves (bearer token, If-Match): a new revision, with who and why"),
    route!("DELETE" "/v1/games/{id}", "deleteGame", with_id!(games::delete),
        "Delete a game (bearer token, If-Match): it leaves every list, its history stays"),
    route!("GET" "/v1/games/{id}/history", "gameHistory", with_id!(games::history),
        "Every revision of a game: when, who, what, why, and its text then"),
    route!("POST" "/v1/games/{id}/restore", "restoreGame", with_id!(games::restore),
        "Restore a deleted game (bearer token, If-Match)"),
    route!("GET" "/v1/explorer", "explore", task!(games::explorer),
        "The moves played from a position in the archive's games, with their results and average score"),
    route!("GET" "/v1/standings", "standings", task!(games::standings),
        "An event's crosstable: points, results against each opponent, seeds won and lost"),
    route!("GET" "/v1/ratings", "ratings", task!(games::ratings),
        "The players' Glicko-2 ratings for a ruleset, a rating period a calendar month of the games' Date"),
    route!("GET" "/v1/players", "listPlayers", task!(games::players),
        "The archive's players: ids, names and other names, games, federation ids and clubs"),
    route!("GET" "/v1/events", "listEvents", task!(games::events),
        "The archive's events: ids, names, sites, first and last dates, games"),
    route!("POST" "/v1/events", "createEvent", task!(events::create),
        "Run an event (bearer token): its pairing system, rounds and tie-breaks"),
    route!("POST" "/v1/events/trf", "importEvent", task!(events::import),
        "Read a tournament report file (TRF) into the archive as a run event (bearer token): players, rounds, results"),
    route!("GET" "/v1/events/{id}", "getEvent", with_id!(events::get),
        "A run event: its players, rounds, boards, results and standings"),
    route!("POST" "/v1/events/{id}/players", "registerPlayer", with_id!(events::register),
        "Register a player in a run event (bearer token), before round 1"),
    route!("POST" "/v1/events/{id}/rounds", "pairRound", with_id!(events::pair),
        "Pair a run event's next round by its system (bearer token)"),
    route!("POST" "/v1/events/{id}/results", "enterResult", with_id!(events::result),
        "Enter or correct a board's result, alone or as a game (bearer token): a correction is the game's next revision"),
    route!("GET" "/v1/events/{id}/trf", "exportEvent", with_id!(events::export),
        "A run event as FIDE's tournament report file (TRF)"),
    route!("POST" "/v1/live", "startLiveGame", task!(live::start),
        "Start a live game (bearer token): its id, and the key its moves need"),
    route!("GET" "/v1/live/{id}", "getLiveGame", with_id!(live::game),
        "A live game: its moves, position and end"),
    route!("POST" "/v1/live/{id}/moves", "playLiveMove", with_id!(live::play),
        "Store a live game's next move (the game's key): checked by the rules, stored before the answer, a retry answered the same"),
    route!("POST" "/v1/live/{id}/undo", "undoLiveMove", with_id!(live::undo),
        "Take back a live game's last move (the game's key): kept in its history, a retry answered the same"),
    route!("POST" "/v1/live/{id}/result", "endLiveGame", with_id!(live::result),
        "End a live game by the arbiter's result (the game's key): resignation, agreement or forfeit; the game enters the archive"),
    route!("GET" "/v1/live/{id}/events", "followLiveGame", with_id!(live::events),
        "Follow a live game: server-sent events, one per move, until its end"),
    route!("POST" "/v1/exercises", "findExercises", task!(exercises::post),
        "Exercises found in game records: a move clearly best, proven by the engine, named by its teaching term"),
    route!("GET" "/v1/exercises", "archiveExercises", task!(exercises::get),
        "Exercises found in the archive's games"),
    route!("POST" "/v1/classes", "createClass", task!(classes::create),
        "Make a class (bearer token, the teacher's): its six-character code, which students join by"),
    route!("GET" "/v1/classes", "listClasses", task!(classes::list),
        "The teacher's classes (bearer token), newest first"),
    route!("GET" "/v1/classes/{code}", "classReport", with_id!(classes::report),
        "A class's report for its teacher (bearer token): its sets, and each student's progress on every exercise, at the first try or not"),
    route!("DELETE" "/v1/classes/{code}", "deleteClass", with_id!(classes::delete),
        "Delete a class (bearer token, the teacher's): its sets, students and answers; its code and the students' keys find nothing afterwards"),
    route!("POST" "/v1/classes/{code}/sets", "assignSet", with_id!(classes::assign),
        "Assign a set of exercises to a class (bearer token, the teacher's)"),
    route!("POST" "/v1/classes/{code}/students", "joinClass", with_id!(classes::join),
        "Join a class by its code with a nickname: the student's key (joins of no class are limited per address)"),
    route!("DELETE" "/v1/classes/{code}/students", "removeStudent", with_id!(classes::remove),
        "Remove a student from a class by nickname (?nickname=; bearer token, the teacher's), with his answers"),
    route!("GET" "/v1/classes/{code}/work", "classWork", with_id!(classes::work),
        "A student's work (his key): the class's sets, his progress, the exercises back for review"),
    route!("POST" "/v1/classes/{code}/answers", "answerExercise", with_id!(classes::answer),
        "Keep a student's answer to an exercise (his key): right or not, and when it comes back"),
];

/// The routes `songo serve --debug-routes` adds for the tests (a panic, a
/// slow answer, a large one): not part of the API, so neither documented
/// nor counted (the metrics route's summary and operation are unused).
const DEBUG_ROUTES: &[Route] = &[
    Route {
        path: "/debug/panic",
        serve: task!(handlers::debug_panic),
        ..METRICS_ROUTE
    },
    Route {
        path: "/debug/sleep",
        serve: task!(handlers::debug_sleep),
        ..METRICS_ROUTE
    },
    Route {
        path: "/debug/answer",
        serve: task!(handlers::debug_answer),
        ..METRICS_ROUTE
    },
];

/// The routes served on the API's address, in the order of [`ROUTES`]:
/// a [`MatchedRoute`] is an index among them.
pub(crate) fn api_routes() -> impl Iterator<Item = &'static Route> + Clone {
    ROUTES.iter().filter(|route| route.on_api())
}

/// The method and path of each of [`api_routes`], the metrics' labels.
pub(crate) fn route_labels() -> Vec<(&'static str, &'static str)> {
    api_routes()
        .map(|route| (route.method, route.path))
        .collect()
}

/// The OpenAPI document, assembled once from [`ROUTES`].
static OPENAPI: LazyLock<String> = LazyLock::new(|| assemble(ROUTES));

/// The OpenAPI 3.1 document of the API, served at `GET /openapi.json`.
pub fn openapi() -> &'static str {
    &OPENAPI
}

/// `GET /openapi.json`.
async fn openapi_document(_state: Arc<State>, request: Request) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    let mut response = Response::new(openapi().into());
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    // The document is written in English, whatever the request asks.
    headers.insert(CONTENT_LANGUAGE, HeaderValue::from_static("en"));
    Ok(response)
}

impl Route {
    /// Whether the route is served on the API's address.
    pub fn on_api(&self) -> bool {
        !matches!(self.serve, Serve::MetricsAddress)
    }

    /// What the `{…}` of the route's path stands for in `path` (empty:
    /// none), when `path` is the route's: one segment at the end, else all
    /// up to its suffix (`{compact}.svg`: the compact notation holds `/`).
    pub fn path_value<'p>(&self, path: &'p str) -> Option<&'p str> {
        let Some((prefix, rest)) = self.path.split_once('{') else {
            return (path == self.path).then_some("");
        };
        let suffix = rest.split_once('}').map_or("", |(_, suffix)| suffix);
        path.strip_prefix(prefix)
            .and_then(|path| path.strip_suffix(suffix))
            .filter(|value| !value.is_empty() && (!suffix.is_empty() || !value.contains('/')))
    }
}

/// The time past the deadline a route's task gets to answer its own, more
/// precise problem (such as 408 for a slow body).
const GRACE: Duration = Duration::from_millis(50);

/// The route of `method` and `path`: the first of [`ROUTES`] (then of the
/// debug routes, when on) that takes them, its index among the API's
/// routes (none for a debug route) and what the `{…}` of its path stands
/// for.
fn find(
    debug_routes: bool,
    method: &Method,
    path: &str,
) -> Option<(Option<MatchedRoute>, Route, String)> {
    let api = api_routes()
        .enumerate()
        .map(|(index, route)| (Some(MatchedRoute(index)), route));
    let debug = DEBUG_ROUTES
        .iter()
        .filter(|_| debug_routes)
        .map(|route| (None, route));
    api.chain(debug).find_map(|(matched, route)| {
        let value = match route.serve {
            // `/` stands for every file of the page.
            Serve::PageFiles => page::is_file(path).then_some(""),
            _ => route.path_value(path),
        };
        let value = value.filter(|_| method.as_str() == route.method)?;
        Some((matched, *route, value.to_owned()))
    })
}

/// The warp filter of the whole API: each request is answered by its
/// route, else by a 404 or a 405 (it rejects nothing: warp's body is taken
/// once); the server-sent event streams end shortly after `stopping`
/// turns true (a shutdown does not wait for them).
pub(crate) fn api_filter(
    config: &Config,
    stopping: tokio::sync::watch::Receiver<bool>,
) -> impl Filter<Extract = (impl warp::Reply,), Error = warp::Rejection> + Clone + Send + Sync + 'static
{
    let state = state(config, stopping);
    crate::live::listen(&state);
    let origins: Arc<[String]> = config.cors_origins.as_slice().into();
    let query = warp::query::raw().or(warp::any().map(String::new)).unify();
    warp::method()
        .and(warp::path::full())
        .and(warp::header::headers_cloned())
        .and(query)
        .and(warp::body::stream())
        .and(warp::ext::optional::<ClientAddr>())
        .then(
            move |method: Method,
                  full: FullPath,
                  headers: HeaderMap,
                  query: String,
                  stream,
                  client: Option<ClientAddr>| {
                let (state, origins) = (Arc::clone(&state), Arc::clone(&origins));
                let origin = cors::origin(&origins, &headers).filter(|(_, allowed)| *allowed);
                let origin = origin.and_then(|(origin, _)| HeaderValue::from_str(origin).ok());
                let preflight = cors::is_preflight(&method, &headers);
                async move {
                    let found = find(state.config.debug_routes, &method, full.as_str());
                    let Some((matched, route, path_value)) = found else {
                        // No route takes it: its problem.
                        let problem = fallback(full.as_str(), &method, &headers, &query, &origins);
                        return cors::answer(origin, preflight, problem);
                    };
                    let request = Request {
                        lang: Lang::En,
                        headers,
                        query,
                        body: Some(body::boxed(stream)),
                        deadline: Instant::now() + state.config.request_timeout,
                        path_value,
                        client: client.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0),
                    };
                    let answer = answer(state, (route.serve, matched), full, request).await;
                    cors::answer(origin, preflight, answer)
                }
            },
        )
}

/// The answer of the route that took `request`, saying which route gave
/// it (`matched`, for the metrics).
async fn answer(
    state: Arc<State>,
    (serve, matched): (Serve, Option<MatchedRoute>),
    full: FullPath,
    mut request: Request,
) -> Response {
    let mut response = match serve {
        Serve::Task(handler) => in_task(state, request, handler).await,
        Serve::Direct(direct) => {
            let value = std::mem::take(&mut request.path_value);
            let (query, deadline) = (std::mem::take(&mut request.query), request.deadline);
            let jobs = Arc::clone(&state);
            let work = async move { jobs.job(deadline, move || direct(&value, &query)).await };
            guarded(state, deadline, Lang::En, work).await
        }
        Serve::PageFiles => page::file(full.as_str(), &request.headers),
        // Not a route of the API's address: never found there.
        Serve::MetricsAddress => Response::new(bytes::Bytes::new().into()),
    };
    if let Some(matched) = matched {
        response.extensions_mut().insert(matched);
    }
    response
}

/// The state every handler shares.
fn state(config: &Config, stopping: tokio::sync::watch::Receiver<bool>) -> Arc<State> {
    Arc::new(State {
        stopping,
        config: config.clone(),
        validations: Arc::new(Semaphore::new(config.max_concurrent_validations.max(1))),
        jobs: Arc::new(Semaphore::new(config.max_concurrent_jobs.max(1))),
        engine: Arc::new(Semaphore::new(config.max_concurrent_engine.max(1))),
        live_writes: Arc::new(Semaphore::new(config.max_concurrent_jobs.max(1))),
        engine_clients: plumbing::Shares::default(),
        bodies: Memory::new(budget::body_memory(config.body_limit)),
        answers: Memory::new(budget::ANSWER_MEMORY),
        store: config.archive.as_ref().map(|archive| {
            Arc::new(crate::archive::Store::new(
                archive.location.clone(),
                archive.token.clone(),
            ))
        }),
        live: crate::hub::Hub::default(),
        class_joins: crate::joins::Joins::default(),
    })
}

/// `request` answered by `handler` ([`guarded`]) in the language it asks
/// for (a `lang` that names none: 400, in English).
async fn in_task(state: Arc<State>, mut request: Request, handler: Handler) -> Response {
    match plumbing::lang(&request.headers, &request.query) {
        Ok(lang) => {
            request.lang = lang;
            let (deadline, work) = (request.deadline, handler(Arc::clone(&state), request));
            with_language(guarded(state, deadline, lang, work).await, lang)
        }
        Err(problem) => with_language(problem.into_response(Lang::En), Lang::En),
    }
}
/// Says the answer's language (`Content-Language`) and that it depends on
/// `Accept-Language` (`Vary`), unless the handler said otherwise.
fn with_language(mut response: Response, lang: Lang) -> Response {
    let headers = response.headers_mut();
    if !headers.contains_key(CONTENT_LANGUAGE) {
        headers.insert(CONTENT_LANGUAGE, HeaderValue::from_static(lang.code()));
    }
    if !headers.contains_key(VARY) {
        headers.insert(VARY, HeaderValue::from_static("Accept-Language"));
    }
    response
}

/// Runs `work`: a panic becomes a 500, an answer that misses the deadline
/// a 503; the answer within the answer budget, its problems in `lang`.
async fn guarded<F>(state: Arc<State>, deadline: Instant, lang: Lang, work: F) -> Response
where
    F: Future<Output = Result<Response, Problem>> + Send + 'static,
{
    // `work` is polled before the grace's timer: its own timers (408 for a
    // body late at the deadline) win, however late a busy machine runs it.
    let work = std::panic::AssertUnwindSafe(work).catch_unwind();
    let answered = match tokio::time::timeout_at(deadline + GRACE, work).await {
        Ok(Ok(Ok(response))) => held_answer(&state, response).await,
        Ok(Ok(Err(problem))) => Err(problem),
        Ok(Err(panic)) => {
            let cause = (panic.downcast_ref::<&str>().copied())
                .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
                .unwrap_or("a panic");
            tracing::error!(%cause, "a request handler failed");
            Err(Problem::new(Kind::Internal, msg!("problem-detail-bug")))
        }
        Err(_elapsed) => {
            let limit = format!("{:?}", state.config.request_timeout);
            Err(Problem::new(
                Kind::Timeout,
                msg!("problem-detail-timeout", limit = limit),
            ))
        }
    };
    answered.unwrap_or_else(|problem| problem.into_response(lang))
}

/// An answer within the answer budget: over [`budget::MAX_ANSWER_BYTES`],
/// a problem; over the uncounted size, its bytes hold their part of the
/// memory for answers until handed to the connection, or, when that is
/// taken, 503 at once (an answer waiting for room is memory counted
/// nowhere).
async fn held_answer(state: &State, response: Response) -> Result<Response, Problem> {
    let Some(size) = http_body::Body::size_hint(response.body()).exact() else {
        // A stream (NDJSON lines): bounded by its channel, not held here.
        return Ok(response);
    };
    let size = usize::try_from(size).unwrap_or(usize::MAX);
    if size > budget::MAX_ANSWER_BYTES {
        return Err(budget::answer_too_large());
    }
    if size <= budget::UNCOUNTED_BYTES {
        return Ok(response);
    }
    let mut held = Held::default();
    if !state.answers.cover(&mut held, size, Instant::now()).await {
        return Err(Problem::busy_because(msg!(
            "problem-detail-answers-busy",
            limit = state.answers.bytes()
        )));
    }
    let (mut parts, body) = response.into_parts();
    let bytes = http_body_util::BodyExt::collect(body)
        .await
        .map_err(|error| plumbing::internal(&error))?
        .to_bytes();
    // A stream has no size of its own: the header keeps it.
    parts
        .headers
        .insert(CONTENT_LENGTH, HeaderValue::from(bytes.len()));
    // A stream of pieces: an answer the client does not read stays in
    // flight (and under the send timeout), its memory held.
    let streamed = warp::reply::stream(budget::answer_pieces(bytes, held)).into_response();
    Ok(Response::from_parts(parts, streamed.into_body()))
}

/// The answer to a request no route answers: 405 with `Allow` for a
/// route's path (written as the route writes it; a preflight from an
/// origin not allowed is told about `--cors-origin`), 404 for any other.
fn fallback(
    path: &str,
    method: &Method,
    headers: &HeaderMap,
    query: &str,
    cors_origins: &[String],
) -> Response {
    // A `lang` that names no language: these words are English.
    let lang = plumbing::lang(headers, query).unwrap_or(Lang::En);
    let path = api_routes()
        .find(|route| route.path_value(path).is_some())
        .map_or(path, |route| route.path);
    let allowed: Vec<&str> = api_routes()
        .filter(|route| route.path == path)
        .map(|route| route.method)
        .collect();
    let problem = if allowed.is_empty() {
        Problem::new(
            Kind::NotFound,
            msg!(
                "problem-detail-not-found",
                method = method.as_str(),
                path = path
            ),
        )
    } else if let Some((origin, false)) = cors::origin(cors_origins, headers)
        && cors::is_preflight(method, headers)
    {
        let none = cors_origins.is_empty();
        Problem::cors_refused(path, origin, &allowed.join(", "), none)
    } else {
        Problem::method_not_allowed(method, path, &allowed.join(", "))
    };
    with_language(problem.into_response(lang), lang)
}

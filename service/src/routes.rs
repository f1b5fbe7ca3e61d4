//! The route table and the warp filter that serves it: each route runs in
//! its own task under the request time limit, so a panic or a slow answer
//! becomes a problem response and never takes the server down; paths and
//! methods that match no route get 404 or 405.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use songo_notation::i18n::Lang;
use songo_notation::msg;
use tokio::sync::Semaphore;
use tokio::time::Instant;
use warp::Filter;
use warp::http::header::{CONTENT_LANGUAGE, HeaderValue, VARY};
use warp::http::{HeaderMap, Method};
use warp::path::FullPath;
use warp::reply::Response;

use crate::Config;
use crate::analysis;
use crate::body;
use crate::games;
use crate::handlers;
use crate::lessons;
use crate::plumbing::{self, Request, State};
use crate::problem::{Kind, Problem};
use crate::records;
use crate::{cors, page};

/// One route of the API.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    /// `GET` or `POST`.
    pub method: &'static str,
    /// The path, such as `/v1/play`.
    pub path: &'static str,
    /// What it does, in one line.
    pub summary: &'static str,
}

/// Every route the server answers (the OpenAPI document lists the same).
pub const ROUTES: &[Route] = &[
    Route {
        method: "GET",
        path: "/healthz",
        summary: "Liveness: 200 while the server runs",
    },
    Route {
        method: "GET",
        path: "/openapi.json",
        summary: "The OpenAPI 3.1 document of this API",
    },
    Route {
        method: "GET",
        path: "/",
        summary: "The web page: a board to edit and play on, records to check, exports",
    },
    Route {
        method: "GET",
        path: "/v1/messages",
        summary: "The web page's words in a language (?lang=en|fr, else Accept-Language)",
    },
    Route {
        method: "GET",
        path: "/v1/positions/{compact}.svg",
        summary: "The board of a position in the compact notation, as an SVG picture to embed",
    },
    Route {
        method: "GET",
        path: "/v1/rules",
        summary: "The rulesets and their rule ids with one-line descriptions",
    },
    Route {
        method: "POST",
        path: "/v1/positions",
        summary: "Read a position in any form: its JSON, compact notation and a rendering",
    },
    Route {
        method: "POST",
        path: "/v1/play",
        summary: "Play moves on a position: every step's boards, captures and rules",
    },
    Route {
        method: "POST",
        path: "/v1/moves",
        summary: "The legal and illegal moves of a position",
    },
    Route {
        method: "POST",
        path: "/v1/explain",
        summary: "What the teaching vocabulary says of a position: threats, defences, greniers, bidoua",
    },
    Route {
        method: "POST",
        path: "/v1/validate",
        summary: "Validate game records: every game replayed, every violation with its rule",
    },
    Route {
        method: "POST",
        path: "/v1/convert",
        summary: "Convert game records between record text, OGN, JSON and YAML",
    },
    Route {
        method: "POST",
        path: "/v1/annotate",
        summary: "Game records written back with the teaching vocabulary as comments (and the engine's marks with engine=true)",
    },
    Route {
        method: "POST",
        path: "/v1/analyse",
        summary: "The best move of a position, its value, its line and every move's value (time and depth capped)",
    },
    Route {
        method: "POST",
        path: "/v1/lessons/check",
        summary: "Check a lesson: its boards, the moves that link them, every claim that does not hold",
    },
    Route {
        method: "POST",
        path: "/v1/lessons/render",
        summary: "A lesson's handout: an HTML page ready to print, or Markdown and its pictures",
    },
    Route {
        method: "GET",
        path: "/v1/games",
        summary: "Search the archive: games by player, event, site, dates, round, ruleset, result, validity, length or position, paged by cursor",
    },
    Route {
        method: "POST",
        path: "/v1/games",
        summary: "Import game records into the archive (bearer token): each game validated, kept even when invalid, once",
    },
    Route {
        method: "GET",
        path: "/v1/games/{id}",
        summary: "One game of the archive: JSON, its record, or the board at a ply as SVG",
    },
    Route {
        method: "GET",
        path: "/v1/explorer",
        summary: "The moves played from a position in the archive's games, with their results and average score",
    },
    Route {
        method: "GET",
        path: "/v1/standings",
        summary: "An event's crosstable: points, results against each opponent, seeds won and lost",
    },
];

/// Where the paths of single games start: `/v1/games/{id}`.
const GAME_PREFIX: &str = "/v1/games/";

/// Extra time the route task gets past the deadline to answer with its
/// own, more precise problem (such as 408 for a slow body).
const GRACE: Duration = Duration::from_millis(50);

/// The warp filter of the whole API (the server counts and logs each
/// request around it).
pub fn router(
    config: &Config,
) -> impl Filter<Extract = (impl warp::Reply,), Error = std::convert::Infallible>
+ Clone
+ Send
+ Sync
+ 'static {
    let state = Arc::new(State {
        config: config.clone(),
        validations: Arc::new(Semaphore::new(config.max_concurrent_validations.max(1))),
        jobs: Arc::new(Semaphore::new(config.max_concurrent_jobs.max(1))),
        store: config
            .archive
            .as_ref()
            .map(|archive| Arc::new(games::Store::new(archive))),
    });
    let mut api = endpoint(&state, Method::GET, "/healthz", handlers::healthz)
        .or(endpoint(
            &state,
            Method::GET,
            "/openapi.json",
            handlers::openapi,
        ))
        .unify()
        .or(endpoint(&state, Method::GET, "/v1/rules", handlers::rules))
        .unify()
        .or(endpoint(
            &state,
            Method::GET,
            "/v1/messages",
            page::messages,
        ))
        .unify()
        .or(page::files())
        .unify()
        .or(page::image())
        .unify()
        .or(endpoint(
            &state,
            Method::POST,
            "/v1/positions",
            handlers::positions,
        ))
        .unify()
        .or(endpoint(&state, Method::POST, "/v1/play", handlers::play))
        .unify()
        .or(endpoint(&state, Method::POST, "/v1/moves", handlers::moves))
        .unify()
        .or(endpoint(
            &state,
            Method::POST,
            "/v1/explain",
            handlers::explain,
        ))
        .unify()
        .or(endpoint(
            &state,
            Method::POST,
            "/v1/validate",
            records::validate,
        ))
        .unify()
        .or(endpoint(
            &state,
            Method::POST,
            "/v1/convert",
            records::convert,
        ))
        .unify()
        .or(endpoint(
            &state,
            Method::POST,
            "/v1/annotate",
            records::annotate,
        ))
        .unify()
        .or(endpoint(
            &state,
            Method::POST,
            "/v1/analyse",
            analysis::analyse,
        ))
        .unify()
        .or(endpoint(
            &state,
            Method::POST,
            "/v1/lessons/check",
            lessons::check,
        ))
        .unify()
        .or(endpoint(
            &state,
            Method::POST,
            "/v1/lessons/render",
            lessons::render,
        ))
        .unify()
        .or(endpoint(&state, Method::GET, "/v1/games", games::search))
        .unify()
        .or(endpoint(&state, Method::POST, "/v1/games", games::import))
        .unify()
        .or(endpoint_with_id(&state, GAME_PREFIX, games::game))
        .unify()
        .or(endpoint(
            &state,
            Method::GET,
            "/v1/explorer",
            games::explorer,
        ))
        .unify()
        .or(endpoint(
            &state,
            Method::GET,
            "/v1/standings",
            games::standings,
        ))
        .unify()
        .boxed();
    if config.debug_routes {
        api = api
            .or(endpoint(
                &state,
                Method::GET,
                "/debug/panic",
                handlers::debug_panic,
            ))
            .unify()
            .or(endpoint(
                &state,
                Method::GET,
                "/debug/sleep",
                handlers::debug_sleep,
            ))
            .unify()
            .boxed();
    }
    cors::allow(&config.cors_origins, api.or(fallback()).unify())
}

/// A route: `method` on exactly `path`, answered by `handler` in its own task.
fn endpoint<H, F>(
    state: &Arc<State>,
    method: Method,
    path: &'static str,
    handler: H,
) -> warp::filters::BoxedFilter<(Response,)>
where
    H: Fn(Arc<State>, Request) -> F + Clone + Send + Sync + 'static,
    F: Future<Output = Result<Response, Problem>> + Send + 'static,
{
    let state = Arc::clone(state);
    warp::path::full()
        .and(warp::method())
        .and_then(move |full: FullPath, actual: Method| {
            let matches = full.as_str() == path && actual == method;
            async move {
                if matches {
                    Ok(())
                } else {
                    Err(warp::reject::not_found())
                }
            }
        })
        .untuple_one()
        .and(warp::header::headers_cloned())
        .and(warp::query::raw().or(warp::any().map(String::new)).unify())
        .and(warp::body::stream())
        .then(move |headers: HeaderMap, query: String, stream| {
            let state = Arc::clone(&state);
            let handler = handler.clone();
            let deadline = Instant::now() + state.config.request_timeout;
            let asked = plumbing::lang(&headers, &query);
            let request = Request {
                lang: *asked.as_ref().unwrap_or(&Lang::En),
                headers,
                query,
                body: Some(body::boxed(stream)),
                deadline,
            };
            async move {
                match asked {
                    Ok(_) => guarded(state, request, handler).await,
                    Err(problem) => with_language(problem.into_response(Lang::En), Lang::En),
                }
            }
        })
        .boxed()
}

/// `GET` on the paths under `prefix` (`/v1/games/{id}`), answered by
/// `handler` with the rest of the path, in its own task like [`endpoint`].
fn endpoint_with_id<H, F>(
    state: &Arc<State>,
    prefix: &'static str,
    handler: H,
) -> warp::filters::BoxedFilter<(Response,)>
where
    H: Fn(Arc<State>, Request, String) -> F + Clone + Send + Sync + 'static,
    F: Future<Output = Result<Response, Problem>> + Send + 'static,
{
    let state = Arc::clone(state);
    warp::path::full()
        .and(warp::method())
        .and_then(move |full: FullPath, actual: Method| {
            let id = full
                .as_str()
                .strip_prefix(prefix)
                .filter(|id| !id.is_empty() && !id.contains('/'))
                .map(str::to_owned);
            async move {
                match id {
                    Some(id) if actual == Method::GET => Ok(id),
                    _ => Err(warp::reject::not_found()),
                }
            }
        })
        .and(warp::header::headers_cloned())
        .and(warp::query::raw().or(warp::any().map(String::new)).unify())
        .and(warp::body::stream())
        .then(
            move |id: String, headers: HeaderMap, query: String, stream| {
                let state = Arc::clone(&state);
                let handler = handler.clone();
                let deadline = Instant::now() + state.config.request_timeout;
                let asked = plumbing::lang(&headers, &query);
                let request = Request {
                    lang: *asked.as_ref().unwrap_or(&Lang::En),
                    headers,
                    query,
                    body: Some(body::boxed(stream)),
                    deadline,
                };
                async move {
                    match asked {
                        Ok(_) => {
                            let handler = move |state, request| handler(state, request, id.clone());
                            guarded(state, request, handler).await
                        }
                        Err(problem) => with_language(problem.into_response(Lang::En), Lang::En),
                    }
                }
            },
        )
        .boxed()
}

/// Says in which language the answer is written (`Content-Language`), and
/// that it depends on `Accept-Language` (`Vary`), unless the handler said
/// otherwise.
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

/// Runs a handler in its own task: a panic becomes a 500, an answer that
/// misses the deadline a 503, and the task ends when the client leaves.
async fn guarded<H, F>(state: Arc<State>, request: Request, handler: H) -> Response
where
    H: Fn(Arc<State>, Request) -> F,
    F: Future<Output = Result<Response, Problem>> + Send + 'static,
{
    let deadline = request.deadline;
    let lang = request.lang;
    let limit = state.config.request_timeout;
    let task = tokio::spawn(handler(state, request));
    let _abort = AbortOnDrop(task.abort_handle());
    let response = match tokio::time::timeout_at(deadline + GRACE, task).await {
        Ok(Ok(Ok(response))) => response,
        Ok(Ok(Err(problem))) => problem.into_response(lang),
        Ok(Err(error)) => {
            let cause = if error.is_panic() {
                let payload = error.into_panic();
                payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".to_owned())
            } else {
                error.to_string()
            };
            tracing::error!(%cause, "a request handler failed");
            Problem::new(Kind::Internal, msg!("problem-detail-bug")).into_response(lang)
        }
        Err(_elapsed) => Problem::new(
            Kind::Timeout,
            msg!("problem-detail-timeout", limit = format!("{limit:?}")),
        )
        .into_response(lang),
    };
    with_language(response, lang)
}

/// Aborts the route's task when the request is dropped (client gone,
/// deadline passed).
struct AbortOnDrop(tokio::task::AbortHandle);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// 405 with `Allow` for a known path, 404 for any other.
fn fallback()
-> impl Filter<Extract = (Response,), Error = std::convert::Infallible> + Clone + Send + Sync + 'static
{
    warp::path::full()
        .and(warp::method())
        .and(warp::header::headers_cloned())
        .and(warp::query::raw().or(warp::any().map(String::new)).unify())
        .map(
            |full: FullPath, method: Method, headers: HeaderMap, query: String| {
                // A `lang` that names no language: these words are English.
                let lang = plumbing::lang(&headers, &query).unwrap_or(Lang::En);
                let path = full.as_str();
                let path = if page::is_image_path(path) {
                    "/v1/positions/{compact}.svg"
                } else if path.len() > GAME_PREFIX.len()
                    && path.starts_with(GAME_PREFIX)
                    && !path[GAME_PREFIX.len()..].contains('/')
                {
                    "/v1/games/{id}"
                } else {
                    path
                };
                let allowed: Vec<&str> = ROUTES
                    .iter()
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
                } else {
                    Problem::method_not_allowed(&method, path, &allowed.join(", "))
                };
                with_language(problem.into_response(lang), lang)
            },
        )
}

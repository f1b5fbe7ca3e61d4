//! The archive's routes: `GET /v1/games` (search), `GET /v1/games/{id}`,
//! `POST /v1/games` (import, with the bearer token), `GET /v1/explorer`,
//! `GET /v1/standings`, `GET /v1/players`, `GET /v1/events`. Thin: the work is the archive's
//! ([`crate::archive`]), run on the blocking pool (the sync PostgreSQL
//! client must not run on the runtime's threads) in a job slot.

use std::sync::Arc;

use serde::Serialize;
use songo_notation::msg;
use songo_notation::read::read_position;
use songo_notation::record::games;
use songo_notation::render::Drawing;
use songo_notation::validate::Options;
use songo_notation::{AnyPosition, Conventions, GamePosition, LetterCase, Side};
use warp::http::StatusCode;
use warp::http::header::{AUTHORIZATION, CONTENT_TYPE, HeaderValue, WWW_AUTHENTICATE};
use warp::reply::Response;

use crate::archive::render::{self, Table};
use crate::archive::{Archive, ArchiveError, Filters, PeopleError, position_at, position_key};
use crate::plumbing::{self, Request, State, json};
use crate::problem::{Kind, Problem};

/// An archive's failure as a problem: the caller's input is a 400, the
/// store's failure a 503.
fn problem(error: &ArchiveError) -> Problem {
    let kind = if error.is_input() {
        Kind::BadQuery
    } else {
        Kind::ArchiveUnavailable
    };
    let mut problem = Problem::new(kind, error.message());
    if let Some(hint) = error.hint() {
        problem = problem.with_words("hint", hint);
    }
    // What a script needs to ask again: the events a name could be, the
    // names nearest to one that is nobody's.
    match error {
        ArchiveError::People(PeopleError::AmbiguousEvent { events, .. }) => {
            problem = problem.with("events", events);
        }
        ArchiveError::People(
            PeopleError::NoSuchPlayer { suggestions, .. }
            | PeopleError::NoSuchEvent { suggestions, .. },
        ) => problem = problem.with("suggestions", suggestions),
        _ => {}
    }
    problem
}

/// Runs `work` on a connection of the archive, on the blocking pool, in a
/// job slot.
pub(crate) async fn with_archive<T: Send + 'static>(
    state: &State,
    deadline: tokio::time::Instant,
    work: impl FnOnce(&mut Archive) -> Result<T, ArchiveError> + Send + 'static,
) -> Result<T, Problem> {
    let Some(store) = state.store.clone() else {
        return Err(
            Problem::new(Kind::NoArchive, msg!("problem-detail-no-archive"))
                .with_words("hint", msg!("hint-serve-archive")),
        );
    };
    let slots = state.config.max_concurrent_jobs;
    let permit = plumbing::acquire(&state.jobs, deadline, || Problem::busy("job", slots)).await?;
    let task = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let mut archive = store.take()?;
        let result = work(&mut archive);
        // A connection that failed may be broken: not kept.
        if result.is_ok() {
            store.give_back(archive);
        }
        result
    });
    match task.await {
        Ok(result) => result.map_err(|e| problem(&e)),
        Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
        Err(error) => Err(plumbing::internal(&error)),
    }
}

fn bad_value(name: &str, value: &str) -> Problem {
    Problem::new(
        Kind::BadQuery,
        msg!("problem-detail-bad-value", name = name, value = value),
    )
    .with("parameter", name)
}

fn number<T: std::str::FromStr>(name: &str, value: &str) -> Result<T, Problem> {
    value.parse().map_err(|_| bad_value(name, value))
}

/// A position given in a query: any notation songo reads.
fn position_param(
    text: &str,
    rules: Option<songo_notation::Ruleset>,
) -> Result<AnyPosition, Problem> {
    read_position(text, rules)
        .map(|read| read.position)
        .map_err(|error| Problem::parse(Kind::BadPosition, &error))
}

/// `GET /v1/games`: a page of games matching the filters.
pub(crate) async fn search(state: Arc<State>, request: Request) -> Result<Response, Problem> {
    let params = request.params(&[
        "player",
        "event",
        "site",
        "since",
        "until",
        "round",
        "rules",
        "result",
        "valid",
        "min_plies",
        "max_plies",
        "position",
        "limit",
        "after",
    ])?;
    let mut filters = Filters::default();
    let mut limit = 50;
    let mut after = None;
    let mut position = None;
    let mut rules = None;
    for (name, value) in &params {
        match name.as_str() {
            "player" => filters.player = Some(value.clone()),
            "event" => filters.event = Some(value.clone()),
            "site" => filters.site = Some(value.clone()),
            "since" => filters.since = Some(value.clone()),
            "until" => filters.until = Some(value.clone()),
            "round" => filters.round = Some(value.clone()),
            "result" => filters.result = Some(value.clone()),
            "rules" => {
                let ruleset = plumbing::ruleset(value)?;
                rules = Some(ruleset);
                filters.rules = Some(ruleset.id().to_owned());
            }
            "valid" => filters.valid = Some(number::<bool>(name, value)?),
            "min_plies" => filters.min_plies = Some(number(name, value)?),
            "max_plies" => filters.max_plies = Some(number(name, value)?),
            "limit" => {
                limit = number::<usize>(name, value)?;
                if !(1..=1000).contains(&limit) {
                    return Err(bad_value(name, value));
                }
            }
            "after" => after = Some(value.clone()),
            _ => position = Some(value.clone()),
        }
    }
    if let Some(text) = position {
        filters.position = Some(position_key(&position_param(&text, rules)?));
    }
    let list = with_archive(&state, request.deadline, move |archive| {
        archive.search(&filters, limit, after.as_deref())
    })
    .await?;
    json(StatusCode::OK, &list)
}

/// `GET /v1/games/{id}`: a game as JSON, its record, or the board at a ply as SVG.
pub(crate) async fn game(
    state: Arc<State>,
    request: Request,
    id: String,
) -> Result<Response, Problem> {
    let params = request.params(&["format", "ply"])?;
    let mut format = "json".to_owned();
    let mut ply = None;
    for (name, value) in &params {
        match name.as_str() {
            "format" if ["json", "record", "svg"].contains(&value.as_str()) => {
                format.clone_from(value);
            }
            "ply" => ply = Some(number::<usize>(name, value)?),
            _ => return Err(bad_value(name, value)),
        }
    }
    let wanted = id.clone();
    let stored = with_archive(&state, request.deadline, move |archive| {
        archive.game(&wanted)
    })
    .await?;
    let Some(stored) = stored else {
        return Err(Problem::new(
            Kind::NotFound,
            msg!("problem-detail-no-game", id = id.as_str()),
        ));
    };
    let (body, content_type) = match format.as_str() {
        "record" => (stored.record + "\n", "text/plain; charset=utf-8"),
        "svg" => {
            let position = position_at(&stored.record, ply).ok_or_else(|| {
                Problem::new(
                    Kind::BadRecord,
                    msg!("problem-detail-no-game", id = id.as_str()),
                )
            })?;
            let picture = position.draw(
                Drawing::Svg,
                Conventions::with_letters(LetterCase::default()).in_lang(request.lang),
            );
            (picture, "image/svg+xml")
        }
        _ => {
            let mut value = serde_json::to_value(&stored).map_err(|e| plumbing::internal(&e))?;
            if let Some(ply) = ply
                && let Some(position) = position_at(&stored.record, Some(ply))
            {
                value["position"] =
                    serde_json::to_value(&position).map_err(|e| plumbing::internal(&e))?;
            }
            return json(StatusCode::OK, &value);
        }
    };
    let mut response = Response::new(body.into());
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    Ok(response)
}

/// What `POST /v1/games` answers: the ArchiveImportReport and each game's id.
#[derive(Serialize)]
struct ImportReport {
    imported: usize,
    duplicates: usize,
    invalid: usize,
    unreadable: Vec<Unreadable>,
    games: Vec<Imported>,
}

#[derive(Serialize)]
struct Unreadable {
    file: String,
    message: String,
}

#[derive(Serialize)]
struct Imported {
    id: String,
    valid: bool,
}

/// Whether the request carries the write token: 403 when none is
/// configured (the archive is read-only), 401 when it is missing or wrong.
fn authorize(state: &State, request: &Request) -> Result<(), Problem> {
    let Some(token) = state.store.as_ref().and_then(|store| store.token()) else {
        return Err(
            Problem::new(Kind::Forbidden, msg!("problem-detail-read-only"))
                .with_words("hint", msg!("hint-archive-token")),
        );
    };
    let given = request
        .headers
        .get(AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(str::trim);
    match given {
        Some(given) if token.matches(given) => Ok(()),
        _ => Err(Problem::new(
            Kind::Unauthorized,
            msg!("problem-detail-bad-token"),
        )),
    }
}

/// `POST /v1/games`: import the games of a record (text) body.
pub(crate) async fn import(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    request.params(&[])?;
    if state.store.is_none() {
        // The missing archive is the answer, whatever the token.
        with_archive(&state, request.deadline, |_| Ok(())).await?;
    }
    if let Err(problem) = authorize(&state, &request) {
        let mut response = problem.into_response(request.lang);
        if response.status() == StatusCode::UNAUTHORIZED {
            response
                .headers_mut()
                .insert(WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        return Ok(response);
    }
    let _slot = plumbing::slot(&state, request.deadline).await?;
    let body = request.body(&state).await?;
    let text = String::from_utf8(body.to_vec()).map_err(|e| {
        Problem::new(
            Kind::BadEncoding,
            msg!(
                "problem-detail-not-utf8",
                offset = e.utf8_error().valid_up_to()
            ),
        )
    })?;
    let options = Options {
        keep_going: false,
        default_rules: None,
        lang: request.lang,
        omit_valid_tags: false,
    };
    let report = with_archive(&state, request.deadline, move |archive| {
        let mut prepared = Vec::new();
        let mut unreadable = Vec::new();
        for game in games(&text) {
            match crate::archive::prepare(&game, &options) {
                Ok(game) => prepared.push(game),
                Err(not) => unreadable.push(Unreadable {
                    file: "<body>".to_owned(),
                    message: format!("{}:{}: {}", not.line, not.column, not.message),
                }),
            }
        }
        let outcome = archive.import(&prepared)?;
        Ok(ImportReport {
            imported: outcome.imported,
            duplicates: outcome.duplicates,
            invalid: prepared.iter().filter(|g| !g.valid()).count(),
            unreadable,
            games: prepared
                .iter()
                .map(|g| Imported {
                    id: g.id(),
                    valid: g.valid(),
                })
                .collect(),
        })
    })
    .await?;
    json(StatusCode::OK, &report)
}

/// `GET /v1/explorer`: the moves played from a position.
pub(crate) async fn explorer(state: Arc<State>, request: Request) -> Result<Response, Problem> {
    let params = request.params(&["position", "moves", "rules", "first", "recent", "event"])?;
    let mut position = None;
    let mut event = None;
    let mut moves = Vec::new();
    let mut rules = None;
    let mut first = Side::South;
    let mut recent = 5;
    for (name, value) in &params {
        match name.as_str() {
            "position" => position = Some(value.clone()),
            "moves" => moves.extend(
                value
                    .split([' ', ','])
                    .filter(|m| !m.is_empty())
                    .map(str::to_owned),
            ),
            "rules" => rules = Some(plumbing::ruleset(value)?),
            "first" => first = value.parse().map_err(|_| bad_value(name, value))?,
            "event" => event = Some(value.clone()),
            _ => {
                recent = number::<usize>(name, value)?;
                if recent > 100 {
                    return Err(bad_value(name, value));
                }
            }
        }
    }
    let mut at = match position {
        Some(text) => position_param(&text, rules)?,
        None => AnyPosition::start_of(rules.unwrap_or_default(), first),
    };
    if !moves.is_empty() {
        let conventions = Conventions::default().in_lang(request.lang);
        at = match songo_notation::any::play(at, &moves, conventions) {
            Ok(report) => report.into_final_position(),
            Err(error) => {
                let kind = if error.is_bad_move() {
                    Kind::BadMove
                } else {
                    Kind::IllegalMove
                };
                let mut problem = Problem::new(kind, error.message());
                if let Some(rule) = error.rule() {
                    problem = problem.rule(rule);
                }
                return Err(problem);
            }
        };
    }
    let explorer = with_archive(&state, request.deadline, move |archive| match &event {
        Some(event) => archive.explore_event(&at, event, recent),
        None => archive.explore(&at, recent),
    })
    .await?;
    json(StatusCode::OK, &explorer)
}

/// `GET /v1/standings`: an event's crosstable, as JSON, CSV, Markdown or text.
pub(crate) async fn standings(state: Arc<State>, request: Request) -> Result<Response, Problem> {
    let params = request.params(&["event", "format"])?;
    let mut event = None;
    let mut format = "json".to_owned();
    for (name, value) in &params {
        match name.as_str() {
            "event" => event = Some(value.clone()),
            _ if ["json", "csv", "markdown", "text"].contains(&value.as_str()) => {
                format.clone_from(value);
            }
            _ => return Err(bad_value(name, value)),
        }
    }
    let Some(event) = event else {
        return Err(Problem::new(
            Kind::BadQuery,
            msg!("problem-detail-missing-parameter", name = "event"),
        ));
    };
    let standings = with_archive(&state, request.deadline, move |archive| {
        archive.standings(&event)
    })
    .await?;
    let (table, content_type) = match format.as_str() {
        "csv" => (Table::Csv, "text/csv; charset=utf-8"),
        "markdown" => (Table::Markdown, "text/markdown; charset=utf-8"),
        "text" => (Table::Text, "text/plain; charset=utf-8"),
        _ => return json(StatusCode::OK, &standings),
    };
    let mut response = Response::new(render::standings(&standings, table, request.lang).into());
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    Ok(response)
}

/// The page of a list the query asks for: `limit` (1 to 1000, default
/// 100) and `after` (a page's `next`); `name` too when `named`.
fn list_query(
    request: &Request,
    named: bool,
) -> Result<(usize, Option<String>, Option<String>), Problem> {
    let names: &[&str] = if named {
        &["limit", "after", "name"]
    } else {
        &["limit", "after"]
    };
    let mut limit = 100;
    let mut after = None;
    let mut wanted = None;
    for (name, value) in &request.params(names)? {
        match name.as_str() {
            "limit" => {
                limit = number::<usize>(name, value)?;
                if !(1..=crate::archive::MAX_LIST_PAGE).contains(&limit) {
                    return Err(bad_value(name, value));
                }
            }
            "after" => after = Some(value.clone()),
            _ => wanted = Some(value.clone()),
        }
    }
    Ok((limit, after, wanted))
}

/// `GET /v1/players`: a page of the players, with their other names and games.
pub(crate) async fn players(state: Arc<State>, request: Request) -> Result<Response, Problem> {
    let (limit, after, _) = list_query(&request, false)?;
    let list = with_archive(&state, request.deadline, move |archive| {
        archive.players_page(limit, after.as_deref())
    })
    .await?;
    json(StatusCode::OK, &list)
}

/// `GET /v1/events`: a page of the events, with their sites, dates and games.
pub(crate) async fn events(state: Arc<State>, request: Request) -> Result<Response, Problem> {
    let (limit, after, name) = list_query(&request, true)?;
    let list = with_archive(&state, request.deadline, move |archive| {
        archive.events_page(limit, after.as_deref(), name.as_deref())
    })
    .await?;
    json(StatusCode::OK, &list)
}

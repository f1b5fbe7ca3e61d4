//! `POST /v1/exercises` (records in, exercises out) and `GET
//! /v1/exercises` (the archive's games): the finder of
//! `songo_notation::exercises`, within the request's limits — the body's
//! size as `/v1/annotate`, one engine slot (and the client's share of
//! engine requests), capped depths, and the search cancelled when the
//! request's time is up.

use std::sync::Arc;

use serde::Serialize;
use songo_notation::Ruleset;
use songo_notation::analysis::Analyser;
use songo_notation::exercises::render::Solutions;
use songo_notation::exercises::{self, Exercise, Options, Summary};
use songo_notation::i18n::Lang;
use songo_notation::msg;
use songo_notation::record::{self, GameRecord};
use songo_notation::teach::TeachId;
use warp::http::StatusCode;
use warp::reply::Response;

use crate::analysis::{self, CancelOnDrop};
use crate::archive::Filters;
use crate::budget;
use crate::plumbing::{self, EngineTurn, Request, State, json};
use crate::problem::{Kind, Problem};

/// The deepest first analysis a request may ask for.
const MAX_DEPTH: u32 = 8;
/// The deepest proof a request may ask for.
const MAX_PROOF_DEPTH: u32 = 12;
/// The default depths over HTTP: the command's.
const DEPTH: u32 = exercises::DEFAULT_DEPTH;
/// The default depth of the proof over HTTP: the command's.
const PROOF_DEPTH: u32 = exercises::DEFAULT_PROOF_DEPTH;
/// The most exercises in an answer.
const MAX_COUNT: usize = 100;
/// The most games of the archive `GET` looks in.
const MAX_ARCHIVE_GAMES: usize = 200;

/// What the query asks.
struct Query {
    motif: Option<TeachId>,
    levels: std::ops::RangeInclusive<u8>,
    rules: Option<Ruleset>,
    count: usize,
    options: Options,
    format: Format,
    solutions: Solutions,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Json,
    Record,
    Lesson,
    Handout,
}

fn bad_value(name: &str, value: &str) -> Problem {
    Problem::new(
        Kind::BadQuery,
        msg!(
            "problem-detail-bad-value",
            name = name,
            value = format!("{value:.40}")
        ),
    )
    .with("parameter", name)
}

fn query(request: &Request) -> Result<Query, Problem> {
    let mut query = Query {
        motif: None,
        levels: 1..=exercises::MAX_DIFFICULTY,
        rules: None,
        count: 20,
        options: Options {
            depth: DEPTH,
            proof_depth: PROOF_DEPTH,
            ..Options::default()
        },
        format: Format::Json,
        solutions: Solutions::Separate,
    };
    let params = request.params(&[
        "motif",
        "difficulty",
        "rules",
        "count",
        "depth",
        "proof_depth",
        "margin",
        "format",
        "solutions",
    ])?;
    for (name, value) in &params {
        let bad = || bad_value(name, value);
        let number = |max: u32| {
            value
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=max).contains(n))
                .ok_or_else(bad)
        };
        match name.as_str() {
            "motif" => {
                let full = if value.starts_with("teach.") {
                    value.clone()
                } else {
                    format!("teach.{value}")
                };
                query.motif = Some(full.parse().map_err(|_| bad())?);
            }
            "difficulty" => {
                let level = |text: &str| {
                    text.parse::<u8>()
                        .ok()
                        .filter(|n| (1..=exercises::MAX_DIFFICULTY).contains(n))
                        .ok_or_else(bad)
                };
                query.levels = match value.split_once('-') {
                    Some((low, high)) => level(low)?..=level(high)?,
                    None => level(value)?..=level(value)?,
                };
            }
            "rules" => query.rules = Some(plumbing::ruleset(value)?),
            "count" => query.count = number(MAX_COUNT as u32)? as usize,
            "depth" => query.options.depth = number(MAX_DEPTH)?,
            "proof_depth" => query.options.proof_depth = number(MAX_PROOF_DEPTH)?,
            "margin" => query.options.margin = i32::try_from(number(100)?).map_err(|_| bad())?,
            "solutions" => {
                query.solutions = match value.as_str() {
                    "separate" => Solutions::Separate,
                    "none" => Solutions::None,
                    "inline" => Solutions::Inline,
                    _ => return Err(bad()),
                };
            }
            _ => {
                query.format = match value.as_str() {
                    "json" => Format::Json,
                    "record" => Format::Record,
                    "lesson" => Format::Lesson,
                    "handout" => Format::Handout,
                    _ => return Err(bad()),
                };
            }
        }
    }
    query.options.proof_depth = query.options.proof_depth.max(query.options.depth);
    Ok(query)
}

/// The JSON answer.
#[derive(Serialize)]
struct Answer<'a> {
    exercises: &'a [Exercise],
    summary: Summary,
    depth: u32,
    proof_depth: u32,
    margin: i32,
}

/// Finds, chooses and writes the exercises of `named` games.
fn answer(
    analyser: &Analyser,
    named: &[(String, Vec<GameRecord>)],
    query: &Query,
    lang: Lang,
) -> Result<Response, Problem> {
    let sources: Vec<exercises::Source<'_>> = named
        .iter()
        .map(|(name, games)| exercises::Source::new(name, games))
        .collect();
    let found = exercises::find(analyser, &sources, &query.options);
    let chosen = exercises::select(
        &found.exercises,
        query.motif,
        query.rules,
        query.levels.clone(),
        query.count,
    );
    let text = |body: String, media: &'static str| {
        let mut response = Response::new(body.into());
        response.headers_mut().insert(
            warp::http::header::CONTENT_TYPE,
            warp::http::HeaderValue::from_static(media),
        );
        Ok(response)
    };
    match query.format {
        Format::Json => json(
            StatusCode::OK,
            &Answer {
                exercises: &chosen,
                summary: found.summary,
                depth: query.options.depth,
                proof_depth: query.options.proof_depth,
                margin: query.options.margin,
            },
        ),
        Format::Record => text(
            exercises::render::records(&chosen, lang),
            "text/plain; charset=utf-8",
        ),
        Format::Lesson => text(
            exercises::render::lesson_text_with(&chosen, lang, query.solutions),
            "text/markdown; charset=utf-8",
        ),
        Format::Handout => {
            let handout = exercises::render::handout_with(&chosen, lang, query.solutions)
                .map_err(|e| Problem::new(Kind::Internal, e))?;
            text(handout.document, "text/html; charset=utf-8")
        }
    }
}

/// The games of a record text that read.
fn games_of(text: &str) -> Vec<GameRecord> {
    record::parse_games(text.strip_prefix('\u{feff}').unwrap_or(text))
        .into_iter()
        .filter(|parsed| parsed.errors.is_empty())
        .map(|parsed| parsed.record)
        .collect()
}

/// `POST /v1/exercises`: the exercises of the records in the body.
pub(crate) async fn post(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    let query = query(&request)?;
    let share = state.engine_share(request.client)?;
    let lang = request.lang;
    let deadline = request.deadline;
    let body = request.body(&state).await?;
    budget::check_annotated(body.len())?;
    let turn = state.engine_turn(share, deadline).await?;
    on_the_blocking_pool(turn, move |analyser| {
        let text =
            std::str::from_utf8(&body).map_err(|e| Problem::new(Kind::BadRecord, e.to_string()))?;
        let named = vec![("body".to_owned(), games_of(text))];
        answer(analyser, &named, &query, lang)
    })
    .await
}

/// Runs `work` with a fresh analyser on the blocking pool, holding the
/// engine `turn`; the analyser is cancelled when the client goes away.
async fn on_the_blocking_pool<F>(turn: EngineTurn, work: F) -> Result<Response, Problem>
where
    F: FnOnce(&Analyser) -> Result<Response, Problem> + Send + 'static,
{
    let analyser = analysis::analyser();
    let cancel = CancelOnDrop::new(&analyser);
    let task = tokio::task::spawn_blocking(move || {
        turn.start()?;
        work(&analyser)
    });
    let result = task.await;
    drop(cancel);
    match result {
        Ok(answer) => answer,
        Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
        Err(error) => Err(Problem::new(Kind::Internal, error.to_string())),
    }
}

/// `GET /v1/exercises`: the exercises of the archive's first games (at
/// most [`MAX_ARCHIVE_GAMES`]).
pub(crate) async fn get(state: Arc<State>, request: Request) -> Result<Response, Problem> {
    let query = query(&request)?;
    let share = state.engine_share(request.client)?;
    crate::auth::authorize(
        &state,
        &request.headers,
        request.deadline,
        crate::auth::Need::Read,
    )
    .await?;
    let lang = request.lang;
    let deadline = request.deadline;
    let records = crate::games::with_archive(&state, deadline, |archive| {
        let list = archive.search(&Filters::default(), MAX_ARCHIVE_GAMES, None)?;
        let mut records = Vec::with_capacity(list.games.len());
        for game in &list.games {
            if let Some(stored) = archive.game(&game.id)? {
                records.push((format!("archive game {}", game.id), stored.record));
            }
        }
        Ok(records)
    })
    .await?;
    let turn = state.engine_turn(share, deadline).await?;
    on_the_blocking_pool(turn, move |analyser| {
        let named: Vec<(String, Vec<GameRecord>)> = records
            .into_iter()
            .map(|(name, text)| (name, games_of(&text)))
            .collect();
        answer(analyser, &named, &query, lang)
    })
    .await
}

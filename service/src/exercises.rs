//! `POST /v1/exercises` (records in, exercises out) and `GET
//! /v1/exercises` (the archive's games): the finder of
//! `songo_notation::exercises`, within the request's limits — the body's
//! size as `/v1/annotate`, one engine slot (and the client's share of
//! engine requests), capped depths, and the search cancelled when the
//! request's time is up.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
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
use crate::content;
use crate::plumbing::{self, EngineTurn, Parsed, Request, State, Within, json};
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

/// The query's parameters, as they are written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Params {
    motif: Option<Parsed<Motif>>,
    difficulty: Option<Parsed<Levels>>,
    rules: Option<Parsed<Ruleset>>,
    count: Option<Within<1, { MAX_COUNT as u64 }>>,
    depth: Option<Within<1, { MAX_DEPTH as u64 }>>,
    proof_depth: Option<Within<1, { MAX_PROOF_DEPTH as u64 }>>,
    margin: Option<Within<1, 100>>,
    format: Option<Format>,
    solutions: Option<SolutionsParam>,
}

impl plumbing::Query for Params {
    fn refused(name: &str, value: &str) -> Problem {
        if name == "rules" {
            return content::ruleset_refused(name, value);
        }
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
}

#[derive(Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Format {
    Json,
    Record,
    Lesson,
    Handout,
}

/// `solutions=`.
#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
enum SolutionsParam {
    Separate,
    None,
    Inline,
}

/// `motif=`: a teaching term, its `teach.` prefix optional.
struct Motif(TeachId);

impl std::str::FromStr for Motif {
    type Err = ();
    fn from_str(text: &str) -> Result<Motif, ()> {
        let full = if text.starts_with("teach.") {
            text.to_owned()
        } else {
            format!("teach.{text}")
        };
        full.parse().map(Motif).map_err(|_| ())
    }
}

/// `difficulty=`: a level, or a range of levels `low-high`.
struct Levels(std::ops::RangeInclusive<u8>);

impl std::str::FromStr for Levels {
    type Err = ();
    fn from_str(text: &str) -> Result<Levels, ()> {
        let level = |text: &str| {
            text.parse::<u8>()
                .ok()
                .filter(|n| (1..=exercises::MAX_DIFFICULTY).contains(n))
                .ok_or(())
        };
        let (low, high) = text.split_once('-').unwrap_or((text, text));
        Ok(Levels(level(low)?..=level(high)?))
    }
}

fn query(request: &Request) -> Result<Query, Problem> {
    let params = request.query::<Params>()?;
    let depth = params.depth.map_or(DEPTH, |Within(depth)| depth as u32);
    let proof_depth = params
        .proof_depth
        .map_or(PROOF_DEPTH, |Within(depth)| depth as u32);
    Ok(Query {
        motif: params.motif.map(|Parsed(Motif(motif))| motif),
        levels: params
            .difficulty
            .map_or(1..=exercises::MAX_DIFFICULTY, |Parsed(Levels(levels))| {
                levels
            }),
        rules: params.rules.map(|Parsed(rules)| rules),
        count: params.count.map_or(20, |Within(count)| count as usize),
        options: Options {
            depth,
            proof_depth: proof_depth.max(depth),
            margin: params
                .margin
                .map_or(Options::default().margin, |Within(margin)| margin as i32),
            ..Options::default()
        },
        format: params.format.unwrap_or(Format::Json),
        solutions: match params.solutions {
            None | Some(SolutionsParam::Separate) => Solutions::Separate,
            Some(SolutionsParam::None) => Solutions::None,
            Some(SolutionsParam::Inline) => Solutions::Inline,
        },
    })
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
    content::check_annotated(body.len())?;
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

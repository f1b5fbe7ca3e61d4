//! The record routes: `POST /v1/validate`, `POST /v1/convert` and
//! `POST /v1/annotate`. Each reads its body first (within the memory kept
//! for bodies, so a flood of large bodies waits instead of filling it),
//! then takes a validation slot for its work: a body trickling in holds no
//! slot.

use std::sync::Arc;

use bytes::Bytes;
use serde::Deserialize;
use songo_notation::Ruleset;
use songo_notation::analysis::annotate::Engine;
use songo_notation::annotation;
use songo_notation::i18n::Message;
use songo_notation::msg;
use songo_notation::record::{self, GameRecord, serde as record_serde};
use songo_notation::sowing::ogn;
use songo_notation::validate::{self, Options, ValidationReport};
use tokio::sync::{OwnedSemaphorePermit, mpsc};
use tokio::time::Instant;
use warp::http::StatusCode;
use warp::http::header::{ACCEPT, CONTENT_TYPE, HeaderMap, HeaderValue};
use warp::reply::Response;

use crate::analysis;
use crate::body::Body;
use crate::content::{self, Media, ruleset_refused};
use crate::plumbing::{Parsed, Query, Request, State, json, slot};
use crate::problem::{Kind, Problem};

/// The media type of one JSON document per line.
const NDJSON: &str = "application/x-ndjson";

/// Whether the client asked for one line per game.
fn wants_ndjson(headers: &HeaderMap) -> bool {
    headers
        .get_all(ACCEPT)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|range| {
            range
                .split(';')
                .next()
                .is_some_and(|essence| essence.trim().eq_ignore_ascii_case(NDJSON))
        })
}

/// The records of a JSON or YAML body.
fn records_of(text: &str, media: Media) -> Result<Vec<GameRecord>, Problem> {
    let records = match media {
        Media::Yaml => record_serde::from_yaml(text),
        _ => record_serde::from_json(text),
    };
    records.map_err(|error| {
        let problem = Problem::new(
            Kind::BadRecord,
            msg!(
                "problem-detail-bad-record",
                media = media.name(),
                error = error.message().clone()
            ),
        );
        match error.place() {
            Some((line, column)) => problem.at(line, column),
            None => problem,
        }
    })
}

/// The record text to validate: the body itself, or the canonical text of
/// the JSON or YAML records it holds.
fn record_text(body: &[u8], media: Media) -> Result<String, Problem> {
    let text = content::text_within(body, record_serde::MAX_NESTING)?;
    match media {
        Media::Text => Ok(text.to_owned()),
        Media::Json | Media::Yaml => Ok(record::write_all(&records_of(text, media)?)),
    }
}

/// The query of `POST /v1/validate`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ValidateQuery {
    rules: Option<Parsed<Ruleset>>,
    keep_going: Option<KeepGoing>,
}

impl Query for ValidateQuery {
    fn refused(name: &str, value: &str) -> Problem {
        if name == "rules" {
            return ruleset_refused(name, value).with("parameter", "rules");
        }
        Problem::new(
            Kind::BadQuery,
            msg!("problem-detail-bad-keep-going", value = value),
        )
        .with("parameter", "keep_going")
    }
}

/// `keep_going=`: with no value, `true` or `1`; or `false` or `0`.
#[derive(Deserialize)]
enum KeepGoing {
    #[serde(rename = "true", alias = "", alias = "1")]
    Yes,
    #[serde(rename = "false", alias = "0")]
    No,
}

/// `POST /v1/validate`: replays every game of a record body and reports
/// every violation; one line per game with `Accept: application/x-ndjson`.
pub(crate) async fn validate(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    let mut options = Options {
        lang: request.lang,
        ..Options::default()
    };
    let ValidateQuery { rules, keep_going } = request.query()?;
    options.default_rules = rules.map(|Parsed(rules)| rules);
    if let Some(keep_going) = keep_going {
        options.keep_going = matches!(keep_going, KeepGoing::Yes);
    }
    let media = Media::of(&request.headers, &[Media::Text, Media::Json, Media::Yaml])?;
    let ndjson = wants_ndjson(&request.headers);
    let deadline = request.deadline;
    let body = request.body(&state).await?;
    let permit = slot(&state, deadline).await?;
    if ndjson {
        return stream_reports(permit, body, media, options, deadline).await;
    }
    let task = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let text = record_text(&body, media)?;
        let report: ValidationReport = validate::validate_str(&text, &options);
        json(StatusCode::OK, &report)
    });
    match task.await {
        Ok(answer) => answer,
        Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
        Err(error) => Err(crate::plumbing::internal(&error)),
    }
}

/// Validates game after game on the blocking pool, each report a line of
/// the answer as soon as it is ready. A body that cannot be read is still a
/// problem answer; past the deadline the stream ends with a problem line.
async fn stream_reports(
    permit: OwnedSemaphorePermit,
    body: Body,
    media: Media,
    options: Options,
    deadline: Instant,
) -> Result<Response, Problem> {
    let (lines, received) = mpsc::channel::<Bytes>(16);
    let (ready, started) = tokio::sync::oneshot::channel::<Result<(), Problem>>();
    let limit = deadline.into_std();
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let text = match record_text(&body, media) {
            Ok(text) => text,
            Err(problem) => {
                let _ = ready.send(Err(problem));
                return;
            }
        };
        let _ = ready.send(Ok(()));
        for game in record::games(&text) {
            if std::time::Instant::now() > limit {
                let problem = Problem::new(Kind::Timeout, msg!("problem-detail-stream-timeout"));
                let _ = lines.blocking_send(problem.json_line(options.lang));
                return;
            }
            let report = validate::validate_game(&game, &options);
            let mut line = serde_json::to_vec(&report).unwrap_or_default();
            line.push(b'\n');
            // The client left: stop validating.
            if lines.blocking_send(Bytes::from(line)).is_err() {
                return;
            }
        }
    });
    crate::plumbing::work_started(started, msg!("problem-detail-validation-stopped")).await?;
    let mut response =
        warp::Reply::into_response(warp::reply::stream(crate::plumbing::received(received, ())));
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(NDJSON));
    Ok(response)
}

/// The query of `POST /v1/annotate`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnnotateQuery {
    rules: Option<Parsed<Ruleset>>,
    engine: Option<bool>,
    depth: Option<u64>,
    movetime_ms: Option<u64>,
    progress: Option<bool>,
}

impl Query for AnnotateQuery {
    fn refused(name: &str, value: &str) -> Problem {
        let detail = match name {
            "rules" => return ruleset_refused(name, value).with("parameter", "rules"),
            "engine" => msg!("problem-detail-bad-engine", value = format!("{value:.20}")),
            "progress" => msg!(
                "problem-detail-bad-progress",
                value = format!("{value:.20}")
            ),
            _ => msg!(
                "problem-detail-not-whole-number",
                name = name,
                value = format!("{value:.20}")
            ),
        };
        Problem::new(Kind::BadQuery, detail).with("parameter", name)
    }
}

/// `POST /v1/annotate`: every game of a record body written back with the
/// teaching vocabulary as comments, and the annotations as data.
pub(crate) async fn annotate(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    let mut options = annotation::Options {
        lang: request.lang,
        default_rules: None,
    };
    let AnnotateQuery {
        rules,
        engine,
        depth,
        movetime_ms,
        progress,
    } = request.query()?;
    options.default_rules = rules.map(|Parsed(rules)| rules);
    let engine = engine.unwrap_or(false);
    let depth = depth.map(|depth| u32::try_from(depth).unwrap_or(u32::MAX));
    if !engine && (depth.is_some() || movetime_ms.is_some()) {
        // Name the limit given without the engine, as every bad-query does.
        let given = if depth.is_some() {
            "depth"
        } else {
            "movetime_ms"
        };
        return Err(
            Problem::new(Kind::BadQuery, msg!("problem-detail-engine-limits"))
                .with("parameter", given),
        );
    }
    let progress = progress.unwrap_or(false);
    if progress && !engine {
        return Err(Problem::new(
            Kind::BadQuery,
            msg!("problem-detail-progress-without-engine"),
        )
        .with("parameter", "progress"));
    }
    let media = Media::of(&request.headers, &[Media::Text, Media::Json, Media::Yaml])?;
    let deadline = request.deadline;
    // Checked before the body is read: a bad limit is refused at once.
    let share = if engine {
        analysis::annotate_limits(depth, movetime_ms, deadline)?;
        Some(state.engine_share(request.client)?)
    } else {
        None
    };
    let body = request.body(&state).await?;
    content::check_annotated(body.len())?;
    // With the engine, the engine's queue: a validation never waits
    // behind a search.
    let (permit, turn) = match share {
        Some(share) => (None, Some(state.engine_turn(share, deadline).await?)),
        None => (Some(slot(&state, deadline).await?), None),
    };
    // The engine's time starts with the slot: what is left of the request's
    // time then bounds it, so the work ends before the deadline.
    let limits = engine
        .then(|| analysis::annotate_limits(depth, movetime_ms, deadline))
        .transpose()?;
    if let Some(limits) = limits.filter(|_| progress) {
        let read = move || {
            let text = record_text(&body, media)?;
            annotation::read_text(&text).map_err(|error| {
                Problem::parse(Kind::BadRecord, &error).rule(songo_notation::RuleId::Syntax)
            })
        };
        return crate::annotating::stream(read, options, turn, limits, deadline).await;
    }
    let analyser = limits.map(|_| analysis::analyser());
    let _cancel = analyser.as_ref().map(analysis::CancelOnDrop::new);
    let task = tokio::task::spawn_blocking(move || {
        if let Some(turn) = &turn {
            turn.start()?;
        }
        let _held = (permit, turn);
        let text = record_text(&body, media)?;
        let engine = analyser
            .as_ref()
            .zip(limits)
            .map(|(analyser, limits)| Engine { analyser, limits });
        let report =
            annotation::annotate_text_with(&text, &options, engine.as_ref()).map_err(|error| {
                Problem::parse(Kind::BadRecord, &error).rule(songo_notation::RuleId::Syntax)
            })?;
        json(StatusCode::OK, &report)
    });
    match task.await {
        Ok(answer) => answer,
        Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
        Err(error) => Err(Problem::new(Kind::Internal, error.to_string())),
    }
}

/// The query of `POST /v1/convert`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConvertQuery {
    to: Option<Target>,
}

impl Query for ConvertQuery {
    fn refused(_: &str, value: &str) -> Problem {
        Problem::new(Kind::BadQuery, msg!("problem-detail-bad-to", value = value))
            .with("parameter", "to")
    }
}

/// The forms `/v1/convert` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Target {
    Record,
    Ogn,
    Json,
    Yaml,
}

/// `POST /v1/convert?to=record|ogn|json|yaml`: records from one form to
/// another.
pub(crate) async fn convert(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    let ConvertQuery { to } = request.query()?;
    let target = to.ok_or_else(|| {
        Problem::new(Kind::BadQuery, msg!("problem-detail-no-to")).with("parameter", "to")
    })?;
    let media = Media::of(&request.headers, &[Media::Text, Media::Json, Media::Yaml])?;
    let deadline = request.deadline;
    let body = request.body(&state).await?;
    let permit = slot(&state, deadline).await?;
    let task = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        convert_records(&body, media, target)
    });
    match task.await {
        Ok(answer) => answer,
        Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
        Err(error) => Err(crate::plumbing::internal(&error)),
    }
}

/// The work of `POST /v1/convert`.
fn convert_records(body: &[u8], media: Media, target: Target) -> Result<Response, Problem> {
    let text = content::text_within(body, record_serde::MAX_NESTING)?;
    let records = match media {
        Media::Text => record::read_all(text).map_err(|error| {
            Problem::parse(Kind::BadRecord, &error).rule(songo_notation::RuleId::Syntax)
        })?,
        Media::Json | Media::Yaml => records_of(text, media)?,
    };
    let (content, media_type) = match target {
        Target::Record => (record::write_all(&records), "text/plain; charset=utf-8"),
        Target::Ogn => {
            let mut games = Vec::with_capacity(records.len());
            for (index, record) in records.iter().enumerate() {
                games.push(ogn::to_ogn(record).map_err(|error| {
                    Problem::new(
                        Kind::BadRecord,
                        msg!(
                            "problem-detail-no-ogn",
                            game = index + 1,
                            error = error.message().clone()
                        ),
                    )
                    .with("index", index)
                })?);
            }
            (games.join("\n"), "text/plain; charset=utf-8")
        }
        Target::Json => return json(StatusCode::OK, &records),
        Target::Yaml => (
            serde_yaml::to_string(&records).map_err(|e| {
                Problem::new(
                    Kind::Internal,
                    msg!(
                        "problem-detail-cannot-write-yaml",
                        error = Message::verbatim(e.to_string())
                    ),
                )
            })?,
            "application/yaml",
        ),
    };
    let mut response = Response::new(content.into());
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(media_type));
    Ok(response)
}

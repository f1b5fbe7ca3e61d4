//! `POST /v1/annotate?engine=true&progress=true`: the engine's annotation
//! as server-sent events, so that a reader sees the marks as they are
//! decided instead of waiting up to 20 s for the whole record. One `ply`
//! event for each ply judged, as soon as it is judged; then one `record`
//! event, the answer the route gives without `progress`; or a `problem`
//! event when the work fails once the stream began. The work holds its
//! engine slot and runs within the limits it has without `progress`, and
//! the client leaving (or not reading) stops it.

use serde::Serialize;
use songo_notation::analysis::annotate::{Engine, EngineLimits, Mark, PlyJudgement};
use songo_notation::annotation::{self, EngineProgress, Options};
use songo_notation::i18n::Lang;
use songo_notation::msg;
use songo_notation::record::GameRecord;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use warp::Reply;
use warp::reply::Response;
use warp::sse::Event;

use crate::analysis::{self, CancelOnDrop};
use crate::plumbing::{EngineTurn, json_bytes};
use crate::problem::{Kind, Problem};

/// The events kept for a reader slower than the engine: past them the
/// engine waits for him, until the request's deadline.
const WAITING_EVENTS: usize = 64;

/// A `ply` event: the judgement as the answer's `engine.plies` give it,
/// with its game, the plies of that game (the progress: ply 34 of 171),
/// the glyph and the sentence in the request's language.
#[derive(Serialize)]
struct PlyEvent<'a> {
    game: usize,
    plies: usize,
    #[serde(flatten)]
    judgement: &'a PlyJudgement,
    glyph: Option<&'static str>,
    comment: Option<String>,
}

/// The event of a ply just judged.
fn ply_event(progress: EngineProgress<'_>, lang: Lang) -> Event {
    let judgement = progress.judgement;
    // The record's comment without its `[%eval]` tag: the value is in the
    // event's data already.
    let comment = judgement.comment(lang);
    let sentence = comment
        .strip_prefix(judgement.eval_tag().as_str())
        .map(str::trim)
        .filter(|sentence| !sentence.is_empty())
        .map(str::to_owned);
    let event = PlyEvent {
        game: progress.game,
        plies: progress.plies,
        judgement,
        glyph: judgement.mark.map(Mark::glyph),
        comment: sentence,
    };
    Event::default()
        .event("ply")
        .json_data(&event)
        .unwrap_or_else(|_| {
            problem_event(
                &Problem::new(Kind::Internal, msg!("problem-detail-annotation-stopped")),
                lang,
            )
        })
}

/// A `problem` event: the problem's JSON, in `lang`.
fn problem_event(problem: &Problem, lang: Lang) -> Event {
    let line = problem.json_line(lang);
    Event::default()
        .event("problem")
        .data(String::from_utf8_lossy(line.trim_ascii_end()))
}

/// The last event: the whole answer, as without `progress`.
fn record_event(report: &annotation::AnnotationReport, lang: Lang) -> Event {
    match json_bytes(report) {
        Ok(text) => Event::default()
            .event("record")
            .data(String::from_utf8_lossy(text.trim_ascii_end())),
        Err(problem) => problem_event(&problem, lang),
    }
}

/// The answer of `progress=true`: the body read into records first by
/// `read` (a record that cannot be read is still a 400 answer), then the
/// stream.
pub(crate) async fn stream(
    read: impl FnOnce() -> Result<Vec<GameRecord>, Problem> + Send + 'static,
    options: Options,
    turn: Option<EngineTurn>,
    limits: EngineLimits,
    deadline: Instant,
) -> Result<Response, Problem> {
    let analyser = analysis::analyser();
    let cancel = CancelOnDrop::new(&analyser);
    let canceller = analyser.canceller();
    let (events, received) = mpsc::channel::<Event>(WAITING_EVENTS);
    let (ready, started) = oneshot::channel::<Result<(), Problem>>();
    let runtime = tokio::runtime::Handle::current();
    let lang = options.lang;
    let watched = events.clone();
    let work = tokio::task::spawn_blocking(move || {
        let records = turn
            .as_ref()
            .map_or(Ok(()), EngineTurn::start)
            .and_then(|()| read());
        let records = match records {
            Ok(records) => records,
            Err(problem) => {
                let _ = ready.send(Err(problem));
                return;
            }
        };
        let _ = ready.send(Ok(()));
        let _turn = turn;
        // False once the client left or stopped reading until the deadline.
        let send = |event: Event| {
            let sent = runtime.block_on(tokio::time::timeout_at(deadline, events.send(event)));
            matches!(sent, Ok(Ok(())))
        };
        let engine = Engine {
            analyser: &analyser,
            limits,
        };
        let mut reading = true;
        let report = annotation::annotate_records_reporting(
            &records,
            &options,
            Some(&engine),
            &mut |progress| {
                if reading && !send(ply_event(progress, lang)) {
                    reading = false;
                    canceller.cancel();
                }
            },
        );
        if reading {
            send(record_event(&report, lang));
        }
    });
    // A panic of the work ends the stream with a problem, not silence.
    tokio::spawn(async move {
        if work.await.is_err() {
            let problem = Problem::new(Kind::Internal, msg!("problem-detail-annotation-stopped"));
            let _ = watched.send(problem_event(&problem, lang)).await;
        }
    });
    crate::plumbing::work_started(started, msg!("problem-detail-annotation-stopped")).await?;
    // Dropped when the client leaves, which cancels the engine's search.
    let progress = crate::plumbing::received(received, cancel);
    Ok(warp::sse::reply(warp::sse::keep_alive().stream(progress)).into_response())
}

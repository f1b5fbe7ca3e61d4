//! The archive's routes: `GET /v1/games` (search, or every match
//! streamed: [`export`]), `GET /v1/games/{id}`,
//! `POST /v1/games` (import, with the bearer token), `GET /v1/explorer`,
//! `GET /v1/standings`, `GET /v1/players`, `GET /v1/events`. Thin: the work is the archive's
//! ([`crate::archive`]), run on the blocking pool (the sync PostgreSQL
//! client must not run on the runtime's threads) in a job slot.

use std::collections::BTreeMap;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};

use bytes::Bytes;
use futures_util::Stream;
use serde::{Deserialize, Serialize};
use songo_notation::i18n::{Lang, Message};
use songo_notation::msg;
use songo_notation::read::read_position;
use songo_notation::record::games;
use songo_notation::render::Drawing;
use songo_notation::tiebreak::TieBreak;
use songo_notation::validate::Options;
use songo_notation::{AnyPosition, Conventions, GamePosition, LetterCase, Ruleset, Side};
use tokio::sync::{Semaphore, mpsc};
use warp::http::StatusCode;
use warp::http::header::{CONTENT_TYPE, ETAG, HeaderValue, IF_MATCH};
use warp::reply::Response;

use crate::archive::render::{self, Table};
use crate::archive::{
    Account, Archive, ArchiveError, Author, Export, ExportedGame, Filters, GameChange, PeopleError,
    Post, Refused, Revised, Store, position_at, position_key,
};
use crate::auth::{self, Need, authorize};
use crate::budget::{self, Held};
use crate::content::{Media, bad_value, ruleset_refused};
use crate::handlers::json_body;
use crate::plumbing::{self, NoQuery, Parsed, Query, Request, State, Within, json};
use crate::problem::{Kind, Problem};

/// An archive's failure as a problem: no such game a 404, a change made
/// on a stale revision a 412, one the game as it is refuses a 409, a
/// changed text that is no game a 422, other input a 400, the store's
/// failure a 503.
fn problem(error: &ArchiveError) -> Problem {
    let kind = match error {
        ArchiveError::NoSuchGame(_) => Kind::NoSuchGame,
        ArchiveError::Stale { .. } => Kind::StaleRevision,
        ArchiveError::Unchanged(..) | ArchiveError::Duplicate(_) => Kind::Conflict,
        ArchiveError::NotAGame(_) => Kind::NotAGame,
        error if error.is_input() => Kind::BadQuery,
        _ => Kind::ArchiveUnavailable,
    };
    let mut problem = Problem::new(kind, error.message());
    match error {
        ArchiveError::Stale { id, current } => {
            problem = problem
                .with("current_revision", current)
                .with("etag", etag(id, *current));
        }
        ArchiveError::Unchanged(_, why) => problem = problem.with("reason", why),
        ArchiveError::Duplicate(other) => {
            problem = problem.with("reason", "duplicate").with("other", other);
        }
        _ => {}
    }
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

/// The server keeps no archive: how to keep one.
pub(crate) fn no_archive() -> Problem {
    Problem::new(Kind::NoArchive, msg!("problem-detail-no-archive"))
        .with_words("hint", msg!("hint-serve-archive"))
}

/// Runs `work` on a connection of the archive, on the blocking pool, in a
/// job slot.
pub(crate) async fn with_archive<T: Send + 'static>(
    state: &State,
    deadline: tokio::time::Instant,
    work: impl FnOnce(&mut Archive) -> Result<T, ArchiveError> + Send + 'static,
) -> Result<T, Problem> {
    with_archive_in(state, &state.jobs, deadline, work).await
}

/// `work` with the archive's pool of connections, on a thread that may
/// block, in a job slot: [`with_archive`] for work that takes its
/// connections itself.
async fn with_store<T: Send + 'static>(
    state: &State,
    deadline: tokio::time::Instant,
    work: impl FnOnce(&Store) -> Result<T, ArchiveError> + Send + 'static,
) -> Result<T, Problem> {
    let Some(store) = state.store.clone() else {
        return Err(no_archive());
    };
    let count = state.config.max_concurrent_jobs;
    let permit = plumbing::acquire(&state.jobs, deadline, || Problem::busy("job", count)).await?;
    let task = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work(&store)
    });
    match task.await {
        Ok(result) => result.map_err(|e| problem(&e)),
        Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
        Err(error) => Err(plumbing::internal(&error)),
    }
}

/// [`with_archive`] in a slot of `slots` (the jobs', or the live writes').
pub(crate) async fn with_archive_in<T: Send + 'static>(
    state: &State,
    slots: &Arc<Semaphore>,
    deadline: tokio::time::Instant,
    work: impl FnOnce(&mut Archive) -> Result<T, ArchiveError> + Send + 'static,
) -> Result<T, Problem> {
    let Some(store) = state.store.clone() else {
        return Err(no_archive());
    };
    let count = state.config.max_concurrent_jobs;
    let permit = plumbing::acquire(slots, deadline, || Problem::busy("job", count)).await?;
    let task = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let mut archive = store.take()?;
        let result = work(&mut archive);
        // A connection the database failed may be broken: not kept; one
        // that refused the user's input (a bad cursor, a stale revision)
        // is healthy, and kept.
        if result
            .as_ref()
            .map_or_else(ArchiveError::is_input, |_| true)
        {
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

/// A 400 for a value of the query that is not what the parameter takes,
/// saying what it takes.
fn unexpected(name: &str, value: &str, expected: Message) -> Problem {
    Problem::new(
        Kind::BadQuery,
        msg!(
            "problem-detail-bad-value-expected",
            name = name,
            value = value,
            expected = expected
        ),
    )
    .with("parameter", name)
}

/// A position given in a query: any notation songo reads; and whether it
/// says who is to move.
fn position_param(
    text: &str,
    rules: Option<songo_notation::Ruleset>,
) -> Result<(AnyPosition, bool), Problem> {
    read_position(text, rules)
        .map(|read| (read.position, read.to_move_named))
        .map_err(|error| Problem::parse(Kind::BadPosition, &error))
}

/// The query of `GET /v1/games`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchQuery {
    player: Option<String>,
    event: Option<String>,
    site: Option<String>,
    since: Option<Parsed<Date>>,
    until: Option<Parsed<Date>>,
    round: Option<String>,
    rules: Option<Parsed<Ruleset>>,
    result: Option<String>,
    valid: Option<bool>,
    min_plies: Option<u32>,
    max_plies: Option<u32>,
    position: Option<String>,
    limit: Option<Within<1, 1000>>,
    after: Option<String>,
    format: Option<Format>,
}

impl Query for SearchQuery {
    fn refused(name: &str, value: &str) -> Problem {
        match name {
            "since" | "until" => unexpected(name, value, msg!("archive-expected-date")),
            "min_plies" | "max_plies" => unexpected(name, value, msg!("archive-expected-plies")),
            "rules" => ruleset_refused(name, value),
            _ => bad_value(name, value),
        }
    }
}

/// A date of a filter (`since`, `until`): `YYYY`, `YYYY.MM` or `YYYY.MM.DD`.
struct Date(String);

impl std::str::FromStr for Date {
    type Err = ();
    fn from_str(text: &str) -> Result<Date, ()> {
        crate::archive::is_filter_date(text)
            .then(|| Date(text.to_owned()))
            .ok_or(())
    }
}

/// `format=` of `GET /v1/games`: a page of JSON, or every match streamed.
#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Format {
    Json,
    Ndjson,
    Record,
}

/// `GET /v1/games`: a page of games matching the filters.
pub(crate) async fn search(state: Arc<State>, request: Request) -> Result<Response, Problem> {
    let query = request.query::<SearchQuery>()?;
    authorize(&state, &request.headers, request.deadline, Need::Read).await?;
    let rules = query.rules.map(|Parsed(rules)| rules);
    let mut filters = Filters {
        player: query.player,
        event: query.event,
        site: query.site,
        since: query.since.map(|Parsed(Date(date))| date),
        until: query.until.map(|Parsed(Date(date))| date),
        round: query.round,
        result: query.result,
        rules: rules.map(|rules| rules.id().to_owned()),
        valid: query.valid,
        min_plies: query.min_plies.map(i64::from),
        max_plies: query.max_plies.map(i64::from),
        ..Filters::default()
    };
    let limit = query.limit.map_or(50, |Within(limit)| limit as usize);
    let after = query.after;
    // The page's parameter an export refuses (`limit` named first).
    let paged = match (&query.limit, &after) {
        (Some(_), _) => Some("limit"),
        (None, Some(_)) => Some("after"),
        (None, None) => None,
    };
    let streamed = match query.format {
        None | Some(Format::Json) => None,
        Some(Format::Ndjson) => Some(Streamed::Ndjson),
        Some(Format::Record) => Some(Streamed::Record),
    };
    // A position that does not say who is to move: both sides searched.
    let mut either_side = None;
    if let Some(text) = query.position {
        match position_param(&text, rules)? {
            (position, true) => filters.position = Some(position_key(&position)),
            (position, false) => either_side = Some(position),
        }
    }
    if let Some(form) = streamed {
        refuse_for_export(form, paged, either_side.is_some())?;
        return export(state, request.deadline, request.lang, filters, form).await;
    }
    let list = with_archive(
        &state,
        request.deadline,
        move |archive| match &either_side {
            Some(position) => {
                archive.search_either_side(&filters, position, limit, after.as_deref())
            }
            None => archive.search(&filters, limit, after.as_deref()),
        },
    )
    .await?;
    json(StatusCode::OK, &list)
}

/// What an export (`format=ndjson|record`) refuses: a page's parameter
/// (`limit`, `after`: an export has no pages), and a position that does
/// not say who is to move (an export goes through one position).
fn refuse_for_export(
    form: Streamed,
    paged: Option<&str>,
    either_side: bool,
) -> Result<(), Problem> {
    if let Some(name) = paged {
        return Err(Problem::new(
            Kind::BadQuery,
            msg!(
                "problem-detail-export-no-pages",
                name = name,
                format = form.name()
            ),
        )
        .with("parameter", name));
    }
    if either_side {
        return Err(
            Problem::new(Kind::BadQuery, msg!("archive-export-side-needed"))
                .with("parameter", "position"),
        );
    }
    Ok(())
}

/// The forms `GET /v1/games` streams every match in (`format=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Streamed {
    /// A game a line, as JSON, with its record.
    Ndjson,
    /// The records, a file of records.
    Record,
}

impl Streamed {
    fn name(self) -> &'static str {
        match self {
            Streamed::Ndjson => "ndjson",
            Streamed::Record => "record",
        }
    }

    fn content_type(self) -> &'static str {
        match self {
            Streamed::Ndjson => "application/x-ndjson",
            Streamed::Record => "text/plain; charset=utf-8",
        }
    }

    /// A page of an export in this form.
    fn write(self, games: &[ExportedGame]) -> Bytes {
        let mut text = String::new();
        for game in games {
            match self {
                Streamed::Record => render::push_record(&mut text, &game.summary, &game.record),
                Streamed::Ndjson => {
                    // A game of plain strings and numbers: it serializes.
                    text.push_str(&serde_json::to_string(game).unwrap_or_default());
                    text.push('\n');
                }
            }
        }
        Bytes::from(text)
    }
}

/// What goes from an export's reader to its answer's body.
enum Piece {
    /// A page, holding its part of the memory for answers until the body
    /// hands it to the connection.
    Page(Bytes, Held),
    /// The export could not go on: the problem's line (NDJSON), then the
    /// answer ends in error, so that the client cannot take what it got
    /// for the whole.
    Stopped(Option<Bytes>),
}

/// `GET /v1/games?format=ndjson|record`: every game that matches, without
/// pages. The games are counted before the answer starts (its
/// `X-Total-Count`; games added later are left out), then read a page of
/// [`EXPORT_PAGE`](crate::archive::EXPORT_PAGE) at a time, each page in a job slot of its own and
/// under a request time limit of its own ([`send_pages`]): however long
/// the export, it holds no slot while its client reads, and a slow
/// client is cut off by the send timeout as any other.
async fn export(
    state: Arc<State>,
    deadline: tokio::time::Instant,
    lang: Lang,
    filters: Filters,
    form: Streamed,
) -> Result<Response, Problem> {
    let export = with_archive(&state, deadline, move |archive| archive.export(&filters)).await?;
    let total = export.total();
    // One page waits for the client at most, another is being read.
    let (pages, received) = mpsc::channel(1);
    tokio::spawn(send_pages(state, export, form, lang, pages));
    let body = Pieces {
        received,
        stopped: false,
    };
    let mut response = warp::Reply::into_response(warp::reply::stream(body));
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(form.content_type()));
    headers.insert("x-total-count", HeaderValue::from(total));
    Ok(response)
}

/// Reads an export's pages and hands them to the answer's body, until the
/// last one or the client leaves. A page is read once the one before is
/// taken by the body (a client that reads slowly makes no page wait), in
/// a job slot, on the blocking pool, within `request_timeout` from then;
/// it holds its part of the memory for answers (counted whole: the 64 KiB
/// an answer has uncounted are not given to each page) until it is handed
/// to the connection.
async fn send_pages(
    state: Arc<State>,
    mut export: Export,
    form: Streamed,
    lang: Lang,
    pages: mpsc::Sender<Piece>,
) {
    loop {
        let Ok(room) = pages.reserve().await else {
            // The client left.
            return;
        };
        let deadline = tokio::time::Instant::now() + state.config.request_timeout;
        let read = with_archive(&state, deadline, move |archive| {
            let games = archive.export_page(&mut export)?;
            Ok((export, !games.is_empty(), form.write(&games)))
        })
        .await;
        let problem = match read {
            Ok((_, false, _)) => return,
            Ok((more, true, page)) => {
                export = more;
                let mut held = Held::default();
                let counted = (page.len() + budget::UNCOUNTED_BYTES).min(state.answers.bytes());
                if state.answers.cover(&mut held, counted, deadline).await {
                    room.send(Piece::Page(page, held));
                    continue;
                }
                Problem::busy_because(msg!(
                    "problem-detail-answers-busy",
                    limit = state.answers.bytes()
                ))
            }
            Err(problem) => problem,
        };
        let why = problem.json_line(Lang::En);
        tracing::warn!(
            problem = %String::from_utf8_lossy(&why).trim_end(),
            "an export stopped before its end"
        );
        let line = (form == Streamed::Ndjson).then(|| problem.json_line(lang));
        room.send(Piece::Stopped(line));
        return;
    }
}

/// The body of an export's answer: its pages as they come.
struct Pieces {
    received: mpsc::Receiver<Piece>,
    stopped: bool,
}

/// Ends an export's answer in error: the connection is closed before the
/// answer's end.
#[derive(Debug)]
struct ExportStopped;

impl std::fmt::Display for ExportStopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the export stopped before its end")
    }
}

impl std::error::Error for ExportStopped {}

impl Stream for Pieces {
    type Item = Result<Bytes, ExportStopped>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.stopped {
            return Poll::Ready(Some(Err(ExportStopped)));
        }
        match ready!(self.received.poll_recv(cx)) {
            // Handed to the connection: its memory is given back.
            Some(Piece::Page(page, _held)) => Poll::Ready(Some(Ok(page))),
            Some(Piece::Stopped(line)) => {
                self.stopped = true;
                match line {
                    Some(line) => Poll::Ready(Some(Ok(line))),
                    None => Poll::Ready(Some(Err(ExportStopped))),
                }
            }
            None => Poll::Ready(None),
        }
    }
}

/// The query of `GET /v1/games/{id}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameQuery {
    format: Option<GameFormat>,
    ply: Option<usize>,
}

impl Query for GameQuery {}

/// `format=` of `GET /v1/games/{id}`.
#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum GameFormat {
    Json,
    Record,
    Svg,
}

/// `GET /v1/games/{id}`: a game as JSON, its record, or the board at a ply
/// as SVG; a deleted game too (`deleted: true`). The JSON and the record
/// carry the game's `ETag` (the SVG's words follow the request's
/// language, so it has none).
pub(crate) async fn game(
    state: Arc<State>,
    request: Request,
    id: String,
) -> Result<Response, Problem> {
    let GameQuery { format, ply } = request.query()?;
    authorize(&state, &request.headers, request.deadline, Need::Read).await?;
    let id = game_id(&state, &id)?;
    let wanted = id.clone();
    let stored = with_archive(&state, request.deadline, move |archive| {
        archive.game(&wanted)
    })
    .await?;
    let Some(stored) = stored else {
        return Err(no_such_game(&id));
    };
    let tag = etag(&id, stored.revision);
    let (body, content_type) = match format {
        Some(GameFormat::Record) => (stored.record + "\n", "text/plain; charset=utf-8"),
        Some(GameFormat::Svg) => {
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
            let mut response = Response::new(picture.into());
            response
                .headers_mut()
                .insert(CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"));
            return Ok(response);
        }
        _ => {
            let mut value = serde_json::to_value(&stored).map_err(|e| plumbing::internal(&e))?;
            if let Some(ply) = ply
                && let Some(position) = position_at(&stored.record, Some(ply))
            {
                value["position"] =
                    serde_json::to_value(&position).map_err(|e| plumbing::internal(&e))?;
            }
            return Ok(with_etag(json(StatusCode::OK, &value)?, &tag));
        }
    };
    let mut response = Response::new(body.into());
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    Ok(with_etag(response, &tag))
}

/// The longest reason a change may give, in characters.
pub(crate) const MAX_REASON: usize = 500;
/// The most tags one change sets.
const MAX_TAGS: usize = 64;
/// The longest tag name, in bytes.
const MAX_TAG_NAME: usize = 64;
/// The longest tag value, in characters.
const MAX_TAG_VALUE: usize = 1000;

/// A game's `ETag`: its id and revision, a strong validator.
fn etag(id: &str, revision: i64) -> String {
    format!("\"{id}-{revision}\"")
}

/// `response` with the `ETag` header.
fn with_etag(mut response: Response, tag: &str) -> Response {
    if let Ok(value) = HeaderValue::from_str(tag) {
        response.headers_mut().insert(ETAG, value);
    }
    response
}

/// No game of this id: 404, with how ids are written.
fn no_such_game(id: &str) -> Problem {
    Problem::new(Kind::NoSuchGame, msg!("problem-detail-no-game", id = id))
        .with_words("hint", msg!("hint-archive-no-such-game"))
}

/// The `{id}` of a game's path, in its canonical form (16 lowercase
/// hexadecimal digits); anything else names no game (404, its first 40
/// characters quoted), and a server without an archive says so first.
fn game_id(state: &State, id: &str) -> Result<String, Problem> {
    if state.store.is_none() {
        return Err(no_archive());
    }
    if id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok(id.to_ascii_lowercase());
    }
    let shown: String = id.chars().take(40).collect();
    Err(no_such_game(&shown))
}

/// What `If-Match` lets a change be made on.
#[derive(Debug, PartialEq, Eq)]
enum Precondition {
    /// `*`: whatever the game's revision is.
    Any,
    /// One of these revisions of the game (none: no tag of this game).
    Revisions(Vec<i64>),
}

/// Reads `If-Match` for the game `id`: 428 without it. Each strong tag
/// `"ID-REVISION"` of this game counts; weak tags (`W/"…"`) and tags of
/// other games or of no form of ours never match (RFC 9110, 13.1.1).
fn precondition(request: &Request, id: &str) -> Result<Precondition, Problem> {
    let values: Vec<&str> = request
        .headers
        .get_all(IF_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .collect();
    if values.is_empty() {
        return Err(Problem::new(
            Kind::PreconditionRequired,
            msg!("problem-detail-if-match-needed", id = id),
        )
        .with_words("hint", msg!("hint-if-match")));
    }
    let mut revisions = Vec::new();
    for value in values {
        let mut rest = value.trim();
        while !rest.is_empty() {
            rest = rest.trim_start_matches([',', ' ', '\t']);
            if let Some(after) = rest.strip_prefix('*')
                && (after.trim_start_matches([' ', '\t']).is_empty() || after.starts_with(','))
            {
                return Ok(Precondition::Any);
            }
            let weak = rest.starts_with("W/");
            let quoted = rest.strip_prefix("W/").unwrap_or(rest);
            let Some(inner) = quoted.strip_prefix('"') else {
                // Not an entity tag: nothing after it is read.
                break;
            };
            let Some((tag, after)) = inner.split_once('"') else {
                break;
            };
            rest = after;
            if weak {
                continue;
            }
            if let Some(revision) = tag
                .strip_prefix(id)
                .and_then(|tail| tail.strip_prefix('-'))
                .and_then(|number| number.parse::<i64>().ok())
            {
                revisions.push(revision);
            }
        }
    }
    Ok(Precondition::Revisions(revisions))
}

impl Precondition {
    /// The revision to make the change on (`None`: any), the game as it
    /// is read when `If-Match` names several (or none of its) revisions.
    fn expected(self, archive: &mut Archive, id: &str) -> Result<Option<i64>, ArchiveError> {
        match self {
            Precondition::Any => Ok(None),
            Precondition::Revisions(revisions) if revisions.len() == 1 => Ok(Some(revisions[0])),
            Precondition::Revisions(revisions) => {
                let current = archive
                    .game(id)?
                    .ok_or_else(|| ArchiveError::NoSuchGame(id.to_owned()))?
                    .revision;
                if revisions.contains(&current) {
                    Ok(Some(current))
                } else {
                    Err(ArchiveError::Stale {
                        id: id.to_owned(),
                        current,
                    })
                }
            }
        }
    }
}

/// A body member that is not what a change takes (400, pointing at it).
fn bad_member(pointer: &str, detail: songo_notation::i18n::Message) -> Problem {
    Problem::new(Kind::BadJson, detail).with("pointer", pointer)
}

/// A change's reason, trimmed: within [`MAX_REASON`] characters, on one
/// line; `None` when empty.
fn reason_of(text: &str, pointer: &str) -> Result<Option<String>, Problem> {
    let text = text.trim();
    let length = text.chars().count();
    if length > MAX_REASON {
        return Err(bad_member(
            pointer,
            msg!(
                "problem-detail-reason-too-long",
                length = length,
                limit = MAX_REASON
            ),
        ));
    }
    if text.chars().any(char::is_control) {
        return Err(bad_member(pointer, msg!("problem-detail-reason-control")));
    }
    Ok((!text.is_empty()).then(|| text.to_owned()))
}

/// The body of `PATCH /v1/games/{id}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EditRequest {
    #[serde(default)]
    tags: BTreeMap<String, String>,
    #[serde(default)]
    moves: Option<String>,
    reason: String,
}

impl EditRequest {
    /// The change and its reason, each part checked: tag names as the
    /// record format writes them (ASCII letters, digits, `_`), values on
    /// one line, a reason.
    fn checked(self) -> Result<(GameChange, String), Problem> {
        if self.tags.len() > MAX_TAGS {
            return Err(bad_member(
                "/tags",
                msg!(
                    "problem-detail-too-many-tags",
                    count = self.tags.len(),
                    limit = MAX_TAGS
                ),
            ));
        }
        for (name, value) in &self.tags {
            let pointer = format!("/tags/{}", name.replace('~', "~0").replace('/', "~1"));
            let well_named = !name.is_empty()
                && name.len() <= MAX_TAG_NAME
                && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
            if !well_named {
                let shown: String = name.chars().take(MAX_TAG_NAME).collect();
                return Err(bad_member(
                    &pointer,
                    msg!(
                        "problem-detail-tag-name",
                        name = shown,
                        limit = MAX_TAG_NAME
                    ),
                ));
            }
            if value.chars().count() > MAX_TAG_VALUE || value.chars().any(char::is_control) {
                return Err(bad_member(
                    &pointer,
                    msg!(
                        "problem-detail-tag-value",
                        name = name.as_str(),
                        limit = MAX_TAG_VALUE
                    ),
                ));
            }
        }
        let moves = self.moves.filter(|moves| !moves.trim().is_empty());
        if self.tags.is_empty() && moves.is_none() {
            return Err(Problem::new(
                Kind::BadJson,
                msg!("problem-detail-empty-change"),
            ));
        }
        let Some(reason) = reason_of(&self.reason, "/reason")? else {
            return Err(bad_member(
                "/reason",
                msg!("problem-detail-reason-needed", limit = MAX_REASON),
            ));
        };
        let change = GameChange {
            tags: self
                .tags
                .into_iter()
                .map(|(name, value)| (name, value.trim().to_owned()))
                .collect(),
            moves,
        };
        Ok((change, reason))
    }
}

/// The body of `DELETE /v1/games/{id}` and `POST /v1/games/{id}/restore`
/// (optional).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ReasonRequest {
    #[serde(default)]
    reason: Option<String>,
}

impl Query for ReasonRequest {}

/// The reason of a delete or a restore: the body's `reason` or the
/// query's, not both; none at all is allowed.
async fn optional_reason(state: &State, request: &mut Request) -> Result<Option<String>, Problem> {
    let from_query = request.query::<ReasonRequest>()?.reason;
    Media::of(&request.headers, &[Media::Json])?;
    let body = request.body(state).await?;
    let text = crate::content::text(&body)?;
    let from_body = if text.trim().is_empty() {
        None
    } else {
        json_body::<ReasonRequest>(text)?.reason
    };
    match (from_query, from_body) {
        (Some(_), Some(_)) => Err(Problem::new(
            Kind::BadQuery,
            msg!("problem-detail-reason-twice"),
        )
        .with("parameter", "reason")),
        (Some(query), None) => {
            reason_of(&query, "reason").map_err(|p| p.with("parameter", "reason"))
        }
        (None, Some(body)) => reason_of(&body, "/reason"),
        (None, None) => Ok(None),
    }
}

/// A change's answer: the game's id, revision and whether it is deleted,
/// with its new `ETag`.
fn revised(revised: &Revised) -> Result<Response, Problem> {
    let tag = etag(&revised.id, revised.revision);
    Ok(with_etag(json(StatusCode::OK, revised)?, &tag))
}

/// `PATCH /v1/games/{id}`: a game's tags set or removed, its moves
/// replaced, as a new revision made on the one `If-Match` names.
pub(crate) async fn edit(
    state: Arc<State>,
    mut request: Request,
    id: String,
) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    let account = keeper(&state, &request.headers, request.deadline).await?;
    let id = game_id(&state, &id)?;
    let precondition = precondition(&request, &id)?;
    Media::of(&request.headers, &[Media::Json])?;
    let body = request.body(&state).await?;
    let text = crate::content::text(&body)?;
    let (change, reason) = json_body::<EditRequest>(text)?.checked()?;
    drop(body);
    let answer = with_archive(&state, request.deadline, move |archive| {
        let expected = precondition.expected(archive, &id)?;
        let author = Author {
            by: &account.name,
            reason: Some(&reason),
            account: Some(&account),
        };
        archive.edit(&id, expected, &change, author)
    })
    .await?;
    revised(&answer)
}

/// Which of the two the route does.
#[derive(Clone, Copy)]
enum Removal {
    Delete,
    Restore,
}

/// `DELETE /v1/games/{id}` and `POST /v1/games/{id}/restore`.
async fn delete_or_restore(
    state: Arc<State>,
    mut request: Request,
    id: String,
    removal: Removal,
) -> Result<Response, Problem> {
    let account = keeper(&state, &request.headers, request.deadline).await?;
    let id = game_id(&state, &id)?;
    let precondition = precondition(&request, &id)?;
    let reason = optional_reason(&state, &mut request).await?;
    let answer = with_archive(&state, request.deadline, move |archive| {
        let expected = precondition.expected(archive, &id)?;
        let author = Author {
            by: &account.name,
            reason: reason.as_deref(),
            account: Some(&account),
        };
        match removal {
            Removal::Delete => archive.delete(&id, expected, author),
            Removal::Restore => archive.restore(&id, expected, author),
        }
    })
    .await?;
    revised(&answer)
}

/// `DELETE /v1/games/{id}`: the game leaves every list; its history stays.
pub(crate) async fn delete(
    state: Arc<State>,
    request: Request,
    id: String,
) -> Result<Response, Problem> {
    delete_or_restore(state, request, id, Removal::Delete).await
}

/// `POST /v1/games/{id}/restore`: a deleted game back, as its last text.
pub(crate) async fn restore(
    state: Arc<State>,
    request: Request,
    id: String,
) -> Result<Response, Problem> {
    delete_or_restore(state, request, id, Removal::Restore).await
}

/// `GET /v1/games/{id}/history`: every revision of a game, oldest first.
pub(crate) async fn history(
    state: Arc<State>,
    request: Request,
    id: String,
) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    authorize(&state, &request.headers, request.deadline, Need::Read).await?;
    let id = game_id(&state, &id)?;
    let wanted = id.clone();
    let history = with_archive(&state, request.deadline, move |archive| {
        archive.history(&wanted)
    })
    .await?;
    match history {
        Some(history) => json(StatusCode::OK, &history),
        None => Err(no_such_game(&id)),
    }
}

/// What `POST /v1/games` answers: the ArchiveImportReport and each game's id.
#[derive(Serialize)]
struct ImportReport {
    imported: usize,
    duplicates: usize,
    invalid: usize,
    unreadable: Vec<Unreadable>,
    invalid_games: Vec<crate::archive::InvalidGame>,
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

/// The account a write is made by: the request's token, looked up among
/// the archive's accounts ([`authorize`]); its name is what the history
/// records, the one place `by` is decided. A server without an archive
/// says so first, whatever the token.
async fn keeper(
    state: &State,
    headers: &warp::http::HeaderMap,
    deadline: tokio::time::Instant,
) -> Result<Account, Problem> {
    if state.store.is_none() {
        return Err(no_archive());
    }
    authorize(state, headers, deadline, Need::Write).await
}

/// `POST /v1/games`: import the games of a record (text) body, as the
/// account of the request's token ([`auth::authorize_post`]), committed
/// with the posts that arrive meanwhile (`archive::Store::post`).
pub(crate) async fn import(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    if state.store.is_none() {
        return Err(no_archive());
    }
    let (account, recheck) =
        auth::authorize_post(&state, &request.headers, request.deadline).await?;
    // The body first, within its limits: a slow client holds no slot
    // while its records arrive.
    let body = request.body(&state).await?;
    let _slot = plumbing::slot(&state, request.deadline).await?;
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
    let report = with_store(&state, request.deadline, move |store| {
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
        // The answer's lists first: the post takes the games.
        let mut report = ImportReport {
            imported: 0,
            duplicates: 0,
            invalid: prepared.iter().filter(|g| !g.valid()).count(),
            unreadable,
            // A body holds some MB of records: each of its invalid games.
            invalid_games: prepared
                .iter()
                .filter_map(|g| g.invalid_game("<body>"))
                .collect(),
            games: prepared
                .iter()
                .map(|g| Imported {
                    id: g.id(),
                    valid: g.valid(),
                })
                .collect(),
        };
        let post = Post {
            games: prepared,
            account,
            recheck,
        };
        Ok(store.post(post)?.map(|outcome| {
            report.imported = outcome.imported;
            report.duplicates = outcome.duplicates;
            report
        }))
    })
    .await?
    .map_err(|refused| match refused {
        Refused::OtherClub(other) => auth::other_club(&other),
        Refused::Revoked(name) => auth::revoked(&name),
    })?;
    json(StatusCode::OK, &report)
}

/// The query of `GET /v1/explorer`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplorerQuery {
    position: Option<String>,
    moves: Option<String>,
    rules: Option<Parsed<Ruleset>>,
    first: Option<Parsed<Side>>,
    recent: Option<Within<0, 100>>,
    event: Option<String>,
}

impl Query for ExplorerQuery {
    const LISTS: &'static [&'static str] = &["moves"];

    fn refused(name: &str, value: &str) -> Problem {
        match name {
            "rules" => ruleset_refused(name, value),
            _ => bad_value(name, value),
        }
    }
}

/// `GET /v1/explorer`: the moves played from a position.
pub(crate) async fn explorer(state: Arc<State>, request: Request) -> Result<Response, Problem> {
    let ExplorerQuery {
        position,
        moves,
        rules,
        first,
        recent,
        event,
    } = request.query()?;
    authorize(&state, &request.headers, request.deadline, Need::Read).await?;
    let rules = rules.map(|Parsed(rules)| rules);
    let first = first.map_or(Side::South, |Parsed(side)| side);
    let recent = recent.map_or(5, |Within(recent)| recent as usize);
    let moves: Vec<String> = moves
        .iter()
        .flat_map(|moves| moves.split([' ', ',']))
        .filter(|m| !m.is_empty())
        .map(str::to_owned)
        .collect();
    let (mut at, named) = match position {
        Some(text) => position_param(&text, rules)?,
        None => (
            AnyPosition::start_of(rules.unwrap_or_default(), first),
            true,
        ),
    };
    // Moves played from a position need its side to move (South when it
    // says none); alone, a position that does not say is explored both ways.
    let either_side = !named && moves.is_empty();
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
    let explorer = with_archive(&state, request.deadline, move |archive| {
        match (&event, either_side) {
            (Some(event), _) => archive.explore_event(&at, event, recent),
            (None, true) => archive.explore_either_side(&at, recent),
            (None, false) => archive.explore(&at, recent),
        }
    })
    .await?;
    json(StatusCode::OK, &explorer)
}

/// The query of `GET /v1/standings`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StandingsQuery {
    event: Option<String>,
    format: Option<TableFormat>,
    tiebreaks: Option<Parsed<TieBreaks>>,
}

impl Query for StandingsQuery {}

/// `format=` of `GET /v1/standings`.
#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum TableFormat {
    Json,
    Csv,
    Markdown,
    Text,
}

/// `tiebreaks=`: the tie-breaks' order, as a list.
struct TieBreaks(Vec<TieBreak>);

impl std::str::FromStr for TieBreaks {
    type Err = ();
    fn from_str(text: &str) -> Result<TieBreaks, ()> {
        TieBreak::parse_list(text).map(TieBreaks).map_err(|_| ())
    }
}

/// `GET /v1/standings`: an event's crosstable, as JSON, CSV, Markdown or text.
pub(crate) async fn standings(state: Arc<State>, request: Request) -> Result<Response, Problem> {
    let StandingsQuery {
        event,
        format,
        tiebreaks,
    } = request.query()?;
    authorize(&state, &request.headers, request.deadline, Need::Read).await?;
    let order = tiebreaks
        .map(|Parsed(TieBreaks(order))| order)
        .unwrap_or_default();
    let Some(event) = event else {
        return Err(Problem::new(
            Kind::BadQuery,
            msg!("problem-detail-missing-parameter", name = "event"),
        ));
    };
    let standings = with_archive(&state, request.deadline, move |archive| {
        archive.standings_by(&event, &order)
    })
    .await?;
    let (table, content_type) = match format {
        Some(TableFormat::Csv) => (Table::Csv, "text/csv; charset=utf-8"),
        Some(TableFormat::Markdown) => (Table::Markdown, "text/markdown; charset=utf-8"),
        Some(TableFormat::Text) => (Table::Text, "text/plain; charset=utf-8"),
        None | Some(TableFormat::Json) => return json(StatusCode::OK, &standings),
    };
    let mut response = Response::new(render::standings(&standings, table, request.lang).into());
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    Ok(response)
}

/// The query of `GET /v1/ratings`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RatingsQuery {
    rules: Option<Parsed<Ruleset>>,
}

impl Query for RatingsQuery {}

/// `GET /v1/ratings?rules=`: the players' Glicko-2 ratings, as JSON.
pub(crate) async fn ratings(state: Arc<State>, request: Request) -> Result<Response, Problem> {
    let RatingsQuery { rules } = request.query()?;
    authorize(&state, &request.headers, request.deadline, Need::Read).await?;
    let Some(Parsed(rules)) = rules else {
        return Err(Problem::new(
            Kind::BadQuery,
            msg!("problem-detail-missing-parameter", name = "rules"),
        ));
    };
    let ratings = with_archive(&state, request.deadline, move |archive| {
        archive.ratings(rules, &[])
    })
    .await?;
    json(StatusCode::OK, &ratings)
}

/// The query of `GET /v1/players`: the page, `limit` (1 to 1000, default
/// 100) and `after` (a page's `next`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayersQuery {
    limit: Option<PageLimit>,
    after: Option<String>,
}

impl Query for PlayersQuery {}

/// The query of `GET /v1/events`: the page, and the events' `name`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventsQuery {
    limit: Option<PageLimit>,
    after: Option<String>,
    name: Option<String>,
}

impl Query for EventsQuery {}

/// A list's page size, 1 to 1000.
type PageLimit = Within<1, { crate::archive::MAX_LIST_PAGE as u64 }>;

/// A page's `limit`: 100 when not given.
fn page_limit(limit: Option<PageLimit>) -> usize {
    limit.map_or(100, |Within(limit)| limit as usize)
}

/// `GET /v1/players`: a page of the players, with their other names and games.
pub(crate) async fn players(state: Arc<State>, request: Request) -> Result<Response, Problem> {
    let PlayersQuery { limit, after } = request.query()?;
    let limit = page_limit(limit);
    let list = with_archive(&state, request.deadline, move |archive| {
        archive.players_page(limit, after.as_deref())
    })
    .await?;
    json(StatusCode::OK, &list)
}

/// `GET /v1/events`: a page of the events, with their sites, dates and games.
pub(crate) async fn events(state: Arc<State>, request: Request) -> Result<Response, Problem> {
    let EventsQuery { limit, after, name } = request.query()?;
    let limit = page_limit(limit);
    let list = with_archive(&state, request.deadline, move |archive| {
        archive.events_page(limit, after.as_deref(), name.as_deref())
    })
    .await?;
    json(StatusCode::OK, &list)
}

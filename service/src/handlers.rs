//! The routes' handlers: read the request, call the library, answer JSON
//! or a problem. No rule and no notation is implemented here.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use songo_notation::any::{self, AnyExplainReport, AnyPlayReport, AnyPosition, Picture};
use songo_notation::error::{Location, ParseErrorKind};
use songo_notation::i18n::{Lang, Message};
use songo_notation::read;
use songo_notation::render::svg::Layout;
use songo_notation::render::{Drawing as Form, Mark, MarkError, Marks};
use songo_notation::ruleset::RulesReport;
use songo_notation::teach::TeachId;
use songo_notation::{Conventions, LetterCase, Ruleset, Side, msg};
use warp::http::StatusCode;
use warp::reply::Response;

use crate::budget;
use crate::content::{self, Media, bad_value, ruleset, ruleset_refused};
use crate::plumbing::{NoQuery, Parsed, Query, Request, State, json, slot};
use crate::problem::{Kind, Problem};

/// The most moves one `POST /v1/play` plays: the report holds three boards
/// per move, so this bounds the answer's size.
pub(crate) const MAX_MOVES: usize = 2000;

/// `GET /healthz`.
pub(crate) async fn healthz(_state: Arc<State>, request: Request) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    #[derive(Serialize)]
    struct Health {
        status: &'static str,
        version: &'static str,
    }
    json(
        StatusCode::OK,
        &Health {
            status: "ok",
            version: env!("CARGO_PKG_VERSION"),
        },
    )
}

/// `GET /v1/rules`: every ruleset and rule id, the sentences in the
/// request's language.
pub(crate) async fn rules(_state: Arc<State>, request: Request) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    json(StatusCode::OK, &RulesReport::new(request.lang))
}

/// A position the library could not read: an unknown ruleset is its own
/// problem (422), anything else a bad position (400).
fn position_problem(error: &songo_notation::error::ParseError) -> Problem {
    let kind = if error.kind() == ParseErrorKind::UnknownRuleset {
        Kind::UnknownRuleset
    } else {
        Kind::BadPosition
    };
    Problem::parse(kind, error)
}

/// The forms `render=` gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Render {
    /// The plain-text diagram.
    Text,
    /// A Markdown table.
    Markdown,
    /// An SVG picture.
    Svg,
}

impl Render {
    const NAMES: [&'static str; 3] = ["text", "markdown", "svg"];

    fn media_type(self) -> &'static str {
        match self {
            Render::Text => "text/plain",
            Render::Markdown => "text/markdown",
            Render::Svg => "image/svg+xml",
        }
    }

    /// The library's form for this rendering.
    const fn form(self) -> Form {
        match self {
            Render::Text => Form::Text,
            Render::Markdown => Form::Markdown,
            Render::Svg => Form::Svg,
        }
    }

    /// One board, with the marks asked for.
    fn board(
        self,
        position: &AnyPosition,
        drawing: &Drawing,
        letters: LetterCase,
    ) -> Result<Rendering, Problem> {
        let marks = Marks {
            coordinates: true,
            ..drawing.marks()
        };
        let conventions = Conventions::with_letters(letters).in_lang(drawing.lang);
        let board = position.marked(&marks, conventions).map_err(mark_problem)?;
        Ok(self.rendering(board.draw(self.form())))
    }

    /// Every step of a play.
    fn play(
        self,
        report: &AnyPlayReport,
        drawing: &Drawing,
        letters: LetterCase,
    ) -> Result<Rendering, Problem> {
        let picture = drawing.picture(letters);
        let content = report
            .draw_with(self.form(), &picture)
            .map_err(mark_problem)?;
        Ok(self.rendering(content))
    }

    /// An explanation.
    fn explain(
        self,
        report: &AnyExplainReport,
        drawing: &Drawing,
        letters: LetterCase,
    ) -> Result<Rendering, Problem> {
        let picture = drawing.picture(letters);
        let content = report.draw(self.form(), &picture).map_err(mark_problem)?;
        Ok(self.rendering(content))
    }

    fn rendering(self, content: String) -> Rendering {
        Rendering {
            format: self,
            media_type: self.media_type(),
            content,
        }
    }
}

/// A rendering in an answer.
#[derive(Serialize)]
struct Rendering {
    format: Render,
    media_type: &'static str,
    content: String,
}

/// A mark asked for in the query that is no house or square of the game.
fn mark_problem(error: MarkError) -> Problem {
    let parameter = match error.mark {
        Mark::Highlight => "highlight",
        Mark::Arrow => "arrow",
        Mark::Changed | Mark::Captured | Mark::LastMove => "render",
    };
    Problem::new(Kind::BadQuery, format!("{parameter}: {}", error.message))
        .with("parameter", parameter)
}

/// How a request wants things drawn: `render=`, `letters=`, `layout=`,
/// `highlight=` and `arrow=`, `hooks=` (`/v1/positions`: an SVG with the web
/// page's hooks), and the language of the words (`lang=`, else
/// `Accept-Language`).
#[derive(Default)]
struct Drawing {
    render: Option<Render>,
    letters: Option<LetterCase>,
    layout: Layout,
    lang: Lang,
    highlight: Vec<String>,
    arrows: Vec<String>,
    hooks: bool,
    /// `terms=` (`/v1/explain`): the teaching terms to keep, by id.
    terms: Option<Vec<TeachId>>,
}

/// The query of a drawing route: the parameters every one takes
/// (`render`, `letters`, `highlight`, `arrow`) and its own.
macro_rules! drawing_query {
    ($name:ident { $($field:ident: $type:ty),* }) => {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct $name {
            render: Option<Render>,
            letters: Option<Letters>,
            highlight: Option<String>,
            arrow: Option<String>,
            $($field: Option<$type>,)*
        }

        impl Query for $name {
            const LISTS: &'static [&'static str] = &["highlight", "arrow", "terms"];
            fn refused(name: &str, value: &str) -> Problem {
                drawing_refused(name, value)
            }
        }

        impl $name {
            /// The drawing asked for, in `lang`.
            fn drawing(&self, lang: Lang) -> Result<Drawing, Problem> {
                let drawing = Drawing {
                    render: self.render,
                    letters: self.letters.map(|letters| match letters {
                        Letters::SouthUpper => LetterCase::SouthUpper,
                        Letters::NorthUpper => LetterCase::NorthUpper,
                    }),
                    lang,
                    highlight: list(self.highlight.as_deref()),
                    arrows: list(self.arrow.as_deref()),
                    ..Drawing::default()
                };
                content::check_marks(drawing.mark_count())?;
                Ok(drawing)
            }
        }
    };
}

drawing_query!(PositionsQuery { rules: Parsed<Ruleset>, hooks: bool });
drawing_query!(PlayQuery {
    layout: LayoutParam
});
drawing_query!(ExplainQuery { hooks: bool, terms: Parsed<Terms> });

/// `letters=`: which side's houses are written in capitals.
#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
enum Letters {
    SouthUpper,
    NorthUpper,
}

/// `layout=`.
#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum LayoutParam {
    Horizontal,
    Vertical,
}

/// `terms=`: teaching terms by id, comma-separated.
struct Terms(Vec<TeachId>);

impl std::str::FromStr for Terms {
    type Err = String;
    fn from_str(text: &str) -> Result<Terms, String> {
        let terms = list(Some(text))
            .into_iter()
            .map(|name| name.parse::<TeachId>());
        let terms: Result<Vec<TeachId>, _> = terms.collect();
        terms.map(Terms).map_err(|error| error.to_string())
    }
}

/// The items of a comma-separated list.
fn list(value: Option<&str>) -> Vec<String> {
    let items = value.unwrap_or_default().split(',').map(str::trim);
    items
        .filter(|item| !item.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The problem of a drawing parameter's value.
fn drawing_refused(name: &str, value: &str) -> Problem {
    let detail = match name {
        "rules" => return ruleset_refused(name, value).with("parameter", "rules"),
        "letters" => msg!("problem-detail-bad-letters", value = value),
        "hooks" => msg!("problem-detail-bad-hooks", value = value),
        "render" => msg!(
            "problem-detail-bad-render",
            value = value,
            known = Render::NAMES.join(", ")
        ),
        "layout" => Message::verbatim(format!(
            "layout={value} is not a layout: use horizontal or vertical"
        )),
        "terms" => {
            let error = value.parse::<Terms>().err().unwrap_or_default();
            Message::verbatim(format!("terms={value}: {error}"))
        }
        _ => return bad_value(name, value),
    };
    Problem::new(Kind::BadQuery, detail).with("parameter", name)
}

impl Drawing {
    /// The marks asked for, drawn on every board.
    fn mark_count(&self) -> usize {
        self.highlight.len() + self.arrows.len()
    }

    /// The marks drawn by hand.
    fn marks(&self) -> Marks<'_> {
        Marks {
            highlight: &self.highlight,
            arrows: &self.arrows,
            hooks: self.hooks,
            ..Marks::default()
        }
    }

    /// How to draw a picture, Awalé houses in `letters`.
    fn picture(&self, letters: LetterCase) -> Picture<'_> {
        Picture {
            letters,
            layout: self.layout,
            lang: self.lang,
            marks: self.marks(),
        }
    }
}

/// `POST /v1/positions`: a position in any form.
pub(crate) async fn positions(
    state: Arc<State>,
    mut request: Request,
) -> Result<Response, Problem> {
    let query = request.query::<PositionsQuery>()?;
    let drawing = Drawing {
        hooks: query.hooks.unwrap_or(false),
        ..query.drawing(request.lang)?
    };
    let rules = query.rules.map(|Parsed(rules)| rules);
    Media::of(&request.headers, &[Media::Text, Media::Json, Media::Yaml])?;
    let body = request.body(&state).await?;
    state
        .job(request.deadline, move || {
            read_position(&body, rules, &drawing)
        })
        .await?
}

/// The work of `POST /v1/positions`.
fn read_position(
    body: &[u8],
    rules: Option<Ruleset>,
    drawing: &Drawing,
) -> Result<Response, Problem> {
    let text = content::text(body)?;
    let read = read::read_position(text, rules).map_err(|e| position_problem(&e))?;
    // A diagram says which Awale camp it letters in capitals.
    let letters = drawing.letters.unwrap_or(read.letters);
    #[derive(Serialize)]
    struct Answer {
        position: AnyPosition,
        compact: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        render: Option<Rendering>,
    }
    let position = read.position;
    json(
        StatusCode::OK,
        &Answer {
            compact: position.to_string(),
            render: drawing
                .render
                .map(|format| format.board(&position, drawing, letters))
                .transpose()?,
            position,
        },
    )
}

/// The body of `POST /v1/play`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayRequest<'a> {
    #[serde(borrow)]
    position: &'a RawValue,
    moves: Vec<String>,
    #[serde(default)]
    rules: Option<String>,
}

/// The body of `POST /v1/moves`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MovesRequest<'a> {
    #[serde(borrow)]
    position: &'a RawValue,
    #[serde(default)]
    rules: Option<String>,
}

/// serde's messages end in "at line L column C": the problem has its own.
fn strip_location(message: &str) -> &str {
    message
        .rfind(" at line ")
        .map_or(message, |at| &message[..at])
}

/// A request's JSON body (`Content-Type: application/json`), read as `T`.
pub(crate) async fn json_request<T: for<'de> Deserialize<'de>>(
    state: &State,
    request: &mut Request,
) -> Result<T, Problem> {
    Media::of(&request.headers, &[Media::Json])?;
    let body = request.body(state).await?;
    json_body(crate::content::text(&body)?)
}

/// Reads a JSON body.
pub(crate) fn json_body<'a, T: Deserialize<'a>>(text: &'a str) -> Result<T, Problem> {
    serde_json::from_str(text).map_err(|e| {
        Problem::new(
            Kind::BadJson,
            msg!(
                "problem-detail-bad-json",
                error = Message::verbatim(strip_location(&e.to_string()))
            ),
        )
        .at(e.line().max(1), e.column().max(1))
    })
}

/// The position of a body ([`position_in`]), with the side to move of its
/// `to_move` field when it has one.
pub(crate) fn position_to_move(
    body: &str,
    raw: &RawValue,
    rules: Option<&str>,
    to_move: Option<Side>,
) -> Result<AnyPosition, Problem> {
    let position = position_in(body, raw, rules)?;
    let Some(side) = to_move else {
        return Ok(position);
    };
    position.with_to_move(side).map_err(|message| {
        Problem::new(Kind::BadPosition, format!("to_move {side}: {message}"))
            .with("pointer", "/to_move")
    })
}

/// The position of a play or moves body: a JSON position (a sowing game's
/// or Seega's), or a string in any position form (compact notation,
/// diagram). Errors point into the body.
fn position_in(body: &str, raw: &RawValue, rules: Option<&str>) -> Result<AnyPosition, Problem> {
    let rules = rules
        .map(|name| ruleset(name).map_err(|p| p.with("pointer", "/rules")))
        .transpose()?;
    let raw_text = raw.get();
    // `raw_text` borrows from `body`: its offset places errors in the body.
    let offset = (raw_text.as_ptr() as usize).saturating_sub(body.as_ptr() as usize);
    let start = Location::of_offset(body, offset);
    if !raw_text.starts_with(['{', '"']) {
        return Err(Problem::new(
            Kind::BadJson,
            msg!(
                "problem-detail-position-shape",
                value = format!("{raw_text:.20}")
            ),
        )
        .at(start.line, start.column)
        .with("pointer", "/position"));
    }
    let (text, shift) = if raw_text.starts_with('"') {
        let text: String = serde_json::from_str(raw_text).map_err(|e| {
            Problem::new(
                Kind::BadJson,
                msg!(
                    "problem-detail-position-string",
                    error = Message::verbatim(e.to_string())
                ),
            )
        })?;
        // Escapes (a diagram's `\n`) move the columns: point into the body
        // only when the string is written as is.
        let verbatim = !raw_text.contains('\\');
        (text, verbatim.then_some((start.line - 1, start.column)))
    } else {
        (
            raw_text.to_owned(),
            Some((start.line - 1, start.column - 1)),
        )
    };
    AnyPosition::parse(&text, rules).map_err(|error| {
        let problem = match shift {
            Some((lines, columns)) => position_problem(&error.shifted(lines, columns)),
            // Columns in the string's text, not the body's: said in words.
            None => position_problem(&error).without_location().with_words(
                "position_location",
                msg!(
                    "problem-position-location",
                    location = error.location().message()
                ),
            ),
        };
        problem.with("pointer", "/position")
    })
}

/// `POST /v1/play`: play moves, report every step.
pub(crate) async fn play(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    let query = request.query::<PlayQuery>()?;
    let drawing = Drawing {
        layout: match query.layout {
            Some(LayoutParam::Vertical) => Layout::Column,
            None | Some(LayoutParam::Horizontal) => Layout::Row,
        },
        ..query.drawing(request.lang)?
    };
    Media::of(&request.headers, &[Media::Json])?;
    let body = request.body(&state).await?;
    state
        .job(request.deadline, move || play_moves(&body, &drawing))
        .await?
}

/// The work of `POST /v1/play`.
fn play_moves(body: &[u8], drawing: &Drawing) -> Result<Response, Problem> {
    let text = content::text(body)?;
    let play: PlayRequest = json_body(text)?;
    if play.moves.len() > MAX_MOVES {
        return Err(Problem::new(
            Kind::BodyTooLarge,
            msg!(
                "problem-detail-too-many-moves",
                count = play.moves.len(),
                most = MAX_MOVES
            ),
        )
        .with("limit", MAX_MOVES));
    }
    if drawing.render.is_some() {
        // Fixed before any move is played: the most boards the moves draw.
        let boards = (play.moves.len() * content::BOARDS_PER_MOVE).max(1);
        content::check_drawing(boards, drawing.mark_count())?;
    }
    let position = position_in(text, play.position, play.rules.as_deref())?;
    match any::play(position, &play.moves, Conventions::default()) {
        Ok(report) => {
            let letters = drawing.letters.unwrap_or_default();
            json(
                StatusCode::OK,
                &PlayAnswer {
                    report: &report,
                    render: drawing
                        .render
                        .map(|format| format.play(&report, drawing, letters))
                        .transpose()?,
                },
            )
        }
        Err(error) if error.is_bad_move() => Err(bad_move(error.index(), error.message())),
        Err(error) => {
            let index = error.index();
            let mut problem = Problem::new(Kind::IllegalMove, error.message())
                .with("pointer", format!("/moves/{index}"))
                .with("index", index);
            if let Some(rule) = error.rule() {
                problem = problem.rule(rule);
            }
            if let Some(name) = error.move_name() {
                problem = problem.with("move", name);
            }
            problem = problem.with("legal", error.legal_names());
            if let Some(position) = error.position() {
                problem = problem.with("position", position);
            }
            Err(problem)
        }
    }
}

/// What `POST /v1/play` answers: the report (sowing or Seega), with its
/// rendering when one was asked for.
#[derive(Serialize)]
struct PlayAnswer<'a, R> {
    #[serde(flatten)]
    report: &'a R,
    #[serde(skip_serializing_if = "Option::is_none")]
    render: Option<Rendering>,
}

/// Move `index` of the request is not a move of the game at all (400);
/// `error` says so (`move 2: …`).
fn bad_move(index: usize, error: Message) -> Problem {
    Problem::new(Kind::BadMove, error)
        .with("pointer", format!("/moves/{index}"))
        .with("index", index)
}

/// `POST /v1/moves`: the legal and illegal moves of a position.
pub(crate) async fn moves(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    Media::of(&request.headers, &[Media::Json])?;
    let body = request.body(&state).await?;
    let lang = request.lang;
    state
        .job(request.deadline, move || list_moves(&body, lang))
        .await?
}

/// The work of `POST /v1/moves`.
fn list_moves(body: &[u8], lang: Lang) -> Result<Response, Problem> {
    let text = content::text(body)?;
    let moves: MovesRequest = json_body(text)?;
    let position = position_in(text, moves.position, moves.rules.as_deref())?;
    json(StatusCode::OK, &any::moves_view(&position).in_lang(lang))
}

/// The body of `POST /v1/explain`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplainRequest<'a> {
    #[serde(borrow)]
    position: &'a RawValue,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    to_move: Option<Side>,
}

/// `POST /v1/explain`: what the teaching vocabulary says of a position.
pub(crate) async fn explain(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    let query = request.query::<ExplainQuery>()?;
    let drawing = query.drawing(request.lang)?;
    let drawing = Drawing {
        hooks: query.hooks.unwrap_or(false),
        terms: query.terms.map(|Parsed(Terms(terms))| terms),
        ..drawing
    };
    Media::of(&request.headers, &[Media::Json])?;
    let body = request.body(&state).await?;
    let answer = state
        .job(request.deadline, move || explain_position(&body, &drawing))
        .await??;
    Ok(answer)
}

/// The work of `POST /v1/explain`.
fn explain_position(body: &[u8], drawing: &Drawing) -> Result<Response, Problem> {
    let text = content::text(body)?;
    let asked: ExplainRequest = json_body(text)?;
    let position = position_to_move(text, asked.position, asked.rules.as_deref(), asked.to_move)?;
    let mut report = any::explain(&position);
    if let Some(terms) = &drawing.terms {
        report.retain_terms(terms);
    }
    let letters = drawing.letters.unwrap_or_default();
    json(
        StatusCode::OK,
        &ExplainAnswer {
            render: drawing
                .render
                .map(|format| format.explain(&report, drawing, letters))
                .transpose()?,
            report: &report,
        },
    )
}

/// What `POST /v1/explain` answers: the `ExplainReport`, with its
/// rendering when one was asked for.
#[derive(Serialize)]
struct ExplainAnswer<'a> {
    #[serde(flatten)]
    report: &'a AnyExplainReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    render: Option<Rendering>,
}

/// `GET /debug/panic` (tests only): a job that panics.
pub(crate) async fn debug_panic(state: Arc<State>, request: Request) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    state
        .job(request.deadline, || -> Result<Response, Problem> {
            panic!("debug route: a deliberate panic")
        })
        .await?
}

/// The query of `GET /debug/answer`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnswerQuery {
    bytes: usize,
}

impl Query for AnswerQuery {}

/// `GET /debug/answer?bytes=N` (tests only): an answer of N bytes made
/// without work, to fill the memory kept for answers not yet read.
pub(crate) async fn debug_answer(_: Arc<State>, request: Request) -> Result<Response, Problem> {
    let AnswerQuery { bytes } = request.query()?;
    if bytes > budget::MAX_ANSWER_BYTES {
        return Err(budget::answer_too_large());
    }
    Ok(Response::new(vec![b'.'; bytes].into()))
}

/// The query of `GET /debug/sleep`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SleepQuery {
    ms: Option<u64>,
    slot: Option<String>,
}

impl Query for SleepQuery {}

/// `GET /debug/sleep?ms=N[&slot=validation]` (tests only): a job (or a
/// validation) that takes N milliseconds.
pub(crate) async fn debug_sleep(state: Arc<State>, request: Request) -> Result<Response, Problem> {
    let SleepQuery { ms, slot: slots } = request.query()?;
    let ms = ms.unwrap_or(0);
    let validation = slots.as_deref() == Some("validation");
    let sleep = move || std::thread::sleep(std::time::Duration::from_millis(ms));
    if validation {
        let permit = slot(&state, request.deadline).await?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            sleep();
        })
        .await
        .map_err(|e| crate::plumbing::internal(&e))?;
    } else {
        state.job(request.deadline, sleep).await?;
    }
    json(StatusCode::OK, &serde_json::json!({ "slept_ms": ms }))
}

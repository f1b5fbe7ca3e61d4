//! The lesson routes: `POST /v1/lessons/check` (the `LessonReport` of a
//! teaching text) and `POST /v1/lessons/render` (its handout, HTML or
//! Markdown with its pictures). The body is the lesson itself, as text;
//! the library bounds what a lesson may hold (its size, its boards and
//! blocks), the server its body and its time.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use songo_notation::Ruleset;
use songo_notation::i18n::Lang;
use songo_notation::lesson::{self, Image, LessonReport, Options};
use warp::http::StatusCode;
use warp::http::header::{CONTENT_TYPE, HeaderValue};
use warp::reply::Response;

use crate::content::{Media, ruleset_refused};
use crate::plumbing::{Parsed, Query, Request, State, json};
use crate::problem::{Kind, Problem};

/// How the handout is written (`to=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum To {
    Html,
    Markdown,
}

/// `notes=`: the teacher's copy, or the pupils'.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Notes {
    Teacher,
    None,
}

/// The query of `POST /v1/lessons/check`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckQuery {
    rules: Option<Parsed<Ruleset>>,
}

/// The query of `POST /v1/lessons/render`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RenderQuery {
    rules: Option<Parsed<Ruleset>>,
    to: Option<To>,
    notes: Option<Notes>,
}

impl Query for CheckQuery {
    fn refused(name: &str, value: &str) -> Problem {
        RenderQuery::refused(name, value)
    }
}

impl Query for RenderQuery {
    fn refused(name: &str, value: &str) -> Problem {
        let detail = match name {
            "notes" => format!("notes={value} is not a copy: use teacher or none"),
            "to" => format!("to={value} is not a handout form: use html or markdown"),
            _ => return ruleset_refused(name, value).with("parameter", "rules"),
        };
        Problem::new(Kind::BadQuery, detail).with("parameter", name)
    }
}

/// The options of a lesson route, in `lang`.
fn options(rules: Option<Parsed<Ruleset>>, lang: Lang) -> Options {
    Options {
        rules: rules.map(|Parsed(rules)| rules),
        lang,
        ..Options::default()
    }
}

/// The lesson text of a body: UTF-8, within the library's size.
fn lesson_text(body: &[u8], lang: Lang) -> Result<&str, Problem> {
    lesson::text_from_bytes(body, lang).map_err(|e| {
        let kind = if body.len() > lesson::MAX_LESSON_BYTES {
            Kind::BodyTooLarge
        } else {
            Kind::BadEncoding
        };
        Problem::parse(kind, &e).with("limit", lesson::MAX_LESSON_BYTES)
    })
}

/// `POST /v1/lessons/check`: the body is a lesson; the answer its
/// `LessonReport` (200 whether or not it has problems).
pub(crate) async fn check(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    let CheckQuery { rules } = request.query()?;
    let options = options(rules, request.lang);
    Media::of(&request.headers, &[Media::Text])?;
    let body = request.body(&state).await?;
    state
        .job(request.deadline, move || {
            let text = lesson_text(&body, options.lang)?;
            let report =
                lesson::check(text, &options).map_err(|e| Problem::parse(Kind::BadLesson, &e))?;
            json(StatusCode::OK, &report)
        })
        .await?
}

/// `POST /v1/lessons/render`: the body is a lesson; the answer its handout,
/// an HTML page (`to=html`, the default) or, as JSON, the Markdown with its
/// pictures and the report (`to=markdown`). An HTML answer says how many
/// problems the lesson has in `Songo-Lesson-Problems`.
pub(crate) async fn render(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    let RenderQuery { rules, to, notes } = request.query()?;
    let options = Options {
        teacher_notes: notes == Some(Notes::Teacher),
        ..options(rules, request.lang)
    };
    let to = to.unwrap_or(To::Html);
    Media::of(&request.headers, &[Media::Text])?;
    let body = request.body(&state).await?;
    state
        .job(request.deadline, move || {
            let text = lesson_text(&body, options.lang)?;
            let unreadable = |e: songo_notation::error::ParseError| Problem::parse(Kind::BadLesson, &e);
            match to {
                To::Html => {
                    let handout = lesson::html(text, &options).map_err(unreadable)?;
                    let problems = handout.report.problems.len();
                    let mut response = Response::new(handout.document.into());
                    let headers = response.headers_mut();
                    headers.insert(
                        CONTENT_TYPE,
                        HeaderValue::from_static("text/html; charset=utf-8"),
                    );
                    // The page holds no script and fetches nothing.
                    headers.insert(
                        "content-security-policy",
                        HeaderValue::from_static(
                            "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'",
                        ),
                    );
                    headers.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
                    headers.insert("songo-lesson-problems", HeaderValue::from(problems));
                    Ok(response)
                }
                To::Markdown => {
                    #[derive(Serialize)]
                    struct Answer {
                        markdown: String,
                        images: Vec<Picture>,
                        report: LessonReport,
                    }
                    #[derive(Serialize)]
                    struct Picture {
                        name: String,
                        svg: String,
                    }
                    let handout = lesson::markdown(text, &options, "lesson").map_err(unreadable)?;
                    let answer = Answer {
                        markdown: handout.document,
                        images: handout
                            .images
                            .into_iter()
                            .map(|Image { name, svg }| Picture { name, svg })
                            .collect(),
                        report: handout.report,
                    };
                    json(StatusCode::OK, &answer)
                }
            }
        })
        .await?
}

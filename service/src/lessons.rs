//! The lesson routes: `POST /v1/lessons/check` (the `LessonReport` of a
//! teaching text) and `POST /v1/lessons/render` (its handout, HTML or
//! Markdown with its pictures). The body is the lesson itself, as text;
//! the library bounds what a lesson may hold (its size, its boards and
//! blocks), the server its body and its time.

use std::sync::Arc;

use serde::Serialize;
use songo_notation::i18n::Lang;
use songo_notation::lesson::{self, Image, LessonReport, Options};
use warp::http::StatusCode;
use warp::http::header::{CONTENT_TYPE, HeaderValue};
use warp::reply::Response;

use crate::body::Media;
use crate::plumbing::{Request, State, json, ruleset};
use crate::problem::{Kind, Problem};

/// How the handout is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum To {
    Html,
    Markdown,
}

/// The query of a lesson route: `lang`, `rules`, and for render `to`.
fn options(request: &Request, render: bool) -> Result<(Options, To), Problem> {
    let known: &[&str] = if render {
        &["rules", "to", "notes"]
    } else {
        &["rules"]
    };
    let mut options = Options::default();
    let mut to = To::Html;
    for (name, value) in request.params(known)? {
        match name.as_str() {
            "rules" => {
                options.rules = Some(ruleset(&value).map_err(|p| p.with("parameter", "rules"))?);
            }
            "notes" => {
                options.teacher_notes = match value.as_str() {
                    "teacher" => true,
                    "none" => false,
                    _ => {
                        return Err(Problem::new(
                            Kind::BadQuery,
                            format!("notes={value} is not a copy: use teacher or none"),
                        )
                        .with("parameter", "notes"));
                    }
                };
            }
            _ => {
                to = match value.as_str() {
                    "html" => To::Html,
                    "markdown" => To::Markdown,
                    _ => {
                        return Err(Problem::new(
                            Kind::BadQuery,
                            format!("to={value} is not a handout form: use html or markdown"),
                        )
                        .with("parameter", "to"));
                    }
                };
            }
        }
    }
    options.lang = request.lang;
    Ok((options, to))
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
    let (options, _) = options(&request, false)?;
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
    let (options, to) = options(&request, true)?;
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

//! Classes (issue 41): `POST /v1/classes` makes one (a write token, the
//! teacher's), `GET /v1/classes` lists the teacher's, `GET
//! /v1/classes/{code}` is the teacher's report (who solved what, at the
//! first try or not), `POST /v1/classes/{code}/sets` assigns a set of
//! exercises; `POST /v1/classes/{code}/students` joins a class with a
//! nickname (no token: the answer holds the student's key), `GET
//! /v1/classes/{code}/work` is what the student of a key has to do and
//! `POST /v1/classes/{code}/answers` keeps his answer; `DELETE
//! /v1/classes/{code}` deletes a class and `DELETE
//! /v1/classes/{code}/students?nickname=` removes a student (the
//! teacher's token). The work is the archive's (`archive::classes`).
//!
//! A code is the only secret of a class: joins that find no class are
//! counted per address ([`crate::joins`]), [`FAILED_JOINS`] in
//! [`JOIN_WINDOW`](crate::joins::JOIN_WINDOW) at most.

use serde::Deserialize;
use songo_notation::msg;
use warp::http::{HeaderMap, StatusCode};
use warp::reply::Response;

use crate::archive::{Account, Archive, ArchiveError, ClassRefusal};
use crate::auth::{Need, authorize, bearer};
use crate::games::with_archive;
use crate::handlers::json_request;
use crate::joins::FAILED_JOINS;
use crate::plumbing::{NoQuery, Query, Request, State, json};
use crate::problem::{Kind, Problem};
use std::sync::Arc;

/// The body of `POST /v1/classes`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    name: String,
}

/// The body of `POST /v1/classes/{code}/sets`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetRequest {
    title: String,
    exercises: Vec<String>,
}

/// The body of `POST /v1/classes/{code}/students`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    nickname: String,
}

/// The body of `POST /v1/classes/{code}/answers`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnswerRequest {
    set: u32,
    exercise: u32,
    #[serde(rename = "move")]
    played: String,
}

/// The query of `DELETE /v1/classes/{code}/students`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StudentQuery {
    nickname: Option<String>,
}

impl Query for StudentQuery {}

/// A class refused: 404 for what is not there, 401 for a wrong key, 409
/// for the class's state, else 400.
fn refusal(refused: &ClassRefusal) -> Problem {
    let kind = match refused {
        ClassRefusal::WrongKey => Kind::Unauthorized,
        ClassRefusal::BadMove(_) => Kind::BadMove,
        refused if refused.is_missing() => Kind::NotFound,
        refused if refused.is_conflict() => Kind::Conflict,
        _ => Kind::BadRequest,
    };
    Problem::new(kind, refused.message())
}

/// A server without an archive says so first, whatever the path holds.
fn has_archive(state: &State) -> Result<(), Problem> {
    if state.store.is_none() {
        return Err(
            Problem::new(Kind::NoArchive, msg!("problem-detail-no-archive"))
                .with_words("hint", msg!("hint-serve-archive")),
        );
    }
    Ok(())
}

/// The teacher of a request: the account of its write token.
async fn teacher(
    state: &State,
    headers: &HeaderMap,
    deadline: tokio::time::Instant,
) -> Result<Account, Problem> {
    has_archive(state)?;
    authorize(state, headers, deadline, Need::Write).await
}

/// `work` on the archive, a class's refusal answered as its problem.
async fn class_work<T: Send + 'static>(
    state: &State,
    deadline: tokio::time::Instant,
    work: impl FnOnce(&mut Archive) -> Result<Result<T, ClassRefusal>, ArchiveError> + Send + 'static,
) -> Result<T, Problem> {
    with_archive(state, deadline, work)
        .await?
        .map_err(|refused| refusal(&refused))
}

/// The student key of an `Authorization: Bearer KEY` header.
fn student_key(headers: &HeaderMap) -> Result<String, Problem> {
    bearer(headers)
        .map(str::to_owned)
        .ok_or_else(|| refusal(&ClassRefusal::WrongKey))
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0))
}

/// `POST /v1/classes`: makes a class; 201 with its code.
pub(crate) async fn create(state: Arc<State>, mut request: Request) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    let account = teacher(&state, &request.headers, request.deadline).await?;
    let asked: CreateRequest = json_request(&state, &mut request).await?;
    let class = class_work(&state, request.deadline, move |archive| {
        archive.create_class(&asked.name, &account)
    })
    .await?;
    json(StatusCode::CREATED, &class)
}

/// `GET /v1/classes`: the teacher's classes, newest first.
pub(crate) async fn list(state: Arc<State>, request: Request) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    let account = teacher(&state, &request.headers, request.deadline).await?;
    let classes = with_archive(&state, request.deadline, move |archive| {
        archive.classes(&account)
    })
    .await?;
    json(StatusCode::OK, &serde_json::json!({ "classes": classes }))
}

/// `GET /v1/classes/{code}`: the teacher's report.
pub(crate) async fn report(
    state: Arc<State>,
    request: Request,
    code: String,
) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    let account = teacher(&state, &request.headers, request.deadline).await?;
    let report = class_work(&state, request.deadline, move |archive| {
        archive.class_report(&code, &account, now())
    })
    .await?;
    json(StatusCode::OK, &report)
}

/// `POST /v1/classes/{code}/sets`: assigns a set; 201 with it.
pub(crate) async fn assign(
    state: Arc<State>,
    mut request: Request,
    code: String,
) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    let account = teacher(&state, &request.headers, request.deadline).await?;
    let asked: SetRequest = json_request(&state, &mut request).await?;
    let set = class_work(&state, request.deadline, move |archive| {
        archive.assign_set(&code, &asked.title, &asked.exercises, &account)
    })
    .await?;
    json(StatusCode::CREATED, &set)
}

/// `POST /v1/classes/{code}/students`: joins a class; 201 with the
/// student's key. An address that tried too many codes of no class: 429.
pub(crate) async fn join(
    state: Arc<State>,
    mut request: Request,
    code: String,
) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    has_archive(&state)?;
    let client = request.client;
    if let Err(seconds) = state.class_joins.check(client) {
        return Err(Problem::too_many_requests(
            msg!(
                "problem-detail-class-joins",
                client = client.to_string(),
                seconds = seconds
            ),
            FAILED_JOINS as usize,
        ));
    }
    let asked: JoinRequest = json_request(&state, &mut request).await?;
    let joined = with_archive(&state, request.deadline, move |archive| {
        archive.join_class(&code, &asked.nickname)
    })
    .await?;
    match joined {
        Ok(joined) => json(StatusCode::CREATED, &joined),
        Err(refused) => {
            if matches!(refused, ClassRefusal::NoSuchClass(_)) {
                state.class_joins.failed(client);
            }
            Err(refusal(&refused))
        }
    }
}

/// `GET /v1/classes/{code}/work`: the sets, the student's progress and
/// what is back for review.
pub(crate) async fn work(
    state: Arc<State>,
    request: Request,
    code: String,
) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    has_archive(&state)?;
    let key = student_key(&request.headers)?;
    let work = class_work(&state, request.deadline, move |archive| {
        archive.class_work(&code, &key, now())
    })
    .await?;
    json(StatusCode::OK, &work)
}

/// `POST /v1/classes/{code}/answers`: keeps an answer; 201 with whether
/// it is right and the progress on the exercise.
pub(crate) async fn answer(
    state: Arc<State>,
    mut request: Request,
    code: String,
) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    has_archive(&state)?;
    let key = student_key(&request.headers)?;
    let asked: AnswerRequest = json_request(&state, &mut request).await?;
    let answered = class_work(&state, request.deadline, move |archive| {
        archive.answer(
            &code,
            &key,
            (asked.set, asked.exercise),
            &asked.played,
            now(),
        )
    })
    .await?;
    json(StatusCode::CREATED, &answered)
}

/// `DELETE /v1/classes/{code}`: deletes a class, its sets, students and
/// answers; 204.
pub(crate) async fn delete(
    state: Arc<State>,
    request: Request,
    code: String,
) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    let account = teacher(&state, &request.headers, request.deadline).await?;
    class_work(&state, request.deadline, move |archive| {
        archive.delete_class(&code, &account)
    })
    .await?;
    Ok(no_content())
}

/// `DELETE /v1/classes/{code}/students?nickname=`: removes a student and
/// his answers (his key no longer works); 204.
pub(crate) async fn remove(
    state: Arc<State>,
    request: Request,
    code: String,
) -> Result<Response, Problem> {
    let StudentQuery { nickname } = request.query()?;
    let account = teacher(&state, &request.headers, request.deadline).await?;
    let Some(nickname) = nickname else {
        return Err(Problem::new(
            Kind::BadQuery,
            msg!("problem-detail-missing-parameter", name = "nickname"),
        ));
    };
    class_work(&state, request.deadline, move |archive| {
        archive.remove_student(&code, &nickname, &account)
    })
    .await?;
    Ok(no_content())
}

/// An empty 204 answer.
fn no_content() -> Response {
    let mut response = Response::new(bytes::Bytes::new().into());
    *response.status_mut() = StatusCode::NO_CONTENT;
    response
}

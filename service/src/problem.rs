//! Errors as `application/problem+json` (RFC 9457): `type`, `title`,
//! `status`, `detail`, and `rule`, `line`, `column` where known. The title,
//! the detail and the hint are messages of the catalogue, written in the
//! language of the request when the answer is made.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use serde_json::value::RawValue;
use songo_notation::RuleId;
use songo_notation::error::ParseError;
use songo_notation::i18n::{Lang, Localize, Message};
use songo_notation::msg;
use warp::http::header::{ALLOW, CONTENT_TYPE, HeaderValue, RETRY_AFTER, WWW_AUTHENTICATE};
use warp::http::{Method, StatusCode};
use warp::reply::Response;

/// The kinds of problem, each with its status and title. The `type` of a
/// problem is `urn:songo:problem:<slug>`, listed in docs/api.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// No route has this path.
    NotFound,
    /// The path exists, not with this method.
    MethodNotAllowed,
    /// The body's content type is not one the route reads.
    UnsupportedMediaType,
    /// The body is larger than the limit.
    BodyTooLarge,
    /// The body did not arrive within the time limit.
    RequestTimeout,
    /// The body is not UTF-8.
    BadEncoding,
    /// The body is not the JSON (or YAML) the route expects.
    BadJson,
    /// A query parameter is unknown or has a bad value.
    BadQuery,
    /// The position cannot be read.
    BadPosition,
    /// A move is not a house name.
    BadMove,
    /// The record cannot be read.
    BadRecord,
    /// The lesson cannot be read.
    BadLesson,
    /// No such ruleset.
    UnknownRuleset,
    /// A rule forbids the move.
    IllegalMove,
    /// Every slot for the work asked for stayed taken.
    Busy,
    /// The answer took longer than the time limit.
    Timeout,
    /// A bug: the handler panicked.
    Internal,
    /// The request head cannot be read (hyper's own refusal).
    BadRequest,
    /// The request target is too long (hyper's own refusal).
    UriTooLong,
    /// The request head is too large (hyper's own refusal, or the
    /// server's head limit).
    HeadTooLarge,
    /// The request asks for more work than its budget: marks, boards
    /// drawn, the answer's size.
    TooMuchWork,
    /// The body ended before its end: the connection closed, or its
    /// chunked encoding is broken.
    IncompleteBody,
    /// The server keeps no archive (`songo serve --archive`).
    NoArchive,
    /// A write without the archive's token, or with a wrong one.
    Unauthorized,
    /// A write to an archive that is read-only over HTTP (no token may write it).
    Forbidden,
    /// A token whose account's scope does not allow the request.
    InsufficientScope,
    /// A write token's games of an event that another club holds.
    OtherClubsEvent,
    /// The archive's database failed or is out of reach.
    ArchiveUnavailable,
    /// The archive holds no game of this id.
    NoSuchGame,
    /// A change to a game without `If-Match`.
    PreconditionRequired,
    /// A change made against a revision that is no longer the game's.
    StaleRevision,
    /// A change that cannot be made to the game as it is: deleted, not
    /// deleted, the same text, another game's text.
    Conflict,
    /// A changed text that holds no game.
    NotAGame,
    /// The client (its address) already has its share of connections or
    /// of engine requests.
    TooManyRequests,
}

impl Kind {
    /// Every kind, for the docs test.
    #[cfg(test)]
    pub(crate) const ALL: [Kind; 34] = [
        Kind::NotFound,
        Kind::MethodNotAllowed,
        Kind::UnsupportedMediaType,
        Kind::BodyTooLarge,
        Kind::RequestTimeout,
        Kind::BadEncoding,
        Kind::BadJson,
        Kind::BadQuery,
        Kind::BadPosition,
        Kind::BadMove,
        Kind::BadRecord,
        Kind::BadLesson,
        Kind::UnknownRuleset,
        Kind::IllegalMove,
        Kind::Busy,
        Kind::Timeout,
        Kind::Internal,
        Kind::BadRequest,
        Kind::UriTooLong,
        Kind::HeadTooLarge,
        Kind::TooMuchWork,
        Kind::IncompleteBody,
        Kind::NoArchive,
        Kind::Unauthorized,
        Kind::Forbidden,
        Kind::InsufficientScope,
        Kind::OtherClubsEvent,
        Kind::ArchiveUnavailable,
        Kind::NoSuchGame,
        Kind::PreconditionRequired,
        Kind::StaleRevision,
        Kind::Conflict,
        Kind::NotAGame,
        Kind::TooManyRequests,
    ];

    /// The last part of the `type` URI.
    pub(crate) const fn slug(self) -> &'static str {
        match self {
            Kind::NotFound => "not-found",
            Kind::MethodNotAllowed => "method-not-allowed",
            Kind::UnsupportedMediaType => "unsupported-media-type",
            Kind::BodyTooLarge => "body-too-large",
            Kind::RequestTimeout => "request-timeout",
            Kind::BadEncoding => "bad-encoding",
            Kind::BadJson => "bad-json",
            Kind::BadQuery => "bad-query",
            Kind::BadPosition => "bad-position",
            Kind::BadMove => "bad-move",
            Kind::BadRecord => "bad-record",
            Kind::BadLesson => "bad-lesson",
            Kind::UnknownRuleset => "unknown-ruleset",
            Kind::IllegalMove => "illegal-move",
            Kind::Busy => "busy",
            Kind::Timeout => "timeout",
            Kind::Internal => "internal",
            Kind::BadRequest => "bad-request",
            Kind::UriTooLong => "uri-too-long",
            Kind::HeadTooLarge => "head-too-large",
            Kind::TooMuchWork => "too-much-work",
            Kind::IncompleteBody => "incomplete-body",
            Kind::NoArchive => "no-archive",
            Kind::Unauthorized => "unauthorized",
            Kind::Forbidden => "forbidden",
            Kind::InsufficientScope => "insufficient-scope",
            Kind::OtherClubsEvent => "other-clubs-event",
            Kind::ArchiveUnavailable => "archive-unavailable",
            Kind::NoSuchGame => "no-such-game",
            Kind::PreconditionRequired => "precondition-required",
            Kind::StaleRevision => "stale-revision",
            Kind::Conflict => "conflict",
            Kind::NotAGame => "not-a-game",
            Kind::TooManyRequests => "too-many-requests",
        }
    }

    /// The HTTP status.
    pub(crate) const fn status(self) -> StatusCode {
        match self {
            Kind::NotFound | Kind::NoSuchGame => StatusCode::NOT_FOUND,
            Kind::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Kind::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Kind::BodyTooLarge | Kind::TooMuchWork => StatusCode::PAYLOAD_TOO_LARGE,
            Kind::UriTooLong => StatusCode::URI_TOO_LONG,
            Kind::HeadTooLarge => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            Kind::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            Kind::BadEncoding
            | Kind::BadJson
            | Kind::BadQuery
            | Kind::BadPosition
            | Kind::BadMove
            | Kind::BadRecord
            | Kind::BadLesson
            | Kind::BadRequest
            | Kind::IncompleteBody => StatusCode::BAD_REQUEST,
            Kind::UnknownRuleset | Kind::IllegalMove | Kind::NotAGame => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            Kind::PreconditionRequired => StatusCode::PRECONDITION_REQUIRED,
            Kind::StaleRevision => StatusCode::PRECONDITION_FAILED,
            Kind::Conflict => StatusCode::CONFLICT,
            Kind::Busy | Kind::Timeout => StatusCode::SERVICE_UNAVAILABLE,
            Kind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            Kind::NoArchive => StatusCode::SERVICE_UNAVAILABLE,
            Kind::Unauthorized => StatusCode::UNAUTHORIZED,
            Kind::Forbidden | Kind::InsufficientScope | Kind::OtherClubsEvent => {
                StatusCode::FORBIDDEN
            }
            Kind::ArchiveUnavailable => StatusCode::SERVICE_UNAVAILABLE,
            Kind::TooManyRequests => StatusCode::TOO_MANY_REQUESTS,
        }
    }

    /// A short summary that does not change from one occurrence to the next.
    pub(crate) fn title(self) -> Message {
        match self {
            Kind::NotFound => msg!("problem-not-found"),
            Kind::MethodNotAllowed => msg!("problem-method-not-allowed"),
            Kind::UnsupportedMediaType => msg!("problem-unsupported-media-type"),
            Kind::BodyTooLarge => msg!("problem-body-too-large"),
            Kind::RequestTimeout => msg!("problem-request-timeout"),
            Kind::BadEncoding => msg!("problem-bad-encoding"),
            Kind::BadJson => msg!("problem-bad-json"),
            Kind::BadQuery => msg!("problem-bad-query"),
            Kind::BadPosition => msg!("problem-bad-position"),
            Kind::BadMove => msg!("problem-bad-move"),
            Kind::BadRecord => msg!("problem-bad-record"),
            Kind::BadLesson => msg!("problem-bad-lesson"),
            Kind::UnknownRuleset => msg!("problem-unknown-ruleset"),
            Kind::IllegalMove => msg!("problem-illegal-move"),
            Kind::Busy => msg!("problem-busy"),
            Kind::Timeout => msg!("problem-timeout"),
            Kind::Internal => msg!("problem-internal"),
            Kind::BadRequest => msg!("problem-bad-request"),
            Kind::UriTooLong => msg!("problem-uri-too-long"),
            Kind::HeadTooLarge => msg!("problem-head-too-large"),
            Kind::TooMuchWork => msg!("problem-too-much-work"),
            Kind::IncompleteBody => msg!("problem-incomplete-body"),
            Kind::NoArchive => msg!("problem-no-archive"),
            Kind::Unauthorized => msg!("problem-unauthorized"),
            Kind::Forbidden => msg!("problem-forbidden"),
            Kind::InsufficientScope => msg!("problem-insufficient-scope"),
            Kind::OtherClubsEvent => msg!("problem-other-clubs-event"),
            Kind::ArchiveUnavailable => msg!("problem-archive-unavailable"),
            Kind::NoSuchGame => msg!("problem-no-such-game"),
            Kind::PreconditionRequired => msg!("problem-precondition-required"),
            Kind::StaleRevision => msg!("problem-stale-revision"),
            Kind::Conflict => msg!("problem-conflict"),
            Kind::NotAGame => msg!("problem-not-a-game"),
            Kind::TooManyRequests => msg!("problem-too-many-requests"),
        }
    }
}

/// One problem: what went wrong, where, and which rule says so (boxed:
/// handlers pass it around in `Result`s).
#[derive(Debug, Clone)]
pub(crate) struct Problem(Box<Details>);

#[derive(Debug, Clone)]
struct Details {
    kind: Kind,
    detail: Message,
    rule: Option<RuleId>,
    line: Option<usize>,
    column: Option<usize>,
    /// Extension members (`hint`, `allow`, `limit`, `legal` …), in order.
    extensions: Vec<(&'static str, Extension)>,
    allow: Option<String>,
    retry_after: Option<u64>,
}

/// The value of an extension member: JSON, or words written in the
/// language of the answer.
#[derive(Debug, Clone)]
enum Extension {
    Json(Box<RawValue>),
    Words(Message),
}

/// The wire shape: the members of RFC 9457, then the extensions, the words
/// in `lang`.
struct Wire<'a>(&'a Details, Lang);

impl Serialize for Wire<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Wire(problem, lang) = *self;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry(
            "type",
            &format!("urn:songo:problem:{}", problem.kind.slug()),
        )?;
        map.serialize_entry("title", &problem.kind.title().localize(lang))?;
        map.serialize_entry("status", &problem.kind.status().as_u16())?;
        map.serialize_entry("detail", &problem.detail.localize(lang))?;
        if let Some(rule) = problem.rule {
            map.serialize_entry("rule", &rule)?;
        }
        if let Some(line) = problem.line {
            map.serialize_entry("line", &line)?;
        }
        if let Some(column) = problem.column {
            map.serialize_entry("column", &column)?;
        }
        for (name, value) in &problem.extensions {
            match value {
                Extension::Json(json) => map.serialize_entry(name, json)?,
                Extension::Words(words) => map.serialize_entry(name, &words.localize(lang))?,
            }
        }
        map.end()
    }
}

impl Problem {
    /// A problem of `kind` explained by `detail`.
    pub(crate) fn new(kind: Kind, detail: impl Into<Message>) -> Problem {
        Problem(Box::new(Details {
            kind,
            detail: detail.into(),
            rule: None,
            line: None,
            column: None,
            extensions: Vec::new(),
            allow: None,
            retry_after: None,
        }))
    }

    /// A parse error of the library: message, line, column and hint.
    pub(crate) fn parse(kind: Kind, error: &ParseError) -> Problem {
        let mut problem =
            Problem::new(kind, error.message().clone()).at(error.line(), error.column());
        if let Some(hint) = error.hint() {
            problem = problem.with_words("hint", hint.clone());
        }
        problem
    }

    /// The route exists with other methods.
    pub(crate) fn method_not_allowed(method: &Method, path: &str, allow: &str) -> Problem {
        let mut problem = Problem::new(
            Kind::MethodNotAllowed,
            msg!(
                "problem-detail-method-not-allowed",
                path = path,
                method = method.as_str(),
                allow = allow
            ),
        )
        .with("allow", allow);
        problem.0.allow = Some(allow.to_owned());
        problem
    }

    /// A browser's CORS preflight (`OPTIONS`) from `origin`, which the
    /// server does not allow, to a route answering `allow`: the 405 says
    /// which flag allows a site (`none`: the server allows no site).
    pub(crate) fn cors_refused(path: &str, origin: &str, allow: &str, none: bool) -> Problem {
        let id = if none {
            "problem-detail-cors-none"
        } else {
            "problem-detail-cors-refused"
        };
        let mut problem = Problem::new(
            Kind::MethodNotAllowed,
            Message::new(id).with("path", path).with("origin", origin),
        )
        .with("allow", allow);
        problem.0.allow = Some(allow.to_owned());
        problem
    }

    /// Every slot stayed taken: try again shortly. `what` is `job` or
    /// `validation`.
    pub(crate) fn busy(what: &'static str, slots: usize) -> Problem {
        let mut problem = Problem::new(
            Kind::Busy,
            msg!("problem-detail-busy", what = what, slots = slots),
        );
        problem.0.retry_after = Some(1);
        problem
    }

    /// Every slot stayed taken: try again shortly; `detail` says which.
    pub(crate) fn busy_because(detail: Message) -> Problem {
        let mut problem = Problem::new(Kind::Busy, detail);
        problem.0.retry_after = Some(1);
        problem
    }

    /// The client already has its share of something (`limit` of them):
    /// try again once one is done; `detail` says which.
    pub(crate) fn too_many_requests(detail: Message, limit: usize) -> Problem {
        let mut problem = Problem::new(Kind::TooManyRequests, detail).with("limit", limit);
        problem.0.retry_after = Some(1);
        problem
    }

    /// More work than the request's budget allows: `budget` names the
    /// budget (`marks`, `boards`, `marks_drawn`, `record_bytes`, `answer_bytes`), `limit`
    /// is its size.
    pub(crate) fn too_much_work(detail: Message, budget: &'static str, limit: u64) -> Problem {
        Problem::new(Kind::TooMuchWork, detail)
            .with("budget", budget)
            .with("limit", limit)
    }

    /// The place in the body.
    pub(crate) fn at(mut self, line: usize, column: usize) -> Problem {
        self.0.line = Some(line);
        self.0.column = Some(column);
        self
    }

    /// Drops the place (it is not in the body's coordinates).
    pub(crate) fn without_location(mut self) -> Problem {
        self.0.line = None;
        self.0.column = None;
        self
    }

    /// The rule that the problem is about.
    pub(crate) fn rule(mut self, rule: RuleId) -> Problem {
        self.0.rule = Some(rule);
        self
    }

    /// An extension member.
    pub(crate) fn with(self, name: &'static str, value: impl Serialize) -> Problem {
        match serde_json::value::to_raw_value(&value) {
            Ok(value) => self.extension(name, Extension::Json(value)),
            Err(_) => self,
        }
    }

    /// An extension member of words, written in the language of the answer.
    pub(crate) fn with_words(self, name: &'static str, words: Message) -> Problem {
        self.extension(name, Extension::Words(words))
    }

    fn extension(mut self, name: &'static str, value: Extension) -> Problem {
        self.0.extensions.retain(|(known, _)| *known != name);
        self.0.extensions.push((name, value));
        self
    }

    /// The kind.
    #[cfg(test)]
    pub(crate) fn kind(&self) -> Kind {
        self.0.kind
    }

    /// The problem as one line of JSON (ending an NDJSON stream), in `lang`.
    pub(crate) fn json_line(&self, lang: Lang) -> bytes::Bytes {
        let mut line = serde_json::to_vec(&Wire(&self.0, lang)).unwrap_or_default();
        line.push(b'\n');
        line.into()
    }

    /// The whole HTTP/1.1 answer, ending the connection: for the answers
    /// the server writes on the socket itself (a refusal at the connection
    /// cap, hyper's own refusals of a request head).
    pub(crate) fn http_answer(self, lang: Lang) -> Vec<u8> {
        let status = self.0.kind.status();
        let mut body = serde_json::to_string(&Wire(&self.0, lang)).unwrap_or_default();
        body.push('\n');
        let retry_after = self
            .0
            .retry_after
            .map(|seconds| format!("retry-after: {seconds}\r\n"))
            .unwrap_or_default();
        format!(
            "HTTP/1.1 {} {}\r\ncontent-type: application/problem+json\r\ncontent-language: {}\r\n\
             {retry_after}connection: close\r\ncontent-length: {}\r\n\r\n{body}",
            status.as_str(),
            status.canonical_reason().unwrap_or_default(),
            lang.code(),
            body.len()
        )
        .into_bytes()
    }

    /// The HTTP response, its words in `lang`.
    pub(crate) fn into_response(self, lang: Lang) -> Response {
        let wire = Wire(&self.0, lang);
        let mut body = serde_json::to_string(&wire).unwrap_or_default();
        body.push('\n');
        let mut response = Response::new(body.into());
        *response.status_mut() = self.0.kind.status();
        let headers = response.headers_mut();
        headers.insert(
            CONTENT_TYPE,
            HeaderValue::from_static("application/problem+json"),
        );
        if let Some(allow) = self
            .0
            .allow
            .as_deref()
            .and_then(|a| HeaderValue::from_str(a).ok())
        {
            headers.insert(ALLOW, allow);
        }
        if let Some(seconds) = self.0.retry_after {
            headers.insert(RETRY_AFTER, HeaderValue::from(seconds));
        }
        // RFC 9110: a 401 names the scheme that would do.
        if self.0.kind == Kind::Unauthorized {
            headers.insert(WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bad input is never a 5xx: only the server's own trouble is.
    #[test]
    fn only_server_trouble_is_5xx() {
        for kind in Kind::ALL {
            // An archive the server lacks or cannot reach is its own trouble too.
            let server_side = matches!(
                kind,
                Kind::Busy
                    | Kind::Timeout
                    | Kind::Internal
                    | Kind::NoArchive
                    | Kind::ArchiveUnavailable
            );
            assert_eq!(kind.status().is_server_error(), server_side, "{kind:?}");
        }
    }

    /// docs/api.md lists every problem type with its status.
    #[test]
    fn docs_list_every_problem_type() {
        let docs = include_str!("../../docs/api.md");
        for kind in Kind::ALL {
            let row = format!(
                "| `urn:songo:problem:{}` | {} |",
                kind.slug(),
                kind.status().as_u16()
            );
            assert!(docs.contains(&row), "docs/api.md lacks the row {row}");
        }
    }

    #[test]
    fn problem_json_has_the_rfc_9457_members() {
        let problem = Problem::new(Kind::IllegalMove, Message::verbatim("S0 may not be played"))
            .rule(RuleId::SongoExit)
            .at(1, 12);
        assert_eq!(problem.kind(), Kind::IllegalMove);
        let response = problem.into_response(Lang::En);
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(response.headers()[CONTENT_TYPE], "application/problem+json");
    }
}

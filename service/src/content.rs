//! What a request's content must be, checked apart from how it arrives
//! (`body.rs`, `plumbing.rs`): its text (UTF-8, brackets nested within a
//! depth), its media type, the values of its query (rulesets among them),
//! and the work it asks for (marks, boards, record bytes), fixed before any
//! work starts: past a cap the answer is a `too-much-work` problem naming
//! the budget.

use songo_notation::Ruleset;
use songo_notation::i18n::Message;
use songo_notation::msg;
use warp::http::HeaderMap;
use warp::http::header::CONTENT_TYPE;

use crate::problem::{Kind, Problem};

/// The most marks one request asks for (`highlight=` and `arrow=`
/// together): more than any board has places.
pub(crate) const MAX_MARKS: usize = 64;

/// The most boards one answer draws.
pub(crate) const MAX_BOARDS: usize = 1000;

/// The most marks one answer draws, over all its boards: every mark is
/// drawn on every board.
pub(crate) const MAX_MARKS_DRAWN: usize = 8000;

/// The largest record body `/v1/annotate` writes back: its answer is some
/// 15 times the body (a comment on every move), so a larger body would
/// pass the answer's budget after seconds of work.
pub(crate) const MAX_ANNOTATED_BYTES: usize = 1024 * 1024;

/// The boards a played move may draw: before, after sowing, after
/// captures.
pub(crate) const BOARDS_PER_MOVE: usize = 3;

/// `count` within the budget `most` named `budget`; past it, a problem
/// saying `detail`.
fn within(
    count: usize,
    most: usize,
    budget: &'static str,
    detail: impl FnOnce() -> Message,
) -> Result<(), Problem> {
    if count <= most {
        return Ok(());
    }
    Err(Problem::too_much_work(detail(), budget, most as u64))
}

/// The marks a request asks for, within [`MAX_MARKS`].
pub(crate) fn check_marks(count: usize) -> Result<(), Problem> {
    within(count, MAX_MARKS, "marks", || {
        msg!(
            "problem-detail-too-many-marks",
            count = count,
            most = MAX_MARKS
        )
    })
}

/// `boards` boards, each with `marks` marks, within [`MAX_BOARDS`] and
/// [`MAX_MARKS_DRAWN`].
pub(crate) fn check_drawing(boards: usize, marks: usize) -> Result<(), Problem> {
    within(boards, MAX_BOARDS, "boards", || {
        msg!(
            "problem-detail-too-many-boards",
            count = boards,
            most = MAX_BOARDS
        )
    })?;
    let drawn = boards.saturating_mul(marks);
    within(drawn, MAX_MARKS_DRAWN, "marks_drawn", || {
        let most = MAX_MARKS_DRAWN;
        msg!(
            "problem-detail-too-many-marks-drawn",
            count = drawn,
            marks = marks,
            boards = boards,
            most = most
        )
    })
}

/// A record body of `size` bytes, within [`MAX_ANNOTATED_BYTES`].
pub(crate) fn check_annotated(size: usize) -> Result<(), Problem> {
    within(size, MAX_ANNOTATED_BYTES, "record_bytes", || {
        msg!(
            "problem-detail-annotate-too-large",
            size = size,
            most = MAX_ANNOTATED_BYTES
        )
    })
}

/// A 400 for a value of the query that the parameter does not take.
pub(crate) fn bad_value(name: &str, value: &str) -> Problem {
    Problem::new(
        Kind::BadQuery,
        msg!("problem-detail-bad-value", name = name, value = value),
    )
    .with("parameter", name)
}

/// The problem of a ruleset's name that names none (given as `name`).
pub(crate) fn ruleset_refused(name: &str, value: &str) -> Problem {
    ruleset(value)
        .err()
        .unwrap_or_else(|| bad_value(name, value))
}

/// A ruleset named in a query or a body.
pub(crate) fn ruleset(name: &str) -> Result<Ruleset, Problem> {
    name.parse::<Ruleset>().map_err(|error| {
        Problem::new(Kind::UnknownRuleset, error.message())
            .with("known", Ruleset::ALL.map(Ruleset::id))
    })
}

/// The body as text, brackets nested at most as deep as a position's
/// ([`input::MAX_NESTING`](songo_notation::read::MAX_NESTING)).
///
/// # Errors
/// 400 at the first byte that is not UTF-8, or when brackets nest too deep.
pub(crate) fn text(body: &[u8]) -> Result<&str, Problem> {
    text_within(body, songo_notation::read::MAX_NESTING)
}

/// The body as text, brackets nested at most `limit` deep: serde's YAML
/// reader, which JSON bodies also reach, takes time quadratic in the depth.
///
/// # Errors
/// 400 at the first byte that is not UTF-8, or when brackets nest too deep.
pub(crate) fn text_within(body: &[u8], limit: usize) -> Result<&str, Problem> {
    let text = std::str::from_utf8(body).map_err(|error| {
        let valid = &body[..error.valid_up_to()];
        let valid = std::str::from_utf8(valid).unwrap_or_default();
        let at = songo_notation::error::Location::of_offset(valid, valid.len());
        Problem::new(
            Kind::BadEncoding,
            msg!("problem-detail-not-utf8", offset = error.valid_up_to()),
        )
        .at(at.line, at.column)
    })?;
    songo_notation::read::check_nesting_within(text, limit).map_err(|error| {
        Problem::new(
            Kind::BadJson,
            msg!("problem-detail-too-deep", limit = limit),
        )
        .at(error.line(), error.column())
    })?;
    Ok(text)
}

/// The forms a body can be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Media {
    /// `application/json` or `…+json`.
    Json,
    /// `application/yaml`, `application/x-yaml`, `text/yaml`.
    Yaml,
    /// `text/plain` (or no content type).
    Text,
}

impl Media {
    /// The media type of the request, `Text` when it gives none.
    ///
    /// # Errors
    /// 415 for any other type.
    pub(crate) fn of(headers: &HeaderMap, accepted: &[Media]) -> Result<Media, Problem> {
        let Some(value) = headers.get(CONTENT_TYPE) else {
            return Ok(accepted[0]);
        };
        let value = value.to_str().unwrap_or_default();
        let essence = value
            .split(';')
            .next()
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase();
        let media = match essence.as_str() {
            "application/json" => Some(Media::Json),
            "application/yaml" | "application/x-yaml" | "text/yaml" | "text/x-yaml" => {
                Some(Media::Yaml)
            }
            "text/plain" => Some(Media::Text),
            other if other.starts_with("application/") && other.ends_with("+json") => {
                Some(Media::Json)
            }
            _ => None,
        };
        match media {
            Some(media) if accepted.contains(&media) => Ok(media),
            _ => {
                let names: Vec<&str> = accepted.iter().map(|m| m.name()).collect();
                let (accepted, form) = (names.join(", "), "application/x-www-form-urlencoded");
                let detail = if essence == form {
                    msg!(
                        "problem-detail-media-form",
                        accepted = accepted,
                        media = essence
                    )
                } else {
                    msg!("problem-detail-media", accepted = accepted, media = essence)
                };
                Err(Problem::new(Kind::UnsupportedMediaType, detail).with("accepted", names))
            }
        }
    }

    /// The media type's name.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Media::Json => "application/json",
            Media::Yaml => "application/yaml",
            Media::Text => "text/plain",
        }
    }
}

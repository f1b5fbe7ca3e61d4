//! Lessons: a teaching text goes in, a checked handout comes out.
//!
//! A lesson is a text a teacher writes or pastes: plain text or Markdown,
//! French or English, with board diagrams pasted in it as the sources
//! draw them, ```` ```songo ```` blocks written for the tool (a board,
//! moves to play, a record, `explain`, `expect:` lines), or a whole game
//! record. [`check`] reads it and reports its boards, the moves that link
//! them and every claim that does not hold ([`LessonReport`]); [`html`]
//! and [`markdown`] draw it as a handout: the prose kept, every board
//! drawn, every block replaced by its boards. `docs/lessons.md` describes
//! the syntax and how a text's boards are linked.
//!
//! ```
//! use songo_notation::lesson::{self, Options, Stage};
//!
//! let text = "**Avant :**\n\nN0 N1 N2 N3 N4 N5 N6\n3 1 1 10 1 5 0\n2 3 5 0 1 1 7\nS0 S1 S2 S3 S4 S5 S6\n\n\
//!             **Situation finale :**\n\nN0 N1 N2 N3 N4 N5 N6\n0 0 1 10 1 5 0\n3 0 5 0 1 1 7\nS0 S1 S2 S3 S4 S5 S6\n";
//! let report = lesson::check(text, &Options::default()).unwrap();
//! assert_eq!(report.diagrams.len(), 2);
//! assert_eq!((report.links[0].played.as_str(), report.links[0].stage), ("S1", Stage::After));
//! assert!(report.problems.is_empty());
//! ```

mod block;
mod expect;
mod html;
mod link;
mod markdown;
mod pieces;
mod read;
mod record;
mod source;
mod text;

use serde::Serialize;

use crate::any::AnyPosition;
use crate::error::{Excerpt, ParseError};
use crate::i18n::Lang;
use crate::rule::RuleId;
use crate::ruleset::Ruleset;
use crate::side::Side;
use crate::tr;

pub use link::Stage;
pub use text::report_text;

/// The largest lesson read, in bytes: a lesson of a hundred pages of prose
/// is a few hundred kilobytes.
pub const MAX_LESSON_BYTES: usize = 1 << 20;

/// The most boards a lesson may show (diagrams, blocks' boards, a record's
/// boards): a handout of a thousand boards is some three hundred pages.
pub const MAX_BOARDS: usize = 1000;

/// The most ```` ```songo ```` blocks and pasted diagrams a lesson holds.
pub const MAX_PARTS: usize = 500;

/// The most moves one block plays.
pub const MAX_BLOCK_MOVES: usize = block::MAX_MOVES;

/// How to read and write a lesson.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// The language of the tool's own words (captions, problems, headings).
    pub lang: Lang,
    /// The ruleset of boards and records that do not say theirs.
    pub rules: Option<Ruleset>,
    /// Whether the handout prints the teacher's notes (what the check says
    /// of a board: a claim the vocabulary disagrees with, a capture the text
    /// does not show): on the teacher's copy only, never by default on the
    /// pupils' sheet.
    pub teacher_notes: bool,
}

/// What `songo lesson check` reports: the boards of the lesson, the moves
/// that link them, and the problems found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct LessonReport {
    /// Every board, in the order of the text.
    pub diagrams: Vec<LessonDiagram>,
    /// The moves that link a board to a later one.
    pub links: Vec<Link>,
    /// What does not hold, in the order of the text.
    pub problems: Vec<Problem>,
    /// What a reader should know and the check does not fail on, in the
    /// order of the text: a capture the text does not show
    /// (`capture-not-shown`), a claim of the teaching vocabulary the
    /// definitions do not bear out (`vocabulary`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Problem>,
}

impl LessonReport {
    /// Whether the lesson checks: no problem (notes do not count).
    #[must_use]
    pub fn is_ok(&self) -> bool {
        self.problems.is_empty()
    }
}

/// A board of the lesson.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LessonDiagram {
    /// The line it starts on (from 1).
    pub line: usize,
    /// The board (a diagram that says no stores has 0 in each; one that
    /// says nobody to move has South).
    pub position: AnyPosition,
    /// Where it comes from.
    pub source: DiagramSource,
    /// The caption the text gives it (the line before it, a block's title).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// For the text's first board, when one move from the start position
    /// gives it: that move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_start: Option<StartMove>,
}

/// Where a board of the lesson comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DiagramSource {
    /// A diagram pasted in the prose.
    Text,
    /// A ```` ```songo ```` block.
    Block,
    /// The start of a game record.
    Record,
}

/// The move from the start position that gives a board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StartMove {
    /// The move.
    #[serde(rename = "move")]
    pub played: String,
    /// Which of its boards the diagram is.
    pub stage: Stage,
}

/// A move that links two boards of the lesson.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Link {
    /// The earlier board (an index into `diagrams`).
    pub from: usize,
    /// The later board.
    pub to: usize,
    /// The move.
    #[serde(rename = "move")]
    pub played: String,
    /// `sown`: the later board is the board after sowing, before captures;
    /// `after`: after captures.
    pub stage: Stage,
    /// Who plays it.
    pub side: Side,
    /// What it captures.
    pub captured: u32,
}

/// Something in the lesson that does not hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// The line (from 1).
    pub line: usize,
    /// The column (from 1, in characters).
    pub column: usize,
    /// What kind of problem.
    pub kind: ProblemKind,
    /// What is wrong, in the language asked for.
    pub message: String,
    /// The rule concerned, when one is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<RuleId>,
    /// How to fix it, or what the rules give instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// The line quoted, for diagnostics.
    #[serde(skip)]
    pub(crate) excerpt: Excerpt,
    /// Characters to underline.
    #[serde(skip)]
    pub(crate) width: usize,
}

/// The kinds of problems.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProblemKind {
    /// A board pasted in the text that cannot be read.
    Diagram,
    /// A board the text presents as a move's result that no legal move
    /// gives.
    Unlinked,
    /// A board the text calls the board after sowing (or after captures)
    /// that is the other one.
    Stage,
    /// A capture the prose claims that the move does not make.
    Claim,
    /// An `expect:` line that does not hold.
    Expectation,
    /// A move a block plays that the rules refuse (and no `expect:` says so).
    Illegal,
    /// A rule broken in a game record.
    Record,
    /// A note: a board after sowing whose move then captures, and the text
    /// shows no board after the captures and claims nothing of them.
    CaptureNotShown,
    /// A note: the text names a term of the teaching vocabulary (`teach.*`)
    /// for a board, and the term's definition says otherwise.
    Vocabulary,
}

/// Reads a lesson's bytes: at most [`MAX_LESSON_BYTES`], UTF-8 (a byte
/// order mark is dropped); errors in `lang`.
///
/// ```
/// use songo_notation::i18n::Lang;
/// use songo_notation::lesson;
/// assert_eq!(lesson::text_from_bytes("\u{feff}Hello".as_bytes(), Lang::En).unwrap(), "Hello");
/// let error = lesson::text_from_bytes(b"line 1\nab\xffc", Lang::En).unwrap_err();
/// assert_eq!((error.line(), error.column()), (2, 3));
/// ```
///
/// # Errors
/// A text too large, or a byte that is not UTF-8 (its line and column).
pub fn text_from_bytes(bytes: &[u8], lang: Lang) -> Result<&str, ParseError> {
    if bytes.len() > MAX_LESSON_BYTES {
        return Err(ParseError::at(
            "",
            0,
            tr!(lang, "lesson-error-too-large", count = MAX_LESSON_BYTES),
        )
        .with_hint(tr!(lang, "lesson-error-split-hint")));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.strip_prefix('\u{feff}').unwrap_or(text)),
        Err(error) => {
            let valid = error.valid_up_to();
            // The bytes before the bad one are UTF-8: the place is known.
            let text = std::str::from_utf8(&bytes[..valid]).unwrap_or_default();
            Err(ParseError::at(
                text,
                text.len(),
                tr!(lang, "lesson-error-not-utf8", byte = valid),
            )
            .with_hint(tr!(lang, "lesson-error-not-utf8-hint")))
        }
    }
}

/// Checks a lesson: its boards, the moves that link them, its claims and
/// its `expect:` lines.
///
/// # Errors
/// A lesson that cannot be read (too large, a block that does not read,
/// too many boards), with the place.
pub fn check(text: &str, options: &Options) -> Result<LessonReport, ParseError> {
    read::Lesson::read(text, options).map(|lesson| lesson.report)
}

/// A handout and the report of the lesson it was drawn from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handout {
    /// The document: an HTML page, or Markdown.
    pub document: String,
    /// The pictures the Markdown document links to (none for HTML, whose
    /// pictures are inline).
    pub images: Vec<Image>,
    /// The lesson's check.
    pub report: LessonReport,
}

/// A picture of a Markdown handout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// Its file name, to write beside the Markdown file.
    pub name: String,
    /// The SVG document.
    pub svg: String,
}

/// The handout as one standalone HTML page: the lesson's prose, every
/// board drawn in SVG inside it, print styles for A4 paper, no external
/// resource, every text of the lesson escaped.
///
/// ```
/// use songo_notation::lesson::{self, Options};
/// let handout = lesson::html("# Capture\n\n```songo\nposition: songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7\nplay: S1\n```\n", &Options::default()).unwrap();
/// assert!(handout.document.starts_with("<!DOCTYPE html>"));
/// assert_eq!(handout.document.matches("<svg").count(), 3);
/// ```
///
/// # Errors
/// A lesson that cannot be read.
pub fn html(text: &str, options: &Options) -> Result<Handout, ParseError> {
    let mut lesson = read::Lesson::read(text, options)?;
    if !options.teacher_notes {
        lesson.drop_teacher_notes();
    }
    let document = html::write(&lesson, options.lang);
    Ok(Handout {
        document,
        images: Vec::new(),
        report: lesson.report,
    })
}

/// The handout as Markdown, each board a picture whose file name starts
/// with `prefix` (`lesson-01.svg`, …), to be written beside it; characters
/// of `prefix` other than letters, digits, `-` and `_` become `-`.
///
/// ```
/// use songo_notation::lesson::{self, Options};
/// let handout = lesson::markdown("Before:\n\n3 1 1 10 1 5 0\n2 3 5 0 1 1 7\n", &Options::default(), "ex").unwrap();
/// assert_eq!(handout.images[0].name, "ex-01.svg");
/// assert!(handout.document.contains("](ex-01.svg)"));
/// ```
///
/// # Errors
/// A lesson that cannot be read.
pub fn markdown(text: &str, options: &Options, prefix: &str) -> Result<Handout, ParseError> {
    let mut lesson = read::Lesson::read(text, options)?;
    if !options.teacher_notes {
        lesson.drop_teacher_notes();
    }
    let (document, images) = markdown::write(&lesson, options.lang, prefix);
    Ok(Handout {
        document,
        images,
        report: lesson.report,
    })
}

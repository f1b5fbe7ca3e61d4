//! The flag values the commands share (`--to`, `--letters`, `--format`,
//! `--layout`), and how a mark a person asked for is refused, in one
//! place: each command's module reads them from here.

use songo_notation::LetterCase;
use songo_notation::render::{Drawing, Mark, MarkError};

use crate::Failure;

/// Output formats of reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ReportFormat {
    /// Sentences for people.
    Text,
    /// JSON, the shapes of docs/api.md.
    Json,
    /// YAML, the same fields as JSON.
    Yaml,
}

/// The forms `play` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum PlayFormat {
    /// The three diagrams of every move, as text (changed houses marked *, captured x).
    Text,
    /// The same as Markdown tables (changed in bold, captured struck out).
    Markdown,
    /// One SVG picture: a row of three boards per move.
    Svg,
    /// The PlayReport as JSON.
    Json,
    /// The PlayReport as YAML.
    Yaml,
}

/// The forms `explain` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ExplainFormat {
    /// A reader's sentences, one section a term.
    Text,
    /// The same as Markdown, names in bold.
    Markdown,
    /// The board with the vocabulary drawn on it.
    Svg,
    /// The ExplainReport as JSON.
    Json,
    /// The ExplainReport as YAML.
    Yaml,
}

/// The layout of a played line's SVG boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Layout {
    /// Side by side, a row per move.
    Horizontal,
    /// One under the other: prints large on a page in portrait.
    Vertical,
}

impl From<Layout> for songo_notation::render::svg::Layout {
    fn from(layout: Layout) -> Self {
        match layout {
            Layout::Horizontal => Self::Row,
            Layout::Vertical => Self::Column,
        }
    }
}

/// A mark that cannot be read, named by its option.
pub(crate) fn mark_failure(error: MarkError) -> Failure {
    let option = match error.mark {
        Mark::Changed => "--changed",
        Mark::Captured => "--captured",
        Mark::LastMove => "--last-move",
        Mark::Highlight => "--highlight",
        Mark::Arrow => "--arrow",
    };
    Failure::input(songo_notation::msg!(
        "cli-bad-mark",
        option = option,
        text = songo_notation::i18n::Message::verbatim(error.message)
    ))
}

/// The forms `convert` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Target {
    /// The compact one-line notation.
    Compact,
    /// A plain-text diagram as the sources draw it.
    Text,
    /// A Markdown table.
    Markdown,
    /// An SVG picture of the board.
    Svg,
    /// JSON.
    Json,
    /// YAML.
    Yaml,
    /// The Aualé program's OGN FEN (awale and oware-abapa only).
    Fen,
    /// A game record, canonical (game records only).
    Record,
    /// An OGN file as the Aualé program writes them (awale/oware game records only).
    Ogn,
}

/// Which Awalé camp is lettered in capitals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Letters {
    /// South A..F, North a..f (the comptoir text, the default).
    SouthUpper,
    /// North A..F, South a..f (the casabianca text).
    NorthUpper,
}

impl From<Letters> for LetterCase {
    fn from(letters: Letters) -> LetterCase {
        match letters {
            Letters::SouthUpper => LetterCase::SouthUpper,
            Letters::NorthUpper => LetterCase::NorthUpper,
        }
    }
}

impl PlayFormat {
    /// The drawing a form for people is, `None` for JSON and YAML.
    pub(crate) const fn drawing(self) -> Option<Drawing> {
        match self {
            PlayFormat::Text => Some(Drawing::Text),
            PlayFormat::Markdown => Some(Drawing::Markdown),
            PlayFormat::Svg => Some(Drawing::Svg),
            PlayFormat::Json | PlayFormat::Yaml => None,
        }
    }
}

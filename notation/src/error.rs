//! Errors that point into the text: line, column, a caret, and a hint.

use std::fmt;

/// A place in a text: 1-based line and column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize)]
pub struct Location {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1, counted in characters.
    pub column: usize,
}

impl Location {
    /// The location of byte offset `offset` in `text`.
    ///
    /// ```
    /// use songo_notation::error::Location;
    /// let at = Location::of_offset("ab\ncd", 4);
    /// assert_eq!((at.line, at.column), (2, 2));
    /// ```
    #[must_use]
    pub fn of_offset(text: &str, offset: usize) -> Location {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Location {
            line,
            column: before[line_start..].chars().count() + 1,
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// What kind of mistake a [`ParseError`] reports, for callers that answer
/// kinds differently (the HTTP service answers an unknown ruleset with 422
/// and any other unreadable position with 400) without reading messages.
///
/// ```
/// use songo_notation::error::ParseErrorKind;
/// use songo_notation::input::parse_position;
/// let unknown = parse_position("chess:5,5,5,5,5,5,5/5,5,5,5,5,5,5", None).unwrap_err();
/// assert_eq!(unknown.kind, ParseErrorKind::UnknownRuleset);
/// let short = parse_position("songo:5,5,5/5,5,5,5,5,5,5", None).unwrap_err();
/// assert_eq!(short.kind, ParseErrorKind::Syntax);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The text does not read as what was asked for (every error not
    /// listed below).
    #[default]
    Syntax,
    /// The text names a ruleset, as one word (letters, digits, `-`, `_`;
    /// at most 40 bytes), that the library does not know. A field that
    /// cannot be a name at all (a sentence, punctuation) is [`Syntax`](Self::Syntax):
    /// the text is not a position, whatever its first field says.
    UnknownRuleset,
    /// Brackets nest deeper than [`MAX_NESTING`](crate::input::MAX_NESTING).
    TooDeep,
}

impl ParseErrorKind {
    /// The kind of the error for a ruleset field that reads as no ruleset:
    /// [`UnknownRuleset`](Self::UnknownRuleset) when `name` is a word,
    /// [`Syntax`](Self::Syntax) otherwise.
    pub(crate) fn of_ruleset_name(name: &str) -> ParseErrorKind {
        let is_word = (1..=40).contains(&name.len())
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
        if is_word {
            ParseErrorKind::UnknownRuleset
        } else {
            ParseErrorKind::Syntax
        }
    }
}

/// A parse error: what is wrong, where, the offending line, and how to fix it.
///
/// Its `Display` prints the message, `at line L, column C`, the source line
/// with a caret under the problem, and the hint:
///
/// ```
/// use songo_notation::error::ParseError;
/// let text = "songo:5,5,5/5,5,5,5,5,5,5";
/// let error = ParseError::at(text, 6, "the north row has 3 houses, songo needs 7")
///     .with_hint("write 7 counts separated by commas");
/// assert_eq!(
///     error.to_string(),
///     "the north row has 3 houses, songo needs 7 at line 1, column 7\n  \
///      |\n1 | songo:5,5,5/5,5,5,5,5,5,5\n  |       ^\n  = hint: write 7 counts separated by commas"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub location: Location,
    /// The text of the offending line (without its line break).
    pub source_line: String,
    /// How to fix it, when we can say.
    pub hint: Option<String>,
    /// Characters the caret underlines (at least 1).
    pub width: usize,
    /// What kind of mistake it is ([`ParseErrorKind::Syntax`] unless said).
    pub kind: ParseErrorKind,
}

impl ParseError {
    /// An error at byte `offset` of `text`.
    #[must_use]
    pub fn at(text: &str, offset: usize, message: impl Into<String>) -> ParseError {
        let location = Location::of_offset(text, offset);
        let source_line = text
            .lines()
            .nth(location.line - 1)
            .unwrap_or_default()
            .trim_end_matches('\r')
            .to_owned();
        ParseError {
            message: message.into(),
            location,
            source_line,
            hint: None,
            width: 1,
            kind: ParseErrorKind::Syntax,
        }
    }

    /// Sets its kind.
    #[must_use]
    pub fn with_kind(mut self, kind: ParseErrorKind) -> ParseError {
        self.kind = kind;
        self
    }

    /// Adds a hint.
    #[must_use]
    pub fn with_hint(mut self, hint: impl Into<String>) -> ParseError {
        self.hint = Some(hint.into());
        self
    }

    /// Underlines `width` characters instead of one.
    #[must_use]
    pub fn with_width(mut self, width: usize) -> ParseError {
        self.width = width.max(1);
        self
    }

    /// An error for a position that cannot be built from what was read.
    #[must_use]
    pub(crate) fn of_position(
        text: &str,
        offset: usize,
        error: &crate::PositionError,
    ) -> ParseError {
        let hint = match error {
            crate::PositionError::RowLength { rules, .. } => {
                format!("write {} counts a row", rules.houses_per_side())
            }
            crate::PositionError::TooManySeeds { .. } => {
                "give smaller counts: a board holds at most 4294967295 seeds in all".to_owned()
            }
            crate::PositionError::NotSowing(_) => {
                "give a position of songo, songo-ekang, awale or oware-abapa".to_owned()
            }
        };
        ParseError::at(text, offset, error.to_string()).with_hint(hint)
    }

    /// Moves the error down by `lines` lines (for a text embedded in a
    /// larger one, such as a tag value in a record).
    #[must_use]
    pub fn shifted(mut self, lines: usize, columns: usize) -> ParseError {
        if self.location.line == 1 {
            self.location.column += columns;
        }
        self.location.line += lines;
        self
    }
}

/// The most characters of a source line an error shows.
const WINDOW: usize = 100;

/// `text` for quoting in a message, shortened to 40 characters.
///
/// ```
/// use songo_notation::error::quote;
/// assert_eq!(quote("N0"), "N0");
/// assert_eq!(quote(&"x".repeat(50)).chars().count(), 41);
/// ```
#[must_use]
pub fn quote(text: &str) -> String {
    const MOST: usize = 40;
    if text.chars().count() <= MOST {
        text.to_owned()
    } else {
        let mut short: String = text.chars().take(MOST).collect();
        short.push('…');
        short
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Location { line, column } = self.location;
        writeln!(f, "{} at line {line}, column {column}", self.message)?;
        let gutter = " ".repeat(line.to_string().len());
        writeln!(f, "{gutter} |")?;
        // Tabs would shift the caret: show them as single spaces.
        let chars: Vec<char> = self
            .source_line
            .chars()
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        // A long line is shown as a window around the caret.
        let caret = column.saturating_sub(1).min(chars.len());
        let start = caret.saturating_sub(WINDOW / 2);
        let end = (start + WINDOW).min(chars.len());
        let start = end.saturating_sub(WINDOW).min(start);
        let before = if start > 0 { "…" } else { "" };
        let after = if end < chars.len() { "…" } else { "" };
        let shown: String = chars[start..end].iter().collect();
        writeln!(f, "{line} | {before}{shown}{after}")?;
        let width = self.width.min((end + 1).saturating_sub(caret).max(1));
        write!(
            f,
            "{gutter} | {}{}{}",
            before.replace('…', " "),
            " ".repeat(caret - start),
            "^".repeat(width)
        )?;
        if let Some(hint) = &self.hint {
            write!(f, "\n{gutter} = hint: {hint}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseError {}

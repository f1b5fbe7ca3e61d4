//! Errors that point into the text: line, column, a caret, and a hint.

use std::fmt;
use std::ops::Range;

use crate::i18n::{Lang, Localize, Message};
use crate::msg;

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

impl Location {
    /// `line L, column C` as a message of the catalogue.
    #[must_use]
    pub fn message(&self) -> Message {
        msg!("location", line = self.line, column = self.column)
    }
}

/// `line L, column C`, in English.
impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

/// What kind of mistake a [`ParseError`] reports, for callers that answer
/// kinds differently (the HTTP service answers an unknown ruleset with 422
/// and any other unreadable position with 400) without reading messages.
///
/// ```
/// use songo_notation::error::ParseErrorKind;
/// use songo_notation::read::sowing_position;
/// let unknown = sowing_position("chess:5,5,5,5,5,5,5/5,5,5,5,5,5,5", None).unwrap_err();
/// assert_eq!(unknown.kind(), ParseErrorKind::UnknownRuleset);
/// let short = sowing_position("songo:5,5,5/5,5,5,5,5,5,5", None).unwrap_err();
/// assert_eq!(short.kind(), ParseErrorKind::Syntax);
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

/// A value read from JSON or YAML that does not make what it should (a
/// count that is negative, a row of the wrong length …): what is wrong, its
/// kind, and where, as the JSON pointer (RFC 6901) of the value at fault
/// (`/north/3`, `/stores/south`, `/rules`; empty for the whole value). The
/// reader of the text turns it into a [`ParseError`] at that value's line
/// and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidValue {
    /// The JSON pointer of the value at fault.
    pub pointer: String,
    /// What is wrong.
    pub message: Message,
    /// Its kind ([`ParseErrorKind::Syntax`] unless said).
    pub kind: ParseErrorKind,
}

impl InvalidValue {
    /// `message` about the value at `pointer`.
    #[must_use]
    pub fn at(pointer: impl Into<String>, message: Message) -> InvalidValue {
        InvalidValue {
            pointer: pointer.into(),
            message,
            kind: ParseErrorKind::Syntax,
        }
    }

    /// The field of the top-level object the pointer goes into (`north`
    /// for `/north/3`), if any.
    #[must_use]
    pub fn field(&self) -> Option<&str> {
        let rest = self.pointer.strip_prefix('/')?;
        Some(rest.split('/').next().unwrap_or(rest))
    }
}

/// In English.
impl fmt::Display for InvalidValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message.fmt(f)
    }
}

/// A parse error: what is wrong, where, the offending line, and how to fix it.
///
/// Its `Display` prints the message, `at line L, column C`, the source line
/// with a caret under the problem, and the hint, drawn as rustc draws its
/// diagnostics (annotate-snippets), in English; [`Localize`] draws it in
/// any language. The message and the hint are [`Message`]s of the
/// catalogue.
///
/// ```
/// use songo_notation::error::ParseError;
/// use songo_notation::i18n::Message;
/// let text = "songo:5,5,5/5,5,5,5,5,5,5";
/// let error = ParseError::at(text, 6, Message::verbatim("the north row has 3 houses, songo needs 7"))
///     .with_hint(Message::verbatim("write 7 counts separated by commas"));
/// assert_eq!(
///     error.to_string(),
///     "the north row has 3 houses, songo needs 7 at line 1, column 7\n  \
///      |\n1 | songo:5,5,5/5,5,5,5,5,5,5\n  |       ^\n  |\n  = hint: write 7 counts separated by commas"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// Boxed, as the hint: the error stays small enough to be returned by value.
    pub(crate) message: Box<Message>,
    /// The bytes at fault in the text that was read.
    pub(crate) span: Range<usize>,
    /// Their line and column (moved by [`ParseError::shifted`] when the
    /// text is embedded in a larger one).
    pub(crate) location: Location,
    pub(crate) source_line: Excerpt,
    /// Boxed: the error stays small enough to be returned by value.
    pub(crate) hint: Option<Box<Message>>,
    pub(crate) kind: ParseErrorKind,
}

impl ParseError {
    /// An error at byte `offset` of `text`.
    #[must_use]
    pub fn at(text: &str, offset: usize, message: impl Into<Message>) -> ParseError {
        let message = message.into();
        let location = Location::of_offset(text, offset);
        let line = text.lines().nth(location.line - 1).unwrap_or_default();
        let source_line = Excerpt::new(line, location.column);
        let offset = offset.min(text.len());
        let length = text
            .get(offset..)
            .and_then(|rest| rest.chars().next())
            .map_or(0, char::len_utf8);
        ParseError {
            message: Box::new(message),
            span: offset..offset + length,
            location,
            source_line,
            hint: None,
            kind: ParseErrorKind::Syntax,
        }
    }

    /// What is wrong.
    #[must_use]
    pub const fn message(&self) -> &Message {
        &self.message
    }

    /// The bytes at fault in the text that was read (as far as the quoted
    /// part of their line goes).
    ///
    /// ```
    /// use songo_notation::sowing::notation::compact;
    /// let text = "songo:5,5,5,1x0,5,5,5/5,5,5,5,5,5,5";
    /// let error = compact::parse(text, None).unwrap_err();
    /// assert_eq!(&text[error.span()], "1x0");
    /// assert_eq!((error.line(), error.column()), (1, 13));
    /// ```
    #[must_use]
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// Where: line and column.
    #[must_use]
    pub const fn location(&self) -> Location {
        self.location
    }

    /// The line, from 1.
    #[must_use]
    pub const fn line(&self) -> usize {
        self.location.line
    }

    /// The column, from 1, in characters.
    #[must_use]
    pub const fn column(&self) -> usize {
        self.location.column
    }

    /// The offending line (or the part of it around the place).
    #[must_use]
    pub const fn source_line(&self) -> &Excerpt {
        &self.source_line
    }

    /// How to fix it, when we can say.
    #[must_use]
    pub fn hint(&self) -> Option<&Message> {
        self.hint.as_deref()
    }

    /// Characters the caret underlines (at least 1): those of the span.
    #[must_use]
    pub fn width(&self) -> usize {
        self.source_line.chars_from_caret(self.span.len()).max(1)
    }

    /// What kind of mistake it is ([`ParseErrorKind::Syntax`] unless said).
    #[must_use]
    pub const fn kind(&self) -> ParseErrorKind {
        self.kind
    }

    /// Sets its kind.
    #[must_use]
    pub fn with_kind(mut self, kind: ParseErrorKind) -> ParseError {
        self.kind = kind;
        self
    }

    /// Adds a hint.
    #[must_use]
    pub fn with_hint(mut self, hint: impl Into<Message>) -> ParseError {
        self.hint = Some(Box::new(hint.into()));
        self
    }

    /// Underlines `width` characters instead of one (the span grows with
    /// them, as far as the quoted part of the line goes).
    #[must_use]
    pub fn with_width(mut self, width: usize) -> ParseError {
        self.set_width(width);
        self
    }

    /// [`ParseError::with_width`] in place.
    pub(crate) fn set_width(&mut self, width: usize) {
        self.span.end = self.span.start + self.source_line.bytes_from_caret(width.max(1));
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

/// The most characters of a source line a diagnostic quotes.
const WINDOW: usize = 100;

/// The piece of a source line a diagnostic quotes, with the place of its
/// caret: the whole line when it is short, else 100 characters
/// around the place, marked `…` where the line is cut. It stays small
/// whatever the line's length, so that many diagnostics on one long line
/// cannot fill the memory.
///
/// ```
/// use songo_notation::error::Excerpt;
/// let short = Excerpt::new("1. S2\tN4", 7);
/// assert_eq!((short.text.as_str(), short.caret), ("1. S2 N4", 6));
/// let line = "S1 ".repeat(1000);
/// let long = Excerpt::new(&line, 1501);
/// assert_eq!(long.text.chars().count(), 102);
/// assert!(long.text.starts_with('…') && long.text.ends_with('…'));
/// assert_eq!(long.text.chars().nth(long.caret), Some('S'));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Excerpt {
    /// The characters quoted, without the line break; tabs are shown as
    /// single spaces so that the caret lines up.
    pub text: String,
    /// Characters of `text` before the caret.
    pub caret: usize,
    /// Characters of the line quoted from the caret on (the `…` that marks
    /// a cut is not the line's: no caret goes under it).
    room: usize,
}

impl Excerpt {
    /// The excerpt of `line` around `column` (from 1, in characters).
    #[must_use]
    pub fn new(line: &str, column: usize) -> Excerpt {
        let line = line.trim_end_matches(['\n', '\r']);
        let at = line
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(line.len(), |(at, _)| at);
        Excerpt::around(line, at)
    }

    /// The excerpt of `line` around its byte `at` (a character boundary).
    /// It reads only the characters it quotes, whatever the line's length.
    pub(crate) fn around(line: &str, at: usize) -> Excerpt {
        let line = line.trim_end_matches(['\n', '\r']);
        let at = (0..=at.min(line.len()))
            .rev()
            .find(|&at| line.is_char_boundary(at))
            .unwrap_or(0);
        let (before, after) = line.split_at(at);
        // Half the window before the place, more when the line ends soon after.
        let after_count = after.chars().take(WINDOW).count();
        let wanted_before = WINDOW - after_count.min(WINDOW / 2);
        let (start, taken_before) = before
            .char_indices()
            .rev()
            .take(wanted_before)
            .fold((at, 0), |(_, count), (index, _)| (index, count + 1));
        let end = after
            .char_indices()
            .nth(WINDOW - taken_before)
            .map_or(line.len(), |(index, _)| at + index);
        let mut text = String::with_capacity(end - start + 6);
        if start > 0 {
            text.push('…');
        }
        text.extend(
            line[start..end]
                .chars()
                .map(|c| if c == '\t' { ' ' } else { c }),
        );
        if end < line.len() {
            text.push('…');
        }
        Excerpt {
            text,
            caret: taken_before + usize::from(start > 0),
            room: line[at..end].chars().count(),
        }
    }

    /// Whether there is nothing to quote.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The bytes of the line that `width` characters from the caret take
    /// (as far as the quoted part goes; a tab counts as the one byte it is).
    pub(crate) fn bytes_from_caret(&self, width: usize) -> usize {
        self.text
            .chars()
            .skip(self.caret)
            .take(width.min(self.room))
            .map(char::len_utf8)
            .sum()
    }

    /// How many characters from the caret `bytes` bytes of the line take.
    pub(crate) fn chars_from_caret(&self, bytes: usize) -> usize {
        let mut taken = 0;
        self.text
            .chars()
            .skip(self.caret)
            .take(self.room)
            .take_while(|c| {
                taken += c.len_utf8();
                taken <= bytes
            })
            .count()
    }

    /// How many characters a caret of `width` may underline: at least one,
    /// and not past the quoted text.
    ///
    /// ```
    /// use songo_notation::error::Excerpt;
    /// let excerpt = Excerpt::new("1. S2+11", 4);
    /// assert_eq!(excerpt.caret_width(5), 5);
    /// assert_eq!(excerpt.caret_width(50), 5);
    /// // A caret never goes under the `…` of a cut line.
    /// let long = Excerpt::new(&"x".repeat(500), 1);
    /// assert_eq!(long.caret_width(500), 100);
    /// assert_eq!(excerpt.caret_width(0), 1);
    /// ```
    #[must_use]
    pub fn caret_width(&self, width: usize) -> usize {
        width.min(self.room).max(1)
    }
}

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

/// The message, `at line L, column C`, the quoted line with its caret and
/// the hint, in `lang`.
impl Localize for ParseError {
    fn localize(&self, lang: Lang) -> String {
        let Location { line, column } = self.location;
        let mut out = msg!(
            "at-line-column",
            text = (*self.message).clone(),
            line = line,
            column = column
        )
        .localize(lang);
        out.push('\n');
        let hint_name = msg!("note-hint").localize(lang);
        let hint = self.hint.as_ref().map(|hint| hint.localize(lang));
        let notes: Vec<Note<'_>> = hint
            .iter()
            .map(|hint| Note::named(&hint_name, hint))
            .collect();
        let quoted = Quoted {
            line,
            column,
            excerpt: &self.source_line,
            width: self.width(),
            label: None,
        };
        out.push_str(&render(
            None,
            None,
            Place::Quoted(quoted),
            &notes,
            false,
            lang,
        ));
        out
    }
}

/// In English.
impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.localize(Lang::En))
    }
}

/// A note under a diagnostic: `= hint: …`, `= rule songo.sow: …`, or
/// unnamed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Note<'a> {
    name: Option<&'a str>,
    text: &'a str,
}

impl<'a> Note<'a> {
    /// `= name: text`.
    pub(crate) const fn named(name: &'a str, text: &'a str) -> Note<'a> {
        Note {
            name: Some(name),
            text,
        }
    }

    /// `= text`.
    pub(crate) const fn plain(text: &'a str) -> Note<'a> {
        Note { name: None, text }
    }
}

/// Where a diagnostic points.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Place<'a> {
    /// A line quoted, a caret under the place.
    Quoted(Quoted<'a>),
    /// Only a line and a column (no line to quote).
    At {
        /// The line, from 1.
        line: usize,
        /// The column, from 1, in characters.
        column: usize,
    },
}

/// The quoted line of a diagnostic and where its caret goes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Quoted<'a> {
    /// The line number, from 1.
    pub(crate) line: usize,
    /// The column of the caret in the whole line, from 1, in characters.
    pub(crate) column: usize,
    /// The piece of the line quoted.
    pub(crate) excerpt: &'a Excerpt,
    /// Characters to underline.
    pub(crate) width: usize,
    /// Words under the caret.
    pub(crate) label: Option<&'a str>,
}

/// A diagnostic drawn the way rustc and cargo draw theirs
/// (annotate-snippets): the crate's one renderer of quoted lines and
/// carets. `title` is `(id, message)` (`error[id]: message`, `error` in
/// `lang`), `path` the file named on the `-->` line; without a title, only
/// the quoted line and the notes.
pub(crate) fn render(
    title: Option<(&str, &str)>,
    path: Option<&str>,
    place: Place<'_>,
    notes: &[Note<'_>],
    color: bool,
    lang: Lang,
) -> String {
    render_at(Level::Error, title, path, place, notes, color, lang)
}

/// How serious a diagnostic is: an error fails the check, a note does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    /// `error[id]`.
    Error,
    /// `note[id]`: worth knowing, not failing.
    Note,
}

/// [`render`] at a level.
pub(crate) fn render_at(
    level: Level,
    title: Option<(&str, &str)>,
    path: Option<&str>,
    place: Place<'_>,
    notes: &[Note<'_>],
    color: bool,
    lang: Lang,
) -> String {
    use annotate_snippets::{AnnotationKind, Group, Level, Origin, Renderer, Snippet};

    let error = match level {
        self::Level::Error => Level::ERROR.with_name(msg!("diagnostic-error").localize(lang)),
        self::Level::Note => Level::NOTE.with_name(msg!("diagnostic-note").localize(lang)),
    };
    let mut group = match title {
        Some((id, message)) => Group::with_title(error.primary_title(message).id(id)),
        None => Group::with_level(error),
    };
    let source;
    match place {
        Place::Quoted(quoted) => {
            // The quoted piece is placed at its column in the line, so that
            // the `-->` line names the column of the whole line: the `…`
            // that marks a cut stands in the last place of the part left
            // out (annotate-snippets shortens what is too long for a
            // terminal and marks it `...`).
            let excerpt = quoted.excerpt;
            let padding = quoted.column.saturating_sub(1 + excerpt.caret);
            let padded = format!("{}{}", " ".repeat(padding), excerpt.text);
            let start = padding + excerpt.caret;
            let byte = |chars: usize| {
                padded
                    .char_indices()
                    .nth(chars)
                    .map_or(padded.len(), |(at, _)| at)
            };
            let span = byte(start)..byte(start + excerpt.caret_width(quoted.width));
            source = padded;
            let mut annotation = AnnotationKind::Primary.span(span);
            if let Some(label) = quoted.label {
                annotation = annotation.label(label);
            }
            let mut snippet = Snippet::source(source.as_str())
                .line_start(quoted.line)
                .annotation(annotation);
            if let Some(path) = path {
                snippet = snippet.path(path);
            }
            group = group.element(snippet);
        }
        Place::At { line, column } => {
            if let Some(path) = path {
                group = group.element(Origin::path(path).line(line).char_column(column));
            }
        }
    }
    for note in notes {
        let level = match note.name {
            Some(name) => Level::NOTE.with_name(format!("{name}{}", lang.before_colon())),
            None => Level::NOTE.no_name(),
        };
        group = group.element(level.message(note.text));
    }
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    renderer.render(&[group])
}

impl std::error::Error for ParseError {}

//! The record parser: a hand-written token loop with nom for the pieces
//! (tag pairs, comments, runs of junk), driving a [`Visitor`]. The reader
//! keeps only a byte offset; lines and columns are counted when a place is
//! asked for ([`Pos`], [`Locator`]).
//!
//! Like pgn-reader, the parser builds nothing itself: it reads one game's
//! text and calls the visitor for each tag, move, comment, variation and
//! result it meets. [`super::GameRecord`] is built by one visitor, the
//! validator is another that replays moves as they come without building
//! the record. Every token carries its place ([`Pos`]: where it is in the
//! game, whose line and column in the file can be asked for), and a
//! syntax error never stops the parser: it is reported to the visitor
//! and reading goes on after the offending token.
//!
//! The grammar is in `docs/records.md`.

use nom::IResult;
use nom::bytes::complete::{take_till, take_until, take_while};
use nom::character::complete::digit1;

use super::model::{GLYPHS, Span};
use crate::error::{Excerpt, ParseError};
use crate::i18n::Message;
use crate::msg;

/// The deepest nesting of variations read; deeper ones are skipped with an
/// error (so that no input can make a reader use unbounded memory).
pub const MAX_VARIATION_DEPTH: usize = 64;

/// The most syntax errors reported for one game (one more says that the
/// rest are not).
pub const MAX_SYNTAX_ERRORS: usize = 50;

/// Where a game's text starts in its file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Origin {
    /// Byte offset of the game's first byte.
    pub offset: usize,
    /// Line of the game's first byte, from 1 (games start at line starts).
    pub line: usize,
}

impl Default for Origin {
    fn default() -> Origin {
        Origin { offset: 0, line: 1 }
    }
}

/// A place in the game being read: the game's text and a byte offset in
/// it. Its line and column are counted only when asked for (an error, a
/// report, a record that keeps them), so that reading a token costs no
/// line counting; [`Locator`] counts them forward for a reader that asks
/// for every place in order.
#[derive(Clone, Copy)]
pub struct Pos<'a> {
    /// The game's text.
    text: &'a str,
    /// Byte offset of the place in `text`.
    at: usize,
    origin: Origin,
}

impl<'a> Pos<'a> {
    /// Line in the file, from 1.
    #[must_use]
    pub fn line(&self) -> usize {
        self.span().line
    }

    /// The game's text from this place on (what a fix replaces starts here).
    #[must_use]
    pub fn rest(&self) -> &'a str {
        self.text.get(self.at..).unwrap_or_default()
    }

    /// Byte offset in the file.
    #[must_use]
    pub fn offset(&self) -> usize {
        self.origin.offset + self.at
    }

    /// Byte offset in the game's text.
    #[must_use]
    pub(crate) fn in_game(&self) -> usize {
        self.at
    }

    /// Column, from 1, in characters.
    #[must_use]
    pub fn column(&self) -> usize {
        self.span().column
    }

    /// Offset, line and column (counted from the start of the game: see
    /// [`Locator`] to place many).
    #[must_use]
    pub fn span(&self) -> Span {
        Locator::default().span(self)
    }

    /// Byte offset in the game's text of the start of the place's line.
    fn line_start(&self) -> usize {
        let before = self.text.as_bytes().get(..self.at).unwrap_or_default();
        match memchr::memrchr(b'\n', before) {
            Some(end) => end + 1,
            // A byte order mark is no character of the first line.
            None => text_start(self.text).min(self.at),
        }
    }

    /// The place's line, without its line break.
    fn source_line(&self) -> &'a str {
        let line = &self.text[self.line_start()..];
        let end = memchr::memchr(b'\n', line.as_bytes()).unwrap_or(line.len());
        &line[..end]
    }

    /// The line this place is on (around the place, when it is long), for
    /// a diagnostic.
    #[must_use]
    pub fn excerpt(&self) -> Excerpt {
        Excerpt::around(self.source_line(), self.at - self.line_start())
    }

    /// [`Pos::excerpt`] with the caret `column` characters after the place
    /// (1: at it), on the same line.
    #[must_use]
    pub fn excerpt_at(&self, column: usize) -> Excerpt {
        Excerpt::new(self.source_line(), self.column() + column.saturating_sub(1))
    }

    /// An error at this place, underlining `width` characters.
    #[must_use]
    pub fn error(&self, message: Message, width: usize) -> SyntaxError {
        let span = self.span();
        let mut error = ParseError {
            message: Box::new(message),
            span: span.offset..span.offset,
            location: span.location(),
            source_line: self.excerpt(),
            hint: None,
            kind: crate::error::ParseErrorKind::Syntax,
        };
        error.set_width(width);
        SyntaxError {
            span,
            error: Box::new(error),
        }
    }
}

/// Where the text of a game starts: after its byte order mark, if any.
fn text_start(text: &str) -> usize {
    if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    }
}

/// Lines and columns of places of one game, counted forward from the last
/// place asked for: a reader that asks for every place in order (the
/// record builder) reads the text once, where [`Pos::span`] reads it from
/// the start each time.
#[derive(Debug, Default, Clone, Copy)]
pub struct Locator {
    /// Byte offset of the last place asked for (0: none yet).
    at: usize,
    /// Line breaks before `at`.
    line: usize,
    /// Where the line of `at` starts.
    line_start: usize,
    /// Bytes from `line_start` to `at` that continue a character: the
    /// column is the bytes there less these.
    wide: usize,
}

impl Locator {
    /// The offset, line and column of `place`, a place of the same game as
    /// the places asked for before (a place before the last one is counted
    /// from the start again).
    pub fn span(&mut self, place: &Pos<'_>) -> Span {
        let text = place.text.as_bytes();
        let target = place.at.min(text.len());
        if target < self.at || self.at == 0 {
            let start = text_start(place.text).min(target);
            *self = Locator {
                at: start,
                line: 0,
                line_start: start,
                wide: 0,
            };
        }
        let read = &text[self.at..target];
        match memchr::memrchr(b'\n', read) {
            Some(last) => {
                self.line += memchr::memchr_iter(b'\n', read).count();
                self.line_start = self.at + last + 1;
                self.wide = count_continuations(&text[self.line_start..target]);
            }
            None => self.wide += count_continuations(read),
        }
        self.at = target;
        Span {
            offset: place.offset(),
            line: place.origin.line + self.line,
            column: target - self.line_start - self.wide + 1,
        }
    }
}

/// A piece of text that does not follow the record grammar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// Where.
    pub span: Span,
    /// What, with the source line, a caret and a hint (boxed: the parser
    /// returns it in a `Result` on every token).
    pub error: Box<ParseError>,
}

impl SyntaxError {
    /// Adds a hint.
    #[must_use]
    pub fn with_hint(mut self, hint: Message) -> SyntaxError {
        self.error.hint = Some(Box::new(hint));
        self
    }
}

impl std::fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for SyntaxError {}

/// A move token: `S5+11!` is the move `S5`, the claim 11 (the glyph `!`
/// comes to [`Visitor::nag`] right after).
#[derive(Clone, Copy)]
pub struct MoveToken<'a> {
    /// The move without claim or glyph (`S5`, `e`, `b3-c3`, `pass`).
    pub text: &'a str,
    /// The claimed capture (`+11`), if any.
    pub claim: Option<u32>,
    /// Where the token starts.
    pub at: Pos<'a>,
}

/// What the parser tells as it reads a game. Every method but
/// [`Visitor::end_game`] does nothing by default.
pub trait Visitor<'a> {
    /// What reading a game gives.
    type Output;

    /// A game starts.
    fn begin_game(&mut self, origin: Origin) {
        let _ = origin;
    }

    /// A tag pair; the value is unescaped.
    fn tag(&mut self, name: &'a str, value: &str, at: Pos<'a>) {
        let _ = (name, value, at);
    }

    /// The tags are over: the move text begins.
    fn begin_moves(&mut self) {}

    /// A move.
    fn san(&mut self, token: MoveToken<'a>) {
        let _ = token;
    }

    /// A move number before the next move: `number` is its digits (`12`
    /// of `12.` or `12...`), `at` where it starts, `width` its characters
    /// with the dots.
    fn move_number(&mut self, number: &'a str, width: usize, at: Pos<'a>) {
        let _ = (number, width, at);
    }

    /// An annotation of the last move (`$14`, or a glyph as its number).
    fn nag(&mut self, nag: u8, at: Pos<'a>) {
        let _ = (nag, at);
    }

    /// A comment, as written between its braces (or after its `;`).
    fn comment(&mut self, text: &'a str, at: Pos<'a>) {
        let _ = (text, at);
    }

    /// A `;` comment, the rest of its line. By default a comment like any
    /// other; a reader may join the lines of one paragraph of them.
    fn line_comment(&mut self, text: &'a str, at: Pos<'a>) {
        self.comment(text, at);
    }

    /// A variation opens: the moves that follow replace the last move.
    fn begin_variation(&mut self, at: Pos<'a>) {
        let _ = at;
    }

    /// The variation closes.
    fn end_variation(&mut self, at: Pos<'a>) {
        let _ = at;
    }

    /// The result token (`41-29`, `*`, `1/2-1/2`).
    fn result(&mut self, text: &'a str, at: Pos<'a>) {
        let _ = (text, at);
    }

    /// A syntax error; reading goes on after it.
    fn syntax_error(&mut self, error: SyntaxError) {
        let _ = error;
    }

    /// Plain move text is next, in the main line: the visitor may read
    /// from `moves` the move numbers and moves it handles entirely by
    /// itself, each as [`Visitor::move_number`] or [`Visitor::san`] would
    /// have, and leave the rest to those. Offered before every token of
    /// the main line until the result; by default nothing is read. The
    /// validator's fast path: one loop that reads and replays, without a
    /// call or a [`Pos`] per token.
    #[inline]
    fn plain_moves(&mut self, moves: &mut PlainMoves<'a>) {
        let _ = moves;
    }

    /// The game is over.
    fn end_game(&mut self) -> Self::Output;
}

/// Bytes a move may contain after its first letter: ASCII letters, digits
/// and `,-:=@/_'`. A table, because every byte of every move is looked up.
static MOVE_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 128 {
        let c = byte as u8;
        table[byte] = c.is_ascii_alphanumeric()
            || matches!(c, b',' | b'-' | b':' | b'=' | b'@' | b'/' | b'_' | b'\'');
        byte += 1;
    }
    table
};

/// Bytes a tag name is made of: ASCII letters, digits and `_`. A table:
/// every game has several tags.
static NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 128 {
        let c = byte as u8;
        table[byte] = c.is_ascii_alphanumeric() || c == b'_';
        byte += 1;
    }
    table
};

/// A token of plain move text (see [`PlainMoves`]).
#[derive(Clone, Copy)]
pub enum PlainToken<'a> {
    /// A move number (`12.`, `12...`).
    Number {
        /// Its digits (`12`).
        digits: &'a [u8],
        /// Their value when they are 19 or fewer (which cannot overflow).
        value: Option<u64>,
        /// Where the token ends.
        end: usize,
    },
    /// A move with its capture claim, no glyph after it (`S5+3`).
    Move {
        /// The move without its claim (`S5`), ASCII.
        bytes: &'a [u8],
        /// The claimed capture, if any.
        claim: Option<u32>,
        /// Where the token ends.
        end: usize,
    },
}

/// Plain move text from the reader's place on, token by token: move
/// numbers (`12.`, `12...`) and moves with their claims (`S5+3`), between
/// ASCII blanks. Anything else (a comment, a variation, a glyph, a result,
/// a claim without its number …) is not offered: the reader reads it.
/// A token is read only when [`PlainMoves::accept`]ed; what a visitor
/// leaves is read as usual.
pub struct PlainMoves<'a> {
    text: &'a str,
    origin: Origin,
    /// Where the token peeked starts (bytes before it are blanks or read).
    at: usize,
    /// A move has been accepted.
    moved: bool,
}

/// How many bytes [`PlainMoves::peek`] looks at in one window: the blanks
/// before a token, the token and the byte after it, when they fit.
const WINDOW: usize = 16;

/// `BLANKS[byte]`: the byte is an ASCII blank between tokens.
static BLANKS: [bool; 256] = {
    let mut table = [false; 256];
    table[b' ' as usize] = true;
    table[b'\n' as usize] = true;
    table[b'\r' as usize] = true;
    table[b'\t' as usize] = true;
    table
};

impl<'a> PlainMoves<'a> {
    /// The next token when it is plain, not read yet; the blanks before
    /// it are skipped.
    ///
    /// The token is read in the 16 bytes from the reader's place,
    /// with no test of the text's end at each byte. A token that does not
    /// fit there with the blanks before it and the byte after it (in the
    /// last bytes of the text, after a long run of blanks, a long token)
    /// is not offered: the reader reads it. Splitting the work so costs
    /// a game's last token or two the reader's longer way, and spares
    /// every other token a second, byte-by-byte path.
    #[inline(always)]
    pub fn peek(&mut self) -> Option<PlainToken<'a>> {
        let start = self.at;
        let window = self
            .text
            .as_bytes()
            .get(start..)
            .and_then(<[u8]>::first_chunk::<WINDOW>)?;
        let mut at = 0;
        while at < WINDOW && BLANKS[usize::from(window[at])] {
            at += 1;
        }
        // The same test as the loop's, so that the compiler knows `at`
        // is in the window below.
        if at >= WINDOW {
            return None;
        }
        self.at = start + at;
        let first = window[at];
        match first {
            b'0'..=b'9' => {
                // At most 15 digits fit: no overflow.
                let mut value = u64::from(first - b'0');
                let mut end = at + 1;
                while end < WINDOW && window[end].is_ascii_digit() {
                    value = value * 10 + u64::from(window[end] - b'0');
                    end += 1;
                }
                let digits = at..end;
                if end >= WINDOW {
                    return None;
                }
                if window[end] != b'.' {
                    return None;
                }
                end += 1;
                while end < WINDOW && window[end] == b'.' {
                    end += 1;
                }
                if end >= WINDOW {
                    return None;
                }
                Some(PlainToken::Number {
                    digits: window.get(digits).unwrap_or_default(),
                    value: Some(value),
                    end: start + end,
                })
            }
            b'a'..=b'z' | b'A'..=b'Z' => {
                let mut end = at + 1;
                while end < WINDOW && MOVE_BYTES[usize::from(window[end])] {
                    end += 1;
                }
                let token = at..end;
                if end >= WINDOW {
                    return None;
                }
                let mut claim = None;
                if window[end] == b'+' {
                    let digits = end + 1;
                    let mut value: u64 = 0;
                    end = digits;
                    while end < WINDOW && window[end].is_ascii_digit() {
                        value = value * 10 + u64::from(window[end] - b'0');
                        end += 1;
                    }
                    if end >= WINDOW {
                        return None;
                    }
                    // No digits, or past `u32::MAX`: a syntax error, the
                    // reader reports it.
                    claim = Some(u32::try_from(value).ok().filter(|_| end > digits)?);
                }
                if matches!(window[end], b'!' | b'?') {
                    return None;
                }
                Some(PlainToken::Move {
                    bytes: window.get(token).unwrap_or_default(),
                    claim,
                    end: start + end,
                })
            }
            _ => None,
        }
    }

    /// [`PlainMoves::peek`] byte by byte, wherever the token ends: what
    /// the window's reading is checked against.
    #[cfg(test)]
    fn peek_anywhere(&mut self) -> Option<PlainToken<'a>> {
        let bytes = self.text.as_bytes();
        let mut at = self.at;
        let first = loop {
            match bytes.get(at) {
                Some(b' ' | b'\n' | b'\r' | b'\t') => at += 1,
                Some(&byte) => break byte,
                None => {
                    self.at = at;
                    return None;
                }
            }
        };
        // Only ASCII bytes skipped: `at` is on a character boundary.
        self.at = at;
        let rest = bytes.get(at..).unwrap_or_default();
        match first {
            b'0'..=b'9' => {
                let mut value = u64::from(first - b'0');
                let mut end = at + 1;
                while let Some(&byte) = bytes.get(end) {
                    let digit = byte.wrapping_sub(b'0');
                    if digit > 9 {
                        break;
                    }
                    value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
                    end += 1;
                }
                let digits = end - at;
                if bytes.get(end) != Some(&b'.') {
                    return None;
                }
                end += 1;
                while bytes.get(end) == Some(&b'.') {
                    end += 1;
                }
                Some(PlainToken::Number {
                    digits: rest.get(..digits).unwrap_or_default(),
                    value: (digits < 20).then_some(value),
                    end,
                })
            }
            b'a'..=b'z' | b'A'..=b'Z' => {
                let length = move_length(rest, 0);
                let (token, after) = rest.split_at_checked(length)?;
                let mut end = at + length;
                let mut claim = None;
                let mut next = after.first();
                if next == Some(&b'+') {
                    let number = &after[1..];
                    match digits(number) {
                        (count, Some(value)) if count > 0 => {
                            claim = Some(value);
                            end += 1 + count;
                            next = number.get(count);
                        }
                        // A syntax error: the reader reports it.
                        _ => return None,
                    }
                }
                if matches!(next, Some(b'!' | b'?')) {
                    return None;
                }
                Some(PlainToken::Move {
                    bytes: token,
                    claim,
                    end,
                })
            }
            _ => None,
        }
    }

    /// Reads the token [`PlainMoves::peek`] gave.
    #[inline(always)]
    pub fn accept(&mut self, token: &PlainToken<'a>) {
        match *token {
            PlainToken::Number { end, .. } => self.at = end,
            PlainToken::Move { end, .. } => {
                self.moved = true;
                self.at = end;
            }
        }
    }

    /// Byte offset, in the game's text, of the token peeked.
    #[inline(always)]
    #[must_use]
    pub fn token_start(&self) -> usize {
        self.at
    }

    /// The `length` bytes at the byte `at` of the game's text, a token's
    /// or part of one, as text.
    #[must_use]
    pub fn text(&self, at: usize, length: usize) -> &'a str {
        self.text.get(at..at + length).unwrap_or_default()
    }

    /// The place of the byte `at` of the game's text (a token's start).
    #[must_use]
    pub fn place(&self, at: usize) -> Pos<'a> {
        Pos {
            text: self.text,
            at,
            origin: self.origin,
        }
    }
}

/// The length of the move token at `at` in `bytes`, whose first byte is
/// an ASCII letter: that letter and the move bytes after it.
#[inline(always)]
fn move_length(bytes: &[u8], at: usize) -> usize {
    let mut length = 1;
    while bytes
        .get(at + length)
        .is_some_and(|&byte| MOVE_BYTES[usize::from(byte)])
    {
        length += 1;
    }
    length
}

/// The length of the run of ASCII digits at the start of `bytes`, and its
/// value (`None` past `u32::MAX`).
fn digits(bytes: &[u8]) -> (usize, Option<u32>) {
    let mut value = Some(0u32);
    let mut length = 0;
    while let Some(&byte) = bytes.get(length) {
        if !byte.is_ascii_digit() {
            break;
        }
        value = value
            .and_then(|value| value.checked_mul(10))
            .and_then(|value| value.checked_add(u32::from(byte - b'0')));
        length += 1;
    }
    (length, value)
}

/// `text` without the spaces and tabs it starts with.
fn skip_spaces(text: &str) -> &str {
    let blanks = text
        .bytes()
        .take_while(|&byte| byte == b' ' || byte == b'\t')
        .count();
    &text[blanks..]
}

/// Where a run of junk ends: white space or a character with a meaning.
fn is_junk_end(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | ';' | '[' | ']')
}

/// Reads one game from `text` (which starts at `origin` in its file) and
/// tells `visitor`.
///
/// ```
/// use songo_notation::record::{read_game, Origin, Visitor, MoveToken};
/// struct Count(usize);
/// impl Visitor<'_> for Count {
///     type Output = usize;
///     fn san(&mut self, _: MoveToken<'_>) { self.0 += 1; }
///     fn end_game(&mut self) -> usize { self.0 }
/// }
/// let moves = read_game("[Rules \"songo\"]\n1. S2 N4 (N3) 2. S5+1 *", Origin::default(), &mut Count(0));
/// assert_eq!(moves, 4);
/// ```
pub fn read_game<'a, V: Visitor<'a>>(text: &'a str, origin: Origin, visitor: &mut V) -> V::Output {
    let mut reader = Reader {
        origin,
        visitor,
        depth: 0,
        skipping: 0,
        open: Vec::new(),
        moved: [false; MAX_VARIATION_DEPTH + 1],
        ended: false,
        after_end_reported: false,
        errors: 0,
    };
    reader.visitor.begin_game(origin);
    let mut cursor = Cursor::new(text);
    // A byte order mark is no character of the first line.
    cursor.at = text_start(text);
    reader.tags(&mut cursor);
    reader.visitor.begin_moves();
    reader.moves(cursor);
    reader.visitor.end_game()
}

/// A tag pair that does not read, kept as its place and message: the
/// error is built (its line counted) only if it is reported.
struct TagPairError<'a> {
    at: Pos<'a>,
    message: Message,
    hint: Option<Message>,
}

impl TagPairError<'_> {
    fn build(self) -> SyntaxError {
        let error = self.at.error(self.message, 1);
        match self.hint {
            Some(hint) => error.with_hint(hint),
            None => error,
        }
    }
}

struct Reader<'a, 'v, V> {
    origin: Origin,
    visitor: &'v mut V,
    /// Variations open.
    depth: usize,
    /// Nesting inside a variation too deep to read (0: not skipping).
    skipping: usize,
    /// Where each open variation opened.
    open: Vec<Pos<'a>>,
    /// Per open line, whether a move has been read in it.
    moved: [bool; MAX_VARIATION_DEPTH + 1],
    /// The result token has been read.
    ended: bool,
    after_end_reported: bool,
    /// Syntax errors met.
    errors: usize,
}

impl<'a, V: Visitor<'a>> Reader<'a, '_, V> {
    /// Reports the error `make` builds, unless the game has had
    /// [`MAX_SYNTAX_ERRORS`] already: then one last error says so, and the
    /// others are neither built nor reported (building one reads its whole
    /// line, and a line of garbage has an error every other byte).
    fn error(&mut self, make: impl FnOnce() -> SyntaxError) {
        self.errors += 1;
        if self.errors <= MAX_SYNTAX_ERRORS {
            self.visitor.syntax_error(make());
        } else if self.errors == MAX_SYNTAX_ERRORS + 1 {
            let mut error = make();
            error.error.message =
                Box::new(msg!("record-too-many-errors", most = MAX_SYNTAX_ERRORS));
            error.error.hint = Some(Box::new(msg!("hint-is-it-a-record")));
            self.visitor.syntax_error(error);
        }
    }

    /// The tag section: tag pairs, one per line (or several), until the
    /// first thing that is not a tag.
    fn tags(&mut self, cursor: &mut Cursor<'a>) {
        loop {
            cursor.skip_blanks();
            match cursor.first_byte() {
                Some(b'[') => self.tag_pair(cursor),
                // Comments before or between tags belong to the move text.
                Some(b'{') => self.brace_comment(cursor),
                Some(b';') => self.line_comment(cursor),
                Some(b'%') if cursor.at_line_start() => {
                    // PGN escape line: ignored.
                    cursor.advance(line_length(cursor.rest()));
                }
                _ => return,
            }
        }
    }

    /// `[Name "value"]`; on an error, reports it and skips the rest of the line.
    fn tag_pair(&mut self, cursor: &mut Cursor<'a>) {
        match self.try_tag_pair(cursor) {
            Ok(length) => cursor.advance(length),
            Err(error) => {
                self.error(|| error.build());
                cursor.advance(line_length(cursor.rest()));
            }
        }
    }

    /// Reads a tag pair at the cursor (which it does not move); gives its length.
    fn try_tag_pair(&mut self, cursor: &Cursor<'a>) -> Result<usize, TagPairError<'a>> {
        // A tag pair ends on its line.
        let rest = cursor.rest();
        let line: &'a str = &rest[..line_length(rest)];
        let origin = self.origin;
        // Where a piece of the line is, as a place in the game.
        let at = |piece: &str| cursor.pos_ahead(line.len() - piece.len(), origin);
        let error = |piece: &str, message: Message| TagPairError {
            at: at(piece),
            message,
            hint: Some(msg!("hint-tag-pair")),
        };
        // By hand, byte by byte: every game has several tag pairs.
        let input = line.strip_prefix('[').ok_or_else(|| TagPairError {
            at: at(line),
            message: msg!("record-expected-bracket"),
            hint: None,
        })?;
        let input = skip_spaces(input);
        let name = input.as_bytes();
        let mut name_length = 0;
        while name_length < name.len() && NAME_BYTES[usize::from(name[name_length])] {
            name_length += 1;
        }
        if name_length == 0 {
            return Err(error(input, msg!("record-expected-tag-name")));
        }
        let (name, input) = input.split_at(name_length);
        let input = skip_spaces(input);
        let value_start = input
            .strip_prefix('"')
            .ok_or_else(|| error(input, msg!("record-expected-tag-value", name = name)))?;
        let bytes = value_start.as_bytes();
        let mut end = None;
        let mut escaped = false;
        let mut index = 0;
        while index < bytes.len() {
            match bytes[index] {
                b'\\' => {
                    escaped = true;
                    index += 1;
                }
                b'"' => {
                    end = Some(index);
                    break;
                }
                _ => {}
            }
            index += 1;
        }
        let Some(end) = end else {
            return Err(TagPairError {
                hint: Some(msg!("hint-quote-in-value")),
                ..error(
                    value_start,
                    msg!("record-tag-value-not-closed", name = name),
                )
            });
        };
        let raw = &value_start[..end];
        let input = &value_start[end + 1..];
        let input = skip_spaces(input);
        let input = input
            .strip_prefix(']')
            .ok_or_else(|| error(input, msg!("record-expected-closing-bracket", name = name)))?;
        let value = if escaped {
            std::borrow::Cow::Owned(unescape(raw))
        } else {
            std::borrow::Cow::Borrowed(raw)
        };
        self.visitor.tag(name, &value, at(value_start));
        Ok(line.len() - input.len())
    }

    /// The move text, until the end of the game's text.
    fn moves(&mut self, mut cursor: Cursor<'a>) {
        loop {
            if self.depth == 0 && self.skipping == 0 && !self.ended {
                let mut plain = PlainMoves {
                    text: cursor.text,
                    origin: self.origin,
                    at: cursor.at,
                    moved: false,
                };
                self.visitor.plain_moves(&mut plain);
                cursor.at = plain.at;
                self.moved[0] |= plain.moved;
            }
            cursor.skip_blanks();
            let Some(first) = cursor.first_byte() else {
                break;
            };
            // Moves and move numbers first: nearly every token is one.
            match first {
                b'a'..=b'z' | b'A'..=b'Z' if self.skipping == 0 => self.move_token(&mut cursor),
                b'0'..=b'9' if self.skipping == 0 => self.number(&mut cursor),
                // A forfeit, in the spelling of FIDE's report files.
                b'+' | b'-' if self.skipping == 0 && forfeit_length(cursor.rest()) > 0 => {
                    let at = cursor.pos(self.origin);
                    let text = &cursor.rest()[..3];
                    cursor.step(3);
                    self.result(at, text);
                }
                // `--`: a pass, as records and the docs write it (Seega).
                b'-' if self.skipping == 0 && cursor.rest().starts_with("--") => {
                    self.pass_token(&mut cursor);
                }
                b'{' => self.brace_comment(&mut cursor),
                b';' => self.line_comment(&mut cursor),
                b'(' => self.open_variation(&mut cursor),
                b')' => self.close_variation(&mut cursor),
                _ if self.skipping > 0 => {
                    self.skip_junk(&mut cursor);
                }
                b'*' => {
                    let at = cursor.pos(self.origin);
                    cursor.step(1);
                    self.result(at, "*");
                }
                b'$' => self.nag(&mut cursor),
                b'!' | b'?' => self.glyph(&mut cursor),
                b'[' => {
                    let at = cursor.pos(self.origin);
                    self.junk(&mut cursor, || {
                        at.error(msg!("record-tag-in-moves"), 1)
                            .with_hint(msg!("hint-tags-before-moves"))
                    });
                }
                _ => {
                    let at = cursor.pos(self.origin);
                    let unexpected = cursor.rest().chars().next().unwrap_or(' ');
                    self.junk(&mut cursor, || {
                        at.error(msg!("record-unexpected", text = unexpected), 1)
                    });
                }
            }
        }
        if let Some(&at) = self.open.first() {
            let count = self.open.len();
            let message = msg!("record-variation-not-closed", inside = count - 1);
            self.error(|| {
                at.error(message, 1)
                    .with_hint(msg!("hint-close-variations"))
            });
        }
    }

    /// Skips a run of characters that mean nothing, reporting the error
    /// `make` builds (sized to the run).
    fn junk(&mut self, cursor: &mut Cursor<'a>, make: impl FnOnce() -> SyntaxError) {
        let run = cursor.rest();
        let length = self.skip_junk(cursor);
        self.error(|| {
            let mut error = make();
            error.error.set_width(run[..length].chars().count());
            error
        });
    }

    /// Skips a run of characters that mean nothing; gives its length.
    fn skip_junk(&mut self, cursor: &mut Cursor<'a>) -> usize {
        let rest = cursor.rest();
        let taken: IResult<&str, &str> = take_till(is_junk_end)(rest);
        let run = taken.map_or("", |(_, run)| run);
        // A lone structural character such as `]` or `}` is a run of one.
        let length = if run.is_empty() {
            rest.chars().next().map_or(1, char::len_utf8)
        } else {
            run.len()
        };
        cursor.advance(length);
        length
    }

    fn brace_comment(&mut self, cursor: &mut Cursor<'a>) {
        let at = cursor.pos(self.origin);
        let body = &cursor.rest()[1..];
        let found: IResult<&str, &str> = take_until("}")(body);
        match found {
            Ok((_, text)) => {
                if self.skipping == 0 {
                    self.visitor.comment(text, at);
                }
                cursor.advance(1 + text.len() + 1);
            }
            Err(_) => {
                self.error(|| {
                    at.error(msg!("record-comment-not-closed"), 1)
                        .with_hint(msg!("hint-close-comment"))
                });
                if self.skipping == 0 {
                    self.visitor.comment(body, at);
                }
                cursor.advance(1 + body.len());
            }
        }
    }

    fn line_comment(&mut self, cursor: &mut Cursor<'a>) {
        let at = cursor.pos(self.origin);
        let body = &cursor.rest()[1..];
        let end = memchr::memchr(b'\n', body.as_bytes()).unwrap_or(body.len());
        if self.skipping == 0 {
            self.visitor
                .line_comment(body[..end].trim_end_matches('\r'), at);
        }
        cursor.advance(1 + end);
    }

    fn open_variation(&mut self, cursor: &mut Cursor<'a>) {
        let at = cursor.pos(self.origin);
        cursor.step(1);
        if self.skipping > 0 {
            self.skipping += 1;
            return;
        }
        if self.ended && self.depth == 0 {
            self.after_end(at);
            self.skipping = 1;
            return;
        }
        if !self.moved[self.depth] {
            self.error(|| {
                at.error(msg!("record-variation-first"), 1)
                    .with_hint(msg!("hint-variation-after-move"))
            });
            self.skipping = 1;
            return;
        }
        if self.depth >= MAX_VARIATION_DEPTH {
            self.error(|| {
                at.error(
                    msg!("record-variations-too-deep", most = MAX_VARIATION_DEPTH),
                    1,
                )
            });
            self.skipping = 1;
            return;
        }
        self.depth += 1;
        self.open.push(at);
        self.moved[self.depth] = false;
        self.visitor.begin_variation(at);
    }

    fn close_variation(&mut self, cursor: &mut Cursor<'a>) {
        let at = cursor.pos(self.origin);
        cursor.step(1);
        if self.skipping > 0 {
            self.skipping -= 1;
            return;
        }
        if self.depth == 0 {
            self.error(|| {
                at.error(msg!("record-unopened-variation"), 1)
                    .with_hint(msg!("hint-unopened-variation"))
            });
            return;
        }
        self.depth -= 1;
        self.open.pop();
        self.visitor.end_variation(at);
    }

    /// Reports, once per game, text after the result token.
    fn after_end(&mut self, at: Pos<'a>) {
        if !self.after_end_reported {
            self.after_end_reported = true;
            self.error(|| {
                at.error(msg!("record-moves-after-result"), 1)
                    .with_hint(msg!("hint-result-ends-the-game"))
            });
        }
    }

    fn move_token(&mut self, cursor: &mut Cursor<'a>) {
        // The first byte is an ASCII letter: a move is at least that.
        let at = cursor.pos(self.origin);
        let rest = cursor.rest();
        let bytes = rest.as_bytes();
        let length = move_length(bytes, 0);
        let text = &rest[..length];
        cursor.step(length);
        let mut claim = None;
        if bytes.get(length) == Some(&b'+') {
            let plus = cursor.pos(self.origin);
            cursor.step(1);
            let number_at = cursor.pos(self.origin);
            let number = &rest[length + 1..];
            match digits(number.as_bytes()) {
                (0, _) => {
                    self.error(|| {
                        plus.error(msg!("record-claim-without-number"), 1)
                            .with_hint(msg!("hint-capture-claim"))
                    });
                }
                (count, Some(value)) => {
                    claim = Some(value);
                    cursor.step(count);
                }
                (count, None) => {
                    let number = &number[..count];
                    self.error(|| {
                        number_at.error(msg!("record-claim-too-large", text = number), count)
                    });
                    cursor.step(count);
                }
            }
        }
        if self.ended && self.depth == 0 {
            self.after_end(at);
            return;
        }
        self.moved[self.depth] = true;
        self.visitor.san(MoveToken { text, claim, at });
        if matches!(cursor.first_byte(), Some(b'!' | b'?')) {
            self.glyph(cursor);
        }
    }

    /// `--`, a pass: a move whose text is `--`.
    fn pass_token(&mut self, cursor: &mut Cursor<'a>) {
        let at = cursor.pos(self.origin);
        let text = &cursor.rest()[..2];
        cursor.step(2);
        if self.ended && self.depth == 0 {
            self.after_end(at);
            return;
        }
        self.moved[self.depth] = true;
        self.visitor.san(MoveToken {
            text,
            claim: None,
            at,
        });
    }

    /// A move number (`12.`, `12...`, a bare `12`) or a score result (`41-29`, `1/2-1/2`).
    fn number(&mut self, cursor: &mut Cursor<'a>) {
        let rest = cursor.rest();
        let bytes = rest.as_bytes();
        let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
        if bytes.get(digits) == Some(&b'.') {
            // A move number: digits and dots, read in one step.
            let dots = bytes[digits..].iter().take_while(|&&b| b == b'.').count();
            if !(self.ended && self.depth == 0) {
                let at = cursor.pos(self.origin);
                self.visitor.move_number(&rest[..digits], digits + dots, at);
            }
            cursor.step(digits + dots);
            return;
        }
        let at = cursor.pos(self.origin);
        match bytes.get(digits) {
            Some(b'-') => {
                let second: IResult<&str, &str> = digit1(&rest[digits + 1..]);
                match second {
                    Ok((_, score)) => {
                        let text = &rest[..digits + 1 + score.len()];
                        cursor.step(text.len());
                        self.result(at, text);
                    }
                    Err(_) => {
                        self.junk(cursor, || {
                            at.error(msg!("record-result-two-numbers"), 1)
                                .with_hint(msg!("hint-result-score"))
                        });
                    }
                }
            }
            Some(b'/') if &rest[..digits] == "1" && rest[digits..].starts_with("/2-1/2") => {
                cursor.step(digits + "/2-1/2".len());
                self.result(at, "1/2-1/2");
            }
            _ => cursor.step(digits),
        }
    }

    fn result(&mut self, at: Pos<'a>, text: &'a str) {
        if self.skipping > 0 {
            return;
        }
        if self.depth > 0 {
            self.error(|| {
                at.error(msg!("record-result-in-variation"), text.chars().count())
                    .with_hint(msg!("hint-result-main-line"))
            });
            return;
        }
        if self.ended {
            self.after_end(at);
            return;
        }
        self.ended = true;
        self.visitor.result(text, at);
    }

    fn nag(&mut self, cursor: &mut Cursor<'a>) {
        let at = cursor.pos(self.origin);
        let digits: IResult<&str, &str> = digit1(&cursor.rest()[1..]);
        match digits {
            Ok((_, number)) => {
                match number.parse::<u8>() {
                    Ok(nag) => self.annotate(nag, at),
                    Err(_) => {
                        self.error(|| {
                            at.error(
                                msg!("record-annotation-too-large", text = number),
                                number.len() + 1,
                            )
                        });
                    }
                }
                cursor.step(1 + number.len());
            }
            Err(_) => {
                self.junk(cursor, || {
                    at.error(msg!("record-dollar-without-number"), 1)
                        .with_hint(msg!("hint-annotation-numbers"))
                });
            }
        }
    }

    fn glyph(&mut self, cursor: &mut Cursor<'a>) {
        let at = cursor.pos(self.origin);
        for (glyph, nag) in GLYPHS {
            if cursor.rest().starts_with(glyph) {
                cursor.step(glyph.len());
                self.annotate(nag, at);
                return;
            }
        }
        self.skip_junk(cursor);
    }

    fn annotate(&mut self, nag: u8, at: Pos<'a>) {
        if self.skipping > 0 || (self.ended && self.depth == 0) {
            return;
        }
        if !self.moved[self.depth] {
            self.error(|| at.error(msg!("record-annotation-first"), 1));
            return;
        }
        self.visitor.nag(nag, at);
    }
}

/// Where the reader is: a byte offset, nothing more. Lines and columns
/// are counted only for the places that need them ([`Pos`], [`Locator`]):
/// counting them as the reader goes cost more than reading the tokens.
struct Cursor<'a> {
    text: &'a str,
    /// Bytes read.
    at: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        Cursor { text, at: 0 }
    }

    /// The text not read yet.
    #[inline]
    fn rest(&self) -> &'a str {
        self.text.get(self.at..).unwrap_or_default()
    }

    #[inline]
    fn first_byte(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// Whether the cursor is at the start of a line (after the byte order
    /// mark, on the first).
    fn at_line_start(&self) -> bool {
        self.at == text_start(self.text)
            || self
                .at
                .checked_sub(1)
                .and_then(|before| self.text.as_bytes().get(before))
                == Some(&b'\n')
    }

    #[inline]
    fn pos(&self, origin: Origin) -> Pos<'a> {
        Pos {
            text: self.text,
            at: self.at,
            origin,
        }
    }

    /// The place `bytes` further on.
    fn pos_ahead(&self, bytes: usize, origin: Origin) -> Pos<'a> {
        Pos {
            at: self.at + bytes,
            ..self.pos(origin)
        }
    }

    /// Reads `count` bytes (which end on a character boundary), line
    /// breaks and all.
    #[inline]
    fn advance(&mut self, count: usize) {
        self.at = (self.at + count).min(self.text.len());
    }

    /// Reads `count` bytes of ASCII without a line break (a token).
    #[inline]
    fn step(&mut self, count: usize) {
        self.at += count;
    }

    /// Skips white space (ASCII blanks byte by byte, other white space through nom).
    #[inline(always)]
    fn skip_blanks(&mut self) {
        loop {
            let bytes = self.text.as_bytes();
            let mut at = self.at;
            while let Some(&byte) = bytes.get(at) {
                // Most runs are one space: test for it first.
                if byte == b' ' {
                    at += 1;
                    continue;
                }
                if byte > b' ' || !matches!(byte, b'\t' | b'\r' | b'\n') {
                    break;
                }
                at += 1;
            }
            self.at = at;
            if bytes.get(at).is_none_or(|&byte| byte < 0x80) {
                return;
            }
            let other: IResult<&str, &str> = take_while(char::is_whitespace)(self.rest());
            match other {
                Ok((_, taken)) if !taken.is_empty() => self.advance(taken.len()),
                _ => return,
            }
        }
    }
}

/// Whether a UTF-8 byte continues a character (`10xxxxxx`).
fn continues_a_char(byte: u8) -> bool {
    (byte as i8) < -0x40
}

/// The bytes of `bytes` that continue a character.
fn count_continuations(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&byte| continues_a_char(byte)).count()
}

/// Bytes up to the end of the line (a lone `\r` does not end it).
fn line_length(text: &str) -> usize {
    memchr::memchr(b'\n', text.as_bytes()).map_or(text.len(), |end| {
        // Keep a `\r` before the `\n` with the line break.
        if end > 0 && text.as_bytes()[end - 1] == b'\r' {
            end - 1
        } else {
            end
        }
    })
}

/// Undoes `\"` and `\\` in a tag value.
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(next @ ('"' | '\\')) => out.push(next),
                Some(other) => {
                    out.push('\\');
                    out.push(other);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The length of the forfeit token (`+/-`, `-/+`, `-/-`) `text` starts
/// with, 0 when it starts with none.
fn forfeit_length(text: &str) -> usize {
    let token = text.get(..3).unwrap_or_default();
    if crate::verdict::GameResult::parse(token).is_some_and(crate::verdict::GameResult::is_forfeit)
    {
        3
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A token as a peek gave it, with its end: `None` for none.
    type Shown = Option<(String, usize)>;

    /// What a peek gave, and where it left the reader.
    fn peeked(text: &str, at: usize, window: bool) -> (Shown, usize) {
        let mut moves = PlainMoves {
            text,
            origin: Origin::default(),
            at,
            moved: false,
        };
        let token = if window {
            moves.peek()
        } else {
            moves.peek_anywhere()
        };
        let shown = token.map(|token| match token {
            PlainToken::Number { digits, value, end } => {
                (format!("number {digits:?} {value:?}"), end)
            }
            PlainToken::Move { bytes, claim, end } => (format!("move {bytes:?} {claim:?}"), end),
        });
        (shown, moves.at)
    }

    proptest! {
        /// The window's reading gives the byte-by-byte one's token, at
        /// every place of any text made of the bytes move text is made of
        /// (long runs included), unless that token does not fit in the
        /// window with the byte after it: it then leaves the token to the
        /// reader, and the reader where it was or before the token.
        #[test]
        fn the_window_reads_as_the_bytes_do(
            text in "([ \n\r\t]{0,18}|[0-9]{1,22}|[.]{1,4}|[SNae][0-9]{0,3}|[a-z:=@/_',-]{1,17}|[+][0-9]{0,12}|[!?{}()*$;]|é)*"
        ) {
            for at in 0..=text.len() {
                if !text.is_char_boundary(at) {
                    continue;
                }
                let (window, window_at) = peeked(&text, at, true);
                let (bytes, bytes_at) = peeked(&text, at, false);
                if window.is_some() {
                    prop_assert_eq!((window, window_at), (bytes, bytes_at), "at {}", at);
                } else {
                    let fits = at + WINDOW <= text.len()
                        && bytes.as_ref().is_none_or(|(_, end)| *end < at + WINDOW);
                    prop_assert!(!(fits && bytes.is_some()), "at {}: {:?} left", at, bytes);
                    prop_assert!(window_at == at || window_at == bytes_at, "at {}", at);
                }
            }
        }
    }

    #[test]
    fn the_window_reads_usual_moves_and_numbers() {
        let text = "12. S5+3 N4 13...  N0+4294967296 a!  aVeryLongMoveText     S0";
        let token = |at| peeked(text, at, true);
        let shown = |token: &str, end| Some((token.to_owned(), end));
        assert_eq!(token(0), (shown("number [49, 50] Some(12)", 3), 0));
        assert_eq!(token(3), (shown("move [83, 53] Some(3)", 8), 4));
        assert_eq!(token(8), (shown("move [78, 52] None", 11), 9));
        assert_eq!(token(11), (shown("number [49, 51] Some(13)", 17), 12));
        // A claim past u32::MAX, a glyph after a move: left to the reader.
        assert_eq!(token(17), (None, 19));
        assert_eq!(token(32), (None, 33));
        // A token longer than the window, and the text's last bytes.
        assert_eq!(token(35), (None, 37));
        assert_eq!(token(text.len() - 8), (None, text.len() - 8));
        assert_eq!(
            peeked(text, 35, false).0,
            shown(
                "move [97, 86, 101, 114, 121, 76, 111, 110, 103, 77, 111, 118, 101, 84, 101, 120, 116] None",
                54
            )
        );
    }
}

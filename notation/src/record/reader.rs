//! Splitting a file into games, from memory or from a stream of any size.
//!
//! A game starts at a line whose first non-blank character is `[` (a tag
//! pair) once the previous game has had its moves. Comments are followed,
//! so that a `[` inside a `{…}` comment does not start a game, except that
//! a line shaped like a tag pair (`[Name "`) always does: an unclosed
//! comment swallows at most its own game.
//!
//! [`BatchReader`] reads a stream game by game in batches of about
//! [`BATCH_BYTES`], holding at most one batch and one game in memory; a
//! game larger than [`MAX_GAME_BYTES`] is skipped and reported, so memory
//! stays bounded whatever the input.

use std::borrow::Cow;
use std::io::{self, Read};
use std::ops::Range;

use super::parser::Origin;

/// The size a batch of games grows to before it is handed out.
pub(crate) const BATCH_BYTES: usize = 256 * 1024;

/// How much is read from the stream at a time.
const READ_BYTES: usize = 64 * 1024;

/// The largest game read; larger ones are skipped with an error.
pub(crate) const MAX_GAME_BYTES: usize = 16 * 1024 * 1024;

/// Why a game's text could not be read as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextProblem {
    /// The bytes are not UTF-8 from this offset of the game's text on; the
    /// text was read with replacement characters.
    NotUtf8 {
        /// Offset in the game's text of the first bad byte.
        offset: usize,
    },
    /// The game is longer than `MAX_GAME_BYTES` and was skipped.
    TooLarge {
        /// Its size, at least.
        bytes: usize,
    },
}

/// One game's text and where it starts in its file.
#[derive(Debug, Clone)]
pub struct GameText<'a> {
    /// The text (empty for a skipped game).
    pub text: Cow<'a, str>,
    /// Where it starts in the file.
    pub origin: Origin,
    /// The game's index in its file, from 0.
    pub index: usize,
    /// Whether the text was not read as it is.
    pub problem: Option<TextProblem>,
}

impl<'a> GameText<'a> {
    fn from_bytes(bytes: &'a [u8], origin: Origin, index: usize) -> GameText<'a> {
        match std::str::from_utf8(bytes) {
            Ok(text) => GameText {
                text: Cow::Borrowed(text),
                origin,
                index,
                problem: None,
            },
            Err(error) => GameText {
                text: String::from_utf8_lossy(bytes),
                origin,
                index,
                problem: Some(TextProblem::NotUtf8 {
                    offset: error.valid_up_to(),
                }),
            },
        }
    }
}

/// Where the splitter is in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// In the tag section (or before anything).
    Tags,
    /// In the move text.
    Moves,
    /// Inside a `{…}` comment.
    Comment,
}

/// The line-by-line state machine that finds where games start.
#[derive(Debug, Clone)]
struct Splitter {
    mode: Mode,
    /// The current game has something besides blanks and comments.
    content: bool,
}

impl Splitter {
    const fn new() -> Splitter {
        Splitter {
            mode: Mode::Tags,
            content: false,
        }
    }

    /// Reads one line (without its `\n`); says whether a new game starts at
    /// it (the current game then ends before it).
    fn line(&mut self, line: &[u8]) -> bool {
        let start = line
            .iter()
            .position(|&b| !matches!(b, b' ' | b'\t' | b'\r'))
            .unwrap_or(line.len());
        let trimmed = &line[start..];
        let tag_line = trimmed.first() == Some(&b'[');
        let boundary = self.content
            && match self.mode {
                Mode::Moves => tag_line,
                Mode::Comment => tag_line && looks_like_tag_pair(trimmed),
                Mode::Tags => false,
            };
        if boundary {
            self.mode = Mode::Tags;
            self.content = false;
        }
        if tag_line && self.mode != Mode::Comment {
            // Tags after nothing but comments still open the game.
            self.mode = Mode::Tags;
            self.content = true;
            return boundary;
        }
        if self.mode == Mode::Tags {
            if trimmed.is_empty() || trimmed[0] == b'%' {
                return boundary;
            }
            self.mode = Mode::Moves;
        }
        self.scan(trimmed);
        boundary
    }

    /// The whole lines at the start of `text` that cannot change what the
    /// splitter knows, and so need only be counted (their bytes and line
    /// breaks): in the tag section, blank lines, `%` lines and, once the
    /// game has content, tag lines; in the move text of a game that has
    /// content, lines without `[`, `{` or `;`; in a comment, lines without
    /// `[` or `}`. Most of a game's lines are such lines of moves, found
    /// with one search where [`Splitter::line`] would look at each.
    fn plain_lines(&self, text: &[u8]) -> (usize, usize) {
        let notable = match self.mode {
            Mode::Tags => return self.plain_tag_lines(text),
            Mode::Moves if self.content => memchr::memchr3(b'[', b'{', b';', text),
            Mode::Comment => memchr::memchr2(b'[', b'}', text),
            Mode::Moves => return (0, 0),
        };
        let end = notable.unwrap_or(text.len());
        let bytes = memchr::memrchr(b'\n', &text[..end]).map_or(0, |at| at + 1);
        (bytes, line_breaks(&text[..bytes]))
    }

    /// [`Splitter::plain_lines`] in the tag section, line by line.
    fn plain_tag_lines(&self, text: &[u8]) -> (usize, usize) {
        let (mut bytes, mut lines) = (0, 0);
        while let Some(length) = memchr::memchr(b'\n', &text[bytes..]) {
            let line = &text[bytes..bytes + length];
            match line.iter().find(|&&b| !matches!(b, b' ' | b'\t' | b'\r')) {
                None | Some(b'%') => {}
                Some(b'[') if self.content => {}
                Some(_) => break,
            }
            bytes += length + 1;
            lines += 1;
        }
        (bytes, lines)
    }

    /// Follows comments through a line of move text.
    fn scan(&mut self, mut rest: &[u8]) {
        loop {
            match self.mode {
                Mode::Comment => match memchr::memchr(b'}', rest) {
                    Some(end) => {
                        self.mode = Mode::Moves;
                        rest = &rest[end + 1..];
                    }
                    None => return,
                },
                _ => {
                    let next = memchr::memchr2(b'{', b';', rest);
                    let before = &rest[..next.unwrap_or(rest.len())];
                    if !self.content && before.iter().any(|b| !b.is_ascii_whitespace()) {
                        self.content = true;
                    }
                    match next {
                        Some(at) if rest[at] == b'{' => {
                            self.mode = Mode::Comment;
                            rest = &rest[at + 1..];
                        }
                        _ => return,
                    }
                }
            }
        }
    }
}

/// How many line breaks `text` holds.
fn line_breaks(text: &[u8]) -> usize {
    memchr::memchr_iter(b'\n', text).count()
}

/// `[Name "`: the start of a tag pair.
fn looks_like_tag_pair(line: &[u8]) -> bool {
    let rest = &line[1..];
    let rest = &rest[rest.iter().take_while(|&&b| b == b' ').count()..];
    let name = rest
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_')
        .count();
    if name == 0 {
        return false;
    }
    let rest = &rest[name..];
    let spaces = rest.iter().take_while(|&&b| b == b' ').count();
    rest.get(spaces) == Some(&b'"')
}

/// The games of a text held in memory.
///
/// ```
/// use songo_notation::record::games;
/// let text = "[Event \"a\"]\n1. S2 *\n\n[Event \"b\"]\n{ [not a tag] }\n1. S3 *\n";
/// let found: Vec<_> = games(text).map(|g| (g.index, g.origin.line)).collect();
/// assert_eq!(found, [(0, 1), (1, 4)]);
/// ```
pub fn games(text: &str) -> Games<'_> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    Games {
        text,
        position: 0,
        line: 1,
        game_start: 0,
        game_line: 1,
        splitter: Splitter::new(),
        index: 0,
        done: false,
    }
}

/// The iterator of [`games`].
#[derive(Debug, Clone)]
pub struct Games<'a> {
    text: &'a str,
    position: usize,
    line: usize,
    game_start: usize,
    game_line: usize,
    splitter: Splitter,
    index: usize,
    done: bool,
}

impl<'a> Iterator for Games<'a> {
    type Item = GameText<'a>;

    fn next(&mut self) -> Option<GameText<'a>> {
        let bytes = self.text.as_bytes();
        while !self.done {
            let (plain, lines) = self.splitter.plain_lines(&bytes[self.position..]);
            self.position += plain;
            self.line += lines;
            let (end, next) = match memchr::memchr(b'\n', &bytes[self.position..]) {
                Some(at) => (self.position + at, self.position + at + 1),
                None => (bytes.len(), bytes.len()),
            };
            if self.position == bytes.len() {
                self.done = true;
                if self.splitter.content {
                    return Some(self.take(bytes.len()));
                }
                break;
            }
            let (line_start, line_number) = (self.position, self.line);
            let had_content = self.splitter.content;
            let boundary = self.splitter.line(&bytes[self.position..end]);
            self.position = next;
            self.line += 1;
            if boundary && had_content {
                let game = self.take(line_start);
                self.game_start = line_start;
                self.game_line = line_number;
                return Some(game);
            }
        }
        None
    }
}

impl<'a> Games<'a> {
    fn take(&mut self, end: usize) -> GameText<'a> {
        let origin = Origin {
            offset: self.game_start,
            line: self.game_line,
        };
        let game = GameText {
            text: Cow::Borrowed(&self.text[self.game_start..end]),
            origin,
            index: self.index,
            problem: None,
        };
        self.index += 1;
        game
    }
}

/// A game's place in a [`Batch`].
#[derive(Debug, Clone)]
struct Slot {
    range: Range<usize>,
    origin: Origin,
    index: usize,
    too_large: bool,
}

/// Some consecutive games of a stream, with their text.
#[derive(Debug, Clone, Default)]
pub struct Batch {
    bytes: Vec<u8>,
    slots: Vec<Slot>,
}

impl Batch {
    /// How many games.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether there is no game.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The bytes of the stream the batch holds (for progress).
    #[must_use]
    pub fn byte_len(&self) -> usize {
        self.bytes.len()
    }

    /// The games, in order.
    pub fn games(&self) -> impl Iterator<Item = GameText<'_>> {
        self.slots.iter().map(|slot| {
            if slot.too_large {
                GameText {
                    text: Cow::Borrowed(""),
                    origin: slot.origin,
                    index: slot.index,
                    problem: Some(TextProblem::TooLarge {
                        bytes: slot.range.len(),
                    }),
                }
            } else {
                GameText::from_bytes(&self.bytes[slot.range.clone()], slot.origin, slot.index)
            }
        })
    }
}

/// Reads a stream of records game by game, in batches, in bounded memory.
///
/// ```
/// use songo_notation::record::BatchReader;
/// let text = "[Event \"a\"]\n1. S2 *\n[Event \"b\"]\n1. S3 *\n";
/// let mut reader = BatchReader::new(text.as_bytes());
/// let batch = reader.next_batch().unwrap().unwrap();
/// assert_eq!(batch.len(), 2);
/// assert!(reader.next_batch().unwrap().is_none());
/// ```
#[derive(Debug)]
pub struct BatchReader<R> {
    reader: R,
    /// Bytes read and not yet handed out; `buf[0]` is at stream offset `base`.
    buf: Vec<u8>,
    base: usize,
    /// Bytes of `buf` already split into lines (always a line start).
    scanned: usize,
    /// Line number at `scanned`.
    line: usize,
    /// Where the current game starts in `buf`, and its line.
    game_start: usize,
    game_line: usize,
    splitter: Splitter,
    slots: Vec<Slot>,
    index: usize,
    eof: bool,
    started: bool,
    /// Skipping the rest of a game too large to keep.
    skipping: bool,
    /// The bytes at `scanned` continue a line whose start was dropped.
    mid_line: bool,
    batch_bytes: usize,
    max_game: usize,
}

impl<R: Read> BatchReader<R> {
    /// A reader with the default batch size and game size limit.
    pub fn new(reader: R) -> BatchReader<R> {
        BatchReader::with_limits(reader, BATCH_BYTES, MAX_GAME_BYTES)
    }

    /// A reader with a batch size and a game size limit of your choosing.
    pub fn with_limits(reader: R, batch_bytes: usize, max_game: usize) -> BatchReader<R> {
        BatchReader {
            reader,
            buf: Vec::new(),
            base: 0,
            scanned: 0,
            line: 1,
            game_start: 0,
            game_line: 1,
            splitter: Splitter::new(),
            slots: Vec::new(),
            index: 0,
            eof: false,
            started: false,
            skipping: false,
            mid_line: false,
            batch_bytes: batch_bytes.max(1),
            max_game: max_game.max(1),
        }
    }

    /// The next batch of games, `None` at the end of the stream.
    ///
    /// # Errors
    /// Reading the stream failed.
    pub fn next_batch(&mut self) -> io::Result<Option<Batch>> {
        loop {
            self.scan_lines();
            let full =
                self.game_start >= self.batch_bytes || (self.skipping && self.game_start > 0);
            if full && !self.slots.is_empty() {
                return Ok(Some(self.cut(self.game_start)));
            }
            if self.skipping {
                self.drop_skipped();
            }
            if self.eof {
                self.finish();
                if self.slots.is_empty() {
                    return Ok(None);
                }
                let end = self.buf.len();
                return Ok(Some(self.cut(end)));
            }
            self.fill()?;
        }
    }

    /// Reads more bytes; sets `eof` at the end.
    fn fill(&mut self) -> io::Result<()> {
        if self.buf.capacity() == 0 {
            // The first batch's buffer at its full size at once, as `cut`
            // makes the next ones: growing it copies what was read.
            self.buf
                .reserve(self.batch_bytes.min(BATCH_BYTES) + 2 * READ_BYTES);
        }
        let old = self.buf.len();
        // `read_to_end` on a `take` reads into spare capacity without
        // zeroing it first, and retries interrupted reads.
        let read = (&mut self.reader)
            .take(READ_BYTES as u64)
            .read_to_end(&mut self.buf)?;
        debug_assert_eq!(self.buf.len(), old + read);
        self.eof = read == 0;
        if !self.started && (self.buf.len() >= 3 || self.eof) {
            self.started = true;
            if self.buf.starts_with(b"\xEF\xBB\xBF") {
                self.buf.drain(..3);
                self.base = 3;
            }
        }
        Ok(())
    }

    /// Splits the complete lines read so far.
    fn scan_lines(&mut self) {
        if !self.started {
            return;
        }
        loop {
            if !self.skipping {
                let (plain, lines) = self.splitter.plain_lines(&self.buf[self.scanned..]);
                self.scanned += plain;
                self.line += lines;
            }
            let Some(at) = memchr::memchr(b'\n', &self.buf[self.scanned..]) else {
                break;
            };
            let (start, end) = (self.scanned, self.scanned + at);
            let number = self.line;
            self.scanned = end + 1;
            self.line += 1;
            self.line_done(start, end, number);
        }
        if self.skipping {
            return;
        }
        let partial = self.buf.len() - self.scanned;
        if self.scanned - self.game_start > self.max_game {
            self.too_large();
        } else if partial > self.max_game {
            // A line longer than the limit: if it starts the next game, the
            // current one ends before it and the next one is too large.
            let had_content = self.splitter.content;
            let mut probe = self.splitter.clone();
            if self.scanned > self.game_start
                && probe.line(&self.buf[self.scanned..])
                && had_content
            {
                let start = self.scanned;
                self.push_game(start, false);
                self.splitter = probe;
                self.game_start = start;
                self.game_line = self.line;
            }
            self.too_large();
        }
    }

    fn line_done(&mut self, start: usize, end: usize, number: usize) {
        if self.skipping {
            let continuation = std::mem::replace(&mut self.mid_line, false);
            let line = &self.buf[start..end];
            let trimmed = &line[line.iter().take_while(|b| b.is_ascii_whitespace()).count()..];
            if continuation || trimmed.first() != Some(&b'[') || !looks_like_tag_pair(trimmed) {
                return;
            }
            // The next game: reading resumes.
            self.skipping = false;
            self.splitter = Splitter::new();
            self.game_start = start;
            self.game_line = number;
        }
        let had_content = self.splitter.content;
        if self.splitter.line(&self.buf[start..end]) && had_content {
            self.push_game(start, false);
            self.game_start = start;
            self.game_line = number;
        }
    }

    /// The current game is too large: report it, then skip to the next one.
    fn too_large(&mut self) {
        let start = self.game_start;
        self.push_game(start + self.max_game, true);
        self.skipping = true;
        self.mid_line = false;
    }

    /// Drops what was read of a game being skipped (it starts `buf`).
    fn drop_skipped(&mut self) {
        let mut end = self.scanned;
        if self.buf.len() - end > self.max_game.min(1 << 20) {
            // Part of a line with no end in sight: drop it too.
            end = self.buf.len();
            self.mid_line = true;
        }
        let end = end.max(self.game_start);
        self.buf.drain(self.game_start..end);
        self.base += end - self.game_start;
        self.scanned = self.game_start;
    }

    fn push_game(&mut self, end: usize, too_large: bool) {
        // A game can end over the limit when it came in one read.
        let too_large = too_large || end - self.game_start > self.max_game;
        self.slots.push(Slot {
            range: self.game_start..end,
            origin: Origin {
                offset: self.base + self.game_start,
                line: self.game_line,
            },
            index: self.index,
            too_large,
        });
        self.index += 1;
    }

    /// At the end of the stream: the last line and the last game.
    fn finish(&mut self) {
        if self.skipping {
            self.game_start = self.buf.len();
            self.scanned = self.buf.len();
            return;
        }
        if self.scanned < self.buf.len() {
            let (start, end, number) = (self.scanned, self.buf.len(), self.line);
            self.scanned = end;
            self.line_done(start, end, number);
        }
        if self.splitter.content {
            let end = self.buf.len();
            self.push_game(end, false);
            self.splitter.content = false;
        }
        self.game_start = self.buf.len();
    }

    /// Hands out the games before `end` as a batch.
    fn cut(&mut self, end: usize) -> Batch {
        // The next batch's buffer, at its full size at once.
        let mut rest =
            Vec::with_capacity((self.buf.len() - end).max(self.batch_bytes) + 2 * READ_BYTES);
        rest.extend_from_slice(&self.buf[end..]);
        self.buf.truncate(end);
        let bytes = std::mem::replace(&mut self.buf, rest);
        let slots = std::mem::take(&mut self.slots);
        self.base += end;
        self.scanned -= end.min(self.scanned);
        self.game_start -= end.min(self.game_start);
        Batch { bytes, slots }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{BatchReader, Splitter, games};

    /// The games as the splitter finds them line by line, every line
    /// looked at (what [`Splitter::plain_lines`] lets the readers pass
    /// over): offset, line and text of each, the offsets counted from
    /// `bom` (the batch reader counts a byte order mark, the memory
    /// reader does not).
    fn line_by_line(text: &str, bom: usize) -> Vec<(usize, usize, String)> {
        let body = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut splitter = Splitter::new();
        let mut found = Vec::new();
        let (mut start, mut start_line) = (0, 1);
        let mut offset = 0;
        for (index, line) in body.split_inclusive('\n').enumerate() {
            let had_content = splitter.content;
            let bare = line.strip_suffix('\n').unwrap_or(line);
            if splitter.line(bare.as_bytes()) && had_content {
                found.push((start + bom, start_line, body[start..offset].to_owned()));
                (start, start_line) = (offset, index + 1);
            }
            offset += line.len();
        }
        if splitter.content {
            found.push((start + bom, start_line, body[start..].to_owned()));
        }
        found
    }

    fn in_memory(text: &str) -> Vec<(usize, usize, String)> {
        games(text)
            .map(|game| (game.origin.offset, game.origin.line, game.text.into_owned()))
            .collect()
    }

    fn in_batches(text: &str, batch_bytes: usize) -> Vec<(usize, usize, String)> {
        let mut reader = BatchReader::with_limits(text.as_bytes(), batch_bytes, 1 << 20);
        let mut found = Vec::new();
        while let Some(batch) = reader.next_batch().expect("reading from memory") {
            for game in batch.games() {
                found.push((game.origin.offset, game.origin.line, game.text.into_owned()));
            }
        }
        found
    }

    #[test]
    fn games_are_found_where_every_line_is_looked_at() {
        let text = "\u{feff}[Event \"a\"]\r\n\r\n1. S2 N4\r\n2. S3 *\r\n\r\n\r\n\
                    [Event \"b\"]\n{ a comment\n[not a tag]\n[Name \"tag\"] } 1. S2\n\
                    ; [Event \"x\"] in a line comment\n1. S2 {\n} *\n  \t[Event \"c\"]\n\
                    %escape\n1. S2 ; {\n2. S3\n[Event \"d\"]";
        let expected = line_by_line(text, 0);
        assert_eq!(expected.len(), 5, "{expected:#?}");
        assert_eq!(in_memory(text), expected);
        for batch_bytes in [1, 7, 64, 1 << 20] {
            assert_eq!(in_batches(text, batch_bytes), line_by_line(text, 3));
        }
    }

    proptest! {
        #[test]
        fn the_readers_split_as_the_line_by_line_splitter(
            bom in any::<bool>(),
            parts in prop::collection::vec(
                prop::sample::select(vec![
                    "[Event \"a\"]", "[Rules \"songo\"]", "[x]", "  [", "[", "]",
                    "1. S2 N4", "2. S3+1", " ", "\t", "\r", "\n", "\r\n", "\n\n",
                    "{", "}", "{ a [ comment }", ";", "; line {", "%", "*", "é",
                ]),
                0..40,
            ),
            batch_bytes in 1_usize..80,
        ) {
            let text = format!("{}{}", if bom { "\u{feff}" } else { "" }, parts.concat());
            prop_assert_eq!(in_memory(&text), line_by_line(&text, 0));
            let bom = if bom { 3 } else { 0 };
            prop_assert_eq!(in_batches(&text, batch_bytes), line_by_line(&text, bom));
        }
    }
}

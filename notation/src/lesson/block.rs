//! The ```` ```songo ```` blocks of a lesson written for the tool: a board
//! (a diagram, or `position:` on one line), moves to play, a game record
//! or an excerpt of one, an `explain` request, and `expect:` lines that
//! `songo lesson check` verifies. `docs/lessons.md` describes the syntax.
//!
//! ````text
//! ```songo
//! title: Example 1
//! N0 N1 N2 N3 N4 N5 N6
//!  3  1  1 10  1  5  0
//!  2  3  5  0  1  1  7
//! S0 S1 S2 S3 S4 S5 S6
//! play: S1
//! expect: S1 captures 6 from N0 N1
//! ```
//! ````

use std::ops::{Range, RangeInclusive};

use crate::any::AnyPosition;
use crate::conventions::{Conventions, LetterCase};
use crate::error::ParseError;
use crate::i18n::Lang;
use crate::read::read_position;
use crate::ruleset::Ruleset;
use crate::sowing::notation::diagram::{DiagramLine, line_kind};
use crate::tr;

use super::expect::{self, Expectation};
use super::source::Source;

/// A key of a block line (`play:`), in English and in French.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    Title,
    Position,
    Rules,
    Play,
    Expect,
    Explain,
    Record,
    Plies,
    Boards,
}

const KEYS: &[(&str, Key)] = &[
    ("title", Key::Title),
    ("titre", Key::Title),
    ("caption", Key::Title),
    ("légende", Key::Title),
    ("position", Key::Position),
    ("board", Key::Position),
    ("plateau", Key::Position),
    ("rules", Key::Rules),
    ("règles", Key::Rules),
    ("regles", Key::Rules),
    ("play", Key::Play),
    ("jouer", Key::Play),
    ("moves", Key::Play),
    ("coups", Key::Play),
    ("expect", Key::Expect),
    ("attendu", Key::Expect),
    ("explain", Key::Explain),
    ("expliquer", Key::Explain),
    ("record", Key::Record),
    ("partie", Key::Record),
    ("plies", Key::Plies),
    ("demi-coups", Key::Plies),
    ("boards", Key::Boards),
    ("plateaux", Key::Boards),
];

/// The words `position:` takes for the start position of the ruleset.
const START: &[&str] = &["start", "départ", "depart", "début", "debut"];

/// The most moves one block plays.
pub(crate) const MAX_MOVES: usize = 200;

/// A key line: the key and its value with its byte offset in the lesson.
fn key_line(text: &str) -> Option<(Key, &str, usize)> {
    let trimmed = text.trim_start();
    let indent = text.len() - trimmed.len();
    let (name, rest) = match trimmed.find(':') {
        Some(colon) => (&trimmed[..colon], Some(&trimmed[colon + 1..])),
        None => (trimmed.trim_end(), None),
    };
    let name = name.trim();
    let key = KEYS
        .iter()
        .find(|(word, _)| {
            word.eq_ignore_ascii_case(name) || word.to_lowercase() == name.to_lowercase()
        })
        .map(|(_, key)| *key)?;
    match rest {
        Some(rest) => {
            let value = rest.trim();
            let at = indent + trimmed.len() - rest.len() + (rest.len() - rest.trim_start().len());
            Some((key, value, at))
        }
        // `explain` alone on its line; other keys need their colon.
        None if key == Key::Explain => Some((key, "", indent + trimmed.len())),
        None => None,
    }
}

/// What a block holds.
#[derive(Debug, Clone)]
pub(crate) enum Content {
    /// A board, maybe played on and explained.
    Board(BoardBlock),
    /// A game record, or the plies of one.
    Record(RecordBlock),
}

/// A block showing a board.
#[derive(Debug, Clone)]
pub(crate) struct BoardBlock {
    /// The position.
    pub(crate) position: AnyPosition,
    /// How its houses and moves are written.
    pub(crate) conventions: Conventions,
    /// Whether the block says who moves (else the first move's owner does).
    pub(crate) side_given: bool,
    /// The line of the position (from 1).
    pub(crate) line: usize,
    /// The moves, as written, each with its line and byte offset.
    pub(crate) moves: Vec<Written>,
    /// Explain the last board.
    pub(crate) explain: bool,
    /// The expectations, each with where it is written.
    pub(crate) expects: Vec<(Expectation, Written)>,
}

/// A block showing a game record.
#[derive(Debug, Clone)]
pub(crate) struct RecordBlock {
    /// The lines of the record text.
    pub(crate) lines: Range<usize>,
    /// The plies to show (from 1), when only some are.
    pub(crate) plies: Option<RangeInclusive<usize>>,
    /// The plies after which a board is drawn, when the block chooses
    /// them (`boards: 8 14 20-22`); else one at every comment and capture.
    pub(crate) boards: Option<Vec<RangeInclusive<usize>>>,
}

/// A piece of text as written, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Written {
    /// The text.
    pub(crate) text: String,
    /// Its line (from 1).
    pub(crate) line: usize,
    /// Its byte offset in the lesson.
    pub(crate) offset: usize,
}

/// A block, read.
#[derive(Debug, Clone)]
pub(crate) struct Block {
    /// The lines of the block, its fences included.
    pub(crate) lines: Range<usize>,
    /// Its title, if it has one.
    pub(crate) title: Option<String>,
    /// What it shows.
    pub(crate) content: Content,
}

/// The lines of a block's body, sorted by what they say.
#[derive(Default)]
struct Fields {
    title: Option<String>,
    position: Option<Written>,
    rules: Option<Written>,
    plays: Vec<Written>,
    expects: Vec<Written>,
    explain: bool,
    plies: Option<Written>,
    boards: Option<Written>,
    /// The record's lines, when the block holds one.
    record: Option<Range<usize>>,
    /// The lines of a diagram (every line that is no `key:` line).
    diagram_lines: Vec<usize>,
}

/// A block's board as read: the position, its letters, whether it says
/// who moves, and its line (from 1).
type BlockBoard = (AnyPosition, LetterCase, bool, usize);

fn error_at(source: &Source<'_>, offset: usize, message: String, hint: String) -> ParseError {
    ParseError::at(source.text, offset, message).with_hint(hint)
}

/// Reads the block whose fence opens at line index `open`, its body lines
/// `body`.
///
/// # Errors
/// Whatever in it cannot be read, at its place in the lesson.
pub(crate) fn read(
    source: &Source<'_>,
    open: usize,
    body: Range<usize>,
    rules: Option<Ruleset>,
    lang: Lang,
) -> Result<Block, ParseError> {
    let lines = &source.lines;
    let fields = read_fields(source, body.clone(), lang)?;
    let block_lines = open..(body.end + 1).min(lines.len());
    if fields.record.is_some() {
        return record_block(source, fields, block_lines, lang);
    }
    if let Some(p) = &fields.plies {
        return Err(error_at(
            source,
            p.offset,
            tr!(lang, "lesson-error-plies-without-record"),
            tr!(lang, "lesson-error-plies-without-record-hint"),
        ));
    }
    if let Some(b) = &fields.boards {
        return Err(error_at(
            source,
            b.offset,
            tr!(lang, "lesson-error-boards-without-record"),
            tr!(lang, "lesson-error-plies-without-record-hint"),
        ));
    }
    // The ruleset.
    let rules = match &fields.rules {
        Some(written) => Some(written.text.parse::<Ruleset>().map_err(|e| {
            e.error_at(source.text, written.offset)
                .with_width(written.text.chars().count())
        })?),
        None => rules,
    };
    let (position, letters, side_given, line) = block_position(source, &fields, rules, open, lang)?;
    let conventions = Conventions::with_letters(letters);
    let moves = block_moves(source, &fields.plays, &position, conventions, lang)?;
    let mut expectations = Vec::new();
    for written in fields.expects {
        let expectation = expect::parse(&written.text, lang).map_err(|e| {
            ParseError::at(source.text, written.offset, e.message)
                .with_width(written.text.chars().count().max(1))
                .with_hint(e.hint)
        })?;
        expectations.push((expectation, written));
    }
    Ok(Block {
        lines: block_lines,
        title: fields.title,
        content: Content::Board(BoardBlock {
            position,
            conventions,
            side_given,
            line,
            moves,
            explain: fields.explain,
            expects: expectations,
        }),
    })
}

/// The body's lines sorted by their key (each key at most once, but for
/// `play:` and `expect:`), up to a record.
fn read_fields(source: &Source<'_>, body: Range<usize>, lang: Lang) -> Result<Fields, ParseError> {
    let mut fields = Fields::default();
    for index in body.clone() {
        let line = source.lines[index];
        let text = line.text;
        if text.trim().is_empty() {
            continue;
        }
        if text.trim_start().starts_with('[') || text.trim_start().starts_with(';') {
            fields.record = Some(index..body.end);
            break;
        }
        let Some((key, value, at)) = key_line(text) else {
            fields.diagram_lines.push(index);
            continue;
        };
        let written = Written {
            text: value.to_owned(),
            line: index + 1,
            offset: line.offset + at,
        };
        let once = |taken: bool, slot: &mut Option<Written>, written: Written| {
            if taken {
                return Err(error_at(
                    source,
                    written.offset,
                    tr!(
                        lang,
                        "lesson-error-twice",
                        key = text.trim_start().split(':').next().unwrap_or("").trim()
                    ),
                    tr!(lang, "lesson-error-twice-hint"),
                ));
            }
            *slot = Some(written);
            Ok(())
        };
        match key {
            Key::Title => {
                if fields.title.is_some() {
                    once(true, &mut None, written)?;
                }
                fields.title = Some(value.to_owned());
            }
            Key::Position => once(fields.position.is_some(), &mut fields.position, written)?,
            Key::Rules => once(fields.rules.is_some(), &mut fields.rules, written)?,
            Key::Play => fields.plays.push(written),
            Key::Expect => fields.expects.push(written),
            Key::Explain => fields.explain = true,
            Key::Plies => once(fields.plies.is_some(), &mut fields.plies, written)?,
            Key::Boards => once(fields.boards.is_some(), &mut fields.boards, written)?,
            Key::Record => {
                fields.record = Some(index + 1..body.end);
                break;
            }
        }
    }
    Ok(fields)
}

/// A block that holds a record (and no board), with the plies and boards
/// it asks for.
fn record_block(
    source: &Source<'_>,
    fields: Fields,
    block_lines: Range<usize>,
    lang: Lang,
) -> Result<Block, ParseError> {
    if let Some(first) = fields.diagram_lines.first() {
        let line = source.lines[*first];
        return Err(error_at(
            source,
            line.offset,
            tr!(lang, "lesson-error-record-and-board"),
            tr!(lang, "lesson-error-record-and-board-hint"),
        )
        .with_width(line.text.chars().count()));
    }
    let plies = fields
        .plies
        .map(|p| ply_range(&p, source, lang))
        .transpose()?;
    let boards = fields
        .boards
        .map(|b| ply_list(&b, source, lang))
        .transpose()?;
    Ok(Block {
        lines: block_lines,
        title: fields.title,
        content: Content::Record(RecordBlock {
            lines: fields.record.unwrap_or_default(),
            plies,
            boards,
        }),
    })
}

/// The block's board: a `position:` line, a diagram, or the start
/// position (when it plays moves).
fn block_position(
    source: &Source<'_>,
    fields: &Fields,
    rules: Option<Ruleset>,
    open: usize,
    lang: Lang,
) -> Result<BlockBoard, ParseError> {
    let lines = &source.lines;
    match (&fields.position, fields.diagram_lines.first()) {
        (Some(_), Some(&first)) => {
            let line = lines[first];
            Err(error_at(
                source,
                line.offset,
                tr!(lang, "lesson-error-two-positions"),
                tr!(lang, "lesson-error-two-positions-hint"),
            )
            .with_width(line.text.chars().count()))
        }
        (Some(written), None) if START.iter().any(|w| w.eq_ignore_ascii_case(&written.text)) => {
            let rules = rules.unwrap_or_default();
            Ok((
                start_position(rules),
                LetterCase::default(),
                false,
                written.line,
            ))
        }
        (Some(written), None) => {
            let read = read_position(&written.text, rules).map_err(|e| {
                relocate(
                    source,
                    &e,
                    &[written.offset - lines[written.line - 1].offset],
                    written.line - 1,
                )
            })?;
            let side_given = states_side(&written.text);
            Ok((read.position, read.letters, side_given, written.line))
        }
        (None, Some(&first)) => block_diagram(source, &fields.diagram_lines, first, rules),
        (None, None) if !fields.plays.is_empty() => Ok((
            start_position(rules.unwrap_or_default()),
            LetterCase::default(),
            false,
            fence_line_number(open),
        )),
        (None, None) => {
            let fence_line = lines[open];
            Err(error_at(
                source,
                fence_line.offset,
                tr!(lang, "lesson-error-empty-block"),
                tr!(lang, "lesson-error-empty-block-hint"),
            )
            .with_width(fence_line.text.trim().chars().count()))
        }
    }
}

/// A diagram drawn in the block from line index `first`.
fn block_diagram(
    source: &Source<'_>,
    diagram_lines: &[usize],
    first: usize,
    rules: Option<Ruleset>,
) -> Result<BlockBoard, ParseError> {
    let lines = &source.lines;
    // The diagram's lines, other lines blanked so that its errors keep
    // their line numbers.
    let last = *diagram_lines.last().unwrap_or(&first);
    let mut text = String::new();
    for (index, line) in lines.iter().enumerate().take(last + 1).skip(first) {
        if diagram_lines.contains(&index) {
            text.push_str(line.text);
        }
        text.push('\n');
    }
    let starts: Vec<usize> = vec![0; last - first + 1];
    let read = read_position(&text, rules).map_err(|e| relocate(source, &e, &starts, first))?;
    let side_given = diagram_lines
        .iter()
        .any(|&i| line_kind(lines[i].text) == Some(DiagramLine::ToMove))
        || read.position.as_seega().is_some();
    Ok((read.position, read.letters, side_given, first + 1))
}

/// The moves of the `play:` lines: words, move numbers (`1.`, `2...`) left
/// out, each a move of the board; at most [`MAX_MOVES`].
fn block_moves(
    source: &Source<'_>,
    plays: &[Written],
    position: &AnyPosition,
    conventions: Conventions,
    lang: Lang,
) -> Result<Vec<Written>, ParseError> {
    let mut moves = Vec::new();
    for written in plays {
        let value_start = written.offset;
        for word in written.text.split_whitespace() {
            let number = word.trim_end_matches('.');
            if word.ends_with('.')
                && !number.is_empty()
                && number.bytes().all(|b| b.is_ascii_digit())
            {
                continue;
            }
            let offset = value_start + (word.as_ptr() as usize - written.text.as_ptr() as usize);
            if let Err(error) = position.parse_move(word, conventions) {
                return Err(ParseError::at(source.text, offset, error.message())
                    .with_width(word.chars().count())
                    .with_hint(tr!(lang, "lesson-error-move-hint")));
            }
            moves.push(Written {
                text: word.to_owned(),
                line: written.line,
                offset,
            });
        }
    }
    if moves.len() > MAX_MOVES {
        let extra = &moves[MAX_MOVES];
        return Err(error_at(
            source,
            extra.offset,
            tr!(lang, "lesson-error-too-many-moves", count = MAX_MOVES),
            tr!(lang, "lesson-error-too-many-moves-hint"),
        ));
    }
    Ok(moves)
}

use crate::game::GamePosition;

fn fence_line_number(open: usize) -> usize {
    open + 1
}

fn start_position(rules: Ruleset) -> AnyPosition {
    AnyPosition::start_of(rules, crate::side::Side::South)
}

/// Whether a one-line position says who moves: the compact notation's
/// last field (`:S`, `:N`), JSON's `to_move`.
fn states_side(text: &str) -> bool {
    let text = text.trim();
    text.contains("to_move")
        || text
            .rsplit(':')
            .next()
            .is_some_and(|last| matches!(last.trim(), "S" | "N" | "s" | "n"))
        || text.contains("seega")
}

/// The plies of a `boards:` line: plies and ranges of plies, separated
/// by spaces or commas (`8 14 20-22`), each read as `plies:` reads its
/// one; `none` (`aucun`) for no board but the first.
fn ply_list(
    written: &Written,
    source: &Source<'_>,
    lang: Lang,
) -> Result<Vec<RangeInclusive<usize>>, ParseError> {
    let text = written.text.trim();
    if ["none", "aucun", "aucune"].contains(&text.to_lowercase().as_str()) {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for piece in text.split([' ', ',', ';']).filter(|p| !p.is_empty()) {
        let at = piece.as_ptr() as usize - written.text.as_ptr() as usize;
        let one = Written {
            text: piece.to_owned(),
            line: written.line,
            offset: written.offset + at,
        };
        out.push(ply_range(&one, source, lang).map_err(|_| {
            ParseError::at(
                source.text,
                one.offset,
                tr!(lang, "lesson-error-boards", text = piece),
            )
            .with_width(piece.chars().count())
            .with_hint(tr!(lang, "lesson-error-boards-hint"))
        })?);
    }
    if out.is_empty() {
        return Err(ParseError::at(
            source.text,
            written.offset,
            tr!(lang, "lesson-error-boards", text = text),
        )
        .with_hint(tr!(lang, "lesson-error-boards-hint")));
    }
    Ok(out)
}

/// The plies `5-9` (or `5`) of a `plies:` line.
fn ply_range(
    written: &Written,
    source: &Source<'_>,
    lang: Lang,
) -> Result<RangeInclusive<usize>, ParseError> {
    let bad = || {
        ParseError::at(
            source.text,
            written.offset,
            tr!(lang, "lesson-error-plies", text = written.text.as_str()),
        )
        .with_width(written.text.chars().count().max(1))
        .with_hint(tr!(lang, "lesson-error-plies-hint"))
    };
    let number = |text: &str| text.trim().parse::<usize>().ok().filter(|&n| n > 0);
    let (from, to) = match written.text.split_once(['-', '–']) {
        Some((from, to)) => (number(from).ok_or_else(bad)?, number(to).ok_or_else(bad)?),
        None => {
            let only = number(&written.text).ok_or_else(bad)?;
            (only, only)
        }
    };
    if from > to {
        return Err(bad());
    }
    Ok(from..=to)
}

/// A reader's error about a piece of the lesson, moved to its place in the
/// lesson: `starts[i]` is the byte column where line `i` of the piece
/// starts in line `first + i` of the lesson.
pub(crate) fn relocate(
    source: &Source<'_>,
    error: &ParseError,
    starts: &[usize],
    first: usize,
) -> ParseError {
    let line = error.line().saturating_sub(1);
    let index = (first + line).min(source.lines.len().saturating_sub(1));
    let lesson_line = source.lines.get(index);
    let offset = lesson_line.map_or(source.text.len(), |l| {
        let column_start = starts.get(line).copied().unwrap_or(0);
        let text = l.text.get(column_start..).unwrap_or_default();
        let byte = text
            .char_indices()
            .nth(error.column().saturating_sub(1))
            .map_or(text.len(), |(at, _)| at);
        l.offset + (l.text.len() - text.len()) + byte
    });
    let mut moved = ParseError::at(source.text, offset, error.message())
        .with_width(error.width())
        .with_kind(error.kind());
    if let Some(hint) = error.hint() {
        moved = moved.with_hint(hint);
    }
    moved
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(body: &str) -> Result<Block, ParseError> {
        let text = format!("Some prose.\n```songo\n{body}```\n");
        let source = Source::new(Box::leak(text.into_boxed_str()));
        let lines = source.lines.len();
        read(&source, 1, 2..lines - 1, None, Lang::En)
    }

    #[test]
    fn a_board_its_moves_and_its_expectations() {
        let read = block("title: One\nN0 N1 N2 N3 N4 N5 N6\n3 1 1 10 1 5 0\n2 3 5 0 1 1 7\nS0 S1 S2 S3 S4 S5 S6\nplay: 1. S1\nexpect: S1 captures 6\nexplain\n").unwrap();
        assert_eq!(read.title.as_deref(), Some("One"));
        let Content::Board(board) = read.content else {
            panic!()
        };
        assert_eq!(
            board.position.to_string(),
            "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7:0-0:S"
        );
        assert!(!board.side_given);
        assert_eq!(board.line, 4);
        assert_eq!(
            board
                .moves
                .iter()
                .map(|m| m.text.as_str())
                .collect::<Vec<_>>(),
            ["S1"]
        );
        assert_eq!((board.moves[0].line, board.expects[0].1.line), (8, 9));
        assert!(board.explain);
    }

    #[test]
    fn french_keys_and_the_start_position() {
        let read = block("plateau: départ\njouer: S2 N4\nattendu: N4 prend rien\n").unwrap();
        let Content::Board(board) = read.content else {
            panic!()
        };
        assert_eq!(
            board.position.to_string(),
            "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S"
        );
        assert_eq!(board.moves.len(), 2);
    }

    #[test]
    fn errors_point_into_the_lesson() {
        let error = block("N0 N1 N2 N3 N4 N5 N6\n3 1 1 10 1 5\n2 3 5 0 1 1 7\n").unwrap_err();
        assert_eq!((error.line(), error.column()), (4, 1), "{error}");
        let error =
            block("position: songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5\nplay: S2 Q7\n").unwrap_err();
        assert_eq!((error.line(), error.column()), (4, 10), "{error}");
        let error = block("position: songo:5,5,5,5,5,5,5/5,5,5,5,5,x,5\n").unwrap_err();
        assert_eq!(error.line(), 3, "{error}");
        assert!(error.column() > 11, "{error}");
        let error = block("expect: S4 sings\nposition: start\n").unwrap_err();
        assert_eq!((error.line(), error.column()), (3, 9), "{error}");
        assert!(block("").is_err());
    }

    #[test]
    fn a_record_and_its_plies() {
        let read = block("plies: 2-3\n[Rules \"songo\"]\n1. S2 N4 2. S5 *\n").unwrap();
        let Content::Record(record) = read.content else {
            panic!()
        };
        assert_eq!(record.plies, Some(2..=3));
        assert_eq!(record.lines, 3..5);
    }
}

//! Game records: a PGN-like text for whole games, several to a file.
//!
//! ```text
//! [Rules "songo"]
//! [Event "Club evening"]
//! [South "Ada"]
//! [North "Ben"]
//! [Result "41-29"]
//!
//! 1. S2 N4 2. S5+11! {the grenier pays} N3 (2... N1 3. S0) 3. S6 …
//! 41-29
//! ```
//!
//! - `model`: [`GameRecord`] — tags, moves (kept as text with their
//!   place in the file), comments, variations, the result token;
//! - `parser`: the nom parser and its [`Visitor`], for reading without
//!   building a record (the validator does so);
//! - `reader`: splitting a file, or a stream of any size, into games;
//! - `writer`: the canonical text;
//! - [`ogn`]: the Aualé program's OGN files (awalé/oware), read (written
//!   by [`crate::sowing::ogn`]);
//! - [`serde`]: the JSON and YAML forms;
//! - `setup`: the start of a game from its tags ([`FromTags`]).
//!
//! The grammar and the meaning of each tag are in `docs/records.md`.

pub(crate) mod model;
pub mod ogn;
pub(crate) mod parser;
pub(crate) mod reader;
pub mod serde;
pub(crate) mod setup;
pub(crate) mod writer;

use std::str::FromStr;

pub use model::{GameRecord, Move, Node, Span, Tag, Tags, names};
pub use parser::{
    Locator, MAX_SYNTAX_ERRORS, MAX_VARIATION_DEPTH, MoveToken, Origin, PlainMoves, PlainToken,
    Pos, SyntaxError, Visitor, read_game,
};
pub use reader::{Batch, BatchReader, GameText, TextProblem, games};
pub use setup::{FromTags, SetupError, ruleset_of};
pub use writer::{tag_lines, write_all};

use crate::error::ParseError;
use crate::msg;

/// A game read from a text, with the syntax errors met on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedGame {
    /// The record, as far as it could be read.
    pub record: GameRecord,
    /// The syntax errors, in the order met.
    pub errors: Vec<SyntaxError>,
}

/// The visitor that builds a [`GameRecord`].
#[derive(Debug, Default)]
pub struct RecordBuilder {
    record: GameRecord,
    /// Open lines: the main line's nodes are `record.moves`; each open
    /// variation has its nodes here until it closes.
    stack: Vec<Vec<Node>>,
    errors: Vec<SyntaxError>,
    /// The last `;` comment read: its line, the depth of its line of play
    /// and that line's length after it. The next `;` line joins it when
    /// nothing came between: a paragraph of `;` lines (a record's header)
    /// is one comment, as its writer meant, not one per line.
    line_comment: Option<(usize, usize, usize)>,
    /// Counts the lines of the places kept, in one pass over the game.
    locator: Locator,
    /// The names of the tags read, for a name read again.
    tag_names: model::TagNames,
}

impl RecordBuilder {
    fn line(&mut self) -> &mut Vec<Node> {
        self.stack.last_mut().unwrap_or(&mut self.record.moves)
    }
}

impl<'a> Visitor<'a> for RecordBuilder {
    type Output = ParsedGame;

    fn begin_game(&mut self, _origin: Origin) {
        *self = RecordBuilder::default();
    }

    fn tag(&mut self, name: &'a str, value: &str, at: Pos<'a>) {
        let tag = Tag {
            name: model::canonical_name(name),
            value: value.to_owned(),
            at: Some(self.locator.span(&at)),
        };
        self.tag_names.push(&mut self.record.tags, tag);
    }

    fn san(&mut self, token: MoveToken<'a>) {
        let mv = Move {
            text: token.text.to_owned(),
            claim: token.claim,
            nags: Vec::new(),
            at: Some(self.locator.span(&token.at)),
        };
        self.line().push(Node::Move(mv));
    }

    fn nag(&mut self, nag: u8, _at: Pos<'a>) {
        let last_move = self.line().iter_mut().rev().find_map(|node| match node {
            Node::Move(mv) => Some(mv),
            _ => None,
        });
        if let Some(mv) = last_move {
            mv.nags.push(nag);
        }
    }

    fn comment(&mut self, text: &'a str, _at: Pos<'a>) {
        let text = model::collapse_space(text);
        self.line().push(Node::Comment(text));
    }

    fn line_comment(&mut self, text: &'a str, at: Pos<'a>) {
        let text = model::collapse_space(text);
        let depth = self.stack.len();
        let line = self.locator.span(&at).line;
        let length = self.line().len();
        if self.line_comment == Some((line.wrapping_sub(1), depth, length))
            && let Some(Node::Comment(last)) = self.line().last_mut()
        {
            if !text.is_empty() {
                if !last.is_empty() {
                    last.push(' ');
                }
                last.push_str(&text);
            }
        } else {
            self.line().push(Node::Comment(text));
        }
        let length = self.line().len();
        self.line_comment = Some((line, depth, length));
    }

    fn begin_variation(&mut self, _at: Pos<'a>) {
        self.stack.push(Vec::new());
    }

    fn end_variation(&mut self, _at: Pos<'a>) {
        if let Some(nodes) = self.stack.pop() {
            self.line().push(Node::Variation(nodes));
        }
    }

    fn result(&mut self, text: &'a str, _at: Pos<'a>) {
        self.record.result = Some(text.to_owned());
    }

    fn syntax_error(&mut self, error: SyntaxError) {
        self.errors.push(error);
    }

    fn end_game(&mut self) -> ParsedGame {
        // Variations left open keep what they hold.
        while let Some(nodes) = self.stack.pop() {
            self.line().push(Node::Variation(nodes));
        }
        ParsedGame {
            record: std::mem::take(&mut self.record),
            errors: std::mem::take(&mut self.errors),
        }
    }
}

/// Reads one game's text (which starts at `origin` in its file).
#[must_use]
pub fn parse_game(text: &str, origin: Origin) -> ParsedGame {
    read_game(text, origin, &mut RecordBuilder::default())
}

/// Reads every game of a text, with their syntax errors.
///
/// ```
/// use songo_notation::record;
/// let games = record::parse_games("[Event \"a\"]\nS2 N4 *\n[Event \"b\"]\nS3 ) *\n");
/// assert_eq!(games.len(), 2);
/// assert!(games[0].errors.is_empty());
/// assert_eq!(games[1].errors[0].span.line, 4);
/// ```
#[must_use]
pub fn parse_games(text: &str) -> Vec<ParsedGame> {
    games(text).map(|game| parse_text(&game)).collect()
}

/// Reads one game split from a file.
#[must_use]
pub fn parse_text(game: &GameText<'_>) -> ParsedGame {
    let mut parsed = parse_game(&game.text, game.origin);
    if let Some(problem) = game.problem {
        parsed
            .errors
            .insert(0, text_problem_error(&game.text, game.origin, problem));
    }
    parsed
}

/// The syntax error for a game whose text could not be read as it is.
#[must_use]
pub fn text_problem_error(text: &str, origin: Origin, problem: TextProblem) -> SyntaxError {
    let (offset, message, hint) = match problem {
        TextProblem::NotUtf8 { offset } => {
            (offset, msg!("record-not-utf8"), msg!("hint-save-as-utf8"))
        }
        TextProblem::TooLarge { bytes } => (
            0,
            msg!(
                "record-game-too-large",
                mebibytes = reader::MAX_GAME_BYTES >> 20,
                bytes = bytes
            ),
            msg!("hint-game-too-large"),
        ),
    };
    let local = crate::error::Location::of_offset(text, offset);
    let error = ParseError::at(text, offset, message).with_hint(hint);
    SyntaxError {
        span: Span {
            offset: origin.offset + offset,
            line: origin.line + local.line - 1,
            column: local.column,
        },
        error: Box::new(ParseError {
            span: origin.offset + error.span.start..origin.offset + error.span.end,
            location: crate::error::Location {
                line: origin.line + local.line - 1,
                column: local.column,
            },
            ..error
        }),
    }
}

/// Reads every game of a text; the first syntax error fails.
///
/// # Errors
/// The first syntax error, with its line and column.
pub fn read_all(text: &str) -> Result<Vec<GameRecord>, ParseError> {
    parse_games(text)
        .into_iter()
        .map(|parsed| match parsed.errors.into_iter().next() {
            Some(error) => Err(*error.error),
            None => Ok(parsed.record),
        })
        .collect()
}

/// Reads a text holding exactly one game.
impl FromStr for GameRecord {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<GameRecord, ParseError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut all = games(text);
        let Some(first) = all.next() else {
            return Err(ParseError::at(text, 0, msg!("record-no-game"))
                .with_hint(msg!("hint-record-shape")));
        };
        if let Some(second) = all.next() {
            return Err(
                ParseError::at(text, second.origin.offset, msg!("record-second-game"))
                    .with_hint(msg!("hint-read-all")),
            );
        }
        let parsed = parse_text(&first);
        match parsed.errors.into_iter().next() {
            Some(error) => Err(*error.error),
            None => Ok(parsed.record),
        }
    }
}

//! The canonical writer: one spelling per record.
//!
//! Tags come first in a fixed order ([`super::names::ROSTER`], then the
//! others as read), one per line; a blank line; the move text with move
//! numbers, wrapped so that no line reaches 80 columns (only a single word
//! longer than that, a tag value, or a comment's `;` kept with the word
//! before it, can make a longer line); the move text
//! always ends with a result token (the record's, else its `Result` tag,
//! else `*`).

use std::fmt::{self, Write as _};

use super::model::{GameRecord, Move, Node, Tags, glyph_of};
use crate::side::Side;

/// The widest line the writer makes, in characters.
pub(crate) const MAX_LINE: usize = 79;

/// Writes the canonical record.
///
/// ```
/// use songo_notation::record::GameRecord;
/// let record: GameRecord = "[South \"Ada\"]  [Rules \"songo\"]\nS2 N4 {good}  S5+11!".parse().unwrap();
/// assert_eq!(
///     record.to_string(),
///     "[Rules \"songo\"]\n[South \"Ada\"]\n\n1. S2 N4 {good} 2. S5+11! *\n"
/// );
/// ```
impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&tag_lines(&self.tags))?;
        if !self.tags.is_empty() {
            f.write_str("\n")?;
        }
        let result = self
            .result
            .as_deref()
            .or_else(|| self.tags.get(super::names::RESULT))
            .unwrap_or("*");
        f.write_str(&move_text(&self.moves, self.tags.first_side(), result))?;
        f.write_str("\n")
    }
}

/// The move text of `nodes`, numbered for a game `first` starts, ended by `result`.
pub(crate) fn move_text(nodes: &[Node], first: Side, result: &str) -> String {
    let mut lines = Lines::default();
    lines.nodes(nodes, 0, first);
    lines.token(result);
    lines.out
}

/// Writes several games, separated by blank lines.
#[must_use]
pub fn write_all(records: &[GameRecord]) -> String {
    let mut out = String::new();
    for (i, record) in records.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = write!(out, "{record}");
    }
    out
}

/// The tag lines of a record, one `[Name "value"]` a line in the
/// writer's order, each ended by a line break.
///
/// ```
/// use songo_notation::record::{Tags, tag_lines};
/// let mut tags = Tags::default();
/// tags.set("North", "Kofi \"the wall\"");
/// tags.set("South", "Ada");
/// assert_eq!(tag_lines(&tags), "[South \"Ada\"]\n[North \"Kofi \\\"the wall\\\"\"]\n");
/// ```
#[must_use]
pub fn tag_lines(tags: &Tags) -> String {
    let mut out = String::new();
    for tag in tags.canonical() {
        let _ = writeln!(out, "[{} \"{}\"]", tag.name, escape(&tag.value));
    }
    out
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Move text being laid out in lines.
#[derive(Default)]
struct Lines {
    out: String,
    /// Characters on the current line.
    width: usize,
    /// A `(` waits for the next token.
    open: usize,
    /// The next North move needs its `n...` number.
    need_number: bool,
    /// A move number waiting for its move, so that both share a line.
    number: Option<String>,
}

impl Lines {
    fn token(&mut self, token: &str) {
        self.token_in(token, false);
    }

    /// Writes `token`; a word of a brace comment (`in_comment`) is never
    /// the first on a line when it starts with `;`, which would look like
    /// a line comment to a reader (French puts a space before `;`).
    fn token_in(&mut self, token: &str, in_comment: bool) {
        let parens = "(".repeat(self.open);
        self.open = 0;
        let token = match self.number.take() {
            Some(number) => format!("{number} {token}"),
            None => token.to_owned(),
        };
        let length = parens.len() + token.chars().count();
        // A line starting with `[` would read as a tag pair: never break before one.
        let looks_like_a_line_comment = in_comment && token.starts_with(';');
        let breakable = !token.starts_with('[') && !looks_like_a_line_comment;
        if self.width > 0 {
            if self.width + 1 + length > MAX_LINE && breakable {
                self.out.push('\n');
                self.width = 0;
            } else {
                self.out.push(' ');
                self.width += 1;
            }
        }
        self.out.push_str(&parens);
        self.out.push_str(&token);
        self.width += length;
    }

    /// Appends to the last token without a space (a closing parenthesis).
    fn attach(&mut self, text: &str) {
        if self.open > 0 {
            // An empty variation.
            let token = format!("{}{text}", "(".repeat(self.open));
            self.open = 0;
            self.token(&token);
            return;
        }
        self.out.push_str(text);
        self.width += text.chars().count();
    }

    fn newline(&mut self) {
        self.out.push('\n');
        self.width = 0;
    }

    /// Lays out `nodes`, whose first move is ply `ply` (from 0) of a game
    /// that `first` starts.
    fn nodes(&mut self, nodes: &[Node], mut ply: usize, first: Side) {
        self.need_number = true;
        let shift = usize::from(first == Side::North);
        // The ply before the last move: where a variation branches.
        let mut last_ply = ply;
        for node in nodes {
            match node {
                Node::Move(mv) => {
                    let number = (ply + shift) / 2 + 1;
                    if (ply + shift).is_multiple_of(2) {
                        self.number = Some(format!("{number}."));
                    } else if self.need_number {
                        self.number = Some(format!("{number}..."));
                    }
                    self.need_number = false;
                    self.write_move(mv);
                    last_ply = ply;
                    ply += 1;
                }
                Node::Comment(text) => {
                    self.comment(text);
                    self.need_number = true;
                }
                Node::Variation(inner) => {
                    self.open += 1;
                    self.nodes(inner, last_ply, first);
                    self.attach(")");
                    self.need_number = true;
                }
            }
        }
    }

    fn write_move(&mut self, mv: &Move) {
        let mut token = mv.text.clone();
        if let Some(claim) = mv.claim {
            let _ = write!(token, "+{claim}");
        }
        let mut nags = mv.nags.iter();
        if let Some(glyph) = mv.nags.first().and_then(|&nag| glyph_of(nag)) {
            token.push_str(glyph);
            nags.next();
        }
        self.token(&token);
        for nag in nags {
            self.token(&format!("${nag}"));
        }
    }

    fn comment(&mut self, text: &str) {
        if text.contains('}') {
            // A brace comment cannot hold `}`: a line comment can.
            self.token(&format!("; {}", super::model::collapse_space(text)));
            self.newline();
            return;
        }
        let words: Vec<&str> = super::model::words(text).collect();
        match words.as_slice() {
            [] => self.token("{}"),
            [only] => self.token(&format!("{{{only}}}")),
            [first, middle @ .., last] => {
                self.token(&format!("{{{first}"));
                for word in middle {
                    self.token_in(word, true);
                }
                self.token_in(&format!("{last}}}"), true);
            }
        }
    }
}

//! The record of one game: its tags, its move text (moves, comments,
//! variations) and its result token.
//!
//! The model keeps what a record *says*, not how it was spaced: move
//! numbers are recomputed on output, comment whitespace is collapsed, and
//! glyphs (`!`, `?!`) are kept as their NAG numbers. Moves are kept as the
//! text of their token, so the same model serves every game (`S5`, `e`,
//! `b3-c3`); the game that replays them reads that text (see
//! [`crate::GamePosition::parse_move`]).

use std::borrow::Cow;
use std::fmt;

use crate::error::Location;
use crate::side::Side;

/// Where a piece of a record was read: byte offset in the file, line and
/// column (from 1, in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Byte offset from the start of the file (after a byte-order mark).
    pub offset: usize,
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1, in characters.
    pub column: usize,
}

impl Span {
    /// The line and column.
    #[must_use]
    pub const fn location(self) -> Location {
        Location {
            line: self.line,
            column: self.column,
        }
    }
}

/// The names of the tags the project gives a meaning to, in the order the
/// writer puts them (any other tag follows, in the order read).
pub mod names {
    /// The ruleset id (`songo`, `songo-ekang`, `awale`, `oware-abapa`, `seega`).
    pub const RULES: &str = "Rules";
    /// The event (tournament, lesson, …).
    pub const EVENT: &str = "Event";
    /// Where the game was played.
    pub const SITE: &str = "Site";
    /// When, as `YYYY.MM.DD` (`??` for what is unknown).
    pub const DATE: &str = "Date";
    /// The round of the event.
    pub const ROUND: &str = "Round";
    /// South's player.
    pub const SOUTH: &str = "South";
    /// North's player.
    pub const NORTH: &str = "North";
    /// The result: the final score south first (`41-29`), or `*`.
    pub const RESULT: &str = "Result";
    /// Who moves first when the game starts from the usual position (`South`, `North`).
    pub const FIRST: &str = "First";
    /// Awalé/oware: which camp's houses are written in capitals (`South`, the default, or `North`).
    pub const CAPITALS: &str = "Capitals";
    /// How the start position was set up: `fragment` for a teaching fragment.
    pub const SETUP: &str = "SetUp";
    /// The start position, in the compact notation.
    pub const POSITION: &str = "Position";
    /// How the game ended when not by the rules alone (`agreement`, `resignation`, a rule id …).
    pub const TERMINATION: &str = "Termination";
    /// The Aualé program's OGN ruleset tag (`Oware Abapa`).
    pub const VARIANT: &str = "Variant";
    /// The Aualé program's OGN start position (`4-4-…-0-0-S`).
    pub const FEN: &str = "FEN";

    /// The tags the writer puts first, in this order.
    pub const ROSTER: [&str; 13] = [
        RULES,
        EVENT,
        SITE,
        DATE,
        ROUND,
        SOUTH,
        NORTH,
        RESULT,
        FIRST,
        CAPITALS,
        SETUP,
        POSITION,
        TERMINATION,
    ];
}

/// One tag pair: `[Name "value"]`.
#[derive(Debug, Clone, Eq)]
pub struct Tag {
    /// The tag's name (`Event`). Names the project knows are spelled as
    /// [`names`] spells them whatever the case they were read in (and
    /// borrowed from there: no allocation for them).
    pub name: Cow<'static, str>,
    /// The value, unescaped.
    pub value: String,
    /// Where the value starts (just after its opening quote), when read from a file.
    pub at: Option<Span>,
}

/// Tags are equal when their names and values are: where they were read
/// does not matter.
impl PartialEq for Tag {
    fn eq(&self, other: &Tag) -> bool {
        self.name == other.name && self.value == other.value
    }
}

impl Tag {
    /// A tag that was not read from a file.
    #[must_use]
    pub fn new(name: &str, value: impl Into<String>) -> Tag {
        Tag {
            name: canonical_name(name),
            value: value.into(),
            at: None,
        }
    }
}

/// The tag names the project knows: [`names::ROSTER`], then `Variant`
/// and `FEN`.
pub(crate) const KNOWN_NAMES: [&str; names::ROSTER.len() + 2] = {
    let mut known = [names::VARIANT; names::ROSTER.len() + 2];
    let mut index = 0;
    while index < names::ROSTER.len() {
        known[index] = names::ROSTER[index];
        index += 1;
    }
    known[index] = names::VARIANT;
    known[index + 1] = names::FEN;
    known
};

/// Where `name`, spelled as [`names`] spells it, is in [`KNOWN_NAMES`]:
/// for a constant index (`const { known_index(names::RULES) }`; a name
/// that is not there does not compile).
pub(crate) const fn known_index(name: &str) -> usize {
    let mut index = 0;
    while index < KNOWN_NAMES.len() {
        let (known, wanted) = (KNOWN_NAMES[index].as_bytes(), name.as_bytes());
        if known.len() == wanted.len() {
            let mut at = 0;
            while at < known.len() && known[at] == wanted[at] {
                at += 1;
            }
            if at == known.len() {
                return index;
            }
        }
        index += 1;
    }
    panic!("not a known tag name")
}

/// Where a tag name is in [`KNOWN_NAMES`], whatever its case.
pub(crate) fn known_name_index(name: &str) -> Option<usize> {
    // Spelled as known, nearly always: one `match` finds it (the search
    // below compares the name with each known one in turn).
    let exact = match name {
        names::RULES => Some(const { known_index(names::RULES) }),
        names::EVENT => Some(const { known_index(names::EVENT) }),
        names::SITE => Some(const { known_index(names::SITE) }),
        names::DATE => Some(const { known_index(names::DATE) }),
        names::ROUND => Some(const { known_index(names::ROUND) }),
        names::SOUTH => Some(const { known_index(names::SOUTH) }),
        names::NORTH => Some(const { known_index(names::NORTH) }),
        names::RESULT => Some(const { known_index(names::RESULT) }),
        names::FIRST => Some(const { known_index(names::FIRST) }),
        names::CAPITALS => Some(const { known_index(names::CAPITALS) }),
        names::SETUP => Some(const { known_index(names::SETUP) }),
        names::POSITION => Some(const { known_index(names::POSITION) }),
        names::TERMINATION => Some(const { known_index(names::TERMINATION) }),
        names::VARIANT => Some(const { known_index(names::VARIANT) }),
        names::FEN => Some(const { known_index(names::FEN) }),
        _ => None,
    };
    exact.or_else(|| {
        KNOWN_NAMES
            .iter()
            .position(|known| known.eq_ignore_ascii_case(name))
    })
}

/// The spelling of a known tag name, whatever its case; others unchanged.
pub(crate) fn canonical_name(name: &str) -> Cow<'static, str> {
    known_name_index(name).map_or_else(
        || Cow::Owned(name.to_owned()),
        |index| Cow::Borrowed(KNOWN_NAMES[index]),
    )
}

/// A game's tags, in the order they were read.
///
/// Looking a tag up ignores the case of its name (`[result "*"]` is read
/// as `Result`). Setting a tag that exists replaces its value in place.
///
/// ```
/// use songo_notation::record::Tags;
/// let mut tags = Tags::default();
/// tags.set("Rules", "songo");
/// tags.set("South", "Ada");
/// tags.set("rules", "songo-ekang");
/// assert_eq!(tags.get("RULES"), Some("songo-ekang"));
/// assert_eq!(tags.len(), 2);
/// ```
///
/// Two tag lists are equal when they hold the same tags in the writer's
/// order ([`Tags::canonical`]): the order the roster tags were read in
/// does not matter.
#[derive(Debug, Clone, Eq, Default)]
pub struct Tags(Vec<Tag>);

impl PartialEq for Tags {
    fn eq(&self, other: &Tags) -> bool {
        self.len() == other.len() && self.canonical().eq(other.canonical())
    }
}

impl Tags {
    /// No tags, with room for `capacity` of them.
    #[must_use]
    pub fn with_capacity(capacity: usize) -> Tags {
        Tags(Vec::with_capacity(capacity))
    }

    /// The value of a tag.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.tag(name).map(|tag| tag.value.as_str())
    }

    /// The tag itself (with where it was read).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.0
            .iter()
            .find(|tag| tag.name.eq_ignore_ascii_case(name))
    }

    /// Sets a tag, replacing a tag of the same name.
    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        match self
            .0
            .iter_mut()
            .find(|tag| tag.name.eq_ignore_ascii_case(name))
        {
            Some(tag) => tag.value = value.into(),
            None => self.0.push(Tag::new(name, value)),
        }
    }

    /// Adds a tag read from a file. A second tag of the same name replaces
    /// the first (its value and place), as the last word counts.
    pub fn push(&mut self, tag: Tag) {
        match self
            .0
            .iter_mut()
            .find(|old| old.name.eq_ignore_ascii_case(&tag.name))
        {
            Some(old) => *old = tag,
            None => self.0.push(tag),
        }
    }

    /// Adds a tag read from a file that the caller knows no tag of the
    /// list has the name of (no search for one to replace).
    pub(crate) fn push_new(&mut self, tag: Tag) {
        debug_assert!(self.tag(&tag.name).is_none(), "{} is new", tag.name);
        self.0.push(tag);
    }

    /// Removes a tag, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let index = self
            .0
            .iter()
            .position(|tag| tag.name.eq_ignore_ascii_case(name))?;
        Some(self.0.remove(index).value)
    }

    /// The tags in the order read.
    pub fn iter(&self) -> impl Iterator<Item = &Tag> {
        self.0.iter()
    }

    /// The tags in the writer's order: [`names::ROSTER`] first, then the
    /// others in the order read.
    pub fn canonical(&self) -> impl Iterator<Item = &Tag> {
        let roster = names::ROSTER
            .iter()
            .filter_map(|name| self.0.iter().find(|tag| tag.name == *name));
        let others = self
            .0
            .iter()
            .filter(|tag| !names::ROSTER.contains(&&*tag.name));
        roster.chain(others)
    }

    /// How many tags.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there is no tag.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The side that moves first, as far as the tags say: the `First` tag,
    /// else the last field of a `Position` (`…:N`) or `FEN` (`…-N`) tag,
    /// else South. The writer numbers moves with it.
    #[must_use]
    pub fn first_side(&self) -> Side {
        if let Some(side) = self.get(names::FIRST).and_then(|v| v.parse().ok()) {
            return side;
        }
        let last_field = |value: &str, separator: char| {
            value
                .trim()
                .rsplit(separator)
                .next()
                .and_then(|field| field.trim().parse::<Side>().ok())
        };
        self.get(names::POSITION)
            .and_then(|value| last_field(value, ':'))
            .or_else(|| {
                self.get(names::FEN)
                    .and_then(|value| last_field(value, '-'))
            })
            .unwrap_or(Side::South)
    }
}

impl<'a> IntoIterator for &'a Tags {
    type Item = &'a Tag;
    type IntoIter = std::slice::Iter<'a, Tag>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl FromIterator<Tag> for Tags {
    fn from_iter<I: IntoIterator<Item = Tag>>(iter: I) -> Tags {
        let mut tags = Tags::default();
        let mut names = TagNames::default();
        for tag in iter {
            names.push(&mut tags, tag);
        }
        tags
    }
}

/// Tags a list holds before [`TagNames`] keeps a map of their names: a
/// game has a dozen, each compared with the few before it.
const TAGS_SEARCHED_IN_TURN: usize = 16;

/// The names of a tag list being filled, to find a name read before in
/// a time that does not grow with the list: the list itself while it is
/// short, then a map of the names in lower case. Without it each name
/// was compared with every one before it, and a record of 100,000 tags
/// took 41 s to read. The list must be filled through [`TagNames::push`]
/// alone.
#[derive(Debug, Clone, Default)]
pub(crate) struct TagNames(Option<std::collections::HashMap<String, usize>>);

impl TagNames {
    /// Adds a tag read from a file to `tags`, as [`Tags::push`] does: a
    /// second tag of a name (in any case) replaces the first.
    pub(crate) fn push(&mut self, tags: &mut Tags, tag: Tag) {
        if self.0.is_none() && tags.len() < TAGS_SEARCHED_IN_TURN {
            tags.push(tag);
            return;
        }
        let names = self.0.get_or_insert_with(|| {
            tags.0
                .iter()
                .enumerate()
                .map(|(index, tag)| (tag.name.to_ascii_lowercase(), index))
                .collect()
        });
        match names.entry(tag.name.to_ascii_lowercase()) {
            std::collections::hash_map::Entry::Occupied(found) => tags.0[*found.get()] = tag,
            std::collections::hash_map::Entry::Vacant(new) => {
                new.insert(tags.0.len());
                tags.0.push(tag);
            }
        }
    }
}

/// The annotation glyphs and the NAG number each stands for.
pub(crate) const GLYPHS: [(&str, u8); 6] = [
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
    ("!", 1),
    ("?", 2),
];

/// The glyph of NAG 1..=6.
pub(crate) fn glyph_of(nag: u8) -> Option<&'static str> {
    GLYPHS
        .iter()
        .find(|(_, number)| *number == nag)
        .map(|(glyph, _)| *glyph)
}

/// One move of the move text: its token, its capture claim and its
/// annotations.
///
/// ```
/// use songo_notation::record::Move;
/// let mv = Move::new("S5").with_claim(11).with_nag(1);
/// assert_eq!(mv.to_string(), "S5+11!");
/// ```
#[derive(Debug, Clone, Eq)]
pub struct Move {
    /// The move as written, without claim or glyph (`S5`, `e`, `b3-c3`).
    pub text: String,
    /// The capture the record claims for it (`+11`).
    pub claim: Option<u32>,
    /// Annotations, as NAG numbers in the order read (`!` is 1, `?` 2, `!!`
    /// 3, `??` 4, `!?` 5, `?!` 6; `$14` is 14).
    pub nags: Vec<u8>,
    /// Where the token was read.
    pub at: Option<Span>,
}

/// Moves are equal when they say the same: where they were read does not
/// matter.
impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.text == other.text && self.claim == other.claim && self.nags == other.nags
    }
}

impl Move {
    /// A move from its text.
    #[must_use]
    pub fn new(text: impl Into<String>) -> Move {
        Move {
            text: text.into(),
            claim: None,
            nags: Vec::new(),
            at: None,
        }
    }

    /// The same move claiming a capture.
    #[must_use]
    pub fn with_claim(mut self, claim: u32) -> Move {
        self.claim = Some(claim);
        self
    }

    /// The same move with one more annotation.
    #[must_use]
    pub fn with_nag(mut self, nag: u8) -> Move {
        self.nags.push(nag);
        self
    }
}

/// The token as the writer prints it: text, claim, and a first glyph;
/// further NAGs follow as ` $n`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)?;
        if let Some(claim) = self.claim {
            write!(f, "+{claim}")?;
        }
        let mut nags = self.nags.iter();
        if let Some(glyph) = self.nags.first().and_then(|&nag| glyph_of(nag)) {
            f.write_str(glyph)?;
            nags.next();
        }
        for nag in nags {
            write!(f, " ${nag}")?;
        }
        Ok(())
    }
}

/// A piece of move text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// A move.
    Move(Move),
    /// A comment (`{…}` or `; …`), whitespace collapsed to single spaces.
    Comment(String),
    /// A variation: moves played instead of the move just before it.
    Variation(Vec<Node>),
}

/// The record of one game.
///
/// ```
/// use songo_notation::record::GameRecord;
/// let record: GameRecord = "[Rules \"songo\"]\n\n1. S2 N4 {a quiet start} 2. S5+1 *".parse().unwrap();
/// assert_eq!(record.tags.get("Rules"), Some("songo"));
/// assert_eq!(record.main_line().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["S2", "N4", "S5"]);
/// assert_eq!(record.result.as_deref(), Some("*"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameRecord {
    /// The tag pairs.
    pub tags: Tags,
    /// The move text: moves, comments and variations in order.
    pub moves: Vec<Node>,
    /// The result token that ends the move text (`41-29`, `*`), if any.
    pub result: Option<String>,
}

impl GameRecord {
    /// The moves of the main line, in order.
    pub fn main_line(&self) -> impl Iterator<Item = &Move> {
        self.moves.iter().filter_map(|node| match node {
            Node::Move(mv) => Some(mv),
            _ => None,
        })
    }

    /// Removes where every part was read (for comparing records read from
    /// different texts; equality already ignores it).
    pub fn forget_spans(&mut self) {
        fn nodes(list: &mut [Node]) {
            for node in list {
                match node {
                    Node::Move(mv) => mv.at = None,
                    Node::Variation(inner) => nodes(inner),
                    Node::Comment(_) => {}
                }
            }
        }
        for tag in &mut self.tags.0 {
            tag.at = None;
        }
        nodes(&mut self.moves);
    }
}

/// Collapses runs of white space to one space and trims the ends: how
/// comments are kept.
pub(crate) fn collapse_space(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in words(text) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The words of a comment: split at whitespace, but not at a no-break
/// space (French puts one before `:` and `;`), which stays in its word so
/// that a line never breaks there and the comment reads back the same.
pub(crate) fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() && !matches!(c, '\u{a0}' | '\u{202f}'))
        .filter(|word| !word.is_empty())
}

#[cfg(test)]
mod tests {
    use super::{KNOWN_NAMES, canonical_name, known_index, known_name_index};

    #[test]
    fn known_names_are_found_at_their_index_whatever_their_case() {
        for (index, name) in KNOWN_NAMES.iter().enumerate() {
            assert_eq!(known_name_index(name), Some(index), "{name}");
            assert_eq!(known_name_index(&name.to_uppercase()), Some(index));
            assert_eq!(known_name_index(&name.to_lowercase()), Some(index));
            assert_eq!(known_index(name), index);
            assert_eq!(canonical_name(&name.to_lowercase()), *name);
        }
        assert_eq!(known_name_index("Events"), None);
        assert_eq!(canonical_name("annotator"), "annotator");
    }
}

//! What the record validator needs of a game: the [`Replay`] trait.
//!
//! The validator ([`crate::validate`]) reads a record's tags and moves and
//! replays them through this trait, without knowing which game it is. A
//! game plugs in by implementing it — [`SowingGame`] does for Songo,
//! Awalé and oware — and by adding itself to the validator's `Replayer`
//! dispatch (one enum variant and one match arm per method, in
//! `notation/src/validate/mod.rs`) and to [`AnyPosition`].
//!
//! What an implementation provides:
//! - [`Replay::setup`]: the start of the game from the tags (the ruleset,
//!   a `Position` tag, who moves first…), or a [`SetupError`];
//! - [`Replay::parse_move`]: a move from its token's text (`S5`, `e`,
//!   `b3-c3`, `pass`) — the record keeps moves as text, so the record
//!   format needs nothing new for a new game;
//! - [`Replay::play`] and [`Replay::play_anyway`]: a move by the rules, or
//!   as far as the board allows (`validate --keep-going`), returning what it
//!   captured (the validator checks `+N` claims against it);
//! - [`Replay::outcome`] and [`Replay::declared_end`]: how the game ended,
//!   with a result text the `Result` tag must match (`41-29`; a game
//!   without scores may use `1-0`, `0-1`, `1/2-1/2`);
//! - [`Replay::position`]: the position, for reports and diagrams.
//!
//! ```
//! use songo_notation::record::Tags;
//! use songo_notation::replay::{Refusal, Replay, SowingGame};
//! use songo_notation::Ruleset;
//!
//! let mut game = SowingGame::setup(Ruleset::Songo, &Tags::default()).unwrap();
//! let s2 = game.parse_move("S2").unwrap();
//! assert!(game.parse_move("S9").is_none());
//! assert_eq!(game.move_error("S9"), "`S9` is not a Songo house: write S0..S6 or N0..N6");
//! assert_eq!(game.play(s2).unwrap().captured, 0);
//! let wrong = game.parse_move("S3").unwrap();
//! let refused = game.play(wrong).unwrap_err();
//! assert_eq!(refused.rule().as_str(), "songo.sow");
//! assert_eq!(refused.to_string(), "S3 is South's house, but North is to move; legal moves: N0 N1 N2 N3 N4 N5 N6");
//! ```

use std::fmt;

use crate::compact;
use crate::engine::{IllegalMove, IllegalReason};
use crate::error::ParseError;
use crate::game::Game;
use crate::position::{House, LetterCase, Position};
use crate::record::{Tags, names};
use crate::rule::RuleId;
use crate::ruleset::{Family, Ruleset};
use crate::side::{Score, Side};

/// What a move did that a record can claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Played {
    /// What went to the mover: seeds captured (sowing games), pieces
    /// captured (Seega). A `+N` claim is checked against it.
    pub captured: u32,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The end rule (`songo.end.forty`, `awale.end.agreement` …).
    pub rule: RuleId,
    /// The result as a record writes it (`41-29`), compared with the
    /// `Result` tag.
    pub result: String,
    /// The winner, `None` for a draw.
    pub winner: Option<Side>,
}

/// Why a move was refused: the rule, and a sentence (its `Display`, which
/// does not repeat the rule id).
pub trait Refusal: fmt::Display {
    /// The rule that forbids the move.
    fn rule(&self) -> RuleId;
    /// When the move came after the end of the game: how it had ended.
    fn game_over(&self) -> Option<Outcome>;
}

/// A game cannot be set up from a record's tags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError {
    /// `record.setup`, or `syntax` when a tag's value cannot be read.
    pub rule: RuleId,
    /// What is wrong.
    pub message: String,
    /// The tag at fault, to point at it.
    pub tag: Option<&'static str>,
    /// Where in the tag's value, when its notation could not be read
    /// (line and column relative to the value).
    pub detail: Option<Box<ParseError>>,
    /// How to fix it.
    pub hint: Option<String>,
}

impl SetupError {
    /// A `record.setup` error about a tag.
    #[must_use]
    pub fn setup(tag: &'static str, message: impl Into<String>) -> SetupError {
        SetupError {
            rule: RuleId::RecordSetup,
            message: message.into(),
            tag: Some(tag),
            detail: None,
            hint: None,
        }
    }

    /// A `syntax` error: the value of `tag` does not read as a position;
    /// the parse error is kept as its detail, its hint as the hint.
    #[must_use]
    pub fn unreadable(tag: &'static str, error: ParseError) -> SetupError {
        SetupError {
            rule: RuleId::Syntax,
            message: format!("the {tag} tag cannot be read: {}", error.message),
            tag: Some(tag),
            hint: error.hint.clone(),
            detail: Some(Box::new(error)),
        }
    }

    /// Adds a hint.
    #[must_use]
    pub fn with_hint(mut self, hint: impl Into<String>) -> SetupError {
        self.hint = Some(hint.into());
        self
    }
}

/// A declared end that the rules themselves reach: `outcome` (how the game
/// has ended, if it has) must be by `rule`.
fn ended_by(outcome: Option<Outcome>, rule: RuleId) -> Result<Outcome, String> {
    match outcome {
        Some(outcome) if outcome.rule == rule => Ok(outcome),
        Some(outcome) => Err(format!("the game ended by {}, not by {rule}", outcome.rule)),
        None => Err(format!(
            "{rule} does not hold: the game is not over after the last move"
        )),
    }
}

/// A game the validator can replay. See the [module docs](self).
pub trait Replay: Clone + Sized {
    /// A move, read from a token.
    type Move: Copy;
    /// Why a move was refused.
    type Refusal: Refusal;

    /// The game a record starts: `rules` is the record's ruleset (already
    /// read from `Rules`, `Variant` or the default); the other tags say the
    /// rest (`Position`, `First`, `SetUp`, `Capitals` …).
    ///
    /// # Errors
    /// The tags describe no valid start.
    fn setup(rules: Ruleset, tags: &Tags) -> Result<Self, SetupError>;

    /// Reads a move token's text (without its claim and glyphs); `None`
    /// when it is no move of this game ([`Replay::move_error`] says why).
    /// On the hot path: an `Option` comes back in registers.
    fn parse_move(&self, text: &str) -> Option<Self::Move>;

    /// Why a text is no move of this game, for a `syntax` violation.
    fn move_error(&self, text: &str) -> String {
        format!("`{text}` is not a move")
    }

    /// Plays a move by the rules.
    ///
    /// # Errors
    /// The rules refuse it (the game is then unchanged).
    fn play(&mut self, mv: Self::Move) -> Result<Played, Self::Refusal>;

    /// Plays a move the rules refuse, as far as the board allows.
    ///
    /// # Errors
    /// The move cannot be played at all (no such piece, empty house …).
    fn play_anyway(&mut self, mv: Self::Move) -> Result<Played, Self::Refusal>;

    /// How the game has ended by the rules, if it has.
    fn outcome(&self) -> Option<Outcome>;

    /// Checks an end a record declares with `[Termination "<rule id>"]`:
    /// the outcome when it holds, else why not. By default the rules must
    /// have ended the game by that very rule; games whose players declare
    /// ends (Seega's barrier, Awalé's agreement) check them here.
    ///
    /// # Errors
    /// The declared end does not hold.
    fn declared_end(&self, rule: RuleId) -> Result<Outcome, String> {
        ended_by(self.outcome(), rule)
    }

    /// The rule id a `Termination` word stands for in this game, if any
    /// (`agreement` is `awale.end.agreement` in Awalé).
    fn termination_rule(&self, word: &str) -> Option<RuleId> {
        let _ = word;
        None
    }

    /// The position now.
    fn position(&self) -> AnyPosition;
}

/// A position of any game, for reports: serialized as that game's JSON
/// position, displayed in its compact notation (the library's one
/// [`crate::any::AnyPosition`]).
pub use crate::any::AnyPosition;

/// A sowing game (Songo, Awalé, oware) replayed from a record, with the
/// letter case its Awalé moves are written in.
#[derive(Debug, Clone)]
pub struct SowingGame {
    board: Board,
    letters: LetterCase,
}

/// The position, with the history only the rulesets that need it keep
/// (oware abapa's repetition): the others replay faster without it.
#[derive(Debug, Clone)]
enum Board {
    Plain(Position),
    WithHistory(Game),
}

impl SowingGame {
    fn current(&self) -> &Position {
        match &self.board {
            Board::Plain(position) => position,
            Board::WithHistory(game) => game.position(),
        }
    }
}

/// A refused sowing move, and the Awalé letter case of its record (the
/// legal moves are listed in it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SowingRefusal(pub IllegalMove, pub LetterCase);

impl fmt::Display for SowingRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let SowingRefusal(illegal, letters) = self;
        f.write_str(&illegal.explanation_in(*letters))?;
        if !illegal.legal.is_empty() {
            write!(f, "; legal moves: {}", illegal.legal.in_case(*letters))?;
        }
        Ok(())
    }
}

impl Refusal for SowingRefusal {
    fn rule(&self) -> RuleId {
        self.0.rule()
    }

    fn game_over(&self) -> Option<Outcome> {
        match self.0.reason {
            IllegalReason::GameOver(over) => Some(Outcome {
                rule: over.rule,
                result: over.score.to_string(),
                winner: over.winner,
            }),
            _ => None,
        }
    }
}

/// The ruleset a `Position` tag names, if it names one (`songo:…`).
fn written_rules(value: &str) -> Option<&str> {
    let first = value.split(':').next()?.trim();
    (value.contains(':') && !first.contains(['/', ','])).then_some(first)
}

impl SowingGame {
    fn start_position(rules: Ruleset, tags: &Tags) -> Result<(Position, bool), SetupError> {
        if let Some(value) = tags.get(names::POSITION) {
            if let Some(written) = written_rules(value)
                && let Ok(parsed) = written.parse::<Ruleset>()
                && parsed != rules
            {
                return Err(SetupError::setup(
                    names::POSITION,
                    format!(
                        "the Position tag is a {parsed} position, but the game is played by {rules}"
                    ),
                )
                .with_hint("make the Rules tag and the Position tag agree"));
            }
            let position = compact::parse(value, Some(rules))
                .map_err(|error| SetupError::unreadable(names::POSITION, error))?;
            return Ok((position, true));
        }
        if let Some(value) = tags.get(names::FEN) {
            let position = compact::parse_ogn_fen(value, rules)
                .map_err(|error| SetupError::unreadable(names::FEN, error))?;
            return Ok((position, true));
        }
        Ok((Position::start(rules), false))
    }
}

impl Replay for SowingGame {
    type Move = House;
    type Refusal = SowingRefusal;

    fn setup(rules: Ruleset, tags: &Tags) -> Result<SowingGame, SetupError> {
        if !rules.is_sowing() {
            return Err(SetupError::setup(
                names::RULES,
                format!("{rules} is not a sowing game"),
            ));
        }
        let letters = match tags.get(names::CAPITALS) {
            None => LetterCase::default(),
            Some(value) => match value.parse::<Side>() {
                Ok(Side::South) => LetterCase::SouthUpper,
                Ok(Side::North) => LetterCase::NorthUpper,
                Err(_) => {
                    return Err(SetupError::setup(
                        names::CAPITALS,
                        format!("`{value}` is not a side: the Capitals tag says whose houses are in capitals"),
                    )
                    .with_hint("write [Capitals \"South\"] or [Capitals \"North\"]"));
                }
            },
        };
        let first = match tags.get(names::FIRST) {
            None => None,
            Some(value) => Some(value.parse::<Side>().map_err(|_| {
                SetupError::setup(
                    names::FIRST,
                    format!("`{value}` is not a side: the First tag says who moves first"),
                )
                .with_hint("write [First \"South\"] or [First \"North\"]")
            })?),
        };
        let (mut position, set_up) = SowingGame::start_position(rules, tags)?;
        match first {
            Some(side) if set_up && side != position.to_move() => {
                return Err(SetupError::setup(
                    names::FIRST,
                    format!(
                        "the First tag says {side} moves first, but the start position has {} to move",
                        position.to_move()
                    ),
                )
                .with_hint("drop the First tag: the position says who is to move"));
            }
            Some(side) => position = position.with_to_move(side),
            None => {}
        }
        let fragment = tags
            .get(names::SETUP)
            .is_some_and(|value| value.trim().eq_ignore_ascii_case("fragment"));
        let total = u64::from(position.seeds_on_board())
            + u64::from(position.stores().south)
            + u64::from(position.stores().north);
        if set_up && !fragment && total != u64::from(rules.total_seeds()) {
            let tag = if tags.get(names::POSITION).is_some() {
                names::POSITION
            } else {
                names::FEN
            };
            return Err(SetupError::setup(
                tag,
                format!(
                    "the start position holds {total} seeds, stores included; a {rules} game has {}",
                    rules.total_seeds()
                ),
            )
            .with_hint("for a teaching fragment with fewer seeds, add [SetUp \"fragment\"]"));
        }
        let board = if rules == Ruleset::OwareAbapa {
            Board::WithHistory(Game::new(position))
        } else {
            Board::Plain(position)
        };
        Ok(SowingGame { board, letters })
    }

    fn parse_move(&self, text: &str) -> Option<House> {
        let rules = self.current().rules();
        // The usual spellings read here at once (`S2`, `e`); the rest, and
        // every mistake, by the notation's own reader.
        match (rules.family(), text.as_bytes()) {
            (Family::Songo, &[side @ (b'S' | b'N'), digit @ b'0'..=b'6']) => {
                let side = if side == b'S' {
                    Side::South
                } else {
                    Side::North
                };
                Some(House::new(side, digit - b'0'))
            }
            (Family::Awale, &[letter @ (b'a'..=b'f' | b'A'..=b'F')]) => {
                let upper = self.letters.upper_side();
                let side = if letter.is_ascii_uppercase() {
                    upper
                } else {
                    upper.opposite()
                };
                Some(House::new(side, letter.to_ascii_lowercase() - b'a'))
            }
            _ => House::parse_with_case(text, rules, self.letters).ok(),
        }
    }

    fn move_error(&self, text: &str) -> String {
        match House::parse_with_case(text, self.current().rules(), self.letters) {
            Err(error) => error.to_string(),
            Ok(_) => format!("`{text}` is not a move"),
        }
    }

    fn play(&mut self, house: House) -> Result<Played, SowingRefusal> {
        let captured = match &mut self.board {
            Board::Plain(position) => position.play_captured(house),
            Board::WithHistory(game) => game.play_captured(house),
        };
        captured
            .map(|captured| Played { captured })
            .map_err(|illegal| SowingRefusal(illegal, self.letters))
    }

    fn play_anyway(&mut self, house: House) -> Result<Played, SowingRefusal> {
        let outcome = match &mut self.board {
            Board::Plain(position) => position.play_anyway(house),
            Board::WithHistory(game) => game.play_anyway(house),
        };
        outcome
            .map(|outcome| Played {
                captured: outcome.captured,
            })
            .map_err(|illegal| SowingRefusal(illegal, self.letters))
    }

    fn outcome(&self) -> Option<Outcome> {
        let over = match &self.board {
            Board::Plain(position) => position.game_over(),
            Board::WithHistory(game) => game.game_over(),
        };
        over.map(|over| Outcome {
            rule: over.rule,
            result: over.score.to_string(),
            winner: over.winner,
        })
    }

    fn declared_end(&self, rule: RuleId) -> Result<Outcome, String> {
        let rules = self.current().rules();
        let ends: &[RuleId] = match rules {
            Ruleset::Songo | Ruleset::SongoEkang => {
                &[RuleId::EndForty, RuleId::EndFewSeeds, RuleId::EndNoMove]
            }
            Ruleset::Awale => &[RuleId::AwaleEndNoMove, RuleId::AwaleEndAgreement],
            _ => &[RuleId::AbapaEnd],
        };
        if !ends.contains(&rule) {
            let list: Vec<&str> = ends.iter().map(|r| r.as_str()).collect();
            return Err(format!(
                "it is not how a {rules} game ends: the end rules are {}",
                list.join(", ")
            ));
        }
        if rule == RuleId::AwaleEndAgreement {
            // The players stop; each keeps what he captured.
            let stores: Score = self.current().stores();
            return Ok(Outcome {
                rule,
                result: stores.to_string(),
                winner: stores.leader(),
            });
        }
        ended_by(self.outcome(), rule)
    }

    fn termination_rule(&self, word: &str) -> Option<RuleId> {
        let awale = self.current().rules().family() == Family::Awale
            && self.current().rules() == Ruleset::Awale;
        (awale && word.eq_ignore_ascii_case("agreement")).then_some(RuleId::AwaleEndAgreement)
    }

    fn position(&self) -> AnyPosition {
        AnyPosition::Sowing(*self.current())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record written with North in capitals hears about its moves in
    /// its own letters.
    #[test]
    fn refusals_name_houses_in_the_record_letter_case() {
        let mut tags = Tags::default();
        tags.set(names::CAPITALS, "North");
        let refusal = |rules, position: Option<&str>, moves: &[&str]| {
            let mut tags = tags.clone();
            if let Some(position) = position {
                tags.set(names::POSITION, position);
                tags.set(names::SETUP, "fragment");
            }
            let mut game = SowingGame::setup(rules, &tags).expect("a game");
            let (last, before) = moves.split_last().expect("a move");
            for text in before {
                let mv = game.parse_move(text).expect("a house");
                game.play(mv).expect("a legal move");
            }
            let mv = game.parse_move(last).expect("a house");
            game.play(mv).expect_err("a refused move").to_string()
        };
        assert_eq!(
            refusal(Ruleset::Awale, None, &["a", "b"]),
            "b is South's house, but North is to move; legal moves: A B C D E F"
        );
        assert_eq!(
            refusal(
                Ruleset::Awale,
                Some("awale:0,0,0,0,0,0/1,0,0,0,0,3:0-0:S"),
                &["a"]
            ),
            "a would leave North without a seed: a move must leave the opponent at least one; legal moves: f"
        );
        assert_eq!(
            refusal(
                Ruleset::OwareAbapa,
                Some("oware-abapa:0,0,0,0,0,0/1,0,0,0,0,3:0-0:S"),
                &["a"]
            ),
            "North's camp is empty and a does not reach it: the opponent must be fed; legal moves: f"
        );
        assert_eq!(
            refusal(
                Ruleset::Awale,
                Some("awale:1,0,0,0,0,0/0,1,0,0,0,3:0-0:S"),
                &["a"]
            ),
            "a is empty: there is nothing to sow; legal moves: b f"
        );
    }

    /// The quick reading of moves agrees with the notation's reader on
    /// every text of one or two bytes, for every ruleset and letter case.
    #[test]
    fn quick_move_reading_agrees_with_the_house_reader() {
        let bytes: Vec<u8> = (b' '..=b'~').collect();
        let mut texts: Vec<String> = bytes.iter().map(|&b| char::from(b).to_string()).collect();
        for &a in &bytes {
            for &b in &bytes {
                texts.push(format!("{}{}", char::from(a), char::from(b)));
            }
        }
        for rules in [
            Ruleset::Songo,
            Ruleset::SongoEkang,
            Ruleset::Awale,
            Ruleset::OwareAbapa,
        ] {
            for capitals in ["South", "North"] {
                let mut tags = Tags::default();
                tags.set(names::CAPITALS, capitals);
                let game = SowingGame::setup(rules, &tags).expect("a start position");
                for text in &texts {
                    let expected = House::parse_with_case(text, rules, game.letters).ok();
                    assert_eq!(
                        game.parse_move(text),
                        expected,
                        "{rules} {capitals} {text:?}"
                    );
                }
            }
        }
    }
}

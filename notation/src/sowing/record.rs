//! Sowing-game records: the start of a Songo, Awalé or oware game from a
//! record's tags ([`FromTags`]), with the letter case its Awalé moves are
//! written in (`Capitals`).
//!
//! ```
//! use songo_notation::record::{FromTags, Tags};
//! use songo_notation::{Game, GamePosition, Position, Refusal, Ruleset};
//!
//! let (start, conventions) = Position::from_tags(Ruleset::Songo, &Tags::default()).unwrap();
//! let mut game = Game::new(start);
//! let s2 = start.parse_move("S2", conventions).unwrap();
//! assert_eq!(
//!     start.parse_move("S9", conventions).unwrap_err().to_string(),
//!     "`S9` is not a Songo house: write S0..S6 or N0..N6"
//! );
//! assert_eq!(game.play(s2).unwrap().captured, 0);
//! let wrong = start.parse_move("S3", conventions).unwrap();
//! let refused = game.play(wrong).unwrap_err();
//! assert_eq!(refused.rule().as_str(), "songo.sow");
//! assert_eq!(
//!     refused.describe(conventions).to_string(),
//!     "S3 is South's house, but North is to move; legal moves: N0 N1 N2 N3 N4 N5 N6"
//! );
//! ```

use crate::conventions::{Conventions, LetterCase};
use crate::record::{FromTags, SetupError, Tags, names};
use crate::ruleset::Ruleset;
use crate::side::Side;
use crate::sowing::notation::compact;
use crate::sowing::position::Position;

/// The ruleset a `Position` tag names, if it names one (`songo:…`).
fn written_rules(value: &str) -> Option<&str> {
    let first = value.split(':').next()?.trim();
    (value.contains(':') && !first.contains(['/', ','])).then_some(first)
}

/// The start position the tags give, and whether it was set up (rather
/// than the start of a game).
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

impl FromTags for Position {
    fn from_tags(rules: Ruleset, tags: &Tags) -> Result<(Position, Conventions), SetupError> {
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
        let (mut position, set_up) = start_position(rules, tags)?;
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
        Ok((position, Conventions::with_letters(letters)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GamePosition, Refusal};
    use crate::sowing::position::House;

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
            let (start, conventions) = Position::from_tags(rules, &tags).expect("a game");
            let mut game = Game::new(start);
            let (last, before) = moves.split_last().expect("a move");
            for text in before {
                let mv = start.parse_move(text, conventions).expect("a house");
                game.play(mv).expect("a legal move");
            }
            let mv = start.parse_move(last, conventions).expect("a house");
            let refused = game.play(mv).expect_err("a refused move");
            refused.describe(conventions).to_string()
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
                let (start, conventions) =
                    Position::from_tags(rules, &tags).expect("a start position");
                for text in &texts {
                    let expected =
                        House::parse_with_case(text.trim(), rules, conventions.letters).ok();
                    assert_eq!(
                        start.parse_move(text, conventions).ok(),
                        expected,
                        "{rules} {capitals} {text:?}"
                    );
                }
            }
        }
    }
}

//! Seega records: the start of a Seega game from a record's tags
//! ([`FromTags`]).
//!
//! The tags a Seega record uses: `Rules "seega"`; `First` (who places
//! first, South by default); `Position` (a start position in Seega's
//! compact form, for a game taken up midway; with `SetUp "fragment"` it may
//! hold fewer pieces than a real game); `Termination` for the ends the
//! players declare (`seega.end.no-capture`, `seega.end.barrier`, or the
//! words `no-capture`, `barrier`); `Result`: the pieces each player has on
//! the board at the end, South first (`6-0`).
//!
//! ```
//! use songo_notation::record::{FromTags, Tags};
//! use songo_notation::seega::SeegaPosition;
//! use songo_notation::{GamePosition, Refusal, Ruleset};
//!
//! let (mut game, conventions) = SeegaPosition::from_tags(Ruleset::Seega, &Tags::default()).unwrap();
//! let placement = game.parse_move("b2,a1", conventions).unwrap();
//! assert_eq!(game.play_captured(placement).unwrap(), 0);
//! let centre = game.parse_move("c3,e5", conventions).unwrap();
//! assert_eq!(game.play(centre).unwrap_err().rule().as_str(), "seega.place.centre");
//! ```

use super::notation::parse_compact;
use super::position::{PIECES_PER_SIDE, SeegaPosition};
use crate::conventions::Conventions;
use crate::record::{FromTags, SetupError, Tags, names};
use crate::ruleset::Ruleset;
use crate::side::Side;

impl FromTags for SeegaPosition {
    fn from_tags(rules: Ruleset, tags: &Tags) -> Result<(SeegaPosition, Conventions), SetupError> {
        if rules != Ruleset::Seega {
            return Err(SetupError::setup(
                names::RULES,
                format!("{rules} is not seega"),
            ));
        }
        let first = match tags.get(names::FIRST) {
            None => None,
            Some(value) => Some(value.parse::<Side>().map_err(|_| {
                SetupError::setup(
                    names::FIRST,
                    format!("`{value}` is not a side: the First tag says who places first"),
                )
                .with_hint("write [First \"South\"] or [First \"North\"]")
            })?),
        };
        let Some(value) = tags.get(names::POSITION) else {
            // Who places first is agreed by the players: South by default.
            return Ok((
                SeegaPosition::start(first.unwrap_or(Side::South)),
                Conventions::default(),
            ));
        };
        let position =
            parse_compact(value).map_err(|error| SetupError::unreadable(names::POSITION, error))?;
        if let Some(side) = first
            && side != position.to_move()
        {
            return Err(SetupError::setup(
                names::FIRST,
                format!(
                    "the First tag says {} plays first, but the start position has {} to move",
                    side.name(),
                    position.to_move().name()
                ),
            )
            .with_hint("drop the First tag: the position says who is to move"));
        }
        let fragment = tags
            .get(names::SETUP)
            .is_some_and(|value| value.trim().eq_ignore_ascii_case("fragment"));
        if !fragment {
            let left = position.pieces_left();
            let taken = position.captured();
            for side in Side::BOTH {
                let owned = left[side] + taken[side.opposite()];
                if owned != PIECES_PER_SIDE {
                    return Err(SetupError::setup(
                        names::POSITION,
                        format!(
                            "{} owns {owned} pieces in the start position (on the board, in hand and taken); a seega game has {PIECES_PER_SIDE} a side",
                            side.name()
                        ),
                    )
                    .with_hint("for a teaching fragment with fewer pieces, add [SetUp \"fragment\"]"));
                }
            }
        }
        Ok((position, Conventions::default()))
    }
}

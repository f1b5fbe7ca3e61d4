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
use crate::msg;
use crate::record::{FromTags, SetupError, Tags, names};
use crate::ruleset::Ruleset;
use crate::side::Side;

impl FromTags for SeegaPosition {
    fn from_tags(rules: Ruleset, tags: &Tags) -> Result<(SeegaPosition, Conventions), SetupError> {
        if rules != Ruleset::Seega {
            return Err(SetupError::setup(
                names::RULES,
                msg!("setup-not-seega", rules = rules.id()),
            ));
        }
        let first = match tags.get(names::FIRST) {
            None => None,
            Some(value) => Some(value.parse::<Side>().map_err(|_| {
                SetupError::setup(
                    names::FIRST,
                    msg!("setup-seega-first-not-a-side", text = value),
                )
                .with_hint(msg!("hint-first-tag"))
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
                msg!(
                    "setup-seega-first-disagrees",
                    first = side.as_str(),
                    side = position.to_move().as_str()
                ),
            )
            .with_hint(msg!("hint-drop-first")));
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
                        msg!(
                            "setup-seega-piece-total",
                            side = side.as_str(),
                            owned = owned,
                            expected = PIECES_PER_SIDE
                        ),
                    )
                    .with_hint(msg!("hint-fragment-pieces")));
                }
            }
        }
        Ok((position, Conventions::default()))
    }
}

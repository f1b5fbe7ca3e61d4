//! Seega records: the [`Replay`] implementation the validator replays
//! Seega games through.
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
//! use songo_notation::record::Tags;
//! use songo_notation::replay::{Refusal, Replay};
//! use songo_notation::seega::SeegaGame;
//! use songo_notation::Ruleset;
//!
//! let mut game = SeegaGame::setup(Ruleset::Seega, &Tags::default()).unwrap();
//! let placement = game.parse_move("b2,a1").unwrap();
//! assert_eq!(game.play(placement).unwrap().captured, 0);
//! let centre = game.parse_move("c3,e5").unwrap();
//! assert_eq!(game.play(centre).unwrap_err().rule().as_str(), "seega.place.centre");
//! ```

use std::fmt;

use super::moves::SeegaMove;
use super::notation::parse_compact;
use super::position::{PIECES_PER_SIDE, SeegaPosition};
use super::rules::{SeegaIllegal, SeegaIllegalReason};
use crate::any::AnyPosition;
use crate::engine::GameOver;
use crate::record::{Tags, names};
use crate::replay::{Outcome, Played, Refusal, Replay, SetupError};
use crate::rule::RuleId;
use crate::ruleset::Ruleset;
use crate::side::Side;

/// A Seega game replayed from a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeegaGame {
    position: SeegaPosition,
}

impl SeegaGame {
    /// The position now.
    #[must_use]
    pub const fn seega_position(&self) -> &SeegaPosition {
        &self.position
    }
}

/// A refused Seega move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeegaRefusal(pub SeegaIllegal);

impl fmt::Display for SeegaRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.explanation())?;
        self.0.write_legal(f)
    }
}

fn outcome(over: GameOver) -> Outcome {
    Outcome {
        rule: over.rule,
        result: over.score.to_string(),
        winner: over.winner,
    }
}

impl Refusal for SeegaRefusal {
    fn rule(&self) -> RuleId {
        self.0.rule()
    }

    fn game_over(&self) -> Option<Outcome> {
        match self.0.reason {
            SeegaIllegalReason::GameOver(over) => Some(outcome(over)),
            _ => None,
        }
    }
}

impl Replay for SeegaGame {
    type Move = SeegaMove;
    type Refusal = SeegaRefusal;

    fn setup(rules: Ruleset, tags: &Tags) -> Result<SeegaGame, SetupError> {
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
            return Ok(SeegaGame {
                position: SeegaPosition::start(first.unwrap_or(Side::South)),
            });
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
        Ok(SeegaGame { position })
    }

    fn parse_move(&self, text: &str) -> Option<SeegaMove> {
        text.parse::<SeegaMove>().ok()
    }

    fn move_error(&self, text: &str) -> String {
        text.parse::<SeegaMove>().err().map_or_else(
            || format!("`{text}` is not a move"),
            |error| error.to_string(),
        )
    }

    fn play(&mut self, played: SeegaMove) -> Result<Played, SeegaRefusal> {
        self.position
            .play(played)
            .map(|outcome| Played {
                captured: outcome.captured.len(),
            })
            .map_err(SeegaRefusal)
    }

    fn play_anyway(&mut self, played: SeegaMove) -> Result<Played, SeegaRefusal> {
        self.position
            .play_anyway(played)
            .map(|outcome| Played {
                captured: outcome.captured.len(),
            })
            .map_err(SeegaRefusal)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.position.game_over().map(outcome)
    }

    fn declared_end(&self, rule: RuleId) -> Result<Outcome, String> {
        self.position
            .declared_end(rule)
            .map(outcome)
            .map_err(|error| error.to_string())
    }

    fn termination_rule(&self, word: &str) -> Option<RuleId> {
        match word.trim().to_ascii_lowercase().as_str() {
            "no-capture" | "grande" => Some(RuleId::SeegaEndNoCapture),
            "barrier" | "petite" => Some(RuleId::SeegaEndBarrier),
            "wipeout" | "total" => Some(RuleId::SeegaEndWipeout),
            "blocked" => Some(RuleId::SeegaEndBlocked),
            _ => None,
        }
    }

    fn position(&self) -> AnyPosition {
        AnyPosition::Seega(self.position)
    }
}

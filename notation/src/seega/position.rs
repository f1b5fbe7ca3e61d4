//! A Seega position: who stands where, whose turn, the pieces still in
//! hand and those taken.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::board::{Square, SquareSet};
use crate::i18n::Message;
use crate::msg;
use crate::side::{Score, Side};

/// Pieces each player owns at the start of a game.
pub const PIECES_PER_SIDE: u32 = 12;

/// The two phases of a game (`seega.place`, then `seega.move`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Pieces are placed two at a time (`seega.place`).
    Placement,
    /// Pieces step and capture (`seega.move`).
    Movement,
}

impl Phase {
    /// `placement` or `movement`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Phase::Placement => "placement",
            Phase::Movement => "movement",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text names no phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsePhaseError(pub String);

impl ParsePhaseError {
    /// What is wrong, as a message of the catalogue.
    #[must_use]
    pub fn message(&self) -> Message {
        msg!("seega-not-a-phase", text = self.0.as_str())
    }
}

/// In English.
impl fmt::Display for ParsePhaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for ParsePhaseError {}

impl FromStr for Phase {
    type Err = ParsePhaseError;

    fn from_str(s: &str) -> Result<Phase, ParsePhaseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            // The French words are those the French diagram writes.
            "placement" | "place" | "p" | "pose" => Ok(Phase::Placement),
            "movement" | "move" | "m" | "déplacement" | "deplacement" | "déplacements"
            | "deplacements" => Ok(Phase::Movement),
            _ => Err(ParsePhaseError(s.to_owned())),
        }
    }
}

/// The raw parts of a position, checked by [`SeegaPosition::from_setup`].
///
/// ```
/// use songo_notation::seega::{SeegaPosition, SeegaSetup, Square};
/// use songo_notation::{Score, Side};
/// let mut setup = SeegaSetup::default();
/// setup.south.insert("a1".parse().unwrap());
/// setup.north.insert("e5".parse().unwrap());
/// let position = SeegaPosition::from_setup(setup).unwrap();
/// assert_eq!(position.pieces_on_board(), Score::new(1, 1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeegaSetup {
    /// South's pieces on the board.
    pub south: SquareSet,
    /// North's pieces on the board.
    pub north: SquareSet,
    /// The side to move.
    pub to_move: Side,
    /// Pieces each side still has to place.
    pub in_hand: Score,
    /// Pieces each side has taken (`captured.south` is North pieces South took).
    pub captured: Score,
    /// The side not to move has just passed (`seega.blocked`): the side to
    /// move must unblock it (`seega.blocked.unblock`).
    pub passed: bool,
}

/// An empty board in the movement phase, South to move.
impl Default for SeegaSetup {
    fn default() -> SeegaSetup {
        SeegaSetup {
            south: SquareSet::EMPTY,
            north: SquareSet::EMPTY,
            to_move: Side::South,
            in_hand: Score::new(0, 0),
            captured: Score::new(0, 0),
            passed: false,
        }
    }
}

/// Why a set of parts is not a position the engine can play from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeegaPositionError {
    /// A square holds pieces of both sides.
    Overlap(Square),
    /// A side owns more than 12 pieces, counting those on the board, in
    /// hand, and taken by the opponent.
    TooManyPieces {
        /// The side.
        side: Side,
        /// Its pieces on the board, in hand and taken.
        total: u64,
    },
    /// Pieces are placed two at a time, so a hand holds an even number.
    OddHand(Side),
    /// The placement phase, but the side to move has nothing to place.
    EmptyHand(Side),
    /// Pieces taken while pieces are still in hand: no capture happens in
    /// the placement phase.
    CaptureInPlacement,
    /// A pass marked in the placement phase, where nobody passes.
    PassInPlacement,
}

impl SeegaPositionError {
    /// What is wrong, as a message of the catalogue.
    #[must_use]
    pub fn message(&self) -> Message {
        match *self {
            SeegaPositionError::Overlap(square) => {
                msg!("seega-position-overlap", square = square.to_string())
            }
            SeegaPositionError::TooManyPieces { side, total } => msg!(
                "seega-position-too-many-pieces",
                side = side.as_str(),
                opponent = side.opposite().as_str(),
                total = total,
                most = PIECES_PER_SIDE
            ),
            SeegaPositionError::OddHand(side) => {
                msg!("seega-position-odd-hand", side = side.as_str())
            }
            SeegaPositionError::EmptyHand(side) => {
                msg!("seega-position-empty-hand", side = side.as_str())
            }
            SeegaPositionError::CaptureInPlacement => msg!("seega-position-capture-in-placement"),
            SeegaPositionError::PassInPlacement => msg!("seega-position-pass-in-placement"),
        }
    }
}

/// In English.
impl fmt::Display for SeegaPositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for SeegaPositionError {}

/// A position of Seega: both sides' pieces as bitboards, the side to move,
/// pieces in hand and taken, and whether the last turn was a pass.
///
/// The phase follows from the hands: placement while any piece is in hand.
///
/// ```
/// use songo_notation::seega::{Phase, SeegaPosition};
/// use songo_notation::{Score, Side};
/// let start = SeegaPosition::start(Side::South);
/// assert_eq!(start.phase(), Phase::Placement);
/// assert_eq!(start.in_hand(), Score::new(12, 12));
/// assert_eq!(start.to_string(), "seega:...../...../...../...../.....:S:placement:12-12:0-0");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeegaPosition {
    pub(crate) pieces: [SquareSet; 2],
    pub(crate) to_move: Side,
    pub(crate) in_hand: Score,
    pub(crate) captured: Score,
    pub(crate) passed: bool,
}

impl SeegaPosition {
    /// The start of a game: an empty board, 12 pieces in each hand, `first`
    /// to place (who places first is agreed by the players; South by default).
    #[must_use]
    pub const fn start(first: Side) -> SeegaPosition {
        SeegaPosition {
            pieces: [SquareSet::EMPTY; 2],
            to_move: first,
            in_hand: Score::new(PIECES_PER_SIDE, PIECES_PER_SIDE),
            captured: Score::new(0, 0),
            passed: false,
        }
    }

    /// Checks the parts of a position.
    ///
    /// Partial boards are allowed (teaching diagrams show a few pieces), but
    /// not more than 12 pieces a side, odd hands, or a placement phase the
    /// side to move cannot play.
    ///
    /// # Errors
    /// A [`SeegaPositionError`] saying what is impossible.
    pub fn from_setup(setup: SeegaSetup) -> Result<SeegaPosition, SeegaPositionError> {
        if let Some(square) = (setup.south & setup.north).first() {
            return Err(SeegaPositionError::Overlap(square));
        }
        let position = SeegaPosition {
            pieces: [setup.south, setup.north],
            to_move: setup.to_move,
            in_hand: setup.in_hand,
            captured: setup.captured,
            passed: setup.passed,
        };
        for side in Side::BOTH {
            let total = u64::from(position.pieces[side.index()].len())
                + u64::from(setup.in_hand[side])
                + u64::from(setup.captured[side.opposite()]);
            if total > u64::from(PIECES_PER_SIDE) {
                return Err(SeegaPositionError::TooManyPieces { side, total });
            }
            if setup.in_hand[side] % 2 == 1 {
                return Err(SeegaPositionError::OddHand(side));
            }
        }
        if position.phase() == Phase::Placement {
            if setup.in_hand[setup.to_move] == 0 {
                return Err(SeegaPositionError::EmptyHand(setup.to_move));
            }
            if setup.captured != Score::default() {
                return Err(SeegaPositionError::CaptureInPlacement);
            }
            if setup.passed {
                return Err(SeegaPositionError::PassInPlacement);
            }
        }
        Ok(position)
    }

    /// The parts of the position.
    #[must_use]
    pub const fn setup(&self) -> SeegaSetup {
        SeegaSetup {
            south: self.pieces[0],
            north: self.pieces[1],
            to_move: self.to_move,
            in_hand: self.in_hand,
            captured: self.captured,
            passed: self.passed,
        }
    }

    /// The side to move.
    #[must_use]
    pub const fn to_move(&self) -> Side {
        self.to_move
    }

    /// Placement while any piece is in hand, movement after.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        if self.in_hand.south == 0 && self.in_hand.north == 0 {
            Phase::Movement
        } else {
            Phase::Placement
        }
    }

    /// One side's pieces on the board.
    #[must_use]
    pub const fn pieces(&self, side: Side) -> SquareSet {
        self.pieces[side.index()]
    }

    /// The squares holding a piece.
    #[must_use]
    pub const fn occupied(&self) -> SquareSet {
        SquareSet::from_bits(self.pieces[0].bits() | self.pieces[1].bits())
    }

    /// The empty squares.
    #[must_use]
    pub const fn empty(&self) -> SquareSet {
        SquareSet::from_bits(!self.occupied().bits())
    }

    /// Whose piece stands on `square`, if any.
    #[must_use]
    pub const fn piece_at(&self, square: Square) -> Option<Side> {
        if self.pieces[0].contains(square) {
            Some(Side::South)
        } else if self.pieces[1].contains(square) {
            Some(Side::North)
        } else {
            None
        }
    }

    /// Pieces still to place.
    #[must_use]
    pub const fn in_hand(&self) -> Score {
        self.in_hand
    }

    /// Pieces taken: `captured().south` is the North pieces South took.
    #[must_use]
    pub const fn captured(&self) -> Score {
        self.captured
    }

    /// Pieces on the board, per side: the score a finished game is decided by.
    #[must_use]
    pub const fn pieces_on_board(&self) -> Score {
        Score::new(self.pieces[0].len(), self.pieces[1].len())
    }

    /// Whether the side not to move has just passed (`seega.blocked`), so
    /// that the side to move must unblock it (`seega.blocked.unblock`).
    #[must_use]
    pub const fn passed(&self) -> bool {
        self.passed
    }

    /// The same position with another side to move (and no pending pass).
    ///
    /// # Errors
    /// In the placement phase, when that side has nothing in hand.
    pub fn with_to_move(self, side: Side) -> Result<SeegaPosition, SeegaPositionError> {
        let mut setup = self.setup();
        setup.to_move = side;
        setup.passed = false;
        SeegaPosition::from_setup(setup)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn impossible_setups_are_refused_with_a_reason() {
        let mut overlap = SeegaSetup::default();
        overlap.south.insert(square("b2"));
        overlap.north.insert(square("b2"));
        assert_eq!(
            SeegaPosition::from_setup(overlap),
            Err(SeegaPositionError::Overlap(square("b2")))
        );
        let too_many = SeegaSetup {
            south: SquareSet::FULL,
            ..SeegaSetup::default()
        };
        assert!(matches!(
            SeegaPosition::from_setup(too_many),
            Err(SeegaPositionError::TooManyPieces {
                side: Side::South,
                total: 25
            })
        ));
        let odd = SeegaSetup {
            in_hand: Score::new(3, 4),
            ..SeegaSetup::default()
        };
        assert_eq!(
            SeegaPosition::from_setup(odd),
            Err(SeegaPositionError::OddHand(Side::South))
        );
        let empty_hand = SeegaSetup {
            in_hand: Score::new(0, 2),
            ..SeegaSetup::default()
        };
        assert_eq!(
            SeegaPosition::from_setup(empty_hand),
            Err(SeegaPositionError::EmptyHand(Side::South))
        );
        let taken = SeegaSetup {
            in_hand: Score::new(2, 2),
            captured: Score::new(1, 0),
            ..SeegaSetup::default()
        };
        assert_eq!(
            SeegaPosition::from_setup(taken),
            Err(SeegaPositionError::CaptureInPlacement)
        );
    }

    #[test]
    fn the_phase_follows_the_hands() {
        let start = SeegaPosition::start(Side::North);
        assert_eq!(start.phase(), Phase::Placement);
        assert_eq!(start.to_move(), Side::North);
        let done = SeegaPosition::from_setup(SeegaSetup::default()).unwrap();
        assert_eq!(done.phase(), Phase::Movement);
    }
}

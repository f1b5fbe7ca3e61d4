//! Seega moves: a placement of two pieces, a step, or a pass; their
//! notation; and the list of legal moves.
//!
//! | move | written | rule |
//! |---|---|---|
//! | place two pieces | `a1,b2` | `seega.place` |
//! | step one square | `b3-c3` | `seega.move` |
//! | pass | `pass` (or `--` on input) | `seega.blocked` |
//!
//! A capture may be claimed after the move as in the sowing games:
//! `b3-c3+2` (see [`ClaimedMove`]).

use std::fmt;
use std::str::FromStr;

use super::board::{Square, SquareSet};
use crate::i18n::Message;
use crate::msg;

/// One turn of Seega.
///
/// ```
/// use songo_notation::seega::SeegaMove;
/// let place: SeegaMove = "b2,a1".parse().unwrap();
/// assert_eq!(place.to_string(), "a1,b2"); // the lower square first
/// let step: SeegaMove = "B3-c3".parse().unwrap();
/// assert_eq!(step.to_string(), "b3-c3");
/// assert_eq!("--".parse::<SeegaMove>().unwrap(), SeegaMove::Pass);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SeegaMove {
    /// Two pieces from hand onto two empty squares (`seega.place`). Built
    /// with [`SeegaMove::place`], the lower square (`a1` < `b1` < `a2`) first.
    Place(Square, Square),
    /// One piece one square orthogonally (`seega.move`): from, to.
    Step(Square, Square),
    /// No move: the player is blocked (`seega.blocked`).
    Pass,
}

impl SeegaMove {
    /// A placement, its squares in canonical order.
    #[must_use]
    pub fn place(a: Square, b: Square) -> SeegaMove {
        SeegaMove::Place(a.min(b), a.max(b))
    }

    /// The same move in canonical form (placement squares ordered).
    #[must_use]
    pub fn canonical(self) -> SeegaMove {
        match self {
            SeegaMove::Place(a, b) => SeegaMove::place(a, b),
            other => other,
        }
    }

    /// The square a step lands on, or the placed squares.
    #[must_use]
    pub fn destinations(self) -> SquareSet {
        match self {
            SeegaMove::Place(a, b) => a.set() | b.set(),
            SeegaMove::Step(_, to) => to.set(),
            SeegaMove::Pass => SquareSet::EMPTY,
        }
    }
}

impl fmt::Display for SeegaMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.canonical() {
            SeegaMove::Place(a, b) => write!(f, "{a},{b}"),
            SeegaMove::Step(from, to) => write!(f, "{from}-{to}"),
            SeegaMove::Pass => f.write_str("pass"),
        }
    }
}

/// A text that is not a Seega move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The text given.
    pub text: String,
}

impl ParseMoveError {
    /// What is wrong, as a message of the catalogue.
    #[must_use]
    pub fn message(&self) -> Message {
        msg!("seega-not-a-move", text = self.text.as_str())
    }
}

/// In English.
impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for SeegaMove {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<SeegaMove, ParseMoveError> {
        let error = || ParseMoveError { text: s.to_owned() };
        let text = s.trim();
        if text.eq_ignore_ascii_case("pass") || text == "--" {
            return Ok(SeegaMove::Pass);
        }
        let square = |t: &str| t.trim().parse::<Square>().map_err(|_| error());
        if let Some((a, b)) = text.split_once(',') {
            return Ok(SeegaMove::place(square(a)?, square(b)?));
        }
        if let Some((from, to)) = text.split_once('-') {
            return Ok(SeegaMove::Step(square(from)?, square(to)?));
        }
        Err(error())
    }
}

/// A move with the capture its writer claims, `b3-c3+2`, as records write it.
///
/// ```
/// use songo_notation::seega::{ClaimedMove, SeegaMove};
/// let claimed: ClaimedMove = "b3-c3+2".parse().unwrap();
/// assert_eq!(claimed.claim, Some(2));
/// assert_eq!(claimed.played, "b3-c3".parse::<SeegaMove>().unwrap());
/// assert_eq!(claimed.to_string(), "b3-c3+2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClaimedMove {
    /// The move.
    pub played: SeegaMove,
    /// The pieces it claims to capture, if written.
    pub claim: Option<u32>,
}

impl fmt::Display for ClaimedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.played)?;
        if let Some(claim) = self.claim {
            write!(f, "+{claim}")?;
        }
        Ok(())
    }
}

impl FromStr for ClaimedMove {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<ClaimedMove, ParseMoveError> {
        let text = s.trim();
        match text.rsplit_once('+') {
            Some((played, claim))
                if !claim.is_empty() && claim.bytes().all(|b| b.is_ascii_digit()) =>
            {
                Ok(ClaimedMove {
                    played: played
                        .parse()
                        .map_err(|_| ParseMoveError { text: s.to_owned() })?,
                    claim: Some(
                        claim
                            .parse()
                            .map_err(|_| ParseMoveError { text: s.to_owned() })?,
                    ),
                })
            }
            _ => Ok(ClaimedMove {
                played: text.parse()?,
                claim: None,
            }),
        }
    }
}

/// The most steps a side can have: one per edge of the 5×5 grid.
pub(crate) const MAX_STEPS: usize = 40;

/// The legal moves of a position, without allocating.
///
/// In the placement phase any two of [`placement_squares`] make a legal
/// move; in the movement phase the steps are listed; a blocked player's
/// only move is the pass.
///
/// [`placement_squares`]: SeegaMoveList::placement_squares
///
/// ```
/// use songo_notation::seega::SeegaPosition;
/// use songo_notation::Side;
/// let moves = SeegaPosition::start(Side::South).legal_moves();
/// assert_eq!(moves.len(), 24 * 23 / 2); // any two squares but c3
/// assert!(moves.contains("a1,e5".parse().unwrap()));
/// assert!(!moves.contains("a1,c3".parse().unwrap()));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeegaMoveList {
    pub(crate) placements: SquareSet,
    pub(crate) steps: [SeegaMove; MAX_STEPS],
    pub(crate) len: u8,
    pub(crate) pass: bool,
}

impl SeegaMoveList {
    pub(crate) const EMPTY: SeegaMoveList = SeegaMoveList {
        placements: SquareSet::EMPTY,
        steps: [SeegaMove::Pass; MAX_STEPS],
        len: 0,
        pass: false,
    };

    pub(crate) fn push_step(&mut self, step: SeegaMove) {
        // Bounded by the grid's 40 edges: one step per (piece, empty) pair.
        if let Some(slot) = self.steps.get_mut(usize::from(self.len)) {
            *slot = step;
            self.len += 1;
        }
    }

    /// The squares any two of which make a legal placement (empty in the
    /// movement phase).
    #[must_use]
    pub const fn placement_squares(&self) -> SquareSet {
        self.placements
    }

    /// The legal steps (empty in the placement phase).
    #[must_use]
    pub fn steps(&self) -> &[SeegaMove] {
        &self.steps[..usize::from(self.len)]
    }

    /// Whether the one move is a pass.
    #[must_use]
    pub const fn is_pass(&self) -> bool {
        self.pass
    }

    /// How many moves.
    #[must_use]
    pub fn len(&self) -> usize {
        let n = self.placements.len() as usize;
        n * n.saturating_sub(1) / 2 + usize::from(self.len) + usize::from(self.pass)
    }

    /// Whether there is no move.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether a move is legal (placements in either order).
    #[must_use]
    pub fn contains(&self, candidate: SeegaMove) -> bool {
        match candidate {
            SeegaMove::Place(a, b) => {
                a != b && self.placements.contains(a) && self.placements.contains(b)
            }
            SeegaMove::Step(..) => self.steps().contains(&candidate),
            SeegaMove::Pass => self.pass,
        }
    }

    /// The move at `index` in the order of [`SeegaMoveList::iter`], found
    /// without walking the placements one by one.
    ///
    /// ```
    /// use songo_notation::seega::SeegaPosition;
    /// use songo_notation::Side;
    /// let moves = SeegaPosition::start(Side::South).legal_moves();
    /// for (index, listed) in moves.iter().enumerate() {
    ///     assert_eq!(moves.get(index), Some(listed));
    /// }
    /// assert_eq!(moves.get(moves.len()), None);
    /// ```
    #[must_use]
    pub fn get(&self, index: usize) -> Option<SeegaMove> {
        let squares = self.placements;
        let n = squares.len() as usize;
        let mut rest = index;
        for (i, a) in squares.iter().enumerate() {
            let later = n - 1 - i;
            if rest < later {
                let b = squares.iter().nth(i + 1 + rest)?;
                return Some(SeegaMove::Place(a, b));
            }
            rest -= later;
        }
        if let Some(step) = self.steps().get(rest) {
            return Some(*step);
        }
        (self.pass && rest == usize::from(self.len)).then_some(SeegaMove::Pass)
    }

    /// The moves: placements in square order, then steps, then the pass.
    pub fn iter(&self) -> impl Iterator<Item = SeegaMove> + '_ {
        let squares = self.placements;
        let placements = squares.iter().flat_map(move |a| {
            squares
                .iter()
                .filter(move |&b| b > a)
                .map(move |b| SeegaMove::Place(a, b))
        });
        placements
            .chain(self.steps().iter().copied())
            .chain(self.pass.then_some(SeegaMove::Pass))
    }
}

/// The moves separated by spaces.
impl fmt::Display for SeegaMoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, played) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{played}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_back_their_canonical_spelling() {
        for text in ["a1,b2", "b3-c3", "pass", "e5,a1", "PASS", "--", " c2 - c3 "] {
            let played: SeegaMove = text.parse().unwrap();
            let canonical = played.to_string();
            assert_eq!(canonical.parse::<SeegaMove>().unwrap(), played, "{text}");
        }
        assert_eq!("e5,a1".parse::<SeegaMove>().unwrap().to_string(), "a1,e5");
    }

    #[test]
    fn bad_moves_say_how_to_write_one() {
        for bad in [
            "", "a1", "a1,f2", "a1-a9", "pas", "a1,b2,c3", "+2", "b3-c3+",
        ] {
            let error = bad.parse::<ClaimedMove>().unwrap_err();
            assert!(error.to_string().contains("write a placement"), "{bad}");
        }
    }

    #[test]
    fn a_claim_follows_any_move() {
        let claimed: ClaimedMove = "pass+0".parse().unwrap();
        assert_eq!(claimed.played, SeegaMove::Pass);
        assert_eq!(claimed.claim, Some(0));
        let bare: ClaimedMove = "a1,b2".parse().unwrap();
        assert_eq!(bare.claim, None);
    }
}

//! The conventions a notation is written in: today only the Awalé letter
//! case. A small value passed along with moves to read or name; Seega and
//! Songo ignore it.

use crate::side::Side;

/// Which camp an Awalé record writes in capital letters.
///
/// The comptoir text (and the default) writes South `A`..`F`; the
/// casabianca text writes North in capitals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum LetterCase {
    /// South `A`..`F`, North `a`..`f` (default).
    #[default]
    SouthUpper,
    /// North `A`..`F`, South `a`..`f`.
    NorthUpper,
}

impl LetterCase {
    /// The side written in capitals.
    #[must_use]
    pub const fn upper_side(self) -> Side {
        match self {
            LetterCase::SouthUpper => Side::South,
            LetterCase::NorthUpper => Side::North,
        }
    }
}

/// How moves are written, beyond the notation itself: passed along to read
/// and name moves ([`crate::GamePosition::parse_move`],
/// [`crate::GamePosition::move_name`]). The default is the canonical spelling.
///
/// ```
/// use songo_notation::{Conventions, LetterCase};
/// assert_eq!(Conventions::default().letters, LetterCase::SouthUpper);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Conventions {
    /// Which camp Awalé letters write in capitals.
    pub letters: LetterCase,
}

impl Conventions {
    /// The canonical spelling.
    pub const CANONICAL: Conventions = Conventions {
        letters: LetterCase::SouthUpper,
    };

    /// Awalé letters in `letters`.
    #[must_use]
    pub const fn with_letters(letters: LetterCase) -> Conventions {
        Conventions { letters }
    }
}

impl From<LetterCase> for Conventions {
    fn from(letters: LetterCase) -> Conventions {
        Conventions { letters }
    }
}

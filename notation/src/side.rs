//! The two players.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::i18n::Message;
use crate::msg;

/// A player, named after the camp they sit behind.
///
/// South sits at the bottom of every diagram, North at the top.
///
/// ```
/// use songo_notation::Side;
/// assert_eq!(Side::South.opposite(), Side::North);
/// assert_eq!("north".parse::<Side>(), Ok(Side::North));
/// assert_eq!(Side::South.to_string(), "south");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The player at the bottom of the diagrams.
    South = 0,
    /// The player at the top of the diagrams.
    North = 1,
}

impl Side {
    /// Both sides, South first (the order of scores and stores).
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    #[must_use]
    pub const fn opposite(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the index into per-side arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side's name in lower case (`south`, `north`).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// The side's name as a sentence writes it (`South`, `North`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }

    /// The side's initial as used in house names and compact notation (`S`, `N`).
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text given to [`Side::from_str`] names no side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSideError(pub String);

impl ParseSideError {
    /// What is wrong, as a message of the catalogue.
    #[must_use]
    pub fn message(&self) -> Message {
        msg!("side-unknown", text = self.0.as_str())
    }
}

/// In English.
impl fmt::Display for ParseSideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for ParseSideError {}

impl FromStr for Side {
    type Err = ParseSideError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "south" | "s" | "sud" => Ok(Side::South),
            "north" | "n" | "nord" => Ok(Side::North),
            _ => Err(ParseSideError(s.to_owned())),
        }
    }
}

/// A pair of numbers, one per side: stores, scores, pieces in hand.
///
/// ```
/// use songo_notation::{Score, Side};
/// let score = Score { south: 41, north: 29 };
/// assert_eq!(score[Side::South], 41);
/// assert_eq!(score.to_string(), "41-29");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Score {
    /// South's number.
    #[serde(default)]
    pub south: u32,
    /// North's number.
    #[serde(default)]
    pub north: u32,
}

impl Score {
    /// Builds a pair from South's and North's numbers.
    #[must_use]
    pub const fn new(south: u32, north: u32) -> Score {
        Score { south, north }
    }

    /// The side with the larger number, `None` when they are equal.
    #[must_use]
    pub fn leader(self) -> Option<Side> {
        match self.south.cmp(&self.north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        }
    }
}

impl std::ops::Index<Side> for Score {
    type Output = u32;
    fn index(&self, side: Side) -> &u32 {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

impl std::ops::IndexMut<Side> for Score {
    fn index_mut(&mut self, side: Side) -> &mut u32 {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }
}

/// `S-N`, South first, as in a record's `Result` tag.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.south, self.north)
    }
}

//! The 5×5 board: squares, directions and sets of squares as bitboards.
//!
//! Square `a1` is bit 0, `b1` bit 1, …, `e1` bit 4, `a2` bit 5, …, `e5`
//! bit 24: a whole board fits a `u32`, and the engine's geometry is a few
//! shifts and masks.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};
use std::str::FromStr;

use crate::i18n::Message;
use crate::msg;

/// A square of the Seega board, `a1`..`e5` (files a–e left to right, ranks
/// 1–5 bottom to top, seen from South).
///
/// ```
/// use songo_notation::seega::Square;
/// let c3: Square = "c3".parse().unwrap();
/// assert_eq!(c3, Square::CENTRE);
/// assert_eq!((c3.file(), c3.rank()), (2, 2));
/// assert_eq!(Square::new(4, 0).unwrap().to_string(), "e1");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The centre, `c3`: never placed on (`seega.place.centre`), and a
    /// stronghold (`seega.capture.stronghold`).
    pub const CENTRE: Square = Square(12);

    /// Squares on the board.
    pub const COUNT: usize = 25;

    /// The square on file `file` (0 = a) and rank `rank` (0 = rank 1).
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 5 && rank < 5 {
            Some(Square(rank * 5 + file))
        } else {
            None
        }
    }

    /// The square of bit `index` (0..25).
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Square> {
        if (index as usize) < Square::COUNT {
            Some(Square(index))
        } else {
            None
        }
    }

    /// Its bit index, 0 (`a1`) to 24 (`e5`).
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its file, 0 (`a`) to 4 (`e`).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 5
    }

    /// Its rank, 0 (rank 1) to 4 (rank 5).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / 5
    }

    /// The set holding only this square.
    #[must_use]
    pub const fn set(self) -> SquareSet {
        SquareSet(1 << self.0)
    }

    /// The square one step away in `direction`, if it is on the board.
    #[must_use]
    pub const fn step(self, direction: Direction) -> Option<Square> {
        let (file, rank) = (self.file() as i8, self.rank() as i8);
        let (df, dr) = direction.delta();
        let (file, rank) = (file + df, rank + dr);
        if file < 0 || rank < 0 {
            return None;
        }
        Square::new(file as u8, rank as u8)
    }

    /// Whether `other` is one orthogonal step away.
    #[must_use]
    pub const fn is_next_to(self, other: Square) -> bool {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        df + dr == 1
    }

    /// Every square, `a1`, `b1`, … `e5`.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + Clone {
        (0..Square::COUNT as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

/// The text is not a square name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl ParseSquareError {
    /// What is wrong, as a message of the catalogue.
    #[must_use]
    pub fn message(&self) -> Message {
        msg!("seega-not-a-square", text = self.0.as_str())
    }
}

/// In English.
impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `a1`..`e5`, capital files accepted.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let error = || ParseSquareError(s.to_owned());
        let [file, rank] = s.as_bytes() else {
            return Err(error());
        };
        let file = file.to_ascii_lowercase().wrapping_sub(b'a');
        let rank = rank.wrapping_sub(b'1');
        Square::new(file, rank).ok_or_else(error)
    }
}

/// One of the four orthogonal directions (there are no diagonal moves).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards rank 5.
    North,
    /// Towards file e.
    East,
    /// Towards rank 1.
    South,
    /// Towards file a.
    West,
}

impl Direction {
    /// The four directions.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// (file, rank) change of one step.
    const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
        }
    }
}

/// A set of squares as a bitboard (bit `n` is [`Square::from_index`]`(n)`).
///
/// ```
/// use songo_notation::seega::{Square, SquareSet};
/// let set: SquareSet = ["a1", "c3"].iter().map(|s| s.parse::<Square>().unwrap()).collect();
/// assert_eq!(set.len(), 2);
/// assert!(set.contains(Square::CENTRE));
/// assert_eq!(set.neighbours().len(), 2 + 4);
/// assert_eq!(set.to_string(), "a1 c3");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(u32);

const FILE_A: u32 = 0b00001_00001_00001_00001_00001;
const FILE_E: u32 = FILE_A << 4;

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet(0);
    /// Every square of the board.
    pub const FULL: SquareSet = SquareSet((1 << 25) - 1);

    /// The set of the bits of `bits` (bits above 24 are dropped).
    #[must_use]
    pub const fn from_bits(bits: u32) -> SquareSet {
        SquareSet(bits & SquareSet::FULL.0)
    }

    /// The bits, `a1` in bit 0.
    #[must_use]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether the set holds `square`.
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.0) != 0
    }

    /// Adds a square.
    pub fn insert(&mut self, square: Square) {
        self.0 |= 1 << square.0;
    }

    /// Removes a square.
    pub fn remove(&mut self, square: Square) {
        self.0 &= !(1 << square.0);
    }

    /// How many squares.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest square of the set.
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    /// Every square moved one step in `direction`; squares that would leave
    /// the board are dropped.
    #[must_use]
    pub const fn shift(self, direction: Direction) -> SquareSet {
        SquareSet(match direction {
            Direction::North => (self.0 << 5) & SquareSet::FULL.0,
            Direction::South => self.0 >> 5,
            Direction::East => (self.0 & !FILE_E) << 1,
            Direction::West => (self.0 & !FILE_A) >> 1,
        })
    }

    /// The squares one orthogonal step from a square of the set.
    #[must_use]
    pub const fn neighbours(self) -> SquareSet {
        SquareSet(
            self.shift(Direction::North).0
                | self.shift(Direction::South).0
                | self.shift(Direction::East).0
                | self.shift(Direction::West).0,
        )
    }

    /// The squares of the set, `a1` first.
    #[must_use]
    pub const fn iter(self) -> SquareIter {
        SquareIter(self.0)
    }
}

/// The squares of a [`SquareSet`], lowest first.
#[derive(Debug, Clone)]
pub struct SquareIter(u32);

impl Iterator for SquareIter {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareIter {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareIter;
    fn into_iter(self) -> SquareIter {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for square in iter {
            set.insert(square);
        }
        set
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for SquareSet {
    fn bitor_assign(&mut self, rhs: SquareSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & rhs.0)
    }
}

impl BitAndAssign for SquareSet {
    fn bitand_assign(&mut self, rhs: SquareSet) {
        self.0 &= rhs.0;
    }
}

/// The squares of the board not in the set.
impl Not for SquareSet {
    type Output = SquareSet;
    fn not(self) -> SquareSet {
        SquareSet(!self.0 & SquareSet::FULL.0)
    }
}

/// The square names separated by spaces, `a1` first.
impl fmt::Display for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, square) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{square}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_agree_with_single_steps() {
        for square in Square::all() {
            for direction in Direction::ALL {
                let shifted = square.set().shift(direction);
                assert_eq!(
                    shifted.first(),
                    square.step(direction),
                    "{square} {direction:?}"
                );
                assert!(shifted.len() <= 1);
            }
        }
    }

    #[test]
    fn every_square_reads_back_its_name() {
        for square in Square::all() {
            assert_eq!(square.to_string().parse::<Square>(), Ok(square));
        }
        for bad in ["", "c", "f1", "a0", "a6", "c33", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn corners_have_two_neighbours_and_the_centre_four() {
        let corner: Square = "a1".parse().unwrap();
        assert_eq!(corner.set().neighbours().to_string(), "b1 a2");
        assert_eq!(Square::CENTRE.set().neighbours().to_string(), "c2 b3 d3 c4");
        assert_eq!((!SquareSet::EMPTY), SquareSet::FULL);
    }
}

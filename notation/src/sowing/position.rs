//! Positions of the sowing games (Songo, Awalé, oware) and house names.

use std::fmt;

use crate::conventions::LetterCase;
use crate::error::ParseError;
use crate::i18n::Message;
use crate::msg;
use crate::ruleset::{BoardGame, Ruleset};
use crate::side::{Score, Side};

use crate::sowing::houses::{BOARD, Pits};

/// A house of a sowing board: the side that owns it and its index in the camp.
///
/// The index is the one of the notation: Songo `N0`..`N6` / `S0`..`S6`,
/// Awalé letters `a`..`f` as 0..5 (each camp's sowing order).
///
/// ```
/// use songo_notation::{House, Ruleset, Side};
/// let house = House::parse("S2", Ruleset::Songo).unwrap();
/// assert_eq!(house, House::new(Side::South, 2));
/// assert_eq!(house.name(Ruleset::Songo).to_string(), "S2");
/// // Awalé: South in capitals, North in small letters (the default).
/// let e = House::parse("e", Ruleset::Awale).unwrap();
/// assert_eq!(e, House::new(Side::North, 4));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct House {
    /// The camp the house belongs to.
    pub side: Side,
    /// Its index in the camp, as written in the notation.
    pub index: u8,
}

/// A house name that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseHouseError {
    /// The text that was given.
    pub text: String,
    /// The ruleset it was read for.
    pub rules: Ruleset,
}

impl ParseHouseError {
    /// What is wrong, as a message of the catalogue.
    #[must_use]
    pub fn message(&self) -> Message {
        let text = self.text.as_str();
        match self.rules.board_game() {
            BoardGame::Songo => msg!("house-not-songo", text = text),
            BoardGame::Awale => msg!("house-not-awale", text = text),
            BoardGame::Seega => msg!("house-in-seega", text = text),
        }
    }
}

/// In English.
impl fmt::Display for ParseHouseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for ParseHouseError {}

impl House {
    /// A house from its side and notation index.
    #[must_use]
    pub const fn new(side: Side, index: u8) -> House {
        House { side, index }
    }

    /// Reads a house name for a ruleset (Awalé letters in the default case).
    ///
    /// # Errors
    /// When the text is not a house of that ruleset.
    pub fn parse(text: &str, rules: Ruleset) -> Result<House, ParseHouseError> {
        House::parse_with_case(text, rules, LetterCase::default())
    }

    /// Reads a house name, with the Awalé letter case given.
    ///
    /// # Errors
    /// When the text is not a house of that ruleset.
    pub fn parse_with_case(
        text: &str,
        rules: Ruleset,
        letters: LetterCase,
    ) -> Result<House, ParseHouseError> {
        let error = || ParseHouseError {
            text: text.to_owned(),
            rules,
        };
        let bytes = text.as_bytes();
        match rules.board_game() {
            BoardGame::Songo => {
                let [side, digit] = bytes else {
                    return Err(error());
                };
                let side = match side.to_ascii_uppercase() {
                    b'S' => Side::South,
                    b'N' => Side::North,
                    _ => return Err(error()),
                };
                match digit {
                    b'0'..=b'6' => Ok(House::new(side, digit - b'0')),
                    _ => Err(error()),
                }
            }
            BoardGame::Awale => {
                let [letter] = bytes else {
                    return Err(error());
                };
                let index = letter.to_ascii_lowercase().wrapping_sub(b'a');
                if index >= 6 {
                    return Err(error());
                }
                let upper = letters.upper_side();
                let side = if letter.is_ascii_uppercase() {
                    upper
                } else {
                    upper.opposite()
                };
                Ok(House::new(side, index))
            }
            BoardGame::Seega => Err(error()),
        }
    }

    /// The house's name in a ruleset's notation (default Awalé letter case).
    #[must_use]
    pub const fn name(self, rules: Ruleset) -> HouseName {
        self.name_with_case(rules, LetterCase::SouthUpper)
    }

    /// The house's name with the Awalé letter case given.
    #[must_use]
    pub const fn name_with_case(self, rules: Ruleset, letters: LetterCase) -> HouseName {
        HouseName {
            house: self,
            rules,
            letters,
        }
    }

    /// Position of the house in its camp's sowing order: 0 is the entry house.
    pub(crate) const fn camp_index(self, rules: Ruleset) -> usize {
        match (rules.board_game(), self.side) {
            // Songo's South camp is sown S6 → S0.
            (BoardGame::Songo, Side::South) => 6 - self.index as usize,
            _ => self.index as usize,
        }
    }

    /// Position of the house on the sowing cycle (South's camp first).
    pub(crate) const fn cycle_index(self, rules: Ruleset) -> usize {
        self.side.index() * rules.houses_per_side() + self.camp_index(rules)
    }

    /// [`House::camp_index`], read from a table rather than worked out
    /// from the ruleset: the search asks it of every move (`index` below 8).
    #[inline(always)]
    pub(crate) fn camp_at(self, rules: Ruleset) -> usize {
        usize::from(
            PLACES[rules as usize % RULESETS][self.side.index()][usize::from(self.index) % 8].0,
        )
    }

    /// [`House::cycle_index`], read from a table (`index` below 8): the
    /// sowing and the move ordering ask it of every move.
    #[inline(always)]
    pub(crate) fn cycle_at(self, rules: Ruleset) -> usize {
        usize::from(
            PLACES[rules as usize % RULESETS][self.side.index()][usize::from(self.index) % 8].1,
        )
    }

    /// The house at a position of the sowing cycle.
    pub(crate) const fn at_cycle(rules: Ruleset, cycle: usize) -> House {
        let width = rules.houses_per_side();
        let side = if cycle < width {
            Side::South
        } else {
            Side::North
        };
        let camp = cycle % width;
        let index = match (rules.board_game(), side) {
            (BoardGame::Songo, Side::South) => 6 - camp,
            _ => camp,
        };
        House::new(side, index as u8)
    }
}

const RULESETS: usize = Ruleset::ALL.len();

/// `PLACES[rules][side][index]`: the camp index and the cycle index of the
/// house `index` of `side` ([`House::camp_at`], [`House::cycle_at`]); an
/// index past the camp keeps its number.
static PLACES: [[[(u8, u8); 8]; 2]; RULESETS] = {
    let mut table = [[[(0, 0); 8]; 2]; RULESETS];
    let mut rules = 0;
    while rules < RULESETS {
        let ruleset = Ruleset::ALL[rules];
        let width = ruleset.houses_per_side();
        let mut side = 0;
        while side < 2 {
            let owner = if side == 0 { Side::South } else { Side::North };
            let mut index = 0;
            while index < 8 {
                let house = House::new(owner, index as u8);
                if index < width {
                    table[rules][side][index] = (
                        house.camp_index(ruleset) as u8,
                        house.cycle_index(ruleset) as u8,
                    );
                } else {
                    table[rules][side][index] = (index as u8, (side * width + index) as u8);
                }
                index += 1;
            }
            side += 1;
        }
        rules += 1;
    }
    table
};

// The table is indexed by `Ruleset as usize`.
const _: () = {
    let mut index = 0;
    while index < RULESETS {
        assert!(Ruleset::ALL[index] as usize == index);
        index += 1;
    }
};

/// A house name for display: `S2`, `N4`, `C`, `e`.
#[derive(Debug, Clone, Copy)]
pub struct HouseName {
    house: House,
    rules: Ruleset,
    letters: LetterCase,
}

impl fmt::Display for HouseName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let House { side, index } = self.house;
        match self.rules.board_game() {
            BoardGame::Awale => {
                let letter = char::from(b'a' + index);
                let letter = if side == self.letters.upper_side() {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                };
                write!(f, "{letter}")
            }
            _ => write!(f, "{}{}", side.letter(), index),
        }
    }
}

/// A camp's houses in notation order (`N0..N6`, `S0..S6`, `a..f`).
///
/// ```
/// use songo_notation::{Position, Ruleset, Side};
/// let start = Position::start(Ruleset::Awale);
/// assert_eq!(start.row(Side::North).as_slice(), &[4, 4, 4, 4, 4, 4]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    values: [u32; 7],
    len: u8,
}

impl Row {
    /// The counts, in notation order.
    #[must_use]
    pub fn as_slice(&self) -> &[u32] {
        &self.values[..usize::from(self.len)]
    }
}

impl std::ops::Deref for Row {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        self.as_slice()
    }
}

/// Why a position cannot be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// A row has the wrong number of houses for the ruleset.
    RowLength {
        /// The row.
        side: Side,
        /// How many houses it has.
        found: usize,
        /// The ruleset, which says how many it needs.
        rules: Ruleset,
    },
    /// More seeds than the engine counts (2³² − 1 in all).
    TooManySeeds {
        /// The total given.
        total: u64,
    },
    /// The ruleset is not a sowing game.
    NotSowing(Ruleset),
}

impl PositionError {
    /// What is wrong, as a message of the catalogue.
    #[must_use]
    pub fn message(&self) -> Message {
        match *self {
            PositionError::RowLength { side, found, rules } => msg!(
                "position-row-length",
                side = side.as_str(),
                found = found,
                rules = rules.id(),
                needed = rules.houses_per_side()
            ),
            PositionError::TooManySeeds { total } => {
                msg!("position-too-many-seeds", total = total, most = u32::MAX)
            }
            PositionError::NotSowing(rules) => msg!("position-not-sowing", rules = rules.id()),
        }
    }
}

impl PositionError {
    /// The error at byte `offset` of `text`, where a reader found the
    /// parts of a position that cannot be built, with the hint that fixes it.
    #[must_use]
    pub(crate) fn error_at(&self, text: &str, offset: usize) -> ParseError {
        let hint = match self {
            PositionError::RowLength { rules, .. } => {
                msg!("hint-counts-per-row", count = rules.houses_per_side())
            }
            PositionError::TooManySeeds { .. } => msg!("hint-smaller-counts", most = u32::MAX),
            PositionError::NotSowing(_) => msg!("hint-sowing-position"),
        };
        ParseError::at(text, offset, self.message()).with_hint(hint)
    }
}

/// In English.
impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for PositionError {}

/// A position of a sowing game: the ruleset, every house, both stores and
/// the side to move.
///
/// Positions may hold fewer seeds than a full game (teaching diagrams do);
/// play from any position conserves the seeds exactly.
///
/// ```
/// use songo_notation::{House, Position, Ruleset, Score, Side};
/// let position = Position::new(
///     Ruleset::Songo,
///     &[2, 3, 5, 0, 1, 1, 7],  // S0..S6
///     &[3, 1, 1, 10, 1, 5, 0], // N0..N6
///     Score::default(),
///     Side::South,
/// )
/// .unwrap();
/// assert_eq!(position.house(House::new(Side::North, 3)), 10);
/// assert_eq!(position.seeds(), 40);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
// 80 bytes on a 16-byte boundary: the engine copies positions in whole
// vectors, none of which straddles a half-written one (a CPU stall).
#[repr(align(16))]
pub struct Position {
    pub(crate) rules: Ruleset,
    /// Houses in sowing-cycle order: South's camp from its entry house,
    /// then North's. Awalé uses the first 12.
    pub(crate) pits: Pits,
    pub(crate) stores: Score,
    pub(crate) to_move: Side,
}

// The layout the comment above promises (the houses' two forms share the
// space of the wider one).
const _: () = assert!(std::mem::size_of::<Position>() == 80);

/// Field by field, as `derive(Hash)` would, but inlined: the search hashes
/// every child it will search (its key in the transposition table, which
/// must stay the same for the search to visit the same positions).
impl std::hash::Hash for Position {
    #[inline(always)]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.rules.hash(state);
        self.pits.hash(state);
        self.stores.hash(state);
        self.to_move.hash(state);
    }
}

impl Position {
    /// The start of a game: 5 seeds a house (Songo) or 4 (Awalé), South to move.
    ///
    /// For Seega, which has no houses, this is an empty board.
    #[must_use]
    pub fn start(rules: Ruleset) -> Position {
        let width = rules.houses_per_side();
        let mut pits = [0; BOARD];
        pits[..2 * width].fill(rules.seeds_per_house());
        Position {
            rules,
            pits: Pits::from_board(&pits),
            stores: Score::default(),
            to_move: Side::South,
        }
    }

    /// Builds a position from its rows in notation order.
    ///
    /// # Errors
    /// A row of the wrong length, a ruleset without houses, or more than
    /// `u32::MAX` seeds in all.
    pub fn new(
        rules: Ruleset,
        south: &[u32],
        north: &[u32],
        stores: Score,
        to_move: Side,
    ) -> Result<Position, PositionError> {
        if !rules.is_sowing() {
            return Err(PositionError::NotSowing(rules));
        }
        let width = rules.houses_per_side();
        for (side, row) in [(Side::South, south), (Side::North, north)] {
            if row.len() != width {
                return Err(PositionError::RowLength {
                    side,
                    found: row.len(),
                    rules,
                });
            }
        }
        let total: u64 = south
            .iter()
            .chain(north)
            .chain([&stores.south, &stores.north])
            .map(|&n| u64::from(n))
            .sum();
        if total > u64::from(u32::MAX) {
            return Err(PositionError::TooManySeeds { total });
        }
        let mut pits = [0; BOARD];
        for (side, row) in [(Side::South, south), (Side::North, north)] {
            for (index, &count) in row.iter().enumerate() {
                pits[House::new(side, index as u8).cycle_index(rules)] = count;
            }
        }
        Ok(Position {
            rules,
            pits: Pits::from_board(&pits),
            stores,
            to_move,
        })
    }

    /// The ruleset.
    #[must_use]
    pub const fn rules(&self) -> Ruleset {
        self.rules
    }

    /// The side to move.
    #[must_use]
    pub const fn to_move(&self) -> Side {
        self.to_move
    }

    /// Both stores.
    #[must_use]
    pub const fn stores(&self) -> Score {
        self.stores
    }

    /// Seeds in one house.
    ///
    /// # Panics
    /// When the house index is out of the ruleset's range.
    #[must_use]
    pub fn house(&self, house: House) -> u32 {
        assert!(usize::from(house.index) < self.rules.houses_per_side());
        self.pits.get(house.cycle_index(self.rules))
    }

    /// One camp's houses in notation order.
    #[must_use]
    pub fn row(&self, side: Side) -> Row {
        let width = self.rules.houses_per_side();
        let mut values = [0; 7];
        for (index, value) in values.iter_mut().enumerate().take(width) {
            *value = self
                .pits
                .get(House::new(side, index as u8).cycle_index(self.rules));
        }
        Row {
            values,
            len: width as u8,
        }
    }

    /// Every house of the ruleset, South's first, each camp in notation order.
    pub fn houses(&self) -> impl Iterator<Item = House> + use<> {
        let width = self.rules.houses_per_side() as u8;
        Side::BOTH
            .into_iter()
            .flat_map(move |side| (0..width).map(move |index| House::new(side, index)))
    }

    /// Seeds in one camp.
    #[must_use]
    #[inline]
    pub fn camp_seeds(&self, side: Side) -> u32 {
        let width = self.rules.houses_per_side();
        let first = side.index() * width;
        self.pits.sum_from(first, width)
    }

    /// Seeds on the board (stores excluded).
    #[must_use]
    #[inline]
    pub fn seeds_on_board(&self) -> u32 {
        self.pits.total()
    }

    /// Seeds on the board and in the stores.
    #[must_use]
    pub fn seeds(&self) -> u32 {
        self.seeds_on_board() + self.stores.south + self.stores.north
    }

    /// The same position with another side to move.
    #[must_use]
    pub const fn with_to_move(mut self, side: Side) -> Position {
        self.to_move = side;
        self
    }

    /// The same position with other stores.
    ///
    /// # Errors
    /// When the seeds would exceed `u32::MAX` in all.
    pub fn with_stores(mut self, stores: Score) -> Result<Position, PositionError> {
        let total =
            u64::from(self.seeds_on_board()) + u64::from(stores.south) + u64::from(stores.north);
        if total > u64::from(u32::MAX) {
            return Err(PositionError::TooManySeeds { total });
        }
        self.stores = stores;
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_of_places_agrees_with_the_rules_of_each_board() {
        for rules in Ruleset::ALL.into_iter().filter(|rules| rules.is_sowing()) {
            for side in Side::BOTH {
                for index in 0..rules.houses_per_side() as u8 {
                    let house = House::new(side, index);
                    assert_eq!(house.camp_at(rules), house.camp_index(rules), "{rules:?}");
                    assert_eq!(house.cycle_at(rules), house.cycle_index(rules), "{rules:?}");
                    assert_eq!(House::at_cycle(rules, house.cycle_at(rules)), house);
                }
            }
        }
        // Songo's South camp is sown S6 → S0; North's and Awalé's in order.
        assert_eq!(House::new(Side::South, 0).cycle_at(Ruleset::Songo), 6);
        assert_eq!(House::new(Side::North, 0).cycle_at(Ruleset::Songo), 7);
        assert_eq!(House::new(Side::North, 5).cycle_at(Ruleset::OwareAbapa), 11);
    }

    #[test]
    fn a_move_played_on_a_copy_is_the_move_played_in_place() {
        let mut position = Position::start(Ruleset::Songo);
        for _ in 0..40 {
            let Ok(moves) = position.turn() else { break };
            for index in 0..moves.len() {
                let (mut in_place, mut copy) = (position, position);
                let taken = in_place.play_listed(&moves, index);
                assert_eq!(copy.play_listed_copy(&position, &moves, index), taken);
                assert_eq!(copy, in_place);
            }
            let index = position.seeds() as usize % moves.len();
            position.play_listed(&moves, index);
        }
    }
}

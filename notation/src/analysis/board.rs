//! A board seen from the side to move, built over the engine's public API:
//! the mover's camp in sowing order (entry house first), then the
//! opponent's. Every sowing ruleset treats the two camps alike, so a
//! position and its mirror (the same board with the sides swapped) have the
//! same value for the side to move: tables and hashes use this view.

use crate::sowing::houses::{Board, Pits};
use crate::{House, Position, Ruleset, Score, Side};

/// The most houses a sowing board has (Songo: 2 × 7).
pub(crate) const MAX_HOUSES: usize = 14;

/// The house of `side` at `camp_index` of its camp's sowing order.
///
/// Songo's South camp is sown `S6 → S0`, so its sowing order runs against
/// the notation; every other camp is sown in notation order.
pub(crate) fn house_at(rules: Ruleset, side: Side, camp_index: usize) -> House {
    let index = if rules.houses_per_side() == 7 && side == Side::South {
        6 - camp_index
    } else {
        camp_index
    };
    House::new(side, index as u8)
}

/// The index of `house` in its camp's sowing order.
#[inline]
pub(crate) fn camp_index(rules: Ruleset, house: House) -> usize {
    if house.index < 8 {
        // The search asks it of every move: a table, not the ruleset's rules.
        house.camp_at(rules)
    } else {
        house_at(rules, house.side, usize::from(house.index)).index as usize
    }
}

/// The board from the side to move: `width` houses of the mover's camp in
/// sowing order, then the opponent's; entries past `2 × width` are 0.
///
/// The engine keeps its houses in this order already, South's camp first
/// (`Position::pits`): the board is the cycle read from the mover's camp.
/// The tables rank millions of boards a second through here, so it reads
/// them directly instead of row by row.
pub(crate) fn relative_board(position: &Position) -> [u32; MAX_HOUSES] {
    let width = position.rules().houses_per_side();
    let houses = 2 * width;
    let first = if position.to_move() == Side::South {
        0
    } else {
        width
    };
    let pits = position.pits.board();
    let mut board = [0; MAX_HOUSES];
    board[..houses - first].copy_from_slice(&pits[first..houses]);
    board[houses - first..houses].copy_from_slice(&pits[..first]);
    board
}

/// The stores as (mover's, opponent's).
pub(crate) fn relative_stores(position: &Position) -> (u32, u32) {
    let stores = position.stores();
    let mover = position.to_move();
    (stores[mover], stores[mover.opposite()])
}

/// The position, South to move, of a board seen from the side to move.
///
/// Positions of any size are accepted here: the seeds are few. The houses
/// go straight into the engine's cycle order (see [`relative_board`]).
pub(crate) fn from_relative(rules: Ruleset, board: &[u32], stores: (u32, u32)) -> Position {
    let houses = 2 * rules.houses_per_side();
    let mut pits = Board::default();
    pits[..houses].copy_from_slice(&board[..houses]);
    // Built whole, not from a start position whose houses would be thrown
    // away: the tables build millions of positions a second through here.
    Position {
        rules,
        pits: Pits::from_board(&pits),
        stores: Score::new(stores.0, stores.1),
        to_move: Side::South,
    }
}

/// The mover's store minus the opponent's.
pub(crate) fn store_lead(position: &Position) -> i32 {
    let (mover, opponent) = relative_stores(position);
    mover as i32 - opponent as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relative_board_reads_each_camp_from_its_entry_house() {
        // Songo: South's entry house is S6, North's is N0.
        let position = Position::new(
            Ruleset::Songo,
            &[0, 1, 2, 3, 4, 5, 6],
            &[10, 11, 12, 13, 14, 15, 16],
            Score::new(3, 4),
            Side::South,
        )
        .unwrap();
        let board = relative_board(&position);
        assert_eq!(&board[..7], &[6, 5, 4, 3, 2, 1, 0]);
        assert_eq!(&board[7..], &[10, 11, 12, 13, 14, 15, 16]);
        let north = relative_board(&position.with_to_move(Side::North));
        assert_eq!(&north[..7], &[10, 11, 12, 13, 14, 15, 16]);
        assert_eq!(&north[7..], &[6, 5, 4, 3, 2, 1, 0]);
        let back = from_relative(Ruleset::Songo, &board, relative_stores(&position));
        assert_eq!(back, position);
    }

    #[test]
    fn awale_camps_are_read_in_letter_order() {
        let position = Position::new(
            Ruleset::Awale,
            &[1, 2, 3, 4, 5, 6],
            &[7, 8, 9, 10, 11, 12],
            Score::default(),
            Side::North,
        )
        .unwrap();
        let board = relative_board(&position);
        assert_eq!(&board[..12], &[7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6]);
        assert_eq!(camp_index(Ruleset::Awale, House::new(Side::North, 4)), 4);
        assert_eq!(camp_index(Ruleset::Songo, House::new(Side::South, 0)), 6);
    }
}

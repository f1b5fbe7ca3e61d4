//! What a value means, in one place: the final score difference the side to
//! move can force, and the convention for games that could go on for ever.
//!
//! Internally the engine of the analysis works with the **net value**: the
//! final difference less the difference of the stores as they stand now
//! (what is still to be won from the board). It does not depend on what
//! was captured before, only on the board and on how far each store is
//! from a store-based end (`songo.end.forty`, `abapa.end`): this is what a
//! table stores and what the search adds gains to.

use crate::{GameOver, Position};

use super::board::store_lead;

/// The id of the convention for endless games, written in every table's
/// header and in every report: a game that goes on for ever without a
/// capture is scored with the stores as they stand, the seeds left on the
/// board counting for neither player (see `docs/analysis.md`).
pub const CONVENTION: &str = "endless-play-keeps-the-stores";

/// The net value of an endless game: nothing more is won by either side.
pub(crate) const ENDLESS: i32 = 0;

/// The final score difference of a finished game, from the point of view
/// of the side to move in `position`.
pub(crate) fn final_lead(position: &Position, over: &GameOver) -> i32 {
    let mover = position.to_move();
    over.score[mover] as i32 - over.score[mover.opposite()] as i32
}

/// The net value of a finished game: its final difference less the stores'
/// difference now (the seeds the end rule hands out from the board, for
/// `songo.end.remaining` and `abapa.end`).
pub(crate) fn terminal_net(position: &Position, over: &GameOver) -> i32 {
    final_lead(position, over) - store_lead(position)
}

/// What the mover gained by a move from `before` to `after` (stores only:
/// his captures less what went to the opponent's store).
pub(crate) fn gain(before: &Position, after: &Position) -> i32 {
    // After the move the opponent is to move: his lead is the mover's loss.
    -store_lead(after) - store_lead(before)
}

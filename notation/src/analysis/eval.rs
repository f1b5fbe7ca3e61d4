//! The heuristic value of a position the search does not see to the end.
//!
//! Sound by construction: it is the stores as they stand (the net value 0)
//! plus a quarter seed for each seed in the mover's camp less a quarter for
//! each in the opponent's, so it never claims more than the board holds.
//! Seeds in a camp tend to end there: `songo.end.remaining` and `abapa.end`
//! give them to the camp's owner, and a player with many seeds has moves
//! left when the other runs short. Captures in reach are not guessed at
//! here: the quiescence search plays them out.

use crate::Position;

/// Grains per seed: heuristic values are counted in quarter seeds; exact
/// values are whole seeds (multiples of this).
pub(crate) const GRAIN: i32 = 4;

/// The heuristic net value of `position` for its side to move, in grains.
pub(crate) fn heuristic(position: &Position) -> i32 {
    // The mover's camp summed at once (the engine's word-wide sum), not
    // house by house, and the opponent's the rest of the board: the
    // quiescence search asks this of every position it meets.
    let own = position.camp_seeds(position.to_move());
    let theirs = position.seeds_on_board() - own;
    // A quarter seed each: exactly one grain.
    own as i32 - theirs as i32
}

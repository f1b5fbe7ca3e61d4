//! The questions the vocabulary asks the engine, each answered by playing a
//! move with the engine and reading its outcome: what a house would take
//! (`teach.threat`), and whether a sowing reaches the opponent
//! (`teach.bidoua`). Nothing here knows a rule; nothing here allocates.

use crate::{House, HouseSet, MoveOutcome, Position, Side};

/// What one house takes from the opponent's houses when played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Take {
    /// Seeds taken from the opponent's houses (a kept or forced lone seed,
    /// which comes from no house, is not counted).
    pub(super) seeds: u32,
    /// The houses the engine emptied.
    pub(super) houses: HouseSet,
}

impl Take {
    /// The capture a played move made, read from the engine's outcome: the
    /// seeds of the houses it emptied, counted on the board after sowing.
    pub(super) fn of(outcome: &MoveOutcome) -> Take {
        let seeds = outcome
            .captured_houses
            .iter()
            .map(|house| outcome.sown.house(house))
            .sum();
        Take {
            seeds,
            houses: outcome.captured_houses,
        }
    }

    /// Bit `i` set for the opponent's house of notation index `i` taken.
    pub(super) fn mask(&self) -> u8 {
        self.houses.iter().fold(0, |mask, house| mask | bit(house))
    }
}

/// The bit of a house in a one-camp mask (notation index).
pub(super) const fn bit(house: House) -> u8 {
    1 << house.index
}

/// One side's captures, house by house, as if it were that side's turn on
/// this board (stores as they are): the "capture of a house" of
/// `teach.threat`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Captures {
    /// The side whose houses these are.
    pub(super) side: Side,
    /// By notation index: what the house takes, when it is a legal move
    /// that takes at least one seed.
    takes: [Option<Take>; 7],
    /// Bit `i`: house `i` is a legal move for the side.
    playable: u8,
}

impl Captures {
    /// The captures of every house of `side` in `position`.
    pub(super) fn of(position: &Position, side: Side) -> Captures {
        let mover = position.with_to_move(side);
        let mut captures = Captures {
            side,
            takes: [None; 7],
            playable: 0,
        };
        if let Ok(moves) = mover.turn() {
            for house in moves.iter() {
                captures.playable |= bit(house);
                if let Ok((_, outcome)) = mover.after(house) {
                    let take = Take::of(&outcome);
                    if take.seeds > 0 {
                        captures.takes[usize::from(house.index)] = Some(take);
                    }
                }
            }
        }
        captures
    }

    /// What `house` takes, if it is a threat.
    pub(super) fn take(&self, house: House) -> Option<Take> {
        self.takes.get(usize::from(house.index)).copied().flatten()
    }

    /// Whether `house` is a legal move for the side.
    pub(super) fn playable(&self, house: House) -> bool {
        self.playable & bit(house) != 0
    }

    /// The threats: houses that take at least one seed, in notation order.
    pub(super) fn threats(&self) -> impl Iterator<Item = (House, Take)> + '_ {
        let side = self.side;
        self.takes
            .iter()
            .enumerate()
            .filter_map(move |(index, take)| Some((House::new(side, index as u8), (*take)?)))
    }

    /// How many threats.
    pub(super) fn count(&self) -> usize {
        self.takes.iter().flatten().count()
    }

    /// The largest capture (0: no threat).
    pub(super) fn largest(&self) -> u32 {
        self.takes
            .iter()
            .flatten()
            .map(|t| t.seeds)
            .max()
            .unwrap_or(0)
    }

    /// The opponent's houses some threat takes (bit = notation index).
    pub(super) fn targets(&self) -> u8 {
        self.takes
            .iter()
            .flatten()
            .fold(0, |mask, t| mask | t.mask())
    }
}

/// Whether the engine's sowing of `house` (its owner to move) leaves every
/// one of its seeds in its owner's houses: nothing reaches an opponent
/// house or a store. `None` for an empty house. The move is sown as the
/// engine would sow it even where a filter forbids it (an exit house,
/// solidarity): the bidoua measures the sowing, not the right to play it.
/// A forced exit move (`songo.exit.forced`), whose seeds go to a store, is
/// no displacement.
pub(super) fn stays_home(position: &Position, house: House) -> Option<bool> {
    let mut mover = position.with_to_move(house.side);
    if mover.house(house) == 0 {
        return None;
    }
    let outcome = mover.play_anyway(house).ok()?;
    Some(outcome.sown.camp_seeds(house.side) == position.camp_seeds(house.side))
}

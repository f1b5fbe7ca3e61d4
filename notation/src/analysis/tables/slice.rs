//! What a table entry depends on besides the board: how far each store is
//! from a store-based end.
//!
//! `songo.end.forty` ends a game the moment a store holds 40 seeds, and
//! `abapa.end` when a store holds more than 24 (or both hold 24): what is
//! still to be won from a board then depends on the stores. It depends on
//! them only through each store's distance to that end, and a distance
//! larger than the seeds on the board can never be covered: distances are
//! clipped there. A table of `n` seeds holds one *slice* per pair of
//! clipped distances that can occur, each a full table of boards.

use crate::Ruleset;

/// The store-based end of a ruleset, if it has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Goal {
    /// Awalé: only the board ends the game.
    None,
    /// `songo.end.forty`: a store reaching 40 ends the game.
    Forty,
    /// `abapa.end`: a store passing 24, or both at 24, ends the game.
    Abapa,
}

impl Goal {
    fn of(rules: Ruleset) -> Goal {
        match rules {
            Ruleset::Songo | Ruleset::SongoEkang => Goal::Forty,
            Ruleset::OwareAbapa => Goal::Abapa,
            _ => Goal::None,
        }
    }

    /// The store that ends the game: 40 (`songo.end.forty`), 25 (`abapa.end`).
    fn target(self) -> u32 {
        match self {
            Goal::None => 0,
            Goal::Forty => 40,
            Goal::Abapa => 25,
        }
    }

    /// The clip of distances with `seeds` on the board: a distance of this
    /// or more is never covered. For `abapa.end` one more, so that a store
    /// that can just reach 24 (the tie at 24 each) is told apart.
    fn cap(self, seeds: u32) -> u32 {
        match self {
            Goal::None => 0,
            Goal::Forty => seeds + 1,
            Goal::Abapa => seeds + 2,
        }
    }
}

/// How far the mover's and the opponent's stores are from the ruleset's
/// store-based end, each clipped to the seeds on the board (0 and 0 for a
/// ruleset without one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Slice {
    /// The mover's distance.
    pub mover: u8,
    /// The opponent's distance.
    pub opponent: u8,
}

/// The slice of a position with `seeds` on the board and these stores
/// (mover's, opponent's); `None` when the stores have already ended the game.
pub(crate) fn slice_of(rules: Ruleset, seeds: u32, stores: (u32, u32)) -> Option<Slice> {
    let goal = Goal::of(rules);
    let cap = goal.cap(seeds).min(u32::from(u8::MAX));
    let target = goal.target();
    match goal {
        Goal::None => Some(Slice {
            mover: 0,
            opponent: 0,
        }),
        Goal::Forty | Goal::Abapa => {
            let over = match goal {
                Goal::Forty => stores.0 >= target || stores.1 >= target,
                _ => stores.0 >= target || stores.1 >= target || (stores.0 == 24 && stores.1 == 24),
            };
            if over {
                return None;
            }
            let clip = |store: u32| (target - store).min(cap) as u8;
            Some(Slice {
                mover: clip(stores.0),
                opponent: clip(stores.1),
            })
        }
    }
}

/// Stores (mover's, opponent's) that fall in `slice`, if any do.
pub(crate) fn representative(rules: Ruleset, seeds: u32, slice: Slice) -> Option<(u32, u32)> {
    let target = Goal::of(rules).target();
    let store = |distance: u8| target.checked_sub(u32::from(distance));
    let stores = (store(slice.mover)?, store(slice.opponent)?);
    (slice_of(rules, seeds, stores) == Some(slice)).then_some(stores)
}

/// The slices a table of `seeds` seeds holds: those of every split of
/// `total − seeds` seeds between the stores (the positions of a game of
/// `total` seeds), and the slice where no store can reach the end (for
/// positions with few seeds in all, such as teaching diagrams).
pub(crate) fn family(rules: Ruleset, seeds: u32, total: u32) -> Vec<Slice> {
    let goal = Goal::of(rules);
    let cap = goal.cap(seeds).min(u32::from(u8::MAX)) as u8;
    let mut slices: Vec<Slice> = representative(
        rules,
        seeds,
        Slice {
            mover: cap,
            opponent: cap,
        },
    )
    .map(|_| Slice {
        mover: cap,
        opponent: cap,
    })
    .into_iter()
    .collect();
    if let Some(stored) = total.checked_sub(seeds) {
        for mover in 0..=stored {
            slices.extend(slice_of(rules, seeds, (mover, stored - mover)));
        }
    }
    slices.sort_unstable();
    slices.dedup();
    slices
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn songo_tables_hold_a_slice_per_store_split_that_matters() {
        // 14 seeds on the board, 56 in the stores: the mover holds 17 to 39
        // (a store of 40 would have ended the game), 23 splits that stay
        // apart once clipped; and the slice where no store can reach 40.
        let slices = family(Ruleset::Songo, 14, 70);
        assert_eq!(slices.len(), 14 + 9 + 1);
        assert!(slices.contains(&Slice {
            mover: 15,
            opponent: 15
        }));
        assert_eq!(
            slice_of(Ruleset::Songo, 14, (39, 17)),
            Some(Slice {
                mover: 1,
                opponent: 15
            })
        );
        assert_eq!(slice_of(Ruleset::Songo, 14, (40, 16)), None);
        assert_eq!(family(Ruleset::Awale, 14, 48).len(), 1);
    }

    #[test]
    fn abapa_tells_a_store_that_can_just_reach_24_apart() {
        // 4 seeds: 20 can reach 24 (the tie), 19 cannot reach anything.
        assert_eq!(
            slice_of(Ruleset::OwareAbapa, 4, (20, 24)),
            Some(Slice {
                mover: 5,
                opponent: 1
            })
        );
        assert_eq!(
            slice_of(Ruleset::OwareAbapa, 4, (19, 0)),
            Some(Slice {
                mover: 6,
                opponent: 6
            })
        );
        assert_eq!(slice_of(Ruleset::OwareAbapa, 4, (24, 24)), None);
        assert_eq!(slice_of(Ruleset::OwareAbapa, 4, (25, 0)), None);
        for slice in family(Ruleset::OwareAbapa, 4, 48) {
            let stores = representative(Ruleset::OwareAbapa, 4, slice).unwrap();
            assert_eq!(slice_of(Ruleset::OwareAbapa, 4, stores), Some(slice));
        }
    }
}

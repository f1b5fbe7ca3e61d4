//! Moves played backwards: the positions one move before a board, within
//! one seed count (moves that capture nothing, keep no seed and give none
//! away). The retrograde analysis walks these.
//!
//! Candidates are found by taking a sowing back off the board; each one is
//! then played forwards by the engine, which alone says whether the move
//! is legal and where its seeds go. So no rule is written twice: a wrong
//! candidate is thrown away, and every real predecessor is a candidate (a
//! sowing is fixed by its house and its seed count, and both are tried).

use crate::{Position, Ruleset};

use super::super::board::{MAX_HOUSES, from_relative, house_at, relative_board, relative_stores};
use super::super::index::Ranking;

/// Takes sowings back off boards of one seed count.
pub(crate) struct Unsower {
    rules: Ruleset,
    width: usize,
    seeds: usize,
    /// For each house of the mover's camp and each seed count `1..=seeds`,
    /// what the sowing adds to every house (the engine's own sowing of that
    /// house alone on an empty board), or `None` when the sowing keeps a
    /// seed (`songo.sow.lone-seed`): such a move always leaves the level.
    patterns: Vec<Option<[u32; MAX_HOUSES]>>,
}

impl Unsower {
    /// The sowings of every house with up to `seeds` seeds.
    pub(crate) fn new(rules: Ruleset, seeds: usize) -> Unsower {
        let width = rules.houses_per_side();
        let mut patterns = Vec::with_capacity(width * (seeds + 1));
        for origin in 0..width {
            for count in 0..=seeds {
                patterns.push(Self::pattern(rules, origin, count));
            }
        }
        Unsower {
            rules,
            width,
            seeds,
            patterns,
        }
    }

    fn pattern(rules: Ruleset, origin: usize, count: usize) -> Option<[u32; MAX_HOUSES]> {
        if count == 0 {
            return None;
        }
        let mut board = [0; MAX_HOUSES];
        board[origin] = count as u32;
        let mut position = from_relative(rules, &board, (0, 0));
        // Played whatever the filters say: only the sowing is wanted.
        let outcome = position
            .play_anyway(house_at(rules, crate::Side::South, origin))
            .ok()?;
        let sown = relative_board(&outcome.sown);
        (sown.iter().sum::<u32>() == count as u32 && sown[origin] == 0).then_some(sown)
    }

    /// Calls `found` with the rank and the board of every position (its
    /// mover to move) from which one move that leaves every seed on the
    /// board gives `board` (seen from its mover, whose stores are `stores`).
    pub(crate) fn parents(
        &self,
        board: &[u32; MAX_HOUSES],
        stores: (u32, u32),
        ranking: &Ranking,
        mut found: impl FnMut(u64, &[u32; MAX_HOUSES]),
    ) {
        let width = self.width;
        let houses = 2 * width;
        // The board from the previous mover: his camp first.
        let mut before = [0; MAX_HOUSES];
        for (index, house) in before[..houses].iter_mut().enumerate() {
            *house = board[(index + width) % houses];
        }
        for origin in 0..width {
            if before[origin] != 0 {
                continue;
            }
            // Up to a lap, a sowing of `count` seeds puts one in each of the
            // `count` houses after the origin: the board before it has one
            // seed less in each. A house found empty on the way ends the
            // search (it gets a seed from every longer sowing too).
            let mut candidate = before;
            for count in 1..houses.min(self.seeds + 1) {
                let house = (origin + count) % houses;
                if candidate[house] == 0 {
                    break;
                }
                candidate[house] -= 1;
                candidate[origin] = count as u32;
                if self.patterns[origin * (self.seeds + 1) + count].is_some()
                    && self.leads_to(&candidate, origin, board, stores)
                {
                    found(ranking.rank(&candidate[..houses]), &candidate);
                }
                // Every house but the origin holds a seed: laps may fit too.
                if count == houses - 1 {
                    self.laps(&before, origin, board, stores, ranking, &mut found);
                }
            }
        }
    }

    /// The sowings of `origin` that lap the board (a seed in every other house).
    fn laps(
        &self,
        before: &[u32; MAX_HOUSES],
        origin: usize,
        board: &[u32; MAX_HOUSES],
        stores: (u32, u32),
        ranking: &Ranking,
        found: &mut impl FnMut(u64, &[u32; MAX_HOUSES]),
    ) {
        let houses = 2 * self.width;
        for count in houses..=self.seeds {
            let Some(pattern) = &self.patterns[origin * (self.seeds + 1) + count] else {
                continue;
            };
            // Subtracted lane by lane, a borrow anywhere spoils the candidate.
            let mut candidate = [0; MAX_HOUSES];
            let mut short = 0;
            for ((left, &have), &sown) in candidate.iter_mut().zip(before).zip(pattern) {
                let (rest, borrow) = have.overflowing_sub(sown);
                *left = rest;
                short |= u32::from(borrow);
            }
            if short != 0 {
                continue;
            }
            candidate[origin] = count as u32;
            if self.leads_to(&candidate, origin, board, stores) {
                found(ranking.rank(&candidate[..houses]), &candidate);
            }
        }
    }

    /// Whether the engine plays `origin` from `candidate` (its mover's
    /// stores being `stores.1`, the opponent's `stores.0`) and gets `board`
    /// with the same stores.
    fn leads_to(
        &self,
        candidate: &[u32; MAX_HOUSES],
        origin: usize,
        board: &[u32; MAX_HOUSES],
        stores: (u32, u32),
    ) -> bool {
        let mut position: Position = from_relative(self.rules, candidate, (stores.1, stores.0));
        let house = house_at(self.rules, crate::Side::South, origin);
        matches!(position.play_captured(house), Ok(0))
            && relative_stores(&position) == stores
            && relative_board(&position) == *board
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Score, Side};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn every_move_that_keeps_the_seeds_is_found_backwards(
            rules in prop_oneof![
                Just(Ruleset::Songo),
                Just(Ruleset::SongoEkang),
                Just(Ruleset::Awale),
                Just(Ruleset::OwareAbapa),
            ],
            houses in proptest::collection::vec(0u32..9, 14),
            stores in (0u32..30, 0u32..30),
            side in prop_oneof![Just(Side::South), Just(Side::North)],
            greniers in proptest::collection::vec((0usize..7, 10u32..30), 0..2),
        ) {
            let width = rules.houses_per_side();
            let mut houses = houses;
            for (house, seeds) in greniers {
                houses[house % width] += seeds;
            }
            let position = Position::new(
                rules,
                &houses[..width],
                &houses[width..2 * width],
                Score::new(stores.0, stores.1),
                side,
            )
            .unwrap();
            let seeds = position.seeds_on_board() as usize;
            let unsower = Unsower::new(rules, seeds);
            let ranking = Ranking::new(2 * width, seeds);
            let parent_board = relative_board(&position);
            let parent = ranking.rank(&parent_board[..2 * width]);
            for house in position.legal_moves().iter() {
                let mut child = position;
                child.play(house).unwrap();
                if child.seeds_on_board() as usize != seeds {
                    continue;
                }
                let mut found = Vec::new();
                unsower.parents(
                    &relative_board(&child),
                    relative_stores(&child),
                    &ranking,
                    |rank, _| found.push(rank),
                );
                prop_assert!(found.contains(&parent), "{position:?} {house:?}");
                // And each one found does lead there.
                for rank in found {
                    let mut board = [0; MAX_HOUSES];
                    ranking.unrank(rank, &mut board[..2 * width]);
                    let before = from_relative(
                        rules,
                        &board,
                        (relative_stores(&child).1, relative_stores(&child).0),
                    );
                    let leads = before.legal_moves().iter().any(|house| {
                        let mut after = before;
                        after.play(house).is_ok() && relative_board(&after) == relative_board(&child)
                    });
                    prop_assert!(leads, "{:?} does not lead to {:?}", before, child);
                }
            }
        }
    }
}

//! The value computed the plainest way, for tests: the definition itself,
//! with no ranking, no table file, no pruning and no clever order.
//!
//! [`Oracle::net`] lists every position reachable without a seed leaving
//! the board, gets the value of every move that leaves it (recursively, for
//! fewer seeds), then repeats `lo = max(exit, −hi(child))`,
//! `hi = max(exit, −lo(child))` from `lo = −∞`, `hi = +∞` until nothing
//! changes, and takes the convention's median of `lo`, 0 and `hi`.
//! [`first_repetition`] plays out every line until the game ends or a
//! position repeats (then scoring the stores as they stand): exponential,
//! for the smallest boards only, it checks that the median is the value of
//! that game.

use std::collections::HashMap;

use crate::Position;

use super::value::{ENDLESS, gain, terminal_net};

/// Values of positions, remembered.
#[derive(Default)]
pub(crate) struct Oracle {
    known: HashMap<Position, i32>,
}

enum Move {
    Leaves(i32),
    Stays(usize),
}

impl Oracle {
    /// The net value of `position`.
    pub(crate) fn net(&mut self, position: &Position) -> i32 {
        if let Some(&value) = self.known.get(position) {
            return value;
        }
        if let Err(over) = position.turn() {
            return terminal_net(position, &over);
        }
        let seeds = position.seeds_on_board();
        let mut list = vec![*position];
        let mut index = HashMap::from([(*position, 0)]);
        let mut moves: Vec<Vec<Move>> = Vec::new();
        let mut finished: Vec<Option<i32>> = Vec::new();
        let mut next = 0;
        while next < list.len() {
            let here = list[next];
            next += 1;
            match here.turn() {
                Err(over) => {
                    finished.push(Some(terminal_net(&here, &over)));
                    moves.push(Vec::new());
                }
                Ok(legal) => {
                    let mut these = Vec::new();
                    for house in legal.iter() {
                        let mut child = here;
                        child.play(house).expect("a legal move");
                        if child.seeds_on_board() == seeds {
                            let at = *index.entry(child).or_insert_with(|| {
                                list.push(child);
                                list.len() - 1
                            });
                            these.push(Move::Stays(at));
                        } else {
                            these.push(Move::Leaves(gain(&here, &child) - self.net(&child)));
                        }
                    }
                    finished.push(None);
                    moves.push(these);
                }
            }
        }
        let infinity = 10_000;
        let mut lo = vec![-infinity; list.len()];
        let mut hi = vec![infinity; list.len()];
        loop {
            let mut changed = false;
            for at in 0..list.len() {
                let (low, high) = match finished[at] {
                    Some(value) => (value, value),
                    None => moves[at]
                        .iter()
                        .fold((-infinity, -infinity), |(l, h), m| match m {
                            Move::Leaves(value) => (l.max(*value), h.max(*value)),
                            Move::Stays(child) => (l.max(-hi[*child]), h.max(-lo[*child])),
                        }),
                };
                if (low, high) != (lo[at], hi[at]) {
                    (lo[at], hi[at]) = (low, high);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for (at, here) in list.iter().enumerate() {
            let value = ENDLESS.clamp(lo[at], hi[at]);
            self.known.insert(*here, value);
        }
        self.known[position]
    }
}

/// The net value of the game that ends when a position repeats (the stores
/// as they stand then), every line played out. `None` past `budget` nodes.
pub(crate) fn first_repetition(position: &Position, budget: &mut u64) -> Option<i32> {
    fn search(position: &Position, path: &mut Vec<Position>, budget: &mut u64) -> Option<i32> {
        *budget = budget.checked_sub(1)?;
        let legal = match position.turn() {
            Err(over) => return Some(terminal_net(position, &over)),
            Ok(legal) => legal,
        };
        let mut best = i32::MIN;
        for house in legal.iter() {
            let mut child = *position;
            child.play(house).expect("a legal move");
            let value = if child.seeds_on_board() < position.seeds_on_board() {
                // A capture: no position before it can come back.
                gain(position, &child) - search(&child, &mut vec![child], budget)?
            } else if path.contains(&child) {
                -ENDLESS
            } else {
                path.push(child);
                let value = -search(&child, path, budget)?;
                path.pop();
                value
            };
            best = best.max(value);
        }
        Some(best)
    }
    search(position, &mut vec![*position], budget)
}

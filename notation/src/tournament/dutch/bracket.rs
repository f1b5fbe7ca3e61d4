//! The brackets, from the top score down, each decided by a sequence of
//! maximum-weight matchings over the whole field.

use std::collections::{HashMap, HashSet};

use super::DutchError;
use super::field::{Field, Player};
use super::weight::{ByeContext, Layout, bits};
use crate::tournament::matching::IncrementalMatching;
use crate::tournament::wide::Wide;

/// Each player's partner (by index), `None` for the bye or the absent.
pub(super) fn pair_field(field: &Field) -> Result<Vec<Option<usize>>, DutchError> {
    let mut sorted: Vec<usize> = field
        .players
        .iter()
        .filter(|p| field.is_paired(p))
        .map(|p| p.id)
        .collect();
    if sorted.is_empty() {
        return Ok(vec![None; field.players.len()]);
    }
    if sorted.len() > super::MAX_PLAYERS {
        return Err(DutchError::TooLarge);
    }
    sorted.sort_by_key(|&id| {
        (
            std::cmp::Reverse(field.players[id].score),
            field.players[id].rank,
        )
    });
    let layout = layout(field, &sorted);
    // The matching doubles the weights and adds duals: a few spare bits.
    let needed = layout.total_bits() + 2 + 6;
    match needed {
        0..=128 => Pairer::<2>::new(field, &layout, sorted).run(),
        129..=256 => Pairer::<4>::new(field, &layout, sorted).run(),
        257..=512 => Pairer::<8>::new(field, &layout, sorted).run(),
        513..=1024 => Pairer::<16>::new(field, &layout, sorted).run(),
        1025..=2048 => Pairer::<32>::new(field, &layout, sorted).run(),
        2049..=4096 => Pairer::<64>::new(field, &layout, sorted).run(),
        _ => Err(DutchError::TooLarge),
    }
}

fn layout<'a>(field: &'a Field, sorted: &[usize]) -> Layout<'a> {
    let mut shifts = HashMap::new();
    let mut groups_bits = 0;
    let mut largest = 0;
    let mut index = sorted.len();
    // From the lowest score group up.
    while index > 0 {
        let score = field.players[sorted[index - 1]].score;
        let mut count = 0;
        while index > 0 && field.players[sorted[index - 1]].score == score {
            count += 1;
            index -= 1;
        }
        shifts.insert(score, groups_bits);
        largest = largest.max(count);
        groups_bits += bits(count);
    }
    let mut forbidden = vec![HashSet::new(); field.players.len()];
    for player in field.players.iter().filter(|p| p.valid) {
        for game in player.matches.iter().filter(|m| m.played) {
            forbidden[player.id].insert(game.opponent);
        }
    }
    Layout {
        field,
        group_bits: bits(largest),
        groups_bits,
        shifts,
        forbidden,
    }
}

/// One round's pairing in progress. Vertices are positions in `sorted`.
struct Pairer<'a, const L: usize> {
    field: &'a Field,
    layout: &'a Layout<'a>,
    sorted: Vec<usize>,
    /// The matching, its weights kept and updated between solutions.
    matcher: IncrementalMatching<Wide<L>>,
    /// Heavier than any other edge: a pair already decided.
    max_weight: Wide<L>,
    bye: ByeContext,
}

/// The weights of a bracket's edges, by bracket index: `base[larger][smaller]`.
type Base<const L: usize> = Vec<Vec<Wide<L>>>;

impl<'a, const L: usize> Pairer<'a, L> {
    fn new(field: &'a Field, layout: &'a Layout<'a>, sorted: Vec<usize>) -> Pairer<'a, L> {
        let n = sorted.len();
        let max_weight = Wide::<L>::bit(layout.total_bits() + 2).minus(1);
        Pairer {
            field,
            layout,
            sorted,
            matcher: IncrementalMatching::new(n),
            max_weight,
            bye: ByeContext::default(),
        }
    }

    fn player(&self, vertex: usize) -> &'a Player {
        &self.field.players[self.sorted[vertex]]
    }

    fn score(&self, vertex: usize) -> u32 {
        self.player(vertex).score
    }

    fn set(&mut self, a: usize, b: usize, weight: Wide<L>) {
        self.matcher.set_weight(a, b, weight);
    }

    /// Each vertex's partner, itself when unmatched.
    fn matching(&mut self) -> Vec<usize> {
        let mates = self.matcher.matching();
        mates
            .into_iter()
            .enumerate()
            .map(|(v, m)| m.unwrap_or(v))
            .collect()
    }

    fn edge(&self, higher: usize, lower: usize, in_current: bool, in_next: bool) -> Wide<L> {
        self.layout.edge(
            self.player(higher),
            self.player(lower),
            in_current,
            in_next,
            &self.bye,
        )
    }

    /// Fixes the pair `a`–`b`: heavier than anything, and their other
    /// edges gone.
    fn finalize(&mut self, a: usize, b: usize) {
        for other in 0..self.sorted.len() {
            for (one, two) in [(a, b), (b, a)] {
                if other != one {
                    let weight = if other == two {
                        self.max_weight
                    } else {
                        Wide::ZERO
                    };
                    self.set(one, other, weight);
                }
            }
        }
    }

    fn run(mut self) -> Result<Vec<Option<usize>>, DutchError> {
        self.first_matching()?;
        let mut state = Brackets::start(&self);
        while state.players.len() > 1 || state.next < self.sorted.len() {
            self.pair_bracket(&mut state);
        }
        let mut partners = vec![None; self.field.players.len()];
        for (a, b) in state.pairs {
            partners[self.sorted[a]] = Some(self.sorted[b]);
            partners[self.sorted[b]] = Some(self.sorted[a]);
        }
        Ok(partners)
    }

    /// A first matching over the whole field: is a pairing possible at all,
    /// and which score gets the bye.
    fn first_matching(&mut self) -> Result<(), DutchError> {
        let n = self.sorted.len();
        let odd = n % 2 == 1;
        let top = self.score(0);
        for lower in 0..n {
            for higher in 0..lower {
                let weight = if odd {
                    self.bye_weight(higher, lower, top)
                } else {
                    self.edge(higher, lower, false, false)
                };
                self.set(lower, higher, weight);
            }
        }
        let matching = self.matching();
        let mut unmatched = (0..n).filter(|&v| matching[v] == v);
        let complete = match (unmatched.next(), unmatched.next()) {
            (None, _) => true,
            (Some(v), None) => self.player(v).eligible_for_bye(),
            _ => false,
        };
        if !complete {
            return Err(DutchError::NoValidPairing);
        }
        if !odd {
            return Ok(());
        }
        let receiver = (0..n).find(|&v| matching[v] == v).unwrap_or(n - 1);
        self.bye.score = self.score(receiver);
        self.bye.single_downfloater = self.bye.score >= top
            && (0..n)
                .take_while(|&v| self.score(v) >= top)
                .all(|v| self.score(matching[v]) >= top);
        let mut played: Vec<usize> = (0..n)
            .filter(|&v| self.score(v) == self.bye.score)
            .map(|v| self.player(v).played_games)
            .collect();
        played.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, games) in played.into_iter().enumerate() {
            self.bye.unplayed_ranks.insert(games, rank as u64);
        }
        for lower in 0..n {
            for higher in 0..lower {
                let weight = self.edge(higher, lower, false, false);
                self.set(lower, higher, weight);
            }
        }
        Ok(())
    }

    /// With an odd field, the first matching leaves the bye to the lowest
    /// score it can.
    fn bye_weight(&self, higher: usize, lower: usize, top: u32) -> Wide<L> {
        let (h, l) = (self.player(higher), self.player(lower));
        if !self.layout.compatible(l, h) {
            return Wide::ZERO;
        }
        let layout = self.layout;
        let shift = |score: u32| u64::from(layout.shifts.get(&score).copied().unwrap_or(0));
        Wide::<L>::from_u64(1 + u64::from(!l.eligible_for_bye()) + u64::from(!h.eligible_for_bye()))
            .shifted_left(layout.groups_bits)
            .plus(shift(l.score) + shift(h.score))
            .shifted_left(layout.group_bits)
            .plus(u64::from(l.score >= top))
    }
}

/// The brackets' progress: who is in the current bracket, who is paired.
struct Brackets {
    /// The bracket's players (vertices): moved-down players first.
    players: Vec<usize>,
    /// The number of moved-down players at the head of `players`.
    moved_down: usize,
    /// The first vertex of the bracket's own score group.
    group_start: usize,
    /// The first vertex not yet in any bracket.
    next: usize,
    matched: Vec<bool>,
    pairs: Vec<(usize, usize)>,
}

impl Brackets {
    fn start<const L: usize>(pairer: &Pairer<'_, L>) -> Brackets {
        let n = pairer.sorted.len();
        let top = pairer.score(0);
        let next = (0..n).find(|&v| pairer.score(v) < top).unwrap_or(n);
        Brackets {
            players: (0..next).collect(),
            moved_down: 0,
            group_start: 0,
            next,
            matched: vec![false; n],
            pairs: Vec::new(),
        }
    }
}

mod steps;

//! One bracket's steps, in the order bbpPairings takes them: the
//! moved-down players to pair, their opponents, the exchanges between the
//! bracket's halves, then the pairs of the first half.

use super::{Base, Brackets, Pairer};
use crate::tournament::wide::Wide;

/// The vertices of one bracket and where its parts start.
struct Bracket {
    /// The bracket's vertices, then the next score group's.
    vertices: Vec<usize>,
    /// Bracket indices: moved-down players are `..moved_down`, residents
    /// `moved_down..residents_end`, the next score group after.
    moved_down: usize,
    residents_end: usize,
    /// The residents' vertices are `first_vertex..end_vertex`.
    first_vertex: usize,
    end_vertex: usize,
}

impl Bracket {
    fn resident_vertex(&self, vertex: usize) -> bool {
        vertex >= self.first_vertex && vertex < self.end_vertex
    }
}

/// Matched to a later vertex of the bracket: in the first half of a pair.
fn leads(stable: &[usize], bracket: &Bracket, vertex: usize) -> bool {
    stable[vertex] > vertex && stable[vertex] < bracket.end_vertex
}

impl<const L: usize> Pairer<'_, L> {
    pub(super) fn pair_bracket(&mut self, state: &mut Brackets) {
        let n = self.sorted.len();
        let group = state.next;
        let residents_end = state.players.len();
        if state.next < n {
            let score = self.score(state.next);
            while state.next < n && self.score(state.next) >= score {
                state.players.push(state.next);
                state.next += 1;
            }
        }
        let bracket = Bracket {
            vertices: state.players.clone(),
            moved_down: state.moved_down,
            residents_end,
            first_vertex: state.group_start,
            end_vertex: state.group_start + (residents_end - state.moved_down),
        };
        let mut base = self.base_weights(&bracket);
        let mut stable = self.matching();
        self.choose_moved_down(&bracket, &base, &mut stable, &mut state.matched);
        self.pair_moved_down(&bracket, &base, &mut stable, &mut state.matched);
        self.pair_remainder(&bracket, &mut base, &mut stable, &mut state.matched);
        self.next_bracket(state, &bracket, &stable, group);
    }

    fn base_weights(&mut self, bracket: &Bracket) -> Base<L> {
        let vertices = &bracket.vertices;
        let mut base: Base<L> = vec![Vec::new(); vertices.len()];
        for larger in bracket.moved_down..vertices.len() {
            for smaller in 0..larger {
                let in_current = larger < bracket.residents_end;
                let weight =
                    self.edge(vertices[smaller], vertices[larger], in_current, !in_current);
                base[larger].push(weight);
            }
        }
        for (larger, row) in base.iter().enumerate() {
            for (smaller, &weight) in row.iter().enumerate() {
                self.set(vertices[larger], vertices[smaller], weight);
            }
        }
        base
    }

    /// Which moved-down players are paired in the bracket: as many as
    /// possible, the higher first.
    fn choose_moved_down(
        &mut self,
        bracket: &Bracket,
        base: &Base<L>,
        stable: &mut Vec<usize>,
        matched: &mut [bool],
    ) {
        let vertices = &bracket.vertices;
        let (mut score, mut remaining, mut remaining_matched) = (0, 0usize, 0usize);
        for index in 0..bracket.moved_down {
            if index == 0 || self.score(vertices[index]) < score {
                score = self.score(vertices[index]);
                remaining = 0;
                remaining_matched = 0;
                let mut other = index;
                while other < vertices.len() && self.score(vertices[other]) >= score {
                    remaining += 1;
                    if bracket.resident_vertex(stable[vertices[other]]) {
                        remaining_matched += 1;
                    }
                    other += 1;
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            let vertex = vertices[index];
            if remaining <= remaining_matched {
                matched[vertex] = true;
                continue;
            }
            remaining -= 1;
            if !bracket.resident_vertex(stable[vertex]) {
                for opponent in bracket.moved_down..bracket.residents_end {
                    let weight = base[opponent][index];
                    if !weight.is_zero() {
                        self.set(vertex, vertices[opponent], weight.plus(1));
                    }
                }
                *stable = self.matching();
            }
            if bracket.resident_vertex(stable[vertex]) {
                matched[vertex] = true;
                remaining_matched -= 1;
                let residents = (bracket.residents_end - bracket.moved_down) as u64;
                for opponent in bracket.moved_down..bracket.residents_end {
                    let weight = base[opponent][index];
                    if !weight.is_zero() {
                        self.set(vertex, vertices[opponent], weight.plus(residents).plus(1));
                    }
                }
            }
        }
    }

    /// The moved-down players' opponents, the highest possible first.
    fn pair_moved_down(
        &mut self,
        bracket: &Bracket,
        base: &Base<L>,
        stable: &mut Vec<usize>,
        matched: &mut [bool],
    ) {
        let vertices = &bracket.vertices;
        for index in 0..bracket.moved_down {
            let vertex = vertices[index];
            if !matched[vertex] {
                continue;
            }
            let mut addend = vertices.len() as u64;
            for opponent in (bracket.moved_down..bracket.residents_end).rev() {
                let opponent_vertex = vertices[opponent];
                if matched[opponent_vertex] {
                    continue;
                }
                let weight = base[opponent][index];
                if !weight.is_zero() {
                    self.set(vertex, opponent_vertex, weight.plus(addend));
                    addend += 1;
                }
            }
            *stable = self.matching();
            let partner = stable[vertex];
            matched[partner] = true;
            self.finalize(vertex, partner);
        }
    }

    /// A remainder edge's weight, with the bands that minimise the number
    /// of exchanges and the difference of the exchanged numbers.
    fn exchange_weight(
        &self,
        base: &Base<L>,
        smaller: usize,
        larger: usize,
        position: usize,
        pairs: usize,
    ) -> Wide<L> {
        let weight = base[larger][smaller];
        if weight.is_zero() {
            return weight;
        }
        let g = self.layout.group_bits;
        let addend = Wide::<L>::from_u64(u64::from(position < pairs))
            .shifted_left(g)
            .shifted_left(g)
            .minus(position as u64)
            .shifted_left(1);
        weight.wrapping_add(addend)
    }

    fn pair_remainder(
        &mut self,
        bracket: &Bracket,
        base: &mut Base<L>,
        stable: &mut Vec<usize>,
        matched: &mut [bool],
    ) {
        let vertices = &bracket.vertices;
        let mut remainder = Vec::new();
        let mut pairs = 0;
        let residents = bracket.moved_down..bracket.residents_end;
        for (index, &vertex) in residents.clone().zip(&vertices[residents]) {
            if stable[vertex] < bracket.first_vertex {
                continue;
            }
            remainder.push(index);
            if stable[vertex] < vertex {
                pairs += 1;
            }
        }
        for (at, &opponent) in remainder.iter().enumerate() {
            for (position, &player) in remainder[..at].iter().enumerate() {
                let weight = self.exchange_weight(base, player, opponent, position, pairs);
                self.set(vertices[player], vertices[opponent], weight);
            }
        }
        *stable = self.matching();
        let exchanges = remainder[..pairs]
            .iter()
            .filter(|&&index| !leads(stable, bracket, vertices[index]))
            .count();
        self.exchange_from_first_half(bracket, base, stable, &remainder, pairs, exchanges);
        self.exchange_from_second_half(bracket, base, stable, &remainder, pairs, exchanges);
        for (at, &player) in remainder.iter().enumerate() {
            let vertex = vertices[player];
            for &opponent in &remainder[at + 1..] {
                let opponent_vertex = vertices[opponent];
                if !leads(stable, bracket, vertex) || leads(stable, bracket, opponent_vertex) {
                    base[opponent][player] = Wide::ZERO;
                }
                self.set(vertex, opponent_vertex, base[opponent][player]);
            }
        }
        self.pair_first_half(bracket, base, stable, &remainder, matched);
    }

    /// The lowest players of the first half that can go to the second.
    fn exchange_from_first_half(
        &mut self,
        bracket: &Bracket,
        base: &mut Base<L>,
        stable: &mut Vec<usize>,
        remainder: &[usize],
        pairs: usize,
        exchanges: usize,
    ) {
        let vertices = &bracket.vertices;
        let mut remaining = exchanges;
        let mut at = pairs;
        while at != 0 && remaining > 0 {
            let opponents_from = at;
            at -= 1;
            let position = at;
            let player = remainder[at];
            let vertex = vertices[player];
            if leads(stable, bracket, vertex) {
                for &opponent in &remainder[opponents_from..] {
                    let weight = self.exchange_weight(base, player, opponent, position, pairs);
                    if !weight.is_zero() {
                        self.set(vertex, vertices[opponent], weight.minus(1));
                    }
                }
                *stable = self.matching();
            }
            let exchange = !leads(stable, bracket, vertex);
            remaining -= usize::from(exchange);
            for &opponent in &remainder[at + 1..] {
                if exchange {
                    base[opponent][player] = Wide::ZERO;
                }
                let weight = self.exchange_weight(base, player, opponent, position, pairs);
                self.set(vertex, vertices[opponent], weight);
            }
        }
    }

    /// The highest players of the second half that can go to the first.
    fn exchange_from_second_half(
        &mut self,
        bracket: &Bracket,
        base: &mut Base<L>,
        stable: &mut Vec<usize>,
        remainder: &[usize],
        pairs: usize,
        exchanges: usize,
    ) {
        let vertices = &bracket.vertices;
        let mut remaining = exchanges;
        let mut at = pairs;
        while at < remainder.len() && remaining > 1 {
            let player = remainder[at];
            let vertex = vertices[player];
            let position = at;
            let already = leads(stable, bracket, vertex);
            if !already {
                for &opponent in &remainder[at + 1..] {
                    let weight = self.exchange_weight(base, player, opponent, position, pairs);
                    if !weight.is_zero() {
                        self.set(vertex, vertices[opponent], weight.plus(1));
                    }
                }
                *stable = self.matching();
            }
            if leads(stable, bracket, vertex) {
                remaining -= 1;
                for &opponent in &remainder[..at] {
                    base[player][opponent] = Wide::ZERO;
                    self.set(vertex, vertices[opponent], Wide::ZERO);
                }
                for next in bracket.residents_end..vertices.len() {
                    base[next][player] = Wide::ZERO;
                    self.set(vertex, vertices[next], Wide::ZERO);
                }
            }
            if !already {
                for &opponent in &remainder[at + 1..] {
                    let weight = self.exchange_weight(base, player, opponent, position, pairs);
                    self.set(vertex, vertices[opponent], weight);
                }
            }
            at += 1;
        }
    }

    /// Each player of the first half meets the highest opponent possible.
    fn pair_first_half(
        &mut self,
        bracket: &Bracket,
        base: &Base<L>,
        stable: &mut Vec<usize>,
        remainder: &[usize],
        matched: &mut [bool],
    ) {
        let vertices = &bracket.vertices;
        for &player in remainder {
            let vertex = vertices[player];
            if !leads(stable, bracket, vertex) {
                continue;
            }
            let mut addend = 0u64;
            for &opponent in remainder.iter().rev() {
                let opponent_vertex = vertices[opponent];
                if opponent <= player || matched[opponent_vertex] {
                    continue;
                }
                let weight = base[opponent][player];
                if !weight.is_zero() {
                    self.set(vertex, opponent_vertex, weight.plus(addend));
                }
                addend += 1;
            }
            *stable = self.matching();
            let partner = stable[vertex];
            matched[vertex] = true;
            matched[partner] = true;
            self.finalize(vertex, partner);
        }
    }

    /// Records the bracket's pairs; the unpaired go down to the next.
    fn next_bracket(
        &mut self,
        state: &mut Brackets,
        bracket: &Bracket,
        stable: &[usize],
        group: usize,
    ) {
        let n = self.sorted.len();
        let mut single = n % 2 == 1 && group < n && self.bye.score >= self.score(group);
        let mut players = Vec::new();
        let mut moved_down = 0;
        for (index, &vertex) in bracket.vertices.iter().enumerate() {
            if index < bracket.residents_end && state.matched[vertex] {
                state.pairs.push((vertex, stable[vertex]));
            } else {
                players.push(vertex);
                if index < bracket.residents_end {
                    moved_down += 1;
                }
                if single && self.score(stable[vertex]) < self.score(group) {
                    single = false;
                }
            }
        }
        state.players = players;
        state.moved_down = moved_down;
        state.group_start = bracket.end_vertex;
        self.bye.single_downfloater = single;
    }
}

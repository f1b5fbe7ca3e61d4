//! The lines that show why an exercise's answer is right, and why another
//! move is wrong: the solution's line carried on until its gain is taken,
//! and each other move's refutation (the opponent's best reply, and what
//! its line wins), both read from the engine's analysis and replayed with
//! the rules.

use serde::Serialize;

use super::{Options, analyse};
use crate::analysis::Analyser;
use crate::teach::{self, NamedHouse, TeachId};
use crate::{House, Position, Side};

/// Why one other move is wrong: the opponent's best reply and what it
/// wins, and how much worse the move is than the solution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refutation {
    /// The move.
    #[serde(rename = "move")]
    pub played: NamedHouse,
    /// Seeds the move itself takes from the opponent's houses.
    pub takes: i32,
    /// The opponent's best reply (none when the move ends the game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply: Option<NamedHouse>,
    /// The term of the vocabulary the reply illustrates: `teach.grenier`
    /// (it plays a grenier that takes seeds), `teach.double-threat` (it
    /// leaves the opponent a double threat he did not have),
    /// `teach.threat` (it takes seeds or makes a threat); none for a quiet
    /// reply.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub term: Option<TeachId>,
    /// The opponent's line from the reply on, until what it wins is taken
    /// (it ends on a move of the opponent).
    pub line: Vec<NamedHouse>,
    /// Seeds of store difference the opponent's line wins: its captures
    /// minus the solver's along it.
    pub wins: i32,
    /// How many seeds of final score difference the move is worse than the
    /// solution, by the analysis at the proof's depth: at least the proof's
    /// margin.
    pub worse: i32,
}

/// The seeds of store difference `side` has won after each ply of `line`
/// played from `position` (its store's growth minus the other side's);
/// shorter than `line` where a move is illegal.
#[must_use]
pub fn nets(position: &Position, line: &[House], side: Side) -> Vec<i32> {
    let lead = |p: &Position| {
        let stores = p.stores();
        i64::from(stores[side]) - i64::from(stores[side.opposite()])
    };
    let base = lead(position);
    let mut here = *position;
    let mut nets = Vec::with_capacity(line.len());
    for &house in line {
        let Ok((next, _)) = here.after(house) else {
            break;
        };
        here = next;
        nets.push(i32::try_from(lead(&here) - base).unwrap_or(0));
    }
    nets
}

/// Where a line whose side moves at its odd plies (1, 3, …) has taken its
/// gain: the first of those plies, from `least` on, at which that side's
/// winnings ([`nets`]) are the largest. A line shorter than `least` is
/// kept whole up to its last move of that side.
#[must_use]
pub fn gain_taken(nets: &[i32], least: usize) -> usize {
    let ends: Vec<usize> = (1..=nets.len()).step_by(2).collect();
    let from = if nets.len() >= least { least } else { 1 };
    let candidates: Vec<usize> = ends.into_iter().filter(|&k| k >= from).collect();
    let best = candidates.iter().map(|&k| nets[k - 1]).max();
    candidates
        .into_iter()
        .find(|&k| Some(nets[k - 1]) == best)
        .unwrap_or(0)
}

/// The line played from `position`: the moves of `pv` while they are
/// legal, then the analysis's best move at `depth` each ply, at most
/// `plies` moves, until the game ends.
fn carried_on(
    analyser: &Analyser,
    position: &Position,
    pv: &[House],
    depth: u32,
    plies: usize,
) -> Vec<House> {
    let mut line = Vec::new();
    let mut here = *position;
    let mut following = true;
    while line.len() < plies {
        let next = match pv.get(line.len()) {
            Some(&house) if following => house,
            _ => {
                following = false;
                match analyse(analyser, &here, depth) {
                    Some(values) => values.moves[0].house,
                    None => break,
                }
            }
        };
        match here.after(next) {
            Ok((after, _)) => {
                here = after;
                line.push(next);
            }
            // The analysis's line left the rules' (it should not): the
            // analysis carries on from here.
            Err(_) if following => following = false,
            Err(_) => break,
        }
    }
    line
}

/// Whether the game is over after `line` played from `position`.
#[must_use]
pub fn ends_game(position: &Position, line: &[House]) -> bool {
    let mut here = *position;
    for &house in line {
        match here.after(house) {
            Ok((next, _)) => here = next,
            Err(_) => return false,
        }
    }
    here.turn().is_err()
}

/// The solution line: the proof's principal line from the solution (then
/// the analysis's best moves), cut where the solver's winnings are the
/// largest, and at least the solution, the opponent's best reply and the
/// solver's next move when the game lasts that long: the line shows the
/// answer to the solution, and goes on until the gain is taken.
pub(super) fn solution_line(
    analyser: &Analyser,
    position: &Position,
    pv: &[House],
    solution: House,
    options: &Options,
) -> (Vec<House>, i32) {
    let pv = if pv.first() == Some(&solution) {
        pv
    } else {
        &[solution][..]
    };
    let line = carried_on(
        analyser,
        position,
        pv,
        options.depth,
        options.line_plies.max(1),
    );
    let won = nets(position, &line, position.to_move());
    let mut end = gain_taken(&won, 3).max(1);
    // A reply that ends the game is part of the line: the game's end is
    // what the solution wins.
    if line.len() < 3 && ends_game(position, &line) {
        end = line.len();
    }
    let gain = won.get(end - 1).copied().unwrap_or(0);
    (line[..end.min(line.len())].to_vec(), gain)
}

/// The refutation of `played` (another move than the solution) in
/// `position`, whose solution is worth `value`: the analysis of the
/// position after it at `depth` (its best reply and line, cut where the
/// opponent's winnings are the largest) and the move's value. `None` when
/// the analysis cannot tell (the position too large).
pub(super) fn refutation(
    analyser: &Analyser,
    position: &Position,
    played: House,
    value: i32,
    (depth, plies): (u32, usize),
) -> Option<Refutation> {
    let rules = position.rules();
    let mover = position.to_move();
    let (after, _) = position.after(played).ok()?;
    let takes = nets(position, &[played], mover)
        .first()
        .copied()
        .unwrap_or(0);
    let named = |line: &[House]| -> Vec<NamedHouse> {
        line.iter().map(|&h| NamedHouse::new(h, rules)).collect()
    };
    if after.turn().is_err() {
        // The move ends the game: its value is the final score difference.
        let stores = after.stores();
        let own = i32::try_from(i64::from(stores[mover]) - i64::from(stores[mover.opposite()]))
            .unwrap_or(0);
        return Some(Refutation {
            played: NamedHouse::new(played, rules),
            takes,
            reply: None,
            term: None,
            line: Vec::new(),
            wins: 0,
            worse: value - own,
        });
    }
    let values = analyse(analyser, &after, depth)?;
    let best = values.moves[0];
    let pv = if values.pv.first() == Some(&best.house) {
        values.pv.clone()
    } else {
        vec![best.house]
    };
    let line = carried_on(analyser, &after, &pv, depth.min(4), plies);
    let won = nets(&after, &line, mover.opposite());
    let end = gain_taken(&won, 1).max(1).min(line.len());
    Some(Refutation {
        played: NamedHouse::new(played, rules),
        takes,
        reply: Some(NamedHouse::new(best.house, rules)),
        term: reply_term(&after, best.house),
        line: named(&line[..end]),
        wins: won.get(end - 1).copied().unwrap_or(0),
        worse: value + best.value,
    })
}

/// The term a reply illustrates ([`Refutation::term`]), read from the
/// vocabulary as the exercises' motifs are.
fn reply_term(position: &Position, reply: House) -> Option<TeachId> {
    if super::plays_grenier(position, reply) {
        return Some(TeachId::Grenier);
    }
    let mover = position.to_move();
    let (after, _) = position.after(reply).ok()?;
    let had_double = teach::explain(position)
        .double_threats
        .iter()
        .any(|d| d.side == mover);
    if !had_double
        && teach::explain(&after)
            .double_threats
            .iter()
            .any(|d| d.side == mover)
    {
        return Some(TeachId::DoubleThreat);
    }
    teach::move_effects(position)
        .iter()
        .find(|effect| effect.played.house == reply)
        .filter(|effect| effect.captures > 0 || !effect.creates.is_empty())
        .map(|_| TeachId::Threat)
}

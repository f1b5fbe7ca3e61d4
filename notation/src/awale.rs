//! The Awalé rules (`awale.*`) and the oware abapa differences (`abapa.*`).
//!
//! Boards are in sowing-cycle order (South `a..f`, then North `a..f`).

use crate::engine::{Capture, MoveStatus, capture_chain};
use crate::position::{MAX_PITS, Position};
use crate::rule::{RuleId, RuleSet};
use crate::ruleset::Ruleset;
use crate::side::{Score, Side};
use crate::songo::Played;

const WIDTH: usize = 6;
const PITS: usize = 2 * WIDTH;

/// `awale.sow`, `awale.sow.skip-origin`: sows the seeds of `origin`
/// counter-clockwise and returns the house of the last seed.
pub(crate) fn sow(pits: &mut [u32; MAX_PITS], origin: usize, applied: &mut RuleSet) -> usize {
    let seeds = pits[origin];
    pits[origin] = 0;
    applied.insert(RuleId::AwaleSow);
    if seeds >= 12 {
        applied.insert(RuleId::AwaleSowSkipOrigin);
    }
    // Each lap feeds the 11 other houses; computed, not looped.
    let (laps, extra) = (seeds / 11, (seeds % 11) as usize);
    if laps > 0 {
        for (index, pit) in pits[..PITS].iter_mut().enumerate() {
            if index != origin {
                *pit += laps;
            }
        }
    }
    for step in 1..=extra {
        pits[(origin + step) % PITS] += 1;
    }
    let steps = if extra == 0 { PITS - 1 } else { extra };
    (origin + steps) % PITS
}

/// Plays a move: sowing, then `awale.capture.chain`, with the abapa grand
/// slam (`abapa.grand-slam`) or the awalé feeding check (`awale.feed`).
///
/// Returns `None` when the move is illegal under `awale.feed`.
pub(crate) fn play(position: &Position, origin: usize) -> Option<Played> {
    let mover = position.to_move;
    let opponent = mover.opposite().index() * WIDTH;
    let mut pits = position.pits;
    let mut applied = RuleSet::EMPTY;
    let last = sow(&mut pits, origin, &mut applied);
    let sown = pits;
    let mut capture = Capture::NONE;
    if (opponent..opponent + WIDTH).contains(&last) {
        let chain = capture_chain(&pits, opponent, last, 2..=3);
        let camp: u32 = pits[opponent..opponent + WIDTH].iter().sum();
        if chain.seeds > 0 && chain.seeds == camp {
            if position.rules == Ruleset::OwareAbapa {
                applied.insert(RuleId::AbapaGrandSlam);
            } else {
                // Capturing every seed would starve the opponent.
                return None;
            }
        } else if chain.seeds > 0 {
            applied.insert(RuleId::AwaleCaptureChain);
            chain.take(&mut pits);
            capture = chain;
        }
    }
    if pits[opponent..opponent + WIDTH].iter().all(|&n| n == 0) {
        // `awale.feed` / `abapa.feed`: the opponent must have a seed after the move.
        return None;
    }
    let mut stores = position.stores;
    stores[mover] += capture.seeds;
    Some(Played {
        sown,
        pits,
        stores,
        capture,
        conceded: 0,
        applied,
    })
}

/// Legal moves: every non-empty house that leaves the opponent a seed.
pub(crate) fn analyse(position: &Position, statuses: &mut [MoveStatus; 7]) {
    let own = position.to_move.index() * WIDTH;
    let feed_rule = match position.rules {
        Ruleset::OwareAbapa => RuleId::AbapaFeed,
        _ => RuleId::AwaleFeed,
    };
    for (index, status) in statuses.iter_mut().enumerate().take(WIDTH) {
        *status = if position.pits[own + index] == 0 {
            MoveStatus::Empty
        } else if play(position, own + index).is_some() {
            MoveStatus::Legal
        } else {
            MoveStatus::Illegal(feed_rule)
        };
    }
    statuses[WIDTH] = MoveStatus::Empty;
}

/// `abapa.end` by the stores: more than half the seeds, or half each.
pub(crate) fn abapa_store_end(stores: Score) -> bool {
    stores.south > 24 || stores.north > 24 || (stores.south == 24 && stores.north == 24)
}

/// The final score at `abapa.end`: each player adds the seeds of his camp.
pub(crate) fn abapa_score(position: &Position) -> Score {
    let mut score = position.stores;
    for side in Side::BOTH {
        score[side] += position.camp_seeds(side);
    }
    score
}

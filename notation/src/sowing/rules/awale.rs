//! The Awalé rules (`awale.*`) and the oware abapa differences (`abapa.*`).
//!
//! Boards are in sowing-cycle order (South `a..f`, then North `a..f`).

use crate::rule::{RuleId, RuleIds};
use crate::ruleset::Ruleset;
use crate::side::{Score, Side};
use crate::sowing::position::{BOARD, Board, Position};
use crate::sowing::rules::common::{Analysis, Capture, Effect, MoveStatus, capture_chain};

const WIDTH: usize = 6;
const PITS: usize = 2 * WIDTH;

/// `awale.sow`, `awale.sow.skip-origin`: sows the seeds of `origin`
/// counter-clockwise and returns the house of the last seed.
///
/// Each house's new count is computed from its distance to the origin, over
/// the whole board at once: no loop over the seeds.
#[inline(always)]
pub(crate) fn sow(pits: &mut Board, origin: usize, applied: &mut RuleIds) -> usize {
    let seeds = pits[origin];
    applied.insert(RuleId::AwaleSow);
    if seeds >= 12 {
        applied.insert(RuleId::AwaleSowSkipOrigin);
    }
    // Each lap feeds the 11 other houses once; the origin (which may hold
    // up to `u32::MAX`, hence the wrapping addition) and the padding past
    // the 12 houses are masked to 0.
    let (laps, extra) = (seeds / 11, seeds % 11);
    // A mask, not a division, keeps the row in the table (origins are
    // below 12; the rows past them are never used).
    for (pit, &steps) in pits.iter_mut().zip(&STEPS[origin & (BOARD - 1)]) {
        let house = u32::from(steps < PITS as u32);
        *pit = pit.wrapping_add(laps + u32::from(steps <= extra)) & 0u32.wrapping_sub(house);
    }
    let steps = if extra == 0 { PITS - 1 } else { extra as usize };
    // `origin + steps` is below 2 × 12: a conditional subtraction, not a
    // division.
    let ahead = origin + steps;
    if ahead >= PITS { ahead - PITS } else { ahead }
}

/// For each origin, how many steps along the cycle lead to each house: 1
/// for the next house, 12 for the origin itself, `u32::MAX` for the padding
/// past the 12 houses. Read from a table rather than computed, so that the
/// compiler treats the lanes alike and sows in whole vectors.
static STEPS: [Board; BOARD] = {
    let mut table = [[u32::MAX; BOARD]; BOARD];
    let mut origin = 0;
    while origin < PITS {
        let mut index = 0;
        while index < PITS {
            table[origin][index] = ((index + PITS - origin - 1) % PITS + 1) as u32;
            index += 1;
        }
        origin += 1;
    }
    table
};

/// Plays a move on `position`: sowing, then `awale.capture.chain`, with the
/// abapa grand slam (`abapa.grand-slam`). `sown` receives the board after
/// sowing.
///
/// A move that breaks `awale.feed` by taking every seed of the opponent is
/// only played by `play_anyway`: it is sown and captures nothing.
pub(crate) fn play(position: &mut Position, sown: Option<&mut Board>, origin: usize) -> Effect {
    let mover = position.to_move;
    let opponent = mover.opposite().index() * WIDTH;
    let mut applied = RuleIds::EMPTY;
    let mut pits = position.pits;
    let last = sow(&mut pits, origin, &mut applied);
    if let Some(sown) = sown {
        *sown = pits;
    }
    let mut capture = Capture::NONE;
    if (opponent..opponent + WIDTH).contains(&last) {
        let chain = capture_chain(&pits, opponent, last, 2..=3);
        let camp: u32 = pits[opponent..opponent + WIDTH].iter().sum();
        if chain.seeds > 0 && chain.seeds == camp {
            if position.rules == Ruleset::OwareAbapa {
                applied.insert(RuleId::AbapaGrandSlam);
            }
        } else if chain.seeds > 0 {
            applied.insert(RuleId::AwaleCaptureChain);
            chain.take(&mut pits);
            capture = chain;
        }
    }
    position.pits = pits;
    position.stores[mover] += capture.seeds;
    Effect {
        capture,
        conceded: 0,
        applied,
    }
}

/// Whether a move leaves the opponent's camp without a seed, captures
/// included (`awale.feed`; under `abapa.feed` a grand slam leaves the seeds).
fn starves(position: &Position, origin: usize) -> bool {
    let opponent = position.to_move.opposite().index() * WIDTH;
    let mut pits = position.pits;
    let last = sow(&mut pits, origin, &mut RuleIds::default());
    let camp: u32 = pits[opponent..opponent + WIDTH].iter().sum();
    camp == 0
        || (position.rules == Ruleset::Awale
            && (opponent..opponent + WIDTH).contains(&last)
            && capture_chain(&pits, opponent, last, 2..=3).seeds == camp)
}

/// The feeding rule that may forbid moves in this position, `None` when
/// every non-empty house is legal.
fn feed_rule(position: &Position) -> Option<RuleId> {
    let opponent = position.to_move.opposite().index() * WIDTH;
    let camp = &position.pits[opponent..opponent + WIDTH];
    // Both read every house, with no early exit: which house decides is
    // random from move to move, and a branch on it would be mispredicted.
    let starving = camp.iter().fold(0, |seen, &n| seen | n) == 0;
    // Sowing only adds seeds to the opponent's houses, and a house holding 4
    // or more can never be captured: then no move can take every seed.
    let safe = camp.iter().fold(false, |seen, &n| seen | (n >= 4));
    match position.rules {
        // `abapa.feed`: with seeds in the opponent's camp every move is
        // legal (a grand slam captures nothing); without, a move must reach it.
        Ruleset::OwareAbapa if !starving => None,
        Ruleset::Awale if safe => None,
        Ruleset::OwareAbapa => Some(RuleId::AbapaFeed),
        _ => Some(RuleId::AwaleFeed),
    }
}

/// Legal moves: every non-empty house that leaves the opponent a seed
/// (`awale.feed`, `abapa.feed`).
pub(crate) fn analyse(position: &Position) -> Analysis {
    let own = position.to_move.index() * WIDTH;
    let mut analysis = Analysis::of_camp(&position.pits[own..own + WIDTH]);
    let Some(feed_rule) = feed_rule(position) else {
        return analysis;
    };
    for index in 0..WIDTH {
        if analysis.is_legal(index) && starves(position, own + index) {
            analysis.forbid(index, feed_rule);
        }
    }
    analysis
}

/// Quick legality of one house of the side to move, from its own trial
/// sowing alone (a validator checks one move, not all six). `None`: ask
/// [`analyse`], which also tells why a move is not legal.
pub(crate) fn quick_status(position: &Position, camp_index: usize) -> Option<MoveStatus> {
    let origin = position.to_move.index() * WIDTH + camp_index;
    let legal =
        position.pits[origin] > 0 && (feed_rule(position).is_none() || !starves(position, origin));
    legal.then_some(MoveStatus::Legal)
}

/// `abapa.end` by the stores: more than half the seeds, or half each.
#[inline]
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

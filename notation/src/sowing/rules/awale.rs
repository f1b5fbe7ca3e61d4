//! The Awalé rules (`awale.*`) and the oware abapa differences (`abapa.*`).
//!
//! Boards are in sowing-cycle order (South `a..f`, then North `a..f`).

use crate::rule::{RuleId, RuleIds};
use crate::ruleset::Ruleset;
use crate::side::{Score, Side};
use crate::sowing::houses::{Houses, Pits};
use crate::sowing::position::{House, Position};
use crate::sowing::rules::common::{Analysis, Capture, Effect, MoveStatus, capture_chain};

const WIDTH: usize = 6;
const PITS: usize = 2 * WIDTH;
/// The lanes of a whole camp (see [`Houses`]).
const CAMP: u32 = (1 << WIDTH) - 1;

/// `awale.sow`, `awale.sow.skip-origin`: sows the seeds of `origin`
/// counter-clockwise and returns the house of the last seed.
///
/// The seeds go to runs of houses at once, whatever their number: no loop
/// over the seeds.
#[inline(always)]
pub(crate) fn sow<H: Houses>(pits: &mut H, origin: usize, applied: &mut RuleIds) -> usize {
    let seeds = pits.get(origin);
    applied.insert(RuleId::AwaleSow);
    if seeds >= 12 {
        applied.insert(RuleId::AwaleSowSkipOrigin);
    }
    // Each lap feeds the 11 other houses once, never the origin.
    let (laps, extra) = (seeds / 11, seeds % 11);
    pits.empty(origin);
    pits.add_after(origin, PITS, PITS - 1, laps);
    pits.add_after(origin, PITS, extra as usize, 1);
    let steps = if extra == 0 { PITS - 1 } else { extra as usize };
    // `origin + steps` is below 2 × 12: a conditional subtraction, not a
    // division.
    let ahead = origin + steps;
    if ahead >= PITS { ahead - PITS } else { ahead }
}

/// Plays a move on `position`: sowing, then `awale.capture.chain`, with the
/// abapa grand slam (`abapa.grand-slam`). `sown` receives the board after
/// sowing. `board` is the position's houses (see `songo::play`).
///
/// A move that breaks `awale.feed` by taking every seed of the opponent is
/// only played by `play_anyway`: it is sown and captures nothing.
#[inline]
pub(crate) fn play(
    position: &mut Position,
    board: Pits,
    sown: Option<&mut Pits>,
    origin: usize,
) -> Effect {
    match board {
        Pits::Narrow(pits) => play_on(position, pits, sown, origin),
        Pits::Wide(pits) => play_on(position, pits, sown, origin),
    }
}

/// [`play`] on the position's houses, `pits`, in their form.
#[inline(always)]
fn play_on<H: Houses>(
    position: &mut Position,
    mut pits: H,
    sown: Option<&mut Pits>,
    origin: usize,
) -> Effect {
    let mover = position.to_move;
    let opponent = mover.opposite().index() * WIDTH;
    let mut applied = RuleIds::EMPTY;
    let last = sow(&mut pits, origin, &mut applied);
    if let Some(sown) = sown {
        *sown = pits.into_pits();
    }
    let mut capture = Capture::NONE;
    if (opponent..opponent + WIDTH).contains(&last) {
        let chain = capture_chain(&pits, opponent, last, 2..=3);
        let camp = pits.sum_of(opponent, CAMP);
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
    position.pits = pits.into_pits();
    position.stores[mover] += capture.seeds;
    Effect {
        capture,
        conceded: 0,
        applied,
    }
}

/// Whether each move of `moves` (a list of this position) may take seeds
/// off the board, bit `i` for the move at index `i`
/// ([`Position::moves_taking_seeds`]). The board's form is matched once
/// for the whole list.
#[inline]
pub(crate) fn may_take_seeds(position: &Position, moves: &[House]) -> u8 {
    match &position.pits {
        Pits::Narrow(pits) => takes_of(position, pits, moves),
        Pits::Wide(pits) => takes_of(position, pits, moves),
    }
}

/// [`may_take_seeds`] on the position's houses, `pits`, in their form.
#[inline(always)]
fn takes_of<H: Houses>(position: &Position, pits: &H, moves: &[House]) -> u8 {
    let mut takes = 0;
    for (index, house) in moves.iter().enumerate() {
        let origin = house.cycle_at(position.rules);
        takes |= u8::from(may_take_from(position, pits, origin)) << (index & 7);
    }
    takes
}

/// Whether the move from `origin` may take seeds: `false` only for a
/// sowing of fewer than 12 seeds whose last house cannot start a capture.
/// Such a sowing puts one seed in each of the houses after the origin, so
/// the last house is found, and its count after the sowing, without
/// sowing. Every test is worked out, with no branch: which way each goes
/// is random, and a branch on it was mispredicted.
#[inline(always)]
fn may_take_from<H: Houses>(position: &Position, pits: &H, origin: usize) -> bool {
    let seeds = pits.get(origin);
    // Below 12 seeds `origin + seeds` is below 2 × 12: a conditional
    // subtraction (more seeds are answered at once, whatever house this
    // finds).
    let ahead = origin.wrapping_add(seeds as usize);
    let last = if ahead >= PITS { ahead - PITS } else { ahead };
    let opponent = position.to_move.opposite().index() * WIDTH;
    // A chain starts from a house of the opponent's camp holding 2 or 3
    // seeds once sown (1 or 2 before).
    let starts_chain =
        (last >= opponent) & (last < opponent + WIDTH) & (pits.get(last).wrapping_sub(1) < 2);
    (seeds >= 12) | starts_chain
}

/// Whether a move leaves the opponent's camp without a seed, captures
/// included (`awale.feed`; under `abapa.feed` a grand slam leaves the seeds).
fn starves<H: Houses>(position: &Position, pits: &H, origin: usize) -> bool {
    let opponent = position.to_move.opposite().index() * WIDTH;
    let mut pits = *pits;
    let last = sow(&mut pits, origin, &mut RuleIds::default());
    let camp = pits.sum_of(opponent, CAMP);
    camp == 0
        || (position.rules == Ruleset::Awale
            && (opponent..opponent + WIDTH).contains(&last)
            && capture_chain(&pits, opponent, last, 2..=3).seeds == camp)
}

/// The feeding rule that may forbid moves in this position, `None` when
/// every non-empty house is legal.
fn feed_rule<H: Houses>(position: &Position, pits: &H) -> Option<RuleId> {
    let opponent = position.to_move.opposite().index() * WIDTH;
    // Both read the whole camp at once, with no early exit: which house
    // decides is random from move to move, and a branch on it would be
    // mispredicted.
    let starving = pits.none_in(opponent, CAMP);
    // Sowing only adds seeds to the opponent's houses, and a house holding 4
    // or more can never be captured: then no move can take every seed.
    let safe = pits.holding(opponent, 0, 3) & CAMP != CAMP;
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
    match &position.pits {
        Pits::Narrow(pits) => analyse_on(position, pits),
        Pits::Wide(pits) => analyse_on(position, pits),
    }
}

/// [`analyse`] on the position's houses, `pits`, in their form.
#[inline(always)]
fn analyse_on<H: Houses>(position: &Position, pits: &H) -> Analysis {
    let own = position.to_move.index() * WIDTH;
    let mut analysis = Analysis::of_camp(pits, own, WIDTH);
    let Some(feed_rule) = feed_rule(position, pits) else {
        return analysis;
    };
    for index in 0..WIDTH {
        if analysis.is_legal(index) && starves(position, pits, own + index) {
            analysis.forbid(index, feed_rule);
        }
    }
    analysis
}

/// Quick legality of one house of the side to move, from its own trial
/// sowing alone (a validator checks one move, not all six). `None`: ask
/// [`analyse`], which also tells why a move is not legal.
pub(crate) fn quick_status(position: &Position, camp_index: usize) -> Option<MoveStatus> {
    match &position.pits {
        Pits::Narrow(pits) => quick_status_on(position, pits, camp_index),
        Pits::Wide(pits) => quick_status_on(position, pits, camp_index),
    }
}

/// [`quick_status`] on the position's houses, `pits`, in their form.
fn quick_status_on<H: Houses>(
    position: &Position,
    pits: &H,
    camp_index: usize,
) -> Option<MoveStatus> {
    let origin = position.to_move.index() * WIDTH + camp_index;
    let legal = pits.get(origin) > 0
        && (feed_rule(position, pits).is_none() || !starves(position, pits, origin));
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

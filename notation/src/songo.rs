//! The Songo rules (`songo.*`), for the `songo` and `songo-ekang` rulesets.
//!
//! Each function implements one rule family of `docs/rules.md`; the rule ids
//! are cited where they apply. Boards are in sowing-cycle order
//! (`S6 … S0 N0 … N6`), camps are indexed from their entry house.

use crate::engine::{Capture, Landing, MoveStatus, capture_chain};
use crate::position::{MAX_PITS, Position};
use crate::rule::{RuleId, RuleSet};
use crate::ruleset::Ruleset;
use crate::side::Side;

const WIDTH: usize = 7;
const EXIT: usize = WIDTH - 1;

/// `songo.sow`, `songo.sow.lap`, `songo.sow.lone-seed`: sows the seeds of
/// `origin` and says where the last one fell.
pub(crate) fn sow(pits: &mut [u32; MAX_PITS], origin: usize, applied: &mut RuleSet) -> Landing {
    let seeds = pits[origin];
    pits[origin] = 0;
    applied.insert(RuleId::Sow);
    if seeds < 14 {
        // At most 13 seeds: they never come back to the origin.
        for step in 1..=seeds as usize {
            pits[(origin + step) % MAX_PITS] += 1;
        }
        return Landing::House((origin + seeds as usize) % MAX_PITS);
    }
    applied.insert(RuleId::SowLap);
    for (index, pit) in pits.iter_mut().enumerate() {
        if index != origin {
            *pit += 1;
        }
    }
    let opponent = if origin < WIDTH { WIDTH } else { 0 };
    let rest = seeds - 13;
    // Computed, not looped: a house may hold billions of seeds.
    let (rounds, extra) = (rest / 7, (rest % 7) as usize);
    if extra == 1 {
        // The last seed would fall in the opponent's entry house.
        applied.insert(RuleId::SowLoneSeed);
        for pit in &mut pits[opponent..opponent + WIDTH] {
            *pit += rounds;
        }
        return Landing::Kept;
    }
    for (index, pit) in pits[opponent..opponent + WIDTH].iter_mut().enumerate() {
        *pit += rounds + u32::from(index < extra);
    }
    let last = if extra == 0 { EXIT } else { extra - 1 };
    Landing::House(opponent + last)
}

/// `songo.capture.*`: what the last seed captures, applied to `pits`.
pub(crate) fn capture(
    pits: &mut [u32; MAX_PITS],
    last: usize,
    mover: Side,
    applied: &mut RuleSet,
) -> Capture {
    let opponent = mover.opposite().index() * WIDTH;
    if !(opponent..opponent + WIDTH).contains(&last) {
        return Capture::NONE;
    }
    if last == opponent {
        // Reported only when it holds a capture back (the house holds 2-4),
        // like `songo.capture.no-emptying`.
        if (2..=4).contains(&pits[last]) {
            applied.insert(RuleId::CaptureEntry);
        }
        return Capture::NONE;
    }
    let chain = capture_chain(pits, opponent, last, 2..=4);
    if chain.seeds == 0 {
        return Capture::NONE;
    }
    let camp: u32 = pits[opponent..opponent + WIDTH].iter().sum();
    if chain.seeds == camp {
        applied.insert(RuleId::CaptureNoEmptying);
        return Capture::NONE;
    }
    applied.insert(RuleId::CaptureChain);
    chain.take(pits);
    chain
}

/// Plays a move whose legality has been checked: sowing, then captures, or
/// the forced exit of `songo.exit.forced`.
pub(crate) fn play(position: &Position, origin: usize, forced: bool) -> Played {
    let mover = position.to_move;
    let mut pits = position.pits;
    let mut applied = RuleSet::EMPTY;
    let mut stores = position.stores;
    let seeds = pits[origin];
    if forced {
        applied.insert(RuleId::ExitForced);
        match (position.rules, seeds) {
            // The ekang text: the 1 or 2 seeds go to the opponent.
            (Ruleset::SongoEkang, _) => {
                pits[origin] = 0;
                stores[mover.opposite()] += seeds;
                return Played::unsown(pits, stores, 0, seeds, applied);
            }
            // Gap-fill for `songo`: a forced lone seed goes to the mover, like
            // `songo.sow.lone-seed`; a forced pair is sown normally.
            (_, 1) => {
                pits[origin] = 0;
                stores[mover] += 1;
                return Played::unsown(pits, stores, 1, 0, applied);
            }
            _ => {}
        }
    }
    let landing = sow(&mut pits, origin, &mut applied);
    let sown = pits;
    let capture = match landing {
        Landing::Kept => Capture {
            seeds: 1,
            houses: 0,
        },
        Landing::House(last) => capture(&mut pits, last, mover, &mut applied),
    };
    stores[mover] += capture.seeds;
    Played {
        sown,
        pits,
        stores,
        capture,
        conceded: 0,
        applied,
    }
}

/// The result of [`play`], before it becomes a position.
pub(crate) struct Played {
    pub(crate) sown: [u32; MAX_PITS],
    pub(crate) pits: [u32; MAX_PITS],
    pub(crate) stores: crate::side::Score,
    pub(crate) capture: Capture,
    pub(crate) conceded: u32,
    pub(crate) applied: RuleSet,
}

impl Played {
    fn unsown(
        pits: [u32; MAX_PITS],
        stores: crate::side::Score,
        kept: u32,
        conceded: u32,
        applied: RuleSet,
    ) -> Played {
        Played {
            sown: pits,
            pits,
            stores,
            capture: Capture {
                seeds: kept,
                houses: 0,
            },
            conceded,
            applied,
        }
    }
}

/// `songo.exit`: whether playing the exit house, holding `seeds`, is banned.
fn exit_banned(position: &Position, origin: usize, seeds: u32) -> bool {
    match (position.rules, seeds) {
        (_, 1) | (Ruleset::SongoEkang, 2) => true,
        // `songo`: a pair is allowed only if it captures (no-emptying applied).
        (_, 2) => {
            let mut pits = position.pits;
            let mut applied = RuleSet::EMPTY;
            match sow(&mut pits, origin, &mut applied) {
                Landing::House(last) => {
                    capture(&mut pits, last, position.to_move, &mut applied).seeds == 0
                }
                Landing::Kept => false,
            }
        }
        _ => false,
    }
}

/// Seeds a move from camp index `camp` holding `seeds` sends into the
/// opponent's camp (a seed kept by `songo.sow.lone-seed` counts as given).
fn seeds_given(camp: usize, seeds: u32) -> u32 {
    if seeds >= 14 {
        // The lap passes the 6 other own houses once; everything else is given.
        seeds - 6
    } else {
        seeds.saturating_sub((EXIT - camp) as u32)
    }
}

/// The move filters in the order of `docs/rules.md` (a gap-fill): non-empty
/// houses, `songo.exit`, `songo.solidarity`, then `songo.exit.forced`.
pub(crate) fn analyse(position: &Position, statuses: &mut [MoveStatus; 7]) {
    let mover = position.to_move;
    let own = mover.index() * WIDTH;
    let camp = &position.pits[own..own + WIDTH];
    for (index, status) in statuses.iter_mut().enumerate() {
        *status = if camp[index] == 0 {
            MoveStatus::Empty
        } else {
            MoveStatus::Legal
        };
    }
    let exit_seeds = camp[EXIT];
    let exit_is_banned = exit_seeds > 0 && exit_banned(position, own + EXIT, exit_seeds);
    if exit_is_banned {
        statuses[EXIT] = MoveStatus::Illegal(RuleId::Exit);
    }
    let opponent = mover.opposite().index() * WIDTH;
    if position.pits[opponent..opponent + WIDTH]
        .iter()
        .all(|&n| n == 0)
    {
        solidarity(position.rules, camp, statuses);
    }
    if exit_is_banned && !statuses.contains(&MoveStatus::Legal) {
        statuses[EXIT] = MoveStatus::Forced;
    }
}

/// `songo.solidarity`: narrows the legal moves when the opponent is empty.
fn solidarity(rules: Ruleset, camp: &[u32], statuses: &mut [MoveStatus; 7]) {
    let legal = |s: &MoveStatus| *s == MoveStatus::Legal;
    let weight = |index: usize| match rules {
        // `songo`: the houses holding the most seeds.
        Ruleset::Songo => camp[index],
        // `songo-ekang`: at least 7 seeds given, else the most given.
        _ => seeds_given(index, camp[index]).min(7),
    };
    let best = (0..WIDTH)
        .filter(|&i| legal(&statuses[i]))
        .map(weight)
        .max()
        .unwrap_or(0);
    for (index, status) in statuses.iter_mut().enumerate() {
        if legal(status) && (weight(index) < best || best == 0) {
            *status = MoveStatus::Illegal(RuleId::Solidarity);
        }
    }
}

/// Quick legality of one house when no filter can apply: the opponent's camp
/// holds seeds and the house is not the exit house. `None`: ask [`analyse`].
pub(crate) fn quick_status(position: &Position, camp_index: usize) -> Option<MoveStatus> {
    let own = position.to_move.index() * WIDTH;
    let opponent = position.to_move.opposite().index() * WIDTH;
    if camp_index == EXIT
        || position.pits[opponent..opponent + WIDTH]
            .iter()
            .all(|&n| n == 0)
    {
        return None;
    }
    Some(if position.pits[own + camp_index] == 0 {
        MoveStatus::Empty
    } else {
        MoveStatus::Legal
    })
}

/// `songo.end.*`, apart from `songo.end.no-move` (which needs the legal moves).
pub(crate) fn end_without_moves(position: &Position) -> Option<(RuleId, bool)> {
    let stores = position.stores;
    if stores.south >= 40 || stores.north >= 40 {
        return Some((RuleId::EndForty, false));
    }
    if position.seeds_on_board() < 10 {
        return Some((RuleId::EndFewSeeds, true));
    }
    None
}

/// The winner of a Songo game with this final score: 40 seeds or more.
pub(crate) fn winner(score: crate::side::Score) -> Option<Side> {
    score.leader().filter(|&side| score[side] >= 40)
}

//! The Songo rules (`songo.*`), for the `songo` and `songo-ekang` rulesets.
//!
//! Each function implements one rule family of `docs/rules.md`; the rule ids
//! are cited where they apply. Boards are in sowing-cycle order
//! (`S6 … S0 N0 … N6`), camps are indexed from their entry house.

use crate::rule::{RuleId, RuleIds};
use crate::ruleset::Ruleset;
use crate::side::Side;
use crate::sowing::houses::{Board, Houses, MAX_PITS, Pits};
use crate::sowing::position::{House, Position};
use crate::sowing::rules::common::{Analysis, Capture, Effect, Landing, MoveStatus, capture_chain};

const WIDTH: usize = 7;
const EXIT: usize = WIDTH - 1;
/// The lanes of a whole camp (see [`Houses`]).
const CAMP: u32 = (1 << WIDTH) - 1;

/// `songo.sow`, `songo.sow.lap`, `songo.sow.lone-seed`: the board after
/// sowing the seeds of `origin`, and where the last one fell.
///
/// The seeds go to runs of houses at once, whatever their number: no loop
/// over the seeds (a house may hold billions), and on a narrow board a run
/// is one addition.
#[inline(always)]
pub(crate) fn sow<H: Houses>(pits: &H, origin: usize, applied: &mut RuleIds) -> (H, Landing) {
    let seeds = pits.get(origin);
    let mut sown = *pits;
    sown.empty(origin);
    applied.insert(RuleId::SongoSow);
    if seeds < 14 {
        // At most 13 seeds, one in each of the houses after the origin: they
        // never come back to it.
        sown.add_after(origin, MAX_PITS, seeds as usize, 1);
        // `origin + seeds` is below 2 × 14: one conditional subtraction
        // instead of a division.
        let ahead = origin + seeds as usize;
        let last = if ahead >= MAX_PITS {
            ahead - MAX_PITS
        } else {
            ahead
        };
        return (sown, Landing::House(last));
    }
    applied.insert(RuleId::SongoSowLap);
    // One seed in each of the 13 other houses, then the rest only in the
    // opponent's camp, from its entry house, round after round.
    sown.add_after(origin, MAX_PITS, MAX_PITS - 1, 1);
    let opponent = if origin < WIDTH { WIDTH } else { 0 };
    let rest = seeds - 13;
    let (rounds, extra) = (rest / 7, rest % 7);
    // The last seed would fall in the opponent's entry house: it is kept.
    let kept = extra == 1;
    let extra = if kept { 0 } else { extra };
    sown.add_run(opponent, WIDTH, rounds);
    sown.add_run(opponent, extra as usize, 1);
    if kept {
        applied.insert(RuleId::SongoSowLoneSeed);
        return (sown, Landing::Kept);
    }
    let last = if extra == 0 { EXIT } else { extra as usize - 1 };
    (sown, Landing::House(opponent + last))
}

/// `songo.capture.*`: what the last seed captures, applied to `pits`.
#[inline(always)]
pub(crate) fn capture<H: Houses>(
    pits: &mut H,
    last: usize,
    mover: Side,
    rules: Ruleset,
    applied: &mut RuleIds,
) -> Capture {
    let opponent = mover.opposite().index() * WIDTH;
    if !(opponent..opponent + WIDTH).contains(&last) {
        return Capture::NONE;
    }
    if last == opponent {
        // `songo.capture.entry`: reported only when it holds a capture back
        // (the house holds 2-4), like `songo.capture.no-emptying`.
        if (2..=4).contains(&pits.get(last)) {
            applied.insert(RuleId::SongoCaptureEntry);
        }
        return Capture::NONE;
    }
    let chain = capture_chain(pits, opponent, last, 2..=4);
    if chain.seeds == 0 {
        return Capture::NONE;
    }
    if rules.is_akong() {
        // `akong.capture.grand-slam`: the seven houses at once are never
        // taken; any other chain is, even one that empties the camp (the
        // game then ends by `akong.end.starved`).
        if u32::from(chain.houses >> opponent) & CAMP == CAMP {
            applied.insert(RuleId::AkongCaptureGrandSlam);
            return Capture::NONE;
        }
    } else if chain.seeds == pits.sum_of(opponent, CAMP) {
        applied.insert(RuleId::SongoCaptureNoEmptying);
        return Capture::NONE;
    }
    // `songo.capture.chain`: the chain is taken.
    applied.insert(RuleId::SongoCaptureChain);
    chain.take(pits);
    chain
}

/// Plays a move on `position`, whose legality has been checked: sowing,
/// then captures, or the forced exit of `songo.exit.forced`. `board` is
/// the position's houses (read from wherever they are quickest to read).
/// `sown`, when given, receives the board after sowing.
#[inline]
pub(crate) fn play(
    position: &mut Position,
    board: Pits,
    sown: Option<&mut Pits>,
    origin: usize,
    forced: bool,
) -> Effect {
    match board {
        Pits::Narrow(pits) => play_on(position, pits, sown, origin, forced),
        Pits::Wide(pits) => play_wide(position, pits, sown, origin, forced),
    }
}

/// [`play`] on a wide board: out of the way of the narrow boards of every
/// real game.
#[cold]
#[inline(never)]
fn play_wide(
    position: &mut Position,
    pits: Board,
    sown: Option<&mut Pits>,
    origin: usize,
    forced: bool,
) -> Effect {
    play_on(position, pits, sown, origin, forced)
}

/// [`play`] on the position's houses, `pits`, in their form.
#[inline(always)]
fn play_on<H: Houses>(
    position: &mut Position,
    mut pits: H,
    sown: Option<&mut Pits>,
    origin: usize,
    forced: bool,
) -> Effect {
    let mover = position.to_move;
    let seeds = pits.get(origin);
    let mut applied = RuleIds::EMPTY;
    let store = if forced {
        applied.insert(RuleId::SongoExitForced);
        match (position.rules, seeds) {
            // The ekang text: the 1 or 2 seeds go to the opponent.
            (Ruleset::SongoEkang, _) => Some(mover.opposite()),
            // Gap-fill for `songo`: a forced lone seed goes to the mover, like
            // `songo.sow.lone-seed`; a forced pair is sown normally.
            (_, 1) => Some(mover),
            _ => None,
        }
    } else if seeds == 1 && position.rules.is_akong() && origin == mover.index() * WIDTH + EXIT {
        // `akong.exit`: a lone seed in the exit house, legal only as the
        // camp's last seed, is not sown: it goes to the mover's store.
        applied.insert(RuleId::AkongExit);
        Some(mover)
    } else {
        None
    };
    if let Some(store) = store {
        pits.empty(origin);
        position.pits = pits.into_pits();
        if let Some(sown) = sown {
            *sown = position.pits;
        }
        position.stores[store] += seeds;
        let (capture, conceded) = if store == mover {
            (Capture { seeds, houses: 0 }, 0)
        } else {
            (Capture::NONE, seeds)
        };
        return Effect {
            capture,
            conceded,
            applied,
        };
    }
    let (mut pits, landing) = sow(&pits, origin, &mut applied);
    if let Some(sown) = sown {
        *sown = pits.into_pits();
    }
    let capture = match landing {
        Landing::Kept => Capture {
            seeds: 1,
            houses: 0,
        },
        Landing::House(last) => capture(&mut pits, last, mover, position.rules, &mut applied),
    };
    position.pits = pits.into_pits();
    position.stores[mover] += capture.seeds;
    Effect {
        capture,
        conceded: 0,
        applied,
    }
}

/// Whether each move of `moves` (a list of this position, `forced` when
/// it is a forced exit) may take seeds off the board, bit `i` for the move
/// at index `i` ([`Position::moves_taking_seeds`]). The board's form is
/// matched once for the whole list.
#[inline]
pub(crate) fn may_take_seeds(position: &Position, moves: &[House], forced: bool) -> u8 {
    match &position.pits {
        Pits::Narrow(pits) => takes_of(position, pits, moves, forced),
        Pits::Wide(pits) => takes_of(position, pits, moves, forced),
    }
}

/// [`may_take_seeds`] on the position's houses, `pits`, in their form.
#[inline(always)]
fn takes_of<H: Houses>(position: &Position, pits: &H, moves: &[House], forced: bool) -> u8 {
    let mut takes = 0;
    for (index, house) in moves.iter().enumerate() {
        let origin = house.cycle_at(position.rules);
        takes |= u8::from(may_take_from(position, pits, origin, forced)) << (index & 7);
    }
    takes
}

/// Whether the move from `origin` may take seeds: `false` only for a
/// sowing of fewer than 14 seeds, neither forced nor akong-online's exit
/// of one seed, whose last house cannot start a capture. Such a sowing
/// puts one seed in each of the houses after the origin, so the last house
/// is found, and its count after the sowing, without sowing. Every test is
/// worked out, with no branch: which way each goes is random, and a branch
/// on it was mispredicted.
#[inline(always)]
fn may_take_from<H: Houses>(position: &Position, pits: &H, origin: usize, forced: bool) -> bool {
    let seeds = pits.get(origin);
    let sown_whole = forced | (seeds >= 14) | ((seeds == 1) & position.rules.is_akong());
    // Below 14 seeds `origin + seeds` is below 2 × 14: one conditional
    // subtraction instead of a division (more seeds are answered above,
    // whatever house this finds).
    let ahead = origin.wrapping_add(seeds as usize);
    let last = if ahead >= MAX_PITS {
        ahead - MAX_PITS
    } else {
        ahead
    };
    let opponent = position.to_move.opposite().index() * WIDTH;
    // `capture`: a chain starts from a house of the opponent's camp but
    // his entry house, holding 2 to 4 seeds once sown (1 to 3 before).
    let starts_chain =
        (last > opponent) & (last < opponent + WIDTH) & (pits.get(last).wrapping_sub(1) < 3);
    sown_whole | starts_chain
}

/// `songo.exit`: whether playing the exit house, holding `seeds`, is banned.
fn exit_banned<H: Houses>(position: &Position, pits: &H, origin: usize, seeds: u32) -> bool {
    match (position.rules, seeds) {
        // `akong.exit`: a lone seed may go only when it is the camp's last;
        // a pair is played like any house.
        (rules, 1) if rules.is_akong() => {
            let own = position.to_move.index() * WIDTH;
            pits.sum_of(own, CAMP) > 1
        }
        (rules, _) if rules.is_akong() => false,
        (_, 1) | (Ruleset::SongoEkang, 2) => true,
        // `songo`: a pair is allowed only if it captures (no-emptying applied).
        (_, 2) => {
            let mut applied = RuleIds::EMPTY;
            match sow(pits, origin, &mut applied) {
                (mut pits, Landing::House(last)) => {
                    capture(
                        &mut pits,
                        last,
                        position.to_move,
                        position.rules,
                        &mut applied,
                    )
                    .seeds
                        == 0
                }
                (_, Landing::Kept) => false,
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
        // Past the own houses after it, at most one round of the opponent's
        // camp: 13 seeds from the exit house give 7, and 6 come back.
        seeds.saturating_sub((EXIT - camp) as u32).min(WIDTH as u32)
    }
}

/// The move filters in the order of `docs/rules.md` (a gap-fill): non-empty
/// houses, `songo.exit`, `songo.solidarity`, then `songo.exit.forced`.
#[inline]
pub(crate) fn analyse(position: &Position) -> Analysis {
    match &position.pits {
        Pits::Narrow(pits) => analyse_on(position, pits),
        Pits::Wide(pits) => analyse_wide(position, pits),
    }
}

/// [`analyse`] on a wide board: out of the way of the narrow boards of
/// every real game.
#[cold]
#[inline(never)]
fn analyse_wide(position: &Position, pits: &Board) -> Analysis {
    analyse_on(position, pits)
}

/// [`analyse`] on the position's houses, `pits`, in their form.
#[inline(always)]
fn analyse_on<H: Houses>(position: &Position, pits: &H) -> Analysis {
    let mover = position.to_move;
    let own = mover.index() * WIDTH;
    let mut analysis = Analysis::of_camp(pits, own, WIDTH);
    let exit_seeds = pits.get(own + EXIT);
    let exit_is_banned =
        matches!(exit_seeds, 1 | 2) && exit_banned(position, pits, own + EXIT, exit_seeds);
    if exit_is_banned {
        let rule = if position.rules.is_akong() {
            RuleId::AkongExit
        } else {
            RuleId::SongoExit
        };
        analysis.forbid(EXIT, rule);
    }
    let opponent = mover.opposite().index() * WIDTH;
    if pits.none_in(opponent, CAMP) {
        let mut camp = [0; WIDTH];
        for (index, seeds) in camp.iter_mut().enumerate() {
            *seeds = pits.get(own + index);
        }
        solidarity(position.rules, &camp, &mut analysis);
    }
    // akong-online forces nothing: a player left without a move ends the
    // game (`songo.end.no-move`).
    if exit_is_banned && analysis.is_empty() && !position.rules.is_akong() {
        analysis.force_exit();
    }
    analysis
}

/// `songo.solidarity`: narrows the legal moves when the opponent is empty.
fn solidarity(rules: Ruleset, camp: &[u32; WIDTH], analysis: &mut Analysis) {
    if rules.is_akong() {
        // `akong.solidarity`: the houses that reach the opponent, if any
        // does. The exit house always does, even a lone seed `akong.exit`
        // forbids: then the player may have no move at all.
        let reaches = |index: usize| seeds_given(index, camp[index]) > 0;
        if (0..WIDTH).any(reaches) {
            for index in 0..WIDTH {
                if analysis.is_legal(index) && !reaches(index) {
                    analysis.forbid(index, RuleId::AkongSolidarity);
                }
            }
        }
        return;
    }
    let weight = |index: usize| match rules {
        // `songo`: the houses holding the most seeds.
        Ruleset::Songo => camp[index],
        // `songo-ekang`: at least 7 seeds given, else the most given.
        _ => seeds_given(index, camp[index]).min(7),
    };
    let best = (0..WIDTH)
        .filter(|&i| analysis.is_legal(i))
        .map(weight)
        .max()
        .unwrap_or(0);
    for index in 0..WIDTH {
        if analysis.is_legal(index) && (weight(index) < best || best == 0) {
            analysis.forbid(index, RuleId::SongoSolidarity);
        }
    }
}

/// Quick legality of one house when no filter can apply: the opponent's camp
/// holds seeds, and the house is not an exit house holding 1 or 2 seeds.
/// `None`: ask [`analyse`]. Inlined where a move is played.
#[inline(always)]
pub(crate) fn quick_status(position: &Position, camp_index: usize) -> Option<MoveStatus> {
    let own = position.to_move.index() * WIDTH;
    let opponent = position.to_move.opposite().index() * WIDTH;
    let seeds = position.pits.get(own + camp_index);
    if (camp_index == EXIT && matches!(seeds, 1 | 2)) || position.pits.none_in(opponent, CAMP) {
        return None;
    }
    Some(if seeds == 0 {
        MoveStatus::Empty
    } else {
        MoveStatus::Legal
    })
}

/// `songo.end.*`, apart from `songo.end.no-move` (which needs the legal moves).
#[inline(always)]
pub(crate) fn end_without_moves(position: &Position) -> Option<(RuleId, bool)> {
    if position.rules.is_akong() {
        return akong_end(position);
    }
    let stores = position.stores;
    if stores.south >= 40 || stores.north >= 40 {
        return Some((RuleId::SongoEndForty, false));
    }
    if position.seeds_on_board() < 10 {
        return Some((RuleId::SongoEndFewSeeds, true));
    }
    None
}

/// akong-online's ends, in the order its engine checks them after a move:
/// `akong.end.starved`, then `songo.end.no-move`, then `akong.end.store`.
/// The first two give each camp's seeds to its owner
/// (`songo.end.remaining`); the last leaves the stores as they stand.
#[cold]
fn akong_end(position: &Position) -> Option<(RuleId, bool)> {
    // `akong.end.starved`: the opponent left the player to move no seed
    // (he could not feed him, or took his last seeds).
    if position
        .pits
        .none_in(position.to_move.index() * WIDTH, CAMP)
    {
        return Some((RuleId::AkongEndStarved, true));
    }
    let target = position.rules.winning_store();
    let stores = position.stores;
    if stores.south < target && stores.north < target {
        return None;
    }
    if analyse(position).is_empty() {
        return Some((RuleId::SongoEndNoMove, true));
    }
    Some((RuleId::AkongEndStore, false))
}

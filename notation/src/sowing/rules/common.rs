//! What the Songo and Awalé rules share, below the dispatcher that calls
//! them: the capture chain both play (`songo.capture.chain`,
//! `awale.capture.chain`), what a move did (`Effect`), and the filters'
//! verdict on a camp (`Analysis`).

use std::ops::RangeInclusive;

use crate::rule::{RuleId, RuleIds};
use crate::sowing::houses::Houses;

/// Where the last seed of a sowing went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Landing {
    /// In this house (cycle index).
    House(usize),
    /// Nowhere: the mover kept it (`songo.sow.lone-seed`).
    Kept,
}

/// Seeds taken and the houses they came from (bits of cycle indices).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Capture {
    pub(crate) seeds: u32,
    pub(crate) houses: u16,
}

impl Capture {
    pub(crate) const NONE: Capture = Capture {
        seeds: 0,
        houses: 0,
    };

    /// Empties the captured houses.
    #[inline(always)]
    pub(crate) fn take<H: Houses>(&self, pits: &mut H) {
        pits.take(self.houses);
    }
}

/// The chain capture shared by Songo and Awalé: the house of the last seed,
/// then the houses before it in the opponent's camp (which starts at cycle
/// index `camp`), while each holds a count in `qualifying`. Nothing is taken
/// from `pits`; the caller applies its ruleset's limits first.
///
/// Computed on whole camps, without a branch on the counts: where a chain
/// stops is random, and a loop that stops there is mispredicted once a move.
#[inline(always)]
pub(crate) fn capture_chain<H: Houses>(
    pits: &H,
    camp: usize,
    last: usize,
    qualifying: RangeInclusive<u32>,
) -> Capture {
    // The eight houses from the camp's first (a camp is 6 or 7 houses),
    // whose counts qualify.
    let qualify = pits.holding(camp, *qualifying.start(), *qualifying.end());
    // The houses from the camp's first to the last seed's, and those of
    // them that stop a chain; the chain is what lies above the highest stop.
    let reach = last - camp;
    let span = (2u32 << reach) - 1;
    let stops = !qualify & span;
    let highest_stop_above = 32 - ((stops << 1) | 1).leading_zeros() - 1;
    let chain = span & (u32::MAX << highest_stop_above);
    Capture {
        seeds: pits.sum_of(camp, chain),
        houses: (chain << camp) as u16,
    }
}

/// What a move did besides changing the board: what the rule modules
/// return to [`Position::play`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Effect {
    /// Seeds that went to the mover's store, and the houses they came from.
    pub(crate) capture: Capture,
    /// Seeds that went to the opponent's store (`songo-ekang` forced exit).
    pub(crate) conceded: u32,
    /// The rules applied.
    pub(crate) applied: RuleIds,
}

/// What the filters say of one house of the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MoveStatus {
    /// No seed: not a move.
    Empty,
    /// Playable.
    Legal,
    /// Banned, but the only move left (`songo.exit.forced`).
    Forced,
    /// Forbidden by this rule.
    Illegal(RuleId),
}

/// What the filters say of the houses of the side to move, by camp index
/// (bit `i` is camp index `i`, the entry house being 0), packed in one
/// integer that stays in a register: this is the hot path of every playout.
///
/// Bits 0-7: the legal houses (a forced move included); 8-15: the non-empty
/// houses that are not legal; 16: the one legal move is a forced exit move
/// (`songo.exit.forced`); 17: the exit house (camp index 6) is forbidden by
/// `songo.exit`, or by `akong.exit` when bit 18 is set too; 24-31: the rule
/// forbidding the other forbidden houses.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Analysis(u32);

/// Songo's exit house, by camp index: the only house `songo.exit` forbids.
const EXIT_INDEX: usize = 6;
const FORBIDDEN_SHIFT: u32 = 8;
const FORCED: u32 = 1 << 16;
const EXIT_BANNED: u32 = 1 << 17;
const EXIT_BANNED_BY_AKONG: u32 = 1 << 18;
const FILTER_SHIFT: u32 = 24;

// The filter rule is stored as its index in `RuleId::ALL`.
const _: () = {
    let mut index = 0;
    while index < RuleId::ALL.len() {
        assert!(RuleId::ALL[index] as usize == index);
        index += 1;
    }
};

impl Analysis {
    /// Every non-empty house of the `width` houses of the camp starting at
    /// cycle index `start` legal (bit `i` for camp index `i`).
    #[inline(always)]
    pub(crate) fn of_camp<H: Houses>(pits: &H, start: usize, width: usize) -> Analysis {
        Analysis(pits.nonempty(start) & ((1 << width) - 1))
    }

    /// No house legal (a board without houses).
    pub(crate) const NONE: Analysis = Analysis(0);

    /// The legal houses.
    pub(crate) fn legal(self) -> u8 {
        self.0 as u8
    }

    /// Whether the one legal move is a forced exit move.
    pub(crate) fn forced(self) -> bool {
        self.0 & FORCED != 0
    }

    /// Whether camp index `index` is legal.
    pub(crate) fn is_legal(self, index: usize) -> bool {
        self.0 >> index & 1 != 0
    }

    /// Whether no house is legal.
    pub(crate) fn is_empty(self) -> bool {
        self.legal() == 0
    }

    /// Takes camp index `index` out of the legal moves, naming the rule.
    pub(crate) fn forbid(&mut self, index: usize, rule: RuleId) {
        self.0 &= !(1 << index);
        self.0 |= 1 << (FORBIDDEN_SHIFT as usize + index);
        if rule == RuleId::SongoExit {
            self.0 |= EXIT_BANNED;
        } else if rule == RuleId::AkongExit {
            self.0 |= EXIT_BANNED | EXIT_BANNED_BY_AKONG;
        } else {
            self.0 = self.0 & !(0xff << FILTER_SHIFT) | (rule as u32) << FILTER_SHIFT;
        }
    }

    /// Makes the banned exit house the one, forced, move (`songo.exit.forced`).
    pub(crate) fn force_exit(&mut self) {
        self.0 &= !(0xff | 1 << (FORBIDDEN_SHIFT as usize + EXIT_INDEX));
        self.0 |= 1 << EXIT_INDEX | FORCED;
    }

    /// The status of camp index `index`.
    pub(crate) fn status(self, index: usize) -> MoveStatus {
        let forbidden = self.0 >> (FORBIDDEN_SHIFT as usize + index) & 1 != 0;
        if self.is_legal(index) {
            if self.forced() {
                MoveStatus::Forced
            } else {
                MoveStatus::Legal
            }
        } else if !forbidden {
            MoveStatus::Empty
        } else if self.0 & EXIT_BANNED != 0 && index == EXIT_INDEX {
            MoveStatus::Illegal(if self.0 & EXIT_BANNED_BY_AKONG != 0 {
                RuleId::AkongExit
            } else {
                RuleId::SongoExit
            })
        } else {
            let filter = (self.0 >> FILTER_SHIFT) as usize;
            MoveStatus::Illegal(RuleId::ALL.get(filter).copied().unwrap_or(RuleId::SongoSow))
        }
    }
}

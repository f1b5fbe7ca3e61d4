//! The weight of an edge between two players: C.04.3's criteria as bands
//! of bits, the most important highest, in bbpPairings' layout.

use std::collections::HashMap;

use super::compatible_preferences;
use super::field::{Field, Player};
use crate::tournament::trf::Colour;
use crate::tournament::wide::Wide;

/// How a player floated in an earlier round.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Float {
    Down,
    Up,
    None,
}

/// The float of `player` `back` rounds ago: down when they met a lower
/// score or scored without playing, up when they met a higher score.
pub(super) fn float(field: &Field, player: &Player, back: usize) -> Float {
    let rounds = field.played_rounds;
    let game = &player.matches[rounds - back];
    if !game.played {
        return if game.points() > 0 {
            Float::Down
        } else {
            Float::None
        };
    }
    let own = player.score_back(rounds, back);
    let theirs = field.players[game.opponent].score_back(rounds, back);
    match own.cmp(&theirs) {
        std::cmp::Ordering::Greater => Float::Down,
        std::cmp::Ordering::Less => Float::Up,
        std::cmp::Ordering::Equal => Float::None,
    }
}

/// The number of bits that write `value`.
pub(super) fn bits(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

/// What the weights of one round depend on.
pub(super) struct Layout<'a> {
    pub(super) field: &'a Field,
    /// Bits for a count of players of one score group.
    pub(super) group_bits: u32,
    /// Bits for all the score groups' counts, one band each.
    pub(super) groups_bits: u32,
    /// Where each score's band starts.
    pub(super) shifts: HashMap<u32, u32>,
    /// Pairs that may not meet: they have played each other.
    pub(super) forbidden: Vec<std::collections::HashSet<usize>>,
}

/// The score of the pairing-allocated bye's receiver, and whether the
/// criterion on his unplayed games (C.04.3 C9) applies in this bracket.
#[derive(Clone, Default)]
pub(super) struct ByeContext {
    pub(super) score: u32,
    pub(super) single_downfloater: bool,
    /// For each number of played games among the bye's score group, its
    /// rank (fewer games played, higher rank).
    pub(super) unplayed_ranks: HashMap<usize, u64>,
}

impl Layout<'_> {
    /// The number of bits under the top band.
    pub(super) fn total_bits(&self) -> u32 {
        let (g, s) = (self.group_bits, self.groups_bits);
        let rounds = self.field.played_rounds;
        let mut total = g + s + g + s + 2 * g + 4 * g;
        if rounds >= 1 {
            total += 2 * g + 2 * s;
        }
        if rounds > 1 {
            total += 2 * g + 2 * s;
        }
        total + 3 * g + 1
    }

    fn shift(&self, score: u32) -> u32 {
        self.shifts.get(&score).copied().unwrap_or(0)
    }

    /// C.04.3 C1–C3: they have not met, and do not both need the same
    /// colour absolutely (except a topscorer in the last round).
    pub(super) fn compatible(&self, a: &Player, b: &Player) -> bool {
        let rounds = self.field.played_rounds;
        let threshold = rounds as u32 * 10 / 2;
        !self.forbidden[a.id].contains(&b.id)
            && (!a.absolute_preference()
                || !b.absolute_preference()
                || a.preference != b.preference
                || (rounds + 1 >= self.field.expected_rounds
                    && (a.score > threshold || b.score > threshold)))
    }

    pub(super) fn bye_candidate(&self, player: &Player, bye: &ByeContext) -> bool {
        player.eligible_for_bye() && player.score <= bye.score
    }

    /// The weight of `higher` (above in the order) meeting `lower`.
    // Long because: one band a criterion, in the order C.04.3 ranks them;
    // split, the order would be harder to check against the rules.
    pub(super) fn edge<const L: usize>(
        &self,
        higher: &Player,
        lower: &Player,
        in_current: bool,
        in_next: bool,
        bye: &ByeContext,
    ) -> Wide<L> {
        let (g, s) = (self.group_bits, self.groups_bits);
        if !self.compatible(higher, lower) {
            return Wide::ZERO;
        }
        let higher_band = Wide::<L>::bit(self.shift(higher.score));
        let when = |flag: bool, value: Wide<L>| if flag { value } else { Wide::ZERO };
        let flag = |flag: bool| Wide::<L>::from_u64(u64::from(flag));
        // Completion, and the bye to a player who may have it.
        let mut w = Wide::<L>::from_u64(
            1 + u64::from(!self.bye_candidate(higher, bye))
                + u64::from(!self.bye_candidate(lower, bye)),
        );
        // As many pairs as possible in the bracket, with the highest scores.
        w = w.shifted_left(g).wrapping_add(flag(in_current));
        w = w
            .shifted_left(s)
            .wrapping_add(when(in_current, higher_band));
        // Then in the next bracket.
        w = w.shifted_left(g).wrapping_add(flag(in_next));
        w = w.shifted_left(s).wrapping_add(when(in_next, higher_band));
        // The bye's receiver has played as many games as possible.
        w = w.shifted_left(g).shifted_left(g);
        if bye.single_downfloater {
            for player in [higher, lower] {
                if player.score == bye.score {
                    let rank = bye
                        .unplayed_ranks
                        .get(&player.played_games)
                        .copied()
                        .unwrap_or(0);
                    w = w.plus(rank);
                }
            }
        }
        w = self.colour_bands(w, lower, higher, in_current);
        let rounds = self.field.played_rounds;
        for back in [1, 2] {
            if rounds >= back {
                w = self.float_counts(w, higher, lower, in_current, back);
            }
        }
        for back in [1, 2] {
            if rounds >= back {
                w = self.float_scores(w, higher, lower, in_current, back);
            }
        }
        // Room for the exchanges and the order of the pairs in a bracket.
        w.shifted_left(g)
            .shifted_left(g)
            .shifted_left(g)
            .shifted_left(1)
    }

    /// C.04.3 C10–C13: colour differences and repeated colours avoided,
    /// preferences met, strong preferences met.
    fn colour_bands<const L: usize>(
        &self,
        w: Wide<L>,
        player: &Player,
        opponent: &Player,
        mask: bool,
    ) -> Wide<L> {
        let g = self.group_bits;
        let same = player.preference == opponent.preference;
        let first = !player.absolute_imbalance() || !opponent.absolute_imbalance() || !same;
        let second = !player.absolute_preference()
            || !opponent.absolute_preference()
            || !same
            || if player.imbalance == opponent.imbalance {
                player.repeated.is_none() || player.repeated != opponent.repeated
            } else {
                let smaller = if player.imbalance > opponent.imbalance {
                    opponent
                } else {
                    player
                };
                smaller.repeated != player.preference.map(Colour::invert)
            };
        let third = compatible_preferences(player.preference, opponent.preference);
        let fourth = (!player.strong && !player.absolute_preference())
            || (!opponent.strong && !opponent.absolute_preference())
            || (player.absolute_preference() && opponent.absolute_preference())
            || !same;
        let mut w = w;
        for band in [first, second, third, fourth] {
            w = w.shifted_left(g).plus(u64::from(mask && band));
        }
        w
    }

    /// C.04.3 C14–C17: no repeated downfloat or upfloat from `back`
    /// rounds ago.
    fn float_counts<const L: usize>(
        &self,
        w: Wide<L>,
        higher: &Player,
        lower: &Player,
        in_current: bool,
        back: usize,
    ) -> Wide<L> {
        let g = self.group_bits;
        let mut w = w.shifted_left(g);
        if in_current {
            w = w.plus(u64::from(float(self.field, lower, back) == Float::Down));
            w = w.plus(u64::from(
                higher.score <= lower.score && float(self.field, higher, back) == Float::Down,
            ));
        }
        w = w.shifted_left(g);
        if in_current {
            let repeated_up =
                higher.score > lower.score && float(self.field, lower, back) == Float::Up;
            w = w.plus(u64::from(!repeated_up));
        }
        w
    }

    /// C.04.3 C18–C21: the scores of repeated floaters minimised.
    fn float_scores<const L: usize>(
        &self,
        w: Wide<L>,
        higher: &Player,
        lower: &Player,
        in_current: bool,
        back: usize,
    ) -> Wide<L> {
        let s = self.groups_bits;
        let mut w = w.shifted_left(s);
        if in_current {
            for player in [lower, higher] {
                if float(self.field, player, back) == Float::Down {
                    w = w.wrapping_add(Wide::bit(self.shift(player.score)));
                }
            }
        }
        w = w.shifted_left(s);
        let repeated_up = float(self.field, lower, back) == Float::Up && higher.score > lower.score;
        if in_current && !repeated_up {
            w = w.wrapping_add(Wide::bit(self.shift(higher.score)));
        }
        w
    }
}

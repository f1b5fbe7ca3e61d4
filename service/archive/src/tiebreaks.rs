//! An event's games as the crosstable `songo_notation::tiebreak` ranks
//! (`songo archive standings --tiebreaks`): the standings' players by
//! name, each game a round of each of its two players.

use std::collections::HashSet;

use songo_notation::Side;
use songo_notation::tiebreak::{Crosstable, Entrant, Placed, RoundResult, System, TieBreak};
use songo_notation::verdict::Verdict;

/// One counted game: South's name, North's name, the verdict.
pub(crate) type CountedGame = (String, String, Verdict);

/// The players `names` (sorted, as the standings list them) with their
/// seed differences, ranked by points and then `order` over `games`; and
/// the system the event is counted as: a round robin when every player
/// met every other, a Swiss otherwise (an archive records games, not how
/// they were paired).
pub(crate) fn placed(
    names: &[&str],
    seed_differences: &[i64],
    games: &[CountedGame],
    order: &[TieBreak],
) -> (System, Vec<Placed>) {
    let mut rounds: Vec<Vec<RoundResult>> = vec![Vec::new(); names.len()];
    // The pairs that met (a set, not a matrix: an event may have many players).
    let mut met: HashSet<(usize, usize)> = HashSet::new();
    for (south, north, verdict) in games {
        let (Ok(s), Ok(n)) = (
            names.binary_search(&south.as_str()),
            names.binary_search(&north.as_str()),
        ) else {
            continue;
        };
        if s == n {
            continue;
        }
        met.insert((s.min(n), s.max(n)));
        for (me, them, side) in [(s, n, Side::South), (n, s, Side::North)] {
            let half_points = verdict.half_points(side);
            rounds[me].push(match (verdict.forfeit, half_points) {
                (true, 2) => RoundResult::ForfeitWin { opponent: them },
                (true, _) => RoundResult::ForfeitLoss { opponent: them },
                (false, _) => RoundResult::Played {
                    opponent: them,
                    half_points: u8::try_from(half_points).unwrap_or(1),
                },
            });
        }
    }
    let pairs = names.len() * names.len().saturating_sub(1) / 2;
    let all_met = met.len() == pairs;
    let system = if all_met {
        System::RoundRobin
    } else {
        System::Swiss
    };
    let entrants = rounds
        .into_iter()
        .zip(seed_differences)
        .map(|(rounds, &seeds)| Entrant::new(rounds, seeds))
        .collect();
    match Crosstable::new(system, entrants) {
        Ok(table) => (system, table.rank(order)),
        // Indices come from `names`, a player never meets himself, a
        // verdict gives 2 half-points at most: the table is sound.
        Err(_) => (system, Vec::new()),
    }
}

/// The system's name in the standings' JSON.
pub(crate) fn system_name(system: System) -> &'static str {
    match system {
        System::RoundRobin => "round-robin",
        System::Swiss => "swiss",
    }
}

//! Round robins by FIDE's Berger tables (C.05, Annex 1).
//!
//! With `n` players (`n` even; an odd field adds a dummy player `n + 1`,
//! and meeting the dummy is the bye), player `n` stays in place and the
//! others turn: in round `r` player `n` meets `s = 1 + ((r - 1)·n/2 mod
//! (n - 1))`, with white in even rounds and black in odd ones, and the other
//! boards pair `s + k` (white) with `s - k` for `k = 1 … n/2 - 1`, the
//! numbers counted round `1 … n - 1`. This gives the published tables, for
//! example with four players: `1-4 2-3`, `4-3 1-2`, `2-4 3-1`.
//!
//! A double round robin plays the table twice, the second time with the
//! colours reversed.

use super::Pair;

/// Why a round robin's round cannot be given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BergerError {
    /// Fewer than two players.
    TooFewPlayers,
    /// The round is past the last (counting both cycles when double).
    NoSuchRound {
        /// The round asked for.
        round: u32,
        /// The number of rounds of the event.
        rounds: u32,
    },
}

impl std::fmt::Display for BergerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BergerError::TooFewPlayers => write!(f, "a round robin needs at least two players"),
            BergerError::NoSuchRound { round, rounds } => {
                write!(
                    f,
                    "round {round} is past the round robin's last round ({rounds})"
                )
            }
        }
    }
}

impl std::error::Error for BergerError {}

/// The number of rounds of one cycle for `players` players.
pub fn rounds_per_cycle(players: u32) -> u32 {
    let even = players + players % 2;
    even.saturating_sub(1)
}

/// The pairs of round `round` (from 1) of a round robin of `players`
/// players, in board order, the bye (with an odd field) last.
pub fn round(players: u32, round: u32, double: bool) -> Result<Vec<Pair>, BergerError> {
    if players < 2 {
        return Err(BergerError::TooFewPlayers);
    }
    let per_cycle = rounds_per_cycle(players);
    let rounds = if double { 2 * per_cycle } else { per_cycle };
    if round == 0 || round > rounds {
        return Err(BergerError::NoSuchRound { round, rounds });
    }
    let second_cycle = round > per_cycle;
    let r = if second_cycle {
        round - per_cycle
    } else {
        round
    };
    let n = players + players % 2;
    let cycle = n - 1;
    // Numbers 1 … n - 1 around the cycle.
    let wrap = |value: i64| (value - 1).rem_euclid(i64::from(cycle)) as u32 + 1;
    let s = wrap(1 + i64::from((r - 1) * (n / 2)));
    let mut boards = Vec::with_capacity(n as usize / 2);
    boards.push(if r % 2 == 1 { (s, n) } else { (n, s) });
    for k in 1..n / 2 {
        boards.push((
            wrap(i64::from(s) + i64::from(k)),
            wrap(i64::from(s) - i64::from(k)),
        ));
    }
    let mut pairs = Vec::with_capacity(boards.len());
    let mut bye = None;
    for (white, black) in boards {
        let (white, black) = if second_cycle {
            (black, white)
        } else {
            (white, black)
        };
        if players % 2 == 1 && (white == n || black == n) {
            bye = Some(Pair {
                white: white.min(black),
                black: None,
            });
        } else {
            pairs.push(Pair {
                white,
                black: Some(black),
            });
        }
    }
    pairs.extend(bye);
    Ok(pairs)
}

/// Every round of the round robin.
pub fn schedule(players: u32, double: bool) -> Result<Vec<Vec<Pair>>, BergerError> {
    let per_cycle = rounds_per_cycle(players);
    let rounds = if double { 2 * per_cycle } else { per_cycle };
    (1..=rounds).map(|r| round(players, r, double)).collect()
}

//! Tournaments: pairing the rounds of an event and the files that carry
//! them.
//!
//! - [`trf`]: FIDE's Tournament Report File, read and written, with the
//!   extensions the pairing engines read (`XXR` the number of rounds, `XXC`
//!   the first round's colour).
//! - [`berger`]: round robins by FIDE's Berger tables (C.05 Annex 1).
//! - [`dutch`]: the Swiss Dutch system (C.04.3, 2025 rules), by a sequence
//!   of maximum-weight matchings ([`matching`]) as bbpPairings computes it:
//!   its pairings are the reference, pair for pair.
//!
//! The first mover plays the role of chess's white throughout.

pub mod berger;
pub mod dutch;
pub mod matching;
pub mod trf;
pub mod wide;

/// One pair of a round: `white` moves first; `black` is `None` for the
/// pairing-allocated bye. Players are their pairing numbers (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pair {
    /// The player who moves first (or receives the bye).
    pub white: u32,
    /// The other player; `None` for the bye.
    pub black: Option<u32>,
}

/// A round's pairs as JaVaFo and bbpPairings print them: the number of
/// pairs, then one pair a line, `N 0` for the bye.
pub fn format_pairs(pairs: &[Pair]) -> String {
    let mut out = format!("{}\n", pairs.len());
    for pair in pairs {
        out.push_str(&format!("{} {}\n", pair.white, pair.black.unwrap_or(0)));
    }
    out
}

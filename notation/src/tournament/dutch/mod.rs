//! The Swiss Dutch system (FIDE C.04.3, the 2025 rules), computed as
//! bbpPairings computes it, so that its pairings are the same pair for
//! pair and colour for colour.
//!
//! Every criterion of C.04.3 is a band of bits in the weight of an edge
//! between two players; the heaviest matching meets them in order. The
//! brackets are paired from the top score down: a matching over the whole
//! field chooses who is paired in the bracket (so that the rest can still
//! be paired: C.04.3's completion criterion), then further matchings fix,
//! one player at a time, the moved-down players' opponents, the exchanges
//! between the bracket's halves and the pairs, each time keeping the best
//! weight reachable.
//!
//! ```
//! use songo_notation::tournament::{dutch, trf};
//! let file = "\
//! 001    1      Alpha                             2400                             0.0
//! 001    2      Beta                              2300                             0.0
//! 001    3      Gamma                             2200                             0.0
//! 001    4      Delta                             2100                             0.0
//! XXR 3
//! XXC white1
//! ";
//! let tournament = trf::parse(file).unwrap();
//! let field = dutch::Field::next_round(&tournament).unwrap();
//! let pairs = dutch::pair(&field).unwrap();
//! assert_eq!(songo_notation::tournament::format_pairs(&pairs), "2\n1 3\n4 2\n");
//! ```

mod bracket;
mod field;
mod weight;

pub use field::{Field, FieldError, infer_initial_colour, rounds_paired};

use super::Pair;
use super::trf::Colour;
use field::Player;

/// The most players one round pairs: the matchings keep a weight for
/// every pair of players, twice (a 500-player field holds 16 MB of them, a
/// 1,000-player field at most 512 MB, at the 4,096-bit limit).
pub const MAX_PLAYERS: usize = 1000;

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DutchError {
    /// No pairing meets the absolute criteria (C.04.3 C1–C3: no
    /// rematch, no third colour in a row or colour difference beyond two,
    /// at most one bye and only to an eligible player).
    NoValidPairing,
    /// More players to pair than [`MAX_PLAYERS`], or weights of more than
    /// 4096 bits.
    TooLarge,
}

impl std::fmt::Display for DutchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DutchError::NoValidPairing => write!(
                f,
                "no pairing meets the absolute criteria (no rematch, colours, at most one bye)"
            ),
            DutchError::TooLarge => write!(
                f,
                "the field is too large to pair (more than {MAX_PLAYERS} players, or too many score groups)"
            ),
        }
    }
}

impl std::error::Error for DutchError {}

/// The round's pairs in the order they are published: by the higher
/// player's score, then the lower's, then the higher's rank; the bye last.
pub fn pair(field: &Field) -> Result<Vec<Pair>, DutchError> {
    let matched = bracket::pair_field(field)?;
    let mut pairs = Vec::new();
    for (id, partner) in matched.iter().enumerate() {
        match *partner {
            Some(other) if id < other => {
                let colour = choose_colour(field, &field.players[id], &field.players[other]);
                let (white, black) = if colour == Colour::White {
                    (id, other)
                } else {
                    (other, id)
                };
                pairs.push((white, Some(black)));
            }
            Some(_) => {}
            None if field.is_paired(&field.players[id]) => pairs.push((id, None)),
            None => {}
        }
    }
    let key = |&(white, black): &(usize, Option<usize>)| {
        let white_player = &field.players[white];
        let (higher, lower) = match black {
            None => (white_player, white_player),
            Some(black) => {
                let black_player = &field.players[black];
                if ranks_above(black_player, white_player) {
                    (black_player, white_player)
                } else {
                    (white_player, black_player)
                }
            }
        };
        (
            black.is_none(),
            std::cmp::Reverse(higher.score),
            std::cmp::Reverse(lower.score),
            higher.rank,
        )
    };
    pairs.sort_by_key(key);
    Ok(pairs
        .into_iter()
        .map(|(white, black)| Pair {
            white: white as u32 + 1,
            black: black.map(|b| b as u32 + 1),
        })
        .collect())
}

/// Higher score first, then the better (smaller) rank.
fn ranks_above(a: &Player, b: &Player) -> bool {
    (a.score, std::cmp::Reverse(a.rank)) > (b.score, std::cmp::Reverse(b.rank))
}

/// Two preferences that can both be met.
fn compatible_preferences(a: Option<Colour>, b: Option<Colour>) -> bool {
    a != b || a.is_none()
}

/// The colour of the two players' last game in which their colours
/// differed, going back over played games only.
fn first_difference(a: &Player, b: &Player) -> (Option<Colour>, Option<Colour>) {
    let mut first = a
        .matches
        .iter()
        .rev()
        .filter(|m| m.played)
        .map(|m| m.colour);
    let mut second = b
        .matches
        .iter()
        .rev()
        .filter(|m| m.played)
        .map(|m| m.colour);
    loop {
        match (first.next(), second.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (Some(x), Some(y)) => return (x, y),
            (x, y) => return (x.flatten(), y.flatten()),
        }
    }
}

/// C.04.3 E: the colour `player` gets against `opponent` by their
/// preferences and histories alone, `None` when those do not decide.
fn neutral_colour(player: &Player, opponent: &Player) -> Option<Colour> {
    if compatible_preferences(player.preference, opponent.preference) {
        return player
            .preference
            .or(opponent.preference.map(Colour::invert));
    }
    if player.absolute_preference()
        && (player.imbalance > opponent.imbalance || !opponent.absolute_preference())
    {
        return player.preference;
    }
    if opponent.absolute_preference()
        && (opponent.imbalance > player.imbalance || !player.absolute_preference())
    {
        return opponent.preference.map(Colour::invert);
    }
    if player.strong && !opponent.strong {
        return player.preference;
    }
    if opponent.strong && !player.strong {
        return opponent.preference.map(Colour::invert);
    }
    match first_difference(player, opponent) {
        (Some(_), Some(theirs)) => Some(theirs),
        _ => None,
    }
}

/// The colour `player` gets against `opponent` (C.04.3 E, then the
/// higher-ranked player's preference, then the initial colour by rank).
fn choose_colour(field: &Field, player: &Player, opponent: &Player) -> Colour {
    if let Some(colour) = neutral_colour(player, opponent) {
        return colour;
    }
    let opponent_higher = ranks_above(opponent, player);
    match player.preference {
        None if opponent_higher => {
            if opponent.rank & 1 == 1 {
                field.initial_colour
            } else {
                field.initial_colour.invert()
            }
        }
        None => {
            if player.rank & 1 == 1 {
                field.initial_colour.invert()
            } else {
                field.initial_colour
            }
        }
        Some(preference) if opponent_higher => {
            opponent.preference.map_or(preference, Colour::invert)
        }
        Some(preference) => preference,
    }
}

/// A round of a file whose pairs are not the system's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The round (from 1).
    pub round: usize,
    /// The system's pairs for it, or why there are none.
    pub expected: Result<Vec<Pair>, DutchError>,
}

/// Replays every round of a file as bbpPairings checks one: the field
/// before each round, paired, against the round's pairs and colours in
/// the file. Returns the rounds that differ.
pub fn check(tournament: &super::trf::Tournament) -> Result<Vec<Mismatch>, FieldError> {
    let mut played = rounds_paired(tournament);
    if tournament.players.iter().any(|p| p.rounds.len() > played) {
        played += 1;
    }
    let expected_rounds = tournament.rounds.map_or(played, |r| r as usize);
    let Some(initial) = tournament
        .initial_colour
        .or_else(|| infer_initial_colour(tournament))
    else {
        return if played == 0 {
            Ok(Vec::new())
        } else {
            Err(FieldError::NoInitialColour)
        };
    };
    let mut mismatches = Vec::new();
    for round in 0..played {
        let field = Field::before_round(tournament, round, expected_rounds, initial)?;
        let computed = pair(&field);
        let agrees = computed.as_ref().is_ok_and(|pairs| {
            pairs.iter().all(|pair| {
                let entry = tournament
                    .players
                    .iter()
                    .find(|p| p.number == pair.white)
                    .and_then(|p| p.rounds.get(round));
                entry.is_some_and(|e| e.opponent == pair.black && e.colour != Some(Colour::Black))
            })
        });
        if !agrees {
            mismatches.push(Mismatch {
                round: round + 1,
                expected: computed,
            });
        }
    }
    Ok(mismatches)
}

//! The vocabulary of Seega: threatened pieces (`teach.threat`) and each
//! side's mobility (`teach.mobility`, Seega's analogue of the bidoua).

use serde::{Serialize, Serializer};

use crate::Score;
use crate::Side;
use crate::seega::{SeegaMove, SeegaPosition, Square};

/// A threatened piece: an opponent piece that a legal step of `side` would
/// take now, as if it were `side`'s turn. A piece on `c3` is never one
/// (`seega.capture.stronghold`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeegaThreat {
    /// The side that would take the piece.
    pub side: Side,
    /// The square of the threatened piece.
    #[serde(serialize_with = "as_text")]
    pub square: Square,
    /// The steps that take it, in the engine's order.
    #[serde(serialize_with = "all_as_text")]
    pub moves: Vec<SeegaMove>,
}

/// Everything the vocabulary says of a Seega position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeegaExplainReport {
    /// The position explained.
    pub position: SeegaPosition,
    /// The threatened pieces, South's threats first, each side's by square
    /// (`a1`, `b1`, … `e5`).
    pub threats: Vec<SeegaThreat>,
    /// The legal steps each side has, as if it were its turn (0: blocked,
    /// and always 0 while pieces are being placed).
    pub mobility: Score,
}

fn as_text<S: Serializer>(
    value: &impl std::fmt::Display,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

fn all_as_text<S: Serializer>(values: &[SeegaMove], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(values.iter().map(ToString::to_string))
}

/// The position with `side` to move: the position itself when it is
/// `side`'s turn (a pending pass then still binds it, `seega.blocked.unblock`),
/// `None` when `side` could not be to move (placing with an empty hand).
fn turn_of(position: &SeegaPosition, side: Side) -> Option<SeegaPosition> {
    if position.to_move() == side {
        Some(*position)
    } else {
        position.with_to_move(side).ok()
    }
}

/// Explains a Seega position: the pieces each side threatens, with the
/// steps that take them, and each side's mobility.
///
/// ```
/// use songo_notation::seega::SeegaPosition;
/// use songo_notation::teach;
/// // South's d3-c3 would catch North's c2 against c1.
/// let position: SeegaPosition = "seega:...../...../...S./..N../..S..:N".parse().unwrap();
/// let report = teach::explain_seega(&position);
/// assert_eq!(report.threats[0].square.to_string(), "c2");
/// assert_eq!(report.threats[0].moves[0].to_string(), "d3-c3");
/// assert_eq!((report.mobility.south, report.mobility.north), (6, 3));
/// ```
#[must_use]
pub fn explain_seega(position: &SeegaPosition) -> SeegaExplainReport {
    let mut threats = Vec::new();
    let mut mobility = Score::default();
    for side in Side::BOTH {
        let Some(mover) = turn_of(position, side) else {
            continue;
        };
        let moves = mover.legal_moves();
        mobility[side] = moves.steps().len() as u32;
        let first = threats.len();
        for &step in moves.steps() {
            let Ok((_, outcome)) = mover.after(step) else {
                continue;
            };
            for square in outcome.captured {
                match threats[first..]
                    .iter_mut()
                    .find(|t: &&mut SeegaThreat| t.square == square)
                {
                    Some(threat) => threat.moves.push(step),
                    None => threats.push(SeegaThreat {
                        side,
                        square,
                        moves: vec![step],
                    }),
                }
            }
        }
        threats[first..].sort_by_key(|t| t.square);
    }
    SeegaExplainReport {
        position: *position,
        threats,
        mobility,
    }
}

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

/// What one legal step of the side to move does: the pieces it takes, the
/// pieces it then threatens that were not threatened before, and how it
/// answers the opponent's threats (Seega's "threats view" of `songo moves`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeegaMoveEffect {
    /// The step.
    #[serde(rename = "move", serialize_with = "as_text")]
    pub played: SeegaMove,
    /// The squares whose pieces it takes.
    #[serde(serialize_with = "squares_as_text")]
    pub captures: Vec<Square>,
    /// The opponent's pieces the mover threatens after it (as if it were
    /// his turn again) that he did not threaten before, with the steps
    /// that would take them.
    pub creates: Vec<SeegaThreat>,
    /// How it answers the opponent's threats, when there are some.
    pub exposure: Option<SeegaExposure>,
}

/// How a step answers the opponent's threats: how many of the mover's
/// pieces the opponent could take before it and after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SeegaExposure {
    /// The mover's pieces the opponent could take before the step.
    pub before: u32,
    /// The mover's pieces the opponent can take after it.
    pub after: u32,
    /// Whether the step lowers that number.
    pub answer: super::Answer,
}

fn squares_as_text<S: Serializer>(values: &[Square], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(values.iter().map(ToString::to_string))
}

/// The pieces `side` could take in `report`.
fn threatened_by(report: &SeegaExplainReport, side: Side) -> Vec<&SeegaThreat> {
    report.threats.iter().filter(|t| t.side == side).collect()
}

/// What each legal step of the side to move does, in the engine's order;
/// nothing while pieces are being placed (no step, no capture).
///
/// ```
/// use songo_notation::seega::SeegaPosition;
/// use songo_notation::teach;
/// // South's d3-c3 takes North's c2 against c1.
/// let position: SeegaPosition = "seega:...../...../...S./..N../..S..:S".parse().unwrap();
/// let effects = teach::seega_move_effects(&position);
/// let d3c3 = effects.iter().find(|e| e.played.to_string() == "d3-c3").unwrap();
/// assert_eq!(d3c3.captures[0].to_string(), "c2");
/// ```
#[must_use]
pub fn seega_move_effects(position: &SeegaPosition) -> Vec<SeegaMoveEffect> {
    let mover = position.to_move();
    let now = explain_seega(position);
    let own_now = threatened_by(&now, mover);
    let against_now = threatened_by(&now, mover.opposite()).len() as u32;
    let legal = position.legal_moves();
    let mut effects = Vec::with_capacity(legal.steps().len());
    for &step in legal.steps() {
        let Ok((after, outcome)) = position.after(step) else {
            continue;
        };
        let later = explain_seega(&after);
        let creates = threatened_by(&later, mover)
            .into_iter()
            .filter(|t| !own_now.iter().any(|before| before.square == t.square))
            .cloned()
            .collect();
        let against_after = threatened_by(&later, mover.opposite()).len() as u32;
        let exposure = (against_now > 0).then_some(SeegaExposure {
            before: against_now,
            after: against_after,
            answer: if against_after < against_now {
                super::Answer::Parries
            } else {
                super::Answer::Ignores
            },
        });
        effects.push(SeegaMoveEffect {
            played: step,
            captures: outcome.captured.iter().collect(),
            creates,
            exposure,
        });
    }
    effects
}

/// Something to point out at one ply of a Seega game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeegaAnnotation {
    /// The ply, counted from 1.
    pub ply: usize,
    /// Who played it.
    pub mover: Side,
    /// The move played.
    #[serde(rename = "move", serialize_with = "as_text")]
    pub played: SeegaMove,
    /// The term it illustrates.
    pub id: super::TeachId,
    /// What happened.
    #[serde(flatten)]
    pub note: SeegaNote,
}

/// What happened at a ply of a Seega game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum SeegaNote {
    /// The mover now threatens pieces he did not threaten before the move
    /// (as if it were his turn again), `teach.threat`.
    ThreatCreated {
        /// The pieces newly threatened, with the steps that take them.
        threats: Vec<SeegaThreat>,
    },
    /// The move leaves the opponent without a legal step, `teach.mobility`.
    Blocked {
        /// The side blocked.
        side: Side,
    },
}

impl SeegaNote {
    /// The term the note illustrates.
    #[must_use]
    pub const fn id(&self) -> super::TeachId {
        match self {
            SeegaNote::ThreatCreated { .. } => super::TeachId::Threat,
            SeegaNote::Blocked { .. } => super::TeachId::Mobility,
        }
    }
}

/// The plies of a Seega line a teacher would point at, in order: the
/// pieces a move newly threatens, and a move that leaves the opponent
/// blocked. Nothing while pieces are placed.
///
/// ```
/// use songo_notation::seega::SeegaPosition;
/// use songo_notation::teach::{self, SeegaNote};
/// use songo_notation::report;
/// // South's d4-d3 brings d3-c3 within reach: it would take North's c2
/// // against c1.
/// let start: SeegaPosition = "seega:...../...S./...../..N../..S..:S".parse().unwrap();
/// let played = report::play(start, &["d4-d3"]).unwrap();
/// let notes = teach::annotate_seega(&played.steps);
/// let SeegaNote::ThreatCreated { threats } = &notes[0].note else { panic!() };
/// assert_eq!(threats[0].square.to_string(), "c2");
/// ```
#[must_use]
pub fn annotate_seega(plies: &[crate::report::PlayStep<SeegaPosition>]) -> Vec<SeegaAnnotation> {
    use crate::seega::Phase;
    let mut annotations = Vec::new();
    // Each position's explanation, computed once: views[i] is before ply i + 1.
    let mut views: Vec<SeegaExplainReport> = Vec::with_capacity(plies.len() + 1);
    if let Some(first) = plies.first() {
        views.push(explain_seega(&first.before));
    }
    views.extend(plies.iter().map(|ply| explain_seega(&ply.after)));
    for (index, ply) in plies.iter().enumerate() {
        if ply.after.phase() != Phase::Movement {
            continue;
        }
        let mover = ply.outcome.mover;
        let (before, after) = (&views[index], &views[index + 1]);
        let mut notes = Vec::new();
        let created: Vec<SeegaThreat> = threatened_by(after, mover)
            .into_iter()
            .filter(|t| {
                !threatened_by(before, mover)
                    .iter()
                    .any(|b| b.square == t.square)
            })
            .cloned()
            .collect();
        if !created.is_empty() {
            notes.push(SeegaNote::ThreatCreated { threats: created });
        }
        let opponent = mover.opposite();
        if after.mobility[opponent] == 0 && before.mobility[opponent] > 0 {
            notes.push(SeegaNote::Blocked { side: opponent });
        }
        annotations.extend(notes.into_iter().map(|note| SeegaAnnotation {
            ply: index + 1,
            mover,
            played: ply.outcome.played,
            id: note.id(),
            note,
        }));
    }
    annotations
}

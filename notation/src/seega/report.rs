//! The reports of `songo play` and `songo moves` (and `POST /v1/play`,
//! `POST /v1/moves`) for Seega, in the shapes the sowing games use: the
//! same top-level fields, a board instead of rows, squares instead of houses.

use std::fmt;

use serde::Serialize;

use super::moves::{ParseMoveError, SeegaMove};
use super::position::{Phase, SeegaPosition};
use super::rules::{SeegaIllegal, SeegaOutcome};
use crate::game::GameOver;
use crate::report::IllegalEntry;
use crate::rule::{RuleId, RuleIds};
use crate::side::Side;

/// One move of a [`SeegaPlayReport`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeegaPlayStep {
    /// The move, in canonical spelling.
    #[serde(rename = "move")]
    pub played: String,
    /// The position before the move.
    pub before: SeegaPosition,
    /// The position after it.
    pub after: SeegaPosition,
    /// Pieces the move took.
    pub captured: u32,
    /// The squares they stood on, `a1` first.
    pub captured_squares: Vec<String>,
    /// The ids of the rules the move applied.
    pub rules_applied: RuleIds,
}

impl SeegaPlayStep {
    /// The step of a move played from `before`.
    #[must_use]
    pub fn new(
        before: SeegaPosition,
        outcome: &SeegaOutcome,
        after: SeegaPosition,
    ) -> SeegaPlayStep {
        SeegaPlayStep {
            played: outcome.played.to_string(),
            before,
            after,
            captured: outcome.captured.len(),
            captured_squares: outcome.captured.iter().map(|s| s.to_string()).collect(),
            rules_applied: outcome.applied,
        }
    }
}

/// What `songo play` reports for Seega.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeegaPlayReport {
    /// One step per move.
    pub steps: Vec<SeegaPlayStep>,
    /// The position after the last move.
    #[serde(rename = "final")]
    pub final_position: SeegaPosition,
    /// How the game ended, `null` while it goes on.
    pub game_over: Option<GameOver>,
}

/// Why `play` stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeegaPlayError {
    /// A move is not written as a Seega move.
    BadMove {
        /// Which move (from 0).
        index: usize,
        /// The error.
        error: ParseMoveError,
    },
    /// A move is illegal; the report holds the moves played before it.
    Illegal {
        /// Which move (from 0).
        index: usize,
        /// The error, naming the rule.
        error: SeegaIllegal,
        /// The moves played before it.
        played: Box<SeegaPlayReport>,
    },
}

impl SeegaPlayError {
    /// The rule that forbids the move, for an illegal move.
    #[must_use]
    pub fn rule(&self) -> Option<RuleId> {
        match self {
            SeegaPlayError::BadMove { .. } => None,
            SeegaPlayError::Illegal { error, .. } => Some(error.rule()),
        }
    }
}

impl fmt::Display for SeegaPlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeegaPlayError::BadMove { index, error } => write!(f, "move {}: {error}", index + 1),
            SeegaPlayError::Illegal { index, error, .. } => {
                write!(f, "move {} ({}): {error}", index + 1, error.played)
            }
        }
    }
}

impl std::error::Error for SeegaPlayError {}

/// Plays `moves` from `position` and reports every step.
///
/// ```
/// use songo_notation::seega::{report, SeegaPosition};
/// use songo_notation::Side;
/// let report = report::play(SeegaPosition::start(Side::South), &["a1,b2", "e5,d4"]).unwrap();
/// assert_eq!(report.steps.len(), 2);
/// assert_eq!(report.final_position.in_hand().to_string(), "10-10");
/// ```
///
/// # Errors
/// A move that cannot be read, or an illegal move (naming its rule).
pub fn play(
    position: SeegaPosition,
    moves: &[impl AsRef<str>],
) -> Result<SeegaPlayReport, SeegaPlayError> {
    let mut report = SeegaPlayReport {
        steps: Vec::with_capacity(moves.len()),
        final_position: position,
        game_over: None,
    };
    let mut current = position;
    for (index, text) in moves.iter().enumerate() {
        let played: SeegaMove = text
            .as_ref()
            .parse()
            .map_err(|error| SeegaPlayError::BadMove { index, error })?;
        let before = current;
        match current.play(played) {
            Ok(outcome) => report
                .steps
                .push(SeegaPlayStep::new(before, &outcome, current)),
            Err(error) => {
                report.final_position = before;
                report.game_over = before.game_over();
                return Err(SeegaPlayError::Illegal {
                    index,
                    error,
                    played: Box::new(report),
                });
            }
        }
    }
    report.final_position = current;
    report.game_over = current.game_over();
    Ok(report)
}

/// What `songo moves` reports for Seega.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeegaMovesReport {
    /// The side to move.
    pub to_move: Side,
    /// The phase.
    pub phase: Phase,
    /// The legal moves; empty when the game is over.
    pub legal: Vec<String>,
    /// Steps the board allows but a rule forbids.
    pub illegal: Vec<IllegalEntry>,
    /// How the game ended, `null` while it goes on.
    pub game_over: Option<GameOver>,
}

/// The legal and illegal moves of a position.
///
/// ```
/// use songo_notation::seega::{report, SeegaPosition};
/// let position: SeegaPosition = "seega:...../...../...../N..../SN...:S".parse().unwrap();
/// assert_eq!(report::moves(&position).legal, ["pass"]);
/// ```
#[must_use]
pub fn moves(position: &SeegaPosition) -> SeegaMovesReport {
    let turn = position.turn();
    let legal = turn
        .as_ref()
        .map(|list| list.iter().map(|m| m.to_string()).collect())
        .unwrap_or_default();
    let illegal = position
        .illegal_moves()
        .filter_map(|(played, rule)| {
            let error = position.check(played).err()?;
            Some(IllegalEntry {
                house: played.to_string(),
                rule,
                message: error.explanation(),
            })
        })
        .collect();
    SeegaMovesReport {
        to_move: position.to_move(),
        phase: position.phase(),
        legal,
        illegal,
        game_over: turn.err(),
    }
}

//! The reports of `songo play` and `songo moves` (and of `POST /v1/play`,
//! `POST /v1/moves`), in the shapes `docs/cli.md` and `docs/api.md` describe.

use std::fmt;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::conventions::LetterCase;
use crate::engine::{IllegalMove, MoveOutcome};
use crate::game::GameOver;
use crate::position::{House, ParseHouseError, Position};
use crate::rule::{RuleId, RuleIds};
use crate::side::Side;

impl Serialize for GameOver {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let victory = self.victory();
        let mut state =
            serializer.serialize_struct("GameOver", 3 + usize::from(victory.is_some()))?;
        state.serialize_field("rule", &self.rule)?;
        state.serialize_field("score", &self.score)?;
        state.serialize_field("winner", &self.winner)?;
        // Seega names the kind of victory (total, grande, petite).
        if let Some(victory) = victory {
            state.serialize_field("victory", &victory)?;
        }
        state.end()
    }
}

/// A board's two rows in notation order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rows {
    /// `N0..N6` (Awalé `a..f`).
    pub north: Vec<u32>,
    /// `S0..S6` (Awalé `a..f`).
    pub south: Vec<u32>,
}

impl Rows {
    /// The rows of a position.
    #[must_use]
    pub fn of(position: &Position) -> Rows {
        Rows {
            north: position.row(Side::North).to_vec(),
            south: position.row(Side::South).to_vec(),
        }
    }
}

/// One move of a [`PlayReport`]: the three boards and what happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayStep {
    /// The house played.
    #[serde(rename = "move")]
    pub played: String,
    /// The position before the move.
    pub before: Position,
    /// The board after sowing, before captures.
    pub sown: Rows,
    /// The position after captures, the other side to move.
    pub after: Position,
    /// Seeds the mover won with this move.
    pub captured: u32,
    /// Houses emptied by captures, in the order they were taken.
    pub captured_houses: Vec<String>,
    /// Seeds given to the opponent's store (`songo-ekang` forced exit).
    #[serde(skip_serializing_if = "is_zero")]
    pub conceded: u32,
    /// The ids of the rules the move applied.
    pub rules_applied: RuleIds,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl PlayStep {
    /// The step of a move played from `before`.
    #[must_use]
    pub fn new(before: Position, outcome: &MoveOutcome, after: Position) -> PlayStep {
        let rules = before.rules();
        PlayStep {
            played: outcome.house.name(rules).to_string(),
            before,
            sown: Rows::of(&outcome.sown),
            after,
            captured: outcome.captured,
            captured_houses: outcome
                .captured_houses
                .iter()
                .map(|h| h.name(rules).to_string())
                .collect(),
            conceded: outcome.conceded,
            rules_applied: outcome.applied,
        }
    }
}

impl PlayStep {
    /// The house played, read back from its name.
    #[must_use]
    pub fn played_house(&self) -> Option<House> {
        House::parse(&self.played, self.before.rules()).ok()
    }

    /// The board after sowing as a position (stores and side to move as
    /// before the move).
    #[must_use]
    pub fn sown_position(&self) -> Position {
        Position::new(
            self.before.rules(),
            &self.sown.south,
            &self.sown.north,
            self.before.stores(),
            self.before.to_move(),
        )
        .unwrap_or(self.before)
    }

    /// The houses captured, in the order they were taken.
    #[must_use]
    pub fn captured_house_list(&self) -> Vec<House> {
        let rules = self.before.rules();
        self.captured_houses
            .iter()
            .filter_map(|name| House::parse(name, rules).ok())
            .collect()
    }
}

/// What `songo play` reports: every move's boards, the final position, and
/// the end of the game if it has come.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayReport {
    /// One step per move.
    pub steps: Vec<PlayStep>,
    /// The position after the last move.
    #[serde(rename = "final")]
    pub final_position: Position,
    /// How the game ended, `null` while it goes on.
    pub game_over: Option<GameOver>,
}

/// Why `play` stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// A move is not a house name.
    BadMove {
        /// Which move (from 0).
        index: usize,
        /// The error.
        error: ParseHouseError,
    },
    /// A move is illegal; the report holds the moves played before it.
    Illegal {
        /// Which move (from 0).
        index: usize,
        /// The error, naming the rule.
        error: IllegalMove,
        /// The moves played before it.
        played: Box<PlayReport>,
    },
}

impl PlayError {
    /// The rule that forbids the move, for an illegal move.
    #[must_use]
    pub fn rule(&self) -> Option<RuleId> {
        match self {
            PlayError::BadMove { .. } => None,
            PlayError::Illegal { error, .. } => Some(error.rule()),
        }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::BadMove { index, error } => write!(f, "move {}: {error}", index + 1),
            PlayError::Illegal { index, error, .. } => {
                write!(
                    f,
                    "move {} ({}): {error}",
                    index + 1,
                    error.house.name(error.rules)
                )
            }
        }
    }
}

impl std::error::Error for PlayError {}

/// Plays `moves` (house names) from `position` and reports every step.
///
/// ```
/// use songo_notation::{report, Position, Ruleset};
/// let report = report::play(Position::start(Ruleset::Songo), &["S2", "N4"]).unwrap();
/// assert_eq!(report.steps.len(), 2);
/// assert_eq!(report.steps[0].sown.north, [6, 6, 6, 5, 5, 5, 5]);
/// assert!(report.game_over.is_none());
/// ```
///
/// # Errors
/// A move that is not a house name, or an illegal move (naming its rule).
pub fn play(position: Position, moves: &[impl AsRef<str>]) -> Result<PlayReport, PlayError> {
    let rules = position.rules();
    let mut report = PlayReport {
        steps: Vec::with_capacity(moves.len()),
        final_position: position,
        game_over: None,
    };
    let mut game = crate::Game::new(position);
    for (index, text) in moves.iter().enumerate() {
        let house = House::parse(text.as_ref().trim(), rules)
            .map_err(|error| PlayError::BadMove { index, error })?;
        let before = *game.position();
        match game.play(house) {
            Ok(outcome) => report
                .steps
                .push(PlayStep::new(before, &outcome, *game.position())),
            Err(error) => {
                report.final_position = before;
                report.game_over = game.game_over();
                return Err(PlayError::Illegal {
                    index,
                    error,
                    played: Box::new(report),
                });
            }
        }
    }
    report.final_position = *game.position();
    report.game_over = game.game_over();
    Ok(report)
}

/// A non-empty house that may not be played, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IllegalEntry {
    /// The house.
    #[serde(rename = "move")]
    pub house: String,
    /// The rule that forbids it.
    pub rule: RuleId,
    /// The explanation.
    pub message: String,
}

/// What `songo moves` reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MovesReport {
    /// The side to move.
    pub to_move: Side,
    /// The legal moves (a forced move included); empty when the game is over.
    pub legal: Vec<String>,
    /// Non-empty houses that may not be played.
    pub illegal: Vec<IllegalEntry>,
    /// How the game ended, `null` while it goes on.
    pub game_over: Option<GameOver>,
}

/// The legal and illegal moves of a position.
///
/// ```
/// use songo_notation::{report, Position};
/// let position: Position = "songo:0,0,0,0,0,0,0/16,0,0,23,1,10,1:0-0:S".parse().unwrap();
/// let moves = report::moves(&position);
/// assert_eq!(moves.legal, ["S3"]);
/// assert_eq!(moves.illegal[0].rule.as_str(), "songo.solidarity");
/// ```
#[must_use]
pub fn moves(position: &Position) -> MovesReport {
    moves_in_case(position, LetterCase::default())
}

/// [`moves`] with Awalé houses named in `letters`, in the lists and the
/// messages alike.
///
/// ```
/// use songo_notation::{report, LetterCase, Position};
/// let position: Position = "awale:0,0,0,0,0,0/0,0,0,0,1,1:0-0:S".parse().unwrap();
/// let moves = report::moves_in_case(&position, LetterCase::NorthUpper);
/// assert_eq!(moves.legal, ["f"]);
/// assert_eq!(moves.illegal[0].house, "e");
/// assert!(moves.illegal[0].message.starts_with("e would leave North"));
/// ```
#[must_use]
pub fn moves_in_case(position: &Position, letters: LetterCase) -> MovesReport {
    let rules = position.rules();
    let turn = position.turn();
    let legal = turn
        .as_ref()
        .map(|list| {
            list.iter()
                .map(|h| h.name_with_case(rules, letters).to_string())
                .collect()
        })
        .unwrap_or_default();
    let illegal = position
        .illegal_moves()
        .map(|(house, rule)| IllegalEntry {
            house: house.name_with_case(rules, letters).to_string(),
            rule,
            // The forbidding rule's explanation, also when no move is left
            // and the game is over because of it.
            message: IllegalMove::forbidden(position, house, rule).explanation_in(letters),
        })
        .collect();
    MovesReport {
        to_move: position.to_move(),
        legal,
        illegal,
        game_over: turn.err(),
    }
}

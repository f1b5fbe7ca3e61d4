//! The reports of `songo play` and `songo moves` (and of `POST /v1/play`,
//! `POST /v1/moves`), in the shapes `docs/cli.md` and `docs/api.md` describe:
//! [`PlayReport`] and [`MovesReport`], written once for every game over
//! [`GamePosition`], with typed moves. Each game says how one step of its
//! play is serialized ([`Reported`]): a sowing step has the board after
//! sowing, a Seega step the squares it took.

use std::fmt;

use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

use crate::conventions::Conventions;
use crate::game::{GameOver, GamePosition, LegalMoves, Outcome, Refusal};
use crate::i18n::{Lang, Message};
use crate::msg;
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

/// What each game adds to the reports: how one step of a play is
/// serialized (the fields between `move` and `rules_applied` are the
/// game's own), and its phase, if it has phases.
pub trait Reported: GamePosition + Serialize {
    /// Serializes a step as its JSON object.
    ///
    /// # Errors
    /// The serializer's.
    fn serialize_step<S: Serializer>(
        step: &PlayStep<Self>,
        serializer: S,
    ) -> Result<S::Ok, S::Error>;

    /// The phase of the game (`placement`, `movement`), for games with phases.
    fn phase_name(&self) -> Option<&'static str> {
        None
    }
}

/// One move of a [`PlayReport`]: the position before and after, the move
/// and everything it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayStep<P: GamePosition> {
    /// The move played.
    pub played: P::Move,
    /// The position before the move.
    pub before: P,
    /// What the move did (a sowing move's board after sowing and captured
    /// houses, a Seega move's captured squares …).
    pub outcome: P::Outcome,
    /// The position after the move, the other side to move.
    pub after: P,
}

impl<P: GamePosition> PlayStep<P> {
    /// What the mover won with this move.
    #[must_use]
    pub fn captured(&self) -> u32 {
        self.outcome.captured()
    }

    /// The ids of the rules the move applied.
    #[must_use]
    pub fn rules_applied(&self) -> RuleIds {
        self.outcome.applied()
    }

    /// The move's name under `conventions`.
    #[must_use]
    pub fn name(&self, conventions: Conventions) -> String {
        self.before.move_name(self.played, conventions).to_string()
    }
}

impl<P: Reported> Serialize for PlayStep<P> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        P::serialize_step(self, serializer)
    }
}

/// What `songo play` reports: every move's boards, the final position, and
/// the end of the game if it has come.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(bound(serialize = "P: Reported"))]
pub struct PlayReport<P: GamePosition> {
    /// One step per move.
    pub steps: Vec<PlayStep<P>>,
    /// The position after the last move.
    #[serde(rename = "final")]
    pub final_position: P,
    /// How the game ended, `null` while it goes on.
    pub game_over: Option<GameOver>,
}

/// Why `play` stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError<P: GamePosition> {
    /// A move cannot be read as a move of the game.
    BadMove {
        /// Which move (from 0).
        index: usize,
        /// The error.
        error: P::MoveError,
    },
    /// A move is illegal; the report holds the moves played before it.
    Illegal {
        /// Which move (from 0).
        index: usize,
        /// The move.
        played: P::Move,
        /// The error, naming the rule.
        error: P::Illegal,
        /// The moves played before it.
        report: Box<PlayReport<P>>,
        /// How the moves were written (to name them back).
        conventions: Conventions,
    },
}

impl<P: GamePosition> PlayError<P> {
    /// The rule that forbids the move, for an illegal move.
    #[must_use]
    pub fn rule(&self) -> Option<RuleId> {
        match self {
            PlayError::BadMove { .. } => None,
            PlayError::Illegal { error, .. } => Some(error.rule()),
        }
    }

    /// The moves played before the illegal one.
    #[must_use]
    pub fn played(&self) -> Option<&PlayReport<P>> {
        match self {
            PlayError::BadMove { .. } => None,
            PlayError::Illegal { report, .. } => Some(report),
        }
    }
}

impl<P: GamePosition> PlayError<P> {
    /// `move 2: …` for a move that cannot be read (`error` says why); `move
    /// 2 (S3): <why> (<rule id>); legal moves: …` for an illegal one, moves
    /// named as they were written.
    #[must_use]
    pub fn message_with(&self, error: impl FnOnce(&P::MoveError) -> Message) -> Message {
        match self {
            PlayError::BadMove { index, error: why } => {
                msg!("play-bad-move", index = index + 1, text = error(why))
            }
            PlayError::Illegal {
                index,
                played,
                error,
                report,
                conventions,
            } => {
                let before = &report.final_position;
                msg!(
                    "play-illegal-move",
                    index = index + 1,
                    move = before.move_name(*played, *conventions).to_string(),
                    text = error.full_message(*conventions)
                )
            }
        }
    }
}

/// `move 2: …` for a move that cannot be read; `move 2 (S3): <why> (<rule
/// id>); legal moves: …` for an illegal one, moves named as they were
/// written; in English.
impl<P: GamePosition> fmt::Display for PlayError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message_with(|error| Message::verbatim(error.to_string()))
            .fmt(f)
    }
}

impl<P: GamePosition> std::error::Error for PlayError<P> {}

/// Plays `moves` (their names, canonically spelled) from `position` and
/// reports every step.
///
/// ```
/// use songo_notation::{report, Position, Ruleset, Side};
/// let report = report::play(Position::start(Ruleset::Songo), &["S2", "N4"]).unwrap();
/// assert_eq!(report.steps.len(), 2);
/// assert_eq!(report.steps[0].outcome.sown.row(Side::North).as_slice(), [6, 6, 6, 5, 5, 5, 5]);
/// assert!(report.game_over.is_none());
/// ```
///
/// # Errors
/// A move that cannot be read, or an illegal move (naming its rule).
pub fn play<P: GamePosition>(
    position: P,
    moves: &[impl AsRef<str>],
) -> Result<PlayReport<P>, PlayError<P>> {
    play_with(position, moves, Conventions::default())
}

/// [`play`] with the moves written under `conventions` (an Awalé letter case).
///
/// # Errors
/// A move that cannot be read, or an illegal move (naming its rule).
pub fn play_with<P: GamePosition>(
    position: P,
    moves: &[impl AsRef<str>],
    conventions: Conventions,
) -> Result<PlayReport<P>, PlayError<P>> {
    let mut report = PlayReport {
        steps: Vec::with_capacity(moves.len()),
        final_position: position.clone(),
        game_over: None,
    };
    let mut game = crate::Game::new(position);
    for (index, text) in moves.iter().enumerate() {
        let played = game
            .position()
            .parse_move(text.as_ref(), conventions)
            .map_err(|error| PlayError::BadMove { index, error })?;
        let before = game.position().clone();
        match game.play(played) {
            Ok(outcome) => report.steps.push(PlayStep {
                played,
                before,
                outcome,
                after: game.position().clone(),
            }),
            Err(error) => {
                report.final_position = before;
                report.game_over = game.game_over();
                return Err(PlayError::Illegal {
                    index,
                    played,
                    error,
                    report: Box::new(report),
                    conventions,
                });
            }
        }
    }
    report.final_position = game.position().clone();
    report.game_over = game.game_over();
    Ok(report)
}

/// A move the board allows but a rule forbids, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalEntry<P: GamePosition> {
    /// The move.
    pub played: P::Move,
    /// The rule that forbids it.
    pub rule: RuleId,
    /// The refusal, which explains it.
    pub refusal: P::Illegal,
}

/// What `songo moves` reports: the legal moves, and the moves a rule forbids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovesReport<P: GamePosition> {
    /// The position.
    pub position: P,
    /// The legal moves (a forced move included); empty when the game is over.
    pub legal: Vec<P::Move>,
    /// The moves the board allows but a rule forbids.
    pub illegal: Vec<IllegalEntry<P>>,
    /// How the game ended, `null` while it goes on.
    pub game_over: Option<GameOver>,
}

impl<P: GamePosition> MovesReport<P> {
    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.position.to_move()
    }

    /// The legal moves' names under `conventions`.
    #[must_use]
    pub fn legal_names(&self, conventions: Conventions) -> Vec<String> {
        self.legal
            .iter()
            .map(|&played| self.position.move_name(played, conventions).to_string())
            .collect()
    }

    /// The forbidden moves under `conventions`: name, rule, explanation.
    #[must_use]
    pub fn illegal_lines(&self, conventions: Conventions) -> Vec<(String, RuleId, String)> {
        self.illegal
            .iter()
            .map(|entry| {
                (
                    self.position
                        .move_name(entry.played, conventions)
                        .to_string(),
                    entry.rule,
                    entry.refusal.explanation(conventions),
                )
            })
            .collect()
    }
}

/// `{"to_move", ["phase",] "legal", "illegal": [{"move", "rule",
/// "message"}], "game_over"}`, moves named canonically, messages in
/// English.
impl<P: Reported> Serialize for MovesReport<P> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.in_lang(Lang::En).serialize(serializer)
    }
}

impl<P: GamePosition> MovesReport<P> {
    /// The report to serialize with its messages in `lang` (the keys,
    /// moves and rule ids stay as they are).
    #[must_use]
    pub const fn in_lang(&self, lang: Lang) -> InLang<'_, MovesReport<P>> {
        InLang(self, lang)
    }
}

/// A report whose messages serialize in a language: see
/// [`MovesReport::in_lang`].
#[derive(Debug, Clone, Copy)]
pub struct InLang<'a, T>(&'a T, Lang);

impl<P: Reported> Serialize for InLang<'_, MovesReport<P>> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let InLang(report, lang) = *self;
        let phase = report.position.phase_name();
        let fields = 4 + usize::from(phase.is_some());
        let mut state = serializer.serialize_struct("MovesReport", fields)?;
        state.serialize_field("to_move", &report.to_move())?;
        if let Some(phase) = phase {
            state.serialize_field("phase", phase)?;
        }
        state.serialize_field("legal", &report.legal_names(Conventions::default()))?;
        state.serialize_field("illegal", &IllegalEntries(report, lang))?;
        state.serialize_field("game_over", &report.game_over)?;
        state.end()
    }
}

struct IllegalEntries<'a, P: GamePosition>(&'a MovesReport<P>, Lang);

impl<P: GamePosition> Serialize for IllegalEntries<'_, P> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Entry<'a> {
            #[serde(rename = "move")]
            played: &'a str,
            rule: RuleId,
            message: &'a str,
        }
        let lines = self.0.illegal_lines(Conventions::CANONICAL.in_lang(self.1));
        let mut seq = serializer.serialize_seq(Some(lines.len()))?;
        for (played, rule, message) in &lines {
            seq.serialize_element(&Entry {
                played,
                rule: *rule,
                message,
            })?;
        }
        seq.end()
    }
}

/// The legal moves of a position, and the moves a rule forbids with why.
///
/// ```
/// use songo_notation::{report, Conventions, Position};
/// let position: Position = "songo:0,0,0,0,0,0,0/16,0,0,23,1,10,1:0-0:S".parse().unwrap();
/// let moves = report::moves(&position);
/// assert_eq!(moves.legal_names(Conventions::default()), ["S3"]);
/// assert_eq!(moves.illegal[0].rule.as_str(), "songo.solidarity");
/// ```
#[must_use]
pub fn moves<P: GamePosition>(position: &P) -> MovesReport<P> {
    let turn = position.turn();
    let legal = turn
        .as_ref()
        .map(|list| list.iter().collect())
        .unwrap_or_default();
    let illegal = position
        .illegal_moves()
        .filter_map(|(played, rule)| {
            // The forbidding rule's explanation, also when no move is left
            // and the game is over because of it.
            let refusal = position.refusal_by(played, rule)?;
            Some(IllegalEntry {
                played,
                rule,
                refusal,
            })
        })
        .collect();
    MovesReport {
        position: position.clone(),
        legal,
        illegal,
        game_over: turn.err(),
    }
}

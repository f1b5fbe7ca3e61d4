//! # songo-notation
//!
//! The library behind the `songo` tool: the rules of Songo, Awalé/oware and
//! Seega, their notations, game records and the validator.
//!
//! ```
//! use songo_notation::{House, Position, Ruleset, Side};
//!
//! let mut position = Position::start(Ruleset::Songo);
//! let outcome = position.play(House::parse("S2", Ruleset::Songo).unwrap()).unwrap();
//! assert_eq!(outcome.captured, 0);
//! assert_eq!(position.row(Side::South).as_slice(), &[6, 6, 0, 5, 5, 5, 5]);
//! ```
//!
//! Every game is a position type behind one trait, [`GamePosition`]: the
//! sowing games' [`Position`] ([`sowing`]) and Seega's
//! [`seega::SeegaPosition`] ([`seega`]); [`AnyPosition`] ([`any`]) is the
//! one dispatch between them. Features are written once over the trait:
//! [`Game`] (a position with its history), [`report`], [`validate`],
//! [`generate`]. Every rule has an id ([`RuleId`]); the modules
//! [`sowing::rules::songo`], [`sowing::rules::awale`] and [`seega::rules`]
//! implement them, each at one place that cites it. [`read`] reads a
//! position in any form; [`record`] reads and writes game records;
//! [`annotation`] writes them back with the teaching words and the
//! engine's marks.
//! `docs/architecture.md` draws the whole.

pub mod analysis;
pub mod annotation;
pub mod any;
mod conventions;
pub mod error;
pub mod exercises;
mod game;
pub mod generate;
pub mod glicko2;
pub mod i18n;
mod input;
pub mod lesson;
mod nesting;
pub mod read;
pub mod record;
pub mod render;
pub mod report;
mod rule;
pub mod ruleset;
pub mod seega;
mod side;
pub mod sowing;
mod span;
pub mod teach;
pub mod tiebreak;
pub mod tournament;
pub mod validate;
pub mod verdict;

pub use any::{AnyIllegal, AnyMove, AnyMoveList, AnyOutcome, AnyPosition};
pub use conventions::{Conventions, LetterCase};
pub use game::{Game, GameOver, GamePosition, LegalMoves, Outcome, Refusal};
pub use rule::{RuleId, RuleIds, UnknownRuleId};
pub use ruleset::{BoardGame, Ruleset, UnknownRuleset};
pub use side::{ParseSideError, Score, Side};
pub use sowing::position::{House, HouseName, ParseHouseError, Position, PositionError, Row};
pub use sowing::rules::{HouseSet, IllegalMove, IllegalReason, MoveList, MoveOutcome};

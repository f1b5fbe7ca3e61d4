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
//! Every rule has an id ([`RuleId`]); the modules [`songo`], [`awale`] and
//! [`seega`] implement them, each at one place that cites it. [`any`] reads
//! and plays a position of any ruleset.

pub mod any;
pub mod awale;
pub mod compact;
pub mod conventions;
pub mod diagram;
pub mod drawing;
pub mod engine;
pub mod error;
pub mod game;
pub mod generate;
pub mod input;
pub mod json;
pub mod markdown;
pub mod position;
pub mod read;
pub mod record;
pub mod render;
mod replay;
pub mod report;
pub mod rule;
pub mod ruleset;
pub mod seega;
pub mod side;
pub mod songo;
pub mod sowing;
mod span;
pub mod svg;
pub mod validate;

pub use any::{AnyIllegal, AnyMove, AnyMoveList, AnyOutcome, AnyPosition};
pub use conventions::{Conventions, LetterCase};
pub use engine::{HouseSet, IllegalMove, IllegalReason, MoveList, MoveOutcome};
pub use game::{Game, GameOver, GamePosition, LegalMoves, MoveEffect, Refusal};
pub use position::{House, HouseName, ParseHouseError, Position, PositionError, Row};
pub use rule::{RuleId, RuleIds, UnknownRuleId};
pub use ruleset::{Family, Ruleset, UnknownRuleset};
pub use side::{ParseSideError, Score, Side};

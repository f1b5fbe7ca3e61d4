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

pub mod analysis;
pub mod any;
pub mod awale;
pub mod compact;
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
pub mod record;
pub mod replay;
pub mod report;
pub mod rule;
pub mod ruleset;
pub mod seega;
pub mod side;
pub mod songo;
mod span;
pub mod svg;
pub mod validate;

pub use engine::{GameOver, HouseSet, IllegalMove, IllegalReason, MoveList, MoveOutcome};
pub use game::Game;
pub use position::{House, HouseName, LetterCase, ParseHouseError, Position, PositionError, Row};
pub use rule::{RuleId, RuleSet, UnknownRuleId};
pub use ruleset::{Family, Ruleset, UnknownRuleset};
pub use side::{ParseSideError, Score, Side};

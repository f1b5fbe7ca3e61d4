//! Analysis: the value of a position, by search and by endgame tables.
//!
//! The **value** of a position is the final score difference its side to
//! move can force (his final score minus the opponent's, the stores as they
//! stand included), every end rule applied with its own final score. A game
//! that could go on for ever without a capture is scored by the convention
//! [`CONVENTION`]: the stores as they stand, the seeds left on the board
//! counting for neither player (see `docs/analysis.md`).
//!
//! ```
//! use songo_notation::analysis::{Limits, analyse};
//! use songo_notation::{Position, Ruleset, Score, Side};
//!
//! // The board before the grenier of the escale text's third capture
//! // example: S5's 17 seeds lap the board and take N3..N0, eleven seeds.
//! let position = Position::new(
//!     Ruleset::Songo,
//!     &[1, 7, 0, 0, 1, 17, 7],
//!     &[0, 1, 0, 2, 8, 5, 10],
//!     Score::default(),
//!     Side::South,
//! )
//! .unwrap();
//! let report = analyse(&position, &Limits { depth: Some(4), ..Limits::default() }).unwrap();
//! assert_eq!(report.best.map(|house| report.name(house).to_string()).as_deref(), Some("S5"));
//! ```
//!
//! [`Analyser`] keeps its transposition table from one position to the
//! next and may read [`tables::Tables`]; [`tables::build_level`] builds them.

mod analyser;
pub mod annotate;
mod board;
mod eval;
mod index;
pub mod player;
mod search;
pub mod tables;
mod tt;
mod value;

pub use analyser::{
    Analysable, Analyser, AnalysisError, AnalysisOptions, AnalysisReport, Canceller, Limits,
    MAX_DEPTH, MAX_SEEDS, MoveValue, analyse, check_rules,
};
pub use value::CONVENTION;

#[cfg(test)]
mod examples;
#[cfg(test)]
mod oracle;
#[cfg(test)]
mod testing;

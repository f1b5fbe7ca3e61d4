//! Seega, the 5×5 game of placement and custodian capture, by the rules
//! `docs/rules.md` states.
//!
//! - `board`: squares and bitboards;
//! - `position`: who stands where, the phase, hands and pieces taken;
//! - `moves`: placements `a1,b2`, steps `b3-c3`, `pass`, and the legal moves;
//! - [`rules`]: every rule, each implemented once and cited by its id;
//! - [`notation`]: the compact form, text diagrams, JSON/YAML;
//! - [`render`]: Markdown and SVG boards;
//! - [`report`]: the `play` and `moves` reports;
//! - `record`: the start of a Seega game from a record's tags.
//!
//! ```
//! use songo_notation::seega::{SeegaMove, SeegaPosition};
//! use songo_notation::Side;
//!
//! let mut position = SeegaPosition::start(Side::South);
//! position.play("a1,b2".parse().unwrap()).unwrap();
//! assert_eq!(position.to_move(), Side::North);
//! assert_eq!(position.to_string(), "seega:...../...../...../.S.../S....:N:placement:10-12:0-0");
//! ```

pub(crate) mod board;
pub(crate) mod moves;
pub mod notation;
pub(crate) mod position;
mod record;
pub mod render;
pub mod report;
pub mod rules;

pub use board::{Direction, ParseSquareError, Square, SquareSet};
pub use moves::{ClaimedMove, ParseMoveError, SeegaMove, SeegaMoveList};
pub use position::{
    PIECES_PER_SIDE, ParsePhaseError, Phase, SeegaPosition, SeegaPositionError, SeegaSetup,
};
pub use rules::{DeclaredEndError, SeegaIllegal, SeegaIllegalReason, SeegaOutcome, Victory};

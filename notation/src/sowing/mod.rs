//! The sowing games: Songo (`songo`, `songo-ekang`), Awalé (`awale`) and
//! oware abapa (`oware-abapa`), with the same inner shape as
//! [`crate::seega`]:
//!
//! - `position`: houses, [`Position`];
//! - `houses`: the board's houses, a byte or a `u32` each, behind one trait;
//! - [`rules`]: legal moves, sowing, captures and the end of the game —
//!   the dispatcher, [`rules::songo`] (`songo.*`) and [`rules::awale`]
//!   (`awale.*`, `abapa.*`), every rule at one place that cites its id;
//! - [`notation`]: the compact notation, diagrams, JSON/YAML, OGN FEN;
//! - [`render`]: boards as text, Markdown and SVG;
//! - [`report`]: what a sowing move adds to the reports of `play`;
//! - `record`: the start of a game from a record's tags;
//! - [`ogn`]: records written as OGN files (awalé/oware).

pub(crate) mod houses;
pub mod notation;
pub mod ogn;
pub(crate) mod position;
mod record;
pub mod render;
pub mod report;
pub mod rules;

pub use position::Position;
pub use report::Rows;

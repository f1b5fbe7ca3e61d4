//! The sowing games: Songo, Awalé and oware abapa.
//!
//! - [`report`]: what a sowing move adds to the reports of `play`.

pub mod report;

pub use report::Rows;

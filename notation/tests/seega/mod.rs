//! Seega: every rule's fixture (`fixtures/seega/*.yaml`), snapshots of
//! diagrams and diagnostics, properties of random games and positions.

mod fixtures;
mod game;
mod props;
mod records;
mod snapshots;

use songo_notation::seega::SeegaPosition;

/// A position from a fixture's text (a diagram or the compact form).
pub(crate) fn position(text: &str) -> SeegaPosition {
    text.parse()
        .unwrap_or_else(|e| panic!("fixture position does not read:\n{e}\n{text}"))
}

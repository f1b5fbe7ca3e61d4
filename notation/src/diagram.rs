//! Board diagrams as the sources draw them: North's row on top, South's at
//! the bottom, each with a label row.
//!
//! ```text
//! N0  N1  N2  N3  N4  N5  N6
//!  6   6   6   5   5   5   5
//!  6   6   0   5   5   5   5
//! S0  S1  S2  S3  S4  S5  S6
//! ```

use std::fmt::Write as _;

use crate::position::{House, Position};
use crate::ruleset::Family;
use crate::side::Side;

/// The houses of a row as drawn left to right: Songo `0..6` for both rows,
/// Awalé North `f..a` (its `a` is on the right, seen from South) and South `A..F`.
#[must_use]
pub fn drawn_order(position: &Position, side: Side) -> Vec<House> {
    let width = position.rules().houses_per_side() as u8;
    let mut houses: Vec<House> = (0..width).map(|i| House::new(side, i)).collect();
    if position.rules().family() == Family::Awale && side == Side::North {
        houses.reverse();
    }
    houses
}

/// The plain-text diagram: label row, North's counts, South's counts, label
/// row, then a line for the stores and one for the side to move.
///
/// ```
/// use songo_notation::{diagram, Position, Ruleset};
/// let text = diagram::text(&Position::start(Ruleset::Songo));
/// assert!(text.starts_with("N0  N1  N2  N3  N4  N5  N6\n 5   5   5   5   5   5   5\n"));
/// ```
#[must_use]
pub fn text(position: &Position) -> String {
    let rules = position.rules();
    let cell = position
        .houses()
        .map(|h| position.house(h).to_string().len())
        .max()
        .unwrap_or(1)
        .max(2);
    let mut out = String::new();
    let mut line = |cells: Vec<String>| {
        let row: Vec<String> = cells.iter().map(|c| format!("{c:>cell$}")).collect();
        let _ = writeln!(out, "{}", row.join("  ").trim_end());
    };
    let north = drawn_order(position, Side::North);
    let south = drawn_order(position, Side::South);
    line(north.iter().map(|h| h.name(rules).to_string()).collect());
    line(
        north
            .iter()
            .map(|h| position.house(*h).to_string())
            .collect(),
    );
    line(
        south
            .iter()
            .map(|h| position.house(*h).to_string())
            .collect(),
    );
    line(south.iter().map(|h| h.name(rules).to_string()).collect());
    let stores = position.stores();
    let _ = writeln!(out, "stores: south {} north {}", stores.south, stores.north);
    let _ = writeln!(out, "to move: {}", position.to_move());
    out
}

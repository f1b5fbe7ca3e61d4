//! Boards as plain text, the diagrams of the teaching texts: label rows,
//! counts, the stores and the side to move.
//! [`crate::sowing::notation::diagram::parse`] reads them back, marks and all.

use std::fmt::Write as _;

use crate::i18n::Localize;
use crate::msg;
use crate::side::Side;
use crate::sowing::render::BoardView;

/// The plain-text diagram of a view: changed houses carry a `*` after their
/// count, captured houses an `x`. The reader accepts these marks back.
///
/// ```
/// use songo_notation::sowing::render::BoardView;
/// use songo_notation::{sowing::notation::diagram, House, Position, Side};
/// let before: Position = "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7".parse().unwrap();
/// let (_, outcome) = before.after(House::new(Side::South, 1)).unwrap();
/// let view = BoardView::new(outcome.sown).changed_from(&before).mid_move();
/// assert_eq!(
///     diagram::write(&view),
///     "N0  N1  N2  N3  N4  N5  N6\n 4*  2*  1  10   1   5   0\n 3*  0*  5   0   1   1   7\nS0  S1  S2  S3  S4  S5  S6\nstores: south 0 north 0\n"
/// );
/// ```
#[must_use]
pub fn write(view: &BoardView) -> String {
    let position = &view.position;
    let width = position
        .houses()
        .map(|h| position.house(h).to_string().len())
        .max()
        .unwrap_or(1)
        .max(2);
    let mut out = String::new();
    let mut line = |cells: Vec<(String, char)>| {
        let mut text = String::new();
        for (i, (cell, mark)) in cells.iter().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            let _ = write!(text, "{cell:>width$}{mark}");
        }
        out.push_str(text.trim_end());
        out.push('\n');
    };
    let labels = |side: Side| -> Vec<(String, char)> {
        view.row(side)
            .into_iter()
            .map(|h| (view.label(h), ' '))
            .collect()
    };
    let counts = |side: Side| -> Vec<(String, char)> {
        view.row(side)
            .into_iter()
            .map(|h| {
                let mark = if view.is_captured(h) {
                    'x'
                } else if view.is_changed(h) {
                    '*'
                } else {
                    ' '
                };
                (position.house(h).to_string(), mark)
            })
            .collect()
    };
    line(labels(Side::North));
    line(counts(Side::North));
    line(counts(Side::South));
    line(labels(Side::South));
    let stores = position.stores();
    let stores = msg!(
        "diagram-stores-line",
        south = stores.south,
        north = stores.north
    );
    let _ = writeln!(out, "{}", stores.localize(view.lang));
    if view.show_to_move {
        let to_move = msg!("diagram-to-move-line", side = position.to_move().as_str());
        let _ = writeln!(out, "{}", to_move.localize(view.lang));
    }
    out
}

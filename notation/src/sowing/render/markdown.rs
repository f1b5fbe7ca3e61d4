//! Boards as Markdown tables, for notes, issues and wikis: the label rows
//! and the counts in a table, the stores and the side to move in a list.
//! Houses the move changed are in **bold**, captured houses ~~struck~~.
//! [`crate::sowing::notation::diagram::parse`] reads the table back.
//!
//! ```text
//! | N0 | N1 | N2 | N3 | N4 | N5 | N6 |
//! |:--:|:--:|:--:|:--:|:--:|:--:|:--:|
//! |  3 |  1 |  1 | 10 |  1 |  5 |  0 |
//! |  2 |  3 |  5 |  0 |  1 |  1 |  7 |
//! | S0 | S1 | S2 | S3 | S4 | S5 | S6 |
//!
//! - stores: south 0, north 0
//! - to move: south
//! ```

use std::fmt::Write as _;

use crate::conventions::Conventions;
use crate::i18n::Localize;
use crate::msg;
use crate::render::Drawing;
use crate::render::sequence::{self, Options};
use crate::report::PlayReport;
use crate::side::Side;
use crate::sowing::position::Position;
use crate::sowing::render::BoardView;

/// The Markdown table of a view.
///
/// ```
/// use songo_notation::sowing::render::BoardView;
/// use songo_notation::{sowing::notation::diagram, sowing::render::markdown, Position};
/// let position: Position = "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7".parse().unwrap();
/// let table = markdown::board(&BoardView::new(position));
/// assert!(table.starts_with("| N0 | N1 | N2 | N3 | N4 | N5 | N6 |\n|:--:|"));
/// assert_eq!(diagram::parse(&table, None), Ok(position));
/// ```
#[must_use]
pub fn board(view: &BoardView) -> String {
    let position = &view.position;
    let cell = |house| {
        let count = position.house(house);
        let text = if view.is_captured(house) {
            format!("~~{count}~~")
        } else if view.is_changed(house) {
            format!("**{count}**")
        } else {
            count.to_string()
        };
        // The house of the last move, in brackets (the reader drops them).
        if view.last_move == Some(house) {
            format!("[{text}]")
        } else {
            text
        }
    };
    let rows: [Vec<String>; 4] = [
        view.row(Side::North)
            .into_iter()
            .map(|h| view.label(h))
            .collect(),
        view.row(Side::North).into_iter().map(cell).collect(),
        view.row(Side::South).into_iter().map(cell).collect(),
        view.row(Side::South)
            .into_iter()
            .map(|h| view.label(h))
            .collect(),
    ];
    let width = rows
        .iter()
        .flatten()
        .map(|text| text.chars().count())
        .max()
        .unwrap_or(1)
        .max(2);
    let mut out = String::new();
    table_line(&mut out, &rows[0], width);
    out.push('|');
    for _ in &rows[0] {
        let _ = write!(out, ":{}:|", "-".repeat(width));
    }
    out.push('\n');
    for cells in &rows[1..] {
        table_line(&mut out, cells, width);
    }
    let stores = position.stores();
    let stores = msg!(
        "markdown-stores-line",
        south = stores.south,
        north = stores.north
    );
    let _ = write!(out, "\n- {}\n", stores.localize(view.lang));
    if view.show_to_move {
        let to_move = msg!("diagram-to-move-line", side = position.to_move().as_str());
        let _ = writeln!(out, "- {}", to_move.localize(view.lang));
    }
    if let Some(house) = view.last_move {
        let line = msg!("markdown-last-move", move = view.label(house));
        let _ = writeln!(out, "- {}", line.localize(view.lang));
    }
    out
}

fn table_line(out: &mut String, cells: &[String], width: usize) {
    out.push('|');
    for text in cells {
        let _ = write!(out, " {text:>width$} |");
    }
    out.push('\n');
}

/// The Markdown of a played sequence: a heading per move, its three
/// boards, what it captured and the rules it applied.
///
/// ```
/// use songo_notation::{sowing::render::markdown, report, LetterCase, Position};
/// let position: Position = "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7".parse().unwrap();
/// let text = markdown::played_line(&report::play(position, &["S1"]).unwrap(), LetterCase::default());
/// assert!(text.starts_with("## South plays S1\n\n**Before**\n\n| N0 |"));
/// assert!(text.contains("| **4** | **2** |"));
/// assert!(text.contains("| ~~0~~ | ~~0~~ |"));
/// ```
#[must_use]
pub fn played_line(report: &PlayReport<Position>, conventions: impl Into<Conventions>) -> String {
    sequence::draw(report, Drawing::Markdown, &Options::of(conventions))
}

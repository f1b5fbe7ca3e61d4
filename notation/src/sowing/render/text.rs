//! Boards as plain text, the diagrams of the teaching texts: label rows,
//! counts, the stores and the side to move; a played line and the legal
//! moves as text.
//! [`crate::sowing::notation::diagram::parse`] reads them back, marks and all.

use std::fmt::Write as _;

use crate::conventions::Conventions;
use crate::i18n::{Lang, Localize};
use crate::msg;
use crate::render::sequence::{self, Options};
use crate::render::{Drawing, game_over_line_in, write_illegal};
use crate::report::{MovesReport, PlayReport};
use crate::side::Side;
use crate::sowing::position::Position;
use crate::sowing::render::BoardView;

/// The plain-text diagram of a view: changed houses carry a `*` after their
/// count, captured houses an `x`. The reader accepts these marks back.
///
/// ```
/// use songo_notation::sowing::render::{BoardView, text};
/// use songo_notation::{House, Position, Side};
/// let before: Position = "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7".parse().unwrap();
/// let (_, outcome) = before.after(House::new(Side::South, 1)).unwrap();
/// let view = BoardView::new(outcome.sown).changed_from(&before).mid_move();
/// assert_eq!(
///     text::board(&view),
///     "N0  N1  N2  N3  N4  N5  N6\n 4*  2*  1  10   1   5   0\n 3*  0*  5   0   1   1   7\nS0  S1  S2  S3  S4  S5  S6\nstores: south 0 north 0\n"
/// );
/// ```
#[must_use]
pub fn board(view: &BoardView) -> String {
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

/// [`board`] with its words (stores, side to move) in `lang`; the reader
/// reads them back.
///
/// ```
/// use songo_notation::i18n::Lang;
/// use songo_notation::sowing::{notation::diagram, render::{BoardView, text}};
/// use songo_notation::{Position, Ruleset};
/// let board = text::board_in(&BoardView::new(Position::start(Ruleset::Songo)), Lang::Fr);
/// assert!(board.starts_with("N0  N1  N2  N3  N4  N5  N6\n 5   5   5   5   5   5   5\n"));
/// assert!(board.ends_with("réserves\u{a0}: sud 0 nord 0\nau trait\u{a0}: sud\n"));
/// assert_eq!(diagram::parse(&board, None).unwrap(), Position::start(Ruleset::Songo));
/// ```
#[must_use]
pub fn board_in(view: &BoardView, lang: Lang) -> String {
    board(&view.clone().in_lang(lang))
}

/// The text of a played sequence: for every move the boards before, after
/// sowing (changed houses marked `*`) and after captures (captured houses
/// marked `x`), what it captured and the rules it applied.
///
/// ```
/// use songo_notation::sowing::render::text;
/// use songo_notation::{report, LetterCase, Position};
/// let position: Position = "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7".parse().unwrap();
/// let line = text::played_line(&report::play(position, &["S1"]).unwrap(), LetterCase::default());
/// assert!(line.starts_with("South plays S1\n\nBefore:\nN0  N1"));
/// assert!(line.contains("\nAfter sowing (* changed):\nN0  N1  N2  N3  N4  N5  N6\n 4*  2*  1  10"));
/// assert!(line.ends_with("6 captured from N1 N0; rules: songo.sow, songo.capture.chain\n"));
/// ```
#[must_use]
pub fn played_line(report: &PlayReport<Position>, conventions: impl Into<Conventions>) -> String {
    sequence::draw(report, Drawing::Text, &Options::of(conventions))
}

/// What `songo moves` prints for a sowing position: the side to move, the
/// legal moves, each forbidden house with its rule; or how the game ended.
#[must_use]
pub fn moves(report: &MovesReport<Position>, conventions: Conventions) -> String {
    let lang = conventions.lang;
    let mut out = String::new();
    if let Some(over) = &report.game_over {
        let _ = writeln!(out, "{}", game_over_line_in(over, lang));
        return out;
    }
    let to_move = msg!("moves-to-move", side = report.to_move().as_str());
    let _ = writeln!(out, "{}", to_move.localize(lang));
    let legal = msg!(
        "moves-legal",
        moves = report.legal_names(conventions).join(" ")
    );
    let _ = writeln!(out, "{}", legal.localize(lang));
    write_illegal(&mut out, &report.illegal_lines(conventions), lang);
    out
}

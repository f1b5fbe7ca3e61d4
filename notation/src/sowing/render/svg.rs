//! Boards as SVG pictures a teacher can drop into a document: the pits with
//! their counts, the house labels, both stores, whose turn it is, and the
//! houses a move changed (red, as the escale text marks them), captured
//! (struck out) or played (blue ring).
//!
//! The SVG is written by hand: presentation attributes only (no CSS, no
//! script, no external font), integer coordinates, and the same bytes for
//! the same input. [`board`] draws one board; [`figure`] lays several out
//! in rows under headings (the boards of a played move side by side).
//!
//! [`board_with_hooks`] adds stable hooks for a program that drives the
//! picture (the web page): each pit and its count in a group
//! `<g data-house="S4" data-side="south" data-index="4" data-cycle="2">`, each
//! store in `<g data-store="south">`.
//! The CLI never asks for them, so its pictures stay as they are.

use std::fmt::Write as _;

use crate::conventions::LetterCase;
use crate::render::{game_over_line, move_number};
use crate::report::PlayReport;
use crate::side::Side;
use crate::sowing::position::{House, Position};
use crate::sowing::render::{BoardView, step_headline, step_summary};

/// Distance between the centres of two neighbouring pits.
const PITCH: i32 = 64;
/// Pit radius.
const PIT_RADIUS: i32 = 27;
/// Width of a store.
const STORE_WIDTH: i32 = 52;
/// Space between the board's edge, the stores and the pits.
const GAP: i32 = 10;
/// Height of one line of small text (labels, side names).
const LINE: i32 = 20;
/// Height of a caption line.
const CAPTION: i32 = 26;
/// Margin around every board in a figure.
const MARGIN: i32 = 16;

const FONT: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";
const WOOD: &str = "#d9b382";
const WOOD_EDGE: &str = "#8a5a2b";
const PIT: &str = "#fbf3e4";
const INK: &str = "#222222";
const MUTED: &str = "#5b4a3a";
const RED: &str = "#c0392b";
const RED_FILL: &str = "#f9d5cf";
const BLUE: &str = "#1f5fa8";
const GREY_FILL: &str = "#e3e0dc";

/// Several boards in rows, each row under an optional heading.
///
/// ```
/// use songo_notation::drawing::BoardView;
/// use songo_notation::{report, svg, Position};
/// let position: Position = "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7".parse().unwrap();
/// let played = report::play(position, &["S1"]).unwrap();
/// let figure = svg::Figure {
///     title: Some("Capture example 1".into()),
///     rows: vec![svg::FigureRow {
///         heading: Some("South plays S1".into()),
///         boards: BoardView::of_step(&played.steps[0]).to_vec(),
///     }],
/// };
/// let picture = svg::figure(&figure);
/// assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// // 3 boards of 14 pits, the played house ringed twice, a legend of 3 marks.
/// assert_eq!(picture.matches("<circle").count(), 3 * 14 + 2 + 3);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Figure {
    /// A title over the whole figure.
    pub title: Option<String>,
    /// The rows of boards, top to bottom.
    pub rows: Vec<FigureRow>,
}

/// One row of a [`Figure`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FigureRow {
    /// A heading above the row.
    pub heading: Option<String>,
    /// The boards, left to right.
    pub boards: Vec<BoardView>,
}

/// One board as a standalone SVG document.
///
/// ```
/// use songo_notation::drawing::BoardView;
/// use songo_notation::{svg, Position, Ruleset};
/// let picture = svg::board(&BoardView::new(Position::start(Ruleset::Awale)));
/// assert!(picture.contains(">South to move<"));
/// assert_eq!(picture, svg::board(&BoardView::new(Position::start(Ruleset::Awale))));
/// ```
#[must_use]
pub fn board(view: &BoardView) -> String {
    figure(&Figure {
        title: None,
        rows: vec![FigureRow {
            heading: None,
            boards: vec![view.clone()],
        }],
    })
}

/// [`board`] with hooks for a program that drives the picture: each pit,
/// its ring and its count grouped in `<g data-house="S4" data-side="south"
/// data-index="4" data-cycle="N">` (the house's name, its camp and index
/// as in the JSON rows, and `N` its place in the sowing cycle, from 0), each
/// store's count
/// in `<g data-store="south">`. The drawing is otherwise the same.
///
/// ```
/// use songo_notation::drawing::BoardView;
/// use songo_notation::{svg, Position, Ruleset};
/// let picture = svg::board_with_hooks(&BoardView::new(Position::start(Ruleset::Songo)));
/// assert_eq!(picture.matches("<g data-house=").count(), 14);
/// assert!(picture.contains("<g data-house=\"S6\" data-side=\"south\" data-index=\"6\" data-cycle=\"0\">"));
/// assert!(picture.contains("<g data-store=\"north\">"));
/// assert!(!svg::board(&BoardView::new(Position::start(Ruleset::Songo))).contains("data-house"));
/// ```
#[must_use]
pub fn board_with_hooks(view: &BoardView) -> String {
    draw_figure(
        &Figure {
            title: None,
            rows: vec![FigureRow {
                heading: None,
                boards: vec![view.clone()],
            }],
        },
        true,
    )
}

/// A played sequence as one SVG document: a row per move with its three
/// boards (before, after sowing, after captures) under a heading that says
/// what the move captured and the rules it applied.
///
/// ```
/// use songo_notation::{report, svg, LetterCase, Position};
/// let position: Position = "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7".parse().unwrap();
/// let picture = svg::play(&report::play(position, &["S1", "N3"]).unwrap(), LetterCase::default());
/// assert!(picture.contains(">1. South plays S1: 6 captured from N1 N0; rules: songo.sow, songo.capture.chain<"));
/// // Pits, the played houses ringed twice a move, a legend of 3 marks.
/// assert_eq!(picture.matches("<circle").count(), 2 * 3 * 14 + 2 * 2 + 3);
/// ```
#[must_use]
pub fn play(report: &PlayReport<Position>, letters: LetterCase) -> String {
    let rows = report
        .steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let headline = step_headline(step, letters);
            let number = move_number(i, report.steps.len());
            FigureRow {
                heading: Some(format!(
                    "{number}{headline}: {}",
                    step_summary(step, letters)
                )),
                boards: BoardView::of_step_with(step, letters).to_vec(),
            }
        })
        .collect();
    let mut picture = Figure { title: None, rows };
    if let Some(over) = &report.game_over {
        picture.rows.push(FigureRow {
            heading: Some(game_over_line(over)),
            boards: Vec::new(),
        });
    }
    figure(&picture)
}

/// Several boards as one SVG document.
#[must_use]
pub fn figure(figure: &Figure) -> String {
    draw_figure(figure, false)
}

/// [`figure`], with the hooks of [`board_with_hooks`] when `hooks`.
fn draw_figure(figure: &Figure, hooks: bool) -> String {
    let mut body = String::new();
    let mut y = 0;
    let mut width = 0;
    let mut marks = Marks::default();
    if let Some(title) = &figure.title {
        text(
            &mut body,
            MARGIN,
            y + MARGIN + 20,
            20,
            "start",
            "bold",
            INK,
            title,
        );
        y += MARGIN + CAPTION + 4;
        width = width.max(2 * MARGIN + approximate_width(title, 20));
    }
    for row in &figure.rows {
        if let Some(heading) = &row.heading {
            text(
                &mut body,
                MARGIN,
                y + MARGIN + 16,
                16,
                "start",
                "bold",
                INK,
                heading,
            );
            y += MARGIN + LINE + 4;
            width = width.max(2 * MARGIN + approximate_width(heading, 16));
        }
        let mut x = 0;
        let mut row_height = 0;
        for view in &row.boards {
            let (w, h) = board_size(view);
            draw_board(&mut body, view, x + MARGIN, y + MARGIN, hooks);
            marks.add(view);
            x += w + MARGIN;
            row_height = row_height.max(h);
        }
        width = width.max(x + MARGIN);
        y += row_height + MARGIN;
    }
    if marks.any() {
        y += draw_legend(&mut body, &marks, MARGIN, y + 4);
        width = width.max(2 * MARGIN + marks.legend_width());
    }
    let height = y + MARGIN;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" role=\"img\" font-family=\"{FONT}\">"
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&describe(figure)));
    let _ = writeln!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}

/// What the picture shows, for screen readers and the `<title>` tooltip.
fn describe(figure: &Figure) -> String {
    let boards: Vec<String> = figure
        .rows
        .iter()
        .flat_map(|row| &row.boards)
        .map(|view| match &view.caption {
            Some(caption) => format!("{caption}: {}", view.position),
            None => view.position.to_string(),
        })
        .collect();
    match &figure.title {
        Some(title) => format!("{title}. {}", boards.join("; ")),
        None => boards.join("; "),
    }
}

/// Width and height of one board's drawing, captions and labels included.
fn board_size(view: &BoardView) -> (i32, i32) {
    let pits = view.position.rules().houses_per_side() as i32;
    let width = 2 * STORE_WIDTH + 4 * GAP + pits * PITCH;
    let caption = if view.caption.is_some() { CAPTION } else { 0 };
    let height = caption + 2 * (LINE + LINE) + 2 * PITCH + 2 * GAP;
    (width, height)
}

fn draw_board(out: &mut String, view: &BoardView, left: i32, top: i32, hooks: bool) {
    let position = &view.position;
    let (width, _) = board_size(view);
    let mut y = top;
    if let Some(caption) = &view.caption {
        text(
            out,
            left + width / 2,
            y + 19,
            17,
            "middle",
            "bold",
            INK,
            caption,
        );
        y += CAPTION;
    }
    let centre = left + width / 2;
    let side_line = |out: &mut String, side: Side, baseline: i32| {
        if view.show_to_move && position.to_move() == side {
            let label = format!("{} to move", side.name());
            let half = approximate_width(&label, 14) / 2;
            // A filled triangle points at the row of the side to move.
            let (tip, base) = if side == Side::North {
                (6, -6)
            } else {
                (-6, 6)
            };
            let x = centre - half - 14;
            let mid = baseline - 5;
            let _ = writeln!(
                out,
                "<path d=\"M{} {} L{} {} L{} {} Z\" fill=\"{BLUE}\"/>",
                x - 6,
                mid + base,
                x + 6,
                mid + base,
                x,
                mid + tip
            );
            text(out, centre, baseline, 14, "middle", "bold", BLUE, &label);
        } else {
            text(
                out,
                centre,
                baseline,
                14,
                "middle",
                "normal",
                MUTED,
                side.name(),
            );
        }
    };
    side_line(out, Side::North, y + 15);
    y += LINE;
    let first_pit_x = left + STORE_WIDTH + 2 * GAP + PITCH / 2;
    let pit_x = |column: usize| first_pit_x + column as i32 * PITCH;
    house_labels(out, view, Side::North, &pit_x, y + 15);
    y += LINE;
    // The board: a rounded plank with a store at each end.
    let board_height = 2 * PITCH + 2 * GAP;
    let _ = writeln!(
        out,
        "<rect x=\"{left}\" y=\"{y}\" width=\"{width}\" height=\"{board_height}\" rx=\"22\" fill=\"{WOOD}\" stroke=\"{WOOD_EDGE}\" stroke-width=\"2\"/>"
    );
    // Each player's store is at their right: North's on the left as drawn.
    let store_height = board_height - 2 * GAP;
    for (side, x) in [
        (Side::North, left + GAP),
        (Side::South, left + width - GAP - STORE_WIDTH),
    ] {
        let _ = writeln!(
            out,
            "<rect x=\"{x}\" y=\"{}\" width=\"{STORE_WIDTH}\" height=\"{store_height}\" rx=\"{}\" fill=\"{PIT}\" stroke=\"{WOOD_EDGE}\" stroke-width=\"1.5\"/>",
            y + GAP,
            STORE_WIDTH / 2
        );
        let mid = x + STORE_WIDTH / 2;
        if hooks {
            let _ = writeln!(out, "<g data-store=\"{}\">", side.as_str());
        }
        text(
            out,
            mid,
            y + GAP + 26,
            11,
            "middle",
            "normal",
            MUTED,
            side.name(),
        );
        let count = position.stores()[side].to_string();
        let size = fitting_size(&count, STORE_WIDTH - 8);
        text(
            out,
            mid,
            y + GAP + store_height / 2 + size * 7 / 20,
            size,
            "middle",
            "bold",
            INK,
            &count,
        );
        text(
            out,
            mid,
            y + GAP + store_height - 16,
            11,
            "middle",
            "normal",
            MUTED,
            "store",
        );
        if hooks {
            out.push_str("</g>\n");
        }
    }
    for (row, side) in [Side::North, Side::South].into_iter().enumerate() {
        let cy = y + GAP + PITCH / 2 + row as i32 * PITCH;
        for (column, house) in view.row(side).into_iter().enumerate() {
            if hooks {
                let _ = writeln!(
                    out,
                    "<g data-house=\"{}\" data-side=\"{}\" data-index=\"{}\" data-cycle=\"{}\">",
                    house.name(position.rules()),
                    side.as_str(),
                    house.index,
                    house.cycle_index(position.rules())
                );
            }
            draw_pit(out, view, house, pit_x(column), cy);
            if hooks {
                out.push_str("</g>\n");
            }
        }
    }
    y += board_height;
    house_labels(out, view, Side::South, &pit_x, y + 16);
    y += LINE;
    side_line(out, Side::South, y + 15);
}

/// The names of `side`'s houses above or below its row, on `baseline`.
fn house_labels(
    out: &mut String,
    view: &BoardView,
    side: Side,
    pit_x: &dyn Fn(usize) -> i32,
    baseline: i32,
) {
    for (column, house) in view.row(side).into_iter().enumerate() {
        text(
            out,
            pit_x(column),
            baseline,
            13,
            "middle",
            "normal",
            MUTED,
            &view.label(house),
        );
    }
}

fn draw_pit(out: &mut String, view: &BoardView, house: House, cx: i32, cy: i32) {
    let captured = view.is_captured(house);
    let changed = view.is_changed(house);
    let (fill, stroke, width, dash) = if captured {
        (GREY_FILL, RED, "2", " stroke-dasharray=\"5 3\"")
    } else if changed {
        (RED_FILL, RED, "2.5", "")
    } else {
        (PIT, WOOD_EDGE, "1.5", "")
    };
    let _ = writeln!(
        out,
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{PIT_RADIUS}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{width}\"{dash}/>"
    );
    if view.played == Some(house) {
        let _ = writeln!(
            out,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"{BLUE}\" stroke-width=\"3\"/>",
            PIT_RADIUS + 4
        );
    }
    if captured {
        let d = PIT_RADIUS * 5 / 8;
        let _ = writeln!(
            out,
            "<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"{RED}\" stroke-width=\"1.5\" opacity=\"0.45\"/>",
            cx - d,
            cy - d,
            cx + d,
            cy + d,
            cx + d,
            cy - d,
            cx - d,
            cy + d
        );
    }
    let count = view.position.house(house).to_string();
    let size = fitting_size(&count, 2 * PIT_RADIUS - 8);
    let colour = if changed && !captured { RED } else { INK };
    text(
        out,
        cx,
        cy + size * 7 / 20,
        size,
        "middle",
        "bold",
        colour,
        &count,
    );
}

/// Which kinds of marks a figure uses, for its legend.
#[derive(Debug, Default)]
struct Marks {
    changed: bool,
    captured: bool,
    played: bool,
}

impl Marks {
    fn add(&mut self, view: &BoardView) {
        self.changed |= !view.changed.is_empty();
        self.captured |= !view.captured.is_empty();
        self.played |= view.played.is_some();
    }

    fn any(&self) -> bool {
        self.changed || self.captured || self.played
    }

    fn entries(&self) -> Vec<(&'static str, &'static str)> {
        let mut entries = Vec::new();
        if self.played {
            entries.push(("played", "house played"));
        }
        if self.changed {
            entries.push(("changed", "changed by the move"));
        }
        if self.captured {
            entries.push(("captured", "captured"));
        }
        entries
    }

    fn legend_width(&self) -> i32 {
        self.entries()
            .iter()
            .map(|(_, words)| 30 + approximate_width(words, 13) + 24)
            .sum()
    }
}

/// Draws the legend at (`left`, `top`); returns its height.
fn draw_legend(out: &mut String, marks: &Marks, left: i32, top: i32) -> i32 {
    let mut x = left;
    let cy = top + 12;
    let r = 9;
    for (kind, words) in marks.entries() {
        let cx = x + r;
        let _ = match kind {
            "played" => writeln!(
                out,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{PIT}\" stroke=\"{BLUE}\" stroke-width=\"3\"/>"
            ),
            "changed" => writeln!(
                out,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{RED_FILL}\" stroke=\"{RED}\" stroke-width=\"2\"/>"
            ),
            _ => writeln!(
                out,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{GREY_FILL}\" stroke=\"{RED}\" stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/>"
            ),
        };
        text(
            out,
            x + 2 * r + 8,
            cy + 5,
            13,
            "start",
            "normal",
            MUTED,
            words,
        );
        x += 30 + approximate_width(words, 13) + 24;
    }
    2 * r + 12
}

/// The font size (at most 22) at which a bold number fits in `room` pixels.
fn fitting_size(number: &str, room: i32) -> i32 {
    let digits = number.chars().count().max(1) as i32;
    // A bold digit is about 0.64 em wide.
    (room * 100 / (64 * digits)).clamp(6, 22)
}

/// A rough width of a text line, to size the picture (average glyph of
/// the sans-serif fonts asked for: 0.6 em).
fn approximate_width(text: &str, size: i32) -> i32 {
    text.chars().count() as i32 * size * 3 / 5
}

#[allow(clippy::too_many_arguments)] // every argument is one attribute
fn text(
    out: &mut String,
    x: i32,
    y: i32,
    size: i32,
    anchor: &str,
    weight: &str,
    fill: &str,
    content: &str,
) {
    let _ = writeln!(
        out,
        "<text x=\"{x}\" y=\"{y}\" font-size=\"{size}\" text-anchor=\"{anchor}\" font-weight=\"{weight}\" fill=\"{fill}\">{}</text>",
        escape(content)
    );
}

/// Escapes text for SVG content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0.
            c if c.is_control() && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

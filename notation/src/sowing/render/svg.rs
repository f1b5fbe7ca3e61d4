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

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::conventions::LetterCase;
use crate::i18n::{Lang, Localize};
use crate::msg;
use crate::render::Drawing;
use crate::render::sequence::{self, Options};
use crate::render::svg::{
    self as picture, BLUE, GREY_FILL, INK, Key, LINE, Layer, Layout, MUTED, PIT, Place, RED,
    RED_FILL, Stretch, SvgBoard, approximate_width, draw_shapes, fitting_size, text, trail,
};
use crate::report::PlayReport;
use crate::side::Side;
use crate::sowing::position::{House, Position};
use crate::sowing::render::{BoardView, SowingPath};

/// Distance between the centres of two neighbouring pits.
const PITCH: i32 = 64;
/// Pit radius.
const PIT_RADIUS: i32 = 27;
/// Width of a store.
const STORE_WIDTH: i32 = 52;
/// Space between the board's edge, the stores and the pits.
const GAP: i32 = 10;

const WOOD: &str = "#d9b382";
const WOOD_EDGE: &str = "#8a5a2b";

/// Several boards in rows, each row under an optional heading.
///
/// ```
/// use songo_notation::sowing::render::BoardView;
/// use songo_notation::{report, sowing::render::svg, Position};
/// let position: Position = "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7".parse().unwrap();
/// let played = report::play(position, &["S1"]).unwrap();
/// let figure = svg::Figure {
///     title: Some("Capture example 1".into()),
///     rows: vec![svg::FigureRow {
///         heading: Some("South plays S1".into()),
///         boards: BoardView::of_step(&played.steps[0]).to_vec(),
///     }],
///     ..svg::Figure::default()
/// };
/// let picture = svg::figure(&figure);
/// assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// // 3 boards of 14 pits; the path of the sowing (4 seeds) on the second.
/// assert_eq!(picture.matches("r=\"27\"").count(), 3 * 14);
/// assert_eq!(picture.matches("<g class=\"path\"").count(), 1);
/// ```
pub type Figure = picture::Figure<BoardView>;

/// One row of a [`Figure`].
pub type FigureRow = picture::FigureRow<BoardView>;

/// One board as a standalone SVG document.
///
/// ```
/// use songo_notation::sowing::render::BoardView;
/// use songo_notation::{sowing::render::svg, Position, Ruleset};
/// let picture = svg::board(&BoardView::new(Position::start(Ruleset::Awale)));
/// assert!(picture.contains(">South to move<"));
/// assert_eq!(picture, svg::board(&BoardView::new(Position::start(Ruleset::Awale))));
/// ```
#[must_use]
pub fn board(view: &BoardView) -> String {
    board_in(view, view.lang)
}

/// [`board`] with its legend in `lang`.
#[must_use]
pub fn board_in(view: &BoardView, lang: Lang) -> String {
    figure(&Figure {
        rows: vec![FigureRow {
            heading: None,
            boards: vec![view.clone()],
        }],
        lang,
        ..Figure::default()
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
/// use songo_notation::sowing::render::BoardView;
/// use songo_notation::{sowing::render::svg, Position, Ruleset};
/// let picture = svg::board_with_hooks(&BoardView::new(Position::start(Ruleset::Songo)));
/// assert_eq!(picture.matches("<g data-house=").count(), 14);
/// assert!(picture.contains("<g data-house=\"S6\" data-side=\"south\" data-index=\"6\" data-cycle=\"0\">"));
/// assert!(picture.contains("<g data-store=\"north\">"));
/// assert!(!svg::board(&BoardView::new(Position::start(Ruleset::Songo))).contains("data-house"));
/// ```
#[must_use]
pub fn board_with_hooks(view: &BoardView) -> String {
    board(&BoardView {
        hooks: true,
        ..view.clone()
    })
}

/// A played sequence as one SVG document: a row per move with its three
/// boards (before, after sowing, after captures) under a heading that says
/// what the move captured and the rules it applied; the board after sowing
/// shows the path of the seeds, the board after captures what each captured
/// house gave.
///
/// ```
/// use songo_notation::{report, sowing::render::svg, LetterCase, Position};
/// let position: Position = "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7".parse().unwrap();
/// let picture = svg::played_line(&report::play(position, &["S1", "N3"]).unwrap(), LetterCase::default());
/// assert!(picture.contains(">1. South plays S1: 6 captured from N1 N0; rules: songo.sow, songo.capture.chain<"));
/// // Two moves of three boards of 14 pits, a path a move, a badge for each
/// // of the two houses S1 took.
/// assert_eq!(picture.matches("r=\"27\"").count(), 2 * 3 * 14);
/// assert_eq!(picture.matches("<g class=\"path\"").count(), 2);
/// assert!(picture.contains(">seeds taken from the house<"));
/// ```
#[must_use]
pub fn played_line(report: &PlayReport<Position>, letters: LetterCase) -> String {
    played_line_in(report, letters, Layout::Row)
}

/// [`played_line`] with its boards laid out as `layout` asks: one under the other
/// prints on a page in portrait.
#[must_use]
pub fn played_line_in(
    report: &PlayReport<Position>,
    letters: LetterCase,
    layout: Layout,
) -> String {
    let options = Options {
        letters,
        layout,
        ..Options::default()
    };
    sequence::draw(report, Drawing::Svg, &options)
}

/// Several boards as one SVG document.
#[must_use]
pub fn figure(figure: &Figure) -> String {
    picture::figure(figure)
}

impl SvgBoard for BoardView {
    fn caption(&self) -> Option<&str> {
        self.caption.as_deref()
    }

    fn set_caption(&mut self, caption: String) {
        self.caption = Some(caption);
    }

    /// The board, its side names and its labels (the caption not included).
    fn size(&self) -> (i32, i32) {
        let pits = self.position.rules().houses_per_side() as i32;
        let width = 2 * STORE_WIDTH + 4 * GAP + pits * PITCH;
        let height = 2 * (LINE + LINE) + 2 * PITCH + 2 * GAP;
        (width, height)
    }

    fn draw(&self, out: &mut String, left: i32, top: i32) {
        draw_board(out, self, left, top);
    }

    fn keys(&self, keys: &mut BTreeSet<Key>) {
        if self.played.is_some() {
            keys.insert(Key::Played);
        }
        if !self.changed.is_empty() {
            keys.insert(Key::Changed);
        }
        if !self.captured.is_empty() {
            keys.insert(Key::Captured);
        }
        if self.path.is_some() {
            keys.insert(Key::Path);
        }
        sequence::shape_keys(&self.shapes, Key::Threat, keys);
    }

    fn describe(&self) -> String {
        self.position.to_string()
    }
}

/// One board: North's line and labels, the plank with its stores and
/// pits, South's labels and line, from (`left`, `top`).
fn draw_board(out: &mut String, view: &BoardView, left: i32, top: i32) {
    let (width, _) = view.size();
    let mut y = top;
    let centre = left + width / 2;
    side_line(out, view, Side::North, centre, y + 15);
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
    draw_stores(out, view, left, y, board_height);
    let pits: Vec<(House, (i32, i32))> = [Side::North, Side::South]
        .into_iter()
        .enumerate()
        .flat_map(|(row, side)| {
            let cy = y + GAP + PITCH / 2 + row as i32 * PITCH;
            view.row(side)
                .into_iter()
                .enumerate()
                .map(move |(column, house)| (house, (pit_x(column), cy)))
        })
        .collect();
    draw_pits(out, view, &pits, (centre, y + GAP + PITCH));
    y += board_height;
    house_labels(out, view, Side::South, &pit_x, y + 16);
    y += LINE;
    side_line(out, view, Side::South, centre, y + 15);
}

/// A side's name above or below the board, centred on `centre`: in bold
/// with a triangle pointing at its row when it is to move (no one is,
/// once the game is over).
fn side_line(out: &mut String, view: &BoardView, side: Side, centre: i32, baseline: i32) {
    let to_move = view.position.to_move() == side && view.position.game_over().is_none();
    if view.show_to_move && to_move {
        let label = msg!("svg-to-move", side = side.as_str()).localize(view.lang);
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
            &side_name(side, view.lang),
        );
    }
}

fn side_name(side: Side, lang: Lang) -> String {
    msg!("side-name", side = side.as_str()).localize(lang)
}

/// Each player's store, at their right: North's on the left as drawn;
/// its count unless the view hides the stores.
fn draw_stores(out: &mut String, view: &BoardView, left: i32, y: i32, board_height: i32) {
    let (width, _) = view.size();
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
        if view.hooks {
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
            &side_name(side, view.lang),
        );
        if view.show_stores {
            let count = view.position.stores()[side].to_string();
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
                &msg!("svg-store").localize(view.lang),
            );
        } else if view.store_gains[side] > 0 {
            // The count is not known, what the captures put in it is.
            let gain = format!("+{}", view.store_gains[side]);
            let size = fitting_size(&gain, STORE_WIDTH - 8).min(20);
            text(
                out,
                mid,
                y + GAP + store_height / 2 + size * 7 / 20,
                size,
                "middle",
                "bold",
                INK,
                &gain,
            );
        }
        if view.hooks {
            out.push_str("</g>\n");
        }
    }
}

/// The pits at their centres, with their counts, the sowing path and the
/// shapes (the path turns around `path_centre`).
fn draw_pits(
    out: &mut String,
    view: &BoardView,
    pits: &[(House, (i32, i32))],
    path_centre: (i32, i32),
) {
    let position = &view.position;
    let place = |house: House| Place {
        centre: pits
            .iter()
            .find(|(h, _)| *h == house)
            .map_or((0, 0), |(_, centre)| *centre),
        name: view.label(house),
        outward: if house.side == Side::North { -1 } else { 1 },
    };
    if view.hooks {
        // A program that drives the picture finds each pit, its ring and its
        // count in one group; shapes, if any, are drawn over them all.
        for &(house, (cx, cy)) in pits {
            let _ = writeln!(
                out,
                "<g data-house=\"{}\" data-side=\"{}\" data-index=\"{}\" data-cycle=\"{}\">",
                house.name(position.rules()),
                house.side.as_str(),
                house.index,
                house.cycle_index(position.rules())
            );
            pit_body(out, view, house, cx, cy);
            pit_count(out, view, house, cx, cy);
            out.push_str("</g>\n");
        }
        if let Some(path) = &view.path {
            draw_path(out, path, &place, path_centre);
        }
        draw_shapes(out, &view.shapes, Layer::Under, PIT_RADIUS, &place);
        draw_shapes(out, &view.shapes, Layer::Over, PIT_RADIUS, &place);
    } else if view.shapes.is_empty() && view.path.is_none() {
        for &(house, (cx, cy)) in pits {
            pit_body(out, view, house, cx, cy);
            pit_count(out, view, house, cx, cy);
        }
    } else {
        // Shapes go between the pits and their counts, their badges on top.
        for &(house, (cx, cy)) in pits {
            pit_body(out, view, house, cx, cy);
        }
        if let Some(path) = &view.path {
            draw_path(out, path, &place, path_centre);
        }
        draw_shapes(out, &view.shapes, Layer::Under, PIT_RADIUS, &place);
        for &(house, (cx, cy)) in pits {
            pit_count(out, view, house, cx, cy);
        }
        draw_shapes(out, &view.shapes, Layer::Over, PIT_RADIUS, &place);
    }
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

/// A pit: its disc, the played house's ring, a captured house's cross.
fn pit_body(out: &mut String, view: &BoardView, house: House, cx: i32, cy: i32) {
    let captured = view.is_captured(house);
    let changed = view.is_changed(house);
    let (fill, stroke, width, dash) = if captured {
        (GREY_FILL, RED, "2", " stroke-dasharray=\"5 3\"")
    } else if changed {
        (RED_FILL, RED, "3.5", "")
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
}

/// The count in a pit, in ink wherever it is: a red count on its red
/// fill lost half its contrast printed in grey (the change is shown by
/// the fill and the ring).
fn pit_count(out: &mut String, view: &BoardView, house: House, cx: i32, cy: i32) {
    let count = view.position.house(house).to_string();
    let size = fitting_size(&count, 2 * PIT_RADIUS - 8);
    let colour = INK;
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

/// How far from a pit's centre, towards the middle of the board, a sowing
/// path runs in its first lap: along the pit's inner rim, clear of its
/// count (a count's digits reach some 11 pixels from the centre).
const PATH_INSET: i32 = 20;
/// How much closer to the middle each further lap runs.
const LAP_INSET: i32 = 5;

/// The path of a sowing, around the board: along each row between the
/// pits' centres and the middle of the board, round the ends, each lap
/// inside the one before (a lap drawn as a lap); a dot where each seed
/// fell. `centre` and `mid` are the middle of the board, across and
/// between the two rows.
fn draw_path(
    out: &mut String,
    path: &SowingPath,
    place: &dyn Fn(House) -> Place,
    (centre, mid): (i32, i32),
) {
    let inset = |lap: u32| (PATH_INSET + LAP_INSET * lap as i32).min(PITCH / 2 - 2);
    let point = |house: House, lap: u32| {
        let (x, _) = place(house).centre;
        let y = match house.side {
            Side::North => mid - PITCH / 2 + inset(lap),
            Side::South => mid + PITCH / 2 - inset(lap),
        };
        (x, y)
    };
    let Some(first) = path.steps.first() else {
        return;
    };
    if path.steps.len() < 2 {
        return;
    }
    let mut stretches: Vec<Stretch> = Vec::new();
    let mut seeds = Vec::new();
    let mut at = point(first.house, first.lap);
    let mut dir = (0.0, 0.0);
    for pair in path.steps.windows(2) {
        let (from, to) = (pair[0], pair[1]);
        let next = point(to.house, to.lap);
        let d = if from.house.side == to.house.side {
            dir = (f64::from(next.0 - at.0), f64::from(next.1 - at.1));
            format!("M{} {}L{} {}", at.0, at.1, next.0, next.1)
        } else {
            // Round the end of the board: half an ellipse, outwards.
            let outward = if at.0 < centre { -1 } else { 1 };
            let rx = (PITCH / 2 - inset(from.lap)).max(4);
            let ry = (next.1 - at.1).abs() / 2;
            let sweep = u8::from((next.1 < at.1) == (outward < 0));
            dir = (f64::from(-outward), 0.0);
            format!(
                "M{} {}A{rx} {ry} 0 0 {sweep} {} {}",
                at.0, at.1, next.0, next.1
            )
        };
        match stretches.last_mut() {
            Some(last) if last.sows == to.fed => {
                // Continue the stretch: drop the new piece's move-to.
                let rest = d.find(['L', 'A']).map_or("", |cut| &d[cut..]);
                last.d.push_str(rest);
            }
            _ => stretches.push(Stretch { d, sows: to.fed }),
        }
        if to.fed {
            seeds.push(next);
        }
        at = next;
    }
    let laps = path.steps.last().map_or(0, |step| step.lap + 1);
    trail(out, &stretches, &seeds, (at, dir), laps);
}

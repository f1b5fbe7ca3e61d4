//! The SVG every game's pictures share: the document, text, the figure
//! that lays boards out under headings (in a row or one under the other),
//! the legend, and the shapes drawn over a board (arrows, rings, badges,
//! a seed), lichess-style. Each game draws its own boards
//! ([`crate::sowing::render::svg`] for the sowing games, [`crate::seega::render`] for
//! Seega) through [`SvgBoard`].
//!
//! Written by hand: presentation attributes only (no CSS, no script, no
//! external font, no `id`, so that several pictures can sit in one HTML
//! page), integer coordinates, the same bytes for the same input. The
//! shapes are grouped and classed so that a program can find them:
//! `<g class="arrow threat" data-from="N4" data-to="S3">`.
//!
//! Colours come from the Okabe–Ito palette, which readers with any common
//! colour blindness tell apart, and every kind of shape also differs by
//! its form, for greyscale printing: a threat is a plain arrow, a double
//! threat an arrow with a white core, the sowing path a trail of dots, a
//! hand-drawn arrow a dashed one; a grenier is ringed twice, a yinda's
//! seed is a seed.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::i18n::Lang;
use crate::render::{Brush, Shape};
use crate::tr;

/// The font stack of every picture.
pub(crate) const FONT: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";
/// Text.
pub(crate) const INK: &str = "#222222";
/// Labels and side names.
pub(crate) const MUTED: &str = "#5b4a3a";
/// A house changed by a move (the escale text's red), and its fill: light
/// enough that the count on it, in ink, reads as well as on a plain pit
/// when printed in grey (the change is the fill and the thick ring).
pub(crate) const RED: &str = "#c0392b";
pub(crate) const RED_FILL: &str = "#fde4df";
/// The house played, the side to move.
pub(crate) const BLUE: &str = "#1f5fa8";
/// A captured house.
pub(crate) const GREY_FILL: &str = "#e3e0dc";
/// A pit.
pub(crate) const PIT: &str = "#fbf3e4";

/// Okabe–Ito vermillion: threats and what captures take.
const VERMILLION: &str = "#d55e00";
/// Dark purple: North's threats, apart from South's.
const NORTH_PURPLE: &str = "#5e3c99";
/// Okabe–Ito blue: double threats.
const OI_BLUE: &str = "#0072b2";
/// Okabe–Ito bluish green: the sowing path, a yinda's seed.
const GREEN: &str = "#009e73";
/// Okabe–Ito reddish purple, darkened for the light boards: hand-drawn marks.
const PURPLE: &str = "#a8447f";
/// Greniers: near black.
const DARK: &str = "#1a1a1a";

/// Space around every board of a figure.
pub(crate) const MARGIN: i32 = 16;
/// Height of one line of small text.
pub(crate) const LINE: i32 = 20;
/// Height of a board's caption.
pub(crate) const CAPTION: i32 = 26;
/// Height of each further line of a wrapped heading.
const HEADING_LINE: i32 = 20;

/// A board a figure can hold: each game draws its own.
pub trait SvgBoard {
    /// The caption above the board (`Before`, `After sowing`).
    fn caption(&self) -> Option<&str>;
    /// Sets the caption.
    fn set_caption(&mut self, caption: String);
    /// Width and height of the board's drawing, its caption not included.
    fn size(&self) -> (i32, i32);
    /// Draws the board with its top left corner at (`left`, `top`).
    fn draw(&self, out: &mut String, left: i32, top: i32);
    /// Adds the legend keys of the marks and shapes it shows.
    fn keys(&self, keys: &mut BTreeSet<Key>);
    /// The position in words (its compact notation), for the picture's title.
    fn describe(&self) -> String;
}

/// How a figure lays out the boards of one row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    /// Side by side (the boards of a move read left to right).
    #[default]
    Row,
    /// One under the other: a page in portrait prints them large (the
    /// boards of a sowing move at about 180 mm wide, counts above 9 pt).
    Column,
}

/// Several boards in rows, each row under an optional heading, with a
/// legend of the marks they use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figure<B> {
    /// A title over the whole figure.
    pub title: Option<String>,
    /// The rows of boards, top to bottom.
    pub rows: Vec<FigureRow<B>>,
    /// Side by side or one under the other.
    pub layout: Layout,
    /// The language of the legend.
    pub lang: Lang,
}

impl<B> Default for Figure<B> {
    fn default() -> Figure<B> {
        Figure {
            title: None,
            rows: Vec::new(),
            layout: Layout::Row,
            lang: Lang::En,
        }
    }
}

/// One row of a [`Figure`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureRow<B> {
    /// A heading above the row.
    pub heading: Option<String>,
    /// The boards, left to right (or top to bottom).
    pub boards: Vec<B>,
}

impl<B> Default for FigureRow<B> {
    fn default() -> FigureRow<B> {
        FigureRow {
            heading: None,
            boards: Vec::new(),
        }
    }
}

/// An entry of a legend: a kind of mark or shape, in the order legends
/// list them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Key {
    /// The house played (a blue ring).
    Played,
    /// Houses a move changed (red).
    Changed,
    /// Houses captured (struck out).
    Captured,
    /// Seega: the squares of the move (tinted yellow).
    SeegaMove,
    /// Seega: the pieces the move took (crossed).
    SeegaTaken,
    /// The path of a sowing.
    Path,
    /// The seeds each captured house gave.
    Harvest,
    /// A threat: an arrow to the house where its last seed falls, with its
    /// capture; the houses it takes ringed.
    Threat,
    /// South's threats, when North's are drawn too.
    ThreatSouth,
    /// North's threats (their own colour).
    ThreatNorth,
    /// A double threat.
    DoubleThreat,
    /// Seega: a piece that can be taken, and the steps that take it.
    SeegaThreat,
    /// A grenier, ringed twice, with its seeds.
    Grenier,
    /// The seed a yinda drops into a threatened house.
    Yinda,
}

impl Key {
    /// The words of the entry.
    fn words(self, lang: Lang) -> String {
        match self {
            Key::Played => tr!(lang, "svg-legend-played"),
            Key::Changed => tr!(lang, "svg-legend-changed"),
            Key::Captured => tr!(lang, "svg-legend-captured"),
            Key::SeegaMove => tr!(lang, "picture-key-seega-move"),
            Key::SeegaTaken => tr!(lang, "picture-key-seega-taken"),
            Key::Path => tr!(lang, "picture-key-path"),
            Key::Harvest => tr!(lang, "picture-key-harvest"),
            Key::Threat => tr!(lang, "picture-key-threat"),
            Key::ThreatSouth => tr!(lang, "picture-key-threat-south"),
            Key::ThreatNorth => tr!(lang, "picture-key-threat-north"),
            Key::DoubleThreat => tr!(lang, "picture-key-double-threat"),
            Key::SeegaThreat => tr!(lang, "picture-key-seega-threat"),
            Key::Grenier => tr!(lang, "picture-key-grenier"),
            Key::Yinda => tr!(lang, "picture-key-yinda"),
        }
    }

    /// Draws the entry's sample centred on (`cx`, `cy`).
    fn swatch(self, out: &mut String, cx: i32, cy: i32) {
        let r = 9;
        match self {
            Key::Played => {
                let _ = writeln!(
                    out,
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{PIT}\" stroke=\"{BLUE}\" stroke-width=\"3\"/>"
                );
            }
            Key::Changed => {
                let _ = writeln!(
                    out,
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{RED_FILL}\" stroke=\"{RED}\" stroke-width=\"3\"/>"
                );
            }
            Key::Captured => {
                let _ = writeln!(
                    out,
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{GREY_FILL}\" stroke=\"{RED}\" stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/>"
                );
            }
            Key::SeegaMove => {
                let _ = writeln!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"18\" height=\"18\" fill=\"#f5dc5a\" stroke=\"#4a3014\"/>",
                    cx - r,
                    cy - r
                );
            }
            Key::SeegaTaken => {
                let _ = writeln!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"18\" height=\"18\" fill=\"#f2b1a8\" stroke=\"#4a3014\"/>",
                    cx - r,
                    cy - r
                );
                let _ = writeln!(
                    out,
                    "<path d=\"M{} {}l10 10M{} {}l-10 10\" stroke=\"#c0392b\" stroke-width=\"2.5\" stroke-linecap=\"round\"/>",
                    cx - 5,
                    cy - 5,
                    cx + 5,
                    cy - 5
                );
            }
            Key::Path => {
                let _ = writeln!(
                    out,
                    "<path d=\"M{} {cy}H{}\" fill=\"none\" stroke=\"{GREEN}\" stroke-width=\"5\" stroke-linecap=\"round\" stroke-dasharray=\"0 8\"/>",
                    cx - 12,
                    cx + 4
                );
                arrowhead(
                    out,
                    (f64::from(cx + 4), f64::from(cy)),
                    (1.0, 0.0),
                    8.0,
                    6.0,
                    GREEN,
                );
            }
            Key::Harvest => badge(out, (cx, cy), "3", VERMILLION),
            Key::Threat
            | Key::ThreatSouth
            | Key::ThreatNorth
            | Key::DoubleThreat
            | Key::SeegaThreat => {
                let brush = match self {
                    Key::DoubleThreat => Brush::DoubleThreat,
                    Key::ThreatNorth => Brush::ThreatNorth,
                    _ => Brush::Threat,
                };
                arrow_line(out, (cx - 13, cy), (cx + 13, cy), brush, 5.0);
            }
            Key::Grenier => {
                for radius in [r - 3, r + 1] {
                    let _ = writeln!(
                        out,
                        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{radius}\" fill=\"none\" stroke=\"{DARK}\" stroke-width=\"2\"/>"
                    );
                }
            }
            Key::Yinda => seed(out, (cx, cy)),
        }
    }
}

/// The width an entry takes in a legend.
fn entry_width(words: &str) -> i32 {
    30 + approximate_width(words, 13) + 24
}

/// Draws a legend at (`left`, `top`), wrapping its entries to `room` pixels
/// when given; returns its height.
fn draw_legend(
    out: &mut String,
    keys: &BTreeSet<Key>,
    lang: Lang,
    left: i32,
    top: i32,
    room: Option<i32>,
) -> i32 {
    let r = 9;
    let mut x = left;
    let mut cy = top + 12;
    for key in keys {
        let words = key.words(lang);
        let width = entry_width(&words);
        if let Some(room) = room
            && x > left
            && x - left + width > room
        {
            x = left;
            cy += 2 * r + 8;
        }
        key.swatch(out, x + r, cy);
        text(
            out,
            x + 2 * r + 8,
            cy + 5,
            13,
            "start",
            "normal",
            MUTED,
            &words,
        );
        x += width;
    }
    cy - top - 12 + 2 * r + 12
}

/// The width of a legend on one line.
fn legend_width(keys: &BTreeSet<Key>, lang: Lang) -> i32 {
    keys.iter().map(|key| entry_width(&key.words(lang))).sum()
}

/// Cuts `text` into lines of at most `room` pixels at `size` (a word longer
/// than that gets a line of its own).
fn wrap(text: &str, size: i32, room: i32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if approximate_width(&format!("{line} {word}"), size) <= room => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

/// Several boards as one SVG document.
#[must_use]
pub fn figure<B: SvgBoard>(figure: &Figure<B>) -> String {
    let column = figure.layout == Layout::Column;
    // A column is as wide as its widest board; its text wraps to fit.
    let room = column.then(|| {
        figure
            .rows
            .iter()
            .flat_map(|row| &row.boards)
            .map(|board| board.size().0)
            .max()
            .unwrap_or(0)
    });
    let lines = |text: &str, size: i32| match room {
        Some(room) if room > 0 => wrap(text, size, room),
        _ => vec![text.to_owned()],
    };
    let mut body = String::new();
    let mut y = 0;
    let mut width = 0;
    let mut keys = BTreeSet::new();
    if let Some(title) = &figure.title {
        let title_lines = lines(title, 20);
        for (i, line) in title_lines.iter().enumerate() {
            let baseline = y + MARGIN + 20 + i as i32 * (HEADING_LINE + 4);
            text(&mut body, MARGIN, baseline, 20, "start", "bold", INK, line);
            width = width.max(2 * MARGIN + approximate_width(line, 20));
        }
        y += MARGIN + CAPTION + 4 + (title_lines.len() as i32 - 1) * (HEADING_LINE + 4);
    }
    for row in &figure.rows {
        if let Some(heading) = &row.heading {
            let heading_lines = lines(heading, 16);
            for (i, line) in heading_lines.iter().enumerate() {
                let baseline = y + MARGIN + 16 + i as i32 * HEADING_LINE;
                text(&mut body, MARGIN, baseline, 16, "start", "bold", INK, line);
                width = width.max(2 * MARGIN + approximate_width(line, 16));
            }
            y += MARGIN + LINE + 4 + (heading_lines.len() as i32 - 1) * HEADING_LINE;
        }
        if column {
            for board in &row.boards {
                let (w, h) = draw_captioned(&mut body, board, MARGIN, y + MARGIN);
                board.keys(&mut keys);
                width = width.max(w + 2 * MARGIN);
                y += h + MARGIN;
            }
            if row.boards.is_empty() {
                width = width.max(MARGIN);
                y += MARGIN;
            }
        } else {
            let mut x = 0;
            let mut row_height = 0;
            for board in &row.boards {
                let (w, h) = draw_captioned(&mut body, board, x + MARGIN, y + MARGIN);
                board.keys(&mut keys);
                x += w + MARGIN;
                row_height = row_height.max(h);
            }
            width = width.max(x + MARGIN);
            y += row_height + MARGIN;
        }
    }
    if !keys.is_empty() {
        // A legend wider than the boards wraps to their width rather than
        // widen the picture (which a phone would then show smaller).
        let boards = width - 2 * MARGIN;
        let room = room.or_else(|| {
            (boards >= 200 && legend_width(&keys, figure.lang) > boards).then_some(boards)
        });
        y += draw_legend(&mut body, &keys, figure.lang, MARGIN, y + 4, room);
        if room.is_none() {
            width = width.max(2 * MARGIN + legend_width(&keys, figure.lang));
        }
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

/// Draws a board under its caption; returns the size of both.
fn draw_captioned<B: SvgBoard>(out: &mut String, board: &B, left: i32, top: i32) -> (i32, i32) {
    let (width, height) = board.size();
    match board.caption() {
        Some(caption) => {
            text(
                out,
                left + width / 2,
                top + 19,
                17,
                "middle",
                "bold",
                INK,
                caption,
            );
            board.draw(out, left, top + CAPTION);
            (width, height + CAPTION)
        }
        None => {
            board.draw(out, left, top);
            (width, height)
        }
    }
}

/// What the picture shows, for screen readers and the `<title>` tooltip.
fn describe<B: SvgBoard>(figure: &Figure<B>) -> String {
    let boards: Vec<String> = figure
        .rows
        .iter()
        .flat_map(|row| &row.boards)
        .map(|board| match board.caption() {
            Some(caption) => format!("{caption}: {}", board.describe()),
            None => board.describe(),
        })
        .collect();
    match &figure.title {
        Some(title) => format!("{title}. {}", boards.join("; ")),
        None => boards.join("; "),
    }
}

/// The font size (at most 22) at which a bold number fits in `room` pixels.
pub(crate) fn fitting_size(number: &str, room: i32) -> i32 {
    let digits = number.chars().count().max(1) as i32;
    // A bold digit is about 0.64 em wide.
    (room * 100 / (64 * digits)).clamp(6, 22)
}

/// A rough width of a text line, to size the picture (average glyph of
/// the sans-serif fonts asked for: 0.6 em).
pub(crate) fn approximate_width(text: &str, size: i32) -> i32 {
    text.chars().count() as i32 * size * 3 / 5
}

/// One line of text.
#[allow(clippy::too_many_arguments)] // every argument is one attribute
pub(crate) fn text(
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

/// Escapes text for SVG (and HTML) content and attribute values.
pub(crate) fn escape(text: &str) -> String {
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

/// The colour of a brush.
const fn colour(brush: Brush) -> &'static str {
    match brush {
        Brush::Threat => VERMILLION,
        Brush::ThreatNorth => NORTH_PURPLE,
        Brush::DoubleThreat => OI_BLUE,
        Brush::Hand => PURPLE,
    }
}

/// The class of a brush's shapes (`threat`, `double-threat`, `hand`).
pub(crate) const fn class(brush: Brush) -> &'static str {
    match brush {
        Brush::Threat => "threat",
        Brush::ThreatNorth => "threat north",
        Brush::DoubleThreat => "double-threat",
        Brush::Hand => "hand",
    }
}

/// The length of a vector.
fn length((dx, dy): (f64, f64)) -> f64 {
    (dx * dx + dy * dy).sqrt()
}

/// A filled arrowhead whose tip is at `tip`, pointing along the unit
/// vector `dir`.
fn arrowhead(out: &mut String, tip: (f64, f64), dir: (f64, f64), long: f64, half: f64, fill: &str) {
    arrowhead_with(out, tip, dir, (long, half), fill, None);
}

/// [`arrowhead`], `long` long and `half` wide on each side, outlined in
/// its own colour `outline` pixels wide when given (a halo).
fn arrowhead_with(
    out: &mut String,
    tip: (f64, f64),
    dir: (f64, f64),
    (long, half): (f64, f64),
    fill: &str,
    outline: Option<f64>,
) {
    let base = (tip.0 - dir.0 * long, tip.1 - dir.1 * long);
    let normal = (-dir.1 * half, dir.0 * half);
    let stroke = outline.map_or_else(String::new, |width| {
        format!(" stroke=\"{fill}\" stroke-width=\"{width}\" stroke-linejoin=\"round\" stroke-opacity=\"0.8\"")
    });
    let _ = writeln!(
        out,
        "<path d=\"M{} {}L{} {}L{} {}Z\" fill=\"{fill}\"{stroke}/>",
        tip.0.round(),
        tip.1.round(),
        (base.0 + normal.0).round(),
        (base.1 + normal.1).round(),
        (base.0 - normal.0).round(),
        (base.1 - normal.1).round()
    );
}

/// The shaft and head of an arrow from `from` to the tip `to`, in `brush`,
/// the shaft `width` wide: a plain line, a line with a white core (double
/// threat), or a dashed line (drawn by hand).
fn arrow_line(out: &mut String, from: (i32, i32), to: (i32, i32), brush: Brush, width: f64) {
    let (x1, y1) = (f64::from(from.0), f64::from(from.1));
    let (x2, y2) = (f64::from(to.0), f64::from(to.1));
    let long = length((x2 - x1, y2 - y1));
    if long < 1.0 {
        return;
    }
    let dir = ((x2 - x1) / long, (y2 - y1) / long);
    let head = (width * 2.4).min(long * 0.6);
    let half = width * 1.5;
    // The shaft stops inside the head, so that its end never shows.
    let end = (x2 - dir.0 * head * 0.7, y2 - dir.1 * head * 0.7);
    let paint = colour(brush);
    let dash = match brush {
        Brush::Hand => " stroke-dasharray=\"10 5\"",
        _ => "",
    };
    // A white halo under the arrow: it stands out from the wood, and from
    // the other shapes, in colour and in grey.
    let _ = writeln!(
        out,
        "<path d=\"M{} {}L{} {}\" stroke=\"#ffffff\" stroke-width=\"{}\" stroke-opacity=\"0.8\"/>",
        x1.round(),
        y1.round(),
        end.0.round(),
        end.1.round(),
        width + 3.0
    );
    arrowhead_with(out, (x2, y2), dir, (head, half), "#ffffff", Some(3.0));
    let _ = writeln!(
        out,
        "<path d=\"M{} {}L{} {}\" stroke=\"{paint}\" stroke-width=\"{width}\" stroke-linecap=\"butt\"{dash}/>",
        x1.round(),
        y1.round(),
        end.0.round(),
        end.1.round()
    );
    if brush == Brush::DoubleThreat {
        let _ = writeln!(
            out,
            "<path d=\"M{} {}L{} {}\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
            x1.round(),
            y1.round(),
            end.0.round(),
            end.1.round(),
            (width / 3.0).round().max(1.0)
        );
    }
    arrowhead(out, (x2, y2), dir, head, half, paint);
}

/// The two passes of the shapes over a board: their bodies go under the
/// counts (which stay readable), their badges and seeds over them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layer {
    /// Arrows, rings, paths.
    Under,
    /// Counts in badges, seeds.
    Over,
}

/// Where a shape's place is drawn: its centre, its name (for the hooks),
/// and which way is out of the board from it (-1 up, 1 down): badges go on
/// its outer corner, clear of the arrows between the rows.
pub(crate) struct Place {
    pub(crate) centre: (i32, i32),
    pub(crate) name: String,
    pub(crate) outward: i32,
}

impl Place {
    /// The corner of the place's disc of `radius` a badge goes on.
    fn corner(&self, radius: i32) -> (i32, i32) {
        let reach = radius * 3 / 4 + 5;
        let (cx, cy) = self.centre;
        let up = if self.outward > 0 { 1 } else { -1 };
        (cx + reach, cy + up * reach)
    }
}

/// Draws one layer of `shapes`, each place found by `place`, on a board
/// whose places are discs of `radius`.
pub(crate) fn draw_shapes<T: Copy>(
    out: &mut String,
    shapes: &[Shape<T>],
    layer: Layer,
    radius: i32,
    place: &dyn Fn(T) -> Place,
) {
    // Rings first, then greniers, then arrows: an arrow is never hidden.
    let order = |shape: &Shape<T>| match shape {
        Shape::Ring { .. } => 0,
        Shape::Grenier { .. } => 1,
        Shape::Arrow { .. } => 2,
        Shape::Seed { .. } | Shape::Harvest { .. } => 3,
    };
    let mut sorted: Vec<&Shape<T>> = shapes.iter().collect();
    sorted.sort_by_key(|shape| order(shape));
    // A place ringed more than once (two threats' brushes, a ring on a
    // grenier) gets each ring at its own radius: none overlaps another.
    let greniers: Vec<String> = shapes
        .iter()
        .filter_map(|shape| match *shape {
            Shape::Grenier { at, .. } => Some(place(at).name),
            _ => None,
        })
        .collect();
    let mut ringed: Vec<String> = Vec::new();
    for shape in sorted {
        match (*shape, layer) {
            (Shape::Ring { at, brush }, Layer::Under) => {
                let at = place(at);
                let before = ringed.iter().filter(|name| **name == at.name).count();
                ringed.push(at.name.clone());
                // Outside the pit, else inside its edge (clear of the count
                // and of a grenier's double ring), else further out.
                let slots = if greniers.contains(&at.name) {
                    [radius - 6, radius + 14, radius + 20]
                } else {
                    [radius + 5, radius - 6, radius + 11]
                };
                ring(out, at.centre, slots[before.min(2)], brush, &at.name);
            }
            (Shape::Grenier { at, .. }, Layer::Under) => {
                let at = place(at);
                grenier_rings(out, at.centre, radius, &at.name);
            }
            (Shape::Grenier { at, seeds }, Layer::Over) => {
                badge(out, place(at).corner(radius + 3), &seeds.to_string(), DARK);
            }
            (
                Shape::Arrow {
                    from, to, brush, ..
                },
                Layer::Under,
            ) => {
                let (from, to) = (place(from), place(to));
                arrow(
                    out,
                    from.centre,
                    to.centre,
                    radius / 2,
                    brush,
                    (&from.name, &to.name),
                );
            }
            (
                Shape::Arrow {
                    from,
                    to,
                    brush,
                    label: Some(count),
                },
                Layer::Over,
            ) => {
                let at = arrow_label_at(place(from).centre, place(to).centre, radius / 2);
                badge(out, at, &count.to_string(), colour(brush));
            }
            (Shape::Seed { at, from }, Layer::Over) => {
                yinda_seed(out, &place(at), &place(from), radius);
            }
            (Shape::Harvest { at, seeds }, Layer::Over) => {
                let corner = radius * 3 / 4 + 4;
                let (cx, cy) = place(at).centre;
                badge(
                    out,
                    (cx + corner, cy - corner),
                    &seeds.to_string(),
                    VERMILLION,
                );
            }
            _ => {}
        }
    }
}

/// A yinda's seed in the corner of the house it reinforces, and a dashed
/// line to it from the edge of the house it comes from.
fn yinda_seed(out: &mut String, at: &Place, from: &Place, radius: i32) {
    let corner = radius * 3 / 4;
    let drop = (at.centre.0 - corner, at.centre.1 + corner);
    let _ = writeln!(
        out,
        "<g class=\"yinda\" data-at=\"{}\" data-from=\"{}\">",
        escape(&at.name),
        escape(&from.name)
    );
    let start = along(from.centre, drop, f64::from(radius));
    let _ = writeln!(
        out,
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{GREEN}\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/>\n<circle cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"{GREEN}\"/>",
        start.0, start.1, drop.0, drop.1, start.0, start.1
    );
    seed(out, drop);
    out.push_str("</g>\n");
}

/// The point `t` pixels from `from` towards `to`.
fn along(from: (i32, i32), to: (i32, i32), t: f64) -> (i32, i32) {
    let (dx, dy) = (f64::from(to.0 - from.0), f64::from(to.1 - from.1));
    let long = length((dx, dy)).max(1.0);
    (
        (f64::from(from.0) + dx * t / long).round() as i32,
        (f64::from(from.1) + dy * t / long).round() as i32,
    )
}

/// Where an arrow's count goes: on the middle of its shaft, clear of the
/// head and of the other arrows that end in the same place.
fn arrow_label_at(from: (i32, i32), to: (i32, i32), gap: i32) -> (i32, i32) {
    let long = length((f64::from(to.0 - from.0), f64::from(to.1 - from.1)));
    let gap = f64::from(gap).min(long / 3.0);
    along(from, to, gap + (long - 2.0 * gap) * 0.45)
}

/// An arrow between two centres: it starts `gap` pixels from `from` and its
/// tip stops `gap` pixels before `to`. `names` are the hooks: the places
/// it links.
fn arrow(
    out: &mut String,
    from: (i32, i32),
    to: (i32, i32),
    gap: i32,
    brush: Brush,
    names: (&str, &str),
) {
    let long = length((f64::from(to.0 - from.0), f64::from(to.1 - from.1)));
    if long < 1.0 {
        return;
    }
    let gap = f64::from(gap).min(long / 3.0);
    let _ = writeln!(
        out,
        "<g class=\"arrow {}\" data-from=\"{}\" data-to=\"{}\" opacity=\"0.9\">",
        class(brush),
        escape(names.0),
        escape(names.1)
    );
    arrow_line(
        out,
        along(from, to, gap),
        along(from, to, long - gap),
        brush,
        8.0,
    );
    out.push_str("</g>\n");
}

/// A ring around a place: dashed for a house a threat takes, plain for one
/// ringed by hand.
fn ring(out: &mut String, centre: (i32, i32), radius: i32, brush: Brush, name: &str) {
    let dash = match brush {
        Brush::Threat | Brush::ThreatNorth | Brush::DoubleThreat => " stroke-dasharray=\"7 4\"",
        Brush::Hand => "",
    };
    let _ = writeln!(
        out,
        "<circle class=\"ring {}\" data-at=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{radius}\" fill=\"none\" stroke=\"{}\" stroke-width=\"4\"{dash}/>",
        class(brush),
        escape(name),
        centre.0,
        centre.1,
        colour(brush)
    );
}

/// A grenier's double ring.
fn grenier_rings(out: &mut String, (cx, cy): (i32, i32), radius: i32, name: &str) {
    let _ = writeln!(out, "<g class=\"grenier\" data-at=\"{}\">", escape(name));
    for r in [radius + 3, radius + 8] {
        let _ = writeln!(
            out,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"none\" stroke=\"{DARK}\" stroke-width=\"2.5\"/>"
        );
    }
    out.push_str("</g>\n");
}

/// A seed: a small green ellipse with a white edge.
fn seed(out: &mut String, (cx, cy): (i32, i32)) {
    let _ = writeln!(
        out,
        "<ellipse cx=\"{cx}\" cy=\"{cy}\" rx=\"8\" ry=\"5\" transform=\"rotate(-35 {cx} {cy})\" fill=\"{GREEN}\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>"
    );
}

/// A number in a filled disc with a white edge.
fn badge(out: &mut String, (cx, cy): (i32, i32), number: &str, fill: &str) {
    let digits = number.chars().count() as i32;
    let r = 11 + 4 * (digits - 2).max(0);
    let _ = writeln!(
        out,
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{fill}\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>"
    );
    text(out, cx, cy + 5, 13, "middle", "bold", "#ffffff", number);
}

/// One stretch of a sowing's path: an SVG path (`M…`) and whether seeds
/// fall along it (a stretch passed over without sowing is dashed).
pub(crate) struct Stretch {
    pub(crate) d: String,
    pub(crate) sows: bool,
}

/// A sowing's path: a green line along `stretches`, a seed-dot at each of
/// `seeds` (where a seed fell), a ring at the start, and an arrowhead at
/// the end, pointing along `dir`.
pub(crate) fn trail(
    out: &mut String,
    stretches: &[Stretch],
    seeds: &[(i32, i32)],
    end: ((i32, i32), (f64, f64)),
    laps: u32,
) {
    let _ = writeln!(out, "<g class=\"path\" data-laps=\"{laps}\">");
    for stretch in stretches {
        let style = if stretch.sows {
            "stroke-width=\"3\""
        } else {
            "stroke-width=\"2\" stroke-dasharray=\"3 4\""
        };
        let _ = writeln!(
            out,
            "<path d=\"{}\" fill=\"none\" stroke=\"{GREEN}\" {style} stroke-linejoin=\"round\"/>",
            stretch.d
        );
    }
    for (x, y) in seeds {
        let _ = writeln!(
            out,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"4.5\" fill=\"{GREEN}\" stroke=\"#ffffff\" stroke-width=\"1\"/>"
        );
    }
    let ((x, y), dir) = end;
    let long = length(dir);
    if long > 0.0 {
        arrowhead(
            out,
            (
                f64::from(x) + dir.0 / long * 9.0,
                f64::from(y) + dir.1 / long * 9.0,
            ),
            (dir.0 / long, dir.1 / long),
            12.0,
            7.0,
            GREEN,
        );
    }
    out.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The radii of the rings drawn on the place named `S3`.
    fn ring_radii(shapes: &[Shape<u8>]) -> Vec<i32> {
        let mut out = String::new();
        let place = |_: u8| Place {
            centre: (100, 100),
            name: "S3".to_owned(),
            outward: 1,
        };
        draw_shapes(&mut out, shapes, Layer::Under, 27, &place);
        out.lines()
            .filter(|line| line.contains("class=\"ring") || line.contains("<circle cx"))
            .filter_map(|line| line.split(" r=\"").nth(1)?.split('"').next()?.parse().ok())
            .collect()
    }

    #[test]
    fn two_rings_on_one_house_do_not_overlap() {
        // A house taken by a threat and by a double threat's threat.
        let radii = ring_radii(&[
            Shape::Ring {
                at: 0,
                brush: Brush::Threat,
            },
            Shape::Ring {
                at: 0,
                brush: Brush::DoubleThreat,
            },
        ]);
        assert_eq!(radii.len(), 2);
        assert!((radii[0] - radii[1]).abs() >= 6, "{radii:?}");
        // A ring on a grenier's house: clear of its double ring (30, 35).
        let radii = ring_radii(&[
            Shape::Grenier { at: 0, seeds: 17 },
            Shape::Ring {
                at: 0,
                brush: Brush::ThreatNorth,
            },
        ]);
        assert_eq!(radii.len(), 3, "{radii:?}");
        let ring = radii.iter().find(|r| ![30, 35].contains(*r)).copied();
        let ring = ring.unwrap_or_else(|| panic!("the ring on a grenier's ring: {radii:?}"));
        assert!([30, 35].iter().all(|r| (r - ring).abs() >= 6), "{radii:?}");
    }

    #[test]
    fn each_side_s_threats_have_their_own_colour() {
        assert_ne!(colour(Brush::Threat), colour(Brush::ThreatNorth));
        assert_eq!(class(Brush::ThreatNorth), "threat north");
    }
}

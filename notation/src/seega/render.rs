//! Seega boards for people: a Markdown table and an SVG picture a teacher
//! can print, with the stronghold `c3` marked and, optionally, the last
//! move and the pieces it took highlighted.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::board::{Square, SquareSet};
use super::moves::SeegaMove;
use super::position::{Phase, SeegaPosition};
use super::rules::SeegaOutcome;
use crate::conventions::{Conventions, LetterCase};
use crate::i18n::{Lang, Localize, Message};
use crate::msg;
use crate::render::sequence::{self, Options, Stage, StageBoard, StageKind, Staged};
use crate::render::svg::{Key, Layer, Place, SvgBoard, draw_shapes};
use crate::render::{Drawing, Mark, MarkError, Marks, Shape, game_over_line_in, write_illegal};
use crate::report::{MovesReport, PlayReport, PlayStep};
use crate::side::Side;

/// What to highlight on a board: the last move and the pieces it took.
///
/// ```
/// use songo_notation::seega::render::Highlight;
/// use songo_notation::seega::SeegaPosition;
/// let mut position: SeegaPosition = "seega:...../...../...S./..N../..S..:S".parse().unwrap();
/// let outcome = position.play("d3-c3".parse().unwrap()).unwrap();
/// let highlight = Highlight::of(&outcome);
/// assert_eq!(highlight.captured.to_string(), "c2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Highlight {
    /// The move that led to the position.
    pub last_move: Option<SeegaMove>,
    /// More squares to mark as changed by it.
    pub changed: SquareSet,
    /// Squares whose pieces that move took.
    pub captured: SquareSet,
    /// Whose pieces were taken.
    pub captured_side: Option<Side>,
}

impl Highlight {
    /// The highlight of a move just played.
    #[must_use]
    pub fn of(outcome: &SeegaOutcome) -> Highlight {
        Highlight {
            last_move: Some(outcome.played),
            changed: SquareSet::EMPTY,
            captured: outcome.captured,
            captured_side: Some(outcome.mover.opposite()),
        }
    }

    fn moved(&self) -> SquareSet {
        self.changed
            | match self.last_move {
                Some(SeegaMove::Step(from, to)) => from.set() | to.set(),
                Some(played) => played.destinations(),
                None => SquareSet::EMPTY,
            }
    }
}

fn squares_top_down() -> impl Iterator<Item = (u8, impl Iterator<Item = Square>)> {
    (0..5u8).rev().map(|rank| {
        (
            rank,
            (0..5u8).filter_map(move |file| Square::new(file, rank)),
        )
    })
}

/// A Markdown table: files across, ranks 5 down to 1, `S` and `N` for the
/// pieces, `·` for an empty square, the stronghold `c3` in brackets; the
/// last move's squares in bold, a taken piece struck through; then the side
/// to move, the phase and the pieces as a list. The diagram reader reads it
/// back.
///
/// ```
/// use songo_notation::seega::{notation, render, SeegaPosition};
/// use songo_notation::Side;
/// let start = SeegaPosition::start(Side::South);
/// let table = render::markdown(&start, &render::Highlight::default());
/// assert!(table.contains("| **3** | · | · | [·] | · | · |"));
/// assert_eq!(notation::parse_diagram(&table).unwrap(), start);
/// ```
#[must_use]
pub fn markdown(position: &SeegaPosition, highlight: &Highlight) -> String {
    markdown_in(position, highlight, Lang::En)
}

/// [`markdown`] with its list in `lang` (the diagram reader reads it back).
#[must_use]
pub fn markdown_in(position: &SeegaPosition, highlight: &Highlight, lang: Lang) -> String {
    let moved = highlight.moved();
    let mut out = String::from("|   | a | b | c | d | e |\n|:-:|:-:|:-:|:-:|:-:|:-:|\n");
    for (rank, squares) in squares_top_down() {
        let _ = write!(out, "| **{}** |", rank + 1);
        for square in squares {
            let mut text = match position.piece_at(square) {
                Some(side) => side.letter().to_string(),
                None if highlight.captured.contains(square) => {
                    let side = highlight.captured_side.unwrap_or(position.to_move());
                    format!("~~{}~~", side.letter())
                }
                None => "·".to_owned(),
            };
            if moved.contains(square) && position.piece_at(square).is_some() {
                text = format!("**{text}**");
            }
            if square == Square::CENTRE {
                text = format!("[{text}]");
            }
            let _ = write!(out, " {text} |");
        }
        out.push('\n');
    }
    let (hand, taken) = (position.in_hand(), position.captured());
    let mut lines = vec![
        msg!("diagram-to-move-line", side = position.to_move().as_str()),
        msg!("seega-phase-line", phase = position.phase().as_str()),
        msg!(
            "seega-markdown-in-hand",
            south = hand.south,
            north = hand.north
        ),
        msg!(
            "seega-markdown-captured",
            south = taken.south,
            north = taken.north
        ),
    ];
    if position.passed() {
        lines.push(msg!(
            "seega-passed-line",
            side = position.to_move().opposite().as_str()
        ));
    }
    if let Some(played) = highlight.last_move {
        lines.push(if highlight.captured.is_empty() {
            msg!("seega-markdown-last-move", move = played.to_string())
        } else {
            msg!(
                "seega-markdown-last-move-taking",
                move = played.to_string(),
                squares = highlight.captured.to_string()
            )
        });
    }
    lines.push(msg!("seega-markdown-stronghold"));
    out.push('\n');
    for line in lines {
        let _ = writeln!(out, "- {}", line.localize(lang));
    }
    out
}

/// How to draw a board as SVG.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SvgOptions {
    /// Files and ranks around the board.
    pub coordinates: bool,
    /// The last move and what it took.
    pub highlight: Highlight,
    /// The language of the lines under the board.
    pub lang: Lang,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            coordinates: true,
            highlight: Highlight::default(),
            lang: Lang::En,
        }
    }
}

const CELL: u32 = 64;
const MARGIN: u32 = 36;
const RADIUS: u32 = 24;
const INK: &str = "#4a3014";
const FONT: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";
/// A board's picture: the grid, its margins and four lines of text.
const BOARD_WIDTH: u32 = 5 * CELL + 2 * MARGIN;
const BOARD_HEIGHT: u32 = 5 * CELL + 2 * MARGIN + 88;

/// The centre of a square's cell.
fn centre(square: Square) -> (u32, u32) {
    let x = MARGIN + u32::from(square.file()) * CELL + CELL / 2;
    let y = MARGIN + u32::from(4 - square.rank()) * CELL + CELL / 2;
    (x, y)
}

fn corner(square: Square) -> (u32, u32) {
    let (x, y) = centre(square);
    (x - CELL / 2, y - CELL / 2)
}

fn piece_svg(out: &mut String, side: Side, (x, y): (u32, u32)) {
    let (fill, stroke, ring) = match side {
        Side::South => ("#fdfbf5", "#222222", "#9a9a9a"),
        Side::North => ("#262626", "#000000", "#6a6a6a"),
    };
    let _ = writeln!(
        out,
        r#"  <circle cx="{x}" cy="{y}" r="{RADIUS}" fill="{fill}" stroke="{stroke}" stroke-width="2.5"/>"#
    );
    let inner = RADIUS - 8;
    let _ = writeln!(
        out,
        r#"  <circle cx="{x}" cy="{y}" r="{inner}" fill="none" stroke="{ring}" stroke-width="1.5"/>"#
    );
}

fn svg_document(out: &mut String, width: u32, height: u32, title: &str) {
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT}">"#
    );
    let _ = writeln!(out, "  <title>{title}</title>");
    let _ = writeln!(
        out,
        r##"  <rect width="{width}" height="{height}" fill="#ffffff"/>"##
    );
}

/// An SVG picture of the board: the grid, the pieces (South white, North
/// black), the stronghold `c3` shaded and crossed, coordinates, the last
/// move (squares tinted, an arrow for a step) and the pieces it took (a
/// red cross on a faded piece), with lines under the board on the side to
/// move, the phase and the pieces.
///
/// ```
/// use songo_notation::seega::{render, SeegaPosition};
/// use songo_notation::Side;
/// let svg = render::svg(&SeegaPosition::start(Side::South), &render::SvgOptions::default());
/// assert!(svg.starts_with("<svg"));
/// assert!(svg.contains("stronghold"));
/// ```
#[must_use]
pub fn svg(position: &SeegaPosition, options: &SvgOptions) -> String {
    board_document(position, options, &[], false)
}

/// [`svg`] with hooks for a program that drives the picture (the web
/// page): over each square, a transparent `<rect data-square="b3">` to
/// click. The drawing is otherwise the same.
///
/// ```
/// use songo_notation::seega::{render, SeegaPosition};
/// use songo_notation::Side;
/// let position = SeegaPosition::start(Side::South);
/// let svg = render::svg_with_hooks(&position, &render::SvgOptions::default());
/// assert_eq!(svg.matches("data-square=").count(), 25);
/// assert!(!render::svg(&position, &render::SvgOptions::default()).contains("data-square"));
/// ```
#[must_use]
pub fn svg_with_hooks(position: &SeegaPosition, options: &SvgOptions) -> String {
    board_document(position, options, &[], true)
}

/// One board as an SVG document, `shapes` over it, with the page's hooks
/// when `hooks`.
fn board_document(
    position: &SeegaPosition,
    options: &SvgOptions,
    shapes: &[Shape<Square>],
    hooks: bool,
) -> String {
    let mut out = String::new();
    svg_document(
        &mut out,
        BOARD_WIDTH,
        BOARD_HEIGHT,
        &format!("Seega: {position}"),
    );
    draw_board(&mut out, position, options, shapes, hooks);
    out.push_str("</svg>\n");
    out
}

/// The boards of played moves as one SVG picture: a row per move, its
/// heading (who played what, what it took, the rules it applied), the board
/// before and the board after with the move highlighted; then how the game
/// ended, if it has.
///
/// ```
/// use songo_notation::seega::{render, SeegaPosition};
/// use songo_notation::report;
/// use songo_notation::Side;
/// let played = report::play(SeegaPosition::start(Side::South), &["a1,b2", "e5,d4"]).unwrap();
/// let picture = render::play_svg(&played);
/// assert!(picture.contains(">1. South plays a1,b2: no capture; rules: seega.place<"));
/// ```
#[must_use]
pub fn play_svg(report: &PlayReport<SeegaPosition>) -> String {
    sequence::draw(report, Drawing::Svg, &Options::default())
}

/// `South plays b3-c3`.
#[must_use]
pub fn step_headline(step: &PlayStep<SeegaPosition>) -> String {
    sequence::headline(step, LetterCase::default())
}

/// `took c2 d3 c4; rules: seega.move, seega.capture`.
#[must_use]
pub fn step_summary(step: &PlayStep<SeegaPosition>) -> String {
    sequence::plain_summary(step, LetterCase::default())
}

/// The played moves as text: for each, its headline, the diagrams before
/// and after, and what it took; then how the game ended.
///
/// ```
/// use songo_notation::seega::{render, SeegaPosition};
/// use songo_notation::report;
/// use songo_notation::Side;
/// let played = report::play(SeegaPosition::start(Side::South), &["a1,b2"]).unwrap();
/// assert!(render::play_text(&played).starts_with("South plays a1,b2\n\nBefore:\n5 . . . . .\n"));
/// ```
#[must_use]
pub fn play_text(report: &PlayReport<SeegaPosition>) -> String {
    sequence::draw(report, Drawing::Text, &Options::default())
}

/// The played moves as Markdown: a heading per move, the tables before and
/// after (the move in bold, taken pieces struck through), what it took.
#[must_use]
pub fn play_markdown(report: &PlayReport<SeegaPosition>) -> String {
    sequence::draw(report, Drawing::Markdown, &Options::default())
}

/// A Seega move shows two boards: before it, and after it with the move
/// and the pieces it took marked.
impl Staged for SeegaPosition {
    type Board = SeegaView;
    type Place = Square;
    const PLACES: &'static str = "squares";

    fn stages(
        step: &PlayStep<SeegaPosition>,
        _letters: LetterCase,
        hand: &[Shape<Square>],
    ) -> Vec<Stage<SeegaView>> {
        let view = |position: SeegaPosition, highlight| SeegaView {
            position,
            highlight,
            coordinates: true,
            caption: None,
            shapes: hand.to_vec(),
            hooks: false,
            lang: Lang::En,
        };
        vec![
            Stage {
                kind: StageKind::Before,
                board: view(step.before, Highlight::default()),
            },
            Stage {
                kind: StageKind::After,
                board: view(step.after, step_highlight(step)),
            },
        ]
    }

    fn took(step: &PlayStep<SeegaPosition>, conventions: Conventions) -> String {
        let captured = step.outcome.captured;
        if captured.is_empty() {
            msg!("step-no-capture")
        } else {
            let squares: Vec<String> = captured.iter().map(|square| square.to_string()).collect();
            msg!("seega-step-took", squares = squares.join(" "))
        }
        .localize(conventions.lang)
    }
}

/// The highlight of a step of a play report: its move and what it took.
fn step_highlight(step: &PlayStep<SeegaPosition>) -> Highlight {
    Highlight {
        last_move: Some(step.outcome.played),
        changed: SquareSet::EMPTY,
        captured: step.outcome.captured,
        captured_side: Some(step.before.to_move().opposite()),
    }
}

/// One board, its top left corner at the origin.
fn draw_board(
    out: &mut String,
    position: &SeegaPosition,
    options: &SvgOptions,
    shapes: &[Shape<Square>],
    hooks: bool,
) {
    let board = 5 * CELL;
    draw_squares(out, options);
    for square in Square::all() {
        if let Some(side) = position.piece_at(square) {
            piece_svg(out, side, centre(square));
        }
    }
    draw_move_marks(out, position, options);
    if !shapes.is_empty() {
        let place = |square: Square| {
            let (x, y) = centre(square);
            Place {
                centre: (x as i32, y as i32),
                name: square.to_string(),
                outward: -1,
            }
        };
        draw_shapes(out, shapes, Layer::Under, RADIUS as i32, &place);
        draw_shapes(out, shapes, Layer::Over, RADIUS as i32, &place);
    }
    if hooks {
        for square in Square::all() {
            let (x, y) = corner(square);
            let _ = writeln!(
                out,
                r##"  <rect data-square="{square}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#ffffff" fill-opacity="0"/>"##
            );
        }
    }
    let lang = options.lang;
    let mut lines = vec![status_head(position).localize(lang)];
    lines.extend(Side::BOTH.map(|side| status_side(position, side).localize(lang)));
    lines.push(msg!("seega-svg-stronghold").localize(lang));
    for (i, line) in lines.iter().enumerate() {
        let _ = writeln!(
            out,
            r##"  <text x="{MARGIN}" y="{}" font-size="12.5" fill="#333333">{line}</text>"##,
            MARGIN + board + 52 + 18 * i as u32
        );
    }
}

/// The board under the pieces: its ground, the stronghold, the squares of
/// the last move and of the captures, the grid and the coordinates.
fn draw_squares(out: &mut String, options: &SvgOptions) {
    let highlight = &options.highlight;
    let board = 5 * CELL;
    let _ = writeln!(
        out,
        r##"  <rect x="{MARGIN}" y="{MARGIN}" width="{board}" height="{board}" fill="#f3e2bd"/>"##
    );
    // The stronghold: shaded and crossed corner to corner.
    let (cx, cy) = corner(Square::CENTRE);
    let _ = writeln!(
        out,
        r##"  <g class="stronghold"><rect x="{cx}" y="{cy}" width="{CELL}" height="{CELL}" fill="#dcc08a"/><path d="M{cx} {cy}l{CELL} {CELL}M{x2} {cy}l-{CELL} {CELL}" stroke="{INK}" stroke-width="1.5"/></g>"##,
        x2 = cx + CELL
    );
    for square in highlight.moved() {
        let (x, y) = corner(square);
        let _ = writeln!(
            out,
            r##"  <rect class="last-move" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#f5dc5a" fill-opacity="0.75"/>"##
        );
    }
    for square in highlight.captured {
        let (x, y) = corner(square);
        let _ = writeln!(
            out,
            r##"  <rect class="captured" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#f2b1a8" fill-opacity="0.8"/>"##
        );
    }
    for i in 0..=5 {
        let at = MARGIN + i * CELL;
        let weight = if i == 0 || i == 5 { 3 } else { 1 };
        let end = MARGIN + board;
        let _ = writeln!(
            out,
            r#"  <path d="M{MARGIN} {at}H{end}M{at} {MARGIN}V{end}" stroke="{INK}" stroke-width="{weight}" stroke-linecap="square"/>"#
        );
    }
    if options.coordinates {
        for (i, letter) in ["a", "b", "c", "d", "e"].iter().enumerate() {
            let x = MARGIN + i as u32 * CELL + CELL / 2;
            let y = MARGIN + board + 24;
            let _ = writeln!(
                out,
                r##"  <text x="{x}" y="{y}" text-anchor="middle" font-size="16" fill="#333333">{letter}</text>"##
            );
        }
        for rank in 0..5u32 {
            let y = MARGIN + (4 - rank) * CELL + CELL / 2 + 6;
            let x = MARGIN / 2;
            let _ = writeln!(
                out,
                r##"  <text x="{x}" y="{y}" text-anchor="middle" font-size="16" fill="#333333">{}</text>"##,
                rank + 1
            );
        }
    }
}

/// Over the pieces: each captured piece, faded and crossed, and the arrow
/// of the last step.
fn draw_move_marks(out: &mut String, position: &SeegaPosition, options: &SvgOptions) {
    let highlight = &options.highlight;
    let taken = highlight
        .captured_side
        .unwrap_or_else(|| position.to_move());
    for square in highlight.captured {
        let (x, y) = centre(square);
        let _ = writeln!(out, r#"  <g class="captured-piece" opacity="0.45">"#);
        piece_svg(out, taken, (x, y));
        let _ = writeln!(out, "  </g>");
        let d = RADIUS - 4;
        let _ = writeln!(
            out,
            r##"  <path d="M{} {}l{} {}M{} {}l-{} {}" stroke="#c0392b" stroke-width="4" stroke-linecap="round"/>"##,
            x - d,
            y - d,
            2 * d,
            2 * d,
            x + d,
            y - d,
            2 * d,
            2 * d
        );
    }
    if let Some(SeegaMove::Step(from, to)) = highlight.last_move {
        let ((x1, y1), (x2, y2)) = (centre(from), centre(to));
        // Stop the arrow at the edge of the piece it points to.
        let shorten = |a: u32, b: u32| -> i64 {
            let (a, b) = (i64::from(a), i64::from(b));
            b - (b - a).signum() * i64::from(RADIUS + 4)
        };
        let (ex, ey) = (shorten(x1, x2), shorten(y1, y2));
        let _ = writeln!(
            out,
            r##"  <g class="arrow" stroke="#a4471b" fill="#a4471b"><path d="M{x1} {y1}L{ex} {ey}" stroke-width="5" stroke-linecap="round"/><circle cx="{x1}" cy="{y1}" r="6"/><circle cx="{ex}" cy="{ey}" r="5"/></g>"##
        );
    }
}

fn status_head(position: &SeegaPosition) -> Message {
    let mover = position.to_move();
    if position.passed() {
        msg!(
            "seega-svg-to-move-after-pass",
            side = mover.as_str(),
            opponent = mover.opposite().as_str(),
            phase = position.phase().as_str()
        )
    } else {
        msg!(
            "seega-svg-to-move",
            side = mover.as_str(),
            phase = position.phase().as_str()
        )
    }
}

fn status_side(position: &SeegaPosition, side: Side) -> Message {
    let mark = match side {
        Side::South => "○",
        Side::North => "●",
    };
    let board = position.pieces_on_board()[side];
    match position.phase() {
        Phase::Placement => msg!(
            "seega-svg-side-placing",
            mark = mark,
            side = side.as_str(),
            board = board,
            hand = position.in_hand()[side]
        ),
        Phase::Movement => msg!(
            "seega-svg-side-moving",
            mark = mark,
            side = side.as_str(),
            board = board,
            took = position.captured()[side]
        ),
    }
}

/// A Seega board to draw, with its marks and shapes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeegaView {
    /// The position.
    pub position: SeegaPosition,
    /// The last move and what it took.
    pub highlight: Highlight,
    /// Files and ranks around the board (text and SVG).
    pub coordinates: bool,
    /// A caption above the board (in a figure).
    pub caption: Option<String>,
    /// Shapes drawn over the board (SVG only): threatened pieces, marks
    /// drawn by hand.
    pub shapes: Vec<Shape<Square>>,
    /// Over each square a transparent `<rect data-square="b3">` for a
    /// program that drives the picture (the web page; SVG only).
    pub hooks: bool,
    /// The language of the board's own words (side to move, phase…).
    pub lang: Lang,
}

impl SeegaView {
    /// A plain view of a position, with its coordinates.
    #[must_use]
    pub fn new(position: SeegaPosition) -> SeegaView {
        SeegaView {
            position,
            highlight: Highlight::default(),
            coordinates: true,
            caption: None,
            shapes: Vec::new(),
            hooks: false,
            lang: Lang::En,
        }
    }

    /// Reads the marks a person asked for: squares, the last move, shapes
    /// drawn by hand.
    pub(crate) fn marked(
        position: &SeegaPosition,
        marks: &Marks<'_>,
    ) -> Result<SeegaView, MarkError> {
        let squares = |names: &[String], mark| -> Result<SquareSet, MarkError> {
            names
                .iter()
                .filter(|name| !name.trim().is_empty())
                .map(|name| {
                    name.trim().parse::<Square>().map_err(|e| MarkError {
                        mark,
                        message: e.to_string(),
                    })
                })
                .collect()
        };
        let last_move = marks
            .last_move
            .map(|text| {
                text.parse::<SeegaMove>().map_err(|e| MarkError {
                    mark: Mark::LastMove,
                    message: e.to_string(),
                })
            })
            .transpose()?;
        let captured = squares(marks.captured, Mark::Captured)?;
        let highlight = Highlight {
            last_move,
            changed: squares(marks.changed, Mark::Changed)?,
            captured,
            // The pieces taken by the last move belong to the side now to move.
            captured_side: (!captured.is_empty()).then(|| position.to_move()),
        };
        Ok(SeegaView {
            position: *position,
            highlight,
            coordinates: marks.coordinates,
            caption: None,
            shapes: marks.hand_shapes(str::parse::<Square>)?,
            hooks: marks.hooks,
            lang: Lang::En,
        })
    }

    /// The board in `form`.
    #[must_use]
    pub fn draw(&self, form: Drawing) -> String {
        let position = &self.position;
        match form {
            Drawing::Text if self.coordinates => super::notation::diagram_in(position, self.lang),
            Drawing::Text => super::notation::rows(position),
            Drawing::Markdown => markdown_in(position, &self.highlight, self.lang),
            Drawing::Svg => {
                let options = SvgOptions {
                    coordinates: self.coordinates,
                    highlight: self.highlight,
                    lang: self.lang,
                };
                board_document(position, &options, &self.shapes, self.hooks)
            }
        }
    }
}

impl StageBoard for SeegaView {
    fn text(&self) -> String {
        self.draw(Drawing::Text)
    }

    fn markdown(&self) -> String {
        self.draw(Drawing::Markdown)
    }

    /// The text diagram marks nothing; the Markdown table puts the move in
    /// bold and strikes the pieces taken.
    fn marks(&self, form: Drawing) -> (bool, bool) {
        match form {
            Drawing::Text => (false, false),
            Drawing::Markdown | Drawing::Svg => (
                !self.highlight.moved().is_empty(),
                !self.highlight.captured.is_empty(),
            ),
        }
    }

    fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }
}

impl SvgBoard for SeegaView {
    fn caption(&self) -> Option<&str> {
        self.caption.as_deref()
    }

    fn set_caption(&mut self, caption: String) {
        self.caption = Some(caption);
    }

    fn size(&self) -> (i32, i32) {
        (BOARD_WIDTH as i32, BOARD_HEIGHT as i32)
    }

    fn draw(&self, out: &mut String, left: i32, top: i32) {
        let options = SvgOptions {
            coordinates: self.coordinates,
            highlight: self.highlight,
            lang: self.lang,
        };
        let _ = writeln!(out, "<g transform=\"translate({left} {top})\">");
        draw_board(out, &self.position, &options, &self.shapes, self.hooks);
        out.push_str("</g>\n");
    }

    fn keys(&self, keys: &mut BTreeSet<Key>) {
        if !self.highlight.moved().is_empty() {
            keys.insert(Key::SeegaMove);
        }
        if !self.highlight.captured.is_empty() {
            keys.insert(Key::SeegaTaken);
        }
        sequence::shape_keys(&self.shapes, Key::SeegaThreat, keys);
    }

    fn describe(&self) -> String {
        self.position.to_string()
    }
}

/// What `songo moves` prints for a Seega position: the side to move and
/// the phase, the legal moves (placements as the squares they may use),
/// each forbidden step with its rule; or how the game ended.
#[must_use]
pub fn moves_text(report: &MovesReport<SeegaPosition>) -> String {
    moves_text_in(report, Lang::En)
}

/// [`moves_text`] in `lang`.
#[must_use]
pub fn moves_text_in(report: &MovesReport<SeegaPosition>, lang: Lang) -> String {
    let position = &report.position;
    let canonical = Conventions::CANONICAL.in_lang(lang);
    let mut out = String::new();
    if let Some(over) = &report.game_over {
        let _ = writeln!(out, "{}", game_over_line_in(over, lang));
        return out;
    }
    let side = report.to_move().as_str();
    let phase = position.phase().as_str();
    let head = if position.passed() {
        msg!(
            "seega-moves-head-passed",
            side = side,
            phase = phase,
            opponent = report.to_move().opposite().as_str()
        )
    } else {
        msg!("seega-moves-head", side = side, phase = phase)
    };
    let _ = writeln!(out, "{}", head.localize(lang));
    let legal = match position.phase() {
        Phase::Placement => {
            let squares = position.legal_moves().placement_squares();
            msg!(
                "seega-moves-placement",
                count = squares.len(),
                placements = report.legal.len(),
                squares = squares.to_string()
            )
        }
        Phase::Movement => msg!(
            "moves-legal",
            moves = report.legal_names(canonical).join(" ")
        ),
    };
    let _ = writeln!(out, "{}", legal.localize(lang));
    write_illegal(&mut out, &report.illegal_lines(canonical), lang);
    out
}

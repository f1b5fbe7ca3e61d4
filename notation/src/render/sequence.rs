//! A played line drawn for people, written once for every game: a
//! headline per move (`2. North plays N4`), the boards of its stages under
//! their captions, what it took and the rules it applied; then how the game
//! ended. The game supplies its stages ([`Staged`]: a sowing move shows the
//! board before it, after sowing and after captures; a Seega move before
//! and after) and draws one board with its marks ([`StageBoard`]); this
//! module writes the rest, as text, Markdown or one SVG picture (its boards
//! in rows, or one under the other).
//!
//! ```
//! use songo_notation::render::sequence::{self, Options};
//! use songo_notation::render::svg::Layout;
//! use songo_notation::render::Drawing;
//! use songo_notation::{report, Position};
//! let position: Position = "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7".parse().unwrap();
//! let played = report::play(position, &["S1"]).unwrap();
//! let text = sequence::draw(&played, Drawing::Text, &Options::default());
//! assert!(text.starts_with("South plays S1\n\nBefore:\n"));
//! let column = Options { layout: Layout::Column, ..Options::default() };
//! let picture = sequence::draw(&played, Drawing::Svg, &column);
//! assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"624\""));
//! ```

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::conventions::{Conventions, LetterCase};
use crate::game::GamePosition;
use crate::i18n::{Lang, Localize};
use crate::msg;
use crate::render::svg::{self, Figure, FigureRow, Key, Layout, SvgBoard};
use crate::render::{Drawing, Shape, game_over_line_in, move_number};
use crate::report::{PlayReport, PlayStep};
use crate::rule::RuleId;

/// Which board of a move a stage is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StageKind {
    /// The board before the move.
    Before,
    /// A sowing move's board after sowing, before captures.
    Sown,
    /// The board after the move.
    After,
}

/// One board of a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stage<B> {
    /// Which one.
    pub kind: StageKind,
    /// The board, with its marks.
    pub board: B,
}

/// A board of a stage, drawn in every form by its game.
pub trait StageBoard: SvgBoard {
    /// The board as a plain-text diagram.
    fn text(&self) -> String;
    /// The board as Markdown.
    fn markdown(&self) -> String;
    /// Whether the board, drawn in `form`, marks places the move changed
    /// and places it captured (the caption's legend says how).
    fn marks(&self, form: Drawing) -> (bool, bool);
    /// Writes the board's own words (stores, side to move…) in `lang`.
    fn set_lang(&mut self, lang: Lang);
}

/// A game whose played lines can be drawn: what its stages are.
pub trait Staged: GamePosition {
    /// One board of a stage.
    type Board: StageBoard;
    /// What the game's places are called in the captions' legends
    /// (`houses`, `squares`).
    const PLACES: &'static str;
    /// The boards of a move, in order, with their marks (and the shapes
    /// drawn by hand, `hand`, on each).
    fn stages(
        step: &PlayStep<Self>,
        letters: LetterCase,
        hand: &[Shape<Self::Place>],
    ) -> Vec<Stage<Self::Board>>;
    /// The places of the game's boards (a house, a square), as the hand
    /// marks name them.
    type Place: Copy;
    /// What a move took, for its summary: `6 captured from N1 N0`, `took c2`.
    fn took(step: &PlayStep<Self>, conventions: Conventions) -> String;
}

/// How to draw a played line.
#[derive(Debug, Clone)]
pub struct Options<P> {
    /// Awalé letters of the houses.
    pub letters: LetterCase,
    /// The SVG boards side by side or one under the other.
    pub layout: Layout,
    /// The language of the legends.
    pub lang: Lang,
    /// Shapes drawn by hand on every board.
    pub hand: Vec<Shape<P>>,
}

impl<P> Default for Options<P> {
    fn default() -> Options<P> {
        Options {
            letters: LetterCase::default(),
            layout: Layout::Row,
            lang: Lang::En,
            hand: Vec::new(),
        }
    }
}

/// The line above a move's boards: `South plays S1`, in the language of
/// `conventions` (a [`LetterCase`] alone is English).
#[must_use]
pub fn headline<P: GamePosition>(
    step: &PlayStep<P>,
    conventions: impl Into<Conventions>,
) -> String {
    let conventions = conventions.into();
    msg!(
        "step-headline",
        side = step.before.to_move().as_str(),
        move = step.name(conventions)
    )
    .localize(conventions.lang)
}

/// The sentence under a move's boards: what it took, and the rules it
/// applied, each written by `write_id`.
fn summary<P: Staged>(
    step: &PlayStep<P>,
    conventions: Conventions,
    write_id: impl Fn(RuleId) -> String,
) -> String {
    let ids: Vec<String> = step.rules_applied().iter().map(write_id).collect();
    msg!(
        "step-rules",
        text = P::took(step, conventions),
        rules = ids.join(", ")
    )
    .localize(conventions.lang)
}

/// The summary with rule ids as they are: `6 captured from N1 N0; rules:
/// songo.sow, songo.capture.chain`.
#[must_use]
pub fn plain_summary<P: Staged>(step: &PlayStep<P>, conventions: impl Into<Conventions>) -> String {
    summary(step, conventions.into(), |rule| rule.as_str().to_owned())
}

/// The caption of a stage: `Before`, `After sowing`, `After captures`
/// (`After` when the move has no sowing stage).
fn caption(kind: StageKind, sown: bool, lang: Lang) -> String {
    match kind {
        StageKind::Before => msg!("board-before"),
        StageKind::Sown => msg!("board-after-sowing"),
        StageKind::After if sown => msg!("board-after-captures"),
        StageKind::After => msg!("board-after"),
    }
    .localize(lang)
}

/// The legend after a caption in `form`: how the board marks what changed
/// and what was captured.
fn caption_legend<B: StageBoard>(board: &B, form: Drawing, places: &str, lang: Lang) -> String {
    let (changed, captured) = board.marks(form);
    let mut parts = Vec::new();
    match form {
        Drawing::Text => {
            if changed {
                parts.push(msg!("legend-text-changed").localize(lang));
            }
            if captured {
                parts.push(msg!("legend-text-captured").localize(lang));
            }
        }
        Drawing::Markdown | Drawing::Svg => {
            if changed {
                parts.push(msg!("legend-changed", places = places).localize(lang));
            }
            if captured {
                parts.push(msg!("legend-captured", places = places).localize(lang));
            }
        }
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", parts.join("; "))
    }
}

impl<P> Options<P> {
    /// The options of a line drawn with the letters and the language of
    /// `conventions`, nothing else asked.
    #[must_use]
    pub fn of(conventions: impl Into<Conventions>) -> Options<P> {
        let conventions = conventions.into();
        Options {
            letters: conventions.letters,
            lang: conventions.lang,
            ..Options::default()
        }
    }
}

/// A played line in `form`.
#[must_use]
pub fn draw<P: Staged>(
    report: &PlayReport<P>,
    form: Drawing,
    options: &Options<P::Place>,
) -> String {
    match form {
        Drawing::Text => text(report, options),
        Drawing::Markdown => markdown(report, options),
        Drawing::Svg => picture(report, options),
    }
}

/// The stages of a step, and whether one is the board after sowing.
fn stages_of<P: Staged>(
    step: &PlayStep<P>,
    options: &Options<P::Place>,
) -> (Vec<Stage<P::Board>>, bool) {
    let mut stages = P::stages(step, options.letters, &options.hand);
    for stage in &mut stages {
        stage.board.set_lang(options.lang);
    }
    let sown = stages.iter().any(|stage| stage.kind == StageKind::Sown);
    (stages, sown)
}

/// A played line for people, in text or Markdown: each move's headline
/// (after `heading`), its stages as `stage` writes them, its summary as
/// `summary` writes it; then how the game ended.
fn written<P: Staged>(
    report: &PlayReport<P>,
    options: &Options<P::Place>,
    heading: &str,
    stage: impl Fn(&Stage<P::Board>, bool) -> String,
    summary: impl Fn(&PlayStep<P>, Conventions) -> String,
) -> String {
    let lang = options.lang;
    let conventions = Conventions::with_letters(options.letters).in_lang(lang);
    let mut out = String::new();
    for (i, step) in report.steps.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let number = move_number(i, report.steps.len());
        let _ = writeln!(out, "{heading}{number}{}\n", headline(step, conventions));
        let (stages, sown) = stages_of(step, options);
        for each in &stages {
            out.push_str(&stage(each, sown));
        }
        let _ = writeln!(out, "{}", summary(step, conventions));
    }
    if let Some(over) = &report.game_over {
        let _ = writeln!(out, "\n{}", game_over_line_in(over, lang));
    }
    out
}

fn text<P: Staged>(report: &PlayReport<P>, options: &Options<P::Place>) -> String {
    let lang = options.lang;
    let stage = |stage: &Stage<P::Board>, sown: bool| {
        let (changed, captured) = stage.board.marks(Drawing::Text);
        let line = match stage.kind {
            StageKind::Before => msg!("play-text-before"),
            StageKind::Sown if changed => msg!("play-text-after-sowing"),
            StageKind::Sown => msg!("play-text-sown"),
            StageKind::After if sown && captured => msg!("play-text-after-captures-marked"),
            StageKind::After if sown => msg!("play-text-after-captures"),
            StageKind::After if changed => msg!("play-text-after-marked"),
            StageKind::After => msg!("play-text-after"),
        };
        format!("{}\n{}\n", line.localize(lang), stage.board.text())
    };
    written(report, options, "", stage, |step, conventions| {
        plain_summary(step, conventions)
    })
}

fn markdown<P: Staged>(report: &PlayReport<P>, options: &Options<P::Place>) -> String {
    let lang = options.lang;
    let stage = |stage: &Stage<P::Board>, sown: bool| {
        let legend = caption_legend(&stage.board, Drawing::Markdown, P::PLACES, lang);
        format!(
            "**{}**{legend}\n\n{}\n",
            caption(stage.kind, sown, lang),
            stage.board.markdown()
        )
    };
    written(report, options, "## ", stage, |step, conventions| {
        format!(
            "{}.",
            summary(step, conventions, |rule| format!("`{rule}`"))
        )
    })
}

/// The SVG of a played line: a row per move (its boards under a heading
/// that says what it took and the rules it applied), then how the game
/// ended.
fn picture<P: Staged>(report: &PlayReport<P>, options: &Options<P::Place>) -> String {
    let lang = options.lang;
    let conventions = Conventions::with_letters(options.letters).in_lang(lang);
    let rows = report
        .steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let number = move_number(i, report.steps.len());
            let (stages, sown) = stages_of(step, options);
            let boards = stages
                .into_iter()
                .map(|stage| {
                    let mut board = stage.board;
                    board.set_caption(caption(stage.kind, sown, lang));
                    board
                })
                .collect();
            FigureRow {
                heading: Some(
                    msg!(
                        "svg-heading",
                        headline = format!("{number}{}", headline(step, conventions)),
                        summary = plain_summary(step, conventions)
                    )
                    .localize(lang),
                ),
                boards,
            }
        })
        .collect();
    let mut figure = Figure {
        title: None,
        rows,
        layout: options.layout,
        lang: options.lang,
    };
    if let Some(over) = &report.game_over {
        figure.rows.push(FigureRow {
            heading: Some(game_over_line_in(over, lang)),
            boards: Vec::new(),
        });
    }
    svg::figure(&figure)
}

/// The legend keys of a list of shapes, `threat` naming the key of a
/// threat's arrow (sowing or Seega).
pub(crate) fn shape_keys<T>(shapes: &[Shape<T>], threat: Key, keys: &mut BTreeSet<Key>) {
    use crate::render::Brush;
    // When North's threats have their colour, South's are named as South's.
    let north = shapes.iter().any(|shape| {
        matches!(
            shape,
            Shape::Arrow {
                brush: Brush::ThreatNorth,
                ..
            }
        )
    });
    for shape in shapes {
        match shape {
            Shape::Arrow {
                brush: Brush::Threat,
                ..
            } => {
                keys.insert(if north && threat == Key::Threat {
                    Key::ThreatSouth
                } else {
                    threat
                });
            }
            Shape::Arrow {
                brush: Brush::ThreatNorth,
                ..
            } => {
                keys.insert(Key::ThreatNorth);
            }
            Shape::Arrow {
                brush: Brush::DoubleThreat,
                ..
            } => {
                keys.insert(Key::DoubleThreat);
            }
            Shape::Grenier { .. } => {
                keys.insert(Key::Grenier);
            }
            Shape::Seed { .. } => {
                keys.insert(Key::Yinda);
            }
            Shape::Harvest { .. } => {
                keys.insert(Key::Harvest);
            }
            Shape::Arrow { .. } | Shape::Ring { .. } => {}
        }
    }
}

//! `songo explain` for a position of any game: what the teaching
//! vocabulary says of it (see `docs/teaching.md`).

use super::{AnyPosition, ByFamily, Picture};
use crate::i18n::Lang;
use crate::render::svg::{Figure, FigureRow, SvgBoard, figure};
use crate::render::{Drawing, MarkError};
use crate::seega::Square;
use crate::sowing::position::House;
use crate::teach::{self, ExplainReport, SeegaExplainReport, TeachId, picture, words};

/// What the teaching vocabulary says of a position of any game: the
/// `ExplainReport` of `songo explain` (see `docs/teaching.md`). A sowing
/// game's: threats, double threats, defences, greniers, bidoua; Seega's:
/// threatened pieces, mobility.
pub type AnyExplainReport = ByFamily<ExplainReport, SeegaExplainReport>;

/// Explains a position of any game with the teaching vocabulary.
///
/// ```
/// use songo_notation::any::{self, AnyPosition};
/// use songo_notation::i18n::Lang;
/// use songo_notation::render::Drawing;
/// let position: AnyPosition = "songo:0,0,2,0,6,0,0/1,4,0,3,1,5,1".parse().unwrap();
/// let report = any::explain(&position);
/// let text = report.draw(Drawing::Text, &any::Picture::default()).unwrap();
/// assert!(text.contains("- North's N4 threatens S3 and S4 (6 seeds)."));
/// let seega: AnyPosition = "seega:...../...../...S./..N../..S..:N".parse().unwrap();
/// let json = serde_json::to_value(any::explain(&seega)).unwrap();
/// assert_eq!(json["threats"][0]["square"], "c2");
/// ```
#[must_use]
pub fn explain(position: &AnyPosition) -> AnyExplainReport {
    match position {
        AnyPosition::Sowing(position) => AnyExplainReport::Sowing(teach::explain(position)),
        AnyPosition::Seega(position) => AnyExplainReport::Seega(teach::explain_seega(position)),
    }
}

impl AnyExplainReport {
    /// The position explained.
    #[must_use]
    pub fn position(&self) -> AnyPosition {
        each_family!(self, report => report.position.into())
    }

    /// Keeps only the terms `ids` names, so that a picture or a page shows
    /// those alone: `teach.threat`, `teach.double-threat`, `teach.defence`
    /// (or `teach.yinda`: the defences, yindas among them) and
    /// `teach.grenier` empty their lists when not named; the bidoua and
    /// Seega's mobility are single values and stay.
    ///
    /// ```
    /// use songo_notation::any::{self, AnyExplainReport, AnyPosition};
    /// use songo_notation::teach::TeachId;
    /// let position: AnyPosition = "songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N".parse().unwrap();
    /// let mut report = any::explain(&position);
    /// report.retain_terms(&[TeachId::Grenier]);
    /// let AnyExplainReport::Sowing(report) = report else { unreachable!() };
    /// assert!(report.threats.is_empty() && report.defences.is_empty());
    /// assert_eq!(report.greniers.len(), 1);
    /// ```
    pub fn retain_terms(&mut self, ids: &[TeachId]) {
        let kept = |id: TeachId| ids.contains(&id);
        match self {
            AnyExplainReport::Sowing(report) => {
                if !kept(TeachId::Threat) {
                    report.threats.clear();
                }
                if !kept(TeachId::DoubleThreat) {
                    report.double_threats.clear();
                }
                if !kept(TeachId::Defence) && !kept(TeachId::Yinda) {
                    report.defences.clear();
                }
                if !kept(TeachId::Grenier) {
                    report.greniers.clear();
                }
            }
            AnyExplainReport::Seega(report) => {
                if !kept(TeachId::Threat) {
                    report.threats.clear();
                }
            }
        }
    }

    /// The explanation in `form`: sentences (text, Markdown) in the
    /// language of `options`, or the board with the vocabulary drawn on
    /// it (SVG), with the marks `options` asks for.
    ///
    /// # Errors
    /// A mark that is no house or square of the game.
    pub fn draw(&self, form: Drawing, options: &Picture<'_>) -> Result<String, MarkError> {
        let wording = words::Wording {
            lang: options.lang,
            letters: options.letters,
        };
        Ok(match (self, form) {
            (AnyExplainReport::Sowing(report), Drawing::Text) => {
                words::explain_text(report, wording)
            }
            (AnyExplainReport::Sowing(report), Drawing::Markdown) => {
                words::explain_markdown(report, wording)
            }
            (AnyExplainReport::Sowing(report), Drawing::Svg) => {
                let rules = report.position.rules();
                let hand = options
                    .marks
                    .hand_shapes(|name| House::parse_with_case(name, rules, options.letters))?;
                let mut board = crate::sowing::render::BoardView::new(report.position)
                    .letters(options.letters)
                    .in_lang(options.lang)
                    .with_shapes(picture::sowing_shapes(report))
                    .with_shapes(hand);
                board.hooks = options.marks.hooks;
                one_board(board, options.lang)
            }
            (AnyExplainReport::Seega(report), Drawing::Text) => {
                words::seega_explain_text(report, wording)
            }
            (AnyExplainReport::Seega(report), Drawing::Markdown) => {
                words::seega_explain_markdown(report, wording)
            }
            (AnyExplainReport::Seega(report), Drawing::Svg) => {
                let mut board = crate::seega::render::SeegaView::new(report.position);
                board.lang = options.lang;
                board.shapes = picture::seega_shapes(report);
                board
                    .shapes
                    .extend(options.marks.hand_shapes(str::parse::<Square>)?);
                board.hooks = options.marks.hooks;
                one_board(board, options.lang)
            }
        })
    }
}

/// A figure of one board, its legend in `lang`.
fn one_board<B: SvgBoard>(board: B, lang: Lang) -> String {
    figure(&Figure {
        rows: vec![FigureRow {
            heading: None,
            boards: vec![board],
        }],
        lang,
        ..Figure::default()
    })
}

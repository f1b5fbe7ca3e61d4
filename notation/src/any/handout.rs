//! The boards of a lesson's handout (`lesson`), for any game: a sowing
//! board is one board with its legend; a Seega board is drawn as `play`
//! and `explain` draw it.

use super::{AnyExplainReport, AnyPlayReport, AnyPosition, Picture};
use crate::conventions::{Conventions, LetterCase};
use crate::i18n::Lang;
use crate::render::{Drawing, Marks};
use crate::sowing::position::House;
use crate::sowing::render::{BoardView, svg};

/// A board drawn for a handout (`lesson`): the SVG, and the position's
/// notation for those who cannot see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandoutBoard {
    /// The SVG document.
    pub svg: String,
    /// The position's notation.
    pub alt: String,
}

/// Which board of a move a handout shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveStage {
    /// The board before the move.
    Before,
    /// The board after sowing, before captures.
    Sown,
    /// The board after captures.
    AfterCaptures,
    /// The board after a move that captured nothing.
    AfterMove,
}

impl AnyPosition {
    /// The board alone.
    #[must_use]
    pub fn handout_board(&self, letters: LetterCase, lang: Lang) -> HandoutBoard {
        self.handout_board_marked(letters, lang, &[], None)
    }

    /// A board of a record: the houses the move that led to it captured
    /// marked (sowing), or that move named (`last_move`) and the squares'
    /// coordinates drawn (Seega).
    #[must_use]
    pub fn handout_record_board(
        &self,
        letters: LetterCase,
        lang: Lang,
        captured: &[House],
        last_move: Option<&str>,
    ) -> HandoutBoard {
        let marks = Marks {
            last_move,
            coordinates: true,
            ..Marks::default()
        };
        self.handout_board_marked(letters, lang, captured, Some(&marks))
    }

    fn handout_board_marked(
        &self,
        letters: LetterCase,
        lang: Lang,
        captured: &[House],
        marks: Option<&Marks<'_>>,
    ) -> HandoutBoard {
        let conventions = Conventions::with_letters(letters).in_lang(lang);
        let svg = match (self, marks) {
            (AnyPosition::Sowing(position), _) => {
                let view = BoardView::new(*position)
                    .letters(letters)
                    .in_lang(lang)
                    .with_captured(captured.iter().copied());
                svg::board(&view)
            }
            (AnyPosition::Seega(_), Some(marks)) => self.marked(marks, conventions).map_or_else(
                |_| self.draw(Drawing::Svg, conventions),
                |m| m.draw(Drawing::Svg),
            ),
            (AnyPosition::Seega(_), None) => self.draw(Drawing::Svg, conventions),
        };
        HandoutBoard {
            svg,
            alt: self.to_string(),
        }
    }
}

impl AnyExplainReport {
    /// The board explained, the terms drawn on it, for a handout.
    #[must_use]
    pub fn handout_board(&self, letters: LetterCase, lang: Lang) -> Option<HandoutBoard> {
        let svg = match self {
            AnyExplainReport::Sowing(report) => {
                let view = BoardView::new(report.position)
                    .letters(letters)
                    .in_lang(lang)
                    .with_shapes(crate::teach::picture::sowing_shapes(report));
                svg::board(&view)
            }
            AnyExplainReport::Seega(_) => self
                .draw(
                    Drawing::Svg,
                    &Picture {
                        letters,
                        lang,
                        ..Picture::default()
                    },
                )
                .ok()?,
        };
        Some(HandoutBoard {
            svg,
            alt: self.position().to_string(),
        })
    }
}

impl AnyPlayReport {
    /// Each move's boards, when a handout draws a game's moves one by one
    /// (a sowing move: before, after sowing and after captures, or before
    /// and after when it captured nothing); `None` when the game's line is
    /// drawn as one figure ([`AnyPlayReport::draw`], Seega).
    #[must_use]
    pub fn handout_moves(
        &self,
        letters: LetterCase,
        lang: Lang,
    ) -> Option<Vec<Vec<(MoveStage, HandoutBoard)>>> {
        let AnyPlayReport::Sowing(report) = self else {
            return None;
        };
        let drawn = |stage: MoveStage, view: &BoardView| {
            (
                stage,
                HandoutBoard {
                    svg: svg::board(view),
                    alt: view.position.to_string(),
                },
            )
        };
        let boards = report.steps.iter().map(|step| {
            let [before, sown, after] =
                BoardView::of_step_with(step, letters).map(|view| BoardView {
                    caption: None,
                    ..view.in_lang(lang)
                });
            let mut boards = vec![drawn(MoveStage::Before, &before)];
            if step.outcome.captured_houses.is_empty() && step.outcome.captured == 0 {
                // Nothing captured: the board after sowing is the board after the move.
                let view = BoardView {
                    show_to_move: true,
                    position: step.after,
                    ..sown
                };
                boards.push(drawn(MoveStage::AfterMove, &view));
            } else {
                boards.push(drawn(MoveStage::Sown, &sown));
                boards.push(drawn(MoveStage::AfterCaptures, &after));
            }
            boards
        });
        Some(boards.collect())
    }
}

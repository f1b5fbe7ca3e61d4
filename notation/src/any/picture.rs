//! Pictures of a position of any game: its board in a form for people,
//! with the marks a person asked for.

use super::{AnyPosition, ByFamily};
use crate::conventions::{Conventions, LetterCase};
use crate::i18n::Lang;
use crate::render::svg::Layout;
use crate::render::{Drawing, MarkError, Marks};
use crate::seega::render::SeegaView;
use crate::sowing::render::BoardView;

/// How a picture is drawn: the Awalé letters, the layout of a played
/// line's boards, the language of the legends, the marks a person asked for.
#[derive(Debug, Clone, Copy, Default)]
pub struct Picture<'a> {
    /// Which Awalé camp is lettered in capitals.
    pub letters: LetterCase,
    /// A played line's SVG boards side by side or one under the other.
    pub layout: Layout,
    /// The language of the legends.
    pub lang: Lang,
    /// Marks drawn by hand (`highlight`, `arrows`; on a single board also
    /// `changed`, `captured`, `last_move`).
    pub marks: Marks<'a>,
}

/// A board with the marks a person asked for, read and checked: ready to
/// draw in any form.
#[derive(Debug, Clone)]
pub struct MarkedBoard(ByFamily<BoardView, SeegaView>);

impl MarkedBoard {
    /// The board in `form`.
    #[must_use]
    pub fn draw(&self, form: Drawing) -> String {
        each_family!(&self.0, view => view.draw(form))
    }
}

impl AnyPosition {
    /// The board with `marks` on it, Awalé houses named in the letters of
    /// `conventions`, its words in its language (a [`LetterCase`] alone is
    /// English).
    ///
    /// ```
    /// use songo_notation::any::AnyPosition;
    /// use songo_notation::render::{Drawing, Marks};
    /// use songo_notation::LetterCase;
    /// let position: AnyPosition = "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7".parse().unwrap();
    /// let changed = ["N0".to_owned()];
    /// let marks = Marks { changed: &changed, ..Marks::default() };
    /// let board = position.marked(&marks, LetterCase::default()).unwrap();
    /// assert!(board.draw(Drawing::Markdown).contains("**3**"));
    /// ```
    ///
    /// # Errors
    /// A mark that is no house, square or move of the game.
    pub fn marked(
        &self,
        marks: &Marks<'_>,
        conventions: impl Into<Conventions>,
    ) -> Result<MarkedBoard, MarkError> {
        let conventions = conventions.into();
        let (letters, lang) = (conventions.letters, conventions.lang);
        let marked = match self {
            AnyPosition::Sowing(position) => ByFamily::Sowing(
                crate::sowing::render::marked(position, marks, letters)?.in_lang(lang),
            ),
            AnyPosition::Seega(position) => {
                let mut view = SeegaView::marked(position, marks)?;
                view.lang = lang;
                ByFamily::Seega(view)
            }
        };
        Ok(MarkedBoard(marked))
    }

    /// The board in `form`, no marks on it, Awalé houses named in the
    /// letters of `conventions` (Seega with its coordinates).
    #[must_use]
    pub fn draw(&self, form: Drawing, conventions: impl Into<Conventions>) -> String {
        let marks = Marks {
            coordinates: true,
            ..Marks::default()
        };
        match self.marked(&marks, conventions) {
            Ok(board) => board.draw(form),
            // Without marks there is nothing to misread.
            Err(error) => error.message,
        }
    }

    /// The board as an SVG picture with the hooks a program that drives it
    /// needs (the web page): each house in `<g data-house="S4" …>`, each
    /// store in `<g data-store="south">`, each Seega square under a
    /// `<rect data-square="b3">` (see `sowing::render::svg::board_with_hooks`
    /// and `seega::render::svg_with_hooks`). Otherwise the same drawing as
    /// [`AnyPosition::draw`] in SVG.
    ///
    /// ```
    /// use songo_notation::any::AnyPosition;
    /// use songo_notation::render::Drawing;
    /// use songo_notation::LetterCase;
    /// let position: AnyPosition = "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7".parse().unwrap();
    /// let hooked = position.draw_svg_with_hooks(LetterCase::default());
    /// assert_eq!(hooked.matches("<g data-house=").count(), 14);
    /// assert!(!position.draw(Drawing::Svg, LetterCase::default()).contains("data-house"));
    /// ```
    #[must_use]
    pub fn draw_svg_with_hooks(&self, conventions: impl Into<Conventions>) -> String {
        let marks = Marks {
            coordinates: true,
            hooks: true,
            ..Marks::default()
        };
        match self.marked(&marks, conventions) {
            Ok(board) => board.draw(Drawing::Svg),
            // Without marks there is nothing to misread.
            Err(error) => error.message,
        }
    }
}

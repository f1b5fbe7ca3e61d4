//! The moves of a position of any game: `songo moves`' report of the
//! legal and forbidden moves, and its view with what each legal move does.

use serde::{Serialize, Serializer};

use super::{AnyPosition, ByFamily};
use crate::conventions::Conventions;
use crate::i18n::Lang;
use crate::report::{self, MovesReport};
use crate::seega::SeegaPosition;
use crate::side::Side;
use crate::sowing::position::Position;
use crate::teach::words::{self, Wording};
use crate::teach::{self, MoveEffect, SeegaMoveEffect};

/// What `songo moves` reports, for either kind of game: a sowing game's
/// report or Seega's.
pub type AnyMovesReport = ByFamily<MovesReport<Position>, MovesReport<SeegaPosition>>;

impl AnyMovesReport {
    /// The report to serialize with its messages in `lang`.
    #[must_use]
    pub fn in_lang(&self, lang: Lang) -> AnyMovesInLang<'_> {
        AnyMovesInLang(self, lang)
    }

    /// The report as text for people: the side to move, the legal moves,
    /// each forbidden move with its rule; or how the game ended.
    #[must_use]
    pub fn text(&self, conventions: Conventions) -> String {
        match self {
            AnyMovesReport::Sowing(report) => {
                crate::sowing::render::text::moves(report, conventions)
            }
            AnyMovesReport::Seega(report) => {
                crate::seega::render::moves_text_in(report, conventions.lang)
            }
        }
    }

    /// The side to move.
    fn to_move(&self) -> Side {
        each_family!(self, report => report.to_move())
    }
}

/// An [`AnyMovesReport`] whose messages serialize in a language.
#[derive(Debug, Clone, Copy)]
pub struct AnyMovesInLang<'a>(&'a AnyMovesReport, Lang);

impl Serialize for AnyMovesInLang<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        each_family!(self.0, report => report.in_lang(self.1).serialize(serializer))
    }
}

/// The legal and illegal moves of a position of any ruleset.
///
/// ```
/// use songo_notation::any::{self, AnyMovesReport, AnyPosition};
/// use songo_notation::Conventions;
/// let position: AnyPosition = "seega:...../...../...../N..../SN...:S".parse().unwrap();
/// let AnyMovesReport::Seega(report) = any::moves(&position) else { panic!() };
/// assert_eq!(report.legal_names(Conventions::default()), ["pass"]);
/// ```
#[must_use]
pub fn moves(position: &AnyPosition) -> AnyMovesReport {
    each_family!(map position, position => report::moves(position))
}

/// What each legal move of a position does, for either kind of game: the
/// "threats view" of `songo moves` (`teach::move_effects`,
/// `teach::seega_move_effects`): a sowing game's moves or Seega's steps.
pub type AnyMoveEffects = ByFamily<Vec<MoveEffect>, Vec<SeegaMoveEffect>>;

impl AnyMoveEffects {
    /// Whether no move is described.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        each_family!(self, effects => effects.is_empty())
    }

    /// The moves of `mover`, one sentence each, as text.
    #[must_use]
    pub fn text(&self, mover: Side, wording: Wording) -> String {
        match self {
            AnyMoveEffects::Sowing(effects) => words::move_effects_text(mover, effects, wording),
            AnyMoveEffects::Seega(effects) => {
                words::seega_move_effects_text(mover, effects, wording)
            }
        }
    }
}

/// What `songo moves` and `POST /v1/moves` report: the legal moves, the
/// moves a rule forbids, and what each legal move does (`effects`: its
/// capture, the threats it creates, whether it parries or ignores the
/// opponent's threat).
///
/// ```
/// use songo_notation::any::{self, AnyPosition};
/// use songo_notation::Conventions;
/// let position: AnyPosition = "songo:0,0,2,0,6,0,0/1,4,0,3,1,5,1".parse().unwrap();
/// let view = any::moves_view(&position);
/// let json = serde_json::to_value(&view).unwrap();
/// assert_eq!(json["legal"][0], "S1");
/// assert_eq!(json["effects"][0]["captures"], 3);
/// assert!(view.text(Conventions::default()).contains("- S1 takes 3 seeds (N2);"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MovesView {
    /// The legal and illegal moves.
    #[serde(flatten)]
    pub report: AnyMovesReport,
    /// What each legal move does, in the order of `legal` (Seega: each
    /// step; nothing while pieces are being placed).
    pub effects: AnyMoveEffects,
}

/// The moves of a position with what each legal one does.
#[must_use]
pub fn moves_view(position: &AnyPosition) -> MovesView {
    let effects = match position {
        AnyPosition::Sowing(position) => AnyMoveEffects::Sowing(teach::move_effects(position)),
        AnyPosition::Seega(position) => AnyMoveEffects::Seega(teach::seega_move_effects(position)),
    };
    MovesView {
        report: moves(position),
        effects,
    }
}

/// A [`MovesView`] whose messages serialize in a language.
#[derive(Serialize)]
pub struct MovesViewInLang<'a> {
    #[serde(flatten)]
    report: AnyMovesInLang<'a>,
    effects: &'a AnyMoveEffects,
}

impl MovesView {
    /// The view to serialize with its messages in `lang`.
    #[must_use]
    pub fn in_lang(&self, lang: Lang) -> MovesViewInLang<'_> {
        MovesViewInLang {
            report: self.report.in_lang(lang),
            effects: &self.effects,
        }
    }

    /// The report as text for people, in the language of `conventions`:
    /// the legal and forbidden moves, then what each legal move does.
    #[must_use]
    pub fn text(&self, conventions: Conventions) -> String {
        self.text_in(conventions, Lang::En)
    }

    /// [`MovesView::text`] with the sentences about each move in `lang`.
    #[must_use]
    pub fn text_in(&self, conventions: Conventions, lang: Lang) -> String {
        let mut out = self.report.text(conventions.in_lang(lang));
        if !self.effects.is_empty() {
            let wording = Wording {
                lang,
                letters: conventions.letters,
            };
            out.push('\n');
            out.push_str(&self.effects.text(self.report.to_move(), wording));
        }
        out
    }
}

//! Playing a line of moves on a position of any game: `songo play`'s
//! report, or why it stopped.

use std::fmt;

use super::{AnyMove, AnyOutcome, AnyPosition, ByFamily, Picture};
use crate::conventions::Conventions;
use crate::game::GamePosition;
use crate::i18n::{Lang, Message};
use crate::render::sequence::{self, Staged};
use crate::render::{Drawing, MarkError, Shape};
use crate::report::{self, PlayError, PlayReport, PlayStep};
use crate::rule::RuleId;
use crate::seega::{ParseMoveError, SeegaPosition, Square};
use crate::side::Side;
use crate::sowing::position::{House, ParseHouseError, Position};

/// What `songo play` reports, for either kind of game: a sowing game's
/// report or Seega's.
pub type AnyPlayReport = ByFamily<PlayReport<Position>, PlayReport<SeegaPosition>>;

impl AnyPlayReport {
    /// The position after the last move played.
    #[must_use]
    pub fn into_final_position(self) -> AnyPosition {
        each_family!(self, report => report.final_position.into())
    }

    /// The position after the last move.
    #[must_use]
    pub fn final_position(&self) -> AnyPosition {
        each_family!(self, report => report.final_position.into())
    }

    /// Whether no move was played.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        each_family!(self, report => report.steps.is_empty())
    }

    /// Every move played, as a step of a game of any family (what a
    /// lesson, and any reader of a played line, asks of a report).
    #[must_use]
    pub fn steps(&self) -> Vec<PlayStep<AnyPosition>> {
        fn any<P>(report: &PlayReport<P>) -> Vec<PlayStep<AnyPosition>>
        where
            P: GamePosition + Into<AnyPosition>,
            P::Move: Into<AnyMove>,
            P::Outcome: Into<AnyOutcome>,
        {
            report
                .steps
                .iter()
                .map(|step| PlayStep {
                    played: step.played.into(),
                    before: step.before.clone().into(),
                    outcome: step.outcome.clone().into(),
                    after: step.after.clone().into(),
                })
                .collect()
        }
        each_family!(self, report => any(report))
    }

    /// Every move's boards in a form for people, Awalé houses in the
    /// letters of `conventions`, words in its language (a
    /// [`LetterCase`](crate::LetterCase) alone is English).
    #[must_use]
    pub fn draw(&self, form: Drawing, conventions: impl Into<Conventions>) -> String {
        let conventions = conventions.into();
        let options = Picture {
            letters: conventions.letters,
            lang: conventions.lang,
            ..Picture::default()
        };
        // Without marks there is nothing to misread.
        self.draw_with(form, &options)
            .unwrap_or_else(|error| error.message)
    }

    /// Every move's boards in a form for people, as `options` asks (the
    /// layout of the SVG, the language of its legend, marks drawn by hand
    /// on every board).
    ///
    /// ```
    /// use songo_notation::any::{self, Picture};
    /// use songo_notation::render::{Drawing, Marks};
    /// use songo_notation::Conventions;
    /// let position = "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7".parse().unwrap();
    /// let played = any::play(position, &["S1"], Conventions::default()).unwrap();
    /// let highlight = ["S4".to_owned()];
    /// let options = Picture { marks: Marks { highlight: &highlight, ..Marks::default() }, ..Picture::default() };
    /// let svg = played.draw_with(Drawing::Svg, &options).unwrap();
    /// assert_eq!(svg.matches("class=\"ring hand\" data-at=\"S4\"").count(), 3);
    /// ```
    ///
    /// # Errors
    /// A mark that is no house or square of the game.
    pub fn draw_with(&self, form: Drawing, options: &Picture<'_>) -> Result<String, MarkError> {
        fn draw<P: Staged>(
            report: &PlayReport<P>,
            form: Drawing,
            options: &Picture<'_>,
            hand: Vec<Shape<P::Place>>,
        ) -> String {
            let options = sequence::Options {
                letters: options.letters,
                layout: options.layout,
                lang: options.lang,
                hand,
            };
            sequence::draw(report, form, &options)
        }
        Ok(match self {
            AnyPlayReport::Sowing(report) => {
                let rules = report.final_position.rules();
                let hand = options
                    .marks
                    .hand_shapes(|name| House::parse_with_case(name, rules, options.letters))?;
                draw(report, form, options, hand)
            }
            AnyPlayReport::Seega(report) => {
                let hand = options.marks.hand_shapes(str::parse::<Square>)?;
                draw(report, form, options, hand)
            }
        })
    }
}

/// Why `play` stopped, for either kind of game: in a sowing game or in
/// Seega.
pub type AnyPlayError = ByFamily<PlayError<Position>, PlayError<SeegaPosition>>;

impl AnyPlayError {
    /// The rule that forbids the move, for an illegal move.
    #[must_use]
    pub fn rule(&self) -> Option<RuleId> {
        each_family!(self, error => error.rule())
    }

    /// Whether a move could not be read (rather than being illegal).
    #[must_use]
    pub const fn is_bad_move(&self) -> bool {
        each_family!(self, error => matches!(error, PlayError::BadMove { .. }))
    }

    /// When the move was refused as a move of the side not to move: that
    /// side (a sowing house of the other camp, a Seega step of a piece of
    /// the other side).
    #[must_use]
    pub fn wrong_side(&self) -> Option<Side> {
        match self {
            AnyPlayError::Sowing(PlayError::Illegal { error, .. }) => {
                (error.reason == crate::IllegalReason::WrongSide).then_some(error.house.side)
            }
            AnyPlayError::Seega(PlayError::Illegal { error, .. }) => match error.reason {
                crate::seega::SeegaIllegalReason::NoPieceToMove {
                    found: Some(side), ..
                } if side != error.to_move() => Some(side),
                _ => None,
            },
            _ => None,
        }
    }

    /// The moves played before the illegal one.
    #[must_use]
    pub fn played(&self) -> Option<AnyPlayReport> {
        each_family!(map self, error => error.played().cloned()).transpose_option()
    }

    /// Which move (from 0).
    #[must_use]
    pub const fn index(&self) -> usize {
        each_family!(self, PlayError::BadMove { index, .. } | PlayError::Illegal { index, .. } => *index)
    }

    /// The illegal move's name, canonically spelled.
    #[must_use]
    pub fn move_name(&self) -> Option<String> {
        let canonical = Conventions::default();
        each_family!(self, error => match error {
            PlayError::Illegal { played, report, .. } => Some(
                report
                    .final_position
                    .move_name(*played, canonical)
                    .to_string(),
            ),
            PlayError::BadMove { .. } => None,
        })
    }

    /// The position where the illegal move was asked.
    #[must_use]
    pub fn position(&self) -> Option<AnyPosition> {
        each_family!(self, error => error.played().map(|played| played.final_position.into()))
    }

    /// The moves legal where the illegal move was asked, named canonically.
    #[must_use]
    pub fn legal_names(&self) -> Vec<String> {
        let canonical = Conventions::default();
        each_family!(self, error => error.played().map_or_else(Vec::new, |played| {
            report::moves(&played.final_position).legal_names(canonical)
        }))
    }

    /// What went wrong, as a message of the catalogue.
    #[must_use]
    pub fn message(&self) -> Message {
        match self {
            AnyPlayError::Sowing(error) => error.message_with(ParseHouseError::message),
            AnyPlayError::Seega(error) => error.message_with(ParseMoveError::message),
        }
    }

    /// Why the rules refuse the move, in `lang`, without the move's number
    /// (what a lesson shows under the move); any other error's message.
    #[must_use]
    pub fn refusal(&self, lang: Lang) -> String {
        use crate::game::Refusal as _;
        each_family!(self, error => match error {
            PlayError::Illegal {
                error, conventions, ..
            } => error.message(conventions.in_lang(lang)),
            PlayError::BadMove { .. } => crate::i18n::Localize::localize(&self.message(), lang),
        })
    }
}

/// In English.
impl fmt::Display for AnyPlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for AnyPlayError {}

/// Plays moves (their names, written under `conventions`) on a position of
/// any ruleset ([`report::play_with`]).
///
/// # Errors
/// A move that cannot be read, or an illegal move (naming its rule).
pub fn play(
    position: AnyPosition,
    moves: &[impl AsRef<str>],
    conventions: Conventions,
) -> Result<AnyPlayReport, AnyPlayError> {
    each_family!(map position, position => report::play_with(position, moves, conventions))
        .transpose()
}

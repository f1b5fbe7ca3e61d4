//! Any position of any ruleset: the sowing games' [`Position`] or Seega's
//! [`SeegaPosition`], read from any form and played through one API.
//!
//! ```
//! use songo_notation::any::AnyPosition;
//! use songo_notation::Ruleset;
//! let songo: AnyPosition = "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5".parse().unwrap();
//! let seega: AnyPosition = "seega:...../...../...../...../.....:S:placement".parse().unwrap();
//! assert_eq!((songo.rules(), seega.rules()), (Ruleset::Songo, Ruleset::Seega));
//! assert_eq!(seega.to_string(), "seega:...../...../...../...../.....:S:placement:12-12:0-0");
//! ```

use std::fmt;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::conventions::{Conventions, LetterCase};
use crate::game::{GameOver, GamePosition, LegalMoves, Outcome, Refusal};
use crate::i18n::{Lang, Message};
use crate::msg;
use crate::record::{FromTags, SetupError, Tags};
use crate::render::sequence::{self, Staged};
use crate::render::svg::Layout;
use crate::render::{Drawing, MarkError, Marks, Shape};
use crate::report::{self, MovesReport, PlayError, PlayReport};
use crate::rule::{RuleId, RuleIds};
use crate::ruleset::{BoardGame, Ruleset};
use crate::seega::{
    ParseMoveError, SeegaIllegal, SeegaMove, SeegaMoveList, SeegaOutcome, SeegaPosition, Square,
};
use crate::side::Side;
use crate::sowing::position::{House, ParseHouseError, Position};
use crate::sowing::rules::{IllegalMove, MoveList, MoveOutcome};

/// A position of any ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AnyPosition {
    /// Songo, Awalé or oware.
    Sowing(Position),
    /// Seega.
    Seega(SeegaPosition),
}

impl AnyPosition {
    /// A move in its usual spelling, read at once from its bytes (a
    /// sowing game's `S2` or `e`); `None` for any other text, which
    /// [`GamePosition::parse_move`] reads the long way.
    #[inline(always)]
    pub(crate) fn parse_usual(&self, bytes: &[u8], conventions: Conventions) -> Option<AnyMove> {
        match self {
            AnyPosition::Sowing(position) => position
                .parse_usual(bytes, conventions)
                .map(AnyMove::Sowing),
            AnyPosition::Seega(_) => None,
        }
    }

    /// The ruleset.
    #[must_use]
    pub const fn rules(&self) -> Ruleset {
        match self {
            AnyPosition::Sowing(position) => position.rules(),
            AnyPosition::Seega(_) => Ruleset::Seega,
        }
    }

    /// The side to move.
    #[must_use]
    pub const fn to_move(&self) -> Side {
        match self {
            AnyPosition::Sowing(position) => position.to_move(),
            AnyPosition::Seega(position) => position.to_move(),
        }
    }

    /// How the game ended, if it has (by a rule the engine detects).
    #[must_use]
    pub fn game_over(&self) -> Option<GameOver> {
        match self {
            AnyPosition::Sowing(position) => position.game_over(),
            AnyPosition::Seega(position) => position.game_over(),
        }
    }

    /// The plain-text diagram (Seega's with coordinates and its state lines).
    #[must_use]
    pub fn diagram(&self) -> String {
        self.diagram_in(Lang::En)
    }

    /// [`AnyPosition::diagram`] with its words in `lang` (which the
    /// readers read back).
    #[must_use]
    pub fn diagram_in(&self, lang: Lang) -> String {
        match self {
            AnyPosition::Sowing(position) => crate::sowing::render::text::board(
                &crate::sowing::render::BoardView::new(*position).in_lang(lang),
            ),
            AnyPosition::Seega(position) => crate::seega::notation::diagram_in(position, lang),
        }
    }

    /// The same position, `side` to move (a diagram of the texts does not
    /// say who moves).
    ///
    /// ```
    /// use songo_notation::any::AnyPosition;
    /// use songo_notation::Side;
    /// let position: AnyPosition = "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5".parse().unwrap();
    /// assert_eq!(position.with_to_move(Side::North).unwrap().to_move(), Side::North);
    /// ```
    ///
    /// # Errors
    /// A Seega position where `side` cannot move: pieces to place but none
    /// in hand.
    pub fn with_to_move(&self, side: Side) -> Result<AnyPosition, Message> {
        match self {
            AnyPosition::Sowing(position) => Ok(AnyPosition::Sowing(position.with_to_move(side))),
            AnyPosition::Seega(position) => position
                .with_to_move(side)
                .map(AnyPosition::Seega)
                .map_err(|error| error.message()),
        }
    }

    /// The sowing position, if it is one.
    #[must_use]
    pub const fn as_sowing(&self) -> Option<&Position> {
        match self {
            AnyPosition::Sowing(position) => Some(position),
            AnyPosition::Seega(_) => None,
        }
    }

    /// The Seega position, if it is one.
    #[must_use]
    pub const fn as_seega(&self) -> Option<&SeegaPosition> {
        match self {
            AnyPosition::Seega(position) => Some(position),
            AnyPosition::Sowing(_) => None,
        }
    }
}

impl From<Position> for AnyPosition {
    fn from(position: Position) -> AnyPosition {
        AnyPosition::Sowing(position)
    }
}

impl From<SeegaPosition> for AnyPosition {
    fn from(position: SeegaPosition) -> AnyPosition {
        AnyPosition::Seega(position)
    }
}

/// The canonical compact notation of the ruleset.
impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyPosition::Sowing(position) => position.fmt(f),
            AnyPosition::Seega(position) => position.fmt(f),
        }
    }
}

/// The JSON shape of the ruleset (see `docs/notation.md`).
impl Serialize for AnyPosition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            AnyPosition::Sowing(position) => position.serialize(serializer),
            AnyPosition::Seega(position) => position.serialize(serializer),
        }
    }
}

/// Either shape, told apart by `rules` (or, without it, by `board`).
///
/// ```
/// use songo_notation::any::AnyPosition;
/// let any: AnyPosition = serde_json::from_str(r#"{"rules":"seega","board":["NN.NN","NNNNN","SN.SS","SSSSS","SSSNS"]}"#).unwrap();
/// assert!(any.as_seega().is_some());
/// ```
impl<'de> Deserialize<'de> for AnyPosition {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        if crate::input::is_seega_value(&value) {
            SeegaPosition::deserialize(value)
                .map(AnyPosition::Seega)
                .map_err(D::Error::custom)
        } else {
            Position::deserialize(value)
                .map(AnyPosition::Sowing)
                .map_err(D::Error::custom)
        }
    }
}

/// What `songo play` reports, for either kind of game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum AnyPlayReport {
    /// A sowing game's report.
    Sowing(PlayReport<Position>),
    /// A Seega report.
    Seega(PlayReport<SeegaPosition>),
}

impl AnyPlayReport {
    /// The position after the last move played.
    #[must_use]
    pub fn into_final_position(self) -> AnyPosition {
        match self {
            AnyPlayReport::Sowing(report) => report.final_position.into(),
            AnyPlayReport::Seega(report) => report.final_position.into(),
        }
    }

    /// Whether no move was played.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        match self {
            AnyPlayReport::Sowing(report) => report.steps.is_empty(),
            AnyPlayReport::Seega(report) => report.steps.is_empty(),
        }
    }

    /// Every move's boards in a form for people, Awalé houses in the
    /// letters of `conventions`, words in its language (a [`LetterCase`]
    /// alone is English).
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

/// Why `play` stopped, for either kind of game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyPlayError {
    /// In a sowing game.
    Sowing(PlayError<Position>),
    /// In Seega.
    Seega(PlayError<SeegaPosition>),
}

impl AnyPlayError {
    /// The rule that forbids the move, for an illegal move.
    #[must_use]
    pub fn rule(&self) -> Option<RuleId> {
        match self {
            AnyPlayError::Sowing(error) => error.rule(),
            AnyPlayError::Seega(error) => error.rule(),
        }
    }

    /// Whether a move could not be read (rather than being illegal).
    #[must_use]
    pub const fn is_bad_move(&self) -> bool {
        matches!(
            self,
            AnyPlayError::Sowing(PlayError::BadMove { .. })
                | AnyPlayError::Seega(PlayError::BadMove { .. })
        )
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
        match self {
            AnyPlayError::Sowing(error) => error.played().cloned().map(AnyPlayReport::Sowing),
            AnyPlayError::Seega(error) => error.played().cloned().map(AnyPlayReport::Seega),
        }
    }

    /// Which move (from 0).
    #[must_use]
    pub const fn index(&self) -> usize {
        match self {
            AnyPlayError::Sowing(
                PlayError::BadMove { index, .. } | PlayError::Illegal { index, .. },
            )
            | AnyPlayError::Seega(
                PlayError::BadMove { index, .. } | PlayError::Illegal { index, .. },
            ) => *index,
        }
    }

    /// The illegal move's name, canonically spelled.
    #[must_use]
    pub fn move_name(&self) -> Option<String> {
        let canonical = Conventions::default();
        match self {
            AnyPlayError::Sowing(PlayError::Illegal { played, report, .. }) => Some(
                report
                    .final_position
                    .move_name(*played, canonical)
                    .to_string(),
            ),
            AnyPlayError::Seega(PlayError::Illegal { played, report, .. }) => Some(
                report
                    .final_position
                    .move_name(*played, canonical)
                    .to_string(),
            ),
            _ => None,
        }
    }

    /// The position where the illegal move was asked.
    #[must_use]
    pub fn position(&self) -> Option<AnyPosition> {
        match self {
            AnyPlayError::Sowing(error) => error
                .played()
                .map(|played| AnyPosition::Sowing(played.final_position)),
            AnyPlayError::Seega(error) => error
                .played()
                .map(|played| AnyPosition::Seega(played.final_position)),
        }
    }

    /// The moves legal where the illegal move was asked, named canonically.
    #[must_use]
    pub fn legal_names(&self) -> Vec<String> {
        let canonical = Conventions::default();
        match self {
            AnyPlayError::Sowing(error) => error.played().map_or_else(Vec::new, |played| {
                report::moves(&played.final_position).legal_names(canonical)
            }),
            AnyPlayError::Seega(error) => error.played().map_or_else(Vec::new, |played| {
                report::moves(&played.final_position).legal_names(canonical)
            }),
        }
    }
}

impl AnyPlayError {
    /// What went wrong, as a message of the catalogue.
    #[must_use]
    pub fn message(&self) -> Message {
        match self {
            AnyPlayError::Sowing(error) => error.message_with(ParseHouseError::message),
            AnyPlayError::Seega(error) => error.message_with(ParseMoveError::message),
        }
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
    match position {
        AnyPosition::Sowing(position) => report::play_with(position, moves, conventions)
            .map(AnyPlayReport::Sowing)
            .map_err(AnyPlayError::Sowing),
        AnyPosition::Seega(position) => report::play_with(position, moves, conventions)
            .map(AnyPlayReport::Seega)
            .map_err(AnyPlayError::Seega),
    }
}

/// What `songo moves` reports, for either kind of game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum AnyMovesReport {
    /// A sowing game's report.
    Sowing(MovesReport<Position>),
    /// A Seega report.
    Seega(MovesReport<SeegaPosition>),
}

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
}

/// An [`AnyMovesReport`] whose messages serialize in a language.
#[derive(Debug, Clone, Copy)]
pub struct AnyMovesInLang<'a>(&'a AnyMovesReport, Lang);

impl Serialize for AnyMovesInLang<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            AnyMovesReport::Sowing(report) => report.in_lang(self.1).serialize(serializer),
            AnyMovesReport::Seega(report) => report.in_lang(self.1).serialize(serializer),
        }
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
    match position {
        AnyPosition::Sowing(position) => AnyMovesReport::Sowing(report::moves(position)),
        AnyPosition::Seega(position) => AnyMovesReport::Seega(report::moves(position)),
    }
}

/// What the teaching vocabulary says of a position of any game: the
/// `ExplainReport` of `songo explain` (see `docs/teaching.md`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum AnyExplainReport {
    /// A sowing game's: threats, double threats, defences, greniers, bidoua.
    Sowing(crate::teach::ExplainReport),
    /// Seega's: threatened pieces, mobility.
    Seega(crate::teach::SeegaExplainReport),
}

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
        AnyPosition::Sowing(position) => AnyExplainReport::Sowing(crate::teach::explain(position)),
        AnyPosition::Seega(position) => {
            AnyExplainReport::Seega(crate::teach::explain_seega(position))
        }
    }
}

impl AnyExplainReport {
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
    pub fn retain_terms(&mut self, ids: &[crate::teach::TeachId]) {
        use crate::teach::TeachId;
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
        use crate::render::svg::{Figure, FigureRow, figure};
        use crate::teach::{picture, words};
        let wording = words::Wording {
            lang: options.lang,
            letters: options.letters,
        };
        fn one<B: crate::render::svg::SvgBoard>(board: B, lang: Lang) -> String {
            figure(&Figure {
                rows: vec![FigureRow {
                    heading: None,
                    boards: vec![board],
                }],
                lang,
                ..Figure::default()
            })
        }
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
                one(board, options.lang)
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
                one(board, options.lang)
            }
        })
    }
}

/// Something a teacher would point out at one ply, in any game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum AnyAnnotation {
    /// In a sowing game.
    Sowing(crate::teach::Annotation),
    /// In Seega.
    Seega(crate::teach::SeegaAnnotation),
}

impl AnyAnnotation {
    /// The ply, counted from 1.
    #[must_use]
    pub const fn ply(&self) -> usize {
        match self {
            AnyAnnotation::Sowing(annotation) => annotation.ply,
            AnyAnnotation::Seega(annotation) => annotation.ply,
        }
    }

    /// The term it illustrates.
    #[must_use]
    pub fn id(&self) -> crate::teach::TeachId {
        match self {
            AnyAnnotation::Sowing(annotation) => annotation.id,
            AnyAnnotation::Seega(annotation) => annotation.id,
        }
    }

    /// The annotation as a sentence in the language of `wording`, Awalé
    /// houses in its letters.
    #[must_use]
    pub fn sentence(&self, wording: crate::teach::words::Wording) -> String {
        match self {
            AnyAnnotation::Sowing(annotation) => {
                crate::teach::words::annotation_sentence(annotation, wording)
            }
            AnyAnnotation::Seega(annotation) => {
                crate::i18n::Localize::localize(annotation, wording.lang)
            }
        }
    }
}

/// The annotation as a sentence.
impl crate::i18n::Localize for AnyAnnotation {
    fn localize(&self, lang: Lang) -> String {
        match self {
            AnyAnnotation::Sowing(annotation) => annotation.localize(lang),
            AnyAnnotation::Seega(annotation) => annotation.localize(lang),
        }
    }
}

/// The plies of a played line a teacher would point at (`teach::annotate`,
/// `teach::annotate_seega`), the line given as the steps of a play report.
///
/// ```
/// use songo_notation::any::{self, AnyPosition};
/// use songo_notation::report;
/// let start: AnyPosition = "songo:0,0,2,0,6,0,0/1,4,0,3,1,5,1".parse().unwrap();
/// let played = report::play(start, &["S1", "N4"]).unwrap();
/// let notes = any::annotate(&played.steps);
/// assert_eq!(notes[0].id().as_str(), "teach.threat");
/// ```
#[must_use]
pub fn annotate(steps: &[crate::report::PlayStep<AnyPosition>]) -> Vec<AnyAnnotation> {
    use crate::report::PlayStep;
    use crate::teach::PlayedMove;
    let sowing: Option<Vec<PlayedMove>> = steps
        .iter()
        .map(|step| match (&step.before, step.outcome, &step.after) {
            (
                AnyPosition::Sowing(before),
                AnyOutcome::Sowing(outcome),
                AnyPosition::Sowing(after),
            ) => Some(PlayedMove {
                before: *before,
                outcome,
                after: *after,
            }),
            _ => None,
        })
        .collect();
    if let Some(plies) = sowing {
        return crate::teach::annotate(&plies)
            .into_iter()
            .map(AnyAnnotation::Sowing)
            .collect();
    }
    let seega: Option<Vec<PlayStep<SeegaPosition>>> = steps
        .iter()
        .map(
            |step| match (&step.before, step.outcome, &step.after, step.played) {
                (
                    AnyPosition::Seega(before),
                    AnyOutcome::Seega(outcome),
                    AnyPosition::Seega(after),
                    AnyMove::Seega(played),
                ) => Some(PlayStep {
                    played,
                    before: *before,
                    outcome,
                    after: *after,
                }),
                _ => None,
            },
        )
        .collect();
    seega.map_or_else(Vec::new, |plies| {
        crate::teach::annotate_seega(&plies)
            .into_iter()
            .map(AnyAnnotation::Seega)
            .collect()
    })
}

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

/// What each legal move of a position does, for either kind of game: the
/// "threats view" of `songo moves` (`teach::move_effects`,
/// `teach::seega_move_effects`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum AnyMoveEffects {
    /// A sowing game's moves.
    Sowing(Vec<crate::teach::MoveEffect>),
    /// Seega's steps.
    Seega(Vec<crate::teach::SeegaMoveEffect>),
}

impl AnyMoveEffects {
    /// Whether no move is described.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        match self {
            AnyMoveEffects::Sowing(effects) => effects.is_empty(),
            AnyMoveEffects::Seega(effects) => effects.is_empty(),
        }
    }

    /// The moves of `mover`, one sentence each, as text.
    #[must_use]
    pub fn text(&self, mover: Side, wording: crate::teach::words::Wording) -> String {
        use crate::teach::words;
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
        AnyPosition::Sowing(position) => {
            AnyMoveEffects::Sowing(crate::teach::move_effects(position))
        }
        AnyPosition::Seega(position) => {
            AnyMoveEffects::Seega(crate::teach::seega_move_effects(position))
        }
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
            let mover = match &self.report {
                AnyMovesReport::Sowing(report) => report.to_move(),
                AnyMovesReport::Seega(report) => report.to_move(),
            };
            let wording = crate::teach::words::Wording {
                lang,
                letters: conventions.letters,
            };
            out.push('\n');
            out.push_str(&self.effects.text(mover, wording));
        }
        out
    }
}

/// A board with the marks a person asked for, read and checked: ready to
/// draw in any form.
#[derive(Debug, Clone)]
pub struct MarkedBoard(Marked);

#[derive(Debug, Clone)]
enum Marked {
    Sowing(crate::sowing::render::BoardView),
    Seega(crate::seega::render::SeegaView),
}

impl MarkedBoard {
    /// The board in `form`.
    #[must_use]
    pub fn draw(&self, form: Drawing) -> String {
        match &self.0 {
            Marked::Sowing(view) => view.draw(form),
            Marked::Seega(marked) => marked.draw(form),
        }
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
            AnyPosition::Sowing(position) => Marked::Sowing(
                crate::sowing::render::marked(position, marks, letters)?.in_lang(lang),
            ),
            AnyPosition::Seega(position) => {
                let mut view = crate::seega::render::SeegaView::marked(position, marks)?;
                view.lang = lang;
                Marked::Seega(view)
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

    /// Whether the position's game has an OGN FEN form (the sowing games:
    /// [`AnyPosition::to_ogn_fen`] then writes awale and oware-abapa
    /// positions).
    #[must_use]
    pub const fn has_fen_form(&self) -> bool {
        matches!(self, AnyPosition::Sowing(_))
    }

    /// The position as an OGN FEN, when the ruleset has one (awale,
    /// oware-abapa).
    #[must_use]
    pub fn to_ogn_fen(&self) -> Option<String> {
        match self {
            AnyPosition::Sowing(position) if position.rules().houses_per_side() == 6 => {
                Some(crate::sowing::notation::compact::to_ogn_fen(position))
            }
            _ => None,
        }
    }
}

/// A move of any game: what [`AnyPosition`] plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyMove {
    /// A house of a sowing game.
    Sowing(House),
    /// A Seega move.
    Seega(SeegaMove),
}

impl From<House> for AnyMove {
    fn from(house: House) -> AnyMove {
        AnyMove::Sowing(house)
    }
}

impl From<SeegaMove> for AnyMove {
    fn from(played: SeegaMove) -> AnyMove {
        AnyMove::Seega(played)
    }
}

impl AnyMove {
    /// The move without its game's conventions: a house as its side and
    /// index (`S3`, also in Awalé), a Seega move canonically. Name a move
    /// through [`GamePosition::move_name`] to spell it in its ruleset.
    fn plain(self) -> String {
        match self {
            AnyMove::Sowing(house) => format!("{}{}", house.side.letter(), house.index),
            AnyMove::Seega(played) => played.to_string(),
        }
    }
}

/// The legal moves of a position of any game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnyMoveList {
    /// Of a sowing game.
    Sowing(MoveList),
    /// Of Seega.
    Seega(SeegaMoveList),
}

impl LegalMoves<AnyMove> for AnyMoveList {
    fn len(&self) -> usize {
        match self {
            AnyMoveList::Sowing(list) => list.len(),
            AnyMoveList::Seega(list) => list.len(),
        }
    }

    fn contains(&self, candidate: AnyMove) -> bool {
        match (self, candidate) {
            (AnyMoveList::Sowing(list), AnyMove::Sowing(house)) => list.contains(house),
            (AnyMoveList::Seega(list), AnyMove::Seega(played)) => list.contains(played),
            _ => false,
        }
    }

    fn get(&self, index: usize) -> Option<AnyMove> {
        match self {
            AnyMoveList::Sowing(list) => LegalMoves::get(list, index).map(AnyMove::Sowing),
            AnyMoveList::Seega(list) => list.get(index).map(AnyMove::Seega),
        }
    }

    fn iter(&self) -> impl Iterator<Item = AnyMove> + '_ {
        let (sowing, seega) = match self {
            AnyMoveList::Sowing(list) => (Some(list.iter().map(AnyMove::Sowing)), None),
            AnyMoveList::Seega(list) => (None, Some(list.iter().map(AnyMove::Seega))),
        };
        sowing
            .into_iter()
            .flatten()
            .chain(seega.into_iter().flatten())
    }
}

/// What a move did, in any game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnyOutcome {
    /// In a sowing game.
    Sowing(MoveOutcome),
    /// In Seega.
    Seega(SeegaOutcome),
}

impl Outcome for AnyOutcome {
    fn captured(&self) -> u32 {
        match self {
            AnyOutcome::Sowing(outcome) => outcome.captured(),
            AnyOutcome::Seega(outcome) => outcome.captured(),
        }
    }

    fn applied(&self) -> RuleIds {
        match self {
            AnyOutcome::Sowing(outcome) => outcome.applied(),
            AnyOutcome::Seega(outcome) => outcome.applied(),
        }
    }
}

/// Why a move of any game is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnyIllegal {
    /// In a sowing game.
    Sowing(IllegalMove),
    /// In Seega.
    Seega(SeegaIllegal),
    /// The move is another game's (a Seega move on a sowing board, or the
    /// reverse): no move of this game (`syntax`).
    OtherGame {
        /// The move.
        played: AnyMove,
        /// The ruleset of the position.
        rules: Ruleset,
    },
}

/// A move's name in either family (or a text).
enum AnyDescribed<A, B> {
    Sowing(A),
    Seega(B),
    Text(String),
}

impl<A: fmt::Display, B: fmt::Display> fmt::Display for AnyDescribed<A, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyDescribed::Sowing(text) => text.fmt(f),
            AnyDescribed::Seega(text) => text.fmt(f),
            AnyDescribed::Text(text) => text.fmt(f),
        }
    }
}

impl Refusal for AnyIllegal {
    fn rule(&self) -> RuleId {
        match self {
            AnyIllegal::Sowing(illegal) => illegal.rule(),
            AnyIllegal::Seega(illegal) => illegal.rule(),
            AnyIllegal::OtherGame { .. } => RuleId::Syntax,
        }
    }

    fn game_over(&self) -> Option<GameOver> {
        match self {
            AnyIllegal::Sowing(illegal) => Refusal::game_over(illegal),
            AnyIllegal::Seega(illegal) => Refusal::game_over(illegal),
            AnyIllegal::OtherGame { .. } => None,
        }
    }

    fn explanation_message(&self, conventions: Conventions) -> Message {
        match self {
            AnyIllegal::Sowing(illegal) => illegal.explanation_message(conventions),
            AnyIllegal::Seega(illegal) => illegal.explanation_message(conventions),
            AnyIllegal::OtherGame { played, rules } => msg!(
                "illegal-other-game",
                move = played.plain(),
                rules = rules.id()
            ),
        }
    }

    fn with_legal_moves(&self, text: Message, conventions: Conventions) -> Message {
        match self {
            AnyIllegal::Sowing(illegal) => illegal.with_legal_moves(text, conventions),
            AnyIllegal::Seega(illegal) => illegal.with_legal_moves(text, conventions),
            AnyIllegal::OtherGame { .. } => text,
        }
    }
}

impl fmt::Display for AnyIllegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyIllegal::Sowing(illegal) => illegal.fmt(f),
            AnyIllegal::Seega(illegal) => illegal.fmt(f),
            AnyIllegal::OtherGame { .. } => self.full_message(Conventions::default()).fmt(f),
        }
    }
}

impl std::error::Error for AnyIllegal {}

/// Why a text is not a move of the position's game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyMoveError {
    /// Not a house of the sowing game.
    Sowing(ParseHouseError),
    /// Not a Seega move.
    Seega(ParseMoveError),
}

impl AnyMoveError {
    /// What is wrong, as a message of the catalogue.
    #[must_use]
    pub fn message(&self) -> Message {
        match self {
            AnyMoveError::Sowing(error) => error.message(),
            AnyMoveError::Seega(error) => error.message(),
        }
    }
}

/// In English.
impl fmt::Display for AnyMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for AnyMoveError {}

/// The one dispatch over the game families: every method plays the
/// position's own family, and a move of another family is refused.
impl GamePosition for AnyPosition {
    type Move = AnyMove;
    type MoveList = AnyMoveList;
    type Outcome = AnyOutcome;
    type Illegal = AnyIllegal;
    type MoveError = AnyMoveError;

    fn start_of(rules: Ruleset, first: Side) -> AnyPosition {
        match rules.board_game() {
            BoardGame::Seega => AnyPosition::Seega(SeegaPosition::start_of(rules, first)),
            BoardGame::Songo | BoardGame::Awale => {
                AnyPosition::Sowing(Position::start_of(rules, first))
            }
        }
    }

    fn rules(&self) -> Ruleset {
        AnyPosition::rules(self)
    }

    fn to_move(&self) -> Side {
        AnyPosition::to_move(self)
    }

    #[inline]
    fn parse_move(&self, text: &str, conventions: Conventions) -> Result<AnyMove, AnyMoveError> {
        match self {
            AnyPosition::Sowing(position) => position
                .parse_move(text, conventions)
                .map(AnyMove::Sowing)
                .map_err(AnyMoveError::Sowing),
            AnyPosition::Seega(position) => GamePosition::parse_move(position, text, conventions)
                .map(AnyMove::Seega)
                .map_err(AnyMoveError::Seega),
        }
    }

    fn move_name(&self, played: AnyMove, conventions: Conventions) -> impl fmt::Display + '_ {
        match (self, played) {
            (AnyPosition::Sowing(position), AnyMove::Sowing(house)) => {
                AnyDescribed::Sowing(position.move_name(house, conventions))
            }
            (_, AnyMove::Seega(played)) => AnyDescribed::Seega(played),
            (AnyPosition::Seega(_), played) => AnyDescribed::Text(played.plain()),
        }
    }

    #[inline]
    fn turn(&self) -> Result<AnyMoveList, GameOver> {
        match self {
            AnyPosition::Sowing(position) => position.turn().map(AnyMoveList::Sowing),
            AnyPosition::Seega(position) => position.turn().map(AnyMoveList::Seega),
        }
    }

    fn legal_moves(&self) -> AnyMoveList {
        match self {
            AnyPosition::Sowing(position) => AnyMoveList::Sowing(position.legal_moves()),
            AnyPosition::Seega(position) => AnyMoveList::Seega(position.legal_moves()),
        }
    }

    fn game_over(&self) -> Option<GameOver> {
        AnyPosition::game_over(self)
    }

    fn illegal_moves(&self) -> impl Iterator<Item = (AnyMove, RuleId)> + use<> {
        let (sowing, seega) = match self {
            AnyPosition::Sowing(position) => (Some(position.illegal_moves()), None),
            AnyPosition::Seega(position) => (None, Some(position.illegal_moves())),
        };
        let sowing = sowing
            .into_iter()
            .flatten()
            .map(|(house, rule)| (AnyMove::Sowing(house), rule));
        let seega = seega
            .into_iter()
            .flatten()
            .map(|(played, rule)| (AnyMove::Seega(played), rule));
        sowing.chain(seega)
    }

    fn refusal_by(&self, played: AnyMove, rule: RuleId) -> Option<AnyIllegal> {
        match (self, played) {
            (AnyPosition::Sowing(position), AnyMove::Sowing(house)) => {
                position.refusal_by(house, rule).map(AnyIllegal::Sowing)
            }
            (AnyPosition::Seega(position), AnyMove::Seega(played)) => {
                position.refusal_by(played, rule).map(AnyIllegal::Seega)
            }
            _ => None,
        }
    }

    fn check(&self, played: AnyMove) -> Result<(), AnyIllegal> {
        match (self, played) {
            (AnyPosition::Sowing(position), AnyMove::Sowing(house)) => {
                GamePosition::check(position, house).map_err(AnyIllegal::Sowing)
            }
            (AnyPosition::Seega(position), AnyMove::Seega(played)) => {
                position.check(played).map_err(AnyIllegal::Seega)
            }
            _ => Err(self.other_game(played)),
        }
    }

    fn play(&mut self, played: AnyMove) -> Result<AnyOutcome, AnyIllegal> {
        match (&mut *self, played) {
            (AnyPosition::Sowing(position), AnyMove::Sowing(house)) => position
                .play(house)
                .map(AnyOutcome::Sowing)
                .map_err(AnyIllegal::Sowing),
            (AnyPosition::Seega(position), AnyMove::Seega(played)) => position
                .play(played)
                .map(AnyOutcome::Seega)
                .map_err(AnyIllegal::Seega),
            _ => Err(self.other_game(played)),
        }
    }

    // Always: the validator's replay calls it on every move (see
    // `Game::play_captured`).
    #[inline(always)]
    fn play_captured(&mut self, played: AnyMove) -> Result<u32, AnyIllegal> {
        match (&mut *self, played) {
            (AnyPosition::Sowing(position), AnyMove::Sowing(house)) => {
                position.play_captured(house).map_err(AnyIllegal::Sowing)
            }
            (AnyPosition::Seega(position), AnyMove::Seega(played)) => {
                GamePosition::play_captured(position, played).map_err(AnyIllegal::Seega)
            }
            _ => Err(self.other_game(played)),
        }
    }

    fn play_anyway(&mut self, played: AnyMove) -> Result<AnyOutcome, AnyIllegal> {
        match (&mut *self, played) {
            (AnyPosition::Sowing(position), AnyMove::Sowing(house)) => position
                .play_anyway(house)
                .map(AnyOutcome::Sowing)
                .map_err(AnyIllegal::Sowing),
            (AnyPosition::Seega(position), AnyMove::Seega(played)) => position
                .play_anyway(played)
                .map(AnyOutcome::Seega)
                .map_err(AnyIllegal::Seega),
            _ => Err(self.other_game(played)),
        }
    }

    fn refused_after_end(&self, played: AnyMove, over: GameOver) -> AnyIllegal {
        match (self, played) {
            (AnyPosition::Sowing(position), AnyMove::Sowing(house)) => {
                AnyIllegal::Sowing(position.refused_after_end(house, over))
            }
            (AnyPosition::Seega(position), AnyMove::Seega(played)) => {
                AnyIllegal::Seega(position.refused_after_end(played, over))
            }
            _ => self.other_game(played),
        }
    }

    fn declared_end(&self, rule: RuleId) -> Result<GameOver, Message> {
        match self {
            AnyPosition::Sowing(position) => GamePosition::declared_end(position, rule),
            AnyPosition::Seega(position) => GamePosition::declared_end(position, rule),
        }
    }

    fn agreed_end(&self) -> Option<GameOver> {
        match self {
            AnyPosition::Sowing(position) => position.agreed_end(),
            AnyPosition::Seega(position) => position.agreed_end(),
        }
    }

    fn termination_rule(&self, word: &str) -> Option<RuleId> {
        match self {
            AnyPosition::Sowing(position) => position.termination_rule(word),
            AnyPosition::Seega(position) => position.termination_rule(word),
        }
    }

    #[inline]
    fn ends_on_repetition(&self) -> bool {
        match self {
            AnyPosition::Sowing(position) => position.ends_on_repetition(),
            AnyPosition::Seega(position) => position.ends_on_repetition(),
        }
    }

    fn repetition_end(&self) -> Option<GameOver> {
        match self {
            AnyPosition::Sowing(position) => position.repetition_end(),
            AnyPosition::Seega(position) => position.repetition_end(),
        }
    }
}

impl AnyPosition {
    /// The refusal of a move of another game.
    fn other_game(&self, played: AnyMove) -> AnyIllegal {
        AnyIllegal::OtherGame {
            played,
            rules: self.rules(),
        }
    }
}

/// A record's game of any ruleset: the family's own reading of the tags.
impl FromTags for AnyPosition {
    fn from_tags(rules: Ruleset, tags: &Tags) -> Result<(AnyPosition, Conventions), SetupError> {
        match rules.board_game() {
            BoardGame::Seega => SeegaPosition::from_tags(rules, tags)
                .map(|(position, conventions)| (AnyPosition::Seega(position), conventions)),
            BoardGame::Songo | BoardGame::Awale => Position::from_tags(rules, tags)
                .map(|(position, conventions)| (AnyPosition::Sowing(position), conventions)),
        }
    }
}

/// What a lesson (and any reader of a played line) asks of a report, a
/// move or an outcome, whatever the game.
impl AnyPlayReport {
    /// The position after the last move.
    #[must_use]
    pub fn final_position(&self) -> AnyPosition {
        match self {
            AnyPlayReport::Sowing(report) => AnyPosition::Sowing(report.final_position),
            AnyPlayReport::Seega(report) => AnyPosition::Seega(report.final_position),
        }
    }

    /// Every move played, as a step of a game of any family.
    #[must_use]
    pub fn steps(&self) -> Vec<crate::report::PlayStep<AnyPosition>> {
        fn any<P>(report: &PlayReport<P>) -> Vec<crate::report::PlayStep<AnyPosition>>
        where
            P: GamePosition + Into<AnyPosition>,
            P::Move: Into<AnyMove>,
            P::Outcome: Into<AnyOutcome>,
        {
            report
                .steps
                .iter()
                .map(|step| crate::report::PlayStep {
                    played: step.played.into(),
                    before: step.before.clone().into(),
                    outcome: step.outcome.clone().into(),
                    after: step.after.clone().into(),
                })
                .collect()
        }
        match self {
            AnyPlayReport::Sowing(report) => any(report),
            AnyPlayReport::Seega(report) => any(report),
        }
    }
}

impl From<MoveOutcome> for AnyOutcome {
    fn from(outcome: MoveOutcome) -> AnyOutcome {
        AnyOutcome::Sowing(outcome)
    }
}

impl From<SeegaOutcome> for AnyOutcome {
    fn from(outcome: SeegaOutcome) -> AnyOutcome {
        AnyOutcome::Seega(outcome)
    }
}

impl AnyOutcome {
    /// The houses a sowing move captured from (none in Seega, whose
    /// captures are squares the teaching words name themselves).
    #[must_use]
    pub fn captured_houses(&self) -> Vec<House> {
        match self {
            AnyOutcome::Sowing(outcome) => outcome.captured_houses.iter().collect(),
            AnyOutcome::Seega(_) => Vec::new(),
        }
    }
}

impl AnyMove {
    /// The side a move belongs to when the move itself says (a sowing
    /// house is in one camp); `None` when only the position says (Seega).
    #[must_use]
    pub const fn owner(&self) -> Option<Side> {
        match self {
            AnyMove::Sowing(house) => Some(house.side),
            AnyMove::Seega(_) => None,
        }
    }
}

impl AnyPlayError {
    /// Why the rules refuse the move, in `lang`, without the move's number
    /// (what a lesson shows under the move); any other error's message.
    #[must_use]
    pub fn refusal(&self, lang: Lang) -> String {
        use crate::game::Refusal as _;
        match self {
            AnyPlayError::Sowing(PlayError::Illegal {
                error, conventions, ..
            }) => error.message(conventions.in_lang(lang)),
            AnyPlayError::Seega(PlayError::Illegal {
                error, conventions, ..
            }) => error.message(conventions.in_lang(lang)),
            other => crate::i18n::Localize::localize(&other.message(), lang),
        }
    }
}

impl AnyIllegal {
    /// Whether the move was refused as a house of the side not to move
    /// (sowing games; a Seega refusal names no camp this way).
    #[must_use]
    pub fn is_wrong_side(&self) -> bool {
        matches!(self, AnyIllegal::Sowing(illegal) if illegal.reason == crate::IllegalReason::WrongSide)
    }
}

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

/// How each family draws its boards on a handout: a sowing board is one
/// board with its legend; a Seega board is drawn as `play` and `explain`
/// draw it.
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
                let view = crate::sowing::render::BoardView::new(*position)
                    .letters(letters)
                    .in_lang(lang)
                    .with_captured(captured.iter().copied());
                crate::sowing::render::svg::board(&view)
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
    /// The position explained.
    #[must_use]
    pub fn position(&self) -> AnyPosition {
        match self {
            AnyExplainReport::Sowing(report) => AnyPosition::Sowing(report.position),
            AnyExplainReport::Seega(report) => AnyPosition::Seega(report.position),
        }
    }

    /// The board explained, the terms drawn on it, for a handout.
    #[must_use]
    pub fn handout_board(&self, letters: LetterCase, lang: Lang) -> Option<HandoutBoard> {
        let svg = match self {
            AnyExplainReport::Sowing(report) => {
                let view = crate::sowing::render::BoardView::new(report.position)
                    .letters(letters)
                    .in_lang(lang)
                    .with_shapes(crate::teach::picture::sowing_shapes(report));
                crate::sowing::render::svg::board(&view)
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
        use crate::sowing::render::{BoardView, svg};
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

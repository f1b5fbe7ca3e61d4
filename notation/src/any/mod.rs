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
//!
//! Every `Any*` value is one [`ByFamily`]: a sowing game's value or
//! Seega's (`AnyPosition` is `ByFamily<Position, SeegaPosition>`), and
//! the macro `each_family!` writes the code that is the same for both
//! once. This file holds that dispatch and the positions, moves and
//! refusals; the features over it are modules of their own: playing a
//! line (`play`), the moves report and its view (`moves`), pictures
//! (`picture`), the teaching vocabulary's `explain` and `annotate`, and
//! the boards of a lesson's handout (`handout`).

use std::fmt;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

use crate::conventions::Conventions;
use crate::game::{GameOver, GamePosition, LegalMoves, Outcome, Refusal};
use crate::i18n::{Lang, Message};
use crate::msg;
use crate::record::{FromTags, SetupError, Tags};
use crate::rule::{RuleId, RuleIds};
use crate::ruleset::{BoardGame, Ruleset};
use crate::seega::{
    ParseMoveError, SeegaIllegal, SeegaMove, SeegaMoveList, SeegaOutcome, SeegaPosition,
};
use crate::side::Side;
use crate::sowing::position::{House, ParseHouseError, Position};
use crate::sowing::rules::{IllegalMove, MoveList, MoveOutcome};

/// The same code run on the value of whichever family `$value` holds:
/// `each_family!(position, p => p.to_move())`; with `map`, each family's
/// result is put back in its family: `each_family!(map position, p =>
/// report::moves(p))`. The code is written once and compiled for each
/// family's type.
macro_rules! each_family {
    (map $value:expr, $bind:pat => $body:expr) => {
        match $value {
            $crate::any::ByFamily::Sowing($bind) => $crate::any::ByFamily::Sowing($body),
            $crate::any::ByFamily::Seega($bind) => $crate::any::ByFamily::Seega($body),
        }
    };
    ($value:expr, $bind:pat => $body:expr) => {
        match $value {
            $crate::any::ByFamily::Sowing($bind) => $body,
            $crate::any::ByFamily::Seega($bind) => $body,
        }
    };
}

mod annotate;
mod explain;
mod handout;
mod moves;
mod picture;
mod play;

pub use annotate::{AnyAnnotation, annotate};
pub use explain::{AnyExplainReport, explain};
pub use handout::{HandoutBoard, MoveStage};
pub use moves::{
    AnyMoveEffects, AnyMovesInLang, AnyMovesReport, MovesView, MovesViewInLang, moves, moves_view,
};
pub use picture::{MarkedBoard, Picture};
pub use play::{AnyPlayError, AnyPlayReport, play};

/// A value of one family of games or the other: a sowing game's (Songo,
/// Awalé, oware) or Seega's. Serialized as the value it holds. (Moves,
/// move lists and outcomes are `Copy`; a position is cloned, as it was
/// before it was a `ByFamily`.)
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum ByFamily<S, G> {
    /// A sowing game's.
    Sowing(S),
    /// Seega's.
    Seega(G),
}

impl<S, G> ByFamily<S, G> {
    /// The value borrowed, in its family.
    #[inline]
    pub const fn as_ref(&self) -> ByFamily<&S, &G> {
        match self {
            ByFamily::Sowing(value) => ByFamily::Sowing(value),
            ByFamily::Seega(value) => ByFamily::Seega(value),
        }
    }

    /// The value borrowed to change, in its family.
    #[inline]
    pub fn as_mut(&mut self) -> ByFamily<&mut S, &mut G> {
        match self {
            ByFamily::Sowing(value) => ByFamily::Sowing(value),
            ByFamily::Seega(value) => ByFamily::Seega(value),
        }
    }

    /// The two values side by side when they are of the same family
    /// (a position and its move); `None` across families.
    #[inline]
    pub fn paired_with<T, U>(self, other: ByFamily<T, U>) -> Option<ByFamily<(S, T), (G, U)>> {
        match (self, other) {
            (ByFamily::Sowing(one), ByFamily::Sowing(two)) => Some(ByFamily::Sowing((one, two))),
            (ByFamily::Seega(one), ByFamily::Seega(two)) => Some(ByFamily::Seega((one, two))),
            _ => None,
        }
    }
}

impl<S, G, E, F> ByFamily<Result<S, E>, Result<G, F>> {
    /// Either family's result as one result, each side in its family.
    ///
    /// # Errors
    /// The error of the family's result.
    #[inline]
    pub fn transpose(self) -> Result<ByFamily<S, G>, ByFamily<E, F>> {
        match self {
            ByFamily::Sowing(result) => result.map(ByFamily::Sowing).map_err(ByFamily::Sowing),
            ByFamily::Seega(result) => result.map(ByFamily::Seega).map_err(ByFamily::Seega),
        }
    }
}

/// Either family's iterator over the same items.
impl<S: Iterator, G: Iterator<Item = S::Item>> Iterator for ByFamily<S, G> {
    type Item = S::Item;

    #[inline]
    fn next(&mut self) -> Option<S::Item> {
        each_family!(self, iter => iter.next())
    }
}

/// A position of any ruleset: `Sowing` for Songo, Awalé or oware, `Seega`.
pub type AnyPosition = ByFamily<Position, SeegaPosition>;

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
        each_family!(self, position => position.to_move())
    }

    /// How the game ended, if it has (by a rule the engine detects).
    #[must_use]
    pub fn game_over(&self) -> Option<GameOver> {
        each_family!(self, position => position.game_over())
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

    /// The refusal of a move of another game.
    fn other_game(&self, played: AnyMove) -> AnyIllegal {
        AnyIllegal::OtherGame {
            played,
            rules: self.rules(),
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
        each_family!(self, position => position.fmt(f))
    }
}

/// Either shape, told apart by `rules` (or, without it, by `board`).
/// (Written, a position has the JSON shape of its ruleset: see
/// `docs/notation.md`.)
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

/// A move of any game: what [`AnyPosition`] plays (a house of a sowing
/// game, a Seega move).
pub type AnyMove = ByFamily<House, SeegaMove>;

impl Copy for AnyMove {}

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

/// The legal moves of a position of any game.
pub type AnyMoveList = ByFamily<MoveList, SeegaMoveList>;

impl Copy for AnyMoveList {}

impl LegalMoves<AnyMove> for AnyMoveList {
    fn len(&self) -> usize {
        each_family!(self, list => list.len())
    }

    fn contains(&self, candidate: AnyMove) -> bool {
        self.paired_with(candidate)
            .is_some_and(|pair| each_family!(pair, (list, played) => list.contains(played)))
    }

    fn get(&self, index: usize) -> Option<AnyMove> {
        each_family!(self, list => LegalMoves::get(list, index).map(AnyMove::from))
    }

    fn iter(&self) -> impl Iterator<Item = AnyMove> + '_ {
        each_family!(map self, list => list.iter().map(AnyMove::from))
    }
}

/// What a move did, in any game.
pub type AnyOutcome = ByFamily<MoveOutcome, SeegaOutcome>;

impl Copy for AnyOutcome {}

impl Outcome for AnyOutcome {
    fn captured(&self) -> u32 {
        each_family!(self, outcome => outcome.captured())
    }

    fn applied(&self) -> RuleIds {
        each_family!(self, outcome => outcome.applied())
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

impl AnyIllegal {
    /// The refusal by the rules of the position's family, or the move of
    /// another game and the position's ruleset.
    const fn by_family(&self) -> Result<ByFamily<&IllegalMove, &SeegaIllegal>, (AnyMove, Ruleset)> {
        match *self {
            AnyIllegal::Sowing(ref illegal) => Ok(ByFamily::Sowing(illegal)),
            AnyIllegal::Seega(ref illegal) => Ok(ByFamily::Seega(illegal)),
            AnyIllegal::OtherGame { played, rules } => Err((played, rules)),
        }
    }

    /// Whether the move was refused as a house of the side not to move
    /// (sowing games; a Seega refusal names no camp this way).
    #[must_use]
    pub fn is_wrong_side(&self) -> bool {
        matches!(self, AnyIllegal::Sowing(illegal) if illegal.reason == crate::IllegalReason::WrongSide)
    }
}

impl From<ByFamily<IllegalMove, SeegaIllegal>> for AnyIllegal {
    fn from(illegal: ByFamily<IllegalMove, SeegaIllegal>) -> AnyIllegal {
        match illegal {
            ByFamily::Sowing(illegal) => AnyIllegal::Sowing(illegal),
            ByFamily::Seega(illegal) => AnyIllegal::Seega(illegal),
        }
    }
}

impl Refusal for AnyIllegal {
    fn rule(&self) -> RuleId {
        match self.by_family() {
            Ok(illegal) => each_family!(illegal, i => i.rule()),
            Err(_) => RuleId::Syntax,
        }
    }

    fn game_over(&self) -> Option<GameOver> {
        match self.by_family() {
            Ok(illegal) => each_family!(illegal, i => Refusal::game_over(i)),
            Err(_) => None,
        }
    }

    fn explanation_message(&self, conventions: Conventions) -> Message {
        match self.by_family() {
            Ok(illegal) => each_family!(illegal, i => i.explanation_message(conventions)),
            Err((played, rules)) => msg!(
                "illegal-other-game",
                move = played.plain(),
                rules = rules.id()
            ),
        }
    }

    fn with_legal_moves(&self, text: Message, conventions: Conventions) -> Message {
        match self.by_family() {
            Ok(illegal) => each_family!(illegal, i => i.with_legal_moves(text, conventions)),
            Err(_) => text,
        }
    }
}

impl fmt::Display for AnyIllegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.by_family() {
            Ok(illegal) => each_family!(illegal, i => i.fmt(f)),
            Err(_) => self.full_message(Conventions::default()).fmt(f),
        }
    }
}

impl std::error::Error for AnyIllegal {}

/// Why a text is not a move of the position's game: not a house of the
/// sowing game, or not a Seega move.
pub type AnyMoveError = ByFamily<ParseHouseError, ParseMoveError>;

impl AnyMoveError {
    /// What is wrong, as a message of the catalogue.
    #[must_use]
    pub fn message(&self) -> Message {
        each_family!(self, error => error.message())
    }
}

/// In English.
impl fmt::Display for AnyMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for AnyMoveError {}

/// A move's name in its family, or the plain text of another game's move.
enum MoveName<A> {
    Sowing(A),
    Seega(SeegaMove),
    Text(String),
}

impl<A: fmt::Display> fmt::Display for MoveName<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveName::Sowing(text) => text.fmt(f),
            MoveName::Seega(played) => played.fmt(f),
            MoveName::Text(text) => text.fmt(f),
        }
    }
}

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
        each_family!(map self, position => GamePosition::parse_move(position, text, conventions))
            .transpose()
    }

    fn move_name(&self, played: AnyMove, conventions: Conventions) -> impl fmt::Display + '_ {
        match (self, played) {
            (AnyPosition::Sowing(position), AnyMove::Sowing(house)) => {
                MoveName::Sowing(position.move_name(house, conventions))
            }
            (_, AnyMove::Seega(played)) => MoveName::Seega(played),
            (AnyPosition::Seega(_), played) => MoveName::Text(played.plain()),
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
        each_family!(map self, position => position.legal_moves())
    }

    fn game_over(&self) -> Option<GameOver> {
        AnyPosition::game_over(self)
    }

    fn illegal_moves(&self) -> impl Iterator<Item = (AnyMove, RuleId)> + use<> {
        each_family!(map self, position => position
            .illegal_moves()
            .map(|(played, rule)| (AnyMove::from(played), rule)))
    }

    fn refusal_by(&self, played: AnyMove, rule: RuleId) -> Option<AnyIllegal> {
        let pair = self.as_ref().paired_with(played)?;
        each_family!(map pair, (position, played) => position.refusal_by(played, rule))
            .transpose_option()
            .map(AnyIllegal::from)
    }

    fn check(&self, played: AnyMove) -> Result<(), AnyIllegal> {
        let Some(pair) = self.as_ref().paired_with(played) else {
            return Err(self.other_game(played));
        };
        each_family!(map pair, (position, played) => GamePosition::check(position, played))
            .transpose()
            .map(|_| ())
            .map_err(AnyIllegal::from)
    }

    fn play(&mut self, played: AnyMove) -> Result<AnyOutcome, AnyIllegal> {
        let Some(pair) = self.as_mut().paired_with(played) else {
            return Err(self.other_game(played));
        };
        each_family!(map pair, (position, played) => position.play(played))
            .transpose()
            .map_err(AnyIllegal::from)
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
        let Some(pair) = self.as_mut().paired_with(played) else {
            return Err(self.other_game(played));
        };
        each_family!(map pair, (position, played) => position.play_anyway(played))
            .transpose()
            .map_err(AnyIllegal::from)
    }

    fn refused_after_end(&self, played: AnyMove, over: GameOver) -> AnyIllegal {
        match self.as_ref().paired_with(played) {
            Some(pair) => AnyIllegal::from(
                each_family!(map pair, (position, played) => position.refused_after_end(played, over)),
            ),
            None => self.other_game(played),
        }
    }

    fn declared_end(&self, rule: RuleId) -> Result<GameOver, Message> {
        each_family!(self, position => GamePosition::declared_end(position, rule))
    }

    fn agreed_end(&self) -> Option<GameOver> {
        each_family!(self, position => position.agreed_end())
    }

    fn termination_rule(&self, word: &str) -> Option<RuleId> {
        each_family!(self, position => position.termination_rule(word))
    }

    #[inline]
    fn ends_on_repetition(&self) -> bool {
        each_family!(self, position => position.ends_on_repetition())
    }

    fn repetition_end(&self) -> Option<GameOver> {
        each_family!(self, position => position.repetition_end())
    }
}

impl<S, G> ByFamily<Option<S>, Option<G>> {
    /// Either family's option as one option, the value in its family.
    #[inline]
    pub fn transpose_option(self) -> Option<ByFamily<S, G>> {
        match self {
            ByFamily::Sowing(value) => value.map(ByFamily::Sowing),
            ByFamily::Seega(value) => value.map(ByFamily::Seega),
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

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
use std::str::FromStr;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::engine::GameOver;
use crate::error::ParseError;
use crate::position::Position;
use crate::report::{self, MovesReport, PlayError, PlayReport};
use crate::rule::RuleId;
use crate::ruleset::Ruleset;
use crate::seega::SeegaPosition;
use crate::seega::report::{SeegaMovesReport, SeegaPlayError, SeegaPlayReport};
use crate::side::Side;

/// A position of any ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AnyPosition {
    /// Songo, Awalé or oware.
    Sowing(Position),
    /// Seega.
    Seega(SeegaPosition),
}

impl AnyPosition {
    /// Reads a position in any form (compact, diagram, JSON, YAML) of any
    /// ruleset; `rules` applies when the text names none and must agree
    /// with it when it does. Same as [`crate::input::parse_any_position`].
    ///
    /// # Errors
    /// A [`ParseError`] that says where and why.
    pub fn parse(text: &str, rules: Option<Ruleset>) -> Result<AnyPosition, ParseError> {
        crate::input::parse_any_position(text, rules)
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
        match self {
            AnyPosition::Sowing(position) => crate::diagram::text(position),
            AnyPosition::Seega(position) => crate::seega::notation::diagram(position),
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

impl FromStr for AnyPosition {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<AnyPosition, ParseError> {
        AnyPosition::parse(text, None)
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

/// Whether a JSON/YAML position is a Seega one: `"rules": "seega"`, or no
/// ruleset and a `board`.
pub(crate) fn is_seega_value(value: &serde_json::Value) -> bool {
    match value.get("rules").and_then(serde_json::Value::as_str) {
        Some(rules) => rules.parse::<Ruleset>() == Ok(Ruleset::Seega),
        None => value.get("board").is_some(),
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
        if is_seega_value(&value) {
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
    Sowing(PlayReport),
    /// A Seega report.
    Seega(SeegaPlayReport),
}

/// Why `play` stopped, for either kind of game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyPlayError {
    /// In a sowing game.
    Sowing(PlayError),
    /// In Seega.
    Seega(SeegaPlayError),
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
                | AnyPlayError::Seega(SeegaPlayError::BadMove { .. })
        )
    }

    /// The moves played before the illegal one.
    #[must_use]
    pub fn played(&self) -> Option<AnyPlayReport> {
        match self {
            AnyPlayError::Sowing(PlayError::Illegal { played, .. }) => {
                Some(AnyPlayReport::Sowing((**played).clone()))
            }
            AnyPlayError::Seega(SeegaPlayError::Illegal { played, .. }) => {
                Some(AnyPlayReport::Seega((**played).clone()))
            }
            _ => None,
        }
    }
}

impl fmt::Display for AnyPlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyPlayError::Sowing(error) => error.fmt(f),
            AnyPlayError::Seega(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for AnyPlayError {}

/// Plays moves on a position of any ruleset ([`report::play`] or
/// [`crate::seega::report::play`]).
///
/// # Errors
/// A move that cannot be read, or an illegal move (naming its rule).
pub fn play(
    position: AnyPosition,
    moves: &[impl AsRef<str>],
) -> Result<AnyPlayReport, AnyPlayError> {
    match position {
        AnyPosition::Sowing(position) => report::play(position, moves)
            .map(AnyPlayReport::Sowing)
            .map_err(AnyPlayError::Sowing),
        AnyPosition::Seega(position) => crate::seega::report::play(position, moves)
            .map(AnyPlayReport::Seega)
            .map_err(AnyPlayError::Seega),
    }
}

/// What `songo moves` reports, for either kind of game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum AnyMovesReport {
    /// A sowing game's report.
    Sowing(MovesReport),
    /// A Seega report.
    Seega(SeegaMovesReport),
}

/// The legal and illegal moves of a position of any ruleset.
///
/// ```
/// use songo_notation::any::{self, AnyMovesReport, AnyPosition};
/// let position: AnyPosition = "seega:...../...../...../N..../SN...:S".parse().unwrap();
/// let AnyMovesReport::Seega(report) = any::moves(&position) else { panic!() };
/// assert_eq!(report.legal, ["pass"]);
/// ```
#[must_use]
pub fn moves(position: &AnyPosition) -> AnyMovesReport {
    match position {
        AnyPosition::Sowing(position) => AnyMovesReport::Sowing(report::moves(position)),
        AnyPosition::Seega(position) => {
            AnyMovesReport::Seega(crate::seega::report::moves(position))
        }
    }
}

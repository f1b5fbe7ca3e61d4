//! Positions as JSON and YAML, in the shape `docs/notation.md` describes:
//!
//! ```json
//! {"rules": "songo", "north": [3, 0, 1, 6, 14, 5, 5], "south": [2, 10, 5, 0, 13, 1, 7],
//!  "stores": {"north": 0, "south": 0}, "to_move": "north"}
//! ```
//!
//! On input `rules` defaults to `songo`, `stores` to 0/0 and `to_move` to
//! `south`; negative counts, wrong row lengths and unknown rulesets are
//! errors that name the field.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{InvalidValue, ParseErrorKind};
use crate::msg;
use crate::ruleset::Ruleset;
use crate::side::{Score, Side};
use crate::sowing::position::{Position, PositionError};

/// The wire shape of a sowing position.
#[derive(Serialize)]
struct Wire<'a> {
    rules: Ruleset,
    north: &'a [u32],
    south: &'a [u32],
    stores: Score,
    to_move: Side,
}

/// ```
/// use songo_notation::{Position, Ruleset};
/// let json = serde_json::to_string(&Position::start(Ruleset::Awale)).unwrap();
/// assert_eq!(
///     json,
///     r#"{"rules":"awale","north":[4,4,4,4,4,4],"south":[4,4,4,4,4,4],"stores":{"south":0,"north":0},"to_move":"south"}"#
/// );
/// ```
impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (north, south) = (self.row(Side::North), self.row(Side::South));
        Wire {
            rules: self.rules(),
            north: &north,
            south: &south,
            stores: self.stores(),
            to_move: self.to_move(),
        }
        .serialize(serializer)
    }
}

#[derive(Deserialize)]
struct RawStores {
    #[serde(default)]
    south: i64,
    #[serde(default)]
    north: i64,
}

/// A sowing position as JSON or YAML writes it, before any check: plain
/// data, which [`RawPosition::check`] turns into a [`Position`].
#[derive(Deserialize)]
pub(crate) struct RawPosition {
    #[serde(default)]
    rules: Option<String>,
    north: Vec<i64>,
    south: Vec<i64>,
    #[serde(default)]
    stores: Option<RawStores>,
    #[serde(default)]
    to_move: Option<String>,
}

/// The counts of the array at `pointer`, each a `u32`.
fn counts(pointer: &str, names: &[&str], values: &[i64]) -> Result<Vec<u32>, InvalidValue> {
    values
        .iter()
        .enumerate()
        .map(|(i, &value)| {
            u32::try_from(value).map_err(|_| {
                let at = format!("{}[{i}]", &pointer[1..]);
                let message = if value < 0 {
                    msg!("json-count-negative", at = at, value = value)
                } else {
                    msg!(
                        "json-count-too-large",
                        at = at,
                        value = value,
                        most = u32::MAX
                    )
                };
                let element = names
                    .get(i)
                    .map_or_else(|| i.to_string(), |name| (*name).to_owned());
                InvalidValue::at(format!("{pointer}/{element}"), message)
            })
        })
        .collect()
}

impl RawPosition {
    /// The position, or what is wrong and where: `rules` defaults to
    /// `songo`, `stores` to 0/0 and `to_move` to `south`.
    pub(crate) fn check(self) -> Result<Position, InvalidValue> {
        let rules: Ruleset = match &self.rules {
            Some(text) => text
                .parse()
                .map_err(|e: crate::UnknownRuleset| InvalidValue {
                    kind: ParseErrorKind::of_ruleset_name(&e.0),
                    ..InvalidValue::at("/rules", e.message())
                })?,
            None => Ruleset::default(),
        };
        let to_move = match &self.to_move {
            Some(text) => text
                .parse()
                .map_err(|e: crate::ParseSideError| InvalidValue::at("/to_move", e.message()))?,
            None => Side::South,
        };
        let stores = self.stores.unwrap_or(RawStores { south: 0, north: 0 });
        let store_counts = counts(
            "/stores",
            &["south", "north"],
            &[stores.south, stores.north],
        )?;
        let north = counts("/north", &[], &self.north)?;
        let south = counts("/south", &[], &self.south)?;
        Position::new(
            rules,
            &south,
            &north,
            Score::new(store_counts[0], store_counts[1]),
            to_move,
        )
        .map_err(|e| {
            let pointer = match e {
                PositionError::RowLength { side, .. } => format!("/{}", side.as_str()),
                PositionError::NotSowing(_) => "/rules".to_owned(),
                PositionError::TooManySeeds { .. } => String::new(),
            };
            InvalidValue::at(pointer, e.message())
        })
    }
}

/// ```
/// use songo_notation::{Position, Side};
/// let position: Position =
///     serde_json::from_str(r#"{"north": [0,0,0,0,0,0,0], "south": [16,0,0,23,1,10,1]}"#).unwrap();
/// assert_eq!(position.to_move(), Side::South);
/// let error = serde_json::from_str::<Position>(r#"{"north": [1,2], "south": [1,2,3,4,5,6,7]}"#)
///     .unwrap_err();
/// assert!(error.to_string().contains("the north row has 2 houses, songo needs 7"));
/// ```
impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        RawPosition::deserialize(deserializer)?
            .check()
            .map_err(serde::de::Error::custom)
    }
}

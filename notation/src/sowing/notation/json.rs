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

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ruleset::Ruleset;
use crate::side::{Score, Side};
use crate::sowing::position::Position;

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

#[derive(Deserialize)]
struct RawPosition {
    #[serde(default)]
    rules: Option<String>,
    north: Vec<i64>,
    south: Vec<i64>,
    #[serde(default)]
    stores: Option<RawStores>,
    #[serde(default)]
    to_move: Option<String>,
}

fn counts<E: serde::de::Error>(field: &str, values: &[i64]) -> Result<Vec<u32>, E> {
    values
        .iter()
        .enumerate()
        .map(|(i, &value)| {
            u32::try_from(value).map_err(|_| {
                if value < 0 {
                    E::custom(format!(
                        "{field}[{i}] is {value}: a count cannot be negative"
                    ))
                } else {
                    E::custom(format!(
                        "{field}[{i}] is {value}: more seeds than the engine counts (at most {})",
                        u32::MAX
                    ))
                }
            })
        })
        .collect()
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
        let raw = RawPosition::deserialize(deserializer)?;
        let rules: Ruleset = match &raw.rules {
            Some(text) => text.parse().map_err(D::Error::custom)?,
            None => Ruleset::default(),
        };
        let to_move = match &raw.to_move {
            Some(text) => text.parse().map_err(D::Error::custom)?,
            None => Side::South,
        };
        let stores = raw.stores.unwrap_or(RawStores { south: 0, north: 0 });
        let store_counts = counts::<D::Error>("stores", &[stores.south, stores.north])?;
        let north = counts::<D::Error>("north", &raw.north)?;
        let south = counts::<D::Error>("south", &raw.south)?;
        Position::new(
            rules,
            &south,
            &north,
            Score::new(store_counts[0], store_counts[1]),
            to_move,
        )
        .map_err(D::Error::custom)
    }
}

//! The JSON and YAML forms of a record (serde).
//!
//! ```json
//! {
//!   "tags": {"Rules": "songo", "South": "Ada", "Result": "41-29"},
//!   "moves": [
//!     {"move": "S2"},
//!     {"move": "S5", "claim": 11, "nags": [1]},
//!     {"comment": "the grenier pays"},
//!     {"variation": [{"move": "N1"}]}
//!   ],
//!   "result": "41-29"
//! }
//! ```
//!
//! Tags keep their order (the canonical order on output). On input a move
//! may also be given as a string token (`"S5+11!"`), and tag values may be
//! numbers (YAML `Round: 3`). Several games are a list of such objects.

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor as SerdeVisitor};
use serde::ser::{SerializeMap, SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use super::model::{GameRecord, Move, Node, Tag, Tags};
use super::parser::{MoveToken, Origin, Pos, SyntaxError, Visitor, read_game};
use crate::i18n::{Message, serde_error};
use crate::msg;

impl Serialize for Tags {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.len()))?;
        for tag in self.canonical() {
            map.serialize_entry(&tag.name, &tag.value)?;
        }
        map.end()
    }
}

/// A tag value: a string, or a number or boolean written without quotes.
struct TagValue(String);

impl<'de> Deserialize<'de> for TagValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TagValue, D::Error> {
        struct Value;
        impl SerdeVisitor<'_> for Value {
            type Value = TagValue;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a tag value (a string)")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<TagValue, E> {
                Ok(TagValue(v.to_owned()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<TagValue, E> {
                Ok(TagValue(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<TagValue, E> {
                Ok(TagValue(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<TagValue, E> {
                Ok(TagValue(v.to_string()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<TagValue, E> {
                Ok(TagValue(v.to_string()))
            }
        }
        deserializer.deserialize_any(Value)
    }
}

impl<'de> Deserialize<'de> for Tags {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Tags, D::Error> {
        struct InOrder;
        impl<'de> SerdeVisitor<'de> for InOrder {
            type Value = Tags;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of tag names to values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tags, A::Error> {
                let mut tags = Tags::default();
                while let Some((name, TagValue(value))) = map.next_entry::<String, TagValue>()? {
                    if name.is_empty()
                        || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    {
                        return Err(serde_error(msg!("record-json-tag-name", name = name)));
                    }
                    if value.contains(['\n', '\r']) {
                        return Err(serde_error(msg!("record-json-tag-line-break", name = name)));
                    }
                    tags.push(Tag::new(&name, value));
                }
                Ok(tags)
            }
        }
        deserializer.deserialize_map(InOrder)
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let fields = 1 + usize::from(self.claim.is_some()) + usize::from(!self.nags.is_empty());
        let mut state = serializer.serialize_struct("Move", fields)?;
        state.serialize_field("move", &self.text)?;
        if let Some(claim) = self.claim {
            state.serialize_field("claim", &claim)?;
        }
        if !self.nags.is_empty() {
            state.serialize_field("nags", &self.nags)?;
        }
        state.end()
    }
}

impl Serialize for Node {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Node::Move(mv) => mv.serialize(serializer),
            Node::Comment(text) => {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("comment", text)?;
                map.end()
            }
            Node::Variation(nodes) => {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("variation", nodes)?;
                map.end()
            }
        }
    }
}

/// Reads a move token given as a string (`S5+11!`).
fn move_from_token(token: &str) -> Result<Move, Message> {
    struct One {
        found: Option<Move>,
        extra: bool,
        error: Option<SyntaxError>,
    }
    impl<'a> Visitor<'a> for One {
        type Output = ();
        fn san(&mut self, token: MoveToken<'a>) {
            if self.found.is_some() {
                self.extra = true;
            }
            self.found = Some(Move {
                text: token.text.to_owned(),
                claim: token.claim,
                nags: Vec::new(),
                at: None,
            });
        }
        fn nag(&mut self, nag: u8, _at: Pos<'a>) {
            if let Some(mv) = &mut self.found {
                mv.nags.push(nag);
            }
        }
        fn comment(&mut self, _text: &'a str, _at: Pos<'a>) {
            self.extra = true;
        }
        fn begin_variation(&mut self, _at: Pos<'a>) {
            self.extra = true;
        }
        fn result(&mut self, _text: &'a str, _at: Pos<'a>) {
            self.extra = true;
        }
        fn syntax_error(&mut self, error: SyntaxError) {
            self.error.get_or_insert(error);
        }
        fn end_game(&mut self) {}
    }
    let mut one = One {
        found: None,
        extra: false,
        error: None,
    };
    // A leading `[` would be read as a tag: it is no move anyway.
    if token.trim_start().starts_with('[') {
        return Err(msg!("record-json-not-a-move", text = token));
    }
    read_game(token, Origin::default(), &mut one);
    if let Some(error) = one.error {
        return Err(msg!(
            "record-json-bad-token",
            text = token,
            why = error.error.message
        ));
    }
    match (one.found, one.extra) {
        (Some(mv), false) if mv.to_string() == token => Ok(mv),
        _ => Err(msg!("record-json-not-one-move", text = token)),
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Node, D::Error> {
        struct NodeVisitor;
        impl<'de> SerdeVisitor<'de> for NodeVisitor {
            type Value = Node;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(
                    "a move token (\"S5+11\"), or a map with `move`, `comment` or `variation`",
                )
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Node, E> {
                move_from_token(v).map(Node::Move).map_err(serde_error)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
                let mut text: Option<String> = None;
                let mut claim: Option<u32> = None;
                let mut nags: Option<Vec<u8>> = None;
                let mut comment: Option<String> = None;
                let mut variation: Option<Vec<Node>> = None;
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "move" => text = Some(map.next_value()?),
                        "claim" => claim = Some(map.next_value()?),
                        "nags" => nags = Some(map.next_value()?),
                        "comment" => comment = Some(map.next_value()?),
                        "variation" => variation = Some(map.next_value()?),
                        other => {
                            return Err(serde_error(msg!(
                                "record-json-unknown-field",
                                name = other
                            )));
                        }
                    }
                }
                match (text, comment, variation) {
                    (Some(text), None, None) => {
                        let mut mv = move_from_token(&text).map_err(serde_error)?;
                        if mv.claim.is_some() || !mv.nags.is_empty() {
                            return Err(serde_error(msg!(
                                "record-json-move-alone",
                                text = mv.text.as_str()
                            )));
                        }
                        mv.claim = claim;
                        mv.nags = nags.unwrap_or_default();
                        Ok(Node::Move(mv))
                    }
                    (None, Some(text), None) if claim.is_none() && nags.is_none() => {
                        Ok(Node::Comment(text))
                    }
                    (None, None, Some(nodes)) if claim.is_none() && nags.is_none() => {
                        Ok(Node::Variation(nodes))
                    }
                    _ => Err(serde_error(msg!("record-json-node"))),
                }
            }
        }
        deserializer.deserialize_any(NodeVisitor)
    }
}

/// The wire shape of a record.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    #[serde(default)]
    tags: Tags,
    #[serde(default)]
    moves: Vec<Node>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    result: Option<String>,
}

/// ```
/// use songo_notation::record::GameRecord;
/// let record: GameRecord = "[Rules \"songo\"]\n1. S2 N4+2! {ok} (N3) *".parse().unwrap();
/// let json = serde_json::to_string(&record).unwrap();
/// assert_eq!(
///     json,
///     r#"{"tags":{"Rules":"songo"},"moves":[{"move":"S2"},{"move":"N4","claim":2,"nags":[1]},{"comment":"ok"},{"variation":[{"move":"N3"}]}],"result":"*"}"#
/// );
/// let back: GameRecord = serde_json::from_str(&json).unwrap();
/// assert_eq!(back, record);
/// ```
impl Serialize for GameRecord {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("GameRecord", 3)?;
        state.serialize_field("tags", &self.tags)?;
        state.serialize_field("moves", &self.moves)?;
        if let Some(result) = &self.result {
            state.serialize_field("result", result)?;
        }
        state.end()
    }
}

impl<'de> Deserialize<'de> for GameRecord {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameRecord, D::Error> {
        let wire = Wire::deserialize(deserializer)?;
        if let Some(result) = &wire.result
            && !is_result_token(result)
        {
            return Err(serde_error(msg!(
                "record-json-not-a-result",
                text = result.as_str()
            )));
        }
        Ok(GameRecord {
            tags: wire.tags,
            moves: wire.moves,
            result: wire.result,
        })
    }
}

/// Whether a text is a result token: `*`, `1/2-1/2` or `N-N`.
#[must_use]
pub fn is_result_token(text: &str) -> bool {
    if text == "*" || text == "1/2-1/2" {
        return true;
    }
    let mut halves = text.splitn(2, '-');
    let number = |part: Option<&str>| {
        part.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    };
    number(halves.next()) && number(halves.next())
}

/// How deep brackets may nest in the JSON or YAML form of records: each
/// level of variation adds about two, so records may nest variations as
/// deep as the text form allows ([`MAX_VARIATION_DEPTH`](crate::record::MAX_VARIATION_DEPTH)).
pub const MAX_NESTING: usize = 2 * crate::record::parser::MAX_VARIATION_DEPTH + 8;

/// Refuses a JSON or YAML record text nested deeper than [`MAX_NESTING`]
/// before serde reads it (serde's YAML reader takes time quadratic in the
/// depth).
///
/// # Errors
/// A [`ParseError`](crate::error::ParseError) at the bracket that goes too deep.
pub fn check_nesting(text: &str) -> Result<(), crate::error::ParseError> {
    crate::input::check_nesting_within(text, MAX_NESTING)
}

/// The message of a serde error met reading records (its text, from
/// [`from_json`] or [`from_yaml`]), to write in any language: this crate's
/// own messages are found back; serde's words stay English.
#[must_use]
pub fn error_message(text: &str) -> Message {
    crate::i18n::serde_message(text)
}

/// Reads records from the JSON form: one object or a list of them.
///
/// # Errors
/// The text is not the JSON form of records (serde's message, with line and column).
pub fn from_json(text: &str) -> Result<Vec<GameRecord>, serde_json::Error> {
    if text.trim_start().starts_with('[') {
        serde_json::from_str(text)
    } else {
        serde_json::from_str(text).map(|record| vec![record])
    }
}

/// Reads records from the YAML form: one mapping or a list of them.
///
/// # Errors
/// The text is not the YAML form of records.
pub fn from_yaml(text: &str) -> Result<Vec<GameRecord>, serde_yaml::Error> {
    let first = text
        .lines()
        .map(str::trim_end)
        .find(|line| !line.is_empty() && !line.starts_with('#') && *line != "---");
    if first.is_some_and(|line| line == "-" || line.starts_with("- ")) {
        serde_yaml::from_str(text)
    } else {
        serde_yaml::from_str(text).map(|record| vec![record])
    }
}

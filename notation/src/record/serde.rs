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

use serde::de::Visitor as SerdeVisitor;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess};
use serde::ser::{SerializeMap, SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use super::model::{GameRecord, Move, Node, Tag, Tags};
use super::parser::{MoveToken, Origin, Pos, SyntaxError, Visitor, read_game};
use crate::i18n::{Localize, Message};
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

// Reading is done in two steps. serde reads the plain data of the form
// (`RawRecord`: its errors are about the text's syntax and types, placed by
// serde); then `RawRecord::check` makes the record, refusing a value by its
// path (`/moves/3`), which `place_of` finds in the text.

/// One record's JSON or YAML form as serde reads it: nothing checked yet.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRecord {
    #[serde(default)]
    tags: RawTags,
    #[serde(default)]
    moves: Vec<RawNode>,
    #[serde(default)]
    result: Option<String>,
}

/// The tags in the order written, their values as written.
#[derive(Default)]
struct RawTags(Vec<(String, TagValue)>);

impl<'de> Deserialize<'de> for RawTags {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RawTags, D::Error> {
        struct InOrder;
        impl<'de> SerdeVisitor<'de> for InOrder {
            type Value = RawTags;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of tag names to values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawTags, A::Error> {
                let mut tags = Vec::new();
                while let Some(entry) = map.next_entry::<String, TagValue>()? {
                    tags.push(entry);
                }
                Ok(RawTags(tags))
            }
        }
        deserializer.deserialize_map(InOrder)
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

/// A node as written: a move token (`"S5+11!"`), or a map of fields.
enum RawNode {
    Token(String),
    Fields(RawFields),
}

/// A node's fields, each as written; `unknown` is the first field no node has.
#[derive(Default)]
struct RawFields {
    text: Option<String>,
    claim: Option<u32>,
    nags: Option<Vec<u8>>,
    comment: Option<String>,
    variation: Option<Vec<RawNode>>,
    unknown: Option<String>,
}

impl<'de> Deserialize<'de> for RawNode {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RawNode, D::Error> {
        struct NodeVisitor;
        impl<'de> SerdeVisitor<'de> for NodeVisitor {
            type Value = RawNode;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(
                    "a move token (\"S5+11\"), or a map with `move`, `comment` or `variation`",
                )
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawNode, E> {
                Ok(RawNode::Token(v.to_owned()))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawNode, A::Error> {
                let mut fields = RawFields::default();
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "move" => fields.text = Some(map.next_value()?),
                        "claim" => fields.claim = Some(map.next_value()?),
                        "nags" => fields.nags = Some(map.next_value()?),
                        "comment" => fields.comment = Some(map.next_value()?),
                        "variation" => fields.variation = Some(map.next_value()?),
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                            fields.unknown.get_or_insert(key);
                        }
                    }
                }
                Ok(RawNode::Fields(fields))
            }
        }
        deserializer.deserialize_any(NodeVisitor)
    }
}

/// One step of the path to a value: a list's item or a map's field.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Item(usize),
    Field(String),
}

/// A value the check refused: where it is, and why.
struct Refused {
    path: Vec<Step>,
    message: Message,
}

fn refused(path: &[Step], message: Message) -> Refused {
    Refused {
        path: path.to_vec(),
        message,
    }
}

fn with(path: &[Step], step: Step) -> Vec<Step> {
    let mut longer = path.to_vec();
    longer.push(step);
    longer
}

impl RawRecord {
    /// The record, or the first value refused (`path` leads to this record).
    fn check(self, path: &[Step]) -> Result<GameRecord, Refused> {
        let mut tags = Tags::default();
        let mut names = super::model::TagNames::default();
        for (name, TagValue(value)) in self.tags.0 {
            let at = with(
                &with(path, Step::Field("tags".into())),
                Step::Field(name.clone()),
            );
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(refused(&at, msg!("record-json-tag-name", name = name)));
            }
            if value.contains(['\n', '\r']) {
                return Err(refused(
                    &at,
                    msg!("record-json-tag-line-break", name = name),
                ));
            }
            names.push(&mut tags, Tag::new(&name, value));
        }
        let moves = check_nodes(self.moves, &with(path, Step::Field("moves".into())))?;
        if let Some(result) = &self.result
            && !is_result_token(result)
        {
            return Err(refused(
                &with(path, Step::Field("result".into())),
                msg!("record-json-not-a-result", text = result.as_str()),
            ));
        }
        Ok(GameRecord {
            tags,
            moves,
            result: self.result,
        })
    }
}

fn check_nodes(nodes: Vec<RawNode>, path: &[Step]) -> Result<Vec<Node>, Refused> {
    let mut checked = Vec::with_capacity(nodes.len());
    for (index, node) in nodes.into_iter().enumerate() {
        checked.push(node.check(&with(path, Step::Item(index)))?);
    }
    Ok(checked)
}

impl RawNode {
    fn check(self, path: &[Step]) -> Result<Node, Refused> {
        let fields = match self {
            RawNode::Token(token) => {
                return move_from_token(&token)
                    .map(Node::Move)
                    .map_err(|message| refused(path, message));
            }
            RawNode::Fields(fields) => fields,
        };
        if let Some(name) = fields.unknown {
            return Err(refused(
                path,
                msg!("record-json-unknown-field", name = name),
            ));
        }
        let bare = fields.claim.is_none() && fields.nags.is_none();
        match (fields.text, fields.comment, fields.variation) {
            (Some(text), None, None) => {
                let at = with(path, Step::Field("move".into()));
                let mut mv = move_from_token(&text).map_err(|message| refused(&at, message))?;
                if mv.claim.is_some() || !mv.nags.is_empty() {
                    return Err(refused(
                        &at,
                        msg!("record-json-move-alone", text = mv.text.as_str()),
                    ));
                }
                mv.claim = fields.claim;
                mv.nags = fields.nags.unwrap_or_default();
                Ok(Node::Move(mv))
            }
            (None, Some(text), None) if bare => Ok(Node::Comment(text)),
            (None, None, Some(nodes)) if bare => Ok(Node::Variation(check_nodes(
                nodes,
                &with(path, Step::Field("variation".into())),
            )?)),
            _ => Err(refused(path, msg!("record-json-node"))),
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

/// Whether a text is a result token: `*`, `1/2-1/2`, `N-N`, or a
/// forfeit `+/-`, `-/+`, `-/-` ([`GameResult`](crate::verdict::GameResult)).
///
/// ```
/// use songo_notation::record::serde::is_result_token;
/// for token in ["*", "1/2-1/2", "41-29", "0-0", "007-1", "+/-", "-/+", "-/-"] {
///     assert!(is_result_token(token), "{token}");
/// }
/// for text in ["", "-", "41-", "-29", "4-1-2", "41", "a-b", "41 - 29", "1/2", "+/+"] {
///     assert!(!is_result_token(text), "{text}");
/// }
/// ```
#[must_use]
pub fn is_result_token(text: &str) -> bool {
    crate::verdict::GameResult::parse(text).is_some()
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
    crate::nesting::check_nesting_within(text, MAX_NESTING)
}

/// Reads the record of a JSON or YAML form outside this module's readers
/// ([`from_json`], [`from_yaml`] place their errors; here a refusal is
/// serde's custom error, in English).
impl<'de> Deserialize<'de> for GameRecord {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameRecord, D::Error> {
        RawRecord::deserialize(deserializer)?
            .check(&[])
            .map_err(|refused| de::Error::custom(refused.message))
    }
}

/// Why the JSON or YAML form of records does not read: serde's words
/// about the text's syntax or types, or a value this crate refuses (named
/// by its JSON pointer); and where in the text, when known.
///
/// ```
/// use songo_notation::record::serde::from_json;
/// let error = from_json("{\"moves\": [\"S2\",\n  \"S 5\"]}").unwrap_err();
/// assert_eq!(error.pointer(), Some("/moves/1"));
/// assert_eq!(error.place(), Some((2, 7)));
/// assert_eq!(
///     error.to_string(),
///     "`S 5` is not one move token (such as S5, S5+11 or S5+11!) at line 2 column 7"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormError {
    message: Message,
    pointer: Option<String>,
    place: Option<(usize, usize)>,
}

impl FormError {
    /// What is wrong, without its place.
    #[must_use]
    pub fn message(&self) -> &Message {
        &self.message
    }

    /// The JSON pointer of the value refused (`/moves/3/move`; a list of
    /// records starts with the record's index), or `None` for serde's own
    /// errors.
    #[must_use]
    pub fn pointer(&self) -> Option<&str> {
        self.pointer.as_deref()
    }

    /// The line and column (from 1) where the error is, when known.
    #[must_use]
    pub fn place(&self) -> Option<(usize, usize)> {
        self.place
    }

    /// The message with its place ("… at line L column C").
    #[must_use]
    pub fn located(&self) -> Message {
        match self.place {
            Some((line, column)) => msg!(
                "serde-at-line-column",
                text = self.message.clone(),
                line = line,
                column = column
            ),
            None => self.message.clone(),
        }
    }
}

/// In English, with its place.
impl fmt::Display for FormError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.located().fmt(f)
    }
}

impl Localize for FormError {
    fn localize(&self, lang: crate::i18n::Lang) -> String {
        self.located().localize(lang)
    }
}

impl std::error::Error for FormError {}

/// Which reader a form goes to.
#[derive(Clone, Copy)]
enum Form {
    Json,
    Yaml,
}

/// Reads records from the JSON form: one object or a list of them.
///
/// # Errors
/// The text is not the JSON form of records: a [`FormError`] with its place.
pub fn from_json(text: &str) -> Result<Vec<GameRecord>, FormError> {
    let list = text.trim_start().starts_with('[');
    let raw = if list {
        serde_json::from_str::<Vec<RawRecord>>(text)
    } else {
        serde_json::from_str::<RawRecord>(text).map(|record| vec![record])
    };
    match raw {
        Ok(raw) => check_all(text, raw, list, Form::Json),
        Err(e) => Err(serde_error(
            &e.to_string(),
            (e.line() > 0).then(|| (e.line(), e.column().max(1))),
        )),
    }
}

/// Reads records from the YAML form: one mapping or a list of them.
///
/// # Errors
/// The text is not the YAML form of records: a [`FormError`] with its place.
pub fn from_yaml(text: &str) -> Result<Vec<GameRecord>, FormError> {
    let first = text
        .lines()
        .map(str::trim_end)
        .find(|line| !line.is_empty() && !line.starts_with('#') && *line != "---");
    let list = first.is_some_and(|line| line == "-" || line.starts_with("- "));
    let raw = if list {
        serde_yaml::from_str::<Vec<RawRecord>>(text)
    } else {
        serde_yaml::from_str::<RawRecord>(text).map(|record| vec![record])
    };
    match raw {
        Ok(raw) => check_all(text, raw, list, Form::Yaml),
        Err(e) => Err(serde_error(
            &e.to_string(),
            e.location().map(|l| (l.line().max(1), l.column().max(1))),
        )),
    }
}

/// An error of serde's own, in its English words, without the place it
/// writes after them (the error keeps serde's typed place).
fn serde_error(text: &str, place: Option<(usize, usize)>) -> FormError {
    let words = match place {
        Some(_) => text.rfind(" at line ").map_or(text, |at| &text[..at]),
        None => text,
    };
    FormError {
        message: Message::verbatim(words),
        pointer: None,
        place,
    }
}

fn check_all(
    text: &str,
    raw: Vec<RawRecord>,
    list: bool,
    form: Form,
) -> Result<Vec<GameRecord>, FormError> {
    let mut records = Vec::with_capacity(raw.len());
    for (index, record) in raw.into_iter().enumerate() {
        let path = if list {
            vec![Step::Item(index)]
        } else {
            Vec::new()
        };
        records.push(
            record
                .check(&path)
                .map_err(|refused| located(text, refused, form))?,
        );
    }
    Ok(records)
}

/// A refusal with its JSON pointer and its place; in YAML its message
/// follows its path, as YAML readers write one (`moves[1]: …`).
fn located(text: &str, refused: Refused, form: Form) -> FormError {
    let message = match form {
        Form::Yaml if !refused.path.is_empty() => msg!(
            "framed",
            before = format!("{}: ", yaml_path(&refused.path)),
            text = refused.message,
            after = ""
        ),
        _ => refused.message,
    };
    FormError {
        message,
        pointer: Some(json_pointer(&refused.path)),
        place: place_of(text, &refused.path, form),
    }
}

/// RFC 6901: `/moves/3`, `~` and `/` in a name escaped.
fn json_pointer(path: &[Step]) -> String {
    let mut pointer = String::new();
    for step in path {
        pointer.push('/');
        match step {
            Step::Item(index) => pointer.push_str(&index.to_string()),
            Step::Field(name) => pointer.push_str(&name.replace('~', "~0").replace('/', "~1")),
        }
    }
    pointer
}

/// The path as YAML readers write it: `moves[1].variation[0]`, `.[1].moves[1]`
/// in a list of records.
fn yaml_path(path: &[Step]) -> String {
    let mut written = String::new();
    for (index, step) in path.iter().enumerate() {
        match step {
            Step::Item(item) if index == 0 => written.push_str(&format!(".[{item}]")),
            Step::Item(item) => written.push_str(&format!("[{item}]")),
            Step::Field(name) if index == 0 => written.push_str(name),
            Step::Field(name) => written.push_str(&format!(".{name}")),
        }
    }
    written
}

/// Where the value at `path` is in the text, as the reader that read it
/// places it: the text is read again up to that value, and the reader's
/// typed place of the refusal there is the value's.
fn place_of(text: &str, path: &[Step], form: Form) -> Option<(usize, usize)> {
    let probe = Probe { path };
    match form {
        Form::Json => {
            let mut deserializer = serde_json::Deserializer::from_str(text);
            let error = probe.deserialize(&mut deserializer).err()?;
            (error.line() > 0).then(|| (error.line(), error.column().max(1)))
        }
        Form::Yaml => {
            let error = probe
                .deserialize(serde_yaml::Deserializer::from_str(text))
                .err()?;
            error
                .location()
                .map(|l| (l.line().max(1), l.column().max(1)))
        }
    }
}

/// Walks a text along a path, skipping every other value, and refuses the
/// value the path leads to, so that the reader's error gives its place.
struct Probe<'p> {
    path: &'p [Step],
}

impl<'de> DeserializeSeed<'de> for Probe<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> SerdeVisitor<'de> for Probe<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The value the path leads to is refused by every `visit_*` this
        // visitor leaves to serde's defaults.
        f.write_str("the value refused")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let Some((Step::Item(wanted), rest)) = self.path.split_first() else {
            return Err(de::Error::invalid_type(de::Unexpected::Seq, &self));
        };
        let mut index = 0;
        while index < *wanted {
            if seq.next_element::<IgnoredAny>()?.is_none() {
                return Ok(());
            }
            index += 1;
        }
        seq.next_element_seed(Probe { path: rest })?;
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let Some((Step::Field(wanted), rest)) = self.path.split_first() else {
            return Err(de::Error::invalid_type(de::Unexpected::Map, &self));
        };
        while let Some(key) = map.next_key::<String>()? {
            if key == *wanted {
                map.next_value_seed(Probe { path: rest })?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }
}

//! Reading a position in any of its forms, detected from the text: the
//! compact notation, an OGN `FEN`, a diagram, JSON or YAML.

use crate::compact;
use crate::diagram;
use crate::error::ParseError;
use crate::position::Position;
use crate::ruleset::Ruleset;

/// The forms a position can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionForm {
    /// The compact one-line notation (or an OGN `FEN`).
    Compact,
    /// A diagram over several lines, as teaching material draws it.
    Diagram,
    /// JSON, the shape of `docs/notation.md`.
    Json,
    /// YAML, the same fields as JSON.
    Yaml,
}

/// The lines that carry something: not blank, not a `#` comment.
fn meaningful_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter(|(_, line)| {
        let line = line.trim();
        !line.is_empty() && !line.starts_with('#')
    })
}

/// Guesses the form of a position text: `{` starts JSON; `north:` or
/// `south:` keys (or a `---` start) make YAML; one line is the compact
/// notation; several lines are a diagram.
///
/// ```
/// use songo_notation::input::{detect, PositionForm};
/// assert_eq!(detect("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5"), PositionForm::Compact);
/// assert_eq!(detect("5 5 5 5 5 5 5\n5 5 5 5 5 5 5\n"), PositionForm::Diagram);
/// assert_eq!(detect("north: [5, 5, 5, 5, 5, 5, 5]\nsouth: [5, 5, 5, 5, 5, 5, 5]\n"), PositionForm::Yaml);
/// assert_eq!(detect(r#"{"north": [5, 5, 5, 5, 5, 5, 5], "south": [5, 5, 5, 5, 5, 5, 5]}"#), PositionForm::Json);
/// ```
#[must_use]
pub fn detect(text: &str) -> PositionForm {
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if trimmed.starts_with('{') {
        return PositionForm::Json;
    }
    let mut lines = meaningful_lines(trimmed).map(|(_, line)| line.trim_start());
    let is_yaml_key = |line: &str| {
        ["north:", "south:", "\"north\":", "\"south\":"]
            .iter()
            .any(|key| line.starts_with(key))
    };
    if trimmed.starts_with("---")
        || meaningful_lines(trimmed).any(|(_, line)| is_yaml_key(line.trim_start()))
    {
        return PositionForm::Yaml;
    }
    match (lines.next(), lines.next()) {
        (_, None) => PositionForm::Compact,
        _ => PositionForm::Diagram,
    }
}

/// Reads a position in any form; `rules` applies when the text names no
/// ruleset, and must agree with it when it does.
///
/// ```
/// use songo_notation::{input, Ruleset};
/// let from_json = input::parse_position(r#"{"north":[5,5,5,5,5,5,5],"south":[5,5,5,5,5,5,5]}"#, None).unwrap();
/// let from_compact = input::parse_position("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5", None).unwrap();
/// let from_diagram = input::parse_position("N0 N1 N2 N3 N4 N5 N6\n5 5 5 5 5 5 5\n5 5 5 5 5 5 5\nS0 S1 S2 S3 S4 S5 S6\n", None).unwrap();
/// assert_eq!(from_json, from_compact);
/// assert_eq!(from_diagram, from_compact);
/// ```
///
/// # Errors
/// A [`ParseError`] that says where and why.
pub fn parse_position(text: &str, rules: Option<Ruleset>) -> Result<crate::Position, ParseError> {
    let body = text.trim_start_matches('\u{feff}');
    let position: Position = match detect(body) {
        PositionForm::Json => match serde_json::from_str(body) {
            Ok(position) => position,
            // `{north: [...]}` is YAML's flow style, not JSON.
            Err(json_error) => serde_yaml::from_str(body).map_err(|_| {
                let place = (json_error.line() > 0)
                    .then(|| (json_error.line(), json_error.column().max(1)));
                shape_error(body, place, &json_error.to_string())
            })?,
        },
        PositionForm::Yaml => serde_yaml::from_str(body).map_err(|e| {
            let place = e.location().map(|l| (l.line().max(1), l.column().max(1)));
            shape_error(body, place, &e.to_string())
        })?,
        PositionForm::Diagram => return diagram::parse(body, rules),
        PositionForm::Compact => {
            // The one line that counts, comments and blank lines around it.
            let Some((index, line)) = meaningful_lines(body).next() else {
                return compact::parse(body, rules);
            };
            // A `#` comment may follow the position on its line.
            let position = line.find('#').map_or(line, |at| &line[..at]);
            return compact::parse(position, rules).map_err(|mut e| {
                e.source_line = line.trim_end_matches('\r').to_owned();
                e.shifted(index, 0)
            });
        }
    };
    if let Some(wanted) = rules
        && wanted != position.rules()
    {
        let (offset, width) =
            value_offset(body, "rules").unwrap_or((body.len() - body.trim_start().len(), 1));
        return Err(ParseError::at(
            body,
            offset,
            format!(
                "the position is a {} position but {wanted} was asked for",
                position.rules()
            ),
        )
        .with_width(width)
        .with_hint("drop --rules, or give a position of that ruleset"));
    }
    Ok(position)
}

const SHAPE_HINT: &str = "a position is {\"rules\": \"songo\", \"north\": [7 counts], \"south\": [7 counts], \"stores\": {\"south\": 0, \"north\": 0}, \"to_move\": \"south\"}";

/// A JSON or YAML error: where serde says, or, for a value our checks
/// refused once the text was read (serde knows no place then), at the field
/// the message names.
fn shape_error(body: &str, place: Option<(usize, usize)>, message: &str) -> ParseError {
    let message = strip_serde_position(message);
    let field = field_named(&message).and_then(|key| value_offset(body, key));
    let error = match (place, field) {
        (Some((line, column)), _) if (line, column) != (1, 1) => {
            located(body, line, column, message)
        }
        (_, Some((offset, width))) => ParseError::at(body, offset, message).with_width(width),
        (Some((line, column)), None) => located(body, line, column, message),
        (None, None) => ParseError::at(body, body.len() - body.trim_start().len(), message),
    };
    error.with_hint(SHAPE_HINT)
}

/// The field a message of the position checks is about.
fn field_named(message: &str) -> Option<&'static str> {
    let starts = |prefix: &str| message.starts_with(prefix);
    if starts("the north row") || starts("north[") {
        Some("north")
    } else if starts("the south row") || starts("south[") {
        Some("south")
    } else if starts("stores") {
        Some("stores")
    } else if starts("unknown ruleset") || message.contains("is not a sowing game") {
        Some("rules")
    } else if message.contains("is not a side") {
        Some("to_move")
    } else {
        None
    }
}

/// The byte offset and width (in characters) of the value of `key` in a
/// JSON or YAML text: what follows `"key":` or `key:`.
fn value_offset(body: &str, key: &str) -> Option<(usize, usize)> {
    let mut search = 0;
    while let Some(found) = body[search..].find(key) {
        let start = search + found;
        let end = start + key.len();
        search = end;
        let before = body[..start].chars().next_back();
        let after = &body[end..];
        let quoted = before == Some('"') && after.starts_with('"');
        let after = if quoted { &after[1..] } else { after };
        let bare = before.is_none_or(|c| !c.is_alphanumeric() && c != '_');
        if !(quoted || bare) {
            continue;
        }
        let Some(rest) = after.trim_start().strip_prefix(':') else {
            continue;
        };
        let value = rest.trim_start();
        let offset = body.len() - value.len();
        let line = &value[..value.find('\n').unwrap_or(value.len())];
        let width = match line.chars().next() {
            Some('[') => line.find(']').map_or(line.len(), |i| i + 1),
            Some('{') => line.find('}').map_or(line.len(), |i| i + 1),
            Some('"') => line[1..].find('"').map_or(line.len(), |i| i + 2),
            _ => line
                .trim_end()
                .trim_end_matches([',', '}'])
                .trim_end()
                .len(),
        };
        return Some((offset, line[..width].chars().count()));
    }
    None
}

fn located(text: &str, line: usize, column: usize, message: String) -> ParseError {
    let offset: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum::<usize>()
        + text.split_inclusive('\n').nth(line - 1).map_or(0, |l| {
            l.char_indices().nth(column - 1).map_or(l.len(), |(i, _)| i)
        });
    ParseError::at(text, offset, message)
}

/// serde's messages end in "at line L column C": we print our own.
fn strip_serde_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_owned(),
        None => message.to_owned(),
    }
}

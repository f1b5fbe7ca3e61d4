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
                let (line, column) = (json_error.line().max(1), json_error.column().max(1));
                located(
                    body,
                    line,
                    column,
                    strip_serde_position(&json_error.to_string()),
                )
                .with_hint(SHAPE_HINT)
            })?,
        },
        PositionForm::Yaml => serde_yaml::from_str(body).map_err(|e| {
            let (line, column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
            located(body, line, column, strip_serde_position(&e.to_string())).with_hint(SHAPE_HINT)
        })?,
        PositionForm::Diagram => return diagram::parse(body, rules),
        PositionForm::Compact => {
            // The one line that counts, comments and blank lines around it.
            let Some((index, line)) = meaningful_lines(body).next() else {
                return compact::parse(body, rules);
            };
            return compact::parse(line, rules).map_err(|e| e.shifted(index, 0));
        }
    };
    if let Some(wanted) = rules
        && wanted != position.rules()
    {
        return Err(ParseError::at(
            body,
            0,
            format!(
                "the position is a {} position but {wanted} was asked for",
                position.rules()
            ),
        )
        .with_hint("drop --rules, or give a position of that ruleset"));
    }
    Ok(position)
}

const SHAPE_HINT: &str = "a position is {\"rules\": \"songo\", \"north\": [7 counts], \"south\": [7 counts], \"stores\": {\"south\": 0, \"north\": 0}, \"to_move\": \"south\"}";

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

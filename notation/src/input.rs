//! Reading a position in any of its forms, detected from the text: the
//! compact notation, an OGN `FEN`, a diagram, JSON or YAML; and, for any
//! ruleset, Seega's forms too ([`seega_position`]); [`crate::read`] reads
//! any position through them.

use crate::error::{InvalidValue, ParseError};
use crate::i18n::Message;
use crate::msg;
use crate::ruleset::Ruleset;
use crate::seega::notation::RawSeega;
use crate::seega::{self, SeegaPosition};
use crate::sowing::notation::compact;
use crate::sowing::notation::diagram;
use crate::sowing::notation::json::RawPosition;
use crate::sowing::position::Position;

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
/// use songo_notation::read::{detect, PositionForm};
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

/// The deepest nesting of `[` and `{` a JSON or YAML text may have. A
/// position needs 2, a record a few more; the YAML reader takes time
/// quadratic in the depth (40,000 `[` take over a second), so deeper text is
/// refused before serde sees it.
pub const MAX_NESTING: usize = 64;

/// Refuses a JSON or YAML text whose brackets (`[` and `{`) nest deeper than
/// [`MAX_NESTING`], at the bracket that goes too deep, in one linear pass.
/// Brackets inside a double-quoted string do not count; a `"` opens a string
/// only where a value can start (at the start of a line or after white
/// space, `[`, `{`, `,` or `:`), and a string ends at its closing `"` or at
/// the end of its line, so that no text can hide brackets from the count.
///
/// ```
/// use songo_notation::read::{check_nesting, MAX_NESTING};
/// assert!(check_nesting(r#"{"north": [5, 5], "tag": "[[[["}"#).is_ok());
/// let deep = "[".repeat(MAX_NESTING + 1);
/// let error = check_nesting(&deep).unwrap_err();
/// assert_eq!((error.line(), error.column()), (1, MAX_NESTING + 1));
/// ```
///
/// # Errors
/// A [`ParseError`] ([`TooDeep`](crate::error::ParseErrorKind::TooDeep))
/// at the first bracket deeper than [`MAX_NESTING`].
pub fn check_nesting(text: &str) -> Result<(), ParseError> {
    check_nesting_within(text, MAX_NESTING)
}

pub use crate::nesting::check_nesting_within;

/// Reads a position in any form; `rules` applies when the text names no
/// ruleset, and must agree with it when it does.
///
/// ```
/// use songo_notation::{read, Ruleset};
/// let from_json = read::sowing_position(r#"{"north":[5,5,5,5,5,5,5],"south":[5,5,5,5,5,5,5]}"#, None).unwrap();
/// let from_compact = read::sowing_position("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5", None).unwrap();
/// let from_diagram = read::sowing_position("N0 N1 N2 N3 N4 N5 N6\n5 5 5 5 5 5 5\n5 5 5 5 5 5 5\nS0 S1 S2 S3 S4 S5 S6\n", None).unwrap();
/// assert_eq!(from_json, from_compact);
/// assert_eq!(from_diagram, from_compact);
/// ```
///
/// # Errors
/// A [`ParseError`] that says where and why.
pub fn sowing_position(text: &str, rules: Option<Ruleset>) -> Result<crate::Position, ParseError> {
    sowing_position_telling_side(text, rules).map(|(position, _)| position)
}

/// [`sowing_position`], and whether the text names the side to move (a
/// side field, a `to move` line, a `to_move` key; else South moves).
pub(crate) fn sowing_position_telling_side(
    text: &str,
    rules: Option<Ruleset>,
) -> Result<(crate::Position, bool), ParseError> {
    let body = text.trim_start_matches('\u{feff}');
    let position: Position = match detect(body) {
        PositionForm::Json => from_serde(body, Serde::Json, &SOWING_SHAPE)?,
        PositionForm::Yaml => from_serde(body, Serde::Yaml, &SOWING_SHAPE)?,
        PositionForm::Diagram => {
            return diagram::read(body, rules).map(|d| (d.position, d.to_move_named));
        }
        PositionForm::Compact => {
            // The one line that counts, comments and blank lines around it.
            let Some((index, line)) = meaningful_lines(body).next() else {
                return compact::parse_telling_side(body, rules);
            };
            // A `#` comment may follow the position on its line.
            let position = line.find('#').map_or(line, |at| &line[..at]);
            return compact::parse_telling_side(position, rules).map_err(|mut e| {
                e.source_line = crate::error::Excerpt::new(line, e.location.column);
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
            msg!(
                "position-of-another-ruleset",
                rules = position.rules().id(),
                asked = wanted.id()
            ),
        )
        .with_width(width)
        .with_hint(msg!("hint-drop-rules")));
    }
    Ok((position, value_offset(body, "to_move").is_some()))
}

/// Which serde reader a text goes to.
#[derive(Clone, Copy)]
enum Serde {
    /// JSON, or YAML's flow style when it is not JSON (`{north: [...]}`).
    Json,
    Yaml,
}

/// A JSON or YAML shape: its plain data, what checks it into a value, and
/// the hint its errors give.
struct Shape<Raw, T> {
    check: fn(Raw) -> Result<T, InvalidValue>,
    hint: fn() -> Message,
}

const SOWING_SHAPE: Shape<RawPosition, Position> = Shape {
    check: RawPosition::check,
    hint: || msg!("hint-json-shape"),
};

const SEEGA_SHAPE: Shape<RawSeega, SeegaPosition> = Shape {
    check: RawSeega::check,
    hint: || msg!("hint-seega-json-shape"),
};

/// A value read in two steps, once [`check_nesting`] has let the text
/// through: serde reads the plain data (its errors are about the text's
/// syntax and types, at serde's place), then the shape's check makes the
/// value (its errors name the value at fault by its JSON pointer, and are
/// placed at that field's value in the text).
fn from_serde<Raw: serde::de::DeserializeOwned, T>(
    body: &str,
    form: Serde,
    shape: &Shape<Raw, T>,
) -> Result<T, ParseError> {
    check_nesting(body)?;
    let checked = |raw: Raw| {
        (shape.check)(raw).map_err(|invalid| invalid_value_error(body, invalid, (shape.hint)()))
    };
    match form {
        Serde::Json => match serde_json::from_str::<Raw>(body) {
            Ok(raw) => checked(raw),
            Err(json_error) => match serde_yaml::from_str::<Raw>(body).map(shape.check) {
                Ok(Ok(value)) => Ok(value),
                // The JSON error is the one to report: the text looked like JSON.
                _ => {
                    let place = (json_error.line() > 0)
                        .then(|| (json_error.line(), json_error.column().max(1)));
                    Err(serde_error(
                        body,
                        place,
                        &json_error.to_string(),
                        (shape.hint)(),
                    ))
                }
            },
        },
        Serde::Yaml => match serde_yaml::from_str::<Raw>(body) {
            Ok(raw) => checked(raw),
            Err(e) => {
                let place = e.location().map(|l| (l.line().max(1), l.column().max(1)));
                Err(serde_error(body, place, &e.to_string(), (shape.hint)()))
            }
        },
    }
}

/// An error of serde's own (the text's syntax or types), in its English
/// words, where serde says (or at the start of the text).
fn serde_error(body: &str, place: Option<(usize, usize)>, text: &str, hint: Message) -> ParseError {
    let words = Message::verbatim(without_serde_place(text));
    let error = match place {
        Some((line, column)) => located(body, line, column, words),
        None => ParseError::at(body, body.len() - body.trim_start().len(), words),
    };
    error.with_hint(hint)
}

/// A value the shape's check refused: at its field's value in the text
/// (the first step of its JSON pointer), or at the start of the text when
/// the error is about the whole value or the field is not written.
fn invalid_value_error(body: &str, invalid: InvalidValue, hint: Message) -> ParseError {
    let field = invalid.field().and_then(|key| value_offset(body, key));
    let error = match field {
        Some((offset, width)) => ParseError::at(body, offset, invalid.message).with_width(width),
        None => ParseError::at(body, body.len() - body.trim_start().len(), invalid.message),
    };
    error.with_hint(hint).with_kind(invalid.kind)
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

fn located(text: &str, line: usize, column: usize, message: Message) -> ParseError {
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

/// serde's English words without the place serde writes after them
/// (" at line L column C", with what libyaml adds before it): the error
/// prints its own place, from serde's typed one.
fn without_serde_place(text: &str) -> &str {
    text.rfind(" at line ").map_or(text, |at| &text[..at])
}

/// Reads a Seega position, if the text is one (a Seega compact line,
/// diagram, JSON or YAML) or `rules` asks for Seega; `None` when it is
/// neither, to be read as a sowing position.
///
/// ```
/// use songo_notation::read;
/// assert!(read::seega_position("seega:...../...../...../...../.....:S:placement", None).is_some());
/// assert!(read::seega_position("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5", None).is_none());
/// ```
///
/// # Errors
/// `Some(Err(_))`: a Seega position that does not read, or that is not the
/// ruleset `rules` asks for.
pub fn seega_position(
    text: &str,
    rules: Option<Ruleset>,
) -> Option<Result<SeegaPosition, ParseError>> {
    let body = text.trim_start_matches('\u{feff}');
    let form = seega_form(body, rules)?;
    Some(read_seega(body, form).and_then(|seega| {
        check_seega_wanted(body, rules)?;
        Ok(seega)
    }))
}

fn read_seega(body: &str, form: SeegaForm) -> Result<SeegaPosition, ParseError> {
    Ok(match form {
        SeegaForm::Compact => match meaningful_lines(body).next() {
            // The one line that counts; a `#` comment may follow it.
            Some((index, line)) => {
                let position = line.find('#').map_or(line, |at| &line[..at]);
                seega::notation::parse_compact(position).map_err(|mut e| {
                    e.source_line = crate::error::Excerpt::new(line, e.location.column);
                    e.shifted(index, 0)
                })?
            }
            None => seega::notation::parse_compact(body)?,
        },
        SeegaForm::Diagram => seega::notation::parse_diagram(body)?,
        SeegaForm::Json => from_serde(body, Serde::Json, &SEEGA_SHAPE)?,
        SeegaForm::Yaml => from_serde(body, Serde::Yaml, &SEEGA_SHAPE)?,
    })
}

/// A Seega position where `rules` asks for another ruleset is an error.
fn check_seega_wanted(body: &str, rules: Option<Ruleset>) -> Result<(), ParseError> {
    if let Some(wanted) = rules
        && wanted != Ruleset::Seega
    {
        let (offset, width) = value_offset(body, "rules").unwrap_or_else(|| {
            let first = meaningful_lines(body).next().map_or("", |(_, line)| line);
            (
                body.len() - body.trim_start().len(),
                first.trim().chars().count(),
            )
        });
        return Err(ParseError::at(
            body,
            offset,
            msg!(
                "position-of-another-ruleset",
                rules = Ruleset::Seega.id(),
                asked = wanted.id()
            ),
        )
        .with_width(width)
        .with_hint(msg!("hint-drop-rules")));
    }
    Ok(())
}

enum SeegaForm {
    Compact,
    Diagram,
    Json,
    Yaml,
}

/// Which Seega form a text is in, if it is a Seega position (or Seega is
/// asked for).
fn seega_form(body: &str, rules: Option<Ruleset>) -> Option<SeegaForm> {
    let asked = rules == Some(Ruleset::Seega);
    let trimmed = body.trim();
    let seega_value =
        |value: Option<serde_json::Value>| asked || value.is_some_and(|v| is_seega_value(&v));
    // Too deep for serde: not read here; the reader then refuses it.
    let shallow = check_nesting(trimmed).is_ok();
    if trimmed.starts_with('{') {
        let value = if shallow {
            serde_json::from_str(trimmed)
                .ok()
                .or_else(|| serde_yaml::from_str(trimmed).ok())
        } else {
            None
        };
        return seega_value(value).then_some(SeegaForm::Json);
    }
    if seega::notation::looks_like_diagram(body) {
        return Some(SeegaForm::Diagram);
    }
    let yaml_key = meaningful_lines(trimmed).any(|(_, line)| {
        let line = line.trim_start();
        [
            "north:",
            "south:",
            "rules:",
            "board:",
            "\"rules\":",
            "\"board\":",
        ]
        .iter()
        .any(|key| line.starts_with(key))
    });
    if trimmed.starts_with("---") || yaml_key {
        let value = shallow
            .then(|| serde_yaml::from_str(trimmed).ok())
            .flatten();
        return seega_value(value).then_some(SeegaForm::Yaml);
    }
    let mut lines = meaningful_lines(trimmed);
    match (lines.next(), lines.next()) {
        (Some((_, line)), None) => {
            let position = line.find('#').map_or(line, |at| &line[..at]);
            (asked || seega::notation::looks_compact(position)).then_some(SeegaForm::Compact)
        }
        (None, _) => asked.then_some(SeegaForm::Compact),
        _ => asked.then_some(SeegaForm::Diagram),
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

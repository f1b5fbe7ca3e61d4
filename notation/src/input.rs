//! Reading a position in any of its forms, detected from the text: the
//! compact notation, an OGN `FEN`, JSON or YAML; and, for any ruleset,
//! Seega's forms too ([`parse_any_position`]).

use crate::any::AnyPosition;
use crate::compact;
use crate::error::ParseError;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::seega::{self, SeegaPosition};

/// The forms a position can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PositionForm {
    /// The compact one-line notation (or an OGN `FEN`).
    Compact,
    /// JSON, the shape of `../shared/interfaces.md`.
    Json,
    /// YAML, the same fields as JSON.
    Yaml,
}

/// Guesses the form of a position text.
#[must_use]
pub fn detect(text: &str) -> PositionForm {
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if trimmed.starts_with('{') {
        PositionForm::Json
    } else if trimmed.lines().any(|line| {
        let line = line.trim_start();
        ["north:", "south:", "rules:", "---"]
            .iter()
            .any(|key| line.starts_with(key))
    }) {
        PositionForm::Yaml
    } else {
        PositionForm::Compact
    }
}

/// Reads a position in any form; `rules` applies when the text names no
/// ruleset, and must agree with it when it does.
///
/// ```
/// use songo_notation::{input, Ruleset};
/// let from_json = input::parse_position(r#"{"north":[5,5,5,5,5,5,5],"south":[5,5,5,5,5,5,5]}"#, None).unwrap();
/// let from_compact = input::parse_position("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5", None).unwrap();
/// assert_eq!(from_json, from_compact);
/// ```
///
/// # Errors
/// A [`ParseError`] that says where and why.
pub fn parse_position(text: &str, rules: Option<Ruleset>) -> Result<crate::Position, ParseError> {
    let body = text.trim_start_matches('\u{feff}');
    let position: Position = match detect(body) {
        PositionForm::Json => serde_json::from_str(body).map_err(|e| {
            let (line, column) = (e.line().max(1), e.column().max(1));
            located(body, line, column, strip_serde_position(&e.to_string()))
        })?,
        PositionForm::Yaml => serde_yaml::from_str(body).map_err(|e| {
            let (line, column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
            located(body, line, column, strip_serde_position(&e.to_string()))
        })?,
        PositionForm::Compact => return compact::parse(body, rules),
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

/// Reads a position of any ruleset in any form: Seega's compact form,
/// diagram, JSON or YAML when the text (or `rules`) says Seega, else
/// whatever [`parse_position`] reads. `rules` applies when the text names
/// no ruleset, and must agree with it when it does.
///
/// ```
/// use songo_notation::{input, Ruleset};
/// let seega = input::parse_any_position("NN.NN\nNNNNN\nSN.SS\nSSSSS\nSSSNS\n", None).unwrap();
/// assert_eq!(seega.rules(), Ruleset::Seega);
/// let songo = input::parse_any_position("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5", None).unwrap();
/// assert_eq!(songo.rules(), Ruleset::Songo);
/// let error = input::parse_any_position("seega:NN.NN/NNNNN/SN.SS/SSSSS/SSSNS", Some(Ruleset::Awale));
/// assert!(error.unwrap_err().message.contains("awale was asked for"));
/// ```
///
/// # Errors
/// A [`ParseError`] that says where and why.
pub fn parse_any_position(text: &str, rules: Option<Ruleset>) -> Result<AnyPosition, ParseError> {
    let body = text.trim_start_matches('\u{feff}');
    let trimmed = body.trim();
    let seega = match seega_form(body, rules) {
        Some(SeegaForm::Compact) => seega::notation::parse_compact(body)?,
        Some(SeegaForm::Diagram) => seega::notation::parse_diagram(body)?,
        Some(SeegaForm::Json) => serde_json::from_str::<SeegaPosition>(body).map_err(|e| {
            let (line, column) = (e.line().max(1), e.column().max(1));
            located(body, line, column, strip_serde_position(&e.to_string()))
        })?,
        Some(SeegaForm::Yaml) => serde_yaml::from_str::<SeegaPosition>(body).map_err(|e| {
            let (line, column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
            located(body, line, column, strip_serde_position(&e.to_string()))
        })?,
        None => return parse_position(body, rules).map(AnyPosition::Sowing),
    };
    if let Some(wanted) = rules
        && wanted != Ruleset::Seega
    {
        let offset = body.len() - body.trim_start().len();
        return Err(ParseError::at(
            body,
            offset,
            format!("the position is a seega position but {wanted} was asked for"),
        )
        .with_width(trimmed.lines().next().unwrap_or_default().chars().count())
        .with_hint("drop --rules, or give a position of that ruleset"));
    }
    Ok(AnyPosition::Seega(seega))
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
    if trimmed.starts_with('{') {
        let value: Option<serde_json::Value> = serde_json::from_str(trimmed).ok();
        let seega = asked || value.is_some_and(|v| crate::any::is_seega_value(&v));
        return seega.then_some(SeegaForm::Json);
    }
    if seega::notation::looks_like_diagram(body) {
        return Some(SeegaForm::Diagram);
    }
    let yaml_key = trimmed.lines().any(|line| {
        let line = line.trim_start();
        ["north:", "south:", "rules:", "board:", "---"]
            .iter()
            .any(|key| line.starts_with(key))
    });
    if yaml_key {
        let value: Option<serde_json::Value> = serde_yaml::from_str(trimmed).ok();
        let seega = asked || value.is_some_and(|v| crate::any::is_seega_value(&v));
        return seega.then_some(SeegaForm::Yaml);
    }
    if trimmed.contains('\n') {
        return asked.then_some(SeegaForm::Diagram);
    }
    (asked || seega::notation::looks_compact(trimmed)).then_some(SeegaForm::Compact)
}

//! `songo convert` for game records: record text, OGN, JSON and YAML.
//!
//! Kept apart from the position conversions of `convert.rs`: `convert`
//! asks [`convert`] first, which answers `None` when the input is no record.

use songo_notation::i18n::{Lang, Localize, Message};
use songo_notation::msg;
use songo_notation::record::{self, GameRecord, serde as record_serde};
use songo_notation::sowing::ogn;

use crate::flags::Target;
use crate::{Failure, input, output};

/// The forms a record can be in.
enum Form {
    Text,
    Json,
    Yaml,
}

/// Skips white space and record comments (`; …` lines, `{…}`) at the start.
fn skip_comments(text: &str) -> &str {
    let mut rest = text.trim_start();
    loop {
        if let Some(after) = rest.strip_prefix(';') {
            rest = after.split_once('\n').map_or("", |(_, r)| r).trim_start();
        } else if rest.starts_with('{') {
            match rest.find('}') {
                Some(end) => rest = rest[end + 1..].trim_start(),
                None => return rest,
            }
        } else {
            return rest;
        }
    }
}

/// Which record form a text is in, if it is a record at all.
fn detect(text: &str) -> Option<Form> {
    let head = text.trim_start_matches('\u{feff}').trim_start();
    if head.starts_with('{')
        && let Ok(value) = serde_json::from_str::<serde_json::Value>(head)
    {
        let object = value.as_object()?;
        return (object.contains_key("tags") || object.contains_key("moves")).then_some(Form::Json);
    }
    let head = skip_comments(head);
    if let Some(inner) = head.strip_prefix('[') {
        let inner = inner.trim_start();
        return Some(if inner.starts_with('{') || inner.starts_with(']') {
            Form::Json
        } else {
            Form::Text
        });
    }
    let yaml_record = text.lines().any(|line| {
        let line = line.trim_start_matches("- ");
        line.starts_with("tags:") || line.starts_with("moves:")
    });
    yaml_record.then_some(Form::Yaml)
}

/// Converts a record file (`*.songo`, `*.ogn`), read whole, whatever its
/// size; `None` for any other argument.
pub(crate) fn from_file(argument: &str, to: Target, lang: Lang) -> Result<Option<String>, Failure> {
    let path = std::path::Path::new(argument);
    let record_file = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("songo") || e.eq_ignore_ascii_case("ogn"));
    if !record_file || !path.is_file() {
        return Ok(None);
    }
    let bytes = std::fs::read(path).map_err(|e| input::cannot_read(argument, &e))?;
    let text = input::text_of(bytes, argument)?;
    // A record file may start with its moves: read it as record text then.
    let form = detect(&text).unwrap_or(Form::Text);
    convert_form(&text, argument, to, form, lang).map(Some)
}

/// Converts `text` if it is a record; `None` when it is not one.
pub(crate) fn convert(
    text: &str,
    origin: &str,
    to: Target,
    lang: Lang,
) -> Result<Option<String>, Failure> {
    match detect(text) {
        Some(form) => convert_form(text, origin, to, form, lang).map(Some),
        None => Ok(None),
    }
}

fn convert_form(
    text: &str,
    origin: &str,
    to: Target,
    form: Form,
    lang: Lang,
) -> Result<String, Failure> {
    let unreadable = |error: Message| {
        Failure::input(msg!(
            "cli-cannot-read-record",
            origin = origin,
            error = error
        ))
    };
    let parse_error = |error: &songo_notation::error::ParseError| {
        unreadable(Message::verbatim(error.localize(lang)))
    };
    let form_error = |error: record_serde::FormError| unreadable(error.located());
    if matches!(form, Form::Json | Form::Yaml) {
        record_serde::check_nesting(text).map_err(|e| parse_error(&e))?;
    }
    let records: Vec<GameRecord> = match form {
        Form::Text => record::read_all(text).map_err(|e| parse_error(&e))?,
        Form::Json => record_serde::from_json(text).map_err(form_error)?,
        Form::Yaml => record_serde::from_yaml(text).map_err(form_error)?,
    };
    let single = records.len() == 1;
    let rendered = match to {
        Target::Record => record::write_all(&records),
        Target::Ogn => {
            let mut games = Vec::new();
            for record in &records {
                games.push(ogn::to_ogn(record).map_err(|e| {
                    Failure::input(msg!(
                        "cli-cannot-write-ogn",
                        origin = origin,
                        error = e.message().clone()
                    ))
                })?);
            }
            games.join("\n")
        }
        Target::Json if single => pretty_json(&records[0])?,
        Target::Json => pretty_json(&records)?,
        Target::Yaml if single => yaml(&records[0])?,
        Target::Yaml => yaml(&records)?,
        Target::Markdown | Target::Text | Target::Svg => {
            // A record drawn for people is a handout: its boards and comments.
            return Err(Failure::input(msg!(
                "cli-record-forms-handout",
                origin = origin.to_string()
            )));
        }
        _ => return Err(Failure::input(msg!("cli-record-forms"))),
    };
    Ok(rendered)
}

fn pretty_json(value: &impl serde::Serialize) -> Result<String, Failure> {
    serde_json::to_string_pretty(value)
        .map(|json| json + "\n")
        .map_err(|e| output::cannot_write(&e))
}

fn yaml(value: &impl serde::Serialize) -> Result<String, Failure> {
    serde_yaml::to_string(value).map_err(|e| output::cannot_write(&e))
}

//! Reading inputs: an argument that is a position itself, a file, or `-` for stdin.

use std::io::Read;
use std::path::Path;

use songo_notation::Ruleset;
use songo_notation::read::{ReadPosition, read_position};

use crate::Failure;

/// The most bytes read from a file or stdin: a position is a few lines.
const MAX_INPUT: u64 = 1 << 20;

/// The text an argument stands for, and a name for error messages.
pub(crate) fn read_argument(argument: &str) -> Result<(String, String), Failure> {
    if argument == "-" {
        return read_limited(std::io::stdin().lock(), "standard input")
            .map(|text| (text, "<stdin>".to_owned()));
    }
    let path = Path::new(argument);
    // A position never names an existing file: try the file first.
    if path.is_file() {
        let file = std::fs::File::open(path)
            .map_err(|e| Failure::input(format!("cannot read {argument}: {e}")))?;
        return read_limited(file, argument).map(|text| (text, argument.to_owned()));
    }
    if looks_like_a_file_name(argument) {
        return Err(Failure::input(format!(
            "cannot read {argument}: no such file (give a file, a position, or - for stdin)"
        )));
    }
    Ok((argument.to_owned(), "<argument>".to_owned()))
}

/// `board.txt`, `games/start.json`: a name with a file extension, which no
/// position form ends with.
fn looks_like_a_file_name(argument: &str) -> bool {
    let Some((stem, extension)) = argument.rsplit_once('.') else {
        return false;
    };
    !stem.is_empty()
        && !argument.contains(['\n', ':', ','])
        && [
            "txt", "md", "json", "yaml", "yml", "fen", "svg", "pgn", "ogn",
        ]
        .contains(&extension.to_ascii_lowercase().as_str())
}

fn read_limited(reader: impl Read, name: &str) -> Result<String, Failure> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::input(format!("cannot read {name}: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(Failure::input(format!(
            "{name} is larger than {MAX_INPUT} bytes: is it a position?"
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        Failure::input(format!(
            "{name} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// A position of any ruleset from an argument (position text, file or `-`).
pub(crate) fn any_position(
    argument: &str,
    rules: Option<Ruleset>,
) -> Result<ReadPosition, Failure> {
    let (text, origin) = read_argument(argument)?;
    parse_any(&text, &origin, rules)
}

/// Reads a position of any ruleset; `origin` names the input in errors.
pub(crate) fn parse_any(
    text: &str,
    origin: &str,
    rules: Option<Ruleset>,
) -> Result<ReadPosition, Failure> {
    read_position(text, rules)
        .map_err(|e| Failure::input(format!("{origin}: cannot read the position: {e}")))
}

//! Reading inputs: an argument that is a position itself, a file, or `-` for stdin.

use std::io::Read;
use std::path::Path;

use songo_notation::{Position, Ruleset, input};

use crate::Failure;

/// The text an argument stands for, and a name for error messages.
pub(crate) fn read_argument(argument: &str) -> Result<(String, String), Failure> {
    if argument == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| Failure::input(format!("cannot read standard input: {e}")))?;
        return Ok((text, "<stdin>".to_owned()));
    }
    let path = Path::new(argument);
    // A position never contains a path separator in its first field, and a
    // file name rarely contains ':' or ',': try the file first.
    if path.is_file() {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Failure::input(format!("cannot read {argument}: {e}")))?;
        return Ok((text, argument.to_owned()));
    }
    Ok((argument.to_owned(), "<argument>".to_owned()))
}

/// A position from an argument (position text, file or `-`).
pub(crate) fn position(argument: &str, rules: Option<Ruleset>) -> Result<Position, Failure> {
    let (text, origin) = read_argument(argument)?;
    input::parse_position(&text, rules)
        .map_err(|e| Failure::input(format!("{origin}: cannot read the position: {e}")))
}

//! Reading inputs: an argument that is a position itself, a file, or `-` for stdin.

use std::io::Read;
use std::path::Path;

use songo_notation::i18n::{Lang, Localize, Message};
use songo_notation::msg;
use songo_notation::read::{ReadPosition, read_position};
use songo_notation::{Ruleset, Side};

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
        let file = std::fs::File::open(path).map_err(|e| cannot_read(argument, &e))?;
        return read_limited(file, argument).map(|text| (text, argument.to_owned()));
    }
    if looks_like_a_file_name(argument) {
        return Err(Failure::input(msg!("cli-no-such-file", name = argument)));
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

/// `cannot read NAME: why` (the system's words for why).
pub(crate) fn cannot_read(name: &str, error: &std::io::Error) -> Failure {
    Failure::input(msg!(
        "cli-cannot-read",
        name = name,
        error = Message::verbatim(error.to_string())
    ))
}

/// The UTF-8 text of `reader`, at most `MAX_INPUT` bytes.
pub(crate) fn read_limited(reader: impl Read, name: &str) -> Result<String, Failure> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot_read(name, &e))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(Failure::input(msg!(
            "cli-input-too-large",
            name = name,
            most = MAX_INPUT
        )));
    }
    text_of(bytes, name)
}

/// The text of `bytes` read from `name`, which must be UTF-8.
pub(crate) fn text_of(bytes: Vec<u8>, name: &str) -> Result<String, Failure> {
    String::from_utf8(bytes).map_err(|e| {
        Failure::input(msg!(
            "cli-not-utf8",
            name = name,
            offset = e.utf8_error().valid_up_to()
        ))
    })
}

/// A position of any ruleset from an argument (position text, file or `-`).
pub(crate) fn any_position(
    argument: &str,
    rules: Option<Ruleset>,
    lang: Lang,
) -> Result<ReadPosition, Failure> {
    let (text, origin) = read_argument(argument)?;
    parse_any(&text, &origin, rules, lang)
}

/// The position read, `side` to move when `--to-move` says it.
pub(crate) fn to_move(read: ReadPosition, side: Option<Side>) -> Result<ReadPosition, Failure> {
    let Some(side) = side else {
        return Ok(read);
    };
    let position = read
        .position
        .with_to_move(side)
        .map_err(|why| Failure::input(msg!("cli-bad-to-move", side = side.as_str(), text = why)))?;
    Ok(ReadPosition { position, ..read })
}

/// Reads a position of any ruleset; `origin` names the input in errors.
pub(crate) fn parse_any(
    text: &str,
    origin: &str,
    rules: Option<Ruleset>,
    lang: Lang,
) -> Result<ReadPosition, Failure> {
    read_position(text, rules).map_err(|e| {
        Failure::input(msg!(
            "cli-cannot-read-position",
            origin = origin,
            error = Message::verbatim(e.localize(lang))
        ))
    })
}

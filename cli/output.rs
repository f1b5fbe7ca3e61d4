//! Writing results: text to stdout, quietly stopping on a closed pipe.

use std::io::{self, Write};

use serde::Serialize;

use crate::flags::ReportFormat;
use crate::{EXIT_OK, Failure};

/// Prints `text` to stdout; a closed pipe (`songo … | head`) is not an error.
pub(crate) fn print(text: &str) -> Result<u8, Failure> {
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => Ok(EXIT_OK),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(EXIT_OK),
        Err(e) => Err(Failure::input(format!("cannot write the output: {e}"))),
    }
}

/// A value as pretty JSON (with a final newline) or YAML.
pub(crate) fn serialize(value: &impl Serialize, format: ReportFormat) -> Result<String, Failure> {
    match format {
        ReportFormat::Yaml => serde_yaml::to_string(value).map_err(Failure::input),
        _ => serde_json::to_string_pretty(value)
            .map(|json| json + "\n")
            .map_err(Failure::input),
    }
}

//! Where records are read from: standard input, files, and the record
//! files (`*.songo`, `*.ogn`) found under directories, in sorted order.
//! Shared by `validate`, `validate --fix`, `exercises` and `archive import`.

use std::io::{self, Read};
use std::path::{Path, PathBuf};

use songo_notation::i18n::Message;
use songo_notation::msg;

use crate::Failure;

/// A place games are read from.
pub(crate) enum Source {
    Stdin,
    File(PathBuf),
}

impl Source {
    pub(crate) fn name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_owned(),
            Source::File(path) => path.display().to_string(),
        }
    }

    pub(crate) fn size(&self) -> Option<u64> {
        match self {
            Source::Stdin => None,
            Source::File(path) => std::fs::metadata(path).ok().map(|m| m.len()),
        }
    }

    pub(crate) fn open(&self) -> io::Result<Box<dyn Read>> {
        match self {
            Source::Stdin => Ok(Box::new(io::stdin())),
            Source::File(path) => Ok(Box::new(std::fs::File::open(path)?)),
        }
    }
}

/// Record files found under a directory, sorted.
fn record_files(dir: &Path, found: &mut Vec<PathBuf>) -> io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<io::Result<_>>()?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            record_files(&path, found)?;
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("songo") || e.eq_ignore_ascii_case("ogn"))
        {
            found.push(path);
        }
    }
    Ok(())
}

pub(crate) fn sources(inputs: &[String]) -> Result<Vec<Source>, Failure> {
    let mut sources = Vec::new();
    for input in inputs {
        if input == "-" {
            sources.push(Source::Stdin);
            continue;
        }
        // An empty argument (`""`, an unset shell variable) names no file;
        // the system's "No such file" would show an empty name.
        if input.is_empty() {
            return Err(Failure::input(msg!("cli-empty-file-name")));
        }
        let path = Path::new(input);
        if path.is_dir() {
            let mut found = Vec::new();
            record_files(path, &mut found).map_err(|e| {
                Failure::input(msg!(
                    "cli-cannot-read-directory",
                    name = input.as_str(),
                    error = Message::verbatim(e.to_string())
                ))
            })?;
            if found.is_empty() {
                return Err(Failure::input(msg!(
                    "cli-no-record-file",
                    name = input.as_str()
                )));
            }
            sources.extend(found.into_iter().map(Source::File));
        } else {
            sources.push(Source::File(path.to_owned()));
        }
    }
    Ok(sources)
}

//! `songo validate --fix`: apply the fixes the hints name and write the
//! corrected records, with a summary of what changed and what is left.
//!
//! Files are rewritten in place (a temporary file beside them, then a
//! rename, so a failure leaves the old record whole); standard input, or
//! any input with `--stdout`, is written to standard output, and the
//! summary then goes to standard error. `--dry-run` writes nothing.

use std::io::{self, Read, Write};
use std::path::Path;

use songo_notation::i18n::{Lang, Localize, Message};
use songo_notation::msg;
use songo_notation::validate::{FixOutcome, Options, fix_str};

use crate::sources::Source;
use crate::{EXIT_INVALID, EXIT_OK, EXIT_USAGE, Failure, output};

/// The largest record `--fix` reads: it holds the whole text in memory.
const MAX_FIX_BYTES: u64 = 64 << 20;

/// How the fixed records are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Destination {
    /// Files in place, standard input to standard output.
    InPlace,
    /// Every record to standard output.
    Stdout,
    /// Nowhere: say what would change.
    DryRun,
}

/// Reads a source whole, refusing what is too large or not UTF-8.
fn read_source(source: &Source, name: &str) -> Result<String, Message> {
    let cannot_read = |error: &io::Error| {
        msg!(
            "cli-cannot-read",
            name = name,
            error = Message::verbatim(error.to_string())
        )
    };
    let mut bytes = Vec::new();
    source
        .open()
        .and_then(|stream| stream.take(MAX_FIX_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| cannot_read(&e))?;
    if bytes.len() as u64 > MAX_FIX_BYTES {
        return Err(msg!(
            "fix-too-large",
            name = name,
            most = MAX_FIX_BYTES >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|_| msg!("fix-not-utf8", name = name))
}

/// Writes `text` to `path` through a temporary file beside it and a
/// rename, keeping the file's permissions.
fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let file_name = path.file_name().unwrap_or_default().to_string_lossy();
    let temporary = dir.join(format!(".{file_name}.songo-fix-{}", std::process::id()));
    let written = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        if let Ok(metadata) = std::fs::metadata(path) {
            std::fs::set_permissions(&temporary, metadata.permissions())?;
        }
        std::fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// The summary of one record: the fixes applied (or that would be) and
/// the violations left.
fn summary(name: &str, outcome: &FixOutcome, destination: Destination, lang: Lang) -> String {
    let mut text = String::new();
    let mut line = |message: Message| {
        text.push_str(&message.localize(lang));
        text.push('\n');
    };
    let left = outcome.report.summary.violations;
    let fixes = outcome.applied.len();
    line(if destination == Destination::DryRun {
        msg!(
            "fix-file-would-fix",
            file = name,
            fixes = fixes,
            left = left
        )
    } else {
        msg!("fix-file-fixed", file = name, fixes = fixes, left = left)
    });
    for applied in &outcome.applied {
        // An inserted line is shown without its line break.
        let after = applied.after.trim_end_matches(['\r', '\n']);
        if applied.before.is_empty() {
            line(msg!(
                "fix-inserted",
                line = applied.line,
                column = applied.column,
                rule = applied.rule.as_str(),
                after = after
            ));
            continue;
        }
        line(msg!(
            "fix-applied",
            line = applied.line,
            column = applied.column,
            rule = applied.rule.as_str(),
            before = applied.before.as_str(),
            after = after
        ));
    }
    for game in &outcome.report.games {
        for violation in &game.violations {
            line(msg!(
                "fix-left",
                line = violation.line,
                column = violation.column,
                rule = violation.rule.as_str(),
                message = Message::verbatim(violation.message.clone())
            ));
        }
        if game.omitted > 0 {
            line(msg!("fix-left-omitted", count = game.omitted));
        }
    }
    if outcome.undone {
        line(msg!("fix-undone"));
    }
    text
}

/// Fixes every source; gives the exit status.
pub(crate) fn run(
    sources: &[Source],
    options: &Options,
    destination: Destination,
    lang: Lang,
) -> Result<u8, Failure> {
    let mut report = String::new();
    let mut failed = false;
    let mut invalid = false;
    let (mut fixes, mut left, mut files) = (0, 0, 0);
    let mut stdout = io::stdout().lock();
    for source in sources {
        let name = source.name();
        let text = match read_source(source, &name) {
            Ok(text) => text,
            Err(message) => {
                eprintln!("{}", msg!("cli-error", text = message).localize(lang));
                failed = true;
                continue;
            }
        };
        // The validator reads past a byte-order mark: the fixes' offsets
        // are after it, and it is written back as it was.
        let (bom, body) = match text.strip_prefix('\u{feff}') {
            Some(body) => ("\u{feff}", body),
            None => ("", text.as_str()),
        };
        let outcome = fix_str(body, options);
        files += 1;
        fixes += outcome.applied.len();
        left += outcome.report.summary.violations;
        invalid |= outcome.report.summary.invalid > 0;
        let to_stdout = destination == Destination::Stdout
            || (destination == Destination::InPlace && matches!(source, Source::Stdin));
        if to_stdout {
            stdout
                .write_all(bom.as_bytes())
                .and_then(|()| stdout.write_all(outcome.text.as_bytes()))
                .map_err(|e| output::cannot_write(&e))?;
        } else if destination == Destination::InPlace
            && !outcome.applied.is_empty()
            && let Source::File(path) = source
            && let Err(error) = write_atomically(path, &format!("{bom}{}", outcome.text))
        {
            let message = msg!(
                "fix-cannot-write",
                name = name.as_str(),
                error = Message::verbatim(error.to_string())
            );
            eprintln!("{}", msg!("cli-error", text = message).localize(lang));
            failed = true;
            continue;
        }
        report.push_str(&summary(&name, &outcome, destination, lang));
    }
    let total = if destination == Destination::DryRun {
        msg!("fix-total-would", files = files, fixes = fixes, left = left)
    } else {
        msg!("fix-total", files = files, fixes = fixes, left = left)
    };
    report.push_str(&total.localize(lang));
    report.push('\n');
    // With the records on standard output, the summary goes beside it.
    let summary_to_stderr = destination == Destination::Stdout
        || (destination == Destination::InPlace
            && sources.iter().any(|source| matches!(source, Source::Stdin)));
    if summary_to_stderr {
        eprint!("{report}");
    } else {
        stdout
            .write_all(report.as_bytes())
            .and_then(|()| stdout.flush())
            .map_err(|e| output::cannot_write(&e))?;
    }
    Ok(if failed {
        EXIT_USAGE
    } else if invalid {
        EXIT_INVALID
    } else {
        EXIT_OK
    })
}

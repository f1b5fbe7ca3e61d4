//! `songo annotate`: a game record written back with the teaching
//! vocabulary as comments.

use std::io::Read;

use songo_notation::Ruleset;
use songo_notation::i18n::Lang;
use songo_notation::teach::record::{self, AnnotationReport, Options};

use crate::flags::ReportFormat;
use crate::output;
use crate::{EXIT_INVALID, Failure};

/// The most bytes of records read at once (a record of a whole season fits).
const MAX_RECORDS: u64 = 64 << 20;

/// What `annotate` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// The record again, with the comments.
    Record,
    /// The annotations as data (ply, teach.* id, houses, numbers) and the record, as JSON.
    Json,
    /// The same as YAML.
    Yaml,
}

/// Annotate game records: write them back with a comment, in the vocabulary of the teaching texts, at each ply where something happens.
///
/// A threat created, a double threat, a threat ignored and then carried
/// out, a yinda or an evasion, a grenier built or played (with its
/// harvest), the bidoua turning; for Seega, pieces newly threatened and a
/// side left without a step. Comments, glyphs and variations already in the
/// record are kept (only the main line is annotated), and annotating twice
/// writes each comment once. The comments are in the language of --lang.
/// A game with an illegal move is annotated up to that move (exit 1).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo annotate fixtures/records/valid/songo-full-game.songo
  songo annotate --lang fr game.songo > game-annotated.songo
  songo annotate --format json game.songo
  songo generate --games 3 | songo annotate -

Exit status: 0 every game annotated, 1 a game stopped at an illegal move (the rest is written), 2 usage error or unreadable record.")]
pub(crate) struct Args {
    /// The record file, or `-` for stdin.
    #[arg(value_name = "FILE")]
    input: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Record)]
    format: Format,
    /// The ruleset of games whose record names none (default songo).
    #[arg(long)]
    rules: Option<Ruleset>,
}

pub(crate) fn run(args: &Args, lang: Lang) -> Result<u8, Failure> {
    let (text, name) = read(&args.input)?;
    let options = Options {
        lang,
        default_rules: args.rules,
    };
    let report = record::annotate_text(&text, &options)
        .map_err(|error| Failure::input(format!("{name}: {error}")))?;
    let rendered = match args.format {
        Format::Record => report.record.clone(),
        Format::Json => output::serialize(&report, ReportFormat::Json)?,
        Format::Yaml => output::serialize(&report, ReportFormat::Yaml)?,
    };
    let status = output::print(&rendered)?;
    if report.complete() {
        return Ok(status);
    }
    warn_stops(&report, &name);
    Err(Failure {
        message: String::new(),
        status: EXIT_INVALID,
    })
}

/// One line on stderr for each game whose annotation stopped early.
fn warn_stops(report: &AnnotationReport, name: &str) {
    for game in &report.games {
        let Some(stop) = &game.stopped else {
            continue;
        };
        let place = stop
            .ply
            .checked_sub(1)
            .and_then(|index| game.record.main_line().nth(index))
            .and_then(|played| played.at)
            .map_or_else(String::new, |at| format!(":{}:{}", at.line, at.column));
        let played = stop
            .played
            .as_deref()
            .map_or_else(String::new, |text| format!(" ({text})"));
        eprintln!(
            "warning: {name}{place}: game {}: annotated up to ply {}; ply {}{played} cannot be played: {} ({}); songo validate says more",
            game.index + 1,
            game.plies,
            stop.ply,
            stop.message,
            stop.rule
        );
    }
}

/// The records' text and a name for messages: a file, or stdin for `-`.
fn read(argument: &str) -> Result<(String, String), Failure> {
    let (reader, name): (Box<dyn Read>, String) = if argument == "-" {
        (Box::new(std::io::stdin().lock()), "<stdin>".to_owned())
    } else {
        let file = std::fs::File::open(argument)
            .map_err(|e| Failure::input(format!("cannot read {argument}: {e}")))?;
        (Box::new(file), argument.to_owned())
    };
    let mut bytes = Vec::new();
    reader
        .take(MAX_RECORDS + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::input(format!("cannot read {name}: {e}")))?;
    if bytes.len() as u64 > MAX_RECORDS {
        return Err(Failure::input(format!(
            "{name} is larger than {} MiB: split it into smaller files",
            MAX_RECORDS >> 20
        )));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        Failure::input(format!(
            "{name} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    Ok((text, name))
}

//! `songo annotate`: a game record written back with the teaching
//! vocabulary as comments, and with `--engine` the analysis's marks.

use std::io::{IsTerminal, Read};
use std::path::PathBuf;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use songo_notation::Ruleset;
use songo_notation::analysis::annotate::{Engine, EngineLimits};
use songo_notation::analysis::{Analyser, Limits, MAX_DEPTH};
use songo_notation::annotation::{self, AnnotationReport, EngineProgress, Options};
use songo_notation::i18n::{Lang, Localize};
use songo_notation::msg;

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
///
/// With --engine, the analysis judges every ply of the sowing games too
/// (see docs/analysis.md): the move's glyph (?! inaccuracy, ? mistake,
/// ?? blunder, ! the only move that keeps the value), a comment
/// `{[%eval +3 d12] ...}` with the value after the move from South's point
/// of view, the better line as a variation, and each player's summary as
/// the game's last comment. Annotating again replaces what the engine wrote
/// and keeps the author's glyphs, comments and variations.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo annotate fixtures/records/valid/songo-full-game.songo
  songo annotate --lang fr game.songo > game-annotated.songo
  songo annotate --engine --depth 10 \\
      fixtures/records/engine/grenier-missed.songo
  songo annotate --engine --movetime 500 --tables tables/ game.songo
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
    /// Judge every ply with the analysis too: glyphs, [%eval] comments, better lines.
    #[arg(long)]
    engine: bool,
    /// With --engine: the depth of each ply's analysis, in plies.
    #[arg(long, requires = "engine", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    depth: Option<u32>,
    /// With --engine: milliseconds for each ply's analysis (the marks then depend on the machine's speed).
    #[arg(long, value_name = "MS", requires = "engine", value_parser = clap::value_parser!(u64).range(1..=600_000))]
    movetime: Option<u64>,
    /// With --engine: positions visited by each ply's analysis [default: 200000 when no --depth nor --movetime]; the same marks every run.
    #[arg(long, requires = "engine", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// With --engine: seconds for each game's analysis, all plies together; the plies not reached are not judged.
    #[arg(long, value_name = "SECONDS", requires = "engine", default_value_t = 120, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    total_time: u64,
    /// With --engine: memory of the transposition table, in MiB.
    #[arg(long, value_name = "MB", requires = "engine", default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=16_384))]
    hash: u64,
    /// With --engine: a directory of endgame tables (`songo tables build`) for the ruleset of the first game.
    // Not `requires`: SONGO_TABLES set in the environment must not make
    // `--engine` compulsory.
    #[arg(long, value_name = "DIR", env = "SONGO_TABLES")]
    tables: Option<PathBuf>,
}

pub(crate) fn run(args: &Args, lang: Lang) -> Result<u8, Failure> {
    let (text, name) = read(&args.input)?;
    let options = Options {
        lang,
        default_rules: args.rules,
    };
    let analyser = if args.engine {
        Some(analyser(args, &text, lang)?)
    } else {
        None
    };
    let engine = analyser.as_ref().map(|analyser| Engine {
        analyser,
        limits: engine_limits(args),
    });
    let records = annotation::read_text(&text).map_err(|error| {
        Failure::input(songo_notation::i18n::Message::verbatim(format!(
            "{name}: {}",
            error.localize(lang)
        )))
    })?;
    let bar = progress_line(engine.is_some(), lang);
    let report = annotation::annotate_records_reporting(
        &records,
        &options,
        engine.as_ref(),
        &mut |judged| show_progress(&bar, judged),
    );
    bar.finish_and_clear();
    warn_unjudged(&report, &name, lang);
    warn_renumbered(&text, &name, args.rules, lang);
    let rendered = match args.format {
        Format::Record => report.record.clone(),
        Format::Json => output::serialize(&report, ReportFormat::Json)?,
        Format::Yaml => output::serialize(&report, ReportFormat::Yaml)?,
    };
    let status = output::print(&rendered)?;
    if report.complete() {
        return Ok(status);
    }
    warn_stops(&report, &name, lang);
    Err(Failure {
        message: None,
        hint: None,
        status: EXIT_INVALID,
    })
}

/// The engine's progress on a terminal (`judging game 1: ply 34/171`): a
/// game takes up to a minute. Hidden when stderr is no terminal.
fn progress_line(engine: bool, lang: Lang) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    bar.set_message("1");
    if engine && std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(5));
    }
    if let Ok(style) = ProgressStyle::with_template(&msg!("cli-annotate-progress").localize(lang)) {
        bar.set_style(style);
    }
    bar
}

/// A ply judged, on the progress line.
fn show_progress(bar: &ProgressBar, judged: EngineProgress<'_>) {
    bar.set_length(judged.plies as u64);
    bar.set_position(judged.judgement.ply as u64);
    let game = (judged.game + 1).to_string();
    if bar.message() != game {
        bar.set_message(game);
    }
}

/// The limits of `--depth`, `--movetime`, `--total-time`.
fn engine_limits(args: &Args) -> EngineLimits {
    let mut limits = EngineLimits {
        per_ply: Limits {
            depth: args.depth,
            time: args.movetime.map(Duration::from_millis),
            nodes: args.nodes,
        },
        per_game: Duration::from_secs(args.total_time),
        total: None,
    };
    if limits.per_ply == Limits::default() {
        limits.per_ply = EngineLimits::default().per_ply;
    }
    limits
}

/// The analyser of `--engine`, with the endgame tables of `--tables` for
/// the ruleset of `--rules`, else of the first game.
fn analyser(args: &Args, text: &str, lang: Lang) -> Result<Analyser, Failure> {
    let hash_bytes = usize::try_from(args.hash << 20).unwrap_or(usize::MAX);
    if args.tables.is_none() {
        return crate::analyse::analyser(hash_bytes, 1, None, Ruleset::Songo, lang);
    }
    // A text that does not read gets its error from the annotation.
    let first = songo_notation::record::read_all(text)
        .ok()
        .and_then(|games| games.into_iter().next());
    let rules = match (args.rules, first) {
        (Some(rules), _) => rules,
        (None, Some(game)) => songo_notation::record::ruleset_of(&game.tags, None)
            .map_err(|error| Failure::input(error.message))?,
        (None, None) => Ruleset::Songo,
    };
    crate::analyse::analyser(hash_bytes, 1, args.tables.as_deref(), rules, lang)
}

/// One line on stderr for each move number the record gets wrong: the
/// record written back numbers its moves anew, and the mistake would
/// otherwise go without a word (`songo validate` reports it as
/// `record.move-number`).
fn warn_renumbered(text: &str, name: &str, rules: Option<Ruleset>, lang: Lang) {
    let report = songo_notation::validate::validate_str(
        text,
        &songo_notation::validate::Options {
            keep_going: true,
            default_rules: rules,
            lang,
            omit_valid_tags: false,
        },
    );
    for game in &report.games {
        for violation in game
            .violations
            .iter()
            .filter(|v| v.rule == songo_notation::RuleId::RecordMoveNumber)
        {
            let text = msg!(
                "annotate-warning-renumbered",
                name = name,
                line = violation.line,
                column = violation.column,
                message = violation.message.as_str()
            );
            eprintln!("{}", msg!("cli-warning", text = text).localize(lang));
        }
    }
}

/// One line on stderr for each game the engine judged only in part.
fn warn_unjudged(report: &AnnotationReport, name: &str, lang: Lang) {
    for game in &report.games {
        if let Some(unjudged) = game.engine.as_ref().and_then(|review| review.unjudged) {
            let text = msg!(
                "annotate-warning-unjudged",
                name = name,
                game = game.index + 1,
                text = unjudged.localize(lang)
            );
            eprintln!("{}", msg!("cli-warning", text = text).localize(lang));
        }
    }
}

/// One line on stderr for each game whose annotation stopped early.
fn warn_stops(report: &AnnotationReport, name: &str, lang: Lang) {
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
        let text = msg!(
            "annotate-warning-stopped",
            name = format!("{name}{place}"),
            game = game.index + 1,
            plies = game.plies,
            ply = stop.ply,
            played = played,
            message = stop.message.as_str(),
            rule = stop.rule.as_str()
        );
        eprintln!("{}", msg!("cli-warning", text = text).localize(lang));
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

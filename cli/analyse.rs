//! `songo analyse`: the best move, the value and the line of a position.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use songo_notation::analysis::tables::Tables;
use songo_notation::analysis::{
    Analyser, AnalysisOptions, AnalysisReport, Limits, MAX_DEPTH, check_rules,
};
use songo_notation::i18n::{Lang, Localize, Message};
use songo_notation::msg;
use songo_notation::render::game_over_line_in;
use songo_notation::sowing::render::BoardView;
use songo_notation::{LetterCase, Ruleset, Side};

use crate::flags::{Letters, ReportFormat};
use crate::output;
use crate::{Failure, input};

/// The search time when no limit is given.
const DEFAULT_MOVETIME_MS: u64 = 1000;

/// The most memory the transposition table may take, in MiB.
const MAX_HASH_MB: usize = 16 * 1024;

/// Find the best move of a position, its value and the line that follows.
///
/// The value is the final score difference the side to move can force (his
/// final score minus the opponent's, stores included), exact when the search
/// saw every line to its end or read it from an endgame table, else an
/// estimate at the depth reached. A game that could go on for ever without a
/// capture counts the stores as they stand (see docs/analysis.md). Without a
/// limit the search runs for one second at most: it stops as soon as the
/// value is proven.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo analyse --position fixtures/positions/capture-ex3.txt --depth 8
  songo analyse --position 'songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S' \\
      --movetime 3000
  songo analyse --rules awale --position '0-0-0-1-0-2-0-1-0-0-0-1-20-23-S' \\
      --tables tables/
  songo analyse --position board.txt --format json

Exit status: 0 analysed (a finished game too), 2 bad input or usage.")]
pub(crate) struct Args {
    /// The position: compact notation, OGN FEN, a diagram, JSON or YAML; a file; or `-` for stdin.
    #[arg(long, short)]
    position: String,
    /// The ruleset, when the position does not say it.
    #[arg(long)]
    rules: Option<Ruleset>,
    /// Stop after this many plies of iterative deepening.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    depth: Option<u32>,
    /// Stop after this many milliseconds (the last complete iteration is shown).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    movetime: Option<u64>,
    /// Stop after visiting this many positions.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Memory of the transposition table, in MiB.
    #[arg(long, value_name = "MB", default_value_t = 16)]
    hash: usize,
    /// Search threads (1 gives the same answer every run).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
    /// A directory of endgame tables (`songo tables build`).
    #[arg(long, value_name = "DIR", env = "SONGO_TABLES")]
    tables: Option<PathBuf>,
    /// Awale letters of the moves [default: as the input diagram, else south-upper].
    #[arg(long, value_enum)]
    letters: Option<Letters>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,
}

pub(crate) fn run(args: &Args, lang: Lang) -> Result<u8, Failure> {
    let read = input::any_position(&args.position, args.rules, lang)?;
    let position = read.position;
    let rules = position.rules();
    check_rules(rules).map_err(Failure::input)?;
    if args.hash == 0 || args.hash > MAX_HASH_MB {
        return Err(Failure::input(format!(
            "--hash takes 1 to {MAX_HASH_MB} MiB, not {}",
            args.hash
        )));
    }
    let analyser = analyser(
        args.hash << 20,
        args.threads as usize,
        args.tables.as_deref(),
        rules,
        lang,
    )?;
    let mut limits = Limits {
        depth: args.depth,
        time: args.movetime.map(Duration::from_millis),
        nodes: args.nodes,
    };
    if limits == Limits::default() {
        limits.time = Some(Duration::from_millis(DEFAULT_MOVETIME_MS));
    }
    let letters = args.letters.map_or(read.letters, LetterCase::from);
    let report = analyser
        .analyse(&position, &limits)
        .map_err(Failure::input)?;
    let rendered = match args.format {
        ReportFormat::Text => text(&report.in_case(letters), letters, lang),
        format => output::serialize(&report, format)?,
    };
    output::print(&rendered)
}

/// A value with its sign, as a score difference is written (`+11`, `0`, `-3`).
fn signed(value: i32) -> String {
    if value > 0 {
        format!("+{value}")
    } else {
        value.to_string()
    }
}

fn text(report: &AnalysisReport, letters: LetterCase, lang: Lang) -> String {
    let mut out = String::new();
    let position = &report.position;
    let _ = write!(
        out,
        "{}",
        songo_notation::sowing::render::text::board(
            &BoardView::new(*position).letters(letters).in_lang(lang)
        )
    );
    let mover = position.to_move();
    let say = |message: Message| message.localize(lang);
    if let Some(over) = &report.game_over {
        let _ = writeln!(out, "{}", game_over_line_in(over, lang));
        let _ = writeln!(
            out,
            "{}",
            say(msg!(
                "analyse-final-value",
                side = mover.as_str(),
                value = signed(report.value)
            ))
        );
        return out;
    }
    let how = if report.exact {
        msg!("analyse-exact")
    } else {
        msg!("analyse-estimate-at", depth = report.depth)
    };
    let _ = writeln!(
        out,
        "{}",
        say(msg!(
            "analyse-best",
            move = report
                .best
                .map_or_else(|| "-".to_owned(), |house| report.name(house).to_string()),
            value = signed(report.value),
            side = mover.as_str(),
            text = say(how)
        ))
    );
    let _ = writeln!(
        out,
        "{}",
        say(msg!(
            "analyse-value-means",
            side = mover.as_str(),
            opponent = mover.opposite().as_str()
        ))
    );
    let _ = writeln!(
        out,
        "{}",
        say(msg!("analyse-line", moves = numbered(report, mover)))
    );
    let _ = writeln!(out, "{}", say(msg!("analyse-moves")));
    for entry in &report.moves {
        let kind = if entry.exact {
            msg!("analyse-exact")
        } else {
            msg!("analyse-estimate")
        };
        let _ = writeln!(
            out,
            "  {:<3} {:>4}  {}",
            report.name(entry.house).to_string(),
            signed(entry.value),
            say(kind)
        );
    }
    let _ = writeln!(
        out,
        "{}",
        say(msg!(
            "analyse-depth",
            depth = report.depth,
            nodes = report.nodes,
            hits = report.table_hits
        ))
    );
    let _ = writeln!(
        out,
        "{}",
        say(msg!(
            "analyse-time",
            seconds = decimal(report.time_ms as f64 / 1000.0, lang),
            speed = report.nodes_per_second
        ))
    );
    out
}

/// An analyser of `hash_bytes` and `threads`, with the endgame tables of
/// `rules` in `tables` when given (read now, so that the search never waits
/// for the disk; a folder with none of them gets a warning). `analyse`,
/// `annotate --engine` and `exercises` all build theirs here.
pub(crate) fn analyser(
    hash_bytes: usize,
    threads: usize,
    tables: Option<&std::path::Path>,
    rules: Ruleset,
    lang: Lang,
) -> Result<Analyser, Failure> {
    let analyser = Analyser::new(&AnalysisOptions {
        hash_bytes,
        threads,
    });
    let Some(dir) = tables else {
        return Ok(analyser);
    };
    let tables = Tables::open(dir, rules).map_err(Failure::input)?;
    if tables.max_seeds().is_none() {
        warn_no_tables(dir, rules, lang);
    }
    tables.load_all().map_err(Failure::input)?;
    Ok(analyser.with_tables(Arc::new(tables)))
}

/// A warning that `dir` holds no table of `rules`, naming the rulesets it
/// holds tables of: tables of another game are silently useless otherwise.
fn warn_no_tables(dir: &std::path::Path, rules: Ruleset, lang: Lang) {
    let others: Vec<&str> = Ruleset::ALL
        .into_iter()
        .filter(|other| check_rules(*other).is_ok() && *other != rules)
        .filter(|other| Tables::open(dir, *other).is_ok_and(|tables| tables.max_seeds().is_some()))
        .map(Ruleset::id)
        .collect();
    let text = msg!(
        "analyse-warning-no-tables",
        dir = dir.display().to_string(),
        rules = rules.id(),
        others = others.join(", "),
        count = others.len()
    );
    eprintln!("{}", msg!("cli-warning", text = text).localize(lang));
}

/// The report's line `S5 N4 S1` as `1. S5 N4 2. S1`, and `N4 S1` as
/// `1... N4 2. S1`: the line's first move is `first`'s.
fn numbered(report: &AnalysisReport, first: Side) -> String {
    // As a record numbers them: a full move is South's then North's, so a
    // line North starts reads `1... N1 2. S2`, not `1. N1 S2`.
    let mut out = String::new();
    let mut number = 1;
    for (index, &house) in report.pv.iter().enumerate() {
        let side = if index % 2 == 0 {
            first
        } else {
            first.opposite()
        };
        if index > 0 {
            out.push(' ');
        }
        match side {
            Side::South => {
                if index > 0 {
                    number += 1;
                }
                let _ = write!(out, "{number}. ");
            }
            Side::North if index == 0 => {
                let _ = write!(out, "{number}... ");
            }
            Side::North => {}
        }
        let _ = write!(out, "{}", report.name(house));
    }
    out
}

/// Seconds with two decimals, with the language's decimal separator.
fn decimal(value: f64, lang: Lang) -> String {
    let text = format!("{value:.2}");
    match lang {
        Lang::Fr => text.replace('.', ","),
        _ => text,
    }
}

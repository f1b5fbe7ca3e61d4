//! `songo tables`: build endgame tables, and say what a directory holds.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use songo_notation::Ruleset;
use songo_notation::analysis::check_rules;
use songo_notation::analysis::tables::{
    BuildOptions, Level, MAX_TABLE_SEEDS, Part, Tables, build_level, file_name, merge_parts,
    part_file_name,
};
use songo_notation::i18n::{Lang, Localize, Message};
use songo_notation::msg;

use crate::input::cannot_read;
use crate::{EXIT_OK, Failure};

/// Build and inspect endgame tables (exact values of the positions with few seeds on the board).
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    Build(BuildArgs),
    Merge(MergeArgs),
    Info(InfoArgs),
}

/// Build the tables of a ruleset, from the fewest seeds on the board up to --seeds.
///
/// One file per seed count (RULES-NN.table) in the output directory; the
/// counts already there are kept and used. Each table is built from the
/// smaller ones, by retrograde analysis. See docs/analysis.md for what an
/// entry means, the sizes and times, and how to split a build.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo tables build --rules awale --seeds 12 --out tables/
  songo tables build --rules songo --seeds 12 --out tables/ --threads 2
  songo tables build --rules songo --seeds 15 --out tables/ --part 2/4  # 2 of 4

Exit status: 0 built, 2 bad input, usage, or a table that cannot be read or written.")]
struct BuildArgs {
    /// The ruleset.
    #[arg(long)]
    rules: Ruleset,
    /// Build up to this many seeds on the board.
    #[arg(long)]
    seeds: u32,
    /// The directory of the tables (created if needed).
    #[arg(long, value_name = "DIR", default_value = "tables")]
    out: PathBuf,
    /// Threads for the build (both of its passes share them).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
    /// Build only part K of M of the table of --seeds seeds (the smaller
    /// tables must be in the directory), for `songo tables merge`.
    #[arg(long, value_name = "K/M", value_parser = parse_part)]
    part: Option<Part>,
}

/// Put the parts of a table built on several machines together.
///
/// Reads every RULES-NN.part-K-of-M.table of the seed count in the
/// directory, checks that together they hold each slice of the table once,
/// and writes RULES-NN.table.
#[derive(clap::Args)]
#[command(after_help = "Example:
  songo tables merge --rules songo --seeds 15 tables/")]
struct MergeArgs {
    /// The ruleset.
    #[arg(long)]
    rules: Ruleset,
    /// The seed count of the table.
    #[arg(long)]
    seeds: u32,
    /// The directory holding the parts.
    dir: PathBuf,
}

/// `K/M` with 1 <= K <= M.
fn parse_part(text: &str) -> Result<Part, String> {
    let problem = || format!("`{text}`: write the part as K/M, e.g. 2/4 for the second of four");
    let (index, count) = text.split_once('/').ok_or_else(problem)?;
    let index: u32 = index.trim().parse().map_err(|_| problem())?;
    let count: u32 = count.trim().parse().map_err(|_| problem())?;
    if index == 0 || index > count {
        return Err(problem());
    }
    Ok(Part {
        index: index - 1,
        count,
    })
}

/// Say which tables a directory holds for a ruleset, and their sizes.
#[derive(clap::Args)]
#[command(after_help = "Example:
  songo tables info --rules awale tables/")]
struct InfoArgs {
    /// The ruleset.
    #[arg(long)]
    rules: Ruleset,
    /// The directory of the tables.
    dir: PathBuf,
}

pub(crate) fn run(args: &Args, lang: Lang) -> Result<u8, Failure> {
    match &args.command {
        Command::Build(args) => build(args, lang),
        Command::Merge(args) => merge(args, lang),
        Command::Info(args) => info(args, lang),
    }
}

fn build(args: &BuildArgs, lang: Lang) -> Result<u8, Failure> {
    // The tables are the analysis's: the games it plays have them.
    check_rules(args.rules)
        .map_err(|_| Failure::input(msg!("tables-not-sowing", rules = args.rules.id())))?;
    if args.seeds > MAX_TABLE_SEEDS {
        return Err(Failure::input(msg!(
            "tables-too-many-seeds",
            seeds = args.seeds,
            most = MAX_TABLE_SEEDS
        )));
    }
    std::fs::create_dir_all(&args.out).map_err(|e| {
        Failure::input(msg!(
            "tables-cannot-create",
            name = args.out.display().to_string(),
            error = Message::verbatim(e.to_string())
        ))
    })?;
    let mut tables = Tables::open(&args.out, args.rules).map_err(Failure::input)?;
    let options = BuildOptions {
        threads: args.threads as usize,
        total: None,
        part: args.part,
    };
    let mut stdout = std::io::stdout().lock();
    if let Some(part) = args.part {
        let start = Instant::now();
        let Some(level) =
            build_level(args.rules, args.seeds, &tables, &options).map_err(Failure::input)?
        else {
            return Err(Failure::input(msg!(
                "tables-nothing-to-split",
                rules = args.rules.id(),
                seeds = args.seeds
            )));
        };
        let path = args.out.join(part_file_name(args.rules, args.seeds, part));
        level.save(&path).map_err(Failure::input)?;
        report(&mut stdout, &level, &path, start, lang);
        return Ok(EXIT_OK);
    }
    for seeds in 1..=args.seeds {
        if tables.has(seeds) {
            continue;
        }
        let start = Instant::now();
        let Some(level) =
            build_level(args.rules, seeds, &tables, &options).map_err(Failure::input)?
        else {
            let line = msg!(
                "tables-none-needed",
                rules = args.rules.id(),
                seeds = format!("{seeds:>2}"),
                count = seeds
            );
            let _ = writeln!(stdout, "{}", line.localize(lang));
            continue;
        };
        let path = args.out.join(file_name(args.rules, seeds));
        level.save(&path).map_err(Failure::input)?;
        report(&mut stdout, &level, &path, start, lang);
        tables.insert(level).map_err(Failure::input)?;
    }
    Ok(EXIT_OK)
}

/// One line per table written: its size, its file and the time it took.
fn report(out: &mut impl std::io::Write, level: &Level, path: &Path, start: Instant, lang: Lang) {
    let line = msg!(
        "tables-written",
        rules = level.rules().id(),
        seeds = format!("{:>2}", level.seeds()),
        count = level.seeds(),
        slices = level.slices().len(),
        boards = level.boards(),
        entries = level.entries(),
        file = name_of(path),
        seconds = format!("{:.1}", start.elapsed().as_secs_f64())
    );
    let _ = writeln!(out, "{}", line.localize(lang));
    let _ = out.flush();
}

fn merge(args: &MergeArgs, lang: Lang) -> Result<u8, Failure> {
    let prefix = format!("{}-{:02}.part-", args.rules, args.seeds);
    let entries = std::fs::read_dir(&args.dir)
        .map_err(|e| cannot_read(&args.dir.display().to_string(), &e))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.starts_with(&prefix) && name.ends_with(".table"))
        })
        .collect();
    paths.sort();
    if paths.is_empty() {
        return Err(Failure::input(msg!(
            "tables-no-part",
            rules = args.rules.id(),
            seeds = args.seeds,
            dir = args.dir.display().to_string(),
            files = format!("{prefix}K-of-M.table")
        )));
    }
    let start = Instant::now();
    let parts = paths
        .iter()
        .map(|path| Level::load(path))
        .collect::<Result<Vec<_>, _>>()
        .map_err(Failure::input)?;
    let level = merge_parts(parts).map_err(Failure::input)?;
    let path = args.dir.join(file_name(args.rules, args.seeds));
    level.save(&path).map_err(Failure::input)?;
    report(&mut std::io::stdout().lock(), &level, &path, start, lang);
    Ok(EXIT_OK)
}

fn info(args: &InfoArgs, lang: Lang) -> Result<u8, Failure> {
    let tables = Tables::open(&args.dir, args.rules).map_err(Failure::input)?;
    let summary = tables.summary();
    let mut out = String::new();
    if summary.is_empty() {
        let none = msg!(
            "tables-none",
            rules = args.rules.id(),
            dir = args.dir.display().to_string()
        );
        out.push_str(&format!("{}\n", none.localize(lang)));
    }
    for level in summary {
        let line = msg!(
            "tables-info-line",
            rules = args.rules.id(),
            seeds = format!("{:>2}", level.seeds),
            count = level.seeds,
            slices = level.slices.to_string(),
            entries = level.entries.to_string(),
            file = level.path.as_deref().map_or_else(String::new, name_of)
        );
        out.push_str(&format!("{}\n", line.localize(lang)));
    }
    crate::output::print(&out)
}

fn name_of(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned())
}

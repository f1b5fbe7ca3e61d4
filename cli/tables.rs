//! `songo tables`: build endgame tables, and say what a directory holds.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use songo_notation::Ruleset;
use songo_notation::analysis::tables::{
    BuildOptions, MAX_TABLE_SEEDS, Tables, build_level, file_name,
};

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
    /// Threads for the forward passes.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
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

pub(crate) fn run(args: &Args) -> Result<u8, Failure> {
    match &args.command {
        Command::Build(args) => build(args),
        Command::Info(args) => info(args),
    }
}

fn build(args: &BuildArgs) -> Result<u8, Failure> {
    if !args.rules.is_sowing() {
        return Err(Failure::input(format!(
            "{} is not a sowing game: it has no tables",
            args.rules
        )));
    }
    if args.seeds > MAX_TABLE_SEEDS {
        return Err(Failure::input(format!(
            "--seeds {}: tables hold at most {MAX_TABLE_SEEDS} seeds on the board",
            args.seeds
        )));
    }
    std::fs::create_dir_all(&args.out)
        .map_err(|e| Failure::input(format!("cannot create {}: {e}", args.out.display())))?;
    let mut tables = Tables::open(&args.out, args.rules).map_err(Failure::input)?;
    let options = BuildOptions {
        threads: args.threads as usize,
        total: None,
    };
    let mut stdout = std::io::stdout().lock();
    for seeds in 1..=args.seeds {
        if tables.has(seeds) {
            continue;
        }
        let start = Instant::now();
        let Some(level) =
            build_level(args.rules, seeds, &tables, &options).map_err(Failure::input)?
        else {
            let _ = writeln!(
                stdout,
                "{} {seeds:>2} seeds: every position is over, no table needed",
                args.rules
            );
            continue;
        };
        let path = args.out.join(file_name(args.rules, seeds));
        level.save(&path).map_err(Failure::input)?;
        let _ = writeln!(
            stdout,
            "{} {seeds:>2} seeds: {} slice(s) x {} boards = {} entries -> {} ({:.1} s)",
            args.rules,
            level.slices().len(),
            level.boards(),
            level.entries(),
            name_of(&path),
            start.elapsed().as_secs_f64()
        );
        let _ = stdout.flush();
        tables.insert(level).map_err(Failure::input)?;
    }
    Ok(EXIT_OK)
}

fn info(args: &InfoArgs) -> Result<u8, Failure> {
    let tables = Tables::open(&args.dir, args.rules).map_err(Failure::input)?;
    let summary = tables.summary();
    let mut out = String::new();
    if summary.is_empty() {
        out.push_str(&format!(
            "No {} table in {}.\n",
            args.rules,
            args.dir.display()
        ));
    }
    for level in summary {
        out.push_str(&format!(
            "{} {:>2} seeds: {} slice(s), {} entries ({})\n",
            args.rules,
            level.seeds,
            level.slices,
            level.entries,
            level.path.as_deref().map_or_else(String::new, name_of)
        ));
    }
    crate::output::print(&out)
}

fn name_of(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned())
}

//! Builds endgame tables and says, for each, the wall time and the CPU
//! time of the process (user + system, from `/proc/self/stat`), so that
//! one thread and two can be compared on a shared machine:
//!
//! ```text
//! cargo run --release -p songo-notation --example table_build -- awale 18 2 /tmp/tables
//! ```
//!
//! Arguments: ruleset, seeds on the board up to which to build, threads,
//! and a directory whose tables are kept and used (the missing ones are
//! built and written there). With `--only` after them, the table of the
//! last seed count is built again even if present, and not written (for
//! timing one table against the smaller ones on disk).

use std::path::PathBuf;
use std::time::Instant;

use songo_notation::Ruleset;
use songo_notation::analysis::tables::{BuildOptions, Tables, build_level, file_name};

/// User + system CPU seconds of this process so far (Linux).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command's closing parenthesis; utime and stime
    // are the 14th and 15th fields of the line, in clock ticks (100 a second).
    let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |at: usize| {
        fields
            .get(at)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: table_build RULES SEEDS THREADS DIR [--only]";
    let rules: Ruleset = args.first().and_then(|a| a.parse().ok()).expect(usage);
    let seeds: u32 = args.get(1).and_then(|a| a.parse().ok()).expect(usage);
    let threads: usize = args.get(2).and_then(|a| a.parse().ok()).expect(usage);
    let dir = PathBuf::from(args.get(3).expect(usage));
    let only = args.get(4).is_some_and(|a| a == "--only");
    std::fs::create_dir_all(&dir).expect("the directory");
    let mut tables = Tables::open(&dir, rules).expect("the tables of the directory");
    let options = BuildOptions {
        threads,
        ..BuildOptions::default()
    };
    for n in 1..=seeds {
        let again = only && n == seeds;
        if tables.has(n) && !again {
            continue;
        }
        let (wall, cpu) = (Instant::now(), cpu_seconds());
        let level = build_level(rules, n, &tables, &options).expect("built");
        let (wall, cpu) = (wall.elapsed().as_secs_f64(), cpu_seconds() - cpu);
        let Some(level) = level else { continue };
        println!(
            "{rules} {n:2} seeds: {} entries, {wall:.2} s wall, {cpu:.2} s CPU, {threads} thread(s)",
            level.entries()
        );
        if !again {
            level.save(&dir.join(file_name(rules, n))).expect("written");
            tables.insert(level).expect("same ruleset");
        }
    }
}

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
//!
//! ```text
//! cargo run --release -p songo-notation --example table_build -- check awale 17 20 100000 /tmp/tables
//! ```
//!
//! checks tables on disk against the definition of the value on random
//! positions (here 100 000 for each seed count from 17 to 20): the value of
//! a position is the best, over its legal moves, of what the move gains
//! less the value of the position it leads to (read from the tables, or
//! the engine's score of a finished game). The tables of few seeds are
//! checked against the plain minimax of every position in the unit tests;
//! this is the check that scales.

use std::path::PathBuf;
use std::time::Instant;

use songo_notation::analysis::tables::{BuildOptions, Tables, build_level, file_name};
use songo_notation::{Position, Ruleset, Score, Side};

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

/// The mover's store less the opponent's.
fn lead(position: &Position) -> i32 {
    let stores = position.stores();
    let mover = position.to_move();
    stores[mover] as i32 - stores[mover.opposite()] as i32
}

/// The value of `position` by its definition, one move deep: the best
/// move's gain less the value after it, from `tables` or the end of the game.
fn one_move_deep(position: &Position, tables: &Tables) -> Option<i32> {
    let moves = position.turn().ok()?;
    let mut best = None;
    for house in moves.iter() {
        let mut child = *position;
        child.play(house).ok()?;
        let after = match child.turn() {
            Err(over) => {
                let mover = child.to_move();
                over.score[mover] as i32 - over.score[mover.opposite()] as i32 - lead(&child)
            }
            Ok(_) => tables.probe(&child)?,
        };
        let gain = -lead(&child) - lead(position);
        best = best.max(Some(gain - after));
    }
    best
}

/// SplitMix64: reproducible samples with no dependency.
fn random(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn check(args: &[String]) {
    let usage = "usage: table_build check RULES FROM TO SAMPLES DIR";
    let rules: Ruleset = args.first().and_then(|a| a.parse().ok()).expect(usage);
    let from: u32 = args.get(1).and_then(|a| a.parse().ok()).expect(usage);
    let to: u32 = args.get(2).and_then(|a| a.parse().ok()).expect(usage);
    let samples: u64 = args.get(3).and_then(|a| a.parse().ok()).expect(usage);
    let dir = PathBuf::from(args.get(4).expect(usage));
    let tables = Tables::open(&dir, rules).expect("the tables of the directory");
    let width = rules.houses_per_side();
    let mut state = 0x5eed_u64;
    for seeds in from..=to {
        let (mut checked, mut over, mut wrong) = (0u64, 0u64, 0u64);
        let start = Instant::now();
        while checked + over < samples {
            // Seeds dropped one by one into random houses; stores a random
            // split of the rest of a full game.
            let mut houses = vec![0u32; 2 * width];
            for _ in 0..seeds {
                let house = (random(&mut state) % (2 * width) as u64) as usize;
                houses[house] += 1;
            }
            let stored = rules.total_seeds().saturating_sub(seeds);
            let south = (random(&mut state) % u64::from(stored + 1)) as u32;
            let side = if random(&mut state) & 1 == 0 {
                Side::South
            } else {
                Side::North
            };
            let Ok(position) = Position::new(
                rules,
                &houses[..width],
                &houses[width..],
                Score::new(south, stored - south),
                side,
            ) else {
                continue;
            };
            if position.turn().is_err() {
                over += 1;
                continue;
            }
            let (Some(held), Some(defined)) =
                (tables.probe(&position), one_move_deep(&position, &tables))
            else {
                panic!("no table holds {position:?} or a position after it");
            };
            if held != defined || held.unsigned_abs() > seeds {
                wrong += 1;
                eprintln!("{position:?}: the table says {held}, one move deep {defined}");
            }
            checked += 1;
        }
        println!(
            "{rules} {seeds:2} seeds: {checked} positions checked one move deep, {wrong} wrong ({over} finished games skipped), {:.1} s",
            start.elapsed().as_secs_f64()
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "check") {
        check(&args[1..]);
        return;
    }
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

//! Validation at the engine's pace: in one process, on one thread, the
//! plies per second of validating generated Songo records (the path of
//! `songo validate --quiet --jobs 1`: the batch reader, the parser, the
//! replay and the reports, which are then dropped) against the plies per
//! second of the engine's random playouts (`Position::turn` and
//! `Position::play`, as `--bench playout` measures them), and their ratio.
//!
//! Run with `cargo bench -p songo-notation --bench pace`; the figures are
//! kept in `docs/performance.md` ("Validation throughput"). The two are
//! run in turn, several rounds, and each is timed in CPU time of the
//! thread (`/proc/thread-self/schedstat`, falling back to wall time), so
//! that other programs on a shared machine weigh less on the ratio; the
//! best round of each is kept.
//!
//! Arguments (after `--`): `games N` (default 20 000), `rounds N`
//! (default 5). `count validate` or `count playout` does one pass of one
//! side only, for an instruction count under callgrind, collected in that
//! side's function alone:
//!
//! ```sh
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!   --toggle-collect='*measured_validation*' target/release/deps/pace-* count validate
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!   --toggle-collect='*measured_playouts*' target/release/deps/pace-* count playout
//! ```

mod common;
use std::hint::black_box;
use std::io::Cursor;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use songo_notation::generate::{GenerateOptions, generate};
use songo_notation::record;
use songo_notation::validate::{Event, Options, validate_sources};
use songo_notation::{Position, Ruleset};

use common::SplitMix64;

/// Random Songo playouts (`turn` + `play`) for `plies` plies; the games
/// finished.
#[inline(never)]
fn measured_playouts(plies: usize) -> usize {
    let mut rng = SplitMix64(0x5EED_0F50_4E60);
    let start = Position::start(Ruleset::Songo);
    let mut position = start;
    let mut games = 0;
    let mut played = 0;
    while played < plies {
        if let Ok(moves) = position.turn() {
            let index = rng.below(moves.len());
            let _ = position.play(moves.as_slice()[index]);
            played += 1;
        } else {
            games += 1;
            position = start;
        }
    }
    games
}

/// Validates `text` as `songo validate --quiet --jobs 1` does (reports
/// built, valid games' without their tags, then dropped); the plies
/// validated and the violations.
#[inline(never)]
fn measured_validation(text: &[u8]) -> (usize, usize) {
    let mut plies = 0;
    let mut violations = 0;
    validate_sources(
        1,
        |_| Ok(Cursor::new(text)),
        &Options {
            omit_valid_tags: true,
            ..Options::default()
        },
        1,
        |event| {
            if let Event::Games { reports, .. } = event {
                for report in &reports {
                    plies += report.plies;
                    violations += report.violations.len();
                }
            }
            ControlFlow::Continue(())
        },
    );
    (plies, violations)
}

/// CPU time of this thread so far, when the system tells it.
fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// How long `work` takes: CPU time of the thread, else wall time.
fn timed(work: impl FnOnce()) -> Duration {
    let (cpu, wall) = (thread_cpu(), Instant::now());
    work();
    match (cpu, thread_cpu()) {
        (Some(before), Some(after)) => after - before,
        _ => wall.elapsed(),
    }
}

fn argument(args: &[String], name: &str, default: usize) -> usize {
    args.iter()
        .position(|arg| arg == name)
        .and_then(|at| args.get(at + 1))
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    // `cargo bench` passes `--bench`; nothing else is asked of us.
    let games = argument(&args, "games", 20_000);
    let rounds = argument(&args, "rounds", 5).max(1);
    let records: Vec<_> = generate(Ruleset::Songo, games, 1, GenerateOptions::default()).collect();
    let text = record::write_all(&records);
    drop(records);
    let (plies, violations) = measured_validation(text.as_bytes());
    assert_eq!(violations, 0, "the generated games are valid");
    let count = args.iter().position(|arg| arg == "count");
    match count.and_then(|at| args.get(at + 1)).map(String::as_str) {
        Some("validate") => {
            println!("validated {plies} plies");
            return;
        }
        Some("playout") => {
            measured_playouts(plies);
            println!("played {plies} plies");
            return;
        }
        _ => {}
    }
    println!(
        "{games} Songo games, {:.1} MiB, {plies} plies; {rounds} rounds, CPU time of one thread",
        text.len() as f64 / f64::from(1 << 20)
    );
    let mut best_validation = Duration::MAX;
    let mut best_playout = Duration::MAX;
    for round in 1..=rounds {
        let validation = timed(|| {
            black_box(measured_validation(black_box(text.as_bytes())));
        });
        let playout = timed(|| {
            black_box(measured_playouts(black_box(plies)));
        });
        best_validation = best_validation.min(validation);
        best_playout = best_playout.min(playout);
        println!(
            "round {round}: validate {:.2} M plies/s, playout {:.2} M plies/s, ratio {:.3}",
            per_second(plies, validation),
            per_second(plies, playout),
            playout.as_secs_f64() / validation.as_secs_f64()
        );
    }
    println!(
        "best: validate {:.2} M plies/s ({:.1} MiB/s), playout {:.2} M plies/s, ratio {:.3}",
        per_second(plies, best_validation),
        text.len() as f64 / f64::from(1 << 20) / best_validation.as_secs_f64(),
        per_second(plies, best_playout),
        best_playout.as_secs_f64() / best_validation.as_secs_f64()
    );
}

/// Millions of plies per second.
fn per_second(plies: usize, time: Duration) -> f64 {
    plies as f64 / time.as_secs_f64() / 1e6
}

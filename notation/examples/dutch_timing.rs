//! Times the Dutch system: replays every round of the TRF files given
//! (as `songo pair --check` does) and prints, for each file, the rounds
//! that differ from the file's pairings and the time each round took.
//!
//! `cargo run --release -p songo-notation --example dutch_timing -- FILE.trf…`
//!
//! With `--next` first, times the pairing of each file's next round only
//! (the file needs `XXR`), as `songo pair` computes it, and prints the
//! pairs on standard error; where a file `NAME.pairs` stands beside
//! `NAME.trf` (bbpPairings' pairs for that round), compares them.
//!
//! Exits 1 when a round differs from the file's pairings or from the
//! `.pairs` file: the check of the tournaments too large for the tests
//! (`fixtures/tournaments/dutch-medium/medium-51-*`, `-100-*` and
//! `large/`).

use std::process::ExitCode;
use std::time::Instant;

use songo_notation::tournament::{dutch, trf};

fn main() -> ExitCode {
    let mut differ = false;
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let next = args.first().is_some_and(|a| a == "--next");
    if next {
        args.remove(0);
    }
    for path in args {
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("{path}: cannot read");
            differ = true;
            continue;
        };
        let tournament = match trf::parse(&text) {
            Ok(tournament) => tournament,
            Err(error) => {
                eprintln!("{path}:{error}");
                differ = true;
                continue;
            }
        };
        if next {
            let start = Instant::now();
            let pairs = dutch::Field::next_round(&tournament).map(|field| dutch::pair(&field));
            let elapsed = start.elapsed();
            let pairs = match pairs {
                Ok(Ok(pairs)) => {
                    // The pairs, for comparing with another engine's.
                    let written = songo_notation::tournament::format_pairs(&pairs);
                    eprint!("{written}");
                    let expected = path
                        .strip_suffix(".trf")
                        .map(|stem| format!("{stem}.pairs"));
                    if let Some(Ok(expected)) = expected.map(std::fs::read_to_string) {
                        let same = expected == written;
                        differ |= !same;
                        println!(
                            "{path}: the .pairs beside it {}",
                            if same { "equal" } else { "DIFFER" }
                        );
                    }
                    pairs.len().to_string()
                }
                other => format!("{other:?}"),
            };
            println!(
                "{path}: {} players, round {} paired in {:.3} s ({pairs} pairs)",
                tournament.players.len(),
                dutch::rounds_paired(&tournament) + 1,
                elapsed.as_secs_f64()
            );
            continue;
        }
        let start = Instant::now();
        let mismatches = dutch::check(&tournament);
        let elapsed = start.elapsed();
        let rounds = dutch::rounds_paired(&tournament).max(1);
        let differing: Vec<usize> = mismatches.iter().flatten().map(|m| m.round).collect();
        differ |= !differing.is_empty() || mismatches.is_err();
        println!(
            "{path}: {} players, {rounds} rounds, {:.3} s a round on average, rounds differing: {differing:?}",
            tournament.players.len(),
            elapsed.as_secs_f64() / rounds as f64,
        );
    }
    if differ {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

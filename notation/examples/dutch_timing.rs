//! Times the Dutch system: replays every round of the TRF files given
//! (as `songo pair --check` does) and prints, for each file, the rounds
//! that differ from the file's pairings and the time each round took.
//!
//! `cargo run --release -p songo-notation --example dutch_timing -- FILE.trf…`
//!
//! With `--next` first, times the pairing of each file's next round only
//! (the file needs `XXR`), as `songo pair` computes it, and prints the
//! pairs on standard error.

use std::time::Instant;

use songo_notation::tournament::{dutch, trf};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let next = args.first().is_some_and(|a| a == "--next");
    if next {
        args.remove(0);
    }
    for path in args {
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("{path}: cannot read");
            continue;
        };
        let tournament = match trf::parse(&text) {
            Ok(tournament) => tournament,
            Err(error) => {
                eprintln!("{path}:{error}");
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
                    eprint!("{}", songo_notation::tournament::format_pairs(&pairs));
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
        println!(
            "{path}: {} players, {rounds} rounds, {:.3} s a round on average, rounds differing: {differing:?}",
            tournament.players.len(),
            elapsed.as_secs_f64() / rounds as f64,
        );
    }
}

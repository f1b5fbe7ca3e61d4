//! Times the Dutch system: replays every round of the TRF files given
//! (as `songo pair --check` does) and prints, for each file, the rounds
//! that differ from the file's pairings and the time each round took.
//!
//! `cargo run --release -p songo-notation --example dutch_timing -- FILE.trf…`

use std::time::Instant;

use songo_notation::tournament::{dutch, trf};

fn main() {
    for path in std::env::args().skip(1) {
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

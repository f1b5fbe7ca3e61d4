//! The exercise check over a corpus: finds every exercise of the record
//! files given (at the defaults of `songo exercises`) and checks each one
//! (`songo_notation::exercises::check`): its motif's claim holds on the
//! board, its solution line ends with the gain, every wrong answer's
//! explanation agrees with the proof. Prints the counts by motif, by
//! difficulty and by line length, and every problem; exits 1 when there is
//! one.
//!
//! ```sh
//! songo generate --engine --tournament --games 200 --seed 7 > engine-200.songo
//! cargo run --release -p songo-notation --example exercise_check -- engine-200.songo
//! ```

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

use songo_notation::analysis::{Analyser, AnalysisOptions};
use songo_notation::exercises::{self, Options, Source};
use songo_notation::record;

fn main() -> ExitCode {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    let mut named = Vec::new();
    for path in &paths {
        let Ok(text) = std::fs::read_to_string(path) else {
            eprintln!("{path}: cannot read");
            return ExitCode::from(2);
        };
        let games: Vec<_> = record::parse_games(&text)
            .into_iter()
            .filter(|parsed| parsed.errors.is_empty())
            .map(|parsed| parsed.record)
            .collect();
        named.push((path.clone(), games));
    }
    let sources: Vec<Source<'_>> = named
        .iter()
        .map(|(name, games)| Source::new(name, games))
        .collect();
    let analyser = Analyser::new(&AnalysisOptions::default());
    let start = Instant::now();
    let found = exercises::find(&analyser, &sources, &Options::default());
    let elapsed = start.elapsed();
    let mut problems = 0;
    let mut motifs: BTreeMap<String, usize> = BTreeMap::new();
    let mut levels: BTreeMap<u8, usize> = BTreeMap::new();
    let mut lines: BTreeMap<usize, usize> = BTreeMap::new();
    let mut scores: BTreeMap<u32, usize> = BTreeMap::new();
    for exercise in &found.exercises {
        let key = exercises::render::exercise_motif_key(exercise).to_owned();
        *motifs.entry(key).or_default() += 1;
        *levels.entry(exercise.difficulty.level).or_default() += 1;
        *lines.entry(exercise.line.len()).or_default() += 1;
        *scores.entry(exercise.difficulty.score).or_default() += 1;
        for problem in exercises::check::check(exercise) {
            problems += 1;
            println!("{problem}");
        }
    }
    println!("{:?}", found.summary);
    println!(
        "{} exercises checked in {:.1} s, {problems} problems",
        found.exercises.len(),
        elapsed.as_secs_f64()
    );
    println!("motifs: {motifs:?}");
    println!("difficulties: {levels:?}");
    println!("scores: {scores:?}");
    println!("line plies: {lines:?}");
    if problems > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

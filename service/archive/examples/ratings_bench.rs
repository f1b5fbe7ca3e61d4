//! The time `songo archive ratings` takes over a large archive (issue 38:
//! a million games in 30 s at most), measured in one process through the
//! archive's public API. Not a test (timings belong in no test).
//!
//!   cargo run --release -p songo-archive --example ratings_bench -- ARCHIVE GAMES [RUNS]
//!
//! ARCHIVE is a SQLite path or a `postgres://` URL. An archive holding
//! fewer than GAMES games is first filled with generated Songo games
//! (round robins of 8 players drawn from the generator's pool of names,
//! one round a day, random moves; `songo generate --tournament`), 5,000 a
//! transaction. Then RUNS (default 3) ratings of the Songo games, each
//! printed with its wall and CPU time (user + sys, from /proc/self/stat).

use std::time::Instant;

use songo_archive::{Archive, Location, prepare};
use songo_notation::Ruleset;
use songo_notation::generate::{GenerateOptions, Generator, TournamentOptions};
use songo_notation::validate::Options;

/// User + system CPU time of this process, in seconds (clock ticks of 10 ms).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

fn fill(archive: &mut Archive, from: usize, games: usize) {
    let options = GenerateOptions {
        tournament: Some(TournamentOptions::default()),
        ..GenerateOptions::default()
    };
    let mut generator = Generator::new(Ruleset::Songo, 1, options);
    let start = Instant::now();
    let mut batch = Vec::new();
    for index in from..games {
        let text = format!("{}\n", generator.game(index));
        let mut reader = songo_notation::record::BatchReader::new(text.as_bytes());
        while let Ok(Some(read)) = reader.next_batch() {
            batch.extend(
                read.games()
                    .filter_map(|game| prepare(&game, &Options::default()).ok()),
            );
        }
        if batch.len() >= 5_000 || index + 1 == games {
            archive.import(&batch).expect("imported");
            batch.clear();
            eprintln!(
                "{} games, {:.0} s",
                index + 1,
                start.elapsed().as_secs_f64()
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(location), Some(games)) = (
        args.get(1),
        args.get(2).and_then(|n| n.parse::<usize>().ok()),
    ) else {
        eprintln!("usage: ratings_bench ARCHIVE GAMES [RUNS]");
        std::process::exit(2);
    };
    let runs: usize = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(3);
    let mut archive = Archive::open(&Location::parse(location)).expect("the archive");
    let stored = usize::try_from(archive.count().expect("count")).unwrap_or(0);
    if stored < games {
        fill(&mut archive, stored, games);
    }
    println!("run\tgames_rated\tplayers\tmonths\twall_s\tcpu_s");
    for run in 1..=runs {
        let cpu = cpu_seconds();
        let start = Instant::now();
        let ratings = archive.ratings(Ruleset::Songo, &[]).expect("rated");
        let wall = start.elapsed().as_secs_f64();
        let rated: u64 = ratings.ratings.iter().map(|r| r.games).sum::<u64>() / 2;
        println!(
            "{run}\t{rated}\t{}\t{}..{}\t{wall:.2}\t{:.2}",
            ratings.ratings.len(),
            ratings.from.as_deref().unwrap_or("-"),
            ratings.to.as_deref().unwrap_or("-"),
            cpu_seconds() - cpu
        );
    }
}

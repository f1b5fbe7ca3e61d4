//! Times the search on the fixed set of `benches/analysis.rs`: each
//! position searched to its depth from an empty 16 MiB table, on one
//! thread or more, and prints the positions visited, the value of every
//! root move (so that two builds can be compared: the values must agree),
//! and the CPU time (user + system) and wall time of each search.
//!
//! `cargo run --release -p songo-notation --example search_timing -- [THREADS] [EXTRA_DEPTH] [HASH_MIB]`
//!
//! CPU time is read from `/proc/self/stat` (Linux; 0 elsewhere), in
//! clock ticks: on a machine shared with other builds it is the firmer
//! figure. With several threads, the CPU time is that of every thread.

use std::time::Instant;

use songo_notation::analysis::{Analyser, AnalysisOptions, Limits};
use songo_notation::{House, Position, Ruleset, Score, Side};

/// The set of `benches/analysis.rs`: a name, a position, its depth.
fn positions() -> Vec<(&'static str, Position, u32)> {
    let songo_start = Position::start(Ruleset::Songo);
    let grenier = Position::new(
        Ruleset::Songo,
        &[1, 7, 0, 0, 1, 17, 7],
        &[0, 1, 0, 2, 8, 5, 10],
        Score::default(),
        Side::South,
    )
    .expect("a position");
    let played = |mut position: Position, moves: &[&str]| {
        for name in moves {
            let house = House::parse(name, position.rules()).expect("a house");
            position.play(house).expect("a legal move");
        }
        position
    };
    let songo_middle = played(
        songo_start,
        &["S2", "N4", "S5", "N1", "S3", "N6", "S0", "N2", "S6", "N3"],
    );
    let awale_middle = played(
        Position::start(Ruleset::Awale),
        &["C", "e", "D", "b", "F", "a", "B", "d"],
    );
    vec![
        ("songo-start", songo_start, 12),
        ("songo-grenier", grenier, 14),
        ("songo-middle", songo_middle, 12),
        (
            "songo-ekang-start",
            Position::start(Ruleset::SongoEkang),
            12,
        ),
        ("awale-start", Position::start(Ruleset::Awale), 13),
        ("awale-middle", awale_middle, 13),
        (
            "oware-abapa-start",
            Position::start(Ruleset::OwareAbapa),
            13,
        ),
    ]
}

/// User + system CPU of this process, in seconds.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The fields after the command name (which may hold spaces).
    let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |index: usize| fields.get(index).and_then(|f| f.parse::<f64>().ok());
    // utime and stime are fields 14 and 15 of the whole line.
    (ticks(11).unwrap_or(0.0) + ticks(12).unwrap_or(0.0)) / 100.0
}

fn main() {
    let mut args = std::env::args().skip(1);
    let threads = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let extra: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(0);
    let hash_mib: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(16);
    let (mut total_cpu, mut total_nodes) = (0.0, 0);
    for (name, position, depth) in positions() {
        let analyser = Analyser::new(&AnalysisOptions {
            threads,
            hash_bytes: hash_mib << 20,
        });
        let limits = Limits {
            depth: Some(depth + extra),
            ..Limits::default()
        };
        let (cpu, wall) = (cpu_seconds(), Instant::now());
        let report = analyser
            .analyse(&position, &limits)
            .expect("a game's seeds");
        let (cpu, wall) = (cpu_seconds() - cpu, wall.elapsed().as_secs_f64());
        total_cpu += cpu;
        total_nodes += report.nodes;
        let moves: Vec<String> = report
            .moves
            .iter()
            .map(|m| format!("{}={}", report.name(m.house), m.value))
            .collect();
        println!(
            "{name:<18} d{:<2} {:>10} nodes  cpu {cpu:6.2} s  wall {wall:6.2} s  {:>5.2} M/s cpu  value {} {}  [{}]",
            report.depth,
            report.nodes,
            report.nodes as f64 / cpu.max(0.01) / 1e6,
            report.value,
            if report.exact { "exact" } else { "" },
            moves.join(" ")
        );
    }
    println!(
        "total: {total_nodes} nodes, cpu {total_cpu:.2} s, {:.2} M/s",
        total_nodes as f64 / total_cpu.max(0.01) / 1e6
    );
}

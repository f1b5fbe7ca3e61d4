//! The analysis: search speed on a fixed set of positions (positions
//! visited per second, every search to a fixed depth on one thread, from an
//! empty transposition table), the depth reached in one second from the
//! start of each ruleset, and the time to build small endgame tables.
//!
//! Run with `cargo bench -p songo-notation --bench analysis`; the figures
//! are kept in `docs/performance.md` ("Analysis"). The depth reached in one
//! second is printed first, before criterion's measures.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group};
use songo_notation::analysis::tables::{BuildOptions, Tables, build_level};
use songo_notation::analysis::{Analyser, AnalysisOptions, Limits};
use songo_notation::{House, Position, Ruleset, Score, Side};

/// The fixed set: a name, a position and the depth it is searched to.
fn positions() -> Vec<(&'static str, Position, u32)> {
    let songo_start = Position::start(Ruleset::Songo);
    // The escale text's third capture example, South to move (a grenier).
    let grenier = Position::new(
        Ruleset::Songo,
        &[1, 7, 0, 0, 1, 17, 7],
        &[0, 1, 0, 2, 8, 5, 10],
        Score::default(),
        Side::South,
    )
    .expect("a position");
    let mut songo_middle = songo_start;
    for name in ["S2", "N4", "S5", "N1", "S3", "N6", "S0", "N2", "S6", "N3"] {
        let house = House::parse(name, Ruleset::Songo).expect("a house");
        songo_middle.play(house).expect("a legal move");
    }
    let mut awale_middle = Position::start(Ruleset::Awale);
    for name in ["C", "e", "D", "b", "F", "a", "B", "d"] {
        let house = House::parse(name, Ruleset::Awale).expect("a house");
        awale_middle.play(house).expect("a legal move");
    }
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

fn limits(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let analyser = Analyser::new(&AnalysisOptions::default());
    for (name, position, depth) in positions() {
        // Deterministic on one thread from an empty table: the same nodes
        // every run, so criterion's throughput is positions per second.
        analyser.clear();
        let nodes = analyser
            .analyse(&position, &limits(depth))
            .expect("a game's seeds")
            .nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| {
                analyser.clear();
                black_box(analyser.analyse(black_box(&position), &limits(depth)))
            });
        });
    }
    group.finish();
}

fn bench_tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("tables");
    group.sample_size(10);
    for (rules, seeds) in [(Ruleset::Awale, 9), (Ruleset::OwareAbapa, 6)] {
        group.bench_function(format!("{rules}-1-to-{seeds}"), |b| {
            b.iter(|| {
                let mut tables = Tables::new(rules);
                let options = BuildOptions::default();
                for seeds in 1..=seeds {
                    if let Some(level) =
                        build_level(rules, seeds, &tables, &options).expect("built")
                    {
                        tables.insert(level).expect("same ruleset");
                    }
                }
                black_box(tables)
            });
        });
    }
    group.finish();
}

/// The depth of the last complete iteration after one second, from the
/// start of each ruleset, on one thread and on two.
fn depth_in_one_second() {
    println!("Depth reached in one second from the start position:");
    for rules in [
        Ruleset::Songo,
        Ruleset::SongoEkang,
        Ruleset::Awale,
        Ruleset::OwareAbapa,
    ] {
        for threads in [1, 2] {
            let analyser = Analyser::new(&AnalysisOptions {
                threads,
                ..AnalysisOptions::default()
            });
            let report = analyser
                .analyse(
                    &Position::start(rules),
                    &Limits {
                        time: Some(Duration::from_secs(1)),
                        ..Limits::default()
                    },
                )
                .expect("a game's seeds");
            println!(
                "  {:<12} {threads} thread(s): depth {:>2}, {:>9} positions, best {}",
                rules.id(),
                report.depth,
                report.nodes,
                report
                    .best
                    .map_or_else(|| "-".to_owned(), |house| report.name(house).to_string())
            );
        }
    }
}

criterion_group!(benches, bench_search, bench_tables);

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    if filter.is_empty() || filter.iter().any(|f| "depth".contains(f.as_str())) {
        depth_in_one_second();
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}

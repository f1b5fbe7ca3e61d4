//! Query latencies of a game archive, measured in one process through the
//! archive's public API (no process start-up, no HTTP): explorer at the
//! start and a few plies deep, position searches through mid-game
//! positions, player searches, pages of the players' and events' lists
//! (with their JSON) and events' standings. Run by `service/load/archive-bench.sh`;
//! not a test (timings belong in no test).
//!
//!   cargo run --release --example archive_bench -- ARCHIVE CORPUS [QUERIES] [RUNS]
//!
//! ARCHIVE is a SQLite path or a `postgres://` URL; CORPUS the record file
//! imported into it, from which the queries are drawn: every k-th game,
//! its players, its positions after 1–6 plies (explorer) and after 10–40
//! plies (position search). QUERIES (default 300) of each kind a run,
//! RUNS (default 3) runs after one warm-up run; each run prints p50, p90,
//! p99 and max of the wall time of each kind, and the CPU time of this
//! process per query (user + sys, from /proc/self/stat).

use std::time::Instant;

use songo_archive::{
    Archive, Author, Filters, GameChange, Location, position_at, position_key, prepare,
};
use songo_notation::AnyPosition;
use songo_notation::record::{games, names, parse_text};
use songo_notation::validate::Options;

/// User + system CPU time of this process, in seconds (clock ticks of 10 ms).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command's closing parenthesis: utime is the 12th, stime the 13th.
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

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let i = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

struct Sample {
    explorer_start: Vec<AnyPosition>,
    explorer_deep: Vec<AnyPosition>,
    positions: Vec<i64>,
    players: Vec<String>,
    /// Games to edit: their public ids.
    ids: Vec<String>,
}

fn sample(corpus: &str, queries: usize) -> Sample {
    let text = std::fs::read_to_string(corpus).expect("the corpus");
    let total = games(&text).count();
    let step = (total / queries).max(1);
    let mut sample = Sample {
        explorer_start: Vec::new(),
        explorer_deep: Vec::new(),
        positions: Vec::new(),
        players: Vec::new(),
        ids: Vec::new(),
    };
    for (i, game) in games(&text)
        .enumerate()
        .filter(|(i, _)| i % step == 0)
        .take(queries)
    {
        let record = game.text.as_ref();
        let parsed = parse_text(&game);
        let tags = &parsed.record.tags;
        let player = if i % 2 == 0 {
            names::SOUTH
        } else {
            names::NORTH
        };
        if let Some(name) = tags.get(player) {
            sample.players.push(name.to_owned());
        }
        if let Ok(prepared) = prepare(&game, &Options::default()) {
            sample.ids.push(prepared.id());
        }
        if let Some(start) = position_at(record, Some(0)) {
            sample.explorer_start.push(start);
        }
        // A few plies deep: 1 to 6.
        if let Some(at) = position_at(record, Some(1 + i % 6)) {
            sample.explorer_deep.push(at);
        }
        // Mid-game: 10 to 40 plies.
        if let Some(at) = position_at(record, Some(10 + (i * 7) % 31)) {
            sample.positions.push(position_key(&at));
        }
    }
    sample.explorer_start.truncate(queries);
    eprintln!(
        "{total} games in the corpus; every {step}th sampled: {} deep explorer positions, {} mid-game positions, {} player names",
        sample.explorer_deep.len(),
        sample.positions.len(),
        sample.players.len()
    );
    sample
}

/// Runs `f` on each item, returning the latencies (ms) and the CPU time per query (ms).
fn time_each<T>(items: &[T], mut f: impl FnMut(&T) -> usize) -> (Vec<f64>, f64, usize) {
    let mut times = Vec::with_capacity(items.len());
    let mut found = 0;
    let cpu = cpu_seconds();
    for item in items {
        let start = Instant::now();
        found += f(item);
        times.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    let cpu = cpu_seconds() - cpu;
    times.sort_by(f64::total_cmp);
    #[allow(clippy::cast_precision_loss)]
    let per = cpu * 1000.0 / items.len().max(1) as f64;
    (times, per, found)
}

// Long because: the bench runs every kind of query in turn, a block each, in one loop.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(location), Some(corpus)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: archive_bench ARCHIVE CORPUS [QUERIES] [RUNS]");
        std::process::exit(2);
    };
    let queries: usize = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(300);
    let runs: usize = args.get(4).and_then(|n| n.parse().ok()).unwrap_or(3);
    let sample = sample(corpus, queries);
    let mut archive = Archive::open(&Location::parse(location)).expect("the archive");
    eprintln!("{} games in the archive", archive.count().expect("count"));
    println!("run\tquery\tn\tp50_ms\tp90_ms\tp99_ms\tmax_ms\tcpu_ms_per_query\trows_per_query");
    // The start position is one query repeated: fewer of them.
    let starts = &sample.explorer_start[..sample.explorer_start.len().min(30)];
    for run in 0..=runs {
        let report = |name: &str, (times, cpu, found): (Vec<f64>, f64, usize)| {
            if run == 0 {
                return; // warm-up
            }
            #[allow(clippy::cast_precision_loss)]
            let rows = found as f64 / times.len().max(1) as f64;
            println!(
                "{run}\t{name}\t{}\t{:.3}\t{:.3}\t{:.3}\t{:.3}\t{:.3}\t{:.1}",
                times.len(),
                percentile(&times, 0.50),
                percentile(&times, 0.90),
                percentile(&times, 0.99),
                times.last().copied().unwrap_or(f64::NAN),
                cpu,
                rows
            );
        };
        report(
            "explorer-start",
            time_each(starts, |p| {
                usize::try_from(archive.explore(p, 5).expect("explore").games).unwrap_or(0)
            }),
        );
        report(
            "explorer-1-6-plies",
            time_each(&sample.explorer_deep, |p| {
                usize::try_from(archive.explore(p, 5).expect("explore").games).unwrap_or(0)
            }),
        );
        report(
            "position-search",
            time_each(&sample.positions, |key| {
                let filters = Filters {
                    position: Some(*key),
                    ..Filters::default()
                };
                archive
                    .search(&filters, 50, None)
                    .expect("search")
                    .games
                    .len()
            }),
        );
        // Pages of 100 players and events, the events' spread over the
        // whole list; each answer written as JSON, as the routes write it.
        let pages: Vec<Option<String>> = std::iter::once(None)
            .chain((1..30).map(|k| Some(format!("p{k}"))))
            .collect();
        report(
            "players-list",
            time_each(&pages, |after| {
                let page = match archive.players_page(100, after.as_deref()) {
                    Ok(page) => page,
                    // A cursor past the players: the first page.
                    Err(_) => archive.players_page(100, None).expect("players"),
                };
                serde_json::to_string(&page).map_or(0, |json| json.len().min(1))
                    * page.players.len()
            }),
        );
        // The newest event's id (the list is by id): its pages walked.
        let mut last_event = 1;
        let mut after: Option<String> = None;
        loop {
            let page = archive
                .events_page(1000, after.as_deref(), None)
                .expect("events");
            last_event = page.events.last().map_or(last_event, |e| e.id);
            match page.next {
                Some(next) => after = Some(next),
                None => break,
            }
        }
        let spread = i64::try_from(queries.clamp(1, 300)).unwrap_or(300);
        let event_pages: Vec<String> = (0..spread)
            .map(|k| format!("e{}", k * last_event / spread))
            .collect();
        report(
            "events-list",
            time_each(&event_pages, |after| {
                let page = archive.events_page(100, Some(after), None).expect("events");
                serde_json::to_string(&page).map_or(0, |json| json.len().min(1)) * page.events.len()
            }),
        );
        let event_ids: Vec<String> = event_pages
            .iter()
            .map(|after| after.trim_start_matches('e').to_owned())
            .filter(|id| id != "0")
            .collect();
        report(
            "event-standings",
            time_each(&event_ids, |id| {
                archive
                    .standings(id)
                    .map_or(0, |standings| standings.players.len())
            }),
        );
        report(
            "player-search",
            time_each(&sample.players, |name| {
                let filters = Filters {
                    player: Some(name.clone()),
                    ..Filters::default()
                };
                archive
                    .search(&filters, 50, None)
                    .expect("search")
                    .games
                    .len()
            }),
        );
        // A keeper's correction: a tag set (another value each run), one
        // revision each, in a transaction of its own.
        let change = GameChange {
            tags: vec![("Annotator".to_owned(), format!("bench run {run}"))],
            moves: None,
        };
        report(
            "edit",
            time_each(&sample.ids, |id| {
                let author = Author {
                    account: None,
                    by: "bench",
                    reason: Some("a tag corrected"),
                };
                match archive.edit(id, None, &change, author) {
                    Ok(_) => 1,
                    Err(error) => {
                        eprintln!("edit of {id} refused: {error}");
                        0
                    }
                }
            }),
        );
    }
}

//! Times `songo annotate --engine` on game records: each game judged at a
//! budget of positions a ply (default 200 000, as the command's) from a
//! fresh 16 MiB table, and prints for each ply its mark, loss, value and
//! depth (so that two builds' marks can be compared), then the CPU time
//! (user + system) and the marks counted.
//!
//! `cargo run --release -p songo-notation --example annotate_timing -- [NODES] [--hash MB] [--reference OUTPUT] RECORD...`
//!
//! `--hash` sets the table's size (16 MiB, the command's default).
//! `--reference` reads this example's output of a deeper run (say at
//! 1 600 000 positions a ply) and counts the plies given the same mark as
//! there, and how many seeds of loss away from it all the plies are: how
//! `docs/analysis.md` compares a budget's marks with a deeper search's.
//!
//! CPU time is read from `/proc/self/stat` (Linux; 0 elsewhere): on a
//! machine shared with other builds it is the firmer figure.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use songo_notation::analysis::annotate::{Engine, EngineLimits};
use songo_notation::analysis::{Analyser, AnalysisOptions, Limits};
use songo_notation::annotation::{Options, annotate_text_with};

/// User + system CPU time of this process, in seconds.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The fields after the command's closing parenthesis; utime and stime
    // are the 14th and 15th of the line, the 12th and 13th after it.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |at: usize| fields.get(at).and_then(|f| f.parse::<f64>().ok());
    match (ticks(11), ticks(12)) {
        (Some(user), Some(system)) => (user + system) / 100.0,
        _ => 0.0,
    }
}

/// The value after `flag` in `args`, both taken out.
fn take_option(args: &mut Vec<String>, flag: &str) -> Option<String> {
    let at = args.iter().position(|arg| arg == flag)?;
    args.remove(at);
    (at < args.len()).then(|| args.remove(at))
}

/// Each ply's mark and loss in an output of this example, by record and ply.
fn reference_marks(output: &str) -> HashMap<(String, usize), (String, i32)> {
    output
        .lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            match fields.as_slice() {
                [path, ply, _, mark, "loss", loss, ..] => Some((
                    ((*path).to_owned(), ply.parse().ok()?),
                    ((*mark).to_owned(), loss.parse().ok()?),
                )),
                _ => None,
            }
        })
        .collect()
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let hash_mib = take_option(&mut args, "--hash").map_or(16, |mib| {
        mib.parse::<usize>().expect("--hash takes a number of MiB")
    });
    let reference = take_option(&mut args, "--reference").map(|path| {
        reference_marks(&std::fs::read_to_string(path).expect("the reference is readable"))
    });
    let nodes = match args.first().and_then(|a| a.parse::<u64>().ok()) {
        Some(nodes) => {
            args.remove(0);
            nodes
        }
        None => songo_notation::analysis::annotate::DEFAULT_PLY_NODES,
    };
    for path in &args {
        let text = std::fs::read_to_string(path).expect("the record is readable");
        let analyser = Analyser::new(&AnalysisOptions {
            hash_bytes: hash_mib << 20,
            threads: 1,
        });
        let engine = Engine {
            analyser: &analyser,
            limits: EngineLimits {
                per_ply: Limits {
                    nodes: Some(nodes),
                    ..Limits::default()
                },
                per_game: Duration::from_secs(3000),
                total: None,
            },
        };
        let (cpu, wall) = (cpu_seconds(), Instant::now());
        let report = annotate_text_with(&text, &Options::default(), Some(&engine))
            .expect("the record reads");
        let (cpu, wall) = (cpu_seconds() - cpu, wall.elapsed().as_secs_f64());
        let mut marks = [0usize; 5];
        let mut plies = 0;
        let (mut depths, mut estimated) = (0, 0);
        let (mut compared, mut agreeing, mut seeds_away) = (0, 0, 0);
        for game in &report.games {
            let Some(review) = &game.engine else { continue };
            for ply in &review.plies {
                plies += 1;
                let at = ply.mark.map_or(0, |mark| mark as usize + 1);
                marks[at] += 1;
                if !ply.exact {
                    depths += ply.depth;
                    estimated += 1;
                }
                let glyph = ply.mark.map_or("-", |mark| mark.glyph());
                if let Some((mark, loss)) = reference
                    .as_ref()
                    .and_then(|marks| marks.get(&(path.clone(), ply.ply)))
                {
                    compared += 1;
                    agreeing += usize::from(mark == glyph);
                    seeds_away += (loss - ply.loss).abs();
                }
                println!(
                    "{path} {} {} {} loss {} value {} best {} {} {}",
                    ply.ply,
                    ply.played,
                    ply.mark.map_or("-", |mark| mark.glyph()),
                    ply.loss,
                    ply.value,
                    ply.best,
                    ply.best_value,
                    if ply.exact {
                        "exact".to_owned()
                    } else {
                        format!("d{}", ply.depth)
                    }
                );
            }
            if let Some(unjudged) = review.unjudged {
                println!("{path} unjudged {unjudged:?}");
            }
        }
        println!(
            "{path}: {plies} plies, CPU {cpu:.2} s, wall {wall:.2} s; ! {} ?! {} ? {} ?? {}; mean depth {:.2} ({estimated} estimated)",
            marks[1],
            marks[2],
            marks[3],
            marks[4],
            f64::from(depths) / f64::from(estimated.max(1))
        );
        if reference.is_some() {
            println!(
                "{path}: {agreeing} of {compared} marks as the reference's, losses {seeds_away} seeds away from its"
            );
        }
    }
}

//! Random playouts from the start position, one benchmark per sowing
//! ruleset: legal-move generation (`Position::turn`) plus `Position::play`
//! (group `playout`), or plus `Position::play_listed`, which plays a move
//! of the list `turn` gave without checking it again (group
//! `playout-listed`), reported in plies per second.
//!
//! Run with `cargo bench -p songo-notation --bench playout`; the figures
//! are kept in `docs/performance.md` ("Engine playouts").

mod common;
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use songo_notation::{Position, Ruleset};

/// Plies per benchmark iteration: games restart from the start position
/// whenever one ends, so every iteration does exactly this much work.
const PLIES: u64 = 100_000;

/// Awalé games may cycle forever (no end rule forbids it): a game is cut
/// after this many plies. Songo games end by their own rules.
const AWALE_PLY_CAP: u32 = 400;

use common::SplitMix64;

/// Plays `plies` random legal moves, starting new games as games end;
/// returns how many games were finished (so the work cannot be optimised away).
fn playouts(rules: Ruleset, plies: u64, rng: &mut SplitMix64, listed: bool) -> u64 {
    let start = Position::start(rules);
    let cap = match rules {
        Ruleset::Awale | Ruleset::OwareAbapa => AWALE_PLY_CAP,
        _ => u32::MAX,
    };
    let mut position = start;
    let mut game_plies = 0;
    let mut games = 0;
    let mut played = 0;
    while played < plies {
        match position.turn() {
            Ok(moves) if game_plies < cap => {
                let index = rng.below(moves.len());
                // A move from `turn` is legal: neither can fail here.
                if listed {
                    let _ = position.play_listed(&moves, index);
                } else {
                    let _ = position.play(moves.as_slice()[index]);
                }
                played += 1;
                game_plies += 1;
            }
            _ => {
                games += 1;
                position = start;
                game_plies = 0;
            }
        }
    }
    games
}

fn bench_playouts(c: &mut Criterion) {
    for (name, listed) in [("playout", false), ("playout-listed", true)] {
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(PLIES));
        for rules in [
            Ruleset::Songo,
            Ruleset::SongoEkang,
            Ruleset::Awale,
            Ruleset::OwareAbapa,
        ] {
            let mut rng = SplitMix64(0x5EED_0F50_4E60);
            group.bench_function(rules.id(), |b| {
                b.iter(|| black_box(playouts(black_box(rules), PLIES, &mut rng, listed)));
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench_playouts);
criterion_main!(benches);

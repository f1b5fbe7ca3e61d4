//! Random Seega playouts from the start: legal-move generation
//! (`SeegaPosition::turn`) plus `SeegaPosition::play`, in plies per second.
//!
//! Run with `cargo bench -p songo-notation --bench seega`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use songo_notation::Side;
use songo_notation::seega::SeegaPosition;

/// Plies per benchmark iteration: a new game starts whenever one ends.
const PLIES: u64 = 100_000;

/// Random games may shuffle pieces forever: a game is cut after this many plies.
const PLY_CAP: u32 = 300;

/// SplitMix64: a tiny seeded generator, good enough to pick moves.
struct SplitMix64(u64);

impl SplitMix64 {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// Plays `plies` random legal moves; returns the games finished.
fn playouts(plies: u64, rng: &mut SplitMix64) -> u64 {
    let mut position = SeegaPosition::start(Side::South);
    let (mut played, mut game_plies, mut games) = (0, 0, 0);
    while played < plies {
        match position.turn() {
            Ok(moves) if game_plies < PLY_CAP => {
                let index = rng.below(moves.len());
                if let Some(chosen) = moves.get(index) {
                    // A move from `turn` is legal: `play` cannot fail here.
                    let _ = position.play(chosen);
                }
                played += 1;
                game_plies += 1;
            }
            _ => {
                games += 1;
                game_plies = 0;
                position = SeegaPosition::start(Side::South);
            }
        }
    }
    games
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("seega playouts");
    group.throughput(Throughput::Elements(PLIES));
    group.bench_function("seega", |b| {
        let mut rng = SplitMix64(0x5EE6A);
        b.iter(|| black_box(playouts(PLIES, &mut rng)));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

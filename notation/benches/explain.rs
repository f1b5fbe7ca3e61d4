//! The teaching vocabulary's cost: `teach::explain` on Songo and Awalé
//! positions, the threats view of every move, the annotations of a whole
//! game, the Seega explanation, the picture of an explanation, and a whole
//! record annotated (`songo annotate`).
//!
//! Run with `cargo bench -p songo-notation --bench explain`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use songo_notation::any::{self, AnyPosition, Picture};
use songo_notation::render::Drawing;
use songo_notation::seega::SeegaPosition;
use songo_notation::{Position, teach};

/// A Songo middle game with a grenier on each side (the escale text's
/// grenier diagram, North to move: a full board of 70 seeds).
const SONGO: &str = "songo:3,0,1,6,14,5,5/2,10,5,0,13,1,7:0-0:N";

/// The escale text's yinda board (a partial board, North to move).
const YINDA: &str = "songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N";

/// An Awalé middle game with a grenier.
const AWALE: &str = "awale:1,1,0,0,3,2/4,4,4,17,6,6:0-0:S";

/// A Seega board in the movement phase.
const SEEGA: &str = "seega:NN.NN/NNNNN/SN.SS/SSSSS/SSSNS:S";

/// The first legal move every ply from the start, a whole game's worth.
fn game(start: Position, plies: usize) -> Vec<songo_notation::House> {
    let mut position = start;
    let mut moves = Vec::with_capacity(plies);
    for ply in 0..plies {
        let legal = position.legal_moves();
        let Some(&played) = legal.as_slice().get(ply % legal.len().max(1)) else {
            break;
        };
        if position.play(played).is_err() {
            break;
        }
        moves.push(played);
    }
    moves
}

fn bench(c: &mut Criterion) {
    let songo: Position = SONGO.parse().expect("a Songo position");
    let yinda: Position = YINDA.parse().expect("a Songo position");
    let awale: Position = AWALE.parse().expect("an Awalé position");
    let seega: SeegaPosition = SEEGA.parse().expect("a Seega position");

    let mut group = c.benchmark_group("explain");
    group.bench_function("songo middle game", |b| {
        b.iter(|| teach::explain(black_box(&songo)));
    });
    group.bench_function("songo yinda board", |b| {
        b.iter(|| teach::explain(black_box(&yinda)));
    });
    group.bench_function("awale", |b| {
        b.iter(|| teach::explain(black_box(&awale)));
    });
    group.bench_function("seega", |b| {
        b.iter(|| teach::explain_seega(black_box(&seega)));
    });
    group.finish();

    let mut group = c.benchmark_group("teach");
    group.bench_function("move effects, songo middle game", |b| {
        b.iter(|| teach::move_effects(black_box(&songo)));
    });
    let start = Position::start(songo_notation::Ruleset::Songo);
    let moves = game(start, 100);
    group.bench_function(
        format!("annotate a songo game of {} plies", moves.len()),
        |b| {
            b.iter(|| teach::annotate_line(black_box(start), black_box(&moves)));
        },
    );
    group.bench_function("seega move effects", |b| {
        b.iter(|| teach::seega_move_effects(black_box(&seega)));
    });
    let yinda_any = AnyPosition::from(yinda);
    let explained = any::explain(&yinda_any);
    group.bench_function("explain the yinda board as SVG", |b| {
        b.iter(|| black_box(&explained).draw(Drawing::Svg, &Picture::default()));
    });
    let record = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/records/valid/songo-full-game.songo"
    ))
    .expect("the full game's record");
    group.bench_function("annotate the full game's record (33 plies)", |b| {
        b.iter(|| {
            songo_notation::annotation::annotate_text(
                black_box(&record),
                &songo_notation::annotation::Options::default(),
            )
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

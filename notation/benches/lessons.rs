//! What a lesson costs: checking the escale text (25 boards found and
//! linked, its prose read for claims), drawing it as an HTML handout, and
//! the sample lesson (blocks played, explained, a record walked).
//!
//! Run with `cargo bench -p songo-notation --bench lessons`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use songo_notation::lesson::{self, Options};

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/lessons")
        .join(name);
    std::fs::read_to_string(path).expect("the lesson fixture")
}

fn bench(c: &mut Criterion) {
    let escale = fixture("escale-a-jeux.fr.txt");
    let sample = fixture("sample.md");
    let options = Options::default();
    let mut group = c.benchmark_group("lesson");
    group.bench_function("check escale text", |b| {
        b.iter(|| lesson::check(black_box(&escale), &options));
    });
    group.bench_function("html escale text", |b| {
        b.iter(|| lesson::html(black_box(&escale), &options));
    });
    group.bench_function("check sample lesson", |b| {
        b.iter(|| lesson::check(black_box(&sample), &options));
    });
    group.bench_function("html sample lesson", |b| {
        b.iter(|| lesson::html(black_box(&sample), &options));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

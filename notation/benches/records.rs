//! Record throughput: reading (parser and visitor alone) and validating
//! (parser and replay), per ruleset, on generated games held in memory;
//! reading one game written on a single long line; and one game of many
//! tags.
//! Run with `cargo bench -p songo-notation --bench records`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use songo_notation::Ruleset;
use songo_notation::generate::{GenerateOptions, generate};
use songo_notation::record::{self, MoveToken, Visitor, games, read_game};
use songo_notation::validate::{Options, validate_str};

/// A visitor that only counts moves: the cost of reading alone.
struct Count(usize);

impl<'a> Visitor<'a> for Count {
    type Output = ();
    fn san(&mut self, _token: MoveToken<'a>) {
        self.0 += 1;
    }
    fn end_game(&mut self) {}
}

fn corpus(rules: Ruleset) -> String {
    let records: Vec<_> = generate(rules, 2000, 1, GenerateOptions::default()).collect();
    record::write_all(&records)
}

fn records(c: &mut Criterion) {
    for rules in [Ruleset::Songo, Ruleset::Awale, Ruleset::OwareAbapa] {
        let text = corpus(rules);
        let mut group = c.benchmark_group(format!("records/{rules}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.sample_size(20);
        group.bench_function("read", |b| {
            b.iter(|| {
                let mut count = Count(0);
                for game in games(&text) {
                    read_game(&game.text, game.origin, &mut count);
                }
                count.0
            });
        });
        group.bench_function("validate", |b| {
            b.iter(|| validate_str(&text, &Options::default()).summary.plies);
        });
        group.finish();
    }
}

/// One game written on one line of 1 MB (200 000 variations): reading
/// must stay linear in the line's length (each place's column is counted
/// as the reader goes, not by reading back to the start of the line).
fn one_long_line(c: &mut Criterion) {
    let text = format!("[Rules \"songo\"]\n\n1. S2 {}*\n", "(N4) ".repeat(200_000));
    let mut group = c.benchmark_group("records/one-line");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(20);
    // Into records, which keep every move's line and column.
    group.bench_function("parse", |b| {
        b.iter(|| record::parse_games(&text).len());
    });
    group.finish();
}

/// One game of 100,000 tags (each name once, then each again in another
/// case): reading and validating must stay linear in the tags (a name read
/// before is found through a map, not by comparing it with every one; a
/// record of 100,000 tags took 41 s to read).
fn many_tags(c: &mut Criterion) {
    let mut text = String::from("[Rules \"songo\"]\n");
    for index in 0..50_000 {
        text.push_str(&format!("[Note{index} \"a\"]\n"));
    }
    for index in 0..50_000 {
        text.push_str(&format!("[NOTE{index} \"b\"]\n"));
    }
    text.push_str("\n1. S2 *\n");
    let mut group = c.benchmark_group("records/many-tags");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(10);
    group.bench_function("parse", |b| {
        b.iter(|| record::parse_games(&text)[0].record.tags.len());
    });
    group.bench_function("validate", |b| {
        b.iter(|| validate_str(&text, &Options::default()).summary.plies);
    });
    group.finish();
}

criterion_group!(benches, records, one_long_line, many_tags);
criterion_main!(benches);

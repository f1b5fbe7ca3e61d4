//! The explorer's counts packed by bucket (schema 5): a position's key
//! chooses a bucket (its low [`COUNT_BUCKET_BITS`] bits); a row of
//! `explorer` holds, for one bucket, entries (key, move, counts) that
//! some imports added, encoded here. Rows are only ever inserted, or
//! (a small import's) merged into their bucket's newest row: never
//! upserted one (key, move) at a time. The explorer reads its bucket's
//! rows and sums the entries of its key, which may be in several rows.
//!
//! Instead of a row per (key, move), some 100 bytes in PostgreSQL (its
//! 24-byte tuple header, the key, five counts and a 32-byte index entry)
//! and 167,322 rows upserted one by one at 20,000 games, an entry costs
//! some 15 bytes and an import writes a row or two per bucket.

use std::cmp::Ordering;

use songo_notation::{Ruleset, Score, Side, verdict};

use super::varint;

/// Bits of the key that choose its bucket: 4,096 buckets, so that a
/// transaction of 20,000 games (some 170,000 entries) writes a row of
/// some 600 bytes to each, and a bucket of a million-game archive (some
/// 30 KB) is read and summed in well under a millisecond.
pub(crate) const COUNT_BUCKET_BITS: u32 = 12;

/// The most entries' bytes a row holds, as for the posting lists (rows
/// past some 2 KB take a SQLite page each, half empty; PostgreSQL moves
/// them out of line).
pub(crate) const MAX_ROW_BYTES: usize = super::postings::MAX_ROW_BYTES;

/// The bucket of a key.
#[must_use]
pub(crate) fn bucket(key: i64) -> i64 {
    key & ((1 << COUNT_BUCKET_BITS) - 1)
}

/// What games add to one position and move: how many, how they ended
/// (games with a final score), and the sum of their final score
/// differences (South's minus North's).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    pub(crate) games: i64,
    pub(crate) south: i64,
    pub(crate) north: i64,
    pub(crate) draws: i64,
    pub(crate) score_sum: i64,
}

/// How a game with a final score ended, as the explorer counts it: the
/// score's difference (South's minus North's) and the winner by the
/// rules' verdict (`songo_notation::verdict`: a Songo game nobody took
/// to 40 seeds is drawn, whatever the difference).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Ending {
    pub(crate) diff: i64,
    pub(crate) winner: Option<Side>,
}

impl Ending {
    /// The ending of a game of `rules` with this final score; a game of
    /// an unknown ruleset has none.
    pub(crate) fn of(rules: Option<Ruleset>, south: i64, north: i64) -> Option<Ending> {
        let seeds = |n: i64| u32::try_from(n).ok();
        let score = Score::new(seeds(south)?, seeds(north)?);
        Some(Ending {
            diff: south - north,
            winner: verdict::winner(rules?, score),
        })
    }
}

impl Counts {
    /// One more game, with its ending when it has a final score.
    pub(crate) fn add(&mut self, ending: Option<Ending>) {
        self.games += 1;
        if let Some(ending) = ending {
            match ending.winner {
                Some(Side::South) => self.south += 1,
                Some(Side::North) => self.north += 1,
                None => self.draws += 1,
            }
            self.score_sum += ending.diff;
        }
    }

    /// Another's counts added.
    pub(crate) fn merge(&mut self, other: &Counts) {
        self.games += other.games;
        self.south += other.south;
        self.north += other.north;
        self.draws += other.draws;
        self.score_sum += other.score_sum;
    }
}

/// One entry: the counts of a move played from a position (`""`: the
/// games that ended there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) key: i64,
    pub(crate) played: String,
    pub(crate) counts: Counts,
}

/// The order entries are written in: by key (as unsigned, so that the
/// keys' differences are small and positive), then by move.
fn order(a: &Entry, b: &Entry) -> Ordering {
    a.key
        .cast_unsigned()
        .cmp(&b.key.cast_unsigned())
        .then_with(|| a.played.cmp(&b.played))
}

/// Entries of one bucket sorted and each (key, move) once, its counts
/// summed: what a row holds.
pub(crate) fn coalesce(mut entries: Vec<Entry>) -> Vec<Entry> {
    entries.sort_by(order);
    let mut out: Vec<Entry> = Vec::with_capacity(entries.len());
    for entry in entries {
        match out.last_mut() {
            Some(last) if last.key == entry.key && last.played == entry.played => {
                last.counts.merge(&entry.counts);
            }
            _ => out.push(entry),
        }
    }
    out
}

/// Appends one entry to a row whose previous entry's key was `previous`
/// (0 for a new row): the key's bits above the bucket as their
/// difference from the previous entry's (LEB128: entries are sorted),
/// the move's length and bytes, then games, South's wins, North's wins,
/// draws (LEB128) and the score sum (zigzag LEB128): some 15 bytes.
fn encode_one(previous: u64, entry: &Entry, out: &mut Vec<u8>) {
    let high = entry.key.cast_unsigned() >> COUNT_BUCKET_BITS;
    varint::push(high.wrapping_sub(previous >> COUNT_BUCKET_BITS), out);
    varint::push(entry.played.len() as u64, out);
    out.extend_from_slice(entry.played.as_bytes());
    let counts = &entry.counts;
    for n in [counts.games, counts.south, counts.north, counts.draws] {
        varint::push(n.cast_unsigned(), out);
    }
    varint::push(varint::zigzag(counts.score_sum), out);
}

/// The rows of one bucket's entries (sorted and coalesced), each filled
/// up to [`MAX_ROW_BYTES`] in turn (an entry is never split): every row
/// but the last is nearly full. Each row is encoded from 0.
pub(crate) fn split_into_rows(entries: &[Entry]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut bytes = Vec::with_capacity(MAX_ROW_BYTES.min(entries.len() * 16));
    let mut previous = 0;
    for entry in entries {
        let before = bytes.len();
        encode_one(previous, entry, &mut bytes);
        if before > 0 && bytes.len() > MAX_ROW_BYTES {
            // The entry starts the next row, from 0.
            bytes.truncate(before);
            out.push(std::mem::replace(
                &mut bytes,
                Vec::with_capacity(MAX_ROW_BYTES),
            ));
            encode_one(0, entry, &mut bytes);
        }
        previous = entry.key.cast_unsigned();
    }
    out.push(bytes);
    out
}

/// Calls `each` with every entry of a row of `bucket` (its key, move and
/// counts), in the order written. A row cut short or otherwise broken
/// (it cannot be, but bytes are bytes) ends where it breaks.
pub(crate) fn decode(bytes: &[u8], bucket: i64, mut each: impl FnMut(i64, &str, Counts)) {
    let low = bucket.cast_unsigned() & ((1 << COUNT_BUCKET_BITS) - 1);
    let mut at = 0;
    let mut high = 0_u64;
    while at < bytes.len() {
        let Some(delta) = varint::read(bytes, &mut at) else {
            return;
        };
        high = high.wrapping_add(delta);
        let Some(length) = varint::read(bytes, &mut at).and_then(|n| usize::try_from(n).ok())
        else {
            return;
        };
        let Some(played) = at
            .checked_add(length)
            .and_then(|end| bytes.get(at..end))
            .and_then(|name| std::str::from_utf8(name).ok())
        else {
            return;
        };
        at += length;
        let mut numbers = [0_i64; 4];
        for n in &mut numbers {
            let Some(value) = varint::read(bytes, &mut at) else {
                return;
            };
            *n = value.cast_signed();
        }
        let Some(score_sum) = varint::read(bytes, &mut at).map(varint::unzigzag) else {
            return;
        };
        let key = ((high << COUNT_BUCKET_BITS) | low).cast_signed();
        each(
            key,
            played,
            Counts {
                games: numbers[0],
                south: numbers[1],
                north: numbers[2],
                draws: numbers[3],
                score_sum,
            },
        );
    }
}

/// Every entry of a row, owned.
pub(crate) fn entries_of(bytes: &[u8], bucket: i64) -> Vec<Entry> {
    let mut entries = Vec::new();
    decode(bytes, bucket, |key, played, counts| {
        entries.push(Entry {
            key,
            played: played.to_owned(),
            counts,
        });
    });
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: i64, played: &str, games: i64, score_sum: i64) -> Entry {
        Entry {
            key,
            played: played.to_owned(),
            counts: Counts {
                games,
                south: games / 2,
                north: games / 3,
                draws: 1,
                score_sum,
            },
        }
    }

    /// A bucket's entries come back as written, keys whole (their bucket
    /// bits from the bucket), however large or negative; a row cut
    /// anywhere gives the whole entries before the cut and no panic.
    #[test]
    fn entries_come_back_as_written() {
        let bucket_of = 0x0abc;
        let keys = [
            bucket_of,
            0x1234_5678_9abc_dabc_u64.cast_signed(),
            !0xfff | bucket_of,
            i64::MIN | bucket_of,
            i64::MAX & !0xfff | bucket_of,
        ];
        let mut entries: Vec<Entry> = keys
            .iter()
            .enumerate()
            .flat_map(|(i, &key)| {
                let i = i64::try_from(i).unwrap_or(0);
                [
                    entry(key, "", 1, -i),
                    entry(key, "S4", 1_000_000 + i, i64::MIN / 4),
                    entry(key, "é7", i, i64::MAX / 4),
                ]
            })
            .collect();
        entries.push(entry(keys[1], "S4", 3, 5));
        let entries = coalesce(entries);
        assert_eq!(entries.len(), 15);
        let rows = split_into_rows(&entries);
        assert_eq!(rows.len(), 1);
        assert_eq!(entries_of(&rows[0], bucket_of), entries);
        for key in keys {
            assert_eq!(bucket(key), bucket_of);
        }
        for end in 0..rows[0].len() {
            let some = entries_of(&rows[0][..end], bucket_of);
            assert_eq!(some[..], entries[..some.len()]);
        }
    }

    /// Entries of the same key and move are summed into one; a bucket's
    /// many entries are split into rows of at most the bound, which
    /// together give every entry back.
    #[test]
    fn entries_coalesce_and_split_into_bounded_rows() {
        let mut entries = Vec::new();
        for i in 0..3_000_i64 {
            let key = ((i % 700) << 20) | 5;
            entries.push(entry(key, ["A", "B", "C"][(i % 3) as usize], 1, i % 7 - 3));
        }
        let coalesced = coalesce(entries.clone());
        assert_eq!(coalesced.len(), 2_100);
        let total = |entries: &[Entry]| entries.iter().map(|e| e.counts.games).sum::<i64>();
        assert_eq!(total(&coalesced), 3_000);
        let rows = split_into_rows(&coalesced);
        assert!(rows.len() > 10, "{}", rows.len());
        let mut back = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            assert!(row.len() <= MAX_ROW_BYTES, "{}", row.len());
            assert!(
                i + 1 == rows.len() || row.len() > MAX_ROW_BYTES - 32,
                "{}",
                row.len()
            );
            back.extend(entries_of(row, 5));
        }
        assert_eq!(back, coalesced);
        assert_eq!(split_into_rows(&[]), vec![Vec::<u8>::new()]);
    }
}

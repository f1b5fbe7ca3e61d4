//! The position index as posting lists (schema 4): a position's 64-bit
//! key is split into a bucket (its low bits) and a fingerprint (the 32
//! bits above them); a row of `positions` holds, for one bucket, the
//! (game, fingerprint) entries of the games one transaction added,
//! encoded here. A search reads its bucket's rows and keeps the entries
//! of its fingerprint. Rows instead of a row per position: an import
//! writes a row or two a game instead of a hundred.
//!
//! A game's passages are in one of two lists: shallow (first reached
//! within [`EXPLORER_PLIES`], counted in the explorer's table) or deep
//! (later: the explorer replays those games). The explorer reads the
//! deep list of its bucket whole and only the last rows of the shallow
//! one, so the start position's million entries are never decoded for
//! it.

use super::varint;

/// Bits of the key that choose a deep passage's bucket: 4,096 buckets,
/// so that a transaction of a few thousand games writes rows of a few
/// hundred bytes and a bucket of a million-game archive (some 25,000
/// entries) is read in well under a millisecond.
pub(crate) const DEEP_BUCKET_BITS: u32 = 12;

/// Bits of a shallow passage's bucket: fewer passages (a dozen a game),
/// so fewer buckets keep its rows as large.
pub(crate) const SHALLOW_BUCKET_BITS: u32 = 8;

/// Positions first reached at this ply or before are counted in the
/// explorer's table; a game that first reached a position later is
/// found by the position index (its entry marked deep) and replayed by
/// the explorer.
pub(crate) const EXPLORER_PLIES: i64 = 12;

/// The most games the explorer replays for one position (games that
/// first reached it past [`EXPLORER_PLIES`]); past it, it says so
/// rather than answer late.
pub(crate) const MAX_REPLAYS: usize = 2_000;

/// The most entries' bytes a row holds (a transaction's entries of a bucket are split into
/// rows this size at most, between two games): rows past some 2 KB take
/// a SQLite page each, half empty (at 20,000 games a transaction a deep
/// row was 2.4 KB: the posting lists 18.3 MB for 11.2 MB of entries),
/// and PostgreSQL moves them out of line (TOAST).
pub(crate) const MAX_ROW_BYTES: usize = 1_024;

/// The entries of one bucket (sorted by game), split into rows of at
/// most [`MAX_ROW_BYTES`] each, as even as the games allow: a game's
/// entries are never split between rows (a row's first game names it,
/// and the names of a bucket's rows are unique). Each row is encoded
/// from 0.
pub(crate) fn split_into_rows(entries: &[Entry]) -> Vec<(i64, Vec<u8>)> {
    let mut all = Vec::with_capacity(entries.len() * 6);
    encode(0, entries, &mut all);
    let rows = all.len().div_ceil(MAX_ROW_BYTES).max(1);
    let target = all.len().div_ceil(rows);
    let mut out = Vec::with_capacity(rows);
    let mut start = 0;
    while start < entries.len() {
        let mut bytes = Vec::with_capacity(target + 16);
        let mut end = start;
        let mut previous = 0;
        while end < entries.len() {
            // The next game's entries, whole.
            let game = entries[end].game;
            let next = end + entries[end..].iter().take_while(|e| e.game == game).count();
            let before = bytes.len();
            encode(previous, &entries[end..next], &mut bytes);
            if end > start && bytes.len() > target {
                bytes.truncate(before);
                break;
            }
            previous = game;
            end = next;
        }
        out.push((entries[start].game, bytes));
        start = end;
    }
    out
}

fn bucket_bits(deep: bool) -> u32 {
    if deep {
        DEEP_BUCKET_BITS
    } else {
        SHALLOW_BUCKET_BITS
    }
}

/// The bucket of a key, in the deep or the shallow list.
#[must_use]
pub(crate) fn bucket(key: i64, deep: bool) -> i64 {
    key & ((1 << bucket_bits(deep)) - 1)
}

/// The fingerprint of a key: the 32 bits above its bucket.
#[must_use]
pub(crate) fn fingerprint(key: i64, deep: bool) -> u32 {
    // Truncation meant: the 32 bits above the bucket's.
    #[allow(clippy::cast_possible_truncation)]
    let bits = (key.cast_unsigned() >> bucket_bits(deep)) as u32;
    bits
}

/// One entry: a game passed through a position of this fingerprint.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Entry {
    pub(crate) game: i64,
    pub(crate) fingerprint: u32,
}

/// Appends entries (in any order; sorted by game they are smallest) to
/// `out`, a row whose last entry's game is `previous` (0 for a new row):
/// each is its game's difference from the previous entry's (zigzag,
/// LEB128) and the fingerprint's four bytes.
pub(crate) fn encode(mut previous: i64, entries: &[Entry], out: &mut Vec<u8>) {
    for entry in entries {
        let delta = entry.game.wrapping_sub(previous);
        previous = entry.game;
        varint::push(varint::zigzag(delta), out);
        out.extend_from_slice(&entry.fingerprint.to_le_bytes());
    }
}

/// Calls `each` with every entry of a row, in the order written. A row
/// cut short (it cannot be, but bytes are bytes) ends where it breaks.
pub(crate) fn decode(bytes: &[u8], mut each: impl FnMut(Entry)) {
    let mut at = 0;
    let mut previous = 0_i64;
    while at < bytes.len() {
        let Some(delta) = varint::read(bytes, &mut at).map(varint::unzigzag) else {
            return;
        };
        let Some(fingerprint) = bytes.get(at..at + 4) else {
            return;
        };
        at += 4;
        previous = previous.wrapping_add(delta);
        let mut four = [0; 4];
        four.copy_from_slice(fingerprint);
        each(Entry {
            game: previous,
            fingerprint: u32::from_le_bytes(four),
        });
    }
}

/// The games of a row's entries with `fingerprint`, added to `games`.
pub(crate) fn games_of(bytes: &[u8], fingerprint: u32, games: &mut Vec<i64>) {
    decode(bytes, |entry| {
        if entry.fingerprint == fingerprint {
            games.push(entry.game);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_come_back_as_written() {
        let entries = [
            Entry {
                game: 1,
                fingerprint: 7,
            },
            Entry {
                game: 1,
                fingerprint: u32::MAX,
            },
            Entry {
                game: 300,
                fingerprint: 0,
            },
            // Out of order (two writers' games appended): still read back.
            Entry {
                game: 2,
                fingerprint: 9,
            },
            Entry {
                game: i64::MAX,
                fingerprint: 1,
            },
        ];
        let mut bytes = Vec::new();
        encode(0, &entries[..2], &mut bytes);
        encode(1, &entries[2..], &mut bytes);
        let mut back = Vec::new();
        decode(&bytes, |entry| back.push(entry));
        assert_eq!(back, entries);
        // Cut anywhere: the whole entries before the cut, no panic.
        for end in 0..bytes.len() {
            let mut some = Vec::new();
            decode(&bytes[..end], |entry| some.push(entry));
            assert!(some.len() <= entries.len());
            assert_eq!(some[..], entries[..some.len()]);
        }
    }

    /// A bucket's entries come back whole from its rows, each row at
    /// most the bound (but a game's entries larger than it, alone), a
    /// game's entries in one row, the rows named by distinct games.
    #[test]
    fn a_buckets_entries_split_into_bounded_rows_between_games() {
        let mut entries = Vec::new();
        for game in 1..2_000_i64 {
            // Some games twice in the bucket, one many times.
            let times = match game {
                7 => 400,
                g if g % 3 == 0 => 2,
                _ => 1,
            };
            for i in 0..times {
                entries.push(Entry {
                    game,
                    fingerprint: u32::try_from(game * 7 + i).unwrap_or(0),
                });
            }
        }
        let rows = split_into_rows(&entries);
        assert!(rows.len() > 10, "{}", rows.len());
        let mut back = Vec::new();
        let mut names = std::collections::HashSet::new();
        for (first, bytes) in &rows {
            assert!(names.insert(*first));
            let mut games = Vec::new();
            decode(bytes, |entry| {
                back.push(entry);
                games.push(entry.game);
            });
            assert_eq!(games[0], *first);
            assert!(
                bytes.len() <= MAX_ROW_BYTES || games.iter().all(|g| *g == 7),
                "{} bytes",
                bytes.len()
            );
        }
        assert_eq!(back, entries);
        for window in rows.windows(2) {
            let mut last = 0;
            decode(&window[0].1, |entry| last = entry.game);
            assert!(last < window[1].0);
        }
        assert_eq!(split_into_rows(&entries[..1]).len(), 1);
    }

    #[test]
    fn bucket_and_fingerprint_are_the_low_bits_of_the_key() {
        let key = 0x0123_4567_89ab_cdef_u64.cast_signed();
        assert_eq!(bucket(key, true), 0xdef);
        assert_eq!(fingerprint(key, true), 0x5678_9abc);
        assert_eq!(bucket(-1, true), 0xfff);
        assert_eq!(bucket(key, false), 0xef);
        assert_eq!(fingerprint(key, false), 0x6789_abcd);
    }
}

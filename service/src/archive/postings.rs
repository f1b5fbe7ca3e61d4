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

/// A new row smaller than this is appended to its bucket's last row
/// instead (when that stays under [`MAX_ROW_BYTES`]): many small imports
/// (a game posted at a time) add bytes to a bucket, not rows.
pub(crate) const MIN_ROW_BYTES: usize = 512;

/// A row grown by appends stops growing here.
pub(crate) const MAX_ROW_BYTES: usize = 8_192;

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
        let mut zigzag = ((delta << 1) ^ (delta >> 63)).cast_unsigned();
        while zigzag >= 0x80 {
            // The low seven bits, with the "more" bit.
            #[allow(clippy::cast_possible_truncation)]
            out.push((zigzag as u8) | 0x80);
            zigzag >>= 7;
        }
        #[allow(clippy::cast_possible_truncation)]
        out.push(zigzag as u8);
        out.extend_from_slice(&entry.fingerprint.to_le_bytes());
    }
}

/// Calls `each` with every entry of a row, in the order written. A row
/// cut short (it cannot be, but bytes are bytes) ends where it breaks.
pub(crate) fn decode(bytes: &[u8], mut each: impl FnMut(Entry)) {
    let mut at = 0;
    let mut previous = 0_i64;
    while at < bytes.len() {
        let mut zigzag = 0_u64;
        let mut shift = 0;
        loop {
            let Some(&byte) = bytes.get(at) else {
                return;
            };
            at += 1;
            if shift < 64 {
                zigzag |= u64::from(byte & 0x7f) << shift;
            }
            shift += 7;
            if byte & 0x80 == 0 {
                break;
            }
        }
        let delta = (zigzag >> 1).cast_signed() ^ -((zigzag & 1).cast_signed());
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

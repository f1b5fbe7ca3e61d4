//! The transposition table: what the search learnt of each position, in a
//! fixed amount of memory shared by every search thread.
//!
//! Each slot is two atomic words, the key xor-ed with the data and the
//! data: a slot torn by two threads writing at once no longer matches its
//! key and is simply not found (no lock, no `unsafe`). The key's low bits
//! are its bucket's index, which the bucket tells already: in the slot
//! they hold instead the bucket index of the best move's position (a
//! *hint*), so that a probe can ask for that bucket before the move is
//! even played. The data is xor-ed in turned by half a word, so that the
//! value, bound and depth land on the bits the key checks. Four slots make a
//! bucket, one 64-byte cache line (a probe waits on one memory read, and
//! four results share it): a new result takes the slot of its own
//! position, else an empty one, else the least worth keeping (of an
//! earlier search, then the shallowest; a proven result last).
//!
//! An epoch number is stored with each result: a result of another epoch is
//! not found. Starting a new epoch ([`TranspositionTable::new_epoch`])
//! forgets every earlier result without touching the memory, so a caller
//! whose results must not depend on what was searched before (the exercise
//! finder, game by game) pays nothing for it.

use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored value says of the position's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value is at least this.
    Lower,
    /// The value is at most this.
    Upper,
    /// The value is this.
    Exact,
}

/// One stored result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry {
    /// In grains, net (what is still to be won from the board).
    pub(crate) value: i32,
    pub(crate) bound: Bound,
    /// Proven: a fact about the position's value, whatever the depth.
    pub(crate) proven: bool,
    /// The depth searched (meaningless when proven).
    pub(crate) depth: u8,
    /// The best move found, by camp index (sowing order), if any.
    pub(crate) best: Option<u8>,
}

impl Entry {
    fn pack(self, generation: u8, epoch: u16) -> u64 {
        let bound = match self.bound {
            Bound::Lower => 1,
            Bound::Upper => 2,
            Bound::Exact => 3,
        };
        u64::from(self.value as i16 as u16)
            | bound << 16
            | u64::from(self.proven) << 18
            | u64::from(self.depth) << 24
            | u64::from(self.best.map_or(15, |best| best & 15)) << 32
            | u64::from(generation) << 40
            | u64::from(epoch) << 48
    }

    /// The epoch a packed result was stored in.
    fn epoch_of(data: u64) -> u16 {
        (data >> 48) as u16
    }

    fn unpack(data: u64) -> Option<Entry> {
        let bound = match data >> 16 & 3 {
            1 => Bound::Lower,
            2 => Bound::Upper,
            3 => Bound::Exact,
            _ => return None,
        };
        let best = (data >> 32 & 15) as u8;
        Some(Entry {
            value: i32::from(data as u16 as i16),
            bound,
            proven: data >> 18 & 1 != 0,
            depth: (data >> 24) as u8,
            best: (best != 15).then_some(best),
        })
    }

    /// How much a slot is worth keeping: proven first, then depth.
    fn worth(self) -> u32 {
        if self.proven {
            u32::MAX
        } else {
            u32::from(self.depth)
        }
    }
}

/// Slots a bucket holds.
const SLOTS: usize = 4;

/// One cache line: [`SLOTS`] slots of two words, the key xor-ed with the
/// data, then the data.
#[derive(Debug)]
#[repr(align(64))]
struct Bucket([AtomicU64; 2 * SLOTS]);

impl Bucket {
    fn empty() -> Bucket {
        Bucket(std::array::from_fn(|_| AtomicU64::new(0)))
    }

    /// The key (its bucket's bits holding the hint) and data of slot
    /// `slot`.
    #[inline]
    fn slot(&self, slot: usize) -> (u64, u64) {
        let data = self.0[2 * slot + 1].load(Ordering::Relaxed);
        (
            self.0[2 * slot].load(Ordering::Relaxed) ^ data.rotate_left(32),
            data,
        )
    }

    fn store(&self, slot: usize, key: u64, data: u64) {
        self.0[2 * slot].store(key ^ data.rotate_left(32), Ordering::Relaxed);
        self.0[2 * slot + 1].store(data, Ordering::Relaxed);
    }
}

/// A fixed-size table of results, keyed by a position's hash.
#[derive(Debug)]
pub(crate) struct TranspositionTable {
    buckets: Vec<Bucket>,
    /// Buckets minus one (a power of two minus one).
    mask: usize,
    generation: AtomicU64,
    /// Results of another epoch are not found ([`Self::new_epoch`]).
    epoch: AtomicU64,
}

impl TranspositionTable {
    /// A table of at most `bytes` bytes (at least one bucket).
    pub(crate) fn new(bytes: usize) -> TranspositionTable {
        let buckets = (bytes / size_of::<Bucket>()).max(1);
        let buckets = if buckets.is_power_of_two() {
            buckets
        } else {
            buckets.next_power_of_two() / 2
        };
        TranspositionTable {
            buckets: (0..buckets).map(|_| Bucket::empty()).collect(),
            mask: buckets - 1,
            generation: AtomicU64::new(0),
            epoch: AtomicU64::new(0),
        }
    }

    /// Its size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>()
    }

    /// A new search: older results give way first.
    pub(crate) fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Forgets every result stored so far, without touching them: they
    /// belong to an earlier epoch and are no longer found. Once in 65,536
    /// epochs (when the stored number wraps) the table is cleared, so a
    /// result that old cannot come back either.
    pub(crate) fn new_epoch(&self) {
        let next = self.epoch.fetch_add(1, Ordering::Relaxed) + 1;
        if next.is_multiple_of(1 << 16) {
            self.clear();
        }
    }

    fn current_epoch(&self) -> u16 {
        self.epoch.load(Ordering::Relaxed) as u16
    }

    /// Forgets everything.
    pub(crate) fn clear(&self) {
        for bucket in &self.buckets {
            for word in &bucket.0 {
                word.store(0, Ordering::Relaxed);
            }
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[key as usize & self.mask]
    }

    /// What is stored for `key`.
    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        self.get_hinted(key).map(|(entry, _)| entry)
    }

    /// What is stored for `key`, and the hint stored with it: the bucket
    /// index of its best move's position, for [`Self::prefetch`] (a key's
    /// bits past the bucket's are those of the position itself).
    #[inline]
    pub(crate) fn get_hinted(&self, key: u64) -> Option<(Entry, u64)> {
        let bucket = self.bucket(key);
        let epoch = self.current_epoch();
        let own = !(self.mask as u64);
        (0..SLOTS).find_map(|slot| {
            let (stored, data) = bucket.slot(slot);
            // The bucket's bits are the bucket's: the rest of the key
            // decides.
            (stored & own == key & own && Entry::epoch_of(data) == epoch)
                .then(|| Entry::unpack(data))
                .flatten()
                .map(|entry| (entry, stored & !own))
        })
    }

    /// Asks for the bucket of `key` to be brought into the cache, ahead of
    /// its probe: a prefetch instruction, which waits for nothing, so that
    /// the cache miss overlaps the work done before the probe (in the
    /// search, the other children played and ordered).
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        mem_prefetch::prefetch_read_data::<_, 3>(self.bucket(key));
    }

    /// Stores a result for `key`.
    #[cfg(test)]
    pub(crate) fn put(&self, key: u64, entry: Entry) {
        self.put_hinted(key, entry, key);
    }

    /// Stores a result for `key`, with the hint `next` (the key of its best
    /// move's position: [`Self::get_hinted`] gives back its bucket's bits).
    pub(crate) fn put_hinted(&self, key: u64, entry: Entry, next: u64) {
        let own = !(self.mask as u64);
        let bucket = self.bucket(key);
        let key = key & own | next & !own;
        let generation = self.generation.load(Ordering::Relaxed) as u8;
        let epoch = self.current_epoch();
        let data = entry.pack(generation, epoch);
        // How much each slot's result is worth keeping: nothing for an
        // empty slot or one of an earlier epoch, little for a guess of an
        // earlier search, then by worth (proven first, then depth). The position's own slot is taken
        // unless it holds a proven result and this one is not.
        let (mut slot, mut least) = (SLOTS - 1, u64::MAX);
        for at in 0..SLOTS {
            let (kept_key, kept_data) = bucket.slot(at);
            let kept = Some(kept_data)
                .filter(|&data| Entry::epoch_of(data) == epoch)
                .and_then(Entry::unpack);
            let keep = match kept {
                None => 0,
                Some(kept) if kept_key & own == key & own => {
                    if entry.proven || !kept.proven {
                        bucket.store(at, key, data);
                    }
                    return;
                }
                Some(kept) => {
                    let current = (kept_data >> 40) as u8 == generation || kept.proven;
                    1 + (u64::from(current) << 32 | u64::from(kept.worth()))
                }
            };
            // Ties go to the later slot: the last takes what comes.
            if keep <= least {
                (slot, least) = (at, keep);
            }
        }
        bucket.store(slot, key, data);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_come_back_as_stored() {
        let table = TranspositionTable::new(1 << 12);
        let entry = Entry {
            value: -37,
            bound: Bound::Upper,
            proven: true,
            depth: 9,
            best: Some(6),
        };
        table.put(0xDEAD_BEEF, entry);
        assert_eq!(table.get(0xDEAD_BEEF), Some(entry));
        assert_eq!(table.get(0xDEAD_BEEE), None);
        table.clear();
        assert_eq!(table.get(0xDEAD_BEEF), None);
        assert!(table.bytes() <= 1 << 12);
    }

    #[test]
    fn a_hint_comes_back_in_the_bucket_bits_and_the_rest_of_the_key_decides() {
        // 64 buckets: the key's low 6 bits are its bucket.
        let table = TranspositionTable::new(64 * 64);
        let key = 0x1234_5678_9ABC_DE05;
        let next = 0x0FED_CBA9_8765_4333;
        table.put_hinted(key, PROVEN_EIGHT, next);
        assert_eq!(table.get_hinted(key), Some((PROVEN_EIGHT, 0x33)));
        // Its bucket, another key: not found.
        assert_eq!(table.get(key ^ 1 << 40), None);
        assert_eq!(table.get(key ^ 0x40), None);
        // The hint's bits are not the key's: stored again with another
        // hint, it is the same result, in the same slot.
        let deeper = Entry {
            proven: false,
            depth: 4,
            ..PROVEN_EIGHT
        };
        table.put_hinted(key, PROVEN_EIGHT, 7);
        assert_eq!(table.get_hinted(key), Some((PROVEN_EIGHT, 7)));
        table.put_hinted(key + 64, deeper, 0);
        assert_eq!(table.get_hinted(key + 64), Some((deeper, 0)));
        assert_eq!(table.get_hinted(key), Some((PROVEN_EIGHT, 7)));
    }

    #[test]
    fn a_slot_torn_in_its_value_is_not_found() {
        let table = TranspositionTable::new(64 * 64);
        let key = 0x1234_5678_9ABC_DE05;
        table.put_hinted(key, PROVEN_EIGHT, 0);
        let bucket = table.bucket(key);
        let slot = (0..SLOTS)
            .find(|&slot| bucket.slot(slot).1 != 0)
            .expect("a slot taken");
        // Another value's data over the first one's key word, as a second
        // thread's write half done leaves it.
        let data = bucket.0[2 * slot + 1].load(Ordering::Relaxed);
        bucket.0[2 * slot + 1].store(data ^ 3, Ordering::Relaxed);
        assert_eq!(table.get(key), None);
    }

    /// A proven exact value of 8, as the keeping slot holds.
    const PROVEN_EIGHT: Entry = Entry {
        value: 8,
        bound: Bound::Exact,
        proven: true,
        depth: 0,
        best: None,
    };

    #[test]
    fn a_new_epoch_hides_every_earlier_result_and_gives_its_slot_away() {
        let table = TranspositionTable::new(64);
        let proven = PROVEN_EIGHT;
        table.put(1, proven);
        table.new_epoch();
        assert_eq!(table.get(1), None);
        // The proven result of the earlier epoch no longer holds the
        // keeping slot: a shallow result of this epoch takes it.
        let shallow = Entry {
            proven: false,
            depth: 1,
            ..proven
        };
        table.put(2, shallow);
        table.put(3, shallow);
        assert_eq!(table.get(2), Some(shallow));
        assert_eq!(table.get(3), Some(shallow));
        table.put(1, proven);
        assert_eq!(table.get(1), Some(proven));
    }

    #[test]
    fn a_proven_result_is_not_pushed_out_by_a_shallow_one() {
        let table = TranspositionTable::new(64);
        let proven = PROVEN_EIGHT;
        let shallow = Entry {
            proven: false,
            depth: 3,
            ..proven
        };
        // Same bucket (one bucket only), other keys, more than it holds.
        table.put(1, proven);
        for key in 2..10 {
            table.put(key, shallow);
        }
        assert_eq!(table.get(1), Some(proven));
        assert_eq!(table.get(9), Some(shallow));
    }

    #[test]
    fn a_bucket_is_one_cache_line_of_four_results_and_keeps_the_deepest() {
        assert_eq!(size_of::<Bucket>(), 64);
        assert_eq!(align_of::<Bucket>(), 64);
        let table = TranspositionTable::new(64);
        let at = |depth: u8| Entry {
            proven: false,
            depth,
            ..PROVEN_EIGHT
        };
        for (key, depth) in [(1, 9), (2, 7), (3, 5), (4, 3)] {
            table.put(key, at(depth));
        }
        for (key, depth) in [(1, 9), (2, 7), (3, 5), (4, 3)] {
            assert_eq!(table.get(key), Some(at(depth)), "{key}");
        }
        // The shallowest gives way, each time.
        table.put(5, at(1));
        table.put(6, at(2));
        assert_eq!(table.get(4), None);
        assert_eq!(table.get(5), None);
        assert_eq!(table.get(6), Some(at(2)));
        // A result of an earlier search gives way before one of this
        // search, however shallow.
        table.new_search();
        table.put(7, at(1));
        table.put(8, at(1));
        assert_eq!(table.get(6), None);
        assert_eq!(table.get(3), None);
        for (key, depth) in [(1, 9), (2, 7), (7, 1), (8, 1)] {
            assert_eq!(table.get(key), Some(at(depth)), "{key}");
        }
    }
}

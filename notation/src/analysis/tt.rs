//! The transposition table: what the search learnt of each position, in a
//! fixed amount of memory shared by every search thread.
//!
//! Each slot is two atomic words, the key xor-ed with the data and the
//! data: a slot torn by two threads writing at once no longer matches its
//! key and is simply not found (no lock, no `unsafe`). Two slots make a
//! bucket: the first keeps the deeper (or proven) result, the second takes
//! whatever comes.
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

/// A fixed-size table of results, keyed by a position's hash.
#[derive(Debug)]
pub(crate) struct TranspositionTable {
    slots: Vec<[AtomicU64; 2]>,
    /// Buckets minus one (a power of two minus one).
    mask: usize,
    generation: AtomicU64,
    /// Results of another epoch are not found ([`Self::new_epoch`]).
    epoch: AtomicU64,
}

impl TranspositionTable {
    /// A table of at most `bytes` bytes (at least one bucket).
    pub(crate) fn new(bytes: usize) -> TranspositionTable {
        let buckets = (bytes / 32).max(1);
        let buckets = if buckets.is_power_of_two() {
            buckets
        } else {
            buckets.next_power_of_two() / 2
        };
        let slots = (0..buckets * 2)
            .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
            .collect();
        TranspositionTable {
            slots,
            mask: buckets - 1,
            generation: AtomicU64::new(0),
            epoch: AtomicU64::new(0),
        }
    }

    /// Its size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * 16
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
        for slot in &self.slots {
            slot[0].store(0, Ordering::Relaxed);
            slot[1].store(0, Ordering::Relaxed);
        }
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.mask) * 2
    }

    /// What is stored for `key`.
    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        let first = self.bucket(key);
        let epoch = self.current_epoch();
        for slot in &self.slots[first..first + 2] {
            let data = slot[1].load(Ordering::Relaxed);
            if slot[0].load(Ordering::Relaxed) ^ data == key && Entry::epoch_of(data) == epoch {
                return Entry::unpack(data);
            }
        }
        None
    }

    /// Reads the buckets of `keys` into the cache, ahead of their probes:
    /// the loads are issued back to back, so that their cache misses
    /// overlap. Plain loads, as the project has no `unsafe` code for a
    /// prefetch instruction.
    #[inline]
    pub(crate) fn prefetch(&self, keys: impl Iterator<Item = u64>) {
        let mut folded = 0;
        for key in keys {
            folded ^= self.slots[self.bucket(key)][1].load(Ordering::Relaxed);
        }
        std::hint::black_box(folded);
    }

    /// Stores a result for `key`.
    pub(crate) fn put(&self, key: u64, entry: Entry) {
        let generation = self.generation.load(Ordering::Relaxed) as u8;
        let epoch = self.current_epoch();
        let data = entry.pack(generation, epoch);
        let first = self.bucket(key);
        let keeper = &self.slots[first];
        let kept_data = keeper[1].load(Ordering::Relaxed);
        let kept_key = keeper[0].load(Ordering::Relaxed) ^ kept_data;
        // A result of an earlier epoch is as good as an empty slot.
        let kept = Some(kept_data)
            .filter(|&data| Entry::epoch_of(data) == epoch)
            .and_then(Entry::unpack);
        let stale = (kept_data >> 40) as u8 != generation;
        let replace = match kept {
            None => true,
            Some(kept) => {
                (kept_key == key && (entry.proven || !kept.proven))
                    || (stale && !kept.proven)
                    || entry.worth() >= kept.worth()
            }
        };
        let slot = if replace {
            keeper
        } else {
            &self.slots[first + 1]
        };
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
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
        // Same bucket (one bucket only), other keys.
        table.put(1, proven);
        table.put(2, shallow);
        table.put(3, shallow);
        assert_eq!(table.get(1), Some(proven));
    }
}

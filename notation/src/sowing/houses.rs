//! The houses of a sowing board, held in one of two forms behind one trait,
//! [`Houses`]: a byte a house ([`Narrow`]) while the board holds at most
//! [`NARROW_MOST`] seeds, which every real game does (70 or 48 seeds), and
//! a `u32` a house ([`Board`]) for the set-ups that hold more.
//!
//! The rules (in `rules`) are written once, over [`Houses`]; this module
//! only knows boards: adding seeds to runs of houses, emptying houses,
//! sums, and which houses hold how many. A narrow board is one 128-bit
//! word, and its questions are answered a whole camp at a time within
//! 64-bit words (SWAR), with no loop over the houses: this is the engine's
//! hot path. Nothing here imports a game family.

/// The most houses a sowing board has (Songo: 2 × 7).
pub(crate) const MAX_PITS: usize = 14;

/// The length of a board: [`MAX_PITS`] rounded up to a whole vector. The
/// entries past the houses are always 0.
pub(crate) const BOARD: usize = 16;

/// The houses in sowing-cycle order, a `u32` each, padded to [`BOARD`]:
/// the wide form, and the one the rest of the library reads.
pub(crate) type Board = [u32; BOARD];

/// The most seeds a board may hold to be narrow. With at most this many
/// seeds on the board, no house can hold more than a byte, whatever is
/// played: sowing and capturing never add seeds to the board.
pub(crate) const NARROW_MOST: u32 = u8::MAX as u32;

/// The houses of a position, in the one form their seeds allow: narrow if
/// and only if the board holds at most [`NARROW_MOST`] seeds. Because the
/// form follows from the counts, two equal boards are in the same form, and
/// the derived equality and hash are those of the counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Pits {
    /// A byte a house.
    Narrow(Narrow),
    /// A `u32` a house.
    Wide(Board),
}

impl Pits {
    /// No seed in any house: a placeholder for houses about to be written
    /// whole (a child's, sown from its parent's).
    pub(crate) const NONE: Pits = Pits::Narrow(Narrow([0; BOARD]));

    /// The houses of `board`, in their form.
    #[inline]
    pub(crate) fn from_board(board: &Board) -> Pits {
        // Lane by lane, with no early exit, so that the compiler works in
        // whole vectors (the endgame tables build millions of positions a
        // second through here). With every house below 256, the sum of the
        // 16 cannot overflow.
        let (mut widest, mut total) = (0u32, 0u32);
        for &seeds in board {
            widest |= seeds;
            total = total.wrapping_add(seeds);
        }
        if widest <= NARROW_MOST && total <= NARROW_MOST {
            // Each house holds at most the total, which fits in a byte.
            let mut bytes = [0; BOARD];
            for (byte, &seeds) in bytes.iter_mut().zip(board) {
                *byte = seeds as u8;
            }
            Pits::Narrow(Narrow(bytes))
        } else {
            Pits::Wide(*board)
        }
    }

    /// Every house, a `u32` each.
    pub(crate) fn board(&self) -> Board {
        match self {
            Pits::Narrow(narrow) => narrow.0.map(u32::from),
            Pits::Wide(board) => *board,
        }
    }

    /// Seeds in the house at cycle index `index`.
    #[inline]
    pub(crate) fn get(&self, index: usize) -> u32 {
        match self {
            Pits::Narrow(narrow) => narrow.get(index),
            Pits::Wide(board) => board.get(index),
        }
    }

    /// Seeds in the `width` houses from cycle index `start` (at most 8).
    #[inline]
    pub(crate) fn sum_from(&self, start: usize, width: usize) -> u32 {
        let lanes = (1 << width) - 1;
        match self {
            Pits::Narrow(narrow) => narrow.sum_of(start, lanes),
            Pits::Wide(board) => board.sum_of(start, lanes),
        }
    }

    /// Whether the lanes from `start` in `lanes` hold no seed.
    #[inline(always)]
    pub(crate) fn none_in(&self, start: usize, lanes: u32) -> bool {
        match self {
            Pits::Narrow(narrow) => narrow.none_in(start, lanes),
            Pits::Wide(board) => Pits::wide_none_in(board, start, lanes),
        }
    }

    /// [`Pits::none_in`] on a wide board, out of line.
    #[cold]
    #[inline(never)]
    fn wide_none_in(board: &Board, start: usize, lanes: u32) -> bool {
        board.none_in(start, lanes)
    }

    /// Seeds on the board.
    #[inline(always)]
    pub(crate) fn total(&self) -> u32 {
        match self {
            Pits::Narrow(narrow) => narrow.total(),
            Pits::Wide(board) => Pits::wide_total(board),
        }
    }

    /// [`Pits::total`] of a wide board: out of the way of the narrow
    /// boards of every game (the end tests of each move ask it).
    #[cold]
    #[inline(never)]
    fn wide_total(board: &Board) -> u32 {
        Houses::total(board)
    }
}

/// What the rules ask of a board. Cycle indices below [`BOARD`]; "lanes"
/// are the eight houses from a camp's first (bit `i`: the house `start +
/// i`), which always lie on the board (camps start at 0, 6 or 7).
pub(crate) trait Houses: Copy {
    /// Seeds in one house.
    fn get(&self, index: usize) -> u32;
    /// Seeds on the board.
    fn total(&self) -> u32;
    /// The lanes from `start` holding seeds.
    fn nonempty(&self, start: usize) -> u32;
    /// Whether the lanes from `start` in `lanes` hold no seed.
    fn none_in(&self, start: usize, lanes: u32) -> bool {
        self.nonempty(start) & lanes == 0
    }
    /// The lanes from `start` holding `low..=high` seeds (`high` below 128).
    fn holding(&self, start: usize, low: u32, high: u32) -> u32;
    /// The seeds of the lanes from `start` in `lanes`.
    fn sum_of(&self, start: usize, lanes: u32) -> u32;
    /// Empties one house.
    fn empty(&mut self, index: usize);
    /// Adds `amount` seeds to each of the `count` houses from `start`
    /// (`start + count` at most [`BOARD`]). The board's form must allow
    /// it: a narrow board only ever gets seeds taken from itself.
    fn add_run(&mut self, start: usize, count: usize, amount: u32);
    /// Empties the houses of `houses` (bit `i`: cycle index `i`).
    fn take(&mut self, houses: u16);
    /// The houses in their form (a wide board that has come down to
    /// [`NARROW_MOST`] seeds becomes narrow).
    fn into_pits(self) -> Pits;

    /// Adds `amount` seeds to each of the `count` houses after `origin` on
    /// the cycle of the first `cycle` houses, wrapping round to house 0
    /// (`count` below `cycle`).
    #[inline(always)]
    fn add_after(&mut self, origin: usize, cycle: usize, count: usize, amount: u32) {
        let before_end = count.min(cycle - 1 - origin);
        self.add_run(origin + 1, before_end, amount);
        self.add_run(0, count - before_end, amount);
    }
}

/// A board of at most [`NARROW_MOST`] seeds, a byte a house.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Narrow([u8; BOARD]);

/// A 1 in every byte of a word: the unit of the byte-wise arithmetic.
const ONES: u64 = u64::from_le_bytes([1; 8]);
/// The high bit of every byte of a word.
const HIGHS: u64 = ONES << 7;

/// `PREFIX[n]`: 1 in each of the first `n` bytes of a board.
static PREFIX: [u128; BOARD + 1] = {
    let mut table = [0; BOARD + 1];
    let mut n = 1;
    while n <= BOARD {
        table[n] = table[n - 1] | 1 << (8 * (n - 1));
        n += 1;
    }
    table
};

/// `HOUSE[i]`: 0xff in byte `i` of a board.
static HOUSE: [u128; BOARD] = {
    let mut table = [0; BOARD];
    let mut index = 0;
    while index < BOARD {
        table[index] = 0xff << (8 * index);
        index += 1;
    }
    table
};

/// `AFTER[c][origin][count]`: 1 in each of the `count` bytes after
/// `origin` on the cycle of the first 14 (`c` = 0) or 12 (`c` = 1) houses.
/// One load sows a whole round, in place of two runs.
/// Rows and columns are padded to [`BOARD`], so that a mask, not a
/// division, keeps an index in the table.
static AFTER: [[[u128; BOARD]; BOARD]; 2] = {
    let mut table = [[[0; BOARD]; BOARD]; 2];
    let mut c = 0;
    while c < 2 {
        let cycle = if c == 0 { 14 } else { 12 };
        let mut origin = 0;
        while origin < cycle {
            let mut count = 0;
            while count < cycle {
                let mut step = 1;
                while step <= count {
                    table[c][origin][count] |= 1 << (8 * ((origin + step) % cycle));
                    step += 1;
                }
                count += 1;
            }
            origin += 1;
        }
        c += 1;
    }
    table
};

/// `SPREAD[bits]`: 0xff in byte `i` for each bit `i` of `bits`.
static SPREAD: [u64; 256] = {
    let mut table = [0; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut lane = 0;
        while lane < 8 {
            if bits >> lane & 1 != 0 {
                table[bits] |= 0xff << (8 * lane);
            }
            lane += 1;
        }
        bits += 1;
    }
    table
};

/// The byte of each lane whose high bit is set, as bit `i` for byte `i`.
/// The multiplication moves byte `i`'s bit to bit `56 + i`, and no two of
/// its partial products meet, so nothing carries.
#[inline(always)]
fn gather(highs: u64) -> u32 {
    ((highs >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The high bit of each byte below `n` (`n` at most 128): setting each
/// byte's high bit first keeps the subtraction from borrowing across bytes.
#[inline(always)]
fn below(word: u64, n: u32) -> u64 {
    !(word | (word | HIGHS).wrapping_sub(ONES * u64::from(n))) & HIGHS
}

/// The sum of a word's bytes, which must be at most 255.
#[inline(always)]
fn byte_sum(word: u64) -> u32 {
    (word.wrapping_mul(ONES) >> 56) as u32
}

impl Narrow {
    #[inline(always)]
    fn word(self) -> u128 {
        u128::from_le_bytes(self.0)
    }

    #[inline(always)]
    fn from_word(word: u128) -> Narrow {
        Narrow(word.to_le_bytes())
    }

    /// The eight lanes from `start`, a byte each.
    #[inline(always)]
    fn lanes(&self, start: usize) -> u64 {
        // `start` is at most 8 on every board (camps start at 0, 6 or 7):
        // the clamp lets the compiler drop the bounds test.
        let start = start.min(BOARD - 8);
        let mut bytes = [0; 8];
        bytes.copy_from_slice(&self.0[start..start + 8]);
        u64::from_le_bytes(bytes)
    }
}

impl Houses for Narrow {
    #[inline(always)]
    fn get(&self, index: usize) -> u32 {
        u32::from(self.0[index % BOARD])
    }

    #[inline(always)]
    fn total(&self) -> u32 {
        let word = self.word();
        // Byte by byte, the two halves add up to at most the total: no carry.
        byte_sum((word as u64).wrapping_add((word >> 64) as u64))
    }

    #[inline(always)]
    fn nonempty(&self, start: usize) -> u32 {
        let lanes = self.lanes(start);
        // A byte's low seven bits plus 0x7f reach its high bit unless they
        // are all 0; the byte's own high bit covers counts of 128 and more.
        gather((((lanes & !HIGHS) + !HIGHS) | lanes) & HIGHS)
    }

    #[inline(always)]
    fn none_in(&self, start: usize, lanes: u32) -> bool {
        self.lanes(start) & SPREAD[(lanes & 0xff) as usize] == 0
    }

    #[inline(always)]
    fn holding(&self, start: usize, low: u32, high: u32) -> u32 {
        let lanes = self.lanes(start);
        gather(below(lanes, high + 1) & !below(lanes, low))
    }

    #[inline(always)]
    fn sum_of(&self, start: usize, lanes: u32) -> u32 {
        byte_sum(self.lanes(start) & SPREAD[(lanes & 0xff) as usize])
    }

    #[inline(always)]
    fn empty(&mut self, index: usize) {
        *self = Narrow::from_word(self.word() & !HOUSE[index % BOARD]);
    }

    #[inline(always)]
    fn add_run(&mut self, start: usize, count: usize, amount: u32) {
        let end = (start + count).min(BOARD);
        let run = PREFIX[end] ^ PREFIX[start.min(end)];
        *self = Narrow::from_word(
            self.word()
                .wrapping_add(run.wrapping_mul(u128::from(amount))),
        );
    }

    #[inline(always)]
    fn add_after(&mut self, origin: usize, cycle: usize, count: usize, amount: u32) {
        // The cycles of the rules are of 14 and 12 houses: the table's row is
        // chosen at compile time.
        debug_assert!(
            cycle == MAX_PITS || cycle == 12,
            "a cycle of {cycle} houses"
        );
        let row = &AFTER[usize::from(cycle != MAX_PITS)][origin % BOARD];
        let run = row[count % BOARD];
        *self = Narrow::from_word(
            self.word()
                .wrapping_add(run.wrapping_mul(u128::from(amount))),
        );
    }

    #[inline(always)]
    fn take(&mut self, houses: u16) {
        let low = u128::from(SPREAD[usize::from(houses & 0xff)]);
        let high = u128::from(SPREAD[usize::from(houses >> 8)]);
        *self = Narrow::from_word(self.word() & !(low | high << 64));
    }

    #[inline(always)]
    fn into_pits(self) -> Pits {
        Pits::Narrow(self)
    }
}

/// The lane indices of a wide board, against which runs are masked (lane
/// by lane, so that the compiler works in whole vectors).
const INDICES: Board = {
    let mut indices = [0; BOARD];
    let mut index = 0;
    while index < BOARD {
        indices[index] = index as u32;
        index += 1;
    }
    indices
};

impl Houses for Board {
    #[inline(always)]
    fn get(&self, index: usize) -> u32 {
        self[index % BOARD]
    }

    #[inline]
    fn total(&self) -> u32 {
        // At most `u32::MAX` in all: positions are built so.
        self.iter().sum()
    }

    #[inline]
    fn nonempty(&self, start: usize) -> u32 {
        let start = start.min(BOARD - 8);
        let mut lanes = 0;
        for (lane, &seeds) in self[start..start + 8].iter().enumerate() {
            lanes |= u32::from(seeds != 0) << lane;
        }
        lanes
    }

    #[inline]
    fn holding(&self, start: usize, low: u32, high: u32) -> u32 {
        let start = start.min(BOARD - 8);
        let mut lanes = 0;
        for (lane, &seeds) in self[start..start + 8].iter().enumerate() {
            lanes |= u32::from(seeds.wrapping_sub(low) <= high - low) << lane;
        }
        lanes
    }

    #[inline]
    fn sum_of(&self, start: usize, lanes: u32) -> u32 {
        let start = start.min(BOARD - 8);
        let mut seeds = 0;
        for (lane, &count) in self[start..start + 8].iter().enumerate() {
            seeds += count & u32::from(lanes >> lane & 1 != 0).wrapping_neg();
        }
        seeds
    }

    #[inline]
    fn empty(&mut self, index: usize) {
        self[index % BOARD] = 0;
    }

    #[inline]
    fn add_run(&mut self, start: usize, count: usize, amount: u32) {
        let (start, count) = (start as u32, count as u32);
        for (house, index) in self.iter_mut().zip(INDICES) {
            let inside = u32::from(index.wrapping_sub(start) < count);
            *house += amount & inside.wrapping_neg();
        }
    }

    #[inline]
    fn take(&mut self, houses: u16) {
        let houses = u32::from(houses);
        for (house, index) in self.iter_mut().zip(INDICES) {
            *house &= u32::from(houses >> index & 1 == 0).wrapping_neg();
        }
    }

    fn into_pits(self) -> Pits {
        Pits::from_board(&self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every question of [`Houses`], asked of a narrow board and of the
    /// same board in the wide form, on every lane window.
    fn agree(board: &Board) {
        let Pits::Narrow(narrow) = Pits::from_board(board) else {
            panic!("{board:?} is narrow");
        };
        assert_eq!(narrow.total(), Houses::total(board));
        for index in 0..BOARD {
            assert_eq!(narrow.get(index), board.get(index));
        }
        for start in 0..=8 {
            assert_eq!(
                narrow.nonempty(start),
                board.nonempty(start),
                "{board:?} {start}"
            );
            for (low, high) in [(2, 4), (2, 3), (0, 3), (1, 127), (4, 4)] {
                assert_eq!(
                    narrow.holding(start, low, high),
                    board.holding(start, low, high),
                    "{board:?} {start} {low}..={high}"
                );
            }
            for lanes in [0, 1, 0x55, 0x7f, 0xff, 0x80] {
                assert_eq!(narrow.sum_of(start, lanes), board.sum_of(start, lanes));
            }
        }
        for index in 0..BOARD {
            let (mut n, mut w) = (narrow, *board);
            n.empty(index);
            w.empty(index);
            assert_eq!(n.into_pits(), w.into_pits());
        }
        for houses in [0, 1, 0x3fff, 0x2a5a, 0x8000] {
            let (mut n, mut w) = (narrow, *board);
            n.take(houses);
            w.take(houses);
            assert_eq!(n.into_pits(), w.into_pits());
        }
    }

    #[test]
    fn narrow_and_wide_boards_answer_alike() {
        let mut boards = vec![[0; BOARD], [5; BOARD], [15; BOARD]];
        let mut one_house = [0; BOARD];
        one_house[3] = 255;
        boards.push(one_house);
        let mut high = [0; BOARD];
        high[7] = 200;
        high[8] = 3;
        high[9] = 2;
        high[14] = 50;
        boards.push(high);
        // A sparse spread of small counts, from a fixed generator.
        let mut state = 0x5EED_u64;
        for _ in 0..2000 {
            let mut board = [0; BOARD];
            for house in board.iter_mut().take(MAX_PITS) {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                *house = ((state >> 59) as u32).saturating_sub(10);
            }
            boards.push(board);
        }
        for board in boards {
            if Houses::total(&board) <= NARROW_MOST {
                agree(&board);
            }
        }
    }

    #[test]
    fn runs_of_seeds_land_alike() {
        let board = [3, 0, 1, 4, 2, 0, 9, 1, 1, 0, 2, 5, 3, 7, 0, 0];
        let Pits::Narrow(narrow) = Pits::from_board(&board) else {
            panic!("narrow");
        };
        for cycle in [MAX_PITS, 12] {
            for origin in 0..cycle {
                for count in 0..cycle {
                    for amount in [0, 1, 3] {
                        let (mut n, mut w) = (narrow, board);
                        n.add_after(origin, cycle, count, amount);
                        w.add_after(origin, cycle, count, amount);
                        let at = format!("{cycle} {origin} {count} {amount}");
                        assert_eq!(n.into_pits(), w.into_pits(), "{at}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_form_follows_the_seeds() {
        let mut board = [0; BOARD];
        board[0] = 255;
        assert!(matches!(Pits::from_board(&board), Pits::Narrow(_)));
        board[1] = 1;
        assert!(matches!(Pits::from_board(&board), Pits::Wide(_)));
        assert_eq!(Pits::from_board(&board).board(), board);
        assert_eq!(Pits::from_board(&board).total(), 256);
        board[0] = 0;
        board.take(0);
        assert!(matches!(board.into_pits(), Pits::Narrow(_)));
    }
}

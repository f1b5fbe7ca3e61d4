//! A dense, fast index of seed distributions: the rank of a board among
//! every way of putting `seeds` seeds into `houses` houses (stars and bars,
//! read with the combinatorial number system). Ranks run from 0 to
//! `C(seeds + houses − 1, houses − 1) − 1` with no gap, so a table needs
//! one entry per possible board and no more.

/// Ranks and unranks the boards of one seed count.
#[derive(Debug, Clone)]
pub(crate) struct Ranking {
    houses: usize,
    seeds: usize,
    /// `C(a, b)` at `a * (houses + 1) + b`, for `a < seeds + houses`.
    binomial: Vec<u64>,
    len: u64,
}

impl Ranking {
    /// The ranking of the boards holding `seeds` seeds in `houses` houses
    /// (`houses` from 1 to 14).
    pub(crate) fn new(houses: usize, seeds: usize) -> Ranking {
        let rows = seeds + houses;
        let columns = houses + 1;
        let mut binomial = vec![0u64; rows * columns];
        for a in 0..rows {
            binomial[a * columns] = 1;
            for b in 1..columns.min(a + 1) {
                let above = binomial[(a - 1) * columns + b - 1];
                let left = if b < a {
                    binomial[(a - 1) * columns + b]
                } else {
                    0
                };
                binomial[a * columns + b] = above.saturating_add(left);
            }
        }
        let mut ranking = Ranking {
            houses,
            seeds,
            binomial,
            len: 0,
        };
        ranking.len = ranking.choose(seeds + houses - 1, houses - 1);
        ranking
    }

    fn choose(&self, a: usize, b: usize) -> u64 {
        if b > a {
            0
        } else {
            self.binomial[a * (self.houses + 1) + b]
        }
    }

    /// How many boards there are.
    pub(crate) fn len(&self) -> u64 {
        self.len
    }

    /// The rank of a board of `houses` counts summing to `seeds`.
    pub(crate) fn rank(&self, board: &[u32]) -> u64 {
        // The bars between the houses sit at `sum(board[..=j]) + j`; the
        // rank is the sum of C(bar_j, j + 1).
        let mut rank = 0;
        let mut prefix = 0;
        for (j, &count) in board[..self.houses - 1].iter().enumerate() {
            prefix += count as usize;
            rank += self.choose(prefix + j, j + 1);
        }
        rank
    }

    /// The board of a rank below [`Ranking::len`], written to `board`.
    pub(crate) fn unrank(&self, mut rank: u64, board: &mut [u32]) {
        let bars = self.houses - 1;
        let mut bar = [0usize; 14];
        let mut limit = self.seeds + bars;
        for j in (0..bars).rev() {
            let mut q = limit - 1;
            while self.choose(q, j + 1) > rank {
                q -= 1;
            }
            rank -= self.choose(q, j + 1);
            bar[j] = q;
            limit = q;
        }
        let mut previous = None;
        for j in 0..bars {
            board[j] = match previous {
                None => bar[j] as u32,
                Some(p) => (bar[j] - p - 1) as u32,
            };
            previous = Some(bar[j]);
        }
        board[bars] = match previous {
            None => self.seeds as u32,
            Some(p) => (self.seeds + bars - 1 - p) as u32,
        };
    }
    /// Steps `board` to the board of the next rank, in place; `false` (and
    /// `board` left alone) when it is the last. Walking every board in rank
    /// order this way costs a few instructions a board, against the search
    /// of [`Ranking::unrank`].
    pub(crate) fn next(&self, board: &mut [u32]) -> bool {
        // The rank reads the bars between the houses as a combination in
        // colex order; the next combination moves the lowest bar that can
        // move up by one and puts the bars below it back at the bottom: the
        // first house after the first that holds seeds gives one up, and
        // the seeds of the first house, with it, go just before it.
        let Some(gives) = (1..self.houses).find(|&house| board[house] > 0) else {
            return false;
        };
        let first = board[0];
        board[0] = 0;
        board[gives - 1] = first + 1;
        board[gives] -= 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn ranks_are_dense_and_unrank_back() {
        for (houses, seeds) in [(12, 0), (12, 1), (12, 4), (14, 3), (14, 5), (2, 7), (1, 3)] {
            let ranking = Ranking::new(houses, seeds);
            let mut board = [0; 14];
            let mut seen = 0;
            let mut previous = [0; 14];
            for rank in 0..ranking.len() {
                ranking.unrank(rank, &mut board);
                assert_eq!(board[..houses].iter().sum::<u32>(), seeds as u32);
                assert_eq!(ranking.rank(&board), rank);
                if rank > 0 {
                    assert!(ranking.next(&mut previous));
                    assert_eq!(previous[..houses], board[..houses], "after {}", rank - 1);
                }
                previous = board;
                seen += 1;
            }
            // C(seeds + houses - 1, houses - 1), counted the slow way.
            let mut expected: u64 = 1;
            for k in 0..(houses as u64 - 1) {
                expected = expected * (seeds as u64 + k + 1) / (k + 1);
            }
            assert_eq!(seen, expected, "{houses} houses, {seeds} seeds");
            // The last board has no next one.
            assert!(!ranking.next(&mut previous));
        }
    }

    proptest! {
        #[test]
        fn any_board_ranks_within_the_range_and_back(
            board in proptest::collection::vec(0u32..6, 14),
        ) {
            let seeds = board.iter().sum::<u32>() as usize;
            let ranking = Ranking::new(14, seeds);
            let rank = ranking.rank(&board);
            prop_assert!(rank < ranking.len());
            let mut back = [0; 14];
            ranking.unrank(rank, &mut back);
            prop_assert_eq!(&back[..], &board[..]);
        }
    }
}

//! Retrograde analysis of one seed count.
//!
//! The moves of a position either keep every seed on the board (they stay
//! within the table being built) or take some away (captures, a kept lone
//! seed, seeds given to a store): those lead to smaller tables, already
//! built, or end the game. So each table is built from the ones below it.
//!
//! Within the table, play can go round in circles. For each position two
//! bounds are computed: `lo`, the most its side to move can be sure to get
//! *in a finite number of moves*, and `hi`, the least the opponent can
//! hold him to in a finite number of moves. Any way of scoring endless play
//! gives a value between them; the convention (endless play wins nothing
//! more, [`ENDLESS`]) gives the median of `lo`, 0 and `hi`. The bounds come
//! from one sweep over the values from the highest to the lowest, each
//! position entering `lo` once and `hi` once, each entry walking back to
//! the positions one move before (counting, for `hi`, the moves that are
//! not yet known to be bad enough), like the classical win/loss retrograde
//! algorithm run for every threshold at once.

use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering::Relaxed};
use std::thread;

use crate::{Position, Ruleset};

use super::super::board::{MAX_HOUSES, from_relative};
use super::super::index::Ranking;
use super::super::value::{ENDLESS, gain, terminal_net};
use super::slice::{family, representative};
use super::unmove::Unsower;
use super::{Level, MAX_TABLE_SEEDS, Slice, TableError, Tables};

/// How to build.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// Threads for the forward pass and the backward sweep.
    pub threads: usize,
    /// The seeds of the games the slices are chosen for; `None`: a full
    /// game of the ruleset (70 or 48).
    pub total: Option<u32>,
    /// Only this part of the table, to share a build between machines.
    pub part: Option<Part>,
}

impl Default for BuildOptions {
    fn default() -> BuildOptions {
        BuildOptions {
            threads: 1,
            total: None,
            part: None,
        }
    }
}

/// One part of a table built in several parts ([`merge_parts`] puts them
/// together): the slices come in pairs solved together (a slice and its
/// mirror), and part `index` of `count` holds the pairs whose rank is
/// `index` modulo `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    /// From 0 to `count − 1`.
    pub index: u32,
    /// How many parts.
    pub count: u32,
}

/// The slices of a table grouped in the pairs solved together (a slice and
/// its mirror: a move that stays in the table swaps the stores' roles, the
/// other side being to move), each by index into `slices`.
fn pairs(slices: &[Slice]) -> Vec<Vec<usize>> {
    let mut done = vec![false; slices.len()];
    let mut pairs = Vec::new();
    for first in 0..slices.len() {
        if done[first] {
            continue;
        }
        done[first] = true;
        let mirror = Slice {
            mover: slices[first].opponent,
            opponent: slices[first].mover,
        };
        let mut members = vec![first];
        if let Ok(second) = slices.binary_search(&mirror)
            && second != first
        {
            done[second] = true;
            members.push(second);
        }
        pairs.push(members);
    }
    pairs
}

/// Puts the parts of one table together (each built with a [`Part`]).
///
/// # Errors
/// The parts are of different tables, overlap, or leave a slice out.
pub fn merge_parts(parts: Vec<Level>) -> Result<Level, TableError> {
    let mismatch = |problem: String| TableError::Unsupported(problem);
    let Some(first) = parts.first() else {
        return Err(mismatch("no part to merge".to_owned()));
    };
    let (rules, seeds, total) = (first.rules, first.seeds, first.total);
    let mut pieces: Vec<(Slice, &Level, usize)> = Vec::new();
    for part in &parts {
        if (part.rules, part.seeds, part.total) != (rules, seeds, total) {
            return Err(mismatch(format!(
                "a part of the {} table of {} seeds (games of {}) among parts of the {rules} table of {seeds} seeds (games of {total})",
                part.rules, part.seeds, part.total
            )));
        }
        for (index, slice) in part.slices.iter().enumerate() {
            pieces.push((*slice, part, index));
        }
    }
    pieces.sort_by_key(|piece| piece.0);
    let slices: Vec<Slice> = pieces.iter().map(|piece| piece.0).collect();
    if slices.windows(2).any(|pair| pair[0] == pair[1]) {
        return Err(mismatch("two parts hold the same slice".to_owned()));
    }
    let expected = family(rules, seeds, total);
    if slices != expected {
        return Err(mismatch(format!(
            "the parts hold {} of the {} slices of the table: a part is missing",
            slices.len(),
            expected.len()
        )));
    }
    let boards = first.ranking.len() as usize;
    let mut values = Vec::with_capacity(slices.len() * boards);
    for (_, part, index) in &pieces {
        values.extend_from_slice(&part.values[index * boards..(index + 1) * boards]);
    }
    Ok(Level::new(rules, seeds, total, slices, values))
}

/// No bound yet, and no move that leaves the table.
const UNSET: i8 = i8::MIN;

/// What the retrograde analysis keeps of one board, in four bytes side by
/// side: following a move back touches one cache line, not four arrays.
/// Stored packed in an [`AtomicU32`], so that threads can share the sweep
/// (each change is one compare-and-swap of the whole cell).
#[derive(Debug, Clone, Copy)]
struct Cell {
    /// The best value of a move that leaves the table (or of the finished
    /// game), [`UNSET`] when there is none.
    exit: i8,
    /// Moves that stay in the table not yet known to be good enough for the
    /// opponent (see the sweep).
    count: u8,
    /// The most the mover is sure to get in a finite number of moves.
    lo: i8,
    /// The least the opponent can hold him to in a finite number of moves.
    hi: i8,
}

impl Cell {
    const EMPTY: Cell = Cell {
        exit: UNSET,
        count: 0,
        lo: UNSET,
        hi: UNSET,
    };

    fn pack(self) -> u32 {
        u32::from_le_bytes([self.exit as u8, self.count, self.lo as u8, self.hi as u8])
    }

    fn unpack(bits: u32) -> Cell {
        let [exit, count, lo, hi] = bits.to_le_bytes();
        Cell {
            exit: exit as i8,
            count,
            lo: lo as i8,
            hi: hi as i8,
        }
    }

    /// The value of the board once the sweep is over: the median of `lo`,
    /// the value of endless play and `hi`.
    fn value(self) -> i8 {
        let floor = if self.lo == UNSET {
            i32::MIN
        } else {
            i32::from(self.lo)
        };
        let ceiling = if self.hi == UNSET {
            i32::MAX
        } else {
            i32::from(self.hi)
        };
        ENDLESS.max(floor).min(ceiling) as i8
    }

    /// Whether the sweep at `value` starts from this board: a `lo` (its
    /// best move out is worth `value`) and a `hi` (every move that stays has
    /// been answered, and the best move out is worth `-value`).
    fn starts(self, value: i8) -> (bool, bool) {
        (
            self.lo == UNSET && self.exit == value,
            self.hi == UNSET && self.count == 0 && self.exit == -value,
        )
    }
}

/// Changes one cell by `change` (which returns the new cell, or `None` to
/// leave it), atomically; the cell as it was before, when it was changed.
fn update(cell: &AtomicU32, change: impl Fn(Cell) -> Option<Cell>) -> Option<Cell> {
    cell.fetch_update(Relaxed, Relaxed, |bits| {
        change(Cell::unpack(bits)).map(Cell::pack)
    })
    .ok()
    .map(Cell::unpack)
}

/// Boards handed out to the threads of a pass a run at a time, as they
/// ask: a thread that meets long chains of parents does not hold the
/// others up.
struct Runs {
    next: AtomicUsize,
    end: usize,
}

/// Boards in a run: enough that taking one costs nothing, few enough that
/// the last runs even the threads out.
const RUN: usize = 1 << 12;

impl Runs {
    fn new(end: usize) -> Runs {
        Runs {
            next: AtomicUsize::new(0),
            end,
        }
    }

    fn take(&self) -> Option<std::ops::Range<usize>> {
        let start = self.next.fetch_add(RUN, Relaxed);
        (start < self.end).then(|| start..(start + RUN).min(self.end))
    }
}

/// Runs `work` on `threads` threads (this one among them) and gathers what
/// they return; a thread that stopped is an error.
fn on_threads<T: Send>(
    threads: usize,
    work: impl Fn() -> Result<T, TableError> + Sync,
) -> Result<Vec<T>, TableError> {
    thread::scope(|scope| {
        let others: Vec<_> = (1..threads.max(1)).map(|_| scope.spawn(&work)).collect();
        let mut results = vec![work()];
        // Every thread is joined before any error is given back: a thread
        // left running would outlive what it borrows.
        for other in others {
            results.push(other.join().unwrap_or_else(|_| {
                Err(TableError::Unsupported(
                    "a worker thread of the build stopped".to_owned(),
                ))
            }));
        }
        results.into_iter().collect()
    })
}

/// Builds the table of `seeds` seeds of `rules`; `lower` must hold every
/// table of fewer seeds that a capture can lead to. `None` when every
/// position of that many seeds is over whatever the stores (Songo below 10
/// seeds, `songo.end.few-seeds`): no table is needed, the engine says.
///
/// # Errors
/// A smaller table is missing, or the request is out of range.
pub fn build_level(
    rules: Ruleset,
    seeds: u32,
    lower: &Tables,
    options: &BuildOptions,
) -> Result<Option<Level>, TableError> {
    if !rules.is_sowing() {
        return Err(TableError::Unsupported(format!(
            "{rules} is not a sowing game: it has no tables"
        )));
    }
    if rules.is_akong() {
        // Their store-based end (`akong.end.store`) is not among the
        // slices' goals yet: the search plays them without tables.
        return Err(TableError::Unsupported(format!(
            "{rules} has no tables yet: its games are analysed by the search alone"
        )));
    }
    if seeds > MAX_TABLE_SEEDS {
        return Err(TableError::Unsupported(format!(
            "tables hold at most {MAX_TABLE_SEEDS} seeds on the board"
        )));
    }
    let total = options.total.unwrap_or(rules.total_seeds()).max(seeds);
    let slices = family(rules, seeds, total);
    let ranking = Ranking::new(2 * rules.houses_per_side(), seeds as usize);
    let boards = usize::try_from(ranking.len())
        .map_err(|_| TableError::Unsupported("too many boards for this machine".to_owned()))?;
    let unsower = Unsower::new(rules, seeds as usize);
    let mut pairs = pairs(&slices);
    if let Some(Part { index, count }) = options.part {
        if count == 0 || index >= count || count as usize > pairs.len() {
            return Err(TableError::Unsupported(format!(
                "part {} of {count}: the {rules} table of {seeds} seeds has {} pair(s) of slices, \
                 so it splits in at most that many parts",
                index + 1,
                pairs.len()
            )));
        }
        let mut rank = 0;
        pairs.retain(|_| {
            rank += 1;
            (rank - 1) % count as usize == index as usize
        });
    }
    // The slices this build holds, in order, and where each one goes.
    let mut kept: Vec<usize> = pairs.iter().flatten().copied().collect();
    kept.sort_unstable();
    let mut values = vec![0u8; kept.len() * boards];
    let threads = options.threads.max(1);
    let mut cells: Vec<AtomicU32> = Vec::new();
    for members in &pairs {
        let mut contexts = Vec::with_capacity(members.len());
        for &member in members {
            let stores = representative(rules, seeds, slices[member]).ok_or_else(|| {
                TableError::Unsupported(format!("no stores fall in the slice {:?}", slices[member]))
            })?;
            contexts.push(LevelContext {
                rules,
                seeds,
                stores,
                ranking: &ranking,
                lower,
            });
        }
        let size = boards * members.len();
        cells.clear();
        cells.resize_with(size, || AtomicU32::new(Cell::EMPTY.pack()));
        let playing = forward(&contexts, &cells, threads)?;
        // Within a slice no store has reached its end: a board is over in
        // every slice or in none.
        if playing == 0 {
            return Ok(None);
        }
        sweep(&contexts, &unsower, &cells, threads)?;
        // Each slice's values go straight to their place in the table.
        for (k, member) in members.iter().enumerate() {
            let at = kept.binary_search(member).unwrap_or(0);
            let cells = &cells[k * boards..(k + 1) * boards];
            for (value, cell) in values[at * boards..(at + 1) * boards].iter_mut().zip(cells) {
                *value = Cell::unpack(cell.load(Relaxed)).value() as u8;
            }
        }
    }
    let slices = kept.iter().map(|&index| slices[index]).collect();
    Ok(Some(Level::new(rules, seeds, total, slices, values)))
}

/// What every pass over one slice needs.
struct LevelContext<'a> {
    rules: Ruleset,
    seeds: u32,
    /// Stores (mover's, opponent's) in the slice.
    stores: (u32, u32),
    ranking: &'a Ranking,
    lower: &'a Tables,
}

impl LevelContext<'_> {
    fn houses(&self) -> usize {
        2 * self.rules.houses_per_side()
    }

    /// The net value of a position a move leads to outside this table.
    fn net(&self, position: &Position) -> Result<i32, TableError> {
        match position.turn() {
            Err(over) => Ok(terminal_net(position, &over)),
            Ok(_) => self.lower.probe(position).ok_or(TableError::Missing {
                rules: self.rules,
                seeds: position.seeds_on_board(),
            }),
        }
    }

    /// The board of index `index` of the cells of `contexts` (their boards
    /// one after the other), and its context.
    fn board_of<'c, 'a>(
        contexts: &'c [LevelContext<'a>],
        index: usize,
        board: &mut [u32; MAX_HOUSES],
    ) -> &'c LevelContext<'a> {
        let boards = contexts[0].ranking.len() as usize;
        let context = &contexts[index / boards];
        context
            .ranking
            .unrank((index % boards) as u64, &mut board[..context.houses()]);
        context
    }
}

/// For every board of the slices of `contexts` (their boards one after the
/// other in `cells`): the best value of the moves that leave the table (or
/// the value of a finished game), and the number of moves that stay in it.
/// Returns how many boards are not over.
fn forward(
    contexts: &[LevelContext<'_>],
    cells: &[AtomicU32],
    threads: usize,
) -> Result<u64, TableError> {
    let runs = Runs::new(cells.len());
    let counts = on_threads(threads, || forward_runs(contexts, cells, &runs))?;
    Ok(counts.into_iter().sum())
}

fn forward_runs(
    contexts: &[LevelContext<'_>],
    cells: &[AtomicU32],
    runs: &Runs,
) -> Result<u64, TableError> {
    let boards = contexts[0].ranking.len() as usize;
    let mut playing = 0;
    let mut board = [0; MAX_HOUSES];
    while let Some(run) = runs.take() {
        let mut context = LevelContext::board_of(contexts, run.start, &mut board);
        for index in run {
            if index % boards == 0 {
                context = LevelContext::board_of(contexts, index, &mut board);
            }
            let position = from_relative(context.rules, &board, context.stores);
            let (cell, over) = forward_one(context, &position)?;
            playing += u64::from(!over);
            cells[index].store(cell.pack(), Relaxed);
            context.ranking.next(&mut board[..context.houses()]);
        }
    }
    Ok(playing)
}

/// The forward pass over one board: its `exit` and `count`, and whether
/// the game is over there.
fn forward_one(level: &LevelContext<'_>, position: &Position) -> Result<(Cell, bool), TableError> {
    let moves = match position.turn() {
        Err(over) => {
            let cell = Cell {
                exit: terminal_net(position, &over) as i8,
                ..Cell::EMPTY
            };
            return Ok((cell, true));
        }
        Ok(moves) => moves,
    };
    let mut best = UNSET;
    let mut staying = 0;
    for index in 0..moves.len() {
        let mut child = *position;
        if child.play_listed(&moves, index).is_none() {
            return Err(TableError::Unsupported(format!(
                "the engine refused a legal move of {position:?}"
            )));
        }
        if child.seeds_on_board() == level.seeds {
            staying += 1;
        } else {
            let value = gain(position, &child) - level.net(&child)?;
            best = best.max(value as i8);
        }
    }
    let cell = Cell {
        exit: best,
        count: staying,
        ..Cell::EMPTY
    };
    Ok((cell, false))
}

/// A board of a table in bytes (a table holds at most
/// [`MAX_TABLE_SEEDS`] seeds, so every house fits).
type Compact = [u8; MAX_HOUSES];

fn compact(board: &[u32; MAX_HOUSES]) -> Compact {
    board.map(|seeds| seeds as u8)
}

/// The backward sweep over one slice and its mirror (`contexts`, one or
/// two, their boards one after the other): `lo` and `hi` of every board,
/// from which [`Cell::value`] gives its value.
///
/// The values are taken from the highest down; at each one, every board
/// that starts there is followed back to the boards one move before, and
/// so on, until nothing more changes. Which board is visited first does
/// not matter (what one value sets is the least fixed point of its rules,
/// whatever the order): so the threads share the boards of each value, each
/// changing a cell by one atomic compare-and-swap, and the table is the
/// same on any number of threads.
fn sweep(
    contexts: &[LevelContext<'_>],
    unsower: &Unsower,
    cells: &[AtomicU32],
    threads: usize,
) -> Result<(), TableError> {
    let top = contexts[0].seeds as i32;
    for threshold in (-top..=top).rev() {
        let runs = Runs::new(cells.len());
        on_threads(threads, || {
            sweep_runs(contexts, unsower, cells, threshold as i8, &runs);
            Ok(())
        })?;
    }
    Ok(())
}

/// One thread's share of the sweep at `value`: the runs of boards it takes.
fn sweep_runs(
    contexts: &[LevelContext<'_>],
    unsower: &Unsower,
    cells: &[AtomicU32],
    value: i8,
    runs: &Runs,
) {
    let boards = cells.len() / contexts.len();
    // Boards whose bound was just set, their parents still to visit: the
    // index, shifted, with 1 for a `hi` and 0 for a `lo`; and the board
    // itself, so that it need not be unranked again.
    let mut pending: Vec<(u64, Compact)> = Vec::new();
    let mut parents: Vec<(usize, Compact)> = Vec::new();
    let mut board = [0; MAX_HOUSES];
    while let Some(run) = runs.take() {
        for index in run {
            let (lo, hi) = Cell::unpack(cells[index].load(Relaxed)).starts(value);
            if !(lo || hi) {
                continue;
            }
            // Another thread may have set them meanwhile: the one whose
            // change goes through follows the board back.
            let Some(before) = update(&cells[index], |cell| {
                let (lo, hi) = cell.starts(value);
                (lo || hi).then_some(Cell {
                    lo: if lo { value } else { cell.lo },
                    hi: if hi { -value } else { cell.hi },
                    ..cell
                })
            }) else {
                continue;
            };
            let (lo, hi) = before.starts(value);
            LevelContext::board_of(contexts, index, &mut board);
            let compact = compact(&board);
            if lo {
                pending.push(((index as u64) << 1, compact));
            }
            if hi {
                pending.push(((index as u64) << 1 | 1, compact));
            }
            // Each new bound is followed back at once, depth first: the
            // stack stays short (a breadth-first queue would hold a good
            // part of the table).
            while let Some((event, compact)) = pending.pop() {
                let index = (event >> 1) as usize;
                let member = index / boards;
                let context = &contexts[member];
                for (house, &seeds) in board.iter_mut().zip(&compact) {
                    *house = u32::from(seeds);
                }
                // The parents are in the mirror slice. They are gathered
                // first, then updated together: their cells lie anywhere in
                // a large table, and reading them one after the other lets
                // the processor wait for all those cache misses at once.
                let offset = (contexts.len() - 1 - member) * boards;
                parents.clear();
                unsower.parents(&board, context.stores, context.ranking, |parent, board| {
                    parents.push((offset + parent as usize, self::compact(board)));
                });
                if event & 1 == 0 {
                    // The board's mover gets at least `value`: each move to
                    // it holds its parent's mover to `-value` or less; a
                    // parent whose moves all do so is held to `-value` (or
                    // to his best move out of the table, if that is better).
                    for &(parent, board) in &parents {
                        let held =
                            |cell: Cell| cell.count <= 1 && cell.hi == UNSET && cell.exit <= -value;
                        let before = update(&cells[parent], |cell| {
                            debug_assert!(cell.count > 0);
                            Some(Cell {
                                count: cell.count.saturating_sub(1),
                                hi: if held(cell) { -value } else { cell.hi },
                                ..cell
                            })
                        });
                        if before.is_some_and(held) {
                            pending.push(((parent as u64) << 1 | 1, board));
                        }
                    }
                } else {
                    // The board's mover is held to `-value`: its parents get
                    // `value` by moving to it.
                    for &(parent, board) in &parents {
                        let set = update(&cells[parent], |cell| {
                            (cell.lo == UNSET).then_some(Cell { lo: value, ..cell })
                        });
                        if set.is_some() {
                            pending.push(((parent as u64) << 1, board));
                        }
                    }
                }
            }
        }
    }
}

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
    /// Threads for the forward pass (the backward sweep uses one).
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
    let mut cells = Vec::new();
    let mut out = Vec::new();
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
        cells.resize(size, Cell::EMPTY);
        let mut playing = 0;
        for (context, cells) in contexts.iter().zip(cells.chunks_mut(boards.max(1))) {
            playing += forward(context, cells, options.threads.max(1))?;
        }
        // Within a slice no store has reached its end: a board is over in
        // every slice or in none.
        if playing == 0 {
            return Ok(None);
        }
        out.clear();
        out.resize(size, 0);
        sweep(&contexts, &unsower, &mut cells, &mut out);
        for (k, member) in members.iter().enumerate() {
            let at = kept.binary_search(member).unwrap_or(0);
            values[at * boards..(at + 1) * boards]
                .copy_from_slice(&out[k * boards..(k + 1) * boards]);
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
    fn position(&self, rank: u64, board: &mut [u32; MAX_HOUSES]) -> Position {
        let houses = 2 * self.rules.houses_per_side();
        self.ranking.unrank(rank, &mut board[..houses]);
        from_relative(self.rules, board, self.stores)
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
}

/// For every board: the best value of the moves that leave the table (or
/// the value of a finished game), and the number of moves that stay in it.
/// Returns how many boards are not over.
fn forward(
    level: &LevelContext<'_>,
    cells: &mut [Cell],
    threads: usize,
) -> Result<u64, TableError> {
    let chunk = cells.len().div_ceil(threads).max(1);
    thread::scope(|scope| {
        let workers: Vec<_> = cells
            .chunks_mut(chunk)
            .enumerate()
            .map(|(part, cells)| scope.spawn(move || forward_part(level, part * chunk, cells)))
            .collect();
        workers.into_iter().try_fold(0, |playing, worker| {
            let part = worker.join().unwrap_or_else(|_| {
                Err(TableError::Unsupported(
                    "a worker thread of the build stopped".to_owned(),
                ))
            })?;
            Ok(playing + part)
        })
    })
}

fn forward_part(
    level: &LevelContext<'_>,
    first: usize,
    cells: &mut [Cell],
) -> Result<u64, TableError> {
    let mut playing = 0;
    let mut board = [0; MAX_HOUSES];
    for (offset, cell) in cells.iter_mut().enumerate() {
        let position = level.position((first + offset) as u64, &mut board);
        (cell.exit, cell.count) = match position.turn() {
            Err(over) => (terminal_net(&position, &over) as i8, 0),
            Ok(moves) => {
                playing += 1;
                let mut best = UNSET;
                let mut staying = 0;
                for house in moves.iter() {
                    let mut child = position;
                    if child.play_captured(house).is_err() {
                        return Err(TableError::Unsupported(format!(
                            "the engine refused a legal move of {position:?}"
                        )));
                    }
                    if child.seeds_on_board() == level.seeds {
                        staying += 1;
                    } else {
                        let value = gain(&position, &child) - level.net(&child)?;
                        best = best.max(value as i8);
                    }
                }
                (best, staying)
            }
        };
    }
    Ok(playing)
}

/// A board of a table in bytes (a table holds at most
/// [`MAX_TABLE_SEEDS`] seeds, so every house fits).
type Compact = [u8; MAX_HOUSES];

fn compact(board: &[u32; MAX_HOUSES]) -> Compact {
    board.map(|seeds| seeds as u8)
}

/// The backward sweep over one slice and its mirror (`contexts`, one or
/// two, their boards one after the other): `lo` and `hi` of every board,
/// then its value.
fn sweep(contexts: &[LevelContext<'_>], unsower: &Unsower, cells: &mut [Cell], out: &mut [u8]) {
    let size = cells.len();
    let boards = size / contexts.len();
    // Boards whose bound was just set, their parents still to visit: the
    // index, shifted, with 1 for a `hi` and 0 for a `lo`; and the board
    // itself, so that it need not be unranked again.
    let mut pending: Vec<(u64, Compact)> = Vec::new();
    let mut parents: Vec<(usize, Compact)> = Vec::new();
    let mut board = [0; MAX_HOUSES];
    let top = contexts[0].seeds as i32;
    for threshold in (-top..=top).rev() {
        let value = threshold as i8;
        for index in 0..size {
            let cell = &mut cells[index];
            let lo = cell.lo == UNSET && cell.exit == value;
            let hi = cell.hi == UNSET && cell.count == 0 && cell.exit == -value;
            if !(lo || hi) {
                continue;
            }
            let context = &contexts[index / boards];
            let houses = 2 * context.rules.houses_per_side();
            context
                .ranking
                .unrank((index % boards) as u64, &mut board[..houses]);
            let compact = compact(&board);
            if lo {
                cell.lo = value;
                pending.push(((index as u64) << 1, compact));
            }
            if hi {
                cell.hi = -value;
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
                        let cell = &mut cells[parent];
                        debug_assert!(cell.count > 0);
                        cell.count = cell.count.saturating_sub(1);
                        if cell.count == 0 && cell.hi == UNSET && cell.exit <= -value {
                            cell.hi = -value;
                            pending.push(((parent as u64) << 1 | 1, board));
                        }
                    }
                } else {
                    // The board's mover is held to `-value`: its parents get
                    // `value` by moving to it.
                    for &(parent, board) in &parents {
                        let cell = &mut cells[parent];
                        if cell.lo == UNSET {
                            cell.lo = value;
                            pending.push(((parent as u64) << 1, board));
                        }
                    }
                }
            }
        }
    }
    for (out, cell) in out.iter_mut().zip(cells.iter()) {
        let floor = if cell.lo == UNSET {
            i32::MIN
        } else {
            i32::from(cell.lo)
        };
        let ceiling = if cell.hi == UNSET {
            i32::MAX
        } else {
            i32::from(cell.hi)
        };
        *out = ENDLESS.max(floor).min(ceiling) as i8 as u8;
    }
}

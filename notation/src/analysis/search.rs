//! The search: iterative deepening, principal variation search, a shared
//! transposition table, captures first, then the table's move, killers and
//! history; a quiescence search on captures at the horizon; the endgame
//! tables at every node they cover.
//!
//! # What is proven
//!
//! A result is *proven* (a fact about the position's value, whatever the
//! path to it) when no guess (a horizon) went into it and every repetition
//! it met repeats a position of its own subtree. A repetition is scored by
//! the convention (nothing more won); the game that ends at the first
//! repetition has, from a position where no earlier position counts, the
//! same value as the convention's endless game (`docs/analysis.md` gives
//! the argument), and a position of the subtree meets no earlier one. A
//! result that leans on a repetition of a position *above* it depends on
//! the path and is kept as a guess: that is how the search stays exact
//! despite the transposition table (the graph history interaction problem).

use std::hash::{BuildHasher, Hash, Hasher};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use foldhash::fast::FixedState;

use crate::sowing::houses::Pits;
use crate::{House, Position};

use super::board::{camp_index, house_at};
use super::eval::{GRAIN, heuristic};
use super::tables::Tables;
use super::tt::{Bound, Entry, TranspositionTable};
use super::value::{ENDLESS, gain, terminal_net};

/// The deepest line the search follows, quiescence included.
pub(crate) const MAX_PLY: usize = 192;

/// Larger than any value.
pub(crate) const INFINITY: i32 = 1 << 20;

/// The shallowest depth whose positions read and write the table: below,
/// the probe's cache miss costs more than the searches it saves.
const TABLE_FROM: i32 = 2;

/// Half the width of a root move's first window, in grains (a seed):
/// narrower or wider visited more positions ([`Searcher::aspired`]).
const ASPIRATION: i32 = 4;

/// The shallowest depth of a node whose late moves the judge reduces
/// ([`Searcher::late`]).
const LATE_DEPTH: i32 = 3;

/// The first index, in a node's order of search, of a move the judge may
/// reduce: from the third on ([`Searcher::late`]; from the second on, or
/// at the principal variation's nodes too, the marks of a game were no
/// better).
const LATE_INDEX: usize = 2;

/// The slot of a node's children where the table's move, searched first
/// alone, is played: the last, which the other moves (six at most, played
/// only when it does not cut off) leave free.
const FIRST: usize = 6;

/// No repetition below.
const NONE: u16 = u16::MAX;

/// The hash of a position, the same on every run: `hash_one(position)`'s
/// value, with `Position`'s own `hash` inlined into a hasher built here,
/// rather than through `&Position`'s, left out of line with the hasher's
/// state behind a reference (its fill worked out at run time: 4 % more
/// instructions), or `hash_one(*position)`, which copies the position
/// and is left out of line where the table's move is hashed.
#[inline(always)]
#[allow(clippy::manual_hash_one)] // hash_one is what this inlines
pub(crate) fn key(position: &Position) -> u64 {
    let mut hasher = FixedState::with_seed(0x50_4E_60).build_hasher();
    position.hash(&mut hasher);
    hasher.finish()
}

/// A value and what it rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Scored {
    /// In grains, net, from the side to move.
    pub(crate) value: i32,
    /// A horizon guess went into it.
    pub(crate) guessed: bool,
    /// The smallest ply of a position repeated below, or [`NONE`].
    pub(crate) repeated: u16,
}

impl Scored {
    fn proven(value: i32) -> Scored {
        Scored {
            value,
            guessed: false,
            repeated: NONE,
        }
    }

    fn guess(value: i32) -> Scored {
        Scored {
            value,
            guessed: true,
            repeated: NONE,
        }
    }

    /// Whether the result is a fact about the position at `ply`.
    pub(crate) fn proven_at(self, ply: usize) -> bool {
        !self.guessed && usize::from(self.repeated) >= ply
    }

    /// What it rests on, together with `other`'s.
    fn with(self, other: Scored) -> Scored {
        Scored {
            value: self.value,
            guessed: self.guessed || other.guessed,
            repeated: self.repeated.min(other.repeated),
        }
    }
}

/// The value a stored entry settles at `depth` in the window
/// `(alpha, beta)`, if it does: proven, or searched as deep, and exact or
/// a bound outside the window.
#[inline]
fn settled_by(entry: Entry, depth: i32, alpha: i32, beta: i32) -> Option<Scored> {
    if !entry.proven && i32::from(entry.depth) < depth {
        return None;
    }
    let scored = Scored {
        value: entry.value,
        guessed: !entry.proven,
        repeated: NONE,
    };
    match entry.bound {
        Bound::Exact => Some(scored),
        Bound::Lower if entry.value >= beta => Some(scored),
        Bound::Upper if entry.value <= alpha => Some(scored),
        _ => None,
    }
}

/// One move and the position it leads to.
#[derive(Debug, Clone, Copy)]
struct Child {
    position: Position,
    /// Camp index (sowing order) of the house played.
    camp: u8,
    /// What the mover took (captures less what went to the opponent), in grains.
    gain: i32,
    /// Some seed left the board: no earlier position can come back.
    reduces: bool,
    /// The position's hash ([`key`]), when it will be searched (0 in the
    /// quiescence search, which reads no table).
    key: u64,
}

/// Where [`Searcher::ordered`] puts a child.
#[derive(Debug, Clone, Copy)]
enum Slot {
    Empty,
    /// A move that surely takes no seed, not played yet: the index of its
    /// move in the parent's list. Only that byte is written, not a copy of
    /// the parent's position: the first child searched mostly cuts the
    /// others off, and most are never played.
    Unplayed(u8),
    Played(Child),
}

/// Which children [`Searcher::ordered`] gives, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Children {
    /// Every child, played, with its hash: children that read the table.
    Hashed,
    /// Every child, one that surely takes no seed not played yet: the
    /// children of the last plies.
    Lazy,
    /// The children that may take seeds: the quiescence search's.
    Captures,
}

/// A position of the current line and the line above it, on the stack of
/// the search's calls: the positions a repetition is looked for among,
/// read where they were sown, not copied.
#[derive(Debug, Clone, Copy)]
struct Line<'p> {
    position: &'p Position,
    /// Its hash ([`key`]); 0 when not computed (the last plies').
    key: u64,
    ply: usize,
    /// The ply where the current seed count began.
    since: usize,
    /// The position a ply above.
    up: Option<&'p Line<'p>>,
}

impl<'p> Line<'p> {
    /// The root's line.
    fn root(position: &'p Position) -> Line<'p> {
        Line {
            position,
            key: key(position),
            ply: 0,
            since: 0,
            up: None,
        }
    }
}

/// What the search of one root move found.
#[derive(Debug, Clone)]
pub(crate) struct RootMove {
    pub(crate) house: House,
    pub(crate) scored: Scored,
    /// Camp indices of the line after the move.
    pub(crate) line: Vec<u8>,
}

/// The limits of one search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Stops<'a> {
    pub(crate) flag: &'a AtomicBool,
    pub(crate) deadline: Option<Instant>,
    pub(crate) nodes: u64,
}

/// One thread's search.
pub(crate) struct Searcher<'a> {
    tt: &'a TranspositionTable,
    tables: Option<&'a Tables>,
    stops: Stops<'a>,
    pub(crate) nodes: u64,
    pub(crate) table_hits: u64,
    /// Other threads search beside this one: a root move they searched
    /// is found in the table, and its line is read back from it.
    pub(crate) shared: bool,
    aborted: bool,
    /// Off while the first iteration runs: it always completes.
    limits_on: bool,
    killers: Vec<[u8; 2]>,
    history: [[u32; 8]; 2],
    /// Each root move's value (by camp index) in the last [`Searcher::root`].
    previous: [Option<i32>; 8],
    /// The principal variation from each ply.
    pv: Vec<[u8; MAX_PLY]>,
    pv_len: Vec<usize>,
    /// Late quiet moves are searched a ply shallower first
    /// ([`Searcher::late`]): set for the judge's search only, never for
    /// the analysis of every move's exact value (whose tree, node counts
    /// and values stay those of the plain search).
    pub(crate) reduce_late: bool,
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        tt: &'a TranspositionTable,
        tables: Option<&'a Tables>,
        stops: Stops<'a>,
    ) -> Searcher<'a> {
        Searcher {
            tt,
            tables,
            stops,
            nodes: 0,
            table_hits: 0,
            shared: false,
            aborted: false,
            limits_on: true,
            killers: vec![[u8::MAX; 2]; MAX_PLY + 2],
            history: [[0; 8]; 2],
            previous: [None; 8],
            pv: vec![[0; MAX_PLY]; MAX_PLY + 2],
            pv_len: vec![0; MAX_PLY + 2],
            reduce_late: false,
        }
    }

    /// Whether a limit stopped the search (its last results are partial).
    pub(crate) fn aborted(&self) -> bool {
        self.aborted
    }

    /// The positions the node limit leaves this search.
    pub(crate) fn nodes_left(&self) -> u64 {
        self.stops.nodes.saturating_sub(self.nodes)
    }

    fn check_limits(&mut self) {
        if self.limits_on
            && (self.stops.flag.load(Ordering::Relaxed)
                || self.nodes >= self.stops.nodes
                || self
                    .stops
                    .deadline
                    .is_some_and(|deadline| Instant::now() >= deadline))
        {
            self.aborted = true;
        }
    }

    /// Counts a position visited, checking the limits every 1024: whether
    /// the search is to stop.
    #[inline]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.check_limits();
        }
        self.aborted
    }

    /// Searches every legal move of `root` to `depth` plies with a full
    /// window, in `order` (camp indices, best first). `None` when a limit
    /// stopped it.
    pub(crate) fn root(
        &mut self,
        root: &Position,
        depth: i32,
        order: &[u8],
        check: bool,
    ) -> Option<Vec<RootMove>> {
        let list = self.root_children(root, order, check);
        let top = Line::root(root);
        let mut results = Vec::with_capacity(list.len());
        let mut found = [None; 8];
        for child in list {
            let scored = match self.previous[usize::from(child.camp)] {
                Some(guess) => self.aspired(&child, &top, depth, guess),
                None => self.step(&child, depth, -INFINITY, INFINITY, &top),
            };
            found[usize::from(child.camp)] = Some(scored.value);
            results.push(self.root_move(root, &child, scored)?);
        }
        self.previous = found;
        Some(results)
    }

    /// The exact value of the root move `child`, searched first in a
    /// narrow window around `guess` (its value an iteration earlier), then,
    /// when the value falls outside, again with the window open on that
    /// side from the bound found: the value a full window gives, in fewer
    /// positions (3 % at the timing set's depths).
    fn aspired(&mut self, child: &Child, top: &Line, depth: i32, guess: i32) -> Scored {
        let (low, high) = (guess - ASPIRATION, guess + ASPIRATION);
        let scored = self.step(child, depth, low, high, top);
        let (low, high) = if scored.value <= low {
            (-INFINITY, scored.value + 1)
        } else if scored.value >= high {
            (scored.value - 1, INFINITY)
        } else {
            return scored;
        };
        let again = self.step(child, depth, low, high, top);
        if (low < again.value && again.value < high) || self.aborted {
            again
        } else {
            // The table's results of other depths can make a search
            // unstable: the full window settles it.
            self.step(child, depth, -INFINITY, INFINITY, top)
        }
    }

    /// Searches the legal moves of `root` to `depth` plies only as far as
    /// needed to tell whether `candidate` (a camp index) leads every other
    /// move by a margin: the candidate first, with a full window (its
    /// value exact); then the others in `order`, for the best of them
    /// exactly when it is at most `threshold(candidate's value)`, T: the
    /// first with the window (-infinity, T + 1), the next ones with a null
    /// window at the best so far, searched again up to T + 1 when they beat
    /// it. So the candidate's value and the best other's are what [`root`]
    /// would find; another move's value is an upper bound below the best
    /// other's, and a move above T has a lower bound above T. `None` when a
    /// limit stopped it.
    ///
    /// [`root`]: Searcher::root
    pub(crate) fn root_with_lead(
        &mut self,
        root: &Position,
        depth: i32,
        (order, check): (&[u8], bool),
        candidate: u8,
        threshold: impl Fn(i32) -> i32,
    ) -> Option<Vec<RootMove>> {
        let mut list = self.root_children(root, order, check);
        let top = &Line::root(root);
        if let Some(at) = list.iter().position(|child| child.camp == candidate) {
            list[..=at].rotate_right(1);
        }
        let mut results = Vec::with_capacity(list.len());
        let mut ceiling = INFINITY;
        let mut best_other: Option<i32> = None;
        for (index, child) in list.iter().enumerate() {
            let scored = if index == 0 {
                let scored = self.step(child, depth, -INFINITY, INFINITY, top);
                ceiling = threshold(scored.value).saturating_add(1);
                scored
            } else if let Some(best) = best_other {
                // Past T, whether a move is past T too is all that counts.
                let floor = best.min(ceiling - 1);
                let probe = self.step(child, depth, floor, floor + 1, top);
                if probe.value > floor && floor < ceiling - 1 && !self.aborted {
                    self.step(child, depth, floor, ceiling, top)
                } else {
                    probe
                }
            } else {
                self.step(child, depth, -INFINITY, ceiling, top)
            };
            if index > 0 {
                best_other = Some(best_other.map_or(scored.value, |best| best.max(scored.value)));
            }
            results.push(self.root_move(root, child, scored)?);
        }
        Some(results)
    }

    /// Searches the legal moves of `root` to `depth` plies only as far as
    /// a judge of the move `played` (a camp index) needs: `played` first,
    /// with a full window (its value exact); then the others in `order`,
    /// the principal variation search's way from `floor(played's value)`,
    /// F: a null window at the best so far (at least F), searched again with
    /// the window above it when they beat it. So `played`'s value and the
    /// best other's, when it is above F, are what [`root`] would find
    /// with the same late reductions ([`Searcher::reduce_late`], which the
    /// judge sets); every other value is an upper bound, at most F or the
    /// best other's. `None` when a limit stopped it.
    ///
    /// [`root`]: Searcher::root
    pub(crate) fn root_judging(
        &mut self,
        root: &Position,
        depth: i32,
        (order, check): (&[u8], bool),
        played: u8,
        floor: impl Fn(i32) -> i32,
    ) -> Option<Vec<RootMove>> {
        let mut list = self.root_children(root, order, check);
        let top = &Line::root(root);
        if let Some(at) = list.iter().position(|child| child.camp == played) {
            list[..=at].rotate_right(1);
        }
        let mut results = Vec::with_capacity(list.len());
        let mut alpha = -INFINITY;
        for (index, child) in list.iter().enumerate() {
            let scored = if index == 0 {
                let scored = self.step(child, depth, -INFINITY, INFINITY, top);
                alpha = floor(scored.value);
                scored
            } else {
                let probe = self.step(child, depth, alpha, alpha + 1, top);
                if probe.value > alpha && !self.aborted {
                    self.step(child, depth, alpha, INFINITY, top)
                } else {
                    probe
                }
            };
            if index > 0 {
                alpha = alpha.max(scored.value);
            }
            results.push(self.root_move(root, child, scored)?);
        }
        Some(results)
    }

    /// The legal moves of `root`, its line set up, in `order` (camp
    /// indices, best first; the moves not in it after).
    fn root_children(&mut self, root: &Position, order: &[u8], check: bool) -> Vec<Child> {
        self.limits_on = check;
        let Ok(moves) = root.turn() else {
            return Vec::new();
        };
        let (mut children, mut ranked) = ([Slot::Empty; 7], [0; 7]);
        let history = self.history[root.to_move().index()];
        let count = self.ordered(
            root,
            &moves,
            (None, Children::Hashed),
            (0, &history),
            &mut children,
            &mut ranked,
        );
        let rank = |camp: u8| order.iter().position(|&c| c == camp).unwrap_or(order.len());
        let mut list: Vec<Child> = ranked[..count]
            .iter()
            .filter_map(|&at| match children[usize::from(at)] {
                Slot::Played(child) => Some(child),
                _ => None,
            })
            .collect();
        list.sort_by_key(|child| rank(child.camp));
        list
    }

    /// What the search of a root move found, with its line; `None` when a
    /// limit stopped it.
    fn root_move(&self, root: &Position, child: &Child, scored: Scored) -> Option<RootMove> {
        if self.aborted {
            return None;
        }
        let mut line = self.pv[1][..self.pv_len[1]].to_vec();
        if line.is_empty() && self.shared {
            line = self.table_line(&child.position);
        }
        Some(RootMove {
            house: house_at(root.rules(), root.to_move(), usize::from(child.camp)),
            scored,
            line,
        })
    }

    /// The line the table's best moves give from `from` (a root move
    /// another thread searched, whose value this one read from the table).
    fn table_line(&self, from: &Position) -> Vec<u8> {
        let rules = from.rules();
        let mut line = Vec::new();
        let mut here = *from;
        while line.len() < 32 {
            let Some(camp) = self.tt.get(key(&here)).and_then(|entry| entry.best) else {
                break;
            };
            let house = house_at(rules, here.to_move(), usize::from(camp));
            let Ok(moves) = here.turn() else { break };
            if !moves.contains(house) || here.play(house).is_err() {
                break;
            }
            line.push(camp);
        }
        line
    }

    /// The value of playing `child` from the position at the end of
    /// `line`, searched to `depth` plies in the window (`alpha`, `beta`) of
    /// its mover. Inlined into its callers, `search`'s among them: a call
    /// less a child (2.4 % fewer instructions).
    #[inline(always)]
    fn step(&mut self, child: &Child, depth: i32, alpha: i32, beta: i32, line: &Line) -> Scored {
        let next = line.ply + 1;
        self.pv_len[next] = 0;
        if !child.reduces {
            // The convention for a position that comes back: nothing more.
            // Positions with the child's side to move are two plies apart.
            let mut earlier = line.up;
            while let Some(at) = earlier.filter(|at| at.ply >= line.since) {
                // A leaf's key is not computed (0): the boards decide.
                if (child.key == 0 || at.key == child.key) && *at.position == child.position {
                    return Scored {
                        value: child.gain - ENDLESS * GRAIN,
                        guessed: false,
                        repeated: at.ply as u16,
                    };
                }
                earlier = at.up.and_then(|up| up.up);
            }
        }
        // The child's line: its position where it was sown, the line above
        // by reference (nothing copied).
        let below = Line {
            position: &child.position,
            key: child.key,
            ply: next,
            since: if child.reduces { next } else { line.since },
            up: Some(line),
        };
        let window = (child.gain - beta, child.gain - alpha);
        let below = if depth > 1 {
            self.search(&below, depth - 1, window.0, window.1)
        } else if self.visit() {
            Scored::guess(0)
        } else {
            // A child at the horizon, as `search` would find it, without
            // setting up its frame (more than half the positions).
            self.horizon(&child.position, window, next, true)
        };
        Scored {
            value: child.gain - below.value,
            ..below
        }
    }

    /// The child of playing the move at `index` of `moves` (this
    /// position's own list), played in `slot`, its order left to
    /// [`Searcher::ordered`]. Played in place, not built and then copied:
    /// a copy read back right after the sowing wrote it stalls the CPU.
    /// The parent's houses are not copied: the sowing writes them whole.
    #[inline(always)]
    fn child<'s>(
        slot: &'s mut Slot,
        position: &Position,
        moves: &crate::MoveList,
        index: usize,
    ) -> Option<&'s mut Child> {
        let house = moves.as_slice()[index];
        *slot = Slot::Played(Child {
            position: Position {
                pits: Pits::NONE,
                ..*position
            },
            camp: camp_index(position.rules(), house) as u8,
            gain: 0,
            reduces: false,
            key: 0,
        });
        let Slot::Played(child) = slot else {
            return None;
        };
        // `moves` is this position's own list (`turn`): the move is known
        // legal, so the filters `play_captured` would run again are skipped
        // (fewer instructions a ply, docs/performance.md).
        child.position.play_listed_copy(position, moves, index)?;
        child.gain = gain(position, &child.position) * GRAIN;
        // Seeds leave the board for the stores only: the stores tell, and
        // the board just written is not read back.
        let stored = |position: &Position| position.stores.south + position.stores.north;
        child.reduces = stored(&child.position) > stored(position);
        Some(child)
    }

    /// The child in `slot`, played there if it was not yet
    /// ([`Slot::Unplayed`]).
    #[inline(always)]
    fn played<'s>(
        slot: &'s mut Slot,
        position: &Position,
        moves: &crate::MoveList,
    ) -> Option<&'s Child> {
        if let Slot::Unplayed(index) = *slot {
            return Self::child(slot, position, moves, usize::from(index)).map(|child| &*child);
        }
        match slot {
            Slot::Played(child) => Some(child),
            _ => None,
        }
    }

    /// The order of a child that takes no seed (the more, the earlier):
    /// this ply's killers first, then by `history`.
    #[inline(always)]
    fn quiet_order(&self, camp: u8, ply: usize, history: &[u32; 8]) -> i32 {
        if self.killers[ply][0] == camp {
            1 << 22
        } else if self.killers[ply][1] == camp {
            1 << 21
        } else {
            history[usize::from(camp)].min(1 << 20) as i32
        }
    }

    /// The legal moves' children but the one at `skip`, in `out`, and
    /// their order of search in `rank` (indices into `out`, best first).
    /// `history` is this side's history as the node began: a child played
    /// late (the table's move searched first, [`Searcher::search`]) is
    /// ordered as if all had been played at once. With [`Children::Hashed`], each
    /// child's hash is computed, and its bucket of the transposition table
    /// prefetched at once: the cache misses (some 40 % of a node's time
    /// before) then overlap each other and the playing of the other
    /// children, and each child's probe finds its bucket in the cache. Else a move that surely
    /// takes no seed (`Position::moves_taking_seeds`) is not played
    /// ([`Slot::Unplayed`]; its order does not depend on its position, and
    /// the first child searched often cuts the others off), or not given at
    /// all ([`Children::Captures`]).
    fn ordered(
        &self,
        position: &Position,
        moves: &crate::MoveList,
        (skip, which): (Option<usize>, Children),
        (ply, history): (usize, &[u32; 8]),
        out: &mut [Slot; 7],
        rank: &mut [u8; 7],
    ) -> usize {
        let mut count = 0;
        let mut orders = [0; 7];
        let takes = if which == Children::Hashed {
            u8::MAX
        } else {
            position.moves_taking_seeds(moves)
        };
        for index in 0..moves.len() {
            if Some(index) == skip {
                continue;
            }
            let slot = &mut out[count];
            orders[count] = if takes >> index & 1 != 0 {
                let Some(child) = Self::child(slot, position, moves, index) else {
                    continue;
                };
                if which == Children::Hashed {
                    child.key = key(&child.position);
                    self.tt.prefetch(child.key);
                }
                if child.reduces {
                    (1 << 24) + child.gain
                } else {
                    self.quiet_order(child.camp, ply, history)
                }
            } else if which == Children::Lazy {
                *slot = Slot::Unplayed(index as u8);
                let camp = camp_index(position.rules(), moves.as_slice()[index]) as u8;
                self.quiet_order(camp, ply, history)
            } else {
                continue;
            };
            rank[count] = count as u8;
            count += 1;
        }
        let order = |at: u8| orders[usize::from(at)];
        // Insertion sort of the indices, best first, ties in the list's
        // order: seven moves at most.
        for i in 1..count {
            let mut j = i;
            while j > 0 && order(rank[j - 1]) < order(rank[j]) {
                rank.swap(j - 1, j);
                j -= 1;
            }
        }
        count
    }

    /// How a node gives its children: hashed when they read the table.
    #[inline(always)]
    fn which(searched: bool) -> Children {
        if searched {
            Children::Hashed
        } else {
            Children::Lazy
        }
    }

    /// The children a node searches first: the table's move alone when it
    /// is among `moves` (with its index in them), else every child, ranked.
    /// With `searched` their hashes are computed: children that read the
    /// table ([`TABLE_FROM`]); the last plies' get none.
    fn first_children(
        &self,
        position: &Position,
        (moves, best): (&crate::MoveList, Option<u8>),
        (ply, history): (usize, &[u32; 8]),
        searched: bool,
        children: &mut [Slot; 7],
        rank: &mut [u8; 7],
    ) -> (usize, Option<usize>) {
        let rules = position.rules();
        let first = best.and_then(|camp| {
            moves
                .iter()
                .position(|house| camp_index(rules, house) as u8 == camp)
        });
        if let Some(child) =
            first.and_then(|index| Self::child(&mut children[FIRST], position, moves, index))
        {
            if searched {
                child.key = key(&child.position);
            }
            rank[0] = FIRST as u8;
            return (1, first);
        }
        let count = self.ordered(
            position,
            moves,
            (None, Self::which(searched)),
            (ply, history),
            children,
            rank,
        );
        (count, None)
    }

    /// The other children after the table's move (at `first` in `moves`),
    /// played in their final slots of `children` (the table's move's,
    /// [`FIRST`], left as it is), their order into `rank` from the second
    /// on: how many. Nothing is copied after it is played.
    fn later_children(
        &self,
        position: &Position,
        (moves, first): (&crate::MoveList, Option<usize>),
        (ply, history): (usize, &[u32; 8]),
        searched: bool,
        children: &mut [Slot; 7],
        rank: &mut [u8; 7],
    ) -> usize {
        let mut order = [0; 7];
        let more = self.ordered(
            position,
            moves,
            (first, Self::which(searched)),
            (ply, history),
            children,
            &mut order,
        );
        rank[1..=more].copy_from_slice(&order[..more]);
        more
    }

    /// Principal variation search of the position at the end of `line`.
    /// Not inlined into [`Searcher::step`], which steps to a child at the
    /// horizon without it (0.7 % fewer instructions, 2 % less time).
    #[inline(never)]
    fn search(&mut self, line: &Line, depth: i32, mut alpha: i32, beta: i32) -> Scored {
        let (position, key, ply) = (line.position, line.key, line.ply);
        if self.visit() {
            return Scored::guess(0);
        }
        if depth <= 0 {
            return self.horizon(position, (alpha, beta), ply, true);
        }
        let moves = match position.turn() {
            Err(over) => return Scored::proven(terminal_net(position, &over) * GRAIN),
            Ok(moves) => moves,
        };
        if let Some(net) = self.tables.and_then(|tables| tables.probe(position)) {
            self.table_hits += 1;
            return Scored::proven(net * GRAIN);
        }
        if ply >= MAX_PLY - 1 {
            return Scored::guess(heuristic(position));
        }
        let stored = match self.probe(key, depth, (alpha, beta)) {
            ControlFlow::Break(scored) => return scored,
            ControlFlow::Continue(stored) => stored,
        };
        // The table's move is played and searched first, alone: when it
        // cuts off, as it mostly does, the other moves are never played.
        let history = self.history[position.to_move().index()];
        let (mut children, mut rank) = ([Slot::Empty; 7], [0; 7]);
        let (mut count, first) = self.first_children(
            position,
            (&moves, stored.and_then(|entry| entry.best)),
            (ply, &history),
            depth > TABLE_FROM,
            &mut children,
            &mut rank,
        );
        let lazy = count == 1 && first.is_some();
        let original_alpha = alpha;
        let mut best = Scored::guess(-INFINITY);
        let mut best_move = None;
        let mut all = Scored::proven(0);
        let mut index = 0;
        // A lazy list grows once, after its first move.
        while index < count || (lazy && index == 1) {
            if lazy && index == 1 && count == 1 {
                let more = self.later_children(
                    position,
                    (&moves, first),
                    (ply, &history),
                    depth > TABLE_FROM,
                    &mut children,
                    &mut rank,
                );
                count += more;
                if more == 0 {
                    break;
                }
            }
            let slot = &mut children[usize::from(rank[index])];
            let Some(child) = Self::played(slot, position, &moves) else {
                break;
            };
            let scored = self.child_step(child, depth, (alpha, beta), line, index);
            index += 1;
            if self.aborted {
                return Scored::guess(0);
            }
            all = all.with(scored);
            if scored.value > best.value {
                best = scored;
                best_move = Some((child.camp, child.key));
                if scored.value > alpha {
                    alpha = scored.value;
                    self.extend_pv(ply, child.camp);
                    if alpha >= beta {
                        self.note_cutoff(position, child, depth, ply);
                        break;
                    }
                }
            }
        }
        // A cut-off rests on the move that caused it; any other result on
        // every move searched.
        let result = if best.value >= beta {
            best
        } else {
            Scored {
                value: best.value,
                ..all
            }
        };
        self.store(key, result, (original_alpha, beta), depth, ply, best_move);
        result
    }

    /// The depth a late move is searched to first, with a null window,
    /// when it is reduced ([`Searcher::reduce_late`]): one ply less, at a
    /// node searched with a null window, [`LATE_DEPTH`] plies or more from
    /// the horizon, for a move from the [`LATE_INDEX`]th on that takes no
    /// seed and is no killer (the table's move and the captures come first,
    /// the killers next). Searched again at `depth` when it beats `alpha`,
    /// so a reduction only moves a guess: a value it proves is the same
    /// at any depth.
    #[inline]
    fn late(
        &self,
        child: &Child,
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
        index: usize,
    ) -> Option<i32> {
        (self.reduce_late
            && depth >= LATE_DEPTH
            && index >= LATE_INDEX
            && beta - alpha == 1
            && !child.reduces
            && !self.killers[ply].contains(&child.camp))
        .then_some(depth - 1)
    }

    /// The value of the child searched `index`th at `ply`: reduced first
    /// when it is a late move ([`Searcher::late`]), searched again at full
    /// depth when it beats `alpha`; else [`Searcher::principal_step`].
    #[inline]
    fn child_step(
        &mut self,
        child: &Child,
        depth: i32,
        (alpha, beta): (i32, i32),
        line: &Line,
        index: usize,
    ) -> Scored {
        if let Some(reduced) = self.late(child, depth, (alpha, beta), line.ply, index) {
            let probe = self.step(child, reduced, alpha, alpha + 1, line);
            if probe.value <= alpha || self.aborted {
                return probe;
            }
        }
        self.principal_step(child, depth, (alpha, beta), line, index == 0)
    }

    /// [`Searcher::step`] the principal variation search's way: the first
    /// move with the window, the others with a null window, searched again
    /// with the window when they beat it.
    #[inline]
    fn principal_step(
        &mut self,
        child: &Child,
        depth: i32,
        (alpha, beta): (i32, i32),
        line: &Line,
        first: bool,
    ) -> Scored {
        if first {
            return self.step(child, depth, alpha, beta, line);
        }
        let probe = self.step(child, depth, alpha, alpha + 1, line);
        if probe.value > alpha && probe.value < beta {
            self.step(child, depth, alpha, beta, line)
        } else {
            probe
        }
    }

    /// The principal variation at `ply`: `camp`, then the one below.
    #[inline]
    fn extend_pv(&mut self, ply: usize, camp: u8) {
        self.pv[ply][0] = camp;
        let below = self.pv_len[ply + 1];
        let (here, rest) = self.pv.split_at_mut(ply + 1);
        here[ply][1..=below].copy_from_slice(&rest[0][..below]);
        self.pv_len[ply] = below + 1;
    }

    /// A cut-off by a quiet move: it becomes this ply's first killer, and
    /// its history grows with the depth it cut at.
    #[inline]
    fn note_cutoff(&mut self, position: &Position, child: &Child, depth: i32, ply: usize) {
        if child.reduces {
            return;
        }
        let killers = &mut self.killers[ply];
        if killers[0] != child.camp {
            killers[1] = killers[0];
            killers[0] = child.camp;
        }
        let side = position.to_move().index();
        let slot = &mut self.history[side][usize::from(child.camp)];
        *slot = slot.saturating_add((depth * depth) as u32);
    }

    /// What the table holds for the position of `key`, searched to
    /// `depth`: the value when it settles the window `(alpha, beta)`
    /// ([`settled_by`]), else the entry, if any; nothing below
    /// [`TABLE_FROM`] (the last plies' positions have no key). When the
    /// entry's best move is to be searched first, and its position will
    /// read the table, that position's bucket (the entry's hint,
    /// [`TranspositionTable::get_hinted`]) is prefetched at once: before
    /// the move is played and hashed, so that the miss overlaps the sowing.
    #[inline]
    fn probe(
        &self,
        key: u64,
        depth: i32,
        (alpha, beta): (i32, i32),
    ) -> ControlFlow<Scored, Option<Entry>> {
        if depth < TABLE_FROM {
            return ControlFlow::Continue(None);
        }
        let Some((entry, next)) = self.tt.get_hinted(key) else {
            return ControlFlow::Continue(None);
        };
        if let Some(scored) = settled_by(entry, depth, alpha, beta) {
            return ControlFlow::Break(scored);
        }
        if depth > TABLE_FROM && entry.best.is_some() {
            self.tt.prefetch(next);
        }
        ControlFlow::Continue(Some(entry))
    }

    /// Keeps `result`, found in the window `(alpha, beta)` at `depth`, in
    /// the transposition table (from [`TABLE_FROM`] on).
    #[inline]
    fn store(
        &self,
        key: u64,
        result: Scored,
        (original_alpha, beta): (i32, i32),
        depth: i32,
        ply: usize,
        best_move: Option<(u8, u64)>,
    ) {
        if depth < TABLE_FROM {
            return;
        }
        let bound = if result.value >= beta {
            Bound::Lower
        } else if result.value <= original_alpha {
            Bound::Upper
        } else {
            Bound::Exact
        };
        let proven = result.proven_at(ply);
        // A result that leans on a repetition of a position above this one
        // holds for this path only: kept for the horizon alone, where any
        // result is a guess anyway.
        let depth = if proven || result.guessed {
            depth.clamp(0, 255) as u8
        } else {
            0
        };
        self.tt.put_hinted(
            key,
            Entry {
                value: result.value,
                bound,
                proven,
                depth,
                best: best_move.map(|(camp, _)| camp),
            },
            best_move.map_or(0, |(_, key)| key),
        );
    }

    /// A position at the horizon, searched in the window `(alpha, beta)`:
    /// its value when the game is over or the tables hold it (counted in
    /// `table_hits` when `counted`), else the quiescence search's. Whether
    /// the game goes on is asked first of the rules' quick test
    /// (`Position::goes_on_at_once`), and the moves are generated only when
    /// it cannot tell or a capture is to be tried: most positions here are
    /// cut off by the heuristic alone, and need no move list.
    #[inline]
    fn horizon(
        &mut self,
        position: &Position,
        (alpha, beta): (i32, i32),
        ply: usize,
        counted: bool,
    ) -> Scored {
        let moves = if position.goes_on_at_once() {
            None
        } else {
            match position.turn() {
                Err(over) => return Scored::proven(terminal_net(position, &over) * GRAIN),
                Ok(moves) => Some(moves),
            }
        };
        if let Some(net) = self.tables.and_then(|tables| tables.probe(position)) {
            self.table_hits += u64::from(counted);
            return Scored::proven(net * GRAIN);
        }
        self.quiesce(position, moves, alpha, beta, ply)
    }

    /// At the horizon, the game going on: the heuristic value, or better, a
    /// capture played out. `moves` is the position's own list, when it was
    /// generated already.
    fn quiesce(
        &mut self,
        position: &Position,
        moves: Option<crate::MoveList>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Scored {
        let stand = heuristic(position);
        if stand >= beta || ply >= MAX_PLY - 2 {
            return Scored::guess(stand);
        }
        let Some(moves) = moves.or_else(|| position.turn().ok()) else {
            return Scored::guess(stand);
        };
        let moves = &moves;
        alpha = alpha.max(stand);
        let mut best = stand;
        let (mut children, mut rank) = ([Slot::Empty; 7], [0; 7]);
        let history = [0; 8];
        let count = self.ordered(
            position,
            moves,
            (None, Children::Captures),
            (ply, &history),
            &mut children,
            &mut rank,
        );
        for &at in &rank[..count] {
            let Slot::Played(child) = &children[usize::from(at)] else {
                continue;
            };
            if !child.reduces {
                continue;
            }
            self.nodes += 1;
            let window = (child.gain - beta, child.gain - alpha);
            let value = child.gain - self.horizon(&child.position, window, ply + 1, false).value;
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        Scored::guess(best)
    }
}

#[cfg(test)]
mod tests {
    use super::super::analyser::{Analyser, AnalysisOptions, Limits};
    use super::super::oracle::Oracle;
    use super::super::testing;
    use crate::{Position, Ruleset, Score, Side};
    use proptest::prelude::*;

    use super::{FixedState, key};

    fn songo(south: [u32; 7], north: [u32; 7]) -> Position {
        Position::new(
            Ruleset::Songo,
            &south,
            &north,
            Score::default(),
            Side::South,
        )
        .unwrap()
    }

    #[test]
    fn the_grenier_that_takes_eleven_is_found() {
        // The escale text's third capture example: S5 (17 seeds) laps the
        // board and takes N3, N2, N1, N0.
        let before = songo([1, 7, 0, 0, 1, 17, 7], [0, 1, 0, 2, 8, 5, 10]);
        for depth in [1, 2, 4, 6] {
            let report = Analyser::new(&AnalysisOptions::default())
                .analyse(
                    &before,
                    &Limits {
                        depth: Some(depth),
                        ..Limits::default()
                    },
                )
                .expect("few seeds");
            let s5 = crate::House::new(crate::Side::South, 5);
            assert_eq!(report.best, Some(s5), "depth {depth}");
            assert_eq!(report.pv.first(), Some(&s5));
        }
    }

    /// A random position of `seeds` seeds on the board, stores summing to
    /// `stored`.
    pub(super) fn position(rules: Ruleset, seeds: u32, stored: u32, mut noise: u64) -> Position {
        let width = rules.houses_per_side();
        let mut board = [0u32; 14];
        let mut next = || {
            noise ^= noise << 13;
            noise ^= noise >> 7;
            noise ^= noise << 17;
            noise
        };
        for _ in 0..seeds {
            board[(next() % (2 * width) as u64) as usize] += 1;
        }
        let south = (next() % u64::from(stored + 1)) as u32;
        let side = if next() % 2 == 0 {
            Side::South
        } else {
            Side::North
        };
        Position::new(
            rules,
            &board[..width],
            &board[width..2 * width],
            Score::new(south, stored - south),
            side,
        )
        .unwrap()
    }

    /// A position's key is `hash_one(&position)`'s value, the one the
    /// table was always keyed by (a changed key moves the search's tree),
    /// on narrow and wide boards; the start of Songo's, pinned.
    #[test]
    fn a_key_is_the_hash_of_the_position() {
        let hash_one = |position: &Position| {
            std::hash::BuildHasher::hash_one(&FixedState::with_seed(0x50_4E_60), position)
        };
        for rules in [Ruleset::Songo, Ruleset::Awale, Ruleset::OwareAbapa] {
            for (seeds, noise) in [(40, 1), (60, 7), (300, 11), (1000, 13)] {
                let position = position(rules, seeds, 8, noise);
                assert_eq!(key(&position), hash_one(&position), "{position:?}");
            }
            let start = Position::start(rules);
            assert_eq!(key(&start), hash_one(&start), "{rules:?}");
        }
        assert_eq!(
            key(&Position::start(Ruleset::Songo)),
            5_655_308_548_950_627_414
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn what_the_search_proves_is_what_the_plain_minimax_says(
            rules in prop_oneof![Just(Ruleset::Awale), Just(Ruleset::OwareAbapa)],
            seeds in 2u32..5,
            noise in 1u64..,
        ) {
            let position = position(rules, seeds, 30 - seeds, noise);
            let limits = Limits { nodes: Some(100_000), ..Limits::default() };
            let report = Analyser::new(&AnalysisOptions::default()).analyse(&position, &limits)
                .expect("few seeds");
            let lead = super::super::board::store_lead(&position);
            let net = Oracle::default().net(&position);
            if report.exact {
                prop_assert_eq!(report.value - lead, net, "{:?}", position);
            }
            // With the tables, always proven, and the same.
            let tables = match rules {
                Ruleset::Awale => testing::awale_tables(),
                _ => testing::abapa_tables(),
            };
            let with_tables = Analyser::new(&AnalysisOptions::default())
                .with_tables(std::sync::Arc::clone(tables))
                .analyse(&position, &limits)
                .expect("few seeds");
            prop_assert!(with_tables.exact);
            prop_assert_eq!(with_tables.value - lead, net);
            prop_assert!(with_tables.moves.iter().all(|m| m.exact));
        }

        #[test]
        fn what_the_search_proves_of_songo_is_what_the_table_says(
            rules in Just(Ruleset::Songo),
            noise in 1u64..,
        ) {
            let position = position(rules, 10, 2, noise);
            prop_assume!(position.turn().is_ok());
            let tables = testing::songo_tables();
            let net = tables.probe(&position).unwrap();
            let lead = super::super::board::store_lead(&position);
            let limits = Limits { nodes: Some(20_000), ..Limits::default() };
            let report = Analyser::new(&AnalysisOptions::default()).analyse(&position, &limits)
                .expect("few seeds");
            if report.exact {
                prop_assert_eq!(report.value - lead, net, "{:?}", position);
            }
            let with_tables = Analyser::new(&AnalysisOptions::default())
                .with_tables(std::sync::Arc::clone(tables))
                .analyse(&position, &limits)
                .expect("few seeds");
            prop_assert!(with_tables.exact);
            prop_assert_eq!(with_tables.value - lead, net);
        }
    }

    /// The judge's search reduces late moves (`Searcher::reduce_late`):
    /// that may move a guess, never a value it proves. Whatever the move
    /// played, a proven value of it, and a proven report's value (the best
    /// move's), are the endgame table's. Few positions (8 000 a search), so
    /// that the horizon is met beside proven lines.
    #[test]
    fn what_the_judge_proves_of_songo_is_what_the_table_says() {
        let tables = testing::songo_tables();
        let limits = Limits {
            nodes: Some(8_000),
            ..Limits::default()
        };
        let (mut moves_proven, mut reports_proven, mut guessed) = (0, 0, 0);
        for noise in 1..=80u64 {
            let position = position(Ruleset::Songo, 10, 2, noise * 7919);
            let Ok(moves) = position.turn() else {
                continue;
            };
            let lead = super::super::board::store_lead(&position);
            for played in moves.iter() {
                let mut child = position;
                child.play(played).unwrap();
                let below = match child.turn() {
                    Err(over) => super::super::value::terminal_net(&child, &over),
                    Ok(_) => tables.probe(&child).unwrap(),
                };
                let expected = super::super::value::gain(&position, &child) - below + lead;
                let report = Analyser::new(&AnalysisOptions::default())
                    .analyse_played(&position, &limits, played, 3)
                    .expect("few seeds");
                let judged = report.value_of(played).expect("the move played");
                if judged.exact {
                    moves_proven += 1;
                    assert_eq!(judged.value, expected, "{position} {played:?}");
                } else {
                    guessed += 1;
                }
                if report.exact {
                    reports_proven += 1;
                    let net = tables.probe(&position).unwrap();
                    assert_eq!(report.value - lead, net, "{position} {played:?}");
                }
            }
        }
        assert!(
            moves_proven >= 10 && reports_proven >= 5 && guessed >= 100,
            "{moves_proven} moves and {reports_proven} reports proven, {guessed} guessed"
        );
    }

    #[test]
    fn the_search_proves_positions_that_end_soon() {
        // Awalé, four seeds on the board: where every line ends (a capture,
        // a repetition, the end of the game) within the search's reach, the
        // search proves the value; it must be the plain minimax's.
        let mut proven = 0;
        let mut oracle = Oracle::default();
        for noise in 1..40u64 {
            let position = position(Ruleset::Awale, 4, 20, noise * 7919);
            if let Some(net) = proven_net(&position, 50_000) {
                proven += 1;
                assert_eq!(net, oracle.net(&position));
            }
        }
        assert!(proven >= 5, "{proven} of 39 proven");
    }

    /// The net value the search proves of `position` within `nodes`
    /// positions (its stores' lead taken off), if it proves one.
    fn proven_net(position: &Position, nodes: u64) -> Option<i32> {
        let report = Analyser::new(&AnalysisOptions::default())
            .analyse(
                position,
                &Limits {
                    nodes: Some(nodes),
                    ..Limits::default()
                },
            )
            .expect("few seeds");
        let lead = super::super::board::store_lead(position);
        report.exact.then_some(report.value - lead)
    }

    #[test]
    fn a_line_that_comes_back_is_ended_by_the_convention() {
        // Awalé, two seeds: they can go round the board for ever, and only
        // the convention for a position that comes back (a repetition
        // found in the line above, docs/analysis.md "Endless games") ends
        // those lines. The search proves every such position, with the
        // plain minimax's value.
        let mut oracle = Oracle::default();
        let mut checked = 0;
        for noise in 1..30u64 {
            let position = position(Ruleset::Awale, 2, 20, noise * 7919);
            if position.turn().is_err() {
                continue;
            }
            let net = proven_net(&position, 200_000);
            assert_eq!(net, Some(oracle.net(&position)), "{position:?}");
            checked += 1;
        }
        assert!(checked >= 10, "{checked} of 29 checked");
    }

    #[test]
    fn the_search_makes_no_heap_allocation() {
        use super::super::tt::TranspositionTable;
        use super::{INFINITY, Line, Searcher, Stops};
        use std::sync::atomic::AtomicBool;
        let tt = TranspositionTable::new(1 << 16);
        let flag = AtomicBool::new(false);
        let stops = Stops {
            flag: &flag,
            deadline: None,
            nodes: u64::MAX,
        };
        let tables = testing::awale_tables();
        for (position, tables) in [
            (Position::start(Ruleset::Songo), None),
            (Position::start(Ruleset::SongoEkang), None),
            (Position::start(Ruleset::OwareAbapa), None),
            // Few seeds: repetitions, and values read from the tables.
            (position(Ruleset::Awale, 8, 20, 99), Some(&**tables)),
        ] {
            let mut searcher = Searcher::new(&tt, tables, stops);
            let counted = allocation_counter::measure(|| {
                searcher.search(&Line::root(&position), 7, -INFINITY, INFINITY);
            });
            assert!(searcher.nodes > 100, "{position:?}");
            assert_eq!(counted.count_total, 0, "{position:?}");
        }
    }

    #[test]
    fn the_stop_flag_and_the_node_limit_stop_the_search_within_a_thousand_positions() {
        use super::super::tt::TranspositionTable;
        use super::{Searcher, Stops};
        use std::sync::atomic::AtomicBool;
        let tt = TranspositionTable::new(1 << 16);
        let start = Position::start(Ruleset::Songo);
        let flag = AtomicBool::new(true);
        let stops = Stops {
            flag: &flag,
            deadline: None,
            nodes: u64::MAX,
        };
        let mut searcher = Searcher::new(&tt, None, stops);
        // The first iteration always completes; the next stops at once.
        assert!(searcher.root(&start, 1, &[], false).is_some());
        assert!(searcher.root(&start, 30, &[], true).is_none());
        assert!(searcher.nodes < 1100, "{}", searcher.nodes);
        let report = Analyser::new(&AnalysisOptions::default())
            .analyse(
                &start,
                &Limits {
                    nodes: Some(5_000),
                    ..Limits::default()
                },
            )
            .expect("few seeds");
        assert!(report.nodes < 5_000 + 1024, "{}", report.nodes);
        assert!(!report.exact && report.depth >= 1 && report.best.is_some());
    }
}

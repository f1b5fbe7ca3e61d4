//! The analysis of one position: iterative deepening over the search, the
//! limits, the threads, and the report.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::any::AnyPosition;
use crate::sowing::position::HouseName;
use crate::{GameOver, House, LetterCase, Position, Ruleset};

use super::board::{camp_index, house_at, store_lead};
use super::eval::GRAIN;
use super::search::{RootMove, Searcher, Stops};
use super::tables::Tables;
use super::tt::TranspositionTable;
use super::value::{CONVENTION, final_lead};

/// The deepest iteration: no game line the search can follow is longer.
pub const MAX_DEPTH: u32 = 160;

/// The most seeds (board and stores) of a position the analysis takes:
/// values are kept in 16 bits, in quarter seeds. Real games hold 70 or 48.
pub const MAX_SEEDS: u32 = 4000;

/// A position the analysis does not take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnalysisError {
    /// More seeds than [`MAX_SEEDS`].
    TooManySeeds {
        /// The seeds of the position.
        seeds: u32,
    },
    /// A game the analysis does not play yet (Seega).
    NoAnalysis {
        /// The ruleset of the position.
        rules: Ruleset,
    },
}

/// Whether the analysis plays the games of `rules`: the one place that
/// knows it plays the sowing games and not Seega yet.
///
/// ```
/// use songo_notation::Ruleset;
/// use songo_notation::analysis::{AnalysisError, check_rules};
/// assert_eq!(check_rules(Ruleset::Awale), Ok(()));
/// assert_eq!(
///     check_rules(Ruleset::Seega),
///     Err(AnalysisError::NoAnalysis { rules: Ruleset::Seega })
/// );
/// ```
///
/// # Errors
/// [`AnalysisError::NoAnalysis`] for Seega.
pub const fn check_rules(rules: Ruleset) -> Result<(), AnalysisError> {
    if rules.is_sowing() {
        Ok(())
    } else {
        Err(AnalysisError::NoAnalysis { rules })
    }
}

/// A position the analyser is given: a sowing [`Position`], or an
/// [`AnyPosition`] of any game (Seega's answered by
/// [`AnalysisError::NoAnalysis`]).
pub trait Analysable {
    /// The position the search plays.
    ///
    /// # Errors
    /// [`AnalysisError::NoAnalysis`]: the game has no analysis yet.
    fn searched(&self) -> Result<&Position, AnalysisError>;
}

impl Analysable for Position {
    fn searched(&self) -> Result<&Position, AnalysisError> {
        Ok(self)
    }
}

impl Analysable for AnyPosition {
    fn searched(&self) -> Result<&Position, AnalysisError> {
        check_rules(self.rules())?;
        self.as_sowing().ok_or(AnalysisError::NoAnalysis {
            rules: self.rules(),
        })
    }
}

impl std::fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnalysisError::TooManySeeds { seeds } => write!(
                f,
                "the position holds {seeds} seeds: the analysis takes at most {MAX_SEEDS} (a game holds 70 or 48)"
            ),
            AnalysisError::NoAnalysis { .. } => f.write_str(&crate::i18n::Localize::localize(
                &crate::i18n::Message::from(*self),
                crate::i18n::Lang::En,
            )),
        }
    }
}

impl std::error::Error for AnalysisError {}

/// When to stop searching. With no limit at all the search goes on until
/// the value is proven or [`MAX_DEPTH`] is reached.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// How long to search; the last complete iteration is reported.
    pub time: Option<Duration>,
    /// How many positions to visit.
    pub nodes: Option<u64>,
}

/// How an [`Analyser`] is set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnalysisOptions {
    /// Memory of the transposition table, in bytes.
    pub hash_bytes: usize,
    /// Search threads (1: deterministic results).
    pub threads: usize,
}

impl Default for AnalysisOptions {
    fn default() -> AnalysisOptions {
        AnalysisOptions {
            hash_bytes: 16 << 20,
            threads: 1,
        }
    }
}

/// The value of one legal move (written by its house's name, in the
/// report's letters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveValue {
    /// The house played.
    pub house: House,
    /// The final score difference the mover can force after it, from his
    /// point of view (stores as they stand included).
    pub value: i32,
    /// Whether the value is proven.
    pub exact: bool,
}

/// What the analysis found (the `AnalysisReport` of the interfaces). The
/// moves are houses, written by their names in [`AnalysisReport::letters`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysisReport {
    /// The position analysed.
    pub position: Position,
    /// The best move, `null` when the game is over.
    pub best: Option<House>,
    /// The final score difference the side to move can force: his final
    /// score minus the opponent's, the stores as they stand included.
    pub value: i32,
    /// Whether the value is proven (searched to the end, or read from an
    /// endgame table); otherwise a heuristic estimate at `depth`.
    pub exact: bool,
    /// The deepest complete iteration, in plies.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The principal variation, from the best move on.
    pub pv: Vec<House>,
    /// Every legal move with its value, the best first.
    pub moves: Vec<MoveValue>,
    /// Positions visited per second.
    pub nodes_per_second: u64,
    /// Milliseconds spent.
    pub time_ms: u64,
    /// Positions whose value was read from an endgame table.
    pub table_hits: u64,
    /// The convention for endless games (see `docs/analysis.md`).
    pub convention: &'static str,
    /// How the game ended, when it is over.
    pub game_over: Option<GameOver>,
    /// How Awalé houses are named when the report is written (not itself
    /// written).
    pub letters: LetterCase,
}

impl AnalysisReport {
    /// The same report with Awalé houses named in `letters`.
    #[must_use]
    pub fn in_case(mut self, letters: LetterCase) -> AnalysisReport {
        self.letters = letters;
        self
    }

    /// The name of `house` in the report's ruleset and letters.
    #[must_use]
    pub const fn name(&self, house: House) -> HouseName {
        house.name_with_case(self.position.rules(), self.letters)
    }

    /// The value of `house`, if it is a legal move.
    #[must_use]
    pub fn value_of(&self, house: House) -> Option<&MoveValue> {
        self.moves.iter().find(|m| m.house == house)
    }
}

/// A move written by its name, as the interfaces give it.
#[derive(Serialize)]
struct NamedMove {
    #[serde(rename = "move")]
    house: String,
    value: i32,
    exact: bool,
}

/// The report as written: its moves by name.
#[derive(Serialize)]
struct NamedReport<'a> {
    position: &'a Position,
    best: Option<String>,
    value: i32,
    exact: bool,
    depth: u32,
    nodes: u64,
    pv: Vec<String>,
    moves: Vec<NamedMove>,
    nodes_per_second: u64,
    time_ms: u64,
    table_hits: u64,
    convention: &'static str,
    game_over: &'a Option<GameOver>,
}

impl Serialize for AnalysisReport {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let name = |house: House| self.name(house).to_string();
        NamedReport {
            position: &self.position,
            best: self.best.map(name),
            value: self.value,
            exact: self.exact,
            depth: self.depth,
            nodes: self.nodes,
            pv: self.pv.iter().copied().map(name).collect(),
            moves: self
                .moves
                .iter()
                .map(|m| NamedMove {
                    house: name(m.house),
                    value: m.value,
                    exact: m.exact,
                })
                .collect(),
            nodes_per_second: self.nodes_per_second,
            time_ms: self.time_ms,
            table_hits: self.table_hits,
            convention: self.convention,
            game_over: &self.game_over,
        }
        .serialize(serializer)
    }
}

/// Analyses positions: a transposition table kept from one position to the
/// next (an annotator going through a game ply by ply reuses it), endgame
/// tables if given, and a flag to stop a search under way.
#[derive(Debug)]
pub struct Analyser {
    tt: TranspositionTable,
    tables: Option<Arc<Tables>>,
    stop: Arc<AtomicBool>,
    /// Set for good by [`Canceller::cancel`]: every search stops.
    cancelled: Arc<AtomicBool>,
    threads: usize,
}

/// Cancels an [`Analyser`] for good, from any thread: the search under
/// way stops, and every later one stops after its first iteration (a
/// server's work for a client that left, or past its deadline).
#[derive(Debug, Clone)]
pub struct Canceller {
    stop: Arc<AtomicBool>,
    cancelled: Arc<AtomicBool>,
}

impl Canceller {
    /// Stops the analyser's searches, this one and the next ones.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Analyser {
    /// An analyser with these options and no endgame table.
    #[must_use]
    pub fn new(options: &AnalysisOptions) -> Analyser {
        Analyser {
            tt: TranspositionTable::new(options.hash_bytes.max(1 << 12)),
            tables: None,
            stop: Arc::new(AtomicBool::new(false)),
            cancelled: Arc::new(AtomicBool::new(false)),
            threads: options.threads.clamp(1, 64),
        }
    }

    /// The same analyser, reading values from `tables` where they cover a
    /// position.
    #[must_use]
    pub fn with_tables(mut self, tables: Arc<Tables>) -> Analyser {
        self.tables = Some(tables);
        self
    }

    /// A flag that stops the search under way when set (from any thread);
    /// the next search clears it.
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// A handle that cancels this analyser for good ([`Canceller`]).
    #[must_use]
    pub fn canceller(&self) -> Canceller {
        Canceller {
            stop: Arc::clone(&self.stop),
            cancelled: Arc::clone(&self.cancelled),
        }
    }

    /// Whether a [`Canceller`] cancelled this analyser.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// From now on, ignores what earlier searches learnt (their results are
    /// left in memory but no longer found): the next searches give what a
    /// fresh analyser of the same size would give, without the cost of
    /// [`Analyser::clear`].
    pub fn forget_earlier_searches(&self) {
        self.tt.new_epoch();
    }

    /// Forgets what earlier searches learnt.
    pub fn clear(&self) {
        self.tt.clear();
    }

    /// The transposition table's size in bytes.
    #[must_use]
    pub fn hash_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Analyses `position` (a [`Position`] or an [`AnyPosition`]) within
    /// `limits`.
    ///
    /// # Errors
    /// The position holds more than [`MAX_SEEDS`] seeds, or is of a game
    /// the analysis does not play ([`AnalysisError::NoAnalysis`]).
    pub fn analyse(
        &self,
        position: &(impl Analysable + ?Sized),
        limits: &Limits,
    ) -> Result<AnalysisReport, AnalysisError> {
        self.search(position.searched()?, limits, RootSearch::Every)
    }

    /// Analyses `position` within `limits` only as far as needed to tell
    /// whether `candidate` is better than every other legal move by at
    /// least `margin` seeds (a question asked of a known best move, as the
    /// exercise finder does; much cheaper than every move's exact value).
    /// In the report, the candidate's value, and the best of the other
    /// moves' when it is `margin` or more below, are what
    /// [`Analyser::analyse`] would give; another move's value is an upper
    /// bound (at most the best other's), and a move less than `margin`
    /// below the candidate is given a lower bound, so the candidate leads
    /// by the margin if and only if it is first and the second is `margin`
    /// below. `exact` says the values or bounds are proven.
    ///
    /// # Errors
    /// As [`Analyser::analyse`].
    pub fn analyse_lead(
        &self,
        position: &Position,
        limits: &Limits,
        candidate: House,
        margin: i32,
    ) -> Result<AnalysisReport, AnalysisError> {
        let candidate = camp_index(position.rules(), candidate) as u8;
        self.search(position, limits, RootSearch::Lead { candidate, margin })
    }

    /// Analyses `position` within `limits` only as far as a judge of the
    /// move `played` needs (an annotator's question, much cheaper than
    /// every move's exact value). Its search is more selective: at the
    /// nodes searched with a null window, a late move that takes no seed
    /// is searched a ply shallower first, and again at full depth only
    /// when it beats the bound (late move reductions: a deeper reach for
    /// the same positions; the guesses they move, never a proven value).
    /// In the report, `played`'s value, and the best other move's when it
    /// is less than `margin` seeds below it, are what the analysis of every
    /// move with the same reductions would give; every other move's value
    /// is an upper bound, at most the best other's or `margin` seeds below
    /// `played`'s. So the best move, the loss of `played`, and whether
    /// every other move is `margin` or more below it are as exact as that
    /// analysis would make them, and a proven value is
    /// [`Analyser::analyse`]'s. `exact` says the values or bounds are
    /// proven.
    ///
    /// # Errors
    /// As [`Analyser::analyse`].
    pub fn analyse_played(
        &self,
        position: &(impl Analysable + ?Sized),
        limits: &Limits,
        played: House,
        margin: i32,
    ) -> Result<AnalysisReport, AnalysisError> {
        let position = position.searched()?;
        let played = camp_index(position.rules(), played) as u8;
        self.search(position, limits, RootSearch::Played { played, margin })
    }

    fn search(
        &self,
        position: &Position,
        limits: &Limits,
        how: RootSearch,
    ) -> Result<AnalysisReport, AnalysisError> {
        let start = Instant::now();
        self.stop.store(self.is_cancelled(), Ordering::Relaxed);
        let seeds = position.seeds();
        if seeds > MAX_SEEDS {
            return Err(AnalysisError::TooManySeeds { seeds });
        }
        if let Err(over) = position.turn() {
            return Ok(finished(position, over));
        }
        self.tt.new_search();
        let tables = self
            .tables
            .as_deref()
            .filter(|t| t.rules() == position.rules());
        let stops = Stops {
            flag: &self.stop,
            deadline: limits.time.map(|time| start + time),
            nodes: limits.nodes.unwrap_or(u64::MAX),
        };
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let to_depth = limits.depth.is_some() && limits.time.is_none() && limits.nodes.is_none();
        let (mut main, helpers) = thread::scope(|scope| {
            // Lazy SMP: helpers search the same position and share what
            // they find through the transposition table; the main thread's
            // result is reported. A helper takes the root's moves from the
            // other end, so that the threads split them: a move one thread
            // has searched the other finds in the table.
            let helpers: Vec<_> = (1..self.threads)
                .map(|helper| {
                    scope.spawn(move || {
                        let mut searcher = Searcher::new(&self.tt, tables, stops);
                        searcher.shared = true;
                        searcher.reduce_late = matches!(how, RootSearch::Played { .. });
                        deepen(&mut searcher, position, (max_depth, helper, to_depth), how);
                        (searcher.nodes, searcher.table_hits)
                    })
                })
                .collect();
            let mut searcher = Searcher::new(&self.tt, tables, stops);
            searcher.shared = self.threads > 1;
            searcher.reduce_late = matches!(how, RootSearch::Played { .. });
            let main = deepen(&mut searcher, position, (max_depth, 0, to_depth), how);
            // The main thread is done: so are the helpers.
            self.stop.store(true, Ordering::Relaxed);
            let helpers: Vec<(u64, u64)> = helpers
                .into_iter()
                .map(|helper| helper.join().unwrap_or((0, 0)))
                .collect();
            ((main, searcher.nodes, searcher.table_hits), helpers)
        });
        self.stop.store(self.is_cancelled(), Ordering::Relaxed);
        for (nodes, hits) in helpers {
            main.1 += nodes;
            main.2 += hits;
        }
        let ((depth, moves), nodes, table_hits) = main;
        let elapsed = start.elapsed();
        let mut report = report(position, depth, &moves, nodes, table_hits, elapsed);
        if let Some(tables) = tables {
            extend_line(position, tables, &mut report.pv);
        }
        Ok(report)
    }
}

/// Analyses `position` within `limits`, with a fresh 16 MiB table and one thread.
///
/// # Errors
/// As [`Analyser::analyse`].
pub fn analyse(
    position: &(impl Analysable + ?Sized),
    limits: &Limits,
) -> Result<AnalysisReport, AnalysisError> {
    Analyser::new(&AnalysisOptions::default()).analyse(position, limits)
}

/// How the root's moves are searched.
#[derive(Debug, Clone, Copy)]
enum RootSearch {
    /// Every move's exact value.
    Every,
    /// Enough to tell whether the move of camp index `candidate` leads
    /// every other by `margin` seeds ([`Analyser::analyse_lead`]).
    Lead { candidate: u8, margin: i32 },
    /// Enough to judge the move of camp index `played`: its value, and the
    /// best other's when less than `margin` seeds below
    /// ([`Analyser::analyse_played`]), late moves reduced (the only search
    /// that reduces them).
    Played { played: u8, margin: i32 },
}

/// The largest value in grains that is, in whole seeds ([`seeds`]), at
/// least `margin` below `value`.
fn lead_threshold(value: i32, margin: i32) -> i32 {
    let most = seeds(value) - margin;
    (2 * GRAIN * (most + 1) - GRAIN - 1).div_euclid(2)
}

/// Whether iterative deepening to `max_depth` skips `depth`: when that
/// depth is the search's only limit (`to_depth`), past the second
/// iteration only the depths of `max_depth`'s parity are searched, each
/// ordered by what the iteration two plies shallower left in the table
/// (some 22 % fewer positions to reach the timing set's depths, every
/// root value the same: docs/analysis.md, "Speed"). With a node or time
/// limit every depth is searched, so that the last complete iteration
/// is as deep as the limit allows.
fn skipped(depth: u32, max_depth: u32, to_depth: bool) -> bool {
    to_depth && depth > 2 && (max_depth - depth) % 2 == 1
}

/// Iterative deepening: the last complete iteration's depth and root
/// moves, best first. `helper` 0 is the main thread; helper `k` starts a
/// ply deeper when `k` is even, and searches the root's moves in the
/// reverse order, turned by `(k - 1) / 2`. With `to_depth` (the depth is
/// the only limit), the main thread and the helpers that start with it
/// search only the depths [`skipped`] leaves; the helpers a ply deeper
/// search every depth.
fn deepen(
    searcher: &mut Searcher<'_>,
    position: &Position,
    (max_depth, helper, to_depth): (u32, usize, bool),
    how: RootSearch,
) -> (u32, Vec<RootMove>) {
    let mut order: Vec<u8> = Vec::new();
    let mut last = (0, Vec::new());
    let offset = u32::from(helper > 0 && helper.is_multiple_of(2));
    for depth in (1 + offset).min(max_depth)..=max_depth {
        if offset == 0 && skipped(depth, max_depth, to_depth) {
            continue;
        }
        // The first iteration always completes: there is always an answer.
        let check = depth > 1;
        let started = searcher.nodes;
        let searched = match how {
            RootSearch::Every if helper > 0 => {
                let mut reversed: Vec<u8> = order.iter().rev().copied().collect();
                if !reversed.is_empty() {
                    let turn = (helper - 1) / 2 % reversed.len();
                    reversed.rotate_left(turn);
                }
                searcher.root(position, depth as i32, &reversed, check)
            }
            RootSearch::Every => searcher.root(position, depth as i32, &order, check),
            RootSearch::Lead { candidate, margin } => searcher.root_with_lead(
                position,
                depth as i32,
                (&order, check),
                candidate,
                |value| lead_threshold(value, margin),
            ),
            RootSearch::Played { played, margin } => {
                searcher.root_judging(position, depth as i32, (&order, check), played, |value| {
                    lead_threshold(value, margin)
                })
            }
        };
        let Some(mut moves) = searched else {
            break;
        };
        moves.sort_by_key(|m| std::cmp::Reverse(m.scored.value));
        let rules = position.rules();
        order = moves
            .iter()
            .map(|m| camp_index(rules, m.house) as u8)
            .collect();
        let proven = moves.iter().all(|m| !m.scored.guessed);
        last = (depth, moves);
        if proven || searcher.aborted() {
            break;
        }
        let spent = searcher.nodes - started;
        if matches!(how, RootSearch::Played { .. })
            && spent.saturating_mul(NEXT_ITERATION) > searcher.nodes_left()
        {
            // The next iteration would most likely be cut off by the node
            // limit, and an iteration cut off is thrown away.
            break;
        }
    }
    last
}

/// How many times the positions of an iteration the next one is expected
/// to take (some 1.8 to 2.5 times in Songo and Awalé).
const NEXT_ITERATION: u64 = 2;

/// The most moves a line is carried on from the endgame tables.
const TABLE_LINE: usize = 60;

/// Carries the line on from where the search left it, while the tables
/// know every move's value: the best move each time (the first best, in
/// notation order), until the game ends, a position comes back (the
/// convention ends the game there) or the line is long enough.
fn extend_line(root: &Position, tables: &Tables, line: &mut Vec<House>) {
    let mut here = *root;
    for &house in line.iter() {
        if here.play(house).is_err() {
            return;
        }
    }
    let mut seen = vec![here];
    while line.len() < TABLE_LINE {
        let Ok(moves) = here.turn() else { return };
        let mut best: Option<(i32, Position, House)> = None;
        for house in moves.iter() {
            let mut child = here;
            if child.play(house).is_err() {
                return;
            }
            let below = match child.turn() {
                Err(over) => super::value::terminal_net(&child, &over),
                Ok(_) => match tables.probe(&child) {
                    Some(net) => net,
                    None => return,
                },
            };
            let value = super::value::gain(&here, &child) - below;
            if best.is_none_or(|(top, _, _)| value > top) {
                best = Some((value, child, house));
            }
        }
        let Some((_, child, house)) = best else {
            return;
        };
        line.push(house);
        if seen.contains(&child) {
            return;
        }
        seen.push(child);
        here = child;
    }
}

/// Grains to whole seeds, to the nearest.
fn seeds(grains: i32) -> i32 {
    (2 * grains + GRAIN).div_euclid(2 * GRAIN)
}

fn finished(position: &Position, over: GameOver) -> AnalysisReport {
    AnalysisReport {
        position: *position,
        best: None,
        value: final_lead(position, &over),
        exact: true,
        depth: 0,
        nodes: 0,
        pv: Vec::new(),
        moves: Vec::new(),
        nodes_per_second: 0,
        time_ms: 0,
        table_hits: 0,
        convention: CONVENTION,
        game_over: Some(over),
        letters: LetterCase::default(),
    }
}

fn report(
    position: &Position,
    depth: u32,
    moves: &[RootMove],
    nodes: u64,
    table_hits: u64,
    elapsed: Duration,
) -> AnalysisReport {
    let rules = position.rules();
    let lead = store_lead(position);
    let best = moves.first();
    let mut pv = Vec::new();
    if let Some(best) = best {
        let mut here = *position;
        let mut house = best.house;
        let mut line = best.line.iter();
        while here.play(house).is_ok() {
            pv.push(house);
            let Some(&camp) = line.next() else { break };
            house = house_at(rules, here.to_move(), usize::from(camp));
        }
    }
    let exact = !moves.is_empty() && moves.iter().all(|m| !m.scored.guessed);
    let seconds = elapsed.as_secs_f64();
    AnalysisReport {
        position: *position,
        best: best.map(|m| m.house),
        value: best.map_or(0, |m| seeds(m.scored.value)) + lead,
        exact,
        depth,
        nodes,
        pv,
        moves: moves
            .iter()
            .map(|m| MoveValue {
                house: m.house,
                value: seeds(m.scored.value) + lead,
                exact: m.scored.proven_at(1),
            })
            .collect(),
        nodes_per_second: if seconds > 0.0 {
            (nodes as f64 / seconds) as u64
        } else {
            0
        },
        time_ms: elapsed.as_millis() as u64,
        table_hits,
        convention: CONVENTION,
        game_over: None,
        letters: LetterCase::default(),
    }
}

/// Said to a person in the catalogue's words.
impl From<AnalysisError> for crate::i18n::Message {
    fn from(error: AnalysisError) -> crate::i18n::Message {
        match error {
            AnalysisError::TooManySeeds { seeds } => crate::msg!(
                "analysis-error-too-many-seeds",
                seeds = seeds,
                most = MAX_SEEDS
            ),
            AnalysisError::NoAnalysis { rules } => {
                crate::msg!("analysis-error-no-analysis", rules = rules.id())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lead_threshold_is_the_last_value_margin_seeds_below() {
        for value in -200..200 {
            for margin in [0, 1, 4, 7] {
                let threshold = lead_threshold(value, margin);
                assert!(
                    seeds(value) - seeds(threshold) >= margin,
                    "{value} {margin}"
                );
                assert!(
                    seeds(value) - seeds(threshold + 1) < margin,
                    "{value} {margin}"
                );
            }
        }
    }

    /// The positions and root values of `how` searched to `depth` by a
    /// searcher of one thread and a fresh table, its late moves reduced
    /// or not, the depths [`skipped`] skipped as with a depth alone as
    /// the limit.
    fn searched_by_hand(
        position: &Position,
        how: RootSearch,
        depth: u32,
        reduce_late: bool,
    ) -> (u64, Vec<(House, i32)>) {
        searched_every_depth_or_not(position, how, (depth, true), reduce_late)
    }

    /// [`searched_by_hand`], with every depth searched when `to_depth` is
    /// false.
    fn searched_every_depth_or_not(
        position: &Position,
        how: RootSearch,
        (depth, to_depth): (u32, bool),
        reduce_late: bool,
    ) -> (u64, Vec<(House, i32)>) {
        let tt = TranspositionTable::new(1 << 20);
        tt.new_search();
        let flag = AtomicBool::new(false);
        let stops = Stops {
            flag: &flag,
            deadline: None,
            nodes: u64::MAX,
        };
        let mut searcher = Searcher::new(&tt, None, stops);
        searcher.reduce_late = reduce_late;
        let (_, moves) = deepen(&mut searcher, position, (depth, 0, to_depth), how);
        let values = moves.iter().map(|m| (m.house, m.scored.value)).collect();
        (searcher.nodes, values)
    }

    /// Issue 40, item 1: with a depth as the only limit, iterative
    /// deepening skips the depths of the other parity (past the second):
    /// the same root values as searching every depth, in fewer positions;
    /// with a node limit too, every depth is searched.
    #[test]
    fn a_depth_alone_skips_every_other_iteration_for_the_same_values() {
        let options = AnalysisOptions {
            hash_bytes: 1 << 20,
            threads: 1,
        };
        for (position, depth) in [
            (Position::start(crate::Ruleset::Songo), 9),
            (Position::start(crate::Ruleset::Awale), 10),
        ] {
            let by_house = |mut values: Vec<(House, i32)>| {
                values.sort_by_key(|&(house, _)| (house.side, house.index));
                values
            };
            let search = |to_depth| {
                let (nodes, values) = searched_every_depth_or_not(
                    &position,
                    RootSearch::Every,
                    (depth, to_depth),
                    false,
                );
                (nodes, by_house(values))
            };
            let ((skipping, values), (every, all_values)) = (search(true), search(false));
            assert_eq!(values, all_values, "{position}");
            assert!(skipping < every, "{position}: {skipping} against {every}");
            let analysed = |nodes| {
                let limits = Limits {
                    depth: Some(depth),
                    nodes,
                    ..Limits::default()
                };
                let report = Analyser::new(&options).analyse(&position, &limits).unwrap();
                assert_eq!(report.depth, depth, "{position}");
                report.nodes
            };
            assert_eq!(analysed(None), skipping, "{position}");
            assert_eq!(analysed(Some(u64::MAX)), every, "{position}");
        }
    }

    /// Issue 40, item 3: late moves are reduced in the judge's search only.
    /// The analysis of every move's exact value (`songo analyse`, the
    /// levels, the exercises) searches the very tree of the search without
    /// reductions, the same positions and values; the judge's search is
    /// the one with reductions, and they do change its tree.
    #[test]
    fn late_moves_are_reduced_by_the_judge_only() {
        let songo = |south: [u32; 7], north: [u32; 7]| {
            Position::new(
                crate::Ruleset::Songo,
                &south,
                &north,
                crate::Score::default(),
                crate::Side::South,
            )
            .unwrap()
        };
        let depth = 9;
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        for position in [
            Position::start(crate::Ruleset::Songo),
            songo([1, 7, 0, 0, 1, 17, 7], [0, 1, 0, 2, 8, 5, 10]),
            Position::start(crate::Ruleset::Awale),
        ] {
            let options = AnalysisOptions {
                hash_bytes: 1 << 20,
                threads: 1,
            };
            let every = Analyser::new(&options).analyse(&position, &limits).unwrap();
            let (plain, values) = searched_by_hand(&position, RootSearch::Every, depth, false);
            let (reduced, _) = searched_by_hand(&position, RootSearch::Every, depth, true);
            assert_eq!(every.nodes, plain, "{position}");
            assert_ne!(plain, reduced, "{position}");
            let by_value = |house: House| {
                values
                    .iter()
                    .find(|(h, _)| *h == house)
                    .map(|&(_, v)| seeds(v) + store_lead(&position))
            };
            for m in &every.moves {
                assert_eq!(Some(m.value), by_value(m.house), "{position}");
            }
            let played = every.moves.last().unwrap().house;
            let how = RootSearch::Played {
                played: camp_index(position.rules(), played) as u8,
                margin: 3,
            };
            let judged = Analyser::new(&options)
                .analyse_played(&position, &limits, played, 3)
                .unwrap();
            let (with, _) = searched_by_hand(&position, how, depth, true);
            let (without, _) = searched_by_hand(&position, how, depth, false);
            assert_eq!(judged.nodes, with, "{position}");
            assert_ne!(judged.nodes, without, "{position}");
        }
    }

    /// A cancelled analyser stops every search as soon as it checks its
    /// limits (within some thousand positions), the searches started after
    /// the cancel included (a server's request whose client left, its
    /// annotation going ply after ply). Uncancelled, this one would run to
    /// depth 30 or a minute.
    #[test]
    fn a_cancelled_analyser_stops_every_later_search_at_once() {
        let analyser = Analyser::new(&AnalysisOptions {
            hash_bytes: 1 << 16,
            threads: 1,
        });
        let limits = Limits {
            depth: Some(MAX_DEPTH),
            time: Some(Duration::from_secs(60)),
            nodes: None,
        };
        analyser.canceller().cancel();
        assert!(analyser.is_cancelled());
        let position = Position::start(crate::Ruleset::Songo);
        for _ in 0..2 {
            let report = analyser.analyse(&position, &limits).unwrap();
            assert!(
                report.depth < 10 && report.nodes < 100_000,
                "searched to depth {} ({} positions)",
                report.depth,
                report.nodes
            );
        }
    }
}

//! Players of every strength: the move a player of level 1 to 8 chooses.
//!
//! Level 8 is the full engine (the analysis of [`FULL_ENGINE_NODES`]
//! positions).
//! Levels 6 and 7 are the same engine with fewer positions. Levels 1 to 5
//! read the game as people do: a few plies ahead (no capture played out
//! past the last ply they read: the horizon), and with the mistakes people
//! make, each of a kind a teacher names:
//!
//! - **a capture chain counted short**: of the houses a capture takes, a
//!   weaker player counts only the first ones (the house the last seed
//!   lands in, then backwards): he undervalues his own chains and the
//!   opponent's;
//! - **a large house overlooked** (a *grenier*): a house too full to count
//!   at a glance is now and then left out of his reading, his own (the
//!   grenier missed) or the opponent's (the threat not seen);
//! - **the immediate capture preferred**: what a move takes at once
//!   weighs more than what his reading says it costs later.
//!
//! Nothing is noise: every move a level plays is one its reading finds
//! best or within a small margin of the best (a seed, for the weakest),
//! and which of those, and which large houses it overlooks in a position,
//! follows from `seed` and the position alone: the same seed gives the
//! same move every run.
//!
//! ```
//! use songo_notation::analysis::player::{Level, Player};
//! use songo_notation::{Position, Ruleset, Score, Side};
//!
//! // The grenier of the escale text's third capture example: S5 laps the
//! // board and takes eleven seeds. Level 8 takes them.
//! let position = Position::new(
//!     Ruleset::Songo,
//!     &[1, 7, 0, 0, 1, 17, 7],
//!     &[0, 1, 0, 2, 8, 5, 10],
//!     Score::default(),
//!     Side::South,
//! )
//! .unwrap();
//! let level = Level::new(8).unwrap();
//! let choice = Player::new(level).choose(&position, 0).unwrap();
//! assert_eq!(choice.name().as_deref(), Some("S5"));
//! ```

use serde::Serialize;

use crate::{GameOver, House, LetterCase, Position};

use super::eval::{GRAIN, heuristic};
use super::search::{INFINITY, key};
use super::value::{gain, terminal_net};
use super::{Analysable, Analyser, AnalysisError, AnalysisOptions, Canceller, Limits};

/// The positions level 8's analysis visits for a move: the annotator's
/// default budget until its judge reduced late moves (a move chosen needs
/// every root move's exact value, which the analysis keeps unreduced).
pub const FULL_ENGINE_NODES: u64 = 400_000;

/// A player's strength, 1 (a beginner can beat it) to 8 (the full engine).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const WEAKEST: Level = Level(1);
    /// The strongest level: the full engine.
    pub const STRONGEST: Level = Level(8);

    /// The level `number`, if it is one of 1 to 8.
    #[must_use]
    pub const fn new(number: u8) -> Option<Level> {
        if number >= Level::WEAKEST.0 && number <= Level::STRONGEST.0 {
            Some(Level(number))
        } else {
            None
        }
    }

    /// Its number, 1 to 8.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (Level::WEAKEST.0..=Level::STRONGEST.0).map(Level)
    }

    /// How the level plays.
    const fn style(self) -> Style {
        match self.0 {
            1 => Style::Reader(Reading {
                depth: 1,
                nodes: 2_000,
                chain: 1,
                counts_up_to: 6,
                overlooks: 500,
                greed: GRAIN,
                slack: GRAIN / 2,
                camp_weight: 2,
                captures_played_out: false,
            }),
            2 => Style::Reader(Reading {
                depth: 2,
                nodes: 5_000,
                chain: 1,
                counts_up_to: 8,
                overlooks: 500,
                greed: GRAIN,
                slack: GRAIN / 2,
                camp_weight: 1,
                captures_played_out: false,
            }),
            3 => Style::Reader(Reading {
                depth: 2,
                nodes: 10_000,
                chain: 2,
                counts_up_to: 10,
                overlooks: 400,
                greed: GRAIN / 2,
                slack: 0,
                camp_weight: 2,
                captures_played_out: false,
            }),
            4 => Style::Reader(Reading {
                depth: 3,
                nodes: 20_000,
                chain: 7,
                counts_up_to: 12,
                overlooks: 200,
                greed: GRAIN / 4,
                slack: 0,
                camp_weight: 4,
                captures_played_out: false,
            }),
            5 => Style::Reader(Reading {
                depth: 4,
                nodes: 50_000,
                chain: 7,
                counts_up_to: 13,
                overlooks: 100,
                greed: 0,
                slack: 0,
                camp_weight: 4,
                captures_played_out: true,
            }),
            6 => Style::Engine { nodes: 4_000 },
            7 => Style::Engine { nodes: 40_000 },
            _ => Style::Engine {
                nodes: FULL_ENGINE_NODES,
            },
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// How a level chooses its move.
#[derive(Debug, Clone, Copy)]
enum Style {
    /// The engine, limited to `nodes` positions.
    Engine { nodes: u64 },
    /// A player's reading, with its mistakes.
    Reader(Reading),
}

/// How far and how well a player of levels 1 to 5 reads.
#[derive(Debug, Clone, Copy)]
struct Reading {
    /// Plies read ahead.
    depth: u8,
    /// The most positions looked at; the deepest reading completed counts.
    nodes: u64,
    /// How many houses of a capture chain are counted (from the house the
    /// last seed lands in, backwards); the others are missed.
    chain: u8,
    /// A house with more seeds than this is hard to count at a glance...
    counts_up_to: u32,
    /// ...and is left out of the reading this often, in thousandths.
    overlooks: u64,
    /// Extra weight, in grains a seed, on what the move chosen takes at once.
    greed: i32,
    /// Moves within this many grains of the best read are all candidates.
    slack: i32,
    /// How much the seeds in one's camp count at the end of a reading, in
    /// sixteenths of a seed each (the engine's: 4).
    camp_weight: i32,
    /// At the end of a reading, the captures in reach are played out.
    captures_played_out: bool,
}

/// The move a player chose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The position it was chosen in.
    pub position: Position,
    /// The level that chose it.
    pub level: Level,
    /// The seed of its choices.
    pub seed: u64,
    /// The move, `None` when the game is over.
    pub house: Option<House>,
    /// Positions looked at.
    pub nodes: u64,
    /// How the game ended, when it is over.
    pub game_over: Option<GameOver>,
    /// How Awalé houses are named when the choice is written.
    pub letters: LetterCase,
}

impl Choice {
    /// The move's name in the position's ruleset and the choice's letters.
    #[must_use]
    pub fn name(&self) -> Option<String> {
        self.house.map(|house| {
            house
                .name_with_case(self.position.rules(), self.letters)
                .to_string()
        })
    }

    /// The same choice with Awalé houses named in `letters`.
    #[must_use]
    pub fn in_case(mut self, letters: LetterCase) -> Choice {
        self.letters = letters;
        self
    }
}

/// The choice as written: its move by name.
#[derive(Serialize)]
struct NamedChoice<'a> {
    position: &'a Position,
    level: Level,
    seed: u64,
    #[serde(rename = "move")]
    house: Option<String>,
    nodes: u64,
    game_over: &'a Option<GameOver>,
}

impl Serialize for Choice {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        NamedChoice {
            position: &self.position,
            level: self.level,
            seed: self.seed,
            house: self.name(),
            nodes: self.nodes,
            game_over: &self.game_over,
        }
        .serialize(serializer)
    }
}

/// A player of one level. It may choose many moves (a game's): each
/// choice is the one a fresh player would make.
#[derive(Debug)]
pub struct Player {
    level: Level,
    analyser: Analyser,
}

impl Player {
    /// A player of `level`.
    #[must_use]
    pub fn new(level: Level) -> Player {
        let hash_bytes = match level.style() {
            Style::Engine { .. } => AnalysisOptions::default().hash_bytes,
            // Levels that read as people do keep no table.
            Style::Reader(_) => 0,
        };
        Player {
            level,
            analyser: Analyser::new(&AnalysisOptions {
                hash_bytes,
                threads: 1,
            }),
        }
    }

    /// Its level.
    #[must_use]
    pub const fn level(&self) -> Level {
        self.level
    }

    /// A handle that stops its choices for good (a server's work for a
    /// client that left): the engine levels then answer after their first
    /// iteration.
    #[must_use]
    pub fn canceller(&self) -> Canceller {
        self.analyser.canceller()
    }

    /// The move the player chooses in `position` (a [`Position`] or an
    /// [`crate::any::AnyPosition`]), its choices following from `seed`.
    ///
    /// # Errors
    /// As [`Analyser::analyse`]: a position of a game the analysis does
    /// not play (Seega), or with too many seeds.
    pub fn choose(
        &self,
        position: &(impl Analysable + ?Sized),
        seed: u64,
    ) -> Result<Choice, AnalysisError> {
        let position = *position.searched()?;
        let seeds = position.seeds();
        if seeds > super::MAX_SEEDS {
            return Err(AnalysisError::TooManySeeds { seeds });
        }
        let mut choice = Choice {
            position,
            level: self.level,
            seed,
            house: None,
            nodes: 0,
            game_over: None,
            letters: LetterCase::default(),
        };
        let moves = match position.turn() {
            Err(over) => {
                choice.game_over = Some(over);
                return Ok(choice);
            }
            Ok(moves) => moves,
        };
        let (house, nodes) = match self.level.style() {
            Style::Engine { nodes } => self.engine_choice(&position, nodes, seed)?,
            Style::Reader(reading) => {
                let mut reader = Reader::new(&reading, seed);
                (reader.choose(&position, &moves), reader.nodes)
            }
        };
        choice.house = house;
        choice.nodes = nodes;
        Ok(choice)
    }

    /// The engine's best move within `nodes` positions; among moves of the
    /// same value, the one `seed` picks.
    fn engine_choice(
        &self,
        position: &Position,
        nodes: u64,
        seed: u64,
    ) -> Result<(Option<House>, u64), AnalysisError> {
        // What earlier choices learnt would make this one depend on them.
        self.analyser.forget_earlier_searches();
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let report = self.analyser.analyse(position, &limits)?;
        let best = report.moves.first().map_or(0, |m| m.value);
        let candidates: Vec<House> = report
            .moves
            .iter()
            .filter(|m| m.value == best)
            .map(|m| m.house)
            .collect();
        let pick = pick(seed, key(position), candidates.len());
        Ok((candidates.get(pick).copied().or(report.best), report.nodes))
    }
}

/// A well-mixed number from `seed` and `values` (splitmix64 steps): the
/// same inputs give the same number on every machine.
fn mix(seed: u64, values: &[u64]) -> u64 {
    let mut state = seed;
    for &value in values {
        state = state
            .wrapping_add(value)
            .wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        state = z ^ (z >> 31);
    }
    state
}

/// One of `count` candidates, as `seed` picks it in the position of hash
/// `position`.
fn pick(seed: u64, position: u64, count: usize) -> usize {
    if count == 0 {
        return 0;
    }
    (mix(seed, &[position, 1]) % count as u64) as usize
}

/// One move as a player reads it.
#[derive(Debug, Clone, Copy)]
struct Read {
    house: House,
    after: Position,
    /// What the player thinks the move takes, in grains (net of what goes
    /// to the opponent).
    seen: i32,
    /// Some seed left the board.
    reduces: bool,
}

/// A player's reading of a position: a plain alpha-beta over the moves as
/// he sees them, within his depth and positions. It allocates nothing.
struct Reader<'a> {
    reading: &'a Reading,
    seed: u64,
    nodes: u64,
    aborted: bool,
}

impl<'a> Reader<'a> {
    fn new(reading: &'a Reading, seed: u64) -> Reader<'a> {
        Reader {
            reading,
            seed,
            nodes: 0,
            aborted: false,
        }
    }

    /// The move chosen among `moves`, the legal moves of `root`.
    fn choose(&mut self, root: &Position, moves: &crate::MoveList) -> Option<House> {
        let mut seen = [None; 7];
        let count = self.moves_seen(root, moves, &mut seen);
        let mut values = [(-INFINITY, None); 7];
        // Reading deeper and deeper: the deepest reading completed counts.
        for depth in 1..=self.reading.depth {
            let mut these = [(-INFINITY, None); 7];
            for (slot, read) in these.iter_mut().zip(seen[..count].iter().flatten()) {
                let below = self.read(&read.after, depth - 1, -INFINITY, INFINITY);
                let greed = self.reading.greed * (read.seen / GRAIN).max(0);
                *slot = (read.seen + greed - below, Some(read.house));
            }
            if self.aborted {
                break;
            }
            values = these;
        }
        let best = values[..count].iter().map(|v| v.0).max()?;
        let mut candidates = [None; 7];
        let mut found = 0;
        for &(value, house) in &values[..count] {
            if value >= best - self.reading.slack {
                candidates[found] = house;
                found += 1;
            }
        }
        candidates[pick(self.seed, key(root), found)]
            .or(values[0].1)
            .or_else(|| moves.iter().next())
    }

    /// The value of `position` for its side to move as the player reads it
    /// `depth` plies further, in grains, net.
    fn read(&mut self, position: &Position, depth: u8, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.reading.nodes {
            self.aborted = true;
        }
        let moves = match position.turn() {
            Err(over) => return terminal_net(position, &over) * GRAIN,
            Ok(moves) => moves,
        };
        let stand = heuristic(position) * self.reading.camp_weight / 4;
        let horizon = depth == 0;
        if self.aborted || (horizon && !self.reading.captures_played_out) {
            return stand;
        }
        let mut best = if horizon { stand } else { -INFINITY };
        alpha = alpha.max(best);
        if alpha >= beta {
            return best;
        }
        let mut seen = [None; 7];
        let count = self.moves_seen(position, &moves, &mut seen);
        for read in seen[..count].iter().flatten() {
            if horizon && !read.reduces {
                continue;
            }
            let value = read.seen
                - self.read(
                    &read.after,
                    depth.saturating_sub(1),
                    read.seen - beta,
                    read.seen - alpha,
                );
            if value > best {
                best = value;
                alpha = alpha.max(value);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The moves the player sees in `position` (its large houses he
    /// overlooks left out, unless he would then see none), with what he
    /// thinks each takes, captures first.
    fn moves_seen(
        &self,
        position: &Position,
        moves: &crate::MoveList,
        out: &mut [Option<Read>; 7],
    ) -> usize {
        let here = key(position);
        let mut count = 0;
        let mut overlooked = 0;
        for house in moves.iter() {
            if self.overlooks(position, here, house) {
                overlooked += 1;
                continue;
            }
            if let Some(read) = self.read_move(position, house) {
                out[count] = Some(read);
                count += 1;
            }
        }
        if count == 0 && overlooked > 0 {
            for house in moves.iter() {
                if let Some(read) = self.read_move(position, house) {
                    out[count] = Some(read);
                    count += 1;
                }
            }
        }
        // Insertion sort, largest take first: seven moves at most.
        for i in 1..count {
            let mut j = i;
            while j > 0 && out[j - 1].map_or(0, |r| r.seen) < out[j].map_or(0, |r| r.seen) {
                out.swap(j - 1, j);
                j -= 1;
            }
        }
        count
    }

    /// Whether the player leaves `house` out of his reading of `position`
    /// (hash `here`): a house too full to count, now and then.
    fn overlooks(&self, position: &Position, here: u64, house: House) -> bool {
        position.house(house) > self.reading.counts_up_to
            && mix(self.seed, &[here, 2, u64::from(house.index)]) % 1000 < self.reading.overlooks
    }

    /// `house` played from `position`, and what the player thinks it takes.
    fn read_move(&self, position: &Position, house: House) -> Option<Read> {
        let mut after = *position;
        let outcome = after.play(house).ok()?;
        let rules = position.rules();
        // The chain from the house the last seed landed in, backwards:
        // the houses of highest sowing order first. Those past the
        // player's count are missed.
        let mut missed = 0;
        let mut counted = 0;
        let width = rules.houses_per_side();
        let victim = position.to_move().opposite();
        for camp in (0..width).rev() {
            let taken = super::board::house_at(rules, victim, camp);
            if outcome.captured_houses.contains(taken) {
                counted += 1;
                if counted > self.reading.chain {
                    missed += outcome.sown.house(taken);
                }
            }
        }
        let taken = gain(position, &after);
        Some(Read {
            house,
            after,
            seen: (taken - missed as i32) * GRAIN,
            reduces: after.seeds_on_board() < position.seeds_on_board(),
        })
    }
}

/// The longest game [`play_game`] plays, in plies: past it the stores as
/// they stand decide, as for endless play.
pub const MAX_GAME_PLIES: usize = 600;

/// How a game between two players ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    /// The final score, South first.
    pub score: crate::Score,
    /// The winner, `None` for a draw.
    pub winner: Option<crate::Side>,
    /// Plies played from the start given.
    pub plies: usize,
}

/// A game from `start` between `south` and `north`, each choosing with
/// `seed`, played to its end. A position that comes back ends it with the
/// stores as they stand (the analysis's convention for endless play), and
/// so does the [`MAX_GAME_PLIES`]th ply.
///
/// # Errors
/// As [`Player::choose`].
pub fn play_game(
    start: &Position,
    (south, north): (&Player, &Player),
    seed: u64,
) -> Result<GameResult, AnalysisError> {
    let mut position = *start;
    // The positions since the last seed left the board: only those can
    // come back.
    let mut since_capture = vec![position];
    for plies in 0..MAX_GAME_PLIES {
        let player = match position.to_move() {
            crate::Side::South => south,
            crate::Side::North => north,
        };
        let choice = player.choose(&position, seed)?;
        let (Some(house), None) = (choice.house, choice.game_over) else {
            let over = choice.game_over;
            return Ok(GameResult {
                score: over.map_or(position.stores(), |over| over.score),
                winner: over.and_then(|over| over.winner),
                plies,
            });
        };
        let seeds = position.seeds_on_board();
        if position.play(house).is_err() {
            break;
        }
        if position.seeds_on_board() < seeds {
            since_capture.clear();
        } else if since_capture.contains(&position) {
            return Ok(by_stores(&position, plies + 1));
        }
        since_capture.push(position);
    }
    Ok(by_stores(&position, MAX_GAME_PLIES))
}

/// A game stopped at `position` and decided by the stores as they stand,
/// as its ruleset decides a finished game (Songo: 40 seeds win).
fn by_stores(position: &Position, plies: usize) -> GameResult {
    let score = position.stores();
    GameResult {
        score,
        winner: crate::verdict::winner(position.rules(), score),
        plies,
    }
}

/// An opening for a match: 4 to 8 plies of legal moves from the start of
/// `rules`, each picked by `seed` (uniformly, not by any player's taste),
/// so that the games of a match begin in varied positions.
#[must_use]
pub fn opening(rules: crate::Ruleset, seed: u64) -> Position {
    let mut position = Position::start(rules);
    let plies = 4 + mix(seed, &[0]) % 5;
    for ply in 0..plies {
        let Ok(moves) = position.turn() else { break };
        let index = (mix(seed, &[ply + 1]) % moves.len() as u64) as usize;
        if position.play_listed(&moves, index).is_none() {
            break;
        }
    }
    position
}

#[cfg(test)]
mod tests;

//! Random legal games, as records: for tests, benchmarks and anyone who
//! needs data.
//!
//! Every move is drawn uniformly among the legal ones by a small seeded
//! generator (SplitMix64, private), so the games are the same on every
//! machine for the same ruleset and seed, and game `k` does not depend on
//! how many games are asked for. Captures are claimed (`S5+3`), and the
//! `Result` tag is the score the rules give. A game the rules have not
//! ended after [`GenerateOptions::max_plies`] stops there: for `awale` the
//! players agree to stop (`[Termination "awale.end.agreement"]`, the score is
//! the captured seeds); for `seega` they judge that no capture is possible
//! any more (`[Termination "seega.end.no-capture"]`, the score is the pieces
//! on the board) once the pieces are placed; otherwise
//! `[Termination "unterminated"]` and `*`.
//!
//! With [`GenerateOptions::engine`] the sowing games' moves are chosen by
//! the analysis ([`crate::analysis`]) at a small depth, drawn among the
//! moves close to the best: games follow plausible lines, and openings
//! repeat with variety (Seega has no analysis: its moves stay random).
//! With [`GenerateOptions::tournament`] the games are the rounds of
//! round-robin events between invented players (see [`TournamentOptions`]).
//!
//! ```
//! use songo_notation::generate::{Generator, GenerateOptions};
//! use songo_notation::validate::{validate_str, Options};
//! use songo_notation::Ruleset;
//!
//! let mut generator = Generator::new(Ruleset::Songo, 7, GenerateOptions::default());
//! let text = generator.game(0).to_string();
//! assert!(text.starts_with("[Rules \"songo\"]\n"));
//! assert!(validate_str(&text, &Options::default()).games[0].valid);
//! ```

use crate::analysis::{Analyser, AnalysisOptions, Limits};
use crate::any::{AnyMove, AnyMoveList, AnyPosition};
use crate::conventions::Conventions;
use crate::game::{Game, GamePosition, LegalMoves};
use crate::record::{GameRecord, Move, Node, Tags, names};
use crate::ruleset::Ruleset;
use crate::side::Side;
use crate::sowing::position::{House, Position};

/// A small, fast, seeded pseudo-random generator (SplitMix64): the same
/// numbers for the same seed everywhere. Internal: the games it draws are
/// the interface.
#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    #[must_use]
    pub(crate) const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        // Multiply-shift: no modulo bias worth speaking of for small n.
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// True with probability `1 / n`.
    pub(crate) fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

/// How to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GenerateOptions {
    /// Stop a game the rules have not ended after this many plies.
    pub max_plies: usize,
    /// Add comments, glyphs, variations and sometimes a North start: games
    /// that exercise every part of the record format.
    pub annotate: bool,
    /// Choose the sowing games' moves by the analysis; `None`: at random.
    pub engine: Option<EngineOptions>,
    /// Play the games as round-robin events with players, dates and rounds;
    /// `None`: the generator's own tags.
    pub tournament: Option<TournamentOptions>,
}

impl Default for GenerateOptions {
    fn default() -> GenerateOptions {
        GenerateOptions {
            max_plies: 500,
            annotate: false,
            engine: None,
            tournament: None,
        }
    }
}

/// How the engine plays (self-play, the same engine for both sides).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineOptions {
    /// The search depth of every move, in plies (at least 1).
    pub depth: u32,
    /// The moves valued within this many seeds of the best are drawn, a
    /// move `loss` seeds below the best with weight `margin + 1 - loss`:
    /// 0 always plays a best move (ties drawn), more gives more variety.
    pub margin: u32,
    /// The engine plays the first `plies` plies of a game and the rest is
    /// random (a fast corpus whose openings are still the engine's);
    /// `None`: the whole game.
    pub plies: Option<usize>,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            depth: 3,
            margin: 2,
            plies: None,
        }
    }
}

/// Tournaments: game `k` is a game of a round-robin event, events one after
/// the other, each a single round robin of [`TournamentOptions::players`]
/// players drawn from a pool of invented names (every pair meets once,
/// colours balanced: Berger tables). Each event has a name, a site and a
/// date (one round a day), all drawn from the seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentOptions {
    /// Players per event, 2 to [`MAX_PLAYERS`] (an odd number gives each
    /// round a bye).
    pub players: usize,
}

impl Default for TournamentOptions {
    fn default() -> TournamentOptions {
        TournamentOptions { players: 8 }
    }
}

/// The invented players: West and Central African first names with a
/// family initial, as a club's list might read.
const PLAYERS: [&str; 24] = [
    "Abena K.",
    "Adama O.",
    "Akosua T.",
    "Aminata S.",
    "Arsène N.",
    "Awa D.",
    "Blaise M.",
    "Brice O.",
    "Chidi E.",
    "Clarisse A.",
    "Efua B.",
    "Fatou N.",
    "Ghislain E.",
    "Hortense M.",
    "Ibrahima C.",
    "Kofi A.",
    "Kwame O.",
    "Mariam K.",
    "Nadège E.",
    "Ngozi A.",
    "Ousmane B.",
    "Prisca N.",
    "Sékou F.",
    "Yaw B.",
];

/// The most players an event takes: the pool's size.
pub const MAX_PLAYERS: usize = PLAYERS.len();

/// Where events are held: the town (named in the event) and its country.
const SITES: [(&str, &str); 12] = [
    ("Yaoundé", "Cameroon"),
    ("Accra", "Ghana"),
    ("Libreville", "Gabon"),
    ("Abidjan", "Côte d'Ivoire"),
    ("Ebolowa", "Cameroon"),
    ("Lomé", "Togo"),
    ("Bata", "Equatorial Guinea"),
    ("Kumasi", "Ghana"),
    ("Oyem", "Gabon"),
    ("Cotonou", "Benin"),
    ("Douala", "Cameroon"),
    ("Dakar", "Senegal"),
];

/// The kinds of event.
const EVENTS: [&str; 6] = [
    "Open",
    "Club Championship",
    "Cup",
    "Masters",
    "League",
    "Invitational",
];

/// The first year of the events; they spread over [`YEARS`] years.
const FIRST_YEAR: u32 = 2015;
/// Years of events: prime to the number of sites, so that the first
/// `SITES × YEARS` events all have different town and year.
const YEARS: usize = 11;

/// The transposition table of engine play: the searches are shallow, and
/// it is cleared before every game.
const ENGINE_HASH_BYTES: usize = 1 << 18;

/// Words for random comments.
const WORDS: [&str; 12] = [
    "a", "quiet", "move", "the", "grenier", "grows", "threat", "on", "south's", "camp", "feeds",
    "north",
];

/// Makes random games of one ruleset.
#[derive(Debug)]
pub struct Generator {
    rules: Ruleset,
    seed: u64,
    options: GenerateOptions,
    /// The engine's analyser, for a sowing ruleset with engine play.
    analyser: Option<Analyser>,
    /// One event's games in order, for tournaments.
    schedule: Vec<Pairing>,
}

/// A copy makes the same games: the engine forgets what it learnt before
/// every game, so a fresh analyser is as good as the original's.
impl Clone for Generator {
    fn clone(&self) -> Generator {
        Generator::new(self.rules, self.seed, self.options)
    }
}

impl Generator {
    /// A generator of `rules` games from `seed`.
    #[must_use]
    pub fn new(rules: Ruleset, seed: u64, options: GenerateOptions) -> Generator {
        let analyser = options
            .engine
            .filter(|_| {
                AnyPosition::start_of(rules, Side::South)
                    .as_sowing()
                    .is_some()
            })
            .map(|_| {
                Analyser::new(&AnalysisOptions {
                    hash_bytes: ENGINE_HASH_BYTES,
                    threads: 1,
                })
            });
        let schedule = options
            .tournament
            .map(|t| round_robin(t.players.clamp(2, MAX_PLAYERS)))
            .unwrap_or_default();
        Generator {
            rules,
            seed,
            options,
            analyser,
            schedule,
        }
    }

    /// Game number `index` (from 0) of this seed.
    #[must_use]
    pub fn game(&mut self, index: usize) -> GameRecord {
        let mut rng = Rng::new(self.seed ^ (index as u64).wrapping_mul(0xA24B_AED4_963E_E407));
        // Warm up so that neighbouring seeds differ from the first draw.
        rng.next_u64();
        let mut tags = Tags::default();
        tags.set(names::RULES, self.rules.id());
        if self.schedule.is_empty() {
            tags.set(names::EVENT, format!("songo generate, seed {}", self.seed));
            tags.set(names::SITE, "?");
            tags.set(names::DATE, "????.??.??");
            tags.set(names::ROUND, (index as u128 + 1).to_string());
            let player = match (self.options.engine, &self.analyser) {
                (Some(engine), Some(_)) => format!("engine, depth {}", engine.depth),
                _ => "random".to_owned(),
            };
            tags.set(names::SOUTH, player.clone());
            tags.set(names::NORTH, player);
        } else {
            self.tournament_tags(index, &mut tags);
        }
        let first = if self.options.annotate && rng.one_in(4) {
            tags.set(names::FIRST, "North");
            Side::North
        } else {
            Side::South
        };
        if let Some(analyser) = &self.analyser {
            // Game `index` must not depend on the games before it.
            analyser.clear();
        }
        let start = AnyPosition::start_of(self.rules, first);
        let (moves, result) = self.play_out(Game::new(start), &mut tags, &mut rng);
        tags.set(names::RESULT, result.clone());
        GameRecord {
            tags,
            moves,
            result: Some(result),
        }
    }

    /// The tags of game `index` of the tournaments: its event (the events
    /// follow each other, each [`Generator::schedule`] long), site, date,
    /// round and players.
    fn tournament_tags(&self, index: usize, tags: &mut Tags) {
        let per_event = self.schedule.len();
        let event = index / per_event;
        let pairing = self.schedule[index % per_event];
        // The event's own draws, the same for each of its games.
        let mut rng = Rng::new(
            self.seed ^ 0x007E_570F_E7E7 ^ (event as u64).wrapping_mul(0xD1B5_4A32_D192_ED03),
        );
        rng.next_u64();
        let (town, country) = SITES[event % SITES.len()];
        let year = FIRST_YEAR + (event % YEARS) as u32;
        let kind = EVENTS[event / (SITES.len() * YEARS) % EVENTS.len()];
        let group = event / (SITES.len() * YEARS * EVENTS.len());
        let mut name = format!("{town} {kind} {year}");
        if group > 0 {
            // Past every town, kind and year: more groups of the same event.
            name.push_str(&format!(", group {}", group + 1));
        }
        let players = self.schedule_players();
        let mut pool: [usize; MAX_PLAYERS] = std::array::from_fn(|i| i);
        // The first `players` of a partial shuffle play the event.
        for i in 0..players {
            let j = i + rng.below(MAX_PLAYERS - i);
            pool.swap(i, j);
        }
        let month = 1 + rng.below(12) as u32;
        let day = 1 + rng.below(28) as u32;
        let (y, m, d) = add_days((year, month, day), pairing.round - 1);
        tags.set(names::EVENT, name);
        tags.set(names::SITE, format!("{town}, {country}"));
        tags.set(names::DATE, format!("{y:04}.{m:02}.{d:02}"));
        tags.set(names::ROUND, pairing.round.to_string());
        tags.set(names::SOUTH, PLAYERS[pool[usize::from(pairing.south)]]);
        tags.set(names::NORTH, PLAYERS[pool[usize::from(pairing.north)]]);
    }

    /// The players of an event.
    fn schedule_players(&self) -> usize {
        self.options
            .tournament
            .map_or(2, |t| t.players.clamp(2, MAX_PLAYERS))
    }

    /// The move to play: the engine's while it plays, else a random one.
    fn choose(
        &self,
        game: &Game<AnyPosition>,
        legal: &AnyMoveList,
        rng: &mut Rng,
    ) -> Option<AnyMove> {
        if let (Some(engine), Some(analyser), Some(position)) = (
            self.options.engine,
            &self.analyser,
            game.position().as_sowing(),
        ) && engine.plies.is_none_or(|plies| game.plies() < plies)
            && let Some(house) = engine_move(analyser, position, engine, rng)
        {
            return Some(house.into());
        }
        legal.get(rng.below(legal.len()))
    }

    /// Plays a game from `game`: its move text and its result (the
    /// `Termination` tag set when the generator, not the rules, ends it).
    fn play_out(
        &self,
        mut game: Game<AnyPosition>,
        tags: &mut Tags,
        rng: &mut Rng,
    ) -> (Vec<Node>, String) {
        let mut moves = Vec::new();
        let mut over = None;
        for _ in 0..self.options.max_plies {
            let legal = match game.turn() {
                Ok(legal) => legal,
                Err(end) => {
                    over = Some(end);
                    break;
                }
            };
            let Some(chosen) = self.choose(&game, &legal, rng) else {
                break;
            };
            if self.options.annotate && rng.one_in(12) {
                let variation = self.variation(&game, chosen, rng);
                let played = self.annotated_move(&mut game, chosen, rng);
                moves.push(played);
                if !variation.is_empty() {
                    moves.push(Node::Variation(variation));
                }
            } else {
                moves.push(self.annotated_move(&mut game, chosen, rng));
            }
            if self.options.annotate && rng.one_in(15) {
                moves.push(Node::Comment(comment(rng)));
            }
        }
        let result = match over.or_else(|| game.game_over()) {
            Some(end) => end.score.to_string(),
            None => match game.position().agreed_end() {
                Some(end) => {
                    tags.set(names::TERMINATION, end.rule.as_str());
                    end.score.to_string()
                }
                None => {
                    tags.set(names::TERMINATION, "unterminated");
                    "*".to_owned()
                }
            },
        };
        (moves, result)
    }

    /// Plays `chosen` and writes it down with its claim (and a glyph, now and then).
    fn annotated_move<P: GamePosition>(
        &self,
        game: &mut Game<P>,
        chosen: P::Move,
        rng: &mut Rng,
    ) -> Node {
        let name = game
            .position()
            .move_name(chosen, Conventions::default())
            .to_string();
        let captured = game.play_captured(chosen).unwrap_or(0);
        let mut mv = Move::new(name);
        if captured > 0 {
            mv.claim = Some(captured);
        }
        if self.options.annotate && rng.one_in(10) {
            mv.nags.push(1 + rng.below(6) as u8);
            if rng.one_in(4) {
                mv.nags.push(10 + rng.below(20) as u8);
            }
        }
        Node::Move(mv)
    }

    /// A few legal moves played instead of `instead`, from `game`'s position.
    fn variation<P: GamePosition>(
        &self,
        game: &Game<P>,
        instead: P::Move,
        rng: &mut Rng,
    ) -> Vec<Node> {
        let mut line = game.clone();
        let mut nodes = Vec::new();
        let length = 1 + rng.below(3);
        for step in 0..length {
            let Ok(legal) = line.turn() else {
                break;
            };
            let choices: Vec<P::Move> = legal
                .iter()
                .filter(|&chosen| step > 0 || chosen != instead)
                .collect();
            if choices.is_empty() {
                break;
            }
            let chosen = choices[rng.below(choices.len())];
            nodes.push(self.annotated_move(&mut line, chosen, rng));
            if rng.one_in(3) {
                nodes.push(Node::Comment(comment(rng)));
            }
        }
        if nodes.iter().all(|node| !matches!(node, Node::Move(_))) {
            nodes.clear();
        }
        nodes
    }
}

/// The engine's move in `position`: every legal move valued by the
/// analysis at `engine.depth`, one drawn among those within
/// `engine.margin` seeds of the best, the closer the likelier. `None` when
/// the analysis does not take the position (never in a game).
fn engine_move(
    analyser: &Analyser,
    position: &Position,
    engine: EngineOptions,
    rng: &mut Rng,
) -> Option<House> {
    let limits = Limits {
        depth: Some(engine.depth.max(1)),
        ..Limits::default()
    };
    let report = analyser.analyse(position, &limits).ok()?;
    let best = report.moves.first()?.value;
    let margin = i64::from(engine.margin);
    let weight = |value: i32| (margin + 1 - (i64::from(best) - i64::from(value))).max(0) as usize;
    let total: usize = report.moves.iter().map(|m| weight(m.value)).sum();
    let mut pick = rng.below(total);
    let chosen = report.moves.iter().find(|m| {
        let w = weight(m.value);
        if pick < w {
            true
        } else {
            pick -= w;
            false
        }
    })?;
    Some(chosen.house)
}

/// One game of a round robin: its round (from 1) and its players, by their
/// number in the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pairing {
    pub(crate) round: u32,
    pub(crate) south: u8,
    pub(crate) north: u8,
}

/// A single round robin of `players` (2 to [`MAX_PLAYERS`]), round by
/// round: the circle method (Berger tables). The last player stays put, the
/// others turn; with an odd number the one who would meet the missing
/// player rests. Colours alternate from round to round for all but the
/// round where a player meets the fixed one, so every player has as many
/// games with South as with North, give or take one.
pub(crate) fn round_robin(players: usize) -> Vec<Pairing> {
    let players = players.clamp(2, MAX_PLAYERS);
    let even = players + players % 2;
    let turning = even - 1;
    let mut games = Vec::with_capacity(players * (players - 1) / 2);
    for round in 0..turning {
        for board in 0..even / 2 {
            let (south, north) = if board == 0 {
                // The fixed player changes colour every round.
                let fixed = turning;
                if round % 2 == 0 {
                    (round, fixed)
                } else {
                    (fixed, round)
                }
            } else {
                let up = (round + board) % turning;
                let down = (round + turning - board) % turning;
                if board % 2 == 1 {
                    (up, down)
                } else {
                    (down, up)
                }
            };
            if south >= players || north >= players {
                continue;
            }
            games.push(Pairing {
                round: round as u32 + 1,
                south: south as u8,
                north: north as u8,
            });
        }
    }
    games
}

/// `date` (year, month, day) plus `days` days.
fn add_days((mut year, mut month, mut day): (u32, u32, u32), days: u32) -> (u32, u32, u32) {
    for _ in 0..days {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        let length = match month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        day += 1;
        if day > length {
            day = 1;
            month += 1;
            if month > 12 {
                month = 1;
                year += 1;
            }
        }
    }
    (year, month, day)
}

fn comment(rng: &mut Rng) -> String {
    let length = 1 + rng.below(8);
    (0..length)
        .map(|_| WORDS[rng.below(WORDS.len())])
        .collect::<Vec<_>>()
        .join(" ")
}

/// `count` games of `rules` from `seed`, in order.
pub fn generate(
    rules: Ruleset,
    count: usize,
    seed: u64,
    options: GenerateOptions,
) -> impl Iterator<Item = GameRecord> {
    let mut generator = Generator::new(rules, seed, options);
    (0..count).map(move |index| generator.game(index))
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use super::*;
    use crate::record::GameRecord;

    /// The same numbers for the same seed, and draws within their range.
    #[test]
    fn the_generator_is_seeded() {
        let mut rng = Rng::new(42);
        let first = rng.next_u64();
        assert_eq!(Rng::new(42).next_u64(), first);
        assert!(rng.below(6) < 6);
    }

    /// Every pair meets exactly once, nobody plays twice in a round, and
    /// each player has South as often as North, give or take one.
    #[test]
    fn round_robins_pair_everyone_once_with_balanced_colours() {
        for players in 2..=MAX_PLAYERS {
            let games = round_robin(players);
            assert_eq!(games.len(), players * (players - 1) / 2, "{players}");
            let mut pairs = HashSet::new();
            let mut in_round = HashSet::new();
            let mut souths = vec![0i32; players];
            for game in &games {
                let (a, b) = (game.south.min(game.north), game.south.max(game.north));
                assert!(a != b && usize::from(b) < players, "{players}: {game:?}");
                assert!(pairs.insert((a, b)), "{players}: {a} and {b} meet twice");
                assert!(in_round.insert((game.round, a)), "{players}: {game:?}");
                assert!(in_round.insert((game.round, b)), "{players}: {game:?}");
                souths[usize::from(game.south)] += 1;
                souths[usize::from(game.north)] -= 1;
            }
            let rounds = games.iter().map(|g| g.round).max().unwrap_or(0) as usize;
            assert_eq!(rounds, players - 1 + players % 2, "{players}: rounds");
            assert!(
                souths.iter().all(|balance| balance.abs() <= 1),
                "{players}: {souths:?}"
            );
            // In order of rounds.
            assert!(games.windows(2).all(|w| w[0].round <= w[1].round));
        }
    }

    #[test]
    fn days_run_over_months_and_leap_years() {
        assert_eq!(add_days((2024, 2, 27), 3), (2024, 3, 1));
        assert_eq!(add_days((2023, 2, 27), 3), (2023, 3, 2));
        assert_eq!(add_days((2025, 12, 30), 2), (2026, 1, 1));
        assert_eq!(add_days((2025, 4, 30), 0), (2025, 4, 30));
    }

    fn engine(margin: u32) -> GenerateOptions {
        GenerateOptions {
            max_plies: 300,
            engine: Some(EngineOptions {
                depth: 2,
                margin,
                plies: None,
            }),
            ..GenerateOptions::default()
        }
    }

    fn moves(game: &GameRecord) -> Vec<String> {
        game.main_line().map(|m| m.text.clone()).collect()
    }

    /// The same seed gives the same games, and game `k` is the same
    /// whatever came before it (the engine forgets between games).
    #[test]
    fn engine_games_are_reproducible() {
        for rules in [Ruleset::Songo, Ruleset::OwareAbapa] {
            let mut one = Generator::new(rules, 9, engine(2));
            let games: Vec<String> = (0..4).map(|k| one.game(k).to_string()).collect();
            let mut other = Generator::new(rules, 9, engine(2));
            assert_eq!(other.game(3).to_string(), games[3], "{rules}");
            assert_eq!(other.clone().game(1).to_string(), games[1], "{rules}");
            assert_ne!(games[0], games[1], "{rules}");
        }
    }

    /// The engine picks among the moves its analysis values within the
    /// margin of the best: with margin 0, a best move.
    #[test]
    fn margin_zero_plays_a_best_move() {
        let analyser = Analyser::new(&AnalysisOptions::default());
        let position = Position::start(Ruleset::Awale);
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let report = analyser.analyse(&position, &limits).unwrap();
        let options = EngineOptions {
            depth: 2,
            margin: 0,
            plies: None,
        };
        let mut rng = Rng::new(1);
        for _ in 0..20 {
            analyser.clear();
            let house = engine_move(&analyser, &position, options, &mut rng).unwrap();
            let value = report.value_of(house).map(|m| m.value);
            assert_eq!(value, Some(report.value));
        }
    }

    /// Measurably not random: the engine, playing one side against random
    /// moves, wins nearly every game.
    #[test]
    fn the_engine_beats_random_play() {
        let analyser = Analyser::new(&AnalysisOptions::default());
        let options = EngineOptions {
            depth: 2,
            margin: 1,
            plies: None,
        };
        for rules in [Ruleset::Songo, Ruleset::Awale] {
            let mut wins = 0;
            let games = 12;
            for index in 0..games {
                let mut rng = Rng::new(index);
                let engine_side = if index % 2 == 0 {
                    Side::South
                } else {
                    Side::North
                };
                let mut game = Game::new(Position::start(rules));
                let mut over = None;
                for _ in 0..400 {
                    let legal = match game.turn() {
                        Ok(legal) => legal,
                        Err(end) => {
                            over = Some(end);
                            break;
                        }
                    };
                    let house = if game.position().to_move() == engine_side {
                        engine_move(&analyser, game.position(), options, &mut rng)
                    } else {
                        legal.get(rng.below(legal.len()))
                    };
                    game.play_captured(house.unwrap()).unwrap();
                }
                let score = over.map_or(game.position().stores(), |end| end.score);
                let (mine, theirs) = match engine_side {
                    Side::South => (score.south, score.north),
                    Side::North => (score.north, score.south),
                };
                if mine > theirs {
                    wins += 1;
                }
            }
            assert!(
                wins >= games - 1,
                "{rules}: the engine won {wins} of {games}"
            );
        }
    }

    /// Engine games repeat their openings far more than random games do,
    /// and still vary.
    #[test]
    fn engine_openings_repeat_with_variety() {
        let openings = |options: GenerateOptions| {
            let mut generator = Generator::new(Ruleset::Awale, 4, options);
            let mut seen: HashMap<Vec<String>, usize> = HashMap::new();
            for k in 0..60 {
                let line = moves(&generator.game(k));
                *seen.entry(line[..4.min(line.len())].to_vec()).or_default() += 1;
            }
            seen
        };
        let random = openings(GenerateOptions {
            max_plies: 8,
            ..GenerateOptions::default()
        });
        let mut options = engine(2);
        options.max_plies = 8;
        let engine = openings(options);
        let most = |seen: &HashMap<Vec<String>, usize>| seen.values().copied().max().unwrap_or(0);
        assert!(engine.len() > 1, "the engine's openings vary");
        assert!(
            engine.len() < random.len(),
            "{} {}",
            engine.len(),
            random.len()
        );
        assert!(most(&engine) > most(&random));
    }

    /// Tournament games: the tags of a round robin, the players from the
    /// pool, the dates of one event one round a day, every record valid.
    #[test]
    fn tournament_games_carry_a_round_robin() {
        let players = 6;
        let options = GenerateOptions {
            max_plies: 60,
            tournament: Some(TournamentOptions { players }),
            ..GenerateOptions::default()
        };
        let per_event = players * (players - 1) / 2;
        let mut generator = Generator::new(Ruleset::Awale, 3, options);
        let games: Vec<GameRecord> = (0..2 * per_event).map(|k| generator.game(k)).collect();
        let tag =
            |game: &GameRecord, name: &str| game.tags.get(name).unwrap_or_default().to_owned();
        for event in games.chunks(per_event) {
            let name = tag(&event[0], names::EVENT);
            let mut met = HashSet::new();
            let mut names_seen = HashSet::new();
            for game in event {
                assert_eq!(tag(game, names::EVENT), name);
                let (south, north) = (tag(game, names::SOUTH), tag(game, names::NORTH));
                assert!(PLAYERS.contains(&south.as_str()) && PLAYERS.contains(&north.as_str()));
                assert!(met.insert((
                    south.clone().min(north.clone()),
                    south.clone().max(north.clone())
                )));
                names_seen.insert(south);
                names_seen.insert(north);
                let round: u32 = tag(game, names::ROUND).parse().unwrap();
                assert!((1..=5).contains(&round));
                assert_eq!(tag(game, names::DATE).len(), 10);
            }
            assert_eq!(names_seen.len(), players);
        }
        assert_ne!(
            tag(&games[0], names::EVENT),
            tag(&games[per_event], names::EVENT)
        );
        let text: String = games.iter().map(|g| format!("{g}\n")).collect();
        let report = crate::validate::validate_str(&text, &crate::validate::Options::default());
        assert!(report.games.iter().all(|g| g.valid));
    }
}

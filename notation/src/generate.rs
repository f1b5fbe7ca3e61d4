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

use crate::any::AnyPosition;
use crate::conventions::Conventions;
use crate::game::{Game, GamePosition, LegalMoves};
use crate::record::{GameRecord, Move, Node, Tags, names};
use crate::ruleset::Ruleset;
use crate::side::Side;

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
}

impl Default for GenerateOptions {
    fn default() -> GenerateOptions {
        GenerateOptions {
            max_plies: 500,
            annotate: false,
        }
    }
}

/// Words for random comments.
const WORDS: [&str; 12] = [
    "a", "quiet", "move", "the", "grenier", "grows", "threat", "on", "south's", "camp", "feeds",
    "north",
];

/// Makes random games of one ruleset.
#[derive(Debug, Clone)]
pub struct Generator {
    rules: Ruleset,
    seed: u64,
    options: GenerateOptions,
}

impl Generator {
    /// A generator of `rules` games from `seed`.
    #[must_use]
    pub fn new(rules: Ruleset, seed: u64, options: GenerateOptions) -> Generator {
        Generator {
            rules,
            seed,
            options,
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
        tags.set(names::EVENT, format!("songo generate, seed {}", self.seed));
        tags.set(names::SITE, "?");
        tags.set(names::DATE, "????.??.??");
        tags.set(names::ROUND, (index + 1).to_string());
        tags.set(names::SOUTH, "random");
        tags.set(names::NORTH, "random");
        let first = if self.options.annotate && rng.one_in(4) {
            tags.set(names::FIRST, "North");
            Side::North
        } else {
            Side::South
        };
        let start = AnyPosition::start_of(self.rules, first);
        let (moves, result) = self.play_out(Game::new(start), &mut tags, &mut rng);
        tags.set(names::RESULT, result.clone());
        GameRecord {
            tags,
            moves,
            result: Some(result),
        }
    }

    /// Plays a random game from `game`: its move text and its result (the
    /// `Termination` tag set when the generator, not the rules, ends it).
    fn play_out<P: GamePosition>(
        &self,
        mut game: Game<P>,
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
            let Some(chosen) = legal.get(rng.below(legal.len())) else {
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
    use super::Rng;

    /// The same numbers for the same seed, and draws within their range.
    #[test]
    fn the_generator_is_seeded() {
        let mut rng = Rng::new(42);
        let first = rng.next_u64();
        assert_eq!(Rng::new(42).next_u64(), first);
        assert!(rng.below(6) < 6);
    }
}

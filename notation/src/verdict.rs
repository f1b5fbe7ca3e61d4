//! The verdict on a finished game: who won under its ruleset, or a draw,
//! and what the game counts for in a crosstable. Every reader of results
//! asks here — the engine's ends, `songo validate`, the archive's
//! standings, explorer and search, exercises and ratings — so that no two
//! of them can disagree on who won.
//!
//! ```
//! use songo_notation::verdict::{GameResult, Verdict};
//! use songo_notation::{Ruleset, Score, Side};
//!
//! // Songo: nobody reached 40 seeds, the game is drawn (songo.md, "Result").
//! let drawn = Verdict::of(Ruleset::Songo, &GameResult::parse("35-30").unwrap()).unwrap();
//! assert_eq!(drawn.winner, None);
//! // Awalé: more seeds wins.
//! let won = Verdict::of(Ruleset::Awale, &GameResult::parse("25-23").unwrap()).unwrap();
//! assert_eq!(won.winner, Some(Side::South));
//! // A forfeit: a point to the winner, no seeds.
//! let forfeit = Verdict::of(Ruleset::Songo, &GameResult::parse("-/+").unwrap()).unwrap();
//! assert_eq!((forfeit.winner, forfeit.score), (Some(Side::North), None));
//! // An unfinished game has no verdict.
//! assert!(Verdict::of(Ruleset::Songo, &GameResult::parse("*").unwrap()).is_none());
//! ```

use std::fmt;

use serde::Serialize;

use crate::ruleset::{BoardGame, Ruleset};
use crate::side::{Score, Side};

/// The seeds a Songo player needs in store to win (`songo.end.forty`; the
/// rules' "Result": below it for both, the game is drawn).
pub const SONGO_WINNING_SEEDS: u32 = 40;

/// The winner of a game that ended with `score` under `rules`, `None` for
/// a draw:
/// - Songo and Songo (Ekang): the player with 40 seeds or more
///   (`songo.end.forty`); nobody at 40 is a draw;
/// - akong-online's rulesets: the larger score (`akong.end.store`; equal is
///   a draw);
/// - Awalé and oware (abapa): the larger store (`awale.end.no-move`,
///   `abapa.end`; 24-24 is a draw);
/// - Seega: more pieces on the board (`seega.end.*`; equal is a draw).
#[must_use]
pub fn winner(rules: Ruleset, score: Score) -> Option<Side> {
    if rules.is_akong() {
        // `akong.end.store`: the larger score, a player at the ruleset's
        // winning store having it by then.
        return score.leader();
    }
    match rules.board_game() {
        BoardGame::Songo => score
            .leader()
            .filter(|&side| score[side] >= SONGO_WINNING_SEEDS),
        BoardGame::Awale | BoardGame::Seega => score.leader(),
    }
}

/// A game's result as a record writes it (`Result` tag or result token).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The final score, South's first: `41-29`.
    Score(Score),
    /// `1/2-1/2`: a draw whose score is not written.
    Draw,
    /// A game not played, in the spelling of FIDE's tournament report
    /// file: `+/-` South wins, `-/+` North wins, `-/-` both lose (the
    /// winner `None`). A point to the winner, no seeds.
    Forfeit(Option<Side>),
    /// `*`: not finished, or not known.
    Unfinished,
}

impl GameResult {
    /// Reads a result token: `41-29`, `1/2-1/2`, `+/-`, `-/+`, `-/-`, `*`;
    /// anything else (blanks included) is `None`.
    #[must_use]
    pub fn parse(text: &str) -> Option<GameResult> {
        match text {
            "*" => return Some(GameResult::Unfinished),
            "1/2-1/2" => return Some(GameResult::Draw),
            "+/-" => return Some(GameResult::Forfeit(Some(Side::South))),
            "-/+" => return Some(GameResult::Forfeit(Some(Side::North))),
            "-/-" => return Some(GameResult::Forfeit(None)),
            _ => {}
        }
        // Two runs of digits around one dash, byte by byte (every game's
        // result is asked).
        let bytes = text.as_bytes();
        let dash = bytes.iter().position(|&byte| byte == b'-')?;
        let number = |part: &[u8]| -> Option<u32> {
            if part.is_empty() || !part.iter().all(u8::is_ascii_digit) {
                return None;
            }
            // A score too large to be one saturates: still a score (the
            // replay then says it is not the computed one).
            Some(part.iter().fold(0u32, |n, &d| {
                n.saturating_mul(10).saturating_add(u32::from(d - b'0'))
            }))
        };
        Some(GameResult::Score(Score::new(
            number(&bytes[..dash])?,
            number(&bytes[dash + 1..])?,
        )))
    }

    /// Whether this is a forfeit (`+/-`, `-/+`, `-/-`).
    #[must_use]
    pub const fn is_forfeit(self) -> bool {
        matches!(self, GameResult::Forfeit(_))
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Score(score) => write!(f, "{score}"),
            GameResult::Draw => f.write_str("1/2-1/2"),
            GameResult::Forfeit(Some(Side::South)) => f.write_str("+/-"),
            GameResult::Forfeit(Some(Side::North)) => f.write_str("-/+"),
            GameResult::Forfeit(None) => f.write_str("-/-"),
            GameResult::Unfinished => f.write_str("*"),
        }
    }
}

/// Who won a finished game, what each player scores for it, and its seeds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The winner; `None` for a draw, or for a double forfeit.
    pub winner: Option<Side>,
    /// The final score in seeds (pieces in Seega), when the game was
    /// played to a written score; `None` for a forfeit or a `1/2-1/2`.
    pub score: Option<Score>,
    /// A game not played: it counts in the standings, but not in the
    /// explorer, the exercises nor the ratings.
    pub forfeit: bool,
}

impl Verdict {
    /// The verdict on a game of `rules` with this result; `None` while the
    /// game is unfinished (`*`).
    #[must_use]
    pub fn of(rules: Ruleset, result: &GameResult) -> Option<Verdict> {
        match *result {
            GameResult::Score(score) => Some(Verdict {
                winner: winner(rules, score),
                score: Some(score),
                forfeit: false,
            }),
            GameResult::Draw => Some(Verdict {
                winner: None,
                score: None,
                forfeit: false,
            }),
            GameResult::Forfeit(winner) => Some(Verdict {
                winner,
                score: None,
                forfeit: true,
            }),
            GameResult::Unfinished => None,
        }
    }

    /// The verdict on a result written as text (`Verdict::of` over
    /// [`GameResult::parse`]); `None` when unfinished or not a result.
    #[must_use]
    pub fn of_text(rules: Ruleset, result: &str) -> Option<Verdict> {
        Verdict::of(rules, &GameResult::parse(result)?)
    }

    /// Whether the game is drawn (no winner, and not a double forfeit).
    #[must_use]
    pub const fn is_draw(&self) -> bool {
        self.winner.is_none() && !self.forfeit
    }

    /// The points `side` scores for the game, in half points: 2 a win, 1 a
    /// draw, 0 a loss (a double forfeit is a loss for both).
    #[must_use]
    pub fn half_points(&self, side: Side) -> u32 {
        match self.winner {
            Some(winner) if winner == side => 2,
            Some(_) => 0,
            None if self.forfeit => 0,
            None => 1,
        }
    }

    /// The letter the archive stores for the verdict: `S` South won, `N`
    /// North won, `D` a draw, `L` both lost (a double forfeit).
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match (self.winner, self.forfeit) {
            (Some(Side::South), _) => "S",
            (Some(Side::North), _) => "N",
            (None, false) => "D",
            (None, true) => "L",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(rules: Ruleset, result: &str) -> Option<Verdict> {
        Verdict::of_text(rules, result)
    }

    fn winner_of(rules: Ruleset, result: &str) -> Option<Side> {
        verdict(rules, result).expect("finished").winner
    }

    #[test]
    fn songo_and_ekang_need_forty_seeds() {
        for rules in [Ruleset::Songo, Ruleset::SongoEkang] {
            assert_eq!(winner_of(rules, "40-30"), Some(Side::South), "{rules}");
            assert_eq!(winner_of(rules, "30-40"), Some(Side::North), "{rules}");
            assert_eq!(winner_of(rules, "39-31"), None, "{rules}");
            assert_eq!(winner_of(rules, "25-30"), None, "{rules}");
            assert_eq!(winner_of(rules, "35-35"), None, "{rules}");
            assert!(verdict(rules, "39-31").expect("finished").is_draw());
        }
    }

    #[test]
    fn awale_and_abapa_more_seeds_wins() {
        for rules in [Ruleset::Awale, Ruleset::OwareAbapa] {
            assert_eq!(winner_of(rules, "25-23"), Some(Side::South), "{rules}");
            assert_eq!(winner_of(rules, "3-2"), Some(Side::South), "{rules}");
            assert_eq!(winner_of(rules, "20-28"), Some(Side::North), "{rules}");
            assert_eq!(winner_of(rules, "24-24"), None, "{rules}");
        }
    }

    #[test]
    fn seega_more_pieces_wins() {
        assert_eq!(winner_of(Ruleset::Seega, "6-0"), Some(Side::South));
        assert_eq!(winner_of(Ruleset::Seega, "1-2"), Some(Side::North));
        assert_eq!(winner_of(Ruleset::Seega, "3-3"), None);
    }

    #[test]
    fn forfeits_give_a_point_and_no_seeds() {
        for rules in Ruleset::ALL {
            let south = verdict(rules, "+/-").expect("finished");
            assert_eq!(
                (south.winner, south.score, south.forfeit),
                (Some(Side::South), None, true)
            );
            assert_eq!(
                (
                    south.half_points(Side::South),
                    south.half_points(Side::North)
                ),
                (2, 0)
            );
            let north = verdict(rules, "-/+").expect("finished");
            assert_eq!(north.winner, Some(Side::North));
            assert_eq!(
                (
                    north.half_points(Side::South),
                    north.half_points(Side::North)
                ),
                (0, 2)
            );
            let neither = verdict(rules, "-/-").expect("finished");
            assert_eq!(neither.winner, None);
            assert!(!neither.is_draw());
            assert_eq!(
                (
                    neither.half_points(Side::South),
                    neither.half_points(Side::North)
                ),
                (0, 0)
            );
            assert_eq!(neither.code(), "L");
        }
    }

    #[test]
    fn draws_are_half_a_point_each() {
        let drawn = verdict(Ruleset::Songo, "1/2-1/2").expect("finished");
        assert!(drawn.is_draw());
        assert_eq!(drawn.code(), "D");
        assert_eq!(
            (
                drawn.half_points(Side::South),
                drawn.half_points(Side::North)
            ),
            (1, 1)
        );
    }

    #[test]
    fn results_read_back_as_written() {
        for text in ["41-29", "0-0", "1/2-1/2", "+/-", "-/+", "-/-", "*"] {
            let result = GameResult::parse(text).expect(text);
            assert_eq!(result.to_string(), text);
        }
        for text in [
            "", "-", "41-", "-29", "4-1-2", "41", "a-b", "+/+", "+-", "1/2",
        ] {
            assert_eq!(GameResult::parse(text), None, "{text}");
        }
        assert_eq!(GameResult::parse(" 41-29"), None);
        assert_eq!(
            GameResult::parse("41-29"),
            Some(GameResult::Score(Score::new(41, 29)))
        );
        assert!(verdict(Ruleset::Songo, "*").is_none());
    }

    /// The engine's ends agree with the verdict: every random game the
    /// validator replays to an end names the winner this module gives for
    /// its score.
    #[test]
    fn the_engine_ends_by_the_verdict() {
        use crate::generate::{GenerateOptions, Generator};
        use crate::validate::{Options, validate_str};
        let mut ended = 0;
        for rules in Ruleset::ALL {
            let mut generator = Generator::new(rules, 7, GenerateOptions::default());
            for index in 0..30 {
                let text = generator.game(index).to_string();
                let report = validate_str(&text, &Options::default());
                for game in report.games {
                    if let Some(over) = game.end {
                        ended += 1;
                        assert_eq!(over.winner, winner(rules, over.score), "{rules}: {text}");
                    }
                }
            }
        }
        assert!(ended > 100, "{ended}");
    }
}

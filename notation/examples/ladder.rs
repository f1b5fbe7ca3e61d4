//! The levels' ladder: each level against the next, over colour-balanced
//! games from varied openings, and the table `docs/analysis.md` shows.
//!
//! ```text
//! cargo run --release -p songo-notation --example ladder -- songo 200 1-8 2
//! ```
//!
//! Arguments: ruleset, games a pair of levels (even: each opening is played
//! with both colours), the levels (`1-8`: 1 against 2, …, 7 against 8),
//! threads, and the first opening (0 by default: a long match may be
//! played in parts, `200 7-8 2 0` being `100 7-8 2 0` and `100 7-8 2 50`). Opening `k` is 4 to 8 random legal plies from the start
//! (`player::opening(rules, k)`); both players choose with seed `k`. Each
//! line of the table gives the stronger level's wins, draws and losses,
//! its score (a win 1, a draw ½) and the Elo difference that score means,
//! with a 95 % interval from the games' spread.

use std::sync::Mutex;
use std::time::Instant;

use songo_notation::analysis::player::{Level, Player, opening, play_game};
use songo_notation::{Ruleset, Side};

/// What the stronger level of a pair scored: wins, draws, losses, plies.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    plies: usize,
}

impl Tally {
    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    fn score(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games().max(1))
    }
}

/// The Elo difference a score means (clamped short of 0 and 1).
fn elo(score: f64) -> f64 {
    let score = score.clamp(0.005, 0.995);
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The 95 % interval of the Elo difference, from the games' results' spread.
fn interval(tally: &Tally) -> (f64, f64) {
    let games = f64::from(tally.games().max(1));
    let mean = tally.score();
    let square = (f64::from(tally.wins) + f64::from(tally.draws) / 4.0) / games;
    let deviation = ((square - mean * mean).max(0.0) / games).sqrt();
    (elo(mean - 1.96 * deviation), elo(mean + 1.96 * deviation))
}

/// The games of `strong` against `weak`: `games / 2` openings, each with
/// both colours, shared between `threads` threads.
fn pair(
    rules: Ruleset,
    (strong, weak): (Level, Level),
    (games, first): (u64, u64),
    threads: u64,
) -> Tally {
    let tally = Mutex::new(Tally::default());
    let openings = first + games / 2;
    std::thread::scope(|scope| {
        for thread in 0..threads {
            let tally = &tally;
            scope.spawn(move || {
                let (strong, weak) = (Player::new(strong), Player::new(weak));
                for k in (first + thread..openings).step_by(threads as usize) {
                    let start = opening(rules, k);
                    for (south, north, side) in
                        [(&strong, &weak, Side::South), (&weak, &strong, Side::North)]
                    {
                        let Ok(result) = play_game(&start, (south, north), k) else {
                            continue;
                        };
                        let mut tally = tally.lock().unwrap_or_else(|e| e.into_inner());
                        match result.winner {
                            Some(winner) if winner == side => tally.wins += 1,
                            None => tally.draws += 1,
                            Some(_) => tally.losses += 1,
                        }
                        tally.plies += result.plies;
                    }
                }
            });
        }
    });
    tally.into_inner().unwrap_or_else(|e| e.into_inner())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |index: usize, default: &str| args.get(index).cloned().unwrap_or(default.into());
    let rules: Ruleset = arg(0, "songo").parse().expect("a ruleset id");
    let games: u64 = arg(1, "200").parse().expect("a number of games");
    let levels = arg(2, "1-8");
    let (low, high) = levels.split_once('-').expect("levels as LOW-HIGH");
    let (low, high): (u8, u8) = (
        low.parse().expect("a level"),
        high.parse().expect("a level"),
    );
    let threads: u64 = arg(3, "2").parse().expect("a number of threads");
    let first: u64 = arg(4, "0").parse().expect("the first opening");
    println!(
        "| level | against | games | won | drawn | lost | score | Elo (95 %) | plies a game | time |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for number in low..high {
        let (Some(weak), Some(strong)) = (Level::new(number), Level::new(number + 1)) else {
            continue;
        };
        let start = Instant::now();
        let tally = pair(rules, (strong, weak), (games, first), threads.max(1));
        let (lower, upper) = interval(&tally);
        println!(
            "| {strong} | {weak} | {} | {} | {} | {} | {:.1} % | {:+.0} ({:+.0} to {:+.0}) | {} | {:.0} s |",
            tally.games(),
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * tally.score(),
            elo(tally.score()),
            lower,
            upper,
            tally.plies / tally.games().max(1) as usize,
            start.elapsed().as_secs_f64(),
        );
    }
}

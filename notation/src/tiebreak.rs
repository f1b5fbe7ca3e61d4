//! Tie-breaks of FIDE's Handbook C.07 ("Play-off and tie-break
//! regulations", the edition of 1 March 2026; article numbers below are
//! its), over a crosstable: direct encounter (art. 6), number of wins
//! (7.1), Sonneborn-Berger (9.1), Buchholz (8.1) with its Cut-1 and
//! Median-1 modifiers (14.1, 14.3), and the seed difference Songo clubs
//! rank by (seeds won less seeds lost, a value the caller gives).
//!
//! Unplayed rounds — forfeits, byes, absences — count as C.07 says: in a
//! round robin (pre-determined pairings) a forfeit is a regular game
//! (15.2); in a Swiss, art. 16 adjusts the opponents' scores (16.3) and
//! gives every unplayed round of one's own a dummy opponent (16.4).
//!
//! A leaf module: indices and numbers in, values and ranks out. Points
//! are counted in half-points, Sonneborn-Berger in quarter-points, so that
//! every comparison is exact.
//!
//! ```
//! use songo_notation::tiebreak::{Crosstable, Entrant, RoundResult, System, TieBreak};
//!
//! // Three players, a round robin: 0 beat 1, 1 beat 2, 2 beat 0.
//! let game = |opponent, half_points| RoundResult::Played { opponent, half_points };
//! let table = Crosstable::new(System::RoundRobin, vec![
//!     Entrant::new(vec![game(1, 2), game(2, 0)], 5),
//!     Entrant::new(vec![game(0, 0), game(2, 2)], -3),
//!     Entrant::new(vec![game(1, 0), game(0, 2)], 0),
//! ]).unwrap();
//! // Level on points, level on Sonneborn-Berger: the seed difference decides.
//! let order = TieBreak::parse_list("sb,seed-diff").unwrap();
//! let ranks: Vec<usize> = table.rank(&order).iter().map(|placed| placed.player).collect();
//! assert_eq!(ranks, [0, 2, 1]);
//! ```

use std::fmt;
use std::str::FromStr;

/// How the event was paired: it decides how unplayed rounds count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    /// Pre-determined pairings (round robin, double round robin): a
    /// forfeit counts as a regular game (C.07 15.2).
    RoundRobin,
    /// A Swiss: unplayed rounds are managed by C.07 art. 16.
    Swiss,
}

/// What a player had in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundResult {
    /// A game played over the board, and the player's half-points from it
    /// (2 a win, 1 a draw, 0 a loss).
    Played {
        /// The opponent's index in the crosstable.
        opponent: usize,
        /// 0, 1 or 2.
        half_points: u8,
    },
    /// Paired, and the opponent did not play: a win's points (16.2.2).
    ForfeitWin {
        /// The scheduled opponent.
        opponent: usize,
    },
    /// Paired, and the player did not play (16.2.4); both players of a
    /// double forfeit have this.
    ForfeitLoss {
        /// The scheduled opponent.
        opponent: usize,
    },
    /// The bye of an odd number of players: a win's points (16.2.1).
    PairingBye,
    /// A full-point bye (16.2.1).
    FullPointBye,
    /// A requested half-point bye (16.1.1).
    HalfPointBye,
    /// A requested zero-point bye, an absence, any round after a
    /// withdrawal (16.1.1).
    ZeroPointBye,
}

impl RoundResult {
    /// The half-points the round gave.
    #[must_use]
    pub fn half_points(self) -> u32 {
        match self {
            RoundResult::Played { half_points, .. } => u32::from(half_points),
            RoundResult::ForfeitWin { .. }
            | RoundResult::PairingBye
            | RoundResult::FullPointBye => 2,
            RoundResult::HalfPointBye => 1,
            RoundResult::ForfeitLoss { .. } | RoundResult::ZeroPointBye => 0,
        }
    }

    /// The opponent, played or scheduled.
    #[must_use]
    pub fn opponent(self) -> Option<usize> {
        match self {
            RoundResult::Played { opponent, .. }
            | RoundResult::ForfeitWin { opponent }
            | RoundResult::ForfeitLoss { opponent } => Some(opponent),
            _ => None,
        }
    }

    /// A voluntary unplayed round, "VUR": a requested bye or a forfeit
    /// loss (16.1.2).
    fn voluntary(self) -> bool {
        matches!(
            self,
            RoundResult::HalfPointBye | RoundResult::ZeroPointBye | RoundResult::ForfeitLoss { .. }
        )
    }

    fn requested_bye(self) -> bool {
        matches!(self, RoundResult::HalfPointBye | RoundResult::ZeroPointBye)
    }
}

/// One player of a crosstable: his rounds in order, and his seed
/// difference (seeds won less seeds lost; 0 where it means nothing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    /// Round 1 first.
    pub rounds: Vec<RoundResult>,
    /// Seeds won less seeds lost over his games.
    pub seed_difference: i64,
}

impl Entrant {
    /// A player with `rounds` and `seed_difference`.
    #[must_use]
    pub fn new(rounds: Vec<RoundResult>, seed_difference: i64) -> Self {
        Entrant {
            rounds,
            seed_difference,
        }
    }
}

/// A crosstable that cannot be: the player, his round, what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CrosstableError {
    /// A round names an opponent who is not in the table.
    UnknownOpponent {
        /// The player's index.
        player: usize,
        /// The round, from 1.
        round: usize,
        /// The index given.
        opponent: usize,
    },
    /// A round pairs a player with himself.
    OwnOpponent {
        /// The player's index.
        player: usize,
        /// The round, from 1.
        round: usize,
    },
    /// A game gave more than a win's 2 half-points.
    TooManyPoints {
        /// The player's index.
        player: usize,
        /// The round, from 1.
        round: usize,
    },
}

impl fmt::Display for CrosstableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CrosstableError::UnknownOpponent {
                player,
                round,
                opponent,
            } => write!(
                f,
                "player {player}, round {round}: opponent {opponent} is not in the crosstable"
            ),
            CrosstableError::OwnOpponent { player, round } => {
                write!(f, "player {player}, round {round}: paired with himself")
            }
            CrosstableError::TooManyPoints { player, round } => write!(
                f,
                "player {player}, round {round}: a game gives 2 half-points at most"
            ),
        }
    }
}

impl std::error::Error for CrosstableError {}

/// A tie-break, as `--tiebreaks` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// `direct`: direct encounter (C.07 art. 6).
    DirectEncounter,
    /// `wins`: number of wins, with or without playing (7.1).
    Wins,
    /// `sb`: Sonneborn-Berger (9.1).
    SonnebornBerger,
    /// `buchholz`: Buchholz (8.1).
    Buchholz,
    /// `buchholz-cut1`: Buchholz less its least significant value (14.1).
    BuchholzCut1,
    /// `buchholz-median1`: Buchholz less its least and most significant
    /// values (14.3).
    BuchholzMedian1,
    /// `seed-diff`: seeds won less seeds lost.
    SeedDifference,
}

/// Every tie-break, in the order the documentation lists them.
pub const TIE_BREAKS: [TieBreak; 7] = [
    TieBreak::DirectEncounter,
    TieBreak::Wins,
    TieBreak::SonnebornBerger,
    TieBreak::Buchholz,
    TieBreak::BuchholzCut1,
    TieBreak::BuchholzMedian1,
    TieBreak::SeedDifference,
];

impl TieBreak {
    /// Its name on the command line and in JSON.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::DirectEncounter => "direct",
            TieBreak::Wins => "wins",
            TieBreak::SonnebornBerger => "sb",
            TieBreak::Buchholz => "buchholz",
            TieBreak::BuchholzCut1 => "buchholz-cut1",
            TieBreak::BuchholzMedian1 => "buchholz-median1",
            TieBreak::SeedDifference => "seed-diff",
        }
    }

    /// Its acronym in C.07 (`DE`, `WIN`, `SB`, `BH`, `BH-C1`, `BH-M1`),
    /// `SD` for the seed difference: a column's heading.
    #[must_use]
    pub fn acronym(self) -> &'static str {
        match self {
            TieBreak::DirectEncounter => "DE",
            TieBreak::Wins => "WIN",
            TieBreak::SonnebornBerger => "SB",
            TieBreak::Buchholz => "BH",
            TieBreak::BuchholzCut1 => "BH-C1",
            TieBreak::BuchholzMedian1 => "BH-M1",
            TieBreak::SeedDifference => "SD",
        }
    }

    /// A comma-separated list (`direct,wins,sb,buchholz-cut1,seed-diff`),
    /// in order. C.07's acronyms are taken too (`de`, `win`, `bh`,
    /// `bh-c1`, `bh-m1`), in any case.
    ///
    /// # Errors
    /// An unknown name, a name given twice, or no name at all.
    pub fn parse_list(list: &str) -> Result<Vec<TieBreak>, UnknownTieBreak> {
        let mut order = Vec::new();
        for name in list.split(',').map(str::trim) {
            let tie_break: TieBreak = name.parse()?;
            if order.contains(&tie_break) {
                return Err(UnknownTieBreak::Twice(tie_break.name()));
            }
            order.push(tie_break);
        }
        Ok(order)
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A tie-break list that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnknownTieBreak {
    /// A name that is none of the tie-breaks (empty for a missing one).
    Name(String),
    /// A tie-break listed twice.
    Twice(&'static str),
}

impl fmt::Display for UnknownTieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = TIE_BREAKS.iter().map(|t| t.name()).collect();
        match self {
            UnknownTieBreak::Name(name) if name.is_empty() => write!(
                f,
                "a tie-break is missing from the list: name them separated by commas, among {}",
                known.join(", ")
            ),
            UnknownTieBreak::Name(name) => write!(
                f,
                "unknown tie-break `{name}`: use {} (FIDE C.07)",
                known.join(", ")
            ),
            UnknownTieBreak::Twice(name) => {
                write!(f, "the tie-break `{name}` is listed twice: once is enough")
            }
        }
    }
}

impl std::error::Error for UnknownTieBreak {}

impl FromStr for TieBreak {
    type Err = UnknownTieBreak;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        let lower = name.trim().to_ascii_lowercase();
        TIE_BREAKS
            .into_iter()
            .find(|t| t.name() == lower || t.acronym().eq_ignore_ascii_case(&lower))
            .ok_or_else(|| UnknownTieBreak::Name(name.trim().to_owned()))
    }
}

/// One player's place in a ranked crosstable.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// The player's index.
    pub player: usize,
    /// His rank from 1; players no tie-break separates share it.
    pub rank: usize,
    /// His points.
    pub points: f64,
    /// His value of each tie-break of the order, in that order (direct
    /// encounter: his points against the players he was tied with).
    pub values: Vec<f64>,
}

/// A player's contribution of one round to Buchholz and
/// Sonneborn-Berger: the (adjusted or dummy) opponent's score, and that
/// score times the player's points.
#[derive(Debug, Clone, Copy)]
struct Contribution {
    /// Half-points.
    opponent_score: u32,
    /// Quarter-points.
    product: u32,
    /// From a voluntary unplayed round (16.1.2), cut first (16.5).
    voluntary: bool,
}

/// An event's crosstable, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crosstable {
    system: System,
    rounds: usize,
    players: Vec<Entrant>,
    /// Each player's half-points, counted once.
    scores: Vec<u32>,
    /// Each player's score as his opponents' tie-breaks see it (16.3).
    adjusted: Vec<u32>,
}

impl Crosstable {
    /// The crosstable of `players`. Its number of rounds is the longest
    /// player's; in a Swiss, a player with fewer rounds is counted absent
    /// from the last ones (zero-point byes: C.07 16.1.1, the rounds after
    /// a withdrawal). In a round robin, rounds without an opponent (the
    /// bye of an odd number of players) count for no tie-break.
    ///
    /// # Errors
    /// A round names an opponent out of the table or the player himself,
    /// or a game gives more than 2 half-points.
    pub fn new(system: System, mut players: Vec<Entrant>) -> Result<Self, CrosstableError> {
        let count = players.len();
        for (player, entrant) in players.iter().enumerate() {
            for (index, result) in entrant.rounds.iter().enumerate() {
                let round = index + 1;
                if let RoundResult::Played { half_points, .. } = result
                    && *half_points > 2
                {
                    return Err(CrosstableError::TooManyPoints { player, round });
                }
                match result.opponent() {
                    Some(opponent) if opponent >= count => {
                        return Err(CrosstableError::UnknownOpponent {
                            player,
                            round,
                            opponent,
                        });
                    }
                    Some(opponent) if opponent == player => {
                        return Err(CrosstableError::OwnOpponent { player, round });
                    }
                    _ => {}
                }
            }
        }
        let rounds = players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
        if system == System::Swiss {
            for entrant in &mut players {
                entrant.rounds.resize(rounds, RoundResult::ZeroPointBye);
            }
        }
        let scores = players
            .iter()
            .map(|p| p.rounds.iter().map(|r| r.half_points()).sum())
            .collect();
        let adjusted = players
            .iter()
            .map(|p| adjusted_score(system, &p.rounds))
            .collect();
        Ok(Crosstable {
            system,
            rounds,
            players,
            scores,
            adjusted,
        })
    }

    /// The number of players.
    #[must_use]
    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// No player.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    /// The number of rounds.
    #[must_use]
    pub fn rounds(&self) -> usize {
        self.rounds
    }

    /// `player`'s points (1 a win, ½ a draw, byes and forfeits as
    /// awarded).
    #[must_use]
    pub fn points(&self, player: usize) -> f64 {
        f64::from(self.half_points(player)) / 2.0
    }

    fn half_points(&self, player: usize) -> u32 {
        self.scores[player]
    }

    /// The value of `tie_break` for `player`; direct encounter, which
    /// depends on who is tied, is his points against all the others.
    #[must_use]
    pub fn value(&self, tie_break: TieBreak, player: usize) -> f64 {
        match tie_break {
            TieBreak::DirectEncounter => {
                let everyone: Vec<usize> = (0..self.len()).collect();
                self.encounters(player, &everyone).0
            }
            TieBreak::Wins => f64::from(self.wins(player)),
            TieBreak::SonnebornBerger => {
                let products: u32 = self.contributions(player).iter().map(|c| c.product).sum();
                f64::from(products) / 4.0
            }
            TieBreak::Buchholz => self.buchholz(player, 0, 0),
            TieBreak::BuchholzCut1 => self.buchholz(player, 1, 0),
            TieBreak::BuchholzMedian1 => self.buchholz(player, 1, 1),
            // Seed differences are far below 2^53.
            TieBreak::SeedDifference => self.players[player].seed_difference as f64,
        }
    }

    /// C.07 7.1: the rounds where the player got a win's points, with or
    /// without playing (forfeit wins and full-point byes count).
    fn wins(&self, player: usize) -> u32 {
        let wins = self.players[player]
            .rounds
            .iter()
            .filter(|r| r.half_points() == 2)
            .count();
        u32::try_from(wins).unwrap_or(u32::MAX)
    }

    fn adjusted_score(&self, player: usize) -> u32 {
        self.adjusted[player]
    }

    /// Every round's contribution to the player's Buchholz and
    /// Sonneborn-Berger (8.1, 9.1): the opponent's adjusted score, and
    /// that times the player's points.
    ///
    /// - A game played: the opponent's adjusted score (16.3).
    /// - Round robin: a forfeit counts as a game against the scheduled
    ///   opponent (15.2); a round without opponent counts nothing.
    /// - Swiss, an unplayed round: a dummy opponent whose score is the
    ///   player's own (16.4), at most the scheduled opponent's adjusted
    ///   score for a forfeit (16.4.1), at most a draw's points times the
    ///   number of rounds for a bye (16.4.2).
    fn contributions(&self, player: usize) -> Vec<Contribution> {
        let own = self.half_points(player);
        let rounds_as_half_points = u32::try_from(self.rounds).unwrap_or(u32::MAX);
        let mut contributions = Vec::new();
        for &result in &self.players[player].rounds {
            let opponent_score = match (self.system, result) {
                (_, RoundResult::Played { opponent, .. })
                | (
                    System::RoundRobin,
                    RoundResult::ForfeitWin { opponent } | RoundResult::ForfeitLoss { opponent },
                ) => self.adjusted_score(opponent),
                (System::RoundRobin, _) => continue,
                (
                    System::Swiss,
                    RoundResult::ForfeitWin { opponent } | RoundResult::ForfeitLoss { opponent },
                ) => own.min(self.adjusted_score(opponent)),
                (System::Swiss, _) => own.min(rounds_as_half_points),
            };
            contributions.push(Contribution {
                opponent_score,
                product: opponent_score * result.half_points(),
                voluntary: self.system == System::Swiss && result.voluntary(),
            });
        }
        contributions
    }

    /// Buchholz with `low` least significant values cut (14.1, with the
    /// exception of 16.5 for voluntary unplayed rounds) and then `high`
    /// most significant ones (14.3).
    fn buchholz(&self, player: usize, low: usize, high: usize) -> f64 {
        let mut contributions = self.contributions(player);
        for _ in 0..low {
            let Some(least) = (0..contributions.len()).min_by_key(|&i| {
                let c = contributions[i];
                (c.opponent_score, c.product)
            }) else {
                break;
            };
            // 16.5.1: with a voluntary unplayed round, its lowest
            // contribution is cut, unless it is lower than the least
            // significant value (for Buchholz it never is).
            let voluntary = (0..contributions.len())
                .filter(|&i| contributions[i].voluntary)
                .min_by_key(|&i| contributions[i].opponent_score);
            let cut = match voluntary {
                Some(v)
                    if contributions[v].opponent_score >= contributions[least].opponent_score =>
                {
                    v
                }
                _ => least,
            };
            contributions.swap_remove(cut);
        }
        for _ in 0..high {
            let Some(most) = (0..contributions.len()).max_by_key(|&i| {
                let c = contributions[i];
                (c.opponent_score, c.product)
            }) else {
                break;
            };
            contributions.swap_remove(most);
        }
        f64::from(contributions.iter().map(|c| c.opponent_score).sum::<u32>()) / 2.0
    }

    /// The player's points against `group` (the others of it) and the
    /// number of them he has not met, per C.07 6.1: several games against
    /// one opponent count their average (6.1.2); a forfeit counts in a
    /// round robin (15.2), not in a Swiss (6.1.1).
    fn encounters(&self, player: usize, group: &[usize]) -> (f64, usize) {
        let mut score = 0.0;
        let mut unmet = 0;
        for &other in group.iter().filter(|&&o| o != player) {
            let mut total = 0u32;
            let mut games = 0u32;
            for result in &self.players[player].rounds {
                let counted = match result {
                    RoundResult::Played { opponent, .. } => *opponent == other,
                    RoundResult::ForfeitWin { opponent }
                    | RoundResult::ForfeitLoss { opponent } => {
                        *opponent == other && self.system == System::RoundRobin
                    }
                    _ => false,
                };
                if counted {
                    total += result.half_points();
                    games += 1;
                }
            }
            if games == 0 {
                unmet += 1;
            } else {
                score += f64::from(total) / 2.0 / f64::from(games);
            }
        }
        (score, unmet)
    }

    /// Direct encounter over a group of tied players (C.07 6.2, 6.3): the
    /// group split into groups still tied, best first.
    fn direct_encounter(&self, group: &[usize]) -> Vec<Vec<usize>> {
        if group.len() < 2 {
            return vec![group.to_vec()];
        }
        let scores: Vec<(usize, f64, usize)> = group
            .iter()
            .map(|&p| {
                let (score, unmet) = self.encounters(p, group);
                (p, score, unmet)
            })
            .collect();
        let all_met = scores.iter().all(|&(_, _, unmet)| unmet == 0);
        if all_met || self.system == System::RoundRobin {
            // 6.2: the separate standings rank them; a subset still tied
            // has article 6 applied again among itself alone.
            let mut sorted = scores;
            sorted.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
            let mut out = Vec::new();
            for tied in split_by(&sorted, |a, b| same(a.1, b.1)) {
                let players: Vec<usize> = tied.iter().map(|s| s.0).collect();
                if players.len() == group.len() {
                    out.push(players);
                } else {
                    out.extend(self.direct_encounter(&players));
                }
            }
            return out;
        }
        // 6.3: in a Swiss where not all have met, a player alone at the
        // top whatever the missing games (each a win for whoever did not
        // play it) is ranked first, then the second so, and so on; the
        // rest have article 6 applied again among themselves.
        let mut remaining = scores;
        let mut out = Vec::new();
        loop {
            remaining.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
            let Some(&(top, top_score, _)) = remaining.first() else {
                break;
            };
            // f64 of a count far below 2^53.
            let best_of_the_others = remaining[1..]
                .iter()
                .map(|&(_, score, unmet)| score + unmet as f64)
                .fold(f64::NEG_INFINITY, f64::max);
            if remaining.len() > 1 && top_score > best_of_the_others + TOLERANCE {
                out.push(vec![top]);
                remaining.remove(0);
            } else {
                break;
            }
        }
        let rest: Vec<usize> = remaining.iter().map(|s| s.0).collect();
        if rest.len() == group.len() || rest.len() < 2 {
            if !rest.is_empty() {
                out.push(rest);
            }
        } else {
            out.extend(self.direct_encounter(&rest));
        }
        out
    }

    /// The players ranked by points, then by `order`: players level on
    /// points and on every tie-break share a rank, listed by index. Direct
    /// encounter applies to the players tied when it comes.
    #[must_use]
    pub fn rank(&self, order: &[TieBreak]) -> Vec<Placed> {
        let mut values: Vec<Vec<f64>> = vec![vec![0.0; order.len()]; self.len()];
        for (column, &tie_break) in order.iter().enumerate() {
            if tie_break != TieBreak::DirectEncounter {
                for (player, row) in values.iter_mut().enumerate() {
                    row[column] = self.value(tie_break, player);
                }
            }
        }
        let mut everyone: Vec<usize> = (0..self.len()).collect();
        everyone.sort_by(|&a, &b| {
            self.half_points(b)
                .cmp(&self.half_points(a))
                .then(a.cmp(&b))
        });
        let mut groups: Vec<Vec<usize>> = split_by(&everyone, |&a, &b| {
            self.half_points(a) == self.half_points(b)
        });
        for (column, &tie_break) in order.iter().enumerate() {
            let mut refined = Vec::new();
            for group in groups {
                if tie_break == TieBreak::DirectEncounter {
                    for &player in &group {
                        values[player][column] = self.encounters(player, &group).0;
                    }
                    refined.extend(self.direct_encounter(&group));
                } else {
                    let mut sorted = group;
                    sorted.sort_by(|&a, &b| {
                        values[b][column]
                            .total_cmp(&values[a][column])
                            .then(a.cmp(&b))
                    });
                    refined.extend(split_by(&sorted, |&a, &b| {
                        same(values[a][column], values[b][column])
                    }));
                }
            }
            groups = refined;
        }
        let mut placed = Vec::with_capacity(self.len());
        for mut group in groups {
            group.sort_unstable();
            let rank = placed.len() + 1;
            for player in group {
                placed.push(Placed {
                    player,
                    rank,
                    points: self.points(player),
                    values: values[player].clone(),
                });
            }
        }
        placed
    }
}

/// A player's score as his opponents' tie-breaks see it (16.3): his
/// requested byes followed only by voluntary unplayed rounds, or in the
/// last round, count as draws (16.3.2, category 16.2.5); every other round
/// as awarded (16.3.1). In a round robin, his score.
fn adjusted_score(system: System, rounds: &[RoundResult]) -> u32 {
    if system == System::RoundRobin {
        return rounds.iter().map(|r| r.half_points()).sum();
    }
    let mut only_voluntary_after = true;
    let mut score = 0;
    for result in rounds.iter().rev() {
        score += if result.requested_bye() && only_voluntary_after {
            1
        } else {
            result.half_points()
        };
        only_voluntary_after &= result.voluntary();
    }
    score
}

/// Differences below it are rounding: every value is a multiple of a
/// quarter, or a sum of averages of a few games.
const TOLERANCE: f64 = 1e-9;

fn same(a: f64, b: f64) -> bool {
    (a - b).abs() < TOLERANCE
}

/// `items` cut into runs of neighbours that `tied` says are tied.
fn split_by<T: Clone>(items: &[T], tied: impl Fn(&T, &T) -> bool) -> Vec<Vec<T>> {
    let mut out: Vec<Vec<T>> = Vec::new();
    for item in items {
        match out.last_mut() {
            Some(run) if run.last().is_some_and(|last| tied(last, item)) => run.push(item.clone()),
            _ => out.push(vec![item.clone()]),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(opponent: usize, half_points: u8) -> RoundResult {
        RoundResult::Played {
            opponent,
            half_points,
        }
    }

    fn values(table: &Crosstable, tie_break: TieBreak) -> Vec<f64> {
        (0..table.len())
            .map(|p| table.value(tie_break, p))
            .collect()
    }

    /// A round robin of four, A B C D (0 to 3), computed by hand:
    /// - round 1: A beats B, C and D draw;
    /// - round 2: C beats A, B beats D;
    /// - round 3: A beats D, B wins against C by forfeit.
    ///
    /// Points: A 2, B 2, C 1½, D ½. In a round robin the forfeit is a
    /// regular game (C.07 15.2): B's win over C counts in every tie-break.
    fn round_robin() -> Crosstable {
        Crosstable::new(
            System::RoundRobin,
            vec![
                Entrant::new(vec![game(1, 2), game(2, 0), game(3, 2)], 10),
                Entrant::new(
                    vec![
                        game(0, 0),
                        game(3, 2),
                        RoundResult::ForfeitWin { opponent: 2 },
                    ],
                    12,
                ),
                Entrant::new(
                    vec![
                        game(3, 1),
                        game(0, 2),
                        RoundResult::ForfeitLoss { opponent: 1 },
                    ],
                    -4,
                ),
                Entrant::new(vec![game(2, 1), game(1, 0), game(0, 0)], -18),
            ],
        )
        .unwrap()
    }

    #[test]
    fn round_robin_values() {
        let table = round_robin();
        assert_eq!(
            (0..4).map(|p| table.points(p)).collect::<Vec<_>>(),
            [2.0, 2.0, 1.5, 0.5]
        );
        // 7.1: B's forfeit win is a win.
        assert_eq!(values(&table, TieBreak::Wins), [2.0, 2.0, 1.0, 0.0]);
        // 9.1: A = B's 2 × 1 + C's 1½ × 0 + D's ½ × 1 = 2.5;
        // B = A's 2 × 0 + D's ½ × 1 + C's 1½ × 1 (the forfeit) = 2;
        // C = D's ½ × ½ + A's 2 × 1 + B's 2 × 0 = 2.25; D = C's 1½ × ½.
        assert_eq!(
            values(&table, TieBreak::SonnebornBerger),
            [2.5, 2.0, 2.25, 0.75]
        );
        // 8.1 (not meant for round robins, but defined): A = 2 + 1½ + ½.
        assert_eq!(values(&table, TieBreak::Buchholz), [4.0, 4.0, 4.5, 5.5]);
        assert_eq!(
            values(&table, TieBreak::SeedDifference),
            [10.0, 12.0, -4.0, -18.0]
        );
    }

    #[test]
    fn round_robin_orders() {
        let table = round_robin();
        let order = |list: &str| -> Vec<(usize, usize)> {
            let order = TieBreak::parse_list(list).unwrap();
            table
                .rank(&order)
                .iter()
                .map(|p| (p.player, p.rank))
                .collect()
        };
        // Level on wins and Buchholz: A and B share the first place.
        assert_eq!(order("wins,buchholz"), [(0, 1), (1, 1), (2, 3), (3, 4)]);
        // A beat B (6.2), has the better Sonneborn-Berger: first.
        assert_eq!(order("direct"), [(0, 1), (1, 2), (2, 3), (3, 4)]);
        assert_eq!(order("sb"), [(0, 1), (1, 2), (2, 3), (3, 4)]);
        // The clubs' seed difference puts B first.
        assert_eq!(order("seed-diff"), [(1, 1), (0, 2), (2, 3), (3, 4)]);
        // No tie-break: points alone.
        assert_eq!(order_none(&table), [(0, 1), (1, 1), (2, 3), (3, 4)]);
    }

    fn order_none(table: &Crosstable) -> Vec<(usize, usize)> {
        table.rank(&[]).iter().map(|p| (p.player, p.rank)).collect()
    }

    /// A Swiss of five, A B C D E (0 to 4), three rounds, with every kind
    /// of unplayed round, computed by hand:
    /// - round 1: A beats B, D beats C, E has the pairing-allocated bye;
    /// - round 2: A and D draw, B wins by forfeit against E, C takes a
    ///   half-point bye;
    /// - round 3: A beats C, D beats B; E has withdrawn (a zero-point bye,
    ///   16.1.1 — left out of his rounds, the table fills it in).
    ///
    /// Points: A 2½, B 1, C ½, D 2½, E 1.
    fn swiss() -> Crosstable {
        Crosstable::new(
            System::Swiss,
            vec![
                Entrant::new(vec![game(1, 2), game(3, 1), game(2, 2)], 0),
                Entrant::new(
                    vec![
                        game(0, 0),
                        RoundResult::ForfeitWin { opponent: 4 },
                        game(3, 0),
                    ],
                    0,
                ),
                Entrant::new(vec![game(3, 0), RoundResult::HalfPointBye, game(0, 0)], 0),
                Entrant::new(vec![game(2, 2), game(0, 1), game(1, 2)], 5),
                Entrant::new(
                    vec![
                        RoundResult::PairingBye,
                        RoundResult::ForfeitLoss { opponent: 1 },
                    ],
                    0,
                ),
            ],
        )
        .unwrap()
    }

    #[test]
    fn swiss_adjusted_scores() {
        let table = swiss();
        assert_eq!(table.rounds(), 3);
        // 16.3: C's half-point bye is followed by a game (16.2.3): as
        // awarded, ½. E's last round, a zero-point bye after withdrawing
        // (16.2.5), counts as a draw: 1 + 0 + ½ = 1½ for his opponents.
        let adjusted: Vec<u32> = (0..5).map(|p| table.adjusted_score(p)).collect();
        assert_eq!(adjusted, [5, 2, 1, 5, 3]);
    }

    #[test]
    fn swiss_buchholz() {
        let table = swiss();
        // 8.1 with 16.4, in points:
        // A = B 1 + D 2½ + C ½ = 4;
        // B = A 2½ + dummy (own 1, at most E's adjusted 1½: 16.4.1) 1 + D 2½ = 6;
        // C = D 2½ + dummy (own ½, at most ½ × 3 rounds: 16.4.2) ½ + A 2½ = 5½;
        // D = C ½ + A 2½ + B 1 = 4;
        // E = three dummies at his own 1 (the bye, the forfeit loss — at
        //     most B's 1 — and the withdrawal) = 3.
        assert_eq!(
            values(&table, TieBreak::Buchholz),
            [4.0, 6.0, 5.5, 4.0, 3.0]
        );
        // 14.1: the least value cut; C and E cut a voluntary unplayed
        // round first (16.5.1): C his bye's ½, E one of his VURs' 1.
        assert_eq!(
            values(&table, TieBreak::BuchholzCut1),
            [3.5, 5.0, 5.0, 3.5, 2.0]
        );
        // 14.3: then the most significant value too.
        assert_eq!(
            values(&table, TieBreak::BuchholzMedian1),
            [1.0, 2.5, 2.5, 1.0, 1.0]
        );
    }

    #[test]
    fn swiss_sonneborn_berger_and_wins() {
        let table = swiss();
        // 9.1: A = B 1 × 1 + D 2½ × ½ + C ½ × 1 = 2.75; D the same;
        // B = the forfeit's dummy 1 × 1; C = his bye's dummy ½ × ½;
        // E = the pairing bye's dummy 1 × 1.
        assert_eq!(
            values(&table, TieBreak::SonnebornBerger),
            [2.75, 1.0, 0.25, 2.75, 1.0]
        );
        // 7.1: the forfeit win and the pairing bye are wins.
        assert_eq!(values(&table, TieBreak::Wins), [2.0, 1.0, 0.0, 2.0, 1.0]);
    }

    #[test]
    fn swiss_ranking() {
        let table = swiss();
        let order = TieBreak::parse_list("direct,sb,buchholz").unwrap();
        let placed = table.rank(&order);
        let ranks: Vec<(usize, usize)> = placed.iter().map(|p| (p.player, p.rank)).collect();
        // A and D drew (direct encounter ½ each), are level on SB and
        // Buchholz: they share the first place. B and E: B's forfeit win
        // over E does not count in a Swiss's direct encounter (6.1.1), SB
        // is level, Buchholz puts B ahead.
        assert_eq!(ranks, [(0, 1), (3, 1), (1, 3), (4, 4), (2, 5)]);
        assert_eq!(placed[0].values, [0.5, 2.75, 4.0]);
        assert_eq!(placed[2].values, [0.0, 1.0, 6.0]);
        // The seed difference then parts A and D.
        let order = TieBreak::parse_list("direct,sb,buchholz,seed-diff").unwrap();
        let ranks: Vec<usize> = table.rank(&order).iter().map(|p| p.player).collect();
        assert_eq!(ranks, [3, 0, 1, 4, 2]);
    }

    /// 16.5.1's exception: a Swiss of four, two rounds. Round 1: P0 beats
    /// P1, P2 beats P3; round 2: P0 loses by forfeit to P2, P1 and P3
    /// draw. P0's Buchholz: P1's ½ + the dummy of his forfeit loss, his
    /// own 1 (at most P2's 2) = 1½. Cut-1 would cut P1's ½; the forfeit
    /// loss is a voluntary unplayed round, so its 1 is cut instead.
    #[test]
    fn cut1_cuts_a_voluntary_unplayed_round_first() {
        let table = Crosstable::new(
            System::Swiss,
            vec![
                Entrant::new(
                    vec![game(1, 2), RoundResult::ForfeitLoss { opponent: 2 }],
                    0,
                ),
                Entrant::new(vec![game(0, 0), game(3, 1)], 0),
                Entrant::new(vec![game(3, 2), RoundResult::ForfeitWin { opponent: 0 }], 0),
                Entrant::new(vec![game(2, 0), game(1, 1)], 0),
            ],
        )
        .unwrap();
        assert_eq!(table.value(TieBreak::Buchholz, 0), 1.5);
        assert_eq!(table.value(TieBreak::BuchholzCut1, 0), 0.5);
        // P2's forfeit win: his dummy is his own 2, at most P0's 1
        // (16.4.1); not voluntary, so Cut-1 takes the least, P3's ½.
        assert_eq!(table.value(TieBreak::Buchholz, 2), 1.5);
        assert_eq!(table.value(TieBreak::BuchholzCut1, 2), 1.0);
    }

    /// 6.1.1 and 15.2: a forfeit decides a direct encounter in a round
    /// robin, not in a Swiss.
    #[test]
    fn a_forfeit_counts_in_direct_encounter_only_in_a_round_robin() {
        let players = || {
            vec![
                Entrant::new(vec![RoundResult::ForfeitWin { opponent: 1 }], 0),
                Entrant::new(vec![RoundResult::ForfeitLoss { opponent: 0 }], 0),
            ]
        };
        let round_robin = Crosstable::new(System::RoundRobin, players()).unwrap();
        assert_eq!(round_robin.direct_encounter(&[0, 1]), [vec![0], vec![1]]);
        let swiss = Crosstable::new(System::Swiss, players()).unwrap();
        assert_eq!(swiss.direct_encounter(&[0, 1]), [vec![0, 1]]);
    }

    /// 6.3: in a Swiss, A beat B and C, B and C never met: A is first
    /// whatever their missing game; B and C stay tied. 6.2 with a
    /// subset: in a round robin where D, E, F each beat one of the others
    /// and G lost to all three, G is last and D E F are still tied among
    /// themselves.
    #[test]
    fn direct_encounter_ranks_whom_it_can() {
        let swiss = Crosstable::new(
            System::Swiss,
            vec![
                Entrant::new(vec![game(1, 2), game(2, 2)], 0),
                Entrant::new(vec![game(0, 0)], 0),
                Entrant::new(vec![game(0, 0)], 0),
            ],
        )
        .unwrap();
        assert_eq!(swiss.direct_encounter(&[0, 1, 2]), [vec![0], vec![1, 2]]);
        // A beat only B; C could still win against B and equal A: nothing.
        let open = Crosstable::new(
            System::Swiss,
            vec![
                Entrant::new(vec![game(1, 2)], 0),
                Entrant::new(vec![game(0, 0)], 0),
                Entrant::new(vec![], 0),
            ],
        )
        .unwrap();
        assert_eq!(open.direct_encounter(&[0, 1, 2]), [vec![0, 1, 2]]);
        let cycle = Crosstable::new(
            System::RoundRobin,
            vec![
                Entrant::new(vec![game(1, 2), game(2, 0), game(3, 2)], 0),
                Entrant::new(vec![game(0, 0), game(2, 2), game(3, 2)], 0),
                Entrant::new(vec![game(0, 2), game(1, 0), game(3, 2)], 0),
                Entrant::new(vec![game(0, 0), game(1, 0), game(2, 0)], 0),
            ],
        )
        .unwrap();
        assert_eq!(
            cycle.direct_encounter(&[0, 1, 2, 3]),
            [vec![0, 1, 2], vec![3]]
        );
        // Two games against one opponent count their average (6.1.2).
        let double = Crosstable::new(
            System::RoundRobin,
            vec![
                Entrant::new(vec![game(1, 2), game(1, 1)], 0),
                Entrant::new(vec![game(0, 0), game(0, 1)], 0),
            ],
        )
        .unwrap();
        assert_eq!(double.encounters(0, &[0, 1]), (0.75, 0));
    }

    #[test]
    fn bad_crosstables_are_refused() {
        let err = Crosstable::new(System::Swiss, vec![Entrant::new(vec![game(3, 2)], 0)]);
        assert_eq!(
            err,
            Err(CrosstableError::UnknownOpponent {
                player: 0,
                round: 1,
                opponent: 3
            })
        );
        let own = Crosstable::new(System::Swiss, vec![Entrant::new(vec![game(0, 2)], 0)]);
        assert_eq!(
            own,
            Err(CrosstableError::OwnOpponent {
                player: 0,
                round: 1
            })
        );
        let many = Crosstable::new(
            System::Swiss,
            vec![Entrant::new(vec![game(1, 3)], 0), Entrant::new(vec![], 0)],
        );
        assert_eq!(
            many,
            Err(CrosstableError::TooManyPoints {
                player: 0,
                round: 1
            })
        );
        assert!(
            Crosstable::new(System::Swiss, vec![])
                .unwrap()
                .rank(&TIE_BREAKS)
                .is_empty()
        );
    }

    #[test]
    fn tie_break_lists() {
        assert_eq!(
            TieBreak::parse_list("direct,wins,sb,buchholz-cut1,seed-diff").unwrap(),
            [
                TieBreak::DirectEncounter,
                TieBreak::Wins,
                TieBreak::SonnebornBerger,
                TieBreak::BuchholzCut1,
                TieBreak::SeedDifference
            ]
        );
        assert_eq!(
            TieBreak::parse_list("DE, BH-M1,win").unwrap(),
            [
                TieBreak::DirectEncounter,
                TieBreak::BuchholzMedian1,
                TieBreak::Wins
            ]
        );
        let unknown = TieBreak::parse_list("sb,koya").unwrap_err();
        assert_eq!(unknown, UnknownTieBreak::Name("koya".into()));
        assert!(unknown.to_string().contains("buchholz-cut1"));
        assert_eq!(
            TieBreak::parse_list("sb,SB"),
            Err(UnknownTieBreak::Twice("sb"))
        );
        assert_eq!(
            TieBreak::parse_list("sb,,wins"),
            Err(UnknownTieBreak::Name(String::new()))
        );
        for tie_break in TIE_BREAKS {
            assert_eq!(tie_break.name().parse::<TieBreak>(), Ok(tie_break));
        }
    }
}

//! The players as the Dutch system sees them before a round: their games,
//! scores, colour preferences, and which of them are to be paired.

use crate::tournament::trf::{Colour, Outcome, Round, Tournament};

/// A game's score for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Score {
    Win,
    Draw,
    Loss,
}

/// One round of a player's history.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Match {
    /// The opponent's index; the player's own index when none.
    pub(crate) opponent: usize,
    pub(crate) colour: Option<Colour>,
    pub(crate) score: Score,
    /// Played over the board.
    pub(crate) played: bool,
    /// Paired by the system (a game, a forfeit, or the pairing-allocated
    /// bye), as opposed to an absence or a requested bye.
    pub(crate) paired: bool,
}

impl Match {
    fn absent(own: usize) -> Match {
        Match {
            opponent: own,
            colour: None,
            score: Score::Loss,
            played: false,
            paired: false,
        }
    }

    fn from_round(round: &Round, own: usize) -> Match {
        let opponent = round.opponent.map_or(own, |n| n as usize - 1);
        let score = match round.outcome {
            Outcome::Win | Outcome::ForfeitWin | Outcome::FullBye | Outcome::PairingBye => {
                Score::Win
            }
            Outcome::Draw | Outcome::HalfBye => Score::Draw,
            _ => Score::Loss,
        };
        let played = opponent != own && round.colour.is_some() && round.outcome.is_played();
        let paired =
            opponent != own || matches!(round.outcome, Outcome::PairingBye | Outcome::ForfeitWin);
        Match {
            opponent,
            colour: round.colour,
            score,
            played,
            paired,
        }
    }

    /// The points, in tenths (standard system: the pairing-allocated bye
    /// counts as a win).
    pub(crate) fn points(&self) -> u32 {
        match self.score {
            Score::Win => 10,
            Score::Draw => 5,
            Score::Loss => 0,
        }
    }
}

/// A player as the pairing sees them.
#[derive(Clone, Debug)]
pub(crate) struct Player {
    /// The index: the pairing number less one.
    pub(crate) id: usize,
    pub(crate) matches: Vec<Match>,
    /// Points before the round, in tenths.
    pub(crate) score: u32,
    /// Counted in the tournament (has played, or is not absent).
    pub(crate) valid: bool,
    /// The rank among the valid players: breaks ties and chooses colours.
    pub(crate) rank: usize,
    pub(crate) played_games: usize,
    pub(crate) imbalance: usize,
    pub(crate) preference: Option<Colour>,
    /// The colour of the last two games when they were the same.
    pub(crate) repeated: Option<Colour>,
    pub(crate) strong: bool,
}

impl Player {
    pub(crate) fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    pub(crate) fn absolute_preference(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }

    /// The score `back` rounds before the round being paired.
    pub(crate) fn score_back(&self, rounds: usize, back: usize) -> u32 {
        let earlier: u32 = self.matches[rounds - back..rounds]
            .iter()
            .map(Match::points)
            .sum();
        self.score - earlier
    }

    /// The bye is for a player who has not had a point without playing.
    pub(crate) fn eligible_for_bye(&self) -> bool {
        !self
            .matches
            .iter()
            .any(|m| !m.played && (m.points() >= 10 || (m.paired && m.opponent == self.id)))
    }

    fn compute_colours(&mut self) {
        let (mut white, mut black, mut streak) = (0usize, 0usize, 0usize);
        let mut last = None;
        for game in self.matches.iter().filter(|m| m.played) {
            self.played_games += 1;
            let colour = game.colour.unwrap_or(Colour::White);
            match colour {
                Colour::White => white += 1,
                Colour::Black => black += 1,
            }
            streak = if streak == 0 || Some(colour) != last {
                1
            } else {
                streak + 1
            };
            last = Some(colour);
        }
        let lower = if white > black {
            Colour::Black
        } else {
            Colour::White
        };
        self.imbalance = white.abs_diff(black);
        self.preference = if self.imbalance > 1 {
            Some(lower)
        } else if streak > 1 {
            last.map(Colour::invert)
        } else if self.imbalance > 0 {
            Some(lower)
        } else if streak > 0 {
            last.map(Colour::invert)
        } else {
            None
        };
        self.repeated = if streak > 1 { last } else { None };
        self.strong = !self.absolute_preference() && self.imbalance > 0;
    }
}

/// The field before a round: every player, the rounds played, the rounds
/// planned, the first round's colour.
#[derive(Clone, Debug)]
pub struct Field {
    pub(crate) players: Vec<Player>,
    pub(crate) played_rounds: usize,
    pub(crate) expected_rounds: usize,
    pub(crate) initial_colour: Colour,
}

/// Why a file's next round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldError {
    /// The pairing numbers are not 1 to N without a gap.
    MissingNumber(u32),
    /// Pairing needs the number of rounds (`XXR`).
    NoRoundCount,
    /// More rounds were played than `XXR` says.
    TooManyRounds,
    /// Round 1 needs the first colour (`XXC white1` or `XXC black1`).
    NoInitialColour,
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FieldError::MissingNumber(n) => write!(f, "pairing number {n} has no player's line"),
            FieldError::NoRoundCount => write!(
                f,
                "the number of rounds is needed: add a line `XXR <rounds>`"
            ),
            FieldError::TooManyRounds => write!(f, "more rounds are played than the line XXR says"),
            FieldError::NoInitialColour => {
                write!(
                    f,
                    "the first round's colour is needed: add a line `XXC white1` or `XXC black1`"
                )
            }
        }
    }
}

impl std::error::Error for FieldError {}

/// The players' rounds, indexed by pairing number less one.
fn rounds_by_index(tournament: &Tournament) -> Result<Vec<&[Round]>, FieldError> {
    let mut rounds: Vec<Option<&[Round]>> = vec![None; tournament.players.len()];
    for player in &tournament.players {
        match rounds.get_mut(player.number as usize - 1) {
            Some(slot) => *slot = Some(&player.rounds),
            None => {
                let missing = (1..=tournament.players.len()).find(|&n| rounds[n - 1].is_none());
                return Err(FieldError::MissingNumber(missing.unwrap_or(1) as u32));
            }
        }
    }
    rounds
        .into_iter()
        .collect::<Option<Vec<_>>>()
        .ok_or(FieldError::MissingNumber(0))
}

/// The rounds a file records as paired: a round counts once someone was
/// paired in it.
pub fn rounds_paired(tournament: &Tournament) -> usize {
    let mut rounds = 0;
    for player in &tournament.players {
        for (index, round) in player.rounds.iter().enumerate() {
            let paired = Match::from_round(round, usize::MAX).paired;
            rounds = rounds.max(index + usize::from(paired));
        }
    }
    rounds
}

impl Field {
    /// The field for pairing the file's next round: the rounds written are
    /// played; an entry written for the next round (a requested bye, an
    /// absence) keeps its player out of the pairing.
    pub fn next_round(tournament: &Tournament) -> Result<Field, FieldError> {
        let mut played = rounds_paired(tournament);
        let everyone_entered = tournament.players.iter().all(|p| p.rounds.len() > played);
        if everyone_entered {
            played += 1;
        }
        let expected = tournament.rounds.ok_or(FieldError::NoRoundCount)? as usize;
        if played >= expected {
            return Err(FieldError::TooManyRounds);
        }
        let colour = tournament
            .initial_colour
            .or_else(|| infer_initial_colour(tournament))
            .ok_or(FieldError::NoInitialColour)?;
        Field::before_round(tournament, played, expected, colour)
    }

    /// The field before round `round + 1` of the file, as checking the
    /// file's pairings replays it.
    pub fn before_round(
        tournament: &Tournament,
        round: usize,
        expected_rounds: usize,
        initial_colour: Colour,
    ) -> Result<Field, FieldError> {
        let rounds = rounds_by_index(tournament)?;
        let mut players = Vec::with_capacity(rounds.len());
        for (id, entries) in rounds.iter().enumerate() {
            let mut matches: Vec<Match> = (0..round)
                .map(|r| {
                    entries
                        .get(r)
                        .map_or(Match::absent(id), |e| Match::from_round(e, id))
                })
                .collect();
            if let Some(next) = entries.get(round).map(|e| Match::from_round(e, id))
                && !next.paired
            {
                matches.push(next);
            }
            let score = matches[..round].iter().map(Match::points).sum();
            let valid = matches.len() <= round || matches.iter().any(|m| m.paired);
            players.push(Player {
                id,
                matches,
                score,
                valid,
                rank: 0,
                played_games: 0,
                imbalance: 0,
                preference: None,
                repeated: None,
                strong: false,
            });
        }
        for (rank, player) in players.iter_mut().filter(|p| p.valid).enumerate() {
            player.rank = rank;
            player.compute_colours();
        }
        Ok(Field {
            players,
            played_rounds: round,
            expected_rounds,
            initial_colour,
        })
    }

    /// Whether the player is paired this round.
    pub(crate) fn is_paired(&self, player: &Player) -> bool {
        player.valid && player.matches.len() <= self.played_rounds
    }
}

/// The first round's colour of the top player, inferred from the first
/// round where colours are written (as bbpPairings infers it).
pub fn infer_initial_colour(tournament: &Tournament) -> Option<Colour> {
    let rounds = rounds_by_index(tournament).ok()?;
    let first = rounds
        .iter()
        .filter_map(|r| r.iter().position(|e| e.colour.is_some()))
        .min()?;
    let mut seen = 0usize;
    for (id, entries) in rounds.iter().enumerate() {
        let paired_by_then = entries
            .iter()
            .take(first + 1)
            .any(|e| Match::from_round(e, id).paired);
        if paired_by_then {
            if let Some(colour) = entries.get(first).and_then(|e| e.colour) {
                return Some(if seen % 2 == 1 {
                    colour.invert()
                } else {
                    colour
                });
            }
            seen += 1;
        }
    }
    None
}

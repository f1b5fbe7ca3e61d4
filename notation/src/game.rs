//! A game in progress: a position plus what the rules need of its history.

use std::collections::HashSet;

use foldhash::fast::RandomState;

use crate::engine::{GameOver, IllegalMove, MoveList, MoveOutcome};
use crate::position::{House, Position};
use crate::rule::RuleId;
use crate::ruleset::Ruleset;

/// A sowing game being played: the current position, and for `oware-abapa`
/// the positions seen since the last capture (`abapa.end` ends the game on
/// a repetition).
///
/// ```
/// use songo_notation::{Game, House, Position, Ruleset, Side};
/// let mut game = Game::new(Position::start(Ruleset::Songo));
/// game.play(House::new(Side::South, 2)).unwrap();
/// assert_eq!(game.position().row(Side::North).as_slice(), &[6, 6, 6, 5, 5, 5, 5]);
/// assert_eq!(game.plies(), 1);
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    position: Position,
    plies: usize,
    /// Hashed with foldhash, seeded at random per process: several times
    /// faster than the standard hasher on a position, and still not
    /// predictable by whoever writes the record.
    since_capture: HashSet<Position, RandomState>,
    repeated: bool,
}

impl Game {
    /// A game starting from `position`.
    #[must_use]
    pub fn new(position: Position) -> Game {
        let mut game = Game {
            position,
            plies: 0,
            since_capture: HashSet::default(),
            repeated: false,
        };
        game.remember();
        game
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Moves played so far.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// The legal moves, or how the game ended (repetition included).
    ///
    /// # Errors
    /// The game is over.
    pub fn turn(&self) -> Result<MoveList, GameOver> {
        if self.repeated {
            return Err(self.position.game_over_by(RuleId::AbapaEnd));
        }
        self.position.turn()
    }

    /// How the game ended, if it has.
    #[must_use]
    pub fn game_over(&self) -> Option<GameOver> {
        self.turn().err()
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// The move is illegal or the game is over; nothing changes then.
    pub fn play(&mut self, house: House) -> Result<MoveOutcome, IllegalMove> {
        self.refuse_after_repetition(house)?;
        let outcome = self.position.play(house)?;
        self.after_move(outcome.captured);
        Ok(outcome)
    }

    /// Plays a legal move like [`Game::play`], and gives only the seeds the
    /// mover took (see [`Position::play_captured`]).
    ///
    /// # Errors
    /// The move is illegal or the game is over; nothing changes then.
    ///
    /// ```
    /// use songo_notation::{Game, House, Position, Ruleset, Side};
    /// let mut game = Game::new(Position::start(Ruleset::OwareAbapa));
    /// assert_eq!(game.play_captured(House::new(Side::South, 2)), Ok(0));
    /// assert_eq!(game.plies(), 1);
    /// ```
    pub fn play_captured(&mut self, house: House) -> Result<u32, IllegalMove> {
        self.refuse_after_repetition(house)?;
        let captured = self.position.play_captured(house)?;
        self.after_move(captured);
        Ok(captured)
    }

    /// Plays a move even when a rule forbids it, when the board allows it
    /// (see [`Position::play_anyway`]).
    ///
    /// # Errors
    /// The move cannot be played at all.
    pub fn play_anyway(&mut self, house: House) -> Result<MoveOutcome, IllegalMove> {
        let outcome = self.position.play_anyway(house)?;
        self.after_move(outcome.captured);
        Ok(outcome)
    }

    /// `abapa.end` by repetition: no move follows it.
    fn refuse_after_repetition(&self, house: House) -> Result<(), IllegalMove> {
        if self.repeated {
            let over = self.position.game_over_by(RuleId::AbapaEnd);
            return Err(IllegalMove::after_end(&self.position, house, over));
        }
        Ok(())
    }

    fn after_move(&mut self, captured: u32) {
        self.plies += 1;
        if captured > 0 {
            self.since_capture.clear();
        }
        self.remember();
    }

    fn remember(&mut self) {
        if self.position.rules() == Ruleset::OwareAbapa && !self.since_capture.insert(self.position)
        {
            self.repeated = true;
        }
    }
}

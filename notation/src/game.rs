//! What every game shares: the [`GamePosition`] trait (a position of a
//! game, in the spirit of shakmaty's `Position`), [`GameOver`], and
//! [`Game`], a position with the history some rules need.
//!
//! This module is a leaf: it names no game family. The sowing games
//! implement the trait in [`crate::sowing::rules`], Seega in [`crate::seega`], and
//! [`crate::any::AnyPosition`] dispatches between them, in one place. A
//! feature written over the trait (the validator, the generator, the
//! reports) works for every game.
//!
//! ```
//! use songo_notation::{Conventions, Game, GamePosition, LegalMoves, Position, Ruleset, Side};
//!
//! fn first_capture<P: GamePosition>(start: P, plies: usize) -> Option<usize> {
//!     let mut game = Game::new(start);
//!     for ply in 1..=plies {
//!         let moves = game.turn().ok()?;
//!         let first = moves.iter().next()?;
//!         if game.play_captured(first).ok()? > 0 {
//!             return Some(ply);
//!         }
//!     }
//!     None
//! }
//! let start = Position::start_of(Ruleset::Songo, Side::South);
//! assert!(first_capture(start, 200).is_some());
//! let s2 = start.parse_move("S2", Conventions::default()).unwrap();
//! assert_eq!(start.move_name(s2, Conventions::default()).to_string(), "S2");
//! ```

use std::collections::HashSet;
use std::fmt;
use std::hash::Hash;

use foldhash::fast::RandomState;

use crate::conventions::Conventions;
use crate::i18n::{Localize, Message};
use crate::msg;
use crate::rule::{RuleId, RuleIds};
use crate::ruleset::Ruleset;
use crate::side::{Score, Side};

/// How a game ended: the one type that says so, for every game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameOver {
    /// The end rule (`songo.end.forty`, `awale.end.no-move`, `abapa.end`,
    /// `seega.end.wipeout` …).
    pub rule: RuleId,
    /// The final score as the ruleset counts it (seeds; Seega: pieces on
    /// the board), South first.
    pub score: Score,
    /// The winner, `None` for a draw.
    pub winner: Option<Side>,
}

/// The legal moves of a position, held without allocating.
pub trait LegalMoves<M>: Copy + fmt::Debug {
    /// How many moves.
    fn len(&self) -> usize;

    /// Whether there is no move.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether a move is among them.
    fn contains(&self, candidate: M) -> bool;

    /// The move at `index`, in the order of [`LegalMoves::iter`].
    fn get(&self, index: usize) -> Option<M>;

    /// The moves, in notation order.
    fn iter(&self) -> impl Iterator<Item = M> + '_;
}

/// What a move did that every game can tell.
pub trait Outcome {
    /// What went to the mover: seeds (sowing games), pieces (Seega). A
    /// record's `+N` claim is checked against it.
    fn captured(&self) -> u32;

    /// The rules the move applied, by id.
    fn applied(&self) -> RuleIds;
}

/// Why a move was refused, in every game.
///
/// A refusal is explained as [`Message`]s of the catalogue, so that a
/// caller writes them in the reader's language; the `String` methods write
/// them in the language of the [`Conventions`] given.
pub trait Refusal: Clone + PartialEq + Eq + fmt::Debug {
    /// The rule that forbids the move.
    fn rule(&self) -> RuleId;

    /// When the move came after the end of the game: how it had ended.
    fn game_over(&self) -> Option<GameOver>;

    /// The sentence that explains why, without the rule id and the legal
    /// moves, moves named by `conventions`.
    fn explanation_message(&self, conventions: Conventions) -> Message;

    /// The moves legal instead, appended to `text` (`…; legal moves: S1
    /// S2`); `text` alone when none is.
    fn with_legal_moves(&self, text: Message, conventions: Conventions) -> Message;

    /// [`Refusal::explanation_message`] in the language of `conventions`.
    fn explanation(&self, conventions: Conventions) -> String {
        self.explanation_message(conventions)
            .localize(conventions.lang)
    }

    /// The explanation followed by the moves that are legal instead (the
    /// rule id left out): what the validator reports.
    fn describe(&self, conventions: Conventions) -> String {
        self.with_legal_moves(self.explanation_message(conventions), conventions)
            .localize(conventions.lang)
    }

    /// The whole message: the explanation, the rule id in brackets, the
    /// legal moves (what `play` reports).
    fn message(&self, conventions: Conventions) -> String {
        self.full_message(conventions).localize(conventions.lang)
    }

    /// [`Refusal::message`] as a message of the catalogue.
    fn full_message(&self, conventions: Conventions) -> Message {
        let explained = msg!(
            "refusal-with-rule",
            text = self.explanation_message(conventions),
            rule = self.rule().as_str()
        );
        self.with_legal_moves(explained, conventions)
    }
}

/// A position of a game: the side to move, its moves, playing them, and
/// how the game ends. Implemented by [`crate::Position`] (Songo, Awalé,
/// oware), [`crate::seega::SeegaPosition`] and [`crate::any::AnyPosition`].
///
/// Everything on the hot path (`turn`, `check`, `play`, `play_captured`)
/// is statically dispatched and allocates nothing.
pub trait GamePosition: Clone + PartialEq + Eq + Hash + fmt::Debug + fmt::Display {
    /// A move.
    type Move: Copy + PartialEq + Eq + Hash + fmt::Debug;
    /// The legal moves of a position.
    type MoveList: LegalMoves<Self::Move>;
    /// Everything a move did (for reports and renderers).
    type Outcome: Outcome + Clone + PartialEq + Eq + fmt::Debug;
    /// Why a move is refused: the rule, an explanation, the legal moves.
    type Illegal: Refusal;
    /// Why a text is not a move of this game.
    type MoveError: fmt::Display + fmt::Debug + Clone + PartialEq + Eq;

    /// The start of a game of `rules`, `first` to move (a sowing position
    /// ignores a ruleset that is not a sowing game's: see each type).
    fn start_of(rules: Ruleset, first: Side) -> Self;

    /// The ruleset.
    fn rules(&self) -> Ruleset;

    /// The side to move.
    fn to_move(&self) -> Side;

    /// Reads a move written under `conventions`.
    ///
    /// # Errors
    /// The text is not a move of this game.
    fn parse_move(
        &self,
        text: &str,
        conventions: Conventions,
    ) -> Result<Self::Move, Self::MoveError>;

    /// A move's name under `conventions`.
    fn move_name(&self, played: Self::Move, conventions: Conventions) -> impl fmt::Display + '_;

    /// The legal moves, or how the game ended.
    ///
    /// # Errors
    /// The game is over.
    fn turn(&self) -> Result<Self::MoveList, GameOver>;

    /// The legal moves (none when the game is over).
    fn legal_moves(&self) -> Self::MoveList;

    /// How the game ended, if the rules have ended it.
    fn game_over(&self) -> Option<GameOver> {
        self.turn().err()
    }

    /// The moves the board allows but a rule forbids, with the rule.
    fn illegal_moves(&self) -> impl Iterator<Item = (Self::Move, RuleId)> + use<Self>;

    /// The refusal that explains why `rule` forbids `played` (one of
    /// [`GamePosition::illegal_moves`]), also when the game is over because
    /// no move is left.
    fn refusal_by(&self, played: Self::Move, rule: RuleId) -> Option<Self::Illegal>;

    /// Checks a move.
    ///
    /// # Errors
    /// The move is illegal; the error names the rule.
    fn check(&self, played: Self::Move) -> Result<(), Self::Illegal>;

    /// Plays a move.
    ///
    /// # Errors
    /// The move is illegal (the position is then unchanged).
    fn play(&mut self, played: Self::Move) -> Result<Self::Outcome, Self::Illegal>;

    /// Plays a move and gives only what the mover captured: the fast path
    /// of replays that need no more (validation).
    ///
    /// # Errors
    /// The move is illegal (the position is then unchanged).
    #[inline]
    fn play_captured(&mut self, played: Self::Move) -> Result<u32, Self::Illegal> {
        self.play(played).map(|outcome| outcome.captured())
    }

    /// Plays a move a rule refuses, as far as the board allows (for
    /// `validate --keep-going`).
    ///
    /// # Errors
    /// The move cannot be played at all.
    fn play_anyway(&mut self, played: Self::Move) -> Result<Self::Outcome, Self::Illegal>;

    /// The refusal of any move once the game has ended by `over`.
    fn refused_after_end(&self, played: Self::Move, over: GameOver) -> Self::Illegal;

    /// Checks an end that a record declares (`[Termination "<rule id>"]`):
    /// the end when it holds, else why not. By default the rules must have
    /// ended the game by that very rule; games whose players declare ends
    /// (Seega's barrier, Awalé's agreement) check them here.
    ///
    /// # Errors
    /// The declared end does not hold.
    fn declared_end(&self, rule: RuleId) -> Result<GameOver, Message> {
        ended_by(self.game_over(), rule)
    }

    /// The end rule a `Termination` word stands for in this game, if any
    /// (`agreement` is `awale.end.agreement` in Awalé).
    fn termination_rule(&self, word: &str) -> Option<RuleId> {
        let _ = word;
        None
    }

    /// The end the players may declare when they stop a game the rules
    /// have not ended, if the ruleset has one (Awalé's agreement, Seega's
    /// judgement that no capture is possible any more): what the generator
    /// writes when it stops a long game.
    fn agreed_end(&self) -> Option<GameOver> {
        None
    }

    /// Whether a repeated position ends the game (oware abapa's
    /// `abapa.end`): [`Game`] then keeps the positions since the last
    /// capture.
    fn ends_on_repetition(&self) -> bool {
        false
    }

    /// How the game ends when a position repeats (only asked when
    /// [`GamePosition::ends_on_repetition`]).
    fn repetition_end(&self) -> Option<GameOver> {
        None
    }
}

/// A declared end that the rules themselves reach: `over` (how the game
/// has ended, if it has) must be by `rule`.
///
/// # Errors
/// The game ended otherwise, or is not over.
pub(crate) fn ended_by(over: Option<GameOver>, rule: RuleId) -> Result<GameOver, Message> {
    match over {
        Some(over) if over.rule == rule => Ok(over),
        Some(over) => Err(msg!(
            "end-by-another-rule",
            actual = over.rule.as_str(),
            declared = rule.as_str()
        )),
        None => Err(msg!("end-does-not-hold", rule = rule.as_str())),
    }
}

/// A game being played: the current position, and for the rules that end a
/// game on a repeated position (oware abapa's `abapa.end`) the positions
/// seen since the last capture.
///
/// ```
/// use songo_notation::{Game, House, Position, Ruleset, Side};
/// let mut game = Game::new(Position::start(Ruleset::Songo));
/// game.play(House::new(Side::South, 2)).unwrap();
/// assert_eq!(game.position().row(Side::North).as_slice(), &[6, 6, 6, 5, 5, 5, 5]);
/// assert_eq!(game.plies(), 1);
/// ```
#[derive(Debug, Clone)]
pub struct Game<P: GamePosition> {
    position: P,
    plies: usize,
    /// Hashed with foldhash, seeded at random per process: several times
    /// faster than the standard hasher on a position, and still not
    /// predictable by whoever writes the record.
    since_capture: HashSet<P, RandomState>,
    /// Whether a repetition ends the game: asked once, the ruleset does
    /// not change during a game (the replay's hot path reads a bool).
    tracks_repetition: bool,
    repeated: bool,
}

impl<P: GamePosition> Game<P> {
    /// A game starting from `position`.
    #[must_use]
    pub fn new(position: P) -> Game<P> {
        let tracks_repetition = position.ends_on_repetition();
        let mut game = Game {
            position,
            plies: 0,
            since_capture: HashSet::default(),
            tracks_repetition,
            repeated: false,
        };
        game.remember();
        game
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &P {
        &self.position
    }

    /// Moves played so far.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// The position and the count of moves played, for a replay that
    /// plays its moves on the position itself, when the game keeps no
    /// history (no repetition rule): a move played on it through
    /// [`GamePosition::play_captured`] and counted is then what
    /// [`Game::play_captured`] does. `None` for a game that keeps one.
    #[inline]
    pub(crate) fn bare(&mut self) -> Option<(&mut P, &mut usize)> {
        (!self.tracks_repetition).then_some((&mut self.position, &mut self.plies))
    }

    /// The end by repetition, once a position has repeated.
    fn repetition(&self) -> Option<GameOver> {
        if self.repeated {
            self.position.repetition_end()
        } else {
            None
        }
    }

    /// The legal moves, or how the game ended (repetition included).
    ///
    /// # Errors
    /// The game is over.
    #[inline]
    pub fn turn(&self) -> Result<P::MoveList, GameOver> {
        if let Some(over) = self.repetition() {
            return Err(over);
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
    pub fn play(&mut self, played: P::Move) -> Result<P::Outcome, P::Illegal> {
        self.refuse_after_repetition(played)?;
        let outcome = self.position.play(played)?;
        self.after_move(outcome.captured());
        Ok(outcome)
    }

    /// Plays a legal move like [`Game::play`], and gives only what the
    /// mover took (see [`GamePosition::play_captured`]).
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
    // Always: the validator's replay calls it on every move, and the
    // compiler's choice moved with unrelated changes (a call costs the
    // refusal returned through memory, 4 % of a validated ply).
    #[inline(always)]
    pub fn play_captured(&mut self, played: P::Move) -> Result<u32, P::Illegal> {
        self.refuse_after_repetition(played)?;
        let captured = self.position.play_captured(played)?;
        self.after_move(captured);
        Ok(captured)
    }

    /// Plays a move even when a rule forbids it, when the board allows it
    /// (see [`GamePosition::play_anyway`]).
    ///
    /// # Errors
    /// The move cannot be played at all.
    pub fn play_anyway(&mut self, played: P::Move) -> Result<P::Outcome, P::Illegal> {
        let outcome = self.position.play_anyway(played)?;
        self.after_move(outcome.captured());
        Ok(outcome)
    }

    /// No move follows an end by repetition.
    #[inline]
    fn refuse_after_repetition(&self, played: P::Move) -> Result<(), P::Illegal> {
        match self.repetition() {
            Some(over) => Err(self.position.refused_after_end(played, over)),
            None => Ok(()),
        }
    }

    #[inline]
    fn after_move(&mut self, captured: u32) {
        self.plies += 1;
        if self.tracks_repetition {
            if captured > 0 {
                self.since_capture.clear();
            }
            self.remember();
        }
    }

    fn remember(&mut self) {
        if self.tracks_repetition && !self.since_capture.insert(self.position.clone()) {
            self.repeated = true;
        }
    }
}

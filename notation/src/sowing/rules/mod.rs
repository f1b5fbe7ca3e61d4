//! Legal moves, playing a move and the end of the game, for every sowing
//! ruleset. The rules themselves live in [`songo`] and [`awale`]; this
//! module dispatches to them; what they share lives in `common`, below
//! both. Nothing here allocates: the hot path is `turn` + `play`.

use crate::conventions::{Conventions, LetterCase};
use crate::game::{GameOver, GamePosition, LegalMoves, Outcome, Refusal};
use crate::i18n::Message;
use crate::msg;
use crate::rule::{RuleId, RuleIds};
use crate::ruleset::{BoardGame, Ruleset};
use crate::side::Side;
use crate::sowing::houses::{MAX_PITS, Pits};
use crate::sowing::position::{House, ParseHouseError, Position};
use std::fmt;

pub mod awale;
mod common;
pub mod songo;

use common::{Analysis, Effect, MoveStatus};

/// The legal moves of a position, without allocating.
///
/// ```
/// use songo_notation::{Position, Ruleset};
/// let moves = Position::start(Ruleset::Songo).legal_moves();
/// assert_eq!(moves.len(), 7);
/// assert_eq!(moves.to_string(), "S0 S1 S2 S3 S4 S5 S6");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveList {
    moves: [House; 7],
    len: u8,
    forced: bool,
    rules: Ruleset,
}

impl MoveList {
    const fn empty(rules: Ruleset) -> MoveList {
        MoveList {
            moves: [House::new(Side::South, 0); 7],
            len: 0,
            forced: false,
            rules,
        }
    }

    /// The moves, in notation order.
    #[must_use]
    #[inline]
    pub fn as_slice(&self) -> &[House] {
        &self.moves[..usize::from(self.len)]
    }

    /// How many moves.
    #[must_use]
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there is no move.
    #[must_use]
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the one move is a forced exit move (`songo.exit.forced`).
    #[must_use]
    #[inline]
    pub fn is_forced(&self) -> bool {
        self.forced
    }

    /// Whether a house is among the moves.
    #[must_use]
    #[inline]
    pub fn contains(&self, house: House) -> bool {
        self.as_slice().contains(&house)
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> impl Iterator<Item = House> + '_ {
        self.as_slice().iter().copied()
    }
}

impl MoveList {
    /// The moves' names separated by spaces, Awalé letters in `letters`.
    ///
    /// ```
    /// use songo_notation::{LetterCase, Position, Ruleset};
    /// let moves = Position::start(Ruleset::Awale).legal_moves();
    /// assert_eq!(moves.in_case(LetterCase::NorthUpper).to_string(), "a b c d e f");
    /// ```
    #[must_use]
    pub fn in_case(&self, letters: LetterCase) -> impl fmt::Display + '_ {
        MoveNames(self, letters)
    }
}

struct MoveNames<'a>(&'a MoveList, LetterCase);

impl fmt::Display for MoveNames<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let MoveNames(list, letters) = self;
        for (i, house) in list.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", house.name_with_case(list.rules, *letters))?;
        }
        Ok(())
    }
}

/// The moves' names separated by spaces (Awalé: South in capitals).
impl fmt::Display for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.in_case(LetterCase::default()).fmt(f)
    }
}

/// Houses captured by a move, in the order the chain took them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HouseSet {
    bits: u16,
    rules: Ruleset,
}

impl HouseSet {
    /// Iterates from the house of the last seed backwards.
    pub fn iter(&self) -> impl Iterator<Item = House> + '_ {
        (0..MAX_PITS)
            .rev()
            .filter(|&i| self.bits & (1 << i) != 0)
            .map(|i| House::at_cycle(self.rules, i))
    }

    /// Whether a house is in the set.
    #[must_use]
    pub fn contains(&self, house: House) -> bool {
        self.bits & (1 << house.cycle_index(self.rules)) != 0
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bits == 0
    }
}

/// Everything a move did.
///
/// ```
/// use songo_notation::{House, Position, RuleId, Ruleset, Score, Side};
/// let mut position = Position::new(
///     Ruleset::Songo,
///     &[2, 3, 5, 0, 1, 1, 7],
///     &[3, 1, 1, 10, 1, 5, 0],
///     Score::default(),
///     Side::South,
/// )
/// .unwrap();
/// let outcome = position.play(House::new(Side::South, 1)).unwrap();
/// assert_eq!(outcome.captured, 6);
/// assert!(outcome.applied.contains(RuleId::SongoCaptureChain));
/// assert_eq!(outcome.sown.row(Side::North).as_slice(), &[4, 2, 1, 10, 1, 5, 0]);
/// assert_eq!(position.row(Side::North).as_slice(), &[0, 0, 1, 10, 1, 5, 0]);
/// assert_eq!(position.to_move(), Side::North);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveOutcome {
    /// The house played.
    pub house: House,
    /// The position after sowing, before captures (stores and side to move
    /// as before the move).
    pub sown: Position,
    /// Seeds that went to the mover's store (captures, a kept lone seed, a
    /// forced lone seed in `songo`).
    pub captured: u32,
    /// Houses emptied by captures.
    pub captured_houses: HouseSet,
    /// Seeds that went to the opponent's store (`songo-ekang` forced exit).
    pub conceded: u32,
    /// The rules the move applied, by id.
    pub applied: RuleIds,
}

impl MoveOutcome {
    /// Whether the move was a forced exit move (`songo.exit.forced`).
    #[must_use]
    pub fn was_forced(&self) -> bool {
        self.applied.contains(RuleId::SongoExitForced)
    }
}

/// Why a move cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalReason {
    /// The house does not exist in this ruleset.
    NoSuchHouse,
    /// The house belongs to the side not to move.
    WrongSide,
    /// The house holds no seed.
    EmptyHouse,
    /// A rule forbids the move.
    Forbidden(RuleId),
    /// The game is over.
    GameOver(GameOver),
}

/// A move the rules do not allow, with what is needed to explain it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalMove {
    /// The house that was asked for.
    pub house: House,
    /// Why it cannot be played.
    pub reason: IllegalReason,
    /// Seeds in that house.
    pub seeds: u32,
    /// The ruleset.
    pub rules: Ruleset,
    /// The side to move.
    pub to_move: Side,
    /// The moves that are legal instead.
    pub legal: MoveList,
}

impl IllegalMove {
    /// The id of the rule that forbids the move.
    #[must_use]
    pub fn rule(&self) -> RuleId {
        match self.reason {
            IllegalReason::GameOver(over) => over.rule,
            IllegalReason::Forbidden(rule) => rule,
            _ => match self.rules.board_game() {
                BoardGame::Awale => RuleId::AwaleSow,
                _ => RuleId::SongoSow,
            },
        }
    }
}

impl IllegalMove {
    /// The sentence that explains why, without the rule id and the legal
    /// moves, in English.
    #[must_use]
    pub fn explanation(&self) -> String {
        self.explanation_in(LetterCase::default())
    }

    /// [`IllegalMove::explanation`] with Awalé houses named in `letters`.
    ///
    /// ```
    /// use songo_notation::{House, LetterCase, Position, Ruleset, Side};
    /// let position = Position::start(Ruleset::Awale);
    /// let error = position.check(House::new(Side::North, 2)).unwrap_err();
    /// assert!(error.explanation().starts_with("c is North's house"));
    /// assert!(error.explanation_in(LetterCase::NorthUpper).starts_with("C is North's house"));
    /// ```
    #[must_use]
    pub fn explanation_in(&self, letters: LetterCase) -> String {
        self.why(letters).to_string()
    }

    /// The whole message (explanation, rule id, legal moves) with Awalé
    /// houses named in `letters`, in English; `Display` is this in the
    /// default case.
    #[must_use]
    pub fn in_case(&self, letters: LetterCase) -> impl fmt::Display + '_ {
        self.full_message(Conventions::with_letters(letters))
    }

    /// The explanation as a message of the catalogue.
    fn why(&self, letters: LetterCase) -> Message {
        let house = self.house.name_with_case(self.rules, letters).to_string();
        let side = self.to_move.as_str();
        let opponent = self.to_move.opposite().as_str();
        match self.reason {
            IllegalReason::NoSuchHouse => {
                msg!(
                    "illegal-no-such-house",
                    house = house,
                    rules = self.rules.id()
                )
            }
            IllegalReason::WrongSide => msg!(
                "illegal-wrong-side",
                house = house,
                side = side,
                opponent = opponent
            ),
            IllegalReason::EmptyHouse => msg!("illegal-empty-house", house = house),
            IllegalReason::GameOver(over) => msg!(
                "illegal-game-over",
                rule = over.rule.as_str(),
                score = over.score.to_string()
            ),
            IllegalReason::Forbidden(rule) => match (rule, self.rules) {
                (RuleId::SongoExit, Ruleset::Songo) if self.seeds == 2 => {
                    msg!("illegal-exit-two-seeds", house = house, side = side)
                }
                (RuleId::SongoExit, _) => msg!(
                    "illegal-exit",
                    house = house,
                    side = side,
                    count = self.seeds,
                    rules = self.rules.id(),
                    banned = if self.rules == Ruleset::SongoEkang {
                        2
                    } else {
                        1
                    }
                ),
                (RuleId::SongoSolidarity, Ruleset::Songo) => msg!(
                    "illegal-solidarity-most-seeds",
                    side = side,
                    opponent = opponent
                ),
                (RuleId::SongoSolidarity, _) => msg!(
                    "illegal-solidarity-seven-seeds",
                    house = house,
                    side = side,
                    opponent = opponent
                ),
                (RuleId::AkongExit, _) => msg!("illegal-akong-exit", house = house, side = side),
                (RuleId::AkongSolidarity, _) => msg!(
                    "illegal-akong-solidarity",
                    house = house,
                    side = side,
                    opponent = opponent
                ),
                (RuleId::AbapaFeed, _) => {
                    msg!("illegal-abapa-feed", house = house, opponent = opponent)
                }
                _ => msg!("illegal-awale-feed", house = house, opponent = opponent),
            },
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.in_case(LetterCase::default()).fmt(f)
    }
}

impl std::error::Error for IllegalMove {}

impl IllegalMove {
    /// The error for a house of the side to move that `rule` forbids, for
    /// explaining it even when the game is over because no move is left
    /// (then [`Position::check`] names the end rule instead).
    pub(crate) fn forbidden(position: &Position, house: House, rule: RuleId) -> IllegalMove {
        IllegalMove {
            house,
            reason: IllegalReason::Forbidden(rule),
            seeds: position.house(house),
            rules: position.rules,
            to_move: position.to_move,
            legal: position.legal_moves(),
        }
    }

    /// The error for any move once the game has ended.
    pub(crate) fn after_end(position: &Position, house: House, over: GameOver) -> IllegalMove {
        IllegalMove {
            house,
            reason: IllegalReason::GameOver(over),
            seeds: 0,
            rules: position.rules,
            to_move: position.to_move,
            legal: MoveList::empty(position.rules),
        }
    }
}

/// Every move list there can be: for each ruleset, side and set of houses
/// (bit `i` for camp index `i`, as [`Analysis`] gives them; the list is in
/// notation order), and the forced exit move of each side.
/// A list is copied whole from here rather than built field by field: a
/// list built in pieces and copied at once by the caller would make the
/// CPU wait for the pieces (a store-forwarding stall).
struct MoveTable {
    lists: [[[MoveList; 128]; 2]; Ruleset::ALL.len()],
    forced: [[MoveList; 2]; Ruleset::ALL.len()],
}

static MOVE_TABLE: MoveTable = move_table();

// The table is indexed by `Ruleset as usize`.
const _: () = {
    let mut index = 0;
    while index < Ruleset::ALL.len() {
        assert!(Ruleset::ALL[index] as usize == index);
        index += 1;
    }
};

const fn move_table() -> MoveTable {
    let empty = MoveList::empty(Ruleset::Songo);
    let mut table = MoveTable {
        lists: [[[empty; 128]; 2]; Ruleset::ALL.len()],
        forced: [[empty; 2]; Ruleset::ALL.len()],
    };
    let mut rules = 0;
    while rules < Ruleset::ALL.len() {
        let ruleset = Ruleset::ALL[rules];
        let mut side = 0;
        while side < 2 {
            let owner = if side == 0 { Side::South } else { Side::North };
            let mut set = 0;
            while set < 128 {
                let mut list = MoveList::empty(ruleset);
                // Listed in notation order, looked up by camp index (they
                // differ in Songo's South camp, sown S6 → S0).
                let mut index = 0;
                while index < 7 {
                    let house = House::new(owner, index as u8);
                    if set >> house.camp_index(ruleset) & 1 != 0 {
                        list.moves[list.len as usize] = house;
                        list.len += 1;
                    }
                    index += 1;
                }
                table.lists[rules][side][set] = list;
                set += 1;
            }
            // The exit house: camp index 6 (S0 or N6).
            let mut forced = table.lists[rules][side][1 << 6];
            forced.forced = true;
            table.forced[rules][side] = forced;
            side += 1;
        }
        rules += 1;
    }
    table
}

impl Position {
    #[inline]
    fn analysis(&self) -> Analysis {
        match self.rules.board_game() {
            BoardGame::Songo => songo::analyse(self),
            BoardGame::Awale => awale::analyse(self),
            BoardGame::Seega => Analysis::NONE,
        }
    }

    #[inline]
    fn moves_of(&self, analysis: &Analysis) -> MoveList {
        let rules = self.rules as usize;
        let side = self.to_move.index();
        if analysis.forced() {
            MOVE_TABLE.forced[rules][side]
        } else {
            MOVE_TABLE.lists[rules][side][usize::from(analysis.legal() & 0x7f)]
        }
    }

    /// The end of the game that needs no move generation, if any.
    #[inline]
    fn end_without_moves(&self) -> Option<GameOver> {
        if !self.ended_without_moves() {
            return None;
        }
        self.end_without_moves_slow()
    }

    /// Whether [`Self::end_without_moves`] has an ending: a quick test kept
    /// inline, so that the ending (returned through memory) is built only
    /// when there is one.
    #[inline(always)]
    fn ended_without_moves(&self) -> bool {
        match self.rules {
            Ruleset::Songo | Ruleset::SongoEkang | Ruleset::AkongCameroon | Ruleset::AkongGabon => {
                songo::end_without_moves(self).is_some()
            }
            Ruleset::OwareAbapa => awale::abapa_store_end(self.stores),
            _ => false,
        }
    }

    #[cold]
    fn end_without_moves_slow(&self) -> Option<GameOver> {
        match self.rules {
            Ruleset::Songo | Ruleset::SongoEkang | Ruleset::AkongCameroon | Ruleset::AkongGabon => {
                songo::end_without_moves(self)
                    .map(|(rule, remaining)| self.songo_game_over(rule, remaining))
            }
            Ruleset::OwareAbapa if awale::abapa_store_end(self.stores) => {
                Some(self.game_over_by(RuleId::AbapaEnd))
            }
            _ => None,
        }
    }

    fn songo_game_over(&self, rule: RuleId, remaining: bool) -> GameOver {
        let mut score = self.stores;
        if remaining {
            // `songo.end.remaining`: each camp's seeds go to its owner.
            for side in Side::BOTH {
                score[side] += self.camp_seeds(side);
            }
        }
        GameOver {
            rule,
            score,
            winner: crate::verdict::winner(self.rules, score),
        }
    }

    /// The game over by `rule` with this ruleset's final score.
    pub(crate) fn game_over_by(&self, rule: RuleId) -> GameOver {
        match self.rules.board_game() {
            // The ends by the store leave the board to nobody.
            BoardGame::Songo => self.songo_game_over(
                rule,
                rule != RuleId::SongoEndForty && rule != RuleId::AkongEndStore,
            ),
            _ => {
                let score = if self.rules == Ruleset::OwareAbapa {
                    awale::abapa_score(self)
                } else {
                    // Awalé: only captured seeds count.
                    self.stores
                };
                GameOver {
                    rule,
                    score,
                    winner: crate::verdict::winner(self.rules, score),
                }
            }
        }
    }

    /// The legal moves, or how the game ended: the one call a player loop needs.
    ///
    /// Position repetition (`abapa.end`) needs the game's history: see
    /// [`crate::Game`].
    ///
    /// # Errors
    /// The game is over.
    ///
    /// ```
    /// use songo_notation::{Position, Ruleset, RuleId, Score, Side};
    /// let won = Position::start(Ruleset::Songo).with_stores(Score::new(40, 0)).unwrap();
    /// assert_eq!(won.turn().unwrap_err().rule, RuleId::SongoEndForty);
    /// ```
    // Always inlined: the search asks it of every position, and its answer
    // then stays in registers rather than going back through memory.
    #[inline(always)]
    pub fn turn(&self) -> Result<MoveList, GameOver> {
        if let Some(over) = self.end_without_moves() {
            return Err(over);
        }
        let moves = self.moves_of(&self.analysis());
        if moves.is_empty() {
            // `songo.end.no-move`, `awale.end.no-move`; oware abapa's
            // `abapa.end` says what happens then.
            let rule = match self.rules {
                Ruleset::Songo
                | Ruleset::SongoEkang
                | Ruleset::AkongCameroon
                | Ruleset::AkongGabon => RuleId::SongoEndNoMove,
                Ruleset::Awale => RuleId::AwaleEndNoMove,
                _ => RuleId::AbapaEnd,
            };
            return Err(self.game_over_by(rule));
        }
        Ok(moves)
    }

    /// The legal moves (none when the game is over).
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        self.turn().unwrap_or_else(|_| MoveList::empty(self.rules))
    }

    /// How the game ended, if it has (repetition aside: see [`crate::Game`]).
    #[must_use]
    pub fn game_over(&self) -> Option<GameOver> {
        self.turn().err()
    }

    /// Every non-empty house of the side to move that is not legal, with the
    /// rule that forbids it. Empty when the game ended whatever the moves
    /// (`songo.end.forty`, `songo.end.few-seeds`, `abapa.end` by the stores);
    /// when it ended because no move is left, each house with the rule that
    /// takes it away: that is why the game is over.
    pub fn illegal_moves(&self) -> impl Iterator<Item = (House, RuleId)> + use<> {
        let over = self.end_without_moves().is_some();
        let analysis = self.analysis();
        let rules = self.rules;
        let to_move = self.to_move;
        self.houses().filter_map(move |house| {
            if over || house.side != to_move {
                return None;
            }
            match analysis.status(house.camp_index(rules)) {
                MoveStatus::Illegal(rule) => Some((house, rule)),
                _ => None,
            }
        })
    }

    /// `Some(false)` when `house` is a legal move that the rule modules
    /// can tell from the house alone (`quick_status`): the answer of
    /// [`Position::check`] for nearly every move of a game, small enough
    /// to be inlined where a move is played. `None`: ask `check`.
    #[inline(always)]
    fn legal_at_once(&self, house: House) -> Option<bool> {
        if usize::from(house.index) >= self.rules.houses_per_side()
            || house.side != self.to_move
            || self.ended_without_moves()
        {
            return None;
        }
        let quick = self.quick_status(house.camp_index(self.rules));
        matches!(quick, Some(MoveStatus::Legal)).then_some(false)
    }

    /// Whether the game surely goes on, told without generating the moves:
    /// no end that needs no move (`end_without_moves`), and a house of the
    /// side to move that the rule module's quick status finds legal, so
    /// that [`Position::turn`] gives moves. `false`: only `turn` tells.
    /// The search's positions at the horizon ask it first: most of them
    /// need no move list at all.
    #[inline(always)]
    pub(crate) fn goes_on_at_once(&self) -> bool {
        !self.ended_without_moves()
            && (0..self.rules.houses_per_side())
                .any(|camp_index| self.quick_status(camp_index) == Some(MoveStatus::Legal))
    }

    /// The rule module's quick status of the house at `camp_index` of the
    /// side to move (`None`: only the whole analysis tells).
    #[inline(always)]
    fn quick_status(&self, camp_index: usize) -> Option<MoveStatus> {
        match self.rules.board_game() {
            BoardGame::Songo => songo::quick_status(self, camp_index),
            BoardGame::Awale => awale::quick_status(self, camp_index),
            BoardGame::Seega => None,
        }
    }

    /// Checks a move; `Ok(true)` for a forced exit move.
    ///
    /// # Errors
    /// The move is illegal; the error names the rule.
    pub fn check(&self, house: House) -> Result<bool, IllegalMove> {
        if let Some(forced) = self.legal_at_once(house) {
            return Ok(forced);
        }
        let illegal = |reason, legal| IllegalMove {
            house,
            reason,
            seeds: if usize::from(house.index) < self.rules.houses_per_side() {
                self.pits.get(house.cycle_index(self.rules))
            } else {
                0
            },
            rules: self.rules,
            to_move: self.to_move,
            legal,
        };
        let none = MoveList::empty(self.rules);
        if usize::from(house.index) >= self.rules.houses_per_side() {
            return Err(illegal(IllegalReason::NoSuchHouse, none));
        }
        if let Some(over) = self.end_without_moves() {
            return Err(illegal(IllegalReason::GameOver(over), none));
        }
        // A legal move was answered by `legal_at_once`.
        if house.side == self.to_move
            && self.quick_status(house.camp_index(self.rules)) == Some(MoveStatus::Empty)
        {
            return Err(illegal(IllegalReason::EmptyHouse, self.legal_moves()));
        }
        let analysis = self.analysis();
        let legal = self.moves_of(&analysis);
        if legal.is_empty() {
            let over = self
                .turn()
                .err()
                .unwrap_or_else(|| self.game_over_by(RuleId::SongoEndNoMove));
            return Err(illegal(IllegalReason::GameOver(over), none));
        }
        if house.side != self.to_move {
            return Err(illegal(IllegalReason::WrongSide, legal));
        }
        match analysis.status(house.camp_index(self.rules)) {
            MoveStatus::Legal => Ok(false),
            MoveStatus::Forced => Ok(true),
            MoveStatus::Empty => Err(illegal(IllegalReason::EmptyHouse, legal)),
            MoveStatus::Illegal(rule) => Err(illegal(IllegalReason::Forbidden(rule), legal)),
        }
    }

    /// Plays a move: sowing, captures, the side to move changes.
    ///
    /// # Errors
    /// The move is illegal (the position is then unchanged); the error names
    /// the rule.
    #[inline]
    pub fn play(&mut self, house: House) -> Result<MoveOutcome, IllegalMove> {
        let forced = self.check(house)?;
        Ok(self.play_unchecked(house, forced))
    }

    /// Plays a move like [`Position::play`], and gives only the seeds the
    /// mover took: the fast path of replays that need no more (validation).
    ///
    /// # Errors
    /// The move is illegal (the position is then unchanged); the error names
    /// the rule.
    ///
    /// ```
    /// use songo_notation::{House, Position, Ruleset, Side};
    /// let mut position = Position::start(Ruleset::Songo);
    /// assert_eq!(position.play_captured(House::new(Side::South, 2)), Ok(0));
    /// assert_eq!(position.to_move(), Side::North);
    /// ```
    #[inline(always)]
    pub fn play_captured(&mut self, house: House) -> Result<u32, IllegalMove> {
        let forced = match self.legal_at_once(house) {
            Some(forced) => forced,
            None => self.check(house)?,
        };
        Ok(self.sow_and_capture(house, forced, None).capture.seeds)
    }

    /// Plays the move at `index` of `moves`, the list [`Position::turn`]
    /// returned for this very position, and gives the seeds the mover took,
    /// as [`Position::play_captured`] does: the fast path of playouts and
    /// searches, which pick among the moves `turn` gave them. The list is
    /// the proof that the move is legal, so no filter runs again (`check`
    /// would repeat those `turn` has just run), and a forced exit move
    /// (`songo.exit.forced`) is known from the list.
    ///
    /// `None`, the position unchanged, when `index` is past the list or
    /// names no non-empty house of the side to move. A list made for
    /// another position is not checked further: its move is then played
    /// whatever the filters say, as [`Position::play_anyway`] plays it.
    ///
    /// ```
    /// use songo_notation::{Position, Ruleset, Side};
    /// let mut position = Position::start(Ruleset::Songo);
    /// let moves = position.turn().unwrap();
    /// assert_eq!(position.play_listed(&moves, 2), Some(0)); // S2
    /// assert_eq!(position.to_move(), Side::North);
    /// assert_eq!(position.play_listed(&moves, 7), None);
    /// ```
    #[inline]
    pub fn play_listed(&mut self, moves: &MoveList, index: usize) -> Option<u32> {
        let board = self.pits;
        self.play_listed_on(board, moves, index)
    }

    /// [`Position::play_listed`] on a copy of `parent` (this position must
    /// be equal to it but for its houses, which the move writes whole),
    /// reading the board from `parent`: the search copies a position into a
    /// child's slot, its houses left out, and plays the move there at once,
    /// and a board read back from a copy just written waits for the copy
    /// (its stores straddle the board: a store-forwarding stall), while
    /// the parent's was written long before.
    #[inline]
    pub(crate) fn play_listed_copy(
        &mut self,
        parent: &Position,
        moves: &MoveList,
        index: usize,
    ) -> Option<u32> {
        debug_assert!(
            (self.rules, self.stores, self.to_move)
                == (parent.rules, parent.stores, parent.to_move)
        );
        self.play_listed_on(parent.pits, moves, index)
    }

    /// [`Position::play_listed`] with `board` as this position's houses.
    #[inline(always)]
    fn play_listed_on(&mut self, board: Pits, moves: &MoveList, index: usize) -> Option<u32> {
        let house = *moves.as_slice().get(index)?;
        // The house's place on the board, computed once for the test and
        // the sowing.
        let origin = house.cycle_at(self.rules);
        if house.side != self.to_move || moves.rules != self.rules || board.get(origin) == 0 {
            return None;
        }
        Some(
            self.sow_and_capture_from(board, origin, moves.is_forced(), None)
                .capture
                .seeds,
        )
    }

    /// Whether playing each move of `moves` (this position's own list, as
    /// for [`Position::play_listed`]) may take seeds off the board, bit
    /// `i` for the move at index `i`, answered without playing them: a 0
    /// only for a move that surely takes none (no capture, no seed to a
    /// store). A search orders such a move by its history alone and plays
    /// it only when it searches it. Asked of the whole list at once: the
    /// answers are worked out without a branch, where a branch on each
    /// was mispredicted.
    #[inline]
    pub(crate) fn moves_taking_seeds(&self, moves: &MoveList) -> u8 {
        match self.rules.board_game() {
            BoardGame::Songo => songo::may_take_seeds(self, moves.as_slice(), moves.is_forced()),
            _ => awale::may_take_seeds(self, moves.as_slice()),
        }
    }

    /// A move written in its usual spelling (`S2` in Songo, `e` or `E`
    /// in Awalé), read at once from its bytes; `None` for any other text,
    /// which [`GamePosition::parse_move`] reads (or explains) the long way.
    #[inline(always)]
    pub(crate) fn parse_usual(&self, bytes: &[u8], conventions: Conventions) -> Option<House> {
        match (self.rules.board_game(), bytes) {
            (BoardGame::Songo, &[side @ (b'S' | b'N'), digit @ b'0'..=b'6']) => {
                let side = if side == b'S' {
                    Side::South
                } else {
                    Side::North
                };
                Some(House::new(side, digit - b'0'))
            }
            (BoardGame::Awale, &[letter @ (b'a'..=b'f' | b'A'..=b'F')]) => {
                let upper = conventions.letters.upper_side();
                let side = if letter.is_ascii_uppercase() {
                    upper
                } else {
                    upper.opposite()
                };
                Some(House::new(side, letter.to_ascii_lowercase() - b'a'))
            }
            _ => None,
        }
    }

    /// Plays a move and returns the position after it, leaving `self` as it is.
    ///
    /// # Errors
    /// The move is illegal.
    pub fn after(&self, house: House) -> Result<(Position, MoveOutcome), IllegalMove> {
        let mut next = *self;
        let outcome = next.play(house)?;
        Ok((next, outcome))
    }

    /// Plays a rule-breaking move as far as the board allows (for
    /// `validate --keep-going`): a non-empty house of the side to move is
    /// sown and captures as usual whatever the filters say.
    ///
    /// # Errors
    /// The move cannot be played at all (empty house, wrong side, no such house).
    pub fn play_anyway(&mut self, house: House) -> Result<MoveOutcome, IllegalMove> {
        match self.check(house) {
            Ok(forced) => return Ok(self.play_unchecked(house, forced)),
            Err(error) => match error.reason {
                IllegalReason::Forbidden(_) | IllegalReason::GameOver(_)
                    if house.side == self.to_move && error.seeds > 0 => {}
                _ => return Err(error),
            },
        }
        Ok(self.play_unchecked(house, false))
    }

    /// Sows and captures (the rule modules do it in place), and gives the
    /// turn to the opponent; `sown` receives the board after sowing.
    #[inline(always)]
    fn sow_and_capture(&mut self, house: House, forced: bool, sown: Option<&mut Pits>) -> Effect {
        self.sow_and_capture_from(self.pits, house.cycle_index(self.rules), forced, sown)
    }

    /// [`Self::sow_and_capture`] from the house at cycle index `origin`,
    /// `board` being this position's houses.
    #[inline(always)]
    fn sow_and_capture_from(
        &mut self,
        board: Pits,
        origin: usize,
        forced: bool,
        sown: Option<&mut Pits>,
    ) -> Effect {
        let effect = match self.rules.board_game() {
            BoardGame::Songo => songo::play(self, board, sown, origin, forced),
            _ => awale::play(self, board, sown, origin),
        };
        self.to_move = self.to_move.opposite();
        effect
    }

    /// Plays a move of a non-empty house of the side to move, whatever the
    /// filters say. The rule modules sow and capture in place; the outcome
    /// is assembled once at the end, from values held in registers (this is
    /// the hot path: copying a half-written outcome would stall the CPU).
    fn play_unchecked(&mut self, house: House, forced: bool) -> MoveOutcome {
        let mut sown = *self;
        let effect = self.sow_and_capture(house, forced, Some(&mut sown.pits));
        MoveOutcome {
            house,
            sown,
            captured: effect.capture.seeds,
            captured_houses: HouseSet {
                bits: effect.capture.houses,
                rules: self.rules,
            },
            conceded: effect.conceded,
            applied: effect.applied,
        }
    }
}

impl LegalMoves<House> for MoveList {
    #[inline]
    fn len(&self) -> usize {
        MoveList::len(self)
    }

    #[inline]
    fn contains(&self, candidate: House) -> bool {
        MoveList::contains(self, candidate)
    }

    #[inline]
    fn get(&self, index: usize) -> Option<House> {
        self.as_slice().get(index).copied()
    }

    fn iter(&self) -> impl Iterator<Item = House> + '_ {
        MoveList::iter(self)
    }
}

impl Outcome for MoveOutcome {
    fn captured(&self) -> u32 {
        self.captured
    }

    fn applied(&self) -> RuleIds {
        self.applied
    }
}

impl Refusal for IllegalMove {
    fn rule(&self) -> RuleId {
        IllegalMove::rule(self)
    }

    fn game_over(&self) -> Option<GameOver> {
        match self.reason {
            IllegalReason::GameOver(over) => Some(over),
            _ => None,
        }
    }

    fn explanation_message(&self, conventions: Conventions) -> Message {
        self.why(conventions.letters)
    }

    fn with_legal_moves(&self, text: Message, conventions: Conventions) -> Message {
        if self.legal.is_empty() {
            return text;
        }
        let moves = self.legal.in_case(conventions.letters).to_string();
        msg!("refusal-legal-moves", text = text, moves = moves)
    }
}

/// The sowing games through the one game trait: each method is the
/// inherent one of [`Position`] (same name), or says what the record
/// format needs of a sowing game.
impl GamePosition for Position {
    type Move = House;
    type MoveList = MoveList;
    type Outcome = MoveOutcome;
    type Illegal = IllegalMove;
    type MoveError = ParseHouseError;

    fn start_of(rules: Ruleset, first: Side) -> Position {
        Position::start(rules).with_to_move(first)
    }

    #[inline]
    fn rules(&self) -> Ruleset {
        self.rules
    }

    #[inline]
    fn to_move(&self) -> Side {
        self.to_move
    }

    #[inline]
    fn parse_move(&self, text: &str, conventions: Conventions) -> Result<House, ParseHouseError> {
        // The usual spellings read here at once (`S2`, `e`); the rest, and
        // every mistake, by the notation's own reader.
        match self.parse_usual(text.as_bytes(), conventions) {
            Some(house) => Ok(house),
            None => House::parse_with_case(text.trim(), self.rules, conventions.letters),
        }
    }

    fn move_name(&self, played: House, conventions: Conventions) -> impl fmt::Display + '_ {
        played.name_with_case(self.rules, conventions.letters)
    }

    #[inline]
    fn turn(&self) -> Result<MoveList, GameOver> {
        Position::turn(self)
    }

    fn legal_moves(&self) -> MoveList {
        Position::legal_moves(self)
    }

    fn illegal_moves(&self) -> impl Iterator<Item = (House, RuleId)> + use<> {
        Position::illegal_moves(self)
    }

    fn refusal_by(&self, played: House, rule: RuleId) -> Option<IllegalMove> {
        Some(IllegalMove::forbidden(self, played, rule))
    }

    #[inline]
    fn check(&self, played: House) -> Result<(), IllegalMove> {
        Position::check(self, played).map(|_| ())
    }

    #[inline]
    fn play(&mut self, played: House) -> Result<MoveOutcome, IllegalMove> {
        Position::play(self, played)
    }

    #[inline]
    fn play_captured(&mut self, played: House) -> Result<u32, IllegalMove> {
        Position::play_captured(self, played)
    }

    fn play_anyway(&mut self, played: House) -> Result<MoveOutcome, IllegalMove> {
        Position::play_anyway(self, played)
    }

    fn refused_after_end(&self, played: House, over: GameOver) -> IllegalMove {
        IllegalMove::after_end(self, played, over)
    }

    fn declared_end(&self, rule: RuleId) -> Result<GameOver, Message> {
        let rules = self.rules;
        let ends: &[RuleId] = match rules {
            Ruleset::Songo | Ruleset::SongoEkang => &[
                RuleId::SongoEndForty,
                RuleId::SongoEndFewSeeds,
                RuleId::SongoEndNoMove,
            ],
            Ruleset::AkongCameroon | Ruleset::AkongGabon => &[
                RuleId::AkongEndStore,
                RuleId::AkongEndStarved,
                RuleId::SongoEndNoMove,
            ],
            Ruleset::Awale => &[RuleId::AwaleEndNoMove, RuleId::AwaleEndAgreement],
            _ => &[RuleId::AbapaEnd],
        };
        if !ends.contains(&rule) {
            let list: Vec<&str> = ends.iter().map(|r| r.as_str()).collect();
            return Err(msg!(
                "end-not-of-the-game",
                rules = rules.id(),
                ends = list.join(", ")
            ));
        }
        if rule == RuleId::AwaleEndAgreement {
            // `awale.end.agreement`: the players stop; each keeps what he captured.
            let stores = self.stores;
            return Ok(GameOver {
                rule,
                score: stores,
                winner: crate::verdict::winner(rules, stores),
            });
        }
        crate::game::ended_by(GamePosition::game_over(self), rule)
    }

    fn termination_rule(&self, word: &str) -> Option<RuleId> {
        (self.rules == Ruleset::Awale && word.eq_ignore_ascii_case("agreement"))
            .then_some(RuleId::AwaleEndAgreement)
    }

    fn agreed_end(&self) -> Option<GameOver> {
        // Awalé players may agree to stop; each keeps what he captured.
        if self.rules == Ruleset::Awale {
            GamePosition::declared_end(self, RuleId::AwaleEndAgreement).ok()
        } else {
            None
        }
    }

    #[inline]
    fn ends_on_repetition(&self) -> bool {
        self.rules == Ruleset::OwareAbapa
    }

    fn repetition_end(&self) -> Option<GameOver> {
        // `abapa.end`: a repeated position ends the game.
        self.ends_on_repetition()
            .then(|| self.game_over_by(RuleId::AbapaEnd))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::side::Score;

    /// The same position with its houses held wide, as set-ups of more
    /// than a byte's worth of seeds are.
    fn widened(position: &Position) -> Position {
        Position {
            pits: Pits::Wide(position.pits.board()),
            ..*position
        }
    }

    /// Every answer of the engine about `position`, in its narrow form and
    /// in the wide form: the rules are written once over both, and must
    /// say the same.
    fn same_in_both_forms(position: &Position) {
        let wide = widened(position);
        assert_eq!(position.turn(), wide.turn(), "{position}");
        assert!(
            position.illegal_moves().eq(wide.illegal_moves()),
            "{position}"
        );
        for house in position.houses() {
            assert_eq!(
                position.check(house),
                wide.check(house),
                "{position} {house:?}"
            );
            let (mut narrow_after, mut wide_after) = (*position, wide);
            let played = (
                narrow_after.play_anyway(house),
                wide_after.play_anyway(house),
            );
            match played {
                (Ok(narrow), Ok(wide)) => {
                    assert_eq!(narrow.sown.pits.board(), wide.sown.pits.board());
                    assert_eq!(
                        (narrow.captured, narrow.captured_houses, narrow.conceded),
                        (wide.captured, wide.captured_houses, wide.conceded),
                        "{position} {house:?}"
                    );
                    assert_eq!(narrow.applied, wide.applied, "{position} {house:?}");
                    assert_eq!(narrow_after, wide_after, "{position} {house:?}");
                }
                (narrow, wide) => assert_eq!(narrow.err(), wide.err()),
            }
        }
    }

    /// Plays `games` random games of `rules` (a fixed seed), half from
    /// the start and half from random boards whose houses hold one of
    /// `menu`'s counts, where the filters (solidarity, feeding, the exit
    /// house), laps and captures come up more often; `visit` sees each
    /// position before its move.
    fn random_games(
        rules: Ruleset,
        (seed, games): (u64, usize),
        menu: [u32; 8],
        mut visit: impl FnMut(&Position, &crate::MoveList),
    ) {
        let mut state = seed;
        let mut next = |n: usize| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            ((state >> 33) % n as u64) as usize
        };
        for game in 0..games {
            let mut position = if game % 2 == 0 {
                Position::start(rules)
            } else {
                let width = rules.houses_per_side();
                let mut rows = [[0; 7]; 2];
                for row in &mut rows {
                    for house in row.iter_mut().take(width) {
                        *house = menu[next(8)];
                    }
                }
                let (south, north) = (&rows[0][..width], &rows[1][..width]);
                Position::new(rules, south, north, Score::default(), Side::South)
                    .expect("a small board")
            };
            for _ in 0..200 {
                let Ok(moves) = position.turn() else {
                    break;
                };
                visit(&position, &moves);
                let index = next(moves.len());
                position.play_listed(&moves, index);
            }
        }
    }

    #[test]
    fn narrow_and_wide_houses_play_alike() {
        for rules in [
            Ruleset::Songo,
            Ruleset::SongoEkang,
            Ruleset::Awale,
            Ruleset::OwareAbapa,
        ] {
            random_games(
                rules,
                (0x5EED_0F50, 60),
                [0, 0, 1, 2, 3, 4, 15, 20],
                |position, _| same_in_both_forms(position),
            );
        }
    }

    /// Every child of the positions of 100 random games of each sowing
    /// ruleset: `visit(rules, parent, moves, index, child)`.
    fn random_children(
        seed: u64,
        mut visit: impl FnMut(Ruleset, &Position, &crate::MoveList, usize, &Position),
    ) {
        for rules in Ruleset::ALL
            .into_iter()
            .filter(|&rules| rules != Ruleset::Seega)
        {
            random_games(
                rules,
                (seed, 100),
                [0, 1, 1, 2, 3, 4, 15, 20],
                |position, moves| {
                    for index in 0..moves.len() {
                        let mut after = *position;
                        after.play_listed(moves, index).expect("a listed move");
                        visit(rules, position, moves, index, &after);
                    }
                },
            );
        }
    }

    #[test]
    fn a_game_said_to_go_on_goes_on() {
        let mut counts = std::collections::BTreeMap::new();
        random_children(0x600A_5EED, |rules, _, _, _, after| {
            let (going, unsure, over) = counts.entry(rules.id()).or_insert((0, 0, 0));
            let turn = after.turn();
            if after.goes_on_at_once() {
                *going += 1;
                assert!(turn.is_ok(), "{after}");
            } else {
                *unsure += 1;
                *over += usize::from(turn.is_err());
            }
        });
        // Ends come up, and most positions are told at once, in every ruleset.
        assert_eq!(counts.len(), 6);
        for (rules, (going, unsure, over)) in counts {
            assert!(
                over > 20 && going > 10 * unsure,
                "{rules}: {going} {unsure} {over}"
            );
        }
    }

    #[test]
    fn a_move_said_to_take_no_seed_takes_none() {
        let mut counts = std::collections::BTreeMap::new();
        random_children(0x7A4E_5EED, |rules, position, moves, index, after| {
            let (quiet, taking, caught) = counts.entry(rules.id()).or_insert((0, 0, 0));
            let took = after.seeds_on_board() < position.seeds_on_board();
            if position.moves_taking_seeds(moves) >> index & 1 != 0 {
                *taking += 1;
                *caught += usize::from(took);
            } else {
                *quiet += 1;
                assert!(!took, "{position} {index}");
            }
        });
        // The test is no test unless both answers come up, and a "maybe"
        // is mostly a capture, in every ruleset.
        assert_eq!(counts.len(), 6);
        for (rules, (quiet, taking, caught)) in counts {
            assert!(
                quiet > 1000 && caught > 200,
                "{rules}: {quiet} {taking} {caught}"
            );
        }
    }
}

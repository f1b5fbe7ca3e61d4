//! The rules of Seega (`docs/rules.md`), each implemented once
//! and cited by its id: legal moves, playing a move, captures, the blocked
//! player's pass and the opponent's duty to unblock, and the end of the
//! game. Nothing here allocates: the hot path is `turn` + `play`.

use std::fmt;

use super::board::{Direction, Square, SquareSet};
use super::moves::{ParseMoveError, SeegaMove, SeegaMoveList};
use super::position::{Phase, SeegaPosition};
use crate::conventions::Conventions;
use crate::game::{GameOver, GamePosition, LegalMoves, Outcome, Refusal};
use crate::i18n::Message;
use crate::msg;
use crate::rule::{RuleId, RuleIds};
use crate::ruleset::Ruleset;
use crate::side::{Score, Side};

/// The kind of a Seega victory, as the source names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Victory {
    /// "Victoire totale": the opponent has no piece left (`seega.end.wipeout`).
    Total,
    /// "Grande victoire": no capture is possible any more, more pieces on
    /// the board (`seega.end.no-capture`; also `seega.end.blocked`, a
    /// gap-fill: once the game stops no capture is possible any more).
    Grande,
    /// "Petite victoire": a barrier cuts the board, more pieces on the board
    /// (`seega.end.barrier`).
    Petite,
}

impl Victory {
    /// The kind of victory a game won by `winner` through the end rule
    /// `rule` is; `None` for a draw or a sowing game's end.
    ///
    /// ```
    /// use songo_notation::seega::Victory;
    /// use songo_notation::{RuleId, Side};
    /// assert_eq!(Victory::of(RuleId::SeegaEndBarrier, Some(Side::North)), Some(Victory::Petite));
    /// assert_eq!(Victory::of(RuleId::SeegaEndBarrier, None), None);
    /// ```
    #[must_use]
    pub const fn of(rule: RuleId, winner: Option<Side>) -> Option<Victory> {
        if winner.is_none() {
            return None;
        }
        match rule {
            RuleId::SeegaEndWipeout => Some(Victory::Total),
            RuleId::SeegaEndNoCapture | RuleId::SeegaEndBlocked => Some(Victory::Grande),
            RuleId::SeegaEndBarrier => Some(Victory::Petite),
            _ => None,
        }
    }

    /// `total`, `grande` or `petite`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Victory::Total => "total",
            Victory::Grande => "grande",
            Victory::Petite => "petite",
        }
    }
}

impl Victory {
    /// The source's name: `victoire totale`, `grande victoire`, `petite victoire`.
    #[must_use]
    pub const fn source_name(self) -> &'static str {
        match self {
            Victory::Total => "victoire totale",
            Victory::Grande => "grande victoire",
            Victory::Petite => "petite victoire",
        }
    }
}

impl fmt::Display for Victory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl GameOver {
    /// The kind of victory of a Seega game (`None` for a draw and for the
    /// sowing games).
    ///
    /// ```
    /// use songo_notation::seega::{SeegaPosition, Victory};
    /// let position: SeegaPosition = "seega:...../..N../...../...../.....:S".parse().unwrap();
    /// let over = position.game_over().unwrap();
    /// assert_eq!(over.rule.as_str(), "seega.end.wipeout");
    /// assert_eq!(over.victory(), Some(Victory::Total));
    /// ```
    #[must_use]
    pub fn victory(&self) -> Option<Victory> {
        Victory::of(self.rule, self.winner)
    }
}

/// Everything a move did.
///
/// ```
/// use songo_notation::seega::{SeegaPosition, SeegaMove};
/// use songo_notation::RuleId;
/// // South steps onto c3: North's c2 is caught between c3 and South's c1.
/// let mut position: SeegaPosition = "seega:...../...../...S./..N../..S..:S".parse().unwrap();
/// let outcome = position.play("d3-c3".parse().unwrap()).unwrap();
/// assert_eq!(outcome.captured.to_string(), "c2");
/// assert!(outcome.applied.contains(RuleId::SeegaCapture));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeegaOutcome {
    /// The move, in canonical form.
    pub played: SeegaMove,
    /// Who played it.
    pub mover: Side,
    /// The opponent's pieces it took (`seega.capture`).
    pub captured: SquareSet,
    /// The rules it applied, by id.
    pub applied: RuleIds,
}

/// Why a move cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeegaIllegalReason {
    /// The game is over.
    GameOver(GameOver),
    /// A step or a pass while pieces are still to be placed (`seega.place`).
    NotPlacement,
    /// Both pieces of a placement on one square (`seega.place`).
    SameSquare(Square),
    /// A placement on `c3` (`seega.place.centre`).
    OnCentre,
    /// A placement on an occupied square (`seega.place`).
    Occupied(Square),
    /// A placement after the placement phase (`seega.move`).
    PlacementOver,
    /// A step from a square without a piece of the mover (`seega.move`).
    NoPieceToMove {
        /// The square.
        from: Square,
        /// Whose piece is there, if any.
        found: Option<Side>,
    },
    /// A step that is not one square orthogonally (`seega.move`).
    NotOneStep,
    /// A step onto an occupied square (`seega.move`).
    DestinationOccupied(Square),
    /// A pass by a player who can move (`seega.blocked`).
    NotBlocked,
    /// After the opponent's pass, a step that leaves it blocked while
    /// another would free it (`seega.blocked.unblock`).
    MustUnblock,
}

/// A move the rules do not allow, with what is needed to explain it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeegaIllegal {
    /// The move asked for.
    pub played: SeegaMove,
    /// Why it cannot be played.
    pub reason: SeegaIllegalReason,
    /// The position it was asked for in.
    pub position: SeegaPosition,
}

impl SeegaIllegal {
    /// The side to move.
    #[must_use]
    pub const fn to_move(&self) -> Side {
        self.position.to_move
    }

    /// The moves that are legal instead (none when the game is over).
    #[must_use]
    pub fn legal(&self) -> SeegaMoveList {
        self.position.legal_moves()
    }

    /// The id of the rule that forbids the move.
    #[must_use]
    pub const fn rule(&self) -> RuleId {
        match self.reason {
            SeegaIllegalReason::GameOver(over) => over.rule,
            SeegaIllegalReason::NotPlacement
            | SeegaIllegalReason::SameSquare(_)
            | SeegaIllegalReason::Occupied(_) => RuleId::SeegaPlace,
            SeegaIllegalReason::OnCentre => RuleId::SeegaPlaceCentre,
            SeegaIllegalReason::PlacementOver
            | SeegaIllegalReason::NoPieceToMove { .. }
            | SeegaIllegalReason::NotOneStep
            | SeegaIllegalReason::DestinationOccupied(_) => RuleId::SeegaMove,
            SeegaIllegalReason::NotBlocked => RuleId::SeegaBlocked,
            SeegaIllegalReason::MustUnblock => RuleId::SeegaBlockedUnblock,
        }
    }

    /// The sentence that explains why, without the rule id and the legal
    /// moves, in English.
    #[must_use]
    pub fn explanation(&self) -> String {
        self.why().to_string()
    }

    /// The explanation as a message of the catalogue.
    fn why(&self) -> Message {
        let side = self.to_move().as_str();
        let opponent = self.to_move().opposite().as_str();
        let played = self.played.to_string();
        match self.reason {
            SeegaIllegalReason::GameOver(over) => match (over.rule, over.winner) {
                (RuleId::SeegaEndWipeout, Some(winner)) => {
                    msg!("seega-over-wipeout", loser = winner.opposite().as_str())
                }
                (RuleId::SeegaEndBlocked, _) => {
                    msg!("seega-over-blocked", side = side, opponent = opponent)
                }
                _ => msg!("seega-over"),
            },
            SeegaIllegalReason::NotPlacement => msg!("seega-not-placement", move = played),
            SeegaIllegalReason::SameSquare(square) => {
                msg!("seega-same-square", square = square.to_string())
            }
            SeegaIllegalReason::OnCentre => msg!("seega-on-centre"),
            SeegaIllegalReason::Occupied(square) => {
                msg!("seega-occupied", square = square.to_string())
            }
            SeegaIllegalReason::PlacementOver => msg!("seega-placement-over"),
            SeegaIllegalReason::NoPieceToMove { from, found } => match found {
                Some(owner) => msg!(
                    "seega-not-your-piece",
                    square = from.to_string(),
                    owner = owner.as_str(),
                    side = side
                ),
                None => msg!("seega-no-piece", square = from.to_string()),
            },
            SeegaIllegalReason::NotOneStep => msg!("seega-not-one-step", move = played),
            SeegaIllegalReason::DestinationOccupied(square) => {
                msg!("seega-destination-occupied", square = square.to_string())
            }
            SeegaIllegalReason::NotBlocked => msg!("seega-not-blocked", side = side),
            SeegaIllegalReason::MustUnblock => msg!(
                "seega-must-unblock",
                move = played,
                side = side,
                opponent = opponent
            ),
        }
    }

    /// `text` followed by the moves legal instead (or the squares a
    /// placement may use); `text` alone when no move is legal.
    fn with_legal(&self, text: Message) -> Message {
        let legal = self.legal();
        if !legal.placement_squares().is_empty() {
            msg!(
                "seega-legal-placement",
                text = text,
                squares = legal.placement_squares().to_string()
            )
        } else if !legal.is_empty() {
            msg!(
                "refusal-legal-moves",
                text = text,
                moves = legal.to_string()
            )
        } else {
            text
        }
    }
}

impl fmt::Display for SeegaIllegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.full_message(Conventions::default()).fmt(f)
    }
}

impl std::error::Error for SeegaIllegal {}

/// A declared end of the game (a record's termination) that does not hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeclaredEndError {
    /// The rule is not one of Seega's ends.
    NotAnEnd(RuleId),
    /// Pieces are still in hand: the game has not started its second phase.
    InPlacement(RuleId),
    /// The game ended already, by another rule.
    EndedOtherwise {
        /// The end declared.
        declared: RuleId,
        /// How the game did end.
        actual: GameOver,
    },
    /// A detected end (`seega.end.wipeout`, `seega.end.blocked`) that the
    /// position does not show.
    NotOver(RuleId),
    /// No barrier of either side cuts the board (`seega.end.barrier`).
    NoBarrier,
}

impl DeclaredEndError {
    /// The end rule the declaration names.
    #[must_use]
    pub const fn declared(&self) -> RuleId {
        match *self {
            DeclaredEndError::NotAnEnd(rule)
            | DeclaredEndError::InPlacement(rule)
            | DeclaredEndError::NotOver(rule) => rule,
            DeclaredEndError::EndedOtherwise { declared, .. } => declared,
            DeclaredEndError::NoBarrier => RuleId::SeegaEndBarrier,
        }
    }
}

impl DeclaredEndError {
    /// Why the declared end does not hold, as a message of the catalogue.
    #[must_use]
    pub fn message(&self) -> Message {
        match *self {
            DeclaredEndError::NotAnEnd(rule) => msg!("seega-end-not-an-end", rule = rule.as_str()),
            DeclaredEndError::InPlacement(rule) => {
                msg!("seega-end-in-placement", rule = rule.as_str())
            }
            DeclaredEndError::EndedOtherwise { declared, actual } => msg!(
                "seega-end-otherwise",
                declared = declared.as_str(),
                actual = actual.rule.as_str()
            ),
            DeclaredEndError::NotOver(RuleId::SeegaEndWipeout) => {
                msg!("seega-end-wipeout-not-over")
            }
            DeclaredEndError::NotOver(rule) => msg!("seega-end-not-blocked", rule = rule.as_str()),
            DeclaredEndError::NoBarrier => msg!("seega-end-no-barrier"),
        }
    }
}

/// In English.
impl fmt::Display for DeclaredEndError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for DeclaredEndError {}

/// The squares of `open` connected to `seed` by orthogonal steps inside `open`.
fn region(open: SquareSet, seed: SquareSet) -> SquareSet {
    let mut region = seed & open;
    loop {
        let grown = (region | region.neighbours()) & open;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// `seega.capture`: the opponent pieces taken by a piece arriving on `to`,
/// each one next to it with one of the mover's pieces right behind on the
/// same line (`mine` holds the arrived piece). `seega.capture.stronghold`:
/// a piece on `c3` is never taken, though a piece there helps to take.
fn custodian_captures(
    mine: SquareSet,
    theirs: SquareSet,
    to: Square,
    applied: &mut RuleIds,
) -> SquareSet {
    let mut taken = SquareSet::EMPTY;
    for direction in Direction::ALL {
        let Some(next) = to.step(direction) else {
            continue;
        };
        let Some(behind) = next.step(direction) else {
            continue;
        };
        if !theirs.contains(next) || !mine.contains(behind) {
            continue;
        }
        if next == Square::CENTRE {
            applied.insert(RuleId::SeegaCaptureStronghold);
        } else {
            taken.insert(next);
        }
    }
    taken
}

/// Whether `square` stands between two pieces of `enemies` on a line.
fn between(square: Square, enemies: SquareSet) -> bool {
    [
        (Direction::North, Direction::South),
        (Direction::East, Direction::West),
    ]
    .into_iter()
    .any(|(one, other)| {
        let flank = |d| square.step(d).is_some_and(|s| enemies.contains(s));
        flank(one) && flank(other)
    })
}

/// Whether a side with pieces `mine` has a step on a board whose empty
/// squares are `empty`.
fn can_step(mine: SquareSet, empty: SquareSet) -> bool {
    !(mine.neighbours() & empty).is_empty()
}

impl SeegaPosition {
    /// `seega.end.wipeout`: a side with no piece left, on the board or in hand.
    fn wipeout(&self) -> Option<GameOver> {
        let left = |side: Side| self.pieces(side).len() + self.in_hand[side];
        let winner = match (left(Side::South), left(Side::North)) {
            (0, 0) => None,
            (0, _) => Some(Side::North),
            (_, 0) => Some(Side::South),
            _ => return None,
        };
        Some(GameOver {
            rule: RuleId::SeegaEndWipeout,
            score: self.pieces_on_board(),
            winner,
        })
    }

    /// The end of the game by `rule`, decided by the pieces on the board
    /// (more pieces wins; equal pieces is a draw, a gap-fill).
    fn game_over_by(&self, rule: RuleId) -> GameOver {
        let score = self.pieces_on_board();
        GameOver {
            rule,
            score,
            winner: crate::verdict::winner(crate::Ruleset::Seega, score),
        }
    }

    /// `seega.place`, `seega.place.centre`: the squares a placement may use
    /// (any two of them): the empty squares but `c3`, while the mover has
    /// two pieces in hand.
    fn placement_squares(&self) -> SquareSet {
        if self.phase() == Phase::Placement && self.in_hand[self.to_move] >= 2 {
            self.empty() & !Square::CENTRE.set()
        } else {
            SquareSet::EMPTY
        }
    }

    /// `seega.move`: one of the mover's pieces one square orthogonally to an
    /// empty square, in the movement phase.
    fn is_step(&self, from: Square, to: Square) -> bool {
        self.phase() == Phase::Movement
            && self.pieces(self.to_move).contains(from)
            && from.is_next_to(to)
            && self.empty().contains(to)
    }

    /// `seega.move`: every step of the side to move.
    fn push_steps(&self, list: &mut SeegaMoveList) {
        let empty = self.empty();
        for from in self.pieces(self.to_move) {
            for direction in Direction::ALL {
                if let Some(to) = from.step(direction)
                    && empty.contains(to)
                {
                    list.push_step(SeegaMove::Step(from, to));
                }
            }
        }
    }

    /// Whether the opponent of the side to move can step once `step` is played.
    fn frees_opponent(&self, from: Square, to: Square) -> bool {
        let mover = self.to_move;
        let mut ignored = RuleIds::EMPTY;
        let mine = (self.pieces(mover) & !from.set()) | to.set();
        let theirs = self.pieces(mover.opposite());
        let theirs = theirs & !custodian_captures(mine, theirs, to, &mut ignored);
        can_step(theirs, !(mine | theirs))
    }

    /// `seega.blocked.unblock`: right after the opponent's pass, a step is
    /// allowed only if it lets the opponent move.
    fn unblocks(&self, from: Square, to: Square) -> bool {
        !self.passed || self.frees_opponent(from, to)
    }

    /// `seega.blocked`: a player with no step passes (not right after the
    /// opponent's pass: that is the end of `seega.end.blocked`).
    fn may_pass(&self) -> bool {
        self.phase() == Phase::Movement
            && !self.passed
            && !can_step(self.pieces(self.to_move), self.empty())
    }

    /// The end of the game the engine detects: `seega.end.wipeout`, or
    /// `seega.end.blocked` — right after a pass, no step of the side to move
    /// lets the passer move.
    fn end(&self) -> Option<GameOver> {
        if let Some(over) = self.wipeout() {
            return Some(over);
        }
        if self.passed && self.phase() == Phase::Movement {
            let mut steps = SeegaMoveList::EMPTY;
            self.push_steps(&mut steps);
            let freeing = steps.steps().iter().any(|step| match *step {
                SeegaMove::Step(from, to) => self.unblocks(from, to),
                _ => false,
            });
            if !freeing {
                return Some(self.game_over_by(RuleId::SeegaEndBlocked));
            }
        }
        None
    }

    /// Whether the rules allow `played`, the game not being over: the
    /// verdict of [`SeegaPosition::turn`]'s list, without listing.
    fn allows(&self, played: SeegaMove) -> bool {
        match played {
            SeegaMove::Place(a, b) => {
                let squares = self.placement_squares();
                a != b && squares.contains(a) && squares.contains(b)
            }
            SeegaMove::Step(from, to) => self.is_step(from, to) && self.unblocks(from, to),
            SeegaMove::Pass => self.may_pass(),
        }
    }

    /// The legal moves, or how the game ended: the one call a player loop needs.
    ///
    /// The ends a record declares (`seega.end.no-capture`,
    /// `seega.end.barrier`) are checked by [`SeegaPosition::declared_end`].
    ///
    /// # Errors
    /// The game is over (`seega.end.wipeout`, `seega.end.blocked`).
    ///
    /// ```
    /// use songo_notation::seega::{SeegaMove, SeegaPosition};
    /// // South's only piece is walled in: its one move is the pass.
    /// let position: SeegaPosition = "seega:...../...../...../N..../SN...:S".parse().unwrap();
    /// let moves = position.turn().unwrap();
    /// assert_eq!(moves.to_string(), "pass");
    /// ```
    pub fn turn(&self) -> Result<SeegaMoveList, GameOver> {
        if let Some(over) = self.end() {
            return Err(over);
        }
        let mut list = SeegaMoveList::EMPTY;
        list.placements = self.placement_squares();
        if self.phase() == Phase::Movement {
            self.push_steps(&mut list);
            if self.passed {
                let mut kept = 0;
                for i in 0..usize::from(list.len) {
                    if let SeegaMove::Step(from, to) = list.steps[i]
                        && self.unblocks(from, to)
                    {
                        list.steps[kept] = list.steps[i];
                        kept += 1;
                    }
                }
                list.len = kept as u8;
            }
            list.pass = self.may_pass();
        }
        Ok(list)
    }

    /// The legal moves (none when the game is over).
    #[must_use]
    pub fn legal_moves(&self) -> SeegaMoveList {
        self.turn().unwrap_or(SeegaMoveList::EMPTY)
    }

    /// How the game ended, if it has ended by a rule the engine detects.
    #[must_use]
    pub fn game_over(&self) -> Option<GameOver> {
        self.end()
    }

    /// Steps of the side to move that the board allows but a rule forbids
    /// (after the opponent's pass, those that leave it blocked), with the
    /// rule. Empty when the game is over.
    pub fn illegal_moves(&self) -> impl Iterator<Item = (SeegaMove, RuleId)> + use<> {
        let mut possible = SeegaMoveList::EMPTY;
        let legal = self.turn().ok();
        if legal.is_some() && self.phase() == Phase::Movement {
            self.push_steps(&mut possible);
        }
        (0..usize::from(possible.len)).filter_map(move |i| {
            let step = possible.steps[i];
            let legal = legal?;
            (!legal.contains(step)).then_some((step, RuleId::SeegaBlockedUnblock))
        })
    }

    /// Why `played` is not among the legal moves `legal`.
    fn reason(&self, played: SeegaMove) -> SeegaIllegalReason {
        let mover = self.to_move;
        match (self.phase(), played.canonical()) {
            (Phase::Placement, SeegaMove::Place(a, b)) => {
                if a == b {
                    SeegaIllegalReason::SameSquare(a)
                } else if a == Square::CENTRE || b == Square::CENTRE {
                    SeegaIllegalReason::OnCentre
                } else if let Some(taken) = (self.occupied() & (a.set() | b.set())).first() {
                    SeegaIllegalReason::Occupied(taken)
                } else {
                    SeegaIllegalReason::NotPlacement
                }
            }
            (Phase::Placement, _) => SeegaIllegalReason::NotPlacement,
            (Phase::Movement, SeegaMove::Place(..)) => SeegaIllegalReason::PlacementOver,
            (Phase::Movement, SeegaMove::Pass) => SeegaIllegalReason::NotBlocked,
            (Phase::Movement, SeegaMove::Step(from, to)) => {
                let found = self.piece_at(from);
                if found != Some(mover) {
                    SeegaIllegalReason::NoPieceToMove { from, found }
                } else if !from.is_next_to(to) {
                    SeegaIllegalReason::NotOneStep
                } else if !self.empty().contains(to) {
                    SeegaIllegalReason::DestinationOccupied(to)
                } else {
                    SeegaIllegalReason::MustUnblock
                }
            }
        }
    }

    /// Checks a move.
    ///
    /// # Errors
    /// The move is illegal; the error names the rule.
    ///
    /// ```
    /// use songo_notation::seega::SeegaPosition;
    /// use songo_notation::Side;
    /// let start = SeegaPosition::start(Side::South);
    /// let error = start.check("b2,c3".parse().unwrap()).unwrap_err();
    /// assert_eq!(error.rule().as_str(), "seega.place.centre");
    /// ```
    pub fn check(&self, played: SeegaMove) -> Result<(), SeegaIllegal> {
        let illegal = |reason| SeegaIllegal {
            played,
            reason,
            position: *self,
        };
        if let Some(over) = self.end() {
            return Err(illegal(SeegaIllegalReason::GameOver(over)));
        }
        if self.allows(played) {
            Ok(())
        } else {
            Err(illegal(self.reason(played)))
        }
    }

    /// Plays a move: placement, or step and captures, or pass; the side to
    /// move changes (but for `seega.place.last-moves-first`).
    ///
    /// # Errors
    /// The move is illegal (the position is then unchanged); the error names
    /// the rule.
    pub fn play(&mut self, played: SeegaMove) -> Result<SeegaOutcome, SeegaIllegal> {
        self.check(played)?;
        Ok(self.apply(played.canonical()))
    }

    /// Plays a move and returns the position after it, leaving `self` as it is.
    ///
    /// # Errors
    /// The move is illegal.
    pub fn after(&self, played: SeegaMove) -> Result<(SeegaPosition, SeegaOutcome), SeegaIllegal> {
        let mut next = *self;
        let outcome = next.play(played)?;
        Ok((next, outcome))
    }

    /// Plays a rule-breaking move as far as the board allows (for
    /// `validate --keep-going`): a placement on `c3`, a pass by a player
    /// who could move, a step that leaves a passer blocked, a move after
    /// the end.
    ///
    /// # Errors
    /// The move cannot be played at all (an occupied or missing square, a
    /// step that is not one square, the wrong phase).
    pub fn play_anyway(&mut self, played: SeegaMove) -> Result<SeegaOutcome, SeegaIllegal> {
        let error = match self.check(played) {
            Ok(()) => return Ok(self.apply(played.canonical())),
            Err(error) => error,
        };
        let possible = match error.reason {
            SeegaIllegalReason::OnCentre
            | SeegaIllegalReason::NotBlocked
            | SeegaIllegalReason::MustUnblock => true,
            SeegaIllegalReason::GameOver(_) => self.board_allows(played),
            _ => false,
        };
        if possible {
            Ok(self.apply(played.canonical()))
        } else {
            Err(error)
        }
    }

    /// Whether the pieces and hands allow a move, whatever the rules say.
    fn board_allows(&self, played: SeegaMove) -> bool {
        let empty = self.empty();
        match (self.phase(), played) {
            (Phase::Placement, SeegaMove::Place(a, b)) => {
                a != b && empty.contains(a) && empty.contains(b) && self.in_hand[self.to_move] >= 2
            }
            (Phase::Movement, SeegaMove::Step(from, to)) => {
                self.pieces(self.to_move).contains(from)
                    && from.is_next_to(to)
                    && empty.contains(to)
            }
            (Phase::Movement, SeegaMove::Pass) => true,
            _ => false,
        }
    }

    fn apply(&mut self, played: SeegaMove) -> SeegaOutcome {
        let mover = self.to_move;
        let opponent = mover.opposite();
        let mut applied = RuleIds::EMPTY;
        let mut captured = SquareSet::EMPTY;
        match played {
            SeegaMove::Place(a, b) => {
                applied.insert(RuleId::SeegaPlace);
                self.pieces[mover.index()] |= a.set() | b.set();
                self.in_hand[mover] = self.in_hand[mover].saturating_sub(2);
                if self.phase() == Phase::Movement {
                    // `seega.place.last-moves-first`.
                    applied.insert(RuleId::SeegaPlaceLastMovesFirst);
                } else if self.in_hand[opponent] > 0 {
                    self.to_move = opponent;
                }
                // (A teaching position whose opponent has nothing left in
                // hand keeps the mover placing.)
            }
            SeegaMove::Step(from, to) => {
                applied.insert(RuleId::SeegaMove);
                if self.passed {
                    applied.insert(RuleId::SeegaBlockedUnblock);
                }
                let mine = &mut self.pieces[mover.index()];
                mine.remove(from);
                mine.insert(to);
                let mine = *mine;
                captured = custodian_captures(mine, self.pieces(opponent), to, &mut applied);
                if !captured.is_empty() {
                    applied.insert(RuleId::SeegaCapture);
                    self.pieces[opponent.index()] &= !captured;
                    self.captured[mover] += captured.len();
                }
                // `seega.capture.active`: only the mover captures, so a piece
                // that steps between two enemies stays.
                if between(to, self.pieces(opponent)) {
                    applied.insert(RuleId::SeegaCaptureActive);
                }
                self.passed = false;
                self.to_move = opponent;
            }
            SeegaMove::Pass => {
                applied.insert(RuleId::SeegaBlocked);
                self.passed = true;
                self.to_move = opponent;
            }
        }
        SeegaOutcome {
            played,
            mover,
            captured,
            applied,
        }
    }

    /// `seega.end.barrier`, the page's precise test: the squares not holding
    /// `builder`'s pieces fall into orthogonally connected regions, one of
    /// which holds every opponent piece while another holds none (only
    /// empty squares). Returns the squares walled off from the opponent.
    ///
    /// ```
    /// use songo_notation::seega::SeegaPosition;
    /// use songo_notation::Side;
    /// // South's pieces on rank 2 cut off rank 1 from every North piece.
    /// let position: SeegaPosition = "seega:..N../.N.../...../SSSSS/.....:N".parse().unwrap();
    /// assert_eq!(position.barrier(Side::South).unwrap().to_string(), "a1 b1 c1 d1 e1");
    /// assert_eq!(position.barrier(Side::North), None);
    /// ```
    #[must_use]
    pub fn barrier(&self, builder: Side) -> Option<SquareSet> {
        let open = !self.pieces(builder);
        let theirs = self.pieces(builder.opposite());
        let seed = theirs.first()?;
        let held = region(open, seed.set());
        if !(theirs & !held).is_empty() {
            return None;
        }
        let walled_off = open & !held;
        (!walled_off.is_empty()).then_some(walled_off)
    }

    /// Checks an end of the game a record declares, in this (final) position,
    /// and returns the result.
    ///
    /// - `seega.end.no-capture` is the players' judgement: it holds in the
    ///   movement phase, the result by pieces on the board (equal pieces
    ///   is a draw, a gap-fill).
    /// - `seega.end.barrier` holds when either side's pieces make a barrier
    ///   ([`SeegaPosition::barrier`]); the result by pieces on the board.
    /// - `seega.end.wipeout` and `seega.end.blocked` hold when the engine
    ///   detects them.
    ///
    /// # Errors
    /// The declared end does not hold, saying why.
    ///
    /// ```
    /// use songo_notation::seega::{SeegaPosition, Victory};
    /// use songo_notation::{RuleId, Side};
    /// let position: SeegaPosition = "seega:..N../.N.../...../SSSSS/.....:N".parse().unwrap();
    /// let over = position.declared_end(RuleId::SeegaEndBarrier).unwrap();
    /// assert_eq!((over.winner, over.victory()), (Some(Side::South), Some(Victory::Petite)));
    /// ```
    pub fn declared_end(&self, rule: RuleId) -> Result<GameOver, DeclaredEndError> {
        let detected = self.game_over();
        match rule {
            RuleId::SeegaEndWipeout | RuleId::SeegaEndBlocked => match detected {
                Some(over) if over.rule == rule => Ok(over),
                Some(actual) => Err(DeclaredEndError::EndedOtherwise {
                    declared: rule,
                    actual,
                }),
                None => Err(DeclaredEndError::NotOver(rule)),
            },
            RuleId::SeegaEndNoCapture | RuleId::SeegaEndBarrier => {
                if let Some(actual) = detected {
                    return Err(DeclaredEndError::EndedOtherwise {
                        declared: rule,
                        actual,
                    });
                }
                if self.phase() == Phase::Placement {
                    return Err(DeclaredEndError::InPlacement(rule));
                }
                if rule == RuleId::SeegaEndBarrier
                    && self.barrier(Side::South).is_none()
                    && self.barrier(Side::North).is_none()
                {
                    return Err(DeclaredEndError::NoBarrier);
                }
                Ok(self.game_over_by(rule))
            }
            other => Err(DeclaredEndError::NotAnEnd(other)),
        }
    }

    /// Pieces each side still owns (on the board and in hand).
    #[must_use]
    pub fn pieces_left(&self) -> Score {
        let board = self.pieces_on_board();
        Score::new(
            board.south + self.in_hand.south,
            board.north + self.in_hand.north,
        )
    }
}

impl LegalMoves<SeegaMove> for SeegaMoveList {
    fn len(&self) -> usize {
        SeegaMoveList::len(self)
    }

    fn contains(&self, candidate: SeegaMove) -> bool {
        SeegaMoveList::contains(self, candidate)
    }

    fn get(&self, index: usize) -> Option<SeegaMove> {
        SeegaMoveList::get(self, index)
    }

    fn iter(&self) -> impl Iterator<Item = SeegaMove> + '_ {
        SeegaMoveList::iter(self)
    }
}

impl Outcome for SeegaOutcome {
    fn captured(&self) -> u32 {
        self.captured.len()
    }

    fn applied(&self) -> RuleIds {
        self.applied
    }
}

impl Refusal for SeegaIllegal {
    fn rule(&self) -> RuleId {
        SeegaIllegal::rule(self)
    }

    fn game_over(&self) -> Option<GameOver> {
        match self.reason {
            SeegaIllegalReason::GameOver(over) => Some(over),
            _ => None,
        }
    }

    fn explanation_message(&self, _: Conventions) -> Message {
        self.why()
    }

    fn with_legal_moves(&self, text: Message, _: Conventions) -> Message {
        self.with_legal(text)
    }
}

/// Seega through the one game trait: each method is the inherent one of
/// [`SeegaPosition`] (same name); notation conventions do not apply.
impl GamePosition for SeegaPosition {
    type Move = SeegaMove;
    type MoveList = SeegaMoveList;
    type Outcome = SeegaOutcome;
    type Illegal = SeegaIllegal;
    type MoveError = ParseMoveError;

    /// The empty board, `first` to place (the ruleset is Seega's whatever
    /// `rules` says).
    fn start_of(_: Ruleset, first: Side) -> SeegaPosition {
        SeegaPosition::start(first)
    }

    fn rules(&self) -> Ruleset {
        Ruleset::Seega
    }

    fn to_move(&self) -> Side {
        self.to_move
    }

    #[inline]
    fn parse_move(&self, text: &str, _: Conventions) -> Result<SeegaMove, ParseMoveError> {
        // The usual spellings read here at once (`a1,b2`, `b3-c3`); the
        // rest, and every mistake, by the notation's own reader.
        let square = |file: u8, rank: u8| {
            Square::new(
                file.to_ascii_lowercase().wrapping_sub(b'a'),
                rank.wrapping_sub(b'1'),
            )
        };
        if let &[f1, r1, separator @ (b',' | b'-'), f2, r2] = text.as_bytes()
            && let (Some(a), Some(b)) = (square(f1, r1), square(f2, r2))
        {
            return Ok(if separator == b',' {
                SeegaMove::place(a, b)
            } else {
                SeegaMove::Step(a, b)
            });
        }
        text.parse()
    }

    fn move_name(&self, played: SeegaMove, _: Conventions) -> impl fmt::Display + '_ {
        played
    }

    fn turn(&self) -> Result<SeegaMoveList, GameOver> {
        SeegaPosition::turn(self)
    }

    fn legal_moves(&self) -> SeegaMoveList {
        SeegaPosition::legal_moves(self)
    }

    fn illegal_moves(&self) -> impl Iterator<Item = (SeegaMove, RuleId)> + use<> {
        SeegaPosition::illegal_moves(self)
    }

    fn refusal_by(&self, played: SeegaMove, _: RuleId) -> Option<SeegaIllegal> {
        self.check(played).err()
    }

    fn check(&self, played: SeegaMove) -> Result<(), SeegaIllegal> {
        SeegaPosition::check(self, played)
    }

    fn play(&mut self, played: SeegaMove) -> Result<SeegaOutcome, SeegaIllegal> {
        SeegaPosition::play(self, played)
    }

    fn play_anyway(&mut self, played: SeegaMove) -> Result<SeegaOutcome, SeegaIllegal> {
        SeegaPosition::play_anyway(self, played)
    }

    fn refused_after_end(&self, played: SeegaMove, over: GameOver) -> SeegaIllegal {
        SeegaIllegal {
            played,
            reason: SeegaIllegalReason::GameOver(over),
            position: *self,
        }
    }

    fn declared_end(&self, rule: RuleId) -> Result<GameOver, Message> {
        SeegaPosition::declared_end(self, rule).map_err(|error| error.message())
    }

    fn agreed_end(&self) -> Option<GameOver> {
        // The players judge that no capture is possible any more: the
        // pieces on the board decide (`seega.end.no-capture`).
        SeegaPosition::declared_end(self, RuleId::SeegaEndNoCapture).ok()
    }

    fn termination_rule(&self, word: &str) -> Option<RuleId> {
        match word.trim().to_ascii_lowercase().as_str() {
            "no-capture" | "grande" => Some(RuleId::SeegaEndNoCapture),
            "barrier" | "petite" => Some(RuleId::SeegaEndBarrier),
            "wipeout" | "total" => Some(RuleId::SeegaEndWipeout),
            "blocked" => Some(RuleId::SeegaEndBlocked),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The quick reading of moves agrees with the notation's reader on
    /// every text of five bytes made of squares' letters and separators.
    #[test]
    fn quick_move_reading_agrees_with_the_move_reader() {
        let position = SeegaPosition::start(Side::South);
        let bytes = b"aAbcefE01569,- ";
        for &a in bytes {
            for &b in bytes {
                for &c in bytes {
                    for &d in b"aeE15 " {
                        for &e in b"a159, " {
                            let text = String::from_utf8(vec![a, b, c, d, e]).unwrap();
                            assert_eq!(
                                GamePosition::parse_move(&position, &text, Conventions::default()),
                                text.parse::<SeegaMove>(),
                                "{text:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}

//! Rule ids: every rule the engine applies or enforces has one.
//!
//! The id is what error messages, validation reports and the docs cite
//! (`songo.capture.chain`). To find where a rule lives in the code, search
//! for its variant name here (`RuleId::CaptureChain`): the engine cites it at
//! the one place that implements it.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

macro_rules! rule_ids {
    ($( $(#[$doc:meta])* $variant:ident = $id:literal, $summary:literal; )*) => {
        /// The id of one rule of `docs/rules.md` (or of the record format).
        ///
        /// ```
        /// use songo_notation::RuleId;
        /// assert_eq!(RuleId::CaptureChain.as_str(), "songo.capture.chain");
        /// assert_eq!("songo.exit".parse::<RuleId>(), Ok(RuleId::Exit));
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum RuleId {
            $( $(#[$doc])* $variant, )*
        }

        impl RuleId {
            /// Every rule id, in the order of the rules pages.
            pub const ALL: &'static [RuleId] = &[$(RuleId::$variant,)*];

            /// The dotted id (`songo.capture.chain`).
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self { $(RuleId::$variant => $id,)* }
            }

            /// What the rule says, in one line.
            #[must_use]
            pub const fn summary(self) -> &'static str {
                match self { $(RuleId::$variant => $summary,)* }
            }
        }
    };
}

rule_ids! {
    /// Songo: sow the seeds of one of your non-empty houses, clockwise.
    Sow = "songo.sow", "take every seed of one of your non-empty houses and sow them one by one clockwise";
    /// Songo: a house of 14 or more seeds laps the board, then sows only in the opponent's camp.
    SowLap = "songo.sow.lap", "14 or more seeds: one in each other house, then the rest only in the opponent's camp";
    /// Songo: after a lap, a last seed bound for the opponent's entry house is captured instead.
    SowLoneSeed = "songo.sow.lone-seed", "after a lap, a last seed bound for the opponent's entry house is kept as a capture";
    /// Songo: the house of the last seed and those before it holding 2-4 are captured.
    CaptureChain = "songo.capture.chain", "last seed makes 2, 3 or 4 in an opponent house: take it and the houses before it while they hold 2-4";
    /// Songo: ending in the opponent's entry house captures nothing.
    CaptureEntry = "songo.capture.entry", "a last seed in the opponent's entry house captures nothing";
    /// Songo: a capture that would empty the opponent's camp takes nothing.
    CaptureNoEmptying = "songo.capture.no-emptying", "a capture that would leave the opponent no seed takes nothing";
    /// Songo: restrictions on playing your exit house with 1 or 2 seeds.
    Exit = "songo.exit", "your exit house may not be played with 1 seed (songo-ekang: 1 or 2; songo: 2 only if it captures)";
    /// Songo: a banned exit move that is the only move left is forced.
    ExitForced = "songo.exit.forced", "a banned exit move is forced when nothing else is playable; its seeds go to a store";
    /// Songo: when the opponent's camp is empty you must feed it.
    Solidarity = "songo.solidarity", "when the opponent's camp is empty you must feed it";
    /// Songo: 40 seeds in store ends the game.
    EndForty = "songo.end.forty", "a player with 40 seeds or more in store ends the game and wins";
    /// Songo: fewer than 10 seeds on the board ends the game.
    EndFewSeeds = "songo.end.few-seeds", "fewer than 10 seeds on the board end the game";
    /// Songo: the player to move has no legal move.
    EndNoMove = "songo.end.no-move", "the player to move has no legal move: the game ends";
    /// Songo: at the end, seeds left go to the owner of their camp.
    EndRemaining = "songo.end.remaining", "when the game ends for lack of seeds or moves, each camp's seeds go to its owner";
    /// Awalé: sow counter-clockwise.
    AwaleSow = "awale.sow", "take every seed of one of your non-empty houses and sow them one by one counter-clockwise";
    /// Awalé: the origin house is skipped on every lap.
    AwaleSowSkipOrigin = "awale.sow.skip-origin", "with 12 seeds or more the emptied house is skipped on every lap";
    /// Awalé: the last house and those before it holding 2 or 3 are captured.
    AwaleCaptureChain = "awale.capture.chain", "last seed makes 2 or 3 in an opponent house: take it and the houses before it while they hold 2 or 3";
    /// Awalé: a move must leave the opponent at least one seed.
    AwaleFeed = "awale.feed", "a move must leave the opponent's camp at least one seed, captures included";
    /// Awalé: no legal move ends the game.
    AwaleEndNoMove = "awale.end.no-move", "the player to move has no legal move: the game ends, captured seeds count";
    /// Awalé: the players agree to stop.
    AwaleEndAgreement = "awale.end.agreement", "the players agree to stop when too few seeds remain for a capture";
    /// Oware abapa: a grand slam captures nothing.
    AbapaGrandSlam = "abapa.grand-slam", "a capture that would empty the opponent's camp takes nothing";
    /// Oware abapa: an empty opponent must be fed.
    AbapaFeed = "abapa.feed", "when the opponent's camp is empty, only moves that reach it are legal";
    /// Oware abapa: the end of the game.
    AbapaEnd = "abapa.end", "more than 24 captured, 24 each, no legal move, or a repeated position: camps go to their owners";
    /// Seega: placement phase.
    SeegaPlace = "seega.place", "in the first phase each turn places two pieces from hand on empty squares";
    /// Seega: never place on the centre.
    SeegaPlaceCentre = "seega.place.centre", "no piece may be placed on c3";
    /// Seega: the last placer moves first.
    SeegaPlaceLastMovesFirst = "seega.place.last-moves-first", "the player who placed the last two pieces makes the first move";
    /// Seega: a move is one orthogonal step to an empty square.
    SeegaMove = "seega.move", "move one of your pieces one square orthogonally to an empty square";
    /// Seega: custodian capture.
    SeegaCapture = "seega.capture", "an enemy piece next to the moved piece with your piece right behind it is captured";
    /// Seega: the centre square is a stronghold.
    SeegaCaptureStronghold = "seega.capture.stronghold", "a piece on c3 cannot be captured";
    /// Seega: only the mover captures.
    SeegaCaptureActive = "seega.capture.active", "only the moving player captures; moving between two enemies is safe";
    /// Seega: a player with no move passes.
    SeegaBlocked = "seega.blocked", "a player with no move passes";
    /// Seega: after a pass the opponent must unblock.
    SeegaBlockedUnblock = "seega.blocked.unblock", "after a pass the opponent must open a move for the blocked player if possible";
    /// Seega: a player without pieces has lost.
    SeegaEndWipeout = "seega.end.wipeout", "a player with no piece left loses (total victory)";
    /// Seega: no capture is possible any more.
    SeegaEndNoCapture = "seega.end.no-capture", "declared: no capture is possible; more pieces wins (grande victoire)";
    /// Seega: a barrier cuts the board.
    SeegaEndBarrier = "seega.end.barrier", "declared: a barrier walls off the opponent; more pieces wins (petite victoire)";
    /// Seega: the blocked player cannot be unblocked.
    SeegaEndBlocked = "seega.end.blocked", "a blocked player cannot be unblocked: more pieces wins";
    /// Records: the text does not follow the record grammar.
    Syntax = "syntax", "the text does not follow the grammar of the notation";
    /// Records: the start position is not a position reachable in a real game.
    RecordSetup = "record.setup", "a game's start position must be a full game's position";
    /// Records: a claimed capture differs from the engine's.
    RecordCaptureClaim = "record.capture-claim", "a move's claimed capture (+N) must match what the move captures";
    /// Records: moves after the game ended.
    RecordAfterEnd = "record.after-end", "no move may follow the end of the game";
    /// Records: the claimed result differs from the computed one.
    RecordResult = "record.result", "the Result tag must match the final score computed by replaying the game";
    /// Records: the declared termination does not hold.
    RecordTermination = "record.termination", "a declared end of game must hold in the final position";
}

impl RuleId {
    /// The bit of this rule in a [`RuleIds`].
    const fn bit(self) -> u64 {
        1 << (self as u8)
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text is not a rule id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownRuleId(pub String);

impl fmt::Display for UnknownRuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown rule id `{}`", self.0)
    }
}

impl std::error::Error for UnknownRuleId {}

impl FromStr for RuleId {
    type Err = UnknownRuleId;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RuleId::ALL
            .iter()
            .copied()
            .find(|r| r.as_str() == s)
            .ok_or_else(|| UnknownRuleId(s.to_owned()))
    }
}

impl Serialize for RuleId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for RuleId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of rule ids, as a bit set: what a move applied, without allocating.
///
/// ```
/// use songo_notation::{RuleId, RuleIds};
/// let mut rules = RuleIds::EMPTY;
/// rules.insert(RuleId::SowLap);
/// rules.insert(RuleId::CaptureChain);
/// assert!(rules.contains(RuleId::SowLap));
/// let ids: Vec<&str> = rules.iter().map(RuleId::as_str).collect();
/// assert_eq!(ids, ["songo.sow.lap", "songo.capture.chain"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RuleIds(u64);

const _: () = assert!(RuleId::ALL.len() <= 64, "RuleIds holds at most 64 rule ids");

impl RuleIds {
    /// No rule.
    pub const EMPTY: RuleIds = RuleIds(0);

    /// Adds a rule.
    pub fn insert(&mut self, rule: RuleId) {
        self.0 |= rule.bit();
    }

    /// Whether the set holds the rule.
    #[must_use]
    pub const fn contains(self, rule: RuleId) -> bool {
        self.0 & rule.bit() != 0
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The rules in the set, in the order of [`RuleId::ALL`].
    pub fn iter(self) -> impl Iterator<Item = RuleId> {
        RuleId::ALL
            .iter()
            .copied()
            .filter(move |r| self.contains(*r))
    }
}

impl Serialize for RuleIds {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

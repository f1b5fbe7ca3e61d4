//! Rule ids: every rule the engine applies or enforces has one.
//!
//! The id is what error messages, validation reports and the docs cite
//! (`songo.capture.chain`). Its variant reads as the id does: each dotted
//! part in upper camel case, the game's prefix included
//! (`songo.capture.chain` is `RuleId::SongoCaptureChain`, `awale.feed`
//! `RuleId::AwaleFeed`, `syntax` `RuleId::Syntax`; `notation/tests/rules.rs`
//! holds every variant to it). To find where a rule lives in the code,
//! search for its id: the engine cites it, beside its variant, at the one
//! place that implements it.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::i18n::{Lang, Localize, Message};

macro_rules! rule_ids {
    ($( $(#[$doc:meta])* $variant:ident = $id:literal, $message:literal; )*) => {
        /// The id of one rule of `docs/rules.md` (or of the record format).
        ///
        /// ```
        /// use songo_notation::RuleId;
        /// assert_eq!(RuleId::SongoCaptureChain.as_str(), "songo.capture.chain");
        /// assert_eq!("songo.exit".parse::<RuleId>(), Ok(RuleId::SongoExit));
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

            /// What the rule says, in one line: a message of the
            /// catalogue (`rule-` and the id, dots as dashes).
            #[must_use]
            pub fn summary_message(self) -> Message {
                Message::new(match self { $(RuleId::$variant => $message,)* })
            }
        }
    };
}

rule_ids! {
    /// Songo: sow the seeds of one of your non-empty houses, clockwise.
    SongoSow = "songo.sow", "rule-songo-sow";
    /// Songo: a house of 14 or more seeds laps the board, then sows only in the opponent's camp.
    SongoSowLap = "songo.sow.lap", "rule-songo-sow-lap";
    /// Songo: after a lap, a last seed bound for the opponent's entry house is captured instead.
    SongoSowLoneSeed = "songo.sow.lone-seed", "rule-songo-sow-lone-seed";
    /// Songo: the house of the last seed and those before it holding 2-4 are captured.
    SongoCaptureChain = "songo.capture.chain", "rule-songo-capture-chain";
    /// Songo: ending in the opponent's entry house captures nothing.
    SongoCaptureEntry = "songo.capture.entry", "rule-songo-capture-entry";
    /// Songo: a capture that would empty the opponent's camp takes nothing.
    SongoCaptureNoEmptying = "songo.capture.no-emptying", "rule-songo-capture-no-emptying";
    /// Songo: restrictions on playing your exit house with 1 or 2 seeds.
    SongoExit = "songo.exit", "rule-songo-exit";
    /// Songo: a banned exit move that is the only move left is forced.
    SongoExitForced = "songo.exit.forced", "rule-songo-exit-forced";
    /// Songo: when the opponent's camp is empty you must feed it.
    SongoSolidarity = "songo.solidarity", "rule-songo-solidarity";
    /// Songo: 40 seeds in store ends the game.
    SongoEndForty = "songo.end.forty", "rule-songo-end-forty";
    /// Songo: fewer than 10 seeds on the board ends the game.
    SongoEndFewSeeds = "songo.end.few-seeds", "rule-songo-end-few-seeds";
    /// Songo: the player to move has no legal move.
    SongoEndNoMove = "songo.end.no-move", "rule-songo-end-no-move";
    /// Songo: at the end, seeds left go to the owner of their camp.
    SongoEndRemaining = "songo.end.remaining", "rule-songo-end-remaining";
    /// akong-online: the exit house with 1 seed only as the camp's last seed, which goes to the store.
    AkongExit = "akong.exit", "rule-akong-exit";
    /// akong-online: when the opponent's camp is empty, a move must reach it if one does.
    AkongSolidarity = "akong.solidarity", "rule-akong-solidarity";
    /// akong-online: a capture of all seven houses takes nothing; any other capture is taken.
    AkongCaptureGrandSlam = "akong.capture.grand-slam", "rule-akong-capture-grand-slam";
    /// akong-online: a player to move without a seed ends the game.
    AkongEndStarved = "akong.end.starved", "rule-akong-end-starved";
    /// akong-online: 40 seeds in store (36 in the Gabon variant) end the game.
    AkongEndStore = "akong.end.store", "rule-akong-end-store";
    /// Awalé: sow counter-clockwise.
    AwaleSow = "awale.sow", "rule-awale-sow";
    /// Awalé: the origin house is skipped on every lap.
    AwaleSowSkipOrigin = "awale.sow.skip-origin", "rule-awale-sow-skip-origin";
    /// Awalé: the last house and those before it holding 2 or 3 are captured.
    AwaleCaptureChain = "awale.capture.chain", "rule-awale-capture-chain";
    /// Awalé: a move must leave the opponent at least one seed.
    AwaleFeed = "awale.feed", "rule-awale-feed";
    /// Awalé: no legal move ends the game.
    AwaleEndNoMove = "awale.end.no-move", "rule-awale-end-no-move";
    /// Awalé: the players agree to stop.
    AwaleEndAgreement = "awale.end.agreement", "rule-awale-end-agreement";
    /// Oware abapa: a grand slam captures nothing.
    AbapaGrandSlam = "abapa.grand-slam", "rule-abapa-grand-slam";
    /// Oware abapa: an empty opponent must be fed.
    AbapaFeed = "abapa.feed", "rule-abapa-feed";
    /// Oware abapa: the end of the game.
    AbapaEnd = "abapa.end", "rule-abapa-end";
    /// Seega: placement phase.
    SeegaPlace = "seega.place", "rule-seega-place";
    /// Seega: never place on the centre.
    SeegaPlaceCentre = "seega.place.centre", "rule-seega-place-centre";
    /// Seega: the last placer moves first.
    SeegaPlaceLastMovesFirst = "seega.place.last-moves-first", "rule-seega-place-last-moves-first";
    /// Seega: a move is one orthogonal step to an empty square.
    SeegaMove = "seega.move", "rule-seega-move";
    /// Seega: custodian capture.
    SeegaCapture = "seega.capture", "rule-seega-capture";
    /// Seega: the centre square is a stronghold.
    SeegaCaptureStronghold = "seega.capture.stronghold", "rule-seega-capture-stronghold";
    /// Seega: only the mover captures.
    SeegaCaptureActive = "seega.capture.active", "rule-seega-capture-active";
    /// Seega: a player with no move passes.
    SeegaBlocked = "seega.blocked", "rule-seega-blocked";
    /// Seega: after a pass the opponent must unblock.
    SeegaBlockedUnblock = "seega.blocked.unblock", "rule-seega-blocked-unblock";
    /// Seega: a player without pieces has lost.
    SeegaEndWipeout = "seega.end.wipeout", "rule-seega-end-wipeout";
    /// Seega: no capture is possible any more.
    SeegaEndNoCapture = "seega.end.no-capture", "rule-seega-end-no-capture";
    /// Seega: a barrier cuts the board.
    SeegaEndBarrier = "seega.end.barrier", "rule-seega-end-barrier";
    /// Seega: the blocked player cannot be unblocked.
    SeegaEndBlocked = "seega.end.blocked", "rule-seega-end-blocked";
    /// Records: the text does not follow the record grammar.
    Syntax = "syntax", "rule-syntax";
    /// Records: the start position is not a position reachable in a real game.
    RecordSetup = "record.setup", "rule-record-setup";
    /// Records: a claimed capture differs from the engine's.
    RecordCaptureClaim = "record.capture-claim", "rule-record-capture-claim";
    /// Records: a move number is not the number of the move it precedes.
    RecordMoveNumber = "record.move-number", "rule-record-move-number";
    /// Records: moves after the game ended.
    RecordAfterEnd = "record.after-end", "rule-record-after-end";
    /// Records: the claimed result differs from the computed one.
    RecordResult = "record.result", "rule-record-result";
    /// Records: the declared termination does not hold.
    RecordTermination = "record.termination", "rule-record-termination";
}

impl RuleId {
    /// What the rule says, in one line, in English.
    ///
    /// ```
    /// use songo_notation::RuleId;
    /// use songo_notation::i18n::Lang;
    /// assert_eq!(RuleId::SongoSolidarity.summary(), "when the opponent's camp is empty you must feed it");
    /// assert_eq!(RuleId::SongoSolidarity.summary_in(Lang::Fr), "quand le camp adverse est vide, il faut le nourrir");
    /// ```
    #[must_use]
    pub fn summary(self) -> String {
        self.summary_in(Lang::En)
    }

    /// What the rule says, in one line, in `lang`.
    #[must_use]
    pub fn summary_in(self, lang: Lang) -> String {
        self.summary_message().localize(lang)
    }

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
/// rules.insert(RuleId::SongoSowLap);
/// rules.insert(RuleId::SongoCaptureChain);
/// assert!(rules.contains(RuleId::SongoSowLap));
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

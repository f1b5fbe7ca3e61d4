//! The teaching vocabulary, computed: what the texts teach with (threats,
//! double threats, defences, the yinda, greniers, the bidoua; for Seega,
//! threatened pieces and mobility), each term computed once, from the
//! engine, and named by a stable id ([`TeachId`], `teach.*`).
//!
//! - [`explain`] a Songo or Awalé/oware position
//!   ([`ExplainReport`]) and what each legal move does ([`move_effects`]);
//! - the Seega counterpart ([`explain_seega`]);
//! - the plies of a played line a teacher would point at
//!   ([`annotate_line`]);
//! - [`words`]: every report and annotation put into words, in any language
//!   of the catalogues;
//! - [`picture`]: the shapes a picture of an explanation draws over the
//!   board (arrows, rings, a grenier's double ring, a yinda's seed);
//!
//! A position of any game is explained through the one dispatch,
//! [`crate::any::explain`].
//!
//! A term never re-implements a rule: the capture of a house is found by
//! playing it with the engine on the position with its owner to move, and
//! reading which houses the engine emptied (so a kept or forced lone seed,
//! which takes nothing from the opponent's houses, is not a capture); a
//! house counts in the bidoua when the engine's sowing of it keeps every
//! seed in its owner's houses. `docs/teaching.md` says how each term is
//! computed and works the texts' examples through.
//!
//! ```
//! use songo_notation::teach::{self, TeachId};
//! use songo_notation::Position;
//!
//! // The escale text's simple threat: N4 threatens S3 and S4.
//! let position: Position = "songo:0,0,2,0,6,0,0/1,4,0,3,1,5,1".parse().unwrap();
//! let report = teach::explain(&position);
//! let n4 = report.threats.iter().find(|t| t.house.to_string() == "N4").unwrap();
//! assert_eq!((n4.captures, n4.houses.len()), (6, 2));
//! let text = teach::words::explain_text(&report, songo_notation::i18n::Lang::En);
//! assert_eq!(text.lines().nth(1).unwrap(), "- South's S1 threatens N2 (3 seeds).");
//! assert_eq!(TeachId::Threat.as_str(), "teach.threat");
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

use crate::{House, Ruleset};

pub(crate) mod annotate;
pub mod picture;
mod probe;
pub(crate) mod seega;
pub(crate) mod sowing;
pub mod words;

#[cfg(test)]
mod tests;

pub use annotate::{Annotation, LineError, Note, PlayedMove, annotate, annotate_line};
pub use seega::{
    SeegaAnnotation, SeegaExplainReport, SeegaExposure, SeegaMoveEffect, SeegaNote, SeegaThreat,
    annotate_seega, explain_seega, seega_move_effects,
};
pub use sowing::{
    Answer, BidouaHouses, Defence, DefenceKind, DoubleThreat, ExplainReport, Exposure, Grenier,
    Limitation, MoveEffect, Threat, explain, grenier_threshold, move_effects,
};

macro_rules! teach_ids {
    ($( $(#[$doc:meta])* $variant:ident = $id:literal; )*) => {
        /// The id of one term of the teaching vocabulary (`teach.threat`):
        /// stable, like a rule id, so that reports, annotations and the docs
        /// can cite it. To find where a term is computed, search for its
        /// variant (`TeachId::Yinda`).
        ///
        /// ```
        /// use songo_notation::teach::TeachId;
        /// assert_eq!("teach.yinda".parse::<TeachId>(), Ok(TeachId::Yinda));
        /// assert_eq!(TeachId::DoubleThreat.to_string(), "teach.double-threat");
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum TeachId {
            $( $(#[$doc])* $variant, )*
        }

        impl TeachId {
            /// Every id, in the order of `docs/teaching.md`.
            pub const ALL: &'static [TeachId] = &[$(TeachId::$variant,)*];

            /// The dotted id (`teach.double-threat`).
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self { $(TeachId::$variant => $id,)* }
            }
        }
    };
}

teach_ids! {
    /// A house whose capture, its owner to move, is at least one seed (for
    /// Seega: an opponent piece one legal step could take).
    Threat = "teach.threat";
    /// Two threats or more of one side that no single opponent move removes.
    DoubleThreat = "teach.double-threat";
    /// A move of the side to move that lowers the opponent's largest capture.
    Defence = "teach.defence";
    /// A defence that reinforces a threatened house with a seed.
    Yinda = "teach.yinda";
    /// A house with enough seeds to go round the board.
    Grenier = "teach.grenier";
    /// The seeds a side can move without feeding the opponent.
    Bidoua = "teach.bidoua";
    /// Seega: the legal steps a side has (0: blocked).
    Mobility = "teach.mobility";
}

impl fmt::Display for TeachId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A text that names no teaching term.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownTeachId(pub String);

impl fmt::Display for UnknownTeachId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a teaching term: use one of ", self.0)?;
        for (i, id) in TeachId::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(id.as_str())?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownTeachId {}

impl FromStr for TeachId {
    type Err = UnknownTeachId;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim();
        TeachId::ALL
            .iter()
            .copied()
            .find(|id| id.as_str() == wanted)
            .ok_or_else(|| UnknownTeachId(wanted.to_owned()))
    }
}

impl Serialize for TeachId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A house with its ruleset, so that it can be named (`N4`, `e`) wherever
/// it is shown: JSON gives the name, the renderers get the house.
///
/// ```
/// use songo_notation::teach::NamedHouse;
/// use songo_notation::{House, Ruleset, Side};
/// let house = NamedHouse::new(House::new(Side::North, 4), Ruleset::Songo);
/// assert_eq!(house.to_string(), "N4");
/// assert_eq!(serde_json::to_string(&house).unwrap(), r#""N4""#);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NamedHouse {
    /// The house.
    pub house: House,
    /// The ruleset it is named in.
    pub rules: Ruleset,
}

impl NamedHouse {
    /// A house of `rules`.
    #[must_use]
    pub const fn new(house: House, rules: Ruleset) -> NamedHouse {
        NamedHouse { house, rules }
    }
}

impl fmt::Display for NamedHouse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.house.name(self.rules).fmt(f)
    }
}

impl Serialize for NamedHouse {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

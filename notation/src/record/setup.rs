//! The start of a recorded game, from its tags: the [`FromTags`] trait a
//! game implements for the validator, and the [`SetupError`] it gives when
//! the tags do not make a game.
//!
//! ```
//! use songo_notation::record::{FromTags, Tags};
//! use songo_notation::{GamePosition, Position, Ruleset};
//!
//! let (start, conventions) = Position::from_tags(Ruleset::Songo, &Tags::default()).unwrap();
//! let s2 = start.parse_move("S2", conventions).unwrap();
//! assert_eq!(start.move_name(s2, conventions).to_string(), "S2");
//! ```

use crate::conventions::Conventions;
use crate::error::ParseError;
use crate::game::GamePosition;
use crate::i18n::Message;
use crate::msg;
use crate::rule::RuleId;
use crate::ruleset::Ruleset;

use super::model::Tags;

/// A game that a record can start: from its tags, the start position and
/// the conventions its moves are written in.
pub trait FromTags: GamePosition {
    /// The game a record starts: `rules` is the record's ruleset (already
    /// read from `Rules`, `Variant` or the default); the other tags say the
    /// rest (`Position`, `First`, `SetUp`, `Capitals` …).
    ///
    /// # Errors
    /// The tags do not make a game of `rules`.
    fn from_tags(rules: Ruleset, tags: &Tags) -> Result<(Self, Conventions), SetupError>;
}

/// A game cannot be set up from a record's tags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError {
    /// `record.setup`, or `syntax` when a tag's value cannot be read.
    pub rule: RuleId,
    /// What is wrong.
    pub message: Message,
    /// The tag at fault, to point at it.
    pub tag: Option<&'static str>,
    /// Where in the tag's value, when its notation could not be read
    /// (line and column relative to the value).
    pub detail: Option<Box<ParseError>>,
    /// How to fix it.
    pub hint: Option<Message>,
}

impl SetupError {
    /// A `record.setup` error about a tag.
    #[must_use]
    pub fn setup(tag: &'static str, message: impl Into<Message>) -> SetupError {
        SetupError {
            rule: RuleId::RecordSetup,
            message: message.into(),
            tag: Some(tag),
            detail: None,
            hint: None,
        }
    }

    /// A `syntax` error: the value of `tag` does not read as a position;
    /// the parse error is kept as its detail, its hint as the hint.
    #[must_use]
    pub fn unreadable(tag: &'static str, error: ParseError) -> SetupError {
        SetupError {
            rule: RuleId::Syntax,
            message: msg!(
                "setup-tag-unreadable",
                tag = tag,
                text = (*error.message).clone()
            ),
            tag: Some(tag),
            hint: error.hint().cloned(),
            detail: Some(Box::new(error)),
        }
    }

    /// Adds a hint.
    #[must_use]
    pub fn with_hint(mut self, hint: impl Into<Message>) -> SetupError {
        self.hint = Some(hint.into());
        self
    }
}

/// The ruleset a record's tags name: its `Rules` tag, else the OGN
/// `Variant` tag, else `default` (else `songo`).
///
/// ```
/// use songo_notation::record::{self, Tags};
/// use songo_notation::Ruleset;
/// let mut tags = Tags::default();
/// assert_eq!(record::ruleset_of(&tags, None), Ok(Ruleset::Songo));
/// tags.set("Variant", "Oware Abapa");
/// assert_eq!(record::ruleset_of(&tags, None), Ok(Ruleset::OwareAbapa));
/// tags.set("Rules", "awale");
/// assert_eq!(record::ruleset_of(&tags, None), Ok(Ruleset::Awale));
/// ```
///
/// # Errors
/// A `Rules` or `Variant` tag that names no ruleset (`record.setup`).
pub fn ruleset_of(tags: &Tags, default: Option<Ruleset>) -> Result<Ruleset, SetupError> {
    use super::model::names;
    if let Some(value) = tags.get(names::RULES) {
        return value
            .parse::<Ruleset>()
            .map_err(|error| SetupError::setup(names::RULES, error.message()));
    }
    if let Some(value) = tags.get(names::VARIANT) {
        return super::ogn::ruleset_of_variant(value).ok_or_else(|| {
            SetupError::setup(
                names::VARIANT,
                crate::msg!("record-unknown-variant", text = value.to_owned()),
            )
            .with_hint(crate::msg!("hint-variant-or-rules"))
        });
    }
    Ok(default.unwrap_or_default())
}

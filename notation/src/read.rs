//! The one reader of positions: text in any form (compact notation, OGN
//! FEN, a diagram, JSON, YAML) of any ruleset → the position, its form,
//! and the Awalé letter case a diagram wrote it in ([`read_position`]).
//! The CLI and the HTTP API both read positions here. Also here: the form
//! a text is in ([`detect`]), a reader for each family
//! ([`sowing_position`], [`seega_position`]) and the bracket-depth check
//! JSON and YAML texts pass first ([`check_nesting`]).
//!
//! ```
//! use songo_notation::read::{read_position, PositionForm};
//! use songo_notation::{LetterCase, Ruleset};
//!
//! let read = read_position("seega:...../...../...../...../.....:S", None).unwrap();
//! assert_eq!((read.position.rules(), read.form), (Ruleset::Seega, PositionForm::Compact));
//! let read = read_position("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5", None).unwrap();
//! assert_eq!(read.letters, LetterCase::SouthUpper);
//! ```

use std::str::FromStr;

use crate::any::AnyPosition;
use crate::conventions::LetterCase;
use crate::error::ParseError;
use crate::game::GamePosition as _;
pub use crate::input::{
    MAX_NESTING, PositionForm, check_nesting, check_nesting_within, detect, seega_position,
    sowing_position,
};
use crate::ruleset::Ruleset;
use crate::side::Side;
use crate::sowing::notation::diagram::{self, Diagram};

/// A position read from text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadPosition {
    /// The position.
    pub position: AnyPosition,
    /// The form it was written in.
    pub form: PositionForm,
    /// The Awalé letter case of its diagram (the default for other forms).
    pub letters: LetterCase,
    /// Whether the text says who is to move: a compact side field, a
    /// diagram's `to move` line, a `to_move` key (`start`: South, by
    /// definition; Seega's forms: always). When it does not, South is.
    pub to_move_named: bool,
}

/// The word that stands for the start position of a game (of `songo`, or
/// of the ruleset asked for): `start`.
pub const START: &str = "start";

/// Reads a position in any form of any ruleset; `rules` applies when the
/// text names none and must agree with it when it does. The word `start`
/// is the start position of `rules` (South to move).
///
/// ```
/// use songo_notation::read::read_position;
/// use songo_notation::Ruleset;
/// let start = read_position("start", Some(Ruleset::Awale)).unwrap();
/// assert_eq!(start.position.to_string(), "awale:4,4,4,4,4,4/4,4,4,4,4,4:0-0:S");
/// ```
///
/// # Errors
/// A [`ParseError`] that says where and why.
pub fn read_position(text: &str, rules: Option<Ruleset>) -> Result<ReadPosition, ParseError> {
    if text.trim().eq_ignore_ascii_case(START) {
        return Ok(ReadPosition {
            position: AnyPosition::start_of(rules.unwrap_or_default(), Side::South),
            form: PositionForm::Compact,
            letters: LetterCase::default(),
            to_move_named: true,
        });
    }
    let form = detect(text);
    if let Some(read) = seega_position(text, rules) {
        return read.map(|position| ReadPosition {
            position: AnyPosition::Seega(position),
            form,
            letters: LetterCase::default(),
            to_move_named: true,
        });
    }
    if form == PositionForm::Diagram {
        // A diagram says which Awalé camp it letters in capitals.
        let Diagram {
            position,
            letters,
            to_move_named,
        } = diagram::read(text.trim_start_matches('\u{feff}'), rules)?;
        return Ok(ReadPosition {
            position: AnyPosition::Sowing(position),
            form,
            letters,
            to_move_named,
        });
    }
    let (position, to_move_named) = crate::input::sowing_position_telling_side(text, rules)?;
    Ok(ReadPosition {
        position: AnyPosition::Sowing(position),
        form,
        letters: LetterCase::default(),
        to_move_named,
    })
}

impl AnyPosition {
    /// Reads a position in any form (compact, diagram, JSON, YAML) of any
    /// ruleset; `rules` applies when the text names none and must agree
    /// with it when it does ([`read_position`], the position alone).
    ///
    /// ```
    /// use songo_notation::any::AnyPosition;
    /// use songo_notation::Ruleset;
    /// let seega = AnyPosition::parse("NN.NN\nNNNNN\nSN.SS\nSSSSS\nSSSNS\n", None).unwrap();
    /// assert_eq!(seega.rules(), Ruleset::Seega);
    /// let songo = AnyPosition::parse("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5", None).unwrap();
    /// assert_eq!(songo.rules(), Ruleset::Songo);
    /// let error = AnyPosition::parse("seega:NN.NN/NNNNN/SN.SS/SSSSS/SSSNS", Some(Ruleset::Awale));
    /// assert!(error.unwrap_err().message().to_string().contains("awale was asked for"));
    /// ```
    ///
    /// # Errors
    /// A [`ParseError`] that says where and why.
    pub fn parse(text: &str, rules: Option<Ruleset>) -> Result<AnyPosition, ParseError> {
        read_position(text, rules).map(|read| read.position)
    }
}

impl FromStr for AnyPosition {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<AnyPosition, ParseError> {
        AnyPosition::parse(text, None)
    }
}

#[cfg(test)]
mod tests {
    use super::read_position;

    #[test]
    fn a_position_says_whether_it_names_the_side_to_move() {
        let diagram = "N0 N1 N2 N3 N4 N5 N6\n5 5 5 5 5 5 5\n5 5 5 5 5 5 5\nS0 S1 S2 S3 S4 S5 S6\n";
        let json = r#"{"north":[5,5,5,5,5,5,5],"south":[5,5,5,5,5,5,5]}"#;
        let yaml = "north: [5,5,5,5,5,5,5]\nsouth: [5,5,5,5,5,5,5]\n";
        for (text, named) in [
            ("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5", false),
            ("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0", false),
            ("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:N", true),
            ("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:S", true),
            ("start", true),
            (diagram, false),
            (&format!("{diagram}to move: north\n"), true),
            (json, false),
            (
                r#"{"north":[5,5,5,5,5,5,5],"south":[5,5,5,5,5,5,5],"to_move":"south"}"#,
                true,
            ),
            (yaml, false),
            (&format!("{yaml}to_move: north\n"), true),
            ("seega:...../...../...../...../.....:S", true),
        ] {
            let read = read_position(text, None).expect("a position");
            assert_eq!(read.to_move_named, named, "{text}");
        }
    }
}

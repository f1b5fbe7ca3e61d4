//! How deep a JSON or YAML text nests, checked before serde reads it
//! (serde's YAML reader takes time quadratic in the depth): a leaf, so
//! that positions ([`crate::input`]) and records ([`crate::record::serde`])
//! share it without importing each other.

use crate::error::{ParseError, ParseErrorKind};
use crate::msg;

/// Refuses a JSON or YAML text whose brackets nest deeper than `limit`
/// ([`crate::input::check_nesting`] for positions,
/// [`crate::record::serde::check_nesting`] for records, which nest deeper).
///
/// ```
/// use songo_notation::read::check_nesting_within;
/// assert!(check_nesting_within("[[[]]]", 3).is_ok());
/// assert!(check_nesting_within("[[[[]]]]", 3).is_err());
/// ```
///
/// # Errors
/// A [`ParseError`] of kind [`TooDeep`](crate::error::ParseErrorKind::TooDeep)
/// at the first bracket deeper than `limit`.
pub fn check_nesting_within(text: &str, limit: usize) -> Result<(), ParseError> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut value_may_start = true;
    for (offset, byte) in text.bytes().enumerate() {
        if in_string {
            match byte {
                b'\n' => {
                    in_string = false;
                    value_may_start = true;
                }
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' if value_may_start => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return Err(
                        ParseError::at(text, offset, msg!("too-deep", limit = limit))
                            .with_kind(ParseErrorKind::TooDeep)
                            .with_hint(msg!("hint-too-deep", limit = limit)),
                    );
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        value_may_start = byte.is_ascii_whitespace() || matches!(byte, b'[' | b'{' | b',' | b':');
    }
    Ok(())
}

//! The compact one-line position notation.
//!
//! ```text
//! songo:3,0,1,6,14,5,5/2,10,5,0,13,1,7:0-0:N
//! ^^^^^ ^^^^^^^^^^^^^^ ^^^^^^^^^^^^^^^ ^^^ ^
//! rules north row      south row       stores (south-north) side to move
//! ```
//!
//! Rows are written in notation order (`N0..N6` then `S0..S6`; Awalé `a..f`
//! for each camp), North first as in the diagrams. On input the ruleset
//! (default `songo`), the stores (default `0-0`) and the side (default `S`)
//! may be left out and spaces are allowed around separators; the writer
//! always produces the one canonical spelling. The grammar is in
//! `docs/notation.md`. Awalé positions may also be read in the Aualé
//! program's OGN `FEN` form, see [`parse_ogn_fen`].

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, quote};
use crate::i18n::Message;
use crate::msg;
use crate::ruleset::Ruleset;
use crate::side::{Score, Side};
use crate::sowing::position::Position;
use crate::span::Span;

/// Writes the canonical compact notation.
///
/// ```
/// use songo_notation::{Position, Ruleset};
/// assert_eq!(
///     Position::start(Ruleset::Songo).to_string(),
///     "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S"
/// );
/// ```
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.rules())?;
        for (i, side) in [Side::North, Side::South].into_iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            for (j, count) in self.row(side).iter().enumerate() {
                if j > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{count}")?;
            }
        }
        write!(f, ":{}:{}", self.stores(), self.to_move().letter())
    }
}

/// Reads the compact notation (or an OGN `FEN`, read as `awale`).
///
/// ```
/// use songo_notation::{Position, Ruleset, Side};
/// let position: Position = "3,0,1,6,14,5,5 / 2,10,5,0,13,1,7 : N".parse().unwrap();
/// assert_eq!(position.rules(), Ruleset::Songo);
/// assert_eq!(position.to_move(), Side::North);
/// assert_eq!(position.to_string(), "songo:3,0,1,6,14,5,5/2,10,5,0,13,1,7:0-0:N");
///
/// let error = "songo:5,5,5/5,5,5,5,5,5,5".parse::<Position>().unwrap_err();
/// assert!(error.to_string().starts_with("the north row has 3 houses, songo needs 7"));
/// ```
impl FromStr for Position {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Position, ParseError> {
        parse(text, None)
    }
}

/// Reads the compact notation; `rules` overrides a missing ruleset (and
/// must agree with a written one).
///
/// # Errors
/// A [`ParseError`] with line, column and a hint.
pub fn parse(input: &str, rules: Option<Ruleset>) -> Result<Position, ParseError> {
    parse_telling_side(input, rules).map(|(position, _)| position)
}

/// [`parse`], and whether the text names the side to move (an OGN `FEN`
/// always does; without a side field South moves).
pub(crate) fn parse_telling_side(
    input: &str,
    rules: Option<Ruleset>,
) -> Result<(Position, bool), ParseError> {
    let whole = Span::one_line(input, "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S")?;
    if looks_like_fen(whole.text) {
        return parse_ogn_fen(input, rules.unwrap_or(Ruleset::Awale)).map(|p| (p, true));
    }
    if !whole.text.contains([':', '/', ',']) {
        // No field, no row, no count: not a position in any form.
        return Err(whole
            .error(input, msg!("not-a-position", text = quote(whole.text)))
            .with_hint(msg!("hint-position-forms")));
    }
    let mut fields = whole.split(':').peekable();
    let mut written_rules = None;
    if let Some(first) = fields.peek().copied()
        && !first.text.contains('/')
    {
        if first.text.contains(',') || first.text.bytes().all(|b| b.is_ascii_digit()) {
            // Counts where the ruleset or the rows were expected: the `/` is missing.
            return Err(missing_rows(
                input,
                first.offset + first.text.len(),
                rules.unwrap_or_default(),
            ));
        }
        fields.next();
        let parsed: Ruleset = first.text.parse().map_err(|e: crate::UnknownRuleset| {
            e.error_at(input, first.offset).with_width(first.chars())
        })?;
        if let Some(wanted) = rules
            && wanted != parsed
        {
            return Err(first
                .error(
                    input,
                    msg!(
                        "position-rules-disagree",
                        written = parsed.id(),
                        asked = wanted.id()
                    ),
                )
                .with_hint(msg!("hint-drop-a-ruleset")));
        }
        written_rules = Some(parsed);
    }
    let rules = written_rules.or(rules).unwrap_or_default();
    if !rules.is_sowing() {
        return Err(ParseError::at(
            input,
            whole.offset,
            msg!("compact-own-form", rules = rules.id()),
        )
        .with_hint(msg!("hint-compact-sowing-games")));
    }
    let Some(rows) = fields.next() else {
        return Err(missing_rows(input, whole.offset + whole.text.len(), rules));
    };
    let mut halves = rows.split('/');
    let north_span = halves.next().unwrap_or(rows);
    let Some(south_span) = halves.next() else {
        return Err(missing_rows(input, rows.offset + rows.text.len(), rules));
    };
    if let Some(extra) = halves.next() {
        return Err(
            ParseError::at(input, extra.offset - 1, msg!("compact-third-row"))
                .with_hint(msg!("hint-two-rows")),
        );
    }
    let north = row(input, north_span, Side::North, rules)?;
    let south = row(input, south_span, Side::South, rules)?;
    let (stores, to_move, seen_side) = stores_and_side(input, fields)?;
    Position::new(rules, &south, &north, stores, to_move)
        .map(|position| (position, seen_side))
        .map_err(|e| e.error_at(input, whole.offset))
}

/// The fields after the rows: the stores (`0-0`) then the side to move
/// (`S`, `N`), each optional; and whether the side was written (South
/// moves when it is not).
fn stores_and_side<'a>(
    input: &str,
    fields: impl Iterator<Item = Span<'a>>,
) -> Result<(Score, Side, bool), ParseError> {
    let mut stores = Score::default();
    let mut to_move = Side::South;
    let (mut seen_stores, mut seen_side) = (false, false);
    for field in fields {
        if field.text.contains('-') && !seen_stores && !seen_side {
            stores = parse_stores(input, field)?;
            seen_stores = true;
        } else if !seen_side && !field.text.is_empty() && !field.text.contains('-') {
            to_move = field.text.parse().map_err(|_| {
                field
                    .error(input, msg!("not-a-side-to-move", text = quote(field.text)))
                    .with_hint(msg!("hint-write-s-or-n"))
            })?;
            seen_side = true;
        } else {
            let message = if seen_side && field.text.contains('-') {
                msg!("compact-stores-before-side")
            } else if field.text.is_empty() {
                msg!("compact-empty-field")
            } else {
                msg!("compact-field-too-many")
            };
            return Err(field
                .error(input, message)
                .with_hint(msg!("hint-compact-after-rows")));
        }
    }
    Ok((stores, to_move, seen_side))
}

/// An OGN `FEN`: counts and a side letter joined by `-`, no `/` or `:`.
fn looks_like_fen(text: &str) -> bool {
    !text.contains(['/', ':', ','])
        && text.matches('-').count() >= 10
        && text
            .chars()
            .all(|c| c.is_ascii_digit() || c == '-' || c.is_whitespace() || c.is_ascii_alphabetic())
}

fn missing_rows(input: &str, offset: usize, rules: Ruleset) -> ParseError {
    ParseError::at(input, offset, msg!("compact-expected-two-rows")).with_hint(msg!(
        "hint-compact-two-rows",
        count = rules.houses_per_side()
    ))
}

fn count(input: &str, span: Span<'_>) -> Result<u32, ParseError> {
    let error = |message: Message, hint: Message| span.error(input, message).with_hint(hint);
    let text = quote(span.text);
    if span.text.is_empty() {
        return Err(error(
            msg!("count-missing"),
            msg!("hint-number-between-commas"),
        ));
    }
    if let Some(rest) = span.text.strip_prefix('-')
        && rest.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(error(
            msg!("count-negative", text = text),
            msg!("hint-count-not-negative"),
        ));
    }
    if !span.text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(error(
            msg!("count-not-a-number", text = text),
            msg!("hint-whole-numbers"),
        ));
    }
    span.text.parse().map_err(|_| {
        error(
            msg!("count-too-large", text = text),
            msg!("hint-house-at-most", most = u32::MAX),
        )
    })
}

fn row(input: &str, span: Span<'_>, side: Side, rules: Ruleset) -> Result<Vec<u32>, ParseError> {
    let counts = span
        .split(',')
        .map(|part| count(input, part))
        .collect::<Result<Vec<_>, _>>()?;
    let width = rules.houses_per_side();
    if counts.len() != width {
        return Err(span
            .error(
                input,
                msg!(
                    "position-row-length",
                    side = side.as_str(),
                    found = counts.len(),
                    rules = rules.id(),
                    needed = width
                ),
            )
            .with_hint(msg!("hint-counts-separated-by-commas", count = width)));
    }
    Ok(counts)
}

fn parse_stores(input: &str, span: Span<'_>) -> Result<Score, ParseError> {
    let mut parts = span.split('-');
    let (Some(south), Some(north), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(
            ParseError::at(input, span.offset, msg!("compact-stores-two-counts"))
                .with_hint(msg!("hint-compact-stores")),
        );
    };
    Ok(Score::new(count(input, south)?, count(input, north)?))
}

/// Reads the `FEN` of the Aualé program's OGN records: the 12 houses
/// (South `a..f`, then North `a..f`), the two stores (South, North) and the
/// side to move, joined by `-`: `4-4-4-4-4-4-4-4-4-4-4-4-0-0-S`.
///
/// ```
/// use songo_notation::{sowing::notation::compact, Position, Ruleset, Side};
/// let position = compact::parse_ogn_fen("0-4-4-4-4-4-4-4-4-4-4-4-1-0-N", Ruleset::Awale).unwrap();
/// assert_eq!(position.to_move(), Side::North);
/// assert_eq!(position.to_string(), "awale:4,4,4,4,4,4/0,4,4,4,4,4:1-0:N");
/// assert_eq!(compact::to_ogn_fen(&position), "0-4-4-4-4-4-4-4-4-4-4-4-1-0-N");
/// ```
///
/// # Errors
/// A field that is not a count, a wrong number of fields, or a ruleset that
/// is not Awalé/oware.
pub fn parse_ogn_fen(input: &str, rules: Ruleset) -> Result<Position, ParseError> {
    let whole = Span::whole(input);
    if rules.houses_per_side() != 6 {
        return Err(ParseError::at(
            input,
            whole.offset,
            msg!("fen-not-awale", rules = rules.id()),
        )
        .with_hint(msg!("hint-fen-rules")));
    }
    let fields: Vec<Span<'_>> = whole.split('-').collect();
    if fields.len() != 15 {
        return Err(ParseError::at(
            input,
            whole.offset,
            msg!("fen-field-count", count = fields.len()),
        )
        .with_hint(msg!("hint-fen-fields")));
    }
    let counts = fields[..14]
        .iter()
        .map(|&span| count(input, span))
        .collect::<Result<Vec<_>, _>>()?;
    let side = fields[14];
    let to_move = side.text.parse().map_err(|_| {
        ParseError::at(
            input,
            side.offset,
            msg!("not-a-side-to-move", text = quote(side.text)),
        )
        .with_hint(msg!("hint-fen-side"))
    })?;
    Position::new(
        rules,
        &counts[..6],
        &counts[6..12],
        Score::new(counts[12], counts[13]),
        to_move,
    )
    .map_err(|e| e.error_at(input, whole.offset))
}

/// Writes an Awalé position as an OGN `FEN` (see [`parse_ogn_fen`]).
#[must_use]
pub fn to_ogn_fen(position: &Position) -> String {
    let mut fields: Vec<String> = [Side::South, Side::North]
        .into_iter()
        .flat_map(|side| {
            position
                .row(side)
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    fields.push(position.stores().south.to_string());
    fields.push(position.stores().north.to_string());
    fields.push(position.to_move().letter().to_string());
    fields.join("-")
}

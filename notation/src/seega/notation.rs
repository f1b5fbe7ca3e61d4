//! Seega positions written down: the compact one-line form, the 5×5 text
//! diagram (read and written), and JSON/YAML in the shape
//! `docs/notation.md` describes.
//!
//! ```text
//! seega:NN.NN/NNNNN/SN.SS/SSSSS/SSSNS:S:movement:0-0:0-0
//! ^^^^^ ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ ^ ^^^^^^^^ ^^^ ^^^
//! rules ranks 5 down to 1, files a-e  | phase    |   pieces taken (south-north)
//!                          side to move          pieces in hand (south-north)
//! ```
//!
//! A trailing `:passed` says the side not to move has just passed
//! (`seega.blocked`). On input the `seega:` prefix may be left out when the
//! board shows it is Seega, every field after the board may be left out
//! (side `S`, hands `0-0`, or with `placement` and no hands: 12 minus the
//! pieces on the board), letters may be small and spaces may surround
//! separators; the writer always produces the one canonical spelling.

use std::fmt::{self, Write as _};
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::board::Square;
use super::position::{PIECES_PER_SIDE, Phase, SeegaPosition, SeegaPositionError, SeegaSetup};
use crate::error::{InvalidValue, ParseError, ParseErrorKind};
use crate::i18n::{Lang, Localize, Message};
use crate::msg;
use crate::ruleset::Ruleset;
use crate::side::{Score, Side};
use crate::span::Span;

/// The board as read: `grid[0]` is rank 5, each rank files a..e.
type Grid = [[Option<Side>; 5]; 5];

/// What a reader found, before the position is checked.
struct Parts {
    grid: Grid,
    to_move: Side,
    phase: Option<Phase>,
    in_hand: Option<Score>,
    captured: Option<Score>,
    passed: bool,
}

impl Parts {
    fn new(grid: Grid) -> Parts {
        Parts {
            grid,
            to_move: Side::South,
            phase: None,
            in_hand: None,
            captured: None,
            passed: false,
        }
    }

    /// The one place every reader builds its position: defaults, the phase
    /// against the hands, then [`SeegaPosition::from_setup`].
    fn build(self) -> Result<SeegaPosition, Message> {
        self.build_checked().map_err(|invalid| invalid.message)
    }

    /// [`Parts::build`], its error at the field of the JSON/YAML shape it
    /// is about: the pieces in hand, but for a square held twice or a pass,
    /// which are about the whole position.
    fn build_checked(self) -> Result<SeegaPosition, InvalidValue> {
        let about_hand = |message| InvalidValue::at("/in_hand", message);
        let mut setup = SeegaSetup {
            to_move: self.to_move,
            passed: self.passed,
            ..SeegaSetup::default()
        };
        for (row, cells) in self.grid.iter().enumerate() {
            for (file, cell) in cells.iter().enumerate() {
                let Some(square) = Square::new(file as u8, 4 - row as u8) else {
                    continue;
                };
                match cell {
                    Some(Side::South) => setup.south.insert(square),
                    Some(Side::North) => setup.north.insert(square),
                    None => {}
                }
            }
        }
        let derived = self.in_hand.is_none() && self.phase == Some(Phase::Placement);
        let in_hand = match self.in_hand {
            Some(hands) => hands,
            None if derived => Score::new(
                PIECES_PER_SIDE.saturating_sub(setup.south.len()),
                PIECES_PER_SIDE.saturating_sub(setup.north.len()),
            ),
            None => Score::default(),
        };
        match self.phase {
            Some(Phase::Movement) if in_hand != Score::default() => {
                return Err(about_hand(msg!(
                    "seega-movement-with-pieces-in-hand",
                    in_hand = in_hand.to_string()
                )));
            }
            Some(Phase::Placement) if in_hand == Score::default() => {
                return Err(about_hand(msg!("seega-placement-without-pieces")));
            }
            _ => {}
        }
        setup.in_hand = in_hand;
        setup.captured = self.captured.unwrap_or_default();
        SeegaPosition::from_setup(setup).map_err(|e| {
            let message = if derived {
                msg!(
                    "seega-hand-derived",
                    text = e.message(),
                    in_hand = in_hand.to_string()
                )
            } else {
                e.message()
            };
            match e {
                SeegaPositionError::Overlap(_) | SeegaPositionError::PassInPlacement => {
                    InvalidValue::at("", message)
                }
                _ => about_hand(message),
            }
        })
    }
}

fn cell(c: char) -> Option<Option<Side>> {
    match c {
        'S' | 's' => Some(Some(Side::South)),
        'N' | 'n' => Some(Some(Side::North)),
        '.' => Some(None),
        _ => None,
    }
}

/// Writes the canonical compact form.
impl fmt::Display for SeegaPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("seega:")?;
        for rank in (0..5u8).rev() {
            for file in 0..5u8 {
                let square = Square::new(file, rank).unwrap_or(Square::CENTRE);
                f.write_char(piece_letter(self.piece_at(square)))?;
            }
            if rank > 0 {
                f.write_char('/')?;
            }
        }
        write!(
            f,
            ":{}:{}:{}:{}",
            self.to_move().letter(),
            self.phase(),
            self.in_hand(),
            self.captured()
        )?;
        if self.passed() {
            f.write_str(":passed")?;
        }
        Ok(())
    }
}

fn piece_letter(piece: Option<Side>) -> char {
    piece.map_or('.', Side::letter)
}

/// Reads the compact form or a text diagram (several lines).
///
/// ```
/// use songo_notation::seega::SeegaPosition;
/// use songo_notation::Side;
/// let position: SeegaPosition = "NN.NN/NNNNN/SN.SS/SSSSS/SSSNS : n".parse().unwrap();
/// assert_eq!(position.to_move(), Side::North);
/// assert_eq!(position.to_string(), "seega:NN.NN/NNNNN/SN.SS/SSSSS/SSSNS:N:movement:0-0:0-0");
/// ```
impl FromStr for SeegaPosition {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<SeegaPosition, ParseError> {
        if text.trim().contains('\n') {
            parse_diagram(text)
        } else {
            parse_compact(text)
        }
    }
}

const COMPACT_EXAMPLE: &str = "seega:...../...../...../...../.....:S:placement:12-12:0-0";

/// Whether a one-line text looks like a Seega compact position: `seega:`
/// first, or a first field of five ranks of `S`, `N` and `.`.
#[must_use]
pub fn looks_compact(text: &str) -> bool {
    let first = text.trim().split(':').next().unwrap_or_default().trim();
    if first.eq_ignore_ascii_case("seega") {
        return true;
    }
    let ranks: Vec<&str> = first.split('/').collect();
    ranks.len() == 5
        && ranks.iter().all(|rank| {
            let cells: Vec<char> = rank.chars().filter(|c| !c.is_whitespace()).collect();
            cells.len() == 5 && cells.iter().all(|&c| cell(c).is_some())
        })
}

/// Reads the compact one-line form.
///
/// # Errors
/// A [`ParseError`] with line, column, a caret and a hint.
///
/// ```
/// use songo_notation::seega::notation::parse_compact;
/// let error = parse_compact("seega:NN.NN/NNNNN/SN.SS/SSSS/SSSNS").unwrap_err();
/// assert!(error.to_string().starts_with("rank 2 has 4 squares, a rank has 5 at line 1, column 25"));
/// ```
pub fn parse_compact(input: &str) -> Result<SeegaPosition, ParseError> {
    let whole = Span::one_line(input, COMPACT_EXAMPLE)?;
    let mut fields = whole.split(':');
    let mut board = fields.next().unwrap_or(whole);
    if board.text.eq_ignore_ascii_case("seega") {
        board = fields
            .next()
            .filter(|field| !field.text.is_empty())
            .ok_or_else(|| {
                ParseError::at(
                    input,
                    whole.offset + whole.text.len(),
                    msg!("seega-board-missing"),
                )
                .with_hint(msg!("hint-seega-ranks-after", example = COMPACT_EXAMPLE))
            })?;
    } else if !board.text.contains('/') {
        let message = match board.text.parse::<Ruleset>() {
            Ok(rules) => msg!(
                "position-of-another-ruleset",
                rules = rules.id(),
                asked = Ruleset::Seega.id()
            ),
            Err(_) => msg!("seega-not-a-board", text = board.text),
        };
        return Err(board.error(input, message).with_hint(msg!(
            "hint-write-a-position-such-as",
            example = COMPACT_EXAMPLE
        )));
    }
    let mut parts = Parts::new(compact_board(input, board)?);
    compact_fields(input, fields, &mut parts)?;
    parts.build().map_err(|message| whole.error(input, message))
}

fn compact_board(input: &str, board: Span<'_>) -> Result<Grid, ParseError> {
    let mut grid = [[None; 5]; 5];
    let ranks: Vec<Span<'_>> = board.split('/').collect();
    if ranks.len() != 5 {
        return Err(board
            .error(input, msg!("seega-rank-count", count = ranks.len()))
            .with_hint(msg!("hint-seega-compact-ranks")));
    }
    for (row, rank) in ranks.iter().enumerate() {
        grid[row] = rank_cells(input, *rank, 5 - row)?;
    }
    Ok(grid)
}

/// Five squares of `S`, `N` or `.` (spaces between them are ignored).
fn rank_cells(input: &str, rank: Span<'_>, number: usize) -> Result<[Option<Side>; 5], ParseError> {
    let mut cells = [None; 5];
    let mut count = 0;
    for (at, c) in rank.text.char_indices() {
        if c.is_whitespace() {
            continue;
        }
        let Some(piece) = cell(c) else {
            return Err(ParseError::at(
                input,
                rank.offset + at,
                msg!("seega-not-a-square-of-the-board", text = c),
            )
            .with_hint(msg!("hint-seega-square-letters")));
        };
        if let Some(slot) = cells.get_mut(count) {
            *slot = piece;
        }
        count += 1;
    }
    if count != 5 {
        return Err(rank
            .error(
                input,
                msg!("seega-rank-width", rank = number, count = count),
            )
            .with_hint(msg!("hint-seega-files")));
    }
    Ok(cells)
}

fn compact_fields<'a>(
    input: &str,
    fields: impl Iterator<Item = Span<'a>>,
    parts: &mut Parts,
) -> Result<(), ParseError> {
    // Fields in order, each optional: side, phase, in hand, taken, passed.
    let mut stage = 0;
    for field in fields {
        let text = field.text;
        if stage == 0
            && let Ok(side) = text.parse::<Side>()
        {
            parts.to_move = side;
            stage = 1;
        } else if stage <= 1
            && let Ok(phase) = text.parse::<Phase>()
        {
            parts.phase = Some(phase);
            stage = 2;
        } else if stage <= 3 && text.contains('-') {
            let pair = pair(input, field)?;
            if stage <= 2 {
                parts.in_hand = Some(pair);
                stage = 3;
            } else {
                parts.captured = Some(pair);
                stage = 4;
            }
        } else if stage <= 4 && text.eq_ignore_ascii_case("passed") {
            parts.passed = true;
            stage = 5;
        } else {
            return Err(field
                .error(input, msg!("seega-unexpected-field", text = text))
                .with_hint(msg!("hint-seega-fields")));
        }
    }
    Ok(())
}

/// `south-north`, two counts.
fn pair(input: &str, field: Span<'_>) -> Result<Score, ParseError> {
    let error = || {
        field
            .error(input, msg!("seega-not-a-pair", text = field.text))
            .with_hint(msg!("hint-seega-pair"))
    };
    let (south, north) = field.text.split_once('-').ok_or_else(error)?;
    let count = |t: &str| {
        let t = t.trim();
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error());
        }
        t.parse::<u32>().map_err(|_| error())
    };
    Ok(Score::new(count(south)?, count(north)?))
}

/// Whether a text of several lines looks like a Seega diagram: five lines
/// of five squares `S`, `N`, `.` (rank numbers around them allowed).
#[must_use]
pub fn looks_like_diagram(text: &str) -> bool {
    text.lines()
        .filter(|line| diagram_row(line).is_some())
        .count()
        >= 5
}

/// A rank label if written, and the squares: (byte offset, letter).
type DiagramRow = (Option<usize>, Vec<(usize, char)>);

/// A Markdown table row as a plain one: a struck-out piece (`~~N~~`, taken
/// by the last move) is an empty square, `·` too; bold and the stronghold's
/// brackets are dropped.
fn plain_row(line: &str) -> String {
    let mut plain = line.to_owned();
    for struck in ["~~S~~", "~~N~~", "~~s~~", "~~n~~"] {
        plain = plain.replace(struck, ".");
    }
    plain
        .chars()
        .filter(|c| !matches!(c, '*' | '[' | ']'))
        .map(|c| if c == '·' { '.' } else { c })
        .collect()
}

/// A diagram line's squares (byte offset, letter), with its rank label if
/// written on the left or the right.
fn diagram_row(line: &str) -> Option<DiagramRow> {
    let line = plain_row(line);
    let chars: Vec<(usize, char)> = line
        .char_indices()
        .filter(|&(_, c)| !c.is_whitespace() && c != '|')
        .collect();
    let mut inner: &[(usize, char)] = &chars;
    let mut label = None;
    if let Some((&(_, first), rest)) = inner.split_first()
        && let Some(digit) = first.to_digit(10)
    {
        label = Some(digit as usize);
        inner = rest;
    }
    if let Some((&(_, last), rest)) = inner.split_last()
        && let Some(digit) = last.to_digit(10)
    {
        if label.is_some_and(|left| left != digit as usize) {
            return None;
        }
        label = Some(digit as usize);
        inner = rest;
    }
    (inner.len() == 5 && inner.iter().all(|&(_, c)| cell(c).is_some()))
        .then(|| (label, inner.to_vec()))
}

/// Reads a text diagram: five ranks from 5 down to 1, each five squares of
/// `S`, `N` or `.`, with or without rank numbers and a file row, then
/// optional lines `to move:`, `phase:`, `in hand:`, `captured:`, `passed:`.
///
/// # Errors
/// A [`ParseError`] with line, column, a caret and a hint.
///
/// ```
/// use songo_notation::seega::notation::parse_diagram;
/// let position = parse_diagram("NN.NN\nNNNNN\nSN.SS\nSSSSS\nSSSNS\nto move: north\n").unwrap();
/// assert_eq!(position.to_string(), "seega:NN.NN/NNNNN/SN.SS/SSSSS/SSSNS:N:movement:0-0:0-0");
/// ```
pub fn parse_diagram(input: &str) -> Result<SeegaPosition, ParseError> {
    let mut grid: Grid = [[None; 5]; 5];
    let mut rows = 0;
    let mut parts = Parts::new(grid);
    let mut passer: Option<(Side, usize)> = None;
    let mut offset = 0;
    let mut last_line = 0;
    for line in input.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let content = line.trim_end_matches(['\n', '\r']);
        let lead = content.len() - content.trim_start().len();
        let trimmed = content.trim();
        if trimmed.is_empty() {
            continue;
        }
        last_line = start + lead;
        let at = |span_start: usize| start + span_start;
        // A title, or a `#` comment.
        if trimmed.eq_ignore_ascii_case("seega") || trimmed.starts_with('#') {
            continue;
        }
        // A Markdown table's separator row.
        if trimmed.chars().all(|c| matches!(c, '|' | ':' | '-' | ' ')) {
            continue;
        }
        // A Markdown list item `- to move: south`.
        let (lead, trimmed) = match trimmed.strip_prefix("- ") {
            Some(item) => (
                lead + 2 + (item.len() - item.trim_start().len()),
                item.trim(),
            ),
            None => (lead, trimmed),
        };
        if let Some((key, value)) = trimmed.split_once(':') {
            let value_start = at(lead + key.len() + 1 + (value.len() - value.trim_start().len()));
            let value = value.trim();
            let span = Span {
                text: value,
                offset: value_start,
            };
            read_status_line(
                input,
                key,
                span,
                (at(lead), trimmed),
                &mut parts,
                &mut passer,
            )?;
            continue;
        }
        let letters: String = trimmed
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '|')
            .collect();
        if letters.eq_ignore_ascii_case("abcde") {
            continue;
        }
        read_rank(
            input,
            (start, content),
            (lead, trimmed),
            &mut grid,
            &mut rows,
        )?;
    }
    if rows < 5 {
        return Err(ParseError::at(
            input,
            last_line,
            msg!("seega-diagram-rank-count", count = rows),
        )
        .with_hint(msg!("hint-seega-five-ranks")));
    }
    parts.grid = grid;
    if let Some((side, at)) = passer {
        if side == parts.to_move {
            return Err(ParseError::at(
                input,
                at,
                msg!("seega-passed-and-to-move", side = side.as_str()),
            )
            .with_hint(msg!("hint-seega-passed")));
        }
        parts.passed = true;
    }
    parts
        .build()
        .map_err(|message| ParseError::at(input, input.len() - input.trim_start().len(), message))
}

/// A rank of a Seega diagram (`5 N N . N N`, its number optional), the
/// next of the `rows` read so far, into `grid`. `(start, content)`: where
/// the line starts and its text; `(lead, trimmed)`: where its text starts
/// in it, and that text.
fn read_rank(
    input: &str,
    (start, content): (usize, &str),
    (lead, trimmed): (usize, &str),
    grid: &mut Grid,
    rows: &mut usize,
) -> Result<(), ParseError> {
    let Some((label, cells)) = diagram_row(content) else {
        let bad = content
            .char_indices()
            .find(|&(_, c)| {
                !(c.is_whitespace() || c == '|' || c.is_ascii_digit() || cell(c).is_some())
            })
            .map_or(lead, |(i, _)| i);
        return Err(
            ParseError::at(input, start + bad, msg!("seega-not-a-rank", text = trimmed))
                .with_hint(msg!("hint-seega-rank")),
        );
    };
    if *rows == 5 {
        return Err(
            ParseError::at(input, start + lead, msg!("seega-sixth-rank"))
                .with_width(trimmed.chars().count()),
        );
    }
    let expected = 5 - *rows;
    if let Some(label) = label
        && label != expected
    {
        return Err(ParseError::at(
            input,
            start + lead,
            msg!("seega-rank-order", rank = label, expected = expected),
        )
        .with_hint(msg!("hint-seega-rank-order")));
    }
    for (file, &(_, c)) in cells.iter().enumerate() {
        grid[*rows][file] = cell(c).flatten();
    }
    *rows += 1;
    Ok(())
}

/// A `key: value` line of a Seega diagram (`to move: south`, `phase:
/// movement` …) read into `parts`; `passer` gets the side a `passed` line
/// names, with where its value is. `(key_at, line)`: where the key starts,
/// and the line's text, for the error of an unknown key.
fn read_status_line(
    input: &str,
    key: &str,
    span: Span<'_>,
    (key_at, line): (usize, &str),
    parts: &mut Parts,
    passer: &mut Option<(Side, usize)>,
) -> Result<(), ParseError> {
    let value = span.text;
    match key.trim().to_ascii_lowercase().as_str() {
        "rules" | "ruleset" => {
            if !value.eq_ignore_ascii_case("seega") {
                return Err(span.error(input, msg!("seega-diagram-rules", text = value)));
            }
        }
        // The English words and the French ones the diagram writes in French.
        "to move" | "to_move" | "au trait" => {
            parts.to_move = value
                .parse()
                .map_err(|e: crate::ParseSideError| span.error(input, e.message()))?;
        }
        "phase" => {
            parts.phase = Some(
                value
                    .parse()
                    .map_err(|e: super::position::ParsePhaseError| {
                        span.error(input, e.message())
                    })?,
            );
        }
        "in hand" | "in_hand" | "en main" => {
            parts.in_hand = Some(labelled_pair(input, span)?);
        }
        "captured" | "taken" | "pris" => {
            parts.captured = Some(labelled_pair(input, span)?);
        }
        "passed" | "a passé" => {
            let side: Side = value
                .parse()
                .map_err(|e: crate::ParseSideError| span.error(input, e.message()))?;
            *passer = Some((side, span.offset));
        }
        // What the Markdown form adds for readers: not position state.
        "last move" | "stronghold" | "dernier coup" | "place forte" => {}
        _ => {
            return Err(
                ParseError::at(input, key_at, msg!("seega-unknown-line", text = line))
                    .with_width(key.chars().count())
                    .with_hint(msg!("hint-seega-lines")),
            );
        }
    }
    Ok(())
}

/// `south 3 north 1`, or `3-1`.
fn labelled_pair(input: &str, span: Span<'_>) -> Result<Score, ParseError> {
    if span.text.contains('-') {
        return pair(input, span);
    }
    let error = || {
        span.error(input, msg!("seega-not-a-pair", text = span.text))
            .with_hint(msg!("hint-seega-labelled-pair"))
    };
    let words: Vec<&str> = span
        .text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| !word.is_empty())
        .collect();
    let mut score = Score::default();
    let [side_a, count_a, side_b, count_b] = words.as_slice() else {
        return Err(error());
    };
    for (side, count) in [(side_a, count_a), (side_b, count_b)] {
        let side: Side = side.parse().map_err(|_| error())?;
        score[side] = count.parse().map_err(|_| error())?;
    }
    Ok(score)
}

/// The five ranks as rows of `S`, `N` and `.`, rank 5 first, no coordinates.
///
/// ```
/// use songo_notation::seega::{notation, SeegaPosition};
/// let position: SeegaPosition = "seega:NN.NN/NNNNN/SN.SS/SSSSS/SSSNS".parse().unwrap();
/// assert_eq!(notation::rows(&position), "NN.NN\nNNNNN\nSN.SS\nSSSSS\nSSSNS\n");
/// ```
#[must_use]
pub fn rows(position: &SeegaPosition) -> String {
    let mut out = String::new();
    for rank in (0..5u8).rev() {
        for file in 0..5u8 {
            let square = Square::new(file, rank).unwrap_or(Square::CENTRE);
            out.push(piece_letter(position.piece_at(square)));
        }
        out.push('\n');
    }
    out
}

/// The text diagram: rank numbers on the left, files below, then the side
/// to move, the phase, the pieces in hand and taken (and who passed).
/// [`parse_diagram`] reads it back.
///
/// ```
/// use songo_notation::seega::{notation, SeegaPosition};
/// use songo_notation::Side;
/// let text = notation::diagram(&SeegaPosition::start(Side::South));
/// assert!(text.starts_with("5 . . . . .\n"));
/// assert!(text.contains("  a b c d e\nto move: south\nphase: placement\n"));
/// ```
#[must_use]
pub fn diagram(position: &SeegaPosition) -> String {
    diagram_in(position, Lang::En)
}

/// [`diagram`] with its lines in `lang`; [`parse_diagram`] reads them back.
///
/// ```
/// use songo_notation::i18n::Lang;
/// use songo_notation::seega::{notation, SeegaPosition};
/// use songo_notation::Side;
/// let start = SeegaPosition::start(Side::South);
/// let text = notation::diagram_in(&start, Lang::Fr);
/// assert!(text.contains("  a b c d e\nau trait\u{a0}: sud\nphase\u{a0}: pose\n"));
/// assert_eq!(notation::parse_diagram(&text).unwrap(), start);
/// ```
#[must_use]
pub fn diagram_in(position: &SeegaPosition, lang: Lang) -> String {
    let mut out = String::new();
    for rank in (0..5u8).rev() {
        let _ = write!(out, "{}", rank + 1);
        for file in 0..5u8 {
            let square = Square::new(file, rank).unwrap_or(Square::CENTRE);
            let _ = write!(out, " {}", piece_letter(position.piece_at(square)));
        }
        out.push('\n');
    }
    out.push_str("  a b c d e\n");
    for line in state_lines(position) {
        let _ = writeln!(out, "{}", line.localize(lang));
    }
    out
}

/// The lines under a board: the side to move, the phase, the pieces in
/// hand and taken, who passed (`- ` before each in Markdown).
pub(crate) fn state_lines(position: &SeegaPosition) -> Vec<Message> {
    let (hand, taken) = (position.in_hand(), position.captured());
    let mut lines = vec![
        msg!("diagram-to-move-line", side = position.to_move().as_str()),
        msg!("seega-phase-line", phase = position.phase().as_str()),
        msg!("seega-in-hand-line", south = hand.south, north = hand.north),
        msg!(
            "seega-captured-line",
            south = taken.south,
            north = taken.north
        ),
    ];
    if position.passed() {
        lines.push(msg!(
            "seega-passed-line",
            side = position.to_move().opposite().as_str()
        ));
    }
    lines
}

/// The wire shape of a Seega position.
#[derive(Serialize)]
struct Wire {
    rules: Ruleset,
    board: [String; 5],
    to_move: Side,
    phase: Phase,
    in_hand: Score,
    captured: Score,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    passed: bool,
}

/// ```
/// use songo_notation::seega::SeegaPosition;
/// use songo_notation::Side;
/// let json = serde_json::to_string(&SeegaPosition::start(Side::South)).unwrap();
/// assert_eq!(
///     json,
///     r#"{"rules":"seega","board":[".....",".....",".....",".....","....."],"to_move":"south","phase":"placement","in_hand":{"south":12,"north":12},"captured":{"south":0,"north":0}}"#
/// );
/// ```
impl Serialize for SeegaPosition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let text = rows(self);
        let mut board: [String; 5] = Default::default();
        for (slot, line) in board.iter_mut().zip(text.lines()) {
            *slot = line.to_owned();
        }
        Wire {
            rules: Ruleset::Seega,
            board,
            to_move: self.to_move(),
            phase: self.phase(),
            in_hand: self.in_hand(),
            captured: self.captured(),
            passed: self.passed(),
        }
        .serialize(serializer)
    }
}

#[derive(Deserialize)]
struct RawPair {
    #[serde(default)]
    south: i64,
    #[serde(default)]
    north: i64,
}

/// A Seega position as JSON or YAML writes it, before any check: plain
/// data, which [`RawSeega::check`] turns into a [`SeegaPosition`].
#[derive(Deserialize)]
pub(crate) struct RawSeega {
    #[serde(default)]
    rules: Option<String>,
    board: Vec<String>,
    #[serde(default)]
    to_move: Option<String>,
    #[serde(default)]
    phase: Option<String>,
    #[serde(default)]
    in_hand: Option<RawPair>,
    #[serde(default)]
    captured: Option<RawPair>,
    #[serde(default)]
    passed: Option<bool>,
}

fn raw_pair(field: &str, raw: Option<RawPair>) -> Result<Option<Score>, InvalidValue> {
    let Some(raw) = raw else {
        return Ok(None);
    };
    let count = |side: &str, value: i64| {
        u32::try_from(value).map_err(|_| {
            InvalidValue::at(
                format!("/{field}/{side}"),
                msg!(
                    "seega-json-count",
                    at = format!("{field}.{side}"),
                    value = value,
                    most = PIECES_PER_SIDE
                ),
            )
        })
    };
    Ok(Some(Score::new(
        count("south", raw.south)?,
        count("north", raw.north)?,
    )))
}

impl RawSeega {
    /// The position, or what is wrong and where.
    pub(crate) fn check(self) -> Result<SeegaPosition, InvalidValue> {
        if let Some(rules) = &self.rules {
            let rules: Ruleset =
                rules
                    .parse()
                    .map_err(|e: crate::UnknownRuleset| InvalidValue {
                        kind: ParseErrorKind::of_ruleset_name(&e.0),
                        ..InvalidValue::at("/rules", e.message())
                    })?;
            if rules != Ruleset::Seega {
                return Err(InvalidValue::at(
                    "/rules",
                    msg!("seega-json-rows", rules = rules.id()),
                ));
            }
        }
        let mut parts = Parts::new(json_grid(&self.board)?);
        if let Some(side) = &self.to_move {
            parts.to_move = side
                .parse()
                .map_err(|e: crate::ParseSideError| InvalidValue::at("/to_move", e.message()))?;
        }
        if let Some(phase) = &self.phase {
            parts.phase = Some(
                phase
                    .parse()
                    .map_err(|e: super::position::ParsePhaseError| {
                        InvalidValue::at("/phase", e.message())
                    })?,
            );
        }
        parts.in_hand = raw_pair("in_hand", self.in_hand)?;
        parts.captured = raw_pair("captured", self.captured)?;
        parts.passed = self.passed.unwrap_or(false);
        parts.build_checked()
    }
}

/// The grid of a JSON/YAML `board`: five ranks of five squares.
fn json_grid(board: &[String]) -> Result<Grid, InvalidValue> {
    if board.len() != 5 {
        return Err(InvalidValue::at(
            "/board",
            msg!("seega-json-rank-count", count = board.len()),
        ));
    }
    let mut grid: Grid = [[None; 5]; 5];
    for (row, text) in board.iter().enumerate() {
        let cells: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        let bad = || {
            InvalidValue::at(
                format!("/board/{row}"),
                msg!("seega-json-rank", at = format!("board[{row}]"), text = text),
            )
        };
        if cells.len() != 5 {
            return Err(bad());
        }
        for (file, &c) in cells.iter().enumerate() {
            grid[row][file] = cell(c).ok_or_else(bad)?;
        }
    }
    Ok(grid)
}

/// ```
/// use songo_notation::seega::SeegaPosition;
/// let position: SeegaPosition = serde_json::from_str(
///     r#"{"rules": "seega", "board": ["NN.NN", "NNNNN", "SN.SS", "SSSSS", "SSSNS"], "to_move": "north"}"#,
/// ).unwrap();
/// assert_eq!(position.to_string(), "seega:NN.NN/NNNNN/SN.SS/SSSSS/SSSNS:N:movement:0-0:0-0");
/// let error = serde_json::from_str::<SeegaPosition>(r#"{"board": ["NN.NN"]}"#).unwrap_err();
/// assert!(error.to_string().starts_with("board has 1 ranks"));
/// ```
impl<'de> Deserialize<'de> for SeegaPosition {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        RawSeega::deserialize(deserializer)?
            .check()
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIDGAME: &str = "seega:NN.NN/NNNNN/SN.SS/SSSSS/SSSNS:S:movement:0-0:0-0";

    #[test]
    fn the_compact_form_reads_back_what_it_writes() {
        let position: SeegaPosition = MIDGAME.parse().unwrap();
        assert_eq!(position.to_string(), MIDGAME);
        let passed: SeegaPosition =
            "seega:S..../N..../...../...../.....:N:movement:0-0:11-10:passed"
                .parse()
                .unwrap();
        assert!(passed.passed());
        assert_eq!(passed.to_string().parse::<SeegaPosition>().unwrap(), passed);
    }

    #[test]
    fn the_diagram_reads_back_what_it_writes() {
        for text in [
            MIDGAME,
            "seega:S..../N..../...../...../.....:N:movement:0-0:11-10:passed",
        ] {
            let position: SeegaPosition = text.parse().unwrap();
            assert_eq!(parse_diagram(&diagram(&position)).unwrap(), position);
            assert_eq!(
                parse_diagram(&rows(&position))
                    .unwrap()
                    .to_string()
                    .split(':')
                    .nth(1),
                text.split(':').nth(1)
            );
        }
    }

    #[test]
    fn placement_without_hands_counts_them_from_the_board() {
        let odd = "S..../...../...../...../.....:N:placement".parse::<SeegaPosition>();
        assert!(odd.unwrap_err().to_string().contains("odd number"));
        let even: SeegaPosition = "SS.../...../...../...../...NN:N:placement".parse().unwrap();
        assert_eq!(even.in_hand(), Score::new(10, 10));
    }
}

//! Board diagrams as teaching material draws them, read and written: a
//! label row, North's counts, South's counts, a label row, then optional
//! lines for the stores and the side to move.
//!
//! ```text
//! N0  N1  N2  N3  N4  N5  N6
//!  3   1   1  10   1   5   0
//!  2   3   5   0   1   1   7
//! S0  S1  S2  S3  S4  S5  S6
//! stores: south 0 north 0
//! to move: south
//! ```
//!
//! The reader takes what people paste: cells separated by tabs, spaces,
//! commas or Markdown pipes; label rows present or not; Songo labels
//! (`N0`..`N6`, `S0`..`S6`, naming their houses in any order) or Awalé
//! letters in either case convention (the case of the top row tells which);
//! stores as `stores: south 3 north 0` or `stores: 3-0` (South first); the
//! side to move as `to move: north` or `North to move`; the ruleset as
//! `rules: awale`; `#` comments, a title line ending in `:`, captions
//! `North` / `South`. Counts may carry the writers' highlight marks (`4*`,
//! `0x`, `**4**`, `~~0~~`). Whatever is ambiguous is an error that says so.
//! The full description is in `docs/notation.md`.

use std::str::FromStr;

use crate::conventions::LetterCase;
use crate::error::{ParseError, quote};
use crate::i18n::Message;
use crate::msg;
use crate::ruleset::{BoardGame, Ruleset};
use crate::side::{Score, Side};
use crate::sowing::position::{House, Position};
use crate::sowing::render::drawn_order;
use crate::span::Span;

/// A position read from a diagram, with the Awalé letter case its labels used.
///
/// ```
/// use songo_notation::sowing::notation::diagram::Diagram;
/// use songo_notation::{LetterCase, Ruleset};
/// let diagram: Diagram = "F E D C B A\n0 0 0 0 1 2\n3 0 0 0 0 0\na b c d e f\n".parse().unwrap();
/// assert_eq!(diagram.position.rules(), Ruleset::Awale);
/// assert_eq!(diagram.letters, LetterCase::NorthUpper);
/// assert_eq!(diagram.position.to_string(), "awale:2,1,0,0,0,0/3,0,0,0,0,0:0-0:S");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Diagram {
    /// The position.
    pub position: Position,
    /// Which camp the labels wrote in capitals (the default when unlabeled).
    pub letters: LetterCase,
    /// Whether a line says who is to move (else South is).
    pub to_move_named: bool,
}

impl FromStr for Diagram {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Diagram, ParseError> {
        read(text, None)
    }
}

/// Reads a diagram; `rules` applies when the diagram does not say, and must
/// agree with it when it does.
///
/// ```
/// use songo_notation::{sowing::notation::diagram, Ruleset, Side};
/// let text = "N0\tN1\tN2\tN3\tN4\tN5\tN6\n3\t1\t1\t10\t1\t5\t0\n2\t3\t5\t0\t1\t1\t7\nS0\tS1\tS2\tS3\tS4\tS5\tS6\n";
/// let position = diagram::parse(text, None).unwrap();
/// assert_eq!(position.to_string(), "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7:0-0:S");
///
/// let error = diagram::parse("3 1 1 10 1 5\n2 3 5 0 1 1 7\n", Some(Ruleset::Songo)).unwrap_err();
/// assert!(error.to_string().starts_with("the north row has 6 houses, songo needs 7 at line 1, column 1"));
/// ```
///
/// # Errors
/// A [`ParseError`] with line, column and a hint.
pub fn parse(text: &str, rules: Option<Ruleset>) -> Result<Position, ParseError> {
    read(text, rules).map(|diagram| diagram.position)
}

/// Reads a diagram and the letter case of its Awalé labels.
///
/// # Errors
/// A [`ParseError`] with line, column and a hint.
pub fn read(text: &str, rules: Option<Ruleset>) -> Result<Diagram, ParseError> {
    let lines = classify(text)?;
    assemble(text, &lines, rules)
}

/// A house label as written in a label row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    /// `N3`, `s0`: a Songo house.
    Songo(House),
    /// `c`, `E`: an Awalé letter (index 0..6) and whether it is a capital.
    Letter { index: u8, upper: bool },
}

impl Label {
    fn board_game(self) -> BoardGame {
        match self {
            Label::Songo(_) => BoardGame::Songo,
            Label::Letter { .. } => BoardGame::Awale,
        }
    }
}

#[derive(Debug)]
struct LabelRow<'a> {
    span: Span<'a>,
    labels: Vec<(Label, Span<'a>)>,
}

impl LabelRow<'_> {
    fn board_game(&self) -> BoardGame {
        self.labels[0].0.board_game()
    }

    /// The side a Songo label row names.
    fn songo_side(&self) -> Option<Side> {
        match self.labels[0].0 {
            Label::Songo(house) => Some(house.side),
            Label::Letter { .. } => None,
        }
    }

    /// Whether an Awalé label row is in capitals.
    fn upper(&self) -> bool {
        matches!(self.labels[0].0, Label::Letter { upper: true, .. })
    }
}

#[derive(Debug)]
struct CountRow<'a> {
    span: Span<'a>,
    counts: Vec<u32>,
}

#[derive(Debug)]
enum Line<'a> {
    Labels(LabelRow<'a>),
    Counts(CountRow<'a>),
    Stores(Score, Span<'a>),
    ToMove(Side, Span<'a>),
    Rules(Ruleset, Span<'a>),
    Caption(Side, Span<'a>),
    /// What the Markdown form adds for readers (`last move: S1`): not
    /// position state.
    Note,
}

/// More lines of labels, counts, stores and side than a board can have.
const MAX_LINES: usize = 16;

const ROW_SEPARATORS: &[char] = &[',', ';'];

fn classify(text: &str) -> Result<Vec<Line<'_>>, ParseError> {
    let mut lines = Vec::new();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let content = raw.trim_end_matches(['\n', '\r']);
        // `#` starts a comment (and so hides Markdown headings).
        let content = content.find('#').map_or(content, |at| &content[..at]);
        let span = Span {
            text: content,
            offset: start,
        }
        .trimmed();
        if span.text.is_empty() {
            continue;
        }
        if lines.len() == MAX_LINES {
            return Err(
                ParseError::at(text, span.offset, msg!("diagram-too-many-lines"))
                    .with_hint(msg!("hint-one-board-at-a-time")),
            );
        }
        if let Some(line) = meta_line(text, span)? {
            lines.push(line);
            continue;
        }
        if is_title(span.text) {
            continue;
        }
        let cells = if span.text.contains('|') {
            match table_cells(text, span)? {
                Some(cells) => cells,
                None => continue, // a Markdown separator row
            }
        } else {
            span.words(ROW_SEPARATORS).collect()
        };
        let line = row(text, span, &cells)?;
        // A board has two rows of counts and at most two label rows: stop
        // reading a long text as soon as it cannot be one board.
        let (counts, labels) = lines.iter().fold((0, 0), |(c, l), line| match line {
            Line::Counts(_) => (c + 1, l),
            Line::Labels(_) => (c, l + 1),
            _ => (c, l),
        });
        match line {
            Line::Counts(_) if counts == 2 => {
                return Err(span
                    .error(text, msg!("diagram-third-row"))
                    .with_hint(msg!("hint-two-rows-of-counts")));
            }
            Line::Labels(_) if labels == 3 => {
                return Err(span
                    .error(text, msg!("diagram-fourth-label-row"))
                    .with_hint(msg!("hint-label-rows-place")));
            }
            _ => {}
        }
        lines.push(line);
        if lines.len() > MAX_LINES {
            return Err(
                ParseError::at(text, span.offset, msg!("diagram-too-many-lines"))
                    .with_hint(msg!("hint-one-board-at-a-time")),
            );
        }
    }
    Ok(lines)
}

/// What one line of a longer text is, read as a line of a diagram: the
/// lesson reader (`crate::lesson`) finds the boards pasted in a teaching
/// text by grouping the lines this says are a board's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DiagramLine {
    /// A row of at least six house labels.
    Labels,
    /// A row of seed counts, with how many.
    Counts(usize),
    /// A row with that many cells, most of which read: the reader will say
    /// what is wrong with the others.
    Damaged(usize),
    /// A line of stores, ruleset or caption (`North`).
    Meta,
    /// A line that says who moves.
    ToMove,
    /// A Markdown table's `|---|---|` line.
    TableRule,
}

/// What `line` (one line, without its line break) is in a diagram, if it
/// can be a line of one; `None` for prose, titles and headings.
pub(crate) fn line_kind(line: &str) -> Option<DiagramLine> {
    let content = line.find('#').map_or(line, |at| &line[..at]);
    let span = Span {
        text: content,
        offset: 0,
    }
    .trimmed();
    if span.text.is_empty() || span.text.len() > 400 || is_title(span.text) {
        return None;
    }
    match meta_line(line, span) {
        Ok(Some(Line::ToMove(..))) => return Some(DiagramLine::ToMove),
        Ok(Some(_)) => return Some(DiagramLine::Meta),
        Ok(None) => {}
        // A keyword and words that are no stores or side: prose.
        Err(_) => return None,
    }
    let cells: Vec<Span<'_>> = if span.text.contains('|') {
        match table_cells(line, span) {
            Ok(Some(cells)) => cells,
            Ok(None) => return Some(DiagramLine::TableRule),
            Err(_) => return None,
        }
    } else {
        span.words(ROW_SEPARATORS).collect()
    };
    // A row has a few short cells: prose is told apart without reading
    // its words as cells (which would build an error for each).
    if cells.len() > 16 || cells.iter().any(|c| c.text.len() > 12) {
        return None;
    }
    let (mut counts, mut labels, mut other) = (0, 0, 0);
    for piece in &cells {
        match cell(line, *piece) {
            Ok(Cell::Count(_)) => counts += 1,
            Ok(Cell::Label(_)) => labels += 1,
            Err(_) => other += 1,
        }
    }
    let total = cells.len();
    match (counts, labels, other) {
        (_, 0, 0) if counts > 0 => Some(DiagramLine::Counts(total)),
        (0, _, 0) if labels >= 6 => Some(DiagramLine::Labels),
        // Most cells read and all are short: a row with a typing mistake.
        _ if total >= 5
            && 3 * (counts + labels) >= 2 * total
            && cells.iter().all(|c| c.text.chars().count() <= 6) =>
        {
            Some(DiagramLine::Damaged(total))
        }
        _ => None,
    }
}

/// A title such as `Before:` or `**Situation avant le coup** :` (the
/// sources' captions, the play text's headings), or a line that opens with
/// a bold heading ([`is_bold_heading`]).
pub(crate) fn is_title(line: &str) -> bool {
    !line.contains('|')
        && ((line.ends_with(':') && line.chars().any(char::is_alphabetic)) || is_bold_heading(line))
}

/// A line that opens with words in bold, as the texts head their boards:
/// `**Situation avant le coup:**` (the colon inside the bold), `**After
/// sowing** (in bold: …)`. A bold count (`**4**`) or a bold house label
/// (`**N0**`) is a cell, not a heading.
fn is_bold_heading(line: &str) -> bool {
    let Some((marker, rest)) = ["**", "__"]
        .into_iter()
        .find_map(|marker| line.strip_prefix(marker).map(|rest| (marker, rest)))
    else {
        return false;
    };
    let Some(end) = rest.find(marker) else {
        return false;
    };
    let bold = rest[..end].trim();
    let first_word = bold.split_whitespace().next().unwrap_or_default();
    bold.chars().any(char::is_alphabetic) && !matches!(cell_kind(first_word), Some(Cell::Label(_)))
}

/// What a lone cell reads as, if anything.
fn cell_kind(text: &str) -> Option<Cell> {
    cell(text, Span { text, offset: 0 }).ok()
}

/// The cells of a Markdown table row, `None` for the `|---|:-:|` line.
fn table_cells<'a>(input: &str, span: Span<'a>) -> Result<Option<Vec<Span<'a>>>, ParseError> {
    let mut cells = Vec::new();
    let mut offset = span.offset;
    for piece in span.text.split('|') {
        cells.push(
            Span {
                text: piece,
                offset,
            }
            .trimmed(),
        );
        offset += piece.len() + 1;
    }
    // Outer pipes leave empty first and last pieces.
    if span.text.starts_with('|') {
        cells.remove(0);
    }
    if span.text.ends_with('|') {
        cells.pop();
    }
    let is_rule = |cell: &Span<'_>| {
        !cell.text.is_empty() && cell.text.chars().all(|c| matches!(c, '-' | ':'))
    };
    if !cells.is_empty() && cells.iter().all(is_rule) {
        return Ok(None);
    }
    if let Some(empty) = cells.iter().find(|cell| cell.text.is_empty()) {
        return Err(
            ParseError::at(input, empty.offset, msg!("diagram-empty-cell"))
                .with_hint(msg!("hint-zero-for-empty")),
        );
    }
    Ok(Some(cells))
}

/// What a cell holds once the writers' highlight marks are taken off.
fn unmarked(cell: &str) -> &str {
    let mut text = cell;
    for _ in 0..3 {
        let before = text;
        for (open, close) in [
            ("**", "**"),
            ("__", "__"),
            ("~~", "~~"),
            ("*", "*"),
            ("(", ")"),
            ("[", "]"),
        ] {
            if text.len() > open.len() + close.len()
                && let Some(inner) = text.strip_prefix(open).and_then(|t| t.strip_suffix(close))
            {
                text = inner.trim();
            }
        }
        if text == before {
            break;
        }
    }
    if text.len() > 1 {
        text = text.trim_end_matches(['*', 'x', 'X', '×', '✗', '\'']);
    }
    text
}

enum Cell {
    Count(u32),
    Label(Label),
}

fn cell(input: &str, span: Span<'_>) -> Result<Cell, ParseError> {
    let text = unmarked(span.text);
    let error = |message: Message, hint: Message| span.error(input, message).with_hint(hint);
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return text.parse().map(Cell::Count).map_err(|_| {
            error(
                msg!("count-too-large", text = quote(text)),
                msg!("hint-house-at-most", most = u32::MAX),
            )
        });
    }
    if let Some(rest) = text.strip_prefix('-')
        && !rest.is_empty()
        && rest.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(error(
            msg!("count-negative", text = quote(text)),
            msg!("hint-count-not-negative"),
        ));
    }
    let bytes = text.as_bytes();
    match bytes {
        [letter] if (b'a'..=b'f').contains(&letter.to_ascii_lowercase()) => {
            return Ok(Cell::Label(Label::Letter {
                index: letter.to_ascii_lowercase() - b'a',
                upper: letter.is_ascii_uppercase(),
            }));
        }
        [side @ (b'N' | b'n' | b'S' | b's'), digits @ ..]
            if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) =>
        {
            let side = if side.eq_ignore_ascii_case(&b'N') {
                Side::North
            } else {
                Side::South
            };
            return match digits {
                [digit @ b'0'..=b'6'] => {
                    Ok(Cell::Label(Label::Songo(House::new(side, digit - b'0'))))
                }
                _ => Err(error(
                    msg!("diagram-not-a-songo-house", text = quote(text)),
                    msg!("hint-songo-houses"),
                )),
            };
        }
        _ => {}
    }
    if text.chars().any(|c| c.is_ascii_digit())
        && text.chars().all(|c| c.is_ascii_digit() || c == '.')
    {
        return Err(error(
            msg!("count-not-whole", text = quote(text)),
            msg!("hint-whole-numbers"),
        ));
    }
    Err(error(
        msg!("diagram-neither-count-nor-label", text = quote(span.text)),
        msg!("hint-diagram-lines"),
    ))
}

fn row<'a>(input: &str, span: Span<'a>, cells: &[Span<'a>]) -> Result<Line<'a>, ParseError> {
    let mut counts = Vec::new();
    let mut labels = Vec::new();
    for &piece in cells {
        match cell(input, piece)? {
            Cell::Count(n) => counts.push(n),
            Cell::Label(label) => labels.push((label, piece)),
        }
        // The first cell sets the kind of the row; point at the first odd one.
        let odd = if counts.is_empty() || labels.is_empty() {
            None
        } else if labels[0].1.offset == cells[0].offset {
            Some((
                msg!("diagram-count-among-labels", text = quote(piece.text)),
                msg!("hint-counts-own-line"),
            ))
        } else {
            Some((
                msg!("diagram-label-among-counts", text = quote(piece.text)),
                msg!("hint-labels-own-line"),
            ))
        };
        if let Some((message, hint)) = odd {
            return Err(piece.error(input, message).with_hint(hint));
        }
    }
    if labels.is_empty() {
        return Ok(Line::Counts(CountRow { span, counts }));
    }
    let (first, _) = labels[0];
    let mut seen = [false; 7];
    for &(label, piece) in &labels {
        let problem = match (first, label) {
            (Label::Songo(a), Label::Songo(b)) if a.side != b.side => Some((
                msg!(
                    "diagram-label-other-camp",
                    text = quote(piece.text),
                    owner = b.side.as_str(),
                    row = a.side.as_str()
                ),
                msg!("hint-label-row-one-camp"),
            )),
            (Label::Letter { upper: a, .. }, Label::Letter { upper: b, .. }) if a != b => Some((
                msg!(
                    "diagram-letter-case-mixed",
                    text = quote(piece.text),
                    capital = if b { "yes" } else { "no" }
                ),
                msg!("hint-one-camp-in-capitals"),
            )),
            (a, b) if a.board_game() != b.board_game() => Some((
                msg!("diagram-labels-mixed", text = quote(piece.text)),
                msg!("hint-label-families"),
            )),
            _ => None,
        };
        if let Some((message, hint)) = problem {
            return Err(piece.error(input, message).with_hint(hint));
        }
        // Labels of one row share a side (or a case): the index tells them apart.
        let index = match label {
            Label::Songo(house) => usize::from(house.index),
            Label::Letter { index, .. } => usize::from(index),
        };
        if std::mem::replace(&mut seen[index], true) {
            return Err(piece
                .error(input, msg!("diagram-label-twice", text = quote(piece.text)))
                .with_hint(msg!("hint-each-house-once")));
        }
    }
    Ok(Line::Labels(LabelRow { span, labels }))
}

/// Strips `keyword` (case-insensitive) from the start of `span` when a
/// separator (`:`, `=`, a space) or the end follows it, and returns the rest.
fn after_keyword<'a>(span: Span<'a>, keyword: &str) -> Option<Span<'a>> {
    let head = span.text.get(..keyword.len())?;
    if !head.eq_ignore_ascii_case(keyword) {
        return None;
    }
    let rest = span.slice(keyword.len());
    let next = rest.text.chars().next();
    match next {
        None => Some(rest),
        Some(c) if c.is_whitespace() || c == ':' || c == '=' => {
            let rest = rest.trimmed();
            let rest = match rest.text.chars().next() {
                Some(':' | '=') => rest.slice(1).trimmed(),
                _ => rest,
            };
            Some(rest)
        }
        _ => None,
    }
}

/// Whether `line` is a diagram's line of stores (`stores: south 3 north
/// 0`, `réserves : …`, maybe a Markdown list item): a lesson draws the
/// stores of a board only when its text gives them.
pub(crate) fn is_stores_line(line: &str) -> bool {
    let text = line.trim();
    let text = match text.strip_prefix(['-', '*', '+']) {
        Some(rest) if rest.starts_with(' ') => rest.trim_start(),
        _ => text,
    };
    let span = Span { text, offset: 0 };
    STORES_KEYWORDS
        .iter()
        .any(|keyword| after_keyword(span, keyword).is_some())
}

const STORES_KEYWORDS: &[&str] = &[
    "stores",
    "store",
    "captured",
    "score",
    "réserves",
    "reserves",
];
const TO_MOVE_KEYWORDS: &[&str] = &[
    "side to move",
    "to move",
    "to_move",
    "to-move",
    "to play",
    "turn",
    "au trait",
    "trait",
];
const RULES_KEYWORDS: &[&str] = &["rules", "ruleset", "variant"];
const NOTE_KEYWORDS: &[&str] = &["last move", "dernier coup"];
const SIDE_WORDS: &[&str] = &["north", "south", "nord", "sud"];

/// Reads a line of stores, side to move, ruleset or a caption, if it is one.
fn meta_line<'a>(input: &str, span: Span<'a>) -> Result<Option<Line<'a>>, ParseError> {
    // A Markdown list item: `- stores: …`.
    let mut span = span;
    if let Some(rest) = span.text.strip_prefix(['-', '*', '+'])
        && rest.starts_with(' ')
    {
        span = span.slice(1).trimmed();
    }
    let span = Span {
        text: span.text.trim_end_matches('.').trim_end(),
        offset: span.offset,
    };
    for keyword in NOTE_KEYWORDS {
        if after_keyword(span, keyword).is_some() {
            return Ok(Some(Line::Note));
        }
    }
    for keyword in STORES_KEYWORDS {
        if let Some(value) = after_keyword(span, keyword) {
            return stores(input, span, value).map(|s| Some(Line::Stores(s, span)));
        }
    }
    for keyword in TO_MOVE_KEYWORDS {
        if let Some(value) = after_keyword(span, keyword) {
            return side(input, span, value).map(|s| Some(Line::ToMove(s, span)));
        }
    }
    for keyword in RULES_KEYWORDS {
        if let Some(value) = after_keyword(span, keyword) {
            if value.text.is_empty() {
                return Err(
                    ParseError::at(input, value.offset, msg!("diagram-ruleset-missing"))
                        .with_hint(msg!("hint-ruleset-after-colon")),
                );
            }
            let rules = value
                .text
                .parse::<Ruleset>()
                .map_err(|e: crate::UnknownRuleset| {
                    e.error_at(input, value.offset).with_width(value.chars())
                })?;
            return Ok(Some(Line::Rules(rules, span)));
        }
    }
    for word in SIDE_WORDS {
        let Some(rest) = after_keyword(span, word) else {
            continue;
        };
        let side: Side = word.parse().unwrap_or(Side::South);
        let rest_lower = rest.text.to_ascii_lowercase();
        if ["to move", "to play", "moves", "plays", "au trait"].contains(&rest_lower.as_str()) {
            return Ok(Some(Line::ToMove(side, span)));
        }
        if rest.text.is_empty() || rest.text.starts_with('(') {
            return Ok(Some(Line::Caption(side, span)));
        }
    }
    Ok(None)
}

fn side(input: &str, line: Span<'_>, value: Span<'_>) -> Result<Side, ParseError> {
    if value.text.is_empty() {
        return Err(ParseError::at(
            input,
            line.offset + line.text.len(),
            msg!("diagram-side-missing"),
        )
        .with_hint(msg!("hint-to-move-line")));
    }
    value.text.parse().map_err(|_| {
        value
            .error(input, msg!("not-a-side", text = quote(value.text)))
            .with_hint(msg!("hint-write-a-side"))
    })
}

fn stores(input: &str, line: Span<'_>, value: Span<'_>) -> Result<Score, ParseError> {
    let hint = || msg!("hint-stores-line");
    let count = |span: Span<'_>| -> Result<u32, ParseError> {
        match cell(input, span) {
            Ok(Cell::Count(n)) => Ok(n),
            Ok(Cell::Label(_)) => Err(span
                .error(input, msg!("count-not-a-number", text = quote(span.text)))
                .with_hint(hint())),
            Err(error) => Err(error.with_hint(hint())),
        }
    };
    let words: Vec<Span<'_>> = value.words(&[',', ';', ':', '=']).collect();
    if words.is_empty() {
        return Err(ParseError::at(
            input,
            line.offset + line.text.len(),
            msg!("diagram-stores-missing"),
        )
        .with_hint(hint()));
    }
    if let [single] = words.as_slice()
        && single.text.contains('-')
        && !single.text.starts_with('-')
    {
        let at = single.text.find('-').unwrap_or(0);
        let south = Span {
            text: &single.text[..at],
            offset: single.offset,
        };
        let north = single.slice(at + 1);
        return Ok(Score::new(count(south)?, count(north)?));
    }
    let mut score = Score::default();
    let mut seen: Vec<Side> = Vec::new();
    let mut words = words.into_iter();
    while let Some(word) = words.next() {
        let Ok(side) = word.text.parse::<Side>() else {
            let message = if matches!(cell(input, word), Ok(Cell::Count(_))) {
                msg!("diagram-whose-store", text = quote(word.text))
            } else {
                msg!("not-a-side", text = quote(word.text))
            };
            return Err(word.error(input, message).with_hint(hint()));
        };
        if seen.contains(&side) {
            return Err(word
                .error(input, msg!("diagram-store-twice", side = side.as_str()))
                .with_hint(hint()));
        }
        seen.push(side);
        let Some(number) = words.next() else {
            return Err(ParseError::at(
                input,
                word.offset + word.text.len(),
                msg!("diagram-store-no-count", side = side.as_str()),
            )
            .with_hint(hint()));
        };
        score[side] = count(number)?;
    }
    Ok(score)
}

/// Where a line sits relative to the two rows of counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Above,
    Between,
    Below,
}

/// The two rows of counts, each with the index of its line.
type CountRows<'r, 'a> = ((usize, &'r CountRow<'a>), (usize, &'r CountRow<'a>));

/// The label rows, attached to the row of counts next to them.
#[derive(Clone, Copy, Default)]
struct LabelRows<'r, 'a> {
    top: Option<&'r LabelRow<'a>>,
    bottom: Option<&'r LabelRow<'a>>,
}

/// What a diagram says at most once: stores, side to move, ruleset.
#[derive(Default)]
struct SaidOnce<'a> {
    score: Option<Score>,
    to_move: Option<Side>,
    rules: Option<(Ruleset, Span<'a>)>,
}

/// The position a diagram's lines draw, checked line against line: the
/// rows of counts, what is said once, the labels, the game, which row is
/// whose, the captions, the Awalé letter case, then the counts in their
/// houses.
fn assemble(
    input: &str,
    lines: &[Line<'_>],
    rules: Option<Ruleset>,
) -> Result<Diagram, ParseError> {
    let first_text = input.len() - input.trim_start().len();
    let (top, bottom) = count_rows(input, lines, first_text)?;
    let place = |index: usize| {
        if index < top.0 {
            Place::Above
        } else if index < bottom.0 {
            Place::Between
        } else {
            Place::Below
        }
    };
    let said = said_once(input, lines)?;
    if let (Some(wanted), Some((written, span))) = (rules, said.rules)
        && wanted != written
    {
        return Err(span
            .error(
                input,
                msg!(
                    "diagram-rules-disagree",
                    written = written.id(),
                    asked = wanted.id()
                ),
            )
            .with_hint(msg!("hint-drop-rules-line")));
    }
    let explicit = said.rules.map(|(r, _)| r).or(rules);
    let labels = label_rows(input, lines, place)?;
    let label_family = label_family(input, labels)?;
    let rules = game_of(input, explicit, label_family, labels, (top, bottom))?;
    if !rules.is_sowing() {
        return Err(ParseError::at(
            input,
            first_text,
            msg!("diagram-not-rows", rules = rules.id()),
        ));
    }
    let top_side = top_side(input, rules, labels, (top, bottom))?;
    check_captions(input, lines, place, top_side)?;
    let letters = letter_case(input, labels, top_side)?;
    // A Songo row of 6 counts, the game said nowhere: maybe Awalé.
    let maybe_awale = explicit.is_none() && label_family.is_none();
    let camps = camps(input, rules, labels, (top, bottom), top_side, maybe_awale)?;
    let position = Position::new(
        rules,
        &camps[Side::South.index()],
        &camps[Side::North.index()],
        said.score.unwrap_or_default(),
        said.to_move.unwrap_or(Side::South),
    )
    .map_err(|e| e.error_at(input, first_text))?;
    Ok(Diagram {
        position,
        letters,
        to_move_named: said.to_move.is_some(),
    })
}

/// The two rows of counts: exactly two.
fn count_rows<'r, 'a>(
    input: &str,
    lines: &'r [Line<'a>],
    first_text: usize,
) -> Result<CountRows<'r, 'a>, ParseError> {
    let count_rows: Vec<(usize, &CountRow<'_>)> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, line)| match line {
            Line::Counts(row) => Some((i, row)),
            _ => None,
        })
        .collect();
    let rows_hint = || msg!("hint-diagram-rows");
    match count_rows.as_slice() {
        [] => Err(ParseError::at(input, first_text, msg!("diagram-no-row")).with_hint(rows_hint())),
        [(_, only)] => Err(only
            .span
            .error(input, msg!("diagram-one-row"))
            .with_hint(rows_hint())),
        [top, bottom] => Ok((*top, *bottom)),
        [_, _, (_, third), ..] => Err(third
            .span
            .error(input, msg!("diagram-third-row"))
            .with_hint(msg!("hint-two-rows-of-counts"))),
    }
}

/// Stores, side to move, ruleset: each said at most once.
fn said_once<'a>(input: &str, lines: &[Line<'a>]) -> Result<SaidOnce<'a>, ParseError> {
    let mut said = SaidOnce::default();
    let twice = |span: Span<'_>, what: &str| {
        span.error(input, msg!("diagram-second-line", what = what))
            .with_hint(msg!("hint-say-it-once"))
    };
    for line in lines {
        match *line {
            Line::Stores(s, span) if said.score.replace(s).is_some() => {
                return Err(twice(span, "stores"));
            }
            Line::ToMove(s, span) if said.to_move.replace(s).is_some() => {
                return Err(twice(span, "to-move"));
            }
            Line::Rules(r, span) if said.rules.replace((r, span)).is_some() => {
                return Err(twice(span, "rules"));
            }
            _ => {}
        }
    }
    Ok(said)
}

/// Label rows, attached to the row of counts next to them: one above,
/// one below (a row between goes to the side that has none).
fn label_rows<'r, 'a>(
    input: &str,
    lines: &'r [Line<'a>],
    place: impl Fn(usize) -> Place,
) -> Result<LabelRows<'r, 'a>, ParseError> {
    let mut rows = LabelRows::default();
    let mut between: Option<&LabelRow<'_>> = None;
    for (index, line) in lines.iter().enumerate() {
        let Line::Labels(labels) = line else {
            continue;
        };
        let slot = match place(index) {
            Place::Above => &mut rows.top,
            Place::Below => &mut rows.bottom,
            Place::Between => &mut between,
        };
        if slot.replace(labels).is_some() {
            return Err(labels
                .span
                .error(input, msg!("diagram-second-label-row"))
                .with_hint(msg!("hint-label-rows-place")));
        }
    }
    if let Some(middle) = between {
        match (rows.top.is_some(), rows.bottom.is_some()) {
            (false, false) => {
                return Err(middle
                    .span
                    .error(input, msg!("diagram-label-row-between"))
                    .with_hint(msg!("hint-labels-outside")));
            }
            (true, false) => rows.bottom = Some(middle),
            (false, true) => rows.top = Some(middle),
            (true, true) => {
                return Err(middle
                    .span
                    .error(input, msg!("diagram-third-label-row"))
                    .with_hint(msg!("hint-label-rows-place")));
            }
        }
    }
    Ok(rows)
}

/// The family the labels write (both rows alike), if any.
fn label_family(input: &str, labels: LabelRows<'_, '_>) -> Result<Option<BoardGame>, ParseError> {
    match (labels.top, labels.bottom) {
        (None, None) => Ok(None),
        (Some(one), None) | (None, Some(one)) => Ok(Some(one.board_game())),
        (Some(a), Some(b)) if a.board_game() != b.board_game() => Err(b
            .span
            .error(input, msg!("diagram-label-families-differ"))
            .with_hint(msg!("hint-label-both-rows-alike"))),
        (Some(a), Some(_)) => Ok(Some(a.board_game())),
    }
}

/// The game: from the rules given, the labels, or the width.
fn game_of(
    input: &str,
    explicit: Option<Ruleset>,
    label_family: Option<BoardGame>,
    labels: LabelRows<'_, '_>,
    ((_, top), (_, bottom)): CountRows<'_, '_>,
) -> Result<Ruleset, ParseError> {
    if let (Some(rules), Some(family), Some(row)) =
        (explicit, label_family, labels.top.or(labels.bottom))
        && rules.board_game() != family
    {
        let named = match family {
            BoardGame::Songo => "songo",
            _ => "awale",
        };
        return Err(row
            .span
            .error(
                input,
                msg!(
                    "diagram-labels-other-game",
                    named = named,
                    rules = rules.id()
                ),
            )
            .with_hint(msg!("hint-labels-of-the-ruleset")));
    }
    Ok(match (explicit, label_family) {
        (Some(rules), _) => rules,
        (None, Some(BoardGame::Awale)) => Ruleset::Awale,
        (None, Some(_)) => Ruleset::Songo,
        (None, None) => match top.counts.len() {
            6 if bottom.counts.len() == 6 => {
                return Err(top
                    .span
                    .error(input, msg!("diagram-six-wide"))
                    .with_hint(msg!("hint-six-wide")));
            }
            _ => Ruleset::Songo,
        },
    })
}

/// Which row is whose: Songo labels say it; otherwise North is on top
/// (South on top only with both rows labelled).
fn top_side(
    input: &str,
    rules: Ruleset,
    labels: LabelRows<'_, '_>,
    ((_, top), (_, bottom)): CountRows<'_, '_>,
) -> Result<Side, ParseError> {
    let mut top_side = Side::North;
    if rules.board_game() == BoardGame::Songo {
        let top_named = labels.top.and_then(LabelRow::songo_side);
        let bottom_named = labels.bottom.and_then(LabelRow::songo_side);
        if let (Some(a), Some(b)) = (top_named, bottom_named)
            && a == b
            && let Some(row) = labels.bottom
        {
            return Err(row
                .span
                .error(input, msg!("diagram-labels-same-camp", side = a.as_str()))
                .with_hint(msg!("hint-rows-of-both-camps")));
        }
        top_side = top_named
            .or(bottom_named.map(Side::opposite))
            .unwrap_or(Side::North);
    }
    if top_side == Side::South {
        for (row_labels, row) in [(labels.top, top), (labels.bottom, bottom)] {
            if row_labels.is_none() {
                return Err(row
                    .span
                    .error(input, msg!("diagram-south-on-top-unlabelled"))
                    .with_hint(msg!("hint-south-on-top")));
            }
        }
    }
    Ok(top_side)
}

/// Captions (`North`, `South (capitals)`) must agree with the rows.
fn check_captions(
    input: &str,
    lines: &[Line<'_>],
    place: impl Fn(usize) -> Place,
    top_side: Side,
) -> Result<(), ParseError> {
    for (index, line) in lines.iter().enumerate() {
        if let Line::Caption(side, span) = *line {
            let expected = match place(index) {
                Place::Above => top_side,
                Place::Below => top_side.opposite(),
                Place::Between => continue,
            };
            if side != expected {
                return Err(span
                    .error(
                        input,
                        msg!(
                            "diagram-caption-disagrees",
                            caption = side.as_str(),
                            side = expected.as_str()
                        ),
                    )
                    .with_hint(msg!("hint-north-on-top")));
            }
        }
    }
    Ok(())
}

/// Awalé letter case: the case of North's labels tells the convention.
fn letter_case(
    input: &str,
    labels: LabelRows<'_, '_>,
    top_side: Side,
) -> Result<LetterCase, ParseError> {
    let mut letters = None;
    for (row_labels, side) in [(labels.top, top_side), (labels.bottom, top_side.opposite())] {
        let Some(row_labels) = row_labels else {
            continue;
        };
        if row_labels.board_game() != BoardGame::Awale {
            continue;
        }
        let case = if row_labels.upper() == (side == Side::North) {
            LetterCase::NorthUpper
        } else {
            LetterCase::SouthUpper
        };
        if letters.is_some_and(|earlier| earlier != case) {
            return Err(row_labels
                .span
                .error(
                    input,
                    msg!(
                        "diagram-both-rows-same-case",
                        capitals = if row_labels.upper() { "yes" } else { "no" }
                    ),
                )
                .with_hint(msg!("hint-one-camp-in-capitals")));
        }
        letters = Some(case);
    }
    Ok(letters.unwrap_or_default())
}

/// The counts, each put in its house: `camps[side.index()][house]`.
fn camps(
    input: &str,
    rules: Ruleset,
    labels: LabelRows<'_, '_>,
    ((_, top), (_, bottom)): CountRows<'_, '_>,
    top_side: Side,
    maybe_awale: bool,
) -> Result<[Vec<u32>; 2], ParseError> {
    let width = rules.houses_per_side();
    let mut camps: [Vec<u32>; 2] = [vec![0; width], vec![0; width]];
    let probe = Position::start(rules);
    for (row_labels, row, side) in [
        (labels.top, top, top_side),
        (labels.bottom, bottom, top_side.opposite()),
    ] {
        if row.counts.len() != width {
            let hint =
                if rules.board_game() == BoardGame::Songo && row.counts.len() == 6 && maybe_awale {
                    msg!("hint-counts-or-awale", count = width)
                } else {
                    msg!("hint-counts-one-per-house", count = width)
                };
            return Err(row
                .span
                .error(
                    input,
                    msg!(
                        "position-row-length",
                        side = side.as_str(),
                        found = row.counts.len(),
                        rules = rules.id(),
                        needed = width
                    ),
                )
                .with_hint(hint));
        }
        let houses = match row_labels {
            Some(row_labels) => labelled_houses(input, rules, row_labels, side)?,
            None => drawn_order(&probe, side),
        };
        for (house, &count) in houses.iter().zip(&row.counts) {
            camps[side.index()][usize::from(house.index)] = count;
        }
    }
    Ok(camps)
}

/// The houses a row of labels names, in its order: one per house.
fn labelled_houses(
    input: &str,
    rules: Ruleset,
    labels: &LabelRow<'_>,
    side: Side,
) -> Result<Vec<House>, ParseError> {
    let width = rules.houses_per_side();
    if labels.labels.len() != width {
        return Err(labels
            .span
            .error(
                input,
                msg!(
                    "diagram-label-count",
                    count = labels.labels.len(),
                    rules = rules.id(),
                    width = width
                ),
            )
            .with_hint(msg!("hint-label-every-house")));
    }
    Ok(labels
        .labels
        .iter()
        .map(|&(label, _)| match label {
            Label::Songo(house) => house,
            Label::Letter { index, .. } => House::new(side, index),
        })
        .collect())
}

//! A lesson's text cut into its parts: prose, the boards pasted in it,
//! and the ```` ```songo ```` blocks written for the tool. Nothing is read
//! yet: the parts are line ranges of the text.

use std::ops::Range;

use crate::error::ParseError;
use crate::sowing::notation::diagram::{DiagramLine, line_kind};

/// One line of the text: its content (no line break) and where it starts.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SourceLine<'a> {
    /// The line without `\n` or `\r\n`.
    pub(crate) text: &'a str,
    /// The byte offset of its first character in the whole text.
    pub(crate) offset: usize,
}

/// The text and its lines.
#[derive(Debug)]
pub(crate) struct Source<'a> {
    /// The whole text.
    pub(crate) text: &'a str,
    /// Its lines, in order (line `n` of an editor is `lines[n - 1]`).
    pub(crate) lines: Vec<SourceLine<'a>>,
}

impl<'a> Source<'a> {
    /// The lines of `text` (a final line break makes no empty last line).
    pub(crate) fn new(text: &'a str) -> Source<'a> {
        let mut lines = Vec::new();
        let mut offset = 0;
        for raw in text.split_inclusive('\n') {
            lines.push(SourceLine {
                text: raw.trim_end_matches('\n').trim_end_matches('\r'),
                offset,
            });
            offset += raw.len();
        }
        Source { text, lines }
    }

    /// The text of lines `range`, line breaks included.
    pub(crate) fn slice(&self, range: &Range<usize>) -> &'a str {
        let start = self
            .lines
            .get(range.start)
            .map_or(self.text.len(), |l| l.offset);
        let end = self
            .lines
            .get(range.end)
            .map_or(self.text.len(), |l| l.offset);
        &self.text[start..end.max(start)]
    }
}

/// A part of the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Part {
    /// Lines of prose (Markdown, headings, other code blocks).
    Prose(Range<usize>),
    /// Lines that draw a board, pasted in the prose.
    Pasted(Range<usize>),
    /// A ```` ```songo ```` block: its opening fence line and its body.
    Block {
        /// The index of the opening fence's line.
        open: usize,
        /// The lines between the fences.
        body: Range<usize>,
    },
}

/// A fence that opens a code block: its character, its length, and the
/// first word of its info string.
struct Fence<'a> {
    marker: char,
    length: usize,
    info: &'a str,
}

/// A code fence (```` ``` ```` or `~~~`, three or more, indented at most
/// three spaces), as CommonMark reads one.
fn fence(line: &str) -> Option<Fence<'_>> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &line[indent..];
    let marker = rest.chars().next().filter(|c| matches!(c, '`' | '~'))?;
    let length = rest.len() - rest.trim_start_matches(marker).len();
    if length < 3 {
        return None;
    }
    let info = rest[length..].trim();
    // A backtick fence's info string holds no backtick.
    if marker == '`' && info.contains('`') {
        return None;
    }
    Some(Fence {
        marker,
        length,
        info: info.split_whitespace().next().unwrap_or(""),
    })
}

/// Whether `line` closes a block opened by `open`.
fn closes(line: &str, open: &Fence<'_>) -> bool {
    fence(line)
        .is_some_and(|f| f.marker == open.marker && f.length >= open.length && f.info.is_empty())
        && line
            .trim_start()
            .trim_start_matches(open.marker)
            .trim()
            .is_empty()
}

/// Cuts the text into its parts.
///
/// # Errors
/// A ```` ```songo ```` block that is never closed.
pub(crate) fn parts(source: &Source<'_>) -> Result<Vec<Part>, ParseError> {
    let lines = &source.lines;
    let mut parts: Vec<Part> = Vec::new();
    let mut prose_start = 0;
    let mut index = 0;
    let push_prose = |parts: &mut Vec<Part>, range: Range<usize>| {
        if range.is_empty() {
            return;
        }
        if let Some(Part::Prose(last)) = parts.last_mut()
            && last.end == range.start
        {
            last.end = range.end;
            return;
        }
        parts.push(Part::Prose(range));
    };
    while index < lines.len() {
        if let Some(open) = fence(lines[index].text) {
            let close = (index + 1..lines.len()).find(|&i| closes(lines[i].text, &open));
            if open.info.eq_ignore_ascii_case("songo") {
                let Some(close) = close else {
                    let line = lines[index];
                    return Err(ParseError::at(
                        source.text,
                        line.offset + line.text.len() - line.text.trim_start().len(),
                        "this ```songo block is never closed",
                    )
                    .with_width(line.text.trim().chars().count())
                    .with_hint("end the block with a line of three backticks: ```"));
                };
                push_prose(&mut parts, prose_start..index);
                parts.push(Part::Block {
                    open: index,
                    body: index + 1..close,
                });
                index = close + 1;
                prose_start = index;
                continue;
            }
            // Any other code block is prose, read by no one but the reader:
            // its lines are never boards.
            index = close.map_or(lines.len(), |close| close + 1);
            continue;
        }
        // A run of lines that can be a board's.
        let run_start = index;
        let mut kinds = Vec::new();
        while index < lines.len() && fence(lines[index].text).is_none() {
            match line_kind(lines[index].text) {
                Some(kind) => kinds.push(kind),
                None => break,
            }
            index += 1;
        }
        if kinds.is_empty() {
            index += 1;
            continue;
        }
        if is_board(&kinds) {
            push_prose(&mut parts, prose_start..run_start);
            parts.push(Part::Pasted(run_start..index));
            prose_start = index;
        }
    }
    push_prose(&mut parts, prose_start..lines.len());
    Ok(parts)
}

/// Whether a run of diagram lines is a board: a label row and a row of
/// counts, or two rows of five cells or more (a row of numbers alone, a
/// telephone number, is prose).
fn is_board(kinds: &[DiagramLine]) -> bool {
    let rows: Vec<usize> = kinds
        .iter()
        .filter_map(|kind| match kind {
            DiagramLine::Counts(cells) | DiagramLine::Damaged(cells) => Some(*cells),
            _ => None,
        })
        .collect();
    let labels = kinds.contains(&DiagramLine::Labels);
    (labels && !rows.is_empty()) || (rows.len() >= 2 && rows.iter().all(|&cells| cells >= 5))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str) -> Vec<Part> {
        parts(&Source::new(text)).unwrap()
    }

    #[test]
    fn boards_are_found_in_prose_whatever_surrounds_them() {
        let text = "Intro.\n\n**Avant le coup** :\n\nN0\tN1\tN2\tN3\tN4\tN5\tN6\n3\t1\t1\t10\t1\t5\t0\n2\t3\t5\t0\t1\t1\t7\nS0\tS1\tS2\tS3\tS4\tS5\tS6\n\n09 72 30 41 42\n\n06 24 69 12 99\nEnd.\n";
        assert_eq!(
            cut(text),
            [Part::Prose(0..4), Part::Pasted(4..8), Part::Prose(8..13)]
        );
        // Unlabelled rows of seven count, spaces or not.
        assert_eq!(
            cut("  3 1 1 10 1 5 0\n  2 3 5 0 1 1 7\n"),
            [Part::Pasted(0..2)]
        );
    }

    #[test]
    fn songo_blocks_are_parts_and_other_code_blocks_are_prose() {
        let text = "# T\n```songo\nplay: S1\n```\n~~~text\n3 1 1 10 1 5 0\n2 3 5 0 1 1 7\n~~~\n";
        assert_eq!(
            cut(text),
            [
                Part::Prose(0..1),
                Part::Block {
                    open: 1,
                    body: 2..3
                },
                Part::Prose(4..8)
            ]
        );
        let error = parts(&Source::new("text\n```songo\nplay: S1\n")).unwrap_err();
        assert_eq!((error.line(), error.column()), (2, 1));
    }
}

//! Fixes: the one textual change a violation's hint names, as a byte span
//! of the record and the text to write there, and applying them.
//!
//! A violation gets a [`Fix`] only when its hint names exactly one change
//! and that change keeps the meaning of every move already read:
//! - `record.capture-claim`: the claim becomes what the move captures
//!   (`S5+3` → `S5+2`, or `S5` when it captures nothing);
//! - `record.move-number`: the number becomes the one the move has, but only
//!   when the move after it is legal there (refused, the wrong number is the
//!   sign of a missing move, and no text change can say which);
//! - an Awalé record whose first move is a house of the side not to move,
//!   which the other letter case reads as a legal move: the `Capitals` tag
//!   that reads the record as written is added (or its value swapped);
//! - `syntax` of a `Date` written with dashes: `2025-04-04` → `2025.04.04`.
//!
//! ```
//! use songo_notation::validate::{fix_str, Options};
//! let fixed = fix_str("[Rules \"songo\"]\n\n1. S2+4 N4 3. S3 *\n", &Options::default());
//! assert_eq!(fixed.text, "[Rules \"songo\"]\n\n1. S2 N4 2. S3 *\n");
//! assert_eq!(fixed.applied.len(), 2);
//! assert!(fixed.report.games[0].valid);
//! ```

use serde::Serialize;

use super::{Options, ValidationReport, Violation, validate_str};
use crate::rule::RuleId;

/// A textual fix: write `replacement` instead of the bytes `start..end`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fix {
    /// Byte offset where the replaced text starts: in the file, for
    /// `songo validate`'s report; in the text given (after a byte-order
    /// mark, which [`validate_str`] skips), for [`validate_str`].
    pub start: usize,
    /// Byte offset where it ends (`start` for an insertion).
    pub end: usize,
    /// The text written instead.
    pub replacement: String,
    /// What the fix does, in a sentence, in the language of the report.
    pub description: String,
}

/// A fix applied to a text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Applied {
    /// The game's index in the text, from 0.
    pub game: usize,
    /// Line of the change, from 1, in the text the fix was applied to.
    pub line: usize,
    /// Column, from 1, in characters.
    pub column: usize,
    /// The rule of the violation fixed.
    pub rule: RuleId,
    /// The text replaced (empty for an insertion).
    pub before: String,
    /// The text written.
    pub after: String,
}

/// Applies the fixes of `report`'s violations to `text`, the text it
/// validated: fixes that overlap one applied before (in the order of the
/// text) and spans that are not in the text are left out. Gives the new
/// text and what was applied.
#[must_use]
pub fn apply_fixes(text: &str, report: &ValidationReport) -> (String, Vec<Applied>) {
    let mut fixes: Vec<(usize, &Violation, &Fix)> = report
        .games
        .iter()
        .flat_map(|game| {
            game.violations
                .iter()
                .filter_map(move |violation| Some((game.index, violation, violation.fix.as_ref()?)))
        })
        .collect();
    fixes.sort_by_key(|(_, _, fix)| (fix.start, fix.end));
    let mut fixed = String::with_capacity(text.len() + 64);
    let mut applied = Vec::new();
    let mut copied = 0;
    let mut last_insertion = None;
    for (game, violation, fix) in fixes {
        let in_text = fix.start <= fix.end
            && text.is_char_boundary(fix.start)
            && text.is_char_boundary(fix.end)
            && fix.end <= text.len();
        // Two insertions at one place would be written in no telling order.
        if !in_text || fix.start < copied || last_insertion == Some(fix.start) {
            continue;
        }
        if fix.start == fix.end {
            last_insertion = Some(fix.start);
        }
        fixed.push_str(&text[copied..fix.start]);
        fixed.push_str(&fix.replacement);
        copied = fix.end;
        let (line, column) = line_column(text, fix.start);
        applied.push(Applied {
            game,
            line,
            column,
            rule: violation.rule,
            before: text[fix.start..fix.end].to_owned(),
            after: fix.replacement.clone(),
        });
    }
    fixed.push_str(&text[copied..]);
    (fixed, applied)
}

/// Line and column (from 1, in characters) of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |at| at + 1);
    (
        before.matches('\n').count() + 1,
        before[line_start..].chars().count() + 1,
    )
}

/// The most rounds of fixing and validating again: a fix can show a
/// problem the violation it fixes hid (an added `Capitals` tag lets the
/// moves after the first be read), so a few rounds are needed, and a
/// bound keeps a fix that brought its own problem from going on forever.
pub const MAX_PASSES: usize = 4;

/// A text fixed, and its validation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixOutcome {
    /// The text with every fix applied (the input when none applied).
    pub text: String,
    /// The fixes applied, round by round, in the order of the text.
    pub applied: Vec<Applied>,
    /// The validation of [`FixOutcome::text`]: what is left.
    pub report: ValidationReport,
    /// The violations before any fix.
    pub violations_before: usize,
    /// A round's fixes were undone because the text had more violations
    /// after them than before.
    pub undone: bool,
}

fn violations(report: &ValidationReport) -> usize {
    report.summary.violations
}

/// Validates `text`, applies the fixes its violations name, and again
/// on the result, until no fix applies or [`MAX_PASSES`] rounds. A round
/// that would leave more violations than it found is not kept.
#[must_use]
pub fn fix_str(text: &str, options: &Options) -> FixOutcome {
    let mut report = validate_str(text, options);
    let violations_before = violations(&report);
    let mut current = text.to_owned();
    let mut applied = Vec::new();
    let mut undone = false;
    for _ in 0..MAX_PASSES {
        let (next, round) = apply_fixes(&current, &report);
        if round.is_empty() {
            break;
        }
        let next_report = validate_str(&next, options);
        if violations(&next_report) > violations(&report) {
            undone = true;
            break;
        }
        applied.extend(round);
        current = next;
        report = next_report;
    }
    FixOutcome {
        text: current,
        applied,
        report,
        violations_before,
        undone,
    }
}

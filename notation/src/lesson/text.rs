//! The check of a lesson for people: the moves that link its boards, each
//! problem drawn as a diagnostic (the line quoted, a caret under the
//! place, the hint), and a summary.

use std::fmt::Write as _;

use super::{LessonReport, ProblemKind};
use crate::error::{Level, Note, Place, Quoted, render_at};
use crate::i18n::Lang;
use crate::tr;

/// The id a problem's diagnostic is titled with (`error[unlinked]`), or
/// its rule's id.
const fn kind_id(kind: ProblemKind) -> &'static str {
    match kind {
        ProblemKind::Diagram => "diagram",
        ProblemKind::Unlinked => "unlinked",
        ProblemKind::Stage => "stage",
        ProblemKind::Claim => "claim",
        ProblemKind::Expectation => "expect",
        ProblemKind::Illegal => "illegal",
        ProblemKind::Record => "record",
        ProblemKind::CaptureNotShown => "capture-not-shown",
        ProblemKind::Vocabulary => "vocabulary",
    }
}

/// The report as text: the links found, every problem as a diagnostic,
/// then one line of counts. `path` names the lesson; `color` paints the
/// diagnostics (ANSI).
///
/// ```
/// use songo_notation::i18n::Lang;
/// use songo_notation::lesson::{self, Options};
/// let text = "Before:\n3 1 1 10 1 5 0\n2 3 5 0 1 1 7\n\nAfter:\n0 0 1 10 1 5 0\n3 0 5 0 1 1 7\n";
/// let report = lesson::check(text, &Options::default()).unwrap();
/// let out = lesson::report_text(&report, "ex.md", Lang::En, false);
/// assert!(out.contains("line 2 → line 6: South plays S1, the board after captures"));
/// assert!(out.ends_with("ex.md: 2 boards, 1 move linking two boards, no problem.\n"));
/// ```
#[must_use]
pub fn report_text(report: &LessonReport, path: &str, lang: Lang, color: bool) -> String {
    let mut out = String::new();
    let hint_name = tr!(lang, "note-hint");
    for (index, diagram) in report.diagrams.iter().enumerate() {
        if let Some(start) = &diagram.from_start {
            let _ = writeln!(
                out,
                "  {}",
                tr!(
                    lang,
                    "lesson-start-line",
                    line = diagram.line,
                    played = start.played.as_str(),
                    stage = start.stage.as_str()
                )
            );
        }
        for link in report.links.iter().filter(|link| link.to == index) {
            let _ = writeln!(
                out,
                "  {}",
                tr!(
                    lang,
                    "lesson-link-line",
                    from = report.diagrams[link.from].line,
                    to = diagram.line,
                    side = link.side.as_str(),
                    played = link.played.as_str(),
                    stage = link.stage.as_str()
                )
            );
        }
    }
    if !out.is_empty() {
        out.push('\n');
    }
    let notes = report.notes.iter().map(|note| (note, true));
    for (problem, is_note) in report.problems.iter().map(|p| (p, false)).chain(notes) {
        let id = problem
            .rule
            .map_or(kind_id(problem.kind), |rule| rule.as_str());
        let quoted = Quoted {
            line: problem.line,
            column: problem.column,
            excerpt: &problem.excerpt,
            width: problem.width,
            label: None,
        };
        let notes: Vec<Note<'_>> = problem
            .hint
            .iter()
            .map(|hint| Note::named(&hint_name, hint))
            .collect();
        let place = if problem.excerpt.is_empty() {
            Place::At {
                line: problem.line,
                column: problem.column,
            }
        } else {
            Place::Quoted(quoted)
        };
        let level = if is_note { Level::Note } else { Level::Error };
        out.push_str(&render_at(
            level,
            Some((id, &problem.message)),
            Some(path),
            place,
            &notes,
            color,
            lang,
        ));
        out.push_str("\n\n");
    }
    let _ = writeln!(
        out,
        "{}",
        tr!(
            lang,
            "lesson-summary",
            path = path,
            diagrams = report.diagrams.len(),
            links = report.links.len()
                + report
                    .diagrams
                    .iter()
                    .filter(|d| d.from_start.is_some())
                    .count(),
            problems = report.problems.len()
        )
    );
    if !report.notes.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            tr!(lang, "lesson-summary-notes", count = report.notes.len())
        );
    }
    out
}

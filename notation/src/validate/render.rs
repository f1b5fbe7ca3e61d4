//! Diagnostics for people, in the style of rustc: the rule, the file,
//! line and column, the source line with a caret, what is wrong, the board
//! before the move, a hint.
//!
//! ```text
//! error[songo.exit]: S0 is South's exit house and holds 1 seed: …
//!   --> game.songo:7:4 (game 1, ply 11)
//!    |
//!  7 | 6. S0 N3
//!    |    ^^
//!    |
//!    = rule: your exit house may not be played with 1 seed (…)
//!    = board before the move:
//!        N0  N1  N2  N3  N4  N5  N6
//!        …
//! ```

use std::fmt::Write as _;

use anstyle::{AnsiColor, Style as Ansi};

use super::{GameReport, Summary, Violation};
use crate::error::{Note, Place, Quoted, render};
use crate::record::names;

/// Whether to color the text (ANSI escapes, through `anstyle`; the CLI's
/// output stream drops them where colours are not wanted).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// Color the text.
    pub color: bool,
}

impl Style {
    const ERROR: Ansi = Ansi::new()
        .bold()
        .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Red)));
    const BOLD: Ansi = Ansi::new().bold();
    const GOOD: Ansi = Ansi::new()
        .bold()
        .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Green)));

    /// `text` in `style`, when colouring.
    fn paint(self, style: Ansi, text: &str) -> String {
        if self.color {
            format!("{style}{text}{style:#}")
        } else {
            text.to_owned()
        }
    }

    fn error(self, text: &str) -> String {
        self.paint(Style::ERROR, text)
    }

    fn bold(self, text: &str) -> String {
        self.paint(Style::BOLD, text)
    }

    fn green(self, text: &str) -> String {
        self.paint(Style::GOOD, text)
    }
}

/// The diagnostics of a game's violations, then its one-line status (the
/// status of a valid game only when `all`).
#[must_use]
pub fn render_game(game: &GameReport, file: &str, style: Style, all: bool) -> String {
    let mut out = String::new();
    for violation in &game.violations {
        render_violation(&mut out, violation, game, file, style);
    }
    if game.omitted > 0 {
        let _ = writeln!(
            out,
            "{}: game {} has {} more problem{}: only the first {} of a game are reported\n",
            style.bold("note"),
            game.index + 1,
            game.omitted,
            if game.omitted == 1 { "" } else { "s" },
            super::MAX_VIOLATIONS
        );
    }
    if all || !game.valid {
        out.push_str(&status(game, file, style));
    }
    out
}

fn render_violation(out: &mut String, v: &Violation, game: &GameReport, file: &str, style: Style) {
    let mut place = format!("game {}", game.index + 1);
    if v.played.is_some() || v.ply > 0 {
        let _ = write!(place, ", ply {}", v.ply);
    }
    if v.variation > 0 {
        let _ = write!(place, ", in a variation");
    }
    let at = if v.source_line.is_empty() {
        Place::At {
            line: v.line,
            column: v.column,
        }
    } else {
        Place::Quoted(Quoted {
            line: v.line,
            column: v.column,
            excerpt: &v.source_line,
            width: v.width,
            label: Some(&place),
        })
    };
    let rule = format!("rule {}", v.rule);
    let mut notes = Vec::with_capacity(4);
    if v.source_line.is_empty() {
        // No line to put the place under.
        notes.push(Note::plain(&place));
    }
    notes.push(Note::named(&rule, v.rule.summary()));
    if let Some(hint) = &v.hint {
        notes.push(Note::named("hint", hint));
    }
    let before = v.before.as_ref().map(|before| {
        let what = if v.played.is_some() {
            "the position before the move"
        } else {
            "the final position"
        };
        let mut text = format!("{what}:");
        for line in before.diagram().lines() {
            let _ = write!(text, "\n  {line}");
        }
        text
    });
    if let Some(before) = &before {
        notes.push(Note::plain(before));
    }
    let id = v.rule.to_string();
    out.push_str(&render(
        Some((&id, &v.message)),
        Some(file),
        at,
        &notes,
        style.color,
    ));
    out.push_str("\n\n");
}

/// `game 1 (Ada - Ben, Club evening) at file:3: valid, 57 plies, 41-29 (songo.end.forty)`.
fn status(game: &GameReport, file: &str, style: Style) -> String {
    let known = |name: &str| {
        game.tags
            .get(name)
            .map(str::trim)
            .filter(|value| !value.is_empty() && *value != "?")
    };
    let mut who = Vec::new();
    match (known(names::SOUTH), known(names::NORTH)) {
        (Some(south), Some(north)) => who.push(format!("{south} - {north}")),
        (Some(one), None) | (None, Some(one)) => who.push(one.to_owned()),
        (None, None) => {}
    }
    if let Some(event) = known(names::EVENT) {
        who.push(event.to_owned());
    }
    let who = if who.is_empty() {
        String::new()
    } else {
        format!(" ({})", who.join(", "))
    };
    let verdict = if game.valid {
        style.green("valid")
    } else {
        style.error("invalid")
    };
    let mut line = format!(
        "game {}{who} at {file}:{}: {verdict}, {} {}",
        game.index + 1,
        game.line,
        game.plies,
        if game.plies == 1 { "ply" } else { "plies" }
    );
    if game.valid {
        if let Some(result) = &game.result.computed {
            let _ = write!(line, ", {result}");
            if let Some(end) = &game.end {
                match end.victory() {
                    Some(victory) => {
                        let _ = write!(line, " ({}, {})", end.rule, victory.source_name());
                    }
                    None => {
                        let _ = write!(line, " ({})", end.rule);
                    }
                }
            }
        }
    } else {
        let count = game.violations.len() + game.omitted;
        let mut rules: Vec<String> = game.violations.iter().map(|v| v.rule.to_string()).collect();
        rules.dedup();
        let _ = write!(
            line,
            ", {count} violation{} ({})",
            if count == 1 { "" } else { "s" },
            rules.join(", ")
        );
    }
    line.push('\n');
    line
}

/// The closing line: games, plies, valid and invalid counts.
#[must_use]
pub fn render_summary(summary: &Summary, files: usize, style: Style) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let verdict = if summary.invalid == 0 {
        style.green(&format!("{} valid", summary.valid))
    } else {
        format!(
            "{} valid, {}",
            summary.valid,
            style.error(&format!("{} invalid", summary.invalid))
        )
    };
    format!(
        "{} ({}) in {}: {verdict}; {}\n",
        plural(summary.games, "game", "games"),
        plural(summary.plies, "ply", "plies"),
        plural(files, "file", "files"),
        plural(summary.violations, "violation", "violations"),
    )
}

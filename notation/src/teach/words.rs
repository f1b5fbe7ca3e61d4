//! Every sentence the teaching vocabulary shows a reader, and the layouts
//! that set them as text or Markdown.
//!
//! The computations hand over typed reports; this module alone words them.
//! A sentence is one method of the trait `Sentences` (English today, in
//! `English`; another language is another implementation), and a layout
//! (`Page`) is the same for every language: headings and bulleted lines,
//! the house names in bold in Markdown. Nothing here cites a `teach.*` id: a reader
//! gets sentences ("North's N4 threatens S3 and S4 (6 seeds).").

use std::fmt::{Display, Write as _};

use super::NamedHouse;
use super::annotate::{Annotation, Note};
use super::seega::{SeegaExplainReport, SeegaThreat};
use super::sowing::{
    Answer, Defence, DefenceKind, DoubleThreat, ExplainReport, Exposure, Grenier, MoveEffect,
    Threat, grenier_threshold,
};
use crate::Side;
use crate::seega::Phase;

/// How a sentence sets the names of houses, squares and moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    /// As they are.
    Plain,
    /// In bold (Markdown).
    Markdown,
}

/// The headings of the reports' sections.
#[derive(Debug, Clone, Copy)]
enum Heading {
    Threats,
    DoubleThreats,
    Defences(Side),
    Greniers,
    Bidoua,
    Mobility,
    Moves(Side),
    Annotations,
}

/// The sentences of one language. Each takes typed data and the style of
/// names, and returns one sentence (or heading) without layout.
trait Sentences {
    fn heading(&self, heading: Heading) -> String;
    fn none(&self) -> String;
    fn threat(&self, threat: &Threat, style: Style) -> String;
    fn no_threat(&self) -> String;
    fn double_threat(&self, double: &DoubleThreat, style: Style) -> String;
    fn no_defence_needed(&self, threatener: Side) -> String;
    fn no_defence(&self, threatener: Side, largest: u32) -> String;
    fn defence(&self, defence: &Defence, threatener: Side, style: Style) -> String;
    fn grenier(&self, grenier: &Grenier, style: Style) -> String;
    fn no_grenier(&self, threshold: u32) -> String;
    fn bidoua(&self, report: &ExplainReport, style: Style) -> String;
    fn seega_threat(&self, threat: &SeegaThreat, style: Style) -> String;
    fn no_seega_threat(&self) -> String;
    fn mobility(&self, side: Side, steps: u32, placing: bool) -> String;
    fn move_effect(&self, effect: &MoveEffect, mover: Side, style: Style) -> String;
    fn annotation(&self, annotation: &Annotation, style: Style) -> String;
    fn annotation_line(&self, annotation: &Annotation, style: Style) -> String;
}

/// The English sentences.
#[derive(Debug, Clone, Copy, Default)]
struct English;

fn name(style: Style, name: impl Display) -> String {
    match style {
        Style::Plain => name.to_string(),
        Style::Markdown => format!("**{name}**"),
    }
}

/// `6 seeds`, `1 seed`.
fn seeds(count: u32) -> String {
    if count == 1 {
        "1 seed".to_owned()
    } else {
        format!("{count} seeds")
    }
}

/// `S3`, `S3 and S4`, `N0, N1 and N2` (`or` for alternatives).
fn list(style: Style, names: &[String], conjunction: &str) -> String {
    let names: Vec<String> = names.iter().map(|n| name(style, n)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {conjunction} {last}", rest.join(", ")),
    }
}

fn houses(style: Style, houses: &[NamedHouse]) -> String {
    let names: Vec<String> = houses.iter().map(ToString::to_string).collect();
    list(style, &names, "and")
}

impl English {
    fn kind(kind: DefenceKind) -> &'static str {
        match kind {
            DefenceKind::Yinda => "a yinda",
            DefenceKind::Evasion => "an evasion",
            DefenceKind::Other => "a defence",
        }
    }

    fn exposure(exposure: &Exposure, threatener: Side) -> String {
        let who = threatener.name();
        match exposure.answer {
            Answer::Parries => format!(
                "parries {who}'s threat ({}: {who}'s largest capture drops from {} to {})",
                English::kind(exposure.defence.unwrap_or(DefenceKind::Other)),
                exposure.before,
                exposure.after
            ),
            Answer::Ignores => format!(
                "ignores {who}'s threat ({who} can still take {})",
                seeds(exposure.after)
            ),
        }
    }
}

impl Sentences for English {
    fn heading(&self, heading: Heading) -> String {
        match heading {
            Heading::Threats => "Threats".to_owned(),
            Heading::DoubleThreats => "Double threats".to_owned(),
            Heading::Defences(side) => format!("Defences ({} to move)", side.name()),
            Heading::Greniers => "Greniers".to_owned(),
            Heading::Bidoua => "Bidoua".to_owned(),
            Heading::Mobility => "Mobility".to_owned(),
            Heading::Moves(side) => format!("Moves ({} to move)", side.name()),
            Heading::Annotations => "Annotations".to_owned(),
        }
    }

    fn none(&self) -> String {
        "None.".to_owned()
    }

    fn threat(&self, threat: &Threat, style: Style) -> String {
        format!(
            "{}'s {} threatens {} ({}).",
            threat.side.name(),
            name(style, threat.house),
            houses(style, &threat.houses),
            seeds(threat.captures)
        )
    }

    fn no_threat(&self) -> String {
        "No house threatens a capture.".to_owned()
    }

    fn double_threat(&self, double: &DoubleThreat, style: Style) -> String {
        let side = double.side.name();
        format!(
            "{side}'s {} make a double threat (up to {}); {}'s best limitation is {}, after which {side} takes at most {}.",
            houses(style, &double.houses),
            seeds(double.captures),
            double.side.opposite().name(),
            name(style, double.best_limitation.played),
            seeds(double.best_limitation.after)
        )
    }

    fn no_defence_needed(&self, threatener: Side) -> String {
        format!(
            "{} threatens nothing: no defence is needed.",
            threatener.name()
        )
    }

    fn no_defence(&self, threatener: Side, largest: u32) -> String {
        format!(
            "No move lowers {}'s largest capture ({}).",
            threatener.name(),
            seeds(largest)
        )
    }

    fn defence(&self, defence: &Defence, threatener: Side, style: Style) -> String {
        let played = name(style, defence.played);
        let drop = format!(
            "{}'s largest capture drops from {} to {}",
            threatener.name(),
            defence.before,
            defence.after
        );
        match defence.kind {
            DefenceKind::Yinda => format!(
                "{played} is a yinda: it reinforces {}, and {drop}.",
                houses(style, &defence.houses)
            ),
            DefenceKind::Evasion => {
                format!("{played} is an evasion: it empties the threatened house, and {drop}.")
            }
            DefenceKind::Other if defence.captures > 0 => format!(
                "{played} takes {} ({}), and {drop}.",
                seeds(defence.captures),
                houses(style, &defence.captured_houses)
            ),
            DefenceKind::Other => format!("{played}: {drop}."),
        }
    }

    fn grenier(&self, grenier: &Grenier, style: Style) -> String {
        let harvest = if grenier.captures > 0 {
            format!(
                "played now it takes {} ({})",
                seeds(grenier.captures),
                houses(style, &grenier.houses)
            )
        } else {
            "played now it takes nothing".to_owned()
        };
        format!(
            "{}'s {} is a grenier of {}; {harvest}.",
            grenier.side.name(),
            name(style, grenier.house),
            seeds(grenier.seeds)
        )
    }

    fn no_grenier(&self, threshold: u32) -> String {
        format!("No house holds {threshold} seeds or more.")
    }

    fn bidoua(&self, report: &ExplainReport, style: Style) -> String {
        let part = |side: Side| {
            let of_side = match side {
                Side::South => &report.bidoua_houses.south,
                Side::North => &report.bidoua_houses.north,
            };
            if of_side.is_empty() {
                format!("{} 0", side.name())
            } else {
                format!(
                    "{} {} ({})",
                    side.name(),
                    report.bidoua[side],
                    houses(style, of_side)
                )
            }
        };
        let verdict = match report.bidoua.leader() {
            Some(side) => format!("{} has the better bidoua", side.name()),
            None => "the bidouas are equal".to_owned(),
        };
        format!(
            "Seeds each side can move without feeding the other: {}, {}; {verdict}.",
            part(Side::South),
            part(Side::North)
        )
    }

    fn seega_threat(&self, threat: &SeegaThreat, style: Style) -> String {
        let moves: Vec<String> = threat.moves.iter().map(ToString::to_string).collect();
        format!(
            "{}'s piece on {} can be taken by {} with {}.",
            threat.side.opposite().name(),
            name(style, threat.square),
            threat.side.name(),
            list(style, &moves, "or")
        )
    }

    fn no_seega_threat(&self) -> String {
        "No piece can be taken.".to_owned()
    }

    fn mobility(&self, side: Side, steps: u32, placing: bool) -> String {
        match (placing, steps) {
            (true, _) => format!("{}: no step while pieces are being placed.", side.name()),
            (false, 0) => format!("{}: blocked, no legal step.", side.name()),
            (false, 1) => format!("{}: 1 legal step.", side.name()),
            (false, n) => format!("{}: {n} legal steps.", side.name()),
        }
    }

    fn move_effect(&self, effect: &MoveEffect, mover: Side, style: Style) -> String {
        let mut sentence = name(style, effect.played);
        if effect.captures > 0 {
            let _ = write!(
                sentence,
                " takes {} ({})",
                seeds(effect.captures),
                houses(style, &effect.captured_houses)
            );
        } else {
            sentence.push_str(" takes nothing");
        }
        for threat in &effect.creates {
            let _ = write!(
                sentence,
                "; {} then threatens {} ({})",
                name(style, threat.house),
                houses(style, &threat.houses),
                seeds(threat.captures)
            );
        }
        if let Some(exposure) = &effect.exposure {
            let _ = write!(
                sentence,
                "; it {}",
                English::exposure(exposure, mover.opposite())
            );
        }
        sentence.push('.');
        sentence
    }

    fn annotation(&self, annotation: &Annotation, style: Style) -> String {
        let mover = annotation.mover.name();
        let opponent = annotation.mover.opposite().name();
        match &annotation.note {
            Note::ThreatCreated { threat } => format!(
                "{}'s {} now threatens {} ({}).",
                threat.side.name(),
                name(style, threat.house),
                houses(style, &threat.houses),
                seeds(threat.captures)
            ),
            Note::DoubleThreat {
                double_threat: double,
            } => format!(
                "{}'s {} now make a double threat (up to {}); {}'s best limitation is {}, after which {} takes at most {}.",
                double.side.name(),
                houses(style, &double.houses),
                seeds(double.captures),
                double.side.opposite().name(),
                name(style, double.best_limitation.played),
                double.side.name(),
                seeds(double.best_limitation.after)
            ),
            Note::ThreatIgnored {
                threat,
                executed_at,
            } => format!(
                "{mover} leaves {opponent}'s threat from {} ({}) standing; {opponent} carries it out at ply {executed_at}.",
                name(style, threat.house),
                seeds(threat.captures)
            ),
            Note::ThreatExecuted {
                threat,
                captures,
                houses: taken,
                ignored_at,
            } => format!(
                "{mover} carries out the threat {opponent} left standing at ply {ignored_at}: {} takes {} ({}).",
                name(style, threat.house),
                houses(style, taken),
                seeds(*captures)
            ),
            Note::Defence { defence } => {
                let played = name(style, defence.played);
                let what = match defence.kind {
                    DefenceKind::Yinda => format!(
                        "Yinda: {played} reinforces {}",
                        houses(style, &defence.houses)
                    ),
                    DefenceKind::Evasion => {
                        format!("Evasion: {mover} empties {played}, which {opponent} threatened")
                    }
                    DefenceKind::Other => {
                        return self.defence(defence, annotation.mover.opposite(), style);
                    }
                };
                format!(
                    "{what}; {opponent}'s largest capture drops from {} to {}.",
                    defence.before, defence.after
                )
            }
            Note::GrenierBuilt { grenier } => {
                let harvest = if grenier.captures > 0 {
                    format!("played now it would take {}", seeds(grenier.captures))
                } else {
                    "it takes nothing yet".to_owned()
                };
                format!(
                    "{}'s {} becomes a grenier ({}); {harvest}.",
                    grenier.side.name(),
                    name(style, grenier.house),
                    seeds(grenier.seeds)
                )
            }
            Note::GrenierPlayed {
                grenier,
                harvest,
                houses: taken,
            } => {
                if *harvest > 0 {
                    format!(
                        "{mover} plays the grenier {} ({}) and harvests {} ({}).",
                        name(style, grenier.house),
                        seeds(grenier.seeds),
                        seeds(*harvest),
                        houses(style, taken)
                    )
                } else {
                    format!(
                        "{mover} plays the grenier {} ({}) and harvests nothing.",
                        name(style, grenier.house),
                        seeds(grenier.seeds)
                    )
                }
            }
            Note::BidouaTurned { leader, bidoua } => format!(
                "The bidoua turns: {} now has the better bidoua ({} to {}).",
                leader.name(),
                bidoua[*leader],
                bidoua[leader.opposite()]
            ),
        }
    }

    fn annotation_line(&self, annotation: &Annotation, style: Style) -> String {
        format!(
            "Ply {}, {}: {}",
            annotation.ply,
            name(style, annotation.played),
            self.annotation(annotation, style)
        )
    }
}

/// A page of sections, each a heading and bulleted lines, set as text or
/// Markdown.
struct Page {
    style: Style,
    out: String,
}

impl Page {
    fn new(style: Style) -> Page {
        Page {
            style,
            out: String::new(),
        }
    }

    fn section(&mut self, heading: &str, lines: impl IntoIterator<Item = String>) {
        if !self.out.is_empty() {
            self.out.push('\n');
        }
        match self.style {
            Style::Plain => {
                let _ = writeln!(self.out, "{heading}");
            }
            Style::Markdown => {
                let _ = writeln!(self.out, "## {heading}\n");
            }
        }
        for line in lines {
            let _ = writeln!(self.out, "- {line}");
        }
    }

    fn finish(self) -> String {
        self.out
    }
}

/// One bulleted section, or its `empty` sentence when there is nothing.
fn lines_or(lines: Vec<String>, empty: String) -> Vec<String> {
    if lines.is_empty() { vec![empty] } else { lines }
}

fn explain_page(words: &impl Sentences, report: &ExplainReport, style: Style) -> String {
    let mut page = Page::new(style);
    page.section(
        &words.heading(Heading::Threats),
        lines_or(
            report
                .threats
                .iter()
                .map(|t| words.threat(t, style))
                .collect(),
            words.no_threat(),
        ),
    );
    page.section(
        &words.heading(Heading::DoubleThreats),
        lines_or(
            report
                .double_threats
                .iter()
                .map(|d| words.double_threat(d, style))
                .collect(),
            words.none(),
        ),
    );
    let mover = report.position.to_move();
    let threatener = mover.opposite();
    let largest = report
        .threats
        .iter()
        .filter(|t| t.side == threatener)
        .map(|t| t.captures)
        .max();
    let defences = match largest {
        None => vec![words.no_defence_needed(threatener)],
        Some(largest) => lines_or(
            report
                .defences
                .iter()
                .map(|d| words.defence(d, threatener, style))
                .collect(),
            words.no_defence(threatener, largest),
        ),
    };
    page.section(&words.heading(Heading::Defences(mover)), defences);
    page.section(
        &words.heading(Heading::Greniers),
        lines_or(
            report
                .greniers
                .iter()
                .map(|g| words.grenier(g, style))
                .collect(),
            words.no_grenier(grenier_threshold(report.position.rules())),
        ),
    );
    page.section(
        &words.heading(Heading::Bidoua),
        [words.bidoua(report, style)],
    );
    page.finish()
}

fn seega_page(words: &impl Sentences, report: &SeegaExplainReport, style: Style) -> String {
    let mut page = Page::new(style);
    page.section(
        &words.heading(Heading::Threats),
        lines_or(
            report
                .threats
                .iter()
                .map(|t| words.seega_threat(t, style))
                .collect(),
            words.no_seega_threat(),
        ),
    );
    let placing = report.position.phase() == Phase::Placement;
    page.section(
        &words.heading(Heading::Mobility),
        Side::BOTH.map(|side| words.mobility(side, report.mobility[side], placing)),
    );
    page.finish()
}

fn moves_page(words: &impl Sentences, mover: Side, effects: &[MoveEffect], style: Style) -> String {
    let mut page = Page::new(style);
    page.section(
        &words.heading(Heading::Moves(mover)),
        lines_or(
            effects
                .iter()
                .map(|e| words.move_effect(e, mover, style))
                .collect(),
            words.none(),
        ),
    );
    page.finish()
}

fn annotations_page(words: &impl Sentences, annotations: &[Annotation], style: Style) -> String {
    let mut page = Page::new(style);
    page.section(
        &words.heading(Heading::Annotations),
        lines_or(
            annotations
                .iter()
                .map(|a| words.annotation_line(a, style))
                .collect(),
            words.none(),
        ),
    );
    page.finish()
}

/// An explanation as text: one section a term, one sentence a line.
#[must_use]
pub fn explain_text(report: &ExplainReport) -> String {
    explain_page(&English, report, Style::Plain)
}

/// An explanation as Markdown: one `##` section a term, house names in bold.
#[must_use]
pub fn explain_markdown(report: &ExplainReport) -> String {
    explain_page(&English, report, Style::Markdown)
}

/// A Seega explanation as text.
#[must_use]
pub fn seega_explain_text(report: &SeegaExplainReport) -> String {
    seega_page(&English, report, Style::Plain)
}

/// A Seega explanation as Markdown.
#[must_use]
pub fn seega_explain_markdown(report: &SeegaExplainReport) -> String {
    seega_page(&English, report, Style::Markdown)
}

/// What each legal move of `mover` does ([`super::move_effects`]), as text.
#[must_use]
pub fn move_effects_text(mover: Side, effects: &[MoveEffect]) -> String {
    moves_page(&English, mover, effects, Style::Plain)
}

/// What each legal move does, as Markdown.
#[must_use]
pub fn move_effects_markdown(mover: Side, effects: &[MoveEffect]) -> String {
    moves_page(&English, mover, effects, Style::Markdown)
}

/// One annotation as a sentence (for a comment in a record).
///
/// ```
/// use songo_notation::teach::{self, words};
/// use songo_notation::{House, Position, Side};
/// let start: Position = "songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N".parse().unwrap();
/// let notes = teach::annotate_line(start, &[House::new(Side::North, 1)]).unwrap();
/// assert_eq!(
///     words::annotation_sentence(&notes[0]),
///     "Yinda: N1 reinforces N2; South's largest capture drops from 11 to 2."
/// );
/// ```
#[must_use]
pub fn annotation_sentence(annotation: &Annotation) -> String {
    English.annotation(annotation, Style::Plain)
}

/// A line's annotations as text, one a line (`Ply 3, N1: …`).
#[must_use]
pub fn annotations_text(annotations: &[Annotation]) -> String {
    annotations_page(&English, annotations, Style::Plain)
}

/// A line's annotations as Markdown.
#[must_use]
pub fn annotations_markdown(annotations: &[Annotation]) -> String {
    annotations_page(&English, annotations, Style::Markdown)
}

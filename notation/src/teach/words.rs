//! The teaching vocabulary put into words: every report as text or
//! Markdown, and one sentence per annotation, in any language songo speaks.
//!
//! The computations hand over typed reports; this module alone words them,
//! and the words themselves are the `teach-*` messages of the catalogues
//! (`notation/locales/*.ftl`, see `docs/i18n.md`): this module picks the
//! message and passes the numbers, the side ids and the names. A layout
//! (`Page`) is the same in every language: headings and bulleted lines, the
//! names of houses, squares and moves in bold in Markdown. Nothing here
//! cites a `teach.*` id: a reader gets sentences ("North's N4 threatens S3
//! and S4 (6 seeds).").

use std::fmt::{self, Display, Write as _};

use super::NamedHouse;
use super::annotate::{Annotation, Note};
use super::seega::{SeegaAnnotation, SeegaExplainReport, SeegaMoveEffect, SeegaNote, SeegaThreat};
use super::sowing::{
    Answer, Defence, DefenceKind, DoubleThreat, ExplainReport, Grenier, MoveEffect, Threat,
    grenier_threshold,
};
use crate::Side;
use crate::conventions::LetterCase;
use crate::i18n::{Lang, Localize};
use crate::seega::{Phase, Square};
use crate::tr;

/// How names (houses, squares, moves) are set: as they are, or in bold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    Plain,
    Markdown,
}

/// The language of a text, and the Awalé letter case its houses are
/// named in. A [`Lang`] alone names houses in the default case.
///
/// ```
/// use songo_notation::i18n::Lang;
/// use songo_notation::teach::{self, words::{self, Wording}};
/// use songo_notation::{LetterCase, Position};
/// let position: Position = "awale:1,1,3,0,0,0/0,0,0,0,0,2".parse().unwrap();
/// let report = teach::explain(&position);
/// let wording = Wording { lang: Lang::En, letters: LetterCase::NorthUpper };
/// assert!(words::explain_text(&report, wording).contains("- South's f threatens A and B (4 seeds)."));
/// assert!(words::explain_text(&report, Lang::En).contains("- South's F threatens a and b (4 seeds)."));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Wording {
    /// The language.
    pub lang: Lang,
    /// Which Awalé camp is lettered in capitals.
    pub letters: LetterCase,
}

impl From<Lang> for Wording {
    fn from(lang: Lang) -> Wording {
        Wording {
            lang,
            letters: LetterCase::default(),
        }
    }
}

/// The sentences of one language in one style.
#[derive(Debug, Clone, Copy)]
struct Words {
    lang: Lang,
    style: Style,
    letters: LetterCase,
}

impl Words {
    /// A house's name in the text's letter case.
    fn house(self, house: NamedHouse) -> String {
        self.name(house.house.name_with_case(house.rules, self.letters))
    }

    fn name(self, name: impl Display) -> String {
        match self.style {
            Style::Plain => name.to_string(),
            Style::Markdown => format!("**{name}**"),
        }
    }

    /// `S3`, `S3 and S4`, `N0, N1 and N2` (`or` for alternatives).
    fn list(self, names: &[String], or: bool) -> String {
        let names: Vec<String> = names.iter().map(|n| self.name(n)).collect();
        match names.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] if or => {
                tr!(
                    self.lang,
                    "teach-list-or",
                    rest = rest.join(", "),
                    last = last
                )
            }
            [rest @ .., last] => {
                tr!(
                    self.lang,
                    "teach-list-and",
                    rest = rest.join(", "),
                    last = last
                )
            }
        }
    }

    fn houses(self, houses: &[NamedHouse]) -> String {
        let names: Vec<String> = houses
            .iter()
            .map(|h| h.house.name_with_case(h.rules, self.letters).to_string())
            .collect();
        self.list(&names, false)
    }

    fn threat(self, threat: &Threat) -> String {
        tr!(
            self.lang,
            "teach-threat",
            side = threat.side.as_str(),
            house = self.house(threat.house),
            houses = self.houses(&threat.houses),
            count = threat.captures
        )
    }

    fn double_threat(self, double: &DoubleThreat) -> String {
        tr!(
            self.lang,
            "teach-double-threat",
            side = double.side.as_str(),
            opponent = double.side.opposite().as_str(),
            houses = self.houses(&double.houses),
            count = double.captures,
            move = self.house(double.best_limitation.played),
            after = double.best_limitation.after
        )
    }

    /// A defence of the side threatened by `threatener`.
    fn defence(self, defence: &Defence, threatener: Side) -> String {
        let (side, before, after) = (threatener.as_str(), defence.before, defence.after);
        let played = self.house(defence.played);
        match defence.kind {
            DefenceKind::Yinda => tr!(
                self.lang,
                "teach-defence-yinda",
                move = played,
                houses = self.houses(&defence.houses),
                side = side,
                before = before,
                after = after
            ),
            DefenceKind::Evasion => tr!(
                self.lang,
                "teach-defence-evasion",
                move = played,
                side = side,
                before = before,
                after = after
            ),
            DefenceKind::Other if defence.captures > 0 => tr!(
                self.lang,
                "teach-defence-capture",
                move = played,
                count = defence.captures,
                houses = self.houses(&defence.captured_houses),
                side = side,
                before = before,
                after = after
            ),
            DefenceKind::Other => tr!(
                self.lang,
                "teach-defence-other",
                move = played,
                side = side,
                before = before,
                after = after
            ),
        }
    }

    fn grenier(self, grenier: &Grenier) -> String {
        tr!(
            self.lang,
            "teach-grenier",
            side = grenier.side.as_str(),
            house = self.house(grenier.house),
            seeds = grenier.seeds,
            count = grenier.captures,
            houses = self.houses(&grenier.houses)
        )
    }

    fn bidoua(self, report: &ExplainReport) -> String {
        let part = |side: Side| {
            let houses = match side {
                Side::South => &report.bidoua_houses.south,
                Side::North => &report.bidoua_houses.north,
            };
            if houses.is_empty() {
                tr!(self.lang, "teach-bidoua-side-none", side = side.as_str())
            } else {
                tr!(
                    self.lang,
                    "teach-bidoua-side",
                    side = side.as_str(),
                    count = report.bidoua[side],
                    houses = self.houses(houses)
                )
            }
        };
        let leader = report.bidoua.leader().map_or("none", Side::as_str);
        tr!(
            self.lang,
            "teach-bidoua",
            south = part(Side::South),
            north = part(Side::North),
            leader = leader
        )
    }

    fn seega_threat(self, threat: &SeegaThreat) -> String {
        let moves: Vec<String> = threat.moves.iter().map(ToString::to_string).collect();
        tr!(
            self.lang,
            "teach-seega-threat",
            side = threat.side.as_str(),
            opponent = threat.side.opposite().as_str(),
            square = self.name(threat.square),
            moves = self.list(&moves, true)
        )
    }

    fn mobility(self, side: Side, steps: u32, placing: bool) -> String {
        if placing {
            tr!(self.lang, "teach-mobility-placing", side = side.as_str())
        } else {
            tr!(
                self.lang,
                "teach-mobility",
                side = side.as_str(),
                count = steps
            )
        }
    }

    /// What a move of `mover` does: clauses joined into one sentence.
    fn move_effect(self, effect: &MoveEffect, mover: Side) -> String {
        let played = self.house(effect.played);
        let mut clauses = vec![if effect.captures > 0 {
            tr!(
                self.lang,
                "teach-move-takes",
                move = played,
                count = effect.captures,
                houses = self.houses(&effect.captured_houses)
            )
        } else {
            tr!(self.lang, "teach-move-takes-nothing", move = played)
        }];
        for threat in &effect.creates {
            clauses.push(tr!(
                self.lang,
                "teach-move-creates",
                house = self.house(threat.house),
                houses = self.houses(&threat.houses),
                count = threat.captures
            ));
        }
        if let Some(exposure) = &effect.exposure {
            let side = mover.opposite().as_str();
            clauses.push(match exposure.answer {
                Answer::Parries => {
                    let kind = match exposure.defence {
                        Some(DefenceKind::Yinda) => "yinda",
                        Some(DefenceKind::Evasion) => "evasion",
                        _ => "other",
                    };
                    tr!(
                        self.lang,
                        "teach-move-parries",
                        side = side,
                        kind = kind,
                        before = exposure.before,
                        after = exposure.after
                    )
                }
                Answer::Ignores => tr!(
                    self.lang,
                    "teach-move-ignores",
                    side = side,
                    count = exposure.after
                ),
            });
        }
        self.sentence(clauses)
    }

    /// What a Seega step of `mover` does: clauses joined into one sentence.
    fn seega_move_effect(self, effect: &SeegaMoveEffect, mover: Side) -> String {
        let played = self.name(effect.played);
        let squares = |list: &[Square]| {
            let names: Vec<String> = list.iter().map(ToString::to_string).collect();
            self.list(&names, false)
        };
        let mut clauses = vec![if effect.captures.is_empty() {
            tr!(self.lang, "teach-seega-move-takes-nothing", move = played)
        } else {
            tr!(
                self.lang,
                "teach-seega-move-takes",
                move = played,
                squares = squares(&effect.captures)
            )
        }];
        if !effect.creates.is_empty() {
            let threatened: Vec<Square> = effect.creates.iter().map(|t| t.square).collect();
            clauses.push(tr!(
                self.lang,
                "teach-seega-move-creates",
                squares = squares(&threatened)
            ));
        }
        if let Some(exposure) = &effect.exposure {
            let side = mover.opposite().as_str();
            clauses.push(match exposure.answer {
                Answer::Parries => tr!(
                    self.lang,
                    "teach-seega-move-parries",
                    side = side,
                    before = exposure.before,
                    after = exposure.after
                ),
                Answer::Ignores => tr!(
                    self.lang,
                    "teach-seega-move-ignores",
                    side = side,
                    count = exposure.after
                ),
            });
        }
        self.sentence(clauses)
    }

    /// Clauses joined into one sentence, as the language joins them.
    fn sentence(self, clauses: Vec<String>) -> String {
        let text = clauses
            .into_iter()
            .reduce(|first, second| tr!(self.lang, "teach-clauses", first = first, second = second))
            .unwrap_or_default();
        tr!(self.lang, "teach-sentence", text = text)
    }

    fn seega_annotation(self, annotation: &SeegaAnnotation) -> String {
        match &annotation.note {
            SeegaNote::ThreatCreated { threats } => {
                let names: Vec<String> = threats.iter().map(|t| t.square.to_string()).collect();
                tr!(
                    self.lang,
                    "teach-seega-note-threat-created",
                    side = annotation.mover.as_str(),
                    squares = self.list(&names, false)
                )
            }
            SeegaNote::Blocked { side } => {
                tr!(self.lang, "teach-seega-note-blocked", side = side.as_str())
            }
        }
    }

    fn annotation(self, annotation: &Annotation) -> String {
        let side = annotation.mover.as_str();
        let opponent = annotation.mover.opposite().as_str();
        match &annotation.note {
            Note::ThreatCreated { threat } => tr!(
                self.lang,
                "teach-note-threat-created",
                side = threat.side.as_str(),
                house = self.house(threat.house),
                houses = self.houses(&threat.houses),
                count = threat.captures
            ),
            Note::DoubleThreat { double_threat } => tr!(
                self.lang,
                "teach-note-double-threat",
                side = double_threat.side.as_str(),
                opponent = double_threat.side.opposite().as_str(),
                houses = self.houses(&double_threat.houses),
                count = double_threat.captures,
                move = self.house(double_threat.best_limitation.played),
                after = double_threat.best_limitation.after
            ),
            Note::ThreatIgnored {
                threat,
                executed_at,
            } => tr!(
                self.lang,
                "teach-note-threat-ignored",
                side = side,
                opponent = opponent,
                house = self.house(threat.house),
                count = threat.captures,
                at = *executed_at
            ),
            Note::ThreatExecuted {
                threat,
                captures,
                houses,
                ignored_at,
            } => tr!(
                self.lang,
                "teach-note-threat-executed",
                side = side,
                opponent = opponent,
                at = *ignored_at,
                house = self.house(threat.house),
                houses = self.houses(houses),
                count = *captures
            ),
            Note::Defence { defence } => match defence.kind {
                DefenceKind::Yinda => tr!(
                    self.lang,
                    "teach-note-yinda",
                    move = self.house(defence.played),
                    houses = self.houses(&defence.houses),
                    opponent = opponent,
                    before = defence.before,
                    after = defence.after
                ),
                DefenceKind::Evasion => tr!(
                    self.lang,
                    "teach-note-evasion",
                    side = side,
                    move = self.house(defence.played),
                    opponent = opponent,
                    before = defence.before,
                    after = defence.after
                ),
                DefenceKind::Other => self.defence(defence, annotation.mover.opposite()),
            },
            Note::GrenierBuilt { grenier } => tr!(
                self.lang,
                "teach-note-grenier-built",
                side = grenier.side.as_str(),
                house = self.house(grenier.house),
                seeds = grenier.seeds,
                count = grenier.captures
            ),
            Note::GrenierPlayed {
                grenier,
                harvest,
                houses,
            } => tr!(
                self.lang,
                "teach-note-grenier-played",
                side = side,
                house = self.house(grenier.house),
                seeds = grenier.seeds,
                count = *harvest,
                houses = self.houses(houses)
            ),
            Note::BidouaTurned { leader, bidoua } => tr!(
                self.lang,
                "teach-note-bidoua-turned",
                side = leader.as_str(),
                ahead = bidoua[*leader],
                behind = bidoua[leader.opposite()]
            ),
        }
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

    /// A section: its heading, then its lines, or `empty` when there are none.
    fn section(&mut self, heading: &str, lines: impl IntoIterator<Item = String>, empty: String) {
        if !self.out.is_empty() {
            self.out.push('\n');
        }
        let _ = match self.style {
            Style::Plain => writeln!(self.out, "{heading}"),
            Style::Markdown => writeln!(self.out, "## {heading}\n"),
        };
        let mut lines = lines.into_iter().peekable();
        if lines.peek().is_none() {
            let _ = writeln!(self.out, "- {empty}");
        }
        for line in lines {
            let _ = writeln!(self.out, "- {line}");
        }
    }
}

fn explain_page(report: &ExplainReport, words: Words) -> String {
    let lang = words.lang;
    let mut page = Page::new(words.style);
    page.section(
        &tr!(lang, "teach-heading-threats"),
        report.threats.iter().map(|t| words.threat(t)),
        tr!(lang, "teach-no-threat"),
    );
    page.section(
        &tr!(lang, "teach-heading-double-threats"),
        report.double_threats.iter().map(|d| words.double_threat(d)),
        tr!(lang, "teach-no-double-threat"),
    );
    let mover = report.position.to_move();
    let threatener = mover.opposite();
    let largest = report
        .threats
        .iter()
        .filter(|t| t.side == threatener)
        .map(|t| t.captures)
        .max();
    let empty = match largest {
        None => tr!(lang, "teach-no-defence-needed", side = threatener.as_str()),
        Some(largest) => tr!(
            lang,
            "teach-no-defence",
            side = threatener.as_str(),
            count = largest
        ),
    };
    page.section(
        &tr!(lang, "teach-heading-defences", side = mover.as_str()),
        report.defences.iter().map(|d| words.defence(d, threatener)),
        empty,
    );
    page.section(
        &tr!(lang, "teach-heading-greniers"),
        report.greniers.iter().map(|g| words.grenier(g)),
        tr!(
            lang,
            "teach-no-grenier",
            count = grenier_threshold(report.position.rules())
        ),
    );
    page.section(
        &tr!(lang, "teach-heading-bidoua"),
        [words.bidoua(report)],
        String::new(),
    );
    page.out
}

fn seega_page(report: &SeegaExplainReport, words: Words) -> String {
    let lang = words.lang;
    let mut page = Page::new(words.style);
    page.section(
        &tr!(lang, "teach-heading-threats"),
        report.threats.iter().map(|t| words.seega_threat(t)),
        tr!(lang, "teach-no-seega-threat"),
    );
    let placing = report.position.phase() == Phase::Placement;
    page.section(
        &tr!(lang, "teach-heading-mobility"),
        Side::BOTH.map(|side| words.mobility(side, report.mobility[side], placing)),
        String::new(),
    );
    page.out
}

fn moves_page(mover: Side, effects: &[MoveEffect], words: Words) -> String {
    let lang = words.lang;
    let mut page = Page::new(words.style);
    page.section(
        &tr!(lang, "teach-heading-moves", side = mover.as_str()),
        effects.iter().map(|e| words.move_effect(e, mover)),
        tr!(lang, "teach-no-move"),
    );
    page.out
}

fn seega_moves_page(mover: Side, effects: &[SeegaMoveEffect], words: Words) -> String {
    let lang = words.lang;
    let mut page = Page::new(words.style);
    page.section(
        &tr!(lang, "teach-heading-moves", side = mover.as_str()),
        effects.iter().map(|e| words.seega_move_effect(e, mover)),
        tr!(lang, "teach-no-move"),
    );
    page.out
}

#[cfg(test)]
fn annotations_page(annotations: &[Annotation], words: Words) -> String {
    let lang = words.lang;
    let mut page = Page::new(words.style);
    let lines = annotations.iter().map(|a| {
        tr!(
            lang,
            "teach-note-line",
            ply = a.ply,
            move = words.house(a.played),
            text = words.annotation(a)
        )
    });
    page.section(
        &tr!(lang, "teach-heading-annotations"),
        lines,
        tr!(lang, "teach-no-note"),
    );
    page.out
}

fn plain(wording: impl Into<Wording>) -> Words {
    let Wording { lang, letters } = wording.into();
    Words {
        lang,
        style: Style::Plain,
        letters,
    }
}

fn markdown(wording: impl Into<Wording>) -> Words {
    let Wording { lang, letters } = wording.into();
    Words {
        lang,
        style: Style::Markdown,
        letters,
    }
}

/// An explanation as text: one section a term, one sentence a line.
///
/// ```
/// use songo_notation::i18n::Lang;
/// use songo_notation::teach::{self, words};
/// use songo_notation::Position;
/// let position: Position = "songo:0,0,2,0,6,0,0/1,4,0,3,1,5,1".parse().unwrap();
/// let text = words::explain_text(&teach::explain(&position), Lang::Fr);
/// assert_eq!(text.lines().nth(2).unwrap(), "- N4 (Nord) menace S3 et S4 (6 graines).");
/// ```
#[must_use]
pub fn explain_text(report: &ExplainReport, wording: impl Into<Wording>) -> String {
    explain_page(report, plain(wording))
}

/// An explanation as Markdown: one `##` section a term, names in bold.
#[must_use]
pub fn explain_markdown(report: &ExplainReport, wording: impl Into<Wording>) -> String {
    explain_page(report, markdown(wording))
}

/// A Seega explanation as text.
#[must_use]
pub fn seega_explain_text(report: &SeegaExplainReport, wording: impl Into<Wording>) -> String {
    seega_page(report, plain(wording))
}

/// A Seega explanation as Markdown.
#[must_use]
pub fn seega_explain_markdown(report: &SeegaExplainReport, wording: impl Into<Wording>) -> String {
    seega_page(report, markdown(wording))
}

/// What each legal move of `mover` does ([`super::move_effects`]), as text.
#[must_use]
pub fn move_effects_text(
    mover: Side,
    effects: &[MoveEffect],
    wording: impl Into<Wording>,
) -> String {
    moves_page(mover, effects, plain(wording))
}

/// What each legal step of `mover` does ([`super::seega_move_effects`]), as
/// text.
#[must_use]
pub fn seega_move_effects_text(
    mover: Side,
    effects: &[SeegaMoveEffect],
    wording: impl Into<Wording>,
) -> String {
    seega_moves_page(mover, effects, plain(wording))
}

/// A line's annotations as text, one a line (`Ply 3, N1: …`).
#[cfg(test)]
#[must_use]
pub(crate) fn annotations_text(annotations: &[Annotation], wording: impl Into<Wording>) -> String {
    annotations_page(annotations, plain(wording))
}

/// A line's annotations as Markdown.
#[cfg(test)]
#[must_use]
pub(crate) fn annotations_markdown(
    annotations: &[Annotation],
    wording: impl Into<Wording>,
) -> String {
    annotations_page(annotations, markdown(wording))
}

/// One annotation as a sentence, its houses in the letters of `wording`.
#[must_use]
pub fn annotation_sentence(annotation: &Annotation, wording: impl Into<Wording>) -> String {
    plain(wording).annotation(annotation)
}

/// One annotation as a sentence, for a comment in a record.
///
/// ```
/// use songo_notation::i18n::{Lang, Localize};
/// use songo_notation::teach;
/// use songo_notation::{House, Position, Side};
/// let start: Position = "songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N".parse().unwrap();
/// let notes = teach::annotate_line(start, &[House::new(Side::North, 1)]).unwrap();
/// assert_eq!(
///     notes[0].to_string(),
///     "Yinda: N1 reinforces N2; South's largest capture drops from 11 to 2."
/// );
/// assert_eq!(
///     notes[0].localize(Lang::Fr),
///     "Yinda\u{a0}: N1 renforce N2\u{a0}; la plus grosse prise de Sud passe de 11 à 2."
/// );
/// ```
impl Localize for Annotation {
    fn localize(&self, lang: Lang) -> String {
        plain(lang).annotation(self)
    }
}

/// The annotation's sentence in English.
impl Display for Annotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.localize(Lang::En))
    }
}

/// One Seega annotation as a sentence, for a comment in a record.
impl Localize for SeegaAnnotation {
    fn localize(&self, lang: Lang) -> String {
        plain(lang).seega_annotation(self)
    }
}

/// The annotation's sentence in English.
impl Display for SeegaAnnotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.localize(Lang::En))
    }
}

//! Reading a lesson: its parts read, its blocks played and explained, its
//! boards linked, its claims and expectations checked. What comes out is
//! both the report and what the handouts draw.

use std::ops::Range;

use crate::any::{self, AnyExplainReport, AnyPlayReport, AnyPosition};
use crate::conventions::{Conventions, LetterCase};
use crate::error::{Excerpt, ParseError};
use crate::game::GamePosition as _;
use crate::i18n::{Lang, Localize};
use crate::rule::RuleId;
use crate::ruleset::Ruleset;
use crate::side::{Score, Side};
use crate::sowing::notation::diagram::{self, DiagramLine, line_kind};
use crate::sowing::position::{House, Position};
use crate::sowing::rules::MoveOutcome;
use crate::teach;
use crate::tr;
use crate::validate;

use super::block::{self, Block, BoardBlock, Content, Written};
use super::expect::{self, Expectation, Played, PlayedMove};
use super::link::{self, CaptionSense, Claimed, Found, Stage};
use super::record::{self, Event};
use super::source::{Part, Source};
use super::{
    DiagramSource, LessonDiagram, LessonReport, Link, MAX_BOARDS, MAX_PARTS, Options, Problem,
    ProblemKind, StartMove,
};

/// A lesson, read and checked.
pub(crate) struct Lesson<'a> {
    /// Its text.
    pub(crate) source: Source<'a>,
    /// What the handout shows, in order.
    pub(crate) items: Vec<Item>,
    /// The check.
    pub(crate) report: LessonReport,
}

impl Lesson<'_> {
    /// Leaves the teacher's notes off the boards (the pupils' sheet); the
    /// check's report keeps them.
    pub(crate) fn drop_teacher_notes(&mut self) {
        for item in &mut self.items {
            if let Item::Pasted {
                board: Some(board), ..
            } = item
            {
                board.notes.clear();
            }
        }
    }
}

/// A part of the lesson, as the handout shows it.
pub(crate) enum Item {
    /// Lines of prose.
    Prose(Range<usize>),
    /// A board pasted in the prose (`None`: it does not read; its lines are
    /// shown as they are).
    Pasted {
        /// Its lines.
        lines: Range<usize>,
        /// The board.
        board: Option<PastedBoard>,
    },
    /// A block: a board, played and explained.
    Board {
        /// Its lines, fences included.
        lines: Range<usize>,
        /// Its title.
        title: Option<String>,
        /// What it shows.
        shown: Box<ShownBoard>,
    },
    /// A game record (a block, or the whole lesson).
    Record {
        /// Its lines.
        lines: Range<usize>,
        /// Its title.
        title: Option<String>,
        /// What the handout shows of it.
        events: Vec<Event>,
    },
}

/// A board pasted in the prose.
pub(crate) struct PastedBoard {
    /// The board.
    pub(crate) position: Position,
    /// Its Awalé letter case.
    pub(crate) letters: LetterCase,
    /// Whether the diagram says who moves.
    pub(crate) side_given: bool,
    /// Whether its stores are known: the diagram gives them, or they were
    /// carried from the board before by the move that links them.
    pub(crate) stores_known: bool,
    /// What the move that gives it put in each store, when the stores are
    /// not known: drawn in them.
    pub(crate) store_gains: Score,
    /// The move that gives it, when one does: what to mark on it.
    pub(crate) linked: Option<LinkedMarks>,
    /// The notes of the check about it, shown under it in the handout.
    pub(crate) notes: Vec<String>,
    /// Whether the text shows it to teach the vocabulary (its caption or
    /// its section's heading names a term): the handout draws the terms
    /// on it, as `explain` does.
    pub(crate) teaches: bool,
}

/// The marks of a board a move gives.
#[derive(Debug, Clone)]
pub(crate) struct LinkedMarks {
    /// The board it follows.
    pub(crate) from: Position,
    /// The move.
    pub(crate) house: House,
    /// Which board of it.
    pub(crate) stage: Stage,
    /// The houses it captured.
    pub(crate) captured: Vec<House>,
}

/// A block's board, played and explained.
pub(crate) struct ShownBoard {
    /// The board it starts from.
    pub(crate) start: AnyPosition,
    /// How it names houses and moves.
    pub(crate) conventions: Conventions,
    /// The moves played (as far as the rules let them).
    pub(crate) played: Option<AnyPlayReport>,
    /// The move the rules refused: its name and why.
    pub(crate) refused: Option<(String, String)>,
    /// The explanation of its last board.
    pub(crate) explained: Option<AnyExplainReport>,
}

/// A board of the lesson, for linking.
struct Entry {
    /// Its index in the report's diagrams.
    diagram: usize,
    /// Its first line (index) and the line after its last.
    lines: Range<usize>,
    /// The board, when it is a sowing one.
    position: Option<Position>,
    side_given: bool,
    sense: CaptionSense,
    /// The item that draws it, when it is a pasted one.
    item: Option<usize>,
}

impl Problem {
    /// A problem at byte `column` of line index `line` of `source`,
    /// underlining `width` characters.
    pub(crate) fn at(
        source: &Source<'_>,
        line: usize,
        column: usize,
        width: usize,
        kind: ProblemKind,
        message: String,
    ) -> Problem {
        let text = source.lines.get(line).map_or("", |l| l.text);
        // Characters before byte `column` (a byte inside a character counts
        // that character as before it).
        let column = text
            .char_indices()
            .take_while(|(at, _)| *at < column)
            .count()
            + 1;
        Problem {
            line: line + 1,
            column,
            kind,
            message,
            rule: None,
            hint: None,
            excerpt: Excerpt::new(text, column),
            width: width.max(1),
        }
    }

    /// A problem about a piece of a block, underlined whole.
    fn on(
        source: &Source<'_>,
        written: &block::Written,
        kind: ProblemKind,
        message: String,
    ) -> Problem {
        let line = written.line - 1;
        let column = written.offset - source.lines[line].offset;
        Problem::at(
            source,
            line,
            column,
            written.text.chars().count(),
            kind,
            message,
        )
    }

    fn with_hint(mut self, hint: String) -> Problem {
        self.hint = Some(hint);
        self
    }

    fn with_rule(mut self, rule: RuleId) -> Problem {
        self.rule = Some(rule);
        self
    }
}

/// Whether a text is a game record rather than prose: its first line that
/// is not a `;` comment is a tag pair.
fn is_record(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with(';'))
        .is_some_and(|line| line.starts_with('[') && line.ends_with(']') && line.contains('"'))
}

/// A record's own boards, checked: the events to draw, the problems of its
/// validation (moved to its lines), the start of each game.
fn read_record(
    source: &Source<'_>,
    lines: &Range<usize>,
    plies: Option<&std::ops::RangeInclusive<usize>>,
    chosen: Option<&[std::ops::RangeInclusive<usize>]>,
    options: &Options,
    boards: &mut usize,
    report: &mut LessonReport,
) -> Result<Vec<Event>, ParseError> {
    let text = source.slice(lines);
    let first_line = lines.start;
    let validation = validate::validate_str(
        text,
        &validate::Options {
            keep_going: false,
            default_rules: options.rules,
            lang: options.lang,
            omit_valid_tags: false,
        },
    );
    for game in &validation.games {
        for violation in &game.violations {
            let index = first_line + violation.line.saturating_sub(1);
            let line_text = source.lines.get(index).map_or("", |l| l.text);
            let byte = line_text
                .char_indices()
                .nth(violation.column.saturating_sub(1))
                .map_or(line_text.len(), |(at, _)| at);
            let mut problem = Problem::at(
                source,
                index,
                byte,
                violation.width,
                ProblemKind::Record,
                violation.message.clone(),
            )
            .with_rule(violation.rule);
            if let Some(hint) = &violation.hint {
                problem = problem.with_hint(hint.clone());
            }
            report.problems.push(problem);
        }
    }
    let left = MAX_BOARDS.saturating_sub(*boards);
    let events = record::walk(text, options.rules, plies, chosen, left)
        .ok_or_else(|| too_many_boards(source, first_line, options.lang))?;
    // Each game's start, where its walk shows it.
    let mut game = None;
    for event in &events {
        match event {
            Event::Game { index, .. } => game = validation.games.get(*index),
            Event::Board(board) if board.after.is_none() => {
                if let Some(game) = game.take() {
                    report.diagrams.push(LessonDiagram {
                        line: first_line + game.line.max(1),
                        position: board.position.clone(),
                        source: DiagramSource::Record,
                        caption: None,
                        from_start: None,
                    });
                }
            }
            _ => {}
        }
    }
    *boards += events
        .iter()
        .filter(|e| matches!(e, Event::Board(_)))
        .count();
    Ok(events)
}

fn too_many_boards(source: &Source<'_>, line: usize, lang: Lang) -> ParseError {
    let offset = source.lines.get(line).map_or(0, |l| l.offset);
    ParseError::at(
        source.text,
        offset,
        tr!(lang, "lesson-error-too-many-boards", count = MAX_BOARDS),
    )
    .with_hint(tr!(lang, "lesson-error-split-hint"))
}

/// The caption of a board starting at line index `first`: the nearest line
/// above it that is not blank, when it reads as a caption and lies after
/// `floor` (the end of the part before).
fn caption_before(source: &Source<'_>, first: usize, floor: usize) -> Option<(usize, String)> {
    let index = (floor..first)
        .rev()
        .find(|&i| !source.lines[i].text.trim().is_empty())?;
    let text = source.lines[index].text.trim();
    link::is_caption_like(text).then(|| (index, text.to_owned()))
}

impl<'a> Lesson<'a> {
    /// Reads and checks a lesson.
    pub(crate) fn read(text: &'a str, options: &Options) -> Result<Lesson<'a>, ParseError> {
        let lang = options.lang;
        if text.len() > super::MAX_LESSON_BYTES {
            return Err(ParseError::at(
                "",
                0,
                tr!(
                    lang,
                    "lesson-error-too-large",
                    count = super::MAX_LESSON_BYTES
                ),
            )
            .with_hint(tr!(lang, "lesson-error-split-hint")));
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let source = Source::new(text);
        let mut lesson = Lesson {
            items: Vec::new(),
            report: LessonReport::default(),
            source,
        };
        let mut boards = 0usize;
        if is_record(text) {
            let lines = 0..lesson.source.lines.len();
            let events = read_record(
                &lesson.source,
                &lines,
                None,
                None,
                options,
                &mut boards,
                &mut lesson.report,
            )?;
            lesson.items.push(Item::Record {
                lines,
                title: None,
                events,
            });
            lesson.report.problems.sort_by_key(|p| (p.line, p.column));
            return Ok(lesson);
        }
        let parts = super::source::parts(&lesson.source)?;
        if let Some(extra) = parts
            .iter()
            .filter(|p| !matches!(p, Part::Prose(_)))
            .nth(MAX_PARTS)
        {
            let line = match extra {
                Part::Pasted(lines) => lines.start,
                Part::Block { open, .. } => *open,
                Part::Prose(lines) => lines.start,
            };
            let offset = lesson.source.lines[line].offset;
            return Err(ParseError::at(
                text,
                offset,
                tr!(lang, "lesson-error-too-many-parts", count = MAX_PARTS),
            )
            .with_hint(tr!(lang, "lesson-error-split-hint")));
        }
        let mut entries: Vec<Entry> = Vec::new();
        let mut floor = 0;
        // The last `#` heading read, as a line index.
        let mut heading = None;
        for part in parts {
            match part {
                Part::Prose(lines) => {
                    if let Some(line) = lines
                        .clone()
                        .rev()
                        .find(|&i| lesson.source.lines[i].text.trim_start().starts_with('#'))
                    {
                        heading = Some(line);
                    }
                    lesson.items.push(Item::Prose(lines));
                    continue;
                }
                Part::Pasted(lines) => {
                    boards += 1;
                    if boards > MAX_BOARDS {
                        return Err(too_many_boards(&lesson.source, lines.start, lang));
                    }
                    lesson.read_pasted(lines.clone(), floor, heading, options, &mut entries);
                    floor = lines.end;
                }
                Part::Block { open, body } => {
                    let end = body.end + 1;
                    let block = block::read(&lesson.source, open, body, options.rules, lang)?;
                    lesson.read_block(block, floor, options, &mut boards, &mut entries)?;
                    floor = end;
                }
            }
        }
        lesson.link(&entries, lang);
        lesson.report.problems.sort_by_key(|p| (p.line, p.column));
        lesson.report.notes.sort_by_key(|p| (p.line, p.column));
        Ok(lesson)
    }

    fn read_pasted(
        &mut self,
        lines: Range<usize>,
        floor: usize,
        heading: Option<usize>,
        options: &Options,
        entries: &mut Vec<Entry>,
    ) {
        let source = &self.source;
        let slice = source.slice(&lines);
        let caption = caption_before(source, lines.start, floor);
        match diagram::read(slice, options.rules) {
            Ok(read) => {
                let side_given = lines
                    .clone()
                    .any(|i| line_kind(source.lines[i].text) == Some(DiagramLine::ToMove));
                let stores_known = lines
                    .clone()
                    .any(|i| diagram::is_stores_line(source.lines[i].text));
                let teaches = caption
                    .as_ref()
                    .is_some_and(|(_, text)| link::names_a_term(text))
                    || heading.is_some_and(|line| link::names_a_term(source.lines[line].text));
                let diagram = self.report.diagrams.len();
                self.report.diagrams.push(LessonDiagram {
                    line: lines.start + 1,
                    position: read.position.into(),
                    source: DiagramSource::Text,
                    caption: caption.as_ref().map(|(_, text)| text.clone()),
                    from_start: None,
                });
                entries.push(Entry {
                    diagram,
                    lines: lines.clone(),
                    position: Some(read.position),
                    side_given,
                    sense: caption
                        .as_ref()
                        .map(|(_, text)| link::caption_sense(text))
                        .unwrap_or_default(),
                    item: Some(self.items.len()),
                });
                self.items.push(Item::Pasted {
                    lines,
                    board: Some(PastedBoard {
                        position: read.position,
                        letters: read.letters,
                        side_given,
                        stores_known,
                        store_gains: Score::default(),
                        linked: None,
                        notes: Vec::new(),
                        teaches,
                    }),
                });
                if let Some((line, text)) = &caption {
                    self.bidoua_claim(*line, text, &read.position, options.lang);
                }
            }
            Err(error) => {
                let starts = vec![0; lines.len()];
                let moved = block::relocate(source, &error, &starts, lines.start);
                let line = moved.line() - 1;
                let text = source.lines.get(line).map_or("", |l| l.text);
                let byte = text
                    .char_indices()
                    .nth(moved.column() - 1)
                    .map_or(text.len(), |(at, _)| at);
                let mut problem = Problem::at(
                    source,
                    line,
                    byte,
                    moved.width(),
                    ProblemKind::Diagram,
                    tr!(
                        options.lang,
                        "lesson-problem-diagram",
                        message = moved.message().localize(options.lang)
                    ),
                );
                if let Some(hint) = moved.hint() {
                    problem = problem.with_hint(hint.localize(options.lang));
                }
                self.report.problems.push(problem);
                self.items.push(Item::Pasted { lines, board: None });
            }
        }
    }

    fn read_block(
        &mut self,
        block: Block,
        floor: usize,
        options: &Options,
        boards: &mut usize,
        entries: &mut Vec<Entry>,
    ) -> Result<(), ParseError> {
        let lang = options.lang;
        let Block {
            lines,
            title,
            content,
        } = block;
        let board = match content {
            Content::Record(record) => {
                let events = read_record(
                    &self.source,
                    &record.lines,
                    record.plies.as_ref(),
                    record.boards.as_deref(),
                    options,
                    boards,
                    &mut self.report,
                )?;
                self.items.push(Item::Record {
                    lines,
                    title,
                    events,
                });
                return Ok(());
            }
            Content::Board(board) => board,
        };
        let BoardBlock {
            position,
            conventions,
            side_given,
            line,
            moves,
            explain,
            expects,
        } = board;
        let start = block_start(position, side_given, &moves, conventions);
        *boards += 1 + 3 * moves.len();
        if *boards > MAX_BOARDS {
            return Err(too_many_boards(&self.source, lines.start, lang));
        }
        let (played, refused) = play_block(&start, &moves, conventions, lang);
        let last = played
            .as_ref()
            .map_or_else(|| start.clone(), AnyPlayReport::final_position);
        let played_moves = played_moves(played.as_ref(), conventions);
        let context = Played {
            last: &last,
            moves: &played_moves,
            refused: refused
                .as_ref()
                .map(|refused| (refused.name.clone(), refused.rule)),
            conventions,
        };
        self.check_expectations(&expects, &context, refused.as_ref(), &moves, lang);
        let explained = explain.then(|| any::explain(&last));
        // The block's board, for linking with the text's boards.
        let caption = title
            .clone()
            .or_else(|| caption_before(&self.source, lines.start, floor).map(|(_, text)| text));
        let diagram = self.report.diagrams.len();
        self.report.diagrams.push(LessonDiagram {
            line,
            position: start.clone(),
            source: DiagramSource::Block,
            caption: caption.clone(),
            from_start: None,
        });
        entries.push(Entry {
            diagram,
            lines: lines.clone(),
            position: start.as_sowing().copied(),
            side_given,
            sense: caption
                .as_deref()
                .map(link::caption_sense)
                .unwrap_or_default(),
            item: None,
        });
        self.items.push(Item::Board {
            lines,
            title,
            shown: Box::new(ShownBoard {
                start,
                conventions,
                played,
                refused: refused.map(|refused| (refused.name, refused.message)),
                explained,
            }),
        });
        Ok(())
    }

    /// Reports each expectation of a block that does not hold, and the
    /// move the rules refused unless an expectation said so.
    fn check_expectations(
        &mut self,
        expects: &[(Expectation, Written)],
        context: &Played<'_>,
        refused: Option<&Refused>,
        moves: &[Written],
        lang: Lang,
    ) {
        let mut illegal_expected = false;
        for (expectation, written) in expects {
            if let Expectation::Illegal { played: wanted, .. } = expectation
                && let Some(refused) = refused
                && wanted
                    .as_ref()
                    .is_none_or(|w| w.eq_ignore_ascii_case(&refused.name))
            {
                illegal_expected = true;
            }
            if let Err(actual) = expect::check(expectation, context, lang) {
                let message = tr!(
                    lang,
                    "lesson-problem-expectation",
                    expected = written.text.as_str()
                );
                self.report.problems.push(
                    Problem::on(&self.source, written, ProblemKind::Expectation, message)
                        .with_hint(actual),
                );
            }
        }
        if let Some(refused) = refused
            && !illegal_expected
        {
            self.report.problems.push(
                Problem::on(
                    &self.source,
                    &moves[refused.index],
                    ProblemKind::Illegal,
                    refused.message.clone(),
                )
                .with_rule(refused.rule),
            );
        }
    }

    /// Links every board to an earlier one by a move, reports the boards
    /// the text presents as a move's result that no move gives, and checks
    /// the captures the prose claims.
    fn link(&mut self, entries: &[Entry], lang: Lang) {
        // Each board's sources: the entries it was linked from.
        let mut sources: Vec<Option<usize>> = vec![None; entries.len()];
        for (j, entry) in entries.iter().enumerate() {
            let Some(to) = entry.position else { continue };
            // The board before, the one that board follows, and the one
            // before it (a text may show a move's two boards, one wrong).
            let mut candidates: Vec<usize> = Vec::new();
            if j > 0 {
                candidates.push(j - 1);
                candidates.extend(sources[j - 1]);
                if j > 1 && !candidates.contains(&(j - 2)) {
                    candidates.push(j - 2);
                }
            }
            let mut linked = false;
            for &k in &candidates {
                let Some(from) = entries[k].position else {
                    continue;
                };
                let Some(found) = link::find(&from, entries[k].side_given, &to, &entry.sense.named)
                else {
                    continue;
                };
                linked = true;
                sources[j] = Some(k);
                let side = found.house.side;
                let name = found.house.name(from.rules()).to_string();
                self.report.links.push(Link {
                    from: entries[k].diagram,
                    to: entry.diagram,
                    played: name.clone(),
                    stage: found.stage,
                    side,
                    captured: found.outcome.captured,
                });
                self.mark_linked(&entries[k], entry, from, &found);
                self.check_stage(entry, &found, &name, lang);
                break;
            }
            if linked {
                continue;
            }
            if j == 0 {
                // The text's first board: one move from the start position?
                let start = Position::start(to.rules());
                if let Some(found) = link::find(&start, false, &to, &entry.sense.named) {
                    let name = found.house.name(to.rules()).to_string();
                    self.report.diagrams[entry.diagram].from_start = Some(StartMove {
                        played: name,
                        stage: found.stage,
                    });
                    if let Some(item) = entry.item
                        && let Some(Item::Pasted {
                            board: Some(board), ..
                        }) = self.items.get_mut(item)
                    {
                        board.linked = Some(LinkedMarks {
                            from: start,
                            house: found.house,
                            stage: found.stage,
                            captured: found.outcome.captured_houses.iter().collect(),
                        });
                    }
                }
                continue;
            }
            if entry.sense.result && !candidates.is_empty() {
                self.unlinked(entries, &candidates, j, &to, lang);
            }
        }
        self.check_claims(entries, &sources, lang);
    }

    /// A pasted board linked from the board of `before` by a move: it gets
    /// the move's marks, and the stores the board before is known to hold
    /// (with the move's captures after them) when its text gives none.
    fn mark_linked(&mut self, before: &Entry, entry: &Entry, from: Position, found: &Found) {
        let known_before = match before.item {
            Some(item) => match self.items.get(item) {
                Some(Item::Pasted {
                    board: Some(board), ..
                }) => board.stores_known.then_some(board.position.stores()),
                _ => None,
            },
            // A block's board gives its stores.
            None => Some(from.stores()),
        };
        let Some(item) = entry.item else { return };
        let Some(Item::Pasted {
            board: Some(board), ..
        }) = self.items.get_mut(item)
        else {
            return;
        };
        board.linked = Some(LinkedMarks {
            from,
            house: found.house,
            stage: found.stage,
            captured: found.outcome.captured_houses.iter().collect(),
        });
        if !board.stores_known
            && let Some(before) = known_before
        {
            let stores = match found.stage {
                Stage::Sown => before,
                // The engine's board after the move, from the stores the
                // board before holds.
                Stage::After => {
                    let mut stores = before;
                    stores[found.house.side] += found.outcome.captured;
                    stores
                }
            };
            if let Ok(carried) = board.position.with_stores(stores) {
                board.position = carried;
                board.stores_known = true;
            }
        }
        if !board.stores_known && matches!(found.stage, Stage::After) {
            board.store_gains[found.house.side] += found.outcome.captured;
        }
    }

    /// The problem of a caption that names the other board of the move
    /// (when the two boards differ).
    fn check_stage(&mut self, entry: &Entry, found: &Found, name: &str, lang: Lang) {
        if let Some(said) = entry.sense.stage
            && said != found.stage
            && !link::same_houses(&found.outcome.sown, &found.after)
        {
            let line = entry.lines.start;
            let message = tr!(
                lang,
                "lesson-problem-stage",
                said = said.as_str(),
                shown = found.stage.as_str(),
                played = name
            );
            self.report.problems.push(Problem::at(
                &self.source,
                line,
                0,
                self.source.lines[line].text.chars().count(),
                ProblemKind::Stage,
                message,
            ));
        }
    }

    /// The problem of a board the text presents as a move's result and no
    /// move gives: where it differs from the nearest board a move gives,
    /// from any of the boards it could follow (`candidates`).
    fn unlinked(
        &mut self,
        entries: &[Entry],
        candidates: &[usize],
        j: usize,
        to: &Position,
        lang: Lang,
    ) {
        let entry = &entries[j];
        let mut nearest: Option<(usize, link::Found, Vec<link::Difference>)> = None;
        for &k in candidates {
            let Some(from) = entries[k].position else {
                continue;
            };
            if let Some((found, differ)) =
                link::closest(&from, entries[k].side_given, to, &entry.sense.named)
                && nearest
                    .as_ref()
                    .is_none_or(|(_, _, kept)| differ.len() < kept.len())
            {
                nearest = Some((k, found, differ));
            }
        }
        let from = nearest.as_ref().map_or(candidates[0], |(k, _, _)| *k);
        let line = entry.lines.start;
        let mut problem = Problem::at(
            &self.source,
            line,
            0,
            self.source.lines[line].text.chars().count(),
            ProblemKind::Unlinked,
            tr!(
                lang,
                "lesson-problem-unlinked",
                line = self.report.diagrams[entries[from].diagram].line
            ),
        );
        if let Some((_, found, differ)) = nearest {
            let rules = to.rules();
            let houses: Vec<String> = differ
                .iter()
                .take(4)
                .map(|difference| {
                    tr!(
                        lang,
                        "lesson-house-differs",
                        house = difference.house.name(rules).to_string(),
                        here = difference.shown,
                        computed = difference.computed
                    )
                })
                .collect();
            problem = problem.with_hint(tr!(
                lang,
                "lesson-problem-closest",
                played = found.house.name(rules).to_string(),
                side = found.house.side.as_str(),
                stage = found.stage.as_str(),
                differences = houses.join(", ")
            ));
            // Point at the first house that differs, in its row.
            if let Some(first) = differ.first() {
                problem = self.point_at_house(problem, &entry.lines, to, first.house);
            }
        }
        self.report.problems.push(problem);
    }

    /// Moves a problem onto the count of `house` in a pasted diagram.
    fn point_at_house(
        &self,
        problem: Problem,
        lines: &Range<usize>,
        position: &Position,
        house: House,
    ) -> Problem {
        let rows: Vec<usize> = lines
            .clone()
            .filter(|&i| {
                matches!(
                    line_kind(self.source.lines[i].text),
                    Some(DiagramLine::Counts(_) | DiagramLine::Damaged(_))
                )
            })
            .collect();
        let [top, bottom] = rows.as_slice() else {
            return problem;
        };
        let row = if house.side == Side::North {
            *top
        } else {
            *bottom
        };
        let order = crate::sowing::render::drawn_order(position, house.side);
        let Some(cell) = order.iter().position(|h| *h == house) else {
            return problem;
        };
        let text = self.source.lines[row].text;
        let mut cells = text
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '|'))
            .filter(|w| !w.is_empty() && w.chars().any(|c| c.is_ascii_digit()));
        let Some(word) = cells.nth(cell) else {
            return problem;
        };
        let column = word.as_ptr() as usize - text.as_ptr() as usize;
        let mut moved = Problem::at(
            &self.source,
            row,
            column,
            word.chars().count(),
            problem.kind,
            problem.message,
        );
        moved.hint = problem.hint;
        moved
    }

    /// The captures the prose claims for each linked move: read in the
    /// prose from the board before the move's first board (or the last
    /// heading, whichever is later) to its last board.
    fn check_claims(&mut self, entries: &[Entry], sources: &[Option<usize>], lang: Lang) {
        let from_start = entries
            .first()
            .is_some_and(|first| self.report.diagrams[first.diagram].from_start.is_some());
        let spans = move_spans(sources, from_start);
        for (from, to) in spans {
            let first = from.unwrap_or(to);
            let Some(target) = entries[to].position else {
                continue;
            };
            if !link::reads_claims(target.rules().board_game()) {
                continue;
            }
            let (origin, side_given) = match from {
                Some(k) => match entries[k].position {
                    Some(p) => (p, entries[k].side_given),
                    None => continue,
                },
                None => (Position::start(target.rules()), false),
            };
            let Some(found) = link::find(&origin, side_given, &target, &entries[to].sense.named)
            else {
                continue;
            };
            let floor = if first == 0 || from.is_none() {
                0
            } else {
                entries[first - 1].lines.end
            };
            let heading = (floor..entries[first].lines.start)
                .rev()
                .find(|&i| self.source.lines[i].text.trim_start().starts_with('#'))
                .unwrap_or(floor);
            let region = heading..entries[to].lines.start;
            let prose: Vec<(usize, &str)> = region
                .filter(|&i| self.is_prose_line(i))
                .map(|i| (i, self.source.lines[i].text))
                .collect();
            let mover = found.house.side;
            let rules = origin.rules();
            let (_, outcome) = match origin.with_to_move(mover).after(found.house) {
                Ok(played) => played,
                Err(_) => continue,
            };
            let mut problems = Vec::new();
            let mut claimed = false;
            for claim in link::claims(&prose) {
                let line_text = self.source.lines[claim.line].text;
                // A sentence naming another move of the mover is about that move.
                let names_other =
                    link::songo_houses(line_text).any(|h| h.side == mover && h != found.house);
                claimed |= match &claim.what {
                    Claimed::Notation(house, _) => *house == found.house,
                    Claimed::Total(_) | Claimed::Houses(_) => !names_other,
                };
                let wrong = wrong_claim(
                    &claim.what,
                    names_other,
                    (found.house, rules),
                    &outcome,
                    lang,
                );
                if let Some(message) = wrong {
                    problems.push(Problem::at(
                        &self.source,
                        claim.line,
                        claim.column,
                        claim.width,
                        ProblemKind::Claim,
                        message,
                    ));
                }
            }
            self.report.problems.extend(problems);
            // The paragraph right after the sowing board may say what the
            // move takes: then it is mentioned (a later one is about
            // something else: the next example of a text).
            let next = entries
                .get(to + 1)
                .map_or(self.source.lines.len(), |e| e.lines.start);
            let after: Vec<(usize, &str)> = (entries[to].lines.end..next)
                .map(|i| (i, self.source.lines[i].text))
                .skip_while(|(_, text)| text.trim().is_empty())
                .take_while(|(i, text)| !text.trim().is_empty() && self.is_prose_line(*i))
                .collect();
            claimed |= link::claims(&after).iter().any(|claim| match &claim.what {
                Claimed::Notation(house, _) => *house == found.house,
                Claimed::Total(_) | Claimed::Houses(_) => {
                    !link::songo_houses(self.source.lines[claim.line].text)
                        .any(|h| h.side == mover && h != found.house)
                }
            });
            if found.stage == Stage::Sown && outcome.captured > 0 && !claimed {
                self.capture_not_shown(&entries[to], &origin, found.house, &outcome, lang);
            }
        }
    }

    /// The note on a board after sowing whose move then captures, when
    /// the text shows no board after the captures and claims nothing of
    /// them: a reader would take the sowing for the whole move.
    fn capture_not_shown(
        &mut self,
        entry: &Entry,
        origin: &Position,
        house: House,
        outcome: &MoveOutcome,
        lang: Lang,
    ) {
        let rules = origin.rules();
        let houses: Vec<String> = outcome
            .captured_houses
            .iter()
            .map(|h| h.name(rules).to_string())
            .collect();
        let line = entry.lines.start;
        let message = tr!(
            lang,
            "lesson-note-capture-not-shown",
            played = house.name(rules).to_string(),
            count = outcome.captured,
            houses = houses.join(" ")
        );
        let note = Problem::at(
            &self.source,
            line,
            0,
            self.source.lines[line].text.chars().count(),
            ProblemKind::CaptureNotShown,
            message.clone(),
        )
        .with_hint(tr!(lang, "lesson-note-capture-not-shown-hint"));
        self.report.notes.push(note);
        if let Some(item) = entry.item
            && let Some(Item::Pasted {
                board: Some(board), ..
            }) = self.items.get_mut(item)
        {
            board.notes.push(message);
        }
    }

    /// The note on a board whose caption says which side has the better
    /// bidoua, when `teach.bidoua` says otherwise.
    fn bidoua_claim(&mut self, line: usize, caption: &str, position: &Position, lang: Lang) {
        let Some(claimed) = link::bidoua_claim(caption) else {
            return;
        };
        let bidoua = teach::explain(position).bidoua;
        let leader = match bidoua.south.cmp(&bidoua.north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        if leader == Some(claimed) {
            return;
        }
        let message = tr!(
            lang,
            "lesson-note-bidoua",
            claimed = claimed.as_str(),
            leader = leader.map_or("none", Side::as_str),
            south = bidoua.south,
            north = bidoua.north
        );
        let text = self.source.lines[line].text;
        let note = Problem::at(
            &self.source,
            line,
            0,
            text.chars().count(),
            ProblemKind::Vocabulary,
            message.clone(),
        )
        .with_hint(tr!(lang, "lesson-note-bidoua-hint"));
        self.report.notes.push(note);
        if let Some(Item::Pasted {
            board: Some(board), ..
        }) = self.items.last_mut()
        {
            board.notes.push(message);
        }
    }

    /// Whether line index `line` is a line of prose (not a board's, not a
    /// block's).
    fn is_prose_line(&self, line: usize) -> bool {
        self.items.iter().any(|item| match item {
            Item::Prose(lines) => lines.contains(&line),
            _ => false,
        })
    }
}

/// A block's move the rules refused.
struct Refused {
    /// Which of the block's moves (from 0).
    index: usize,
    /// Its name.
    name: String,
    /// The rule that refuses it.
    rule: RuleId,
    /// Why, in the lesson's language.
    message: String,
}

/// The board a block starts from: a diagram does not say who moves, so
/// the first move's owner does.
fn block_start(
    position: AnyPosition,
    side_given: bool,
    moves: &[Written],
    conventions: Conventions,
) -> AnyPosition {
    if !side_given
        && let Some(first) = moves.first()
        && let Some(owner) = position
            .parse_move(&first.text, conventions)
            .ok()
            .and_then(|played| played.owner())
        && let Ok(owned) = position.with_to_move(owner)
    {
        return owned;
    }
    position
}

/// Plays a block's moves: what was played, and the move refused.
fn play_block(
    start: &AnyPosition,
    moves: &[Written],
    conventions: Conventions,
    lang: Lang,
) -> (Option<AnyPlayReport>, Option<Refused>) {
    let names: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
    match any::play(start.clone(), &names, conventions) {
        Ok(report) => (Some(report), None),
        Err(error) => {
            let index = error.index();
            let refused = Refused {
                index,
                name: error.move_name().unwrap_or_else(|| names[index].to_owned()),
                rule: error.rule().unwrap_or(RuleId::Syntax),
                message: error.refusal(lang),
            };
            (error.played(), Some(refused))
        }
    }
}

/// The moves played, as the expectations read them.
fn played_moves(played: Option<&AnyPlayReport>, conventions: Conventions) -> Vec<PlayedMove> {
    played
        .map(AnyPlayReport::steps)
        .unwrap_or_default()
        .into_iter()
        .map(|step| PlayedMove {
            name: step.name(conventions),
            captured: step.captured(),
            houses: step
                .outcome
                .captured_houses()
                .into_iter()
                .map(|h| {
                    h.name_with_case(step.before.rules(), conventions.letters)
                        .to_string()
                })
                .collect(),
            before: step.before,
        })
        .collect()
}
/// Each linked move as (the entry it starts from, the last entry it
/// gives): `None` for the start position when the first board follows
/// from it.
fn move_spans(sources: &[Option<usize>], first_from_start: bool) -> Vec<(Option<usize>, usize)> {
    let mut spans: Vec<(Option<usize>, usize)> = Vec::new();
    for (j, source) in sources.iter().enumerate() {
        match source {
            Some(k) => match spans.iter_mut().find(|(from, _)| *from == Some(*k)) {
                Some(span) => span.1 = j,
                None => spans.push((Some(*k), j)),
            },
            None if j == 0 && first_from_start => spans.push((None, 0)),
            None => {}
        }
    }
    spans
}

/// What is wrong with a claim the prose makes of the move from `played`
/// (`outcome`), if anything: a total, a notation's total, or a house's
/// seeds. A sentence that names another move of the mover
/// (`names_other`) is about that move.
fn wrong_claim(
    what: &Claimed,
    names_other: bool,
    (played, rules): (House, Ruleset),
    outcome: &MoveOutcome,
    lang: Lang,
) -> Option<String> {
    let name = played.name(rules).to_string();
    match what {
        Claimed::Total(seeds) if !names_other && *seeds != outcome.captured => Some(tr!(
            lang,
            "lesson-problem-claim-total",
            played = name.as_str(),
            claimed = *seeds,
            count = outcome.captured
        )),
        Claimed::Notation(house, seeds) if *house == played && *seeds != outcome.captured => {
            Some(tr!(
                lang,
                "lesson-problem-claim-total",
                played = name.as_str(),
                claimed = *seeds,
                count = outcome.captured
            ))
        }
        Claimed::Houses(houses) if !names_other => houses.iter().find_map(|(seeds, house)| {
            let taken = outcome.captured_houses.contains(*house);
            let held = outcome.sown.house(*house);
            (!taken || held != *seeds).then(|| {
                if taken {
                    tr!(
                        lang,
                        "lesson-problem-claim-house",
                        played = name.as_str(),
                        house = house.name(rules).to_string(),
                        claimed = *seeds,
                        count = held
                    )
                } else {
                    tr!(
                        lang,
                        "lesson-problem-claim-not-taken",
                        played = name.as_str(),
                        house = house.name(rules).to_string(),
                        claimed = *seeds
                    )
                }
            })
        }),
        _ => None,
    }
}

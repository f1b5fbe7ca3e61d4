//! A commented game record as a handout: its comments become prose, a
//! board is drawn at every comment and at every capture, and the moves in
//! between are listed. The replay is the engine's; a move it refuses ends
//! the walk (the validator reports why, in `check`).

use std::ops::RangeInclusive;

use crate::any::{AnyOutcome, AnyPosition};
use crate::conventions::Conventions;
use crate::game::{GamePosition, Outcome};
use crate::record::model::{GameRecord, Node};
use crate::record::{FromTags, names, ogn, parse_games};
use crate::ruleset::Ruleset;
use crate::side::Side;
use crate::sowing::position::House;

/// What the handout shows of a record, in order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Event {
    /// A game starts: its index (from 0) and its tags worth showing.
    Game {
        /// Which game of the record.
        index: usize,
        /// Whether the record holds several games (each is then numbered
        /// when it has no `Event`).
        numbered: bool,
        /// `Event`, `Site`, `Date`, `South`, `North` as written.
        tags: Vec<(String, String)>,
    },
    /// A board.
    Board(RecordBoard),
    /// Moves played between two boards, numbered (`1. S2 N4 2. S5`).
    Moves(String),
    /// A comment of the record.
    Comment(String),
    /// A variation, as record text.
    Variation(String),
    /// The result token or tag.
    Result(String),
    /// The replay stopped at a move the engine refuses (its ply, the move).
    Stopped {
        /// The ply (from 1).
        ply: usize,
        /// The move as written.
        played: String,
    },
}

/// A board of a record's handout.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RecordBoard {
    /// The position drawn.
    pub(crate) position: AnyPosition,
    /// How moves and houses are named.
    pub(crate) conventions: Conventions,
    /// The move that led to it: its ply, its numbered name (`5. S5`), what
    /// it captured, the houses (or squares) it emptied.
    pub(crate) after: Option<AfterMove>,
}

/// The move a board follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AfterMove {
    /// The ply (from 1).
    pub(crate) ply: usize,
    /// `5. S5` or `5... N3`.
    pub(crate) numbered: String,
    /// The move's name.
    pub(crate) name: String,
    /// Seeds (pieces) it captured.
    pub(crate) captured: u32,
    /// Sowing houses it emptied.
    pub(crate) houses: Vec<House>,
}

/// `5. S5` for the first side's ply, `5... N3` for the other's (the
/// number counts full moves, the side that starts first).
fn numbered(ply: usize, name: &str) -> String {
    let number = ply.div_ceil(2);
    if ply % 2 == 1 {
        format!("{number}. {name}")
    } else {
        format!("{number}... {name}")
    }
}

/// The ruleset of a record's game: `Rules`, else OGN's `Variant`, else
/// `default`.
fn rules_of(record: &GameRecord, default: Option<Ruleset>) -> Option<Ruleset> {
    match record.tags.get(names::RULES) {
        Some(value) => value.parse().ok(),
        None => match record.tags.get(names::VARIANT) {
            Some(variant) => ogn::ruleset_of_variant(variant),
            None => Some(default.unwrap_or_default()),
        },
    }
}

/// The events of every game of a record text. `plies` shows only those
/// plies (the board before the first of them, then as usual); `limit`
/// bounds the boards (`None` past it).
pub(crate) fn walk(
    text: &str,
    default: Option<Ruleset>,
    plies: Option<&RangeInclusive<usize>>,
    chosen: Option<&[RangeInclusive<usize>]>,
    limit: usize,
) -> Option<Vec<Event>> {
    let mut events = Vec::new();
    let mut boards = 0usize;
    let games = parse_games(text);
    let several = games.len() > 1;
    for (index, parsed) in games.into_iter().enumerate() {
        let record = parsed.record;
        let shown: Vec<(String, String)> = [
            names::EVENT,
            names::SITE,
            names::DATE,
            names::SOUTH,
            names::NORTH,
        ]
        .iter()
        .filter_map(|name| {
            record
                .tags
                .get(name)
                .map(|v| ((*name).to_owned(), v.to_owned()))
        })
        // Unknown values (`?`, `????.??.??`, `*`) say nothing worth printing.
        .filter(|(_, value)| value.chars().any(|c| !matches!(c, '?' | '.' | '*' | ' ')))
        .collect();
        events.push(Event::Game {
            index,
            numbered: several,
            tags: shown,
        });
        let Some(rules) = rules_of(&record, default) else {
            continue;
        };
        let Ok((start, conventions)) = AnyPosition::from_tags(rules, &record.tags) else {
            continue;
        };
        let mut walker = Walker {
            events: &mut events,
            boards: &mut boards,
            limit,
            position: start,
            conventions,
            ply: 0,
            moves: String::new(),
            board_shown: false,
            plies,
            chosen,
            first: record.tags.first_side(),
            last: None,
        };
        let from_start = plies.is_none_or(|p| *p.start() <= 1);
        if from_start {
            walker.board(None)?;
        }
        let stopped = walker.nodes(&record.moves)?;
        walker.flush();
        if !stopped && plies.is_none() {
            let result = record
                .result
                .clone()
                .or_else(|| record.tags.get(names::RESULT).map(str::to_owned));
            if let Some(result) = result.filter(|r| r != "*") {
                events.push(Event::Result(result));
            }
        }
    }
    Some(events)
}

struct Walker<'e, 'p> {
    events: &'e mut Vec<Event>,
    boards: &'e mut usize,
    limit: usize,
    position: AnyPosition,
    conventions: Conventions,
    ply: usize,
    /// Moves played since the last board, numbered.
    moves: String,
    /// Whether the last event shows the current position.
    board_shown: bool,
    plies: Option<&'p RangeInclusive<usize>>,
    /// The plies after which a board is drawn, when the teacher chose them.
    chosen: Option<&'p [RangeInclusive<usize>]>,
    first: Side,
    last: Option<AfterMove>,
}

impl Walker<'_, '_> {
    fn showing(&self) -> bool {
        self.plies.is_none_or(|p| p.contains(&self.ply))
    }

    fn flush(&mut self) {
        if !self.moves.is_empty() {
            self.events
                .push(Event::Moves(std::mem::take(&mut self.moves)));
        }
    }

    fn board(&mut self, after: Option<AfterMove>) -> Option<()> {
        *self.boards += 1;
        if *self.boards > self.limit {
            return None;
        }
        self.flush();
        self.events.push(Event::Board(RecordBoard {
            position: self.position.clone(),
            conventions: self.conventions,
            after,
        }));
        self.board_shown = true;
        Some(())
    }

    /// Walks the main line; `Some(true)` when a move was refused.
    fn nodes(&mut self, nodes: &[Node]) -> Option<bool> {
        for node in nodes {
            match node {
                Node::Move(written) => {
                    let Ok(played) = self.position.parse_move(&written.text, self.conventions)
                    else {
                        self.stop(&written.text);
                        return Some(true);
                    };
                    let name = self
                        .position
                        .move_name(played, self.conventions)
                        .to_string();
                    let Ok(outcome) = self.position.play(played) else {
                        self.stop(&written.text);
                        return Some(true);
                    };
                    self.ply += 1;
                    let ply = self.ply;
                    if self.plies.is_some_and(|p| *p.start() == self.ply + 1) {
                        // The excerpt starts after this move: its board.
                        self.moves.clear();
                        self.board(Some(Walker::after_move(ply, &name, &outcome)))?;
                        continue;
                    }
                    if !self.showing() {
                        if self.plies.is_some_and(|p| self.ply > *p.end()) {
                            return Some(false);
                        }
                        continue;
                    }
                    if !self.moves.is_empty() {
                        self.moves.push(' ');
                    }
                    let mut token = if self.moves.is_empty() || ply % 2 == 1 {
                        numbered(ply, &name)
                    } else {
                        name.clone()
                    };
                    if let Some(claim) = written.claim {
                        token.push_str(&format!("+{claim}"));
                    }
                    self.moves.push_str(&token);
                    self.board_shown = false;
                    let after = Walker::after_move(ply, &name, &outcome);
                    self.last = Some(after.clone());
                    let wanted = match self.chosen {
                        Some(chosen) => chosen.iter().any(|plies| plies.contains(&ply)),
                        None => outcome.captured() > 0,
                    };
                    if wanted {
                        self.board(Some(after))?;
                    }
                }
                Node::Comment(text) if self.showing() => {
                    // Chosen boards only: a comment elsewhere is a paragraph.
                    if !self.board_shown && self.chosen.is_none() {
                        let last = self.last.clone();
                        self.board(last)?;
                    }
                    self.flush();
                    self.events.push(Event::Comment(text.clone()));
                }
                Node::Variation(inner) if self.showing() => {
                    self.flush();
                    let first = if self.ply.is_multiple_of(2) {
                        self.first
                    } else {
                        self.first.opposite()
                    };
                    let text = crate::record::writer::move_text(inner, first, "");
                    self.events.push(Event::Variation(text.trim().to_owned()));
                    // The line goes on from the same board.
                }
                Node::Comment(_) | Node::Variation(_) => {}
            }
        }
        Some(false)
    }

    fn after_move(ply: usize, name: &str, outcome: &AnyOutcome) -> AfterMove {
        let houses = outcome.captured_houses();
        AfterMove {
            ply,
            numbered: numbered(ply, name),
            name: name.to_owned(),
            captured: outcome.captured(),
            houses,
        }
    }

    fn stop(&mut self, played: &str) {
        self.flush();
        self.events.push(Event::Stopped {
            ply: self.ply + 1,
            played: played.to_owned(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_at_each_comment_and_capture_and_the_moves_between() {
        let text = "[Rules \"songo\"]\n[Event \"Club\"]\n\n{Start.} 1. S2 N4 2. S5 {quiet} N0 *\n";
        let events = walk(text, None, None, None, 100).unwrap();
        let kinds: Vec<&str> = events
            .iter()
            .map(|e| match e {
                Event::Game { .. } => "game",
                Event::Board(_) => "board",
                Event::Moves(_) => "moves",
                Event::Comment(_) => "comment",
                Event::Variation(_) => "variation",
                Event::Result(_) => "result",
                Event::Stopped { .. } => "stopped",
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "game", "board", "comment", "moves", "board", "comment", "moves"
            ]
        );
        assert_eq!(events[3], Event::Moves("1. S2 N4 2. S5".into()));
        assert_eq!(events[6], Event::Moves("2... N0".into()));
    }

    #[test]
    fn an_excerpt_starts_with_the_board_before_its_first_ply() {
        let text = "[Rules \"songo\"]\n\n1. S2 N4 2. S5 N0 3. S1 *\n";
        let events = walk(text, None, Some(&(3..=4)), None, 100).unwrap();
        let Event::Board(board) = &events[1] else {
            panic!("{events:?}")
        };
        assert_eq!(board.after.as_ref().unwrap().numbered, "1... N4");
        assert_eq!(events[2], Event::Moves("2. S5 N0".into()));
        assert_eq!(events.len(), 3);
    }

    #[test]
    fn the_boards_are_bounded() {
        let text = "[Rules \"songo\"]\n\n{a} 1. S2 {b} N4 {c} *\n";
        assert!(walk(text, None, None, None, 2).is_none());
    }
}

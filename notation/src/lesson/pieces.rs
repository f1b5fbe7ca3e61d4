//! What a handout shows in place of each board and block, in no form yet:
//! pictures with their captions, lines of text, headings. The HTML and
//! the Markdown writers write the same pieces, each its own way.

use crate::any::{AnyExplainReport, AnyPlayReport, AnyPosition};
use crate::conventions::Conventions;
use crate::i18n::Lang;
use crate::render::{Drawing, Marks, Shape};
use crate::report::PlayStep;
use crate::side::Side;
use crate::sowing::position::{House, Position};
use crate::sowing::render::{BoardView, svg};
use crate::teach::{self, picture, words};
use crate::tr;

use super::link::Stage;
use super::read::{Explained, Item, LinkedMarks, PastedBoard, ShownBoard};
use super::record::{Event, RecordBoard};

/// A picture of a board.
#[derive(Debug, Clone)]
pub(crate) struct Picture {
    /// The SVG document.
    pub(crate) svg: String,
    /// What it shows, in words (the caption under it).
    pub(crate) caption: Option<String>,
    /// A text for those who cannot see it: the position's notation.
    pub(crate) alt: String,
}

/// One piece of a handout.
#[derive(Debug, Clone)]
pub(crate) enum Piece {
    /// A heading of the lesson's own words (a block's title, a game's event).
    Title(String),
    /// Pictures shown together (the boards of one move).
    Pictures(Vec<Picture>),
    /// A line of the tool's words or the lesson's (escaped where shown),
    /// with its role.
    Line(Role, String),
    /// Markdown the tool wrote itself (an explanation).
    Markdown(String),
    /// Lines shown as they were written (a board that does not read).
    Verbatim(String),
}

/// What a line of text is, for its style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// A move's headline (`South plays S1`).
    Headline,
    /// What a move captured.
    Summary,
    /// Moves listed between two boards.
    Moves,
    /// A comment of a record.
    Comment,
    /// A variation of a record.
    Variation,
    /// The tags of a game.
    Tags,
    /// The result of a game.
    Result,
    /// A note of the tool (a refused move, a board that does not read).
    Note,
}

fn picture(view: &BoardView, caption: Option<String>) -> Picture {
    Picture {
        svg: svg::board(view),
        caption,
        alt: view.position.to_string(),
    }
}

/// The pieces of one item (nothing for prose: the writers keep it).
pub(crate) fn of_item(item: &Item, source_text: &str, lang: Lang) -> Vec<Piece> {
    match item {
        Item::Prose(_) => Vec::new(),
        Item::Pasted {
            board: Some(board), ..
        } => std::iter::once(pasted(board, lang))
            .chain(board.notes.iter().map(|note| {
                Piece::Line(Role::Note, tr!(lang, "lesson-note", text = note.as_str()))
            }))
            .collect(),
        Item::Pasted { board: None, .. } => vec![
            Piece::Verbatim(source_text.to_owned()),
            Piece::Line(Role::Note, tr!(lang, "lesson-unreadable-board")),
        ],
        Item::Board { title, shown, .. } => {
            let mut pieces = Vec::new();
            if let Some(title) = title {
                pieces.push(Piece::Title(title.clone()));
            }
            shown_board(shown, lang, &mut pieces);
            pieces
        }
        Item::Record { title, events, .. } => {
            let mut pieces = Vec::new();
            if let Some(title) = title {
                pieces.push(Piece::Title(title.clone()));
            }
            for event in events {
                record_event(event, lang, &mut pieces);
            }
            pieces
        }
    }
}

/// A board pasted in the text, marked as the move that gives it marks it.
fn pasted(board: &PastedBoard, lang: Lang) -> Piece {
    let mut view = BoardView::new(board.position)
        .letters(board.letters)
        .in_lang(lang);
    if !board.side_given {
        view = view.mid_move();
    }
    // A text that gives no stores: 0 would be a guess.
    view.show_stores = board.stores_known;
    if board.teaches && board.linked.is_none() {
        view = view.with_shapes(taught(&board.position, board.side_given));
    }
    let caption = board.linked.as_ref().map(|linked| {
        view = marked(view.clone(), linked);
        let rules = board.position.rules();
        let played = linked
            .house
            .name_with_case(rules, board.letters)
            .to_string();
        let start = linked.from == Position::start(rules);
        if start {
            tr!(
                lang,
                "lesson-from-start",
                played = played,
                stage = linked.stage.as_str()
            )
        } else {
            tr!(
                lang,
                "lesson-linked",
                played = played,
                side = linked.house.side.as_str(),
                stage = linked.stage.as_str()
            )
        }
    });
    Piece::Pictures(vec![picture(&view, caption)])
}

/// The vocabulary drawn on a board (`teach::explain`, as `explain`
/// draws it): a board that does not say who moves is explained for each
/// side in turn, so that either side's defences (a yinda) are drawn.
fn taught(position: &Position, side_given: bool) -> Vec<Shape<House>> {
    let sides = if side_given {
        vec![position.to_move()]
    } else {
        Side::BOTH.to_vec()
    };
    let mut shapes: Vec<Shape<House>> = Vec::new();
    for side in sides {
        for shape in picture::sowing_shapes(&teach::explain(&position.with_to_move(side))) {
            if !shapes.contains(&shape) {
                shapes.push(shape);
            }
        }
    }
    shapes
}

/// The marks of a board a move gives: the houses it changed and the house
/// played (after sowing), or the houses it changed and those it captured
/// (after captures).
fn marked(view: BoardView, linked: &LinkedMarks) -> BoardView {
    match linked.stage {
        Stage::Sown => view.changed_from(&linked.from).with_played(linked.house),
        Stage::After => view
            .changed_from(&linked.from)
            .with_captured(linked.captured.iter().copied()),
    }
}

fn shown_board(shown: &ShownBoard, lang: Lang, pieces: &mut Vec<Piece>) {
    let letters = shown.conventions.letters;
    match (&shown.start, &shown.played) {
        (AnyPosition::Sowing(_), Some(AnyPlayReport::Sowing(report)))
            if !report.steps.is_empty() =>
        {
            for step in &report.steps {
                sowing_step(step, shown.conventions, lang, pieces);
            }
        }
        (AnyPosition::Seega(_), Some(report @ AnyPlayReport::Seega(played)))
            if !played.steps.is_empty() =>
        {
            pieces.push(Piece::Pictures(vec![Picture {
                svg: report.draw(
                    Drawing::Svg,
                    Conventions::with_letters(letters).in_lang(lang),
                ),
                caption: None,
                alt: shown.start.to_string(),
            }]));
        }
        (AnyPosition::Sowing(position), _) => {
            let mut view = BoardView::new(*position).letters(letters).in_lang(lang);
            if let Some(Explained::Sowing(report)) = &shown.explained {
                // The board explained: the terms drawn on it.
                view = view.with_shapes(picture::sowing_shapes(report));
            }
            pieces.push(Piece::Pictures(vec![picture(&view, None)]));
        }
        (AnyPosition::Seega(_), _) if shown.explained.is_some() => {}
        (AnyPosition::Seega(_), _) => {
            pieces.push(Piece::Pictures(vec![Picture {
                svg: shown.start.draw(
                    Drawing::Svg,
                    Conventions::with_letters(letters).in_lang(lang),
                ),
                caption: None,
                alt: shown.start.to_string(),
            }]));
        }
    }
    if let Some((played, message)) = &shown.refused {
        pieces.push(Piece::Line(
            Role::Note,
            tr!(
                lang,
                "lesson-refused",
                played = played.as_str(),
                message = message.as_str()
            ),
        ));
    }
    // A block that played moves shows its last board again, the terms
    // drawn on it; one that played none drew them on its only board.
    let moved = shown.played.as_ref().is_some_and(|played| match played {
        AnyPlayReport::Sowing(report) => !report.steps.is_empty(),
        AnyPlayReport::Seega(report) => !report.steps.is_empty(),
    });
    match &shown.explained {
        Some(Explained::Sowing(report)) if moved => {
            let view = BoardView::new(report.position)
                .letters(letters)
                .in_lang(lang)
                .with_shapes(picture::sowing_shapes(report));
            pieces.push(Piece::Pictures(vec![picture(
                &view,
                Some(tr!(lang, "lesson-explain-heading")),
            )]));
        }
        Some(Explained::Seega(report)) => {
            let drawn = AnyExplainReport::Seega((**report).clone()).draw(
                Drawing::Svg,
                &crate::any::Picture {
                    letters,
                    lang,
                    ..crate::any::Picture::default()
                },
            );
            if let Ok(svg) = drawn {
                pieces.push(Piece::Pictures(vec![Picture {
                    svg,
                    caption: moved.then(|| tr!(lang, "lesson-explain-heading")),
                    alt: report.position.to_string(),
                }]));
            }
        }
        _ => {}
    }
    match &shown.explained {
        Some(Explained::Sowing(report)) => pieces.push(Piece::Markdown(format!(
            "**{}**\n\n{}",
            tr!(lang, "lesson-explain-heading"),
            demote(&words::explain_markdown(report, lang))
        ))),
        Some(Explained::Seega(report)) => pieces.push(Piece::Markdown(format!(
            "**{}**\n\n{}",
            tr!(lang, "lesson-explain-heading"),
            demote(&words::seega_explain_markdown(report, lang))
        ))),
        None => {}
    }
}

/// The explanation's `##` headings as bold lines: inside a lesson they are
/// no sections of their own.
fn demote(markdown: &str) -> String {
    markdown
        .lines()
        .map(|line| match line.trim_start_matches('#') {
            rest if rest.len() < line.len() && rest.starts_with(' ') => {
                format!("*{}*", rest.trim())
            }
            _ => line.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A move's headline, its boards (before, after sowing, after captures;
/// two when the captures change nothing), and what it captured.
fn sowing_step(
    step: &PlayStep<Position>,
    conventions: Conventions,
    lang: Lang,
    pieces: &mut Vec<Piece>,
) {
    let letters = conventions.letters;
    let rules = step.before.rules();
    let played = step
        .outcome
        .house
        .name_with_case(rules, letters)
        .to_string();
    pieces.push(Piece::Line(
        Role::Headline,
        tr!(
            lang,
            "lesson-move-headline",
            side = step.before.to_move().as_str(),
            played = played.as_str()
        ),
    ));
    let [before, sown, after] =
        BoardView::of_step_with(step, letters).map(|view| view.in_lang(lang));
    let uncaptioned = |view: BoardView| BoardView {
        caption: None,
        ..view
    };
    let mut pictures = vec![picture(
        &uncaptioned(before),
        Some(tr!(lang, "lesson-caption-before")),
    )];
    if step.outcome.captured_houses.is_empty() && step.outcome.captured == 0 {
        // Nothing captured: the board after sowing is the board after the move.
        let view = BoardView {
            show_to_move: true,
            ..uncaptioned(sown)
        };
        let view = BoardView {
            position: step.after,
            ..view
        };
        pictures.push(picture(&view, Some(tr!(lang, "lesson-caption-after-move"))));
    } else {
        pictures.push(picture(
            &uncaptioned(sown),
            Some(tr!(lang, "lesson-caption-sown")),
        ));
        pictures.push(picture(
            &uncaptioned(after),
            Some(tr!(lang, "lesson-caption-after")),
        ));
    }
    pieces.push(Piece::Pictures(pictures));
    let houses: Vec<String> = step
        .outcome
        .captured_houses
        .iter()
        .map(|h| h.name_with_case(rules, letters).to_string())
        .collect();
    pieces.push(Piece::Line(
        Role::Summary,
        tr!(
            lang,
            "lesson-move-summary",
            count = step.outcome.captured,
            houses = houses.join(" ")
        ),
    ));
}

fn record_event(event: &Event, lang: Lang, pieces: &mut Vec<Piece>) {
    match event {
        Event::Game {
            index,
            numbered,
            tags,
        } => {
            let title = tags
                .iter()
                .find(|(name, _)| name == "Event")
                .map(|(_, v)| v.clone())
                .or_else(|| numbered.then(|| tr!(lang, "lesson-record-game", number = index + 1)));
            if let Some(title) = title {
                pieces.push(Piece::Title(title));
            }
            let others: Vec<String> = tags
                .iter()
                .filter(|(name, _)| name != "Event")
                .map(|(name, value)| {
                    let value = if name == "Date" {
                        tr!(lang, "date", date = value.as_str())
                    } else {
                        value.clone()
                    };
                    tr!(
                        lang,
                        "lesson-tag-value",
                        tag = tr!(lang, "lesson-tag", name = name.as_str()),
                        value = value
                    )
                })
                .collect();
            if !others.is_empty() {
                pieces.push(Piece::Line(Role::Tags, others.join(" · ")));
            }
        }
        Event::Board(board) => pieces.push(Piece::Pictures(vec![record_board(board, lang)])),
        Event::Moves(moves) => pieces.push(Piece::Line(Role::Moves, moves.clone())),
        Event::Comment(text) => pieces.push(Piece::Line(Role::Comment, text.clone())),
        Event::Variation(text) => pieces.push(Piece::Line(
            Role::Variation,
            format!("{} ({text})", tr!(lang, "lesson-record-variation")),
        )),
        Event::Result(result) => pieces.push(Piece::Line(
            Role::Result,
            tr!(lang, "lesson-record-result", result = result.as_str()),
        )),
        Event::Stopped { ply, played } => pieces.push(Piece::Line(
            Role::Note,
            tr!(
                lang,
                "lesson-record-stopped",
                ply = *ply,
                played = played.as_str()
            ),
        )),
    }
}

fn record_board(board: &RecordBoard, lang: Lang) -> Picture {
    let caption = match &board.after {
        None => tr!(lang, "lesson-record-start"),
        Some(after) if after.captured > 0 => tr!(
            lang,
            "lesson-record-captures",
            numbered = after.numbered.as_str(),
            count = after.captured
        ),
        Some(after) => tr!(
            lang,
            "lesson-record-after",
            numbered = after.numbered.as_str()
        ),
    };
    let letters = board.conventions.letters;
    let conventions = board.conventions.in_lang(lang);
    let svg = match &board.position {
        AnyPosition::Sowing(position) => {
            let mut view = BoardView::new(*position).letters(letters).in_lang(lang);
            if let Some(after) = &board.after {
                view = view.with_captured(after.houses.iter().copied());
            }
            svg::board(&view)
        }
        AnyPosition::Seega(_) => {
            let last = board.after.as_ref().map(|a| a.name.clone());
            let marks = Marks {
                last_move: last.as_deref(),
                coordinates: true,
                ..Marks::default()
            };
            board.position.marked(&marks, conventions).map_or_else(
                |_| board.position.draw(Drawing::Svg, conventions),
                |m| m.draw(Drawing::Svg),
            )
        }
    };
    Picture {
        svg,
        caption: Some(caption),
        alt: board.position.to_string(),
    }
}

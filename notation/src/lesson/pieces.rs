//! What a handout shows in place of each board and block, in no form yet:
//! pictures with their captions, lines of text, headings. The HTML and
//! the Markdown writers write the same pieces, each its own way.

use crate::any::{AnyExplainReport, AnyPlayReport, AnyPosition, HandoutBoard, MoveStage};
use crate::conventions::Conventions;
use crate::conventions::LetterCase;
use crate::i18n::Lang;
use crate::render::{Drawing, Shape};
use crate::report::PlayStep;
use crate::side::Side;
use crate::sowing::position::{House, Position};
use crate::sowing::render::{BoardView, svg};
use crate::teach::{self, picture};
use crate::tr;

use super::link::Stage;
use super::read::{Item, LinkedMarks, PastedBoard, ShownBoard};
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
    view.store_gains = board.store_gains;
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
    let played = shown.played.as_ref().filter(|played| !played.is_empty());
    match played {
        Some(report) => played_line(report, shown, lang, pieces),
        // A block that played no move draws the terms on its only board.
        None => match &shown.explained {
            Some(explained) => pieces.extend(explained_picture(explained, letters, lang, None)),
            None => {
                let board = shown.start.handout_board(letters, lang);
                pieces.push(Piece::Pictures(vec![Picture {
                    svg: board.svg,
                    caption: None,
                    alt: board.alt,
                }]));
            }
        },
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
    // drawn on it.
    if let Some(explained) = &shown.explained {
        let heading = || tr!(lang, "lesson-explain-heading");
        if played.is_some() {
            pieces.extend(explained_picture(explained, letters, lang, Some(heading())));
        }
        let words = explained
            .draw(
                Drawing::Markdown,
                &crate::any::Picture {
                    lang,
                    ..crate::any::Picture::default()
                },
            )
            .unwrap_or_default();
        pieces.push(Piece::Markdown(format!(
            "**{}**\n\n{}",
            heading(),
            demote(&words)
        )));
    }
}

/// The explained board, the terms drawn on it.
fn explained_picture(
    explained: &AnyExplainReport,
    letters: LetterCase,
    lang: Lang,
    caption: Option<String>,
) -> Option<Piece> {
    let board = explained.handout_board(letters, lang)?;
    Some(Piece::Pictures(vec![Picture {
        svg: board.svg,
        caption,
        alt: board.alt,
    }]))
}

/// The moves a block played: each move's headline, boards and captures,
/// or the whole line as one figure when the game draws it so.
fn played_line(report: &AnyPlayReport, shown: &ShownBoard, lang: Lang, pieces: &mut Vec<Piece>) {
    let letters = shown.conventions.letters;
    let Some(moves) = report.handout_moves(letters, lang) else {
        pieces.push(Piece::Pictures(vec![Picture {
            svg: report.draw(
                Drawing::Svg,
                Conventions::with_letters(letters).in_lang(lang),
            ),
            caption: None,
            alt: shown.start.to_string(),
        }]));
        return;
    };
    for (step, boards) in report.steps().iter().zip(moves) {
        move_pieces(step, boards, shown.conventions, lang, pieces);
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
fn move_pieces(
    step: &PlayStep<AnyPosition>,
    boards: Vec<(MoveStage, HandoutBoard)>,
    conventions: Conventions,
    lang: Lang,
    pieces: &mut Vec<Piece>,
) {
    let letters = conventions.letters;
    let rules = step.before.rules();
    pieces.push(Piece::Line(
        Role::Headline,
        tr!(
            lang,
            "lesson-move-headline",
            side = step.before.to_move().as_str(),
            played = step.name(conventions).as_str()
        ),
    ));
    let caption = |stage: MoveStage| match stage {
        MoveStage::Before => tr!(lang, "lesson-caption-before"),
        MoveStage::Sown => tr!(lang, "lesson-caption-sown"),
        MoveStage::AfterCaptures => tr!(lang, "lesson-caption-after"),
        MoveStage::AfterMove => tr!(lang, "lesson-caption-after-move"),
    };
    pieces.push(Piece::Pictures(
        boards
            .into_iter()
            .map(|(stage, board)| Picture {
                svg: board.svg,
                caption: Some(caption(stage)),
                alt: board.alt,
            })
            .collect(),
    ));
    let houses: Vec<String> = step
        .outcome
        .captured_houses()
        .into_iter()
        .map(|h| h.name_with_case(rules, letters).to_string())
        .collect();
    // Seeds can reach the store from no house (songo's lone seed kept at
    // the end of a lap, rule `songo.sow.lone-seed`): then no empty list.
    let summary = if houses.is_empty() && step.captured() > 0 {
        tr!(lang, "lesson-move-summary-kept", count = step.captured())
    } else {
        tr!(
            lang,
            "lesson-move-summary",
            count = step.captured(),
            houses = houses.join(" ")
        )
    };
    pieces.push(Piece::Line(Role::Summary, summary));
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
    let (captured, last) = board.after.as_ref().map_or((&[][..], None), |after| {
        (&after.houses[..], Some(after.name.as_str()))
    });
    let drawn =
        board
            .position
            .handout_record_board(board.conventions.letters, lang, captured, last);
    Picture {
        svg: drawn.svg,
        caption: Some(caption),
        alt: drawn.alt,
    }
}

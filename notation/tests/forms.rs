//! Snapshots of every output form (compact, text, Markdown, SVG, JSON, YAML)
//! on the worked examples of `fixtures/examples/`: the boards a move shows,
//! or the board of an example that plays no move.

use serde::Deserialize;

use crate::common;
use songo_notation::report::{self, PlayReport};
use songo_notation::sowing::render::BoardView;
use songo_notation::{
    LetterCase, Position, Ruleset, Score, Side, sowing::render::markdown, sowing::render::svg,
};

#[derive(Deserialize)]
struct Board {
    #[serde(default)]
    to_move: Option<Side>,
    north: Vec<u32>,
    south: Vec<u32>,
}

#[derive(Deserialize)]
struct Example {
    id: String,
    rules: Ruleset,
    before: Board,
    #[serde(rename = "move")]
    played: Option<String>,
}

fn examples() -> Vec<Example> {
    common::load_yaml("examples", false)
        .into_iter()
        .map(|(_, example)| example)
        .collect()
}

fn before(example: &Example) -> Position {
    Position::new(
        example.rules,
        &example.before.south,
        &example.before.north,
        Score::default(),
        example.before.to_move.unwrap_or(Side::South),
    )
    .expect("valid example board")
}

fn played(example: &Example) -> Option<PlayReport<Position>> {
    let name = example.played.as_ref()?;
    Some(report::play(before(example), &[name]).unwrap_or_else(|e| panic!("{}: {e}", example.id)))
}

#[test]
fn every_example_in_text() {
    for example in examples() {
        let position = before(&example);
        let text = match played(&example) {
            Some(report) => {
                songo_notation::sowing::render::text::played_line(&report, LetterCase::default())
            }
            None => songo_notation::sowing::render::text::board(&BoardView::new(position)),
        };
        insta::assert_snapshot!(
            format!("{}-text", example.id),
            format!("{position}\n\n{text}")
        );
    }
}

#[test]
fn every_example_in_markdown() {
    for example in examples() {
        let text = match played(&example) {
            Some(report) => markdown::played_line(&report, LetterCase::default()),
            None => markdown::board(&BoardView::new(before(&example))),
        };
        insta::assert_snapshot!(format!("{}-markdown", example.id), text);
    }
}

#[test]
fn every_example_in_json_and_yaml() {
    for example in examples() {
        let (json, yaml) = match played(&example) {
            Some(report) => (
                serde_json::to_string_pretty(&report).unwrap(),
                serde_yaml::to_string(&report).unwrap(),
            ),
            None => {
                let position = before(&example);
                (
                    serde_json::to_string_pretty(&position).unwrap(),
                    serde_yaml::to_string(&position).unwrap(),
                )
            }
        };
        insta::assert_snapshot!(format!("{}-json", example.id), json);
        insta::assert_snapshot!(format!("{}-yaml", example.id), yaml);
    }
}

/// One board per example (the one after sowing, marked, when a move is
/// played); the whole play figure is snapshotted for one example below.
#[test]
fn every_example_in_svg() {
    for example in examples() {
        let view = match played(&example) {
            Some(report) => BoardView::of_step(&report.steps[0])[1].clone(),
            None => BoardView::new(before(&example)),
        };
        insta::assert_snapshot!(format!("{}-svg", example.id), svg::board(&view));
    }
}

#[test]
fn the_first_capture_example_as_one_svg_figure() {
    let example = examples()
        .into_iter()
        .find(|e| e.id == "capture-ex1-s1")
        .expect("the example exists");
    let report = played(&example).expect("a move");
    insta::assert_snapshot!(
        "capture-ex1-s1-play-svg",
        svg::played_line(&report, LetterCase::default())
    );
}

/// Awale in both letter conventions: the casabianca text's first example
/// (South plays d from the start; its d is the comptoir text's D).
#[test]
fn an_awale_move_in_both_letter_cases() {
    let start = Position::start(Ruleset::Awale);
    let report = report::play(start, &["D"]).expect("legal");
    insta::assert_snapshot!(
        "awale-d-text-comptoir",
        songo_notation::sowing::render::text::played_line(&report, LetterCase::SouthUpper)
    );
    insta::assert_snapshot!(
        "awale-d-text-casabianca",
        songo_notation::sowing::render::text::played_line(&report, LetterCase::NorthUpper)
    );
    insta::assert_snapshot!(
        "awale-d-markdown-casabianca",
        markdown::played_line(&report, LetterCase::NorthUpper)
    );
    insta::assert_snapshot!(
        "awale-d-svg-casabianca",
        svg::board(&BoardView::of_step_with(&report.steps[0], LetterCase::NorthUpper)[1])
    );
}

/// Once the game is over no one is to move: the picture of the last board
/// names both sides plainly, while a board still in play points at the
/// side to move.
#[test]
fn a_finished_game_s_picture_points_at_no_side() {
    let finished: Position = "songo:0,0,0,0,0,0,0/0,0,0,0,0,0,1:41-28:N"
        .parse()
        .expect("a Songo position");
    assert!(finished.game_over().is_some());
    let picture = svg::board(&BoardView::new(finished));
    assert!(!picture.contains("to move"), "{picture}");
    let playing: Position = "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:N"
        .parse()
        .expect("a Songo position");
    assert!(playing.game_over().is_none());
    let picture = svg::board(&BoardView::new(playing));
    assert!(picture.contains(">North to move<"), "{picture}");
}

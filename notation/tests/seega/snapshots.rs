//! What a user sees of Seega: diagrams, Markdown, SVG, JSON, and every kind
//! of diagnostic (unreadable positions and moves, illegal moves, declared
//! ends that do not hold).

use insta::assert_snapshot;
use songo_notation::any::{self, AnyPosition};
use songo_notation::report::{self, PlayReport};
use songo_notation::seega::notation::{diagram, parse_compact, parse_diagram, rows};
use songo_notation::seega::render::{self, Highlight, SvgOptions};
use songo_notation::seega::{SeegaMove, SeegaPosition};
use songo_notation::{Conventions, RuleId, Ruleset};

use super::position;

const MIDGAME: &str = "seega:NN.NN/NNNNN/SN.SS/SSSSS/SSSNS:S:movement:0-0:0-0";
const CAPTURE: &str = "seega:..S../..N../.S.NS/..N../..S.N:S:movement:0-0:8-8";

#[test]
fn diagram_with_coordinates() {
    assert_snapshot!(diagram(&position(MIDGAME)));
}

#[test]
fn diagram_after_a_pass() {
    assert_snapshot!(diagram(&position(
        "seega:....N/...../...../N..../SN...:N:movement:0-0:9-9:passed"
    )));
}

#[test]
fn bare_rows() {
    assert_snapshot!(rows(&position(MIDGAME)));
}

#[test]
fn json_in_the_interface_shape() {
    let json = serde_json::to_string(&position(MIDGAME)).unwrap();
    assert_eq!(
        json,
        r#"{"rules":"seega","board":["NN.NN","NNNNN","SN.SS","SSSSS","SSSNS"],"to_move":"south","phase":"movement","in_hand":{"south":0,"north":0},"captured":{"south":0,"north":0}}"#
    );
    assert_snapshot!(serde_yaml::to_string(&position(MIDGAME)).unwrap());
}

fn after_triple_capture() -> (SeegaPosition, Highlight) {
    let mut position = position(CAPTURE);
    let outcome = position.play("b3-c3".parse().unwrap()).unwrap();
    (position, Highlight::of(&outcome))
}

#[test]
fn markdown_with_the_last_move_and_captures() {
    let (position, highlight) = after_triple_capture();
    assert_snapshot!(render::markdown(&position, &highlight));
}

#[test]
fn markdown_of_the_start() {
    assert_snapshot!(render::markdown(
        &SeegaPosition::start(songo_notation::Side::South),
        &Highlight::default()
    ));
}

#[test]
fn svg_with_the_last_move_and_captures() {
    let (position, highlight) = after_triple_capture();
    assert_snapshot!(render::svg(
        &position,
        &SvgOptions {
            coordinates: true,
            highlight,
            ..SvgOptions::default()
        }
    ));
}

#[test]
fn svg_without_coordinates() {
    assert_snapshot!(render::svg(
        &position(MIDGAME),
        &SvgOptions {
            coordinates: false,
            ..SvgOptions::default()
        }
    ));
}

/// Every way a position can be misread, with its caret and hint.
#[test]
fn position_diagnostics() {
    let mut out = String::new();
    for text in [
        "",
        "seega:",
        "seega:NN.NN/NNNNN/SN.SS/SSSS/SSSNS",
        "seega:NN.NN/NNNNN/SN.SS/SSSSS",
        "seega:NN.NN/NNNNN/SN.XS/SSSSS/SSSNS",
        "seega:NN.NN/NNNNN/SN.SS/SSSSS/SSSNS:S:sideways",
        "seega:NN.NN/NNNNN/SN.SS/SSSSS/SSSNS:S:movement:0-0:1-x",
        "seega:NN.NN/NNNNN/SN.SS/SSSSS/SSSNS:S:movement:2-2",
        "seega:...../...../...../...../.....:S:placement:0-0",
        "seega:NNNNN/NNNNN/NNN.S/...../.....:S",
        "seega:...../...../...../...../.....:S:placement:3-4",
        "seega:...../...../...../...../.....:S:placement:0-12",
        "seega:...../...../...../...../S....:N:movement:0-0:0-0:passed:extra",
        "songo:5,5,5/5,5,5",
    ] {
        let error = parse_compact(text).unwrap_err();
        out.push_str(&format!("{text:?}\n{error}\n\n"));
    }
    for text in [
        "5 N N . N N\n4 N N N N N\n2 S N . S S\n2 S S S S S\n1 S S S N S\n",
        "NN.NN\nNNNNN\nSN.SS\nSSSSS\n",
        "NN.NN\nNNNNN\nSN.SS\nSSSSS\nSSSNS\nSSSSS\n",
        "NN.NN\nNNNNN\nSN.SS\nSSXSS\nSSSNS\n",
        "NN.NN\nNNNNN\nSN.SS\nSSSSS\nSSSNS\nto move: west\n",
        "NN.NN\nNNNNN\nSN.SS\nSSSSS\nSSSNS\nto move: south\npassed: south\n",
        "NN.NN\nNNNNN\nSN.SS\nSSSSS\nSSSNS\ncolour: blue\n",
        "NN.NN\nNNNNN\nSN.SS\nSSSSS\nSSSNS\nin hand: lots\n",
    ] {
        let error = parse_diagram(text).unwrap_err();
        out.push_str(&format!("{text:?}\n{error}\n\n"));
    }
    for text in [
        r#"{"rules": "seega", "board": ["NN.NN", "NNNNN"]}"#,
        r#"{"rules": "seega", "board": ["NN.NN", "NNNNN", "SN.SS", "SSSSS", "SSSN"]}"#,
        r#"{"rules": "seega", "board": ["NN.NN", "NNNNN", "SN.SS", "SSSSS", "SSSNS"], "captured": {"south": -1}}"#,
        r#"{"rules": "seega", "board": ["NN.NN", "NNNNN", "SN.SS", "SSSSS", "SSSNS"], "phase": "placement"}"#,
        "rules: seega\nboard: [NN.NN, NNNNN, SN.SS, SSSSS]\n",
    ] {
        let error = songo_notation::any::AnyPosition::parse(text, None).unwrap_err();
        out.push_str(&format!("{text:?}\n{error}\n\n"));
    }
    let error = songo_notation::any::AnyPosition::parse(MIDGAME, Some(Ruleset::Songo)).unwrap_err();
    out.push_str(&format!("{MIDGAME:?} --rules songo\n{error}\n"));
    assert_snapshot!(out);
}

/// Every reason a move is refused, with its rule id.
#[test]
fn move_diagnostics() {
    let mut out = String::new();
    let cases: &[(&str, &[&str])] = &[
        (
            "seega:...../...../...../.S.../S....:N:placement:10-12:0-0",
            &["a1-a2", "pass", "d4,d4", "c3,d4", "a1,d4", "e5,d4"],
        ),
        (
            "seega:...../.N.../.S.../.N.../.....:S",
            &[
                "a1,a2", "b4-b5", "a1-a2", "b3-c4", "b3-b5", "b3-b4", "pass", "b3-c3",
            ],
        ),
        (
            "seega:....N/...../...../N..../SN...:N:movement:0-0:0-0:passed",
            &["e5-e4", "a2-a3"],
        ),
        (
            "seega:...../...../N..../NN.../SNN..:N:movement:0-0:0-0:passed",
            &["a3-a4"],
        ),
    ];
    for (text, moves) in cases {
        let position = position(text);
        out.push_str(&format!("{text}\n"));
        for played in *moves {
            let played: SeegaMove = played.parse().unwrap();
            match position.check(played) {
                Ok(()) => out.push_str(&format!("  {played}: legal\n")),
                Err(error) => out.push_str(&format!("  {played}: {error}\n")),
            }
        }
    }
    for bad in ["a1", "z9-a1", "a1,b2,c3", "b3-c3+x"] {
        let error = bad
            .parse::<songo_notation::seega::ClaimedMove>()
            .unwrap_err();
        out.push_str(&format!("{bad:?}: {error}\n"));
    }
    assert_snapshot!(out);
}

#[test]
fn declared_end_diagnostics() {
    let mut out = String::new();
    let cases = [
        (
            "seega:SS.../...../...../...../...NN:S:placement",
            RuleId::SeegaEndNoCapture,
        ),
        (
            "seega:NNNNN/N.N../...../SSSSS/N....:N:movement:0-0:4-7",
            RuleId::SeegaEndBarrier,
        ),
        (
            "seega:SS.../S..../...../...../...NN:S:movement:0-0:10-9",
            RuleId::SeegaEndWipeout,
        ),
        (
            "seega:SS.../S..../...../...../...NN:S:movement:0-0:10-9",
            RuleId::SeegaEndBlocked,
        ),
        (
            "seega:...../...../...../.N.../.....:S",
            RuleId::SeegaEndNoCapture,
        ),
        (
            "seega:SS.../S..../...../...../...NN:S:movement:0-0:10-9",
            RuleId::SongoExit,
        ),
    ];
    for (text, rule) in cases {
        let error = position(text).declared_end(rule).unwrap_err();
        out.push_str(&format!("{text} declared {rule}\n  {error}\n"));
    }
    assert_snapshot!(out);
}

#[test]
fn play_and_moves_reports() {
    let start: AnyPosition = "seega:NNNNN/NNNNN/SS.SS/SSSSS/SSS..:N:placement:0-2:0-0"
        .parse()
        .unwrap();
    let report = any::play(start, &["d1,e1", "c4-c3"], Conventions::default()).unwrap();
    assert_snapshot!(serde_json::to_string_pretty(&report).unwrap());
    let blocked: AnyPosition = "seega:....N/...../...../N..../SN...:N:movement:0-0:0-0:passed"
        .parse()
        .unwrap();
    assert_snapshot!(serde_json::to_string_pretty(&any::moves(&blocked)).unwrap());
    let over: AnyPosition = "seega:...../...../...../.S.../S....:N".parse().unwrap();
    assert_snapshot!(serde_json::to_string_pretty(&any::moves(&over)).unwrap());
}

fn played_capture() -> PlayReport<SeegaPosition> {
    report::play(position(CAPTURE), &["b3-c3", "e1-d1", "c3-d3"]).unwrap()
}

#[test]
fn play_as_text() {
    assert_snapshot!(render::play_text(&played_capture()));
}

#[test]
fn play_as_markdown() {
    assert_snapshot!(render::play_markdown(&played_capture()));
}

#[test]
fn play_as_svg() {
    assert_snapshot!(render::play_svg(&played_capture()));
}

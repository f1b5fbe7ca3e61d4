//! `songo convert`, `play` and `moves` on Seega positions.

use insta_cmd::assert_cmd_snapshot;

use crate::songo;

const TRIPLE: &str = "fixtures/positions/seega/triple-capture.txt";

#[test]
fn convert_a_diagram_to_the_compact_form() {
    assert_cmd_snapshot!(songo().args(["convert", TRIPLE]));
}

#[test]
fn convert_to_a_diagram_with_and_without_coordinates() {
    assert_cmd_snapshot!(songo().args(["convert", "--to", "text", TRIPLE]));
    assert_cmd_snapshot!(songo().args(["convert", "--to", "text", "--no-coordinates", TRIPLE]));
}

#[test]
fn convert_to_json_and_yaml() {
    assert_cmd_snapshot!(songo().args(["convert", "--to", "json", TRIPLE]));
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--to",
        "yaml",
        "fixtures/positions/seega/after-a-pass.json"
    ]));
}

#[test]
fn convert_to_markdown_with_the_last_move() {
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--to",
        "markdown",
        "--last-move",
        "b3-c3",
        "--captured",
        "c2,d3,c4",
        "seega:..S../...../..S.S/...../..S.N:N:movement:0-0:11-8"
    ]));
}

#[test]
fn convert_to_svg() {
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--to",
        "svg",
        "fixtures/positions/seega/start.txt"
    ]));
}

#[test]
fn a_seega_position_has_no_fen() {
    assert_cmd_snapshot!(songo().args(["convert", "--to", "fen", TRIPLE]));
}

#[test]
fn play_shows_the_boards_and_the_captures() {
    assert_cmd_snapshot!(songo().args(["play", "--position", TRIPLE, "b3-c3"]));
}

#[test]
fn play_reports_json() {
    assert_cmd_snapshot!(songo().args(["play", "--format", "json", "--position", TRIPLE, "b3-c3"]));
}

#[test]
fn play_to_a_total_victory() {
    assert_cmd_snapshot!(songo().args([
        "play",
        "--position",
        "seega:...../...../...../.NS../S....:S:movement:0-0:11-9",
        "a1-a2"
    ]));
}

#[test]
fn an_illegal_seega_move_names_its_rule_and_exits_1() {
    assert_cmd_snapshot!(songo().args([
        "play",
        "--position",
        "fixtures/positions/seega/start.txt",
        "a1,c3"
    ]));
}

#[test]
fn a_move_that_is_not_seega_exits_2() {
    assert_cmd_snapshot!(songo().args(["play", "--position", TRIPLE, "S2"]));
}

#[test]
fn moves_after_a_pass_lists_the_duty_to_unblock() {
    assert_cmd_snapshot!(songo().args([
        "moves",
        "--position",
        "fixtures/positions/seega/after-a-pass.json"
    ]));
    assert_cmd_snapshot!(songo().args([
        "moves",
        "--format",
        "json",
        "--position",
        "fixtures/positions/seega/after-a-pass.json"
    ]));
}

#[test]
fn moves_in_the_placement_phase() {
    assert_cmd_snapshot!(songo().args([
        "moves",
        "--position",
        "fixtures/positions/seega/start.txt"
    ]));
}

#[test]
fn moves_when_the_game_is_over() {
    assert_cmd_snapshot!(songo().args([
        "moves",
        "--position",
        "seega:...../...../N..../NN.../SNN..:N:movement:0-0:0-0:passed"
    ]));
}

#[test]
fn a_malformed_seega_position_exits_2_with_a_caret() {
    assert_cmd_snapshot!(songo().args([
        "moves",
        "--position",
        "seega:NN.NN/NNNNN/SN.XS/SSSSS/SSSNS"
    ]));
}

#[test]
fn the_ruleset_asked_for_and_the_position_must_agree() {
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--rules",
        "seega",
        "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5"
    ]));
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--rules",
        "songo",
        "seega:NN.NN/NNNNN/SN.SS/SSSSS/SSSNS"
    ]));
}

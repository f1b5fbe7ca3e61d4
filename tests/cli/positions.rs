//! `songo play`, `songo moves`, `songo convert`: every command, output form
//! and error path, on the worked examples of the escale text.

use insta_cmd::assert_cmd_snapshot;

use crate::songo;

const CAPTURE_EX1: &str = "fixtures/positions/capture-ex1.txt";

// ---- play ------------------------------------------------------------

#[test]
fn play_prints_the_three_boards_of_the_first_capture_example() {
    // The README's `play` command (its third line, after `validate`).
    assert_cmd_snapshot!(songo().args(["play", "--position", CAPTURE_EX1, "S1"]));
}

#[test]
fn play_numbers_several_moves() {
    assert_cmd_snapshot!(songo().args([
        "play",
        "--position",
        "fixtures/positions/capture-ex2.txt",
        "S2",
        "N6"
    ]));
}

#[test]
fn play_in_markdown() {
    assert_cmd_snapshot!(songo().args([
        "play",
        "--position",
        CAPTURE_EX1,
        "S1",
        "--format",
        "markdown"
    ]));
}

#[test]
fn play_in_svg_is_one_picture() {
    assert_cmd_snapshot!(songo().args([
        "play",
        "--position",
        CAPTURE_EX1,
        "S1",
        "--format",
        "svg"
    ]));
}

#[test]
fn play_in_json_is_the_play_report() {
    assert_cmd_snapshot!(songo().args([
        "play",
        "--position",
        CAPTURE_EX1,
        "S1",
        "--format",
        "json"
    ]));
}

#[test]
fn play_in_yaml() {
    assert_cmd_snapshot!(songo().args([
        "play",
        "--position",
        CAPTURE_EX1,
        "S1",
        "--format",
        "yaml"
    ]));
}

#[test]
fn play_reads_the_position_from_stdin() {
    let diagram = std::fs::read_to_string("fixtures/positions/capture-ex3.txt").unwrap();
    assert_cmd_snapshot!(
        songo()
            .args(["play", "--position", "-", "S5"])
            .pass_stdin(diagram)
    );
}

#[test]
fn play_says_when_the_game_is_over() {
    assert_cmd_snapshot!(songo().args([
        "play",
        "--position",
        "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7:35-0:S",
        "S1"
    ]));
}

#[test]
fn play_an_awale_diagram_in_the_casabianca_letters() {
    // North in capitals: the moves and boards keep that convention.
    assert_cmd_snapshot!(
        songo()
            .args(["play", "--position", "-", "d", "B"])
            .pass_stdin("F E D C B A\n4 4 4 4 4 4\n4 4 4 4 4 4\na b c d e f\n")
    );
}

#[test]
fn an_illegal_move_names_its_rule_and_exits_1() {
    assert_cmd_snapshot!(songo().args([
        "play",
        "--position",
        "songo:3,1,1,10,1,5,1/1,3,5,0,1,1,7:0-0:S",
        "S0"
    ]));
}

#[test]
fn an_illegal_move_after_legal_ones_shows_them_first() {
    assert_cmd_snapshot!(songo().args(["play", "--position", CAPTURE_EX1, "S1", "N1"]));
}

#[test]
fn a_move_that_is_no_house_exits_2() {
    assert_cmd_snapshot!(songo().args(["play", "--position", CAPTURE_EX1, "S9"]));
}

#[test]
fn play_needs_a_move() {
    assert_cmd_snapshot!(songo().args(["play", "--position", CAPTURE_EX1]));
}

// ---- moves -----------------------------------------------------------

#[test]
fn moves_in_text_from_a_diagram() {
    assert_cmd_snapshot!(songo().args([
        "moves",
        "--position",
        "fixtures/positions/exit-single.txt"
    ]));
}

#[test]
fn moves_lists_the_rule_behind_each_illegal_house() {
    assert_cmd_snapshot!(songo().args([
        "moves",
        "--format",
        "json",
        "--position",
        "songo:0,0,0,0,0,0,0/16,0,0,23,1,10,1:0-0:S"
    ]));
}

#[test]
fn moves_with_songo_ekang_rules() {
    assert_cmd_snapshot!(songo().args([
        "moves",
        "--rules",
        "songo-ekang",
        "--position",
        "fixtures/positions/solidarity.txt"
    ]));
}

#[test]
fn moves_when_the_game_is_over() {
    assert_cmd_snapshot!(songo().args([
        "moves",
        "--position",
        "songo:0,0,0,0,0,0,0/0,0,0,0,0,0,0:40-30:S"
    ]));
}

#[test]
fn moves_in_json_when_the_game_is_over() {
    assert_cmd_snapshot!(songo().args([
        "moves",
        "--format",
        "json",
        "--position",
        "songo:0,0,0,0,0,0,0/0,0,0,0,0,0,0:40-30:S"
    ]));
}

// ---- convert ---------------------------------------------------------

#[test]
fn convert_a_pasted_diagram_to_compact() {
    assert_cmd_snapshot!(songo().args(["convert", CAPTURE_EX1]));
}

#[test]
fn convert_to_text() {
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--to",
        "text",
        "songo:3,0,1,6,14,5,5/2,10,5,0,13,1,7:0-0:N"
    ]));
}

#[test]
fn convert_to_markdown() {
    assert_cmd_snapshot!(songo().args(["convert", "--to", "markdown", CAPTURE_EX1]));
}

#[test]
fn convert_to_svg() {
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--to",
        "svg",
        "--changed",
        "N0,N1,S0,S1",
        "fixtures/positions/capture-ex1-sown.txt"
    ]));
}

#[test]
fn convert_to_json() {
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--to",
        "json",
        "songo:3,0,1,6,14,5,5/2,10,5,0,13,1,7:0-0:N"
    ]));
}

#[test]
fn convert_to_yaml() {
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--to",
        "yaml",
        "awale:4,4,4,4,4,4/0,5,5,5,5,4:1-0:N"
    ]));
}

#[test]
fn convert_json_from_stdin() {
    assert_cmd_snapshot!(
        songo()
            .args(["convert", "-"])
            .pass_stdin(r#"{"rules": "songo", "north": [3, 0, 1, 6, 14, 5, 5], "south": [2, 10, 5, 0, 13, 1, 7], "to_move": "north"}"#)
    );
}

#[test]
fn convert_yaml_to_text() {
    assert_cmd_snapshot!(
        songo()
            .args(["convert", "--to", "text", "-"])
            .pass_stdin("rules: songo\nnorth: [0, 1, 2, 0, 1, 0, 2]\nsouth: [1, 1, 0, 0, 8, 5, 1]\nstores: {south: 12, north: 9}\nto_move: north\n")
    );
}

#[test]
fn convert_markdown_back_to_compact() {
    let table = "| N0 | N1 | N2 | N3 | N4 | N5 | N6 |\n|:--:|:--:|:--:|:--:|:--:|:--:|:--:|\n| **4** | **2** | 1 | 10 | 1 | 5 | 0 |\n| **3** | **0** | 5 | 0 | 1 | 1 | 7 |\n| S0 | S1 | S2 | S3 | S4 | S5 | S6 |\n\n- stores: south 0, north 0\n";
    assert_cmd_snapshot!(songo().args(["convert", "-"]).pass_stdin(table));
}

#[test]
fn convert_to_and_from_the_ogn_fen() {
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--to",
        "fen",
        "awale:4,4,4,4,4,4/0,5,5,5,5,4:1-0:N"
    ]));
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--to",
        "text",
        "--letters",
        "north-upper",
        "4-4-4-4-4-4-0-5-5-5-5-4-1-0-N"
    ]));
}

#[test]
fn convert_to_fen_refuses_songo() {
    assert_cmd_snapshot!(songo().args(["convert", "--to", "fen", CAPTURE_EX1]));
}

#[test]
fn convert_marks_houses_by_hand() {
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--to",
        "text",
        "--changed",
        "N0,N1",
        "--captured",
        "S3",
        CAPTURE_EX1
    ]));
}

#[test]
fn convert_refuses_an_unknown_house_to_mark() {
    assert_cmd_snapshot!(songo().args(["convert", "--to", "text", "--changed", "N7", CAPTURE_EX1]));
}

#[test]
fn an_unlabelled_six_wide_diagram_asks_for_the_ruleset() {
    assert_cmd_snapshot!(
        songo()
            .args(["convert", "-"])
            .pass_stdin("4\t4\t4\t4\t4\t4\n4\t4\t4\t4\t4\t4\n")
    );
    assert_cmd_snapshot!(
        songo()
            .args(["convert", "--rules", "awale", "-"])
            .pass_stdin("4\t4\t4\t4\t4\t4\n4\t4\t4\t4\t4\t4\n")
    );
}

#[test]
fn a_malformed_position_exits_2_with_a_caret() {
    assert_cmd_snapshot!(songo().args(["convert", "songo:3,1,1,1x0,1,5,1/1,3,5,0,1,1,7"]));
}

#[test]
fn a_malformed_diagram_file_names_the_file_line_and_column() {
    assert_cmd_snapshot!(
        songo().args(["moves", "--position", "-"]).pass_stdin(
            "N0 N1 N2 N3 N4 N5 N6\n3 1 1 10 1 5 0\n2 3 5 0 1 1\nS0 S1 S2 S3 S4 S5 S6\n"
        )
    );
}

#[test]
fn a_missing_file_is_an_input_error() {
    assert_cmd_snapshot!(songo().args(["convert", "no-such-board.txt"]));
}

#[test]
fn an_unknown_output_form_is_a_usage_error() {
    assert_cmd_snapshot!(songo().args(["convert", "--to", "png", CAPTURE_EX1]));
}

// ---- help ------------------------------------------------------------

#[test]
fn every_command_has_help_with_examples() {
    assert_cmd_snapshot!(songo().args(["--help"]));
    assert_cmd_snapshot!(songo().args(["play", "--help"]));
    assert_cmd_snapshot!(songo().args(["moves", "--help"]));
    assert_cmd_snapshot!(songo().args(["convert", "--help"]));
}

#[test]
fn awale_explanations_name_houses_in_the_letters_asked_for() {
    let position = "awale:0,0,0,0,0,0/0,0,0,0,1,1:0-0:S";
    assert_cmd_snapshot!(songo().args([
        "moves",
        "--letters",
        "north-upper",
        "--position",
        position
    ]));
    assert_cmd_snapshot!(songo().args([
        "play",
        "--letters",
        "north-upper",
        "--position",
        position,
        "e"
    ]));
}

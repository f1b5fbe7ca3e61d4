//! `songo play`, `songo moves`, `songo convert`.

use insta_cmd::assert_cmd_snapshot;

use crate::songo;

#[test]
fn play_prints_the_three_boards_of_the_first_capture_example() {
    assert_cmd_snapshot!(songo().args([
        "play",
        "--position",
        "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7:0-0:S",
        "S1"
    ]));
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
fn a_malformed_position_exits_2_with_a_caret() {
    assert_cmd_snapshot!(songo().args(["convert", "songo:3,1,1,1x0,1,5,1/1,3,5,0,1,1,7"]));
}

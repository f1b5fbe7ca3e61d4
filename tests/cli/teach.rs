//! `songo explain`, what `songo moves` says of each move, the pictures that
//! show it (`--highlight`, `--arrow`, `--layout vertical`), on the boards of
//! the escale text's section VII, in English and in French.

use insta_cmd::assert_cmd_snapshot;

use crate::songo;

const SIMPLE: &str = "fixtures/positions/threat-simple.txt";
const DOUBLE: &str = "fixtures/positions/threat-double.txt";
const YINDA: &str = "fixtures/positions/yinda.txt";
const GRENIER: &str = "fixtures/positions/grenier-s4.txt";
const BIDOUA: &str = "fixtures/positions/bidoua.txt";
const SEEGA: &str = "seega:...../...../...S./..N../..S..:N";

// ---- explain ---------------------------------------------------------

#[test]
fn explain_says_what_the_text_says_on_its_five_boards() {
    // N4 threatens S3 and S4 (6), S1 threatens N2 (3).
    assert_cmd_snapshot!(
        "explain_simple",
        songo().args(["explain", "--position", SIMPLE])
    );
    // S0 and S1 make a double threat that N2 limits to 2.
    assert_cmd_snapshot!(
        "explain_double",
        songo().args(["explain", "--position", DOUBLE])
    );
    // North to move: N1 is a yinda, S4's capture drops from 11 to 2.
    assert_cmd_snapshot!(
        "explain_yinda",
        songo().args(["explain", "--position", YINDA, "--to-move", "north"])
    );
    // S4 is a grenier of 17 that takes 11.
    assert_cmd_snapshot!(
        "explain_grenier",
        songo().args(["explain", "--position", GRENIER])
    );
    assert_cmd_snapshot!(
        "explain_bidoua",
        songo().args(["explain", "--position", BIDOUA])
    );
}

#[test]
fn explain_in_french() {
    assert_cmd_snapshot!(
        "explain_simple_fr",
        songo().args(["explain", "--lang", "fr", "--position", SIMPLE])
    );
    assert_cmd_snapshot!(
        "explain_yinda_markdown_fr",
        songo().args([
            "--lang",
            "fr",
            "explain",
            "--position",
            YINDA,
            "--to-move",
            "north",
            "--format",
            "markdown"
        ])
    );
    // The locale decides when --lang is not given.
    assert_cmd_snapshot!(
        "explain_double_fr_from_the_locale",
        songo()
            .env("LANG", "fr_FR.UTF-8")
            .args(["explain", "--position", DOUBLE])
    );
}

#[test]
fn explain_as_markdown_json_and_yaml() {
    assert_cmd_snapshot!(
        "explain_double_markdown",
        songo().args(["explain", "--position", DOUBLE, "--format", "markdown"])
    );
    assert_cmd_snapshot!(
        "explain_yinda_json",
        songo().args([
            "explain",
            "--position",
            YINDA,
            "--to-move",
            "north",
            "--format",
            "json"
        ])
    );
    assert_cmd_snapshot!(
        "explain_simple_yaml",
        songo().args(["explain", "--position", SIMPLE, "--format", "yaml"])
    );
}

#[test]
fn explain_draws_the_vocabulary_on_the_board() {
    assert_cmd_snapshot!(
        "explain_double_svg",
        songo().args(["explain", "--position", DOUBLE, "--format", "svg"])
    );
    assert_cmd_snapshot!(
        "explain_yinda_svg",
        songo().args([
            "explain",
            "--position",
            YINDA,
            "--to-move",
            "north",
            "--format",
            "svg"
        ])
    );
    assert_cmd_snapshot!(
        "explain_yinda_svg_fr",
        songo().args([
            "explain",
            "--lang",
            "fr",
            "--position",
            YINDA,
            "--to-move",
            "north",
            "--format",
            "svg"
        ])
    );
}

#[test]
fn explain_draws_marks_by_hand() {
    assert_cmd_snapshot!(
        "explain_simple_svg_by_hand",
        songo().args([
            "explain",
            "--position",
            SIMPLE,
            "--format",
            "svg",
            "--highlight",
            "S4,N2",
            "--arrow",
            "S4:N0,S1:S6"
        ])
    );
}

#[test]
fn explain_refuses_marks_it_cannot_read() {
    assert_cmd_snapshot!(
        "explain_bad_highlight",
        songo().args([
            "explain",
            "--position",
            SIMPLE,
            "--format",
            "svg",
            "--highlight",
            "S9"
        ])
    );
    assert_cmd_snapshot!(
        "explain_bad_arrow",
        songo().args([
            "explain",
            "--position",
            SIMPLE,
            "--format",
            "svg",
            "--arrow",
            "S4-N0"
        ])
    );
}

#[test]
fn explain_a_seega_position() {
    assert_cmd_snapshot!(
        "explain_seega",
        songo().args(["explain", "--position", SEEGA])
    );
    assert_cmd_snapshot!(
        "explain_seega_json",
        songo().args(["explain", "--position", SEEGA, "--format", "json"])
    );
    assert_cmd_snapshot!(
        "explain_seega_svg",
        songo().args(["explain", "--position", SEEGA, "--format", "svg"])
    );
    // While pieces are placed, a side with nothing in hand cannot be to move.
    assert_cmd_snapshot!(
        "explain_seega_to_move_refused",
        songo().args([
            "explain",
            "--position",
            "seega:...../...../...../...../.....:S:placement:12-0",
            "--to-move",
            "north"
        ])
    );
}

#[test]
fn explain_has_help_with_examples() {
    assert_cmd_snapshot!("explain_help", songo().args(["explain", "--help"]));
}

// ---- moves: what each move does --------------------------------------

#[test]
fn moves_say_what_each_move_does() {
    assert_cmd_snapshot!(
        "moves_simple",
        songo().args(["moves", "--position", SIMPLE])
    );
    assert_cmd_snapshot!(
        "moves_simple_fr",
        songo().args(["moves", "--lang", "fr", "--position", SIMPLE])
    );
    assert_cmd_snapshot!(
        "moves_simple_json",
        songo().args(["moves", "--position", SIMPLE, "--format", "json"])
    );
    // The yinda board, North to move (the compact notation says so).
    assert_cmd_snapshot!(
        "moves_yinda",
        songo().args([
            "moves",
            "--position",
            "songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N"
        ])
    );
}

#[test]
fn seega_moves_say_what_each_step_does() {
    assert_cmd_snapshot!("moves_seega", songo().args(["moves", "--position", SEEGA]));
    assert_cmd_snapshot!(
        "moves_seega_json",
        songo().args(["moves", "--position", SEEGA, "--format", "json"])
    );
}

// ---- play: pictures for a page ---------------------------------------

#[test]
fn play_draws_by_hand_on_every_board() {
    assert_cmd_snapshot!(
        "play_by_hand_svg",
        songo().args([
            "play",
            "--position",
            SIMPLE,
            "S1",
            "--format",
            "svg",
            "--highlight",
            "N4",
            "--arrow",
            "N4:S3"
        ])
    );
}

/// The width a picture is printed at on a page of A4 in portrait with
/// margins of 15 mm.
const A4_PRINT_WIDTH_MM: f64 = 180.0;
/// 9 points, in millimetres.
const NINE_POINTS_MM: f64 = 9.0 * 25.4 / 72.0;

/// The number after `name="` in `text`, from `at`.
fn attribute(text: &str, name: &str) -> Option<f64> {
    let start = text.find(&format!("{name}=\""))? + name.len() + 2;
    let end = start + text[start..].find('"')?;
    text[start..end].parse().ok()
}

#[test]
fn the_vertical_layout_prints_every_count_at_nine_points_on_a4() {
    for (position, played) in [(GRENIER, "S4"), (SIMPLE, "S1")] {
        let output = songo()
            .args([
                "play",
                "--position",
                position,
                played,
                "--format",
                "svg",
                "--layout",
                "vertical",
            ])
            .output()
            .expect("songo runs");
        assert!(output.status.success());
        let svg = String::from_utf8(output.stdout).expect("UTF-8");
        let width = attribute(&svg, "width").expect("a width");
        let scale = A4_PRINT_WIDTH_MM / width;
        // Every number drawn (the counts of the pits and stores, badges).
        let numbers: Vec<f64> = svg
            .lines()
            .filter(|line| line.starts_with("<text"))
            .filter(|line| {
                let content = line.rsplit_once("\">").map_or("", |(_, c)| c);
                let content = content.trim_end_matches("</text>");
                !content.is_empty() && content.chars().all(|c| c.is_ascii_digit())
            })
            .filter_map(|line| attribute(line, "font-size"))
            .collect();
        assert!(
            numbers.len() >= 3 * 16,
            "{position}: {} numbers",
            numbers.len()
        );
        let smallest = numbers.iter().copied().fold(f64::INFINITY, f64::min);
        assert!(
            smallest * scale >= NINE_POINTS_MM,
            "{position}: the smallest number is {:.2} mm high on A4, less than 9 pt",
            smallest * scale
        );
        // Side by side, the same boards print too small.
        let row = songo()
            .args(["play", "--position", position, played, "--format", "svg"])
            .output()
            .expect("songo runs");
        let row = String::from_utf8(row.stdout).expect("UTF-8");
        let row_scale = A4_PRINT_WIDTH_MM / attribute(&row, "width").expect("a width");
        assert!(22.0 * row_scale < NINE_POINTS_MM);
    }
}

#[test]
fn play_in_a_column_as_svg() {
    assert_cmd_snapshot!(
        "play_grenier_vertical_svg",
        songo().args([
            "play",
            "--position",
            GRENIER,
            "S4",
            "--format",
            "svg",
            "--layout",
            "vertical"
        ])
    );
}

// ---- annotate --------------------------------------------------------

/// The escale text's simple threat with the line it goes on with (S1, N4),
/// then the yinda board's line (N1, S4), as a teacher would record them.
const LINES: &str = "[Event \"Section VII A\"]
[Rules \"songo\"]
[SetUp \"fragment\"]
[Position \"songo:0,0,2,0,6,0,0/1,4,0,3,1,5,1:0-0:S\"]

{The simple threat.} 1. S1+3 N4+6 (1... N2) *

[Event \"Section VII C\"]
[Rules \"songo\"]
[SetUp \"fragment\"]
[Position \"songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N\"]

1... N1 2. S4+2 *
";

#[test]
fn annotate_writes_the_record_back_with_comments() {
    assert_cmd_snapshot!(
        "annotate_lines",
        songo().args(["annotate", "-"]).pass_stdin(LINES)
    );
    assert_cmd_snapshot!(
        "annotate_lines_fr",
        songo()
            .args(["annotate", "--lang", "fr", "-"])
            .pass_stdin(LINES)
    );
    assert_cmd_snapshot!(
        "annotate_full_game",
        songo().args(["annotate", "fixtures/records/valid/songo-full-game.songo"])
    );
}

#[test]
fn annotate_gives_the_annotations_as_data() {
    assert_cmd_snapshot!(
        "annotate_lines_json",
        songo()
            .args(["annotate", "--format", "json", "-"])
            .pass_stdin(LINES)
    );
}

#[test]
fn annotate_a_seega_game() {
    assert_cmd_snapshot!(
        "annotate_seega",
        songo().args([
            "annotate",
            "fixtures/records/valid/seega-total-victory.songo"
        ])
    );
}

#[test]
fn annotate_stops_at_an_illegal_move_and_says_so() {
    assert_cmd_snapshot!(
        "annotate_illegal",
        songo()
            .args(["annotate", "-"])
            .pass_stdin("[Rules \"songo\"]\n\n1. S2 N4 2. S2 N3 *\n")
    );
}

#[test]
fn annotate_refuses_a_record_it_cannot_read() {
    assert_cmd_snapshot!(
        "annotate_syntax_error",
        songo()
            .args(["annotate", "-"])
            .pass_stdin("[Rules \"songo\"]\n\n1. S2 ) N4 *\n")
    );
    assert_cmd_snapshot!(
        "annotate_missing_file",
        songo().args(["annotate", "no-such-game.songo"])
    );
}

#[test]
fn annotate_has_help_with_examples() {
    assert_cmd_snapshot!("annotate_help", songo().args(["annotate", "--help"]));
}

// ---- the pictures of docs/teaching.md ---------------------------------

#[test]
fn the_pictures_of_the_docs_are_what_the_commands_draw() {
    let pictures: [(&str, &[&str]); 4] = [
        (
            "double-threat.svg",
            &["explain", "--position", DOUBLE, "--format", "svg"],
        ),
        (
            "yinda.svg",
            &[
                "explain",
                "--position",
                YINDA,
                "--to-move",
                "north",
                "--format",
                "svg",
            ],
        ),
        (
            "grenier-s4-played.svg",
            &[
                "play",
                "--position",
                GRENIER,
                "S4",
                "--format",
                "svg",
                "--layout",
                "vertical",
            ],
        ),
        (
            "seega-threat.svg",
            &["explain", "--position", SEEGA, "--format", "svg"],
        ),
    ];
    for (file, args) in pictures {
        let drawn = songo().args(args).output().expect("songo runs");
        assert!(drawn.status.success(), "{file}");
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs/pictures")
            .join(file);
        let committed = std::fs::read(&path).expect("the picture is committed");
        assert!(
            drawn.stdout == committed,
            "docs/pictures/{file} is not what `songo {}` draws now: draw it again",
            args.join(" ")
        );
    }
}

/// A wrong move number is renumbered in the record written back, and said
/// on stderr (issue 26, item 19).
#[test]
fn annotate_warns_of_a_move_number_it_renumbers() {
    let output = songo()
        .args(["annotate", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write as _;
            child
                .stdin
                .take()
                .expect("a stdin")
                .write_all(b"[Rules \"songo\"]\n\n1. S2 N4 3. S5 N1 *\n")?;
            child.wait_with_output()
        })
        .expect("songo runs");
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(stdout.contains("2. S5"), "{stdout}");
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(stderr.starts_with("warning: <stdin>:3:10: "), "{stderr}");
    assert!(
        stderr.contains("record.move-number") || stderr.contains("3"),
        "{stderr}"
    );
    assert!(
        stderr
            .trim_end()
            .ends_with("the record written back numbers the moves as they are played"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

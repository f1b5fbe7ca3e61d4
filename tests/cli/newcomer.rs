//! What a new user tripped over (issue 17), each fixed and held here.

use insta_cmd::assert_cmd_snapshot;

use crate::songo;

/// The command's standard output, standard error and exit status.
fn run(args: &[&str]) -> (String, String, Option<i32>) {
    let output = songo().args(args).output().expect("songo runs");
    (
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        String::from_utf8(output.stderr).expect("UTF-8 errors"),
        output.status.code(),
    )
}

// ---- 1. North moves on the texts' diagrams ------------------------------

#[test]
fn a_north_move_on_a_diagram_that_does_not_say_who_moves_suggests_to_move() {
    assert_cmd_snapshot!(songo().args([
        "play",
        "--position",
        "fixtures/positions/grenier-14.txt",
        "N4"
    ]));
}

#[test]
fn to_move_plays_north_on_a_diagram() {
    assert_cmd_snapshot!(songo().args([
        "play",
        "--to-move",
        "north",
        "--position",
        "fixtures/positions/grenier-14.txt",
        "N4"
    ]));
}

#[test]
fn to_move_on_moves_and_convert() {
    let (moves, _, status) = run(&[
        "moves",
        "--to-move",
        "north",
        "--position",
        "fixtures/positions/grenier-14.txt",
    ]);
    assert_eq!(status, Some(0));
    assert!(
        moves.starts_with("North to move.\nLegal: N0 N2 N3 N4 N5 N6\n"),
        "{moves}"
    );
    let (compact, _, _) = run(&[
        "convert",
        "--to-move",
        "n",
        "fixtures/positions/grenier-14.txt",
    ]);
    assert_eq!(compact, "songo:3,0,1,6,14,5,5/2,10,5,0,13,1,7:0-0:N\n");
    // Seega: who places first.
    let (seega, _, _) = run(&["convert", "--to-move", "north", "--rules", "seega", "start"]);
    assert_eq!(
        seega,
        "seega:...../...../...../...../.....:N:placement:12-12:0-0\n"
    );
}

#[test]
fn convert_start_gives_the_start_position_of_the_ruleset() {
    let (songo, _, status) = run(&["convert", "start"]);
    assert_eq!(status, Some(0));
    assert_eq!(songo, "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S\n");
    let (awale, _, _) = run(&["convert", "--rules", "awale", "start"]);
    assert_eq!(awale, "awale:4,4,4,4,4,4/4,4,4,4,4,4:0-0:S\n");
    let (played, _, status) = run(&["play", "--position", "start", "S2", "--format", "json"]);
    assert_eq!(status, Some(0), "{played}");
}

// ---- 4. Messages ----------------------------------------------------------

#[test]
fn a_text_that_is_no_position_says_so() {
    assert_cmd_snapshot!(songo().args(["convert", "hello world"]));
    // A ruleset that does not exist is still named as such.
    let (_, error, _) = run(&["convert", "chess:5,5,5,5,5,5,5/5,5,5,5,5,5,5"]);
    assert!(error.contains("unknown ruleset `chess`"), "{error}");
}

#[test]
fn a_no_emptying_move_says_what_it_would_have_taken() {
    let (played, _, status) = run(&[
        "play",
        "--to-move",
        "north",
        "--position",
        "fixtures/positions/no-emptying.txt",
        "N3",
    ]);
    assert_eq!(status, Some(0));
    assert!(
        played.ends_with(
            "no capture: taking S3 S4 S5 S6 (10 seeds) would have left South no seed; rules: songo.sow, songo.capture.no-emptying\n"
        ),
        "{played}"
    );
}

#[test]
fn a_move_without_capture_shows_one_board_after_it() {
    let (played, _, status) = run(&["play", "--position", "start", "S2"]);
    assert_eq!(status, Some(0));
    assert_eq!(played.matches("N0  N1  N2").count(), 2, "{played}");
    assert!(!played.contains("After captures"), "{played}");
    assert_cmd_snapshot!(songo().args(["play", "--position", "start", "S2", "N4"]));
    // A capture keeps its three boards.
    let (captured, _, _) = run(&[
        "play",
        "--position",
        "fixtures/positions/capture-ex1.txt",
        "S1",
    ]);
    assert_eq!(captured.matches("N0  N1  N2").count(), 3, "{captured}");
}

// ---- 5. Flags that do nothing ---------------------------------------------

#[test]
fn marks_are_refused_where_nothing_is_drawn() {
    for (to, flag, value) in [
        ("json", "--changed", "N0"),
        ("compact", "--captured", "N0"),
        ("yaml", "--last-move", "S1"),
        ("text", "--last-move", "S1"),
    ] {
        let (out, error, status) = run(&[
            "convert",
            "--to",
            to,
            flag,
            value,
            "fixtures/positions/capture-ex1.txt",
        ]);
        assert_eq!(status, Some(2), "{to} {flag}: {out}");
        assert!(error.contains(flag), "{error}");
    }
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--to",
        "json",
        "--changed",
        "N0,N1",
        "fixtures/positions/capture-ex1.txt"
    ]));
    let (_, error, status) = run(&[
        "convert",
        "--to",
        "svg",
        "--no-coordinates",
        "fixtures/positions/capture-ex1.txt",
    ]);
    assert_eq!(status, Some(2));
    assert!(error.contains("--no-coordinates"), "{error}");
}

#[test]
fn the_last_move_shows_on_a_sowing_board_in_markdown() {
    let (table, _, _) = run(&[
        "convert",
        "--to",
        "markdown",
        "--last-move",
        "S1",
        "fixtures/positions/capture-ex1-sown.txt",
    ]);
    // The table reads back as the same position.
    let (compact, error, _) = run(&["convert", &table]);
    let (expected, _, _) = run(&["convert", "fixtures/positions/capture-ex1-sown.txt"]);
    assert_eq!(compact, expected, "{error}");
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--to",
        "markdown",
        "--last-move",
        "S1",
        "--changed",
        "N0,N1,S0,S1",
        "fixtures/positions/capture-ex1-sown.txt"
    ]));
}

#[test]
fn moves_help_promises_no_diagram() {
    let (help, _, _) = run(&["moves", "--help"]);
    assert!(!help.contains("Diagrams"), "{help}");
}

// ---- 7. Docs ---------------------------------------------------------------

/// The examples of every command's help fit in 80 columns, a long one
/// continued on the next line after a backslash, so that each can be
/// copied whole from a narrow terminal.
#[test]
fn help_examples_fit_in_80_columns() {
    let commands = [
        "",
        "play",
        "moves",
        "explain",
        "annotate",
        "convert",
        "validate",
        "generate",
        "rules",
        "analyse",
        "tables build",
        "tables merge",
        "tables info",
        "lesson check",
        "lesson render",
        "serve",
    ];
    for command in commands {
        let mut args: Vec<&str> = command.split_whitespace().collect();
        args.push("--help");
        let (help, _, _) = run(&args);
        let examples = help
            .split_once("\nExample")
            .map_or("", |(_, examples)| examples);
        let examples = examples.split("\n\n").next().unwrap_or_default();
        assert!(!examples.is_empty(), "{command}: no examples");
        for line in examples.lines().skip(1) {
            assert!(line.chars().count() <= 80, "{command}: {line:?}");
            assert!(
                line.starts_with("      ") || line.starts_with("  ") && line.contains("songo "),
                "{command}: {line:?} is no command nor the continuation of one"
            );
        }
    }
}

/// The files the examples of the README and of docs/ write (`> board.svg`,
/// `--out tables/`) are ignored by git: run from the repository, as a
/// reader tries them, they leave it clean (issue 26, item 28).
#[test]
fn what_the_doc_examples_write_is_ignored_by_git() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut written = std::collections::BTreeSet::new();
    let mut texts = vec![std::fs::read_to_string(root.join("README.md")).expect("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).expect("docs/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            texts.push(std::fs::read_to_string(&path).expect("a doc"));
        }
    }
    for text in &texts {
        let mut fenced = false;
        for line in text.lines() {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                continue;
            }
            if !fenced
                || !(line.contains("songo ") || line.contains("jq ") || line.contains("sed "))
            {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            for pair in words.windows(2) {
                if matches!(pair[0], ">" | "--out") {
                    written.insert(pair[1].to_owned());
                }
            }
        }
    }
    let written: Vec<String> = written
        .into_iter()
        .filter(|path| !path.starts_with('/') && path != "DIR" && !path.starts_with('$'))
        .collect();
    assert!(written.contains(&"board.svg".to_owned()), "{written:?}");
    for path in &written {
        let tracked = std::process::Command::new("git")
            .args(["ls-files", "--error-unmatch", path])
            .current_dir(root)
            .output()
            .expect("git runs");
        if tracked.status.success() {
            continue; // a committed file the docs say how to draw again
        }
        let ignored = std::process::Command::new("git")
            .args(["check-ignore", "-q", "--no-index", path])
            .current_dir(root)
            .status()
            .expect("git runs");
        assert!(
            ignored.success(),
            "{path}, which a doc example writes, is not in .gitignore"
        );
    }
}

//! Every command in French: `LANG=fr_FR.UTF-8` (or `--lang fr`) gives the
//! same outputs with French words, and `--lang en` today's English.

use insta_cmd::assert_cmd_snapshot;

use crate::{songo, songo_fr};

/// The command's standard output and error, and its exit status.
fn run(command: &mut std::process::Command) -> (String, String, Option<i32>) {
    let output = command.output().expect("songo runs");
    (
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        String::from_utf8(output.stderr).expect("UTF-8 errors"),
        output.status.code(),
    )
}

#[test]
fn validate_speaks_french_when_lang_is_french() {
    assert_cmd_snapshot!(songo_fr().args(["validate", "fixtures/records/broken/"]));
}

#[test]
fn validate_speaks_english_with_lang_en_whatever_the_locale() {
    let english = run(songo().args(["validate", "fixtures/records/broken/"]));
    let asked = run(songo_fr().args(["--lang", "en", "validate", "fixtures/records/broken/"]));
    assert_eq!(asked, english);
    assert!(
        english
            .0
            .contains("error[songo.exit]: S0 is South's exit house")
    );
}

#[test]
fn lang_flag_wins_over_the_locale_and_lc_all_over_lang() {
    let flag = run(songo().args([
        "--lang",
        "fr",
        "moves",
        "--position",
        "fixtures/positions/solidarity.txt",
    ]));
    let locale = run(songo_fr().args(["moves", "--position", "fixtures/positions/solidarity.txt"]));
    assert_eq!(flag, locale);
    assert!(flag.0.starts_with("Au trait : Sud."), "{}", flag.0);
    let lc_all = run(songo_fr().env("LC_ALL", "en_GB.UTF-8").args([
        "moves",
        "--position",
        "fixtures/positions/solidarity.txt",
    ]));
    assert!(lc_all.0.starts_with("South to move."), "{}", lc_all.0);
}

#[test]
fn validate_json_messages_in_french() {
    assert_cmd_snapshot!(songo_fr().args([
        "validate",
        "--format",
        "json",
        "fixtures/records/broken/exit.songo"
    ]));
}

#[test]
fn a_valid_game_in_french() {
    assert_cmd_snapshot!(
        songo_fr().args(["validate", "fixtures/records/valid/songo-full-game.songo"])
    );
}

#[test]
fn play_in_french() {
    assert_cmd_snapshot!(songo_fr().args([
        "play",
        "--position",
        "fixtures/positions/capture-ex1.txt",
        "S1",
        "N3"
    ]));
}

#[test]
fn play_in_french_markdown() {
    assert_cmd_snapshot!(songo_fr().args([
        "play",
        "--position",
        "fixtures/positions/capture-ex1.txt",
        "S1",
        "--format",
        "markdown"
    ]));
}

#[test]
fn play_in_french_svg() {
    assert_cmd_snapshot!(songo_fr().args([
        "play",
        "--position",
        "fixtures/positions/capture-ex1.txt",
        "S1",
        "--format",
        "svg"
    ]));
}

#[test]
fn seega_play_in_french() {
    assert_cmd_snapshot!(songo_fr().args([
        "play",
        "--position",
        "fixtures/positions/seega/triple-capture.txt",
        "b3-c3"
    ]));
}

#[test]
fn an_illegal_move_in_french() {
    assert_cmd_snapshot!(songo_fr().args([
        "play",
        "--position",
        "fixtures/positions/exit-single.txt",
        "S0"
    ]));
}

#[test]
fn moves_in_french_text_and_json() {
    assert_cmd_snapshot!(songo_fr().args([
        "moves",
        "--position",
        "fixtures/positions/solidarity.txt"
    ]));
    assert_cmd_snapshot!(songo_fr().args([
        "moves",
        "--format",
        "json",
        "--position",
        "fixtures/positions/solidarity.txt"
    ]));
}

#[test]
fn seega_moves_in_french() {
    assert_cmd_snapshot!(songo_fr().args([
        "moves",
        "--position",
        "fixtures/positions/seega/after-a-pass.json"
    ]));
}

#[test]
fn a_malformed_position_in_french() {
    assert_cmd_snapshot!(songo_fr().args([
        "moves",
        "--position",
        "songo:5,5,5,1x0,5,5,5/5,5,5,5,5,5,5"
    ]));
}

#[test]
fn convert_in_french() {
    assert_cmd_snapshot!(songo_fr().args([
        "convert",
        "--to",
        "text",
        "fixtures/positions/capture-ex1.txt"
    ]));
    assert_cmd_snapshot!(songo_fr().args([
        "convert",
        "--to",
        "markdown",
        "seega:..S../...../..S.S/...../..S.N:N",
        "--last-move",
        "b3-c3",
        "--captured",
        "c2,d3,c4"
    ]));
}

#[test]
fn convert_errors_in_french() {
    assert_cmd_snapshot!(songo_fr().args([
        "convert",
        "--to",
        "fen",
        "fixtures/positions/capture-ex1.txt"
    ]));
}

/// The French diagram is read back as the same position.
#[test]
fn a_french_diagram_converts_back() {
    let (french, _, status) = run(songo_fr().args([
        "convert",
        "--to",
        "text",
        "songo:3,0,1,6,14,5,5/2,10,5,0,13,1,7:4-2:N",
    ]));
    assert_eq!(status, Some(0));
    assert!(french.contains("réserves : sud 4 nord 2\nau trait : nord\n"));
    let (compact, _, _) = run(songo().args(["convert", "--to", "compact", &french]));
    assert_eq!(compact, "songo:3,0,1,6,14,5,5/2,10,5,0,13,1,7:4-2:N\n");
}

#[test]
fn rules_in_french() {
    assert_cmd_snapshot!(songo_fr().args(["rules", "--rules", "songo"]));
}

#[test]
fn generate_in_french() {
    // Records have no words to translate: the same games in every language;
    // what can be said is said in French.
    let english = run(songo().args(["generate", "--games", "2", "--seed", "3"]));
    let french = run(songo_fr().args(["generate", "--games", "2", "--seed", "3"]));
    assert_eq!(french, english);
    assert_cmd_snapshot!(songo_fr().args(["generate", "--games", "1", "--seed", "3"]));
}

#[test]
fn serve_in_french() {
    assert_cmd_snapshot!(songo_fr().args(["serve", "--body-limit", "0"]));
    assert_cmd_snapshot!(songo_fr().args(["serve", "--addr", "localhost"]));
}

#[test]
fn explain_in_french() {
    for (form, position) in [
        ("text", "fixtures/positions/threat-double.txt"),
        ("markdown", "fixtures/positions/yinda.txt"),
        ("svg", "fixtures/positions/grenier-s4.txt"),
    ] {
        assert_cmd_snapshot!(
            format!("explain_in_french_{form}"),
            songo_fr().args(["explain", "--position", position, "--format", form])
        );
    }
    assert_cmd_snapshot!(
        "explain_in_french_seega",
        songo_fr().args([
            "explain",
            "--position",
            "fixtures/positions/seega/triple-capture.txt"
        ])
    );
}

#[test]
fn annotate_in_french() {
    assert_cmd_snapshot!(
        songo_fr().args(["annotate", "fixtures/records/valid/songo-full-game.songo"])
    );
    assert_cmd_snapshot!(songo_fr().args(["annotate", "no-such-file.songo"]));
}

#[test]
fn moves_in_french_say_what_each_move_does() {
    assert_cmd_snapshot!(songo_fr().args([
        "moves",
        "--position",
        "fixtures/positions/threat-simple.txt"
    ]));
}

#[test]
fn lesson_check_in_french() {
    assert_cmd_snapshot!(songo_fr().args(["lesson", "check", "fixtures/lessons/sample.md"]));
    assert_cmd_snapshot!(songo_fr().args([
        "lesson",
        "check",
        "fixtures/records/valid/lessons.songo"
    ]));
}

#[test]
fn lesson_render_in_french() {
    let (handout, error, status) =
        run(songo_fr().args(["lesson", "render", "fixtures/lessons/escale-a-jeux.fr.txt"]));
    assert_eq!(status, Some(0), "{error}");
    assert!(handout.starts_with("<!DOCTYPE html>"), "{handout}");
    assert!(handout.contains("<html lang=\"fr\">"), "{handout:.300}");
    assert_cmd_snapshot!(songo_fr().args(["lesson", "render", "fixtures/lessons/sample.md"]));
    assert_cmd_snapshot!(songo_fr().args([
        "lesson",
        "render",
        "--to",
        "markdown",
        "fixtures/lessons/sample.md"
    ]));
}

#[test]
fn analyse_in_french() {
    let (text, error, status) = run(songo_fr().args([
        "analyse",
        "--position",
        "fixtures/positions/capture-ex3.txt",
        "--depth",
        "6",
    ]));
    assert_eq!(status, Some(0), "{error}");
    // The time taken changes from run to run.
    let text: Vec<&str> = text
        .lines()
        .filter(|line| !line.starts_with("Temps "))
        .collect();
    insta::assert_snapshot!(text.join("\n"));
    assert_cmd_snapshot!(songo_fr().args([
        "analyse",
        "--position",
        "fixtures/positions/seega/triple-capture.txt"
    ]));
}

#[test]
fn tables_in_french() {
    assert_cmd_snapshot!(songo_fr().args(["tables", "info", "--rules", "songo", "fixtures"]));
    assert_cmd_snapshot!(songo_fr().args(["tables", "build", "--rules", "seega", "--seeds", "3"]));
}

/// Every subcommand `songo --help` lists has a French snapshot here: a
/// test of this module whose name starts with the command's
/// (`lesson_render_in_french`), run with `songo_fr()` or `--lang fr`. A
/// new command adds one; see docs/i18n.md.
#[test]
fn every_command_has_a_french_snapshot() {
    let (help, _, _) = run(songo().arg("--help"));
    let commands: Vec<&str> = help
        .split("Commands:\n")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .expect("the help lists the commands")
        .lines()
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&command| command != "help")
        .collect();
    assert!(commands.len() > 10, "{commands:?}");
    let snapshots: Vec<String> = std::fs::read_dir("tests/cli/snapshots")
        .expect("the snapshots are there")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .collect();
    let missing: Vec<&str> = commands
        .iter()
        .copied()
        .filter(|command| {
            let prefix = format!("cli__french__{command}_");
            !snapshots.iter().any(|name| name.starts_with(&prefix))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "no French snapshot for songo {missing:?}: add a test named <command>_in_french to tests/cli/french.rs"
    );
}

#[test]
fn an_unknown_language_is_a_usage_error() {
    assert_cmd_snapshot!(songo().args(["--lang", "de", "rules"]));
}

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
    assert!(flag.0.starts_with("Au trait\u{a0}: Sud."), "{}", flag.0);
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
    assert!(french.contains("réserves\u{a0}: sud 4 nord 2\nau trait\u{a0}: nord\n"));
    let (compact, _, _) = run(songo().args(["convert", "--to", "compact", &french]));
    assert_eq!(compact, "songo:3,0,1,6,14,5,5/2,10,5,0,13,1,7:4-2:N\n");
}

#[test]
fn rules_in_french() {
    assert_cmd_snapshot!(songo_fr().args(["rules", "--rules", "songo"]));
}

#[test]
fn generate_and_serve_in_french() {
    // Records have no words to translate: the same games in every language.
    let english = run(songo().args(["generate", "--games", "2", "--seed", "3"]));
    let french = run(songo_fr().args(["generate", "--games", "2", "--seed", "3"]));
    assert_eq!(french, english);
    assert_cmd_snapshot!(songo_fr().args(["serve", "--body-limit", "0"]));
    assert_cmd_snapshot!(
        "generate_engine_seega_in_french",
        songo_fr().args(["generate", "--rules", "seega", "--engine"])
    );
}

#[test]
fn an_unknown_language_is_a_usage_error() {
    assert_cmd_snapshot!(songo().args(["--lang", "de", "rules"]));
}

/// The commands `songo --help` lists, read from it.
fn listed_commands() -> Vec<String> {
    let (help, _, _) = run(songo().arg("--help"));
    help.lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        // A command's line starts two spaces in; its wrapped lines further.
        .filter(|line| !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

/// A French run of each command: its snapshot's name and its arguments.
const FRENCH_RUNS: &[(&str, &[&str])] = &[
    (
        "play",
        &[
            "play",
            "--position",
            "fixtures/positions/capture-ex1.txt",
            "S1",
        ],
    ),
    (
        "moves",
        &["moves", "--position", "fixtures/positions/yinda.txt"],
    ),
    (
        "explain",
        &[
            "explain",
            "--position",
            "fixtures/positions/yinda.txt",
            "--to-move",
            "north",
        ],
    ),
    (
        "annotate",
        &[
            "annotate",
            "fixtures/records/valid/escale-double-threat.songo",
        ],
    ),
    (
        "convert",
        &[
            "convert",
            "--to",
            "markdown",
            "fixtures/positions/capture-ex1.txt",
        ],
    ),
    (
        "validate",
        &["validate", "fixtures/records/broken/awale-feed.songo"],
    ),
    // Records only: a generated game has no words to translate.
    (
        "generate",
        &[
            "generate", "--games", "1", "--seed", "1", "--rules", "awale",
        ],
    ),
    ("rules", &["rules", "--rules", "seega"]),
    (
        "analyse",
        &[
            "analyse",
            "--position",
            "fixtures/positions/capture-ex3.txt",
            "--depth",
            "4",
        ],
    ),
    (
        "tables",
        &["tables", "info", "--rules", "awale", "fixtures/lessons"],
    ),
    ("lesson", &["lesson", "check", "fixtures/lessons/sample.md"]),
    ("serve", &["serve", "--addr", "no-port"]),
    // Refused before any archive is opened (tests/cli/archive.rs runs
    // them on archives in French).
    ("archive", &["archive", "import", "fixtures/positions"]),
    ("explore", &["explore", "--moves", "S5", "S5"]),
    (
        "pair",
        &[
            "pair",
            "--system",
            "dutch",
            "fixtures/tournaments/pair/berger-five.trf",
        ],
    ),
    (
        "exercises",
        &[
            "exercises",
            "fixtures/records/engine/exercises-games.songo",
            "--count",
            "1",
        ],
    ),
    // Refused before any archive is opened: the words, in French.
    (
        "event",
        &[
            "event", "create", "Coupe", "--system", "dutch", "--rules", "chess",
        ],
    ),
    // Seega has no engine player: the refusal, in French.
    (
        "move",
        &[
            "move",
            "--level",
            "3",
            "--position",
            "fixtures/positions/seega/start.txt",
        ],
    ),
];

/// One French run of every command, each in its own snapshot. The list is
/// checked against the commands `songo --help` lists: a new command fails
/// this test until it is given its French run in `FRENCH_RUNS`.
#[test]
fn every_command_speaks_french() {
    let covered: Vec<&str> = FRENCH_RUNS.iter().map(|(name, _)| *name).collect();
    for command in listed_commands() {
        assert!(
            covered.contains(&command.as_str()),
            "`songo {command}` has no French run in FRENCH_RUNS"
        );
    }
    for (name, args) in FRENCH_RUNS {
        let mut command = songo();
        command.args(["--lang", "fr"]).args(*args);
        insta::with_settings!({snapshot_suffix => *name}, {
            if *name == "analyse" {
                // The analysis's time and speed are the machine's.
                let (text, _, _) = run(&mut command);
                let text: Vec<&str> =
                    text.lines().filter(|line| !line.starts_with("Temps ")).collect();
                insta::assert_snapshot!(text.join("\n"));
            } else {
                assert_cmd_snapshot!(command);
            }
        });
    }
}

/// The analysis's text for people, in French.
#[test]
fn analyse_in_french() {
    let (text, _, status) = run(songo_fr().args([
        "analyse",
        "--position",
        "fixtures/positions/capture-ex3.txt",
        "--depth",
        "4",
    ]));
    assert_eq!(status, Some(0));
    assert!(text.contains("Meilleur coup\u{a0}: S5, valeur +"), "{text}");
    assert!(text.contains("réserves comprises"), "{text}");
}

/// A handout in French: the words drawn in its board pictures, the reason a
/// block's move is refused and the record's tags are French too (the
/// lesson's own prose stays as its author wrote it).
#[test]
fn a_french_handout_draws_french_boards() {
    let (handout, error, status) =
        run(songo_fr().args(["lesson", "render", "fixtures/lessons/sample.md"]));
    assert_eq!(status, Some(0), "{error}");
    for french in [
        ">Sud au trait<",
        ">réserve<",
        ">modifiée par le coup<",
        "S0 est la case de sortie de Sud",
        "Date\u{a0}: 14 mars 2025 · Sud\u{a0}: Ada",
    ] {
        assert!(handout.contains(french), "{french} is not in the handout");
    }
    for english in [">South to move<", ">store<", ">captured<", "S0 is South"] {
        assert!(!handout.contains(english), "{english} is in the handout");
    }
}

/// `songo tables build` and `merge` in French: the lines a build writes and
/// its errors.
#[test]
fn tables_build_in_french() {
    let out = std::env::temp_dir().join(format!("songo-tables-fr-{}", std::process::id()));
    let out = out
        .to_str()
        .expect("a UTF-8 temporary directory")
        .to_owned();
    let (built, error, status) = run(songo_fr().args([
        "tables", "build", "--rules", "songo", "--seeds", "2", "--out", &out,
    ]));
    let (merged, refused, _) =
        run(songo_fr().args(["tables", "merge", "--rules", "songo", "--seeds", "2", &out]));
    std::fs::remove_dir_all(&out).ok();
    assert_eq!(status, Some(0), "{error}");
    assert_eq!(
        built,
        "songo  1 graine\u{a0}: toute position est finie, pas besoin de table\n\
         songo  2 graines\u{a0}: toute position est finie, pas besoin de table\n"
    );
    assert!(merged.is_empty(), "{merged}");
    assert!(
        refused.starts_with("erreur\u{a0}: aucune partie de la table de songo à 2 graines dans "),
        "{refused}"
    );
    assert_cmd_snapshot!(songo_fr().args(["tables", "build", "--rules", "seega", "--seeds", "3"]));
}

/// [`run`] with `input` on its standard input.
fn fed(command: &mut std::process::Command, input: &str) -> (String, String, Option<i32>) {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("songo runs");
    child
        .stdin
        .take()
        .expect("a stdin")
        .write_all(input.as_bytes())
        .expect("written");
    let output = child.wait_with_output().expect("songo ends");
    (
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        String::from_utf8(output.stderr).expect("UTF-8 errors"),
        output.status.code(),
    )
}

/// Issue 26, item 10: the English that remained in French output.
#[test]
fn no_english_left_in_french_lessons_pictures_and_warnings() {
    // A lesson block that does not read: the place and the message in French.
    let (_, stderr, code) = fed(
        songo_fr().args(["lesson", "check", "-"]),
        "```songo\nplateau: départ\njouer: S2 X9\n```\n",
    );
    assert_eq!(code, Some(2));
    assert!(stderr.contains("n'est pas une case"), "{stderr}");
    assert!(stderr.contains("à la ligne 3, colonne 11"), "{stderr}");
    assert!(stderr.contains("= conseil\u{a0}:"), "{stderr}");
    assert!(
        !stderr.contains("hint") && !stderr.contains(" at line"),
        "{stderr}"
    );
    // An expectation's other kind of defence is worded, not an id.
    let (stdout, _, code) = fed(
        songo_fr().args(["lesson", "check", "-"]),
        "```songo\nplateau: songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N\nattendu: N2 yinda\n```\n",
    );
    assert_eq!(code, Some(1));
    assert!(
        stdout.contains("N2 est une défense d'une autre sorte\u{a0}: une esquive"),
        "{stdout}"
    );
    assert!(
        stdout.contains("= conseil\u{a0}:") && !stdout.contains("evasion"),
        "{stdout}"
    );
    // The explain picture's own words.
    let (svg, _, _) = run(songo_fr().args([
        "explain",
        "--position",
        "songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N",
        "--format",
        "svg",
    ]));
    assert!(
        svg.contains(">Nord au trait<") && svg.contains(">réserve<"),
        "{svg}"
    );
    assert!(
        !svg.contains("to move") && !svg.contains(">store<"),
        "{svg}"
    );
    // annotate's warning when a game stops at an illegal move.
    let (_, stderr, code) = fed(
        songo_fr().args(["annotate", "-"]),
        "[Rules \"songo\"]\n\n1. S2 N4 2. S2 N3 *\n",
    );
    assert_eq!(code, Some(1));
    assert!(
        stderr.starts_with(
            "attention\u{a0}: <stdin>:3:13, partie 1\u{a0}: annotée jusqu'au demi-coup 2"
        ),
        "{stderr}"
    );
    assert!(
        !stderr.contains("warning") && !stderr.contains("game 1"),
        "{stderr}"
    );
}

//! `songo validate`, `songo generate`, and record conversion in `songo convert`.

use insta_cmd::assert_cmd_snapshot;

use crate::songo;

/// The broken fixtures, by file stem.
fn broken() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/records/broken");
    let mut stems: Vec<String> = std::fs::read_dir(dir)
        .expect("the broken fixtures exist")
        .map(|entry| {
            let path = entry.expect("a readable entry").path();
            path.file_stem()
                .and_then(|s| s.to_str())
                .expect("a file name")
                .to_owned()
        })
        .collect();
    stems.sort();
    stems
}

#[test]
fn the_readme_game_validates() {
    assert_cmd_snapshot!(
        songo().args(["validate", "fixtures/records/valid/songo-full-game.songo"])
    );
}

#[test]
fn every_valid_fixture_validates_and_exits_0() {
    assert_cmd_snapshot!(songo().args(["validate", "fixtures/records/valid"]));
}

#[test]
fn each_broken_fixture_gets_its_diagnostics_and_exits_1() {
    for stem in broken() {
        let path = format!("fixtures/records/broken/{stem}.songo");
        assert_cmd_snapshot!(
            format!("broken_text_{stem}"),
            songo().args(["validate", &path])
        );
        assert_cmd_snapshot!(
            format!("broken_json_{stem}"),
            songo().args(["validate", "--format", "json", &path])
        );
    }
}

/// Forfeits (`+/-`, `-/+`, `-/-`, no moves) are valid games whose
/// verdict names the winner, with no seeds.
#[test]
fn forfeits_validate_with_their_verdicts() {
    assert_cmd_snapshot!(songo().args([
        "validate",
        "--format",
        "json",
        "fixtures/records/results/forfeits.songo"
    ]));
}

#[test]
fn keep_going_checks_past_a_refused_move() {
    assert_cmd_snapshot!(songo().args([
        "validate",
        "--keep-going",
        "--quiet",
        "fixtures/records/broken/exit.songo"
    ]));
}

#[test]
fn the_json_report_of_a_valid_game() {
    assert_cmd_snapshot!(songo().args([
        "validate",
        "--format",
        "json",
        "fixtures/records/valid/songo-ekang-north-first.songo"
    ]));
}

#[test]
fn records_come_from_stdin_too() {
    let text = "[Rules \"songo\"]\n[Result \"*\"]\n\n1. S2 N4 2. S5 *\n";
    assert_cmd_snapshot!(songo().args(["validate", "-"]).pass_stdin(text));
}

#[test]
fn an_unreadable_file_exits_2_after_the_others() {
    assert_cmd_snapshot!(songo().args([
        "validate",
        "--quiet",
        "fixtures/records/valid/songo-full-game.songo",
        "fixtures/records/no-such-file.songo"
    ]));
}

#[test]
fn an_empty_file_name_is_a_usage_error_that_says_so() {
    assert_cmd_snapshot!(songo().args(["validate", ""]));
    assert_cmd_snapshot!(songo().args(["--lang", "fr", "validate", ""]));
}

#[test]
fn a_directory_without_records_is_a_usage_error() {
    assert_cmd_snapshot!(songo().args(["validate", "fixtures/examples"]));
}

#[test]
fn one_thread_and_many_give_the_same_report() {
    let run = |jobs: &str| {
        let output = songo()
            .args(["validate", "--format", "json", "--jobs", jobs])
            .args(["fixtures/records/valid", "fixtures/records/broken"])
            .output()
            .expect("songo runs");
        assert_eq!(output.status.code(), Some(1));
        output.stdout
    };
    assert_eq!(run("1"), run("3"));
}

#[test]
fn generate_makes_reproducible_games() {
    assert_cmd_snapshot!(songo().args(["generate", "--games", "2", "--seed", "7"]));
}

#[test]
fn generate_annotated_awale_games() {
    assert_cmd_snapshot!(songo().args([
        "generate",
        "--rules",
        "awale",
        "--games",
        "1",
        "--seed",
        "3",
        "--annotate"
    ]));
}

#[test]
fn generated_games_validate() {
    for rules in ["songo", "songo-ekang", "awale", "oware-abapa"] {
        let generated = songo()
            .args([
                "generate",
                "--rules",
                rules,
                "--games",
                "40",
                "--seed",
                "11",
                "--annotate",
            ])
            .output()
            .expect("songo generate runs");
        assert!(generated.status.success());
        let validated = with_stdin(
            songo().args(["validate", "--quiet", "-"]),
            &generated.stdout,
        );
        let summary = String::from_utf8_lossy(&validated.stdout);
        assert_eq!(validated.status.code(), Some(0), "{rules}: {summary}");
        assert!(summary.starts_with("40 games"), "{rules}: {summary}");
    }
}

#[test]
fn generate_engine_tournament_games() {
    assert_cmd_snapshot!(songo().args([
        "generate",
        "--engine",
        "--tournament",
        "--players",
        "4",
        "--games",
        "3",
        "--seed",
        "5",
    ]));
}

/// Engine and tournament games of every sowing ruleset validate, and
/// `--skip` gives the same games as one run.
#[test]
fn engine_tournament_games_validate() {
    for rules in ["songo", "songo-ekang", "awale", "oware-abapa"] {
        let generate = |games: &str, skip: &str| {
            let output = songo()
                .args([
                    "generate",
                    "--rules",
                    rules,
                    "--games",
                    games,
                    "--skip",
                    skip,
                    "--seed",
                    "11",
                    "--engine",
                    "--depth",
                    "2",
                    "--tournament",
                    "--players",
                    "3",
                ])
                .output()
                .expect("songo generate runs");
            assert!(output.status.success(), "{rules}");
            String::from_utf8(output.stdout).expect("UTF-8")
        };
        let all = generate("6", "0");
        assert_eq!(
            format!("{}\n{}", generate("2", "0"), generate("4", "2")),
            all
        );
        let validated = with_stdin(songo().args(["validate", "--quiet", "-"]), all.as_bytes());
        let summary = String::from_utf8_lossy(&validated.stdout);
        assert_eq!(validated.status.code(), Some(0), "{rules}: {summary}");
        assert!(summary.starts_with("6 games"), "{rules}: {summary}");
    }
}

/// Seega has no analysis: engine play is a usage error there, not random
/// games under the engine's name.
#[test]
fn engine_play_is_for_the_sowing_games() {
    assert_cmd_snapshot!(songo().args(["generate", "--rules", "seega", "--engine"]));
    let depth_alone = songo()
        .args(["generate", "--depth", "3"])
        .output()
        .expect("songo runs");
    assert_eq!(depth_alone.status.code(), Some(2));
}

/// Runs a command with `input` on its standard input.
fn with_stdin(command: &mut std::process::Command, input: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("songo runs");
    let mut stdin = child.stdin.take().expect("a stdin pipe");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("songo ends");
    writer
        .join()
        .expect("the writer ends")
        .expect("stdin takes the input");
    output
}

#[test]
fn convert_a_record_to_json() {
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--to",
        "json",
        "fixtures/records/broken/variation.songo"
    ]));
}

#[test]
fn convert_a_record_to_yaml_and_back() {
    let yaml = songo()
        .args([
            "convert",
            "--to",
            "yaml",
            "fixtures/records/valid/songo-full-game.songo",
        ])
        .output()
        .expect("songo convert runs");
    assert!(yaml.status.success());
    assert_cmd_snapshot!(
        songo()
            .args(["convert", "--to", "record", "-"])
            .pass_stdin(yaml.stdout)
    );
}

#[test]
fn convert_an_ogn_file_to_a_record_and_a_record_to_ogn() {
    assert_cmd_snapshot!(
        "ogn_to_record",
        songo().args([
            "convert",
            "--to",
            "record",
            "fixtures/records/valid/oware-auale.ogn"
        ])
    );
    assert_cmd_snapshot!(
        "record_to_ogn",
        songo().args([
            "convert",
            "--to",
            "ogn",
            "fixtures/records/valid/awale-casabianca-letters.songo"
        ])
    );
}

#[test]
fn a_record_with_a_syntax_error_does_not_convert() {
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--to",
        "json",
        "fixtures/records/broken/syntax.songo"
    ]));
}

#[test]
fn a_record_is_no_position() {
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--to",
        "compact",
        "fixtures/records/valid/songo-full-game.songo"
    ]));
}

#[test]
fn validate_and_generate_have_help_with_examples() {
    assert_cmd_snapshot!("validate_help", songo().args(["validate", "--help"]));
    assert_cmd_snapshot!("generate_help", songo().args(["generate", "--help"]));
}

#[test]
fn the_readme_main_command_runs_and_succeeds() {
    let readme =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
            .expect("a README");
    let first = readme
        .lines()
        .skip_while(|line| !line.starts_with("```sh"))
        .nth(1)
        .expect("a command block");
    let command = first.split('#').next().unwrap_or_default();
    let args: Vec<&str> = command
        .split_once(" -- ")
        .expect("cargo run --release -- …")
        .1
        .split_whitespace()
        .collect();
    assert_eq!(args.first(), Some(&"validate"), "{first}");
    let output = songo().args(&args).output().expect("songo runs");
    assert!(output.status.success(), "{first}: {output:?}");
}

#[test]
fn the_readme_test_command_is_the_one_ci_runs() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("a README");
    let second = readme
        .lines()
        .skip_while(|line| !line.starts_with("```sh"))
        .nth(2)
        .expect("a second command");
    let command = second.split('#').next().unwrap_or_default().trim();
    assert_eq!(command, "bash tests/run", "{second}");
    let ci = std::fs::read_to_string(root.join(".ci/run")).expect(".ci/run");
    assert!(
        ci.lines().any(|line| line.trim() == command),
        ".ci/run must run the README's test command"
    );
    // The script installs every program a test drives when it is missing:
    // each listed with its package in `programs=(program:package …)`.
    let script = std::fs::read_to_string(root.join("tests/run")).expect("tests/run");
    let listed: Vec<&str> = script
        .lines()
        .find_map(|line| line.strip_prefix("programs=(")?.strip_suffix(')'))
        .expect("tests/run lists its programs")
        .split(' ')
        .filter_map(|entry| Some(entry.split_once(':')?.1))
        .collect();
    for package in ["curl", "jq", "nodejs", "chromium", "chromium-driver"] {
        assert!(
            listed.contains(&package),
            "tests/run does not install {package}"
        );
    }
    assert!(
        script.contains("missing+=(postgresql)"),
        "tests/run does not install postgresql"
    );
    assert!(script.contains("cargo test --workspace --locked"));
}

#[test]
fn an_empty_input_is_valid_with_a_warning() {
    assert_cmd_snapshot!(songo().args(["validate", "-"]).pass_stdin(""));
}

#[test]
fn a_game_with_too_many_problems_ends_with_a_note() {
    // 120 refused variations: the first 100 are reported, the rest counted.
    let text = format!("[Rules \"songo\"]\n\n1. S2 {}*\n", "(S9) ".repeat(120));
    let output = with_stdin(songo().args(["validate", "-"]), text.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let tail = lines[lines.len().saturating_sub(6)..].join("\n");
    insta::assert_snapshot!(tail);
}

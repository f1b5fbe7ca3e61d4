//! `songo event`: an event run from the command line (create, register,
//! pair, results, a correction, show), its report file written out and
//! checked by `songo pair --check`, and a report file read in and written
//! out again the same.

use std::path::{Path, PathBuf};

use insta_cmd::assert_cmd_snapshot;

use crate::{songo, songo_fr};

fn scratch(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!("songo-cli-{name}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn archive(dir: &Path) -> String {
    dir.join("archive.sqlite").display().to_string()
}

/// Runs `songo event ARGS --archive A`, expecting success; its stdout.
fn event(dir: &Path, args: &[&str]) -> String {
    let output = songo()
        .arg("event")
        .args(args)
        .args(["--archive", &archive(dir)])
        .output()
        .expect("songo runs");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Runs `test` in a scratch directory of its own (`[DIR]` in the
/// snapshots), removed after.
fn in_scratch(name: &str, test: impl FnOnce(&Path)) {
    let dir = scratch(name);
    let shown = dir.display().to_string();
    insta::with_settings!({filters => vec![(shown.as_str(), "[DIR]")]}, {
        test(&dir);
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_event_is_run_from_the_command_line() {
    in_scratch("event-run", run_an_event);
}

// Long because: one event told from its creation to its last round, each step checked as it happens.
fn run_an_event(dir: &Path) {
    let a = archive(dir);
    assert_cmd_snapshot!(
        "event_create",
        songo().args([
            "event",
            "create",
            "Coupe de Yaoundé",
            "--site",
            "Yaoundé",
            "--system",
            "dutch",
            "--rounds",
            "3",
            "--archive",
            &a
        ])
    );
    assert_cmd_snapshot!(
        "event_register",
        songo().args([
            "event",
            "register",
            "Coupe de Yaoundé",
            "Ada Mvondo",
            "Kofi Asante",
            "Dora N.",
            "Awa Diallo",
            "Lina Ngono",
            "--archive",
            &a
        ])
    );
    assert_cmd_snapshot!(
        "event_pair",
        songo().args(["event", "pair", "1", "--archive", &a])
    );
    assert_cmd_snapshot!(
        "event_pair_unfinished",
        songo().args(["event", "pair", "1", "--archive", &a])
    );
    event(
        dir,
        &["result", "1", "--round", "1", "--board", "1", "41-29"],
    );
    assert_cmd_snapshot!(
        "event_result_forfeit",
        songo().args([
            "event",
            "result",
            "1",
            "--round",
            "1",
            "--board",
            "2",
            "+/-",
            "--archive",
            &a
        ])
    );
    assert_cmd_snapshot!(
        "event_result_bad",
        songo().args([
            "event",
            "result",
            "1",
            "--round",
            "1",
            "--board",
            "2",
            "won",
            "--archive",
            &a
        ])
    );
    // A file that holds no record: where, and why.
    let binary = dir.join("board.songo");
    std::fs::write(&binary, b"\0\x01").expect("written");
    assert_cmd_snapshot!(
        "event_result_not_a_game",
        songo()
            .args(["event", "result", "1", "--game"])
            .arg(&binary)
            .args(["--archive", &a])
    );
    // A correction, before the next round is paired: the board's game gets its next revision.
    event(
        dir,
        &[
            "result",
            "1",
            "--round",
            "1",
            "--board",
            "1",
            "29-41",
            "--reason",
            "scores swapped",
        ],
    );
    for round in 2..=3 {
        let paired: serde_json::Value =
            serde_json::from_str(&event(dir, &["pair", "1", "--format", "json"])).expect("json");
        for board in paired["boards"].as_array().expect("boards") {
            if board["black"].is_null() {
                continue;
            }
            let number = board["board"].to_string();
            event(
                dir,
                &[
                    "result",
                    "1",
                    "--round",
                    &round.to_string(),
                    "--board",
                    &number,
                    "1/2-1/2",
                ],
            );
        }
    }
    assert_cmd_snapshot!(
        "event_show",
        songo().args(["event", "show", "Coupe de Yaoundé", "--archive", &a])
    );
    assert_cmd_snapshot!(
        "event_show_french",
        songo_fr().args(["event", "show", "coupe de yaounde", "--archive", &a])
    );
    let shown: serde_json::Value =
        serde_json::from_str(&event(dir, &["show", "1", "--format", "json"])).expect("json");
    let game = shown["rounds"][0]["boards"][0]["game"]
        .as_str()
        .expect("a game")
        .to_owned();
    let history = songo()
        .args([
            "archive",
            "history",
            &game,
            "--format",
            "json",
            "--archive",
            &a,
        ])
        .output()
        .expect("songo runs");
    let history: serde_json::Value = serde_json::from_slice(&history.stdout).expect("json");
    assert_eq!(history["revisions"].as_array().map(Vec::len), Some(2));
    // Written out, the file is the Dutch system's, round after round.
    let trf = event(dir, &["export", "1", "--format", "trf"]);
    insta::assert_snapshot!("event_export", trf);
    let path = dir.join("coupe.trf");
    std::fs::write(&path, &trf).expect("written");
    let check = songo()
        .args(["pair", "--system", "dutch", "--check"])
        .arg(&path)
        .output()
        .expect("songo runs");
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
}

#[test]
fn a_report_file_goes_in_and_comes_out_the_same() {
    in_scratch("event-trf", read_in_and_write_out);
}

fn read_in_and_write_out(dir: &Path) {
    let fixture = "fixtures/tournaments/dutch/small-16-9.trf";
    assert_cmd_snapshot!(
        "event_import",
        songo().args(["event", "import", fixture, "--archive", &archive(dir)])
    );
    let first = event(dir, &["export", "1", "--format", "trf"]);
    assert_eq!(
        event(dir, &["export", "1", "--format", "trf"]),
        first,
        "stable bytes"
    );
    let path = dir.join("out.trf");
    std::fs::write(&path, &first).expect("written");
    assert_cmd_snapshot!(
        "event_import_export_checks",
        songo()
            .current_dir(dir)
            .args(["pair", "--system", "dutch", "--check", "out.trf"])
    );
    // Every player's line is the fixture's, rank columns aside.
    let original = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(fixture))
        .expect("a fixture");
    let players = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|line| line.starts_with("001"))
            .map(|line| format!("{}{}", &line[..84], line.get(89..).unwrap_or("").trim_end()))
            .collect()
    };
    assert_eq!(players(&first), players(&original));
    // Read in again, written out again: the same bytes.
    let again = scratch("event-trf-again");
    event(&again, &["import", path.to_str().expect("a path")]);
    assert_eq!(event(&again, &["export", "1", "--format", "trf"]), first);
    let _ = std::fs::remove_dir_all(&again);
}

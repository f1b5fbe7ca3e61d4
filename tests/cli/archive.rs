//! `songo archive` and `songo explore` end to end, on SQLite archives of
//! their own: what a user sees (snapshots, English and French), the exit
//! statuses, garbage and duplicates, and `kill -9` during imports.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use insta_cmd::assert_cmd_snapshot;
use songo_service::archive::{Archive, Location};

use crate::{songo, songo_fr};

/// A directory of its own for a test.
fn scratch(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!("songo-cli-{name}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// The scratch paths in outputs, as `[ARCHIVE]`.
macro_rules! with_paths {
    ($dir:expr, $body:block) => {{
        let dir = $dir.display().to_string();
        insta::with_settings!({filters => vec![(dir.as_str(), "[DIR]")]}, $body)
    }};
}

fn archive_flag(dir: &Path) -> String {
    dir.join("archive.sqlite").display().to_string()
}

/// Club games with players, dates and results, for searches and standings.
const CLUB: &str = "[Event \"Club\"]\n[Site \"Yaoundé\"]\n[Date \"2024.03.15\"]\n[Round \"1\"]\n[South \"Ada\"]\n[North \"Ben\"]\n[Result \"40-30\"]\n[Termination \"agreement\"]\n\n40-30\n\n\
[Event \"Club\"]\n[Site \"Yaoundé\"]\n[Date \"2024.03.15\"]\n[Round \"1\"]\n[South \"Ben\"]\n[North \"Cleo\"]\n[Result \"35-35\"]\n[Termination \"agreement\"]\n\n35-35\n\n\
[Event \"Club\"]\n[Site \"Yaoundé\"]\n[Date \"2024.03.22\"]\n[Round \"2\"]\n[South \"Cleo\"]\n[North \"Ada\"]\n[Result \"20-50\"]\n[Termination \"agreement\"]\n\n20-50\n";

/// An archive holding the valid fixtures and the club's games.
fn filled(name: &str) -> PathBuf {
    let dir = scratch(name);
    std::fs::write(dir.join("club.songo"), CLUB).expect("written");
    let status = songo()
        .args(["archive", "import", "--archive", &archive_flag(&dir)])
        .arg("fixtures/records/valid")
        .arg(dir.join("club.songo"))
        .status()
        .expect("songo runs");
    assert!(status.code().is_some_and(|c| c <= 1), "{status:?}");
    dir
}

#[test]
fn import_reports_imported_duplicates_and_invalid_games() {
    let dir = scratch("import");
    let archive = archive_flag(&dir);
    with_paths!(dir, {
        assert_cmd_snapshot!(songo().args([
            "archive",
            "import",
            "--archive",
            &archive,
            "fixtures/records/valid",
            "fixtures/records/broken/exit.songo",
        ]));
        // Again: nothing new.
        assert_cmd_snapshot!(songo().args([
            "archive",
            "import",
            "--archive",
            &archive,
            "--format",
            "json",
            "fixtures/records/valid",
        ]));
    });
}

#[test]
fn garbage_and_unreadable_files_are_reported_and_nothing_is_lost() {
    let dir = scratch("garbage");
    let inputs = dir.join("inputs");
    std::fs::create_dir_all(&inputs).expect("a directory");
    std::fs::write(
        inputs.join("a-noise.songo"),
        [0xff_u8, 0xfe, 0x00, 0x12, b'%', b'%'],
    )
    .expect("written");
    std::fs::write(inputs.join("b-empty.songo"), "").expect("written");
    std::fs::copy(
        "fixtures/records/valid/songo-full-game.songo",
        inputs.join("c-game.songo"),
    )
    .expect("copied");
    std::fs::copy(
        "fixtures/records/valid/songo-full-game.songo",
        inputs.join("d-same-game.songo"),
    )
    .expect("copied");
    let archive = archive_flag(&dir);
    with_paths!(dir, {
        assert_cmd_snapshot!(
            songo()
                .args(["archive", "import", "--archive", &archive])
                .arg(&inputs)
                .arg(dir.join("missing.songo"))
        );
    });
    let mut stored = Archive::open(&Location::Sqlite(dir.join("archive.sqlite"))).expect("opens");
    assert_eq!(stored.count().expect("a count"), 1);
}

#[test]
fn search_lists_filters_and_pages() {
    let dir = filled("search");
    let archive = archive_flag(&dir);
    with_paths!(dir, {
        assert_cmd_snapshot!(songo().args([
            "archive",
            "search",
            "--archive",
            &archive,
            "--player",
            "Ada"
        ]));
        assert_cmd_snapshot!(songo().args([
            "archive",
            "search",
            "--archive",
            &archive,
            "--event",
            "Club",
            "--since",
            "2024.03.20",
            "--format",
            "json",
        ]));
        assert_cmd_snapshot!(songo().args([
            "archive",
            "search",
            "--archive",
            &archive,
            "--limit",
            "2",
            "--format",
            "ndjson",
        ]));
        assert_cmd_snapshot!(songo().args([
            "archive",
            "search",
            "--archive",
            &archive,
            "--player",
            "Cleo",
            "--round",
            "2",
            "--format",
            "record",
        ]));
        // The position after S5 N0, as a diagram file.
        let diagram = dir.join("diagram.txt");
        std::fs::write(&diagram, "0 6 6 6 6 6 5\n6 6 6 6 6 0 5\n").expect("written");
        assert_cmd_snapshot!(
            songo()
                .args(["archive", "search", "--archive", &archive, "--position"])
                .arg(&diagram)
        );
        assert_cmd_snapshot!(songo().args([
            "archive",
            "search",
            "--archive",
            &archive,
            "--player",
            "'; DROP TABLE games; --",
        ]));
        assert_cmd_snapshot!(songo().args([
            "archive",
            "search",
            "--archive",
            &archive,
            "--after",
            "yesterday",
        ]));
    });
    // The cursor walks every game once.
    let mut seen = 0;
    let mut after: Option<String> = None;
    loop {
        let mut command = songo();
        command.args([
            "archive",
            "search",
            "--archive",
            &archive,
            "--limit",
            "3",
            "--format",
            "json",
        ]);
        if let Some(after) = &after {
            command.args(["--after", after]);
        }
        let output = command.output().expect("songo runs");
        let page: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
        seen += page["games"].as_array().map_or(0, Vec::len);
        match page["next"].as_str() {
            Some(next) => after = Some(next.to_owned()),
            None => break,
        }
    }
    let mut stored = Archive::open(&Location::Sqlite(dir.join("archive.sqlite"))).expect("opens");
    assert_eq!(seen as i64, stored.count().expect("a count"));
}

#[test]
fn explore_the_start_and_after_moves() {
    let dir = filled("explore");
    let archive = archive_flag(&dir);
    with_paths!(dir, {
        assert_cmd_snapshot!(songo().args(["explore", "--archive", &archive, "--moves"]));
        assert_cmd_snapshot!(songo().args([
            "explore",
            "--archive",
            &archive,
            "--moves",
            "S5",
            "N0",
            "--format",
            "json",
            "--recent",
            "1",
        ]));
        assert_cmd_snapshot!(songo().args([
            "explore",
            "--archive",
            &archive,
            "--moves",
            "S5",
            "S5"
        ]));
    });
}

#[test]
fn standings_in_every_form() {
    let dir = filled("standings");
    let archive = archive_flag(&dir);
    for format in ["text", "markdown", "csv", "json"] {
        insta::with_settings!({snapshot_suffix => format}, {
            assert_cmd_snapshot!(songo().args([
                "archive", "standings", "--archive", &archive, "--event", "Club", "--format", format,
            ]));
        });
    }
}

#[test]
fn the_archive_in_french() {
    let dir = filled("french");
    let archive = archive_flag(&dir);
    with_paths!(dir, {
        assert_cmd_snapshot!(songo_fr().args([
            "archive",
            "import",
            "--archive",
            &archive,
            "fixtures/records/broken/exit.songo",
        ]));
        assert_cmd_snapshot!(songo_fr().args(["explore", "--archive", &archive, "--moves", "S5"]));
        assert_cmd_snapshot!(songo_fr().args([
            "archive",
            "standings",
            "--archive",
            &archive,
            "--event",
            "Club"
        ]));
        assert_cmd_snapshot!(songo_fr().args([
            "archive",
            "search",
            "--archive",
            &archive,
            "--invalid"
        ]));
    });
}

/// Two clubs' evenings of one name at two sites, players written in
/// several ways.
const EVENINGS: &str = "[Event \"Club evening 2025\"]\n[Site \"Yaoundé\"]\n[Date \"2025.02.07\"]\n[South \"Kofi A.\"]\n[North \"Nadège E.\"]\n[Result \"40-30\"]\n[Termination \"agreement\"]\n\n40-30\n\n\
[Event \"Club evening 2025\"]\n[Site \"Yaoundé\"]\n[Date \"2025.02.14\"]\n[South \"nadege e\"]\n[North \"Kofi Asante\"]\n[Result \"35-35\"]\n[Termination \"agreement\"]\n\n35-35\n\n\
[Event \"Club evening 2025\"]\n[Site \"Accra\"]\n[Date \"2025.01.10\"]\n[South \"Yaw B.\"]\n[North \"KOFI A\"]\n[Result \"20-50\"]\n[Termination \"agreement\"]\n\n20-50\n";

/// An archive holding the two evenings.
fn evenings(name: &str) -> PathBuf {
    let dir = scratch(name);
    std::fs::write(dir.join("evenings.songo"), EVENINGS).expect("written");
    let status = songo()
        .args(["archive", "import", "--archive", &archive_flag(&dir)])
        .arg(dir.join("evenings.songo"))
        .status()
        .expect("songo runs");
    assert_eq!(status.code(), Some(0));
    dir
}

#[test]
fn players_and_events_are_listed_and_players_joined() {
    let dir = evenings("people");
    let archive = archive_flag(&dir);
    let run = |args: &[&str]| {
        let mut command = songo();
        command
            .args(["archive"])
            .args(args)
            .args(["--archive", &archive]);
        command
    };
    assert_cmd_snapshot!(run(&["players"]));
    assert_cmd_snapshot!(run(&["events"]));
    assert_cmd_snapshot!(run(&["events", "--format", "json"]));
    // Kofi A. and Kofi Asante are one: his games and his standing follow.
    assert_cmd_snapshot!(run(&["alias", "Kofi A.", "Kofi Asante"]));
    assert_cmd_snapshot!(run(&[
        "player",
        "kofi asante",
        "--federation-id",
        "CMR-0451",
        "--club",
        "Ebolowa Songo Club",
        "--format",
        "json"
    ]));
    assert_cmd_snapshot!(run(&["players", "--format", "json"]));
    assert_cmd_snapshot!(run(&["search", "--player", "kofi"]));
    // The name alone is two events: an error that lists them; the id is one.
    assert_cmd_snapshot!(run(&["standings", "--event", "club evening 2025"]));
    assert_cmd_snapshot!(run(&["standings", "--event", "2"]));
    assert_cmd_snapshot!(run(&["unalias", "KOFI A"]));
    assert_cmd_snapshot!(run(&["unalias", "Kofi Asante"]));
    assert_cmd_snapshot!(run(&["alias", "Yaw B.", "Kofi Asantee"]));
}

#[test]
fn a_search_that_finds_nobody_suggests_the_nearest_names() {
    let dir = evenings("suggest");
    let archive = archive_flag(&dir);
    let run = |args: &[&str]| {
        let mut command = songo();
        command
            .args(["archive"])
            .args(args)
            .args(["--archive", &archive]);
        command
    };
    assert_cmd_snapshot!(run(&["search", "--player", "Nadège E"]));
    assert_cmd_snapshot!(run(&["search", "--player", "Nadine E."]));
    assert_cmd_snapshot!(run(&[
        "search",
        "--player",
        "Nadine E.",
        "--format",
        "json"
    ]));
    assert_cmd_snapshot!(run(&["search", "--event", "Club evenin 2025"]));
    assert_cmd_snapshot!(run(&["standings", "--event", "Club evenin 2025"]));
    assert_cmd_snapshot!(songo_fr().args([
        "archive",
        "search",
        "--archive",
        &archive,
        "--player",
        "Nadine E."
    ]));
    // The explorer over one event's games.
    assert_cmd_snapshot!(songo().args([
        "explore",
        "--archive",
        &archive,
        "--moves",
        "--event",
        "1",
        "--recent",
        "0"
    ]));
}

/// A small xorshift: the kill moments differ from run to run of the loop
/// but are the same from one test run to the next.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// `kill -9` at twenty moments of an import: every time the archive is
/// sound and holds no game half written; a last run completes it to
/// exactly what one clean import holds.
#[test]
fn kill_9_during_imports_leaves_a_sound_archive_that_a_rerun_completes() {
    let dir = scratch("kill");
    let corpus = dir.join("corpus");
    std::fs::create_dir_all(&corpus).expect("a directory");
    for (file, seed) in [("a.songo", "1"), ("b.songo", "2"), ("c.songo", "3")] {
        let output = songo()
            .args(["generate", "--games", "200", "--seed", seed])
            .output()
            .expect("songo generate");
        std::fs::write(corpus.join(file), output.stdout).expect("written");
    }
    let import = |archive: &Path| {
        let mut command = songo();
        command
            .args(["archive", "import", "--format", "json", "--archive"])
            .arg(archive)
            .arg(&corpus)
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        command
    };
    // One clean import: what every interrupted series must end with.
    let clean = dir.join("clean.sqlite");
    let started = Instant::now();
    assert!(import(&clean).status().expect("runs").success());
    let took = started.elapsed().as_millis().max(50) as u64;
    let mut reference = Archive::open(&Location::Sqlite(clean)).expect("opens");
    let (integrity, positions, bare) = reference.check().expect("a check");
    assert_eq!((integrity.as_str(), bare), ("ok", 0));
    let games = reference.count().expect("a count");
    assert_eq!(games, 600);

    let killed = dir.join("killed.sqlite");
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    for round in 0..20 {
        let mut child: std::process::Child = import(&killed).spawn().expect("spawns");
        // Early rounds die early; each run adds more before it dies.
        let delay = next(&mut state) % took;
        std::thread::sleep(Duration::from_millis(delay));
        // SIGKILL: no handler, no cleanup.
        let _ = Command::new("kill")
            .args(["-9", &child.id().to_string()])
            .status();
        let _ = child.wait();
        let mut archive = Archive::open(&Location::Sqlite(killed.clone())).expect("opens");
        let (integrity, _, bare) = archive.check().expect("a check");
        assert_eq!(integrity, "ok", "round {round}, killed after {delay} ms");
        assert_eq!(bare, 0, "round {round}: a game without its positions");
        assert!(archive.count().expect("a count") <= games);
    }
    assert!(import(&killed).status().expect("runs").success());
    let mut archive = Archive::open(&Location::Sqlite(killed)).expect("opens");
    assert_eq!(archive.count().expect("a count"), games);
    assert_eq!(
        archive.check().expect("a check"),
        ("ok".to_owned(), positions, 0)
    );
}

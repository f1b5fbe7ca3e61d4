//! `songo archive` and `songo explore` end to end, on SQLite archives of
//! their own: what a user sees (snapshots, English and French), the exit
//! statuses, garbage and duplicates, and `kill -9` during imports.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use insta_cmd::assert_cmd_snapshot;
use songo_archive::{Archive, Location};

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

/// Games of a club evening, one a file: a game without tags (its moves
/// alone, in awale) and one of tags only between ordinary ones. In one
/// file, as they are, they would be read as two games.
const ODD: [&str; 4] = [
    "[Event \"Club\"]\n[Round \"1\"]\n[South \"Ada\"]\n[North \"Ben\"]\n[Result \"40-30\"]\n[Termination \"agreement\"]\n\n40-30\n",
    "1. A a *\n",
    "[Event \"Club\"]\n[Round \"2\"]\n[South \"Ben\"]\n[North \"Ada\"]\n[Result \"*\"]\n",
    "[Event \"Club\"]\n[Round \"3\"]\n[South \"Cleo\"]\n[North \"Ada\"]\n[Result \"*\"]\n\n1. S2 *\n",
];

#[test]
// Long because: each format of one export, then its records read back, in one story.
fn export_writes_every_game_in_each_format() {
    let dir = scratch("export");
    let archive = archive_flag(&dir);
    for (n, record) in ODD.iter().enumerate() {
        let file = dir.join(format!("{n}.songo"));
        std::fs::write(&file, record).expect("written");
        // The game without tags is read as awale's: the export says so.
        let rules = if n == 1 { "awale" } else { "songo" };
        let status = songo()
            .args(["archive", "import", "--archive", &archive, "--rules", rules])
            .arg(&file)
            .stdout(Stdio::null())
            .status()
            .expect("songo runs");
        assert!(status.success(), "{record}");
    }
    with_paths!(dir, {
        assert_cmd_snapshot!(songo().args(["archive", "export", "--archive", &archive]));
        assert_cmd_snapshot!(songo().args([
            "archive",
            "export",
            "--archive",
            &archive,
            "--format",
            "ndjson",
            "--player",
            "Ada",
        ]));
        assert_cmd_snapshot!(songo_fr().args([
            "archive",
            "export",
            "--archive",
            &archive,
            "--event",
            "Cup",
        ]));
        assert_cmd_snapshot!(songo().args([
            "archive",
            "export",
            "--archive",
            &archive,
            "--since",
            "in a while",
        ]));
    });
    // Written to a file, the records read back as the same four games,
    // with the same ids.
    let file = dir.join("export.songo");
    let status = songo()
        .args(["archive", "export", "--archive", &archive, "--output"])
        .arg(&file)
        .status()
        .expect("songo runs");
    assert!(status.success());
    let report = songo()
        .args(["validate", "--format", "json"])
        .arg(&file)
        .output()
        .expect("songo runs");
    let report: serde_json::Value = serde_json::from_slice(&report.stdout).expect("JSON");
    assert_eq!(report["summary"]["games"], 4, "{report}");
    let again = dir.join("again.sqlite").display().to_string();
    let status = songo()
        .args(["archive", "import", "--archive", &again])
        .arg(&file)
        .status()
        .expect("songo runs");
    assert!(status.success());
    let ids = |archive: &str| {
        let output = songo()
            .args([
                "archive",
                "export",
                "--archive",
                archive,
                "--format",
                "ndjson",
            ])
            .output()
            .expect("songo runs");
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(|line| {
                let game: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
                (
                    game["id"].clone(),
                    game["rules"].clone(),
                    game["plies"].clone(),
                )
            })
            .collect::<Vec<_>>()
    };
    let (before, after) = (ids(&archive), ids(&again));
    assert_eq!(before.len(), 4);
    assert_eq!(after.len(), 4);
    // Only the game without tags has a new id (its Rules tag is hashed).
    let kept = before.iter().zip(&after).filter(|(a, b)| a == b).count();
    assert_eq!(kept, 3, "{before:?} {after:?}");
    assert!(
        before
            .iter()
            .zip(&after)
            .all(|(a, b)| (&a.1, &a.2) == (&b.1, &b.2))
    );
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

/// Ratings in each form, from initial ratings, a bad initial file
/// refused; standings ranked by tie-breaks, an unknown one refused.
#[test]
fn ratings_and_tiebreaks() {
    let dir = filled("ratings");
    let archive = archive_flag(&dir);
    for format in ["text", "csv", "json"] {
        insta::with_settings!({snapshot_suffix => format}, {
            assert_cmd_snapshot!(songo().args([
                "archive", "ratings", "--archive", &archive, "--rules", "songo", "--format", format,
            ]));
        });
    }
    let initial = dir.join("initial.json");
    std::fs::write(
        &initial,
        r#"{"ratings": [{"player": "ada", "rating": 1720, "rd": 80, "volatility": 0.06, "games": 9}]}"#,
    )
    .expect("written");
    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        r#"{"ratings": [{"player": "Ben", "rating": 1720, "rd": 400, "volatility": 0.06}]}"#,
    )
    .expect("written");
    with_paths!(dir, {
        assert_cmd_snapshot!(
            "ratings_from_initial",
            songo()
                .args([
                    "archive",
                    "ratings",
                    "--archive",
                    &archive,
                    "--rules",
                    "songo",
                    "--initial",
                ])
                .arg(&initial)
        );
        assert_cmd_snapshot!(
            "ratings_bad_initial",
            songo()
                .args([
                    "archive",
                    "ratings",
                    "--archive",
                    &archive,
                    "--rules",
                    "songo",
                    "--initial",
                ])
                .arg(&bad)
        );
    });
    for format in ["text", "csv"] {
        insta::with_settings!({snapshot_suffix => format}, {
            assert_cmd_snapshot!("standings_with_tiebreaks", songo().args([
                "archive", "standings", "--archive", &archive, "--event", "Club",
                "--tiebreaks", "direct,wins,sb,buchholz-cut1,seed-diff", "--format", format,
            ]));
        });
    }
    assert_cmd_snapshot!(
        "standings_unknown_tiebreak",
        songo().args([
            "archive",
            "standings",
            "--archive",
            &archive,
            "--event",
            "Club",
            "--tiebreaks",
            "sb,koya",
        ])
    );
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

/// The id of the first game `archive search` lists for these filters.
fn first_id(archive: &str, filters: &[&str]) -> String {
    let output = songo()
        .args([
            "archive",
            "search",
            "--archive",
            archive,
            "--format",
            "json",
        ])
        .args(filters)
        .output()
        .expect("songo runs");
    let list: serde_json::Value = serde_json::from_slice(&output.stdout).expect("a GameList");
    list["games"][0]["id"]
        .as_str()
        .expect("a game matches")
        .to_owned()
}

/// Corrections with history from the command line: a name fixed, a
/// stale change refused, a game deleted and restored, the history and an
/// old revision shown, a corrected sheet imported again.
#[test]
fn corrections_keep_their_history_through_the_command_line() {
    let dir = filled("corrections");
    let archive = archive_flag(&dir);
    let id = first_id(
        &archive,
        &["--player", "Ben", "--round", "1", "--event", "Club"],
    );
    let keeper = || {
        let mut command = songo();
        command.env("USER", "keeper");
        command
    };
    let times = (r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", "[TIME]");
    let imported = (r#""imported": \d+"#, r#""imported": [TIME]"#);
    let dir_text = dir.display().to_string();
    insta::with_settings!({filters => vec![(dir_text.as_str(), "[DIR]"), times, imported]}, {
        assert_cmd_snapshot!("corrections_edit", keeper().args([
            "archive", "edit", &id, "--archive", &archive,
            "--tag", "South=Ada N.", "--tag", "Date=", "--reason", "name misspelt on the sheet",
        ]));
        assert_cmd_snapshot!("corrections_stale", keeper().args([
            "archive", "edit", &id, "--archive", &archive, "--revision", "1",
            "--tag", "Round=9", "--reason", "made on an old copy",
        ]));
        assert_cmd_snapshot!("corrections_delete", keeper().args([
            "archive", "delete", &id, "--archive", &archive, "--reason", "entered twice",
            "--format", "json",
        ]));
        assert_cmd_snapshot!("corrections_standings_without_it", songo().args([
            "archive", "standings", "--archive", &archive, "--event", "Club",
        ]));
        assert_cmd_snapshot!("corrections_restore", keeper().args([
            "archive", "restore", &id, "--archive", &archive, "--revision", "3",
        ]));
        assert_cmd_snapshot!("corrections_history", songo().args([
            "archive", "history", &id, "--archive", &archive,
        ]));
        assert_cmd_snapshot!("corrections_history_json", songo().args([
            "archive", "history", &id, "--archive", &archive, "--format", "json",
        ]));
        assert_cmd_snapshot!("corrections_show", songo().args([
            "archive", "show", &id, "--archive", &archive,
        ]));
        assert_cmd_snapshot!("corrections_show_first", songo().args([
            "archive", "show", &id, "--archive", &archive, "--revision", "1", "--format", "record",
        ]));
        assert_cmd_snapshot!("corrections_show_json", songo().args([
            "archive", "show", &id, "--archive", &archive, "--format", "json",
        ]));
        assert_cmd_snapshot!("corrections_no_such_game", songo().args([
            "archive", "history", "0123456789abcdef", "--archive", &archive,
        ]));
        // The sheet of round 2 typed again with its date corrected: found
        // as a likely correction, then stored as the game's revision 2.
        let sheet = dir.join("round2.songo");
        std::fs::write(
            &sheet,
            CLUB.split("\n\n[Event")
                .nth(2)
                .map(|game| format!("[Event{game}").replace("2024.03.22", "2024.03.23"))
                .expect("the third game"),
        )
        .expect("written");
        assert_cmd_snapshot!("corrections_import_found", songo().args([
            "archive", "import", "--archive", &archive,
        ]).arg(&sheet));
        assert_cmd_snapshot!("corrections_import_update", keeper().args([
            "archive", "import", "--archive", &archive, "--update", "--format", "json",
        ]).arg(&sheet));
    });
}

/// `kill -9` at random moments of a stream of edits (each `archive edit`
/// a process of its own, killed at any point of its life): every
/// acknowledged revision is there, none is half written (the game's row
/// is its last revision's text, the revisions are numbered without a
/// gap), and the archive stays sound. On SQLite, and on PostgreSQL at
/// `SONGO_TEST_POSTGRES`.
#[test]
fn kill_9_during_a_stream_of_edits_loses_no_acknowledged_revision() {
    let dir = scratch("kill-edits");
    let sqlite = dir.join("archive.sqlite");
    kill_edits(
        &sqlite.display().to_string(),
        &Location::Sqlite(sqlite.clone()),
    );
    let url = std::env::var("SONGO_TEST_POSTGRES").expect(
        "the PostgreSQL tests need a server: set SONGO_TEST_POSTGRES (bash tests/run starts one)",
    );
    let schema = format!("kill_edits_{}", std::process::id());
    let location = Location::Postgres {
        url: url.clone(),
        schema: Some(schema.clone()),
    };
    let separator = if url.contains('?') { '&' } else { '?' };
    let flag = format!("{url}{separator}options=-csearch_path%3D{schema}");
    // The schema is left in the test server (tests/run's is thrown away).
    kill_edits(&flag, &location);
}

fn kill_edits(flag: &str, location: &Location) {
    let mut archive = Archive::open(location).expect("opens");
    drop(archive);
    let status = songo()
        .args([
            "archive",
            "import",
            "--archive",
            flag,
            "fixtures/records/valid",
        ])
        .stdout(Stdio::null())
        .status()
        .expect("songo runs");
    assert!(status.code().is_some_and(|c| c <= 1), "{status:?}");
    let id = first_id(flag, &["--player", "capture-first program"]);
    let edit = |round: u64| {
        let mut command = songo();
        command
            .args([
                "archive",
                "edit",
                &id,
                "--archive",
                flag,
                "--reason",
                "stream",
            ])
            .arg("--tag")
            .arg(format!("Round={round}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        command
    };
    // How long one edit takes, start to end.
    let started = Instant::now();
    assert!(edit(0).status().expect("runs").success());
    let took = started.elapsed().as_micros().max(1_000) as u64;
    let mut acknowledged = vec![0];
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    for round in 1..=30 {
        let mut child = edit(round).spawn().expect("spawns");
        let delay = next(&mut state) % (took + took / 2);
        std::thread::sleep(Duration::from_micros(delay));
        let _ = Command::new("kill")
            .args(["-9", &child.id().to_string()])
            .status();
        if child.wait().expect("waited").success() {
            acknowledged.push(round);
        }
    }
    archive = Archive::open(location).expect("opens");
    let history = archive.history(&id).expect("read").expect("the game");
    let numbers: Vec<i64> = history.revisions.iter().map(|r| r.revision).collect();
    let count = i64::try_from(numbers.len()).expect("a few");
    assert_eq!(
        numbers,
        (1..=count).collect::<Vec<i64>>(),
        "no gap, no half revision"
    );
    let rounds: Vec<u64> = history
        .revisions
        .iter()
        .skip(1)
        .map(|r| {
            let at = r.record.find("[Round \"").expect("a Round tag") + 8;
            r.record[at..]
                .split('"')
                .next()
                .and_then(|n| n.parse().ok())
                .expect("a round number")
        })
        .collect();
    for round in &acknowledged {
        assert!(
            rounds.contains(round),
            "acknowledged edit {round} lost: {rounds:?}"
        );
    }
    let game = archive.game(&id).expect("read").expect("the game");
    let last = history.revisions.last().expect("a revision");
    assert_eq!((game.revision, &game.record), (last.revision, &last.record));
    let (integrity, _, bare) = archive.check().expect("a check");
    assert_eq!((integrity.as_str(), bare), ("ok", 0));
    eprintln!(
        "{} of 30 edits acknowledged, {} stored",
        acknowledged.len() - 1,
        rounds.len() - 1
    );
}

/// A date no game can have, or a negative count of plies, is a usage
/// error (exit 2) naming the value and what is expected, not a search
/// that finds nothing.
#[test]
fn loose_search_values_are_usage_errors() {
    let dir = scratch("loose");
    let archive = archive_flag(&dir);
    for (flag, value, expected) in [
        ("--since", "2024.13.45", "a month from 01 to 12"),
        ("--until", "2024.02.32", "a day from 01 to 31"),
        ("--since", "last spring", "YYYY.MM.DD"),
        ("--min-plies", "-1", "0 or more"),
        ("--max-plies", "ten", "0 or more"),
    ] {
        let out = songo()
            .args(["archive", "search", "--archive", &archive, flag, value])
            .output()
            .expect("songo runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flag} {value}: {stderr}");
        assert!(
            stderr.contains(value) && stderr.contains(flag) && stderr.contains(expected),
            "{flag} {value}: {stderr}"
        );
    }
    with_paths!(dir, {
        assert_cmd_snapshot!(songo().args([
            "archive",
            "search",
            "--archive",
            &archive,
            "--since",
            "2024.13.45"
        ]));
    });
}

/// A picture named `x.songo`, and a record file with one game in
/// Latin-1 after a good one: each is reported unreadable, saying why and
/// where, and nothing of either is stored (the picture was stored as a
/// game). On standard input, read once, each game that is not text is
/// refused and the others are stored.
#[test]
fn files_that_are_not_text_are_unreadable_and_import_nothing() {
    let dir = scratch("not-text");
    let mut picture = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10".to_vec();
    picture.extend_from_slice(b"\n[Event \"in the pixels\"]\n\n1. S2 *\n\xff\xd8\0\0");
    std::fs::write(dir.join("x.songo"), &picture).expect("written");
    let game =
        std::fs::read_to_string("fixtures/records/valid/songo-full-game.songo").expect("a fixture");
    let mut latin1 = game.clone().into_bytes();
    latin1.extend_from_slice(b"\n[Event \"Yaound\xe9\"]\n\n1. S2 *\n");
    std::fs::write(dir.join("latin1.songo"), &latin1).expect("written");
    let archive = archive_flag(&dir);
    with_paths!(dir, {
        assert_cmd_snapshot!(songo().args([
            "archive",
            "import",
            "--archive",
            &archive,
            &dir.join("x.songo").display().to_string(),
            &dir.join("latin1.songo").display().to_string(),
        ]));
    });
    let mut stored = Archive::open(&Location::Sqlite(dir.join("archive.sqlite"))).expect("opens");
    assert_eq!(stored.count().expect("a count"), 0);
    drop(stored);
    let mut child = songo()
        .args([
            "archive",
            "import",
            "--format",
            "json",
            "--archive",
            &archive,
            "-",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("songo runs");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(&latin1).expect("written");
        stdin
            .write_all(b"\n[Event \"nul\"]\n\n1. S2 \0*\n")
            .expect("written");
    }
    let out = child.wait_with_output().expect("songo ends");
    assert_eq!(out.status.code(), Some(2));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(report["imported"], 1, "{report}");
    let unreadable = report["unreadable"].as_array().expect("a list");
    assert_eq!(unreadable.len(), 2, "{report}");
    assert!(
        unreadable[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("not UTF-8")),
        "{report}"
    );
    assert!(
        unreadable[1]["message"]
            .as_str()
            .is_some_and(|m| m.contains("NUL byte")),
        "{report}"
    );
}

/// The summary lists each invalid game: its file, number, line and
/// players, and its first violation (rule, place, words), in text and
/// in JSON.
#[test]
fn the_import_lists_each_invalid_game_with_its_first_violation() {
    let dir = scratch("invalid-list");
    let tagless = "1. S2 N4 2. S2 *\n";
    std::fs::write(dir.join("tagless.songo"), tagless).expect("written");
    let players = format!("{CLUB}\n[South \"Ada\"]\n[North \"Ben\"]\n\n{tagless}");
    std::fs::write(dir.join("players.songo"), players).expect("written");
    let archive = archive_flag(&dir);
    with_paths!(dir, {
        assert_cmd_snapshot!(songo().args([
            "archive",
            "import",
            "--archive",
            &archive,
            "fixtures/records/broken/exit.songo",
            &dir.join("tagless.songo").display().to_string(),
            &dir.join("players.songo").display().to_string(),
        ]));
        assert_cmd_snapshot!(songo().args([
            "archive",
            "import",
            "--format",
            "json",
            "--archive",
            &archive,
            &dir.join("players.songo").display().to_string(),
        ]));
    });
}

/// `archive search --format record` writes a record file that reads back
/// as as many games as it found, games without tags among them (six
/// invalid games were written, five read back).
#[test]
fn search_as_records_reads_back_as_as_many_games() {
    let dir = scratch("records-out");
    let archive = archive_flag(&dir);
    let texts = [
        "1. S1 Z9 *\n",
        "[Event \"a\"]\n\n1. S2 Z9 *\n",
        "1. S3 Z9 *\n",
        "{first}\n[Event \"b\"]\n\n1. S4 Z9 *\n",
        "1. S5 Z9 *\n",
        "1. S6 Z9 *\n",
    ];
    for (index, text) in texts.iter().enumerate() {
        let file = dir.join(format!("{index}.songo"));
        std::fs::write(&file, text).expect("written");
        let status = songo()
            .args(["archive", "import", "--archive", &archive])
            .arg(&file)
            .status()
            .expect("songo runs");
        assert_eq!(status.code(), Some(1), "{text}");
    }
    let out = songo()
        .args([
            "archive",
            "search",
            "--invalid",
            "--format",
            "record",
            "--archive",
            &archive,
        ])
        .output()
        .expect("songo runs");
    assert_eq!(out.status.code(), Some(0));
    let written = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(
        songo_notation::record::games(&written).count(),
        texts.len(),
        "{written}"
    );
}

/// A diagram that does not say who is to move (pasted from a lesson):
/// searched and explored with either side to move, and the answer says
/// which side has games (the position after S5, North to move, was
/// searched with South to move and found nothing). A side named is
/// searched alone, as before.
#[test]
fn a_position_that_does_not_say_who_moves_is_searched_both_ways() {
    let dir = filled("either-side");
    let archive = archive_flag(&dir);
    let diagram = dir.join("after-s5.txt");
    std::fs::write(&diagram, "5 5 5 5 5 5 5\n6 6 6 6 6 0 5\n").expect("written");
    let diagram = diagram.display().to_string();
    with_paths!(dir, {
        assert_cmd_snapshot!(songo().args([
            "archive",
            "search",
            "--archive",
            &archive,
            "--position",
            &diagram
        ]));
        assert_cmd_snapshot!(songo().args([
            "explore",
            "--archive",
            &archive,
            "--recent",
            "0",
            "--position",
            &diagram
        ]));
    });
    let json = |position: &str| -> serde_json::Value {
        let out = songo()
            .args([
                "archive",
                "search",
                "--format",
                "json",
                "--archive",
                &archive,
            ])
            .args(["--position", position])
            .output()
            .expect("songo runs");
        assert_eq!(out.status.code(), Some(0));
        serde_json::from_slice(&out.stdout).expect("JSON")
    };
    let both = json(&diagram);
    assert_eq!(
        both["to_move"]["searched"],
        serde_json::json!(["south", "north"])
    );
    assert_eq!(both["to_move"]["found"], serde_json::json!(["north"]));
    assert!(!both["games"].as_array().expect("games").is_empty());
    let named = json("songo:5,5,5,5,5,5,5/6,6,6,6,6,0,5:0-0:S");
    assert_eq!(named["games"], serde_json::json!([]));
    assert!(named.get("to_move").is_none(), "{named}");
    let north = json("songo:5,5,5,5,5,5,5/6,6,6,6,6,0,5:0-0:N");
    assert_eq!(north["games"], both["games"]);
}

/// An import into an archive whose file fails SQLite's check is refused
/// (exit 2, saying so and how to recover), and stores nothing: it went
/// on, exit 0.
#[test]
fn an_import_into_a_damaged_archive_is_refused() {
    let dir = filled("damaged");
    let path = dir.join("archive.sqlite");
    let before = Archive::open(&Location::Sqlite(path.clone()))
        .expect("opens")
        .count()
        .expect("a count");
    {
        let connection = rusqlite::Connection::open(&path).expect("the file");
        connection
            .execute_batch(
                "CREATE TABLE junk (x); INSERT INTO junk SELECT randomblob(3000) FROM games; \
                 DROP TABLE junk; PRAGMA wal_checkpoint(TRUNCATE);",
            )
            .expect("freed pages");
    }
    // The list of free pages lost: pages never used, as a disk may leave.
    {
        use std::io::{Seek, Write};
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .expect("the file");
        file.seek(std::io::SeekFrom::Start(32)).expect("the header");
        file.write_all(&[0; 8]).expect("written");
    }
    std::fs::write(dir.join("new.songo"), "[Event \"new\"]\n\n1. S2 *\n").expect("written");
    let out = songo()
        .args(["archive", "import", "--archive", &archive_flag(&dir)])
        .arg(dir.join("new.songo"))
        .output()
        .expect("songo runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("is damaged")
            && stderr.contains("never used")
            && stderr.contains(".recover"),
        "{stderr}"
    );
    let after = Archive::open(&Location::Sqlite(path))
        .expect("opens")
        .count()
        .expect("a count");
    assert_eq!(after, before);
}

/// Files and folders made immutable (`chattr +i`: even root may not
/// write them) for as long as it lives.
struct Immutable(Vec<PathBuf>);

impl Immutable {
    fn new(paths: Vec<PathBuf>) -> Immutable {
        let status = Command::new("chattr").arg("+i").args(&paths).status();
        assert!(
            status.is_ok_and(|s| s.success()),
            "this test makes files read-only with chattr +i (e2fsprogs), which root may not \
             write either: run it as root on ext4"
        );
        Immutable(paths)
    }
}

impl Drop for Immutable {
    fn drop(&mut self) {
        let _ = Command::new("chattr").arg("-i").args(&self.0).status();
    }
}

/// An archive file that may not be written, in a folder that may not be
/// written either (a copy on a read-only share), is searched, explored
/// and ranked all the same; an import into it says why it cannot (such
/// an archive could not even be searched: its reader's index file could
/// not be made beside it).
#[test]
fn a_read_only_archive_is_searched() {
    let dir = filled("read-only");
    let archive = archive_flag(&dir);
    let _frozen = Immutable::new(vec![dir.join("archive.sqlite"), dir.clone()]);
    let run = |args: &[&str]| {
        songo()
            .args(args)
            .args(["--archive", &archive])
            .output()
            .expect("songo runs")
    };
    let search = run(&["archive", "search", "--player", "Ada"]);
    assert_eq!(
        search.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&search.stderr)
    );
    assert!(String::from_utf8_lossy(&search.stdout).contains("Ada"));
    assert_eq!(run(&["explore", "--moves", "S5"]).status.code(), Some(0));
    assert_eq!(
        run(&["archive", "standings", "--event", "Club"])
            .status
            .code(),
        Some(0)
    );
    let import = run(&[
        "archive",
        "import",
        "fixtures/records/valid/songo-full-game.songo",
    ]);
    assert_eq!(import.status.code(), Some(2));
}

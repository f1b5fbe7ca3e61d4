//! `songo analyse` and `songo tables`: the reports of a search and of the
//! endgame tables, on the worked examples. Searches run to a fixed depth on
//! one thread, so that their reports are the same every run; only the time
//! they took is left out.

use std::path::PathBuf;

use insta::{assert_json_snapshot, assert_snapshot};
use insta_cmd::assert_cmd_snapshot;

use crate::songo;

/// What a successful run printed, without the lines of timings.
fn stdout_without_timing(args: &[&str]) -> String {
    let output = songo().args(args).output().expect("songo runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .filter(|line| !line.starts_with("Time "))
        .map(|line| {
            // `tables build` ends each table's line with the time it took.
            let line = match line.find(" entries -> ") {
                Some(_) => line.rsplit_once(" (").map_or(line, |(kept, _)| kept),
                None => line,
            };
            format!("{line}\n")
        })
        .collect()
}

/// The JSON report of a run, without the fields that measure time.
fn json_without_timing(args: &[&str]) -> serde_json::Value {
    let output = songo().args(args).output().expect("songo runs");
    assert!(output.status.success());
    let mut report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let fields = report.as_object_mut().expect("an object");
    assert!(fields.remove("time_ms").is_some());
    assert!(fields.remove("nodes_per_second").is_some());
    report
}

/// A directory of its own for one test, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("songo-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        TempDir(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary directory")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn analyse_finds_the_grenier_of_the_third_capture_example() {
    // S5's 17 seeds lap the board and take N3..N0: eleven seeds.
    assert_snapshot!(stdout_without_timing(&[
        "analyse",
        "--position",
        "fixtures/positions/capture-ex3.txt",
        "--depth",
        "8"
    ]));
}

#[test]
fn analyse_in_json_is_the_analysis_report() {
    assert_json_snapshot!(json_without_timing(&[
        "analyse",
        "--position",
        "fixtures/positions/capture-ex1.txt",
        "--depth",
        "5",
        "--format",
        "json"
    ]));
}

#[test]
fn analyse_a_finished_game_gives_its_final_score() {
    assert_cmd_snapshot!(songo().args([
        "analyse",
        "--position",
        "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7:41-0:N"
    ]));
}

#[test]
fn analyse_names_awale_houses_in_the_letters_asked_for() {
    assert_snapshot!(stdout_without_timing(&[
        "analyse",
        "--rules",
        "awale",
        "--position",
        "0-0-0-1-0-2-0-1-0-0-0-1-20-23-S",
        "--depth",
        "6",
        "--letters",
        "north-upper"
    ]));
}

#[test]
fn analyse_refuses_seega_and_a_hash_out_of_range() {
    assert_cmd_snapshot!(songo().args([
        "analyse",
        "--position",
        "fixtures/positions/seega/start.txt"
    ]));
    assert_cmd_snapshot!(songo().args([
        "analyse",
        "--position",
        "fixtures/positions/capture-ex1.txt",
        "--hash",
        "0"
    ]));
    assert_cmd_snapshot!(songo().args([
        "analyse",
        "--position",
        "fixtures/positions/capture-ex1.txt",
        "--tables",
        "no/such/directory"
    ]));
    assert_cmd_snapshot!(songo().args([
        "analyse",
        "--position",
        "songo:9000,0,0,0,0,0,1/1,1,1,1,1,1,1:0-0:S"
    ]));
    // The analyser's own refusal, in the catalogue's words.
    assert_cmd_snapshot!(
        "analyse_refuses_seega_in_french",
        songo().args([
            "analyse",
            "--lang",
            "fr",
            "--position",
            "fixtures/positions/seega/start.txt"
        ])
    );
}

#[test]
fn tables_are_built_listed_and_read_by_the_search() {
    let dir = TempDir::new("tables");
    assert_snapshot!(
        "build",
        stdout_without_timing(&[
            "tables",
            "build",
            "--rules",
            "awale",
            "--seeds",
            "4",
            "--out",
            dir.path()
        ])
    );
    assert_snapshot!(
        "info",
        stdout_without_timing(&["tables", "info", "--rules", "awale", dir.path()])
    );
    // Four seeds on the board: the tables know the value, the search says
    // it is exact at once.
    let report = json_without_timing(&[
        "analyse",
        "--rules",
        "awale",
        "--position",
        "0-0-0-1-0-2-0-1-0-0-0-0-20-24-S",
        "--tables",
        dir.path(),
        "--format",
        "json",
    ]);
    assert_eq!(report["exact"], true);
    assert!(report["table_hits"].as_u64().unwrap() > 0);
    assert_json_snapshot!("analysed", report);
}

#[test]
fn analyse_and_tables_have_help_with_examples() {
    assert_cmd_snapshot!(songo().args(["analyse", "--help"]));
    assert_cmd_snapshot!(songo().args(["tables", "build", "--help"]));
}

/// `songo tables build` of abapa up to `seeds` seeds into `dir`, with
/// `more` arguments.
fn build_abapa(dir: &TempDir, seeds: &str, more: &[&str]) -> String {
    let mut args = vec![
        "tables",
        "build",
        "--rules",
        "oware-abapa",
        "--seeds",
        seeds,
        "--out",
        dir.path(),
    ];
    args.extend_from_slice(more);
    stdout_without_timing(&args)
}

#[test]
fn a_table_built_in_parts_and_merged_is_the_table_built_at_once() {
    let parts = TempDir::new("parts");
    let whole = TempDir::new("whole");
    build_abapa(&parts, "5", &[]);
    build_abapa(&whole, "6", &[]);
    let mut built = String::new();
    for part in ["1/3", "2/3", "3/3"] {
        built += &build_abapa(&parts, "6", &["--part", part]);
    }
    let merge = ["tables", "merge", "--rules", "oware-abapa", "--seeds", "6"];
    built += &stdout_without_timing(&[&merge[..], &[parts.path()]].concat());
    assert_snapshot!(built);
    let read = |dir: &TempDir| std::fs::read(dir.0.join("oware-abapa-06.table")).expect("a table");
    assert!(read(&parts) == read(&whole), "the merged table differs");
    // A part beyond the pairs of slices, and a merge with a part missing.
    assert_cmd_snapshot!(songo().args([
        "tables",
        "build",
        "--rules",
        "oware-abapa",
        "--seeds",
        "6",
        "--out",
        parts.path(),
        "--part",
        "6/6"
    ]));
    std::fs::remove_file(parts.0.join("oware-abapa-06.part-2-of-3.table")).expect("a part");
    assert_cmd_snapshot!(songo().args(merge).arg(parts.path()));
}

const GRENIER_MISSED: &str = "fixtures/records/engine/grenier-missed.songo";

#[test]
fn annotate_with_the_engine_marks_the_grenier_missed_as_a_blunder() {
    let record = stdout_without_timing(&["annotate", "--engine", "--depth", "8", GRENIER_MISSED]);
    assert!(
        record.contains("1. S4?? {[%eval +3 d8] [%mark ??] [%line] Blunder: 13 seeds lost; S5 was")
    );
    assert_snapshot!("annotate_engine", record);
    assert_snapshot!(
        "annotate_engine_fr",
        stdout_without_timing(&[
            "annotate",
            "--engine",
            "--depth",
            "8",
            "--lang",
            "fr",
            GRENIER_MISSED
        ])
    );
    let json: serde_json::Value = serde_json::from_str(&stdout_without_timing(&[
        "annotate",
        "--engine",
        "--depth",
        "8",
        "--format",
        "json",
        GRENIER_MISSED,
    ]))
    .expect("JSON");
    assert_eq!(json["games"][0]["engine"]["plies"][0]["mark"], "blunder");
    assert_json_snapshot!("annotate_engine_json", json);
    // The annotated record is valid, and annotating it again changes nothing.
    let dir = TempDir::new("annotated");
    std::fs::create_dir_all(&dir.0).unwrap();
    let file = dir.0.join("annotated.songo");
    std::fs::write(&file, &record).unwrap();
    let file = file.to_str().unwrap();
    stdout_without_timing(&["validate", file]);
    let again = stdout_without_timing(&["annotate", "--engine", "--depth", "8", file]);
    assert_eq!(again, record);
}

#[test]
fn annotate_with_the_engine_reads_the_endgame_tables() {
    let dir = TempDir::new("annotate-tables");
    stdout_without_timing(&[
        "tables",
        "build",
        "--rules",
        "awale",
        "--seeds",
        "4",
        "--out",
        dir.path(),
    ]);
    let record = stdout_without_timing(&[
        "annotate",
        "--engine",
        "--depth",
        "4",
        "--tables",
        dir.path(),
        "fixtures/records/engine/awale-endgame.songo",
    ]);
    assert!(record.contains("exact]"), "{record}");
    assert_snapshot!("annotate_engine_tables", record);
}

#[test]
fn annotate_engine_options_need_the_engine_and_limits_are_reported() {
    assert_cmd_snapshot!(songo().args(["annotate", "--depth", "8", GRENIER_MISSED]));
    // No time at all for the game: nothing judged, and stderr says so.
    let output = songo()
        .args([
            "annotate",
            "--engine",
            "--movetime",
            "1",
            "--total-time",
            "1",
            "fixtures/records/valid/seega-ends.songo",
        ])
        .output()
        .expect("songo runs");
    assert!(output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("the analysis plays the sowing games only")
    );
}

/// docs/analysis.md says what the program does (issue 26, items 29 to 31):
/// a report can be exact while a move of it is not, and a search without a
/// limit stops before its second once the value is proven.
#[test]
fn the_docs_say_what_exact_means_and_when_the_search_stops() {
    let output = songo()
        .args([
            "analyse",
            "--position",
            "awale:0,0,1,0,0,0/0,1,0,0,0,0:0-0:S",
            "--format",
            "json",
        ])
        .output()
        .expect("songo runs");
    assert!(output.status.success());
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["exact"], true);
    assert_eq!(report["moves"][0]["exact"], false);
    // No limit given: one second at most, far less once proven.
    assert!(report["time_ms"].as_u64().unwrap() < 900, "{report}");
    let docs = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/analysis.md"),
    )
    .expect("docs/analysis.md");
    assert!(docs.contains("`awale:0,0,1,0,0,0/0,1,0,0,0,0:0-0:S` is one"));
    assert!(docs.contains("the search stops earlier once an"));
    assert!(docs.contains("\"Finite\"\nis within the same seed count"));
    assert!(!docs.contains("Without a limit the search runs for one second."));
}

/// A line North starts is numbered as a record numbers it (issue 26,
/// item 27).
#[test]
fn a_line_north_starts_is_numbered_as_a_record() {
    let text = stdout_without_timing(&[
        "analyse",
        "--position",
        "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7:0-0:N",
        "--depth",
        "4",
    ]);
    let line = text
        .lines()
        .find(|line| line.starts_with("Line: "))
        .unwrap_or_else(|| panic!("{text}"));
    let words: Vec<&str> = line["Line: ".len()..].split(' ').collect();
    assert_eq!(words[0], "1...", "{line}");
    assert!(words[1].starts_with('N'), "{line}");
    assert_eq!(words[2], "2.", "{line}");
    assert!(words[3].starts_with('S'), "{line}");
}

/// `--tables` naming a directory of another game's tables says so (issue
/// 26, item 25): the search would otherwise run without them, silently.
#[test]
fn tables_of_another_ruleset_are_named_in_a_warning() {
    let dir = TempDir::new("other-tables");
    let built = songo()
        .args([
            "tables",
            "build",
            "--rules",
            "awale",
            "--seeds",
            "2",
            "--out",
            dir.path(),
        ])
        .output()
        .expect("songo runs");
    assert!(built.status.success());
    let output = songo()
        .args([
            "analyse",
            "--position",
            "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7:0-0:S",
            "--depth",
            "2",
            "--tables",
            dir.path(),
        ])
        .output()
        .expect("songo runs");
    assert!(output.status.success());
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    assert_eq!(
        stderr,
        format!(
            "warning: {} holds no songo table (only awale tables): the search runs without tables\n",
            dir.path()
        )
    );
    // The right tables: no warning.
    let output = songo()
        .args([
            "analyse",
            "--rules",
            "awale",
            "--position",
            "0-0-0-1-0-1-0-0-0-0-0-0-20-26-S",
            "--depth",
            "2",
            "--tables",
            dir.path(),
        ])
        .output()
        .expect("songo runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

//! `songo exercises`, end to end: every output snapshotted, and every
//! exercise found checked again — the margin by a deeper analysis, the
//! motif by `songo explain`.

use insta_cmd::assert_cmd_snapshot;
use serde_json::Value;

use crate::songo;

/// Three games the engine played (`songo generate --engine --tournament
/// --players 3 --games 3 --seed 23`).
const GAMES: &str = "fixtures/records/engine/exercises-games.songo";

/// How much deeper than the finder the check looks.
const CHECK_DEPTH: &str = "13";

fn json(args: &[&str]) -> Value {
    let output = songo().args(args).output().unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn exercises_has_help_with_examples() {
    assert_cmd_snapshot!(songo().args(["exercises", "--help"]));
}

#[test]
fn the_exercises_as_records() {
    assert_cmd_snapshot!(songo().args(["exercises", GAMES, "--count", "4"]));
}

#[test]
fn the_exercises_as_json() {
    assert_cmd_snapshot!(songo().args(["exercises", GAMES, "--count", "2", "--format", "json"]));
}

#[test]
fn the_grenier_exercises_as_a_french_lesson() {
    assert_cmd_snapshot!(songo().args([
        "exercises",
        GAMES,
        "--motif",
        "grenier",
        "--format",
        "lesson",
        "--lang",
        "fr"
    ]));
}

#[test]
fn the_handout_draws_every_exercise_and_checks_clean() {
    let output = songo()
        .args([
            "exercises",
            GAMES,
            "--format",
            "handout",
            "--lang",
            "fr",
            "--count",
            "3",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let html = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    // The lesson checker found nothing wrong (its `expect:` lines hold).
    assert!(!stderr.contains("handout check"), "{stderr}");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_eq!(html.matches("<h2>Exercice ").count(), 3);
    assert_eq!(html.matches("<h2>Solution ").count(), 3);
    // Each exercise's board, each solution's explained board and its line.
    assert!(html.matches("<svg").count() >= 9);
}

#[test]
fn filters_are_read_and_refused_with_a_reason() {
    assert_cmd_snapshot!(songo().args(["exercises", GAMES, "--difficulty", "4-2"]));
    assert_cmd_snapshot!(songo().args(["exercises", GAMES, "--motif", "fork"]));
    assert_cmd_snapshot!(songo().args(["exercises"]));
}

/// The value of `moves` of `songo analyse`'s report for `house`.
fn value_of(report: &Value, house: &str) -> i64 {
    report["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == house)
        .unwrap()["value"]
        .as_i64()
        .unwrap()
}

#[test]
fn every_exercise_is_proven_deeper_and_its_motif_is_what_explain_says() {
    let found = json(&["exercises", GAMES, "--count", "1000", "--format", "json"]);
    let margin = found["margin"].as_i64().unwrap();
    let exercises = found["exercises"].as_array().unwrap();
    assert!(exercises.len() >= 5, "the fixture gives exercises");
    for exercise in exercises {
        let position = compact(exercise);
        let solution = exercise["solution"].as_str().unwrap();
        // Deeper: the solution is still best by the margin.
        let report = json(&[
            "analyse",
            "--position",
            &position,
            "--depth",
            CHECK_DEPTH,
            "--format",
            "json",
        ]);
        assert_eq!(report["best"], solution, "{position}");
        let best = value_of(&report, solution);
        for other in report["moves"].as_array().unwrap() {
            if other["move"] != solution {
                let lead = best - other["value"].as_i64().unwrap();
                assert!(
                    lead >= margin,
                    "{position}: {solution} leads {other} by {lead}"
                );
            }
        }
        // The motif, as `songo explain` states it.
        let explained = json(&["explain", "--position", &position, "--format", "json"]);
        let mover = exercise["position"]["to_move"].as_str().unwrap();
        let holds = match exercise["motif"].as_str().unwrap() {
            "teach.grenier" => {
                explained["greniers"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|g| g["house"] == solution && g["captures"].as_u64().unwrap() > 0)
                    || grenier_built(&position, solution, mover)
            }
            "teach.yinda" => defence_of(&explained, solution) == Some("yinda".into()),
            "teach.defence" => defence_of(&explained, solution).is_some_and(|k| k != "yinda"),
            "teach.double-threat" => {
                let after = after(&position, solution);
                let later = json(&["explain", "--position", &after, "--format", "json"]);
                later["double_threats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|d| d["side"] == mover)
            }
            "teach.threat" => {
                let takes = explained["threats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|t| t["house"] == solution);
                takes || creates_threat(&position, solution, mover)
            }
            other => panic!("unexpected motif {other}"),
        };
        assert!(
            holds,
            "{position}: {solution} is not a {}",
            exercise["motif"]
        );
    }
}

/// The kind of the defence `solution` is, per `songo explain`.
fn defence_of(explained: &Value, solution: &str) -> Option<String> {
    explained["defences"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["move"] == solution)
        .map(|d| d["kind"].as_str().unwrap().to_owned())
}

/// The exercise's position in compact notation, from its JSON.
fn compact(exercise: &Value) -> String {
    let position = &exercise["position"];
    let row = |side: &str| {
        position[side]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let side = if position["to_move"] == "south" {
        "S"
    } else {
        "N"
    };
    format!(
        "{}:{}/{}:{}-{}:{side}",
        position["rules"].as_str().unwrap(),
        row("north"),
        row("south"),
        position["stores"]["south"],
        position["stores"]["north"]
    )
}

/// The position after `solution`, by `songo play`.
fn after(position: &str, solution: &str) -> String {
    let played = json(&["play", "--position", position, solution, "--format", "json"]);
    compact(&serde_json::json!({ "position": played["final"] }))
}

/// Whether `solution` leaves the mover a threat he did not have, per
/// `songo explain` before and after.
fn creates_threat(position: &str, solution: &str, mover: &str) -> bool {
    let threats = |position: &str| -> Vec<Value> {
        json(&["explain", "--position", position, "--format", "json"])["threats"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["side"] == mover)
            .map(|t| t["house"].clone())
            .collect()
    };
    let before = threats(position);
    threats(&after(position, solution))
        .iter()
        .any(|house| !before.contains(house))
}

/// Whether `solution` makes a new grenier of the mover, per `songo explain`.
fn grenier_built(position: &str, solution: &str, mover: &str) -> bool {
    let greniers = |position: &str| -> Vec<Value> {
        json(&["explain", "--position", position, "--format", "json"])["greniers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["side"] == mover)
            .map(|g| g["house"].clone())
            .collect()
    };
    let before = greniers(position);
    greniers(&after(position, solution))
        .iter()
        .any(|house| !before.contains(house))
}

//! The worked examples of the sources, analysed: the move each text plays,
//! its value, and the engine's best move, side by side in one snapshot.

use std::fmt::Write as _;
use std::path::Path;

use serde_yaml::Value;

use super::analyser::{Analyser, AnalysisOptions, Limits};
use crate::{House, LetterCase, Position, Ruleset, Score, Side};

fn numbers(value: &Value) -> Vec<u32> {
    value
        .as_sequence()
        .map(|seq| {
            seq.iter()
                .filter_map(Value::as_u64)
                .map(|n| n as u32)
                .collect()
        })
        .unwrap_or_default()
}

/// The position before an example's move, its move and the letters it uses.
fn example(text: &str) -> Option<(String, Position, House, LetterCase)> {
    let case: Value = serde_yaml::from_str(text).ok()?;
    let rules: Ruleset = case.get("rules")?.as_str()?.parse().ok()?;
    let letters = match case.get("letters").and_then(Value::as_str) {
        Some("north-upper") => LetterCase::NorthUpper,
        _ => LetterCase::SouthUpper,
    };
    let before = case.get("before")?;
    let to_move: Side = before.get("to_move")?.as_str()?.parse().ok()?;
    let stores = before
        .get("stores")
        .map(|s| {
            let side = |name| s.get(name).and_then(Value::as_u64).unwrap_or(0) as u32;
            Score::new(side("south"), side("north"))
        })
        .unwrap_or_default();
    let position = Position::new(
        rules,
        &numbers(before.get("south")?),
        &numbers(before.get("north")?),
        stores,
        to_move,
    )
    .ok()?;
    let house = House::parse_with_case(case.get("move")?.as_str()?, rules, letters).ok()?;
    Some((
        case.get("id")?.as_str()?.to_owned(),
        position,
        house,
        letters,
    ))
}

#[test]
fn the_worked_examples_get_sensible_best_moves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
    let mut files: Vec<_> = ["examples", "examples-awale"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root.join(dir)).expect("the fixtures"))
        .map(|entry| entry.expect("a fixture").path())
        .collect();
    files.sort();
    let analyser = Analyser::new(&AnalysisOptions::default());
    let mut table = String::new();
    let mut grenier = None;
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a fixture");
        let Some((id, position, played, letters)) = example(&text) else {
            continue;
        };
        analyser.clear();
        let report = analyser
            .analyse(
                &position,
                &Limits {
                    depth: Some(8),
                    ..Limits::default()
                },
            )
            .expect("a few seeds")
            .in_case(letters);
        let rules = position.rules();
        let name = played.name_with_case(rules, letters).to_string();
        let value = report
            .value_of(played)
            .map_or_else(|| "illegal".to_owned(), |m| format!("{:+}", m.value));
        let best = report
            .best
            .map_or_else(|| "-".to_owned(), |house| report.name(house).to_string());
        let _ = writeln!(
            table,
            "{id:<28} plays {name:<3} {value:>4}   best {best:<3} {:+}",
            report.value
        );
        if id == "capture-ex3-s5" {
            grenier = report.best.map(|house| report.name(house).to_string());
        }
    }
    // The grenier of S5, 17 seeds, that takes eleven.
    assert_eq!(grenier.as_deref(), Some("S5"));
    insta::assert_snapshot!(table);
}

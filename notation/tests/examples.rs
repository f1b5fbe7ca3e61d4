//! Every worked example of the sources (`fixtures/examples/*.yaml`) reproduces
//! exactly: the sown board, the board after captures, the captures, legality.

use std::path::PathBuf;

use serde::Deserialize;
use songo_notation::{House, Position, Ruleset, Score, Side};

#[derive(Deserialize)]
struct Board {
    #[serde(default)]
    to_move: Option<Side>,
    north: Vec<u32>,
    south: Vec<u32>,
}

#[derive(Deserialize)]
struct Example {
    id: String,
    rules: Ruleset,
    before: Board,
    #[serde(rename = "move")]
    played: Option<String>,
    sown: Option<Board>,
    after: Option<Board>,
    captured: Option<u32>,
    captured_houses: Option<Vec<String>>,
    legal: Option<Vec<String>>,
    illegal: Option<Vec<String>>,
}

fn examples() -> Vec<Example> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/examples");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures/examples exists")
        .map(|entry| entry.expect("readable entry").path())
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("readable fixture");
            serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        })
        .collect()
}

fn position(rules: Ruleset, board: &Board) -> Position {
    Position::new(
        rules,
        &board.south,
        &board.north,
        Score::default(),
        board.to_move.unwrap_or(Side::South),
    )
    .expect("valid example board")
}

fn names(rules: Ruleset, houses: impl Iterator<Item = House>) -> Vec<String> {
    houses.map(|h| h.name(rules).to_string()).collect()
}

#[test]
fn there_are_twenty_one_worked_examples() {
    assert_eq!(examples().len(), 21);
}

#[test]
fn every_worked_example_reproduces() {
    for example in examples() {
        let id = &example.id;
        let rules = example.rules;
        let before = position(rules, &example.before);
        if let Some(legal) = &example.legal {
            assert_eq!(
                &names(rules, before.legal_moves().iter()),
                legal,
                "{id}: legal moves"
            );
        }
        if let Some(illegal) = &example.illegal {
            for name in illegal {
                let house = House::parse(name, rules).unwrap();
                assert!(before.check(house).is_err(), "{id}: {name} must be illegal");
                assert!(
                    !before.legal_moves().contains(house),
                    "{id}: {name} listed as legal"
                );
            }
        }
        let Some(name) = &example.played else {
            continue;
        };
        let house = House::parse(name, rules).unwrap();
        let (after, outcome) = before.after(house).unwrap_or_else(|e| panic!("{id}: {e}"));
        let sown = example
            .sown
            .as_ref()
            .expect("a played example has a sown board");
        assert_eq!(
            outcome.sown.row(Side::North).as_slice(),
            sown.north,
            "{id}: sown north"
        );
        assert_eq!(
            outcome.sown.row(Side::South).as_slice(),
            sown.south,
            "{id}: sown south"
        );
        let expected = example
            .after
            .as_ref()
            .expect("a played example has a final board");
        assert_eq!(
            after.row(Side::North).as_slice(),
            expected.north,
            "{id}: final north"
        );
        assert_eq!(
            after.row(Side::South).as_slice(),
            expected.south,
            "{id}: final south"
        );
        assert_eq!(Some(outcome.captured), example.captured, "{id}: captured");
        assert_eq!(
            Some(names(rules, outcome.captured_houses.iter())),
            example.captured_houses,
            "{id}: captured houses"
        );
        assert_eq!(
            after.stores()[before.to_move()],
            outcome.captured,
            "{id}: store"
        );
        assert_eq!(after.seeds(), before.seeds(), "{id}: seeds conserved");
    }
}

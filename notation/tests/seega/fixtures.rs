//! Every fixture of `fixtures/seega/` replays exactly: legal and illegal
//! moves with their rule ids, captures, the rules applied, the position
//! after, the end of the game, declared ends and barriers.

use serde::Deserialize;
use songo_notation::RuleId;
use songo_notation::Side;
use songo_notation::seega::{SeegaMove, SeegaPosition, SquareSet};

use super::position;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    id: String,
    rules: Vec<RuleId>,
    position: String,
    #[serde(default)]
    moves: Vec<String>,
    captured: Option<Vec<String>>,
    applied: Option<Vec<RuleId>>,
    after: Option<String>,
    legal: Option<Vec<String>>,
    legal_count: Option<usize>,
    legal_after: Option<Vec<String>>,
    #[serde(default)]
    illegal: Vec<Illegal>,
    game_over: Option<End>,
    #[serde(default)]
    declared: Vec<Declared>,
    #[serde(default)]
    declared_after: Vec<Declared>,
    barrier: Option<Barriers>,
    barrier_after: Option<Barriers>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Illegal {
    #[serde(rename = "move")]
    played: String,
    rule: RuleId,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct End {
    rule: RuleId,
    winner: String,
    victory: Option<String>,
    score: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Declared {
    rule: RuleId,
    winner: Option<String>,
    victory: Option<String>,
    score: Option<String>,
    error: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Barriers {
    south: Option<Vec<String>>,
    north: Option<Vec<String>>,
}

fn fixtures() -> Vec<(String, Fixture)> {
    crate::common::load_yaml("seega", false)
        .into_iter()
        .map(|(path, fixture)| {
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            (stem, fixture)
        })
        .collect()
}

fn names(set: SquareSet) -> Vec<String> {
    set.iter().map(|s| s.to_string()).collect()
}

fn sorted(mut moves: Vec<String>) -> Vec<String> {
    moves.sort();
    moves
}

fn winner_name(winner: Option<Side>) -> &'static str {
    winner.map_or("draw", Side::as_str)
}

fn check_barriers(id: &str, position: &SeegaPosition, expected: &Barriers) {
    for (side, squares) in [
        (Side::South, &expected.south),
        (Side::North, &expected.north),
    ] {
        assert_eq!(
            position.barrier(side).map(names),
            squares.clone(),
            "{id}: {side}'s barrier"
        );
    }
}

fn check_declared(id: &str, position: &SeegaPosition, declared: &[Declared]) {
    for declared in declared {
        let rule = declared.rule;
        match (position.declared_end(rule), &declared.error) {
            (Ok(over), None) => {
                assert_eq!(over.rule, rule, "{id}: {rule}");
                if let Some(winner) = &declared.winner {
                    assert_eq!(winner_name(over.winner), winner, "{id}: {rule} winner");
                }
                assert_eq!(
                    over.victory().map(|v| v.to_string()),
                    declared.victory.clone(),
                    "{id}: {rule} victory"
                );
                if let Some(score) = &declared.score {
                    assert_eq!(&over.score.to_string(), score, "{id}: {rule} score");
                }
            }
            (Err(error), Some(expected)) => {
                assert!(
                    error.to_string().contains(expected.as_str()),
                    "{id}: {rule}: `{error}` should say `{expected}`"
                );
                assert_eq!(error.declared(), rule, "{id}");
            }
            (Ok(over), Some(expected)) => {
                panic!("{id}: {rule} holds ({over:?}) but should fail with `{expected}`")
            }
            (Err(error), None) => panic!("{id}: {rule} should hold: {error}"),
        }
    }
}

fn replay(id: &str, fixture: &Fixture) {
    let before = position(&fixture.position);
    if let Some(legal) = &fixture.legal {
        let found: Vec<String> = before.legal_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(sorted(found), sorted(legal.clone()), "{id}: legal moves");
    }
    if let Some(count) = fixture.legal_count {
        assert_eq!(before.legal_moves().len(), count, "{id}: legal move count");
        assert_eq!(
            before.legal_moves().iter().count(),
            count,
            "{id}: listed moves"
        );
    }
    for illegal in &fixture.illegal {
        let played: SeegaMove = illegal.played.parse().expect("fixture move reads");
        let error = before
            .check(played)
            .expect_err(&format!("{id}: {} should be illegal", illegal.played));
        assert_eq!(
            error.rule(),
            illegal.rule,
            "{id}: {}: {error}",
            illegal.played
        );
        let mut unchanged = before;
        assert!(unchanged.play(played).is_err());
        assert_eq!(unchanged, before, "{id}: an illegal move changes nothing");
    }
    check_declared(id, &before, &fixture.declared);
    if let Some(barriers) = &fixture.barrier {
        check_barriers(id, &before, barriers);
    }
    let mut current = before;
    let mut last = None;
    for (ply, text) in fixture.moves.iter().enumerate() {
        let played: SeegaMove = text.parse().expect("fixture move reads");
        let outcome = current
            .play(played)
            .unwrap_or_else(|e| panic!("{id}: move {} ({text}) is illegal: {e}", ply + 1));
        last = Some(outcome);
    }
    if let Some(captured) = &fixture.captured {
        let outcome = last.expect("captured needs moves");
        assert_eq!(&names(outcome.captured), captured, "{id}: captured squares");
    }
    if let Some(applied) = &fixture.applied {
        let outcome = last.expect("applied needs moves");
        let mut expected = applied.clone();
        expected.sort();
        let found: Vec<RuleId> = outcome.applied.iter().collect();
        assert_eq!(found, expected, "{id}: rules applied");
    }
    if let Some(after) = &fixture.after {
        assert_eq!(current, position(after), "{id}: position after\n{current}");
    }
    if let Some(legal) = &fixture.legal_after {
        let found: Vec<String> = current
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(
            sorted(found),
            sorted(legal.clone()),
            "{id}: legal moves after"
        );
    }
    match (&fixture.game_over, current.game_over()) {
        (None, None) => {}
        (Some(expected), Some(over)) => {
            assert_eq!(over.rule, expected.rule, "{id}: end rule");
            assert_eq!(winner_name(over.winner), expected.winner, "{id}: winner");
            assert_eq!(
                over.victory().map(|v| v.to_string()),
                expected.victory.clone(),
                "{id}: victory"
            );
            if let Some(score) = &expected.score {
                assert_eq!(&over.score.to_string(), score, "{id}: score");
            }
        }
        (expected, found) => panic!(
            "{id}: game over expected {:?}, found {found:?}",
            expected.as_ref().map(|e| e.rule)
        ),
    }
    check_declared(id, &current, &fixture.declared_after);
    if let Some(barriers) = &fixture.barrier_after {
        check_barriers(id, &current, barriers);
    }
}

#[test]
fn every_seega_fixture_replays() {
    let all = fixtures();
    assert!(all.len() >= 25, "{} fixtures", all.len());
    for (stem, fixture) in &all {
        assert_eq!(&fixture.id, stem, "a fixture's id is its file name");
        replay(&fixture.id, fixture);
    }
}

#[test]
fn every_seega_rule_has_a_fixture() {
    let all = fixtures();
    for rule in RuleId::ALL
        .iter()
        .filter(|r| r.as_str().starts_with("seega."))
    {
        assert!(
            all.iter().any(|(_, f)| f.rules.contains(rule)),
            "no fixture for {rule}"
        );
    }
}

#[test]
fn a_capture_in_each_direction() {
    let all = fixtures();
    for direction in ["north", "east", "south", "west"] {
        assert!(
            all.iter()
                .any(|(stem, _)| stem == &format!("capture-{direction}")),
            "capture-{direction}"
        );
    }
}

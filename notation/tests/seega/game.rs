//! The hand-made game of `fixtures/records/valid/seega-total-victory.songo`,
//! placement to a total victory, replayed move by move on the engine alone
//! (the validator's replay is checked in `records.rs`): every claimed
//! capture matches, placement takes 12 plies and the last placer moves
//! first, and the engine detects the end.

use songo_notation::record::{self, Node};
use songo_notation::seega::{Phase, SeegaMove, SeegaPosition, Victory};
use songo_notation::{RuleId, Score, Side};

#[test]
fn the_full_game_replays_to_a_total_victory() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/records/valid/seega-total-victory.songo"
    );
    let text = std::fs::read_to_string(path).expect("the game file");
    let records = record::read_all(&text).expect("the record reads");
    let moves: Vec<_> = records[0]
        .moves
        .iter()
        .filter_map(|node| match node {
            Node::Move(mv) => Some(mv),
            _ => None,
        })
        .collect();
    let mut position = SeegaPosition::start(Side::South);
    let mut captures = Score::default();
    for (ply, mv) in moves.iter().enumerate().map(|(i, mv)| (i + 1, mv)) {
        let played: SeegaMove = mv.text.parse().unwrap_or_else(|e| panic!("{e}"));
        let mover = position.to_move();
        let outcome = position
            .play(played)
            .unwrap_or_else(|e| panic!("ply {ply}: {}: {e}", mv.text));
        assert_eq!(
            mv.claim.unwrap_or(0),
            outcome.captured.len(),
            "ply {ply}: {}",
            mv.text
        );
        captures[mover] += outcome.captured.len();
        if ply == 11 {
            assert_eq!(
                position.phase(),
                Phase::Placement,
                "North places the last two"
            );
        }
        if ply == 12 {
            assert_eq!(position.phase(), Phase::Movement, "12 turns of placement");
            assert_eq!(
                position.to_move(),
                Side::North,
                "North placed last and moves first"
            );
        }
    }
    assert_eq!(moves.len(), 88);
    assert_eq!(position.captured(), captures);
    let over = position.game_over().expect("the game is over");
    assert_eq!(over.rule, RuleId::SeegaEndWipeout);
    assert_eq!(over.winner, Some(Side::South));
    assert_eq!(over.victory(), Some(Victory::Total));
    assert_eq!(over.score, Score::new(6, 0));
    assert_eq!(records[0].tags.get("Result"), Some("6-0"));
}

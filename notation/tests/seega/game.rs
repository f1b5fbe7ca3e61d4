//! A whole game, placement to a total victory, replays move by move: every
//! claimed capture matches, and the engine detects the end.

use songo_notation::seega::{ClaimedMove, Phase, SeegaPosition, Victory};
use songo_notation::{RuleId, Score, Side};

#[test]
fn the_full_game_replays_to_a_total_victory() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/seega/games/total-victory.txt"
    );
    let text = std::fs::read_to_string(path).expect("the game file");
    let mut position = SeegaPosition::start(Side::South);
    let mut plies = 0;
    let mut captures = Score::default();
    for token in text.split_whitespace().filter(|t| !t.ends_with('.')) {
        let claimed: ClaimedMove = token.parse().unwrap_or_else(|e| panic!("{e}"));
        let mover = position.to_move();
        let outcome = position
            .play(claimed.played)
            .unwrap_or_else(|e| panic!("ply {}: {token}: {e}", plies + 1));
        plies += 1;
        assert_eq!(
            claimed.claim.unwrap_or(0),
            outcome.captured.len(),
            "ply {plies}: {token}"
        );
        captures[mover] += outcome.captured.len();
        if plies == 11 {
            assert_eq!(
                position.phase(),
                Phase::Placement,
                "North places the last two"
            );
        }
        if plies == 12 {
            assert_eq!(position.phase(), Phase::Movement, "12 turns of placement");
            assert_eq!(
                position.to_move(),
                Side::North,
                "North placed last and moves first"
            );
        }
    }
    assert_eq!(plies, 88);
    assert_eq!(position.captured(), captures);
    let over = position.game_over().expect("the game is over");
    assert_eq!(over.rule, RuleId::SeegaEndWipeout);
    assert_eq!(over.winner, Some(Side::South));
    assert_eq!(over.victory(), Some(Victory::Total));
    assert_eq!(over.score, Score::new(6, 0));
}

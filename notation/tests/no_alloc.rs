//! The engine's hot path — `turn` (legal moves or the end of the game) and
//! `play` (and `play_listed`) — makes no heap allocation, for every sowing ruleset and Seega,
//! over whole random games. The counting allocator only counts in this test binary.

use songo_notation::{Position, Ruleset};

#[test]
fn playouts_do_not_allocate() {
    for rules in [
        Ruleset::Songo,
        Ruleset::SongoEkang,
        Ruleset::Awale,
        Ruleset::OwareAbapa,
    ] {
        let mut state: u64 = 0x5EED;
        let mut plies = 0u32;
        let counted = allocation_counter::measure(|| {
            for _ in 0..50 {
                let mut position = Position::start(rules);
                for _ in 0..300 {
                    let Ok(moves) = position.turn() else { break };
                    // A xorshift step picks the move.
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let house = moves.as_slice()[(state % moves.len() as u64) as usize];
                    assert!(position.check(house).is_ok());
                    // The fast path a replay takes gives what `play` gives.
                    let mut played = position;
                    let outcome = played.play(house).map(|outcome| outcome.captured);
                    // A move taken from the list `turn` gave is played
                    // without a check again: every one of them alike.
                    for index in 0..moves.len() {
                        let listed_house = moves.as_slice()[index];
                        let mut by_list = position;
                        let mut by_house = position;
                        let captured = by_list.play_listed(&moves, index);
                        assert_eq!(captured, by_house.play_captured(listed_house).ok());
                        assert_eq!(by_list, by_house, "{rules}: {listed_house:?}");
                    }
                    let mut unchanged = position;
                    assert_eq!(unchanged.play_listed(&moves, moves.len()), None);
                    assert_eq!(unchanged, position);
                    assert_eq!(position.play_captured(house), outcome);
                    assert_eq!(position, played);
                    let _ = position.illegal_moves().count();
                    plies += 1;
                }
            }
        });
        assert!(plies > 1_000, "{rules}: the games were played");
        assert_eq!(counted.count_total, 0, "{rules}: heap allocations");
    }
}

#[test]
fn seega_playouts_do_not_allocate() {
    use songo_notation::Side;
    use songo_notation::seega::SeegaPosition;
    let mut state: u64 = 0x5EE6A;
    let mut plies = 0u32;
    let counted = allocation_counter::measure(|| {
        for _ in 0..50 {
            let mut position = SeegaPosition::start(Side::South);
            for _ in 0..300 {
                let Ok(moves) = position.turn() else { break };
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let Some(chosen) = moves.get((state % moves.len() as u64) as usize) else {
                    break;
                };
                assert!(position.check(chosen).is_ok());
                assert!(position.play(chosen).is_ok());
                let _ = position.illegal_moves().count();
                plies += 1;
            }
        }
    });
    assert!(plies > 1_000, "seega: the games were played");
    assert_eq!(counted.count_total, 0, "seega: heap allocations");
}

#[test]
fn the_counter_counts() {
    // The check above would pass vacuously if nothing were counted.
    let counted = allocation_counter::measure(|| {
        let boxed = std::hint::black_box(Box::new(Position::start(Ruleset::Songo)));
        drop(boxed);
    });
    assert_eq!(counted.count_total, 1);
}

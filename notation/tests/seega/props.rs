//! Properties of random Seega games and of arbitrary positions and texts:
//! piece counts only fall, every notation reads back what it writes, the
//! legal moves are exactly the moves `check` accepts, nothing panics.

use proptest::prelude::*;
use songo_notation::seega::notation::{diagram, parse_compact, parse_diagram};
use songo_notation::seega::{
    ClaimedMove, PIECES_PER_SIDE, Phase, SeegaMove, SeegaPosition, SeegaSetup, Square, SquareSet,
};
use songo_notation::{RuleId, Score, Side};

/// Plays a random game from the start, choosing with `choices`; returns
/// every position seen.
fn random_game(first: Side, choices: &[u16]) -> Vec<SeegaPosition> {
    let mut position = SeegaPosition::start(first);
    let mut seen = vec![position];
    for &choice in choices {
        let Ok(moves) = position.turn() else { break };
        let count = moves.iter().count();
        assert_eq!(count, moves.len());
        let played = moves
            .iter()
            .nth(usize::from(choice) % count)
            .expect("a move");
        position
            .play(played)
            .unwrap_or_else(|e| panic!("{position}: listed move {played} refused: {e}"));
        seen.push(position);
    }
    seen
}

fn owned(position: &SeegaPosition) -> Score {
    position.pieces_left()
}

fn side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::South), Just(Side::North)]
}

fn any_setup() -> impl Strategy<Value = SeegaSetup> {
    (
        any::<u32>(),
        any::<u32>(),
        side(),
        (0u32..14, 0u32..14),
        (0u32..14, 0u32..14),
        any::<bool>(),
    )
        .prop_map(|(south, north, to_move, hand, taken, passed)| {
            let south = SquareSet::from_bits(south);
            SeegaSetup {
                south,
                north: SquareSet::from_bits(north) & !south,
                to_move,
                in_hand: Score::new(hand.0, hand.1),
                captured: Score::new(taken.0, taken.1),
                passed,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn piece_counts_only_fall(first in side(), choices in prop::collection::vec(any::<u16>(), 0..160)) {
        let game = random_game(first, &choices);
        for pair in game.windows(2) {
            let (before, after) = (owned(&pair[0]), owned(&pair[1]));
            prop_assert!(after.south <= before.south && after.north <= before.north);
            // What one side loses, the other has taken.
            for side in Side::BOTH {
                prop_assert_eq!(
                    owned(&pair[1])[side] + pair[1].captured()[side.opposite()],
                    PIECES_PER_SIDE
                );
            }
            // c3 stays empty while pieces are placed.
            if pair[1].phase() == Phase::Placement {
                prop_assert!(!pair[1].occupied().contains(Square::CENTRE));
            }
        }
    }

    #[test]
    fn every_position_of_a_game_reads_back(first in side(), choices in prop::collection::vec(any::<u16>(), 0..120)) {
        for position in random_game(first, &choices) {
            let compact = position.to_string();
            prop_assert_eq!(parse_compact(&compact).unwrap(), position);
            prop_assert_eq!(parse_diagram(&diagram(&position)).unwrap(), position);
            let json = serde_json::to_string(&position).unwrap();
            prop_assert_eq!(serde_json::from_str::<SeegaPosition>(&json).unwrap(), position);
            let any = songo_notation::any::AnyPosition::parse(&json, None).unwrap();
            prop_assert_eq!(any.as_seega(), Some(&position));
        }
    }

    #[test]
    fn legal_moves_are_the_moves_check_accepts(setup in any_setup(), from in 0u8..25, to in 0u8..25, other in 0u8..25) {
        let Ok(position) = SeegaPosition::from_setup(setup) else { return Ok(()) };
        let legal = position.legal_moves();
        for played in legal.iter() {
            prop_assert!(position.check(played).is_ok(), "{} {}", position, played);
            let mut next = position;
            let outcome = next.play(played).unwrap();
            prop_assert!(outcome.captured.len() <= 3);
            prop_assert!(owned(&next).south <= owned(&position).south);
            prop_assert!(owned(&next).north <= owned(&position).north);
        }
        let (a, b, c) = (
            Square::from_index(from).unwrap(),
            Square::from_index(to).unwrap(),
            Square::from_index(other).unwrap(),
        );
        for candidate in [SeegaMove::Step(a, b), SeegaMove::place(a, c), SeegaMove::Pass] {
            let accepted = position.check(candidate).is_ok();
            prop_assert_eq!(accepted, legal.contains(candidate), "{} {}", position, candidate);
            if let Err(error) = position.check(candidate) {
                prop_assert!(!error.to_string().is_empty());
                let mut anyway = position;
                let _ = anyway.play_anyway(candidate);
            }
        }
        for (played, rule) in position.illegal_moves() {
            prop_assert_eq!(rule, RuleId::SeegaBlockedUnblock);
            prop_assert_eq!(position.check(played).unwrap_err().rule(), rule);
        }
        for side in Side::BOTH {
            let _ = position.barrier(side);
        }
        for rule in RuleId::ALL {
            let _ = position.declared_end(*rule);
        }
        prop_assert_eq!(parse_compact(&position.to_string()).unwrap(), position);
    }

    #[test]
    fn no_text_makes_a_reader_panic(text in "\\PC{0,80}") {
        let _ = parse_compact(&text);
        let _ = parse_diagram(&text);
        let _ = text.parse::<SeegaMove>();
        let _ = text.parse::<ClaimedMove>();
        let _ = songo_notation::any::AnyPosition::parse(&text, None);
        let _ = songo_notation::any::AnyPosition::parse(&text, Some(songo_notation::Ruleset::Seega));
        let _ = serde_json::from_str::<SeegaPosition>(&text);
    }

    #[test]
    fn board_like_texts_do_not_panic(text in "[SNsn. /:0-9a-e\\n|-]{0,90}") {
        let _ = parse_compact(&text);
        let _ = parse_diagram(&text);
        let _ = songo_notation::any::AnyPosition::parse(&text, None);
        let _ = songo_notation::any::AnyPosition::parse(&text, Some(songo_notation::Ruleset::Seega));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn markdown_reads_back_with_its_highlights(first in side(), choices in prop::collection::vec(any::<u16>(), 0..100)) {
        use songo_notation::seega::render::{markdown, Highlight};
        let game = random_game(first, &choices);
        let mut before = game[0];
        for &after in &game[1..] {
            // Replay to get the move's highlight.
            let played = before.legal_moves().iter().find(|m| before.after(*m).map(|(p, _)| p) == Ok(after));
            let highlight = played
                .and_then(|m| before.after(m).ok())
                .map_or(Highlight::default(), |(_, outcome)| Highlight::of(&outcome));
            prop_assert_eq!(parse_diagram(&markdown(&after, &highlight)).unwrap(), after);
            before = after;
        }
    }
}

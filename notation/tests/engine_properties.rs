//! Invariants of the rules engine, on random games and arbitrary positions.
//!
//! - seeds are conserved by every move, from the start or a partial board;
//! - every move `turn` lists plays; every house it does not list is refused;
//! - random Songo games end by their own rules; Awalé games are cut at a cap;
//! - nothing panics, whatever the counts (zero boards, one-sided boards,
//!   counts up to `u32::MAX`).

use proptest::prelude::*;
use songo_notation::{Game, House, Position, PositionError, Ruleset, Score, Side, report};

const SOWING: [Ruleset; 4] = [
    Ruleset::Songo,
    Ruleset::SongoEkang,
    Ruleset::Awale,
    Ruleset::OwareAbapa,
];

/// The longest random Songo game allowed before the test fails. Over 800,000
/// random games (from the start and from random partial boards, both Songo
/// rulesets) the longest took 473 plies and the mean was about 110: a game
/// still going after 2,000 plies would be a broken end rule, not bad luck.
const SONGO_PLY_BOUND: usize = 2_000;

/// Awalé may cycle for ever (only oware-abapa ends on repetition, and its
/// bound is astronomical), so random Awalé games are cut here.
const AWALE_PLY_CAP: usize = 1_000;

/// SplitMix64, to pick moves from one proptest-chosen seed.
struct Picker(u64);

impl Picker {
    fn pick(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

fn ruleset() -> impl Strategy<Value = Ruleset> {
    prop::sample::select(SOWING.to_vec())
}

fn side() -> impl Strategy<Value = Side> {
    prop::sample::select(Side::BOTH.to_vec())
}

/// A start position, or a partial board as teaching diagrams draw them
/// (including empty and one-sided camps).
fn playable_position() -> impl Strategy<Value = Position> {
    (
        ruleset(),
        prop::collection::vec(0u32..=12, 7),
        prop::collection::vec(0u32..=12, 7),
        0u32..=45,
        0u32..=45,
        side(),
        0u8..5,
    )
        .prop_map(|(rules, south, north, s, n, to_move, shape)| {
            let width = rules.houses_per_side();
            let (mut south, mut north) = (south[..width].to_vec(), north[..width].to_vec());
            match shape {
                0 => return Position::start(rules),
                1 => south.fill(0),
                2 => north.fill(0),
                _ => {}
            }
            Position::new(rules, &south, &north, Score::new(s, n), to_move)
                .expect("small counts always fit")
        })
}

/// Plays one random game, checking each position on the way; returns the
/// plies played and whether the game ended.
fn random_game(start: Position, seed: u64, cap: usize) -> (usize, bool) {
    let total = start.seeds();
    let mut picker = Picker(seed);
    let mut game = Game::new(start);
    for ply in 0..cap {
        let position = *game.position();
        check_moves(&position);
        let moves = match game.turn() {
            Ok(moves) => moves,
            Err(_) => return (ply, true),
        };
        let house = moves.as_slice()[picker.pick(moves.len())];
        let outcome = game
            .play(house)
            .unwrap_or_else(|e| panic!("{position}: legal {house:?} refused: {e}"));
        let after = game.position();
        assert_eq!(
            after.seeds(),
            total,
            "{position}: seeds conserved by {house:?}"
        );
        assert_eq!(
            outcome.sown.stores(),
            position.stores(),
            "sowing moves no seed to a store"
        );
        let mut stores = position.stores();
        stores[position.to_move()] += outcome.captured;
        stores[position.to_move().opposite()] += outcome.conceded;
        assert_eq!(
            after.stores(),
            stores,
            "{position}: stores change by the captures"
        );
    }
    (cap, game.turn().is_err())
}

/// Every listed move plays; every other house of the side to move is refused
/// and leaves the position as it was; the lists cover the camp.
fn check_moves(position: &Position) {
    let legal = position.legal_moves();
    let illegal: Vec<(House, _)> = position.illegal_moves().collect();
    let over = position.turn().is_err();
    for house in position.houses() {
        let listed = legal.contains(house);
        let forbidden = illegal.iter().any(|&(h, _)| h == house);
        assert!(
            !(listed && forbidden),
            "{position}: {house:?} legal and illegal"
        );
        if listed {
            assert!(position.check(house).is_ok(), "{position}: {house:?}");
            let (next, _) = position
                .after(house)
                .unwrap_or_else(|e| panic!("{position}: legal {house:?} refused: {e}"));
            assert_eq!(next.seeds(), position.seeds(), "{position}: {house:?}");
        } else {
            let mut copy = *position;
            assert!(copy.play(house).is_err(), "{position}: {house:?} played");
            assert_eq!(&copy, position, "a refused move changes nothing");
        }
        if !over && house.side == position.to_move() && position.house(house) > 0 {
            assert!(
                listed || forbidden,
                "{position}: {house:?} neither legal nor illegal"
            );
        }
    }
    if over {
        assert!(legal.is_empty(), "{position}: moves after the end");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_games_conserve_seeds_and_play_every_legal_move(
        start in playable_position(),
        seed in any::<u64>(),
    ) {
        random_game(start, seed, 300);
    }

    #[test]
    fn random_songo_games_end_by_their_rules(
        rules in prop::sample::select(vec![Ruleset::Songo, Ruleset::SongoEkang]),
        from_start in any::<bool>(),
        partial in playable_position(),
        seed in any::<u64>(),
    ) {
        let start = if from_start || partial.rules().houses_per_side() != 7 {
            Position::start(rules)
        } else {
            partial
        };
        let (plies, ended) = random_game(start, seed, SONGO_PLY_BOUND);
        prop_assert!(ended, "{start}: still going after {plies} plies");
    }

    #[test]
    fn random_awale_games_run_to_the_cap_or_end(
        rules in prop::sample::select(vec![Ruleset::Awale, Ruleset::OwareAbapa]),
        seed in any::<u64>(),
    ) {
        let (plies, ended) = random_game(Position::start(rules), seed, AWALE_PLY_CAP);
        prop_assert!(ended || plies == AWALE_PLY_CAP);
    }
}

/// A house count: mostly small, sometimes huge.
fn count() -> impl Strategy<Value = u32> {
    prop_oneof![
        3 => Just(0u32),
        3 => 1u32..=5,
        2 => 0u32..=100,
        1 => (u32::MAX / 14 - 20)..=u32::MAX / 14,
        1 => (u32::MAX - 40)..=u32::MAX,
        1 => any::<u32>(),
    ]
}

/// Any board the constructor is given: zero boards, one-sided boards, a
/// single huge house, counts that overflow in total.
fn any_position() -> impl Strategy<Value = Result<Position, PositionError>> {
    (
        ruleset(),
        prop::collection::vec(count(), 7),
        prop::collection::vec(count(), 7),
        count(),
        count(),
        side(),
        0u8..6,
        0usize..14,
    )
        .prop_map(|(rules, south, north, s, n, to_move, shape, huge)| {
            let width = rules.houses_per_side();
            let (mut south, mut north) = (south[..width].to_vec(), north[..width].to_vec());
            let mut stores = Score::new(s, n);
            match shape {
                0 => {
                    south.fill(0);
                    north.fill(0);
                }
                1 => south.fill(0),
                2 => north.fill(0),
                3 => {
                    // Everything in one house, as much as fits.
                    south.fill(0);
                    north.fill(0);
                    stores = Score::default();
                    let row = if huge < 7 { &mut south } else { &mut north };
                    row[huge % width] = u32::MAX;
                }
                _ => {}
            }
            Position::new(rules, &south, &north, stores, to_move)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn no_panic_on_arbitrary_positions(built in any_position(), seed in any::<u64>()) {
        let position = match built {
            Ok(position) => position,
            Err(error) => {
                prop_assert!(matches!(error, PositionError::TooManySeeds { .. }), "{error}");
                return Ok(());
            }
        };
        let _ = position.turn();
        let _ = position.game_over();
        let _ = position.illegal_moves().count();
        let _ = report::moves(&position);
        let _ = position.to_string();
        for side in Side::BOTH {
            for index in 0..8 {
                let house = House::new(side, index);
                let _ = position.check(house);
                let (mut played, mut anyway) = (position, position);
                let _ = played.play(house);
                let _ = anyway.play_anyway(house);
            }
        }
        // A few plies on from there, with play_anyway too.
        let (_, _) = random_game(position, seed, 20);
        let mut copy = position;
        let mut picker = Picker(seed);
        for _ in 0..20 {
            let side = copy.to_move();
            let width = copy.rules().houses_per_side();
            let house = House::new(side, picker.pick(width) as u8);
            let before = copy.seeds();
            if copy.play_anyway(house).is_ok() {
                prop_assert_eq!(copy.seeds(), before);
            }
        }
    }
}

/// `awale.feed` by its definition: a move is legal when, captures included,
/// the opponent keeps a seed. The oware-abapa engine plays the same sowing
/// and captures, and says when a capture would take every seed (grand slam).
fn feeds_by_definition(position: &Position, house: House) -> bool {
    let abapa = Position::new(
        Ruleset::OwareAbapa,
        &position.row(Side::South),
        &position.row(Side::North),
        position.stores(),
        position.to_move(),
    )
    .expect("the same board");
    let mut after = abapa;
    let Ok(outcome) = after.play_anyway(house) else {
        return false;
    };
    let opponent = position.to_move().opposite();
    after.camp_seeds(opponent) > 0
        && !outcome
            .applied
            .contains(songo_notation::RuleId::AbapaGrandSlam)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    #[test]
    fn awale_legal_moves_are_the_feeding_moves(
        south in prop::collection::vec(0u32..=5, 6),
        north in prop::collection::vec(0u32..=5, 6),
        to_move in side(),
    ) {
        let position = Position::new(Ruleset::Awale, &south, &north, Score::default(), to_move)
            .expect("small counts");
        let legal = position.legal_moves();
        for index in 0..6 {
            let house = House::new(to_move, index);
            if position.house(house) == 0 {
                continue;
            }
            prop_assert_eq!(
                legal.contains(house),
                feeds_by_definition(&position, house),
                "{} {:?}", position, house
            );
        }
    }
}

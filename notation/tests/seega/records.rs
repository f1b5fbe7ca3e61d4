//! Seega records: the hand-made game validates to its total victory, a
//! refused move can be played on with `--keep-going`, generated games
//! validate and read back as written.

use proptest::prelude::*;
use songo_notation::generate::{GenerateOptions, Generator};
use songo_notation::record::{self, GameRecord};
use songo_notation::seega::Victory;
use songo_notation::validate::{Options, validate_str};
use songo_notation::{Ruleset, Side};

fn fixture(path: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/../fixtures/records/{path}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("a readable fixture")
}

#[test]
fn the_hand_made_game_validates_to_a_total_victory() {
    let report = validate_str(
        &fixture("valid/seega-total-victory.songo"),
        &Options::default(),
    );
    let game = &report.games[0];
    assert!(game.valid, "{:#?}", game.violations);
    assert_eq!(game.plies, 88);
    assert_eq!(game.result.computed.as_deref(), Some("6-0"));
    let end = game.end.as_ref().expect("the game ended");
    assert_eq!(end.rule.as_str(), "seega.end.wipeout");
    assert_eq!(end.winner, Some(Side::South));
    assert_eq!(end.victory(), Some(Victory::Total));
}

#[test]
fn keep_going_plays_on_after_a_placement_on_the_centre() {
    let text = "[Rules \"seega\"]\n1. a1,b1 a5,b5 2. c3,e1 d5,e5 3. b2,c2 *";
    let stopped = validate_str(text, &Options::default());
    assert_eq!(stopped.games[0].violations.len(), 1);
    let options = Options {
        keep_going: true,
        ..Options::default()
    };
    let report = validate_str(text, &options);
    let game = &report.games[0];
    let rules: Vec<&str> = game.violations.iter().map(|v| v.rule.as_str()).collect();
    assert_eq!(rules, ["seega.place.centre"]);
    // The replay went on after ply 3: the last placement is on the board.
    let last = game
        .final_position
        .as_ref()
        .and_then(|p| p.as_seega().copied());
    let last = last.expect("a final position");
    assert_eq!(last.pieces(Side::South).to_string(), "a1 b1 e1 b2 c2 c3");
    let stopped_at = stopped.games[0]
        .final_position
        .as_ref()
        .and_then(|p| p.as_seega().copied());
    assert_eq!(
        stopped_at.map(|p| p.pieces(Side::South).to_string()),
        Some("a1 b1".to_owned())
    );
    // A step onto an occupied square cannot be played even so: the replay stops.
    let occupied = validate_str("[Rules \"seega\"]\n1. a1,b1 a1,e5 2. c1,d1 *", &options);
    assert_eq!(occupied.games[0].violations.len(), 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn generated_seega_games_validate_and_read_back(seed in any::<u64>(), annotate in any::<bool>(), max_plies in 0usize..400) {
        let options = GenerateOptions { max_plies, annotate, ..GenerateOptions::default() };
        let mut generator = Generator::new(Ruleset::Seega, seed, options);
        let records: Vec<GameRecord> = (0..2).map(|i| generator.game(i)).collect();
        let text = record::write_all(&records);
        let report = validate_str(&text, &Options::default());
        for game in &report.games {
            prop_assert!(game.valid, "{:#?}\n{}", game.violations, text);
            prop_assert_eq!(&game.result.claimed, &game.result.computed);
        }
        let read = record::read_all(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&read, &records);
        prop_assert_eq!(record::write_all(&read), text);
    }
}

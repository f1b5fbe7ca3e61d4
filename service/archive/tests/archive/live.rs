//! Live games on both backends: a whole game played move by move, each
//! move committed when acknowledged (a fresh connection sees it), retries
//! answered the same, gaps and other moves at a stored ply refused,
//! illegal moves refused with their rule, the finished game in the
//! archive with its tags.

use songo_archive::{Archive, LiveRefusal, NewLiveGame};
use songo_notation::Ruleset;
use songo_notation::record::GameRecord;

use super::{Backend, fixture, open, scratch};

both!(
    a_live_game_is_played_move_by_move_and_archived,
    a_live_game_refuses_gaps_other_moves_wrong_keys_and_illegal_moves,
);

/// The moves of the fixtures' whole Songo game (43-20 by the rules).
fn full_game_moves() -> Vec<String> {
    let record: GameRecord = fixture("valid/songo-full-game.songo")
        .parse()
        .expect("a record");
    record.main_line().map(|mv| mv.text.clone()).collect()
}

fn new_game() -> NewLiveGame {
    NewLiveGame {
        rules: Ruleset::Songo,
        south: "Ada Mvondo".to_owned(),
        north: "Kofi \"the wall\" Eto'o".to_owned(),
        event: Some("Coupe de Yaoundé".to_owned()),
        round: Some("3".to_owned()),
    }
}

fn a_live_game_is_played_move_by_move_and_archived(backend: Backend) {
    let scratch = scratch(backend, "live_game");
    let mut archive = open(&scratch);
    let started = archive
        .start_live(&new_game(), "club-a")
        .expect("the database")
        .expect("started");
    assert_eq!(started.id.len(), 16);
    assert!(
        !format!("{started:?}").contains(&started.key),
        "the key is never shown"
    );
    let moves = full_game_moves();
    assert!(moves.len() > 30);
    for (i, text) in moves.iter().enumerate() {
        let ply = i + 1;
        let played = archive
            .play_live(&started.id, &started.key, ply, text)
            .expect("the database")
            .unwrap_or_else(|refused| panic!("ply {ply} {text}: {}", refused.message()));
        assert_eq!(played.ply, ply);
        assert_eq!(&played.played, text);
        // Acknowledged is committed: another connection sees the move.
        let mut fresh = Archive::open(&scratch.location).expect("another connection");
        let seen = fresh
            .live_game(&started.id)
            .expect("the database")
            .expect("the game");
        assert_eq!(seen.moves.len(), ply);
        assert_eq!(seen.position, played.position);
        // A retry gets the same answer and stores nothing more.
        let again = archive
            .play_live(&started.id, &started.key, ply, text)
            .expect("the database")
            .expect("the same answer");
        assert_eq!(again.position, played.position);
        assert_eq!(again.game_over, played.game_over);
        assert_eq!(played.game_over.is_some(), ply == moves.len(), "ply {ply}");
    }
    let live = archive
        .live_game(&started.id)
        .expect("the database")
        .expect("the game");
    let over = live.game_over.expect("over by the rules");
    assert_eq!(over.score.to_string(), "43-20");
    let id = live.game.expect("archived");
    assert_eq!(archive.count().expect("a count"), 1, "archived once");
    let stored = archive.game(&id).expect("the database").expect("the game");
    assert!(stored.summary.valid, "{}", stored.record);
    assert_eq!(
        stored.summary.plies,
        i64::try_from(moves.len()).expect("plies")
    );
    for tag in [
        "[Event \"Coupe de Yaoundé\"]",
        "[Round \"3\"]",
        "[South \"Ada Mvondo\"]",
        "[North \"Kofi \\\"the wall\\\" Eto'o\"]",
        "[Result \"43-20\"]",
        "[Rules \"songo\"]",
    ] {
        assert!(stored.record.contains(tag), "{tag} in {}", stored.record);
    }
    assert!(stored.record.contains("[Date \"20"), "{}", stored.record);
    assert_eq!(
        archive.imported_by(&id).expect("the database").as_deref(),
        Some("club-a")
    );
    // The last move sent again: the same answer, the game archived once.
    let last = archive
        .play_live(
            &started.id,
            &started.key,
            moves.len(),
            &moves[moves.len() - 1],
        )
        .expect("the database")
        .expect("the same answer");
    assert!(last.game_over.is_some());
    // A move after the end: the rules' end refuses it.
    let after = archive
        .play_live(&started.id, &started.key, moves.len() + 1, "S1")
        .expect("the database")
        .expect_err("over");
    let LiveRefusal::Illegal(error) = after else {
        panic!("{}", after.message())
    };
    assert_eq!(error.rule().map(|r| r.as_str()), Some(over.rule.as_str()));
    assert_eq!(archive.count().expect("a count"), 1);
}

fn a_live_game_refuses_gaps_other_moves_wrong_keys_and_illegal_moves(backend: Backend) {
    let scratch = scratch(backend, "live_refusals");
    let mut archive = open(&scratch);
    let started = archive
        .start_live(&new_game(), "club-a")
        .expect("the database")
        .expect("started");
    let refused = |archive: &mut Archive, key: &str, ply: usize, text: &str| {
        archive
            .play_live(&started.id, key, ply, text)
            .expect("the database")
            .expect_err("refused")
    };
    assert!(matches!(
        refused(&mut archive, "songo_not-the-key", 1, "S5"),
        LiveRefusal::WrongKey(_)
    ));
    assert!(matches!(
        refused(&mut archive, &started.key, 2, "S5"),
        LiveRefusal::Gap {
            given: 2,
            next: 1,
            ..
        }
    ));
    assert!(matches!(
        refused(&mut archive, &started.key, 0, "S5"),
        LiveRefusal::Gap {
            given: 0,
            next: 1,
            ..
        }
    ));
    // North's house on South's turn: the rule says why.
    let LiveRefusal::Illegal(error) = refused(&mut archive, &started.key, 1, "N3") else {
        panic!("illegal")
    };
    assert!(error.rule().is_some(), "{}", error.message());
    assert!(matches!(
        refused(&mut archive, &started.key, 1, "S9"),
        LiveRefusal::Illegal(_)
    ));
    archive
        .play_live(&started.id, &started.key, 1, "S5")
        .expect("the database")
        .expect("played");
    let LiveRefusal::Taken { stored, given, .. } = refused(&mut archive, &started.key, 1, "S4")
    else {
        panic!("taken")
    };
    assert_eq!((stored.as_str(), given.as_str()), ("S5", "S4"));
    assert!(matches!(
        refused(&mut archive, &started.key, 3, "N0"),
        LiveRefusal::Gap { next: 2, .. }
    ));
    let game = archive
        .live_game(&started.id)
        .expect("the database")
        .expect("the game");
    assert_eq!(game.moves, ["S5"]);
    assert!(game.game_over.is_none() && game.game.is_none());
    assert!(
        archive
            .live_game("0123456789abcdef")
            .expect("the database")
            .is_none()
    );
    let mut bad = new_game();
    bad.south = "  ".to_owned();
    assert!(matches!(
        archive.start_live(&bad, "club-a").expect("the database"),
        Err(LiveRefusal::BadName("south"))
    ));
    bad.south = "Ada\n[Result \"0-70\"]".to_owned();
    assert!(matches!(
        archive.start_live(&bad, "club-a").expect("the database"),
        Err(LiveRefusal::BadName("south"))
    ));
    assert_eq!(archive.count().expect("a count"), 0);
}

//! Live games on both backends: a whole game played move by move, each
//! move committed when acknowledged (a fresh connection sees it), retries
//! answered the same, gaps and other moves at a stored ply refused,
//! illegal moves refused with their rule, the finished game in the
//! archive with its tags; moves and undos racing on one game from
//! several connections leave no gap; on PostgreSQL, each move announced
//! with the ply its spectators are sent.

use songo_archive::{Archive, LiveNotice, LiveRefusal, NewLiveGame, Store};
use songo_notation::Ruleset;
use songo_notation::record::GameRecord;

use super::{Backend, fixture, open, scratch};

both!(
    a_live_game_is_played_move_by_move_and_archived,
    a_live_game_refuses_gaps_other_moves_wrong_keys_and_illegal_moves,
    moves_and_undos_racing_on_one_game_leave_no_gap,
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

/// The next ply of game `id` and the whole game's move there (none once
/// it is over).
fn next_move(archive: &mut Archive, id: &str, moves: &[String]) -> Option<(usize, String)> {
    let game = archive.live_game(id).expect("the database")?;
    let name = moves.get(game.moves.len())?.clone();
    Some((game.moves.len() + 1, name))
}

fn moves_and_undos_racing_on_one_game_leave_no_gap(backend: Backend) {
    let scratch = scratch(backend, "live_race");
    let mut archive = open(&scratch);
    let started = archive
        .start_live(&new_game(), "club-a")
        .expect("the database")
        .expect("started");
    // Keepers on three connections playing the whole game's move at the
    // next ply as they read it, one of them taking the last move back
    // now and then: whatever the interleaving, the moves stored follow
    // each other.
    let moves = full_game_moves();
    std::thread::scope(|threads| {
        for keeper in 0..3 {
            let (location, started, moves) = (&scratch.location, &started, &moves);
            threads.spawn(move || {
                let mut archive = Archive::open(location).expect("a connection");
                for round in 0..12 {
                    let Some((ply, name)) = next_move(&mut archive, &started.id, moves) else {
                        return;
                    };
                    if keeper == 2 && round % 2 == 1 && ply > 1 {
                        let _ = archive
                            .undo_live(&started.id, &started.key, ply - 1)
                            .expect("the database");
                        continue;
                    }
                    let answer = archive
                        .play_live(&started.id, &started.key, ply, &name)
                        .expect("the database");
                    match answer {
                        Ok(played) => assert_eq!(played.ply, ply),
                        Err(LiveRefusal::Gap { .. }) => {}
                        Err(refused) => panic!("ply {ply} {name}: {}", refused.message()),
                    }
                }
            });
        }
    });
    // No gap: the next ply is the one after the moves stored, and the
    // game replays (`live_game` replays every stored move).
    let (ply, name) = next_move(&mut archive, &started.id, &moves).expect("not over");
    archive
        .play_live(&started.id, &started.key, ply, &name)
        .expect("the database")
        .unwrap_or_else(|refused| panic!("ply {ply} {name}: {}", refused.message()));
    let game = archive
        .live_game(&started.id)
        .expect("the database")
        .expect("the game");
    assert_eq!(game.moves.len(), ply);
    assert!(!game.undone.is_empty(), "the race had undos");
}

/// On PostgreSQL, a move is announced with its ply as spectators are sent
/// it: no server reads it back.
#[test]
fn a_move_is_announced_with_its_ply() {
    let scratch = scratch(Backend::Postgres, "live_notice");
    let store = Store::new(scratch.location.clone(), None);
    let mut listener = store
        .live_listener()
        .expect("the database")
        .expect("PostgreSQL listens");
    let mut archive = open(&scratch);
    let started = archive
        .start_live(&new_game(), "club-a")
        .expect("the database")
        .expect("started");
    let mut played = Vec::new();
    for (ply, text) in full_game_moves().iter().take(2).enumerate() {
        played.push(
            archive
                .play_live(&started.id, &started.key, ply + 1, text)
                .expect("the database")
                .expect("played"),
        );
    }
    archive
        .undo_live(&started.id, &started.key, 2)
        .expect("the database")
        .expect("undone");
    // The channel is the database's: other tests' games are heard too.
    let mut heard = Vec::new();
    while heard.len() < 3 {
        let batch = listener
            .next(std::time::Duration::from_secs(5))
            .expect("the database");
        assert!(!batch.is_empty(), "heard {heard:?} only");
        heard.extend(batch.into_iter().filter(|(id, _)| *id == started.id));
    }
    for (i, played) in played.iter().enumerate() {
        let (id, LiveNotice::Move(ply, Some(json))) = &heard[i] else {
            panic!("{:?}", heard[i])
        };
        assert_eq!((id.as_str(), *ply), (started.id.as_str(), i + 1));
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(json).expect("JSON"),
            serde_json::to_value(played).expect("JSON"),
        );
    }
    assert_eq!(heard[2], (started.id.clone(), LiveNotice::Undo(2)));
}

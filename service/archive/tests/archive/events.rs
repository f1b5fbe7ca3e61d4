//! Events that are run, on both backends: a Swiss paired round by round
//! by the engine and agreeing with `dutch::check` once exported, results
//! entered alone and as games, a correction kept as a revision, a round
//! robin by the Berger table, and a report file read in and written out.

use songo_archive::{Author, EventRefusal, EventSystem, NewEvent, ResultEntry, RunEvent};
use songo_notation::Ruleset;
use songo_notation::tournament::{berger, dutch, trf};

use super::{Backend, open, prepared, scratch};

both!(
    a_swiss_is_paired_by_the_engine_and_its_results_corrected,
    a_round_robin_follows_the_berger_table_with_a_bye,
    a_report_file_is_read_in_and_written_out_the_same,
);

const NAMES: [&str; 8] = [
    "Ada Mvondo",
    "Kofi Asante",
    "Nadège Eto'o",
    "Dora N.",
    "Jean-Paul Biya",
    "Awa Diallo",
    "Samuel Eto",
    "Lina Ngono",
];

fn author(by: &str) -> Author<'_> {
    Author {
        by,
        reason: Some("entered at the board"),
        account: None,
    }
}

fn swiss(rounds: u32) -> NewEvent {
    NewEvent {
        name: "Coupe de Yaoundé".to_owned(),
        site: Some("Yaoundé".to_owned()),
        rules: Ruleset::Songo,
        system: EventSystem::Dutch,
        rounds: Some(rounds),
        tiebreaks: None,
    }
}

/// A result for each board of `round`, by board: white wins on odd
/// boards, black on even ones, a forfeit on board 3, a draw on board 4.
fn result_of(board: u32) -> &'static str {
    match board {
        3 => "-/+",
        4 => "1/2-1/2",
        b if b % 2 == 1 => "41-29",
        _ => "20-44",
    }
}

fn state(archive: &mut songo_archive::Archive, id: i64) -> RunEvent {
    archive.event_run(id).expect("read").expect("run")
}

// Long because: one event told from its creation to its last round, each step checked as it happens.
fn a_swiss_is_paired_by_the_engine_and_its_results_corrected(backend: Backend) {
    let scratch = scratch(backend, "event_swiss");
    let mut archive = open(&scratch);
    let event = archive
        .create_event(&swiss(5), "director", None)
        .expect("stored")
        .expect("created");
    assert!(matches!(
        archive
            .create_event(&swiss(5), "director", None)
            .expect("read"),
        Err(EventRefusal::AlreadyRun(_))
    ));
    let id = event.id;
    assert!(matches!(
        archive.pair_next(id, None).expect("read"),
        Err(EventRefusal::TooFewPlayers)
    ));
    for (at, name) in NAMES.iter().enumerate() {
        let rating = 2000 - 50 * u32::try_from(at).expect("small");
        let player = archive
            .register(id, name, rating, None)
            .expect("stored")
            .expect("registered");
        assert_eq!(player.number, u32::try_from(at + 1).expect("small"));
    }
    // The same player under another spelling is one player.
    assert!(matches!(
        archive.register(id, "nadege eto o", 0, None).expect("read"),
        Err(EventRefusal::Registered(_))
    ));
    for round in 1..=5 {
        let paired = archive
            .pair_next(id, None)
            .expect("stored")
            .expect("paired");
        assert_eq!(paired.round, round);
        assert_eq!(paired.boards.len(), 4);
        if round == 1 {
            assert!(matches!(
                archive.register(id, "Late Comer", 0, None).expect("read"),
                Err(EventRefusal::Closed)
            ));
            // Round 1 by the Dutch system: the top half against the bottom
            // half, colours alternating from player 1's white.
            let pairs: Vec<(u32, Option<u32>)> =
                paired.boards.iter().map(|b| (b.white, b.black)).collect();
            assert_eq!(
                pairs,
                [(1, Some(5)), (6, Some(2)), (3, Some(7)), (8, Some(4))]
            );
        }
        assert!(matches!(
            archive.pair_next(id, None).expect("read"),
            Err(EventRefusal::Unfinished { round: r, board: 1 }) if r == round
        ));
        for board in &paired.boards {
            let entered = archive
                .enter_result(
                    id,
                    round,
                    board.board,
                    &ResultEntry::Alone(result_of(board.board).to_owned()),
                    author("director"),
                )
                .expect("stored")
                .expect("entered");
            assert!(
                entered.game.is_some(),
                "a result alone is a game of the archive"
            );
        }
    }
    assert!(matches!(
        archive.pair_next(id, None).expect("read"),
        Err(EventRefusal::AllPaired)
    ));
    let before = state(&mut archive, id);
    let board = &before.rounds[4].boards[0];
    assert_eq!(board.result.as_deref(), Some("1-0"));
    assert_eq!(board.score.as_deref(), Some("41-29"));
    assert_eq!(before.rounds[0].boards[2].result.as_deref(), Some("-/+"));
    assert_eq!(
        before.rounds[0].boards[3].result.as_deref(),
        Some("1/2-1/2")
    );
    // Every round is the engine's, as `songo pair --check` sees it.
    let text = archive.event_trf(id).expect("read").expect("run");
    let file = trf::parse(&text).expect("a report file");
    assert_eq!(file.players.len(), 8);
    assert!(dutch::check(&file).expect("checked").is_empty(), "{text}");
    // A correction: the game's next revision, and the standings follow.
    let game = board.game.clone().expect("a game");
    let corrected = archive
        .enter_result(
            id,
            5,
            1,
            &ResultEntry::Alone("29-41".to_owned()),
            author("arbiter"),
        )
        .expect("stored")
        .expect("corrected");
    assert_eq!(corrected.result.as_deref(), Some("0-1"));
    assert_eq!(corrected.game.as_deref(), Some(game.as_str()));
    let history = archive.history(&game).expect("read").expect("a game");
    assert_eq!(history.revisions.len(), 2);
    assert_eq!(history.revisions[1].by, "arbiter");
    let after = state(&mut archive, id);
    let points = |run: &RunEvent, number: u32| {
        run.players
            .iter()
            .find(|p| p.number == number)
            .expect("a player")
            .points
    };
    assert_eq!(
        points(&after, board.white),
        points(&before, board.white) - 1.0
    );
    let black = board.black.expect("a game");
    assert_eq!(points(&after, black), points(&before, black) + 1.0);
    // The archive's own standings see the event's games.
    let standings = archive.standings("Coupe de Yaoundé").expect("read");
    assert_eq!(standings.games, 20);
    // A game posted with its moves becomes the board's next revision.
    let record = super::fixture("valid/songo-full-game.songo");
    let white = &after.players[usize::try_from(board.white - 1).expect("small")].name;
    let black_name = &after.players[usize::try_from(black - 1).expect("small")].name;
    // The fixture's game, as played between these two in round 5.
    let text = record
        .replace(
            "[South \"capture-first program\"]",
            &format!("[South \"{white}\"]"),
        )
        .replace(
            "[North \"capture-first program\"]",
            &format!("[North \"{black_name}\"]"),
        )
        .replace("[Round \"1\"]", "[Round \"5\"]");
    let games = prepared(&text);
    let (round, posted) = archive
        .post_game(id, &games[0], author("director"))
        .expect("stored")
        .expect("posted");
    assert_eq!(round, 5);
    assert_eq!(posted.game.as_deref(), Some(game.as_str()));
    assert_eq!(posted.score.as_deref(), Some("43-20"));
    assert_eq!(posted.result.as_deref(), Some("1-0"));
    // Byes and other refusals.
    assert!(matches!(
        archive
            .enter_result(id, 1, 9, &ResultEntry::Alone("1-0".into()), author("d"))
            .expect("read"),
        Err(EventRefusal::NoSuchBoard { .. })
    ));
    assert!(matches!(
        archive
            .enter_result(id, 1, 1, &ResultEntry::Alone("won".into()), author("d"))
            .expect("read"),
        Err(EventRefusal::BadResult(_))
    ));
}

fn a_round_robin_follows_the_berger_table_with_a_bye(backend: Backend) {
    let scratch = scratch(backend, "event_berger");
    let mut archive = open(&scratch);
    let id = archive
        .create_event(
            &NewEvent {
                name: "Club evening".to_owned(),
                site: None,
                rules: Ruleset::Songo,
                system: EventSystem::RoundRobin,
                rounds: None,
                tiebreaks: Some("direct,wins,sb,seed-diff".to_owned()),
            },
            "director",
            None,
        )
        .expect("stored")
        .expect("created")
        .id;
    for name in &NAMES[..5] {
        archive
            .register(id, name, 0, None)
            .expect("stored")
            .expect("registered");
    }
    let table = berger::schedule(5, false).expect("a table");
    for (at, expected) in table.iter().enumerate() {
        let paired = archive
            .pair_next(id, None)
            .expect("stored")
            .expect("paired");
        let mut expected = expected.clone();
        expected.sort_by_key(|pair| pair.black.is_none());
        let pairs: Vec<(u32, Option<u32>)> =
            paired.boards.iter().map(|b| (b.white, b.black)).collect();
        let wanted: Vec<(u32, Option<u32>)> = expected.iter().map(|p| (p.white, p.black)).collect();
        assert_eq!(pairs, wanted, "round {}", at + 1);
        let bye = paired.boards.last().expect("a bye");
        assert_eq!((bye.black, bye.result.as_deref()), (None, Some("bye")));
        assert!(matches!(
            archive
                .enter_result(
                    id,
                    paired.round,
                    bye.board,
                    &ResultEntry::Alone("+/-".into()),
                    author("d")
                )
                .expect("read"),
            Err(EventRefusal::Bye)
        ));
        for board in paired.boards.iter().filter(|b| b.black.is_some()) {
            archive
                .enter_result(
                    id,
                    paired.round,
                    board.board,
                    &ResultEntry::Alone("40-30".into()),
                    author("d"),
                )
                .expect("stored")
                .expect("entered");
        }
    }
    let run = state(&mut archive, id);
    assert_eq!(run.planned_rounds, 5);
    assert_eq!(run.standings.len(), 5);
    assert!(matches!(
        archive.pair_next(id, None).expect("read"),
        Err(EventRefusal::AllPaired)
    ));
}

fn a_report_file_is_read_in_and_written_out_the_same(backend: Backend) {
    let scratch = scratch(backend, "event_trf");
    let mut archive = open(&scratch);
    let path = format!(
        "{}/../../fixtures/tournaments/dutch/small-12-7.trf",
        env!("CARGO_MANIFEST_DIR")
    );
    let file = trf::parse(&std::fs::read_to_string(path).expect("a fixture")).expect("read");
    let mut event = swiss(7);
    event.name = file.name.clone().expect("a name");
    event.rounds = None;
    let run = archive
        .import_trf(&file, &event, "keeper", None)
        .expect("stored")
        .expect("imported");
    assert_eq!(run.players.len(), 12);
    assert_eq!(run.rounds.len(), file.players[0].rounds.len());
    let text = archive.event_trf(run.id).expect("read").expect("run");
    let back = trf::parse(&text).expect("a report file");
    assert!(dutch::check(&back).expect("checked").is_empty());
    for (ours, theirs) in back.players.iter().zip(&file.players) {
        assert_eq!(
            (ours.number, &ours.name, ours.rating),
            (theirs.number, &theirs.name, theirs.rating)
        );
        assert_eq!(ours.points, theirs.points, "{}", ours.name);
        assert_eq!(ours.rounds, theirs.rounds, "{}", ours.name);
    }
    // Written out twice, the same bytes; read in again, the same file.
    assert_eq!(archive.event_trf(run.id).expect("read").expect("run"), text);
    let mut again = event.clone();
    again.name = "Copy".to_owned();
    let copy = archive
        .import_trf(&back, &again, "keeper", None)
        .expect("stored")
        .expect("imported");
    let copied = archive.event_trf(copy.id).expect("read").expect("run");
    assert_eq!(
        copied.replace("012 Copy", "012 X"),
        text.replacen(&format!("012 {}", event.name), "012 X", 1)
    );
}

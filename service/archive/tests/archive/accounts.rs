//! Accounts on both backends: tokens made, found by their hash, revoked
//! and listed; the archive holds no token in clear; each import records
//! who made it; a write account's club claims its events.

use songo_archive::{
    Account, AccountError, BatchOutcome, Found, Location, OtherClubsEvent, Post, Refused, Scope,
    Store, token_hash,
};

use super::{Backend, open, prepared, scratch};

both!(
    accounts_are_made_found_listed_and_revoked,
    the_archive_holds_no_token_in_clear,
    every_import_records_who_made_it,
    a_write_account_s_club_claims_its_events,
    an_archive_of_schema_6_gets_its_accounts,
    posts_committed_together_answer_as_each_alone,
    a_revoked_account_s_posts_store_nothing,
    a_known_account_s_post_of_an_earlier_text_is_a_duplicate,
    a_known_account_s_post_of_one_game_is_checked_as_it_is_stored,
    posts_at_once_are_each_answered_once_committed,
);

fn account(name: &str, scope: Scope, club: Option<&str>) -> Account {
    Account {
        name: name.to_owned(),
        scope,
        club: club.map(str::to_owned),
    }
}

fn refused<T: std::fmt::Debug>(result: Result<T, AccountError>) -> AccountError {
    result.expect_err("refused")
}

fn accounts_are_made_found_listed_and_revoked(backend: Backend) {
    let scratch = scratch(backend, "accounts");
    let mut archive = open(&scratch);
    assert!(!archive.has_writers().expect("a query"));
    let writer = archive
        .add_account("club-a", Scope::Write, Some("Club A"))
        .expect("made");
    let reader = archive
        .add_account("results", Scope::Read, None)
        .expect("made");
    assert!(archive.has_writers().expect("a query"));
    assert_ne!(writer.token, reader.token);
    assert!(writer.token.starts_with("songo_"), "{}", writer.token);
    // What a token opens, by its hash.
    assert_eq!(
        archive.account_by_token(&writer.token).expect("a look-up"),
        Found::Live {
            account: account("club-a", Scope::Write, Some("Club A")),
            last_used: None
        }
    );
    assert_eq!(
        archive
            .account_by_token(&format!("{}x", writer.token))
            .expect("a look-up"),
        Found::Unknown
    );
    // Refusals: each says what is wrong, nothing is made.
    assert!(matches!(
        refused(archive.add_account("club-a", Scope::Admin, None)),
        AccountError::Exists(name) if name == "club-a"
    ));
    assert!(matches!(
        refused(archive.add_account("club-b", Scope::Write, None)),
        AccountError::ClubNeeded
    ));
    assert!(matches!(
        refused(archive.add_account("keeper", Scope::Admin, Some("Club A"))),
        AccountError::ClubNotForScope(Scope::Admin)
    ));
    assert!(matches!(
        refused(archive.add_account("two words", Scope::Read, None)),
        AccountError::BadName(_)
    ));
    assert!(matches!(
        refused(archive.add_account("club-c", Scope::Write, Some("  "))),
        AccountError::BadClub(_)
    ));
    // Used, listed (by name, without token), revoked once.
    archive
        .touch_account("results", 1_743_791_400)
        .expect("touched");
    let listed = archive.accounts().expect("a list");
    let names: Vec<&str> = listed.iter().map(|row| row.name.as_str()).collect();
    assert_eq!(names, ["club-a", "results"]);
    assert_eq!(listed[0].club.as_deref(), Some("Club A"));
    assert_eq!(listed[1].last_used.as_deref(), Some("2025-04-04T18:30:00Z"));
    assert!(listed.iter().all(|row| row.revoked.is_none()));
    assert!(archive.revoke_account("club-a").expect("revoked"));
    assert!(!archive.revoke_account("club-a").expect("revoked already"));
    assert!(matches!(
        refused(archive.revoke_account("nobody")),
        AccountError::Unknown(name) if name == "nobody"
    ));
    assert_eq!(
        archive.account_by_token(&writer.token).expect("a look-up"),
        Found::Revoked("club-a".to_owned())
    );
    assert!(!archive.has_writers().expect("a query"));
    let listed = archive.accounts().expect("a list");
    assert!(listed[0].revoked.is_some());
    // A revoked account keeps its name.
    assert!(matches!(
        refused(archive.add_account("club-a", Scope::Write, Some("Club A"))),
        AccountError::Exists(_)
    ));
}

/// Every column of every account row, as text.
fn account_rows(location: &Location) -> Vec<String> {
    match location {
        Location::Sqlite(path) => {
            let connection = rusqlite::Connection::open(path).expect("the file");
            let mut statement = connection
                .prepare("SELECT * FROM accounts")
                .expect("a statement");
            let width = statement.column_count();
            let rows = statement
                .query_map([], |row| {
                    (0..width)
                        .map(|i| {
                            row.get::<_, rusqlite::types::Value>(i)
                                .map(|value| format!("{value:?}"))
                        })
                        .collect::<Result<Vec<_>, _>>()
                })
                .expect("rows");
            rows.map(|row| row.expect("a row").join("|")).collect()
        }
        Location::Postgres { url, schema } => {
            let mut client = postgres::Client::connect(url, postgres::NoTls).expect("a client");
            let sql = format!(
                "SELECT a::text FROM \"{}\".accounts a",
                schema.as_deref().unwrap_or("public")
            );
            client
                .query(&sql, &[])
                .expect("rows")
                .iter()
                .map(|row| row.get::<_, String>(0))
                .collect()
        }
    }
}

fn the_archive_holds_no_token_in_clear(backend: Backend) {
    let scratch = scratch(backend, "no-clear-token");
    let tokens: Vec<String> = {
        let mut archive = open(&scratch);
        [
            ("a", Scope::Read, None),
            ("b", Scope::Write, Some("B")),
            ("c", Scope::Admin, None),
        ]
        .into_iter()
        .map(|(name, scope, club)| archive.add_account(name, scope, club).expect("made").token)
        .collect()
    };
    let rows = account_rows(&scratch.location);
    assert_eq!(rows.len(), 3);
    for token in &tokens {
        let secret = token.trim_start_matches("songo_");
        // Neither the token nor any long piece of it: its hash only.
        for row in &rows {
            assert!(!row.contains(&secret[..16]), "{row} holds {token}");
        }
        assert!(
            rows.iter().any(|row| row.contains(&token_hash(token))),
            "{rows:?}"
        );
    }
    // Nor anywhere in the SQLite file and its journal.
    if let Location::Sqlite(path) = &scratch.location {
        for file in [path.clone(), path.with_extension("sqlite-wal")] {
            let bytes = std::fs::read(&file).unwrap_or_default();
            for token in &tokens {
                let secret = token.trim_start_matches("songo_").as_bytes();
                assert!(
                    !bytes.windows(16).any(|window| window == &secret[..16]),
                    "{} holds a token",
                    file.display()
                );
            }
        }
    }
}

const CLUB_A_GAME: &str = "[Event \"Spring cup\"]\n[Site \"Yaoundé\"]\n[South \"Ada\"]\n[North \"Ben\"]\n[Result \"40-30\"]\n[Termination \"agreement\"]\n\n40-30\n";
const CLUB_A_SECOND: &str = "[Event \"Spring cup\"]\n[Site \"Yaoundé\"]\n[South \"Ben\"]\n[North \"Ada\"]\n[Result \"35-35\"]\n[Termination \"agreement\"]\n\n35-35\n";
const NO_EVENT: &str =
    "[South \"Cleo\"]\n[North \"Dan\"]\n[Result \"20-50\"]\n[Termination \"agreement\"]\n\n20-50\n";
const CLUB_B_GAME: &str = "[Event \"Autumn cup\"]\n[Site \"Douala\"]\n[South \"Eve\"]\n[North \"Fod\"]\n[Result \"50-20\"]\n[Termination \"agreement\"]\n\n50-20\n";

fn every_import_records_who_made_it(backend: Backend) {
    let scratch = scratch(backend, "imported-by");
    let mut archive = open(&scratch);
    let by_ada = prepared(CLUB_A_GAME);
    let nobody = prepared(NO_EVENT);
    archive.import_by(&by_ada, Some("ada")).expect("imported");
    archive.import(&nobody).expect("imported");
    assert_eq!(
        archive
            .imported_by(&by_ada[0].id())
            .expect("a read")
            .as_deref(),
        Some("ada")
    );
    assert_eq!(archive.imported_by(&nobody[0].id()).expect("a read"), None);
    // A duplicate keeps its first importer.
    archive.import_by(&by_ada, Some("ben")).expect("imported");
    assert_eq!(
        archive
            .imported_by(&by_ada[0].id())
            .expect("a read")
            .as_deref(),
        Some("ada")
    );
    // An account's import records its name.
    let writer = account("club-b", Scope::Write, Some("Club B"));
    let games = prepared(CLUB_B_GAME);
    let outcome = archive.import_as(&games, &writer).expect("stored");
    assert_eq!(outcome.map(|o| o.imported), Ok(1));
    assert_eq!(
        archive
            .imported_by(&games[0].id())
            .expect("a read")
            .as_deref(),
        Some("club-b")
    );
}

fn a_write_account_s_club_claims_its_events(backend: Backend) {
    let scratch = scratch(backend, "event-clubs");
    let mut archive = open(&scratch);
    let club_a = account("club-a", Scope::Write, Some("Club A"));
    let club_b = account("club-b", Scope::Write, Some("Club B"));
    let admin = account("keeper", Scope::Admin, None);
    // Club A's first game claims the event.
    let stored = archive
        .import_as(&prepared(CLUB_A_GAME), &club_a)
        .expect("stored");
    assert_eq!(stored.map(|o| o.imported), Ok(1));
    assert_eq!(
        archive
            .event_club("Spring cup", "Yaoundé")
            .expect("a read")
            .as_deref(),
        Some("Club A")
    );
    // Club B may not add to it: the whole batch is refused, its own new
    // event unclaimed.
    let mixed = prepared(&format!("{CLUB_B_GAME}\n{CLUB_A_SECOND}"));
    let refused = archive.import_as(&mixed, &club_b).expect("answered");
    assert_eq!(
        refused,
        Err(OtherClubsEvent {
            event: "Spring cup".to_owned(),
            site: "Yaoundé".to_owned(),
            club: "Club A".to_owned(),
        })
    );
    assert_eq!(archive.count().expect("a count"), 1);
    assert_eq!(
        archive.event_club("Autumn cup", "Douala").expect("a read"),
        None
    );
    // A game of no event: any writer. The admin: any event, claiming none.
    let stored = archive
        .import_as(&prepared(NO_EVENT), &club_b)
        .expect("stored");
    assert_eq!(stored.map(|o| o.imported), Ok(1));
    let stored = archive
        .import_as(
            &prepared(&format!("{CLUB_A_SECOND}\n{CLUB_B_GAME}")),
            &admin,
        )
        .expect("stored");
    assert_eq!(stored.map(|o| o.imported), Ok(2));
    assert_eq!(
        archive.event_club("Autumn cup", "Douala").expect("a read"),
        None
    );
    // Club A adds to its event again; club B claims the other one.
    let second_of_a = prepared(CLUB_A_SECOND);
    assert_eq!(
        archive
            .import_as(&second_of_a, &club_a)
            .expect("stored")
            .map(|o| o.duplicates),
        Ok(1)
    );
    let stored = archive
        .import_as(&prepared(CLUB_B_GAME), &club_b)
        .expect("stored");
    assert_eq!(stored.map(|o| o.duplicates), Ok(1));
    assert_eq!(
        archive
            .event_club("Autumn cup", "Douala")
            .expect("a read")
            .as_deref(),
        Some("Club B")
    );
    let sound = archive.check().expect("checked");
    assert_eq!(sound.2, 0, "no game half written");
    // A route that edits a stored game asks the same of its tags.
    let mut tags = songo_notation::record::Tags::with_capacity(2);
    tags.set("Event", "Spring cup");
    tags.set("Site", "Yaoundé");
    archive.begin().expect("a transaction");
    let other = archive.claim_event(&club_b, &tags).expect("answered");
    assert_eq!(other.map(|o| o.club).as_deref(), Some("Club A"));
    assert_eq!(archive.claim_event(&club_a, &tags).expect("answered"), None);
    assert_eq!(archive.claim_event(&admin, &tags).expect("answered"), None);
    tags.set("Event", "Winter cup");
    assert_eq!(archive.claim_event(&club_b, &tags).expect("answered"), None);
    archive.rollback();
    assert_eq!(
        archive.event_club("Winter cup", "Yaoundé").expect("a read"),
        None
    );
}

fn an_archive_of_schema_6_gets_its_accounts(backend: Backend) {
    let games = prepared(CLUB_A_GAME);
    let scratch = super::old_archive(backend, "accounts_migrate", 6, &[&games]);
    let mut archive = open(&scratch);
    assert_eq!(
        archive.schema_version().expect("a version"),
        super::NEWEST_SCHEMA
    );
    assert!(archive.accounts().expect("a list").is_empty());
    assert_eq!(archive.imported_by(&games[0].id()).expect("a read"), None);
    let made = archive
        .add_account("keeper", Scope::Admin, None)
        .expect("made");
    assert!(matches!(
        archive.account_by_token(&made.token).expect("a look-up"),
        Found::Live { .. }
    ));
}

fn post(text: &str, account: &Account, recheck: bool) -> Post {
    Post {
        games: prepared(text),
        account: account.clone(),
        recheck,
    }
}

/// Posts of two clubs and an admin committed together: each answered as
/// its import alone would be, one of another club's event refused
/// without failing the others of its account, a game posted twice
/// stored once.
fn posts_committed_together_answer_as_each_alone(backend: Backend) {
    let together_scratch = scratch(backend, "posts-together");
    let alone_scratch = scratch(backend, "posts-alone");
    let club_a = account("club-a", Scope::Write, Some("Club A"));
    let club_b = account("club-b", Scope::Write, Some("Club B"));
    let admin = account("keeper", Scope::Admin, None);
    let posts = || {
        vec![
            post(CLUB_A_GAME, &club_a, false),
            post(CLUB_B_GAME, &club_b, false),
            post(NO_EVENT, &admin, false),
            post(CLUB_A_SECOND, &club_b, false),
            post(CLUB_B_GAME, &club_b, false),
            post(&format!("{CLUB_A_SECOND}\n{NO_EVENT}"), &admin, false),
        ]
    };
    let mut together = open(&together_scratch);
    // Club A's event claimed first, by a commit of its own.
    let first = together.import_posts(vec![post(CLUB_A_GAME, &club_a, false)]);
    assert_eq!(
        format!("{first:?}"),
        "[Ok(Ok(BatchOutcome { imported: 1, duplicates: 0 }))]"
    );
    let answers = together.import_posts(posts());
    let mut alone = open(&alone_scratch);
    alone
        .import_as(&prepared(CLUB_A_GAME), &club_a)
        .expect("stored")
        .expect("allowed");
    let expected: Vec<_> = posts()
        .into_iter()
        .map(|post| {
            alone
                .import_as(&post.games, &post.account)
                .map(|answer| answer.map_err(Refused::OtherClub))
        })
        .collect();
    assert_eq!(format!("{answers:?}"), format!("{expected:?}"));
    let outcome = |imported, duplicates| -> songo_archive::Posted {
        Ok(Ok(BatchOutcome {
            imported,
            duplicates,
        }))
    };
    let refused: songo_archive::Posted = Ok(Err(Refused::OtherClub(OtherClubsEvent {
        event: "Spring cup".to_owned(),
        site: "Yaoundé".to_owned(),
        club: "Club A".to_owned(),
    })));
    assert_eq!(
        format!("{answers:?}"),
        format!(
            "{:?}",
            [
                outcome(0, 1),
                outcome(1, 0),
                outcome(1, 0),
                refused,
                outcome(0, 1),
                outcome(1, 1),
            ]
        )
    );
    assert_eq!(together.count().expect("a count"), 4);
    for (game, by) in [
        (CLUB_A_GAME, "club-a"),
        (CLUB_B_GAME, "club-b"),
        (NO_EVENT, "keeper"),
        (CLUB_A_SECOND, "keeper"),
    ] {
        let id = prepared(game)[0].id();
        assert_eq!(
            together.imported_by(&id).expect("a read").as_deref(),
            Some(by)
        );
    }
    assert_eq!(
        together.check().expect("checked"),
        alone.check().expect("checked")
    );
}

/// A post whose account was looked up before it was revoked stores
/// nothing: its commit finds the account revoked.
fn a_revoked_account_s_posts_store_nothing(backend: Backend) {
    let scratch = scratch(backend, "posts-revoked");
    let mut archive = open(&scratch);
    archive
        .add_account("club-a", Scope::Write, Some("Club A"))
        .expect("made");
    let club_a = account("club-a", Scope::Write, Some("Club A"));
    let stored = archive.import_posts(vec![post(CLUB_A_GAME, &club_a, true)]);
    assert_eq!(stored.len(), 1);
    assert_eq!(
        stored[0]
            .as_ref()
            .ok()
            .cloned()
            .map(|o| o.map(|o| o.imported)),
        Some(Ok(1))
    );
    assert!(archive.revoke_account("club-a").expect("revoked"));
    let answers = archive.import_posts(vec![
        post(CLUB_A_SECOND, &club_a, true),
        post(NO_EVENT, &club_a, true),
    ]);
    for answer in answers {
        assert_eq!(
            answer.expect("answered"),
            Err(Refused::Revoked("club-a".to_owned()))
        );
    }
    assert_eq!(archive.count().expect("a count"), 1);
}

/// An archive with the admin account `keeper`, and that account as a
/// post's token found it a while ago.
fn kept_by_keeper(
    backend: Backend,
    name: &str,
) -> (super::Scratch, songo_archive::Archive, Account) {
    let scratch = scratch(backend, name);
    let mut archive = open(&scratch);
    archive
        .add_account("keeper", Scope::Admin, None)
        .expect("made");
    (scratch, archive, account("keeper", Scope::Admin, None))
}

/// `keeper` edits the stored `CLUB_A_GAME`: its South becomes "Ada N.".
fn rename_club_a_south(archive: &mut songo_archive::Archive) {
    let change = songo_archive::GameChange {
        tags: vec![("South".to_owned(), "Ada N.".to_owned())],
        moves: None,
    };
    let author = songo_archive::Author {
        account: None,
        by: "keeper",
        reason: None,
    };
    let id = prepared(CLUB_A_GAME)[0].id();
    archive.edit(&id, Some(1), &change, author).expect("edited");
}

/// A post whose account was looked up a while ago (checked in
/// PostgreSQL with the look-up of its games' earlier texts): the text a
/// stored game had before an edit is that game again, not a new one,
/// and a new game of the same post is stored.
fn a_known_account_s_post_of_an_earlier_text_is_a_duplicate(backend: Backend) {
    let (_scratch, mut archive, keeper) = kept_by_keeper(backend, "posts-earlier-text");
    let first = archive.import_posts(vec![post(CLUB_A_GAME, &keeper, true)]);
    let answered = |answers: Vec<songo_archive::Posted>| {
        answers
            .into_iter()
            .map(|answer| answer.expect("answered"))
            .collect::<Vec<_>>()
    };
    let outcome = |imported, duplicates| {
        vec![Ok(BatchOutcome {
            imported,
            duplicates,
        })]
    };
    assert_eq!(answered(first), outcome(1, 0));
    rename_club_a_south(&mut archive);
    let mut again = post(CLUB_A_GAME, &keeper, true);
    again.games.extend(prepared(CLUB_B_GAME));
    let answers = archive.import_posts(vec![again]);
    assert_eq!(answered(answers), outcome(1, 1));
    assert_eq!(archive.count().expect("a count"), 2);
}

/// A post of one game by an account looked up a while ago (checked in
/// PostgreSQL by the statement that stores the game): stored once, a
/// duplicate when posted again or in its text before an edit; once the
/// account is revoked, refused, and nothing of it stays (not its event,
/// not its players).
fn a_known_account_s_post_of_one_game_is_checked_as_it_is_stored(backend: Backend) {
    let (scratch, mut archive, keeper) = kept_by_keeper(backend, "posts-one-game");
    let post_one = |archive: &mut songo_archive::Archive, text: &str| {
        let mut answers = archive.import_posts(vec![post(text, &keeper, true)]);
        assert_eq!(answers.len(), 1);
        answers.pop().expect("an answer").expect("answered")
    };
    let outcome = |imported, duplicates| {
        Ok(BatchOutcome {
            imported,
            duplicates,
        })
    };
    assert_eq!(post_one(&mut archive, CLUB_A_GAME), outcome(1, 0));
    assert_eq!(post_one(&mut archive, CLUB_A_GAME), outcome(0, 1));
    rename_club_a_south(&mut archive);
    assert_eq!(post_one(&mut archive, CLUB_A_GAME), outcome(0, 1));
    let edited = CLUB_A_GAME.replace("[South \"Ada\"]", "[South \"Ada N.\"]");
    assert_eq!(post_one(&mut archive, &edited), outcome(0, 1));
    let rows = |table: &str| {
        super::raw_number(&scratch.location, &format!("SELECT COUNT(*) FROM {table}"))
    };
    let (events, players) = (rows("events"), rows("players"));
    assert!(archive.revoke_account("keeper").expect("revoked"));
    assert_eq!(
        post_one(&mut archive, CLUB_B_GAME),
        Err(Refused::Revoked("keeper".to_owned()))
    );
    assert_eq!(archive.count().expect("a count"), 1);
    assert_eq!((rows("events"), rows("players")), (events, players));
}

/// Posts sent at once through a server's pool: each answered once its
/// games are stored, every game stored once, and the archive sound.
fn posts_at_once_are_each_answered_once_committed(backend: Backend) {
    let scratch = scratch(backend, "posts-at-once");
    drop(open(&scratch));
    let store = std::sync::Arc::new(Store::new(scratch.location.clone(), None));
    let admin = account("keeper", Scope::Admin, None);
    let games = prepared(&super::generated(48));
    let threads: Vec<_> = games
        .chunks(3)
        .map(|chunk| {
            let store = std::sync::Arc::clone(&store);
            let admin = admin.clone();
            let chunk = chunk.to_vec();
            std::thread::spawn(move || {
                chunk
                    .into_iter()
                    .map(|game| {
                        let id = game.id();
                        let posted = store.post(Post {
                            games: vec![game],
                            account: admin.clone(),
                            recheck: false,
                        });
                        let mut archive = Store::take(&store).expect("a connection");
                        // Answered once committed: another connection reads it.
                        let there = archive.game(&id).expect("read").is_some();
                        store.give_back(archive);
                        (posted.expect("stored"), there)
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    for thread in threads {
        for (posted, there) in thread.join().expect("a poster") {
            assert_eq!(posted.map(|o| o.imported), Ok(1));
            assert!(there);
        }
    }
    let mut archive = open(&scratch);
    assert_eq!(archive.count().expect("a count"), 48);
    let checked = archive.check().expect("checked");
    assert_eq!(checked.2, 0, "{checked:?}");
    // As one import of the same games.
    let whole_scratch = super::scratch(backend, "posts-at-once-whole");
    let mut whole = open(&whole_scratch);
    whole.import(&games).expect("imported");
    let records: Vec<String> = games.iter().map(|g| g.record().to_owned()).collect();
    assert_eq!(
        super::answers(&mut archive, &records),
        super::answers(&mut whole, &records)
    );
    assert_eq!(whole.check().expect("checked"), checked);
}

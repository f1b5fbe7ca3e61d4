//! The archive's accounts over HTTP, on both backends: what each scope
//! may do, 401 and 403 and which is which, a club's events, a revoked
//! token, the bearer scheme in any case, a private server's reads.

use songo_service::ArchiveConfig;
use songo_service::archive::{Archive, Location, Scope, Token};

use crate::archive::{postgres_location, scratch_dir};
use crate::{Reply, TestServer};

/// The tokens of a test's accounts.
struct Tokens {
    club_a: String,
    club_b: String,
    reader: String,
    keeper: String,
}

/// Makes the accounts: two clubs' write tokens, a reader, an admin.
fn accounts(location: &Location) -> Tokens {
    let mut archive = Archive::open(location).expect("the archive opens");
    let mut token = |name: &str, scope: Scope, club: Option<&str>| {
        archive
            .add_account(name, scope, club)
            .expect("an account")
            .token
    };
    Tokens {
        club_a: token("club-a", Scope::Write, Some("Club A")),
        club_b: token("club-b", Scope::Write, Some("Club B")),
        reader: token("reader", Scope::Read, None),
        keeper: token("keeper", Scope::Admin, None),
    }
}

fn server(location: &Location, token: Option<&str>, private: bool) -> TestServer {
    TestServer::with(songo_service::Config {
        archive: Some(ArchiveConfig {
            location: location.clone(),
            token: token.and_then(Token::new),
            private,
        }),
        ..songo_service::Config::default()
    })
}

/// `POST /v1/games` with `authorization` as the header's whole value.
fn post(server: &TestServer, authorization: Option<&str>, body: &str) -> Reply {
    let mut headers = vec![("Content-Type", "text/plain")];
    if let Some(value) = authorization {
        headers.push(("Authorization", value));
    }
    server.request("POST", "/v1/games", &headers, Some(body.as_bytes()))
}

fn get(server: &TestServer, path: &str, authorization: Option<&str>) -> Reply {
    let headers: Vec<(&str, &str)> = authorization
        .map(|value| ("Authorization", value))
        .into_iter()
        .collect();
    server.request("GET", path, &headers, None)
}

const SPRING_1: &str = "[Event \"Spring cup\"]\n[Site \"Yaoundé\"]\n[South \"Ada\"]\n[North \"Ben\"]\n[Result \"40-30\"]\n[Termination \"agreement\"]\n\n40-30\n";
const SPRING_2: &str = "[Event \"Spring cup\"]\n[Site \"Yaoundé\"]\n[South \"Ben\"]\n[North \"Ada\"]\n[Result \"35-35\"]\n[Termination \"agreement\"]\n\n35-35\n";
const NO_EVENT: &str =
    "[South \"Cleo\"]\n[North \"Dan\"]\n[Result \"20-50\"]\n[Termination \"agreement\"]\n\n20-50\n";

/// The id of the one game of a successful import.
fn imported_id(reply: &Reply) -> String {
    let report = reply.ok();
    assert_eq!(report["imported"], 1, "{report}");
    report["games"][0]["id"].as_str().expect("an id").to_owned()
}

fn games(server: &TestServer) -> usize {
    get(server, "/v1/games", None).json()["games"]
        .as_array()
        .map_or(0, Vec::len)
}

fn scopes_clubs_and_revocation(location: &Location) {
    let tokens = accounts(location);
    let server = server(location, Some("s3cret"), false);
    // No token, a wrong one, another scheme: 401, saying which scheme.
    for authorization in [
        None,
        Some("Bearer songo_0000"),
        Some(&format!("Basic {}", tokens.club_a)),
    ] {
        let reply = post(&server, authorization, SPRING_1);
        reply.problem(401, "unauthorized");
        assert_eq!(reply.header("www-authenticate"), Some("Bearer"));
    }
    // A read token may not write: 403, naming both scopes.
    let reply = post(
        &server,
        Some(&format!("Bearer {}", tokens.reader)),
        SPRING_1,
    );
    let problem = reply.problem(403, "insufficient-scope");
    assert_eq!(
        (&problem["scope"], &problem["needed"]),
        (&serde_json::json!("read"), &serde_json::json!("write"))
    );
    assert_eq!(games(&server), 0);
    // Club A's write token, its scheme in small letters: its club claims
    // the event.
    let reply = post(
        &server,
        Some(&format!("bearer {}", tokens.club_a)),
        SPRING_1,
    );
    let by_club_a = imported_id(&reply);
    // Club B may not add to Club A's event, and is told whose it is.
    let reply = post(
        &server,
        Some(&format!("Bearer {}", tokens.club_b)),
        SPRING_2,
    );
    let problem = reply.problem(403, "other-clubs-event");
    assert_eq!(problem["club"], "Club A", "{problem}");
    assert_eq!(problem["event"], "Spring cup");
    assert_eq!(problem["site"], "Yaoundé");
    assert!(
        problem["detail"]
            .as_str()
            .is_some_and(|detail| detail.contains("Club A")),
        "{problem}"
    );
    assert_eq!(games(&server), 1);
    // A game of no event: any writer. An admin: any event.
    let by_club_b = imported_id(&post(
        &server,
        Some(&format!("BEARER {}", tokens.club_b)),
        NO_EVENT,
    ));
    let by_keeper = imported_id(&post(
        &server,
        Some(&format!("Bearer {}", tokens.keeper)),
        SPRING_2,
    ));
    // The server's own token: an admin of its own.
    let again = post(&server, Some("Bearer s3cret"), SPRING_1).ok();
    assert_eq!(again["duplicates"], 1, "{again}");
    // Each game names who wrote it.
    let mut archive = Archive::open(location).expect("the archive opens");
    for (id, by) in [
        (&by_club_a, "club-a"),
        (&by_club_b, "club-b"),
        (&by_keeper, "keeper"),
    ] {
        assert_eq!(
            archive.imported_by(id).expect("a read").as_deref(),
            Some(by)
        );
    }
    // Revoked while the server runs: its next request is refused.
    assert!(archive.revoke_account("club-a").expect("revoked"));
    let reply = post(
        &server,
        Some(&format!("Bearer {}", tokens.club_a)),
        SPRING_1,
    );
    let problem = reply.problem(401, "unauthorized");
    assert!(
        problem["detail"]
            .as_str()
            .is_some_and(|detail| detail.contains("revoked")),
        "{problem}"
    );
    assert_eq!(reply.header("www-authenticate"), Some("Bearer"));
}

#[test]
fn scopes_clubs_and_revocation_on_sqlite() {
    scopes_clubs_and_revocation(&Location::Sqlite(
        scratch_dir("accounts").join("archive.sqlite"),
    ));
}

#[test]
fn scopes_clubs_and_revocation_on_postgres() {
    scopes_clubs_and_revocation(&postgres_location("accounts"));
}

/// Every route that reads the archive.
const READS: [&str; 5] = [
    "/v1/games",
    "/v1/games/0000000000000000",
    "/v1/explorer",
    "/v1/standings?event=Spring%20cup",
    "/v1/exercises",
];

#[test]
fn a_private_server_reads_for_tokens_only() {
    let location = Location::Sqlite(scratch_dir("private").join("archive.sqlite"));
    let tokens = accounts(&location);
    let server = server(&location, None, true);
    for path in READS {
        let reply = get(&server, path, None);
        reply.problem(401, "unauthorized");
        assert_eq!(reply.header("www-authenticate"), Some("Bearer"), "{path}");
        let reply = get(&server, path, Some("Bearer songo_nothing"));
        assert_eq!(reply.status, 401, "{path}");
        for token in [&tokens.reader, &tokens.club_a, &tokens.keeper] {
            let reply = get(&server, path, Some(&format!("bearer {token}")));
            // The one unknown game is a 404, past the token.
            let expected = if path.ends_with("0000") { 404 } else { 200 };
            assert_eq!(reply.status, expected, "{path}: {}", reply.text());
        }
    }
    // Writes are as on a public server; the routes off the archive stay open.
    imported_id(&post(
        &server,
        Some(&format!("Bearer {}", tokens.club_a)),
        SPRING_1,
    ));
    assert_eq!(server.get("/healthz").status, 200);
    assert_eq!(
        server
            .post_json(
                "/v1/moves",
                &serde_json::json!({"position": "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S"})
            )
            .status,
        200
    );
    Archive::open(&location)
        .expect("the archive opens")
        .revoke_account("reader")
        .expect("revoked");
    let reply = get(
        &server,
        "/v1/games",
        Some(&format!("Bearer {}", tokens.reader)),
    );
    reply.problem(401, "unauthorized");
}

#[test]
fn a_public_server_reads_for_anyone_whatever_they_send() {
    let location = Location::Sqlite(scratch_dir("public").join("archive.sqlite"));
    accounts(&location);
    let server = server(&location, None, false);
    for path in READS {
        for authorization in [None, Some("Bearer songo_nothing"), Some("Basic abc")] {
            let reply = get(&server, path, authorization);
            assert_ne!(reply.status, 401, "{path}: {}", reply.text());
            assert_ne!(reply.status, 403, "{path}: {}", reply.text());
        }
    }
}

#[test]
fn an_archive_no_token_may_write_is_read_only() {
    let location = Location::Sqlite(scratch_dir("readers-only").join("archive.sqlite"));
    let reader = Archive::open(&location)
        .expect("the archive opens")
        .add_account("reader", Scope::Read, None)
        .expect("an account")
        .token;
    let server = server(&location, None, false);
    let reply = post(&server, None, SPRING_1);
    reply.problem(403, "forbidden");
    // A reader's token is known: its scope is what falls short.
    let reply = post(&server, Some(&format!("Bearer {reader}")), SPRING_1);
    reply.problem(403, "insufficient-scope");
}

#[test]
fn a_token_s_last_use_is_written_down() {
    let location = Location::Sqlite(scratch_dir("last-used").join("archive.sqlite"));
    let tokens = accounts(&location);
    let server = server(&location, None, true);
    let last_used = |name: &str| {
        Archive::open(&location)
            .expect("the archive opens")
            .accounts()
            .expect("a list")
            .into_iter()
            .find(|row| row.name == name)
            .and_then(|row| row.last_used)
    };
    assert_eq!(last_used("reader"), None);
    let reply = get(
        &server,
        "/v1/games",
        Some(&format!("Bearer {}", tokens.reader)),
    );
    assert_eq!(reply.status, 200);
    // Written aside, after the answer.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while last_used("reader").is_none() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(last_used("reader").is_some());
    assert_eq!(last_used("club-b"), None);
}

//! Events that are run, over HTTP, on both backends: a club's write token
//! runs an event, registers players, pairs rounds and enters results (a
//! correction the game's next revision); another club's token is refused
//! and stores nothing; anyone reads the event and its report file, which
//! `POST /v1/events/trf` reads back as the same file.

use serde_json::json;
use songo_service::ArchiveConfig;
use songo_service::archive::{Archive, Location, Scope, Token};

use crate::TestServer;
use crate::archive::{postgres_location, scratch_dir};

fn server(location: &Location) -> TestServer {
    TestServer::with(songo_service::Config {
        archive: Some(ArchiveConfig {
            location: location.clone(),
            token: Token::new("s3cret"),
            private: false,
        }),
        ..songo_service::Config::default()
    })
}

fn post(server: &TestServer, path: &str, token: &str, body: &serde_json::Value) -> crate::Reply {
    let bearer = format!("Bearer {token}");
    server.request(
        "POST",
        path,
        &[
            ("Content-Type", "application/json"),
            ("Authorization", bearer.as_str()),
        ],
        Some(body.to_string().as_bytes()),
    )
}

#[test]
fn an_event_is_run_over_http_on_sqlite() {
    run(&Location::Sqlite(
        scratch_dir("events-http").join("archive.sqlite"),
    ));
}

#[test]
fn an_event_is_run_over_http_on_postgres() {
    run(&postgres_location("events_http"));
}

// Long because: one event told from its creation to its last round, each step checked as it happens.
fn run(location: &Location) {
    let mut archive = Archive::open(location).expect("the archive opens");
    let club_a = archive
        .add_account("club-a", Scope::Write, Some("Club A"))
        .expect("an account")
        .token;
    let club_b = archive
        .add_account("club-b", Scope::Write, Some("Club B"))
        .expect("an account")
        .token;
    drop(archive);
    let server = server(location);
    let created = post(
        &server,
        "/v1/events",
        &club_a,
        &json!({"name": "Coupe de Yaoundé", "site": "Yaoundé", "system": "dutch", "rounds": 2}),
    );
    assert_eq!(created.status, 201, "{}", created.text());
    let id = created.json()["id"].as_i64().expect("an id");
    let path = |tail: &str| format!("/v1/events/{id}{tail}");
    // Another club's token: refused, nothing stored.
    post(
        &server,
        &path("/players"),
        &club_b,
        &json!({"name": "Intruder"}),
    )
    .problem(403, "other-clubs-event");
    // No token: refused.
    server
        .request("POST", &path("/rounds"), &[], None)
        .problem(401, "unauthorized");
    for name in ["Ada Mvondo", "Kofi Asante", "Dora N.", "Awa Diallo"] {
        let reply = post(
            &server,
            &path("/players"),
            &club_a,
            &json!({"name": name, "rating": 1500}),
        );
        assert_eq!(reply.status, 201, "{}", reply.text());
    }
    post(
        &server,
        &path("/players"),
        &club_a,
        &json!({"name": "ada mvondo"}),
    )
    .problem(409, "conflict");
    post(&server, &path("/players"), &club_a, &json!({"name": ""})).problem(400, "bad-request");
    for round in 1..=2 {
        let paired = post(&server, &path("/rounds"), &club_a, &json!({}));
        assert_eq!(paired.status, 201, "{}", paired.text());
        let paired = paired.json();
        assert_eq!(paired["round"], round);
        post(&server, &path("/rounds"), &club_a, &json!({})).problem(409, "conflict");
        for board in paired["boards"].as_array().expect("boards") {
            let reply = post(
                &server,
                &path("/results"),
                &club_a,
                &json!({"round": round, "board": board["board"], "result": "40-30"}),
            );
            assert_eq!(reply.status, 200, "{}", reply.text());
            assert_eq!(reply.json()["board"]["result"], "1-0");
        }
    }
    post(
        &server,
        &path("/results"),
        &club_a,
        &json!({"round": 1, "board": 1, "result": "won"}),
    )
    .problem(400, "bad-request");
    post(
        &server,
        &path("/results"),
        &club_b,
        &json!({"round": 1, "board": 1, "result": "+/-"}),
    )
    .problem(403, "other-clubs-event");
    // A correction: the game's next revision, by club A, with its reason.
    let corrected = post(
        &server,
        &path("/results"),
        &club_a,
        &json!({"round": 2, "board": 1, "result": "30-40", "reason": "scores swapped"}),
    );
    assert_eq!(corrected.status, 200, "{}", corrected.text());
    let board = corrected.json()["board"].clone();
    assert_eq!(board["result"], "0-1");
    let game = board["game"].as_str().expect("a game").to_owned();
    let history = server
        .request("GET", &format!("/v1/games/{game}/history"), &[], None)
        .json();
    assert_eq!(history["revisions"][1]["by"], "club-a");
    assert_eq!(history["revisions"][1]["reason"], "scores swapped");
    // Anyone reads the event and its report file.
    let event = server.request("GET", &path(""), &[], None);
    assert_eq!(event.status, 200);
    let event = event.json();
    assert_eq!(event["rounds"].as_array().map(Vec::len), Some(2));
    assert_eq!(event["standings"].as_array().map(Vec::len), Some(4));
    server
        .request("GET", "/v1/events/999", &[], None)
        .problem(404, "not-found");
    let trf = server.request("GET", &path("/trf"), &[], None);
    assert_eq!(trf.status, 200);
    assert_eq!(
        trf.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    let text = trf.text().to_owned();
    assert!(text.starts_with("012 Coupe de Yaoundé\n"), "{text}");
    // Read back under another name: the same players, rounds and results.
    let bearer = format!("Bearer {club_a}");
    let imported = server.request(
        "POST",
        "/v1/events/trf?name=Copie",
        &[
            ("Content-Type", "text/plain"),
            ("Authorization", bearer.as_str()),
        ],
        Some(text.as_bytes()),
    );
    assert_eq!(imported.status, 201, "{}", imported.text());
    let copy = imported.json()["id"].as_i64().expect("an id");
    let again = server.request("GET", &format!("/v1/events/{copy}/trf"), &[], None);
    assert_eq!(
        again
            .text()
            .replacen("012 Copie", "012 Coupe de Yaoundé", 1),
        text
    );
}

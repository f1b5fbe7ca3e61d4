//! The archive's routes, on both backends (PostgreSQL at
//! `SONGO_TEST_POSTGRES`, as the store's tests: see
//! `service/tests/archive/main.rs`): import with the token, search, one
//! game in each form, the explorer, standings; the sync PostgreSQL client
//! runs off the runtime's threads (a call on them would panic).

use std::path::PathBuf;

use songo_service::ArchiveConfig;
use songo_service::archive::{Location, Token};

use crate::TestServer;

/// A directory of its own for a test.
pub(crate) fn scratch_dir(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let dir =
        std::env::temp_dir().join(format!("songo-http-{name}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn postgres_location(name: &str) -> Location {
    let url = match std::env::var("SONGO_TEST_POSTGRES") {
        Ok(url) if url.starts_with("postgres") => url,
        _ => panic!(
            "the PostgreSQL tests need a server: set SONGO_TEST_POSTGRES to a database URL, \
             such as postgres://songo@127.0.0.1:55432/songo (docs/archive.md, \"Testing with \
             PostgreSQL\")"
        ),
    };
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    Location::Postgres {
        url,
        schema: Some(format!("http_{name}_{}_{nanos}", std::process::id())),
    }
}

fn server(location: Location, token: Option<&str>) -> TestServer {
    TestServer::with(songo_service::Config {
        archive: Some(ArchiveConfig {
            location,
            token: token.and_then(Token::new),
        }),
        ..songo_service::Config::default()
    })
}

const RECORD: &str = include_str!("../../../fixtures/records/valid/songo-full-game.songo");

fn every_route(location: Location) {
    let server = server(location, Some("s3cret"));
    let post = |token: Option<&str>, body: &str| {
        let bearer = token.map(|t| format!("Bearer {t}"));
        let mut headers = vec![("Content-Type", "text/plain")];
        if let Some(bearer) = &bearer {
            headers.push(("Authorization", bearer.as_str()));
        }
        server.request("POST", "/v1/games", &headers, Some(body.as_bytes()))
    };
    // No token, a wrong one: nothing written.
    let reply = post(None, RECORD);
    assert_eq!(reply.status, 401, "{reply:?}");
    assert_eq!(reply.header("www-authenticate"), Some("Bearer"));
    assert_eq!(post(Some("s3cre"), RECORD).status, 401);
    assert_eq!(post(Some("s3cret!"), RECORD).status, 401);
    assert_eq!(
        server.get("/v1/games").json()["games"],
        serde_json::json!([])
    );
    let reply = post(Some("s3cret"), RECORD);
    assert_eq!(reply.status, 200, "{reply:?}");
    insta::assert_json_snapshot!("archive_import", reply.json());
    let again = post(Some("s3cret"), RECORD).json();
    assert_eq!(
        (again["imported"].as_i64(), again["duplicates"].as_i64()),
        (Some(0), Some(1))
    );
    let broken = include_str!("../../../fixtures/records/broken/exit.songo");
    let reply = post(
        Some("s3cret"),
        &format!("{broken}\n\n%%% not a game at all\n"),
    )
    .json();
    assert_eq!(reply["invalid"], 1, "{reply}");
    let list = server
        .get("/v1/games?player=capture-first%20program")
        .json();
    insta::assert_json_snapshot!("archive_search", list);
    let id = list["games"][0]["id"].as_str().expect("an id").to_owned();
    let page = server.get("/v1/games?limit=1").json();
    let next = page["next"].as_str().expect("a next page").to_owned();
    let second = server
        .get(&format!("/v1/games?limit=1&after={next}"))
        .json();
    assert_ne!(second["games"][0]["id"], page["games"][0]["id"]);
    assert_eq!(server.get("/v1/games?after=zzz").status, 400);
    assert_eq!(server.get("/v1/games?valid=maybe").status, 400);
    assert_eq!(server.get("/v1/games?colour=red").status, 400);
    let invalid = server.get("/v1/games?valid=false").json();
    assert_eq!(invalid["games"].as_array().map(Vec::len), Some(1));
    let hostile = server.get("/v1/games?player=%27%3B%20DROP%20TABLE%20games%3B%20--");
    assert_eq!(hostile.json()["games"], serde_json::json!([]));
    let through = server.get("/v1/games?position=songo:0,6,6,6,6,6,5/6,6,6,6,6,0,5:0-0:S");
    assert_eq!(through.json()["games"][0]["id"].as_str(), Some(id.as_str()));
    assert_eq!(server.get("/v1/games?position=nonsense").status, 400);
    let game = server.get(&format!("/v1/games/{id}")).json();
    assert_eq!(game["valid"], true);
    assert!(
        game["record"]
            .as_str()
            .is_some_and(|r| r.contains("[Result \"43-20\"]"))
    );
    let record = server.get(&format!("/v1/games/{id}?format=record"));
    assert!(record.text().contains("1. S5 N0"));
    let svg = server.get(&format!("/v1/games/{id}?format=svg&ply=2"));
    assert_eq!(svg.header("content-type"), Some("image/svg+xml"));
    assert!(svg.text().starts_with("<svg"));
    assert_eq!(server.get("/v1/games/0000000000000000").status, 404);
    assert_eq!(
        server.get(&format!("/v1/games/{id}?format=pdf")).status,
        400
    );
    let explorer = server.get("/v1/explorer?moves=S5%20N0&recent=0").json();
    insta::assert_json_snapshot!("archive_explorer", explorer);
    assert_eq!(server.get("/v1/explorer?moves=S5%20S5").status, 422);
    assert_eq!(server.get("/v1/explorer?moves=Z9").status, 400);
    let standings = server.get("/v1/standings?event=songo%20fixtures").json();
    assert_eq!(standings["games"], 1);
    let csv = server.get("/v1/standings?event=songo%20fixtures&format=csv");
    assert!(csv.text().starts_with("rank,player,points"));
    assert_eq!(server.get("/v1/standings").status, 400);
}

/// Two clubs' evenings of one name at two sites, players written in
/// several ways.
const EVENINGS: &str = "[Event \"Club evening 2025\"]\n[Site \"Yaoundé\"]\n[Date \"2025.02.07\"]\n[South \"Kofi A.\"]\n[North \"Nadège E.\"]\n[Result \"40-30\"]\n[Termination \"agreement\"]\n\n40-30\n\n\
[Event \"Club evening 2025\"]\n[Site \"Yaoundé\"]\n[Date \"2025.02.14\"]\n[South \"nadege e\"]\n[North \"Kofi A\"]\n[Result \"35-35\"]\n[Termination \"agreement\"]\n\n35-35\n\n\
[Event \"Club evening 2025\"]\n[Site \"Accra\"]\n[Date \"2025.01.10\"]\n[South \"Yaw B.\"]\n[North \"KOFI A\"]\n[Result \"20-50\"]\n[Termination \"agreement\"]\n\n20-50\n";

/// The players' and events' routes, and `player=`/`event=` as the CLI
/// reads them: folded names, an ambiguous event a 400 that lists the
/// events, suggestions for a name that is nobody's.
fn people_routes(location: Location) {
    let server = server(location, Some("s3cret"));
    let reply = server.request(
        "POST",
        "/v1/games",
        &[("Authorization", "Bearer s3cret")],
        Some(EVENINGS.as_bytes()),
    );
    assert_eq!(reply.status, 200, "{reply:?}");
    insta::assert_json_snapshot!("archive_players", server.get("/v1/players").json());
    insta::assert_json_snapshot!("archive_events", server.get("/v1/events").json());
    assert_eq!(server.get("/v1/players?colour=red").status, 400);
    assert_eq!(server.get("/v1/players?limit=0").status, 400);
    assert_eq!(server.get("/v1/events?after=zzz").status, 400);
    // Pages of one: every player once, in the order of the whole list.
    let mut paged = Vec::new();
    let mut next = "/v1/players?limit=1".to_owned();
    loop {
        let page = server.get(&next).json();
        paged.extend(page["players"].as_array().expect("players").iter().cloned());
        match page["next"].as_str() {
            Some(after) => next = format!("/v1/players?limit=1&after={after}"),
            None => break,
        }
    }
    assert_eq!(
        serde_json::Value::Array(paged),
        server.get("/v1/players").json()["players"]
    );
    let named = server.get("/v1/events?name=club%20evening%202025").json();
    assert_eq!(named["events"].as_array().map(Vec::len), Some(2));
    assert_eq!(
        server.get("/v1/events?name=evening").json()["events"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );
    assert_eq!(
        server.get("/v1/events?name=spring").json()["events"],
        serde_json::json!([])
    );
    let games = |query: &str| {
        server.get(&format!("/v1/games?{query}")).json()["games"]
            .as_array()
            .map_or(0, Vec::len)
    };
    assert_eq!(games("player=kofi"), 3);
    assert_eq!(games("player=Nad%C3%A8ge%20E"), 2);
    assert_eq!(games("player=yaw&event=1"), 1);
    let nobody = server.get("/v1/games?player=Nadine%20E.").json();
    assert_eq!(nobody["games"], serde_json::json!([]));
    assert_eq!(
        nobody["suggestions"],
        serde_json::json!([{"kind": "player", "name": "Nadège E.", "id": 2}])
    );
    let ambiguous = server.get("/v1/games?event=club%20evening%202025");
    let problem = ambiguous.problem(400, "bad-query");
    let sites: Vec<&str> = problem["events"]
        .as_array()
        .expect("the events")
        .iter()
        .filter_map(|event| event["site"].as_str())
        .collect();
    assert_eq!(sites, ["Accra", "Yaoundé"], "{problem}");
    assert!(
        problem["hint"]
            .as_str()
            .is_some_and(|h| h.contains("event="))
    );
    let standings = server.get("/v1/standings?event=1").json();
    assert_eq!(standings["site"], "Accra");
    assert_eq!(standings["players"][0]["player"], "Kofi A.");
    assert_eq!(
        server
            .get("/v1/standings?event=club%20evening%202025")
            .status,
        400
    );
    let missed = server
        .get("/v1/standings?event=Club%20evenin%202025")
        .json();
    assert_eq!(missed["players"], serde_json::json!([]));
    assert_eq!(missed["suggestions"].as_array().map(Vec::len), Some(2));
    // The explorer over one event's games: the Accra evening's one game
    // (a result without moves: it ended at the start).
    let explorer = server.get("/v1/explorer?event=1&recent=1").json();
    assert_eq!(
        (&explorer["games"], &explorer["ended"]),
        (&serde_json::json!(1), &serde_json::json!(1)),
        "{explorer}"
    );
    assert_eq!(explorer["recent"][0]["tags"]["Site"], "Accra");
    let everything = server.get("/v1/explorer?recent=0").json();
    assert_eq!(everything["games"], 3, "{everything}");
    let nowhere = server.get("/v1/explorer?event=Nowhere");
    assert_eq!(nowhere.status, 400);
}

#[test]
fn players_and_events_on_sqlite() {
    people_routes(Location::Sqlite(
        scratch_dir("people").join("archive.sqlite"),
    ));
}

#[test]
fn players_and_events_on_postgres() {
    people_routes(postgres_location("people"));
}

#[test]
fn every_archive_route_on_sqlite() {
    every_route(Location::Sqlite(
        scratch_dir("routes").join("archive.sqlite"),
    ));
}

#[test]
fn every_archive_route_on_postgres() {
    every_route(postgres_location("routes"));
}

#[test]
fn without_a_token_the_archive_is_read_only() {
    let server = server(
        Location::Sqlite(scratch_dir("read-only").join("archive.sqlite")),
        None,
    );
    let reply = server.request(
        "POST",
        "/v1/games",
        &[("Authorization", "Bearer anything")],
        Some(RECORD.as_bytes()),
    );
    assert_eq!(reply.status, 403);
    assert_eq!(reply.problem(403, "forbidden")["status"], 403);
    assert_eq!(server.get("/v1/games").status, 200);
}

#[test]
fn without_an_archive_the_routes_say_how_to_keep_one() {
    let server = TestServer::start();
    let reply = server.get("/v1/games");
    assert_eq!(reply.status, 503);
    let problem = reply.problem(503, "no-archive");
    assert!(
        problem["hint"]
            .as_str()
            .is_some_and(|h| h.contains("--archive"))
    );
}

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

/// Games enough for several pages of an export: Ada plays two in three.
fn marathon(games: usize) -> String {
    let players = ["Ada", "Ben", "Cleo"];
    (0..games)
        .map(|round| {
            format!(
                "[Event \"Marathon\"]\n[Round \"{round}\"]\n[South \"{}\"]\n[North \"{}\"]\n[Result \"40-30\"]\n[Termination \"agreement\"]\n\n40-30\n\n",
                players[round % 3],
                players[(round + 1) % 3]
            )
        })
        .collect()
}

/// `format=ndjson|record` streams every match, more than a page of the
/// export: the count in `X-Total-Count`, a game a line (the search's
/// shape and the record), records that read back as as many games, the
/// game without tags and the one of tags only included.
fn export_streams_every_match(location: Location) {
    let server = server(location, Some("s3cret"));
    let post = |body: &str| {
        let reply = server.request(
            "POST",
            "/v1/games",
            &[("Authorization", "Bearer s3cret")],
            Some(body.as_bytes()),
        );
        assert_eq!(reply.status, 200, "{reply:?}");
    };
    let many = songo_service::archive::EXPORT_PAGE * 2 + 11;
    post(&marathon(many));
    // One a request: in one body they would be one game.
    post("1. S5 N0 *\n");
    post("[Event \"Forfeit\"]\n[South \"Ada\"]\n[Result \"*\"]\n");
    post(RECORD);
    let total = many + 3;
    let lines = server.get("/v1/games?format=ndjson");
    assert_eq!(lines.status, 200, "{lines:?}");
    assert_eq!(lines.header("content-type"), Some("application/x-ndjson"));
    assert_eq!(
        lines.header("x-total-count"),
        Some(total.to_string().as_str())
    );
    let games: Vec<serde_json::Value> = lines
        .text()
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    assert_eq!(games.len(), total);
    let mut ids: Vec<&str> = games.iter().filter_map(|g| g["id"].as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), total);
    // The search's shape, and the record.
    let first = server.get("/v1/games?limit=1").json();
    let mut expected = first["games"][0].clone();
    expected["record"] = games[0]["record"].clone();
    assert_eq!(games[0], expected);
    assert!(games.iter().all(|g| g["record"].is_string()));
    let records = server.get("/v1/games?format=record");
    assert_eq!(records.status, 200, "{records:?}");
    assert_eq!(
        records.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    assert_eq!(
        records.header("x-total-count"),
        Some(total.to_string().as_str())
    );
    let read: Vec<_> = songo_notation::record::games(records.text()).collect();
    assert_eq!(read.len(), total);
    let tags = |text: &str| {
        songo_notation::record::parse_text(
            &songo_notation::record::games(text).next().expect("a game"),
        )
        .record
        .tags
        .len()
    };
    // Each with tags of its own: the game without tags got its Rules.
    assert!(read.iter().all(|game| tags(&game.text) > 0));
    // The filters of a search, none of its pages.
    let ada = server.get("/v1/games?player=Ada&format=ndjson");
    let searched = |after: Option<&str>| {
        let path = match after {
            Some(after) => format!("/v1/games?player=Ada&limit=1000&after={after}"),
            None => "/v1/games?player=Ada&limit=1000".to_owned(),
        };
        server.get(&path).json()
    };
    let page = searched(None);
    assert_eq!(page["next"], serde_json::Value::Null);
    let expected = page["games"].as_array().map_or(0, Vec::len);
    assert!(expected > songo_service::archive::EXPORT_PAGE, "{expected}");
    assert_eq!(ada.text().lines().count(), expected);
    assert_eq!(
        ada.header("x-total-count"),
        Some(expected.to_string().as_str())
    );
    let none = server.get("/v1/games?player=Nobody&format=record");
    assert_eq!(none.status, 200);
    assert_eq!(none.header("x-total-count"), Some("0"));
    assert_eq!(none.text(), "");
    for refused in [
        "/v1/games?format=ndjson&limit=10",
        "/v1/games?after=g1&format=record",
    ] {
        let problem = server.get(refused).problem(400, "bad-query");
        assert!(
            problem["parameter"] == "limit" || problem["parameter"] == "after",
            "{problem}"
        );
    }
    assert_eq!(server.get("/v1/games?format=csv").status, 400);
    assert_eq!(
        server.get("/v1/games?format=ndjson&since=someday").status,
        400
    );
    // format=json is the page, as without format.
    assert_eq!(server.get("/v1/games?format=json&limit=1").json(), first);
}

#[test]
fn export_streams_every_match_on_sqlite() {
    export_streams_every_match(Location::Sqlite(
        scratch_dir("export").join("archive.sqlite"),
    ));
}

#[test]
fn export_streams_every_match_on_postgres() {
    export_streams_every_match(postgres_location("export"));
}

//! The archive's routes, on both backends (PostgreSQL at
//! `SONGO_TEST_POSTGRES`, as the store's tests: see
//! `service/archive/tests/archive/main.rs`): import with the token, search, one
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

pub(crate) fn postgres_location(name: &str) -> PostgresScratch {
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
    PostgresScratch(Location::Postgres {
        url,
        schema: Some(format!("http_{name}_{}_{nanos}", std::process::id())),
    })
}

/// A test's schema of the PostgreSQL test database, dropped at its end
/// (a database kept between runs does not fill with schemas).
pub(crate) struct PostgresScratch(Location);

impl std::ops::Deref for PostgresScratch {
    type Target = Location;

    fn deref(&self) -> &Location {
        &self.0
    }
}

impl Drop for PostgresScratch {
    fn drop(&mut self) {
        if let Location::Postgres {
            url,
            schema: Some(schema),
        } = &self.0
            && let Ok(mut client) = postgres::Client::connect(url, postgres::NoTls)
        {
            let _ = client.batch_execute(&format!("DROP SCHEMA \"{schema}\" CASCADE"));
        }
    }
}

fn server(location: Location, token: Option<&str>) -> TestServer {
    TestServer::with(songo_service::Config {
        archive: Some(ArchiveConfig {
            location,
            token: token.and_then(Token::new),
            private: false,
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
    let invalid = &reply["invalid_games"][0];
    assert_eq!(
        (&invalid["file"], &invalid["violation"]["rule"]),
        (
            &serde_json::json!("<body>"),
            &serde_json::json!("songo.exit")
        ),
        "{reply}"
    );
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
    the_scheme_s_name_is_read_in_any_case(&server);
    a_position_without_its_side_is_searched_both_ways(&server, &id);
}

/// `position=` that does not say who is to move: both sides searched or
/// explored, `to_move` saying which have games (the game `id` passed
/// through the position after S5 with North to move).
fn a_position_without_its_side_is_searched_both_ways(server: &TestServer, id: &str) {
    let list = server
        .get("/v1/games?position=songo:5,5,5,5,5,5,5/6,6,6,6,6,0,5")
        .json();
    assert_eq!(list["games"][0]["id"].as_str(), Some(id), "{list}");
    assert_eq!(
        list["to_move"]["searched"],
        serde_json::json!(["south", "north"])
    );
    assert_eq!(list["to_move"]["found"], serde_json::json!(["north"]));
    let named = server
        .get("/v1/games?position=songo:5,5,5,5,5,5,5/6,6,6,6,6,0,5:0-0:S")
        .json();
    assert_eq!(named["games"], serde_json::json!([]));
    assert!(named.get("to_move").is_none(), "{named}");
    let explorer = server
        .get("/v1/explorer?position=songo:5,5,5,5,5,5,5/6,6,6,6,6,0,5&recent=0")
        .json();
    assert_eq!(explorer["position"]["to_move"], "north", "{explorer}");
    assert_eq!(explorer["to_move"]["found"], serde_json::json!(["north"]));
    assert!(
        explorer["games"].as_i64().is_some_and(|g| g > 0),
        "{explorer}"
    );
}

/// The scheme's name is case-insensitive (RFC 9110); the token is not.
fn the_scheme_s_name_is_read_in_any_case(server: &TestServer) {
    for header in ["bearer s3cret", "BEARER  s3cret"] {
        let reply = server.request(
            "POST",
            "/v1/games",
            &[("Content-Type", "text/plain"), ("Authorization", header)],
            Some(b"[Event \"scheme\"]\n\n1. S2 *\n"),
        );
        assert_eq!(reply.status, 200, "{header}: {reply:?}");
    }
    for header in ["Bearer S3CRET", "Bearers3cret", "Basic s3cret"] {
        let reply = server.request(
            "POST",
            "/v1/games",
            &[("Content-Type", "text/plain"), ("Authorization", header)],
            Some(b"[Event \"scheme\"]\n\n1. S2 *\n"),
        );
        assert_eq!(reply.status, 401, "{header}: {reply:?}");
    }
}

/// Two clubs' evenings of one name at two sites, players written in
/// several ways.
const EVENINGS: &str = "[Event \"Club evening 2025\"]\n[Site \"Yaoundé\"]\n[Date \"2025.02.07\"]\n[South \"Kofi A.\"]\n[North \"Nadège E.\"]\n[Result \"40-30\"]\n[Termination \"agreement\"]\n\n40-30\n\n\
[Event \"Club evening 2025\"]\n[Site \"Yaoundé\"]\n[Date \"2025.02.14\"]\n[South \"nadege e\"]\n[North \"Kofi A\"]\n[Result \"35-35\"]\n[Termination \"agreement\"]\n\n35-35\n\n\
[Event \"Club evening 2025\"]\n[Site \"Accra\"]\n[Date \"2025.01.10\"]\n[South \"Yaw B.\"]\n[North \"KOFI A\"]\n[Result \"20-50\"]\n[Termination \"agreement\"]\n\n20-50\n";

/// `/v1/standings?tiebreaks=` and `/v1/ratings` over the club evenings.
fn tiebreaks_and_ratings(server: &TestServer) {
    let ranked = server.get("/v1/standings?event=1&tiebreaks=sb,wins").json();
    assert_eq!(ranked["tiebreaks"], serde_json::json!(["sb", "wins"]));
    assert!(ranked["players"][0]["tiebreaks"].is_array(), "{ranked}");
    assert_eq!(
        server.get("/v1/standings?event=1&tiebreaks=koya").status,
        400
    );
    // Ratings: every player of the ruleset's dated games, best first.
    let ratings = server.get("/v1/ratings?rules=songo").json();
    assert_eq!(ratings["rules"], "songo");
    let rated = ratings["ratings"].as_array().expect("ratings");
    assert!(!rated.is_empty(), "{ratings}");
    assert!(
        rated.iter().all(|line| line["rd"]
            .as_f64()
            .is_some_and(|rd| rd > 0.0 && rd <= 350.0)),
        "{ratings}"
    );
    assert_eq!(server.get("/v1/ratings").status, 400);
    assert_eq!(server.get("/v1/ratings?rules=chess").status, 400);
}

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
    tiebreaks_and_ratings(&server);
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
    people_routes(postgres_location("people").clone());
}

#[test]
fn every_archive_route_on_sqlite() {
    every_route(Location::Sqlite(
        scratch_dir("routes").join("archive.sqlite"),
    ));
}

#[test]
fn every_archive_route_on_postgres() {
    every_route(postgres_location("routes").clone());
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

/// A keeper's request to change game `id`: `method` on `path` with the
/// token (when given), `If-Match` (when given) and a JSON body.
fn change(
    server: &TestServer,
    method: &str,
    path: &str,
    token: Option<&str>,
    if_match: Option<&str>,
    body: Option<serde_json::Value>,
) -> crate::Reply {
    let bearer = token.map(|t| format!("Bearer {t}"));
    let mut headers = vec![("Content-Type", "application/json")];
    if let Some(bearer) = &bearer {
        headers.push(("Authorization", bearer.as_str()));
    }
    if let Some(tag) = if_match {
        headers.push(("If-Match", tag));
    }
    let body = body.map(|b| b.to_string());
    server.request(method, path, &headers, body.as_ref().map(String::as_bytes))
}

/// The ids of the games a search lists.
fn listed(server: &TestServer, query: &str) -> Vec<String> {
    let list = server.get(&format!("/v1/games?{query}")).ok();
    list["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| g["id"].as_str().expect("an id").to_owned())
        .collect()
}

/// Corrections over HTTP: the ETag round trip, `If-Match` required and
/// checked (two keepers on one revision: the second is refused), the
/// token, every refusal's status, the history, a deleted game gone from
/// the search and the standings and back when restored.
fn revisions(location: Location) {
    let server = server(location, Some("s3cret"));
    let second = RECORD.replace("[Round \"1\"]", "[Round \"2\"]");
    let imported = server.request(
        "POST",
        "/v1/games",
        &[("Authorization", "Bearer s3cret")],
        Some(format!("{RECORD}\n{second}").as_bytes()),
    );
    let ids: Vec<String> = imported.ok()["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| g["id"].as_str().expect("an id").to_owned())
        .collect();
    let keeping = Keeping {
        server: &server,
        id: ids[0].clone(),
        other: ids[1].clone(),
    };
    let first = keeping.the_etag_round_trip();
    keeping.a_change_needs_the_token_and_if_match(&first);
    let second = keeping.the_second_keeper_on_a_revision_is_refused(&first);
    keeping.refused_changes_say_why(&second);
    keeping.unknown_ids_are_no_such_game();
    keeping.the_history_has_each_revision();
    keeping.a_deleted_game_leaves_the_lists_and_comes_back(&second);
}

/// Two games of one archive, `id` the one corrected.
struct Keeping<'s> {
    server: &'s TestServer,
    id: String,
    other: String,
}

/// The correction of the tests: a site and a date.
fn the_fix() -> serde_json::Value {
    serde_json::json!({"tags": {"Site": "Yaoundé", "Date": "2026.03.14"}, "reason": "the club's score sheet"})
}

impl Keeping<'_> {
    fn path(&self) -> String {
        format!("/v1/games/{}", self.id)
    }

    fn tag(&self, revision: i64) -> String {
        format!("\"{}-{revision}\"", self.id)
    }

    /// With the token and `If-Match`.
    fn send(
        &self,
        method: &str,
        path: &str,
        if_match: &str,
        body: Option<serde_json::Value>,
    ) -> crate::Reply {
        change(
            self.server,
            method,
            path,
            Some("s3cret"),
            Some(if_match),
            body,
        )
    }

    /// GET gives the revision's tag, on the JSON and on the record.
    fn the_etag_round_trip(&self) -> String {
        let path = self.path();
        let reply = self.server.get(&path);
        let first = self.tag(1);
        assert_eq!(reply.header("etag"), Some(first.as_str()));
        let game = reply.ok();
        assert_eq!(
            (game["revision"].as_i64(), game["deleted"].as_bool()),
            (Some(1), Some(false))
        );
        let record = self.server.get(&format!("{path}?format=record"));
        assert_eq!(record.header("etag"), Some(first.as_str()));
        first
    }

    /// No token, a wrong one: 401; no `If-Match`: 428, saying how to get
    /// one. Nothing changed.
    fn a_change_needs_the_token_and_if_match(&self, first: &str) {
        let path = self.path();
        let reply = change(
            self.server,
            "PATCH",
            &path,
            None,
            Some(first),
            Some(the_fix()),
        );
        reply.problem(401, "unauthorized");
        assert_eq!(reply.header("www-authenticate"), Some("Bearer"));
        change(
            self.server,
            "PATCH",
            &path,
            Some("s3cre"),
            Some(first),
            Some(the_fix()),
        )
        .problem(401, "unauthorized");
        let problem = change(
            self.server,
            "PATCH",
            &path,
            Some("s3cret"),
            None,
            Some(the_fix()),
        )
        .problem(428, "precondition-required");
        assert!(
            problem["hint"].as_str().is_some_and(|h| h.contains("ETag")),
            "{problem}"
        );
        assert_eq!(
            self.server.get(&path).ok()["revision"],
            1,
            "nothing changed yet"
        );
    }

    /// Two keepers read revision 1: the first one's change is made, the
    /// second one's refused (412, with the revision the game is at now).
    /// Weak tags and other games' tags never match.
    fn the_second_keeper_on_a_revision_is_refused(&self, first: &str) -> String {
        let path = self.path();
        let reply = self.send("PATCH", &path, first, Some(the_fix()));
        let second = self.tag(2);
        assert_eq!(reply.header("etag"), Some(second.as_str()));
        assert_eq!(
            reply.ok(),
            serde_json::json!({"id": self.id, "revision": 2, "deleted": false})
        );
        let late = serde_json::json!({"tags": {"Site": "Douala"}, "reason": "I was there"});
        let problem = self
            .send("PATCH", &path, first, Some(late.clone()))
            .problem(412, "stale-revision");
        assert_eq!(problem["current_revision"], 2, "{problem}");
        assert_eq!(problem["etag"], second, "{problem}");
        assert!(
            problem["detail"]
                .as_str()
                .is_some_and(|d| d.contains("revision 2")),
            "{problem}"
        );
        for stale in [format!("W/{second}"), format!("\"{}-2\"", self.other)] {
            self.send("PATCH", &path, &stale, Some(late.clone()))
                .problem(412, "stale-revision");
        }
        let game = self.server.get(&path);
        assert_eq!(game.header("etag"), Some(second.as_str()));
        let game = game.ok();
        assert_eq!(game["tags"]["Site"], "Yaoundé");
        assert_eq!(game["tags"]["Date"], "2026.03.14");
        assert!(
            game["record"]
                .as_str()
                .is_some_and(|r| r.contains("[Site \"Yaoundé\"]"))
        );
        second
    }

    /// The same text (409), another game's text (409), no game (422), bad
    /// bodies (400, pointing at the member): nothing changed.
    fn refused_changes_say_why(&self, second: &str) {
        let same = serde_json::json!({"tags": {"Site": "Yaoundé"}, "reason": "again"});
        let problem = self
            .send("PATCH", &self.path(), second, Some(same))
            .problem(409, "conflict");
        assert_eq!(problem["reason"], "same-text");
        let other_path = format!("/v1/games/{}", self.other);
        let other_tag = format!("\"{}-1\"", self.other);
        // A list of tags: the one of this game counts.
        let merge = serde_json::json!({"tags": {"Round": "1", "Site": "Yaoundé", "Date": "2026.03.14"}, "reason": "merge"});
        let problem = self
            .send(
                "PATCH",
                &other_path,
                &format!("{second}, {other_tag}"),
                Some(merge),
            )
            .problem(409, "conflict");
        assert_eq!(
            (problem["reason"].as_str(), problem["other"].as_str()),
            (Some("duplicate"), Some(self.id.as_str()))
        );
        let every_tag_gone: serde_json::Map<String, serde_json::Value> = [
            "Rules", "Event", "Site", "Date", "Round", "South", "North", "Result",
        ]
        .into_iter()
        .map(|name| (name.to_owned(), serde_json::json!("")))
        .collect();
        let wipe =
            serde_json::json!({"tags": every_tag_gone, "moves": "%%% no moves", "reason": "wipe"});
        self.send("PATCH", &other_path, &other_tag, Some(wipe))
            .problem(422, "not-a-game");
        for (body, pointer) in [
            (serde_json::json!({"tags": {"Site": "x"}}), None),
            (
                serde_json::json!({"tags": {"Site": "x"}, "reason": "  "}),
                Some("/reason"),
            ),
            (
                serde_json::json!({"tags": {"Site": "x"}, "reason": "a\nb"}),
                Some("/reason"),
            ),
            (
                serde_json::json!({"tags": {"Site": "x"}, "reason": "r".repeat(501)}),
                Some("/reason"),
            ),
            (
                serde_json::json!({"tags": {"Bad Name": "x"}, "reason": "r"}),
                Some("/tags/Bad Name"),
            ),
            (
                serde_json::json!({"tags": {"Site": "a\"]\n[Result \"0-48"}, "reason": "r"}),
                Some("/tags/Site"),
            ),
            (serde_json::json!({"reason": "nothing"}), None),
            (
                serde_json::json!({"tags": {}, "reason": "r", "colour": "red"}),
                None,
            ),
        ] {
            let problem = self
                .send("PATCH", &other_path, &other_tag, Some(body.clone()))
                .problem(400, "bad-json");
            assert_eq!(problem["pointer"].as_str(), pointer, "{body}: {problem}");
        }
        assert_eq!(
            self.server.get(&other_path).ok()["revision"],
            1,
            "no refused change was made"
        );
    }

    /// An id the archive does not hold, or no id at all: 404 "No such
    /// game" (not "No such route"), on every route of a game.
    fn unknown_ids_are_no_such_game(&self) {
        for missing in [
            "/v1/games/0000000000000000",
            "/v1/games/not-an-id",
            "/v1/games/%3Cb%3E",
        ] {
            let problem = self.server.get(missing).problem(404, "no-such-game");
            assert_eq!(problem["title"], "No such game");
            self.send("PATCH", missing, "*", Some(the_fix()))
                .problem(404, "no-such-game");
            self.send("DELETE", missing, "*", None)
                .problem(404, "no-such-game");
            self.server
                .get(&format!("{missing}/history"))
                .problem(404, "no-such-game");
        }
    }

    /// Revision 1 as imported, then the correction, each with its text.
    fn the_history_has_each_revision(&self) {
        let history = self.server.get(&format!("{}/history", self.path())).ok();
        assert_eq!(history["id"], self.id.as_str());
        let revisions = history["revisions"].as_array().expect("revisions");
        let summary: Vec<_> = revisions
            .iter()
            .map(|r| {
                (
                    r["revision"].as_i64(),
                    r["by"].as_str(),
                    r["action"].as_str(),
                    r["reason"].as_str(),
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                (Some(1), Some("import"), Some("import"), None),
                (
                    Some(2),
                    Some("serve --archive-token-file"),
                    Some("edit"),
                    Some("the club's score sheet")
                ),
            ]
        );
        let record = |i: usize| revisions[i]["record"].as_str().unwrap_or_default();
        assert!(record(0).contains("[Site \"?\"]"));
        assert!(record(1).contains("[Site \"Yaoundé\"]"));
        assert!(revisions.iter().all(|r| {
            r["at"]
                .as_str()
                .is_some_and(|at| at.len() == 20 && at.ends_with('Z'))
        }));
    }

    /// Deleted: still readable, gone from the search and the standings,
    /// refusing every change but a restore; restored: back in them.
    fn a_deleted_game_leaves_the_lists_and_comes_back(&self, second: &str) {
        let (server, id, path) = (self.server, &self.id, self.path());
        // The game's event since its Site was corrected: songo fixtures at
        // Yaoundé (the fixtures' other game is at no site, another event).
        let events = server.get("/v1/events?name=songo%20fixtures").ok();
        let at_yaounde = events["events"]
            .as_array()
            .and_then(|events| events.iter().find(|e| e["site"] == "Yaoundé"))
            .and_then(|e| e["id"].as_i64())
            .expect("the event at Yaoundé");
        let event = format!("/v1/standings?event={at_yaounde}");
        let event = event.as_str();
        assert_eq!(server.get(event).ok()["games"], 1);
        assert!(listed(server, "").contains(id));
        change(server, "DELETE", &path, Some("s3cret"), None, None)
            .problem(428, "precondition-required");
        change(server, "DELETE", &path, None, Some(second), None).problem(401, "unauthorized");
        let reply = self.send(
            "DELETE",
            &format!("{path}?reason=entered%20twice"),
            second,
            None,
        );
        let third = self.tag(3);
        assert_eq!(reply.header("etag"), Some(third.as_str()));
        assert_eq!(
            reply.ok(),
            serde_json::json!({"id": id, "revision": 3, "deleted": true})
        );
        let game = server.get(&path).ok();
        assert_eq!(
            (game["revision"].as_i64(), game["deleted"].as_bool()),
            (Some(3), Some(true))
        );
        assert!(!listed(server, "").contains(id));
        assert!(!listed(server, "player=capture-first%20program").contains(id));
        assert_eq!(server.get(event).ok()["games"], 0);
        self.send("PATCH", &path, &third, Some(the_fix()))
            .problem(409, "conflict");
        let problem = self
            .send("DELETE", &path, &third, None)
            .problem(409, "conflict");
        assert_eq!(problem["reason"], "deleted");
        let restore = format!("{path}/restore");
        self.send("POST", &restore, second, None)
            .problem(412, "stale-revision");
        let reason = serde_json::json!({"reason": "not a copy after all"});
        let reply = self.send("POST", &restore, &third, Some(reason));
        assert_eq!(
            reply.ok(),
            serde_json::json!({"id": id, "revision": 4, "deleted": false})
        );
        assert!(listed(server, "").contains(id));
        assert_eq!(server.get(event).ok()["games"], 1);
        let problem = self
            .send("POST", &restore, "*", None)
            .problem(409, "conflict");
        assert_eq!(problem["reason"], "not-deleted");
        let history = server.get(&format!("{path}/history")).ok();
        let actions: Vec<_> = history["revisions"]
            .as_array()
            .expect("revisions")
            .iter()
            .map(|r| {
                (
                    r["action"].as_str(),
                    r["reason"].as_str(),
                    r["deleted"].as_bool(),
                )
            })
            .collect();
        assert_eq!(
            actions,
            [
                (Some("import"), None, Some(false)),
                (Some("edit"), Some("the club's score sheet"), Some(false)),
                (Some("delete"), Some("entered twice"), Some(true)),
                (Some("restore"), Some("not a copy after all"), Some(false)),
            ]
        );
        // The reason once: the body's or the query's.
        let twice = serde_json::json!({"reason": "b"});
        self.send("DELETE", &format!("{path}?reason=a"), "*", Some(twice))
            .problem(400, "bad-query");
    }
}

#[test]
fn revisions_over_http_on_sqlite() {
    revisions(Location::Sqlite(
        scratch_dir("revisions").join("archive.sqlite"),
    ));
}

#[test]
fn revisions_over_http_on_postgres() {
    revisions(postgres_location("revisions").clone());
}

#[test]
fn a_read_only_archive_takes_no_change() {
    let server = server(
        Location::Sqlite(scratch_dir("read-only-changes").join("archive.sqlite")),
        None,
    );
    let reply = change(
        &server,
        "PATCH",
        "/v1/games/0000000000000000",
        Some("anything"),
        Some("*"),
        Some(serde_json::json!({"tags": {"Site": "x"}, "reason": "r"})),
    );
    reply.problem(403, "forbidden");
}

/// `POST /v1/games` reads its body before it takes a validation slot: a
/// client that sends its records slowly holds no slot meanwhile, and a
/// validation asked for then is answered at once (it waited for the
/// import's body until its deadline, then was 503 busy).
#[test]
fn an_import_whose_body_is_slow_holds_no_slot_while_it_arrives() {
    use std::io::Write;
    let server = TestServer::with_metrics(songo_service::Config {
        max_concurrent_validations: 1,
        request_timeout: std::time::Duration::from_secs(3),
        archive: Some(ArchiveConfig {
            location: Location::Sqlite(scratch_dir("slow-body").join("archive.sqlite")),
            token: Token::new("s3cret"),
            private: false,
        }),
        ..songo_service::Config::default()
    });
    let body = RECORD.as_bytes();
    let mut stream = server.connect();
    write!(
        stream,
        "POST /v1/games HTTP/1.1\r\nHost: test\r\nConnection: close\r\nAuthorization: Bearer s3cret\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .expect("the head");
    stream.write_all(&body[..10]).expect("a first piece");
    stream.flush().expect("sent");
    let waiting = std::time::Instant::now();
    while server.metric("songo_http_requests_in_flight") < 1.0 {
        assert!(
            waiting.elapsed() < std::time::Duration::from_secs(10),
            "the import never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    // Time for the import's handler to reach its body (and, before, its slot).
    std::thread::sleep(std::time::Duration::from_millis(300));
    let validation = server.post("/v1/validate", "text/plain", "[Event \"x\"]\n\n1. S2 *\n");
    assert_eq!(validation.status, 200, "{validation:?}");
    stream.write_all(&body[10..]).expect("the rest");
    let reply = crate::Reply::read(&mut stream);
    assert_eq!(reply.json()["imported"], 1, "{reply:?}");
}

/// Loose values of the search are refused, each saying which value and
/// what is expected; an id no game has, or that is no id, is 404
/// `no-such-game` (not the route's 404).
#[test]
fn loose_query_values_are_refused_and_unknown_games_are_not_found() {
    let server = server(
        Location::Sqlite(scratch_dir("loose").join("archive.sqlite")),
        None,
    );
    for (query, parameter, expected) in [
        ("since=2024.13.45", "since", "a month from 01 to 12"),
        ("until=2024.02.32", "until", "a day from 01 to 31"),
        ("since=last%20spring", "since", "YYYY.MM.DD"),
        ("since=2024.01.01.01", "since", "YYYY.MM.DD"),
        ("min_plies=-1", "min_plies", "0 or more"),
        ("max_plies=ten", "max_plies", "0 or more"),
    ] {
        let reply = server.get(&format!("/v1/games?{query}"));
        let problem = reply.problem(400, "bad-query");
        assert_eq!(problem["parameter"], parameter, "{query}");
        let detail = problem["detail"].as_str().expect("a detail");
        assert!(
            detail.contains(&query.replace("%20", " ")) && detail.contains(expected),
            "{query}: {detail}"
        );
    }
    for good in [
        "since=2024",
        "since=2024.3",
        "until=2024.12.31",
        "min_plies=0",
    ] {
        assert_eq!(
            server.get(&format!("/v1/games?{good}")).status,
            200,
            "{good}"
        );
    }
    for id in [
        "0123456789abcdef",
        "xyz",
        "+123456789abcdef",
        "0123456789ABCDEF0",
    ] {
        let reply = server.get(&format!("/v1/games/{id}"));
        let problem = reply.problem(404, "no-such-game");
        assert_eq!(problem["title"], "No such game", "{id}");
        assert!(
            problem["detail"].as_str().is_some_and(|d| d.contains(id)),
            "{problem}"
        );
    }
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
// Long because: one export followed through its header, lines, records and refusals.
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
    export_streams_every_match(postgres_location("export").clone());
}

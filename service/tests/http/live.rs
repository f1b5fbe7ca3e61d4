//! Live games over HTTP, on both backends: a game started with a write
//! token, played move by move with its key (a retry answered the same, a
//! gap 409, an illegal move 422 with its rule), followed by server-sent
//! events as it is played, and in the archive once the rules end it. On
//! PostgreSQL a spectator of another server sees the moves too. A move
//! does not wait for the job slots.

use std::io::{Read, Write};
use std::net::TcpStream;

use serde_json::json;
use songo_notation::record::GameRecord;
use songo_service::ArchiveConfig;
use songo_service::archive::{Location, Token};

use crate::TestServer;
use crate::archive::{postgres_location, scratch_dir};

fn live_server(location: Location) -> TestServer {
    TestServer::with(songo_service::Config {
        archive: Some(ArchiveConfig {
            location,
            token: Token::new("s3cret"),
            private: false,
        }),
        ..songo_service::Config::default()
    })
}

fn moves() -> Vec<String> {
    let record: GameRecord = include_str!("../../../fixtures/records/valid/songo-full-game.songo")
        .parse()
        .expect("a record");
    record.main_line().map(|mv| mv.text.clone()).collect()
}

fn post(
    server: &TestServer,
    path: &str,
    bearer: Option<&str>,
    body: &serde_json::Value,
) -> crate::Reply {
    let bearer = bearer.map(|key| format!("Bearer {key}"));
    let mut headers = vec![("Content-Type", "application/json")];
    if let Some(bearer) = &bearer {
        headers.push(("Authorization", bearer.as_str()));
    }
    server.request("POST", path, &headers, Some(body.to_string().as_bytes()))
}

/// A spectator's connection to `GET /v1/live/{id}/events`.
struct Spectator {
    stream: TcpStream,
    seen: Vec<u8>,
}

impl Spectator {
    fn follow(server: &TestServer, id: &str, last: Option<usize>) -> Spectator {
        let mut stream = server.connect();
        let last = last.map_or_else(String::new, |n| format!("Last-Event-ID: {n}\r\n"));
        write!(
            stream,
            "GET /v1/live/{id}/events HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{last}\r\n"
        )
        .expect("sent");
        Spectator {
            stream,
            seen: Vec::new(),
        }
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.seen).into_owned()
    }

    /// Reads until `needle` has come (the read times out, failing, if it
    /// never does).
    fn wait_for(&mut self, needle: &str) {
        let mut buffer = [0u8; 4096];
        while !self.text().contains(needle) {
            let n = self.stream.read(&mut buffer).expect("the stream goes on");
            assert!(n > 0, "the stream ended before {needle:?}: {}", self.text());
            self.seen.extend_from_slice(&buffer[..n]);
        }
    }

    /// Reads to the end of the stream; the moves' events, in order.
    fn into_events(mut self) -> Vec<serde_json::Value> {
        self.stream
            .read_to_end(&mut self.seen)
            .expect("the stream ends");
        let text = self.text();
        assert!(text.starts_with("HTTP/1.1 200"), "{text}");
        assert!(text.contains("text/event-stream"), "{text}");
        text.lines()
            .filter_map(|line| line.strip_prefix("data:"))
            .map(|data| serde_json::from_str(data.trim()).expect("JSON data"))
            .collect()
    }
}

fn a_game_is_played_followed_and_archived(location: Location, other: Option<Location>) {
    let server = live_server(location);
    let start =
        json!({"rules": "songo", "south": "Ada", "north": "Kofi", "event": "Coupe", "round": "2"});
    assert_eq!(post(&server, "/v1/live", None, &start).status, 401);
    let reply = post(&server, "/v1/live", Some("s3cret"), &start);
    assert_eq!(reply.status, 201, "{}", reply.text());
    let started = reply.json();
    let (id, key) = (
        started["id"].as_str().expect("an id").to_owned(),
        started["key"].as_str().expect("a key").to_owned(),
    );
    let moves_path = format!("/v1/live/{id}/moves");
    let play = |ply: usize, text: &str, key: Option<&str>| {
        post(
            &server,
            &moves_path,
            key,
            &json!({"ply": ply, "move": text}),
        )
    };
    // Spectators, one on this server, one on another server of the same
    // database when there is one (its moves come by NOTIFY).
    let elsewhere = other.map(live_server);
    let mut here = Spectator::follow(&server, &id, None);
    let mut there = elsewhere.as_ref().map(|s| Spectator::follow(s, &id, None));
    let moves = moves();
    for (i, text) in moves.iter().enumerate() {
        let ply = i + 1;
        let reply = play(ply, text, Some(&key));
        assert_eq!(reply.status, 200, "ply {ply}: {}", reply.text());
        let answer = reply.json();
        assert_eq!(answer["ply"], ply);
        assert_eq!(answer["game_over"].is_null(), ply < moves.len());
        if ply <= 3 {
            // Each move reaches the spectators as it is played.
            here.wait_for(&format!("id:{ply}\n"));
            if let Some(there) = &mut there {
                there.wait_for(&format!("id:{ply}\n"));
            }
            // A retry: the same answer, nothing stored twice.
            assert_eq!(play(ply, text, Some(&key)).json(), answer);
        }
        if ply == 2 {
            refusals_after_two_plies(&server, &moves_path, &key);
        }
    }
    let events = here.into_events();
    assert_eq!(events.len(), moves.len());
    for (i, event) in events.iter().enumerate() {
        assert_eq!(event["ply"], i + 1);
        assert_eq!(event["move"], moves[i]);
    }
    assert!(events[moves.len() - 1]["game_over"].is_object());
    if let Some(there) = there {
        assert_eq!(there.into_events(), events);
    }
    let game = server.get(&format!("/v1/live/{id}")).ok();
    assert_eq!(game["moves"].as_array().map(Vec::len), Some(moves.len()));
    assert_eq!(
        game["game_over"]["score"],
        json!({"south": 43, "north": 20})
    );
    let archived = game["game"].as_str().expect("archived");
    let stored = server.get(&format!("/v1/games/{archived}")).ok();
    assert!(
        stored["record"]
            .as_str()
            .is_some_and(|r| r.contains("[Event \"Coupe\"]")),
        "{stored}"
    );
    // A spectator who comes back after a ply gets the rest, then the end.
    let resume = moves.len() - 3;
    let late = Spectator::follow(&server, &id, Some(resume)).into_events();
    assert_eq!(late.len(), 3);
    assert_eq!(late[0]["ply"], resume + 1);
    server
        .get("/v1/live/0123456789abcdef")
        .problem(404, "no-such-game");
    server.get("/v1/live/nothex").problem(404, "no-such-game");
}

#[test]
fn a_live_game_is_played_followed_and_archived_sqlite() {
    let dir = scratch_dir("live");
    a_game_is_played_followed_and_archived(Location::Sqlite(dir.join("archive.sqlite")), None);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_live_game_is_played_followed_and_archived_postgres_across_servers() {
    let location = postgres_location("live");
    a_game_is_played_followed_and_archived(location.clone(), Some(location.clone()));
}

/// With two plies stored (S5 N0): a gap, another move at ply 2, an
/// illegal move, wrong keys; a gap's problem in French.
fn refusals_after_two_plies(server: &TestServer, moves_path: &str, key: &str) {
    let play = |ply: usize, text: &str, key: Option<&str>| {
        post(server, moves_path, key, &json!({"ply": ply, "move": text}))
    };
    let gap = play(4, "S1", Some(key)).problem(409, "conflict");
    assert_eq!(gap["next"], 3);
    let bearer = format!("Bearer {key}");
    let french = server.request(
        "POST",
        moves_path,
        &[
            ("Content-Type", "application/json"),
            ("Accept-Language", "fr"),
            ("Authorization", &bearer),
        ],
        Some(br#"{"ply": 4, "move": "S1"}"#),
    );
    let french = french.problem(409, "conflict");
    assert!(
        french["detail"]
            .as_str()
            .is_some_and(|d| d.contains("n’est pas le suivant")),
        "{french}"
    );
    let other = play(2, "N4", Some(key)).problem(409, "conflict");
    assert_eq!(other["stored"], "N0");
    let illegal = play(3, "N1", Some(key)).problem(422, "illegal-move");
    assert!(illegal["rule"].is_string(), "{illegal}");
    assert_eq!(play(3, "S4", Some("songo_nope")).status, 401);
    assert_eq!(play(3, "S4", None).status, 401);
    assert_eq!(play(3, "S4", Some("s3cret")).status, 401, "the key alone");
}

/// Starts a game on `server`: its id and key.
fn start_game(server: &TestServer, body: &serde_json::Value) -> (String, String) {
    let reply = post(server, "/v1/live", Some("s3cret"), body);
    assert_eq!(reply.status, 201, "{}", reply.text());
    let started = reply.json();
    (
        started["id"].as_str().expect("an id").to_owned(),
        started["key"].as_str().expect("a key").to_owned(),
    )
}

/// An undo takes the last move back (kept in the game's `undone`), a retry
/// of it is answered the same, another ply is refused; a spectator is
/// sent the undo; the arbiter's resignation ends the game, which is in the
/// archive with its event, round, players, date, `Termination` and
/// result; nothing is taken after it.
fn undo_and_resignation(location: Location) {
    let server = live_server(location);
    let (id, key) = start_game(
        &server,
        &json!({"rules": "songo", "south": "Ada", "north": "Kofi", "event": "Coupe", "round": "4"}),
    );
    let path = |what: &str| format!("/v1/live/{id}/{what}");
    let play = |ply: usize, text: &str| {
        post(
            &server,
            &path("moves"),
            Some(&key),
            &json!({"ply": ply, "move": text}),
        )
    };
    let mut spectator = Spectator::follow(&server, &id, None);
    for (ply, text) in [(1, "S5"), (2, "N0"), (3, "S4")] {
        assert_eq!(play(ply, text).status, 200);
    }
    spectator.wait_for("id:3\n");
    let undo =
        |ply: usize, key: &str| post(&server, &path("undo"), Some(key), &json!({"ply": ply}));
    undo(2, &key).problem(409, "conflict");
    assert_eq!(undo(3, "songo_nope").status, 401);
    let undone = undo(3, &key);
    assert_eq!(undone.status, 200, "{}", undone.text());
    let after = undone.json();
    assert_eq!(after["moves"], json!(["S5", "N0"]));
    assert_eq!(after["undone"][0]["ply"], 3);
    assert_eq!(after["undone"][0]["move"], "S4");
    // The same undo again: the same game, nothing else taken back.
    assert_eq!(undo(3, &key).json()["moves"], json!(["S5", "N0"]));
    spectator.wait_for("event:undo\n");
    assert_eq!(play(3, "S3").status, 200, "another third move");
    spectator.wait_for("id:3\n");
    // A stream opening now gets the game as it stands, not the move taken
    // back (the server's memory of the game forgot it with the undo).
    let mut second = Spectator::follow(&server, &id, Some(1));
    second.wait_for("id:3\n");
    // A resignation needs its winner; an agreement has none.
    let result = |body: serde_json::Value| post(&server, &path("result"), Some(&key), &body);
    result(json!({"end": "resignation"})).problem(400, "bad-json");
    result(json!({"end": "agreement", "winner": "south"})).problem(400, "bad-json");
    result(json!({"end": "forfeit", "winner": "south"})).problem(409, "conflict");
    let ended = result(json!({"end": "resignation", "winner": "south"}));
    assert_eq!(ended.status, 200, "{}", ended.text());
    let ended = ended.json();
    assert_eq!(ended["result"]["end"], "resignation");
    assert_eq!(ended["result"]["winner"], "south");
    // The same result again: the same answer; then nothing more is taken.
    assert_eq!(
        result(json!({"end": "resignation", "winner": "south"})).json(),
        ended
    );
    play(4, "N1").problem(409, "conflict");
    undo(3, &key).problem(409, "conflict");
    let events = spectator.into_events();
    assert_eq!(events.last().expect("events")["end"], "resignation");
    let second = second.into_events();
    let plies: Vec<_> = second.iter().map(|event| &event["move"]).collect();
    assert_eq!(plies[..2], [&json!("N0"), &json!("S3")], "{second:?}");
    assert_eq!(second.last().expect("events")["end"], "resignation");
    let archived = ended["game"].as_str().expect("in the archive");
    let stored = server.get(&format!("/v1/games/{archived}")).ok();
    let record = stored["record"].as_str().expect("a record");
    for tag in [
        "[Event \"Coupe\"]",
        "[Round \"4\"]",
        "[South \"Ada\"]",
        "[North \"Kofi\"]",
        "[Termination \"resignation\"]",
        "[Date \"",
    ] {
        assert!(record.contains(tag), "{tag} in {record}");
    }
    assert!(
        record.contains("S5 N0") && record.contains("S3"),
        "{record}"
    );
    assert!(!record.contains("S4"), "the move taken back: {record}");
    assert_eq!(stored["revision"], 1, "{stored}");
    // A forfeit: a game without moves.
    let (forfeit, forfeit_key) = start_game(
        &server,
        &json!({"rules": "songo", "south": "Eto", "north": "Mba"}),
    );
    let reply = post(
        &server,
        &format!("/v1/live/{forfeit}/result"),
        Some(&forfeit_key),
        &json!({"end": "forfeit", "winner": "north"}),
    );
    assert_eq!(reply.status, 200, "{}", reply.text());
    assert_eq!(reply.json()["result"]["result"], "-/+");
}

#[test]
fn a_live_game_takes_a_move_back_and_ends_by_resignation_sqlite() {
    let dir = scratch_dir("live-undo");
    undo_and_resignation(Location::Sqlite(dir.join("archive.sqlite")));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_live_game_takes_a_move_back_and_ends_by_resignation_postgres() {
    undo_and_resignation(postgres_location("live-undo").clone());
}

/// How long the job slot is held in [`a_move_does_not_wait_for_the_job_slots`].
const HELD_MS: u64 = 5000;

/// With the one job slot taken (a slow job) and streams opening behind it
/// (each reads its game in a job slot, as when a server's spectators all
/// come over at once), a move is stored and answered all the same: the
/// live writes have slots of their own. The spectators then get it.
#[test]
fn a_move_does_not_wait_for_the_job_slots() {
    let dir = scratch_dir("live-slots");
    let server = TestServer::with_metrics(songo_service::Config {
        max_concurrent_jobs: 1,
        debug_routes: true,
        archive: Some(ArchiveConfig {
            location: Location::Sqlite(dir.join("archive.sqlite")),
            token: Token::new("s3cret"),
            private: false,
        }),
        ..songo_service::Config::default()
    });
    let start = json!({"rules": "songo", "south": "Ada", "north": "Kofi"});
    let (id, key) = start_game(&server, &start);
    let (sleeper, held) = hold_the_job_slot(&server);
    let mut spectators: Vec<Spectator> = (0..8)
        .map(|_| Spectator::follow(&server, &id, None))
        .collect();
    let first = &moves()[0];
    let reply = post(
        &server,
        &format!("/v1/live/{id}/moves"),
        Some(&key),
        &json!({"ply": 1, "move": first}),
    );
    assert_eq!(reply.status, 200, "{}", reply.text());
    assert_not_behind_the_job_slot(held, "the move");
    for spectator in &mut spectators {
        spectator.wait_for("id:1\n");
    }
    let_the_job_slot_go(sleeper);
    drop(spectators);
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

/// A stream of a game this server's spectators already follow is served
/// from the server's memory: it opens while the one job slot is held (a
/// slow job), where a read of the game would wait for it, and sends only
/// the moves after its `Last-Event-ID`.
#[test]
fn a_watched_game_is_followed_without_reading_it() {
    let dir = scratch_dir("live-held");
    let server = one_slot_server(&dir);
    let moves = moves();
    let (id, key, mut first) = followed_then_played(&server, &moves[..3]);
    first.wait_for("id:3\n");
    let (sleeper, held) = hold_the_job_slot(&server);
    let mut second = Spectator::follow(&server, &id, Some(1));
    second.wait_for("id:3\n");
    let waited = held.elapsed();
    assert!(
        waited.as_millis() < u128::from(HELD_MS),
        "the stream waited {waited:?}, behind the job slot"
    );
    let text = second.text();
    assert!(
        text.contains("id:2\n") && !text.contains("id:1\n"),
        "{text}"
    );
    // The moves stored from now on reach it as they reach the first.
    let reply = post(
        &server,
        &format!("/v1/live/{id}/moves"),
        Some(&key),
        &json!({"ply": 4, "move": moves[3]}),
    );
    assert_eq!(reply.status, 200, "{}", reply.text());
    second.wait_for("id:4\n");
    first.wait_for("id:4\n");
    let_the_job_slot_go(sleeper);
    drop((first, second));
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

/// A game started on `server`, followed by a first spectator (the game
/// read and held by the server before any move), then `played`: its id,
/// its key and the spectator.
fn followed_then_played(server: &TestServer, played: &[String]) -> (String, String, Spectator) {
    let (id, key) = start_game(
        server,
        &json!({"rules": "songo", "south": "Ada", "north": "Kofi"}),
    );
    let mut first = Spectator::follow(server, &id, None);
    // Its answer's head comes once the game is read and held: a move
    // stored while it is being read would keep the server from holding it.
    first.wait_for("HTTP/1.1 200");
    for (i, text) in played.iter().enumerate() {
        let reply = post(
            server,
            &format!("/v1/live/{id}/moves"),
            Some(&key),
            &json!({"ply": i + 1, "move": text}),
        );
        assert_eq!(reply.status, 200, "{}", reply.text());
    }
    (id, key, first)
}

/// A server of one job slot, with debug routes, on SQLite in `dir`.
fn one_slot_server(dir: &std::path::Path) -> TestServer {
    TestServer::with_metrics(songo_service::Config {
        max_concurrent_jobs: 1,
        debug_routes: true,
        archive: Some(ArchiveConfig {
            location: Location::Sqlite(dir.join("archive.sqlite")),
            token: Token::new("s3cret"),
            private: false,
        }),
        ..songo_service::Config::default()
    })
}

/// Takes the server's one job slot for [`HELD_MS`] (a slow job): the
/// sleeper's connection and when it started.
fn hold_the_job_slot(server: &TestServer) -> (TcpStream, std::time::Instant) {
    let mut sleeper = server.connect();
    write!(
        sleeper,
        "GET /debug/sleep?ms={HELD_MS} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .expect("sent");
    let held = std::time::Instant::now();
    while server.metric("songo_http_requests_in_flight") < 1.0 {
        assert!(held.elapsed().as_secs() < 10, "the sleeper never started");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    (sleeper, held)
}

/// Checks that `what`, done since the slot was taken at `held`, did not
/// wait for the slot to be free.
fn assert_not_behind_the_job_slot(held: std::time::Instant, what: &str) {
    let waited = held.elapsed();
    assert!(
        waited.as_millis() < u128::from(HELD_MS),
        "{what} waited {waited:?}, behind the job slot"
    );
}

/// Waits for the sleeper's answer.
fn let_the_job_slot_go(mut sleeper: TcpStream) {
    let mut answer = String::new();
    sleeper
        .read_to_string(&mut answer)
        .expect("the sleeper's answer");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

/// A game whose last stream on this server ended a moment ago (it ended
/// with the game) is still held: a spectator arriving then is served
/// from memory, while the one job slot is held.
#[test]
fn a_game_followed_a_moment_ago_is_followed_without_reading_it() {
    let dir = scratch_dir("live-recent");
    let server = one_slot_server(&dir);
    let moves = moves();
    let (id, _, first) = followed_then_played(&server, &moves);
    assert_eq!(first.into_events().len(), moves.len(), "to the game's end");
    let (sleeper, held) = hold_the_job_slot(&server);
    let last = moves.len();
    let second = Spectator::follow(&server, &id, Some(last - 1));
    let events = second.into_events();
    assert_not_behind_the_job_slot(held, "the stream");
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0]["ply"], last);
    assert!(events[0]["game_over"].is_object(), "{events:?}");
    let_the_job_slot_go(sleeper);
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

/// A stream opens with its `retry:` time (how long EventSource waits
/// before following again), 100 to 599 ms and not the same for every
/// stream: the spectators of a server that went away come back to the
/// others spread over half a second, not all at one instant (issue 39).
#[test]
fn streams_say_when_to_follow_again_spread_over_half_a_second() {
    let dir = scratch_dir("live-retry");
    let server = live_server(Location::Sqlite(dir.join("archive.sqlite")));
    let (id, _) = start_game(
        &server,
        &json!({"rules": "songo", "south": "Ada", "north": "Kofi"}),
    );
    let mut times = std::collections::BTreeSet::new();
    for _ in 0..4 {
        let mut spectator = Spectator::follow(&server, &id, None);
        // The end of the first event (the head ends with "\r\n\r\n").
        spectator.wait_for("\n\n");
        let text = spectator.text();
        let ms: u64 = text
            .split("\nretry:")
            .nth(1)
            .and_then(|rest| rest.split('\n').next())
            .and_then(|time| time.trim().parse().ok())
            .unwrap_or_else(|| panic!("no retry time: {text}"));
        assert!((100..600).contains(&ms), "{text}");
        times.insert(ms);
    }
    assert!(
        times.len() > 1,
        "one retry time for every stream: {times:?}"
    );
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

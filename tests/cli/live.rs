//! Live games survive `kill -9` (issue 39): a phone sends a whole game's
//! moves to `songo serve`, one after the other, each sent again until it
//! is acknowledged (as the score sheet does); the server is killed with
//! SIGKILL three times in the middle of the stream and started again on
//! the same address. Every acknowledged move is there after each restart,
//! and the retries (of moves whose answer the kill swallowed) add nothing
//! twice: the game holds each ply once, and the archive one game.

use std::io::{Read, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use songo_notation::record::GameRecord;

use crate::serve::Served;

const TOKEN: &str = "live-kill-s3cret";

fn scratch() -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!("songo-cli-live-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// One HTTP exchange; `None` when the server cannot be reached or the
/// connection breaks before a whole answer (the server was killed).
fn exchange(
    addr: &str,
    method: &str,
    path: &str,
    bearer: &str,
    body: &str,
) -> Option<(u16, Value)> {
    let mut stream = TcpStream::connect(addr).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Authorization: Bearer {bearer}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .ok()?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).ok()?;
    let text = String::from_utf8_lossy(&answer);
    let status = text.get(9..12)?.parse().ok()?;
    let (_, body) = text.split_once("\r\n\r\n")?;
    Some((status, serde_json::from_str(body).ok()?))
}

fn serve(archive: &Path, token_file: &Path, addr: &str) -> Served {
    let mut served = Served::start(|c| {
        c.arg("--archive")
            .arg(archive)
            .arg("--archive-token-file")
            .arg(token_file)
            .args(["--addr", addr]);
    });
    served.wait_for("listening on http://");
    served
}

fn full_game() -> Vec<String> {
    let record: GameRecord = include_str!("../../fixtures/records/valid/songo-full-game.songo")
        .parse()
        .expect("a record");
    record.main_line().map(|mv| mv.text.clone()).collect()
}

/// The phone: each move sent until it is acknowledged, in order; the
/// plies acknowledged and the number of retries counted.
fn phone(
    addr: &str,
    id: &str,
    key: &str,
    moves: &[String],
    acknowledged: &Arc<Mutex<Vec<usize>>>,
    retries: &Arc<Mutex<usize>>,
) -> std::thread::JoinHandle<()> {
    let (addr, key, moves) = (addr.to_owned(), key.to_owned(), moves.to_vec());
    let (acknowledged, retries) = (acknowledged.clone(), retries.clone());
    let path = format!("/v1/live/{id}/moves");
    std::thread::spawn(move || {
        for (i, text) in moves.iter().enumerate() {
            let ply = i + 1;
            let body = json!({"ply": ply, "move": text}).to_string();
            let deadline = Instant::now() + Duration::from_secs(60);
            loop {
                match exchange(&addr, "POST", &path, &key, &body) {
                    Some((200, answer)) => {
                        assert_eq!(answer["ply"], ply, "{answer}");
                        acknowledged.lock().expect("the list").push(ply);
                        break;
                    }
                    Some((status, answer)) if status < 500 => {
                        panic!("ply {ply} {text} refused ({status}): {answer}")
                    }
                    _ => {
                        *retries.lock().expect("the count") += 1;
                        assert!(Instant::now() < deadline, "ply {ply} never acknowledged");
                        std::thread::sleep(Duration::from_millis(20));
                    }
                }
            }
        }
    })
}

#[test]
fn kill_9_in_a_stream_of_live_moves_loses_no_acknowledged_move_and_adds_none_twice() {
    let dir = scratch();
    let archive = dir.join("club.sqlite");
    let token_file = dir.join("token");
    std::fs::write(&token_file, TOKEN).expect("the token file");
    // One address for every start: the phone keeps it.
    let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let addr = format!("127.0.0.1:{port}");
    let mut served = serve(&archive, &token_file, &addr);
    let start = json!({"rules": "songo", "south": "Ada", "north": "Kofi", "event": "Nuit blanche", "round": "1"});
    let (status, started) =
        exchange(&addr, "POST", "/v1/live", TOKEN, &start.to_string()).expect("the server answers");
    assert_eq!(status, 201, "{started}");
    let id = started["id"].as_str().expect("an id").to_owned();
    let key = started["key"].as_str().expect("a key").to_owned();
    let moves = full_game();

    let acknowledged = Arc::new(Mutex::new(Vec::<usize>::new()));
    let retries = Arc::new(Mutex::new(0usize));
    let phone = phone(&addr, &id, &key, &moves, &acknowledged, &retries);

    let mut kills = 0;
    // Killed while the phone sends, after its 4th, 13th and 24th move
    // acknowledged (the next one is then on its way).
    for after in [4usize, 13, 24] {
        let deadline = Instant::now() + Duration::from_secs(60);
        while acknowledged.lock().expect("the list").len() < after {
            assert!(
                Instant::now() < deadline,
                "the phone is stuck before ply {after}"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
        let before: Vec<usize> = acknowledged.lock().expect("the list").clone();
        served.signal("KILL");
        served.exit_status();
        kills += 1;
        served = serve(&archive, &token_file, &addr);
        // Every move acknowledged before the kill is there after it.
        let (status, game) =
            exchange(&addr, "GET", &format!("/v1/live/{id}"), TOKEN, "").expect("the game");
        assert_eq!(status, 200, "{game}");
        let stored = game["moves"].as_array().expect("moves").len();
        let last = before.last().copied().unwrap_or(0);
        assert!(
            stored >= last,
            "kill {kills}: {last} acknowledged, {stored} stored"
        );
    }
    phone.join().expect("the phone sent every move");
    assert_eq!(kills, 3);
    assert!(
        *retries.lock().expect("the count") > 0,
        "no move was sent again"
    );

    let (_, game) = exchange(&addr, "GET", &format!("/v1/live/{id}"), TOKEN, "").expect("the game");
    let stored: Vec<String> = serde_json::from_value(game["moves"].clone()).expect("moves");
    assert_eq!(stored, moves, "each ply once, in order");
    assert_eq!(
        acknowledged.lock().expect("the list").clone(),
        (1..=moves.len()).collect::<Vec<_>>()
    );
    assert!(game["game_over"].is_object(), "{game}");
    let archived = game["game"].as_str().expect("in the archive").to_owned();
    drop(served);
    // The archive itself: one row a ply, one game.
    let db = rusqlite::Connection::open(&archive).expect("the archive opens");
    let rows: i64 = db
        .query_row("SELECT count(*) FROM live_moves", [], |row| row.get(0))
        .expect("a count");
    assert_eq!(usize::try_from(rows).ok(), Some(moves.len()));
    let games: i64 = db
        .query_row("SELECT count(*) FROM games", [], |row| row.get(0))
        .expect("a count");
    assert_eq!(games, 1, "the finished game, once ({archived})");
    let _ = std::fs::remove_dir_all(dir);
}

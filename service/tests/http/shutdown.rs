//! Graceful shutdown: requests in flight are answered, new ones refused,
//! and a request that outlives the shutdown timeout does not hold it up.

use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use songo_service::{Config, ShutdownTimedOut};

use crate::{Reply, TestServer};

#[test]
fn a_request_in_flight_is_answered_after_the_shutdown_begins() {
    let mut server = TestServer::start();
    let body = br#"{"position": "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5", "moves": ["S2"]}"#;
    let mut stream = server.connect();
    write!(
        stream,
        "POST /v1/play HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .unwrap();
    stream.write_all(&body[..10]).unwrap();
    stream.flush().unwrap();
    std::thread::sleep(Duration::from_millis(200));
    server.begin_shutdown();
    std::thread::sleep(Duration::from_millis(200));
    // The listener is closed: new connections are refused.
    assert!(TcpStream::connect(server.addr).is_err());
    stream.write_all(&body[10..]).unwrap();
    let reply = Reply::read(&mut stream);
    assert_eq!(reply.ok()["steps"][0]["move"], "S2");
    assert_eq!(server.stop(), Ok(()));
}

#[test]
fn an_idle_server_stops_at_once() {
    let server = TestServer::start();
    assert_eq!(server.get("/healthz").status, 200);
    let started = Instant::now();
    assert_eq!(server.stop(), Ok(()));
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[test]
fn the_shutdown_timeout_bounds_the_wait() {
    let server = TestServer::with(Config {
        shutdown_timeout: Duration::from_millis(300),
        debug_routes: true,
        ..Config::default()
    });
    let mut stream = server.connect();
    stream
        .write_all(b"GET /debug/sleep?ms=10000 HTTP/1.1\r\nHost: test\r\n\r\n")
        .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let started = Instant::now();
    assert_eq!(
        server.stop(),
        Err(ShutdownTimedOut(Duration::from_millis(300)))
    );
    assert!(started.elapsed() < Duration::from_secs(3));
}

/// A server whose archive is in PostgreSQL stops cleanly after serving
/// it: the sync client of a pooled connection runs a runtime of its own
/// to say goodbye, which panics on a thread of the server's runtime
/// (`songo serve` exited 101 on SIGTERM after one archive request).
#[test]
fn a_server_stops_cleanly_after_using_its_postgres_archive() {
    let location = crate::archive::postgres_location("shutdown");
    let server = TestServer::with(Config {
        archive: Some(songo_service::ArchiveConfig {
            location: location.clone(),
            token: None,
            private: false,
        }),
        ..Config::default()
    });
    assert_eq!(server.get("/v1/games").status, 200);
    assert_eq!(server.get("/v1/games?player=Ada").status, 200);
    assert_eq!(server.stop(), Ok(()));
}

/// Issue 37: a spectator's stream of server-sent events never ends by
/// itself; a graceful shutdown ends it shortly after it begins instead of
/// waiting for it until the shutdown timeout.
#[test]
fn an_open_event_stream_does_not_hold_up_the_shutdown() {
    use songo_service::ArchiveConfig;
    use songo_service::archive::{Location, Token};
    let dir = crate::archive::scratch_dir("shutdown-live");
    let server = TestServer::with(Config {
        archive: Some(ArchiveConfig {
            location: Location::Sqlite(dir.join("archive.sqlite")),
            token: Token::new("s3cret"),
            private: false,
        }),
        ..Config::default()
    });
    let headers = [
        ("Content-Type", "application/json"),
        ("Authorization", "Bearer s3cret"),
    ];
    let start = br#"{"rules": "songo", "south": "Ada", "north": "Kofi"}"#;
    let reply = server.request("POST", "/v1/live", &headers, Some(start));
    assert_eq!(reply.status, 201, "{}", reply.text());
    let id = reply.json()["id"].as_str().expect("an id").to_owned();
    let mut stream = server.connect();
    write!(
        stream,
        "GET /v1/live/{id}/events HTTP/1.1\r\nHost: x\r\n\r\n"
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let started = Instant::now();
    assert_eq!(server.stop(), Ok(()));
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    let _ = std::fs::remove_dir_all(dir);
}

//! Issue 37: fair to every client. Engine work has its own queue and a
//! bound per client, so that a validation never waits behind a search
//! (F2); a body must arrive at a least rate, and one address may keep
//! only its share of the connections (F3).

use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::json;
use songo_service::Config;

use crate::{Reply, TestServer};

/// The fixture game of 33 plies, as a record.
fn record_33_plies() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/records/valid/songo-full-game.songo"
    ))
    .unwrap()
}

/// The games the exercises are found in.
fn exercise_games() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/records/engine/exercises-games.songo"
    ))
    .unwrap()
}

/// Waits until the server has `count` requests in flight.
fn wait_in_flight(server: &TestServer, count: f64) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.metric("songo_http_requests_in_flight") < count {
        assert!(
            Instant::now() < deadline,
            "{count} requests never in flight"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Issue 37, F2: a tiny validation waited 26.9 s behind four engine
/// annotations, and 29.1 s behind two deep exercise searches: they took
/// the validation slots. Engine work now has slots of its own.
#[test]
fn issue_37_f2_a_validation_does_not_wait_behind_engine_work() {
    let server = TestServer::with_metrics(Config {
        request_timeout: Duration::from_secs(4),
        max_concurrent_validations: 1,
        max_concurrent_engine: 1,
        ..Config::default()
    });
    let record = record_33_plies();
    let games = exercise_games();
    std::thread::scope(|scope| {
        let annotation = scope.spawn(|| {
            server.request_from(
                [127, 0, 0, 2],
                "POST",
                "/v1/annotate?engine=true&movetime_ms=1000",
                &[("Content-Type", "text/plain")],
                Some(record.as_bytes()),
            )
        });
        let exercises = scope.spawn(|| {
            server.request_from(
                [127, 0, 0, 3],
                "POST",
                "/v1/exercises?depth=8&proof_depth=12&count=100",
                &[("Content-Type", "text/plain")],
                Some(games.as_bytes()),
            )
        });
        wait_in_flight(&server, 2.0);
        // Their bodies are read and the first search has its slot.
        std::thread::sleep(Duration::from_millis(300));
        let started = Instant::now();
        let reply = server.post("/v1/validate", "text/plain", &record);
        assert_eq!(reply.status, 200, "{}", reply.text());
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "the validation waited {:?}",
            started.elapsed()
        );
        // The searches themselves are answered, or told their time was up.
        for reply in [annotation.join().unwrap(), exercises.join().unwrap()] {
            assert!([200, 503].contains(&reply.status), "{}", reply.text());
        }
    });
}

/// Issue 37, F2: one client's engine requests are bounded; past its
/// share it gets 429 at once, and other clients are served.
#[test]
fn issue_37_f2_a_client_has_at_most_its_share_of_engine_requests() {
    let server = TestServer::with_metrics(Config {
        request_timeout: Duration::from_secs(3),
        max_concurrent_engine: 2,
        max_engine_per_client: 1,
        ..Config::default()
    });
    let record = record_33_plies();
    let analyse =
        json!({"position": "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S", "movetime_ms": 100})
            .to_string();
    std::thread::scope(|scope| {
        let annotation = scope.spawn(|| {
            server.request_from(
                [127, 0, 0, 2],
                "POST",
                "/v1/annotate?engine=true&movetime_ms=1000",
                &[("Content-Type", "text/plain")],
                Some(record.as_bytes()),
            )
        });
        wait_in_flight(&server, 1.0);
        std::thread::sleep(Duration::from_millis(100));
        let post_analyse = |ip| {
            server.request_from(
                ip,
                "POST",
                "/v1/analyse",
                &[("Content-Type", "application/json")],
                Some(analyse.as_bytes()),
            )
        };
        let started = Instant::now();
        let refused = post_analyse([127, 0, 0, 2]);
        let problem = refused.problem(429, "too-many-requests");
        assert_eq!(refused.header("retry-after"), Some("1"));
        assert!(started.elapsed() < Duration::from_millis(500));
        assert_eq!(problem["limit"], 1);
        assert!(
            problem["detail"].as_str().unwrap().contains("127.0.0.2"),
            "{problem}"
        );
        // Another client is served.
        assert!(post_analyse([127, 0, 0, 3]).ok()["best"].is_string());
        let annotation = annotation.join().unwrap();
        assert!(
            [200, 503].contains(&annotation.status),
            "{}",
            annotation.text()
        );
        // The first request's work done (its search stops soon after its
        // answer), the client may ask again.
        let deadline = Instant::now() + Duration::from_secs(5);
        let mut again = post_analyse([127, 0, 0, 2]);
        while again.status == 429 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(100));
            again = post_analyse([127, 0, 0, 2]);
        }
        again.ok();
    });
}

/// Issue 37, F3: 512 clients sending a body a byte a second held every
/// connection for 30 s (the 5 s pause limit never fired). A body must now
/// arrive at 1 KiB/s after its first second.
#[test]
fn issue_37_f3_a_body_arriving_below_the_least_rate_is_408() {
    let server = TestServer::start();
    let mut stream = server.connect();
    stream
        .write_all(b"POST /v1/positions HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 300\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut writer = stream.try_clone().unwrap();
    let trickle = std::thread::spawn(move || {
        for _ in 0..300 {
            if writer.write_all(b"5").is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    });
    let started = Instant::now();
    let problem = Reply::read(&mut stream).problem(408, "request-timeout");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(problem["timeout"], "body_rate");
    assert_eq!(problem["limit"], 1024);
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("1024 bytes a second"),
        "{problem}"
    );
    drop(stream);
    trickle.join().unwrap();
}

/// Issue 37, F3: one address that opened every connection and sent none
/// of its bodies kept every other client out (503). It now keeps its
/// share; past it, 429, and the others are served.
#[test]
fn issue_37_f3_one_address_cannot_take_every_connection() {
    let server = TestServer::with_metrics(Config {
        max_connections: 8,
        max_connections_per_client: 4,
        request_timeout: Duration::from_secs(3),
        body_min_rate: 0,
        ..Config::default()
    });
    let open = |count| -> Vec<TcpStream> {
        (0..count)
            .map(|_| {
                let mut stream = server.connect_from([127, 0, 0, 2]);
                // A request in flight, its body never sent.
                let _ = stream.write_all(
                    b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n[",
                );
                stream
            })
            .collect()
    };
    // Its share, every one with a request in flight (a connection still
    // waiting for its request would make room for the next instead).
    let mut held = open(4);
    wait_in_flight(&server, 4.0);
    held.extend(open(4));
    let started = Instant::now();
    assert_eq!(server.get("/healthz").status, 200);
    assert!(started.elapsed() < Duration::from_secs(1));
    let replies: Vec<Reply> = held
        .into_iter()
        .map(|mut stream| Reply::read(&mut stream))
        .collect();
    let mut statuses: Vec<u16> = replies.iter().map(|reply| reply.status).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [408, 408, 408, 408, 429, 429, 429, 429]);
    let refused = replies.iter().find(|reply| reply.status == 429).unwrap();
    let problem = refused.problem(429, "too-many-requests");
    assert_eq!(problem["limit"], 4);
    assert!(
        problem["detail"].as_str().unwrap().contains("127.0.0.2"),
        "{problem}"
    );
    assert_eq!(refused.header("connection"), Some("close"));
}

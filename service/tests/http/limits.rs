//! The limits: body size (announced or chunked), time, moves per request.

use std::io::Write;
use std::time::{Duration, Instant};

use serde_json::json;
use songo_service::Config;

use crate::{Reply, TestServer};

const START: &str = "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S";

fn small_limits() -> Config {
    Config {
        body_limit: 1024,
        request_timeout: Duration::from_millis(400),
        max_concurrent_jobs: 4,
        debug_routes: true,
        ..Config::default()
    }
}

/// A chunked request of `total` bytes of `fill`, in chunks of `chunk`.
fn chunked(path: &str, content_type: &str, body: &[u8], chunk: usize) -> Vec<u8> {
    let mut request = format!(
        "POST {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Type: {content_type}\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    .into_bytes();
    for piece in body.chunks(chunk) {
        request.extend_from_slice(format!("{:x}\r\n", piece.len()).as_bytes());
        request.extend_from_slice(piece);
        request.extend_from_slice(b"\r\n");
    }
    request.extend_from_slice(b"0\r\n\r\n");
    request
}

#[test]
fn an_announced_over_large_body_is_413_before_it_is_read() {
    let server = TestServer::with(small_limits());
    let body = "5,".repeat(1000);
    let problem = server
        .post("/v1/positions", "text/plain", &body)
        .problem(413, "body-too-large");
    assert_eq!(problem["limit"], 1024);
    insta::assert_json_snapshot!(problem);
}

#[test]
fn a_chunked_body_within_the_limit_is_read() {
    let server = TestServer::with(small_limits());
    let reply = server.raw(&chunked("/v1/positions", "text/plain", START.as_bytes(), 7));
    assert_eq!(reply.ok()["compact"], START);
}

#[test]
fn a_chunked_over_large_body_is_413_not_411() {
    let server = TestServer::with(small_limits());
    let body = b"5,".repeat(32 * 1024);
    let reply = server.raw(&chunked("/v1/positions", "text/plain", &body, 1000));
    let problem = reply.problem(413, "body-too-large");
    assert_eq!(problem["limit"], 1024);
    // Exactly the limit is accepted (and then read as a bad position).
    let reply = server.raw(&chunked("/v1/positions", "text/plain", &body[..1024], 100));
    reply.problem(400, "bad-position");
    let reply = server.raw(&chunked("/v1/positions", "text/plain", &body[..1025], 100));
    reply.problem(413, "body-too-large");
}

#[test]
fn a_body_that_does_not_arrive_in_time_is_408() {
    let server = TestServer::with(small_limits());
    let mut stream = server.connect();
    stream
        .write_all(b"POST /v1/positions HTTP/1.1\r\nHost: test\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nsongo:")
        .unwrap();
    let started = Instant::now();
    let reply = Reply::read(&mut stream);
    assert!(started.elapsed() < Duration::from_secs(5));
    insta::assert_json_snapshot!(reply.problem(408, "request-timeout"));
}

#[test]
fn an_answer_that_is_not_ready_in_time_is_503() {
    let server = TestServer::with(small_limits());
    let started = Instant::now();
    let problem = server.get("/debug/sleep?ms=5000").problem(503, "timeout");
    assert!(started.elapsed() < Duration::from_secs(3));
    assert!(problem["detail"].as_str().unwrap().contains("time limit"));
    assert_eq!(server.get("/debug/sleep?ms=10").status, 200);
}

#[test]
fn too_many_moves_is_413() {
    let server = TestServer::start();
    let moves = vec!["S2"; 2001];
    let problem = server
        .post_json("/v1/play", &json!({"position": START, "moves": moves}))
        .problem(413, "body-too-large");
    assert_eq!(problem["limit"], 2000);
}

#[test]
fn a_request_that_finds_every_slot_taken_is_503_busy() {
    let server = TestServer::with(Config {
        max_concurrent_jobs: 1,
        ..small_limits()
    });
    let mut stream = server.connect();
    stream
        .write_all(b"GET /debug/sleep?ms=1500 HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        .unwrap();
    std::thread::sleep(Duration::from_millis(100));
    let reply = server.post_json("/v1/moves", &json!({"position": START}));
    assert_eq!(reply.header("retry-after"), Some("1"));
    insta::assert_json_snapshot!(reply.problem(503, "busy"));
    // The sleeper itself missed its deadline.
    Reply::read(&mut stream).problem(503, "timeout");
}

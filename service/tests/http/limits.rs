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
    let server = TestServer::with_metrics(Config {
        max_concurrent_jobs: 1,
        ..small_limits()
    });
    let mut stream = server.connect();
    stream
        .write_all(b"GET /debug/sleep?ms=1500 HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        .unwrap();
    // The sleeper takes the slot as its request starts (in the same poll):
    // wait for that rather than for a fixed time, which a loaded machine
    // can outlast.
    let waiting = Instant::now();
    while server.metric("songo_http_requests_in_flight") < 1.0 {
        assert!(
            waiting.elapsed() < Duration::from_secs(10),
            "the sleeper never started"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let reply = server.post_json("/v1/moves", &json!({"position": START}));
    assert_eq!(reply.header("retry-after"), Some("1"));
    insta::assert_json_snapshot!(reply.problem(503, "busy"));
    // The sleeper itself missed its deadline.
    Reply::read(&mut stream).problem(503, "timeout");
}

/// `arrow=` parameters for `count` arrows between the houses of Songo.
fn arrows(count: usize) -> String {
    let houses: Vec<String> = ["S", "N"]
        .iter()
        .flat_map(|side| (0..7).map(move |i| format!("{side}{i}")))
        .collect();
    let mut pairs = Vec::new();
    for from in &houses {
        for to in &houses {
            if from != to {
                pairs.push(format!("arrow={from}:{to}"));
            }
        }
    }
    pairs.truncate(count);
    assert_eq!(pairs.len(), count);
    pairs.join("&")
}

/// Issue 21, first fault: a 10 KB play asking for 132 arrows on every
/// board was answered with 301 MB. The marks are refused before any work.
#[test]
fn issue_21_more_marks_than_the_budget_are_refused_before_any_drawing() {
    let server = TestServer::start();
    let path = format!("/v1/play?render=svg&{}", arrows(132));
    let problem = server
        .post_json(&path, &json!({"position": START, "moves": ["S2"]}))
        .problem(413, "too-much-work");
    assert_eq!(problem["budget"], "marks");
    insta::assert_json_snapshot!(problem);
    // Within the budget, the drawing is made.
    let path = format!("/v1/play?render=svg&{}", arrows(64));
    let reply = server.post_json(&path, &json!({"position": START, "moves": ["S2"]}));
    assert!(reply.ok()["render"]["content"].as_str().unwrap().len() < 1 << 20);
}

/// Issue 21, first fault: the boards a play draws are counted from its
/// moves before any is played (these moves are not even legal: the
/// budget comes first), and so are the marks drawn on all of them.
#[test]
fn issue_21_a_drawing_of_too_many_boards_or_marks_is_refused_before_playing() {
    let server = TestServer::start();
    let problem = server
        .post_json(
            "/v1/play?render=svg",
            &json!({"position": START, "moves": vec!["S2"; 400]}),
        )
        .problem(413, "too-much-work");
    assert_eq!(problem["budget"], "boards");
    assert_eq!(problem["limit"], 1000);
    insta::assert_json_snapshot!(problem);
    let path = format!("/v1/play?render=svg&{}", arrows(30));
    let problem = server
        .post_json(&path, &json!({"position": START, "moves": vec!["S2"; 100]}))
        .problem(413, "too-much-work");
    assert_eq!(problem["budget"], "marks_drawn");
    // Without a drawing, the same moves are played (and the second is
    // illegal).
    server
        .post_json(
            "/v1/play",
            &json!({"position": START, "moves": vec!["S2"; 400]}),
        )
        .problem(422, "illegal-move");
}

/// The fixture game of 33 plies, as a record.
fn record_33_plies() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/records/valid/songo-full-game.songo"
    ))
    .unwrap()
}

/// Issue 21, second fault: the engine's time was fixed when the request
/// arrived, not when it got its slot; an annotation that waited for a slot
/// then ran past its deadline (503) and kept a core busy after it. Now both
/// are answered, and the server is free at once after.
#[test]
fn issue_21_an_annotation_that_waits_for_its_slot_gets_its_time_from_the_slot() {
    let server = TestServer::with(Config {
        request_timeout: Duration::from_secs(8),
        max_concurrent_validations: 1,
        ..Config::default()
    });
    let record = record_33_plies();
    let started = Instant::now();
    let replies: Vec<Reply> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2)
            .map(|i| {
                let (server, record) = (&server, &record);
                scope.spawn(move || {
                    std::thread::sleep(Duration::from_millis(200 * i));
                    server.post(
                        "/v1/annotate?engine=true&movetime_ms=1000",
                        "text/plain",
                        record,
                    )
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for reply in &replies {
        assert_eq!(reply.status, 200, "{}", reply.text());
    }
    assert!(started.elapsed() < Duration::from_secs(9));
    // No search is left running: a validation is served at once.
    let started = Instant::now();
    assert_eq!(
        server.post("/v1/validate", "text/plain", &record).status,
        200
    );
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
}

/// Issue 21, third fault: a body trickling in held its validation slot
/// for the whole request time, and everyone else waited. Now the body is
/// read before the slot is taken, and a body that stops arriving gets 408
/// after the body timeout.
#[test]
fn issue_21_a_body_that_stops_arriving_holds_no_slot_and_gets_408() {
    let server = TestServer::with(Config {
        request_timeout: Duration::from_secs(10),
        body_timeout: Duration::from_millis(800),
        max_concurrent_validations: 1,
        ..Config::default()
    });
    let record = record_33_plies();
    let mut slow = server.connect();
    write!(
        slow,
        "POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        record.len()
    )
    .unwrap();
    slow.write_all(&record.as_bytes()[..20]).unwrap();
    std::thread::sleep(Duration::from_millis(100));
    let started = Instant::now();
    assert_eq!(
        server.post("/v1/validate", "text/plain", &record).status,
        200
    );
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    let problem = Reply::read(&mut slow).problem(408, "request-timeout");
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(problem["timeout"], "body_timeout");
    insta::assert_json_snapshot!(problem);
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("20 bytes received"),
        "{problem}"
    );
}

/// Issue 21: a chunked body whose encoding breaks was reported as "not
/// UTF-8"; it says what happened.
#[test]
fn issue_21_a_broken_chunked_body_is_said_to_be_cut_short() {
    let server = TestServer::start();
    let reply = server.raw(
        b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\n[Game\r\nzz\r\n",
    );
    let problem = reply.problem(400, "incomplete-body");
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("after 5 bytes"),
        "{problem}"
    );
}

/// Issue 21: a 500 KB request head arriving in two large pieces was
/// accepted; it is refused with 431 and a problem.
#[test]
fn issue_21_a_request_head_over_400_kib_is_431_however_it_arrives() {
    let server = TestServer::start();
    let mut head = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ".to_vec();
    head.extend(std::iter::repeat_n(b'a', 500_000));
    head.extend_from_slice(b"\r\nConnection: close\r\n\r\n");
    let mut stream = server.connect();
    stream.write_all(&head[..300_000]).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    // The server may close as soon as it has seen too much.
    let _ = stream.write_all(&head[300_000..]);
    let reply = Reply::read(&mut stream);
    assert_eq!(
        reply.header("content-type"),
        Some("application/problem+json")
    );
    let problem = reply.problem(431, "head-too-large");
    assert_eq!(problem["limit"], 409_600);
}

/// Issue 21: hyper's own refusals of a request head (400, 414, 431) had
/// empty bodies; they are problems like every other error.
#[test]
fn issue_21_refusals_of_a_request_head_are_problems() {
    let server = TestServer::start();
    let reply = server.raw(b"BLAH\r\n\r\n");
    assert_eq!(
        reply.header("content-type"),
        Some("application/problem+json")
    );
    insta::assert_json_snapshot!(reply.problem(400, "bad-request"));
    let long = format!(
        "GET /{} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "a".repeat(70_000)
    );
    let problem = server.raw(long.as_bytes()).problem(414, "uri-too-long");
    assert_eq!(problem["limit"], 65_534);
    let many: String = (0..120).map(|i| format!("X-{i}: x\r\n")).collect();
    let head = format!("GET /healthz HTTP/1.1\r\nHost: x\r\n{many}Connection: close\r\n\r\n");
    server.raw(head.as_bytes()).problem(431, "head-too-large");
}

/// Issue 21, first fault: a 4 MiB record body made `/v1/annotate` work
/// for seconds and some 200 MB before its answer passed every bound. The
/// records it writes back are bounded before any work.
#[test]
fn issue_21_an_annotation_of_too_many_records_is_refused_before_any_work() {
    let server = TestServer::start();
    let record = record_33_plies();
    let games = (1024 * 1024) / record.len() + 2;
    let body = vec![record.as_str(); games].join("\n");
    let problem = server
        .post("/v1/annotate", "text/plain", &body)
        .problem(413, "too-much-work");
    assert_eq!(problem["budget"], "record_bytes");
    assert_eq!(problem["limit"], 1024 * 1024);
}

/// The largest answer (`MAX_ANSWER_BYTES`): four of them fill the 64 MiB
/// kept for answers not yet read (each past its first 64 KiB).
const LARGEST_ANSWER: usize = 16 * 1024 * 1024;

/// Asks for the largest answer and reads only its head: the answer is
/// made, its memory taken, and most of it stays unread (more than the
/// socket buffers hold).
fn unread_largest_answer(server: &TestServer) -> std::net::TcpStream {
    use std::io::Read;
    let mut stream = server.connect();
    write!(
        stream,
        "GET /debug/answer?bytes={LARGEST_ANSWER} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut head = [0; 1024];
    stream.read_exact(&mut head).unwrap();
    assert!(head.starts_with(b"HTTP/1.1 200"), "{head:?}");
    stream
}

/// The largest answer on a connection of its own, read to the end.
fn largest_answer(server: &TestServer) -> Reply {
    server.get(&format!("/debug/answer?bytes={LARGEST_ANSWER}"))
}

/// Issue 37: an answer holds its part of the memory for answers until its
/// body is dropped (read by its client, or the client gone), not until
/// hyper takes its bytes (a version gave it back then, and a server with
/// clients that never read held unbounded memory).
#[test]
fn issue_37_an_unread_answer_holds_its_memory_until_read_or_dropped() {
    let server = TestServer::with(Config {
        debug_routes: true,
        ..Config::default()
    });
    let mut unread: Vec<_> = (0..4).map(|_| unread_largest_answer(&server)).collect();
    let problem = busy(&largest_answer(&server));
    let detail = problem["detail"].as_str().unwrap();
    assert!(detail.contains("not yet read"), "{detail}");
    // Small answers never wait for that memory.
    server.get("/healthz").ok();
    // Once one answer is read, its memory serves the next (given back
    // when the connection has sent it: retried for a moment).
    let mut read = unread.pop().unwrap();
    std::io::copy(&mut read, &mut std::io::sink()).unwrap();
    served_soon(&server);
    // Taken again; then a client that leaves gives its part back.
    unread.push(unread_largest_answer(&server));
    busy(&largest_answer(&server));
    drop(unread.pop());
    served_soon(&server);
}

/// The problem of a 503 `busy` (an answer served instead is not shown:
/// 16 MiB of dots).
fn busy(reply: &Reply) -> serde_json::Value {
    assert_eq!(
        reply.status, 503,
        "served: the memory for answers was given back before they were read"
    );
    reply.problem(503, "busy")
}

/// The largest answer is served within 10 s of retries.
fn served_soon(server: &TestServer) {
    let asked = Instant::now();
    loop {
        let reply = largest_answer(server);
        if reply.status == 200 {
            assert_eq!(reply.body.len(), LARGEST_ANSWER);
            return;
        }
        reply.problem(503, "busy");
        assert!(asked.elapsed() < Duration::from_secs(10), "still busy");
        std::thread::sleep(Duration::from_millis(20));
    }
}

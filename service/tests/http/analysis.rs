//! `POST /v1/analyse` and the engine of `POST /v1/annotate`: the report,
//! the ceilings on time and depth, bad input, and a long search that does
//! not keep the server from answering.

use std::io::Write as _;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::{Reply, TestServer};

/// The board before the escale text's third capture example: S5's grenier
/// takes eleven.
const GRENIER: &str = "songo:0,1,0,2,8,5,10/1,7,0,0,1,17,7:0-0:S";

/// The report without what depends on the machine's speed.
fn without_timing(mut report: serde_json::Value) -> serde_json::Value {
    let fields = report.as_object_mut().expect("an object");
    assert!(fields.remove("time_ms").is_some());
    assert!(fields.remove("nodes_per_second").is_some());
    report
}

#[test]
fn analyse_answers_the_analysis_report() {
    let server = TestServer::start();
    let reply = server.post_json("/v1/analyse", &json!({"position": GRENIER, "depth": 8}));
    let report = without_timing(reply.ok());
    assert_eq!(report["best"], "S5");
    assert_eq!(report["pv"][0], "S5");
    assert_eq!(report["depth"], 8);
    assert_eq!(
        report["limits"],
        json!({"depth": 8, "movetime_ms": 1000, "clamped": false})
    );
    insta::assert_json_snapshot!(report);
}

#[test]
fn analyse_clamps_what_is_over_the_ceilings() {
    let server = TestServer::start();
    let reply = server.post_json(
        "/v1/analyse",
        &json!({"position": GRENIER, "to_move": "south", "rules": "songo", "depth": 1000, "movetime_ms": 1}),
    );
    let report = reply.ok();
    assert_eq!(report["limits"]["depth"], 30);
    assert_eq!(report["limits"]["clamped"], true);
    let reply = server.post_json(
        "/v1/analyse",
        &json!({"position": GRENIER, "depth": 2, "movetime_ms": 86_400_000}),
    );
    assert_eq!(reply.ok()["limits"]["movetime_ms"], 5000);
}

#[test]
fn analyse_refuses_bad_input_with_a_problem() {
    let server = TestServer::start();
    let zero = server.post_json("/v1/analyse", &json!({"position": GRENIER, "depth": 0}));
    assert_eq!(zero.problem(400, "bad-json")["pointer"], "/depth");
    let negative = server.post_json(
        "/v1/analyse",
        &json!({"position": GRENIER, "movetime_ms": -5}),
    );
    negative.problem(400, "bad-json");
    let unknown = server.post_json("/v1/analyse", &json!({"position": GRENIER, "hash": 64}));
    unknown.problem(400, "bad-json");
    let seega = server.post_json(
        "/v1/analyse",
        &json!({"position": "seega:xxxxx/xxxxx/xx.oo/ooooo/ooooo:N"}),
    );
    assert!(
        seega.status >= 400 && seega.status < 500,
        "{}",
        seega.text()
    );
    let many = server.post_json(
        "/v1/analyse",
        &json!({"position": "songo:9000,0,0,0,0,0,1/1,1,1,1,1,1,1:0-0:S"}),
    );
    assert_eq!(many.problem(400, "bad-position")["pointer"], "/position");
}

/// `POST /v1/analyse` of the start position for three seconds, on a
/// connection of its own.
fn long_search(addr: std::net::SocketAddr) -> Reply {
    let body = json!({"position": "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S", "movetime_ms": 3000})
        .to_string();
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .expect("a timeout");
    write!(
        stream,
        "POST /v1/analyse HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("the request is sent");
    Reply::read(&mut stream)
}

#[test]
fn a_long_analysis_does_not_stop_healthz_answering() {
    let server = TestServer::start();
    let addr = server.addr;
    // Two searches at once: were they run on the async executor, they would
    // hold both of a two-core machine's worker threads.
    let searches: Vec<_> = (0..2)
        .map(|_| std::thread::spawn(move || long_search(addr)))
        .collect();
    // Let the searches start, then ask for the health while they run.
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    let health = server.get("/healthz");
    assert_eq!(health.status, 200);
    assert!(asked.elapsed() < Duration::from_millis(1500));
    assert!(
        searches.iter().all(|search| !search.is_finished()),
        "the searches should still be running"
    );
    for search in searches {
        assert_eq!(search.join().unwrap().status, 200);
    }
}

const GRENIER_MISSED: &str = "[Rules \"songo\"]\n[SetUp \"fragment\"]\n[Position \"songo:0,1,0,2,8,5,10/1,7,0,0,1,17,7:0-0:S\"]\n\n1. S4 N5 2. S6 N4 *\n";

#[test]
fn annotate_with_the_engine_marks_the_blunder() {
    let server = TestServer::start();
    let reply = server.post(
        // A generous time per ply: depth 6 decides, not the machine (a
        // mark near a threshold is confirmed at depth 8, which the time
        // reaches too).
        "/v1/annotate?engine=true&depth=6&movetime_ms=1000",
        "text/plain",
        GRENIER_MISSED,
    );
    let answer = reply.ok();
    let record = answer["record"].as_str().unwrap();
    assert!(
        record.contains("1. S4?? {[%eval +3 d8] [%mark ??] [%line] Blunder: 13 seeds lost; S5 was"),
        "{record}"
    );
    assert_eq!(answer["games"][0]["engine"]["plies"][0]["mark"], "blunder");
    insta::assert_json_snapshot!(answer["games"][0]["engine"]);
    // Without the engine, no engine field and no eval.
    let plain = server
        .post("/v1/annotate", "text/plain", GRENIER_MISSED)
        .ok();
    assert!(plain["games"][0].get("engine").is_none());
    // Limits without the engine, and bad limits, are the query's fault.
    let lone = server.post("/v1/annotate?depth=8", "text/plain", GRENIER_MISSED);
    lone.problem(400, "bad-query");
    let zero = server.post(
        "/v1/annotate?engine=true&movetime_ms=0",
        "text/plain",
        GRENIER_MISSED,
    );
    assert_eq!(zero.problem(400, "bad-query")["parameter"], "movetime_ms");
    let word = server.post("/v1/annotate?engine=yes", "text/plain", GRENIER_MISSED);
    assert_eq!(word.problem(400, "bad-query")["parameter"], "engine");
}

/// The events of a server-sent event stream: each one's name and its
/// data as JSON.
fn sse_events(text: &str) -> Vec<(String, serde_json::Value)> {
    text.split("\n\n")
        .filter_map(|block| {
            let name = block.lines().find_map(|line| line.strip_prefix("event:"))?;
            let data = block.lines().find_map(|line| line.strip_prefix("data:"))?;
            let data = serde_json::from_str(data.trim()).expect("JSON data");
            Some((name.trim().to_owned(), data))
        })
        .collect()
}

/// Issue 40, item 3: with `progress=true` each ply comes as an event as
/// soon as it is judged (its game, the game's plies, the judgement as the
/// answer gives it, the glyph and the sentence in the request's language),
/// then the whole answer, the same as without `progress`.
#[test]
fn annotate_with_progress_streams_each_ply_then_the_record() {
    let server = TestServer::start();
    let path = "/v1/annotate?engine=true&depth=6&movetime_ms=1000";
    let plain = server.post(path, "text/plain", GRENIER_MISSED).ok();
    let reply = server.post(
        &format!("{path}&progress=true"),
        "text/plain",
        GRENIER_MISSED,
    );
    assert_eq!(reply.status, 200, "{}", reply.text());
    assert_eq!(reply.header("content-type"), Some("text/event-stream"));
    let events = sse_events(reply.text());
    let names: Vec<&str> = events.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["ply", "ply", "ply", "ply", "record"]);
    assert_eq!(events[4].1, plain);
    let judged = plain["games"][0]["engine"]["plies"].as_array().unwrap();
    for ((_, event), judgement) in events.iter().zip(judged) {
        assert_eq!(
            (event["game"].as_u64(), event["plies"].as_u64()),
            (Some(0), Some(4))
        );
        for (field, value) in judgement.as_object().unwrap() {
            assert_eq!(&event[field], value, "{field} of {event}");
        }
    }
    assert_eq!(events[0].1["glyph"], "??");
    assert_eq!(
        events[0].1["comment"],
        "Blunder: 13 seeds lost; S5 was better."
    );
    insta::assert_snapshot!(reply.text());
    // In the request's language.
    let french = server.post(
        &format!("{path}&progress=true&lang=fr"),
        "text/plain",
        GRENIER_MISSED,
    );
    let first = &sse_events(french.text())[0].1;
    assert!(
        first["comment"].as_str().unwrap().starts_with("Bourde"),
        "{first}"
    );
}

/// What `progress=true` refuses, before any stream: without the engine,
/// a value that is no boolean, a record that cannot be read.
#[test]
fn annotate_with_progress_refuses_as_the_plain_route_does() {
    let server = TestServer::start();
    let alone = server.post("/v1/annotate?progress=true", "text/plain", GRENIER_MISSED);
    assert_eq!(alone.problem(400, "bad-query")["parameter"], "progress");
    let word = server.post(
        "/v1/annotate?engine=true&progress=maybe",
        "text/plain",
        GRENIER_MISSED,
    );
    assert_eq!(word.problem(400, "bad-query")["parameter"], "progress");
    let broken = server.post(
        "/v1/annotate?engine=true&progress=true",
        "text/plain",
        "[Rules \"songo\"]\n\n1. S4 {never closed\n",
    );
    broken.problem(400, "bad-record");
}

/// The client of a progress stream leaving stops the engine's work: the
/// one engine slot is free again at once, not when its 20 s are spent.
#[test]
fn a_progress_stream_left_gives_its_engine_slot_back() {
    let server = TestServer::with(songo_service::Config {
        max_concurrent_engine: 1,
        ..songo_service::Config::default()
    });
    let game = include_str!("../../../fixtures/records/valid/songo-full-game.songo");
    let mut stream = server.connect();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .expect("a timeout");
    write!(
        stream,
        "POST /v1/annotate?engine=true&progress=true&movetime_ms=1000 HTTP/1.1\r\nHost: x\r\n\
         Connection: close\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n{game}",
        game.len()
    )
    .expect("the request is sent");
    let mut seen = Vec::new();
    let mut buffer = [0u8; 4096];
    while !String::from_utf8_lossy(&seen).contains("event:ply") {
        let n = std::io::Read::read(&mut stream, &mut buffer).expect("the stream goes on");
        assert!(n > 0, "{}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&buffer[..n]);
    }
    drop(stream);
    let asked = Instant::now();
    let analysis = server.post_json("/v1/analyse", &json!({"position": GRENIER, "depth": 2}));
    assert_eq!(analysis.status, 200, "{}", analysis.text());
    assert!(
        asked.elapsed() < Duration::from_secs(8),
        "the engine slot came back after {:?}",
        asked.elapsed()
    );
}

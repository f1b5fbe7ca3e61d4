//! `POST /v1/validate` and `POST /v1/convert`: record bodies as text, JSON
//! or YAML, many games to a body, NDJSON streaming, the validation slots.

use std::io::Write;
use std::time::Duration;

use serde_json::json;
use songo_service::Config;

use crate::{Reply, TestServer};

fn record(path: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/../fixtures/records/{path}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

#[test]
fn validate_reports_every_game_of_a_text_record() {
    let server = TestServer::start();
    let reply = server.post("/v1/validate", "text/plain", &record("valid/lessons.songo"));
    let report = reply.ok();
    let games = report["games"].as_array().unwrap();
    assert!(games.len() >= 3);
    assert!(games.iter().all(|g| g["valid"] == true), "{report:#}");
    assert_eq!(report["summary"]["games"], games.len());
    assert_eq!(report["summary"]["invalid"], 0);
}

#[test]
fn validate_names_the_rule_line_and_column_of_a_violation() {
    let server = TestServer::start();
    let reply = server.post("/v1/validate", "text/plain", &record("broken/exit.songo"));
    let report = reply.ok();
    let violation = &report["games"][0]["violations"][0];
    assert_eq!(violation["rule"], "songo.exit");
    assert_eq!(
        (violation["line"].clone(), violation["column"].clone()),
        (json!(11), json!(4))
    );
    assert_eq!(report["summary"]["invalid"], 1);
    insta::assert_json_snapshot!(report);
}

#[test]
fn validate_answers_a_body_of_garbage_with_a_small_report() {
    // 1.9 million mistakes on one line of 3.8 MB: each reported with its
    // line would make an answer of terabytes.
    let server = TestServer::start();
    let body = format!("[Rules \"songo\"]\n\n1. {}\n", "% ".repeat(1_900_000));
    let reply = server.post("/v1/validate", "text/plain", &body);
    let report = reply.ok();
    let violations = report["games"][0]["violations"].as_array().unwrap();
    assert_eq!(
        violations.len(),
        51,
        "50 syntax errors, then one that says so"
    );
    assert_eq!(report["summary"]["invalid"], 1);
}

#[test]
fn validate_takes_the_default_ruleset_and_keep_going_from_the_query() {
    let server = TestServer::start();
    let body = record("broken/exit.songo");
    let stopped = server.post("/v1/validate", "text/plain", &body).json();
    let kept_going = server
        .post("/v1/validate?keep_going=true", "text/plain", &body)
        .json();
    let count =
        |report: &serde_json::Value| report["games"][0]["violations"].as_array().unwrap().len();
    assert!(count(&kept_going) > count(&stopped));
    server
        .post("/v1/validate?keep_going=maybe", "text/plain", &body)
        .problem(400, "bad-query");
    server
        .post("/v1/validate?rules=chess", "text/plain", &body)
        .problem(422, "unknown-ruleset");
}

#[test]
fn validate_streams_one_line_per_game_as_ndjson() {
    let server = TestServer::start();
    let body = record("valid/lessons.songo");
    let whole = server.post("/v1/validate", "text/plain", &body).json();
    let reply = server.request(
        "POST",
        "/v1/validate",
        &[
            ("Content-Type", "text/plain"),
            ("Accept", "application/x-ndjson"),
        ],
        Some(body.as_bytes()),
    );
    assert_eq!(reply.status, 200, "{}", reply.text());
    assert_eq!(reply.header("content-type"), Some("application/x-ndjson"));
    assert_eq!(reply.header("transfer-encoding"), Some("chunked"));
    let lines: Vec<serde_json::Value> = reply
        .text()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(&lines, whole["games"].as_array().unwrap());
}

#[test]
fn validate_reads_json_and_yaml_records() {
    let server = TestServer::start();
    let text = record("broken/exit.songo");
    let from_text = server.post("/v1/validate", "text/plain", &text).json();
    let as_json = server.post("/v1/convert?to=json", "text/plain", &text);
    assert_eq!(as_json.status, 200, "{}", as_json.text());
    let from_json = server
        .post("/v1/validate", "application/json", as_json.text())
        .json();
    let as_yaml = server.post("/v1/convert?to=yaml", "text/plain", &text);
    assert_eq!(as_yaml.header("content-type"), Some("application/yaml"));
    let from_yaml = server
        .post("/v1/validate", "application/yaml", as_yaml.text())
        .json();
    for report in [&from_json, &from_yaml] {
        assert_eq!(report["summary"], from_text["summary"]);
        assert_eq!(report["games"][0]["violations"][0]["rule"], "songo.exit");
    }
}

#[test]
fn validate_refuses_an_unreadable_json_record_with_its_place() {
    let server = TestServer::start();
    let problem = server
        .post(
            "/v1/validate",
            "application/json",
            "{\"tags\": {\"Rules\": \"songo\"},\n \"moves\": 5}",
        )
        .problem(400, "bad-record");
    assert_eq!(problem["line"], 2);
    insta::assert_json_snapshot!(problem);
    server
        .post("/v1/validate", "application/x-www-form-urlencoded", "a=b")
        .problem(415, "unsupported-media-type");
}

#[test]
fn a_validation_that_finds_every_slot_taken_is_503_busy() {
    let server = TestServer::with(Config {
        max_concurrent_validations: 1,
        request_timeout: Duration::from_millis(500),
        debug_routes: true,
        ..Config::default()
    });
    // A validation that outlasts the time limit holds the only slot.
    let mut holder = server.connect();
    holder
        .write_all(b"GET /debug/sleep?ms=1500&slot=validation HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        .unwrap();
    std::thread::sleep(Duration::from_millis(100));
    let reply = server.post("/v1/validate", "text/plain", &record("broken/exit.songo"));
    assert_eq!(reply.header("retry-after"), Some("1"), "{}", reply.text());
    insta::assert_json_snapshot!(reply.problem(503, "busy"));
    Reply::read(&mut holder).problem(503, "timeout");
}

#[test]
fn a_slow_upload_holds_a_validation_slot_only_until_its_deadline() {
    let server = TestServer::with(Config {
        max_concurrent_validations: 1,
        request_timeout: Duration::from_millis(500),
        ..Config::default()
    });
    let mut slow = server.connect();
    slow.write_all(b"POST /v1/validate HTTP/1.1\r\nHost: test\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n[Rules")
        .unwrap();
    std::thread::sleep(Duration::from_millis(100));
    // This one waits for the slot, which frees when the upload times out.
    let reply = server.post("/v1/validate", "text/plain", &record("broken/exit.songo"));
    assert_eq!(reply.status, 200, "{}", reply.text());
    Reply::read(&mut slow).problem(408, "request-timeout");
}

#[test]
fn convert_writes_a_text_record_as_json_and_back() {
    let server = TestServer::start();
    let text = record("valid/lessons.songo");
    let as_json = server.post("/v1/convert?to=json", "text/plain", &text);
    assert_eq!(as_json.status, 200, "{}", as_json.text());
    assert_eq!(as_json.header("content-type"), Some("application/json"));
    let records = as_json.json();
    assert!(records.as_array().unwrap().len() >= 3);
    insta::assert_json_snapshot!(records[0]);
    let back = server.post("/v1/convert?to=record", "application/json", as_json.text());
    assert_eq!(back.status, 200, "{}", back.text());
    assert_eq!(
        back.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    // The canonical text reads back to the same records.
    let again = server
        .post("/v1/convert?to=json", "text/plain", back.text())
        .json();
    assert_eq!(again, records);
}

#[test]
fn convert_writes_oware_games_as_ogn() {
    let server = TestServer::start();
    let ogn = record("valid/oware-auale.ogn");
    let as_json = server.post("/v1/convert?to=json", "text/plain", &ogn);
    assert_eq!(as_json.status, 200, "{}", as_json.text());
    let back = server.post("/v1/convert?to=ogn", "application/json", as_json.text());
    assert_eq!(back.status, 200, "{}", back.text());
    assert!(!back.text().is_empty());
}

#[test]
fn convert_errors_say_what_to_fix() {
    let server = TestServer::start();
    let problem = server
        .post("/v1/convert", "text/plain", &record("valid/lessons.songo"))
        .problem(400, "bad-query");
    assert_eq!(problem["parameter"], "to");
    server
        .post("/v1/convert?to=pdf", "text/plain", "")
        .problem(400, "bad-query");
    let problem = server
        .post(
            "/v1/convert?to=json",
            "text/plain",
            &record("broken/syntax.songo"),
        )
        .problem(400, "bad-record");
    assert_eq!(problem["rule"], "syntax");
    assert!(problem["line"].is_number() && problem["column"].is_number());
    insta::assert_json_snapshot!(problem);
}

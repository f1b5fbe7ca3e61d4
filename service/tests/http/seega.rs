//! Seega through the HTTP API: positions in Seega's forms, play and moves
//! in Seega's shapes, illegal moves as problems naming their rule, Seega
//! records validated.

use serde_json::json;

use crate::TestServer;

const TRIPLE: &str = "seega:..S../..N../.S.NS/..N../..S.N:S:movement:0-0:8-8";
const AFTER_A_PASS: &str = "seega:....N/...../...../N..../SN...:N:movement:0-0:9-11:passed";

#[test]
fn positions_reads_a_seega_diagram_and_renders_it() {
    let server = TestServer::start();
    let diagram = "5 N N . N N\n4 N N N N N\n3 S N . S S\n2 S S S S S\n1 S S S N S\n  a b c d e\n";
    let reply = server.post("/v1/positions?render=svg", "text/plain", diagram);
    let answer = reply.ok();
    assert_eq!(
        answer["compact"],
        "seega:NN.NN/NNNNN/SN.SS/SSSSS/SSSNS:S:movement:0-0:0-0"
    );
    assert_eq!(answer["position"]["board"][2], "SN.SS");
    assert_eq!(answer["render"]["media_type"], "image/svg+xml");
    assert!(
        answer["render"]["content"]
            .as_str()
            .unwrap()
            .contains("stronghold")
    );
    let reply = server.post("/v1/positions?render=text", "text/plain", TRIPLE);
    insta::assert_snapshot!(reply.json()["render"]["content"].as_str().unwrap());
}

#[test]
fn positions_reads_seega_json() {
    let server = TestServer::start();
    let body = r#"{"rules": "seega", "board": ["NN.NN", "NNNNN", "SN.SS", "SSSSS", "SSSNS"], "to_move": "north"}"#;
    let reply = server.post("/v1/positions", "application/json", body);
    insta::assert_json_snapshot!(reply.ok());
}

#[test]
fn a_bad_seega_position_is_a_400_with_its_place() {
    let server = TestServer::start();
    let reply = server.post(
        "/v1/positions",
        "text/plain",
        "seega:NN.NN/NNNNN/SN.XS/SSSSS/SSSNS",
    );
    let problem = reply.problem(400, "bad-position");
    assert_eq!(problem["line"], 1);
    assert_eq!(problem["column"], 22);
}

#[test]
fn play_reports_seega_steps() {
    let server = TestServer::start();
    let reply = server.post_json(
        "/v1/play",
        &json!({"position": TRIPLE, "moves": ["b3-c3", "e1-d1"]}),
    );
    let report = reply.ok();
    assert_eq!(report["steps"][0]["captured"], 3);
    assert_eq!(
        report["steps"][0]["captured_squares"],
        json!(["c2", "d3", "c4"])
    );
    insta::assert_json_snapshot!(report);
}

#[test]
fn play_ends_a_seega_game_with_its_victory() {
    let server = TestServer::start();
    let position = json!({"rules": "seega", "board": [".....", ".....", ".....", ".NS..", "S...."],
        "to_move": "south", "captured": {"south": 11, "north": 10}});
    let reply = server.post_json(
        "/v1/play?render=markdown",
        &json!({"position": position, "moves": ["a1-a2"]}),
    );
    let report = reply.ok();
    assert_eq!(
        report["game_over"],
        json!({"rule": "seega.end.wipeout", "score": {"south": 2, "north": 0}, "winner": "south", "victory": "total"})
    );
    assert_eq!(report["render"]["media_type"], "text/markdown");
}

#[test]
fn an_illegal_seega_move_is_a_422_naming_its_rule() {
    let server = TestServer::start();
    let start = "seega:...../...../...../...../.....:S:placement:12-12:0-0";
    let reply = server.post_json(
        "/v1/play",
        &json!({"position": start, "moves": ["a1,b1", "c3,e5"]}),
    );
    let problem = reply.problem(422, "illegal-move");
    assert_eq!(problem["rule"], "seega.place.centre");
    assert_eq!(problem["index"], 1);
    assert_eq!(problem["pointer"], "/moves/1");
    assert_eq!(problem["move"], "c3,e5");
    assert_eq!(
        problem["position"]["in_hand"],
        json!({"south": 10, "north": 12})
    );
    let reply = server.post_json("/v1/play", &json!({"position": start, "moves": ["S2"]}));
    let problem = reply.problem(400, "bad-move");
    assert_eq!(problem["pointer"], "/moves/0");
}

#[test]
fn moves_lists_the_duty_to_unblock() {
    let server = TestServer::start();
    let reply = server.post_json("/v1/moves", &json!({"position": AFTER_A_PASS}));
    insta::assert_json_snapshot!(reply.ok());
}

#[test]
fn validate_replays_a_seega_record() {
    let server = TestServer::start();
    let record = std::fs::read_to_string(format!(
        "{}/../fixtures/records/valid/seega-total-victory.songo",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let reply = server.post("/v1/validate", "text/plain", &record);
    let game = &reply.ok()["games"][0];
    assert_eq!(game["valid"], true);
    assert_eq!(game["plies"], 88);
    assert_eq!(
        game["end"],
        json!({"rule": "seega.end.wipeout", "winner": "south", "victory": "total"})
    );
    let broken = "[Rules \"seega\"]\n\n1. a1,b1 a5,b5 2. c3,e1 *\n";
    let reply = server.post("/v1/validate", "text/plain", broken);
    let violation = &reply.json()["games"][0]["violations"][0];
    assert_eq!(violation["rule"], "seega.place.centre");
    assert_eq!(
        (violation["line"].as_u64(), violation["column"].as_u64()),
        (Some(3), Some(19))
    );
}

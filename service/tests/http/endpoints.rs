//! Every endpoint's answer to good input, snapshotted.

use serde_json::json;

use crate::TestServer;

const START: &str = "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S";

#[test]
fn healthz_answers_ok() {
    let server = TestServer::start();
    let reply = server.get("/healthz");
    assert_eq!(reply.ok()["status"], "ok");
}

#[test]
fn rules_lists_every_ruleset_and_rule_id() {
    let server = TestServer::start();
    let reply = server.get("/v1/rules");
    assert_eq!(reply.status, 200);
    let rules = reply.json();
    let listed: Vec<&str> = rules["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(listed, songo_notation::Ruleset::ALL.map(|r| r.id()));
    // Every rule id appears under some ruleset or among the record rules.
    let text = reply.text();
    for rule in songo_notation::RuleId::ALL {
        assert!(text.contains(&format!("\"{}\"", rule.as_str())), "{rule}");
    }
    insta::assert_json_snapshot!(rules);
}

#[test]
fn openapi_is_served_as_json() {
    let server = TestServer::start();
    let reply = server.get("/openapi.json");
    assert_eq!(reply.ok()["openapi"], "3.1.0");
}

#[test]
fn positions_reads_the_compact_notation() {
    let server = TestServer::start();
    let reply = server.post(
        "/v1/positions",
        "text/plain",
        "songo:3,0,1,6,14,5,5/2,10,5,0,13,1,7:0-0:N",
    );
    insta::assert_json_snapshot!(reply.ok());
}

#[test]
fn positions_reads_json_and_yaml_alike() {
    let server = TestServer::start();
    let from_json = server.post(
        "/v1/positions",
        "application/json",
        r#"{"rules": "awale", "north": [4,4,4,4,4,4], "south": [4,4,4,4,4,4]}"#,
    );
    let from_yaml = server.post(
        "/v1/positions",
        "application/yaml",
        "rules: awale\nnorth: [4, 4, 4, 4, 4, 4]\nsouth: [4, 4, 4, 4, 4, 4]\n",
    );
    assert_eq!(from_json.ok(), from_yaml.ok());
    assert_eq!(
        from_json.json()["compact"],
        "awale:4,4,4,4,4,4/4,4,4,4,4,4:0-0:S"
    );
}

#[test]
fn positions_takes_the_ruleset_from_the_query() {
    let server = TestServer::start();
    let reply = server.post(
        "/v1/positions?rules=awale",
        "text/plain",
        "4,4,4,4,4,4/4,4,4,4,4,4",
    );
    assert_eq!(reply.ok()["position"]["rules"], "awale");
}

#[test]
fn positions_renders_a_text_diagram() {
    let server = TestServer::start();
    let reply = server.post("/v1/positions?render=text", "text/plain", START);
    let answer = reply.ok();
    assert_eq!(answer["render"]["format"], "text");
    assert_eq!(answer["render"]["media_type"], "text/plain");
    insta::assert_snapshot!(answer["render"]["content"].as_str().unwrap());
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/../fixtures/positions/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

#[test]
fn positions_reads_a_diagram_pasted_from_the_source() {
    let server = TestServer::start();
    let reply = server.post("/v1/positions", "text/plain", &fixture("capture-ex1.txt"));
    assert_eq!(reply.status, 200, "{}", reply.text());
    assert_eq!(
        reply.json()["compact"],
        "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7:0-0:S"
    );
}

#[test]
fn positions_renders_markdown_and_svg() {
    let server = TestServer::start();
    let reply = server.post("/v1/positions?render=markdown", "text/plain", START);
    let answer = reply.ok();
    assert_eq!(answer["render"]["media_type"], "text/markdown");
    insta::assert_snapshot!("markdown", answer["render"]["content"].as_str().unwrap());
    let reply = server.post("/v1/positions?render=svg", "text/plain", START);
    let answer = reply.ok();
    assert_eq!(answer["render"]["media_type"], "image/svg+xml");
    let svg = answer["render"]["content"].as_str().unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    insta::assert_snapshot!("svg", svg);
}

#[test]
fn positions_letters_awale_houses_as_asked() {
    let server = TestServer::start();
    let text = |letters: &str| {
        let reply = server.post(
            &format!("/v1/positions?render=text&letters={letters}"),
            "text/plain",
            "awale:4,4,4,4,4,4/4,4,4,4,4,4",
        );
        reply.ok()["render"]["content"].as_str().unwrap().to_owned()
    };
    let south_upper = text("south-upper");
    let north_upper = text("north-upper");
    assert!(
        south_upper.contains('A') && south_upper.contains('f'),
        "{south_upper}"
    );
    assert!(
        north_upper.contains('a') && north_upper.contains('F'),
        "{north_upper}"
    );
    assert_ne!(south_upper, north_upper);
}

#[test]
fn play_renders_every_step_when_asked() {
    let server = TestServer::start();
    let body = json!({"position": "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7:0-0:S", "moves": ["S1"]});
    let reply = server.post_json("/v1/play?render=text", &body);
    let answer = reply.ok();
    assert_eq!(answer["steps"][0]["captured"], 6);
    insta::assert_snapshot!(answer["render"]["content"].as_str().unwrap());
    let reply = server.post_json("/v1/play?render=svg", &body);
    assert_eq!(reply.json()["render"]["media_type"], "image/svg+xml");
    // No render asked: the report alone.
    let reply = server.post_json("/v1/play", &body);
    assert!(reply.json().get("render").is_none());
}

#[test]
fn play_reports_every_step() {
    let server = TestServer::start();
    // The first capture example of the Songo rules, a diagram as the source draws it.
    let position = fixture("capture-ex1.txt");
    let reply = server.post_json("/v1/play", &json!({"position": position, "moves": ["S1"]}));
    let report = reply.ok();
    assert_eq!(report["steps"][0]["captured"], 6);
    assert_eq!(report["steps"][0]["captured_houses"], json!(["N1", "N0"]));
    insta::assert_json_snapshot!(report);
}

#[test]
fn play_reads_a_position_string() {
    let server = TestServer::start();
    let reply = server.post_json(
        "/v1/play",
        &json!({"position": "songo:0,0,0,0,0,0,0/16,0,0,23,1,10,1:0-0:S", "moves": ["S3"]}),
    );
    let report = reply.ok();
    assert_eq!(report["steps"][0]["move"], "S3");
    assert_eq!(report["final"]["to_move"], "north");
    assert_eq!(report["game_over"], json!(null));
}

#[test]
fn moves_on_a_finished_game_says_why_it_ended() {
    let server = TestServer::start();
    let reply = server.post_json(
        "/v1/moves",
        &json!({"position": "songo:1,1,1,1,0,0,0/1,1,1,1,1,0,0:30-31:S"}),
    );
    let report = reply.ok();
    assert_eq!(report["legal"], json!([]));
    assert_eq!(report["game_over"]["rule"], "songo.end.few-seeds");
    assert_eq!(report["game_over"]["winner"], json!(null));
}

#[test]
fn play_with_no_moves_reports_the_position() {
    let server = TestServer::start();
    let reply = server.post_json("/v1/play", &json!({"position": START, "moves": []}));
    assert_eq!(reply.ok()["final"]["north"], json!([5, 5, 5, 5, 5, 5, 5]));
}

#[test]
fn moves_lists_legal_and_illegal_moves() {
    let server = TestServer::start();
    let reply = server.post_json(
        "/v1/moves",
        &json!({"position": "songo:0,0,0,0,0,0,0/16,0,0,23,1,10,1:0-0:S"}),
    );
    insta::assert_json_snapshot!(reply.ok());
}

#[test]
fn moves_takes_the_ruleset_from_the_body() {
    let server = TestServer::start();
    let reply = server.post_json(
        "/v1/moves",
        &json!({"position": "4,4,4,4,4,4/4,4,4,4,4,4", "rules": "oware-abapa"}),
    );
    assert_eq!(reply.ok()["legal"], json!(["A", "B", "C", "D", "E", "F"]));
}

//! Every error status: problem+json with a message a developer can act on.

use serde_json::json;

use crate::TestServer;

const START: &str = "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S";

#[test]
fn unknown_route_is_404() {
    let server = TestServer::start();
    let problem = server.get("/v1/nope").problem(404, "not-found");
    insta::assert_json_snapshot!(problem);
    server.get("/v1/play/").problem(404, "not-found");
    server
        .post("/nothing", "text/plain", "")
        .problem(404, "not-found");
}

/// A route's path is taken exactly: with a trailing slash it is no route,
/// for any method (before the route was matched once, GET said 404 and
/// POST was answered).
#[test]
fn a_path_with_a_trailing_slash_is_no_route() {
    let server = TestServer::start();
    let play = json!({"position": START, "moves": ["S2"]});
    assert_eq!(server.post_json("/v1/play", &play).status, 200);
    server
        .post_json("/v1/play/", &play)
        .problem(404, "not-found");
    server.get("/healthz/").problem(404, "not-found");
    server
        .get("/v1/games/0123456789abcdef/")
        .problem(404, "not-found");
}

#[test]
fn wrong_method_is_405_with_allow() {
    let server = TestServer::start();
    let reply = server.get("/v1/play");
    assert_eq!(reply.header("allow"), Some("POST"));
    insta::assert_json_snapshot!(reply.problem(405, "method-not-allowed"));
    let reply = server.post("/healthz", "text/plain", "");
    reply.problem(405, "method-not-allowed");
    assert_eq!(reply.header("allow"), Some("GET"));
    let reply = server.request("DELETE", "/v1/rules", &[], None);
    reply.problem(405, "method-not-allowed");
}

#[test]
fn a_form_body_is_415_and_says_how_to_fix_it() {
    let server = TestServer::start();
    let reply = server.post(
        "/v1/play",
        "application/x-www-form-urlencoded",
        &json!({"position": START, "moves": ["S2"]}).to_string(),
    );
    insta::assert_json_snapshot!(reply.problem(415, "unsupported-media-type"));
    server
        .post("/v1/positions", "application/xml", "<position/>")
        .problem(415, "unsupported-media-type");
}

#[test]
fn malformed_json_is_400_with_line_and_column() {
    let server = TestServer::start();
    let problem = server
        .post(
            "/v1/play",
            "application/json",
            "{\"position\": \"x\",\n  \"moves\": [S2]}",
        )
        .problem(400, "bad-json");
    assert_eq!(
        (problem["line"].clone(), problem["column"].clone()),
        (json!(2), json!(13))
    );
    insta::assert_json_snapshot!(problem);
}

#[test]
fn an_unknown_field_is_400_naming_the_fields() {
    let server = TestServer::start();
    let problem = server
        .post_json("/v1/play", &json!({"position": START, "move": ["S2"]}))
        .problem(400, "bad-json");
    let detail = problem["detail"].as_str().unwrap();
    assert!(detail.contains("unknown field `move`"), "{detail}");
}

#[test]
fn an_unreadable_position_is_400_pointing_into_the_body() {
    let server = TestServer::start();
    let body =
        "{\"moves\": [],\n \"position\": {\"north\": [1, 2], \"south\": [1, 2, 3, 4, 5, 6, 7]}}";
    let problem = server
        .post("/v1/play", "application/json", body)
        .problem(400, "bad-position");
    assert_eq!(problem["pointer"], "/position");
    assert_eq!(problem["line"], 2);
    insta::assert_json_snapshot!(problem);
    // A position string: the column is the body's (`{"position":"songo:5,5,5,5,x`).
    let problem = server
        .post_json(
            "/v1/moves",
            &json!({"position": "songo:5,5,5,5,x,5,5/5,5,5,5,5,5,5"}),
        )
        .problem(400, "bad-position");
    assert_eq!(
        (problem["line"].clone(), problem["column"].clone()),
        (json!(1), json!(28))
    );
    assert!(problem["hint"].is_string());
}

#[test]
fn a_position_that_is_neither_object_nor_string_is_400() {
    let server = TestServer::start();
    for position in [json!(null), json!(5), json!([5, 5])] {
        let problem = server
            .post_json("/v1/moves", &json!({ "position": position }))
            .problem(400, "bad-json");
        assert_eq!(problem["pointer"], "/position");
        assert_eq!(problem["column"], 13);
    }
}

#[test]
fn positions_errors_point_into_the_text() {
    let server = TestServer::start();
    let problem = server
        .post("/v1/positions", "text/plain", "songo:5,5,5/5,5,5,5,5,5,5")
        .problem(400, "bad-position");
    insta::assert_json_snapshot!(problem);
}

#[test]
fn a_body_that_is_not_utf8_is_400() {
    let server = TestServer::start();
    let reply = server.request(
        "POST",
        "/v1/positions",
        &[("Content-Type", "text/plain")],
        Some(b"songo:5,5\xff"),
    );
    let problem = reply.problem(400, "bad-encoding");
    assert_eq!(problem["column"], 10);
}

#[test]
fn a_bad_query_is_400() {
    let server = TestServer::start();
    let problem = server
        .post("/v1/positions?render=png", "text/plain", START)
        .problem(400, "bad-query");
    assert!(problem["detail"].as_str().unwrap().contains("render=png"));
    let problem = server
        .post("/v1/positions?colour=red", "text/plain", START)
        .problem(400, "bad-query");
    assert!(problem["detail"].as_str().unwrap().contains("`colour`"));
    server.get("/healthz?verbose=1").problem(400, "bad-query");
}

/// A parameter given twice: every value is read (the first that does not
/// read is refused), the last counts, and a list's values add up.
#[test]
fn a_repeated_parameter_is_read_every_time() {
    let server = TestServer::start();
    let problem = server
        .post("/v1/positions?render=png&render=svg", "text/plain", START)
        .problem(400, "bad-query");
    assert!(problem["detail"].as_str().unwrap().contains("render=png"));
    let last = server.post("/v1/positions?render=svg&render=text", "text/plain", START);
    assert_eq!(last.ok()["render"]["format"], "text");
    // A mark of the first `highlight` that is no house: both were read.
    let problem = server
        .post(
            "/v1/positions?render=svg&highlight=S9&highlight=S4",
            "text/plain",
            START,
        )
        .problem(400, "bad-query");
    assert_eq!(problem["parameter"], "highlight");
    assert!(
        problem["detail"].as_str().unwrap().contains("S9"),
        "{problem}"
    );
}

#[test]
fn brackets_nested_too_deep_are_400_at_once() {
    let server = TestServer::start();
    let body = format!("{{\"north\": {}", "[".repeat(1_000_000));
    let problem = server
        .post("/v1/positions", "application/json", &body)
        .problem(400, "bad-json");
    assert_eq!(
        (problem["line"].clone(), problem["column"].clone()),
        (json!(1), json!(74))
    );
    // Brackets inside strings do not count.
    let tag = format!("[[{}", "[".repeat(100));
    server
        .post_json("/v1/play", &json!({"position": START, "moves": [tag]}))
        .problem(400, "bad-move");
}

#[test]
fn records_may_nest_deeper_than_positions_but_not_without_bound() {
    let server = TestServer::start();
    // 100 brackets: too deep for a position, within a record's limit, so
    // the body reaches the record reader (and is no record).
    let body = "[".repeat(100);
    let problem = server
        .post("/v1/validate", "application/json", &body)
        .problem(400, "bad-record");
    assert!(
        !problem["detail"]
            .as_str()
            .unwrap()
            .contains("nests brackets")
    );
    let problem = server
        .post("/v1/validate", "application/json", &"[".repeat(1_000_000))
        .problem(400, "bad-json");
    assert_eq!(problem["column"], json!(137));
}

#[test]
fn a_move_that_is_no_house_is_400() {
    let server = TestServer::start();
    let problem = server
        .post_json(
            "/v1/play",
            &json!({"position": START, "moves": ["S2", "X9"]}),
        )
        .problem(400, "bad-move");
    assert_eq!(problem["pointer"], "/moves/1");
    insta::assert_json_snapshot!(problem);
}

#[test]
fn an_unknown_ruleset_is_422_wherever_it_is_named() {
    let server = TestServer::start();
    let problem = server
        .post("/v1/positions?rules=chess", "text/plain", START)
        .problem(422, "unknown-ruleset");
    insta::assert_json_snapshot!(problem);
    server
        .post_json("/v1/moves", &json!({"position": START, "rules": "go"}))
        .problem(422, "unknown-ruleset");
    server
        .post_json(
            "/v1/moves",
            &json!({"position": {"rules": "chess", "north": [1], "south": [1]}}),
        )
        .problem(422, "unknown-ruleset");
    server
        .post(
            "/v1/positions",
            "text/plain",
            "chess:5,5,5,5,5,5,5/5,5,5,5,5,5,5",
        )
        .problem(422, "unknown-ruleset");
}

#[test]
fn an_illegal_move_is_422_naming_the_rule() {
    let server = TestServer::start();
    // S0 holding 1 seed is South's exit house: songo.exit forbids it.
    let problem = server
        .post_json(
            "/v1/play",
            &json!({"position": "songo:5,5,5,5,5,5,5/1,5,5,5,5,5,5:0-0:S", "moves": ["S0"]}),
        )
        .problem(422, "illegal-move");
    assert_eq!(problem["rule"], "songo.exit");
    assert_eq!(problem["move"], "S0");
    insta::assert_json_snapshot!(problem);
    let problem = server
        .post_json(
            "/v1/play",
            &json!({"position": START, "moves": ["S2", "S3"]}),
        )
        .problem(422, "illegal-move");
    assert_eq!(problem["index"], 1);
    assert_eq!(
        problem["legal"],
        json!(["N0", "N1", "N2", "N3", "N4", "N5", "N6"])
    );
}

#[test]
fn playing_on_a_finished_game_is_422_naming_the_end_rule() {
    let server = TestServer::start();
    let problem = server
        .post_json(
            "/v1/play",
            &json!({"position": "songo:1,1,1,1,0,0,0/1,1,1,1,1,0,0:30-31:S", "moves": ["S1"]}),
        )
        .problem(422, "illegal-move");
    assert_eq!(problem["rule"], "songo.end.few-seeds");
    assert_eq!(problem["legal"], json!([]));
}

#[test]
fn a_panic_is_500_and_the_server_goes_on() {
    let server = TestServer::start();
    let problem = server.get("/debug/panic").problem(500, "internal");
    insta::assert_json_snapshot!(problem);
    assert_eq!(server.get("/healthz").status, 200);
    server.get("/debug/panic").problem(500, "internal");
    assert_eq!(server.get("/healthz").status, 200);
}

#[test]
fn debug_routes_are_off_by_default() {
    let server = TestServer::with(songo_service::Config::default());
    server.get("/debug/panic").problem(404, "not-found");
}

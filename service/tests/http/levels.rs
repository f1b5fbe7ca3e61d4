//! `POST /v1/move?level=`: the move of the engine's player of a level, the
//! same for the same request, and the problems of a bad level, seed or
//! position.

use serde_json::json;

use crate::TestServer;

/// The board before the escale text's third capture example: S5's grenier
/// takes eleven.
const GRENIER: &str = "songo:0,1,0,2,8,5,10/1,7,0,0,1,17,7:0-0:S";

#[test]
fn move_answers_the_level_s_choice_and_the_same_one_again() {
    let server = TestServer::start();
    let body = json!({"position": GRENIER});
    let strong = server.post_json("/v1/move?level=6", &body).ok();
    assert_eq!(strong["move"], "S5");
    assert_eq!(strong["level"], 6);
    assert_eq!(strong["seed"], 0);
    assert!(strong["nodes"].as_u64().is_some_and(|nodes| nodes > 0));
    assert_eq!(strong["game_over"], serde_json::Value::Null);
    let weak = server.post_json("/v1/move?level=1&seed=5", &body).ok();
    assert_eq!(weak["seed"], 5);
    assert!(
        weak["move"]
            .as_str()
            .is_some_and(|name| name.starts_with('S'))
    );
    assert_eq!(
        server.post_json("/v1/move?level=1&seed=5", &body).ok(),
        weak
    );
    let over = json!({"position": "songo:0,0,0,0,0,0,1/0,0,0,0,0,0,1:40-28:S"});
    let finished = server.post_json("/v1/move?level=3", &over).ok();
    assert_eq!(finished["move"], serde_json::Value::Null);
    assert!(finished["game_over"]["rule"].is_string());
}

#[test]
fn move_refuses_a_bad_level_seed_or_position() {
    let server = TestServer::start();
    let body = json!({"position": GRENIER});
    for query in ["level=0", "level=9", "level=two", "level=3&seed=-1"] {
        let reply = server.post_json(&format!("/v1/move?{query}"), &body);
        let problem = reply.problem(400, "bad-query");
        let parameter = query.rsplit('&').next().and_then(|p| p.split('=').next());
        assert_eq!(problem["parameter"].as_str(), parameter, "{query}");
    }
    let missing = server
        .post_json("/v1/move", &body)
        .problem(400, "bad-query");
    assert_eq!(missing["parameter"], "level");
    server
        .post_json("/v1/move?level=2&depth=3", &body)
        .problem(400, "bad-query");
    let seega = server.post_json(
        "/v1/move?level=2",
        &json!({"position": "seega:xxxxx/xxxxx/xx.oo/ooooo/ooooo:N"}),
    );
    assert_eq!(seega.problem(400, "bad-position")["pointer"], "/position");
}

//! The API in French: `?lang=fr` or `Accept-Language: fr` gives every
//! answer's words in French (problem titles, details and hints, rule
//! sentences, moves' messages, renderings, validation), says so in
//! `Content-Language`, and varies on `Accept-Language`.

use serde_json::json;

use crate::{Reply, TestServer};

const START: &str = "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S";

/// A POST with a JSON body, the client preferring French.
fn post_french(server: &TestServer, path: &str, body: &serde_json::Value) -> Reply {
    let body = body.to_string();
    server.request(
        "POST",
        path,
        &[
            ("Content-Type", "application/json"),
            ("Accept-Language", "fr-CA,fr;q=0.9,en;q=0.5"),
        ],
        Some(body.as_bytes()),
    )
}

/// The answer is in French and says so.
fn french(reply: &Reply) {
    assert_eq!(reply.header("content-language"), Some("fr"), "{reply:?}");
    assert!(
        reply
            .header("vary")
            .is_some_and(|vary| vary.eq_ignore_ascii_case("accept-language")),
        "{reply:?}"
    );
}

#[test]
fn every_answer_says_its_language() {
    let server = TestServer::start();
    let english = server.get("/healthz");
    assert_eq!(english.header("content-language"), Some("en"));
    french(&server.get("/healthz?lang=fr"));
    // The OpenAPI document is English whatever the request asks.
    let openapi = server.get("/openapi.json?lang=fr");
    assert_eq!(openapi.header("content-language"), Some("en"));
}

#[test]
fn lang_wins_over_accept_language_and_quality_decides_between_headers() {
    let server = TestServer::start();
    let rules = |path: &str, language: &str| {
        let reply = server.request("GET", path, &[("Accept-Language", language)], None);
        assert_eq!(reply.status, 200);
        reply
    };
    let reply = rules("/v1/rules?lang=en", "fr");
    assert_eq!(reply.header("content-language"), Some("en"));
    let reply = rules("/v1/rules", "de, en;q=0.5, fr;q=0.7");
    french(&reply);
    let reply = rules("/v1/rules", "de");
    assert_eq!(reply.header("content-language"), Some("en"));
}

#[test]
fn an_unknown_lang_is_400_in_english() {
    let server = TestServer::start();
    let reply = server.get("/v1/rules?lang=de");
    assert_eq!(reply.header("content-language"), Some("en"));
    insta::assert_json_snapshot!(reply.problem(400, "bad-query"));
}

#[test]
fn rules_in_french() {
    let server = TestServer::start();
    let reply = server.get("/v1/rules?lang=fr");
    french(&reply);
    insta::assert_json_snapshot!(reply.ok());
}

#[test]
fn positions_in_french() {
    let server = TestServer::start();
    let reply = server.post(
        "/v1/positions?render=text&lang=fr",
        "text/plain",
        "songo:3,0,1,6,14,5,5/2,10,5,0,13,1,7:0-0:N",
    );
    french(&reply);
    insta::assert_json_snapshot!(reply.ok());
}

#[test]
fn a_position_error_in_french() {
    let server = TestServer::start();
    let reply = server.post(
        "/v1/positions?lang=fr",
        "text/plain",
        "songo:5,5,5,1x0,5,5,5/5,5,5,5,5,5,5",
    );
    french(&reply);
    insta::assert_json_snapshot!(reply.problem(400, "bad-position"));
}

#[test]
fn play_in_french() {
    let server = TestServer::start();
    let reply = post_french(
        &server,
        "/v1/play?render=markdown",
        &json!({"position": "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7", "moves": ["S1"]}),
    );
    french(&reply);
    insta::assert_json_snapshot!(reply.ok());
}

#[test]
fn an_illegal_move_in_french() {
    let server = TestServer::start();
    let reply = post_french(
        &server,
        "/v1/play",
        &json!({"position": START, "moves": ["S2", "S3"]}),
    );
    french(&reply);
    insta::assert_json_snapshot!(reply.problem(422, "illegal-move"));
}

#[test]
fn moves_in_french() {
    let server = TestServer::start();
    let reply = post_french(
        &server,
        "/v1/moves",
        &json!({"position": "songo:0,0,0,0,0,0,0/16,0,0,23,1,10,1:0-0:S"}),
    );
    french(&reply);
    insta::assert_json_snapshot!(reply.ok());
}

#[test]
fn validate_in_french() {
    let server = TestServer::start();
    let reply = server.request(
        "POST",
        "/v1/validate",
        &[("Content-Type", "text/plain"), ("Accept-Language", "fr")],
        Some(b"[Rules \"songo\"]\n\n1. S0 *\n"),
    );
    french(&reply);
    insta::assert_json_snapshot!(reply.ok());
}

#[test]
fn convert_in_french() {
    let server = TestServer::start();
    let reply = server.request(
        "POST",
        "/v1/convert?to=json&lang=fr",
        &[("Content-Type", "text/plain")],
        Some(b"[Rules \"songo\"]\n\n1. S2 ) *\n"),
    );
    french(&reply);
    insta::assert_json_snapshot!(reply.problem(400, "bad-record"));
}

#[test]
fn routing_errors_in_french() {
    let server = TestServer::start();
    let reply = server.get("/v1/nope?lang=fr");
    french(&reply);
    insta::assert_json_snapshot!(reply.problem(404, "not-found"));
    let reply = server.request("GET", "/v1/play", &[("Accept-Language", "fr")], None);
    french(&reply);
    insta::assert_json_snapshot!(reply.problem(405, "method-not-allowed"));
}

#[test]
fn healthz_in_french() {
    let server = TestServer::start();
    let reply = server.get("/healthz?lang=fr");
    french(&reply);
    insta::assert_json_snapshot!(reply.ok());
}

#[test]
fn openapi_json_in_french() {
    // The OpenAPI document is the interface, in English; an unknown
    // parameter is refused in French.
    let server = TestServer::start();
    let reply = server.get("/openapi.json?lang=fr&verbose=1");
    french(&reply);
    insta::assert_json_snapshot!(reply.problem(400, "bad-query"));
}

#[test]
fn page_in_french() {
    let server = TestServer::start();
    let reply = server.request("GET", "/", &[("Accept-Language", "fr")], None);
    assert_eq!(reply.status, 200);
    // The page is one document for every language: it asks for its words
    // (GET /v1/messages) in the browser's.
    insta::assert_snapshot!(
        reply
            .text()
            .lines()
            .filter(|line| line.contains("<html") || line.contains("<title"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn messages_in_french() {
    let server = TestServer::start();
    let reply = server.request("GET", "/v1/messages", &[("Accept-Language", "fr")], None);
    french(&reply);
    let messages = reply.ok();
    assert_eq!(messages["lang"], "fr");
    insta::assert_json_snapshot!(messages["messages"]["page-title"]);
}

#[test]
fn positions_compact_svg_in_french() {
    let server = TestServer::start();
    let reply = server.get("/v1/positions/songo:3,1,1,10,1,5,0%2F2,3,5,0,1,1,7.svg?lang=fr");
    french(&reply);
    assert_eq!(reply.status, 200);
    let svg = reply.text();
    assert!(svg.contains(">Sud au trait<"), "{svg}");
    insta::assert_snapshot!(svg);
}

#[test]
fn explain_in_french() {
    let server = TestServer::start();
    let reply = post_french(
        &server,
        "/v1/explain?render=text",
        &json!({"position": "songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1"}),
    );
    french(&reply);
    insta::assert_json_snapshot!(reply.ok()["render"]);
    let svg = post_french(
        &server,
        "/v1/explain?render=svg",
        &json!({"position": "songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1"}),
    );
    let content = svg.ok()["render"]["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(content.contains(">Sud au trait<"), "{content}");
    let refused = post_french(
        &server,
        "/v1/explain?terms=bidon",
        &json!({"position": START}),
    );
    insta::assert_json_snapshot!(refused.problem(400, "bad-query"));
}

#[test]
fn annotate_in_french() {
    let server = TestServer::start();
    let reply = server.request(
        "POST",
        "/v1/annotate",
        &[("Content-Type", "text/plain"), ("Accept-Language", "fr")],
        Some(b"[Rules \"songo\"]\n\n1. S2 N4 2. S5 N1 3. S0 *\n"),
    );
    french(&reply);
    insta::assert_json_snapshot!(reply.ok()["record"]);
}

#[test]
fn analyse_in_french() {
    let server = TestServer::start();
    let reply = post_french(
        &server,
        "/v1/analyse",
        &json!({"position": "seega:..S../...../..S.S/...../..S.N:N"}),
    );
    french(&reply);
    insta::assert_json_snapshot!(reply.problem(400, "bad-position"));
    let reply = post_french(
        &server,
        "/v1/analyse",
        &json!({"position": START, "depth": 0}),
    );
    insta::assert_json_snapshot!(reply.problem(400, "bad-json"));
}

#[test]
fn lessons_check_in_french() {
    let server = TestServer::start();
    let lesson = "```songo\nposition: songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7\nplay: S1\nexpect: S1 captures 5\n```\n";
    let reply = server.post("/v1/lessons/check?lang=fr", "text/plain", lesson);
    french(&reply);
    insta::assert_json_snapshot!(reply.ok()["problems"]);
}

#[test]
fn lessons_render_in_french() {
    let server = TestServer::start();
    let lesson =
        "# Une prise\n\n```songo\nposition: songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7\nplay: S1\n```\n";
    let reply = server.post(
        "/v1/lessons/render?lang=fr&to=markdown",
        "text/plain",
        lesson,
    );
    french(&reply);
    let answer = reply.ok();
    insta::assert_snapshot!(answer["markdown"].as_str().unwrap_or_default());
    let pictures = answer["images"].as_array().cloned().unwrap_or_default();
    assert!(
        pictures.iter().any(|picture| picture["svg"]
            .as_str()
            .is_some_and(|svg| svg.contains(">Sud<"))),
        "{pictures:?}"
    );
}

/// Every route of `ROUTES` has a French snapshot here: a test named after
/// its path (`/v1/lessons/check` → `lessons_check_in_french`, `/` →
/// `page_in_french`). A new route adds one; see docs/i18n.md.
#[test]
fn every_route_has_a_french_snapshot() {
    let snapshots: Vec<String> = std::fs::read_dir("tests/http/snapshots")
        .expect("the snapshots are there")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .collect();
    let missing: Vec<String> = songo_service::ROUTES
        .iter()
        .map(|route| test_name(route.path))
        .filter(|test| {
            let exact = format!("http__french__{test}.snap");
            let numbered = format!("http__french__{test}-");
            !snapshots
                .iter()
                .any(|name| *name == exact || name.starts_with(&numbered))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "no French snapshot test for {missing:?} in service/tests/http/french.rs"
    );
}

/// The French test of a route's path.
fn test_name(path: &str) -> String {
    let words: Vec<&str> = path
        .trim_start_matches("/v1")
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .collect();
    if words.is_empty() {
        "page_in_french".to_owned()
    } else {
        format!("{}_in_french", words.join("_"))
    }
}

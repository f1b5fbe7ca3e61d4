//! `POST /v1/explain`, `POST /v1/annotate`, what `/v1/moves` says of each
//! move, and the marks drawn by hand and the layout of the pictures.

use serde_json::json;

use crate::TestServer;

const YINDA: &str = "songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1";
const DOUBLE: &str = "songo:0,1,1,0,6,0,0/2,4,0,0,1,5,1";

#[test]
fn explain_answers_the_explain_report() {
    let server = TestServer::start();
    let reply = server.post_json(
        "/v1/explain",
        &json!({"position": YINDA, "to_move": "north"}),
    );
    let report = reply.ok();
    // North's N1 is a yinda: S4's capture drops from 11 to 2.
    assert_eq!(report["defences"][0]["move"], "N1");
    assert_eq!(report["defences"][0]["kind"], "yinda");
    assert_eq!(report["defences"][0]["after"], 2);
    assert_eq!(report["greniers"][0]["captures"], 11);
    insta::assert_json_snapshot!(report);
}

#[test]
fn explain_speaks_the_language_asked_for() {
    let server = TestServer::start();
    let body = json!({"position": DOUBLE}).to_string();
    let by_query = server.post("/v1/explain?render=text&lang=fr", "application/json", &body);
    assert_eq!(by_query.header("content-language"), Some("fr"));
    insta::assert_snapshot!(by_query.ok()["render"]["content"].as_str().unwrap());
    let by_header = server.request(
        "POST",
        "/v1/explain?render=markdown",
        &[
            ("Content-Type", "application/json"),
            ("Accept-Language", "fr-CA, en;q=0.5"),
        ],
        Some(body.as_bytes()),
    );
    assert_eq!(by_header.header("content-language"), Some("fr"));
    assert!(
        by_header.ok()["render"]["content"]
            .as_str()
            .unwrap()
            .starts_with("## Menaces")
    );
}

#[test]
fn explain_draws_the_board_with_marks_by_hand() {
    let server = TestServer::start();
    let reply = server.post_json(
        "/v1/explain?render=svg&highlight=N2&arrow=S4:N3",
        &json!({"position": YINDA, "to_move": "north"}),
    );
    let answer = reply.ok();
    assert_eq!(answer["render"]["media_type"], "image/svg+xml");
    insta::assert_snapshot!(answer["render"]["content"].as_str().unwrap());
}

#[test]
fn explain_refuses_what_it_cannot_read() {
    let server = TestServer::start();
    let bad_mark = server.post_json(
        "/v1/explain?render=svg&highlight=S9",
        &json!({"position": YINDA}),
    );
    assert_eq!(bad_mark.status, 400);
    assert_eq!(bad_mark.json()["parameter"], "highlight");
    let bad_lang = server.post_json("/v1/explain?lang=de", &json!({"position": YINDA}));
    assert_eq!(bad_lang.status, 400);
    assert_eq!(bad_lang.json()["parameter"], "lang");
    let bad_side = server.post_json(
        "/v1/explain",
        &json!({"position": YINDA, "to_move": "east"}),
    );
    assert_eq!(bad_side.status, 400);
    let placing = server.post_json(
        "/v1/explain",
        &json!({"position": "seega:...../...../...../...../.....:S:placement:12-0", "to_move": "north"}),
    );
    assert_eq!(placing.status, 400);
    assert_eq!(placing.json()["pointer"], "/to_move");
}

#[test]
fn explain_a_seega_position() {
    let server = TestServer::start();
    let reply = server.post_json(
        "/v1/explain?render=svg",
        &json!({"position": "seega:...../...../...S./..N../..S..:N"}),
    );
    let answer = reply.ok();
    assert_eq!(answer["threats"][0]["square"], "c2");
    assert!(
        answer["render"]["content"]
            .as_str()
            .unwrap()
            .contains("class=\"ring threat\" data-at=\"c2\"")
    );
}

#[test]
fn moves_say_what_each_legal_move_does() {
    let server = TestServer::start();
    let reply = server.post_json(
        "/v1/moves",
        &json!({"position": "songo:0,0,2,0,6,0,0/1,4,0,3,1,5,1"}),
    );
    let answer = reply.ok();
    let effects = answer["effects"].as_array().unwrap();
    assert_eq!(effects.len(), answer["legal"].as_array().unwrap().len());
    assert_eq!(effects[0]["move"], "S1");
    assert_eq!(effects[0]["exposure"]["answer"], "ignores");
    assert_eq!(effects[1]["exposure"]["defence"], "evasion");
}

#[test]
fn play_draws_its_boards_in_a_column_with_marks_by_hand() {
    let server = TestServer::start();
    let reply = server.post_json(
        "/v1/play?render=svg&layout=vertical&highlight=S4",
        &json!({"position": YINDA, "moves": ["S4"]}),
    );
    let svg = reply.ok()["render"]["content"].as_str().unwrap().to_owned();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"624\""));
    assert_eq!(svg.matches("class=\"ring hand\" data-at=\"S4\"").count(), 3);
    assert!(svg.contains("<g class=\"path\" data-laps=\"2\">"));
    let bad = server.post_json(
        "/v1/play?render=svg&layout=diagonal",
        &json!({"position": YINDA, "moves": ["S4"]}),
    );
    assert_eq!(bad.json()["parameter"], "layout");
}

#[test]
fn positions_draw_marks_by_hand() {
    let server = TestServer::start();
    let reply = server.post(
        "/v1/positions?render=svg&arrow=S1:N2,N4:S3",
        "text/plain",
        "songo:0,0,2,0,6,0,0/1,4,0,3,1,5,1",
    );
    let svg = reply.ok()["render"]["content"].as_str().unwrap().to_owned();
    assert!(svg.contains("<g class=\"arrow hand\" data-from=\"S1\" data-to=\"N2\""));
    assert!(svg.contains("<g class=\"arrow hand\" data-from=\"N4\" data-to=\"S3\""));
}

/// The escale text's simple threat and the line it goes on with.
const LINE: &str = "[Rules \"songo\"]\n[SetUp \"fragment\"]\n[Position \"songo:0,0,2,0,6,0,0/1,4,0,3,1,5,1:0-0:S\"]\n\n1. S1 N4 *\n";

#[test]
fn annotate_writes_the_record_back_with_comments() {
    let server = TestServer::start();
    let reply = server.post("/v1/annotate", "text/plain", LINE);
    assert_eq!(reply.header("content-language"), Some("en"));
    insta::assert_json_snapshot!(reply.ok());
    let french = server.post("/v1/annotate?lang=fr", "text/plain", LINE);
    assert!(
        french.ok()["record"]
            .as_str()
            .unwrap()
            .contains("{Sud laisse subsister la menace de N4 (6 graines)\u{a0};")
    );
}

#[test]
fn annotate_reads_records_as_json_too() {
    let server = TestServer::start();
    let records = server
        .post("/v1/convert?to=json", "text/plain", LINE)
        .json();
    let reply = server.post("/v1/annotate", "application/json", &records.to_string());
    let text = server.post("/v1/annotate", "text/plain", LINE);
    assert_eq!(reply.ok(), text.ok());
}

#[test]
fn annotate_stops_at_an_illegal_move_and_refuses_a_bad_record() {
    let server = TestServer::start();
    let reply = server.post(
        "/v1/annotate",
        "text/plain",
        "[Rules \"songo\"]\n\n1. S2 N4 2. S2 N3 *\n",
    );
    let answer = reply.ok();
    assert_eq!(answer["games"][0]["stopped"]["ply"], 3);
    assert_eq!(answer["games"][0]["stopped"]["rule"], "songo.sow");
    let bad = server.post(
        "/v1/annotate",
        "text/plain",
        "[Rules \"songo\"]\n\n1. S2 ) *\n",
    );
    assert_eq!(bad.status, 400);
    assert_eq!(bad.json()["line"], 3);
}

#[test]
fn explain_keeps_only_the_terms_asked_for() {
    let server = TestServer::start();
    let body = json!({"position": YINDA, "to_move": "north"});
    let answer = server
        .post_json(
            "/v1/explain?terms=teach.grenier,teach.yinda&render=svg&hooks=true",
            &body,
        )
        .ok();
    assert_eq!(answer["threats"], json!([]));
    assert_eq!(answer["double_threats"], json!([]));
    assert_eq!(answer["greniers"][0]["house"], "S4");
    assert_eq!(answer["defences"][0]["kind"], "yinda");
    let picture = answer["render"]["content"].as_str().unwrap();
    assert!(!picture.contains("class=\"arrow threat\""), "{picture}");
    assert!(picture.contains("<g class=\"grenier\" data-at=\"S4\">"));
    // The hooks the web page needs are there too.
    assert_eq!(picture.matches("<g data-house=").count(), 14);
    // Every term: the threat's arrow is drawn.
    let all = server.post_json("/v1/explain?render=svg", &body).ok();
    let picture = all["render"]["content"].as_str().unwrap();
    assert!(picture.contains("class=\"arrow threat\""));
    assert!(!picture.contains("data-house"));
    // A term that is no teach.* id is the query's fault, named.
    let refused = server.post_json("/v1/explain?terms=teach.threats", &body);
    assert_eq!(refused.status, 400);
    assert_eq!(refused.json()["parameter"], "terms");
}

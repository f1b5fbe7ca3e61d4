//! `POST /v1/exercises` and `GET /v1/exercises`: the finder over HTTP,
//! its filters read, its bad values refused.

use crate::TestServer;

fn games() -> String {
    std::fs::read_to_string(format!(
        "{}/../fixtures/records/engine/exercises-games.songo",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the games fixture")
}

#[test]
fn post_finds_the_exercises_of_the_records() {
    let server = TestServer::start();
    let reply = server.post("/v1/exercises?count=3", "text/plain", &games());
    let answer = reply.ok();
    let exercises = answer["exercises"].as_array().unwrap();
    assert!(!exercises.is_empty() && exercises.len() <= 3);
    assert_eq!(answer["summary"]["games"], 3);
    assert_eq!(
        (answer["depth"].as_u64(), answer["proof_depth"].as_u64()),
        (Some(4), Some(10))
    );
    for exercise in exercises {
        assert!(exercise["motif"].as_str().unwrap().starts_with("teach."));
        assert_eq!(exercise["line"][0], exercise["solution"]);
    }
}

#[test]
fn post_filters_by_motif_and_writes_records() {
    let server = TestServer::start();
    let reply = server.post(
        "/v1/exercises?motif=grenier&format=record&lang=fr",
        "text/plain",
        &games(),
    );
    let text = reply.text();
    assert!(text.contains("[Motif \"teach.grenier\"]"), "{text}");
    assert!(!text.contains("[Motif \"teach.defence\"]"));
    assert!(text.contains("Exercice 1"));
}

#[test]
fn bad_filters_are_refused_with_the_parameter() {
    let server = TestServer::start();
    for query in [
        "motif=fork",
        "difficulty=9",
        "depth=30",
        "count=0",
        "format=pdf",
    ] {
        let reply = server.post(&format!("/v1/exercises?{query}"), "text/plain", "*");
        assert_eq!(reply.status, 400, "{query}");
    }
}

#[test]
fn get_without_an_archive_says_so() {
    let server = TestServer::start();
    let reply = server.get("/v1/exercises");
    assert_eq!(reply.status, 503);
}

//! Classes over HTTP, on both backends: a teacher's class made with a
//! write token, a set assigned, two students joined by the code (a key
//! each), their answers kept and judged, the teacher's report; a read
//! token, another teacher, a wrong key, hostile text, and an address that
//! tries too many codes.

use serde_json::{Value, json};
use songo_service::ArchiveConfig;
use songo_service::archive::{Archive, Location, Scope, Token};

use crate::archive::{postgres_location, scratch_dir};
use crate::{Reply, TestServer};

/// Two exercises in the page's link form.
pub(crate) const SET: [&str; 2] = [
    "songo:0,0,1,1,17,15,10/0,9,9,2,0,0,0:4-2:S~S1_N3_S3~yinda~2~20~0~10",
    "songo:3,0,1,6,14,5,5/2,10,5,0,13,1,7:0-0:N~N4~grenier~1~5~1~4~3",
];

/// A server on `location` and the tokens of two teachers and a reader.
fn server(location: &Location) -> (TestServer, [String; 3]) {
    let mut archive = Archive::open(location).expect("the archive opens");
    let mut token = |name: &str, scope: Scope, club: Option<&str>| {
        archive
            .add_account(name, scope, club)
            .expect("an account")
            .token
    };
    let tokens = [
        token("ada", Scope::Write, Some("École A")),
        token("other", Scope::Write, Some("École B")),
        token("reader", Scope::Read, None),
    ];
    let server = TestServer::with(songo_service::Config {
        archive: Some(ArchiveConfig {
            location: location.clone(),
            token: Token::new("s3cret"),
            private: false,
        }),
        ..songo_service::Config::default()
    });
    (server, tokens)
}

fn send(
    server: &TestServer,
    method: &str,
    path: &str,
    bearer: &str,
    body: Option<&Value>,
) -> Reply {
    let authorization = format!("Bearer {bearer}");
    let mut headers = vec![("Content-Type", "application/json")];
    if !bearer.is_empty() {
        headers.push(("Authorization", authorization.as_str()));
    }
    let body = body.map(Value::to_string);
    server.request(method, path, &headers, body.as_deref().map(str::as_bytes))
}

fn created(reply: &Reply) -> Value {
    assert_eq!(reply.status, 201, "{}", reply.text());
    reply.json()
}

#[test]
fn a_class_is_made_joined_answered_and_reported_on_sqlite() {
    let dir = scratch_dir("classes");
    a_class_is_made_joined_answered_and_reported(&Location::Sqlite(dir.join("a.sqlite")));
}

#[test]
fn a_class_is_made_joined_answered_and_reported_on_postgres() {
    a_class_is_made_joined_answered_and_reported(&postgres_location("classes"));
}

fn a_class_is_made_joined_answered_and_reported(location: &Location) {
    let (server, [ada, other, reader]) = server(location);
    // No token, a read token: no class.
    send(
        &server,
        "POST",
        "/v1/classes",
        "",
        Some(&json!({"name": "CM2"})),
    )
    .problem(401, "unauthorized");
    send(
        &server,
        "POST",
        "/v1/classes",
        &reader,
        Some(&json!({"name": "CM2"})),
    )
    .problem(403, "insufficient-scope");
    let class = created(&send(
        &server,
        "POST",
        "/v1/classes",
        &ada,
        Some(&json!({"name": "CM2 <script>alert(1)</script>"})),
    ));
    let code = class["code"].as_str().unwrap().to_owned();
    assert_eq!(code.len(), 6);
    assert_eq!(class["name"], "CM2 <script>alert(1)</script>");
    let set = created(&send(
        &server,
        "POST",
        &format!("/v1/classes/{code}/sets"),
        &ada,
        Some(&json!({"title": "Greniers", "exercises": SET})),
    ));
    assert_eq!(set["number"], 1);
    // Another teacher's class is none to him.
    send(&server, "GET", &format!("/v1/classes/{code}"), &other, None).problem(404, "not-found");

    // Two students join by the code, no token: a key each.
    let join = |nickname: &str| {
        created(&send(
            &server,
            "POST",
            &format!("/v1/classes/{}/students", code.to_lowercase()),
            "",
            Some(&json!({ "nickname": nickname })),
        ))
    };
    let kofi = join("Kofi")["key"].as_str().unwrap().to_owned();
    let ebo = join("Ébo")["key"].as_str().unwrap().to_owned();
    send(
        &server,
        "POST",
        &format!("/v1/classes/{code}/students"),
        "",
        Some(&json!({"nickname": "KOFI"})),
    )
    .problem(409, "conflict");
    let answer = |key: &str, exercise: u32, played: &str| {
        created(&send(
            &server,
            "POST",
            &format!("/v1/classes/{code}/answers"),
            key,
            Some(&json!({"set": 1, "exercise": exercise, "move": played})),
        ))
    };
    assert_eq!(answer(&kofi, 0, "S1")["correct"], true);
    assert_eq!(answer(&kofi, 1, "N4")["correct"], true);
    let missed = answer(&ebo, 0, "S2");
    assert_eq!(missed["correct"], false);
    assert_eq!(missed["progress"]["standing"], "waiting");
    assert_eq!(answer(&ebo, 0, "S1")["correct"], true);
    // A wrong key is told so.
    send(
        &server,
        "POST",
        &format!("/v1/classes/{code}/answers"),
        "songo_nobody",
        Some(&json!({"set": 1, "exercise": 0, "move": "S1"})),
    )
    .problem(401, "unauthorized");

    the_student_sees_his_work(&server, &code, &ebo);
    the_teacher_sees_who_solved_what(&server, &code, &ada, &other);
    the_teacher_removes_a_student_then_the_class(&server, &code, [&ada, &other, &reader], &kofi);
}

/// Kofi removed (his key then finds nothing), then the class deleted: only
/// by its teacher's write token.
fn the_teacher_removes_a_student_then_the_class(
    server: &TestServer,
    code: &str,
    [ada, other, reader]: [&str; 3],
    kofi: &str,
) {
    let students = format!("/v1/classes/{code}/students");
    let remove = |token: &str, query: &str| {
        send(server, "DELETE", &format!("{students}{query}"), token, None)
    };
    remove(reader, "?nickname=Kofi").problem(403, "insufficient-scope");
    remove(other, "?nickname=Kofi").problem(404, "not-found");
    remove(ada, "").problem(400, "bad-query");
    let missing = remove(ada, "?nickname=Kwame").problem(404, "not-found");
    assert!(missing["detail"].as_str().unwrap().contains("Kwame"));
    let french = remove(ada, "?nickname=Kwame&lang=fr").problem(404, "not-found");
    assert_eq!(
        french["detail"],
        "la classe n’a pas d’élève au pseudo Kwame\u{a0}: vérifiez-le dans les résultats de la classe"
    );
    let removed = remove(ada, "?nickname=kofi");
    assert_eq!(removed.status, 204, "{}", removed.text());
    assert!(removed.text().is_empty());
    send(
        server,
        "GET",
        &format!("/v1/classes/{code}/work"),
        kofi,
        None,
    )
    .problem(401, "unauthorized");
    let report = send(server, "GET", &format!("/v1/classes/{code}"), ada, None).ok();
    assert_eq!(report["student_list"].as_array().unwrap().len(), 1);

    let class = format!("/v1/classes/{code}");
    send(server, "DELETE", &class, other, None).problem(404, "not-found");
    let deleted = send(server, "DELETE", &class, ada, None);
    assert_eq!(deleted.status, 204, "{}", deleted.text());
    send(server, "GET", &class, ada, None).problem(404, "not-found");
    send(server, "DELETE", &class, ada, None).problem(404, "not-found");
    let listed = send(server, "GET", "/v1/classes", ada, None).ok();
    assert_eq!(listed["classes"], json!([]));
}

/// Ébo's work: the set, his two answers to its first exercise.
fn the_student_sees_his_work(server: &TestServer, code: &str, ebo: &str) {
    // The student's work: the sets, his progress.
    let work = send(
        server,
        "GET",
        &format!("/v1/classes/{code}/work"),
        ebo,
        None,
    )
    .ok();
    assert_eq!(work["nickname"], "Ébo");
    assert_eq!(work["sets"][0]["exercises"].as_array().unwrap().len(), 2);
    assert_eq!(work["progress"][0]["attempts"], 2);
    assert_eq!(work["progress"][1]["standing"], "new");
}

/// The teacher's report and list after Kofi's two right answers and Ébo's
/// miss then right answer; another teacher lists nothing.
fn the_teacher_sees_who_solved_what(server: &TestServer, code: &str, ada: &str, other: &str) {
    // The teacher's report: who solved what, at the first try or not.
    let report = send(server, "GET", &format!("/v1/classes/{code}"), ada, None).ok();
    let rows: Vec<(String, Vec<String>)> = report["student_list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let standings = s["progress"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["standing"].as_str().unwrap().to_owned())
                .collect();
            (s["nickname"].as_str().unwrap().to_owned(), standings)
        })
        .collect();
    assert_eq!(
        rows,
        [
            (
                "Kofi".to_owned(),
                vec!["first-try".to_owned(), "first-try".to_owned()]
            ),
            (
                "Ébo".to_owned(),
                vec!["waiting".to_owned(), "new".to_owned()]
            ),
        ]
    );
    let listed = send(server, "GET", "/v1/classes", ada, None).ok();
    assert_eq!(listed["classes"][0]["students"], 2);
    let listed = send(server, "GET", "/v1/classes", other, None).ok();
    assert_eq!(listed["classes"], json!([]));
}

#[test]
fn an_address_that_tries_too_many_codes_waits() {
    let dir = scratch_dir("classes-joins");
    let (server, [ada, ..]) = server(&Location::Sqlite(dir.join("a.sqlite")));
    let class = created(&send(
        &server,
        "POST",
        "/v1/classes",
        &ada,
        Some(&json!({"name": "CM1"})),
    ));
    let code = class["code"].as_str().unwrap();
    let join = |ip: [u8; 4], code: &str, nickname: &str| {
        server.request_from(
            ip,
            "POST",
            &format!("/v1/classes/{code}/students"),
            &[("Content-Type", "application/json")],
            Some(json!({ "nickname": nickname }).to_string().as_bytes()),
        )
    };
    // Ten codes of no class; the eleventh try is refused, even a right code.
    let wrong = if code == "ZZZZZZ" { "YYYYYY" } else { "ZZZZZZ" };
    for n in 0..10 {
        join([127, 0, 0, 3], wrong, &format!("x{n}")).problem(404, "not-found");
    }
    let refused = join([127, 0, 0, 3], code, "Kofi").problem(429, "too-many-requests");
    assert!(refused["detail"].as_str().unwrap().contains("127.0.0.3"));
    // Another address joins; joins that find the class are not counted.
    for n in 0..12 {
        assert_eq!(
            join([127, 0, 0, 4], code, &format!("Élève {n}")).status,
            201
        );
    }
    // Oversized and hostile input: refused with its limit, nothing stored.
    let long = "x".repeat(25);
    join([127, 0, 0, 4], code, &long).problem(400, "bad-request");
    let set = send(
        &server,
        "POST",
        &format!("/v1/classes/{code}/sets"),
        &ada,
        Some(&json!({"title": "x", "exercises": ["<img src=x onerror=alert(1)>~S1"]})),
    )
    .problem(400, "bad-request");
    assert!(set["detail"].as_str().unwrap().contains("exercise 0"));
}

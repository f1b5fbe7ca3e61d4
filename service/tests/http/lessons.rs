//! `POST /v1/lessons/check` and `POST /v1/lessons/render`: the library's
//! check and handouts over HTTP, bounded and escaped.

use crate::TestServer;

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/../fixtures/lessons/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the lesson fixture")
}

#[test]
fn check_answers_the_report_of_the_escale_text() {
    let server = TestServer::start();
    let reply = server.post(
        "/v1/lessons/check",
        "text/plain",
        &fixture("escale-a-jeux.fr.txt"),
    );
    let report = reply.ok();
    assert_eq!(report["diagrams"].as_array().unwrap().len(), 25);
    assert_eq!(report["links"].as_array().unwrap().len(), 8);
    assert_eq!(report["problems"], serde_json::json!([]));
    assert_eq!(reply.header("content-language"), Some("en"));
}

#[test]
fn check_speaks_the_language_asked_for() {
    let server = TestServer::start();
    let lesson =
        "```songo\nposition: songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7\nexpect: S1 captures 7\n```\n";
    let reply = server.request(
        "POST",
        "/v1/lessons/check",
        &[
            ("Content-Type", "text/plain"),
            ("Accept-Language", "fr-FR,fr;q=0.9"),
        ],
        Some(lesson.as_bytes()),
    );
    let report = reply.ok();
    assert_eq!(reply.header("content-language"), Some("fr"));
    let problem = &report["problems"][0];
    assert_eq!(
        (problem["line"].as_u64(), problem["kind"].as_str()),
        (Some(3), Some("expectation"))
    );
    assert_eq!(problem["hint"], "S1 capture 6 graines (N1 N0)");
    let english = server
        .post("/v1/lessons/check?lang=en", "text/plain", lesson)
        .ok();
    assert_eq!(
        english["problems"][0]["hint"],
        "S1 captures 6 seeds (N1 N0)"
    );
}

#[test]
fn render_answers_a_page_that_runs_nothing_and_fetches_nothing() {
    let server = TestServer::start();
    let lesson = "# <script>alert(1)</script>\n\n```songo\ntitle: <img src=x onerror=alert(1)>\nposition: start\nplay: S2\n```\n";
    let reply = server.post("/v1/lessons/render", "text/plain", lesson);
    assert_eq!(reply.status, 200, "{}", reply.text());
    assert_eq!(
        reply.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(
        reply
            .header("content-security-policy")
            .unwrap()
            .starts_with("default-src 'none'")
    );
    assert_eq!(reply.header("songo-lesson-problems"), Some("0"));
    let page = reply.text();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(
        !page.contains("<script") && !page.contains("<img"),
        "{page}"
    );
    assert!(page.contains("&lt;script&gt;") && page.contains("&lt;img src=x"));
    assert_eq!(page.matches("<svg").count(), 2, "before and after the move");
}

#[test]
fn render_to_markdown_answers_the_text_its_pictures_and_the_report() {
    let server = TestServer::start();
    let answer = server
        .post(
            "/v1/lessons/render?to=markdown",
            "text/plain",
            &fixture("sample.md"),
        )
        .ok();
    let images = answer["images"].as_array().unwrap();
    assert!(images.len() > 10);
    let markdown = answer["markdown"].as_str().unwrap();
    for image in images {
        let name = image["name"].as_str().unwrap();
        assert!(markdown.contains(&format!("]({name})")), "{name}");
        assert!(image["svg"].as_str().unwrap().starts_with("<svg"));
    }
    assert_eq!(answer["report"]["problems"], serde_json::json!([]));
}

#[test]
fn an_unreadable_lesson_is_a_problem_with_its_place() {
    let server = TestServer::start();
    let problem = server
        .post(
            "/v1/lessons/check",
            "text/plain",
            "Text.\n\n```songo\nposition: start\nplay: S2 Q9\n```\n",
        )
        .problem(400, "bad-lesson");
    assert_eq!(
        (problem["line"].as_u64(), problem["column"].as_u64()),
        (Some(5), Some(10))
    );
    assert!(problem["hint"].is_string());
    let problem = server
        .request(
            "POST",
            "/v1/lessons/render",
            &[("Content-Type", "text/plain")],
            Some(b"one\ntwo \xff\n"),
        )
        .problem(400, "bad-encoding");
    assert_eq!(
        (problem["line"].as_u64(), problem["column"].as_u64()),
        (Some(2), Some(5))
    );
    server
        .post("/v1/lessons/render?to=pdf", "text/plain", "x")
        .problem(400, "bad-query");
    server
        .post("/v1/lessons/check", "application/json", "{}")
        .problem(415, "unsupported-media-type");
}

#[test]
fn a_lesson_past_the_limits_is_refused() {
    let server = TestServer::start();
    let huge = "a".repeat(songo_notation::lesson::MAX_LESSON_BYTES + 1);
    server
        .post("/v1/lessons/check", "text/plain", &huge)
        .problem(413, "body-too-large");
    let many = "```songo\nposition: start\n```\n".repeat(songo_notation::lesson::MAX_PARTS + 1);
    let problem = server
        .post("/v1/lessons/render", "text/plain", &many)
        .problem(400, "bad-lesson");
    assert_eq!(
        problem["line"].as_u64(),
        Some(3 * songo_notation::lesson::MAX_PARTS as u64 + 1)
    );
}

/// The sample lesson's handout in headless Chromium: every board drawn at a
/// readable size, kept whole across pages, nothing wider than the page,
/// nothing fetched. A screenshot of its first screen is written to
/// `target/tmp/lesson-handout.png`, to look at.
#[test]
fn the_sample_handout_in_a_browser() {
    use crate::webdriver::Browser;
    let server = TestServer::start();
    let reply = server.post("/v1/lessons/render", "text/plain", &fixture("sample.md"));
    assert_eq!(reply.status, 200, "{}", reply.text());
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let page = dir.join("lesson-handout.html");
    std::fs::write(&page, reply.text()).expect("the handout is written");
    let boards = reply.text().matches("<figure class=\"board\">").count();
    assert!(boards >= 15, "{boards} boards");
    // A4 at 96 dpi is 794 px wide: the browser gets a page's width.
    let browser = Browser::start(794, 1123);
    browser.go(&format!("file://{}", page.display()));
    browser.wait_for("the handout", "return document.readyState === 'complete'");
    let facts = browser.run(
        "const figures = [...document.querySelectorAll('figure.board')];
         const widths = figures.map(f => f.querySelector('svg').getBoundingClientRect().width);
         return {
           figures: figures.length,
           narrowest: Math.min(...widths),
           kept_whole: figures.every(f => getComputedStyle(f).breakInside === 'avoid'),
           overflow: document.documentElement.scrollWidth - window.innerWidth,
           fetched: performance.getEntriesByType('resource').length,
           title: document.title,
           lang: document.documentElement.lang,
         };",
        &[],
    );
    assert_eq!(facts["figures"].as_u64(), Some(boards as u64), "{facts}");
    // A board of 7 pits is about 600 px drawn: never shrunk below 250 px.
    assert!(facts["narrowest"].as_f64().unwrap() >= 250.0, "{facts}");
    assert_eq!(facts["kept_whole"], true, "{facts}");
    assert!(facts["overflow"].as_f64().unwrap() <= 0.0, "{facts}");
    assert_eq!(facts["fetched"], 0, "{facts}");
    assert_eq!(facts["title"], "Captures in Songo: a first lesson");
    assert_eq!(facts["lang"], "en");
    browser.screenshot(&dir.join("lesson-handout.png"));
}

//! The web page's files, words and board pictures over HTTP (the browser
//! tests are in `browser.rs`).

use std::path::Path;
use std::process::Command;

use serde_json::json;
use songo_notation::i18n::{Lang, has_message};
use songo_service::{CONTENT_SECURITY_POLICY, Config};

use crate::TestServer;

/// The page's files in the repository.
fn page_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/page"))
}

#[test]
fn every_file_is_served_with_its_type_an_etag_and_the_policy() {
    let server = TestServer::start();
    for path in songo_service::asset_paths() {
        let reply = server.get(path);
        assert_eq!(reply.status, 200, "{path}");
        let kind = reply.header("content-type").unwrap_or_default();
        let expected = match path.rsplit('.').next() {
            Some("js") => "text/javascript; charset=utf-8",
            Some("css") => "text/css; charset=utf-8",
            Some("svg") => "image/svg+xml",
            _ => "text/html; charset=utf-8",
        };
        assert_eq!(kind, expected, "{path}");
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{path}");
        assert_eq!(
            reply.header("content-security-policy"),
            Some(CONTENT_SECURITY_POLICY),
            "{path}"
        );
        let etag = reply.header("etag").expect("an ETag").to_owned();
        let again = server.request("GET", path, &[("If-None-Match", &etag)], None);
        assert_eq!(again.status, 304, "{path}: the browser's copy is fresh");
        assert!(again.body.is_empty());
    }
    assert_eq!(server.get("/index.html").text(), server.get("/").text());
    assert_eq!(server.get("/page/nothing.js").status, 404);
}

#[test]
fn the_policy_forbids_inline_scripts_and_plugins() {
    let policy = CONTENT_SECURITY_POLICY;
    assert!(policy.contains("script-src 'self'"));
    assert!(!policy.contains("unsafe-inline"));
    assert!(!policy.contains("unsafe-eval"));
    assert!(policy.contains("object-src 'none'"));
    assert!(policy.contains("frame-ancestors 'self'"));
    // The HTML itself holds no script or style but the page's own files.
    let html = std::fs::read_to_string(page_dir().join("index.html")).unwrap();
    assert!(!html.contains("<style"));
    assert!(!html.contains(" style="));
    assert!(!html.contains(" on"), "no inline event handler");
    for tag in html.split("<script").skip(1) {
        assert!(tag.trim_start().starts_with("type=\"module\" src=\"/page/"));
    }
}

#[test]
fn a_post_to_the_page_is_405() {
    let server = TestServer::start();
    let reply = server.post("/", "text/plain", "x");
    assert_eq!(reply.problem(405, "method-not-allowed")["allow"], "GET");
}

#[test]
fn every_script_is_valid_javascript() {
    // Node checks the syntax of each ES module (no build step runs them).
    let node = Command::new("node").arg("--version").output();
    assert!(
        node.is_ok_and(|o| o.status.success()),
        "node is needed to check the page's scripts: apt-get install -y nodejs (.ci/run installs it)"
    );
    let mut checked = 0;
    for entry in std::fs::read_dir(page_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "js") {
            // Checked as an ES module whatever node's version: Debian's
            // node 18 reads a `.js` file as CommonJS and refuses `import`.
            let module = std::env::temp_dir().join(format!(
                "songo-page-check-{}-{}.mjs",
                std::process::id(),
                path.file_stem().unwrap().to_string_lossy()
            ));
            std::fs::copy(&path, &module).unwrap();
            let out = Command::new("node")
                .arg("--check")
                .arg(&module)
                .output()
                .unwrap();
            std::fs::remove_file(&module).ok();
            assert!(
                out.status.success(),
                "{}: {}",
                path.display(),
                String::from_utf8_lossy(&out.stderr)
            );
            checked += 1;
        }
    }
    assert!(checked >= 5, "the page's modules were found");
    assert_eq!(
        checked,
        songo_service::asset_paths()
            .filter(|p| p.ends_with(".js"))
            .count(),
        "every module is embedded in the binary"
    );
}

/// The `page-*` ids a text names.
fn page_ids(text: &str) -> Vec<String> {
    let mut ids = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("page-") {
        let id: String = rest[at..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        rest = &rest[at + id.len()..];
        ids.push(id.trim_end_matches('-').to_owned());
    }
    ids
}

#[test]
fn every_word_the_page_shows_is_in_both_catalogues() {
    let mut seen = 0;
    for entry in std::fs::read_dir(page_dir()).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for id in page_ids(&text) {
            // `page-test` and the like name files or elements, not words.
            if id == "page-" || path.extension().is_some_and(|e| e == "css") {
                continue;
            }
            for lang in Lang::ALL {
                assert!(
                    has_message(lang, &id),
                    "{} uses {id}, missing in {lang}.ftl",
                    path.display()
                );
            }
            seen += 1;
        }
    }
    assert!(seen > 50, "the page's words were found ({seen})");
}

#[test]
fn messages_come_in_the_language_asked_for() {
    let server = TestServer::start();
    let french = server.get("/v1/messages?lang=fr");
    assert_eq!(french.header("content-language"), Some("fr"));
    let body = french.ok();
    assert_eq!(body["lang"], "fr");
    assert_eq!(body["messages"]["page-tab-play"], "Jouer");
    assert_eq!(
        body["messages"]["page-house-label"],
        json!({"one": "{house}, {count} graine", "other": "{house}, {count} graines"})
    );
    assert_eq!(
        body["languages"],
        json!([["en", "English"], ["fr", "Français"]])
    );
    let english = server.request(
        "GET",
        "/v1/messages",
        &[("Accept-Language", "de, en;q=0.5")],
        None,
    );
    assert_eq!(english.ok()["messages"]["page-tab-play"], "Play");
    let bad = server.get("/v1/messages?lang=xx");
    assert_eq!(bad.problem(400, "bad-query")["parameter"], "lang");
}

#[test]
fn a_board_picture_is_a_get_url() {
    let server = TestServer::start();
    let reply = server.get("/v1/positions/songo:3,1,1,10,1,5,0%2F2,3,5,0,1,1,7:0-0:S.svg");
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-type"), Some("image/svg+xml"));
    assert_eq!(reply.header("cache-control"), Some("public, max-age=86400"));
    // The same picture as the CLI's and /v1/positions' (no page hooks).
    let posted = server.post(
        "/v1/positions?render=svg",
        "text/plain",
        "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7:0-0:S",
    );
    assert_eq!(reply.text(), posted.ok()["render"]["content"]);
    assert!(!reply.text().contains("data-house"));
    // The slash may be written as is.
    let plain = server.get("/v1/positions/awale:4,4,4,4,4,4/4,4,4,4,4,4:0-0:N.svg");
    assert!(plain.text().starts_with("<svg"));
    let seega =
        server.get("/v1/positions/seega:...../...../...../.NS../S....:S:movement:0-0:11-10.svg");
    assert!(seega.text().contains("Seega"));
    // Columns count in the notation, as for `POST /v1/positions`.
    let broken = server.get("/v1/positions/songo:5,5,5,5,x,5,5%2F5,5,5,5,5,5,5.svg");
    assert_eq!(broken.problem(400, "bad-position")["column"], 15);
    let post = server.post("/v1/positions/songo:5,5.svg", "text/plain", "");
    assert_eq!(post.problem(405, "method-not-allowed")["allow"], "GET");
}

#[test]
fn hooks_are_asked_for_and_change_nothing_else() {
    let server = TestServer::start();
    let body = "songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:S";
    let plain = server
        .post("/v1/positions?render=svg", "text/plain", body)
        .ok();
    let hooked = server
        .post("/v1/positions?render=svg&hooks=true", "text/plain", body)
        .ok();
    let hooked = hooked["render"]["content"].as_str().unwrap();
    assert!(
        hooked.contains(
            "<g data-house=\"S4\" data-side=\"south\" data-index=\"4\" data-cycle=\"2\">"
        )
    );
    assert_eq!(hooked.matches("<g data-store=").count(), 2);
    // Without the groups, the same drawing.
    let stripped: String = hooked
        .lines()
        .filter(|line| !line.starts_with("<g data-") && *line != "</g>")
        .map(|line| format!("{line}\n"))
        .collect();
    assert_eq!(stripped, plain["render"]["content"].as_str().unwrap());
    let seega = server
        .post(
            "/v1/positions?render=svg&hooks=true",
            "text/plain",
            "seega:...../...../...../.NS../S....:S:movement:0-0:11-10",
        )
        .ok();
    assert_eq!(
        seega["render"]["content"]
            .as_str()
            .unwrap()
            .matches("data-square=")
            .count(),
        25
    );
    let bad = server.post("/v1/positions?render=svg&hooks=yes", "text/plain", body);
    assert_eq!(bad.problem(400, "bad-query")["parameter"], "hooks");
}

#[test]
fn cors_is_off_unless_origins_are_allowed() {
    let origin = [("Origin", "https://club.example")];
    let closed = TestServer::start();
    let reply = closed.request("GET", "/healthz", &origin, None);
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("access-control-allow-origin"), None);
    let open = TestServer::with(Config {
        cors_origins: vec!["https://club.example".to_owned()],
        ..Config::default()
    });
    let reply = open.request("GET", "/healthz", &origin, None);
    assert_eq!(
        reply.header("access-control-allow-origin"),
        Some("https://club.example")
    );
    let preflight = open.request(
        "OPTIONS",
        "/v1/play",
        &[
            ("Origin", "https://club.example"),
            ("Access-Control-Request-Method", "POST"),
            ("Access-Control-Request-Headers", "content-type"),
        ],
        None,
    );
    assert_eq!(preflight.status, 204);
    assert_eq!(
        preflight.header("access-control-allow-methods"),
        Some("GET, POST, PATCH, DELETE")
    );
    let stranger = open.request(
        "GET",
        "/healthz",
        &[("Origin", "https://elsewhere.example")],
        None,
    );
    assert_eq!(stranger.header("access-control-allow-origin"), None);
}

/// `*` allows every origin; a preflight names the headers a keeper's page
/// sends, and every answer exposes the `ETag` it sends back in `If-Match`.
#[test]
fn any_origin_preflight_names_the_headers_the_api_reads() {
    let server = TestServer::with(Config {
        cors_origins: vec!["*".to_owned()],
        ..Config::default()
    });
    let origin = ("Origin", "https://b.example");
    let preflight = server.request(
        "OPTIONS",
        "/v1/games/1",
        &[origin, ("Access-Control-Request-Method", "PATCH")],
        None,
    );
    assert_eq!(preflight.status, 204);
    assert_eq!(
        preflight.header("access-control-allow-origin"),
        Some("https://b.example")
    );
    let allowed = preflight
        .header("access-control-allow-headers")
        .unwrap_or_default();
    for header in ["authorization", "if-match", "content-type"] {
        assert!(allowed.contains(header), "{allowed}");
    }
    assert_eq!(
        preflight.header("access-control-expose-headers"),
        Some("etag")
    );
    let reply = server.request("GET", "/healthz", &[origin], None);
    assert_eq!(reply.header("access-control-expose-headers"), Some("etag"));
    let vary = reply.headers.iter().filter(|(name, _)| name == "vary");
    assert!(
        vary.clone().any(|(_, value)| value == "origin"),
        "{reply:?}"
    );
}

/// A preflight the server refuses says which flag allows a site, not that
/// the route wants POST (issue 26, item 24); in English and in French.
#[test]
fn a_refused_preflight_names_cors_origin() {
    let preflight = |server: &TestServer, origin: &str, lang: &str| {
        server.request(
            "OPTIONS",
            "/v1/play",
            &[
                ("Origin", origin),
                ("Access-Control-Request-Method", "POST"),
                ("Accept-Language", lang),
            ],
            None,
        )
    };
    let closed = TestServer::start();
    let open = TestServer::with(Config {
        cors_origins: vec!["https://club.example".to_owned()],
        ..Config::default()
    });
    for (name, server) in [("none", &closed), ("other", &open)] {
        for lang in ["en", "fr"] {
            let reply = preflight(server, "https://elsewhere.example", lang);
            assert_eq!(reply.header("allow"), Some("POST"));
            assert_eq!(reply.header("access-control-allow-origin"), None);
            let problem = reply.problem(405, "method-not-allowed");
            assert!(
                problem["detail"]
                    .as_str()
                    .unwrap_or_default()
                    .contains("songo serve --cors-origin"),
                "{problem}"
            );
            insta::assert_json_snapshot!(format!("refused_preflight_{name}_{lang}"), problem);
        }
    }
    // An allowed origin still gets its 204, and OPTIONS without a
    // preflight's headers the plain 405.
    assert_eq!(preflight(&open, "https://club.example", "en").status, 204);
    let plain = closed.request("OPTIONS", "/v1/play", &[], None);
    insta::assert_json_snapshot!(plain.problem(405, "method-not-allowed"), @r#"
    {
      "allow": "POST",
      "detail": "/v1/play does not answer OPTIONS; use POST",
      "status": 405,
      "title": "Method not allowed on this route",
      "type": "urn:songo:problem:method-not-allowed"
    }
    "#);
}

/// A board picture's address takes marks: `highlight`, `arrow` and `last`
/// (issue 26, item 23), drawn as `POST /v1/positions` and the page draw
/// them; bad ones name their parameter, too many are too much work.
#[test]
fn a_board_picture_takes_highlights_arrows_and_the_last_move() {
    let server = TestServer::start();
    let path = "/v1/positions/songo:0,1,2,0,1,0,0%2F1,1,0,0,17,5,1:0-0:N";
    let marked = server.get(&format!("{path}.svg?highlight=S4,N2&arrow=S4:N0&last=S4"));
    assert_eq!(marked.status, 200, "{}", marked.text());
    assert_eq!(
        marked.header("cache-control"),
        Some("public, max-age=86400")
    );
    assert_eq!(marked.header("content-language"), None);
    // The hand marks as POST /v1/positions draws them.
    let posted = server.post(
        "/v1/positions?render=svg&highlight=S4,N2&arrow=S4:N0",
        "text/plain",
        "songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N",
    );
    let hand_only = server.get(&format!(
        "{path}.svg?highlight=S4&highlight=N2&arrow=S4%3AN0"
    ));
    assert_eq!(hand_only.text(), posted.ok()["render"]["content"]);
    // The last move adds its ring to those.
    assert_ne!(marked.text(), hand_only.text());
    let plain = server.get(&format!("{path}.svg"));
    assert_ne!(plain.text(), hand_only.text());
    // In French, the words change and the marks stay.
    let french = server.get(&format!(
        "{path}.svg?lang=fr&highlight=S4,N2&arrow=S4:N0&last=S4"
    ));
    insta::assert_snapshot!(
        "marked_picture_fr",
        french
            .text()
            .lines()
            .filter(|l| l.contains("Nord") || l.contains("Sud") || l.contains("stroke-dasharray"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    for (query, parameter) in [
        ("highlight=S9", "highlight"),
        ("arrow=S4", "arrow"),
        ("arrow=S4:Z1", "arrow"),
        ("last=Q", "last"),
        ("last=S1&last=S2", "last"),
        ("lang=de", "lang"),
        ("size=2", "size"),
    ] {
        let reply = server.get(&format!("{path}.svg?{query}"));
        let problem = reply.problem(400, "bad-query");
        assert_eq!(problem["parameter"], parameter, "{query}: {problem}");
        insta::assert_json_snapshot!(
            format!("picture_bad_{}", query.replace(['=', ':', ',', '&'], "_")),
            problem
        );
    }
    // Seega: squares and a move.
    let seega = "/v1/positions/seega:...../...../...../.NS../S....:S:movement:0-0:11-10.svg";
    let plain = server.get(seega);
    let marked = server.get(&format!("{seega}?highlight=c2&last=b3-c3"));
    assert_eq!(marked.status, 200, "{}", marked.text());
    assert_ne!(marked.text(), plain.text());
    let bad = server.get(&format!("{seega}?last=S4"));
    assert_eq!(bad.problem(400, "bad-query")["parameter"], "last");
    let many: Vec<String> = (0..65).map(|i| format!("S{}", i % 7)).collect();
    let reply = server.get(&format!("{path}.svg?highlight={}", many.join(",")));
    assert_eq!(reply.problem(413, "too-much-work")["budget"], "marks");
}

/// The PNG form of a board picture: the same picture, with its words drawn
/// in the embedded fonts (the test writes it to
/// `target/tmp/page-screenshots/board.png` to be looked at).
#[test]
fn a_board_picture_is_also_a_png() {
    let server = TestServer::start();
    let path = "/v1/positions/songo:0,1,2,0,1,0,0%2F1,1,0,0,17,5,1:0-0:N";
    let png = server.get(&format!(
        "{path}.png?lang=fr&highlight=S4&arrow=S4:N0&last=S4"
    ));
    assert_eq!(png.status, 200);
    assert_eq!(png.header("content-type"), Some("image/png"));
    assert_eq!(png.header("cache-control"), Some("public, max-age=86400"));
    assert!(png.body.starts_with(b"\x89PNG\r\n\x1a\n"));
    // Twice the SVG's size.
    let svg = server.get(&format!("{path}.svg"));
    let width: u32 = svg
        .text()
        .split("width=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let png_width = u32::from_be_bytes(png.body[16..20].try_into().unwrap());
    assert_eq!(png_width, 2 * width);
    // The address alone decides: the same bytes again, whatever the
    // request's language.
    let again = server.request(
        "GET",
        &format!("{path}.png?lang=fr&highlight=S4&arrow=S4:N0&last=S4"),
        &[("Accept-Language", "en")],
        None,
    );
    assert_eq!(again.body, png.body);
    let dir = crate::webdriver::screenshots();
    std::fs::write(dir.join("board.png"), &png.body).expect("the picture written");
    let bad = server.get(&format!("{path}.png?last=Q"));
    assert_eq!(bad.problem(400, "bad-query")["parameter"], "last");
    let post = server.post(&format!("{path}.png"), "text/plain", "");
    assert_eq!(post.problem(405, "method-not-allowed")["allow"], "GET");
}

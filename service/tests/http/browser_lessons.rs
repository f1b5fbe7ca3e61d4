//! The Lesson tab's reader in headless Chromium (as `browser.rs`): a pupil
//! steps through a lesson board by board, the lesson's sentences beside
//! each board; the teacher's notes only with the teacher's switch. The
//! boards expected are read here from the handout's Markdown that the
//! server writes (`POST /v1/lessons/render?to=markdown`), one a picture.
//! Screenshots go to `target/tmp/page-screenshots/lesson-*.png`.

use serde_json::json;

use crate::TestServer;
use crate::webdriver::{Browser, screenshots};

fn lesson(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/../fixtures/lessons/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the lesson fixture")
}

/// The compact notation of each board of the lesson's handout, in order.
fn boards(server: &TestServer, text: &str, lang: &str) -> Vec<String> {
    let reply = server.request(
        "POST",
        &format!("/v1/lessons/render?to=markdown&lang={lang}"),
        &[("Content-Type", "text/plain")],
        Some(text.as_bytes()),
    );
    assert_eq!(reply.status, 200, "{reply:?}");
    let markdown = reply.json()["markdown"].as_str().unwrap().to_owned();
    markdown
        .lines()
        .filter_map(|line| line.strip_prefix("!["))
        .map(|picture| {
            let alt = &picture[..picture.rfind("](").expect("a picture's link")];
            alt.rsplit(": ").next().unwrap().replace('\\', "")
        })
        .collect()
}

/// The pupil opens the lesson in the reader: the first board shown.
fn opens(browser: &Browser, text: &str) {
    browser.find("#tab-lesson").click();
    browser.run(
        "document.getElementById('lesson-text').value = arguments[0];",
        &[json!(text)],
    );
    browser.find("#lesson-read").click();
}

/// Steps through every board with the Next button: each board's compact
/// notation, counter and sentences as shown.
fn steps_through(browser: &Browser, expected: &[String], counter: &str) -> Vec<String> {
    let mut sentences = Vec::new();
    for (i, compact) in expected.iter().enumerate() {
        if i > 0 {
            browser.find("#lesson-next").click();
        }
        let shown = browser.wait_for(
            "the lesson's board",
            &format!(
                "return document.getElementById('compact').value === {compact:?} \
                 && document.getElementById('lesson-step').textContent === {:?} \
                 && document.getElementById('lesson-sentences').innerText",
                counter
                    .replace("{n}", &(i + 1).to_string())
                    .replace("{count}", &expected.len().to_string())
            ),
        );
        sentences.push(shown.as_str().unwrap_or_default().to_owned());
    }
    assert_eq!(
        browser.run(
            "return document.getElementById('lesson-next').disabled",
            &[]
        ),
        json!(true),
        "the last board"
    );
    sentences
}

#[test]
fn a_pupil_steps_through_a_lesson_in_english() {
    let server = TestServer::start();
    let text = lesson("sample.md");
    let expected = boards(&server, &text, "en");
    assert_eq!(expected.len(), 15, "{expected:?}");
    let browser = Browser::on_page(&server, 390, 844, "#lang=en");
    browser.emulate_phone(390, 844);
    opens(&browser, &text);
    let sentences = steps_through(&browser, &expected, "Board {n} of {count}");
    // The sentences beside their boards: the move that leads to the second,
    // the capture after the third move's last board, the game's comment.
    assert!(
        sentences[0].contains("This one is South's turn:"),
        "{}",
        sentences[0]
    );
    assert!(
        sentences[1].contains("South plays S1+6. The final board:"),
        "{}",
        sentences[1]
    );
    assert!(
        sentences[4].contains("9 seeds captured (N6 N5 N4)."),
        "{}",
        sentences[4]
    );
    assert!(
        sentences[6].contains("S4 is a grenier of 17 seeds"),
        "{}",
        sentences[6]
    );
    assert!(
        sentences[8].contains("Both players start on the right"),
        "{}",
        sentences[8]
    );
    // Back one board.
    browser.find("#lesson-previous").click();
    browser.wait_for(
        "the board before",
        &format!(
            "return document.getElementById('compact').value === {:?}",
            expected[13]
        ),
    );
    browser.run(
        "document.getElementById('board').scrollIntoView({block: 'start'})",
        &[],
    );
    browser.screenshot(&screenshots().join("lesson-reader-en.png"));
}

#[test]
fn a_pupil_steps_through_a_lesson_in_french_and_the_teacher_sees_the_notes() {
    let server = TestServer::start();
    let text = lesson("escale-a-jeux.fr.txt");
    let expected = boards(&server, &text, "fr");
    assert!(expected.len() > 10, "{expected:?}");
    let browser = Browser::on_page(&server, 390, 844, "#lang=fr");
    browser.emulate_phone(390, 844);
    opens(&browser, &text);
    let pupils = steps_through(&browser, &expected, "Plateau {n} sur {count}");
    let bidoua = "le texte dit que Nord a le bidoua supérieur";
    assert!(
        pupils
            .iter()
            .all(|s| !s.contains(bidoua) && !s.contains("Pour l'enseignant")),
        "the pupils read no teacher's note"
    );
    // The teacher's switch: the notes under their boards, set apart.
    browser.run(
        "document.getElementById('lesson-teacher').checked = true;",
        &[],
    );
    browser.find("#lesson-read").click();
    let teachers = steps_through(&browser, &expected, "Plateau {n} sur {count}");
    let noted: Vec<&String> = teachers.iter().filter(|s| s.contains(bidoua)).collect();
    assert_eq!(noted.len(), 1, "{teachers:?}");
    assert!(noted[0].contains("Pour l'enseignant"), "{}", noted[0]);
    assert!(noted[0].contains("(teach.bidoua)"), "{}", noted[0]);
    let at = teachers.iter().position(|s| s.contains(bidoua)).unwrap();
    for _ in at + 1..expected.len() {
        browser.find("#lesson-previous").click();
    }
    browser.wait_for(
        "the board of the teacher's note",
        &format!(
            "return document.getElementById('compact').value === {:?} \
             && document.querySelector('#lesson-sentences .teacher-note')",
            expected[at]
        ),
    );
    browser.screenshot(&screenshots().join("lesson-reader-fr.png"));
}

//! The page's Play the computer tab in headless Chromium (as `browser.rs`),
//! on a real 390×844 phone: a student plays the level-1 player to the end
//! of a game by tapping houses, takes a move back on the way, sees the
//! rules' result and the engine's marks, and the game is in the server's
//! archive with the players' names, the date and the result shown.
//! Screenshots go to `target/tmp/page-screenshots/computer-*.png`.

use serde_json::{Value, json};
use songo_service::ArchiveConfig;
use songo_service::archive::{Location, Token};

use crate::TestServer;
use crate::archive::scratch_dir;
use crate::webdriver::{Browser, WAIT, screenshots};

const TOKEN: &str = "computer-s3cret";

/// A server with an archive (empty) and its write token.
fn server() -> TestServer {
    TestServer::with(songo_service::Config {
        archive: Some(ArchiveConfig {
            location: Location::Sqlite(scratch_dir("computer").join("archive.sqlite")),
            token: Token::new(TOKEN),
            private: false,
        }),
        ..songo_service::Config::default()
    })
}

/// A phone on the page in `lang`, holding the archive's token for its tab
/// as the Archive tab keeps it, the sowing not animated (the test's time).
fn phone(server: &TestServer, lang: &str) -> Browser {
    let browser = Browser::on_page(server, 390, 844, &format!("#lang={lang}"));
    browser.emulate_phone(390, 844);
    browser.run(
        "sessionStorage.setItem('songo-archive-token', arguments[0]); \
         document.getElementById('animate').checked = false;",
        &[json!(TOKEN)],
    );
    browser
}

/// What the page shows when the student may play, or the game is over:
/// the board's compact notation, the legal houses ringed, the verdict.
fn waiting(browser: &Browser, after: &str) -> Value {
    browser.wait_for(
        "the student's turn or the end of the game",
        "const compact = document.getElementById('compact').value; \
         const verdict = document.getElementById('computer-verdict').textContent; \
         const legal = [...document.querySelectorAll('#pad .legal')].map(b => b.dataset.target); \
         if (compact === arguments[0]) return null; \
         if (verdict) return {compact, verdict, legal: []}; \
         return legal.length ? {compact, verdict, legal} : null;"
            .replace("arguments[0]", &format!("{after:?}"))
            .as_str(),
    )
}

/// The board and the verdict both wholly on the screen, by their
/// positions, once the board is scrolled to the top.
fn board_and_verdict_in_view(browser: &Browser) {
    let boxes = browser.run(
        "document.getElementById('board').scrollIntoView({block: 'start'}); \
         const box = (id) => { const r = document.getElementById(id).getBoundingClientRect(); \
           return [r.top, r.bottom]; }; \
         return {board: box('board'), verdict: box('computer-verdict'), height: innerHeight};",
        &[],
    );
    let height = boxes["height"].as_f64().unwrap();
    assert!((height - 844.0).abs() < 1.0, "a 390×844 phone: {boxes}");
    for name in ["board", "verdict"] {
        let top = boxes[name][0].as_f64().unwrap();
        let bottom = boxes[name][1].as_f64().unwrap();
        assert!(
            top >= -0.5 && bottom <= height + 0.5 && bottom > top,
            "the {name} is not in view: {boxes}"
        );
    }
}

/// The words a test expects, in one language.
struct Words {
    lang: &'static str,
    student: &'static str,
    computer: &'static str,
    kept: &'static str,
    wins: &'static str,
    drawn: &'static str,
}

const FRENCH: Words = Words {
    lang: "fr",
    student: "Élève",
    computer: "Ordinateur niveau 1",
    kept: "La partie est gardée dans les archives (partie ",
    wins: " gagne, ",
    drawn: "Partie terminée\u{a0}: nulle, ",
};

const ENGLISH: Words = Words {
    lang: "en",
    student: "<b>Ada</b>",
    computer: "Computer level 1",
    kept: "The game is kept in the archive (game ",
    wins: " wins, ",
    drawn: "Game over: a draw, ",
};

/// A student plays a whole game against level 1 from `side`, taking one
/// move back after their third; the game's id in the archive.
fn plays_to_the_end(browser: &Browser, words: &Words, side: &str) -> (String, String) {
    browser.find("#tab-computer").click();
    browser.run(
        "document.getElementById('computer-level').value = '1'; \
         document.querySelector(`input[name=\"computer-side\"][value=\"${arguments[0]}\"]`).checked = true; \
         document.getElementById('computer-nickname').value = arguments[1];",
        &[
            json!(side),
            json!(if words.lang == "fr" { "" } else { words.student }),
        ],
    );
    let before = browser.run("return document.getElementById('compact').value", &[]);
    browser.find("#computer-new").click();
    let mut shown = waiting(browser, "");
    if side == "north" {
        // The computer opened: the board is not the start any more.
        assert_ne!(shown["compact"], before, "the computer moved first");
    }
    let mut moves = 0;
    while shown["verdict"] == "" {
        assert!(moves < 400, "the game ends: {shown}");
        let legal = shown["legal"].as_array().expect("legal houses");
        // The student plays the last legal house (some variety, no search).
        let house = legal
            .last()
            .and_then(Value::as_str)
            .expect("a legal house")
            .to_owned();
        let compact = shown["compact"].as_str().unwrap().to_owned();
        browser
            .find(&format!("#pad [data-target=\"{house}\"]"))
            .click();
        moves += 1;
        if moves == 1 {
            browser.screenshot(&screenshots().join(format!("computer-playing-{}.png", words.lang)));
        }
        shown = waiting(browser, &compact);
        if moves == 3 && shown["verdict"] == "" {
            // Take back: the board before the student's third move again.
            browser.find("#computer-take-back").click();
            shown = waiting(browser, shown["compact"].as_str().unwrap());
            assert_eq!(shown["compact"], compact, "taken back to before the move");
            assert!(
                shown["legal"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|h| h.as_str() == Some(house.as_str()))
            );
        }
    }
    let verdict = shown["verdict"].as_str().unwrap().to_owned();
    let kept = browser.wait_for(
        "the game kept in the archive",
        "return document.getElementById('computer-kept').textContent",
    );
    let kept = kept.as_str().unwrap();
    assert!(kept.starts_with(words.kept), "{kept}");
    let id = kept[words.kept.len()..words.kept.len() + 16].to_owned();
    (id, verdict)
}

/// The archive's record of game `id`: the names, today's date, the result
/// the page said; the marks shown.
fn the_record_is_in_the_archive(
    server: &TestServer,
    browser: &Browser,
    words: &Words,
    side: &str,
    id: &str,
    verdict: &str,
) {
    let reply = server.get(&format!("/v1/games/{id}?format=record"));
    let record = reply.text();
    let (south, north) = if side == "south" {
        (words.student, words.computer)
    } else {
        (words.computer, words.student)
    };
    assert!(record.contains(&format!("[South \"{south}\"]")), "{record}");
    assert!(record.contains(&format!("[North \"{north}\"]")), "{record}");
    let today = browser.run(
        "const d = new Date(); return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`",
        &[],
    );
    assert!(
        record.contains(&format!("[Date \"{}\"]", today.as_str().unwrap())),
        "{record}"
    );
    let result = record
        .lines()
        .find_map(|l| l.strip_prefix("[Result \"")?.strip_suffix("\"]"))
        .expect("a Result tag")
        .to_owned();
    assert_ne!(result, "*", "{record}");
    let (s, n) = result.split_once('-').expect("a score");
    let (s, n): (u32, u32) = (s.parse().unwrap(), n.parse().unwrap());
    // The verdict names the winner by name, or says a draw, with the score.
    let expected = match s.cmp(&n) {
        _ if verdict.starts_with(words.drawn) => format!("{}{result}.", words.drawn),
        std::cmp::Ordering::Greater => format!("{south}{}{result}.", words.wins),
        _ => format!("{north}{}{result}.", words.wins),
    };
    assert!(verdict.ends_with(&expected), "{verdict} / {expected}");
    // The archive validated it: a game of the rules, to its end.
    let game = server.get(&format!("/v1/games/{id}")).json();
    assert_eq!(game["valid"], true, "{game}");
    // The engine's marks: each player's accuracy, by name.
    browser.wait_for(
        "the game's marks",
        "return document.querySelectorAll('#computer-summary p').length >= 2",
    );
    let summary = browser.text("#computer-summary");
    assert!(summary.contains(words.student), "{summary}");
    assert!(summary.contains(words.computer), "{summary}");
    // The nickname is text: no element was made of it.
    assert_eq!(
        browser.run(
            "return document.querySelectorAll('#panel-computer b, #status b').length",
            &[]
        ),
        json!(0)
    );
}

#[test]
fn a_student_plays_level_one_to_the_end_and_the_game_is_archived_in_french() {
    let server = server();
    let browser = phone(&server, "fr");
    let (id, verdict) = plays_to_the_end(&browser, &FRENCH, "south");
    assert!(verdict.starts_with("Partie terminée\u{a0}: "), "{verdict}");
    board_and_verdict_in_view(&browser);
    browser.screenshot(&screenshots().join("computer-end-fr.png"));
    the_record_is_in_the_archive(&server, &browser, &FRENCH, "south", &id, &verdict);
    browser.run(
        "document.getElementById('computer-marks-box').scrollIntoView()",
        &[],
    );
    browser.screenshot(&screenshots().join("computer-marks-fr.png"));
}

#[test]
fn a_student_plays_level_one_as_north_and_the_game_is_archived_in_english() {
    let server = server();
    let browser = phone(&server, "en");
    let (id, verdict) = plays_to_the_end(&browser, &ENGLISH, "north");
    assert!(verdict.starts_with("Game over: "), "{verdict}");
    board_and_verdict_in_view(&browser);
    browser.screenshot(&screenshots().join("computer-end-en.png"));
    the_record_is_in_the_archive(&server, &browser, &ENGLISH, "north", &id, &verdict);
}

#[test]
fn without_a_token_the_finished_game_is_offered_as_a_record() {
    let server = server();
    let browser = phone(&server, "en");
    browser.run("sessionStorage.clear()", &[]);
    let (kept, _) = {
        browser.find("#tab-computer").click();
        browser.find("#computer-new").click();
        let mut shown = waiting(&browser, "");
        let started = std::time::Instant::now();
        while shown["verdict"] == "" {
            assert!(started.elapsed() < WAIT * 10, "the game ends");
            let house = shown["legal"][0].as_str().unwrap().to_owned();
            let compact = shown["compact"].as_str().unwrap().to_owned();
            browser
                .find(&format!("#pad [data-target=\"{house}\"]"))
                .click();
            shown = waiting(&browser, &compact);
        }
        (browser.text("#computer-kept"), ())
    };
    assert!(
        kept.starts_with("This server keeps no archive, or this tab holds no write token"),
        "{kept}"
    );
    let link = browser.run(
        "const a = document.getElementById('computer-download'); return a && [a.download, a.href.slice(0, 5)]",
        &[],
    );
    assert_eq!(link[1], "blob:", "{link}");
    assert!(
        link[0].as_str().unwrap().ends_with("-Student.songo"),
        "{link}"
    );
    let listed = server.get("/v1/games").json();
    assert_eq!(
        listed["games"].as_array().map(Vec::len),
        Some(0),
        "{listed}"
    );
}

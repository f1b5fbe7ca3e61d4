//! The page's Tournament tab in headless Chromium, on a phone-sized window,
//! in French: a director creates a Swiss of six players, registers them,
//! pairs and enters five rounds (scores typed, draws and a forfeit
//! tapped), corrects a result, and the standings' link shows them to
//! anyone, without a token. The rounds the page paired are checked
//! against the Dutch engine replaying the event's report file. The
//! screenshot goes to `target/tmp/page-screenshots/tournament-phone-fr.png`.

use serde_json::json;
use songo_notation::tournament::{dutch, trf};
use songo_service::ArchiveConfig;
use songo_service::archive::{Location, Token};

use crate::TestServer;
use crate::archive::scratch_dir;
use crate::webdriver::{Browser, screenshots};

const TOKEN: &str = "page-s3cret";

const PLAYERS: [&str; 6] = [
    "Ada Mvondo",
    "Kofi Asante",
    "Nadège Eto'o",
    "Dora N.",
    "Jean-Paul Biya",
    "<b>Awa</b> Diallo",
];

fn wait_text(browser: &Browser, what: &str, css: &str, needle: &str) {
    browser.wait_for(
        what,
        &format!(
            "return (document.querySelector({css:?})?.textContent ?? '').includes({needle:?})"
        ),
    );
}

/// The boards of the round shown: (board, whether it has a black player).
fn boards(browser: &Browser) -> Vec<(u64, bool)> {
    let value = browser.run(
        "return [...document.querySelectorAll('#tournament-boards > li')].map((li) => \
         [Number(li.dataset.board), li.querySelector('form') !== null])",
        &[],
    );
    value
        .as_array()
        .expect("boards")
        .iter()
        .map(|pair| {
            (
                pair[0].as_u64().expect("a board"),
                pair[1].as_bool().unwrap_or(false),
            )
        })
        .collect()
}

/// Enters a board's result as a director does on a phone: a score typed,
/// or a result tapped; waits until the board shows it.
fn enter(browser: &Browser, board: u64, typed: Option<&str>, tapped: Option<&str>, shown: &str) {
    let item = format!("#tournament-boards > li[data-board=\"{board}\"]");
    if let Some(score) = typed {
        browser
            .find(&format!("{item} .tournament-score"))
            .type_text(score);
        browser.find(&format!("{item} button[type=submit]")).click();
    }
    if let Some(result) = tapped {
        browser
            .find(&format!("{item} button[data-result=\"{result}\"]"))
            .click();
    }
    wait_text(
        browser,
        "the board's result",
        &format!("{item} .tournament-result"),
        shown,
    );
}

// Long because: one event told from its creation to its last round, each step checked as it happens.
#[test]
fn a_director_runs_a_five_round_swiss_from_a_phone_in_french() {
    let server = TestServer::with(songo_service::Config {
        archive: Some(ArchiveConfig {
            location: Location::Sqlite(scratch_dir("page-tournament").join("archive.sqlite")),
            token: Token::new(TOKEN),
            private: false,
        }),
        ..songo_service::Config::default()
    });
    let browser = Browser::on_page(&server, 390, 844, "#lang=fr");
    browser.find("#tab-tournament").click();
    wait_text(&browser, "the French tab", "#tab-tournament", "Tournoi");
    browser.find("#tournament-new summary").click();
    browser
        .find("#tournament-name")
        .type_text("Coupe de Yaoundé");
    browser.find("#tournament-site").type_text("Yaoundé");
    browser.find("#tournament-create-button").click();
    // No token yet: the page asks for it, in French.
    browser.wait_for(
        "the token to be asked for",
        "return !document.getElementById('tournament-token-box').hidden",
    );
    wait_text(
        &browser,
        "the question",
        "#tournament-message",
        "jeton d’écriture",
    );
    browser.find("#tournament-token").type_text(TOKEN);
    browser.find("#tournament-create-button").click();
    wait_text(
        &browser,
        "the event",
        "#tournament-title",
        "Coupe de Yaoundé (Yaoundé)",
    );
    for (at, name) in PLAYERS.iter().enumerate() {
        browser.find("#tournament-player").type_text(name);
        browser.find("#tournament-register-button").click();
        browser.wait_for(
            "the player to be registered",
            &format!(
                "return document.querySelectorAll('#tournament-entrants li').length === {}",
                at + 1
            ),
        );
    }
    // A name given as HTML is shown as text.
    wait_text(
        &browser,
        "the name as text",
        "#tournament-entrants",
        "<b>Awa</b> Diallo",
    );
    for round in 1..=5 {
        browser.find("#tournament-pair").click();
        wait_text(
            &browser,
            "the round",
            "#tournament-round-heading",
            &format!("Ronde {round}"),
        );
        let boards = boards(&browser);
        assert_eq!(boards.len(), 3, "six players, three boards");
        for (board, playable) in boards {
            assert!(playable, "no bye among six players");
            match (round + board) % 3 {
                0 => enter(&browser, board, Some("41-29"), None, "1-0 (41-29)"),
                1 => enter(&browser, board, None, Some("1/2-1/2"), "½-½"),
                _ if round == 3 && board == 3 => enter(&browser, board, None, Some("-/+"), "-/+"),
                _ => enter(&browser, board, Some("18-46"), None, "0-1 (18-46)"),
            }
        }
    }
    // Every planned round is paired: the engine says so, in French.
    browser.find("#tournament-pair").click();
    wait_text(
        &browser,
        "the refusal",
        "#tournament-message",
        "toutes les rondes prévues sont appariées",
    );
    // A correction of the last round's first board: the game's next revision.
    enter(&browser, 1, Some("29-41"), None, "0-1 (29-41)");
    browser.wait_for(
        "six lines of standings",
        "return document.querySelectorAll('#tournament-standings tr').length === 7",
    );
    let total = browser.run(
        "return [...document.querySelectorAll('#tournament-standings tr td:nth-child(3)')]\
         .map((td) => td.textContent.replace('½', '.5')).reduce((a, b) => a + Number(b), 0)",
        &[],
    );
    // Fifteen games, each worth a point, but the forfeit's loser scores none.
    assert_eq!(total.as_f64(), Some(15.0));
    assert_eq!(browser.run("return window.pwned ?? null", &[]), json!(null));
    browser.screenshot(&screenshots().join("tournament-phone-fr.png"));
    // The rounds are the Dutch system's, as `songo pair --check` sees them.
    let text = server
        .request("GET", "/v1/events/1/trf", &[], None)
        .text()
        .to_owned();
    let file = trf::parse(&text).expect("a report file");
    assert!(dutch::check(&file).expect("checked").is_empty(), "{text}");
    // The standings' link, opened by anyone: no token, the same standings.
    let link = browser
        .run(
            "return document.getElementById('tournament-link').value",
            &[],
        )
        .as_str()
        .expect("a link")
        .to_owned();
    assert!(link.ends_with("/#event=1&lang=fr"), "{link}");
    browser.run("sessionStorage.clear(); return null", &[]);
    browser.go("about:blank");
    browser.load(&server, "#event=1&lang=fr");
    wait_text(
        &browser,
        "the event read",
        "#tournament-title",
        "Coupe de Yaoundé",
    );
    browser.wait_for(
        "the standings read by anyone",
        "return document.querySelectorAll('#tournament-standings tr').length === 7",
    );
    assert!(
        browser
            .run(
                "return document.getElementById('tournament-token-box').hidden",
                &[]
            )
            .as_bool()
            .unwrap_or(false)
    );
}

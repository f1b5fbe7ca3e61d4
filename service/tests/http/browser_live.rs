//! The Score sheet tab in headless Chromium (issue 39), on phones
//! (390×844): two phones record a whole game while a third follows it
//! live, in French; a phone that loses the network keeps the moves entered
//! meanwhile and sends them when it is back, a reload carries on from the
//! server's moves, and an undo is a revision the game keeps. Each game
//! ends in the archive. Screenshots go to
//! `target/tmp/page-screenshots/live-*.png` (`live-sheet.png` is
//! docs/live-sheet.png).

use serde_json::{Value, json};
use songo_notation::record::GameRecord;
use songo_service::ArchiveConfig;
use songo_service::archive::{Location, Token};

use crate::TestServer;
use crate::archive::scratch_dir;
use crate::webdriver::{Browser, screenshots};

const TOKEN: &str = "sheet-s3cret";

fn server(name: &str) -> TestServer {
    TestServer::with(songo_service::Config {
        archive: Some(ArchiveConfig {
            location: Location::Sqlite(scratch_dir(name).join("archive.sqlite")),
            token: Token::new(TOKEN),
            private: false,
        }),
        ..songo_service::Config::default()
    })
}

/// The fixtures' whole Songo game (43-20 by the rules).
fn moves() -> Vec<String> {
    let record: GameRecord = include_str!("../../../fixtures/records/valid/songo-full-game.songo")
        .parse()
        .expect("a record");
    record.main_line().map(|mv| mv.text.clone()).collect()
}

/// The director starts a game on the sheet's form: its id.
fn start_on_page(phone: &Browser, event: &str, round: &str) -> String {
    phone.find("#tab-live").click();
    phone.find("#live-new-box summary").click();
    phone.find("#live-south").type_text("Ada Mvondo");
    phone.find("#live-north").type_text("Kofi <b>Eto</b>");
    phone.find("#live-event").type_text(event);
    phone.find("#live-round").type_text(round);
    phone.find("#live-token").type_text(TOKEN);
    phone.find("#live-start").click();
    phone.wait_for(
        "the new game on the sheet",
        "return !document.getElementById('live-game').hidden && location.hash.startsWith('#live=')",
    );
    let hash = phone.run("return location.hash", &[]);
    let id = hash
        .as_str()
        .unwrap_or_default()
        .trim_start_matches("#live=");
    id.split('&').next().unwrap_or_default().to_owned()
}

/// The plies a phone's sheet shows as recorded (stored by the server).
fn recorded(phone: &Browser) -> u64 {
    phone
        .run(
            "return document.querySelectorAll('#live-moves li.recorded').length",
            &[],
        )
        .as_u64()
        .unwrap_or(0)
}

fn wait_recorded(phone: &Browser, plies: usize) {
    phone.wait_for(
        &format!("{plies} plies recorded"),
        &format!("return document.querySelectorAll('#live-moves li.recorded').length === {plies}"),
    );
}

/// The keeper taps `house` on the pad.
fn tap(phone: &Browser, house: &str) {
    phone
        .find(&format!("#pad button[data-target=\"{house}\"]"))
        .click();
}

/// Taps each of `moves` (plies `from`…), each shown recorded before the next.
fn record(phone: &Browser, moves: &[String], from: usize) {
    for (i, house) in moves.iter().enumerate() {
        tap(phone, house);
        wait_recorded(phone, from + i);
    }
}

/// Nothing wider than the phone, no control under 44 px.
fn fits_the_phone(phone: &Browser) {
    let size = phone.run("return [window.innerWidth, window.innerHeight]", &[]);
    assert_eq!(size, json!([390, 844]), "a phone's viewport");
    let wide = phone.run(
        "return document.documentElement.scrollWidth - window.innerWidth",
        &[],
    );
    assert_eq!(wide, 0, "the sheet is wider than the phone");
    let small = phone.run(
        "return [...document.querySelectorAll('button, select, input:not([type=checkbox]):not([type=radio])')] \
           .filter(e => e.offsetParent !== null) \
           .filter(e => { const r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; }) \
           .map(e => e.id || e.textContent).join(', ')",
        &[],
    );
    assert_eq!(small, "", "controls smaller than 44 px");
}

/// A phone (390×844) on `server`'s page at `fragment`.
fn phone(server: &TestServer, fragment: &str) -> Browser {
    let phone = Browser::start(390, 844);
    phone.emulate_phone(390, 844);
    phone.load(server, fragment);
    phone
}

/// Another phone of the same driver, not yet on a page.
fn another_phone(first: &Browser) -> Browser {
    let phone = first.another(390, 844);
    phone.emulate_phone(390, 844);
    phone
}

fn live_game(server: &TestServer, id: &str) -> Value {
    server.get(&format!("/v1/live/{id}")).ok()
}

/// The record the archive keeps of a finished live game.
fn archived_record(server: &TestServer, game: &Value) -> String {
    let archived = game["game"].as_str().expect("the game is in the archive");
    let stored = server.get(&format!("/v1/games/{archived}")).ok();
    assert_eq!(stored["revision"], 1, "{stored}");
    stored["record"].as_str().expect("a record").to_owned()
}

/// A third phone following game `id` by its link, read only, in French.
fn follower(first: &Browser, server: &TestServer, id: &str) -> Browser {
    let spectator = another_phone(first);
    spectator.load(server, &format!("#live={id}&lang=fr"));
    spectator.wait_for(
        "the spectator's sheet",
        "return !document.getElementById('live-game').hidden",
    );
    assert_eq!(
        spectator.text("#live-role"),
        "Vous suivez cette partie en direct."
    );
    assert!(
        spectator.run("return document.getElementById('live-keeper').hidden", &[]) == json!(true)
    );
    spectator
}

/// A North house while South moves: refused at once, with its rule, in
/// French, and nothing sent.
fn a_north_house_is_refused_in_french(first: &Browser, server: &TestServer, id: &str) {
    tap(first, "N1");
    let refusal = first.wait_for(
        "the refusal",
        "return document.getElementById('alert').textContent",
    );
    let refusal = refusal.as_str().unwrap_or_default().to_owned();
    assert!(refusal.starts_with("N1 refusé\u{a0}:"), "{refusal}");
    assert!(refusal.contains("(songo."), "the rule named: {refusal}");
    assert_eq!(live_game(server, id)["moves"], json!([]), "nothing sent");
}

#[test]
fn two_phones_record_a_whole_game_while_a_third_follows_it_live_in_french() {
    let server = server("sheet-two");
    let moves = moves();
    let half = moves.len() / 2;
    let first = phone(&server, "#lang=fr");
    let id = start_on_page(&first, "Coupe de Yaoundé", "3");
    assert_eq!(first.text("#tab-live"), "Feuille de partie");
    assert!(
        first.text("#live-title").contains("Kofi <b>Eto</b>"),
        "names shown as text"
    );
    let keeper_link = first.run(
        "return document.getElementById('live-keeper-link').value",
        &[],
    );
    let keeper_link = keeper_link.as_str().expect("a keeper link").to_owned();
    assert!(
        !first
            .run("return location.href", &[])
            .to_string()
            .contains("key="),
        "the key never stays in the URL"
    );

    let spectator = follower(&first, &server, &id);
    a_north_house_is_refused_in_french(&first, &server, &id);
    record(&first, &moves[..half], 1);
    spectator.wait_for(
        "the spectator to see the first half",
        &format!("return document.querySelectorAll('#live-moves li.recorded').length === {half}"),
    );

    // The second phone carries on from the server's moves, with the key's link.
    let second = another_phone(&first);
    let fragment = &keeper_link[keeper_link.find('#').expect("a fragment")..];
    assert!(fragment.contains("&key="), "{keeper_link}");
    second.load(&server, &format!("{fragment}&lang=fr"));
    wait_recorded(&second, half);
    assert!(
        second
            .text("#live-role")
            .starts_with("Vous tenez la feuille"),
        "{}",
        second.text("#live-role")
    );
    record(&second, &moves[half..], half + 1);
    spectator.wait_for(
        "the spectator to see the whole game",
        &format!(
            "return document.querySelectorAll('#live-moves li.recorded').length === {}",
            moves.len()
        ),
    );
    spectator.wait_for(
        "the end",
        "return document.getElementById('live-state').textContent.includes('43-20')",
    );
    let state = spectator.text("#live-state");
    assert!(
        state.contains("Partie terminée 43-20 (songo.end.forty)"),
        "{state}"
    );
    fits_the_phone(&spectator);
    fits_the_phone(&second);
    spectator.screenshot(&screenshots().join("live-spectator.png"));
    second.screenshot(&screenshots().join("live-keeper-end.png"));

    let game = live_game(&server, &id);
    assert_eq!(game["moves"].as_array().map(Vec::len), Some(moves.len()));
    let record = archived_record(&server, &game);
    for tag in [
        "[Event \"Coupe de Yaoundé\"]",
        "[Round \"3\"]",
        "[South \"Ada Mvondo\"]",
        "[Result \"43-20\"]",
        "[Date \"",
    ] {
        assert!(record.contains(tag), "{tag} in {record}");
    }
    assert_eq!(
        recorded(&first),
        u64::try_from(half).unwrap_or(0),
        "the first phone stopped at half"
    );
}

#[test]
fn a_phone_without_network_keeps_its_moves_and_sends_them_in_order_when_it_is_back() {
    let server = server("sheet-offline");
    let moves = moves();
    let phone = phone(&server, "");
    let id = start_on_page(&phone, "Open de Douala", "5");
    record(&phone, &moves[..6], 1);
    fits_the_phone(&phone);
    phone.run("document.activeElement?.blur(); window.scrollTo(0, 0)", &[]);
    phone.screenshot(&screenshots().join("live-sheet.png"));

    // The network goes: four moves are entered, kept, shown as waiting.
    phone.offline(true);
    for house in &moves[6..10] {
        tap(&phone, house);
    }
    phone.wait_for(
        "four moves waiting",
        "return document.querySelectorAll('#live-moves li.pending').length === 4 \
           && document.getElementById('live-state').textContent.includes('no network')",
    );
    let kept = phone.run(
        "return JSON.parse(localStorage.getItem('songo-live-' + arguments[0])).pending.map(p => p.ply + ' ' + p.move).join(', ')",
        &[json!(id)],
    );
    assert_eq!(
        kept.as_str().unwrap_or_default(),
        format!(
            "7 {}, 8 {}, 9 {}, 10 {}",
            moves[6], moves[7], moves[8], moves[9]
        )
    );
    phone.screenshot(&screenshots().join("live-offline.png"));
    assert_eq!(
        live_game(&server, &id)["moves"].as_array().map(Vec::len),
        Some(6)
    );

    // It comes back: the moves go, in order, and show as recorded.
    phone.offline(false);
    wait_recorded(&phone, 10);
    assert_eq!(live_game(&server, &id)["moves"], json!(moves[..10]));

    // A reload carries on from the server's moves (the key kept on the phone).
    phone.load(&server, &format!("#live={id}"));
    wait_recorded(&phone, 10);
    // A wrong tap taken back: a revision the game keeps, not a loss.
    let wrong = phone.run(
        "return [...document.querySelectorAll('#pad button.legal')].map(b => b.dataset.target).find(m => m !== arguments[0])",
        &[json!(moves[10])],
    );
    let wrong = wrong.as_str().expect("another legal move").to_owned();
    tap(&phone, &wrong);
    wait_recorded(&phone, 11);
    phone.find("#live-undo").click();
    wait_recorded(&phone, 10);
    let game = live_game(&server, &id);
    assert_eq!(game["undone"][0]["move"], wrong, "{game}");
    assert_eq!(game["undone"][0]["ply"], 11);
    record(&phone, &moves[10..], 11);
    let game = live_game(&server, &id);
    assert_eq!(game["moves"], json!(moves));
    let record = archived_record(&server, &game);
    assert!(
        record.contains("[Event \"Open de Douala\"]") && record.contains("[Round \"5\"]"),
        "{record}"
    );
}

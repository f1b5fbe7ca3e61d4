//! The Records tab's engine annotation in headless Chromium (as
//! `browser.rs`), issue 40 item 3: with "the engine's judgement" ticked,
//! the marks come ply by ply as the engine decides them, under a progress
//! line ("Ply 12 of 33 judged"), and the annotated record replaces the
//! text at the end; the Stop button closes the stream and leaves the
//! record as it was, on a phone in French too. Screenshots go to
//! `target/tmp/page-screenshots/annotate-*.png`.

use serde_json::{Value, json};

use crate::TestServer;
use crate::webdriver::{Browser, screenshots};

const FULL_GAME: &str = include_str!("../../../fixtures/records/valid/songo-full-game.songo");

/// Puts `text` into the record's box as a paste does, ticks the engine
/// and keeps every progress line the page shows, with whether the record
/// was annotated yet (`window.progressSeen`).
fn ready_to_annotate(browser: &Browser, text: &str) {
    browser.find("#tab-record").click();
    browser.run(
        "const box = document.getElementById('record-text'); box.value = arguments[0]; \
         box.dispatchEvent(new Event('input', {bubbles: true})); \
         window.progressSeen = []; \
         const count = document.getElementById('annotate-count'); \
         new MutationObserver(() => window.progressSeen.push({ \
           text: count.textContent, annotated: box.value.includes('[%eval') \
         })).observe(count, {childList: true, characterData: true, subtree: true});",
        &[json!(text)],
    );
    browser.find("#annotate-engine").click();
}

/// The judged ply of a progress line, for `words` before it ("Ply ").
fn ply_of(line: &str, words: &str) -> Option<u64> {
    line.strip_prefix(words)?
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

#[test]
fn the_engines_marks_arrive_ply_by_ply_then_the_record() {
    let server = TestServer::start();
    let browser = Browser::on_page(&server, 1280, 900, "#lang=en");
    ready_to_annotate(&browser, FULL_GAME);
    browser.find("#annotate-record").click();
    browser.wait_for(
        "a few plies judged",
        "return Number(document.getElementById('annotate-bar').value) >= 4",
    );
    browser.screenshot(&screenshots().join("annotate-progress-en.png"));
    let record = browser.wait_for(
        "the record judged by the engine",
        "const t = document.getElementById('record-text').value; return t.includes('[%eval') && t",
    );
    assert!(record.as_str().unwrap_or_default().contains("[%summary]"));
    // The progress came before the record, ply after ply.
    let seen = browser.run("return window.progressSeen", &[]);
    let before: Vec<u64> = seen
        .as_array()
        .expect("the lines seen")
        .iter()
        .filter(|line| line["annotated"] == Value::Bool(false))
        .filter_map(|line| ply_of(line["text"].as_str()?, "Ply "))
        .collect();
    assert!(before.len() >= 3, "{seen}");
    assert!(before.windows(2).all(|pair| pair[0] < pair[1]), "{seen}");
    assert!(
        seen.to_string().contains("Ply 1 of 33 judged"),
        "the count out of the game's plies: {seen}"
    );
    // Done: the progress gives way to the record, checked as before.
    browser.wait_for(
        "the progress put away and the game checked",
        "return document.getElementById('annotate-progress').hidden && \
         document.querySelector('#record-report .good')?.textContent",
    );
    assert_eq!(
        browser.run(
            "return document.getElementById('annotate-record').disabled",
            &[]
        ),
        json!(false)
    );
    // A record the server cannot read: said where the progress would be,
    // at its line.
    browser.run(
        "document.getElementById('record-text').value = arguments[0]",
        &[json!("[Rules \"songo\"]\n\n1. S4 {never closed\n")],
    );
    browser.find("#annotate-record").click();
    let refused = browser.wait_for(
        "the refusal shown",
        "const t = document.getElementById('annotate-count').textContent; \
         return !document.getElementById('annotate-progress').hidden && t.startsWith('line ') && t",
    );
    assert!(
        refused.as_str().unwrap_or_default().starts_with("line 3"),
        "{refused}"
    );
    browser.screenshot(&screenshots().join("annotate-refused-en.png"));
}

#[test]
fn a_phone_stops_the_engines_annotation_in_french() {
    let server = TestServer::start();
    let browser = Browser::on_page(&server, 390, 844, "#lang=fr");
    browser.emulate_phone(390, 844);
    // Two games: long enough to be stopped on the way.
    let text = format!("{FULL_GAME}\n{FULL_GAME}");
    ready_to_annotate(&browser, &text);
    browser.find("#annotate-record").click();
    browser.wait_for(
        "a mark shown",
        "return Number(document.getElementById('annotate-bar').value) >= 3 && \
         document.querySelector('#annotate-marks li')",
    );
    browser.run(
        "document.getElementById('annotate-progress').scrollIntoView({block: 'center'})",
        &[],
    );
    browser.screenshot(&screenshots().join("annotate-progress-fr-phone.png"));
    let line = browser.text("#annotate-count");
    assert!(
        line.starts_with("Demi-coup ") && line.ends_with(" sur 33 jugé"),
        "{line}"
    );
    let mark = browser.text("#annotate-marks li");
    assert!(mark.starts_with("Demi-coup "), "{mark}");
    assert!(
        mark.contains("\u{a0}: "),
        "a no-break space before the colon: {mark}"
    );
    browser.find("#annotate-stop").click();
    let stopped = browser.wait_for(
        "the annotation stopped",
        "const t = document.getElementById('annotate-count').textContent; \
         return t.startsWith('Arrêté') && t",
    );
    let stopped = stopped.as_str().unwrap_or_default();
    assert!(
        stopped.ends_with("sur 33\u{a0}: la partie notée n'a pas été modifiée."),
        "{stopped}"
    );
    browser.screenshot(&screenshots().join("annotate-stopped-fr-phone.png"));
    // The record as it was, and nothing comes after the stop.
    std::thread::sleep(std::time::Duration::from_millis(1500));
    assert_eq!(
        browser.run("return document.getElementById('record-text').value", &[]),
        json!(text)
    );
    assert_eq!(browser.text("#annotate-count"), stopped);
    assert_eq!(
        browser.run(
            "return [document.getElementById('annotate-stop').hidden, \
             document.getElementById('annotate-record').disabled]",
            &[]
        ),
        json!([true, false])
    );
}

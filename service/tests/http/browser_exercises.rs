//! The page's Exercises tab in headless Chromium (as `browser.rs`): a set
//! found in pasted records, answered wrong then right, its solution line
//! stepped through, the next exercise, the score, a link to the set opened
//! again, in French on a phone and on a laptop. What the page must show is
//! computed here from the service's own answers (the exercises, the
//! position after a move, its explanation). Screenshots go to
//! `target/tmp/page-screenshots/exercises-*.png`.

use serde_json::{Value, json};

use songo_service::ArchiveConfig;
use songo_service::archive::{Location, Token};

use crate::TestServer;
use crate::archive::scratch_dir;
use crate::webdriver::{Browser, screenshots};

/// The three engine games of `tests/cli/exercises.rs`, their event named
/// with HTML that must never run.
fn games() -> String {
    std::fs::read_to_string(format!(
        "{}/../fixtures/records/engine/exercises-games.songo",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the games fixture")
    .replace(
        "[Event \"Yaoundé Open 2015\"]",
        "[Event \"<img src=x onerror=\\\"window.pwned = 1\\\">\"]",
    )
}

fn paste(browser: &Browser, css: &str, text: &str) {
    browser.run(
        "const box = document.querySelector(arguments[0]); box.value = arguments[1]; \
         box.dispatchEvent(new Event('input', {bubbles: true}));",
        &[json!(css), json!(text)],
    );
}

/// The pad's counts, house by house.
fn pad_counts(browser: &Browser) -> Vec<(String, String)> {
    let rows = browser.run(
        "return [...document.querySelectorAll('#pad .house')] \
           .map(b => [b.dataset.target, b.querySelector('.count').textContent])",
        &[],
    );
    serde_json::from_value(rows).expect("pad")
}

/// The counts of `position` (JSON) as the pad shows them.
fn counts_of(position: &Value) -> Vec<(String, String)> {
    let mut counts = Vec::new();
    for (side, letter) in [("north", 'N'), ("south", 'S')] {
        for (i, n) in position[side].as_array().unwrap().iter().enumerate() {
            counts.push((format!("{letter}{i}"), n.to_string()));
        }
    }
    counts.sort();
    counts
}

fn sorted(mut rows: Vec<(String, String)>) -> Vec<(String, String)> {
    rows.sort();
    rows
}

/// Clicks the pad's button of `house`.
fn tap(browser: &Browser, house: &str) {
    browser
        .find(&format!("#pad [data-target=\"{house}\"]"))
        .click();
}

/// A legal move of the exercise's position other than its solution (the
/// service's `/v1/moves`).
fn a_wrong_answer(server: &TestServer, exercise: &Value) -> String {
    let solution = exercise["solution"].as_str().unwrap();
    let legal = server.post_json("/v1/moves", &json!({"position": exercise["position"]}));
    legal.ok()["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .find(|m| m != solution)
        .expect("another legal move")
}

/// The exercise's refutation of `wrong`.
fn refutation_of(exercise: &Value, wrong: &str) -> Value {
    exercise["refutations"]
        .as_array()
        .expect("refutations")
        .iter()
        .find(|r| r["move"] == wrong)
        .unwrap_or_else(|| panic!("no refutation of {wrong} in {exercise}"))
        .clone()
}

/// Waits for a wrong answer's explanation: how much worse the move is.
fn wait_for_refutation(browser: &Browser) {
    browser.wait_for(
        "the refutation of the wrong move",
        "return document.getElementById('exercises-feedback').textContent.includes('moins bon que')",
    );
}

/// On the phone, the board and the exercise's verdict both wholly on the
/// screen, by their positions.
fn verdict_and_board_in_view(browser: &Browser) {
    let boxes = browser.run(
        "const box = (id) => { const r = document.getElementById(id).getBoundingClientRect(); \
           return [r.top, r.bottom]; }; \
         return {board: box('board'), verdict: box('exercises-feedback'), height: innerHeight};",
        &[],
    );
    let height = boxes["height"].as_f64().unwrap();
    for name in ["board", "verdict"] {
        let top = boxes[name][0].as_f64().unwrap();
        let bottom = boxes[name][1].as_f64().unwrap();
        assert!(
            top >= -0.5 && bottom <= height + 0.5,
            "the {name} is not in view: {boxes}"
        );
    }
}

fn feedback(browser: &Browser) -> String {
    browser.text("#exercises-feedback")
}

/// One student's way through a set, step by step: what each step needs of
/// the set, the service and the browser.
struct Student<'a> {
    server: &'a TestServer,
    browser: &'a Browser,
    dir: std::path::PathBuf,
    exercises: &'a [Value],
}

#[test]
fn a_set_is_found_answered_stepped_scored_and_shared_in_french() {
    let server = TestServer::start();
    let set = server
        .post("/v1/exercises?count=20", "text/plain", &games())
        .ok();
    let exercises = set["exercises"].as_array().expect("exercises").clone();
    assert!(exercises.len() >= 2, "{set}");
    let browser = Browser::on_page(&server, 390, 844, "#lang=fr");
    // A real 390×844 phone (headless Chromium's window is never narrower
    // than 500 pixels nor lower than 701).
    browser.emulate_phone(390, 844);
    let student = Student {
        server: &server,
        browser: &browser,
        dir: screenshots(),
        exercises: &exercises,
    };
    student.finds_the_set_and_its_first_question();
    student.answers_wrong_and_is_told_why();
    student.answers_right_and_steps_through_the_line();
    student.answers_the_next_one_right_at_once();
    student.opens_the_shared_link_again();
}

impl Student<'_> {
    /// The set found in the pasted games, its first question in French.
    fn finds_the_set_and_its_first_question(&self) {
        let first = &self.exercises[0];
        let total = self.exercises.len();
        let to_move = first["position"]["to_move"].as_str().unwrap();
        self.browser.find("#tab-exercises").click();
        paste(self.browser, "#exercises-text", &games());
        self.browser.find("#exercises-find").click();
        self.browser.wait_for(
            "the set",
            "return !document.getElementById('exercises-set').hidden \
               && document.getElementById('exercises-question').textContent",
        );
        assert_eq!(
            self.browser.text("#exercises-counter"),
            format!("Exercice 1 sur {total}")
        );
        assert_eq!(
            self.browser.text("#exercises-summary"),
            format!("{total} exercices.")
        );
        let side = if to_move == "south" { "Sud" } else { "Nord" };
        let question = self.browser.text("#exercises-question");
        assert!(question.starts_with(&format!("{side} joue.")), "{question}");
        assert!(question.ends_with("\u{a0}?"), "{question}");
        let motif = self.browser.text("#exercises-motif-name");
        let expected_motif = match first["motif"].as_str().unwrap() {
            "teach.grenier" => "grenier (ndà)",
            "teach.double-threat" => "menace double",
            "teach.yinda" => "yinda",
            "teach.defence" => "défense",
            _ => "menace simple",
        };
        assert_eq!(motif, expected_motif);
        assert_eq!(
            self.browser.text("#exercises-difficulty"),
            format!("difficulté {} sur 5", first["difficulty"]["level"])
        );
        // The board is the exercise's.
        assert_eq!(
            sorted(pad_counts(self.browser)),
            counts_of(&first["position"])
        );
        // The records' texts are shown as text: the event's HTML did not run.
        let origin = self.browser.text("#exercises-origin");
        assert!(origin.contains("<img src=x"), "{origin}");
        assert_eq!(
            self.browser.run("return window.pwned ?? null", &[]),
            Value::Null
        );
        self.browser
            .screenshot(&self.dir.join("exercises-question-phone-fr.png"));
    }

    /// A house that is not a move, then a wrong move: each told why, by
    /// the exercise's own refutation (the opponent's best reply and what
    /// it wins, the numbers of the proof), with the board after the reply
    /// and the verdict in view together on the phone.
    fn answers_wrong_and_is_told_why(&self) {
        let first = &self.exercises[0];
        let wrong = a_wrong_answer(self.server, first);
        let refutation = refutation_of(first, &wrong);
        let reply = refutation["reply"].as_str();
        let moves: Vec<&str> = std::iter::once(wrong.as_str()).chain(reply).collect();
        let after = self
            .server
            .post_json(
                "/v1/play",
                &json!({"position": first["position"], "moves": moves}),
            )
            .ok()["final"]
            .clone();
        let to_move = first["position"]["to_move"].as_str().unwrap();
        // A house of the opponent is no answer: said, and not counted.
        let theirs = if to_move == "south" { "N3" } else { "S3" };
        tap(self.browser, theirs);
        self.browser.wait_for(
            "the word on a move that is not one",
            &format!(
                "return document.getElementById('exercises-feedback').textContent.startsWith('{theirs} ne se joue pas ici')"
            ),
        );
        tap(self.browser, &wrong);
        wait_for_refutation(self.browser);
        let said = feedback(self.browser);
        assert!(said.starts_with(&format!("Pas {wrong}.")), "{said}");
        if let Some(reply) = reply {
            let opponent = if to_move == "south" { "Nord" } else { "Sud" };
            let answers = format!("Après {wrong}, {opponent} répond {reply}");
            assert!(said.contains(&answers), "{said} lacks {answers}");
        }
        let worse = format!(
            "{wrong} est moins bon que {} de {} graine",
            first["solution"].as_str().unwrap(),
            refutation["worse"]
        );
        assert!(said.contains(&worse), "{said} lacks {worse}");
        assert!(
            refutation["worse"].as_i64() >= first["proof"]["margin"].as_i64(),
            "{refutation}"
        );
        assert_eq!(sorted(pad_counts(self.browser)), counts_of(&after));
        verdict_and_board_in_view(self.browser);
        self.browser
            .screenshot(&self.dir.join("exercises-wrong-phone-fr.png"));
    }

    /// Again, and right: the solution line played step by step, the score.
    fn answers_right_and_steps_through_the_line(&self) {
        let first = &self.exercises[0];
        let total = self.exercises.len();
        let solution = first["solution"].as_str().unwrap();
        self.browser.find("#exercises-retry").click();
        self.browser.wait_for(
            "the question again",
            "return document.getElementById('exercises-feedback').textContent.includes('touchez')",
        );
        tap(self.browser, solution);
        self.browser.wait_for(
            "the right answer",
            "return document.getElementById('exercises-feedback').classList.contains('right')",
        );
        let said = feedback(self.browser);
        assert!(
            said.starts_with(&format!("Juste\u{a0}: le coup est {solution}.")),
            "{said}"
        );
        let line: Vec<&str> = first["line"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert!(
            said.contains(&format!("La suite\u{a0}: {}.", line.join(" "))),
            "{said}"
        );
        let steps = self
            .server
            .post_json(
                "/v1/play",
                &json!({"position": first["position"], "moves": line}),
            )
            .ok()["steps"]
            .clone();
        self.browser.wait_for(
            "the solution played",
            &format!(
                "return document.querySelector('#line [aria-current]')?.textContent === '{}'",
                line[0]
            ),
        );
        for next in &line[1..] {
            self.browser.wait_for(
                "the next move of the line",
                "return !document.getElementById('exercises-step').disabled",
            );
            self.browser.find("#exercises-step").click();
            self.browser.wait_for(
                "the step",
                &format!(
                    "return document.querySelector('#line [aria-current]')?.textContent === '{next}'"
                ),
            );
        }
        self.browser.wait_for(
            "the end of the line",
            "return document.getElementById('exercises-step').disabled",
        );
        let last = &steps[line.len() - 1]["after"];
        self.browser.wait_for(
            "the board at the line's end",
            &format!(
                "return [...document.querySelectorAll('#pad .house .count')].map(c => c.textContent).join(',') !== '' \
                   && document.querySelector('#line [aria-current]')?.textContent === '{}'",
                line[line.len() - 1]
            ),
        );
        assert_eq!(sorted(pad_counts(self.browser)), counts_of(last));
        assert_eq!(
            self.browser.text("#exercises-score"),
            format!(
                "Trouvés du premier coup\u{a0}: 0 sur 1 essayés ({total} exercices dans la série)."
            )
        );
        self.browser.resize(1280, 900);
        self.browser
            .screenshot(&self.dir.join("exercises-right-laptop-fr.png"));
        self.browser.resize(390, 844);
    }

    /// The next exercise, right at the first try.
    fn answers_the_next_one_right_at_once(&self) {
        let second = &self.exercises[1];
        let total = self.exercises.len();
        self.browser.find("#exercises-next").click();
        self.browser.wait_for(
            "the second exercise",
            &format!(
                "return document.getElementById('exercises-counter').textContent === 'Exercice 2 sur {total}'"
            ),
        );
        assert_eq!(
            sorted(pad_counts(self.browser)),
            counts_of(&second["position"])
        );
        tap(self.browser, second["solution"].as_str().unwrap());
        self.browser.wait_for(
            "the right answer",
            "return document.getElementById('exercises-feedback').classList.contains('right')",
        );
        assert_eq!(
            self.browser.text("#exercises-score"),
            format!(
                "Trouvés du premier coup\u{a0}: 1 sur 2 essayés ({total} exercices dans la série)."
            )
        );
        self.browser
            .screenshot(&self.dir.join("exercises-right-phone-fr.png"));
    }

    /// The link carries the set: opened again it shows the second exercise, in French and then in English.
    fn opens_the_shared_link_again(&self) {
        let second = &self.exercises[1];
        let total = self.exercises.len();
        self.browser.find("#exercises-share").click();
        let link = self.browser.wait_for(
            "the link",
            "return document.getElementById('exercises-link').value",
        );
        let link = link.as_str().unwrap().to_owned();
        assert!(
            link.contains("#exercises=") && link.contains("&exercise=2&lang=fr"),
            "{link}"
        );
        assert!(link.len() <= 4000);
        self.browser.go("about:blank");
        self.browser.go(&link);
        self.browser.wait_for(
            "the shared set",
            &format!(
                "return document.body.dataset.ready === 'true' && \
                   document.getElementById('exercises-counter').textContent === 'Exercice 2 sur {total}'"
            ),
        );
        // The address bar keeps the set's link, so that a reload keeps the set.
        assert_eq!(
            self.browser.run("return location.href", &[]),
            Value::String(link.clone())
        );
        assert_eq!(
            sorted(pad_counts(self.browser)),
            counts_of(&second["position"])
        );
        assert_eq!(
            self.browser.text("#exercises-difficulty"),
            format!("difficulté {} sur 5", second["difficulty"]["level"])
        );
        // A wrong answer on the shared set (no origin: the link carries none),
        // the picture of docs/exercises.md.
        let wrong = a_wrong_answer(self.server, second);
        tap(self.browser, &wrong);
        wait_for_refutation(self.browser);
        let worse = format!(
            "{wrong} est moins bon que {} de {} graine",
            second["solution"].as_str().unwrap(),
            refutation_of(second, &wrong)["worse"]
        );
        assert!(feedback(self.browser).contains(&worse), "lacks {worse}");
        verdict_and_board_in_view(self.browser);
        assert_eq!(self.browser.text("#exercises-origin"), "");
        self.browser
            .screenshot(&self.dir.join("exercises-shared-wrong-phone-fr.png"));
        self.browser.resize(1100, 800);
        self.browser.run("window.scrollTo(0, 0)", &[]);
        self.browser
            .screenshot(&self.dir.join("exercises-shared-wrong-laptop-fr.png"));
        self.browser.resize(390, 844);
        self.browser.find("#exercises-retry").click();
        // In English, the same exercise in English words.
        self.browser.run(
            "const s = document.getElementById('lang'); s.value = 'en'; s.dispatchEvent(new Event('change'));",
            &[],
        );
        self.browser.wait_for(
            "English",
            &format!(
                "return document.getElementById('exercises-counter').textContent === 'Exercise 2 of {total}'"
            ),
        );
        let question = self.browser.text("#exercises-question");
        assert!(
            question.ends_with('?') && question.contains(" to play."),
            "{question}"
        );
        self.browser
            .screenshot(&self.dir.join("exercises-shared-phone-en.png"));
    }
}

#[test]
fn the_archive_without_one_says_so() {
    let server = TestServer::start();
    let browser = Browser::on_page(&server, 390, 844, "#lang=fr");
    browser.find("#tab-exercises").click();
    browser.find("#exercises-archive").click();
    let said = browser.wait_for(
        "the answer",
        "const t = document.getElementById('exercises-summary').textContent; \
         return t.includes('archive') && t",
    );
    assert_eq!(said, "Ce serveur ne tient pas d’archive de parties.");
    assert!(
        browser.run(
            "return document.getElementById('exercises-set').hidden",
            &[]
        ) == Value::Bool(true)
    );
    // A record file opened fills the box the exercises are found in.
    let file = scratch_dir("page-exercises-file").join("games.songo");
    std::fs::write(&file, games()).expect("the file is written");
    browser
        .find("#exercises-file")
        .type_text(file.to_str().expect("a UTF-8 path"));
    browser.wait_for(
        "the file's text",
        "return document.getElementById('exercises-text').value.includes('[Rules')",
    );
    assert_eq!(
        browser.run(
            "return document.getElementById('exercises-text').value",
            &[]
        ),
        Value::String(games())
    );
}

/// The link's form of an exercise, read back; what is not an exercise is refused.
#[test]
fn a_link_reads_back_its_exercises_and_refuses_the_rest() {
    let server = TestServer::start();
    let browser = Browser::on_page(&server, 390, 844, "");
    let read = browser.run(
        "return import('/page/exercises.js').then(m => { \
           const exercise = {compact: 'songo:0,0,1,1,17,15,10/0,9,9,2,0,0,0:4-2:S', line: ['S1', 'N3', 'S3'], \
             motif: 'teach.yinda', difficulty: {level: 2}, proof: {margin: 20, exact: false, depth: 10}, gain: 4, \
             refutations: [{move: 'S2', reply: 'N1', line: ['N1', 'S3'], wins: 16, worse: 23, term: 'teach.grenier'}]}; \
           const link = m.linkOf(exercise); \
           return [link, m.fromLink(link), m.fromLink('songo:1/2~<script>~x~9'), \
             m.fromLink('songo:1/2~S1_<b>_N2~<img>~99~-5~1~7'), m.MAX_LINK]; })",
        &[],
    );
    assert_eq!(
        read[0],
        "songo:0,0,1,1,17,15,10/0,9,9,2,0,0,0:4-2:S~S1_N3_S3~yinda~2~20~0~10~4~S2.N1.16.23.g"
    );
    // The refutations travel with the link (the reply, not its whole line).
    assert_eq!(read[1]["gain"], 4);
    assert_eq!(
        read[1]["refutations"],
        json!([{"move": "S2", "reply": "N1", "line": ["N1"], "wins": 16, "worse": 23,
                "term": "teach.grenier"}])
    );
    assert_eq!(read[1]["line"], json!(["S1", "N3", "S3"]));
    assert_eq!(read[1]["solution"], "S1");
    assert_eq!(read[1]["motif"], "teach.yinda");
    assert_eq!(read[1]["difficulty"]["level"], 2);
    assert_eq!(
        read[1]["proof"],
        json!({"margin": 20, "exact": false, "depth": 10})
    );
    // No move: no exercise.
    assert_eq!(read[2], Value::Null);
    // Only the moves are kept, an unknown motif is a threat, numbers are bounded.
    assert_eq!(read[3]["line"], json!(["S1", "N2"]));
    assert_eq!(read[3]["motif"], "teach.threat");
    assert_eq!(read[3]["difficulty"]["level"], 5);
    assert_eq!(read[3]["proof"]["margin"], 0);
    assert_eq!(read[4], 4000);
}

#[test]
fn a_set_from_the_archive_and_a_link_that_asks_the_archive_again() {
    let server = TestServer::with(songo_service::Config {
        archive: Some(ArchiveConfig {
            location: Location::Sqlite(scratch_dir("page-exercises").join("archive.sqlite")),
            token: Token::new("page-s3cret"),
            private: false,
        }),
        ..songo_service::Config::default()
    });
    let reply = server.request(
        "POST",
        "/v1/games",
        &[
            ("Authorization", "Bearer page-s3cret"),
            ("Content-Type", "text/plain"),
        ],
        Some(games().as_bytes()),
    );
    assert_eq!(reply.status, 200, "{reply:?}");
    let set = server.get("/v1/exercises?motif=defence&count=20").ok();
    let exercises = set["exercises"].as_array().expect("exercises").clone();
    assert!(exercises.len() >= 2, "{set}");
    let total = exercises.len();
    // A link that names the archive as the set's source, and the second exercise.
    let browser = Browser::on_page(
        &server,
        1280,
        900,
        "#exercises=archive&motif=defence&exercise=2&lang=fr",
    );
    browser.wait_for(
        "the archive's set",
        &format!(
            "return document.getElementById('exercises-counter').textContent === 'Exercice 2 sur {total}'"
        ),
    );
    assert_eq!(browser.text("#exercises-motif-name"), "défense");
    assert_eq!(
        browser.run(
            "return document.getElementById('exercises-motif').value",
            &[]
        ),
        "defence"
    );
    assert_eq!(
        sorted(pad_counts(&browser)),
        counts_of(&exercises[1]["position"])
    );
    assert_eq!(browser.run("return window.pwned ?? null", &[]), Value::Null);
    // The button asks the archive too, with the motif chosen.
    browser.run(
        "const s = document.getElementById('exercises-motif'); s.value = ''; s.dispatchEvent(new Event('change'));",
        &[],
    );
    let all = server.get("/v1/exercises?count=20").ok()["exercises"]
        .as_array()
        .unwrap()
        .len();
    browser.find("#exercises-load summary").click();
    browser.find("#exercises-archive").click();
    browser.wait_for(
        "every motif",
        &format!(
            "return document.getElementById('exercises-counter').textContent === 'Exercice 1 sur {all}'"
        ),
    );
}

/// A set that comes from one game names it in its link, and the shared set
/// says where it comes from (as text); a set from several games names none.
#[test]
fn a_link_names_the_one_game_its_set_comes_from() {
    let server = TestServer::start();
    let browser = Browser::on_page(&server, 390, 844, "");
    let named = browser.run(
        "return import('/page/exercises.js').then(m => { \
           const origin = (game) => ({source: 'club.songo', game, ply: 4, event: 'Club <b>', south: 'Ada', north: 'Ebo'}); \
           return [m.oneGameOf([{origin: origin(2)}, {origin: origin(2)}]), \
             m.oneGameOf([{origin: origin(2)}, {origin: origin(3)}]), m.oneGameOf([{}])]; })",
        &[],
    );
    assert_eq!(named, json!(["Club <b>, Ada – Ebo", "", ""]));
    let exercise = "songo:0,0,1,1,17,15,10/0,9,9,2,0,0,0:4-2:S~S1_N3_S3~yinda~2~20~0~10";
    browser.go("about:blank");
    browser.load(
        &server,
        &format!(
            "#exercises={exercise}&exercise=1&lang=fr&game=Club%20%3Cimg%20src%3Dx%20onerror%3D%22window.pwned%3D1%22%3E%2C%20Ada"
        ),
    );
    browser.wait_for(
        "the shared set",
        "return document.getElementById('exercises-counter').textContent === 'Exercice 1 sur 1'",
    );
    assert_eq!(
        browser.text("#exercises-origin"),
        "Tiré de Club <img src=x onerror=\"window.pwned=1\">, Ada."
    );
    assert_eq!(browser.run("return window.pwned ?? null", &[]), Value::Null);
    browser.run(
        "document.getElementById('exercises-origin').scrollIntoView({block: 'center'})",
        &[],
    );
    browser.screenshot(&screenshots().join("exercises-shared-named-phone-fr.png"));
}

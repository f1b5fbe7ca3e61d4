//! The page's Class tab in headless Chromium on a 390×844 phone (as
//! `browser.rs`): a teacher, in French, makes a class and assigns the set
//! of the Exercises tab; two students join by the code, one in English and
//! one in French, and solve the set on their own phones (one at the first
//! try, one after a miss); the teacher's page shows who solved what, the
//! nicknames as text. Screenshots go to
//! `target/tmp/page-screenshots/class-*.png`.

use serde_json::Value;
use songo_service::ArchiveConfig;
use songo_service::archive::{Archive, Location, Scope, Token};

use crate::TestServer;
use crate::archive::scratch_dir;
use crate::classes::SET;
use crate::webdriver::{Browser, screenshots};

/// Taps `house` on the pad once it is ringed as a legal move (the pad is
/// drawn again with each board: the button of the moment is clicked).
fn tap(browser: &Browser, house: &str) {
    let legal = format!("#pad .legal[data-target=\"{house}\"]");
    browser.wait_for(
        &format!("{house} to be a move"),
        &format!("return document.querySelector('{legal}')"),
    );
    browser.run(
        "document.querySelector(arguments[0]).click()",
        &[Value::from(legal)],
    );
}

fn counter_is(browser: &Browser, text: &str) {
    browser.wait_for(
        text,
        &format!("return document.getElementById('exercises-counter').textContent === '{text}'"),
    );
}

/// Waits for the exercise's verdict: `solved` (the line shown) or `wrong`.
fn verdict(browser: &Browser, phase: &str) {
    let shown = if phase == "solved" {
        "exercises-step"
    } else {
        "exercises-retry"
    };
    browser.wait_for(
        phase,
        &format!("return !document.getElementById('{shown}').hidden"),
    );
}

/// A student joins on a phone of his own and opens set 1.
fn joins(
    teacher: &Browser,
    server: &TestServer,
    code: &str,
    lang: &str,
    nickname: &str,
) -> Browser {
    let student = teacher.another(390, 844);
    student.load(server, &format!("#class={code}&lang={lang}"));
    student.emulate_phone(390, 844);
    assert_eq!(
        student.run("return document.getElementById('class-code').value", &[]),
        Value::from(code)
    );
    student.find("#class-nickname").type_text(nickname);
    student.find("#class-join-button").click();
    student.wait_for(
        "the class's sets",
        "return document.querySelector('#class-sets button[data-set=\"1\"]')",
    );
    // The list is drawn again with each answer of the server: the button
    // of the moment is clicked.
    student.run(
        "document.querySelector('#class-sets button[data-set=\"1\"]').click()",
        &[],
    );
    student
}

#[test]
fn a_class_is_made_joined_by_code_solved_and_reported_on_phones() {
    let dir = scratch_dir("browser-class");
    let location = Location::Sqlite(dir.join("archive.sqlite"));
    let token = Archive::open(&location)
        .expect("the archive")
        .add_account("ada", Scope::Write, Some("École"))
        .expect("a teacher")
        .token;
    let server = TestServer::with(songo_service::Config {
        archive: Some(ArchiveConfig {
            location,
            token: Token::new("s3cret"),
            private: false,
        }),
        ..songo_service::Config::default()
    });
    let shots = screenshots();

    let (teacher, code) = teacher_makes_a_class(&server, &token);

    // Kofi, in English: both at the first try.
    {
        let kofi = joins(&teacher, &server, &code, "en", "Kofi");
        counter_is(&kofi, "Exercise 1 of 2");
        tap(&kofi, "S1");
        verdict(&kofi, "solved");
        kofi.find("#exercises-next").click();
        counter_is(&kofi, "Exercise 2 of 2");
        tap(&kofi, "N4");
        verdict(&kofi, "solved");
        kofi.screenshot(&shots.join("class-student-phone-en.png"));
    }
    // A student whose nickname is HTML, in French: a miss, then the answer.
    {
        let ebo = joins(&teacher, &server, &code, "fr", "<b>Ébo</b>");
        counter_is(&ebo, "Exercice 1 sur 2");
        let note = ebo.text("#exercises-origin");
        assert!(note.starts_with("Greniers\u{a0}: vos réponses"), "{note}");
        tap(&ebo, "S2");
        verdict(&ebo, "wrong");
        ebo.find("#exercises-retry").click();
        ebo.wait_for(
            "the question again",
            "return document.getElementById('exercises-retry').hidden \
               && document.getElementById('exercises-feedback').textContent.includes('touchez')",
        );
        tap(&ebo, "S1");
        verdict(&ebo, "solved");
        // His place is kept: the Class tab again shows the set's progress.
        ebo.find("#tab-class").click();
        ebo.wait_for(
            "the progress",
            "return document.querySelector('#class-sets .hint')?.textContent.includes('résolus\u{a0}: 1 sur 2')",
        );
        ebo.screenshot(&shots.join("class-student-phone-fr.png"));
    }

    the_teacher_sees_who_solved_what(&teacher, &shots);
}

/// The teacher, in French, with the set of two in the Exercises tab: a
/// class made and the set assigned. His browser and the class's code.
fn teacher_makes_a_class(server: &TestServer, token: &str) -> (Browser, String) {
    // The teacher, in French: the set in the Exercises tab, then the class.
    let teacher = Browser::on_page(
        server,
        390,
        844,
        &format!("#exercises={}&lang=fr", SET.join(";")),
    );
    teacher.emulate_phone(390, 844);
    counter_is(&teacher, "Exercice 1 sur 2");
    teacher.find("#tab-class").click();
    teacher.find("#class-teacher summary").click();
    teacher.find("#class-token").type_text(token);
    teacher.find("#class-name").type_text("CM2 <b>B</b>");
    teacher.find("#class-create-button").click();
    teacher.wait_for(
        "the class's code",
        "return document.getElementById('class-report-code').textContent.length === 6",
    );
    let code = teacher.text("#class-report-code");
    assert_eq!(teacher.text("#class-report-title"), "CM2 <b>B</b>");
    teacher.find("#class-set-title").type_text("Greniers");
    teacher.find("#class-assign-button").click();
    teacher.wait_for(
        "the assigned set",
        "return document.querySelectorAll('#class-report-sets li').length === 1",
    );
    assert_eq!(
        teacher.text("#class-report-sets li"),
        "Greniers (2 exercices)"
    );

    (teacher, code)
}

/// The teacher's page: who solved what, at the first try or not.
fn the_teacher_sees_who_solved_what(teacher: &Browser, shots: &std::path::Path) {
    // The teacher's page: who solved what, at the first try or not.
    teacher.find("#class-refresh").click();
    teacher.wait_for(
        "two students",
        "return document.querySelectorAll('#class-results tbody tr').length === 2",
    );
    let rows = teacher.run(
        "return [...document.querySelectorAll('#class-results tr')].map(r => \
           [...r.children].map(c => c.firstChild.textContent));",
        &[],
    );
    assert_eq!(
        rows,
        serde_json::json!([
            ["Élève", "1.1", "1.2", "Du premier coup"],
            ["Kofi", "✓", "✓", "2/2"],
            ["<b>Ébo</b>", "↻", "–", "0/2"],
        ])
    );
    // The nickname is text, never markup.
    assert_eq!(
        teacher.run(
            "return document.querySelectorAll('#class-results b').length",
            &[]
        ),
        Value::from(0)
    );
    let title = teacher.run(
        "return document.querySelector('#class-results tbody tr:nth-child(2) td').title",
        &[],
    );
    assert_eq!(title, "résolu après une erreur (2 réponses)");
    teacher.run(
        "document.getElementById('class-report').scrollIntoView({block: 'start'})",
        &[],
    );
    teacher.screenshot(&shots.join("class-teacher-phone-fr.png"));
    the_teacher_removes_kofi_then_deletes_the_class(teacher, shots);
}

/// A removal asks twice (the button turns into the question), then the
/// report has one student left; the class deleted, the teacher has none.
fn the_teacher_removes_kofi_then_deletes_the_class(teacher: &Browser, shots: &std::path::Path) {
    let remove = "#class-results tbody tr:first-child .class-remove";
    assert_eq!(
        teacher.run(
            &format!("return document.querySelector('{remove}').title"),
            &[]
        ),
        "Retirer Kofi de la classe"
    );
    teacher.find(remove).click();
    assert_eq!(teacher.text(remove), "Retirer\u{a0}?");
    teacher.screenshot(&shots.join("class-teacher-remove-fr.png"));
    teacher.find(remove).click();
    teacher.wait_for(
        "one student left",
        "return document.querySelectorAll('#class-results tbody tr').length === 1",
    );
    assert_eq!(
        teacher
            .text("#class-results tbody th")
            .trim_end_matches(" ×"),
        "<b>Ébo</b>"
    );
    assert!(
        teacher
            .text("#class-message")
            .starts_with("Kofi n’est plus dans la classe"),
    );
    teacher.find("#class-delete").click();
    assert_eq!(
        teacher.text("#class-delete"),
        "Supprimer la classe, ses élèves et leurs réponses\u{a0}?"
    );
    teacher.find("#class-delete").click();
    teacher.wait_for(
        "no class left",
        "return document.getElementById('class-report').hidden \
           && document.getElementById('class-list').textContent.includes('pas encore de classe')",
    );
    assert_eq!(
        teacher.text("#class-message"),
        "La classe CM2 <b>B</b> est supprimée."
    );
}

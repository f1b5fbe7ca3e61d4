//! Classes on both backends: a teacher's class and its code, students
//! joined by nickname with a key of their own, sets assigned, every
//! answer kept and judged, the teacher's report, missed exercises back by
//! the schedule, and the limits.

use songo_archive::{
    Account, Archive, CLASS_CODE_ALPHABET, ClassRefusal, MAX_CLASS_STUDENTS, MAX_NICKNAME_CHARS,
    REVIEW_AFTER, Scope, Standing,
};

use super::{Backend, open, scratch};

both!(
    a_class_is_joined_solved_and_reported,
    missed_exercises_come_back_by_the_schedule,
    classes_refuse_what_is_out_of_bounds,
    a_teacher_removes_a_student_and_deletes_a_class,
);

/// Two exercises in the page's link form (South to move, then North).
const SET: [&str; 2] = [
    "songo:0,0,1,1,17,15,10/0,9,9,2,0,0,0:4-2:S~S1_N3_S3~yinda~2~20~0~10",
    "songo:3,0,1,6,14,5,5/2,10,5,0,13,1,7:0-0:N~N4~grenier~1~5~1~4~3",
];

fn teacher(name: &str) -> Account {
    Account {
        name: name.to_owned(),
        scope: Scope::Write,
        club: Some("club".to_owned()),
    }
}

fn set() -> Vec<String> {
    SET.iter().map(|s| (*s).to_owned()).collect()
}

fn ok<T>(answer: Result<Result<T, ClassRefusal>, songo_archive::ArchiveError>) -> T {
    answer.expect("the archive works").expect("not refused")
}

fn refused<T: std::fmt::Debug>(
    answer: Result<Result<T, ClassRefusal>, songo_archive::ArchiveError>,
) -> ClassRefusal {
    answer.expect("the archive works").expect_err("refused")
}

/// A class of `teacher` with the two exercises assigned: its code.
fn class_with_set(archive: &mut Archive, teacher: &Account) -> String {
    let class = ok(archive.create_class("  CM2 <b>B</b> ", teacher));
    ok(archive.assign_set(&class.code, "Greniers", &set(), teacher));
    class.code
}

fn a_class_is_joined_solved_and_reported(backend: Backend) {
    let scratch = scratch(backend, "classes");
    let mut archive = open(&scratch);
    let ada = teacher("ada");
    let class = ok(archive.create_class("  CM2 <b>B</b> ", &ada));
    assert_eq!(class.name, "CM2 <b>B</b>", "kept as text, trimmed");
    assert_eq!(class.code.chars().count(), 6);
    assert!(class.code.chars().all(|c| CLASS_CODE_ALPHABET.contains(c)));
    let assigned = ok(archive.assign_set(&class.code, "Greniers", &set(), &ada));
    assert_eq!((assigned.number, assigned.exercises.len()), (1, 2));

    // Joined by the code as typed (lower case, a space), a key each.
    let typed = format!(
        "{} {}",
        class.code[..3].to_lowercase(),
        class.code[3..].to_lowercase()
    );
    let kofi = ok(archive.join_class(&typed, "Kofi"));
    let ebo = ok(archive.join_class(&class.code, "Ébo"));
    assert_ne!(kofi.key, ebo.key);
    assert_eq!(kofi.class, "CM2 <b>B</b>");
    assert_eq!(
        refused(archive.join_class(&class.code, "  kofi ")),
        ClassRefusal::NicknameTaken("kofi".to_owned())
    );

    // Kofi solves both at the first try; Ébo misses the first, then finds it.
    let now = 1_000_000;
    let first = ok(archive.answer(&class.code, &kofi.key, (1, 0), "S1", now));
    assert!(first.correct);
    assert_eq!(first.progress.standing, Standing::FirstTry);
    ok(archive.answer(&class.code, &kofi.key, (1, 1), "N4", now));
    let missed = ok(archive.answer(&class.code, &ebo.key, (1, 0), "S2", now));
    assert!(!missed.correct);
    assert_eq!(missed.progress.standing, Standing::Waiting);
    let found = ok(archive.answer(&class.code, &ebo.key, (1, 0), "S1", now + 1));
    assert!(found.correct && found.progress.solved && !found.progress.first_try);
    assert_eq!(found.progress.attempts, 2);

    // The answers are kept: a fresh connection sees them.
    drop(archive);
    let mut archive = open(&scratch);
    let report = ok(archive.class_report(&class.code, &ada, now + 2));
    assert_eq!(report.class.students, 2);
    assert_eq!(report.set_list.len(), 1);
    let rows: Vec<(String, Vec<(Standing, u32)>)> = report
        .student_list
        .iter()
        .map(|s| {
            (
                s.nickname.clone(),
                s.progress
                    .iter()
                    .map(|p| (p.standing, p.attempts))
                    .collect(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (
                "Kofi".to_owned(),
                vec![(Standing::FirstTry, 1), (Standing::FirstTry, 1)]
            ),
            (
                "Ébo".to_owned(),
                vec![(Standing::Waiting, 2), (Standing::New, 0)]
            ),
        ]
    );

    no_one_else_reads_or_writes(&mut archive, &class.code, &kofi.key, now);
}

/// Another teacher neither reads nor assigns (the class is none to him),
/// an admin reads; a key is for its class only.
fn no_one_else_reads_or_writes(archive: &mut Archive, code: &str, key: &str, now: i64) {
    let ada = teacher("ada");
    let other = teacher("other");
    assert_eq!(
        refused(archive.class_report(code, &other, now)),
        ClassRefusal::NoSuchClass(code.to_owned())
    );
    assert_eq!(
        refused(archive.assign_set(code, "x", &set(), &other)),
        ClassRefusal::NoSuchClass(code.to_owned())
    );
    let admin = Account {
        name: "root".to_owned(),
        scope: Scope::Admin,
        club: None,
    };
    assert!(archive.class_report(code, &admin, now).unwrap().is_ok());
    assert_eq!(archive.classes(&ada).unwrap().len(), 1);
    assert!(archive.classes(&other).unwrap().is_empty());

    // A key is for its class only; a wrong key is no one.
    let second = class_with_set(archive, &ada);
    assert_eq!(
        refused(archive.class_work(&second, key, now)),
        ClassRefusal::WrongKey
    );
    assert_eq!(
        refused(archive.answer(code, "songo_00", (1, 0), "S1", now)),
        ClassRefusal::WrongKey
    );
    // A code of no class is a wrong key too: no code is found by a key.
    assert_eq!(
        refused(archive.class_work("ZZZZZZ", key, now)),
        ClassRefusal::WrongKey
    );
}

fn missed_exercises_come_back_by_the_schedule(backend: Backend) {
    let scratch = scratch(backend, "classes_review");
    let mut archive = open(&scratch);
    let ada = teacher("ada");
    let code = class_with_set(&mut archive, &ada);
    let kofi = ok(archive.join_class(&code, "Kofi"));
    let start = 5_000_000;
    ok(archive.answer(&code, &kofi.key, (1, 1), "N2", start));
    let work = ok(archive.class_work(&code, &kofi.key, start + REVIEW_AFTER[0] - 1));
    assert!(work.due.is_empty(), "not back before its time");
    assert_eq!(work.progress[1].standing, Standing::Waiting);
    let back = start + REVIEW_AFTER[0];
    let work = ok(archive.class_work(&code, &kofi.key, back));
    assert_eq!(
        work.due
            .iter()
            .map(|p| (p.set, p.exercise))
            .collect::<Vec<_>>(),
        [(1, 1)]
    );
    // Right when due: the next review a day later.
    let reviewed = ok(archive.answer(&code, &kofi.key, (1, 1), "N4", back));
    assert_eq!(
        (reviewed.progress.standing, reviewed.progress.reviews),
        (Standing::Waiting, 1)
    );
    let work = ok(archive.class_work(&code, &kofi.key, back + REVIEW_AFTER[1]));
    assert_eq!(work.due.len(), 1);
    // Wrong again: back to the first step.
    let again = ok(archive.answer(&code, &kofi.key, (1, 1), "N0", back + REVIEW_AFTER[1]));
    assert_eq!(again.progress.reviews, 0);
    assert_eq!(work.progress[0].standing, Standing::New);
}

fn classes_refuse_what_is_out_of_bounds(backend: Backend) {
    let scratch = scratch(backend, "classes_limits");
    let mut archive = open(&scratch);
    let ada = teacher("ada");
    assert!(matches!(
        refused(archive.create_class(" \u{7} ", &ada)),
        ClassRefusal::BadName("name", _)
    ));
    let code = class_with_set(&mut archive, &ada);
    assert_eq!(
        refused(archive.join_class("ZZZZZZ", "Kofi")),
        ClassRefusal::NoSuchClass("ZZZZZZ".to_owned())
    );
    let long = "é".repeat(MAX_NICKNAME_CHARS + 1);
    assert!(matches!(
        refused(archive.join_class(&code, &long)),
        ClassRefusal::BadName("nickname", MAX_NICKNAME_CHARS)
    ));
    assert!(matches!(
        refused(archive.join_class(&code, "Ko\nfi")),
        ClassRefusal::BadName("nickname", _)
    ));
    // A set: not empty, each exercise a position and a legal solution.
    assert_eq!(
        refused(archive.assign_set(&code, "Vide", &[], &ada)),
        ClassRefusal::SetSize
    );
    let illegal = "songo:0,0,1,1,17,15,10/0,9,9,2,0,0,0:4-2:S~S0_N3~yinda~2~20~0~10".to_owned();
    assert!(matches!(
        refused(archive.assign_set(&code, "Faux", &[set()[0].clone(), illegal], &ada)),
        ClassRefusal::BadExercise(1, _)
    ));
    let nonsense = "<script>~S1".to_owned();
    assert!(matches!(
        refused(archive.assign_set(&code, "Faux", &[nonsense], &ada)),
        ClassRefusal::BadExercise(0, _)
    ));
    // No such exercise, no such move.
    let kofi = ok(archive.join_class(&code, "Kofi"));
    assert_eq!(
        refused(archive.answer(&code, &kofi.key, (1, 2), "S1", 0)),
        ClassRefusal::NoSuchExercise {
            set: 1,
            exercise: 2
        }
    );
    assert!(matches!(
        refused(archive.answer(&code, &kofi.key, (1, 0), "drop table", 0)),
        ClassRefusal::BadMove(_)
    ));
    // A full class takes no one more.
    for n in 1..MAX_CLASS_STUDENTS {
        ok(archive.join_class(&code, &format!("Élève {n}")));
    }
    assert_eq!(
        refused(archive.join_class(&code, "Late")),
        ClassRefusal::Full
    );
}

/// A teacher removes a student (his answers go, his key no longer works,
/// his nickname is free again) and deletes a class (its code and every
/// key find nothing); another teacher can do neither.
fn a_teacher_removes_a_student_and_deletes_a_class(backend: Backend) {
    let scratch = scratch(backend, "classes_removed");
    let mut archive = open(&scratch);
    let ada = teacher("ada");
    let code = class_with_set(&mut archive, &ada);
    let kofi = ok(archive.join_class(&code, "Kofi"));
    let ebo = ok(archive.join_class(&code, "Ébo"));
    let now = 1_000_000;
    ok(archive.answer(&code, &kofi.key, (1, 0), "S1", now));
    ok(archive.answer(&code, &ebo.key, (1, 0), "S2", now));

    let other = teacher("other");
    assert_eq!(
        refused(archive.remove_student(&code, "Kofi", &other)),
        ClassRefusal::NoSuchClass(code.clone())
    );
    assert_eq!(
        refused(archive.remove_student(&code, "Kwame", &ada)),
        ClassRefusal::NoSuchStudent("Kwame".to_owned())
    );
    // Case and spaces aside, as a join compares nicknames.
    ok(archive.remove_student(&code, " KOFI ", &ada));
    assert_eq!(
        refused(archive.class_work(&code, &kofi.key, now)),
        ClassRefusal::WrongKey
    );
    let report = ok(archive.class_report(&code, &ada, now));
    let left: Vec<&str> = report
        .student_list
        .iter()
        .map(|s| s.nickname.as_str())
        .collect();
    assert_eq!(left, ["Ébo"]);
    assert_eq!(report.class.students, 1);
    // The nickname is free: Kofi joins again, with nothing answered.
    let again = ok(archive.join_class(&code, "Kofi"));
    let work = ok(archive.class_work(&code, &again.key, now));
    assert!(work.progress.iter().all(|p| p.attempts == 0));

    assert_eq!(
        refused(archive.delete_class(&code, &other)),
        ClassRefusal::NoSuchClass(code.clone())
    );
    ok(archive.delete_class(&code, &ada));
    assert_eq!(
        refused(archive.class_report(&code, &ada, now)),
        ClassRefusal::NoSuchClass(code.clone())
    );
    assert_eq!(
        refused(archive.class_work(&code, &ebo.key, now)),
        ClassRefusal::WrongKey
    );
    assert!(ok_list(archive.classes(&ada)).is_empty());
    assert_eq!(
        refused(archive.delete_class(&code, &ada)),
        ClassRefusal::NoSuchClass(code.clone())
    );
}

fn ok_list<T>(answer: Result<Vec<T>, songo_archive::ArchiveError>) -> Vec<T> {
    answer.expect("the archive works")
}

//! Lessons (`songo_notation::lesson`): the escale text pasted as it is
//! checks, with its 25 boards found and its worked examples linked by their
//! moves; a changed digit or a false claim is found at its line; the
//! sample lesson (`fixtures/lessons/sample.md`) checks and draws; hostile
//! lessons are refused or handled within bounds.

use serde::Deserialize;
use songo_notation::diagram;
use songo_notation::i18n::Lang;
use songo_notation::lesson::{self, LessonReport, Options, ProblemKind, Stage};

use crate::common;

fn lesson(name: &str) -> String {
    common::read_fixture(&common::fixtures_dir().join(format!("lessons/{name}")))
}

fn escale() -> String {
    lesson("escale-a-jeux.fr.txt")
}

fn check(text: &str) -> LessonReport {
    lesson::check(text, &Options::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// The diagrams of the escale text, in its order, as `fixtures/positions/`
/// holds them.
const ESCALE_BOARDS: [&str; 25] = [
    "first-move-s2-after",
    "grenier-14",
    "grenier-14-sown",
    "grenier-15",
    "grenier-15-sown",
    "capture-ex1",
    "capture-ex1-sown",
    "capture-ex1-after",
    "capture-ex2",
    "capture-ex2-sown",
    "capture-ex2-after",
    "capture-ex3",
    "capture-ex3-sown",
    "capture-ex3-after",
    "exit-single",
    "exit-pair-no-capture",
    "exit-pair-capture",
    "entry-only",
    "no-emptying",
    "solidarity",
    "threat-simple",
    "threat-double",
    "yinda",
    "grenier-s4",
    "bidoua",
];

#[derive(Deserialize)]
struct Example {
    #[serde(rename = "move")]
    played: String,
    captured: u32,
}

fn example(id: &str) -> Example {
    let path = common::fixtures_dir().join(format!("examples/{id}.yaml"));
    serde_yaml::from_str(&common::read_fixture(&path)).unwrap_or_else(|e| panic!("{id}: {e}"))
}

#[test]
fn the_escale_text_pasted_as_it_is_finds_its_25_boards() {
    let report = check(&escale());
    assert_eq!(report.diagrams.len(), 25);
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    for (diagram, name) in report.diagrams.iter().zip(ESCALE_BOARDS) {
        let fixture =
            common::read_fixture(&common::fixtures_dir().join(format!("positions/{name}.txt")));
        let expected = diagram::parse(&fixture, None).unwrap();
        let shown = diagram.position.as_sowing().unwrap();
        assert_eq!(*shown, expected, "{name} at line {}", diagram.line);
        // The fixture is the text's diagram, byte for byte, at that line.
        let text = escale();
        let at: String = text
            .lines()
            .skip(diagram.line - 1)
            .take(fixture.lines().count())
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(at, fixture, "{name}");
    }
}

#[test]
fn the_escale_texts_worked_examples_are_linked_by_their_moves() {
    let report = check(&escale());
    let index = |name: &str| ESCALE_BOARDS.iter().position(|n| *n == name).unwrap();
    // (before, board shown, worked example, stage)
    let expected = [
        (
            "grenier-14",
            "grenier-14-sown",
            "grenier-14-n4",
            Stage::After,
        ),
        (
            "grenier-15",
            "grenier-15-sown",
            "grenier-15-n4",
            Stage::Sown,
        ),
        (
            "capture-ex1",
            "capture-ex1-sown",
            "capture-ex1-s1",
            Stage::Sown,
        ),
        (
            "capture-ex1",
            "capture-ex1-after",
            "capture-ex1-s1",
            Stage::After,
        ),
        (
            "capture-ex2",
            "capture-ex2-sown",
            "capture-ex2-s2",
            Stage::Sown,
        ),
        (
            "capture-ex2",
            "capture-ex2-after",
            "capture-ex2-s2",
            Stage::After,
        ),
        (
            "capture-ex3",
            "capture-ex3-sown",
            "capture-ex3-s5",
            Stage::Sown,
        ),
        (
            "capture-ex3",
            "capture-ex3-after",
            "capture-ex3-s5",
            Stage::After,
        ),
    ];
    assert_eq!(report.links.len(), expected.len(), "{:?}", report.links);
    for (link, (from, to, id, stage)) in report.links.iter().zip(expected) {
        let worked = example(id);
        assert_eq!(
            (
                link.from,
                link.to,
                link.played.as_str(),
                link.stage,
                link.captured
            ),
            (
                index(from),
                index(to),
                worked.played.as_str(),
                stage,
                worked.captured
            ),
            "{id}"
        );
    }
    // The grenier of 14 shows the board after sowing, which is also the
    // board after the move: it takes nothing from the houses.
    // The first board is the start position after South's S2.
    let first = &report.diagrams[0];
    let start = first.from_start.as_ref().expect("linked to the start");
    assert_eq!((start.played.as_str(), start.stage), ("S2", Stage::After));
}

/// The line of the `row`-th line (0 top) of the board `name` in the text.
fn board_line(report: &LessonReport, name: &str, row: usize) -> usize {
    let index = ESCALE_BOARDS.iter().position(|n| *n == name).unwrap();
    report.diagrams[index].line + row
}

/// Adds 1 to the first count of `line` (from 1) of `text`.
fn bump_first_count(text: &str, line: usize) -> String {
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == line {
                let (first, rest) = l.split_once('\t').unwrap();
                format!("{}\t{rest}\n", first.parse::<u32>().unwrap() + 1)
            } else {
                format!("{l}\n")
            }
        })
        .collect()
}

#[test]
fn one_digit_changed_in_a_result_board_is_a_problem_at_that_board() {
    let text = escale();
    let report = check(&text);
    for name in [
        "grenier-14-sown",
        "grenier-15-sown",
        "capture-ex1-sown",
        "capture-ex1-after",
        "capture-ex2-sown",
        "capture-ex2-after",
        "capture-ex3-sown",
        "capture-ex3-after",
    ] {
        for row in [1, 2] {
            let line = board_line(&report, name, row);
            let changed = check(&bump_first_count(&text, line));
            let problems: Vec<_> = changed
                .problems
                .iter()
                .filter(|p| p.kind == ProblemKind::Unlinked)
                .collect();
            assert_eq!(
                problems.len(),
                1,
                "{name} row {row}: {:?}",
                changed.problems
            );
            // The problem points at the count changed: its row, its first cell.
            assert_eq!(
                (problems[0].line, problems[0].column),
                (line, 1),
                "{name} row {row}"
            );
            assert!(
                problems[0]
                    .hint
                    .as_deref()
                    .unwrap()
                    .contains("by the rules")
            );
        }
    }
}

#[test]
fn a_false_capture_claim_of_the_text_is_a_problem_at_its_line() {
    let text = escale();
    let claims = [
        // The total, in words.
        (
            "Capture six graines chez Nord en jouant en S1",
            "Capture sept graines chez Nord en jouant en S1",
            "S1 captures 7 seeds; it captures 6",
        ),
        // A house's share.
        (
            "récolter 4 graines dans la case N0",
            "récolter 5 graines dans la case N0",
            "S1 takes 5 seeds from N0; it takes 4 there",
        ),
        // The caption of a final board.
        (
            "Sud récolté 11 graines",
            "Sud récolté 12 graines",
            "S5 captures 12 seeds; it captures 11",
        ),
    ];
    for (said, wrong, message) in claims {
        let line = text.lines().position(|l| l.contains(said)).unwrap() + 1;
        let report = check(&text.replacen(said, wrong, 1));
        assert_eq!(report.problems.len(), 1, "{wrong}: {:?}", report.problems);
        let problem = &report.problems[0];
        assert_eq!(
            (problem.line, problem.kind),
            (line, ProblemKind::Claim),
            "{wrong}"
        );
        assert!(problem.message.ends_with(message), "{}", problem.message);
    }
}

#[test]
fn a_caption_that_names_the_other_board_of_the_move_is_a_problem() {
    let text = escale().replacen(
        "**Situation Finale (Sud a capturé les pions dans les cases N0 et N1)**",
        "**Situation intermédiaire**",
        1,
    );
    let report = check(&text);
    assert_eq!(report.problems.len(), 1, "{:?}", report.problems);
    assert_eq!(report.problems[0].kind, ProblemKind::Stage);
}

#[test]
fn the_texts_own_heading_above_a_board_is_its_caption() {
    let report = check(&escale());
    let captions: Vec<Option<&str>> = report.diagrams[5..8]
        .iter()
        .map(|d| d.caption.as_deref())
        .collect();
    assert_eq!(
        captions,
        [
            Some("**Situation avant le coup** :"),
            Some("**Situation Intermédiaire (Sud a distribué les pions issus de la case S1)** :"),
            Some("**Situation Finale (Sud a capturé les pions dans les cases N0 et N1)** :"),
        ]
    );
}

#[test]
fn the_sample_lesson_checks() {
    let report = check(&lesson("sample.md"));
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    assert_eq!(report.links.len(), 1);
}

#[test]
fn a_false_expectation_fails_at_its_line() {
    let sample = lesson("sample.md");
    let cases = [
        (
            "expect: S2 captures 9 from N4 N5 N6",
            "expect: S2 captures 8",
            "S2 captures 9 seeds (N6 N5 N4)",
        ),
        (
            "expect: illegal songo.exit",
            "expect: illegal songo.solidarity",
            "S0 is refused by songo.exit",
        ),
        (
            "expect: N1 yinda",
            "expect: N2 yinda",
            "N2 is a defence of another kind (evasion)",
        ),
        (
            "expect: grenier S4",
            "expect: grenier S5",
            "S5 holds 5 seeds, too few for a grenier",
        ),
        (
            "expect: b3-c3 captures 3",
            "expect: b3-c3 captures 2",
            "b3-c3 captures 3 seeds",
        ),
    ];
    for (claim, wrong, actual) in cases {
        let line = sample.lines().position(|l| l == claim).unwrap() + 1;
        let report = check(&sample.replacen(claim, wrong, 1));
        assert_eq!(report.problems.len(), 1, "{wrong}: {:?}", report.problems);
        let problem = &report.problems[0];
        assert_eq!(
            (problem.line, problem.column, problem.kind),
            (line, 9, ProblemKind::Expectation),
            "{wrong}"
        );
        assert_eq!(problem.hint.as_deref(), Some(actual), "{wrong}");
    }
}

#[test]
fn an_illegal_move_no_expectation_announces_is_a_problem() {
    let sample = lesson("sample.md");
    let report = check(&sample.replacen("expect: illegal songo.exit\n", "", 1));
    assert_eq!(report.problems.len(), 1, "{:?}", report.problems);
    let problem = &report.problems[0];
    assert_eq!(problem.kind, ProblemKind::Illegal);
    assert_eq!(problem.rule.map(|r| r.as_str()), Some("songo.exit"));
    let line = sample.lines().position(|l| l == "play: S0").unwrap() + 1;
    assert_eq!((problem.line, problem.column), (line, 7));
}

#[test]
fn a_block_that_does_not_read_stops_the_lesson_at_its_place() {
    for (body, line, column) in [
        ("play: S2 Q9\n", 2, 10),
        ("position: songo:1,2,3\n", 2, 22),
        ("position: start\nexpect: S2 dances\n", 3, 9),
        ("plies: 3\n", 2, 8),
        ("N0 N1 N2 N3 N4 N5 N6\n3 1 1 10 1 5\n2 3 5 0 1 1 7\n", 3, 1),
    ] {
        let text = format!("```songo\n{body}```\n");
        let error = lesson::check(&text, &Options::default()).unwrap_err();
        assert_eq!(
            (error.line(), error.column()),
            (line, column),
            "{body}: {error}"
        );
        assert!(error.hint().is_some(), "{body}");
    }
    let error =
        lesson::check("Text\n```songo\nposition: start\n", &Options::default()).unwrap_err();
    assert_eq!(error.line(), 2);
}

#[test]
fn a_record_is_a_lesson_and_its_violations_are_problems() {
    let record = common::read_fixture(&common::fixtures_dir().join("records/valid/lessons.songo"));
    let report = check(&record);
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    assert_eq!(report.diagrams.len(), 3);
    let broken = common::read_fixture(&common::fixtures_dir().join("records/broken/exit.songo"));
    let report = check(&broken);
    assert!(!report.problems.is_empty());
    assert!(
        report
            .problems
            .iter()
            .all(|p| p.kind == ProblemKind::Record)
    );
    assert_eq!(
        report.problems[0].rule.map(|r| r.as_str()),
        Some("songo.exit")
    );
}

#[test]
fn the_tool_speaks_french_when_asked() {
    let text = escale().replacen("Capture six graines", "Capture sept graines", 1);
    let options = Options {
        lang: Lang::Fr,
        ..Options::default()
    };
    let report = lesson::check(&text, &options).unwrap();
    assert_eq!(
        report.problems[0].message,
        "le texte dit que S1 capture 7 graines ; il en capture 6"
    );
}

/// The handout's SVG pictures are the renderer's: the snapshots keep their
/// title only, so that they change with the handout, not with the drawing.
fn without_pictures(document: &str) -> String {
    let mut out = String::new();
    let mut rest = document;
    while let Some(start) = rest.find("<svg") {
        out.push_str(&rest[..start]);
        let end = rest[start..]
            .find("</svg>")
            .map_or(rest.len(), |e| start + e + 6);
        let picture = &rest[start..end];
        let title = picture
            .split_once("<title>")
            .and_then(|(_, t)| t.split_once("</title>"))
            .map_or("", |(t, _)| t);
        out.push_str(&format!("<svg>{title}</svg>"));
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[test]
fn the_sample_handout_as_html() {
    let handout = lesson::html(&lesson("sample.md"), &Options::default()).unwrap();
    assert!(handout.report.is_ok());
    insta::assert_snapshot!(without_pictures(&handout.document));
}

#[test]
fn the_sample_handout_as_markdown() {
    let handout = lesson::markdown(&lesson("sample.md"), &Options::default(), "sample").unwrap();
    let pictures: Vec<String> = handout
        .images
        .iter()
        .map(|image| format!("{}: {}", image.name, without_pictures(&image.svg).trim()))
        .collect();
    insta::assert_snapshot!(format!(
        "{}\n---- pictures\n{}\n",
        handout.document,
        pictures.join("\n")
    ));
}

#[test]
fn the_escale_text_as_a_french_handout() {
    let options = Options {
        lang: Lang::Fr,
        ..Options::default()
    };
    let handout = lesson::html(&escale(), &options).unwrap();
    assert_eq!(
        handout.document.matches("<figure class=\"board\">").count(),
        25
    );
    assert!(
        handout
            .document
            .contains("<figcaption>S1 (Sud), la situation après les prises</figcaption>")
    );
    assert!(
        handout
            .document
            .starts_with("<!DOCTYPE html>\n<html lang=\"fr\">")
    );
}

/// docs/lessons.md shows the sample lesson as it is, and the handout
/// committed beside it is the one the code draws now (pictures aside: they
/// are the renderer's; the docs say how to draw them again).
#[test]
fn the_docs_show_the_sample_lesson_and_its_handout() {
    let docs = common::read_fixture(&common::fixtures_dir().join("../docs/lessons.md"));
    let sample = lesson("sample.md");
    assert!(
        docs.contains(&format!("````markdown\n{sample}````\n")),
        "docs/lessons.md shows fixtures/lessons/sample.md as it is"
    );
    let committed =
        common::read_fixture(&common::fixtures_dir().join("../docs/lessons-example.html"));
    let drawn = lesson::html(&sample, &Options::default()).unwrap().document;
    assert_eq!(
        without_pictures(&committed),
        without_pictures(&drawn),
        "docs/lessons-example.html is stale: draw it again as docs/lessons.md says"
    );
}

#[test]
fn a_commented_record_becomes_a_handout() {
    let record = common::read_fixture(&common::fixtures_dir().join("records/valid/lessons.songo"));
    let handout = lesson::markdown(&record, &Options::default(), "lessons").unwrap();
    insta::assert_snapshot!(handout.document);
}

mod hostile {
    //! Lessons built to hurt: each is refused or handled, within bounds
    //! (no test times anything: a hang fails the run, a panic the test).

    use super::*;

    fn both(text: &str) -> Result<(), songo_notation::error::ParseError> {
        lesson::check(text, &Options::default())?;
        lesson::html(text, &Options::default())?;
        lesson::markdown(text, &Options::default(), "x")?;
        Ok(())
    }

    #[test]
    fn a_lesson_too_large_is_refused() {
        let huge = "a".repeat(lesson::MAX_LESSON_BYTES + 1);
        assert!(both(&huge).is_err());
        assert!(lesson::text_from_bytes(huge.as_bytes(), Lang::En).is_err());
    }

    #[test]
    fn bad_utf8_is_refused_at_its_place() {
        let error = lesson::text_from_bytes(b"# Title\n\nN0 N1 \xc3\x28\n", Lang::En).unwrap_err();
        assert_eq!((error.line(), error.column()), (3, 7));
    }

    #[test]
    fn thousands_of_blocks_are_refused() {
        let blocks = "```songo\nposition: start\nplay: S2\n```\n".repeat(3000);
        let error = both(&blocks).unwrap_err();
        assert_eq!(error.line(), 4 * lesson::MAX_PARTS + 1);
        let boards = "3 1 1 10 1 5 0\n2 3 5 0 1 1 7\n\n".repeat(2000);
        assert!(both(&boards).is_err());
    }

    #[test]
    fn too_many_boards_drawn_are_refused() {
        // 300 blocks of 4 moves draw 300 × 13 boards.
        let block = "```songo\nposition: start\nplay: S2 N4 S5 N1\n```\n".repeat(300);
        assert!(both(&block).is_err());
        // A record of more games than a handout draws start boards.
        let games = "[Rules \"songo\"]\n\n1. S2 *\n\n".repeat(lesson::MAX_BOARDS + 1);
        let error = both(&games).unwrap_err();
        assert!(error.to_string().contains("1000"), "{error}");
    }

    #[test]
    fn deep_nesting_and_long_lines_are_handled() {
        for text in [
            ">".repeat(200_000),
            "- ".repeat(100_000),
            "[".repeat(200_000) + &"]".repeat(200_000),
            "*".repeat(300_000),
            format!(
                "{}\n\n```songo\nposition: start\n```\n",
                "N0 ".repeat(100_000)
            ),
            "N0 N1 N2 N3 N4 N5 N6\n".repeat(10_000),
            "```songo\nposition: {\"north\": ".to_owned() + &"[".repeat(10_000) + "\n```\n",
            "```songo\n[Rules \"songo\"]\n\n".to_owned() + &"(S2 ".repeat(20_000) + "\n```\n",
        ] {
            // Refused or drawn, never a panic or a hang.
            let _ = both(&text);
        }
    }

    #[test]
    fn raw_html_links_and_pictures_of_the_lesson_are_neutralised() {
        let text = "# <b onclick=x>T</b>\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) ![p](https://e.org/p.png)\n\n```songo\ntitle: </p><script>\nposition: start\n```\n";
        let html = lesson::html(text, &Options::default()).unwrap().document;
        assert!(
            !html.contains("<script")
                && !html.contains("onclick=x>")
                && !html.contains("javascript:")
        );
        assert!(!html.contains("https://e.org"), "no picture is fetched");
        let markdown = lesson::markdown(text, &Options::default(), "x")
            .unwrap()
            .document;
        assert!(markdown.contains("**\\</p\\>\\<script\\>**"), "{markdown}");
    }
}

mod properties {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// Any text: a report or an error with a place in it, never a panic;
        /// every problem's line is a line of the text.
        #[test]
        fn any_text_checks_or_says_where(text in "(```songo\n|```\n|[0-9 \t\n]{0,40}|N0 N1 N2 N3 N4 N5 N6\n|play: S[0-6]\n|expect: [ -~]{0,20}\n|\\*\\*[a-z ]{0,10}:\\*\\*\n|[a-zé ]{0,20}\n){0,30}") {
            let lines = text.lines().count().max(1);
            match lesson::check(&text, &Options::default()) {
                Ok(report) => {
                    for problem in &report.problems {
                        prop_assert!(problem.line >= 1 && problem.line <= lines, "{problem:?}");
                    }
                    let html = lesson::html(&text, &Options::default()).unwrap().document;
                    prop_assert!(html.ends_with("</html>\n"));
                }
                Err(error) => prop_assert!(error.line() >= 1 && error.line() <= lines + 1),
            }
        }
    }
}

//! Lessons (`songo_notation::lesson`): the escale text pasted as it is
//! checks, with its 25 boards found and its worked examples linked by their
//! moves; a changed digit or a false claim is found at its line; the
//! sample lesson (`fixtures/lessons/sample.md`) checks and draws; hostile
//! lessons are refused or handled within bounds.

use serde::Deserialize;
use songo_notation::i18n::Lang;
use songo_notation::lesson::{self, LessonReport, Options, ProblemKind, Stage};
use songo_notation::sowing::notation::diagram;

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
fn a_claim_about_the_blocks_own_move_is_judged_on_the_board_before_it() {
    // The yinda is a property of the move on the board it is played from:
    // with `jouer: N1` the claim is still about N1 on the block's board.
    for (play, claims) in [
        ("", ["N1 yinda", "N1 legal"]),
        ("jouer: N1\n", ["N1 yinda", "N1 legal"]),
        ("play: N1\n", ["N1 defence", "N1 legal"]),
    ] {
        for claim in claims {
            let text = format!(
                "```songo\nplateau: songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N\n{play}attendu: {claim}\n```\n"
            );
            let report = check(&text);
            assert!(
                report.problems.is_empty(),
                "{play}{claim}: {:?}",
                report.problems
            );
        }
    }
    // A false claim about the played move still fails.
    let report = check(
        "```songo\nposition: songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N\nplay: N2\nexpect: N2 yinda\n```\n",
    );
    assert_eq!(report.problems.len(), 1, "{:?}", report.problems);
    assert_eq!(
        report.problems[0].hint.as_deref(),
        Some("N2 is a defence of another kind (evasion)")
    );
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
        "le texte dit que S1 capture 7 graines\u{a0}; il en capture 6"
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

#[test]
fn an_unknown_date_or_player_is_not_printed() {
    let text = "[Rules \"songo\"]\n[Event \"Club\"]\n[Date \"????.??.??\"]\n[Site \"?\"]\n[South \"Ada\"]\n[North \"?\"]\n\n1. S2 N4 *\n";
    for lang in [Lang::En, Lang::Fr] {
        let options = Options {
            lang,
            rules: None,
            teacher_notes: false,
        };
        let document = lesson::html(text, &options).unwrap().document;
        let shown = without_pictures(&document);
        assert!(!shown.contains("??"), "{lang:?}: {shown}");
        assert!(
            !shown.contains(">?<") && !shown.contains(": ?"),
            "{lang:?}: {shown}"
        );
        assert!(document.contains("Ada"), "{lang:?}");
        let (markdown, _) = {
            let handout = lesson::markdown(text, &options, "x").unwrap();
            (handout.document, handout.images)
        };
        assert!(!markdown.contains("??"), "{lang:?}: {markdown}");
    }
    // A date known in part is shown as written.
    let document = lesson::html(
        &text.replace("????.??.??", "2025.??.??"),
        &Options::default(),
    )
    .unwrap()
    .document;
    assert!(document.contains("2025"), "{}", without_pictures(&document));
}

#[test]
fn the_escale_text_gets_notes_for_an_unshown_capture_and_its_bidoua() {
    let text = escale();
    let report = check(&text);
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    let notes: Vec<(usize, ProblemKind, &str)> = report
        .notes
        .iter()
        .map(|n| (n.line, n.kind, n.message.as_str()))
        .collect();
    assert_eq!(
        notes,
        [
            (
                151,
                ProblemKind::CaptureNotShown,
                "this is the board after N4's sowing; the move then captures 3 seeds (S5), which the text neither shows nor mentions"
            ),
            (
                411,
                ProblemKind::Vocabulary,
                "the text gives North the better bidoua; by its definition (teach.bidoua) South has the better one: South 7, North 4"
            ),
        ]
    );
    // Notes do not fail the check.
    assert!(report.is_ok());
    // The pupils' sheet (the default) shows none of them, nor the id of a
    // term or a path of the docs.
    let pupils = Options {
        lang: Lang::Fr,
        rules: None,
        teacher_notes: false,
    };
    let sheet = without_pictures(&lesson::html(&text, &pupils).unwrap().document);
    for needle in [
        "le texte dit que",
        "teach.bidoua",
        "docs/",
        "le coup prend ensuite",
    ] {
        assert!(!sheet.contains(needle), "{needle} on the pupils' sheet");
    }
    // The teacher's copy shows each under its board.
    let options = Options {
        teacher_notes: true,
        ..pupils
    };
    let handout = without_pictures(&lesson::html(&text, &options).unwrap().document);
    let after_board = |needle: &str| {
        let at = handout.find(needle).unwrap_or_else(|| panic!("{needle}"));
        let board = handout[..at].rfind("<svg>").unwrap();
        // No prose between the board and its note.
        assert!(
            !handout[board..at].contains("<p>"),
            "{}",
            &handout[board..at]
        );
    };
    after_board("le coup prend ensuite 3 graines (S5)");
    after_board("le texte dit que Nord a le bidoua supérieur");
    // A sowing board followed by its board after captures, or whose
    // capture the prose states, gets no note.
    let shown = text.replacen(
        "Ensuite, Nord distribue les deux graines restantes dans les cases S6 et S5 de son adversaire.",
        "Nord prend 3 graines.",
        1,
    );
    assert_eq!(check(&shown).notes.len(), 1);
}

/// The SVG pictures of a handout, in order.
fn pictures(document: &str) -> Vec<&str> {
    document
        .match_indices("<svg")
        .map(|(at, _)| {
            let end = document[at..]
                .find("</svg>")
                .map_or(document.len(), |e| at + e);
            &document[at..end]
        })
        .collect()
}

#[test]
fn handouts_draw_the_teaching_terms_on_explained_and_strategy_boards() {
    let keys = |svg: &str| -> Vec<&str> {
        [
            "threat: the seeds it would take",
            "double threat",
            "grenier and its seeds",
            "seed of a yinda",
        ]
        .into_iter()
        .filter(|key| svg.contains(key))
        .collect()
    };
    // An `explain` block without moves: its board carries the terms.
    let block = "```songo\nposition: songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N\nexplain\n```\n";
    let document = lesson::html(block, &Options::default()).unwrap().document;
    let drawn = pictures(&document);
    assert_eq!(drawn.len(), 1);
    assert_eq!(
        keys(drawn[0]),
        [
            "threat: the seeds it would take",
            "grenier and its seeds",
            "seed of a yinda"
        ]
    );
    // With moves: the boards of the move, then the last board explained.
    let played =
        "```songo\nposition: songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N\nplay: N1\nexplain\n```\n";
    let document = lesson::html(played, &Options::default()).unwrap().document;
    let drawn = pictures(&document);
    assert_eq!(drawn.len(), 3, "before, after, explained");
    assert!(keys(drawn[0]).is_empty() && keys(drawn[1]).is_empty());
    assert_eq!(
        keys(drawn[2]),
        ["threat: the seeds it would take", "grenier and its seeds"]
    );
    // The escale text's strategy boards (section VII) carry theirs; the
    // boards of its worked captures do not.
    let options = Options::default();
    let document = lesson::html(&escale(), &options).unwrap().document;
    let drawn = pictures(&document);
    assert_eq!(drawn.len(), 25);
    let marked: Vec<usize> = (0..25).filter(|&i| !keys(drawn[i]).is_empty()).collect();
    // grenier-14 and grenier-15 (section IV's grenier), then threat-simple,
    // threat-double, yinda, grenier-s4; the bidoua board has no shape.
    assert_eq!(marked, [1, 3, 20, 21, 22, 23]);
    assert_eq!(keys(drawn[21]), ["double threat"]);
}

/// The numbers after `key="` in `svg`, for each element that has it.
fn attribute_numbers(element: &str, key: &str) -> Option<i32> {
    let start = element.find(&format!(" {key}=\""))? + key.len() + 3;
    let end = element[start..].find('"')? + start;
    element[start..end].parse().ok()
}

#[test]
fn handouts_print_in_grey_changed_counts_in_ink_and_the_path_clear_of_them() {
    let document = lesson::html(&lesson("sample.md"), &Options::default())
        .unwrap()
        .document;
    // Every count is ink: a red count on its red fill was the least
    // legible thing on a grey print.
    for text in document.split("<text").skip(1) {
        let head = &text[..text.find('>').unwrap_or(text.len())];
        if head.contains("font-weight=\"bold\"") && !head.contains("font-size=\"11\"") {
            assert!(!head.contains("#c0392b"), "a count in red: <text{head}>");
        }
    }
    // The sowing path runs clear of the counts: no vertex of it within 18
    // pixels of the centre of a pit it passes.
    let mut checked = 0;
    for svg in pictures(&document) {
        let pits: Vec<(i32, i32)> = svg
            .split("<circle")
            .skip(1)
            .filter(|c| c.contains("r=\"27\""))
            .filter_map(|c| Some((attribute_numbers(c, "cx")?, attribute_numbers(c, "cy")?)))
            .collect();
        for group in svg.split("<g class=\"path\"").skip(1) {
            let d = group
                .split("d=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            // Each command's end point: its last two numbers (M, L, A).
            let points: Vec<(i32, i32)> = d
                .split(|c: char| c.is_ascii_alphabetic())
                .filter_map(|command| {
                    let numbers: Vec<i32> = command
                        .split(|c: char| !c.is_ascii_digit() && c != '-')
                        .filter(|n| !n.is_empty())
                        .map(|n| n.parse().unwrap())
                        .collect();
                    match numbers.as_slice() {
                        [.., x, y] => Some((*x, *y)),
                        _ => None,
                    }
                })
                .collect();
            for (x, y) in &points {
                for (cx, cy) in &pits {
                    if cx == x {
                        checked += 1;
                        let off = (y - cy).abs();
                        assert!(off >= 18, "{d}: ({x}, {y}) by the pit at ({cx}, {cy})");
                    }
                }
            }
        }
    }
    assert!(checked > 10, "{checked}");
}

#[test]
fn pasted_boards_show_the_stores_their_text_gives_or_a_move_carries() {
    // The stores of a picture, as written in it (none when hidden).
    let store_word = |svg: &str| svg.contains(">store<");
    // Exemple 1 of the escale text, as pasted: no stores anywhere, so none
    // drawn (it drew "South 0 store" after a capture of 6).
    let bare = "Before:\n\nN0 N1 N2 N3 N4 N5 N6\n3 1 1 10 1 5 0\n2 3 5 0 1 1 7\nS0 S1 S2 S3 S4 S5 S6\n\nFinal board:\n\nN0 N1 N2 N3 N4 N5 N6\n0 0 1 10 1 5 0\n3 0 5 0 1 1 7\nS0 S1 S2 S3 S4 S5 S6\n";
    let document = lesson::html(bare, &Options::default()).unwrap().document;
    let drawn = pictures(&document);
    assert_eq!(drawn.len(), 2);
    assert!(drawn.iter().all(|svg| !store_word(svg)), "stores drawn");
    // The board before gives them: the move carries them onto the next.
    let given = bare.replacen(
        "S0 S1 S2 S3 S4 S5 S6\n",
        "S0 S1 S2 S3 S4 S5 S6\nstores: south 4 north 2\n",
        1,
    );
    let document = lesson::html(&given, &Options::default()).unwrap().document;
    let drawn = pictures(&document);
    assert!(drawn.iter().all(|svg| store_word(svg)));
    let counts = |svg: &str| -> (String, String) {
        // Each store's count is the text before its word; North's store is
        // drawn first (on the left), then South's.
        let pieces: Vec<&str> = svg.split(">store</text>").collect();
        let count = |piece: &str| {
            let before = &piece[..piece.rfind("<text").unwrap()];
            let open = before.rfind("<text").unwrap();
            let text = &before[open..];
            text[text.find('>').unwrap() + 1..text.find("</text>").unwrap()].to_owned()
        };
        (count(pieces[1]), count(pieces[0]))
    };
    assert_eq!(counts(drawn[0]), ("4".to_owned(), "2".to_owned()));
    assert_eq!(counts(drawn[1]), ("10".to_owned(), "2".to_owned()));
}

#[test]
fn a_teacher_chooses_the_plies_that_get_a_board() {
    let game = "[Rules \"songo\"]\n\n1. S5 {a} N4 {b} 2. S5 {c} N1 {d} 3. S2 {e} N5 {f} 4. S5 {g} N1 {h} 5. S4 {i} N2+3 {j} *\n";
    let count = |text: &str| {
        let document = lesson::html(text, &Options::default())
            .unwrap_or_else(|e| panic!("{e}"))
            .document;
        (
            pictures(&document).len(),
            document.contains("<p class=\"comment\">j</p>") || document.contains(">j<"),
        )
    };
    // A comment at every ply: a board at every ply, and the start.
    assert_eq!(count(&format!("```songo\n{game}```\n")).0, 11);
    // Chosen: the start, then after plies 3 and 8 to 10 (10 is the last).
    let (boards, last_comment) = count(&format!("```songo\nboards: 3 8-12\n{game}```\n"));
    assert_eq!((boards, last_comment), (1 + 1 + 3, true));
    let (boards, _) = count(&format!("```songo\nplateaux: aucun\n{game}```\n"));
    assert_eq!(boards, 1);
    // What does not read is refused at its place.
    let error = lesson::check(
        &format!("```songo\nboards: 3 x\n{game}```\n"),
        &Options::default(),
    )
    .unwrap_err();
    assert_eq!((error.line(), error.column()), (2, 11));
    let error = lesson::check(
        "```songo\nboards: 3\nposition: start\n```\n",
        &Options::default(),
    )
    .unwrap_err();
    assert_eq!((error.line(), error.column()), (2, 9));
}

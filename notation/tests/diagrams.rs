//! Every diagram of the escale-a-jeux text, pasted as the source has it
//! (`fixtures/positions/*.txt`: tabs and label rows), reads as the board of
//! the matching worked example (`fixtures/examples/*.yaml`).

use serde::Deserialize;
use songo_notation::{Position, Ruleset, Side, read, sowing::notation::diagram};

use crate::common;

#[derive(Deserialize)]
struct Board {
    north: Vec<u32>,
    south: Vec<u32>,
}

#[derive(Deserialize)]
struct Example {
    rules: Ruleset,
    before: Board,
    sown: Option<Board>,
    after: Option<Board>,
}

fn example(id: &str) -> Example {
    let path = common::fixtures_dir().join(format!("examples/{id}.yaml"));
    serde_yaml::from_str(&common::read_fixture(&path))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Which board of a worked example a diagram shows.
#[derive(Clone, Copy, Debug)]
enum Stage {
    Before,
    Sown,
    After,
}

/// The diagrams in the order of the text, and the example board each shows.
const ESCALE: &[(&str, &str, Stage)] = &[
    ("first-move-s2-after", "first-move-s2", Stage::After),
    ("grenier-14", "grenier-14-n4", Stage::Before),
    ("grenier-14-sown", "grenier-14-n4", Stage::Sown),
    ("grenier-15", "grenier-15-n4", Stage::Before),
    ("grenier-15-sown", "grenier-15-n4", Stage::Sown),
    ("capture-ex1", "capture-ex1-s1", Stage::Before),
    ("capture-ex1-sown", "capture-ex1-s1", Stage::Sown),
    ("capture-ex1-after", "capture-ex1-s1", Stage::After),
    ("capture-ex2", "capture-ex2-s2", Stage::Before),
    ("capture-ex2-sown", "capture-ex2-s2", Stage::Sown),
    ("capture-ex2-after", "capture-ex2-s2", Stage::After),
    ("capture-ex3", "capture-ex3-s5", Stage::Before),
    ("capture-ex3-sown", "capture-ex3-s5", Stage::Sown),
    ("capture-ex3-after", "capture-ex3-s5", Stage::After),
    ("exit-single", "exit-single-s0", Stage::Before),
    (
        "exit-pair-no-capture",
        "exit-pair-no-capture-s0",
        Stage::Before,
    ),
    ("exit-pair-capture", "exit-pair-capture-s0", Stage::Before),
    ("entry-only", "entry-only-s3", Stage::Before),
    ("no-emptying", "no-emptying-n3", Stage::Before),
    ("solidarity", "solidarity-max", Stage::Before),
    ("threat-simple", "threat-simple-s1", Stage::Before),
    ("yinda", "yinda-n1", Stage::Before),
    ("grenier-s4", "grenier-s4", Stage::Before),
];

/// The two diagrams no worked example plays a move on, and their boards.
const UNPLAYED: &[(&str, &str)] = &[
    ("threat-double", "songo:0,1,1,0,6,0,0/2,4,0,0,1,5,1:0-0:S"),
    ("bidoua", "songo:0,1,2,0,1,0,2/1,1,0,0,8,5,1:0-0:S"),
];

fn read_fixture(name: &str) -> String {
    common::read_fixture(&common::fixtures_dir().join(format!("positions/{name}.txt")))
}

#[test]
fn every_diagram_of_the_escale_text_is_a_fixture() {
    let mut names: Vec<String> = common::fixture_files("positions", Some("txt"), false)
        .into_iter()
        .filter_map(|path| Some(path.file_stem()?.to_str()?.to_owned()))
        .collect();
    names.sort();
    let mut listed: Vec<String> = ESCALE
        .iter()
        .map(|(name, _, _)| (*name).to_owned())
        .chain(UNPLAYED.iter().map(|(name, _)| (*name).to_owned()))
        .collect();
    listed.sort();
    assert_eq!(names, listed);
    // The text draws 25 boards, every one with tabs and both label rows.
    assert_eq!(listed.len(), 25);
    for name in &listed {
        let text = read_fixture(name);
        assert!(text.starts_with("N0\tN1\tN2\tN3\tN4\tN5\tN6\n"), "{name}");
        assert!(text.ends_with("S0\tS1\tS2\tS3\tS4\tS5\tS6\n"), "{name}");
    }
}

#[test]
fn every_escale_diagram_reads_as_its_worked_example_board() {
    for &(name, id, stage) in ESCALE {
        let text = read_fixture(name);
        let position = diagram::parse(&text, None).unwrap_or_else(|e| panic!("{name}:\n{e}"));
        let example = example(id);
        let board = match stage {
            Stage::Before => Some(&example.before),
            Stage::Sown => example.sown.as_ref(),
            Stage::After => example.after.as_ref(),
        }
        .unwrap_or_else(|| panic!("{id} has no {stage:?} board"));
        assert_eq!(position.rules(), example.rules, "{name}");
        assert_eq!(
            position.row(Side::North).as_slice(),
            board.north,
            "{name}: north"
        );
        assert_eq!(
            position.row(Side::South).as_slice(),
            board.south,
            "{name}: south"
        );
        assert_eq!(
            position.stores().south + position.stores().north,
            0,
            "{name}"
        );
        assert_eq!(position.to_move(), Side::South, "{name}");
        // Auto-detection finds the diagram too.
        assert_eq!(
            read::sowing_position(&text, None).as_ref(),
            Ok(&position),
            "{name}"
        );
    }
    for &(name, compact) in UNPLAYED {
        let position =
            diagram::parse(&read_fixture(name), None).unwrap_or_else(|e| panic!("{name}:\n{e}"));
        assert_eq!(position.to_string(), compact, "{name}");
    }
}

#[test]
fn the_diagrams_read_the_same_with_spaces_and_without_labels() {
    for &(name, _, _) in ESCALE {
        let text = read_fixture(name);
        let expected: Position = diagram::parse(&text, None).unwrap();
        let spaced = text.replace('\t', "  ");
        assert_eq!(
            diagram::parse(&spaced, None),
            Ok(expected),
            "{name} with spaces"
        );
        let unlabeled: String = text
            .lines()
            .skip(1)
            .take(2)
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(
            diagram::parse(&unlabeled, None),
            Ok(expected),
            "{name} unlabeled"
        );
        let crlf = text.replace('\n', "\r\n");
        assert_eq!(
            diagram::parse(&crlf, None),
            Ok(expected),
            "{name} with CRLF"
        );
    }
}

/// `songo play` on each worked example of the text prints the text's own
/// boards: the play text's "After sowing" and "After captures" diagrams
/// (or its one "After" diagram, for a move that captures nothing) read
/// back as the text's intermediate and final diagrams.
#[test]
fn playing_the_worked_examples_prints_the_texts_boards() {
    use songo_notation::{LetterCase, report};
    // (before, side to move, move, the text's board after sowing, its final board)
    let cases: &[(&str, Side, &str, &str, Option<&str>)] = &[
        (
            "capture-ex1",
            Side::South,
            "S1",
            "capture-ex1-sown",
            Some("capture-ex1-after"),
        ),
        (
            "capture-ex2",
            Side::South,
            "S2",
            "capture-ex2-sown",
            Some("capture-ex2-after"),
        ),
        (
            "capture-ex3",
            Side::South,
            "S5",
            "capture-ex3-sown",
            Some("capture-ex3-after"),
        ),
        // The grenier diagrams show the board after sowing only.
        ("grenier-14", Side::North, "N4", "grenier-14-sown", None),
        ("grenier-15", Side::North, "N4", "grenier-15-sown", None),
    ];
    let start = std::iter::once((
        Position::start(Ruleset::Songo),
        "S2",
        "first-move-s2-after",
        Some("first-move-s2-after"),
    ));
    let cases = cases.iter().map(|&(before, side, played, sown, after)| {
        let position = diagram::parse(&read_fixture(before), None)
            .unwrap()
            .with_to_move(side);
        (position, played, sown, after)
    });
    for (before, played, sown, after) in start.chain(cases) {
        let report = report::play(before, &[played]).unwrap();
        let text =
            songo_notation::sowing::render::text::played_line(&report, LetterCase::default());
        // A move that captures nothing shows one board after it, "After".
        let board = |title: &str| -> Position {
            let start = text
                .find(title)
                .or_else(|| text.find("After (* changed)"))
                .unwrap_or_else(|| panic!("{title} in\n{text}"));
            let block: String = text[start..]
                .lines()
                .skip(1)
                .take_while(|line| !line.is_empty())
                .map(|line| format!("{line}\n"))
                .collect();
            diagram::parse(&block, None).unwrap_or_else(|e| panic!("{block}\n{e}"))
        };
        let rows = |p: &Position| (p.row(Side::North).to_vec(), p.row(Side::South).to_vec());
        let expected = diagram::parse(&read_fixture(sown), None).unwrap();
        assert_eq!(rows(&board("After sowing")), rows(&expected), "{sown}");
        if let Some(after) = after {
            let expected = diagram::parse(&read_fixture(after), None).unwrap();
            assert_eq!(rows(&board("After captures")), rows(&expected), "{after}");
        }
    }
}

/// Issue 17, item 3: a diagram pasted with the text's own bold heading on
/// the line before it (`**Situation avant le coup:**`, the colon inside the
/// bold) reads as its board.
#[test]
fn a_diagram_under_its_bold_heading_reads() {
    let board = read_fixture("capture-ex1");
    let expected = diagram::parse(&board, None).unwrap();
    for heading in [
        "**Situation avant le coup:**",
        "**Situation avant le coup** :",
        "__Situation avant le coup__",
        "**Exemple 1** : Le joueur sud capture six graines en jouant en S1.",
        "**Situation Intermédiaire (Sud a distribué les pions issus de la case S1)** :",
    ] {
        for gap in ["\n", "\n\n"] {
            let text = format!("{heading}{gap}{board}");
            assert_eq!(
                diagram::parse(&text, None),
                Ok(expected),
                "{heading:?} then {gap:?}"
            );
            assert_eq!(read::sowing_position(&text, None), Ok(expected));
        }
    }
    // Bold counts stay counts, and a bold label row stays a label row.
    let bold =
        "N0 N1 N2 N3 N4 N5 N6\n**4** **2** 1 10 1 5 0\n3 0 5 0 1 1 7\nS0 S1 S2 S3 S4 S5 S6\n";
    assert_eq!(
        diagram::parse(bold, None).unwrap().to_string(),
        "songo:4,2,1,10,1,5,0/3,0,5,0,1,1,7:0-0:S"
    );
}

/// Issue 17, item 3: the board after sowing that `songo play` writes, in
/// text or Markdown, pasted back with its heading, reads as that board: the
/// marks (`*`, bold, struck out) are accepted and ignored.
#[test]
fn an_after_sowing_board_pasted_back_keeps_its_meaning() {
    use songo_notation::{LetterCase, report, sowing::render::markdown};
    let before = diagram::parse(&read_fixture("capture-ex1"), None).unwrap();
    let sown = diagram::parse(&read_fixture("capture-ex1-sown"), None).unwrap();
    let after = diagram::parse(&read_fixture("capture-ex1-after"), None).unwrap();
    let played = report::play(before, &["S1"]).unwrap();
    let rows = |p: &Position| (p.row(Side::North).to_vec(), p.row(Side::South).to_vec());
    for text in [
        songo_notation::sowing::render::text::played_line(&played, LetterCase::default()),
        markdown::played_line(&played, LetterCase::default()),
    ] {
        // Each board with the heading above it, cut at the next heading.
        let piece = |from: &str, to: Option<&str>| -> Position {
            let found = text
                .find(from)
                .unwrap_or_else(|| panic!("{from} in {text}"));
            let start = text[..found].rfind('\n').map_or(0, |i| i + 1);
            let end = to.map_or(text.len(), |to| {
                let found = start + text[start..].find(to).unwrap();
                text[..found].rfind('\n').map_or(0, |i| i + 1)
            });
            let cut = &text[start..end];
            // The summary line under the last board is no part of it.
            let cut = cut.split("\n6 captured").next().unwrap();
            diagram::parse(cut, None).unwrap_or_else(|e| panic!("{cut}\n{e}"))
        };
        assert_eq!(
            rows(&piece("After sowing", Some("After captures"))),
            rows(&sown)
        );
        assert_eq!(rows(&piece("After captures", None)), rows(&after));
    }
}

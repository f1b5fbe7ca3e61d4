//! Game records and the validator against the fixtures of
//! `fixtures/records/`: every valid game validates, every broken one gets
//! exactly the violations its `; expect:` lines list, at the right line and
//! column; round trips through the writer, JSON and YAML change nothing;
//! generated games always validate; no input makes anything panic.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use songo_notation::Ruleset;

use crate::common;
use songo_notation::error::Location;
use songo_notation::generate::{GenerateOptions, Generator};
use songo_notation::record::Span;
use songo_notation::record::{self, GameRecord, serde as record_serde};
use songo_notation::record::{BatchReader, TextProblem, games};
use songo_notation::record::{
    MAX_SYNTAX_ERRORS, MoveToken, Origin, Pos, SyntaxError, Visitor, read_game,
};
use songo_notation::validate::{MAX_VIOLATIONS, Options, validate_str};

fn fixtures(kind: &str) -> Vec<PathBuf> {
    common::fixture_files(&format!("records/{kind}"), None, false)
}

fn read(path: &Path) -> String {
    let bytes = std::fs::read(path).expect("a readable fixture");
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn every_valid_fixture_validates() {
    for path in fixtures("valid") {
        let report = validate_str(&read(&path), &Options::default());
        assert!(report.summary.games > 0, "{}: no game", path.display());
        for game in &report.games {
            assert!(
                game.valid,
                "{} game {}: {:#?}",
                path.display(),
                game.index + 1,
                game.violations
            );
            // A finished game's claimed result is the computed one.
            if game.result.claimed.as_deref() != Some("*") {
                assert_eq!(game.result.claimed, game.result.computed);
            }
        }
    }
}

/// The `; expect: RULE LINE:COLUMN` lines of a broken fixture.
fn expectations(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| line.strip_prefix("; expect: "))
        .map(|rest| rest.trim().to_owned())
        .collect()
}

#[test]
fn every_broken_fixture_gets_exactly_its_violations() {
    for path in fixtures("broken") {
        let bytes = std::fs::read(&path).expect("a readable fixture");
        let text = String::from_utf8_lossy(&bytes);
        let expected = expectations(&text);
        assert!(!expected.is_empty(), "{}: no expect line", path.display());
        // Read as the CLI does: from bytes, so that bad UTF-8 is seen.
        let mut reader = BatchReader::new(&bytes[..]);
        let mut found = Vec::new();
        while let Some(batch) = reader.next_batch().expect("reading from memory") {
            for report in songo_notation::validate::validate_batch(&batch, &Options::default()) {
                assert!(!report.valid, "{} should be invalid", path.display());
                for v in report.violations {
                    found.push(format!("{} {}:{}", v.rule, v.line, v.column));
                }
            }
        }
        assert_eq!(found, expected, "{}", path.display());
    }
}

#[test]
fn keep_going_plays_a_refused_move_and_goes_on() {
    let path = common::fixtures_dir().join("records/broken/exit.songo");
    let text = read(&path);
    let options = Options {
        keep_going: true,
        ..Options::default()
    };
    let report = validate_str(&text, &options);
    let rules: Vec<&str> = report.games[0]
        .violations
        .iter()
        .map(|v| v.rule.as_str())
        .collect();
    assert_eq!(rules, ["songo.exit", "songo.exit"]);
    assert_eq!(report.games[0].violations[1].ply, 2);
    // An empty house cannot be played even so: the replay stops there.
    let empty = validate_str("[Rules \"songo\"]\n1. S2 N4 2. S2 N3 3. S2 *", &options);
    assert_eq!(empty.games[0].violations.len(), 1);
}

#[test]
fn writing_then_reading_a_fixture_gives_it_back() {
    for path in fixtures("valid") {
        let text = read(&path);
        let records = record::read_all(&text).expect("a valid fixture reads");
        let written = record::write_all(&records);
        let again = record::read_all(&written).expect("written text reads");
        assert_eq!(again, records, "{}", path.display());
        // The writer is canonical: writing again changes nothing.
        assert_eq!(record::write_all(&again), written, "{}", path.display());
        for line in written.lines().filter(|line| !line.starts_with('[')) {
            assert!(
                line.chars().count() < 80,
                "{}: long line {line}",
                path.display()
            );
        }
        // The written text validates as the original did.
        let report = validate_str(&written, &Options::default());
        assert_eq!(report.summary.invalid, 0, "{}", path.display());
    }
}

#[test]
fn json_and_yaml_forms_give_the_record_back() {
    for path in fixtures("valid") {
        let records = record::read_all(&read(&path)).expect("a valid fixture reads");
        let json = serde_json::to_string_pretty(&records).expect("records serialize");
        assert_eq!(record_serde::from_json(&json).expect("JSON reads"), records);
        let yaml = serde_yaml::to_string(&records).expect("records serialize");
        assert_eq!(record_serde::from_yaml(&yaml).expect("YAML reads"), records);
    }
}

#[test]
fn the_json_form_names_its_mistakes() {
    let bad = [
        (r#"{"moves": [{"move": "S5+11"}]}"#, "give the claim"),
        (
            r#"{"moves": [{"move": "S5", "comment": "x"}]}"#,
            "a node is one of",
        ),
        (r#"{"moves": ["S 5"]}"#, "not one move token"),
        (r#"{"tags": {"bad name": "x"}}"#, "is not a tag name"),
        (r#"{"result": "won"}"#, "is not a result"),
        (r#"{"moves": [], "extra": 1}"#, "unknown field"),
    ];
    for (json, words) in bad {
        let error = record_serde::from_json(json).expect_err(json).to_string();
        assert!(error.contains(words), "{json}: {error}");
    }
    // A refused value is named by its JSON pointer and placed at its value
    // (serde's own errors have no pointer).
    let error =
        record_serde::from_json("[{},\n {\"moves\": [{\"variation\": [\"S2\", \"N3++\"]}]}]")
            .expect_err("a bad token in a variation");
    assert_eq!(error.pointer(), Some("/1/moves/0/variation/1"));
    assert_eq!(error.place(), Some((2, 39)));
    let error = record_serde::from_yaml("moves:\n  - S2\n  - move: S5+11\n")
        .expect_err("a claim in `move`");
    assert_eq!(error.pointer(), Some("/moves/1/move"));
    assert_eq!(error.place(), Some((3, 11)));
    assert!(
        error
            .to_string()
            .starts_with("moves[1].move: `move` is the move alone"),
        "{error}"
    );
    let error = record_serde::from_json("{\"moves\": 5}").expect_err("not a list");
    assert_eq!((error.pointer(), error.place()), (None, Some((1, 11))));
    let lenient: Vec<GameRecord> =
        record_serde::from_yaml("tags:\n  Round: 3\nmoves: [S2, N4+1!]\n").expect("reads");
    assert_eq!(lenient[0].tags.get("Round"), Some("3"));
    assert_eq!(lenient[0].to_string(), "[Round \"3\"]\n\n1. S2 N4+1! *\n");
}

#[test]
fn ogn_files_convert_back_to_ogn() {
    let path = common::fixtures_dir().join("records/valid/oware-auale.ogn");
    let text = read(&path);
    let records = record::read_all(&text).expect("the OGN fixture reads");
    let ogn = songo_notation::sowing::ogn::to_ogn(&records[0]).expect("an oware game");
    assert_eq!(record::read_all(&ogn).expect("OGN reads"), records);
    assert!(ogn.starts_with("[Variant \"Oware Abapa\"]\n"));
}

#[test]
fn the_batch_reader_splits_as_the_memory_reader_does() {
    let mut text = String::new();
    for path in fixtures("valid").into_iter().chain(fixtures("broken")) {
        text.push_str(&read(&path));
        text.push('\n');
    }
    let expected: Vec<(usize, usize, String)> = games(&text)
        .map(|game| (game.origin.offset, game.origin.line, game.text.into_owned()))
        .collect();
    for batch_bytes in [1, 100, 4096, 1 << 20] {
        let mut reader = BatchReader::with_limits(OneByte(text.as_bytes()), batch_bytes, 1 << 20);
        let mut found = Vec::new();
        while let Some(batch) = reader.next_batch().expect("reading from memory") {
            for game in batch.games() {
                found.push((game.origin.offset, game.origin.line, game.text.into_owned()));
            }
        }
        assert_eq!(found, expected, "batches of {batch_bytes} bytes");
    }
}

/// A reader that gives one byte at a time, the worst a stream can do.
struct OneByte<'a>(&'a [u8]);

impl std::io::Read for OneByte<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((&byte, rest)), Some(slot)) => {
                *slot = byte;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

#[test]
fn a_game_larger_than_the_limit_is_skipped_and_reported() {
    let huge = format!(
        "[Event \"a\"]\n1. S2 *\n[Event \"big\"]\n1. S2 {{{}}}\n{}\n[Event \"c\"]\n1. S3 *\n",
        "x".repeat(5000),
        "y ".repeat(3000)
    );
    // Read at once, and byte by byte (the game then outgrows the limit while it is read).
    for one_byte in [false, true] {
        let stream: Box<dyn std::io::Read> = if one_byte {
            Box::new(OneByte(huge.as_bytes()))
        } else {
            Box::new(huge.as_bytes())
        };
        let mut reader = BatchReader::with_limits(stream, 64, 1000);
        let mut seen = Vec::new();
        while let Some(batch) = reader.next_batch().expect("reading from memory") {
            for game in batch.games() {
                seen.push((
                    game.index,
                    game.origin.line,
                    game.origin.offset,
                    game.problem.is_some(),
                ));
            }
        }
        let c = huge.find("[Event \"c\"]").expect("a third game");
        assert_eq!(
            seen,
            [(0, 1, 0, false), (1, 3, 20, true), (2, 6, c, false)],
            "one byte: {one_byte}"
        );
    }
}

#[test]
fn a_line_of_garbage_gives_a_bounded_report() {
    // 200 000 mistakes on one line of 400 KB: quoting the whole line in
    // each would take 80 GB.
    let text = format!("[Rules \"songo\"]\n\n1. {}\n", "% ".repeat(200_000));
    let report = validate_str(&text, &Options::default());
    let violations = &report.games[0].violations;
    assert_eq!(violations.len(), MAX_SYNTAX_ERRORS + 1);
    let last = violations.last().map(|v| v.message.as_str());
    assert_eq!(
        last,
        Some("more than 50 syntax errors in this game: the others are not reported")
    );
    for violation in violations {
        assert!(violation.source_line.text.chars().count() <= 102);
        let under = violation
            .source_line
            .text
            .chars()
            .nth(violation.source_line.caret);
        assert_eq!(under, Some('%'), "{violation:?}");
    }
    let games = record::parse_games(&text);
    assert_eq!(games[0].errors.len(), MAX_SYNTAX_ERRORS + 1);
}

#[test]
fn problems_past_the_limit_are_counted_not_reported() {
    // 150 variations, each refused (there is no house S9).
    let text = format!("[Rules \"songo\"]\n\n1. S2 {}*\n", "(S9) ".repeat(150));
    let report = validate_str(&text, &Options::default());
    let game = &report.games[0];
    assert_eq!((game.violations.len(), game.omitted), (MAX_VIOLATIONS, 50));
    assert_eq!(report.summary.violations, 150);
    let json = serde_json::to_value(game).expect("a report serializes");
    assert_eq!(json["omitted"], 50);
}

#[test]
fn syntax_errors_say_where_and_why() {
    let cases = [
        (
            "[Rules songo]\n1. S2 *",
            "expected the value of tag `Rules` in double quotes at line 1, column 8",
        ),
        (
            "[Rules \"songo\"\n1. S2 *",
            "expected `]` to close tag `Rules` at line 1, column 15",
        ),
        (
            "1. S2 {never closed",
            "this comment is never closed at line 1, column 7",
        ),
        (
            "1. S2 (N4 (S3",
            "this variation and 1 inside it are never closed at line 1, column 7",
        ),
        (
            "(S2) *",
            "a variation must follow the move it replaces at line 1, column 1",
        ),
        (
            "1. S2 * N4",
            "moves after the result token at line 1, column 9",
        ),
        (
            "1. S2 $300 *",
            "$300 is not an annotation: they go from $0 to $255 at line 1, column 7",
        ),
        (
            "1. S2 (N4 *) *",
            "a result token inside a variation at line 1, column 11",
        ),
        (
            "1. S2 41-",
            "a result is two numbers joined by `-` at line 1, column 7",
        ),
        (
            "1. S2+99999999999 *",
            "capture claim 99999999999 is too large at line 1, column 7",
        ),
        (
            "! S2 *",
            "an annotation must follow a move at line 1, column 1",
        ),
    ];
    for (text, expected) in cases {
        let games = record::parse_games(text);
        let first = games[0]
            .errors
            .first()
            .unwrap_or_else(|| panic!("{text}: no error"));
        let shown = first.to_string();
        assert!(shown.starts_with(expected), "{text}:\n{shown}");
    }
}

#[test]
fn records_read_leniently() {
    let strict = "[Rules \"songo\"]\n\n1. S2 N4 2. S5 *\n";
    let lenient = [
        "\u{feff}[Rules \"songo\"]\r\n\r\n1.S2 N4 2.S5 *\r\n",
        "  [ Rules   \"songo\" ]\n1. S2\n  N4\n\n2. S5 *",
        "[rules \"songo\"]\nS2 N4 S5 *",
        "[Rules \"songo\"]\n1. S2 1... N4 2 S5 *",
    ];
    let expected: GameRecord = strict.parse().expect("the strict form reads");
    for text in lenient {
        let record: GameRecord = text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(record, expected, "{text:?}");
        assert_eq!(record.to_string(), strict);
    }
}

/// Every place the parser gives, as line, column and offset.
struct Places(Vec<Span>);

impl<'a> Visitor<'a> for Places {
    type Output = ();
    fn tag(&mut self, _: &'a str, _: &str, at: Pos<'a>) {
        self.0.push(at.span());
    }
    fn san(&mut self, token: MoveToken<'a>) {
        self.0.push(token.at.span());
    }
    fn nag(&mut self, _: u8, at: Pos<'a>) {
        self.0.push(at.span());
    }
    fn comment(&mut self, _: &'a str, at: Pos<'a>) {
        self.0.push(at.span());
    }
    fn begin_variation(&mut self, at: Pos<'a>) {
        self.0.push(at.span());
    }
    fn end_variation(&mut self, at: Pos<'a>) {
        self.0.push(at.span());
    }
    fn result(&mut self, _: &'a str, at: Pos<'a>) {
        self.0.push(at.span());
    }
    fn syntax_error(&mut self, error: SyntaxError) {
        self.0.push(error.span);
    }
    fn end_game(&mut self) {}
}

fn rules() -> impl Strategy<Value = Ruleset> {
    prop_oneof![
        Just(Ruleset::Songo),
        Just(Ruleset::SongoEkang),
        Just(Ruleset::Awale),
        Just(Ruleset::OwareAbapa),
        Just(Ruleset::Seega),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn generated_games_validate_and_survive_write_then_read(
        rules in rules(),
        seed in any::<u64>(),
        annotate in any::<bool>(),
    ) {
        let options = GenerateOptions { max_plies: 300, annotate, ..GenerateOptions::default() };
        let mut generator = Generator::new(rules, seed, options);
        let records: Vec<GameRecord> = (0..3).map(|i| generator.game(i)).collect();
        let text = record::write_all(&records);
        let report = validate_str(&text, &Options::default());
        prop_assert_eq!(report.summary.games, 3);
        for game in &report.games {
            prop_assert!(game.valid, "{:#?}\n{}", game.violations, text);
        }
        let read = record::read_all(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&read, &records);
        prop_assert_eq!(record::write_all(&read), text);
        let json = serde_json::to_string(&records).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(record_serde::from_json(&json).map_err(|e| TestCaseError::fail(e.to_string()))?, records);
    }

    #[test]
    fn no_panic_on_arbitrary_text(text in "\\PC{0,400}") {
        let report = validate_str(&text, &Options { keep_going: true, ..Options::default() });
        prop_assert_eq!(report.summary.games, report.games.len());
        let _ = record::parse_games(&text);
    }

    #[test]
    fn no_panic_on_record_like_text(
        parts in prop::collection::vec(
            prop_oneof![
                Just("[Rules \"songo\"]\n"), Just("[Rules \"awale\"]\n"), Just("[Result \"41-29\"]\n"),
                Just("[Position \"songo:1,2,3/4\"]\n"), Just("[Termination \"songo.end.forty\"]\n"),
                Just("[SetUp \"fragment\"]\n"), Just("[First \"North\"]\n"), Just("[Capitals \"North\"]\n"),
                Just("S2 "), Just("N4 "), Just("S5+3 "), Just("a "), Just("F "), Just("1. "), Just("2... "),
                Just("{c} "), Just("{"), Just("}"), Just("( "), Just(") "), Just("; x\n"), Just("$3 "),
                Just("! "), Just("?! "), Just("* "), Just("41-29 "), Just("1/2-1/2 "), Just("\n"), Just("\r\n"),
                Just("\u{feff}"), Just("é"), Just("["), Just("]"), Just("\""),
            ],
            0..60,
        ),
        keep_going in any::<bool>(),
    ) {
        let text: String = parts.concat();
        let options = Options { keep_going, ..Options::default() };
        let report = validate_str(&text, &options);
        for game in &report.games {
            for v in &game.violations {
                prop_assert!(v.line >= 1 && v.column >= 1);
            }
        }
        // What reads without error writes back to the same record (the
        // writer adds a result token where there was none), and writing is
        // canonical: once written, the text stays the same.
        if let Ok(mut records) = record::read_all(&text) {
            let written = record::write_all(&records);
            let again = record::read_all(&written).map_err(|e| TestCaseError::fail(format!("{e}\n{written}")))?;
            prop_assert_eq!(record::write_all(&again), written);
            for (record, read) in records.iter_mut().zip(&again) {
                if record.result.is_none() {
                    record.result.clone_from(&read.result);
                }
            }
            prop_assert_eq!(again, records);
        }
    }

    #[test]
    fn every_place_the_parser_gives_is_where_its_offset_is(
        parts in prop::collection::vec(
            prop_oneof![
                Just("[Rules \"songo\"]\n"), Just("[Event \"é\u{3000}\"]\n"), Just("[Bad é\n"),
                Just("S2 "), Just("N4+3 "), Just("1. "), Just("{multi\nline é}"), Just("{"),
                Just("( "), Just(") "), Just("; é x\n"), Just("$3 "), Just("$ "), Just("! "), Just("* "),
                Just("41-29 "), Just("\n"), Just("\r\n"), Just("\t"), Just("é"), Just("\u{3000}"),
                Just("]"), Just("%"), Just("% escape\n"), Just("\u{feff}"),
            ],
            0..60,
        ),
    ) {
        let text: String = parts.concat();
        let mut places = Places(Vec::new());
        read_game(&text, Origin::default(), &mut places);
        // A byte order mark at the start is no character.
        let body = text.strip_prefix('\u{feff}').map_or(text.as_str(), |body| body);
        let skipped = text.len() - body.len();
        for span in places.0 {
            let at = Location::of_offset(body, span.offset - skipped);
            prop_assert_eq!((span.line, span.column), (at.line, at.column), "{:?} at {}", text, span.offset);
        }
    }

    #[test]
    fn no_panic_on_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        let mut at_once = Vec::new();
        let mut reader = BatchReader::with_limits(&bytes[..], 32, 256);
        while let Ok(Some(batch)) = reader.next_batch() {
            for report in songo_notation::validate::validate_batch(&batch, &Options::default()) {
                at_once.push((report.index, report.line));
            }
        }
        let mut byte_by_byte = Vec::new();
        let mut too_large = false;
        let mut reader = BatchReader::with_limits(OneByte(&bytes), 32, 256);
        while let Ok(Some(batch)) = reader.next_batch() {
            for game in batch.games() {
                too_large |= matches!(game.problem, Some(TextProblem::TooLarge { .. }));
                byte_by_byte.push((game.index, game.origin.line));
            }
        }
        // Byte by byte, the same games are found (a game over the limit
        // may be cut elsewhere: only its being reported is promised).
        if !too_large {
            prop_assert_eq!(at_once, byte_by_byte);
        }
    }
}

#[test]
fn a_paragraph_of_semicolon_lines_is_one_comment() {
    // A record's header of `;` lines is one comment: `annotate` and the
    // writer keep it one paragraph, not one comment per line.
    let text = "; A game by the Ekang rules,\n;   North moving first.\n;\n; Both sides: a program.\n[Rules \"songo\"]\n\n1. S2 ; after S2\n; still about S2\nN4 {braced} ; a new one\n*\n";
    let record: GameRecord = text.parse().unwrap();
    let comments: Vec<&str> = record
        .moves
        .iter()
        .filter_map(|node| match node {
            record::Node::Comment(text) => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        comments,
        [
            "A game by the Ekang rules, North moving first. Both sides: a program.",
            "after S2 still about S2",
            "braced",
            "a new one",
        ]
    );
    assert_eq!(
        record.to_string(),
        "[Rules \"songo\"]\n\n{A game by the Ekang rules, North moving first. Both sides: a program.} 1. S2\n{after S2 still about S2} 1... N4 {braced} {a new one} *\n"
    );
}

//! Annotated records (`annotation`, `songo annotate`): every valid record
//! of `fixtures/` and a thousand generated games, annotated in English and
//! in French, give records that validate, read back to the same record,
//! keep every comment and variation they had, and do not change when
//! annotated again.

use songo_notation::Ruleset;
use songo_notation::annotation::{Options, annotate_records, annotate_text};
use songo_notation::generate::{GenerateOptions, Generator};
use songo_notation::i18n::Lang;
use songo_notation::record::{self, GameRecord, Node};
use songo_notation::validate::{self, Options as ValidateOptions};

use crate::common;

/// The comments of a move text, variations included, in order.
fn comments(nodes: &[Node]) -> Vec<String> {
    let mut all = Vec::new();
    for node in nodes {
        match node {
            Node::Comment(text) => all.push(text.clone()),
            Node::Variation(inner) => all.extend(comments(inner)),
            Node::Move(_) => {}
        }
    }
    all
}

/// How many variations a move text holds, nested ones included.
fn variations(nodes: &[Node]) -> usize {
    nodes
        .iter()
        .map(|node| match node {
            Node::Variation(inner) => 1 + variations(inner),
            _ => 0,
        })
        .sum()
}

/// Annotates `records` in `lang` and checks everything the test promises;
/// returns how many annotations were written.
fn check(records: &[GameRecord], lang: Lang, origin: &str) -> usize {
    let options = Options {
        lang,
        default_rules: None,
    };
    let report = annotate_records(records, &options);
    // Every game annotated to its end: these games are valid.
    for game in &report.games {
        assert!(
            game.stopped.is_none(),
            "{origin}: game {}: {:?}",
            game.index,
            game.stopped
        );
    }
    // A valid record.
    let validation = validate::validate_str(&report.record, &ValidateOptions::default());
    assert_eq!(
        validation.summary.invalid, 0,
        "{origin}: the annotated record does not validate:\n{}",
        report.record
    );
    assert_eq!(validation.summary.games, records.len(), "{origin}");
    // It reads back to the same records, and writes again to the same text.
    let read = record::read_all(&report.record).unwrap_or_else(|e| panic!("{origin}: {e}"));
    let annotated: Vec<GameRecord> = report.games.iter().map(|g| g.record.clone()).collect();
    assert_eq!(read, annotated, "{origin}: the record does not read back");
    assert_eq!(record::write_all(&read), report.record, "{origin}");
    // Nothing it had is lost: the same moves, every comment and variation.
    let mut written = 0;
    for (before, game) in records.iter().zip(&report.games) {
        let after = &game.record;
        assert!(before.main_line().eq(after.main_line()), "{origin}");
        assert_eq!(
            variations(&before.moves),
            variations(&after.moves),
            "{origin}"
        );
        let old = comments(&before.moves);
        let new = comments(&after.moves);
        let mut rest = new.iter();
        for comment in &old {
            assert!(
                rest.any(|c| c == comment),
                "{origin}: lost comment {comment:?}"
            );
        }
        // Each annotation's sentence is in a comment.
        for comment in &game.comments {
            assert!(
                new.iter().any(|c| c.contains(comment.as_str())),
                "{origin}: {comment}"
            );
        }
        written += game.annotations.len();
    }
    // Annotating again changes nothing.
    let again = annotate_text(&report.record, &options).unwrap_or_else(|e| panic!("{origin}: {e}"));
    assert_eq!(
        again.record, report.record,
        "{origin}: annotating twice differs"
    );
    written
}

#[test]
fn every_valid_record_of_the_fixtures_annotates_to_a_valid_record() {
    let mut files = 0;
    let mut annotations = 0;
    for path in common::fixture_files("records/valid", None, true) {
        let text = common::read_fixture(&path);
        let records = record::read_all(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for lang in Lang::ALL {
            annotations += check(&records, lang, &path.display().to_string());
        }
        files += 1;
    }
    assert!(files >= 5);
    assert!(annotations > 100, "only {annotations} annotations");
}

#[test]
fn a_thousand_generated_games_annotate_to_valid_records() {
    let mut games = 0;
    let mut annotations = 0;
    for (rules, seed) in Ruleset::ALL.into_iter().zip(1u64..) {
        // Half with comments, glyphs, variations and North starts.
        for annotate in [false, true] {
            let options = GenerateOptions {
                max_plies: 200,
                annotate,
                ..GenerateOptions::default()
            };
            let mut generator = Generator::new(rules, seed, options);
            let records: Vec<GameRecord> = (0..100).map(|index| generator.game(index)).collect();
            let lang = if annotate { Lang::Fr } else { Lang::En };
            annotations += check(&records, lang, &format!("{rules} seed {seed}"));
            games += records.len();
        }
    }
    // 200 a ruleset: 1,000 when there were five.
    assert_eq!(games, 200 * Ruleset::ALL.len());
    assert!(annotations > 1000, "only {annotations} annotations");
}

#[test]
fn a_game_with_an_illegal_move_is_annotated_up_to_it() {
    let text = "[Rules \"songo\"]\n\n1. S2 N4 2. S2 N3 *\n";
    let report = annotate_text(text, &Options::default()).expect("a record");
    let game = &report.games[0];
    let stop = game.stopped.as_ref().expect("stopped");
    assert_eq!((stop.ply, stop.played.as_deref()), (3, Some("S2")));
    assert_eq!(game.plies, 2);
    // The whole record is still written, its moves as they were.
    assert!(report.record.contains("2. S2 N3 *"));
    assert!(!report.complete());
}

#[test]
fn a_record_that_cannot_be_read_is_an_error_with_its_place() {
    let error = annotate_text("[Rules \"songo\"]\n\n1. S2 ) N4 *\n", &Options::default())
        .expect_err("a syntax error");
    assert_eq!(error.location().line, 3);
}

//! The validator's own tests: the move-number comparison, the tags of
//! its reports, and the fast path of plain move text against the
//! reader's general path.

use std::cell::Cell;

use proptest::prelude::*;

use super::{
    MainLineObserver, Options, number_is, validate_batch, validate_game_observed, validate_str,
};
use crate::any::{AnyMove, AnyPosition};
use crate::generate::{GenerateOptions, Generator};
use crate::record::games;
use crate::record::{BatchReader, GameRecord};
use crate::ruleset::Ruleset;

thread_local! {
    /// The validator of this thread reads every token through the
    /// reader's visitor calls, without the fast path.
    static GENERAL_PATH_ONLY: Cell<bool> = const { Cell::new(false) };
    /// Moves the fast path has read on this thread.
    static FAST_MOVES: Cell<usize> = const { Cell::new(0) };
}

pub(super) fn general_path_only() -> bool {
    GENERAL_PATH_ONLY.with(Cell::get)
}

pub(super) fn count_fast_move() {
    FAST_MOVES.with(|moves| moves.set(moves.get() + 1));
}

fn fast_moves() -> usize {
    FAST_MOVES.with(Cell::get)
}

/// `work` with the fast path off.
fn general<T>(work: impl FnOnce() -> T) -> T {
    GENERAL_PATH_ONLY.with(|only| only.set(true));
    let result = work();
    GENERAL_PATH_ONLY.with(|only| only.set(false));
    result
}

#[test]
fn move_numbers_are_compared_as_parse_reads_them() {
    assert!(number_is(b"12", 12));
    assert!(number_is(b"012", 12));
    assert!(number_is(b"0", 0));
    assert!(!number_is(b"", 0));
    assert!(!number_is(b"13", 12));
    assert!(!number_is(b"112", 12));
    assert!(!number_is(b"1x", 1));
    // Past usize::MAX: no overflow, no match.
    assert!(!number_is(b"18446744073709551628", 12));
    assert!(number_is("0".repeat(40).as_bytes(), 0));
    assert!(number_is(b"18446744073709551615", usize::MAX));
}

/// Every call an observer gets, as text.
#[derive(Default)]
struct Calls(Vec<String>);

impl MainLineObserver for Calls {
    fn written(&mut self, text: &str, claim: Option<u32>) {
        self.0.push(format!("written {text} {claim:?}"));
    }
    fn playing(&mut self, before: &AnyPosition, mv: AnyMove) {
        self.0.push(format!("playing {mv:?} from {before}"));
    }
    fn played(&mut self) {
        self.0.push("played".to_owned());
    }
}

/// The reports of `text` and what an observer of each game sees.
fn validated(text: &str, options: &Options) -> (super::ValidationReport, Vec<Vec<String>>) {
    let report = validate_str(text, options);
    let calls = games(text)
        .map(|game| {
            let mut calls = Calls::default();
            let observed = validate_game_observed(&game, options, Some(&mut calls));
            assert_eq!(
                observed, report.games[game.index],
                "an observer changes nothing"
            );
            calls.0
        })
        .collect();
    (report, calls)
}

/// The fast path and the general path give the same reports, violation
/// for violation, and show an observer the same calls.
fn same_on_both_paths(text: &str, options: &Options) -> Result<(), TestCaseError> {
    let fast = validated(text, options);
    let slow = general(|| validated(text, options));
    prop_assert_eq!(&fast.0, &slow.0, "reports of\n{}", text);
    prop_assert_eq!(&fast.1, &slow.1, "observer calls of\n{}", text);
    Ok(())
}

/// Tokens that replace a token or are inserted: moves of every game, good
/// and bad, wrong numbers and claims, and everything that ends the fast
/// path (comments, variations, glyphs, results, passes, junk).
const PIECES: &[&str] = &[
    "S3",
    "N2",
    "S0",
    "N6",
    "S7",
    "s3",
    "a",
    "F",
    "c",
    "A",
    "g",
    "b3-c3",
    "c3",
    "pass",
    "--",
    "S5+2",
    "S5+0",
    "N1+99",
    "S2+",
    "S2+99999999999",
    "1.",
    "2...",
    "7.",
    "99.",
    "0.",
    "12",
    "{a comment}",
    "{",
    "}",
    "(",
    ")",
    "(S1)",
    "(N4 S2)",
    "!",
    "?!",
    "$3",
    "S4!",
    "*",
    "0-0",
    "24-24",
    "1/2-1/2",
    "[Tag \"x\"]",
    ";line comment\n",
    "\u{a0}",
    "é",
    "\t",
    "\r\n",
    "x",
    "%",
    "S4.",
    "N3+1?",
    "Zz9",
];

/// A corruption of a game's text: a token replaced, or a piece inserted
/// before a token or at any character.
#[derive(Debug, Clone)]
enum Corruption {
    Replace {
        token: usize,
        piece: usize,
    },
    InsertBefore {
        token: usize,
        piece: usize,
    },
    InsertAt {
        at: usize,
        piece: usize,
    },
    /// A claim changed: the `+N` of a token, or one added.
    Claim {
        token: usize,
        claim: u32,
    },
}

fn corrupt(text: &str, corruption: &Corruption) -> String {
    // Tokens: runs of non-blank bytes (the text is split on ASCII blanks).
    let starts: Vec<usize> = text
        .char_indices()
        .filter(|&(at, c)| {
            !c.is_ascii_whitespace()
                && text[..at]
                    .chars()
                    .next_back()
                    .is_none_or(|before| before.is_ascii_whitespace())
        })
        .map(|(at, _)| at)
        .collect();
    let token_at = |token: usize| {
        starts
            .get(token % starts.len().max(1))
            .copied()
            .unwrap_or(0)
    };
    let token_end = |start: usize| {
        text[start..]
            .find(|c: char| c.is_ascii_whitespace())
            .map_or(text.len(), |end| start + end)
    };
    let mut out = text.to_owned();
    match *corruption {
        Corruption::Replace { token, piece } => {
            let start = token_at(token);
            out.replace_range(start..token_end(start), PIECES[piece % PIECES.len()]);
        }
        Corruption::InsertBefore { token, piece } => {
            let start = token_at(token);
            out.insert_str(start, &format!("{} ", PIECES[piece % PIECES.len()]));
        }
        Corruption::InsertAt { at, piece } => {
            let mut at = at % (text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            out.insert_str(at, PIECES[piece % PIECES.len()]);
        }
        Corruption::Claim { token, claim } => {
            let start = token_at(token);
            let end = token_end(start);
            let written = &text[start..end];
            let bare = written.split('+').next().unwrap_or(written);
            out.replace_range(start..end, &format!("{bare}+{claim}"));
        }
    }
    out
}

fn corruption() -> impl Strategy<Value = Corruption> {
    prop_oneof![
        (any::<usize>(), any::<usize>())
            .prop_map(|(token, piece)| Corruption::Replace { token, piece }),
        (any::<usize>(), any::<usize>())
            .prop_map(|(token, piece)| Corruption::InsertBefore { token, piece }),
        (any::<usize>(), any::<usize>()).prop_map(|(at, piece)| Corruption::InsertAt { at, piece }),
        (any::<usize>(), 0u32..12).prop_map(|(token, claim)| Corruption::Claim { token, claim }),
    ]
}

/// A generated game of `rules` (short games, so that cases are many).
fn game(rules: Ruleset, seed: u64, annotate: bool, index: usize) -> String {
    let options = GenerateOptions {
        max_plies: 120,
        annotate,
        ..GenerateOptions::default()
    };
    Generator::new(rules, seed, options).game(index).to_string()
}

#[test]
fn the_fast_path_reads_plain_games() {
    for rules in Ruleset::ALL {
        let text = game(rules, 1, false, 0);
        let before = fast_moves();
        let report = validate_str(&text, &Options::default());
        assert!(report.games[0].valid, "{text}");
        let read = fast_moves() - before;
        // All but the last move (pending when the result comes) and, in
        // Seega, the passes.
        assert!(
            read * 10 >= report.summary.plies * 9,
            "{rules:?}: {read} of {} moves read by the fast path",
            report.summary.plies
        );
    }
}

#[test]
fn examples_give_the_same_reports_on_both_paths() {
    let texts = [
        // A wrong claim, a wrong number, a refused move, a variation
        // after a move read by the fast path.
        "[Rules \"songo\"]\n\n1. S2 N4 2. S3+4 N3 4. S4 N5 (N2 3. S1) 3. S2 *\n",
        "[Rules \"songo\"]\n\n1. S2 N4 2. S2 N3 *\n",
        "[Rules \"songo\"]\n[First \"North\"]\n\n1... N4 2. S4 N2 3. S3 *\n",
        "[Rules \"awale\"]\n\n1. c F 2. b E *\n",
        "[Rules \"awale\"]\n\n1. C f 2. b E *\n",
        "[Rules \"seega\"]\n\n1. c2 c4 2. b2 d4 *\n",
        // No tags: the first move's place is the game's.
        "1. S2 N4 2. S3 *\n",
    ];
    for text in texts {
        for keep_going in [false, true] {
            let options = Options {
                keep_going,
                ..Options::default()
            };
            same_on_both_paths(text, &options).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Generated games of every ruleset, plain or annotated, with a few
    /// corruptions: the same reports and observer calls with the fast
    /// path as without.
    #[test]
    fn the_fast_path_reports_as_the_general_path(
        rules in prop::sample::select(Ruleset::ALL.to_vec()),
        seed in 0u64..1000,
        annotate in any::<bool>(),
        keep_going in any::<bool>(),
        corruptions in prop::collection::vec(corruption(), 0..4),
    ) {
        let mut text = game(rules, seed, annotate, 0);
        for corruption in &corruptions {
            text = corrupt(&text, corruption);
        }
        let options = Options { keep_going, ..Options::default() };
        same_on_both_paths(&text, &options)?;
    }
}

// The tags a report gives, and a game set up from its set-up tags.
/// The tags of a report, name and value.
fn tags_of(report: &super::GameReport) -> Vec<(String, String)> {
    report
        .tags
        .iter()
        .map(|tag| (tag.name.to_string(), tag.value.clone()))
        .collect()
}

#[test]
fn reports_give_the_tags_as_the_record_reads_them() {
    // A name read again (in any case) replaces the first one's value
    // in its place; escapes are unescaped.
    let text = "[Event \"a\"]\n[Site \"the \\\"club\\\"\"]\n[event \"b\"]\n\
                [Custom \"x\"]\n[CUSTOM \"y\"]\n[Rules \"songo\"]\n\n1. S2 *\n";
    let report = validate_str(text, &Options::default());
    let expected = [
        ("Event", "b"),
        ("Site", "the \"club\""),
        ("CUSTOM", "y"),
        ("Rules", "songo"),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
        .collect();
    assert_eq!(tags_of(&report.games[0]), expected);
    let record: GameRecord = text.parse().expect("a record");
    assert_eq!(report.games[0].tags, record.tags);
}

#[test]
fn many_tags_read_again_in_another_case_replace_the_first_ones() {
    // Past a few tags, a name read before is found through a map of the
    // names (reading stays linear in the tags): the same tags as the
    // search of each name among those before it gives.
    let mut text = String::from("[Rules \"songo\"]\n");
    for round in 0..2 {
        for index in 0..300 {
            let name = if round == 0 {
                format!("Custom{index}")
            } else {
                format!("CUSTOM{index}")
            };
            text.push_str(&format!("[{name} \"{round}-{index}\"]\n"));
            if index == 150 {
                text.push_str(&format!("[event \"e{round}\"]\n"));
            }
        }
    }
    text.push_str("\n1. S2 *\n");
    let report = validate_str(&text, &Options::default());
    let tags = tags_of(&report.games[0]);
    assert_eq!(tags.len(), 302);
    assert_eq!(tags[0], ("Rules".to_owned(), "songo".to_owned()));
    assert_eq!(tags[1], ("CUSTOM0".to_owned(), "1-0".to_owned()));
    assert_eq!(tags[152], ("Event".to_owned(), "e1".to_owned()));
    assert_eq!(tags[301], ("CUSTOM299".to_owned(), "1-299".to_owned()));
    let record: GameRecord = text.parse().expect("a record");
    assert_eq!(report.games[0].tags, record.tags);
    let one_by_one =
        record
            .tags
            .iter()
            .cloned()
            .fold(crate::record::Tags::default(), |mut tags, tag| {
                tags.push(tag);
                tags
            });
    let collected: crate::record::Tags = record.tags.iter().cloned().collect();
    assert_eq!(collected, one_by_one);
    assert_eq!(
        collected.iter().map(|t| &t.name).collect::<Vec<_>>(),
        one_by_one.iter().map(|t| &t.name).collect::<Vec<_>>()
    );
}

/// Every game of the record fixtures, and tags that set everything.
fn tag_lists() -> Vec<crate::record::Tags> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/records");
    let mut lists = Vec::new();
    for kind in ["valid", "broken"] {
        let folder = std::fs::read_dir(root.join(kind)).expect("the fixtures");
        for entry in folder {
            let bytes = std::fs::read(entry.expect("a fixture").path()).expect("readable");
            let text = String::from_utf8_lossy(&bytes);
            for game in crate::record::games(&text) {
                if let Ok(record) = game.text.parse::<GameRecord>() {
                    lists.push(record.tags);
                }
            }
        }
    }
    assert!(lists.len() > 20, "the fixtures' games");
    let everything = "[Rules \"awale\"]\n[Position \"awale:4,4,4,4,4,4/4,4,4,4,4,4:0-0:N\"]\n\
                      [FEN \"x\"]\n[First \"North\"]\n[Capitals \"North\"]\n\
                      [SetUp \"fragment\"]\n[Termination \"normal\"]\n\n*\n";
    lists.push(everything.parse::<GameRecord>().expect("a record").tags);
    lists
}

#[test]
fn a_game_is_set_up_from_its_set_up_tags_alone() {
    use crate::any::AnyPosition;
    use crate::record::{FromTags, Tag, Tags};
    for tags in tag_lists() {
        let setup: Tags = super::SETUP_NAMES
            .iter()
            .filter_map(|&(name, _)| Some(Tag::new(name, tags.get(name)?)))
            .collect();
        assert_eq!(setup.first_side(), tags.first_side(), "{tags:?}");
        for rules in crate::Ruleset::ALL {
            assert_eq!(
                AnyPosition::from_tags(rules, &setup),
                AnyPosition::from_tags(rules, &tags),
                "{rules} {tags:?}"
            );
        }
    }
}

#[test]
fn the_tags_of_valid_games_are_left_out_when_asked() {
    let text = "[Event \"long\"]\n[Site \"s\"]\n[Round \"1\"]\n\n1. S2 *\n\n\
                [Event \"bad\"]\n\n1. S2 N4 2. S2 *\n\n[Event \"short\"]\n\n1. S2 *\n";
    let games = |options: &Options| {
        let mut reader = BatchReader::new(text.as_bytes());
        let batch = reader.next_batch().expect("in memory").expect("games");
        validate_batch(&batch, options)
    };
    // The list of tags read is reused from game to game: nothing of a
    // game's is left for the next.
    let all = games(&Options::default());
    let names: Vec<usize> = all.iter().map(|report| report.tags.len()).collect();
    assert_eq!(names, [3, 1, 1]);
    assert_eq!(all[2].tags.get("Event"), Some("short"));
    let brief = games(&Options {
        omit_valid_tags: true,
        ..Options::default()
    });
    assert!(brief[0].valid && brief[0].tags.is_empty());
    assert!(!brief[1].valid);
    assert_eq!(brief[1].tags, all[1].tags);
    assert!(brief[2].tags.is_empty());
    // Nothing else changes.
    for (brief, all) in brief.iter().zip(&all) {
        assert_eq!(
            (&brief.violations, &brief.result, brief.plies),
            (&all.violations, &all.result, all.plies)
        );
    }
}

#[test]
fn scores_are_written_as_their_display_writes_them() {
    for south in [0, 1, 9, 10, 35, 70, 99, 100, 4_294_967_295] {
        for north in [0, 7, 10, 48, 1000, u32::MAX] {
            let score = crate::side::Score { south, north };
            assert_eq!(super::score_text(score), score.to_string());
        }
    }
}

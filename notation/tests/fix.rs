//! `validate::fix_str`: each kind of fix the hints name is applied, what
//! no single text change can mend is left alone, everything outside the
//! fixed spans is kept byte for byte, and fixing never makes a record worse.

use proptest::prelude::*;
use songo_notation::RuleId;
use songo_notation::validate::{Options, fix_str, validate_str};

fn fixed(text: &str) -> String {
    fix_str(text, &Options::default()).text
}

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/../fixtures/records/fixable/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).expect("a readable fixture")
}

#[test]
fn a_wrong_capture_claim_becomes_what_the_move_captures() {
    let text = fixture("capture-claim.songo");
    let outcome = fix_str(&text, &Options::default());
    assert_eq!(
        outcome.text,
        text.replace("N4+3", "N4+2").replace("S3+1", "S3")
    );
    assert!(outcome.report.games[0].valid);
    assert!(
        outcome
            .applied
            .iter()
            .all(|applied| applied.rule == RuleId::RecordCaptureClaim)
    );
}

#[test]
fn a_claim_written_with_leading_zeros_is_replaced_whole() {
    let text = "[Rules \"songo\"]\n\n1. S5 N0 2. S2 N3 3. S4 N4+003 *\n";
    assert_eq!(
        fixed(text),
        "[Rules \"songo\"]\n\n1. S5 N0 2. S2 N3 3. S4 N4+2 *\n"
    );
}

#[test]
fn a_wrong_move_number_before_a_legal_move_is_renumbered() {
    let text = fixture("move-number.songo");
    let outcome = fix_str(&text, &Options::default());
    assert_eq!(outcome.text, text.replace("N4 3. S0", "N4 2. S0"));
    assert!(outcome.report.games[0].valid);
    assert_eq!(outcome.applied[0].rule, RuleId::RecordMoveNumber);
}

#[test]
fn a_wrong_move_number_that_shows_a_missing_move_is_not_fixed() {
    // 3. S4 where North must move: a move is missing, and no renumbering
    // says which.
    let text = "[Rules \"songo\"]\n\n1. S4 N4 2. S0 3. S4 N3 *\n";
    let outcome = fix_str(text, &Options::default());
    assert_eq!(outcome.text, text);
    assert!(outcome.applied.is_empty());
    assert_eq!(
        outcome.report.games[0].violations[0].rule,
        RuleId::RecordMoveNumber
    );
    assert_eq!(outcome.report.games[0].violations[0].fix, None);
}

#[test]
fn an_awale_record_in_the_other_letter_case_gets_its_capitals_tag() {
    let text = fixture("letter-case.songo");
    let outcome = fix_str(&text, &Options::default());
    assert_eq!(
        outcome.text,
        text.replace("[Result \"*\"]\n", "[Result \"*\"]\n[Capitals \"North\"]\n")
    );
    assert!(outcome.report.games[0].valid, "{:?}", outcome.report);
}

#[test]
fn a_wrong_capitals_tag_gets_the_other_value() {
    let text = "[Rules \"awale\"]\n[Capitals \"South\"]\n\n1. e A 2. b F+2 *\n";
    assert_eq!(fixed(text), text.replace("South", "North"));
}

#[test]
fn the_letter_case_of_a_later_move_is_not_fixed() {
    // Two moves were read in the record's case: another case would read
    // them anew.
    let text = "[Rules \"awale\"]\n[Capitals \"North\"]\n\n1. e A 2. B *\n";
    let outcome = fix_str(text, &Options::default());
    assert_eq!(outcome.text, text);
    assert!(!outcome.report.games[0].valid);
}

#[test]
fn a_dashed_date_gets_dots() {
    let text = "[Rules \"songo\"]\n[Date \"2025-04-04\"]\n\n1. S2 N4 *\n";
    assert_eq!(fixed(text), text.replace("2025-04-04", "2025.04.04"));
}

#[test]
fn crlf_and_several_games_are_kept_outside_the_fixes() {
    let text = fixture("crlf-bom-games.songo");
    let body = text
        .strip_prefix('\u{feff}')
        .expect("the fixture has a BOM");
    let outcome = fix_str(body, &Options::default());
    let expected = body
        .replace("2025-04-04", "2025.04.04")
        .replace("N4+3", "N4+2")
        .replace("1. S4 N4 3. S0", "1. S4 N4 2. S0");
    assert_eq!(outcome.text, expected);
    // The third game's move from the wrong side names no text change.
    assert_eq!(outcome.report.summary.violations, 1);
    assert_eq!(outcome.report.games[2].violations[0].fix, None);
}

#[test]
fn a_fix_in_a_variation_is_applied_there() {
    let text = "[Rules \"songo\"]\n\n1. S5 N0 (1... N1+4 2. S2) 2. S2 *\n";
    assert_eq!(fixed(text), text.replace("N1+4", "N1"));
}

/// A valid game to spoil: every move with its claim, numbers and all.
const GAME: &str = "[Rules \"songo\"]\n\n1. S5 N0 2. S2 N3 3. S4 N4+2 4. S3 N2+2 5. S3 N3 6. S6 N6 \
7. S4 N0 8. S6 N1 9. S2+3 N4+2 10. S1+1 N0 *\n";

/// The game with some claims and numbers changed: `changes[i]` says what
/// becomes of the i-th word of the moves (0: nothing).
fn spoiled(changes: &[u8]) -> String {
    let (tags, moves) = GAME.split_once("\n\n").expect("tags and moves");
    let words: Vec<String> = moves
        .split(' ')
        .zip(changes.iter().chain(std::iter::repeat(&0)))
        .map(|(word, change)| {
            let change = *change;
            if let Some(number) = word.strip_suffix('.') {
                let number: u32 = number.parse().unwrap_or(1);
                match change {
                    1 => format!("{}.", number + 1),
                    2 => format!("{}...", number),
                    3 => format!("{}.", number.saturating_sub(1)),
                    _ => word.to_owned(),
                }
            } else if word.starts_with(['S', 'N']) {
                let mv = word.split('+').next().unwrap_or(word);
                match change {
                    1..=5 => format!("{mv}+{change}"),
                    6 => mv.to_owned(),
                    7 => mv.to_lowercase(),
                    _ => word.to_owned(),
                }
            } else {
                word.to_owned()
            }
        })
        .collect();
    format!("{tags}\n\n{}", words.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Fixing never leaves more violations than there were, and fixing
    /// what was fixed changes nothing.
    #[test]
    fn fixing_never_makes_a_record_worse_and_is_idempotent(
        changes in prop::collection::vec(0_u8..12, 0..40),
        crlf in any::<bool>(),
    ) {
        let mut text = spoiled(&changes);
        if crlf {
            text = text.replace('\n', "\r\n");
        }
        let options = Options::default();
        let before = validate_str(&text, &options).summary.violations;
        let once = fix_str(&text, &options);
        prop_assert!(once.report.summary.violations <= before);
        prop_assert_eq!(once.report.summary.violations, validate_str(&once.text, &options).summary.violations);
        let twice = fix_str(&once.text, &options);
        prop_assert!(twice.applied.is_empty(), "{:?}", twice.applied);
        prop_assert_eq!(twice.text, once.text);
    }
}

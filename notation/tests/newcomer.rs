//! What a new user tripped over in records (issue 17, item 2): every move
//! form the docs promise is read, move numbers are checked, a wrong claim
//! says the right number, a record in the other Awalé letter case and a
//! date in the wrong form get a hint that fixes them.

use songo_notation::validate::{GameReport, Options, Violation, validate_str};

/// The one game of `text`, validated.
fn game(text: &str) -> GameReport {
    let report = validate_str(text, &Options::default());
    assert_eq!(report.games.len(), 1, "{report:#?}");
    report.games.into_iter().next().expect("a game")
}

/// Its violations as `rule line:column message [hint]`.
fn problems(text: &str) -> Vec<String> {
    game(text)
        .violations
        .iter()
        .map(|v: &Violation| {
            format!(
                "{} {}:{} {} [{}]",
                v.rule,
                v.line,
                v.column,
                v.message,
                v.hint.as_deref().unwrap_or_default()
            )
        })
        .collect()
}

#[test]
fn a_seega_pass_written_as_two_dashes_is_read_in_a_record() {
    let pass = "[Rules \"seega\"]\n[SetUp \"fragment\"]\n[Position \"seega:...../...../...../N..../SN...:S:movement:0-0:0-0\"]\n\n1. -- *\n";
    let words = pass.replace("--", "pass");
    let (dashes, word) = (game(pass), game(&words));
    assert!(dashes.valid, "{:#?}", dashes.violations);
    assert_eq!(dashes.final_position, word.final_position);
    assert_eq!(dashes.plies, 1);
}

#[test]
fn a_missed_ply_is_a_numbering_problem_at_its_number() {
    let text = "[Rules \"songo\"]\n\n1. S4 N4 2. S0 3. S4 *\n";
    assert_eq!(
        problems(text),
        [
            "record.move-number 3:16 move number 3, but the move that follows is move 2 (ply 4) [is a move missing before it? If not, write 2...]"
        ]
    );
}

#[test]
fn a_wrong_move_number_alone_is_reported_and_the_game_goes_on() {
    // A slip of the pen: the numbers are wrong, every move is right.
    let text = "[Rules \"songo\"]\n\n1. S4 N4 3. S0 N0 *\n";
    let found = problems(text);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].starts_with(
            "record.move-number 3:10 move number 3, but the move that follows is move 2 (ply 3)"
        ),
        "{found:#?}"
    );
    assert_eq!(game(text).plies, 4);
    // Numbers that agree, variations and North-first games included, are fine.
    for good in [
        "[Rules \"songo\"]\n\n1. S4 N4 2. S0 (2. S1 N1 3. S3) 2... N2 *\n",
        "[Rules \"songo\"]\n[First \"North\"]\n\n1... N4 2. S4 N3 *\n",
        "[Rules \"songo\"]\n\n1. S4 1... N4 2. S0 *\n",
    ] {
        assert!(game(good).valid, "{good}: {:#?}", game(good).violations);
    }
}

#[test]
fn a_wrong_claim_says_the_right_number() {
    let text = "[Rules \"songo\"]\n[SetUp \"fragment\"]\n[Position \"songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7:0-0:S\"]\n\n1. S1+3 *\n";
    assert_eq!(
        problems(text),
        ["record.capture-claim 5:4 S1 claims a capture of 3, but it captures 6 [write S1+6]"]
    );
}

#[test]
fn an_awale_record_in_the_other_letter_case_gets_the_tag_that_fixes_it() {
    // North in capitals, as the casabianca text writes, without the tag.
    let text = "[Rules \"awale\"]\n\n1. e A 2. b F+2 *\n";
    let found = problems(text);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].ends_with(
            "[if this record writes North's houses in capitals, say so with [Capitals \"North\"]]"
        ),
        "{found:#?}"
    );
    let fixed = format!("[Capitals \"North\"]\n{text}");
    assert!(game(&fixed).valid);
}

#[test]
fn dates_are_checked_in_the_record_form() {
    let date = |value: &str| format!("[Rules \"songo\"]\n[Date \"{value}\"]\n\n1. S2 *\n");
    for good in ["2025.04.04", "2025.??.??", "????.??.??"] {
        assert!(game(&date(good)).valid, "{good}");
    }
    assert_eq!(
        problems(&date("2025-04-04")),
        [
            "syntax 2:8 `2025-04-04` is not a date in the record form [write it year.month.day: 2025.04.04]"
        ]
    );
    let found = problems(&date("4 April 2025"));
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].ends_with(
            "[write it year.month.day, such as 2025.04.04, with ?? for what is unknown]"
        ),
        "{found:#?}"
    );
    assert_eq!(problems(&date("2025.13.01")).len(), 1);
}

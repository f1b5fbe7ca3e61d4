//! Snapshots of the parse errors, one file per notation: every error says
//! what is wrong, at which line and column, shows the text with a caret, and
//! hints at the fix.

use songo_notation::{Ruleset, read, sowing::notation::compact, sowing::notation::diagram};

fn report(
    cases: &[(&str, Option<Ruleset>)],
    parse: impl Fn(&str, Option<Ruleset>) -> String,
) -> String {
    let mut out = String::new();
    for (text, rules) in cases {
        let rules_note = rules.map_or(String::new(), |r| format!(" (rules {r})"));
        out.push_str(&format!(
            "=== input{rules_note}:\n{text}\n--- error:\n{}\n\n",
            parse(text, *rules)
        ));
    }
    out
}

fn error_of<T: std::fmt::Debug>(result: Result<T, songo_notation::error::ParseError>) -> String {
    match result {
        Ok(value) => panic!("expected an error, read {value:?}"),
        Err(error) => {
            assert!(
                error.hint().is_some() || error.message().to_string().contains("unknown"),
                "no hint: {error}"
            );
            error.to_string()
        }
    }
}

#[test]
fn compact_notation_errors() {
    let cases: &[(&str, Option<Ruleset>)] = &[
        ("", None),
        ("songo:5,5,5/5,5,5,5,5,5,5", None),
        ("songo:5,5,5,5,5,5,5/5,5,5,5,5,5", None),
        ("songo:3,1,1,1x0,1,5,1/1,3,5,0,1,1,7", None),
        ("songo:3,1,1,-2,1,5,1/1,3,5,0,1,1,7", None),
        ("songo:3,1,,0,1,5,1/1,3,5,0,1,1,7", None),
        ("mancala:5,5,5,5,5,5,5/5,5,5,5,5,5,5", None),
        ("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5", Some(Ruleset::Awale)),
        ("5,5,5,5,5,5,5", None),
        ("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5/5", None),
        ("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:3:S", None),
        ("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:W", None),
        ("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:S:0-0", None),
        ("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,99999999999", None),
        ("songo:4294967295,1,0,0,0,0,0/0,0,0,0,0,0,0", None),
        ("seega:5,5,5,5,5,5,5/5,5,5,5,5,5,5", None),
    ];
    insta::assert_snapshot!(report(cases, |text, rules| error_of(compact::parse(
        text, rules
    ))));
}

#[test]
fn ogn_fen_errors() {
    let cases: &[(&str, Option<Ruleset>)] = &[
        ("4-4-4-4-4-4-4-4-4-4-4-4-0-S", None),
        ("4-4-4-4-4-4-4-4-4-4-4-4-0-0-W", None),
        ("4-4-4-4-4-4-4-4-4-x-4-4-0-0-S", None),
        ("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", Some(Ruleset::Songo)),
    ];
    insta::assert_snapshot!(report(cases, |text, rules| error_of(compact::parse(
        text, rules
    ))));
}

#[test]
fn diagram_errors() {
    let cases: &[(&str, Option<Ruleset>)] = &[
        (
            "N0\tN1\tN2\tN3\tN4\tN5\tN6\n3\t1\t1\t10\t1\t5\n2\t3\t5\t0\t1\t1\t7\nS0\tS1\tS2\tS3\tS4\tS5\tS6\n",
            None,
        ),
        ("3 1 1 10 1 5\n2 3 5 0 1 1\n", None),
        ("3 1 1 10 1 5\n2 3 5 0 1 1\n", Some(Ruleset::Songo)),
        ("N0 N1 N2 N3 N4 N5 N6\n3 1 1 10 1 5 0\n", None),
        ("3 1 1 10 1 5 0\n2 3 5 0 1 1 7\n1 1 1 1 1 1 1\n", None),
        (
            "N0 N1 N2 N3 N4 N5 N6\n3 1 1 10 1 5 0\n2 3 5 0 1 1 7\nN0 N1 N2 N3 N4 N5 N6\n",
            None,
        ),
        (
            "N0 N1 N2 S3 N4 N5 N6\n3 1 1 10 1 5 0\n2 3 5 0 1 1 7\n",
            None,
        ),
        (
            "N0 N1 N2 N2 N4 N5 N6\n3 1 1 10 1 5 0\n2 3 5 0 1 1 7\n",
            None,
        ),
        (
            "3 1 1 10 1 5 0\nN0 N1 N2 N3 N4 N5 N6\n2 3 5 0 1 1 7\n",
            None,
        ),
        ("3 1 1 N3 1 5 0\n2 3 5 0 1 1 7\n", None),
        ("3 1 1 10 1 5 0\n2 3 5 0 1 1 S7\n", None),
        ("3 1 1 ten 1 5 0\n2 3 5 0 1 1 7\n", None),
        ("3 1 1 -10 1 5 0\n2 3 5 0 1 1 7\n", None),
        ("3 1 1 10 1 5 0\n2 3 5 0 1 1 7\nstores: 3 0\n", None),
        (
            "3 1 1 10 1 5 0\n2 3 5 0 1 1 7\nstores: south 3 south 1\n",
            None,
        ),
        ("3 1 1 10 1 5 0\n2 3 5 0 1 1 7\nstores: south\n", None),
        ("3 1 1 10 1 5 0\n2 3 5 0 1 1 7\nto move: west\n", None),
        (
            "3 1 1 10 1 5 0\n2 3 5 0 1 1 7\nto move: north\nNorth to move\n",
            None,
        ),
        ("3 1 1 10 1 5 0\n2 3 5 0 1 1 7\nrules: mancala\n", None),
        (
            "3 1 1 10 1 5 0\n2 3 5 0 1 1 7\nrules: songo\n",
            Some(Ruleset::SongoEkang),
        ),
        (
            "f e d c b a\n4 4 4 4 4 4\n4 4 4 4 4 4\nA B C D E F\n",
            Some(Ruleset::Songo),
        ),
        ("f e d c b a\n4 4 4 4 4 4\n4 4 4 4 4 4\na b c d e f\n", None),
        ("f e D c b a\n4 4 4 4 4 4\n4 4 4 4 4 4\n", None),
        (
            "S0 S1 S2 S3 S4 S5 S6\n3 1 1 10 1 5 0\n2 3 5 0 1 1 7\n",
            None,
        ),
        ("South\n3 1 1 10 1 5 0\n2 3 5 0 1 1 7\n", None),
        (
            "| N0 | N1 | N2 | N3 | N4 | N5 | N6 |\n|---|---|---|---|---|---|---|\n| 3 | | 1 | 10 | 1 | 5 | 0 |\n| 2 | 3 | 5 | 0 | 1 | 1 | 7 |\n",
            None,
        ),
        (
            "the board:\n3 1 1 10 1 5 0\n2 3 5 0 1 1 7\nthat's all\n",
            None,
        ),
        ("# nothing here\n\n", None),
    ];
    insta::assert_snapshot!(report(cases, |text, rules| error_of(diagram::parse(
        text, rules
    ))));
}

#[test]
fn json_and_yaml_errors() {
    let cases: &[(&str, Option<Ruleset>)] = &[
        (
            "{\"north\": [1, 2], \"south\": [1, 2, 3, 4, 5, 6, 7]}",
            None,
        ),
        (
            "{\"north\": [1, 2, 3, 4, 5, 6, -7], \"south\": [1, 2, 3, 4, 5, 6, 7]}",
            None,
        ),
        (
            "{\"rules\": \"mancala\", \"north\": [1, 2, 3, 4, 5, 6, 7], \"south\": [1, 2, 3, 4, 5, 6, 7]}",
            None,
        ),
        (
            "{\"north\": [1, 2, 3, 4, 5, 6, 7],\n \"south\": [1, 2, 3, 4, 5, 6, 7],\n \"to_move\": \"west\"}",
            None,
        ),
        (
            "{\"north\": [1, 2, 3, 4, 5, 6, 7], \"south\": [1, 2, 3, 4, 5, 6, 7]",
            None,
        ),
        (
            "{\"north\": [1, 2, 3, 4, 5, 6, 7], \"south\": [1, 2, 3, 4, 5, 6, 7]}",
            Some(Ruleset::Awale),
        ),
        (
            "north: [1, 2, 3, 4, 5, 6, 7]\nsouth: [1, 2, 3, 4, 5, 6]\n",
            None,
        ),
        (
            "north: [1, 2, 3, 4, 5, 6, 7]\nsouth: [1, 2, 3, 4, 5, 6, x]\n",
            None,
        ),
        ("north: [1, 2, 3, 4, 5, 6, 7]\n", None),
    ];
    insta::assert_snapshot!(report(cases, |text, rules| error_of(
        read::sowing_position(text, rules)
    )));
}

//! The kinds of parse errors: callers (the HTTP service) tell an unknown
//! ruleset from a bad position, and a text nested too deep for serde, by
//! `ParseError::kind`, in every form a position is written in.

use songo_notation::Ruleset;
use songo_notation::error::{ParseError, ParseErrorKind};
use songo_notation::read::{self, MAX_NESTING};

fn error(text: &str, rules: Option<Ruleset>) -> ParseError {
    let sowing = read::sowing_position(text, rules);
    let any = songo_notation::any::AnyPosition::parse(text, rules);
    match (sowing, any) {
        (Err(sowing), Err(any)) => {
            assert_eq!(sowing, any, "two readers, two errors for {text:?}");
            sowing
        }
        other => panic!("expected errors for {text:?}, got {other:?}"),
    }
}

fn at(error: &ParseError) -> (usize, usize) {
    (error.line(), error.column())
}

#[test]
fn an_unknown_ruleset_name_is_its_own_kind_in_every_form() {
    let texts = [
        "chess:5,5,5,5,5,5,5/5,5,5,5,5,5,5",
        "rules: chess\n5 5 5 5 5 5 5\n5 5 5 5 5 5 5\n",
        r#"{"rules": "chess", "north": [5,5,5,5,5,5,5], "south": [5,5,5,5,5,5,5]}"#,
        "rules: chess\nnorth: [5,5,5,5,5,5,5]\nsouth: [5,5,5,5,5,5,5]\n",
    ];
    for text in texts {
        let error = error(text, None);
        assert_eq!(
            error.kind(),
            ParseErrorKind::UnknownRuleset,
            "{text:?}: {error}"
        );
        assert!(
            error
                .message()
                .to_string()
                .starts_with("unknown ruleset `chess`"),
            "{error}"
        );
    }
}

#[test]
fn a_field_that_cannot_be_a_ruleset_name_is_a_syntax_error() {
    for text in [
        "hello world, this is no position",
        "songo:5,5,5/5,5,5,5,5,5,5",
    ] {
        assert_eq!(error(text, None).kind(), ParseErrorKind::Syntax, "{text:?}");
    }
}

#[test]
fn brackets_nested_deeper_than_the_limit_are_refused_at_the_bracket() {
    // A million brackets: refused at the 64th `[` after `{` (column 74) or
    // the 65th `[` (column 72 of line 2), before serde
    // (whose YAML reader takes time quadratic in the depth) sees the text.
    let json = format!("{{\"north\": {}", "[".repeat(1_000_000));
    let yaml = format!("# deep\nnorth: {}", "[".repeat(1_000_000));
    let cases = [
        (json.as_str(), None, (1, 74)),
        (json.as_str(), Some(Ruleset::Seega), (1, 74)),
        (json.as_str(), Some(Ruleset::Awale), (1, 74)),
        (yaml.as_str(), None, (2, 72)),
        (yaml.as_str(), Some(Ruleset::Seega), (2, 72)),
    ];
    for (text, rules, place) in cases {
        let error = error(text, rules);
        assert_eq!(error.kind(), ParseErrorKind::TooDeep, "{rules:?}: {error}");
        assert_eq!(at(&error), place, "{rules:?}");
        assert_eq!(
            error.message().to_string(),
            "brackets nest more than 64 deep"
        );
        assert!(error.hint().is_some());
    }
}

#[test]
fn nesting_counts_brackets_outside_strings_only() {
    let deep = "[".repeat(MAX_NESTING + 1);
    // In a string: not counted.
    assert!(read::check_nesting(&format!(r#"{{"tag": "{deep}"}}"#)).is_ok());
    // Closed brackets: the depth goes down again.
    let closed = "[]".repeat(1000);
    assert!(read::check_nesting(&format!("[{closed}]")).is_ok());
    // Exactly the limit reads; one more does not.
    assert!(read::check_nesting(&"[".repeat(MAX_NESTING)).is_ok());
    assert_eq!(
        at(&read::check_nesting(&deep).unwrap_err()),
        (1, MAX_NESTING + 1)
    );
    // A quote inside a word opens no string, and a string ends with its
    // line: neither hides brackets from the count.
    let error = read::check_nesting(&format!("a: b\"{deep}")).unwrap_err();
    assert_eq!(at(&error), (1, 5 + MAX_NESTING + 1));
    let error = read::check_nesting(&format!("a: \"open\n{deep}")).unwrap_err();
    assert_eq!(at(&error), (2, MAX_NESTING + 1));
}

#[test]
fn records_nest_deeper_than_positions_within_their_own_bound() {
    use songo_notation::record::serde::{MAX_NESTING, check_nesting};
    assert!(check_nesting(&"[".repeat(100)).is_ok());
    let error = check_nesting(&"[".repeat(1_000_000)).unwrap_err();
    assert_eq!(error.kind(), ParseErrorKind::TooDeep);
    assert_eq!((error.line(), error.column()), (1, MAX_NESTING + 1));
}

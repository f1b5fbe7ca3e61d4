//! `songo validate --fix`: the records rewritten with the fixes the hints
//! name, the summary in English and French, and the fixes in the JSON report.

use std::path::PathBuf;

use insta_cmd::assert_cmd_snapshot;

use crate::{songo, songo_fr};

const FIXABLE: &str = "fixtures/records/fixable";

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(FIXABLE)
        .join(name);
    std::fs::read(path).expect("a readable fixture")
}

/// A fresh directory holding copies of the fixable fixtures.
fn copies(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("songo-fix-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    for name in [
        "capture-claim.songo",
        "crlf-bom-games.songo",
        "letter-case.songo",
        "move-number.songo",
    ] {
        std::fs::write(dir.join(name), fixture(name)).expect("a copy");
    }
    dir
}

#[test]
fn dry_run_says_what_would_change_and_writes_nothing() {
    assert_cmd_snapshot!(songo().args(["validate", "--fix", "--dry-run", FIXABLE]));
}

#[test]
fn the_summary_in_french() {
    assert_cmd_snapshot!(songo_fr().args(["validate", "--fix", "--dry-run", FIXABLE]));
}

#[test]
fn the_json_report_carries_the_fixes() {
    assert_cmd_snapshot!(songo().args([
        "validate",
        "--format",
        "json",
        "fixtures/records/fixable/capture-claim.songo",
        "fixtures/records/fixable/letter-case.songo",
    ]));
}

#[test]
fn files_are_fixed_in_place_byte_for_byte_outside_the_fixes() {
    let dir = copies("in-place");
    let output = songo()
        .args(["validate", "--fix"])
        .arg(&dir)
        .output()
        .expect("songo runs");
    // The third game of crlf-bom-games has a move from the wrong side left.
    assert_eq!(output.status.code(), Some(1));
    let read = |name: &str| std::fs::read(dir.join(name)).expect("the fixed file");
    let text = |name: &str| String::from_utf8(fixture(name)).expect("UTF-8");
    assert_eq!(
        read("crlf-bom-games.songo"),
        text("crlf-bom-games.songo")
            .replace("2025-04-04", "2025.04.04")
            .replace("N4+3", "N4+2")
            .replace("1. S4 N4 3. S0", "1. S4 N4 2. S0")
            .into_bytes()
    );
    assert_eq!(
        read("move-number.songo"),
        text("move-number.songo")
            .replace("N4 3. S0", "N4 2. S0")
            .into_bytes()
    );
    // Fixed once, there is nothing more to fix.
    let again = songo()
        .args(["validate", "--fix"])
        .arg(dir.join("move-number.songo"))
        .output()
        .expect("songo runs");
    assert_eq!(again.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&again.stdout).contains(": 0 fixes applied, 0 violations left")
    );
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .expect("the directory")
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name().to_string_lossy().starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn stdout_gets_the_record_and_stderr_the_summary() {
    assert_cmd_snapshot!(songo().args([
        "validate",
        "--fix",
        "--stdout",
        "fixtures/records/fixable/capture-claim.songo",
    ]));
}

#[test]
fn standard_input_is_fixed_to_standard_output() {
    assert_cmd_snapshot!(
        songo()
            .args(["validate", "--fix", "-"])
            .pass_stdin("[Rules \"songo\"]\n\n1. S2+1 N4 3. S3 *\n")
    );
}

#[test]
fn fix_takes_no_json_format() {
    assert_cmd_snapshot!(songo().args([
        "validate",
        "--fix",
        "--format",
        "json",
        "fixtures/records/fixable/capture-claim.songo",
    ]));
}

#[test]
fn a_file_that_is_not_utf8_is_not_rewritten() {
    assert_cmd_snapshot!(songo().args([
        "validate",
        "--fix",
        "--dry-run",
        "fixtures/records/broken/not-utf8.songo",
    ]));
}

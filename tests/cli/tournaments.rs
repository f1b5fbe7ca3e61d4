//! `songo pair`: the next round's pairs of a TRF file, and `--check`.

use insta_cmd::assert_cmd_snapshot;

use crate::songo;

/// The pairs bbpPairings printed for each file (its `-p`), kept beside it.
#[test]
fn dutch_pairs_each_round_as_bbp_pairings() {
    for round in 0..5 {
        let file = format!("fixtures/tournaments/pair/club-after-{round}.trf");
        let expected = std::fs::read_to_string(format!(
            "{}/fixtures/tournaments/pair/club-after-{round}.pairs",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let output = songo()
            .args(["pair", "--system", "dutch", &file])
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&output.stdout), expected, "{file}");
        assert_eq!(output.status.code(), Some(0), "{file}");
    }
}

#[test]
fn dutch_next_round() {
    assert_cmd_snapshot!(songo().args([
        "pair",
        "--system",
        "dutch",
        "fixtures/tournaments/pair/club-after-2.trf"
    ]));
}

#[test]
fn dutch_check_agrees() {
    assert_cmd_snapshot!(songo().args([
        "pair",
        "--system",
        "dutch",
        "--check",
        "fixtures/tournaments/dutch/small-12-5.trf"
    ]));
}

#[test]
fn dutch_check_names_the_round_that_differs() {
    // Round 3 of the file, its first two boards' opponents exchanged.
    let text = std::fs::read_to_string(format!(
        "{}/fixtures/tournaments/dutch/small-12-5.trf",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let dir = std::env::temp_dir().join(format!("songo-pair-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("swapped.trf");
    std::fs::write(&path, swap_round_three(&text)).unwrap();
    let output = songo()
        .args(["pair", "--system", "dutch", "--check"])
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("round 3 differs"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Players 1 and 2 swap their round-3 opponents (and the opponents' lines
/// follow), colours kept.
fn swap_round_three(text: &str) -> String {
    let lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let block = |line: &str| line[111..119].to_owned();
    let opponent = |line: &str| line[111..115].trim().parse::<usize>().unwrap();
    let (a, b) = (opponent(&lines[1]), opponent(&lines[2]));
    let mut out = lines.clone();
    let swap =
        |out: &mut Vec<String>, index: usize, new: &str| out[index].replace_range(111..115, new);
    swap(&mut out, 1, &block(&lines[2])[..4]);
    swap(&mut out, 2, &block(&lines[1])[..4]);
    swap(&mut out, a, "   2");
    swap(&mut out, b, "   1");
    out.join("\n") + "\n"
}

#[test]
fn berger_first_round_of_five() {
    assert_cmd_snapshot!(songo().args([
        "pair",
        "--system",
        "berger",
        "fixtures/tournaments/pair/berger-five.trf"
    ]));
}

#[test]
fn berger_double_round_robin_second_cycle() {
    assert_cmd_snapshot!(songo().args([
        "pair",
        "--system",
        "berger",
        "fixtures/tournaments/pair/berger-double.trf"
    ]));
    assert_cmd_snapshot!(songo().args([
        "pair",
        "--system",
        "berger",
        "--check",
        "fixtures/tournaments/pair/berger-double.trf"
    ]));
}

#[test]
fn a_bad_trf_exits_2_with_line_and_column() {
    let dir = std::env::temp_dir().join(format!("songo-pair-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.trf");
    std::fs::write(
        &path,
        "012 Broken\n001    1      Alpha                             2400                             0.0    1     2 q 1\n",
    )
    .unwrap();
    let output = songo()
        .args(["pair", "--system", "dutch"])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr.contains("bad.trf:2:97: not a tournament report file (TRF): colour 'q'"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_first_round_needs_its_colour() {
    assert_cmd_snapshot!(songo().args([
        "pair",
        "--system",
        "dutch",
        "fixtures/tournaments/pair/berger-five.trf"
    ]));
}

//! `songo lesson check` and `songo lesson render`, end to end: exit codes,
//! what a teacher reads, the files a Markdown handout writes.

use insta_cmd::assert_cmd_snapshot;

use crate::songo;

const ESCALE: &str = "fixtures/lessons/escale-a-jeux.fr.txt";
const SAMPLE: &str = "fixtures/lessons/sample.md";

/// A file under the test's own temporary folder.
fn temporary(name: &str) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("lessons");
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir.join(name)
}

/// `songo` run in the folder of `path` (so that the file is named the same
/// on every machine).
fn in_folder_of(path: &std::path::Path) -> std::process::Command {
    let mut command = songo();
    command.current_dir(path.parent().unwrap());
    command
}

#[test]
fn the_escale_text_checks() {
    assert_cmd_snapshot!(songo().args(["lesson", "check", "--lang", "en", ESCALE]));
    assert_cmd_snapshot!(songo().args(["lesson", "check", "--lang", "fr", ESCALE]));
}

#[test]
fn a_changed_digit_is_reported_at_its_board_and_exits_1() {
    let text = std::fs::read_to_string(ESCALE).unwrap();
    // The final board of the first capture example, N6 made 1.
    let changed = text.replacen("0\t0\t1\t10\t1\t5\t0\n", "0\t0\t1\t10\t1\t5\t1\n", 1);
    assert_ne!(changed, text);
    let path = temporary("escale-changed.txt");
    std::fs::write(&path, changed).unwrap();
    assert_cmd_snapshot!(in_folder_of(&path).args([
        "lesson",
        "check",
        "--lang",
        "en",
        "escale-changed.txt"
    ]));
    // render draws the handout all the same, and says what is wrong.
    let output = in_folder_of(&path)
        .args(["lesson", "render", "--lang", "en", "escale-changed.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.starts_with(b"<!DOCTYPE html>"));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("error[unlinked]") && stderr.contains("escale-changed.txt:189:14"),
        "{stderr}"
    );
}

#[test]
fn a_false_expectation_fails_with_its_line() {
    let sample = std::fs::read_to_string(SAMPLE).unwrap();
    let wrong = sample.replacen(
        "expect: S2 captures 9 from N4 N5 N6",
        "expect: S2 captures 8",
        1,
    );
    let path = temporary("sample-wrong.md");
    std::fs::write(&path, wrong).unwrap();
    assert_cmd_snapshot!(in_folder_of(&path).args([
        "lesson",
        "check",
        "--lang",
        "en",
        "sample-wrong.md"
    ]));
}

#[test]
fn the_report_as_json() {
    assert_cmd_snapshot!(songo().args(["lesson", "check", "--format", "json", SAMPLE]));
}

#[test]
fn an_unreadable_lesson_exits_2_with_its_place() {
    assert_cmd_snapshot!(
        songo()
            .args(["lesson", "check", "--lang", "en", "-"])
            .pass_stdin("# A lesson\n\n```songo\nposition: start\nplay: S2 S9\n```\n")
    );
    assert_cmd_snapshot!(
        songo()
            .args(["lesson", "render", "--lang", "en", "-"])
            .pass_stdin(b"caf\xe9\n".to_vec())
    );
}

#[test]
fn render_writes_html_to_stdout() {
    let output = songo()
        .args(["lesson", "render", "--lang", "en", SAMPLE])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.ends_with("</html>\n"));
    assert_eq!(
        page.matches("<figure class=\"board\">").count(),
        page.matches("<svg").count()
    );
}

#[test]
fn render_to_markdown_writes_the_text_and_its_pictures_beside_it() {
    let dir = temporary("sample-markdown");
    let _ = std::fs::remove_dir_all(&dir);
    let output = songo()
        .args(["lesson", "render", "--to", "markdown", "--out"])
        .arg(&dir)
        .arg(SAMPLE)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let markdown = std::fs::read_to_string(dir.join("sample.md")).unwrap();
    let pictures: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".svg"))
        .collect();
    assert_eq!(pictures.len(), markdown.matches("](sample-").count());
    for name in &pictures {
        assert!(markdown.contains(&format!("]({name})")), "{name}");
    }
    // Markdown needs a folder for its pictures.
    assert_cmd_snapshot!(songo().args(["lesson", "render", "--to", "markdown", SAMPLE]));
}

#[test]
fn a_commented_record_renders_as_a_handout() {
    let output = songo()
        .args([
            "lesson",
            "render",
            "--lang",
            "fr",
            "fixtures/records/valid/lessons.songo",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(page.contains("<p class=\"comment\">Three seeds are left"));
    assert!(page.contains("<figcaption>Position de départ</figcaption>"));
}

/// Issue 10: `convert --to markdown` of a record used to stop at "converts
/// to record, ogn, json or yaml"; it now says how to draw one.
#[test]
fn convert_points_a_record_drawn_for_people_at_lesson_render() {
    assert_cmd_snapshot!(songo().args([
        "convert",
        "--to",
        "markdown",
        "fixtures/records/valid/lessons.songo"
    ]));
}

/// Issue 17, item 3: a diagram file with the text's bold heading above it.
#[test]
fn convert_reads_a_diagram_under_its_bold_heading() {
    let board = std::fs::read_to_string("fixtures/positions/capture-ex1.txt").unwrap();
    assert_cmd_snapshot!(
        songo()
            .args(["convert", "-"])
            .pass_stdin(format!("**Situation avant le coup:**\n\n{board}"))
    );
}

#[test]
fn lesson_has_help_with_examples() {
    assert_cmd_snapshot!(songo().args(["lesson", "--help"]));
    assert_cmd_snapshot!(songo().args(["lesson", "check", "--help"]));
    assert_cmd_snapshot!(songo().args(["lesson", "render", "--help"]));
}

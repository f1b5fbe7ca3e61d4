//! `songo archive token add|revoke|list` end to end (snapshots: the
//! random tokens and the times redacted), who a command-line import
//! records, and a server's log that never holds a token.

use std::path::{Path, PathBuf};

use insta_cmd::assert_cmd_snapshot;
use songo_archive::{Archive, Location, Scope};

use crate::serve::{Served, get_with};
use crate::songo;

/// A directory of its own for a test.
fn scratch(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!("songo-cli-{name}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn archive_path(dir: &Path) -> String {
    dir.join("archive.sqlite").display().to_string()
}

/// Snapshots with the scratch directory, the tokens and the times
/// redacted: each differs from run to run.
macro_rules! redacted {
    ($dir:expr, $body:block) => {{
        let dir = $dir.display().to_string();
        insta::with_settings!({filters => vec![
            (dir.as_str(), "[DIR]"),
            (r"songo_[0-9a-f]{64}", "[TOKEN]"),
            (r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", "[TIME]"),
        ]}, $body)
    }};
}

fn token(dir: &Path, args: &[&str]) -> std::process::Command {
    let mut command = songo();
    command
        .args(["archive", "token"])
        .args(args)
        .args(["--archive", &archive_path(dir)]);
    command
}

#[test]
fn tokens_are_made_shown_once_listed_and_revoked() {
    let dir = scratch("tokens");
    redacted!(dir, {
        assert_cmd_snapshot!("list_empty", token(&dir, &["list"]));
        assert_cmd_snapshot!(
            "add_write",
            token(
                &dir,
                &["add", "club-a", "--scope", "write", "--club", "Club A"]
            )
        );
        assert_cmd_snapshot!(
            "add_json",
            token(
                &dir,
                &["add", "keeper", "--scope", "admin", "--format", "json"]
            )
        );
        assert_cmd_snapshot!(
            "add_read",
            token(&dir, &["add", "results", "--scope", "read"])
        );
        assert_cmd_snapshot!(
            "add_taken",
            token(&dir, &["add", "club-a", "--scope", "read"])
        );
        assert_cmd_snapshot!(
            "add_write_without_club",
            token(&dir, &["add", "club-b", "--scope", "write"])
        );
        assert_cmd_snapshot!(
            "add_admin_with_club",
            token(&dir, &["add", "club-b", "--scope", "admin", "--club", "B"])
        );
        assert_cmd_snapshot!(
            "add_bad_name",
            token(&dir, &["add", "club b", "--scope", "read"])
        );
        assert_cmd_snapshot!("revoke", token(&dir, &["revoke", "results"]));
        assert_cmd_snapshot!(
            "revoke_again",
            token(&dir, &["revoke", "results", "--format", "json"])
        );
        assert_cmd_snapshot!("revoke_unknown", token(&dir, &["revoke", "nobody"]));
        assert_cmd_snapshot!("list", token(&dir, &["list"]));
        assert_cmd_snapshot!("list_json", token(&dir, &["list", "--format", "json"]));
    });
}

/// The token on stdout is the one the archive knows, and it is printed
/// nowhere else.
#[test]
fn the_token_printed_is_the_one_that_opens() {
    let dir = scratch("token-opens");
    let output = token(&dir, &["add", "club-a", "--scope", "write", "--club", "A"])
        .output()
        .expect("songo runs");
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let printed = stdout.trim_end();
    assert_eq!(stdout, format!("{printed}\n"), "the token alone on stdout");
    assert!(!String::from_utf8_lossy(&output.stderr).contains(printed));
    let mut archive =
        Archive::open(&Location::Sqlite(dir.join("archive.sqlite"))).expect("the archive");
    assert!(matches!(
        archive.account_by_token(printed).expect("a look-up"),
        songo_archive::Found::Live { account, .. } if account.name == "club-a"
    ));
    let listed = token(&dir, &["list", "--format", "json"])
        .output()
        .expect("songo runs");
    assert!(!String::from_utf8_lossy(&listed.stdout).contains(&printed[6..]));
}

#[test]
fn a_command_line_import_records_the_local_user() {
    let dir = scratch("local-user");
    let archive = archive_path(&dir);
    let import = |file: &str, user: Option<&str>| {
        let mut command = songo();
        command.env_remove("USER").env_remove("USERNAME");
        if let Some(user) = user {
            command.env("USER", user);
        }
        let status = command
            .args(["archive", "import", "--archive", &archive, file])
            .status()
            .expect("songo runs");
        assert!(status.success());
    };
    import("fixtures/records/valid/songo-full-game.songo", Some("ada"));
    import(
        "fixtures/records/valid/awale-casabianca-letters.songo",
        None,
    );
    let mut store = Archive::open(&Location::Sqlite(dir.join("archive.sqlite"))).expect("opens");
    let list = store
        .search(&Default::default(), 10, None)
        .expect("a search");
    let mut by: Vec<(String, Option<String>)> = list
        .games
        .iter()
        .map(|game| {
            (
                game.rules.clone(),
                store.imported_by(&game.id).expect("a read"),
            )
        })
        .collect();
    by.sort();
    assert_eq!(
        by,
        [
            ("awale".to_owned(), Some("local".to_owned())),
            ("songo".to_owned(), Some("ada".to_owned())),
        ]
    );
}

/// A server given tokens (accepted, refused, revoked) logs its requests
/// and never a token, at the most verbose level, as text and as JSON.
#[test]
fn no_token_reaches_the_server_s_log() {
    let dir = scratch("log");
    let location = Location::Sqlite(dir.join("archive.sqlite"));
    let (writer, reader) = {
        let mut archive = Archive::open(&location).expect("the archive");
        let writer = archive
            .add_account("club-a", Scope::Write, Some("A"))
            .expect("an account")
            .token;
        let reader = archive
            .add_account("reader", Scope::Read, None)
            .expect("an account")
            .token;
        archive.revoke_account("reader").expect("revoked");
        (writer, reader)
    };
    std::fs::write(dir.join("token"), "s3cret-server-token\n").expect("written");
    for format in ["text", "json"] {
        let mut served = Served::start(|c| {
            c.args(["--addr", "127.0.0.1:0", "--private", "--log", "trace"])
                .args(["--log-format", format])
                .args(["--archive", &archive_path(&dir)])
                .arg("--archive-token-file")
                .arg(dir.join("token"));
        });
        let addr = served.address();
        for token in [
            writer.as_str(),
            reader.as_str(),
            "s3cret-server-token",
            "songo_wrong",
        ] {
            for scheme in ["Bearer", "bearer"] {
                let answer = get_with(
                    &addr,
                    "/v1/games?player=Ada",
                    &format!("Authorization: {scheme} {token}\r\n"),
                );
                assert!(answer.starts_with("HTTP/1.1 "), "{answer}");
            }
        }
        served.signal("TERM");
        served.wait_for("stopped");
        assert!(served.exit_status().success());
        let log = served.log.join("\n");
        // The requests were logged (the test reads the lines a token
        // would be in), and no token is there, nor its secret part.
        assert!(
            served
                .log
                .iter()
                .filter(|l| l.contains("/v1/games"))
                .count()
                >= 8,
            "{log}"
        );
        for secret in [
            &writer[6..],
            &reader[6..],
            "s3cret-server-token",
            "songo_wrong",
        ] {
            assert!(!log.contains(secret), "the log holds a token:\n{log}");
        }
        assert!(!log.contains("Bearer") && !log.contains("bearer"), "{log}");
    }
}

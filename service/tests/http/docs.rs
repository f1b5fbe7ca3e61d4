//! docs/api.md's curl examples work as written: each is run against a live
//! server and its output compared with the JSON the docs show after it.

use std::process::Command;

use crate::TestServer;

/// What the docs show after a command.
enum Shown {
    /// A ```json block: the output is that JSON (compared as values).
    Json(String),
    /// A ```ndjson block: one JSON value per line.
    Ndjson(String),
    /// A ```output block: the output exactly.
    Text(String),
}

/// (command, documented output) pairs: every ```sh block that runs curl,
/// with the output block that follows it, if any.
fn examples(markdown: &str) -> Vec<(String, Option<Shown>)> {
    let mut blocks = Vec::new();
    let mut lines = markdown.lines();
    while let Some(line) = lines.next() {
        if let Some(lang) = line.strip_prefix("```") {
            let lang = lang.trim().to_owned();
            let mut body = String::new();
            for inner in lines.by_ref() {
                if inner.starts_with("```") {
                    break;
                }
                body.push_str(inner);
                body.push('\n');
            }
            blocks.push((lang, body));
        }
    }
    blocks
        .iter()
        .enumerate()
        .filter(|(_, (lang, body))| lang == "sh" && body.contains("curl "))
        .map(|(i, (_, command))| {
            let output = blocks
                .get(i + 1)
                .and_then(|(lang, body)| match lang.as_str() {
                    "json" => Some(Shown::Json(body.clone())),
                    "ndjson" => Some(Shown::Ndjson(body.clone())),
                    "output" => Some(Shown::Text(body.clone())),
                    _ => None,
                });
            (command.clone(), output)
        })
        .collect()
}

#[test]
fn the_curl_examples_of_docs_api_md_work_as_written() {
    let markdown = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/api.md"))
        .expect("docs/api.md");
    let examples = examples(&markdown);
    for program in ["curl", "jq"] {
        let found = Command::new(program).arg("--version").output();
        assert!(
            found.is_ok_and(|out| out.status.success()),
            "{program} is needed to run docs/api.md's examples: apt-get install -y {program} \
             (tests/run installs it)"
        );
    }
    let compared = examples
        .iter()
        .filter(|(_, output)| output.is_some())
        .count();
    assert!(
        compared >= 10,
        "docs/api.md has curl examples with their output"
    );
    // The archive section's examples: a new archive, the token `s3cret`.
    let archive = crate::archive::scratch_dir("docs").join("archive.sqlite");
    let server = TestServer::with(songo_service::Config {
        archive: Some(songo_service::ArchiveConfig {
            location: songo_service::archive::Location::Sqlite(archive),
            token: songo_service::archive::Token::new("s3cret"),
            private: false,
        }),
        ..songo_service::Config::default()
    });
    for (command, documented) in examples {
        let command = command.replace("localhost:8080", &server.addr.to_string());
        let output = Command::new("bash")
            .arg("-c")
            .arg(&command)
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
            .output()
            .expect("bash and curl run");
        assert!(
            output.status.success(),
            "{command}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
        let parse = |text: &str| -> serde_json::Value {
            serde_json::from_str(text)
                .unwrap_or_else(|e| panic!("{command}: not JSON ({e}): {text}"))
        };
        match documented {
            Some(Shown::Json(expected)) => {
                assert_eq!(parse(&stdout), parse(&expected), "{command}")
            }
            Some(Shown::Ndjson(expected)) => {
                let lines = |text: &str| text.lines().map(parse).collect::<Vec<_>>();
                assert_eq!(lines(&stdout), lines(&expected), "{command}");
            }
            Some(Shown::Text(expected)) => {
                assert_eq!(stdout.trim_end(), expected.trim_end(), "{command}");
            }
            // Shown elided: the answer is JSON all the same.
            None => {
                parse(&stdout);
            }
        }
    }
}

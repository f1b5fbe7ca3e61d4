//! docs/api.md's curl examples work as written: each is run against a live
//! server and its output compared with the JSON the docs show after it.

use std::process::Command;

use crate::TestServer;

/// (command, documented output) pairs: every ```sh block that runs curl,
/// with the ```json block that follows it, if any.
fn examples(markdown: &str) -> Vec<(String, Option<String>)> {
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
                .filter(|(lang, _)| lang == "json")
                .map(|(_, body)| body.clone());
            (command.clone(), output)
        })
        .collect()
}

#[test]
fn the_curl_examples_of_docs_api_md_work_as_written() {
    let markdown = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/api.md"))
        .expect("docs/api.md");
    let examples = examples(&markdown);
    let compared = examples
        .iter()
        .filter(|(_, output)| output.is_some())
        .count();
    assert!(
        compared >= 10,
        "docs/api.md has curl examples with their output"
    );
    let server = TestServer::with(songo_service::Config::default());
    for (command, documented) in examples {
        let command = command.replace("localhost:8080", &server.addr.to_string());
        let output = Command::new("sh")
            .arg("-c")
            .arg(&command)
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
            .output()
            .expect("sh and curl run");
        assert!(
            output.status.success(),
            "{command}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let actual: serde_json::Value =
            serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
                panic!(
                    "{command}: not JSON ({e}): {}",
                    String::from_utf8_lossy(&output.stdout)
                )
            });
        if let Some(documented) = documented {
            let expected: serde_json::Value = serde_json::from_str(&documented)
                .unwrap_or_else(|e| panic!("the documented output of {command} is not JSON: {e}"));
            assert_eq!(actual, expected, "{command}");
        }
    }
}

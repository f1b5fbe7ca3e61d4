//! `songo serve` end to end: the binary listens, answers, logs, and exits
//! cleanly on SIGTERM and SIGINT.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use crate::songo;

/// The environment variables `songo serve` reads.
const SETTINGS: [&str; 7] = [
    "SONGO_ADDR",
    "SONGO_BODY_LIMIT",
    "SONGO_REQUEST_TIMEOUT",
    "SONGO_MAX_VALIDATIONS",
    "SONGO_MAX_JOBS",
    "SONGO_SHUTDOWN_TIMEOUT",
    "SONGO_CORS_ORIGINS",
];

/// A running `songo serve`, its stderr lines arriving on a channel.
struct Served {
    child: Child,
    lines: Receiver<String>,
    log: Vec<String>,
}

impl Served {
    fn start(configure: impl FnOnce(&mut std::process::Command)) -> Served {
        let mut command = songo();
        for name in SETTINGS {
            command.env_remove(name);
        }
        command
            .arg("serve")
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        configure(&mut command);
        let mut child = command.spawn().expect("songo serve starts");
        let stderr = child.stderr.take().expect("stderr is piped");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Served {
            child,
            lines,
            log: Vec::new(),
        }
    }

    /// Waits (at most 10 s) for a stderr line containing `needle`.
    fn wait_for(&mut self, needle: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.log.push(line.clone());
                    if line.contains(needle) {
                        return line;
                    }
                }
                Err(_) => break,
            }
        }
        panic!("no line with {needle:?} on stderr; got {:#?}", self.log);
    }

    /// The address from the "listening on http://…" line.
    fn address(&mut self) -> String {
        let line = self.wait_for("listening on http://");
        let rest = &line[line.find("http://").unwrap() + 7..];
        rest.split_whitespace().next().unwrap().to_owned()
    }

    fn signal(&self, name: &str) {
        let status = std::process::Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.child.id().to_string())
            .status()
            .expect("kill runs");
        assert!(status.success());
    }

    /// Waits (at most 10 s) for the process to exit.
    fn exit_status(&mut self) -> std::process::ExitStatus {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = self.child.try_wait().expect("the child can be waited for") {
                return status;
            }
            if Instant::now() > deadline {
                self.child.kill().ok();
                panic!("songo serve did not exit within 10 s; log: {:#?}", self.log);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            self.child.kill().ok();
            self.child.wait().ok();
        }
    }
}

fn get(addr: &str, path: &str) -> String {
    get_with(addr, path, "")
}

/// `GET path` with `headers` (each line ending in CRLF).
fn get_with(addr: &str, path: &str, headers: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\n{headers}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn serve_answers_logs_and_stops_on_sigterm() {
    let mut served = Served::start(|c| {
        c.args(["--addr", "127.0.0.1:0"]);
    });
    let addr = served.address();
    let answer = get(&addr, "/healthz");
    assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
    assert!(
        answer.ends_with("{\"status\":\"ok\",\"version\":\"0.1.0\"}\n"),
        "{answer}"
    );
    let line = served.wait_for("request");
    assert!(
        line.contains(r#"method=GET path="/healthz" status=200 latency="#),
        "{line}"
    );
    served.signal("TERM");
    served.wait_for("stopped");
    assert!(served.exit_status().success());
}

#[test]
fn serve_reads_its_address_from_the_environment_and_stops_on_sigint() {
    let mut served = Served::start(|c| {
        c.env("SONGO_ADDR", "127.0.0.1:0");
    });
    let addr = served.address();
    assert!(get(&addr, "/v1/nope").starts_with("HTTP/1.1 404 Not Found\r\n"));
    served.signal("INT");
    assert!(served.exit_status().success());
}

#[test]
fn serve_allows_the_cors_origins_it_is_given() {
    let mut served = Served::start(|c| {
        c.args(["--addr", "127.0.0.1:0"]).env(
            "SONGO_CORS_ORIGINS",
            "https://a.example,https://club.example",
        );
    });
    let addr = served.address();
    let answer = get_with(&addr, "/healthz", "Origin: https://club.example\r\n");
    assert!(
        answer.contains("access-control-allow-origin: https://club.example\r\n"),
        "{answer}"
    );
    // The page is served too.
    assert!(get(&addr, "/").contains("<title data-i18n=\"page-title\">"));
    served.signal("TERM");
    assert!(served.exit_status().success());
}

#[test]
fn serve_on_a_taken_address_is_an_input_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let output = songo()
        .args(["serve", "--addr", &addr])
        .env_remove("SONGO_ADDR")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("error: cannot listen on {addr}")),
        "{stderr}"
    );
}

#[test]
fn serve_refuses_bad_limits() {
    for args in [
        ["--addr", "nowhere"],
        ["--body-limit", "0"],
        ["--request-timeout", "-1"],
        ["--max-validations", "0"],
        ["--max-jobs", "0"],
        ["--cors-origin", "club.example"],
        ["--cors-origin", "https://club.example/games"],
    ] {
        let output = songo()
            .arg("serve")
            .args(args)
            .env_remove("SONGO_ADDR")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!output.stderr.is_empty());
    }
}

#[test]
fn serve_has_help_with_examples() {
    let mut command = songo();
    for name in SETTINGS {
        command.env_remove(name);
    }
    insta_cmd::assert_cmd_snapshot!(command.args(["serve", "--help"]));
}

//! `songo serve` end to end: the binary listens, answers, logs, and exits
//! cleanly on SIGTERM and SIGINT.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use crate::songo;

/// The environment variables `songo serve` reads.
const SETTINGS: [&str; 19] = [
    "SONGO_ADDR",
    "SONGO_BODY_LIMIT",
    "SONGO_REQUEST_TIMEOUT",
    "SONGO_MAX_VALIDATIONS",
    "SONGO_MAX_JOBS",
    "SONGO_SHUTDOWN_TIMEOUT",
    "SONGO_CORS_ORIGINS",
    "SONGO_MAX_CONNECTIONS",
    "SONGO_MAX_CONNECTIONS_PER_CLIENT",
    "SONGO_MAX_ENGINE",
    "SONGO_MAX_ENGINE_PER_CLIENT",
    "SONGO_BODY_MIN_RATE",
    "SONGO_HEADER_TIMEOUT",
    "SONGO_KEEP_ALIVE_TIMEOUT",
    "SONGO_SEND_TIMEOUT",
    "SONGO_METRICS_ADDR",
    "SONGO_LOG_FORMAT",
    "SONGO_LOG",
    "RUST_LOG",
];

/// Clears the settings `songo serve` would read from the environment.
pub(crate) fn without_settings(command: &mut std::process::Command) {
    for name in SETTINGS {
        command.env_remove(name);
    }
}

/// A running `songo serve`, its stderr lines arriving on a channel.
pub(crate) struct Served {
    pub(crate) child: Child,
    lines: Receiver<String>,
    /// Every stderr line received so far.
    pub(crate) log: Vec<String>,
    /// Set while stderr is left unread: sending on it resumes the reading.
    resume: Option<std::sync::mpsc::Sender<()>>,
}

impl Served {
    /// Starts `songo serve`, reading its stderr as it comes.
    pub(crate) fn start(configure: impl FnOnce(&mut std::process::Command)) -> Served {
        Served::spawn(configure, None)
    }

    /// Starts `songo serve` and reads its stderr up to the line that says
    /// where it listens, then leaves the pipe unread (a stalled log
    /// shipper) until [`Served::drain`].
    pub(crate) fn start_with_stderr_unread(
        configure: impl FnOnce(&mut std::process::Command),
    ) -> Served {
        Served::spawn(configure, Some("listening on http://"))
    }

    /// Reads stderr again after [`Served::start_with_stderr_unread`].
    pub(crate) fn drain(&mut self) {
        if let Some(resume) = self.resume.take() {
            resume.send(()).ok();
        }
    }

    fn spawn(
        configure: impl FnOnce(&mut std::process::Command),
        stall_after: Option<&'static str>,
    ) -> Served {
        let mut command = songo();
        without_settings(&mut command);
        command.arg("serve");
        configure(&mut command);
        Served::run(command, stall_after)
    }

    /// Runs `command`, which runs `songo serve` (through a shell, say).
    pub(crate) fn run(
        mut command: std::process::Command,
        stall_after: Option<&'static str>,
    ) -> Served {
        command.stdout(Stdio::null()).stderr(Stdio::piped());
        let mut child = command.spawn().expect("songo serve starts");
        let stderr = child.stderr.take().expect("stderr is piped");
        let (tx, lines) = channel();
        let (resume, resumed) = channel::<()>();
        std::thread::spawn(move || {
            let mut stalled = stall_after;
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let stall = stalled.is_some_and(|needle| line.contains(needle));
                if tx.send(line).is_err() {
                    break;
                }
                if stall {
                    // The pipe stays open, unread, until the test resumes.
                    stalled = None;
                    resumed.recv().ok();
                }
            }
        });
        Served {
            child,
            lines,
            log: Vec::new(),
            resume: stall_after.map(|_| resume),
        }
    }

    /// Waits (at most 10 s) for a stderr line containing `needle`.
    pub(crate) fn wait_for(&mut self, needle: &str) -> String {
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

    /// The address from the "metrics on http://…/metrics" line (logged
    /// before the "listening on" line).
    pub(crate) fn metrics_address(&mut self) -> String {
        let line = match self.log.iter().find(|l| l.contains("metrics on http://")) {
            Some(line) => line.clone(),
            None => self.wait_for("metrics on http://"),
        };
        let rest = &line[line.find("http://").unwrap() + 7..];
        rest.split('/').next().unwrap().to_owned()
    }

    /// The address from the "listening on http://…" line.
    pub(crate) fn address(&mut self) -> String {
        let line = self.wait_for("listening on http://");
        let rest = &line[line.find("http://").unwrap() + 7..];
        rest.split_whitespace().next().unwrap().to_owned()
    }

    pub(crate) fn signal(&self, name: &str) {
        let status = std::process::Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.child.id().to_string())
            .status()
            .expect("kill runs");
        assert!(status.success());
    }

    /// Waits (at most 10 s) for the process to exit.
    pub(crate) fn exit_status(&mut self) -> std::process::ExitStatus {
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
        self.drain();
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
pub(crate) fn get_with(addr: &str, path: &str, headers: &str) -> String {
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
    assert!(
        served.log.iter().any(|line| line.contains(
            "cross-origin requests: none allowed (songo serve --cors-origin ORIGIN allows a site's pages)"
        )),
        "{:#?}",
        served.log
    );
    let answer = get(&addr, "/healthz");
    assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
    assert!(
        answer.ends_with("{\"status\":\"ok\",\"version\":\"0.1.0\"}\n"),
        "{answer}"
    );
    let line = served.wait_for("request");
    assert!(
        line.contains(r#"method=GET path="/healthz" status=200 latency_ms="#),
        "{line}"
    );
    served.signal("TERM");
    served.wait_for("stopped");
    assert!(served.exit_status().success());
}

/// The fairness limits of issue 37 are flags (and environment variables):
/// the server says the ones it runs with.
#[test]
fn serve_takes_the_fairness_limits_as_flags() {
    let mut served = Served::start(|c| {
        c.args([
            "--addr",
            "127.0.0.1:0",
            "--max-engine",
            "3",
            "--max-engine-per-client",
            "4",
            "--max-connections-per-client",
            "5",
        ])
        .env("SONGO_BODY_MIN_RATE", "10");
    });
    let line = served.wait_for("listening on http://");
    assert!(
        line.contains("3 engine slots (4 per client), at most 512 connections (5 per client), least body rate 10 bytes/s"),
        "{line}"
    );
    served.signal("TERM");
    let status = served.exit_status();
    assert!(status.success(), "{status:?}: {:#?}", served.log);
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
    // The log says which sites' pages may call the API.
    assert!(
        served.log.iter().any(|line| line.contains(
            "cross-origin requests allowed from: https://a.example, https://club.example"
        )),
        "{:#?}",
        served.log
    );
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
        ["--max-connections", "0"],
        ["--max-connections-per-client", "0"],
        ["--max-engine", "0"],
        ["--max-engine-per-client", "0"],
        ["--body-min-rate", "-1"],
        ["--header-timeout", "0"],
        ["--keep-alive-timeout", "-1"],
        ["--send-timeout", "1e19"],
        ["--request-timeout", "86401"],
        ["--log-format", "yaml"],
        ["--log", "info,[=nonsense"],
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

/// A host name is resolved (`localhost:0`), not refused as "invalid socket
/// address syntax"; a name that resolves to nothing says so.
#[test]
fn serve_resolves_a_host_name() {
    let mut served = Served::start(|c| {
        c.args(["--addr", "localhost:0"]);
    });
    let addr = served.address();
    assert!(get(&addr, "/healthz").starts_with("HTTP/1.1 200 OK\r\n"));
    served.signal("TERM");
    assert!(served.exit_status().success());
    let output = songo()
        .args(["serve", "--addr", "no-such-host.invalid:9000"])
        .output()
        .expect("songo runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no-such-host.invalid:9000"), "{stderr}");
}

//! A small WebDriver client for the page's tests: Debian's `chromedriver`
//! driving headless `chromium`, spoken to with the HTTP/1.1 client of these
//! tests (a handful of commands, so no WebDriver crate and its tree).
//!
//! Each browser gets a fresh profile directory and the flags that keep a
//! machine without outside network quiet; one browser runs at a time.

use std::io::{Read, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::{Reply, TestServer};

/// The WebDriver name of an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// How long a wait for the page may take before the test fails.
pub(crate) const WAIT: Duration = Duration::from_secs(30);

/// The sessions opened by [`Browser::another`], for their profiles' names.
static SESSIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// One browser at a time: the machine has 2 cores.
static ONE_BROWSER: Mutex<()> = Mutex::new(());

/// Where the page tests write their screenshots:
/// `target/tmp/page-screenshots/`.
pub(crate) fn screenshots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("page-screenshots");
    std::fs::create_dir_all(&dir).expect("the screenshot folder");
    dir
}

/// The programs, found on the `PATH` (Debian: `chromium`, `chromedriver`).
fn program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// A headless Chromium under chromedriver, with one session open.
pub(crate) struct Browser {
    /// The driver, `None` for another session of a driver ([`Browser::another`]).
    driver: Option<Child>,
    port: u16,
    session: String,
    profile: PathBuf,
    _turn: Option<MutexGuard<'static, ()>>,
}

impl Browser {
    /// A browser `width`×`height` on `server`'s page (`fragment`: what
    /// follows its `/`, such as `#lang=fr`), loaded and ready: the set-up
    /// of every page test.
    pub(crate) fn on_page(server: &TestServer, width: u32, height: u32, fragment: &str) -> Browser {
        let browser = Browser::start(width, height);
        browser.load(server, fragment);
        browser
    }

    /// Goes to `server`'s page at `rest` (what follows its `/`) and waits
    /// until the page is ready.
    pub(crate) fn load(&self, server: &TestServer, rest: &str) {
        self.go(&format!("http://{}/{rest}", server.addr));
        self.wait_for(
            "the page to be ready",
            "return document.body.dataset.ready === 'true'",
        );
    }

    /// Starts chromedriver and a headless Chromium `width`×`height`.
    ///
    /// # Panics
    /// When Chromium or chromedriver is missing: CI installs them
    /// (`.ci/run`), and a developer runs `apt-get install -y chromium
    /// chromium-driver`.
    pub(crate) fn start(width: u32, height: u32) -> Browser {
        let turn = ONE_BROWSER
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let missing = "the page's browser tests need Debian's chromium and chromium-driver: \
                       apt-get install -y chromium chromium-driver (.ci/run installs them)";
        let chromium = program(&["chromium", "chromium-browser"]).expect(missing);
        let chromedriver = program(&["chromedriver"]).expect(missing);
        let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let profile =
            std::env::temp_dir().join(format!("songo-page-test-{}-{port}", std::process::id()));
        let mut browser = Browser {
            driver: Some(driver),
            port,
            session: String::new(),
            profile,
            _turn: Some(turn),
        };
        let started = Instant::now();
        while TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver did not listen on port {port} within 20 s"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        browser.open_session(&chromium, width, height);
        browser
    }

    /// Another browser `width`×`height` of the same driver (its own
    /// profile: its own storage), such as a second phone at a game; drop
    /// it before this one.
    pub(crate) fn another(&self, width: u32, height: u32) -> Browser {
        let chromium = program(&["chromium", "chromium-browser"]).expect("chromium");
        let mut browser = Browser {
            driver: None,
            port: self.port,
            session: String::new(),
            profile: self.profile.with_extension(format!(
                "s{}",
                SESSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            )),
            _turn: None,
        };
        browser.open_session(&chromium, width, height);
        browser
    }

    /// Opens this browser's session: a headless Chromium on its profile.
    fn open_session(&mut self, chromium: &Path, width: u32, height: u32) {
        let browser = self;
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
            "--lang=en-GB",
        ]
        .iter()
        .map(|s| (*s).to_owned())
        .chain([
            format!("--user-data-dir={}", browser.profile.display()),
            format!("--window-size={width},{height}"),
        ])
        .collect::<Vec<_>>();
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args},
        }}});
        let answer = browser.command("POST", "/session", &capabilities);
        browser.session = answer["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no WebDriver session: {answer}"))
            .to_owned();
    }

    /// Makes the page's viewport `width`×`height` CSS pixels, as a phone's
    /// (headless Chromium's window is never narrower than 500 pixels).
    pub(crate) fn emulate_phone(&self, width: u32, height: u32) {
        let metrics = json!({"cmd": "Emulation.setDeviceMetricsOverride", "params": {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": true,
        }});
        self.session_command("POST", "/goog/cdp/execute", &metrics);
    }

    /// Cuts this browser's network (`true`) or gives it back, as
    /// Chromium's network emulation does: the page's requests fail as on
    /// a phone without signal.
    pub(crate) fn offline(&self, offline: bool) {
        let conditions = json!({"network_conditions": {
            "offline": offline, "latency": 0,
            "download_throughput": 1_000_000_000, "upload_throughput": 1_000_000_000,
        }});
        self.session_command("POST", "/chromium/network_conditions", &conditions);
    }

    /// Sends a WebDriver command; its `value`.
    fn command(&self, method: &str, path: &str, body: &Value) -> Value {
        let body = body.to_string();
        let mut stream =
            TcpStream::connect((Ipv4Addr::LOCALHOST, self.port)).expect("chromedriver accepts");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .expect("a timeout");
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.port,
            body.len()
        );
        stream
            .write_all(request.as_bytes())
            .expect("the command is sent");
        let (status, body) = read_answer(&mut stream);
        let value: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
        assert!(
            status == 200,
            "WebDriver {method} {path} failed ({status}): {value}"
        );
        value["value"].clone()
    }

    fn session_command(&self, method: &str, path: &str, body: &Value) -> Value {
        let path = format!("/session/{}{path}", self.session);
        self.command(method, &path, body)
    }

    /// Opens a URL.
    pub(crate) fn go(&self, url: &str) {
        self.session_command("POST", "/url", &json!({ "url": url }));
    }

    /// Runs `script` (a function body; `arguments` holds `args`) in the page.
    pub(crate) fn run(&self, script: &str, args: &[Value]) -> Value {
        self.session_command(
            "POST",
            "/execute/sync",
            &json!({"script": script, "args": args}),
        )
    }

    /// The element `css` selects (failing the test when there is none).
    pub(crate) fn find(&self, css: &str) -> Element<'_> {
        let value = self.session_command(
            "POST",
            "/element",
            &json!({"using": "css selector", "value": css}),
        );
        Element {
            browser: self,
            id: value[ELEMENT]
                .as_str()
                .unwrap_or_else(|| panic!("no element {css}: {value}"))
                .to_owned(),
        }
    }

    /// Waits until `script` returns something truthy (its value), or fails
    /// the test saying what was awaited.
    pub(crate) fn wait_for(&self, what: &str, script: &str) -> Value {
        let started = Instant::now();
        loop {
            let value = self.run(script, &[]);
            let truthy = match &value {
                Value::Null => false,
                Value::Bool(b) => *b,
                Value::String(s) => !s.is_empty(),
                Value::Number(n) => n.as_f64() != Some(0.0),
                _ => true,
            };
            if truthy {
                return value;
            }
            if started.elapsed() > WAIT {
                let status = self.run(
                    "return [document.getElementById('status')?.textContent, document.getElementById('alert')?.textContent].join(' | ')",
                    &[],
                );
                panic!("waited {WAIT:?} for {what}; the page says: {status}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The text of the element `css` selects.
    pub(crate) fn text(&self, css: &str) -> String {
        self.run(
            "return document.querySelector(arguments[0])?.textContent ?? ''",
            &[json!(css)],
        )
        .as_str()
        .unwrap_or_default()
        .to_owned()
    }

    /// Sets the window's size.
    pub(crate) fn resize(&self, width: u32, height: u32) {
        self.session_command(
            "POST",
            "/window/rect",
            &json!({"width": width, "height": height}),
        );
    }

    /// A screenshot of the viewport, written as PNG to `path`.
    pub(crate) fn screenshot(&self, path: &Path) {
        let encoded = self.session_command("GET", "/screenshot", &json!({}));
        let png = base64_decode(encoded.as_str().unwrap_or_default());
        std::fs::write(path, png).expect("the screenshot is written");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = format!("/session/{}", self.session);
            // Best effort: the driver is stopped below in any case.
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                self.command("DELETE", &path, &json!({}));
            }));
        }
        if let Some(driver) = &mut self.driver {
            driver.kill().ok();
            driver.wait().ok();
        }
        std::fs::remove_dir_all(&self.profile).ok();
    }
}

/// An element of the page.
pub(crate) struct Element<'a> {
    browser: &'a Browser,
    id: String,
}

impl Element<'_> {
    /// Clicks it as a user does (WebDriver scrolls it into view first).
    pub(crate) fn click(&self) {
        self.browser
            .session_command("POST", &format!("/element/{}/click", self.id), &json!({}));
    }

    /// Types `text` into it, key by key.
    pub(crate) fn type_text(&self, text: &str) {
        self.browser.session_command(
            "POST",
            &format!("/element/{}/value", self.id),
            &json!({ "text": text }),
        );
    }
}

/// Reads one answer: chromedriver keeps the connection open, so the body
/// is read by its `Content-Length`.
fn read_answer(stream: &mut TcpStream) -> (u16, Vec<u8>) {
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 64 * 1024];
    loop {
        if let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&bytes[..end]).to_ascii_lowercase();
            let length = head
                .lines()
                .find_map(|line| line.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse::<usize>().ok());
            if let Some(length) = length
                && bytes.len() >= end + 4 + length
            {
                let reply = Reply::parse(&bytes[..end + 4 + length]);
                return (reply.status, reply.body);
            }
        }
        let read = stream.read(&mut chunk).expect("chromedriver answers");
        if read == 0 {
            let reply = Reply::parse(&bytes);
            return (reply.status, reply.body);
        }
        bytes.extend_from_slice(&chunk[..read]);
    }
}

/// Decodes standard base64 (the screenshots).
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let sextets: Vec<u8> = text.bytes().filter_map(value).collect();
    let mut out = Vec::with_capacity(sextets.len() * 3 / 4);
    for chunk in sextets.chunks(4) {
        let bits = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &s)| acc | (u32::from(s) << (18 - 6 * i)));
        let bytes = bits.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    out
}

#[test]
fn base64_decodes() {
    assert_eq!(base64_decode("aGVsbG8="), b"hello");
    assert_eq!(base64_decode("aGk="), b"hi");
    assert_eq!(base64_decode("YWJj"), b"abc");
}

//! `songo serve` under faults, on the real binary over loopback: a log
//! pipe nobody reads, clients that never finish their request head, never
//! read their answers or leave mid-body, SIGTERM under load, running out
//! of file descriptors. (A handler's panic under load is tested through
//! the library, whose test-only routes `songo serve` never has:
//! service/tests/http/connections.rs.) Every case is bounded in time: a
//! server that stops answering fails the test at a read timeout instead of
//! hanging it.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::serve::Served;

/// An answer: its status and body.
struct Answer {
    status: u16,
    body: Vec<u8>,
}

/// Sends `request` on `stream` (kept alive) and reads one answer with a
/// `Content-Length`, or fails after `patience`.
fn exchange(stream: &mut TcpStream, request: &[u8], patience: Duration) -> Answer {
    stream.set_read_timeout(Some(patience)).unwrap();
    stream.write_all(request).expect("the request is sent");
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        if let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
            break end + 4;
        }
        let read = stream
            .read(&mut chunk)
            .unwrap_or_else(|e| panic!("no answer within {patience:?} ({e}): the server stalled"));
        assert!(read > 0, "the server closed the connection mid-answer");
        bytes.extend_from_slice(&chunk[..read]);
    };
    let head = String::from_utf8_lossy(&bytes[..head_end]).into_owned();
    let status = head[9..12].parse().expect("a status code");
    let length: usize = head
        .lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse().ok())?
        })
        .expect("a Content-Length");
    while bytes.len() < head_end + length {
        let read = stream
            .read(&mut chunk)
            .unwrap_or_else(|e| panic!("no body within {patience:?} ({e}): the server stalled"));
        assert!(read > 0, "the server closed the connection mid-body");
        bytes.extend_from_slice(&chunk[..read]);
    }
    Answer {
        status,
        body: bytes[head_end..head_end + length].to_vec(),
    }
}

impl Answer {
    /// Asserts a 200.
    fn assert_ok(&self) {
        assert_eq!(self.status, 200, "{}", String::from_utf8_lossy(&self.body));
    }
}

/// `request` on a connection of its own to `addr`, answered within 10 s.
fn ask(addr: &str, request: &[u8]) -> Answer {
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    exchange(&mut stream, request, Duration::from_secs(10))
}

/// `POST /v1/play`: one move from the start, a log line per request.
fn play_request() -> Vec<u8> {
    let body = r#"{"position": "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5", "moves": ["S2"]}"#;
    format!(
        "POST /v1/play HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

const HEALTHZ: &[u8] = b"GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n";

const METRICS: &[u8] = b"GET /metrics HTTP/1.1\r\nHost: test\r\n\r\n";

/// The value of the sample `series` (name and labels, as printed) in a
/// `/metrics` answer.
fn sample(metrics: &Answer, series: &str) -> f64 {
    assert_eq!(metrics.status, 200);
    let text = String::from_utf8_lossy(&metrics.body);
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("no {series} in\n{text}"))
        .parse()
        .expect("a number")
}

/// Issue 15, first fault: with stderr going into a pipe nobody reads, the
/// server went on only until the pipe was full (some 650 request lines),
/// then every worker blocked writing a log line and nothing was answered
/// any more, `/healthz` included.
#[test]
fn a_log_pipe_nobody_reads_does_not_stop_the_server() {
    let mut served = Served::start_with_stderr_unread(|c| {
        c.args(["--addr", "127.0.0.1:0", "--metrics-addr", "127.0.0.1:0"]);
    });
    let metrics_addr = served.metrics_address();
    let addr = served.address();
    // Lines enough to fill the pipe (64 KiB) and the server's log queue
    // (1 MiB, some 10 000 of these lines) and more.
    let clients: Vec<_> = (0..4)
        .map(|_| {
            let addr = addr.clone();
            std::thread::spawn(move || {
                let mut stream = TcpStream::connect(&addr).expect("the server accepts");
                let request = play_request();
                for _ in 0..4000 {
                    exchange(&mut stream, &request, Duration::from_secs(10)).assert_ok();
                }
            })
        })
        .collect();
    for client in clients {
        client.join().expect("every request is answered");
    }
    let started = Instant::now();
    ask(&addr, HEALTHZ).assert_ok();
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "/healthz took {:?}",
        started.elapsed()
    );
    let dropped = metric(&metrics_addr, "songo_log_lines_dropped_total");
    assert!(dropped > 0.0, "no log line dropped");
    // Once the pipe is read again, the log says how many lines it lost.
    served.drain();
    let line = served.wait_for("log lines were dropped");
    assert!(line.contains("WARN"), "{line}");
    served.signal("TERM");
    assert!(served.exit_status().success());
}

/// Issue 15, second fault: clients that send part of a request head and
/// nothing more were kept for ever, and enough of them (beyond the open
/// files limit) stopped the server from accepting anyone. Beyond the
/// connection cap, a normal client is still answered, and every slow one
/// is closed once the head timeout is past.
#[test]
fn clients_that_never_finish_their_request_head_are_closed() {
    let mut served = Served::start(|c| {
        c.args(["--addr", "127.0.0.1:0"])
            .env("SONGO_HEADER_TIMEOUT", "1")
            .env("SONGO_MAX_CONNECTIONS", "64");
    });
    let addr = served.address();
    let slow: Vec<TcpStream> = (0..150)
        .map(|_| {
            let mut stream = TcpStream::connect(&addr).expect("the server accepts");
            stream
                .write_all(b"POST /v1/play HTTP/1.1\r\nHost: x\r\n")
                .unwrap();
            stream
        })
        .collect();
    ask(&addr, HEALTHZ).assert_ok();
    // Far past the head timeout: a server that keeps them fails here.
    let deadline = Instant::now() + Duration::from_secs(15);
    for (i, mut stream) in slow.into_iter().enumerate() {
        let left = deadline.saturating_duration_since(Instant::now());
        stream
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))
            .unwrap();
        let mut rest = Vec::new();
        match stream.read_to_end(&mut rest) {
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                panic!("slow client {i} is still open 15 s after it connected")
            }
            // Closed with a reset: closed all the same.
            Err(_) => {}
        }
    }
    served.signal("TERM");
    assert!(served.exit_status().success());
}

/// The value of `series` on the metrics address `addr`.
fn metric(addr: &str, series: &str) -> f64 {
    sample(&ask(addr, METRICS), series)
}

/// Waits (at most 15 s) for `series` to reach `value`.
fn wait_for_metric(addr: &str, series: &str, value: f64) {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let now = metric(addr, series);
        if now == value {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{series} is {now}, not {value}, after 15 s"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A client that asks for answers larger than the socket buffers and
/// never reads them is closed after the send timeout; the others are
/// served meanwhile.
#[test]
fn a_client_that_never_reads_its_answers_is_closed_after_the_send_timeout() {
    let mut served = Served::start(|c| {
        c.args(["--addr", "127.0.0.1:0", "--metrics-addr", "127.0.0.1:0"])
            .args(["--send-timeout", "1"]);
    });
    let metrics = served.metrics_address();
    let addr = served.address();
    // 1000 pipelined requests for the 43 kB OpenAPI document: 43 MB, far
    // more than the socket buffers hold.
    let mut greedy = TcpStream::connect(&addr).expect("the server accepts");
    greedy
        .write_all(&b"GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\n".repeat(1000))
        .unwrap();
    wait_for_metric(
        &metrics,
        "songo_connections_closed_total{reason=\"send_timeout\"}",
        1.0,
    );
    ask(&addr, HEALTHZ).assert_ok();
    wait_for_metric(&metrics, "songo_connections_open", 0.0);
    assert_eq!(metric(&metrics, "songo_http_requests_in_flight"), 0.0);
    drop(greedy);
    served.signal("TERM");
    assert!(served.exit_status().success());
}

/// Clients that leave in the middle of their request body give back
/// their validation slot: with one slot, the next validation is served.
#[test]
fn clients_that_leave_mid_body_free_their_slots() {
    let mut served = Served::start(|c| {
        c.args(["--addr", "127.0.0.1:0", "--metrics-addr", "127.0.0.1:0"])
            .env("SONGO_MAX_VALIDATIONS", "1");
    });
    let metrics = served.metrics_address();
    let addr = served.address();
    let record = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/records/valid/songo-full-game.songo"
    ))
    .unwrap();
    for _ in 0..5 {
        let mut stream = TcpStream::connect(&addr).expect("the server accepts");
        stream
            .write_all(
                b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000000\r\n\r\n",
            )
            .unwrap();
        stream.write_all(&record).unwrap();
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut request = format!(
        "POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n",
        record.len()
    )
    .into_bytes();
    request.extend_from_slice(&record);
    ask(&addr, &request).assert_ok();
    wait_for_metric(&metrics, "songo_connections_open", 0.0);
    assert_eq!(metric(&metrics, "songo_http_requests_in_flight"), 0.0);
    served.signal("TERM");
    assert!(served.exit_status().success());
}

/// Reads an answer to the end of the connection: `None` when the server
/// closed it without answering (the request came too late), else the
/// status, after checking that the body is whole.
fn whole_answer(stream: &mut TcpStream) -> Option<u16> {
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut bytes = Vec::new();
    if let Err(e) = stream.read_to_end(&mut bytes) {
        assert!(
            !matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ),
            "no answer within 10 s"
        );
    }
    if bytes.is_empty() {
        return None;
    }
    let text = String::from_utf8_lossy(&bytes);
    let (head, body) = text.split_once("\r\n\r\n").expect("a whole head");
    let length: usize = head
        .lines()
        .find_map(|line| line.strip_prefix("content-length: "))
        .expect("a Content-Length")
        .parse()
        .unwrap();
    assert_eq!(body.len(), length, "a cut answer: {text}");
    Some(head[9..12].parse().unwrap())
}

/// SIGTERM under load: the requests in flight are answered in full, the
/// later ones are refused (never cut), and the server exits with 0.
#[test]
fn sigterm_under_load_answers_the_requests_in_flight_and_exits_cleanly() {
    let mut served = Served::start(|c| {
        c.args(["--addr", "127.0.0.1:0"]);
    });
    let addr = served.address();
    let request = play_request();
    let split = request.len() - 10;
    // In flight: heads and part of the bodies sent.
    let mut in_flight: Vec<TcpStream> = (0..4)
        .map(|_| {
            let mut stream = TcpStream::connect(&addr).expect("the server accepts");
            stream.write_all(&request[..split]).unwrap();
            stream
        })
        .collect();
    let stop = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        let load: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(|| {
                    let mut answered = 0;
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                        let Ok(mut stream) = TcpStream::connect(&addr) else {
                            break;
                        };
                        if stream.write_all(&close_after(&request)).is_err() {
                            break;
                        }
                        match whole_answer(&mut stream) {
                            Some(status) => {
                                assert_eq!(status, 200);
                                answered += 1;
                            }
                            None => break,
                        }
                    }
                    answered
                })
            })
            .collect();
        std::thread::sleep(Duration::from_millis(500));
        served.signal("TERM");
        served.wait_for("shutting down");
        for stream in &mut in_flight {
            stream.write_all(&request[split..]).unwrap();
            assert_eq!(whole_answer(stream), Some(200));
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        for client in load {
            assert!(client.join().expect("every answer is whole") > 0);
        }
    });
    served.wait_for("stopped");
    assert!(served.exit_status().success());
}

/// `request` with `Connection: close`.
fn close_after(request: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(request);
    text.replacen("Host: test\r\n", "Host: test\r\nConnection: close\r\n", 1)
        .into_bytes()
}

/// CPU time (user and system) of process `pid` so far.
fn cpu_time(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("/proc is there");
    // Fields after the command name, which is in parentheses.
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    // Clock ticks are 1/100 s on Linux.
    Duration::from_millis(ticks * 10)
}

/// Out of file descriptors (the open files limit under the connection
/// cap), `accept` fails with EMFILE: the server pauses instead of
/// retrying in a loop, and serves again once descriptors are free.
#[test]
fn out_of_file_descriptors_the_server_backs_off_without_spinning() {
    let mut command = std::process::Command::new("sh");
    crate::serve::without_settings(&mut command);
    command
        .args(["-c", "ulimit -n 48 && exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_songo"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--metrics-addr",
            "127.0.0.1:0",
        ])
        .args(["--max-connections", "500", "--header-timeout", "30"]);
    let mut served = Served::run(command, None);
    let metrics = served.metrics_address();
    let addr = served.address();
    // Far more than 48 descriptors: the kernel queues the rest.
    let silent: Vec<TcpStream> = (0..80)
        .map(|_| TcpStream::connect(&addr).expect("the kernel accepts"))
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let pid = served.child.id();
    let before = cpu_time(pid);
    std::thread::sleep(Duration::from_secs(2));
    let spent = cpu_time(pid) - before;
    // A loop retrying at once would take a whole core: 2 s.
    assert!(
        spent < Duration::from_millis(500),
        "{spent:?} of CPU in 2 s"
    );
    served.wait_for("cannot accept connections");
    drop(silent);
    ask(&addr, HEALTHZ).assert_ok();
    assert!(metric(&metrics, "songo_accept_errors_total") > 0.0);
    served.signal("TERM");
    assert!(served.exit_status().success());
}

/// Issue 21, fourth fault: with `--max-connections 8` and every
/// connection busy (here, bodies still arriving), 40 new connections each
/// got their 503 0.25 s after the one before: the last after 10 s. Each
/// refusal is answered at once now, and the busy requests go on.
#[test]
fn refusals_at_the_connection_cap_are_answered_at_once() {
    let mut served = Served::start(|c| {
        c.args(["--addr", "127.0.0.1:0", "--metrics-addr", "127.0.0.1:0"])
            .args(["--max-connections", "8", "--body-timeout", "10"]);
    });
    let metrics = served.metrics_address();
    let addr = served.address();
    let request = play_request();
    let split = request.len() - 10;
    let mut busy: Vec<TcpStream> = (0..8)
        .map(|_| {
            let mut stream = TcpStream::connect(&addr).expect("the server accepts");
            stream.write_all(&request[..split]).unwrap();
            stream
        })
        .collect();
    wait_for_metric(&metrics, "songo_http_requests_in_flight", 8.0);
    let started = Instant::now();
    for _ in 0..40 {
        let mut stream = TcpStream::connect(&addr).expect("the kernel accepts");
        let answer = exchange(&mut stream, HEALTHZ, Duration::from_secs(10));
        assert_eq!(
            answer.status,
            503,
            "{}",
            String::from_utf8_lossy(&answer.body)
        );
    }
    assert!(
        started.elapsed() < Duration::from_millis(2500),
        "40 refusals took {:?}",
        started.elapsed()
    );
    for stream in &mut busy {
        exchange(stream, &request[split..], Duration::from_secs(10)).assert_ok();
    }
    assert_eq!(metric(&metrics, "songo_connections_refused_total"), 40.0);
    served.signal("TERM");
    assert!(served.exit_status().success());
}

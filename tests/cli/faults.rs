//! `songo serve` under faults, on the real binary over loopback: a log
//! pipe nobody reads, clients that never finish their request head. Every
//! case is bounded in time: a server that stops answering fails the test
//! at a read timeout instead of hanging it.

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
                    let answer = exchange(&mut stream, &request, Duration::from_secs(10));
                    assert_eq!(
                        answer.status,
                        200,
                        "{}",
                        String::from_utf8_lossy(&answer.body)
                    );
                }
            })
        })
        .collect();
    for client in clients {
        client.join().expect("every request is answered");
    }
    let started = Instant::now();
    let mut stream = TcpStream::connect(&addr).expect("the server accepts");
    let answer = exchange(&mut stream, HEALTHZ, Duration::from_secs(10));
    assert_eq!(answer.status, 200);
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "/healthz took {:?}",
        started.elapsed()
    );
    let mut stream = TcpStream::connect(&metrics_addr).expect("the metrics address accepts");
    let metrics = exchange(&mut stream, METRICS, Duration::from_secs(10));
    let dropped = sample(&metrics, "songo_log_lines_dropped_total");
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
    let mut stream = TcpStream::connect(&addr).expect("the server accepts");
    let answer = exchange(&mut stream, HEALTHZ, Duration::from_secs(10));
    assert_eq!(answer.status, 200);
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

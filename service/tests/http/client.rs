//! A test server on its own runtime and thread, and a raw HTTP/1.1 client
//! over `std::net::TcpStream` (one request per connection).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::thread::JoinHandle;
use std::time::Duration;

use songo_service::{Config, ShutdownTimedOut};

/// The server under test.
pub(crate) struct TestServer {
    pub(crate) addr: SocketAddr,
    /// Where `GET /metrics` is served, for a server started so.
    pub(crate) metrics_addr: Option<SocketAddr>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<Result<(), ShutdownTimedOut>>>,
}

impl TestServer {
    /// A server with the default configuration and the debug routes.
    pub(crate) fn start() -> TestServer {
        TestServer::with(Config {
            debug_routes: true,
            ..Config::default()
        })
    }

    /// A server with `config` (its address is ignored: port 0 of 127.0.0.1).
    pub(crate) fn with(config: Config) -> TestServer {
        TestServer::spawn(config, false)
    }

    /// A server with `config` that also serves its metrics (on another
    /// port of 127.0.0.1).
    pub(crate) fn with_metrics(config: Config) -> TestServer {
        TestServer::spawn(config, true)
    }

    fn spawn(config: Config, metrics: bool) -> TestServer {
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("a runtime");
            let result = runtime.block_on(async move {
                let bind = || tokio::net::TcpListener::bind("127.0.0.1:0");
                let listener = bind().await.expect("a free port");
                let metrics = if metrics {
                    Some(bind().await.expect("a free port"))
                } else {
                    None
                };
                let address = |l: &tokio::net::TcpListener| l.local_addr().expect("an address");
                addr_tx
                    .send((address(&listener), metrics.as_ref().map(address)))
                    .expect("the test waits");
                let listeners = songo_service::Listeners {
                    api: listener,
                    metrics,
                };
                songo_service::serve(listeners, config, async {
                    stopped.await.ok();
                })
                .await
            });
            runtime.shutdown_timeout(Duration::from_secs(1));
            result
        });
        let (addr, metrics_addr) = addr_rx
            .recv_timeout(Duration::from_secs(10))
            .expect("the server starts");
        TestServer {
            addr,
            metrics_addr,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// Asks the server to shut down, without waiting.
    pub(crate) fn begin_shutdown(&mut self) {
        if let Some(stop) = self.stop.take() {
            stop.send(()).ok();
        }
    }

    /// Shuts the server down and waits for it.
    pub(crate) fn stop(mut self) -> Result<(), ShutdownTimedOut> {
        self.begin_shutdown();
        self.thread
            .take()
            .expect("not stopped yet")
            .join()
            .expect("the server thread does not panic")
    }

    /// A connection to the server.
    pub(crate) fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(self.addr).expect("the server accepts");
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .expect("a timeout");
        stream
    }

    /// A connection to the server from another loopback address (such as
    /// 127.0.0.2): another client, as the server counts clients.
    pub(crate) fn connect_from(&self, ip: [u8; 4]) -> TcpStream {
        use socket2::{Domain, Socket, Type};
        let socket = Socket::new(Domain::IPV4, Type::STREAM, None).expect("a socket");
        socket
            .bind(&SocketAddr::from((ip, 0)).into())
            .expect("a loopback address");
        socket
            .connect(&self.addr.into())
            .expect("the server accepts");
        let stream: TcpStream = socket.into();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .expect("a timeout");
        stream
    }

    /// Any request as [`TestServer::request`] does, from another loopback
    /// address.
    pub(crate) fn request_from(
        &self,
        ip: [u8; 4],
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
    ) -> Reply {
        let mut stream = self.connect_from(ip);
        stream
            .write_all(&self.request_bytes(method, path, headers, body))
            .expect("the request is sent");
        Reply::read(&mut stream)
    }

    /// `GET path`.
    pub(crate) fn get(&self, path: &str) -> Reply {
        self.request("GET", path, &[], None)
    }

    /// `POST path` with a body of `content_type`.
    pub(crate) fn post(&self, path: &str, content_type: &str, body: &str) -> Reply {
        self.request(
            "POST",
            path,
            &[("Content-Type", content_type)],
            Some(body.as_bytes()),
        )
    }

    /// `POST path` with a JSON body.
    pub(crate) fn post_json(&self, path: &str, body: &serde_json::Value) -> Reply {
        self.post(path, "application/json", &body.to_string())
    }

    /// Any request; a body gets its `Content-Length`.
    pub(crate) fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
    ) -> Reply {
        self.raw(&self.request_bytes(method, path, headers, body))
    }

    /// The bytes of a request; a body gets its `Content-Length`.
    fn request_bytes(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
    ) -> Vec<u8> {
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n",
            self.addr
        );
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        if let Some(body) = body {
            head.push_str(&format!("Content-Length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        let mut bytes = head.into_bytes();
        bytes.extend_from_slice(body.unwrap_or_default());
        bytes
    }

    /// Sends raw bytes, reads the answer until the server closes.
    pub(crate) fn raw(&self, request: &[u8]) -> Reply {
        let mut stream = self.connect();
        stream.write_all(request).expect("the request is sent");
        Reply::read(&mut stream)
    }

    /// `method path` on any address, on a connection of its own.
    pub(crate) fn request_to(addr: SocketAddr, method: &str, path: &str) -> Reply {
        let mut stream = TcpStream::connect(addr).expect("the server accepts");
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .expect("a timeout");
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .expect("the request is sent");
        Reply::read(&mut stream)
    }

    /// The text of `GET /metrics` from the metrics address.
    pub(crate) fn metrics(&self) -> String {
        let addr = self.metrics_addr.expect("a server started with_metrics");
        let reply = TestServer::request_to(addr, "GET", "/metrics");
        assert_eq!(reply.status, 200);
        reply.text().to_owned()
    }

    /// The value of the sample `series` (its name and labels as printed)
    /// in `GET /metrics`.
    pub(crate) fn metric(&self, series: &str) -> f64 {
        let text = self.metrics();
        text.lines()
            .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
            .unwrap_or_else(|| panic!("no {series} in\n{text}"))
            .parse()
            .expect("a number")
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.begin_shutdown();
        if let Some(thread) = self.thread.take() {
            thread.join().ok();
        }
    }
}

/// An HTTP answer.
#[derive(Debug)]
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) body: Vec<u8>,
}

impl Reply {
    /// Reads an answer to the end of the connection.
    pub(crate) fn read(stream: &mut impl Read) -> Reply {
        let mut bytes = Vec::new();
        stream.read_to_end(&mut bytes).expect("the answer is read");
        Reply::parse(&bytes)
    }

    /// Parses an answer (skipping `100 Continue`), de-chunking its body.
    pub(crate) fn parse(mut bytes: &[u8]) -> Reply {
        loop {
            let end = find(bytes, b"\r\n\r\n").expect("an answer has a head");
            let head = std::str::from_utf8(&bytes[..end]).expect("an ASCII head");
            let rest = &bytes[end + 4..];
            let mut lines = head.split("\r\n");
            let status: u16 = lines
                .next()
                .and_then(|l| l.split(' ').nth(1))
                .and_then(|s| s.parse().ok())
                .expect("a status line");
            if status == 100 {
                bytes = rest;
                continue;
            }
            let headers: Vec<(String, String)> = lines
                .filter_map(|l| l.split_once(':'))
                .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
                .collect();
            let chunked = headers
                .iter()
                .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
            let body = if chunked {
                dechunk(rest)
            } else {
                rest.to_vec()
            };
            return Reply {
                status,
                headers,
                body,
            };
        }
    }

    /// A header's value.
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as text.
    pub(crate) fn text(&self) -> &str {
        std::str::from_utf8(&self.body).expect("a UTF-8 body")
    }

    /// The body as JSON.
    pub(crate) fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("a JSON body ({e}): {}", self.text()))
    }

    /// Asserts a 200 `application/json` answer and returns its body.
    pub(crate) fn ok(&self) -> serde_json::Value {
        assert_eq!(self.status, 200, "{}", self.text());
        assert_eq!(self.header("content-type"), Some("application/json"));
        self.json()
    }

    /// Asserts a problem+json answer of `status` and `type` and returns it.
    pub(crate) fn problem(&self, status: u16, slug: &str) -> serde_json::Value {
        assert_eq!(self.status, status, "{}", self.text());
        assert_eq!(
            self.header("content-type"),
            Some("application/problem+json")
        );
        let problem = self.json();
        assert_eq!(problem["type"], format!("urn:songo:problem:{slug}"));
        assert_eq!(problem["status"], status);
        assert!(problem["title"].is_string() && problem["detail"].is_string());
        problem
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn dechunk(mut bytes: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let Some(end) = find(bytes, b"\r\n") else {
            return body;
        };
        let size_text = std::str::from_utf8(&bytes[..end]).expect("a chunk size");
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("0").trim(), 16)
            .expect("a hex chunk size");
        if size == 0 {
            return body;
        }
        body.extend_from_slice(&bytes[end + 2..end + 2 + size]);
        bytes = &bytes[end + 2 + size + 2..];
    }
}

//! The server's metrics in the Prometheus text format, served at
//! `GET /metrics` on the metrics address (`songo serve --metrics-addr`),
//! never on the API's.
//!
//! A fixed registry of atomic counters, written here rather than taken
//! from a metrics crate: a dozen series with a bounded set of labels (the
//! route table and the status code: nothing a client sends can add a
//! series), updated without locks or allocation on every request. The
//! series are listed in docs/api.md, section "Metrics".

use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use warp::Filter;
use warp::http::header::CONTENT_TYPE;
use warp::http::{Method, StatusCode};
use warp::path::FullPath;
use warp::reply::Response;

/// Upper bounds of the latency histogram's buckets, in microseconds, and
/// as Prometheus prints them (seconds).
const BUCKETS: [(u64, &str); 14] = [
    (500, "0.0005"),
    (1_000, "0.001"),
    (2_500, "0.0025"),
    (5_000, "0.005"),
    (10_000, "0.01"),
    (25_000, "0.025"),
    (50_000, "0.05"),
    (100_000, "0.1"),
    (250_000, "0.25"),
    (500_000, "0.5"),
    (1_000_000, "1"),
    (2_500_000, "2.5"),
    (5_000_000, "5"),
    (10_000_000, "10"),
];

/// Status codes are counted from 100 to 599.
const STATUSES: usize = 500;

/// The status counted for a request whose client left before its answer
/// was ready (nginx's convention).
pub(crate) const CLIENT_GONE: u16 = 499;

/// Why the server closed a connection itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CloseReason {
    /// The request head did not arrive within `--header-timeout`.
    HeaderTimeout,
    /// No new request within `--keep-alive-timeout` of the last answer.
    IdleTimeout,
    /// The client did not read its answer within `--send-timeout`.
    SendTimeout,
    /// At the connection cap, the connection that had waited longest for
    /// a request made room for a new one.
    Evicted,
    /// Still open when the shutdown timeout was over.
    Shutdown,
}

impl CloseReason {
    const ALL: [CloseReason; 5] = [
        CloseReason::HeaderTimeout,
        CloseReason::IdleTimeout,
        CloseReason::SendTimeout,
        CloseReason::Evicted,
        CloseReason::Shutdown,
    ];

    /// The label value.
    pub(crate) const fn label(self) -> &'static str {
        match self {
            CloseReason::HeaderTimeout => "header_timeout",
            CloseReason::IdleTimeout => "idle_timeout",
            CloseReason::SendTimeout => "send_timeout",
            CloseReason::Evicted => "evicted",
            CloseReason::Shutdown => "shutdown",
        }
    }
}

/// One route's counters.
struct RouteStats {
    /// Answers by status code (index: status − 100).
    statuses: Box<[AtomicU64]>,
    /// Latencies by bucket (not cumulative; the last is past every bound).
    buckets: [AtomicU64; BUCKETS.len() + 1],
    /// The sum of the latencies, in microseconds.
    sum_micros: AtomicU64,
}

impl RouteStats {
    fn new() -> RouteStats {
        RouteStats {
            statuses: (0..STATUSES).map(|_| AtomicU64::new(0)).collect(),
            buckets: std::array::from_fn(|_| AtomicU64::new(0)),
            sum_micros: AtomicU64::new(0),
        }
    }
}

/// Every counter of one listener.
pub(crate) struct Metrics {
    /// The method and path of each route counted (the API's, in the
    /// router's order: the router says which one answered).
    labels: Box<[(&'static str, &'static str)]>,
    /// One per route of `labels`, then one for any other request.
    routes: Box<[RouteStats]>,
    /// Requests whose answer is not completely sent.
    pub(crate) in_flight: AtomicU64,
    /// Connections open now.
    pub(crate) connections_open: AtomicU64,
    /// Connections accepted (served or refused).
    pub(crate) connections_accepted: AtomicU64,
    /// Connections refused at the cap: answered 503 and closed at once.
    pub(crate) connections_refused: AtomicU64,
    /// Connections the server closed, by [`CloseReason`].
    closed: [AtomicU64; CloseReason::ALL.len()],
    /// Failed `accept` calls (out of file descriptors, aborted handshakes…).
    pub(crate) accept_errors: AtomicU64,
    /// The cap on open connections (`--max-connections`).
    max_connections: u64,
}

impl Metrics {
    /// Counters for the routes of `labels` (method, path) and a listener
    /// of `max_connections`.
    pub(crate) fn new(
        max_connections: usize,
        labels: Vec<(&'static str, &'static str)>,
    ) -> Metrics {
        Metrics {
            routes: (0..=labels.len()).map(|_| RouteStats::new()).collect(),
            labels: labels.into(),
            in_flight: AtomicU64::new(0),
            connections_open: AtomicU64::new(0),
            connections_accepted: AtomicU64::new(0),
            connections_refused: AtomicU64::new(0),
            closed: std::array::from_fn(|_| AtomicU64::new(0)),
            accept_errors: AtomicU64::new(0),
            max_connections: max_connections as u64,
        }
    }

    /// Counts an answer of `status` to a request of `route` (an index of
    /// the labels; none: "other"), after `latency`.
    pub(crate) fn record(&self, route: Option<usize>, status: u16, latency: Duration) {
        let route = route.unwrap_or(self.labels.len());
        let Some(stats) = self.routes.get(route) else {
            return;
        };
        if let Some(count) = usize::from(status)
            .checked_sub(100)
            .and_then(|i| stats.statuses.get(i))
        {
            count.fetch_add(1, Ordering::Relaxed);
        }
        let micros = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX);
        let bucket = BUCKETS
            .iter()
            .position(|&(bound, _)| micros <= bound)
            .unwrap_or(BUCKETS.len());
        stats.buckets[bucket].fetch_add(1, Ordering::Relaxed);
        stats.sum_micros.fetch_add(micros, Ordering::Relaxed);
    }

    /// The path of the route at index `i`, as the route writes it
    /// (`/v1/games/{id}`; none: `other`), for the request's log line.
    pub(crate) fn route_path(&self, i: Option<usize>) -> &'static str {
        i.and_then(|i| self.labels.get(i))
            .map_or("other", |&(_, path)| path)
    }

    /// The Prometheus labels of the route at index `i` (past the routes:
    /// requests no route of the API answers).
    fn route_labels(&self, i: usize) -> String {
        match self.labels.get(i) {
            Some((method, path)) => format!("method=\"{method}\",route=\"{path}\""),
            None => "method=\"other\",route=\"other\"".to_owned(),
        }
    }

    /// Counts a connection the server closed.
    pub(crate) fn closed(&self, reason: CloseReason) {
        self.closed[reason as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// The metrics in the Prometheus text format (version 0.0.4).
    pub(crate) fn render(&self, dropped_log_lines: u64) -> String {
        let mut out = String::with_capacity(8 * 1024);
        self.write_requests(&mut out);
        self.write_durations(&mut out);
        self.write_single_values(&mut out, dropped_log_lines);
        self.write_closes(&mut out);
        out
    }

    /// The requests answered, by route and status.
    fn write_requests(&self, out: &mut String) {
        header(
            out,
            "songo_http_requests_total",
            "counter",
            "Requests answered, by route and status (499: the client left before the answer; route \"other\": no route of the API)",
        );
        for (i, stats) in self.routes.iter().enumerate() {
            for (code, count) in stats.statuses.iter().enumerate() {
                let count = count.load(Ordering::Relaxed);
                if count > 0 {
                    let status = code + 100;
                    let _ = writeln!(
                        out,
                        "songo_http_requests_total{{{},status=\"{status}\"}} {count}",
                        self.route_labels(i)
                    );
                }
            }
        }
    }

    /// The histogram of the time to answer, for each route of the API.
    fn write_durations(&self, out: &mut String) {
        header(
            out,
            "songo_http_request_duration_seconds",
            "histogram",
            "Time from a request's head to its answer being ready, by route",
        );
        for (i, stats) in self.routes.iter().enumerate() {
            let labels = self.route_labels(i);
            let mut cumulative = 0;
            for (bucket, (_, bound)) in BUCKETS.iter().enumerate() {
                cumulative += stats.buckets[bucket].load(Ordering::Relaxed);
                let _ = writeln!(
                    out,
                    "songo_http_request_duration_seconds_bucket{{{labels},le=\"{bound}\"}} {cumulative}"
                );
            }
            cumulative += stats.buckets[BUCKETS.len()].load(Ordering::Relaxed);
            let sum = stats.sum_micros.load(Ordering::Relaxed) as f64 / 1e6;
            let _ = writeln!(
                out,
                "songo_http_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} {cumulative}\n\
                 songo_http_request_duration_seconds_sum{{{labels}}} {sum}\n\
                 songo_http_request_duration_seconds_count{{{labels}}} {cumulative}"
            );
        }
    }

    /// The metrics that are one number: requests in flight, connections,
    /// accept errors, log lines dropped.
    fn write_single_values(&self, out: &mut String, dropped_log_lines: u64) {
        let single = [
            (
                "songo_http_requests_in_flight",
                "gauge",
                "Requests whose answer is not completely sent yet",
                self.in_flight.load(Ordering::Relaxed),
            ),
            (
                "songo_connections_open",
                "gauge",
                "Connections open now",
                self.connections_open.load(Ordering::Relaxed),
            ),
            (
                "songo_connections_max",
                "gauge",
                "The cap on open connections (--max-connections)",
                self.max_connections,
            ),
            (
                "songo_connections_accepted_total",
                "counter",
                "Connections accepted, served or refused",
                self.connections_accepted.load(Ordering::Relaxed),
            ),
            (
                "songo_connections_refused_total",
                "counter",
                "Connections refused at the cap (every connection had a request in flight): answered 503 and closed",
                self.connections_refused.load(Ordering::Relaxed),
            ),
            (
                "songo_accept_errors_total",
                "counter",
                "Failed accepts (such as EMFILE: out of file descriptors); each is retried after a short pause",
                self.accept_errors.load(Ordering::Relaxed),
            ),
            (
                "songo_log_lines_dropped_total",
                "counter",
                "Log lines dropped because standard error was not read fast enough",
                dropped_log_lines,
            ),
        ];
        for (name, kind, help, value) in single {
            header(out, name, kind, help);
            let _ = writeln!(out, "{name} {value}");
        }
    }

    /// The connections the server closed, by reason.
    fn write_closes(&self, out: &mut String) {
        header(
            out,
            "songo_connections_closed_total",
            "counter",
            "Connections the server closed itself, by reason",
        );
        for reason in CloseReason::ALL {
            let _ = writeln!(
                out,
                "songo_connections_closed_total{{reason=\"{}\"}} {}",
                reason.label(),
                self.closed[reason as usize].load(Ordering::Relaxed)
            );
        }
    }
}

fn header(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
}

/// The filter of the metrics address: `GET path` (`/metrics`), 404 for
/// any other.
pub(crate) fn filter(
    metrics: Arc<Metrics>,
    path: &'static str,
) -> impl Filter<Extract = (Response,), Error = std::convert::Infallible> + Clone + Send + Sync + 'static
{
    warp::path::full()
        .and(warp::method())
        .map(move |full: FullPath, method: Method| {
            let mut response = if full.as_str() == path && method == Method::GET {
                let mut response =
                    Response::new(metrics.render(crate::logging::dropped_log_lines()).into());
                response.headers_mut().insert(
                    CONTENT_TYPE,
                    warp::http::HeaderValue::from_static(
                        "text/plain; version=0.0.4; charset=utf-8",
                    ),
                );
                response
            } else {
                let mut response = Response::new("this address serves GET /metrics only\n".into());
                *response.status_mut() = StatusCode::NOT_FOUND;
                response
            };
            response.headers_mut().insert(
                "cache-control",
                warp::http::HeaderValue::from_static("no-store"),
            );
            response
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_format_has_every_series_with_its_help_and_type() {
        let metrics = Metrics::new(64, vec![("GET", "/healthz"), ("POST", "/v1/play")]);
        let play = Some(1);
        metrics.record(play, 200, Duration::from_micros(700));
        metrics.record(play, 200, Duration::from_secs(20));
        metrics.record(play, 422, Duration::from_micros(100));
        metrics.record(None, 405, Duration::from_micros(10));
        metrics.closed(CloseReason::HeaderTimeout);
        metrics.connections_open.store(3, Ordering::Relaxed);
        let text = metrics.render(7);
        for line in [
            "songo_http_requests_total{method=\"POST\",route=\"/v1/play\",status=\"200\"} 2",
            "songo_http_requests_total{method=\"POST\",route=\"/v1/play\",status=\"422\"} 1",
            "songo_http_requests_total{method=\"other\",route=\"other\",status=\"405\"} 1",
            "songo_http_request_duration_seconds_bucket{method=\"POST\",route=\"/v1/play\",le=\"0.0005\"} 1",
            "songo_http_request_duration_seconds_bucket{method=\"POST\",route=\"/v1/play\",le=\"0.001\"} 2",
            "songo_http_request_duration_seconds_bucket{method=\"POST\",route=\"/v1/play\",le=\"10\"} 2",
            "songo_http_request_duration_seconds_bucket{method=\"POST\",route=\"/v1/play\",le=\"+Inf\"} 3",
            "songo_http_request_duration_seconds_sum{method=\"POST\",route=\"/v1/play\"} 20.0008",
            "songo_http_request_duration_seconds_count{method=\"POST\",route=\"/v1/play\"} 3",
            "songo_http_request_duration_seconds_count{method=\"GET\",route=\"/healthz\"} 0",
            "songo_connections_open 3",
            "songo_connections_max 64",
            "songo_log_lines_dropped_total 7",
            "songo_connections_closed_total{reason=\"header_timeout\"} 1",
            "songo_connections_closed_total{reason=\"evicted\"} 0",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
        }
        // Every sample belongs to a family announced by HELP and TYPE.
        let mut family = "";
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("# TYPE ") {
                family = rest.split(' ').next().unwrap();
            } else if !line.starts_with('#') {
                assert!(line.starts_with(family), "{line} after # TYPE {family}");
            }
        }
    }
}

//! `GET /metrics`: served on the metrics address only, in the Prometheus
//! text format, counting requests by route and status.

use serde_json::json;
use songo_service::Config;

use crate::TestServer;

#[test]
fn metrics_count_requests_by_route_and_status() {
    let server = TestServer::with_metrics(Config::default());
    assert_eq!(server.get("/healthz").status, 200);
    assert_eq!(server.get("/healthz").status, 200);
    let play = json!({"position": "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5", "moves": ["S2"]});
    assert_eq!(server.post_json("/v1/play", &play).status, 200);
    assert_eq!(server.post("/v1/play", "application/json", "{").status, 400);
    assert_eq!(server.get("/nowhere").status, 404);
    let text = server.metrics();
    for line in [
        "songo_http_requests_total{method=\"GET\",route=\"/healthz\",status=\"200\"} 2",
        "songo_http_requests_total{method=\"POST\",route=\"/v1/play\",status=\"200\"} 1",
        "songo_http_requests_total{method=\"POST\",route=\"/v1/play\",status=\"400\"} 1",
        "songo_http_requests_total{method=\"other\",route=\"other\",status=\"404\"} 1",
        "songo_http_request_duration_seconds_count{method=\"POST\",route=\"/v1/play\"} 2",
        "songo_http_requests_in_flight 0",
        "songo_connections_accepted_total 5",
        "songo_connections_max 512",
        "songo_connections_refused_total 0",
        "songo_accept_errors_total 0",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
    }
    // Scrapes are not API traffic: they count nowhere.
    assert!(
        server
            .metrics()
            .contains("songo_connections_accepted_total 5\n")
    );
}

#[test]
fn metrics_are_served_on_their_own_address_only() {
    let server = TestServer::with_metrics(Config::default());
    let api = server.get("/metrics");
    api.problem(404, "not-found");
    let addr = server.metrics_addr.unwrap();
    let elsewhere = TestServer::request_to(addr, "GET", "/healthz");
    assert_eq!(elsewhere.status, 404);
    let scrape = TestServer::request_to(addr, "GET", "/metrics");
    assert_eq!(scrape.status, 200);
    assert_eq!(
        scrape.header("content-type"),
        Some("text/plain; version=0.0.4; charset=utf-8")
    );
    assert!(
        scrape
            .text()
            .contains("# TYPE songo_http_requests_total counter\n")
    );
}

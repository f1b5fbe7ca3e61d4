//! The HTTP API of songo (`songo serve`): the capabilities of the CLI for
//! programs and web pages, over the `songo-notation` library.
//!
//! Every route, request and response is described in `docs/api.md` and in
//! the OpenAPI document the server serves at `GET /openapi.json`
//! ([`openapi()`]). Errors are `application/problem+json` (RFC 9457).
//!
//! ```no_run
//! use songo_service::{Config, Logging};
//!
//! // What `songo serve` does: log to stderr without ever blocking, bind,
//! // log one line per request, stop on SIGINT/SIGTERM after the requests
//! // in flight are answered.
//! let _log = songo_service::init_logging(&Logging::default()).unwrap();
//! songo_service::run(Config::default()).unwrap();
//! ```
//!
//! To embed the server (tests do), bind a listener and call [`serve`] with
//! a future that says when to stop:
//!
//! ```no_run
//! # async fn example() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
//! let server = tokio::spawn(songo_service::serve(
//!     listener,
//!     songo_service::Config::default(),
//!     async { stopped.await.ok(); },
//! ));
//! // … talk to the server …
//! stop.send(()).ok();
//! server.await.unwrap().expect("stopped within the shutdown timeout");
//! # Ok(())
//! # }
//! ```

/// The game archive (its own crate, `songo-archive`), as the service uses it.
pub use songo_archive as archive;

mod analysis;
mod annotating;
mod auth;
mod body;
mod budget;
mod classes;
mod connections;
mod content;
mod cors;
mod events;
mod exercises;
mod games;
mod handlers;
mod hub;
mod joins;
mod lessons;
mod live;
mod logging;
mod metrics;
mod openapi;
mod page;
mod player;
mod plumbing;
mod problem;
mod raster;
mod records;
mod route;
mod routes;
mod server;

use std::net::SocketAddr;
use std::time::Duration;

pub use logging::{
    DEFAULT_LOG_QUEUE_BYTES, LogFormat, LogGuard, Logging, LoggingError, dropped_log_lines,
    init_logging,
};
pub use page::{CONTENT_SECURITY_POLICY, asset_paths};
pub use routes::{METRICS_ROUTE, ROUTES, Route, openapi};
pub use server::{Listeners, ShutdownTimedOut, run, serve, shutdown_signal};

/// The default body size limit: 4 MiB.
pub const DEFAULT_BODY_LIMIT: u64 = 4 * 1024 * 1024;

/// The default cap on open connections: well under the common limit of
/// 1024 open files.
pub const DEFAULT_MAX_CONNECTIONS: usize = 512;

/// The default cap on the connections of one client address: an eighth
/// of [`DEFAULT_MAX_CONNECTIONS`].
pub const DEFAULT_MAX_CONNECTIONS_PER_CLIENT: usize = 64;

/// The default least rate of a request body, in bytes a second: 1 KiB/s.
pub const DEFAULT_BODY_MIN_RATE: u64 = 1024;

/// The default cap on the engine requests of one client address.
pub const DEFAULT_MAX_ENGINE_PER_CLIENT: usize = 2;

/// How the server runs: where it listens and its limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The address to listen on (`127.0.0.1:8080`).
    pub addr: SocketAddr,
    /// The largest request body accepted, in bytes; larger ones get 413.
    pub body_limit: u64,
    /// The time a request may take, reading its body included: a body that
    /// has not arrived by then gets 408, an answer not ready by then 503.
    pub request_timeout: Duration,
    /// The longest a request body may pause between two of its bytes: past
    /// it, 408 (a body trickling in cannot hold the server for the whole
    /// `request_timeout`).
    pub body_timeout: Duration,
    /// The least rate a request body must arrive at, in bytes a second,
    /// once `body_rate_grace` has passed since its reading began: a body
    /// behind it gets 408 (a body sent a byte at a time never pauses long
    /// enough for `body_timeout`). 0: no least rate.
    pub body_min_rate: u64,
    /// The time a body is given before `body_min_rate` counts.
    pub body_rate_grace: Duration,
    /// How many validations, record conversions and analyses may run at
    /// once; the others wait for a slot (until their time limit) once their
    /// body is read. (Bodies being read share a memory of their own: see
    /// docs/api.md, section "Limits".)
    pub max_concurrent_validations: usize,
    /// How many position jobs (reading a position, playing moves) may run
    /// at once, off the threads that serve connections; the others wait
    /// for a slot until their time limit.
    pub max_concurrent_jobs: usize,
    /// How many engine requests (`/v1/analyse`, `/v1/annotate?engine=true`,
    /// `/v1/exercises`) may search at once: a queue of their own, so that
    /// validations, conversions, plays and archive reads never wait
    /// behind a search. The others wait for a slot until their time limit.
    pub max_concurrent_engine: usize,
    /// How many engine requests one client address may have in flight
    /// (waiting or searching) at once; more get 429.
    pub max_engine_per_client: usize,
    /// How long a shutdown waits for the requests in flight.
    pub shutdown_timeout: Duration,
    /// The most connections open at once. At the cap, a new connection
    /// takes the place of the one that has waited longest for a request;
    /// when all have a request in flight, it gets 503 and is closed.
    pub max_connections: usize,
    /// The most connections one client address may keep open at once;
    /// more get 429 and are closed, so that one address cannot take every
    /// connection.
    pub max_connections_per_client: usize,
    /// The time a client has to send a request head: from the connection
    /// for its first request, from the head's first byte for the next.
    pub header_timeout: Duration,
    /// How long a keep-alive connection may wait for its next request.
    pub keep_alive_timeout: Duration,
    /// How long an answer may wait for the client to read it: a write
    /// that makes no progress for that long closes the connection.
    pub send_timeout: Duration,
    /// Where to serve `GET /metrics` (Prometheus text format), if anywhere:
    /// never on the API's address.
    pub metrics_addr: Option<SocketAddr>,
    /// The origins of other web sites whose pages may call the API from a
    /// browser (CORS, `songo serve --cors-origin`): `https://example.org`,
    /// or `*` for any. Empty (the default): only the server's own page.
    pub cors_origins: Vec<String>,
    /// The archive the `/v1/games` routes serve, if any (`songo serve
    /// --archive`); without one they answer 404.
    pub archive: Option<ArchiveConfig>,
    /// Routes for tests only (`GET /debug/panic`, `GET /debug/sleep`,
    /// `GET /debug/answer`):
    /// never on in `songo serve`.
    #[doc(hidden)]
    pub debug_routes: bool,
}

/// The archive a server keeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveConfig {
    /// Where it is.
    pub location: archive::Location,
    /// A bearer token that writes as an admin account (named
    /// [`archive::SERVE_TOKEN_ACCOUNT`]), beside the archive's own accounts
    /// (`songo archive token add`); with neither, the archive is read-only
    /// over HTTP.
    pub token: Option<archive::Token>,
    /// Whether reading the archive needs a token too (`songo serve
    /// --private`): any live account's.
    pub private: bool,
}

/// The number of cores (2 when unknown).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get)
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            body_limit: DEFAULT_BODY_LIMIT,
            request_timeout: Duration::from_secs(30),
            body_timeout: Duration::from_secs(5),
            body_min_rate: DEFAULT_BODY_MIN_RATE,
            body_rate_grace: Duration::from_secs(1),
            max_concurrent_validations: cores(),
            max_concurrent_jobs: 2 * cores(),
            max_concurrent_engine: cores().div_ceil(2),
            max_engine_per_client: DEFAULT_MAX_ENGINE_PER_CLIENT,
            shutdown_timeout: Duration::from_secs(10),
            max_connections: DEFAULT_MAX_CONNECTIONS,
            max_connections_per_client: DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
            header_timeout: Duration::from_secs(5),
            keep_alive_timeout: Duration::from_secs(30),
            send_timeout: Duration::from_secs(30),
            metrics_addr: None,
            cors_origins: Vec::new(),
            archive: None,
            debug_routes: false,
        }
    }
}

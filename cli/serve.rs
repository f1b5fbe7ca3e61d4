//! `songo serve`: the HTTP API (see docs/api.md).

use std::net::{SocketAddr, ToSocketAddrs};
use std::time::Duration;

use songo_notation::i18n::{Lang, Message};
use songo_notation::msg;
use songo_service::{Config, LogFormat, Logging, ShutdownTimedOut};

use crate::{EXIT_OK, EXIT_USAGE, Failure};

/// Serve the HTTP API (positions, play, moves, validate, convert, rules; docs/api.md) and the web page at / (docs/page.md).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo serve
  songo serve --addr 127.0.0.1:9000
  SONGO_ADDR=0.0.0.0:8080 songo serve --body-limit 1048576
  songo serve --metrics-addr 127.0.0.1:9090   # GET /metrics (Prometheus)
  songo serve --log-format json --log warn      # JSON lines for a log collector
  songo serve --max-connections 2000 --header-timeout 10

Logs one line per request to stderr, through a queue that never blocks a
request: when stderr is not read, lines are dropped and counted. SIGINT or
SIGTERM stops the server after the requests in flight are answered (at most
--shutdown-timeout seconds). docs/api.md explains every limit.")]
pub(crate) struct Args {
    /// The address to listen on, HOST:PORT (a host name such as localhost is resolved; port 0 picks a free port).
    #[arg(long, env = "SONGO_ADDR", default_value = "127.0.0.1:8080")]
    addr: String,
    /// The largest request body accepted, in bytes (larger: 413).
    #[arg(long, env = "SONGO_BODY_LIMIT", default_value_t = songo_service::DEFAULT_BODY_LIMIT)]
    body_limit: u64,
    /// Seconds a request may take, reading its body included.
    #[arg(long, env = "SONGO_REQUEST_TIMEOUT", default_value_t = 30.0)]
    request_timeout: f64,
    /// Seconds a request body may pause between two of its bytes (longer: 408).
    #[arg(long, env = "SONGO_BODY_TIMEOUT", default_value_t = 5.0)]
    body_timeout: f64,
    /// Validations that may run at once; others wait (default: the number of cores).
    #[arg(long, env = "SONGO_MAX_VALIDATIONS")]
    max_validations: Option<usize>,
    /// Position jobs (read a position, play moves) that may run at once (default: twice the cores).
    #[arg(long, env = "SONGO_MAX_JOBS")]
    max_jobs: Option<usize>,
    /// Engine requests (analyse, annotate with the engine, exercises) that may search at once, in a queue of their own; others wait (default: half the cores, at least 1).
    #[arg(long, env = "SONGO_MAX_ENGINE")]
    max_engine: Option<usize>,
    /// Engine requests one client address may have in flight at once (more: 429).
    #[arg(long, env = "SONGO_MAX_ENGINE_PER_CLIENT", default_value_t = songo_service::DEFAULT_MAX_ENGINE_PER_CLIENT)]
    max_engine_per_client: usize,
    /// Bytes a second a request body must arrive at after its first second (slower: 408); 0 for no least rate.
    #[arg(long, env = "SONGO_BODY_MIN_RATE", default_value_t = songo_service::DEFAULT_BODY_MIN_RATE)]
    body_min_rate: u64,
    /// Seconds a shutdown waits for the requests in flight.
    #[arg(long, env = "SONGO_SHUTDOWN_TIMEOUT", default_value_t = 10.0)]
    shutdown_timeout: f64,
    /// Connections open at once; at the cap, the one idle longest makes room (keep it under `ulimit -n`).
    #[arg(long, env = "SONGO_MAX_CONNECTIONS", default_value_t = songo_service::DEFAULT_MAX_CONNECTIONS)]
    max_connections: usize,
    /// Connections one client address may keep open at once (more: 429, closed).
    #[arg(long, env = "SONGO_MAX_CONNECTIONS_PER_CLIENT", default_value_t = songo_service::DEFAULT_MAX_CONNECTIONS_PER_CLIENT)]
    max_connections_per_client: usize,
    /// Seconds a client has to send a request's head (line and headers).
    #[arg(long, env = "SONGO_HEADER_TIMEOUT", default_value_t = 5.0)]
    header_timeout: f64,
    /// Seconds an idle keep-alive connection is kept for its next request.
    #[arg(long, env = "SONGO_KEEP_ALIVE_TIMEOUT", default_value_t = 30.0)]
    keep_alive_timeout: f64,
    /// Seconds an answer may wait for the client to read it.
    #[arg(long, env = "SONGO_SEND_TIMEOUT", default_value_t = 30.0)]
    send_timeout: f64,
    /// Serve GET /metrics (Prometheus text format) on this address, apart from the API (default: not served).
    #[arg(long, env = "SONGO_METRICS_ADDR")]
    metrics_addr: Option<String>,
    /// Log lines as text or as JSON objects.
    #[arg(long, env = "SONGO_LOG_FORMAT", value_enum, default_value_t = Format::Text)]
    log_format: Format,
    /// What to log: a level (error, warn, info, debug, trace) or a RUST_LOG-style filter (default: $RUST_LOG, else info).
    #[arg(long, env = "SONGO_LOG", value_name = "FILTER")]
    log: Option<String>,
    /// A web site whose pages may call the API from a browser (CORS), such as
    /// `https://club.example`; repeat it for several, `*` for any (default: none).
    #[arg(
        long = "cors-origin",
        env = "SONGO_CORS_ORIGINS",
        value_delimiter = ','
    )]
    cors_origins: Vec<String>,
    /// Serve this archive on /v1/games, /v1/explorer and /v1/standings: a SQLite file's path or a postgres:// URL (default: no archive).
    #[arg(long, env = "SONGO_ARCHIVE", value_name = "PATH|URL")]
    archive: Option<String>,
    /// A file holding a bearer token that writes as an admin account named `serve --archive-token-file` (or $SONGO_ARCHIVE_TOKEN), beside the archive's own tokens (songo archive token add); with neither, the archive is read-only over HTTP.
    #[arg(long, value_name = "FILE", requires = "archive")]
    archive_token_file: Option<std::path::PathBuf>,
    /// Reading the archive needs a token too (any live account's): without it, reads are open to all.
    #[arg(long, requires = "archive")]
    private: bool,
}

/// `--log-format`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

/// The most connections `--max-connections` takes.
const MAX_CONNECTIONS: usize = 1 << 20;

/// The longest time a `--…-timeout` flag takes: a day, in seconds.
const MAX_SECONDS: u32 = 86_400;

fn seconds(value: f64, flag: &str) -> Result<Duration, Failure> {
    Duration::try_from_secs_f64(value)
        .ok()
        .filter(|d| !d.is_zero() && value <= f64::from(MAX_SECONDS))
        .ok_or_else(|| {
            Failure::input(msg!(
                "serve-bad-seconds",
                flag = flag,
                most = MAX_SECONDS,
                value = value.to_string()
            ))
        })
}

/// A count flag's value, refused when 0.
fn at_least_one(value: Option<usize>, flag: &str) -> Result<Option<usize>, Failure> {
    match value {
        Some(0) => Err(Failure::input(msg!("serve-at-least-one", flag = flag))),
        value => Ok(value),
    }
}

/// The socket address `HOST:PORT` names (`localhost:9000`,
/// `127.0.0.1:9000`, `[::1]:9000`): of the addresses the system resolves it
/// to, the first IPv4 one, else the first.
fn socket_address(text: &str, flag: &str) -> Result<SocketAddr, Failure> {
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    let why = |error: Message| {
        Failure::input(msg!(
            "serve-bad-address",
            flag = flag,
            text = text,
            error = error
        ))
    };
    match text.to_socket_addrs() {
        // An IPv4 address first: `localhost` then means 127.0.0.1 on every
        // machine, whether or not it has IPv6.
        Ok(addrs) => {
            let addrs: Vec<SocketAddr> = addrs.collect();
            addrs
                .iter()
                .find(|addr| addr.is_ipv4())
                .or_else(|| addrs.first())
                .copied()
                .ok_or_else(|| why(msg!("serve-address-unknown")))
        }
        Err(error) => Err(why(Message::verbatim(error.to_string()))),
    }
}

/// The `--cors-origin` values: `*`, or origins as browsers send them
/// (`scheme://host[:port]`, no path).
fn origins(values: &[String]) -> Result<Vec<String>, Failure> {
    values
        .iter()
        .map(|value| {
            let value = value.trim();
            let well_formed = value == "*"
                || value.split_once("://").is_some_and(|(scheme, rest)| {
                    !scheme.is_empty() && !rest.is_empty() && !rest.contains('/')
                });
            if well_formed {
                Ok(value.to_owned())
            } else {
                Err(Failure::input(msg!("serve-bad-origin", value = value)))
            }
        })
        .collect()
}

/// The archive to serve, opened once here so that a wrong one stops the
/// start (and its schema is brought up to date before any request).
fn archive(args: &Args) -> Result<Option<songo_service::ArchiveConfig>, Failure> {
    use songo_archive::{Archive, Location, Token};
    let Some(given) = args.archive.as_deref().filter(|a| !a.is_empty()) else {
        return Ok(None);
    };
    let location = Location::parse(given);
    Archive::open(&location).map_err(|error| {
        let failure = Failure::input(error.message());
        match error.hint() {
            Some(hint) => failure.with_hint(hint),
            None => failure,
        }
    })?;
    let token = match &args.archive_token_file {
        Some(file) => {
            let text = std::fs::read_to_string(file)
                .map_err(|e| crate::input::cannot_read(&file.display().to_string(), &e))?;
            Some(Token::new(&text).ok_or_else(|| {
                Failure::input(msg!("serve-empty-token", file = file.display().to_string()))
            })?)
        }
        None => std::env::var("SONGO_ARCHIVE_TOKEN")
            .ok()
            .and_then(|text| Token::new(&text)),
    };
    Ok(Some(songo_service::ArchiveConfig {
        location,
        token,
        private: args.private,
    }))
}

pub(crate) fn run(args: &Args, _lang: Lang) -> Result<u8, Failure> {
    let defaults = Config::default();
    if args.body_limit == 0 {
        return Err(Failure::input(msg!("serve-body-limit")));
    }
    if !(1..=MAX_CONNECTIONS).contains(&args.max_connections) {
        return Err(Failure::input(msg!(
            "serve-max-connections",
            most = MAX_CONNECTIONS,
            value = args.max_connections
        )));
    }
    let metrics_addr = args
        .metrics_addr
        .as_deref()
        .map(|text| socket_address(text, "--metrics-addr"))
        .transpose()?;
    let config = Config {
        addr: socket_address(&args.addr, "--addr")?,
        body_limit: args.body_limit,
        request_timeout: seconds(args.request_timeout, "--request-timeout")?,
        max_concurrent_validations: match args.max_validations {
            Some(0) => {
                return Err(Failure::input(msg!(
                    "serve-at-least-one",
                    flag = "--max-validations"
                )));
            }
            Some(n) => n,
            None => defaults.max_concurrent_validations,
        },
        max_concurrent_jobs: match args.max_jobs {
            Some(0) => {
                return Err(Failure::input(msg!(
                    "serve-at-least-one",
                    flag = "--max-jobs"
                )));
            }
            Some(n) => n,
            None => defaults.max_concurrent_jobs,
        },
        max_concurrent_engine: at_least_one(args.max_engine, "--max-engine")?
            .unwrap_or(defaults.max_concurrent_engine),
        max_engine_per_client: at_least_one(
            Some(args.max_engine_per_client),
            "--max-engine-per-client",
        )?
        .unwrap_or(defaults.max_engine_per_client),
        body_timeout: seconds(args.body_timeout, "--body-timeout")?,
        body_min_rate: args.body_min_rate,
        shutdown_timeout: seconds(args.shutdown_timeout, "--shutdown-timeout")?,
        max_connections: args.max_connections,
        max_connections_per_client: at_least_one(
            Some(args.max_connections_per_client),
            "--max-connections-per-client",
        )?
        .unwrap_or(defaults.max_connections_per_client),
        header_timeout: seconds(args.header_timeout, "--header-timeout")?,
        keep_alive_timeout: seconds(args.keep_alive_timeout, "--keep-alive-timeout")?,
        send_timeout: seconds(args.send_timeout, "--send-timeout")?,
        metrics_addr,
        cors_origins: origins(&args.cors_origins)?,
        archive: archive(args)?,
        ..defaults
    };
    let logging = Logging {
        format: match args.log_format {
            Format::Text => LogFormat::Text,
            Format::Json => LogFormat::Json,
        },
        filter: args
            .log
            .clone()
            .or_else(|| std::env::var("RUST_LOG").ok())
            .unwrap_or_else(|| "info".to_owned()),
        ..Logging::default()
    };
    let _log = songo_service::init_logging(&logging)
        .map_err(|e| Failure::input(Message::verbatim(e.to_string())))?;
    match songo_service::run(config) {
        Ok(()) => Ok(EXIT_OK),
        // Said in the log, which never blocks: stderr may be the pipe
        // nobody reads that the shutdown was waiting on.
        Err(error) if error.is::<ShutdownTimedOut>() => {
            tracing::error!("{error}");
            Err(Failure {
                message: None,
                hint: None,
                status: EXIT_USAGE,
            })
        }
        Err(error) => Err(Failure::input(Message::verbatim(error.to_string()))),
    }
}

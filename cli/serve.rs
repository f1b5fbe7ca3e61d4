//! `songo serve`: the HTTP API (see docs/api.md).

use std::net::SocketAddr;
use std::time::Duration;

use songo_service::Config;

use crate::{EXIT_OK, Failure};

/// Serve the HTTP API (positions, play, moves, validate, convert, rules; docs/api.md) and the web page at / (docs/page.md).
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  songo serve\n  songo serve --addr 127.0.0.1:9000\n  SONGO_ADDR=0.0.0.0:8080 songo serve --body-limit 1048576\n\nLogs one line per request to stderr. SIGINT or SIGTERM stops the server after\nthe requests in flight are answered (at most --shutdown-timeout seconds)."
)]
pub(crate) struct Args {
    /// The address to listen on (port 0 picks a free port).
    #[arg(long, env = "SONGO_ADDR", default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The largest request body accepted, in bytes (larger: 413).
    #[arg(long, env = "SONGO_BODY_LIMIT", default_value_t = songo_service::DEFAULT_BODY_LIMIT)]
    body_limit: u64,
    /// Seconds a request may take, reading its body included.
    #[arg(long, env = "SONGO_REQUEST_TIMEOUT", default_value_t = 30.0)]
    request_timeout: f64,
    /// Validations that may run at once; others wait (default: the number of cores).
    #[arg(long, env = "SONGO_MAX_VALIDATIONS")]
    max_validations: Option<usize>,
    /// Position jobs (read a position, play moves) that may run at once (default: twice the cores).
    #[arg(long, env = "SONGO_MAX_JOBS")]
    max_jobs: Option<usize>,
    /// Seconds a shutdown waits for the requests in flight.
    #[arg(long, env = "SONGO_SHUTDOWN_TIMEOUT", default_value_t = 10.0)]
    shutdown_timeout: f64,
    /// A web site whose pages may call the API from a browser (CORS), such as
    /// `https://club.example`; repeat it for several, `*` for any (default: none).
    #[arg(
        long = "cors-origin",
        env = "SONGO_CORS_ORIGINS",
        value_delimiter = ','
    )]
    cors_origins: Vec<String>,
}

fn seconds(value: f64, flag: &str) -> Result<Duration, Failure> {
    Duration::try_from_secs_f64(value)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| {
            Failure::input(format!(
                "{flag} must be a positive number of seconds, not {value}"
            ))
        })
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
                Err(Failure::input(format!(
                    "--cors-origin {value}: write an origin as a browser sends it, such as https://club.example or http://localhost:3000 (no path), or *"
                )))
            }
        })
        .collect()
}

pub(crate) fn run(args: &Args) -> Result<u8, Failure> {
    let defaults = Config::default();
    if args.body_limit == 0 {
        return Err(Failure::input("--body-limit must be at least 1 byte"));
    }
    let config = Config {
        addr: args.addr,
        body_limit: args.body_limit,
        request_timeout: seconds(args.request_timeout, "--request-timeout")?,
        max_concurrent_validations: match args.max_validations {
            Some(0) => return Err(Failure::input("--max-validations must be at least 1")),
            Some(n) => n,
            None => defaults.max_concurrent_validations,
        },
        max_concurrent_jobs: match args.max_jobs {
            Some(0) => return Err(Failure::input("--max-jobs must be at least 1")),
            Some(n) => n,
            None => defaults.max_concurrent_jobs,
        },
        shutdown_timeout: seconds(args.shutdown_timeout, "--shutdown-timeout")?,
        cors_origins: origins(&args.cors_origins)?,
        ..defaults
    };
    songo_service::init_logging();
    songo_service::run(config).map_err(Failure::input)?;
    Ok(EXIT_OK)
}

//! Running the server: bind, serve the API (and the metrics) under the
//! connection limits, and shut down gracefully on a signal, answering the
//! requests in flight within a time limit.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tower_http::compression::Compression;

use crate::Config;
use crate::connections::{Limits, Pool};
use crate::metrics::{self, Metrics};
use crate::routes::{METRICS_ROUTE, api_filter, route_labels};

/// The requests in flight were not all answered within the shutdown
/// timeout; the server stopped without them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("requests were still in flight {0:?} after the shutdown began; stopped without them")]
pub struct ShutdownTimedOut(pub Duration);

/// The sockets [`serve`] listens on: the API's, and the metrics' when
/// they are served (on an address of their own, see [`Config::metrics_addr`]).
#[derive(Debug)]
pub struct Listeners {
    /// Where the API is served.
    pub api: TcpListener,
    /// Where `GET /metrics` is served, if anywhere.
    pub metrics: Option<TcpListener>,
}

impl From<TcpListener> for Listeners {
    fn from(api: TcpListener) -> Listeners {
        Listeners { api, metrics: None }
    }
}

/// The connections the metrics address keeps open at once (scrapers).
const METRICS_CONNECTIONS: usize = 16;

/// Serves the API (and the metrics, if given a listener for them) until
/// `shutdown` completes, then stops accepting connections, lets each
/// connection finish the request it serves and closes it, waiting at most
/// `config.shutdown_timeout`. Each connection lives under the limits of
/// `config` (see docs/api.md, section "Limits").
///
/// # Errors
/// [`ShutdownTimedOut`] when requests were still in flight at the timeout
/// (their connections are closed).
pub async fn serve(
    listeners: impl Into<Listeners>,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ShutdownTimedOut> {
    let listeners = listeners.into();
    let limits = Limits {
        max_connections: config.max_connections,
        max_per_client: config.max_connections_per_client.max(1),
        header_timeout: config.header_timeout,
        keep_alive_timeout: config.keep_alive_timeout,
        send_timeout: config.send_timeout,
    };
    let metrics = Arc::new(Metrics::new(config.max_connections, route_labels()));
    let api_pool = Pool::new(limits, Arc::clone(&metrics), true);
    let mut pools = vec![Arc::clone(&api_pool)];
    let (stop_streams, stopping) = tokio::sync::watch::channel(false);
    let api_service = Compression::new(warp::service(api_filter(&config, stopping)));
    let accept_api = api_pool.accept(listeners.api, TowerToHyperService::new(api_service));
    let accept_metrics = listeners.metrics.map(|listener| {
        // Its own pool and counters: scrapes are not API traffic.
        let limits = Limits {
            max_connections: METRICS_CONNECTIONS,
            max_per_client: METRICS_CONNECTIONS,
            ..limits
        };
        let counters = Metrics::new(METRICS_CONNECTIONS, Vec::new());
        let pool = Pool::new(limits, Arc::new(counters), false);
        pools.push(Arc::clone(&pool));
        let service = warp::service(metrics::filter(metrics, METRICS_ROUTE.path));
        pool.accept(listener, TowerToHyperService::new(service))
    });
    // The accept loops end only when dropped.
    tokio::select! {
        () = shutdown => {}
        () = accept_api => {}
        Some(()) = futures_util::future::OptionFuture::from(accept_metrics) => {}
    }
    // The accept loops are dropped, and their listeners with them: new
    // connections are refused from here on.
    tracing::info!("shutting down: answering the requests in flight");
    stop_streams.send_replace(true);
    let all_closed = futures_util::future::join_all(pools.iter().map(|pool| pool.shut_down()));
    let in_time = tokio::time::timeout(config.shutdown_timeout, all_closed).await;
    in_time.map(drop).map_err(|_| {
        pools.iter().for_each(|pool| pool.close_all());
        ShutdownTimedOut(config.shutdown_timeout)
    })
}

/// Completes on SIGINT (Ctrl-C) or SIGTERM. The handlers are installed
/// when it is called (within the runtime), not when first polled: a
/// signal that comes right after the server says it listens stops it
/// gracefully rather than killing it.
#[cfg(unix)]
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    use tokio::signal::unix::{SignalKind, signal};
    let interrupt = signal(SignalKind::interrupt()).ok();
    let terminate = signal(SignalKind::terminate()).ok();
    // A signal without its handler never comes.
    async move {
        tokio::select! {
            Some(_) = async { Some(interrupt?.recv().await) } => {}
            Some(_) = async { Some(terminate?.recv().await) } => {}
            else => std::future::pending().await,
        }
    }
}

/// Completes on Ctrl-C.
#[cfg(not(unix))]
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// What `songo serve` runs: binds `config.addr` (and
/// `config.metrics_addr`), says where it listens in the log, serves until
/// SIGINT or SIGTERM, then shuts down gracefully. Set up logging first
/// ([`crate::init_logging`]), or nothing is logged.
///
/// # Errors
/// An address cannot be bound, or requests were still in flight at the
/// shutdown timeout.
pub fn run(config: Config) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let result = runtime.block_on(async {
        let bind = |addr| async move {
            TcpListener::bind(addr)
                .await
                .map_err(|e| format!("cannot listen on {addr}: {e}"))
        };
        let api = bind(config.addr).await?;
        let mut metrics = None;
        if let Some(addr) = config.metrics_addr {
            let listener = bind(addr).await?;
            tracing::info!("metrics on http://{}/metrics", listener.local_addr()?);
            metrics = Some(listener);
        }
        match config.cors_origins.join(", ") {
            none if none.is_empty() => tracing::info!("cross-origin requests: none allowed (songo serve --cors-origin ORIGIN allows a site's pages)"),
            origins => tracing::info!("cross-origin requests allowed from: {origins}"),
        }
        let local = api.local_addr()?;
        // Before the line that says it listens: a signal from then on
        // stops it gracefully.
        let shutdown = shutdown_signal();
        tracing::info!(
            "listening on http://{local} (body limit {} bytes, request timeout {:?}, {} job slots, {} validation slots, \
             {} engine slots ({} per client), at most {} connections ({} per client), least body rate {} bytes/s, \
             header timeout {:?}, keep-alive timeout {:?}, send timeout {:?})",
            config.body_limit,
            config.request_timeout,
            config.max_concurrent_jobs,
            config.max_concurrent_validations,
            config.max_concurrent_engine,
            config.max_engine_per_client,
            config.max_connections,
            config.max_connections_per_client,
            config.body_min_rate,
            config.header_timeout,
            config.keep_alive_timeout,
            config.send_timeout,
        );
        serve(Listeners { api, metrics }, config, shutdown).await?;
        tracing::info!("stopped");
        Ok::<(), Box<dyn std::error::Error + Send + Sync>>(())
    });
    // A blocking task past its deadline must not hold the exit.
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
}

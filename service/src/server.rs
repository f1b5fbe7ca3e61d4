//! Running the server: bind, serve, and shut down gracefully on a signal,
//! answering the requests in flight within a time limit.

use std::fmt;
use std::future::Future;
use std::time::Duration;

use tokio::net::TcpListener;

use crate::Config;
use crate::routes::router;

/// The requests in flight were not all answered within the shutdown
/// timeout; the server stopped without them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShutdownTimedOut(pub Duration);

impl fmt::Display for ShutdownTimedOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "requests were still in flight {:?} after the shutdown began; stopped without them",
            self.0
        )
    }
}

impl std::error::Error for ShutdownTimedOut {}

/// Serves the API on `listener` until `shutdown` completes, then stops
/// accepting connections and waits for the requests in flight, at most
/// `config.shutdown_timeout`.
///
/// # Errors
/// [`ShutdownTimedOut`] when requests were still in flight at the timeout.
pub async fn serve(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ShutdownTimedOut> {
    let (began, shutdown_began) = tokio::sync::oneshot::channel::<()>();
    let signal = async move {
        shutdown.await;
        tracing::info!("shutting down: answering the requests in flight");
        let _ = began.send(());
    };
    let server = warp::serve(router(&config))
        .incoming(listener)
        .graceful(signal)
        .run();
    let mut server = std::pin::pin!(server);
    tokio::select! {
        () = &mut server => return Ok(()),
        _ = shutdown_began => {}
    }
    tokio::time::timeout(config.shutdown_timeout, server)
        .await
        .map_err(|_| ShutdownTimedOut(config.shutdown_timeout))
}

/// Completes on SIGINT (Ctrl-C) or SIGTERM.
pub async fn shutdown_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

/// What `songo serve` runs: binds `config.addr`, says where it listens in
/// the log, serves until SIGINT or SIGTERM, then shuts down gracefully.
/// Set up logging first ([`crate::init_logging`]), or nothing is logged.
///
/// # Errors
/// The address cannot be bound, or requests were still in flight at the
/// shutdown timeout.
pub fn run(config: Config) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let result = runtime.block_on(async {
        let listener = TcpListener::bind(config.addr)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
        let local = listener.local_addr()?;
        tracing::info!(
            "listening on http://{local} (body limit {} bytes, request timeout {:?}, {} job slots, {} validation slots)",
            config.body_limit,
            config.request_timeout,
            config.max_concurrent_jobs,
            config.max_concurrent_validations
        );
        serve(listener, config, shutdown_signal()).await?;
        tracing::info!("stopped");
        Ok::<(), Box<dyn std::error::Error + Send + Sync>>(())
    });
    // A blocking task past its deadline must not hold the exit.
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
}

//! The server's connections: its own accept loop over hyper (warp's
//! `serve` has no limits), and the limits of docs/api.md ("Limits") that no
//! library keeps:
//!
//! - at most `max_connections` open, `max_per_client` of one address: past
//!   a cap, the connection (of that address) that has waited longest for a
//!   request makes room, or, when all have one in flight, the new one gets
//!   503 (429) at once and is closed, so that refusals do not queue;
//! - a time for a request head (from the accept, then from its first
//!   byte), apart from the keep-alive wait (hyper's header timeout counts
//!   both as one), and a send timeout for a client that stops reading;
//! - hyper's bodiless refusals of a head (400, 414, 431) replaced by
//!   problems ([`Watched`]).
//!
//! The times live in the connection's I/O: a pending read or write arms
//! the timer of the connection's phase, so no task wakes an idle one.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll, ready};
use std::time::{Duration, Instant};

use bytes::{Buf, Bytes};
use http_body_util::BodyExt as _;
use hyper::body::{Body, Incoming};
use hyper::server::conn::http1;
use hyper::service::Service;
use hyper_util::rt::TokioIo;
use hyper_util::server::graceful::{GracefulShutdown, Watcher};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};
use tokio::time::Sleep;
use warp::http::{Method, Request, Response, Uri};

use songo_notation::i18n::Lang;
use songo_notation::msg;

use crate::metrics::{CLIENT_GONE, CloseReason, Metrics};
use crate::plumbing::{ClientAddr, MatchedRoute, Share, Shares};
use crate::problem::{Kind, Problem};

/// The limits of the connections of one listener.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Limits {
    pub(crate) max_connections: usize,
    pub(crate) max_per_client: usize,
    pub(crate) header_timeout: Duration,
    pub(crate) keep_alive_timeout: Duration,
    pub(crate) send_timeout: Duration,
}

/// The first and the longest pause after a failed `accept` (`EMFILE`).
const ACCEPT_BACKOFF: (Duration, Duration) = (Duration::from_millis(10), Duration::from_secs(1));
/// How long a new connection waits for the slot of the one it evicted.
const SLOT_WAIT: Duration = Duration::from_millis(250);
/// The longest path written in a log line.
const LOGGED_PATH_BYTES: usize = 256;
/// The refused connections whose request is read and dropped at once;
/// more are closed without reading.
const REFUSING: usize = 32;
/// The largest request head, request line included (hyper's buffer limit
/// alone lets a head pass when it arrives in one large read).
const MAX_HEAD_BYTES: usize = 400 * 1024;
const MAX_HEADERS: usize = 100;
/// hyper's own limit on a request target, for the problem's words.
const MAX_TARGET_BYTES: usize = 65_534;

/// The connections of one listener.
pub(crate) struct Pool {
    limits: Limits,
    /// One permit per open connection.
    slots: Arc<Semaphore>,
    live: Mutex<Live>,
    clients: Shares,
    metrics: Arc<Metrics>,
    log_requests: bool,
    /// The answer to a connection refused at the cap.
    busy: Vec<u8>,
    refusing: Arc<Semaphore>,
}

/// The open connections, for eviction and shutdown.
#[derive(Default)]
struct Live {
    next_id: u64,
    connections: HashMap<u64, Arc<Connection>>,
    /// Set by the shutdown: connections that come late are closed at once.
    closing: bool,
    graceful: GracefulShutdown,
}

impl Pool {
    pub(crate) fn new(limits: Limits, metrics: Arc<Metrics>, log_requests: bool) -> Arc<Pool> {
        let max = limits.max_connections.clamp(1, Semaphore::MAX_PERMITS);
        let busy = Problem::busy_because(msg!("problem-detail-connections-busy", max = max));
        Arc::new(Pool {
            limits,
            slots: Arc::new(Semaphore::new(max)),
            live: Mutex::default(),
            clients: Shares::default(),
            metrics,
            log_requests,
            busy: busy.http_answer(Lang::En),
            refusing: Arc::new(Semaphore::new(REFUSING)),
        })
    }

    fn live(&self) -> MutexGuard<'_, Live> {
        // Nothing panics while holding the lock.
        self.live.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Accepts connections for ever, serving each with a clone of
    /// `service` (drop the future to stop: that closes the listener).
    pub(crate) async fn accept<S, B>(self: Arc<Pool>, listener: TcpListener, service: S)
    where
        S: Service<Request<Incoming>, Response = Response<B>> + Clone + Send + 'static,
        S::Future: Send + 'static,
        S::Error: Into<Box<dyn std::error::Error + Send + Sync>> + Send + 'static,
        B: Body<Data = Bytes> + Send + 'static,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        let mut backoff = ACCEPT_BACKOFF.0;
        loop {
            let (stream, peer) = match listener.accept().await {
                Ok(accepted) => accepted,
                Err(error) => {
                    self.metrics.accept_errors.fetch_add(1, Ordering::Relaxed);
                    // A connection reset before its accept concerns itself alone.
                    use io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
                    if !matches!(
                        error.kind(),
                        ConnectionRefused | ConnectionAborted | ConnectionReset
                    ) {
                        tracing::warn!(%error, "cannot accept connections; retrying in {backoff:?} \
                             (if the open files limit is reached: raise it, ulimit -n, \
                             or lower --max-connections)");
                        tokio::time::sleep(backoff).await;
                        backoff = (backoff * 2).min(ACCEPT_BACKOFF.1);
                    }
                    continue;
                }
            };
            backoff = ACCEPT_BACKOFF.0;
            self.metrics
                .connections_accepted
                .fetch_add(1, Ordering::Relaxed);
            let (client, most) = (peer.ip(), self.limits.max_per_client);
            // At its cap, its own connection waiting longest makes room
            // (its count is one over until that one is closed).
            let share = self.clients.take(client, most).or_else(|| {
                self.evict_longest_waiting(Some(client))
                    .then(|| self.clients.take(client, usize::MAX))?
            });
            let Some(share) = share else {
                let client = client.to_string();
                let detail = msg!(
                    "problem-detail-connections-per-client",
                    client = client,
                    most = most
                );
                let answer = Problem::too_many_requests(detail, most).http_answer(Lang::En);
                self.refuse(stream, &answer);
                continue;
            };
            let accepted = Instant::now();
            if let Ok(permit) = Arc::clone(&self.slots).try_acquire_owned() {
                // Listed before its task first runs, so that a connection
                // sending nothing can be evicted at once.
                if let Some(listed) = self.admit(accepted, client) {
                    let pool = Arc::clone(&self);
                    tokio::spawn(pool.serve(stream, (permit, share), service.clone(), listed));
                }
            } else if self.evict_longest_waiting(None) {
                // The evicted connection's slot comes back once its task
                // ends: waited for apart, the loop goes on accepting.
                let (pool, service) = (Arc::clone(&self), service.clone());
                tokio::spawn(async move {
                    let slot = Arc::clone(&pool.slots).acquire_owned();
                    match tokio::time::timeout(SLOT_WAIT, slot).await {
                        Ok(Ok(permit)) => {
                            if let Some(listed) = pool.admit(accepted, client) {
                                pool.serve(stream, (permit, share), service, listed).await;
                            }
                        }
                        _ => pool.refuse(stream, &pool.busy),
                    }
                });
            } else {
                self.refuse(stream, &self.busy);
            }
        }
    }

    /// Answers `answer` (a refusal) and closes. The request is read and
    /// dropped first (up to 64 KiB, for a second, by at most [`REFUSING`]
    /// tasks): closing with unread bytes resets the connection, and the
    /// client could lose the answer.
    fn refuse(&self, stream: TcpStream, answer: &[u8]) {
        self.metrics
            .connections_refused
            .fetch_add(1, Ordering::Relaxed);
        // A fresh socket's send buffer is empty: this does not block.
        let _ = stream.try_write(answer);
        let Ok(permit) = Arc::clone(&self.refusing).try_acquire_owned() else {
            return;
        };
        tokio::spawn(async move {
            use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
            let (_permit, mut stream) = (permit, stream);
            let _ = stream.shutdown().await;
            let (mut unread, mut sink) = ((&mut stream).take(64 * 1024), tokio::io::sink());
            let drain = tokio::io::copy(&mut unread, &mut sink);
            let _ = tokio::time::timeout(Duration::from_secs(1), drain).await;
        });
    }

    /// Closes the connection (of `client`, if given) that has waited
    /// longest for a request, if one has no request in flight; says
    /// whether one had.
    fn evict_longest_waiting(&self, client: Option<IpAddr>) -> bool {
        let live = self.live();
        let victim = live
            .connections
            .values()
            .filter(|connection| connection.is_waiting())
            .filter(|connection| client.is_none_or(|client| connection.client == client))
            .min_by_key(|connection| connection.phase().idle_since);
        victim
            .inspect(|victim| victim.close(CloseReason::Evicted))
            .is_some()
    }

    /// Serves one connection until it ends, is closed by a limit, or is
    /// told to stop.
    async fn serve<S, B>(
        self: Arc<Pool>,
        stream: TcpStream,
        held: (OwnedSemaphorePermit, Share),
        service: S,
        (id, connection, watcher): (u64, Arc<Connection>, Watcher),
    ) where
        S: Service<Request<Incoming>, Response = Response<B>> + Send + 'static,
        S::Future: Send + 'static,
        S::Error: Into<Box<dyn std::error::Error + Send + Sync>> + Send + 'static,
        B: Body<Data = Bytes> + Send + 'static,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        let io = TokioIo::new(Watched {
            io: stream,
            connection: Arc::clone(&connection),
            limits: self.limits,
            timer: None,
            refusal: None,
        });
        // Each request gets its client's address, is counted and logged,
        // and is in flight until its answer is sent.
        let (log, counted_by) = (self.log_requests, Arc::clone(&connection));
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            let connection = Arc::clone(&counted_by);
            request
                .extensions_mut()
                .insert(ClientAddr(connection.client));
            connection.request_started();
            let mut request_of = RequestOf {
                method: request.method().clone(),
                uri: request.uri().clone(),
                started: Instant::now(),
                counted: false,
                log,
                connection,
            };
            let answer = service.call(request);
            async move {
                let response = answer.await?;
                let route = response.extensions().get::<MatchedRoute>().copied();
                request_of.answered(response.status().as_u16(), route);
                // In flight until the body is sent: hyper drops it then
                // (`map_err` keeps its size, which `map_frame` does not).
                let held = move |error| {
                    let _in_flight = &request_of;
                    error
                };
                Ok::<_, S::Error>(response.map(|body| body.map_err(held)))
            }
        });
        // No timer given: hyper's own header timeout is off.
        let served = http1::Builder::new()
            .max_header_size(MAX_HEAD_BYTES)
            .max_headers(MAX_HEADERS)
            .serve_connection(io, service);
        let closed = async {
            while connection.phase().closed_by.is_none() {
                connection.wake.notified().await;
            }
        };
        let outcome = tokio::select! {
            outcome = watcher.watch(served) => outcome,
            () = closed => Ok(()),
        };
        if let Some(reason) = connection.phase().closed_by {
            tracing::debug!(reason = reason.label(), "connection closed by the server");
        } else if let Err(error) = outcome {
            // The client's doing (a reset, a malformed or cut request).
            tracing::debug!(%error, "connection ended");
        }
        self.live().connections.remove(&id);
        drop(held);
    }

    /// Lists a new connection of `client` accepted at `accepted`, unless
    /// the shutdown began.
    fn admit(&self, accepted: Instant, client: IpAddr) -> Option<(u64, Arc<Connection>, Watcher)> {
        let mut live = self.live();
        if live.closing {
            return None;
        }
        // Watched from here: a shutdown that begins later reaches it.
        let watcher = live.graceful.watcher();
        let metrics = Arc::clone(&self.metrics);
        let connection = Arc::new(Connection::new(accepted, client, metrics));
        let id = live.next_id;
        live.next_id += 1;
        live.connections.insert(id, Arc::clone(&connection));
        self.metrics
            .connections_open
            .fetch_add(1, Ordering::Relaxed);
        Some((id, connection, watcher))
    }

    /// Tells every connection to close once its request in flight, if any,
    /// is answered (hyper-util's graceful shutdown; those that come later
    /// are closed at once); completes when all are closed.
    pub(crate) fn shut_down(&self) -> impl Future<Output = ()> + use<> {
        let mut live = self.live();
        live.closing = true;
        for connection in live.connections.values() {
            // A read that waits fails at once: the idle close.
            connection.phase().finishing = true;
        }
        std::mem::take(&mut live.graceful).shutdown()
    }

    /// Closes every connection now, requests in flight or not.
    pub(crate) fn close_all(&self) {
        for connection in self.live().connections.values() {
            connection.close(CloseReason::Shutdown);
        }
    }
}

/// What a connection is doing, shared by its I/O, its requests, its task
/// and the pool.
struct Connection {
    client: IpAddr,
    phase: Mutex<Phase>,
    metrics: Arc<Metrics>,
    /// Wakes the connection's task: to close, or to poll its read again.
    wake: Notify,
}

struct Phase {
    /// Requests whose answer is not completely sent.
    active: u32,
    /// Whether hyper's writes are an answer: from a request's start until
    /// the next head's bytes. A write outside is hyper's own refusal.
    answering: bool,
    /// The accept, or the end of the last answer.
    idle_since: Instant,
    /// The first byte of the next request head.
    head_started: Option<Instant>,
    /// Since when a write waits for the client to read.
    write_blocked_since: Option<Instant>,
    /// Told to close once its request in flight is answered (a shutdown).
    finishing: bool,
    /// Why the server closes it, at once (none: it does not).
    closed_by: Option<CloseReason>,
}

impl Connection {
    /// Its wait counts from the accept, not from when its task first runs
    /// (later under load): the eviction order is the order of arrival.
    fn new(accepted: Instant, client: IpAddr, metrics: Arc<Metrics>) -> Connection {
        let phase = Phase {
            active: 0,
            answering: false,
            idle_since: accepted,
            head_started: None,
            write_blocked_since: None,
            finishing: false,
            closed_by: None,
        };
        Connection {
            client,
            phase: Mutex::new(phase),
            metrics,
            wake: Notify::new(),
        }
    }

    fn phase(&self) -> MutexGuard<'_, Phase> {
        self.phase.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// No request in flight, and not told to close yet.
    fn is_waiting(&self) -> bool {
        let phase = self.phase();
        phase.active == 0 && !phase.finishing && phase.closed_by.is_none()
    }

    /// Closes it at once, for `reason` (the first wins), counted before
    /// the client can see the close.
    fn close(&self, reason: CloseReason) {
        let mut phase = self.phase();
        if phase.closed_by.is_none() {
            phase.closed_by = Some(reason);
            self.metrics.closed(reason);
        }
        drop(phase);
        self.wake.notify_one();
    }

    fn request_started(&self) {
        self.metrics.in_flight.fetch_add(1, Ordering::Relaxed);
        let mut phase = self.phase();
        phase.active += 1;
        phase.answering = true;
        phase.head_started = None;
    }

    fn request_ended(&self) {
        self.metrics.in_flight.fetch_sub(1, Ordering::Relaxed);
        let mut phase = self.phase();
        phase.active -= 1;
        if phase.active == 0 {
            phase.idle_since = Instant::now();
            drop(phase);
            // hyper may have polled its read while no limit applied: it is
            // polled again, for the idle timer.
            self.wake.notify_one();
        }
    }

    /// Bytes arrived: between requests, the next head has begun.
    fn bytes_arrived(&self) {
        let mut phase = self.phase();
        if phase.active == 0 && phase.head_started.is_none() {
            (phase.head_started, phase.answering) = (Some(Instant::now()), false);
        }
    }

    /// When a pending read or write must give up, and why (no reason: a
    /// close, not a limit): between requests, at once when told to close;
    /// a blocked write after `send_timeout`; else a read never while a
    /// request is in flight (its body is the routes' business).
    fn deadline(&self, limits: &Limits) -> Option<(Instant, Option<CloseReason>)> {
        let phase = self.phase();
        if phase.active == 0 && (phase.finishing || phase.closed_by.is_some()) {
            return Some((phase.idle_since, None));
        }
        if let Some(since) = phase.write_blocked_since {
            let deadline = after(since, limits.send_timeout);
            return Some((deadline, Some(CloseReason::SendTimeout)));
        }
        if phase.active > 0 {
            return None;
        }
        let since = phase.head_started.unwrap_or(phase.idle_since);
        // Answering until the next head's bytes: a keep-alive wait.
        let (limit, reason) = if phase.answering && phase.head_started.is_none() {
            (limits.keep_alive_timeout, CloseReason::IdleTimeout)
        } else {
            (limits.header_timeout, CloseReason::HeaderTimeout)
        };
        Some((after(since, limit), Some(reason)))
    }
}

/// `limit` after `since`, at most a year (a timeout of centuries would
/// overflow).
fn after(since: Instant, limit: Duration) -> Instant {
    since + limit.min(Duration::from_secs(365 * 24 * 3600))
}

/// A connection's socket, timing its pending reads and writes: one past
/// its limit fails with `TimedOut`, which ends the connection.
struct Watched {
    io: TcpStream,
    connection: Arc<Connection>,
    limits: Limits,
    /// Set to the connection's deadline while a read or write is pending.
    timer: Option<Pin<Box<Sleep>>>,
    /// What is left to write of the problem that takes the place of
    /// hyper's refusal of a request head.
    refusal: Option<Bytes>,
}

impl Watched {
    /// The error of a pending read or write once the connection's deadline
    /// is past (it ends the connection).
    fn timed_out(&mut self, cx: &mut Context<'_>) -> Option<io::Error> {
        let (deadline, reason) = self.connection.deadline(&self.limits)?;
        let deadline = tokio::time::Instant::from_std(deadline);
        let timer =
            (self.timer).get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
        if timer.deadline() != deadline {
            timer.as_mut().reset(deadline);
        }
        timer.as_mut().poll(cx).is_ready().then(|| {
            if let Some(reason) = reason {
                self.connection.close(reason);
            }
            let label = reason.map_or("shutting down", CloseReason::label);
            io::Error::new(io::ErrorKind::TimedOut, label)
        })
    }

    /// Whether `buf` is hyper's refusal of a request head, the only thing
    /// it writes between a head's first bytes and its request: a problem
    /// for the status of its status line takes its place (the protocol's
    /// `HTTP/1.1 4NN`, not hyper's headers, which may change).
    fn takes_refusal(&mut self, buf: &[u8]) -> bool {
        if self.connection.phase().answering {
            return false;
        }
        let code = buf
            .strip_prefix(b"HTTP/1.1 ")
            .and_then(|rest| rest.get(..3));
        let problem = match code {
            Some(b"414") => Problem::new(
                Kind::UriTooLong,
                msg!("problem-detail-uri-too-long", limit = MAX_TARGET_BYTES),
            )
            .with("limit", MAX_TARGET_BYTES),
            Some(b"431") => Problem::new(
                Kind::HeadTooLarge,
                msg!(
                    "problem-detail-head-too-large",
                    limit = MAX_HEAD_BYTES,
                    headers = MAX_HEADERS
                ),
            )
            .with("limit", MAX_HEAD_BYTES),
            Some([b'4', _, _]) => Problem::new(Kind::BadRequest, msg!("problem-detail-bad-head")),
            _ => return false,
        };
        // In English: the head, and the language it asks for, are unread.
        self.refusal = Some(problem.http_answer(Lang::En).into());
        true
    }

    /// Writes with `write`, unless hyper's refusal is being replaced:
    /// then its bytes (`len` of them) are taken as written, and the
    /// problem goes instead.
    fn poll_write_with(
        &mut self,
        cx: &mut Context<'_>,
        (first, len): (&[u8], usize),
        write: impl FnOnce(Pin<&mut TcpStream>, &mut Context<'_>) -> Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        if self.refusal.is_none() && !self.takes_refusal(first) {
            return self.poll_timed(cx, write);
        }
        ready!(self.poll_refusal(cx))?;
        Poll::Ready(Ok(len))
    }

    /// Writes what is left of the problem replacing hyper's refusal.
    fn poll_refusal(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Some(rest) = self.refusal.clone().filter(Buf::has_remaining) {
            match ready!(self.poll_timed(cx, |io, cx| io.poll_write(cx, &rest)))? {
                0 => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                n => self.refusal = Some(rest.slice(n..)),
            }
        }
        Poll::Ready(Ok(()))
    }

    /// Writes with `write`: a write pending for `send_timeout` fails.
    fn poll_timed(
        &mut self,
        cx: &mut Context<'_>,
        write: impl FnOnce(Pin<&mut TcpStream>, &mut Context<'_>) -> Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        let Poll::Ready(written) = write(Pin::new(&mut self.io), cx) else {
            (self.connection.phase().write_blocked_since).get_or_insert_with(Instant::now);
            return self
                .timed_out(cx)
                .map_or(Poll::Pending, |e| Poll::Ready(Err(e)));
        };
        if matches!(written, Ok(n) if n > 0) {
            self.connection.phase().write_blocked_since = None;
        }
        Poll::Ready(written)
    }
}

impl Drop for Watched {
    /// Counted closed before its socket is: a client that sees the close
    /// sees the count.
    fn drop(&mut self) {
        let open = &self.connection.metrics.connections_open;
        open.fetch_sub(1, Ordering::Relaxed);
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        let before = buf.filled().len();
        let polled = Pin::new(&mut this.io).poll_read(cx, buf);
        if polled.is_pending()
            && let Some(error) = this.timed_out(cx)
        {
            return Poll::Ready(Err(error));
        }
        if buf.filled().len() > before {
            this.connection.bytes_arrived();
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.poll_write_with(cx, (buf, buf.len()), |io, cx| io.poll_write(cx, buf))
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let len = bufs.iter().map(|buf| buf.len()).sum();
        let first = bufs.first().map_or(&[][..], |buf| &buf[..]);
        self.poll_write_with(cx, (first, len), |io, cx| io.poll_write_vectored(cx, bufs))
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_refusal(cx))?;
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_refusal(cx))?;
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

/// One request, from its head to the end of its answer: counted and
/// logged once the answer is ready (or the client gone), in flight until
/// the answer is sent (or dropped).
struct RequestOf {
    method: Method,
    uri: Uri,
    started: Instant,
    counted: bool,
    log: bool,
    connection: Arc<Connection>,
}

impl RequestOf {
    /// Counts and logs the answer `status` of `route` (none: no route of
    /// the API, or the client left before).
    fn answered(&mut self, status: u16, route: Option<MatchedRoute>) {
        self.counted = true;
        let latency = self.started.elapsed();
        let (route, metrics) = (
            route.map(|MatchedRoute(index)| index),
            &self.connection.metrics,
        );
        metrics.record(route, status, latency);
        if self.log {
            let path = self.uri.path();
            tracing::info!(
                method = %self.method,
                path = &path[..path.floor_char_boundary(LOGGED_PATH_BYTES)],
                status,
                // Milliseconds, to the microsecond: a number to log readers.
                latency_ms = latency.as_micros() as f64 / 1000.0,
                route = metrics.route_path(route),
                "request"
            );
        }
    }
}

impl Drop for RequestOf {
    fn drop(&mut self) {
        if !self.counted {
            self.answered(CLIENT_GONE, None);
        }
        self.connection.request_ended();
    }
}

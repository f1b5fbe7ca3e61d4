//! The server's connections: its own accept loop over hyper (warp's
//! `serve` has no limits), and the limits every connection lives under.
//!
//! - One client address keeps at most `max_per_client` of them open:
//!   past that, its own connection that has waited longest for a request
//!   makes room, or, when all of them have a request in flight, the new
//!   one gets 429 at once and is closed: one address cannot take every
//!   connection (the others are for the other clients).
//! - At most `max_connections` are open. At the cap, a new connection
//!   takes the place of the one that has waited longest for a request (an
//!   idle keep-alive connection, or a client slow to send its head): those
//!   cost nothing to close, and a flood of half-open connections cannot
//!   lock out real clients (the new one waits briefly for the evicted
//!   one's slot, in a task of its own). When every connection has a
//!   request in flight, the new one gets a 503 at once and is closed: the
//!   accept loop never waits, so refusals do not queue.
//! - Answers are handed to hyper in pieces of 64 KiB ([`Tracked`]): a
//!   request stays in flight, and under the send timeout, until its last
//!   piece is taken. hyper's own bodiless refusals of a request head (400,
//!   414, 431: what it writes between a head's first bytes and its
//!   request) are replaced by problems for the status of their status
//!   line ([`Watched`]).
//! - A request head must arrive within `header_timeout` (counted from the
//!   accept for a connection's first request, from the first byte for the
//!   next ones); an idle keep-alive connection is closed after
//!   `keep_alive_timeout`; a client that does not read its answer is
//!   closed after `send_timeout` without progress. (The time a request may
//!   take once its head is read is the routes' `request_timeout`.)
//! - `accept` errors such as `EMFILE` pause the loop (10 ms doubling up to
//!   1 s) instead of retrying at once.
//! - A shutdown stops accepting and shuts every connection down with
//!   hyper-util's graceful shutdown: those with no request in flight close
//!   at once, the others after theirs; [`Pool::close_all`] ends the
//!   laggards.
//!
//! The timeouts live in the connection's I/O ([`Watched`]): a read or a
//! write that is pending arms a timer for the phase the connection is in,
//! so no task wakes up for a connection that is not waiting.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll, ready};
use std::time::{Duration, Instant};

use bytes::Bytes;
use hyper::body::{Body, Frame, Incoming, SizeHint};
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

/// The first pause after a failed `accept`, and the longest.
const ACCEPT_BACKOFF: (Duration, Duration) = (Duration::from_millis(10), Duration::from_secs(1));

/// How long a new connection waits for the slot of the connection it
/// evicted.
const SLOT_WAIT: Duration = Duration::from_millis(250);

/// The longest path written in a log line.
const LOGGED_PATH_BYTES: usize = 256;

/// The connections of one listener.
pub(crate) struct Pool {
    limits: Limits,
    /// One permit per open connection.
    slots: Arc<Semaphore>,
    live: Mutex<Live>,
    /// The open connections of each client address.
    clients: Shares,
    pub(crate) metrics: Arc<Metrics>,
    /// The origin of the connections' clocks.
    epoch: Instant,
    /// Whether requests are logged (one line each).
    log_requests: bool,
    /// The answer to a connection refused at the cap.
    busy: Vec<u8>,
    /// Slots for refused connections whose request is read and dropped.
    refusing: Arc<Semaphore>,
}

/// The refused connections whose request is read and dropped at once;
/// more are closed without reading.
const REFUSING: usize = 32;

/// The open connections, for eviction and shutdown.
#[derive(Default)]
struct Live {
    next_id: u64,
    connections: HashMap<u64, Arc<Connection>>,
    /// Set by the shutdown: connections that come late are closed at once.
    closing: bool,
    /// Shuts the connections down (taken by the shutdown).
    graceful: GracefulShutdown,
}

impl Pool {
    pub(crate) fn new(limits: Limits, metrics: Arc<Metrics>, log_requests: bool) -> Arc<Pool> {
        let max = limits.max_connections.clamp(1, Semaphore::MAX_PERMITS);
        let busy = Problem::busy_because(msg!("problem-detail-connections-busy", max = max))
            .http_answer(Lang::En);
        Arc::new(Pool {
            limits: Limits {
                max_connections: max,
                ..limits
            },
            slots: Arc::new(Semaphore::new(max)),
            live: Mutex::default(),
            clients: Shares::default(),
            metrics,
            epoch: Instant::now(),
            log_requests,
            busy,
            refusing: Arc::new(Semaphore::new(REFUSING)),
        })
    }

    fn live(&self) -> std::sync::MutexGuard<'_, Live> {
        // Nothing panics while holding the lock; if it did, the map is
        // still consistent.
        self.live.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Accepts connections for ever, serving each with a clone of
    /// `service` (drop the future to stop: that closes the listener).
    pub(crate) async fn accept<S, B>(self: Arc<Pool>, listener: TcpListener, service: S)
    where
        S: Service<Request<Incoming>, Response = Response<B>> + Clone + Send + 'static,
        S::Future: Send + 'static,
        S::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
        B: Body<Data = Bytes> + Unpin + Send + 'static,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        let mut backoff = ACCEPT_BACKOFF.0;
        loop {
            let (stream, peer) = match listener.accept().await {
                Ok(accepted) => {
                    backoff = ACCEPT_BACKOFF.0;
                    accepted
                }
                Err(error) => {
                    self.metrics.accept_errors.fetch_add(1, Ordering::Relaxed);
                    if !is_per_connection(&error) {
                        tracing::warn!(
                            %error,
                            "cannot accept connections; retrying in {backoff:?} \
                             (if the open files limit is reached: raise it, ulimit -n, \
                             or lower --max-connections)"
                        );
                        tokio::time::sleep(backoff).await;
                        backoff = (backoff * 2).min(ACCEPT_BACKOFF.1);
                    }
                    continue;
                }
            };
            self.metrics
                .connections_accepted
                .fetch_add(1, Ordering::Relaxed);
            let share = self.client_share(peer.ip(), false).or_else(|| {
                // At its share: its own connection waiting longest makes
                // room (the count is one over until that one is closed).
                self.evict_longest_waiting(Some(peer.ip()))
                    .then(|| self.client_share(peer.ip(), true))
                    .flatten()
            });
            let Some(share) = share else {
                let answer = Problem::too_many_requests(
                    msg!(
                        "problem-detail-connections-per-client",
                        client = peer.ip().to_string(),
                        most = self.limits.max_per_client
                    ),
                    self.limits.max_per_client,
                )
                .http_answer(Lang::En);
                self.refuse(stream, &answer);
                continue;
            };
            if let Ok(permit) = Arc::clone(&self.slots).try_acquire_owned() {
                // Listed before its task first runs (later under load), so
                // that a connection sending nothing can be evicted at once.
                if let Some(listed) = self.admit(Instant::now(), share.client) {
                    let held = (permit, share);
                    tokio::spawn(Arc::clone(&self).serve(stream, held, service.clone(), listed));
                }
            } else if self.evict_longest_waiting(None) {
                // The evicted connection gives its slot back once its task
                // ends: wait for it apart, so that the loop goes on
                // accepting (and refusing) meanwhile. One such wait per
                // evicted connection: at most `max_connections` at once.
                let pool = Arc::clone(&self);
                let service = service.clone();
                let accepted = Instant::now();
                tokio::spawn(async move {
                    let slots = Arc::clone(&pool.slots);
                    match tokio::time::timeout(SLOT_WAIT, slots.acquire_owned()).await {
                        Ok(Ok(permit)) => {
                            if let Some(listed) = pool.admit(accepted, share.client) {
                                pool.serve(stream, (permit, share), service, listed).await;
                            }
                        }
                        _ => pool.refuse(stream, &pool.busy),
                    }
                });
            } else {
                // Every connection has a request in flight: no slot frees
                // up soon, so the refusal is answered at once.
                self.refuse(stream, &self.busy);
            }
        }
    }

    /// Counts a new connection of `client`, unless it already keeps its
    /// share open (and the share is not `forced`).
    fn client_share(&self, client: IpAddr, forced: bool) -> Option<Share> {
        let most = if forced {
            usize::MAX
        } else {
            self.limits.max_per_client
        };
        self.clients.take(client, most)
    }

    /// Answers `answer` (a refusal) and closes. The request is read and dropped first (up
    /// to 64 KiB, in a second at most, by at most [`REFUSING`] tasks at
    /// once): closing with unread bytes would reset the connection, and
    /// the client could lose the answer.
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
            let _permit = permit;
            let mut stream = stream;
            let _ = tokio::io::AsyncWriteExt::shutdown(&mut stream).await;
            let mut sink = tokio::io::AsyncReadExt::take(&mut stream, 64 * 1024);
            let _ = tokio::time::timeout(
                Duration::from_secs(1),
                tokio::io::copy(&mut sink, &mut tokio::io::sink()),
            )
            .await;
        });
    }

    /// Closes the connection (of `client`, if given) that has waited
    /// longest for a request, if any such connection is waiting (has no
    /// request in flight); says whether one was.
    fn evict_longest_waiting(&self, client: Option<IpAddr>) -> bool {
        let live = self.live();
        let victim = live
            .connections
            .values()
            .filter(|connection| connection.is_waiting())
            .filter(|connection| client.is_none_or(|client| connection.client == client))
            .min_by_key(|connection| connection.idle_since.load(Ordering::Relaxed));
        match victim {
            Some(victim) => {
                victim.order(Order::Close, Some(CloseReason::Evicted));
                true
            }
            None => false,
        }
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
        S::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
        B: Body<Data = Bytes> + Unpin + Send + 'static,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        let io = TokioIo::new(Watched {
            io: stream,
            connection: Arc::clone(&connection),
            limits: self.limits,
            read_timer: None,
            write_timer: None,
            refusal: None,
        });
        let client = held.1.client;
        let service = Instrumented {
            client,
            inner: service,
            connection: Arc::clone(&connection),
            metrics: Arc::clone(&self.metrics),
            log: self.log_requests,
        };
        // hyper's own header timeout is off (no timer given): it counts
        // the keep-alive wait as head time; `Watched` keeps both apart.
        let served = http1::Builder::new()
            .max_header_size(MAX_HEAD_BYTES)
            .max_headers(MAX_HEADERS)
            .serve_connection(io, service);
        let served = watcher.watch(served);
        let closed = async {
            while connection.order.load(Ordering::Acquire) != CLOSE {
                connection.wake.notified().await;
            }
        };
        let outcome = tokio::select! {
            outcome = served => outcome,
            () = closed => Ok(()),
        };
        let reason = CloseReason::from_code(connection.closed_by.load(Ordering::Acquire));
        if let Some(reason) = reason {
            self.metrics.closed(reason);
            tracing::debug!(reason = reason.label(), "connection closed by the server");
        } else if let Err(error) = outcome {
            // The client's doing (a reset, a malformed or cut request):
            // worth a line when debugging, not an error of the server.
            tracing::debug!(%error, "connection ended");
        }
        self.live().connections.remove(&id);
        self.metrics
            .connections_open
            .fetch_sub(1, Ordering::Relaxed);
        drop(held);
    }

    /// Lists a new connection accepted at `accepted`, unless the shutdown
    /// began: its id and its shared state.
    fn admit(&self, accepted: Instant, client: IpAddr) -> Option<(u64, Arc<Connection>, Watcher)> {
        let mut live = self.live();
        if live.closing {
            return None;
        }
        // Watched from here: a shutdown that begins later reaches it.
        let watcher = live.graceful.watcher();
        let connection = Arc::new(Connection::new(self.epoch, accepted, client));
        let id = live.next_id;
        live.next_id += 1;
        live.connections.insert(id, Arc::clone(&connection));
        self.metrics
            .connections_open
            .fetch_add(1, Ordering::Relaxed);
        Some((id, connection, watcher))
    }

    /// Tells every connection to close once its request in flight, if any,
    /// is answered (connections that come later are closed at once);
    /// completes when every connection is closed.
    pub(crate) fn shut_down(&self) -> impl Future<Output = ()> + use<> {
        let mut live = self.live();
        live.closing = true;
        for connection in live.connections.values() {
            // A read that waits fails at once: the idle close.
            connection.order.fetch_max(FINISH, Ordering::AcqRel);
        }
        std::mem::take(&mut live.graceful).shutdown()
    }

    /// Closes every connection now, requests in flight or not.
    pub(crate) fn close_all(&self) {
        for connection in self.live().connections.values() {
            connection.order(Order::Close, Some(CloseReason::Shutdown));
        }
    }
}

/// Errors of `accept` that concern one connection only (it was reset
/// before it was accepted): the next `accept` may work at once.
fn is_per_connection(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// What a connection is told to do (kept as its number; 0: nothing).
#[derive(Clone, Copy)]
#[repr(u8)]
enum Order {
    /// Close after the request in flight.
    Finish = 1,
    /// Close now.
    Close = 2,
}

const FINISH: u8 = Order::Finish as u8;
const CLOSE: u8 = Order::Close as u8;

/// A time that has not come (the clocks below are milliseconds since the
/// pool's epoch).
const NEVER: u64 = u64::MAX;

/// The farthest deadline a timer is set to.
const A_YEAR: Duration = Duration::from_secs(365 * 24 * 3600);

/// What a connection is doing, shared by its I/O, its requests, its task
/// and the pool.
struct Connection {
    epoch: Instant,
    /// The client's address.
    client: IpAddr,
    /// Requests whose answer is not completely sent.
    active: AtomicU32,
    /// Whether a request was answered (the next wait is a keep-alive one).
    answered: AtomicBool,
    /// Whether hyper's writes are an answer: from a request's start until
    /// the bytes of the next head arrive. A write outside is hyper's own
    /// refusal of a head it could not read.
    answering: AtomicBool,
    /// When the connection last had nothing in flight: the accept, or the
    /// end of its last answer.
    idle_since: AtomicU64,
    /// When the first byte of the next request head arrived ([`NEVER`]:
    /// none since the connection was idle).
    head_started: AtomicU64,
    /// Since when a write has been waiting for the client to read
    /// ([`NEVER`]: not waiting).
    write_blocked_since: AtomicU64,

    /// The last [`Order`] (0: none).
    order: AtomicU8,
    /// Why the server closes it ([`CloseReason::code`]; 0: it does not).
    closed_by: AtomicU8,
    /// Wakes the connection's task for an order.
    wake: Notify,
}

impl Connection {
    /// A connection accepted at `accepted`: its wait is counted from
    /// there, not from when its task first runs (later under load), so
    /// the eviction order is the order of arrival.
    fn new(epoch: Instant, accepted: Instant, client: IpAddr) -> Connection {
        let now = accepted.saturating_duration_since(epoch).as_millis() as u64;
        Connection {
            epoch,
            client,
            active: AtomicU32::new(0),
            answered: AtomicBool::new(false),
            answering: AtomicBool::new(false),
            idle_since: AtomicU64::new(now),
            head_started: AtomicU64::new(NEVER),
            write_blocked_since: AtomicU64::new(NEVER),
            order: AtomicU8::new(0),
            closed_by: AtomicU8::new(0),
            wake: Notify::new(),
        }
    }

    fn now(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    fn at(&self, millis: u64) -> tokio::time::Instant {
        // A timeout of centuries is a deadline in a year: no overflow.
        let at = self
            .epoch
            .checked_add(Duration::from_millis(millis))
            .filter(|at| at.saturating_duration_since(Instant::now()) < A_YEAR)
            .unwrap_or_else(|| Instant::now() + A_YEAR);
        tokio::time::Instant::from_std(at)
    }

    /// No request in flight, and not told to close yet.
    fn is_waiting(&self) -> bool {
        self.active.load(Ordering::Relaxed) == 0 && self.order.load(Ordering::Relaxed) == 0
    }

    fn order(&self, order: Order, reason: Option<CloseReason>) {
        if let Some(reason) = reason {
            self.close_because(reason);
        }
        self.order.fetch_max(order as u8, Ordering::AcqRel);
        self.wake.notify_one();
    }

    /// Records why the server closes the connection (the first reason wins).
    fn close_because(&self, reason: CloseReason) {
        let _ =
            self.closed_by
                .compare_exchange(0, reason.code(), Ordering::AcqRel, Ordering::Acquire);
    }

    fn request_started(&self) {
        self.active.fetch_add(1, Ordering::Relaxed);
        self.answering.store(true, Ordering::Relaxed);
        self.head_started.store(NEVER, Ordering::Relaxed);
    }

    fn request_ended(&self) {
        if self.active.fetch_sub(1, Ordering::Relaxed) == 1 {
            self.head_started.store(NEVER, Ordering::Relaxed);
            self.idle_since.store(self.now(), Ordering::Relaxed);
            self.answered.store(true, Ordering::Relaxed);
            // hyper may have polled the read before the answer's end, when
            // no time limit applied: poll it again, for the idle timer.
            self.wake.notify_one();
        }
    }

    /// Bytes arrived: between requests, the next head has begun.
    fn bytes_arrived(&self) {
        if self.active.load(Ordering::Relaxed) == 0
            && self.head_started.load(Ordering::Relaxed) == NEVER
        {
            self.head_started.store(self.now(), Ordering::Relaxed);
            self.answering.store(false, Ordering::Relaxed);
        }
    }

    /// When a pending read must give up, and why: never while a request is
    /// in flight (its body is the routes' business); at once during a
    /// shutdown (no reason: a close, not a limit).
    fn read_deadline(&self, limits: &Limits) -> Option<(u64, Option<CloseReason>)> {
        if self.active.load(Ordering::Relaxed) > 0 {
            return None;
        }
        if self.order.load(Ordering::Relaxed) != 0 {
            return Some((0, None));
        }
        let head = self.head_started.load(Ordering::Relaxed);
        let (since, limit, reason) = if head != NEVER {
            (head, limits.header_timeout, CloseReason::HeaderTimeout)
        } else if self.answered.load(Ordering::Relaxed) {
            let idle = self.idle_since.load(Ordering::Relaxed);
            (idle, limits.keep_alive_timeout, CloseReason::IdleTimeout)
        } else {
            let accepted = self.idle_since.load(Ordering::Relaxed);
            (accepted, limits.header_timeout, CloseReason::HeaderTimeout)
        };
        Some((since.saturating_add(millis(limit)), Some(reason)))
    }

    /// A write is pending: since when (it may have been for a while).
    fn write_blocked(&self) -> u64 {
        let since = self.write_blocked_since.load(Ordering::Relaxed);
        if since != NEVER {
            return since;
        }
        let now = self.now();
        self.write_blocked_since.store(now, Ordering::Relaxed);
        now
    }

    fn write_progressed(&self) {
        if self.write_blocked_since.load(Ordering::Relaxed) != NEVER {
            self.write_blocked_since.store(NEVER, Ordering::Relaxed);
        }
    }
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(NEVER)
}

/// A connection's socket, keeping the time of its pending reads and
/// writes: one that outlives its limit fails with `TimedOut`, which ends
/// the connection.
struct Watched {
    io: TcpStream,
    connection: Arc<Connection>,
    limits: Limits,
    read_timer: Option<Pin<Box<Sleep>>>,
    write_timer: Option<Pin<Box<Sleep>>>,
    /// The server's own answer written in place of hyper's bodiless
    /// refusal of a request head, and how much of it is written.
    refusal: Option<(Vec<u8>, usize)>,
}

/// The largest request head, request line included: hyper refuses a
/// larger one with 431. (Its buffer limit alone lets a head pass when it
/// arrives in one large read.)
pub(crate) const MAX_HEAD_BYTES: usize = 400 * 1024;

/// The most headers in a request head (hyper refuses more with 431).
const MAX_HEADERS: usize = 100;

/// The longest request target hyper reads (its own limit, for the
/// problem's words).
const MAX_TARGET_BYTES: usize = 65_534;

/// The problem answered for hyper's refusal `status` of a request head,
/// in English (the head, and the language it asks for, are unread).
fn refusal_answer(status: u16) -> Vec<u8> {
    let problem = match status {
        414 => Problem::new(
            Kind::UriTooLong,
            msg!("problem-detail-uri-too-long", limit = MAX_TARGET_BYTES),
        )
        .with("limit", MAX_TARGET_BYTES),
        431 => Problem::new(
            Kind::HeadTooLarge,
            msg!(
                "problem-detail-head-too-large",
                limit = MAX_HEAD_BYTES,
                headers = MAX_HEADERS
            ),
        )
        .with("limit", MAX_HEAD_BYTES),
        _ => Problem::new(Kind::BadRequest, msg!("problem-detail-bad-head")),
    };
    problem.http_answer(Lang::En)
}

/// Polls `timer` set to `deadline`; ready once the deadline is past.
fn expired(
    timer: &mut Option<Pin<Box<Sleep>>>,
    deadline: tokio::time::Instant,
    cx: &mut Context<'_>,
) -> bool {
    let timer = timer.get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
    if timer.deadline() != deadline {
        timer.as_mut().reset(deadline);
    }
    timer.as_mut().poll(cx).is_ready()
}

impl Watched {
    fn timed_out(&self, reason: Option<CloseReason>) -> io::Error {
        match reason {
            Some(reason) => {
                self.connection.close_because(reason);
                io::Error::new(io::ErrorKind::TimedOut, reason.label())
            }
            None => io::Error::new(io::ErrorKind::TimedOut, "shutting down"),
        }
    }

    /// Writes what is left of the server's answer in place of hyper's
    /// refusal; ready once all of it is written.
    fn poll_refusal(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Some((answer, written)) = &mut self.refusal {
            if *written == answer.len() {
                break;
            }
            match Pin::new(&mut self.io).poll_write(cx, &answer[*written..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => {
                    *written += n;
                    self.connection.write_progressed();
                }
                Poll::Ready(Err(error)) => return Poll::Ready(Err(error)),
                Poll::Pending => return self.poll_write_blocked(cx).map_ok(|_| ()),
            }
        }
        Poll::Ready(Ok(()))
    }

    /// Whether `buf` is hyper's own refusal of a request head, the only
    /// thing it writes between a head's first bytes and its request: its
    /// place is taken by a problem for the status of its status line (the
    /// protocol's `HTTP/1.1 4NN`, not hyper's headers, which may change).
    fn takes_refusal(&mut self, buf: &[u8]) -> bool {
        if self.refusal.is_some() || self.connection.answering.load(Ordering::Relaxed) {
            return false;
        }
        let status = buf
            .strip_prefix(b"HTTP/1.1 4")
            .and_then(|rest| rest.get(..2))
            .and_then(|code| std::str::from_utf8(code).ok()?.parse::<u16>().ok());
        let Some(status) = status else {
            return false;
        };
        self.refusal = Some((refusal_answer(400 + status), 0));
        true
    }

    /// A write is pending: fails once it has been so for `send_timeout`.
    fn poll_write_blocked(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<usize>> {
        let since = self.connection.write_blocked();
        let deadline = self
            .connection
            .at(since.saturating_add(millis(self.limits.send_timeout)));
        if expired(&mut self.write_timer, deadline, cx) {
            return Poll::Ready(Err(self.timed_out(Some(CloseReason::SendTimeout))));
        }
        Poll::Pending
    }

    fn wrote(&self, written: &io::Result<usize>) {
        if matches!(written, Ok(n) if *n > 0) {
            self.connection.write_progressed();
        }
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
        let polled = Pin::new(&mut this.io)
            .poll_read(cx, buf)
            .map_ok(|()| buf.filled().len() - before);
        match polled {
            Poll::Ready(Ok(got)) => {
                if got > 0 {
                    this.connection.bytes_arrived();
                }
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(error)) => Poll::Ready(Err(error)),
            Poll::Pending => {
                if let Some((due, reason)) = this.connection.read_deadline(&this.limits) {
                    let deadline = this.connection.at(due);
                    if expired(&mut this.read_timer, deadline, cx) {
                        return Poll::Ready(Err(this.timed_out(reason)));
                    }
                }
                Poll::Pending
            }
        }
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.takes_refusal(buf) {
            // hyper's bytes are taken as written: the problem goes instead.
            ready!(this.poll_refusal(cx))?;
            return Poll::Ready(Ok(buf.len()));
        }
        ready!(this.poll_refusal(cx))?;
        match Pin::new(&mut this.io).poll_write(cx, buf) {
            Poll::Ready(written) => {
                this.wrote(&written);
                Poll::Ready(written)
            }
            Poll::Pending => this.poll_write_blocked(cx),
        }
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if let Some(first) = bufs.first()
            && this.takes_refusal(first)
        {
            ready!(this.poll_refusal(cx))?;
            return Poll::Ready(Ok(first.len()));
        }
        ready!(this.poll_refusal(cx))?;
        match Pin::new(&mut this.io).poll_write_vectored(cx, bufs) {
            Poll::Ready(written) => {
                this.wrote(&written);
                Poll::Ready(written)
            }
            Poll::Pending => this.poll_write_blocked(cx),
        }
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

/// The service of a connection: counts and logs each request, and tells
/// the connection when one is in flight.
struct Instrumented<S> {
    /// The client's address, given to the routes with each request.
    client: IpAddr,
    inner: S,
    connection: Arc<Connection>,
    metrics: Arc<Metrics>,
    log: bool,
}

impl<S, B> Service<Request<Incoming>> for Instrumented<S>
where
    S: Service<Request<Incoming>, Response = Response<B>>,
{
    type Response = Response<Tracked<B>>;
    type Error = S::Error;
    type Future = Answering<S::Future>;

    fn call(&self, mut request: Request<Incoming>) -> Answering<S::Future> {
        request.extensions_mut().insert(ClientAddr(self.client));
        self.connection.request_started();
        self.metrics.in_flight.fetch_add(1, Ordering::Relaxed);
        let request_of = RequestOf {
            method: request.method().clone(),
            uri: request.uri().clone(),
            started: Instant::now(),
            status: None,
            log: self.log,
            connection: Arc::clone(&self.connection),
            metrics: Arc::clone(&self.metrics),
        };
        Answering {
            inner: self.inner.call(request),
            request: Some(request_of),
        }
    }
}

/// One request, from its head to the end of its answer: counted and
/// logged once the answer is ready (or the client gone), in flight until
/// the answer is sent (or dropped).
struct RequestOf {
    method: Method,
    uri: Uri,
    started: Instant,
    status: Option<u16>,
    log: bool,
    connection: Arc<Connection>,
    metrics: Arc<Metrics>,
}

impl RequestOf {
    /// Counts and logs the answer `status` of `route` (the router's
    /// match; none: no route of the API, or the client left before).
    fn answered(&mut self, status: u16, route: Option<MatchedRoute>) {
        self.status = Some(status);
        let latency = self.started.elapsed();
        let route = route.map(|MatchedRoute(index)| index);
        self.metrics.record(route, status, latency);
        if self.log {
            let path = self.uri.path();
            let mut end = path.len().min(LOGGED_PATH_BYTES);
            while !path.is_char_boundary(end) {
                end -= 1;
            }
            // Milliseconds as a number, to the microsecond: JSON log
            // collectors read it as is.
            let latency_ms = latency.as_micros() as f64 / 1000.0;
            tracing::info!(
                method = %self.method,
                path = &path[..end],
                status,
                latency_ms,
                route = self.metrics.route_path(route),
                "request"
            );
        }
    }
}

impl Drop for RequestOf {
    fn drop(&mut self) {
        if self.status.is_none() {
            self.answered(CLIENT_GONE, None);
        }
        self.metrics.in_flight.fetch_sub(1, Ordering::Relaxed);
        self.connection.request_ended();
    }
}

pin_project_lite::pin_project! {
    /// The answer of an [`Instrumented`] service.
    struct Answering<F> {
        #[pin]
        inner: F,
        request: Option<RequestOf>,
    }
}

impl<F, B, E> Future for Answering<F>
where
    F: Future<Output = Result<Response<B>, E>>,
{
    type Output = Result<Response<Tracked<B>>, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let response = ready!(this.inner.poll(cx))?;
        let mut request = this.request.take();
        if let Some(request) = &mut request {
            let route = response.extensions().get::<MatchedRoute>().copied();
            request.answered(response.status().as_u16(), route);
        }
        Poll::Ready(Ok(response.map(|body| Tracked {
            body,
            rest: Bytes::new(),
            _request: request,
        })))
    }
}

/// An answer's body, holding its request in flight until it is sent, and
/// handing it to hyper in pieces of [`PIECE_BYTES`]: hyper asks for the
/// next piece only once its buffer has room, so an answer the client does
/// not read stays in flight (and under the send timeout) instead of
/// vanishing whole into hyper's buffer.
struct Tracked<B> {
    body: B,
    /// What is left of the data frame being handed out.
    rest: Bytes,
    _request: Option<RequestOf>,
}

/// The size of the pieces an answer is handed to hyper in.
const PIECE_BYTES: usize = 64 * 1024;

impl<B: Body<Data = Bytes> + Unpin> Body for Tracked<B> {
    type Data = Bytes;
    type Error = B::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, B::Error>>> {
        let this = &mut *self;
        if this.rest.is_empty() {
            match ready!(Pin::new(&mut this.body).poll_frame(cx)) {
                Some(Ok(frame)) => match frame.into_data() {
                    Ok(data) => this.rest = data,
                    Err(frame) => return Poll::Ready(Some(Ok(frame))),
                },
                other => return Poll::Ready(other),
            }
        }
        let piece = this.rest.split_to(this.rest.len().min(PIECE_BYTES));
        Poll::Ready(Some(Ok(Frame::data(piece))))
    }

    fn is_end_stream(&self) -> bool {
        self.rest.is_empty() && self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        let hint = self.body.size_hint();
        let rest = self.rest.len() as u64;
        let mut total = SizeHint::new();
        total.set_lower(hint.lower().saturating_add(rest));
        if let Some(upper) = hint.upper() {
            total.set_upper(upper.saturating_add(rest));
        }
        total
    }
}

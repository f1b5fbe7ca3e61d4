//! Logging that never blocks a request: events are formatted on the thread
//! that logs them, then copied into a bounded queue that one thread of its
//! own writes to standard error. When stderr is not read (a paused log
//! shipper, a full pipe) the queue fills and further lines are dropped and
//! counted, instead of blocking the threads that serve connections. Once
//! the writer has caught up, it logs how many lines were lost; the total is
//! in the metrics (`songo_log_lines_dropped_total`).
//!
//! Written here rather than taken from `tracing-appender`: its writer
//! cannot tell when its queue has drained (the moment to report the loss),
//! it allocates each line on the logging thread and frees it on the
//! writer's, and it would bring some eight crates (`time` among them).

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::Duration;

use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LogFormat {
    /// One line of text per event: time, level, message, `key=value` fields.
    #[default]
    Text,
    /// One JSON object per line, for log collectors: `timestamp`, `level`,
    /// `message` and the event's fields at the top level.
    Json,
}

impl FromStr for LogFormat {
    type Err = String;

    fn from_str(text: &str) -> Result<LogFormat, String> {
        match text {
            "text" => Ok(LogFormat::Text),
            "json" => Ok(LogFormat::Json),
            _ => Err(format!("unknown log format `{text}`: text or json")),
        }
    }
}

impl fmt::Display for LogFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LogFormat::Text => "text",
            LogFormat::Json => "json",
        })
    }
}

/// The bytes of log lines held by default while stderr is not read (some
/// 7000 lines of 150 bytes).
pub const DEFAULT_LOG_QUEUE_BYTES: usize = 1024 * 1024;

/// How the server logs: see [`init_logging`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Logging {
    /// Line format.
    pub format: LogFormat,
    /// Which events are logged, in the syntax of `RUST_LOG`: a level
    /// (`info`, `warn`, `debug`…), optionally refined by target
    /// (`info,hyper=debug`).
    pub filter: String,
    /// The bytes of lines held while stderr is not read; more lines are
    /// dropped.
    pub queue_bytes: usize,
}

impl Default for Logging {
    fn default() -> Logging {
        Logging {
            format: LogFormat::Text,
            filter: "info".to_owned(),
            queue_bytes: DEFAULT_LOG_QUEUE_BYTES,
        }
    }
}

/// Logging could not be set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggingError(String);

impl fmt::Display for LoggingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LoggingError {}

/// The count of the process's log lines dropped, once [`init_logging`] ran.
static DROPPED: OnceLock<Arc<AtomicU64>> = OnceLock::new();

/// The log lines dropped so far because stderr was not read fast enough
/// (0 before [`init_logging`]).
pub fn dropped_log_lines() -> u64 {
    DROPPED
        .get()
        .map_or(0, |dropped| dropped.load(Ordering::Relaxed))
}

/// Sets up the process's logging: events that `logging.filter` lets
/// through, as text or JSON, one per line on stderr through a bounded
/// queue (see the module's documentation). Panics are logged as errors
/// through the same queue, so that a panic never blocks on stderr either.
/// Keep the guard until the end: dropping it writes out what is queued
/// (waiting at most a second).
///
/// # Errors
/// The filter cannot be read, or logging was set up already.
pub fn init_logging(logging: &Logging) -> Result<LogGuard, LoggingError> {
    let filter = EnvFilter::builder().parse(&logging.filter).map_err(|e| {
        LoggingError(format!(
            "cannot read the log filter `{}`: {e}",
            logging.filter
        ))
    })?;
    let sink = LogSink::spawn(io::stderr(), logging.queue_bytes, |dropped| {
        tracing::warn!(
            dropped,
            "{dropped} log lines were dropped: standard error was not read fast enough"
        );
    })
    .map_err(|e| LoggingError(format!("cannot start the log writer thread: {e}")))?;
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(sink.clone())
        .with_target(false);
    let installed = match logging.format {
        LogFormat::Text => builder.with_ansi(io::stderr().is_terminal()).try_init(),
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_ansi(false)
            .try_init(),
    };
    installed.map_err(|e| LoggingError(format!("logging is set up already: {e}")))?;
    // The first sink of the process is the one the metrics read.
    let _ = DROPPED.set(Arc::clone(&sink.dropped));
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("a panic");
        let location = info
            .location()
            .map(|place| format!("{}:{}", place.file(), place.line()))
            .unwrap_or_default();
        // The message as a field: quoted and escaped, one line whatever it
        // holds.
        tracing::error!(panic = message, location, "a thread panicked");
    }));
    Ok(LogGuard { sink })
}

/// Keeps the log writer going; dropping it writes out the lines queued,
/// waiting at most a second (stderr may be the very thing that stalls).
#[derive(Debug)]
#[must_use = "dropping the guard flushes the log: keep it until the end"]
pub struct LogGuard {
    sink: LogSink,
}

impl LogGuard {
    /// The lines dropped so far.
    pub fn dropped_lines(&self) -> u64 {
        self.sink.dropped.load(Ordering::Relaxed)
    }
}

impl Drop for LogGuard {
    fn drop(&mut self) {
        self.sink.flush(Duration::from_secs(1));
    }
}

/// The sending end of the queue: a [`MakeWriter`] whose writers never
/// block (beyond a copy into the queue under its lock).
#[derive(Clone)]
pub(crate) struct LogSink {
    shared: Arc<Shared>,
    dropped: Arc<AtomicU64>,
}

/// What the formatting threads and the writer thread share.
struct Shared {
    queue: Mutex<Queue>,
    /// Wakes the writer: lines, or a flush, are waiting.
    work: Condvar,
    /// Wakes those waiting for a flush.
    flushed: Condvar,
    /// The most bytes the queue holds.
    capacity: usize,
}

/// Lines waiting for the writer, one after the other in one buffer (the
/// writer swaps it for an empty one): no allocation per line.
#[derive(Default)]
struct Queue {
    bytes: Vec<u8>,
    lines: u64,
    /// The writer waits for work (so a new line must wake it).
    idle: bool,
    /// Flushes asked for, and answered (in order).
    flushes_asked: u64,
    flushes_done: u64,
}

impl fmt::Debug for LogSink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LogSink")
            .field("dropped", &self.dropped)
            .finish_non_exhaustive()
    }
}

impl Shared {
    fn queue(&self) -> MutexGuard<'_, Queue> {
        // Nothing panics while holding the lock.
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl LogSink {
    /// Starts the thread that writes to `out` what the sink queues (at most
    /// `capacity` bytes). `report(n)` is called on that thread when it has
    /// caught up after `n` lines were dropped.
    pub(crate) fn spawn<W: Write + Send + 'static>(
        out: W,
        capacity: usize,
        report: impl Fn(u64) + Send + 'static,
    ) -> io::Result<LogSink> {
        let sink = LogSink {
            shared: Arc::new(Shared {
                queue: Mutex::default(),
                work: Condvar::new(),
                flushed: Condvar::new(),
                capacity,
            }),
            dropped: Arc::new(AtomicU64::new(0)),
        };
        let shared = Arc::clone(&sink.shared);
        let dropped = Arc::clone(&sink.dropped);
        std::thread::Builder::new()
            .name("songo-log".to_owned())
            .spawn(move || write_lines(&shared, out, &dropped, &report))?;
        Ok(sink)
    }

    /// Queues a line, or counts it as dropped when the queue is full.
    fn send(&self, line: &[u8]) {
        let mut queue = self.shared.queue();
        if queue.bytes.len() + line.len() > self.shared.capacity {
            drop(queue);
            self.dropped.fetch_add(1, Ordering::Relaxed);
            return;
        }
        queue.bytes.extend_from_slice(line);
        queue.lines += 1;
        if queue.idle {
            queue.idle = false;
            self.shared.work.notify_one();
        }
    }

    /// Waits (at most `patience`) for the lines queued so far, and the
    /// report of lines lost, to be written.
    pub(crate) fn flush(&self, patience: Duration) -> bool {
        let mut queue = self.shared.queue();
        queue.flushes_asked += 1;
        let mine = queue.flushes_asked;
        queue.idle = false;
        self.shared.work.notify_one();
        let (queue, _) = self
            .shared
            .flushed
            .wait_timeout_while(queue, patience, |queue| queue.flushes_done < mine)
            .unwrap_or_else(PoisonError::into_inner);
        queue.flushes_done >= mine
    }
}

/// The writer thread: writes what is queued in one go; once nothing is
/// left and stderr took the last batch, reports the lines dropped since
/// the last report; answers flushes once all that is done. Woken by a
/// line, it waits a millisecond for more: under load that makes one
/// wake-up and one write per millisecond instead of one per line.
fn write_lines<W: Write>(shared: &Shared, mut out: W, dropped: &AtomicU64, report: &dyn Fn(u64)) {
    let mut batch = Vec::new();
    // Whether stderr took the last batch: a closed stderr must not get
    // reports (each would be one more line lost, then reported…).
    let mut healthy = true;
    let mut reported = 0;
    loop {
        let (lines, flushes_asked) = {
            let mut queue = shared.queue();
            std::mem::swap(&mut queue.bytes, &mut batch);
            (std::mem::take(&mut queue.lines), queue.flushes_asked)
        };
        if lines > 0 {
            healthy = out.write_all(&batch).is_ok();
            if !healthy {
                dropped.fetch_add(lines, Ordering::Relaxed);
            }
            batch.clear();
            if batch.capacity() > shared.capacity {
                // A burst must not keep its buffer for ever.
                batch.shrink_to(shared.capacity);
            }
            // More may have come while stderr took these.
            continue;
        }
        // Caught up: nothing queued.
        let now = dropped.load(Ordering::Relaxed);
        if now > reported && healthy && out.flush().is_ok() {
            // The report is a log line too: it comes back queued.
            report(now - reported);
            reported = now;
            continue;
        }
        let mut queue = shared.queue();
        if queue.flushes_done < flushes_asked {
            let _ = out.flush();
            queue.flushes_done = flushes_asked;
            shared.flushed.notify_all();
        }
        while queue.lines == 0 && queue.flushes_done == queue.flushes_asked {
            queue.idle = true;
            queue = shared
                .work
                .wait(queue)
                .unwrap_or_else(PoisonError::into_inner);
        }
        queue.idle = false;
        drop(queue);
        std::thread::sleep(LINGER);
    }
}

/// How long the writer waits for more lines after being woken.
const LINGER: Duration = Duration::from_millis(1);

impl<'a> MakeWriter<'a> for LogSink {
    type Writer = LineWriter<'a>;

    fn make_writer(&'a self) -> LineWriter<'a> {
        LineWriter { sink: self }
    }
}

/// Queues what the formatter writes: one whole event per `write`.
pub(crate) struct LineWriter<'a> {
    sink: &'a LogSink,
}

impl Write for LineWriter<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.sink.send(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Condvar, Mutex};

    use super::*;

    /// A sink that blocks every write until opened, like a pipe nobody
    /// reads; what it takes is kept.
    #[derive(Clone, Default)]
    struct Gate {
        state: Arc<(Mutex<GateState>, Condvar)>,
    }

    #[derive(Default)]
    struct GateState {
        open: bool,
        taken: Vec<u8>,
    }

    impl Gate {
        fn open(&self) {
            let (lock, opened) = &*self.state;
            lock.lock().unwrap().open = true;
            opened.notify_all();
        }

        fn text(&self) -> String {
            String::from_utf8(self.state.0.lock().unwrap().taken.clone()).unwrap()
        }
    }

    impl Write for Gate {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            let (lock, opened) = &*self.state;
            let mut state = opened
                .wait_while(lock.lock().unwrap(), |s| !s.open)
                .unwrap();
            state.taken.extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn line(sink: &LogSink, text: &str) {
        sink.make_writer().write_all(text.as_bytes()).unwrap();
    }

    #[test]
    fn a_stalled_sink_drops_lines_without_blocking_then_reports_them() {
        let gate = Gate::default();
        let reports = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&reports);
        let written = gate.clone();
        // Each report with the lines written before it.
        // Room for 5 lines of 7 or 8 bytes.
        let sink = LogSink::spawn(gate.clone(), 40, move |n| {
            let lines = written.text().lines().count() as u64;
            seen.lock().unwrap().push((n, lines));
        })
        .unwrap();
        // The writer takes the first line and blocks writing it; some more
        // fill the queue; the rest are dropped, and none of this waits.
        line(&sink, "line 0\n");
        std::thread::sleep(Duration::from_millis(100));
        for i in 1..100 {
            line(&sink, &format!("line {i}\n"));
        }
        let dropped = sink.dropped.load(Ordering::Relaxed);
        assert!(dropped > 0);
        assert!(reports.lock().unwrap().is_empty());
        gate.open();
        assert!(sink.flush(Duration::from_secs(10)));
        // Reported once every line queued was out, not as soon as the
        // blocked write returned.
        assert_eq!(*reports.lock().unwrap(), vec![(dropped, 100 - dropped)]);
        let text = gate.text();
        assert!(text.starts_with("line 0\nline 1\n"), "{text}");
        assert_eq!(text.lines().count() as u64, 100 - dropped);
        // No new loss: no new report.
        line(&sink, "line 100\n");
        assert!(sink.flush(Duration::from_secs(10)));
        assert_eq!(reports.lock().unwrap().len(), 1);
        assert!(gate.text().ends_with("line 100\n"));
    }

    /// Writes fail, like stderr closed.
    struct Closed;

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }

        fn flush(&mut self) -> io::Result<()> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }
    }

    #[test]
    fn a_closed_sink_counts_its_lines_as_dropped_and_never_reports() {
        let reports = Arc::new(AtomicU64::new(0));
        let seen = Arc::clone(&reports);
        let sink = LogSink::spawn(Closed, 40, move |_| {
            seen.fetch_add(1, Ordering::Relaxed);
        })
        .unwrap();
        for _ in 0..3 {
            line(&sink, "lost\n");
        }
        assert!(sink.flush(Duration::from_secs(10)));
        assert_eq!(sink.dropped.load(Ordering::Relaxed), 3);
        assert!(sink.flush(Duration::from_secs(10)));
        assert_eq!(reports.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn log_formats_read_and_print_back() {
        for format in [LogFormat::Text, LogFormat::Json] {
            assert_eq!(format.to_string().parse::<LogFormat>(), Ok(format));
        }
        assert_eq!(
            "yaml".parse::<LogFormat>(),
            Err("unknown log format `yaml`: text or json".to_owned())
        );
    }
}

//! Validating streams of any size on every core, in bounded memory.
//!
//! One thread reads the sources and splits them into batches of games
//! ([`BatchReader`]); workers validate batches; the calling thread gets the
//! reports back in the order of the input. At most a fixed number of
//! batches exist at any time (the reader waits for a permit before it
//! reads another), so memory does not grow with the input.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::ops::ControlFlow;
use std::sync::{Mutex, mpsc};

use super::{GameReport, Options, validate_games};
use crate::record::reader::{Batch, BatchReader};

/// What [`validate_sources`] reports, in input order.
#[derive(Debug)]
pub enum Event {
    /// The reports of consecutive games of a source.
    Games {
        /// The source's index.
        source: usize,
        /// One report per game.
        reports: Vec<GameReport>,
        /// Bytes of the source these games took.
        bytes: usize,
    },
    /// A source could not be opened or read (what was read before is reported).
    Failed {
        /// The source's index.
        source: usize,
        /// Why.
        error: io::Error,
    },
}

/// Validates every game of a batch.
#[must_use]
pub fn validate_batch(batch: &Batch, options: &Options) -> Vec<GameReport> {
    validate_games(batch.games(), options)
}

/// Validates `count` sources, which `open` opens by index, with `jobs`
/// threads (1: all on the calling thread), handing each [`Event`] to
/// `sink` in order. `sink` may stop everything by returning
/// [`ControlFlow::Break`].
pub fn validate_sources<R, O, S>(count: usize, open: O, options: &Options, jobs: usize, sink: S)
where
    R: Read,
    O: Fn(usize) -> io::Result<R> + Sync,
    S: FnMut(Event) -> ControlFlow<()>,
{
    if jobs <= 1 {
        sequential(count, &open, options, sink);
    } else {
        parallel(count, &open, options, jobs, sink);
    }
}

fn sequential<R: Read>(
    count: usize,
    open: &(impl Fn(usize) -> io::Result<R> + Sync),
    options: &Options,
    mut sink: impl FnMut(Event) -> ControlFlow<()>,
) {
    for source in 0..count {
        let mut reader = match open(source) {
            Ok(stream) => BatchReader::new(stream),
            Err(error) => {
                if sink(Event::Failed { source, error }).is_break() {
                    return;
                }
                continue;
            }
        };
        loop {
            let event = match reader.next_batch() {
                Ok(Some(batch)) => Event::Games {
                    source,
                    reports: validate_batch(&batch, options),
                    bytes: batch.byte_len(),
                },
                Ok(None) => break,
                Err(error) => Event::Failed { source, error },
            };
            let failed = matches!(event, Event::Failed { .. });
            if sink(event).is_break() {
                return;
            }
            if failed {
                break;
            }
        }
    }
}

/// Work for a validating thread.
struct Job {
    sequence: usize,
    source: usize,
    batch: Batch,
}

/// Validates with `jobs` threads: one thread reads the sources in
/// batches (at most `jobs * 4` of them in flight), the others validate
/// them, and this one hands the events to `sink` in the order of the
/// sources.
fn parallel<R: Read>(
    count: usize,
    open: &(impl Fn(usize) -> io::Result<R> + Sync),
    options: &Options,
    jobs: usize,
    mut sink: impl FnMut(Event) -> ControlFlow<()>,
) {
    let in_flight = jobs * 4;
    let (work_tx, work_rx) = mpsc::sync_channel::<Job>(in_flight);
    let work_rx = Mutex::new(work_rx);
    std::thread::scope(|scope| {
        let (done_tx, done_rx) = mpsc::channel::<(usize, Event)>();
        let (permit_tx, permit_rx) = mpsc::sync_channel::<()>(in_flight);
        for _ in 0..in_flight {
            let _ = permit_tx.send(());
        }
        let done = done_tx.clone();
        scope.spawn(move || read_batches(count, open, &permit_rx, &work_tx, &done));
        for _ in 0..jobs {
            let done = done_tx.clone();
            let work_rx = &work_rx;
            scope.spawn(move || validate_jobs(work_rx, options, &done));
        }
        drop(done_tx);

        let mut next = 0;
        let mut waiting = BTreeMap::new();
        'collect: for (sequence, event) in &done_rx {
            waiting.insert(sequence, event);
            while let Some(event) = waiting.remove(&next) {
                next += 1;
                if sink(event).is_break() {
                    break 'collect;
                }
                let _ = permit_tx.send(());
            }
        }
        // Unblock the reader and the workers, whatever they wait for.
        drop(done_rx);
        drop(permit_tx);
    });
}

/// The reading thread: every source in batches, numbered in order, each
/// sent once a permit says fewer than the most are in flight; a source
/// that cannot be read is a failure in its place. Stops when the
/// collector is gone.
fn read_batches<R: Read>(
    count: usize,
    open: &(impl Fn(usize) -> io::Result<R> + Sync),
    permits: &mpsc::Receiver<()>,
    work: &mpsc::SyncSender<Job>,
    done: &mpsc::Sender<(usize, Event)>,
) {
    let mut sequence = 0;
    for source in 0..count {
        let mut reader = match open(source) {
            Ok(stream) => BatchReader::new(stream),
            Err(error) => {
                if permits.recv().is_err()
                    || done
                        .send((sequence, Event::Failed { source, error }))
                        .is_err()
                {
                    return;
                }
                sequence += 1;
                continue;
            }
        };
        loop {
            let next = reader.next_batch();
            if matches!(next, Ok(None)) {
                break;
            }
            // At most `in_flight` batches exist: wait for one to be done.
            if permits.recv().is_err() {
                return;
            }
            match next {
                Ok(Some(batch)) => {
                    let job = Job {
                        sequence,
                        source,
                        batch,
                    };
                    if work.send(job).is_err() {
                        return;
                    }
                    sequence += 1;
                }
                Ok(None) => break,
                Err(error) => {
                    if done
                        .send((sequence, Event::Failed { source, error }))
                        .is_err()
                    {
                        return;
                    }
                    sequence += 1;
                    break;
                }
            }
        }
    }
}

/// A validating thread: takes jobs until there are none, sends each
/// batch's reports under its number.
fn validate_jobs(
    work: &Mutex<mpsc::Receiver<Job>>,
    options: &Options,
    done: &mpsc::Sender<(usize, Event)>,
) {
    loop {
        let job = match work.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => return,
        };
        let Ok(Job {
            sequence,
            source,
            batch,
        }) = job
        else {
            return;
        };
        // A panic would leave a hole in the order the reports come back
        // in, and everyone waiting for it: report it as a failure of the
        // source instead.
        let validated = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            validate_batch(&batch, options)
        }));
        let event = match validated {
            Ok(reports) => Event::Games {
                source,
                reports,
                bytes: batch.byte_len(),
            },
            Err(_) => Event::Failed {
                source,
                error: io::Error::other(
                    "internal error while validating (a bug: please report it)",
                ),
            },
        };
        if done.send((sequence, event)).is_err() {
            return;
        }
    }
}

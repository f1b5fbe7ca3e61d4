//! The work budget of every request, fixed before any work starts: how
//! many marks (highlights, arrows) and boards it may draw, how large its
//! answer may be; and the memory the server keeps, whatever the number of
//! clients, for bodies being read and for answers their clients have not
//! read yet. Past a cap the answer is a `too-much-work` problem naming the
//! budget; when the shared memory is taken, a `busy` one.

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::Bytes;
use futures_util::Stream;
use songo_notation::msg;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

use crate::problem::Problem;

/// The most marks one request asks for (`highlight=` and `arrow=`
/// together): more than any board has places.
pub(crate) const MAX_MARKS: usize = 64;

/// The most boards one answer draws.
pub(crate) const MAX_BOARDS: usize = 1000;

/// The most marks one answer draws, over all its boards: every mark is
/// drawn on every board.
pub(crate) const MAX_MARKS_DRAWN: usize = 8000;

/// The largest answer, in bytes.
pub(crate) const MAX_ANSWER_BYTES: usize = 16 * 1024 * 1024;

/// The largest record body `/v1/annotate` writes back: its answer is some
/// 15 times the body (a comment on every move), so a larger body would
/// pass [`MAX_ANSWER_BYTES`] after seconds of work.
pub(crate) const MAX_ANNOTATED_BYTES: usize = 1024 * 1024;

/// The boards a played move may draw: before, after sowing, after
/// captures.
pub(crate) const BOARDS_PER_MOVE: usize = 3;

/// Bodies and answers up to this size are not counted against the shared
/// memory: all the connections together hold at most that much each.
pub(crate) const UNCOUNTED_BYTES: usize = 64 * 1024;

/// The memory kept for answers their clients have not read yet, in bytes.
pub(crate) const ANSWER_MEMORY: usize = 64 * 1024 * 1024;

/// The memory kept for bodies being read: four bodies at the limit, at
/// least 64 MiB.
pub(crate) fn body_memory(body_limit: u64) -> usize {
    usize::try_from(body_limit.saturating_mul(4))
        .unwrap_or(usize::MAX)
        .max(64 * 1024 * 1024)
}

/// The shared memory is counted in KiB: a semaphore's permits.
const UNIT: usize = 1024;

/// Memory shared by the requests: a body being read, an answer being sent
/// each hold their part of it.
pub(crate) struct Memory {
    units: Arc<Semaphore>,
    bytes: usize,
}

impl Memory {
    pub(crate) fn new(bytes: usize) -> Memory {
        let units = (bytes / UNIT).clamp(1, Semaphore::MAX_PERMITS);
        Memory {
            units: Arc::new(Semaphore::new(units)),
            bytes,
        }
    }

    /// The size of the shared memory, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }

    /// Grows `held` so that it covers `size` bytes past the uncounted
    /// ones, waiting at most until `deadline`; `false` when the memory
    /// stayed taken.
    pub(crate) async fn cover(&self, held: &mut Held, size: usize, deadline: Instant) -> bool {
        let Some(more) = held.missing(size) else {
            return true;
        };
        let acquired =
            tokio::time::timeout_at(deadline, Arc::clone(&self.units).acquire_many_owned(more))
                .await;
        match acquired {
            Ok(Ok(permit)) => {
                held.add(permit);
                true
            }
            _ => false,
        }
    }

    /// Like [`Memory::cover`], without waiting.
    pub(crate) fn try_cover(&self, held: &mut Held, size: usize) -> bool {
        let Some(more) = held.missing(size) else {
            return true;
        };
        match Arc::clone(&self.units).try_acquire_many_owned(more) {
            Ok(permit) => {
                held.add(permit);
                true
            }
            Err(_) => false,
        }
    }
}

/// A part of the shared memory, given back when dropped.
#[derive(Default)]
pub(crate) struct Held {
    permit: Option<OwnedSemaphorePermit>,
}

impl Held {
    /// The units missing to cover `size` bytes, if any.
    fn missing(&self, size: usize) -> Option<u32> {
        let wanted = size.saturating_sub(UNCOUNTED_BYTES).div_ceil(UNIT);
        let held = self
            .permit
            .as_ref()
            .map_or(0, OwnedSemaphorePermit::num_permits);
        (wanted > held).then(|| u32::try_from(wanted - held).unwrap_or(u32::MAX))
    }

    fn add(&mut self, permit: OwnedSemaphorePermit) {
        match &mut self.permit {
            Some(all) => all.merge(permit),
            None => self.permit = Some(permit),
        }
    }
}

/// An answer whose bytes hold their part of the shared memory until the
/// last of them is handed to the connection.
pub(crate) struct HeldAnswer {
    bytes: Option<Bytes>,
    _held: Held,
}

impl HeldAnswer {
    pub(crate) fn new(bytes: Bytes, held: Held) -> HeldAnswer {
        HeldAnswer {
            bytes: Some(bytes),
            _held: held,
        }
    }
}

impl Stream for HeldAnswer {
    type Item = Result<Bytes, std::convert::Infallible>;

    fn poll_next(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        Poll::Ready(self.bytes.take().map(Ok))
    }
}

/// The marks a request asks for, within [`MAX_MARKS`].
pub(crate) fn check_marks(count: usize) -> Result<(), Problem> {
    if count > MAX_MARKS {
        return Err(Problem::too_much_work(
            msg!(
                "problem-detail-too-many-marks",
                count = count,
                most = MAX_MARKS
            ),
            "marks",
            MAX_MARKS as u64,
        ));
    }
    Ok(())
}

/// `boards` boards, each with `marks` marks, within [`MAX_BOARDS`] and
/// [`MAX_MARKS_DRAWN`].
pub(crate) fn check_drawing(boards: usize, marks: usize) -> Result<(), Problem> {
    if boards > MAX_BOARDS {
        return Err(Problem::too_much_work(
            msg!(
                "problem-detail-too-many-boards",
                count = boards,
                most = MAX_BOARDS
            ),
            "boards",
            MAX_BOARDS as u64,
        ));
    }
    let drawn = boards.saturating_mul(marks);
    if drawn > MAX_MARKS_DRAWN {
        return Err(Problem::too_much_work(
            msg!(
                "problem-detail-too-many-marks-drawn",
                count = drawn,
                marks = marks,
                boards = boards,
                most = MAX_MARKS_DRAWN
            ),
            "marks_drawn",
            MAX_MARKS_DRAWN as u64,
        ));
    }
    Ok(())
}

/// A record body of `size` bytes, within [`MAX_ANNOTATED_BYTES`].
pub(crate) fn check_annotated(size: usize) -> Result<(), Problem> {
    if size > MAX_ANNOTATED_BYTES {
        return Err(Problem::too_much_work(
            msg!(
                "problem-detail-annotate-too-large",
                size = size,
                most = MAX_ANNOTATED_BYTES
            ),
            "record_bytes",
            MAX_ANNOTATED_BYTES as u64,
        ));
    }
    Ok(())
}

/// An answer over [`MAX_ANSWER_BYTES`].
pub(crate) fn answer_too_large() -> Problem {
    Problem::too_much_work(
        msg!("problem-detail-answer-too-large", limit = MAX_ANSWER_BYTES),
        "answer_bytes",
        MAX_ANSWER_BYTES as u64,
    )
}

/// A writer that refuses to grow past [`MAX_ANSWER_BYTES`]: an answer
/// being serialized stops there instead of filling memory.
#[derive(Default)]
pub(crate) struct Bounded(pub(crate) Vec<u8>);

impl std::io::Write for Bounded {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.0.len() + buf.len() > MAX_ANSWER_BYTES {
            return Err(std::io::Error::other("the answer is over its budget"));
        }
        self.0.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

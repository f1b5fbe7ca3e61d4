//! How large an answer may be, and the memory the server keeps, whatever
//! the number of clients, for bodies being read and for answers their
//! clients have not read yet: past the answer's size the answer is a
//! `too-much-work` problem, when the shared memory is taken a `busy` one.

use std::sync::Arc;

use songo_notation::msg;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

use crate::problem::Problem;

/// The largest answer, in bytes.
pub(crate) const MAX_ANSWER_BYTES: usize = 16 * 1024 * 1024;

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
        let wanted = size.saturating_sub(UNCOUNTED_BYTES).div_ceil(UNIT);
        let had = held.0.as_ref().map_or(0, OwnedSemaphorePermit::num_permits);
        let Some(more) = wanted.checked_sub(had).filter(|&more| more > 0) else {
            return true;
        };
        let more = u32::try_from(more).unwrap_or(u32::MAX);
        let acquired = Arc::clone(&self.units).acquire_many_owned(more);
        let Ok(Ok(permit)) = tokio::time::timeout_at(deadline, acquired).await else {
            return false;
        };
        match &mut held.0 {
            Some(all) => all.merge(permit),
            None => held.0 = Some(permit),
        }
        true
    }
}

/// A part of the shared memory, given back when dropped.
#[derive(Default)]
pub(crate) struct Held(Option<OwnedSemaphorePermit>);

/// An answer over [`MAX_ANSWER_BYTES`].
pub(crate) fn answer_too_large() -> Problem {
    let detail = msg!("problem-detail-answer-too-large", limit = MAX_ANSWER_BYTES);
    Problem::too_much_work(detail, "answer_bytes", MAX_ANSWER_BYTES as u64)
}

/// An answer's bytes handed out as copies of at most [`UNCOUNTED_BYTES`]
/// each, `held` until the last is handed: hyper asks for the next piece
/// only once its buffer has room, so an answer its client does not read
/// stays counted. Copies, not slices: a slice left in hyper's buffer would
/// keep the whole answer's allocation alive after `held` is released.
pub(crate) fn answer_pieces(
    answer: bytes::Bytes,
    held: Held,
) -> impl futures_util::Stream<Item = Result<bytes::Bytes, std::convert::Infallible>> {
    let pieces = futures_util::stream::unfold((answer, held), |(mut rest, held)| async move {
        if rest.is_empty() {
            return None;
        }
        let piece = rest.split_to(rest.len().min(UNCOUNTED_BYTES));
        Some((Ok(bytes::Bytes::copy_from_slice(&piece)), (rest, held)))
    });
    // Fused: the compression layer asks again after the end.
    futures_util::StreamExt::fuse(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn an_answer_is_handed_in_copies_that_hold_none_of_its_memory() {
        let answer = bytes::Bytes::from(vec![7u8; 3 * UNCOUNTED_BYTES + 5]);
        let whole = answer.as_ptr() as usize..answer.as_ptr() as usize + answer.len();
        let pieces: Vec<_> =
            futures_util::StreamExt::collect::<Vec<_>>(answer_pieces(answer, Held::default()))
                .await
                .into_iter()
                .map(|piece| piece.expect("no error"))
                .collect();
        let sizes: Vec<usize> = pieces.iter().map(bytes::Bytes::len).collect();
        assert_eq!(
            sizes,
            [UNCOUNTED_BYTES, UNCOUNTED_BYTES, UNCOUNTED_BYTES, 5]
        );
        assert!(pieces.iter().flatten().all(|&byte| byte == 7));
        // No piece points into the answer's allocation.
        assert!(
            pieces
                .iter()
                .all(|piece| !whole.contains(&(piece.as_ptr() as usize)))
        );
    }

    #[tokio::test]
    async fn the_pieces_may_be_asked_for_again_after_their_end() {
        let answer = bytes::Bytes::from_static(b"seeds");
        let mut pieces = Box::pin(answer_pieces(answer, Held::default()));
        assert!(futures_util::StreamExt::next(&mut pieces).await.is_some());
        assert!(futures_util::StreamExt::next(&mut pieces).await.is_none());
        assert!(futures_util::StreamExt::next(&mut pieces).await.is_none());
    }
}

//! The broadcast that carries each change to a live game (a move, an
//! undo, the arbiter's result) to its spectators' streams (`live.rs`): a
//! leaf, so that the server's state holds it without importing the
//! routes.

use std::sync::Arc;

use tokio::sync::broadcast;

use crate::archive::{LivePly, LiveResult};

/// Moves kept for spectators that are slow to take them: past it, a
/// spectator's stream ends and its client comes back for the rest
/// (`Last-Event-ID`).
const HUB_CAPACITY: usize = 1024;

/// A change to a live game, for its spectators.
#[derive(Debug, Clone)]
pub(crate) enum Change {
    /// A move stored.
    Move(LivePly),
    /// Ply N taken back.
    Undo(usize),
    /// The arbiter's result.
    End(LiveResult),
}

/// One change to a live game, for the spectators of its game.
#[derive(Debug)]
pub(crate) struct Published {
    pub(crate) id: String,
    pub(crate) change: Change,
}

/// The moves stored by this server (and, on PostgreSQL, by the others),
/// for the spectators' streams.
pub(crate) struct Hub {
    sender: broadcast::Sender<Arc<Published>>,
}

impl Default for Hub {
    fn default() -> Hub {
        Hub {
            sender: broadcast::channel(HUB_CAPACITY).0,
        }
    }
}

impl Hub {
    /// A receiver of the moves published from now on.
    pub(crate) fn subscribe(&self) -> broadcast::Receiver<Arc<Published>> {
        self.sender.subscribe()
    }

    /// Tells the spectators of game `id` (none listening: nothing to do).
    pub(crate) fn publish(&self, id: &str, change: Change) {
        let _ = self.sender.send(Arc::new(Published {
            id: id.to_owned(),
            change,
        }));
    }
}

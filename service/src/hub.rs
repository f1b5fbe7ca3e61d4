//! The broadcast that carries each stored move of a live game to its
//! spectators' streams (`live.rs`): a leaf, so that the server's state
//! holds it without importing the routes.

use std::sync::Arc;

use tokio::sync::broadcast;

use crate::archive::LivePly;

/// Moves kept for spectators that are slow to take them: past it, a
/// spectator's stream ends and its client comes back for the rest
/// (`Last-Event-ID`).
const HUB_CAPACITY: usize = 1024;

/// One stored move, for the spectators of its game.
#[derive(Debug)]
pub(crate) struct Published {
    pub(crate) id: String,
    pub(crate) ply: LivePly,
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
    pub(crate) fn publish(&self, id: &str, ply: LivePly) {
        let _ = self.sender.send(Arc::new(Published {
            id: id.to_owned(),
            ply,
        }));
    }
}

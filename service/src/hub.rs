//! The broadcast that carries each change to a live game (a move, an
//! undo, the arbiter's result) to its spectators' streams (`live.rs`): a
//! leaf, so that the server's state holds it without importing the
//! routes.
//!
//! One channel a game being watched: a change wakes its game's
//! spectators only (with one channel for all games, every stream woke
//! for every move of every game, thousands of times a move at a
//! federation's scale), and a game nobody watches on this server costs
//! nothing.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::broadcast;

use crate::archive::{LivePly, LiveResult};

/// A stored move as its spectators are sent it: written once, whoever
/// many streams send it.
#[derive(Debug, Clone)]
pub(crate) struct Told {
    /// Its ply.
    pub(crate) ply: usize,
    /// Whether it ended the game.
    pub(crate) over: bool,
    /// The ply as JSON (a `LivePly`).
    pub(crate) json: Arc<str>,
}

impl Told {
    /// A ply stored or read here.
    pub(crate) fn of(played: &LivePly) -> Option<Told> {
        Some(Told {
            ply: played.ply,
            over: played.game_over.is_some(),
            json: serde_json::to_string(played).ok()?.into(),
        })
    }

    /// A ply another server announced with its JSON; `None` when the JSON
    /// is not a ply's.
    pub(crate) fn heard(json: &str) -> Option<Told> {
        #[derive(serde::Deserialize)]
        struct Head {
            ply: usize,
            game_over: Option<serde::de::IgnoredAny>,
        }
        let head: Head = serde_json::from_str(json).ok()?;
        Some(Told {
            ply: head.ply,
            over: head.game_over.is_some(),
            json: json.into(),
        })
    }
}

/// Changes kept for a game's spectators that are slow to take them: past
/// it, a spectator's stream ends and its client comes back for the rest
/// (`Last-Event-ID`). A game changes every few seconds.
const GAME_CAPACITY: usize = 64;

/// The fewest games watched before the map is swept of those nobody
/// watches any more.
const SWEEP_FLOOR: usize = 64;

/// A change to a live game, for its spectators.
#[derive(Debug, Clone)]
pub(crate) enum Change {
    /// A move stored.
    Move(Told),
    /// Ply N taken back.
    Undo(usize),
    /// The arbiter's result.
    End(LiveResult),
}

/// One watched game: its spectators' channel, and the last ply this
/// server told them of (a move announced again is not read again).
struct Watched {
    sender: broadcast::Sender<Arc<Change>>,
    last_ply: usize,
}

/// The games watched on this server.
#[derive(Default)]
struct Games {
    by_id: HashMap<String, Watched>,
    /// The map's size at which the games nobody watches are swept.
    sweep_at: usize,
}

/// The changes stored by this server (and, on PostgreSQL, by the
/// others), for the spectators' streams.
#[derive(Default)]
pub(crate) struct Hub {
    // A std mutex: held for a lookup and a send, never across an await.
    games: Mutex<Games>,
}

impl Hub {
    fn games(&self) -> std::sync::MutexGuard<'_, Games> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A receiver of game `id`'s changes published from now on.
    pub(crate) fn subscribe(&self, id: &str) -> broadcast::Receiver<Arc<Change>> {
        let mut games = self.games();
        if let Some(watched) = games.by_id.get(id) {
            return watched.sender.subscribe();
        }
        if games.by_id.len() >= games.sweep_at {
            games
                .by_id
                .retain(|_, watched| watched.sender.receiver_count() > 0);
            games.sweep_at = (2 * games.by_id.len()).max(SWEEP_FLOOR);
        }
        let (sender, receiver) = broadcast::channel(GAME_CAPACITY);
        games.by_id.insert(
            id.to_owned(),
            Watched {
                sender,
                last_ply: 0,
            },
        );
        receiver
    }

    /// Whether game `id` has spectators on this server, that have not been
    /// told of its ply `ply` (a move this server stored and published is
    /// announced to it again by the database).
    pub(crate) fn wants(&self, id: &str, ply: usize) -> bool {
        self.games().by_id.get(id).is_some_and(|watched| {
            watched.sender.receiver_count() > 0 && (ply == 0 || ply > watched.last_ply)
        })
    }

    /// Tells the spectators of game `id` (none watching: nothing to do).
    pub(crate) fn publish(&self, id: &str, change: Change) {
        let mut games = self.games();
        let Some(watched) = games.by_id.get_mut(id) else {
            return;
        };
        if watched.sender.receiver_count() == 0 {
            games.by_id.remove(id);
            return;
        }
        watched.last_ply = match &change {
            Change::Move(told) => told.ply,
            Change::Undo(ply) => ply.saturating_sub(1),
            Change::End(_) => watched.last_ply,
        };
        let _ = watched.sender.send(Arc::new(change));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn undo(ply: usize) -> Change {
        Change::Undo(ply)
    }

    #[test]
    fn a_spectator_hears_its_own_game_only() {
        let hub = Hub::default();
        let mut first = hub.subscribe("aaaa");
        let mut second = hub.subscribe("bbbb");
        hub.publish("bbbb", undo(2));
        hub.publish("aaaa", undo(1));
        assert!(matches!(*first.try_recv().unwrap(), Change::Undo(1)));
        assert!(first.try_recv().is_err());
        assert!(matches!(*second.try_recv().unwrap(), Change::Undo(2)));
        assert!(second.try_recv().is_err());
    }

    #[test]
    fn a_game_nobody_watches_is_forgotten() {
        let hub = Hub::default();
        hub.publish("aaaa", undo(1));
        assert!(hub.games().by_id.is_empty(), "published to nobody");
        drop(hub.subscribe("aaaa"));
        assert!(!hub.wants("aaaa", 1));
        hub.publish("aaaa", undo(1));
        assert!(hub.games().by_id.is_empty(), "its last spectator left");
        // Games left without a publish are swept as the map grows.
        for n in 0..10 * SWEEP_FLOOR {
            drop(hub.subscribe(&format!("{n:04x}")));
        }
        let kept = hub.subscribe("watched");
        for n in 0..10 * SWEEP_FLOOR {
            drop(hub.subscribe(&format!("{n:04x}")));
        }
        let games = hub.games().by_id.len();
        assert!(games <= 2 * SWEEP_FLOOR, "{games} games kept");
        assert!(hub.wants("watched", 1));
        drop(kept);
    }

    #[test]
    fn a_ply_published_here_is_not_wanted_again() {
        let hub = Hub::default();
        let _spectator = hub.subscribe("aaaa");
        assert!(hub.wants("aaaa", 1));
        hub.publish("aaaa", undo(3));
        assert!(!hub.wants("aaaa", 2), "ply 2 told");
        assert!(hub.wants("aaaa", 3), "ply 3 taken back, to be told again");
        assert!(hub.wants("aaaa", 0), "an undo or an end");
        assert!(!hub.wants("bbbb", 1), "nobody watches bbbb");
    }
}

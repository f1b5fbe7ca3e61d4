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
//!
//! A watched game's plies are kept with its channel (its [`Known`]
//! history), so that another stream of it opening here (a spectator
//! arriving, or the streams of a killed server reconnecting all at once)
//! is served from memory instead of reading and replaying the game from
//! the archive. The history outlives the game's last stream here a while
//! (its changes still heard): a spectator coming back finds it too.
//!
//! A game's changes are published in the order they were stored: a
//! writer holds its game's [`Order`] from before its commit to its
//! publish, and so does the listener of the other servers' changes. A
//! move published late, after an undo stored after it and heard from
//! another server, would reach spectators as a move taken back.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::broadcast;

use crate::archive::{LiveGame, LivePly, LiveResult};

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

/// How long a game's history is kept, its changes still heard, once
/// nobody watches it here (from its last stream's opening or change).
const RECENT: Duration = Duration::from_secs(60);

/// The most plies held in the watched games' histories, all games
/// together (a ply's JSON is some 300 bytes: about 60 MB); a game beyond
/// it is read from the archive for each stream, as without histories.
const HELD_PLIES: usize = 200_000;

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

/// A live game as its spectators' streams start: its plies and the
/// arbiter's result.
#[derive(Debug, Clone, Default)]
pub(crate) struct Known {
    /// Every ply, in order.
    pub(crate) plies: Vec<Told>,
    /// The arbiter's result, when the arbiter ended it.
    pub(crate) result: Option<LiveResult>,
}

impl Known {
    /// A game as read from the archive.
    pub(crate) fn of(game: LiveGame) -> Known {
        Known {
            plies: game.plies.iter().filter_map(Told::of).collect(),
            result: game.result,
        }
    }

    /// Whether its last move ended it (by the rules).
    pub(crate) fn over(&self) -> bool {
        self.plies.last().is_some_and(|told| told.over)
    }
}

/// What [`Hub::open`] knows of a game: its history, or the count of the
/// changes published to it so far (to [`Hub::keep`] the game once read).
pub(crate) type Held = Result<Known, u64>;

/// One watched game: its spectators' channel, the last ply this server
/// told them of (a move announced again is not read again), and its
/// history while every change to it has been published here since it
/// was read.
struct Watched {
    sender: broadcast::Sender<Arc<Change>>,
    last_ply: usize,
    /// The changes published to it.
    changes: u64,
    history: Option<Known>,
    /// When it was last seen watched (a stream opening, or a change
    /// published to its streams).
    watched_at: Instant,
}

impl Watched {
    /// The history after `change`; `None` when it cannot be told from it
    /// (a gap, or an undo: the next stream reads the game again).
    fn applied(history: Option<Known>, change: &Change) -> Option<Known> {
        let mut known = history?;
        match change {
            Change::Move(told) if told.ply <= known.plies.len() => {}
            Change::Move(told) if told.ply == known.plies.len() + 1 => {
                known.plies.push(told.clone());
            }
            Change::Move(_) | Change::Undo(_) => return None,
            Change::End(result) => known.result = Some(result.clone()),
        }
        Some(known)
    }

    fn held(&self) -> usize {
        self.history.as_ref().map_or(0, |known| known.plies.len())
    }

    /// Whether its changes are heard here: it is watched, or its history
    /// is kept and was watched recently.
    fn heard(&self, now: Instant) -> bool {
        self.sender.receiver_count() > 0
            || (self.history.is_some() && now.duration_since(self.watched_at) < RECENT)
    }
}

/// The games watched on this server.
#[derive(Default)]
struct Games {
    by_id: HashMap<String, Watched>,
    /// The map's size at which the games nobody watches are swept.
    sweep_at: usize,
    /// The plies of the histories held, all games together.
    held: usize,
}

impl Games {
    /// Forgets the games whose changes are no longer heard.
    fn sweep(&mut self, now: Instant) {
        let mut freed = 0;
        self.by_id.retain(|_, watched| {
            let kept = watched.heard(now);
            if !kept {
                freed += watched.held();
            }
            kept
        });
        self.held -= freed;
        self.sweep_at = (2 * self.by_id.len()).max(SWEEP_FLOOR);
    }
}

/// The locks that keep each game's changes in their stored order, a game
/// by its id's hash: a writer holds one across a commit, so that games
/// sharing a lock seldom wait for each other.
const ORDER_LOCKS: usize = 64;

/// The changes stored by this server (and, on PostgreSQL, by the
/// others), for the spectators' streams.
pub(crate) struct Hub {
    // A std mutex: held for a lookup and a send, never across an await.
    games: Mutex<Games>,
    order: Box<[Mutex<()>]>,
}

impl Default for Hub {
    fn default() -> Hub {
        Hub {
            games: Mutex::default(),
            order: (0..ORDER_LOCKS).map(|_| Mutex::new(())).collect(),
        }
    }
}

/// Game `game`'s turn to store and publish a change (held by a blocking
/// thread, never across an await): see the module's comment.
pub(crate) struct Order<'a> {
    game: &'a str,
    _held: MutexGuard<'a, ()>,
}

impl Hub {
    fn games(&self) -> MutexGuard<'_, Games> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits for game `id`'s turn: a change is stored, then published,
    /// under it.
    pub(crate) fn order<'a>(&'a self, id: &'a str) -> Order<'a> {
        // FNV-1a: any spread of the ids does.
        let hash = id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        });
        let lock = &self.order[usize::try_from(hash % ORDER_LOCKS as u64).unwrap_or(0)];
        Order {
            game: id,
            _held: lock.lock().unwrap_or_else(PoisonError::into_inner),
        }
    }

    /// A receiver of game `id`'s changes published from now on.
    #[cfg(test)]
    pub(crate) fn subscribe(&self, id: &str) -> broadcast::Receiver<Arc<Change>> {
        self.open(id).0
    }

    /// A receiver of game `id`'s changes published from now on, and the
    /// game as it stands when this server holds its history (it is
    /// watched here, or was recently, and every change since it was read
    /// was heard); otherwise the count to [`Hub::keep`] it with once read.
    pub(crate) fn open(&self, id: &str) -> (broadcast::Receiver<Arc<Change>>, Held) {
        let mut games = self.games();
        let games = &mut *games;
        let now = Instant::now();
        if let Some(watched) = games.by_id.get_mut(id) {
            // Nobody watched it a while: changes may have gone unheard.
            if !watched.heard(now) {
                games.held -= watched.held();
                watched.history = None;
            }
            watched.watched_at = now;
            let held = watched.history.clone().ok_or(watched.changes);
            return (watched.sender.subscribe(), held);
        }
        if games.by_id.len() >= games.sweep_at {
            games.sweep(now);
        }
        let (sender, receiver) = broadcast::channel(GAME_CAPACITY);
        games.by_id.insert(
            id.to_owned(),
            Watched {
                sender,
                last_ply: 0,
                changes: 0,
                history: None,
                watched_at: now,
            },
        );
        (receiver, Err(0))
    }

    /// Keeps game `id` as read from the archive by a stream that
    /// [`Hub::open`]ed it when `changes` changes had been published to it:
    /// only if none was since (the read may have missed one published
    /// meanwhile), it is still watched, and the histories have room.
    pub(crate) fn keep(&self, id: &str, changes: u64, known: &Known) {
        let mut games = self.games();
        let games = &mut *games;
        if games.held + known.plies.len() > HELD_PLIES {
            // Room taken by games left a while ago, perhaps.
            games.sweep(Instant::now());
        }
        let Some(watched) = games.by_id.get_mut(id) else {
            return;
        };
        if watched.changes != changes
            || watched.history.is_some()
            || watched.sender.receiver_count() == 0
            || games.held + known.plies.len() > HELD_PLIES
        {
            return;
        }
        games.held += known.plies.len();
        watched.history = Some(known.clone());
    }

    /// Whether game `id` has spectators on this server (or its history,
    /// recently watched) that have not been told of its ply `ply` (a move
    /// this server stored and published is announced to it again by the
    /// database).
    pub(crate) fn wants(&self, id: &str, ply: usize) -> bool {
        let now = Instant::now();
        self.games()
            .by_id
            .get(id)
            .is_some_and(|watched| watched.heard(now) && (ply == 0 || ply > watched.last_ply))
    }

    /// Tells the spectators of the game whose [`Order`] is held, and its
    /// history (none watching nor kept: nothing to do).
    pub(crate) fn publish(&self, order: &Order<'_>, change: Change) {
        let id = order.game;
        let mut games = self.games();
        let games = &mut *games;
        let Some(watched) = games.by_id.get_mut(id) else {
            return;
        };
        let now = Instant::now();
        if !watched.heard(now) {
            games.held -= watched.held();
            games.by_id.remove(id);
            return;
        }
        if watched.sender.receiver_count() > 0 {
            watched.watched_at = now;
        }
        watched.last_ply = match &change {
            Change::Move(told) => told.ply,
            Change::Undo(ply) => ply.saturating_sub(1),
            Change::End(_) => watched.last_ply,
        };
        watched.changes += 1;
        let before = watched.held();
        watched.history = Watched::applied(watched.history.take(), &change);
        games.held = games.held - before + watched.held();
        if games.held > HELD_PLIES {
            games.held -= watched.held();
            watched.history = None;
        }
        let _ = watched.sender.send(Arc::new(change));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn undo(ply: usize) -> Change {
        Change::Undo(ply)
    }

    fn told(ply: usize) -> Told {
        Told {
            ply,
            over: false,
            json: format!("{{\"ply\":{ply}}}").into(),
        }
    }

    fn moved(ply: usize) -> Change {
        Change::Move(told(ply))
    }

    fn plies(held: &Held) -> Option<Vec<usize>> {
        held.as_ref()
            .ok()
            .map(|known| known.plies.iter().map(|told| told.ply).collect())
    }

    impl Hub {
        /// Publishes `change` to game `id` in its turn.
        fn told(&self, id: &str, change: Change) {
            self.publish(&self.order(id), change);
        }

        /// Makes game `id` last watched longer ago than [`RECENT`].
        fn age(&self, id: &str) {
            if let Some(watched) = self.games().by_id.get_mut(id) {
                watched.watched_at -= RECENT;
            }
        }
    }

    fn read(plies: usize) -> Known {
        Known {
            plies: (1..=plies).map(told).collect(),
            result: None,
        }
    }

    #[test]
    fn a_game_read_once_is_held_with_its_changes() {
        let hub = Hub::default();
        let (_first, held) = hub.open("aaaa");
        let Err(changes) = held else {
            panic!("a game never read is not held")
        };
        hub.keep("aaaa", changes, &read(2));
        hub.told("aaaa", moved(3));
        // Told again (its NOTIFY after this server's publish): once.
        hub.told("aaaa", moved(3));
        let (_second, held) = hub.open("aaaa");
        assert_eq!(plies(&held), Some(vec![1, 2, 3]));
        hub.told("aaaa", moved(5));
        assert_eq!(plies(&hub.open("aaaa").1), None, "a gap: read again");
    }

    #[test]
    fn a_game_is_not_held_when_it_may_have_changed_unheard() {
        let hub = Hub::default();
        // A change published between the stream's opening and its read's
        // end: the read may be older than it.
        let (first, held) = hub.open("aaaa");
        hub.told("aaaa", moved(1));
        hub.keep("aaaa", held.err().unwrap_or(u64::MAX), &read(0));
        let (second, held) = hub.open("aaaa");
        assert_eq!(plies(&held), None);
        hub.keep("aaaa", held.err().unwrap_or(u64::MAX), &read(1));
        assert_eq!(plies(&hub.open("aaaa").1), Some(vec![1]));
        // An undo: read again.
        hub.told("aaaa", undo(1));
        assert_eq!(plies(&hub.open("aaaa").1), None);
        let (third, held) = hub.open("aaaa");
        hub.keep("aaaa", held.err().unwrap_or(u64::MAX), &read(0));
        assert_eq!(plies(&hub.open("aaaa").1), Some(vec![]));
        // Nobody watching a while: its changes are no longer heard.
        drop((first, second, third));
        hub.age("aaaa");
        assert_eq!(plies(&hub.open("aaaa").1), None);
    }

    #[test]
    fn a_game_left_recently_is_held_still() {
        let hub = Hub::default();
        let (first, held) = hub.open("aaaa");
        hub.keep("aaaa", held.err().unwrap_or(u64::MAX), &read(2));
        drop(first);
        // Its changes are still heard and kept.
        assert!(hub.wants("aaaa", 3));
        hub.told("aaaa", moved(3));
        let (second, held) = hub.open("aaaa");
        assert_eq!(plies(&held), Some(vec![1, 2, 3]), "a spectator back");
        drop(second);
        hub.age("aaaa");
        assert!(!hub.wants("aaaa", 4), "long left: no longer heard");
        hub.told("aaaa", moved(4));
        assert!(hub.games().by_id.is_empty(), "forgotten");
        assert_eq!(hub.games().held, 0);
    }

    #[test]
    fn the_histories_are_bounded() {
        let hub = Hub::default();
        let (_big, held) = hub.open("aaaa");
        hub.keep(
            "aaaa",
            held.err().unwrap_or(u64::MAX),
            &read(HELD_PLIES - 1),
        );
        let (_small, held) = hub.open("bbbb");
        hub.keep("bbbb", held.err().unwrap_or(u64::MAX), &read(2));
        assert_eq!(plies(&hub.open("bbbb").1), None, "no room");
        hub.told("aaaa", moved(HELD_PLIES));
        assert!(hub.open("aaaa").1.is_ok(), "room for its last ply");
        hub.told("aaaa", moved(HELD_PLIES + 1));
        assert!(hub.open("aaaa").1.is_err(), "no room: dropped");
        assert_eq!(hub.games().held, 0);
        let (_small, held) = hub.open("bbbb");
        hub.keep("bbbb", held.err().unwrap_or(u64::MAX), &read(2));
        assert_eq!(plies(&hub.open("bbbb").1), Some(vec![1, 2]));
        // A game left long ago gives its room up.
        let (left, held) = hub.open("cccc");
        let room = HELD_PLIES - hub.games().held;
        hub.keep("cccc", held.err().unwrap_or(u64::MAX), &read(room));
        assert!(hub.open("cccc").1.is_ok(), "the room taken");
        drop(left);
        hub.age("cccc");
        let (_other, held) = hub.open("dddd");
        hub.keep("dddd", held.err().unwrap_or(u64::MAX), &read(1));
        assert_eq!(plies(&hub.open("dddd").1), Some(vec![1]));
    }

    #[test]
    fn a_spectator_hears_its_own_game_only() {
        let hub = Hub::default();
        let mut first = hub.subscribe("aaaa");
        let mut second = hub.subscribe("bbbb");
        hub.told("bbbb", undo(2));
        hub.told("aaaa", undo(1));
        assert!(matches!(*first.try_recv().unwrap(), Change::Undo(1)));
        assert!(first.try_recv().is_err());
        assert!(matches!(*second.try_recv().unwrap(), Change::Undo(2)));
        assert!(second.try_recv().is_err());
    }

    #[test]
    fn a_game_nobody_watches_is_forgotten() {
        let hub = Hub::default();
        hub.told("aaaa", undo(1));
        assert!(hub.games().by_id.is_empty(), "published to nobody");
        drop(hub.subscribe("aaaa"));
        assert!(!hub.wants("aaaa", 1));
        hub.told("aaaa", undo(1));
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
        hub.told("aaaa", undo(3));
        assert!(!hub.wants("aaaa", 2), "ply 2 told");
        assert!(hub.wants("aaaa", 3), "ply 3 taken back, to be told again");
        assert!(hub.wants("aaaa", 0), "an undo or an end");
        assert!(!hub.wants("bbbb", 1), "nobody watches bbbb");
    }

    #[test]
    fn a_change_stored_while_another_is_being_published_waits_for_it() {
        let hub = Arc::new(Hub::default());
        let (mut spectator, _) = hub.open("aaaa");
        // A move committed, not yet published.
        let writer = hub.order("aaaa");
        let listener = {
            let hub = Arc::clone(&hub);
            // Its undo, heard from another server meanwhile.
            std::thread::spawn(move || hub.told("aaaa", undo(1)))
        };
        std::thread::sleep(Duration::from_millis(50));
        hub.publish(&writer, moved(1));
        drop(writer);
        listener.join().expect("the listener");
        let first = spectator.try_recv().expect("a change");
        let second = spectator.try_recv().expect("another");
        assert!(
            matches!(*first, Change::Move(ref told) if told.ply == 1),
            "{first:?}"
        );
        assert!(matches!(*second, Change::Undo(1)), "{second:?}");
    }
}

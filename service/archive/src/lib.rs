//! The game archive: games kept in a database, searched, explored and
//! ranked (`songo archive`, `songo explore`, the `/v1/games` routes).
//!
//! One synchronous [`Archive`] over two backends, chosen by where it
//! lives ([`Location`]): a SQLite file (the default, no server needed) or
//! a PostgreSQL database (`postgres://…`). The same SQL runs on both; see
//! `docs/archive.md` for the schema, the identity of a game and how a
//! crash leaves the archive.
//!
//! The sync `postgres` client runs its own small runtime: it must not be
//! called from a thread of a tokio runtime (the service calls the archive
//! on the blocking pool).
//!
//! - `accounts`: who may read and write over HTTP, by token;
//! - `classes`: a teacher's classes, their students, sets and answers;
//! - `db`: the two connections behind one interface;
//! - `schema`: the migrations;
//! - `counts`: the explorer's counts packed by bucket;
//! - `ingest`: a game validated, hashed and replayed, with no database;
//! - `live`: games recorded move by move while they are played;
//! - `people`: players and events, their names and counts;
//! - `query`: searches, exports, the explorer and standings;
//! - `tail`: PostgreSQL's tail of games posted one at a time;
//! - `ratings`: the players' Glicko-2 ratings;
//! - [`render`]: their forms for people.

mod accounts;
mod classes;
mod compact;
mod counts;
mod db;
mod group;
mod ingest;
mod live;
mod people;
mod postings;
mod query;
mod ratings;
pub mod render;
mod revisions;
mod schema;
mod tail;
mod tiebreaks;
mod tournaments;
mod varint;

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;
use songo_notation::i18n::Message;
use songo_notation::msg;
use songo_notation::{Ruleset, verdict::Verdict};

pub use accounts::{
    ANONYMOUS, Account, AccountError, AccountRow, Found, MAX_NAME_CHARS, NewAccount,
    OtherClubsEvent, SERVE_TOKEN_ACCOUNT, Scope, TOKEN_PREFIX, local_user, new_token, rfc3339,
    token_hash,
};
pub use classes::{
    Answered, CLASS_CODE_ALPHABET, CLASS_CODE_CHARS, ClassRefusal, ClassReport, ClassSet,
    ClassSummary, ClassWork, Joined, MAX_CLASS_NAME_CHARS, MAX_CLASS_SETS, MAX_CLASS_STUDENTS,
    MAX_CLASSES_PER_TEACHER, MAX_EXERCISE_BYTES, MAX_NICKNAME_CHARS, MAX_SET_EXERCISES,
    MAX_STUDENT_ATTEMPTS, Progress, REVIEW_AFTER, Standing, StudentReport, normal_code,
};
pub use compact::Compacted;
pub use group::{Post, Posted, Refused};
pub use ingest::{
    FirstViolation, InvalidGame, MAX_TAGS_PER_GAME, NotAGame, Prepared, position_at, position_key,
    prepare, prepare_first,
};
pub use live::{
    LIVE_CHANNEL, LiveEnd, LiveGame, LiveListener, LiveNotice, LivePly, LiveRefusal, LiveResult,
    LiveStarted, LiveUndone, MAX_LIVE_NAME_CHARS, MAX_LIVE_PLIES, NewLiveGame,
};
pub use people::{
    EventEntry, EventList, MAX_LIST_PAGE, MAX_MATCHED_PLAYERS, PeopleError, PlayerEntry,
    PlayerList, Suggestion, did_you_mean, fold,
};
pub use query::{
    EXPORT_PAGE, Explorer, ExplorerMove, Export, ExportedGame, Filters, GameList, GameSummary,
    Results, SidesSearched, StandingRow, Standings, StoredGame, is_filter_date,
};
pub use ratings::{InitialRating, InitialRatings, LeftOut, PlayerRating, Ratings};
pub use revisions::{Author, GameChange, History, Revised, Revision, changed_text};
pub use tournaments::{
    EventBoard, EventPlayer, EventRefusal, EventRound, EventStanding, EventSystem,
    MAX_EVENT_NAME_CHARS, MAX_EVENT_PLAYERS, MAX_EVENT_ROUNDS, NewEvent, ResultEntry, RunEvent,
};

use db::{Db, DbError, Value};

/// The environment variable naming the archive when `--archive` is not given.
pub const ARCHIVE_ENV: &str = "SONGO_ARCHIVE";

/// The schema version an archive is brought to when opened.
pub const SCHEMA_VERSION: i64 = schema::CURRENT;

/// Where an archive lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// A SQLite file.
    Sqlite(PathBuf),
    /// A PostgreSQL database, by URL; `schema` (tests) keeps the tables in
    /// a schema of their own.
    Postgres {
        /// `postgres://user@host:port/database`.
        url: String,
        /// A schema to create and use instead of the default one.
        schema: Option<String>,
    },
}

impl Location {
    /// `postgres://…` (or `postgresql://…`) is a PostgreSQL database;
    /// anything else a SQLite file's path.
    #[must_use]
    pub fn parse(text: &str) -> Location {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Location::Postgres {
                url: text.to_owned(),
                schema: None,
            }
        } else {
            Location::Sqlite(PathBuf::from(text))
        }
    }

    /// The archive given, else `$SONGO_ARCHIVE`, else the default file:
    /// `$XDG_DATA_HOME/songo/archive.sqlite`, or
    /// `~/.local/share/songo/archive.sqlite`.
    ///
    /// # Errors
    /// No archive given and no home directory to put the default in.
    pub fn resolve(given: Option<&str>) -> Result<Location, ArchiveError> {
        if let Some(given) = given.filter(|g| !g.is_empty()) {
            return Ok(Location::parse(given));
        }
        if let Ok(from_env) = std::env::var(ARCHIVE_ENV)
            && !from_env.is_empty()
        {
            return Ok(Location::parse(&from_env));
        }
        let data = std::env::var_os("XDG_DATA_HOME")
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
            .or_else(|| {
                std::env::var_os("HOME")
                    .filter(|h| !h.is_empty())
                    .map(|home| Path::new(&home).join(".local/share"))
            })
            .ok_or(ArchiveError::NoDefault)?;
        Ok(Location::Sqlite(data.join("songo").join("archive.sqlite")))
    }

    /// A name for messages: the path, or the URL without its password.
    #[must_use]
    pub fn display(&self) -> String {
        match self {
            Location::Sqlite(path) => path.display().to_string(),
            Location::Postgres { url, .. } => redact(url),
        }
    }
}

/// A URL without the password it may hold.
fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    match rest.split_once('@') {
        Some((user, host)) => {
            let user = user.split_once(':').map_or(user, |(name, _)| name);
            format!("{scheme}://{user}@{host}")
        }
        None => url.to_owned(),
    }
}

/// What went wrong with an archive.
#[derive(Debug, Clone)]
pub enum ArchiveError {
    /// No archive was given and there is no home directory for the default.
    NoDefault,
    /// The archive cannot be opened or created.
    Open {
        /// Where.
        location: String,
        /// The database's words.
        cause: String,
    },
    /// The archive was written by a newer songo.
    TooNew {
        /// Where.
        location: String,
        /// Its schema version.
        version: i64,
    },
    /// The disk (or the database's size limit) is full: the batch being
    /// written was rolled back.
    Full(String),
    /// A `--after` cursor that no page gave.
    BadCursor(String),
    /// A date that is no `YYYY[.MM[.DD]]`.
    BadDate(String),
    /// The explorer would have to replay more games than it may: those
    /// that reached the position after the plies its table counts.
    TooManyToReplay {
        /// Games to replay.
        games: usize,
        /// The most it replays.
        limit: usize,
    },
    /// No stored game has this id.
    NoSuchGame(String),
    /// A change made against a revision that is no longer the game's.
    Stale {
        /// The game.
        id: String,
        /// Its revision now.
        current: i64,
    },
    /// A change that would change nothing: the game is already deleted,
    /// not deleted, or the text is the same.
    Unchanged(String, &'static str),
    /// A changed text that is another stored game's.
    Duplicate(String),
    /// A changed text that holds no game.
    NotAGame(String),
    /// A change of a club's account to a game of an event another club
    /// holds.
    OtherClubsEvent(OtherClubsEvent),
    /// A write that lost a race with another writer, again after a few
    /// tries (PostgreSQL's deadlock or serialization failure, SQLite busy):
    /// nothing of it was stored, and it may be sent again.
    Conflict {
        /// PostgreSQL's SQLSTATE (`40P01`, `40001`), or `SQLITE_BUSY`.
        state: String,
        /// The database's words.
        cause: String,
    },
    /// A player or an event named by the user that is none, or more than one.
    People(PeopleError),
    /// Any other failure of the database.
    Database(String),
    /// The archive's file fails SQLite's check: an import is refused.
    Damaged {
        /// Where.
        location: String,
        /// What the check found (its first lines).
        report: String,
    },
}

impl ArchiveError {
    /// Whether the work lost a race and may be done again as it is.
    #[must_use]
    pub fn is_conflict(&self) -> bool {
        matches!(self, ArchiveError::Conflict { .. })
    }
}

impl ArchiveError {
    /// What happened, in words for people.
    #[must_use]
    pub fn message(&self) -> Message {
        match self {
            ArchiveError::NoDefault => msg!("archive-no-default"),
            ArchiveError::Open { location, cause } => msg!(
                "archive-cannot-open",
                location = location.as_str(),
                cause = Message::verbatim(cause.clone())
            ),
            ArchiveError::TooNew { location, version } => msg!(
                "archive-too-new",
                location = location.as_str(),
                version = *version,
                known = schema::CURRENT
            ),
            ArchiveError::Full(cause) => {
                msg!("archive-full", cause = Message::verbatim(cause.clone()))
            }
            ArchiveError::BadCursor(cursor) => {
                msg!("archive-bad-cursor", cursor = cursor.as_str())
            }
            ArchiveError::BadDate(date) => msg!("archive-bad-date", date = date.as_str()),
            ArchiveError::TooManyToReplay { games, limit } => msg!(
                "archive-too-many-to-replay",
                games = *games,
                limit = *limit,
                plies = postings::EXPLORER_PLIES
            ),
            ArchiveError::NoSuchGame(id) => msg!("archive-no-such-game", id = id.as_str()),
            ArchiveError::Stale { id, current } => {
                msg!("archive-stale", id = id.as_str(), current = *current)
            }
            ArchiveError::Unchanged(id, why) => {
                msg!("archive-unchanged", id = id.as_str(), why = *why)
            }
            ArchiveError::Duplicate(other) => msg!("archive-duplicate", other = other.as_str()),
            ArchiveError::NotAGame(why) => {
                msg!(
                    "archive-changed-not-a-game",
                    why = Message::verbatim(why.clone())
                )
            }
            ArchiveError::OtherClubsEvent(other) => msg!(
                "problem-detail-other-club",
                event = other.event.as_str(),
                club = other.club.as_str()
            ),
            ArchiveError::Conflict { state, cause } => msg!(
                "archive-conflict",
                state = state.as_str(),
                cause = Message::verbatim(cause.clone())
            ),
            ArchiveError::People(error) => error.message(),
            ArchiveError::Database(cause) => {
                msg!("archive-database", cause = Message::verbatim(cause.clone()))
            }
            ArchiveError::Damaged { location, report } => msg!(
                "archive-damaged",
                location = location.as_str(),
                report = Message::verbatim(report.clone())
            ),
        }
    }

    /// How to fix it, when there is something to say.
    #[must_use]
    pub fn hint(&self) -> Option<Message> {
        match self {
            ArchiveError::NoDefault => Some(msg!("hint-archive-flag")),
            ArchiveError::Full(_) => Some(msg!("hint-archive-full")),
            ArchiveError::BadCursor(_) => Some(msg!("hint-archive-cursor")),
            ArchiveError::BadDate(_) => Some(msg!("hint-archive-date")),
            ArchiveError::TooNew { .. } => Some(msg!("hint-archive-too-new")),
            ArchiveError::TooManyToReplay { .. } => Some(msg!("hint-archive-too-many-to-replay")),
            ArchiveError::NoSuchGame(_) => Some(msg!("hint-archive-no-such-game")),
            ArchiveError::Stale { .. } => Some(msg!("hint-archive-stale")),
            ArchiveError::Damaged { .. } => Some(msg!("hint-archive-damaged")),
            ArchiveError::People(error) => error.hint(),
            _ => None,
        }
    }

    /// Whether the caller's input is at fault (a bad cursor, a position
    /// too deep to explore), not the store.
    #[must_use]
    pub fn is_input(&self) -> bool {
        matches!(
            self,
            ArchiveError::BadCursor(_)
                | ArchiveError::BadDate(_)
                | ArchiveError::TooManyToReplay { .. }
                | ArchiveError::NoSuchGame(_)
                | ArchiveError::Stale { .. }
                | ArchiveError::Unchanged(..)
                | ArchiveError::Duplicate(_)
                | ArchiveError::NotAGame(_)
                | ArchiveError::OtherClubsEvent(_)
                | ArchiveError::People(_)
        )
    }
}

impl std::fmt::Display for ArchiveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use songo_notation::i18n::Localize;
        f.write_str(&self.message().localize(songo_notation::i18n::Lang::En))
    }
}

impl std::error::Error for ArchiveError {}

impl From<DbError> for ArchiveError {
    fn from(error: DbError) -> ArchiveError {
        match error {
            DbError::Full(cause) => ArchiveError::Full(cause),
            DbError::Conflict { state, text } => ArchiveError::Conflict { state, cause: text },
            // The SQLSTATE, when known, goes with the words.
            DbError::Other {
                state: Some(state),
                text,
            } => ArchiveError::Database(format!("{text} (SQLSTATE {state})")),
            DbError::Other { state: None, text } => ArchiveError::Database(text),
        }
    }
}

/// What one batch added.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct BatchOutcome {
    /// Games new to the archive.
    pub imported: usize,
    /// Games it held already.
    pub duplicates: usize,
}

/// The bearer token that allows writes over HTTP: never shown (its
/// `Debug` hides it, so no log line can hold it), compared in constant
/// time.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// A token from its text (surrounding white space, such as a file's
    /// final newline, is not part of it); `None` for an empty one.
    #[must_use]
    pub fn new(text: &str) -> Option<Token> {
        let text = text.trim();
        (!text.is_empty()).then(|| Token(text.to_owned()))
    }

    /// Whether `given` is the token, in a time that does not depend on
    /// where they differ.
    #[must_use]
    pub fn matches(&self, given: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), given.as_bytes());
        let mut differ = a.len() ^ b.len();
        for i in 0..a.len().max(b.len()) {
            let x = a.get(i).copied().unwrap_or(0);
            let y = b.get(i).copied().unwrap_or(0);
            differ |= usize::from(x ^ y);
        }
        differ == 0
    }
}

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(<hidden>)")
    }
}

/// Connections to an archive shared by a server's requests: opened when
/// first needed, kept for the next request.
pub struct Store {
    location: Location,
    token: Option<Token>,
    idle: Mutex<Vec<Archive>>,
    /// When each account's last use was last written: once a minute at
    /// most (`accounts.rs`).
    touched: Mutex<std::collections::HashMap<String, i64>>,
    /// The live accounts of tokens posts were sent with lately, by the
    /// tokens' hashes, and when each was looked up (`accounts.rs`).
    known: Mutex<std::collections::HashMap<String, (accounts::Account, std::time::Instant)>>,
}

impl Store {
    /// A pool for the archive at `location`, writable with `token`.
    #[must_use]
    pub fn new(location: Location, token: Option<Token>) -> Store {
        Store {
            location,
            token,
            idle: Mutex::new(Vec::new()),
            touched: Mutex::default(),
            known: Mutex::default(),
        }
    }

    /// The token writes need, if any.
    #[must_use]
    pub fn token(&self) -> Option<&Token> {
        self.token.as_ref()
    }

    /// A connection: an idle one, else a new one.
    ///
    /// # Errors
    /// The archive cannot be opened.
    pub fn take(&self) -> Result<Archive, ArchiveError> {
        let idle = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        match idle {
            Some(archive) => Ok(archive),
            None => Archive::open(&self.location),
        }
    }

    /// Keeps a connection for the next caller (a few at most).
    pub fn give_back(&self, archive: Archive) {
        if let Ok(mut idle) = self.idle.lock()
            && idle.len() < 8
        {
            idle.push(archive);
        }
    }
}

impl Drop for Store {
    /// The idle connections are closed on a thread of their own: the sync
    /// PostgreSQL client says goodbye through a runtime of its own, which
    /// panics on a thread that drives the server's runtime, where the
    /// server's last hold on the pool may end at shutdown.
    fn drop(&mut self) {
        let idle = std::mem::take(
            self.idle
                .get_mut()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        if idle.is_empty() {
            return;
        }
        let (send, receive) = std::sync::mpsc::channel::<Vec<Archive>>();
        match std::thread::Builder::new()
            .name("archive-close".to_owned())
            .spawn(move || drop(receive.recv()))
        {
            Ok(closing) => {
                let _ = send.send(idle);
                let _ = closing.join();
            }
            Err(error) => {
                // No thread to close them on: left to the process's exit,
                // which closes their sockets.
                tracing::warn!("archive connections left open: {error}");
                std::mem::forget(idle);
            }
        }
    }
}

use counts::{Counts, Ending};

/// The writes of the open transaction, kept until its commit and then
/// made in key order: in key order the B-trees are filled from left to
/// right (fast, and their pages full) instead of at random places, and
/// a position many of its games share is counted in one row.
#[derive(Debug, Default)]
struct Pending {
    /// Position index entries: the list (bucket, deep) and the entry.
    entries: Vec<(i64, bool, postings::Entry)>,
    /// A shallow passage's key, move (its number in `moves`; 0 where the
    /// game ended) and how its game ended: summed into the explorer's
    /// counts at the commit.
    passages: Vec<(i64, u32, Option<Ending>)>,
    /// The moves' names, `""` first; `numbers` gives their number.
    moves: Vec<String>,
    numbers: std::collections::HashMap<String, u32>,
    /// A correction's rows of the position index: their key (see
    /// [`write_postings`]).
    revision_rows: Option<i64>,
    /// Schema 8: the names resolved and the games counted for players
    /// and events.
    people: people::Pending,
    /// PostgreSQL, schema 14: the games' rows of the tail (`tail.rs`)
    /// while the transaction may write them instead of the buckets'
    /// (none once it may not: a large import, a correction).
    tail: Option<Vec<tail::TailGame>>,
    /// PostgreSQL: games whose rows of the tail, and counts, were written
    /// by their insert's statement ([`Archive::store_one_counted`]).
    tail_written: usize,
}

impl Pending {
    fn clear(&mut self) {
        self.tail = None;
        self.tail_written = 0;
        self.revision_rows = None;
        self.entries.clear();
        self.passages.clear();
        self.people.clear();
    }

    /// The number of a move's name (few names: the moves of the rulesets).
    fn number(&mut self, played: &str) -> u32 {
        if self.moves.is_empty() {
            self.moves.push(String::new());
            self.numbers.insert(String::new(), 0);
        }
        if let Some(number) = self.numbers.get(played) {
            return *number;
        }
        let number = u32::try_from(self.moves.len()).unwrap_or(u32::MAX);
        self.moves.push(played.to_owned());
        self.numbers.insert(played.to_owned(), number);
        number
    }

    /// Keeps a game's passages for the commit: its index entries and the
    /// explorer's counts of its first plies.
    fn add_game(&mut self, game: i64, ending: Option<Ending>, passages: &[ingest::Passage]) {
        match &mut self.tail {
            Some(rows) if rows.len() < tail::TAIL_GAMES_A_TRANSACTION => {
                rows.push(tail::TailGame::of(game, ending, passages));
            }
            _ => self.tail = None,
        }
        self.index_postings(game, passages);
        for passage in passages {
            if passage.ply <= postings::EXPLORER_PLIES {
                let number = self.number(passage.next.as_deref().unwrap_or_default());
                self.passages.push((passage.key, number, ending));
            }
        }
    }

    /// Keeps a game's position index entries for the commit (not its
    /// explorer's counts), in the buckets' rows (a correction's).
    fn add_postings(&mut self, game: i64, passages: &[ingest::Passage]) {
        self.tail = None;
        self.index_postings(game, passages);
    }

    /// The entries of [`Pending::add_postings`], the tail left as it is.
    fn index_postings(&mut self, game: i64, passages: &[ingest::Passage]) {
        for passage in passages {
            let deep = passage.ply > postings::EXPLORER_PLIES;
            self.entries.push((
                postings::bucket(passage.key, deep),
                deep,
                postings::Entry {
                    game,
                    fingerprint: postings::fingerprint(passage.key, deep),
                },
            ));
        }
    }

    /// The explorer's counts the passages add, by key and move, in key
    /// order.
    fn counts(&mut self) -> Vec<(i64, &str, Counts)> {
        self.passages
            .sort_unstable_by_key(|&(key, number, _)| (key, number));
        let mut counts: Vec<(i64, u32, Counts)> = Vec::new();
        for &(key, number, ending) in &self.passages {
            match counts.last_mut() {
                Some(last) if last.0 == key && last.1 == number => last.2.add(ending),
                _ => {
                    let mut new = Counts::default();
                    new.add(ending);
                    counts.push((key, number, new));
                }
            }
        }
        counts
            .into_iter()
            .map(|(key, number, counts)| {
                let played = self.moves.get(number as usize).map_or("", String::as_str);
                (key, played, counts)
            })
            .collect()
    }
}

/// Writes what a transaction's games add to the position index and the
/// explorer's counts, several rows to a statement, in key order.
/// A transaction of a few games, in PostgreSQL, writes its games' rows of
/// the tail instead (`tail.rs`).
fn write_pending(db: &mut Db, pending: &mut Pending) -> Result<(), DbError> {
    if let Some(rows) = pending.tail.take().filter(|rows| !rows.is_empty()) {
        let rows = tail::Rows::of(&rows);
        pending.people.flush_with(db, Some(rows.also()))?;
        pending.clear();
        return Ok(());
    }
    pending.people.flush(db)?;
    write_postings(db, &pending.entries, pending.revision_rows)?;
    let counts = pending.counts();
    write_packed_counts(db, counts)?;
    pending.clear();
    Ok(())
}

/// Adds counts to the explorer's table packed by bucket (schema 5): a
/// bucket's entries as new rows, only inserted (no upsert, no rewrite of
/// an existing row: writers at once never wait on each other's rows).
/// The small rows that many small imports leave are merged later
/// ([`compact`]), so that the explorer's reads stay bounded by the
/// bucket's bytes, not by how many imports made it.
fn write_packed_counts(db: &mut Db, added: Vec<(i64, &str, Counts)>) -> Result<(), DbError> {
    if added.is_empty() {
        return Ok(());
    }
    let mut entries: Vec<counts::Entry> = added
        .into_iter()
        .map(|(key, played, counts)| counts::Entry {
            key,
            played: played.to_owned(),
            counts,
        })
        .collect();
    // By bucket; within it, `coalesce` orders them.
    entries.sort_by_key(|entry| counts::bucket(entry.key));
    let mut rows: Vec<Value> = Vec::with_capacity(2 * ROWS_PER_STATEMENT);
    let flush = |db: &mut Db, rows: &mut Vec<Value>| -> Result<(), DbError> {
        if !rows.is_empty() {
            insert_counts(db, rows)?;
            rows.clear();
        }
        Ok(())
    };
    let mut entries = entries.into_iter().peekable();
    while let Some(first) = entries.next() {
        let bucket = counts::bucket(first.key);
        let mut group = vec![first];
        while let Some(next) = entries.next_if(|e| counts::bucket(e.key) == bucket) {
            group.push(next);
        }
        let group = counts::coalesce(group);
        for bytes in counts::split_into_rows(&group) {
            rows.extend([Value::Int(bucket), Value::Blob(bytes)]);
            if rows.len() >= 2 * ROWS_PER_STATEMENT {
                flush(db, &mut rows)?;
            }
        }
    }
    flush(db, &mut rows)
}

/// The posting lists' rows of a transaction: one per bucket it touched,
/// in bucket order, only inserted (as the explorer's counts are). The
/// small rows of small imports (a game posted at a time) are merged
/// later ([`compact`]).
/// `revision_rows`: the key of the rows a correction writes (a game's
/// new text: the rows of its first game would be the game's own rows,
/// which the unique index holds once), negative so that it is no
/// import's first game.
fn write_postings(
    db: &mut Db,
    entries: &[(i64, bool, postings::Entry)],
    revision_rows: Option<i64>,
) -> Result<(), DbError> {
    const SHALLOW_BUCKETS: usize = 1 << postings::SHALLOW_BUCKET_BITS;
    const DEEP_BUCKETS: usize = 1 << postings::DEEP_BUCKET_BITS;
    // A post's commit has none (its game went to the tail): no counting
    // sort over every bucket for nothing.
    if entries.is_empty() {
        return Ok(());
    }
    // Grouped by list and bucket with a counting sort: each bucket's
    // entries stay in the order added, which is game order.
    let slot = |bucket: i64, deep: bool| {
        usize::try_from(bucket).unwrap_or(0) + if deep { SHALLOW_BUCKETS } else { 0 }
    };
    let mut starts = vec![0_usize; SHALLOW_BUCKETS + DEEP_BUCKETS + 1];
    for &(bucket, deep, _) in entries.iter() {
        starts[slot(bucket, deep) + 1] += 1;
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
    let mut grouped = entries.to_vec();
    for &entry in entries.iter() {
        let at = &mut starts[slot(entry.0, entry.1)];
        grouped[*at] = entry;
        *at += 1;
    }
    let entries = grouped;
    let mut rows: Vec<Value> = Vec::with_capacity(4 * ROWS_PER_STATEMENT);
    let flush = |db: &mut Db, rows: &mut Vec<Value>| -> Result<(), DbError> {
        if !rows.is_empty() {
            insert_postings(db, rows)?;
            rows.clear();
        }
        Ok(())
    };
    let mut start = 0;
    while start < entries.len() {
        let (bucket, deep, _) = entries[start];
        let end = start
            + entries[start..]
                .iter()
                .take_while(|(b, d, _)| *b == bucket && *d == deep)
                .count();
        let mut group: Vec<postings::Entry> = entries[start..end].iter().map(|e| e.2).collect();
        // In game order already (the order games were added): the stable
        // sort only makes sure, so that a game's entries stay together.
        group.sort_by_key(|entry| entry.game);
        start = end;
        for (index, (batch, bytes)) in postings::split_into_rows(&group).into_iter().enumerate() {
            let batch =
                revision_rows.map_or(batch, |key| key - i64::try_from(index).unwrap_or(i64::MAX));
            rows.extend([
                Value::Int(bucket),
                Value::Int(i64::from(deep)),
                Value::Int(batch),
                Value::Blob(bytes),
            ]);
            if rows.len() >= 4 * ROWS_PER_STATEMENT {
                flush(db, &mut rows)?;
            }
        }
    }
    flush(db, &mut rows)
}

/// Games replayed, and so index rows kept in memory, between two writes
/// of the migration that rebuilds the index.
const REBUILD_GAMES: i64 = 2_000;

/// Rebuilds the position index and the explorer's counts (empty tables
/// of schema `version`) by replaying every stored game as an import
/// would, a slice of games at a time: what a migration that changes
/// them does.
pub(crate) fn rebuild_index(db: &mut Db) -> Result<(), DbError> {
    db.batch(
        "DELETE FROM positions; DELETE FROM explorer; DELETE FROM explorer_corrections; \
         DELETE FROM index_tail; DROP TABLE IF EXISTS explorer_v4",
    )?;
    replay_stored_games(db, true)
}

/// Counts the explorer's table (emptied) again by replaying every stored
/// game, leaving the position index as it is.
pub(crate) fn recount_explorer(db: &mut Db) -> Result<(), DbError> {
    // The tail's counts would be counted twice: its games into the
    // buckets first.
    if db.is_postgres() {
        tail::move_rows(db)?;
    }
    db.batch(
        "DELETE FROM explorer; DELETE FROM explorer_corrections; DROP TABLE IF EXISTS explorer_v4",
    )?;
    replay_stored_games(db, false)
}

/// Replays every stored game but forfeits, a slice at a time, for the
/// explorer's counts and, with `index`, the position index.
fn replay_stored_games(db: &mut Db, index: bool) -> Result<(), DbError> {
    let mut pending = Pending::default();
    let mut after = i64::MIN;
    loop {
        let rows = db.query(
            &format!(
                "SELECT {} FROM games WHERE id > $1 ORDER BY id LIMIT $2",
                ingest::REPLAY_COLUMNS
            ),
            &[Value::Int(after), Value::Int(REBUILD_GAMES)],
        )?;
        let Some(last) = rows.last().and_then(|row| row.first()).and_then(Value::int) else {
            break;
        };
        after = last;
        for row in &rows {
            let Some(game) = ingest::ReplayRow::from_row(row) else {
                continue;
            };
            let passages = ingest::passages_of_record(game.record, game.rules);
            pending.add_game(game.id, game.ending, &passages);
        }
        if !index {
            pending.entries.clear();
        }
        write_pending(db, &mut pending)?;
    }
    Ok(())
}

/// Resolves every stored game's players and event (migration 8): the
/// migrations' work past their statements is reached from here, as
/// [`rebuild_index`] is, so that the schema imports no module that reads
/// it.
pub(crate) fn backfill_people(db: &mut Db) -> Result<(), DbError> {
    people::backfill(db)
}

/// Records every stored game's verdict (`winner`, `forfeit`) from its
/// ruleset and result, by the library's one verdict: each distinct
/// (ruleset, result) judged once, then every game updated from that
/// table in one statement.
pub(crate) fn record_verdicts(db: &mut Db) -> Result<(), DbError> {
    let results = db.query(
        "SELECT DISTINCT rules, result FROM games WHERE result IS NOT NULL",
        &[],
    )?;
    db.batch(
        "CREATE TEMPORARY TABLE verdicts (rules TEXT NOT NULL, result TEXT NOT NULL, \
         winner TEXT NOT NULL, forfeit INTEGER NOT NULL, PRIMARY KEY (rules, result))",
    )?;
    for row in &results {
        let (Some(rules), Some(result)) = (
            row.first().and_then(Value::text),
            row.get(1).and_then(Value::text),
        ) else {
            continue;
        };
        let Some(verdict) = rules
            .parse::<Ruleset>()
            .ok()
            .and_then(|ruleset| Verdict::of_text(ruleset, result))
        else {
            continue;
        };
        db.execute(
            "INSERT INTO verdicts (rules, result, winner, forfeit) VALUES ($1, $2, $3, $4)",
            &[
                rules.into(),
                result.into(),
                verdict.code().into(),
                i64::from(verdict.forfeit).into(),
            ],
        )?;
    }
    db.execute(
        "UPDATE games SET winner = v.winner, forfeit = v.forfeit FROM verdicts v \
         WHERE v.rules = games.rules AND v.result = games.result",
        &[],
    )?;
    db.batch("DROP TABLE verdicts")
}

/// How long a SQLite statement waits for another connection's lock.
const SQLITE_BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Puts a SQLite archive in WAL mode. A new file's change of mode fails
/// at once, whatever the busy timeout, while another connection opening
/// it holds its lock (several servers started at once): tried again
/// until the busy timeout.
fn use_wal(connection: &rusqlite::Connection) -> rusqlite::Result<()> {
    let deadline = std::time::Instant::now() + SQLITE_BUSY_TIMEOUT;
    loop {
        match connection.query_row("PRAGMA journal_mode = WAL", [], |_| Ok(())) {
            Err(error)
                if error.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy)
                    && std::time::Instant::now() < deadline =>
            {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            done => return done,
        }
    }
}

/// How an archive is opened.
#[derive(Debug, Clone, Copy)]
struct Opening {
    /// The schema version to bring it to.
    version: i64,
    /// SQLite: read-only, not migrated.
    read_only: bool,
    /// SQLite, tests: the most pages the file may hold.
    max_pages: Option<i64>,
}

impl Opening {
    fn at(version: i64) -> Opening {
        Opening {
            version,
            read_only: false,
            max_pages: None,
        }
    }
}

fn cannot(name: &str, cause: String) -> ArchiveError {
    ArchiveError::Open {
        location: name.to_owned(),
        cause,
    }
}

/// Brings the schema to `version`.
fn migrate(db: &mut Db, version: i64, name: &str) -> Result<(), ArchiveError> {
    schema::migrate(db, version).map_err(|error| match error {
        schema::SchemaError::TooNew(version) => ArchiveError::TooNew {
            location: name.to_owned(),
            version,
        },
        schema::SchemaError::Db(error) => cannot(name, error.to_string()),
    })
}

/// A SQLite archive opened (made when new), its schema brought up to
/// date; read-only, checked to be of this songo's schema.
fn open_sqlite(path: &Path, opening: Opening, name: &str) -> Result<Db, ArchiveError> {
    if opening.read_only {
        let mut db = Db::Sqlite(open_read_only(path).map_err(|e| cannot(name, e.to_string()))?);
        let version = schema::current_version(&mut db).map_err(|e| cannot(name, e.to_string()))?;
        return match version {
            schema::CURRENT => Ok(db),
            newer if newer > schema::CURRENT => Err(ArchiveError::TooNew {
                location: name.to_owned(),
                version: newer,
            }),
            older => Err(cannot(
                name,
                format!(
                    "the file is read-only, and of schema {older}: open it once where it can be written, which brings it to schema {}",
                    schema::CURRENT
                ),
            )),
        };
    }
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| cannot(name, e.to_string()))?;
    }
    let connection = rusqlite::Connection::open(path).map_err(|e| cannot(name, e.to_string()))?;
    if let Some(pages) = opening.max_pages {
        connection
            .pragma_update(None, "max_page_count", pages)
            .map_err(|e| cannot(name, e.to_string()))?;
    }
    // WAL: readers go on while an import writes; NORMAL syncs at
    // checkpoints only, and a killed process still loses no committed
    // batch. A 64 MiB page cache keeps the index's pages a batch touches
    // in memory; the journal of each multi-row statement is kept in
    // memory too.
    connection
        .busy_timeout(SQLITE_BUSY_TIMEOUT)
        .and_then(|()| use_wal(&connection))
        .and_then(|()| {
            connection.execute_batch(
                "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY;",
            )
        })
        .map_err(|e| cannot(name, e.to_string()))?;
    connection.set_prepared_statement_cache_capacity(64);
    let mut db = Db::Sqlite(connection);
    migrate(&mut db, opening.version, name)?;
    Ok(db)
}

/// A SQLite file opened read-only. In WAL mode a reader shares an index
/// file (`-shm`) beside it with the writers, made when missing: in a
/// folder this process may not write either (a copy on a read-only
/// share), with no log waiting beside it (`-wal`: the last writer closed
/// cleanly), the file is read as it is, as an immutable one.
fn open_read_only(path: &Path) -> rusqlite::Result<rusqlite::Connection> {
    use rusqlite::OpenFlags;
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_URI
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let check = |connection: rusqlite::Connection| {
        connection.busy_timeout(SQLITE_BUSY_TIMEOUT)?;
        // Opening is lazy: the first read finds a missing `-shm`.
        connection.query_row("SELECT COUNT(*) FROM sqlite_master", [], |_| Ok(()))?;
        Ok(connection)
    };
    let error = match rusqlite::Connection::open_with_flags(path, flags).and_then(check) {
        Ok(connection) => return Ok(connection),
        Err(error) => error,
    };
    let mut log = path.as_os_str().to_owned();
    log.push("-wal");
    match path.to_str() {
        Some(text) if !Path::new(&log).exists() => {
            let uri = format!("file:{}?immutable=1", uri_path(text));
            rusqlite::Connection::open_with_flags(uri, flags).and_then(check)
        }
        _ => Err(error),
    }
}

/// A path as the path of a `file:` URI: `%`, `?` and `#` escaped.
fn uri_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        match c {
            '%' => out.push_str("%25"),
            '?' => out.push_str("%3f"),
            '#' => out.push_str("%23"),
            _ => out.push(c),
        }
    }
    out
}

/// A SQLite archive's file and the journal files beside it, removed.
fn remove_sqlite_files(path: &Path) {
    let mut paths = vec![path.to_path_buf()];
    for suffix in ["-wal", "-shm", "-journal"] {
        let mut other = path.as_os_str().to_owned();
        other.push(suffix);
        paths.push(PathBuf::from(other));
    }
    for path in paths {
        let _ = std::fs::remove_file(path);
    }
}

/// A PostgreSQL connection (in the schema asked for, made if needed).
fn open_postgres(url: &str, schema: Option<&str>, name: &str) -> Result<Db, ArchiveError> {
    let mut client = postgres::Client::connect(url, postgres::NoTls)
        .map_err(|e| cannot(name, DbError::from(e).to_string()))?;
    if let Some(schema) = schema {
        // A name the caller chose (tests): quoted as an identifier; made
        // under the migrations' lock, since two `IF NOT EXISTS` at once
        // may both try to make it.
        let quoted = format!("\"{}\"", schema.replace('"', "\"\""));
        client
            .batch_execute(&format!(
                "BEGIN; SELECT pg_advisory_xact_lock({}); CREATE SCHEMA IF NOT EXISTS {quoted}; COMMIT; SET search_path TO {quoted}",
                schema::MIGRATION_LOCK
            ))
            .map_err(|e| cannot(name, DbError::from(e).to_string()))?;
    }
    Ok(Db::Postgres {
        client: Box::new(client),
        prepared: std::collections::HashMap::new(),
    })
}

/// A connection to an archive.
pub struct Archive {
    db: Db,
    location: String,
    /// The open transaction's index rows and counts.
    pending: Pending,
    /// The most games through a position a page of a search looks at.
    position_scan: usize,
    /// Small transactions committed since the last merge of small rows
    /// (`compact.rs`).
    small_commits: u32,
    /// Transactions committed to the tail since its length was last
    /// looked at, and the length past which it is moved (`tail.rs`).
    tail_commits: u32,
    tail_length: i64,
}

/// The most games through a position one page of a search looks at
/// (their rows read 200 at a time): past it, a page the other filters
/// leave short ends with a cursor where the scan stopped.
pub const POSITION_SCAN: usize = 20_000;

impl std::fmt::Debug for Archive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Archive")
            .field("location", &self.location)
            .finish_non_exhaustive()
    }
}

impl Archive {
    /// Opens (creating it when needed) the archive at `location` and
    /// brings its schema up to date.
    ///
    /// # Errors
    /// It cannot be opened, or a newer songo wrote it.
    pub fn open(location: &Location) -> Result<Archive, ArchiveError> {
        Archive::open_with(location, Opening::at(schema::CURRENT))
    }

    /// For tests that make the archive an older songo would have: creates
    /// an archive whose schema the migrations bring only to `version`
    /// (their statements, frozen as they shipped), and closes it. Nothing
    /// of this songo writes to it: the tests write its rows themselves,
    /// then [`Archive::open`] brings it up to date.
    ///
    /// # Errors
    /// As [`Archive::open`].
    #[doc(hidden)]
    pub fn create_at_version(location: &Location, version: i64) -> Result<(), ArchiveError> {
        Archive::open_with(location, Opening::at(version)).map(drop)
    }

    /// Opens an archive to read it only (searches, the explorer,
    /// standings): a SQLite file that this process may not write (a copy
    /// handed out read-only) is opened read-only, and must then be of
    /// this songo's schema; anything else as [`Archive::open`].
    ///
    /// # Errors
    /// As [`Archive::open`]; a read-only file of an older schema.
    pub fn open_for_reading(location: &Location) -> Result<Archive, ArchiveError> {
        let read_only = match location {
            Location::Sqlite(path) => std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .is_err_and(|e| e.kind() == std::io::ErrorKind::PermissionDenied),
            Location::Postgres { .. } => false,
        };
        Archive::open_with(
            location,
            Opening {
                read_only,
                ..Opening::at(schema::CURRENT)
            },
        )
    }

    /// For tests: creates a SQLite archive whose file may hold `pages`
    /// pages at most (a full disk while it is made).
    ///
    /// # Errors
    /// As [`Archive::open`].
    #[doc(hidden)]
    pub fn create_with_max_pages(location: &Location, pages: i64) -> Result<Archive, ArchiveError> {
        Archive::open_with(
            location,
            Opening {
                max_pages: Some(pages),
                ..Opening::at(schema::CURRENT)
            },
        )
    }

    fn open_with(location: &Location, opening: Opening) -> Result<Archive, ArchiveError> {
        let name = location.display();
        let db = match location {
            Location::Sqlite(path) => {
                let new = !path.exists();
                match open_sqlite(path, opening, &name) {
                    Ok(db) => db,
                    Err(error) => {
                        // A new file that could not be made (a full disk):
                        // removed, with its journal, rather than left half
                        // made (its connection is closed by now).
                        if new && !opening.read_only {
                            remove_sqlite_files(path);
                        }
                        return Err(error);
                    }
                }
            }
            Location::Postgres { url, schema } => {
                let mut db = open_postgres(url, schema.as_deref(), &name)?;
                migrate(&mut db, opening.version, &name)?;
                db
            }
        };
        Ok(Archive {
            db,
            location: name,
            pending: Pending::default(),
            position_scan: POSITION_SCAN,
            small_commits: 0,
            tail_commits: 0,
            tail_length: tail::TAIL_LENGTH,
        })
    }

    /// Where it lives, for messages.
    #[must_use]
    pub fn location(&self) -> &str {
        &self.location
    }

    /// The schema version of the archive.
    ///
    /// # Errors
    /// The database fails.
    pub fn schema_version(&mut self) -> Result<i64, ArchiveError> {
        Ok(schema::current_version(&mut self.db)?)
    }

    /// For tests: the most games through a position a page of a search
    /// looks at ([`POSITION_SCAN`]).
    #[doc(hidden)]
    pub fn set_position_scan(&mut self, games: usize) {
        self.position_scan = games.max(1);
    }

    /// For tests: a SQLite archive's size limit in pages (to simulate a
    /// full disk).
    ///
    /// # Errors
    /// The database fails, or it is not SQLite.
    #[doc(hidden)]
    pub fn set_max_pages(&mut self, pages: i64) -> Result<(), ArchiveError> {
        match &self.db {
            Db::Sqlite(connection) => connection
                .pragma_update(None, "max_page_count", pages)
                .map_err(|e| ArchiveError::from(DbError::from(e))),
            Db::Postgres { .. } => Err(ArchiveError::Database("not SQLite".to_owned())),
        }
    }

    /// Stores a batch of games in one transaction: all of them or none.
    /// A game the archive holds already (same identity) is counted as a
    /// duplicate and left as it is. A transaction that lost a race with
    /// another writer is done again, a few times.
    ///
    /// # Errors
    /// The database fails (the batch is then rolled back whole).
    pub fn import(&mut self, games: &[Prepared]) -> Result<BatchOutcome, ArchiveError> {
        self.import_by(games, None)
    }

    /// [`Archive::import`], each new game recording who imported it (an
    /// account's name, or the local user's). A transaction that lost a
    /// race with another writer is done again, a few times.
    ///
    /// # Errors
    /// As [`Archive::import`].
    pub fn import_by(
        &mut self,
        games: &[Prepared],
        by: Option<&str>,
    ) -> Result<BatchOutcome, ArchiveError> {
        db::retrying(|| self.import_once(games, by), ArchiveError::is_conflict)
    }

    fn import_once(
        &mut self,
        games: &[Prepared],
        by: Option<&str>,
    ) -> Result<BatchOutcome, ArchiveError> {
        self.begin_for(games)?;
        match self.add_by(games, by) {
            Ok(outcome) => {
                self.commit()?;
                Ok(outcome)
            }
            Err(error) => {
                self.rollback();
                Err(error)
            }
        }
    }

    /// Starts a transaction that [`Archive::add`] fills and
    /// [`Archive::commit`] ends: a bulk import commits every few thousand
    /// games, since each commit writes every page the index's random keys
    /// touched.
    ///
    /// # Errors
    /// The database fails.
    pub fn begin(&mut self) -> Result<(), ArchiveError> {
        self.pending.clear();
        if self.db.is_postgres() {
            self.pending.tail = Some(Vec::new());
        }
        Ok(self.db.begin()?)
    }

    /// [`Archive::begin`] for a transaction that stores `games`: a post's
    /// few games are written on their statements' generic plans
    /// ([`Db::begin_small`]).
    pub(crate) fn begin_for(&mut self, games: &[Prepared]) -> Result<(), ArchiveError> {
        if games.len() > tail::TAIL_GAMES_A_TRANSACTION {
            return self.begin();
        }
        self.pending.clear();
        if self.db.is_postgres() {
            self.pending.tail = Some(Vec::new());
        }
        Ok(self.db.begin_small()?)
    }

    /// Adds games within the transaction [`Archive::begin`] started (what
    /// [`Archive::import`] does in one transaction of its own).
    ///
    /// # Errors
    /// The database fails: roll back.
    pub fn add(&mut self, games: &[Prepared]) -> Result<BatchOutcome, ArchiveError> {
        self.add_by(games, None)
    }

    /// [`Archive::add`], each new game recording who imported it.
    ///
    /// # Errors
    /// As [`Archive::add`].
    pub fn add_by(
        &mut self,
        games: &[Prepared],
        by: Option<&str>,
    ) -> Result<BatchOutcome, ArchiveError> {
        let stored = self.add_each(games, by)?;
        let imported = stored.iter().filter(|&&stored| stored).count();
        Ok(BatchOutcome {
            imported,
            duplicates: stored.len() - imported,
        })
    }

    /// [`Archive::add_by`], game by game: whether each was stored (else
    /// the archive held it already), so that posts committed together
    /// each get their own counts (`group.rs`).
    pub(crate) fn add_each(
        &mut self,
        games: &[Prepared],
        by: Option<&str>,
    ) -> Result<Vec<bool>, ArchiveError> {
        self.add_each_revised(games, by, None)
    }

    /// [`Archive::add_each`], the games' [`Archive::revised_identities`]
    /// looked up already when `revised` is some.
    pub(crate) fn add_each_revised(
        &mut self,
        games: &[Prepared],
        by: Option<&str>,
        revised: Option<std::collections::HashSet<i64>>,
    ) -> Result<Vec<bool>, ArchiveError> {
        let now = unix_now();
        let mut stored = vec![false; games.len()];
        let all: Vec<usize> = (0..games.len()).collect();
        let mut met = self.store_round(games, &all, now, by, &mut stored, revised)?;
        // A game whose identity met a stored one's is that game again (a
        // duplicate), or another game whose 64-bit identity collides: it
        // goes in under its next identity, at most four more rounds.
        while !met.is_empty() {
            let (mut collided, mut positions) = (Vec::new(), Vec::new());
            for (position, game) in met {
                if self.holds_text(&game)? {
                    continue;
                }
                collided.push(game.next_identity().ok_or_else(|| {
                    ArchiveError::Database(format!(
                        "game {} collides with stored games under every identity it may take",
                        ingest::public_id(game.identity)
                    ))
                })?);
                positions.push(position);
            }
            met = self.store_round(&collided, &positions, now, by, &mut stored, None)?;
        }
        Ok(stored)
    }

    /// Stores the games whose identities no stored game has (nor had,
    /// before a correction), marking them in `stored` (by their
    /// `positions` there); returns the others with their positions, for
    /// [`Archive::holds_text`] to tell duplicates from collisions. The
    /// games' revised identities are looked up unless `revised` has them.
    fn store_round(
        &mut self,
        games: &[Prepared],
        positions: &[usize],
        now: i64,
        by: Option<&str>,
        stored: &mut [bool],
        revised: Option<std::collections::HashSet<i64>>,
    ) -> Result<Vec<(usize, Prepared)>, ArchiveError> {
        if games.is_empty() {
            return Ok(Vec::new());
        }
        let revised = match revised {
            Some(revised) => revised,
            None => {
                let identities: Vec<i64> = games.iter().map(|game| game.identity).collect();
                self.revised_identities(&identities)?
            }
        };
        let (kept, mut met): (Vec<usize>, Vec<usize>) =
            (0..games.len()).partition(|&i| !revised.contains(&games[i].identity));
        let missed = if met.is_empty() {
            self.import_in_transaction(games, now, by)?.1
        } else {
            let batch: Vec<Prepared> = kept.iter().map(|&i| games[i].clone()).collect();
            let (_, missed) = self.import_in_transaction(&batch, now, by)?;
            missed.into_iter().map(|i| kept[i]).collect()
        };
        met.extend(missed);
        let mut was_met = vec![false; games.len()];
        for &i in &met {
            was_met[i] = true;
        }
        for (&position, was_met) in positions.iter().zip(was_met) {
            stored[position] = !was_met;
        }
        met.sort_unstable();
        Ok(met
            .into_iter()
            .map(|i| (positions[i], games[i].clone()))
            .collect())
    }

    /// Commits the transaction.
    ///
    /// # Errors
    /// The database fails (the transaction is then rolled back).
    pub fn commit(&mut self) -> Result<(), ArchiveError> {
        let entries = self.pending.entries.len();
        let to_tail = self.pending.tail_written > 0
            || self
                .pending
                .tail
                .as_ref()
                .is_some_and(|rows| !rows.is_empty());
        let written = write_pending(&mut self.db, &mut self.pending);
        if let Err(error) = written.and_then(|()| self.db.batch("COMMIT")) {
            self.rollback();
            return Err(error.into());
        }
        if to_tail {
            self.after_tail_commit();
        } else {
            self.after_commit(entries);
        }
        Ok(())
    }

    /// The index entries and explorer passages the open transaction holds
    /// in memory until its commit: a bulk import commits when they pass
    /// its bound, so that its memory is bounded whatever the games' length.
    #[must_use]
    pub fn pending_entries(&self) -> usize {
        let pending = &self.pending;
        pending.entries.len() + pending.passages.len()
    }

    /// Rolls the transaction back (nothing of it stays).
    pub fn rollback(&mut self) {
        self.pending.clear();
        let _ = self.db.batch("ROLLBACK");
    }

    /// `work` in a transaction of its own: committed when it answers
    /// `Ok(Ok)`, rolled back on a refusal or an error; done again a few
    /// times when it lost a race with another writer.
    pub(crate) fn in_retried_transaction<T, R>(
        &mut self,
        mut work: impl FnMut(&mut Archive) -> Result<Result<T, R>, ArchiveError>,
    ) -> Result<Result<T, R>, ArchiveError> {
        db::retrying(
            || {
                self.begin()?;
                match work(self) {
                    Ok(Ok(done)) => {
                        self.commit()?;
                        Ok(Ok(done))
                    }
                    other => {
                        self.rollback();
                        other
                    }
                }
            },
            ArchiveError::is_conflict,
        )
    }

    /// Stores the games the archive does not hold by identity: how many
    /// were stored, and the indices of the others (their identity met a
    /// stored game's).
    fn import_in_transaction(
        &mut self,
        games: &[Prepared],
        now: i64,
        by: Option<&str>,
    ) -> Result<(usize, Vec<usize>), DbError> {
        if self.db.is_postgres() {
            return self.import_in_transaction_postgres(games, now, by);
        }
        let (mut stored, mut met) = (0, Vec::new());
        let sql = insert_game_sqlite();
        let people = self.people_of(games.iter())?;
        for (index, (game, ids)) in games.iter().zip(people).enumerate() {
            let mut params: Vec<Value> = vec![game.identity.into()];
            params.extend(game_columns(game));
            params.push(game.verdict.map(|verdict| verdict.code()).into());
            params.push(i64::from(game.verdict.is_some_and(|verdict| verdict.forfeit)).into());
            params.extend([ids.south.into(), ids.north.into(), ids.event.into()]);
            params.push(now.into());
            params.push(by.into());
            let rows = self.db.query(&sql, &params)?;
            let id = rows
                .first()
                .and_then(|row| row.first())
                .and_then(Value::int);
            if self.count_stored(game, id, ids) {
                stored += 1;
            } else {
                met.push(index);
            }
        }
        Ok((stored, met))
    }

    /// Whether a game of the batch was stored (it got an id; none when
    /// the archive holds its identity), and if so queues its index
    /// entries and its players' and event's count.
    fn count_stored(&mut self, game: &Prepared, id: Option<i64>, people: people::Ids) -> bool {
        let Some(id) = id else {
            return false;
        };
        self.pending.people.count(people, game.date.as_deref(), 1);
        self.pending.add_game(id, game_ending(game), &game.passages);
        true
    }

    /// PostgreSQL: the batch's games in one statement (their columns as
    /// arrays, `unnest`ed), instead of a statement and a round trip a
    /// game; the ids of those the archive did not hold come back with
    /// their identities. An identity twice in the batch is added once: its
    /// later games meet the first, as they do in SQLite.
    // Long because: one column array a line, in the statement's order.
    fn import_in_transaction_postgres(
        &mut self,
        games: &[Prepared],
        now: i64,
        by: Option<&str>,
    ) -> Result<(usize, Vec<usize>), DbError> {
        use songo_notation::record::names;
        let (mut stored, mut met) = (0, Vec::new());
        let mut seen = std::collections::HashSet::with_capacity(games.len());
        let mut fresh: Vec<&Prepared> = Vec::with_capacity(games.len());
        let mut fresh_index: Vec<usize> = Vec::with_capacity(games.len());
        for (index, game) in games.iter().enumerate() {
            if seen.insert(game.identity) {
                fresh.push(game);
                fresh_index.push(index);
            } else {
                met.push(index);
            }
        }
        if fresh.is_empty() {
            return Ok((stored, met));
        }
        if let ([game], [index]) = (&fresh[..], &fresh_index[..])
            && self.counts_with_insert()
        {
            if self.store_one_counted(game, now, by, None)? == Some(true) {
                return Ok((1, met));
            }
            met.push(*index);
            return Ok((0, met));
        }
        let people = self.people_of(fresh.iter().copied())?;
        let south_player: Vec<Option<i64>> = people.iter().map(|ids| ids.south).collect();
        let north_player: Vec<Option<i64>> = people.iter().map(|ids| ids.north).collect();
        let event_id: Vec<Option<i64>> = people.iter().map(|ids| ids.event).collect();
        let ints = |f: &dyn Fn(&Prepared) -> i64| fresh.iter().map(|g| f(g)).collect::<Vec<i64>>();
        let maybe_ints = |f: &dyn Fn(&Prepared) -> Option<i64>| {
            fresh.iter().map(|g| f(g)).collect::<Vec<Option<i64>>>()
        };
        let tags = |name: &str| {
            fresh
                .iter()
                .map(|g| g.tags.get(name))
                .collect::<Vec<Option<&str>>>()
        };
        let identity = ints(&|g| g.identity);
        let rules: Vec<&str> = fresh.iter().map(|g| g.rules.as_str()).collect();
        let (south, north, event, site, round) = (
            tags(names::SOUTH),
            tags(names::NORTH),
            tags(names::EVENT),
            tags(names::SITE),
            tags(names::ROUND),
        );
        let date: Vec<Option<&str>> = fresh.iter().map(|g| g.date.as_deref()).collect();
        let result: Vec<Option<&str>> = fresh.iter().map(|g| g.result.as_deref()).collect();
        let south_score = maybe_ints(&|g| g.score.map(|s| s.0));
        let north_score = maybe_ints(&|g| g.score.map(|s| s.1));
        let plies = ints(&|g| g.plies);
        let valid = ints(&|g| i64::from(g.valid));
        let violations: Vec<Option<&str>> = fresh.iter().map(|g| g.violations.as_deref()).collect();
        let record: Vec<&str> = fresh.iter().map(|g| g.record.as_str()).collect();
        let winner: Vec<Option<&str>> = fresh
            .iter()
            .map(|g| g.verdict.map(|verdict| verdict.code()))
            .collect();
        let forfeit: Vec<i32> = fresh
            .iter()
            .map(|g| i32::from(g.verdict.is_some_and(|verdict| verdict.forfeit)))
            .collect();
        let sql = insert_games_postgres();
        let mut params: Vec<&(dyn postgres::types::ToSql + Sync)> = vec![
            &identity,
            &rules,
            &south,
            &north,
            &event,
            &site,
            &date,
            &round,
            &result,
            &south_score,
            &north_score,
            &plies,
            &valid,
            &violations,
            &record,
        ];
        params.extend([
            &winner as &(dyn postgres::types::ToSql + Sync),
            &forfeit,
            &south_player,
            &north_player,
            &event_id,
            &now,
            &by,
        ]);
        let rows = self.db.query_postgres(&sql, &params)?;
        let mut ids = std::collections::HashMap::with_capacity(rows.len());
        for row in &rows {
            ids.insert(row.try_get::<_, i64>(1)?, row.try_get::<_, i64>(0)?);
        }
        // In the batch's order, which is the ids' order: each posting
        // list's entries stay sorted by game.
        for ((game, people), index) in fresh.into_iter().zip(people).zip(fresh_index) {
            if self.count_stored(game, ids.get(&game.identity).copied(), people) {
                stored += 1;
            } else {
                met.push(index);
            }
        }
        Ok((stored, met))
    }

    /// Checks that the archive is sound before it is written to: SQLite's
    /// `PRAGMA quick_check` (every page and record of the file, not the
    /// content of its indexes: it reads the whole file once, some 2 s a
    /// GB from the page cache). PostgreSQL checks its own pages.
    ///
    /// # Errors
    /// [`ArchiveError::Damaged`] with the check's first findings; the
    /// database fails.
    pub fn check_sound(&mut self) -> Result<(), ArchiveError> {
        if self.db.is_postgres() {
            return Ok(());
        }
        let found: Vec<String> = self
            .db
            .query("PRAGMA quick_check(10)", &[])?
            .into_iter()
            .filter_map(|row| {
                row.into_iter()
                    .next()
                    .and_then(|v| v.text().map(str::to_owned))
            })
            .collect();
        if found.len() == 1 && found[0] == "ok" {
            return Ok(());
        }
        Err(ArchiveError::Damaged {
            location: self.location.clone(),
            report: found.join("; "),
        })
    }

    /// For tests: SQLite's `PRAGMA integrity_check` (`ok` when sound;
    /// PostgreSQL has none: `ok`), the entries of the position index, and
    /// the games half written: those that have no index entries, plus how
    /// far the explorer's counts are from the index (each entry of the
    /// first plies is one game counted once at its position: the sums
    /// must match).
    ///
    /// # Errors
    /// The database fails.
    #[doc(hidden)]
    pub fn check(&mut self) -> Result<(String, i64, i64), ArchiveError> {
        let integrity = match &self.db {
            Db::Sqlite(_) => self
                .db
                .query("PRAGMA integrity_check", &[])?
                .into_iter()
                .filter_map(|row| {
                    row.into_iter()
                        .next()
                        .and_then(|v| v.text().map(str::to_owned))
                })
                .collect::<Vec<_>>()
                .join("; "),
            Db::Postgres { .. } => "ok".to_owned(),
        };
        // The index's entries decoded: a game without any is half
        // written, and each shallow entry is one game counted once at
        // its position in the explorer's table.
        let mut positions = 0;
        let mut shallow = 0;
        let mut indexed: std::collections::HashMap<i64, i64> = std::collections::HashMap::new();
        for row in self.db.query("SELECT deep, entries FROM positions", &[])? {
            let deep = row.first().and_then(Value::int) == Some(1);
            postings::decode(
                row.get(1).and_then(Value::bytes).unwrap_or_default(),
                |entry| {
                    positions += 1;
                    shallow += i64::from(!deep);
                    *indexed.entry(entry.game).or_default() += i64::from(!deep);
                },
            );
        }
        // The tail's games (PostgreSQL): their entries, and each shallow
        // one a game counted at its position.
        let mut tail_counted = 0;
        if self.db.is_postgres() {
            for row in self.db.query(
                "SELECT game, cardinality(shallow), cardinality(deep) FROM index_tail",
                &[],
            )? {
                let int = |i: usize| row.get(i).and_then(Value::int).unwrap_or_default();
                positions += int(1) + int(2);
                shallow += int(1);
                tail_counted += int(1);
                *indexed.entry(int(0)).or_default() += int(1);
            }
        }
        // Forfeits have no positions (games not played).
        let games = "SELECT id FROM games WHERE forfeit = 0";
        let bare = self
            .db
            .query(games, &[])?
            .iter()
            .filter(|row| {
                row.first()
                    .and_then(Value::int)
                    .is_none_or(|id| !indexed.contains_key(&id))
            })
            .count();
        // A revised or deleted game's entries are those of all its
        // texts; the explorer counts its current text's (none when
        // deleted), its corrections summed with the packed rows.
        let shallow = shallow + self.revised_shallow_difference(&indexed)?;
        let counted = self.counted_games()? + self.corrected_games()? + tail_counted;
        let bare = i64::try_from(bare).unwrap_or(i64::MAX) + (counted - shallow).abs();
        Ok((integrity, positions, bare))
    }

    /// For [`Archive::check`]: the shallow entries revised and deleted
    /// games' current texts have, less those the index holds for them.
    fn revised_shallow_difference(
        &mut self,
        indexed: &std::collections::HashMap<i64, i64>,
    ) -> Result<i64, DbError> {
        let mut difference = 0;
        let rows = self.db.query(
            "SELECT id, rules, record, deleted FROM games WHERE revision > 1 OR deleted = 1",
            &[],
        )?;
        for row in rows {
            let id = row.first().and_then(Value::int).unwrap_or_default();
            difference -= indexed.get(&id).copied().unwrap_or(0);
            if row.get(3).and_then(Value::int) == Some(1) {
                continue;
            }
            let rules = row
                .get(1)
                .and_then(Value::text)
                .and_then(|r| r.parse().ok());
            let record = row.get(2).and_then(Value::text).unwrap_or_default();
            let now = ingest::passages_of_record(record, rules)
                .iter()
                .filter(|passage| passage.ply <= postings::EXPLORER_PLIES)
                .count();
            difference += i64::try_from(now).unwrap_or(i64::MAX);
        }
        Ok(difference)
    }

    /// The games the revisions' corrections add to the explorer's counts.
    fn corrected_games(&mut self) -> Result<i64, DbError> {
        let rows = self.db.query(
            "SELECT CAST(COALESCE(SUM(games), 0) AS BIGINT) FROM explorer_corrections",
            &[],
        )?;
        Ok(rows
            .first()
            .and_then(|r| r.first())
            .and_then(Value::int)
            .unwrap_or(0))
    }

    /// The games the explorer's table counts, summed over its rows.
    fn counted_games(&mut self) -> Result<i64, DbError> {
        let mut counted = 0;
        for row in self.db.query("SELECT bucket, entries FROM explorer", &[])? {
            let bucket = row.first().and_then(Value::int).unwrap_or_default();
            let bytes = row.get(1).and_then(Value::bytes).unwrap_or_default();
            counts::decode(bytes, bucket, |_, _, counts| counted += counts.games);
        }
        Ok(counted)
    }

    /// How many games it holds.
    ///
    /// # Errors
    /// The database fails.
    pub fn count(&mut self) -> Result<i64, ArchiveError> {
        let rows = self.db.query("SELECT COUNT(*) FROM games", &[])?;
        Ok(rows
            .first()
            .and_then(|r| r.first())
            .and_then(Value::int)
            .unwrap_or(0))
    }

    /// After an import that added `added` games: in PostgreSQL, when the
    /// import at least doubled the archive and added at least
    /// [`REBUILD_AFTER_GAMES`], the games' search indexes are rebuilt
    /// (`REINDEX … CONCURRENTLY`: readers and writers go on meanwhile).
    /// Gives whether they were.
    ///
    /// Why: games arrive in the order of their records, so each index
    /// (player, event, site, date, then id) is filled in the middle of its
    /// key range, where PostgreSQL splits a full page in halves (its
    /// split that keeps pages full needs keys of one length). After a
    /// large import they are about 60 % full; rebuilt, 90 %: 372 MB
    /// against 226 MB at a million games, which takes the archive from
    /// 3.02 to 2.82 times its records' text. SQLite's indexes fill their
    /// pages well as they are, and small imports are not worth a rebuild.
    ///
    /// # Errors
    /// The database fails. The games imported are committed already, and
    /// the indexes still serve (an interrupted rebuild leaves the old one
    /// in use, and its unfinished copy is dropped here).
    pub fn tidy_after_import(&mut self, added: usize) -> Result<bool, ArchiveError> {
        if !self.db.is_postgres() || added < REBUILD_AFTER_GAMES {
            return Ok(false);
        }
        let held = usize::try_from(self.count()?).unwrap_or(0);
        if !rebuild_after(held.saturating_sub(added), added) {
            return Ok(false);
        }
        self.rebuild_search_indexes()?;
        Ok(true)
    }

    /// Rebuilds the games' search indexes in PostgreSQL, one at a time,
    /// without blocking readers or writers (nothing in SQLite).
    ///
    /// # Errors
    /// The database fails; the unfinished copy of the index being rebuilt
    /// is dropped, the index itself stays as it was.
    pub fn rebuild_search_indexes(&mut self) -> Result<(), ArchiveError> {
        if !self.db.is_postgres() {
            return Ok(());
        }
        for index in SEARCH_INDEXES {
            // Names of ours, not the caller's: no quoting needed.
            if let Err(error) = self
                .db
                .batch(&format!("REINDEX INDEX CONCURRENTLY {index}"))
            {
                // PostgreSQL names the copy it builds `<index>_ccnew`;
                // left invalid, it would only cost writes.
                let _ = self
                    .db
                    .batch(&format!("DROP INDEX CONCURRENTLY IF EXISTS {index}_ccnew"));
                return Err(error.into());
            }
        }
        Ok(())
    }
}

/// The games' search indexes (by player and event since schema 8), rebuilt after a large
/// import into PostgreSQL ([`Archive::tidy_after_import`]).
const SEARCH_INDEXES: [&str; 5] = [
    "games_south_player",
    "games_north_player",
    "games_event_id",
    "games_site",
    "games_date",
];

/// The fewest games an import adds for PostgreSQL's search indexes to
/// be rebuilt after it ([`Archive::tidy_after_import`]).
pub const REBUILD_AFTER_GAMES: usize = 100_000;

/// Whether an import of `added` games into an archive of `before` pays
/// a rebuild of the search indexes: a large one that at least doubled it.
fn rebuild_after(before: usize, added: usize) -> bool {
    added >= REBUILD_AFTER_GAMES && added >= before
}

/// What a game's row holds of its text, in the order of the columns
/// `rules, south, north, event, site, date, round, result, south_score,
/// north_score, plies, valid, violations, record`: what an import writes
/// and a correction writes again.
pub(crate) fn game_columns(game: &Prepared) -> [Value; 14] {
    use songo_notation::record::names;
    let tag = |name: &str| Value::from(game.tags.get(name));
    [
        game.rules.as_str().into(),
        tag(names::SOUTH),
        tag(names::NORTH),
        tag(names::EVENT),
        tag(names::SITE),
        game.date.clone().into(),
        tag(names::ROUND),
        game.result.clone().into(),
        game.score.map(|s| s.0).into(),
        game.score.map(|s| s.1).into(),
        game.plies.into(),
        i64::from(game.valid).into(),
        game.violations.clone().into(),
        game.record.as_str().into(),
    ]
}

/// The columns an import writes from a game's text, in the order of
/// [`game_columns`] after the identity, with their PostgreSQL array types.
const GAME_COLUMNS: [(&str, &str); 15] = [
    ("identity", "BIGINT[]"),
    ("rules", "TEXT[]"),
    ("south", "TEXT[]"),
    ("north", "TEXT[]"),
    ("event", "TEXT[]"),
    ("site", "TEXT[]"),
    ("date", "TEXT[]"),
    ("round", "TEXT[]"),
    ("result", "TEXT[]"),
    ("south_score", "BIGINT[]"),
    ("north_score", "BIGINT[]"),
    ("plies", "BIGINT[]"),
    ("valid", "BIGINT[]"),
    ("violations", "TEXT[]"),
    ("record", "TEXT[]"),
];

/// The columns of a game's row past [`GAME_COLUMNS`], each a value a
/// game (PostgreSQL array types): the verdict, the players and event.
const LATER_COLUMNS: [(&str, &str); 5] = [
    ("winner", "TEXT[]"),
    ("forfeit", "INTEGER[]"),
    ("south_player", "BIGINT[]"),
    ("north_player", "BIGINT[]"),
    ("event_id", "BIGINT[]"),
];

/// The statement that stores a game, in SQLite: its values in the order
/// of [`GAME_COLUMNS`], [`LATER_COLUMNS`], then when it was imported and
/// by whom.
fn insert_game_sqlite() -> String {
    let mut names: Vec<&str> = GAME_COLUMNS.iter().map(|(name, _)| *name).collect();
    names.extend(LATER_COLUMNS.iter().map(|(name, _)| *name));
    names.extend(["imported", "imported_by"]);
    let values: Vec<String> = (1..=names.len()).map(|n| format!("${n}")).collect();
    format!(
        "INSERT INTO games ({}) VALUES ({}) ON CONFLICT (identity) DO NOTHING RETURNING id",
        names.join(", "),
        values.join(", ")
    )
}

/// Seconds since 1970: when games are imported.
fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0))
}

/// How a game ended, for the explorer's counts.
fn game_ending(game: &Prepared) -> Option<Ending> {
    game.score.map(|(south, north)| Ending {
        diff: south - north,
        winner: game.verdict.and_then(|verdict| verdict.winner),
    })
}

/// A batch's games in PostgreSQL: one statement, a column an array
/// (those of [`GAME_COLUMNS`] and [`LATER_COLUMNS`]), then when they were
/// imported and by whom, one value each.
fn insert_games_postgres() -> String {
    let mut columns: Vec<(&str, &str)> = GAME_COLUMNS.to_vec();
    columns.extend(LATER_COLUMNS);
    let arrays: Vec<String> = columns
        .iter()
        .enumerate()
        .map(|(i, (_, ty))| format!("${}::{ty}", i + 1))
        .collect();
    let mut names: Vec<&str> = columns.iter().map(|(name, _)| *name).collect();
    names.extend(["imported", "imported_by"]);
    let scalars = [
        format!("${}::BIGINT", columns.len() + 1),
        format!("${}::TEXT", columns.len() + 2),
    ];
    format!(
        "INSERT INTO games ({}) SELECT t.*, {} FROM unnest({}) AS t \
         ON CONFLICT (identity) DO NOTHING RETURNING id, identity",
        names.join(", "),
        scalars.join(", "),
        arrays.join(", ")
    )
}

/// Rows a multi-row statement writes (its last one of a transaction
/// fewer): well under both databases' limits on parameters.
const ROWS_PER_STATEMENT: usize = 128;

/// `VALUES ($1, $2), ($3, $4) …`: `rows` tuples of `width` parameters.
fn values_sql(rows: usize, width: usize) -> String {
    let mut sql = String::from(" VALUES ");
    for row in 0..rows {
        if row > 0 {
            sql.push_str(", ");
        }
        sql.push('(');
        for column in 0..width {
            if column > 0 {
                sql.push_str(", ");
            }
            sql.push('$');
            sql.push_str(&(row * width + column + 1).to_string());
        }
        sql.push(')');
    }
    sql
}

/// Inserts rows of the posting lists, four values a row (`bucket`,
/// `deep`, `batch`, `entries`). PostgreSQL takes them as arrays
/// (`unnest`): one statement text whatever their number, prepared and
/// planned once a connection (a game posted at a time writes some fifty
/// rows, a number that changes from game to game); SQLite as
/// [`ROWS_PER_STATEMENT`] tuples at a time.
fn insert_postings(db: &mut Db, rows: &[Value]) -> Result<(), DbError> {
    if !db.is_postgres() {
        for chunk in rows.chunks(4 * ROWS_PER_STATEMENT) {
            db.execute(&insert_postings_sql(chunk.len() / 4), chunk)?;
        }
        return Ok(());
    }
    let count = rows.len() / 4;
    let (mut buckets, mut deep, mut batches, mut entries) = (
        Vec::with_capacity(count),
        Vec::with_capacity(count),
        Vec::with_capacity(count),
        Vec::with_capacity(count),
    );
    for row in rows.chunks_exact(4) {
        buckets.push(small_int(&row[0]));
        deep.push(small_int(&row[1]));
        batches.push(row[2].int().unwrap_or_default());
        entries.push(row[3].bytes().unwrap_or_default());
    }
    db.query_postgres(
        "INSERT INTO positions (bucket, deep, batch, entries) \
         SELECT * FROM unnest($1::INTEGER[], $2::INTEGER[], $3::BIGINT[], $4::BYTEA[])",
        &[&buckets, &deep, &batches, &entries],
    )?;
    Ok(())
}

/// Inserts rows of the explorer's packed counts, two values a row
/// (`bucket`, `entries`), as [`insert_postings`] does.
fn insert_counts(db: &mut Db, rows: &[Value]) -> Result<(), DbError> {
    if !db.is_postgres() {
        for chunk in rows.chunks(2 * ROWS_PER_STATEMENT) {
            db.execute(&insert_counts_sql(chunk.len() / 2), chunk)?;
        }
        return Ok(());
    }
    let buckets: Vec<i32> = rows.iter().step_by(2).map(small_int).collect();
    let entries: Vec<&[u8]> = rows
        .iter()
        .skip(1)
        .step_by(2)
        .map(|value| value.bytes().unwrap_or_default())
        .collect();
    db.query_postgres(
        "INSERT INTO explorer (bucket, entries) \
         SELECT * FROM unnest($1::INTEGER[], $2::BYTEA[])",
        &[&buckets, &entries],
    )?;
    Ok(())
}

/// A bucket's number or a flag, for an `INTEGER` column.
fn small_int(value: &Value) -> i32 {
    value
        .int()
        .and_then(|n| i32::try_from(n).ok())
        .unwrap_or_default()
}

/// The insert of `rows` rows of the posting lists. The texts of a full
/// chunk are made once: the statement caches key on them.
fn insert_postings_sql(rows: usize) -> std::borrow::Cow<'static, str> {
    static FULL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let make = |rows: usize| {
        format!(
            "INSERT INTO positions (bucket, deep, batch, entries){}",
            values_sql(rows, 4)
        )
    };
    if rows == ROWS_PER_STATEMENT {
        std::borrow::Cow::Borrowed(FULL.get_or_init(|| make(rows)))
    } else {
        std::borrow::Cow::Owned(make(rows))
    }
}

/// The insert of `rows` rows of the explorer's packed counts.
fn insert_counts_sql(rows: usize) -> std::borrow::Cow<'static, str> {
    static FULL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let make = |rows: usize| {
        format!(
            "INSERT INTO explorer (bucket, entries){}",
            values_sql(rows, 2)
        )
    };
    if rows == ROWS_PER_STATEMENT {
        std::borrow::Cow::Borrowed(FULL.get_or_init(|| make(rows)))
    } else {
        std::borrow::Cow::Owned(make(rows))
    }
}

/// For tests: every file under `fixtures/records` (valid and broken
/// records, in English and in French).
#[cfg(test)]
pub(crate) fn fixture_record_files() -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a directory").flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, found);
            } else {
                found.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/records"),
        &mut files,
    );
    files
}

#[cfg(test)]
mod tidy_tests {
    use super::{REBUILD_AFTER_GAMES, rebuild_after};

    #[test]
    fn only_a_large_import_that_doubles_the_archive_rebuilds_its_indexes() {
        let large = REBUILD_AFTER_GAMES;
        assert!(rebuild_after(0, large));
        assert!(rebuild_after(large, large));
        assert!(!rebuild_after(0, large - 1));
        assert!(!rebuild_after(large + 1, large));
        assert!(rebuild_after(3 * large, 3 * large));
    }
}

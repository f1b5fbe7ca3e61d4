//! The schema, as numbered migrations applied in order at open: an archive
//! written by an older songo opens in a newer one, which brings it up to
//! date in one transaction per step. A newer archive than this songo
//! knows is refused rather than misread.
//!
//! The migrations are frozen: each is the statements it shipped with,
//! never edited, and no migration calls the code that reads and writes
//! the archive today (which knows only the newest schema). What a step
//! leaves out of date and only that code can make again from the games
//! (the position index, the explorer's counts, the verdicts, players and
//! events) is noted in a table of work to do, in the step's transaction,
//! and done once the schema is the newest, each in a transaction of its
//! own: an archive stopped halfway does the rest when next opened.

use super::db::{Db, DbError};

/// One step of the schema: its number and its statements, with `{id}`,
/// `{int}`, `{count}` (an integer below 2^31: 4 bytes in PostgreSQL),
/// `{blob}`, `{ints}` and `{texts}` (arrays in PostgreSQL), `{compact}` and `{bytewise}` (texts compared byte by byte,
/// as SQLite does: PostgreSQL's `COLLATE "C"`, so that both order folded
/// names alike and `LIKE 'x%'` is a prefix of bytes) standing for what
/// differs between SQLite and PostgreSQL.
struct Migration {
    version: i64,
    sql: &'static str,
    /// What its statements leave to be made again from the games.
    stale: &'static [Derived],
}

/// What the archive derives from its games, which a migration may leave
/// to be made again once the schema is the newest ([`finish`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Derived {
    /// Every game's verdict (`winner`, `forfeit`) from its ruleset and
    /// result.
    Verdicts,
    /// Every game's players and event (`people.rs`), with their counts.
    People,
    /// The position index and the explorer's counts, by replaying every
    /// stored game.
    Index,
    /// The explorer's counts only.
    Explorer,
}

impl Derived {
    /// In the order they are made: the verdicts before the counts that
    /// add them up.
    const ALL: [Derived; 4] = [
        Derived::Verdicts,
        Derived::People,
        Derived::Index,
        Derived::Explorer,
    ];

    /// Its name in the table of work to do.
    fn name(self) -> &'static str {
        match self {
            Derived::Verdicts => "verdicts",
            Derived::People => "people",
            Derived::Index => "index",
            Derived::Explorer => "explorer",
        }
    }
}

/// Every migration, oldest first. Never edit one that has shipped: add
/// the next.
const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        stale: &[],
        sql: "
CREATE TABLE games (
    id {id},
    identity {int} NOT NULL UNIQUE,
    rules TEXT NOT NULL,
    south TEXT,
    north TEXT,
    event TEXT,
    site TEXT,
    date TEXT,
    round TEXT,
    result TEXT,
    south_score {int},
    north_score {int},
    plies {int} NOT NULL,
    valid {int} NOT NULL,
    violations TEXT,
    record TEXT NOT NULL,
    imported {int} NOT NULL
);
CREATE INDEX games_south ON games (south, id);
CREATE INDEX games_north ON games (north, id);
CREATE INDEX games_event ON games (event, id);
CREATE INDEX games_date ON games (date, id);
CREATE TABLE positions (
    key {int} NOT NULL,
    game {int} NOT NULL,
    ply {int} NOT NULL,
    move TEXT,
    diff {int},
    PRIMARY KEY (key, game)
){compact};
",
    },
    Migration {
        version: 2,
        stale: &[],
        // The site's searches: added after the first archives existed,
        // which the tests' v1 archive checks.
        sql: "CREATE INDEX games_site ON games (site, id);",
    },
    Migration {
        version: 3,
        stale: &[],
        // The explorer's counts, kept at import so that a query reads a
        // row per move instead of every game through the position; the
        // position index keeps only what a search needs (key, game): its
        // ply, next move and score difference moved into the counts.
        // Built here from the games already stored.
        sql: "
CREATE TABLE explorer (
    key {int} NOT NULL,
    move TEXT NOT NULL,
    games {count} NOT NULL,
    south {count} NOT NULL,
    north {count} NOT NULL,
    draws {count} NOT NULL,
    score_sum {int} NOT NULL,
    PRIMARY KEY (key, move)
){compact};
INSERT INTO explorer (key, move, games, south, north, draws, score_sum)
SELECT key, COALESCE(move, ''), COUNT(*),
    SUM(CASE WHEN diff > 0 THEN 1 ELSE 0 END),
    SUM(CASE WHEN diff < 0 THEN 1 ELSE 0 END),
    SUM(CASE WHEN diff = 0 THEN 1 ELSE 0 END),
    COALESCE(SUM(diff), 0)
FROM positions GROUP BY key, COALESCE(move, '');
CREATE TABLE positions_v3 (
    key {int} NOT NULL,
    game {int} NOT NULL,
    PRIMARY KEY (key, game)
){compact};
INSERT INTO positions_v3 (key, game) SELECT key, game FROM positions ORDER BY key, game;
DROP TABLE positions;
ALTER TABLE positions_v3 RENAME TO positions;
",
    },
    Migration {
        version: 4,
        stale: &[Derived::Index],
        // The position index as posting lists (a row per bucket of keys
        // and transaction, `postings.rs`) instead of a row per position,
        // in a table with a rowid (its rows, of a few hundred bytes to a
        // few KB, fill its pages in the order written; in a WITHOUT ROWID
        // table each row past 1 KB took an overflow page of its own),
        // and the explorer's counts for the first plies only: the rows a
        // game costs, in time and bytes. Both rebuilt by replaying the
        // games stored.
        sql: "
DROP TABLE positions;
DROP TABLE explorer;
CREATE TABLE positions (
    id {id},
    bucket {count} NOT NULL,
    deep {count} NOT NULL,
    batch {int} NOT NULL,
    entries {blob} NOT NULL
);
CREATE UNIQUE INDEX positions_bucket ON positions (bucket, deep, batch);
CREATE TABLE explorer (
    key {int} NOT NULL,
    move TEXT NOT NULL,
    games {count} NOT NULL,
    south {count} NOT NULL,
    north {count} NOT NULL,
    draws {count} NOT NULL,
    score_sum {int} NOT NULL,
    PRIMARY KEY (key, move)
){compact};
",
    },
    Migration {
        version: 5,
        stale: &[Derived::Explorer],
        // The explorer's counts packed by bucket (`counts.rs`): a row per
        // bucket of keys and import holding entries of (key, move,
        // counts), summed when read, instead of a row per position and
        // move upserted one at a time (in PostgreSQL some 100 bytes a
        // count with its key, and most of an import's time). The counts
        // are then counted again from the games (and the table of schema
        // 4 dropped) once the schema is the newest.
        sql: "
ALTER TABLE explorer RENAME TO explorer_v4;
CREATE TABLE explorer (
    id {id},
    bucket {count} NOT NULL,
    entries {blob} NOT NULL
);
CREATE INDEX explorer_bucket ON explorer (bucket, id);
",
    },
    Migration {
        version: 6,
        stale: &[Derived::Verdicts, Derived::Explorer],
        // Results by the rules' verdict (`songo_notation::verdict`): who
        // won each game (`S`, `N`, `D` a draw, `L` both lost a double
        // forfeit; none while unfinished) and whether it was a forfeit,
        // filled in for the games stored. The explorer's counts, which
        // until now called the higher score the winner (a Songo game
        // nobody took to 40 seeds is drawn), are counted again.
        sql: "
ALTER TABLE games ADD COLUMN winner TEXT;
ALTER TABLE games ADD COLUMN forfeit {count} NOT NULL DEFAULT 0;
DELETE FROM explorer;
",
    },
    Migration {
        version: 7,
        stale: &[],
        // Corrections with history (`revisions.rs`): a game's revision
        // and whether it is deleted; every text a changed game has had,
        // with when, who, what and why; the explorer's counts that
        // changes take out or put back (signed, summed with the packed
        // rows when read); an index to find the stored game a corrected
        // text of the same event, round and players corrects.
        sql: "
ALTER TABLE games ADD COLUMN revision {count} NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN deleted {count} NOT NULL DEFAULT 0;
CREATE INDEX games_pairing ON games (event, round, south, north);
CREATE TABLE revisions (
    id {id},
    game {int} NOT NULL,
    revision {count} NOT NULL,
    made_at {int} NOT NULL,
    author TEXT NOT NULL,
    action TEXT NOT NULL,
    reason TEXT,
    record TEXT NOT NULL,
    identity {int} NOT NULL,
    deleted {count} NOT NULL
);
CREATE UNIQUE INDEX revisions_game ON revisions (game, revision);
CREATE INDEX revisions_identity ON revisions (identity);
CREATE TABLE explorer_corrections (
    key {int} NOT NULL,
    move TEXT NOT NULL,
    games {int} NOT NULL,
    south {int} NOT NULL,
    north {int} NOT NULL,
    draws {int} NOT NULL,
    score_sum {int} NOT NULL,
    PRIMARY KEY (key, move)
);
",
    },
    Migration {
        version: 8,
        stale: &[Derived::People],
        // Players and events as rows of their own (`people.rs`): a player
        // has a canonical name, other names (each kept by its folded key:
        // no case, no accents, no punctuation) and optionally a federation
        // id and a club; an event is a name at a site. A game points to
        // its two players and its event, indexed with its id: a player's
        // games under every name are an index scan, and each row keeps
        // its number of games so that the lists need not count them. The
        // indexes of the names as written are dropped: searches go
        // through the ids now. Filled in from the games stored.
        sql: "
CREATE TABLE players (
    id {id},
    name TEXT NOT NULL,
    folded TEXT{bytewise} NOT NULL,
    federation_id TEXT,
    club TEXT,
    games {int} NOT NULL DEFAULT 0
);
CREATE INDEX players_folded ON players (folded, id);
CREATE TABLE player_names (
    folded TEXT{bytewise} NOT NULL PRIMARY KEY,
    name TEXT NOT NULL,
    player {int} NOT NULL
){compact};
CREATE INDEX player_names_player ON player_names (player);
CREATE TABLE events (
    id {id},
    name TEXT NOT NULL,
    site TEXT,
    folded TEXT{bytewise} NOT NULL,
    folded_site TEXT{bytewise} NOT NULL,
    first_date TEXT,
    last_date TEXT,
    games {int} NOT NULL DEFAULT 0,
    UNIQUE (folded, folded_site)
);
ALTER TABLE games ADD COLUMN south_player {int};
ALTER TABLE games ADD COLUMN north_player {int};
ALTER TABLE games ADD COLUMN event_id {int};
DROP INDEX games_south;
DROP INDEX games_north;
DROP INDEX games_event;
",
    },
    Migration {
        version: 9,
        stale: &[],
        // Accounts (`accounts.rs`): a token per club or keeper, kept as
        // its SHA-256 only; times in seconds since 1970. The club each
        // event belongs to, claimed by the first write account that stored
        // a game of it (`site` empty when the games name none). Who
        // imported each game: an account, or the local user of the
        // command line (none for the games imported before).
        sql: "
CREATE TABLE accounts (
    id {id},
    name TEXT NOT NULL UNIQUE,
    scope TEXT NOT NULL,
    club TEXT,
    token_hash TEXT NOT NULL UNIQUE,
    created {int} NOT NULL,
    revoked {int},
    last_used {int}
);
CREATE TABLE event_clubs (
    event TEXT NOT NULL,
    site TEXT NOT NULL,
    club TEXT NOT NULL,
    PRIMARY KEY (event, site)
);
ALTER TABLE games ADD COLUMN imported_by TEXT;
",
    },
    Migration {
        version: 10,
        stale: &[],
        // Live games (`live.rs`): a game being played, by a random public
        // id, the SHA-256 of its key (the bearer token of its moves), its
        // tags and who started it; once the rules end it, when and the
        // archive's id of the game it became. Its moves keyed by (game,
        // ply): a ply is stored once, whoever sends it again.
        sql: "
CREATE TABLE live_games (
    id {id},
    public_id TEXT NOT NULL UNIQUE,
    key_hash TEXT NOT NULL,
    rules TEXT NOT NULL,
    south TEXT NOT NULL,
    north TEXT NOT NULL,
    event TEXT,
    round TEXT,
    created {int} NOT NULL,
    created_by TEXT NOT NULL,
    finished {int},
    game TEXT
);
CREATE TABLE live_moves (
    live {int} NOT NULL,
    ply {count} NOT NULL,
    move TEXT NOT NULL,
    made_at {int} NOT NULL,
    PRIMARY KEY (live, ply)
){compact};
",
    },
    Migration {
        version: 11,
        stale: &[],
        // Writers only insert rows of the posting lists and the explorer's
        // counts; the small rows they leave are merged later
        // (`compact.rs`), found by these indexes of the small rows only
        // (512: half of `postings::MAX_ROW_BYTES`).
        sql: "
CREATE INDEX positions_small ON positions (bucket, deep) WHERE length(entries) < 512;
CREATE INDEX explorer_small ON explorer (bucket) WHERE length(entries) < 512;
",
    },
    Migration {
        version: 12,
        stale: &[],
        // Live games' undos and arbiters' results (`live.rs`): a move
        // taken back leaves `live_moves` for `live_undone`, with when it
        // was made and taken back, so the history keeps it; a game ended
        // by the arbiter keeps how (`resignation`, `agreement`,
        // `forfeit`), the winner and the result written in its record.
        sql: "
CREATE TABLE live_undone (
    id {id},
    live {int} NOT NULL,
    ply {count} NOT NULL,
    move TEXT NOT NULL,
    made_at {int} NOT NULL,
    undone_at {int} NOT NULL
);
CREATE INDEX live_undone_live ON live_undone (live, ply);
ALTER TABLE live_games ADD COLUMN ended_by TEXT;
ALTER TABLE live_games ADD COLUMN winner TEXT;
ALTER TABLE live_games ADD COLUMN result TEXT;
",
    },
    Migration {
        version: 13,
        stale: &[],
        // Events that are run (`tournaments.rs`): an event's pairing
        // system, its planned rounds (0 for a round robin until its first
        // round, when the players are known), its ruleset, the colour of
        // player 1 in round 1 and its tie-breaks; its registered players
        // by pairing number (the archive's player entities); each round's
        // boards, as paired: the first mover (white), the other (none for
        // a bye), the result from white's side when it is not a game's,
        // and the archive's game (`games.id`) that decides it.
        sql: "
CREATE TABLE event_runs (
    event {int} NOT NULL PRIMARY KEY,
    system TEXT NOT NULL,
    rounds {count} NOT NULL,
    rules TEXT NOT NULL,
    first_colour TEXT NOT NULL,
    tiebreaks TEXT NOT NULL,
    created {int} NOT NULL,
    created_by TEXT NOT NULL
);
CREATE TABLE event_entrants (
    event {int} NOT NULL,
    number {count} NOT NULL,
    player {int} NOT NULL,
    rating {count} NOT NULL,
    PRIMARY KEY (event, number)
);
CREATE INDEX event_entrants_player ON event_entrants (player);
CREATE TABLE event_boards (
    event {int} NOT NULL,
    round {count} NOT NULL,
    board {count} NOT NULL,
    white {count} NOT NULL,
    black {count},
    result TEXT,
    game {int},
    PRIMARY KEY (event, round, board)
);
CREATE INDEX event_boards_game ON event_boards (game);
",
    },
    Migration {
        version: 14,
        stale: &[],
        // The tail of the position index and the explorer's counts
        // (`tail.rs`): in PostgreSQL, a small transaction writes a row a
        // game (its passages' keys and moves as arrays, how it ended)
        // instead of a row of every bucket it touches; moved into the
        // buckets some 500 games at a time. SQLite (one writer) keeps
        // writing the buckets: its table stays empty.
        sql: "
CREATE TABLE index_tail (
    game {int} NOT NULL PRIMARY KEY,
    shallow {ints} NOT NULL,
    moves {texts} NOT NULL,
    deep {ints} NOT NULL,
    diff {int},
    winner {count}
);
",
    },
    Migration {
        // Classes (`classes.rs`).
        version: 15,
        stale: &[],
        // A teacher's classes, each with its code; the sets of exercises
        // assigned to a class (each exercise a line of the page's link
        // form); the students who joined by the code, with the hash of
        // their key; every answer a student gave.
        sql: "
CREATE TABLE classes (
    id {id},
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    teacher TEXT NOT NULL,
    created {int} NOT NULL
);
CREATE INDEX classes_teacher ON classes (teacher);
CREATE TABLE class_sets (
    class {int} NOT NULL,
    number {count} NOT NULL,
    title TEXT NOT NULL,
    exercises TEXT NOT NULL,
    added {int} NOT NULL,
    PRIMARY KEY (class, number)
);
CREATE TABLE class_students (
    id {id},
    class {int} NOT NULL,
    nickname TEXT NOT NULL,
    folded TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    joined {int} NOT NULL
);
CREATE UNIQUE INDEX class_students_name ON class_students (class, folded);
CREATE TABLE class_attempts (
    id {id},
    student {int} NOT NULL,
    set_number {count} NOT NULL,
    exercise {count} NOT NULL,
    move TEXT NOT NULL,
    correct {count} NOT NULL,
    made_at {int} NOT NULL
);
CREATE INDEX class_attempts_student ON class_attempts (student, set_number, exercise, id);
",
    },
];

/// The newest schema this songo knows: the last migration's.
pub(crate) const CURRENT: i64 = MIGRATIONS[MIGRATIONS.len() - 1].version;

fn dialect(db: &Db, sql: &str) -> String {
    if db.is_postgres() {
        sql.replace(
            "{id}",
            "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
        )
        .replace("{int}", "BIGINT")
        .replace("{count}", "INTEGER")
        .replace("{blob}", "BYTEA")
        .replace("{ints}", "BIGINT[]")
        .replace("{texts}", "TEXT[]")
        .replace("{compact}", "")
        .replace("{bytewise}", " COLLATE \"C\"")
    } else {
        // WITHOUT ROWID: the position index is its primary key, stored once.
        sql.replace("{id}", "INTEGER PRIMARY KEY")
            .replace("{int}", "INTEGER")
            .replace("{count}", "INTEGER")
            .replace("{blob}", "BLOB")
            .replace("{ints}", "BLOB")
            .replace("{texts}", "BLOB")
            .replace("{compact}", " WITHOUT ROWID")
            .replace("{bytewise}", "")
    }
}

/// What opening found.
#[derive(Debug)]
pub(crate) enum SchemaError {
    /// Written by a newer songo.
    TooNew(i64),
    Db(DbError),
}

impl From<DbError> for SchemaError {
    fn from(error: DbError) -> SchemaError {
        SchemaError::Db(error)
    }
}

/// The PostgreSQL advisory lock the migrations run under ("songo" and a
/// 1): one per database, whatever its schemas.
pub(crate) const MIGRATION_LOCK: i64 = 0x736f_6e67_6f00_0001;

/// Brings the schema to [`CURRENT`] (or to `upto`, for tests that make
/// an old archive).
///
/// PostgreSQL: under a session advisory lock, from the creation of the
/// version table to the last step. Several servers started at once on a
/// new database: one makes the schema while the others wait, then read
/// the version it left (two `CREATE TABLE IF NOT EXISTS` at once may both
/// find no table and one fail on the catalogue's unique index).
pub(crate) fn migrate(db: &mut Db, upto: i64) -> Result<(), SchemaError> {
    if !db.is_postgres() {
        return migrate_steps(db, upto);
    }
    db.execute("SELECT pg_advisory_lock($1)", &[MIGRATION_LOCK.into()])?;
    let migrated = migrate_steps(db, upto);
    // Also released when the session ends, should this fail.
    let unlocked = db.execute("SELECT pg_advisory_unlock($1)", &[MIGRATION_LOCK.into()]);
    migrated?;
    unlocked?;
    Ok(())
}

/// The steps of [`migrate`], the version read again once the lock is held.
fn migrate_steps(db: &mut Db, upto: i64) -> Result<(), SchemaError> {
    db.batch(
        "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL); \
         CREATE TABLE IF NOT EXISTS schema_work (work TEXT NOT NULL PRIMARY KEY)",
    )?;
    let version = current_version(db)?;
    if version > CURRENT {
        return Err(SchemaError::TooNew(version));
    }
    for migration in MIGRATIONS
        .iter()
        .filter(|m| m.version > version && m.version <= upto)
    {
        db.begin()?;
        let step = (|| {
            // Two processes opening a new archive at once: the second
            // waits here and then finds the step done.
            if db.is_postgres() {
                db.batch("LOCK TABLE schema_version IN EXCLUSIVE MODE")?;
            }
            if current_version(db)? >= migration.version {
                return Ok(());
            }
            db.batch(&dialect(db, migration.sql))?;
            for derived in migration.stale {
                db.execute(
                    "DELETE FROM schema_work WHERE work = $1",
                    &[derived.name().into()],
                )?;
                db.execute(
                    "INSERT INTO schema_work (work) VALUES ($1)",
                    &[derived.name().into()],
                )?;
            }
            db.execute("DELETE FROM schema_version", &[])?;
            db.execute(
                "INSERT INTO schema_version (version) VALUES ($1)",
                &[migration.version.into()],
            )?;
            Ok(())
        })();
        match step {
            Ok(()) => db.batch("COMMIT")?,
            Err(error) => {
                let _ = db.batch("ROLLBACK");
                return Err(SchemaError::Db(error));
            }
        }
    }
    if upto >= CURRENT {
        finish(db)?;
    }
    Ok(())
}

/// Makes again what the migrations left out of date ([`Derived`]), with
/// the code of the newest schema, each in a transaction that also takes
/// it off the table of work to do.
fn finish(db: &mut Db) -> Result<(), SchemaError> {
    let rows = db.query("SELECT work FROM schema_work", &[])?;
    let to_do: Vec<String> = rows
        .iter()
        .filter_map(|row| {
            row.first()
                .and_then(super::db::Value::text)
                .map(str::to_owned)
        })
        .collect();
    for derived in Derived::ALL {
        if !to_do.iter().any(|work| work == derived.name()) {
            continue;
        }
        db.begin()?;
        let step = (|| {
            // Another process may have done it meanwhile (SQLite: the
            // write lock is taken by the first statement).
            let still = db.query(
                "SELECT 1 FROM schema_work WHERE work = $1",
                &[derived.name().into()],
            )?;
            if still.is_empty() {
                return Ok(());
            }
            match derived {
                Derived::Verdicts => super::record_verdicts(db)?,
                Derived::People => super::backfill_people(db)?,
                Derived::Index => {
                    super::rebuild_index(db)?;
                    // The explorer's counts are made with the index.
                    db.execute(
                        "DELETE FROM schema_work WHERE work = $1",
                        &[Derived::Explorer.name().into()],
                    )?;
                }
                Derived::Explorer => super::recount_explorer(db)?,
            }
            db.execute(
                "DELETE FROM schema_work WHERE work = $1",
                &[derived.name().into()],
            )
            .map(drop)
        })();
        match step {
            Ok(_) => db.batch("COMMIT")?,
            Err(error) => {
                let _ = db.batch("ROLLBACK");
                return Err(SchemaError::Db(error));
            }
        }
    }
    Ok(())
}

/// The schema's version (0 for a new archive).
pub(crate) fn current_version(db: &mut Db) -> Result<i64, DbError> {
    let rows = db.query("SELECT MAX(version) FROM schema_version", &[])?;
    Ok(rows
        .first()
        .and_then(|row| row.first())
        .and_then(super::db::Value::int)
        .unwrap_or(0))
}

/// The frozen SQL of migration `version` (for tests that check what a
/// migration made).
#[cfg(test)]
pub(crate) fn sql_of(version: i64) -> Option<&'static str> {
    MIGRATIONS
        .iter()
        .find(|migration| migration.version == version)
        .map(|migration| migration.sql)
}

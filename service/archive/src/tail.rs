//! PostgreSQL: the tail of the position index and of the explorer's
//! counts (schema 14), a row a game.
//!
//! A small transaction (a game posted at a time) writes, for each game
//! it stores, one row of `index_tail`: the keys of its passages counted
//! by the explorer (`shallow`, whole, with the move played from each:
//! `moves`, `""` where the game ended), the keys of its later passages
//! (`deep`, cut to the bits the posting lists keep: bucket and
//! fingerprint) and how it ended. A row and its one index entry instead
//! of a row of each bucket it touches (some 110, with three index
//! entries each): posts cost PostgreSQL a tenth of what they did.
//! Readers add the tail's matches to the buckets' in the same statement
//! (one snapshot: a game the move below carries is seen once). When the
//! tail holds [`TAIL_LENGTH`] games, one handle (under an advisory lock,
//! the others go on) moves it into the buckets as one import of those
//! games would write them, then merges the small rows (`compact.rs`).
//! SQLite, one writer at a time, writes the buckets directly.

use songo_notation::Side;

use super::counts::Ending;
use super::db::{Db, DbError};
use super::ingest::Passage;
use super::people::Also;
use super::{Archive, ArchiveError, Pending, postings, write_pending};

/// Games a transaction stores at most for them to go to the tail; a
/// larger one writes the buckets directly, as an import does.
pub(crate) const TAIL_GAMES_A_TRANSACTION: usize = 16;

/// Games in the tail past which it is moved into the buckets: its reads
/// (a scan of its rows' arrays, in the database) stay under a millisecond.
pub(crate) const TAIL_LENGTH: i64 = 512;

/// Commits to the tail of one handle between two looks at its length.
const LOOK_EVERY: u32 = 8;

/// The advisory lock of the move ("songo" and a 2): one mover at a time.
const MOVE_LOCK: i64 = 0x736f_6e67_6f00_0002;

/// A game's row of the tail.
#[derive(Debug, Clone, Default)]
pub(crate) struct TailGame {
    pub(crate) game: i64,
    pub(crate) shallow: Vec<i64>,
    pub(crate) moves: Vec<String>,
    pub(crate) deep: Vec<i64>,
    pub(crate) ending: Option<Ending>,
}

/// The bits of a key a posting list keeps (its bucket and fingerprint):
/// a key of the tail matches a search exactly when its bucket's entries
/// would.
pub(crate) fn indexed_bits(key: i64, deep: bool) -> i64 {
    key & indexed_mask(deep)
}

/// The mask of [`indexed_bits`].
pub(crate) fn indexed_mask(deep: bool) -> i64 {
    let bits = if deep {
        postings::DEEP_BUCKET_BITS
    } else {
        postings::SHALLOW_BUCKET_BITS
    };
    (1_i64 << (bits + 32)) - 1
}

impl TailGame {
    /// A stored game's row: its passages as an import indexes them.
    pub(crate) fn of(game: i64, ending: Option<Ending>, passages: &[Passage]) -> TailGame {
        let mut row = TailGame {
            game,
            ending,
            ..TailGame::default()
        };
        for passage in passages {
            if passage.ply > postings::EXPLORER_PLIES {
                row.deep.push(indexed_bits(passage.key, true));
            } else {
                row.shallow.push(passage.key);
                row.moves.push(passage.next.clone().unwrap_or_default());
            }
        }
        row
    }

    /// Its passages again, as [`Pending::add_game`] takes them: a deep
    /// key's cut bits give its bucket and fingerprint whole.
    fn passages(&self) -> Vec<Passage> {
        let shallow = self
            .shallow
            .iter()
            .zip(&self.moves)
            .map(|(&key, played)| Passage {
                key,
                ply: 0,
                next: Some(played.clone()),
            });
        let deep = self.deep.iter().map(|&key| Passage {
            key,
            ply: postings::EXPLORER_PLIES + 1,
            next: None,
        });
        shallow.chain(deep).collect()
    }
}

/// A game alone stored, counted for its players and event and given its
/// row of the tail by one statement ([`Archive::store_one_counted`]):
/// the games' insert (parameters as [`super::insert_games_postgres`]'s,
/// a value each), then the tail's row (`$23` to `$27`). Nothing is
/// counted nor written when the archive holds the game's identity, or
/// held it before a correction (no id returned). With `$28`, an
/// account's name, it also answers whether the account is there and not
/// revoked (the check of a post's token found a while ago: a round trip
/// fewer; the caller rolls back when it is not). The players' and events' rows are locked in id order,
/// the players' first, as [`super::people`]'s counts lock them. A
/// statement for one game: a post's round trip fewer, and a plan of a
/// few nodes (PostgreSQL builds each node again at each execution: a
/// fifth of its CPU a post, `perf`), not one for arrays of games.
static ONE_COUNTED: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let columns: Vec<(&str, &str)> = super::GAME_COLUMNS
        .iter()
        .chain(super::LATER_COLUMNS.iter())
        .copied()
        .collect();
    let names: Vec<&str> = columns.iter().map(|(name, _)| *name).collect();
    let values: Vec<String> = columns
        .iter()
        .enumerate()
        .map(|(i, (_, ty))| format!("${}::{}", i + 1, ty.trim_end_matches("[]")))
        .collect();
    let at = |name: &str| names.iter().position(|n| *n == name).map_or(0, |i| i + 1);
    let (date, south, north, event) = (
        at("date"),
        at("south_player"),
        at("north_player"),
        at("event_id"),
    );
    let (imported, by) = (columns.len() + 1, columns.len() + 2);
    let account = by + 6;
    format!(
        "WITH ins AS (INSERT INTO games ({}, imported, imported_by) \
             SELECT {}, ${imported}::BIGINT, ${by}::TEXT \
             WHERE NOT EXISTS (SELECT 1 FROM revisions WHERE identity = $1::BIGINT) \
             ON CONFLICT (identity) DO NOTHING RETURNING id), \
         locked_players AS MATERIALIZED (SELECT id FROM players \
             WHERE id IN (${south}::BIGINT, ${north}::BIGINT) AND EXISTS (SELECT 1 FROM ins) \
             ORDER BY id FOR UPDATE), \
         locked_events AS MATERIALIZED (SELECT id FROM events WHERE id = ${event}::BIGINT \
             AND EXISTS (SELECT 1 FROM ins) AND (SELECT COUNT(*) FROM locked_players) >= 0 \
             FOR UPDATE), \
         counted_players AS (UPDATE players SET games = games + 1 \
             WHERE id IN (SELECT id FROM locked_players) RETURNING 1), \
         counted_events AS (UPDATE events SET games = games + 1, \
             first_date = CASE WHEN ${date}::TEXT IS NOT NULL AND (first_date IS NULL \
                 OR ${date}::TEXT < first_date) THEN ${date}::TEXT ELSE first_date END, \
             last_date = CASE WHEN ${date}::TEXT IS NOT NULL AND (last_date IS NULL \
                 OR ${date}::TEXT > last_date) THEN ${date}::TEXT ELSE last_date END \
             WHERE id IN (SELECT id FROM locked_events) RETURNING 1), \
         tail AS (INSERT INTO index_tail (game, shallow, moves, deep, diff, winner) \
             SELECT id, ${}::BIGINT[], ${}::TEXT[], ${}::BIGINT[], ${}::BIGINT, ${}::INTEGER \
             FROM ins) \
         SELECT (SELECT id FROM ins), ${account}::TEXT IS NULL OR EXISTS \
                 (SELECT 1 FROM accounts WHERE name = ${account}::TEXT AND revoked IS NULL), \
             (SELECT COUNT(*) FROM counted_players), (SELECT COUNT(*) FROM counted_events)",
        names.join(", "),
        values.join(", "),
        by + 1,
        by + 2,
        by + 3,
        by + 4,
        by + 5,
    )
});

/// The ending's two columns: the score's difference, and the winner
/// (1 South, -1 North, 0 a draw).
fn ending_columns(ending: Option<Ending>) -> (Option<i64>, Option<i32>) {
    ending.map_or((None, None), |ending| {
        let winner = match ending.winner {
            Some(Side::South) => 1,
            Some(Side::North) => -1,
            None => 0,
        };
        (Some(ending.diff), Some(winner))
    })
}

/// The ending of the two columns.
pub(crate) fn ending_of(diff: Option<i64>, winner: Option<i64>) -> Option<Ending> {
    Some(Ending {
        diff: diff?,
        winner: match winner {
            Some(1) => Some(Side::South),
            Some(-1) => Some(Side::North),
            _ => None,
        },
    })
}

/// The games' rows of the tail as the arrays of [`Rows::CTE`]: each
/// game's keys and moves flattened, with the bounds (from 1, inclusive)
/// of each game's part.
#[derive(Debug, Default)]
pub(crate) struct Rows {
    games: Vec<i64>,
    diffs: Vec<Option<i64>>,
    winners: Vec<Option<i32>>,
    shallow: Vec<i64>,
    moves: Vec<String>,
    deep: Vec<i64>,
    /// Each game's first and last places in `shallow`, `moves`, `deep`.
    bounds: [Vec<i32>; 6],
}

impl Rows {
    /// The insert of the rows, a common table expression of the statement
    /// that counts the games for their players and events
    /// (`people::Also`: parameters from `$8`), so that a post's writes
    /// at its commit are one round trip. A game's arrays are slices of
    /// the flattened ones: a third of the statement's cost, in
    /// PostgreSQL, when they were gathered again by an aggregate a game
    /// (performance.md).
    const CTE: &str = "\
        tail AS (INSERT INTO index_tail (game, shallow, moves, deep, diff, winner) \
        SELECT g.game, ($11::BIGINT[])[g.s:g.se], ($12::TEXT[])[g.m:g.me], \
            ($13::BIGINT[])[g.d:g.de], g.diff, g.winner \
        FROM unnest($8::BIGINT[], $9::BIGINT[], $10::INTEGER[], $14::INTEGER[], \
            $15::INTEGER[], $16::INTEGER[], $17::INTEGER[], $18::INTEGER[], $19::INTEGER[]) \
            AS g(game, diff, winner, s, se, m, me, d, de))";

    pub(crate) fn of(games: &[TailGame]) -> Rows {
        let mut rows = Rows::default();
        // A slice's bounds: from after the flattened array's length, for `added` more.
        let span = |bounds: &mut [Vec<i32>], length: usize, added: usize| {
            let first = i32::try_from(length + 1).unwrap_or(i32::MAX);
            let last = i32::try_from(length + added).unwrap_or(i32::MAX);
            bounds[0].push(first);
            bounds[1].push(last);
        };
        for game in games {
            let (diff, winner) = ending_columns(game.ending);
            rows.games.push(game.game);
            rows.diffs.push(diff);
            rows.winners.push(winner);
            span(
                &mut rows.bounds[0..2],
                rows.shallow.len(),
                game.shallow.len(),
            );
            span(&mut rows.bounds[2..4], rows.moves.len(), game.moves.len());
            span(&mut rows.bounds[4..6], rows.deep.len(), game.deep.len());
            rows.shallow.extend(&game.shallow);
            rows.moves.extend(game.moves.iter().cloned());
            rows.deep.extend(&game.deep);
        }
        rows
    }

    /// What the statement that counts the games writes besides.
    pub(crate) fn also(&self) -> Also<'_> {
        let mut params: Vec<&(dyn postgres::types::ToSql + Sync)> = vec![
            &self.games,
            &self.diffs,
            &self.winners,
            &self.shallow,
            &self.moves,
            &self.deep,
        ];
        params.extend(
            self.bounds
                .iter()
                .map(|bounds| bounds as &(dyn postgres::types::ToSql + Sync)),
        );
        Also {
            cte: Rows::CTE,
            params,
        }
    }
}

/// The rows of the tail, oldest games first ([`TAIL_LENGTH`] times four
/// at most: the rest waits for the next move).
fn read(db: &mut Db) -> Result<Vec<TailGame>, DbError> {
    let rows = db.query_postgres(
        "SELECT game, shallow, moves, deep, diff, winner FROM index_tail \
         ORDER BY game LIMIT $1",
        &[&(4 * TAIL_LENGTH)],
    )?;
    let mut games = Vec::with_capacity(rows.len());
    for row in rows {
        games.push(TailGame {
            game: row.try_get(0)?,
            shallow: row.try_get(1)?,
            moves: row.try_get(2)?,
            deep: row.try_get(3)?,
            ending: ending_of(
                row.try_get(4)?,
                row.try_get::<_, Option<i32>>(5)?.map(i64::from),
            ),
        });
    }
    Ok(games)
}

/// Moves the tail's rows into the buckets within the open transaction:
/// written as one import of those games writes them, then deleted. The
/// number of games moved.
pub(crate) fn move_rows(db: &mut Db) -> Result<usize, DbError> {
    let games = read(db)?;
    if games.is_empty() {
        return Ok(0);
    }
    let mut pending = Pending::default();
    for game in &games {
        pending.add_game(game.game, game.ending, &game.passages());
    }
    write_pending(db, &mut pending)?;
    let ids: Vec<i64> = games.iter().map(|game| game.game).collect();
    db.query_postgres("DELETE FROM index_tail WHERE game = ANY($1)", &[&ids])?;
    Ok(games.len())
}

impl Archive {
    /// PostgreSQL: whether the transaction's next game may be stored by
    /// [`Archive::store_one_counted`]: it writes to the tail, and nothing
    /// else is counted yet (a transaction's counts are written in one
    /// statement, the rows locked in one order).
    pub(crate) fn counts_with_insert(&self) -> bool {
        let pending = &self.pending;
        pending.tail.as_ref().is_some_and(Vec::is_empty)
            && pending.tail_written < TAIL_GAMES_A_TRANSACTION
            && pending.entries.is_empty()
            && !pending.people.has_counts()
    }

    /// PostgreSQL: stores one game, counts it for its players and event
    /// and writes its row of the tail, in one statement
    /// ([`ONE_COUNTED`]); whether it was stored (else the archive holds
    /// its identity, or held it, and nothing was written). `None` when
    /// the account `live` (if some) is gone or revoked: roll back.
    pub(crate) fn store_one_counted(
        &mut self,
        game: &super::Prepared,
        now: i64,
        by: Option<&str>,
        live: Option<&str>,
    ) -> Result<Option<bool>, DbError> {
        use songo_notation::record::names;
        let ids = self
            .people_of(std::iter::once(game))?
            .pop()
            .unwrap_or_default();
        let tag = |name: &str| game.tags.get(name);
        let (south_score, north_score) = (game.score.map(|s| s.0), game.score.map(|s| s.1));
        let valid = i64::from(game.valid);
        let winner = game.verdict.map(|verdict| verdict.code());
        let forfeit = i32::from(game.verdict.is_some_and(|verdict| verdict.forfeit));
        let row = TailGame::of(0, super::game_ending(game), &game.passages);
        let (diff, won) = ending_columns(row.ending);
        let (south, north, event, site, round) = (
            tag(names::SOUTH),
            tag(names::NORTH),
            tag(names::EVENT),
            tag(names::SITE),
            tag(names::ROUND),
        );
        let params: [&(dyn postgres::types::ToSql + Sync); 28] = [
            &game.identity,
            &game.rules,
            &south,
            &north,
            &event,
            &site,
            &game.date,
            &round,
            &game.result,
            &south_score,
            &north_score,
            &game.plies,
            &valid,
            &game.violations,
            &game.record,
            &winner,
            &forfeit,
            &ids.south,
            &ids.north,
            &ids.event,
            &now,
            &by,
            &row.shallow,
            &row.moves,
            &row.deep,
            &diff,
            &won,
            &live,
        ];
        let rows = self.db.query_postgres(&ONE_COUNTED, &params)?;
        let Some(row) = rows.first() else {
            return Err(DbError::other("no answer to a game's insert"));
        };
        if !row.try_get::<_, bool>(1)? {
            return Ok(None);
        }
        let stored = row.try_get::<_, Option<i64>>(0)?.is_some();
        if stored {
            self.pending.tail_written += 1;
        }
        Ok(Some(stored))
    }

    /// PostgreSQL: a post of one game by the account `name`, found a
    /// while ago: the game stored with the account's check
    /// ([`Archive::store_one_counted`]), or when the archive holds its
    /// identity, as [`Archive::add_each_revised`] stores it (a duplicate,
    /// or a collision). Whether it was stored; `None` when the account is
    /// gone or revoked.
    pub(crate) fn post_one(
        &mut self,
        game: &super::Prepared,
        name: &str,
    ) -> Result<Option<bool>, ArchiveError> {
        let now = super::unix_now();
        match self.store_one_counted(game, now, Some(name), Some(name))? {
            Some(false) => {
                let stored = self.add_each_revised(std::slice::from_ref(game), Some(name), None)?;
                Ok(Some(stored.first() == Some(&true)))
            }
            answer => Ok(answer),
        }
    }

    /// PostgreSQL: moves the tail into the buckets (all of it, or
    /// [`TAIL_LENGTH`] times four games), in a transaction of its own,
    /// unless another handle is moving it; the games moved.
    ///
    /// # Errors
    /// The database fails (nothing of the move stays).
    pub(crate) fn move_tail(&mut self) -> Result<usize, ArchiveError> {
        if !self.db.is_postgres() {
            return Ok(0);
        }
        let db = &mut self.db;
        db.begin()?;
        let moved = (|| {
            let locked =
                db.query_postgres("SELECT pg_try_advisory_xact_lock($1)", &[&MOVE_LOCK])?;
            let locked = match locked.first() {
                Some(row) => row.try_get::<_, bool>(0)?,
                None => false,
            };
            if !locked {
                return Ok(0);
            }
            move_rows(db)
        })();
        match moved.and_then(|moved| db.batch("COMMIT").map(|()| moved)) {
            Ok(moved) => Ok(moved),
            Err(error) => {
                let _ = db.batch("ROLLBACK");
                Err(ArchiveError::from(error))
            }
        }
    }

    /// After a commit to the tail: every [`LOOK_EVERY`] of them, looks at
    /// its length and moves it when it is long, then merges the small
    /// rows the move left. A move that fails is left for the next (the
    /// transaction itself is committed already).
    pub(crate) fn after_tail_commit(&mut self) {
        self.tail_commits += 1;
        if self.tail_commits < LOOK_EVERY {
            return;
        }
        self.tail_commits = 0;
        // Counted only when its games' ids span the length: a count
        // reads every row (and the dead ones of the last move, until a
        // vacuum), the span two index entries. Posts' games are numbered
        // in turn: most looks find the tail short by its span.
        let long = self
            .db
            .query_postgres(
                "SELECT CASE WHEN (SELECT MAX(game) FROM index_tail) \
                     - (SELECT MIN(game) FROM index_tail) + 1 >= $1 \
                 THEN (SELECT COUNT(*) FROM index_tail) >= $1 ELSE FALSE END",
                &[&self.tail_length],
            )
            .ok()
            .and_then(|rows| rows.first().and_then(|row| row.try_get::<_, bool>(0).ok()))
            .unwrap_or(false);
        if long && self.move_tail().is_ok_and(|moved| moved > 0) {
            let _ = self.merge_small();
        }
    }

    /// For tests: the tail's length past which it is moved.
    #[doc(hidden)]
    pub fn set_tail_length(&mut self, games: i64) {
        self.tail_length = games.max(1);
    }
}

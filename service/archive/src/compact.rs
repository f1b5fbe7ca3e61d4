//! Merging the small rows of the position index and of the explorer's
//! counts.
//!
//! Writers only insert rows (a transaction's entries of a bucket), so that
//! writers at once never wait on each other's rows: a game posted at a
//! time leaves a small row in each bucket it touches. Every
//! [`COMPACT_EVERY`] small transactions, a handle merges the small rows of
//! its buckets, 16,384 at most a merge (schema 11 indexes the small rows
//! only), in a transaction of its own after its commit, so that a bucket's
//! rows stay about one per half [`postings::MAX_ROW_BYTES`] of its entries and its
//! reads stay bounded by its bytes. In PostgreSQL the rows merged are
//! locked, and rows another merge holds are skipped: merges at once
//! never wait on each other either.

use super::db::{Db, DbError, Value, retrying};
use super::{Archive, ArchiveError, counts, insert_counts, insert_postings, postings};

/// Small transactions of one handle between two merges.
pub(crate) const COMPACT_EVERY: u32 = 32;

/// A transaction with fewer index entries than this is small.
pub(crate) const SMALL_TRANSACTION_ENTRIES: usize = 4_096;

/// Small rows merged at most by one merge.
const ROWS_A_MERGE: i64 = 16_384;

/// Values of one `DELETE … WHERE id IN (…)`.
const IDS_A_STATEMENT: usize = 1_000;

/// What makes a row small (under half of [`postings::MAX_ROW_BYTES`]):
/// the predicate of schema 11's partial indexes, written alike in the
/// queries so that the databases use them.
const SMALL: &str = "length(entries) < 512";

/// What one merge did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Compacted {
    /// Small rows merged (and deleted).
    pub merged: u64,
    /// Rows written in their place.
    pub written: u64,
}

impl Archive {
    /// Merges the small rows of the buckets (16,384 at most), in a
    /// transaction of its own (done by itself every 32
    /// small transactions of a handle).
    ///
    /// # Errors
    /// The database fails (nothing of the merge stays).
    pub fn compact(&mut self) -> Result<Compacted, ArchiveError> {
        let db = &mut self.db;
        retrying(
            || {
                db.begin()?;
                let merged = merge_postings(db).and_then(|postings| {
                    let counts = merge_counts(db)?;
                    Ok(Compacted {
                        merged: postings.merged + counts.merged,
                        written: postings.written + counts.written,
                    })
                });
                match merged.and_then(|merged| db.batch("COMMIT").map(|()| merged)) {
                    Ok(merged) => Ok(merged),
                    Err(error) => {
                        let _ = db.batch("ROLLBACK");
                        Err(ArchiveError::from(error))
                    }
                }
            },
            ArchiveError::is_conflict,
        )
    }

    /// Counts a committed transaction of `entries` index entries, and
    /// merges small rows when it is the [`COMPACT_EVERY`]-th small one. A
    /// merge that fails is left for the next (the transaction itself is
    /// committed already).
    pub(crate) fn after_commit(&mut self, entries: usize) {
        if entries == 0 || entries >= SMALL_TRANSACTION_ENTRIES {
            return;
        }
        self.small_commits += 1;
        if self.small_commits >= COMPACT_EVERY {
            self.small_commits = 0;
            let _ = self.compact();
        }
    }
}

/// In PostgreSQL, the rows merged are locked; those another merge holds
/// are left to it.
fn lock(db: &Db) -> &'static str {
    if db.is_postgres() {
        " FOR UPDATE SKIP LOCKED"
    } else {
        ""
    }
}

/// `(…, …)`: `count` parameters from `$1`.
fn parameters(count: usize) -> String {
    let numbers: Vec<String> = (1..=count).map(|n| format!("${n}")).collect();
    format!("({})", numbers.join(", "))
}

/// Deletes the rows of `table` of these ids.
fn delete_rows(db: &mut Db, table: &str, ids: &[i64]) -> Result<(), DbError> {
    for chunk in ids.chunks(IDS_A_STATEMENT) {
        let values: Vec<Value> = chunk.iter().map(|&id| id.into()).collect();
        db.execute(
            &format!(
                "DELETE FROM {table} WHERE id IN {}",
                parameters(chunk.len())
            ),
            &values,
        )?;
    }
    Ok(())
}

/// The small rows (16,384 at most), in bucket order
/// and, within one, oldest first: `columns` then `entries` of each.
fn small_rows(
    db: &mut Db,
    table: &str,
    key: &str,
    order: &str,
) -> Result<Vec<Vec<Value>>, DbError> {
    // Revision rows of the posting lists (a negative batch) stand apart:
    // never merged.
    let not_revisions = if table == "positions" {
        " AND batch > 0"
    } else {
        ""
    };
    db.query(
        &format!(
            "SELECT id, {key}, entries FROM {table} WHERE {SMALL}{not_revisions} \
             ORDER BY {key}, {order} LIMIT $1{}",
            lock(db)
        ),
        &[ROWS_A_MERGE.into()],
    )
}

fn merge_postings(db: &mut Db) -> Result<Compacted, DbError> {
    let rows = small_rows(db, "positions", "bucket, deep", "batch")?;
    let mut done = Compacted::default();
    let mut deleted = Vec::new();
    let mut values = Vec::new();
    let mut start = 0;
    while start < rows.len() {
        let int = |row: &[Value], i: usize| row.get(i).and_then(Value::int).unwrap_or(-1);
        let (bucket, deep) = (int(&rows[start], 1), int(&rows[start], 2));
        let end = start
            + rows[start..]
                .iter()
                .take_while(|row| int(row, 1) == bucket && int(row, 2) == deep)
                .count();
        let group = &rows[start..end];
        start = end;
        // Another merge holds the others (PostgreSQL): one alone stays.
        if group.len() < 2 {
            continue;
        }
        let mut entries = Vec::new();
        for row in group {
            deleted.push(int(row, 0));
            if let Some(bytes) = row.get(3).and_then(Value::bytes) {
                postings::decode(bytes, |entry| entries.push(entry));
            }
        }
        // A game's entries sit in one row of a bucket: sorted by game
        // (stably), they stay together.
        entries.sort_by_key(|entry| entry.game);
        for (batch, bytes) in postings::split_into_rows(&entries) {
            values.extend([
                Value::Int(bucket),
                Value::Int(deep),
                Value::Int(batch),
                Value::Blob(bytes),
            ]);
            done.written += 1;
        }
        done.merged += group.len() as u64;
    }
    delete_rows(db, "positions", &deleted)?;
    insert_postings(db, &values)?;
    Ok(done)
}

fn merge_counts(db: &mut Db) -> Result<Compacted, DbError> {
    let rows = small_rows(db, "explorer", "bucket", "id")?;
    let mut done = Compacted::default();
    let mut deleted = Vec::new();
    let mut values = Vec::new();
    let mut start = 0;
    while start < rows.len() {
        let int = |row: &[Value], i: usize| row.get(i).and_then(Value::int).unwrap_or(-1);
        let bucket = int(&rows[start], 1);
        let end = start
            + rows[start..]
                .iter()
                .take_while(|row| int(row, 1) == bucket)
                .count();
        let group = &rows[start..end];
        start = end;
        if group.len() < 2 {
            continue;
        }
        let mut entries = Vec::new();
        for row in group {
            deleted.push(int(row, 0));
            if let Some(bytes) = row.get(2).and_then(Value::bytes) {
                entries.extend(counts::entries_of(bytes, bucket));
            }
        }
        for bytes in counts::split_into_rows(&counts::coalesce(entries)) {
            values.extend([Value::Int(bucket), Value::Blob(bytes)]);
            done.written += 1;
        }
        done.merged += group.len() as u64;
    }
    delete_rows(db, "explorer", &deleted)?;
    insert_counts(db, &values)?;
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small row is one under half the largest, as schema 11's indexes
    /// say.
    #[test]
    fn small_is_what_the_indexes_of_schema_11_say() {
        assert_eq!(
            SMALL,
            format!("length(entries) < {}", postings::MAX_ROW_BYTES / 2)
        );
        let schema = crate::schema::sql_of(11).expect("schema 11");
        assert_eq!(schema.matches(SMALL).count(), 2, "{schema}");
    }
}

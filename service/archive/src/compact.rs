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

use super::db::{Db, DbError, Value, placeholders, retrying};
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
    /// small transactions of a handle); in PostgreSQL, moves the tail of
    /// games posted one at a time into the buckets first (`tail.rs`).
    ///
    /// # Errors
    /// The database fails (nothing of the merge stays).
    pub fn compact(&mut self) -> Result<Compacted, ArchiveError> {
        // PostgreSQL: the tail's games first, so that all are merged.
        self.move_tail()?;
        self.merge_small()
    }

    /// The merge of [`Archive::compact`], the tail left where it is.
    pub(crate) fn merge_small(&mut self) -> Result<Compacted, ArchiveError> {
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
            let _ = self.merge_small();
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

/// Deletes the rows of `table` of these ids.
fn delete_rows(db: &mut Db, table: &str, ids: &[i64]) -> Result<(), DbError> {
    for chunk in ids.chunks(IDS_A_STATEMENT) {
        let values: Vec<Value> = chunk.iter().map(|&id| id.into()).collect();
        db.execute(
            &format!(
                "DELETE FROM {table} WHERE id IN ({})",
                placeholders(1, chunk.len())
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
    also: &str,
) -> Result<Vec<Vec<Value>>, DbError> {
    db.query(
        &format!(
            "SELECT id, {key}, entries FROM {table} WHERE {SMALL}{also} \
             ORDER BY {key}, {order} LIMIT $1{}",
            lock(db)
        ),
        &[ROWS_A_MERGE.into()],
    )
}

/// Merges the small rows of `table` (those `also` keeps) bucket by
/// bucket: its rows are `id`, the `key` columns (`key_width` of them: a
/// bucket), then `entries`;
/// `merge` turns one bucket's entries into the values of its new rows
/// (appended to its third argument; it gives how many rows), which
/// `insert` writes once the old rows are deleted.
fn merge_small_rows(
    db: &mut Db,
    (table, key, order, key_width, also): (&str, &str, &str, usize, &str),
    merge: impl Fn(&[i64], Vec<&[u8]>, &mut Vec<Value>) -> u64,
    insert: fn(&mut Db, &[Value]) -> Result<(), DbError>,
) -> Result<Compacted, DbError> {
    let rows = small_rows(db, table, key, order, also)?;
    let int = |row: &[Value], i: usize| row.get(i).and_then(Value::int).unwrap_or(-1);
    let bucket_of = |row: &[Value]| -> Vec<i64> { (1..=key_width).map(|i| int(row, i)).collect() };
    let mut done = Compacted::default();
    let mut deleted = Vec::new();
    let mut values = Vec::new();
    let mut start = 0;
    while start < rows.len() {
        let bucket = bucket_of(&rows[start]);
        let end = start
            + rows[start..]
                .iter()
                .take_while(|row| bucket_of(row) == bucket)
                .count();
        let group = &rows[start..end];
        start = end;
        // Another merge holds the others (PostgreSQL): one alone stays.
        if group.len() < 2 {
            continue;
        }
        deleted.extend(group.iter().map(|row| int(row, 0)));
        let entries = group
            .iter()
            .filter_map(|row| row.get(key_width + 1).and_then(Value::bytes))
            .collect();
        done.written += merge(&bucket, entries, &mut values);
        done.merged += group.len() as u64;
    }
    delete_rows(db, table, &deleted)?;
    insert(db, &values)?;
    Ok(done)
}

fn merge_postings(db: &mut Db) -> Result<Compacted, DbError> {
    merge_small_rows(
        db,
        // Revision rows (a negative batch) stand apart: never merged.
        ("positions", "bucket, deep", "batch", 2, " AND batch > 0"),
        |bucket, rows, values| {
            let mut entries = Vec::new();
            for bytes in rows {
                postings::decode(bytes, |entry| entries.push(entry));
            }
            // A game's entries sit in one row of a bucket: sorted by game
            // (stably), they stay together.
            entries.sort_by_key(|entry| entry.game);
            let merged = postings::split_into_rows(&entries);
            let written = merged.len() as u64;
            for (batch, bytes) in merged {
                values.extend([
                    Value::Int(bucket[0]),
                    Value::Int(bucket[1]),
                    Value::Int(batch),
                    Value::Blob(bytes),
                ]);
            }
            written
        },
        insert_postings,
    )
}

fn merge_counts(db: &mut Db) -> Result<Compacted, DbError> {
    merge_small_rows(
        db,
        ("explorer", "bucket", "id", 1, ""),
        |bucket, rows, values| {
            let entries = rows
                .into_iter()
                .flat_map(|bytes| counts::entries_of(bytes, bucket[0]))
                .collect();
            let merged = counts::split_into_rows(&counts::coalesce(entries));
            let written = merged.len() as u64;
            for bytes in merged {
                values.extend([Value::Int(bucket[0]), Value::Blob(bytes)]);
            }
            written
        },
        insert_counts,
    )
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

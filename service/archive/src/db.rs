//! The two backends behind one small synchronous interface: statements
//! with `$1`-style parameters and rows of [`Value`]s. SQLite numbers
//! `$N` parameters in order of first appearance, so the same text binds
//! the same way in both when the parameters appear in order.

use std::collections::HashMap;
use std::fmt;

use postgres::types::{IsNull, ToSql, Type, to_sql_checked};

/// A parameter or a column's value: the store uses integers, texts and
/// the position index's bytes only (booleans are 0/1), so both backends
/// read and write the same.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Value {
    Null,
    Int(i64),
    Text(String),
    Blob(Vec<u8>),
}

impl Value {
    pub(crate) fn int(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }

    pub(crate) fn text(&self) -> Option<&str> {
        match self {
            Value::Text(text) => Some(text),
            _ => None,
        }
    }

    pub(crate) fn bytes(&self) -> Option<&[u8]> {
        match self {
            Value::Blob(bytes) => Some(bytes),
            _ => None,
        }
    }
}

impl From<i64> for Value {
    fn from(n: i64) -> Value {
        Value::Int(n)
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::Text(text.to_owned())
    }
}

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::Text(text)
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(value: Option<T>) -> Value {
        value.map_or(Value::Null, Into::into)
    }
}

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, ValueRef};
        Ok(match self {
            Value::Null => ToSqlOutput::Borrowed(ValueRef::Null),
            Value::Int(n) => ToSqlOutput::Borrowed(ValueRef::Integer(*n)),
            Value::Text(text) => ToSqlOutput::Borrowed(ValueRef::Text(text.as_bytes())),
            Value::Blob(bytes) => ToSqlOutput::Borrowed(ValueRef::Blob(bytes)),
        })
    }
}

/// PostgreSQL's types are strict: an integer goes as the width the
/// column has, a text as text.
impl ToSql for Value {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut bytes::BytesMut,
    ) -> Result<IsNull, Box<dyn std::error::Error + Sync + Send>> {
        match self {
            Value::Null => Ok(IsNull::Yes),
            Value::Int(n) if *ty == Type::INT4 => i32::try_from(*n)?.to_sql(ty, out),
            Value::Int(n) if *ty == Type::INT2 => i16::try_from(*n)?.to_sql(ty, out),
            Value::Int(n) => n.to_sql(ty, out),
            Value::Text(text) => text.as_str().to_sql(ty, out),
            Value::Blob(bytes) => bytes.as_slice().to_sql(ty, out),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

/// What went wrong in the database, in its own words.
#[derive(Debug)]
pub(crate) enum DbError {
    /// The disk (or the file's size limit) is full.
    Full(String),
    /// The transaction lost a race with another one and was rolled back
    /// whole (PostgreSQL's deadlock `40P01` or serialization failure
    /// `40001`; SQLite busy past its wait): the same work may simply be
    /// done again ([`retrying`]).
    Conflict {
        /// PostgreSQL's SQLSTATE (`SQLITE_BUSY` for SQLite).
        state: String,
        /// The database's words.
        text: String,
    },
    /// Anything else, with PostgreSQL's SQLSTATE when it sent one.
    Other {
        /// The SQLSTATE, when known.
        state: Option<String>,
        /// The database's words.
        text: String,
    },
}

impl DbError {
    /// Another failure, in these words.
    pub(crate) fn other(text: impl Into<String>) -> DbError {
        DbError::Other {
            state: None,
            text: text.into(),
        }
    }
}

impl fmt::Display for DbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DbError::Full(text) | DbError::Conflict { text, .. } | DbError::Other { text, .. } => {
                f.write_str(text)
            }
        }
    }
}

impl From<rusqlite::Error> for DbError {
    fn from(error: rusqlite::Error) -> DbError {
        match error.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DiskFull) => DbError::Full(error.to_string()),
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
                DbError::Conflict {
                    state: "SQLITE_BUSY".to_owned(),
                    text: error.to_string(),
                }
            }
            _ => DbError::other(error.to_string()),
        }
    }
}

impl From<postgres::Error> for DbError {
    fn from(error: postgres::Error) -> DbError {
        use postgres::error::SqlState;
        // The server's message, when it sent one, says more than the client's.
        let text = error
            .as_db_error()
            .map_or_else(|| error.to_string(), |db| db.message().to_owned());
        match error.code() {
            Some(code) if *code == SqlState::DISK_FULL => DbError::Full(text),
            Some(code)
                if *code == SqlState::T_R_DEADLOCK_DETECTED
                    || *code == SqlState::T_R_SERIALIZATION_FAILURE =>
            {
                DbError::Conflict {
                    state: code.code().to_owned(),
                    text,
                }
            }
            code => DbError::Other {
                state: code.map(|code| code.code().to_owned()),
                text,
            },
        }
    }
}

/// Times a transaction that lost a race is done again before its
/// conflict is reported.
pub(crate) const CONFLICT_RETRIES: usize = 3;

/// Runs `transaction` (which begins, works and commits or rolls back),
/// again when it lost a race with another writer ([`DbError::Conflict`]),
/// up to [`CONFLICT_RETRIES`] more times.
pub(crate) fn retrying<T, E>(
    mut transaction: impl FnMut() -> Result<T, E>,
    is_conflict: impl Fn(&E) -> bool,
) -> Result<T, E> {
    let mut tries = 0;
    loop {
        match transaction() {
            Err(error) if is_conflict(&error) && tries < CONFLICT_RETRIES => {
                tries += 1;
                // A short pause, longer each time, so the two writers part.
                std::thread::sleep(std::time::Duration::from_millis(5 << tries));
            }
            outcome => return outcome,
        }
    }
}

/// One connection to either backend.
pub(crate) enum Db {
    Sqlite(rusqlite::Connection),
    Postgres {
        client: Box<postgres::Client>,
        /// Statements prepared once per connection.
        prepared: HashMap<String, postgres::Statement>,
    },
}

/// A statement written with PostgreSQL's parameters (`$1`, `$2` …) for
/// SQLite, where `$1` is a *named* parameter (bound by its first
/// appearance): each `$N` becomes `?N`, SQLite's numbered parameter, so
/// that `$N` is the N-th value in both databases, however the statement
/// orders or repeats them. (The store's statements hold no `$` in a
/// string literal.)
fn numbered(sql: &str) -> std::borrow::Cow<'_, str> {
    if !sql.contains('$') {
        return std::borrow::Cow::Borrowed(sql);
    }
    let bytes = sql.as_bytes();
    let mut out = String::with_capacity(sql.len());
    for (i, c) in sql.char_indices() {
        if c == '$' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
            out.push('?');
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// `$from, $from+1, …`: `count` parameters (an `IN (…)` list).
pub(crate) fn placeholders(from: usize, count: usize) -> String {
    (from..from + count)
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Db {
    pub(crate) fn is_postgres(&self) -> bool {
        matches!(self, Db::Postgres { .. })
    }

    /// Starts a transaction; SQLite takes the write lock at once, so that
    /// two writers queue instead of failing at their first write.
    pub(crate) fn begin(&mut self) -> Result<(), DbError> {
        let sql = if self.is_postgres() {
            "BEGIN"
        } else {
            "BEGIN IMMEDIATE"
        };
        self.batch(sql)
    }

    /// [`Db::begin`] for a transaction of a few rows (a post's game): in
    /// PostgreSQL, its statements run on their generic plans, made once a
    /// connection, in the same round trip as the `BEGIN`. Their arrays'
    /// lengths make PostgreSQL plan them again at each call otherwise (a
    /// plan for one game costs less than the generic one, made for many):
    /// the third of the database's CPU a post. A plan made while the
    /// tables were empty is made again at their first `ANALYZE`. Made
    /// without sequential scans nor hash joins: a generic plan knows no
    /// array's length, and on a table of a few thousand rows (`events`)
    /// it read the whole table for a few games' rows, again at each post
    /// until the table's next `ANALYZE` (performance.md).
    pub(crate) fn begin_small(&mut self) -> Result<(), DbError> {
        if self.is_postgres() {
            self.batch(
                "BEGIN; SET LOCAL plan_cache_mode = force_generic_plan; \
                 SET LOCAL enable_seqscan = off; SET LOCAL enable_hashjoin = off",
            )
        } else {
            self.begin()
        }
    }

    /// Runs statements without parameters (DDL, BEGIN/COMMIT).
    pub(crate) fn batch(&mut self, sql: &str) -> Result<(), DbError> {
        match self {
            Db::Sqlite(connection) => connection.execute_batch(sql)?,
            Db::Postgres { client, .. } => client.batch_execute(sql)?,
        }
        Ok(())
    }

    /// Runs one statement; the number of rows it changed.
    pub(crate) fn execute(&mut self, sql: &str, params: &[Value]) -> Result<u64, DbError> {
        match self {
            Db::Sqlite(connection) => {
                let mut statement = connection.prepare_cached(&numbered(sql))?;
                let changed = statement.execute(rusqlite::params_from_iter(params.iter()))?;
                Ok(changed as u64)
            }
            Db::Postgres { client, prepared } => {
                let statement = pg_statement(client, prepared, sql)?;
                let params: Vec<&(dyn ToSql + Sync)> =
                    params.iter().map(|p| p as &(dyn ToSql + Sync)).collect();
                Ok(client.execute(&statement, &params)?)
            }
        }
    }

    /// Runs a query; its rows.
    pub(crate) fn query(
        &mut self,
        sql: &str,
        params: &[Value],
    ) -> Result<Vec<Vec<Value>>, DbError> {
        match self {
            Db::Sqlite(connection) => {
                let mut statement = connection.prepare_cached(&numbered(sql))?;
                let width = statement.column_count();
                let mut rows = statement.query(rusqlite::params_from_iter(params.iter()))?;
                let mut all = Vec::new();
                while let Some(row) = rows.next()? {
                    let mut values = Vec::with_capacity(width);
                    for i in 0..width {
                        use rusqlite::types::ValueRef;
                        values.push(match row.get_ref(i)? {
                            ValueRef::Null => Value::Null,
                            ValueRef::Integer(n) => Value::Int(n),
                            // A SUM may come back as a real: the store
                            // holds integers only, so it is one.
                            #[allow(clippy::cast_possible_truncation)]
                            ValueRef::Real(x) => Value::Int(x as i64),
                            ValueRef::Text(text) => {
                                Value::Text(String::from_utf8_lossy(text).into_owned())
                            }
                            ValueRef::Blob(bytes) => Value::Blob(bytes.to_vec()),
                        });
                    }
                    all.push(values);
                }
                Ok(all)
            }
            Db::Postgres { client, prepared } => {
                let statement = pg_statement(client, prepared, sql)?;
                let params: Vec<&(dyn ToSql + Sync)> =
                    params.iter().map(|p| p as &(dyn ToSql + Sync)).collect();
                let rows = client.query(&statement, &params)?;
                let mut all = Vec::with_capacity(rows.len());
                for row in rows {
                    let mut values = Vec::with_capacity(row.len());
                    for (i, column) in row.columns().iter().enumerate() {
                        let ty = column.type_();
                        let value = if *ty == Type::INT8 {
                            row.try_get::<_, Option<i64>>(i)?.into()
                        } else if *ty == Type::INT4 {
                            row.try_get::<_, Option<i32>>(i)?.map(i64::from).into()
                        } else if *ty == Type::INT2 {
                            row.try_get::<_, Option<i16>>(i)?.map(i64::from).into()
                        } else if *ty == Type::BOOL {
                            row.try_get::<_, Option<bool>>(i)?.map(i64::from).into()
                        } else if *ty == Type::BYTEA {
                            row.try_get::<_, Option<Vec<u8>>>(i)?
                                .map_or(Value::Null, Value::Blob)
                        } else {
                            row.try_get::<_, Option<String>>(i)?.into()
                        };
                        values.push(value);
                    }
                    all.push(values);
                }
                Ok(all)
            }
        }
    }
}

impl Db {
    /// PostgreSQL only: runs a statement whose parameters are typed
    /// values of the driver (arrays, for the bulk writes of an import:
    /// a statement per batch instead of one per game); its rows.
    pub(crate) fn query_postgres(
        &mut self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<postgres::Row>, DbError> {
        match self {
            Db::Sqlite(_) => Err(DbError::other("a PostgreSQL statement sent to SQLite")),
            Db::Postgres { client, prepared } => {
                let statement = pg_statement(client, prepared, sql)?;
                Ok(client.query(&statement, params)?)
            }
        }
    }
}

fn pg_statement(
    client: &mut postgres::Client,
    prepared: &mut HashMap<String, postgres::Statement>,
    sql: &str,
) -> Result<postgres::Statement, DbError> {
    if let Some(statement) = prepared.get(sql) {
        return Ok(statement.clone());
    }
    let statement = client.prepare(sql)?;
    prepared.insert(sql.to_owned(), statement.clone());
    Ok(statement)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `$N` is the N-th value in SQLite too, whatever the order in which
    /// the statement names them (as a named parameter, `$2` written first
    /// would be bound to the first value).
    #[test]
    fn parameters_mean_the_same_in_both_databases() {
        assert_eq!(numbered("SELECT $2, $1, $2"), "SELECT ?2, ?1, ?2");
        assert_eq!(numbered("SELECT 1"), "SELECT 1");
        let connection = rusqlite::Connection::open_in_memory().expect("a database");
        let mut db = Db::Sqlite(connection);
        let rows = db
            .query("SELECT $2, $1, $2", &[Value::Int(1), Value::Int(2)])
            .expect("a row");
        assert_eq!(
            rows,
            vec![vec![Value::Int(2), Value::Int(1), Value::Int(2)]]
        );
    }

    /// A small transaction's statements run on their generic plans, and
    /// only its own: the next transaction of the connection plans as
    /// PostgreSQL chooses.
    #[test]
    fn a_small_transaction_and_only_it_runs_on_generic_plans() {
        let url = std::env::var("SONGO_TEST_POSTGRES")
            .expect("the PostgreSQL tests need a server: set SONGO_TEST_POSTGRES");
        let client = postgres::Client::connect(&url, postgres::NoTls).expect("connected");
        let mut db = Db::Postgres {
            client: Box::new(client),
            prepared: HashMap::new(),
        };
        let mode = |db: &mut Db| {
            let rows = db.query("SHOW plan_cache_mode", &[]).expect("shown");
            rows.first().and_then(|row| row.first()).cloned()
        };
        let auto = Some(Value::Text("auto".to_owned()));
        assert_eq!(mode(&mut db), auto);
        let seqscan = |db: &mut Db| {
            let rows = db.query("SHOW enable_seqscan", &[]).expect("shown");
            rows.first().and_then(|row| row.first()).cloned()
        };
        db.begin_small().expect("begun");
        assert_eq!(
            mode(&mut db),
            Some(Value::Text("force_generic_plan".to_owned()))
        );
        assert_eq!(seqscan(&mut db), Some(Value::Text("off".to_owned())));
        db.batch("COMMIT").expect("committed");
        assert_eq!(mode(&mut db), auto);
        assert_eq!(seqscan(&mut db), Some(Value::Text("on".to_owned())));
        db.begin().expect("begun");
        assert_eq!(mode(&mut db), auto);
        db.batch("ROLLBACK").expect("rolled back");
    }
}

//! Corrections with history (schema 7): a stored game's tags edited or
//! its moves replaced, the game deleted or restored; each change a new
//! revision with when, who and why, and nothing ever lost.
//!
//! - A game keeps its public id (the identity of the text first
//!   imported) through every revision; `games` holds its current text
//!   and what is read from it, `revision` its number and `deleted`.
//! - `revisions` holds every text a changed game has had, revision 1 the
//!   one imported (written when the game first changes: a game never
//!   changed costs no second copy of its text). Each row keeps its text's
//!   identity, so that an import of any text a game has had is a
//!   duplicate of it.
//! - Every change checks the revision it was made against (`If-Match`):
//!   of two keepers editing the same revision, the second is refused
//!   ([`ArchiveError::Stale`]) instead of silently overwriting.
//! - The position index and the explorer follow the current revision
//!   only: a change takes the old text's counts out and puts the new
//!   text's in through `explorer_corrections` (signed counts summed with
//!   the packed rows when read), adds the new text's positions to the
//!   posting lists, and a position search checks a revised game's
//!   current text before listing it. Deleted games are in no list.

use serde::Serialize;
use songo_notation::Ruleset;
use songo_notation::record::{GameText, Tags, games, names, parse_text, tag_lines};
use songo_notation::validate::Options;

use super::accounts::{Account, rfc3339};
use super::counts::{Counts, Ending};
use super::db::{Db, DbError, Value, placeholders, retrying};
use super::ingest::{self, Passage, Prepared, identity_of, public_id};
use super::people::attach_game;
use super::{Archive, ArchiveError, game_columns, postings, values_sql};

/// A change to a stored game's text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameChange {
    /// Tags to set, `(name, value)`, in order; an empty value removes the
    /// tag.
    pub tags: Vec<(String, String)>,
    /// New move text; a record's tag lines before it are left out (its
    /// own tags are not the game's).
    pub moves: Option<String>,
}

/// Who makes a change, and why.
#[derive(Debug, Clone, Copy)]
pub struct Author<'a> {
    /// The account, or the local user.
    pub by: &'a str,
    /// Why (a keeper's words).
    pub reason: Option<&'a str>,
    /// The account of a change made over HTTP, whose scope and club decide
    /// whether it may change the game (a club's write account changes its
    /// own events' games only); `None` from the command line, which may
    /// change every game of the archive it opens.
    pub account: Option<&'a Account>,
}

/// What a change made of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Revised {
    /// The game's public id (unchanged by revisions).
    pub id: String,
    /// Its revision now.
    pub revision: i64,
    /// Whether it is deleted now.
    pub deleted: bool,
}

/// One revision of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Revision {
    /// Its number, from 1 (the text imported).
    pub revision: i64,
    /// When, in RFC 3339 (UTC).
    pub at: String,
    /// Who: an account, the local user, or `import`.
    pub by: String,
    /// What was done: `import`, `edit`, `update` (a corrected text
    /// imported with `--update`), `delete`, `restore`.
    pub action: String,
    /// Why, when given.
    pub reason: Option<String>,
    /// The game's text at that revision.
    pub record: String,
    /// Whether the game was deleted at that revision.
    pub deleted: bool,
}

/// Every revision of a game, oldest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct History {
    /// The game's public id.
    pub id: String,
    /// Its revisions.
    pub revisions: Vec<Revision>,
}

/// What a change does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Edit,
    Update,
    Delete,
    Restore,
}

impl Action {
    const fn as_str(self) -> &'static str {
        match self {
            Action::Edit => "edit",
            Action::Update => "update",
            Action::Delete => "delete",
            Action::Restore => "restore",
        }
    }
}

/// The stored game a change starts from.
struct Current {
    id: i64,
    identity: i64,
    rules: Option<Ruleset>,
    record: String,
    score: Option<(i64, i64)>,
    revision: i64,
    deleted: bool,
    imported: i64,
}

/// Seconds since 1970, now.
fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0))
}

/// The text of a record with `change` made: its tag lines written again
/// with the tags changed (the `;` comment lines among them kept, first),
/// its move text kept as it was (or replaced).
#[must_use]
pub fn changed_text(record: &str, change: &GameChange) -> String {
    let (header, moves) = split_header(record);
    let mut tags = tags_of_text(header);
    for (name, value) in &change.tags {
        if value.is_empty() {
            tags.remove(name);
        } else {
            tags.set(name, value.clone());
        }
    }
    let moves = change
        .moves
        .as_deref()
        .map_or(moves, |text| split_header(text).1);
    let mut text: String = header
        .lines()
        .filter(|line| line.trim_start().starts_with(';'))
        .flat_map(|line| [line.trim_end(), "\n"])
        .collect();
    text.push_str(&tag_lines(&tags));
    if !text.is_empty() {
        text.push('\n');
    }
    text.push_str(moves.trim());
    text.push('\n');
    text
}

/// A record's header (its leading tag lines, with the blank and `;`
/// comment lines among them) and the rest (its move text).
fn split_header(record: &str) -> (&str, &str) {
    let mut end = 0;
    for line in record.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if !(trimmed.is_empty() || trimmed.starts_with('[') || trimmed.starts_with(';')) {
            break;
        }
        end += line.len();
    }
    record.split_at(end)
}

/// Whether a new text names the players, the event, its site and the
/// date as a stored record does: what a game's players and event hang on.
fn same_people(record: &str, new: &Tags) -> bool {
    let old = tags_of_text(split_header(record).0);
    [
        names::SOUTH,
        names::NORTH,
        names::EVENT,
        names::SITE,
        names::DATE,
    ]
    .iter()
    .all(|name| old.get(name) == new.get(name))
}

/// The tags of tag lines.
fn tags_of_text(header: &str) -> Tags {
    games(header)
        .next()
        .map(|game| parse_text(&game).record.tags)
        .unwrap_or_default()
}

/// The explorer's counts a game's passages of the first plies make, once
/// each, with `sign` (+1 to add, -1 to take out).
fn signed_counts(
    passages: &[Passage],
    ending: Option<Ending>,
    sign: i64,
) -> Vec<(i64, String, Counts)> {
    passages
        .iter()
        .filter(|passage| passage.ply <= postings::EXPLORER_PLIES)
        .map(|passage| {
            let mut counts = Counts::default();
            counts.add(ending);
            counts.games *= sign;
            counts.south *= sign;
            counts.north *= sign;
            counts.draws *= sign;
            counts.score_sum *= sign;
            (
                passage.key,
                passage.next.clone().unwrap_or_default(),
                counts,
            )
        })
        .collect()
}

/// Adds signed counts to `explorer_corrections`, in (key, move) order:
/// two changes at once lock the rows they share in the same order, and
/// so never wait for each other in a circle.
fn correct_counts(db: &mut Db, counts: &mut Vec<(i64, String, Counts)>) -> Result<(), DbError> {
    counts.sort_unstable_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    // What a correction takes out and puts back at the same position and
    // move cancels out (all of it when only tags changed): summed first,
    // the rows left are the counts that change.
    let mut summed: Vec<(i64, String, Counts)> = Vec::with_capacity(counts.len());
    for (key, played, c) in counts.drain(..) {
        match summed.last_mut() {
            Some(last) if last.0 == key && last.1 == played => last.2.merge(&c),
            _ => summed.push((key, played, c)),
        }
    }
    summed.retain(|(_, _, c)| *c != Counts::default());
    for (key, played, c) in &summed {
        db.execute(
            "INSERT INTO explorer_corrections (key, move, games, south, north, draws, score_sum) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (key, move) DO UPDATE SET \
             games = explorer_corrections.games + excluded.games, \
             south = explorer_corrections.south + excluded.south, \
             north = explorer_corrections.north + excluded.north, \
             draws = explorer_corrections.draws + excluded.draws, \
             score_sum = explorer_corrections.score_sum + excluded.score_sum",
            &[
                (*key).into(),
                played.as_str().into(),
                c.games.into(),
                c.south.into(),
                c.north.into(),
                c.draws.into(),
                c.score_sum.into(),
            ],
        )?;
    }
    Ok(())
}

/// The columns of one row of `revisions`.
const REVISION_COLUMNS: usize = 9;

/// Writes a change's rows of `revisions` (`rows`, [`REVISION_COLUMNS`]
/// values each) and brings the game's row to it (`row`: an `UPDATE` and
/// its values, numbered from `$1`); the game rows the update changed.
/// PostgreSQL takes both in one statement (one round trip: an edit's
/// latency there is its round trips and its commit); SQLite, in process,
/// runs them one after the other.
fn write_revisions_and_row(
    db: &mut Db,
    rows: Vec<Value>,
    row: (&str, Vec<Value>),
) -> Result<u64, DbError> {
    let insert = format!(
        "INSERT INTO revisions (game, revision, made_at, author, action, reason, record, \
         identity, deleted){}",
        values_sql(rows.len() / REVISION_COLUMNS, REVISION_COLUMNS)
    );
    let (update, update_values) = row;
    if db.is_postgres() {
        let update = shift_parameters(update, rows.len());
        let mut values = rows;
        values.extend(update_values);
        db.execute(&format!("WITH kept AS ({insert}) {update}"), &values)
    } else {
        db.execute(&insert, &rows)?;
        db.execute(update, &update_values)
    }
}

/// `sql` with each parameter `$N` renumbered `$N+by`.
fn shift_parameters(sql: &str, by: usize) -> String {
    let mut out = String::with_capacity(sql.len() + 8);
    let mut rest = sql;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let digits = rest[at + 1..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len() - at - 1);
        match rest[at + 1..at + 1 + digits].parse::<usize>() {
            Ok(n) => out.push_str(&format!("${}", n + by)),
            Err(_) => out.push('$'),
        }
        rest = &rest[at + 1 + digits..];
    }
    out.push_str(rest);
    out
}

/// The `UPDATE` that brings a game's row to a new text, and its values;
/// it changes no row when the game's revision moved meanwhile.
fn new_text_update(id: i64, revision: i64, game: &Prepared) -> (&'static str, Vec<Value>) {
    let mut params = game_columns(game).to_vec();
    params.extend([
        game.verdict.map(|verdict| verdict.code()).into(),
        i64::from(game.verdict.is_some_and(|verdict| verdict.forfeit)).into(),
        id.into(),
        revision.into(),
    ]);
    (
        "UPDATE games SET rules = $1, south = $2, north = $3, event = $4, site = $5, \
         date = $6, round = $7, result = $8, south_score = $9, north_score = $10, \
         plies = $11, valid = $12, violations = $13, record = $14, winner = $15, \
         forfeit = $16, revision = revision + 1 WHERE id = $17 AND revision = $18",
        params,
    )
}

impl Archive {
    /// Edits a stored game: sets or removes tags, replaces its moves.
    /// `expected`: the revision the change was made against (`None`: the
    /// current one, whatever it is).
    ///
    /// # Errors
    /// No such game ([`ArchiveError::NoSuchGame`]), a stale revision
    /// ([`ArchiveError::Stale`]), a deleted game, a change that leaves
    /// the text as it is or makes it another game's, or the database
    /// fails.
    pub fn edit(
        &mut self,
        id: &str,
        expected: Option<i64>,
        change: &GameChange,
        author: Author<'_>,
    ) -> Result<Revised, ArchiveError> {
        self.change(
            id,
            expected,
            author,
            |current| {
                let text = changed_text(&current.record, change);
                Ok(Some(prepare_text(&text, current.rules)?))
            },
            Action::Edit,
        )
    }

    /// Stores `game` (a corrected text, imported with `--update`) as the
    /// next revision of the stored game `id`.
    ///
    /// # Errors
    /// As [`Archive::edit`].
    pub fn update(
        &mut self,
        id: &str,
        game: &Prepared,
        author: Author<'_>,
    ) -> Result<Revised, ArchiveError> {
        self.change(id, None, author, |_| Ok(Some(game.clone())), Action::Update)
    }

    /// Deletes a stored game: it leaves every list, the standings and the
    /// explorer; its revisions stay readable and it can be restored.
    ///
    /// # Errors
    /// No such game, a stale revision, a game already deleted, or the
    /// database fails.
    pub fn delete(
        &mut self,
        id: &str,
        expected: Option<i64>,
        author: Author<'_>,
    ) -> Result<Revised, ArchiveError> {
        self.change(id, expected, author, |_| Ok(None), Action::Delete)
    }

    /// Restores a deleted game as its last text.
    ///
    /// # Errors
    /// No such game, a stale revision, a game that is not deleted, or the
    /// database fails.
    pub fn restore(
        &mut self,
        id: &str,
        expected: Option<i64>,
        author: Author<'_>,
    ) -> Result<Revised, ArchiveError> {
        self.change(id, expected, author, |_| Ok(None), Action::Restore)
    }

    /// Every revision of a game, oldest first; `None` for no such game.
    ///
    /// # Errors
    /// The database fails.
    pub fn history(&mut self, id: &str) -> Result<Option<History>, ArchiveError> {
        let Some(current) = self.current(id, false)? else {
            return Ok(None);
        };
        let rows = self.db.query(
            "SELECT revision, made_at, author, action, reason, record, deleted FROM revisions \
             WHERE game = $1 ORDER BY revision",
            &[current.id.into()],
        )?;
        let mut revisions: Vec<Revision> = rows
            .iter()
            .map(|row| {
                let text = |i: usize| row.get(i).and_then(Value::text).map(str::to_owned);
                let int = |i: usize| row.get(i).and_then(Value::int).unwrap_or_default();
                Revision {
                    revision: int(0),
                    at: rfc3339(int(1)),
                    by: text(2).unwrap_or_default(),
                    action: text(3).unwrap_or_default(),
                    reason: text(4),
                    record: text(5).unwrap_or_default(),
                    deleted: int(6) != 0,
                }
            })
            .collect();
        if revisions.is_empty() {
            revisions.push(first_revision(&current));
        }
        Ok(Some(History {
            id: public_id(current.identity),
            revisions,
        }))
    }

    /// The stored game of a public id, locked for a change (`lock`) in
    /// PostgreSQL.
    fn current(&mut self, id: &str, lock: bool) -> Result<Option<Current>, ArchiveError> {
        let Some(identity) = identity_of(id) else {
            return Ok(None);
        };
        let lock = if lock && self.db.is_postgres() {
            " FOR UPDATE"
        } else {
            ""
        };
        let rows = self.db.query(
            &format!(
                "SELECT id, identity, rules, record, south_score, north_score, revision, \
                 deleted, imported FROM games WHERE identity = $1{lock}"
            ),
            &[identity.into()],
        )?;
        Ok(rows.first().map(|row| {
            let int = |i: usize| row.get(i).and_then(Value::int);
            Current {
                id: int(0).unwrap_or_default(),
                identity: int(1).unwrap_or_default(),
                rules: row
                    .get(2)
                    .and_then(Value::text)
                    .and_then(|rules| rules.parse().ok()),
                record: row
                    .get(3)
                    .and_then(Value::text)
                    .unwrap_or_default()
                    .to_owned(),
                score: int(4).zip(int(5)),
                revision: int(6).unwrap_or(1),
                deleted: int(7) == Some(1),
                imported: int(8).unwrap_or_default(),
            }
        }))
    }

    /// One change, in a transaction of its own: the game as it stands is
    /// read (locked), checked against `expected`, its revision 1 kept
    /// when it first changes, the new revision written, the game's row
    /// and the explorer's counts brought to the new text.
    fn change(
        &mut self,
        id: &str,
        expected: Option<i64>,
        author: Author<'_>,
        new_text: impl Fn(&Current) -> Result<Option<Prepared>, ArchiveError>,
        action: Action,
    ) -> Result<Revised, ArchiveError> {
        // A change that lost a race with another writer is made again
        // (on the game as it then stands: a stale `expected` is refused).
        retrying(
            || {
                self.begin()?;
                let outcome = self.change_in_transaction(id, expected, author, &new_text, action);
                match outcome {
                    Ok(revised) => {
                        self.commit()?;
                        Ok(revised)
                    }
                    Err(error) => {
                        self.rollback();
                        Err(error)
                    }
                }
            },
            ArchiveError::is_conflict,
        )
    }

    // Long because: one change is one transaction, its checks and writes in the order they must happen.
    fn change_in_transaction(
        &mut self,
        id: &str,
        expected: Option<i64>,
        author: Author<'_>,
        new_text: &impl Fn(&Current) -> Result<Option<Prepared>, ArchiveError>,
        action: Action,
    ) -> Result<Revised, ArchiveError> {
        let current = self
            .current(id, true)?
            .ok_or_else(|| ArchiveError::NoSuchGame(id.to_owned()))?;
        if let Some(expected) = expected
            && expected != current.revision
        {
            return Err(ArchiveError::Stale {
                id: id.to_owned(),
                current: current.revision,
            });
        }
        match (action, current.deleted) {
            (Action::Restore, false) => {
                return Err(ArchiveError::Unchanged(id.to_owned(), "not-deleted"));
            }
            (Action::Edit | Action::Update | Action::Delete, true) => {
                return Err(ArchiveError::Unchanged(id.to_owned(), "deleted"));
            }
            _ => {}
        }
        let new = new_text(&current)?;
        // A club's account may change its own events' games, and may not
        // move a game into another club's event.
        if let Some(account) = author.account {
            let before = tags_of_text(split_header(&current.record).0);
            for tags in std::iter::once(&before).chain(new.as_ref().map(|game| &game.tags)) {
                if let Some(other) = self.claim_event(account, tags)? {
                    return Err(ArchiveError::OtherClubsEvent(other));
                }
            }
        }
        if let Some(game) = &new {
            if game.record.trim() == current.record.trim() {
                return Err(ArchiveError::Unchanged(id.to_owned(), "same-text"));
            }
            self.refuse_another_games_text(current.id, game)?;
        }
        let revision = current.revision + 1;
        let deleted = action == Action::Delete;
        // A correction that keeps the players, the event, its site and the
        // date changes none of their counts: neither detached nor attached
        // again (most corrections: a tag, a move).
        let same_people = new
            .as_ref()
            .is_some_and(|game| same_people(&current.record, &game.tags));
        // The game leaves its players' and event's counts (and, edited,
        // comes back under the names of its new text below).
        if !current.deleted && !same_people {
            attach_game(&mut self.db, current.id, -1)?;
        }
        let (record, identity) = new
            .as_ref()
            .map_or((current.record.as_str(), current.identity), |game| {
                (game.record.as_str(), game.identity)
            });
        // Revision 1 (the text as imported) is kept when the game first
        // changes, in the same statement as the new revision.
        let mut revisions: Vec<Value> = Vec::with_capacity(2 * REVISION_COLUMNS);
        if current.revision <= 1 {
            let first = first_revision(&current);
            revisions.extend([
                current.id.into(),
                1_i64.into(),
                current.imported.into(),
                first.by.into(),
                first.action.into(),
                None::<String>.into(),
                current.record.as_str().into(),
                current.identity.into(),
                0_i64.into(),
            ]);
        }
        revisions.extend([
            current.id.into(),
            revision.into(),
            now().into(),
            author.by.into(),
            action.as_str().into(),
            author.reason.map(str::to_owned).into(),
            record.into(),
            identity.into(),
            i64::from(deleted).into(),
        ]);
        let row = match &new {
            Some(game) => new_text_update(current.id, current.revision, game),
            None => (
                "UPDATE games SET revision = revision + 1, deleted = $1 \
                 WHERE id = $2 AND revision = $3",
                vec![
                    i64::from(deleted).into(),
                    current.id.into(),
                    current.revision.into(),
                ],
            ),
        };
        let updated = write_revisions_and_row(&mut self.db, revisions, row)?;
        if updated != 1 {
            // Another writer changed it between our read and our write
            // (SQLite's write lock and PostgreSQL's row lock make this
            // unlikely): refused as stale rather than overwritten.
            return Err(ArchiveError::Stale {
                id: id.to_owned(),
                current: current.revision,
            });
        }
        if !deleted && !same_people {
            attach_game(&mut self.db, current.id, 1)?;
        }
        self.follow_in_index(&current, new.as_ref(), action)?;
        Ok(Revised {
            id: public_id(current.identity),
            revision,
            deleted,
        })
    }

    /// Refuses a text that is another stored game's (its text now, or one
    /// of its revisions'): same identity and same SHA-256 digest (an
    /// identity alone may collide).
    fn refuse_another_games_text(&mut self, game: i64, new: &Prepared) -> Result<(), ArchiveError> {
        let rows = self.db.query(
            "SELECT identity, record, rules FROM games WHERE identity = $1 AND id <> $2 \
             UNION ALL SELECT g.identity, r.record, g.rules FROM revisions r \
             JOIN games g ON g.id = r.game WHERE r.identity = $1 AND r.game <> $2",
            &[new.identity.into(), game.into()],
        )?;
        for row in rows {
            let (Some(other), Some(text)) = (
                row.first().and_then(Value::int),
                row.get(1).and_then(Value::text),
            ) else {
                continue;
            };
            let rules = row
                .get(2)
                .and_then(Value::text)
                .and_then(|r| r.parse().ok());
            if prepare_text(text, rules).is_ok_and(|stored| stored.digest == new.digest) {
                return Err(ArchiveError::Duplicate(public_id(other)));
            }
        }
        Ok(())
    }

    /// The explorer's counts and the position index brought to the game's
    /// new state: the old text's counts out (unless it was deleted), the
    /// new text's in (unless it is deleted now), the new text's positions
    /// added to the posting lists.
    fn follow_in_index(
        &mut self,
        current: &Current,
        new: Option<&Prepared>,
        action: Action,
    ) -> Result<(), ArchiveError> {
        let old_ending = current
            .score
            .and_then(|(south, north)| Ending::of(current.rules, south, north));
        let old_passages = || ingest::passages_of_record(&current.record, current.rules);
        let mut corrections = Vec::new();
        match (action, new) {
            (Action::Delete, _) => {
                corrections.extend(signed_counts(&old_passages(), old_ending, -1));
            }
            (Action::Restore, _) => {
                corrections.extend(signed_counts(&old_passages(), old_ending, 1));
            }
            (Action::Edit | Action::Update, Some(game)) => {
                let old = old_passages();
                corrections.extend(signed_counts(&old, old_ending, -1));
                let ending = game.score.map(|(south, north)| Ending {
                    diff: south - north,
                    winner: game.verdict.and_then(|verdict| verdict.winner),
                });
                corrections.extend(signed_counts(&game.passages, ending, 1));
                // The new text's positions the index does not hold for the
                // game yet (none when only tags changed), in rows keyed by
                // the game and its new revision, each correction's its own
                // (negative: no import's first game).
                let known: std::collections::HashSet<i64> = old.iter().map(|p| p.key).collect();
                let added: Vec<Passage> = game
                    .passages
                    .iter()
                    .filter(|passage| !known.contains(&passage.key))
                    .cloned()
                    .collect();
                self.pending.revision_rows = Some(-((current.id << 20) + current.revision + 1));
                self.pending.add_postings(current.id, &added);
            }
            (Action::Edit | Action::Update, None) => {}
        }
        correct_counts(&mut self.db, &mut corrections)?;
        Ok(())
    }

    /// Whether a game's current text passes through the position of
    /// `key` (for a revised game, whose older texts' positions stay in
    /// the posting lists).
    pub(crate) fn revised_games_not_through(
        &mut self,
        key: i64,
        ids: &[i64],
    ) -> Result<Vec<i64>, DbError> {
        let mut stale = Vec::new();
        // Only games with revisions can have stale entries: none in most
        // archives (one look), else the few of them among `ids`.
        let revised: std::collections::HashSet<i64> = self
            .db
            .query("SELECT DISTINCT game FROM revisions", &[])?
            .iter()
            .filter_map(|row| row.first().and_then(Value::int))
            .collect();
        let ids: Vec<i64> = ids
            .iter()
            .copied()
            .filter(|id| revised.contains(id))
            .collect();
        for chunk in ids.chunks(200) {
            let list = placeholders(1, chunk.len());
            let params: Vec<Value> = chunk.iter().map(|&id| Value::Int(id)).collect();
            let rows = self.db.query(
                &format!(
                    "SELECT id, rules, record FROM games WHERE revision > 1 AND id IN ({})",
                    list
                ),
                &params,
            )?;
            for row in &rows {
                let id = row.first().and_then(Value::int).unwrap_or_default();
                let rules = row
                    .get(1)
                    .and_then(Value::text)
                    .and_then(|r| r.parse().ok());
                let record = row.get(2).and_then(Value::text).unwrap_or_default();
                if !ingest::passages_of_record(record, rules)
                    .iter()
                    .any(|passage| passage.key == key)
                {
                    stale.push(id);
                }
            }
        }
        Ok(stale)
    }

    /// The games of a batch whose text is a revision of a stored game
    /// (an import of a text a game has had is a duplicate of it).
    pub(crate) fn revised_identities(
        &mut self,
        identities: &[i64],
    ) -> Result<std::collections::HashSet<i64>, DbError> {
        let mut found = std::collections::HashSet::new();
        if self.db.is_postgres() {
            // One round trip, whether the archive holds revisions or not.
            let rows = self.db.query_postgres(
                "SELECT identity FROM revisions WHERE identity = ANY($1::BIGINT[])",
                &[&identities],
            )?;
            for row in rows {
                found.insert(row.try_get::<_, i64>(0)?);
            }
            return Ok(found);
        }
        if self
            .db
            .query("SELECT 1 FROM revisions LIMIT 1", &[])?
            .is_empty()
        {
            return Ok(found);
        }
        for chunk in identities.chunks(200) {
            let list = placeholders(1, chunk.len());
            let params: Vec<Value> = chunk.iter().map(|&id| Value::Int(id)).collect();
            let rows = self.db.query(
                &format!(
                    "SELECT identity FROM revisions WHERE identity IN ({})",
                    list
                ),
                &params,
            )?;
            found.extend(
                rows.iter()
                    .filter_map(|row| row.first().and_then(Value::int)),
            );
        }
        Ok(found)
    }

    /// PostgreSQL, for a post whose account was found a while ago:
    /// [`Archive::revised_identities`] of its games, and whether the
    /// account `name` is still there and not revoked (`None` if not), in
    /// one round trip instead of two.
    pub(crate) fn live_and_revised(
        &mut self,
        name: &str,
        identities: &[i64],
    ) -> Result<Option<std::collections::HashSet<i64>>, DbError> {
        // A row without an identity says that the account is gone.
        let rows = self.db.query_postgres(
            "SELECT identity FROM revisions WHERE identity = ANY($1::BIGINT[]) \
             UNION ALL SELECT NULL WHERE NOT EXISTS \
                 (SELECT 1 FROM accounts WHERE name = $2 AND revoked IS NULL)",
            &[&identities, &name],
        )?;
        let mut found = std::collections::HashSet::with_capacity(rows.len());
        for row in rows {
            match row.try_get::<_, Option<i64>>(0)? {
                Some(identity) => found.insert(identity),
                None => return Ok(None),
            };
        }
        Ok(Some(found))
    }

    /// Whether a text the archive holds under `game`'s identity (a stored
    /// game's, or one of its earlier revisions') is `game`'s text: their
    /// SHA-256 digests are compared, so that two texts whose 64-bit
    /// identities meet are told apart. A stored text is prepared again to
    /// get its digest: a cost only a duplicate or a collision pays.
    pub(crate) fn holds_text(&mut self, game: &Prepared) -> Result<bool, ArchiveError> {
        let rows = self.db.query(
            "SELECT record, rules FROM games WHERE identity = $1 \
             UNION ALL SELECT r.record, g.rules FROM revisions r \
             JOIN games g ON g.id = r.game WHERE r.identity = $1",
            &[game.identity.into()],
        )?;
        for row in rows {
            let (Some(text), rules) = (
                row.first().and_then(Value::text),
                row.get(1).and_then(Value::text),
            ) else {
                continue;
            };
            let rules = rules.and_then(|rules| rules.parse().ok());
            if prepare_text(text, rules).is_ok_and(|stored| stored.digest == game.digest) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The stored games a batch's games are likely corrections of: a game
    /// with the same event, round and players (all four named) and
    /// another text. By the batch's index, the stored game's public id.
    ///
    /// # Errors
    /// The database fails.
    pub fn likely_corrections(
        &mut self,
        games: &[Prepared],
    ) -> Result<Vec<(usize, String)>, ArchiveError> {
        let mut found = Vec::new();
        let identities: Vec<i64> = games.iter().map(|g| g.identity).collect();
        let revised = self.revised_identities(&identities)?;
        // The games named well enough to be matched (event, round and
        // players, as stored), and not a text a stored game has had.
        let named: Vec<(usize, [&str; 4], i64)> = games
            .iter()
            .enumerate()
            .filter(|(_, game)| !revised.contains(&game.identity))
            .filter_map(|(index, game)| {
                let tag = |name: &str| game.tags.get(name).filter(|v| !v.trim().is_empty());
                let tags = [
                    tag(names::EVENT)?,
                    tag(names::ROUND)?,
                    tag(names::SOUTH)?,
                    tag(names::NORTH)?,
                ];
                Some((index, tags, game.identity))
            })
            .collect();
        if self.db.is_postgres() {
            return self.likely_corrections_postgres(&named);
        }
        for (index, [event, round, south, north], identity) in named {
            let rows = self.db.query(
                "SELECT identity FROM games WHERE event = $1 AND round = $2 AND south = $3 \
                 AND north = $4 AND identity <> $5 AND deleted = 0 LIMIT 1",
                &[
                    event.into(),
                    round.into(),
                    south.into(),
                    north.into(),
                    identity.into(),
                ],
            )?;
            if let Some(stored) = rows
                .first()
                .and_then(|row| row.first())
                .and_then(Value::int)
            {
                found.push((index, public_id(stored)));
            }
        }
        Ok(found)
    }

    /// [`Archive::likely_corrections`] in PostgreSQL: the batch's games in
    /// one statement (their tags as arrays) instead of a round trip each.
    fn likely_corrections_postgres(
        &mut self,
        named: &[(usize, [&str; 4], i64)],
    ) -> Result<Vec<(usize, String)>, ArchiveError> {
        let column = |i: usize| {
            named
                .iter()
                .map(|(_, tags, _)| tags[i])
                .collect::<Vec<&str>>()
        };
        let identities: Vec<i64> = named.iter().map(|(_, _, identity)| *identity).collect();
        let (events, rounds, souths, norths) = (column(0), column(1), column(2), column(3));
        let rows = self.db.query_postgres(
            "SELECT DISTINCT ON (t.i) t.i, g.identity FROM unnest($1::TEXT[], $2::TEXT[], \
             $3::TEXT[], $4::TEXT[], $5::BIGINT[]) WITH ORDINALITY AS t(e, r, s, n, id, i) \
             JOIN games g ON g.event = t.e AND g.round = t.r AND g.south = t.s \
             AND g.north = t.n AND g.identity <> t.id AND g.deleted = 0 ORDER BY t.i",
            &[&events, &rounds, &souths, &norths, &identities],
        )?;
        let mut found = Vec::with_capacity(rows.len());
        for row in &rows {
            let ordinal: i64 = row.try_get(0).map_err(DbError::from)?;
            let stored: i64 = row.try_get(1).map_err(DbError::from)?;
            let at = usize::try_from(ordinal - 1).ok();
            if let Some((index, _, _)) = at.and_then(|at| named.get(at)) {
                found.push((*index, public_id(stored)));
            }
        }
        Ok(found)
    }
}

/// A game's revision 1: the text imported, when it was imported.
fn first_revision(current: &Current) -> Revision {
    Revision {
        revision: 1,
        at: rfc3339(current.imported),
        by: "import".to_owned(),
        action: "import".to_owned(),
        reason: None,
        record: current.record.clone(),
        deleted: false,
    }
}

/// A changed text prepared as an import prepares it (validated, its
/// identity and passages), with the stored ruleset for a record that
/// names none.
fn prepare_text(text: &str, rules: Option<Ruleset>) -> Result<Prepared, ArchiveError> {
    let options = Options {
        default_rules: rules,
        ..Options::default()
    };
    let game: GameText<'_> = games(text)
        .next()
        .ok_or_else(|| ArchiveError::NotAGame("the changed text holds no game".to_owned()))?;
    ingest::prepare(&game, &options).map_err(|not| ArchiveError::NotAGame(not.message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_renumbered_after_the_revisions_values() {
        assert_eq!(
            shift_parameters("SET a = $1, b = $12 WHERE c = $2 AND d = '$'", 9),
            "SET a = $10, b = $21 WHERE c = $11 AND d = '$'"
        );
    }

    #[test]
    fn a_change_rewrites_the_tags_and_keeps_the_moves() {
        let record =
            "[Event \"Club\"]\n[South \"Dora N\"]\n[North \"Kofi\"]\n\n1. S2 {good} N3 *\n";
        let change = GameChange {
            tags: vec![
                ("South".to_owned(), "Dora N.".to_owned()),
                ("Event".to_owned(), String::new()),
                ("Round".to_owned(), "2".to_owned()),
            ],
            moves: None,
        };
        assert_eq!(
            changed_text(record, &change),
            "[Round \"2\"]\n[South \"Dora N.\"]\n[North \"Kofi\"]\n\n1. S2 {good} N3 *\n"
        );
        let moves = GameChange {
            tags: Vec::new(),
            moves: Some("[Event \"ignored\"]\n\nS2 N4 *".to_owned()),
        };
        assert_eq!(
            changed_text(record, &moves),
            "[Event \"Club\"]\n[South \"Dora N\"]\n[North \"Kofi\"]\n\nS2 N4 *\n"
        );
    }
}

//! Players and events as rows of their own (schema 8): who played a game
//! and at which event, whatever the spelling of the tags.
//!
//! - A **player** has an id, a canonical name, other names (aliases), and
//!   optionally a federation id and a club. Every name is kept by its
//!   *folded key* ([`fold`]): `Dora N`, `Dora N.` and `dora n` are one name.
//!   At import each South and North name is resolved to its player, who
//!   is created the first time the name is seen.
//! - An **event** is a name at a site (both folded): two clubs' "Club
//!   evening 2025" at two sites are two events. Its first and last dates
//!   are its games'.
//! - A game points to its two players and its event (`south_player`,
//!   `north_player`, `event_id`, each indexed with the game's id); each
//!   player and event keeps its number of games, so that the lists read
//!   a row each and count nothing.
//!
//! The import resolves the names of a batch at once ([`Pending`]) and
//! writes the counts at its commit; one game added or removed elsewhere
//! goes through [`attach_game`].

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;
use songo_notation::i18n::{Lang, Localize, Message};
use songo_notation::msg;
use songo_notation::record::names;
use unicode_normalization::UnicodeNormalization;

use super::db::{Db, DbError, Value, placeholders};
use super::{Archive, ArchiveError, Prepared};

/// A name's folded key: lower case, accents removed (the name decomposed,
/// NFD, and its combining marks dropped; a few letters that do not
/// decompose spelt out: `ß` `ss`, `æ` `ae`, `œ` `oe`, `ø` `o`, `ł` `l`,
/// `đ` `d`, `ı` `i`), every run of other characters than letters and
/// digits (blanks, dots, hyphens, apostrophes…) one blank, none at
/// either end. Empty for a name of no letter or digit (`?`, `-`): such a
/// name is nobody.
///
/// ```
/// use songo_archive::fold;
/// assert_eq!(fold("Dora N."), "dora n");
/// assert_eq!(fold("  dora   n "), "dora n");
/// assert_eq!(fold("Nadège É."), "nadege e");
/// assert_eq!(fold("Jean-Paul O'Neill"), "jean paul o neill");
/// assert_eq!(fold("?"), "");
/// ```
#[must_use]
pub fn fold(name: &str) -> String {
    let mut folded = String::with_capacity(name.len());
    let mut gap = false;
    for c in name.nfd() {
        if unicode_normalization::char::is_combining_mark(c) {
            continue;
        }
        if !c.is_alphanumeric() {
            gap = true;
            continue;
        }
        if gap && !folded.is_empty() {
            folded.push(' ');
        }
        gap = false;
        for lower in c.to_lowercase() {
            match lower {
                'ß' => folded.push_str("ss"),
                'æ' => folded.push_str("ae"),
                'œ' => folded.push_str("oe"),
                'ø' => folded.push('o'),
                'ł' => folded.push('l'),
                'đ' | 'ð' => folded.push('d'),
                'ı' => folded.push('i'),
                other => folded.push(other),
            }
        }
    }
    folded
}

/// The names of a game as its tags give them.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Names<'a> {
    pub(crate) south: Option<&'a str>,
    pub(crate) north: Option<&'a str>,
    pub(crate) event: Option<&'a str>,
    pub(crate) site: Option<&'a str>,
}

/// What a game points to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Ids {
    pub(crate) south: Option<i64>,
    pub(crate) north: Option<i64>,
    pub(crate) event: Option<i64>,
}

impl Ids {
    fn any(self) -> bool {
        self.south.is_some() || self.north.is_some() || self.event.is_some()
    }
}

/// An event's games added (or removed) in a transaction and their dates.
#[derive(Debug, Clone, Default)]
struct EventTally {
    games: i64,
    first: Option<String>,
    last: Option<String>,
}

/// Names folded and looked up at a time (a statement's `IN` list; a
/// short chunk is padded with its last name, so that one text serves).
const NAMES_PER_STATEMENT: usize = 100;

/// Names and events resolved during one transaction, and the games it
/// added to each, written at its commit.
#[derive(Debug, Default)]
pub(crate) struct Pending {
    /// Folded name → player.
    players: HashMap<String, i64>,
    /// Folded event → folded site → event.
    events: HashMap<String, HashMap<String, i64>>,
    /// The names, events and sites met, as written → folded: each
    /// spelling is folded once a transaction (a bulk import meets the
    /// same few hundred names thousands of times).
    folds: HashMap<String, String>,
    /// Games added to each player (a game whose two sides are one
    /// player counts once).
    player_games: BTreeMap<i64, i64>,
    event_games: BTreeMap<i64, EventTally>,
}

/// Names held resolved past which a long migration forgets them (its
/// memory stays bounded whatever the number of players).
const MAX_HELD_NAMES: usize = 200_000;

impl Pending {
    /// Forgets everything: at the start of a transaction (another writer
    /// may have merged players since the last one) and after a rollback.
    pub(crate) fn clear(&mut self) {
        self.players.clear();
        self.events.clear();
        self.folds.clear();
        self.player_games.clear();
        self.event_games.clear();
    }

    /// The players and events of `games`, in their order: names seen for
    /// the first time get a player (and an event its row), created in the
    /// order of their folded keys, so that two writers creating the same
    /// names at once (PostgreSQL: each waits on the other's uncommitted
    /// name) take them in one order and never wait for each other in a
    /// circle.
    pub(crate) fn resolve(
        &mut self,
        db: &mut Db,
        games: &[Names<'_>],
    ) -> Result<Vec<Ids>, DbError> {
        // The names and events this transaction has not met, in order.
        let mut new_names: Vec<(String, &str)> = Vec::new();
        let mut new_events: Vec<((String, String), &str, Option<&str>)> = Vec::new();
        {
            let mut seen_names = std::collections::HashSet::new();
            let mut seen_events = std::collections::HashSet::new();
            for game in games {
                for name in [game.south, game.north].into_iter().flatten() {
                    let folded = folded(&mut self.folds, name);
                    if !folded.is_empty()
                        && !self.players.contains_key(folded)
                        && seen_names.insert(folded.to_owned())
                    {
                        new_names.push((folded.to_owned(), name.trim()));
                    }
                }
                if let Some(event) = game.event {
                    let key = self.event_key(event, game.site);
                    if !key.0.is_empty()
                        && self.event_of(event, game.site).is_none()
                        && seen_events.insert(key.clone())
                    {
                        new_events.push((key, event.trim(), game.site.map(str::trim)));
                    }
                }
            }
        }
        new_events.sort_unstable();
        if db.is_postgres() {
            self.look_up_postgres(db, &new_names, &new_events)?;
        } else {
            self.look_up_names(db, &new_names)?;
        }
        new_names.sort_unstable();
        for (folded, spelt) in &new_names {
            if !self.players.contains_key(folded) {
                let player = create_player(db, folded, spelt)?;
                self.players.insert(folded.clone(), player);
            }
        }
        if !db.is_postgres() {
            self.look_up_events(db, &new_events)?;
        }
        for (key, name, site) in &new_events {
            if !self
                .events
                .get(&key.0)
                .is_some_and(|sites| sites.contains_key(&key.1))
            {
                let event = create_event(db, key, name, *site)?;
                self.insert_event(key, event);
            }
        }
        Ok(games
            .iter()
            .map(|game| Ids {
                south: game.south.and_then(|name| self.player_of(name)),
                north: game.north.and_then(|name| self.player_of(name)),
                event: game.event.and_then(|event| self.event_of(event, game.site)),
            })
            .collect())
    }

    /// The player of a name as written, once resolved.
    fn player_of(&mut self, name: &str) -> Option<i64> {
        let folded = folded(&mut self.folds, name);
        self.players.get(folded).copied()
    }

    /// An event's key (its folded name and site) from its tags.
    fn event_key(&mut self, event: &str, site: Option<&str>) -> (String, String) {
        let name = folded(&mut self.folds, event).to_owned();
        let site = site.map_or_else(String::new, |site| folded(&mut self.folds, site).to_owned());
        (name, site)
    }

    /// The event of tags as written, once resolved.
    fn event_of(&mut self, event: &str, site: Option<&str>) -> Option<i64> {
        folded(&mut self.folds, event);
        if let Some(site) = site {
            folded(&mut self.folds, site);
        }
        let name = self.folds.get(event)?;
        let site = site.map_or(Some(""), |site| self.folds.get(site).map(String::as_str))?;
        self.events.get(name)?.get(site).copied()
    }

    fn insert_event(&mut self, key: &(String, String), event: i64) {
        self.events
            .entry(key.0.clone())
            .or_default()
            .insert(key.1.clone(), event);
    }

    /// PostgreSQL: finds the players of names and the events already in
    /// the archive, and creates the events that are not (in the order
    /// given, the events' keys' order), in one statement; an event another
    /// writer created meanwhile is not found, and is created (or found)
    /// again by [`create_event`].
    fn look_up_postgres(
        &mut self,
        db: &mut Db,
        names: &[(String, &str)],
        events: &[((String, String), &str, Option<&str>)],
    ) -> Result<(), DbError> {
        if names.is_empty() && events.is_empty() {
            return Ok(());
        }
        let folded: Vec<&str> = names.iter().map(|(folded, _)| folded.as_str()).collect();
        let event_names: Vec<&str> = events.iter().map(|(_, name, _)| *name).collect();
        // A site of no letter or digit (`?`) is none.
        let sites: Vec<Option<&str>> = events
            .iter()
            .map(|(key, _, site)| site.filter(|_| !key.1.is_empty()))
            .collect();
        let folded_events: Vec<&str> = events.iter().map(|(key, _, _)| key.0.as_str()).collect();
        let folded_sites: Vec<&str> = events.iter().map(|(key, _, _)| key.1.as_str()).collect();
        let rows = db.query_postgres(
            "WITH new_events AS (INSERT INTO events (name, site, folded, folded_site) \
                 SELECT t.name, t.site, t.folded, t.folded_site \
                 FROM unnest($2::TEXT[], $3::TEXT[], $4::TEXT[], $5::TEXT[]) WITH ORDINALITY \
                     AS t(name, site, folded, folded_site, o) \
                 WHERE NOT EXISTS (SELECT 1 FROM events e \
                     WHERE e.folded = t.folded AND e.folded_site = t.folded_site) \
                 ORDER BY t.o \
                 ON CONFLICT (folded, folded_site) DO NOTHING \
                 RETURNING folded, folded_site, id) \
             SELECT FALSE, folded, '', player::BIGINT FROM player_names \
                 WHERE folded = ANY($1::TEXT[]) \
             UNION ALL SELECT TRUE, folded, folded_site, id::BIGINT FROM events \
                 WHERE folded = ANY($4::TEXT[]) \
             UNION ALL SELECT TRUE, folded, folded_site, id::BIGINT FROM new_events",
            &[&folded, &event_names, &sites, &folded_events, &folded_sites],
        )?;
        for row in rows {
            let (event, name, site, id): (bool, String, String, i64) = (
                row.try_get(0)?,
                row.try_get(1)?,
                row.try_get(2)?,
                row.try_get(3)?,
            );
            if event {
                self.insert_event(&(name, site), id);
            } else {
                self.players.insert(name, id);
            }
        }
        Ok(())
    }

    /// Finds the players of names already in the archive.
    fn look_up_names(&mut self, db: &mut Db, names: &[(String, &str)]) -> Result<(), DbError> {
        let sql = format!(
            "SELECT folded, player FROM player_names WHERE folded IN ({})",
            placeholders(1, NAMES_PER_STATEMENT)
        );
        for chunk in names.chunks(NAMES_PER_STATEMENT) {
            let mut params: Vec<Value> = chunk.iter().map(|(f, _)| f.as_str().into()).collect();
            let pad = params.last().cloned().unwrap_or(Value::Null);
            params.resize(NAMES_PER_STATEMENT, pad);
            for row in db.query(&sql, &params)? {
                if let (Some(folded), Some(player)) = (text(&row, 0), int(&row, 1)) {
                    self.players.insert(folded.to_owned(), player);
                }
            }
        }
        Ok(())
    }

    /// Finds the events already in the archive (by name, then site).
    fn look_up_events(
        &mut self,
        db: &mut Db,
        events: &[((String, String), &str, Option<&str>)],
    ) -> Result<(), DbError> {
        let sql = format!(
            "SELECT folded, folded_site, id FROM events WHERE folded IN ({})",
            placeholders(1, NAMES_PER_STATEMENT)
        );
        let mut names: Vec<&str> = events.iter().map(|(key, _, _)| key.0.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        for chunk in names.chunks(NAMES_PER_STATEMENT) {
            let mut params: Vec<Value> = chunk.iter().map(|&f| f.into()).collect();
            let pad = params.last().cloned().unwrap_or(Value::Null);
            params.resize(NAMES_PER_STATEMENT, pad);
            for row in db.query(&sql, &params)? {
                if let (Some(name), Some(site), Some(id)) =
                    (text(&row, 0), text(&row, 1), int(&row, 2))
                {
                    self.insert_event(&(name.to_owned(), site.to_owned()), id);
                }
            }
        }
        Ok(())
    }

    /// Counts a game added (`delta` 1) or removed (-1) for its players
    /// and event.
    pub(crate) fn count(&mut self, ids: Ids, date: Option<&str>, delta: i64) {
        if let Some(south) = ids.south {
            *self.player_games.entry(south).or_default() += delta;
        }
        if let Some(north) = ids.north.filter(|&north| Some(north) != ids.south) {
            *self.player_games.entry(north).or_default() += delta;
        }
        if let Some(event) = ids.event {
            let tally = self.event_games.entry(event).or_default();
            tally.games += delta;
            if let Some(date) = date {
                if tally.first.as_deref().is_none_or(|first| date < first) {
                    tally.first = Some(date.to_owned());
                }
                if tally.last.as_deref().is_none_or(|last| date > last) {
                    tally.last = Some(date.to_owned());
                }
            }
        }
    }

    /// Whether games are counted, not yet written.
    pub(crate) fn has_counts(&self) -> bool {
        !self.player_games.is_empty() || !self.event_games.is_empty()
    }

    /// Writes the games counted to the players' and events' rows (in id
    /// order), then forgets the counts (the names stay resolved).
    pub(crate) fn flush(&mut self, db: &mut Db) -> Result<(), DbError> {
        self.flush_with(db, None)
    }

    /// [`Pending::flush`]; in PostgreSQL, `also` (the rest of the
    /// transaction's writes) in the same statement: one round trip.
    pub(crate) fn flush_with(
        &mut self,
        db: &mut Db,
        also: Option<Also<'_>>,
    ) -> Result<(), DbError> {
        let players = std::mem::take(&mut self.player_games);
        let events = std::mem::take(&mut self.event_games);
        let players: Vec<(i64, i64)> = players.into_iter().filter(|(_, n)| *n != 0).collect();
        if db.is_postgres() {
            let ids: Vec<i64> = players.iter().map(|p| p.0).collect();
            let games: Vec<i64> = players.iter().map(|p| p.1).collect();
            let added: Vec<(&i64, &EventTally)> = events.iter().filter(|e| e.1.games > 0).collect();
            let event_ids: Vec<i64> = added.iter().map(|e| *e.0).collect();
            let event_games: Vec<i64> = added.iter().map(|e| e.1.games).collect();
            let first: Vec<Option<&str>> = added.iter().map(|e| e.1.first.as_deref()).collect();
            let last: Vec<Option<&str>> = added.iter().map(|e| e.1.last.as_deref()).collect();
            let locked: Vec<i64> = events.keys().copied().collect();
            if !ids.is_empty() || !locked.is_empty() || also.is_some() {
                let mut params: Vec<&(dyn postgres::types::ToSql + Sync)> = vec![
                    &ids,
                    &games,
                    &locked,
                    &event_ids,
                    &event_games,
                    &first,
                    &last,
                ];
                let sql = match also {
                    Some(also) => {
                        params.extend(also.params);
                        format!("WITH {COUNT_GAMES}, {} {COUNTED}", also.cte)
                    }
                    None => format!("WITH {COUNT_GAMES} {COUNTED}"),
                };
                db.query_postgres(&sql, &params)?;
            }
        } else {
            for (player, games) in players {
                db.execute(
                    "UPDATE players SET games = games + $1 WHERE id = $2",
                    &[games.into(), player.into()],
                )?;
            }
            for (event, tally) in events.iter().filter(|e| e.1.games > 0) {
                db.execute(
                    "UPDATE events SET games = games + $1, \
                     first_date = CASE WHEN $2 IS NOT NULL AND (first_date IS NULL \
                         OR $2 < first_date) THEN $2 ELSE first_date END, \
                     last_date = CASE WHEN $3 IS NOT NULL AND (last_date IS NULL \
                         OR $3 > last_date) THEN $3 ELSE last_date END \
                     WHERE id = $4",
                    &[
                        tally.games.into(),
                        tally.first.clone().into(),
                        tally.last.clone().into(),
                        (*event).into(),
                    ],
                )?;
            }
        }
        // Games removed: the count goes down, and the dates are the
        // remaining games' (the removed ones no longer point to it).
        for (event, tally) in events.iter().filter(|e| e.1.games < 0) {
            db.execute(
                "UPDATE events SET games = games + $1 WHERE id = $2",
                &[tally.games.into(), (*event).into()],
            )?;
            recount_event_dates(db, *event)?;
        }
        Ok(())
    }
}

/// What a transaction writes besides its games' counts, in the
/// statement that writes them (PostgreSQL): a common table expression
/// whose parameters are numbered from `$8`, and their values.
pub(crate) struct Also<'a> {
    pub(crate) cte: &'a str,
    pub(crate) params: Vec<&'a (dyn postgres::types::ToSql + Sync)>,
}

/// The games counted for players (`$1` ids, `$2` games) and events
/// (`$3` the ids of every event counted, `$4` those of the events that
/// gain games, `$5` how many, `$6` first and `$7` last dates), as common
/// table expressions of one statement. The rows are locked in id order,
/// the players' before the events' (the events' lock waits for the
/// players' count), so that two writers counting games for the same players never
/// wait for each other in a circle: an update's own order is its plan's,
/// and it reaches a row only through the locked ones.
const COUNT_GAMES: &str = "\
    locked_players AS MATERIALIZED (SELECT id FROM players WHERE id = ANY($1::BIGINT[]) \
        ORDER BY id FOR UPDATE), \
    locked_events AS MATERIALIZED (SELECT id FROM events WHERE id = ANY($3::BIGINT[]) \
        AND (SELECT COUNT(*) FROM locked_players) >= 0 ORDER BY id FOR UPDATE), \
    counted_players AS (UPDATE players SET games = players.games + t.n \
        FROM unnest($1::BIGINT[], $2::BIGINT[]) AS t(id, n) \
        WHERE players.id = t.id AND players.id IN (SELECT id FROM locked_players) RETURNING 1), \
    counted_events AS (UPDATE events SET games = events.games + t.n, \
        first_date = CASE WHEN t.f IS NOT NULL AND (events.first_date IS NULL \
            OR t.f < events.first_date) THEN t.f ELSE events.first_date END, \
        last_date = CASE WHEN t.l IS NOT NULL AND (events.last_date IS NULL \
            OR t.l > events.last_date) THEN t.l ELSE events.last_date END \
        FROM unnest($4::BIGINT[], $5::BIGINT[], $6::TEXT[], $7::TEXT[]) AS t(id, n, f, l) \
        WHERE events.id = t.id AND events.id IN (SELECT id FROM locked_events) RETURNING 1)";

/// The end of [`COUNT_GAMES`]'s statement: it reads the updates, in
/// order (an update no query reads would run last, after the others).
const COUNTED: &str =
    "SELECT (SELECT COUNT(*) FROM counted_players), (SELECT COUNT(*) FROM counted_events)";

/// A spelling's folded key, folded once and kept in `folds`.
fn folded<'f>(folds: &'f mut HashMap<String, String>, spelt: &str) -> &'f str {
    if !folds.contains_key(spelt) {
        folds.insert(spelt.to_owned(), fold(spelt));
    }
    folds.get(spelt).map_or("", String::as_str)
}

fn int(row: &[Value], at: usize) -> Option<i64> {
    row.get(at).and_then(Value::int)
}

fn text(row: &[Value], at: usize) -> Option<&str> {
    row.get(at).and_then(Value::text)
}

/// A new player named `spelt` (folded `folded`), unless another writer
/// created one for that name meanwhile (PostgreSQL: the name's insert
/// waits for that writer's commit and then yields): then that one.
fn create_player(db: &mut Db, folded: &str, spelt: &str) -> Result<i64, DbError> {
    let rows = db.query(
        "INSERT INTO players (name, folded) VALUES ($1, $2) RETURNING id",
        &[spelt.into(), folded.into()],
    )?;
    let player = rows
        .first()
        .and_then(|row| int(row, 0))
        .ok_or_else(|| DbError::other("a player without an id"))?;
    let named = db.query(
        "INSERT INTO player_names (folded, name, player) VALUES ($1, $2, $3) \
         ON CONFLICT (folded) DO NOTHING RETURNING player",
        &[folded.into(), spelt.into(), player.into()],
    )?;
    if named.is_empty() {
        db.execute("DELETE FROM players WHERE id = $1", &[player.into()])?;
        return player_of_folded(db, folded)?
            .ok_or_else(|| DbError::other(format!("the player of {folded} vanished")));
    }
    Ok(player)
}

/// The player a folded name belongs to.
pub(crate) fn player_of_folded(db: &mut Db, folded: &str) -> Result<Option<i64>, DbError> {
    let rows = db.query(
        "SELECT player FROM player_names WHERE folded = $1",
        &[folded.into()],
    )?;
    Ok(rows.first().and_then(|row| int(row, 0)))
}

/// A new event (or the one another writer created meanwhile).
fn create_event(
    db: &mut Db,
    key: &(String, String),
    name: &str,
    site: Option<&str>,
) -> Result<i64, DbError> {
    let rows = db.query(
        "INSERT INTO events (name, site, folded, folded_site) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (folded, folded_site) DO NOTHING RETURNING id",
        &[
            name.into(),
            // A site of no letter or digit (`?`) is none.
            site.filter(|_| !key.1.is_empty()).into(),
            key.0.as_str().into(),
            key.1.as_str().into(),
        ],
    )?;
    if let Some(id) = rows.first().and_then(|row| int(row, 0)) {
        return Ok(id);
    }
    let rows = db.query(
        "SELECT id FROM events WHERE folded = $1 AND folded_site = $2",
        &[key.0.as_str().into(), key.1.as_str().into()],
    )?;
    rows.first()
        .and_then(|row| int(row, 0))
        .ok_or_else(|| DbError::other(format!("the event {name} vanished")))
}

/// An event's first and last dates, from the games that point to it.
fn recount_event_dates(db: &mut Db, event: i64) -> Result<(), DbError> {
    db.execute(
        "UPDATE events SET first_date = (SELECT MIN(date) FROM games WHERE event_id = $1), \
         last_date = (SELECT MAX(date) FROM games WHERE event_id = $1) WHERE id = $1",
        &[event.into()],
    )?;
    Ok(())
}

/// A player's games, counted again from the games that point to him
/// (each game once, though he played both sides).
fn recount_player(db: &mut Db, player: i64) -> Result<(), DbError> {
    db.execute(
        "UPDATE players SET games = \
         (SELECT COUNT(*) FROM games WHERE south_player = $1) + \
         (SELECT COUNT(*) FROM games WHERE north_player = $1 \
          AND (south_player IS NULL OR south_player <> $1)) \
         WHERE id = $1",
        &[player.into()],
    )?;
    Ok(())
}

/// The columns [`attach_game`] and the migration read of a game.
const GAME_NAMES: &str =
    "id, south, north, event, site, date, south_player, north_player, event_id";

/// Attaches one game to its players and event (`delta` > 0) or detaches
/// it (`delta` < 0), in the caller's transaction: what adding, removing,
/// restoring or editing a stored game must call so that the players' and
/// events' counts stay true.
///
/// - Attaching reads the game's `south`, `north`, `event`, `site` and
///   `date` from its row, resolves them (creating a player or an event
///   seen for the first time), writes the ids on the game and adds the
///   game to the counts (and the event's dates).
/// - Detaching takes the game off the counts, clears its ids (a detached
///   game is found by no search by player or event) and recounts its
///   event's dates from the games still attached.
///
/// A game already attached (detached) is left as it is, so a second
/// call changes nothing. To edit a game's tags: detach, write the tags,
/// attach. The bulk import resolves and counts a batch at a time instead
/// ([`Pending`]), to the same effect.
///
/// # Errors
/// The database fails: roll the transaction back.
pub(crate) fn attach_game(db: &mut Db, game: i64, delta: i64) -> Result<(), DbError> {
    let rows = db.query(
        &format!("SELECT {GAME_NAMES} FROM games WHERE id = $1"),
        &[game.into()],
    )?;
    let Some(row) = rows.first() else {
        return Ok(());
    };
    let attached = Ids {
        south: int(row, 6),
        north: int(row, 7),
        event: int(row, 8),
    };
    let names = Names {
        south: text(row, 1),
        north: text(row, 2),
        event: text(row, 3),
        site: text(row, 4),
    };
    let date = text(row, 5);
    let mut pending = Pending::default();
    if delta > 0 && !attached.any() {
        let ids = pending.resolve(db, &[names])?[0];
        db.execute(
            "UPDATE games SET south_player = $1, north_player = $2, event_id = $3 WHERE id = $4",
            &[
                ids.south.into(),
                ids.north.into(),
                ids.event.into(),
                game.into(),
            ],
        )?;
        pending.count(ids, date, 1);
    } else if delta < 0 && attached.any() {
        db.execute(
            "UPDATE games SET south_player = NULL, north_player = NULL, event_id = NULL \
             WHERE id = $1",
            &[game.into()],
        )?;
        pending.count(attached, date, -1);
    }
    pending.flush(db)
}

/// Games read and resolved at a time by the migration.
const BACKFILL_GAMES: i64 = 5_000;

/// Migration 8: every stored game attached to its players and event, a
/// slice of games at a time in id order (as an import attaches a batch),
/// the counts written each slice; then the games' indexes by player and
/// event. Its memory is a slice's games and the names it holds resolved
/// (forgotten past [`MAX_HELD_NAMES`]).
pub(crate) fn backfill(db: &mut Db) -> Result<(), DbError> {
    let mut pending = Pending::default();
    let mut after = i64::MIN;
    loop {
        let rows = db.query(
            &format!("SELECT {GAME_NAMES} FROM games WHERE id > $1 ORDER BY id LIMIT $2"),
            &[after.into(), BACKFILL_GAMES.into()],
        )?;
        let Some(last) = rows.last().and_then(|row| int(row, 0)) else {
            break;
        };
        after = last;
        let names: Vec<Names<'_>> = rows
            .iter()
            .map(|row| Names {
                south: text(row, 1),
                north: text(row, 2),
                event: text(row, 3),
                site: text(row, 4),
            })
            .collect();
        let ids = pending.resolve(db, &names)?;
        let games: Vec<i64> = rows.iter().filter_map(|row| int(row, 0)).collect();
        set_game_ids(db, &games, &ids)?;
        for (row, ids) in rows.iter().zip(&ids) {
            pending.count(*ids, text(row, 5), 1);
        }
        pending.flush(db)?;
        if pending.players.len() + pending.events.len() + pending.folds.len() > MAX_HELD_NAMES {
            pending.clear();
        }
    }
    db.batch(
        "CREATE INDEX games_south_player ON games (south_player, id);
         CREATE INDEX games_north_player ON games (north_player, id);
         CREATE INDEX games_event_id ON games (event_id, id);",
    )?;
    Ok(())
}

/// Writes the players' and event's ids on games (PostgreSQL: one
/// statement for all).
fn set_game_ids(db: &mut Db, games: &[i64], ids: &[Ids]) -> Result<(), DbError> {
    if db.is_postgres() {
        let south: Vec<Option<i64>> = ids.iter().map(|i| i.south).collect();
        let north: Vec<Option<i64>> = ids.iter().map(|i| i.north).collect();
        let event: Vec<Option<i64>> = ids.iter().map(|i| i.event).collect();
        let games = games.to_vec();
        db.query_postgres(
            "UPDATE games SET south_player = t.s, north_player = t.n, event_id = t.e \
             FROM unnest($1::BIGINT[], $2::BIGINT[], $3::BIGINT[], $4::BIGINT[]) AS t(id, s, n, e) \
             WHERE games.id = t.id",
            &[&games, &south, &north, &event],
        )?;
        return Ok(());
    }
    for (game, ids) in games.iter().zip(ids) {
        if ids.any() {
            db.execute(
                "UPDATE games SET south_player = $1, north_player = $2, event_id = $3 \
                 WHERE id = $4",
                &[
                    ids.south.into(),
                    ids.north.into(),
                    ids.event.into(),
                    (*game).into(),
                ],
            )?;
        }
    }
    Ok(())
}

/// A player in the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerEntry {
    /// The player's id.
    pub id: i64,
    /// The canonical name.
    pub name: String,
    /// The other names, as first written, in folded order.
    pub aliases: Vec<String>,
    /// Games played (under any name).
    pub games: i64,
    /// The federation's id for the player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub federation_id: Option<String>,
    /// The player's club.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
}

/// A page of the players (`songo archive players`, `GET /v1/players`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerList {
    /// In the order of their folded names (then ids).
    pub players: Vec<PlayerEntry>,
    /// The cursor of the next page (`--after`), `null` on the last.
    pub next: Option<String>,
}

/// An event in the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EventEntry {
    /// The event's id.
    pub id: i64,
    /// Its name, as first written.
    pub name: String,
    /// Its site, as first written (none when its games name none).
    pub site: Option<String>,
    /// The date of its first game (`YYYY-MM-DD`, `00` for what is not known).
    pub start: Option<String>,
    /// The date of its last game.
    pub end: Option<String>,
    /// Its games.
    pub games: i64,
}

/// A page of the events (`songo archive events`, `GET /v1/events`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EventList {
    /// In the order they were first met (their ids).
    pub events: Vec<EventEntry>,
    /// The cursor of the next page (`--after`), `null` on the last.
    pub next: Option<String>,
}

/// The most players or events a page lists.
pub const MAX_LIST_PAGE: usize = 1000;

/// The id a cursor of a list (`p12`, `e12`) names.
fn list_cursor(after: Option<&str>, prefix: char) -> Result<Option<i64>, ArchiveError> {
    after
        .map(|after| {
            after
                .strip_prefix(prefix)
                .and_then(|id| id.parse::<i64>().ok())
                .ok_or_else(|| ArchiveError::BadCursor(after.to_owned()))
        })
        .transpose()
}

/// A name close to one that matched nothing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    /// What it names: `player` or `event`.
    pub kind: &'static str,
    /// The name (a player's name or alias, an event's name).
    pub name: String,
    /// The player's or event's id.
    pub id: i64,
    /// An event's site.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub site: Option<String>,
}

/// The most names a suggestion lists.
pub(crate) const MAX_SUGGESTIONS: usize = 5;

/// The most players a name may match by its words' beginnings
/// (`Archive::players_named`); past it, the search asks for more of the name.
pub const MAX_MATCHED_PLAYERS: usize = 100;

/// What went wrong with a player or an event named by the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PeopleError {
    /// Several events have that name (at different sites).
    AmbiguousEvent {
        /// The name given.
        name: String,
        /// The events it names.
        events: Vec<EventEntry>,
    },
    /// No event has that name or id.
    NoSuchEvent {
        /// The name given.
        name: String,
        /// The nearest names.
        suggestions: Vec<Suggestion>,
    },
    /// The name's words begin too many players' names.
    TooManyPlayers {
        /// The name given.
        name: String,
        /// How many players it matches.
        count: usize,
    },
    /// No player has that name or id.
    NoSuchPlayer {
        /// The name given.
        name: String,
        /// The nearest names.
        suggestions: Vec<Suggestion>,
    },
    /// `unalias` of a player's canonical name.
    NotAnAlias {
        /// The name given.
        name: String,
    },
    /// An event with more games than the explorer replays.
    EventTooLarge {
        /// The event.
        name: String,
        /// Its games.
        games: i64,
        /// The most the explorer replays.
        limit: usize,
    },
}

impl PeopleError {
    /// What happened, in words for people.
    #[must_use]
    pub fn message(&self) -> Message {
        match self {
            PeopleError::AmbiguousEvent { name, events } => msg!(
                "archive-ambiguous-event",
                name = name.as_str(),
                count = events.len(),
                events = Message::verbatim(
                    events
                        .iter()
                        .map(event_label)
                        .collect::<Vec<_>>()
                        .join("; ")
                )
            ),
            PeopleError::NoSuchEvent { name, suggestions } => with_suggestions(
                msg!("archive-no-such-event", name = name.as_str()),
                suggestions,
            ),
            PeopleError::TooManyPlayers { name, count } => msg!(
                "archive-too-many-players",
                name = name.as_str(),
                count = *count,
                limit = MAX_MATCHED_PLAYERS
            ),
            PeopleError::NoSuchPlayer { name, suggestions } => with_suggestions(
                msg!("archive-no-such-player", name = name.as_str()),
                suggestions,
            ),
            PeopleError::NotAnAlias { name } => {
                msg!("archive-not-an-alias", name = name.as_str())
            }
            PeopleError::EventTooLarge { name, games, limit } => msg!(
                "archive-event-too-large",
                name = name.as_str(),
                games = *games,
                limit = *limit
            ),
        }
    }

    /// How to fix it.
    #[must_use]
    pub fn hint(&self) -> Option<Message> {
        Some(match self {
            PeopleError::AmbiguousEvent { events, .. } => msg!(
                "hint-archive-ambiguous-event",
                id = events.first().map_or(0, |e| e.id)
            ),
            PeopleError::NoSuchEvent { .. } => msg!("hint-archive-events"),
            PeopleError::TooManyPlayers { .. } => msg!("hint-archive-too-many-players"),
            PeopleError::NoSuchPlayer { .. } => msg!("hint-archive-players"),
            PeopleError::NotAnAlias { .. } => msg!("hint-archive-not-an-alias"),
            PeopleError::EventTooLarge { .. } => msg!("hint-archive-event-too-large"),
        })
    }
}

/// `#3 Club evening 2025 (Yaoundé)`.
fn event_label(event: &EventEntry) -> String {
    match &event.site {
        Some(site) => format!("#{} {} ({site})", event.id, event.name),
        None => format!("#{} {}", event.id, event.name),
    }
}

/// A message followed by `did you mean …?` when there are suggestions.
fn with_suggestions(message: Message, suggestions: &[Suggestion]) -> Message {
    match suggestion_text(suggestions) {
        Some(names) => msg!(
            "archive-with-suggestions",
            text = message,
            names = Message::verbatim(names)
        ),
        None => message,
    }
}

/// The suggested names, quoted (plain quotes: the same in every
/// language), with an event's site and id: `"Kofi A.", "Kwame O."`.
fn suggestion_text(suggestions: &[Suggestion]) -> Option<String> {
    if suggestions.is_empty() {
        return None;
    }
    Some(
        suggestions
            .iter()
            .map(|s| match &s.site {
                Some(site) => format!("\"{}\" ({site}, #{})", s.name, s.id),
                None => format!("\"{}\"", s.name),
            })
            .collect::<Vec<_>>()
            .join(", "),
    )
}

/// `Did you mean …?` for a list for people, or nothing.
#[must_use]
pub fn did_you_mean(suggestions: &[Suggestion], lang: Lang) -> Option<String> {
    suggestion_text(suggestions)
        .map(|names| msg!("archive-did-you-mean", names = Message::verbatim(names)).localize(lang))
}

/// The edit distance between two short texts (Levenshtein, in
/// characters; each cut to 64 characters, so that a long name costs no
/// more than a short one).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().take(64).collect();
    let b: Vec<char> = b.chars().take(64).collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// How far a folded name is from a folded query: the least distance
/// between the query and the name from any of its words on, whole or cut
/// to the query's number of words (`kofy` is 1 from `kofi a`, `asnte`
/// 1 from `kofi asante`).
fn nearness(query: &str, name: &str) -> usize {
    let words = query.split(' ').count();
    let mut best = usize::MAX;
    let starts = std::iter::once(0).chain(name.match_indices(' ').map(|(at, _)| at + 1));
    for start in starts {
        let tail = &name[start..];
        best = best.min(distance(query, tail));
        let cut: Vec<&str> = tail.split(' ').take(words).collect();
        best = best.min(distance(query, &cut.join(" ")));
    }
    best
}

/// The most edits a suggestion may be from the query: about one a
/// quarter of its letters, 1 to 4.
fn tolerance(query: &str) -> usize {
    query.chars().count().div_ceil(4).clamp(1, 4)
}

/// Keeps the nearest candidates (fewest edits, then most games, then
/// id), one per id.
#[derive(Default)]
struct Nearest {
    found: Vec<(usize, i64, Suggestion)>,
}

impl Nearest {
    fn offer(&mut self, edits: usize, games: i64, suggestion: Suggestion) {
        if let Some(at) = self
            .found
            .iter()
            .position(|(_, _, s)| s.id == suggestion.id)
        {
            if self.found[at].0 <= edits {
                return;
            }
            self.found.remove(at);
        }
        self.found.push((edits, games, suggestion));
        self.found
            .sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.id.cmp(&b.2.id)));
        self.found.truncate(MAX_SUGGESTIONS);
    }

    fn into_suggestions(self) -> Vec<Suggestion> {
        self.found.into_iter().map(|(_, _, s)| s).collect()
    }
}

/// An event's games read at a time by its explorer.
pub(crate) const EVENT_GAMES_READ: i64 = 200;

/// Rows of names read at a time while looking for suggestions.
const SUGGESTION_ROWS: i64 = 2_000;

/// The player or players a name given by the user means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Match {
    /// These (one for an exact name).
    Found(Vec<i64>),
    /// None; the nearest names.
    Nobody(Vec<Suggestion>),
}

/// The event a name or id given by the user means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum EventMatch {
    Found(EventEntry),
    Nothing(Vec<Suggestion>),
}

const EVENT_COLUMNS: &str = "id, name, site, first_date, last_date, games";

fn event_entry(row: &[Value]) -> EventEntry {
    EventEntry {
        id: int(row, 0).unwrap_or_default(),
        name: text(row, 1).unwrap_or_default().to_owned(),
        site: text(row, 2).map(str::to_owned),
        start: text(row, 3).map(str::to_owned),
        end: text(row, 4).map(str::to_owned),
        games: int(row, 5).unwrap_or_default(),
    }
}

/// What a search's player and event filters became.
#[derive(Debug, Clone, Default)]
pub(crate) struct Resolved {
    /// The values the player columns are compared with: player ids.
    pub(crate) players: Option<Vec<Value>>,
    /// The value the event column is compared with.
    pub(crate) event: Option<Value>,
    /// A name matched nobody: the answer is empty, with these.
    pub(crate) nothing: Option<Vec<Suggestion>>,
}

impl Resolved {
    /// The columns of South's and North's player.
    pub(crate) fn player_columns(&self) -> (&'static str, &'static str) {
        ("g.south_player", "g.north_player")
    }

    /// The column of the event.
    pub(crate) fn event_column(&self) -> &'static str {
        "g.event_id"
    }
}

impl Archive {
    /// The players and events of a batch of games about to be stored, in
    /// its order (none before schema 8), resolved within the open
    /// transaction.
    pub(crate) fn people_of<'g>(
        &mut self,
        games: impl Iterator<Item = &'g Prepared>,
    ) -> Result<Vec<Ids>, DbError> {
        let names: Vec<Names<'_>> = games
            .map(|game| Names {
                south: game.tags.get(names::SOUTH),
                north: game.tags.get(names::NORTH),
                event: game.tags.get(names::EVENT),
                site: game.tags.get(names::SITE),
            })
            .collect();
        self.pending.people.resolve(&mut self.db, &names)
    }

    /// The players a name means: the player one of whose names folds to
    /// the name's folded key; failing that, every player one of whose
    /// names has a word that begins with the name's key (`kofi` finds
    /// `Kofi A.`, `as` finds `Kofi Asante`; the key may run over words:
    /// `kofi as`). None: the nearest names, by edit distance on folded
    /// keys. A name of neither letter nor digit matches nobody.
    ///
    /// # Errors
    /// More than [`MAX_MATCHED_PLAYERS`] players begin with it, or the
    /// database fails.
    pub(crate) fn players_named(&mut self, name: &str) -> Result<Match, ArchiveError> {
        let folded = fold(name);
        if folded.is_empty() {
            return Ok(Match::Nobody(Vec::new()));
        }
        if let Some(player) = player_of_folded(&mut self.db, &folded)? {
            return Ok(Match::Found(vec![player]));
        }
        // Folded keys hold letters, digits and single blanks only: no
        // character LIKE would read as a pattern.
        let rows = self.db.query(
            "SELECT DISTINCT player FROM player_names WHERE folded LIKE $1 OR folded LIKE $2 \
             ORDER BY player LIMIT $3",
            &[
                format!("{folded}%").into(),
                format!("% {folded}%").into(),
                i64::try_from(MAX_MATCHED_PLAYERS + 1)
                    .unwrap_or(i64::MAX)
                    .into(),
            ],
        )?;
        let players: Vec<i64> = rows.iter().filter_map(|row| int(row, 0)).collect();
        if players.len() > MAX_MATCHED_PLAYERS {
            let count = self.db.query(
                "SELECT COUNT(DISTINCT player) FROM player_names WHERE folded LIKE $1 \
                 OR folded LIKE $2",
                &[format!("{folded}%").into(), format!("% {folded}%").into()],
            )?;
            return Err(ArchiveError::People(PeopleError::TooManyPlayers {
                name: name.to_owned(),
                count: count
                    .first()
                    .and_then(|row| int(row, 0))
                    .and_then(|n| usize::try_from(n).ok())
                    .unwrap_or(players.len()),
            }));
        }
        if !players.is_empty() {
            return Ok(Match::Found(players));
        }
        Ok(Match::Nobody(self.nearest_players(&folded)?))
    }

    /// The names nearest to a folded name that matched no player.
    fn nearest_players(&mut self, folded: &str) -> Result<Vec<Suggestion>, DbError> {
        let most = tolerance(folded);
        let mut nearest = Nearest::default();
        let mut after = String::new();
        loop {
            let rows = self.db.query(
                "SELECT n.folded, n.name, n.player, p.games FROM player_names n \
                 JOIN players p ON p.id = n.player WHERE n.folded > $1 \
                 ORDER BY n.folded LIMIT $2",
                &[after.as_str().into(), SUGGESTION_ROWS.into()],
            )?;
            for row in &rows {
                let (Some(key), Some(name), Some(player)) =
                    (text(row, 0), text(row, 1), int(row, 2))
                else {
                    continue;
                };
                let edits = nearness(folded, key);
                if edits <= most {
                    nearest.offer(
                        edits,
                        int(row, 3).unwrap_or_default(),
                        Suggestion {
                            kind: "player",
                            name: name.to_owned(),
                            id: player,
                            site: None,
                        },
                    );
                }
            }
            match rows.last().and_then(|row| text(row, 0)) {
                Some(last) if rows.len() as i64 == SUGGESTION_ROWS => after = last.to_owned(),
                _ => break,
            }
        }
        Ok(nearest.into_suggestions())
    }

    /// The event a name or id means: the events whose folded name is the
    /// name's (one, else the name is ambiguous); failing that, the event
    /// of that id when the name is a number. None: the nearest names.
    ///
    /// # Errors
    /// Several events have the name (at different sites), or the
    /// database fails.
    pub(crate) fn event_named(&mut self, name: &str) -> Result<EventMatch, ArchiveError> {
        let folded = fold(name);
        let mut events: Vec<EventEntry> = self
            .db
            .query(
                &format!("SELECT {EVENT_COLUMNS} FROM events WHERE folded = $1 ORDER BY id"),
                &[folded.as_str().into()],
            )?
            .iter()
            .map(|row| event_entry(row))
            .collect();
        if events.is_empty()
            && let Ok(id) = name.trim().trim_start_matches('#').parse::<i64>()
        {
            events = self
                .db
                .query(
                    &format!("SELECT {EVENT_COLUMNS} FROM events WHERE id = $1"),
                    &[id.into()],
                )?
                .iter()
                .map(|row| event_entry(row))
                .collect();
        }
        match events.len() {
            0 => Ok(EventMatch::Nothing(self.nearest_events(&folded)?)),
            1 => Ok(EventMatch::Found(events.remove(0))),
            _ => Err(ArchiveError::People(PeopleError::AmbiguousEvent {
                name: name.to_owned(),
                events,
            })),
        }
    }

    /// The events nearest to a folded name that matched none.
    fn nearest_events(&mut self, folded: &str) -> Result<Vec<Suggestion>, DbError> {
        let mut nearest = Nearest::default();
        if folded.is_empty() {
            return Ok(Vec::new());
        }
        let most = tolerance(folded);
        let mut after = i64::MIN;
        loop {
            let rows = self.db.query(
                "SELECT id, name, site, folded, games FROM events WHERE id > $1 \
                 ORDER BY id LIMIT $2",
                &[after.into(), SUGGESTION_ROWS.into()],
            )?;
            for row in &rows {
                let (Some(id), Some(name), Some(key)) = (int(row, 0), text(row, 1), text(row, 3))
                else {
                    continue;
                };
                let edits = nearness(folded, key);
                if edits <= most {
                    nearest.offer(
                        edits,
                        int(row, 4).unwrap_or_default(),
                        Suggestion {
                            kind: "event",
                            name: name.to_owned(),
                            id,
                            site: text(row, 2).map(str::to_owned),
                        },
                    );
                }
            }
            match rows.last().and_then(|row| int(row, 0)) {
                Some(last) if rows.len() as i64 == SUGGESTION_ROWS => after = last,
                _ => break,
            }
        }
        Ok(nearest.into_suggestions())
    }

    /// A search's player and event filters resolved: ids from names.
    pub(crate) fn resolve_filters(
        &mut self,
        player: Option<&str>,
        event: Option<&str>,
    ) -> Result<Resolved, ArchiveError> {
        let mut resolved = Resolved::default();
        let mut nothing: Option<Vec<Suggestion>> = None;
        if let Some(name) = player {
            match self.players_named(name)? {
                Match::Found(ids) => {
                    resolved.players = Some(ids.into_iter().map(Value::Int).collect());
                }
                Match::Nobody(suggestions) => nothing = Some(suggestions),
            }
        }
        if let Some(name) = event {
            match self.event_named(name)? {
                EventMatch::Found(found) => resolved.event = Some(Value::Int(found.id)),
                EventMatch::Nothing(suggestions) => {
                    nothing.get_or_insert_with(Vec::new).extend(suggestions);
                }
            }
        }
        resolved.nothing = nothing;
        Ok(resolved)
    }

    /// A page of at most `limit` players (1 to [`MAX_LIST_PAGE`]) in the
    /// order of their folded names, after the player the cursor `after`
    /// names (a page's `next`): a range of the index by folded name, then
    /// their other names through the names' index by player. The games
    /// are counted in each player's row: nothing is counted here.
    ///
    /// # Errors
    /// A cursor no page gave (or whose player was merged into another
    /// since), or the database fails.
    pub fn players_page(
        &mut self,
        limit: usize,
        after: Option<&str>,
    ) -> Result<PlayerList, ArchiveError> {
        let mut list = PlayerList {
            players: Vec::new(),
            next: None,
        };
        let after_id = list_cursor(after, 'p')?;
        let limit = limit.clamp(1, MAX_LIST_PAGE);
        let wanted = i64::try_from(limit + 1).unwrap_or(i64::MAX);
        let rows = match after_id {
            None => self.db.query(
                "SELECT id, name, folded, federation_id, club, games FROM players \
                 ORDER BY folded, id LIMIT $1",
                &[wanted.into()],
            )?,
            Some(id) => {
                let from = self
                    .db
                    .query("SELECT folded FROM players WHERE id = $1", &[id.into()])?;
                let Some(folded) = from.first().and_then(|row| text(row, 0)) else {
                    return Err(ArchiveError::BadCursor(
                        after.unwrap_or_default().to_owned(),
                    ));
                };
                self.db.query(
                    "SELECT id, name, folded, federation_id, club, games FROM players \
                     WHERE (folded, id) > ($1, $2) ORDER BY folded, id LIMIT $3",
                    &[folded.into(), id.into(), wanted.into()],
                )?
            }
        };
        for row in rows.iter().take(limit) {
            list.players.push(PlayerEntry {
                id: int(row, 0).unwrap_or_default(),
                name: text(row, 1).unwrap_or_default().to_owned(),
                aliases: Vec::new(),
                games: int(row, 5).unwrap_or_default(),
                federation_id: text(row, 3).map(str::to_owned),
                club: text(row, 4).map(str::to_owned),
            });
        }
        if rows.len() > limit {
            list.next = list.players.last().map(|p| format!("p{}", p.id));
        }
        self.add_aliases(&mut list.players)?;
        Ok(list)
    }

    /// Fills in the players' other names, in folded order.
    fn add_aliases(&mut self, players: &mut [PlayerEntry]) -> Result<(), DbError> {
        let at: HashMap<i64, usize> = players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        let sql = format!(
            "SELECT n.player, n.name, n.folded FROM player_names n \
             JOIN players p ON p.id = n.player \
             WHERE n.player IN ({}) AND n.folded <> p.folded",
            placeholders(1, NAMES_PER_STATEMENT)
        );
        let ids: Vec<i64> = players.iter().map(|p| p.id).collect();
        let mut names = Vec::new();
        for chunk in ids.chunks(NAMES_PER_STATEMENT) {
            let mut params: Vec<Value> = chunk.iter().map(|&id| Value::Int(id)).collect();
            let pad = params.last().cloned().unwrap_or(Value::Null);
            params.resize(NAMES_PER_STATEMENT, pad);
            names.extend(self.db.query(&sql, &params)?);
        }
        names.sort_by(|a, b| text(a, 2).cmp(&text(b, 2)));
        for row in &names {
            if let (Some(player), Some(name)) = (int(row, 0), text(row, 1))
                && let Some(&i) = at.get(&player)
            {
                players[i].aliases.push(name.to_owned());
            }
        }
        Ok(())
    }

    /// Every player, page after page (for a few: the lists are paged).
    ///
    /// # Errors
    /// The database fails.
    pub fn players(&mut self) -> Result<PlayerList, ArchiveError> {
        let mut all = self.players_page(MAX_LIST_PAGE, None)?;
        while let Some(after) = all.next.take() {
            let page = self.players_page(MAX_LIST_PAGE, Some(&after))?;
            all.players.extend(page.players);
            all.next = page.next;
        }
        Ok(all)
    }

    /// A page of at most `limit` events (1 to [`MAX_LIST_PAGE`]) in the
    /// order they were first met, after the cursor `after` (a page's
    /// `next`); with `name`, only the events it names as a player's name
    /// names players (the folded name exactly, else every event a word of
    /// whose name begins with it).
    ///
    /// # Errors
    /// A cursor no page gave, or the database fails.
    pub fn events_page(
        &mut self,
        limit: usize,
        after: Option<&str>,
        name: Option<&str>,
    ) -> Result<EventList, ArchiveError> {
        let mut list = EventList {
            events: Vec::new(),
            next: None,
        };
        let after = list_cursor(after, 'e')?.unwrap_or(i64::MIN);
        let limit = limit.clamp(1, MAX_LIST_PAGE);
        let wanted = i64::try_from(limit + 1).unwrap_or(i64::MAX);
        let rows = match name.map(fold) {
            None => self.db.query(
                &format!("SELECT {EVENT_COLUMNS} FROM events WHERE id > $1 ORDER BY id LIMIT $2"),
                &[after.into(), wanted.into()],
            )?,
            Some(folded) => {
                let exact = self.db.query(
                    &format!(
                        "SELECT {EVENT_COLUMNS} FROM events WHERE folded = $1 AND id > $2 \
                         ORDER BY id LIMIT $3"
                    ),
                    &[folded.as_str().into(), after.into(), wanted.into()],
                )?;
                let any_exact = !exact.is_empty()
                    || !self
                        .db
                        .query(
                            "SELECT id FROM events WHERE folded = $1 LIMIT 1",
                            &[folded.as_str().into()],
                        )?
                        .is_empty();
                if any_exact || folded.is_empty() {
                    exact
                } else {
                    // Folded names hold letters, digits and single blanks:
                    // nothing LIKE reads as a pattern.
                    self.db.query(
                        &format!(
                            "SELECT {EVENT_COLUMNS} FROM events \
                             WHERE (folded LIKE $1 OR folded LIKE $2) AND id > $3 \
                             ORDER BY id LIMIT $4"
                        ),
                        &[
                            format!("{folded}%").into(),
                            format!("% {folded}%").into(),
                            after.into(),
                            wanted.into(),
                        ],
                    )?
                }
            }
        };
        list.events = rows
            .iter()
            .take(limit)
            .map(|row| event_entry(row))
            .collect();
        if rows.len() > limit {
            list.next = list.events.last().map(|e| format!("e{}", e.id));
        }
        Ok(list)
    }

    /// Every event, page after page (for a few: the lists are paged).
    ///
    /// # Errors
    /// The database fails.
    pub fn events(&mut self) -> Result<EventList, ArchiveError> {
        let mut all = self.events_page(MAX_LIST_PAGE, None, None)?;
        while let Some(after) = all.next.take() {
            let page = self.events_page(MAX_LIST_PAGE, Some(&after), None)?;
            all.events.extend(page.events);
            all.next = page.next;
        }
        Ok(all)
    }

    /// The one player `who` names: a name (any of his, folded) or, when
    /// no name matches and `who` is a number, an id.
    fn player_exactly(&mut self, who: &str) -> Result<i64, ArchiveError> {
        let folded = fold(who);
        if !folded.is_empty()
            && let Some(player) = player_of_folded(&mut self.db, &folded)?
        {
            return Ok(player);
        }
        if let Ok(id) = who.trim().trim_start_matches('#').parse::<i64>()
            && !self
                .db
                .query("SELECT id FROM players WHERE id = $1", &[id.into()])?
                .is_empty()
        {
            return Ok(id);
        }
        let suggestions = if folded.is_empty() {
            Vec::new()
        } else {
            self.nearest_players(&folded)?
        };
        Err(ArchiveError::People(PeopleError::NoSuchPlayer {
            name: who.to_owned(),
            suggestions,
        }))
    }

    /// One player as the list shows him.
    fn player_entry(&mut self, player: i64) -> Result<PlayerEntry, ArchiveError> {
        let rows = self.db.query(
            "SELECT id, name, federation_id, club, games FROM players WHERE id = $1",
            &[player.into()],
        )?;
        let row = rows
            .first()
            .ok_or_else(|| ArchiveError::Database(format!("player {player} vanished")))?;
        let mut entry = [PlayerEntry {
            id: player,
            name: text(row, 1).unwrap_or_default().to_owned(),
            aliases: Vec::new(),
            games: int(row, 4).unwrap_or_default(),
            federation_id: text(row, 2).map(str::to_owned),
            club: text(row, 3).map(str::to_owned),
        }];
        self.add_aliases(&mut entry)?;
        let [entry] = entry;
        Ok(entry)
    }

    /// Runs `work` in a transaction of its own.
    fn in_transaction<T>(
        &mut self,
        work: impl FnOnce(&mut Archive) -> Result<T, ArchiveError>,
    ) -> Result<T, ArchiveError> {
        self.begin()?;
        match work(self) {
            Ok(done) => {
                self.db.batch("COMMIT")?;
                Ok(done)
            }
            Err(error) => {
                self.rollback();
                Err(error)
            }
        }
    }

    /// Makes `name` one more name of `canonical`'s player (a name or an
    /// id): the player `name` belonged to, if any, is merged into that
    /// one (all his names and games move over; a federation id or a club
    /// that one lacks is taken from him), else the name is added, for
    /// games imported later. Gives the player as he now is.
    ///
    /// # Errors
    /// `canonical` names no player, or the database fails.
    pub fn alias(&mut self, name: &str, canonical: &str) -> Result<PlayerEntry, ArchiveError> {
        let folded = fold(name);
        if folded.is_empty() {
            return Err(ArchiveError::People(PeopleError::NoSuchPlayer {
                name: name.to_owned(),
                suggestions: Vec::new(),
            }));
        }
        let target = self.in_transaction(|archive| {
            let target = archive.player_exactly(canonical)?;
            let db = &mut archive.db;
            match player_of_folded(db, &folded)? {
                Some(from) if from == target => {}
                Some(from) => merge_players(db, from, target)?,
                None => {
                    db.execute(
                        "INSERT INTO player_names (folded, name, player) VALUES ($1, $2, $3)",
                        &[folded.as_str().into(), name.trim().into(), target.into()],
                    )?;
                }
            }
            Ok(target)
        })?;
        self.player_entry(target)
    }

    /// Makes `name`, an alias, a player of his own again, with the games
    /// recorded under that name (those whose South or North tag folds to
    /// it). Gives the new player.
    ///
    /// # Errors
    /// No player has that name, it is a player's canonical name, or the
    /// database fails.
    pub fn unalias(&mut self, name: &str) -> Result<PlayerEntry, ArchiveError> {
        let folded = fold(name);
        let created = self.in_transaction(|archive| {
            let Some(owner) = (if folded.is_empty() {
                None
            } else {
                player_of_folded(&mut archive.db, &folded)?
            }) else {
                let suggestions = if folded.is_empty() {
                    Vec::new()
                } else {
                    archive.nearest_players(&folded)?
                };
                return Err(ArchiveError::People(PeopleError::NoSuchPlayer {
                    name: name.to_owned(),
                    suggestions,
                }));
            };
            let db = &mut archive.db;
            let rows = db.query(
                "SELECT p.folded, n.name FROM players p JOIN player_names n ON n.folded = $1 \
                 WHERE p.id = $2",
                &[folded.as_str().into(), owner.into()],
            )?;
            let (canonical, spelt) = rows
                .first()
                .map(|row| {
                    (
                        text(row, 0).unwrap_or_default().to_owned(),
                        text(row, 1).unwrap_or_default().to_owned(),
                    )
                })
                .unwrap_or_default();
            if canonical == folded {
                return Err(ArchiveError::People(PeopleError::NotAnAlias {
                    name: name.to_owned(),
                }));
            }
            let rows = db.query(
                "INSERT INTO players (name, folded) VALUES ($1, $2) RETURNING id",
                &[spelt.as_str().into(), folded.as_str().into()],
            )?;
            let created = rows
                .first()
                .and_then(|row| int(row, 0))
                .ok_or_else(|| ArchiveError::Database("a player without an id".to_owned()))?;
            db.execute(
                "UPDATE player_names SET player = $1 WHERE folded = $2",
                &[created.into(), folded.as_str().into()],
            )?;
            move_games_named(db, owner, created, &folded)?;
            recount_player(db, owner)?;
            recount_player(db, created)?;
            Ok(created)
        })?;
        self.player_entry(created)
    }

    /// Sets a player's federation id and club (`Some("")` clears one,
    /// `None` leaves it). Gives the player as he now is.
    ///
    /// # Errors
    /// `who` names no player, or the database fails.
    pub fn set_player(
        &mut self,
        who: &str,
        federation_id: Option<&str>,
        club: Option<&str>,
    ) -> Result<PlayerEntry, ArchiveError> {
        let player = self.in_transaction(|archive| {
            let player = archive.player_exactly(who)?;
            let cleared = |value: &str| {
                let value = value.trim();
                Value::from((!value.is_empty()).then_some(value))
            };
            if let Some(federation_id) = federation_id {
                archive.db.execute(
                    "UPDATE players SET federation_id = $1 WHERE id = $2",
                    &[cleared(federation_id), player.into()],
                )?;
            }
            if let Some(club) = club {
                archive.db.execute(
                    "UPDATE players SET club = $1 WHERE id = $2",
                    &[cleared(club), player.into()],
                )?;
            }
            Ok(player)
        })?;
        self.player_entry(player)
    }

    /// One player, by name or id.
    ///
    /// # Errors
    /// `who` names no player, or the database fails.
    pub fn player(&mut self, who: &str) -> Result<PlayerEntry, ArchiveError> {
        let player = self.player_exactly(who)?;
        self.player_entry(player)
    }

    /// For tests: what in the players' and events' rows disagrees with
    /// the games (each a line: a count, a date or a name pointing
    /// nowhere); empty when all is true.
    ///
    /// # Errors
    /// The database fails.
    #[doc(hidden)]
    pub fn check_people(&mut self) -> Result<Vec<String>, ArchiveError> {
        let mut wrong = Vec::new();
        for row in self.db.query(
            "SELECT p.id, p.games, \
             (SELECT COUNT(*) FROM games g WHERE g.south_player = p.id OR g.north_player = p.id) \
             FROM players p",
            &[],
        )? {
            if int(&row, 1) != int(&row, 2) {
                wrong.push(format!(
                    "player {:?}: {:?} games counted, {:?} found",
                    int(&row, 0),
                    int(&row, 1),
                    int(&row, 2)
                ));
            }
        }
        for row in self.db.query(
            "SELECT e.id, e.games, e.first_date, e.last_date, \
             (SELECT COUNT(*) FROM games g WHERE g.event_id = e.id), \
             (SELECT MIN(date) FROM games g WHERE g.event_id = e.id), \
             (SELECT MAX(date) FROM games g WHERE g.event_id = e.id) FROM events e",
            &[],
        )? {
            if int(&row, 1) != int(&row, 4)
                || text(&row, 2) != text(&row, 5)
                || text(&row, 3) != text(&row, 6)
            {
                wrong.push(format!("event {:?}: {row:?}", int(&row, 0)));
            }
        }
        for row in self.db.query(
            "SELECT n.folded FROM player_names n WHERE NOT EXISTS \
             (SELECT 1 FROM players p WHERE p.id = n.player)",
            &[],
        )? {
            wrong.push(format!("name {:?} of no player", text(&row, 0)));
        }
        for row in self.db.query(
            "SELECT p.id FROM players p WHERE NOT EXISTS \
             (SELECT 1 FROM player_names n WHERE n.folded = p.folded AND n.player = p.id)",
            &[],
        )? {
            wrong.push(format!(
                "player {:?} without his canonical name",
                int(&row, 0)
            ));
        }
        // Every game attached to the players its names fold to.
        let mut after = i64::MIN;
        loop {
            let rows = self.db.query(
                "SELECT id, south, north, south_player, north_player FROM games \
                 WHERE id > $1 ORDER BY id LIMIT 1000",
                &[after.into()],
            )?;
            let Some(last) = rows.last().and_then(|row| int(row, 0)) else {
                break;
            };
            after = last;
            for row in &rows {
                for (name, attached) in [(text(row, 1), int(row, 3)), (text(row, 2), int(row, 4))] {
                    let expected = match name.map(fold).filter(|f| !f.is_empty()) {
                        Some(folded) => player_of_folded(&mut self.db, &folded)?,
                        None => None,
                    };
                    if expected != attached {
                        wrong.push(format!(
                            "game {:?}: {name:?} is player {attached:?}, not {expected:?}",
                            int(row, 0)
                        ));
                    }
                }
            }
        }
        Ok(wrong)
    }
}

/// Merges player `from` into player `into`: his names, his games (a
/// statement a side, through the games' player indexes), what `into`
/// lacks of his federation id and club; then he is deleted and `into`'s
/// games counted again (a game between the two counts once now).
fn merge_players(db: &mut Db, from: i64, into: i64) -> Result<(), DbError> {
    db.execute(
        "UPDATE player_names SET player = $1 WHERE player = $2",
        &[into.into(), from.into()],
    )?;
    db.execute(
        "UPDATE games SET south_player = $1 WHERE south_player = $2",
        &[into.into(), from.into()],
    )?;
    db.execute(
        "UPDATE games SET north_player = $1 WHERE north_player = $2",
        &[into.into(), from.into()],
    )?;
    db.execute(
        "UPDATE players SET \
         federation_id = COALESCE(federation_id, (SELECT federation_id FROM players WHERE id = $1)), \
         club = COALESCE(club, (SELECT club FROM players WHERE id = $1)) WHERE id = $2",
        &[from.into(), into.into()],
    )?;
    // A run event's registration follows the player it names.
    db.execute(
        "UPDATE event_entrants SET player = $1 WHERE player = $2",
        &[into.into(), from.into()],
    )?;
    db.execute("DELETE FROM players WHERE id = $1", &[from.into()])?;
    recount_player(db, into)
}

/// Games read at a time while moving a name's games to its new player.
const MOVE_GAMES: i64 = 2_000;

/// Moves to player `to` the sides of `from`'s games whose name folds to
/// `folded`, reading his games a slice at a time through the indexes.
fn move_games_named(db: &mut Db, from: i64, to: i64, folded: &str) -> Result<(), DbError> {
    for (name_column, player_column) in [("south", "south_player"), ("north", "north_player")] {
        let select = format!(
            "SELECT id, {name_column} FROM games WHERE {player_column} = $1 AND id > $2 \
             ORDER BY id LIMIT $3"
        );
        let update = format!("UPDATE games SET {player_column} = $1 WHERE id = $2");
        let mut after = i64::MIN;
        loop {
            let rows = db.query(&select, &[from.into(), after.into(), MOVE_GAMES.into()])?;
            let Some(last) = rows.last().and_then(|row| int(row, 0)) else {
                break;
            };
            after = last;
            for row in &rows {
                if text(row, 1).map(fold).as_deref() == Some(folded)
                    && let Some(game) = int(row, 0)
                {
                    db.execute(&update, &[to.into(), game.into()])?;
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_ignores_case_accents_blanks_and_punctuation() {
        for (name, folded) in [
            ("Dora N", "dora n"),
            ("Dora N.", "dora n"),
            ("dora n", "dora n"),
            ("DORA  N", "dora n"),
            ("Nadège E.", "nadege e"),
            ("NADÈGE É", "nadege e"),
            ("Sékou F.", "sekou f"),
            ("Arsène N.", "arsene n"),
            ("Strauß", "strauss"),
            ("Łukasz Ø.", "lukasz o"),
            ("Ça-va O'Brien", "ca va o brien"),
            ("  …  ", ""),
            ("?", ""),
            ("李 小龙", "李 小龙"),
        ] {
            assert_eq!(fold(name), folded, "{name}");
        }
        // Composed and decomposed spellings of é are one.
        assert_eq!(fold("Ne\u{301}de"), fold("Néde"));
    }

    #[test]
    fn nearness_reads_words_and_beginnings() {
        assert_eq!(nearness("kofy", "kofi a"), 1);
        assert_eq!(nearness("asnte", "kofi asante"), 1);
        assert_eq!(nearness("kofi asnte", "kofi asante"), 1);
        assert_eq!(nearness("nadge", "nadege e"), 1);
        assert!(nearness("nobody", "ada") > tolerance("nobody"));
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
    }

    /// A SQLite archive in memory at the current schema.
    fn archive() -> Archive {
        let dir = std::env::temp_dir().join(format!(
            "songo-people-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        Archive::open(&super::super::Location::Sqlite(dir.join("archive.sqlite")))
            .expect("an archive")
    }

    /// `attach_game` takes a game off its players and event and puts it
    /// back: the counts, the dates and the searches follow, and a second
    /// call changes nothing.
    #[test]
    fn attaching_and_detaching_a_game_keeps_the_counts_true() {
        let mut archive = archive();
        let text = "[Event \"Cup\"]\n[Site \"Lomé\"]\n[Date \"2024.05.01\"]\n[South \"Ada\"]\n[North \"Ben\"]\n[Result \"*\"]\n\n1. S2 *\n\n\
                    [Event \"Cup\"]\n[Site \"Lomé\"]\n[Date \"2024.05.03\"]\n[South \"Ben\"]\n[North \"ada\"]\n[Result \"*\"]\n\n1. S3 *\n";
        let games: Vec<_> = songo_notation::record::games(text)
            .filter_map(|game| {
                super::super::prepare(&game, &songo_notation::validate::Options::default()).ok()
            })
            .collect();
        archive.import(&games).expect("imported");
        assert_eq!(
            archive.check_people().expect("checked"),
            Vec::<String>::new()
        );
        let counts = |archive: &mut Archive| {
            let players = archive.players().expect("players").players;
            let events = archive.events().expect("events").events;
            (
                players
                    .iter()
                    .map(|p| (p.name.clone(), p.games))
                    .collect::<Vec<_>>(),
                events
                    .iter()
                    .map(|e| (e.games, e.start.clone(), e.end.clone()))
                    .collect::<Vec<_>>(),
            )
        };
        let both = counts(&mut archive);
        assert_eq!(
            both,
            (
                vec![("Ada".to_owned(), 2), ("Ben".to_owned(), 2)],
                vec![(
                    2,
                    Some("2024-05-01".to_owned()),
                    Some("2024-05-03".to_owned())
                )]
            )
        );
        let last = archive
            .db
            .query("SELECT MAX(id) FROM games", &[])
            .expect("an id")[0][0]
            .int()
            .expect("an id");
        for _ in 0..2 {
            archive.db.batch("BEGIN").expect("begun");
            attach_game(&mut archive.db, last, -1).expect("detached");
            archive.db.batch("COMMIT").expect("committed");
            assert_eq!(
                counts(&mut archive),
                (
                    vec![("Ada".to_owned(), 1), ("Ben".to_owned(), 1)],
                    vec![(
                        1,
                        Some("2024-05-01".to_owned()),
                        Some("2024-05-01".to_owned())
                    )]
                )
            );
        }
        for _ in 0..2 {
            archive.db.batch("BEGIN").expect("begun");
            attach_game(&mut archive.db, last, 1).expect("attached");
            archive.db.batch("COMMIT").expect("committed");
            assert_eq!(counts(&mut archive), both);
        }
        assert_eq!(
            archive.check_people().expect("checked"),
            Vec::<String>::new()
        );
    }
}

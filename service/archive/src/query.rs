//! Reading the archive: searches by tags and positions with a stable
//! cursor, one game, the explorer's move statistics and an event's
//! standings. Every value a user gives is a bound parameter.

use std::collections::BTreeMap;

use serde::Serialize;
use songo_notation::record::{Tags, games, parse_text};
use songo_notation::tiebreak::TieBreak;
use songo_notation::verdict::Verdict;
use songo_notation::{AnyPosition, Ruleset, Side};

use super::counts::{self, Counts};
use super::db::{DbError, Value, placeholders};
use super::ingest::{
    REPLAY_COLUMNS, ReplayRow, identity_of, normalise_date, passages_of_record, public_id,
};
use super::people::{EVENT_GAMES_READ, EventMatch, PeopleError, Resolved, Suggestion};
use super::{Archive, ArchiveError, postings, tail, tiebreaks};

/// What a search asks for; every field narrows it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filters {
    /// A player, on either side, under any of his names: one whose name
    /// folds to this one, else every player a word of whose names begins
    /// with it (`people::Archive::players_named`).
    pub player: Option<String>,
    /// The event: its name (folded; an error when several events have
    /// it) or its id.
    pub event: Option<String>,
    /// The site.
    pub site: Option<String>,
    /// Games on or after this date (`YYYY`, `YYYY.MM` or `YYYY.MM.DD`, dots or dashes).
    pub since: Option<String>,
    /// Games on or before this date.
    pub until: Option<String>,
    /// The round.
    pub round: Option<String>,
    /// The ruleset id.
    pub rules: Option<String>,
    /// The result as recorded (`41-29`, `+/-`, `*`), or who won by the
    /// rules' verdict: `south`, `north`, `draw`, `forfeit` (a game not
    /// played, whoever won it).
    pub result: Option<String>,
    /// Only valid (`true`) or only invalid (`false`) games.
    pub valid: Option<bool>,
    /// At least this many plies.
    pub min_plies: Option<i64>,
    /// At most this many plies.
    pub max_plies: Option<i64>,
    /// Games that passed through the position of this key
    /// ([`super::position_key`]).
    pub position: Option<i64>,
}

/// One game in a list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameSummary {
    /// Its public id.
    pub id: String,
    /// Its tags.
    pub tags: Tags,
    /// The ruleset id.
    pub rules: String,
    /// Main-line moves.
    pub plies: i64,
    /// The result (computed when the replay reached the end, else claimed).
    pub result: Option<String>,
    /// Whether it has no violation.
    pub valid: bool,
}

/// A page of games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameList {
    /// The games, in the order they were added.
    pub games: Vec<GameSummary>,
    /// The cursor of the next page (`--after`), `null` on the last.
    pub next: Option<String>,
    /// When a player or an event named matched none: the nearest names
    /// (absent otherwise).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<Suggestion>,
    /// Through a position that does not say who is to move: the sides
    /// searched (both) and those with games in the page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<SidesSearched>,
}

/// The sides to move a position was searched or explored with when its
/// text did not say which (a diagram pasted from a lesson): both, and
/// those with games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SidesSearched {
    /// The sides tried: South, North.
    pub searched: Vec<Side>,
    /// Those with games (a search: in the page given).
    pub found: Vec<Side>,
}

/// One game with its record.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StoredGame {
    /// The game in a list.
    #[serde(flatten)]
    pub summary: GameSummary,
    /// The record as imported.
    pub record: String,
    /// The violations, as `songo validate --format json` gives them.
    pub violations: serde_json::Value,
    /// When it was added (seconds since 1970).
    pub imported: i64,
    /// Its revision (1: as imported; `songo archive history`).
    pub revision: i64,
    /// Whether it is deleted (in no list; it can be restored).
    pub deleted: bool,
}

/// Wins, losses and draws over games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Results {
    /// Games South won.
    pub south: i64,
    /// Games North won.
    pub north: i64,
    /// Drawn games.
    pub draw: i64,
}

/// One move played from a position.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExplorerMove {
    /// The move, canonically named.
    #[serde(rename = "move")]
    pub played: String,
    /// Games that played it there.
    pub games: i64,
    /// How they ended (games with a final score only).
    pub results: Results,
    /// South's final score minus North's, averaged over those games.
    pub average_score: Option<f64>,
}

/// The games through a position and the moves played from it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Explorer {
    /// The position.
    pub position: AnyPosition,
    /// Games that passed through it (each once).
    pub games: i64,
    /// How they ended.
    pub results: Results,
    /// Games that ended there.
    pub ended: i64,
    /// The moves played from it, most played first.
    pub moves: Vec<ExplorerMove>,
    /// The games through it most recently added.
    pub recent: Vec<GameSummary>,
    /// For a position that did not say who is to move: both sides tried,
    /// those with games; `position` is the one shown (the side with the
    /// more games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<SidesSearched>,
}

/// One player's line of a crosstable.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StandingRow {
    /// Place, from 1 (players level on points and seed difference share it).
    pub rank: usize,
    /// The player (his canonical name).
    pub player: String,
    /// His id (schema 8).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player_id: Option<i64>,
    /// Games finished (with a result the rules' verdict judges),
    /// forfeits included.
    pub games: i64,
    /// Wins.
    pub wins: i64,
    /// Draws.
    pub draws: i64,
    /// Losses.
    pub losses: i64,
    /// Of those games, the ones decided by forfeit (won or lost).
    pub forfeits: i64,
    /// Points: 1 a win, ½ a draw.
    pub points: f64,
    /// Seeds the player ended with, summed.
    pub seeds_won: i64,
    /// Seeds the opponents ended with, summed.
    pub seeds_lost: i64,
    /// Points scored against each opponent.
    pub head_to_head: BTreeMap<String, f64>,
    /// His value of each tie-break asked for (`Standings::tiebreaks`),
    /// in that order; absent without `--tiebreaks`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tiebreaks: Vec<f64>,
}

/// An event's crosstable.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standings {
    /// The event: its name as stored (as asked when none matched).
    pub event: String,
    /// The event's id (schema 8).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event_id: Option<i64>,
    /// The event's site.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub site: Option<String>,
    /// Games counted (both players named, finished).
    pub games: i64,
    /// The players, best first.
    pub players: Vec<StandingRow>,
    /// When no event matched: the nearest names (absent otherwise).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<Suggestion>,
    /// The tie-breaks that rank players level on points, in order (FIDE
    /// C.07, `songo_notation::tiebreak`); absent: the seed difference.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tiebreaks: Vec<&'static str>,
    /// With tie-breaks: how the event is counted, `round-robin` (every
    /// player met every other) or `swiss`; it decides how forfeits count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system: Option<&'static str>,
}

const SUMMARY_COLUMNS: &str = "g.id, g.identity, g.rules, g.plies, g.result, g.valid, g.record";

/// A game's summary from the columns of [`SUMMARY_COLUMNS`] (from `at`).
fn summary(row: &[Value]) -> GameSummary {
    let record = row.get(6).and_then(Value::text).unwrap_or_default();
    GameSummary {
        id: public_id(row.get(1).and_then(Value::int).unwrap_or_default()),
        tags: tags_of(record),
        rules: row
            .get(2)
            .and_then(Value::text)
            .unwrap_or_default()
            .to_owned(),
        plies: row.get(3).and_then(Value::int).unwrap_or_default(),
        result: row.get(4).and_then(Value::text).map(str::to_owned),
        valid: row.get(5).and_then(Value::int) == Some(1),
    }
}

/// The tags of a stored record (read again: storing them twice would
/// grow the archive). Only its tag lines are read when they come first
/// and no `[` follows them; else the whole record.
fn tags_of(record: &str) -> Tags {
    let header = tag_lines(record).unwrap_or(record);
    games(header)
        .next()
        .map(|game| parse_text(&game).record.tags)
        .unwrap_or_default()
}

/// The lines of tags a record starts with, when nothing after them can
/// be a tag (no `[` further on): what the tags are read from.
fn tag_lines(record: &str) -> Option<&str> {
    let mut end = 0;
    for line in record.split_inclusive('\n') {
        if !line.trim_start().starts_with('[') {
            break;
        }
        end += line.len();
    }
    let (header, rest) = record.split_at(end);
    (end > 0 && !rest.contains('[')).then_some(header)
}

/// Whether `date` is a date a search takes (`since`, `until`): `YYYY`,
/// `YYYY.MM` or `YYYY.MM.DD` (dots, dashes or slashes), a month from 1 to
/// 12 and a day from 1 to 31, each of one or two digits. A record's date
/// is read more loosely (`????.??.??`); a filter that no date can match
/// is the caller's mistake.
#[must_use]
pub fn is_filter_date(date: &str) -> bool {
    let mut parts = date.trim().split(['.', '-', '/']);
    let number = |part: Option<&str>, digits: std::ops::RangeInclusive<usize>| {
        part.filter(|p| digits.contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|p| p.parse::<u32>().ok())
    };
    if number(parts.next(), 4..=4).is_none() {
        return false;
    }
    for most in [12, 31] {
        match parts.next() {
            None => return true,
            part => {
                if !number(part, 1..=2).is_some_and(|n| (1..=most).contains(&n)) {
                    return false;
                }
            }
        }
    }
    parts.next().is_none()
}

/// A date bound: missing parts filled with `fill` (`00` from, `99` to).
fn date_bound(date: &str, fill: &str) -> Option<String> {
    if !is_filter_date(date) {
        return None;
    }
    // One digit as two: `2024.3` is March.
    let padded: Vec<String> = date
        .trim()
        .split(['.', '-', '/'])
        .map(|part| format!("{part:0>2}"))
        .collect();
    let date = padded.join(".");
    let date = date.as_str();
    let normal = normalise_date(date)?;
    let given = date.trim().split(['.', '-', '/']).count();
    let mut parts: Vec<&str> = normal.split('-').collect();
    for part in parts.iter_mut().skip(given) {
        *part = fill;
    }
    Some(parts.join("-"))
}

/// A `WHERE` under construction, its parameters numbered in order.
#[derive(Debug, Clone)]
struct Where {
    clauses: Vec<String>,
    params: Vec<Value>,
}

impl Where {
    fn add(&mut self, clause: &str, value: Value) {
        self.params.push(value);
        let n = self.params.len();
        self.clauses.push(clause.replace('?', &format!("${n}")));
    }

    fn sql(&self) -> String {
        if self.clauses.is_empty() {
            String::new()
        } else {
            format!(" WHERE {}", self.clauses.join(" AND "))
        }
    }
}

/// A page of `limit` games from rows of [`SUMMARY_COLUMNS`] (one more
/// row says there is a next page).
fn page(rows: &[Vec<Value>], limit: usize) -> GameList {
    let more = rows.len() > limit;
    let mut last = None;
    let games = rows
        .iter()
        .take(limit)
        .map(|row| {
            last = row.first().and_then(Value::int);
            summary(row)
        })
        .collect();
    GameList {
        games,
        next: if more {
            last.map(|id| format!("g{id}"))
        } else {
            None
        },
        to_move: None,
        suggestions: Vec::new(),
    }
}

/// The conditions of a search but its cursor and page, and, for a
/// player searched without a position, the numbers of the parameters
/// naming his ids (his games are then two index scans, one a side); the
/// player and the event as `people` resolved them.
fn search_conditions(
    filters: &Filters,
    people: &Resolved,
) -> Result<(Where, Option<Vec<usize>>), ArchiveError> {
    let mut w = Where {
        // A deleted game is in no list (its revisions stay readable).
        clauses: vec!["g.deleted = 0".to_owned()],
        params: Vec::new(),
    };
    // A player is South or North: two ordered index scans, each
    // stopped at the page's size, merged (`player_search_sql`), rather
    // than every game of the player read and sorted. Through a
    // position, the index gives the games and the player is one more
    // condition.
    let (south, north) = people.player_columns();
    let mut numbers = Vec::new();
    for value in people.players.iter().flatten() {
        w.params.push(value.clone());
        numbers.push(w.params.len());
    }
    let player = match (&people.players, filters.position) {
        (Some(_), None) => Some(numbers),
        (Some(_), Some(_)) => {
            let list = in_list(&numbers);
            w.clauses
                .push(format!("({south} IN ({list}) OR {north} IN ({list}))"));
            None
        }
        (None, _) => None,
    };
    if let Some(event) = &people.event {
        w.add(&format!("{} = ?", people.event_column()), event.clone());
    }
    for (column, value) in [
        ("g.site", &filters.site),
        ("g.round", &filters.round),
        ("g.rules", &filters.rules),
    ] {
        if let Some(value) = value {
            w.add(&format!("{column} = ?"), value.as_str().into());
        }
    }
    if let Some(result) = &filters.result {
        // The verdict's words read the column the library's verdict
        // filled in at import (`Verdict::code`).
        match result.to_ascii_lowercase().as_str() {
            "south" => w.add("g.winner = ?", "S".into()),
            "north" => w.add("g.winner = ?", "N".into()),
            "draw" => w.add("g.winner = ?", "D".into()),
            "forfeit" => w.add("g.forfeit = ?", 1_i64.into()),
            _ => w.add("g.result = ?", result.as_str().into()),
        }
    }
    if let Some(since) = &filters.since {
        let bound = date_bound(since, "00").ok_or_else(|| ArchiveError::BadDate(since.clone()))?;
        w.add("g.date >= ?", bound.into());
    }
    if let Some(until) = &filters.until {
        let bound = date_bound(until, "99").ok_or_else(|| ArchiveError::BadDate(until.clone()))?;
        w.add("g.date <= ?", bound.into());
    }
    if let Some(valid) = filters.valid {
        w.add("g.valid = ?", i64::from(valid).into());
    }
    if let Some(min) = filters.min_plies {
        w.add("g.plies >= ?", min.into());
    }
    if let Some(max) = filters.max_plies {
        w.add("g.plies <= ?", max.into());
    }
    Ok((w, player))
}

/// The game id a cursor (`g1234`) names.
fn parse_cursor(after: Option<&str>) -> Result<Option<i64>, ArchiveError> {
    after
        .map(|after| {
            after
                .strip_prefix('g')
                .and_then(|n| n.parse::<i64>().ok())
                .ok_or_else(|| ArchiveError::BadCursor(after.to_owned()))
        })
        .transpose()
}

/// `$3, $4`: parameters by number.
fn in_list(numbers: &[usize]) -> String {
    numbers
        .iter()
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A player's games: his games as South and as North, each an index
/// scan stopped at the page's size (`$n`), merged in id order; the
/// player is parameters `players` (his ids: one, or the few a name's
/// beginning matched), the columns `columns` (South's, North's), and
/// the other conditions of `w` apply in both halves (`$N` names one
/// value in both databases).
fn player_search_sql(w: &Where, players: &[usize], columns: (&str, &str), n: usize) -> String {
    let side = |column: &str| {
        let mut clauses = vec![match players {
            [p] => format!("{column} = ${p}"),
            _ => format!("{column} IN ({})", in_list(players)),
        }];
        clauses.extend(w.clauses.iter().cloned());
        format!(
            "SELECT id FROM (SELECT g.id AS id FROM games g WHERE {} ORDER BY g.id LIMIT ${n}) AS {}_side",
            clauses.join(" AND "),
            column.trim_start_matches("g.")
        )
    };
    format!(
        "SELECT {SUMMARY_COLUMNS} FROM games g WHERE g.id IN ({} UNION ALL {}) \
         ORDER BY g.id LIMIT ${n}",
        side(columns.0),
        side(columns.1)
    )
}

/// The explorer's answer from the counts of each move (`""`: the games
/// that ended there), its moves most played first; its recent games
/// are left to the caller.
pub(crate) fn explorer_of(position: &AnyPosition, by_move: BTreeMap<String, Counts>) -> Explorer {
    let mut explorer = Explorer {
        position: position.clone(),
        games: 0,
        results: Results::default(),
        ended: 0,
        moves: Vec::new(),
        recent: Vec::new(),
        to_move: None,
    };
    for (played, counted) in by_move {
        let results = Results {
            south: counted.south,
            north: counted.north,
            draw: counted.draws,
        };
        explorer.games += counted.games;
        explorer.results.south += results.south;
        explorer.results.north += results.north;
        explorer.results.draw += results.draw;
        if played.is_empty() {
            explorer.ended += counted.games;
            continue;
        }
        let scored = results.south + results.north + results.draw;
        #[allow(clippy::cast_precision_loss)] // counts far below 2^52
        let average_score = (scored > 0).then(|| {
            let average = counted.score_sum as f64 / scored as f64;
            (average * 100.0).round() / 100.0
        });
        explorer.moves.push(ExplorerMove {
            played,
            games: counted.games,
            results,
            average_score,
        });
    }
    explorer
        .moves
        .sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.played.cmp(&b.played)));
    explorer
}

/// The counts of a row `move, games, south, north, draws, score_sum`.
fn counts_of_row(row: &[Value]) -> Counts {
    let int = |i: usize| row.get(i).and_then(Value::int).unwrap_or_default();
    Counts {
        games: int(1),
        south: int(2),
        north: int(3),
        draws: int(4),
        score_sum: int(5),
    }
}

/// Game ids a statement looks up at once (a short last chunk is padded
/// by repeating its last id, so that one statement text serves all).
const IDS_PER_STATEMENT: usize = 200;

/// Rows of the posting lists read at a time, newest first, while looking
/// for a position's most recent games (a row of the start position's
/// bucket holds a transaction's games: enough).
const RECENT_ROWS: i64 = 1;

impl Archive {
    /// The games the position index holds for `key` in its deep or its
    /// shallow list, sorted, each once (a game whose other position shares
    /// the key's bucket and fingerprint, one chance in 2^32 a position of
    /// the bucket, comes with them).
    pub(crate) fn indexed_games(&mut self, key: i64, deep: bool) -> Result<Vec<i64>, DbError> {
        let fingerprint = postings::fingerprint(key, deep);
        let mut params = vec![postings::bucket(key, deep).into(), i64::from(deep).into()];
        let rows = if self.db.is_postgres() {
            // The tail's games too, in the same statement (one snapshot:
            // a game moved meanwhile is seen once).
            params.push(tail::indexed_bits(key, deep).into());
            let sql = if deep {
                "SELECT entries, NULL::BIGINT FROM positions WHERE bucket = $1 AND deep = $2 \
                 UNION ALL SELECT NULL, game FROM index_tail WHERE deep @> ARRAY[$3::BIGINT]"
            } else {
                params.push(tail::indexed_mask(false).into());
                "SELECT entries, NULL::BIGINT FROM positions WHERE bucket = $1 AND deep = $2 \
                 UNION ALL SELECT NULL, game FROM index_tail \
                 WHERE EXISTS (SELECT 1 FROM unnest(shallow) AS k WHERE k & $4 = $3)"
            };
            self.db.query(sql, &params)?
        } else {
            self.db.query(
                "SELECT entries FROM positions WHERE bucket = $1 AND deep = $2",
                &params,
            )?
        };
        let mut games = Vec::new();
        for row in &rows {
            if let Some(bytes) = row.first().and_then(Value::bytes) {
                postings::games_of(bytes, fingerprint, &mut games);
            } else if let Some(game) = row.get(1).and_then(Value::int) {
                games.push(game);
            }
        }
        // Rows come in the order written, each in game order: nearly
        // sorted, which the stable sort finishes in a pass.
        games.sort();
        games.dedup();
        Ok(games)
    }

    /// The last `wanted` games of the shallow list of `key` (or all of
    /// them when fewer), newest first: its rows read from the newest
    /// until enough are found, and one row more (an older row may have
    /// had a later game appended).
    fn recent_shallow_games(&mut self, key: i64, wanted: usize) -> Result<Vec<i64>, DbError> {
        let fingerprint = postings::fingerprint(key, false);
        let bucket = postings::bucket(key, false);
        let mut games = Vec::new();
        if self.db.is_postgres() {
            // The tail's games first (all of them: it is short), then the
            // buckets': a game moved between the two reads is seen twice
            // (once after the dedup below), never missed.
            for row in self.db.query(
                "SELECT game FROM index_tail \
                 WHERE EXISTS (SELECT 1 FROM unnest(shallow) AS k WHERE k & $2 = $1)",
                &[
                    tail::indexed_bits(key, false).into(),
                    tail::indexed_mask(false).into(),
                ],
            )? {
                games.extend(row.first().and_then(Value::int));
            }
        }
        let mut before = i64::MAX;
        let mut extra_rows = 1;
        loop {
            let rows = self.db.query(
                "SELECT batch, entries FROM positions WHERE bucket = $1 AND deep = 0 \
                 AND batch < $2 ORDER BY batch DESC LIMIT $3",
                &[bucket.into(), before.into(), RECENT_ROWS.into()],
            )?;
            for row in &rows {
                if let Some(bytes) = row.get(1).and_then(Value::bytes) {
                    postings::games_of(bytes, fingerprint, &mut games);
                }
            }
            let Some(last) = rows.last().and_then(|row| row.first()).and_then(Value::int) else {
                break;
            };
            before = last;
            if games.len() >= wanted {
                if extra_rows == 0 {
                    break;
                }
                extra_rows -= 1;
            }
        }
        // The newest `wanted` (a game counted twice in a row is there
        // once after the dedup, which may leave fewer: the caller's
        // truncation is what counts).
        let newest_first = |a: &i64, b: &i64| b.cmp(a);
        if games.len() > wanted.saturating_mul(2) && wanted > 0 {
            games.select_nth_unstable_by(wanted.saturating_mul(2) - 1, newest_first);
            games.truncate(wanted.saturating_mul(2));
        }
        games.sort_unstable_by(newest_first);
        games.dedup();
        Ok(games)
    }

    /// Rows of [`SUMMARY_COLUMNS`] of the games among `ids` (in their
    /// order, ascending or, `descending`, the other way) that also meet
    /// `w`, at most `limit`: a statement per chunk of ids until enough.
    fn games_among(
        &mut self,
        ids: &[i64],
        w: &Where,
        limit: usize,
        descending: bool,
    ) -> Result<Vec<Vec<Value>>, DbError> {
        self.columns_among(SUMMARY_COLUMNS, ids, w, limit, descending)
    }

    /// [`Archive::games_among`] with other columns.
    fn columns_among(
        &mut self,
        columns: &str,
        ids: &[i64],
        w: &Where,
        limit: usize,
        descending: bool,
    ) -> Result<Vec<Vec<Value>>, DbError> {
        let base = w.params.len();
        let list = placeholders(base + 1, IDS_PER_STATEMENT);
        let mut clauses = w.clauses.clone();
        clauses.push(format!("g.id IN ({list})"));
        clauses.push("g.deleted = 0".to_owned());
        let sql = format!(
            "SELECT {columns} FROM games g WHERE {} ORDER BY g.id{} LIMIT ${}",
            clauses.join(" AND "),
            if descending { " DESC" } else { "" },
            base + IDS_PER_STATEMENT + 1
        );
        let mut found = Vec::new();
        for chunk in ids.chunks(IDS_PER_STATEMENT) {
            let wanted = limit - found.len();
            let mut params = w.params.clone();
            params.extend(chunk.iter().map(|&id| Value::Int(id)));
            let pad = chunk.last().copied().unwrap_or_default();
            params.resize(base + IDS_PER_STATEMENT, Value::Int(pad));
            params.push(i64::try_from(wanted).unwrap_or(i64::MAX).into());
            found.extend(self.db.query(&sql, &params)?);
            if found.len() >= limit {
                break;
            }
        }
        Ok(found)
    }

    /// A page of at most `limit` games matching `filters`, after the game
    /// the cursor `after` names (a page's `next`).
    ///
    /// # Errors
    /// A cursor no page gave, a date that is none, or the database fails.
    pub fn search(
        &mut self,
        filters: &Filters,
        limit: usize,
        after: Option<&str>,
    ) -> Result<GameList, ArchiveError> {
        let people = self.resolve_filters(filters.player.as_deref(), filters.event.as_deref())?;
        let (w, player) = search_conditions(filters, &people)?;
        let after = parse_cursor(after)?;
        if let Some(suggestions) = people.nothing {
            return Ok(GameList {
                games: Vec::new(),
                next: None,
                suggestions,
                to_move: None,
            });
        }
        let limit = limit.clamp(1, 1000);
        let columns = people.player_columns();
        match filters.position {
            Some(key) => self.search_by_position(key, w, limit, after),
            None => self.search_by_tags(w, player.map(|p| (p, columns)), limit, after),
        }
    }

    /// A page of the games through the position of `key` that meet `w`:
    /// the position index gives the games, the other filters are
    /// conditions on them.
    fn search_by_position(
        &mut self,
        key: i64,
        w: Where,
        limit: usize,
        after: Option<i64>,
    ) -> Result<GameList, ArchiveError> {
        let ids = self.games_through(key, after)?;
        Ok(self.page_of_scan(ids, &w, limit)?.0)
    }

    /// A page of the games among `ids` (sorted) that meet `w`, and its
    /// rows: the page looks at most `position_scan` of them, and when the
    /// filters leave it short, its cursor says where the scan stopped, so
    /// that the next page goes on there.
    fn page_of_scan(
        &mut self,
        mut ids: Vec<i64>,
        w: &Where,
        limit: usize,
    ) -> Result<(GameList, Vec<Vec<Value>>), DbError> {
        let scanned = ids.len().min(self.position_scan);
        let more = ids.len() > scanned;
        ids.truncate(scanned);
        let rows = self.games_among(&ids, w, limit + 1, false)?;
        let mut list = page(&rows, limit);
        if list.next.is_none() && more {
            list.next = Some(format!("g{}", ids.last().copied().unwrap_or_default()));
        }
        Ok((list, rows))
    }

    /// The games the index gives for `key`, sorted, each once, after the
    /// cursor's; a revised game only when its current text passes through
    /// the position (its older texts' positions stay in the posting lists).
    fn games_through(&mut self, key: i64, after: Option<i64>) -> Result<Vec<i64>, DbError> {
        let mut ids = self.indexed_games(key, false)?;
        ids.extend(self.indexed_games(key, true)?);
        ids.sort_unstable();
        ids.dedup();
        ids.retain(|&id| after.is_none_or(|after| id > after));
        let stale = self.revised_games_not_through(key, &ids)?;
        ids.retain(|id| !stale.contains(id));
        Ok(ids)
    }

    /// A page of the games through `position` with either side to move,
    /// for a position whose text does not say who is to move (a diagram
    /// pasted from a lesson): the games of both searches, in id order, one
    /// cursor for both; `to_move` says which sides have games in the page.
    /// `filters.position` is not read.
    ///
    /// # Errors
    /// A bad cursor or date; the database fails.
    pub fn search_either_side(
        &mut self,
        filters: &Filters,
        position: &AnyPosition,
        limit: usize,
        after: Option<&str>,
    ) -> Result<GameList, ArchiveError> {
        // Through a position, a player is a condition on its games.
        let through = Filters {
            position: Some(0),
            ..filters.clone()
        };
        let people = self.resolve_filters(through.player.as_deref(), through.event.as_deref())?;
        let (w, _) = search_conditions(&through, &people)?;
        let after = parse_cursor(after)?;
        let limit = limit.clamp(1, 1000);
        let mut sides = Vec::new();
        let mut ids = Vec::new();
        for side in [Side::South, Side::North] {
            let Ok(sided) = position.with_to_move(side) else {
                continue;
            };
            let games = self.games_through(super::position_key(&sided), after)?;
            ids.extend_from_slice(&games);
            sides.push((side, games));
        }
        ids.sort_unstable();
        ids.dedup();
        let (mut list, rows) = self.page_of_scan(ids, &w, limit)?;
        let shown: Vec<i64> = rows
            .iter()
            .take(limit)
            .filter_map(|row| row.first().and_then(Value::int))
            .collect();
        list.to_move = Some(SidesSearched {
            searched: sides.iter().map(|(side, _)| *side).collect(),
            found: sides
                .iter()
                .filter(|(_, games)| shown.iter().any(|id| games.binary_search(id).is_ok()))
                .map(|(side, _)| *side)
                .collect(),
        });
        Ok(list)
    }

    /// The explorer of `position` with either side to move, for a position
    /// whose text does not say who is to move: the side with the more
    /// games is shown (South when even); `to_move` says which have games.
    ///
    /// # Errors
    /// As [`Archive::explore`], for either side.
    pub fn explore_either_side(
        &mut self,
        position: &AnyPosition,
        recent: usize,
    ) -> Result<Explorer, ArchiveError> {
        let mut tried = Vec::new();
        for side in [Side::South, Side::North] {
            if let Ok(sided) = position.with_to_move(side) {
                tried.push((side, self.explore(&sided, recent)?));
            }
        }
        let searched = tried.iter().map(|(side, _)| *side).collect();
        let found = tried
            .iter()
            .filter(|(_, explorer)| explorer.games > 0)
            .map(|(side, _)| *side)
            .collect();
        // The first of the most games: South when even.
        let most = tried.iter().map(|(_, e)| e.games).max().unwrap_or(0);
        let Some(at) = tried.iter().position(|(_, e)| e.games == most) else {
            return self.explore(position, recent);
        };
        let (_, mut explorer) = tried.swap_remove(at);
        explorer.to_move = Some(SidesSearched { searched, found });
        Ok(explorer)
    }

    /// A page of the games that meet `w` (and, when `player` numbers
    /// parameters, whose South or North is one of those players, in those
    /// columns), in id order.
    fn search_by_tags(
        &mut self,
        w: Where,
        player: Option<(Vec<usize>, (&str, &str))>,
        limit: usize,
        after: Option<i64>,
    ) -> Result<GameList, ArchiveError> {
        let rows = self.rows_by_tags(w, player, limit + 1, after)?;
        Ok(page(&rows, limit))
    }

    /// Rows of [`SUMMARY_COLUMNS`] of the first `rows` games after
    /// `after` that meet `w` (and `player`, as [`Archive::search_by_tags`]
    /// reads it), in id order.
    fn rows_by_tags(
        &mut self,
        mut w: Where,
        player: Option<(Vec<usize>, (&str, &str))>,
        rows: usize,
        after: Option<i64>,
    ) -> Result<Vec<Vec<Value>>, DbError> {
        if let Some(after) = after {
            w.add("g.id > ?", after.into());
        }
        w.params
            .push(i64::try_from(rows).unwrap_or(i64::MAX).into());
        let n = w.params.len();
        let sql = match player {
            None => format!(
                "SELECT {SUMMARY_COLUMNS} FROM games g{} ORDER BY g.id LIMIT ${n}",
                w.sql()
            ),
            Some((players, columns)) => player_search_sql(&w, &players, columns, n),
        };
        self.db.query(&sql, &w.params)
    }

    /// One game by its public id.
    ///
    /// # Errors
    /// The database fails.
    pub fn game(&mut self, id: &str) -> Result<Option<StoredGame>, ArchiveError> {
        let Some(identity) = identity_of(id) else {
            return Ok(None);
        };
        let rows = self.db.query(
            &format!(
                "SELECT {SUMMARY_COLUMNS}, g.violations, g.imported, g.revision, g.deleted \
                 FROM games g WHERE g.identity = $1"
            ),
            &[identity.into()],
        )?;
        Ok(rows.into_iter().next().map(|row| {
            let violations = row
                .get(7)
                .and_then(Value::text)
                .and_then(|text| serde_json::from_str(text).ok())
                .unwrap_or_else(|| serde_json::Value::Array(Vec::new()));
            StoredGame {
                summary: summary(&row),
                record: row
                    .get(6)
                    .and_then(Value::text)
                    .unwrap_or_default()
                    .to_owned(),
                violations,
                imported: row.get(8).and_then(Value::int).unwrap_or_default(),
                revision: row.get(9).and_then(Value::int).unwrap_or(1),
                deleted: row.get(10).and_then(Value::int) == Some(1),
            }
        }))
    }

    /// The games through `position` and the moves played from it, with
    /// the `recent` games most recently added.
    ///
    /// # Errors
    /// The database fails.
    pub fn explore(
        &mut self,
        position: &AnyPosition,
        recent: usize,
    ) -> Result<Explorer, ArchiveError> {
        let key = super::position_key(position);
        let mut by_move = self.counted_moves(key)?;
        // The games that reached it later: replayed, at most MAX_REPLAYS.
        let deep = self.indexed_games(key, true)?;
        if deep.len() > postings::MAX_REPLAYS {
            return Err(ArchiveError::TooManyToReplay {
                games: deep.len(),
                limit: postings::MAX_REPLAYS,
            });
        }
        let mut recent_games = self.recent_shallow_games(key, recent)?;
        self.count_replayed_games(key, &deep, &mut by_move, &mut recent_games)?;
        let mut explorer = explorer_of(position, by_move);
        explorer.recent = self.newest_summaries(recent_games, recent)?;
        Ok(explorer)
    }

    /// The counts kept at import for the games that first reached the
    /// position of `key` within the first plies, by move played from it
    /// (`''` where games ended there): the entries of its key in its
    /// bucket's rows, summed (schema 5; until then, a row per move).
    fn counted_moves(&mut self, key: i64) -> Result<BTreeMap<String, Counts>, DbError> {
        let bucket = counts::bucket(key);
        let rows = if self.db.is_postgres() {
            // The tail's games too, in the same statement (one snapshot:
            // a game moved meanwhile is counted once): each the move
            // played from the position and how the game ended.
            self.db.query(
                "SELECT entries, NULL, NULL::BIGINT, NULL::INTEGER FROM explorer \
                 WHERE bucket = $1 UNION ALL \
                 SELECT NULL, moves[array_position(shallow, $2)], diff, winner \
                 FROM index_tail WHERE shallow @> ARRAY[$2::BIGINT]",
                &[bucket.into(), key.into()],
            )?
        } else {
            self.db.query(
                "SELECT entries FROM explorer WHERE bucket = $1",
                &[bucket.into()],
            )?
        };
        let mut by_move: BTreeMap<String, Counts> = BTreeMap::new();
        for row in &rows {
            if row.first().and_then(Value::bytes).is_none() && row.len() == 4 {
                let mut counts = Counts::default();
                counts.add(tail::ending_of(
                    row.get(2).and_then(Value::int),
                    row.get(3).and_then(Value::int),
                ));
                let played = row.get(1).and_then(Value::text).unwrap_or_default();
                by_move.entry(played.to_owned()).or_default().merge(&counts);
                continue;
            }
            let bytes = row.first().and_then(Value::bytes).unwrap_or_default();
            counts::decode(bytes, bucket, |entry_key, played, counts| {
                if entry_key != key {
                    return;
                }
                match by_move.get_mut(played) {
                    Some(counted) => counted.merge(&counts),
                    None => {
                        by_move.insert(played.to_owned(), counts);
                    }
                }
            });
        }
        self.add_corrections(key, &mut by_move)?;
        Ok(by_move)
    }

    /// Adds to `by_move` what revisions took out of or put back into the
    /// counts of `key` (`explorer_corrections`); a move no game plays any
    /// more is dropped.
    fn add_corrections(
        &mut self,
        key: i64,
        by_move: &mut BTreeMap<String, Counts>,
    ) -> Result<(), DbError> {
        let rows = self.db.query(
            "SELECT move, games, south, north, draws, score_sum FROM explorer_corrections \
             WHERE key = $1",
            &[key.into()],
        )?;
        for row in rows {
            let played = row.first().and_then(Value::text).unwrap_or_default();
            by_move
                .entry(played.to_owned())
                .or_default()
                .merge(&counts_of_row(&row));
        }
        by_move.retain(|_, counted| counted.games > 0);
        Ok(())
    }

    /// Adds to `by_move` the games among `deep` (the deep list's games of
    /// `key`) that first passed through the position past the counted
    /// plies, each replayed from its stored record, and adds them to
    /// `recent_games`.
    fn count_replayed_games(
        &mut self,
        key: i64,
        deep: &[i64],
        by_move: &mut BTreeMap<String, Counts>,
        recent_games: &mut Vec<i64>,
    ) -> Result<(), DbError> {
        for chunk in deep.chunks(IDS_PER_STATEMENT) {
            let list = placeholders(1, chunk.len());
            let params: Vec<Value> = chunk.iter().map(|&id| Value::Int(id)).collect();
            let rows = self.db.query(
                &format!(
                    "SELECT {REPLAY_COLUMNS} FROM games WHERE id IN ({}) AND deleted = 0",
                    list,
                ),
                &params,
            )?;
            for row in &rows {
                let Some(game) = ReplayRow::from_row(row) else {
                    continue;
                };
                // Its first passage through the position, past the
                // counted plies (a game of another position with the same
                // fingerprint has none: left out).
                let Some(passage) = passages_of_record(game.record, game.rules)
                    .into_iter()
                    .find(|p| p.key == key && p.ply > postings::EXPLORER_PLIES)
                else {
                    continue;
                };
                by_move
                    .entry(passage.next.unwrap_or_default())
                    .or_default()
                    .add(game.ending);
                recent_games.push(game.id);
            }
        }
        Ok(())
    }

    /// The summaries of the newest `recent` games among `games`, newest
    /// first.
    pub(crate) fn newest_summaries(
        &mut self,
        mut games: Vec<i64>,
        recent: usize,
    ) -> Result<Vec<GameSummary>, DbError> {
        games.sort_unstable_by(|a, b| b.cmp(a));
        games.dedup();
        games.truncate(recent);
        let w = Where {
            clauses: Vec::new(),
            params: Vec::new(),
        };
        let rows = self.games_among(&games, &w, recent, true)?;
        Ok(rows.iter().map(|row| summary(row)).collect())
    }

    /// The crosstable of an event (its name or id: `event_named`): 1
    /// point a win, ½ a draw, over the games whose two players are named
    /// and that are finished, each won, drawn or lost by the rules'
    /// verdict (`songo_notation::verdict`: a Songo game nobody took to 40
    /// seeds is a draw; a forfeit is a point to its winner, with no
    /// seeds). A player is his games under every name, shown by his
    /// canonical name.
    ///
    /// # Errors
    /// Several events have the name, or the database fails.
    pub fn standings(&mut self, event: &str) -> Result<Standings, ArchiveError> {
        self.standings_by(event, &[])
    }

    /// The crosstable of an event ([`Archive::standings`]), players level
    /// on points ranked by `order` (FIDE C.07's tie-breaks, then by name;
    /// none: by the seed difference).
    ///
    /// # Errors
    /// Several events have the name, or the database fails.
    // Long because: the event resolved, its games read, each judged by the verdict and counted, the ranks given: one pass.
    pub fn standings_by(
        &mut self,
        event: &str,
        order: &[TieBreak],
    ) -> Result<Standings, ArchiveError> {
        let mut standings = Standings {
            event: event.to_owned(),
            event_id: None,
            site: None,
            games: 0,
            players: Vec::new(),
            suggestions: Vec::new(),
            tiebreaks: Vec::new(),
            system: None,
        };
        let rows = match self.event_named(event)? {
            EventMatch::Found(found) => {
                standings.event = found.name;
                standings.event_id = Some(found.id);
                standings.site = found.site;
                self.db.query(
                    "SELECT sp.name, np.name, g.rules, g.result, g.south_player, \
                     g.north_player FROM games g \
                     LEFT JOIN players sp ON sp.id = g.south_player \
                     LEFT JOIN players np ON np.id = g.north_player \
                     WHERE g.event_id = $1 AND g.deleted = 0 ORDER BY g.id",
                    &[found.id.into()],
                )?
            }
            EventMatch::Nothing(suggestions) => {
                standings.suggestions = suggestions;
                Vec::new()
            }
        };
        let mut players: BTreeMap<String, StandingRow> = BTreeMap::new();
        let mut counted = 0;
        let mut games: Vec<tiebreaks::CountedGame> = Vec::new();
        for row in rows {
            let (Some(south), Some(north)) = (
                row.first().and_then(Value::text),
                row.get(1).and_then(Value::text),
            ) else {
                continue;
            };
            let Some(verdict) = row
                .get(2)
                .and_then(Value::text)
                .and_then(|rules| rules.parse::<Ruleset>().ok())
                .zip(row.get(3).and_then(Value::text))
                .and_then(|(rules, result)| Verdict::of_text(rules, result))
            else {
                continue;
            };
            counted += 1;
            if !order.is_empty() {
                games.push((south.to_owned(), north.to_owned(), verdict));
            }
            let seeds = |side: Side| verdict.score.map_or(0, |score| i64::from(score[side]));
            for (me, them, side) in [(south, north, Side::South), (north, south, Side::North)] {
                let id = row
                    .get(if side == Side::South { 4 } else { 5 })
                    .and_then(Value::int);
                let line = players.entry(me.to_owned()).or_insert_with(|| StandingRow {
                    rank: 0,
                    player: me.to_owned(),
                    player_id: id,
                    games: 0,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                    forfeits: 0,
                    points: 0.0,
                    seeds_won: 0,
                    seeds_lost: 0,
                    head_to_head: BTreeMap::new(),
                    tiebreaks: Vec::new(),
                });
                line.games += 1;
                line.forfeits += i64::from(verdict.forfeit);
                line.seeds_won += seeds(side);
                line.seeds_lost += seeds(side.opposite());
                let half_points = verdict.half_points(side);
                match half_points {
                    2 => line.wins += 1,
                    1 => line.draws += 1,
                    _ => line.losses += 1,
                }
                let points = f64::from(half_points) / 2.0;
                line.points += points;
                *line.head_to_head.entry(them.to_owned()).or_insert(0.0) += points;
            }
        }
        let mut players: Vec<StandingRow> = players.into_values().collect();
        if !order.is_empty() {
            standings.games = counted;
            standings.tiebreaks = order.iter().map(|t| t.name()).collect();
            standings.players = tie_broken(players, &games, order, &mut standings.system);
            return Ok(standings);
        }
        let order = |a: &StandingRow, b: &StandingRow| {
            b.points
                .total_cmp(&a.points)
                .then_with(|| (b.seeds_won - b.seeds_lost).cmp(&(a.seeds_won - a.seeds_lost)))
        };
        players.sort_by(|a, b| order(a, b).then_with(|| a.player.cmp(&b.player)));
        for i in 0..players.len() {
            players[i].rank = if i > 0 && order(&players[i - 1], &players[i]).is_eq() {
                players[i - 1].rank
            } else {
                i + 1
            };
        }
        standings.games = counted;
        standings.players = players;
        Ok(standings)
    }
}

/// The standings' players (by name) ranked by points and then `order`
/// over their counted `games` (`tiebreaks::placed`), each with his
/// values; `system` set to how the event was counted.
fn tie_broken(
    players: Vec<StandingRow>,
    games: &[tiebreaks::CountedGame],
    order: &[TieBreak],
    system: &mut Option<&'static str>,
) -> Vec<StandingRow> {
    let names: Vec<&str> = players.iter().map(|p| p.player.as_str()).collect();
    let seeds: Vec<i64> = players.iter().map(|p| p.seeds_won - p.seeds_lost).collect();
    let (counted_as, placed) = tiebreaks::placed(&names, &seeds, games, order);
    if placed.len() != players.len() {
        return players;
    }
    *system = Some(tiebreaks::system_name(counted_as));
    let mut by_index: Vec<Option<StandingRow>> = players.into_iter().map(Some).collect();
    placed
        .into_iter()
        .filter_map(|place| {
            let mut row = by_index.get_mut(place.player)?.take()?;
            row.rank = place.rank;
            row.tiebreaks = place.values;
            Some(row)
        })
        .collect()
}

/// Games an export reads at a time (one statement): with the largest
/// record, what bounds an export's memory, whatever the archive's size.
pub const EXPORT_PAGE: usize = 200;

/// One game of an export: its line of a [`GameList`] and its record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExportedGame {
    /// The game as a search lists it.
    #[serde(flatten)]
    pub summary: GameSummary,
    /// The record as imported.
    pub record: String,
}

/// An export under way ([`Archive::export`]): the search's conditions
/// and how far it has read.
#[derive(Debug)]
pub struct Export {
    /// The games that matched when it started.
    total: u64,
    /// The search's conditions, and the last game that matched then.
    w: Where,
    /// The player's parameters and the columns naming the players.
    player: Option<(Vec<usize>, (&'static str, &'static str))>,
    /// Through a position: the games through it that matched, in id
    /// order (8 bytes a game, as a search's page holds them).
    through: Option<Vec<i64>>,
    /// The last game read.
    after: Option<i64>,
    done: bool,
}

impl Export {
    /// How many games matched when the export started: what it writes,
    /// less those changed since so that they no longer match.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.total
    }
}

impl Archive {
    /// Starts an export of every game that matches `filters` (the
    /// conditions of [`Archive::search`]), read then by
    /// [`Archive::export_page`] in pages of [`EXPORT_PAGE`] by id. The
    /// games added after it started are left out: its total is theirs.
    ///
    /// # Errors
    /// A date that is none, or the database fails.
    pub fn export(&mut self, filters: &Filters) -> Result<Export, ArchiveError> {
        let people = self.resolve_filters(filters.player.as_deref(), filters.event.as_deref())?;
        let (mut w, player) = search_conditions(filters, &people)?;
        let columns = people.player_columns();
        let player = player.map(|p| (p, columns));
        if people.nothing.is_some() {
            // A player or an event that is none: nothing to export.
            return Ok(Export {
                total: 0,
                done: true,
                w,
                player,
                through: None,
                after: None,
            });
        }
        if let Some(key) = filters.position {
            let ids = self.games_through(key, None)?;
            // A statement's rows at a time: the ids alone are kept.
            let mut matching = Vec::with_capacity(ids.len());
            for chunk in ids.chunks(IDS_PER_STATEMENT) {
                let rows = self.columns_among("g.id", chunk, &w, chunk.len(), false)?;
                matching.extend(
                    rows.iter()
                        .filter_map(|row| row.first().and_then(Value::int)),
                );
            }
            return Ok(Export {
                total: matching.len() as u64,
                done: matching.is_empty(),
                w,
                player,
                through: Some(matching),
                after: None,
            });
        }
        // Both halves of a player's search in one condition: a count
        // needs no order. The player is the first parameter, as the
        // condition comes first.
        let mut clauses = Vec::new();
        if let Some((players, (south, north))) = &player {
            let list = in_list(players);
            clauses.push(format!("({south} IN ({list}) OR {north} IN ({list}))"));
        }
        clauses.extend(w.clauses.iter().cloned());
        let filter = if clauses.is_empty() {
            String::new()
        } else {
            format!(" WHERE {}", clauses.join(" AND "))
        };
        let rows = self.db.query(
            &format!("SELECT COUNT(*), MAX(g.id) FROM games g{filter}"),
            &w.params,
        )?;
        let row = rows.first();
        let total = row.and_then(|r| r.first()).and_then(Value::int);
        let last = row.and_then(|r| r.get(1)).and_then(Value::int);
        if let Some(last) = last {
            w.add("g.id <= ?", last.into());
        }
        Ok(Export {
            total: total.and_then(|n| u64::try_from(n).ok()).unwrap_or(0),
            done: last.is_none(),
            w,
            player,
            through: None,
            after: None,
        })
    }

    /// The next page of an export, at most [`EXPORT_PAGE`] games in id
    /// order; empty once every game is read.
    ///
    /// # Errors
    /// The database fails (the export may go on from where it was).
    pub fn export_page(&mut self, export: &mut Export) -> Result<Vec<ExportedGame>, ArchiveError> {
        if export.done {
            return Ok(Vec::new());
        }
        let rows = match &export.through {
            Some(ids) => {
                let from = ids.partition_point(|&id| export.after.is_some_and(|after| id <= after));
                self.games_among(&ids[from..], &export.w, EXPORT_PAGE, false)?
            }
            None => self.rows_by_tags(
                export.w.clone(),
                export.player.clone(),
                EXPORT_PAGE,
                export.after,
            )?,
        };
        // A short page is the last: no statement to find nothing.
        export.done = rows.len() < EXPORT_PAGE;
        if let Some(last) = rows.last().and_then(|row| row.first()).and_then(Value::int) {
            export.after = Some(last);
        }
        Ok(rows
            .iter()
            .map(|row| ExportedGame {
                summary: summary(row),
                record: row
                    .get(6)
                    .and_then(Value::text)
                    .unwrap_or_default()
                    .to_owned(),
            })
            .collect())
    }
}

impl Archive {
    /// The explorer over one event's games (its name or id, as
    /// `Archive::event_named` reads it): each game of the event replayed
    /// from its record to its first passage through the position (the
    /// counts kept at import are the whole archive's), at most
    /// `postings::MAX_REPLAYS` games, with the `recent` newest of those
    /// through it.
    ///
    /// # Errors
    /// No event has the name (the nearest are suggested), several have
    /// it, the event has more games than the explorer replays, or the
    /// database fails.
    pub fn explore_event(
        &mut self,
        position: &AnyPosition,
        event: &str,
        recent: usize,
    ) -> Result<Explorer, ArchiveError> {
        let found = match self.event_named(event)? {
            EventMatch::Found(found) => found,
            EventMatch::Nothing(suggestions) => {
                return Err(ArchiveError::People(PeopleError::NoSuchEvent {
                    name: event.to_owned(),
                    suggestions,
                }));
            }
        };
        let limit = postings::MAX_REPLAYS;
        if usize::try_from(found.games).map_or(true, |games| games > limit) {
            return Err(ArchiveError::People(PeopleError::EventTooLarge {
                name: found.name,
                games: found.games,
                limit,
            }));
        }
        let key = super::position_key(position);
        let mut by_move: BTreeMap<String, Counts> = BTreeMap::new();
        let mut through = Vec::new();
        let mut after = i64::MIN;
        loop {
            let rows = self.db.query(
                &format!(
                    "SELECT {REPLAY_COLUMNS} FROM games WHERE event_id = $1 AND id > $2 \
                     ORDER BY id LIMIT $3"
                ),
                &[found.id.into(), after.into(), EVENT_GAMES_READ.into()],
            )?;
            let Some(last) = rows.last().and_then(|row| row.first()).and_then(Value::int) else {
                break;
            };
            after = last;
            for row in &rows {
                let Some(game) = ReplayRow::from_row(row) else {
                    continue;
                };
                if let Some(passage) = passages_of_record(game.record, game.rules)
                    .into_iter()
                    .find(|passage| passage.key == key)
                {
                    by_move
                        .entry(passage.next.unwrap_or_default())
                        .or_default()
                        .add(game.ending);
                    through.push(game.id);
                }
            }
        }
        let mut explorer = explorer_of(position, by_move);
        explorer.recent = self.newest_summaries(through, recent)?;
        Ok(explorer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every record of the fixtures: its tags read from its tag lines are
    /// the tags read from the whole of it.
    #[test]
    fn tags_read_from_the_tag_lines_are_the_records() {
        let files = crate::fixture_record_files();
        let mut fast = 0;
        for file in files {
            let Ok(text) = std::fs::read_to_string(&file) else {
                continue;
            };
            for game in games(&text) {
                let record = game.text.trim();
                let whole = parse_text(&games(record).next().expect("a game"))
                    .record
                    .tags;
                assert_eq!(tags_of(record), whole, "{}", file.display());
                let listed = |tags: &Tags| {
                    tags.iter()
                        .map(|t| (t.name.to_string(), t.value.clone()))
                        .collect::<Vec<_>>()
                };
                assert_eq!(listed(&tags_of(record)), listed(&whole));
                fast += usize::from(tag_lines(record).is_some());
            }
        }
        assert!(fast > 10, "{fast}");
    }
}

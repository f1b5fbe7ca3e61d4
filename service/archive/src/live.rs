//! Live games (issue 39): a game recorded move by move while it is played,
//! each move checked by the engine (`songo_notation::any::play`, where
//! every rule lives) and stored before it is acknowledged; once the rules
//! end it, imported into the archive as an ordinary game, in the
//! transaction of its last move.
//!
//! A ply is stored once (`live_moves` is keyed by game and ply): the same
//! ply and move sent again gets the same answer, another move at a stored
//! ply or a ply past the next is refused, so that a phone's retries add
//! nothing twice and a gap is never filled by guesswork. A game's moves
//! need its key, a random token kept as its SHA-256 only (as accounts'
//! tokens are).

use serde::{Deserialize, Serialize};
use songo_notation::any::{self, AnyPlayError, AnyPlayReport, ByFamily};
use songo_notation::i18n::Message;
use songo_notation::msg;
use songo_notation::record::{FromTags, GameRecord, Move, Node, Tags, names};
use songo_notation::validate::Options;
use songo_notation::verdict::GameResult;
use songo_notation::{AnyPosition, Conventions, GameOver, GamePosition, Ruleset, Side};

use super::accounts::{new_token, now, rfc3339, token_hash};
use super::db::{Db, DbError, Value};
use super::{Archive, ArchiveError, ingest};

/// The most plies a live game stores: a game past it is no game people
/// play at a board, and every move replays the game from its start.
pub const MAX_LIVE_PLIES: usize = 1000;

/// The longest name of a player, an event or a round, in characters.
pub const MAX_LIVE_NAME_CHARS: usize = 100;

/// The PostgreSQL channel a stored move is announced on (`NOTIFY`), its
/// payload the game's id, the ply and the ply as JSON (what spectators are
/// sent): every server of the database tells its spectators without
/// reading the move back.
pub const LIVE_CHANNEL: &str = "songo_live";

/// The longest `NOTIFY` payload sent (PostgreSQL's limit is 8,000 bytes):
/// a longer ply goes as `id ply` alone, and the servers read it back.
const MAX_PAYLOAD_BYTES: usize = 7_900;

/// The payload announcing ply `played` of game `id`: `id ply json`, or
/// `id ply` when the JSON would not fit.
fn move_payload(id: &str, played: &LivePly) -> String {
    let short = format!("{id} {}", played.ply);
    match serde_json::to_string(played) {
        Ok(json) if short.len() + 1 + json.len() <= MAX_PAYLOAD_BYTES => format!("{short} {json}"),
        _ => short,
    }
}

/// A live game to start.
#[derive(Debug, Clone)]
pub struct NewLiveGame {
    /// Its ruleset.
    pub rules: Ruleset,
    /// South's name.
    pub south: String,
    /// North's name.
    pub north: String,
    /// The event, if any.
    pub event: Option<String>,
    /// The round, if any.
    pub round: Option<String>,
}

/// A live game just started: its id, and the key its moves need (shown
/// this once: the archive keeps only its hash).
#[derive(Clone, Serialize)]
pub struct LiveStarted {
    /// The game's public id (16 hexadecimal digits, random).
    pub id: String,
    /// The bearer token of its moves.
    pub key: String,
}

impl std::fmt::Debug for LiveStarted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveStarted")
            .field("id", &self.id)
            .field("key", &"<hidden>")
            .finish()
    }
}

/// How an arbiter ends a live game the rules have not ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LiveEnd {
    /// A player resigned: the other wins.
    Resignation,
    /// The players agreed to stop where the game stands.
    Agreement,
    /// A game not played (`+/-`, `-/+`, `-/-`): no move may be stored.
    Forfeit,
}

impl LiveEnd {
    /// Its word, as the API and the record's `Termination` tag write it.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            LiveEnd::Resignation => "resignation",
            LiveEnd::Agreement => "agreement",
            LiveEnd::Forfeit => "forfeit",
        }
    }
}

/// A result entered by the arbiter.
#[derive(Debug, Clone, Serialize)]
pub struct LiveResult {
    /// How the game ended.
    pub end: LiveEnd,
    /// The winner, `None` for an agreement or a double forfeit.
    pub winner: Option<Side>,
    /// The `Result` its record holds (`+/-` for a forfeit; the score as
    /// it stands otherwise, as the archive records a game ended early).
    pub result: String,
}

/// A move taken back: it stays in the game's history.
#[derive(Debug, Clone, Serialize)]
pub struct LiveUndone {
    /// Its ply.
    pub ply: usize,
    /// The move.
    #[serde(rename = "move")]
    pub played: String,
    /// When it was stored (RFC 3339, UTC).
    pub made_at: String,
    /// When it was taken back.
    pub undone_at: String,
}

/// One stored ply: the answer to its move, and what spectators are sent.
#[derive(Debug, Clone, Serialize)]
pub struct LivePly {
    /// Its number, from 1.
    pub ply: usize,
    /// The move, named canonically.
    #[serde(rename = "move")]
    pub played: String,
    /// The position after it.
    pub position: AnyPosition,
    /// How the game ended, when this move ended it.
    pub game_over: Option<GameOver>,
}

/// A live game as it stands.
#[derive(Debug, Clone, Serialize)]
pub struct LiveGame {
    /// Its public id.
    pub id: String,
    /// Its ruleset's id.
    pub rules: String,
    /// South's name.
    pub south: String,
    /// North's name.
    pub north: String,
    /// The event.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// The round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
    /// Its moves, in order, named canonically.
    pub moves: Vec<String>,
    /// The position after the last.
    pub position: AnyPosition,
    /// How the game ended, `null` while it goes on.
    pub game_over: Option<GameOver>,
    /// The archive's id of the game it became, once finished.
    pub game: Option<String>,
    /// The arbiter's result, when the arbiter ended it.
    pub result: Option<LiveResult>,
    /// The moves taken back, oldest first.
    pub undone: Vec<LiveUndone>,
    /// Every ply, with the position after it (for spectators).
    #[serde(skip)]
    pub plies: Vec<LivePly>,
}

/// Why a live game refused what it was asked (the caller's doing, not the
/// store's).
#[derive(Debug, Clone)]
pub enum LiveRefusal {
    /// No live game has this id.
    NoSuchGame(String),
    /// The key is not the game's.
    WrongKey(String),
    /// A name (`south`, `north`, `event`, `round`) that is empty, too
    /// long or holds a control character.
    BadName(&'static str),
    /// A ply that is not the next one (nor a stored one): a gap.
    Gap {
        /// The game.
        id: String,
        /// The ply sent.
        given: usize,
        /// The next ply the game takes.
        next: usize,
    },
    /// A stored ply sent again with another move.
    Taken {
        /// The game.
        id: String,
        /// The ply.
        ply: usize,
        /// The move stored at it.
        stored: String,
        /// The move sent.
        given: String,
    },
    /// The game has [`MAX_LIVE_PLIES`] already.
    TooLong,
    /// The engine refuses the move: unreadable, or illegal by a rule.
    Illegal(Box<AnyPlayError>),
    /// The game has ended: no move, undo nor result is taken.
    Finished(String),
    /// An undo of another ply than the last stored one.
    NotLast {
        /// The game.
        id: String,
        /// The ply sent.
        given: usize,
        /// The last stored ply (0: none).
        last: usize,
    },
    /// A forfeit for a game with moves: it was played.
    ForfeitWithMoves(String),
    /// A resignation without a winner, or an agreement with one.
    Winner(LiveEnd),
}

impl LiveRefusal {
    /// What was refused, in words for people.
    #[must_use]
    pub fn message(&self) -> Message {
        match self {
            LiveRefusal::NoSuchGame(id) => msg!("live-no-such-game", id = id.as_str()),
            LiveRefusal::WrongKey(id) => msg!("live-wrong-key", id = id.as_str()),
            LiveRefusal::BadName(field) => {
                msg!("live-bad-name", field = *field, limit = MAX_LIVE_NAME_CHARS)
            }
            LiveRefusal::Gap { id, given, next } => {
                msg!("live-gap", id = id.as_str(), given = *given, next = *next)
            }
            LiveRefusal::Taken {
                id,
                ply,
                stored,
                given,
            } => msg!(
                "live-taken",
                id = id.as_str(),
                ply = *ply,
                stored = stored.as_str(),
                given = given.as_str()
            ),
            LiveRefusal::TooLong => msg!("live-too-long", limit = MAX_LIVE_PLIES),
            LiveRefusal::Illegal(error) => error.message(),
            LiveRefusal::Finished(id) => msg!("live-finished", id = id.as_str()),
            LiveRefusal::NotLast { id, given, last } => msg!(
                "live-not-last",
                id = id.as_str(),
                given = *given,
                last = *last
            ),
            LiveRefusal::ForfeitWithMoves(id) => {
                msg!("live-forfeit-with-moves", id = id.as_str())
            }
            LiveRefusal::Winner(LiveEnd::Resignation) => msg!("live-resignation-winner"),
            LiveRefusal::Winner(end) => msg!("live-no-winner", end = end.word()),
        }
    }
}

/// A live game's row.
struct Row {
    key: i64,
    public_id: String,
    key_hash: String,
    rules: Ruleset,
    south: String,
    north: String,
    event: Option<String>,
    round: Option<String>,
    created: i64,
    created_by: String,
    game: Option<String>,
    finished: bool,
    result: Option<LiveResult>,
}

/// A name as it is stored: trimmed; `None` when empty; refused when too
/// long or holding a control character (it becomes a tag of the record).
fn name(field: &'static str, text: Option<&str>) -> Result<Option<String>, LiveRefusal> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    if text.chars().count() > MAX_LIVE_NAME_CHARS || text.chars().any(char::is_control) {
        return Err(LiveRefusal::BadName(field));
    }
    Ok(Some(text.to_owned()))
}

/// A new public id: 8 random bytes of the operating system.
fn new_public_id() -> Result<String, ArchiveError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes)
        .map_err(|e| ArchiveError::Database(format!("no random bytes for a live game: {e}")))?;
    Ok(format!("{:016x}", u64::from_be_bytes(bytes)))
}

/// The start of a game of `rules` as its record will start it (a record
/// that names its ruleset only).
fn start(rules: Ruleset) -> AnyPosition {
    let mut tags = Tags::default();
    tags.set(names::RULES, rules.id());
    // A record of a ruleset alone always sets up; the fallback is the
    // same start.
    AnyPosition::from_tags(rules, &tags)
        .map_or_else(|_| AnyPosition::start_of(rules, Side::South), |(p, _)| p)
}

/// The engine's replay of `moves` from the start.
fn replay(rules: Ruleset, moves: &[&str]) -> Result<AnyPlayReport, AnyPlayError> {
    any::play(start(rules), moves, Conventions::default())
}

fn game_over(report: &AnyPlayReport) -> Option<GameOver> {
    match report {
        ByFamily::Sowing(report) => report.game_over,
        ByFamily::Seega(report) => report.game_over,
    }
}

/// Every ply of a replay, the end on the last.
fn plies(report: &AnyPlayReport) -> Vec<LivePly> {
    let steps = report.steps();
    let last = steps.len();
    let over = game_over(report);
    steps
        .into_iter()
        .enumerate()
        .map(|(i, step)| LivePly {
            ply: i + 1,
            played: step.name(Conventions::default()),
            position: step.after,
            game_over: if i + 1 == last { over } else { None },
        })
        .collect()
}

fn text_of(row: &[Value], i: usize) -> Option<String> {
    row.get(i).and_then(Value::text).map(str::to_owned)
}

/// The row of live game `id`; `lock` (in a transaction) holds it against
/// other writers until the commit (PostgreSQL; SQLite's write lock is
/// the transaction's).
fn live_row(db: &mut Db, id: &str, lock: bool) -> Result<Option<Row>, ArchiveError> {
    let sql = if lock && db.is_postgres() {
        "SELECT id, public_id, key_hash, rules, south, north, event, round, created, created_by, \
         game, finished, ended_by, winner, result FROM live_games WHERE public_id = $1 FOR UPDATE"
    } else {
        "SELECT id, public_id, key_hash, rules, south, north, event, round, created, created_by, \
         game, finished, ended_by, winner, result FROM live_games WHERE public_id = $1"
    };
    let rows = db.query(sql, &[id.into()])?;
    rows.first().map(|row| row_of(id, row)).transpose()
}

/// A live game's row, its moves and its moves taken back.
type RowMovesUndone = (Row, Vec<String>, Vec<LiveUndone>);

/// On PostgreSQL, the row of live game `id` with its moves and its moves
/// taken back, in one statement: a spectator's stream reads its game as it
/// opens, thousands at once when a server goes away and its streams come
/// to the others.
fn live_row_moves_undone(db: &mut Db, id: &str) -> Result<Option<RowMovesUndone>, ArchiveError> {
    // A newline is in no move's name.
    let rows = db.query(
        "SELECT id, public_id, key_hash, rules, south, north, event, round, created, created_by, \
         game, finished, ended_by, winner, result, \
         (SELECT string_agg(move, E'\\n' ORDER BY ply) FROM live_moves \
          WHERE live = live_games.id), \
         (SELECT json_agg(json_build_array(ply, move, made_at, undone_at) ORDER BY id)::text \
          FROM live_undone WHERE live = live_games.id) \
         FROM live_games WHERE public_id = $1",
        &[id.into()],
    )?;
    let Some(row) = rows.first() else {
        return Ok(None);
    };
    let moves = text_of(row, 15).unwrap_or_default();
    let moves = moves
        .split('\n')
        .filter(|m| !m.is_empty())
        .map(str::to_owned)
        .collect();
    let undone: Vec<(usize, String, i64, i64)> = match text_of(row, 16) {
        Some(json) => serde_json::from_str(&json).map_err(|e| {
            ArchiveError::Database(format!("live game {id}'s moves taken back: {e}"))
        })?,
        None => Vec::new(),
    };
    let undone = undone
        .into_iter()
        .map(|(ply, played, made_at, undone_at)| LiveUndone {
            ply,
            played,
            made_at: rfc3339(made_at),
            undone_at: rfc3339(undone_at),
        })
        .collect();
    Ok(Some((row_of(id, row)?, moves, undone)))
}

/// A live game's row from its first 15 columns.
fn row_of(id: &str, row: &[Value]) -> Result<Row, ArchiveError> {
    let rules = text_of(row, 3).unwrap_or_default();
    let rules = rules.parse::<Ruleset>().map_err(|_| {
        ArchiveError::Database(format!("live game {id} has an unknown ruleset {rules:?}"))
    })?;
    Ok(Row {
        key: row.first().and_then(Value::int).unwrap_or(0),
        public_id: text_of(row, 1).unwrap_or_default(),
        key_hash: text_of(row, 2).unwrap_or_default(),
        rules,
        south: text_of(row, 4).unwrap_or_default(),
        north: text_of(row, 5).unwrap_or_default(),
        event: text_of(row, 6),
        round: text_of(row, 7),
        created: row.get(8).and_then(Value::int).unwrap_or(0),
        created_by: text_of(row, 9).unwrap_or_default(),
        game: text_of(row, 10),
        finished: row.get(11).and_then(Value::int).is_some(),
        result: arbiter_result(row),
    })
}

/// The arbiter's result of a live game's row (columns 12 to 14).
fn arbiter_result(row: &[Value]) -> Option<LiveResult> {
    let end = match text_of(row, 12)?.as_str() {
        "resignation" => LiveEnd::Resignation,
        "agreement" => LiveEnd::Agreement,
        "forfeit" => LiveEnd::Forfeit,
        _ => return None,
    };
    Some(LiveResult {
        end,
        winner: text_of(row, 13).and_then(|side| side.parse().ok()),
        result: text_of(row, 14).unwrap_or_default(),
    })
}

/// A live game's moves taken back, oldest first.
fn live_undone(db: &mut Db, key: i64) -> Result<Vec<LiveUndone>, DbError> {
    let rows = db.query(
        "SELECT ply, move, made_at, undone_at FROM live_undone WHERE live = $1 ORDER BY id",
        &[key.into()],
    )?;
    Ok(rows
        .iter()
        .map(|row| LiveUndone {
            ply: row
                .first()
                .and_then(Value::int)
                .and_then(|n| usize::try_from(n).ok())
                .unwrap_or(0),
            played: text_of(row, 1).unwrap_or_default(),
            made_at: rfc3339(row.get(2).and_then(Value::int).unwrap_or(0)),
            undone_at: rfc3339(row.get(3).and_then(Value::int).unwrap_or(0)),
        })
        .collect())
}

/// A live game's stored moves, in order.
fn live_moves(db: &mut Db, key: i64) -> Result<Vec<String>, DbError> {
    let rows = db.query(
        "SELECT move FROM live_moves WHERE live = $1 ORDER BY ply",
        &[key.into()],
    )?;
    Ok(rows.iter().filter_map(|row| text_of(row, 0)).collect())
}

fn replayed(row: &Row, moves: &[String]) -> Result<AnyPlayReport, ArchiveError> {
    let line: Vec<&str> = moves.iter().map(String::as_str).collect();
    // Every stored move was played by the engine before it was stored.
    replay(row.rules, &line).map_err(|error| {
        ArchiveError::Database(format!(
            "live game {} no longer replays: {error}",
            row.public_id
        ))
    })
}

/// The record of a finished live game: its tags (the date it was started,
/// the result: the rules' or the arbiter's, with its `Termination`) and its
/// moves with their captures.
fn record(row: &Row, report: &AnyPlayReport, result: &str, termination: Option<LiveEnd>) -> String {
    let mut tags = Tags::default();
    tags.set(names::RULES, row.rules.id());
    if let Some(event) = &row.event {
        tags.set(names::EVENT, event.as_str());
    }
    if let Some(round) = &row.round {
        tags.set(names::ROUND, round.as_str());
    }
    tags.set(names::SOUTH, row.south.as_str());
    tags.set(names::NORTH, row.north.as_str());
    tags.set(
        names::DATE,
        rfc3339(row.created)
            .get(..10)
            .unwrap_or_default()
            .replace('-', "."),
    );
    tags.set(names::RESULT, result);
    if let Some(end) = termination {
        tags.set(names::TERMINATION, end.word());
    }
    let moves = report
        .steps()
        .iter()
        .map(|step| {
            let mv = Move::new(step.name(Conventions::default()));
            Node::Move(match step.captured() {
                0 => mv,
                captured => mv.with_claim(captured),
            })
        })
        .collect();
    GameRecord {
        tags,
        moves,
        result: Some(result.to_owned()),
    }
    .to_string()
}

impl Archive {
    /// Starts a live game, by the account `by` (who will have imported it).
    ///
    /// # Errors
    /// The database fails.
    pub fn start_live(
        &mut self,
        game: &NewLiveGame,
        by: &str,
    ) -> Result<Result<LiveStarted, LiveRefusal>, ArchiveError> {
        let names = (|| {
            Ok((
                name("south", Some(&game.south))?.ok_or(LiveRefusal::BadName("south"))?,
                name("north", Some(&game.north))?.ok_or(LiveRefusal::BadName("north"))?,
                name("event", game.event.as_deref())?,
                name("round", game.round.as_deref())?,
            ))
        })();
        let (south, north, event, round) = match names {
            Ok(names) => names,
            Err(refused) => return Ok(Err(refused)),
        };
        let key = new_token().map_err(|e| {
            use songo_notation::i18n::{Lang, Localize};
            ArchiveError::Database(e.message().localize(Lang::En))
        })?;
        let id = new_public_id()?;
        self.db.execute(
            "INSERT INTO live_games (public_id, key_hash, rules, south, north, event, round, \
             created, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            &[
                id.as_str().into(),
                token_hash(&key).into(),
                game.rules.id().into(),
                south.into(),
                north.into(),
                event.into(),
                round.into(),
                now().into(),
                by.into(),
            ],
        )?;
        Ok(Ok(LiveStarted { id, key }))
    }

    /// Stores `text` as ply `ply` (from 1) of live game `id`, sent with
    /// `key`: the ply and the position after it, once it is committed. The
    /// same ply and move again: the same answer, nothing stored. The move
    /// that ends the game (by the rules' verdict) imports it into the
    /// archive in the same transaction. A transaction that lost a race is
    /// done again, a few times.
    ///
    /// # Errors
    /// The database fails (nothing is stored).
    pub fn play_live(
        &mut self,
        id: &str,
        key: &str,
        ply: usize,
        text: &str,
    ) -> Result<Result<LivePly, LiveRefusal>, ArchiveError> {
        if self.db.is_postgres()
            && let Some(played) = self.play_live_at_once(id, key, ply, text)?
        {
            return Ok(Ok(played));
        }
        self.in_retried_transaction(|archive| archive.play_live_in_transaction(id, key, ply, text))
    }

    /// On PostgreSQL, the usual move (the next ply, legal, not the last
    /// of the game) in two statements and no transaction: the game read
    /// with its moves and its row's version (`xmin`), then the move stored
    /// and announced in one statement if the row is still that version.
    /// An undo or a result changes the row, a move stored
    /// meanwhile holds the ply: either way nothing is stored here, and
    /// `None` sends the move through the transaction, which also answers
    /// everything else (a retry, a gap, a wrong key, an illegal move, the
    /// game's end and its import into the archive).
    fn play_live_at_once(
        &mut self,
        id: &str,
        key: &str,
        ply: usize,
        text: &str,
    ) -> Result<Option<LivePly>, ArchiveError> {
        // A newline is in no move's name.
        let rows = self.db.query(
            "SELECT g.id, g.key_hash, g.rules, g.xmin::text, \
             (SELECT string_agg(move, E'\\n' ORDER BY ply) FROM live_moves WHERE live = g.id) \
             FROM live_games g \
             WHERE g.public_id = $1 AND g.finished IS NULL AND g.ended_by IS NULL",
            &[id.into()],
        )?;
        let Some(row) = rows.first() else {
            return Ok(None);
        };
        let (Some(game), Some(hash), Some(rules), Some(version)) = (
            row.first().and_then(Value::int),
            text_of(row, 1),
            text_of(row, 2).and_then(|rules| rules.parse::<Ruleset>().ok()),
            text_of(row, 3),
        ) else {
            return Ok(None);
        };
        let stored = text_of(row, 4).unwrap_or_default();
        let mut line: Vec<&str> = stored.split('\n').filter(|m| !m.is_empty()).collect();
        if token_hash(key) != hash || ply != line.len() + 1 || ply > MAX_LIVE_PLIES {
            return Ok(None);
        }
        line.push(text);
        let Some(played) = replay(rules, &line)
            .ok()
            .and_then(|report| plies(&report).pop())
        else {
            return Ok(None);
        };
        if played.game_over.is_some() {
            return Ok(None);
        }
        let stored = self.db.execute(
            "WITH game AS (\
                 UPDATE live_games SET ended_by = NULL \
                 WHERE id = $1 AND xmin::text = $2 AND ended_by IS NULL AND finished IS NULL \
                 RETURNING id), \
             stored AS (\
                 INSERT INTO live_moves (live, ply, move, made_at) \
                 SELECT id, $3, $4, $5 FROM game ON CONFLICT DO NOTHING RETURNING ply) \
             SELECT pg_notify($6, $7) FROM stored",
            &[
                game.into(),
                version.as_str().into(),
                i64::try_from(ply).unwrap_or(i64::MAX).into(),
                played.played.as_str().into(),
                now().into(),
                LIVE_CHANNEL.into(),
                move_payload(id, &played).into(),
            ],
        )?;
        Ok((stored == 1).then_some(played))
    }

    fn play_live_in_transaction(
        &mut self,
        id: &str,
        key: &str,
        ply: usize,
        text: &str,
    ) -> Result<Result<LivePly, LiveRefusal>, ArchiveError> {
        let row = match self.keyed_row(id, key)? {
            Ok(row) => row,
            Err(refused) => return Ok(Err(refused)),
        };
        let stored = live_moves(&mut self.db, row.key)?;
        let next = stored.len() + 1;
        // An arbiter's result ends the game; a retry of a stored ply is
        // still answered below.
        if ply == next && row.result.is_some() {
            return Ok(Err(LiveRefusal::Finished(id.to_owned())));
        }
        if ply == 0 || ply > next {
            return Ok(Err(LiveRefusal::Gap {
                id: id.to_owned(),
                given: ply,
                next,
            }));
        }
        if ply > MAX_LIVE_PLIES {
            return Ok(Err(LiveRefusal::TooLong));
        }
        let mut line: Vec<&str> = stored[..ply - 1].iter().map(String::as_str).collect();
        line.push(text);
        let replay = replay(row.rules, &line);
        let taken = |given: String| LiveRefusal::Taken {
            id: id.to_owned(),
            ply,
            stored: stored[ply - 1].clone(),
            given,
        };
        let report = match replay {
            Ok(report) => report,
            // A stored ply sent with a move it cannot be: another move.
            Err(_) if ply < next => return Ok(Err(taken(text.to_owned()))),
            Err(error) => return Ok(Err(LiveRefusal::Illegal(Box::new(error)))),
        };
        let Some(played) = plies(&report).pop() else {
            return Err(ArchiveError::Database(
                "a move played and no ply".to_owned(),
            ));
        };
        if ply < next {
            return Ok(if played.played == stored[ply - 1] {
                Ok(played)
            } else {
                Err(taken(played.played))
            });
        }
        self.db.execute(
            "INSERT INTO live_moves (live, ply, move, made_at) VALUES ($1, $2, $3, $4)",
            &[
                row.key.into(),
                i64::try_from(ply).unwrap_or(i64::MAX).into(),
                played.played.as_str().into(),
                now().into(),
            ],
        )?;
        if let Some(over) = played.game_over {
            self.archive_live(&row, &report, &over.score.to_string(), None)?;
        }
        self.notify_live(&move_payload(id, &played))?;
        Ok(Ok(played))
    }

    /// The row of live game `id`, locked, if `key` is its key.
    fn keyed_row(&mut self, id: &str, key: &str) -> Result<Result<Row, LiveRefusal>, ArchiveError> {
        let Some(row) = live_row(&mut self.db, id, true)? else {
            return Ok(Err(LiveRefusal::NoSuchGame(id.to_owned())));
        };
        if token_hash(key) != row.key_hash {
            return Ok(Err(LiveRefusal::WrongKey(id.to_owned())));
        }
        Ok(Ok(row))
    }

    /// Tells every server of a PostgreSQL archive of a change to a live
    /// game (`id ply`, `id undo ply`, `id end`), at the commit.
    fn notify_live(&mut self, payload: &str) -> Result<(), ArchiveError> {
        if self.db.is_postgres() {
            self.db.execute(
                "SELECT pg_notify($1, $2)",
                &[LIVE_CHANNEL.into(), payload.into()],
            )?;
        }
        Ok(())
    }

    /// Takes back ply `ply` of live game `id`, its last: the move leaves
    /// the game for its history (`undone`). The same undo again (the ply
    /// is the one last taken back and none was stored since): the same
    /// answer. A finished game is corrected in the archive instead.
    ///
    /// # Errors
    /// The database fails (nothing is changed).
    pub fn undo_live(
        &mut self,
        id: &str,
        key: &str,
        ply: usize,
    ) -> Result<Result<LiveGame, LiveRefusal>, ArchiveError> {
        self.in_retried_transaction(|archive| archive.undo_live_in_transaction(id, key, ply))
    }

    fn undo_live_in_transaction(
        &mut self,
        id: &str,
        key: &str,
        ply: usize,
    ) -> Result<Result<LiveGame, LiveRefusal>, ArchiveError> {
        let row = match self.keyed_row(id, key)? {
            Ok(row) => row,
            Err(refused) => return Ok(Err(refused)),
        };
        if row.finished {
            return Ok(Err(LiveRefusal::Finished(id.to_owned())));
        }
        let last = live_moves(&mut self.db, row.key)?.len();
        let ply_value = i64::try_from(ply).unwrap_or(i64::MAX);
        if ply == last && last > 0 {
            let now = now();
            self.db.execute(
                "INSERT INTO live_undone (live, ply, move, made_at, undone_at) \
                 SELECT live, ply, move, made_at, $3 FROM live_moves WHERE live = $1 AND ply = $2",
                &[row.key.into(), ply_value.into(), now.into()],
            )?;
            self.db.execute(
                "DELETE FROM live_moves WHERE live = $1 AND ply = $2",
                &[row.key.into(), ply_value.into()],
            )?;
            // A move read before the undo is not stored after it
            // (`play_live_at_once` checks the row's version).
            self.db.execute(
                "UPDATE live_games SET ended_by = ended_by WHERE id = $1",
                &[row.key.into()],
            )?;
            self.notify_live(&format!("{id} undo {ply}"))?;
        } else {
            let undone = live_undone(&mut self.db, row.key)?;
            if !(ply == last + 1 && undone.last().is_some_and(|u| u.ply == ply)) {
                return Ok(Err(LiveRefusal::NotLast {
                    id: id.to_owned(),
                    given: ply,
                    last,
                }));
            }
        }
        let game = self.live_game(id)?.ok_or_else(|| {
            ArchiveError::Database(format!("live game {id} vanished in its transaction"))
        })?;
        Ok(Ok(game))
    }

    /// Ends live game `id` by the arbiter's result (`end`, `winner`): the
    /// game enters the archive with its moves, a `Termination` and a
    /// `Result` (a forfeit's token, else the score as it stands). The
    /// same result again: the same answer.
    ///
    /// # Errors
    /// The database fails (nothing is changed).
    pub fn end_live(
        &mut self,
        id: &str,
        key: &str,
        end: LiveEnd,
        winner: Option<Side>,
    ) -> Result<Result<LiveGame, LiveRefusal>, ArchiveError> {
        self.in_retried_transaction(|archive| archive.end_live_in_transaction(id, key, end, winner))
    }

    fn end_live_in_transaction(
        &mut self,
        id: &str,
        key: &str,
        end: LiveEnd,
        winner: Option<Side>,
    ) -> Result<Result<LiveGame, LiveRefusal>, ArchiveError> {
        let row = match self.keyed_row(id, key)? {
            Ok(row) => row,
            Err(refused) => return Ok(Err(refused)),
        };
        let again = row
            .result
            .as_ref()
            .is_some_and(|r| r.end == end && r.winner == winner);
        if !again {
            if row.finished {
                return Ok(Err(LiveRefusal::Finished(id.to_owned())));
            }
            if (end == LiveEnd::Resignation) != winner.is_some() && end != LiveEnd::Forfeit {
                return Ok(Err(LiveRefusal::Winner(end)));
            }
            let moves = live_moves(&mut self.db, row.key)?;
            if end == LiveEnd::Forfeit && !moves.is_empty() {
                return Ok(Err(LiveRefusal::ForfeitWithMoves(id.to_owned())));
            }
            let report = replayed(&row, &moves)?;
            let result = match end {
                LiveEnd::Forfeit => GameResult::Forfeit(winner),
                _ => GameResult::Score(match report.final_position() {
                    ByFamily::Sowing(position) => position.stores(),
                    ByFamily::Seega(position) => position.pieces_left(),
                }),
            }
            .to_string();
            self.db.execute(
                "UPDATE live_games SET ended_by = $1, winner = $2, result = $3 WHERE id = $4",
                &[
                    end.word().into(),
                    winner.map(|side| side.to_string()).into(),
                    result.as_str().into(),
                    row.key.into(),
                ],
            )?;
            self.archive_live(&row, &report, &result, Some(end))?;
            self.notify_live(&format!("{id} end"))?;
        }
        let game = self.live_game(id)?.ok_or_else(|| {
            ArchiveError::Database(format!("live game {id} vanished in its transaction"))
        })?;
        Ok(Ok(game))
    }

    /// Imports a finished live game into the archive, within the open
    /// transaction, as the account that started it; notes the game it
    /// became.
    fn archive_live(
        &mut self,
        row: &Row,
        report: &AnyPlayReport,
        result: &str,
        termination: Option<LiveEnd>,
    ) -> Result<(), ArchiveError> {
        let text = record(row, report, result, termination);
        let game = songo_notation::record::games(&text)
            .next()
            .ok_or_else(|| ArchiveError::Database("a finished live game wrote no record".into()))?;
        let prepared = ingest::prepare(&game, &Options::default())
            .map_err(|not| ArchiveError::Database(not.message))?;
        self.add_by(std::slice::from_ref(&prepared), Some(&row.created_by))?;
        self.db.execute(
            "UPDATE live_games SET finished = $1, game = $2 WHERE id = $3",
            &[now().into(), prepared.id().into(), row.key.into()],
        )?;
        Ok(())
    }

    /// Live game `id` as it stands, `None` when there is none.
    ///
    /// # Errors
    /// The database fails.
    pub fn live_game(&mut self, id: &str) -> Result<Option<LiveGame>, ArchiveError> {
        let read = if self.db.is_postgres() {
            live_row_moves_undone(&mut self.db, id)?
        } else {
            match live_row(&mut self.db, id, false)? {
                Some(row) => {
                    let moves = live_moves(&mut self.db, row.key)?;
                    let undone = live_undone(&mut self.db, row.key)?;
                    Some((row, moves, undone))
                }
                None => None,
            }
        };
        let Some((row, moves, undone)) = read else {
            return Ok(None);
        };
        let report = replayed(&row, &moves)?;
        let position = report.final_position();
        Ok(Some(LiveGame {
            result: row.result,
            undone,
            id: row.public_id.clone(),
            rules: row.rules.id().to_owned(),
            game_over: game_over(&report),
            plies: plies(&report),
            south: row.south,
            north: row.north,
            event: row.event,
            round: row.round,
            moves,
            position,
            game: row.game,
        }))
    }
}

/// A connection that hears the moves stored by every server of a
/// PostgreSQL archive ([`LIVE_CHANNEL`]).
pub struct LiveListener {
    client: Box<postgres::Client>,
}

impl std::fmt::Debug for LiveListener {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LiveListener")
    }
}

/// A change to a live game another server (or this one) committed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LiveNotice {
    /// Ply N was stored, with the ply as JSON (a [`LivePly`]) when the
    /// announcement could hold it.
    Move(usize, Option<String>),
    /// Ply N was taken back.
    Undo(usize),
    /// The arbiter ended the game.
    End,
}

impl LiveNotice {
    /// A notification's payload: `id ply json`, `id ply`, `id undo ply`,
    /// `id end`.
    fn read(payload: &str) -> Option<(String, LiveNotice)> {
        let mut words = payload.splitn(3, ' ');
        let id = words.next()?.to_owned();
        let notice = match (words.next()?, words.next()) {
            ("undo", Some(ply)) => LiveNotice::Undo(ply.parse().ok()?),
            ("end", None) => LiveNotice::End,
            (ply, json) if json.is_none_or(|json| json.starts_with('{')) => {
                LiveNotice::Move(ply.parse().ok()?, json.map(str::to_owned))
            }
            _ => return None,
        };
        Some((id, notice))
    }
}

impl LiveListener {
    /// The changes announced since the last call, as (game, change):
    /// waits up to `wait` for the first, then takes those already there.
    ///
    /// # Errors
    /// The connection is lost.
    pub fn next(
        &mut self,
        wait: std::time::Duration,
    ) -> Result<Vec<(String, LiveNotice)>, ArchiveError> {
        use postgres::fallible_iterator::FallibleIterator as _;
        let mut heard = Vec::new();
        let mut notifications = self.client.notifications();
        let first = notifications
            .timeout_iter(wait)
            .next()
            .map_err(DbError::from)?;
        let mut add = |payload: &str| heard.extend(LiveNotice::read(payload));
        if let Some(notification) = first {
            add(notification.payload());
            let mut rest = notifications.iter();
            while let Some(notification) = rest.next().map_err(DbError::from)? {
                add(notification.payload());
            }
        }
        Ok(heard)
    }
}

impl super::Store {
    /// A connection hearing the moves stored by every server of the
    /// archive: PostgreSQL's only (`None` for SQLite, where one server's
    /// own moves are all there are).
    ///
    /// # Errors
    /// The database cannot be reached.
    pub fn live_listener(&self) -> Result<Option<LiveListener>, ArchiveError> {
        let super::Location::Postgres { url, schema } = &self.location else {
            return Ok(None);
        };
        let name = self.location.display();
        let Db::Postgres { mut client, .. } = super::open_postgres(url, schema.as_deref(), &name)?
        else {
            return Ok(None);
        };
        client
            .batch_execute(&format!("LISTEN {LIVE_CHANNEL}"))
            .map_err(DbError::from)?;
        Ok(Some(LiveListener { client }))
    }
}

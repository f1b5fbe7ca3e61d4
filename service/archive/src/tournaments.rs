//! Events that are run (issue 38), not only recorded: an event's pairing
//! system (round robin, double round robin, the Swiss Dutch system), its
//! rounds, its registered players (the archive's player entities, each
//! with a pairing number and a rating) and each round's boards, paired by
//! the library's engines (`songo_notation::tournament`) from the event as
//! it stands and stored.
//!
//! A board's result is a game of the archive whenever it can be one: a
//! game posted with its moves, or a result alone written as a game
//! without moves (a forfeit `+/-`, `-/+`, `-/-`, a final score `41-29`,
//! a draw `1/2-1/2`), so that a correction is a revision of that game
//! (`revisions.rs`: who, when, why, every text kept) and the archive's
//! standings, search and ratings see it. A board's own `result` holds
//! what no game can: a bye, and the decisive results of a tournament
//! report file, which carry no seeds (`1-0`, `0-1`).

use serde::Serialize;
use songo_notation::Ruleset;
use songo_notation::i18n::Message;
use songo_notation::msg;
use songo_notation::record::{GameRecord, Tags, names};
use songo_notation::tiebreak::{self, Crosstable, Entrant as TieEntrant, RoundResult, TieBreak};
use songo_notation::tournament::trf::{self, Colour, Outcome};
use songo_notation::tournament::{Pair, berger, dutch};
use songo_notation::validate::Options;

use super::accounts::now;
use super::db::{Db, Value};
use super::ingest::{self, Prepared};
use super::people::{EventMatch, Names, Pending, fold, player_of_folded};
use super::revisions::{Author, GameChange};
use super::{Account, Archive, ArchiveError, OtherClubsEvent};

/// The most players an event registers (TRF's pairing numbers have four
/// digits; the Dutch system pairs 1,000 at most).
pub const MAX_EVENT_PLAYERS: usize = 1000;
/// The most rounds an event plans.
pub const MAX_EVENT_ROUNDS: u32 = 99;
/// The longest name of an event, a site or a player, in characters.
pub const MAX_EVENT_NAME_CHARS: usize = 100;

/// How an event is paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventSystem {
    /// Everyone meets everyone once, by FIDE's Berger tables.
    RoundRobin,
    /// Everyone meets everyone twice, colours reversed the second time.
    DoubleRoundRobin,
    /// The Swiss Dutch system (FIDE C.04.3).
    Dutch,
}

impl EventSystem {
    /// Its name: `round-robin`, `double-round-robin`, `dutch`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            EventSystem::RoundRobin => "round-robin",
            EventSystem::DoubleRoundRobin => "double-round-robin",
            EventSystem::Dutch => "dutch",
        }
    }

    /// The system of a name ([`EventSystem::as_str`]; `swiss` is the Dutch
    /// system).
    #[must_use]
    pub fn parse(text: &str) -> Option<EventSystem> {
        match text.trim().to_ascii_lowercase().as_str() {
            "round-robin" | "berger" => Some(EventSystem::RoundRobin),
            "double-round-robin" => Some(EventSystem::DoubleRoundRobin),
            "dutch" | "swiss" => Some(EventSystem::Dutch),
            _ => None,
        }
    }

    fn tiebreak_system(self) -> tiebreak::System {
        match self {
            EventSystem::Dutch => tiebreak::System::Swiss,
            _ => tiebreak::System::RoundRobin,
        }
    }

    /// FIDE's recommended tie-breaks for the system (`docs/tournaments.md`).
    fn default_tiebreaks(self) -> &'static str {
        match self {
            EventSystem::Dutch => "buchholz-cut1,buchholz,direct,wins",
            _ => "direct,wins,sb,seed-diff",
        }
    }
}

/// An event to run.
#[derive(Debug, Clone)]
pub struct NewEvent {
    /// Its name (an event of the archive by that name and site, or a new one).
    pub name: String,
    /// Its site.
    pub site: Option<String>,
    /// The games' ruleset.
    pub rules: Ruleset,
    /// How it is paired.
    pub system: EventSystem,
    /// The rounds planned: needed by the Dutch system; a round robin's
    /// are its table's (given: checked against it at round 1).
    pub rounds: Option<u32>,
    /// The tie-breaks of its standings (C.07's names), else the system's
    /// usual ones.
    pub tiebreaks: Option<String>,
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EventPlayer {
    /// His pairing number, from 1.
    pub number: u32,
    /// The archive's player.
    pub player_id: i64,
    /// His canonical name.
    pub name: String,
    /// His rating for the seeding (0: none).
    pub rating: u32,
    /// His points so far.
    pub points: f64,
}

/// One board of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EventBoard {
    /// Its number in the round, from 1.
    pub board: u32,
    /// The first mover's pairing number (South in the game).
    pub white: u32,
    /// The other's; `null` for a bye.
    pub black: Option<u32>,
    /// The result from white's side (`1-0`, `0-1`, `1/2-1/2`, `+/-`,
    /// `-/+`, `-/-`; a bye `bye`), `null` until entered.
    pub result: Option<String>,
    /// The final score in seeds from white's side, when a game gives it.
    pub score: Option<String>,
    /// The archive's game that decides it (its public id).
    pub game: Option<String>,
}

/// A round as paired.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EventRound {
    /// Its number, from 1.
    pub round: u32,
    /// Its boards.
    pub boards: Vec<EventBoard>,
}

/// A line of the standings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EventStanding {
    /// The place, from 1; players no tie-break separates share it.
    pub place: usize,
    /// The pairing number.
    pub number: u32,
    /// The name.
    pub name: String,
    /// The points.
    pub points: f64,
    /// The value of each tie-break, in the event's order.
    pub tiebreaks: Vec<f64>,
}

/// An event that is run, as it stands.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunEvent {
    /// The archive's event id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// Its site.
    pub site: Option<String>,
    /// The games' ruleset.
    pub rules: String,
    /// `round-robin`, `double-round-robin` or `dutch`.
    pub system: String,
    /// The rounds planned (0: a round robin not paired yet).
    pub planned_rounds: u32,
    /// The tie-breaks of the standings, in order.
    pub tiebreaks: Vec<String>,
    /// The players, by pairing number.
    pub players: Vec<EventPlayer>,
    /// The rounds paired.
    pub rounds: Vec<EventRound>,
    /// The standings.
    pub standings: Vec<EventStanding>,
}

/// A result to enter on a board.
#[derive(Debug, Clone)]
pub enum ResultEntry {
    /// A result alone, from white's side: `+/-`, `-/+`, `-/-`,
    /// `1/2-1/2`, or a final score `41-29` (white's seeds first).
    Alone(String),
    /// A game, with its moves: linked to the board of its round and
    /// players.
    Game(Box<Prepared>),
}

/// Why an event refused what it was asked.
#[derive(Debug, Clone)]
pub enum EventRefusal {
    /// No event has this name or id; the nearest names.
    NoSuchEvent(String),
    /// The event is not run (only recorded): it has no system.
    NotRun(String),
    /// The event is run already.
    AlreadyRun(String),
    /// A name that is empty, too long or holds a control character.
    BadName(&'static str),
    /// The Dutch system needs its number of rounds (1 to 99).
    NoRounds,
    /// The player is registered already.
    Registered(String),
    /// Round 1 is paired: the field is closed.
    Closed,
    /// The event is full.
    Full,
    /// Fewer than two players.
    TooFewPlayers,
    /// A board of the last round waits for its result.
    Unfinished {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
    },
    /// Every planned round is paired.
    AllPaired,
    /// The engine found no pairing (its words).
    CannotPair(String),
    /// No such board.
    NoSuchBoard {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
    },
    /// A bye takes no result.
    Bye,
    /// Not a result this knows.
    BadResult(String),
    /// The game's players are not paired on a board (of its round).
    NotPaired(String),
    /// The text is not a game.
    NotAGame(String),
    /// Another club's event.
    OtherClub(OtherClubsEvent),
    /// The tie-breaks are not C.07's.
    BadTiebreaks(String),
}

impl EventRefusal {
    /// What was refused, in words for people.
    #[must_use]
    pub fn message(&self) -> Message {
        match self {
            EventRefusal::NoSuchEvent(name) => msg!("event-no-such", name = name.as_str()),
            EventRefusal::NotRun(name) => msg!("event-not-run", name = name.as_str()),
            EventRefusal::AlreadyRun(name) => msg!("event-already-run", name = name.as_str()),
            EventRefusal::BadName(field) => {
                msg!(
                    "event-bad-name",
                    field = *field,
                    limit = MAX_EVENT_NAME_CHARS
                )
            }
            EventRefusal::NoRounds => msg!("event-no-rounds", most = MAX_EVENT_ROUNDS),
            EventRefusal::Registered(name) => msg!("event-registered", name = name.as_str()),
            EventRefusal::Closed => msg!("event-closed"),
            EventRefusal::Full => msg!("event-full", most = MAX_EVENT_PLAYERS),
            EventRefusal::TooFewPlayers => msg!("event-too-few-players"),
            EventRefusal::Unfinished { round, board } => {
                msg!("event-unfinished", round = *round, board = *board)
            }
            EventRefusal::AllPaired => msg!("event-all-paired"),
            EventRefusal::CannotPair(why) => {
                msg!("event-cannot-pair", error = Message::verbatim(why.clone()))
            }
            EventRefusal::NoSuchBoard { round, board } => {
                msg!("event-no-such-board", round = *round, board = *board)
            }
            EventRefusal::Bye => msg!("event-bye-result"),
            EventRefusal::BadResult(text) => msg!("event-bad-result", result = text.as_str()),
            EventRefusal::NotPaired(names) => msg!("event-not-paired", names = names.as_str()),
            EventRefusal::NotAGame(why) => {
                msg!("event-not-a-game", error = Message::verbatim(why.clone()))
            }
            EventRefusal::OtherClub(other) => msg!(
                "problem-detail-other-club",
                event = other.event.as_str(),
                club = other.club.as_str()
            ),
            EventRefusal::BadTiebreaks(list) => {
                msg!("event-bad-tiebreaks", list = list.as_str())
            }
        }
    }

    /// Whether the refusal is that something is not there (HTTP 404).
    #[must_use]
    pub fn is_missing(&self) -> bool {
        matches!(
            self,
            EventRefusal::NoSuchEvent(_)
                | EventRefusal::NotRun(_)
                | EventRefusal::NoSuchBoard { .. }
        )
    }

    /// Whether the refusal is the event's state, not the request's form
    /// (HTTP 409).
    #[must_use]
    pub fn is_conflict(&self) -> bool {
        matches!(
            self,
            EventRefusal::AlreadyRun(_)
                | EventRefusal::Registered(_)
                | EventRefusal::Closed
                | EventRefusal::Full
                | EventRefusal::TooFewPlayers
                | EventRefusal::Unfinished { .. }
                | EventRefusal::AllPaired
                | EventRefusal::CannotPair(_)
        )
    }
}

type Refused<T> = Result<Result<T, EventRefusal>, ArchiveError>;

/// A name as stored: trimmed, refused when empty (for a required one),
/// too long or holding a control character.
fn checked_name(field: &'static str, text: &str) -> Result<String, EventRefusal> {
    let text = text.trim();
    if text.is_empty()
        || fold(text).is_empty()
        || text.chars().count() > MAX_EVENT_NAME_CHARS
        || text.chars().any(char::is_control)
    {
        return Err(EventRefusal::BadName(field));
    }
    Ok(text.to_owned())
}

fn int(row: &[Value], at: usize) -> Option<i64> {
    row.get(at).and_then(Value::int)
}

fn text(row: &[Value], at: usize) -> Option<String> {
    row.get(at).and_then(Value::text).map(str::to_owned)
}

fn small(n: i64) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

/// An event's run row.
struct Run {
    id: i64,
    name: String,
    site: Option<String>,
    system: EventSystem,
    rounds: u32,
    rules: Ruleset,
    first_colour: Colour,
    tiebreaks: String,
}

/// A board's row, with its game's verdict when it has one.
struct BoardRow {
    round: u32,
    board: u32,
    white: u32,
    black: Option<u32>,
    /// The board's own result (white's side), for a bye or a result of a
    /// report file.
    result: Option<String>,
    game: Option<GameOnBoard>,
}

/// The game that decides a board, as it is now.
struct GameOnBoard {
    public_id: String,
    /// `S`, `N`, `D`, `L`; none while unfinished.
    winner: Option<String>,
    forfeit: bool,
    deleted: bool,
    /// Whether white is the game's South.
    white_is_south: bool,
    score: Option<(i64, i64)>,
}

impl BoardRow {
    /// The result from white's side, as it stands.
    fn result(&self) -> Option<String> {
        let Some(game) = self.game.as_ref().filter(|game| !game.deleted) else {
            return self.result.clone();
        };
        let winner = game.winner.as_deref()?;
        let flip = |result: &str| -> String {
            if game.white_is_south {
                return result.to_owned();
            }
            match result {
                "1-0" => "0-1",
                "0-1" => "1-0",
                "+/-" => "-/+",
                "-/+" => "+/-",
                other => other,
            }
            .to_owned()
        };
        Some(match (winner, game.forfeit) {
            ("S", false) => flip("1-0"),
            ("N", false) => flip("0-1"),
            ("S", true) => flip("+/-"),
            ("N", true) => flip("-/+"),
            ("L", _) => "-/-".to_owned(),
            _ => "1/2-1/2".to_owned(),
        })
    }

    fn score(&self) -> Option<String> {
        let game = self.game.as_ref().filter(|game| !game.deleted)?;
        let (south, north) = game.score?;
        Some(if game.white_is_south {
            format!("{south}-{north}")
        } else {
            format!("{north}-{south}")
        })
    }

    /// White's and black's TRF outcomes of the result.
    fn outcomes(&self) -> Option<(Outcome, Outcome)> {
        Some(match self.result()?.as_str() {
            "1-0" => (Outcome::Win, Outcome::Loss),
            "0-1" => (Outcome::Loss, Outcome::Win),
            "1/2-1/2" => (Outcome::Draw, Outcome::Draw),
            "+/-" => (Outcome::ForfeitWin, Outcome::ForfeitLoss),
            "-/+" => (Outcome::ForfeitLoss, Outcome::ForfeitWin),
            "-/-" => (Outcome::ForfeitLoss, Outcome::ForfeitLoss),
            "bye" => (Outcome::PairingBye, Outcome::Absent),
            "bye-full" => (Outcome::FullBye, Outcome::Absent),
            "bye-half" => (Outcome::HalfBye, Outcome::Absent),
            "bye-zero" => (Outcome::ZeroBye, Outcome::Absent),
            _ => return None,
        })
    }
}

/// The code TRF writes for an outcome.
fn code(outcome: Outcome) -> char {
    match outcome {
        Outcome::Win => '1',
        Outcome::Draw => '=',
        Outcome::Loss => '0',
        Outcome::ForfeitWin => '+',
        Outcome::ForfeitLoss => '-',
        Outcome::HalfBye => 'H',
        Outcome::FullBye => 'F',
        Outcome::PairingBye => 'U',
        Outcome::ZeroBye => 'Z',
        Outcome::Absent => ' ',
    }
}

/// A bye's result on its board, from its TRF outcome.
fn bye_result(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::FullBye => "bye-full",
        Outcome::HalfBye => "bye-half",
        Outcome::ZeroBye => "bye-zero",
        _ => "bye",
    }
}

fn run_row(db: &mut Db, event: i64) -> Result<Option<Run>, ArchiveError> {
    let rows = db.query(
        "SELECT e.id, e.name, e.site, r.system, r.rounds, r.rules, r.first_colour, r.tiebreaks \
         FROM event_runs r JOIN events e ON e.id = r.event WHERE r.event = $1",
        &[event.into()],
    )?;
    let Some(row) = rows.first() else {
        return Ok(None);
    };
    let bad = |what: &str| ArchiveError::Database(format!("event {event} has an unknown {what}"));
    Ok(Some(Run {
        id: event,
        name: text(row, 1).unwrap_or_default(),
        site: text(row, 2),
        system: EventSystem::parse(&text(row, 3).unwrap_or_default())
            .ok_or_else(|| bad("system"))?,
        rounds: small(int(row, 4).unwrap_or(0)),
        rules: text(row, 5)
            .unwrap_or_default()
            .parse()
            .map_err(|_| bad("ruleset"))?,
        first_colour: if text(row, 6).as_deref() == Some("black1") {
            Colour::Black
        } else {
            Colour::White
        },
        tiebreaks: text(row, 7).unwrap_or_default(),
    }))
}

/// The registered players, by pairing number: (number, player, rating, name).
fn entrant_rows(db: &mut Db, event: i64) -> Result<Vec<(u32, i64, u32, String)>, ArchiveError> {
    let rows = db.query(
        "SELECT t.number, t.player, t.rating, p.name FROM event_entrants t \
         LEFT JOIN players p ON p.id = t.player WHERE t.event = $1 ORDER BY t.number",
        &[event.into()],
    )?;
    Ok(rows
        .iter()
        .map(|row| {
            (
                small(int(row, 0).unwrap_or(0)),
                int(row, 1).unwrap_or(0),
                small(int(row, 2).unwrap_or(0)),
                text(row, 3).unwrap_or_default(),
            )
        })
        .collect())
}

fn board_rows(db: &mut Db, event: i64) -> Result<Vec<BoardRow>, ArchiveError> {
    let rows = db.query(
        "SELECT b.round, b.board, b.white, b.black, b.result, g.identity, g.winner, g.forfeit, \
         g.deleted, g.south_player, w.player, g.south_score, g.north_score \
         FROM event_boards b \
         LEFT JOIN games g ON g.id = b.game \
         LEFT JOIN event_entrants w ON w.event = b.event AND w.number = b.white \
         WHERE b.event = $1 ORDER BY b.round, b.board",
        &[event.into()],
    )?;
    Ok(rows
        .iter()
        .map(|row| BoardRow {
            round: small(int(row, 0).unwrap_or(0)),
            board: small(int(row, 1).unwrap_or(0)),
            white: small(int(row, 2).unwrap_or(0)),
            black: int(row, 3).map(small),
            result: text(row, 4),
            game: int(row, 5).map(|identity| GameOnBoard {
                public_id: ingest::public_id(identity),
                winner: text(row, 6),
                forfeit: int(row, 7) == Some(1),
                deleted: int(row, 8) == Some(1),
                white_is_south: int(row, 9).is_none() || int(row, 9) == int(row, 10),
                score: int(row, 11).zip(int(row, 12)),
            }),
        })
        .collect())
}

/// The event's state as a tournament report file: every board with a
/// result, and (`pending`) the boards still waiting as paired rounds.
fn to_trf(run: &Run, entrants: &[(u32, i64, u32, String)], boards: &[BoardRow]) -> trf::Tournament {
    let mut players: Vec<trf::Player> = entrants
        .iter()
        .map(|(number, _, rating, name)| trf::Player {
            number: *number,
            name: name.clone(),
            rating: *rating,
            points: 0,
            head: player_head(*number, name, *rating),
            rounds: Vec::new(),
            line: 0,
        })
        .collect();
    let rounds = boards.iter().map(|b| b.round).max().unwrap_or(0) as usize;
    for player in &mut players {
        player.rounds = vec![
            trf::Round {
                opponent: None,
                colour: None,
                outcome: Outcome::Absent,
                code: ' ',
            };
            rounds
        ];
    }
    let index = |number: u32| entrants.iter().position(|e| e.0 == number);
    for board in boards {
        let Some((white, black)) = board.outcomes() else {
            continue;
        };
        let at = board.round as usize - 1;
        if let Some(w) = index(board.white) {
            players[w].rounds[at] = trf::Round {
                opponent: board.black,
                colour: board.black.map(|_| Colour::White),
                outcome: white,
                code: code(white),
            };
        }
        if let Some(b) = board.black.and_then(index) {
            players[b].rounds[at] = trf::Round {
                opponent: Some(board.white),
                colour: Some(Colour::Black),
                outcome: black,
                code: code(black),
            };
        }
    }
    for player in &mut players {
        player.points = player.rounds.iter().map(|r| r.outcome.tenths()).sum();
        while player
            .rounds
            .last()
            .is_some_and(|r| r.outcome == Outcome::Absent)
        {
            player.rounds.pop();
        }
    }
    trf::Tournament {
        name: Some(run.name.clone()),
        players,
        rounds: (run.rounds > 0).then_some(run.rounds),
        initial_colour: Some(run.first_colour),
        other_lines: Vec::new(),
    }
}

/// A player line's first 91 columns, as FIDE's TRF lays them out: the
/// pairing number in 5–8, the name in 15–47, the rating in 49–52 (the
/// points and rank are written over 81–89).
fn player_head(number: u32, name: &str, rating: u32) -> String {
    let name: String = name.chars().take(33).collect();
    let rating = if rating > 0 {
        format!("{rating:>4}")
    } else {
        "    ".to_owned()
    };
    format!("001 {number:>4}      {name:<33} {rating}")
}

/// The standings of the boards: each player's rounds as the tie-breaks
/// read them, ranked by the event's tie-breaks.
fn standings(
    run: &Run,
    entrants: &[(u32, i64, u32, String)],
    boards: &[BoardRow],
    order: &[TieBreak],
) -> Vec<EventStanding> {
    let index = |number: u32| entrants.iter().position(|e| e.0 == number);
    let mut rounds: Vec<Vec<RoundResult>> = vec![Vec::new(); entrants.len()];
    let mut seeds = vec![0i64; entrants.len()];
    for board in boards {
        let (Some((white, black)), Some(w)) = (board.outcomes(), index(board.white)) else {
            continue;
        };
        let b = board.black.and_then(index);
        if let (Some(game), Some(b)) = (board.game.as_ref().filter(|g| !g.deleted), b)
            && let Some((south, north)) = game.score
        {
            let (mine, theirs) = if game.white_is_south {
                (south, north)
            } else {
                (north, south)
            };
            seeds[w] += mine - theirs;
            seeds[b] += theirs - mine;
        }
        let result = |outcome: Outcome, opponent: Option<usize>| match (outcome, opponent) {
            (Outcome::Win, Some(o)) => RoundResult::Played {
                opponent: o,
                half_points: 2,
            },
            (Outcome::Draw, Some(o)) => RoundResult::Played {
                opponent: o,
                half_points: 1,
            },
            (Outcome::Loss, Some(o)) => RoundResult::Played {
                opponent: o,
                half_points: 0,
            },
            (Outcome::ForfeitWin, Some(o)) => RoundResult::ForfeitWin { opponent: o },
            (Outcome::ForfeitLoss, Some(o)) => RoundResult::ForfeitLoss { opponent: o },
            (Outcome::FullBye, _) => RoundResult::FullPointBye,
            (Outcome::HalfBye, _) => RoundResult::HalfPointBye,
            (Outcome::ZeroBye, _) => RoundResult::ZeroPointBye,
            _ => RoundResult::PairingBye,
        };
        rounds[w].push(result(white, b));
        if let Some(b) = b {
            rounds[b].push(result(black, Some(w)));
        }
    }
    // A player without a board in a round (registered late, absent) has
    // a zero-point bye there: every row has the same rounds.
    let most = rounds.iter().map(Vec::len).max().unwrap_or(0);
    for row in &mut rounds {
        row.resize(most, RoundResult::ZeroPointBye);
    }
    let entrant_rows = rounds
        .into_iter()
        .zip(&seeds)
        .map(|(rounds, &seeds)| TieEntrant::new(rounds, seeds))
        .collect();
    let Ok(table) = Crosstable::new(run.system.tiebreak_system(), entrant_rows) else {
        return Vec::new();
    };
    table
        .rank(order)
        .into_iter()
        .map(|placed| EventStanding {
            place: placed.rank,
            number: entrants[placed.player].0,
            name: entrants[placed.player].3.clone(),
            points: placed.points,
            tiebreaks: placed.values,
        })
        .collect()
}

/// The record of a result alone: the event's tags, the players, the
/// round and the result, no moves.
fn result_record(run: &Run, round: u32, white: &str, black: &str, result: &str) -> String {
    let mut tags = Tags::default();
    tags.set(names::RULES, run.rules.id());
    tags.set(names::EVENT, run.name.as_str());
    if let Some(site) = &run.site {
        tags.set(names::SITE, site.as_str());
    }
    tags.set(names::ROUND, round.to_string());
    tags.set(names::SOUTH, white);
    tags.set(names::NORTH, black);
    tags.set(names::RESULT, result);
    if let Some(termination) = termination(result) {
        tags.set(names::TERMINATION, termination);
    }
    GameRecord {
        tags,
        moves: Vec::new(),
        result: Some(result.to_owned()),
    }
    .to_string()
}

/// How a result alone ended, for the record: a game played whose moves
/// were not kept ended otherwise than the rules show, and its score is not
/// checked against a replay (`docs/records.md`, "Termination"); a forfeit
/// was not played.
fn termination(result: &str) -> Option<&'static str> {
    (!result.contains('/') || result == "1/2-1/2").then_some("result only")
}

/// A result alone as a game's `Result` (white is South): `+/-`, `-/+`,
/// `-/-`, `1/2-1/2` or a score `41-29`.
fn result_tag(given: &str) -> Option<String> {
    let given = given.trim();
    match given {
        "+/-" | "-/+" | "-/-" | "1/2-1/2" => return Some(given.to_owned()),
        "=" | "½-½" | "draw" => return Some("1/2-1/2".to_owned()),
        _ => {}
    }
    let (south, north) = given.split_once('-')?;
    let south: u16 = south.trim().parse().ok()?;
    let north: u16 = north.trim().parse().ok()?;
    Some(format!("{south}-{north}"))
}

fn prepare_text(text: &str) -> Result<Prepared, EventRefusal> {
    match ingest::prepare_first(text, &Options::default()) {
        Some(prepared) => prepared.map_err(|not| EventRefusal::NotAGame(not.message)),
        None => Err(EventRefusal::NotAGame(String::new())),
    }
}

/// A change of a board's game that another club's token may not make, as
/// the event's refusal.
fn refuse_other_club<T>(changed: Result<T, ArchiveError>) -> Refused<T> {
    match changed {
        Ok(done) => Ok(Ok(done)),
        Err(ArchiveError::OtherClubsEvent(other)) => Ok(Err(EventRefusal::OtherClub(other))),
        Err(error) => Err(error),
    }
}

/// A game posted for a board: its players must be the board's (either
/// side); the event's `Event`, `Site` and `Round` tags are written on it.
fn game_on_board(
    run: &Run,
    round: u32,
    game: &Prepared,
    [white, black]: [&str; 2],
) -> Result<Prepared, EventRefusal> {
    let players = [game.tags.get(names::SOUTH), game.tags.get(names::NORTH)]
        .map(|name| name.map(fold).unwrap_or_default());
    let expected = [fold(white), fold(black)];
    let swapped = [expected[1].clone(), expected[0].clone()];
    if players != expected && players != swapped {
        return Err(EventRefusal::NotPaired(format!(
            "{} – {}",
            game.tags.get(names::SOUTH).unwrap_or("?"),
            game.tags.get(names::NORTH).unwrap_or("?")
        )));
    }
    let mut change = vec![(names::EVENT.to_owned(), run.name.clone())];
    if let Some(site) = &run.site {
        change.push((names::SITE.to_owned(), site.clone()));
    }
    change.push((names::ROUND.to_owned(), round.to_string()));
    let text = super::changed_text(
        &game.record,
        &GameChange {
            tags: change,
            moves: None,
        },
    );
    prepare_text(&text)
}

/// The tags of an event's games, for the club that may write them.
fn event_tags(run: &Run) -> Tags {
    let mut tags = Tags::default();
    tags.set(names::EVENT, run.name.as_str());
    if let Some(site) = &run.site {
        tags.set(names::SITE, site.as_str());
    }
    tags
}

impl Archive {
    /// Runs an event: the archive's event of that name and site (made when
    /// none has been recorded), with its system, rounds and tie-breaks.
    ///
    /// # Errors
    /// The database fails.
    pub fn create_event(
        &mut self,
        event: &NewEvent,
        by: &str,
        account: Option<&Account>,
    ) -> Refused<RunEvent> {
        let name = match checked_name("name", &event.name) {
            Ok(name) => name,
            Err(refused) => return Ok(Err(refused)),
        };
        let site = match event
            .site
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            Some(site) => match checked_name("site", site) {
                Ok(site) => Some(site),
                Err(refused) => return Ok(Err(refused)),
            },
            None => None,
        };
        let rounds = match (event.system, event.rounds) {
            (_, Some(r)) if r == 0 || r > MAX_EVENT_ROUNDS => {
                return Ok(Err(EventRefusal::NoRounds));
            }
            (EventSystem::Dutch, None) => return Ok(Err(EventRefusal::NoRounds)),
            (_, rounds) => rounds.unwrap_or(0),
        };
        let tiebreaks = event
            .tiebreaks
            .clone()
            .unwrap_or_else(|| event.system.default_tiebreaks().to_owned());
        if TieBreak::parse_list(&tiebreaks).is_err() {
            return Ok(Err(EventRefusal::BadTiebreaks(tiebreaks)));
        }
        let id = self.in_retried_transaction(|archive| {
            let run = Run {
                id: 0,
                name: name.clone(),
                site: site.clone(),
                system: event.system,
                rounds,
                rules: event.rules,
                first_colour: Colour::White,
                tiebreaks: tiebreaks.clone(),
            };
            if let Some(account) = account
                && let Some(other) = archive.claim_event(account, &event_tags(&run))?
            {
                return Ok(Err(EventRefusal::OtherClub(other)));
            }
            let mut pending = Pending::default();
            let ids = pending.resolve(
                &mut archive.db,
                &[Names {
                    event: Some(&name),
                    site: site.as_deref(),
                    ..Names::default()
                }],
            )?;
            let Some(id) = ids.first().and_then(|ids| ids.event) else {
                return Ok(Err(EventRefusal::BadName("name")));
            };
            let added = archive.db.query(
                "INSERT INTO event_runs (event, system, rounds, rules, first_colour, tiebreaks, \
                 created, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
                 ON CONFLICT (event) DO NOTHING RETURNING event",
                &[
                    id.into(),
                    event.system.as_str().into(),
                    i64::from(rounds).into(),
                    event.rules.id().into(),
                    "white1".into(),
                    tiebreaks.as_str().into(),
                    now().into(),
                    by.into(),
                ],
            )?;
            if added.is_empty() {
                return Ok(Err(EventRefusal::AlreadyRun(name.clone())));
            }
            Ok(Ok(id))
        })?;
        match id {
            Ok(id) => self
                .event_run(id)
                .map(|run| run.ok_or_else(|| EventRefusal::NoSuchEvent(id.to_string()))),
            Err(refused) => Ok(Err(refused)),
        }
    }

    /// The id of the run event named `name` (or of that id).
    ///
    /// # Errors
    /// Several events have the name, or the database fails.
    pub fn find_event(&mut self, name: &str) -> Refused<i64> {
        let found = match self.event_named(name)? {
            EventMatch::Found(found) => found,
            EventMatch::Nothing(_) => return Ok(Err(EventRefusal::NoSuchEvent(name.to_owned()))),
        };
        if run_row(&mut self.db, found.id)?.is_none() {
            return Ok(Err(EventRefusal::NotRun(found.name)));
        }
        Ok(Ok(found.id))
    }

    /// A run event as it stands: players, rounds, results, standings;
    /// `None` when the event is not run.
    ///
    /// # Errors
    /// The database fails.
    pub fn event_run(&mut self, event: i64) -> Result<Option<RunEvent>, ArchiveError> {
        let Some(run) = run_row(&mut self.db, event)? else {
            return Ok(None);
        };
        let entrants = entrant_rows(&mut self.db, event)?;
        let boards = board_rows(&mut self.db, event)?;
        let order = TieBreak::parse_list(&run.tiebreaks).unwrap_or_default();
        let standings = standings(&run, &entrants, &boards, &order);
        let points = |number: u32| {
            standings
                .iter()
                .find(|s| s.number == number)
                .map_or(0.0, |s| s.points)
        };
        let mut rounds: Vec<EventRound> = Vec::new();
        for board in &boards {
            if rounds.last().is_none_or(|r| r.round != board.round) {
                rounds.push(EventRound {
                    round: board.round,
                    boards: Vec::new(),
                });
            }
            if let Some(round) = rounds.last_mut() {
                round.boards.push(EventBoard {
                    board: board.board,
                    white: board.white,
                    black: board.black,
                    result: board.result().map(|r| {
                        if r.starts_with("bye") {
                            "bye".to_owned()
                        } else {
                            r
                        }
                    }),
                    score: board.score(),
                    game: board.game.as_ref().map(|g| g.public_id.clone()),
                });
            }
        }
        Ok(Some(RunEvent {
            id: run.id,
            players: entrants
                .iter()
                .map(|(number, player, rating, name)| EventPlayer {
                    number: *number,
                    player_id: *player,
                    name: name.clone(),
                    rating: *rating,
                    points: points(*number),
                })
                .collect(),
            name: run.name,
            site: run.site,
            rules: run.rules.id().to_owned(),
            system: run.system.as_str().to_owned(),
            planned_rounds: run.rounds,
            tiebreaks: order.iter().map(|t| t.name().to_owned()).collect(),
            rounds,
            standings,
        }))
    }

    /// The run event `event` for a write (within the transaction), after
    /// the club check.
    fn run_for_write(
        &mut self,
        event: i64,
        account: Option<&Account>,
    ) -> Result<Result<Run, EventRefusal>, ArchiveError> {
        let Some(run) = run_row(&mut self.db, event)? else {
            return Ok(Err(EventRefusal::NoSuchEvent(event.to_string())));
        };
        if let Some(account) = account
            && let Some(other) = self.claim_event(account, &event_tags(&run))?
        {
            return Ok(Err(EventRefusal::OtherClub(other)));
        }
        Ok(Ok(run))
    }

    /// Registers the archive's player `name` (made when the archive has
    /// none of that name) with the next pairing number, before round 1.
    ///
    /// # Errors
    /// The database fails.
    pub fn register(
        &mut self,
        event: i64,
        name: &str,
        rating: u32,
        account: Option<&Account>,
    ) -> Refused<EventPlayer> {
        let name = match checked_name("player", name) {
            Ok(name) => name,
            Err(refused) => return Ok(Err(refused)),
        };
        self.in_retried_transaction(|archive| {
            if let Err(refused) = archive.run_for_write(event, account)? {
                return Ok(Err(refused));
            }
            let paired = archive.db.query(
                "SELECT 1 FROM event_boards WHERE event = $1 LIMIT 1",
                &[event.into()],
            )?;
            if !paired.is_empty() {
                return Ok(Err(EventRefusal::Closed));
            }
            archive.add_entrant(event, None, &name, rating)
        })
    }

    /// Adds a player with pairing number `number` (else the next), within
    /// the transaction.
    fn add_entrant(
        &mut self,
        event: i64,
        number: Option<u32>,
        name: &str,
        rating: u32,
    ) -> Refused<EventPlayer> {
        let player = match player_of_folded(&mut self.db, &fold(name))? {
            Some(player) => player,
            None => {
                let mut pending = Pending::default();
                let ids = pending.resolve(
                    &mut self.db,
                    &[Names {
                        south: Some(name),
                        ..Names::default()
                    }],
                )?;
                let Some(player) = ids.first().and_then(|ids| ids.south) else {
                    return Ok(Err(EventRefusal::BadName("player")));
                };
                player
            }
        };
        let rows = self.db.query(
            "SELECT number, player FROM event_entrants WHERE event = $1",
            &[event.into()],
        )?;
        if rows.iter().any(|row| int(row, 1) == Some(player)) {
            return Ok(Err(EventRefusal::Registered(name.to_owned())));
        }
        if rows.len() >= MAX_EVENT_PLAYERS {
            return Ok(Err(EventRefusal::Full));
        }
        let next = rows.iter().filter_map(|row| int(row, 0)).max().unwrap_or(0) + 1;
        let number = number.map_or(next, i64::from);
        self.db.execute(
            "INSERT INTO event_entrants (event, number, player, rating) VALUES ($1, $2, $3, $4)",
            &[
                event.into(),
                number.into(),
                player.into(),
                i64::from(rating).into(),
            ],
        )?;
        let canonical = self
            .db
            .query("SELECT name FROM players WHERE id = $1", &[player.into()])?
            .first()
            .and_then(|row| text(row, 0))
            .unwrap_or_else(|| name.to_owned());
        Ok(Ok(EventPlayer {
            number: small(number),
            player_id: player,
            name: canonical,
            rating,
            points: 0.0,
        }))
    }

    /// Pairs the event's next round by its system, from its players and
    /// the results so far, and stores its boards (the bye last).
    ///
    /// # Errors
    /// The database fails.
    pub fn pair_next(&mut self, event: i64, account: Option<&Account>) -> Refused<EventRound> {
        self.in_retried_transaction(|archive| {
            let mut run = match archive.run_for_write(event, account)? {
                Ok(run) => run,
                Err(refused) => return Ok(Err(refused)),
            };
            let entrants = entrant_rows(&mut archive.db, event)?;
            let boards = board_rows(&mut archive.db, event)?;
            if entrants.len() < 2 {
                return Ok(Err(EventRefusal::TooFewPlayers));
            }
            if let Some(waiting) = boards
                .iter()
                .find(|b| b.black.is_some() && b.result().is_none())
            {
                return Ok(Err(EventRefusal::Unfinished {
                    round: waiting.round,
                    board: waiting.board,
                }));
            }
            let players = u32::try_from(entrants.len()).unwrap_or(u32::MAX);
            if run.rounds == 0 {
                let cycles = if run.system == EventSystem::DoubleRoundRobin {
                    2
                } else {
                    1
                };
                run.rounds = berger::rounds_per_cycle(players) * cycles;
                archive.db.execute(
                    "UPDATE event_runs SET rounds = $1 WHERE event = $2",
                    &[i64::from(run.rounds).into(), event.into()],
                )?;
            }
            let round = boards.iter().map(|b| b.round).max().unwrap_or(0) + 1;
            if round > run.rounds {
                return Ok(Err(EventRefusal::AllPaired));
            }
            let pairs = match pairs_of(&run, &entrants, &boards, round, players) {
                Ok(pairs) => pairs,
                Err(refused) => return Ok(Err(refused)),
            };
            let mut stored = Vec::new();
            for (at, pair) in pairs.iter().enumerate() {
                let board = u32::try_from(at + 1).unwrap_or(u32::MAX);
                let result = pair.black.is_none().then_some("bye");
                archive.db.execute(
                    "INSERT INTO event_boards (event, round, board, white, black, result) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                    &[
                        event.into(),
                        i64::from(round).into(),
                        i64::from(board).into(),
                        i64::from(pair.white).into(),
                        pair.black.map(i64::from).into(),
                        result.into(),
                    ],
                )?;
                stored.push(EventBoard {
                    board,
                    white: pair.white,
                    black: pair.black,
                    result: result.map(str::to_owned),
                    score: None,
                    game: None,
                });
            }
            Ok(Ok(EventRound {
                round,
                boards: stored,
            }))
        })
    }

    /// Enters (or corrects) the result of a board: a result alone, or a
    /// game. The first becomes a game of the archive; a later one is that
    /// game's next revision (by `author`, with its reason).
    ///
    /// # Errors
    /// The database fails.
    pub fn enter_result(
        &mut self,
        event: i64,
        round: u32,
        board: u32,
        entry: &ResultEntry,
        author: Author<'_>,
    ) -> Refused<EventBoard> {
        let Some(run) = run_row(&mut self.db, event)? else {
            return Ok(Err(EventRefusal::NoSuchEvent(event.to_string())));
        };
        let boards = board_rows(&mut self.db, event)?;
        let Some(row) = boards.iter().find(|b| b.round == round && b.board == board) else {
            return Ok(Err(EventRefusal::NoSuchBoard { round, board }));
        };
        let Some(black) = row.black else {
            return Ok(Err(EventRefusal::Bye));
        };
        let entrants = entrant_rows(&mut self.db, event)?;
        let name_of = |number: u32| {
            entrants
                .iter()
                .find(|e| e.0 == number)
                .map(|e| e.3.clone())
                .unwrap_or_default()
        };
        let (white_name, black_name) = (name_of(row.white), name_of(black));
        let prepared = match entry {
            ResultEntry::Alone(given) => {
                let Some(result) = result_tag(given) else {
                    return Ok(Err(EventRefusal::BadResult(given.clone())));
                };
                if let Some(game) = &row.game {
                    // A correction: the stored game's next revision.
                    let ended = termination(&result).unwrap_or_default().to_owned();
                    let change = GameChange {
                        tags: vec![
                            (names::RESULT.to_owned(), result),
                            (names::TERMINATION.to_owned(), ended),
                        ],
                        moves: None,
                    };
                    if let Err(refused) =
                        refuse_other_club(self.edit(&game.public_id, None, &change, author))?
                    {
                        return Ok(Err(refused));
                    }
                    return self.board_now(event, round, board);
                }
                match prepare_text(&result_record(
                    &run,
                    round,
                    &white_name,
                    &black_name,
                    &result,
                )) {
                    Ok(prepared) => prepared,
                    Err(refused) => return Ok(Err(refused)),
                }
            }
            ResultEntry::Game(game) => {
                let game = match game_on_board(&run, round, game, [&white_name, &black_name]) {
                    Ok(prepared) => prepared,
                    Err(refused) => return Ok(Err(refused)),
                };
                if let Some(stored) = &row.game {
                    if let Err(refused) =
                        refuse_other_club(self.update(&stored.public_id, &game, author))?
                    {
                        return Ok(Err(refused));
                    }
                    return self.board_now(event, round, board);
                }
                game
            }
        };
        let linked = self.link_new_game(event, round, board, &prepared, author)?;
        if let Err(refused) = linked {
            return Ok(Err(refused));
        }
        self.board_now(event, round, board)
    }

    /// Stores a board's first game and links it to the board, in one
    /// transaction.
    fn link_new_game(
        &mut self,
        event: i64,
        round: u32,
        board: u32,
        prepared: &Prepared,
        author: Author<'_>,
    ) -> Refused<()> {
        self.in_retried_transaction(|archive| {
            if let Err(refused) = archive.run_for_write(event, author.account)? {
                return Ok(Err(refused));
            }
            archive.add_by(std::slice::from_ref(prepared), Some(author.by))?;
            let id = archive
                .db
                .query(
                    "SELECT id FROM games WHERE identity = $1",
                    &[prepared.identity.into()],
                )?
                .first()
                .and_then(|row| int(row, 0))
                .ok_or_else(|| ArchiveError::Database("a result's game was not stored".into()))?;
            archive.db.execute(
                "UPDATE event_boards SET game = $1, result = NULL \
                 WHERE event = $2 AND round = $3 AND board = $4",
                &[
                    id.into(),
                    event.into(),
                    i64::from(round).into(),
                    i64::from(board).into(),
                ],
            )?;
            Ok(Ok(()))
        })
    }

    /// Posts a game of the event: the board of its round (its `Round`
    /// tag, else the last round that pairs its players) and players.
    ///
    /// # Errors
    /// The database fails.
    pub fn post_game(
        &mut self,
        event: i64,
        game: &Prepared,
        author: Author<'_>,
    ) -> Refused<(u32, EventBoard)> {
        let entrants = entrant_rows(&mut self.db, event)?;
        let boards = board_rows(&mut self.db, event)?;
        let number_of = |tag: &str| {
            let folded = fold(game.tags.get(tag).unwrap_or_default());
            entrants.iter().find(|e| fold(&e.3) == folded).map(|e| e.0)
        };
        let names = format!(
            "{} – {}",
            game.tags.get(names::SOUTH).unwrap_or("?"),
            game.tags.get(names::NORTH).unwrap_or("?")
        );
        let (Some(south), Some(north)) = (number_of(names::SOUTH), number_of(names::NORTH)) else {
            return Ok(Err(EventRefusal::NotPaired(names)));
        };
        let round_tag = game
            .tags
            .get(names::ROUND)
            .and_then(|r| r.trim().parse::<u32>().ok());
        let found = boards.iter().rev().find(|b| {
            round_tag.is_none_or(|r| r == b.round)
                && ((b.white == south && b.black == Some(north))
                    || (b.white == north && b.black == Some(south)))
        });
        let Some(found) = found else {
            return Ok(Err(EventRefusal::NotPaired(names)));
        };
        let (round, board) = (found.round, found.board);
        let entry = ResultEntry::Game(Box::new(game.clone()));
        Ok(self
            .enter_result(event, round, board, &entry, author)?
            .map(|board| (round, board)))
    }

    fn board_now(&mut self, event: i64, round: u32, board: u32) -> Refused<EventBoard> {
        let Some(run) = self.event_run(event)? else {
            return Ok(Err(EventRefusal::NoSuchEvent(event.to_string())));
        };
        Ok(run
            .rounds
            .into_iter()
            .filter(|r| r.round == round)
            .flat_map(|r| r.boards)
            .find(|b| b.board == board)
            .ok_or(EventRefusal::NoSuchBoard { round, board }))
    }

    /// The event as FIDE's tournament report file: its players (points
    /// and ranks of the standings) and every board with a result.
    ///
    /// # Errors
    /// The database fails.
    pub fn event_trf(&mut self, event: i64) -> Result<Option<String>, ArchiveError> {
        let Some(run) = run_row(&mut self.db, event)? else {
            return Ok(None);
        };
        let entrants = entrant_rows(&mut self.db, event)?;
        let boards = board_rows(&mut self.db, event)?;
        let order = TieBreak::parse_list(&run.tiebreaks).unwrap_or_default();
        let places = standings(&run, &entrants, &boards, &order);
        let mut tournament = to_trf(&run, &entrants, &boards);
        for player in &mut tournament.players {
            if let Some(place) = places.iter().find(|s| s.number == player.number) {
                let mut head: Vec<char> = player.head.chars().collect();
                head.resize(91, ' ');
                for (at, c) in format!("{:>4}", place.place).chars().enumerate() {
                    head[85 + at] = c;
                }
                player.head = head.into_iter().collect();
            }
        }
        if let Some(site) = &run.site {
            tournament.other_lines.push(format!("022 {site}"));
        }
        Ok(Some(trf::write(&tournament)))
    }

    /// Reads a tournament report file into the archive as a run event:
    /// its players (the archive's players of their names, with the file's
    /// pairing numbers and ratings), every round's boards and results. A
    /// played result is the board's own (the file gives no seeds).
    ///
    /// # Errors
    /// The database fails.
    pub fn import_trf(
        &mut self,
        file: &trf::Tournament,
        event: &NewEvent,
        by: &str,
        account: Option<&Account>,
    ) -> Refused<RunEvent> {
        let mut event = event.clone();
        if event.site.is_none() {
            // The file's site: its `022` line.
            event.site = file
                .other_lines
                .iter()
                .find_map(|line| line.strip_prefix("022 "))
                .map(|site| site.trim().to_owned())
                .filter(|site| !site.is_empty());
        }
        if event.rounds.is_none() {
            event.rounds = file.rounds.or_else(|| {
                u32::try_from(dutch::rounds_paired(file))
                    .ok()
                    .filter(|&r| r > 0)
            });
        }
        if file.players.len() > MAX_EVENT_PLAYERS {
            return Ok(Err(EventRefusal::Full));
        }
        let id = match self.create_event(&event, by, account)? {
            Ok(run) => run.id,
            Err(refused) => return Ok(Err(refused)),
        };
        let first_colour = dutch::infer_initial_colour(file).or(file.initial_colour);
        let imported = self.in_retried_transaction(|archive| {
            if first_colour == Some(Colour::Black) {
                archive.db.execute(
                    "UPDATE event_runs SET first_colour = 'black1' WHERE event = $1",
                    &[id.into()],
                )?;
            }
            for player in &file.players {
                if let Err(refused) =
                    archive.add_entrant(id, Some(player.number), &player.name, player.rating)?
                {
                    return Ok(Err(refused));
                }
            }
            for (round, boards) in boards_of(file).into_iter().enumerate() {
                for (at, (white, black, result)) in boards.into_iter().enumerate() {
                    archive.db.execute(
                        "INSERT INTO event_boards (event, round, board, white, black, result) \
                         VALUES ($1, $2, $3, $4, $5, $6)",
                        &[
                            id.into(),
                            i64::try_from(round + 1).unwrap_or(i64::MAX).into(),
                            i64::try_from(at + 1).unwrap_or(i64::MAX).into(),
                            i64::from(white).into(),
                            black.map(i64::from).into(),
                            result.into(),
                        ],
                    )?;
                }
            }
            Ok(Ok(()))
        })?;
        if let Err(refused) = imported {
            return Ok(Err(refused));
        }
        self.event_run(id)
            .map(|run| run.ok_or_else(|| EventRefusal::NoSuchEvent(id.to_string())))
    }
}

/// The next round's pairs by the event's system.
fn pairs_of(
    run: &Run,
    entrants: &[(u32, i64, u32, String)],
    boards: &[BoardRow],
    round: u32,
    players: u32,
) -> Result<Vec<Pair>, EventRefusal> {
    match run.system {
        EventSystem::Dutch => {
            let tournament = to_trf(run, entrants, boards);
            let field = dutch::Field::next_round(&tournament)
                .map_err(|e| EventRefusal::CannotPair(e.to_string()))?;
            dutch::pair(&field).map_err(|e| EventRefusal::CannotPair(e.to_string()))
        }
        EventSystem::RoundRobin | EventSystem::DoubleRoundRobin => {
            let double = run.system == EventSystem::DoubleRoundRobin;
            let mut pairs = berger::round(players, round, double)
                .map_err(|e| EventRefusal::CannotPair(e.to_string()))?;
            // The table's numbers are places 1..n; the players' pairing
            // numbers may have gaps (an import).
            let number = |place: u32| entrants.get(place as usize - 1).map_or(place, |e| e.0);
            for pair in &mut pairs {
                pair.white = number(pair.white);
                pair.black = pair.black.map(number);
            }
            // The bye last, as the boards are numbered.
            pairs.sort_by_key(|pair| pair.black.is_none());
            Ok(pairs)
        }
    }
}

/// A board of a report file: white, black (none for a bye), the result.
type FileBoard = (u32, Option<u32>, Option<String>);

/// Each round's boards of a report file: (white, black, result from
/// white's side), the games in the order of their higher-placed player,
/// then the byes.
fn boards_of(file: &trf::Tournament) -> Vec<Vec<FileBoard>> {
    let rounds = file
        .players
        .iter()
        .map(|p| p.rounds.len())
        .max()
        .unwrap_or(0);
    let mut all = Vec::new();
    for at in 0..rounds {
        let mut games = Vec::new();
        let mut byes = Vec::new();
        for player in &file.players {
            let Some(entry) = player.rounds.get(at) else {
                continue;
            };
            match (entry.opponent, entry.outcome) {
                (_, Outcome::Absent) => {}
                (None, outcome) => {
                    byes.push((player.number, None, Some(bye_result(outcome).to_owned())))
                }
                (Some(opponent), outcome) => {
                    // Each game once: from white's line, or the lower
                    // number's when no colour is written.
                    let white = entry.colour == Some(Colour::White)
                        || (entry.colour.is_none() && player.number < opponent);
                    if !white {
                        continue;
                    }
                    let other = file
                        .players
                        .iter()
                        .find(|p| p.number == opponent)
                        .and_then(|p| p.rounds.get(at))
                        .map_or(Outcome::Absent, |r| r.outcome);
                    let result = match (outcome, other) {
                        (Outcome::Win, _) => "1-0",
                        (Outcome::Loss, _) => "0-1",
                        (Outcome::Draw, _) => "1/2-1/2",
                        (Outcome::ForfeitWin, _) => "+/-",
                        (Outcome::ForfeitLoss, Outcome::ForfeitWin) => "-/+",
                        (Outcome::ForfeitLoss, _) => "-/-",
                        _ => "1/2-1/2",
                    };
                    games.push((player.number, Some(opponent), Some(result.to_owned())));
                }
            }
        }
        games.sort_by_key(|(white, black, _)| (*white).min(black.unwrap_or(u32::MAX)));
        games.extend(byes);
        all.push(games);
    }
    all
}

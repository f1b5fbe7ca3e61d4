//! FIDE's Tournament Report File (TRF): the players' lines (`001`), the
//! tournament's name (`012`), and the extensions the pairing engines read:
//! `XXR` (or `142`) the number of rounds, `XXC` the first round's colour
//! (`white1` or `black1`). Other lines are kept as they are.
//!
//! A player's line is in fixed columns: the pairing number in 5–8, the name
//! in 15–47, the rating in 49–52, the points in 81–84, the rank in 86–89,
//! then one block of ten columns a round from column 92: the opponent's
//! number (`0000` or blank for none), the colour (`w`, `b`, `-` or blank)
//! and the result.

use std::fmt;

/// A colour of chess, the role a player takes: white moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// The first mover.
    White,
    /// The second mover.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn invert(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// A round's result code, as TRF writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `1` (or `W`, an unrated game won).
    Win,
    /// `=` (or `D`).
    Draw,
    /// `0` (or `L`).
    Loss,
    /// `+`: won by forfeit (or a bye given by the pairing, without opponent).
    ForfeitWin,
    /// `-`: lost by forfeit.
    ForfeitLoss,
    /// `H`: a half-point bye.
    HalfBye,
    /// `F`: a full-point bye.
    FullBye,
    /// `U`: the pairing-allocated bye.
    PairingBye,
    /// `Z`: a zero-point bye.
    ZeroBye,
    /// Blank: not paired.
    Absent,
}

impl Outcome {
    fn from_char(c: char) -> Option<(Outcome, char)> {
        let outcome = match c.to_ascii_uppercase() {
            '1' | 'W' => Outcome::Win,
            '=' | 'D' => Outcome::Draw,
            '0' | 'L' => Outcome::Loss,
            '+' => Outcome::ForfeitWin,
            '-' => Outcome::ForfeitLoss,
            'H' => Outcome::HalfBye,
            'F' => Outcome::FullBye,
            'U' => Outcome::PairingBye,
            'Z' => Outcome::ZeroBye,
            ' ' => Outcome::Absent,
            _ => return None,
        };
        Some((outcome, c))
    }

    /// The points it gives, in tenths (the standard system: 1, ½, 0; the
    /// pairing-allocated bye a win).
    pub fn tenths(self) -> u32 {
        match self {
            Outcome::Win | Outcome::ForfeitWin | Outcome::FullBye | Outcome::PairingBye => 10,
            Outcome::Draw | Outcome::HalfBye => 5,
            _ => 0,
        }
    }

    /// Whether the game was played over the board.
    pub fn is_played(self) -> bool {
        matches!(self, Outcome::Win | Outcome::Draw | Outcome::Loss)
    }
}

/// One round of a player's line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Round {
    /// The opponent's pairing number; `None` for `0000` or blank.
    pub opponent: Option<u32>,
    /// The colour; `None` for `-` or blank.
    pub colour: Option<Colour>,
    /// The result.
    pub outcome: Outcome,
    /// The result's character as written (`1`, `W`, `=`…), kept to write
    /// the file back as it was.
    pub code: char,
}

/// A player's line (`001`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The pairing number.
    pub number: u32,
    /// The name, as written (trimmed).
    pub name: String,
    /// The rating, 0 when none.
    pub rating: u32,
    /// The points written on the line, in tenths.
    pub points: u32,
    /// The columns 1–91 as written, to write the line back.
    pub head: String,
    /// The rounds, the first first; trailing blank rounds are dropped.
    pub rounds: Vec<Round>,
    /// The line's number in the file (from 1).
    pub line: usize,
}

/// A tournament report file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tournament {
    /// The tournament's name (`012`).
    pub name: Option<String>,
    /// The players, in the file's order.
    pub players: Vec<Player>,
    /// The number of rounds (`XXR` or `142`).
    pub rounds: Option<u32>,
    /// The first round's colour of the first player (`XXC white1|black1`).
    pub initial_colour: Option<Colour>,
    /// The other lines, as written, in order.
    pub other_lines: Vec<String>,
}

/// The largest pairing number read (TRF has four columns for it).
pub const MAX_PLAYERS: u32 = 9999;
/// The most rounds read.
pub const MAX_ROUNDS: usize = 99;

/// Why a TRF file could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    /// The line (from 1).
    pub line: usize,
    /// The column (from 1).
    pub column: usize,
    /// What is wrong.
    pub kind: TrfErrorKind,
}

/// What is wrong in a TRF file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfErrorKind {
    /// A player's line is shorter than its 84 fixed columns.
    ShortLine,
    /// Not a pairing number (1 to 9999).
    BadNumber,
    /// Two lines give the same pairing number.
    DuplicateNumber(u32),
    /// The rating is not a number.
    BadRating,
    /// The points are not a number with one decimal.
    BadPoints,
    /// The colour is not `w`, `b`, `-` or blank.
    BadColour(char),
    /// The result is not one TRF knows.
    BadResult(char),
    /// A round names the player as their own opponent.
    OwnOpponent,
    /// A played game needs a colour, a bye needs no opponent.
    Inconsistent,
    /// Text after the last round's block.
    TrailingText,
    /// More than 99 rounds.
    TooManyRounds,
    /// The number of rounds (`XXR`) is not a positive number.
    BadRoundCount,
    /// A round names an opponent who has no line.
    UnknownOpponent(u32),
    /// Two players' lines disagree on a game.
    Contradiction {
        /// The round (from 1).
        round: usize,
        /// The other player's pairing number.
        opponent: u32,
    },
    /// No player's line.
    NoPlayers,
}

impl fmt::Display for TrfErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrfErrorKind::ShortLine => write!(f, "a player's line (001) needs at least 84 columns"),
            TrfErrorKind::BadNumber => write!(f, "a pairing number is a number from 1 to 9999"),
            TrfErrorKind::DuplicateNumber(n) => write!(f, "pairing number {n} is given twice"),
            TrfErrorKind::BadRating => write!(f, "the rating (columns 49-52) is not a number"),
            TrfErrorKind::BadPoints => {
                write!(f, "the points (columns 81-84) are not a number like 2.5")
            }
            TrfErrorKind::BadColour(c) => write!(f, "colour {c:?} is not w, b, - or blank"),
            TrfErrorKind::BadResult(c) => {
                write!(f, "result {c:?} is not one of 1 = 0 + - W D L H F U Z")
            }
            TrfErrorKind::OwnOpponent => write!(f, "a player cannot be their own opponent"),
            TrfErrorKind::Inconsistent => write!(
                f,
                "a played game needs an opponent and a colour; a bye (H F U Z) has no opponent"
            ),
            TrfErrorKind::TrailingText => write!(f, "text after the last round's ten columns"),
            TrfErrorKind::TooManyRounds => write!(f, "more than {MAX_ROUNDS} rounds"),
            TrfErrorKind::BadRoundCount => {
                write!(f, "the number of rounds (XXR) is a positive number")
            }
            TrfErrorKind::UnknownOpponent(n) => write!(f, "opponent {n} has no player's line"),
            TrfErrorKind::Contradiction { round, opponent } => write!(
                f,
                "round {round} contradicts the line of player {opponent} (opponent, colour or result)"
            ),
            TrfErrorKind::NoPlayers => write!(f, "no player's line (001)"),
        }
    }
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.kind)
    }
}

impl std::error::Error for TrfError {}

fn error(line: usize, column: usize, kind: TrfErrorKind) -> TrfError {
    TrfError { line, column, kind }
}

/// Reads a TRF file. Lines may end in LF, CRLF or CR alone (as some
/// programs write them).
pub fn parse(text: &str) -> Result<Tournament, TrfError> {
    let mut tournament = Tournament::default();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, raw) in text.split(['\n', '\r']).enumerate() {
        let number = index + 1;
        let line = raw.trim_end();
        if line.is_empty() {
            continue;
        }
        let prefix: String = line.chars().take(3).collect();
        let rest: String = line.chars().skip(3).collect();
        match prefix.as_str() {
            "001" => tournament.players.push(parse_player(raw, number)?),
            "012" => tournament.name = Some(rest.trim().to_string()),
            "XXR" | "142" => {
                let count = rest
                    .trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n > 0 && n as usize <= MAX_ROUNDS);
                tournament.rounds =
                    Some(count.ok_or_else(|| error(number, 5, TrfErrorKind::BadRoundCount))?);
            }
            "XXC" => {
                for word in rest.split_whitespace() {
                    match word {
                        "white1" => tournament.initial_colour = Some(Colour::White),
                        "black1" => tournament.initial_colour = Some(Colour::Black),
                        _ => {}
                    }
                }
            }
            _ => tournament.other_lines.push(line.to_string()),
        }
    }
    check_numbers(&tournament)?;
    check_games(&tournament)?;
    Ok(tournament)
}

fn check_numbers(tournament: &Tournament) -> Result<(), TrfError> {
    let mut seen = std::collections::HashSet::new();
    for player in &tournament.players {
        if !seen.insert(player.number) {
            return Err(error(
                player.line,
                5,
                TrfErrorKind::DuplicateNumber(player.number),
            ));
        }
    }
    if tournament.players.is_empty() {
        return Err(error(1, 1, TrfErrorKind::NoPlayers));
    }
    Ok(())
}

/// Every played game, forfeit included, is told the same way on both
/// players' lines.
fn check_games(tournament: &Tournament) -> Result<(), TrfError> {
    let by_number: std::collections::HashMap<u32, &Player> =
        tournament.players.iter().map(|p| (p.number, p)).collect();
    for player in &tournament.players {
        for (round, entry) in player.rounds.iter().enumerate() {
            let Some(opponent) = entry.opponent else {
                continue;
            };
            let column = 92 + 10 * round;
            let Some(other) = by_number.get(&opponent) else {
                return Err(error(
                    player.line,
                    column,
                    TrfErrorKind::UnknownOpponent(opponent),
                ));
            };
            let agrees = other.rounds.get(round).is_some_and(|back| {
                back.opponent == Some(player.number)
                    && (entry.colour.is_none() || back.colour != entry.colour)
                    && entry.outcome.is_played() == back.outcome.is_played()
            });
            if !agrees {
                let kind = TrfErrorKind::Contradiction {
                    round: round + 1,
                    opponent,
                };
                return Err(error(player.line, column, kind));
            }
        }
    }
    Ok(())
}

/// The characters of a line from column `from` (from 1), `len` of them.
fn columns(chars: &[char], from: usize, len: usize) -> String {
    chars.iter().skip(from - 1).take(len).collect()
}

fn parse_player(raw: &str, line: usize) -> Result<Player, TrfError> {
    let chars: Vec<char> = raw.trim_end().chars().collect();
    if chars.len() < 84 {
        return Err(error(line, chars.len() + 1, TrfErrorKind::ShortLine));
    }
    let number = parse_number(&columns(&chars, 5, 4))
        .ok_or_else(|| error(line, 5, TrfErrorKind::BadNumber))?;
    let rating_text = columns(&chars, 49, 4);
    let rating = if rating_text.trim().is_empty() {
        0
    } else {
        rating_text
            .trim()
            .parse()
            .map_err(|_| error(line, 49, TrfErrorKind::BadRating))?
    };
    let points = parse_points(&columns(&chars, 81, 4))
        .ok_or_else(|| error(line, 81, TrfErrorKind::BadPoints))?;
    let mut rounds = Vec::new();
    let mut blanks = 0;
    let mut start = 92;
    while start + 7 <= chars.len() {
        if rounds.len() + blanks >= MAX_ROUNDS {
            return Err(error(line, start, TrfErrorKind::TooManyRounds));
        }
        let entry = parse_round(&chars, start, number, line)?;
        if entry.opponent.is_none() && entry.colour.is_none() && entry.code == ' ' {
            // Blank so far: kept only if a later round is written.
            blanks += 1;
        } else {
            rounds.extend(std::iter::repeat_n(blank_round(), blanks));
            blanks = 0;
            rounds.push(entry);
        }
        start += 10;
    }
    if chars.iter().skip(start - 1).any(|c| *c != ' ') {
        return Err(error(line, start, TrfErrorKind::TrailingText));
    }
    Ok(Player {
        number,
        name: columns(&chars, 15, 33).trim().to_string(),
        rating,
        points,
        head: columns(&chars, 1, 91),
        rounds,
        line,
    })
}

fn blank_round() -> Round {
    Round {
        opponent: None,
        colour: None,
        outcome: Outcome::Absent,
        code: ' ',
    }
}

fn parse_number(text: &str) -> Option<u32> {
    let number: u32 = text.trim().parse().ok()?;
    (1..=MAX_PLAYERS).contains(&number).then_some(number)
}

fn parse_points(text: &str) -> Option<u32> {
    let text = text.trim();
    let (whole, tenth) = text.split_once('.').unwrap_or((text, "0"));
    if whole.is_empty() || tenth.len() != 1 {
        return None;
    }
    let whole: u32 = whole.parse().ok()?;
    let tenth: u32 = tenth.parse().ok()?;
    Some(whole * 10 + tenth)
}

fn parse_round(chars: &[char], start: usize, own: u32, line: usize) -> Result<Round, TrfError> {
    let opponent_text = columns(chars, start, 4);
    let opponent = match opponent_text.trim() {
        "" | "0000" | "0" => None,
        _ => Some(
            parse_number(&opponent_text)
                .ok_or_else(|| error(line, start, TrfErrorKind::BadNumber))?,
        ),
    };
    if opponent == Some(own) {
        return Err(error(line, start, TrfErrorKind::OwnOpponent));
    }
    let colour_char = chars.get(start + 4).copied().unwrap_or(' ');
    let colour = match colour_char {
        'w' | 'W' => Some(Colour::White),
        'b' | 'B' => Some(Colour::Black),
        '-' | ' ' => None,
        other => return Err(error(line, start + 5, TrfErrorKind::BadColour(other))),
    };
    let code = chars.get(start + 6).copied().unwrap_or(' ');
    let (outcome, code) = Outcome::from_char(code)
        .ok_or_else(|| error(line, start + 7, TrfErrorKind::BadResult(code)))?;
    let consistent = match outcome {
        Outcome::HalfBye
        | Outcome::FullBye
        | Outcome::PairingBye
        | Outcome::ZeroBye
        | Outcome::Absent => opponent.is_none() && colour.is_none(),
        Outcome::ForfeitWin | Outcome::ForfeitLoss => opponent.is_some() || colour.is_none(),
        Outcome::Win | Outcome::Loss => opponent.is_some() && colour.is_some(),
        Outcome::Draw => opponent.is_some() == colour.is_some(),
    };
    if !consistent {
        return Err(error(line, start, TrfErrorKind::Inconsistent));
    }
    Ok(Round {
        opponent,
        colour,
        outcome,
        code,
    })
}

/// Writes a tournament back as TRF, lines ending in LF: the name, the
/// players' lines (their first 91 columns as read, the points and rounds
/// from the data), `XXR`, `XXC`, then the other lines.
pub fn write(tournament: &Tournament) -> String {
    let mut out = String::new();
    if let Some(name) = &tournament.name {
        out.push_str(&format!("012 {name}\n"));
    }
    for player in &tournament.players {
        let mut head: Vec<char> = player.head.chars().collect();
        head.resize(91, ' ');
        let points = format!(
            "{:>4}",
            format!("{}.{}", player.points / 10, player.points % 10)
        );
        for (offset, c) in points.chars().enumerate() {
            head[80 + offset] = c;
        }
        let mut line: String = head.into_iter().collect();
        for round in &player.rounds {
            let opponent = round
                .opponent
                .map_or("0000".to_string(), |n| format!("{n:>4}"));
            let colour = match round.colour {
                Some(Colour::White) => 'w',
                Some(Colour::Black) => 'b',
                None => '-',
            };
            let (opponent, colour) = if round.outcome == Outcome::Absent {
                ("    ".to_string(), ' ')
            } else {
                (opponent, colour)
            };
            line.push_str(&format!("{opponent} {colour} {}  ", round.code));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if let Some(rounds) = tournament.rounds {
        out.push_str(&format!("XXR {rounds}\n"));
    }
    match tournament.initial_colour {
        Some(Colour::White) => out.push_str("XXC white1\n"),
        Some(Colour::Black) => out.push_str("XXC black1\n"),
        None => {}
    }
    for line in &tournament.other_lines {
        out.push_str(line);
        out.push('\n');
    }
    out
}

//! The archive's answers for people: a game's line in a list, a record
//! in a file of records, the explorer's table, an event's crosstable
//! (text, Markdown, CSV), the players and the events. JSON is the
//! structs' own serialization.

use std::fmt::Write as _;

use songo_notation::i18n::{Lang, Localize, Message};
use songo_notation::msg;
use songo_notation::record::names;
use songo_notation::tiebreak::TieBreak;

use songo_notation::Side;

use super::people::{EventEntry, PlayerEntry};
use super::query::{Explorer, GameSummary, SidesSearched, Standings, StoredGame};
use super::ratings::Ratings;
use super::tournaments::{EventRound, RunEvent};

/// A crosstable's forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Table {
    /// Aligned columns.
    Text,
    /// A Markdown table.
    Markdown,
    /// Comma-separated values, English column names (for spreadsheets
    /// and scripts, whatever the language).
    Csv,
}

/// Points as people write them: `2½`, `½`, `3`.
#[must_use]
pub fn points(value: f64) -> String {
    #[allow(clippy::cast_possible_truncation)] // halves of small counts
    let halves = (value * 2.0).round() as i64;
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_owned(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// One game on one line: id, date, players, result, event, and a mark
/// when it is invalid.
#[must_use]
pub fn game_line(game: &GameSummary, lang: Lang) -> String {
    let tag = |name: &str| game.tags.get(name).unwrap_or("?").to_owned();
    let mut line = format!(
        "{}  {}  {} – {}  {}  {}",
        game.id,
        tag(names::DATE),
        tag(names::SOUTH),
        tag(names::NORTH),
        game.result.as_deref().unwrap_or("*"),
        tag(names::EVENT),
    );
    if !game.valid {
        let _ = write!(line, "  [{}]", msg!("archive-invalid-mark").localize(lang));
    }
    line
}

/// Games' records one after the other, a record file that reads back as
/// as many games (`--format record`): each as [`push_record`] writes it.
#[must_use]
pub fn record_file(games: &[StoredGame]) -> String {
    let mut out = String::new();
    for game in games {
        push_record(&mut out, &game.summary, &game.record);
    }
    out
}

/// Appends a stored game's record to `out`, a file of records being
/// written game after game (`--format record`, `songo archive export`),
/// so that it reads back as one game of its own whatever comes before
/// and after it. A game is told from the one before it by the tag line it
/// starts with: a game without tags is written after a `Rules` tag of its
/// own ruleset (a tag of its identity: imported again, it is a new game),
/// and the comments a record has before its tags after them (they belong
/// to its move text either way); a record of tags only ends with an empty
/// comment `{}`, else the next game's tags would be read as its own. A
/// blank line follows each record.
pub fn push_record(out: &mut String, game: &GameSummary, record: &str) {
    let record = record.trim();
    let lines: Vec<&str> = record.lines().collect();
    match lines.iter().position(|line| is_tag_pair(line)) {
        Some(0) => out.push_str(record),
        Some(first) => {
            let tags = lines[first..]
                .iter()
                .take_while(|line| line.trim_start().starts_with('['))
                .count();
            let moved = lines[first..first + tags]
                .iter()
                .chain(&lines[..first])
                .chain(&lines[first + tags..]);
            for (index, line) in moved.enumerate() {
                if index > 0 {
                    out.push('\n');
                }
                out.push_str(line);
            }
        }
        None => {
            let _ = write!(out, "[{} \"{}\"]\n\n{record}", names::RULES, game.rules);
        }
    }
    let tags_only = record.lines().all(|line| {
        let line = line.trim_start();
        line.is_empty() || line.starts_with(['[', '%'])
    });
    if tags_only {
        out.push_str("\n{}");
    }
    out.push_str("\n\n");
}

/// Whether a line is a tag pair (`[Name "`), which starts a game wherever
/// it is in a file (even after an unclosed comment).
fn is_tag_pair(line: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix('[') else {
        return false;
    };
    let rest = rest.trim_start_matches(' ');
    let name = rest
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    name > 0 && rest[name..].trim_start_matches(' ').starts_with('"')
}

/// What a search or the explorer says of a position that did not say
/// who is to move: both sides tried, and which have games.
#[must_use]
pub fn sides_searched(sides: &SidesSearched, lang: Lang) -> String {
    let found = match sides.found.as_slice() {
        [] => "none",
        [Side::South] => "south",
        [Side::North] => "north",
        _ => "both",
    };
    msg!("archive-side-not-named", found = found).localize(lang)
}

/// The explorer as a table for people.
#[must_use]
pub fn explorer_text(explorer: &Explorer, lang: Lang) -> String {
    let mut out = String::new();
    if let Some(sides) = &explorer.to_move {
        let _ = writeln!(out, "{}", sides_searched(sides, lang));
    }
    let _ = writeln!(out, "{}", explorer.position);
    let _ = writeln!(
        out,
        "{}",
        msg!(
            "explore-summary",
            games = explorer.games,
            south = explorer.results.south,
            north = explorer.results.north,
            draw = explorer.results.draw
        )
        .localize(lang)
    );
    if explorer.games == 0 {
        return out;
    }
    if !explorer.moves.is_empty() {
        let header = [
            msg!("explore-col-move").localize(lang),
            msg!("explore-col-games").localize(lang),
            msg!("explore-col-south").localize(lang),
            msg!("explore-col-north").localize(lang),
            msg!("explore-col-draw").localize(lang),
            msg!("explore-col-average").localize(lang),
        ];
        let mut rows = vec![header.to_vec()];
        for mv in &explorer.moves {
            rows.push(vec![
                mv.played.clone(),
                mv.games.to_string(),
                mv.results.south.to_string(),
                mv.results.north.to_string(),
                mv.results.draw.to_string(),
                mv.average_score
                    .map_or_else(|| "-".to_owned(), |a| format!("{a:+.2}")),
            ]);
        }
        out.push('\n');
        out.push_str(&aligned(&rows, 1));
    }
    if explorer.ended > 0 {
        let _ = writeln!(
            out,
            "{}",
            msg!("explore-ended", games = explorer.ended).localize(lang)
        );
    }
    if !explorer.recent.is_empty() {
        let _ = writeln!(out, "\n{}", msg!("explore-recent").localize(lang));
        for game in &explorer.recent {
            let _ = writeln!(out, "  {}", game_line(game, lang));
        }
    }
    out
}

/// The players as a table for people: id, name, games, other names,
/// federation id, club (a line saying there are none when there are none).
#[must_use]
pub fn players(players: &[PlayerEntry], lang: Lang) -> String {
    let headers = [
        msg!("players-col-id"),
        msg!("players-col-name"),
        msg!("players-col-games"),
        msg!("players-col-aliases"),
        msg!("players-col-federation"),
        msg!("players-col-club"),
    ];
    let rows = players.iter().map(|player| {
        [
            player.id.to_string(),
            player.name.clone(),
            player.games.to_string(),
            player.aliases.join(", "),
            player.federation_id.clone().unwrap_or_default(),
            player.club.clone().unwrap_or_default(),
        ]
    });
    // Numbers to the right, texts to the left.
    let left = [false, true, false, true, true, true];
    table(msg!("archive-no-players"), headers, rows, &left, lang)
}

/// The events as a table for people: id, name, site, first and last
/// dates, games.
#[must_use]
pub fn events(events: &[EventEntry], lang: Lang) -> String {
    let headers = [
        msg!("events-col-id"),
        msg!("events-col-name"),
        msg!("events-col-site"),
        msg!("events-col-start"),
        msg!("events-col-end"),
        msg!("events-col-games"),
    ];
    let rows = events.iter().map(|event| {
        [
            event.id.to_string(),
            event.name.clone(),
            event.site.clone().unwrap_or_default(),
            event.start.clone().unwrap_or_default(),
            event.end.clone().unwrap_or_default(),
            event.games.to_string(),
        ]
    });
    let left = [false, true, true, true, true, false];
    table(msg!("archive-no-events"), headers, rows, &left, lang)
}

/// A list as a table for people: its localized `headers` over its rows,
/// each column to the left where `left` says (to the right: numbers); the
/// line `none` when it has no rows.
fn table<const N: usize>(
    none: Message,
    headers: [Message; N],
    rows: impl ExactSizeIterator<Item = [String; N]>,
    left: &[bool; N],
    lang: Lang,
) -> String {
    if rows.len() == 0 {
        return none.localize(lang) + "\n";
    }
    let mut table = Vec::with_capacity(rows.len() + 1);
    table.push(headers.map(|header| header.localize(lang)).to_vec());
    table.extend(rows.map(|row| row.to_vec()));
    aligned_columns(&table, left)
}

/// Columns padded to their widest cell, each to the left where `left`
/// says so, else to the right.
fn aligned_columns(rows: &[Vec<String>], left: &[bool]) -> String {
    let widths: Vec<usize> = (0..left.len())
        .map(|c| {
            rows.iter()
                .filter_map(|row| row.get(c))
                .map(|cell| cell.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c > 0 {
                line.push_str("  ");
            }
            let pad = " ".repeat(widths[c].saturating_sub(cell.chars().count()));
            if left.get(c).copied().unwrap_or(true) {
                line.push_str(cell);
                line.push_str(&pad);
            } else {
                line.push_str(&pad);
                line.push_str(cell);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Columns padded to their widest cell; the first `left` columns are
/// aligned left, the others right.
fn aligned(rows: &[Vec<String>], left: usize) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let left: Vec<bool> = (0..columns).map(|c| c < left).collect();
    aligned_columns(rows, &left)
}

/// A CSV field, quoted when it needs to be.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// A Markdown table cell (a `|` would end it).
fn markdown_cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// An event's crosstable: a line per player, best first, with the points
/// scored against each opponent in the columns numbered by their place.
#[must_use]
pub fn standings(standings: &Standings, form: Table, lang: Lang) -> String {
    let mut rows = vec![standings_header(standings.players.len(), form, lang)];
    rows.extend((0..standings.players.len()).map(|place| standings_row(standings, place, form)));
    if !standings.tiebreaks.is_empty() {
        tiebreak_columns(standings, &mut rows, form);
    }
    match form {
        Table::Csv => csv_table(&rows),
        Table::Markdown => markdown_table(&rows),
        Table::Text => text_crosstable(standings, &rows, lang),
    }
}

/// The crosstable's column names (in English for CSV), then a column
/// numbered for each opponent's place.
fn standings_header(opponents: usize, form: Table, lang: Lang) -> Vec<String> {
    let mut header: Vec<String> = match form {
        Table::Csv => [
            "rank",
            "player",
            "points",
            "games",
            "wins",
            "draws",
            "losses",
            "seeds_won",
            "seeds_lost",
        ]
        .map(str::to_owned)
        .to_vec(),
        Table::Text | Table::Markdown => vec![
            "#".to_owned(),
            msg!("standings-col-player").localize(lang),
            msg!("standings-col-points").localize(lang),
            msg!("standings-col-games").localize(lang),
            msg!("standings-col-wins").localize(lang),
            msg!("standings-col-draws").localize(lang),
            msg!("standings-col-losses").localize(lang),
            msg!("standings-col-seeds-won").localize(lang),
            msg!("standings-col-seeds-lost").localize(lang),
        ],
    };
    header.extend((1..=opponents).map(|n| n.to_string()));
    header
}

/// The line of the player at `place`: their counts, then their points
/// against each player (`×` against themselves, empty when they did not
/// meet).
fn standings_row(standings: &Standings, place: usize, form: Table) -> Vec<String> {
    // CSV keeps points as numbers a spreadsheet reads (`2.5`, not `2½`).
    let shown = |value: f64| {
        if form == Table::Csv {
            value.to_string()
        } else {
            points(value)
        }
    };
    let line = &standings.players[place];
    let mut row = vec![
        line.rank.to_string(),
        line.player.clone(),
        shown(line.points),
        line.games.to_string(),
        line.wins.to_string(),
        line.draws.to_string(),
        line.losses.to_string(),
        line.seeds_won.to_string(),
        line.seeds_lost.to_string(),
    ];
    for (other_place, other) in standings.players.iter().enumerate() {
        row.push(if other_place == place {
            if form == Table::Csv {
                String::new()
            } else {
                "×".to_owned()
            }
        } else {
            line.head_to_head
                .get(&other.player)
                .map_or_else(String::new, |p| shown(*p))
        });
    }
    row
}

/// Rows as CSV, a line each.
fn csv_table(rows: &[Vec<String>]) -> String {
    rows.iter()
        .map(|row| {
            row.iter()
                .map(|cell| csv_field(cell))
                .collect::<Vec<_>>()
                .join(",")
                + "\n"
        })
        .collect()
}

/// Rows as a Markdown table, the first its header; the second column (the
/// player) to the left, the numbers to the right.
fn markdown_table(rows: &[Vec<String>]) -> String {
    let mut out = String::new();
    for (n, row) in rows.iter().enumerate() {
        let cells: Vec<String> = row.iter().map(|c| markdown_cell(c)).collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
        if n == 0 {
            let rule: Vec<&str> = row
                .iter()
                .enumerate()
                .map(|(c, _)| if c == 1 { "---" } else { "---:" })
                .collect();
            let _ = writeln!(out, "| {} |", rule.join(" | "));
        }
    }
    out
}

/// The crosstable for people: a title, the aligned rows (none when no
/// player is ranked), and what the points count.
fn text_crosstable(standings: &Standings, rows: &[Vec<String>], lang: Lang) -> String {
    // An event is a name at a site: the site tells two of one name apart.
    let event = match &standings.site {
        Some(site) => format!("{} ({site})", standings.event),
        None => standings.event.clone(),
    };
    let mut out = format!(
        "{}\n\n",
        msg!(
            "standings-title",
            event = event.as_str(),
            games = standings.games
        )
        .localize(lang)
    );
    if !standings.players.is_empty() {
        // Rank and name to the left, numbers to the right.
        out.push_str(&aligned(rows, 2));
    }
    let _ = writeln!(out, "\n{}", msg!("standings-points").localize(lang));
    if let Some(system) = standings.system {
        let list: Vec<&str> = standings
            .tiebreaks
            .iter()
            .filter_map(|name| name.parse::<TieBreak>().ok())
            .map(TieBreak::acronym)
            .collect();
        let list = list.join(", ");
        let said = msg!("standings-tiebreaks", list = list.as_str(), system = system);
        let _ = writeln!(out, "{}", said.localize(lang));
    }
    out
}

/// The tie-breaks' columns, after the counts and before the opponents':
/// headed by C.07's acronyms (CSV: by the names `--tiebreaks` takes).
fn tiebreak_columns(standings: &Standings, rows: &mut [Vec<String>], form: Table) {
    const AFTER_COUNTS: usize = 9;
    let Some((header, lines)) = rows.split_first_mut() else {
        return;
    };
    for (column, name) in standings.tiebreaks.iter().enumerate() {
        let heading = match (form, name.parse::<TieBreak>()) {
            (Table::Text | Table::Markdown, Ok(tie_break)) => tie_break.acronym().to_owned(),
            _ => (*name).to_owned(),
        };
        let at = (AFTER_COUNTS + column).min(header.len());
        header.insert(at, heading);
        for (line, row) in standings.players.iter().zip(lines.iter_mut()) {
            let value = line.tiebreaks.get(column).copied().unwrap_or_default();
            let shown = if form == Table::Csv {
                value.to_string()
            } else {
                tiebreak_value(value)
            };
            row.insert(at.min(row.len()), shown);
        }
    }
}

/// A tie-break's value for people: `3`, `2½`, `2.75`, `-14`.
fn tiebreak_value(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else if value > 0.0 && (value * 2.0).fract() == 0.0 {
        points(value)
    } else {
        format!("{value:.2}")
    }
}

/// The players' ratings: a title, a line each, best first, and the games
/// left out.
#[must_use]
pub fn ratings(ratings: &Ratings, form: Table, lang: Lang) -> String {
    let mut rows: Vec<Vec<String>> = vec![match form {
        Table::Csv => ["rank", "player", "rating", "rd", "volatility", "games"]
            .map(str::to_owned)
            .to_vec(),
        Table::Text | Table::Markdown => vec![
            "#".to_owned(),
            msg!("ratings-col-player").localize(lang),
            msg!("ratings-col-rating").localize(lang),
            msg!("ratings-col-rd").localize(lang),
            msg!("ratings-col-volatility").localize(lang),
            msg!("ratings-col-games").localize(lang),
        ],
    }];
    for (place, line) in ratings.ratings.iter().enumerate() {
        rows.push(vec![
            (place + 1).to_string(),
            line.player.clone(),
            format!("{:.1}", line.rating),
            format!("{:.1}", line.rd),
            format!("{:.4}", line.volatility),
            line.games.to_string(),
        ]);
    }
    match form {
        Table::Csv => csv_table(&rows),
        Table::Markdown => markdown_table(&rows),
        Table::Text => {
            let mut out = format!(
                "{}\n",
                msg!(
                    "ratings-title",
                    rules = ratings.rules.as_str(),
                    players = ratings.ratings.len()
                )
                .localize(lang)
            );
            if let Some(month) = &ratings.to {
                let _ = writeln!(
                    out,
                    "{}",
                    msg!("ratings-as-of", month = month.as_str()).localize(lang)
                );
            }
            if !ratings.ratings.is_empty() {
                out.push('\n');
                out.push_str(&aligned(&rows, 2));
            }
            let left_out = ratings.left_out;
            let _ = writeln!(
                out,
                "\n{}",
                msg!(
                    "ratings-left-out",
                    forfeits = left_out.forfeits,
                    undated = left_out.undated,
                    unfinished = left_out.unfinished,
                    unnamed = left_out.unnamed
                )
                .localize(lang)
            );
            out
        }
    }
}

/// A round of a run event as a table for people: board, the first
/// mover and his number, the other, the result (and the score).
#[must_use]
pub fn event_round(event: &RunEvent, round: &EventRound, lang: Lang) -> String {
    let name = |number: u32| {
        event
            .players
            .iter()
            .find(|p| p.number == number)
            .map_or_else(String::new, |p| format!("{} ({number})", p.name))
    };
    let headers = [
        msg!("event-col-board"),
        msg!("event-col-white"),
        msg!("event-col-black"),
        msg!("event-col-result"),
    ];
    let rows = round.boards.iter().map(|board| {
        let result = match (&board.result, &board.score, board.black) {
            (_, _, None) => msg!("event-bye").localize(lang),
            (Some(result), Some(score), _) => format!("{result} ({score})"),
            (Some(result), None, _) => result.clone(),
            (None, _, _) => "…".to_owned(),
        };
        [
            board.board.to_string(),
            name(board.white),
            board.black.map(name).unwrap_or_default(),
            result,
        ]
    });
    let heading = msg!("event-round", round = round.round).localize(lang);
    format!(
        "{heading}\n{}",
        table(
            msg!("event-no-boards"),
            headers,
            rows,
            &[false, true, true, true],
            lang
        )
    )
}

/// A run event for people: its system, every round, the standings with
/// its tie-breaks.
#[must_use]
pub fn event(event: &RunEvent, lang: Lang) -> String {
    let mut out = msg!(
        "event-heading",
        name = event.name.as_str(),
        system = event.system.as_str(),
        rounds = event.planned_rounds,
        players = event.players.len()
    )
    .localize(lang);
    out.push('\n');
    for round in &event.rounds {
        out.push('\n');
        out.push_str(&event_round(event, round, lang));
    }
    out.push('\n');
    out.push_str(&msg!("event-standings").localize(lang));
    out.push('\n');
    let mut header = vec![
        msg!("event-col-place").localize(lang),
        msg!("event-col-number").localize(lang),
        msg!("event-col-name").localize(lang),
        msg!("event-col-points").localize(lang),
    ];
    header.extend(event.tiebreaks.iter().cloned());
    let mut rows = vec![header];
    for line in &event.standings {
        let mut row = vec![
            line.place.to_string(),
            line.number.to_string(),
            line.name.clone(),
            points(line.points),
        ];
        row.extend(line.tiebreaks.iter().map(|value| points(*value)));
        rows.push(row);
    }
    let mut left = vec![false, false, true];
    left.resize(rows[0].len(), false);
    out.push_str(&aligned_columns(&rows, &left));
    out
}

#[cfg(test)]
mod tests {
    use songo_notation::record::{Tags, games, parse_text};

    use super::{GameSummary, push_record};

    fn stored(record: &str) -> GameSummary {
        let tags: Tags = games(record)
            .next()
            .map(|game| parse_text(&game).record.tags)
            .unwrap_or_default();
        GameSummary {
            id: String::new(),
            tags,
            rules: "awale".to_owned(),
            plies: 0,
            result: None,
            valid: true,
        }
    }

    /// Records without tags, of tags only, and ordinary ones, in every
    /// order: the file reads back as as many games, each with its own
    /// moves and tags.
    #[test]
    fn each_record_reads_back_as_a_game_of_its_own() {
        let records = [
            "[Event \"a\"]\n[Result \"*\"]\n\n1. A a *",
            "1. B b *",
            "[Event \"forfeit\"]\n[Result \"+/-\"]",
            "[Event \"forfeit\"]\n[Result \"-/+\"] {no show}",
            "{ a comment first }\n1. C c",
            "[Event \"b\"]\n\n1. D d { unclosed",
        ];
        for first in 0..records.len() {
            let order: Vec<&str> = records[first..]
                .iter()
                .chain(&records[..first])
                .copied()
                .collect();
            let mut file = String::new();
            for record in &order {
                push_record(&mut file, &stored(record), record);
            }
            let read: Vec<String> = games(&file)
                .map(|game| game.text.trim().to_owned())
                .collect();
            assert_eq!(read.len(), order.len(), "{file}");
            for (record, again) in order.iter().zip(&read) {
                assert!(again.contains(record), "{record:?} in {again:?}");
                let tags = stored(again).tags;
                assert!(!tags.is_empty(), "{again}");
                if stored(record).tags.is_empty() {
                    assert_eq!(tags.get("Rules"), Some("awale"), "{again}");
                }
            }
        }
    }
}

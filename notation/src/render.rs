//! What every game's drawings share: the forms ([`Drawing`]), the marks a
//! person asks for on a board ([`Marks`]), and the lines of a played
//! sequence that name no game (move numbers, the end of the game, the
//! forbidden moves). A leaf: it names no game family; each family draws
//! its own boards (`diagram`, `markdown`, `svg` for the sowing games,
//! `seega::render` for Seega).

use std::fmt::Write as _;

use crate::game::GameOver;
use crate::rule::RuleId;

/// The forms a board or a played sequence is drawn in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drawing {
    /// Plain-text diagrams.
    Text,
    /// Markdown tables.
    Markdown,
    /// One SVG picture.
    Svg,
}

/// A kind of mark drawn on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Houses or squares changed by a move.
    Changed,
    /// Houses or squares captured.
    Captured,
    /// The move that led to the position.
    LastMove,
}

/// Marks to draw on a board, as a person wrote them: house names (`N0`,
/// `C`) or squares (`c2`), and a move (`S1`, `b3-c3`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Marks<'a> {
    /// Houses or squares changed by a move.
    pub changed: &'a [String],
    /// Houses or squares captured.
    pub captured: &'a [String],
    /// The move that led to the position.
    pub last_move: Option<&'a str>,
    /// Seega: coordinates around the board (text and SVG).
    pub coordinates: bool,
}

/// A mark that is no house, square or move of the position's game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkError {
    /// Which mark.
    pub mark: Mark,
    /// Why it cannot be read.
    pub message: String,
}

/// The number before a move's headline: `2. ` for the second of several
/// moves, nothing when one move was played.
pub(crate) fn move_number(index: usize, moves: usize) -> String {
    if moves > 1 {
        format!("{}. ", index + 1)
    } else {
        String::new()
    }
}

/// The sentence after the last board when the game has ended.
#[must_use]
pub fn game_over_line(over: &GameOver) -> String {
    let winner = over
        .winner
        .map_or("a draw".to_owned(), |side| format!("{side} wins"));
    // Seega names the kind of victory.
    let victory = over
        .victory()
        .map_or(String::new(), |kind| format!(" ({})", kind.source_name()));
    format!(
        "Game over ({}): {}, {winner}{victory}.",
        over.rule, over.score
    )
}

/// One line per move a rule forbids: the move, why, the rule.
pub(crate) fn write_illegal(out: &mut String, illegal: &[(String, RuleId, String)]) {
    for (played, rule, message) in illegal {
        let _ = writeln!(out, "Not {played}: {message} ({rule})");
    }
}

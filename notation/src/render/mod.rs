//! What every game's drawings share: the forms ([`Drawing`]), the marks a
//! person asks for on a board ([`Marks`]), the shapes drawn over a board
//! ([`Shape`]: arrows, rings, a grenier, a yinda's seed), the played line
//! written once for every game ([`sequence`]) and the SVG every picture is
//! made of ([`svg`]). It names no game family: each family draws its own
//! boards (`diagram`, `markdown`, `svg` for the sowing games,
//! `seega::render` for Seega) and says what the stages of its moves are
//! ([`sequence::Staged`]).

pub mod sequence;
pub mod svg;

use std::fmt::{self, Write as _};

use crate::game::GameOver;
use crate::i18n::{Lang, Localize};
use crate::msg;
use crate::rule::RuleId;

/// How a shape drawn over a board is painted: each brush has its colour
/// and its form (see [`svg`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Brush {
    /// A threat (`teach.threat`): a plain vermillion arrow, the houses it
    /// takes ringed with a dashed line. In an explanation, South's threats.
    Threat,
    /// North's threats in an explanation (`teach.threat`): drawn as
    /// [`Brush::Threat`] in purple, so that each side's threats have their
    /// own colour.
    ThreatNorth,
    /// The threats of a double threat (`teach.double-threat`): blue arrows
    /// with a white core.
    DoubleThreat,
    /// Drawn by hand (`--highlight`, `--arrow`): purple, dashed arrows.
    Hand,
}

/// A shape drawn over a board, on a house or a square (`T`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape<T> {
    /// An arrow from one place to another, with a count in a badge.
    Arrow {
        /// Where it starts.
        from: T,
        /// Where it points.
        to: T,
        /// How it is painted.
        brush: Brush,
        /// A count shown on it (the seeds a threat takes).
        label: Option<u32>,
    },
    /// A ring around a place.
    Ring {
        /// The place.
        at: T,
        /// How it is painted.
        brush: Brush,
    },
    /// A grenier (`teach.grenier`), ringed twice, with its seeds.
    Grenier {
        /// The house.
        at: T,
        /// Its seeds.
        seeds: u32,
    },
    /// The seed a yinda (`teach.yinda`) drops into a threatened house,
    /// linked to the house it comes from.
    Seed {
        /// The house reinforced.
        at: T,
        /// The house the yinda plays.
        from: T,
    },
    /// What a captured house gave to the capture.
    Harvest {
        /// The house.
        at: T,
        /// The seeds taken from it.
        seeds: u32,
    },
}

impl<T: Copy> Shape<T> {
    /// The place a shape is drawn on (an arrow's start).
    pub fn at(&self) -> T {
        match *self {
            Shape::Arrow { from, .. } => from,
            Shape::Ring { at, .. }
            | Shape::Grenier { at, .. }
            | Shape::Seed { at, .. }
            | Shape::Harvest { at, .. } => at,
        }
    }
}

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
    /// A place ringed by hand.
    Highlight,
    /// An arrow drawn by hand.
    Arrow,
}

/// Marks to draw on a board, as a person wrote them: house names (`N0`,
/// `C`) or squares (`c2`), and a move (`S1`, `b3-c3`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Marks<'a> {
    /// Houses or squares ringed by hand (`--highlight S4,N2`).
    pub highlight: &'a [String],
    /// Arrows drawn by hand, `FROM:TO` (`--arrow S4:N0`).
    pub arrows: &'a [String],
    /// Houses or squares changed by a move.
    pub changed: &'a [String],
    /// Houses or squares captured.
    pub captured: &'a [String],
    /// The move that led to the position.
    pub last_move: Option<&'a str>,
    /// Seega: coordinates around the board (text and SVG).
    pub coordinates: bool,
    /// SVG: hooks for a program that drives the picture (the web page):
    /// `data-house`/`data-store` groups on a sowing board, a transparent
    /// `data-square` rectangle over each Seega square.
    pub hooks: bool,
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

/// The sentence after the last board when the game has ended, in English.
#[must_use]
pub fn game_over_line(over: &GameOver) -> String {
    game_over_line_in(over, Lang::En)
}

/// The sentence after the last board when the game has ended, in `lang`.
///
/// ```
/// use songo_notation::i18n::Lang;
/// use songo_notation::render::game_over_line_in;
/// use songo_notation::{GameOver, RuleId, Score, Side};
/// let over = GameOver { rule: RuleId::SongoEndForty, score: Score::new(41, 29), winner: Some(Side::South) };
/// assert_eq!(game_over_line_in(&over, Lang::Fr), "Partie terminée (songo.end.forty)\u{a0}: 41-29, Sud gagne.");
/// ```
#[must_use]
pub fn game_over_line_in(over: &GameOver, lang: Lang) -> String {
    // Seega names the kind of victory.
    let victory = over
        .victory()
        .map_or(String::new(), |kind| format!(" ({})", kind.source_name()));
    msg!(
        "game-over-line",
        rule = over.rule.as_str(),
        score = over.score.to_string(),
        winner = over.winner.map_or("none", |side| side.as_str()),
        victory = victory
    )
    .localize(lang)
}

/// One line per move a rule forbids: the move, why, the rule.
pub(crate) fn write_illegal(out: &mut String, illegal: &[(String, RuleId, String)], lang: Lang) {
    for (played, rule, message) in illegal {
        let line = msg!(
            "moves-forbidden",
            move = played.as_str(),
            text = message.as_str(),
            rule = rule.as_str()
        );
        let _ = writeln!(out, "{}", line.localize(lang));
    }
}

impl Marks<'_> {
    /// The shapes drawn by hand, each place read by `place`: a ring for
    /// each `highlight`, an arrow for each `FROM:TO` of `arrows`.
    ///
    /// ```
    /// use songo_notation::render::{Brush, Marks, Shape};
    /// let highlight = ["S4".to_owned()];
    /// let arrows = ["S4:N0".to_owned()];
    /// let marks = Marks { highlight: &highlight, arrows: &arrows, ..Marks::default() };
    /// let shapes = marks.hand_shapes(|name| Ok::<_, String>(name.to_owned())).unwrap();
    /// assert_eq!(shapes[0], Shape::Ring { at: "S4".to_owned(), brush: Brush::Hand });
    /// assert!(matches!(&shapes[1], Shape::Arrow { from, to, .. } if from == "S4" && to == "N0"));
    /// ```
    ///
    /// # Errors
    /// A place `place` cannot read, or an arrow without its `:`.
    pub fn hand_shapes<T, E: fmt::Display>(
        &self,
        place: impl Fn(&str) -> Result<T, E>,
    ) -> Result<Vec<Shape<T>>, MarkError> {
        let read = |name: &str, mark| {
            place(name.trim()).map_err(|e| MarkError {
                mark,
                message: e.to_string(),
            })
        };
        let mut shapes = Vec::new();
        for name in self.highlight.iter().filter(|n| !n.trim().is_empty()) {
            shapes.push(Shape::Ring {
                at: read(name, Mark::Highlight)?,
                brush: Brush::Hand,
            });
        }
        for text in self.arrows.iter().filter(|n| !n.trim().is_empty()) {
            let Some((from, to)) = text.split_once(':') else {
                return Err(MarkError {
                    mark: Mark::Arrow,
                    message: format!(
                        "`{}` is not an arrow: write FROM:TO, such as S4:N0",
                        text.trim()
                    ),
                });
            };
            shapes.push(Shape::Arrow {
                from: read(from, Mark::Arrow)?,
                to: read(to, Mark::Arrow)?,
                brush: Brush::Hand,
                label: None,
            });
        }
        Ok(shapes)
    }
}

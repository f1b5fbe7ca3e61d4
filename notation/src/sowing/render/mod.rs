//! What a picture of a sowing board shows: the position, and the houses a
//! move changed or captured. The writers
//! ([`crate::sowing::notation::diagram`] for plain text, [`markdown`],
//! [`svg`]) each draw a [`BoardView`] in their form; a Seega board gets its
//! own view type in [`crate::seega::render`].

pub mod markdown;
pub mod svg;

use crate::conventions::LetterCase;
use crate::render::{Mark, MarkError, Marks};
use crate::report::PlayStep;
use crate::rule::RuleId;
use crate::ruleset::Family;
use crate::side::Side;
use crate::sowing::position::{House, Position};

/// A sowing board to draw, with its highlights.
///
/// ```
/// use songo_notation::drawing::BoardView;
/// use songo_notation::{House, Position, Ruleset, Side};
///
/// let start = Position::start(Ruleset::Songo);
/// let (_, outcome) = start.after(House::new(Side::South, 2)).unwrap();
/// let view = BoardView::new(outcome.sown).changed_from(&start).mid_move();
/// assert_eq!(view.changed.len(), 6); // S2 emptied, S1 S0 N0 N1 N2 sown
/// assert!(!view.show_to_move);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardView {
    /// The position drawn.
    pub position: Position,
    /// Which Awalé camp is lettered in capitals (ignored for Songo).
    pub letters: LetterCase,
    /// Houses the move changed (sown, or emptied by being played): the
    /// escale text draws them in red.
    pub changed: Vec<House>,
    /// Houses emptied by captures.
    pub captured: Vec<House>,
    /// The house played, when the view belongs to a move.
    pub played: Option<House>,
    /// Whether to say whose turn it is (not for a board caught mid-move).
    pub show_to_move: bool,
    /// A caption above the board ("Before", "After sowing").
    pub caption: Option<String>,
}

impl BoardView {
    /// A plain view of a position: no highlights, side to move shown.
    #[must_use]
    pub fn new(position: Position) -> BoardView {
        BoardView {
            position,
            letters: LetterCase::default(),
            changed: Vec::new(),
            captured: Vec::new(),
            played: None,
            show_to_move: true,
            caption: None,
        }
    }

    /// Uses an Awalé letter case.
    #[must_use]
    pub fn letters(mut self, letters: LetterCase) -> BoardView {
        self.letters = letters;
        self
    }

    /// Marks the houses whose count differs from `earlier`.
    #[must_use]
    pub fn changed_from(mut self, earlier: &Position) -> BoardView {
        let position = self.position;
        self.changed = position
            .houses()
            .filter(|&h| {
                earlier.rules() == position.rules() && earlier.house(h) != position.house(h)
            })
            .collect();
        self
    }

    /// Marks houses as changed.
    #[must_use]
    pub fn with_changed(mut self, houses: impl IntoIterator<Item = House>) -> BoardView {
        self.changed = self.valid(houses);
        self
    }

    /// Marks houses as captured.
    #[must_use]
    pub fn with_captured(mut self, houses: impl IntoIterator<Item = House>) -> BoardView {
        self.captured = self.valid(houses);
        self
    }

    /// Marks the house played.
    #[must_use]
    pub fn with_played(mut self, house: House) -> BoardView {
        self.played = self.valid([house]).first().copied();
        self
    }

    /// Hides the side to move (a board after sowing, before captures).
    #[must_use]
    pub fn mid_move(mut self) -> BoardView {
        self.show_to_move = false;
        self
    }

    /// Sets the caption.
    #[must_use]
    pub fn caption(mut self, caption: impl Into<String>) -> BoardView {
        self.caption = Some(caption.into());
        self
    }

    /// Whether a house is marked as changed.
    #[must_use]
    pub fn is_changed(&self, house: House) -> bool {
        self.changed.contains(&house)
    }

    /// Whether a house is marked as captured.
    #[must_use]
    pub fn is_captured(&self, house: House) -> bool {
        self.captured.contains(&house)
    }

    /// The houses of one row as drawn left to right (see [`drawn_order`]).
    #[must_use]
    pub fn row(&self, side: Side) -> Vec<House> {
        drawn_order(&self.position, side)
    }

    /// A house's label in this view's letter case (`N3`, `C`, `e`).
    #[must_use]
    pub fn label(&self, house: House) -> String {
        house
            .name_with_case(self.position.rules(), self.letters)
            .to_string()
    }

    /// The three views of a played move: before (the house played marked),
    /// after sowing (the changed houses marked), after captures (the
    /// captured houses marked).
    ///
    /// ```
    /// use songo_notation::{drawing::BoardView, report, House, Position, Side};
    /// let position: Position = "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7".parse().unwrap();
    /// let report = report::play(position, &["S1"]).unwrap();
    /// let [before, sown, after] = BoardView::of_step(&report.steps[0]);
    /// assert_eq!(before.played, Some(House::new(Side::South, 1)));
    /// assert_eq!(sown.changed.len(), 4);
    /// assert_eq!(after.captured.len(), 2);
    /// ```
    #[must_use]
    pub fn of_step(step: &PlayStep<Position>) -> [BoardView; 3] {
        BoardView::of_step_with(step, LetterCase::default())
    }

    /// [`BoardView::of_step`] with an Awalé letter case.
    #[must_use]
    pub fn of_step_with(step: &PlayStep<Position>, letters: LetterCase) -> [BoardView; 3] {
        let played = Some(step.outcome.house);
        let sown = step.outcome.sown;
        let mut before = BoardView::new(step.before)
            .letters(letters)
            .caption("Before");
        before.played = played;
        let mut during = BoardView::new(sown)
            .letters(letters)
            .changed_from(&step.before)
            .mid_move()
            .caption("After sowing");
        during.played = played;
        let after = BoardView::new(step.after)
            .letters(letters)
            .with_captured(step.outcome.captured_houses.iter())
            .caption("After captures");
        [before, during, after]
    }

    fn valid(&self, houses: impl IntoIterator<Item = House>) -> Vec<House> {
        let width = self.position.rules().houses_per_side();
        let mut valid: Vec<House> = houses
            .into_iter()
            .filter(|h| usize::from(h.index) < width)
            .collect();
        valid.sort();
        valid.dedup();
        valid
    }
}

/// The houses of a row as drawn left to right, North on top: Songo `0..6`
/// for both rows (South sows S6 → S0, then North N0 → N6: clockwise); Awalé
/// South `a..f` and North `f..a` (each camp's `a` is on its owner's left,
/// so North's `a` is on the right seen from South).
///
/// ```
/// use songo_notation::{diagram, Position, Ruleset, Side};
/// let awale = Position::start(Ruleset::Awale);
/// let top: Vec<String> = diagram::drawn_order(&awale, Side::North)
///     .iter()
///     .map(|h| h.name(Ruleset::Awale).to_string())
///     .collect();
/// assert_eq!(top.join(" "), "f e d c b a");
/// ```
#[must_use]
pub fn drawn_order(position: &Position, side: Side) -> Vec<House> {
    let width = position.rules().houses_per_side() as u8;
    let mut houses: Vec<House> = (0..width).map(|i| House::new(side, i)).collect();
    if position.rules().family() == Family::Awale && side == Side::North {
        houses.reverse();
    }
    houses
}

/// The sentence under a move's boards: what it captured and the rules it
/// applied.
///
/// ```
/// use songo_notation::{drawing, report, LetterCase, Position};
/// let position: Position = "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7".parse().unwrap();
/// let played = report::play(position, &["S1"]).unwrap();
/// assert_eq!(
///     drawing::step_summary(&played.steps[0], LetterCase::default()),
///     "6 captured from N1 N0; rules: songo.sow, songo.capture.chain"
/// );
/// ```
#[must_use]
pub fn step_summary(step: &PlayStep<Position>, letters: LetterCase) -> String {
    step_summary_with(step, letters, |rule| rule.as_str().to_owned())
}

/// [`step_summary`] with each rule id written by `write_id` (Markdown puts
/// them in code spans).
pub(crate) fn step_summary_with(
    step: &PlayStep<Position>,
    letters: LetterCase,
    write_id: impl Fn(RuleId) -> String,
) -> String {
    let rules = step.before.rules();
    let outcome = &step.outcome;
    let mut summary = if outcome.captured == 0 {
        "no capture".to_owned()
    } else if outcome.captured_houses.is_empty() {
        format!("{} captured", outcome.captured)
    } else {
        let houses: Vec<String> = outcome
            .captured_houses
            .iter()
            .map(|house| house.name_with_case(rules, letters).to_string())
            .collect();
        format!("{} captured from {}", outcome.captured, houses.join(" "))
    };
    if outcome.conceded > 0 {
        let receiver = step.before.to_move().opposite();
        summary.push_str(&format!(
            ", {} conceded to {}'s store",
            outcome.conceded,
            receiver.name()
        ));
    }
    let ids: Vec<String> = outcome.applied.iter().map(write_id).collect();
    summary.push_str(&format!("; rules: {}", ids.join(", ")));
    summary
}

/// The line above a move's boards: `South plays S1`.
#[must_use]
pub fn step_headline(step: &PlayStep<Position>, letters: LetterCase) -> String {
    format!(
        "{} plays {}",
        step.before.to_move().name(),
        step.outcome
            .house
            .name_with_case(step.before.rules(), letters)
    )
}

/// A sowing board's view with the marks a person asked for (house names
/// in `letters`).
pub(crate) fn marked(
    position: &Position,
    marks: &Marks<'_>,
    letters: LetterCase,
) -> Result<BoardView, MarkError> {
    let houses = |names: &[String], mark| -> Result<Vec<House>, MarkError> {
        names
            .iter()
            .filter(|name| !name.trim().is_empty())
            .map(|name| {
                House::parse_with_case(name.trim(), position.rules(), letters).map_err(|e| {
                    MarkError {
                        mark,
                        message: e.to_string(),
                    }
                })
            })
            .collect()
    };
    let mut view = BoardView::new(*position)
        .letters(letters)
        .with_changed(houses(marks.changed, Mark::Changed)?)
        .with_captured(houses(marks.captured, Mark::Captured)?);
    if let Some(name) = marks.last_move {
        for house in houses(&[name.to_owned()], Mark::LastMove)? {
            view = view.with_played(house);
        }
    }
    Ok(view)
}

//! What a picture of a sowing board shows: the position, and the houses a
//! move changed or captured. Each form has its module, [`text`] for plain
//! text, [`markdown`] and [`svg`], and in each `board` draws one
//! [`BoardView`] and `played_line` a played sequence;
//! [`BoardView::draw`] draws a view in the form named at run time. A Seega
//! board gets its own view type in [`crate::seega::render`], with the same
//! `draw`.

pub mod markdown;
pub mod svg;
pub mod text;

use crate::conventions::{Conventions, LetterCase};
use crate::i18n::{Lang, Localize};
use crate::msg;
use crate::render::sequence::{Stage, StageBoard, StageKind, Staged};
use crate::render::{Drawing, Mark, MarkError, Marks, Shape};
use crate::report::PlayStep;
use crate::rule::RuleId;
use crate::ruleset::BoardGame;
use crate::side::{Score, Side};
use crate::sowing::position::{House, Position};
use crate::sowing::rules::MoveOutcome;

/// A sowing board to draw, with its highlights.
///
/// ```
/// use songo_notation::sowing::render::BoardView;
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
    /// The move that led to the position, on a board drawn alone
    /// (`--last-move`): Markdown brackets its house and names it.
    pub last_move: Option<House>,
    /// Whether to say whose turn it is (not for a board caught mid-move).
    pub show_to_move: bool,
    /// Whether to write the stores' counts (SVG; not for a board pasted
    /// from a text that does not give them: 0 would be a guess).
    pub show_stores: bool,
    /// Seeds each store is known to have gained when its count is not shown
    /// (a capture on a board whose text gives no stores): drawn as `+3`
    /// rather than an empty store.
    pub store_gains: Score,
    /// A caption above the board ("Before", "After sowing").
    pub caption: Option<String>,
    /// Shapes drawn over the board (SVG only): threats, greniers, a
    /// yinda's seed, what captured houses gave, marks drawn by hand.
    pub shapes: Vec<Shape<House>>,
    /// The path of the sowing that led to this board (SVG only).
    pub path: Option<SowingPath>,
    /// Hooks for a program that drives the picture (SVG only; the web
    /// page): see [`svg::board_with_hooks`].
    pub hooks: bool,
    /// The language of the words drawn with the board (stores, side to
    /// move, the legend).
    pub lang: Lang,
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
            last_move: None,
            show_to_move: true,
            show_stores: true,
            store_gains: Score::default(),
            caption: None,
            shapes: Vec::new(),
            path: None,
            hooks: false,
            lang: Lang::En,
        }
    }

    /// Writes its words in `lang`.
    #[must_use]
    pub fn in_lang(mut self, lang: Lang) -> BoardView {
        self.lang = lang;
        self
    }

    /// Uses the letter case and the language of `conventions`.
    #[must_use]
    pub fn conventions(self, conventions: Conventions) -> BoardView {
        self.letters(conventions.letters).in_lang(conventions.lang)
    }

    /// Adds shapes to draw over the board (those on houses the ruleset
    /// does not have are left out).
    #[must_use]
    pub fn with_shapes(mut self, shapes: impl IntoIterator<Item = Shape<House>>) -> BoardView {
        let width = self.position.rules().houses_per_side();
        let on_board = |house: House| usize::from(house.index) < width;
        for shape in shapes {
            let fits = match shape {
                Shape::Arrow { from, to, .. } => on_board(from) && on_board(to),
                _ => on_board(shape.at()),
            };
            if fits && !self.shapes.contains(&shape) {
                self.shapes.push(shape);
            }
        }
        self
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

    /// The board in `form`: [`text::board`], [`markdown::board`] or
    /// [`svg::board`].
    #[must_use]
    pub fn draw(&self, form: Drawing) -> String {
        match form {
            Drawing::Text => text::board(self),
            Drawing::Markdown => markdown::board(self),
            Drawing::Svg => svg::board(self),
        }
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
    /// after sowing (the changed houses marked, and the path of the sowing),
    /// after captures (the captured houses marked, with the seeds each
    /// gave).
    ///
    /// ```
    /// use songo_notation::{sowing::render::BoardView, report, House, Position, Side};
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
        during.path = Some(SowingPath::of(&step.before, &step.outcome));
        // What each captured house gave: its count after sowing.
        let harvest = step
            .outcome
            .captured_houses
            .iter()
            .map(|house| Shape::Harvest {
                at: house,
                seeds: sown.house(house),
            });
        let after = BoardView::new(step.after)
            .letters(letters)
            .with_captured(step.outcome.captured_houses.iter())
            .with_shapes(harvest)
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

/// The path of a sowing: every house it passed, in order, from the house
/// played to the house of its last seed, with the lap each was passed in.
/// Read from the engine's boards (before and after sowing), house by house
/// along the sowing cycle: a house passed over without a seed (the house
/// played, or the mover's own camp in a Songo lap) is a step that feeds
/// nothing.
///
/// ```
/// use songo_notation::sowing::render::SowingPath;
/// use songo_notation::{House, Position, Side};
/// // The escale text's grenier: S4's 17 seeds go round once (13 houses),
/// // then feed N0..N3 again.
/// let before: Position = "songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1".parse().unwrap();
/// let (_, outcome) = before.after(House::new(Side::South, 4)).unwrap();
/// let path = SowingPath::of(&before, &outcome);
/// assert_eq!(path.steps.iter().filter(|step| step.fed).count(), 17);
/// assert_eq!(path.steps.last().unwrap().house, House::new(Side::North, 3));
/// assert_eq!(path.steps.last().unwrap().lap, 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SowingPath {
    /// The houses passed, the house played first.
    pub steps: Vec<PathStep>,
    /// Seeds sown past the laps drawn (a grenier of more than
    /// [`SowingPath::MAX_LAPS`] laps).
    pub beyond: u32,
}

/// One house a sowing passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PathStep {
    /// The house.
    pub house: House,
    /// Whether a seed fell in it.
    pub fed: bool,
    /// The lap it was passed in: 0 until the sowing passes the house
    /// played again.
    pub lap: u32,
}

impl SowingPath {
    /// The most laps a path follows (the rest is counted in `beyond`).
    pub const MAX_LAPS: u32 = 3;

    /// The path of `outcome`, the engine's sowing of a move from `before`.
    #[must_use]
    pub fn of(before: &Position, outcome: &MoveOutcome) -> SowingPath {
        let rules = before.rules();
        let cycle = 2 * rules.houses_per_side();
        let origin = outcome.house.cycle_index(rules);
        // The seeds each house received: what it holds after sowing, less
        // what it held (the house played was emptied).
        let mut fed: Vec<u32> = (0..cycle)
            .map(|index| {
                let house = House::at_cycle(rules, index);
                let had = if index == origin {
                    0
                } else {
                    before.house(house)
                };
                outcome.sown.house(house).saturating_sub(had)
            })
            .collect();
        let mut left: u32 = fed.iter().sum();
        let mut steps = vec![PathStep {
            house: outcome.house,
            fed: false,
            lap: 0,
        }];
        let (mut index, mut lap) = (origin, 0);
        while left > 0 {
            index = (index + 1) % cycle;
            if index == origin {
                lap += 1;
                if lap == SowingPath::MAX_LAPS {
                    break;
                }
            }
            let gets = fed[index] > 0;
            if gets {
                fed[index] -= 1;
                left -= 1;
            }
            steps.push(PathStep {
                house: House::at_cycle(rules, index),
                fed: gets,
                lap,
            });
        }
        SowingPath {
            steps,
            beyond: left,
        }
    }
}

/// The houses of a row as drawn left to right, North on top: Songo `0..6`
/// for both rows (South sows S6 → S0, then North N0 → N6: clockwise); Awalé
/// South `a..f` and North `f..a` (each camp's `a` is on its owner's left,
/// so North's `a` is on the right seen from South).
///
/// ```
/// use songo_notation::sowing::render::drawn_order;
/// use songo_notation::{Position, Ruleset, Side};
/// let awale = Position::start(Ruleset::Awale);
/// let top: Vec<String> = drawn_order(&awale, Side::North)
///     .iter()
///     .map(|h| h.name(Ruleset::Awale).to_string())
///     .collect();
/// assert_eq!(top.join(" "), "f e d c b a");
/// ```
#[must_use]
pub fn drawn_order(position: &Position, side: Side) -> Vec<House> {
    let width = position.rules().houses_per_side() as u8;
    let mut houses: Vec<House> = (0..width).map(|i| House::new(side, i)).collect();
    if position.rules().board_game() == BoardGame::Awale && side == Side::North {
        houses.reverse();
    }
    houses
}

/// The sentence under a move's boards: what it captured and the rules it
/// applied.
///
/// ```
/// use songo_notation::sowing::render::step_summary;
/// use songo_notation::{report, LetterCase, Position};
/// let position: Position = "songo:3,1,1,10,1,5,0/2,3,5,0,1,1,7".parse().unwrap();
/// let played = report::play(position, &["S1"]).unwrap();
/// assert_eq!(
///     step_summary(&played.steps[0], LetterCase::default()),
///     "6 captured from N1 N0; rules: songo.sow, songo.capture.chain"
/// );
/// ```
#[must_use]
pub fn step_summary(step: &PlayStep<Position>, letters: LetterCase) -> String {
    crate::render::sequence::plain_summary(step, letters)
}

/// What a sowing move took: `6 captured from N1 N0`, `no capture`, and
/// what it conceded.
fn took(step: &PlayStep<Position>, conventions: Conventions) -> String {
    let rules = step.before.rules();
    let outcome = &step.outcome;
    let forgone = [RuleId::SongoCaptureNoEmptying, RuleId::AbapaGrandSlam]
        .into_iter()
        .any(|rule| outcome.applied.contains(rule));
    let mut summary = if outcome.captured == 0 && forgone {
        // `songo.capture.no-emptying`, `abapa.grand-slam`: the chain would
        // have taken every seed of the opponent's camp after sowing.
        let opponent = step.before.to_move().opposite();
        let sown = &outcome.sown;
        let houses: Vec<String> = drawn_order(sown, opponent)
            .into_iter()
            .filter(|&house| sown.house(house) > 0)
            .map(|house| house.name_with_case(rules, conventions.letters).to_string())
            .collect();
        msg!(
            "step-no-capture-no-emptying",
            houses = houses.join(" "),
            count = sown.camp_seeds(opponent),
            opponent = opponent.as_str()
        )
    } else if outcome.captured == 0 {
        msg!("step-no-capture")
    } else if outcome.captured_houses.is_empty() {
        msg!("step-captured", count = outcome.captured)
    } else {
        let houses: Vec<String> = outcome
            .captured_houses
            .iter()
            .map(|house| house.name_with_case(rules, conventions.letters).to_string())
            .collect();
        msg!(
            "step-captured-from",
            count = outcome.captured,
            houses = houses.join(" ")
        )
    };
    if outcome.conceded > 0 {
        let receiver = step.before.to_move().opposite();
        summary = msg!(
            "step-conceded",
            text = summary,
            count = outcome.conceded,
            side = receiver.as_str()
        );
    }
    summary.localize(conventions.lang)
}

/// The line above a move's boards: `South plays S1`.
#[must_use]
pub fn step_headline(step: &PlayStep<Position>, letters: LetterCase) -> String {
    crate::render::sequence::headline(step, letters)
}

/// A sowing move shows three boards: before it, after sowing, after
/// captures.
impl Staged for Position {
    type Board = BoardView;
    type Place = House;
    const PLACES: &'static str = "houses";

    fn stages(
        step: &PlayStep<Position>,
        letters: LetterCase,
        hand: &[Shape<House>],
    ) -> Vec<Stage<BoardView>> {
        let [before, sown, after] = BoardView::of_step_with(step, letters);
        let outcome = &step.outcome;
        // A move that captured nothing and gave nothing away: the board
        // after sowing would be the board after, drawn twice.
        let stages = if outcome.captured == 0 && outcome.conceded == 0 {
            let mut after = BoardView::new(step.after)
                .letters(letters)
                .changed_from(&step.before);
            after.played = Some(outcome.house);
            vec![(StageKind::Before, before), (StageKind::After, after)]
        } else {
            vec![
                (StageKind::Before, before),
                (StageKind::Sown, sown),
                (StageKind::After, after),
            ]
        };
        stages
            .into_iter()
            .map(|(kind, board)| Stage {
                kind,
                board: board.with_shapes(hand.iter().copied()),
            })
            .collect()
    }

    fn took(step: &PlayStep<Position>, conventions: Conventions) -> String {
        took(step, conventions)
    }
}

impl StageBoard for BoardView {
    fn text(&self) -> String {
        text::board(self)
    }

    fn markdown(&self) -> String {
        markdown::board(self)
    }

    fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }

    fn marks(&self, _form: Drawing) -> (bool, bool) {
        (!self.changed.is_empty(), !self.captured.is_empty())
    }
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
    let hand = marks.hand_shapes(|name| House::parse_with_case(name, position.rules(), letters))?;
    let mut view = BoardView::new(*position)
        .letters(letters)
        .with_changed(houses(marks.changed, Mark::Changed)?)
        .with_captured(houses(marks.captured, Mark::Captured)?)
        .with_shapes(hand);
    if let Some(name) = marks.last_move {
        for house in houses(&[name.to_owned()], Mark::LastMove)? {
            view = view.with_played(house);
            view.last_move = view.played;
        }
    }
    view.hooks = marks.hooks;
    Ok(view)
}

//! Mistakes marked: every ply of a game judged by the analysis.
//!
//! Each position of the main line is analysed once, with the same limits
//! (the analysis gives every legal move its value at the same depth, so the
//! move played and the best move are measured alike). The **loss** of a
//! ply is the value of the best move less the value of the move played,
//! from the mover's point of view, in seeds of final score difference; the
//! [`Mark`] follows from it by the thresholds [`INACCURACY`], [`MISTAKE`]
//! and [`BLUNDER`] (why those: `docs/analysis.md`).
//!
//! ```
//! use songo_notation::analysis::annotate::{Mark, mark};
//! assert_eq!(mark(13, false), Some(Mark::Blunder));
//! assert_eq!(mark(0, true), Some(Mark::Only));
//! assert_eq!(mark(1, false), None);
//! ```

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::any::{AnyMove, AnyPosition};
use crate::conventions::LetterCase;
use crate::i18n::Lang;
use crate::record::{Move, Node};
use crate::report::PlayStep;
use crate::side::Side;
use crate::sowing::position::House;
use crate::tr;

use super::{Analyser, AnalysisError, AnalysisReport, Limits, check_rules};

/// The least loss, in seeds of score difference, marked `?!`: one seed
/// that changes hands (it counts once for each player).
pub const INACCURACY: i32 = 2;
/// The least loss marked `?`: two seeds that change hands.
pub const MISTAKE: i32 = 4;
/// The least loss marked `??`: four seeds that change hands, a capture
/// of the size that decides games.
pub const BLUNDER: i32 = 8;

/// How an engine comment starts.
pub const EVAL_TAG: &str = "[%eval ";

/// In an engine comment: the glyph that follows is the one the engine put
/// on the move (`[%mark ??]`), which annotating again takes off.
pub const MARK_TAG: &str = "[%mark ";

/// In an engine comment: the variation right after the comment is the
/// engine's better line, which annotating again replaces.
pub const LINE_TAG: &str = "[%line]";

/// How the engine's summary of a game, its last comment, starts.
pub const SUMMARY_TAG: &str = "[%summary]";

/// The positions each ply's analysis visits when no limit is given: a
/// count, not a time, so that the marks are the same on every run and
/// every machine (some 0.03 to 0.07 s a ply for a release build). The
/// judge's search reduces late moves, so 200 000 give as many of a deeper
/// search's marks as 400 000 gave without (how the marks of a budget
/// compare with a deeper search's: `docs/analysis.md`).
pub const DEFAULT_PLY_NODES: u64 = 200_000;

/// How many times the first analysis's positions a mark near a threshold
/// is confirmed with, at most: it is analysed again two plies deeper than
/// the first analysis went.
pub const CONFIRM_FACTOR: u64 = 4;

/// The most plies of the better line written as a variation.
pub const LINE_PLIES: usize = 8;

/// What a ply's loss makes of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// `!`: the only move that keeps the value, every other losing at least
    /// [`INACCURACY`].
    Only,
    /// `?!`: lost [`INACCURACY`] seeds or more.
    Inaccuracy,
    /// `?`: lost [`MISTAKE`] seeds or more.
    Mistake,
    /// `??`: lost [`BLUNDER`] seeds or more.
    Blunder,
}

impl Mark {
    /// Every mark.
    pub const ALL: [Mark; 4] = [Mark::Only, Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

    /// The record glyph.
    #[must_use]
    pub const fn glyph(self) -> &'static str {
        match self {
            Mark::Only => "!",
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The glyph's NAG number, as a record keeps it.
    #[must_use]
    pub const fn nag(self) -> u8 {
        match self {
            Mark::Only => 1,
            Mark::Inaccuracy => 6,
            Mark::Mistake => 2,
            Mark::Blunder => 4,
        }
    }

    /// The word of the catalogue's `engine-loss` message.
    const fn id(self) -> &'static str {
        match self {
            Mark::Only => "only",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// The mark of a ply that lost `loss` seeds; `only` when the move played
/// was the only one that keeps the value.
#[must_use]
pub const fn mark(loss: i32, only: bool) -> Option<Mark> {
    if loss >= BLUNDER {
        Some(Mark::Blunder)
    } else if loss >= MISTAKE {
        Some(Mark::Mistake)
    } else if loss >= INACCURACY {
        Some(Mark::Inaccuracy)
    } else if only && loss <= 0 {
        Some(Mark::Only)
    } else {
        None
    }
}

/// How long the engine may think: per ply, per game, and for every game
/// of a record together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineLimits {
    /// The limits of each ply's analysis (with no time, what is left of the
    /// game's time bounds it).
    pub per_ply: Limits,
    /// The time for one game: the plies not reached by then are not judged.
    pub per_game: Duration,
    /// The time for all the games of one call together (a server's bound
    /// on one request), if any: the games reached after it are not judged.
    pub total: Option<Duration>,
}

impl Default for EngineLimits {
    fn default() -> EngineLimits {
        EngineLimits {
            per_ply: Limits {
                nodes: Some(DEFAULT_PLY_NODES),
                ..Limits::default()
            },
            per_game: Duration::from_secs(120),
            total: None,
        }
    }
}

impl Engine<'_> {
    /// The same engine for a game started `since` the call began: its
    /// game's time shortened to what is left of the call's total.
    #[must_use]
    pub fn for_game_since(&self, since: Instant) -> Self {
        let mut engine = *self;
        if let Some(total) = self.limits.total {
            let left = total.saturating_sub(since.elapsed());
            engine.limits.per_game = engine.limits.per_game.min(left);
        }
        engine
    }
}

/// The engine and its limits, for an annotator.
#[derive(Debug, Clone, Copy)]
pub struct Engine<'a> {
    /// The analyser (its transposition table serves the whole game).
    pub analyser: &'a Analyser,
    /// The limits.
    pub limits: EngineLimits,
}

/// One ply judged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlyJudgement {
    /// The ply, from 1.
    pub ply: usize,
    /// Who played it.
    pub side: Side,
    /// The move played.
    #[serde(rename = "move")]
    pub played: String,
    /// The value of the move played, from the mover's point of view (his
    /// final score minus the opponent's, stores included).
    pub value: i32,
    /// The best move.
    pub best: String,
    /// Its value, from the mover's point of view.
    pub best_value: i32,
    /// `best_value - value`: the seeds of score difference lost.
    pub loss: i32,
    /// Both values proven (the position was solved).
    pub exact: bool,
    /// The depth of the analysis.
    pub depth: u32,
    /// The mark, if the loss earns one.
    pub mark: Option<Mark>,
    /// The better line, from the best move on, when the move played lost
    /// [`INACCURACY`] or more (at most [`LINE_PLIES`] plies).
    pub line: Vec<String>,
}

impl PlyJudgement {
    /// The value of the position after the move played, from South's point
    /// of view (the `[%eval]` of the comment).
    #[must_use]
    pub const fn south_value(&self) -> i32 {
        match self.side {
            Side::South => self.value,
            Side::North => -self.value,
        }
    }

    /// The machine-readable part of the comment: `[%eval +3 d12]` (South's
    /// point of view, an estimate at depth 12) or `[%eval -2 exact]`.
    #[must_use]
    pub fn eval_tag(&self) -> String {
        let value = self.south_value();
        let sign = if value > 0 { "+" } else { "" };
        if self.exact {
            format!("[%eval {sign}{value} exact]")
        } else {
            format!("[%eval {sign}{value} d{}]", self.depth)
        }
    }

    /// The comment written after the move: the eval tag, and a sentence
    /// when the ply earns a mark.
    #[must_use]
    pub fn comment(&self, lang: Lang) -> String {
        self.comment_with(lang, None, false)
    }

    /// The comment as the annotator writes it: after the eval tag,
    /// `[%mark G]` when the engine put the glyph `G` on the move, and
    /// `[%line]` when its better line follows, so that annotating again
    /// can tell the engine's glyph and line from the author's.
    fn comment_with(&self, lang: Lang, glyph: Option<Mark>, line: bool) -> String {
        let mut tag = self.eval_tag();
        if let Some(mark) = glyph {
            tag = format!("{tag} {MARK_TAG}{}]", mark.glyph());
        }
        if line {
            tag = format!("{tag} {LINE_TAG}");
        }
        match self.mark {
            None => tag,
            Some(Mark::Only) => format!("{tag} {}", tr!(lang, "engine-only")),
            Some(mark) => format!(
                "{tag} {}",
                tr!(
                    lang,
                    "engine-loss",
                    mark = mark.id(),
                    count = i64::from(self.loss),
                    move = self.best.as_str()
                )
            ),
        }
    }
}

/// Why some plies were not judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "kebab-case")]
pub enum Unjudged {
    /// The game is not a sowing game (Seega): the analysis does not play it.
    NotSowing,
    /// The total time ran out before this ply.
    TotalTime {
        /// The first ply not judged.
        ply: usize,
    },
    /// The position of this ply holds more seeds than the analysis takes.
    TooManySeeds {
        /// The ply.
        ply: usize,
    },
}

/// The engine's word on a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EngineReview {
    /// The plies judged, in order from the first.
    pub plies: Vec<PlyJudgement>,
    /// Why the rest was not judged, when some was not.
    pub unjudged: Option<Unjudged>,
    /// Each player's figures, South first (none when no ply was judged).
    pub summary: Vec<PlayerSummary>,
}

/// One player's figures over the plies judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PlayerSummary {
    /// The player.
    pub side: Side,
    /// His plies judged.
    pub plies: usize,
    /// The seeds of score difference he lost, all plies together (the sum
    /// of the plies' `loss`).
    pub seeds_lost: i32,
    /// His `!` marks.
    pub only: usize,
    /// His `?!` marks.
    pub inaccuracies: usize,
    /// His `?` marks.
    pub mistakes: usize,
    /// His `??` marks.
    pub blunders: usize,
    /// The share of his plies judged that lost less than [`INACCURACY`],
    /// in percent, rounded to the nearest.
    pub accuracy: u32,
}

impl PlayerSummary {
    /// The figures of `side` over `plies`; `None` when none of them is his.
    #[must_use]
    pub fn of(side: Side, plies: &[PlyJudgement]) -> Option<PlayerSummary> {
        let mine: Vec<&PlyJudgement> = plies.iter().filter(|p| p.side == side).collect();
        if mine.is_empty() {
            return None;
        }
        let count = |mark: Mark| mine.iter().filter(|p| p.mark == Some(mark)).count();
        let kept = mine.iter().filter(|p| p.loss < INACCURACY).count();
        let total = mine.len();
        Some(PlayerSummary {
            side,
            plies: total,
            seeds_lost: mine.iter().map(|p| p.loss).sum(),
            only: count(Mark::Only),
            inaccuracies: count(Mark::Inaccuracy),
            mistakes: count(Mark::Mistake),
            blunders: count(Mark::Blunder),
            accuracy: u32::try_from((200 * kept + total) / (2 * total)).unwrap_or(100),
        })
    }

    /// The sentence of the game's last comment.
    #[must_use]
    pub fn sentence(&self, lang: Lang) -> String {
        tr!(
            lang,
            "engine-summary",
            side = self.side.as_str(),
            lost = i64::from(self.seeds_lost),
            blunders = self.blunders,
            mistakes = self.mistakes,
            inaccuracies = self.inaccuracies,
            only = self.only,
            accuracy = self.accuracy,
            plies = self.plies
        )
    }
}

impl EngineReview {
    fn new(plies: Vec<PlyJudgement>, unjudged: Option<Unjudged>) -> EngineReview {
        let summary = [Side::South, Side::North]
            .into_iter()
            .filter_map(|side| PlayerSummary::of(side, &plies))
            .collect();
        EngineReview {
            plies,
            unjudged,
            summary,
        }
    }

    /// The comment that ends an engine-annotated game: [`SUMMARY_TAG`],
    /// then each player's figures; `None` when no ply was judged.
    #[must_use]
    pub fn summary_comment(&self, lang: Lang) -> Option<String> {
        if self.summary.is_empty() {
            return None;
        }
        let mut text = SUMMARY_TAG.to_owned();
        for player in &self.summary {
            text.push(' ');
            text.push_str(&player.sentence(lang));
        }
        Some(text)
    }
}

/// Judges every ply of `steps` (a game's main line, as replayed), naming
/// Awalé houses in `letters`.
#[must_use]
pub fn judge(
    engine: &Engine<'_>,
    steps: &[PlayStep<AnyPosition>],
    letters: LetterCase,
) -> EngineReview {
    judge_reporting(engine, steps, letters, &mut |_| {})
}

/// [`judge`], telling `on_ply` each ply's judgement as soon as it is
/// decided: a judgement can take a second, a game's a minute, and a reader
/// waiting for them can be shown them as they come.
#[must_use]
pub fn judge_reporting(
    engine: &Engine<'_>,
    steps: &[PlayStep<AnyPosition>],
    letters: LetterCase,
    on_ply: &mut dyn FnMut(&PlyJudgement),
) -> EngineReview {
    let start = Instant::now();
    let mut plies = Vec::with_capacity(steps.len());
    for (index, step) in steps.iter().enumerate() {
        let ply = index + 1;
        if check_rules(step.before.rules()).is_err() {
            return EngineReview::new(plies, Some(Unjudged::NotSowing));
        }
        let Some(left) = engine
            .limits
            .per_game
            .checked_sub(start.elapsed())
            .filter(|left| !left.is_zero() && !engine.analyser.is_cancelled())
        else {
            return EngineReview::new(plies, Some(Unjudged::TotalTime { ply }));
        };
        let mut limits = engine.limits.per_ply;
        limits.time = Some(limits.time.map_or(left, |time| time.min(left)));
        if is_forced(step) {
            // One legal move: no mark to give, only the value after it.
            limits.nodes = limits.nodes.map(|nodes| nodes / FORCED_SHARE);
        }
        match judge_ply(engine.analyser, step, ply, &limits, letters) {
            Ok(Some(judgement)) => {
                on_ply(&judgement);
                plies.push(judgement);
            }
            // A move was played: the position cannot be over.
            Ok(None) => {}
            Err(AnalysisError::NoAnalysis { .. }) => {
                return EngineReview::new(plies, Some(Unjudged::NotSowing));
            }
            Err(AnalysisError::TooManySeeds { .. }) => {
                return EngineReview::new(plies, Some(Unjudged::TooManySeeds { ply }));
            }
        }
    }
    EngineReview::new(plies, None)
}

/// Judges one ply: the position before it analysed within `limits`, and
/// again deeper when the mark is near a threshold ([`near_threshold`]).
fn judge_ply(
    analyser: &Analyser,
    step: &PlayStep<AnyPosition>,
    ply: usize,
    limits: &Limits,
    letters: LetterCase,
) -> Result<Option<PlyJudgement>, AnalysisError> {
    let began = Instant::now();
    let report = analyse(analyser, step, limits)?.in_case(letters);
    let Some((first, played)) = weigh(&report, step, ply) else {
        return Ok(None);
    };
    // The confirmation gets what is left of the ply's time, not as much
    // again: the game's time, and a server's deadline, bound both.
    let time = limits.time.map(|time| time.saturating_sub(began.elapsed()));
    if first.exact
        || time.is_some_and(|time| time.is_zero())
        || !near_threshold(&report, &first, played)
    {
        return Ok(Some(first));
    }
    // Two plies deeper than the first analysis went, within four times
    // its positions: a search let run to the node limit would throw away
    // the iteration the limit cuts off.
    let deeper = Limits {
        depth: Some((limits.depth.unwrap_or(first.depth) + 2).min(super::MAX_DEPTH)),
        nodes: limits
            .nodes
            .map(|nodes| nodes.saturating_mul(CONFIRM_FACTOR)),
        time,
    };
    let report = analyse(analyser, step, &deeper)?.in_case(letters);
    Ok(Some(
        weigh(&report, step, ply).map_or(first, |(deeper, _)| deeper),
    ))
}

/// The share of a ply's positions a forced ply's analysis (one legal
/// move, no mark to give) visits: enough for its value.
const FORCED_SHARE: u64 = 4;

/// Whether the move played was the only legal one.
fn is_forced(step: &PlayStep<AnyPosition>) -> bool {
    step.before
        .as_sowing()
        .and_then(|position| position.turn().ok())
        .is_some_and(|moves| moves.len() == 1)
}

/// How far from the move played another move is searched exactly, in
/// seeds: the best other move is, when closer (for the `!` mark and
/// whether it is near its threshold, a least loss of 1 to 3).
const JUDGED_MARGIN: i32 = INACCURACY + 2;

/// The analysis a ply's judgement needs: the judge's search
/// ([`Analyser::analyse_played`]), every move's value for a move that is
/// not a sowing (none is judged).
fn analyse(
    analyser: &Analyser,
    step: &PlayStep<AnyPosition>,
    limits: &Limits,
) -> Result<AnalysisReport, AnalysisError> {
    match step.played {
        AnyMove::Sowing(played) => {
            analyser.analyse_played(&step.before, limits, played, JUDGED_MARGIN)
        }
        _ => analyser.analyse(&step.before, limits),
    }
}

/// Whether the ply's mark rests on one seed of difference: its loss, or
/// for a move with no loss the least loss of the other moves, within one
/// of a threshold.
fn near_threshold(report: &AnalysisReport, judged: &PlyJudgement, played: House) -> bool {
    let near = |loss: i32| {
        [INACCURACY, MISTAKE, BLUNDER]
            .iter()
            .any(|threshold| (loss - threshold).abs() <= 1)
    };
    if judged.loss > 0 {
        return near(judged.loss);
    }
    report
        .moves
        .iter()
        .filter(|m| m.house != played)
        .map(|m| judged.value - m.value)
        .min()
        .is_some_and(|least| (least - INACCURACY).abs() <= 1)
}

/// The judgement of the move played from one report, and the house
/// played; `None` when the report has no move (a position that is over).
fn weigh(
    report: &AnalysisReport,
    step: &PlayStep<AnyPosition>,
    ply: usize,
) -> Option<(PlyJudgement, House)> {
    let (best, top) = (report.best?, report.moves.first()?);
    let mine = report
        .moves
        .iter()
        .find(|m| AnyMove::from(m.house) == step.played)?;
    let loss = (top.value - mine.value).max(0);
    let others_lose = report.moves.len() > 1
        && report
            .moves
            .iter()
            .filter(|m| m.house != mine.house)
            .all(|m| mine.value - m.value >= INACCURACY);
    // A loss under the marks' threshold is within the estimate's error:
    // no line for it.
    let line = if loss >= INACCURACY {
        report
            .pv
            .iter()
            .take(LINE_PLIES)
            .map(|&house| report.name(house).to_string())
            .collect()
    } else {
        Vec::new()
    };
    let judgement = PlyJudgement {
        ply,
        side: step.before.to_move(),
        played: report.name(mine.house).to_string(),
        value: mine.value,
        best: report.name(best).to_string(),
        best_value: top.value,
        loss,
        exact: mine.exact && top.exact,
        depth: report.depth,
        mark: mark(loss, others_lose),
        line,
    };
    Some((judgement, mine.house))
}

impl crate::i18n::Localize for Unjudged {
    fn localize(&self, lang: Lang) -> String {
        match *self {
            Unjudged::NotSowing => tr!(lang, "engine-unjudged-seega"),
            Unjudged::TotalTime { ply } => tr!(lang, "engine-unjudged-time", ply = ply),
            Unjudged::TooManySeeds { ply } => tr!(lang, "engine-unjudged-seeds", ply = ply),
        }
    }
}

impl std::fmt::Display for Unjudged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::i18n::Localize::localize(self, Lang::En))
    }
}

/// Writes each judged ply into `nodes` (a game's main line): the mark as
/// the move's glyph (unless the author gave it one), then right after the
/// move the comment and, when the move earns `?!`, `?` or `??`, the better
/// line as a variation; and the players' summary as the last comment.
///
/// What an earlier run of the engine wrote is taken off first: its comment
/// (it starts with [`EVAL_TAG`]), the glyph its comment names with
/// [`MARK_TAG`], the variation after it when the comment says [`LINE_TAG`],
/// and its summary ([`SUMMARY_TAG`]). The author's glyphs, comments and
/// variations stay, so annotating again gives what annotating once does.
pub(crate) fn insert_judgements(nodes: &mut Vec<Node>, review: &EngineReview, lang: Lang) {
    let mut judged = review.plies.iter().peekable();
    let mut out = Vec::with_capacity(nodes.len() + 2 * review.plies.len() + 1);
    let mut old = std::mem::take(nodes)
        .into_iter()
        .filter(|node| !is_summary(node))
        .peekable();
    let mut ply = 0;
    while let Some(mut node) = old.next() {
        let Node::Move(played) = &mut node else {
            out.push(node);
            continue;
        };
        ply += 1;
        let Some(judgement) = judged.next_if(|j| j.ply == ply) else {
            out.push(node);
            continue;
        };
        let mut following = Vec::new();
        while let Some(next) = old.next_if(|n| !matches!(n, Node::Move(_))) {
            following.push(next);
        }
        // The engine's earlier word gives way to this one, in its place
        // (after the vocabulary's comment, which goes in before it).
        let at = take_engine_nodes(played, &mut following).unwrap_or(0);
        let glyph = judgement
            .mark
            .filter(|_| !played.nags.iter().any(|&nag| (1..=6).contains(&nag)));
        if let Some(mark) = glyph {
            played.nags.insert(0, mark.nag());
        }
        let line = !judgement.line.is_empty();
        let mut written = vec![Node::Comment(judgement.comment_with(lang, glyph, line))];
        let mut at = at;
        if line {
            let variation = Node::Variation(
                judgement
                    .line
                    .iter()
                    .map(|house| Node::Move(Move::new(house.as_str())))
                    .collect(),
            );
            // The same line without its tag: an engine's of a record
            // annotated before the tags.
            if let Some(same) = following.iter().position(|n| *n == variation) {
                following.remove(same);
                at -= usize::from(same < at);
            }
            written.push(variation);
        }
        following.splice(at..at, written);
        out.push(node);
        out.extend(following);
    }
    if let Some(summary) = review.summary_comment(lang) {
        out.push(Node::Comment(summary));
    }
    *nodes = out;
}

/// Whether `node` is the engine's summary of a game.
fn is_summary(node: &Node) -> bool {
    matches!(node, Node::Comment(text) if text.starts_with(SUMMARY_TAG))
}

/// Takes an earlier engine comment out of `following` (the nodes after
/// `played`), with the glyph and the variation it says are the engine's;
/// where the comment was, if there was one.
fn take_engine_nodes(played: &mut Move, following: &mut Vec<Node>) -> Option<usize> {
    let at = following
        .iter()
        .position(|n| matches!(n, Node::Comment(text) if text.starts_with(EVAL_TAG)))?;
    let Node::Comment(text) = following.remove(at) else {
        return None;
    };
    let engine_glyph = Mark::ALL
        .into_iter()
        .find(|mark| text.contains(&format!("{MARK_TAG}{}]", mark.glyph())));
    if let Some(mark) = engine_glyph
        && let Some(index) = played.nags.iter().position(|&nag| nag == mark.nag())
    {
        played.nags.remove(index);
    }
    if text.contains(LINE_TAG) && matches!(following.get(at), Some(Node::Variation(_))) {
        following.remove(at);
    }
    Some(at)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use proptest::prelude::*;

    use super::*;
    use crate::analysis::AnalysisOptions;
    use crate::annotation::{AnnotationReport, Options, annotate_text_with};
    use crate::generate::{GenerateOptions, Generator};
    use crate::record::{self, GameRecord};
    use crate::ruleset::Ruleset;
    use crate::validate;

    fn fixture(name: &str) -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../fixtures/records/engine")
            .join(name);
        std::fs::read_to_string(path).expect("the fixture is readable")
    }

    fn analyser() -> Analyser {
        Analyser::new(&AnalysisOptions {
            hash_bytes: 1 << 20,
            threads: 1,
        })
    }

    /// Annotated with the engine at a fixed depth (so the same every run).
    fn annotated(text: &str, depth: u32, lang: Lang) -> AnnotationReport {
        let analyser = analyser();
        let engine = Engine {
            analyser: &analyser,
            limits: EngineLimits {
                per_ply: Limits {
                    depth: Some(depth),
                    ..Limits::default()
                },
                per_game: Duration::from_secs(600),
                total: None,
            },
        };
        let options = Options {
            lang,
            default_rules: None,
        };
        annotate_text_with(text, &options, Some(&engine)).expect("the record reads")
    }

    /// The record is valid, and reads back to what was printed.
    fn assert_valid_and_round_trips(text: &str) {
        let report = validate::validate_str(text, &validate::Options::default());
        assert_eq!(report.summary.invalid, 0, "{text}");
        let read = record::read_all(text).expect("the annotated record reads");
        let printed = record::write_all(&read);
        assert_eq!(printed, text);
        let again: Vec<GameRecord> = record::read_all(&printed).expect("it reads again");
        assert_eq!(again, read);
    }

    #[test]
    fn the_grenier_missed_is_a_blunder_and_the_grenier_its_better_line() {
        let report = annotated(&fixture("grenier-missed.songo"), 8, Lang::En);
        let review = report.games[0].engine.as_ref().expect("an engine review");
        assert_eq!(review.unjudged, None);
        let first = &review.plies[0];
        assert_eq!((first.played.as_str(), first.best.as_str()), ("S4", "S5"));
        assert_eq!(first.mark, Some(Mark::Blunder));
        assert!(first.loss >= BLUNDER, "{first:?}");
        assert_eq!(first.line.first().map(String::as_str), Some("S5"));
        assert!(report.record.contains("1. S4??"), "{}", report.record);
        assert_valid_and_round_trips(&report.record);
        insta::assert_snapshot!("grenier-missed-record", report.record);
        insta::assert_json_snapshot!("grenier-missed-json", report.games[0].engine);
        let french = annotated(&fixture("grenier-missed.songo"), 8, Lang::Fr);
        insta::assert_snapshot!("grenier-missed-record-fr", french.record);
    }

    /// Issue 40, item 3: each ply's judgement is told as soon as it is
    /// decided, game after game, in the order of the plies, and the report
    /// is the one annotating without listening gives.
    #[test]
    fn each_judgement_is_told_as_it_is_decided() {
        let bare = fixture("grenier-missed.songo");
        let two = format!("{bare}\n{bare}");
        let analyser = analyser();
        let engine = Engine {
            analyser: &analyser,
            limits: EngineLimits {
                per_ply: Limits {
                    depth: Some(6),
                    ..Limits::default()
                },
                per_game: Duration::from_secs(600),
                total: None,
            },
        };
        let records = crate::annotation::read_text(&two).expect("the record reads");
        let mut told = Vec::new();
        let report = crate::annotation::annotate_records_reporting(
            &records,
            &Options::default(),
            Some(&engine),
            &mut |progress| {
                told.push((progress.game, progress.plies, progress.judgement.clone()));
            },
        );
        let mut expected = Vec::new();
        for game in &report.games {
            let review = game.engine.as_ref().expect("an engine review");
            assert!(!review.plies.is_empty());
            for judgement in &review.plies {
                expected.push((game.index, game.plies, judgement.clone()));
            }
        }
        assert_eq!(told, expected);
        assert_eq!(told.first().map(|(game, ..)| *game), Some(0));
        assert_eq!(told.last().map(|(game, ..)| *game), Some(1));
        assert_eq!(report.record, annotated(&two, 6, Lang::En).record);
    }

    /// Issue 26, item 18: annotating an engine-annotated record at another
    /// depth gives what annotating the bare record at that depth gives:
    /// the engine's glyphs, comments, lines and summary replaced, none
    /// piled up.
    #[test]
    fn annotating_again_replaces_the_engines_word_and_only_it() {
        let bare = fixture("grenier-missed.songo");
        let at6 = annotated(&bare, 6, Lang::En);
        let at8 = annotated(&bare, 8, Lang::En);
        assert_ne!(at6.record, at8.record);
        assert_eq!(annotated(&at6.record, 8, Lang::En).record, at8.record);
        assert_eq!(annotated(&at8.record, 6, Lang::En).record, at6.record);
        // In the other language too: the tags, not the sentences, say
        // what is the engine's (the vocabulary's English comments stay,
        // as an author's would).
        let french = annotated(&at8.record, 8, Lang::Fr).record;
        assert_eq!(french.matches("[%eval").count(), 4, "{french}");
        assert_eq!(french.matches("[%summary]").count(), 1, "{french}");
        assert!(
            !french.contains("Blunder") && french.contains("Bourde"),
            "{french}"
        );
    }

    /// A record annotated before the engine named its glyphs and lines:
    /// its engine comments are replaced and its lines not written twice
    /// (its glyphs look like an author's and stay).
    #[test]
    fn a_record_annotated_before_the_tags_gets_no_second_line() {
        let old = "[Rules \"songo\"]\n[SetUp \"fragment\"]\n\
            [Position \"songo:0,1,0,2,8,5,10/1,7,0,0,1,17,7:0-0:S\"]\n\n\
            1. S4?? {[%eval +3 d8] Blunder: 13 seeds lost; S5 was better.} \
            (1. S5 N5 2. S5 N4 3. S2 N5 4. S3 N6) 1... N5 2. S6 N4 *\n";
        let again = annotated(old, 8, Lang::En).record;
        assert_eq!(again.matches("(1. S5").count(), 1, "{again}");
        assert_eq!(again.matches("[%eval").count(), 4, "{again}");
        assert!(
            again.contains("1. S4?? {[%eval +3 d8] [%line] Blunder"),
            "{again}"
        );
        assert_eq!(annotated(&again, 8, Lang::En).record, again);
    }

    /// The author's glyph, comment and variation stay, once each, and the
    /// engine puts no glyph of its own beside the author's.
    #[test]
    fn the_authors_glyph_comment_and_variation_stay() {
        let bare = fixture("grenier-missed.songo");
        let authored = bare.replacen("1. S4 N5", "1. S4!? {I wanted S5 kept.} (1. S1) 1... N5", 1);
        let once = annotated(&authored, 6, Lang::En);
        let twice = annotated(&once.record, 8, Lang::En);
        for record in [&once.record, &twice.record] {
            assert!(record.contains("1. S4!? {"), "{record}");
            assert_eq!(record.matches("{I wanted S5 kept.}").count(), 1, "{record}");
            assert_eq!(record.matches("(1. S1)").count(), 1, "{record}");
            // The engine's blunder is said in its comment, not as a glyph.
            assert!(!record.contains("[%mark ??]"), "{record}");
            assert!(record.contains("Blunder:"), "{record}");
            assert_valid_and_round_trips(record);
        }
        assert_eq!(twice.record, annotated(&authored, 8, Lang::En).record);
    }

    /// Issue 26, item 20: a mark within a seed of a threshold is confirmed
    /// two plies deeper (N4 of the fixture: 4 seeds lost at depth 8, 2 at
    /// depth 10), one far from every threshold is not (S4: 13 lost).
    #[test]
    fn a_mark_near_a_threshold_is_confirmed_deeper() {
        let report = annotated(&fixture("grenier-missed.songo"), 8, Lang::En);
        let review = report.games[0].engine.as_ref().expect("an engine review");
        let depths: Vec<u32> = review.plies.iter().map(|p| p.depth).collect();
        assert_eq!(depths[0], 8, "{review:?}");
        assert_eq!(depths[3], 10, "{review:?}");
        assert_eq!(review.plies[3].mark, Some(Mark::Inaccuracy));
    }

    /// The judge's search ([`Analyser::analyse_played`]), which searches
    /// exactly only the move played and the best other close to it, judges
    /// every ply of the engine games as the analysis of every move's exact
    /// value does: the same values, loss, mark, and confirmation. (Its late
    /// reductions could move a value; at depth 6 they move none of these.)
    #[test]
    fn the_judges_search_agrees_with_the_analysis_of_every_move() {
        let text = fixture("exercises-games.songo");
        let limits = Limits {
            depth: Some(6),
            ..Limits::default()
        };
        let (mut compared, mut marked) = (0, 0);
        for game in record::read_all(&text).expect("the games read") {
            let (steps, _, _) = crate::annotation::replay(&game, None, Lang::En);
            for (index, step) in steps.iter().enumerate().step_by(3) {
                let AnyMove::Sowing(played) = step.played else {
                    continue;
                };
                let every = analyser().analyse(&step.before, &limits).unwrap();
                let judged = analyser()
                    .analyse_played(&step.before, &limits, played, JUDGED_MARGIN)
                    .unwrap();
                let (Some((a, _)), Some((b, _))) =
                    (weigh(&every, step, index), weigh(&judged, step, index))
                else {
                    continue;
                };
                let key = |j: &PlyJudgement| (j.value, j.best_value, j.loss, j.mark, j.exact);
                assert_eq!(key(&a), key(&b), "{}", step.before);
                assert_eq!(
                    near_threshold(&every, &a, played),
                    near_threshold(&judged, &b, played),
                    "{}",
                    step.before
                );
                compared += 1;
                marked += usize::from(a.mark.is_some());
            }
        }
        assert!(
            compared > 90 && marked > 20,
            "{compared} compared, {marked} marked"
        );
    }

    /// Issue 26, item 20: without limits the engine visits a number of
    /// positions, not a time, so two runs write the same marks.
    #[test]
    fn a_node_budget_gives_the_same_marks_every_run() {
        let default = EngineLimits::default().per_ply;
        assert_eq!(
            (default.time, default.nodes, default.depth),
            (None, Some(DEFAULT_PLY_NODES), None)
        );
        let run = || {
            let analyser = analyser();
            let engine = Engine {
                analyser: &analyser,
                limits: EngineLimits {
                    per_ply: Limits {
                        nodes: Some(20_000),
                        ..Limits::default()
                    },
                    per_game: Duration::from_secs(600),
                    total: None,
                },
            };
            let text = fixture("grenier-missed.songo");
            annotate_text_with(&text, &Options::default(), Some(&engine))
                .expect("the record reads")
                .record
        };
        let first = run();
        assert!(first.contains("[%summary]"), "{first}");
        assert_eq!(run(), first);
    }

    /// Issue 26, item 22: each player's figures over his plies judged.
    #[test]
    fn the_summary_counts_each_players_marks_and_losses() {
        let ply = |ply: usize, side: Side, loss: i32, mark: Option<Mark>| PlyJudgement {
            ply,
            side,
            played: String::new(),
            value: -loss,
            best: String::new(),
            best_value: 0,
            loss,
            exact: false,
            depth: 4,
            mark,
            line: Vec::new(),
        };
        let plies = [
            ply(1, Side::South, 13, Some(Mark::Blunder)),
            ply(2, Side::North, 0, Some(Mark::Only)),
            ply(3, Side::South, 1, None),
            ply(4, Side::North, 5, Some(Mark::Mistake)),
            ply(5, Side::South, 0, Some(Mark::Only)),
        ];
        let south = PlayerSummary::of(Side::South, &plies).unwrap();
        assert_eq!(
            (
                south.plies,
                south.seeds_lost,
                south.blunders,
                south.only,
                south.accuracy
            ),
            (3, 14, 1, 1, 67)
        );
        let north = PlayerSummary::of(Side::North, &plies).unwrap();
        assert_eq!(
            (
                north.plies,
                north.seeds_lost,
                north.mistakes,
                north.accuracy
            ),
            (2, 5, 1, 50)
        );
        assert_eq!(PlayerSummary::of(Side::North, &plies[..1]), None);
        let review = EngineReview::new(plies.to_vec(), None);
        insta::assert_snapshot!(
            "summary-comment",
            format!(
                "{}\n{}",
                review.summary_comment(Lang::En).unwrap(),
                review.summary_comment(Lang::Fr).unwrap()
            )
        );
    }

    #[test]
    fn annotating_twice_changes_nothing() {
        let once = annotated(&fixture("grenier-missed.songo"), 6, Lang::En);
        let twice = annotated(&once.record, 6, Lang::En);
        assert_eq!(twice.record, once.record);
        // At another depth, the engine's comments are replaced, not added.
        let deeper = annotated(&once.record, 7, Lang::En);
        assert_eq!(deeper.record.matches("[%eval").count(), 4);
    }

    #[test]
    fn marks_follow_the_thresholds() {
        let marks: Vec<Option<Mark>> = (0..10).map(|loss| mark(loss, false)).collect();
        use Mark::{Blunder, Inaccuracy, Mistake};
        assert_eq!(
            marks,
            [
                None,
                None,
                Some(Inaccuracy),
                Some(Inaccuracy),
                Some(Mistake),
                Some(Mistake),
                Some(Mistake),
                Some(Mistake),
                Some(Blunder),
                Some(Blunder)
            ]
        );
        assert_eq!(mark(1, true), None);
        assert_eq!(mark(0, true), Some(Mark::Only));
        for m in [Mark::Only, Mark::Inaccuracy, Mark::Mistake, Mark::Blunder] {
            assert_eq!(crate::record::model::glyph_of(m.nag()), Some(m.glyph()));
        }
    }

    #[test]
    fn the_total_time_bounds_the_game() {
        let analyser = analyser();
        let engine = Engine {
            analyser: &analyser,
            limits: EngineLimits {
                per_ply: Limits::default(),
                per_game: Duration::ZERO,
                total: None,
            },
        };
        let report = annotate_text_with(
            &fixture("grenier-missed.songo"),
            &Options::default(),
            Some(&engine),
        )
        .unwrap();
        let review = report.games[0].engine.as_ref().unwrap();
        assert!(review.plies.is_empty());
        assert_eq!(review.unjudged, Some(Unjudged::TotalTime { ply: 1 }));
        assert_valid_and_round_trips(&report.record);
    }

    #[test]
    fn the_total_for_all_games_bounds_every_game() {
        let analyser = analyser();
        let engine = Engine {
            analyser: &analyser,
            limits: EngineLimits {
                per_ply: Limits::default(),
                per_game: Duration::from_secs(600),
                total: Some(Duration::ZERO),
            },
        };
        let one = fixture("grenier-missed.songo");
        let text = format!("{one}\n{one}");
        let report = annotate_text_with(&text, &Options::default(), Some(&engine)).unwrap();
        assert_eq!(report.games.len(), 2);
        for game in &report.games {
            let review = game.engine.as_ref().unwrap();
            assert_eq!(review.unjudged, Some(Unjudged::TotalTime { ply: 1 }));
        }
    }

    #[test]
    fn seega_games_get_no_engine_marks() {
        let text = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../fixtures/records/valid/seega-ends.songo"),
        )
        .unwrap();
        let report = annotated(&text, 2, Lang::En);
        for game in &report.games {
            let review = game.engine.as_ref().unwrap();
            assert!(review.plies.is_empty());
            assert_eq!(review.unjudged, Some(Unjudged::NotSowing));
        }
        assert!(!report.record.contains("[%eval"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn annotating_keeps_a_record_valid_and_round_tripping(
            rules in prop::sample::select(vec![
                Ruleset::Songo, Ruleset::SongoEkang, Ruleset::Awale, Ruleset::OwareAbapa,
            ]),
            seed in any::<u64>(),
        ) {
            let options = GenerateOptions { max_plies: 14, annotate: true, ..GenerateOptions::default() };
            let game = Generator::new(rules, seed, options).game(0);
            let text = game.to_string();
            let report = annotated(&text, 2, Lang::Fr);
            let review = report.games[0].engine.as_ref().unwrap();
            prop_assert_eq!(review.unjudged, None);
            prop_assert_eq!(review.plies.len(), report.games[0].plies);
            for ply in &review.plies {
                // A line exactly for the plies that earn a loss mark, and
                // the loss as the values say.
                prop_assert_eq!(!ply.line.is_empty(), ply.loss >= INACCURACY);
                prop_assert_eq!(ply.loss, ply.best_value - ply.value);
                prop_assert_eq!(ply.mark.is_some_and(|m| m != Mark::Only), ply.loss >= INACCURACY);
            }
            assert_valid_and_round_trips(&report.record);
            // The main line is the one played.
            let read = record::read_all(&report.record).unwrap();
            let moves = |r: &GameRecord| r.main_line().map(|m| m.text.clone()).collect::<Vec<_>>();
            prop_assert_eq!(moves(&read[0]), moves(&game));
            let again = annotated(&report.record, 2, Lang::Fr);
            prop_assert_eq!(again.record, report.record);
        }
    }
}

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
use crate::tr;

use super::{Analyser, AnalysisError, Limits, check_rules};

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
                time: Some(Duration::from_millis(200)),
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
        let tag = self.eval_tag();
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
}

/// Judges every ply of `steps` (a game's main line, as replayed), naming
/// Awalé houses in `letters`.
#[must_use]
pub fn judge(
    engine: &Engine<'_>,
    steps: &[PlayStep<AnyPosition>],
    letters: LetterCase,
) -> EngineReview {
    let start = Instant::now();
    let mut plies = Vec::with_capacity(steps.len());
    for (index, step) in steps.iter().enumerate() {
        let ply = index + 1;
        let before = &step.before;
        if check_rules(before.rules()).is_err() {
            return EngineReview {
                plies,
                unjudged: Some(Unjudged::NotSowing),
            };
        }
        let spent = start.elapsed();
        let Some(left) = engine
            .limits
            .per_game
            .checked_sub(spent)
            .filter(|left| !left.is_zero() && !engine.analyser.is_cancelled())
        else {
            return EngineReview {
                plies,
                unjudged: Some(Unjudged::TotalTime { ply }),
            };
        };
        let mut limits = engine.limits.per_ply;
        limits.time = Some(limits.time.map_or(left, |time| time.min(left)));
        let report = match engine.analyser.analyse(before, &limits) {
            Ok(report) => report.in_case(letters),
            Err(AnalysisError::NoAnalysis { .. }) => {
                return EngineReview {
                    plies,
                    unjudged: Some(Unjudged::NotSowing),
                };
            }
            Err(AnalysisError::TooManySeeds { .. }) => {
                return EngineReview {
                    plies,
                    unjudged: Some(Unjudged::TooManySeeds { ply }),
                };
            }
        };
        let (Some(best), Some(top)) = (report.best, report.moves.first()) else {
            // A move was played: the position cannot be over.
            continue;
        };
        let Some(mine) = report
            .moves
            .iter()
            .find(|m| AnyMove::from(m.house) == step.played)
        else {
            continue;
        };
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
        plies.push(PlyJudgement {
            ply,
            side: before.to_move(),
            played: report.name(mine.house).to_string(),
            value: mine.value,
            best: report.name(best).to_string(),
            best_value: top.value,
            loss,
            exact: mine.exact && top.exact,
            depth: report.depth,
            mark: mark(loss, others_lose),
            line,
        });
    }
    EngineReview {
        plies,
        unjudged: None,
    }
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
/// the move's glyph (unless the record already gives it one), then right
/// after the move the comment and, when the move earns `?!`, `?` or `??`,
/// the better line as a variation. What is already there is not written again,
/// so judging a judged record changes nothing (an engine comment already
/// there is replaced).
pub(crate) fn insert_judgements(nodes: &mut Vec<Node>, review: &EngineReview, lang: Lang) {
    let mut judged = review.plies.iter().peekable();
    let mut out = Vec::with_capacity(nodes.len() + 2 * review.plies.len());
    let mut old = std::mem::take(nodes).into_iter().peekable();
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
        if let Some(mark) = judgement.mark
            && !played.nags.iter().any(|&nag| (1..=6).contains(&nag))
        {
            played.nags.insert(0, mark.nag());
        }
        out.push(node);
        let mut following = Vec::new();
        while let Some(next) = old.next_if(|n| !matches!(n, Node::Move(_))) {
            following.push(next);
        }
        // An engine comment already there (from another run, perhaps at
        // another depth) gives way to this one, in its place.
        let comment = Node::Comment(judgement.comment(lang));
        let earlier = following
            .iter()
            .position(|n| matches!(n, Node::Comment(text) if text.starts_with(EVAL_TAG)));
        match earlier {
            Some(at) => following[at] = comment,
            None => out.push(comment),
        }
        if !judgement.line.is_empty() {
            let line = Node::Variation(
                judgement
                    .line
                    .iter()
                    .map(|house| Node::Move(Move::new(house.as_str())))
                    .collect(),
            );
            if !following.contains(&line) {
                out.push(line);
            }
        }
        out.extend(following);
    }
    *nodes = out;
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use proptest::prelude::*;

    use super::*;
    use crate::analysis::AnalysisOptions;
    use crate::generate::{GenerateOptions, Generator};
    use crate::record::{self, GameRecord};
    use crate::ruleset::Ruleset;
    use crate::teach::record::{AnnotationReport, Options, annotate_text_with};
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

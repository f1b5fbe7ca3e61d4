//! Game records written back with the teaching vocabulary as comments,
//! and the engine's marks when asked (`songo annotate`).
//!
//! Each game is replayed, the plies where something happens are found by
//! [`crate::any::annotate`], and the record is written back with a comment
//! at each of them, in the language asked for. Existing comments, glyphs and
//! variations are kept; a comment already there is not written twice, so
//! annotating an annotated record changes nothing. Only the main line is
//! annotated.
//!
//! ```
//! use songo_notation::i18n::Lang;
//! use songo_notation::annotation::{self, Options};
//! let text = "[Rules \"songo\"]\n[Position \"songo:0,0,2,0,6,0,0/1,4,0,3,1,5,1:0-0:S\"]\n[SetUp \"fragment\"]\n\n1. S1 N4 *\n";
//! let report = annotation::annotate_text(text, &Options::default()).unwrap();
//! assert!(report.record.contains("1. S1 {South leaves North's threat from N4 (6 seeds) standing;"));
//! assert_eq!(report.games[0].annotations[0].id().as_str(), "teach.threat");
//! let again = annotation::annotate_text(&report.record, &Options { lang: Lang::En, ..Options::default() }).unwrap();
//! assert_eq!(again.record, report.record);
//! ```

use std::time::Instant;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::analysis::annotate::{self as engine_marks, Engine, EngineReview, PlyJudgement};
use crate::any::{self, AnyAnnotation, AnyPosition};
use crate::conventions::Conventions;
use crate::error::ParseError;
use crate::game::{Game, GamePosition, Refusal};
use crate::i18n::{Lang, Localize};
use crate::record::{self, FromTags, GameRecord, Node, setup};
use crate::report::PlayStep;
use crate::rule::RuleId;
use crate::ruleset::Ruleset;
use crate::teach::words::Wording;

/// How to annotate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// The language of the comments.
    pub lang: Lang,
    /// The ruleset of games whose tags name none (default `songo`).
    pub default_rules: Option<Ruleset>,
}

/// Why the annotation of a game stopped before its end: the game could not
/// be set up, or a move could not be read or is illegal (`songo validate`
/// says more).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Stop {
    /// The ply of the move (from 1), 0 for the set-up.
    pub ply: usize,
    /// The move as written.
    #[serde(rename = "move")]
    pub played: Option<String>,
    /// The rule it breaks.
    pub rule: RuleId,
    /// Why.
    pub message: String,
}

/// One game annotated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnnotatedGame {
    /// The game's index in its file, from 0.
    pub index: usize,
    /// The record with the comments.
    pub record: GameRecord,
    /// The plies of the main line that were replayed.
    pub plies: usize,
    /// What was pointed out, ply by ply.
    pub annotations: Vec<AnyAnnotation>,
    /// The comment written for each annotation, in the language asked for.
    pub comments: Vec<String>,
    /// Why the annotation stopped early, if it did.
    pub stopped: Option<Stop>,
    /// The engine's marks, when an engine was asked for.
    pub engine: Option<EngineReview>,
}

/// `{"index", "plies", "annotations": [{…, "comment"}], "stopped"}`.
impl Serialize for AnnotatedGame {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Commented<'a> {
            #[serde(flatten)]
            annotation: &'a AnyAnnotation,
            comment: &'a str,
        }
        let annotations: Vec<Commented<'_>> = self
            .annotations
            .iter()
            .zip(&self.comments)
            .map(|(annotation, comment)| Commented {
                annotation,
                comment,
            })
            .collect();
        let mut state = serializer.serialize_struct("AnnotatedGame", 5)?;
        state.serialize_field("index", &self.index)?;
        state.serialize_field("plies", &self.plies)?;
        state.serialize_field("annotations", &annotations)?;
        state.serialize_field("stopped", &self.stopped)?;
        if let Some(engine) = &self.engine {
            state.serialize_field("engine", engine)?;
        }
        state.end()
    }
}

/// Every game of a record text annotated: the record written back, and the
/// annotations as data (`songo annotate`, `POST /v1/annotate`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AnnotationReport {
    /// The records with their comments, in the canonical record text.
    pub record: String,
    /// Each game's annotations.
    pub games: Vec<AnnotatedGame>,
}

impl AnnotationReport {
    /// Whether every game was annotated to its end.
    #[must_use]
    pub fn complete(&self) -> bool {
        self.games.iter().all(|game| game.stopped.is_none())
    }
}

/// Annotates every game of a record text.
///
/// # Errors
/// The first syntax error of the text, with its line and column.
pub fn annotate_text(text: &str, options: &Options) -> Result<AnnotationReport, ParseError> {
    annotate_text_with(text, options, None)
}

/// Annotates every game of a record text, with the engine's marks too when
/// `engine` is given ([`crate::analysis::annotate`]).
///
/// # Errors
/// The first syntax error of the text, with its line and column.
pub fn annotate_text_with(
    text: &str,
    options: &Options,
    engine: Option<&Engine<'_>>,
) -> Result<AnnotationReport, ParseError> {
    Ok(annotate_records_with(&read_text(text)?, options, engine))
}

/// The games of a record text, as the annotator reads them (a byte order
/// mark skipped).
///
/// # Errors
/// The first syntax error of the text, with its line and column.
pub fn read_text(text: &str) -> Result<Vec<GameRecord>, ParseError> {
    record::read_all(text.strip_prefix('\u{feff}').unwrap_or(text))
}

/// A ply the engine has just judged, as [`annotate_records_reporting`]
/// tells it.
#[derive(Debug, Clone, Copy)]
pub struct EngineProgress<'a> {
    /// The game's index in its file, from 0.
    pub game: usize,
    /// The plies of the game's main line that were replayed (the engine
    /// judges them in order, from the first).
    pub plies: usize,
    /// The judgement.
    pub judgement: &'a PlyJudgement,
}

/// Annotates games already read.
#[must_use]
pub fn annotate_records(records: &[GameRecord], options: &Options) -> AnnotationReport {
    annotate_records_with(records, options, None)
}

/// Annotates games already read, with the engine's marks too when `engine`
/// is given: its `per_game` time for each game, its `total` (if any) for
/// all of them together.
#[must_use]
pub fn annotate_records_with(
    records: &[GameRecord],
    options: &Options,
    engine: Option<&Engine<'_>>,
) -> AnnotationReport {
    annotate_records_reporting(records, options, engine, &mut |_| {})
}

/// [`annotate_records_with`], telling `on_ply` each ply the engine judges
/// as soon as it is judged (`POST /v1/annotate?progress=true`).
#[must_use]
pub fn annotate_records_reporting(
    records: &[GameRecord],
    options: &Options,
    engine: Option<&Engine<'_>>,
    on_ply: &mut dyn FnMut(EngineProgress<'_>),
) -> AnnotationReport {
    let start = Instant::now();
    let games: Vec<AnnotatedGame> = records
        .iter()
        .enumerate()
        .map(|(index, game)| {
            let engine = engine.map(|engine| engine.for_game_since(start));
            annotate_game_reporting(index, game, options, engine.as_ref(), on_ply)
        })
        .collect();
    let written: Vec<GameRecord> = games.iter().map(|game| game.record.clone()).collect();
    AnnotationReport {
        record: record::write_all(&written),
        games,
    }
}

/// Replays the main line of `game` and annotates it.
#[must_use]
pub fn annotate_game(index: usize, game: &GameRecord, options: &Options) -> AnnotatedGame {
    annotate_game_with(index, game, options, None)
}

/// Replays the main line of `game` and annotates it, with the engine's
/// marks too when `engine` is given: the mark as the move's glyph, the
/// `[%eval]` comment, the better line as a variation.
#[must_use]
pub fn annotate_game_with(
    index: usize,
    game: &GameRecord,
    options: &Options,
    engine: Option<&Engine<'_>>,
) -> AnnotatedGame {
    annotate_game_reporting(index, game, options, engine, &mut |_| {})
}

/// [`annotate_game_with`], telling `on_ply` each ply the engine judges.
fn annotate_game_reporting(
    index: usize,
    game: &GameRecord,
    options: &Options,
    engine: Option<&Engine<'_>>,
    on_ply: &mut dyn FnMut(EngineProgress<'_>),
) -> AnnotatedGame {
    let (steps, conventions, stopped) = replay(game, options.default_rules, options.lang);
    let annotations = any::annotate(&steps);
    // Houses named as the record writes them (its Capitals tag).
    let wording = Wording {
        lang: options.lang,
        letters: conventions.letters,
    };
    let comments: Vec<String> = annotations
        .iter()
        .map(|annotation| annotation.sentence(wording))
        .collect();
    let mut record = game.clone();
    // The engine's comment first, then the vocabulary's goes in before it.
    let engine = engine.map(|engine| {
        let plies = steps.len();
        let review =
            engine_marks::judge_reporting(engine, &steps, conventions.letters, &mut |judgement| {
                on_ply(EngineProgress {
                    game: index,
                    plies,
                    judgement,
                });
            });
        engine_marks::insert_judgements(&mut record.moves, &review, options.lang);
        review
    });
    insert_comments(&mut record.moves, &annotations, &comments);
    AnnotatedGame {
        index,
        record,
        plies: steps.len(),
        annotations,
        comments,
        stopped,
        engine,
    }
}

/// The steps of the main line, as far as the engine plays them.
pub(crate) fn replay(
    game: &GameRecord,
    default_rules: Option<Ruleset>,
    lang: Lang,
) -> (Vec<PlayStep<AnyPosition>>, Conventions, Option<Stop>) {
    let setup_stop = |error: record::SetupError| Stop {
        ply: 0,
        played: None,
        rule: error.rule,
        message: error.message.localize(lang),
    };
    let start = setup::ruleset_of(&game.tags, default_rules)
        .and_then(|rules| AnyPosition::from_tags(rules, &game.tags));
    let (start, conventions) = match start {
        Ok(start) => start,
        Err(error) => return (Vec::new(), Conventions::default(), Some(setup_stop(error))),
    };
    let mut steps = Vec::new();
    let mut line = Game::new(start);
    for (index, written) in game.main_line().enumerate() {
        let stop = |rule, message| Stop {
            ply: index + 1,
            played: Some(written.text.clone()),
            rule,
            message,
        };
        let before = line.position().clone();
        let played = match before.parse_move(&written.text, conventions) {
            Ok(played) => played,
            Err(error) => {
                return (
                    steps,
                    conventions,
                    Some(stop(RuleId::Syntax, error.to_string())),
                );
            }
        };
        match line.play(played) {
            Ok(outcome) => steps.push(PlayStep {
                played,
                before,
                outcome,
                after: line.position().clone(),
            }),
            Err(error) => {
                let message = error.explanation(conventions.in_lang(lang));
                return (steps, conventions, Some(stop(error.rule(), message)));
            }
        }
    }
    (steps, conventions, None)
}

/// Puts each ply's comments right after its move in the main line (before
/// the comments and variations already there), one comment a ply, unless
/// the same comment is already there.
fn insert_comments(nodes: &mut Vec<Node>, annotations: &[AnyAnnotation], comments: &[String]) {
    let mut at_ply: Vec<(usize, String)> = Vec::new();
    for (annotation, comment) in annotations.iter().zip(comments) {
        match at_ply.last_mut() {
            Some((ply, text)) if *ply == annotation.ply() => {
                text.push(' ');
                text.push_str(comment);
            }
            _ => at_ply.push((annotation.ply(), comment.clone())),
        }
    }
    let mut out = Vec::with_capacity(nodes.len() + at_ply.len());
    let mut pending = at_ply.into_iter().peekable();
    let mut ply = 0;
    let mut old = std::mem::take(nodes).into_iter().peekable();
    while let Some(node) = old.next() {
        let is_move = matches!(node, Node::Move(_));
        out.push(node);
        if !is_move {
            continue;
        }
        ply += 1;
        let Some((_, comment)) = pending.next_if(|(at, _)| *at == ply) else {
            continue;
        };
        // The comments already after this move, up to the next move.
        let mut following = Vec::new();
        while let Some(next) = old.next_if(|n| !matches!(n, Node::Move(_))) {
            following.push(next);
        }
        let known = following
            .iter()
            .any(|n| matches!(n, Node::Comment(text) if *text == comment));
        if !known {
            out.push(Node::Comment(comment));
        }
        out.extend(following);
    }
    *nodes = out;
}

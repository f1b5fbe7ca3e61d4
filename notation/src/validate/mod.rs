//! The validator: replays every game of a record (and every variation,
//! from the position where it branches) and reports every problem, each
//! with its rule id, ply, move, line:column and the position before.
//!
//! ```
//! use songo_notation::validate::{validate_str, Options};
//! let report = validate_str("[Rules \"songo\"]\n\n1. S2 N4 2. S2 *\n", &Options::default());
//! let game = &report.games[0];
//! assert!(!game.valid);
//! let violation = &game.violations[0];
//! assert_eq!((violation.ply, violation.line, violation.column), (3, 3, 13));
//! assert_eq!(violation.rule.as_str(), "songo.sow");
//! assert_eq!(violation.message, "S2 is empty: there is nothing to sow; legal moves: S0 S1 S3 S4 S5 S6");
//! ```
//!
//! What is checked, by rule id:
//! - the moves, by the engine: `songo.sow`/`awale.sow` (empty house, a
//!   house of the side not to move), `songo.exit`, `songo.solidarity`,
//!   `awale.feed`, `abapa.feed` …; the replay of a line stops at its first
//!   refused move unless [`Options::keep_going`];
//! - `record.capture-claim`: a `+N` that is not what the move captures;
//! - `record.move-number`: a move number (`12.`, `12...`) that is not the
//!   number of the move it precedes (a missing move, when that move is then
//!   refused: the line stops there);
//! - `record.after-end`: a move after the rules ended the game;
//! - `record.result`: a `Result` that is not the computed one, or that
//!   claims a score for a game the rules have not ended (unless a
//!   `Termination` tag says it ended otherwise);
//! - `record.termination`: a `Termination` naming an end rule that does
//!   not hold;
//! - `record.setup`: a start position that is not a full game's (unless
//!   `[SetUp "fragment"]`), tags that contradict each other, an unknown ruleset;
//! - `syntax`: text that does not follow the grammar, a move that is
//!   no move of the game, or a `Date` that is not `YYYY.MM.DD`.

pub mod fix;
mod pipeline;
mod render;

use std::borrow::Cow;

use serde::Serialize;

pub use fix::{Applied, Fix, FixOutcome, apply_fixes, fix_str};
pub use pipeline::{Event, validate_batch, validate_sources};
pub use render::{Style, render_game, render_summary};

use crate::any::{AnyMove, AnyPosition};
use crate::conventions::Conventions;
use crate::error::Excerpt;
use crate::game::{Game, GameOver, GamePosition, Refusal as _};
use crate::i18n::{Lang, Localize, Message};
use crate::msg;
use crate::record::model::{KNOWN_NAMES, known_name_index};
use crate::record::parser::{
    MoveToken, Origin, PlainMoves, PlainToken, Pos, SyntaxError, Visitor, read_game,
};
use crate::record::reader::{GameText, games};
use crate::record::{FromTags, SetupError};
use crate::record::{Tag, Tags, names, ogn, serde::is_result_token, text_problem_error};
use crate::rule::RuleId;
use crate::ruleset::Ruleset;
use crate::seega::Victory;
use crate::side::Side;
use crate::verdict::{GameResult, Verdict};

/// How to validate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Play a refused move anyway when the board allows it, and go on
    /// checking (the move stays flagged).
    pub keep_going: bool,
    /// The ruleset of games that name none (default `songo`).
    pub default_rules: Option<Ruleset>,
    /// The language of the messages and hints (English by default).
    pub lang: Lang,
    /// The reports of valid games leave out their tags ([`GameReport::tags`]
    /// empty), for a caller that shows nothing of a valid game (`songo
    /// validate --quiet`): the tags are then read as slices of the text,
    /// and a valid game's are never copied.
    pub omit_valid_tags: bool,
}

/// One problem of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// The ply of the move (from 1); for a problem that is no move's, the
    /// plies played before it (0 for the set-up).
    pub ply: usize,
    /// The move as written, when the problem is a move's.
    #[serde(rename = "move")]
    pub played: Option<String>,
    /// Line in the file, from 1.
    pub line: usize,
    /// Column, from 1, in characters.
    pub column: usize,
    /// The rule broken.
    pub rule: RuleId,
    /// What is wrong, in a sentence, in the language of [`Options::lang`].
    pub message: String,
    /// How to fix it, when there is something to say.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// The position before the move (or the final position for a result).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<AnyPosition>,
    /// How deep in variations the move is (0: the main line).
    #[serde(skip_serializing_if = "is_zero")]
    pub variation: usize,
    /// Byte offset in the file (for sorting).
    #[serde(skip)]
    pub offset: usize,
    /// The line (or the part of it around the place), for diagnostics.
    #[serde(skip)]
    pub source_line: Excerpt,
    /// Characters to underline.
    #[serde(skip)]
    pub width: usize,
    /// The textual fix the hint names, when there is exactly one and it
    /// keeps the meaning of every move (see [`fix`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<Fix>,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde passes a reference
fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The claimed and the computed result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct ResultCheck {
    /// The `Result` tag (else the result token), `None` when the record has neither.
    pub claimed: Option<String>,
    /// The result the replay gives: the score when the game is over, `*`
    /// when it is not, `None` when the replay stopped before the end.
    pub computed: Option<String>,
}

impl ResultCheck {
    /// The result that stands: the computed one when the replay reached an
    /// end, else the one claimed (a game stopped early by resignation or
    /// adjudication, a forfeit, a replay that stopped on a fault).
    #[must_use]
    pub fn standing(&self) -> Option<&str> {
        self.computed
            .as_deref()
            .filter(|result| *result != "*")
            .or(self.claimed.as_deref())
    }
}

/// How the replayed game ended, as the report writes it: the rule, the
/// winner and Seega's kind of victory; the score is the computed result.
#[allow(clippy::ref_option)] // serde's serialize_with passes a reference
fn serialize_end<S: serde::Serializer>(
    end: &Option<GameOver>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct End {
        rule: RuleId,
        winner: Option<Side>,
        #[serde(skip_serializing_if = "Option::is_none")]
        victory: Option<Victory>,
    }
    end.map(|over| End {
        rule: over.rule,
        winner: over.winner,
        victory: over.victory(),
    })
    .serialize(serializer)
}

/// The validation of one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameReport {
    /// The file it was read from, when validating files.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// Its index in the file, from 0.
    pub index: usize,
    /// Its tags.
    pub tags: Tags,
    /// Whether it has no violation.
    pub valid: bool,
    /// Moves of its main line, as recorded.
    pub plies: usize,
    /// Every problem, in the order of the text (the first
    /// [`MAX_VIOLATIONS`] found).
    pub violations: Vec<Violation>,
    /// Problems found past [`MAX_VIOLATIONS`] and not reported.
    #[serde(skip_serializing_if = "is_zero")]
    pub omitted: usize,
    /// The result claimed and computed.
    pub result: ResultCheck,
    /// How the game ended, when the rules (or a declared end) ended it
    /// (serialized without the score: `result.computed` holds it).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "serialize_end"
    )]
    pub end: Option<GameOver>,
    /// The position where the main line's replay ended.
    #[serde(rename = "final")]
    pub final_position: Option<AnyPosition>,
    /// Who won, by [`crate::verdict`], on the result that stands
    /// ([`ResultCheck::standing`]); `None` while unfinished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Verdict>,
    /// The line the game starts on.
    #[serde(skip)]
    pub line: usize,
}

/// Counts over all games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Summary {
    /// Games read.
    pub games: usize,
    /// Games without violation.
    pub valid: usize,
    /// Games with at least one.
    pub invalid: usize,
    /// Main-line moves of all games.
    pub plies: usize,
    /// Violations of all games.
    pub violations: usize,
}

impl Summary {
    /// Counts one more game.
    pub fn add(&mut self, game: &GameReport) {
        self.games += 1;
        if game.valid {
            self.valid += 1;
        } else {
            self.invalid += 1;
        }
        self.plies += game.plies;
        self.violations += game.violations.len() + game.omitted;
    }
}

/// The validation of every game of some records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct ValidationReport {
    /// One report per game, in order.
    pub games: Vec<GameReport>,
    /// The counts.
    pub summary: Summary,
}

/// Validates every game of a text.
#[must_use]
pub fn validate_str(text: &str, options: &Options) -> ValidationReport {
    let mut report = ValidationReport::default();
    for game in games(text) {
        let game = validate_game(&game, options);
        report.summary.add(&game);
        report.games.push(game);
    }
    report
}

/// Validates one game split from a file.
#[must_use]
pub fn validate_game(game: &GameText<'_>, options: &Options) -> GameReport {
    validate_game_observed(game, options, None)
}

/// What a caller sees of a game's main line while it is validated, so
/// that it need not read and replay the game again (the archive indexes
/// the positions of the one replay).
pub trait MainLineObserver {
    /// A move of the main line as written, in order, with its capture
    /// claim, whether or not the replay can play it.
    fn written(&mut self, text: &str, claim: Option<u32>);
    /// The replay is about to play `mv`, a main-line move, from `before`.
    fn playing(&mut self, before: &AnyPosition, mv: AnyMove);
    /// The move of the last [`MainLineObserver::playing`] was played (a
    /// refused one is not: the main line's replay stops there, or, with
    /// [`Options::keep_going`], goes on unseen).
    fn played(&mut self);
}

/// [`validate_game`], showing the main line to `observer` as it is read
/// and replayed.
#[must_use]
pub fn validate_game_observed<'o>(
    game: &GameText<'_>,
    options: &'o Options,
    observer: Option<&'o mut dyn MainLineObserver>,
) -> GameReport {
    validate_game_reusing(game, options, observer, &mut Vec::new())
}

/// [`validate_game_observed`] with a list of tags to reuse (for the
/// games of a batch: one allocation for all).
fn validate_game_reusing<'o>(
    game: &GameText<'_>,
    options: &'o Options,
    observer: Option<&'o mut dyn MainLineObserver>,
    tags: &mut Vec<TagRead>,
) -> GameReport {
    let mut validator = GameValidator::new(options, game.index, &game.text, std::mem::take(tags));
    validator.sink.observer = observer;
    if let Some(problem) = game.problem {
        let error = text_problem_error(&game.text, game.origin, problem);
        validator.syntax(error, 0);
    }
    let report = read_game(&game.text, game.origin, &mut validator);
    *tags = std::mem::take(&mut validator.tags);
    report
}

/// Validates the games of a batch, reusing what can be from one game to
/// the next.
fn validate_games<'t>(
    games: impl Iterator<Item = GameText<'t>>,
    options: &Options,
) -> Vec<GameReport> {
    let mut tags = Vec::new();
    games
        .map(|game| validate_game_reusing(&game, options, None, &mut tags))
        .collect()
}

/// A move read but not played yet: a variation may still branch before it.
#[derive(Clone, Copy)]
struct Pending<'a, M> {
    mv: M,
    text: &'a str,
    claim: Option<u32>,
    at: Pos<'a>,
    /// A wrong move number comes before it: refused, it is no more than
    /// the sign of a missing move (already reported).
    after_bad_number: bool,
}

/// A pending move as the fast path keeps it: without its place, which is
/// built from `at` only when needed ([`Quick::pending`]).
#[derive(Clone, Copy)]
struct Quick<M = AnyMove> {
    mv: M,
    claim: Option<u32>,
    /// Byte offset of the move in the game's text.
    at: usize,
    /// Bytes of the move's text.
    length: usize,
}

/// A move token the fast path read, for the general path to go on with.
#[derive(Clone, Copy)]
struct QuickToken {
    at: usize,
    length: usize,
    claim: Option<u32>,
}

impl QuickToken {
    fn token<'a>(self, moves: &PlainMoves<'a>) -> MoveToken<'a> {
        MoveToken {
            text: moves.text(self.at, self.length),
            claim: self.claim,
            at: moves.place(self.at),
        }
    }
}

/// How the fast path's loop ended.
enum PlainEnd {
    /// At something it does not read (or the end).
    Read,
    /// The move before `token` was refused: [`Lines::refused`] reports
    /// it (the move is pending again), then `token` is read.
    Refused {
        refusal: crate::any::AnyIllegal,
        token: QuickToken,
    },
    /// `token` is no move of the game (the move before it is played).
    Unreadable {
        error: crate::any::AnyMoveError,
        token: QuickToken,
    },
}

/// What the fast path replays on: the main line's game, or the bare
/// position of a sowing game without history.
trait PlainReplay {
    type Move: Copy;
    /// The position before a move, kept for a claim to check.
    type Before;
    fn parse_usual(&self, bytes: &[u8], conventions: Conventions) -> Option<Self::Move>;
    fn parse_move(
        &self,
        text: &str,
        conventions: Conventions,
    ) -> Result<Self::Move, crate::any::AnyMoveError>;
    fn before(&self) -> Self::Before;
    fn any_before(before: Self::Before) -> AnyPosition;
    /// Shows the observer the move `token` as written.
    fn written(&self, sink: &mut Sink<'_>, moves: &PlainMoves<'_>, token: QuickToken);
    /// Plays `mv` as `Lines::flush` does, the observer told.
    fn play(&mut self, mv: Self::Move, sink: &mut Sink<'_>) -> Result<u32, crate::any::AnyIllegal>;
}

impl PlainReplay for Replayed {
    type Move = AnyMove;
    type Before = AnyPosition;

    #[inline(always)]
    fn parse_usual(&self, bytes: &[u8], conventions: Conventions) -> Option<AnyMove> {
        self.position().parse_usual(bytes, conventions)
    }

    fn parse_move(
        &self,
        text: &str,
        conventions: Conventions,
    ) -> Result<AnyMove, crate::any::AnyMoveError> {
        self.position().parse_move(text, conventions)
    }

    #[inline(always)]
    fn before(&self) -> AnyPosition {
        self.position().clone()
    }

    fn any_before(before: AnyPosition) -> AnyPosition {
        before
    }

    #[inline(always)]
    fn written(&self, sink: &mut Sink<'_>, moves: &PlainMoves<'_>, token: QuickToken) {
        if let Some(observer) = sink.observer.as_mut() {
            observer.written(moves.text(token.at, token.length), token.claim);
        }
    }

    #[inline(always)]
    fn play(&mut self, mv: AnyMove, sink: &mut Sink<'_>) -> Result<u32, crate::any::AnyIllegal> {
        if let Some(observer) = sink.observer.as_mut() {
            observer.playing(self.position(), mv);
        }
        let played = self.play_captured(mv);
        if played.is_ok()
            && let Some(observer) = sink.observer.as_mut()
        {
            observer.played();
        }
        played
    }
}

/// A sowing game's position and its count of moves, played on directly:
/// what `Game::play_captured` does when the game keeps no history. No
/// observer (it sees the `Game`).
struct BareSowing<'g> {
    position: &'g mut crate::Position,
    count: &'g mut usize,
}

impl PlainReplay for BareSowing<'_> {
    type Move = crate::House;
    type Before = crate::Position;

    #[inline(always)]
    fn parse_usual(&self, bytes: &[u8], conventions: Conventions) -> Option<crate::House> {
        self.position.parse_usual(bytes, conventions)
    }

    fn parse_move(
        &self,
        text: &str,
        conventions: Conventions,
    ) -> Result<crate::House, crate::any::AnyMoveError> {
        GamePosition::parse_move(&*self.position, text, conventions)
            .map_err(crate::any::AnyMoveError::Sowing)
    }

    #[inline(always)]
    fn before(&self) -> crate::Position {
        *self.position
    }

    fn any_before(before: crate::Position) -> AnyPosition {
        AnyPosition::Sowing(before)
    }

    #[inline(always)]
    fn written(&self, _sink: &mut Sink<'_>, _moves: &PlainMoves<'_>, _token: QuickToken) {}

    #[inline(always)]
    fn play(
        &mut self,
        mv: crate::House,
        _sink: &mut Sink<'_>,
    ) -> Result<u32, crate::any::AnyIllegal> {
        let captured = self
            .position
            .play_captured(mv)
            .map_err(crate::any::AnyIllegal::Sowing)?;
        *self.count += 1;
        Ok(captured)
    }
}

/// The main line as the fast path reads it.
struct PlainLine<'m, 'a> {
    moves: &'m mut PlainMoves<'a>,
    ply: &'m mut usize,
    branchable: &'m mut bool,
    /// The validator's count of main-line moves.
    plies: &'m mut usize,
    shift: usize,
    conventions: Conventions,
}

impl PlainLine<'_, '_> {
    /// The loop of [`Lines::plain_moves`] on `replay`, `pending` the
    /// move read and not played yet.
    #[inline(always)]
    fn replay<R: PlainReplay>(
        &mut self,
        replay: &mut R,
        pending: &mut Option<Quick<R::Move>>,
        sink: &mut Sink<'_>,
    ) -> PlainEnd
    where
        AnyMove: From<R::Move>,
    {
        let moves = &mut *self.moves;
        // The counts in registers, written back once at the end.
        let (mut ply, mut plies, mut branchable) = (*self.ply, *self.plies, *self.branchable);
        let end = 'replay: {
            while let Some(token) = moves.peek() {
                let (bytes, claim) = match token {
                    PlainToken::Number { value, .. } => {
                        let ply = ply + usize::from(pending.is_some());
                        let expected = move_number_of(ply, self.shift);
                        // A wrong number is left to the reader, which
                        // reports it; so is a number without its value (20
                        // digits or more, which `peek`'s window never holds).
                        if value != u64::try_from(expected).ok() {
                            break;
                        }
                        moves.accept(&token);
                        continue;
                    }
                    PlainToken::Move { bytes, claim, .. } => (bytes, claim),
                };
                #[cfg(test)]
                tests::count_fast_move();
                let at = moves.token_start();
                let length = bytes.len();
                let usual = replay.parse_usual(bytes, self.conventions);
                moves.accept(&token);
                let token = QuickToken { at, length, claim };
                // What the validator's `san` does before the replay's.
                plies += 1;
                replay.written(sink, moves, token);
                // The move before is played: `Lines::flush`.
                if let Some(before_move) = *pending {
                    let before = before_move.claim.map(|_| replay.before());
                    match replay.play(before_move.mv, sink) {
                        Ok(captured) => {
                            ply += 1;
                            if before_move.claim.is_some_and(|claim| claim != captured) {
                                let any = Quick {
                                    mv: AnyMove::from(before_move.mv),
                                    claim: before_move.claim,
                                    at: before_move.at,
                                    length: before_move.length,
                                };
                                let before = before.map(R::any_before);
                                check_claim(
                                    sink,
                                    &any.pending(moves),
                                    captured,
                                    ply,
                                    0,
                                    before,
                                    true,
                                );
                            }
                        }
                        Err(refusal) => break 'replay PlainEnd::Refused { refusal, token },
                    }
                }
                // The move is read: `Lines::read_move`.
                branchable = false;
                let read = match usual {
                    Some(mv) => Ok(mv),
                    None => replay.parse_move(moves.text(at, length), self.conventions),
                };
                match read {
                    Ok(mv) => {
                        *pending = Some(Quick {
                            mv,
                            claim,
                            at,
                            length,
                        });
                    }
                    Err(error) => {
                        *pending = None;
                        break 'replay PlainEnd::Unreadable { error, token };
                    }
                }
            }
            PlainEnd::Read
        };
        (*self.ply, *self.plies, *self.branchable) = (ply, plies, branchable);
        end
    }
}

impl Quick {
    /// The pending move as [`Lines::san`] keeps it (no wrong number
    /// before it: the fast path reads none).
    #[inline]
    fn pending<'a>(self, moves: &PlainMoves<'a>) -> Pending<'a, AnyMove> {
        Pending {
            mv: self.mv,
            text: moves.text(self.at, self.length),
            claim: self.claim,
            at: moves.place(self.at),
            after_bad_number: false,
        }
    }
}

/// The game a line replays: a position of any game, with the history
/// the rules need.
type Replayed = Game<AnyPosition>;

/// The fix of a wrong move number, and the index of its violation (`None`
/// when it was only counted).
type NumberFix = (Option<usize>, Fix);

/// One line being replayed: the main line or a variation.
struct Line<'a> {
    /// The game after the moves played; `None` for a variation that could
    /// not branch.
    game: Option<Replayed>,
    /// Plies played on `game` since the start of the game.
    ply: usize,
    pending: Option<Pending<'a, AnyMove>>,
    /// The replay of this line stopped at a refused move.
    stopped: bool,
    /// The last move was the refused one: `game` is the position before it,
    /// where a variation replacing it branches.
    branchable: bool,
    /// The last move number read is not the next move's.
    misnumbered: bool,
    /// The fix of that wrong number (with its violation), kept until the
    /// move after it is played: only a legal move makes it safe (boxed:
    /// it is rare, and moved with every move read).
    number_fix: Option<Box<NumberFix>>,
    /// The fix of the wrong number before the pending move.
    pending_number_fix: Option<Box<NumberFix>>,
}

impl Line<'_> {
    fn new(game: Option<Replayed>, ply: usize) -> Self {
        Line {
            game,
            ply,
            pending: None,
            stopped: false,
            branchable: false,
            misnumbered: false,
            number_fix: None,
            pending_number_fix: None,
        }
    }
}

/// The most violations reported for one game; the others are only
/// counted ([`GameReport::omitted`]). A game of garbage would otherwise
/// report a violation every few bytes, each with its line.
pub const MAX_VIOLATIONS: usize = 100;

/// Where violations go, with what they need to be placed.
struct Sink<'o> {
    violations: Vec<Violation>,
    /// Violations found past [`MAX_VIOLATIONS`].
    omitted: usize,
    options: &'o Options,
    /// Who sees the main line, if anyone.
    observer: Option<&'o mut dyn MainLineObserver>,
}

impl Sink<'_> {
    /// Reports the violation `make` builds, unless too many are reported
    /// already (it is then counted, not built).
    fn push(&mut self, make: impl FnOnce() -> Violation) -> Option<usize> {
        if self.violations.len() < MAX_VIOLATIONS {
            self.violations.push(make());
            Some(self.violations.len() - 1)
        } else {
            self.omitted += 1;
            None
        }
    }

    /// Gives the violation pushed as `index` the fix its hint names.
    fn attach(&mut self, index: Option<usize>, fix: Option<Fix>) {
        if let (Some(index), Some(fix)) = (index, fix)
            && let Some(violation) = self.violations.get_mut(index)
        {
            violation.fix = Some(fix);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn at_move(
        &mut self,
        at: Pos<'_>,
        text: &str,
        width: usize,
        ply: usize,
        depth: usize,
        rule: RuleId,
        message: Message,
        hint: Option<Message>,
        before: Option<AnyPosition>,
    ) -> Option<usize> {
        let lang = self.options.lang;
        self.push(|| Violation {
            ply,
            played: Some(text.to_owned()),
            line: at.line(),
            column: at.column(),
            rule,
            message: message.localize(lang),
            hint: hint.map(|hint| hint.localize(lang)),
            before,
            variation: depth,
            offset: at.offset(),
            source_line: at.excerpt(),
            width,
            fix: None,
        })
    }

    /// The fix writing `replacement` instead of the `start..end` bytes of
    /// the file, which read `before`.
    fn fix(&self, start: usize, before: &str, replacement: String) -> Fix {
        let description = if before.is_empty() {
            msg!("fix-insert", after = replacement.as_str())
        } else {
            msg!("fix-replace", before = before, after = replacement.as_str())
        };
        Fix {
            start,
            end: start + before.len(),
            description: description.localize(self.options.lang),
            replacement,
        }
    }
}

/// The lines of a game being replayed, innermost last, and how its
/// moves are written.
struct Lines<'a> {
    stack: Vec<Line<'a>>,
    conventions: Conventions,
    /// 1 when North makes the first move: move numbers count pairs of
    /// plies from South's, as the writer numbers them (`1... N4 2. S4`).
    shift: usize,
    /// Where a `Capitals` tag would be written, for the letter-case fix.
    capitals: Option<CapitalsPlace<'a>>,
}

/// Where the letter-case fix writes: the value of the `Capitals` tag, or
/// a new tag line after the last tag.
#[derive(Clone, Copy)]
enum CapitalsPlace<'a> {
    /// The tag's value is at this byte offset, written as read.
    Value { start: usize, before: &'a str },
    /// A line inserted at this byte offset, ended as the tag lines are.
    NewLine { start: usize, crlf: bool },
}

impl<'a> Lines<'a> {
    fn new(
        start: AnyPosition,
        conventions: Conventions,
        first: Side,
        capitals: Option<CapitalsPlace<'a>>,
    ) -> Self {
        Lines {
            stack: vec![Line::new(Some(Game::new(start)), 0)],
            conventions,
            shift: usize::from(first == Side::North),
            capitals,
        }
    }

    /// `record.move-number`: a move number must be the number of the move
    /// it precedes, counted as the writer counts (the move number of ply
    /// `p`, from 0, is `(p + shift) / 2 + 1`).
    #[inline]
    fn move_number(&mut self, number: &str, width: usize, at: Pos<'a>, sink: &mut Sink<'_>) {
        let shift = self.shift;
        let Some(line) = self.stack.last_mut() else {
            return;
        };
        if line.stopped || line.game.is_none() {
            return;
        }
        let ply = line.ply + usize::from(line.pending.is_some());
        let expected = move_number_of(ply, shift);
        if !number_is(number.as_bytes(), expected) {
            self.wrong_number(number, width, at, sink, ply, expected);
        }
    }

    /// `record.move-number`: the number read is not `expected`, the number
    /// of ply `ply + 1` (out of the hot path: a rare case).
    #[cold]
    #[inline(never)]
    fn wrong_number(
        &mut self,
        number: &str,
        width: usize,
        at: Pos<'a>,
        sink: &mut Sink<'_>,
        ply: usize,
        expected: usize,
    ) {
        let shift = self.shift;
        let depth = self.depth();
        let Some(line) = self.stack.last_mut() else {
            return;
        };
        line.misnumbered = true;
        let right = if (ply + shift).is_multiple_of(2) {
            format!("{expected}.")
        } else {
            format!("{expected}...")
        };
        let right_fix = sink.fix(
            at.offset(),
            at.rest().get(..width).unwrap_or_default(),
            right.clone(),
        );
        let index = sink.push(|| Violation {
            ply: ply + 1,
            played: None,
            line: at.line(),
            column: at.column(),
            rule: RuleId::RecordMoveNumber,
            message: msg!(
                "record-move-number",
                number = number,
                expected = expected,
                ply = ply + 1
            )
            .localize(sink.options.lang),
            hint: Some(msg!("hint-move-number", right = right).localize(sink.options.lang)),
            before: None,
            variation: depth,
            offset: at.offset(),
            source_line: at.excerpt(),
            width,
            fix: None,
        });
        line.number_fix = Some(Box::new((index, right_fix)));
    }

    fn depth(&self) -> usize {
        self.stack.len() - 1
    }

    /// The ply the next move of the innermost line would have.
    fn next_ply(&self) -> usize {
        self.stack
            .last()
            .map_or(1, |line| line.ply + usize::from(line.pending.is_some()) + 1)
    }

    #[inline]
    fn san(&mut self, token: MoveToken<'a>, sink: &mut Sink<'_>) {
        self.flush(sink);
        self.read_move(token, sink);
    }

    /// What [`Lines::san`] does once the move before `token` is played:
    /// `token` read as the innermost line's pending move.
    #[inline]
    fn read_move(&mut self, token: MoveToken<'a>, sink: &mut Sink<'_>) {
        let Some(line) = self.stack.last_mut() else {
            return;
        };
        line.branchable = false;
        if line.stopped {
            return;
        }
        let Some(game) = &line.game else {
            return;
        };
        let after_bad_number = std::mem::take(&mut line.misnumbered);
        let number_fix = line.number_fix.take();
        match game.position().parse_move(token.text, self.conventions) {
            Ok(mv) => {
                line.pending_number_fix = number_fix;
                line.pending = Some(Pending {
                    mv,
                    text: token.text,
                    claim: token.claim,
                    at: token.at,
                    after_bad_number,
                });
            }
            Err(error) => self.unreadable(&token, &error, sink),
        }
    }

    /// `syntax`: the innermost line's move `token` is no move of its game;
    /// the line stops there.
    #[cold]
    #[inline(never)]
    fn unreadable(
        &mut self,
        token: &MoveToken<'a>,
        error: &crate::any::AnyMoveError,
        sink: &mut Sink<'_>,
    ) {
        let depth = self.depth();
        let Some(line) = self.stack.last_mut() else {
            return;
        };
        let Some(game) = &line.game else {
            return;
        };
        let message = error.message();
        let before = Some(game.position().clone());
        sink.at_move(
            token.at,
            token.text,
            token.text.chars().count(),
            line.ply + 1,
            depth,
            RuleId::Syntax,
            message,
            None,
            before,
        );
        line.stopped = true;
        line.branchable = true;
    }

    /// Plays the innermost line's pending move, if any: a legal move is
    /// played ([`Lines::after_legal`]), a refused one reported
    /// ([`Lines::refused`]).
    fn flush(&mut self, sink: &mut Sink<'_>) {
        let depth = self.depth();
        let Some(line) = self.stack.last_mut() else {
            return;
        };
        // Field by field: copying the whole pending move back from memory
        // written a moment ago stalls the processor.
        let (mv, claim) = match &line.pending {
            Some(pending) => (pending.mv, pending.claim),
            None => return,
        };
        let Some(game) = line.game.as_mut() else {
            line.pending = None;
            return;
        };
        // The position before the move is kept only for a claim to check.
        let before = claim.map(|_| game.position().clone());
        let observed = depth == 0 && sink.observer.is_some();
        if observed && let Some(observer) = sink.observer.as_mut() {
            observer.playing(game.position(), mv);
        }
        match game.play_captured(mv) {
            Ok(captured) => {
                if observed && let Some(observer) = sink.observer.as_mut() {
                    observer.played();
                }
                Self::after_legal(line, sink, captured, before, depth);
            }
            Err(refusal) => self.refused(sink, &refusal),
        }
    }

    /// After the pending move of `line` was played and took `captured`
    /// seeds: the fix of a wrong number before it is now safe, and its
    /// capture claim is checked.
    fn after_legal(
        line: &mut Line<'a>,
        sink: &mut Sink<'_>,
        captured: u32,
        before: Option<AnyPosition>,
        depth: usize,
    ) {
        if let Some(number_fix) = line.pending_number_fix.take() {
            let (index, fix) = *number_fix;
            sink.attach(index, Some(fix));
        }
        line.ply += 1;
        // The pending move is read back only for a wrong claim.
        let claim = line.pending.as_ref().and_then(|pending| pending.claim);
        if claim.is_some_and(|claim| claim != captured)
            && let Some(pending) = line.pending.take()
        {
            check_claim(sink, &pending, captured, line.ply, depth, before, true);
        }
        line.pending = None;
    }

    /// The innermost line's pending move was refused: reported (with the
    /// letter-case hint and its fix when another case reads it as legal),
    /// then played anyway with [`Options::keep_going`], else the line stops.
    #[cold]
    #[inline(never)]
    fn refused(&mut self, sink: &mut Sink<'_>, refusal: &crate::any::AnyIllegal) {
        let depth = self.depth();
        let conventions = self.conventions;
        let capitals = self.capitals;
        let Some(line) = self.stack.last_mut() else {
            return;
        };
        line.pending_number_fix = None;
        let (Some(pending), Some(game)) = (line.pending.take(), line.game.as_mut()) else {
            return;
        };
        if pending.after_bad_number {
            // The wrong number before it said it: a move is missing.
            line.stopped = true;
            line.branchable = true;
            return;
        }
        let letter_case = other_letter_case(game.position(), refusal, pending.text, conventions);
        // Only the first move: a move read before it would be read anew.
        let capitals_fix = match (&letter_case, capitals) {
            (Some((_, side)), Some(place)) if line.ply == 0 && depth == 0 => {
                Some(capitals_fix(sink, place, *side))
            }
            _ => None,
        };
        let hint = letter_case.map(|(hint, _)| hint);
        let (rule, message) = refusal_message(refusal, conventions);
        let position = game.position().clone();
        let index = sink.at_move(
            pending.at,
            pending.text,
            token_width(&pending),
            line.ply + 1,
            depth,
            rule,
            message,
            hint,
            Some(position.clone()),
        );
        sink.attach(index, capitals_fix);
        if sink.options.keep_going
            && let Ok(played) = game.play_anyway(pending.mv)
        {
            line.ply += 1;
            check_claim(
                sink,
                &pending,
                crate::game::Outcome::captured(&played),
                line.ply,
                depth,
                Some(position),
                false,
            );
            return;
        }
        line.stopped = true;
        line.branchable = true;
    }

    /// The fast path of the main line: plain move numbers and moves read
    /// from `moves` and replayed at once, with what [`Lines::move_number`]
    /// and [`Visitor::san`] would do, in the same order (violations,
    /// observer calls), but without a place built or a pending move stored
    /// per move. It reads only what it can take through to the end: a
    /// wrong move number is left to the reader (nothing is done before it
    /// is seen); a refused or unreadable move is handled as
    /// [`Lines::san`] handles it, and the fast path ends there. The last
    /// move read stays pending (a variation may replace it). The main line
    /// must be alone and in its ordinary state, else nothing is read.
    // Never inlined: a loop of its own, whose state the compiler keeps in
    // registers (inlined into the reader's loop, it spilled them).
    #[inline(never)]
    fn plain_moves(&mut self, moves: &mut PlainMoves<'a>, sink: &mut Sink<'_>, plies: &mut usize) {
        let [line] = self.stack.as_mut_slice() else {
            return;
        };
        if line.stopped
            || line.misnumbered
            || line.number_fix.is_some()
            || line.pending_number_fix.is_some()
            || line.pending.as_ref().is_some_and(|p| p.after_bad_number)
        {
            return;
        }
        let Line {
            game: Some(game),
            ply,
            branchable,
            pending,
            ..
        } = line
        else {
            return;
        };
        let mut plain = PlainLine {
            moves,
            ply,
            branchable,
            plies,
            shift: self.shift,
            conventions: self.conventions,
        };
        let quick = pending.take().map(|p| Quick {
            mv: p.mv,
            claim: p.claim,
            at: p.at.in_game(),
            length: p.text.len(),
        });
        let sowing_pending = match quick {
            None => Some(None),
            Some(Quick {
                mv: AnyMove::Sowing(house),
                claim,
                at,
                length,
            }) => Some(Some(Quick {
                mv: house,
                claim,
                at,
                length,
            })),
            Some(_) => None,
        };
        // A sowing game that keeps no history is played on its bare
        // position (what `Game::play_captured` does then); an observer
        // sees the `Game`, and so do Seega and oware.
        let bare = match (game.bare(), sowing_pending) {
            (Some((AnyPosition::Sowing(position), count)), Some(sowing_pending))
                if sink.observer.is_none() =>
            {
                Some((position, count, sowing_pending))
            }
            _ => None,
        };
        let (quick, end) = match bare {
            Some((position, count, mut sowing_pending)) => {
                let mut replay = BareSowing { position, count };
                let end = plain.replay(&mut replay, &mut sowing_pending, sink);
                let quick = sowing_pending.map(|q| Quick {
                    mv: AnyMove::Sowing(q.mv),
                    claim: q.claim,
                    at: q.at,
                    length: q.length,
                });
                (quick, end)
            }
            None => {
                let mut quick = quick;
                let end = plain.replay(game, &mut quick, sink);
                (quick, end)
            }
        };
        *pending = quick.map(|quick| quick.pending(moves));
        match end {
            PlainEnd::Read => {}
            PlainEnd::Refused { refusal, token } => {
                // As `Lines::san`: the move before refused, then this one read.
                self.refused(sink, &refusal);
                self.read_move(token.token(moves), sink);
            }
            PlainEnd::Unreadable { error, token } => {
                self.unreadable(&token.token(moves), &error, sink);
            }
        }
    }

    fn begin_variation(&mut self) {
        let Some(parent) = self.stack.last() else {
            return;
        };
        let branch = match (&parent.game, parent.pending.is_some()) {
            (Some(game), true) if !parent.stopped => Some(game.clone()),
            (Some(game), _) if parent.branchable => Some(game.clone()),
            _ => None,
        };
        let ply = parent.ply;
        self.stack.push(Line::new(branch, ply));
    }

    fn end_variation(&mut self, sink: &mut Sink<'_>) {
        if self.stack.len() > 1 {
            self.flush(sink);
            self.stack.pop();
        }
    }

    /// Flushes every line; the main line is what is left.
    fn finish(&mut self, sink: &mut Sink<'_>) -> &Line<'a> {
        while self.stack.len() > 1 {
            self.end_variation(sink);
        }
        self.flush(sink);
        &self.stack[0]
    }
}

/// The number written before ply `ply` (from 0) of a line, as the writer
/// numbers moves (`record.move-number`): pairs of plies counted from
/// South's, `shift` 1 when North makes the first move.
#[inline(always)]
fn move_number_of(ply: usize, shift: usize) -> usize {
    (ply + shift) / 2 + 1
}

/// Whether the digits of `number` (a move number as read: ASCII digits)
/// write `expected`, leading zeros allowed as `str::parse` allows them.
/// By hand: this runs on every move number, and `parse` is several times
/// slower. Always inlined: with its fast path the compiler stopped inlining it.
#[inline(always)]
fn number_is(number: &[u8], expected: usize) -> bool {
    if number.len() < 20 {
        // Nineteen digits cannot overflow a u64: no check per digit.
        let mut value: u64 = 0;
        for &byte in number {
            let digit = byte.wrapping_sub(b'0');
            if digit > 9 {
                return false;
            }
            value = value * 10 + u64::from(digit);
        }
        return !number.is_empty()
            && u64::try_from(expected).is_ok_and(|expected| expected == value);
    }
    let mut value: usize = 0;
    for &byte in number {
        let digit = usize::from(byte.wrapping_sub(b'0'));
        if digit > 9 {
            return false;
        }
        value = match value.checked_mul(10).and_then(|v| v.checked_add(digit)) {
            Some(value) => value,
            None => return false,
        };
    }
    !number.is_empty() && value == expected
}

/// Characters a move token takes: its text and claim.
fn token_width<M>(pending: &Pending<'_, M>) -> usize {
    let digits = |n: u32| n.checked_ilog10().map_or(1, |d| d as usize + 1);
    pending.text.chars().count() + pending.claim.map_or(0, |claim| 1 + digits(claim))
}

/// The rule a refused move breaks and what to say of it: the end of the
/// game for a move after it, else the engine's explanation and the legal
/// moves.
fn refusal_message(
    refusal: &crate::any::AnyIllegal,
    conventions: Conventions,
) -> (RuleId, Message) {
    match refusal.game_over() {
        Some(over) => (
            RuleId::RecordAfterEnd,
            msg!(
                "record-game-already-over",
                rule = over.rule.as_str(),
                score = over.score.to_string()
            ),
        ),
        None => (
            refusal.rule(),
            refusal.with_legal_moves(refusal.explanation_message(conventions), conventions),
        ),
    }
}

/// `fixable`: the move was legal (a claim on a refused move played anyway
/// gets no fix: the count is that of a move the rules refuse).
#[cold]
#[inline(never)]
fn check_claim(
    sink: &mut Sink<'_>,
    pending: &Pending<'_, impl Copy>,
    captured: u32,
    ply: usize,
    depth: usize,
    before: Option<AnyPosition>,
    fixable: bool,
) {
    if let Some(claim) = pending.claim
        && claim != captured
    {
        let hint = if captured == 0 {
            msg!("hint-claim-nothing", move = pending.text)
        } else {
            msg!("hint-claim", move = pending.text, captured = captured)
        };
        let fix = fixable
            .then(|| claim_fix(sink, pending, captured))
            .flatten();
        let index = sink.at_move(
            pending.at,
            pending.text,
            token_width(pending),
            ply,
            depth,
            RuleId::RecordCaptureClaim,
            msg!(
                "record-wrong-claim",
                move = pending.text,
                claim = claim,
                captured = captured
            ),
            Some(hint),
            before,
        );
        sink.attach(index, fix);
    }
}

/// The claim written as what the move captures: the move's text and its
/// claim, as written (`S5+011`), become `S5+11`, or `S5` for nothing.
fn claim_fix(sink: &Sink<'_>, pending: &Pending<'_, impl Copy>, captured: u32) -> Option<Fix> {
    let token = pending.at.rest();
    let claim = token.get(pending.text.len()..)?.strip_prefix('+')?;
    let digits = claim.bytes().take_while(u8::is_ascii_digit).count();
    let before = token.get(..pending.text.len() + 1 + digits)?;
    let after = if captured == 0 {
        pending.text.to_owned()
    } else {
        format!("{}+{captured}", pending.text)
    };
    Some(sink.fix(pending.at.offset(), before, after))
}

/// The fix that writes `[Capitals "South"]` (or North) where `place` says.
fn capitals_fix(sink: &Sink<'_>, place: CapitalsPlace<'_>, side: Side) -> Fix {
    let name = match side {
        Side::South => "South",
        Side::North => "North",
    };
    match place {
        CapitalsPlace::Value { start, before } => sink.fix(start, before, name.to_owned()),
        CapitalsPlace::NewLine { start, crlf } => {
            let end = if crlf { "\r\n" } else { "\n" };
            sink.fix(start, "", format!("[{} \"{name}\"]{end}", names::CAPITALS))
        }
    }
}

/// An Awalé move refused as a house of the side not to move, which the
/// other letter case would read as a legal move: the hint names the
/// `Capitals` tag that reads the record as it was written.
fn other_letter_case(
    position: &AnyPosition,
    refusal: &crate::any::AnyIllegal,
    text: &str,
    conventions: Conventions,
) -> Option<(Message, Side)> {
    use crate::conventions::LetterCase;
    if !refusal.is_wrong_side() || position.rules().board_game() != crate::BoardGame::Awale {
        return None;
    }
    let other = match conventions.letters {
        LetterCase::SouthUpper => LetterCase::NorthUpper,
        LetterCase::NorthUpper => LetterCase::SouthUpper,
    };
    let swapped = Conventions {
        letters: other,
        ..conventions
    };
    let read = position.parse_move(text, swapped).ok()?;
    position.check(read).ok()?;
    let side = other.upper_side();
    Some((
        msg!("hint-capitals-letter-case", side = side.as_str()),
        side,
    ))
}

/// The replay of the main line when it is over.
struct Finished {
    position: Option<AnyPosition>,
    /// The replay reached the last move.
    complete: bool,
    ply: usize,
    outcome: Option<GameOver>,
    /// A declared end: its outcome, or why it does not hold.
    declared: Option<Result<GameOver, Message>>,
}

impl<'a> Lines<'a> {
    /// The replay of the main line when it is over (`None`: no replay, the
    /// game could not be set up).
    fn finished(
        lines: Option<&mut Lines<'a>>,
        sink: &mut Sink<'_>,
        termination: Option<&str>,
    ) -> Finished {
        match lines {
            None => Finished {
                position: None,
                complete: false,
                ply: 0,
                outcome: None,
                declared: None,
            },
            Some(lines) => finished(lines.finish(sink), termination),
        }
    }
}

/// Whether `value` is a date as records write it: `YYYY.MM.DD`, each part
/// a number in its range or question marks (`????.??.??`), or `?`.
fn is_record_date(value: &str) -> bool {
    // `?` (or nothing) says the date is unknown, as for any roster tag.
    if value.is_empty() || value == "?" {
        return true;
    }
    // `year.month.day`, 4, 2 and 2 characters: the dots are at 4 and 7
    // (by bytes, without splitting: every game has a date).
    let bytes = value.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'.' || bytes[7] != b'.' {
        return false;
    }
    let (year, month, day) = (&value[..4], &value[5..7], &value[8..]);
    let part = |text: &str, width: usize, range: std::ops::RangeInclusive<u32>| {
        text.len() == width
            && (text.bytes().all(|b| b == b'?')
                || (text.bytes().all(|b| b.is_ascii_digit())
                    && text.parse::<u32>().is_ok_and(|n| range.contains(&n))))
    };
    part(year, 4, 0..=9999) && part(month, 2, 1..=12) && part(day, 2, 1..=31)
}

/// A score as its `Display` writes it (`41-29`), without the formatting
/// machinery, which took more than the rest of a game's end (every game
/// has a computed result).
fn score_text(score: crate::side::Score) -> String {
    // Written backwards: North's digits, the dash, South's.
    let mut text = [0_u8; 21];
    let mut at = text.len();
    for (index, number) in [score.north, score.south].into_iter().enumerate() {
        if index > 0 {
            at -= 1;
            text[at] = b'-';
        }
        let mut rest = number;
        loop {
            at -= 1;
            text[at] = b'0' + (rest % 10) as u8;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
    }
    // ASCII digits and a dash: always UTF-8.
    std::str::from_utf8(&text[at..])
        .unwrap_or_default()
        .to_owned()
}

/// What a `Termination` tag says.
enum Termination {
    /// Ended by the rules (no tag, or `normal`).
    Normal,
    /// Ended by this rule, declared.
    Rule(RuleId),
    /// Ended otherwise (resignation, time, adjudication …): nothing to check.
    Early,
}

fn termination(game: &AnyPosition, value: Option<&str>) -> Termination {
    let Some(value) = value.map(str::trim) else {
        return Termination::Normal;
    };
    if value.is_empty() || value.eq_ignore_ascii_case("normal") {
        return Termination::Normal;
    }
    if let Ok(rule) = value.parse::<RuleId>() {
        return Termination::Rule(rule);
    }
    game.termination_rule(value)
        .map_or(Termination::Early, Termination::Rule)
}

fn finished(line: &Line<'_>, termination_tag: Option<&str>) -> Finished {
    let Some(game) = &line.game else {
        return Finished {
            position: None,
            complete: false,
            ply: line.ply,
            outcome: None,
            declared: None,
        };
    };
    let complete = !line.stopped;
    let (outcome, declared) = if complete {
        match termination(game.position(), termination_tag) {
            Termination::Normal | Termination::Early => (game.game_over(), None),
            Termination::Rule(rule) => {
                let declared = game.position().declared_end(rule);
                (game.game_over(), Some(declared))
            }
        }
    } else {
        (None, None)
    };
    Finished {
        position: Some(game.position().clone()),
        complete,
        ply: line.ply,
        outcome,
        declared,
    }
}

/// The index in [`KNOWN_NAMES`] of a name of [`names`], as a constant.
macro_rules! known {
    ($name:ident) => {
        const { crate::record::model::known_index(names::$name) }
    };
}

/// The tags a game is set up from: [`FromTags`] and
/// [`Tags::first_side`] read no other (the validator reads `Rules` and
/// `Variant` itself).
const SETUP_NAMES: [(&str, usize); 5] = [
    (names::POSITION, known!(POSITION)),
    (names::FEN, known!(FEN)),
    (names::FIRST, known!(FIRST)),
    (names::CAPITALS, known!(CAPITALS)),
    (names::SETUP, known!(SETUP)),
];

/// A piece of a tag pair: a byte range of the game's text, or, for a value
/// with escapes, the value unescaped. Without a borrow of the text, a list
/// of them is reused from game to game of a batch.
enum Piece {
    Text(std::ops::Range<usize>),
    Unescaped(String),
}

impl Piece {
    /// `piece` as a range of `text` when it is a slice of it (found by
    /// its address), else a copy.
    fn of(text: &str, piece: &str) -> Piece {
        let start = (piece.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize);
        let range = start..start.wrapping_add(piece.len());
        // In `text`'s bounds, the range is `piece`'s own bytes: no need
        // to compare them.
        match text.get(range.clone()) {
            Some(_) => Piece::Text(range),
            None => Piece::Unescaped(piece.to_owned()),
        }
    }

    fn get<'t>(&'t self, text: &'t str) -> &'t str {
        match self {
            Piece::Text(range) => text.get(range.clone()).unwrap_or_default(),
            Piece::Unescaped(value) => value,
        }
    }
}

/// A tag pair as read.
struct TagRead {
    name: Piece,
    value: Piece,
    /// The name's index in [`KNOWN_NAMES`], when it is known.
    known: Option<usize>,
}

/// A tag name whose case does not count (`Event` and `EVENT` are one
/// key), compared and hashed without a lower-case copy.
#[derive(Debug, Clone, Copy)]
struct Caseless<'a>(&'a str);

impl PartialEq for Caseless<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_ignore_ascii_case(other.0)
    }
}

impl Eq for Caseless<'_> {}

impl std::hash::Hash for Caseless<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for byte in self.0.bytes() {
            state.write_u8(byte.to_ascii_lowercase());
        }
        state.write_u8(0xff);
    }
}

/// Tags of other names a game holds before [`GameValidator`] keeps a map
/// of their names: a game has a few, each compared with those before it.
const OTHER_TAGS_SEARCHED_IN_TURN: usize = 16;

/// The visitor that validates one game as it is read.
struct GameValidator<'a, 'o> {
    sink: Sink<'o>,
    index: usize,
    origin: Origin,
    /// The game's text.
    text: &'a str,
    /// Its tags as read, in order (a name read again replaces the first
    /// one's value, as [`Tags::push`] does); reused from game to game.
    tags: Vec<TagRead>,
    /// Where each tag of [`KNOWN_NAMES`] is in `tags`, by the name's index.
    known_tags: [Option<usize>; KNOWN_NAMES.len()],
    /// Where each other name is in `tags`, once they are many (till then
    /// `tags` is searched): a name is then found in a time that does not
    /// grow with the tags read before it.
    other_tags: Option<std::collections::HashMap<Caseless<'a>, usize>>,
    /// Where the value of each tag of [`KNOWN_NAMES`] was read (the last
    /// one of a name: it is the one kept), by the name's index: a
    /// violation points at no other tag (and a list of every place would
    /// cost an allocation a game).
    known_places: [Option<Pos<'a>>; KNOWN_NAMES.len()],
    /// Where the last tag's value was read.
    last_tag_place: Option<Pos<'a>>,
    first_place: Option<Pos<'a>>,
    /// The replay, once the tags have set the game up.
    replayer: Option<Lines<'a>>,
    plies: usize,
    depth: usize,
    result_token: Option<(&'a str, Pos<'a>)>,
    /// The tags are over.
    in_moves: bool,
}

impl<'a, 'o> GameValidator<'a, 'o> {
    /// Where the tag of `name`, not a known name, is in `tags`. A record
    /// of 100,000 tags took 41 s to validate when each name was compared
    /// with every one before it: past a few, a map of the names finds it.
    fn other_tag(&mut self, name: &'a str) -> Option<usize> {
        if self.other_tags.is_none() && self.tags.len() < OTHER_TAGS_SEARCHED_IN_TURN {
            return self.tags.iter().position(|old| {
                old.known.is_none() && old.name.get(self.text).eq_ignore_ascii_case(name)
            });
        }
        let (tags, text) = (&self.tags, self.text);
        let others = self.other_tags.get_or_insert_with(|| {
            tags.iter()
                .enumerate()
                .filter(|(_, tag)| tag.known.is_none())
                // A name is always a slice of the text (no escapes).
                .filter_map(|(index, tag)| match &tag.name {
                    Piece::Text(range) => Some((Caseless(text.get(range.clone())?), index)),
                    Piece::Unescaped(_) => None,
                })
                .collect()
        });
        others.get(&Caseless(name)).copied()
    }

    /// `tags`: a list to reuse (emptied).
    fn new(options: &'o Options, index: usize, text: &'a str, mut tags: Vec<TagRead>) -> Self {
        tags.clear();
        GameValidator {
            sink: Sink {
                violations: Vec::new(),
                omitted: 0,
                options,
                observer: None,
            },
            index,
            origin: Origin::default(),
            text,
            tags,
            known_tags: [None; KNOWN_NAMES.len()],
            other_tags: None,
            known_places: [None; KNOWN_NAMES.len()],
            last_tag_place: None,
            first_place: None,
            replayer: None,
            plies: 0,
            depth: 0,
            result_token: None,
            in_moves: false,
        }
    }

    fn syntax(&mut self, error: SyntaxError, ply: usize) {
        let SyntaxError { span, error } = error;
        let variation = self.depth;
        let lang = self.sink.options.lang;
        self.sink.push(|| {
            let width = error.width();
            Violation {
                ply,
                played: None,
                line: span.line,
                column: span.column,
                rule: RuleId::Syntax,
                message: error.message.localize(lang),
                hint: error.hint.map(|hint| hint.localize(lang)),
                before: None,
                variation,
                offset: span.offset,
                source_line: error.source_line,
                width,
                fix: None,
            }
        });
    }

    /// Where the letter-case fix would write: the `Capitals` tag's value
    /// when it is written as read, else a new line after the last tag's.
    fn capitals_place(&self) -> Option<CapitalsPlace<'a>> {
        if let Some(at) = self.known_places[known!(CAPITALS)] {
            let value = self.value_at(known!(CAPITALS))?;
            let rest = at.rest();
            return rest
                .get(value.len()..)
                .filter(|after| rest.starts_with(value) && after.starts_with('"'))
                .map(|_| CapitalsPlace::Value {
                    start: at.offset(),
                    before: &rest[..value.len()],
                });
        }
        let last = self.last_tag_place?;
        let rest = last.rest();
        let end = memchr::memchr(b'\n', rest.as_bytes())?;
        Some(CapitalsPlace::NewLine {
            start: last.offset() + end + 1,
            crlf: rest[..end].ends_with('\r'),
        })
    }

    /// Where the value of the tag `name` (one of [`KNOWN_NAMES`]) was read.
    fn tag_place(&self, name: &str) -> Option<Pos<'a>> {
        debug_assert!(known_name_index(name).is_some(), "{name} is known");
        self.known_places[known_name_index(name)?]
    }

    /// A violation about the game as a whole, placed at `at` (or the start of the game).
    #[allow(clippy::too_many_arguments)]
    fn game_violation(
        &mut self,
        at: Option<Pos<'a>>,
        width: usize,
        ply: usize,
        rule: RuleId,
        message: Message,
        hint: Option<Message>,
        before: Option<AnyPosition>,
    ) -> Option<usize> {
        let at = at.or(self.first_place);
        let origin = self.origin;
        let lang = self.sink.options.lang;
        self.sink.push(|| {
            let (line, column, offset, source_line) = match at {
                Some(at) => (at.line(), at.column(), at.offset(), at.excerpt()),
                None => (origin.line, 1, origin.offset, Excerpt::default()),
            };
            Violation {
                ply,
                played: None,
                line,
                column,
                rule,
                message: message.localize(lang),
                hint: hint.map(|hint| hint.localize(lang)),
                before,
                variation: 0,
                offset,
                source_line,
                width: width.max(1),
                fix: None,
            }
        })
    }

    fn tag_width(&self, name: &str) -> usize {
        known_name_index(name).map_or(1, |known| self.width_at(known))
    }

    /// The value of the tag `name` (one of [`KNOWN_NAMES`]).
    fn tag_value(&self, name: &str) -> Option<&str> {
        self.value_at(known_name_index(name)?)
    }

    /// The value of the tag of [`KNOWN_NAMES`]`[known]`.
    fn value_at(&self, known: usize) -> Option<&str> {
        let index = (*self.known_tags.get(known)?)?;
        Some(self.tags.get(index)?.value.get(self.text))
    }

    /// [`GameValidator::tag_width`] of the tag of [`KNOWN_NAMES`]`[known]`.
    fn width_at(&self, known: usize) -> usize {
        self.value_at(known)
            .map_or(1, |value| value.chars().count().max(1))
    }

    /// The tags a game is set up from ([`FromTags`] reads no other),
    /// owned: nearly always none, and nothing is copied.
    fn setup_tags(&self) -> Tags {
        SETUP_NAMES
            .iter()
            .filter_map(|&(name, known)| Some(Tag::new(name, self.value_at(known)?)))
            .collect()
    }

    /// The tags as the report gives them, owned, in the order read.
    fn owned_tags(&self) -> Tags {
        let mut tags = Tags::with_capacity(self.tags.len());
        for read in &self.tags {
            let name = match read.known {
                Some(index) => Cow::Borrowed(KNOWN_NAMES[index]),
                None => Cow::Owned(read.name.get(self.text).to_owned()),
            };
            tags.push_new(Tag {
                name,
                value: read.value.get(self.text).to_owned(),
                at: None,
            });
        }
        tags
    }

    /// The ruleset of the game, from `Rules`, else OGN's `Variant`, else the default.
    fn rules(&mut self) -> Option<Ruleset> {
        if let Some(value) = self.value_at(known!(RULES)) {
            return match value.parse::<Ruleset>() {
                Ok(rules) => Some(rules),
                Err(error) => {
                    let width = self.width_at(known!(RULES));
                    let at = self.known_places[known!(RULES)];
                    self.game_violation(
                        at,
                        width,
                        0,
                        RuleId::RecordSetup,
                        error.message(),
                        None,
                        None,
                    );
                    None
                }
            };
        }
        if let Some(value) = self.value_at(known!(VARIANT)) {
            return match ogn::ruleset_of_variant(value) {
                Some(rules) => Some(rules),
                None => {
                    let message = msg!("record-unknown-variant", text = value);
                    let width = self.width_at(known!(VARIANT));
                    let at = self.known_places[known!(VARIANT)];
                    self.game_violation(
                        at,
                        width,
                        0,
                        RuleId::RecordSetup,
                        message,
                        Some(msg!("hint-variant-or-rules")),
                        None,
                    );
                    None
                }
            };
        }
        Some(self.sink.options.default_rules.unwrap_or_default())
    }

    fn setup_violation(&mut self, error: SetupError) {
        let at = error.tag.and_then(|tag| self.tag_place(tag));
        let width = error.tag.map_or(1, |tag| self.tag_width(tag));
        let lang = self.sink.options.lang;
        match (&error.detail, at) {
            (Some(detail), Some(at)) => {
                // A place inside the tag's value: the value is on the tag's line.
                self.sink.push(|| Violation {
                    ply: 0,
                    played: None,
                    line: at.line(),
                    column: at.column() + detail.location.column - 1,
                    rule: error.rule,
                    message: error.message.localize(lang),
                    hint: error.hint.map(|hint| hint.localize(lang)),
                    before: None,
                    variation: 0,
                    offset: at.offset() + detail.location.column - 1,
                    source_line: at.excerpt_at(detail.location.column),
                    width: detail.width(),
                    fix: None,
                });
            }
            _ => {
                self.game_violation(at, width, 0, error.rule, error.message, error.hint, None);
            }
        }
    }

    /// A `Date` tag is `year.month.day`, `??` for what is unknown
    /// (`2025.04.04`, `2025.??.??`), as records write it.
    fn check_date(&mut self) {
        let Some(value) = self.value_at(known!(DATE)).map(str::trim) else {
            return;
        };
        if is_record_date(value) {
            return;
        }
        let dashed = value.replace('-', ".");
        let dots = value.contains('-') && is_record_date(&dashed);
        let hint = if dots {
            msg!("hint-date-dots", date = dashed.as_str())
        } else {
            msg!("hint-date-form")
        };
        let width = self.width_at(known!(DATE));
        let at = self.known_places[known!(DATE)];
        // The value as written (no escape in it), dashes made dots.
        let fix = at.filter(|_| dots).and_then(|at| {
            let raw = self.value_at(known!(DATE))?;
            let written = at.rest().get(..raw.len()).filter(|text| *text == raw)?;
            Some(self.sink.fix(at.offset(), written, raw.replace('-', ".")))
        });
        let index = self.game_violation(
            at,
            width,
            0,
            RuleId::Syntax,
            msg!("record-not-a-date", text = value),
            Some(hint),
            None,
        );
        self.sink.attach(index, fix);
    }

    /// Checks the claimed result against the replay; gives what is reported.
    fn check_result(&mut self, finished: &Finished) -> ResultCheck {
        // Written without blanks (`1/2 - 1/2` is `1/2-1/2`); nearly always
        // there is none, and no need to split.
        let tag = self.value_at(known!(RESULT)).map(|value| {
            if value.bytes().all(|byte| byte.is_ascii_graphic()) {
                value.to_owned()
            } else {
                value.split_whitespace().collect::<String>()
            }
        });
        // Whether the claim is a result token, asked once.
        let tag_is_token = tag.as_deref().map(is_result_token);
        self.check_result_spelling(tag.as_deref(), tag_is_token, finished);
        let claimed_is_token = match tag_is_token {
            Some(is_token) => is_token,
            None => self
                .result_token
                .is_some_and(|(text, _)| is_result_token(text)),
        };
        let claimed = tag.or_else(|| self.result_token.map(|(text, _)| text.to_owned()));
        if !finished.complete {
            return ResultCheck {
                claimed,
                computed: None,
            };
        }
        let at = self.known_places[known!(RESULT)].or(self.result_token.map(|(_, at)| at));
        let width = if self.known_places[known!(RESULT)].is_some() {
            self.width_at(known!(RESULT))
        } else {
            self.result_token.map_or(1, |(text, _)| text.len())
        };
        let decisive = claimed
            .as_deref()
            .filter(|value| *value != "*" && claimed_is_token);
        // A forfeit is a game not played: its result is the claim, and it
        // has no moves (nothing to replay).
        if let Some(forfeit) =
            decisive.filter(|value| GameResult::parse(value).is_some_and(GameResult::is_forfeit))
        {
            if finished.ply > 0 {
                self.game_violation(
                    at,
                    width,
                    finished.ply,
                    RuleId::RecordResult,
                    msg!(
                        "record-forfeit-with-moves",
                        claimed = forfeit,
                        plies = finished.ply
                    ),
                    Some(msg!("hint-forfeit-no-moves")),
                    None,
                );
            }
            let computed = (finished.ply == 0).then(|| forfeit.to_owned());
            return ResultCheck { claimed, computed };
        }
        let computed = match &finished.declared {
            Some(Ok(outcome)) => Some(score_text(outcome.score)),
            _ => Some(
                finished
                    .outcome
                    .as_ref()
                    .map_or_else(|| "*".to_owned(), |outcome| score_text(outcome.score)),
            ),
        };
        self.check_claimed_outcome(finished, decisive, computed.as_deref(), (at, width));
        ResultCheck { claimed, computed }
    }

    /// The Result tag is a result token, and agrees with the result token
    /// after the moves.
    /// `tag_is_token`: whether the tag is a result token.
    fn check_result_spelling(
        &mut self,
        tag: Option<&str>,
        tag_is_token: Option<bool>,
        finished: &Finished,
    ) {
        if let Some(value) = tag
            && tag_is_token == Some(false)
        {
            let width = self.width_at(known!(RESULT));
            let at = self.known_places[known!(RESULT)];
            self.game_violation(
                at,
                width,
                finished.ply,
                RuleId::Syntax,
                msg!("record-not-a-result", text = value),
                Some(msg!("hint-result-tag")),
                None,
            );
        }
        if let (Some(tag), Some((text, at))) = (tag, self.result_token)
            && tag != text
            && tag_is_token == Some(true)
        {
            self.game_violation(
                Some(at),
                text.chars().count(),
                finished.ply,
                RuleId::RecordResult,
                msg!("record-result-token-disagrees", token = text, tag = tag),
                Some(msg!("hint-result-token-and-tag")),
                None,
            );
        }
    }

    /// The result claimed (`decisive`: a score) against the end the game
    /// reached or the termination it declares; `computed`: that end's
    /// score as written (formatted once); `(at, width)`: where the claim
    /// is written.
    fn check_claimed_outcome(
        &mut self,
        finished: &Finished,
        decisive: Option<&str>,
        computed: Option<&str>,
        (at, width): (Option<Pos<'a>>, usize),
    ) {
        match &finished.declared {
            Some(Err(why)) => {
                let at_termination = self.known_places[known!(TERMINATION)];
                let width = self.width_at(known!(TERMINATION));
                self.game_violation(
                    at_termination,
                    width,
                    finished.ply,
                    RuleId::RecordTermination,
                    msg!(
                        "record-termination-does-not-hold",
                        declared = self
                            .tag_value(names::TERMINATION)
                            .unwrap_or_default()
                            .trim(),
                        why = why.clone()
                    ),
                    None,
                    finished.position.clone(),
                );
            }
            Some(Ok(outcome)) => {
                if let Some(claimed) = decisive
                    && Some(claimed) != computed
                {
                    self.claim_contradicted(at, width, finished, claimed, outcome);
                }
            }
            None => {
                let early = matches!(
                    self.value_at(known!(TERMINATION)).map(str::trim),
                    Some(word) if !word.is_empty() && !word.eq_ignore_ascii_case("normal")
                );
                if let Some(claimed) = decisive
                    && !early
                {
                    match &finished.outcome {
                        Some(outcome) if computed != Some(claimed) => {
                            self.claim_contradicted(at, width, finished, claimed, outcome);
                        }
                        Some(_) => {}
                        None => {
                            self.game_violation(
                                at,
                                width,
                                finished.ply,
                                RuleId::RecordResult,
                                msg!(
                                    "record-result-game-not-over",
                                    claimed = claimed,
                                    ply = finished.ply
                                ),
                                Some(msg!("hint-termination-tag")),
                                finished.position.clone(),
                            );
                        }
                    }
                }
            }
        }
    }

    /// The record claims `claimed`, but the game ends with `outcome`.
    fn claim_contradicted(
        &mut self,
        at: Option<Pos<'a>>,
        width: usize,
        finished: &Finished,
        claimed: &str,
        outcome: &GameOver,
    ) {
        self.game_violation(
            at,
            width,
            finished.ply,
            RuleId::RecordResult,
            msg!(
                "record-result-disagrees",
                claimed = claimed,
                score = outcome.score.to_string(),
                rule = outcome.rule.as_str()
            ),
            None,
            finished.position.clone(),
        );
    }
}

impl<'a> Visitor<'a> for GameValidator<'a, '_> {
    type Output = GameReport;

    fn begin_game(&mut self, origin: Origin) {
        self.origin = origin;
    }

    fn tag(&mut self, name: &'a str, value: &str, at: Pos<'a>) {
        if self.first_place.is_none() {
            self.first_place = Some(at);
        }
        let known = known_name_index(name);
        let read = TagRead {
            name: Piece::of(self.text, name),
            value: Piece::of(self.text, value),
            known,
        };
        // A name read before (in any case) has its tag replaced.
        let before = match known {
            Some(index) => self.known_tags[index],
            None => self.other_tag(name),
        };
        match before {
            Some(index) => self.tags[index] = read,
            None => {
                match known {
                    Some(index) => self.known_tags[index] = Some(self.tags.len()),
                    None => {
                        if let Some(others) = &mut self.other_tags {
                            others.insert(Caseless(name), self.tags.len());
                        }
                    }
                }
                self.tags.push(read);
            }
        }
        if let Some(index) = known {
            self.known_places[index] = Some(at);
        }
        self.last_tag_place = Some(at);
    }

    fn begin_moves(&mut self) {
        self.in_moves = true;
        self.check_date();
        if let Some(rules) = self.rules() {
            let setup = self.setup_tags();
            match AnyPosition::from_tags(rules, &setup) {
                Ok((start, conventions)) => {
                    let conventions = conventions.in_lang(self.sink.options.lang);
                    let first = setup.first_side();
                    let capitals = self.capitals_place();
                    self.replayer = Some(Lines::new(start, conventions, first, capitals));
                }
                Err(error) => self.setup_violation(error),
            }
        }
    }

    #[inline]
    fn san(&mut self, token: MoveToken<'a>) {
        if self.first_place.is_none() {
            self.first_place = Some(token.at);
        }
        if self.depth == 0 {
            self.plies += 1;
            if let Some(observer) = self.sink.observer.as_mut() {
                observer.written(token.text, token.claim);
            }
        }
        if let Some(lines) = &mut self.replayer {
            lines.san(token, &mut self.sink);
        }
    }

    #[inline]
    fn move_number(&mut self, number: &'a str, width: usize, at: Pos<'a>) {
        if let Some(lines) = &mut self.replayer {
            lines.move_number(number, width, at, &mut self.sink);
        }
    }

    #[inline]
    fn plain_moves(&mut self, moves: &mut PlainMoves<'a>) {
        #[cfg(test)]
        if tests::general_path_only() {
            return;
        }
        // The first move's place is the game's when it has no tag: left
        // to `san`, as is every line but the main one.
        if self.depth != 0 || self.first_place.is_none() {
            return;
        }
        if let Some(lines) = &mut self.replayer {
            lines.plain_moves(moves, &mut self.sink, &mut self.plies);
        }
    }

    fn begin_variation(&mut self, _at: Pos<'a>) {
        self.depth += 1;
        if let Some(lines) = &mut self.replayer {
            lines.begin_variation();
        }
    }

    fn end_variation(&mut self, _at: Pos<'a>) {
        self.depth = self.depth.saturating_sub(1);
        if let Some(lines) = &mut self.replayer {
            lines.end_variation(&mut self.sink);
        }
    }

    fn result(&mut self, text: &'a str, at: Pos<'a>) {
        self.result_token = Some((text, at));
    }

    fn syntax_error(&mut self, error: SyntaxError) {
        let ply = if self.in_moves {
            self.replayer
                .as_ref()
                .map_or(self.plies + 1, Lines::next_ply)
        } else {
            0
        };
        self.syntax(error, ply);
    }

    fn end_game(&mut self) -> GameReport {
        let termination = self.known_tags[known!(TERMINATION)]
            .and_then(|index| self.tags.get(index))
            .map(|read| read.value.get(self.text));
        let finished = Lines::finished(self.replayer.as_mut(), &mut self.sink, termination);
        let result = self.check_result(&finished);
        let end = match &finished.declared {
            Some(Ok(outcome)) => Some(*outcome),
            _ => finished.outcome,
        };
        let mut violations = std::mem::take(&mut self.sink.violations);
        violations.sort_by_key(|violation| violation.offset);
        let valid = violations.is_empty();
        let tags = if valid && self.sink.options.omit_valid_tags {
            Tags::default()
        } else {
            self.owned_tags()
        };
        GameReport {
            file: None,
            index: self.index,
            tags,
            valid,
            plies: self.plies,
            violations,
            omitted: self.sink.omitted,
            end,
            verdict: finished
                .position
                .as_ref()
                .and_then(|position| Verdict::of_text(position.rules(), result.standing()?)),
            result,
            final_position: finished.position,
            line: self.origin.line,
        }
    }
}

#[cfg(test)]
mod tests;

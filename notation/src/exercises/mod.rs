//! Exercises mined from games: positions where the side to move has one
//! move clearly better than every other, proven by the analysis, not
//! obvious, named by the teaching term it illustrates (`teach.*`).
//!
//! For each position of a game's main line (sowing games only: the
//! analysis does not play Seega), the analysis ([`Analyser`]) values every
//! legal move at [`Options::depth`] (exactly where the endgame tables or the
//! search reach the end). A position is an exercise when:
//!
//! - **the solution is clearly best**: the best move's value beats every
//!   other move's by at least [`Options::margin`] seeds of final score
//!   difference (default [`DEFAULT_MARGIN`], the analysis's own threshold
//!   of a mistake: any other move would be one);
//! - **it is not obvious**: more than one legal move, and neither is the
//!   best move the only one that captures, nor does every move capture the
//!   same (captures as `teach.threat` counts them, [`teach::move_effects`]);
//! - **it has a motif**, a `teach.*` id read from the teaching vocabulary
//!   ([`motif`]);
//! - its position was not already found (in this game or another: one
//!   exercise per position), nor is it a later step of an exercise's own
//!   solution line in the same game.
//!
//! The exercise notes whether the opponent's move just before was a mistake
//! ([`crate::analysis::annotate::MISTAKE`] or more lost): such exercises
//! come first, as lichess-puzzler starts its puzzles after a mistake.
//!
//! ```
//! use songo_notation::analysis::{Analyser, AnalysisOptions};
//! use songo_notation::exercises::{self, Options};
//! use songo_notation::record;
//!
//! let games = record::read_all(
//!     "[Rules \"songo\"]\n[SetUp \"fragment\"]\n[Position \"songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:S\"]\n\n1. S0 *\n",
//! )
//! .unwrap();
//! let analyser = Analyser::new(&AnalysisOptions::default());
//! let found = exercises::find(&analyser, &[exercises::Source::new("lesson", &games)], &Options::default());
//! assert_eq!(found.summary.games, 1);
//! ```

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use crate::analysis::annotate::MISTAKE;
use crate::analysis::{Analyser, AnalysisReport, Limits};
use crate::record::{FromTags, GameRecord, names, ruleset_of};
use crate::teach::{self, NamedHouse, TeachId};
use crate::{Game, GamePosition, House, Position, Ruleset};
pub use line::Refutation;

pub mod check;
pub mod line;
pub mod render;
#[cfg(test)]
mod tests;

/// The default margin, in seeds of final score difference: the solution
/// beats every other move by at least this much (the analysis marks a move
/// that loses as much a mistake).
pub const DEFAULT_MARGIN: i32 = MISTAKE;

/// The default depth of the analysis of every position, in plies.
pub const DEFAULT_DEPTH: u32 = 4;

/// The default depth of the proof: each position the first analysis finds
/// is analysed again this deep, and kept only if the same move is still
/// clearly best.
pub const DEFAULT_PROOF_DEPTH: u32 = 10;

/// The most plies of a solution line (and of a refutation's line).
pub const MAX_LINE_PLIES: usize = 9;

/// The most plies of a refutation's line: the reply and what it wins soon
/// after, short enough to read at once.
pub const REFUTATION_PLIES: usize = 5;

/// The hardest difficulty.
pub const MAX_DIFFICULTY: u8 = 5;

/// The most positions a search may visit (a bound on time whatever the
/// depth asked).
const MAX_NODES: u64 = 2_000_000;

/// How exercises are looked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The least lead of the solution over the second best move, in seeds
    /// of final score difference.
    pub margin: i32,
    /// The depth of the analysis, in plies (where the tables or the search
    /// prove the values, they are exact whatever the depth).
    pub depth: u32,
    /// The depth of the proof of each exercise found (at least `depth`).
    pub proof_depth: u32,
    /// The most plies of a solution line (odd: it ends on the solver's move).
    pub line_plies: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            margin: DEFAULT_MARGIN,
            depth: DEFAULT_DEPTH,
            proof_depth: DEFAULT_PROOF_DEPTH,
            line_plies: MAX_LINE_PLIES,
        }
    }
}

/// Games to look in, and the name they are known by (a file name, an
/// archive).
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    /// The name shown with each exercise found in it.
    pub name: &'a str,
    /// Its games.
    pub games: &'a [GameRecord],
}

impl<'a> Source<'a> {
    /// The games of `name`.
    #[must_use]
    pub const fn new(name: &'a str, games: &'a [GameRecord]) -> Source<'a> {
        Source { name, games }
    }
}

/// Where an exercise was found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Origin {
    /// The file or archive.
    pub source: String,
    /// The game's number in it, from 1.
    pub game: usize,
    /// The ply about to be played, from 1.
    pub ply: usize,
    /// The game's `Event`, `South`, `North`, `Date` tags, when it has them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// South's player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub south: Option<String>,
    /// North's player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub north: Option<String>,
    /// The date.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The move the game went on with.
    pub played: NamedHouse,
}

/// The opponent's mistake the exercise follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Mistake {
    /// The opponent's move.
    #[serde(rename = "move")]
    pub played: NamedHouse,
    /// The seeds of score difference it lost.
    pub loss: i32,
}

/// The proof of the solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Proof {
    /// The value of the solution for the side to move (final score
    /// difference, stores included).
    pub value: i32,
    /// The value of the second best move.
    pub second: i32,
    /// `value - second`: how much better the solution is.
    pub margin: i32,
    /// Every move's value proven (tables, or the search to the end).
    pub exact: bool,
    /// The depth of the analysis, in plies.
    pub depth: u32,
}

/// What makes the exercise hard for a person, and its difficulty from 1
/// to [`MAX_DIFFICULTY`] ([`level`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Difficulty {
    /// The difficulty.
    pub level: u8,
    /// The shallowest depth (plies) at which the analysis ranks the
    /// solution first by the margin: how far the engine must look.
    pub found_at: u32,
    /// The other moves a player would consider ([`plausible_moves`]):
    /// they capture, create a threat or parry one.
    pub plausible: u32,
    /// How far a person must look: the deeper of `found_at` and the
    /// solution line's plies (its gain is taken at its end).
    pub look: u32,
    /// The points [`level`] grades ([`score`]).
    pub score: u32,
}

/// One exercise.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Exercise {
    /// A stable id, from the position (`ex-` and 8 hex digits).
    pub id: String,
    /// The position; its side to move solves.
    pub position: Position,
    /// The term it illustrates.
    pub motif: TeachId,
    /// The motif is not on the board but made by the solution: a grenier
    /// the solution builds (`teach.grenier`, none of the solver's before).
    /// The question says so.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub build: bool,
    /// How hard it is.
    pub difficulty: Difficulty,
    /// The solution: the solver's move.
    pub solution: NamedHouse,
    /// The solution line: the solution, the opponent's best reply and the
    /// solver's next move, and on along the proof's line until the solver's
    /// gain is taken (`line::solution_line`); it ends on a move of the
    /// solver.
    pub line: Vec<NamedHouse>,
    /// Seeds of store difference the solver wins along the line: his
    /// captures minus the opponent's.
    pub gain: i32,
    /// The engine's proof.
    pub proof: Proof,
    /// Why every other legal move is wrong: the opponent's best reply,
    /// what its line wins, and how much worse the move is (at least the
    /// proof's margin), in notation order.
    pub refutations: Vec<Refutation>,
    /// Where it was found (the first game, when several had it).
    pub origin: Origin,
    /// The opponent's mistake just before, if it was one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after_mistake: Option<Mistake>,
    /// In how many games the position came (1: only its origin).
    pub games: usize,
}

/// What was looked at, and why positions were left out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Games read.
    pub games: usize,
    /// Seega games: the analysis does not play Seega, so they are skipped.
    pub seega_games: usize,
    /// Games that could not be replayed from their first ply (a bad setup),
    /// or stopped at an illegal move (their plies before it are used).
    pub broken_games: usize,
    /// Positions analysed.
    pub positions: usize,
    /// Positions whose best move was clearly best.
    pub clear: usize,
    /// Of those, left out as obvious.
    pub obvious: usize,
    /// Left out for naming no term of the vocabulary.
    pub no_motif: usize,
    /// Left out as a position already found.
    pub repeated: usize,
    /// Left out because the proof, deeper, no longer finds the same move
    /// clearly best (or another move's refutation is less than the margin
    /// worse).
    pub unproven: usize,
    /// Left out because the solution line, within its plies, takes no gain:
    /// an attack that wins no seed, a defence that loses as much as the
    /// threat it parries.
    pub no_gain: usize,
    /// Exercises found.
    pub exercises: usize,
}

/// The exercises found in some games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Found {
    /// The exercises, in the order found.
    pub exercises: Vec<Exercise>,
    /// What was looked at.
    pub summary: Summary,
}

/// Looks for exercises in every game of `sources`, with one analyser (its
/// transposition table serves every position).
#[must_use]
pub fn find(analyser: &Analyser, sources: &[Source<'_>], options: &Options) -> Found {
    let mut found = Found {
        exercises: Vec::new(),
        summary: Summary::default(),
    };
    let mut seen: HashMap<Position, usize> = HashMap::new();
    for source in sources {
        for (index, game) in source.games.iter().enumerate() {
            if analyser.is_cancelled() {
                break;
            }
            found.summary.games += 1;
            let context = GameContext {
                source: source.name,
                number: index + 1,
                record: game,
            };
            look_in_game(analyser, &context, options, &mut seen, &mut found);
        }
    }
    found.summary.exercises = found.exercises.len();
    found
}

/// A game and where it comes from.
struct GameContext<'a> {
    source: &'a str,
    number: usize,
    record: &'a GameRecord,
}

/// The main line of a sowing game: each position and the move played in it.
/// `None` for Seega.
fn replay(record: &GameRecord) -> Option<(Vec<(Position, House)>, bool)> {
    let rules = ruleset_of(&record.tags, None).ok()?;
    if !rules.is_sowing() {
        return None;
    }
    let Ok((start, conventions)) = Position::from_tags(rules, &record.tags) else {
        return Some((Vec::new(), true));
    };
    let mut game = Game::new(start);
    let mut plies = Vec::new();
    for written in record.main_line() {
        let before = *game.position();
        let Ok(house) = before.parse_move(&written.text, conventions) else {
            return Some((plies, true));
        };
        if game.play(house).is_err() {
            return Some((plies, true));
        }
        plies.push((before, house));
    }
    Some((plies, false))
}

/// Whether a record is of Seega (whose games are skipped).
fn is_seega(record: &GameRecord) -> bool {
    ruleset_of(&record.tags, None).is_ok_and(|rules| !rules.is_sowing())
}

/// Looks for exercises in one game, position after position of its main
/// line.
fn look_in_game(
    analyser: &Analyser,
    context: &GameContext<'_>,
    options: &Options,
    seen: &mut HashMap<Position, usize>,
    found: &mut Found,
) {
    let Some(plies) = plies_to_look_at(context.record, &mut found.summary) else {
        return;
    };
    // The positions of this game's exercises' lines: a later step of a
    // line is the same exercise, not a new one.
    let mut on_a_line: HashSet<Position> = HashSet::new();
    // The previous ply's move and loss, for "after a mistake".
    let mut previous: Option<Mistake> = None;
    for (index, &(position, played)) in plies.iter().enumerate() {
        if analyser.is_cancelled() {
            return;
        }
        // Every position is searched as by a fresh analyser: what the
        // finder says of a position depends on that position alone, not
        // on the games or plies looked at before it (nor their order).
        analyser.forget_earlier_searches();
        let Some(values) = analyse(analyser, &position, options.depth) else {
            previous = None;
            continue;
        };
        found.summary.positions += 1;
        let after_mistake = previous.filter(|mistake| mistake.loss >= MISTAKE);
        previous = Some(loss_of(&values, played, position.rules()));
        let Some((solution, motif)) = candidate(&position, &values, options, &mut found.summary)
        else {
            continue;
        };
        if on_a_line.contains(&position) {
            found.summary.repeated += 1;
            continue;
        }
        if let Some(&at) = seen.get(&position) {
            found.summary.repeated += 1;
            let exercise = &mut found.exercises[at];
            exercise.games += 1;
            // A later game may show the position right after a mistake.
            if exercise.after_mistake.is_none() && after_mistake.is_some() {
                exercise.after_mistake = after_mistake;
            }
            let line: Vec<House> = exercise.line.iter().map(|h| h.house).collect();
            mark_line(&mut on_a_line, position, &line);
            continue;
        }
        let Some((proof, values)) = prove(analyser, &position, solution, options) else {
            found.summary.unproven += 1;
            continue;
        };
        let Some((proof, refutations)) = refutations(analyser, &position, solution, proof, options)
        else {
            found.summary.unproven += 1;
            continue;
        };
        let (line, gain) = line::solution_line(analyser, &position, &values.pv, solution, options);
        if !shows_gain(&position, solution, motif, gain) {
            found.summary.no_gain += 1;
            continue;
        }
        mark_line(&mut on_a_line, position, &line);
        let rules = position.rules();
        seen.insert(position, found.exercises.len());
        found.exercises.push(Exercise {
            id: exercise_id(&position),
            position,
            motif,
            build: motif == TeachId::Grenier && !plays_grenier(&position, solution),
            difficulty: difficulty(
                analyser,
                &position,
                solution,
                (line.len(), proof.margin),
                options,
            ),
            solution: NamedHouse::new(solution, rules),
            line: line.iter().map(|&h| NamedHouse::new(h, rules)).collect(),
            gain,
            proof,
            refutations,
            origin: origin(context, index + 1, NamedHouse::new(played, rules)),
            after_mistake,
            games: 1,
        });
    }
}

/// The plies of a game to look at, counted in the summary: `None` for
/// Seega (skipped) and a game that cannot be replayed at all; a game that
/// stops at an illegal move is counted broken and its plies before it
/// kept.
fn plies_to_look_at(record: &GameRecord, summary: &mut Summary) -> Option<Vec<(Position, House)>> {
    if is_seega(record) {
        summary.seega_games += 1;
        return None;
    }
    let Some((plies, broken)) = replay(record) else {
        summary.broken_games += 1;
        return None;
    };
    if broken {
        summary.broken_games += 1;
    }
    Some(plies)
}

/// The move played and the seeds of score difference it lost against the
/// best move, by the analysis of the position it was played in.
fn loss_of(values: &Values, played: House, rules: Ruleset) -> Mistake {
    let loss = values
        .moves
        .first()
        .zip(values.moves.iter().find(|m| m.house == played))
        .map_or(0, |(best, mine)| (best.value - mine.value).max(0));
    Mistake {
        played: NamedHouse::new(played, rules),
        loss,
    }
}

/// The first filters, before any deeper search: the best move clearly
/// best, not obvious, with a motif. The solution and its motif, or `None`
/// (counted in the summary under the filter that left it out).
fn candidate(
    position: &Position,
    values: &Values,
    options: &Options,
    summary: &mut Summary,
) -> Option<(House, TeachId)> {
    values.clear_best(options.margin)?;
    summary.clear += 1;
    let solution = values.moves[0].house;
    if is_obvious(position, solution) {
        summary.obvious += 1;
        return None;
    }
    let Some(motif) = motif(position, solution) else {
        summary.no_motif += 1;
        return None;
    };
    Some((solution, motif))
}

/// Notes the positions a solution line goes through, from `position`
/// (where the solver plays its first move) on.
fn mark_line(on_a_line: &mut HashSet<Position>, position: Position, line: &[House]) {
    let mut step = position;
    for &house in line {
        on_a_line.insert(step);
        if let Ok((next, _)) = step.after(house) {
            step = next;
        }
    }
}

/// Where an exercise was found: the game, the ply about to be played (from
/// 1), the game's tags that name it, and the move the game went on with.
fn origin(context: &GameContext<'_>, ply: usize, played: NamedHouse) -> Origin {
    let tags = &context.record.tags;
    let tag = |name: &str| {
        tags.get(name)
            .filter(|value| !value.is_empty() && !value.starts_with('?'))
            .map(str::to_owned)
    };
    Origin {
        source: context.source.to_owned(),
        game: context.number,
        ply,
        event: tag(names::EVENT),
        south: tag(names::SOUTH),
        north: tag(names::NORTH),
        date: tag(names::DATE),
        played,
    }
}

/// Every legal move's value, the best first.
#[derive(Debug, Clone)]
pub(crate) struct Values {
    pub(crate) moves: Vec<Valued>,
    pub(crate) depth: u32,
    pub(crate) pv: Vec<House>,
}

/// One move's value.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Valued {
    pub(crate) house: House,
    pub(crate) value: i32,
    pub(crate) exact: bool,
}

impl Values {
    /// The proof that the best move is clearly best, if it is.
    pub(crate) fn clear_best(&self, margin: i32) -> Option<Proof> {
        let [best, second, ..] = self.moves.as_slice() else {
            return None;
        };
        let lead = best.value - second.value;
        (lead >= margin).then(|| Proof {
            value: best.value,
            second: second.value,
            margin: lead,
            exact: self.moves.iter().all(|m| m.exact),
            depth: self.depth,
        })
    }
}

/// The analysis of `position` at `depth`, its moves as houses; `None` when
/// the game is over or the position too large.
pub(crate) fn analyse(analyser: &Analyser, position: &Position, depth: u32) -> Option<Values> {
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(MAX_NODES),
        ..Limits::default()
    };
    let report = analyser.analyse(position, &limits).ok()?;
    values_of(&report)
}

/// The report's moves and principal line, as the analysis typed them.
fn values_of(report: &AnalysisReport) -> Option<Values> {
    let moves: Vec<Valued> = report
        .moves
        .iter()
        .map(|m| Valued {
            house: m.house,
            value: m.value,
            exact: m.exact,
        })
        .collect();
    if moves.is_empty() {
        return None;
    }
    Some(Values {
        moves,
        depth: report.depth,
        pv: report.pv.clone(),
    })
}

/// Whether the answer is given away: one legal move, the best move the only
/// one that captures, or every move capturing the same (captures as the
/// vocabulary counts them: seeds taken from the opponent's houses).
#[must_use]
pub fn is_obvious(position: &Position, solution: House) -> bool {
    let effects = teach::move_effects(position);
    if effects.len() < 2 {
        return true;
    }
    let captures_of = |house: House| {
        effects
            .iter()
            .find(|effect| effect.played.house == house)
            .map_or(0, |effect| effect.captures)
    };
    let solution_captures = captures_of(solution);
    let capturing = effects.iter().filter(|effect| effect.captures > 0).count();
    let only_capture = solution_captures > 0 && capturing == 1;
    let all_same = solution_captures > 0
        && effects
            .iter()
            .all(|effect| effect.captures == solution_captures);
    only_capture || all_same
}

/// The term a solution illustrates, read from the vocabulary
/// ([`teach::explain`] of the position, and of the position after the
/// move), the first that holds of:
///
/// 1. `teach.grenier`: the move plays a grenier that takes seeds;
/// 2. `teach.double-threat`: after it the mover has a double threat he did
///    not have;
/// 3. `teach.yinda`, `teach.defence`: it is a defence (of that kind);
/// 4. `teach.threat`: it carries out a threat (takes seeds), or creates one;
/// 5. `teach.grenier`: it builds a grenier.
///
/// `None` when none holds.
#[must_use]
pub fn motif(position: &Position, solution: House) -> Option<TeachId> {
    let mover = position.to_move();
    let before = teach::explain(position);
    let (after, _) = position.after(solution).ok()?;
    let later = teach::explain(&after);
    if plays_grenier(position, solution) {
        return Some(TeachId::Grenier);
    }
    let had_double = before.double_threats.iter().any(|d| d.side == mover);
    if !had_double && later.double_threats.iter().any(|d| d.side == mover) {
        return Some(TeachId::DoubleThreat);
    }
    if let Some(defence) = before.defences.iter().find(|d| d.played.house == solution) {
        return Some(defence.kind.id());
    }
    let effect = teach::move_effects(position)
        .into_iter()
        .find(|effect| effect.played.house == solution)?;
    if effect.captures > 0 || !effect.creates.is_empty() {
        return Some(TeachId::Threat);
    }
    let had_grenier = |house: House| before.greniers.iter().any(|g| g.house.house == house);
    if later
        .greniers
        .iter()
        .any(|g| g.side == mover && !had_grenier(g.house.house))
    {
        return Some(TeachId::Grenier);
    }
    None
}

/// Whether `solution` plays a grenier of the side to move (a house of
/// [`teach::grenier_threshold`] seeds or more on the board) that takes
/// seeds: the grenier is there for the solver to see.
#[must_use]
pub fn plays_grenier(position: &Position, solution: House) -> bool {
    let mover = position.to_move();
    teach::explain(position)
        .greniers
        .iter()
        .any(|g| g.house.house == solution && g.side == mover && g.captures > 0)
}

/// The analysis at the proof depth: the same move still clearly best. The
/// question is only whether every other move is the margin worse, so the
/// search asks just that ([`Analyser::analyse_lead`]): the solution's value
/// and the second best's are exact, the others' bounds.
fn prove(
    analyser: &Analyser,
    position: &Position,
    solution: House,
    options: &Options,
) -> Option<(Proof, Values)> {
    let depth = options.proof_depth.max(options.depth);
    let values = analyse_lead(analyser, position, depth, solution, options.margin)?;
    let proof = values.clear_best(options.margin)?;
    (values.moves[0].house == solution).then_some((proof, values))
}

/// Whether `solution` leads every other move of `position` by the margin
/// at `depth` ([`Analyser::analyse_lead`]): `None` when the game is over or
/// the position too large.
fn analyse_lead(
    analyser: &Analyser,
    position: &Position,
    depth: u32,
    solution: House,
    margin: i32,
) -> Option<Values> {
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(MAX_NODES),
        ..Limits::default()
    };
    let report = analyser
        .analyse_lead(position, &limits, solution, margin)
        .ok()?;
    values_of(&report)
}

/// Whether a solution line's `gain` shows the motif's point: an attack
/// (a grenier, a threat, a double threat) wins seeds; a defence loses less
/// than the capture it parries.
fn shows_gain(position: &Position, solution: House, motif: TeachId, gain: i32) -> bool {
    match motif {
        TeachId::Yinda | TeachId::Defence => {
            let before = teach::explain(position)
                .defences
                .iter()
                .find(|d| d.played.house == solution)
                .map_or(0, |d| d.before);
            -gain < i32::try_from(before).unwrap_or(i32::MAX)
        }
        _ => gain > 0,
    }
}

/// Every other legal move's refutation ([`line::refutation`]), analysed a
/// ply less deep than the proof from the position after it, and the proof
/// with its second best and margin read from them (one source for every
/// number an explanation gives): `None` when one cannot be analysed or is
/// less than the margin worse than the solution (the explanation would
/// contradict the proof).
fn refutations(
    analyser: &Analyser,
    position: &Position,
    solution: House,
    proof: Proof,
    options: &Options,
) -> Option<(Proof, Vec<Refutation>)> {
    let depth = options
        .proof_depth
        .max(options.depth)
        .saturating_sub(1)
        .max(1);
    let refutations: Vec<Refutation> = position
        .legal_moves()
        .iter()
        .filter(|&house| house != solution)
        .map(|house| {
            line::refutation(
                analyser,
                position,
                house,
                proof.value,
                (depth, options.line_plies.min(REFUTATION_PLIES)),
            )
        })
        .collect::<Option<_>>()?;
    let least = refutations.iter().map(|r| r.worse).min()?;
    (least >= options.margin).then_some((
        Proof {
            second: proof.value - least,
            margin: least,
            ..proof
        },
        refutations,
    ))
}

/// [`Difficulty`]: the shallowest depth that finds the solution, the other
/// moves that look like candidates, how far the line goes and how large
/// the solution's lead is.
fn difficulty(
    analyser: &Analyser,
    position: &Position,
    solution: House,
    (line_plies, margin): (usize, i32),
    options: &Options,
) -> Difficulty {
    let mut found_at = options.depth;
    for depth in 1..options.depth {
        let Some(values) = analyse(analyser, position, depth) else {
            break;
        };
        if values.moves[0].house == solution && values.clear_best(options.margin).is_some() {
            found_at = depth;
            break;
        }
    }
    let plausible = plausible_moves(position, solution);
    let look = found_at.max(u32::try_from(line_plies).unwrap_or(u32::MAX));
    let score = score(look, plausible, margin);
    Difficulty {
        level: level(score),
        found_at,
        plausible,
        look,
        score,
    }
}

/// The other moves a player would consider, as the vocabulary sees them
/// ([`teach::move_effects`]): those that capture, create a threat, or
/// parry the opponent's.
#[must_use]
pub fn plausible_moves(position: &Position, solution: House) -> u32 {
    let count = teach::move_effects(position)
        .iter()
        .filter(|effect| effect.played.house != solution)
        .filter(|effect| {
            effect.captures > 0
                || !effect.creates.is_empty()
                || effect
                    .exposure
                    .is_some_and(|e| e.answer == teach::Answer::Parries)
        })
        .count();
    u32::try_from(count).unwrap_or(u32::MAX)
}

/// What makes an exercise hard for a person, in points: a ply more to
/// look ahead (past the first), a plausible other move, and a small lead
/// (fewer than [`CLEAR_LEAD`] seeds of score difference: the solution
/// stands out less) are each worth points.
#[must_use]
pub fn score(look: u32, plausible: u32, margin: i32) -> u32 {
    let small_lead = u32::try_from(CLEAR_LEAD.saturating_sub(margin).clamp(0, 4)).unwrap_or(0);
    look.saturating_sub(1) + 2 * plausible + small_lead
}

/// A lead of the solution this large (seeds of score difference) is plain
/// to see; each seed less makes the exercise a point harder ([`score`]).
pub const CLEAR_LEAD: i32 = 10;

/// The least [`score`] of difficulties 2, 3, 4 and 5: calibrated on the
/// 200 engine games of `docs/exercises.md` so that their exercises spread
/// over the five levels.
pub const LEVEL_SCORES: [u32; 4] = [5, 7, 9, 11];

/// The difficulty of a [`score`]: 1 below the first of [`LEVEL_SCORES`],
/// [`MAX_DIFFICULTY`] from the last.
#[must_use]
pub fn level(score: u32) -> u8 {
    let above = LEVEL_SCORES.iter().filter(|&&least| score >= least).count();
    u8::try_from(1 + above).unwrap_or(MAX_DIFFICULTY)
}

/// `ex-` and 8 hex digits of a hash of the position's compact form (FNV-1a:
/// the same in every build).
fn exercise_id(position: &Position) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in position.to_string().bytes() {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    format!("ex-{hash:08x}")
}

/// Chooses exercises: those of `motif` and `rules` (when given), of a
/// difficulty in `levels`, ordered by difficulty (then those after a
/// mistake first, then as found), at most `count`.
#[must_use]
pub fn select(
    exercises: &[Exercise],
    motif: Option<TeachId>,
    rules: Option<Ruleset>,
    levels: std::ops::RangeInclusive<u8>,
    count: usize,
) -> Vec<Exercise> {
    let mut chosen: Vec<&Exercise> = exercises
        .iter()
        .filter(|e| motif.is_none_or(|m| e.motif == m))
        .filter(|e| rules.is_none_or(|r| e.position.rules() == r))
        .filter(|e| levels.contains(&e.difficulty.level))
        .collect();
    // A stable sort: exercises found earlier stay first among equals.
    chosen.sort_by_key(|e| (e.difficulty.level, e.after_mistake.is_none()));
    chosen.into_iter().take(count).cloned().collect()
}

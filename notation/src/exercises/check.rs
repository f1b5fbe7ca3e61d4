//! The exercise check: what an exercise says, checked against the rules
//! and the vocabulary again — its motif is on the board (or built, and it
//! says so), its solution line ends with the gain it states, and every
//! wrong answer's explanation agrees with the proof. The tests run it on
//! every exercise they find, and `examples/exercise_check.rs` on a corpus.

use super::line::{ends_game, nets};
use super::{Exercise, motif, plays_grenier};
use crate::teach::{self, TeachId};
use crate::{House, Position};

/// What is wrong with `exercise`, one sentence a problem (empty: it holds).
#[must_use]
pub fn check(exercise: &Exercise) -> Vec<String> {
    let mut problems = Vec::new();
    motif_holds(exercise, &mut problems);
    line_ends_with_gain(exercise, &mut problems);
    refutations_agree(exercise, &mut problems);
    problems
        .into_iter()
        .map(|problem| format!("{} ({}): {problem}", exercise.id, exercise.position))
        .collect()
}

/// The motif's claim, on the board itself.
fn motif_holds(exercise: &Exercise, problems: &mut Vec<String>) {
    let position = &exercise.position;
    let solution = exercise.solution.house;
    let mover = position.to_move();
    let threshold = teach::grenier_threshold(position.rules());
    if motif(position, solution) != Some(exercise.motif) {
        problems.push(format!(
            "the vocabulary names {:?}, the exercise {}",
            motif(position, solution),
            exercise.motif
        ));
    }
    let Ok((after, _)) = position.after(solution) else {
        problems.push(format!("{solution:?} is not legal"));
        return;
    };
    match exercise.motif {
        TeachId::Grenier if !exercise.build => {
            if position.house(solution) < threshold || !plays_grenier(position, solution) {
                problems.push(format!(
                    "claims a grenier played, but {} holds {} seeds (a grenier has {threshold})",
                    exercise.solution,
                    position.house(solution)
                ));
            }
        }
        TeachId::Grenier => {
            let built = after
                .houses()
                .filter(|&h| h.side == mover)
                .any(|h| after.house(h) >= threshold && position.house(h) < threshold);
            if !built || plays_grenier(position, solution) {
                problems.push("claims a grenier built, and none is".to_owned());
            }
        }
        TeachId::DoubleThreat => {
            let doubles = |p: &Position| {
                teach::explain(p)
                    .double_threats
                    .iter()
                    .any(|d| d.side == mover)
            };
            if doubles(position) || !doubles(&after) {
                problems.push("claims a double threat made, and none is".to_owned());
            }
        }
        TeachId::Yinda | TeachId::Defence => {
            let defence = teach::explain(position)
                .defences
                .into_iter()
                .find(|d| d.played.house == solution);
            if defence.is_none_or(|d| d.kind.id() != exercise.motif || d.after >= d.before) {
                problems.push(format!("claims {}, and it is not", exercise.motif));
            }
        }
        _ => {
            let effect = teach::move_effects(position)
                .into_iter()
                .find(|e| e.played.house == solution);
            if effect.is_none_or(|e| e.captures == 0 && e.creates.is_empty()) {
                problems.push("claims a threat carried out or made, and none is".to_owned());
            }
        }
    }
}

/// The solution line: legal, from the solution, past the opponent's reply,
/// ending on the solver's move that takes the gain it states.
fn line_ends_with_gain(exercise: &Exercise, problems: &mut Vec<String>) {
    let position = &exercise.position;
    let line: Vec<House> = exercise.line.iter().map(|h| h.house).collect();
    if line.first() != Some(&exercise.solution.house) {
        problems.push("the line does not start with the solution".to_owned());
        return;
    }
    let won = nets(position, &line, position.to_move());
    if won.len() != line.len() {
        problems.push(format!("the line's move {} is illegal", won.len() + 1));
        return;
    }
    let ended = ends_game(position, &line);
    if line.len().is_multiple_of(2) && !ended {
        problems.push("the line ends on the opponent's move".to_owned());
    }
    if line.len() < 3 && !ended {
        problems.push("the line stops before the opponent's answer".to_owned());
    }
    if won.last() != Some(&exercise.gain) {
        problems.push(format!(
            "the line wins {:?}, the exercise says {}",
            won.last(),
            exercise.gain
        ));
    }
    // Taken at its last move: no earlier move of the solver past the reply
    // had already won as much.
    let earlier = won
        .iter()
        .enumerate()
        .filter(|&(i, _)| i % 2 == 0 && i >= 2 && i + 1 < won.len())
        .any(|(_, &net)| net >= exercise.gain);
    if earlier {
        problems.push("the gain was taken before the line's end".to_owned());
    }
    let attack = matches!(
        exercise.motif,
        TeachId::Grenier | TeachId::DoubleThreat | TeachId::Threat
    );
    if attack && exercise.gain <= 0 {
        problems.push(format!("an attack whose line wins {}", exercise.gain));
    }
    if !attack {
        let before = teach::explain(position)
            .defences
            .iter()
            .find(|d| d.played.house == exercise.solution.house)
            .map_or(0, |d| d.before);
        if -exercise.gain >= i32::try_from(before).unwrap_or(i32::MAX) {
            problems.push(format!(
                "a defence against {before} seeds whose line loses {}",
                -exercise.gain
            ));
        }
    }
}

/// Every other legal move refuted once, by a legal reply and line whose
/// winnings are what they say, and worse than the solution by the proof's
/// margin or more (the least of them is the margin).
fn refutations_agree(exercise: &Exercise, problems: &mut Vec<String>) {
    let position = &exercise.position;
    let mover = position.to_move();
    let others: Vec<House> = position
        .legal_moves()
        .iter()
        .filter(|&h| h != exercise.solution.house)
        .collect();
    let refuted: Vec<House> = exercise
        .refutations
        .iter()
        .map(|r| r.played.house)
        .collect();
    if refuted != others {
        problems.push("the refutations are not one for every other legal move".to_owned());
    }
    for refutation in &exercise.refutations {
        let played = refutation.played;
        let Ok((after, _)) = position.after(played.house) else {
            problems.push(format!("{played} is not legal"));
            continue;
        };
        if nets(position, &[played.house], mover).first() != Some(&refutation.takes) {
            problems.push(format!("{played} does not take {}", refutation.takes));
        }
        if refutation.worse < exercise.proof.margin {
            problems.push(format!(
                "{played} is {} worse, less than the proof's margin {}",
                refutation.worse, exercise.proof.margin
            ));
        }
        let line: Vec<House> = refutation.line.iter().map(|h| h.house).collect();
        if refutation.reply.map(|r| r.house) != line.first().copied() {
            problems.push(format!("{played}'s line does not start with its reply"));
        }
        let won = nets(&after, &line, mover.opposite());
        if won.len() != line.len() || won.last().copied().unwrap_or(0) != refutation.wins {
            problems.push(format!(
                "after {played}, the line wins {:?}, the exercise says {}",
                won.last(),
                refutation.wins
            ));
        }
        if line.len().is_multiple_of(2) {
            problems.push(format!("{played}'s line ends on the solver's move"));
        }
    }
    let least = exercise.refutations.iter().map(|r| r.worse).min();
    if least.is_some_and(|least| least != exercise.proof.margin) {
        problems.push(format!(
            "the proof's margin {} is not the least refutation's {least:?}",
            exercise.proof.margin
        ));
    }
}

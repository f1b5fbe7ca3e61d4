//! Exercises written out: as game records (one game an exercise, the
//! solution as its main line, commented in the vocabulary by the
//! annotator of `songo annotate`), and as a handout (a lesson written for
//! [`crate::lesson`], drawn by its renderer: the exercises first, the
//! solutions at the end with the boards, arrows and sentences of
//! `explain`).

use std::fmt::Write as _;

use super::{Exercise, Refutation};
use crate::i18n::{Lang, Localize};
use crate::lesson::{self, Handout};
use crate::record::{GameRecord, Move, Node, Tag, Tags, names};
use crate::render::svg::escape;
use crate::teach::{self, DefenceKind, TeachId};
use crate::tr;

/// The tag that numbers an exercise in its set (`[Exercise "3"]`).
pub const EXERCISE_TAG: &str = "Exercise";
/// The tag that names its motif (`[Motif "teach.grenier"]`).
pub const MOTIF_TAG: &str = "Motif";
/// The tag of its difficulty, 1 to 5 (`[Difficulty "2"]`).
pub const DIFFICULTY_TAG: &str = "Difficulty";
/// The tag of its id (`[ExerciseId "ex-1a2b3c4d"]`).
pub const ID_TAG: &str = "ExerciseId";
/// The tag that names the game it comes from.
pub const SOURCE_TAG: &str = "Source";

/// The catalogue's key of a motif (`grenier` for `teach.grenier`): a
/// Fluent variant key has no dot.
#[must_use]
pub fn motif_key(motif: TeachId) -> &'static str {
    let id = motif.as_str();
    id.strip_prefix("teach.").unwrap_or(id)
}

/// The catalogue's key of an exercise's motif as it is asked:
/// `grenier-build` for a grenier the solution builds ([`Exercise::build`]),
/// else [`motif_key`].
#[must_use]
pub fn exercise_motif_key(exercise: &Exercise) -> &'static str {
    if exercise.build && exercise.motif == TeachId::Grenier {
        "grenier-build"
    } else {
        motif_key(exercise.motif)
    }
}

/// The sentence of the engine's proof.
#[must_use]
pub fn proof_sentence(exercise: &Exercise, lang: Lang) -> String {
    tr!(
        lang,
        "exercises-proof",
        move = exercise.solution.to_string(),
        exact = if exercise.proof.exact { "yes" } else { "no" },
        depth = i64::from(exercise.proof.depth),
        margin = i64::from(exercise.proof.margin)
    )
}

/// The one-line question.
#[must_use]
pub fn question(exercise: &Exercise, lang: Lang) -> String {
    tr!(
        lang,
        "exercises-question",
        id = exercise_motif_key(exercise),
        side = exercise.position.to_move().as_str(),
        value = i64::from(teach::grenier_threshold(exercise.position.rules()))
    )
}

/// Where it was found, in a sentence.
#[must_use]
pub fn source_sentence(exercise: &Exercise, lang: Lang) -> String {
    let origin = &exercise.origin;
    let mut sentence = tr!(
        lang,
        "exercises-source",
        source = origin.source.as_str(),
        game = origin.game,
        ply = origin.ply
    );
    if let Some(mistake) = exercise.after_mistake {
        sentence.push(' ');
        sentence.push_str(&tr!(
            lang,
            "exercises-after-mistake",
            move = mistake.played.to_string(),
            loss = i64::from(mistake.loss)
        ));
    }
    sentence
}

/// The `Source` tag: the file, the game's number, its players and event.
fn source_tag(exercise: &Exercise) -> String {
    let origin = &exercise.origin;
    let mut text = format!(
        "{}, game {}, ply {}",
        origin.source, origin.game, origin.ply
    );
    let players: Vec<&str> = [origin.south.as_deref(), origin.north.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    if !players.is_empty() {
        let _ = write!(text, ", {}", players.join(" - "));
    }
    if let Some(event) = &origin.event {
        let _ = write!(text, ", {event}");
    }
    text
}

/// One exercise as a game record: its position set up, its tags, the
/// solution line as the main line.
#[must_use]
pub fn exercise_record(number: usize, exercise: &Exercise, lang: Lang) -> GameRecord {
    let mut tags = Tags::with_capacity(10);
    let motif = tr!(lang, "exercises-motif", id = exercise_motif_key(exercise));
    tags.push(Tag::new(
        names::EVENT,
        format!(
            "{}{}: {motif}",
            tr!(lang, "exercises-heading", number = number),
            lang.before_colon()
        ),
    ));
    tags.push(Tag::new(names::RULES, exercise.position.rules().id()));
    tags.push(Tag::new(names::SETUP, "1"));
    tags.push(Tag::new(names::POSITION, exercise.position.to_string()));
    tags.push(Tag::new(EXERCISE_TAG, number.to_string()));
    tags.push(Tag::new(ID_TAG, exercise.id.as_str()));
    tags.push(Tag::new(MOTIF_TAG, exercise.motif.as_str()));
    tags.push(Tag::new(
        DIFFICULTY_TAG,
        exercise.difficulty.level.to_string(),
    ));
    tags.push(Tag::new(SOURCE_TAG, source_tag(exercise)));
    let mut moves = vec![Node::Comment(format!(
        "{} {}",
        question(exercise, lang),
        proof_sentence(exercise, lang)
    ))];
    moves.extend(
        exercise
            .line
            .iter()
            .map(|house| Node::Move(Move::new(house.to_string()))),
    );
    GameRecord {
        tags,
        moves,
        result: Some("*".to_owned()),
    }
}

/// The exercises as one record text, the solution lines commented in the
/// vocabulary (as `songo annotate` comments a game).
#[must_use]
pub fn records(exercises: &[Exercise], lang: Lang) -> String {
    let records: Vec<GameRecord> = exercises
        .iter()
        .enumerate()
        .map(|(index, exercise)| exercise_record(index + 1, exercise, lang))
        .collect();
    let options = crate::annotation::Options {
        lang,
        default_rules: None,
    };
    crate::annotation::annotate_records(&records, &options).record
}

/// The `expect:` lines that make the handout check its own solutions: what
/// the solution captures, and the motif when the lesson checker can state
/// it (a grenier, a defence).
fn expectations(exercise: &Exercise) -> Vec<String> {
    let solution = exercise.solution;
    let mut lines = Vec::new();
    let effects = teach::move_effects(&exercise.position);
    if let Some(effect) = effects.iter().find(|e| e.played == solution) {
        if effect.captures > 0 {
            lines.push(format!("expect: {solution} captures {}", effect.captures));
        } else {
            lines.push(format!("expect: {solution} captures nothing"));
        }
    }
    match exercise.motif {
        // A grenier played (not one the solution builds elsewhere).
        TeachId::Grenier
            if teach::explain(&exercise.position)
                .greniers
                .iter()
                .any(|g| g.house == solution) =>
        {
            lines.push(format!("expect: grenier {solution}"));
        }
        TeachId::Yinda => lines.push(format!("expect: {solution} yinda")),
        TeachId::Defence => {
            let kind = teach::explain(&exercise.position)
                .defences
                .iter()
                .find(|d| d.played == solution)
                .map(|d| d.kind);
            let word = match kind {
                Some(DefenceKind::Evasion) => "evasion",
                _ => "defence",
            };
            lines.push(format!("expect: {solution} {word}"));
        }
        _ => {}
    }
    lines
}

/// Where a handout puts the solutions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Solutions {
    /// After every exercise, from a new page: the exercises can be handed
    /// out without them.
    #[default]
    Separate,
    /// None: a worksheet.
    None,
    /// Each right after its exercise.
    Inline,
}

impl Solutions {
    /// The catalogue's key (`exercises-intro`'s `solutions`).
    const fn key(self) -> &'static str {
        match self {
            Solutions::Separate => "separate",
            Solutions::None => "none",
            Solutions::Inline => "inline",
        }
    }
}

/// The exercises as a lesson (Markdown with `songo` blocks,
/// `docs/lessons.md`): each exercise's board and question, then the
/// solutions, each with the explained board, the line played and the
/// engine's proof.
#[must_use]
pub fn lesson_text(exercises: &[Exercise], lang: Lang) -> String {
    lesson_text_with(exercises, lang, Solutions::Separate)
}

/// [`lesson_text`] with the solutions where `solutions` says.
#[must_use]
pub fn lesson_text_with(exercises: &[Exercise], lang: Lang, solutions: Solutions) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "# {}\n", tr!(lang, "exercises-title"));
    let _ = writeln!(
        text,
        "{}\n",
        tr!(
            lang,
            "exercises-intro",
            count = exercises.len(),
            solutions = solutions.key()
        )
        .trim_end()
    );
    for (index, exercise) in exercises.iter().enumerate() {
        let number = index + 1;
        let _ = writeln!(
            text,
            "## {} · {} · {}\n",
            tr!(lang, "exercises-heading", number = number),
            tr!(lang, "exercises-motif", id = exercise_motif_key(exercise)),
            tr!(
                lang,
                "exercises-difficulty",
                level = i64::from(exercise.difficulty.level)
            )
        );
        let _ = writeln!(text, "```songo\nposition: {}\n```\n", exercise.position);
        let _ = writeln!(text, "**{}**\n", question(exercise, lang));
        if solutions == Solutions::Inline {
            let _ = writeln!(
                text,
                "### {}\n",
                tr!(lang, "exercises-solution-heading", number = number)
            );
            solution_text(exercise, lang, &mut text);
        }
    }
    if solutions == Solutions::Separate {
        let _ = writeln!(text, "# {}\n", tr!(lang, "exercises-solutions"));
        for (index, exercise) in exercises.iter().enumerate() {
            let _ = writeln!(
                text,
                "## {}\n",
                tr!(lang, "exercises-solution-heading", number = index + 1)
            );
            solution_text(exercise, lang, &mut text);
        }
    }
    text
}

/// One exercise's solution: the proof, the explained board, the line
/// played, what it wins, where it was found, and why each other move is
/// wrong.
fn solution_text(exercise: &Exercise, lang: Lang, text: &mut String) {
    let _ = writeln!(text, "{}\n", proof_sentence(exercise, lang));
    let _ = writeln!(
        text,
        "```songo\nposition: {}\nexplain\n{}\n```\n",
        exercise.position,
        expectations(exercise).join("\n")
    );
    let line: Vec<String> = exercise.line.iter().map(ToString::to_string).collect();
    let _ = writeln!(
        text,
        "```songo\nposition: {}\nplay: {}\n```\n",
        exercise.position,
        line.join(" ")
    );
    let _ = writeln!(
        text,
        "{} {} {}\n",
        tr!(lang, "exercises-line", line = line.join(" ")),
        gain_sentence(exercise, lang),
        source_sentence(exercise, lang)
    );
    for refutation in &exercise.refutations {
        let _ = writeln!(
            text,
            "- {}",
            refutation_sentence(exercise, refutation, lang)
        );
    }
    if !exercise.refutations.is_empty() {
        text.push('\n');
    }
}

/// What the solution line wins: the seeds it takes (an attack), or how
/// little the opponent takes of what he threatened (a defence).
#[must_use]
pub fn gain_sentence(exercise: &Exercise, lang: Lang) -> String {
    let side = exercise.position.to_move().as_str();
    if exercise.gain > 0 {
        return tr!(
            lang,
            "exercises-gain",
            side = side,
            gain = i64::from(exercise.gain)
        );
    }
    let before = teach::explain(&exercise.position)
        .defences
        .iter()
        .find(|d| d.played == exercise.solution)
        .map_or(0, |d| d.before);
    tr!(
        lang,
        "exercises-held",
        side = side,
        loss = i64::from(-exercise.gain),
        before = i64::from(before)
    )
}

/// Why another move is wrong, in a sentence: the opponent's reply, the
/// term it illustrates, what its line wins, and how much worse the move
/// is than the solution (the numbers of the proof).
#[must_use]
pub fn refutation_sentence(exercise: &Exercise, refutation: &Refutation, lang: Lang) -> String {
    let Some(reply) = refutation.reply else {
        return tr!(
            lang,
            "exercises-refutation-end",
            move = refutation.played.to_string(),
            worse = i64::from(refutation.worse),
            solution = exercise.solution.to_string()
        );
    };
    let line: Vec<String> = refutation.line.iter().map(ToString::to_string).collect();
    tr!(
        lang,
        "exercises-refutation",
        move = refutation.played.to_string(),
        reply = reply.to_string(),
        term = refutation.term.map_or("none", motif_key),
        wins = i64::from(refutation.wins.max(0)),
        line = line.join(" "),
        worse = i64::from(refutation.worse),
        solution = exercise.solution.to_string()
    )
}

/// The handout: the lesson of [`lesson_text`] drawn as one HTML page by
/// the lessons' renderer, with its check (a problem there is a defect of
/// the exercises).
///
/// # Errors
/// The lesson does not read (it always should: the finder only writes
/// positions of the engine).
pub fn handout(exercises: &[Exercise], lang: Lang) -> Result<Handout, String> {
    handout_with(exercises, lang, Solutions::Separate)
}

/// [`handout`] with the solutions where `solutions` says: on pages of
/// their own (the solutions' heading starts a new page when printed), none,
/// or each after its exercise.
///
/// # Errors
/// As [`handout`].
pub fn handout_with(
    exercises: &[Exercise],
    lang: Lang,
    solutions: Solutions,
) -> Result<Handout, String> {
    let text = lesson_text_with(exercises, lang, solutions);
    let options = lesson::Options {
        lang,
        rules: None,
        teacher_notes: false,
    };
    let mut handout = lesson::html(&text, &options).map_err(|error| error.localize(lang))?;
    if solutions == Solutions::Separate {
        // The solutions start a page of their own: the exercises' pages can
        // be handed out alone.
        let heading = format!("<h1>{}</h1>", escape(&tr!(lang, "exercises-solutions")));
        handout.document = handout.document.replacen(
            &heading,
            &format!(
                "<h1 class=\"solutions\" style=\"break-before: page; page-break-before: always\">{}</h1>",
                escape(&tr!(lang, "exercises-solutions"))
            ),
            1,
        );
    }
    Ok(handout)
}

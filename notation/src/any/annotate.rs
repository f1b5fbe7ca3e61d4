//! The plies of a played line of any game a teacher would point at.

use super::{AnyMove, AnyOutcome, AnyPosition, ByFamily};
use crate::i18n::{Lang, Localize};
use crate::report::PlayStep;
use crate::seega::SeegaPosition;
use crate::teach::words::{self, Wording};
use crate::teach::{self, Annotation, PlayedMove, SeegaAnnotation, TeachId};

/// Something a teacher would point out at one ply, in any game: in a
/// sowing game or in Seega.
pub type AnyAnnotation = ByFamily<Annotation, SeegaAnnotation>;

impl AnyAnnotation {
    /// The ply, counted from 1.
    #[must_use]
    pub const fn ply(&self) -> usize {
        each_family!(self, annotation => annotation.ply)
    }

    /// The term it illustrates.
    #[must_use]
    pub fn id(&self) -> TeachId {
        each_family!(self, annotation => annotation.id)
    }

    /// The annotation as a sentence in the language of `wording`, Awalé
    /// houses in its letters.
    #[must_use]
    pub fn sentence(&self, wording: Wording) -> String {
        match self {
            AnyAnnotation::Sowing(annotation) => words::annotation_sentence(annotation, wording),
            AnyAnnotation::Seega(annotation) => annotation.localize(wording.lang),
        }
    }
}

/// The annotation as a sentence.
impl Localize for AnyAnnotation {
    fn localize(&self, lang: Lang) -> String {
        each_family!(self, annotation => annotation.localize(lang))
    }
}

/// The plies of a played line a teacher would point at (`teach::annotate`,
/// `teach::annotate_seega`), the line given as the steps of a play report.
///
/// ```
/// use songo_notation::any::{self, AnyPosition};
/// use songo_notation::report;
/// let start: AnyPosition = "songo:0,0,2,0,6,0,0/1,4,0,3,1,5,1".parse().unwrap();
/// let played = report::play(start, &["S1", "N4"]).unwrap();
/// let notes = any::annotate(&played.steps);
/// assert_eq!(notes[0].id().as_str(), "teach.threat");
/// ```
#[must_use]
pub fn annotate(steps: &[PlayStep<AnyPosition>]) -> Vec<AnyAnnotation> {
    let sowing: Option<Vec<PlayedMove>> = steps
        .iter()
        .map(|step| match (&step.before, step.outcome, &step.after) {
            (
                AnyPosition::Sowing(before),
                AnyOutcome::Sowing(outcome),
                AnyPosition::Sowing(after),
            ) => Some(PlayedMove {
                before: *before,
                outcome,
                after: *after,
            }),
            _ => None,
        })
        .collect();
    if let Some(plies) = sowing {
        return teach::annotate(&plies)
            .into_iter()
            .map(AnyAnnotation::Sowing)
            .collect();
    }
    let seega: Option<Vec<PlayStep<SeegaPosition>>> = steps
        .iter()
        .map(
            |step| match (&step.before, step.outcome, &step.after, step.played) {
                (
                    AnyPosition::Seega(before),
                    AnyOutcome::Seega(outcome),
                    AnyPosition::Seega(after),
                    AnyMove::Seega(played),
                ) => Some(PlayStep {
                    played,
                    before: *before,
                    outcome,
                    after: *after,
                }),
                _ => None,
            },
        )
        .collect();
    seega.map_or_else(Vec::new, |plies| {
        teach::annotate_seega(&plies)
            .into_iter()
            .map(AnyAnnotation::Seega)
            .collect()
    })
}

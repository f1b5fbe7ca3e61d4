//! What Seega adds to the reports of `play` and `moves` ([`Reported`]): a
//! step's captured squares (no board after sowing), and the phase.

use serde::{Serialize, Serializer};

use super::position::SeegaPosition;
use crate::report::{PlayStep, Reported};
use crate::rule::RuleIds;

/// `{"move", "before", "after", "captured", "captured_squares",
/// "rules_applied"}`, the move in canonical spelling.
impl Reported for SeegaPosition {
    fn serialize_step<S: Serializer>(
        step: &PlayStep<SeegaPosition>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Step<'a> {
            #[serde(rename = "move")]
            played: String,
            before: &'a SeegaPosition,
            after: &'a SeegaPosition,
            captured: u32,
            captured_squares: Vec<String>,
            rules_applied: RuleIds,
        }
        let outcome = &step.outcome;
        Step {
            played: outcome.played.to_string(),
            before: &step.before,
            after: &step.after,
            captured: outcome.captured.len(),
            captured_squares: outcome.captured.iter().map(|s| s.to_string()).collect(),
            rules_applied: outcome.applied,
        }
        .serialize(serializer)
    }

    fn phase_name(&self) -> Option<&'static str> {
        Some(self.phase().as_str())
    }
}

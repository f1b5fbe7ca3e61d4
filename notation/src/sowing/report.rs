//! What the sowing games add to the reports of `play` ([`Reported`]): a
//! step's board after sowing, the houses its captures emptied, the seeds a
//! forced exit conceded.

use serde::{Serialize, Serializer};

use crate::report::{PlayStep, Reported};
use crate::rule::RuleIds;
use crate::side::Side;
use crate::sowing::position::Position;
use crate::sowing::rules::MoveOutcome;

/// A board's two rows in notation order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rows {
    /// `N0..N6` (Awalé `a..f`).
    pub north: Vec<u32>,
    /// `S0..S6` (Awalé `a..f`).
    pub south: Vec<u32>,
}

impl Rows {
    /// The rows of a position.
    #[must_use]
    pub fn of(position: &Position) -> Rows {
        Rows {
            north: position.row(Side::North).to_vec(),
            south: position.row(Side::South).to_vec(),
        }
    }
}

/// `{"move", "before", "sown", "after", "captured", "captured_houses",
/// ["conceded",] "rules_applied"}`, houses named canonically.
impl Reported for Position {
    fn serialize_step<S: Serializer>(
        step: &PlayStep<Position>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Step<'a> {
            #[serde(rename = "move")]
            played: String,
            before: &'a Position,
            sown: Rows,
            after: &'a Position,
            captured: u32,
            captured_houses: Vec<String>,
            #[serde(skip_serializing_if = "is_zero")]
            conceded: u32,
            rules_applied: RuleIds,
        }
        let rules = step.before.rules();
        let MoveOutcome {
            house,
            sown,
            captured,
            captured_houses,
            conceded,
            applied,
        } = &step.outcome;
        Step {
            played: house.name(rules).to_string(),
            before: &step.before,
            sown: Rows::of(sown),
            after: &step.after,
            captured: *captured,
            captured_houses: captured_houses
                .iter()
                .map(|house| house.name(rules).to_string())
                .collect(),
            conceded: *conceded,
            rules_applied: *applied,
        }
        .serialize(serializer)
    }
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(n: &u32) -> bool {
    *n == 0
}

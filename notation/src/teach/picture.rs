//! The vocabulary drawn on a board: the shapes ([`Shape`]) a picture of an
//! explanation puts over the position. Each shape shows one term, computed
//! in [`super::explain`] or [`super::explain_seega`]; nothing is computed here.
//!
//! - a threat (`teach.threat`): an arrow from the house to the house its
//!   last seed falls in, with its capture; the houses it takes ringed;
//!   South's in one colour, North's in another;
//! - a double threat (`teach.double-threat`): its threats' arrows in the
//!   double threat's brush, one colour for all;
//! - a grenier (`teach.grenier`): ringed twice, with its seeds;
//! - a yinda (`teach.yinda`): a seed in each house it reinforces, a dashed
//!   line from the house played;
//! - Seega: each piece that can be taken ringed, an arrow for each step
//!   that takes it.

use crate::render::{Brush, Shape};
use crate::seega::{SeegaMove, Square};
use crate::{House, Side};

use super::seega::SeegaExplainReport;
use super::sowing::{DefenceKind, ExplainReport};

/// The shapes of a sowing explanation.
///
/// ```
/// use songo_notation::render::{Brush, Shape};
/// use songo_notation::teach::{self, picture};
/// use songo_notation::{House, Position, Side};
/// // The escale text's double threat: S0 and S1, one brush for both.
/// let position: Position = "songo:0,1,1,0,6,0,0/2,4,0,0,1,5,1".parse().unwrap();
/// let shapes = picture::sowing_shapes(&teach::explain(&position));
/// let arrows: Vec<_> = shapes.iter().filter_map(|shape| match shape {
///     Shape::Arrow { from, brush, label, .. } => Some((*from, *brush, *label)),
///     _ => None,
/// }).collect();
/// assert!(arrows.contains(&(House::new(Side::South, 1), Brush::DoubleThreat, Some(4))));
/// assert!(arrows.contains(&(House::new(Side::South, 0), Brush::DoubleThreat, Some(2))));
/// ```
#[must_use]
pub fn sowing_shapes(report: &ExplainReport) -> Vec<Shape<House>> {
    let mut shapes: Vec<Shape<House>> = Vec::new();
    let mut add = |shape| {
        if !shapes.contains(&shape) {
            shapes.push(shape);
        }
    };
    for threat in &report.threats {
        let double = report
            .double_threats
            .iter()
            .any(|d| d.side == threat.side && d.houses.contains(&threat.house));
        let brush = if double {
            Brush::DoubleThreat
        } else if threat.side == Side::North {
            Brush::ThreatNorth
        } else {
            Brush::Threat
        };
        for taken in &threat.houses {
            add(Shape::Ring {
                at: taken.house,
                brush,
            });
        }
        add(Shape::Arrow {
            from: threat.house.house,
            to: threat.lands.house,
            brush,
            label: Some(threat.captures),
        });
    }
    for grenier in &report.greniers {
        add(Shape::Grenier {
            at: grenier.house.house,
            seeds: grenier.seeds,
        });
    }
    for defence in &report.defences {
        if defence.kind == DefenceKind::Yinda {
            for house in &defence.houses {
                add(Shape::Seed {
                    at: house.house,
                    from: defence.played.house,
                });
            }
        }
    }
    shapes
}

/// The shapes of a Seega explanation: each threatened piece ringed, and an
/// arrow for each step that takes it.
///
/// ```
/// use songo_notation::render::Shape;
/// use songo_notation::seega::SeegaPosition;
/// use songo_notation::teach::{self, picture};
/// let position: SeegaPosition = "seega:...../...../...S./..N../..S..:N".parse().unwrap();
/// let shapes = picture::seega_shapes(&teach::explain_seega(&position));
/// assert!(shapes.iter().any(|s| matches!(s, Shape::Ring { at, .. } if at.to_string() == "c2")));
/// assert!(shapes.iter().any(|s| matches!(s, Shape::Arrow { from, to, .. }
///     if from.to_string() == "d3" && to.to_string() == "c3")));
/// ```
#[must_use]
pub fn seega_shapes(report: &SeegaExplainReport) -> Vec<Shape<Square>> {
    let mut shapes: Vec<Shape<Square>> = Vec::new();
    for threat in &report.threats {
        shapes.push(Shape::Ring {
            at: threat.square,
            brush: Brush::Threat,
        });
    }
    for threat in &report.threats {
        for &step in &threat.moves {
            if let SeegaMove::Step(from, to) = step {
                let arrow = Shape::Arrow {
                    from,
                    to,
                    brush: Brush::Threat,
                    label: None,
                };
                if !shapes.contains(&arrow) {
                    shapes.push(arrow);
                }
            }
        }
    }
    shapes
}

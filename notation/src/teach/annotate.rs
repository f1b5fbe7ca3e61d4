//! The plies of a played line where something a teacher points out
//! happens, as data ([`Annotation`]): a threat created, a double threat, a
//! threat ignored and then executed, a yinda or an evasion, a grenier built
//! or played, the bidoua turning. Each names its `teach.*` id, the houses and
//! the numbers; [`super::words`] turns it into a sentence.

use std::fmt;

use serde::Serialize;

use super::probe::{Captures, Take};
use super::sowing::{self, DefenceKind, DoubleThreat, Grenier, Study, Threat};
use super::{Defence, NamedHouse, TeachId};
use crate::{House, IllegalMove, MoveOutcome, Position, Score, Side};

/// One move of a line: the position before it, the engine's outcome, and
/// the position after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayedMove {
    /// The position the move was played in.
    pub before: Position,
    /// What the engine says the move did.
    pub outcome: MoveOutcome,
    /// The position after it.
    pub after: Position,
}

/// Something to point out at one ply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Annotation {
    /// The ply, counted from 1.
    pub ply: usize,
    /// Who played it.
    pub mover: Side,
    /// The move played.
    #[serde(rename = "move")]
    pub played: NamedHouse,
    /// The term it illustrates.
    pub id: TeachId,
    /// What happened.
    #[serde(flatten)]
    pub note: Note,
}

/// What happened at a ply, with its houses and numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Note {
    /// The mover has a threat he did not have before the move (as if it
    /// were his turn again).
    ThreatCreated(Threat),
    /// The mover now has a double threat he did not have before.
    DoubleThreat(DoubleThreat),
    /// The mover left the opponent's threat standing, and the opponent
    /// carries it out on the next ply.
    ThreatIgnored {
        /// The threat, as it stood before the move.
        threat: Threat,
        /// The ply that carries it out.
        executed_at: usize,
    },
    /// The mover carries out the threat the opponent left standing.
    ThreatExecuted {
        /// The threat, as it stood before the opponent's move.
        threat: Threat,
        /// Seeds taken.
        captures: u32,
        /// Houses taken, in notation order.
        houses: Vec<NamedHouse>,
        /// The ply that left it standing.
        ignored_at: usize,
    },
    /// The move is a yinda or an evasion.
    Defence(Defence),
    /// A house reached the grenier threshold (its owner may be either side).
    GrenierBuilt(Grenier),
    /// The move played a grenier.
    GrenierPlayed {
        /// The grenier, as it stood before the move.
        grenier: Grenier,
        /// Seeds it took from the opponent's houses.
        harvest: u32,
        /// The houses it took, in notation order.
        houses: Vec<NamedHouse>,
    },
    /// The side with the larger bidoua is no longer the one it was.
    BidouaTurned {
        /// The side now ahead.
        leader: Side,
        /// Both bidouas after the move.
        bidoua: Score,
    },
}

impl Note {
    /// The term the note illustrates.
    #[must_use]
    pub fn id(&self) -> TeachId {
        match self {
            Note::ThreatCreated(_) | Note::ThreatIgnored { .. } | Note::ThreatExecuted { .. } => {
                TeachId::Threat
            }
            Note::DoubleThreat(_) => TeachId::DoubleThreat,
            Note::Defence(defence) => defence.kind.id(),
            Note::GrenierBuilt(_) | Note::GrenierPlayed { .. } => TeachId::Grenier,
            Note::BidouaTurned { .. } => TeachId::Bidoua,
        }
    }
}

/// A move of a line the engine refuses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// The ply, counted from 1.
    pub ply: usize,
    /// The engine's refusal, naming the rule.
    pub error: IllegalMove,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ply {}: {}", self.ply, self.error)
    }
}

impl std::error::Error for LineError {}

/// Plays `moves` from `start` with the engine and annotates the line.
///
/// ```
/// use songo_notation::teach::{self, Note};
/// use songo_notation::{House, Position, Side};
/// // The simple threat board: South takes 3 with S1 and leaves N4's threat
/// // standing; North takes 6 with N4.
/// let start: Position = "songo:0,0,2,0,6,0,0/1,4,0,3,1,5,1".parse().unwrap();
/// let moves = [House::new(Side::South, 1), House::new(Side::North, 4)];
/// let notes = teach::annotate_line(start, &moves).unwrap();
/// assert!(notes.iter().any(|a| a.ply == 2
///     && matches!(a.note, Note::ThreatExecuted { captures: 6, ignored_at: 1, .. })));
/// ```
///
/// # Errors
/// A move the engine refuses, with its ply.
pub fn annotate_line(start: Position, moves: &[House]) -> Result<Vec<Annotation>, LineError> {
    let mut plies = Vec::with_capacity(moves.len());
    let mut position = start;
    for (index, &house) in moves.iter().enumerate() {
        let (after, outcome) = position.after(house).map_err(|error| LineError {
            ply: index + 1,
            error,
        })?;
        plies.push(PlayedMove {
            before: position,
            outcome,
            after,
        });
        position = after;
    }
    Ok(annotate(&plies))
}

/// What the vocabulary needs of each position of the line, computed once.
struct View {
    /// Each side's captures, as if it were its turn.
    captures: [Captures; 2],
    /// Each side's bidoua.
    bidoua: Score,
}

impl View {
    fn of(position: &Position) -> View {
        View {
            captures: Side::BOTH.map(|side| Captures::of(position, side)),
            bidoua: Score::new(
                sowing::bidoua(position, Side::South).0,
                sowing::bidoua(position, Side::North).0,
            ),
        }
    }

    fn of_side(&self, side: Side) -> &Captures {
        &self.captures[side.index()]
    }
}

/// Annotates a line given as played moves (each `before` the `after` of the
/// one before it), ply by ply, in this order within a ply: a threat
/// executed, a grenier played, a yinda or an evasion, a threat ignored,
/// threats created, a double threat, greniers built, the bidoua turning.
#[must_use]
pub fn annotate(plies: &[PlayedMove]) -> Vec<Annotation> {
    let Some(first) = plies.first() else {
        return Vec::new();
    };
    let mut views = Vec::with_capacity(plies.len() + 1);
    views.push(View::of(&first.before));
    views.extend(plies.iter().map(|ply| View::of(&ply.after)));
    let mut notes = Vec::new();
    // The side last ahead in the bidoua (ties do not turn it).
    let mut leader = views[0].bidoua.leader();
    for (index, ply) in plies.iter().enumerate() {
        let number = index + 1;
        let (before, after) = (&views[index], &views[index + 1]);
        let played = ply.outcome.house;
        let mover = played.side;
        let rules = ply.before.rules();
        let mut add = |note: Note| {
            notes.push(Annotation {
                ply: number,
                mover,
                played: NamedHouse::new(played, rules),
                id: note.id(),
                note,
            });
        };
        let take = Take::of(&ply.outcome);

        // A threat the opponent left standing at the ply before, carried out.
        if index > 0 {
            let earlier = &plies[index - 1];
            let standing = views[index - 1].of_side(mover);
            if take.seeds > 0
                && let Some(threat) = standing.take(played)
                && ignores(standing, views[index].of_side(mover))
            {
                add(Note::ThreatExecuted {
                    threat: sowing::threat(&earlier.before, played, threat),
                    captures: take.seeds,
                    houses: sowing::named(take.houses.iter(), rules),
                    ignored_at: number - 1,
                });
            }
        }

        if let Some(grenier) = sowing::grenier(&ply.before, played, before.of_side(mover)) {
            add(Note::GrenierPlayed {
                grenier,
                harvest: take.seeds,
                houses: sowing::named(take.houses.iter(), rules),
            });
        }

        let against = before.of_side(mover.opposite());
        let study = Study::played(played, ply.outcome, ply.after);
        if let Some(defence) = study.defence(&ply.before, against)
            && defence.kind != DefenceKind::Other
        {
            add(Note::Defence(defence));
        }

        if let Some(next) = plies.get(index + 1) {
            let answer = next.outcome.house;
            if ignores(against, after.of_side(mover.opposite()))
                && let Some(threat) = against.take(answer)
                && Take::of(&next.outcome).seeds > 0
            {
                add(Note::ThreatIgnored {
                    threat: sowing::threat(&ply.before, answer, threat),
                    executed_at: number + 1,
                });
            }
        }

        let (own_before, own_after) = (before.of_side(mover), after.of_side(mover));
        for (house, threat) in own_after.threats() {
            if own_before.take(house).is_none() {
                add(Note::ThreatCreated(sowing::threat(&ply.after, house, threat)));
            }
        }
        if own_after.count() >= 2
            && let Some(double) = sowing::double_threat(&ply.after, own_after)
            && sowing::double_threat(&ply.before, own_before).is_none()
        {
            add(Note::DoubleThreat(double));
        }

        for house in ply.after.houses() {
            let threshold = sowing::grenier_threshold(rules);
            if ply.before.house(house) < threshold
                && let Some(grenier) =
                    sowing::grenier(&ply.after, house, after.of_side(house.side))
            {
                add(Note::GrenierBuilt(grenier));
            }
        }

        if let Some(now) = after.bidoua.leader() {
            if leader.is_some_and(|was| was != now) {
                add(Note::BidouaTurned {
                    leader: now,
                    bidoua: after.bidoua,
                });
            }
            leader = Some(now);
        }
    }
    notes
}

/// Whether a move left a threat standing: the threatening side's largest
/// capture did not drop (`before` threatened at all).
fn ignores(before: &Captures, after: &Captures) -> bool {
    before.largest() > 0 && after.largest() >= before.largest()
}

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
    ThreatCreated {
        /// The new threat.
        threat: Threat,
    },
    /// The mover now has a double threat he did not have before.
    DoubleThreat {
        /// The double threat.
        double_threat: DoubleThreat,
    },
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
    Defence {
        /// The defence.
        defence: Defence,
    },
    /// A house reached the grenier threshold (its owner may be either side).
    GrenierBuilt {
        /// The new grenier.
        grenier: Grenier,
    },
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
            Note::ThreatCreated { .. }
            | Note::ThreatIgnored { .. }
            | Note::ThreatExecuted { .. } => TeachId::Threat,
            Note::DoubleThreat { .. } => TeachId::DoubleThreat,
            Note::Defence { defence } => defence.kind.id(),
            Note::GrenierBuilt { .. } | Note::GrenierPlayed { .. } => TeachId::Grenier,
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
    // views[i] is the position before ply i + 1 (after ply i).
    let mut views = Vec::with_capacity(plies.len() + 1);
    views.push(View::of(&first.before));
    views.extend(plies.iter().map(|ply| View::of(&ply.after)));
    let mut annotations = Vec::new();
    // The side last ahead in the bidoua (a tie does not turn it).
    let mut leader = views[0].bidoua.leader();
    for (index, ply) in plies.iter().enumerate() {
        let step = Step {
            number: index + 1,
            ply,
            before: &views[index],
            after: &views[index + 1],
        };
        let mut notes = Vec::new();
        if let Some(earlier) = index.checked_sub(1) {
            let previous = Step {
                number: index,
                ply: &plies[earlier],
                before: &views[earlier],
                after: &views[index],
            };
            notes.extend(step.executes_threat_left_by(&previous));
        }
        notes.extend(step.grenier_played());
        notes.extend(step.yinda_or_evasion());
        if let Some(next) = plies.get(index + 1) {
            notes.extend(step.threat_ignored(next));
        }
        notes.extend(step.threats_created());
        notes.extend(step.double_threat());
        notes.extend(step.greniers_built());
        if let Some(now) = step.after.bidoua.leader() {
            if leader.is_some_and(|was| was != now) {
                notes.push(Note::BidouaTurned {
                    leader: now,
                    bidoua: step.after.bidoua,
                });
            }
            leader = Some(now);
        }
        let played = ply.outcome.house;
        annotations.extend(notes.into_iter().map(|note| Annotation {
            ply: index + 1,
            mover: played.side,
            played: NamedHouse::new(played, ply.before.rules()),
            id: note.id(),
            note,
        }));
    }
    annotations
}

/// One ply with the views of the positions around it.
struct Step<'a> {
    /// The ply, from 1.
    number: usize,
    ply: &'a PlayedMove,
    before: &'a View,
    after: &'a View,
}

impl Step<'_> {
    fn played(&self) -> House {
        self.ply.outcome.house
    }

    fn mover(&self) -> Side {
        self.played().side
    }

    /// The opponent's captures before and after the move.
    fn against(&self) -> (&Captures, &Captures) {
        let opponent = self.mover().opposite();
        (self.before.of_side(opponent), self.after.of_side(opponent))
    }

    /// Whether the move left the opponent's threat standing: his largest
    /// capture, positive before, did not drop.
    fn ignores_threat(&self) -> bool {
        let (before, after) = self.against();
        before.largest() > 0 && after.largest() >= before.largest()
    }

    fn taken(&self) -> Take {
        Take::of(&self.ply.outcome)
    }

    /// `teach.threat`: this move takes with a house that threatened before
    /// `previous`, the opponent's move, which left the threat standing.
    fn executes_threat_left_by(&self, previous: &Step<'_>) -> Option<Note> {
        let taken = self.taken();
        let standing = previous.against().0.take(self.played())?;
        if taken.seeds == 0 || !previous.ignores_threat() {
            return None;
        }
        let rules = self.ply.before.rules();
        Some(Note::ThreatExecuted {
            threat: sowing::threat(&previous.ply.before, self.played(), standing),
            captures: taken.seeds,
            houses: sowing::named(taken.houses.iter(), rules),
            ignored_at: previous.number,
        })
    }

    /// `teach.threat`: the move leaves the opponent's threat standing, and
    /// the opponent carries it out with `next`.
    fn threat_ignored(&self, next: &PlayedMove) -> Option<Note> {
        let answer = next.outcome.house;
        let standing = self.against().0.take(answer)?;
        if !self.ignores_threat() || Take::of(&next.outcome).seeds == 0 {
            return None;
        }
        Some(Note::ThreatIgnored {
            threat: sowing::threat(&self.ply.before, answer, standing),
            executed_at: self.number + 1,
        })
    }

    /// `teach.grenier`: the move plays a grenier, with its harvest.
    fn grenier_played(&self) -> Option<Note> {
        let played = self.played();
        let grenier = sowing::grenier(&self.ply.before, played, self.before.of_side(played.side))?;
        let taken = self.taken();
        Some(Note::GrenierPlayed {
            grenier,
            harvest: taken.seeds,
            houses: sowing::named(taken.houses.iter(), self.ply.before.rules()),
        })
    }

    /// `teach.yinda`, `teach.defence`: the move is a yinda or an evasion.
    fn yinda_or_evasion(&self) -> Option<Note> {
        let study = Study::played(self.played(), self.ply.outcome, self.ply.after);
        let defence = study.defence(&self.ply.before, self.against().0)?;
        (defence.kind != DefenceKind::Other).then_some(Note::Defence { defence })
    }

    /// `teach.threat`: the mover's threats after the move (as if it were
    /// his turn again) that were not threats before it.
    fn threats_created(&self) -> impl Iterator<Item = Note> + '_ {
        let mover = self.mover();
        let (before, after) = (self.before.of_side(mover), self.after.of_side(mover));
        after
            .threats()
            .filter(|(house, _)| before.take(*house).is_none())
            .map(|(house, take)| Note::ThreatCreated {
                threat: sowing::threat(&self.ply.after, house, take),
            })
    }

    /// `teach.double-threat`: the mover has a double threat he did not have.
    fn double_threat(&self) -> Option<Note> {
        let mover = self.mover();
        let (before, after) = (self.before.of_side(mover), self.after.of_side(mover));
        let double = sowing::double_threat(&self.ply.after, after)?;
        sowing::double_threat(&self.ply.before, before)
            .is_none()
            .then_some(Note::DoubleThreat {
                double_threat: double,
            })
    }

    /// `teach.grenier`: the houses, of either side, that reach the
    /// threshold with this move.
    fn greniers_built(&self) -> impl Iterator<Item = Note> + '_ {
        let threshold = sowing::grenier_threshold(self.ply.before.rules());
        self.ply
            .after
            .houses()
            .filter(move |&house| self.ply.before.house(house) < threshold)
            .filter_map(|house| {
                sowing::grenier(&self.ply.after, house, self.after.of_side(house.side))
            })
            .map(|grenier| Note::GrenierBuilt { grenier })
    }
}

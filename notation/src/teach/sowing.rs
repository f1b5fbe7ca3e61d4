//! The vocabulary of the sowing games (Songo, Awalé, oware), computed on a
//! position: [`explain`] gives every term at once ([`ExplainReport`], the
//! shape `songo explain --format json` promises), [`move_effects`] what
//! each legal move does to the threats.
//!
//! Each term is computed in one function here, named after it, that cites
//! its id: `threats` (`teach.threat`), `double_threat`
//! (`teach.double-threat`), `defence_kind` (`teach.defence`,
//! `teach.yinda`), `greniers` (`teach.grenier`), `bidoua`
//! (`teach.bidoua`).

use serde::Serialize;

use super::probe::{self, Captures, Take};
use super::{NamedHouse, TeachId};
use crate::{House, MoveOutcome, Position, Ruleset, Score, Side};

/// A threat (`teach.threat`): a house whose capture, its owner to move on
/// this board, is at least one seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Threat {
    /// The side that threatens (the house's owner).
    pub side: Side,
    /// The threatening house.
    pub house: NamedHouse,
    /// Seeds in the house.
    pub seeds: u32,
    /// Seeds it would take from the opponent's houses.
    pub captures: u32,
    /// The opponent's houses it would take, in notation order.
    pub houses: Vec<NamedHouse>,
    /// The house its last seed falls in, where the capture starts (a
    /// picture's arrow points at it).
    pub lands: NamedHouse,
}

/// The opponent's best answer to a double threat: the move after which the
/// threatening side's largest capture is smallest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Limitation {
    /// The opponent's move.
    #[serde(rename = "move")]
    pub played: NamedHouse,
    /// The threatening side's largest capture after it.
    pub after: u32,
}

/// A double threat (`teach.double-threat`): two threats or more of one side
/// such that no single move of the opponent leaves that side without one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DoubleThreat {
    /// The side that threatens.
    pub side: Side,
    /// Its threatening houses, in notation order.
    pub houses: Vec<NamedHouse>,
    /// Its largest capture now.
    pub captures: u32,
    /// The opponent's best limitation.
    pub best_limitation: Limitation,
}

/// What kind of defence a move is (precedence: yinda, evasion, other).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DefenceKind {
    /// The move sows a seed into a threatened house, which a threat then no
    /// longer takes (`teach.yinda`, "renforcer la maison").
    Yinda,
    /// The move empties a threatened house.
    Evasion,
    /// Any other move that lowers the threat (a capture of the threatening
    /// house, for instance).
    Other,
}

impl DefenceKind {
    /// The id a reader looks the term up by: `teach.yinda` for a yinda,
    /// `teach.defence` for the others.
    #[must_use]
    pub const fn id(self) -> TeachId {
        match self {
            DefenceKind::Yinda => TeachId::Yinda,
            DefenceKind::Evasion | DefenceKind::Other => TeachId::Defence,
        }
    }
}

/// A defence (`teach.defence`): a legal move of the side to move after which
/// the opponent's largest capture (the opponent to move) is smaller than now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Defence {
    /// The move.
    #[serde(rename = "move")]
    pub played: NamedHouse,
    /// The opponent's largest capture now.
    pub before: u32,
    /// The opponent's largest capture after the move.
    pub after: u32,
    /// Yinda, evasion or other.
    pub kind: DefenceKind,
    /// The threatened houses the move acts on: those a yinda reinforces,
    /// the one an evasion empties (none for the others).
    pub houses: Vec<NamedHouse>,
    /// Seeds the move itself takes.
    pub captures: u32,
    /// The houses it takes, in notation order.
    pub captured_houses: Vec<NamedHouse>,
}

/// A grenier (`teach.grenier`): a house holding enough seeds to go round the
/// board ([`grenier_threshold`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Grenier {
    /// Its owner.
    pub side: Side,
    /// The house.
    pub house: NamedHouse,
    /// Seeds in it.
    pub seeds: u32,
    /// What it takes if played now, its owner to move (0 when it takes
    /// nothing or may not be played).
    pub captures: u32,
    /// The houses it takes, in notation order.
    pub houses: Vec<NamedHouse>,
}

/// The houses that make each side's bidoua.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct BidouaHouses {
    /// South's houses whose sowing stays in South's camp.
    pub south: Vec<NamedHouse>,
    /// North's houses whose sowing stays in North's camp.
    pub north: Vec<NamedHouse>,
}

/// Everything the vocabulary says of a sowing position: the
/// `ExplainReport` of `songo explain --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExplainReport {
    /// The position explained.
    pub position: Position,
    /// Every threat of both sides, South's first, each side in notation order.
    pub threats: Vec<Threat>,
    /// The double threats (at most one a side).
    pub double_threats: Vec<DoubleThreat>,
    /// The defences of the side to move (empty when it is not threatened).
    pub defences: Vec<Defence>,
    /// Every grenier on the board.
    pub greniers: Vec<Grenier>,
    /// Each side's bidoua (`teach.bidoua`): seeds it can move without
    /// feeding the opponent.
    pub bidoua: Score,
    /// The houses each bidoua counts.
    pub bidoua_houses: BidouaHouses,
}

/// What one legal move does: its capture, the threats it creates, and how
/// it answers a threat against the mover.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveEffect {
    /// The move.
    #[serde(rename = "move")]
    pub played: NamedHouse,
    /// Seeds it takes from the opponent's houses.
    pub captures: u32,
    /// The houses it takes, in notation order.
    pub captured_houses: Vec<NamedHouse>,
    /// The mover's threats after it (as if it were his turn again) that
    /// were not threats before it.
    pub creates: Vec<Threat>,
    /// How it answers the opponent's threat, when there is one.
    pub exposure: Option<Exposure>,
}

/// How a move answers the opponent's threat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Exposure {
    /// The opponent's largest capture before the move.
    pub before: u32,
    /// The opponent's largest capture after it.
    pub after: u32,
    /// Whether the move parries or ignores the threat.
    pub answer: Answer,
    /// The kind of defence, when it parries.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defence: Option<DefenceKind>,
}

/// A move's answer to a threat against the mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Answer {
    /// The opponent's largest capture drops (a defence).
    Parries,
    /// The threat stands: the opponent's largest capture does not drop.
    Ignores,
}

/// The seeds from which a house is a grenier (`teach.grenier`): 14 in Songo
/// (the threshold of `songo.sow.lap`), 12 in Awalé and oware (a house of 12
/// goes round the board, skipping itself, `awale.sow.skip-origin`; the
/// Casabianca text's greniers hold 12 to 28).
///
/// ```
/// use songo_notation::{teach, Ruleset};
/// assert_eq!(teach::grenier_threshold(Ruleset::SongoEkang), 14);
/// assert_eq!(teach::grenier_threshold(Ruleset::OwareAbapa), 12);
/// ```
#[must_use]
pub const fn grenier_threshold(rules: Ruleset) -> u32 {
    // Both are one seed for every other house of the board: 13 or 11.
    2 * rules.houses_per_side() as u32
}

/// Explains a sowing position: every term of the vocabulary at once.
///
/// ```
/// use songo_notation::{teach, Position, Side};
/// // The escale text's yinda board, North to move.
/// let position: Position = "songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N".parse().unwrap();
/// let report = teach::explain(&position);
/// let yinda = &report.defences[0];
/// assert_eq!((yinda.played.to_string(), yinda.before, yinda.after), ("N1".into(), 11, 2));
/// assert_eq!(report.greniers[0].captures, 11);
/// assert_eq!(report.bidoua[Side::South], 7);
/// ```
#[must_use]
pub fn explain(position: &Position) -> ExplainReport {
    let captures = Side::BOTH.map(|side| Captures::of(position, side));
    let [south, north] = Side::BOTH.map(|side| bidoua(position, side));
    ExplainReport {
        position: *position,
        threats: captures
            .iter()
            .flat_map(|side| threats(position, side))
            .collect(),
        double_threats: captures
            .iter()
            .filter_map(|side| double_threat(position, side))
            .collect(),
        defences: defences(position, &captures[position.to_move().opposite().index()]),
        greniers: greniers(position, &captures),
        bidoua: Score::new(south.0, north.0),
        bidoua_houses: BidouaHouses {
            south: south.1,
            north: north.1,
        },
    }
}

/// Names houses of `rules` in notation order.
pub(super) fn named(houses: impl Iterator<Item = House>, rules: Ruleset) -> Vec<NamedHouse> {
    let mut list: Vec<NamedHouse> = houses.map(|h| NamedHouse::new(h, rules)).collect();
    list.sort_by_key(|named| named.house);
    list
}

/// `teach.threat`: the threats of one side, in notation order.
pub(super) fn threats(position: &Position, captures: &Captures) -> Vec<Threat> {
    captures
        .threats()
        .map(|(house, take)| threat(position, house, take))
        .collect()
}

/// One threat, from the house and what it takes.
pub(super) fn threat(position: &Position, house: House, take: Take) -> Threat {
    let rules = position.rules();
    Threat {
        side: house.side,
        house: NamedHouse::new(house, rules),
        seeds: position.house(house),
        captures: take.seeds,
        houses: named(take.houses.iter(), rules),
        // The engine lists a capture from the house of the last seed back.
        lands: NamedHouse::new(take.houses.iter().next().unwrap_or(house), rules),
    }
}

/// `teach.double-threat`: two threats or more of `threats.side`, none of
/// which the opponent can remove all at once: every legal move of the
/// opponent (as if it were his turn) leaves a threat. The best limitation
/// is the first move, in notation order, after which the largest capture is
/// smallest. `None` when the opponent has no move.
pub(super) fn double_threat(position: &Position, threats: &Captures) -> Option<DoubleThreat> {
    if threats.count() < 2 {
        return None;
    }
    let side = threats.side;
    let defender = position.with_to_move(side.opposite());
    let mut best: Option<(House, u32)> = None;
    for answer in defender.turn().ok()?.iter() {
        let (after, _) = defender.after(answer).ok()?;
        let largest = Captures::of(&after, side).largest();
        if largest == 0 {
            return None;
        }
        if best.is_none_or(|(_, smallest)| largest < smallest) {
            best = Some((answer, largest));
        }
    }
    let (played, after) = best?;
    let rules = position.rules();
    Some(DoubleThreat {
        side,
        houses: named(threats.threats().map(|(house, _)| house), rules),
        captures: threats.largest(),
        best_limitation: Limitation {
            played: NamedHouse::new(played, rules),
            after,
        },
    })
}

/// A legal move of the side to move, played, with the opponent's captures
/// after it (the opponent is then to move).
pub(super) struct Study {
    /// The house played.
    pub(super) played: House,
    /// The engine's outcome.
    pub(super) outcome: MoveOutcome,
    /// The position after it.
    pub(super) after: Position,
    /// The opponent's captures after it.
    pub(super) against: Captures,
}

impl Study {
    /// Plays `played` from `position` (it must be legal) and studies it.
    pub(super) fn of(position: &Position, played: House) -> Option<Study> {
        let (after, outcome) = position.after(played).ok()?;
        Some(Study::played(played, outcome, after))
    }

    /// A move already played, with its outcome and the position after it.
    pub(super) fn played(played: House, outcome: MoveOutcome, after: Position) -> Study {
        Study {
            played,
            outcome,
            after,
            against: Captures::of(&after, played.side.opposite()),
        }
    }

    /// The defence this move is against `before` (the opponent's captures
    /// before it), if it lowers the largest capture.
    pub(super) fn defence(&self, position: &Position, before: &Captures) -> Option<Defence> {
        let (largest_before, largest_after) = (before.largest(), self.against.largest());
        if largest_after >= largest_before {
            return None;
        }
        let rules = position.rules();
        let (kind, houses) = defence_kind(position, before, self);
        let take = Take::of(&self.outcome);
        Some(Defence {
            played: NamedHouse::new(self.played, rules),
            before: largest_before,
            after: largest_after,
            kind,
            houses: named(houses.into_iter(), rules),
            captures: take.seeds,
            captured_houses: named(take.houses.iter(), rules),
        })
    }
}

/// `teach.defence`: the moves of the side to move that lower the opponent's
/// largest capture, in notation order.
fn defences(position: &Position, against: &Captures) -> Vec<Defence> {
    if against.largest() == 0 {
        return Vec::new();
    }
    position
        .legal_moves()
        .iter()
        .filter_map(|played| Study::of(position, played)?.defence(position, against))
        .collect()
}

/// `teach.defence`, `teach.yinda`: the kind of a defence, and the
/// threatened houses it acts on.
///
/// - yinda: the move sows a seed into a threatened house of the mover, and
///   a threat that took that house before, and may still be played after,
///   no longer takes it;
/// - evasion: the move empties a threatened house (the house played);
/// - other: anything else.
fn defence_kind(
    position: &Position,
    before: &Captures,
    study: &Study,
) -> (DefenceKind, Vec<House>) {
    let threatened = before.targets();
    let mover = study.played.side;
    let reinforced: Vec<House> = (0..position.rules().houses_per_side() as u8)
        .map(|index| House::new(mover, index))
        .filter(|&house| threatened & probe::bit(house) != 0)
        .filter(|&house| study.outcome.sown.house(house) > position.house(house))
        .filter(|&house| {
            before.threats().any(|(threat, take)| {
                take.houses.contains(house)
                    && study.against.playable(threat)
                    && study
                        .against
                        .take(threat)
                        .is_none_or(|after| !after.houses.contains(house))
            })
        })
        .collect();
    if !reinforced.is_empty() {
        (DefenceKind::Yinda, reinforced)
    } else if threatened & probe::bit(study.played) != 0 {
        (DefenceKind::Evasion, vec![study.played])
    } else {
        (DefenceKind::Other, Vec::new())
    }
}

/// `teach.grenier`: every house of the board at or above the threshold,
/// with what it takes now.
fn greniers(position: &Position, captures: &[Captures; 2]) -> Vec<Grenier> {
    position
        .houses()
        .filter_map(|house| grenier(position, house, &captures[house.side.index()]))
        .collect()
}

/// The grenier `house` is, if it holds enough seeds.
pub(super) fn grenier(position: &Position, house: House, captures: &Captures) -> Option<Grenier> {
    let rules = position.rules();
    let seeds = position.house(house);
    if seeds < grenier_threshold(rules) {
        return None;
    }
    let take = captures.take(house);
    Some(Grenier {
        side: house.side,
        house: NamedHouse::new(house, rules),
        seeds,
        captures: take.map_or(0, |t| t.seeds),
        houses: take.map_or_else(Vec::new, |t| named(t.houses.iter(), rules)),
    })
}

/// `teach.bidoua`: the seeds in the houses of `side` whose sowing (by the
/// engine, `side` to move) keeps every seed in `side`'s own houses (none
/// into the opponent's camp, none into a store), and those houses. A
/// gap-fill: the text gives no formula.
pub(super) fn bidoua(position: &Position, side: Side) -> (u32, Vec<NamedHouse>) {
    let rules = position.rules();
    let mut seeds = 0;
    let mut houses = Vec::new();
    for index in 0..rules.houses_per_side() as u8 {
        let house = House::new(side, index);
        if probe::stays_home(position, house) == Some(true) {
            seeds += position.house(house);
            houses.push(NamedHouse::new(house, rules));
        }
    }
    (seeds, houses)
}

/// What each legal move of the side to move does, in notation order: its
/// capture, the threats it creates, and whether it parries or ignores the
/// opponent's threat (the "threats view" of `songo moves`).
///
/// ```
/// use songo_notation::teach::{self, Answer};
/// use songo_notation::Position;
/// // The simple threat board, South to move: S1 takes 3 in N2 but leaves
/// // N4's threat on S3 and S4 standing.
/// let position: Position = "songo:0,0,2,0,6,0,0/1,4,0,3,1,5,1".parse().unwrap();
/// let effects = teach::move_effects(&position);
/// let s1 = effects.iter().find(|e| e.played.to_string() == "S1").unwrap();
/// assert_eq!(s1.captures, 3);
/// assert_eq!(s1.exposure.unwrap().answer, Answer::Ignores);
/// ```
#[must_use]
pub fn move_effects(position: &Position) -> Vec<MoveEffect> {
    let mover = position.to_move();
    let own = Captures::of(position, mover);
    let against = Captures::of(position, mover.opposite());
    let rules = position.rules();
    position
        .legal_moves()
        .iter()
        .filter_map(|played| {
            let study = Study::of(position, played)?;
            let take = Take::of(&study.outcome);
            let creates = Captures::of(&study.after, mover)
                .threats()
                .filter(|(house, _)| own.take(*house).is_none())
                .map(|(house, take)| threat(&study.after, house, take))
                .collect();
            let exposure = (against.largest() > 0).then(|| {
                let defence = study.defence(position, &against);
                Exposure {
                    before: against.largest(),
                    after: study.against.largest(),
                    answer: if defence.is_some() {
                        Answer::Parries
                    } else {
                        Answer::Ignores
                    },
                    defence: defence.map(|d| d.kind),
                }
            });
            Some(MoveEffect {
                played: NamedHouse::new(played, rules),
                captures: take.seeds,
                captured_houses: named(take.houses.iter(), rules),
                creates,
                exposure,
            })
        })
        .collect()
}

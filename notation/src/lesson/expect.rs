//! The claims a lesson makes about its boards (`expect: S4 captures 11`),
//! read and checked with the engine and the teaching vocabulary: a
//! lesson's doctests. `docs/lessons.md` lists the forms; each has an
//! English and a French spelling.

use crate::any::AnyPosition;
use crate::conventions::Conventions;
use crate::game::GamePosition;
use crate::i18n::{Lang, Localize};
use crate::rule::RuleId;
use crate::side::Side;
use crate::sowing::position::{House, Position};
use crate::teach::{self, DefenceKind};
use crate::tr;

/// One claim of an `expect:` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Expectation {
    /// `S4 captures 11 [from N0 N1]`, `S4 captures nothing`.
    Captures {
        /// The move, as written.
        played: String,
        /// The seeds it takes.
        seeds: u32,
        /// The houses it empties, when named.
        houses: Vec<String>,
    },
    /// `[S0] illegal [songo.exit]`: the move (else the block's last played
    /// move) is refused, by that rule when named.
    Illegal {
        /// The move, as written; `None`: the block's refused move.
        played: Option<String>,
        /// The rule that must forbid it.
        rule: Option<RuleId>,
    },
    /// `S1 legal`.
    Legal {
        /// The move, as written.
        played: String,
    },
    /// `N4 threatens S3 S4 [6]`, `N4 threatens 6` (`teach.threat`).
    Threatens {
        /// The threatening house.
        house: String,
        /// The houses it takes, when named.
        houses: Vec<String>,
        /// The seeds it takes, when given.
        seeds: Option<u32>,
    },
    /// `no threat` (`teach.threat`).
    NoThreat,
    /// `N1 yinda`, `N2 evasion`, `N2 defence` (`teach.defence`, `teach.yinda`).
    Defence {
        /// The defending move.
        played: String,
        /// Its kind, when named.
        kind: Option<DefenceKind>,
    },
    /// `grenier S4` (`teach.grenier`).
    Grenier {
        /// The house.
        house: String,
    },
    /// `bidoua south 7 north 4` (`teach.bidoua`).
    Bidoua {
        /// South's bidoua.
        south: u32,
        /// North's bidoua.
        north: u32,
    },
    /// `game over [songo.end.forty]`.
    GameOver {
        /// The end rule, when named.
        rule: Option<RuleId>,
    },
    /// `winner south`, `winner none` (a draw).
    Winner {
        /// The winner, `None` for a draw.
        side: Option<Side>,
    },
}

const CAPTURES: &[&str] = &["captures", "capture", "takes", "prend"];
const NOTHING: &[&str] = &["nothing", "rien", "0"];
const ILLEGAL: &[&str] = &["illegal", "illégal", "interdit", "forbidden"];
const LEGAL: &[&str] = &["legal", "légal", "permis", "allowed"];
const THREATENS: &[&str] = &["threatens", "menace"];
const NO_THREAT: &[&[&str]] = &[
    &["no", "threat"],
    &["aucune", "menace"],
    &["pas", "de", "menace"],
];
const YINDA: &[&str] = &["yinda"];
const EVASION: &[&str] = &["evasion", "esquive"];
const DEFENCE: &[&str] = &["defence", "defense", "défense", "defends", "défend"];
const GRENIER: &[&str] = &["grenier", "ndà", "nda"];
const BIDOUA: &[&str] = &["bidoua"];
const GAME_OVER: &[&[&str]] = &[&["game", "over"], &["fin", "de", "partie"], &["fin"]];
const WINNER: &[&str] = &["winner", "gagnant", "vainqueur"];
const DRAW: &[&str] = &["none", "draw", "nul", "personne"];
/// Words that may stand between a count and the houses, read as nothing.
const FILLER: &[&str] = &[
    "seeds", "seed", "graines", "graine", "from", "de", "des", "dans", "in",
];

fn is(word: &str, set: &[&str]) -> bool {
    set.iter()
        .any(|w| w.eq_ignore_ascii_case(word) || w.to_lowercase() == word.to_lowercase())
}

fn starts_with_words(words: &[&str], phrases: &[&[&str]]) -> Option<usize> {
    phrases.iter().find_map(|phrase| {
        (words.len() >= phrase.len()
            && phrase.iter().zip(words).all(|(want, have)| {
                want.eq_ignore_ascii_case(have) || want.to_lowercase() == have.to_lowercase()
            }))
        .then_some(phrase.len())
    })
}

/// Why an `expect:` line cannot be read: a message and a hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Unreadable {
    pub(crate) message: String,
    pub(crate) hint: String,
}

/// Reads the text after `expect:`.
pub(crate) fn parse(text: &str, lang: Lang) -> Result<Expectation, Unreadable> {
    let cleaned: String = text
        .chars()
        .map(|c| {
            if matches!(c, ',' | '(' | ')' | ';') {
                ' '
            } else {
                c
            }
        })
        .collect();
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    let unreadable = || Unreadable {
        message: tr!(lang, "lesson-expect-unreadable", text = text.trim()),
        hint: tr!(lang, "lesson-expect-forms"),
    };
    if words.is_empty() {
        return Err(unreadable());
    }
    if starts_with_words(&words, NO_THREAT) == Some(words.len()) {
        return Ok(Expectation::NoThreat);
    }
    if let Some(n) = starts_with_words(&words, GAME_OVER) {
        return match &words[n..] {
            [] => Ok(Expectation::GameOver { rule: None }),
            [rule] => Ok(Expectation::GameOver {
                rule: Some(rule_id(rule, lang)?),
            }),
            _ => Err(unreadable()),
        };
    }
    match words.as_slice() {
        [winner, side] if is(winner, WINNER) => {
            let side = if is(side, DRAW) {
                None
            } else {
                Some(side.parse::<Side>().map_err(|_| unreadable())?)
            };
            Ok(Expectation::Winner { side })
        }
        [bidoua, rest @ ..] if is(bidoua, BIDOUA) => parse_bidoua(rest).ok_or_else(unreadable),
        [grenier, house] | [house, grenier] if is(grenier, GRENIER) => Ok(Expectation::Grenier {
            house: (*house).to_owned(),
        }),
        [kind, played] | [played, kind]
            if is(kind, YINDA) || is(kind, EVASION) || is(kind, DEFENCE) =>
        {
            let kind = if is(kind, YINDA) {
                Some(DefenceKind::Yinda)
            } else if is(kind, EVASION) {
                Some(DefenceKind::Evasion)
            } else {
                None
            };
            Ok(Expectation::Defence {
                played: (*played).to_owned(),
                kind,
            })
        }
        [illegal, rest @ ..] if is(illegal, ILLEGAL) => {
            parse_illegal(None, rest, lang)?.ok_or_else(unreadable)
        }
        [played, illegal, rest @ ..] if is(illegal, ILLEGAL) => {
            parse_illegal(Some(played), rest, lang)?.ok_or_else(unreadable)
        }
        [played, legal] if is(legal, LEGAL) => Ok(Expectation::Legal {
            played: (*played).to_owned(),
        }),
        [played, captures, rest @ ..] if is(captures, CAPTURES) => {
            parse_captures(played, rest).ok_or_else(unreadable)
        }
        [house, threatens, rest @ ..] if is(threatens, THREATENS) => {
            parse_threatens(house, rest).ok_or_else(unreadable)
        }
        _ => Err(unreadable()),
    }
}

/// `bidoua south 3 north 2`: both sides' counts (`None`: unreadable).
fn parse_bidoua(rest: &[&str]) -> Option<Expectation> {
    let mut south = None;
    let mut north = None;
    for pair in rest.chunks(2) {
        let [side, count] = pair else {
            return None;
        };
        let count = count.parse::<u32>().ok()?;
        match side.parse::<Side>().ok()? {
            Side::South => south = Some(count),
            Side::North => north = Some(count),
        }
    }
    Some(Expectation::Bidoua {
        south: south?,
        north: north?,
    })
}

/// `[S3] illegal [rule]`: the move (or the block's refused move) and the
/// rule (`Ok(None)`: unreadable; `Err`: no such rule).
fn parse_illegal(
    played: Option<&str>,
    rest: &[&str],
    lang: Lang,
) -> Result<Option<Expectation>, Unreadable> {
    let rule = match rest {
        [] => None,
        [rule] => Some(rule_id(rule, lang)?),
        _ => return Ok(None),
    };
    Ok(Some(Expectation::Illegal {
        played: played.map(str::to_owned),
        rule,
    }))
}

/// `S5 captures 11 (N1 N2)`, or `captures nothing` (`None`: unreadable).
fn parse_captures(played: &str, rest: &[&str]) -> Option<Expectation> {
    let (first, houses) = rest.split_first()?;
    let seeds = if is(first, NOTHING) {
        0
    } else {
        first.parse::<u32>().ok()?
    };
    let houses: Vec<String> = houses
        .iter()
        .filter(|w| !is(w, FILLER))
        .map(|w| (*w).to_owned())
        .collect();
    if seeds == 0 && !houses.is_empty() {
        return None;
    }
    Some(Expectation::Captures {
        played: played.to_owned(),
        seeds,
        houses,
    })
}

/// `N4 threatens S3 S4 (6)`: the houses, the seeds, or both (`None`:
/// unreadable).
fn parse_threatens(house: &str, rest: &[&str]) -> Option<Expectation> {
    let mut houses = Vec::new();
    let mut seeds = None;
    for word in rest.iter().filter(|w| !is(w, FILLER)) {
        match word.parse::<u32>().ok() {
            Some(n) if seeds.is_none() => seeds = Some(n),
            Some(_) => return None,
            None => houses.push((*word).to_owned()),
        }
    }
    if houses.is_empty() && seeds.is_none() {
        return None;
    }
    Some(Expectation::Threatens {
        house: house.to_owned(),
        houses,
        seeds,
    })
}

fn rule_id(text: &str, lang: Lang) -> Result<RuleId, Unreadable> {
    text.parse::<RuleId>().map_err(|_| Unreadable {
        message: tr!(lang, "lesson-expect-unknown-rule", rule = text),
        hint: tr!(lang, "lesson-expect-rule-hint"),
    })
}

/// What a block showed, for its expectations to be checked against.
pub(crate) struct Played<'a> {
    /// The position after the moves played (the start when none).
    pub(crate) last: &'a AnyPosition,
    /// The moves played: their canonical names, the position before each,
    /// what each captured and which houses it emptied (named).
    pub(crate) moves: &'a [PlayedMove],
    /// The move the block's play stopped at, refused, and the rule.
    pub(crate) refused: Option<(String, RuleId)>,
    /// How house and move names are written.
    pub(crate) conventions: Conventions,
}

/// One move a block played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PlayedMove {
    /// The move's canonical name.
    pub(crate) name: String,
    /// What it captured.
    pub(crate) captured: u32,
    /// The houses it emptied, named.
    pub(crate) houses: Vec<String>,
    /// The board it was played from: a claim about the block's own move
    /// (a yinda, legal) is about that board, not the one after.
    pub(crate) before: AnyPosition,
}

/// Whether an expectation holds: `Ok(())`, or what is true instead (a
/// sentence in `lang`).
pub(crate) fn check(
    expectation: &Expectation,
    played: &Played<'_>,
    lang: Lang,
) -> Result<(), String> {
    let position = played.last;
    match expectation {
        Expectation::Captures {
            played: name,
            seeds,
            houses,
        } => check_captures(name, *seeds, houses, played, lang),
        Expectation::Illegal { played: None, rule } => match &played.refused {
            Some((_, refused)) if rule.is_none_or(|r| r == *refused) => Ok(()),
            Some((name, refused)) => Err(refused_by(name, *refused, lang)),
            None => Err(tr!(lang, "lesson-actual-all-legal")),
        },
        Expectation::Illegal {
            played: Some(name),
            rule,
        } => check_illegal(name, *rule, played, lang),
        Expectation::Legal { played: name } => {
            let board = board_of(name, played);
            match try_move(name, board, played.conventions.in_lang(lang))? {
                Ok(_) => Ok(()),
                Err(refused) => Err(refused_by(name, refused, lang)),
            }
        }
        Expectation::Threatens {
            house,
            houses,
            seeds,
        } => check_threatens(house, houses, *seeds, played, lang),
        Expectation::NoThreat => check_no_threat(played, lang),
        Expectation::Defence { played: name, kind } => check_defence(name, *kind, played, lang),
        Expectation::Grenier { house } => check_grenier(house, played, lang),
        Expectation::Bidoua { south, north } => {
            let bidoua = teach::explain(sowing(position, lang)?).bidoua;
            if bidoua.south == *south && bidoua.north == *north {
                Ok(())
            } else {
                Err(tr!(
                    lang,
                    "lesson-actual-bidoua",
                    south = bidoua.south,
                    north = bidoua.north
                ))
            }
        }
        Expectation::GameOver { rule } => match position.game_over() {
            Some(over) if rule.is_none_or(|r| r == over.rule) => Ok(()),
            Some(over) => Err(tr!(
                lang,
                "lesson-actual-game-over",
                rule = over.rule.as_str()
            )),
            None => Err(tr!(lang, "lesson-actual-not-over")),
        },
        Expectation::Winner { side } => match position.game_over() {
            Some(over) if over.winner == *side => Ok(()),
            Some(over) => Err(tr!(
                lang,
                "lesson-actual-winner",
                side = over.winner.map_or("none", Side::as_str)
            )),
            None => Err(tr!(lang, "lesson-actual-not-over")),
        },
    }
}

/// "`name` is refused by `rule`", in `lang`.
fn refused_by(name: &str, rule: RuleId, lang: Lang) -> String {
    tr!(
        lang,
        "lesson-actual-refused-by",
        played = name,
        rule = rule.as_str()
    )
}

/// `attendu: S5 prend 11 (N1 N2)`: the seeds, and the houses when given.
fn check_captures(
    name: &str,
    seeds: u32,
    houses: &[String],
    played: &Played<'_>,
    lang: Lang,
) -> Result<(), String> {
    let (captured, emptied) = capture_of(name, played, lang)?;
    let mut want: Vec<String> = houses
        .iter()
        .map(|h| canonical(h, played.last, played.conventions))
        .collect();
    want.sort();
    let mut have = emptied.clone();
    have.sort();
    if captured == seeds && (houses.is_empty() || want == have) {
        Ok(())
    } else {
        Err(captures_sentence(name, captured, &emptied, lang))
    }
}

/// A named move refused (by `rule`, when given): the block's refusal of
/// it, or its refusal on the board it is judged on.
fn check_illegal(
    name: &str,
    rule: Option<RuleId>,
    played: &Played<'_>,
    lang: Lang,
) -> Result<(), String> {
    if let Some((refused_name, refused)) = &played.refused
        && refused_name.eq_ignore_ascii_case(name)
    {
        return if rule.is_none_or(|r| r == *refused) {
            Ok(())
        } else {
            Err(refused_by(refused_name, *refused, lang))
        };
    }
    let board = board_of(name, played);
    match try_move(name, board, played.conventions.in_lang(lang))? {
        Err(refused) if rule.is_none_or(|r| r == refused) => Ok(()),
        Err(refused) => Err(refused_by(name, refused, lang)),
        Ok(_) => Err(tr!(lang, "lesson-actual-legal", played = name)),
    }
}

/// A threat from `house` (on `houses`, of `seeds`, when given).
fn check_threatens(
    house: &str,
    houses: &[String],
    seeds: Option<u32>,
    played: &Played<'_>,
    lang: Lang,
) -> Result<(), String> {
    let (position, conventions) = (played.last, played.conventions);
    let sowing = sowing(position, lang)?;
    let wanted = House::parse_with_case(house, sowing.rules(), conventions.letters)
        .map_err(|e| e.message().localize(lang))?;
    let report = teach::explain(sowing);
    let Some(threat) = report.threats.iter().find(|t| t.house.house == wanted) else {
        return Err(tr!(lang, "lesson-actual-no-threat-from", house = house));
    };
    let named: Vec<String> = threat
        .houses
        .iter()
        .map(|h| name_of(h.house, sowing, conventions))
        .collect();
    let mut want: Vec<String> = houses
        .iter()
        .map(|h| canonical(h, position, conventions))
        .collect();
    want.sort();
    let mut have = named.clone();
    have.sort();
    if seeds.is_none_or(|s| s == threat.captures) && (houses.is_empty() || want == have) {
        Ok(())
    } else {
        Err(tr!(
            lang,
            "lesson-actual-threat",
            house = house,
            houses = named.join(" "),
            count = threat.captures
        ))
    }
}

fn check_no_threat(played: &Played<'_>, lang: Lang) -> Result<(), String> {
    let conventions = played.conventions;
    let sowing = sowing(played.last, lang)?;
    let report = teach::explain(sowing);
    match report.threats.first() {
        None => Ok(()),
        Some(threat) => Err(tr!(
            lang,
            "lesson-actual-threat",
            house = name_of(threat.house.house, sowing, conventions),
            houses = threat
                .houses
                .iter()
                .map(|h| name_of(h.house, sowing, conventions))
                .collect::<Vec<_>>()
                .join(" "),
            count = threat.captures
        )),
    }
}

/// A move that defends (of `kind`, when given), judged on the board it
/// is played from, by its house's owner.
fn check_defence(
    name: &str,
    kind: Option<DefenceKind>,
    played: &Played<'_>,
    lang: Lang,
) -> Result<(), String> {
    let sowing = sowing(board_of(name, played), lang)?;
    let house = House::parse_with_case(name, sowing.rules(), played.conventions.letters)
        .map_err(|e| e.message().localize(lang))?;
    let mover = sowing.with_to_move(house.side);
    let report = teach::explain(&mover);
    match report.defences.iter().find(|d| d.played.house == house) {
        Some(defence) if kind.is_none_or(|k| k == defence.kind) => Ok(()),
        Some(defence) => Err(tr!(
            lang,
            "lesson-actual-defence-kind",
            played = name,
            kind = match defence.kind {
                DefenceKind::Yinda => "yinda",
                DefenceKind::Evasion => "evasion",
                DefenceKind::Other => "other",
            }
        )),
        None => Err(tr!(lang, "lesson-actual-no-defence", played = name)),
    }
}

fn check_grenier(house: &str, played: &Played<'_>, lang: Lang) -> Result<(), String> {
    let sowing = sowing(played.last, lang)?;
    let wanted = House::parse_with_case(house, sowing.rules(), played.conventions.letters)
        .map_err(|e| e.message().localize(lang))?;
    if sowing.house(wanted) >= teach::grenier_threshold(sowing.rules()) {
        Ok(())
    } else {
        Err(tr!(
            lang,
            "lesson-actual-not-grenier",
            house = house,
            count = sowing.house(wanted)
        ))
    }
}

/// The board a named move is judged on: the one the block played it from
/// when it played it, else the block's last board.
fn board_of<'a>(name: &str, played: &Played<'a>) -> &'a AnyPosition {
    let canonical_name = canonical(name, played.last, played.conventions);
    played
        .moves
        .iter()
        .find(|m| m.name == canonical_name)
        .map_or(played.last, |m| &m.before)
}

/// What a named move captures: the block's own move when it played it,
/// else the move played on the block's last board, its owner to move.
fn capture_of(name: &str, played: &Played<'_>, lang: Lang) -> Result<(u32, Vec<String>), String> {
    let canonical_name = canonical(name, played.last, played.conventions);
    if let Some(step) = played.moves.iter().find(|m| m.name == canonical_name) {
        return Ok((step.captured, step.houses.clone()));
    }
    match try_move(name, played.last, played.conventions.in_lang(lang))? {
        Ok(result) => Ok(result),
        Err(rule) => Err(tr!(
            lang,
            "lesson-actual-refused-by",
            played = name,
            rule = rule.as_str()
        )),
    }
}

/// Plays `name` on `position` (a sowing move by its house's owner, as a
/// text's diagram does not say who moves): what it takes and from which
/// houses, or the rule that refuses it. `Err` when the name is no move.
#[allow(clippy::type_complexity)]
fn try_move(
    name: &str,
    position: &AnyPosition,
    conventions: Conventions,
) -> Result<Result<(u32, Vec<String>), RuleId>, String> {
    let played = position
        .parse_move(name, conventions)
        .map_err(|e| e.message().localize(conventions.lang))?;
    // A diagram does not say who moves: the move's owner does, when the
    // move names one.
    let mut after = match played.owner() {
        Some(owner) => position
            .with_to_move(owner)
            .map_err(|e| e.localize(conventions.lang))?,
        None => position.clone(),
    };
    let rules = position.rules();
    Ok(match after.play(played) {
        Ok(outcome) => Ok((
            crate::game::Outcome::captured(&outcome),
            outcome
                .captured_houses()
                .into_iter()
                .map(|h| h.name_with_case(rules, conventions.letters).to_string())
                .collect(),
        )),
        Err(illegal) => Err(crate::game::Refusal::rule(&illegal)),
    })
}

fn sowing(position: &AnyPosition, lang: Lang) -> Result<&Position, String> {
    position
        .as_sowing()
        .ok_or_else(|| tr!(lang, "lesson-actual-not-sowing"))
}

fn name_of(house: House, position: &Position, conventions: Conventions) -> String {
    house
        .name_with_case(position.rules(), conventions.letters)
        .to_string()
}

/// A house or move name as the engine writes it (`s1` → `S1`).
fn canonical(name: &str, position: &AnyPosition, conventions: Conventions) -> String {
    position.parse_move(name, conventions).map_or_else(
        |_| name.to_owned(),
        |m| position.move_name(m, conventions).to_string(),
    )
}

fn captures_sentence(name: &str, captured: u32, houses: &[String], lang: Lang) -> String {
    if captured == 0 {
        tr!(lang, "lesson-actual-captures-nothing", played = name)
    } else if houses.is_empty() {
        tr!(
            lang,
            "lesson-actual-captures",
            played = name,
            count = captured
        )
    } else {
        tr!(
            lang,
            "lesson-actual-captures-from",
            played = name,
            count = captured,
            houses = houses.join(" ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Expectation {
        parse(text, Lang::En).unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    #[test]
    fn every_form_reads_in_english_and_in_french() {
        let captures = Expectation::Captures {
            played: "S4".into(),
            seeds: 11,
            houses: vec![],
        };
        assert_eq!(read("S4 captures 11"), captures);
        assert_eq!(read("S4 prend 11 graines"), captures);
        assert_eq!(
            read("S1 captures 6 seeds from N0, N1"),
            Expectation::Captures {
                played: "S1".into(),
                seeds: 6,
                houses: vec!["N0".into(), "N1".into()]
            }
        );
        assert_eq!(
            read("S3 capture rien"),
            Expectation::Captures {
                played: "S3".into(),
                seeds: 0,
                houses: vec![]
            }
        );
        assert_eq!(
            read("illegal songo.exit"),
            Expectation::Illegal {
                played: None,
                rule: Some(RuleId::SongoExit)
            }
        );
        assert_eq!(
            read("S0 interdit"),
            Expectation::Illegal {
                played: Some("S0".into()),
                rule: None
            }
        );
        assert_eq!(read("N1 yinda"), read("yinda N1"));
        assert_eq!(read("aucune menace"), Expectation::NoThreat);
        assert_eq!(
            read("N4 menace S3 S4 (6)"),
            Expectation::Threatens {
                house: "N4".into(),
                houses: vec!["S3".into(), "S4".into()],
                seeds: Some(6)
            }
        );
        assert_eq!(
            read("bidoua nord 4 sud 7"),
            Expectation::Bidoua { south: 7, north: 4 }
        );
        assert_eq!(read("fin de partie"), Expectation::GameOver { rule: None });
        assert_eq!(read("winner draw"), Expectation::Winner { side: None });
    }

    #[test]
    fn what_is_no_form_is_refused_with_the_forms() {
        for text in [
            "",
            "S4 captures",
            "S4 captures many",
            "S4 rocks",
            "illegal songo.nope",
        ] {
            let error = parse(text, Lang::En).unwrap_err();
            assert!(!error.hint.is_empty(), "{text}");
        }
    }
}

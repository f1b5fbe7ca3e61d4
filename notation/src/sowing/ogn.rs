//! Records written as the Aualé program's OGN files (awalé/oware): the
//! reading side, which needs no game, is [`crate::record::ogn`].

use std::fmt::Write as _;

use crate::conventions::LetterCase;
use crate::error::ParseError;
use crate::msg;
use crate::record::ogn::ruleset_of_variant;
use crate::record::{GameRecord, Node, names};
use crate::ruleset::{BoardGame, Ruleset};
use crate::sowing::notation::compact;
use crate::sowing::position::House;

/// The tags an OGN game always starts with, in their order (`?` or `*` when
/// the record has none).
const ROSTER: [&str; 7] = [
    names::EVENT,
    names::SITE,
    names::DATE,
    names::ROUND,
    names::SOUTH,
    names::NORTH,
    names::RESULT,
];

/// The `Variant` value Aualé writes for a ruleset.
fn variant_of(rules: Ruleset) -> &'static str {
    match rules {
        Ruleset::Awale => "Awale",
        _ => "Oware Abapa",
    }
}

/// Writes a record as an OGN file: Aualé's tag roster (`Variant Event Site
/// Date Round South North Result`, `?` where unknown), `FEN` for a set-up
/// start, the other tags, then the main line with its claims and comments
/// (OGN has no variations: they are left out) and South's houses in
/// capitals.
///
/// ```
/// use songo_notation::record::GameRecord;
/// use songo_notation::sowing::ogn;
/// let record: GameRecord = "[Rules \"oware-abapa\"]\n[South \"Ada\"]\n1. C f 2. B+2 *".parse().unwrap();
/// assert_eq!(
///     ogn::to_ogn(&record).unwrap(),
///     "[Variant \"Oware Abapa\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n\
///      [South \"Ada\"]\n[North \"?\"]\n[Result \"*\"]\n\n1. C f 2. B+2 *\n"
/// );
/// ```
///
/// # Errors
/// The record is not an awalé/oware game, or its `Position` tag cannot be read.
pub fn to_ogn(record: &GameRecord) -> Result<String, ParseError> {
    let tags = &record.tags;
    let rules = match tags.get(names::RULES) {
        Some(value) => value
            .parse::<Ruleset>()
            .map_err(|e| ParseError::at(value, 0, e.message()))?,
        None => tags
            .get(names::VARIANT)
            .and_then(ruleset_of_variant)
            .unwrap_or(Ruleset::OwareAbapa),
    };
    if rules.board_game() != BoardGame::Awale {
        return Err(ParseError::at(
            "",
            0,
            msg!("ogn-not-awale", rules = rules.id()),
        ));
    }
    let mut out = String::new();
    let escape = |value: &str| value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[Variant \"{}\"]", variant_of(rules));
    for name in ROSTER {
        let default = if name == names::RESULT { "*" } else { "?" };
        let _ = writeln!(
            out,
            "[{name} \"{}\"]",
            escape(tags.get(name).unwrap_or(default))
        );
    }
    let fen = match (tags.get(names::POSITION), tags.get(names::FEN)) {
        (Some(position), _) => Some(compact::to_ogn_fen(&compact::parse(position, Some(rules))?)),
        (None, Some(fen)) => Some(fen.to_owned()),
        (None, None) => None,
    };
    if let Some(fen) = fen {
        let _ = writeln!(out, "[FEN \"{}\"]", escape(&fen));
    }
    // Written above, or not OGN tags at all.
    let skip = [
        names::RULES,
        names::VARIANT,
        names::FEN,
        names::POSITION,
        names::CAPITALS,
    ];
    for tag in tags.canonical() {
        if !skip.contains(&&*tag.name) && !ROSTER.contains(&&*tag.name) {
            let _ = writeln!(out, "[{} \"{}\"]", tag.name, escape(&tag.value));
        }
    }
    let north_upper = tags
        .get(names::CAPITALS)
        .is_some_and(|value| value.trim().eq_ignore_ascii_case("north"));
    let main_line: Vec<Node> = record
        .moves
        .iter()
        .filter(|node| !matches!(node, Node::Variation(_)))
        .cloned()
        .map(|node| match node {
            // Aualé writes South in capitals: swap a record written the other way.
            Node::Move(mut mv) if north_upper => {
                if let Ok(house) = House::parse_with_case(&mv.text, rules, LetterCase::NorthUpper) {
                    mv.text = house.name(rules).to_string();
                }
                Node::Move(mv)
            }
            other => other,
        })
        .collect();
    let result = record
        .result
        .as_deref()
        .or_else(|| tags.get(names::RESULT))
        .unwrap_or("*");
    out.push('\n');
    out.push_str(&crate::record::writer::move_text(
        &main_line,
        tags.first_side(),
        result,
    ));
    out.push('\n');
    Ok(out)
}

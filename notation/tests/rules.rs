//! Every rule of the rules pages, for every ruleset it applies to, has a
//! hand-made case of its own under `fixtures/rules/<rule id>/`: the position
//! before, the move, the boards after, the rules applied, the stores and the
//! end of the game. This test checks each case against the engine, and that
//! no (rule, ruleset) pair lacks one.

use crate::common;

use std::collections::BTreeSet;

use songo_notation::{RuleId, Ruleset};

/// Which rulesets each engine rule applies to: the library's table
/// ([`Ruleset::rule_ids`], stated once), less the end the players declare.
fn applies_to(rule: RuleId) -> Option<Vec<Ruleset>> {
    // The players' agreement to stop is a record's termination, not
    // something the engine decides (see docs/rules.md).
    if rule == RuleId::AwaleEndAgreement {
        return None;
    }
    let rulesets: Vec<Ruleset> = Ruleset::ALL
        .into_iter()
        .filter(|rules| rules.rule_ids().any(|id| id == rule))
        .collect();
    (!rulesets.is_empty()).then_some(rulesets)
}

/// The rule ids of the sowing games' rules pages.
fn sowing_rule(rule: RuleId) -> bool {
    let id = rule.as_str();
    ["songo.", "awale.", "abapa.", "akong."]
        .iter()
        .any(|prefix| id.starts_with(prefix))
}

#[test]
fn every_rule_case_holds() {
    let failures: Vec<String> = common::load("rules")
        .into_iter()
        .filter_map(|(path, case)| {
            std::panic::catch_unwind(|| check_rule_case(&path, &case))
                .err()
                .map(|_| path.display().to_string())
        })
        .collect();
    assert!(failures.is_empty(), "failing rule cases: {failures:#?}");
}

fn check_rule_case(path: &std::path::Path, case: &common::Case) {
    let rule = case
        .rule
        .unwrap_or_else(|| panic!("{}: a rule case names its `rule`", path.display()));
    let dir = path.parent().and_then(|p| p.file_name()).unwrap();
    assert_eq!(
        dir.to_str(),
        Some(rule.as_str()),
        "{}: a case lives in the directory of its rule id",
        path.display()
    );
    assert_eq!(
        path.file_stem().and_then(|s| s.to_str()),
        Some(case.id.as_str()),
        "{}: the id is the file name",
        path.display()
    );
    assert!(
        applies_to(rule).is_some_and(|rulesets| rulesets.contains(&case.rules)),
        "{}: {rule} does not apply to {}",
        case.id,
        case.rules
    );
    assert!(
        case.game_over.is_some(),
        "{}: a rule case says whether the game is over (`game_over`)",
        case.id
    );
    assert!(
        case.evidence().contains(&rule),
        "{}: the case must show {rule} at work (rules_applied, not_applied, illegal or game_over)",
        case.id
    );
    case.check();
}

#[test]
fn every_rule_has_a_case_for_each_ruleset_it_applies_to() {
    let covered: BTreeSet<(RuleId, &'static str)> = common::load("rules")
        .into_iter()
        .filter_map(|(_, case)| Some((case.rule?, case.rules.id())))
        .collect();
    let mut missing = Vec::new();
    for &rule in RuleId::ALL.iter().filter(|&&r| sowing_rule(r)) {
        let Some(rulesets) = applies_to(rule) else {
            assert_eq!(
                rule,
                RuleId::AwaleEndAgreement,
                "{rule} needs a ruleset list"
            );
            continue;
        };
        for rules in &rulesets {
            if !covered.contains(&(rule, rules.id())) {
                missing.push(format!("{rule} ({rules})"));
            }
        }
    }
    assert!(missing.is_empty(), "rules without a case: {missing:?}");
}

/// A rule's variant reads as its id: each dotted part in upper camel
/// case, the game's prefix included (`songo.capture.chain` is
/// `SongoCaptureChain`, beside `AwaleCaptureChain`), so that one name
/// leads to the other.
#[test]
fn every_rule_variant_reads_as_its_id() {
    let camel = |id: &str| -> String {
        id.split(['.', '-'])
            .map(|part| {
                let mut chars = part.chars();
                chars.next().map_or_else(String::new, |first| {
                    first.to_ascii_uppercase().to_string() + chars.as_str()
                })
            })
            .collect()
    };
    let misnamed: Vec<String> = RuleId::ALL
        .iter()
        .filter(|rule| format!("{rule:?}") != camel(rule.as_str()))
        .map(|rule| format!("{rule:?} for `{rule}` (should be {})", camel(rule.as_str())))
        .collect();
    assert!(
        misnamed.is_empty(),
        "variants that do not read as their ids: {misnamed:?}"
    );
    assert_eq!(
        camel("seega.place.last-moves-first"),
        "SeegaPlaceLastMovesFirst"
    );
}

/// Grepping a rule id of `docs/rules.md` finds the code, not only the
/// table of `rule.rs`: the id is written (as a whole id, not the start of
/// a longer one) in another file of `notation/src`, and, when the code
/// names its variant, in a file that does (`docs/architecture.md`, "Where
/// a rule or a teaching term lives").
#[test]
fn every_rule_id_of_the_rules_pages_is_cited_where_it_is_applied() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let pages = std::fs::read_to_string(root.join("../docs/rules.md")).expect("docs/rules.md");
    let mut sources = Vec::new();
    read_sources(&root.join("src"), &mut sources);
    sources.retain(|(path, _)| !path.ends_with("src/rule.rs"));
    assert!(sources.len() > 50, "notation/src was not read");
    let ids: BTreeSet<RuleId> = pages
        .split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|quoted| quoted.parse().ok())
        .collect();
    assert!(
        ids.len() > 30,
        "the rule ids of docs/rules.md were not found"
    );
    let mut uncited = Vec::new();
    for rule in ids {
        let variant = format!("RuleId::{rule:?}");
        let naming: Vec<&String> = sources
            .iter()
            .filter(|(_, text)| names(text, &variant))
            .map(|(_, text)| text)
            .collect();
        let cites = |text: &&String| cites_id(text, rule.as_str());
        let cited = if naming.is_empty() {
            sources
                .iter()
                .map(|(_, text)| text)
                .any(|text| cites(&text))
        } else {
            naming.iter().any(cites)
        };
        if !cited {
            uncited.push(rule.as_str());
        }
    }
    assert!(
        uncited.is_empty(),
        "rule ids that no code of notation/src cites (write the id in a comment where its variant is used): {uncited:?}"
    );
}

/// Whether `text` holds `id` whole: not followed by more of an id
/// (`songo.sow` in `songo.sow.lap` is not `songo.sow`).
fn cites_id(text: &str, id: &str) -> bool {
    text.match_indices(id).any(|(at, _)| {
        let rest = &text[at + id.len()..];
        let mut next = rest.chars();
        match next.next() {
            Some(c) if c.is_ascii_alphanumeric() || c == '-' => false,
            Some('.') => !next.next().is_some_and(|c| c.is_ascii_lowercase()),
            _ => true,
        }
    })
}

/// Whether `text` names `variant` whole (`RuleId::SongoExit`, not
/// `RuleId::SongoExitForced`).
fn names(text: &str, variant: &str) -> bool {
    text.match_indices(variant).any(|(at, _)| {
        !text[at + variant.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

fn read_sources(dir: &std::path::Path, out: &mut Vec<(std::path::PathBuf, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("a source folder reads")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            read_sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("a source file reads");
            out.push((path, text));
        }
    }
}

#[test]
fn a_rule_id_is_cited_only_whole() {
    assert!(cites_id("see `songo.sow`.", "songo.sow"));
    assert!(cites_id("songo.sow", "songo.sow"));
    assert!(!cites_id("`songo.sow.lap`", "songo.sow"));
    assert!(!cites_id("songo.sow-x", "songo.sow"));
    assert!(names("RuleId::SongoExit)", "RuleId::SongoExit"));
    assert!(!names("RuleId::SongoExitForced", "RuleId::SongoExit"));
}

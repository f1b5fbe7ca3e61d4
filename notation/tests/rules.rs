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
    ["songo.", "awale.", "abapa."]
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

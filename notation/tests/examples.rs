//! Every worked example of the sources reproduces exactly: the sown board,
//! the board after captures, the captures, legality.
//!
//! - `fixtures/examples/`: the Songo worked examples of the sources;
//! - `fixtures/examples-awale/`: the Awalé examples of the two Awalé texts
//!   (their figures are not in the texts: each fixture says which house
//!   counts it had to choose, in `reconstructed`).

use crate::common;

#[test]
fn there_are_twenty_one_songo_examples() {
    assert_eq!(common::load("examples").len(), 21);
}

#[test]
fn every_songo_example_reproduces() {
    for (_, example) in common::load("examples") {
        example.check();
    }
}

#[test]
fn there_are_ten_awale_examples() {
    assert_eq!(common::load("examples-awale").len(), 10);
}

#[test]
fn every_awale_example_reproduces() {
    for (path, example) in common::load("examples-awale") {
        assert!(
            example.source.is_some() && example.rule.is_none(),
            "{}: an example names its source (a case about one rule goes in fixtures/rules/)",
            path.display()
        );
        assert!(
            !example.evidence().is_empty(),
            "{}: an Awalé example says which rules it shows",
            path.display()
        );
        example.check();
    }
}

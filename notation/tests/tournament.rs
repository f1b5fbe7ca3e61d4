//! Tournaments: the Dutch system against bbpPairings' own tournaments,
//! the Berger tables against C.05's, TRF read and written, and the
//! maximum-weight matching against a brute force.

use std::path::Path;

use songo_notation::tournament::{Pair, berger, dutch, format_pairs, trf};

fn fixtures(dir: &str) -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/tournaments").join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .map(|entries| entries.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "trf"));
    files.sort();
    files
}

#[test]
fn dutch_replays_equal_bbp_pairings() {
    let files = fixtures("dutch");
    assert!(!files.is_empty(), "no fixtures");
    let mut failures = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let tournament = trf::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let mismatches = dutch::check(&tournament).unwrap();
        if !mismatches.is_empty() {
            failures.push(format!(
                "{}: rounds {:?}",
                file.file_name().unwrap().to_string_lossy(),
                mismatches.iter().map(|m| m.round).collect::<Vec<_>>()
            ));
        }
    }
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), files.len(), failures.join("\n"));
}

mod matching {
    use proptest::prelude::*;
    use songo_notation::tournament::matching::maximum_weight_matching;

    /// The heaviest matching's weight by trying every matching.
    fn brute_force(n: usize, weights: &[Vec<u64>]) -> u64 {
        fn best(free: &mut Vec<bool>, weights: &[Vec<u64>], from: usize) -> u64 {
            let Some(v) = (from..free.len()).find(|&v| free[v]) else { return 0 };
            free[v] = false;
            let mut result = best(free, weights, v + 1);
            for w in v + 1..free.len() {
                if free[w] && weights[v][w] > 0 {
                    free[w] = false;
                    result = result.max(weights[v][w] + best(free, weights, v + 1));
                    free[w] = true;
                }
            }
            free[v] = true;
            result
        }
        best(&mut vec![true; n], weights, 0)
    }

    fn graph() -> impl Strategy<Value = (usize, Vec<Vec<u64>>)> {
        (1usize..=9).prop_flat_map(|n| {
            proptest::collection::vec(proptest::collection::vec(prop_oneof![Just(0u64), 1u64..20], n), n)
                .prop_map(move |rows| (n, rows))
        })
    }

    proptest! {
        #[test]
        fn maximum_weight_equals_brute_force((n, rows) in graph()) {
            let mut weights = vec![vec![0u64; n]; n];
            let mut edges = Vec::new();
            for v in 0..n {
                for w in v + 1..n {
                    weights[v][w] = rows[v][w];
                    weights[w][v] = rows[v][w];
                    edges.push((v, w, rows[v][w]));
                }
            }
            let mates = maximum_weight_matching(n, &edges);
            let mut total = 0;
            for v in 0..n {
                if let Some(w) = mates[v] {
                    prop_assert_eq!(mates[w], Some(v));
                    prop_assert!(weights[v][w] > 0);
                    if v < w { total += weights[v][w]; }
                }
            }
            prop_assert_eq!(total, brute_force(n, &weights));
        }
    }
}

#[test]
fn matching_triangle() {
    use songo_notation::tournament::matching::maximum_weight_matching;
    let mates = maximum_weight_matching(3, &[(0, 1, 9u64), (0, 2, 9), (1, 2, 1)]);
    assert_eq!(mates[1], None);
}

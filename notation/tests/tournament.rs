//! Tournaments: the Dutch system against bbpPairings' own tournaments,
//! the Berger tables against C.05's, TRF read and written, and the
//! maximum-weight matching against a brute force.

use std::path::Path;

use songo_notation::tournament::{Pair, berger, dutch, format_pairs, trf};

fn fixtures(dir: &str) -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/tournaments")
        .join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .map(|entries| entries.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "trf"));
    files.sort();
    files
}

#[test]
fn dutch_replays_equal_bbp_pairings() {
    replay_all("dutch");
}

/// 37 and 40 players, 7 to 11 rounds (seconds unoptimised). The larger
/// files of `dutch-medium/` (51 and 100 players) and the 500-player round
/// of `large/` take minutes unoptimised: the release example
/// `dutch_timing` checks them against bbpPairings' pairs
/// (docs/performance.md, "Pairing a Swiss round").
#[test]
fn dutch_medium_replays_equal_bbp_pairings() {
    let files: Vec<_> = fixtures("dutch-medium")
        .into_iter()
        .filter(|file| {
            let name = file.file_name().unwrap().to_string_lossy();
            name.starts_with("medium-37-") || name.starts_with("medium-40-")
        })
        .collect();
    assert_eq!(files.len(), 6, "{files:?}");
    replay(&files);
}

fn replay_all(dir: &str) {
    let files = fixtures(dir);
    assert!(!files.is_empty(), "no fixtures");
    replay(&files);
}

fn replay(files: &[std::path::PathBuf]) {
    let mut failures = Vec::new();
    for file in files {
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
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

mod matching {
    use proptest::prelude::*;
    use songo_notation::tournament::matching::{IncrementalMatching, maximum_weight_matching};

    /// The heaviest matching's weight by trying every matching.
    fn brute_force(n: usize, weights: &[Vec<u64>]) -> u64 {
        fn best(free: &mut Vec<bool>, weights: &[Vec<u64>], from: usize) -> u64 {
            let Some(v) = (from..free.len()).find(|&v| free[v]) else {
                return 0;
            };
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
            proptest::collection::vec(
                proptest::collection::vec(prop_oneof![Just(0u64), 1u64..20], n),
                n,
            )
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

        /// Kept between changes, as the Dutch system uses it: after each
        /// change of a vertex's edges, still the heaviest matching.
        #[test]
        fn incremental_matching_stays_the_heaviest(
            (n, rows) in graph(),
            changes in proptest::collection::vec((0usize..9, proptest::collection::vec(prop_oneof![Just(0u64), 1u64..40], 9)), 1..8),
        ) {
            use songo_notation::tournament::matching::IncrementalMatching;
            let mut weights = vec![vec![0u64; n]; n];
            let mut matching = IncrementalMatching::new(n);
            for v in 0..n {
                for w in v + 1..n {
                    weights[v][w] = rows[v][w];
                    weights[w][v] = rows[v][w];
                    matching.set_weight(v, w, rows[v][w]);
                }
            }
            let mut steps = vec![None];
            steps.extend(changes.into_iter().map(Some));
            for step in steps {
                if let Some((vertex, new)) = step {
                    let v = vertex % n;
                    for w in (0..n).filter(|&w| w != v) {
                        weights[v][w] = new[w];
                        weights[w][v] = new[w];
                        matching.set_weight(v, w, new[w]);
                    }
                }
                let mates = matching.matching();
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

        /// Changed an edge at a time, as the Dutch system's steps change
        /// them: the matching reopens only an end of the edges its duals no
        /// longer cover, and must still be the heaviest (lighter, heavier,
        /// removed and matched edges alike).
        #[test]
        fn incremental_matching_after_single_edges_stays_the_heaviest(
            (n, rows) in graph(),
            steps in proptest::collection::vec(
                proptest::collection::vec((0usize..9, 0usize..9, prop_oneof![Just(0u64), 1u64..40]), 1..5),
                1..10,
            ),
        ) {
            use songo_notation::tournament::matching::IncrementalMatching;
            let mut weights = vec![vec![0u64; n]; n];
            let mut matching = IncrementalMatching::new(n);
            for v in 0..n {
                for w in v + 1..n {
                    weights[v][w] = rows[v][w];
                    weights[w][v] = rows[v][w];
                    matching.set_weight(v, w, rows[v][w]);
                }
            }
            matching.matching();
            for changes in steps {
                for (a, b, weight) in changes {
                    let (a, b) = (a % n, b % n);
                    if a != b {
                        weights[a][b] = weight;
                        weights[b][a] = weight;
                        matching.set_weight(a, b, weight);
                    }
                }
                let mates = matching.matching();
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

    /// A step of the Dutch system's kind on a larger graph: a player's
    /// row raised, a pair fixed (its other edges removed), a block of
    /// edges given new weights, single edges changed.
    #[derive(Clone, Debug)]
    enum Step {
        Raise(usize, u64),
        Fix(usize, usize),
        Block(usize, usize, u64),
        Single(usize, usize, u64),
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            (0usize..40, 1u64..3).prop_map(|(v, by)| Step::Raise(v, by)),
            (0usize..40, 0usize..40).prop_map(|(a, b)| Step::Fix(a, b)),
            (0usize..40, 2usize..20, 0u64..8).prop_map(|(v, len, salt)| Step::Block(v, len, salt)),
            (0usize..40, 0usize..40, 0u64..14).prop_map(|(a, b, w)| Step::Single(a, b, w)),
        ]
    }

    /// Sets edge `a`–`b` in both the weights and the matching.
    fn set(
        weights: &mut [Vec<u64>],
        matching: &mut IncrementalMatching<u64>,
        a: usize,
        b: usize,
        weight: u64,
    ) {
        if a != b {
            weights[a][b] = weight;
            weights[b][a] = weight;
            matching.set_weight(a, b, weight);
        }
    }

    /// Applies `step` to both the weights and the matching.
    fn apply(step: &Step, weights: &mut [Vec<u64>], matching: &mut IncrementalMatching<u64>) {
        let n = weights.len();
        match *step {
            Step::Raise(v, by) => {
                for w in 0..n {
                    let weight = weights[v % n][w];
                    if weight > 0 {
                        set(weights, matching, v % n, w, weight + by);
                    }
                }
            }
            Step::Fix(a, b) if a % n != b % n => {
                for other in 0..n {
                    for (one, two) in [(a % n, b % n), (b % n, a % n)] {
                        set(
                            weights,
                            matching,
                            one,
                            other,
                            if other == two { 1000 } else { 0 },
                        );
                    }
                }
            }
            Step::Fix(..) => {}
            Step::Block(v, len, salt) => {
                let block = v % n..(v % n + len).min(n);
                for a in block.clone() {
                    for b in block.start..a {
                        let weight = weights[a][b];
                        if weight > 0 {
                            let new = 1 + (weight * 7 + salt + (a * b) as u64) % 9;
                            set(weights, matching, a, b, new);
                        }
                    }
                }
            }
            Step::Single(a, b, weight) => set(weights, matching, a % n, b % n, weight),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// On graphs of up to 40 vertices with few distinct weights (many
        /// tight edges, so blossoms within blossoms), kept from one
        /// matching to the next, each matching after a step weighs as
        /// much as one computed afresh.
        #[test]
        fn incremental_matching_keeps_its_blossoms_rightly(
            n in 12usize..40,
            seed in proptest::collection::vec(0u64..4, 40 * 40),
            steps in proptest::collection::vec(step(), 1..25),
        ) {
            let mut weights = vec![vec![0u64; n]; n];
            let mut matching = IncrementalMatching::new(n);
            for v in 0..n {
                for w in v + 1..n {
                    // Weights 0, 4, 8, 12: equal sums everywhere.
                    let weight = seed[v * 40 + w] * 4;
                    weights[v][w] = weight;
                    weights[w][v] = weight;
                    matching.set_weight(v, w, weight);
                }
            }
            matching.matching();
            for step in &steps {
                apply(step, &mut weights, &mut matching);
                let mates = matching.matching();
                let edges: Vec<(usize, usize, u64)> = weights
                    .iter()
                    .enumerate()
                    .flat_map(|(v, row)| row.iter().enumerate().skip(v + 1).map(move |(w, &x)| (v, w, x)))
                    .collect();
                let weight_of = |mates: &[Option<usize>]| -> u64 {
                    (0..n).filter_map(|v| mates[v].filter(|&w| v < w).map(|w| weights[v][w])).sum()
                };
                for v in 0..n {
                    if let Some(w) = mates[v] {
                        prop_assert_eq!(mates[w], Some(v));
                        prop_assert!(weights[v][w] > 0);
                    }
                }
                prop_assert_eq!(weight_of(&mates), weight_of(&maximum_weight_matching(n, &edges)));
            }
        }
    }
}

/// A blossom's vertices belong to it as soon as it is made (a bug once
/// left them outside, and the next scan walked off the tree).
#[test]
fn matching_a_triangle_with_a_light_edge() {
    use songo_notation::tournament::matching::maximum_weight_matching;
    let mates = maximum_weight_matching(3, &[(0, 1, 9u64), (0, 2, 9), (1, 2, 1)]);
    assert_eq!(mates[1], None);
}

/// C.05 Annex 1's Berger tables, as the FIDE Handbook prints them (for
/// 3-4, 5-6, 7-8 and 9-10 players), white first.
const BERGER_TABLES: [(u32, &str); 4] = [
    (4, "1-4 2-3 | 4-3 1-2 | 2-4 3-1"),
    (
        6,
        "1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1",
    ),
    (
        8,
        "1-8 2-7 3-6 4-5 | 8-5 6-4 7-3 1-2 | 2-8 3-1 4-7 5-6 | 8-6 7-5 1-4 2-3 | \
         3-8 4-2 5-1 6-7 | 8-7 1-6 2-5 3-4 | 4-8 5-3 6-2 7-1",
    ),
    (
        10,
        "1-10 2-9 3-8 4-7 5-6 | 10-6 7-5 8-4 9-3 1-2 | 2-10 3-1 4-9 5-8 6-7 | \
         10-7 8-6 9-5 1-4 2-3 | 3-10 4-2 5-1 6-9 7-8 | 10-8 9-7 1-6 2-5 3-4 | \
         4-10 5-3 6-2 7-1 8-9 | 10-9 1-8 2-7 3-6 4-5 | 5-10 6-4 7-3 8-2 9-1",
    ),
];

fn table_text(schedule: &[Vec<Pair>]) -> String {
    schedule
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|p| format!("{}-{}", p.white, p.black.unwrap_or(0)))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

#[test]
fn berger_tables_equal_the_handbooks() {
    for (players, table) in BERGER_TABLES {
        let schedule = berger::schedule(players, false).unwrap();
        let expected = table.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(table_text(&schedule), expected, "{players} players");
    }
}

#[test]
fn berger_odd_fields_meet_the_dummy_as_a_bye() {
    // Five players: the table of six, player 6 the bye, listed last.
    let schedule = berger::schedule(5, false).unwrap();
    assert_eq!(
        table_text(&schedule),
        "2-5 3-4 1-0 | 5-3 1-2 4-0 | 3-1 4-5 2-0 | 1-4 2-3 5-0 | 4-2 5-1 3-0"
    );
}

#[test]
fn berger_double_round_robin_reverses_the_colours() {
    let schedule = berger::schedule(4, true).unwrap();
    assert_eq!(
        table_text(&schedule),
        "1-4 2-3 | 4-3 1-2 | 2-4 3-1 | 4-1 3-2 | 3-4 2-1 | 4-2 1-3"
    );
    // Every pair meets twice, once with each colour.
    let mut games: Vec<(u32, u32)> = schedule
        .iter()
        .flatten()
        .map(|p| (p.white, p.black.unwrap()))
        .collect();
    games.sort();
    games.dedup();
    assert_eq!(games.len(), 12);
    assert_eq!(
        berger::round(4, 7, true),
        Err(berger::BergerError::NoSuchRound {
            round: 7,
            rounds: 6
        })
    );
    assert_eq!(
        berger::round(1, 1, false),
        Err(berger::BergerError::TooFewPlayers)
    );
}

#[test]
fn berger_every_pair_meets_once_and_colours_balance() {
    for players in 2..=16u32 {
        let schedule = berger::schedule(players, false).unwrap();
        let mut met = std::collections::HashSet::new();
        let mut whites = vec![0i32; players as usize + 1];
        for pair in schedule.iter().flatten() {
            if let Some(black) = pair.black {
                assert!(
                    met.insert((pair.white.min(black), pair.white.max(black))),
                    "{players}: twice"
                );
                whites[pair.white as usize] += 1;
                whites[black as usize] -= 1;
            }
        }
        assert_eq!(
            met.len() as u32,
            players * (players - 1) / 2,
            "{players} players"
        );
        assert!(
            whites.iter().all(|w| w.abs() <= 1),
            "{players}: colours {whites:?}"
        );
    }
}

const SMALL: &str = "\
012 Club championship
001    1      Alpha                             2400                             1.0    1     3 w 1
001    2      Beta                              2300                             0.5    2     4 b =
001    3      Gamma                             2200                             0.0    4     1 b 0
001    4      Delta                             2100                             0.5    3     2 w =
XXR 3
XXC white1
";

#[test]
fn trf_reads_players_rounds_and_extensions() {
    let tournament = trf::parse(SMALL).unwrap();
    assert_eq!(tournament.name.as_deref(), Some("Club championship"));
    assert_eq!(tournament.rounds, Some(3));
    assert_eq!(tournament.initial_colour, Some(trf::Colour::White));
    let beta = &tournament.players[1];
    assert_eq!(
        (beta.number, beta.name.as_str(), beta.rating, beta.points),
        (2, "Beta", 2300, 5)
    );
    assert_eq!(beta.rounds[0].opponent, Some(4));
    assert_eq!(beta.rounds[0].colour, Some(trf::Colour::Black));
    assert_eq!(beta.rounds[0].outcome, trf::Outcome::Draw);
}

#[test]
fn trf_written_reads_back_the_same() {
    let tournament = trf::parse(SMALL).unwrap();
    let written = trf::write(&tournament);
    let again = trf::parse(&written).unwrap();
    assert_eq!(
        again.players.iter().map(|p| &p.rounds).collect::<Vec<_>>(),
        tournament
            .players
            .iter()
            .map(|p| &p.rounds)
            .collect::<Vec<_>>()
    );
    assert_eq!(trf::write(&again), written);
    // Every fixture too, CR line ends and byes included.
    for file in fixtures("dutch") {
        let text = std::fs::read_to_string(&file).unwrap();
        let tournament = trf::parse(&text).unwrap();
        let back = trf::parse(&trf::write(&tournament)).unwrap();
        let unlined = |t: &trf::Tournament| {
            t.players
                .iter()
                .map(|p| trf::Player {
                    line: 0,
                    ..p.clone()
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(unlined(&back), unlined(&tournament), "{}", file.display());
    }
}

#[test]
fn trf_errors_say_line_and_column() {
    let cases = [
        ("001    1      Alpha", 1, 20, trf::TrfErrorKind::ShortLine),
        (
            &SMALL.replace("1.0    1     3 w 1", "1.0    1     3 x 1"),
            2,
            97,
            trf::TrfErrorKind::BadColour('x'),
        ),
        (
            &SMALL.replace("1.0    1     3 w 1", "1.0    1     3 w 7"),
            2,
            99,
            trf::TrfErrorKind::BadResult('7'),
        ),
        (
            &SMALL.replace("1.0    1     3 w 1", "1.0    1     1 w 1"),
            2,
            92,
            trf::TrfErrorKind::OwnOpponent,
        ),
        (
            &SMALL.replace("1.0    1     3 w 1", "1.0    1     4 w 1"),
            2,
            92,
            trf::TrfErrorKind::Contradiction {
                round: 1,
                opponent: 4,
            },
        ),
        (
            &SMALL.replace("XXR 3", "XXR x"),
            6,
            5,
            trf::TrfErrorKind::BadRoundCount,
        ),
        (
            &SMALL.replace("001    4 ", "001    3 "),
            5,
            5,
            trf::TrfErrorKind::DuplicateNumber(3),
        ),
    ];
    for (text, line, column, kind) in cases {
        let error = trf::parse(text).unwrap_err();
        assert_eq!(
            (error.line, error.column, &error.kind),
            (line, column, &kind),
            "{text}"
        );
    }
}

#[test]
fn dutch_first_round_top_half_meets_bottom_half() {
    let text = "\
001    1      A                                 2400                             0.0
001    2      B                                 2300                             0.0
001    3      C                                 2200                             0.0
001    4      D                                 2100                             0.0
001    5      E                                 2000                             0.0
XXR 3
XXC black1
";
    let field = dutch::Field::next_round(&trf::parse(text).unwrap()).unwrap();
    // Odd field: the lowest gets the bye; the first player has black.
    assert_eq!(
        format_pairs(&dutch::pair(&field).unwrap()),
        "3\n3 1\n2 4\n5 0\n"
    );
    let without_colour = text.replace("XXC black1\n", "");
    assert_eq!(
        dutch::Field::next_round(&trf::parse(&without_colour).unwrap()).unwrap_err(),
        dutch::FieldError::NoInitialColour
    );
    let without_rounds = text.replace("XXR 3\n", "");
    assert_eq!(
        dutch::Field::next_round(&trf::parse(&without_rounds).unwrap()).unwrap_err(),
        dutch::FieldError::NoRoundCount
    );
}

#[test]
fn dutch_check_names_the_round_that_differs() {
    let file = fixtures("dutch").into_iter().next().unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let tournament = trf::parse(&text).unwrap();
    // Swap the colours of one game of round 2: that round no longer checks.
    let mut changed = tournament.clone();
    let first = changed
        .players
        .iter()
        .position(|p| p.rounds.get(1).is_some_and(|r| r.colour.is_some()))
        .unwrap();
    let opponent = changed.players[first].rounds[1].opponent.unwrap();
    for index in [
        first,
        changed
            .players
            .iter()
            .position(|p| p.number == opponent)
            .unwrap(),
    ] {
        let round = &mut changed.players[index].rounds[1];
        round.colour = round.colour.map(trf::Colour::invert);
    }
    let mismatches = dutch::check(&changed).unwrap();
    assert_eq!(mismatches.first().map(|m| m.round), Some(2));
    assert!(dutch::check(&tournament).unwrap().is_empty());
}

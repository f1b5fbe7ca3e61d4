//! The finder on the texts' boards.

use super::*;
use crate::analysis::AnalysisOptions;

fn position(text: &str) -> Position {
    text.parse().unwrap()
}

/// Shallow proofs: ten plies deep the engine prefers N2 to the text's
/// yinda N1 on the yinda board (-14 against -15), so the board is an
/// exercise only with a proof at 6 or less; these tests are about the
/// finder's bookkeeping, not about that board.
fn shallow() -> Options {
    Options {
        depth: 4,
        proof_depth: 6,
        ..Options::default()
    }
}

fn house(name: &str) -> House {
    House::parse(name, Ruleset::Songo).unwrap()
}

#[test]
fn the_grenier_of_the_yinda_board_is_its_motif() {
    // The escale text's board, South to move: S4's 17 seeds take 11.
    let board = position("songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:S");
    assert_eq!(motif(&board, house("S4")), Some(TeachId::Grenier));
}

#[test]
fn the_yinda_is_the_motif_of_norths_answer() {
    let board = position("songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N");
    assert_eq!(motif(&board, house("N1")), Some(TeachId::Yinda));
}

#[test]
fn a_lone_capture_is_obvious_and_a_quiet_move_is_not() {
    let board = position("songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:S");
    let captures: Vec<u32> = teach::move_effects(&board)
        .iter()
        .map(|e| e.captures)
        .collect();
    let capturing = captures.iter().filter(|&&c| c > 0).count();
    assert_eq!(is_obvious(&board, house("S4")), capturing == 1);
    let north = position("songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N");
    assert!(!is_obvious(&north, house("N1")));
}

#[test]
fn a_game_through_the_yinda_board_gives_norths_yinda() {
    let games = crate::record::read_all(
        "[Rules \"songo\"]\n[SetUp \"fragment\"]\n[Position \"songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N\"]\n\n1... N1 2. S4 *\n",
    )
    .unwrap();
    let analyser = Analyser::new(&AnalysisOptions::default());
    let found = find(&analyser, &[Source::new("t", &games)], &shallow());
    assert_eq!(found.summary.positions, 2, "{:?}", found.summary);
    let first = &found.exercises[0];
    assert_eq!(first.solution.to_string(), "N1");
    assert_eq!(first.motif, TeachId::Yinda);
    assert!(first.proof.margin >= DEFAULT_MARGIN);
    assert_eq!(first.origin.ply, 1);
    assert_eq!(first.line[0], first.solution);
    assert_eq!(first.line.len() % 2, 1);
}

#[test]
fn a_position_found_twice_is_one_exercise() {
    let text = "[Rules \"songo\"]\n[SetUp \"fragment\"]\n[Position \"songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N\"]\n\n1... N1 *\n";
    let games = crate::record::read_all(&format!("{text}\n{text}")).unwrap();
    let analyser = Analyser::new(&AnalysisOptions::default());
    let found = find(&analyser, &[Source::new("t", &games)], &shallow());
    assert_eq!(found.exercises.len(), 1);
    assert_eq!(found.exercises[0].games, 2);
    assert_eq!(found.summary.repeated, 1);
}

#[test]
fn seega_games_are_counted_and_skipped() {
    let games = crate::record::read_all("[Rules \"seega\"]\n\n*\n").unwrap();
    let analyser = Analyser::new(&AnalysisOptions::default());
    let found = find(&analyser, &[Source::new("t", &games)], &Options::default());
    assert_eq!(found.summary.seega_games, 1);
    assert!(found.exercises.is_empty());
}

#[test]
fn the_default_proof_refuses_the_yinda_board() {
    let text = "[Rules \"songo\"]\n[SetUp \"fragment\"]\n[Position \"songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:0-0:N\"]\n\n1... N1 *\n";
    let games = crate::record::read_all(text).unwrap();
    let analyser = Analyser::new(&AnalysisOptions::default());
    let found = find(&analyser, &[Source::new("t", &games)], &Options::default());
    assert!(found.exercises.is_empty());
    assert_eq!(found.summary.unproven, 1);
}

/// A songo move whose seed reaches the store from no house (the lone seed
/// kept at the end of a lap, `songo.sow.lone-seed`): found by trying every
/// house and count, so that the test does not hang on one board.
fn a_move_keeping_a_seed_from_no_house() -> (Position, House) {
    for count in 1..=40 {
        for index in 0..7_u8 {
            let mut south = [0; 7];
            south[usize::from(index)] = count;
            let board = Position::new(
                Ruleset::Songo,
                &south,
                &[1, 1, 1, 1, 1, 1, 1],
                crate::Score::default(),
                crate::Side::South,
            )
            .unwrap();
            let played = House::new(crate::Side::South, index);
            if let Ok((_, outcome)) = board.after(played)
                && outcome.captured > 0
                && outcome.captured_houses.iter().next().is_none()
            {
                return (board, played);
            }
        }
    }
    panic!("no board keeps a lone seed");
}

/// The lesson's line under a move said "1 graine prise ()" when the seed
/// taken came from no house: it now says where it came from.
#[test]
fn a_seed_kept_from_no_house_is_not_written_with_empty_brackets() {
    let (board, played) = a_move_keeping_a_seed_from_no_house();
    for lang in [crate::i18n::Lang::Fr, crate::i18n::Lang::En] {
        let text = format!(
            "# Prise\n\n```songo\nposition: {board}\nplay: {}\n```\n",
            played.name(Ruleset::Songo)
        );
        let handout = crate::lesson::html(
            &text,
            &crate::lesson::Options {
                lang,
                rules: None,
                teacher_notes: false,
            },
        )
        .unwrap();
        assert!(
            !handout.document.contains("prise ()") && !handout.document.contains("captured ()"),
            "{lang:?}"
        );
        let kept = match lang {
            crate::i18n::Lang::Fr => "graine prise (gardée en fin de distribution)",
            _ => "1 seed captured (kept at the end of the sowing)",
        };
        assert!(handout.document.contains(kept), "{lang:?}");
    }
}

/// The engine games of the CLI's test.
fn engine_games() -> Vec<GameRecord> {
    let text = include_str!("../../../fixtures/records/engine/exercises-games.songo");
    crate::record::read_all(text).unwrap()
}

/// The exercises of a run, as they are written, without where they were
/// found (a game's number changes with the games given).
fn found_in(games: &[GameRecord], options: &Options) -> Vec<(String, String, Vec<String>, Proof)> {
    let analyser = Analyser::new(&AnalysisOptions {
        hash_bytes: 1 << 20,
        threads: 1,
    });
    find(&analyser, &[Source::new("games", games)], options)
        .exercises
        .into_iter()
        .map(|e| {
            let line = e.line.iter().map(ToString::to_string).collect();
            (e.id, e.solution.to_string(), line, e.proof)
        })
        .collect()
}

/// The finder is deterministic: the same games give the same exercises,
/// twice in one process (one thread, no clock, a fixed hash for the
/// transposition table). A guard against a randomly seeded hasher or a
/// time limit creeping into the search.
#[test]
fn the_same_games_give_the_same_exercises_twice() {
    let games = engine_games();
    let options = shallow();
    let first = found_in(&games, &options);
    assert!(!first.is_empty());
    assert_eq!(found_in(&games, &options), first);
}

/// The exercises of each game looked at alone, together (one of each
/// position), in the order of their ids.
fn each_alone(
    games: &[GameRecord],
    options: &Options,
) -> Vec<(String, String, Vec<String>, Proof)> {
    let mut union: Vec<_> = games
        .iter()
        .flat_map(|game| found_in(std::slice::from_ref(game), options))
        .collect();
    union.sort_by(|a, b| a.0.cmp(&b.0));
    union.dedup_by(|a, b| a.0 == b.0);
    union
}

/// A game's exercises do not depend on the games read before it, nor on
/// their order: the games together, in either order, give what each game
/// gives alone (the finder searches every position as a fresh analyser
/// would; the transposition table's results of other positions are not
/// used).
#[test]
fn a_game_gives_the_same_exercises_alone_as_after_other_games() {
    let games = engine_games();
    let options = shallow();
    let alone = each_alone(&games, &options);
    assert!(!alone.is_empty());
    let mut reversed = games.clone();
    reversed.reverse();
    for order in [games, reversed] {
        let mut together = found_in(&order, &options);
        together.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(together, alone);
    }
}

/// The proof's search, which asks only whether the solution leads every
/// other move by the margin ([`Analyser::analyse_lead`]), says what the
/// analysis of every move's exact value says, and gives the same solution
/// value and second best value, on every position of the engine games.
#[test]
fn the_proofs_search_agrees_with_the_analysis_of_every_move() {
    let fresh = || {
        Analyser::new(&AnalysisOptions {
            hash_bytes: 1 << 20,
            threads: 1,
        })
    };
    let mut compared = 0;
    let mut clear = 0;
    for game in engine_games() {
        let (plies, _) = replay(&game).unwrap();
        for (position, _) in plies.iter().step_by(2) {
            let Some(every) = analyse(&fresh(), position, 6) else {
                continue;
            };
            if every.moves.len() < 2 {
                continue;
            }
            let solution = every.moves[0].house;
            let lead = analyse_lead(&fresh(), position, 6, solution, DEFAULT_MARGIN).unwrap();
            let by_lead = lead
                .clear_best(DEFAULT_MARGIN)
                .filter(|_| lead.moves[0].house == solution);
            let by_every = every.clear_best(DEFAULT_MARGIN);
            compared += 1;
            clear += usize::from(by_every.is_some());
            assert_eq!(by_lead.is_some(), by_every.is_some(), "{position}");
            if let (Some(by_lead), Some(by_every)) = (by_lead, by_every) {
                assert_eq!(
                    (by_lead.value, by_lead.second, by_lead.margin),
                    (by_every.value, by_every.second, by_every.margin),
                    "{position}"
                );
            }
        }
    }
    assert!(
        compared > 100 && clear > 10,
        "{compared} compared, {clear} clear"
    );
}

/// The exercise check over every exercise of the engine games, at the
/// defaults of `songo exercises`: each motif's claim holds on the board,
/// each solution line ends with the gain it states, each other move is
/// refuted by a legal reply, worse than the solution by the proof's margin
/// or more (`examples/exercise_check.rs` runs it on the 200-game corpus).
#[test]
fn every_exercise_of_the_engine_games_passes_the_check() {
    let games = engine_games();
    let analyser = Analyser::new(&AnalysisOptions::default());
    let found = find(
        &analyser,
        &[Source::new("games", &games)],
        &Options::default(),
    );
    assert!(found.exercises.len() >= 5, "{:?}", found.summary);
    let problems: Vec<String> = found.exercises.iter().flat_map(check::check).collect();
    assert!(problems.is_empty(), "{problems:#?}");
    // The lines go past the solution, to the gain.
    assert!(
        found
            .exercises
            .iter()
            .all(|e| e.line.len() >= 3 || e.gain != 0)
    );
    assert!(found.exercises.iter().any(|e| e.line.len() >= 5));
}

/// The check finds what is wrong: a grenier claimed where none is, a line
/// cut before its gain, a refutation whose numbers disagree with the proof.
#[test]
fn the_check_refuses_false_claims() {
    let games = engine_games();
    let analyser = Analyser::new(&AnalysisOptions::default());
    let found = find(
        &analyser,
        &[Source::new("games", &games)],
        &Options::default(),
    );
    let exercise = found
        .exercises
        .iter()
        .find(|e| e.line.len() >= 3 && !e.refutations.is_empty() && e.motif != TeachId::Grenier)
        .unwrap();
    let mut grenier = exercise.clone();
    grenier.motif = TeachId::Grenier;
    grenier.build = false;
    assert!(check::check(&grenier).iter().any(|p| p.contains("grenier")));
    let mut cut = exercise.clone();
    cut.line.truncate(1);
    assert!(!check::check(&cut).is_empty());
    let mut numbers = exercise.clone();
    numbers.refutations[0].worse = numbers.proof.margin - 1;
    assert!(check::check(&numbers).iter().any(|p| p.contains("margin")));
    let mut wins = exercise.clone();
    wins.refutations[0].wins += 1;
    assert!(!check::check(&wins).is_empty());
}

#[test]
fn the_gain_is_taken_at_the_first_largest_winnings_from_the_least_ply() {
    // The solver takes 3 at ply 3, gives 2 back, takes 4 more at ply 7.
    assert_eq!(line::gain_taken(&[0, 0, 3, 1, 1, 1, 5, 5, 5], 3), 7);
    // Taken at once and kept: the line still shows the answer.
    assert_eq!(line::gain_taken(&[6, 6, 6, 4, 4], 3), 3);
    assert_eq!(line::gain_taken(&[6, 6, 6, 4, 4], 1), 1);
    // A short line is kept to its last move of the side.
    assert_eq!(line::gain_taken(&[2, 1], 3), 1);
    assert_eq!(line::gain_taken(&[], 3), 0);
}

#[test]
fn difficulty_grows_with_the_look_ahead_the_candidates_and_a_small_lead() {
    let easy = score(1, 0, 20);
    assert_eq!(level(easy), 1);
    assert!(score(5, 0, 20) > easy);
    assert!(score(1, 2, 20) > easy);
    assert!(score(1, 0, 4) > easy);
    assert_eq!(level(score(9, 4, 4)), MAX_DIFFICULTY);
    // Every level is reached.
    let levels: std::collections::BTreeSet<u8> = (0..30).map(level).collect();
    assert_eq!(levels.len(), usize::from(MAX_DIFFICULTY));
}

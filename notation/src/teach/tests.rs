//! The teaching cases of `fixtures/teaching/` (every `teach.*` id shown by
//! at least one), snapshots of every wording and of the JSON, and property
//! tests that hold the vocabulary to the engine.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use serde_json::{Value, json};

use super::words;
use super::{TeachId, annotate_line, explain, explain_seega, move_effects};
use crate::i18n::Lang::{En, Fr};
use crate::seega::{SeegaPosition, SeegaSetup, SquareSet};
use crate::{House, Position, Ruleset, Score, Side};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

/// A teaching case, read from its file.
struct Case {
    id: String,
    yaml: Value,
}

fn cases() -> Vec<Case> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(fixtures().join("teaching"))
        .expect("fixtures/teaching is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "yaml"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a readable case");
            let yaml: Value =
                serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let id = path
                .file_stem()
                .and_then(|s| s.to_str())
                .expect("a file name")
                .to_owned();
            assert_eq!(
                yaml["id"],
                json!(id),
                "{}: `id` is the file name",
                path.display()
            );
            Case { id, yaml }
        })
        .collect()
}

/// What a case's position is.
enum Board {
    Sowing(Position),
    Seega(SeegaPosition),
}

impl Case {
    fn board(&self) -> Board {
        let position = self.yaml["position"].clone();
        if position["rules"] == json!("seega") {
            Board::Seega(serde_json::from_value(position).expect("a Seega position"))
        } else {
            Board::Sowing(serde_json::from_value(position).expect("a sowing position"))
        }
    }
}

impl Case {
    /// The annotations of the case's line, if it has one.
    fn line(&self) -> Option<Vec<super::Annotation>> {
        let moves = self.yaml["line"]["moves"].as_array()?;
        let Board::Sowing(start) = self.board() else {
            panic!("{}: lines are for the sowing games", self.id);
        };
        let moves: Vec<House> = moves
            .iter()
            .map(|m| {
                let name = m.as_str().expect("a move name");
                House::parse(name, start.rules()).expect("a house")
            })
            .collect();
        Some(annotate_line(start, &moves).unwrap_or_else(|e| panic!("{}: {e}", self.id)))
    }
}

/// `actual` cut down to what `expected` writes: the keys of its objects,
/// list for list (a list of another length is kept whole, to fail).
fn project(actual: &Value, expected: &Value) -> Value {
    match (actual, expected) {
        (Value::Object(actual), Value::Object(expected)) => Value::Object(
            expected
                .iter()
                .map(|(key, wanted)| {
                    let got = actual.get(key).unwrap_or(&Value::Null);
                    (key.clone(), project(got, wanted))
                })
                .collect(),
        ),
        (Value::Array(actual), Value::Array(expected)) if actual.len() == expected.len() => {
            Value::Array(
                actual
                    .iter()
                    .zip(expected)
                    .map(|(got, wanted)| project(got, wanted))
                    .collect(),
            )
        }
        _ => actual.clone(),
    }
}

/// The ids a case's expectations show.
fn ids_shown(case: &Case) -> BTreeSet<TeachId> {
    let explain = &case.yaml["explain"];
    let non_empty = |key: &str| explain[key].as_array().is_some_and(|list| !list.is_empty());
    let mut ids = BTreeSet::new();
    if non_empty("threats") {
        ids.insert(TeachId::Threat);
    }
    if non_empty("double_threats") {
        ids.insert(TeachId::DoubleThreat);
    }
    if non_empty("defences") {
        ids.insert(TeachId::Defence);
    }
    if explain["defences"]
        .as_array()
        .is_some_and(|list| list.iter().any(|d| d["kind"] == json!("yinda")))
    {
        ids.insert(TeachId::Yinda);
    }
    if non_empty("greniers") {
        ids.insert(TeachId::Grenier);
    }
    if explain.get("bidoua").is_some() {
        ids.insert(TeachId::Bidoua);
    }
    if explain.get("mobility").is_some() {
        ids.insert(TeachId::Mobility);
    }
    for annotation in case.yaml["line"]["annotations"]
        .as_array()
        .into_iter()
        .flatten()
    {
        let id = annotation["id"]
            .as_str()
            .expect("an annotation names its id");
        ids.insert(id.parse().expect("a teach.* id"));
    }
    ids
}

#[test]
fn every_case_says_what_explain_says() {
    let cases = cases();
    assert!(
        cases.len() >= 5,
        "the five boards of the escale text at least"
    );
    for case in &cases {
        let report = match case.board() {
            Board::Sowing(position) => serde_json::to_value(explain(&position)),
            Board::Seega(position) => serde_json::to_value(explain_seega(&position)),
        }
        .expect("a report serializes");
        let expected = case.yaml["explain"]
            .as_object()
            .unwrap_or_else(|| panic!("{}: an `explain` map", case.id));
        for (key, wanted) in expected {
            assert_eq!(
                project(&report[key], wanted),
                *wanted,
                "{}: `{key}` of the explanation",
                case.id
            );
        }
    }
}

#[test]
fn every_line_gets_the_annotations_its_case_states() {
    let mut lines = 0;
    for case in cases() {
        let Some(notes) = case.line() else {
            continue;
        };
        lines += 1;
        let actual = serde_json::to_value(&notes).expect("annotations serialize");
        let expected = &case.yaml["line"]["annotations"];
        assert_eq!(project(&actual, expected), *expected, "{}", case.id);
    }
    assert!(lines >= 3);
}

#[test]
fn every_teaching_term_has_a_case() {
    let shown: BTreeSet<TeachId> = cases().iter().flat_map(ids_shown).collect();
    let missing: Vec<&str> = TeachId::ALL
        .iter()
        .filter(|id| !shown.contains(id))
        .map(|id| id.as_str())
        .collect();
    assert!(
        missing.is_empty(),
        "no case in fixtures/teaching shows {missing:?}"
    );
}

#[test]
fn the_boards_of_the_cases_are_the_diagrams_they_cite() {
    for case in cases() {
        let Some(board) = case.yaml["board"].as_str() else {
            continue;
        };
        let Board::Sowing(position) = case.board() else {
            panic!("{}: only sowing boards cite a diagram", case.id);
        };
        let text = std::fs::read_to_string(fixtures().join(board)).expect("the cited diagram");
        let drawn = crate::input::sowing_position(&text, Some(position.rules()))
            .unwrap_or_else(|e| panic!("{}: {board}: {e}", case.id));
        for side in Side::BOTH {
            assert_eq!(drawn.row(side), position.row(side), "{}: {side}", case.id);
        }
    }
}

#[test]
fn every_case_is_worded_and_serialized_as_the_snapshots_say() {
    for case in cases() {
        let id = &case.id;
        match case.board() {
            Board::Sowing(position) => {
                let report = explain(&position);
                insta::assert_snapshot!(format!("{id}-text"), words::explain_text(&report, En));
                insta::assert_snapshot!(format!("{id}-text-fr"), words::explain_text(&report, Fr));
                insta::assert_snapshot!(
                    format!("{id}-markdown"),
                    words::explain_markdown(&report, En)
                );
                insta::assert_json_snapshot!(format!("{id}-json"), report);
                let effects = move_effects(&position);
                insta::assert_snapshot!(
                    format!("{id}-moves-text"),
                    words::move_effects_text(position.to_move(), &effects, En)
                );
                insta::assert_snapshot!(
                    format!("{id}-moves-text-fr"),
                    words::move_effects_text(position.to_move(), &effects, Fr)
                );
                insta::assert_json_snapshot!(format!("{id}-moves-json"), effects);
            }
            Board::Seega(position) => {
                let report = explain_seega(&position);
                insta::assert_snapshot!(
                    format!("{id}-text"),
                    words::seega_explain_text(&report, En)
                );
                insta::assert_snapshot!(
                    format!("{id}-text-fr"),
                    words::seega_explain_text(&report, Fr)
                );
                insta::assert_snapshot!(
                    format!("{id}-markdown"),
                    words::seega_explain_markdown(&report, En)
                );
                insta::assert_json_snapshot!(format!("{id}-json"), report);
                let effects = super::seega_move_effects(&position);
                insta::assert_snapshot!(
                    format!("{id}-moves-text"),
                    words::seega_move_effects_text(position.to_move(), &effects, En)
                );
                insta::assert_snapshot!(
                    format!("{id}-moves-text-fr"),
                    words::seega_move_effects_text(position.to_move(), &effects, Fr)
                );
                insta::assert_json_snapshot!(format!("{id}-moves-json"), effects);
            }
        }
    }
}

/// Seega: what each step takes is what the engine takes; the pieces it
/// then threatens and the exposure are read from the explanations before
/// and after it.
#[test]
fn seega_move_effects_agree_with_the_engine_and_the_explanations() {
    for case in cases() {
        let Board::Seega(position) = case.board() else {
            continue;
        };
        let mover = position.to_move();
        let before = explain_seega(&position);
        let effects = super::seega_move_effects(&position);
        assert_eq!(
            effects.len(),
            position.legal_moves().steps().len(),
            "{}",
            case.id
        );
        for effect in &effects {
            let (after, outcome) = position.after(effect.played).expect("a legal step");
            let taken: Vec<_> = outcome.captured.iter().collect();
            assert_eq!(effect.captures, taken, "{}: {}", case.id, effect.played);
            let later = explain_seega(&after);
            for created in &effect.creates {
                assert_eq!(created.side, mover);
                assert!(later.threats.contains(created));
                assert!(
                    !before
                        .threats
                        .iter()
                        .any(|t| t.side == mover && t.square == created.square)
                );
            }
        }
    }
}

/// Seega annotations: a step that brings a capture within reach, and one
/// that leaves the opponent without a step.
#[test]
fn seega_lines_point_at_new_threats_and_blocked_sides() {
    use super::{SeegaNote, annotate_seega};
    use crate::report;
    // d4-d3 brings d3-c3 within reach, taking North's c2 against c1.
    let start: SeegaPosition = "seega:...../...S./...../..N../..S..:S".parse().unwrap();
    let played = report::play(start, &["d4-d3"]).unwrap();
    let notes = annotate_seega(&played.steps);
    assert!(matches!(&notes[..], [note] if matches!(&note.note,
        SeegaNote::ThreatCreated { threats } if threats[0].square.to_string() == "c2")));
    assert_eq!(notes[0].id, TeachId::Threat);
    insta::assert_json_snapshot!("seega-line-threat-created", notes);
    insta::assert_snapshot!(
        "seega-line-threat-created-text",
        notes
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    );
    // North's last piece on a1, South on b1: South's a3-a2 closes its last
    // way out.
    let start: SeegaPosition = "seega:...../...../S..../.S.../NS...:S".parse().unwrap();
    let played = report::play(start, &["a3-a2"]).unwrap();
    let notes = annotate_seega(&played.steps);
    let blocked = notes
        .iter()
        .find(|n| matches!(n.note, SeegaNote::Blocked { .. }))
        .expect("North is blocked");
    assert_eq!(blocked.note, SeegaNote::Blocked { side: Side::North });
    assert_eq!(blocked.id, TeachId::Mobility);
    assert_eq!(blocked.to_string(), "North is blocked: no legal step.");
}

#[test]
fn the_annotations_of_every_line_are_worded_as_the_snapshots_say() {
    for case in cases() {
        let Some(notes) = case.line() else {
            continue;
        };
        let id = &case.id;
        insta::assert_snapshot!(
            format!("{id}-annotations-text"),
            words::annotations_text(&notes, En)
        );
        insta::assert_snapshot!(
            format!("{id}-annotations-text-fr"),
            words::annotations_text(&notes, Fr)
        );
        insta::assert_snapshot!(
            format!("{id}-annotations-markdown"),
            words::annotations_markdown(&notes, En)
        );
        insta::assert_json_snapshot!(format!("{id}-annotations-json"), notes);
    }
}

#[test]
fn an_illegal_move_of_a_line_is_refused_with_its_ply() {
    let start = Position::start(Ruleset::Songo);
    let moves = [House::new(Side::South, 2), House::new(Side::South, 3)];
    let error = annotate_line(start, &moves).unwrap_err();
    assert_eq!(error.ply, 2);
    assert!(error.to_string().starts_with("ply 2: "), "{error}");
}

#[test]
fn a_finished_game_has_no_threat_and_no_defence() {
    let won: Position = "songo:0,1,2,0,1,0,0/1,1,0,0,17,5,1:40-0:N".parse().unwrap();
    let report = explain(&won);
    assert!(report.threats.is_empty() && report.defences.is_empty());
    // The grenier is still there, and takes nothing: the game is over.
    assert_eq!(report.greniers[0].captures, 0);
    assert!(move_effects(&won).is_empty());
}

#[test]
fn a_board_without_houses_has_nothing_to_explain() {
    // `Position::start` accepts Seega and gives a board of no houses.
    let report = explain(&Position::start(Ruleset::Seega));
    assert!(report.threats.is_empty() && report.greniers.is_empty());
    assert_eq!(report.bidoua, Score::default());
}

// --- Properties -------------------------------------------------------------

/// Any sowing position: every ruleset, partial boards, stores up to past
/// the end, either side to move.
fn sowing_position() -> impl Strategy<Value = Position> {
    (
        prop::sample::select(&Ruleset::ALL[..4]),
        // Mostly small counts (captures need 1 to 4), now and then a
        // grenier of up to two laps.
        prop::collection::vec(prop_oneof![4 => 0u32..6, 1 => 0u32..36], 14),
        0u32..45,
        0u32..45,
        any::<bool>(),
    )
        .prop_map(|(rules, counts, south_store, north_store, north)| {
            let width = rules.houses_per_side();
            let to_move = if north { Side::North } else { Side::South };
            Position::new(
                rules,
                &counts[..width],
                &counts[7..7 + width],
                Score::new(south_store, north_store),
                to_move,
            )
            .expect("a valid position")
        })
}

/// What the engine's `play` takes with `house`, its owner to move: seeds
/// from the opponent's houses, and those houses.
fn played_capture(position: &Position, house: House) -> Option<(u32, Vec<String>)> {
    let mut mover = position.with_to_move(house.side);
    let outcome = mover.play(house).ok()?;
    let mut houses: Vec<House> = outcome.captured_houses.iter().collect();
    houses.sort();
    // Seeds taken: what the captured houses held after sowing, which the
    // move emptied.
    let seeds = houses.iter().map(|&h| outcome.sown.house(h)).sum::<u32>();
    assert!(houses.iter().all(|&h| mover.house(h) == 0));
    let names = houses
        .iter()
        .map(|h| h.name(position.rules()).to_string())
        .collect();
    Some((seeds, names))
}

proptest! {
    #[test]
    fn threats_are_exactly_what_the_engine_captures(position in sowing_position()) {
        let report = explain(&position);
        for house in position.houses() {
            let engine = played_capture(&position, house).filter(|(seeds, _)| *seeds > 0);
            let reported = report.threats.iter().find(|t| t.house.house == house).map(|t| {
                (t.captures, t.houses.iter().map(ToString::to_string).collect::<Vec<_>>())
            });
            prop_assert_eq!(reported, engine, "house {}", house.name(position.rules()));
        }
        // A threat's arrow points where its last seed falls: the end of the
        // sowing's path, read from the engine's boards.
        for threat in &report.threats {
            let mover = position.with_to_move(threat.side);
            let (_, outcome) = mover.after(threat.house.house).unwrap();
            let path = crate::sowing::render::SowingPath::of(&mover, &outcome);
            if path.beyond == 0 {
                prop_assert_eq!(path.steps.last().map(|step| step.house), Some(threat.lands.house));
            }
            prop_assert!(threat.houses.contains(&threat.lands));
        }
    }

    #[test]
    fn defences_lower_the_largest_capture_and_move_effects_agree(position in sowing_position()) {
        let report = explain(&position);
        let opponent = position.to_move().opposite();
        let largest = |p: &Position| {
            p.houses()
                .filter(|h| h.side == opponent)
                .filter_map(|h| played_capture(p, h))
                .map(|(seeds, _)| seeds)
                .max()
                .unwrap_or(0)
        };
        let now = largest(&position);
        let mut parried = Vec::new();
        for played in position.legal_moves().iter() {
            let (after, _) = position.after(played).unwrap();
            if largest(&after) < now {
                parried.push(played);
            }
        }
        let defended: Vec<House> = report.defences.iter().map(|d| d.played.house).collect();
        prop_assert_eq!(&defended, &parried);
        for defence in &report.defences {
            prop_assert_eq!(defence.before, now);
        }
        let effects = move_effects(&position);
        prop_assert_eq!(effects.len(), position.legal_moves().len());
        let parrying: Vec<House> = effects
            .iter()
            .filter(|e| e.exposure.is_some_and(|x| x.answer == super::Answer::Parries))
            .map(|e| e.played.house)
            .collect();
        prop_assert_eq!(parrying, parried);
    }

    #[test]
    fn the_bidoua_counts_the_houses_whose_sowing_stays_home(position in sowing_position()) {
        let report = explain(&position);
        let rules = position.rules();
        for side in Side::BOTH {
            let listed = match side {
                Side::South => &report.bidoua_houses.south,
                Side::North => &report.bidoua_houses.north,
            };
            // By counting: a house stays home when it holds no more seeds
            // than there are houses after it in its camp, in sowing order
            // (Songo sows South S6 -> S0, everything else a..f, N0 -> N6).
            let room = |house: House| match (rules.houses_per_side(), side) {
                (7, Side::South) => u32::from(house.index),
                (width, _) => width as u32 - 1 - u32::from(house.index),
            };
            let expected: Vec<House> = position
                .houses()
                .filter(|h| h.side == side)
                .filter(|&h| (1..=room(h)).contains(&position.house(h)))
                .collect();
            let listed_houses: Vec<House> = listed.iter().map(|h| h.house).collect();
            prop_assert_eq!(&listed_houses, &expected);
            let sum: u32 = expected.iter().map(|&h| position.house(h)).sum();
            prop_assert_eq!(sum, report.bidoua[side]);
        }
    }

    #[test]
    fn a_double_threat_survives_every_answer(position in sowing_position()) {
        let report = explain(&position);
        for side in Side::BOTH {
            let threatening: Vec<House> = report
                .threats
                .iter()
                .filter(|t| t.side == side)
                .map(|t| t.house.house)
                .collect();
            let defender = position.with_to_move(side.opposite());
            let answers: Vec<u32> = defender
                .legal_moves()
                .iter()
                .map(|answer| {
                    let (after, _) = defender.after(answer).unwrap();
                    after
                        .houses()
                        .filter(|h| h.side == side)
                        .filter_map(|h| played_capture(&after, h))
                        .map(|(seeds, _)| seeds)
                        .max()
                        .unwrap_or(0)
                })
                .collect();
            let expected = threatening.len() >= 2
                && !answers.is_empty()
                && answers.iter().all(|&largest| largest > 0);
            let reported = report.double_threats.iter().find(|d| d.side == side);
            prop_assert_eq!(reported.is_some(), expected);
            if let Some(double) = reported {
                prop_assert_eq!(Some(double.best_limitation.after), answers.iter().min().copied());
            }
        }
    }

    #[test]
    fn a_random_line_is_annotated_without_fault(position in sowing_position(), picks in prop::collection::vec(any::<prop::sample::Index>(), 0..12)) {
        let mut moves = Vec::new();
        let mut current = position;
        for pick in picks {
            let legal = current.legal_moves();
            if legal.is_empty() {
                break;
            }
            let played = legal.as_slice()[pick.index(legal.len())];
            current.play(played).unwrap();
            moves.push(played);
        }
        let notes = annotate_line(position, &moves).unwrap();
        for note in &notes {
            prop_assert!((1..=moves.len()).contains(&note.ply));
            prop_assert_eq!(note.id, note.note.id());
            prop_assert_eq!(note.played.house, moves[note.ply - 1]);
        }
        for lang in [En, Fr] {
            let text = words::annotations_text(&notes, lang);
            // Every message was found: a missing one shows as `[its-id]`.
            prop_assert!(!text.contains("[teach-"), "{}", text);
        }
    }
}

/// Any Seega position in the movement phase: up to 12 pieces a side.
fn seega_position() -> impl Strategy<Value = SeegaPosition> {
    (any::<u32>(), any::<u32>(), any::<bool>()).prop_filter_map(
        "at most 12 pieces a side",
        |(south, north, north_to_move)| {
            let south = SquareSet::from_bits(south & random_sparse(north));
            let north = SquareSet::from_bits(north & !south.bits() & random_sparse(south.bits()));
            if south.len() > 12 || north.len() > 12 {
                return None;
            }
            SeegaPosition::from_setup(SeegaSetup {
                south,
                north,
                to_move: if north_to_move {
                    Side::North
                } else {
                    Side::South
                },
                ..SeegaSetup::default()
            })
            .ok()
        },
    )
}

/// A mask that thins a board out, derived from other random bits.
fn random_sparse(bits: u32) -> u32 {
    bits.rotate_left(7) | bits.rotate_right(3)
}

proptest! {
    #[test]
    fn seega_threats_are_exactly_what_the_engine_captures(position in seega_position()) {
        let report = explain_seega(&position);
        for side in Side::BOTH {
            let mover = if position.to_move() == side {
                position
            } else {
                position.with_to_move(side).unwrap()
            };
            let mut engine: Vec<(String, String)> = Vec::new();
            for &step in mover.legal_moves().steps() {
                let (_, outcome) = mover.after(step).unwrap();
                for square in outcome.captured {
                    prop_assert!(square != crate::seega::Square::CENTRE);
                    engine.push((square.to_string(), step.to_string()));
                }
            }
            let mut reported: Vec<(String, String)> = report
                .threats
                .iter()
                .filter(|t| t.side == side)
                .flat_map(|t| t.moves.iter().map(move |m| (t.square.to_string(), m.to_string())))
                .collect();
            engine.sort();
            reported.sort();
            prop_assert_eq!(reported, engine);
            prop_assert_eq!(report.mobility[side] as usize, mover.legal_moves().steps().len());
        }
    }
}

//! The fixture shape shared by the worked examples (`fixtures/examples*/`)
//! and the rule cases (`fixtures/rules/`), and the one function that checks
//! a fixture against the engine. See `fixtures/rules/README.md`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use songo_notation::{
    Conventions, Game, GameOver, House, LetterCase, MoveList, MoveOutcome, Position, Refusal,
    RuleId, RuleIds, Ruleset, Score, Side, report,
};

/// A board as the fixtures write it: rows in notation order.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Board {
    #[serde(default)]
    pub(crate) to_move: Option<Side>,
    pub(crate) north: Vec<u32>,
    pub(crate) south: Vec<u32>,
    #[serde(default)]
    pub(crate) stores: Option<Score>,
}

/// The non-empty houses that may not be played: a plain list (worked
/// examples), or each house with the rule that forbids it (rule cases; then
/// the list is complete).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub(crate) enum Illegal {
    Houses(Vec<String>),
    Rules(BTreeMap<String, RuleId>),
}

/// How the game ended, as a fixture expects it.
#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub(crate) struct End {
    pub(crate) rule: RuleId,
    pub(crate) score: Score,
    pub(crate) winner: Option<Side>,
}

/// One fixture file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Case {
    pub(crate) id: String,
    /// The rule this case is about (rule cases only).
    #[serde(default)]
    pub(crate) rule: Option<RuleId>,
    #[serde(default)]
    #[allow(
        dead_code,
        reason = "for people; declared so that unknown keys are refused"
    )]
    pub(crate) source: Option<String>,
    pub(crate) rules: Ruleset,
    /// `north-upper` when the moves are written as the casabianca text does.
    #[serde(default)]
    pub(crate) letters: Option<String>,
    #[serde(default)]
    #[allow(
        dead_code,
        reason = "for people; declared so that unknown keys are refused"
    )]
    pub(crate) note: Option<String>,
    /// Which house counts of `before` are not stated by the source.
    #[serde(default)]
    #[allow(
        dead_code,
        reason = "for people; declared so that unknown keys are refused"
    )]
    pub(crate) reconstructed: Option<String>,
    pub(crate) before: Board,
    #[serde(default)]
    pub(crate) legal: Option<Vec<String>>,
    /// Whether the one legal move is a forced exit move.
    #[serde(default)]
    pub(crate) forced: Option<bool>,
    #[serde(default)]
    pub(crate) illegal: Option<Illegal>,
    #[serde(rename = "move", default)]
    pub(crate) played: Option<String>,
    /// Several moves, played in a `Game` (history matters: `abapa.end`).
    #[serde(default)]
    pub(crate) moves: Option<Vec<String>>,
    #[serde(default)]
    pub(crate) sown: Option<Board>,
    #[serde(default)]
    pub(crate) after: Option<Board>,
    #[serde(default)]
    pub(crate) captured: Option<u32>,
    #[serde(default)]
    pub(crate) captured_houses: Option<Vec<String>>,
    #[serde(default)]
    pub(crate) conceded: Option<u32>,
    #[serde(default)]
    pub(crate) rules_applied: Option<Vec<RuleId>>,
    /// Rules that must not apply to the move (a rule's negative case).
    #[serde(default)]
    pub(crate) not_applied: Option<Vec<RuleId>>,
    /// `null`: the game goes on; absent: not checked.
    #[serde(default, deserialize_with = "present")]
    pub(crate) game_over: Option<Option<End>>,
}

/// Tells `game_over: null` (the game goes on) from no `game_over` key.
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Option<End>>, D::Error> {
    Option::<End>::deserialize(deserializer).map(Some)
}

/// The repository's `fixtures/` directory.
pub(crate) fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

/// The files of `fixtures/<dir>` (and of its subdirectories when `deep`)
/// whose extension is `extension` (any file when `None`), sorted; a
/// directory without one is a broken checkout, not a passing test.
pub(crate) fn fixture_files(dir: &str, extension: Option<&str>, deep: bool) -> Vec<PathBuf> {
    fn collect(dir: &Path, extension: Option<&str>, deep: bool, paths: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("readable entry").path();
            if path.is_dir() {
                if deep {
                    collect(&path, extension, deep, paths);
                }
            } else if extension
                .is_none_or(|wanted| path.extension().is_some_and(|ext| ext == wanted))
            {
                paths.push(path);
            }
        }
    }
    let root = fixtures_dir().join(dir);
    let mut paths = Vec::new();
    collect(&root, extension, deep, &mut paths);
    paths.sort();
    assert!(!paths.is_empty(), "no fixture under {}", root.display());
    paths
}

/// A fixture's text.
pub(crate) fn read_fixture(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every YAML fixture of `fixtures/<dir>` (of its subdirectories too when
/// `deep`), read as `T`: the one fixture loader of these tests.
pub(crate) fn load_yaml<T: DeserializeOwned>(dir: &str, deep: bool) -> Vec<(PathBuf, T)> {
    fixture_files(dir, Some("yaml"), deep)
        .into_iter()
        .map(|path| {
            let value = serde_yaml::from_str(&read_fixture(&path))
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, value)
        })
        .collect()
}

/// The worked examples or rule cases of `fixtures/<dir>`.
pub(crate) fn load(dir: &str) -> Vec<(PathBuf, Case)> {
    load_yaml(dir, true)
}

impl Case {
    fn letters(&self) -> LetterCase {
        match self.letters.as_deref() {
            None | Some("south-upper") => LetterCase::SouthUpper,
            Some("north-upper") => LetterCase::NorthUpper,
            Some(other) => panic!("{}: unknown letters `{other}`", self.id),
        }
    }

    fn house(&self, name: &str) -> House {
        House::parse_with_case(name, self.rules, self.letters())
            .unwrap_or_else(|e| panic!("{}: {e}", self.id))
    }

    fn names(&self, houses: impl Iterator<Item = House>) -> Vec<String> {
        houses
            .map(|h| h.name_with_case(self.rules, self.letters()).to_string())
            .collect()
    }

    fn position(&self, board: &Board) -> Position {
        Position::new(
            self.rules,
            &board.south,
            &board.north,
            board.stores.unwrap_or_default(),
            board.to_move.unwrap_or(Side::South),
        )
        .unwrap_or_else(|e| panic!("{}: {e}", self.id))
    }

    /// The rule ids this case shows at work: applied by the move, forbidding
    /// a house, ending the game, or (in `not_applied`) held back.
    pub(crate) fn evidence(&self) -> Vec<RuleId> {
        let mut rules = Vec::new();
        rules.extend(self.rules_applied.iter().flatten());
        rules.extend(self.not_applied.iter().flatten());
        if let Some(Illegal::Rules(map)) = &self.illegal {
            rules.extend(map.values());
        }
        if let Some(Some(end)) = &self.game_over {
            rules.push(end.rule);
            // `songo.end.remaining` shows in the score: board seeds credited.
            let stores = self
                .after
                .as_ref()
                .unwrap_or(&self.before)
                .stores
                .unwrap_or_default();
            if end.score != stores {
                rules.push(RuleId::SongoEndRemaining);
            }
        }
        rules
    }

    /// Checks the case against the engine; panics with the case id on a
    /// difference.
    pub(crate) fn check(&self) {
        let id = &self.id;
        let before = self.position(&self.before);
        let legal_moves = before.legal_moves();
        self.check_moves_listed(&before, &legal_moves);
        let mut game = Game::new(before);
        if let Some(name) = &self.played {
            let house = self.house(name);
            assert!(legal_moves.contains(house), "{id}: {name} must be legal");
            let outcome = game.play(house).unwrap_or_else(|e| panic!("{id}: {e}"));
            self.check_outcome(&before, &outcome, game.position());
        }
        for name in self.moves.iter().flatten() {
            game.play(self.house(name))
                .unwrap_or_else(|e| panic!("{id}: {name}: {e}"));
        }
        self.check_final(&before, game.position());
        self.check_game_over(&game);
    }

    /// The legal moves, whether one is forced, and the moves refused.
    fn check_moves_listed(&self, before: &Position, legal_moves: &MoveList) {
        let id = &self.id;
        if let Some(legal) = &self.legal {
            assert_eq!(&self.names(legal_moves.iter()), legal, "{id}: legal moves");
        }
        if let Some(forced) = self.forced {
            assert_eq!(legal_moves.is_forced(), forced, "{id}: forced move");
        }
        match &self.illegal {
            None => {}
            Some(Illegal::Houses(houses)) => {
                for name in houses {
                    let house = self.house(name);
                    assert!(before.check(house).is_err(), "{id}: {name} must be illegal");
                    assert!(!legal_moves.contains(house), "{id}: {name} listed as legal");
                }
            }
            Some(Illegal::Rules(expected)) => self.check_refusals(before, expected),
        }
    }

    /// Each move refused, by the rule expected, in `check` and in the
    /// moves report.
    fn check_refusals(&self, before: &Position, expected: &BTreeMap<String, RuleId>) {
        let id = &self.id;
        let listed: BTreeMap<String, RuleId> = before
            .illegal_moves()
            .map(|(house, rule)| (self.names(std::iter::once(house)).remove(0), rule))
            .collect();
        assert_eq!(&listed, expected, "{id}: illegal moves and their rules");
        for (name, rule) in expected {
            let error = before
                .check(self.house(name))
                .expect_err(&format!("{id}: {name} must be illegal"));
            // Once the game is over (no legal move left), playing
            // anything is refused by the end rule.
            let refusing = before.game_over().map_or(*rule, |over| over.rule);
            assert_eq!(error.rule(), refusing, "{id}: rule refusing {name}");
        }
        // The moves report names the same rules, each explained by
        // its own sentence (not by the end of the game).
        let report = report::moves(before);
        for entry in &report.illegal {
            let name = self.names(std::iter::once(entry.played)).remove(0);
            let message = Refusal::explanation(&entry.refusal, Conventions::default());
            assert_eq!(
                expected.get(&name),
                Some(&entry.rule),
                "{id}: moves report for {name}"
            );
            assert!(
                !message.contains("game is over"),
                "{id}: {name} explained by the end of the game: {message}"
            );
        }
    }

    /// What the move played sowed, captured and conceded, and the rules it
    /// applied.
    fn check_outcome(&self, before: &Position, outcome: &MoveOutcome, after: &Position) {
        let id = &self.id;
        if let Some(sown) = &self.sown {
            assert_eq!(
                outcome.sown.row(Side::North).as_slice(),
                sown.north,
                "{id}: sown north"
            );
            assert_eq!(
                outcome.sown.row(Side::South).as_slice(),
                sown.south,
                "{id}: sown south"
            );
        }
        if let Some(captured) = self.captured {
            assert_eq!(outcome.captured, captured, "{id}: captured");
        }
        if let Some(houses) = &self.captured_houses {
            assert_eq!(
                &self.names(outcome.captured_houses.iter()),
                houses,
                "{id}: captured houses"
            );
        }
        assert_eq!(
            outcome.conceded,
            self.conceded.unwrap_or(0),
            "{id}: conceded"
        );
        let mover = before.to_move();
        let mut stores = before.stores();
        stores[mover] += outcome.captured;
        stores[mover.opposite()] += outcome.conceded;
        assert_eq!(after.stores(), stores, "{id}: stores move by the captures");
        assert_eq!(after.to_move(), mover.opposite(), "{id}: side to move");
        if let Some(applied) = &self.rules_applied {
            let mut expected = RuleIds::EMPTY;
            applied.iter().for_each(|&rule| expected.insert(rule));
            assert_eq!(
                outcome.applied.iter().collect::<Vec<_>>(),
                expected.iter().collect::<Vec<_>>(),
                "{id}: rules applied"
            );
        }
        for rule in self.not_applied.iter().flatten() {
            assert!(!outcome.applied.contains(*rule), "{id}: {rule} applied");
        }
    }

    /// The board after the moves, and the seeds conserved.
    fn check_final(&self, before: &Position, after: &Position) {
        let id = &self.id;
        if let Some(expected) = &self.after {
            assert_eq!(
                after.row(Side::North).as_slice(),
                expected.north,
                "{id}: final north"
            );
            assert_eq!(
                after.row(Side::South).as_slice(),
                expected.south,
                "{id}: final south"
            );
            if let Some(stores) = expected.stores {
                assert_eq!(after.stores(), stores, "{id}: final stores");
            }
            if let Some(side) = expected.to_move {
                assert_eq!(after.to_move(), side, "{id}: final side to move");
            }
        }
        assert_eq!(after.seeds(), before.seeds(), "{id}: seeds conserved");
    }

    /// Whether, how and why the game ended.
    fn check_game_over(&self, game: &Game<Position>) {
        let id = &self.id;
        if let Some(expected) = &self.game_over {
            let actual = game.game_over().map(
                |GameOver {
                     rule,
                     score,
                     winner,
                 }| End {
                    rule,
                    score,
                    winner,
                },
            );
            assert_eq!(&actual, expected, "{id}: game over");
            if actual.is_some() {
                assert!(game.turn().is_err(), "{id}: no move after the end");
            }
        }
    }
}

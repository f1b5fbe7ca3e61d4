//! Tables the tests share, each built once per test run.

use std::sync::{Arc, OnceLock};

use crate::Ruleset;

use super::tables::{BuildOptions, Tables, build_level};

fn build(rules: Ruleset, seeds: std::ops::RangeInclusive<u32>, total: u32) -> Arc<Tables> {
    let mut tables = Tables::new(rules);
    let options = BuildOptions {
        threads: 2,
        total: Some(total),
        part: None,
    };
    for seeds in seeds {
        if let Some(level) = build_level(rules, seeds, &tables, &options).expect("a table") {
            tables.insert(level).expect("the same ruleset");
        }
    }
    Arc::new(tables)
}

/// Awalé, 1 to 4 seeds on the board.
pub(crate) fn awale_tables() -> &'static Arc<Tables> {
    static TABLES: OnceLock<Arc<Tables>> = OnceLock::new();
    TABLES.get_or_init(|| build(Ruleset::Awale, 1..=4, 48))
}

/// Oware abapa, 1 to 4 seeds on the board, for games of 30 seeds (stores
/// near `abapa.end`).
pub(crate) fn abapa_tables() -> &'static Arc<Tables> {
    static TABLES: OnceLock<Arc<Tables>> = OnceLock::new();
    TABLES.get_or_init(|| build(Ruleset::OwareAbapa, 1..=4, 30))
}

/// Songo, 10 seeds on the board (fewer end the game), for games of 12
/// seeds: one slice, no store near 40.
pub(crate) fn songo_tables() -> &'static Arc<Tables> {
    static TABLES: OnceLock<Arc<Tables>> = OnceLock::new();
    TABLES.get_or_init(|| build(Ruleset::Songo, 10..=10, 12))
}

//! Endgame tables: the exact value of every position with few seeds on the
//! board, built by retrograde analysis ([`build_level`]) and read back from
//! disk ([`Tables`]).
//!
//! A table holds the positions of one seed count on the board, seen from
//! the side to move (the two camps play alike, so one side to move is
//! enough). Each entry is the position's **net value**, what the side to
//! move can still win from the board under the convention for endless
//! games ([`CONVENTION`]), in one signed byte. Entries are ordered by the
//! rank of the board (stars and bars, read with the combinatorial number
//! system): no index is stored, and every rank is a
//! possible board. Where a store-based end can intervene (`songo.end.forty`,
//! `abapa.end`) the table holds one such array per [`Slice`].
//!
//! # File format (version 1)
//!
//! One file per ruleset and seed count, named `RULES-NN.table`
//! (`songo-14.table`); every number little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `SONGOTBL` |
//! | 4 | format version (1) |
//! | 1 + n | ruleset id, its length first |
//! | 1 + n | convention id ([`CONVENTION`]), its length first |
//! | 1 | houses per camp |
//! | 4 | seeds on the board |
//! | 4 | seeds of the games the slices were chosen for (70 or 48) |
//! | 4 | number of slices |
//! | 2 each | the slices: mover's distance, opponent's distance |
//! | 8 | entries per slice (the number of boards) |
//! | 8 | checksum of the entries |
//! | 1 each | the entries, slice after slice, each in rank order |
//!
//! Files are read whole into memory when first needed: mapping them would
//! need `unsafe` code, which the project forbids, and a table worth using
//! fits in memory anyway (see `docs/analysis.md`).

mod build;
mod slice;
mod unmove;

use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub use build::{BuildOptions, Part, build_level, merge_parts};
pub use slice::Slice;

use crate::{Position, Ruleset};

use super::board::{relative_board, relative_stores};
use super::index::Ranking;
use super::value::CONVENTION;
use slice::slice_of;

/// The version of the table file format this library reads and writes.
pub const FORMAT_VERSION: u32 = 1;

const MAGIC: &[u8; 8] = b"SONGOTBL";

/// The most seeds on the board a table may hold: values must fit a signed
/// byte, and no machine holds the positions of more anyway.
pub const MAX_TABLE_SEEDS: u32 = 100;

/// The most slices a file may declare (a Songo table of `n` seeds has `n + 10`).
const MAX_SLICES: u32 = 1024;

/// A table can't be read, written or built.
#[derive(Debug)]
pub enum TableError {
    /// The file system refused.
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: io::Error,
    },
    /// The file is not a table this library can use.
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        problem: String,
    },
    /// Building needs the table of fewer seeds that a capture leads to.
    Missing {
        /// The ruleset.
        rules: Ruleset,
        /// The seed count of the missing table.
        seeds: u32,
    },
    /// The request is out of what tables can do.
    Unsupported(String),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Io { path, error } => {
                write!(f, "cannot use {}: {error}", path.display())
            }
            TableError::Invalid { path, problem } => {
                write!(f, "{}: not a usable table: {problem}", path.display())
            }
            TableError::Missing { rules, seeds } => write!(
                f,
                "the {rules} table of {seeds} seeds is needed first: build the tables in order of seeds"
            ),
            TableError::Unsupported(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for TableError {}

/// The name of the file of a ruleset's table of `seeds` seeds.
#[must_use]
pub fn file_name(rules: Ruleset, seeds: u32) -> String {
    format!("{rules}-{seeds:02}.table")
}

/// The name of the file of one part of a table built in parts
/// (`RULES-NN.part-K-of-M.table`, `K` counted from 1).
#[must_use]
pub fn part_file_name(rules: Ruleset, seeds: u32, part: Part) -> String {
    format!(
        "{rules}-{seeds:02}.part-{}-of-{}.table",
        part.index + 1,
        part.count
    )
}

/// The table of one seed count, in memory.
#[derive(Debug, Clone)]
pub struct Level {
    rules: Ruleset,
    seeds: u32,
    total: u32,
    slices: Vec<Slice>,
    ranking: Ranking,
    /// Signed net values, stored as bytes.
    values: Vec<u8>,
}

/// What a file's header says.
#[derive(Debug, Clone)]
struct Header {
    rules: Ruleset,
    seeds: u32,
    total: u32,
    slices: Vec<Slice>,
    entries: u64,
    checksum: u64,
}

impl Level {
    fn new(rules: Ruleset, seeds: u32, total: u32, slices: Vec<Slice>, values: Vec<u8>) -> Level {
        let ranking = Ranking::new(2 * rules.houses_per_side(), seeds as usize);
        Level {
            rules,
            seeds,
            total,
            slices,
            ranking,
            values,
        }
    }

    /// The ruleset.
    #[must_use]
    pub fn rules(&self) -> Ruleset {
        self.rules
    }

    /// Seeds on the board of every position of the table.
    #[must_use]
    pub fn seeds(&self) -> u32 {
        self.seeds
    }

    /// The seeds of the games whose store splits the slices cover.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.total
    }

    /// The slices (distances of the stores to a store-based end).
    #[must_use]
    pub fn slices(&self) -> &[Slice] {
        &self.slices
    }

    /// Boards per slice.
    #[must_use]
    pub fn boards(&self) -> u64 {
        self.ranking.len()
    }

    /// Entries in all (one byte each).
    #[must_use]
    pub fn entries(&self) -> u64 {
        self.values.len() as u64
    }

    /// The net value of a position: what its side to move can still win
    /// from the board, his final score difference less the stores'
    /// difference now. `None` when the position is not in the table.
    #[must_use]
    pub fn probe(&self, position: &Position) -> Option<i32> {
        if position.rules() != self.rules || position.seeds_on_board() != self.seeds {
            return None;
        }
        let slice = slice_of(self.rules, self.seeds, relative_stores(position))?;
        let index = self.slices.binary_search(&slice).ok()?;
        let board = relative_board(position);
        let rank = self
            .ranking
            .rank(&board[..2 * self.rules.houses_per_side()]);
        let entry = index as u64 * self.ranking.len() + rank;
        Some(i32::from(self.values[usize::try_from(entry).ok()?] as i8))
    }

    /// Writes the table to `path`.
    ///
    /// # Errors
    /// The file can't be written.
    pub fn save(&self, path: &Path) -> Result<(), TableError> {
        let io_error = |error| TableError::Io {
            path: path.to_owned(),
            error,
        };
        let file = File::create(path).map_err(io_error)?;
        let mut out = BufWriter::new(file);
        self.write_to(&mut out).map_err(io_error)?;
        out.flush().map_err(io_error)
    }

    fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(MAGIC)?;
        out.write_all(&FORMAT_VERSION.to_le_bytes())?;
        for text in [self.rules.id(), CONVENTION] {
            out.write_all(&[text.len() as u8])?;
            out.write_all(text.as_bytes())?;
        }
        out.write_all(&[self.rules.houses_per_side() as u8])?;
        out.write_all(&self.seeds.to_le_bytes())?;
        out.write_all(&self.total.to_le_bytes())?;
        out.write_all(&(self.slices.len() as u32).to_le_bytes())?;
        for slice in &self.slices {
            out.write_all(&[slice.mover, slice.opponent])?;
        }
        out.write_all(&self.ranking.len().to_le_bytes())?;
        out.write_all(&checksum(&self.values).to_le_bytes())?;
        out.write_all(&self.values)
    }

    /// Reads a table written by [`Level::save`].
    ///
    /// # Errors
    /// The file can't be read, or is not a table of this format.
    pub fn load(path: &Path) -> Result<Level, TableError> {
        let file = File::open(path).map_err(|error| TableError::Io {
            path: path.to_owned(),
            error,
        })?;
        let length = file.metadata().map(|m| m.len()).unwrap_or(u64::MAX);
        let mut reader = BufReader::new(file);
        let (header, header_length) = read_header(&mut reader, path)?;
        let expected = header.slices.len() as u64 * header.entries;
        if length != header_length + expected {
            return Err(invalid(
                path,
                format!(
                    "the header announces {expected} entries but the file holds {}",
                    length.saturating_sub(header_length)
                ),
            ));
        }
        let size = usize::try_from(expected)
            .map_err(|_| invalid(path, "too large for this machine".to_owned()))?;
        let mut values = vec![0; size];
        reader
            .read_exact(&mut values)
            .map_err(|error| TableError::Io {
                path: path.to_owned(),
                error,
            })?;
        if checksum(&values) != header.checksum {
            return Err(invalid(
                path,
                "the entries do not match their checksum (a damaged or partial file)".to_owned(),
            ));
        }
        Ok(Level::new(
            header.rules,
            header.seeds,
            header.total,
            header.slices,
            values,
        ))
    }
}

fn invalid(path: &Path, problem: String) -> TableError {
    TableError::Invalid {
        path: path.to_owned(),
        problem,
    }
}

/// Reads and checks a header; returns it and its length in bytes.
fn read_header(reader: &mut impl Read, path: &Path) -> Result<(Header, u64), TableError> {
    let truncated = |_| invalid(path, "the header is cut short".to_owned());
    let mut length = 0u64;
    let mut take = |count: usize| -> Result<Vec<u8>, TableError> {
        let mut bytes = vec![0; count];
        reader.read_exact(&mut bytes).map_err(truncated)?;
        length += count as u64;
        Ok(bytes)
    };
    if take(MAGIC.len())? != MAGIC {
        return Err(invalid(path, "it does not start with SONGOTBL".to_owned()));
    }
    let u32_at = |bytes: Vec<u8>| u32::from_le_bytes(bytes.try_into().unwrap_or([0; 4]));
    let u64_at = |bytes: Vec<u8>| u64::from_le_bytes(bytes.try_into().unwrap_or([0; 8]));
    let version = u32_at(take(4)?);
    if version != FORMAT_VERSION {
        return Err(invalid(
            path,
            format!("format version {version}, this program reads version {FORMAT_VERSION}"),
        ));
    }
    let mut text = || -> Result<String, TableError> {
        let len = take(1)?[0];
        String::from_utf8(take(usize::from(len))?)
            .map_err(|_| invalid(path, "a name in the header is not UTF-8".to_owned()))
    };
    let rules_id = text()?;
    let convention = text()?;
    let rules: Ruleset = rules_id
        .parse()
        .map_err(|_| invalid(path, format!("unknown ruleset `{rules_id}`")))?;
    if !rules.is_sowing() {
        return Err(invalid(path, format!("{rules} has no tables")));
    }
    if convention != CONVENTION {
        return Err(invalid(
            path,
            format!("built under the convention `{convention}`, this program uses `{CONVENTION}`"),
        ));
    }
    let width = take(1)?[0];
    let seeds = u32_at(take(4)?);
    let total = u32_at(take(4)?);
    let count = u32_at(take(4)?);
    if usize::from(width) != rules.houses_per_side()
        || seeds > MAX_TABLE_SEEDS
        || count > MAX_SLICES
    {
        return Err(invalid(
            path,
            format!("{width} houses a camp, {seeds} seeds, {count} slices: not a {rules} table"),
        ));
    }
    let mut slices = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let pair = take(2)?;
        slices.push(Slice {
            mover: pair[0],
            opponent: pair[1],
        });
    }
    if !slices.windows(2).all(|pair| pair[0] < pair[1]) {
        return Err(invalid(path, "the slices are not in order".to_owned()));
    }
    let entries = u64_at(take(8)?);
    if entries != Ranking::new(2 * rules.houses_per_side(), seeds as usize).len() {
        return Err(invalid(
            path,
            format!("{entries} boards a slice, not the number of boards of {seeds} seeds"),
        ));
    }
    let checksum = u64_at(take(8)?);
    Ok((
        Header {
            rules,
            seeds,
            total,
            slices,
            entries,
            checksum,
        },
        length,
    ))
}

/// A checksum of the entries, eight bytes at a time (fast enough to check
/// a gigabyte in well under a second).
fn checksum(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        hash = (hash ^ word)
            .wrapping_mul(0x0000_0100_0000_01b3)
            .rotate_left(23);
    }
    for &byte in chunks.remainder() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash ^ bytes.len() as u64
}

/// One seed count of a [`Tables`]: its file, read when first needed.
#[derive(Debug)]
struct Slot {
    path: Option<PathBuf>,
    seeds: u32,
    slices: usize,
    entries: u64,
    level: OnceLock<Result<Level, String>>,
}

/// The tables of one ruleset, some seed counts of them: read from a
/// directory (each file when a position first needs it) or built in memory.
#[derive(Debug)]
pub struct Tables {
    rules: Ruleset,
    /// By seed count.
    slots: Vec<Option<Slot>>,
}

/// What [`Tables::summary`] says of one seed count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelSummary {
    /// Seeds on the board.
    pub seeds: u32,
    /// Slices (store distances) held.
    pub slices: usize,
    /// Entries in all, one byte each.
    pub entries: u64,
    /// The file, for tables read from disk.
    pub path: Option<PathBuf>,
}

impl Tables {
    /// No table yet, for `rules`.
    #[must_use]
    pub fn new(rules: Ruleset) -> Tables {
        Tables {
            rules,
            slots: Vec::new(),
        }
    }

    /// The tables of `rules` in `dir` (files named by [`file_name`]). Only
    /// their headers are read now, and checked.
    ///
    /// # Errors
    /// The directory can't be read, or a table file in it is not usable.
    pub fn open(dir: &Path, rules: Ruleset) -> Result<Tables, TableError> {
        let io_error = |error| TableError::Io {
            path: dir.to_owned(),
            error,
        };
        let mut tables = Tables::new(rules);
        let prefix = format!("{rules}-");
        for entry in std::fs::read_dir(dir).map_err(io_error)? {
            let path = entry.map_err(io_error)?.path();
            let Some(name) = path.file_name().and_then(|name| name.to_str()) else {
                continue;
            };
            let Some(seeds) = name
                .strip_prefix(&prefix)
                .and_then(|rest| rest.strip_suffix(".table"))
                .and_then(|number| number.parse::<u32>().ok())
            else {
                continue;
            };
            let file = File::open(&path).map_err(|error| TableError::Io {
                path: path.clone(),
                error,
            })?;
            let (header, _) = read_header(&mut BufReader::new(file), &path)?;
            if header.rules != rules || header.seeds != seeds {
                return Err(invalid(
                    &path,
                    format!(
                        "it holds the {} table of {} seeds, not what its name says",
                        header.rules, header.seeds
                    ),
                ));
            }
            tables.put(Slot {
                path: Some(path),
                seeds,
                slices: header.slices.len(),
                entries: header.entries * header.slices.len() as u64,
                level: OnceLock::new(),
            });
        }
        Ok(tables)
    }

    fn put(&mut self, slot: Slot) {
        let index = slot.seeds as usize;
        if self.slots.len() <= index {
            self.slots.resize_with(index + 1, || None);
        }
        self.slots[index] = Some(slot);
    }

    /// Adds a table built in memory (replacing any of the same seed count).
    ///
    /// # Errors
    /// The table is of another ruleset.
    pub fn insert(&mut self, level: Level) -> Result<(), TableError> {
        if level.rules != self.rules {
            return Err(TableError::Unsupported(format!(
                "a {} table among {} tables",
                level.rules, self.rules
            )));
        }
        let slot = Slot {
            path: None,
            seeds: level.seeds,
            slices: level.slices.len(),
            entries: level.entries(),
            level: OnceLock::from(Ok(level)),
        };
        self.put(slot);
        Ok(())
    }

    /// The ruleset.
    #[must_use]
    pub fn rules(&self) -> Ruleset {
        self.rules
    }

    /// Whether the table of `seeds` seeds is present.
    #[must_use]
    pub fn has(&self, seeds: u32) -> bool {
        self.slot(seeds).is_some()
    }

    /// The seed counts present, with their sizes.
    #[must_use]
    pub fn summary(&self) -> Vec<LevelSummary> {
        self.slots
            .iter()
            .flatten()
            .map(|slot| LevelSummary {
                seeds: slot.seeds,
                slices: slot.slices,
                entries: slot.entries,
                path: slot.path.clone(),
            })
            .collect()
    }

    /// The most seeds on the board of any table present.
    #[must_use]
    pub fn max_seeds(&self) -> Option<u32> {
        self.slots.iter().flatten().map(|slot| slot.seeds).max()
    }

    fn slot(&self, seeds: u32) -> Option<&Slot> {
        self.slots.get(seeds as usize)?.as_ref()
    }

    fn level(&self, seeds: u32) -> Option<&Level> {
        let slot = self.slot(seeds)?;
        slot.level
            .get_or_init(|| match &slot.path {
                Some(path) => Level::load(path).map_err(|e| e.to_string()),
                None => Err("no file".to_owned()),
            })
            .as_ref()
            .ok()
    }

    /// Reads every table present into memory now (a search then never waits
    /// for the disk).
    ///
    /// # Errors
    /// A file can't be read or is damaged.
    pub fn load_all(&self) -> Result<(), TableError> {
        for slot in self.slots.iter().flatten() {
            if self.level(slot.seeds).is_none() {
                let path = slot.path.clone().unwrap_or_default();
                let problem = match slot.level.get() {
                    Some(Err(message)) => message.clone(),
                    _ => "cannot be read".to_owned(),
                };
                return Err(TableError::Invalid { path, problem });
            }
        }
        Ok(())
    }

    /// The net value of a position (what its side to move can still win
    /// from the board: his final score difference less the stores'
    /// difference now), when a table holds it.
    #[must_use]
    pub fn probe(&self, position: &Position) -> Option<i32> {
        if position.rules() != self.rules {
            return None;
        }
        self.level(position.seeds_on_board())?.probe(position)
    }
}

/// Said to a person in the catalogue's words; what a file is found to
/// hold wrong (`Invalid`'s problem) and a request tables cannot serve
/// (`Unsupported`) keep the table code's own English words.
impl From<TableError> for crate::i18n::Message {
    fn from(error: TableError) -> crate::i18n::Message {
        use crate::i18n::Message;
        match error {
            TableError::Io { path, error } => crate::msg!(
                "tables-error-io",
                name = path.display().to_string(),
                error = error.to_string()
            ),
            TableError::Invalid { path, problem } => crate::msg!(
                "tables-error-invalid",
                name = path.display().to_string(),
                problem = problem
            ),
            TableError::Missing { rules, seeds } => crate::msg!(
                "tables-error-missing",
                rules = rules.to_string(),
                seeds = seeds
            ),
            TableError::Unsupported(message) => Message::verbatim(message),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::oracle::{Oracle, first_repetition};
    use super::slice::representative;
    use super::*;
    use crate::{Score, Side};

    /// Every board of `seeds` seeds in `houses` houses.
    fn boards(houses: usize, seeds: u32) -> Vec<Vec<u32>> {
        if houses == 1 {
            return vec![vec![seeds]];
        }
        (0..=seeds)
            .flat_map(|first| {
                boards(houses - 1, seeds - first)
                    .into_iter()
                    .map(move |mut rest| {
                        rest.insert(0, first);
                        rest
                    })
            })
            .collect()
    }

    fn built(rules: Ruleset, up_to: u32, total: u32) -> Tables {
        let mut tables = Tables::new(rules);
        let options = BuildOptions {
            threads: 2,
            total: Some(total),
            part: None,
        };
        for seeds in 1..=up_to {
            if let Some(level) = build_level(rules, seeds, &tables, &options).unwrap() {
                tables.insert(level).unwrap();
            }
        }
        tables
    }

    /// Every position of `seeds` seeds, each side to move, with the stores
    /// of each slice of the table: the table and the plain minimax agree.
    fn check_every_position(rules: Ruleset, tables: &Tables, seeds: u32, total: u32) -> usize {
        let width = rules.houses_per_side();
        let mut oracle = Oracle::default();
        let mut checked = 0;
        let slices = super::slice::family(rules, seeds, total);
        for slice in slices {
            let (mover, opponent) = representative(rules, seeds, slice).unwrap();
            for board in boards(2 * width, seeds) {
                for (to_move, stores) in [
                    (Side::South, Score::new(mover, opponent)),
                    (Side::North, Score::new(opponent, mover)),
                ] {
                    let position =
                        Position::new(rules, &board[..width], &board[width..], stores, to_move)
                            .unwrap();
                    if position.turn().is_err() {
                        continue;
                    }
                    assert_eq!(
                        tables.probe(&position),
                        Some(oracle.net(&position)),
                        "{position:?}"
                    );
                    checked += 1;
                }
            }
        }
        checked
    }

    #[test]
    fn awale_tables_agree_with_the_plain_minimax() {
        let tables = built(Ruleset::Awale, 4, 48);
        let checked: usize = (1..=4)
            .map(|seeds| check_every_position(Ruleset::Awale, &tables, seeds, 48))
            .sum();
        assert!(checked > 3000, "{checked}");
    }

    #[test]
    fn abapa_tables_agree_with_the_plain_minimax_store_ends_included() {
        // Games of 30 seeds: stores such as 24-3 and 21-6 are near `abapa.end`.
        let tables = built(Ruleset::OwareAbapa, 3, 30);
        let checked: usize = (1..=3)
            .map(|seeds| check_every_position(Ruleset::OwareAbapa, &tables, seeds, 30))
            .sum();
        assert!(checked > 2000, "{checked}");
    }

    #[test]
    fn a_table_is_the_same_on_any_number_of_threads() {
        // The threads share the sweep of each value in whatever order they
        // reach the boards: the values must not depend on it (Awalé 8:
        // 75 582 boards in one slice, 19 runs; abapa 5: several pairs).
        for (rules, seeds, total) in [(Ruleset::Awale, 8, 48), (Ruleset::OwareAbapa, 5, 30)] {
            let lower = built(rules, seeds - 1, total);
            let values = |threads| {
                let options = BuildOptions {
                    threads,
                    total: Some(total),
                    part: None,
                };
                build_level(rules, seeds, &lower, &options)
                    .unwrap()
                    .unwrap()
                    .values
            };
            let one = values(1);
            assert_eq!(values(3), one, "{rules} {seeds}");
            assert_eq!(values(2), one, "{rules} {seeds}");
        }
    }

    #[test]
    fn the_median_is_the_value_of_the_game_ended_by_repetition() {
        // Awalé with two seeds: a fifth of the boards go round in circles.
        let mut oracle = Oracle::default();
        let mut solved = 0;
        for rules in [Ruleset::Awale, Ruleset::OwareAbapa] {
            for board in boards(12, 2) {
                let position = Position::new(
                    rules,
                    &board[..6],
                    &board[6..],
                    Score::default(),
                    Side::South,
                )
                .unwrap();
                let mut budget = 200_000;
                let value = first_repetition(&position, &mut budget).unwrap();
                assert_eq!(value, oracle.net(&position), "{position:?}");
                solved += 1;
            }
        }
        assert_eq!(solved, 2 * 78);
    }

    #[test]
    fn a_table_is_written_read_back_and_found_by_its_name() {
        let tables = built(Ruleset::OwareAbapa, 2, 48);
        let dir = std::env::temp_dir().join(format!("songo-tables-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for seeds in 1..=2 {
            let level = tables.level(seeds).unwrap();
            level
                .save(&dir.join(file_name(Ruleset::OwareAbapa, seeds)))
                .unwrap();
        }
        let read = Tables::open(&dir, Ruleset::OwareAbapa).unwrap();
        read.load_all().unwrap();
        assert_eq!(read.summary().len(), 2);
        assert!(
            Tables::open(&dir, Ruleset::Awale)
                .unwrap()
                .summary()
                .is_empty()
        );
        let position = Position::new(
            Ruleset::OwareAbapa,
            &[0, 0, 0, 0, 0, 1],
            &[0, 0, 0, 0, 1, 0],
            Score::new(22, 24),
            Side::South,
        )
        .unwrap();
        assert_eq!(read.probe(&position), tables.probe(&position));
        assert!(read.probe(&position).is_some());
        // A damaged file is refused, with its name.
        let path = dir.join(file_name(Ruleset::OwareAbapa, 2));
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let error = Level::load(&path).unwrap_err().to_string();
        assert!(error.contains("checksum"), "{error}");
        bytes.truncate(last);
        std::fs::write(&path, &bytes).unwrap();
        let error = Level::load(&path).unwrap_err().to_string();
        assert!(error.contains("header announces"), "{error}");
        std::fs::write(&path, b"SONGOTBL").unwrap();
        assert!(Tables::open(&dir, Ruleset::OwareAbapa).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn songo_tables_hold_the_minimax_of_their_own_values() {
        // The smallest Songo table (10 seeds: fewer end the game), for games
        // of 12 seeds (one slice: no store can reach 40). Every value is the
        // best of its moves', each read from the table or from the engine's
        // end of the game; and within what the board holds.
        let tables = super::super::testing::songo_tables();
        let level = tables.level(10).unwrap();
        assert_eq!(level.slices().len(), 1);
        let ranking = Ranking::new(14, 10);
        let mut board = [0; 14];
        let mut checked = 0;
        for rank in (0..ranking.len()).step_by(97) {
            ranking.unrank(rank, &mut board);
            let position = super::super::board::from_relative(Ruleset::Songo, &board, (1, 1));
            let Ok(moves) = position.turn() else { continue };
            let value = tables.probe(&position).unwrap();
            assert!(value.abs() <= 10);
            let best = moves
                .iter()
                .map(|house| {
                    let mut child = position;
                    child.play(house).unwrap();
                    let below = match child.turn() {
                        Err(over) => super::super::value::terminal_net(&child, &over),
                        Ok(_) => tables.probe(&child).unwrap(),
                    };
                    super::super::value::gain(&position, &child) - below
                })
                .max()
                .unwrap();
            assert_eq!(value, best, "{position:?}");
            checked += 1;
        }
        assert!(checked > 10_000, "{checked}");
    }
}

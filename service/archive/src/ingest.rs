//! A game made ready for the store, with no database in sight: validated
//! as `songo validate` validates it, its identity hashed, and its main
//! line replayed for the position index.

use std::collections::HashSet;

use serde::Serialize;

use songo_notation::i18n::Localize;
use songo_notation::msg;
use songo_notation::record::FromTags;
use songo_notation::record::{GameText, Tags, names, parse_text};
use songo_notation::validate::{Options, validate_game_observed};
use songo_notation::verdict::{GameResult, Verdict};
use songo_notation::{AnyPosition, Conventions, Game, GamePosition};

use sha2::{Digest, Sha256};

use super::counts::Ending;

/// FNV-1a, 64 bits: a stable hash (the standard library's is seeded per
/// process), fast on the short texts it is given here.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash = Fnv1a::default();
    hash.eat(bytes);
    hash.0
}

/// FNV-1a fed piece by piece: a position's notation is hashed as it is
/// written, never gathered into a string.
struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    fn eat(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 ^= u64::from(*byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

impl std::fmt::Write for Fnv1a {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        self.eat(text.as_bytes());
        Ok(())
    }
}

/// The index key of a position: a hash of what makes it that position,
/// the ruleset, every house, the stores and the side to move (Seega: its
/// canonical compact notation, which holds the board, hands, captures,
/// phase and side to move). A sowing position is hashed from its numbers
/// (each house and store as four bytes, in notation order), not from its
/// notation: formatting the numbers was a third of an import's time.
/// The bits are mixed at the end, so that the low bits the position
/// index takes for its buckets are as random as the others.
#[must_use]
pub fn position_key(position: &AnyPosition) -> i64 {
    let mut hash = Fnv1a::default();
    if let Some(sowing) = position.as_sowing() {
        hash.eat(sowing.rules().id().as_bytes());
        // FNV-1a over whole numbers rather than their bytes: four
        // times fewer rounds, and the finaliser mixes the rest.
        let mut word = |n: u32| {
            hash.0 ^= u64::from(n);
            hash.0 = hash.0.wrapping_mul(0x0100_0000_01b3);
        };
        for side in [songo_notation::Side::North, songo_notation::Side::South] {
            for &count in sowing.row(side).iter() {
                word(count);
            }
        }
        let stores = sowing.stores();
        word(stores.south);
        word(stores.north);
        word(u32::from(sowing.to_move().letter()));
    } else {
        use std::fmt::Write;
        // Seega: its notation. Writing into the hash cannot fail.
        let _ = write!(hash, "{position}");
    }
    // The bits as they are: SQLite's integers are signed.
    mix(hash.0).cast_signed()
}

/// MurmurHash3's finaliser: every bit of the result depends on every bit
/// of the hash.
fn mix(mut hash: u64) -> u64 {
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    hash ^ (hash >> 33)
}

/// Hashes position keys, which are hashes already: as they are.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0 = fnv1a(bytes) ^ self.0.rotate_left(5);
    }

    fn write_i64(&mut self, key: i64) {
        self.0 = key.cast_unsigned();
    }
}

type BuildKeyHasher = std::hash::BuildHasherDefault<KeyHasher>;

/// One position of a game, for the index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Passage {
    pub(crate) key: i64,
    /// Plies played before it.
    pub(crate) ply: i64,
    /// The move played from it, canonically named; `None` at the end.
    /// The import names it only within the plies the explorer's table
    /// counts (empty past them: only that table needs it).
    pub(crate) next: Option<String>,
}

/// A game ready to store.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// The id it is stored under: FNV-1a of its identity text, or (after
    /// a collision) the next of [`Prepared::identities`].
    pub(crate) identity: i64,
    /// SHA-256 of its identity text: two games whose identities meet are
    /// the same game only when their digests are equal.
    pub(crate) digest: [u8; 32],
    pub(crate) rules: String,
    pub(crate) tags: Tags,
    pub(crate) date: Option<String>,
    pub(crate) result: Option<String>,
    pub(crate) score: Option<(i64, i64)>,
    /// Who won by the rules' verdict, when the game is finished.
    pub(crate) verdict: Option<Verdict>,
    pub(crate) plies: i64,
    pub(crate) valid: bool,
    /// The violations as JSON, for an invalid game.
    pub(crate) violations: Option<String>,
    pub(crate) record: String,
    /// Each position once, at its first passage.
    pub(crate) passages: Vec<Passage>,
    /// Where it starts in its file: its index there (from 0) and line.
    pub(crate) index: usize,
    pub(crate) line: usize,
    /// An invalid game's first violation.
    pub(crate) first_violation: Option<FirstViolation>,
}

/// An invalid game's first violation, as an import reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FirstViolation {
    /// The rule broken.
    pub rule: String,
    /// Where, in the file: line and column, from 1.
    pub line: usize,
    /// Column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// An invalid game as an import lists it (stored, marked invalid): where
/// it is, who played it, and the first thing wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InvalidGame {
    /// The file it was read from.
    pub file: String,
    /// Its number in the file, from 1.
    pub game: usize,
    /// The line it starts on.
    pub line: usize,
    /// Its id in the archive.
    pub id: String,
    /// South, as its tags name him.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub south: Option<String>,
    /// North.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub north: Option<String>,
    /// Its first violation.
    pub violation: FirstViolation,
}

impl Prepared {
    /// The game as an import lists it when it is invalid (read from `file`).
    #[must_use]
    pub fn invalid_game(&self, file: &str) -> Option<InvalidGame> {
        let violation = self.first_violation.clone()?;
        Some(InvalidGame {
            file: file.to_owned(),
            game: self.index + 1,
            line: self.line,
            id: self.id(),
            south: self.tags.get(names::SOUTH).map(str::to_owned),
            north: self.tags.get(names::NORTH).map(str::to_owned),
            violation,
        })
    }

    /// Whether the game has no violation.
    #[must_use]
    pub fn valid(&self) -> bool {
        self.valid
    }

    /// The same game under the next id it may be stored under, if any
    /// is left: its identity is FNV-1a of its text, then (each time the
    /// one before is another game's: an FNV-1a collision, which a crafted
    /// text can cause at will) the four 8-byte parts of its SHA-256
    /// digest in turn. Four digest collisions in a row cannot happen.
    pub(crate) fn next_identity(&self) -> Option<Prepared> {
        let parts: [i64; 4] = std::array::from_fn(|k| {
            let mut bytes = [0; 8];
            bytes.copy_from_slice(&self.digest[k * 8..k * 8 + 8]);
            i64::from_be_bytes(bytes)
        });
        let next = match parts.iter().position(|&id| id == self.identity) {
            None => parts[0],
            Some(k) => *parts.get(k + 1)?,
        };
        Some(Prepared {
            identity: next,
            ..self.clone()
        })
    }

    /// For tests: this game as if its text hashed to `other`'s identity
    /// (an FNV-1a collision, which a crafted text can cause).
    #[doc(hidden)]
    #[must_use]
    pub fn colliding_with(self, other: &Prepared) -> Prepared {
        Prepared {
            identity: other.identity,
            ..self
        }
    }

    /// The game's public id (its identity hash, in hexadecimal).
    #[must_use]
    pub fn id(&self) -> String {
        public_id(self.identity)
    }

    /// The game's text, as it will be stored.
    #[must_use]
    pub fn record(&self) -> &str {
        &self.record
    }
}

/// A game's public id from its identity.
pub(crate) fn public_id(identity: i64) -> String {
    format!("{:016x}", identity.cast_unsigned())
}

/// The identity of a public id.
pub(crate) fn identity_of(id: &str) -> Option<i64> {
    // Sixteen hexadecimal digits, no sign (which the parse would take).
    if id.len() != 16 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u64::from_str_radix(id, 16).ok().map(u64::cast_signed)
}

/// Why a text is no game at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotAGame {
    /// Line and column of the first thing that could not be read.
    pub line: usize,
    /// Column, from 1.
    pub column: usize,
    /// The reader's words.
    pub message: String,
    /// Whether the text may be a game, one the archive refuses (more
    /// tags than [`MAX_TAGS_PER_GAME`]), rather than no game at all.
    pub refused: bool,
}

/// The most tags a game of the archive may have: each list and view of a
/// game reads its tags again, and a game of 100,000 tags held a job slot
/// for 30 s each time it was shown. Games have a dozen.
pub const MAX_TAGS_PER_GAME: usize = 1000;

/// What the import keeps of a game's main line as the validator reads
/// and replays it: the text its identity hashes and its passages.
struct MainLine {
    /// The main line's moves as written, with their claims.
    moves: String,
    passages: Vec<Passage>,
    seen: HashSet<i64, BuildKeyHasher>,
    /// The key and move name of the move being played.
    playing: Option<(i64, String)>,
    ply: i64,
}

impl Default for MainLine {
    fn default() -> MainLine {
        MainLine {
            moves: String::with_capacity(512),
            passages: Vec::with_capacity(128),
            // A game's positions, most games: no growing on the way.
            seen: HashSet::with_capacity_and_hasher(256, BuildKeyHasher::default()),
            playing: None,
            ply: 0,
        }
    }
}

impl songo_notation::validate::MainLineObserver for MainLine {
    fn written(&mut self, text: &str, claim: Option<u32>) {
        self.moves.push_str(text);
        if let Some(claim) = claim {
            use std::fmt::Write;
            // Writing into a string cannot fail.
            let _ = write!(self.moves, "+{claim}");
        }
        self.moves.push(' ');
    }

    fn playing(&mut self, before: &AnyPosition, mv: songo_notation::AnyMove) {
        let key = position_key(before);
        // Only the explorer's table needs the move's name.
        let name = if self.seen.contains(&key) || self.ply > super::postings::EXPLORER_PLIES {
            String::new()
        } else {
            before.move_name(mv, Conventions::default()).to_string()
        };
        self.playing = Some((key, name));
    }

    fn played(&mut self) {
        if let Some((key, name)) = self.playing.take()
            && self.seen.insert(key)
        {
            self.passages.push(Passage {
                key,
                ply: self.ply,
                next: Some(name),
            });
        }
        self.ply += 1;
    }
}

/// A game's text that is not text: bytes that are not UTF-8 (read with
/// replacement characters, which would be stored as if written so), or a
/// NUL byte, which no record holds (a picture, an archive, a program).
/// Neither is stored.
fn not_text(game: &GameText<'_>, options: &Options) -> Result<(), NotAGame> {
    use songo_notation::record::TextProblem;
    let refused = |offset: usize, message: String| {
        let local = songo_notation::error::Location::of_offset(&game.text, offset);
        NotAGame {
            line: game.origin.line + local.line - 1,
            column: local.column,
            message,
            refused: true,
        }
    };
    if let Some(TextProblem::NotUtf8 { offset }) = game.problem {
        return Err(refused(
            offset,
            msg!("archive-not-utf8").localize(options.lang),
        ));
    }
    if let Some(offset) = game.text.find('\0') {
        return Err(refused(
            offset,
            msg!("archive-binary").localize(options.lang),
        ));
    }
    Ok(())
}

/// The first game of a record text, prepared ([`prepare`]); `None` when
/// the text holds no game.
#[must_use]
pub fn prepare_first(text: &str, options: &Options) -> Option<Result<Prepared, NotAGame>> {
    let game = songo_notation::record::games(text).next()?;
    Some(prepare(&game, options))
}

/// Validates and prepares one game split from a file: one reading and
/// one replay of the game (the validator's), which show the import its
/// main line. A text with neither a tag nor a move (a file that is no
/// record) is no game.
///
/// # Errors
/// The text holds no game.
pub fn prepare(game: &GameText<'_>, options: &Options) -> Result<Prepared, NotAGame> {
    not_text(game, options)?;
    let mut main = MainLine::default();
    let mut report = validate_game_observed(game, options, Some(&mut main));
    if report.tags.is_empty() && report.plies == 0 {
        // Read again for the reader's own words about it (rare).
        let parsed = parse_text(game);
        let (line, column, message) = parsed.errors.first().map_or_else(
            || (game.origin.line, 1, String::new()),
            |error| {
                (
                    error.span.line,
                    error.span.column,
                    error.error.localize(options.lang),
                )
            },
        );
        return Err(NotAGame {
            line,
            column,
            message,
            refused: false,
        });
    }
    if report.tags.len() > MAX_TAGS_PER_GAME {
        return Err(NotAGame {
            line: game.origin.line,
            column: 1,
            message: msg!(
                "archive-too-many-tags",
                tags = report.tags.len(),
                most = MAX_TAGS_PER_GAME
            )
            .localize(options.lang),
            refused: true,
        });
    }
    let tags = std::mem::take(&mut report.tags);
    let mut identity_text = String::with_capacity(game.text.len());
    for tag in tags.canonical() {
        identity_text.push_str(&tag.name);
        identity_text.push('\u{1f}');
        identity_text.push_str(&tag.value);
        identity_text.push('\u{1e}');
    }
    identity_text.push('\u{1d}');
    identity_text.push_str(&main.moves);
    let mut passages = main.passages;
    if let Some(last) = &report.final_position {
        let key = position_key(last);
        if main.seen.insert(key) {
            passages.push(Passage {
                key,
                ply: main.ply,
                next: None,
            });
        }
    }
    let result = report.result.standing().map(str::to_owned);
    let score = result.as_deref().and_then(parse_score);
    // A forfeit is a game not played: no position of it is explored.
    if report.verdict.is_some_and(|verdict| verdict.forfeit) {
        passages.clear();
    }
    Ok(Prepared {
        identity: fnv1a(identity_text.as_bytes()).cast_signed(),
        digest: Sha256::digest(identity_text.as_bytes()).into(),
        rules: rules_of(&tags, options),
        date: tags.get(names::DATE).and_then(normalise_date),
        result,
        score,
        verdict: report.verdict,
        plies: i64::try_from(report.plies).unwrap_or(i64::MAX),
        valid: report.valid,
        violations: (!report.valid)
            .then(|| serde_json::to_string(&report.violations).unwrap_or_default()),
        record: game.text.trim().to_owned(),
        tags,
        passages,
        index: game.index,
        line: game.origin.line,
        first_violation: report.violations.first().map(|v| FirstViolation {
            rule: v.rule.to_string(),
            line: v.line,
            column: v.column,
            message: v.message.clone(),
        }),
    })
}

fn rules_of(tags: &Tags, options: &Options) -> String {
    songo_notation::record::ruleset_of(tags, options.default_rules)
        .map_or_else(|_| "unknown".to_owned(), |rules| rules.id().to_owned())
}

/// `41-29` as (41, 29).
pub(crate) fn parse_score(result: &str) -> Option<(i64, i64)> {
    let (south, north) = result.split_once('-')?;
    Some((south.trim().parse().ok()?, north.trim().parse().ok()?))
}

/// `2024.03.15` as `2024-03-15`; unknown parts (`??`) as `00`; a date
/// with no known year as none.
pub(crate) fn normalise_date(date: &str) -> Option<String> {
    let mut parts = date.trim().split(['.', '-', '/']);
    let year = parts
        .next()
        .filter(|y| y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()))?;
    let mut out = year.to_owned();
    for _ in 0..2 {
        let part = parts.next().unwrap_or("??");
        let part = if part.len() == 2 && part.bytes().all(|b| b.is_ascii_digit()) {
            part
        } else {
            "00"
        };
        out.push('-');
        out.push_str(part);
    }
    Some(out)
}

/// Every position of the main line as far as it replays, each once (at
/// its first passage), with the move played from it.
fn replay<'a>(
    tags: &Tags,
    moves: impl Iterator<Item = &'a str>,
    options: &Options,
) -> Vec<Passage> {
    let Ok(rules) = songo_notation::record::ruleset_of(tags, options.default_rules) else {
        return Vec::new();
    };
    let Ok((start, conventions)) = AnyPosition::from_tags(rules, tags) else {
        return Vec::new();
    };
    let mut game = Game::new(start);
    let mut seen: HashSet<i64, BuildKeyHasher> = HashSet::default();
    let mut passages = Vec::new();
    let mut ply = 0;
    for text in moves {
        let position = game.position().clone();
        let Ok(played) = position.parse_move(text, conventions) else {
            break;
        };
        if game.play(played).is_err() {
            break;
        }
        let key = position_key(&position);
        if seen.insert(key) {
            passages.push(Passage {
                key,
                ply,
                next: Some(
                    position
                        .move_name(played, Conventions::default())
                        .to_string(),
                ),
            });
        }
        ply += 1;
    }
    let key = position_key(game.position());
    if seen.insert(key) {
        passages.push(Passage {
            key,
            ply,
            next: None,
        });
    }
    passages
}

/// The columns a replay of stored games selects, in this order.
pub(crate) const REPLAY_COLUMNS: &str = "id, rules, record, south_score, north_score";

/// A stored game as a replay reads it (a row of [`REPLAY_COLUMNS`]).
pub(crate) struct ReplayRow<'a> {
    pub(crate) id: i64,
    pub(crate) rules: Option<songo_notation::Ruleset>,
    pub(crate) record: &'a str,
    /// How it ended, when its final score is known.
    pub(crate) ending: Option<Ending>,
}

impl<'a> ReplayRow<'a> {
    /// The game of a row, or `None` for a row without an id or a record.
    pub(crate) fn from_row(row: &'a [super::db::Value]) -> Option<ReplayRow<'a>> {
        use super::db::Value;
        let id = row.first().and_then(Value::int)?;
        let record = row.get(2).and_then(Value::text)?;
        let rules = row
            .get(1)
            .and_then(Value::text)
            .and_then(|rules| rules.parse().ok());
        let ending = match (
            row.get(3).and_then(Value::int),
            row.get(4).and_then(Value::int),
        ) {
            (Some(south), Some(north)) => Ending::of(rules, south, north),
            _ => None,
        };
        Some(ReplayRow {
            id,
            rules,
            record,
            ending,
        })
    }
}

/// The passages of a stored record, as its import found them: what the
/// migrations that rebuild the index and the explorer's replays use.
/// `rules` is the ruleset stored with it (for a record that names none).
pub(crate) fn passages_of_record(
    record: &str,
    rules: Option<songo_notation::Ruleset>,
) -> Vec<Passage> {
    let Some(game) = songo_notation::record::games(record).next() else {
        return Vec::new();
    };
    let parsed = parse_text(&game);
    // A forfeit is a game not played: no position of it is explored (as
    // `prepare` leaves them out).
    let claimed = parsed
        .record
        .tags
        .get(names::RESULT)
        .or(parsed.record.result.as_deref());
    if claimed
        .and_then(|result| GameResult::parse(result.trim()))
        .is_some_and(GameResult::is_forfeit)
    {
        return Vec::new();
    }
    let options = Options {
        default_rules: rules,
        ..Options::default()
    };
    replay(
        &parsed.record.tags,
        parsed.record.main_line().map(|mv| mv.text.as_str()),
        &options,
    )
}

/// The position of a stored record after `ply` plies of its main line (the
/// last position its replay reaches when `ply` is `None` or past it).
#[must_use]
pub fn position_at(record: &str, ply: Option<usize>) -> Option<AnyPosition> {
    let game = songo_notation::record::games(record).next()?;
    let parsed = parse_text(&game);
    let rules = songo_notation::record::ruleset_of(&parsed.record.tags, None).ok()?;
    let (start, conventions) = AnyPosition::from_tags(rules, &parsed.record.tags).ok()?;
    let mut game = Game::new(start);
    for mv in parsed.record.main_line().take(ply.unwrap_or(usize::MAX)) {
        let position = game.position().clone();
        let Ok(played) = position.parse_move(&mv.text, conventions) else {
            break;
        };
        if game.play(played).is_err() {
            break;
        }
    }
    Some(game.position().clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The identity as it was computed before the validator showed the
    /// main line: from the record read again.
    fn identity_read_again(game: &GameText<'_>) -> i64 {
        let parsed = parse_text(game);
        let mut text = String::new();
        for tag in parsed.record.tags.canonical() {
            text.push_str(&tag.name);
            text.push('\u{1f}');
            text.push_str(&tag.value);
            text.push('\u{1e}');
        }
        text.push('\u{1d}');
        for mv in parsed.record.main_line() {
            text.push_str(&mv.text);
            if let Some(claim) = mv.claim {
                text.push('+');
                text.push_str(&claim.to_string());
            }
            text.push(' ');
        }
        fnv1a(text.as_bytes()).cast_signed()
    }

    /// Every record of the fixtures (valid, broken, in English and in
    /// French) and generated games: the one reading and replay of the
    /// import finds the identity and the passages a second reading and
    /// replay of the stored record finds (what the migrations and the
    /// explorer's replays use).
    #[test]
    fn one_pass_finds_what_a_replay_of_the_record_finds() {
        let files = crate::fixture_record_files();
        let mut texts: Vec<String> = files
            .iter()
            .filter_map(|file| std::fs::read(file).ok())
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .collect();
        use songo_notation::generate::{GenerateOptions, generate};
        for ruleset in [
            songo_notation::Ruleset::Songo,
            songo_notation::Ruleset::Awale,
            songo_notation::Ruleset::Seega,
        ] {
            let records: Vec<_> = generate(ruleset, 5, 9, GenerateOptions::default()).collect();
            texts.push(songo_notation::record::write_all(&records));
        }
        let mut checked = 0;
        let mut invalid = 0;
        for text in &texts {
            for game in songo_notation::record::games(text) {
                for lang in [
                    songo_notation::i18n::Lang::En,
                    songo_notation::i18n::Lang::Fr,
                ] {
                    let options = Options {
                        lang,
                        ..Options::default()
                    };
                    let Ok(prepared) = prepare(&game, &options) else {
                        continue;
                    };
                    assert_eq!(
                        prepared.identity,
                        identity_read_again(&game),
                        "{}",
                        game.text
                    );
                    let rules = prepared.rules.parse().ok();
                    let mut replayed = passages_of_record(&prepared.record, rules);
                    for passage in &mut replayed {
                        if passage.ply > super::super::postings::EXPLORER_PLIES
                            && passage.next.is_some()
                        {
                            passage.next = Some(String::new());
                        }
                    }
                    assert_eq!(prepared.passages, replayed, "{}", game.text);
                    checked += 1;
                    invalid += usize::from(!prepared.valid);
                }
            }
        }
        assert!(checked > 100 && invalid > 20, "{checked} {invalid}");
    }

    /// Keys are stable (an archive's index holds them: a change needs a
    /// migration that rebuilds it), equal for equal positions however
    /// reached, and differ for the positions of real games.
    #[test]
    fn keys_are_stable_and_tell_positions_apart() {
        let start =
            |rules| position_key(&AnyPosition::from(songo_notation::Position::start(rules)));
        assert_eq!(
            [
                start(songo_notation::Ruleset::Songo),
                start(songo_notation::Ruleset::Awale)
            ],
            [STABLE_SONGO_START, STABLE_AWALE_START]
        );
        use songo_notation::generate::{GenerateOptions, generate};
        let mut keys = std::collections::HashMap::new();
        for ruleset in [
            songo_notation::Ruleset::Songo,
            songo_notation::Ruleset::Awale,
            songo_notation::Ruleset::Seega,
        ] {
            let records: Vec<_> = generate(ruleset, 3, 3, GenerateOptions::default()).collect();
            let record = songo_notation::record::write_all(&records);
            for game in songo_notation::record::games(&record) {
                for ply in 0..40 {
                    let position = position_at(game.text.trim(), Some(ply)).expect("a position");
                    let notation = position.to_string();
                    let key = position_key(&position);
                    // The same notation, the same key; another, another.
                    assert_eq!(
                        *keys.entry(key).or_insert_with(|| notation.clone()),
                        notation
                    );
                }
            }
        }
        assert!(keys.len() > 200, "{}", keys.len());
    }

    const STABLE_SONGO_START: i64 = 8_659_750_416_500_250_218;
    const STABLE_AWALE_START: i64 = 2_393_405_211_201_822_836;
}

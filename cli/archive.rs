//! `songo archive`: keep games in an archive (SQLite or PostgreSQL),
//! search them and rank an event; `songo explore`: the moves played from
//! a position. The store itself is the service's (`songo_archive`).

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use songo_archive::render::{self, Table};
use songo_archive::{
    Archive, ArchiveError, Filters, GameList, InitialRating, InitialRatings, InvalidGame, Location,
    PlayerEntry, Prepared, did_you_mean, position_key, prepare,
};
use songo_notation::i18n::{Lang, Localize, Message};
use songo_notation::msg;
use songo_notation::record::{BatchReader, GameText};
use songo_notation::tiebreak::TieBreak;
use songo_notation::validate::Options;
use songo_notation::{AnyPosition, Conventions, GamePosition, Ruleset, Side};

use crate::sources::{Source, sources};

mod revisions;
mod token;
use crate::{EXIT_INVALID, EXIT_OK, EXIT_USAGE, Failure, input, output};

/// Keep games in an archive, find them again, rank an event; its players and events.
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    Import(ImportArgs),
    Search(Box<SearchArgs>),
    Export(Box<ExportArgs>),
    Standings(StandingsArgs),
    Ratings(RatingsArgs),
    Show(revisions::ShowArgs),
    Edit(revisions::EditArgs),
    Delete(revisions::DeleteArgs),
    Restore(revisions::RestoreArgs),
    History(revisions::HistoryArgs),
    Token(token::Args),
    Players(PlayersArgs),
    Player(PlayerArgs),
    Alias(AliasArgs),
    Unalias(UnaliasArgs),
    Events(EventsArgs),
}

/// Where the archive is.
#[derive(clap::Args)]
pub(crate) struct Where {
    /// The archive: a SQLite file's path or a postgres:// URL [default: $SONGO_ARCHIVE, else $XDG_DATA_HOME/songo/archive.sqlite]
    #[arg(long, value_name = "PATH|URL")]
    archive: Option<String>,
}

impl Where {
    pub(crate) fn open(&self) -> Result<Archive, Failure> {
        let location = Location::resolve(self.archive.as_deref()).map_err(failure)?;
        Archive::open(&location).map_err(failure)
    }

    /// For searches, the explorer and standings: a file this process may
    /// not write is read all the same.
    pub(crate) fn open_for_reading(&self) -> Result<Archive, Failure> {
        let location = Location::resolve(self.archive.as_deref()).map_err(failure)?;
        Archive::open_for_reading(&location).map_err(failure)
    }
}

/// An archive's error for the user (exit 2).
pub(crate) fn failure(error: ArchiveError) -> Failure {
    let mut failure = Failure::input(error.message());
    if let Some(hint) = error.hint() {
        failure = failure.with_hint(hint);
    }
    failure
}

/// Import formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ImportFormat {
    /// A summary for people.
    Text,
    /// The ArchiveImportReport.
    Json,
}

/// Import game records: every game validated as `songo validate` does, kept even when invalid, each once.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive import fixtures/records/valid/
  songo archive import --archive club.sqlite games/*.songo --format json
  songo archive import --archive postgres://songo@localhost/songo games/

A game already in the archive (same tags and moves, or a text a stored game once
had) is counted as a duplicate. A game with the same Event, Round, South and North as
a stored game but another text is a likely correction of it: reported and not stored,
or with --update stored as that game's next revision (`archive history` shows both).
Each batch of games is stored whole or not at all: an interrupted import
leaves no partial game, and running it again completes it.

Exit status: 0 every game valid, 1 an invalid game (stored, marked invalid), 2 an unreadable file or usage error.")]
struct ImportArgs {
    /// Record files, or directories searched for *.songo and *.ogn files.
    #[arg(required = true, value_name = "FILE|DIR")]
    inputs: Vec<String>,
    #[command(flatten)]
    archive: Where,
    /// The ruleset of games whose record names none (default songo).
    #[arg(long)]
    rules: Option<Ruleset>,
    /// Store a likely correction of a stored game (same event, round and players, another text) as that game's next revision.
    #[arg(long)]
    update: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ImportFormat::Text)]
    format: ImportFormat,
}

/// A game that is likely a correction of a stored one.
#[derive(Debug, Serialize)]
struct Correction {
    /// The file it was read from.
    file: String,
    /// The stored game it corrects.
    id: String,
    /// Its revision now, when `--update` stored it.
    #[serde(skip_serializing_if = "Option::is_none")]
    revision: Option<i64>,
}

/// A file that could not be imported, and why.
#[derive(Debug, Serialize)]
struct Unreadable {
    file: String,
    message: String,
}

/// Invalid games an import lists (it counts them all): its memory stays
/// bounded whatever it reads.
const INVALID_GAMES_LISTED: usize = 10_000;

/// The ArchiveImportReport.
#[derive(Debug, Default, Serialize)]
struct ImportReport {
    imported: usize,
    duplicates: usize,
    invalid: usize,
    unreadable: Vec<Unreadable>,
    /// Likely corrections of stored games: not stored, or with --update
    /// stored as their next revision.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    corrections: Vec<Correction>,
    /// The invalid games, the first [`INVALID_GAMES_LISTED`].
    invalid_games: Vec<InvalidGame>,
    /// Invalid games past those listed.
    #[serde(skip_serializing_if = "is_zero")]
    invalid_games_not_listed: usize,
    /// Why the import stopped, when it did (what was imported before stays).
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde passes a reference
fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Games per transaction of an import: a kill loses at most this many
/// (a rerun adds them), and each commit costs a write of the pages touched,
/// so larger transactions import faster once the archive's B-trees outgrow
/// the page cache (at a million games: 6,400 games/s of CPU at 5,000 a
/// transaction, 13,500 at 50,000; docs/performance.md).
const GAMES_PER_TRANSACTION: usize = 50_000;

/// Index entries and explorer passages held for a transaction's commit
/// (some 32 bytes each): a transaction also ends when they pass this, so
/// that long games cannot grow the import's memory beyond some 200 MB.
const ENTRIES_PER_TRANSACTION: usize = 6_000_000;

/// What the open transaction holds, counted once it is committed.
#[derive(Debug, Default)]
struct Pending {
    /// Whether a transaction is open.
    open: bool,
    games: usize,
    imported: usize,
    duplicates: usize,
    invalid: usize,
}

impl Pending {
    fn commit(
        &mut self,
        archive: &mut Archive,
        report: &mut ImportReport,
    ) -> Result<(), ArchiveError> {
        if !self.open {
            return Ok(());
        }
        let done = std::mem::take(self);
        archive.commit()?;
        report.imported += done.imported;
        report.duplicates += done.duplicates;
        report.invalid += done.invalid;
        Ok(())
    }
}

/// The progress line on a terminal: bytes read, games imported.
fn progress(total: u64, lang: Lang) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
    if io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(5));
    }
    if let Ok(style) = ProgressStyle::with_template(&msg!("archive-progress").localize(lang)) {
        bar.set_style(style);
    }
    bar
}

fn import(args: &ImportArgs, lang: Lang) -> Result<u8, Failure> {
    let sources = sources(&args.inputs)?;
    let total = sources.iter().filter_map(|s| s.size()).sum();
    let mut archive = args.archive.open()?;
    // A damaged archive takes no games: they might be lost with it.
    archive.check_sound().map_err(failure)?;
    let mut import = Import {
        archive,
        file: String::new(),
        options: Options {
            keep_going: false,
            default_rules: args.rules,
            lang,
            omit_valid_tags: false,
        },
        report: ImportReport::default(),
        pending: Pending::default(),
        bar: progress(total, lang),
        corrections: Vec::new(),
        by: songo_archive::local_user(),
    };
    // The first error of the archive stops the import; what was committed
    // before stays.
    let mut stopped = sources
        .iter()
        .try_for_each(|source| import.source(source))
        .err();
    if stopped.is_none()
        && let Err(error) = import
            .pending
            .commit(&mut import.archive, &mut import.report)
    {
        stopped = Some(error);
    }
    import.bar.finish_and_clear();
    if stopped.is_none()
        && let Err(error) = import.apply_corrections(args.update)
    {
        stopped = Some(error);
    }
    if stopped.is_none()
        && let Err(error) = import.archive.tidy_after_import(import.report.imported)
    {
        // The games are committed and the old indexes still serve: said,
        // not a failure of the import.
        let text = error.message().localize(lang);
        eprintln!("{}", msg!("cli-warning", text = text).localize(lang));
    }
    let Import {
        archive,
        mut report,
        ..
    } = import;
    report.error = stopped.as_ref().map(|e| e.message().localize(lang));
    let text = match args.format {
        ImportFormat::Json => output::serialize(&report, crate::flags::ReportFormat::Json)?,
        ImportFormat::Text => import_text(&report, archive.location(), lang),
    };
    output::print(&text)?;
    if let Some(error) = stopped {
        return Err(failure(error));
    }
    Ok(if !report.unreadable.is_empty() {
        EXIT_USAGE
    } else if report.invalid > 0 {
        EXIT_INVALID
    } else {
        EXIT_OK
    })
}

/// An import under way: the archive, what it reported so far, what the
/// open transaction holds, the progress line.
struct Import {
    archive: Archive,
    /// The source being read, for the invalid games' list.
    file: String,
    options: Options,
    report: ImportReport,
    pending: Pending,
    bar: ProgressBar,
    /// Likely corrections set aside: the file, the stored game, the text.
    corrections: Vec<(String, String, Prepared)>,
    /// Who imports, as each new game records it: the local user.
    by: String,
}

impl Import {
    /// Imports the games of one source, batch by batch; a file that cannot
    /// be read, or holds no game, is reported and passed. An error of the
    /// archive stops the import.
    fn source(&mut self, source: &Source) -> Result<(), ArchiveError> {
        let name = source.name();
        self.file.clone_from(&name);
        // A file that is not text is passed whole: none of its games is
        // stored (standard input, read once, is judged game by game).
        if let Source::File(path) = source
            && let Some(why) = not_text(path, self.options.lang)
        {
            self.unreadable(name, why);
            return Ok(());
        }
        let reader = match source.open() {
            Ok(reader) => reader,
            Err(error) => {
                self.unreadable(name, error.to_string());
                return Ok(());
            }
        };
        let mut batches = BatchReader::new(reader);
        let found = self.games_seen();
        loop {
            match batches.next_batch() {
                Ok(Some(batch)) => {
                    let games = self.prepare(&name, batch.games());
                    let games = self.set_aside_corrections(&name, games)?;
                    self.store(&games)?;
                    self.show_progress(batch.byte_len());
                }
                Ok(None) => break,
                Err(error) => {
                    self.unreadable(name.clone(), error.to_string());
                    break;
                }
            }
        }
        // An empty file, or one of blank lines: said, not passed over.
        if self.games_seen() == found {
            let message = msg!("archive-no-game-in-file").localize(self.options.lang);
            self.unreadable(name, message);
        }
        Ok(())
    }

    /// Takes out of a batch the games that are likely corrections of
    /// stored games (kept for [`Import::apply_corrections`]).
    fn set_aside_corrections(
        &mut self,
        name: &str,
        mut games: Vec<Prepared>,
    ) -> Result<Vec<Prepared>, ArchiveError> {
        let found = self.archive.likely_corrections(&games)?;
        for (index, stored) in found.into_iter().rev() {
            let game = games.remove(index);
            self.corrections.push((name.to_owned(), stored, game));
        }
        Ok(games)
    }

    /// Reports the likely corrections; with `update`, stores each as its
    /// game's next revision (a change of its own, after the import).
    fn apply_corrections(&mut self, update: bool) -> Result<(), ArchiveError> {
        let by = self.by.clone();
        for (file, id, game) in std::mem::take(&mut self.corrections) {
            let revision = if update {
                let reason = format!("import --update {file}");
                let author = songo_archive::Author {
                    account: None,
                    by: &by,
                    reason: Some(&reason),
                };
                Some(self.archive.update(&id, &game, author)?.revision)
            } else {
                None
            };
            self.report
                .corrections
                .push(Correction { file, id, revision });
        }
        Ok(())
    }

    /// The games and unreadable files counted so far, committed or not.
    fn games_seen(&self) -> usize {
        let report = &self.report;
        report.imported
            + report.duplicates
            + self.pending.games
            + report.unreadable.len()
            + self.corrections.len()
    }

    fn unreadable(&mut self, file: String, message: String) {
        self.report.unreadable.push(Unreadable { file, message });
    }

    /// Adds games to the open transaction (opened if none is), and
    /// commits it once it holds enough.
    fn store(&mut self, games: &[Prepared]) -> Result<(), ArchiveError> {
        // Several reader batches to a transaction: fewer commits, each
        // writing the index's pages once.
        if !self.pending.open {
            self.archive.begin()?;
            self.pending.open = true;
        }
        match self.archive.add_by(games, Some(&self.by)) {
            Ok(outcome) => {
                self.pending.games += games.len();
                self.pending.imported += outcome.imported;
                self.pending.duplicates += outcome.duplicates;
                self.pending.invalid += games.iter().filter(|g| !g.valid()).count();
                self.list_invalid(games);
            }
            Err(error) => {
                self.archive.rollback();
                self.pending = Pending::default();
                return Err(error);
            }
        }
        if self.pending.games >= GAMES_PER_TRANSACTION
            || self.archive.pending_entries() >= ENTRIES_PER_TRANSACTION
        {
            self.pending.commit(&mut self.archive, &mut self.report)?;
        }
        Ok(())
    }

    /// Lists the invalid games of a batch (the first of the import only).
    fn list_invalid(&mut self, games: &[Prepared]) {
        let file = self.file.clone();
        for invalid in games.iter().filter_map(|g| g.invalid_game(&file)) {
            let report = &mut self.report;
            if report.invalid_games.len() < INVALID_GAMES_LISTED {
                report.invalid_games.push(invalid);
            } else {
                report.invalid_games_not_listed += 1;
            }
        }
    }

    /// A batch's games validated and ready to store; those that are not
    /// games are reported where they are.
    fn prepare<'b>(
        &mut self,
        name: &str,
        texts: impl Iterator<Item = GameText<'b>>,
    ) -> Vec<Prepared> {
        let mut games: Vec<Prepared> = Vec::with_capacity(texts.size_hint().0);
        for game in texts {
            match prepare(&game, &self.options) {
                Ok(prepared) => games.push(prepared),
                Err(not) => {
                    let (line, column) = (not.line, not.column);
                    let reason = Message::verbatim(not.message);
                    let message = if not.refused {
                        msg!(
                            "archive-refused-game",
                            line = line,
                            column = column,
                            reason = reason
                        )
                    } else {
                        msg!(
                            "archive-not-a-game",
                            line = line,
                            column = column,
                            reason = reason
                        )
                    }
                    .localize(self.options.lang);
                    self.unreadable(name.to_owned(), message);
                }
            }
        }
        games
    }

    fn show_progress(&self, bytes: usize) {
        self.bar.inc(bytes as u64);
        self.bar.set_message(
            msg!(
                "archive-progress-games",
                imported = self.report.imported + self.pending.imported,
                duplicates = self.report.duplicates + self.pending.duplicates
            )
            .localize(self.options.lang),
        );
    }
}

/// Why a file is not text, if it is not: the first byte that is not
/// UTF-8, or a NUL byte (a picture named `x.songo`), with its line. Read
/// before any of its games is stored; `None` too when it cannot be read
/// (the import then says why).
fn not_text(path: &std::path::Path, lang: Lang) -> Option<String> {
    use std::io::Read;
    let mut file = std::fs::File::open(path).ok()?;
    let mut buffer = vec![0; 64 * 1024];
    // Bytes of a character cut by the end of a read, kept for the next.
    let mut held = 0;
    let (mut offset, mut line) = (0usize, 1usize);
    loop {
        let read = file.read(&mut buffer[held..]).ok()?;
        let end = held + read;
        let bytes = &buffer[..end];
        let (good, bad) = match std::str::from_utf8(bytes) {
            Ok(_) => (end, None),
            // Cut at the end of the read: kept, unless the file ends there.
            Err(e) if e.error_len().is_none() && read > 0 => (e.valid_up_to(), None),
            Err(e) => (e.valid_up_to(), Some("archive-not-utf8")),
        };
        let nul = bytes[..good].iter().position(|&b| b == 0);
        let (at, key) = match (nul, bad) {
            (Some(at), _) => (at, Some("archive-binary")),
            (None, key) => (good, key),
        };
        if let Some(key) = key {
            line += bytes[..at].iter().filter(|&&b| b == b'\n').count();
            let why = if key == "archive-binary" {
                msg!("archive-binary")
            } else {
                msg!("archive-not-utf8")
            };
            return Some(
                msg!(
                    "archive-not-text",
                    line = line,
                    offset = offset + at,
                    reason = why
                )
                .localize(lang),
            );
        }
        if read == 0 {
            return None;
        }
        line += bytes[..good].iter().filter(|&&b| b == b'\n').count();
        offset += good;
        buffer.copy_within(good..end, 0);
        held = end - good;
    }
}

fn import_text(report: &ImportReport, location: &str, lang: Lang) -> String {
    let mut out = msg!(
        "archive-import-summary",
        imported = report.imported,
        duplicates = report.duplicates,
        invalid = report.invalid,
        location = location
    )
    .localize(lang);
    out.push('\n');
    for correction in &report.corrections {
        let line = match correction.revision {
            Some(revision) => msg!(
                "archive-correction-stored",
                file = correction.file.as_str(),
                id = correction.id.as_str(),
                revision = revision
            ),
            None => msg!(
                "archive-correction-found",
                file = correction.file.as_str(),
                id = correction.id.as_str()
            ),
        };
        out.push_str(&line.localize(lang));
        out.push('\n');
    }
    for file in &report.unreadable {
        out.push_str(
            &msg!(
                "archive-unreadable",
                file = file.file.as_str(),
                reason = Message::verbatim(file.message.clone())
            )
            .localize(lang),
        );
        out.push('\n');
    }
    for game in &report.invalid_games {
        out.push_str(&invalid_game_line(game, lang));
        out.push('\n');
    }
    if report.invalid_games_not_listed > 0 {
        out.push_str(
            &msg!(
                "archive-invalid-not-listed",
                count = report.invalid_games_not_listed
            )
            .localize(lang),
        );
        out.push('\n');
    }
    out
}

/// `invalid: FILE: game N (line L, South – North): L:C RULE: message`.
fn invalid_game_line(game: &InvalidGame, lang: Lang) -> String {
    let violation = &game.violation;
    let players = match (&game.south, &game.north) {
        (None, None) => String::new(),
        (south, north) => format!(
            ", {} – {}",
            south.as_deref().unwrap_or("?"),
            north.as_deref().unwrap_or("?")
        ),
    };
    msg!(
        "archive-invalid-game",
        file = game.file.as_str(),
        game = game.game,
        line = game.line,
        players = Message::verbatim(players),
        at = format!("{}:{}", violation.line, violation.column),
        rule = violation.rule.as_str(),
        reason = Message::verbatim(violation.message.clone())
    )
    .localize(lang)
}

/// Search formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum SearchFormat {
    /// A line per game.
    List,
    /// The GameList.
    Json,
    /// A game per line, as JSON.
    Ndjson,
    /// The games' records, one after the other (a record file).
    Record,
}

/// The filters of a search (also `GET /v1/games`'s query parameters).
#[derive(clap::Args)]
struct FilterArgs {
    /// A player, on either side, under any of his names (case, accents and dots aside); failing an exact name, every player with a name a word of which begins so.
    #[arg(long)]
    player: Option<String>,
    /// The event: its name (case and accents aside) or its id (songo archive events).
    #[arg(long, value_name = "NAME|ID")]
    event: Option<String>,
    /// The site.
    #[arg(long)]
    site: Option<String>,
    /// Games on or after this date (YYYY, YYYY.MM or YYYY.MM.DD).
    #[arg(long, value_name = "DATE", value_parser = filter_date)]
    since: Option<String>,
    /// Games on or before this date.
    #[arg(long, value_name = "DATE", value_parser = filter_date)]
    until: Option<String>,
    /// The round.
    #[arg(long)]
    round: Option<String>,
    /// The ruleset.
    #[arg(long)]
    rules: Option<Ruleset>,
    /// The result as recorded (41-29, +/-, *), or who won by the rules: south, north, draw, forfeit.
    #[arg(long, value_name = "RESULT|south|north|draw|forfeit")]
    result: Option<String>,
    /// Only valid games.
    #[arg(long, conflicts_with = "invalid")]
    valid: bool,
    /// Only invalid games.
    #[arg(long)]
    invalid: bool,
    /// At least this many plies.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = plies)]
    min_plies: Option<i64>,
    /// At most this many plies.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = plies)]
    max_plies: Option<i64>,
    /// Games that passed through this position, whatever the move order (any notation songo reads, a diagram file, or - for stdin).
    #[arg(long, value_name = "POS")]
    position: Option<String>,
}

/// A date of `--since`, `--until`, checked as the archive reads it (exit
/// 2 and what is expected, rather than a search that no date matches).
fn filter_date(text: &str) -> Result<String, String> {
    if songo_archive::is_filter_date(text) {
        Ok(text.to_owned())
    } else {
        Err(msg!("archive-expected-date").localize(Lang::En))
    }
}

/// A count of plies of `--min-plies`, `--max-plies`: 0 or more (a
/// negative one is refused, not read as a flag).
fn plies(text: &str) -> Result<i64, String> {
    text.parse::<u32>()
        .map(i64::from)
        .map_err(|_| msg!("archive-expected-plies").localize(Lang::En))
}

impl FilterArgs {
    /// The filters, and a `--position` that does not say who is to move
    /// (searched with either side), apart.
    fn filters(&self, lang: Lang) -> Result<(Filters, Option<AnyPosition>), Failure> {
        let mut either_side = None;
        let position = match &self.position {
            Some(argument) => {
                let read = input::any_position(argument, self.rules, lang)?;
                if read.to_move_named {
                    Some(position_key(&read.position))
                } else {
                    either_side = Some(read.position);
                    None
                }
            }
            None => None,
        };
        let filters = Filters {
            player: self.player.clone(),
            event: self.event.clone(),
            site: self.site.clone(),
            since: self.since.clone(),
            until: self.until.clone(),
            round: self.round.clone(),
            rules: self.rules.map(|r| r.id().to_owned()),
            result: self.result.clone(),
            valid: if self.valid {
                Some(true)
            } else if self.invalid {
                Some(false)
            } else {
                None
            },
            min_plies: self.min_plies,
            max_plies: self.max_plies,
            position,
        };
        Ok((filters, either_side))
    }
}

/// Find games: by player, event, site, dates, round, ruleset, result, validity, length, or a position they passed through.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive search --player Ada
  songo archive search --event 'Club evening' --since 2024.01 --format json
  songo archive search --position lesson-diagram.txt --format record > games.songo
  songo archive search --player Ada --limit 20 --after g1234

Pages go by a cursor: a page's `next` (JSON) or the --after printed at the end of a list.

Exit status: 0 (even when no game matches), 2 usage or archive error.")]
struct SearchArgs {
    #[command(flatten)]
    archive: Where,
    #[command(flatten)]
    filters: FilterArgs,
    /// The most games in a page (1 to 1000).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u16).range(1..=1000))]
    limit: u16,
    /// Continue after this cursor (a page's `next`).
    #[arg(long, value_name = "CURSOR")]
    after: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SearchFormat::List)]
    format: SearchFormat,
}

fn search(args: &SearchArgs, lang: Lang) -> Result<u8, Failure> {
    let (filters, either_side) = args.filters.filters(lang)?;
    let mut archive = args.archive.open_for_reading()?;
    let (limit, after) = (usize::from(args.limit), args.after.as_deref());
    let list: GameList = match &either_side {
        Some(position) => archive.search_either_side(&filters, position, limit, after),
        None => archive.search(&filters, limit, after),
    }
    .map_err(failure)?;
    // Which side has games: in the list for people, on stderr beside data.
    let sides = list
        .to_move
        .as_ref()
        .map(|sides| render::sides_searched(sides, lang));
    let text = match args.format {
        SearchFormat::Json => output::serialize(&list, crate::flags::ReportFormat::Json)?,
        SearchFormat::Ndjson => list
            .games
            .iter()
            .map(|game| serde_json::to_string(game).unwrap_or_default() + "\n")
            .collect(),
        SearchFormat::Record => {
            let mut stored = Vec::with_capacity(list.games.len());
            for game in &list.games {
                stored.extend(archive.game(&game.id).map_err(failure)?);
            }
            render::record_file(&stored)
        }
        SearchFormat::List => {
            let mut out = String::new();
            if let Some(sides) = &sides {
                out.push_str(sides);
                out.push('\n');
            }
            if list.games.is_empty() {
                out.push_str(&msg!("archive-no-match").localize(lang));
                out.push('\n');
                if let Some(names) = did_you_mean(&list.suggestions, lang) {
                    out.push_str(&names);
                    out.push('\n');
                }
            }
            for game in &list.games {
                out.push_str(&render::game_line(game, lang));
                out.push('\n');
            }
            out
        }
    };
    output::print(&text)?;
    if let Some(sides) = &sides
        && matches!(args.format, SearchFormat::Ndjson | SearchFormat::Record)
    {
        eprintln!("{sides}");
    }
    // The next page's cursor: on stderr where stdout is data.
    if let Some(next) = &list.next
        && matches!(
            args.format,
            SearchFormat::List | SearchFormat::Ndjson | SearchFormat::Record
        )
    {
        eprintln!(
            "{}",
            msg!("archive-next-page", cursor = next.as_str()).localize(lang)
        );
    }
    Ok(EXIT_OK)
}

/// Export formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ExportFormat {
    /// The games' records, a record file that reads back as the same games.
    Record,
    /// A game per line, as JSON, with its record.
    Ndjson,
}

/// Write every game that matches the filters (the search's), however many: a record file, or a game per line as JSON.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive export > everything.songo
  songo archive export --event 'Club evening' --output club.songo
  songo archive export --player Ada --format ndjson | jq -r .id

The games are read a page at a time and written as they come: memory stays
the same whatever the archive's size. The count of games written goes to
standard error.

Exit status: 0 (even when no game matches), 2 usage, archive or output error.")]
struct ExportArgs {
    #[command(flatten)]
    archive: Where,
    #[command(flatten)]
    filters: FilterArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ExportFormat::Record)]
    format: ExportFormat,
    /// Write to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
}

fn export(args: &ExportArgs, lang: Lang) -> Result<u8, Failure> {
    let (filters, either_side) = args.filters.filters(lang)?;
    // An export goes through one position: its side to move is asked for
    // rather than guessed.
    if either_side.is_some() {
        return Err(Failure::input(msg!("archive-export-side-needed")));
    }
    let mut archive = args.archive.open()?;
    let mut export = archive.export(&filters).map_err(failure)?;
    let mut sink: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(io::BufWriter::new(File::create(path).map_err(|e| {
            Failure::input(msg!(
                "cli-cannot-create",
                name = path.display().to_string(),
                error = e.to_string()
            ))
        })?)),
        None => Box::new(io::BufWriter::new(io::stdout().lock())),
    };
    let mut text = String::new();
    let mut written: u64 = 0;
    loop {
        let page = archive.export_page(&mut export).map_err(failure)?;
        if page.is_empty() {
            break;
        }
        text.clear();
        for game in &page {
            match args.format {
                ExportFormat::Record => render::push_record(&mut text, &game.summary, &game.record),
                ExportFormat::Ndjson => {
                    text.push_str(
                        &serde_json::to_string(game).map_err(|e| output::cannot_write(&e))?,
                    );
                    text.push('\n');
                }
            }
        }
        match sink.write_all(text.as_bytes()) {
            Ok(()) => written += page.len() as u64,
            // `songo archive export | head`: the reader has what it wanted.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(EXIT_OK),
            Err(e) => return Err(output::cannot_write(&e)),
        }
    }
    match sink.flush() {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(EXIT_OK),
        Err(e) => return Err(output::cannot_write(&e)),
    }
    eprintln!(
        "{}",
        msg!("archive-exported", count = written).localize(lang)
    );
    Ok(EXIT_OK)
}

/// Crosstable formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum StandingsFormat {
    /// Aligned columns.
    Text,
    /// A Markdown table.
    Markdown,
    /// Comma-separated values.
    Csv,
    /// The Standings as JSON.
    Json,
}

/// An event's crosstable: points (1 a win, ½ a draw), results against each opponent, seeds won and lost.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive standings --event 'Club evening'
  songo archive standings --event 12 --format markdown > standings.md

A game counts when both players are named and its final score is known.
A player's games count under every name he has (songo archive alias).
An event named at several sites is named by its id (songo archive events).
Players level on points are ranked by the seed difference, or by --tiebreaks
(FIDE C.07): direct, wins, sb, buchholz, buchholz-cut1, buchholz-median1,
seed-diff, in the order given (docs/tournaments.md).

Exit status: 0, 2 usage or archive error.")]
struct StandingsArgs {
    #[command(flatten)]
    archive: Where,
    /// The event: its name (its Event tag, case and accents aside) or its id.
    #[arg(long, value_name = "NAME|ID")]
    event: String,
    /// Tie-breaks for players level on points, in order: e.g. direct,wins,sb,buchholz-cut1,seed-diff.
    #[arg(long, value_name = "LIST")]
    tiebreaks: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = StandingsFormat::Text)]
    format: StandingsFormat,
}

fn standings(args: &StandingsArgs, lang: Lang) -> Result<u8, Failure> {
    let order = match &args.tiebreaks {
        Some(list) => {
            TieBreak::parse_list(list).map_err(|e| Failure::input(format!("--tiebreaks: {e}")))?
        }
        None => Vec::new(),
    };
    let mut archive = args.archive.open_for_reading()?;
    let standings = archive.standings_by(&args.event, &order).map_err(failure)?;
    if standings.event_id.is_none() && args.format == StandingsFormat::Text {
        // No such event: no empty crosstable, but what is there.
        let mut text = msg!("archive-no-event-match", name = args.event.as_str()).localize(lang);
        text.push('\n');
        if let Some(names) = did_you_mean(&standings.suggestions, lang) {
            text.push_str(&names);
            text.push('\n');
        }
        return output::print(&text);
    }
    let text = match args.format {
        StandingsFormat::Json => output::serialize(&standings, crate::flags::ReportFormat::Json)?,
        StandingsFormat::Text => render::standings(&standings, Table::Text, lang),
        StandingsFormat::Markdown => render::standings(&standings, Table::Markdown, lang),
        StandingsFormat::Csv => render::standings(&standings, Table::Csv, lang),
    };
    // No such event: the nearest names on stderr (the other forms are
    // data; JSON holds them).
    if let Some(names) = did_you_mean(&standings.suggestions, lang)
        && matches!(
            args.format,
            StandingsFormat::Markdown | StandingsFormat::Csv
        )
    {
        eprintln!("{names}");
    }
    output::print(&text)
}

/// Ratings formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum RatingsFormat {
    /// Aligned columns.
    Text,
    /// A Markdown table.
    Markdown,
    /// Comma-separated values.
    Csv,
    /// The ratings as JSON (the shape --initial reads).
    Json,
}

/// The players' Glicko-2 ratings for a ruleset, a rating period a calendar month of the games' Date.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive ratings --rules songo
  songo archive ratings --rules awale --initial last-season.json --format json > ratings.json

Glicko-2 (Glickman): new players 1500, RD 350, volatility 0.06, tau 0.5. The ruleset's
current games are rated (not a deleted one); forfeits, games without a month in
their Date, unfinished games and games without both players named are left out.
A player's games count under every name he has (songo archive alias).
--initial reads what --format json writes: {\"ratings\": [{\"player\", \"rating\",
\"rd\", \"volatility\"}]}, the ratings before the first month (docs/tournaments.md).

Exit status: 0, 2 usage or archive error.")]
struct RatingsArgs {
    #[command(flatten)]
    archive: Where,
    /// The ruleset whose games are rated.
    #[arg(long)]
    rules: Ruleset,
    /// Players' ratings before the first month: a JSON file as --format json writes (- for stdin).
    #[arg(long, value_name = "FILE.json")]
    initial: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RatingsFormat::Text)]
    format: RatingsFormat,
}

/// The `--initial` file's ratings, checked.
fn initial_ratings(argument: &str) -> Result<Vec<InitialRating>, Failure> {
    if argument != "-" && !std::path::Path::new(argument).is_file() {
        return Err(Failure::input(msg!("cli-no-such-file", name = argument)));
    }
    let (text, name) = input::read_argument(argument)?;
    let initial: InitialRatings = serde_json::from_str(&text).map_err(|e| {
        Failure::input(format!(
            "{name}: not the ratings --format json writes ({e}): {{\"ratings\": [{{\"player\": \"…\", \"rating\": 1500, \"rd\": 350, \"volatility\": 0.06}}]}}"
        ))
    })?;
    if let Some(problem) = initial.problem() {
        return Err(Failure::input(format!("{name}: {problem}")));
    }
    Ok(initial.ratings)
}

fn ratings(args: &RatingsArgs, lang: Lang) -> Result<u8, Failure> {
    let initial = match &args.initial {
        Some(argument) => initial_ratings(argument)?,
        None => Vec::new(),
    };
    let mut archive = args.archive.open_for_reading()?;
    let ratings = archive.ratings(args.rules, &initial).map_err(failure)?;
    let text = match args.format {
        RatingsFormat::Json => output::serialize(&ratings, crate::flags::ReportFormat::Json)?,
        RatingsFormat::Text => render::ratings(&ratings, Table::Text, lang),
        RatingsFormat::Markdown => render::ratings(&ratings, Table::Markdown, lang),
        RatingsFormat::Csv => render::ratings(&ratings, Table::Csv, lang),
    };
    output::print(&text)
}

/// Forms of the lists of players and events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ListFormat {
    /// Aligned columns.
    Text,
    /// JSON.
    Json,
}

/// List the players: id, name, games (under every name), other names, federation id, club.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive players
  songo archive players --format json --limit 1000 --after p120

Players come with the games imported: each South and North name is a player, the
same player for every spelling that differs only in case, accents, blanks or
punctuation (Dora N, Dora N. and dora n are one). songo archive alias joins two.

Exit status: 0, 2 usage or archive error.")]
struct PlayersArgs {
    #[command(flatten)]
    archive: Where,
    #[command(flatten)]
    page: ListPage,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    format: ListFormat,
}

/// A page of a list.
#[derive(clap::Args)]
struct ListPage {
    /// The most in a page (1 to 1000).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u16).range(1..=1000))]
    limit: u16,
    /// Continue after this cursor (a page's `next`).
    #[arg(long, value_name = "CURSOR")]
    after: Option<String>,
}

/// Prints a page of a list, and on stderr the cursor of the next page
/// (in JSON, `next` holds it).
fn print_page(
    text: &str,
    next: Option<&str>,
    format: ListFormat,
    lang: Lang,
) -> Result<u8, Failure> {
    let status = output::print(text)?;
    if let Some(next) = next
        && format == ListFormat::Text
    {
        eprintln!(
            "{}",
            msg!("archive-next-list", cursor = next).localize(lang)
        );
    }
    Ok(status)
}

fn players(args: &PlayersArgs, lang: Lang) -> Result<u8, Failure> {
    let list = args
        .archive
        .open()?
        .players_page(usize::from(args.page.limit), args.page.after.as_deref())
        .map_err(failure)?;
    let text = match args.format {
        ListFormat::Json => output::serialize(&list, crate::flags::ReportFormat::Json)?,
        ListFormat::Text => render::players(&list.players, lang),
    };
    print_page(&text, list.next.as_deref(), args.format, lang)
}

/// Show a player (by id or any of his names), or set his federation id and club.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive player 'Kofi A.'
  songo archive player 12 --federation-id CMR-0451 --club 'Ebolowa Songo Club'
  songo archive player 'Kofi A.' --club ''

An empty value clears it.

Exit status: 0, 2 no such player, usage or archive error.")]
struct PlayerArgs {
    /// The player: his id, or one of his names.
    #[arg(value_name = "ID|NAME")]
    player: String,
    #[command(flatten)]
    archive: Where,
    /// His id at his federation.
    #[arg(long, value_name = "ID")]
    federation_id: Option<String>,
    /// His club.
    #[arg(long)]
    club: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    format: ListFormat,
}

fn player(args: &PlayerArgs, lang: Lang) -> Result<u8, Failure> {
    let mut archive = args.archive.open()?;
    let player = if args.federation_id.is_some() || args.club.is_some() {
        archive.set_player(
            &args.player,
            args.federation_id.as_deref(),
            args.club.as_deref(),
        )
    } else {
        archive.player(&args.player)
    }
    .map_err(failure)?;
    print_player(&player, args.format, None, lang)
}

/// A player as JSON, or as the players' table of one line, after a
/// sentence when there is one.
fn print_player(
    player: &PlayerEntry,
    format: ListFormat,
    said: Option<Message>,
    lang: Lang,
) -> Result<u8, Failure> {
    let text = match format {
        ListFormat::Json => output::serialize(player, crate::flags::ReportFormat::Json)?,
        ListFormat::Text => {
            let mut text = said.map_or_else(String::new, |said| said.localize(lang) + "\n\n");
            text.push_str(&render::players(std::slice::from_ref(player), lang));
            text
        }
    };
    output::print(&text)
}

/// Make NAME another name of CANONICAL's player: the player NAME was, if any, is merged into that one (his games, names, federation id).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive alias 'Kofi A.' 'Kofi Asante'
  songo archive alias 'K. Asante' 12

A name no game bears yet is kept for the games imported later. songo archive
unalias NAME undoes it.

Exit status: 0, 2 no such player, usage or archive error.")]
struct AliasArgs {
    /// The other name.
    name: String,
    /// The player it is a name of: his id, or one of his names.
    #[arg(value_name = "CANONICAL")]
    canonical: String,
    #[command(flatten)]
    archive: Where,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    format: ListFormat,
}

fn alias(args: &AliasArgs, lang: Lang) -> Result<u8, Failure> {
    let player = args
        .archive
        .open()?
        .alias(&args.name, &args.canonical)
        .map_err(failure)?;
    let said = msg!(
        "archive-aliased",
        name = args.name.as_str(),
        player = player.name.as_str(),
        id = player.id,
        games = player.games
    );
    print_player(&player, args.format, Some(said), lang)
}

/// Make NAME, another name of a player, a player of its own again, with the games recorded under that name.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive unalias 'Kofi A.'

Exit status: 0, 2 no such name, a player's own name, usage or archive error.")]
struct UnaliasArgs {
    /// The other name.
    name: String,
    #[command(flatten)]
    archive: Where,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    format: ListFormat,
}

fn unalias(args: &UnaliasArgs, lang: Lang) -> Result<u8, Failure> {
    let player = args.archive.open()?.unalias(&args.name).map_err(failure)?;
    let said = msg!(
        "archive-unaliased",
        name = player.name.as_str(),
        id = player.id,
        games = player.games
    );
    print_player(&player, args.format, Some(said), lang)
}

/// List the events: id, name, site, first and last dates, games.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive events
  songo archive events --name 'club evening' --format json

An event is a name at a site: two clubs' \"Club evening 2025\" at two sites are two
events, each with its id (--event ID in search, standings and explore).

Exit status: 0, 2 usage or archive error.")]
struct EventsArgs {
    #[command(flatten)]
    archive: Where,
    /// Only the events of this name (case and accents aside; failing an exact name, those with a word that begins so).
    #[arg(long)]
    name: Option<String>,
    #[command(flatten)]
    page: ListPage,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    format: ListFormat,
}

fn events(args: &EventsArgs, lang: Lang) -> Result<u8, Failure> {
    let list = args
        .archive
        .open()?
        .events_page(
            usize::from(args.page.limit),
            args.page.after.as_deref(),
            args.name.as_deref(),
        )
        .map_err(failure)?;
    let text = match args.format {
        ListFormat::Json => output::serialize(&list, crate::flags::ReportFormat::Json)?,
        ListFormat::Text => render::events(&list.events, lang),
    };
    print_page(&text, list.next.as_deref(), args.format, lang)
}

pub(crate) fn run(args: &Args, lang: Lang) -> Result<u8, Failure> {
    match &args.command {
        Command::Import(args) => import(args, lang),
        Command::Search(args) => search(args, lang),
        Command::Export(args) => export(args, lang),
        Command::Standings(args) => standings(args, lang),
        Command::Ratings(args) => ratings(args, lang),
        Command::Show(args) => revisions::show(args, lang),
        Command::Edit(args) => revisions::edit(args, lang),
        Command::Delete(args) => revisions::delete(args, lang),
        Command::Restore(args) => revisions::restore(args, lang),
        Command::History(args) => revisions::history(args, lang),
        Command::Token(args) => token::run(args, lang),
        Command::Players(args) => players(args, lang),
        Command::Player(args) => player(args, lang),
        Command::Alias(args) => alias(args, lang),
        Command::Unalias(args) => unalias(args, lang),
        Command::Events(args) => events(args, lang),
    }
}

/// Explorer formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ExploreFormat {
    /// A table for people.
    Text,
    /// The ExplorerReport.
    Json,
}

/// The moves played from a position in the archive's games: for each, the games, how they ended and the average final score; transpositions counted.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo explore --moves
  songo explore --moves S4 N3
  songo explore --position fixtures/positions/yinda.txt --format json
  songo explore --moves S4 --event 'Club evening'

A game counts once at a position even when it passes through it twice.

Exit status: 0, 1 an illegal move in --moves, 2 usage or archive error.")]
pub(crate) struct ExploreArgs {
    #[command(flatten)]
    archive: Where,
    /// The position (any notation songo reads, a diagram file, or - for stdin).
    #[arg(long, value_name = "POS", conflicts_with = "moves")]
    position: Option<String>,
    /// Moves from the start position instead (none: the start itself).
    #[arg(long, num_args = 0.., value_name = "MOVE")]
    moves: Option<Vec<String>>,
    /// The ruleset (for --moves, and a position that does not say).
    #[arg(long)]
    rules: Option<Ruleset>,
    /// Who moves first from the start, for --moves.
    #[arg(long, value_name = "SIDE", default_value = "south")]
    first: Side,
    /// The most recent games listed.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u16).range(0..=100))]
    recent: u16,
    /// Only the games of this event: its name (case and accents aside) or its id (songo archive events).
    #[arg(long, value_name = "NAME|ID")]
    event: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ExploreFormat::Text)]
    format: ExploreFormat,
}

/// The position an explorer starts from: `--position`, else the start
/// and `--moves` played on it; and whether it says who is to move.
fn explored(args: &ExploreArgs, lang: Lang) -> Result<(AnyPosition, bool), Failure> {
    if let Some(argument) = &args.position {
        let read = input::any_position(argument, args.rules, lang)?;
        return Ok((read.position, read.to_move_named));
    }
    let start = AnyPosition::start_of(args.rules.unwrap_or_default(), args.first);
    let moves = args.moves.clone().unwrap_or_default();
    if moves.is_empty() {
        return Ok((start, true));
    }
    match songo_notation::any::play(start, &moves, Conventions::default().in_lang(lang)) {
        Ok(report) => Ok((report.into_final_position(), true)),
        Err(error) if error.is_bad_move() => Err(Failure::input(error.message())),
        Err(error) => Err(Failure::invalid(error.message())),
    }
}

pub(crate) fn explore(args: &ExploreArgs, lang: Lang) -> Result<u8, Failure> {
    let (position, named) = explored(args, lang)?;
    let mut archive = args.archive.open_for_reading()?;
    let recent = usize::from(args.recent);
    // A position that does not say who is to move: explored both ways.
    let explorer = match (&args.event, named) {
        (Some(event), _) => archive.explore_event(&position, event, recent),
        (None, true) => archive.explore(&position, recent),
        (None, false) => archive.explore_either_side(&position, recent),
    }
    .map_err(failure)?;
    let text = match args.format {
        ExploreFormat::Json => output::serialize(&explorer, crate::flags::ReportFormat::Json)?,
        ExploreFormat::Text => render::explorer_text(&explorer, lang),
    };
    output::print(&text)
}

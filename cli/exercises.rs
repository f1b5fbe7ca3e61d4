//! `songo exercises`: exercises mined from games, proven by the engine,
//! written as records, JSON or a handout. Everything is the library's
//! (`songo_notation::exercises`); this module reads the games (files,
//! folders, an archive) and writes the results.

use std::io::Read;
use std::ops::RangeInclusive;
use std::path::PathBuf;

use serde::Serialize;
use songo_archive::{Archive, Filters, Location};
use songo_notation::Ruleset;
use songo_notation::analysis::{Analyser, MAX_DEPTH};
use songo_notation::exercises::render::Solutions;
use songo_notation::exercises::{
    self, DEFAULT_DEPTH, DEFAULT_MARGIN, DEFAULT_PROOF_DEPTH, Exercise, Options, Summary,
};
use songo_notation::i18n::{Lang, Localize, Message};
use songo_notation::msg;
use songo_notation::record::{self, GameRecord};
use songo_notation::teach::TeachId;

use crate::sources::{Source, sources};
use crate::{Failure, output};

/// The most bytes of one file of records.
const MAX_RECORDS: u64 = 64 << 20;
/// The most games read from an archive.
const MAX_ARCHIVE_GAMES: usize = 10_000;

/// What `exercises` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// One game record per exercise: the position set up, the tags Exercise, Motif, Difficulty, Source, the solution as the main line with comments.
    Record,
    /// The exercises and what was looked at, as JSON.
    Json,
    /// A handout (one HTML page, to print): the exercises, then the solutions.
    Handout,
    /// The handout's lesson, Markdown with songo blocks (docs/lessons.md), to edit and then draw with `songo lesson render`.
    Lesson,
}

/// Where a handout puts the solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum SolutionsPlace {
    /// After the exercises, from a new page: the exercises' pages can be handed out alone.
    Separate,
    /// No solutions: a worksheet.
    None,
    /// Each solution right after its exercise.
    Inline,
}

impl SolutionsPlace {
    const fn library(self) -> Solutions {
        match self {
            SolutionsPlace::Separate => Solutions::Separate,
            SolutionsPlace::None => Solutions::None,
            SolutionsPlace::Inline => Solutions::Inline,
        }
    }
}

/// Find exercises in games: positions where the side to move has one move clearly better than all others, proven by the engine.
///
/// Every position of every game (Songo, Awalé, oware; Seega games are
/// skipped: the analysis does not play Seega) is analysed. It is an
/// exercise when its best move beats every other by --margin seeds of
/// score difference, is not the only capture, and illustrates a term of
/// the teaching vocabulary (its motif: teach.grenier, teach.double-threat,
/// teach.yinda, teach.defence, teach.threat). A position found in several
/// games is one exercise. They are chosen by the filters and ordered by
/// difficulty (1 to 5), those right after the opponent's mistake first.
/// docs/exercises.md says how each thing is computed.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo exercises games/ --motif grenier --count 20 --format handout --lang fr > grenier.html
  songo exercises --archive club.sqlite --format json
  songo generate --engine --games 50 | songo exercises - --tables tables/

What was looked at (games, positions, exercises, time) is written on stderr.

Exit status: 0 (even when no exercise is found), 2 usage or unreadable input.")]
pub(crate) struct Args {
    /// Record files or folders of them (*.songo, *.ogn), or - for stdin.
    #[arg(value_name = "FILES")]
    inputs: Vec<String>,
    /// Read the games of an archive too: a SQLite file's path or a postgres:// URL.
    #[arg(long, value_name = "PATH|URL")]
    archive: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Record)]
    format: Format,
    /// Only exercises of this motif: grenier, double-threat, yinda, defence, threat (or teach.grenier …).
    #[arg(long, value_name = "TERM", value_parser = parse_motif)]
    motif: Option<TeachId>,
    /// Only these difficulties: 3, or a range such as 2-4 (1 to 5).
    #[arg(long, value_name = "N|A-B", value_parser = parse_levels)]
    difficulty: Option<RangeInclusive<u8>>,
    /// Only exercises of this ruleset.
    #[arg(long)]
    rules: Option<Ruleset>,
    /// The most exercises written.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    count: u32,
    /// The least lead of the solution over the next best move, in seeds of score difference.
    #[arg(long, default_value_t = DEFAULT_MARGIN, value_parser = clap::value_parser!(i32).range(1..=100))]
    margin: i32,
    /// The depth of the analysis of each position, in plies.
    #[arg(long, default_value_t = DEFAULT_DEPTH, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    depth: u32,
    /// The depth of the proof: each exercise found is analysed again this deep, and kept only if its move is still clearly best.
    #[arg(long, default_value_t = DEFAULT_PROOF_DEPTH, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    proof_depth: u32,
    /// Memory of the transposition table, in MiB.
    #[arg(long, value_name = "MB", default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=16_384))]
    hash: u64,
    /// Where a handout (and its lesson) puts the solutions: on pages of their own after the exercises, none (a worksheet), or each after its exercise.
    #[arg(long, value_enum, default_value_t = SolutionsPlace::Separate)]
    solutions: SolutionsPlace,
    /// A directory of endgame tables (`songo tables build`) for the ruleset of --rules, else songo.
    #[arg(long, value_name = "DIR", env = "SONGO_TABLES")]
    tables: Option<PathBuf>,
}

/// `grenier` or `teach.grenier`.
fn parse_motif(text: &str) -> Result<TeachId, String> {
    let full = if text.starts_with("teach.") {
        text.to_owned()
    } else {
        format!("teach.{text}")
    };
    full.parse::<TeachId>().map_err(|e| e.to_string())
}

/// `3` or `2-4`, within 1..=5.
fn parse_levels(text: &str) -> Result<RangeInclusive<u8>, String> {
    let bound = |part: &str| {
        part.trim()
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=exercises::MAX_DIFFICULTY).contains(n))
            .ok_or_else(|| {
                format!("`{part}` is not a difficulty: write 1 to 5, or a range such as 2-4")
            })
    };
    match text.split_once('-') {
        Some((low, high)) => {
            let (low, high) = (bound(low)?, bound(high)?);
            if low > high {
                return Err(format!(
                    "{low}-{high} is empty: write the lower difficulty first"
                ));
            }
            Ok(low..=high)
        }
        None => bound(text).map(|n| n..=n),
    }
}

/// The JSON output.
#[derive(Serialize)]
struct Report<'a> {
    exercises: &'a [Exercise],
    summary: Summary,
    margin: i32,
    depth: u32,
    proof_depth: u32,
}

pub(crate) fn run(args: &Args, lang: Lang) -> Result<u8, Failure> {
    if args.inputs.is_empty() && args.archive.is_none() {
        return Err(Failure::input(msg!("exercises-no-games")));
    }
    let mut named: Vec<(String, Vec<GameRecord>)> = Vec::new();
    let mut unreadable = 0_usize;
    for source in sources(&args.inputs)? {
        let name = source.name();
        let text = read(&source, &name)?;
        let (games, bad) = parse(&text);
        unreadable += bad;
        named.push((name, games));
    }
    if let Some(archive) = &args.archive {
        named.extend(archive_games(archive, &mut unreadable)?);
    }
    let analyser = analyser(args, lang)?;
    let options = Options {
        margin: args.margin,
        depth: args.depth,
        proof_depth: args.proof_depth.max(args.depth),
        ..Options::default()
    };
    let sources: Vec<exercises::Source<'_>> = named
        .iter()
        .map(|(name, games)| exercises::Source::new(name, games))
        .collect();
    let found = exercises::find(&analyser, &sources, &options);
    let chosen = exercises::select(
        &found.exercises,
        args.motif,
        args.rules,
        args.difficulty
            .clone()
            .unwrap_or(1..=exercises::MAX_DIFFICULTY),
        usize::try_from(args.count).unwrap_or(usize::MAX),
    );
    let summary = found.summary;
    eprintln!(
        "{}",
        msg!(
            "exercises-summary",
            games = summary.games,
            seega = summary.seega_games,
            broken = summary.broken_games,
            unreadable = unreadable,
            positions = summary.positions,
            depth = args.depth,
            checked = summary.exercises + summary.unproven + summary.no_gain,
            proof_depth = args.proof_depth.max(args.depth),
            found = summary.exercises,
            written = chosen.len(),
        )
        .localize(lang)
    );
    let text = match args.format {
        Format::Record => exercises::render::records(&chosen, lang),
        Format::Json => output::serialize(
            &Report {
                exercises: &chosen,
                summary,
                margin: args.margin,
                depth: args.depth,
                proof_depth: args.proof_depth.max(args.depth),
            },
            crate::flags::ReportFormat::Json,
        )?,
        Format::Lesson => {
            exercises::render::lesson_text_with(&chosen, lang, args.solutions.library())
        }
        Format::Handout => {
            let handout = exercises::render::handout_with(&chosen, lang, args.solutions.library())
                .map_err(|e| Failure::input(Message::verbatim(e)))?;
            for problem in &handout.report.problems {
                eprintln!(
                    "{}",
                    msg!(
                        "exercises-handout-check",
                        line = problem.line,
                        problem = problem.message.clone(),
                    )
                    .localize(lang)
                );
            }
            handout.document
        }
    };
    output::print(&text)
}

/// The records of a source, read whole (at most [`MAX_RECORDS`]).
fn read(source: &Source, name: &str) -> Result<String, Failure> {
    let reader = source
        .open()
        .map_err(|e| crate::input::cannot_read(name, &e))?;
    let mut bytes = Vec::new();
    reader
        .take(MAX_RECORDS + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| crate::input::cannot_read(name, &e))?;
    if bytes.len() as u64 > MAX_RECORDS {
        return Err(Failure::input(msg!(
            "exercises-file-too-large",
            name = name,
            mebibytes = MAX_RECORDS >> 20,
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        Failure::input(msg!(
            "cli-not-utf8",
            name = name,
            offset = e.utf8_error().valid_up_to(),
        ))
    })
}

/// The games of a text that read, and how many did not.
fn parse(text: &str) -> (Vec<GameRecord>, usize) {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut bad = 0;
    let games = record::parse_games(text)
        .into_iter()
        .filter_map(|parsed| {
            if parsed.errors.is_empty() {
                Some(parsed.record)
            } else {
                bad += 1;
                None
            }
        })
        .collect();
    (games, bad)
}

/// Every game of an archive (at most [`MAX_ARCHIVE_GAMES`]), each named by
/// its id.
fn archive_games(
    location: &str,
    unreadable: &mut usize,
) -> Result<Vec<(String, Vec<GameRecord>)>, Failure> {
    let failure = |error: songo_archive::ArchiveError| {
        let mut failure = Failure::input(error.message());
        if let Some(hint) = error.hint() {
            failure = failure.with_hint(hint);
        }
        failure
    };
    let location = Location::resolve(Some(location)).map_err(failure)?;
    let mut archive = Archive::open(&location).map_err(failure)?;
    let mut named = Vec::new();
    let mut after: Option<String> = None;
    while named.len() < MAX_ARCHIVE_GAMES {
        let page = archive
            .search(&Filters::default(), 1000, after.as_deref())
            .map_err(failure)?;
        for summary in &page.games {
            if let Some(stored) = archive.game(&summary.id).map_err(failure)? {
                let (games, bad) = parse(&stored.record);
                *unreadable += bad;
                named.push((format!("archive game {}", summary.id), games));
            }
        }
        match page.next {
            Some(next) => after = Some(next),
            None => break,
        }
    }
    named.truncate(MAX_ARCHIVE_GAMES);
    Ok(named)
}

/// The analyser, with the tables of `--tables` for the ruleset of
/// `--rules` (else songo).
fn analyser(args: &Args, lang: Lang) -> Result<Analyser, Failure> {
    crate::analyse::analyser(
        usize::try_from(args.hash << 20).unwrap_or(usize::MAX),
        1,
        args.tables.as_deref(),
        args.rules.unwrap_or(Ruleset::Songo),
        lang,
    )
}

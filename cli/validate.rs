//! `songo validate`: replay every game of record files and report every
//! rule broken.

use std::cell::RefCell;
use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;

use anstream::{AutoStream, ColorChoice};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use songo_notation::Ruleset;
use songo_notation::i18n::{Lang, Localize, Message};
use songo_notation::msg;
use songo_notation::validate::{
    Event, GameReport, Options, Style, Summary, render_game, render_summary, validate_sources,
};

use crate::sources::{Source, sources};
use crate::{EXIT_INVALID, EXIT_OK, EXIT_USAGE, Failure, output, validate_fix};

/// Output formats of `validate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// Diagnostics for people, like a compiler's.
    Text,
    /// The ValidationReport as JSON (docs/records.md).
    Json,
}

/// When to color the text output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Color {
    /// When writing to a terminal (and NO_COLOR is not set).
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Validate game records: replay every game and every variation, and report every rule broken.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  songo validate fixtures/records/valid/songo-full-game.songo\n  songo validate --format json games/ > report.json\n  songo validate --fix --dry-run games/\n  songo generate --games 1000 | songo validate --quiet -\n\nExit status: 0 every game valid (with --fix: once fixed), 1 a game has a violation, 2 usage error or unreadable input."
)]
pub(crate) struct Args {
    /// Record files, directories (searched for *.songo and *.ogn files), or `-` for stdin.
    #[arg(required = true, value_name = "FILE")]
    inputs: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Play a refused move anyway when the board allows it, and go on checking.
    #[arg(long)]
    keep_going: bool,
    /// The ruleset of games whose record names none (default songo).
    #[arg(long)]
    rules: Option<Ruleset>,
    /// Threads to validate with (default: one per core).
    #[arg(long, short)]
    jobs: Option<usize>,
    /// Print only the problems and the summary, not a line per valid game.
    #[arg(long, short)]
    quiet: bool,
    /// Color the text output.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
    /// Apply the fixes the hints name (capture claims, move numbers, the Capitals tag, dashed dates) and write the records back in place (standard input to standard output), with a summary of what changed and what is left.
    #[arg(long, conflicts_with_all = ["format", "keep_going"])]
    fix: bool,
    /// With --fix: write the fixed records to standard output (the summary to standard error), leaving the files as they are.
    #[arg(long, requires = "fix")]
    stdout: bool,
    /// With --fix: say what would change, write nothing.
    #[arg(long, requires = "fix", conflicts_with = "stdout")]
    dry_run: bool,
}

/// Progress on stderr, for large inputs on a terminal.
/// The progress line on standard error (indicatif), for large inputs when
/// standard error is a terminal: the bytes read, the games, the invalid ones.
struct Progress {
    bar: ProgressBar,
    done: u64,
    /// Whether the line may be drawn (a large input, a terminal).
    enabled: bool,
    lang: Lang,
}

impl Progress {
    /// Inputs smaller than this finish before a progress line would help.
    const LARGE: u64 = 16 << 20;

    fn new(total: Option<u64>, lang: Lang) -> Progress {
        let large = total.is_none_or(|t| t >= Progress::LARGE);
        let enabled = large && io::stderr().is_terminal();
        // indicatif fills in the {…} placeholders.
        let (bar, template) = match total {
            Some(total) if total > 0 => (
                ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden()),
                msg!("cli-progress-of-total"),
            ),
            _ => (
                ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
                msg!("cli-progress"),
            ),
        };
        if let Ok(style) = ProgressStyle::with_template(&template.localize(lang)) {
            bar.set_style(style);
        }
        Progress {
            bar,
            done: 0,
            enabled,
            lang,
        }
    }

    fn advance(&mut self, bytes: usize, summary: &Summary) {
        self.done += bytes as u64;
        self.bar.inc(bytes as u64);
        if !self.enabled || self.done < Progress::LARGE {
            return;
        }
        if self.bar.is_hidden() {
            // Shown from the first 16 MiB on, five times a second at most.
            self.bar
                .set_draw_target(ProgressDrawTarget::stderr_with_hz(5));
        }
        let counts = msg!(
            "cli-progress-games",
            games = summary.games,
            invalid = summary.invalid
        );
        self.bar.set_message(counts.localize(self.lang));
    }

    /// Runs `write` with the line cleared (it is drawn again on the next
    /// advance).
    fn suspend<T>(&self, write: impl FnOnce() -> T) -> T {
        self.bar.suspend(write)
    }

    fn clear(&self) {
        self.bar.finish_and_clear();
    }
}

/// Writes to stdout; remembers a closed pipe so that the rest is dropped quietly.
struct Output {
    out: io::BufWriter<AutoStream<io::StdoutLock<'static>>>,
    closed: bool,
    error: Option<io::Error>,
}

impl Output {
    fn write(&mut self, text: &str) -> ControlFlow<()> {
        if self.closed {
            return ControlFlow::Break(());
        }
        match self.out.write_all(text.as_bytes()) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.closed = true;
                if e.kind() != io::ErrorKind::BrokenPipe {
                    self.error = Some(e);
                }
                ControlFlow::Break(())
            }
        }
    }

    fn finish(mut self) -> Result<(), Failure> {
        if !self.closed
            && let Err(e) = self.out.flush()
            && e.kind() != io::ErrorKind::BrokenPipe
        {
            self.error = Some(e);
        }
        match self.error {
            Some(e) => Err(output::cannot_write(&e)),
            None => Ok(()),
        }
    }
}

/// What the validation gathers while the games come.
struct Tally {
    summary: Summary,
    progress: Progress,
    failures: Vec<Message>,
    /// The games each source held (`usize::MAX`: it could not be read).
    games_per_source: Vec<usize>,
}

/// Validates every source, hands each game's report (with its source's
/// index) to `each`, which stops the validation by breaking.
type EachGame<'e> = dyn FnMut(GameReport, usize) -> ControlFlow<()> + 'e;

/// The JSON report, `{"games": [...], "summary": {...}}`, written by
/// serde as the games are validated: the games are never all in memory.
struct JsonReport<'r> {
    validate: RefCell<&'r mut dyn FnMut(&mut EachGame<'_>)>,
    names: &'r [String],
    tally: &'r RefCell<Tally>,
}

impl Serialize for JsonReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut report = serializer.serialize_map(Some(2))?;
        report.serialize_entry("games", &GamesAsValidated(self))?;
        report.serialize_entry("summary", &self.tally.borrow().summary)?;
        report.end()
    }
}

struct GamesAsValidated<'a, 'r>(&'a JsonReport<'r>);

impl Serialize for GamesAsValidated<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut games = serializer.serialize_seq(None)?;
        let mut failed = None;
        (self.0.validate.borrow_mut())(&mut |mut report, source| {
            report.file = Some(self.0.names[source].clone());
            match games.serialize_element(&report) {
                Ok(()) => ControlFlow::Continue(()),
                Err(error) => {
                    failed = Some(error);
                    ControlFlow::Break(())
                }
            }
        });
        match failed {
            Some(error) => Err(error),
            None => games.end(),
        }
    }
}

/// Standard output as serde writes to it: the progress line cleared around
/// each write, a closed pipe an error that stops serde.
struct JsonOutput<'a> {
    output: &'a RefCell<Output>,
    tally: &'a RefCell<Tally>,
}

impl Write for JsonOutput<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let text = String::from_utf8_lossy(bytes);
        let written = self
            .tally
            .borrow()
            .progress
            .suspend(|| self.output.borrow_mut().write(&text));
        match written {
            ControlFlow::Continue(()) => Ok(bytes.len()),
            ControlFlow::Break(()) => Err(io::Error::from(io::ErrorKind::BrokenPipe)),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

pub(crate) fn run(args: &Args, lang: Lang) -> Result<u8, Failure> {
    let sources = sources(&args.inputs)?;
    if args.fix {
        return fix(args, &sources, lang);
    }
    let names: Vec<String> = sources.iter().map(Source::name).collect();
    let total: Option<u64> = sources.iter().map(Source::size).sum();
    let options = Options {
        keep_going: args.keep_going,
        default_rules: args.rules,
        lang,
        // The text of a valid game under --quiet is nothing: its tags are
        // not copied into its report.
        omit_valid_tags: args.quiet && args.format != Format::Json,
    };
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get));
    let (output, choice) = open_output(args.color);
    let output = RefCell::new(output);
    let tally = RefCell::new(Tally {
        summary: Summary::default(),
        progress: Progress::new(total, lang),
        failures: Vec::new(),
        games_per_source: vec![0_usize; sources.len()],
    });
    let mut validate = |each: &mut EachGame<'_>| {
        validate_sources(
            sources.len(),
            |index| sources[index].open(),
            &options,
            jobs,
            |event| count(&tally, &names, event, each),
        );
        tally.borrow().progress.clear();
    };
    if args.format == Format::Json {
        write_json(&mut validate, &names, &tally, &output);
    } else {
        let style = Style {
            color: choice != ColorChoice::Never,
            lang,
        };
        validate(&mut |report, source| {
            let text = render_game(&report, &names[source], style, !args.quiet);
            tally
                .borrow()
                .progress
                .suspend(|| output.borrow_mut().write(&text))
        });
        let summary = &tally.borrow().summary;
        let mut output = output.borrow_mut();
        if !args.quiet && summary.games > 0 {
            let _ = output.write("\n");
        }
        let _ = output.write(&render_summary(summary, sources.len(), style));
    }
    output.into_inner().finish()?;
    Ok(exit_status(&names, tally.into_inner(), lang))
}

/// `validate --fix`: the records fixed where the options say.
fn fix(args: &Args, sources: &[Source], lang: Lang) -> Result<u8, Failure> {
    let options = Options {
        keep_going: false,
        default_rules: args.rules,
        lang,
        omit_valid_tags: false,
    };
    let destination = if args.dry_run {
        validate_fix::Destination::DryRun
    } else if args.stdout {
        validate_fix::Destination::Stdout
    } else {
        validate_fix::Destination::InPlace
    };
    validate_fix::run(sources, &options, destination, lang)
}

/// Standard output, buffered, and whether it keeps colours: anstream
/// decides (a terminal, NO_COLOR, CLICOLOR_FORCE) unless `--color` does.
fn open_output(color: Color) -> (Output, ColorChoice) {
    let stdout = io::stdout().lock();
    let choice = match color {
        Color::Always => ColorChoice::Always,
        Color::Never => ColorChoice::Never,
        Color::Auto => AutoStream::choice(&stdout),
    };
    let output = Output {
        out: io::BufWriter::with_capacity(1 << 16, AutoStream::new(stdout, choice)),
        closed: false,
        error: None,
    };
    (output, choice)
}

/// Counts what the validation reports in the tally and hands each game's
/// report to `each` (which stops the validation by breaking).
fn count(
    tally: &RefCell<Tally>,
    names: &[String],
    event: Event,
    each: &mut EachGame<'_>,
) -> ControlFlow<()> {
    match event {
        Event::Games {
            source,
            reports,
            bytes,
        } => {
            tally.borrow_mut().games_per_source[source] += reports.len();
            for report in reports {
                tally.borrow_mut().summary.add(&report);
                each(report, source)?;
            }
            let Tally {
                progress, summary, ..
            } = &mut *tally.borrow_mut();
            progress.advance(bytes, summary);
        }
        Event::Failed { source, error } => {
            let mut tally = tally.borrow_mut();
            tally.games_per_source[source] = usize::MAX;
            tally.failures.push(msg!(
                "cli-cannot-read",
                name = names[source].as_str(),
                error = Message::verbatim(error.to_string())
            ));
        }
    }
    ControlFlow::Continue(())
}

/// The JSON report, written by serde while `validate` runs.
fn write_json(
    validate: &mut dyn FnMut(&mut EachGame<'_>),
    names: &[String],
    tally: &RefCell<Tally>,
    output: &RefCell<Output>,
) {
    let report = JsonReport {
        validate: RefCell::new(validate),
        names,
        tally,
    };
    let writer = JsonOutput { output, tally };
    let mut serializer = serde_json::Serializer::pretty(writer);
    // A write refused stops serde; the output remembers why.
    if report.serialize(&mut serializer).is_ok() {
        let _ = output.borrow_mut().write("\n");
    }
}

/// Warns of each source that held no game, reports those that could not
/// be read, and gives the exit status.
fn exit_status(names: &[String], tally: Tally, lang: Lang) -> u8 {
    let Tally {
        summary,
        failures,
        games_per_source,
        ..
    } = tally;
    for (name, _) in names
        .iter()
        .zip(&games_per_source)
        .filter(|(_, games)| **games == 0)
    {
        let warning = msg!(
            "cli-warning",
            text = msg!("cli-no-game", name = name.as_str())
        );
        eprintln!("{}", warning.localize(lang));
    }
    let failed = !failures.is_empty();
    for failure in failures {
        eprintln!("{}", msg!("cli-error", text = failure).localize(lang));
    }
    if failed {
        EXIT_USAGE
    } else if summary.invalid > 0 {
        EXIT_INVALID
    } else {
        EXIT_OK
    }
}

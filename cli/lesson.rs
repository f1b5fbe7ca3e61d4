//! `songo lesson check` and `songo lesson render`: a teaching text in, its
//! check or its handout out. Everything is the library's
//! (`songo_notation::lesson`); this module reads the file and writes the
//! results.

use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

use songo_notation::Ruleset;
use songo_notation::error::ParseError;
use songo_notation::i18n::{Lang, Localize, Message};
use songo_notation::lesson::{self, Handout, LessonReport, MAX_LESSON_BYTES, Options};
use songo_notation::msg;

use crate::flags::ReportFormat;
use crate::output;
use crate::{EXIT_INVALID, EXIT_OK, Failure};

/// Check a teaching text, or draw it as a handout.
///
/// A lesson is plain text or Markdown, French or English: a text pasted
/// from the sources with its board diagrams, ```songo blocks written for
/// the tool (a board, moves to play, a record, explain, expect: lines), or
/// a whole game record. docs/lessons.md describes them.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo lesson check fixtures/lessons/escale-a-jeux.fr.txt
  songo lesson check --format json fixtures/lessons/sample.md
  songo lesson render fixtures/lessons/sample.md > handout.html
  songo lesson render --to markdown --out handout/ fixtures/lessons/sample.md
  songo lesson render --lang fr fixtures/records/valid/lessons.songo \\
      > lessons.html

Exit status: 0 the lesson checks, 1 a problem found (a board no move gives, a false claim or expect:), 2 usage or unreadable lesson.")]
pub(crate) struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    Check(CheckArgs),
    Render(RenderArgs),
}

/// The options both commands take.
#[derive(clap::Args)]
struct Common {
    /// The lesson: a file, or - for stdin.
    file: String,
    /// The ruleset of boards and records that do not say theirs.
    #[arg(long)]
    rules: Option<Ruleset>,
    /// The language of the tool's words [default: from LC_ALL, LC_MESSAGES, LANG; else en].
    #[arg(long, value_name = "en|fr")]
    lang: Option<Lang>,
}

impl Common {
    fn options(&self) -> Options {
        Options {
            lang: self.lang.unwrap_or_else(Lang::from_env),
            rules: self.rules,
            teacher_notes: false,
        }
    }
}

/// Whose copy a handout is: the teacher's notes printed or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Notes {
    /// The teacher's copy: the check's notes under the boards they are about.
    Teacher,
    /// The pupils' sheet: no note of the check.
    None,
}

/// Check a lesson: find its boards, the moves that link them, and every claim that does not hold.
///
/// Prints each problem with its line, then a summary; --format json gives
/// the LessonReport (docs/lessons.md).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo lesson check fixtures/lessons/escale-a-jeux.fr.txt
  songo lesson check --format json fixtures/lessons/sample.md

Exit status: 0 no problem, 1 problems found, 2 usage or unreadable lesson.")]
struct CheckArgs {
    #[command(flatten)]
    common: Common,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,
}

/// The forms of a handout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum HandoutForm {
    /// One standalone HTML page, its boards inline, ready to print on A4.
    Html,
    /// Markdown, each board an SVG file beside it (needs --out).
    Markdown,
}

/// Draw a lesson as a handout: its prose, every board drawn, every block replaced by its boards.
///
/// The problems `check` finds are printed on stderr (exit 1); the handout
/// is written all the same.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo lesson render fixtures/lessons/sample.md > handout.html
  songo lesson render --to markdown --out handout/ fixtures/lessons/sample.md

Exit status: 0 written, 1 written but the lesson has problems, 2 usage or unreadable lesson.")]
struct RenderArgs {
    #[command(flatten)]
    common: Common,
    /// The form of the handout.
    #[arg(long, value_enum, default_value_t = HandoutForm::Html)]
    to: HandoutForm,
    /// A directory to write the handout in (the HTML page or the Markdown
    /// file, named after the lesson, and its pictures); HTML goes to stdout without it.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Whose copy: `teacher` prints the check's notes under the boards (a claim the vocabulary disagrees with, a capture the text does not show); `none` is the pupils' sheet.
    #[arg(long, value_enum, default_value_t = Notes::None)]
    notes: Notes,
}

pub(crate) fn run(args: &Args) -> Result<u8, Failure> {
    match &args.command {
        Command::Check(args) => check(args),
        Command::Render(args) => render(args),
    }
}

/// The lesson's bytes, at most one byte past the limit (the library says
/// it is too large).
fn read_bytes(file: &str) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    let limit = MAX_LESSON_BYTES as u64 + 1;
    let result = if file == "-" {
        std::io::stdin().lock().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(file).and_then(|f| f.take(limit).read_to_end(&mut bytes))
    };
    result
        .map_err(|e| Failure::input(msg!("cli-cannot-read", name = file, error = e.to_string())))?;
    Ok(bytes)
}

/// A lesson that cannot be read, said in `lang`: the parse error's own
/// words are the catalogue's (its Display is English).
fn unreadable(file: &str, error: &ParseError, lang: Lang) -> Failure {
    Failure::input(Message::verbatim(format!(
        "{}: {}",
        name_of(file),
        error.localize(lang)
    )))
}

fn name_of(file: &str) -> &str {
    if file == "-" { "<stdin>" } else { file }
}

fn check(args: &CheckArgs) -> Result<u8, Failure> {
    let options = args.common.options();
    let file = &args.common.file;
    let bytes = read_bytes(file)?;
    let text = lesson::text_from_bytes(&bytes, options.lang)
        .map_err(|e| unreadable(file, &e, options.lang))?;
    let report = lesson::check(text, &options).map_err(|e| unreadable(file, &e, options.lang))?;
    let rendered = match args.format {
        ReportFormat::Text => lesson::report_text(
            &report,
            name_of(file),
            options.lang,
            std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        ),
        format => output::serialize(&report, format)?,
    };
    output::print(&rendered)?;
    Ok(status(&report))
}

fn status(report: &LessonReport) -> u8 {
    if report.is_ok() {
        EXIT_OK
    } else {
        EXIT_INVALID
    }
}

fn render(args: &RenderArgs) -> Result<u8, Failure> {
    let options = Options {
        teacher_notes: args.notes == Notes::Teacher,
        ..args.common.options()
    };
    let file = &args.common.file;
    let bytes = read_bytes(file)?;
    let text = lesson::text_from_bytes(&bytes, options.lang)
        .map_err(|e| unreadable(file, &e, options.lang))?;
    let stem = if file == "-" {
        "lesson".to_owned()
    } else {
        Path::new(file)
            .file_stem()
            .and_then(|s| s.to_str())
            .map_or_else(|| "lesson".to_owned(), str::to_owned)
    };
    let handout: Handout = match args.to {
        HandoutForm::Html => lesson::html(text, &options),
        HandoutForm::Markdown => lesson::markdown(text, &options, &stem),
    }
    .map_err(|e| unreadable(file, &e, options.lang))?;
    match (&args.out, args.to) {
        (None, HandoutForm::Html) => {
            output::print(&handout.document)?;
        }
        (None, HandoutForm::Markdown) => {
            return Err(Failure::input(msg!("cli-lesson-markdown-needs-out")));
        }
        (Some(dir), form) => {
            std::fs::create_dir_all(dir).map_err(|e| {
                Failure::input(msg!(
                    "cli-cannot-create",
                    name = dir.display().to_string(),
                    error = e.to_string()
                ))
            })?;
            let extension = if form == HandoutForm::Html {
                "html"
            } else {
                "md"
            };
            let write = |name: &str, content: &str| {
                let path = dir.join(name);
                std::fs::write(&path, content).map_err(|e| {
                    Failure::input(msg!(
                        "cli-cannot-write-file",
                        name = path.display().to_string(),
                        error = e.to_string()
                    ))
                })
            };
            write(&format!("{stem}.{extension}"), &handout.document)?;
            for image in &handout.images {
                write(&image.name, &image.svg)?;
            }
        }
    }
    if !handout.report.is_ok() {
        eprint!(
            "{}",
            lesson::report_text(
                &handout.report,
                name_of(file),
                options.lang,
                std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
            )
        );
    }
    Ok(status(&handout.report))
}

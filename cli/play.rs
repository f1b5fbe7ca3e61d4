//! `songo play`: play moves on a position, show every board.

use songo_notation::report::{self, PlayError, PlayReport};
use songo_notation::{House, LetterCase, Ruleset, diagram, markdown, svg};

use crate::convert::Letters;
use crate::input::AnyRead;
use crate::output::{self, ReportFormat};
use crate::{Failure, input, seega};

/// The forms `play` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum PlayFormat {
    /// The three diagrams of every move, as text (changed houses marked *, captured x).
    Text,
    /// The same as Markdown tables (changed in bold, captured struck out).
    Markdown,
    /// One SVG picture: a row of three boards per move.
    Svg,
    /// The PlayReport as JSON.
    Json,
    /// The PlayReport as YAML.
    Yaml,
}

/// Play moves on a position and show the boards before, after sowing and after captures.
///
/// Every move shows three boards: before it, after sowing (the houses it
/// changed marked, as the escale text draws them in red) and after captures
/// (the captured houses marked), then what it captured and the ids of the
/// rules it applied. An illegal move stops the play: the moves before it are
/// shown, and the error names the rule that forbids it.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo play --position fixtures/positions/capture-ex1.txt S1
  songo play --position 'songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S' S2 N4 --format json
  songo play --position fixtures/positions/capture-ex3.txt S5 --format svg > capture.svg
  songo play --rules awale --position '4-4-4-4-4-4-4-4-4-4-4-4-0-0-S' C --format markdown
  songo play --position fixtures/positions/seega/triple-capture.txt b3-c3

Exit status: 0 every move played, 1 an illegal move (named with its rule), 2 bad input or usage.")]
pub(crate) struct Args {
    /// The position: compact notation, OGN FEN, a diagram, JSON or YAML; a file; or `-` for stdin.
    #[arg(long, short)]
    position: String,
    /// The moves, by house name (Songo S2, N4; Awale C, e); Seega a1,b2 (placement), b3-c3 (step), pass.
    #[arg(required = true)]
    moves: Vec<String>,
    /// The ruleset, when the position does not say it.
    #[arg(long)]
    rules: Option<Ruleset>,
    /// Awale letters of the moves and the boards [default: as the input diagram, else south-upper].
    #[arg(long, value_enum)]
    letters: Option<Letters>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = PlayFormat::Text)]
    format: PlayFormat,
}

pub(crate) fn run(args: &Args) -> Result<u8, Failure> {
    let read = match input::any_position(&args.position, args.rules)? {
        AnyRead::Sowing(read) => read,
        AnyRead::Seega(position) => return seega::play(position, &args.moves, args.format),
    };
    let letters = args.letters.map_or(read.letters, LetterCase::from);
    let rules = read.position.rules();
    // The engine reads moves in the default letter case.
    let moves: Vec<String> = args
        .moves
        .iter()
        .map(
            |name| match House::parse_with_case(name.trim(), rules, letters) {
                Ok(house) => house.name(rules).to_string(),
                Err(_) => name.clone(),
            },
        )
        .collect();
    match report::play(read.position, &moves) {
        Ok(report) => output::print(&render(&report, args.format, letters)?),
        Err(PlayError::BadMove { index, error }) => {
            Err(Failure::input(format!("move {}: {error}", index + 1)))
        }
        Err(PlayError::Illegal {
            index,
            error,
            played,
        }) => {
            // Show what was played before the illegal move, in the forms for people.
            if !played.steps.is_empty()
                && matches!(args.format, PlayFormat::Text | PlayFormat::Markdown)
            {
                output::print(&render(&played, args.format, letters)?)?;
            }
            let name = error.house.name_with_case(error.rules, letters);
            Err(Failure::invalid(format!(
                "move {} ({name}): {}",
                index + 1,
                error.in_case(letters)
            )))
        }
    }
}

fn render(report: &PlayReport, format: PlayFormat, letters: LetterCase) -> Result<String, Failure> {
    match format {
        PlayFormat::Text => Ok(diagram::play(report, letters)),
        PlayFormat::Markdown => Ok(markdown::play(report, letters)),
        PlayFormat::Svg => Ok(svg::play(report, letters)),
        PlayFormat::Json => output::serialize(report, ReportFormat::Json),
        PlayFormat::Yaml => output::serialize(report, ReportFormat::Yaml),
    }
}

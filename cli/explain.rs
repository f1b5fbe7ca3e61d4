//! `songo explain`: what the teaching vocabulary says of a position.

use songo_notation::any::{self, Picture};
use songo_notation::i18n::{Lang, Localize};
use songo_notation::msg;
use songo_notation::render::{Drawing, Marks};
use songo_notation::{LetterCase, Ruleset, Side};

use crate::flags::{ExplainFormat, Letters, ReportFormat, mark_failure};
use crate::output;
use crate::{Failure, input};

/// Explain a position as the teaching texts do: the threats of both sides, double threats, defences (the yinda), greniers, the bidoua; for Seega, the pieces that can be taken and each side's mobility.
///
/// The text gives a reader's sentences, one section a term; Markdown the
/// same with headings; JSON and YAML the ExplainReport (docs/teaching.md);
/// SVG the board with the vocabulary drawn on it: an arrow from each
/// threatening house to the house its last seed falls in, with what it
/// takes; a double threat's arrows in one colour of their own; greniers
/// ringed twice; the seed of a yinda; for Seega, the pieces that can be
/// taken ringed, with the steps that take them.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo explain --position fixtures/positions/threat-simple.txt
  songo explain --position fixtures/positions/yinda.txt --to-move north \\
      --format svg > yinda.svg
  songo explain --position 'songo:0,1,1,0,6,0,0/2,4,0,0,1,5,1' --format json
  songo explain --position fixtures/positions/threat-simple.txt --format svg \\
      --highlight S1 --arrow S1:N2
  songo explain --lang fr --position fixtures/positions/threat-double.txt \\
      --format markdown

Exit status: 0 explained, 2 bad input or usage.")]
pub(crate) struct Args {
    /// The position: compact notation, OGN FEN, a diagram, JSON or YAML; a file; or `-` for stdin.
    #[arg(long, short)]
    position: String,
    /// The side to move, when the position does not say it or says otherwise: north or south.
    #[arg(long, value_name = "SIDE")]
    to_move: Option<Side>,
    /// The ruleset, when the position does not say it.
    #[arg(long)]
    rules: Option<Ruleset>,
    /// Awale letters of the houses [default: as the input diagram, else south-upper].
    #[arg(long, value_enum)]
    letters: Option<Letters>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ExplainFormat::Text)]
    format: ExplainFormat,
    /// Houses (Seega: squares) to ring on the SVG, e.g. S4,N2.
    #[arg(long, value_delimiter = ',', value_name = "HOUSES")]
    highlight: Vec<String>,
    /// Arrows to draw on the SVG, FROM:TO, e.g. S4:N0 (several: S4:N0,S1:N2).
    #[arg(long, value_delimiter = ',', value_name = "FROM:TO")]
    arrow: Vec<String>,
}

pub(crate) fn run(args: &Args, lang: Lang) -> Result<u8, Failure> {
    let read = input::any_position(&args.position, args.rules, lang)?;
    let position = match args.to_move {
        Some(side) => read.position.with_to_move(side).map_err(|e| {
            Failure::input(msg!(
                "cli-bad-to-move",
                side = side.as_str(),
                text = e.localize(lang)
            ))
        })?,
        None => read.position,
    };
    let report = any::explain(&position);
    let options = Picture {
        letters: args.letters.map_or(read.letters, LetterCase::from),
        lang,
        marks: Marks {
            highlight: &args.highlight,
            arrows: &args.arrow,
            ..Marks::default()
        },
        ..Picture::default()
    };
    let drawn = |form| report.draw(form, &options).map_err(mark_failure);
    let rendered = match args.format {
        ExplainFormat::Text => drawn(Drawing::Text)?,
        ExplainFormat::Markdown => drawn(Drawing::Markdown)?,
        ExplainFormat::Svg => drawn(Drawing::Svg)?,
        ExplainFormat::Json => output::serialize(&report, ReportFormat::Json)?,
        ExplainFormat::Yaml => output::serialize(&report, ReportFormat::Yaml)?,
    };
    output::print(&rendered)
}

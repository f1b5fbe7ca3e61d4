//! `songo moves`: the legal moves of a position, and why the others are not.

use std::fmt::Write as _;

use songo_notation::drawing::game_over_line;
use songo_notation::report::{self, IllegalEntry, MovesReport};
use songo_notation::{LetterCase, Ruleset};

use crate::convert::Letters;
use crate::input::AnyRead;
use crate::output::{self, ReportFormat};
use crate::{Failure, input, seega};

/// List the legal moves of a position, and the rule that forbids each other non-empty house.
///
/// Empty houses are not listed. When the game is over, the text says how it
/// ended and JSON has an empty `legal` list and `game_over`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo moves --position 'songo:0,0,0,0,0,0,0/16,0,0,23,1,10,1:0-0:S'
  songo moves --position fixtures/positions/exit-single.txt --format json
  songo convert --to json board.txt | songo moves --position -
  songo moves --position fixtures/positions/seega/after-a-pass.json")]
pub(crate) struct Args {
    /// The position: compact notation, OGN FEN, a diagram, JSON or YAML; a file; or `-` for stdin.
    #[arg(long, short)]
    position: String,
    /// The ruleset, when the position does not say it.
    #[arg(long)]
    rules: Option<Ruleset>,
    /// Awale letters of the moves in the text [default: as the input diagram, else south-upper].
    #[arg(long, value_enum)]
    letters: Option<Letters>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,
}

pub(crate) fn run(args: &Args) -> Result<u8, Failure> {
    let read = match input::any_position(&args.position, args.rules)? {
        AnyRead::Sowing(read) => read,
        AnyRead::Seega(position) => return seega::moves(&position, args.format),
    };
    let letters = args.letters.map_or(read.letters, LetterCase::from);
    let rendered = match args.format {
        // People read the letters they wrote; JSON and YAML keep the canonical case.
        ReportFormat::Text => text(&report::moves_in_case(&read.position, letters)),
        format => output::serialize(&report::moves(&read.position), format)?,
    };
    output::print(&rendered)
}

fn text(report: &MovesReport) -> String {
    let mut out = String::new();
    if let Some(over) = &report.game_over {
        let _ = writeln!(out, "{}", game_over_line(over));
        return out;
    }
    let _ = writeln!(out, "{} to move.", report.to_move.name());
    let _ = writeln!(out, "Legal: {}", report.legal.join(" "));
    write_illegal(&mut out, &report.illegal);
    out
}

/// One line per house that may not be played: the house, why, the rule.
pub(crate) fn write_illegal(out: &mut String, illegal: &[IllegalEntry]) {
    for entry in illegal {
        let _ = writeln!(
            out,
            "Not {}: {} ({})",
            entry.house, entry.message, entry.rule
        );
    }
}

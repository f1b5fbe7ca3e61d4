//! `songo moves`: the legal moves of a position, and why the others are not.

use std::fmt::Write as _;

use songo_notation::Ruleset;
use songo_notation::report::{self, MovesReport};

use crate::output::{self, ReportFormat};
use crate::{Failure, input};

/// List the legal moves of a position, and the rule that forbids each other non-empty house.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  songo moves --position 'songo:0,0,0,0,0,0,0/16,0,0,23,1,10,1:0-0:S'\n  songo moves --position board.json --format json"
)]
pub(crate) struct Args {
    /// The position: compact notation, a diagram, JSON or YAML, a file, or `-` for stdin.
    #[arg(long, short)]
    position: String,
    /// The ruleset, when the position does not say it.
    #[arg(long)]
    rules: Option<Ruleset>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,
}

pub(crate) fn run(args: &Args) -> Result<u8, Failure> {
    let position = input::position(&args.position, args.rules)?.position;
    let report = report::moves(&position);
    let rendered = match args.format {
        ReportFormat::Text => text(&report),
        format => output::serialize(&report, format)?,
    };
    output::print(&rendered)
}

fn text(report: &MovesReport) -> String {
    let mut out = String::new();
    if let Some(over) = &report.game_over {
        let winner = over
            .winner
            .map_or("a draw".to_owned(), |side| format!("{side} wins"));
        let _ = writeln!(out, "Game over ({}): {}, {winner}.", over.rule, over.score);
        return out;
    }
    let _ = writeln!(out, "{} to move.", report.to_move);
    let _ = writeln!(out, "Legal: {}", report.legal.join(" "));
    for entry in &report.illegal {
        let _ = writeln!(
            out,
            "Not {}: {} ({})",
            entry.house, entry.message, entry.rule
        );
    }
    out
}

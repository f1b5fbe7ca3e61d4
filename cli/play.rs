//! `songo play`: play moves on a position, show every board.

use std::fmt::Write as _;

use songo_notation::report::{self, PlayError, PlayReport, PlayStep};
use songo_notation::{Ruleset, diagram};

use crate::output::{self, ReportFormat};
use crate::{Failure, input};

/// Play moves on a position and show the boards before, after sowing and after captures.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  songo play --position fixtures/positions/capture-ex1.txt S1\n  songo play --position 'songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S' S2 N4 --format json\n\nAn illegal move stops the play with exit status 1 and names the rule."
)]
pub(crate) struct Args {
    /// The position: compact notation, a diagram, JSON or YAML, a file, or `-` for stdin.
    #[arg(long, short)]
    position: String,
    /// The moves, by house name (S2, N4; Awale C, e).
    #[arg(required = true)]
    moves: Vec<String>,
    /// The ruleset, when the position does not say it.
    #[arg(long)]
    rules: Option<Ruleset>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,
}

pub(crate) fn run(args: &Args) -> Result<u8, Failure> {
    let position = input::position(&args.position, args.rules)?;
    match report::play(position, &args.moves) {
        Ok(report) => output::print(&render(&report, args.format)?),
        Err(PlayError::BadMove { index, error }) => {
            Err(Failure::input(format!("move {}: {error}", index + 1)))
        }
        Err(error @ PlayError::Illegal { .. }) => {
            let PlayError::Illegal { played, .. } = &error else {
                unreachable!()
            };
            if args.format == ReportFormat::Text {
                output::print(&text(played))?;
            }
            Err(Failure::invalid(error))
        }
    }
}

fn render(report: &PlayReport, format: ReportFormat) -> Result<String, Failure> {
    match format {
        ReportFormat::Text => Ok(text(report)),
        _ => output::serialize(report, format),
    }
}

fn text(report: &PlayReport) -> String {
    let mut out = String::new();
    for (i, step) in report.steps.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_step(&mut out, step);
    }
    if let Some(over) = &report.game_over {
        let winner = over
            .winner
            .map_or("a draw".to_owned(), |side| format!("{side} wins"));
        let _ = writeln!(
            out,
            "\nGame over ({}): {}, {winner}.",
            over.rule, over.score
        );
    }
    out
}

fn write_step(out: &mut String, step: &PlayStep) {
    let mover = step.before.to_move();
    let _ = writeln!(out, "{} plays {}", mover.name(), step.played);
    let _ = writeln!(out, "\nBefore:\n{}", diagram::text(&step.before));
    let sown = step.before;
    let sown = songo_notation::Position::new(
        sown.rules(),
        &step.sown.south,
        &step.sown.north,
        sown.stores(),
        mover,
    )
    .unwrap_or(sown);
    let _ = writeln!(out, "After sowing:\n{}", diagram::text(&sown));
    let _ = writeln!(out, "After captures:\n{}", diagram::text(&step.after));
    let captured = if step.captured_houses.is_empty() {
        format!("{} captured", step.captured)
    } else {
        format!(
            "{} captured from {}",
            step.captured,
            step.captured_houses.join(" ")
        )
    };
    let rules: Vec<&str> = step.rules_applied.iter().map(|r| r.as_str()).collect();
    let _ = writeln!(out, "{captured}; rules: {}", rules.join(", "));
}

//! `convert`, `play` and `moves` for Seega positions: the same commands,
//! squares instead of houses.

use std::fmt::Write as _;

use songo_notation::drawing::game_over_line;
use songo_notation::seega::render::{self, Highlight, SvgOptions};
use songo_notation::seega::report::{self, SeegaMovesReport, SeegaPlayError, SeegaPlayReport};
use songo_notation::seega::{Phase, SeegaMove, SeegaPosition, Square, SquareSet, notation};

use crate::Failure;
use crate::convert::Target;
use crate::output::{self, ReportFormat};
use crate::play::PlayFormat;

/// What `convert` needs to draw a Seega board.
pub(crate) struct Drawing<'a> {
    pub(crate) coordinates: bool,
    pub(crate) changed: &'a [String],
    pub(crate) captured: &'a [String],
    pub(crate) last_move: Option<&'a str>,
}

fn squares(names: &[String], option: &str) -> Result<SquareSet, Failure> {
    names
        .iter()
        .filter(|name| !name.trim().is_empty())
        .map(|name| {
            name.trim()
                .parse::<Square>()
                .map_err(|e| Failure::input(format!("{option}: {e}")))
        })
        .collect()
}

/// `songo convert` of a Seega position.
pub(crate) fn convert(
    position: &SeegaPosition,
    to: Target,
    drawing: &Drawing<'_>,
) -> Result<u8, Failure> {
    let last_move = drawing
        .last_move
        .map(|text| {
            text.parse::<SeegaMove>()
                .map_err(|e| Failure::input(format!("--last-move: {e}")))
        })
        .transpose()?;
    let captured = squares(drawing.captured, "--captured")?;
    let highlight = Highlight {
        last_move,
        changed: squares(drawing.changed, "--changed")?,
        captured,
        // The pieces taken by the last move belong to the side now to move.
        captured_side: (!captured.is_empty()).then(|| position.to_move()),
    };
    let rendered = match to {
        Target::Compact => format!("{position}\n"),
        Target::Text if drawing.coordinates => notation::diagram(position),
        Target::Text => notation::rows(position),
        Target::Markdown => render::markdown(position, &highlight),
        Target::Svg => render::svg(
            position,
            &SvgOptions {
                coordinates: drawing.coordinates,
                highlight,
            },
        ),
        Target::Json => output::serialize(position, ReportFormat::Json)?,
        Target::Yaml => output::serialize(position, ReportFormat::Yaml)?,
        Target::Fen => {
            return Err(Failure::input(
                "an OGN FEN is an awale or oware-abapa position, not seega: choose another --to",
            ));
        }
        Target::Record | Target::Ogn => {
            return Err(Failure::input(
                "--to record and --to ogn are for game records; a position converts to compact, text, markdown, svg, json or yaml",
            ));
        }
    };
    output::print(&rendered)
}

/// `songo play` on a Seega position.
pub(crate) fn play(
    position: SeegaPosition,
    moves: &[String],
    format: PlayFormat,
) -> Result<u8, Failure> {
    match report::play(position, moves) {
        Ok(report) => output::print(&render_play(&report, format)?),
        Err(SeegaPlayError::BadMove { index, error }) => {
            Err(Failure::input(format!("move {}: {error}", index + 1)))
        }
        Err(error @ SeegaPlayError::Illegal { .. }) => {
            // Show what was played before the illegal move, in the forms for people.
            if let SeegaPlayError::Illegal { played, .. } = &error
                && !played.steps.is_empty()
                && matches!(format, PlayFormat::Text | PlayFormat::Markdown)
            {
                output::print(&render_play(played, format)?)?;
            }
            Err(Failure::invalid(error))
        }
    }
}

fn render_play(report: &SeegaPlayReport, format: PlayFormat) -> Result<String, Failure> {
    match format {
        PlayFormat::Text => Ok(render::play_text(report)),
        PlayFormat::Markdown => Ok(render::play_markdown(report)),
        PlayFormat::Svg => Ok(render::play_svg(report)),
        PlayFormat::Json => output::serialize(report, ReportFormat::Json),
        PlayFormat::Yaml => output::serialize(report, ReportFormat::Yaml),
    }
}

/// `songo moves` on a Seega position.
pub(crate) fn moves(position: &SeegaPosition, format: ReportFormat) -> Result<u8, Failure> {
    let report = report::moves(position);
    let rendered = match format {
        ReportFormat::Text => moves_text(position, &report),
        format => output::serialize(&report, format)?,
    };
    output::print(&rendered)
}

fn moves_text(position: &SeegaPosition, report: &SeegaMovesReport) -> String {
    let mut out = String::new();
    if let Some(over) = &report.game_over {
        let _ = writeln!(out, "{}", game_over_line(over));
        return out;
    }
    let mover = report.to_move.name();
    let _ = write!(out, "{mover} to move, {} phase", report.phase);
    if position.passed() {
        let _ = write!(
            out,
            "; {} has just passed",
            report.to_move.opposite().name()
        );
    }
    let _ = writeln!(out, ".");
    match report.phase {
        Phase::Placement => {
            let squares = position.legal_moves().placement_squares();
            let _ = writeln!(
                out,
                "Legal: any two of these {} squares ({} placements): {squares}",
                squares.len(),
                report.legal.len()
            );
        }
        Phase::Movement => {
            let _ = writeln!(out, "Legal: {}", report.legal.join(" "));
        }
    }
    crate::moves::write_illegal(&mut out, &report.illegal);
    out
}

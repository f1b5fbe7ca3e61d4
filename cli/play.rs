//! `songo play`: play moves on a position, show every board.

use songo_notation::any::{self, AnyPlayReport, Picture};
use songo_notation::i18n::Lang;
use songo_notation::msg;
use songo_notation::render::Marks;
use songo_notation::{Conventions, LetterCase, Ruleset, Side};

use crate::flags::{Layout, Letters, PlayFormat, ReportFormat, mark_failure};
use crate::output;
use crate::{Failure, input};

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
  songo play --position 'songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S' S2 N4 \\
      --format json
  songo play --position fixtures/positions/capture-ex3.txt S5 --format svg \\
      > capture.svg
  songo play --position fixtures/positions/grenier-s4.txt S4 --format svg \\
      --layout vertical > a4.svg
  songo play --rules awale --position '4-4-4-4-4-4-4-4-4-4-4-4-0-0-S' C \\
      --format markdown
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
    /// Who is to move: south or north (a diagram of the texts does not say it; this replaces what the position says).
    #[arg(long, value_name = "SIDE")]
    to_move: Option<Side>,
    /// Awale letters of the moves and the boards [default: as the input diagram, else south-upper].
    #[arg(long, value_enum)]
    letters: Option<Letters>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = PlayFormat::Text)]
    format: PlayFormat,
    /// SVG: each move's boards side by side, or one under the other (prints large on a page in portrait).
    #[arg(long, value_enum, default_value_t = Layout::Horizontal)]
    layout: Layout,
    /// Houses (Seega: squares) to ring on every SVG board, e.g. S4,N2.
    #[arg(long, value_delimiter = ',', value_name = "HOUSES")]
    highlight: Vec<String>,
    /// Arrows to draw on every SVG board, FROM:TO, e.g. S4:N0 (several: S4:N0,S1:N2).
    #[arg(long, value_delimiter = ',', value_name = "FROM:TO")]
    arrow: Vec<String>,
}

pub(crate) fn run(args: &Args, lang: Lang) -> Result<u8, Failure> {
    let read = input::any_position(&args.position, args.rules, lang)?;
    let read = input::to_move(read, args.to_move)?;
    let letters = args.letters.map_or(read.letters, LetterCase::from);
    let conventions = Conventions::with_letters(letters).in_lang(lang);
    let first_mover = read.position.to_move();
    let picture = Picture {
        letters,
        layout: args.layout.into(),
        lang,
        marks: Marks {
            highlight: &args.highlight,
            arrows: &args.arrow,
            ..Marks::default()
        },
    };
    match any::play(read.position, &args.moves, conventions) {
        Ok(report) => output::print(&render(&report, args.format, &picture)?),
        Err(error) if error.is_bad_move() => Err(Failure::input(error.message())),
        Err(error) => {
            // Show what was played before the illegal move, in the forms for people.
            if let Some(played) = error.played()
                && !played.is_empty()
                && matches!(args.format, PlayFormat::Text | PlayFormat::Markdown)
            {
                output::print(&render(&played, args.format, &picture)?)?;
            }
            let failure = Failure::invalid(error.message());
            // The diagrams of the texts do not say who moves: a first move
            // of the other side is most likely theirs.
            match error.wrong_side() {
                Some(side) if error.index() == 0 && args.to_move.is_none() => Err(failure
                    .with_hint(msg!(
                        "cli-hint-to-move",
                        side = side.as_str(),
                        mover = first_mover.as_str()
                    ))),
                _ => Err(failure),
            }
        }
    }
}

fn render(
    report: &AnyPlayReport,
    format: PlayFormat,
    picture: &Picture<'_>,
) -> Result<String, Failure> {
    match (format.drawing(), format) {
        (Some(drawing), _) => report.draw_with(drawing, picture).map_err(mark_failure),
        (None, PlayFormat::Yaml) => output::serialize(report, ReportFormat::Yaml),
        (None, _) => output::serialize(report, ReportFormat::Json),
    }
}

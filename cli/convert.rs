//! `songo convert`: a position from any form to any other.

use songo_notation::any::AnyPosition;
use songo_notation::i18n::Lang;
use songo_notation::msg;
use songo_notation::render::{Drawing, Marks};
use songo_notation::{Conventions, LetterCase, Ruleset, Side};

use crate::flags::{Letters, ReportFormat, Target, mark_failure};
use crate::output;
use crate::{Failure, convert_record, input};

/// Convert a position between the compact notation, diagrams, JSON, YAML and pictures, or a game record between record text, OGN, JSON and YAML.
///
/// The input form is detected: one line is the compact notation (or an OGN
/// FEN), several lines a diagram, `{` JSON, `north:` YAML; a game record
/// starts with its tags (`[Rules "songo"]`), or is JSON/YAML with `tags` or `moves`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo convert --to json 'songo:3,0,1,6,14,5,5/2,10,5,0,13,1,7:0-0:N'
  songo convert --to compact fixtures/positions/capture-ex1.txt
  songo convert --to svg fixtures/positions/capture-ex1.txt > board.svg
  songo convert --to svg --changed N0,N1,S0,S1 \\
      fixtures/positions/capture-ex1-sown.txt
  songo convert --to text --rules awale --letters north-upper \\
      '4-4-4-4-4-4-4-4-4-4-4-4-0-0-S'
  pbpaste | songo convert --to markdown -
  songo convert --to svg --last-move b3-c3 --captured c2,d3,c4 \\
      'seega:..S../...../..S.S/...../..S.N:N'")]
pub(crate) struct Args {
    /// The position: compact notation, OGN FEN, a diagram, JSON or YAML; a file; or `-` for stdin.
    input: String,
    /// The form to write.
    #[arg(long, value_enum, default_value_t = Target::Compact)]
    to: Target,
    /// The ruleset, when the position does not say it.
    #[arg(long)]
    rules: Option<Ruleset>,
    /// Who is to move: south or north (a diagram of the texts does not say it; this replaces what the position says).
    #[arg(long, value_name = "SIDE")]
    to_move: Option<Side>,
    /// Awale letters in the text, Markdown and SVG forms [default: as the input diagram, else south-upper].
    #[arg(long, value_enum)]
    letters: Option<Letters>,
    /// Houses to highlight as changed by a move (text, Markdown, SVG), e.g. N0,N1; Seega: squares.
    #[arg(long, value_delimiter = ',', value_name = "HOUSES")]
    changed: Vec<String>,
    /// Houses to mark as captured (text, Markdown, SVG), e.g. N0,N1; Seega: squares, e.g. c2,d3.
    #[arg(long, value_delimiter = ',', value_name = "HOUSES")]
    captured: Vec<String>,
    /// The move that led to the position, drawn on the board (Markdown, SVG; Songo S1, Seega b3-c3).
    #[arg(long, value_name = "MOVE")]
    last_move: Option<String>,
    /// Seega: the text diagram and the SVG without coordinates.
    #[arg(long)]
    no_coordinates: bool,
    /// Houses (Seega: squares) to ring on the SVG, e.g. S4,N2.
    #[arg(long, value_delimiter = ',', value_name = "HOUSES")]
    highlight: Vec<String>,
    /// Arrows to draw on the SVG, FROM:TO, e.g. S4:N0 (several: S4:N0,S1:N2).
    #[arg(long, value_delimiter = ',', value_name = "FROM:TO")]
    arrow: Vec<String>,
}

/// Marks and coordinates that the form asked for does not draw are
/// refused, rather than silently dropped.
fn refuse_idle_flags(args: &Args, position: &AnyPosition) -> Result<(), Failure> {
    let to = match args.to {
        Target::Compact => "compact",
        Target::Json => "json",
        Target::Yaml => "yaml",
        Target::Fen => "fen",
        Target::Record => "record",
        Target::Ogn => "ogn",
        Target::Text | Target::Markdown | Target::Svg => "",
    };
    let marks = [
        ("--changed", !args.changed.is_empty()),
        ("--captured", !args.captured.is_empty()),
        ("--last-move", args.last_move.is_some()),
    ];
    for (flag, given) in marks {
        // The text diagram marks changed and captured houses, not the last move.
        let drawn = match args.to {
            Target::Markdown | Target::Svg => true,
            Target::Text => flag != "--last-move",
            _ => false,
        };
        if given && !drawn {
            if to.is_empty() {
                return Err(Failure::input(msg!("cli-idle-last-move-text")));
            }
            let forms = if flag == "--last-move" {
                "markdown, svg"
            } else {
                "text, markdown, svg"
            };
            return Err(Failure::input(msg!(
                "cli-idle-mark",
                flag = flag,
                to = to,
                forms = forms
            )));
        }
    }
    if args.no_coordinates && position.as_seega().is_none() {
        return Err(Failure::input(msg!("cli-idle-no-coordinates")));
    }
    Ok(())
}

pub(crate) fn run(args: &Args, lang: Lang) -> Result<u8, Failure> {
    // Game records (record text, OGN, their JSON and YAML) convert in convert_record.rs.
    if let Some(rendered) = convert_record::from_file(&args.input, args.to, lang)? {
        return output::print(&rendered);
    }
    let (text, origin) = input::read_argument(&args.input)?;
    if let Some(rendered) = convert_record::convert(&text, &origin, args.to, lang)? {
        return output::print(&rendered);
    }
    let read = input::parse_any(&text, &origin, args.rules, lang)?;
    let read = input::to_move(read, args.to_move)?;
    refuse_idle_flags(args, &read.position)?;
    let position = read.position;
    let letters = args.letters.map_or(read.letters, LetterCase::from);
    let conventions = Conventions::with_letters(letters).in_lang(lang);
    let marks = Marks {
        changed: &args.changed,
        captured: &args.captured,
        last_move: args.last_move.as_deref(),
        coordinates: !args.no_coordinates,
        highlight: &args.highlight,
        arrows: &args.arrow,
        hooks: false,
    };
    let board = position.marked(&marks, conventions).map_err(mark_failure)?;
    let rendered = match args.to {
        Target::Compact => format!("{position}\n"),
        Target::Text => board.draw(Drawing::Text),
        Target::Markdown => board.draw(Drawing::Markdown),
        Target::Svg => board.draw(Drawing::Svg),
        Target::Json => output::serialize(&position, ReportFormat::Json)?,
        Target::Yaml => output::serialize(&position, ReportFormat::Yaml)?,
        Target::Record | Target::Ogn => {
            let forms = if position.has_fen_form() {
                msg!("cli-position-forms-with-fen")
            } else {
                msg!("cli-position-forms")
            };
            return Err(Failure::input(msg!("cli-record-targets", forms = forms)));
        }
        Target::Fen => match position.to_ogn_fen() {
            Some(fen) => format!("{fen}\n"),
            None => {
                return Err(Failure::input(msg!(
                    "cli-no-fen",
                    rules = position.rules().id()
                )));
            }
        },
    };
    output::print(&rendered)
}

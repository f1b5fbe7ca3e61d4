//! `songo convert`: a position from any form to any other.

use songo_notation::drawing::BoardView;
use songo_notation::{House, LetterCase, Position, Ruleset, compact, diagram, markdown, svg};

use crate::output::{self, ReportFormat};
use crate::{Failure, convert_record, input};

/// The forms `convert` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Target {
    /// The compact one-line notation.
    Compact,
    /// A plain-text diagram as the sources draw it.
    Text,
    /// A Markdown table.
    Markdown,
    /// An SVG picture of the board.
    Svg,
    /// JSON.
    Json,
    /// YAML.
    Yaml,
    /// The Aualé program's OGN FEN (awale and oware-abapa only).
    Fen,
    /// A game record, canonical (game records only).
    Record,
    /// An OGN file as the Aualé program writes them (awale/oware game records only).
    Ogn,
}

/// Which Awalé camp is lettered in capitals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Letters {
    /// South A..F, North a..f (the comptoir text, the default).
    SouthUpper,
    /// North A..F, South a..f (the casabianca text).
    NorthUpper,
}

impl From<Letters> for LetterCase {
    fn from(letters: Letters) -> LetterCase {
        match letters {
            Letters::SouthUpper => LetterCase::SouthUpper,
            Letters::NorthUpper => LetterCase::NorthUpper,
        }
    }
}

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
  songo convert --to svg --changed N0,N1,S0,S1 fixtures/positions/capture-ex1-sown.txt
  songo convert --to text --rules awale --letters north-upper '4-4-4-4-4-4-4-4-4-4-4-4-0-0-S'
  pbpaste | songo convert --to markdown -")]
pub(crate) struct Args {
    /// The position: compact notation, OGN FEN, a diagram, JSON or YAML; a file; or `-` for stdin.
    input: String,
    /// The form to write.
    #[arg(long, value_enum, default_value_t = Target::Compact)]
    to: Target,
    /// The ruleset, when the position does not say it.
    #[arg(long)]
    rules: Option<Ruleset>,
    /// Awale letters in the text, Markdown and SVG forms [default: as the input diagram, else south-upper].
    #[arg(long, value_enum)]
    letters: Option<Letters>,
    /// Houses to highlight as changed by a move (text, Markdown, SVG), e.g. N0,N1.
    #[arg(long, value_delimiter = ',', value_name = "HOUSES")]
    changed: Vec<String>,
    /// Houses to mark as captured (text, Markdown, SVG), e.g. N0,N1.
    #[arg(long, value_delimiter = ',', value_name = "HOUSES")]
    captured: Vec<String>,
}

pub(crate) fn run(args: &Args) -> Result<u8, Failure> {
    // Game records (record text, OGN, their JSON and YAML) convert in convert_record.rs.
    if let Some(rendered) = convert_record::from_file(&args.input, args.to)? {
        return output::print(&rendered);
    }
    let (text, origin) = input::read_argument(&args.input)?;
    if let Some(rendered) = convert_record::convert(&text, &origin, args.to)? {
        return output::print(&rendered);
    }
    let read = input::parse(&text, &origin, args.rules)?;
    let position = read.position;
    let letters = args.letters.map_or(read.letters, LetterCase::from);
    let view = BoardView::new(position)
        .letters(letters)
        .with_changed(houses(&args.changed, &position, letters, "--changed")?)
        .with_captured(houses(&args.captured, &position, letters, "--captured")?);
    let rendered = match args.to {
        Target::Compact => format!("{position}\n"),
        Target::Text => diagram::write(&view),
        Target::Markdown => markdown::write(&view),
        Target::Svg => svg::board(&view),
        Target::Json => output::serialize(&position, ReportFormat::Json)?,
        Target::Yaml => output::serialize(&position, ReportFormat::Yaml)?,
        Target::Record | Target::Ogn => {
            return Err(Failure::input(
                "--to record and --to ogn are for game records; a position converts to compact, text, markdown, svg, json, yaml or fen",
            ));
        }
        Target::Fen => {
            if position.rules().houses_per_side() != 6 {
                return Err(Failure::input(format!(
                    "an OGN FEN is an awale or oware-abapa position, not {}: choose another --to",
                    position.rules()
                )));
            }
            format!("{}\n", compact::to_ogn_fen(&position))
        }
    };
    output::print(&rendered)
}

fn houses(
    names: &[String],
    position: &Position,
    letters: LetterCase,
    option: &str,
) -> Result<Vec<House>, Failure> {
    names
        .iter()
        .filter(|name| !name.trim().is_empty())
        .map(|name| {
            House::parse_with_case(name.trim(), position.rules(), letters)
                .map_err(|e| Failure::input(format!("{option}: {e}")))
        })
        .collect()
}

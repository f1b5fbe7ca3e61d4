//! `songo convert`: a position from any form to any other.

use songo_notation::{Ruleset, diagram};

use crate::output::{self};
use crate::{Failure, convert_record, input};

/// The forms `convert` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Target {
    /// The compact one-line notation.
    Compact,
    /// A plain-text diagram as the sources draw it.
    Text,
    /// JSON.
    Json,
    /// YAML.
    Yaml,
    /// A game record, canonical (records only).
    Record,
    /// An OGN file as the Aualé program writes them (awale/oware records only).
    Ogn,
}

/// Convert a position between the compact notation, diagrams, JSON, YAML and pictures, or a game record between record text, OGN, JSON and YAML.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  songo convert --to json 'songo:3,0,1,6,14,5,5/2,10,5,0,13,1,7:0-0:N'\n  songo convert --to compact diagram.txt"
)]
pub(crate) struct Args {
    /// The position: compact notation, a diagram, JSON or YAML, a file, or `-` for stdin.
    input: String,
    /// The form to write.
    #[arg(long, value_enum, default_value_t = Target::Compact)]
    to: Target,
    /// The ruleset, when the position does not say it.
    #[arg(long)]
    rules: Option<Ruleset>,
}

pub(crate) fn run(args: &Args) -> Result<u8, Failure> {
    let (text, origin) = input::read_argument(&args.input)?;
    // Game records (text, OGN, JSON, YAML) convert in convert_record.rs.
    if let Some(rendered) = convert_record::convert(&text, &origin, args.to)? {
        return output::print(&rendered);
    }
    let position = songo_notation::input::parse_position(&text, args.rules)
        .map_err(|e| Failure::input(format!("{origin}: cannot read the position: {e}")))?;
    let rendered = match args.to {
        Target::Compact => format!("{position}\n"),
        Target::Text => diagram::text(&position),
        Target::Json => output::serialize(&position, output::ReportFormat::Json)?,
        Target::Yaml => output::serialize(&position, output::ReportFormat::Yaml)?,
        Target::Record | Target::Ogn => {
            return Err(Failure::input(
                "a position converts to compact, text, json or yaml; --to record and ogn are for game records",
            ));
        }
    };
    output::print(&rendered)
}

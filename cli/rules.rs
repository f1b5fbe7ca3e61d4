//! `songo rules`: every rule id with what the rule says.

use songo_notation::Ruleset;
use songo_notation::i18n::Lang;
use songo_notation::ruleset::RulesReport;

use crate::flags::ReportFormat;
use crate::{Failure, output};

/// List the rulesets and their rule ids, each with what the rule says in one line.
///
/// The ids are those that diagnostics, reports and docs/rules.md cite;
/// the sentences are in the language asked for (--lang).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo rules
  songo rules --rules awale
  songo --lang fr rules --rules seega
  songo rules --format json")]
pub(crate) struct Args {
    /// Only this ruleset's rules (and the record format's).
    #[arg(long)]
    rules: Option<Ruleset>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,
}

pub(crate) fn run(args: &Args, lang: Lang) -> Result<u8, Failure> {
    let mut report = RulesReport::new(lang);
    if let Some(wanted) = args.rules {
        report.rulesets.retain(|ruleset| ruleset.id == wanted);
    }
    let rendered = match args.format {
        ReportFormat::Text => report.text(),
        format => output::serialize(&report, format)?,
    };
    output::print(&rendered)
}

//! `songo moves`: the legal moves of a position, and why the others are not.

use songo_notation::i18n::Lang;
use songo_notation::{Conventions, LetterCase, Ruleset, Side, any};

use crate::flags::{Letters, ReportFormat};
use crate::output;
use crate::{Failure, input};

/// List the legal moves of a position, the rule that forbids each other non-empty house, and what each legal move does.
///
/// Empty houses are not listed. For each legal move, a sentence says what
/// it takes, the threats it creates, and whether it parries or ignores the
/// opponent's threat (JSON: `effects`). When the game is over, the text
/// says how it ended and JSON has an empty `legal` list and `game_over`.
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
    /// Who is to move: south or north (a diagram of the texts does not say it; this replaces what the position says).
    #[arg(long, value_name = "SIDE")]
    to_move: Option<Side>,
    /// Awale letters of the moves in the text [default: as the input diagram, else south-upper].
    #[arg(long, value_enum)]
    letters: Option<Letters>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,
}

pub(crate) fn run(args: &Args, lang: Lang) -> Result<u8, Failure> {
    let read = input::any_position(&args.position, args.rules, lang)?;
    let read = input::to_move(read, args.to_move)?;
    let letters = args.letters.map_or(read.letters, LetterCase::from);
    let view = any::moves_view(&read.position);
    let rendered = match args.format {
        // People read the letters they wrote; JSON and YAML keep the canonical case.
        ReportFormat::Text => view.text_in(Conventions::with_letters(letters), lang),
        format => output::serialize(&view.in_lang(lang), format)?,
    };
    output::print(&rendered)
}

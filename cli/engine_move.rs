//! `songo move`: the move the engine's player of a level chooses.

use songo_notation::analysis::AnalysisError;
use songo_notation::analysis::player::{Level, Player};
use songo_notation::i18n::Lang;
use songo_notation::render::game_over_line_in;
use songo_notation::{LetterCase, Ruleset, Side, msg};

use crate::flags::{Letters, ReportFormat};
use crate::output;
use crate::{Failure, input};

/// The move the engine's player of a level chooses in a position.
///
/// Level 8 is the full engine (400 000 positions a move, twice what
/// `songo annotate --engine` gives a ply); 6 and 7 the engine with fewer
/// positions; 1 to 5 read a few plies ahead and make the mistakes people
/// make: a capture chain counted short, a large house (a grenier)
/// overlooked, the immediate capture preferred. Level 1 plays plausible
/// moves a beginner can beat. The same position, level and seed give the
/// same move every run; another seed may choose another of the moves the
/// level finds as good, or overlook other houses.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo move --level 8 --position fixtures/positions/capture-ex3.txt
  songo move --level 1 --seed 7 \\
      --position 'songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S'
  songo move --level 4 --rules awale --position start --format json

The move is printed alone on a line (nothing but the game's end when it is
over). Exit status: 0 a move chosen (or the game is over), 2 bad input or
usage (a Seega position: the engine plays the sowing games only).")]
pub(crate) struct Args {
    /// The player's strength, 1 (a beginner can beat it) to 8 (the full engine).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=8))]
    level: u8,
    /// The position: compact notation, OGN FEN, a diagram, JSON or YAML; a file; or `-` for stdin.
    #[arg(long, short)]
    position: String,
    /// The player's choices follow from it: the same seed, the same move.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The ruleset, when the position does not say it.
    #[arg(long)]
    rules: Option<Ruleset>,
    /// Who is to move: south or north (replaces what the position says).
    #[arg(long, value_name = "SIDE")]
    to_move: Option<Side>,
    /// Awale letters of the move [default: as the input diagram, else south-upper].
    #[arg(long, value_enum)]
    letters: Option<Letters>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,
}

pub(crate) fn run(args: &Args, lang: Lang) -> Result<u8, Failure> {
    let read = input::any_position(&args.position, args.rules, lang)?;
    let read = input::to_move(read, args.to_move)?;
    // clap took 1 to 8 only.
    let level = Level::new(args.level).unwrap_or(Level::STRONGEST);
    let letters = args.letters.map_or(read.letters, LetterCase::from);
    let choice = Player::new(level)
        .choose(&read.position, args.seed)
        .map_err(|error| match error {
            // Said of `move`, not of the analysis the user did not ask for.
            AnalysisError::NoAnalysis { rules } => {
                Failure::input(msg!("cli-move-sowing-only", rules = rules.id()))
            }
            AnalysisError::TooManySeeds { .. } => Failure::input(error),
        })?
        .in_case(letters);
    let rendered = match (args.format, choice.name(), &choice.game_over) {
        (ReportFormat::Text, Some(name), _) => name + "\n",
        (ReportFormat::Text, None, Some(over)) => game_over_line_in(over, lang) + "\n",
        // Not reached: a game that is not over has a move.
        (ReportFormat::Text, None, None) => "-\n".to_owned(),
        (format, ..) => output::serialize(&choice, format)?,
    };
    output::print(&rendered)
}

//! `songo generate`: random legal games as records.

use std::io::{self, Write};

use songo_notation::Ruleset;
use songo_notation::generate::{GenerateOptions, Generator};
use songo_notation::i18n::Lang;

use crate::{EXIT_OK, Failure, output};

/// Generate random legal games as records (reproducible: the same seed gives the same games).
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  songo generate --games 3 --seed 1\n  songo generate --rules awale --games 100000 --seed 7 > big.songo\n  songo generate --annotate --games 10 | songo validate -\n  songo generate --rules seega --games 3 --seed 5"
)]
pub(crate) struct Args {
    /// The ruleset of the games.
    #[arg(long, default_value_t = Ruleset::Songo)]
    rules: Ruleset,
    /// How many games.
    #[arg(long, short = 'n', default_value_t = 1)]
    games: usize,
    /// The seed: the same seed gives the same games.
    #[arg(long, short, default_value_t = 0)]
    seed: u64,
    /// Add comments, glyphs and variations (and sometimes let North start).
    #[arg(long)]
    annotate: bool,
    /// Stop a game the rules have not ended after this many plies.
    #[arg(long, default_value_t = 500)]
    max_plies: usize,
}

pub(crate) fn run(args: &Args, _lang: Lang) -> Result<u8, Failure> {
    let options = GenerateOptions {
        max_plies: args.max_plies,
        annotate: args.annotate,
    };
    let mut generator = Generator::new(args.rules, args.seed, options);
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    for index in 0..args.games {
        let separator = if index > 0 { "\n" } else { "" };
        let written = write!(out, "{separator}{}", generator.game(index));
        if let Err(e) = written {
            return quiet_on_broken_pipe(e);
        }
    }
    match out.flush() {
        Ok(()) => Ok(EXIT_OK),
        Err(e) => quiet_on_broken_pipe(e),
    }
}

fn quiet_on_broken_pipe(error: io::Error) -> Result<u8, Failure> {
    if error.kind() == io::ErrorKind::BrokenPipe {
        Ok(EXIT_OK)
    } else {
        Err(output::cannot_write(&error))
    }
}

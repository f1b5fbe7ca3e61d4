//! `songo generate`: legal games as records, random or played by the
//! engine, optionally as round-robin tournaments.

use std::io::{self, Write};

use songo_notation::analysis::MAX_DEPTH;
use songo_notation::generate::{
    EngineOptions, GenerateOptions, Generator, MAX_PLAYERS, TournamentOptions,
};
use songo_notation::i18n::Lang;
use songo_notation::{BoardGame, Ruleset, msg};

use crate::{EXIT_OK, Failure, output};

/// Generate legal games as records, random or played by the engine
/// (reproducible: the same seed gives the same games).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo generate --games 3 --seed 1
  songo generate --rules awale --games 100000 --seed 7 > big.songo
  songo generate --annotate --games 10 | songo validate -
  songo generate --rules seega --games 3 --seed 5
  songo generate --engine --tournament --games 28 > events.songo
  songo generate --engine --depth 4 --margin 0 --games 100 --seed 2
  songo generate --engine --engine-plies 12 --games 1000000 > corpus.songo

Exit status: 0 generated, 2 usage error.")]
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
    /// Start at game N of the seed's series (split a long series into parts run side by side).
    #[arg(long, value_name = "N", default_value_t = 0)]
    skip: usize,
    /// Add comments, glyphs and variations (and sometimes let North start).
    #[arg(long)]
    annotate: bool,
    /// Stop a game the rules have not ended after this many plies.
    #[arg(long, default_value_t = 500)]
    max_plies: usize,
    /// Let the engine choose the moves (sowing games): plausible lines, openings that repeat.
    #[arg(long)]
    engine: bool,
    /// The engine's search depth, in plies.
    #[arg(long, default_value_t = 3, requires = "engine",
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    depth: u32,
    /// Draw among the moves within this many seeds of the best, the better the likelier (0: a best move).
    #[arg(long, value_name = "SEEDS", default_value_t = 2, requires = "engine")]
    margin: u32,
    /// The engine plays this many plies of each game, the rest is random [default: all].
    #[arg(long, value_name = "PLIES", requires = "engine")]
    engine_plies: Option<usize>,
    /// Play the games as round-robin events: players, event, site, dates and rounds.
    #[arg(long)]
    tournament: bool,
    /// Players of each event (every pair meets once).
    #[arg(long, default_value_t = 8, requires = "tournament",
          value_parser = clap::value_parser!(u16).range(2..=MAX_PLAYERS as i64))]
    players: u16,
}

pub(crate) fn run(args: &Args, _lang: Lang) -> Result<u8, Failure> {
    if args.engine && args.rules.board_game() == BoardGame::Seega {
        return Err(Failure::input(msg!(
            "cli-engine-sowing-only",
            rules = args.rules.id()
        )));
    }
    let options = GenerateOptions {
        max_plies: args.max_plies,
        annotate: args.annotate,
        engine: args.engine.then_some(EngineOptions {
            depth: args.depth,
            margin: args.margin,
            plies: args.engine_plies,
        }),
        tournament: args.tournament.then_some(TournamentOptions {
            players: usize::from(args.players),
        }),
    };
    let mut generator = Generator::new(args.rules, args.seed, options);
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let first = args.skip;
    for index in first..first.saturating_add(args.games) {
        let separator = if index > first { "\n" } else { "" };
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

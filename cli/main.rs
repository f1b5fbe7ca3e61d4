//! `songo`: write down, check and teach the African sowing games.
//!
//! A thin layer over the `songo-notation` library (rules, notations,
//! records, validation) and `songo-service` (the HTTP API).

mod analyse;
mod convert;
mod convert_record;
mod flags;
mod generate;
mod input;
mod moves;
mod output;
mod play;
mod serve;
mod tables;
mod validate;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exit status: everything checked out.
const EXIT_OK: u8 = 0;
/// Exit status: an illegal move or an invalid game.
const EXIT_INVALID: u8 = 1;
/// Exit status: bad usage or unreadable input.
const EXIT_USAGE: u8 = 2;

#[derive(Parser)]
#[command(
    name = "songo",
    version,
    about = "Write down, check and teach the African sowing games: Songo, Awale/oware, Seega",
    after_help = "Examples:\n  songo play --position fixtures/positions/capture-ex1.txt S1\n  songo moves --position 'songo:0,0,0,0,0,0,0/16,0,0,23,1,10,1:0-0:S'\n  songo convert --to svg fixtures/positions/capture-ex1.txt > board.svg\n\nExit status: 0 ok, 1 illegal move or invalid game, 2 usage or input error."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Play(play::Args),
    Moves(moves::Args),
    Convert(convert::Args),
    Validate(validate::Args),
    Generate(generate::Args),
    Analyse(analyse::Args),
    Tables(tables::Args),
    Serve(serve::Args),
}

/// An error for the user, with the exit status it leads to.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) message: String,
    pub(crate) status: u8,
}

impl Failure {
    /// Bad usage or unreadable input (exit 2).
    pub(crate) fn input(message: impl std::fmt::Display) -> Failure {
        Failure {
            message: message.to_string(),
            status: EXIT_USAGE,
        }
    }

    /// An illegal move or invalid game (exit 1).
    pub(crate) fn invalid(message: impl std::fmt::Display) -> Failure {
        Failure {
            message: message.to_string(),
            status: EXIT_INVALID,
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(args) => play::run(&args),
        Command::Moves(args) => moves::run(&args),
        Command::Convert(args) => convert::run(&args),
        Command::Validate(args) => validate::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Analyse(args) => analyse::run(&args),
        Command::Tables(args) => tables::run(&args),
        Command::Serve(args) => serve::run(&args),
    };
    match result {
        Ok(status) => ExitCode::from(status),
        Err(failure) if failure.message.is_empty() => ExitCode::from(failure.status),
        Err(failure) => {
            eprintln!("error: {}", failure.message);
            ExitCode::from(failure.status)
        }
    }
}

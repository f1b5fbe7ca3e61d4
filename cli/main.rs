//! `songo`: write down, check and teach the African sowing games.
//!
//! A thin layer over the `songo-notation` library (rules, notations,
//! records, validation) and `songo-service` (the HTTP API).

mod analyse;
mod annotate;
mod archive;
mod convert;
mod convert_record;
mod engine_move;
mod event;
mod exercises;
mod explain;
mod flags;
mod generate;
mod input;
mod lesson;
mod moves;
mod output;
mod pair;
mod play;
mod rules;
mod serve;
mod sources;
mod tables;
mod validate;
mod validate_fix;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use songo_notation::i18n::{Lang, Localize, Message};
use songo_notation::msg;

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
    /// The language of what songo writes: en or fr [default: from LC_ALL, LC_MESSAGES or LANG, else en]
    #[arg(long, global = true, value_name = "LANG", display_order = 1000)]
    lang: Option<Lang>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Play(play::Args),
    Moves(moves::Args),
    Explain(explain::Args),
    Annotate(annotate::Args),
    Convert(convert::Args),
    Validate(validate::Args),
    Generate(generate::Args),
    Rules(rules::Args),
    Analyse(analyse::Args),
    Move(engine_move::Args),
    Tables(tables::Args),
    Lesson(lesson::Args),
    Exercises(exercises::Args),
    Serve(serve::Args),
    Archive(archive::Args),
    Explore(archive::ExploreArgs),
    Pair(pair::Args),
    Event(event::Args),
}

/// An error for the user, with the exit status it leads to.
#[derive(Debug)]
pub(crate) struct Failure {
    /// What went wrong; `None` when it has been said already.
    pub(crate) message: Option<Message>,
    /// How to fix it, when there is something to say.
    pub(crate) hint: Option<Message>,
    pub(crate) status: u8,
}

impl Failure {
    /// Bad usage or unreadable input (exit 2).
    pub(crate) fn input(message: impl Into<Message>) -> Failure {
        Failure {
            message: Some(message.into()),
            hint: None,
            status: EXIT_USAGE,
        }
    }

    /// An illegal move or invalid game (exit 1).
    pub(crate) fn invalid(message: impl Into<Message>) -> Failure {
        Failure {
            message: Some(message.into()),
            hint: None,
            status: EXIT_INVALID,
        }
    }

    /// Adds how to fix it.
    pub(crate) fn with_hint(mut self, hint: impl Into<Message>) -> Failure {
        self.hint = Some(hint.into());
        self
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Chosen once, where the program meets the user.
    let lang = cli.lang.unwrap_or_else(Lang::from_env);
    let result = match cli.command {
        Command::Play(args) => play::run(&args, lang),
        Command::Moves(args) => moves::run(&args, lang),
        Command::Convert(args) => convert::run(&args, lang),
        Command::Validate(args) => validate::run(&args, lang),
        Command::Generate(args) => generate::run(&args, lang),
        Command::Rules(args) => rules::run(&args, lang),
        Command::Serve(args) => serve::run(&args, lang),
        Command::Explain(args) => explain::run(&args, lang),
        Command::Annotate(args) => annotate::run(&args, lang),
        Command::Analyse(args) => analyse::run(&args, lang),
        Command::Move(args) => engine_move::run(&args, lang),
        Command::Tables(args) => tables::run(&args, lang),
        Command::Lesson(args) => lesson::run(&args),
        Command::Exercises(args) => exercises::run(&args, lang),
        Command::Archive(args) => archive::run(&args, lang),
        Command::Explore(args) => archive::explore(&args, lang),
        Command::Pair(args) => pair::run(&args, lang),
        Command::Event(args) => event::run(&args, lang),
    };
    match result {
        Ok(status) => ExitCode::from(status),
        Err(Failure {
            message: None,
            status,
            ..
        }) => ExitCode::from(status),
        Err(Failure {
            message: Some(message),
            hint,
            status,
        }) => {
            eprintln!("{}", msg!("cli-error", text = message).localize(lang));
            if let Some(hint) = hint {
                eprintln!("{}", msg!("cli-hint", text = hint).localize(lang));
            }
            ExitCode::from(status)
        }
    }
}

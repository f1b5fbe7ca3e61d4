//! `songo event`: run an event of the archive — create it, register its
//! players, pair each round by the library's engines, enter and correct
//! results, show it — and write it out as FIDE's tournament report file
//! (TRF) or read one in. The store is the archive's (`songo_archive`).

use std::path::PathBuf;

use songo_archive::render;
use songo_archive::{
    Archive, ArchiveError, Author, EventRefusal, EventSystem, NewEvent, ResultEntry, RunEvent,
    local_user, prepare_first,
};
use songo_notation::Ruleset;
use songo_notation::i18n::{Lang, Localize, Message};
use songo_notation::msg;
use songo_notation::validate::Options;

use crate::archive::{Where, failure};
use crate::input::{cannot_read, read_limited};
use crate::{Failure, output};

/// Run an event: its players, rounds, results and standings; TRF out and in.
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    Create(CreateArgs),
    Register(RegisterArgs),
    Pair(PairArgs),
    Result(ResultArgs),
    Show(ShowArgs),
    Export(ExportArgs),
    Import(ImportArgs),
}

/// Output formats of the event's commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// For people.
    Text,
    /// The event as `GET /v1/events/{id}` answers it.
    Json,
}

/// A pairing system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum System {
    /// The Swiss Dutch system (FIDE C.04.3).
    #[value(alias = "swiss")]
    Dutch,
    /// Everyone meets everyone once (FIDE's Berger tables).
    #[value(alias = "berger")]
    RoundRobin,
    /// Everyone meets everyone twice.
    DoubleRoundRobin,
}

impl System {
    fn of(self) -> EventSystem {
        match self {
            System::Dutch => EventSystem::Dutch,
            System::RoundRobin => EventSystem::RoundRobin,
            System::DoubleRoundRobin => EventSystem::DoubleRoundRobin,
        }
    }
}

/// Run an event: its system, rounds and tie-breaks (an event of the archive by that name and site, or a new one).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo event create 'Coupe de Yaoundé' --site Yaoundé --system dutch --rounds 5
  songo event create 'Club evening' --system round-robin

Exit status: 0, 2 usage, refusal or archive error.")]
struct CreateArgs {
    /// The event's name.
    name: String,
    /// Its site.
    #[arg(long)]
    site: Option<String>,
    /// How it is paired.
    #[arg(long, value_enum)]
    system: System,
    /// The rounds planned (needed by the Dutch system; a round robin's are its table's).
    #[arg(long)]
    rounds: Option<u32>,
    /// The games' ruleset.
    #[arg(long, default_value = "songo")]
    rules: String,
    /// The standings' tie-breaks, in order [default: the system's usual ones].
    #[arg(long, value_name = "LIST")]
    tiebreaks: Option<String>,
    #[command(flatten)]
    archive: Where,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Register players (the archive's players of these names, or new ones), before round 1.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo event register 'Coupe de Yaoundé' 'Ada Mvondo' --rating 1850
  songo event register 3 'Kofi Asante' 'Dora N.'

Pairing numbers follow the order of registration. Exit status: 0, 2 refused.")]
struct RegisterArgs {
    /// The event: its id or its name.
    event: String,
    /// The players' names.
    #[arg(required = true)]
    names: Vec<String>,
    /// Their rating, for the seeding.
    #[arg(long, default_value_t = 0)]
    rating: u32,
    #[command(flatten)]
    archive: Where,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Pair the next round by the event's system and store its boards.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo event pair 'Coupe de Yaoundé'

Every board of the round before needs its result. Exit status: 0, 2 refused.")]
struct PairArgs {
    /// The event: its id or its name.
    event: String,
    #[command(flatten)]
    archive: Where,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Enter or correct a board's result: a result alone, or a game with its moves.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo event result 'Coupe de Yaoundé' --round 1 --board 2 41-29
  songo event result 'Coupe de Yaoundé' --round 1 --board 3 +/- --reason 'North absent'
  songo event result 'Coupe de Yaoundé' --game board1.songo

A result alone, from the first mover's side: a final score (his seeds first),
1/2-1/2, or a forfeit +/-, -/+, -/-. It is stored as a game of the archive;
entered again, it is that game's next revision. Exit status: 0, 2 refused.")]
struct ResultArgs {
    /// The event: its id or its name.
    event: String,
    /// The result alone.
    #[arg(required_unless_present = "game", conflicts_with = "game")]
    result: Option<String>,
    /// The round.
    #[arg(long, required_unless_present = "game")]
    round: Option<u32>,
    /// The board.
    #[arg(long, required_unless_present = "game")]
    board: Option<u32>,
    /// A game record: the board of its round and players.
    #[arg(long, value_name = "FILE")]
    game: Option<PathBuf>,
    /// Why (kept with a correction).
    #[arg(long)]
    reason: Option<String>,
    #[command(flatten)]
    archive: Where,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Show an event: every round's boards and results, the standings with its tie-breaks.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo event show 'Coupe de Yaoundé'
  songo event show 3 --format json")]
struct ShowArgs {
    /// The event: its id or its name.
    event: String,
    #[command(flatten)]
    archive: Where,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Export formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ExportFormat {
    /// FIDE's tournament report file.
    Trf,
}

/// Write an event as FIDE's tournament report file (TRF).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo event export 'Coupe de Yaoundé' --format trf > coupe.trf
  songo pair --system dutch --check coupe.trf

The rounds whose boards all have results are written.")]
struct ExportArgs {
    /// The event: its id or its name.
    event: String,
    #[arg(long, value_enum, default_value_t = ExportFormat::Trf)]
    format: ExportFormat,
    #[command(flatten)]
    archive: Where,
}

/// Read a tournament report file (TRF) into the archive as a run event: players, rounds, results.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo event import coupe.trf --system dutch
  songo event import club.trf --system round-robin --name 'Club evening' --site Douala

The event's name is the file's (012) unless --name gives one.")]
struct ImportArgs {
    /// The tournament report file.
    #[arg(value_name = "FILE.trf")]
    file: PathBuf,
    /// How it is paired.
    #[arg(long, value_enum, default_value_t = System::Dutch)]
    system: System,
    /// The event's name.
    #[arg(long)]
    name: Option<String>,
    /// Its site.
    #[arg(long)]
    site: Option<String>,
    /// The games' ruleset.
    #[arg(long, default_value = "songo")]
    rules: String,
    #[command(flatten)]
    archive: Where,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

pub(crate) fn run(args: &Args, lang: Lang) -> Result<u8, Failure> {
    match &args.command {
        Command::Create(args) => create(args, lang),
        Command::Register(args) => register(args, lang),
        Command::Pair(args) => pair(args, lang),
        Command::Result(args) => result(args, lang),
        Command::Show(args) => show(args, lang),
        Command::Export(args) => export(args),
        Command::Import(args) => import(args, lang),
    }
}

/// A refusal for the user (exit 2).
fn refused(refusal: &EventRefusal) -> Failure {
    Failure::input(refusal.message())
}

/// What the archive answered, its refusal or its error as the failure.
fn done<T>(answer: Result<Result<T, EventRefusal>, ArchiveError>) -> Result<T, Failure> {
    answer
        .map_err(failure)?
        .map_err(|refusal| refused(&refusal))
}

fn rules(text: &str) -> Result<Ruleset, Failure> {
    text.parse::<Ruleset>()
        .map_err(|error| Failure::input(error.message()))
}

/// The run event's id for `event` (an id or a name).
fn event_id(archive: &mut Archive, event: &str) -> Result<i64, Failure> {
    done(archive.find_event(event))
}

fn event_of(archive: &mut Archive, id: i64) -> Result<RunEvent, Failure> {
    archive
        .event_run(id)
        .map_err(failure)?
        .ok_or_else(|| refused(&EventRefusal::NoSuchEvent(id.to_string())))
}

fn json(value: &impl serde::Serialize) -> Result<u8, Failure> {
    output::print(&output::serialize(value, crate::flags::ReportFormat::Json)?)
}

fn said(message: Message, lang: Lang) -> Result<u8, Failure> {
    output::print(&(message.localize(lang) + "\n"))
}

fn create(args: &CreateArgs, lang: Lang) -> Result<u8, Failure> {
    let event = NewEvent {
        name: args.name.clone(),
        site: args.site.clone(),
        rules: rules(&args.rules)?,
        system: args.system.of(),
        rounds: args.rounds,
        tiebreaks: args.tiebreaks.clone(),
    };
    let mut archive = args.archive.open()?;
    let run = done(archive.create_event(&event, &local_user(), None))?;
    if args.format == Format::Json {
        return json(&run);
    }
    said(
        msg!(
            "cli-event-created",
            name = run.name.as_str(),
            id = run.id,
            system = run.system.as_str(),
            rounds = run.planned_rounds
        ),
        lang,
    )
}

fn register(args: &RegisterArgs, lang: Lang) -> Result<u8, Failure> {
    let mut archive = args.archive.open()?;
    let id = event_id(&mut archive, &args.event)?;
    let mut registered = Vec::new();
    for name in &args.names {
        let player = done(archive.register(id, name, args.rating, None))?;
        registered.push(player);
    }
    if args.format == Format::Json {
        return json(&serde_json::json!({ "players": registered }));
    }
    let mut text = String::new();
    for player in &registered {
        let line = msg!(
            "cli-event-registered",
            name = player.name.as_str(),
            number = player.number
        );
        text.push_str(&line.localize(lang));
        text.push('\n');
    }
    output::print(&text)
}

fn pair(args: &PairArgs, lang: Lang) -> Result<u8, Failure> {
    let mut archive = args.archive.open()?;
    let id = event_id(&mut archive, &args.event)?;
    let round = done(archive.pair_next(id, None))?;
    if args.format == Format::Json {
        return json(&round);
    }
    let run = event_of(&mut archive, id)?;
    output::print(&render::event_round(&run, &round, lang))
}

fn result(args: &ResultArgs, lang: Lang) -> Result<u8, Failure> {
    let mut archive = args.archive.open()?;
    let id = event_id(&mut archive, &args.event)?;
    let by = local_user();
    let author = Author {
        by: &by,
        reason: args.reason.as_deref(),
        account: None,
    };
    let (round, board) = match (&args.game, &args.result, args.round, args.board) {
        (Some(path), _, _, _) => {
            let game = read_game(path)?;
            done(archive.post_game(id, &game, author))?
        }
        (None, Some(result), Some(round), Some(board)) => {
            let entry = ResultEntry::Alone(result.clone());
            let board = done(archive.enter_result(id, round, board, &entry, author))?;
            (round, board)
        }
        // clap requires the result, round and board without --game.
        _ => return Err(Failure::input(msg!("cli-event-result-needs"))),
    };
    if args.format == Format::Json {
        return json(&serde_json::json!({ "round": round, "board": board }));
    }
    let run = event_of(&mut archive, id)?;
    let shown = songo_archive::EventRound {
        round,
        boards: vec![board],
    };
    output::print(&render::event_round(&run, &shown, lang))
}

/// The one game of a record file, prepared as an import prepares it.
fn read_game(path: &std::path::Path) -> Result<songo_archive::Prepared, Failure> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| cannot_read(&name, &e))?;
    let text = read_limited(file, &name)?;
    prepare_first(&text, &Options::default())
        .ok_or_else(|| Failure::input(msg!("cli-event-no-game", name = name.as_str())))?
        .map_err(|not| {
            Failure::input(msg!(
                "cli-event-not-a-game",
                name = name.as_str(),
                line = not.line,
                column = not.column,
                error = Message::verbatim(not.message)
            ))
        })
}

fn show(args: &ShowArgs, lang: Lang) -> Result<u8, Failure> {
    let mut archive = args.archive.open_for_reading()?;
    let id = event_id(&mut archive, &args.event)?;
    let run = event_of(&mut archive, id)?;
    match args.format {
        Format::Json => json(&run),
        Format::Text => output::print(&render::event(&run, lang)),
    }
}

fn export(args: &ExportArgs) -> Result<u8, Failure> {
    let mut archive = args.archive.open_for_reading()?;
    let id = event_id(&mut archive, &args.event)?;
    let text = archive
        .event_trf(id)
        .map_err(failure)?
        .ok_or_else(|| refused(&EventRefusal::NoSuchEvent(args.event.clone())))?;
    match args.format {
        ExportFormat::Trf => output::print(&text),
    }
}

fn import(args: &ImportArgs, lang: Lang) -> Result<u8, Failure> {
    let name = args.file.display().to_string();
    let file = crate::pair::read(&args.file, &name)?;
    let event = NewEvent {
        name: args
            .name
            .clone()
            .or_else(|| file.name.clone())
            .unwrap_or_else(|| {
                args.file
                    .file_stem()
                    .map_or_else(|| name.clone(), |s| s.to_string_lossy().into_owned())
            }),
        site: args.site.clone(),
        rules: rules(&args.rules)?,
        system: args.system.of(),
        rounds: None,
        tiebreaks: None,
    };
    let mut archive = args.archive.open()?;
    let run = done(archive.import_trf(&file, &event, &local_user(), None))?;
    if args.format == Format::Json {
        return json(&run);
    }
    said(
        msg!(
            "cli-event-imported",
            name = run.name.as_str(),
            id = run.id,
            players = run.players.len(),
            rounds = run.rounds.len()
        ),
        lang,
    )
}

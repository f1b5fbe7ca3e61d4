//! `songo pair`: the next round's pairs of a tournament report file, or a
//! check of every round it records, as JaVaFo and bbpPairings do.

use std::path::PathBuf;

use songo_notation::i18n::{Lang, Localize, Message};
use songo_notation::msg;
use songo_notation::tournament::{Pair, berger, dutch, format_pairs, trf};

use crate::input::cannot_read;
use crate::{EXIT_INVALID, EXIT_OK, Failure};

/// The largest TRF file read (a 9999-player, 99-round file is about 10 MB).
const MAX_TRF_BYTES: u64 = 16 * 1024 * 1024;

/// Pair the next round of a tournament (FIDE's TRF), or check its rounds.
///
/// Prints the number of pairs, then one pair a line: the first mover's
/// pairing number, then the other's (`N 0` for the bye). The first mover
/// plays chess's white. With --check, every round of the file is paired
/// again and compared with the file's, colours included.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo pair --system dutch event.trf
  songo pair --system dutch event.trf --check
  songo pair --system berger club.trf

The file needs `XXR <rounds>`, and `XXC white1` (or black1) before round 1.
Exit status: 0 paired (or every round checks), 1 a round differs or cannot be paired, 2 bad input.")]
pub(crate) struct Args {
    /// The pairing system.
    #[arg(long, value_enum)]
    system: System,
    /// The tournament report file.
    #[arg(value_name = "FILE.trf")]
    file: PathBuf,
    /// Check every round of the file instead of pairing the next.
    #[arg(long)]
    check: bool,
}

/// A pairing system.
#[derive(Clone, Copy, clap::ValueEnum)]
enum System {
    /// The Swiss Dutch system (FIDE C.04.3, 2025 rules).
    Dutch,
    /// Round robin by FIDE's Berger tables (C.05 Annex 1); double when
    /// XXR gives two cycles' rounds.
    Berger,
}

pub(crate) fn run(args: &Args, lang: Lang) -> Result<u8, Failure> {
    let name = args.file.display().to_string();
    let tournament = read(&args.file, &name)?;
    match (args.system, args.check) {
        (System::Dutch, false) => {
            let field =
                dutch::Field::next_round(&tournament).map_err(|e| field_error(&name, &e))?;
            let pairs = dutch::pair(&field)
                .map_err(|e| cannot_pair(&name, field_round(&tournament), &e))?;
            print!("{}", format_pairs(&pairs));
            Ok(EXIT_OK)
        }
        (System::Dutch, true) => {
            let mismatches = dutch::check(&tournament).map_err(|e| field_error(&name, &e))?;
            report(
                &name,
                lang,
                mismatches
                    .into_iter()
                    .map(|m| (m.round, m.expected.map_err(|e| e.to_string()))),
            )
        }
        (System::Berger, false) => {
            let round = dutch::rounds_paired(&tournament) + 1;
            let pairs = berger_round(&tournament, round).map_err(|e| input_error(&name, &e))?;
            print!("{}", format_pairs(&pairs));
            Ok(EXIT_OK)
        }
        (System::Berger, true) => {
            let rounds = dutch::rounds_paired(&tournament);
            let mut mismatches = Vec::new();
            for round in 1..=rounds {
                let pairs = berger_round(&tournament, round).map_err(|e| input_error(&name, &e))?;
                if !file_has(&tournament, round, &pairs) {
                    mismatches.push((round, Ok(pairs)));
                }
            }
            report(&name, lang, mismatches.into_iter())
        }
    }
}

pub(crate) fn read(path: &std::path::Path, name: &str) -> Result<trf::Tournament, Failure> {
    use std::io::Read as _;
    let file = std::fs::File::open(path).map_err(|e| cannot_read(name, &e))?;
    let mut bytes = Vec::new();
    file.take(MAX_TRF_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot_read(name, &e))?;
    if bytes.len() as u64 > MAX_TRF_BYTES {
        return Err(Failure::input(msg!(
            "cli-pair-too-large",
            name = name,
            most = MAX_TRF_BYTES
        )));
    }
    // TRF files from older programs are often Latin-1: read them as such
    // rather than refuse them.
    let text = String::from_utf8(bytes)
        .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| char::from(b)).collect());
    trf::parse(&text).map_err(|e| {
        Failure::input(msg!(
            "cli-pair-bad-trf",
            name = name,
            line = e.line,
            column = e.column,
            error = Message::verbatim(e.kind.to_string())
        ))
    })
}

fn input_error(name: &str, error: &dyn std::fmt::Display) -> Failure {
    Failure::input(msg!(
        "cli-pair-cannot",
        name = name,
        error = Message::verbatim(error.to_string())
    ))
}

/// What keeps a file's round from being paired, in the user's language.
fn field_error(name: &str, error: &dutch::FieldError) -> Failure {
    let reason = match error {
        dutch::FieldError::MissingNumber(number) => {
            msg!("cli-pair-missing-number", number = *number)
        }
        dutch::FieldError::NoRoundCount => msg!("cli-pair-no-round-count"),
        dutch::FieldError::TooManyRounds => msg!("cli-pair-all-rounds-played"),
        dutch::FieldError::NoInitialColour => msg!("cli-pair-no-initial-colour"),
    };
    Failure::input(msg!("cli-pair-cannot", name = name, error = reason))
}

fn field_round(tournament: &trf::Tournament) -> usize {
    dutch::Field::next_round(tournament).map_or(0, |_| dutch::rounds_paired(tournament) + 1)
}

fn cannot_pair(name: &str, round: usize, error: &dutch::DutchError) -> Failure {
    Failure::invalid(msg!(
        "cli-pair-no-pairing",
        name = name,
        round = round,
        error = Message::verbatim(error.to_string())
    ))
}

/// The Berger round robin's round for the file's players: double when the
/// file's number of rounds (XXR) is more than one cycle.
fn berger_round(
    tournament: &trf::Tournament,
    round: usize,
) -> Result<Vec<Pair>, berger::BergerError> {
    let players = tournament.players.len() as u32;
    let per_cycle = berger::rounds_per_cycle(players);
    let double = tournament.rounds.is_some_and(|r| r > per_cycle);
    berger::round(players, u32::try_from(round).unwrap_or(u32::MAX), double)
}

/// Whether the file's round has these pairs, colours included.
fn file_has(tournament: &trf::Tournament, round: usize, pairs: &[Pair]) -> bool {
    pairs.iter().all(|pair| {
        let entry = tournament
            .players
            .iter()
            .find(|p| p.number == pair.white)
            .and_then(|p| p.rounds.get(round - 1));
        entry.is_some_and(|e| e.opponent == pair.black && e.colour != Some(trf::Colour::Black))
    })
}

/// Prints the rounds that differ with the system's pairs; exit 1 if any.
fn report(
    name: &str,
    lang: Lang,
    mismatches: impl Iterator<Item = (usize, Result<Vec<Pair>, String>)>,
) -> Result<u8, Failure> {
    let mut any = false;
    for (round, expected) in mismatches {
        any = true;
        match expected {
            Ok(pairs) => {
                println!(
                    "{}",
                    msg!("cli-pair-differs", name = name, round = round).localize(lang)
                );
                print!("{}", format_pairs(&pairs));
            }
            Err(error) => {
                let error = Message::verbatim(error);
                let line = msg!(
                    "cli-pair-differs-unpairable",
                    name = name,
                    round = round,
                    error = error
                );
                println!("{}", line.localize(lang));
            }
        }
    }
    if any {
        Ok(EXIT_INVALID)
    } else {
        println!("{}", msg!("cli-pair-all-agree", name = name).localize(lang));
        Ok(EXIT_OK)
    }
}

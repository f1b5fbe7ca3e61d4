//! `songo archive show|edit|delete|restore|history`: a stored game
//! corrected with history. Every change is a revision with when, who
//! (the local user) and why; nothing is ever lost (`docs/archive.md`,
//! "Corrections").

use serde::Serialize;
use songo_archive::render;
use songo_archive::{Author, GameChange, History, Revised};
use songo_notation::i18n::{Lang, Localize};
use songo_notation::msg;

use super::{Where, failure};
use crate::{EXIT_INVALID, EXIT_OK, Failure, input, output};

/// Formats of a stored game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ShowFormat {
    /// A line about it, then its record.
    Text,
    /// The game as JSON: id, revision, record, tags, valid, violations, deleted.
    Json,
    /// Its record alone.
    Record,
}

/// Show a stored game: its current revision, or an older one.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive show 5f3a9c0e12ab34cd
  songo archive show 5f3a9c0e12ab34cd --revision 1 --format record

Exit status: 0, 2 no such game, usage or archive error.")]
pub(crate) struct ShowArgs {
    /// The game's id (16 hexadecimal digits, as searches list them).
    id: String,
    #[command(flatten)]
    archive: Where,
    /// An older revision's text (`archive history` lists them).
    #[arg(long, value_name = "N")]
    revision: Option<i64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ShowFormat::Text)]
    format: ShowFormat,
}

/// Correct a stored game: set or remove tags, replace its moves. A new revision; the old one is kept.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive edit 5f3a9c0e12ab34cd --tag 'South=Dora N.' --reason 'name misspelt'
  songo archive edit 5f3a9c0e12ab34cd --tag Round=4 --tag Site= --reason 'from the arbiter'
  songo archive edit 5f3a9c0e12ab34cd --moves corrected.songo --revision 2 --reason 'sheet retyped'

--tag Name= (empty) removes the tag. --moves takes a record file's move text (its tags
are left out). --revision N refuses the change if the game is no longer at revision N
(someone else changed it since you read it).

Exit status: 0 stored, 1 stored but the game now has violations, 2 no such game, a
stale revision, usage or archive error.")]
pub(crate) struct EditArgs {
    /// The game's id.
    id: String,
    /// A tag to set, as Name=Value (Name= removes it); repeat for several.
    #[arg(long = "tag", value_name = "NAME=VALUE", value_parser = parse_tag)]
    tags: Vec<(String, String)>,
    /// A record file (or - for stdin) whose move text replaces the game's.
    #[arg(long, value_name = "FILE")]
    moves: Option<String>,
    /// Why (kept with the revision).
    #[arg(long)]
    reason: String,
    #[command(flatten)]
    change: ChangeFlags,
}

/// Delete a stored game: it leaves every list, the standings and the explorer; its revisions stay readable.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive delete 5f3a9c0e12ab34cd --reason 'entered twice'

Exit status: 0, 2 no such game, already deleted, a stale revision, usage or archive error.")]
pub(crate) struct DeleteArgs {
    /// The game's id.
    id: String,
    /// Why (kept with the revision).
    #[arg(long)]
    reason: String,
    #[command(flatten)]
    change: ChangeFlags,
}

/// Restore a deleted game as its last text.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive restore 5f3a9c0e12ab34cd --reason 'played after all'

Exit status: 0, 2 no such game, not deleted, a stale revision, usage or archive error.")]
pub(crate) struct RestoreArgs {
    /// The game's id.
    id: String,
    /// Why (kept with the revision).
    #[arg(long)]
    reason: Option<String>,
    #[command(flatten)]
    change: ChangeFlags,
}

/// Every revision of a stored game: when, who, what and why.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive history 5f3a9c0e12ab34cd
  songo archive history 5f3a9c0e12ab34cd --format json

Exit status: 0, 2 no such game, usage or archive error.")]
pub(crate) struct HistoryArgs {
    /// The game's id.
    id: String,
    #[command(flatten)]
    archive: Where,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ChangeFormat::Text)]
    format: ChangeFormat,
}

/// What every change takes: the archive, the revision it is made on,
/// the output's form.
#[derive(clap::Args)]
pub(crate) struct ChangeFlags {
    #[command(flatten)]
    archive: Where,
    /// The revision the change is made on: refused if the game is no longer at it.
    #[arg(long, value_name = "N")]
    revision: Option<i64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ChangeFormat::Text)]
    format: ChangeFormat,
}

/// Formats of a change and of a history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ChangeFormat {
    /// Words for people.
    Text,
    /// JSON.
    Json,
}

/// `Name=Value` as a tag to set.
fn parse_tag(text: &str) -> Result<(String, String), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is no Name=Value"))?;
    let name = name.trim();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("`{name}` is no tag name (letters, digits and _)"));
    }
    if value.contains(['\n', '\r']) {
        return Err("a tag's value is one line".to_owned());
    }
    Ok((name.to_owned(), value.trim().to_owned()))
}

fn no_such_game(id: &str) -> Failure {
    failure(songo_archive::ArchiveError::NoSuchGame(id.to_owned()))
}

pub(crate) fn show(args: &ShowArgs, lang: Lang) -> Result<u8, Failure> {
    let mut archive = args.archive.open()?;
    let game = archive
        .game(&args.id)
        .map_err(failure)?
        .ok_or_else(|| no_such_game(&args.id))?;
    let record = match args.revision {
        None => game.record.clone(),
        Some(wanted) => {
            let history = archive
                .history(&args.id)
                .map_err(failure)?
                .ok_or_else(|| no_such_game(&args.id))?;
            history
                .revisions
                .into_iter()
                .find(|revision| revision.revision == wanted)
                .map(|revision| revision.record)
                .ok_or_else(|| {
                    Failure::input(msg!(
                        "archive-no-such-revision",
                        id = args.id.as_str(),
                        revision = wanted,
                        last = game.revision
                    ))
                })?
        }
    };
    let text = match args.format {
        ShowFormat::Record => format!("{}\n", record.trim_end()),
        ShowFormat::Json if args.revision.is_none() => {
            output::serialize(&game, crate::flags::ReportFormat::Json)?
        }
        ShowFormat::Json => {
            #[derive(Serialize)]
            struct Old<'a> {
                id: &'a str,
                revision: Option<i64>,
                record: &'a str,
            }
            output::serialize(
                &Old {
                    id: &game.summary.id,
                    revision: args.revision,
                    record: &record,
                },
                crate::flags::ReportFormat::Json,
            )?
        }
        ShowFormat::Text => {
            let mut out = render::game_line(&game.summary, lang);
            out.push('\n');
            out.push_str(
                &msg!(
                    "archive-revision-line",
                    revision = args.revision.unwrap_or(game.revision),
                    last = game.revision,
                    deleted = if game.deleted { "yes" } else { "no" }
                )
                .localize(lang),
            );
            out.push_str("\n\n");
            out.push_str(record.trim_end());
            out.push('\n');
            out
        }
    };
    output::print(&text)
}

pub(crate) fn edit(args: &EditArgs, lang: Lang) -> Result<u8, Failure> {
    let moves = match &args.moves {
        Some(argument) => Some(input::read_argument(argument)?.1),
        None => None,
    };
    if args.tags.is_empty() && moves.is_none() {
        return Err(Failure::input(msg!("archive-edit-nothing")));
    }
    let mut archive = args.change.archive.open()?;
    let by = songo_archive::local_user();
    let revised = archive
        .edit(
            &args.id,
            args.change.revision,
            &GameChange {
                tags: args.tags.clone(),
                moves,
            },
            Author {
                account: None,
                by: &by,
                reason: Some(&args.reason),
            },
        )
        .map_err(failure)?;
    let valid = archive
        .game(&args.id)
        .map_err(failure)?
        .is_none_or(|game| game.summary.valid);
    report_change(&revised, args.change.format, lang)?;
    Ok(if valid { EXIT_OK } else { EXIT_INVALID })
}

pub(crate) fn delete(args: &DeleteArgs, lang: Lang) -> Result<u8, Failure> {
    let mut archive = args.change.archive.open()?;
    let by = songo_archive::local_user();
    let revised = archive
        .delete(
            &args.id,
            args.change.revision,
            Author {
                account: None,
                by: &by,
                reason: Some(&args.reason),
            },
        )
        .map_err(failure)?;
    report_change(&revised, args.change.format, lang)
}

pub(crate) fn restore(args: &RestoreArgs, lang: Lang) -> Result<u8, Failure> {
    let mut archive = args.change.archive.open()?;
    let by = songo_archive::local_user();
    let revised = archive
        .restore(
            &args.id,
            args.change.revision,
            Author {
                account: None,
                by: &by,
                reason: args.reason.as_deref(),
            },
        )
        .map_err(failure)?;
    report_change(&revised, args.change.format, lang)
}

/// What a change made, in words or JSON.
fn report_change(revised: &Revised, format: ChangeFormat, lang: Lang) -> Result<u8, Failure> {
    let text = match format {
        ChangeFormat::Json => output::serialize(revised, crate::flags::ReportFormat::Json)?,
        ChangeFormat::Text => {
            msg!(
                "archive-changed",
                id = revised.id.as_str(),
                revision = revised.revision,
                deleted = if revised.deleted { "yes" } else { "no" }
            )
            .localize(lang)
                + "\n"
        }
    };
    output::print(&text)
}

pub(crate) fn history(args: &HistoryArgs, lang: Lang) -> Result<u8, Failure> {
    let mut archive = args.archive.open()?;
    let history = archive
        .history(&args.id)
        .map_err(failure)?
        .ok_or_else(|| no_such_game(&args.id))?;
    let text = match args.format {
        ChangeFormat::Json => output::serialize(&history, crate::flags::ReportFormat::Json)?,
        ChangeFormat::Text => history_text(&history, lang),
    };
    output::print(&text)
}

/// A line a revision: its number, when, what, who and why.
fn history_text(history: &History, lang: Lang) -> String {
    let mut out = String::new();
    for revision in &history.revisions {
        out.push_str(
            &msg!(
                "archive-history-line",
                revision = revision.revision,
                at = revision.at.as_str(),
                action = revision.action.as_str(),
                by = revision.by.as_str()
            )
            .localize(lang),
        );
        if let Some(reason) = &revision.reason {
            out.push_str(": ");
            out.push_str(reason);
        }
        out.push('\n');
    }
    out
}

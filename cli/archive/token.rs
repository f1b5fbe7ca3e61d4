//! `songo archive token add|revoke|list`: the accounts that read and
//! write the archive over HTTP (`songo serve`), each with a token of its
//! own. The store is the service's (`songo_archive::Account`).

use serde::Serialize;
use songo_archive::{AccountError, AccountRow, Scope};
use songo_notation::i18n::{Lang, Localize};
use songo_notation::msg;

use super::{Where, failure};
use crate::{EXIT_OK, Failure, output};

/// Make, revoke and list the tokens that read and write the archive over HTTP.
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    Add(AddArgs),
    Revoke(RevokeArgs),
    List(ListArgs),
}

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// For people.
    Text,
    /// JSON.
    Json,
}

/// `--scope`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ScopeArg {
    /// The archive's reading routes, on a server started with --private.
    Read,
    /// Reading, and writing the games of its club's events.
    Write,
    /// Reading, and writing any game.
    Admin,
}

impl From<ScopeArg> for Scope {
    fn from(scope: ScopeArg) -> Scope {
        match scope {
            ScopeArg::Read => Scope::Read,
            ScopeArg::Write => Scope::Write,
            ScopeArg::Admin => Scope::Admin,
        }
    }
}

/// Make an account and print its token, this once: the archive keeps only its SHA-256.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive token add club-yaounde --scope write --club 'Club de Yaoundé'
  songo archive token add results-page --scope read
  songo archive token add keeper --scope admin --format json

The token (songo_ and 64 hexadecimal digits) goes to stdout alone, so that
TOKEN=$(songo archive token add …) keeps it; keep it now, it is never shown
again. Send it as Authorization: Bearer TOKEN.

A write token writes the games of its club's events: an event belongs to the
club whose token first stored a game of it. A game without an Event tag may be
written by any write token. An admin token writes any game.

Exit status: 0, 2 usage or archive error (a name taken, a write token without --club).")]
struct AddArgs {
    /// The account's name, which its writes record: letters, digits, ., _, - or @.
    #[arg(value_name = "NAME")]
    name: String,
    /// What the token may do.
    #[arg(long, value_enum)]
    scope: ScopeArg,
    /// The club whose events a write token writes (write tokens only).
    #[arg(long, value_name = "CLUB")]
    club: Option<String>,
    #[command(flatten)]
    archive: Where,
    /// Output format: the token alone, or {"name", "scope", "club", "token"}.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Revoke an account: its token opens nothing any more (the account stays listed, and what it wrote still names it).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive token revoke club-yaounde

Revoking an account revoked already changes nothing. A revoked account's name
cannot be given to a new one: make the new account under another name.

Exit status: 0, 2 no such account or archive error.")]
struct RevokeArgs {
    /// The account's name.
    #[arg(value_name = "NAME")]
    name: String,
    #[command(flatten)]
    archive: Where,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// List the accounts: name, scope, club, when made, last used and revoked (never a token).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  songo archive token list
  songo archive token list --format json

Exit status: 0, 2 archive error.")]
struct ListArgs {
    #[command(flatten)]
    archive: Where,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

fn account_failure(error: AccountError) -> Failure {
    if let AccountError::Archive(error) = error {
        return failure(error);
    }
    let mut failure = Failure::input(error.message());
    if let Some(hint) = error.hint() {
        failure = failure.with_hint(hint);
    }
    failure
}

fn add(args: &AddArgs, lang: Lang) -> Result<u8, Failure> {
    let mut archive = args.archive.open()?;
    let made = archive
        .add_account(&args.name, args.scope.into(), args.club.as_deref())
        .map_err(account_failure)?;
    match args.format {
        Format::Json => {
            output::print(&output::serialize(&made, crate::flags::ReportFormat::Json)?)?
        }
        Format::Text => {
            // The token alone on stdout; what to do with it on stderr.
            output::print(&format!("{}\n", made.token))?;
            eprintln!(
                "{}",
                msg!("account-token-shown-once", name = made.name.as_str()).localize(lang)
            );
            EXIT_OK
        }
    };
    Ok(EXIT_OK)
}

/// What `revoke --format json` prints.
#[derive(Serialize)]
struct Revoked<'a> {
    name: &'a str,
    revoked: bool,
    /// Whether it was revoked before this command.
    already: bool,
}

fn revoke(args: &RevokeArgs, lang: Lang) -> Result<u8, Failure> {
    let mut archive = args.archive.open()?;
    let now = archive
        .revoke_account(&args.name)
        .map_err(account_failure)?;
    let text = match args.format {
        Format::Json => output::serialize(
            &Revoked {
                name: &args.name,
                revoked: true,
                already: !now,
            },
            crate::flags::ReportFormat::Json,
        )?,
        Format::Text => {
            let name = args.name.as_str();
            let message = if now {
                msg!("account-revoked", name = name)
            } else {
                msg!("account-already-revoked", name = name)
            };
            format!("{}\n", message.localize(lang))
        }
    };
    output::print(&text)
}

/// What `list --format json` prints.
#[derive(Serialize)]
struct AccountList {
    accounts: Vec<AccountRow>,
}

fn list(args: &ListArgs, lang: Lang) -> Result<u8, Failure> {
    let mut archive = args.archive.open()?;
    let accounts = archive.accounts().map_err(failure)?;
    let text = match args.format {
        Format::Json => {
            output::serialize(&AccountList { accounts }, crate::flags::ReportFormat::Json)?
        }
        Format::Text if accounts.is_empty() => format!("{}\n", msg!("account-none").localize(lang)),
        Format::Text => table(&accounts, lang),
    };
    output::print(&text)
}

/// The accounts in aligned columns, `-` where a value is missing.
fn table(accounts: &[AccountRow], lang: Lang) -> String {
    let headings = [
        msg!("account-col-name"),
        msg!("account-col-scope"),
        msg!("account-col-club"),
        msg!("account-col-created"),
        msg!("account-col-last-used"),
        msg!("account-col-revoked"),
    ]
    .map(|heading| heading.localize(lang));
    let dash = || "-".to_owned();
    let mut rows = vec![headings.to_vec()];
    rows.extend(accounts.iter().map(|account| {
        vec![
            account.name.clone(),
            account.scope.as_str().to_owned(),
            account.club.clone().unwrap_or_else(dash),
            account.created.clone(),
            account.last_used.clone().unwrap_or_else(dash),
            account.revoked.clone().unwrap_or_else(dash),
        ]
    }));
    let mut widths = [0usize; 6];
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in &rows {
        let mut line = String::new();
        for (i, (cell, width)) in row.iter().zip(widths).enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            line.push_str(cell);
            line.extend(std::iter::repeat_n(' ', width - cell.chars().count()));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

pub(crate) fn run(args: &Args, lang: Lang) -> Result<u8, Failure> {
    match &args.command {
        Command::Add(args) => add(args, lang),
        Command::Revoke(args) => revoke(args, lang),
        Command::List(args) => list(args, lang),
    }
}

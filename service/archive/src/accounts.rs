//! Accounts: who may read and write the archive over HTTP, each with a
//! token of its own (`songo archive token add|revoke|list`).
//!
//! A token is 32 random bytes of the operating system, written as
//! `songo_` and 64 hexadecimal digits. It is shown once, when it is made;
//! the archive keeps only its SHA-256, and finds an account by that hash
//! (the token is a high-entropy secret: no one finds it back from its
//! hash, and a look-up by hash reveals nothing of it). A revoked account
//! stays, so that what it wrote still names it.
//!
//! An event belongs to the club of the first `write` account that stored
//! a game of it (`event_clubs`); the other clubs' write tokens may not add
//! games to it.

use serde::Serialize;
use sha2::{Digest, Sha256};
use songo_notation::i18n::Message;
use songo_notation::msg;
use songo_notation::record::{Tags, names};

use super::db::Value;
use super::{Archive, ArchiveError, BatchOutcome, Prepared};

/// What a token allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// The reading routes, when the server is private (`songo serve --private`).
    Read,
    /// Reading, and writing the games of its club's events.
    Write,
    /// Reading, and writing any game.
    Admin,
}

impl Scope {
    /// Its name: `read`, `write`, `admin`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Read => "read",
            Scope::Write => "write",
            Scope::Admin => "admin",
        }
    }

    /// The scope of a name.
    #[must_use]
    pub fn parse(text: &str) -> Option<Scope> {
        match text {
            "read" => Some(Scope::Read),
            "write" => Some(Scope::Write),
            "admin" => Some(Scope::Admin),
            _ => None,
        }
    }

    /// Whether it allows what `needed` allows (each scope allows the
    /// scopes before it).
    #[must_use]
    pub fn allows(self, needed: Scope) -> bool {
        self >= needed
    }
}

/// Who made a request: an account's name, scope and club.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Account {
    /// Its name, unique in the archive: what its writes record.
    pub name: String,
    /// What it may do.
    pub scope: Scope,
    /// The club whose events it writes (`write` accounts).
    pub club: Option<String>,
}

/// The name of the admin account that the token of `songo serve
/// --archive-token-file` (or `$SONGO_ARCHIVE_TOKEN`) stands for: it has a
/// space, which no account of the archive has, so it is no one else.
pub const SERVE_TOKEN_ACCOUNT: &str = "serve --archive-token-file";

/// The name reads record on a server whose reads need no token.
pub const ANONYMOUS: &str = "anonymous";

/// An account as listed: never its token nor its hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AccountRow {
    /// Its name.
    pub name: String,
    /// What it may do.
    pub scope: Scope,
    /// Its club, if any.
    pub club: Option<String>,
    /// When it was made (RFC 3339, UTC).
    pub created: String,
    /// When it was revoked, if it was.
    pub revoked: Option<String>,
    /// When its token was last used (to the minute), if ever.
    pub last_used: Option<String>,
}

/// A new account and its token: the only time the token is seen.
#[derive(Clone, PartialEq, Eq, Serialize)]
pub struct NewAccount {
    /// Its name.
    pub name: String,
    /// What it may do.
    pub scope: Scope,
    /// Its club, if any.
    pub club: Option<String>,
    /// The token, in clear: shown once, kept nowhere.
    pub token: String,
}

impl std::fmt::Debug for NewAccount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NewAccount")
            .field("name", &self.name)
            .field("scope", &self.scope)
            .field("club", &self.club)
            .finish_non_exhaustive()
    }
}

/// What a token's look-up found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// A live account; `last_used` in seconds since 1970, if ever used.
    Live {
        /// The account.
        account: Account,
        /// When its token was last used.
        last_used: Option<i64>,
    },
    /// The token of an account that was revoked.
    Revoked(String),
    /// No account has this token.
    Unknown,
}

/// An event already claimed by another club than the writer's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtherClubsEvent {
    /// The Event tag.
    pub event: String,
    /// The Site tag (empty when the games have none).
    pub site: String,
    /// The club it belongs to.
    pub club: String,
}

/// What went wrong making or revoking an account.
#[derive(Debug)]
pub enum AccountError {
    /// The archive failed.
    Archive(ArchiveError),
    /// A name that is no account name.
    BadName(String),
    /// A club name that is empty or too long.
    BadClub(String),
    /// An account of that name exists (perhaps revoked).
    Exists(String),
    /// No account of that name.
    Unknown(String),
    /// A `write` account without `--club`.
    ClubNeeded,
    /// `--club` for a scope that has no club.
    ClubNotForScope(Scope),
    /// The operating system gave no random bytes.
    NoRandomness(String),
}

impl AccountError {
    /// What happened, in words for people.
    #[must_use]
    pub fn message(&self) -> Message {
        match self {
            AccountError::Archive(error) => error.message(),
            AccountError::BadName(name) => msg!(
                "account-bad-name",
                name = name.as_str(),
                most = MAX_NAME_CHARS
            ),
            AccountError::BadClub(club) => msg!(
                "account-bad-club",
                club = club.as_str(),
                most = MAX_NAME_CHARS
            ),
            AccountError::Exists(name) => msg!("account-exists", name = name.as_str()),
            AccountError::Unknown(name) => msg!("account-unknown", name = name.as_str()),
            AccountError::ClubNeeded => msg!("account-club-needed"),
            AccountError::ClubNotForScope(scope) => {
                msg!("account-club-not-for-scope", scope = scope.as_str())
            }
            AccountError::NoRandomness(cause) => {
                msg!("account-no-randomness", cause = cause.as_str())
            }
        }
    }

    /// How to fix it, when there is something to say.
    #[must_use]
    pub fn hint(&self) -> Option<Message> {
        match self {
            AccountError::Archive(error) => error.hint(),
            AccountError::Exists(_) => Some(msg!("hint-account-exists")),
            AccountError::Unknown(_) => Some(msg!("hint-account-list")),
            _ => None,
        }
    }
}

impl From<ArchiveError> for AccountError {
    fn from(error: ArchiveError) -> AccountError {
        AccountError::Archive(error)
    }
}

impl From<super::db::DbError> for AccountError {
    fn from(error: super::db::DbError) -> AccountError {
        AccountError::Archive(error.into())
    }
}

/// The longest account or club name, in characters.
pub const MAX_NAME_CHARS: usize = 64;

/// The prefix of every token: a secret scanner (or a person) knows one
/// when it sees one.
pub const TOKEN_PREFIX: &str = "songo_";

/// A new token: `songo_` and 32 random bytes of the operating system in
/// hexadecimal.
///
/// # Errors
/// The operating system has no random bytes to give.
pub fn new_token() -> Result<String, AccountError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| AccountError::NoRandomness(e.to_string()))?;
    Ok(format!("{TOKEN_PREFIX}{}", hex(&bytes)))
}

/// The SHA-256 of a token, in hexadecimal: what the archive keeps.
#[must_use]
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes
        .iter()
        .fold(String::with_capacity(2 * bytes.len()), |mut out, byte| {
            let _ = write!(out, "{byte:02x}");
            out
        })
}

/// Whether `name` may name an account: letters, digits, `.`, `_`, `-`
/// and `@`, at most [`MAX_NAME_CHARS`] of them: it goes in logs, in
/// revisions and on command lines as it is. [`ANONYMOUS`] is taken.
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.chars().count() <= MAX_NAME_CHARS
        && name != ANONYMOUS
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-' | '@'))
}

/// Seconds since 1970.
pub(crate) fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0))
}

/// Seconds since 1970 as RFC 3339 in UTC (`2025-04-04T18:30:00Z`).
#[must_use]
pub fn rfc3339(seconds: i64) -> String {
    let days = seconds.div_euclid(86_400);
    let second_of_day = seconds.rem_euclid(86_400);
    let (year, month, day) = civil_date(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        second_of_day / 3600,
        second_of_day % 3600 / 60,
        second_of_day % 60
    )
}

/// The proleptic Gregorian date `days` after 1970-01-01: counted in eras
/// of 400 years (146,097 days), each starting on a 1st of March so that a
/// leap day ends its year.
fn civil_date(days: i64) -> (i64, i64, i64) {
    let shifted = days + 719_468; // from 0000-03-01
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Who imports from the command line: the local user (`$USER`,
/// `$USERNAME`), else `local`.
#[must_use]
pub fn local_user() -> String {
    ["USER", "USERNAME"]
        .iter()
        .find_map(|name| {
            std::env::var(name)
                .ok()
                .filter(|value| !value.trim().is_empty())
        })
        .map_or_else(|| "local".to_owned(), |user| user.trim().to_owned())
}

/// The event a game belongs to, for its club: its Event tag and its Site
/// (empty when absent or `?`); none when it names no event (`?` or nothing).
fn event_of(tags: &Tags) -> Option<(String, String)> {
    let event = tags.get(names::EVENT)?.trim();
    if event.is_empty() || event == "?" {
        return None;
    }
    let site = tags.get(names::SITE).unwrap_or_default().trim();
    let site = if site == "?" { "" } else { site };
    Some((event.to_owned(), site.to_owned()))
}

impl Archive {
    /// Makes an account and its token, which is returned once and kept
    /// only as its hash. A `write` account needs a club; the others have
    /// none.
    ///
    /// # Errors
    /// A bad name or club, a name taken, no randomness, the database.
    pub fn add_account(
        &mut self,
        name: &str,
        scope: Scope,
        club: Option<&str>,
    ) -> Result<NewAccount, AccountError> {
        if !valid_name(name) {
            return Err(AccountError::BadName(name.to_owned()));
        }
        let club = club.map(str::trim);
        match (scope, club) {
            (Scope::Write, None) => return Err(AccountError::ClubNeeded),
            (Scope::Read | Scope::Admin, Some(_)) => {
                return Err(AccountError::ClubNotForScope(scope));
            }
            (_, Some(club)) if club.is_empty() || club.chars().count() > MAX_NAME_CHARS => {
                return Err(AccountError::BadClub(club.to_owned()));
            }
            _ => {}
        }
        let token = new_token()?;
        let added = self.db.execute(
            "INSERT INTO accounts (name, scope, club, token_hash, created) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name) DO NOTHING",
            &[
                name.into(),
                scope.as_str().into(),
                club.into(),
                token_hash(&token).into(),
                now().into(),
            ],
        )?;
        if added == 0 {
            return Err(AccountError::Exists(name.to_owned()));
        }
        Ok(NewAccount {
            name: name.to_owned(),
            scope,
            club: club.map(str::to_owned),
            token,
        })
    }

    /// Revokes an account: its token no longer opens anything. `false`
    /// when it was revoked already.
    ///
    /// # Errors
    /// No such account, the database.
    pub fn revoke_account(&mut self, name: &str) -> Result<bool, AccountError> {
        let changed = self.db.execute(
            "UPDATE accounts SET revoked = $1 WHERE name = $2 AND revoked IS NULL",
            &[now().into(), name.into()],
        )?;
        if changed > 0 {
            return Ok(true);
        }
        let known = self
            .db
            .query("SELECT 1 FROM accounts WHERE name = $1", &[name.into()])?;
        if known.is_empty() {
            return Err(AccountError::Unknown(name.to_owned()));
        }
        Ok(false)
    }

    /// Every account, by name, without its token or hash.
    ///
    /// # Errors
    /// The database fails.
    pub fn accounts(&mut self) -> Result<Vec<AccountRow>, ArchiveError> {
        let rows = self.db.query(
            "SELECT name, scope, club, created, revoked, last_used FROM accounts ORDER BY name",
            &[],
        )?;
        Ok(rows
            .iter()
            .map(|row| {
                let text = |i: usize| row.get(i).and_then(Value::text).map(str::to_owned);
                let time = |i: usize| row.get(i).and_then(Value::int).map(rfc3339);
                AccountRow {
                    name: text(0).unwrap_or_default(),
                    scope: text(1)
                        .as_deref()
                        .and_then(Scope::parse)
                        .unwrap_or(Scope::Read),
                    club: text(2),
                    created: time(3).unwrap_or_default(),
                    revoked: time(4),
                    last_used: time(5),
                }
            })
            .collect())
    }

    /// The account a token opens, found by the token's hash.
    ///
    /// # Errors
    /// The database fails.
    pub fn account_by_token(&mut self, token: &str) -> Result<Found, ArchiveError> {
        let rows = self.db.query(
            "SELECT name, scope, club, revoked, last_used FROM accounts WHERE token_hash = $1",
            &[token_hash(token).into()],
        )?;
        let Some(row) = rows.first() else {
            return Ok(Found::Unknown);
        };
        let text = |i: usize| row.get(i).and_then(Value::text).map(str::to_owned);
        let name = text(0).unwrap_or_default();
        if row.get(3).and_then(Value::int).is_some() {
            return Ok(Found::Revoked(name));
        }
        // A scope this songo does not know opens nothing.
        let Some(scope) = text(1).as_deref().and_then(Scope::parse) else {
            return Ok(Found::Unknown);
        };
        Ok(Found::Live {
            account: Account {
                name,
                scope,
                club: text(2),
            },
            last_used: row.get(4).and_then(Value::int),
        })
    }

    /// Records that an account's token was used `at` (seconds since 1970).
    ///
    /// # Errors
    /// The database fails.
    pub fn touch_account(&mut self, name: &str, at: i64) -> Result<(), ArchiveError> {
        self.db.execute(
            "UPDATE accounts SET last_used = $1 WHERE name = $2",
            &[at.into(), name.into()],
        )?;
        Ok(())
    }

    /// Whether a live account may write (then a request without a token is
    /// told to send one, not that the archive is read-only).
    ///
    /// # Errors
    /// The database fails.
    pub fn has_writers(&mut self) -> Result<bool, ArchiveError> {
        let rows = self.db.query(
            "SELECT 1 FROM accounts WHERE revoked IS NULL AND scope IN ('write', 'admin') LIMIT 1",
            &[],
        )?;
        Ok(!rows.is_empty())
    }

    /// The club an event belongs to, if a club claimed it.
    ///
    /// # Errors
    /// The database fails.
    pub fn event_club(&mut self, event: &str, site: &str) -> Result<Option<String>, ArchiveError> {
        let rows = self.db.query(
            "SELECT club FROM event_clubs WHERE event = $1 AND site = $2",
            &[event.into(), site.into()],
        )?;
        Ok(rows
            .first()
            .and_then(|row| row.first())
            .and_then(Value::text)
            .map(str::to_owned))
    }

    /// Who imported a game (an account, or the local user of a command-line
    /// import); `None` for an unknown game or one imported before accounts.
    ///
    /// # Errors
    /// The database fails.
    pub fn imported_by(&mut self, id: &str) -> Result<Option<String>, ArchiveError> {
        let Some(identity) = super::ingest::identity_of(id) else {
            return Ok(None);
        };
        let rows = self.db.query(
            "SELECT imported_by FROM games WHERE identity = $1",
            &[identity.into()],
        )?;
        Ok(rows
            .first()
            .and_then(|row| row.first())
            .and_then(Value::text)
            .map(str::to_owned))
    }

    /// Stores games as `account` wrote them, in one transaction: each new
    /// game records the account's name. A `write` account's club claims
    /// the events of the games that no club holds yet; a game of another
    /// club's event stops the whole batch (nothing is stored) with that
    /// event's club.
    ///
    /// # Errors
    /// The database fails (nothing is stored).
    pub fn import_as(
        &mut self,
        games: &[Prepared],
        account: &Account,
    ) -> Result<Result<BatchOutcome, OtherClubsEvent>, ArchiveError> {
        self.begin_for(games)?;
        let claimed = match (account.scope, &account.club) {
            (Scope::Write, Some(club)) => self.claim_events(games, club),
            _ => Ok(None),
        };
        let stored = claimed.and_then(|other| match other {
            Some(other) => Ok(Err(other)),
            None => self.add_by(games, Some(&account.name)).map(Ok),
        });
        match stored {
            Ok(Ok(outcome)) => {
                self.commit()?;
                Ok(Ok(outcome))
            }
            Ok(Err(other)) => {
                self.rollback();
                Ok(Err(other))
            }
            Err(error) => {
                self.rollback();
                Err(error)
            }
        }
    }

    /// Whether `account` may write a game with these `tags`, within the
    /// open transaction: `None` when it may (an admin, a game of no event,
    /// an event of the account's club, or of no club yet, which this
    /// claims for it), else the event and the club that holds it. For a
    /// route that changes a stored game: ask for its tags before and after
    /// the change, then roll back on a refusal.
    ///
    /// # Errors
    /// The database fails.
    pub fn claim_event(
        &mut self,
        account: &Account,
        tags: &Tags,
    ) -> Result<Option<OtherClubsEvent>, ArchiveError> {
        match (account.scope, &account.club, event_of(tags)) {
            (Scope::Write, Some(club), Some((event, site))) => self.claim(club, event, site),
            _ => Ok(None),
        }
    }

    /// Claims for `club` the events of `games` no club holds, within the
    /// open transaction; the first event another club holds, if any.
    pub(crate) fn claim_events(
        &mut self,
        games: &[Prepared],
        club: &str,
    ) -> Result<Option<OtherClubsEvent>, ArchiveError> {
        let mut events: Vec<(String, String)> = games
            .iter()
            .filter_map(|game| event_of(&game.tags))
            .collect();
        events.sort();
        events.dedup();
        for (event, site) in events {
            if let Some(other) = self.claim(club, event, site)? {
                return Ok(Some(other));
            }
        }
        Ok(None)
    }

    /// Claims one event for `club` if no club holds it; the club that does
    /// if another. Two clubs claiming one event at once: the second's
    /// insert waits for the first's commit, then finds it taken.
    fn claim(
        &mut self,
        club: &str,
        event: String,
        site: String,
    ) -> Result<Option<OtherClubsEvent>, ArchiveError> {
        self.db.execute(
            "INSERT INTO event_clubs (event, site, club) VALUES ($1, $2, $3) \
             ON CONFLICT (event, site) DO NOTHING",
            &[event.as_str().into(), site.as_str().into(), club.into()],
        )?;
        Ok(match self.event_club(&event, &site)? {
            Some(owner) if owner != club => Some(OtherClubsEvent {
                event,
                site,
                club: owner,
            }),
            _ => None,
        })
    }
}

/// How often an account's last use is written, in seconds: a token used
/// for every request does not make every request a write.
const TOUCH_EVERY: i64 = 60;

impl super::Store {
    /// Whether to write that `name` was used `at` (seconds since 1970):
    /// when its row says it was not used within the last minute and this
    /// server has not written it within the last minute either (so that
    /// a burst of requests writes once).
    #[must_use]
    pub fn should_touch(&self, name: &str, last_used: Option<i64>, at: i64) -> bool {
        if last_used.is_some_and(|last| at - last < TOUCH_EVERY) {
            return false;
        }
        let Ok(mut touched) = self.touched.lock() else {
            return false;
        };
        if touched
            .get(name)
            .is_some_and(|&last| at - last < TOUCH_EVERY)
        {
            return false;
        }
        touched.insert(name.to_owned(), at);
        true
    }
}

/// How long a token's live account is known to a server without being
/// looked up again, for posts: their commit checks that it is still live
/// (`group.rs`), so that a revoked token stores nothing.
const KNOWN_FOR: std::time::Duration = std::time::Duration::from_secs(60);

/// Tokens a server knows the accounts of at most (then it forgets them all).
const KNOWN_TOKENS: usize = 1024;

impl super::Store {
    /// The live account of `token` if a post found it within the last
    /// minute ([`super::Store::know_account`]): a post sent with it needs
    /// no look-up of its own, its commit checking that the account was not
    /// revoked since ([`super::Post::recheck`]).
    #[must_use]
    pub fn known_account(&self, token: &str) -> Option<Account> {
        let known = self.known.lock().ok()?;
        let (account, since) = known.get(&token_hash(token))?;
        (since.elapsed() < KNOWN_FOR).then(|| account.clone())
    }

    /// Keeps `token`'s live `account` for [`super::Store::known_account`].
    pub fn know_account(&self, token: &str, account: &Account) {
        if let Ok(mut known) = self.known.lock() {
            if known.len() >= KNOWN_TOKENS {
                known.clear();
            }
            known.insert(
                token_hash(token),
                (account.clone(), std::time::Instant::now()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_written_in_rfc_3339() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(1_743_791_400), "2025-04-04T18:30:00Z");
        assert_eq!(rfc3339(4_107_542_399), "2100-02-28T23:59:59Z");
        assert_eq!(rfc3339(-1), "1969-12-31T23:59:59Z");
    }

    #[test]
    fn tokens_are_random_prefixed_and_hashed() {
        let (a, b) = (new_token().expect("a token"), new_token().expect("a token"));
        assert_ne!(a, b);
        assert!(a.starts_with(TOKEN_PREFIX), "{a}");
        assert_eq!(a.len(), TOKEN_PREFIX.len() + 64);
        let hash = token_hash(&a);
        assert_eq!(hash.len(), 64);
        assert!(!hash.contains(&a[TOKEN_PREFIX.len()..]));
        // SHA-256 of "abc" (FIPS 180-2's example).
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn names_are_plain_and_short() {
        for good in ["club-a", "Kofi.A", "keeper@club", "Nadège"] {
            assert!(valid_name(good), "{good}");
        }
        for bad in [
            "",
            "a b",
            SERVE_TOKEN_ACCOUNT,
            ANONYMOUS,
            "x\n",
            &"a".repeat(65),
        ] {
            assert!(!valid_name(bad), "{bad:?}");
        }
    }

    #[test]
    fn scopes_allow_the_ones_below() {
        assert!(Scope::Admin.allows(Scope::Write));
        assert!(Scope::Write.allows(Scope::Read));
        assert!(!Scope::Read.allows(Scope::Write));
        assert!(!Scope::Write.allows(Scope::Admin));
    }
}

//! Who a request is, and whether it may do what it asks: its bearer
//! token looked up among the archive's accounts (`archive::accounts`).
//! Every route that reads or writes the archive calls [`authorize`] once;
//! writes record the name of the account it returns.
//!
//! - Reads need no token, unless the server is private (`songo serve
//!   --private`): then any live account's token (`read` and up).
//! - Writes need a `write` token (the games of its club's events) or an
//!   `admin` one (any game); the token of `songo serve
//!   --archive-token-file` is an admin account of its own.
//! - No token, an unknown or a revoked one: 401 with `WWW-Authenticate:
//!   Bearer`; a scope too narrow: 403. A write to an archive that no token
//!   may write (no server token, no live write or admin account): 403,
//!   read-only.
//!
//! The token is never logged nor kept: only its hash is looked up.

use songo_notation::msg;
use tokio::time::Instant;
use warp::http::HeaderMap;
use warp::http::header::AUTHORIZATION;

use crate::archive::{
    ANONYMOUS, Account, ArchiveError, Found, OtherClubsEvent, SERVE_TOKEN_ACCOUNT, Scope, Store,
};
use crate::plumbing::{self, State};
use crate::problem::{Kind, Problem};

/// What a route needs of its caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Need {
    /// To read the archive: nothing, unless the server is private.
    Read,
    /// To write games (each checked against its event's club after).
    Write,
}

impl Need {
    fn scope(self) -> Scope {
        match self {
            Need::Read => Scope::Read,
            Need::Write => Scope::Write,
        }
    }
}

/// The token of an `Authorization: Bearer TOKEN` header; the scheme's
/// case does not matter (RFC 9110, section 11.1). Another scheme, or no
/// header, is no token.
pub(crate) fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(AUTHORIZATION)?.to_str().ok()?.trim();
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

/// The account a request acts as, if it may do what it `need`s: see the
/// module's documentation for the answers. A public read acts as
/// [`ANONYMOUS`], whatever it sends.
pub(crate) async fn authorize(
    state: &State,
    headers: &HeaderMap,
    deadline: Instant,
    need: Need,
) -> Result<Account, Problem> {
    let Some(store) = state.store.clone() else {
        return Err(
            Problem::new(Kind::NoArchive, msg!("problem-detail-no-archive"))
                .with_words("hint", msg!("hint-serve-archive")),
        );
    };
    let private = state
        .config
        .archive
        .as_ref()
        .is_some_and(|archive| archive.private);
    if need == Need::Read && !private {
        return Ok(Account {
            name: ANONYMOUS.to_owned(),
            scope: Scope::Read,
            club: None,
        });
    }
    let given = bearer(headers).map(str::to_owned);
    if let (Some(given), Some(token)) = (&given, store.token())
        && token.matches(given)
    {
        return Ok(Account {
            name: SERVE_TOKEN_ACCOUNT.to_owned(),
            scope: Scope::Admin,
            club: None,
        });
    }
    let (found, read_only) = look_up(state, deadline, &store, given, need).await?;
    match found {
        Found::Live { account, .. } if account.scope.allows(need.scope()) => Ok(account),
        Found::Live { account, .. } => Err(Problem::new(
            Kind::InsufficientScope,
            msg!(
                "problem-detail-scope",
                name = account.name.as_str(),
                scope = account.scope.as_str(),
                needed = need.scope().as_str()
            ),
        )
        .with("scope", account.scope)
        .with("needed", need.scope())),
        _ if read_only => Err(
            Problem::new(Kind::Forbidden, msg!("problem-detail-read-only"))
                .with_words("hint", msg!("hint-archive-token")),
        ),
        Found::Revoked(name) => Err(revoked(&name)),
        Found::Unknown => Err(
            Problem::new(Kind::Unauthorized, msg!("problem-detail-bad-token"))
                .with_words("hint", msg!("hint-token-add")),
        ),
    }
}

/// The 401 of a revoked account's token.
pub(crate) fn revoked(name: &str) -> Problem {
    Problem::new(
        Kind::Unauthorized,
        msg!("problem-detail-revoked-token", name = name),
    )
}

/// [`authorize`] for a post of games, and whether its account is one of
/// the archive's: a token whose live account a post found within the
/// last minute is not looked up again (the post's commit checks that
/// the account is still live: `archive::Post::recheck`).
pub(crate) async fn authorize_post(
    state: &State,
    headers: &HeaderMap,
    deadline: Instant,
) -> Result<(Account, bool), Problem> {
    let given = bearer(headers);
    let known = state
        .store
        .as_ref()
        .zip(given)
        .filter(|(store, given)| store.token().is_none_or(|token| !token.matches(given)))
        .and_then(|(store, given)| store.known_account(given));
    if let Some(account) = known {
        return Ok((account, true));
    }
    let account = authorize(state, headers, deadline, Need::Write).await?;
    let archives = account.name != SERVE_TOKEN_ACCOUNT;
    if let (true, Some(store), Some(given)) = (archives, &state.store, given) {
        store.know_account(given, &account);
    }
    Ok((account, archives))
}

/// The account of `given` (none given: [`Found::Unknown`]), and, for a
/// write that found no live account, whether no token at all may write
/// the archive. A live account's use is written down aside, once a minute
/// at most, without holding the request.
async fn look_up(
    state: &State,
    deadline: Instant,
    store: &std::sync::Arc<Store>,
    given: Option<String>,
    need: Need,
) -> Result<(Found, bool), Problem> {
    let slots = state.config.max_concurrent_jobs;
    let permit = plumbing::acquire(&state.jobs, deadline, || Problem::busy("job", slots)).await?;
    let shared = std::sync::Arc::clone(store);
    let task = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let store = shared;
        let mut archive = store.take()?;
        let result = (|| -> Result<(Found, bool), ArchiveError> {
            let found = match &given {
                Some(token) => archive.account_by_token(token)?,
                None => Found::Unknown,
            };
            let read_only = need == Need::Write
                && !matches!(found, Found::Live { .. })
                && store.token().is_none()
                && !archive.has_writers()?;
            Ok((found, read_only))
        })();
        if result.is_ok() {
            store.give_back(archive);
        }
        result
    });
    let answer = task.await;
    if let Ok(Ok((Found::Live { account, last_used }, _))) = &answer {
        touch(store, &account.name, *last_used);
    }
    match answer {
        Ok(result) => result.map_err(|error| {
            let mut problem = Problem::new(Kind::ArchiveUnavailable, error.message());
            if let Some(hint) = error.hint() {
                problem = problem.with_words("hint", hint);
            }
            problem
        }),
        Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
        Err(error) => Err(plumbing::internal(&error)),
    }
}

/// Writes that `name` was used now, on a thread of its own, when it is
/// due: a database busy with an import delays no request, and a failure
/// costs only the date.
fn touch(store: &std::sync::Arc<Store>, name: &str, last_used: Option<i64>) {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0));
    if !store.should_touch(name, last_used, now) {
        return;
    }
    let store = std::sync::Arc::clone(store);
    let name = name.to_owned();
    tokio::task::spawn_blocking(move || {
        if let Ok(mut archive) = store.take()
            && archive.touch_account(&name, now).is_ok()
        {
            store.give_back(archive);
        }
    });
}

/// The 403 of a write to another club's event: which event, whose.
pub(crate) fn other_club(other: &OtherClubsEvent) -> Problem {
    let detail = if other.site.is_empty() {
        msg!(
            "problem-detail-other-club",
            event = other.event.as_str(),
            club = other.club.as_str()
        )
    } else {
        msg!(
            "problem-detail-other-club-at",
            event = other.event.as_str(),
            site = other.site.as_str(),
            club = other.club.as_str()
        )
    };
    Problem::new(Kind::OtherClubsEvent, detail)
        .with("event", &other.event)
        .with("site", &other.site)
        .with("club", &other.club)
}

#[cfg(test)]
mod tests {
    use super::*;
    use warp::http::HeaderValue;

    fn headers(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            AUTHORIZATION,
            HeaderValue::from_str(value).expect("a value"),
        );
        headers
    }

    #[test]
    fn the_bearer_scheme_is_read_in_any_case() {
        for value in ["Bearer t0k", "bearer t0k", "BEARER  t0k ", "BeArEr t0k"] {
            assert_eq!(bearer(&headers(value)), Some("t0k"), "{value}");
        }
        for value in ["Basic dXNlcg==", "Bearer", "Bearer ", "Bearert0k", "t0k"] {
            assert_eq!(bearer(&headers(value)), None, "{value}");
        }
        assert_eq!(bearer(&HeaderMap::new()), None);
    }
}

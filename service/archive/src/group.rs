//! Posts of games, several in one transaction ([`Archive::import_posts`])
//! or one ([`Store::post`], the server's `POST /v1/games`). A post alone
//! costs the database a transaction's fixed work (its round trips, its
//! commit) for each game; together, once for the batch. The server does
//! not gather its posts into one: it did not pay (performance.md).
//!
//! Each post is answered as if it had been imported alone
//! ([`Archive::import_as`]): its own counts of games stored and held
//! already, and a refusal or an error of one post does not fail the
//! others, which are stored again without it, one post a transaction.

use std::ops::Range;

use super::accounts::{Account, OtherClubsEvent, Scope};
use super::db::{self, Value};
use super::ingest::Prepared;
use super::{Archive, ArchiveError, BatchOutcome, Store};

/// A post of games, as an account sends it.
#[derive(Debug, Clone)]
pub struct Post {
    /// Its games, prepared.
    pub games: Vec<Prepared>,
    /// Who sends them: what the games record, and whose club claims
    /// their events.
    pub account: Account,
    /// Whether the account is one of the archive's, found by its token a
    /// while ago ([`Store::known_account`]): the commit checks that it
    /// was not revoked since.
    pub recheck: bool,
}

/// Why a post stored nothing, the archive working.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// A game of an event another club holds.
    OtherClub(OtherClubsEvent),
    /// The account (this name) was revoked since its token was looked up.
    Revoked(String),
}

/// What a post gets: its counts, a refusal, or the archive's failure.
pub type Posted = Result<Result<BatchOutcome, Refused>, ArchiveError>;

/// The posts of one account: the account, whether to check it, their
/// games, and each post's index with its games' span.
type Group = (Account, bool, Vec<Prepared>, Vec<(usize, Range<usize>)>);

impl Archive {
    /// Stores posts, each as [`Archive::import_as`] would alone: the posts
    /// of one account in one transaction; when that is refused or fails,
    /// each of its posts again in a transaction of its own. The answers
    /// are in the posts' order.
    pub fn import_posts(&mut self, posts: Vec<Post>) -> Vec<Posted> {
        let count = posts.len();
        // By account, in the order of their first posts.
        let mut groups: Vec<Group> = Vec::new();
        for (index, post) in posts.into_iter().enumerate() {
            let at = groups
                .iter()
                .position(|(account, recheck, ..)| {
                    *account == post.account && *recheck == post.recheck
                })
                .unwrap_or_else(|| {
                    groups.push((post.account.clone(), post.recheck, Vec::new(), Vec::new()));
                    groups.len() - 1
                });
            let (_, _, games, ranges) = &mut groups[at];
            let start = games.len();
            games.extend(post.games);
            ranges.push((index, start..games.len()));
        }
        let mut answers: Vec<Option<Posted>> = (0..count).map(|_| None).collect();
        for (account, recheck, games, ranges) in groups {
            let spans: Vec<Range<usize>> = ranges.iter().map(|(_, span)| span.clone()).collect();
            let posted = self.import_group(&account, recheck, &games, &spans);
            for ((index, _), posted) in ranges.into_iter().zip(posted) {
                answers[index] = Some(posted);
            }
        }
        answers
            .into_iter()
            .map(|answer| {
                answer.unwrap_or_else(|| Err(ArchiveError::Database("a post left out".to_owned())))
            })
            .collect()
    }

    /// The posts of one account (their games `spans` of `games`) in one
    /// transaction, else one a transaction.
    fn import_group(
        &mut self,
        account: &Account,
        recheck: bool,
        games: &[Prepared],
        spans: &[Range<usize>],
    ) -> Vec<Posted> {
        let together = db::retrying(
            || self.post_once(games, spans, account, recheck),
            ArchiveError::is_conflict,
        );
        match together {
            Ok(Ok(outcomes)) => outcomes.into_iter().map(|o| Ok(Ok(o))).collect(),
            // The account is the same for all of them.
            Ok(Err(Refused::Revoked(name))) => spans
                .iter()
                .map(|_| Ok(Err(Refused::Revoked(name.clone()))))
                .collect(),
            Ok(Err(refused)) if spans.len() == 1 => vec![Ok(Err(refused))],
            Err(error) if spans.len() == 1 => vec![Err(error)],
            _ => spans
                .iter()
                .flat_map(|span| {
                    let whole = 0..span.len();
                    let alone = std::slice::from_ref(&whole);
                    self.import_group(account, recheck, &games[span.clone()], alone)
                })
                .collect(),
        }
    }

    /// One transaction of posts: committed when every post may be stored,
    /// else rolled back whole.
    fn post_once(
        &mut self,
        games: &[Prepared],
        spans: &[Range<usize>],
        account: &Account,
        recheck: bool,
    ) -> Result<Result<Vec<BatchOutcome>, Refused>, ArchiveError> {
        self.begin_for(games)?;
        match self.post_in_transaction(games, spans, account, recheck) {
            Ok(Ok(outcomes)) => {
                self.commit()?;
                Ok(Ok(outcomes))
            }
            Ok(Err(refused)) => {
                self.rollback();
                Ok(Err(refused))
            }
            Err(error) => {
                self.rollback();
                Err(error)
            }
        }
    }

    fn post_in_transaction(
        &mut self,
        games: &[Prepared],
        spans: &[Range<usize>],
        account: &Account,
        recheck: bool,
    ) -> Result<Result<Vec<BatchOutcome>, Refused>, ArchiveError> {
        // PostgreSQL, a game alone: the account checked by the statement
        // that stores it (four round trips a post).
        let club_checked = matches!((account.scope, &account.club), (Scope::Write, Some(_)));
        if let ([game], [_]) = (games, spans)
            && recheck
            && !club_checked
            && self.db.is_postgres()
            && self.counts_with_insert()
        {
            return Ok(match self.post_one(game, &account.name)? {
                None => Err(Refused::Revoked(account.name.clone())),
                Some(stored) => Ok(vec![BatchOutcome {
                    imported: usize::from(stored),
                    duplicates: usize::from(!stored),
                }]),
            });
        }
        // PostgreSQL: the account checked with the look-up of the games'
        // revised identities, in one round trip.
        let mut revised = None;
        if recheck && self.db.is_postgres() {
            let identities: Vec<i64> = games.iter().map(|game| game.identity).collect();
            match self.live_and_revised(&account.name, &identities)? {
                Some(found) => revised = Some(found),
                None => return Ok(Err(Refused::Revoked(account.name.clone()))),
            }
        } else if recheck && !self.is_live(&account.name)? {
            return Ok(Err(Refused::Revoked(account.name.clone())));
        }
        if let (Scope::Write, Some(club)) = (account.scope, &account.club)
            && let Some(other) = self.claim_events(games, club)?
        {
            return Ok(Err(Refused::OtherClub(other)));
        }
        let stored = self.add_each_revised(games, Some(&account.name), revised)?;
        Ok(Ok(spans
            .iter()
            .map(|span| {
                let imported = stored[span.clone()].iter().filter(|&&s| s).count();
                BatchOutcome {
                    imported,
                    duplicates: span.len() - imported,
                }
            })
            .collect()))
    }

    /// Whether the account `name` is there and not revoked.
    fn is_live(&mut self, name: &str) -> Result<bool, ArchiveError> {
        let rows = self.db.query(
            "SELECT 1 FROM accounts WHERE name = $1 AND revoked IS NULL",
            &[Value::from(name)],
        )?;
        Ok(!rows.is_empty())
    }
}

impl Store {
    /// Stores a post as [`Archive::import_as`] would, in a transaction of
    /// its own; returns once it is committed, or refused.
    pub fn post(&self, post: Post) -> Posted {
        let mut archive = self.take()?;
        let answer = archive
            .import_posts(vec![post])
            .pop()
            .unwrap_or_else(|| Err(ArchiveError::Database("a post left out".to_owned())));
        // A connection the database failed may be broken: not kept.
        if answer
            .as_ref()
            .map_or_else(ArchiveError::is_input, |_| true)
        {
            self.give_back(archive);
        }
        answer
    }
}

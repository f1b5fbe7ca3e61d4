//! Posts committed together (group commit): the posts that reach a
//! server while another post's transaction runs wait for it, then go in
//! one transaction, each answered once that is committed. A post alone
//! costs the database a transaction's fixed work (its round trips, its
//! commit) for each game; together, once for the batch.
//!
//! Each post is answered as if it had been imported alone
//! ([`Archive::import_as`]): its own counts of games stored and held
//! already, and a refusal or an error of one post does not fail the
//! others, which are stored again without it, one post a transaction.

use std::ops::Range;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use super::accounts::{Account, OtherClubsEvent, Scope};
use super::db::{self, Value};
use super::ingest::Prepared;
use super::{Archive, ArchiveError, BatchOutcome, Store, tail};

/// Games a transaction of posts holds at most: as many as go to the tail
/// of the index, the small transactions' way (`tail.rs`). A larger post
/// goes alone.
const GAMES_TOGETHER: usize = tail::TAIL_GAMES_A_TRANSACTION;

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
        if recheck && !self.is_live(&account.name)? {
            return Ok(Err(Refused::Revoked(account.name.clone())));
        }
        if let (Scope::Write, Some(club)) = (account.scope, &account.club)
            && let Some(other) = self.claim_events(games, club)?
        {
            return Ok(Err(Refused::OtherClub(other)));
        }
        let stored = self.add_each(games, Some(&account.name))?;
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

/// Commits of posts a server makes at once at most: a post that finds
/// them all running waits, and goes in the next with the others that
/// came meanwhile. Many at once: on two busy cores one commit's round
/// trips held the posts (three servers: 397 posts a second with one
/// commit at once, 672 with four, 962 with 16, performance.md), and
/// PostgreSQL's transactions of several posts read the whole `events`
/// table (generic plans since made without such reads, `Db::begin_small`;
/// not measured again), so that posts go together only past 16 at once.
const LEADERS: usize = 16;

/// The posts of a [`Store`] waiting for their commit.
#[derive(Default)]
pub(crate) struct Queue {
    waiting: Mutex<Waiting>,
}

#[derive(Default)]
struct Waiting {
    posts: Vec<Waiter>,
    /// Posts committing, or given the lead of a commit and not yet
    /// making it: never fewer than [`LEADERS`] while a post waits without
    /// the lead, so that every waiting post is taken by a commit.
    leaders: usize,
}

/// A waiting post.
struct Waiter {
    post: Post,
    reply: Arc<Reply>,
    /// Whether it leads a commit of its own (no other commit takes it).
    leads: bool,
}

/// Where a waiting post learns that it leads a commit, or its answer.
#[derive(Default)]
struct Reply {
    state: Mutex<ReplyState>,
    changed: Condvar,
}

#[derive(Default)]
enum ReplyState {
    #[default]
    Waiting,
    Lead,
    Answered(Posted),
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // The state is left whole by every step: a panic elsewhere spoils nothing.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Reply {
    fn set(&self, state: ReplyState) {
        *lock(&self.state) = state;
        self.changed.notify_one();
    }

    /// The answer, or `None` when this post is to lead a commit.
    fn wait(&self) -> Option<Posted> {
        let mut state = lock(&self.state);
        loop {
            match std::mem::take(&mut *state) {
                ReplyState::Waiting => {
                    state = self
                        .changed
                        .wait(state)
                        .unwrap_or_else(PoisonError::into_inner);
                }
                ReplyState::Lead => return None,
                ReplyState::Answered(answer) => return Some(answer),
            }
        }
    }
}

/// The posts a commit took, answered when it is done, and its lead given
/// to the oldest post waiting without one, also when the commit panicked
/// (then its posts are told it failed): no post waits for a commit that
/// no one makes.
struct Commit<'a> {
    queue: &'a Queue,
    replies: Vec<Arc<Reply>>,
}

impl Drop for Commit<'_> {
    fn drop(&mut self) {
        for reply in self.replies.drain(..) {
            reply.set(ReplyState::Answered(Err(ArchiveError::Database(
                "the commit of this post stopped".to_owned(),
            ))));
        }
        let mut waiting = lock(&self.queue.waiting);
        match waiting.posts.iter_mut().find(|waiter| !waiter.leads) {
            Some(next) => {
                next.leads = true;
                next.reply.set(ReplyState::Lead);
            }
            None => waiting.leaders -= 1,
        }
    }
}

impl Store {
    /// Stores a post as [`Archive::import_as`] would, in one transaction
    /// with the posts that came while the last ones ran (see the module's
    /// documentation); returns once it is committed, or refused.
    pub fn post(&self, post: Post) -> Posted {
        let reply = Arc::new(Reply::default());
        let leads = {
            let mut waiting = lock(&self.posts.waiting);
            let leads = waiting.leaders < LEADERS;
            waiting.leaders += usize::from(leads);
            waiting.posts.push(Waiter {
                post,
                reply: Arc::clone(&reply),
                leads,
            });
            leads
        };
        if !leads && let Some(answer) = reply.wait() {
            return answer;
        }
        self.commit_with(&reply);
        reply.wait().unwrap_or_else(|| {
            Err(ArchiveError::Database(
                "a post left out of its commit".to_owned(),
            ))
        })
    }

    /// Commits the post of `own` with the oldest posts waiting without a
    /// lead, up to [`GAMES_TOGETHER`] games, then hands the lead on.
    fn commit_with(&self, own: &Arc<Reply>) {
        let taken: Vec<Waiter> = {
            let mut waiting = lock(&self.posts.waiting);
            let mut games = waiting
                .posts
                .iter()
                .find(|waiter| Arc::ptr_eq(&waiter.reply, own))
                .map_or(0, |waiter| waiter.post.games.len());
            let mut taken = Vec::new();
            let mut kept = Vec::with_capacity(waiting.posts.len());
            for waiter in waiting.posts.drain(..) {
                let fits = !waiter.leads && games + waiter.post.games.len() <= GAMES_TOGETHER;
                if fits {
                    games += waiter.post.games.len();
                    taken.push(waiter);
                } else if Arc::ptr_eq(&waiter.reply, own) {
                    taken.push(waiter);
                } else {
                    kept.push(waiter);
                }
            }
            waiting.posts = kept;
            taken
        };
        let (posts, replies): (Vec<Post>, Vec<Arc<Reply>>) = taken
            .into_iter()
            .map(|waiter| (waiter.post, waiter.reply))
            .unzip();
        let mut commit = Commit {
            queue: &self.posts,
            replies,
        };
        let answers = match self.take() {
            Ok(mut archive) => {
                let answers = archive.import_posts(posts);
                // A connection the database failed may be broken: not kept.
                if answers.iter().all(|answer| {
                    answer
                        .as_ref()
                        .map_or_else(ArchiveError::is_input, |_| true)
                }) {
                    self.give_back(archive);
                }
                answers
            }
            Err(error) => posts.iter().map(|_| Err(error.clone())).collect(),
        };
        let mut answers = answers.into_iter();
        for reply in commit.replies.drain(..) {
            let answer = answers.next().unwrap_or_else(|| {
                Err(ArchiveError::Database(
                    "a post left out of its commit".to_owned(),
                ))
            });
            reply.set(ReplyState::Answered(answer));
        }
    }
}

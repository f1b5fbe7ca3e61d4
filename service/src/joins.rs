//! The joins of a class that found no class, counted per client address:
//! a class's code is its only secret, so guessing codes is limited. A
//! leaf, so that the server's state holds the counts without importing
//! the classes' routes.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The joins that find no class an address may make in [`JOIN_WINDOW`].
pub(crate) const FAILED_JOINS: u32 = 10;
/// The window the failed joins are counted in.
pub(crate) const JOIN_WINDOW: Duration = Duration::from_secs(600);
/// The most addresses whose failed joins are counted at once: past it,
/// an address not counted yet is refused until windows end.
const MAX_COUNTED_ADDRESSES: usize = 10_000;

/// The failed joins of each address, in the current window of each.
#[derive(Default)]
pub(crate) struct Joins(Mutex<HashMap<IpAddr, (Instant, u32)>>);

impl Joins {
    /// Whether `client` may try a code now; if not, the seconds to wait.
    pub(crate) fn check(&self, client: IpAddr) -> Result<(), u64> {
        let mut counted = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        let ended = |start: &Instant| now.duration_since(*start) >= JOIN_WINDOW;
        if counted.get(&client).is_some_and(|(start, _)| ended(start)) {
            counted.remove(&client);
        }
        match counted.get(&client) {
            Some((start, failed)) if *failed >= FAILED_JOINS => {
                Err((JOIN_WINDOW - now.duration_since(*start)).as_secs().max(1))
            }
            Some(_) => Ok(()),
            None if counted.len() >= MAX_COUNTED_ADDRESSES => {
                counted.retain(|_, (start, _)| !ended(start));
                if counted.len() >= MAX_COUNTED_ADDRESSES {
                    Err(JOIN_WINDOW.as_secs())
                } else {
                    Ok(())
                }
            }
            None => Ok(()),
        }
    }

    /// Counts a join of `client` that found no class.
    pub(crate) fn failed(&self, client: IpAddr) {
        let mut counted = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        counted.entry(client).or_insert((Instant::now(), 0)).1 += 1;
    }
}

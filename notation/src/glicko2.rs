//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system",
//! 2013): a rating, its deviation (RD, how uncertain the rating is) and a
//! volatility (how erratic the player's results are), updated once per
//! rating period from all the period's games at once.
//!
//! A leaf module: numbers in, numbers out. The archive groups its games
//! into periods of a calendar month and feeds them to a [`Pool`].
//!
//! ```
//! use songo_notation::glicko2::{Glicko2, Rating};
//!
//! // The paper's worked example: a 1500/200 player beats a 1400/30, loses
//! // to a 1550/100 and to a 1700/300 in one period.
//! let player = Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
//! let games = [
//!     (Rating { rating: 1400.0, deviation: 30.0, volatility: 0.06 }, 1.0),
//!     (Rating { rating: 1550.0, deviation: 100.0, volatility: 0.06 }, 0.0),
//!     (Rating { rating: 1700.0, deviation: 300.0, volatility: 0.06 }, 0.0),
//! ];
//! let after = Glicko2::default().rate(player, &games);
//! assert!((after.rating - 1464.06).abs() < 0.01);
//! assert!((after.deviation - 151.52).abs() < 0.01);
//! assert!((after.volatility - 0.05999).abs() < 0.00001);
//! ```

use std::collections::BTreeMap;
use std::f64::consts::PI;

/// Glicko-2's scale factor between the Glicko scale (1500-centred) and its
/// own (step 2 of the paper: μ = (r − 1500) / 173.7178).
const SCALE: f64 = 173.7178;

/// The rating every scale centres on.
const CENTRE: f64 = 1500.0;

/// The convergence tolerance of the volatility's iteration (step 5.1: ε).
const EPSILON: f64 = 0.000_001;

/// Iterations the volatility's root finding may take: the Illinois
/// algorithm converges in a few dozen; the bound only keeps a non-finite
/// input from looping (the result is then the previous volatility).
const MAX_ITERATIONS: usize = 200;

/// A player's rating on the Glicko scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The rating (1500 for a new player).
    pub rating: f64,
    /// The rating deviation, RD (350 for a new player, never more).
    pub deviation: f64,
    /// The volatility σ (0.06 for a new player).
    pub volatility: f64,
}

impl Rating {
    /// A player never rated: 1500 / 350 / 0.06 (the paper's step 1).
    pub const NEW: Rating = Rating {
        rating: CENTRE,
        deviation: MAX_DEVIATION,
        volatility: 0.06,
    };
}

impl Default for Rating {
    fn default() -> Self {
        Rating::NEW
    }
}

/// The largest deviation: a new player's. An idle player's RD grows up to
/// it and no further (it says "nothing is known"; more would say less
/// than nothing, as lichess and Glickman's Glicko also cap it).
pub const MAX_DEVIATION: f64 = 350.0;

/// The system's constant τ, which bounds how fast the volatility changes
/// (the paper advises 0.3 to 1.2; the project uses 0.5).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glicko2 {
    tau: f64,
}

impl Default for Glicko2 {
    fn default() -> Self {
        Glicko2 { tau: 0.5 }
    }
}

/// τ was not a positive finite number.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct InvalidTau(pub f64);

impl std::fmt::Display for InvalidTau {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Glicko-2's τ must be a positive number (Glickman advises 0.3 to 1.2), not {}",
            self.0
        )
    }
}

impl std::error::Error for InvalidTau {}

impl Glicko2 {
    /// The system with constant `tau`.
    ///
    /// # Errors
    /// `tau` is not a positive finite number.
    pub fn with_tau(tau: f64) -> Result<Self, InvalidTau> {
        if tau.is_finite() && tau > 0.0 {
            Ok(Glicko2 { tau })
        } else {
            Err(InvalidTau(tau))
        }
    }

    /// The constant τ.
    #[must_use]
    pub fn tau(&self) -> f64 {
        self.tau
    }

    /// `player`'s rating after one rating period in which he played
    /// `games`: each the opponent's rating before the period and the
    /// player's score (1 a win, ½ a draw, 0 a loss). No game: only the
    /// deviation grows ([`Glicko2::idle`], step 6 of the paper).
    #[must_use]
    pub fn rate(&self, player: Rating, games: &[(Rating, f64)]) -> Rating {
        let player = sanitized(player);
        if games.is_empty() {
            return self.idle(player, 1);
        }
        // Step 2: to Glicko-2's scale.
        let mu = (player.rating - CENTRE) / SCALE;
        let phi = player.deviation / SCALE;
        // Steps 3 and 4: the estimated variance v and improvement Δ.
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for &(opponent, score) in games {
            let opponent = sanitized(opponent);
            let mu_j = (opponent.rating - CENTRE) / SCALE;
            let g = g(opponent.deviation / SCALE);
            let expected = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
            inverse_v += g * g * expected * (1.0 - expected);
            sum += g * (score.clamp(0.0, 1.0) - expected);
        }
        // An opponent so far off that every expectation is 0 or 1 tells
        // nothing: v is infinite and the rating only drifts as if idle.
        if !(inverse_v.is_finite() && inverse_v > 0.0) {
            return self.idle(player, 1);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma = self.volatility(phi, player.volatility, v, delta);
        // Steps 6 and 7: the new deviation and rating.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + inverse_v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        // Step 8: back to the Glicko scale.
        sanitized(Rating {
            rating: CENTRE + SCALE * mu_new,
            deviation: (SCALE * phi_new).min(MAX_DEVIATION),
            volatility: sigma,
        })
    }

    /// `player`'s rating after `periods` rating periods without a game:
    /// the rating and volatility stay, the deviation grows as
    /// φ' = √(φ² + σ²) a period (step 6 with no game), up to
    /// [`MAX_DEVIATION`]. Periods in a row in one step: φ² grows by σ² each.
    #[must_use]
    pub fn idle(&self, player: Rating, periods: u64) -> Rating {
        let player = sanitized(player);
        let phi = player.deviation / SCALE;
        // u64 → f64 rounds past 2^53 periods, far beyond any calendar.
        let grown = (phi * phi + periods as f64 * player.volatility * player.volatility).sqrt();
        Rating {
            deviation: (SCALE * grown).min(MAX_DEVIATION),
            ..player
        }
    }

    /// Step 5: the new volatility σ', the root of the paper's f by the
    /// Illinois algorithm (a regula falsi that halves the stale end).
    fn volatility(&self, phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
        let tau = self.tau;
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            let denominator = phi * phi + v + ex;
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * denominator * denominator)
                - (x - a) / (tau * tau)
        };
        // Step 5.2: the bracket [A, B].
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            let mut iterations = 0;
            while f(a - k * tau) < 0.0 && iterations < MAX_ITERATIONS {
                k += 1.0;
                iterations += 1;
            }
            a - k * tau
        };
        // Steps 5.3 and 5.4.
        let mut f_a = f(big_a);
        let mut f_b = f(big_b);
        let mut iterations = 0;
        while (big_b - big_a).abs() > EPSILON && iterations < MAX_ITERATIONS {
            let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(big_c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = big_c;
            f_b = f_c;
            iterations += 1;
        }
        // Step 5.5.
        let new = (big_a / 2.0).exp();
        if new.is_finite() && new > 0.0 {
            new
        } else {
            sigma
        }
    }
}

/// The paper's g(φ): how much an opponent's uncertainty dampens what a
/// game against him tells.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// A rating whose every field is usable: a non-finite rating is a new
/// player's, the deviation is kept within (0, 350], the volatility
/// positive. The arithmetic above then stays finite.
fn sanitized(rating: Rating) -> Rating {
    let finite_or = |x: f64, default: f64| if x.is_finite() { x } else { default };
    Rating {
        rating: finite_or(rating.rating, CENTRE),
        deviation: finite_or(rating.deviation, MAX_DEVIATION).clamp(1e-6, MAX_DEVIATION),
        volatility: {
            let sigma = finite_or(rating.volatility, Rating::NEW.volatility);
            if sigma > 0.0 {
                sigma
            } else {
                Rating::NEW.volatility
            }
        },
    }
}

/// A player's standing in a [`Pool`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rated {
    /// His rating as of the pool's last period.
    pub rating: Rating,
    /// Games rated.
    pub games: u64,
    /// The period his rating was last brought to.
    period: u64,
}

/// Players rated period after period. Periods are numbered (a calendar
/// month's index, say) and must come in increasing order; periods without
/// any game in between need not be given — each player's deviation grows
/// for every period he sat out, when he next plays or when asked.
#[derive(Debug, Clone)]
pub struct Pool<K> {
    system: Glicko2,
    players: BTreeMap<K, Rated>,
    /// The last period rated (`None` before the first).
    last: Option<u64>,
}

/// One game of a period: the two players and the first one's score.
pub type PeriodGame<K> = (K, K, f64);

impl<K: Ord + Clone> Pool<K> {
    /// An empty pool rated by `system`.
    #[must_use]
    pub fn new(system: Glicko2) -> Self {
        Pool {
            system,
            players: BTreeMap::new(),
            last: None,
        }
    }

    /// Gives `player` his rating as of the start of the next period (an
    /// `--initial` file gives them before the first).
    pub fn set_initial(&mut self, player: K, rating: Rating) {
        let period = self.last.map_or(0, |last| last + 1);
        self.players.insert(
            player,
            Rated {
                rating: sanitized(rating),
                games: 0,
                period,
            },
        );
    }

    /// Rates period `period`'s games, every one against the opponents'
    /// ratings before the period (the paper: a period's games count as
    /// played simultaneously). A player met for the first time starts
    /// new ([`Rating::NEW`]). A game of a player against himself is left
    /// out. Returns `false`, rating nothing, when `period` is not after
    /// the last one rated.
    pub fn rate_period(&mut self, period: u64, games: &[PeriodGame<K>]) -> bool {
        if self.last.is_some_and(|last| period <= last) {
            return false;
        }
        if self.last.is_none() {
            // Initial ratings hold at the start of the first period.
            for rated in self.players.values_mut() {
                rated.period = period;
            }
        }
        // Everyone's rating brought to the start of this period.
        let mut results: BTreeMap<K, Vec<(Rating, f64)>> = BTreeMap::new();
        for (first, second, _) in games {
            if first == second {
                continue;
            }
            for player in [first, second] {
                self.bring_to(player, period);
                results.entry(player.clone()).or_default();
            }
        }
        for (first, second, score) in games {
            if first == second {
                continue;
            }
            let (Some(a), Some(b)) = (self.players.get(first), self.players.get(second)) else {
                continue;
            };
            let (a, b) = (a.rating, b.rating);
            let score = if score.is_finite() {
                score.clamp(0.0, 1.0)
            } else {
                0.5
            };
            if let Some(list) = results.get_mut(first) {
                list.push((b, score));
            }
            if let Some(list) = results.get_mut(second) {
                list.push((a, 1.0 - score));
            }
        }
        for (player, games) in results {
            if let Some(rated) = self.players.get_mut(&player) {
                rated.rating = self.system.rate(rated.rating, &games);
                rated.games += games.len() as u64;
                rated.period = period + 1;
            }
        }
        self.last = Some(period);
        true
    }

    /// Every player's rating as of the end of the last period rated: the
    /// deviation of those who sat out its last periods grown for them.
    #[must_use]
    pub fn ratings(&self) -> BTreeMap<K, Rated> {
        let end = self.last.map_or(0, |last| last + 1);
        self.players
            .iter()
            .map(|(player, rated)| {
                let idle = end.saturating_sub(rated.period);
                let mut rated = *rated;
                if idle > 0 {
                    rated.rating = self.system.idle(rated.rating, idle);
                    rated.period = end;
                }
                (player.clone(), rated)
            })
            .collect()
    }

    /// `player`'s rating brought to the start of `period`: new if never
    /// seen, its deviation grown for the periods he sat out.
    fn bring_to(&mut self, player: &K, period: u64) {
        let system = self.system;
        let rated = self.players.entry(player.clone()).or_insert(Rated {
            rating: Rating::NEW,
            games: 0,
            period,
        });
        let idle = period.saturating_sub(rated.period);
        if idle > 0 {
            rated.rating = system.idle(rated.rating, idle);
            rated.period = period;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// The paper's example (section "Example calculation"): 1500/200
    /// beats 1400/30, loses to 1550/100 and 1700/300; τ = 0.5.
    #[test]
    fn the_papers_worked_example() {
        let games = [
            (rating(1400.0, 30.0), 1.0),
            (rating(1550.0, 100.0), 0.0),
            (rating(1700.0, 300.0), 0.0),
        ];
        let after = Glicko2::default().rate(rating(1500.0, 200.0), &games);
        // The paper rounds its steps to four places (μ' = −0.2069, so
        // 1464.06); unrounded, the rating is 1464.0507.
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.rating - 1464.0507).abs() < 0.0001, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.005, "{after:?}");
        // σ' = 0.059996, which the paper writes 0.05999.
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
    }

    /// The same period through a pool: the opponents' ratings are set,
    /// the example player's result comes out; the opponents move too.
    #[test]
    fn a_pool_rates_the_example_the_same() {
        let mut pool = Pool::new(Glicko2::default());
        pool.set_initial("p", rating(1500.0, 200.0));
        pool.set_initial("a", rating(1400.0, 30.0));
        pool.set_initial("b", rating(1550.0, 100.0));
        pool.set_initial("c", rating(1700.0, 300.0));
        assert!(pool.rate_period(7, &[("p", "a", 1.0), ("b", "p", 1.0), ("p", "c", 0.0)]));
        let ratings = pool.ratings();
        let p = ratings["p"];
        assert!((p.rating.rating - 1464.06).abs() < 0.01);
        assert!((p.rating.deviation - 151.52).abs() < 0.005);
        assert_eq!(p.games, 3);
        // The weaker player lost: his rating falls.
        assert!(ratings["a"].rating.rating < 1400.0);
        // A period already rated is refused.
        assert!(!pool.rate_period(7, &[("p", "a", 1.0)]));
    }

    /// Idle for a period: only the deviation grows, by √(φ² + σ²).
    #[test]
    fn an_idle_player_only_has_his_deviation_grow() {
        let system = Glicko2::default();
        let before = rating(1464.06, 151.52);
        let after = system.rate(before, &[]);
        assert_eq!(after.rating, before.rating);
        assert_eq!(after.volatility, before.volatility);
        let phi = 151.52 / SCALE;
        let expected = SCALE * (phi * phi + 0.06 * 0.06).sqrt();
        assert!((after.deviation - expected).abs() < 1e-9);
        assert!(after.deviation > before.deviation);
        // Three periods at once equal three one after the other.
        let three = system.idle(before, 3);
        let one_by_one = system.idle(system.idle(system.idle(before, 1), 1), 1);
        assert!((three.deviation - one_by_one.deviation).abs() < 1e-9);
        // And the growth stops at 350.
        assert_eq!(system.idle(before, 1_000_000).deviation, MAX_DEVIATION);
    }

    /// In a pool, a player who sits out periods has his deviation grown
    /// for each of them, his rating untouched.
    #[test]
    fn a_pool_grows_the_deviation_of_who_sits_out() {
        let mut pool = Pool::new(Glicko2::default());
        pool.rate_period(0, &[("a", "b", 1.0)]);
        let after_first = pool.ratings()["a"].rating;
        pool.rate_period(1, &[("b", "c", 0.5)]);
        pool.rate_period(5, &[("b", "c", 0.5)]);
        let a = pool.ratings()["a"];
        assert_eq!(a.rating.rating, after_first.rating);
        assert_eq!(a.games, 1);
        let expected = Glicko2::default().idle(after_first, 5).deviation;
        assert!((a.rating.deviation - expected).abs() < 1e-9);
        // c, first seen at period 1, is new there: 1500 before playing.
        assert_eq!(pool.ratings()["c"].games, 2);
    }

    #[test]
    fn tau_must_be_positive() {
        assert!(Glicko2::with_tau(0.3).is_ok());
        assert!(Glicko2::with_tau(0.0).is_err());
        assert!(Glicko2::with_tau(f64::NAN).is_err());
        assert_eq!(Glicko2::default().tau(), 0.5);
    }

    /// A smaller τ lets the volatility move less after a surprise.
    #[test]
    fn tau_bounds_the_volatilitys_change() {
        let surprise = [(rating(2300.0, 50.0), 1.0)];
        let player = rating(1500.0, 80.0);
        let calm = Glicko2::with_tau(0.2).unwrap().rate(player, &surprise);
        let wild = Glicko2::with_tau(1.2).unwrap().rate(player, &surprise);
        assert!(calm.volatility < wild.volatility, "{calm:?} {wild:?}");
        assert!(wild.volatility > 0.06);
    }

    fn any_rating() -> impl Strategy<Value = Rating> {
        (
            prop_oneof![-5000.0..8000.0, Just(f64::NAN), Just(f64::INFINITY)],
            prop_oneof![0.0..1000.0, Just(0.0), Just(f64::NAN)],
            prop_oneof![0.0..2.0, Just(0.0), Just(-1.0)],
        )
            .prop_map(|(rating, deviation, volatility)| Rating {
                rating,
                deviation,
                volatility,
            })
    }

    proptest! {
        /// Whatever the ratings and scores, one period gives finite
        /// values, a deviation in (0, 350] and a positive volatility.
        #[test]
        fn one_period_stays_finite_and_bounded(
            player in any_rating(),
            games in proptest::collection::vec((any_rating(), prop_oneof![0.0..=1.0, Just(f64::NAN)]), 0..12),
            tau in 0.05f64..3.0,
        ) {
            let after = Glicko2::with_tau(tau).unwrap().rate(player, &games);
            prop_assert!(after.rating.is_finite());
            prop_assert!(after.deviation.is_finite() && after.deviation > 0.0);
            prop_assert!(after.deviation <= MAX_DEVIATION);
            prop_assert!(after.volatility.is_finite() && after.volatility > 0.0);
        }

        /// Periods of random games among a few players: every rating
        /// stays finite, no deviation above 350.
        #[test]
        fn a_pool_stays_finite_and_bounded(
            periods in proptest::collection::vec(
                (0u64..4, proptest::collection::vec((0u8..6, 0u8..6, prop_oneof![Just(0.0), Just(0.5), Just(1.0)]), 0..20)),
                0..12,
            ),
        ) {
            let mut pool = Pool::new(Glicko2::default());
            let mut period = 0;
            for (gap, games) in periods {
                period += gap + 1;
                pool.rate_period(period, &games);
            }
            for rated in pool.ratings().values() {
                prop_assert!(rated.rating.rating.is_finite());
                prop_assert!(rated.rating.deviation > 0.0 && rated.rating.deviation <= MAX_DEVIATION);
                prop_assert!(rated.rating.volatility.is_finite() && rated.rating.volatility > 0.0);
            }
        }
    }
}

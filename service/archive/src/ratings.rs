//! Glicko-2 ratings of the archive's players (`songo archive ratings`,
//! `GET /v1/ratings`): the current games of one ruleset, rated by
//! `songo_notation::glicko2` in periods of a calendar month by their
//! `Date`. Nothing is stored: every run rates the games as they are, so a
//! correction or a deletion changes the ratings from its month on.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use songo_notation::Ruleset;
use songo_notation::Side;
use songo_notation::glicko2::{Glicko2, Pool, Rating};
use songo_notation::verdict::Verdict;

use crate::db::Value;
use crate::people::player_of_folded;
use crate::{Archive, ArchiveError, fold};

/// Games read at a time: what bounds the reading's memory besides the
/// rated games themselves (a few bytes each).
const PAGE: i64 = 5_000;

/// The ratings of an archive's players for one ruleset.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ratings {
    /// The ruleset's id.
    pub rules: String,
    /// Every player rated, best rating first (then by name).
    pub ratings: Vec<PlayerRating>,
    /// The first month rated (`2025-03`); absent without a rated game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// The last month rated: the ratings are as of its end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Games of the ruleset that were not rated, and why.
    pub left_out: LeftOut,
}

/// One player's rating.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerRating {
    /// His canonical name.
    pub player: String,
    /// His id; absent for a player only the initial ratings name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player_id: Option<i64>,
    /// Glicko rating, to a hundredth.
    pub rating: f64,
    /// Rating deviation, to a hundredth (350 at most).
    pub rd: f64,
    /// Volatility, to a millionth.
    pub volatility: f64,
    /// Games rated.
    pub games: u64,
}

/// The games of the ruleset that were not rated.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct LeftOut {
    /// Forfeits: no game was played.
    pub forfeits: u64,
    /// Games whose `Date` has no month.
    pub undated: u64,
    /// Games without a final result.
    pub unfinished: u64,
    /// Games without both players named (or a player against himself).
    pub unnamed: u64,
}

/// A player's rating before the first period, as `--initial` gives it:
/// the shape [`PlayerRating`] is written in (its `games` ignored), so that
/// one run's output starts the next.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct InitialRating {
    /// A name of the player (any of his names).
    pub player: String,
    /// Glicko rating.
    pub rating: f64,
    /// Rating deviation, above 0 and at most 350.
    pub rd: f64,
    /// Volatility, above 0.
    pub volatility: f64,
}

/// An `--initial` file: `{"ratings": [...]}`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct InitialRatings {
    /// The players' ratings.
    pub ratings: Vec<InitialRating>,
}

impl InitialRatings {
    /// What is wrong with the ratings, for the user: a value out of its
    /// range, or a player given twice (by the same name).
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        let mut seen = std::collections::HashSet::new();
        for (index, initial) in self.ratings.iter().enumerate() {
            let at = format!("ratings[{index}] ({})", initial.player);
            if fold(&initial.player).is_empty() {
                return Some(format!("{at}: a player needs a name"));
            }
            if !initial.rating.is_finite() || initial.rating.abs() > 10_000.0 {
                return Some(format!("{at}: the rating must be a number, such as 1500"));
            }
            if !(initial.rd > 0.0 && initial.rd <= 350.0) {
                return Some(format!(
                    "{at}: the rd must be above 0 and at most 350 (350 for a player nothing is known of)"
                ));
            }
            if !(initial.volatility > 0.0 && initial.volatility < 10.0) {
                return Some(format!(
                    "{at}: the volatility must be above 0 (0.06 for a new player)"
                ));
            }
            if !seen.insert(fold(&initial.player)) {
                return Some(format!("{at}: the player is given twice"));
            }
        }
        None
    }
}

/// Who a rated player is: a stored player, or the name of an initial
/// rating that is nobody stored.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Who {
    Id(i64),
    Name(String),
}

/// A game to rate: its month, its players (indices into the players
/// met), South's score.
#[derive(Debug, Clone, Copy)]
struct ToRate {
    month: u32,
    south: u32,
    north: u32,
    /// South's half-points: 0, 1 or 2.
    south_half_points: u8,
}

/// The month index (year × 12 + month − 1) of a stored date
/// (`2025-03-14`, unknown parts `00`); none without a known month.
fn month_of(date: &str) -> Option<u32> {
    let year: u32 = date.get(0..4)?.parse().ok()?;
    let month: u32 = date.get(5..7)?.parse().ok()?;
    (1..=12).contains(&month).then_some(year * 12 + month - 1)
}

/// A month index as `2025-03`.
fn month_name(index: u32) -> String {
    format!("{:04}-{:02}", index / 12, index % 12 + 1)
}

fn rounded(value: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (value * scale).round() / scale
}

impl Archive {
    /// The Glicko-2 ratings of the players of the games of `rules`, with
    /// `initial` ratings before the first month (τ 0.5, new players
    /// 1500 / 350 / 0.06). Deleted games, forfeits, unfinished games, games
    /// without both players named and without a month in their date are
    /// left out (and counted). A player is rated under all his names.
    ///
    /// # Errors
    /// The database fails.
    pub fn ratings(
        &mut self,
        rules: Ruleset,
        initial: &[InitialRating],
    ) -> Result<Ratings, ArchiveError> {
        let mut players = Players::default();
        let (games, left_out) = self.rated_games(rules, &mut players)?;
        let mut pool = Pool::new(Glicko2::default());
        for given in initial {
            let who = player_of_folded(&mut self.db, &fold(&given.player))?
                .map_or_else(|| Who::Name(given.player.clone()), Who::Id);
            let index = players.index(who);
            pool.set_initial(
                index,
                Rating {
                    rating: given.rating,
                    deviation: given.rd,
                    volatility: given.volatility,
                },
            );
        }
        let mut period: Vec<(u32, u32, f64)> = Vec::new();
        for (at, game) in games.iter().enumerate() {
            period.push((
                game.south,
                game.north,
                f64::from(game.south_half_points) / 2.0,
            ));
            if games
                .get(at + 1)
                .is_none_or(|next| next.month != game.month)
            {
                pool.rate_period(u64::from(game.month), &period);
                period.clear();
            }
        }
        let names = self.player_names(&players)?;
        let mut ratings: Vec<PlayerRating> = pool
            .ratings()
            .into_iter()
            .map(|(index, rated)| {
                let who = &players.list[index as usize];
                let (player, player_id) = match who {
                    Who::Id(id) => (
                        names.get(id).cloned().unwrap_or_else(|| id.to_string()),
                        Some(*id),
                    ),
                    Who::Name(name) => (name.clone(), None),
                };
                PlayerRating {
                    player,
                    player_id,
                    rating: rounded(rated.rating.rating, 2),
                    rd: rounded(rated.rating.deviation, 2),
                    volatility: rounded(rated.rating.volatility, 6),
                    games: rated.games,
                }
            })
            .collect();
        ratings.sort_by(|a, b| {
            b.rating
                .total_cmp(&a.rating)
                .then_with(|| a.player.cmp(&b.player))
        });
        Ok(Ratings {
            rules: rules.id().to_owned(),
            ratings,
            from: games.first().map(|game| month_name(game.month)),
            to: games.last().map(|game| month_name(game.month)),
            left_out,
        })
    }

    /// The games of `rules` to rate, in month order (then as stored),
    /// read a page at a time; and those left out.
    fn rated_games(
        &mut self,
        rules: Ruleset,
        players: &mut Players,
    ) -> Result<(Vec<ToRate>, LeftOut), ArchiveError> {
        let sql = "SELECT id, date, result, south_player, north_player FROM games \
                   WHERE rules = $1 AND deleted = 0 AND id > $2 ORDER BY id LIMIT $3";
        let mut games = Vec::new();
        let mut left_out = LeftOut::default();
        let mut after = 0i64;
        loop {
            let rows = self
                .db
                .query(sql, &[rules.id().into(), after.into(), Value::Int(PAGE)])?;
            for row in &rows {
                after = row.first().and_then(Value::int).unwrap_or(after);
                let Some(verdict) = row
                    .get(2)
                    .and_then(Value::text)
                    .and_then(|result| Verdict::of_text(rules, result))
                else {
                    left_out.unfinished += 1;
                    continue;
                };
                if verdict.forfeit {
                    left_out.forfeits += 1;
                    continue;
                }
                let who = |at: usize| row.get(at).and_then(Value::int).map(Who::Id);
                let (Some(south), Some(north)) = (who(3), who(4)) else {
                    left_out.unnamed += 1;
                    continue;
                };
                if south == north {
                    left_out.unnamed += 1;
                    continue;
                }
                let Some(month) = row.get(1).and_then(Value::text).and_then(month_of) else {
                    left_out.undated += 1;
                    continue;
                };
                games.push(ToRate {
                    month,
                    south: players.index(south),
                    north: players.index(north),
                    south_half_points: u8::try_from(verdict.half_points(Side::South)).unwrap_or(1),
                });
            }
            if rows.len() < PAGE as usize {
                break;
            }
        }
        // Stable: a month's games stay in the order they were stored.
        games.sort_by_key(|game| game.month);
        Ok((games, left_out))
    }

    /// The canonical names of the stored players among `players`.
    fn player_names(&mut self, players: &Players) -> Result<HashMap<i64, String>, ArchiveError> {
        let mut names = HashMap::new();
        let ids: Vec<i64> = players
            .list
            .iter()
            .filter_map(|who| match who {
                Who::Id(id) => Some(*id),
                Who::Name(_) => None,
            })
            .collect();
        if ids.is_empty() {
            return Ok(names);
        }
        let mut after = 0i64;
        loop {
            let rows = self.db.query(
                "SELECT id, name FROM players WHERE id > $1 ORDER BY id LIMIT $2",
                &[after.into(), Value::Int(PAGE)],
            )?;
            for row in &rows {
                let (Some(id), Some(name)) = (
                    row.first().and_then(Value::int),
                    row.get(1).and_then(Value::text),
                ) else {
                    continue;
                };
                after = id;
                names.insert(id, name.to_owned());
            }
            if rows.len() < PAGE as usize {
                break;
            }
        }
        Ok(names)
    }
}

/// The players met, each given an index the pool rates them by.
#[derive(Debug, Default)]
struct Players {
    list: Vec<Who>,
    index: HashMap<Who, u32>,
}

impl Players {
    fn index(&mut self, who: Who) -> u32 {
        if let Some(&index) = self.index.get(&who) {
            return index;
        }
        // More than 4 billion players would need as many rows first.
        let index = u32::try_from(self.list.len()).unwrap_or(u32::MAX);
        self.list.push(who.clone());
        self.index.insert(who, index);
        index
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_of_stored_dates() {
        assert_eq!(
            month_of("2025-03-14").map(month_name).as_deref(),
            Some("2025-03")
        );
        assert_eq!(
            month_of("2025-12-00").map(month_name).as_deref(),
            Some("2025-12")
        );
        assert_eq!(month_of("2025-00-00"), None);
        assert_eq!(month_of("2025-13-01"), None);
        assert_eq!(month_of("20"), None);
        assert_eq!(
            month_of("2025-01-31").unwrap() - month_of("2024-12-01").unwrap(),
            1
        );
    }

    #[test]
    fn initial_ratings_are_checked() {
        let initial = |player: &str, rating: f64, rd: f64, volatility: f64| InitialRatings {
            ratings: vec![InitialRating {
                player: player.to_owned(),
                rating,
                rd,
                volatility,
            }],
        };
        assert_eq!(initial("Ada", 1800.0, 80.0, 0.06).problem(), None);
        assert!(
            initial("Ada", 1800.0, 400.0, 0.06)
                .problem()
                .unwrap()
                .contains("350")
        );
        assert!(initial("Ada", f64::NAN, 80.0, 0.06).problem().is_some());
        assert!(initial("Ada", 1800.0, 80.0, 0.0).problem().is_some());
        assert!(initial(" ", 1800.0, 80.0, 0.06).problem().is_some());
        let mut twice = initial("Ada", 1800.0, 80.0, 0.06);
        twice.ratings.push(twice.ratings[0].clone());
        assert!(twice.problem().unwrap().contains("twice"));
    }
}

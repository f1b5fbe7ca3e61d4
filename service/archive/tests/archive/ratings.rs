//! Ratings and tie-breaks on both backends: the players' Glicko-2
//! ratings month by month under every name, what is left out, a deletion
//! and initial ratings; an event's standings ranked by C.07's tie-breaks.

use songo_archive::{Archive, Author, InitialRating, Prepared, Ratings};
use songo_notation::Ruleset;
use songo_notation::glicko2::{Glicko2, Pool, Rating};
use songo_notation::tiebreak::TieBreak;

use super::{Backend, club_game, open, prepared, scratch};

both!(
    ratings_rate_month_by_month_under_every_name,
    standings_rank_by_the_tiebreaks_asked_for,
);

fn rating_of(ratings: &Ratings, player: &str) -> (f64, f64, f64, u64) {
    let line = ratings
        .ratings
        .iter()
        .find(|line| line.player == player)
        .unwrap_or_else(|| panic!("{player} rated: {ratings:?}"));
    (line.rating, line.rd, line.volatility, line.games)
}

/// The archive's figure equals the pool's, to the hundredth it is
/// rounded to.
fn assert_rated(ratings: &Ratings, player: &str, expected: Rating, games: u64) {
    let (rating, rd, volatility, counted) = rating_of(ratings, player);
    assert!(
        (rating - expected.rating).abs() <= 0.005
            && (rd - expected.deviation).abs() <= 0.005
            && (volatility - expected.volatility).abs() <= 0.000_000_5,
        "{player}: {rating} / {rd} / {volatility}, expected {expected:?}"
    );
    assert_eq!(counted, games, "{player}'s games");
}

/// March 2024: Ada beats Ben, Ben and Cleo draw (Songo: nobody at 40).
/// May 2024: Cleo beats Ada, and "A. Lovelace" — Ada under another
/// name — beats Ben. Not rated: a forfeit, a game with no month, an
/// unfinished one, an Awalé game (another ruleset).
// Long because: the archive's ratings checked against the pool's, then again after a deletion and with initial ratings.
fn ratings_rate_month_by_month_under_every_name(backend: Backend) {
    let scratch = scratch(backend, "ratings");
    let mut archive = open(&scratch);
    let text = [
        club_game("Cup", "Yaoundé", "2024.03.05", "Ada", "Ben", "45-25"),
        club_game("Cup", "Yaoundé", "2024.03.20", "Ben", "Cleo", "35-35"),
        club_game("Cup", "Yaoundé", "2024.05.02", "Cleo", "Ada", "50-20"),
        club_game("Cup", "Yaoundé", "2024.05.10", "A. Lovelace", "Ben", "40-30"),
        club_game("Cup", "Yaoundé", "2024.05.03", "Ada", "Ben", "+/-"),
        club_game("Cup", "Yaoundé", "2024.??.??", "Ben", "Cleo", "41-29"),
        club_game("Cup", "Yaoundé", "2024.05.04", "Ben", "Cleo", "*"),
        "[Rules \"awale\"]\n[Date \"2024.03.01\"]\n[South \"Ada\"]\n[North \"Dan\"]\n[Result \"25-23\"]\n[Termination \"agreement\"]\n\n25-23\n\n".to_owned(),
    ]
    .concat();
    let games = prepared(&text);
    archive.import(&games).expect("imported");
    archive.alias("A. Lovelace", "Ada").expect("aliased");

    let ratings = archive.ratings(Ruleset::Songo, &[]).expect("rated");
    let mut pool = Pool::new(Glicko2::default());
    // March is 2024 × 12 + 2; May two months on.
    pool.rate_period(2024 * 12 + 2, &[("Ada", "Ben", 1.0), ("Ben", "Cleo", 0.5)]);
    pool.rate_period(2024 * 12 + 4, &[("Cleo", "Ada", 1.0), ("Ada", "Ben", 1.0)]);
    let expected = pool.ratings();
    assert_eq!(ratings.ratings.len(), 3, "{ratings:?}");
    for (player, games) in [("Ada", 3), ("Ben", 3), ("Cleo", 2)] {
        assert_rated(&ratings, player, expected[player].rating, games);
    }
    assert_eq!(
        (ratings.from.as_deref(), ratings.to.as_deref()),
        (Some("2024-03"), Some("2024-05"))
    );
    let left_out = ratings.left_out;
    assert_eq!(
        (
            left_out.forfeits,
            left_out.undated,
            left_out.unfinished,
            left_out.unnamed
        ),
        (1, 1, 1, 0)
    );
    assert!(ratings.ratings.iter().all(|line| line.player_id.is_some()));
    // Best first.
    assert!(
        ratings
            .ratings
            .windows(2)
            .all(|w| w[0].rating >= w[1].rating)
    );
    let awale = archive.ratings(Ruleset::Awale, &[]).expect("rated");
    assert_eq!(awale.ratings.len(), 2);

    // Cleo's win deleted: May holds only Ada's.
    let deleted: &Prepared = &games[2];
    archive
        .delete(
            &deleted.id(),
            None,
            Author {
                account: None,
                by: "keeper",
                reason: Some("never played"),
            },
        )
        .expect("deleted");
    let after = archive.ratings(Ruleset::Songo, &[]).expect("rated");
    let mut pool = Pool::new(Glicko2::default());
    pool.rate_period(2024 * 12 + 2, &[("Ada", "Ben", 1.0), ("Ben", "Cleo", 0.5)]);
    pool.rate_period(2024 * 12 + 4, &[("Ada", "Ben", 1.0)]);
    let expected = pool.ratings();
    assert_rated(&after, "Ada", expected["Ada"].rating, 2);
    // Cleo sat May out: his deviation grew, his rating stayed.
    assert_rated(&after, "Cleo", expected["Cleo"].rating, 1);

    // Initial ratings: Ben's by one of his names, and Zed's, whom no game
    // names (kept, his deviation widening March to May).
    let initial = [
        InitialRating {
            player: "ben".to_owned(),
            rating: 1800.0,
            rd: 60.0,
            volatility: 0.06,
        },
        InitialRating {
            player: "Zed".to_owned(),
            rating: 1600.0,
            rd: 100.0,
            volatility: 0.06,
        },
    ];
    let seeded = archive.ratings(Ruleset::Songo, &initial).expect("rated");
    let ben = Rating {
        rating: 1800.0,
        deviation: 60.0,
        volatility: 0.06,
    };
    let zed = Rating {
        rating: 1600.0,
        deviation: 100.0,
        volatility: 0.06,
    };
    let mut pool = Pool::new(Glicko2::default());
    pool.set_initial("Ben", ben);
    pool.set_initial("Zed", zed);
    pool.rate_period(2024 * 12 + 2, &[("Ada", "Ben", 1.0), ("Ben", "Cleo", 0.5)]);
    pool.rate_period(2024 * 12 + 4, &[("Ada", "Ben", 1.0)]);
    let expected = pool.ratings();
    assert_rated(&seeded, "Ben", expected["Ben"].rating, 3);
    assert_rated(&seeded, "Zed", Glicko2::default().idle(zed, 3), 0);
    let zed_line = seeded
        .ratings
        .iter()
        .find(|l| l.player == "Zed")
        .expect("Zed");
    assert_eq!(zed_line.player_id, None);
    // Nothing rated in an empty archive's ruleset.
    let none = archive.ratings(Ruleset::Seega, &[]).expect("rated");
    assert!(none.ratings.is_empty() && none.from.is_none());
}

fn standings_order(archive: &mut Archive, order: &str) -> Vec<(String, usize)> {
    let order = TieBreak::parse_list(order).expect("a list");
    archive
        .standings_by("Cup", &order)
        .expect("standings")
        .players
        .into_iter()
        .map(|line| (line.player, line.rank))
        .collect()
}

/// A round robin of four (every pair met): Ada beats Ben, Cleo and Dan
/// draw; Cleo beats Ada, Ben beats Dan; Ada beats Dan, Ben wins against
/// Cleo by forfeit. Ada and Ben have 2 points; Ben's seed difference
/// (+16) is better than Ada's (+2), Ada beat Ben and has the better
/// Sonneborn-Berger (2½ to 2: Ben's forfeit is a regular game in a
/// round robin, C.07 15.2).
fn standings_rank_by_the_tiebreaks_asked_for(backend: Backend) {
    let scratch = scratch(backend, "tiebreaks");
    let mut archive = open(&scratch);
    let text = [
        club_game("Cup", "Douala", "2025.01.10", "Ada", "Ben", "45-25"),
        club_game("Cup", "Douala", "2025.01.10", "Cleo", "Dan", "35-35"),
        club_game("Cup", "Douala", "2025.01.11", "Ada", "Cleo", "20-50"),
        club_game("Cup", "Douala", "2025.01.11", "Ben", "Dan", "48-12"),
        club_game("Cup", "Douala", "2025.01.12", "Ada", "Dan", "41-29"),
        club_game("Cup", "Douala", "2025.01.12", "Ben", "Cleo", "+/-"),
    ]
    .concat();
    archive.import(&prepared(&text)).expect("imported");
    let owned = |list: &[(&str, usize)]| -> Vec<(String, usize)> {
        list.iter().map(|(n, r)| ((*n).to_owned(), *r)).collect()
    };
    // The default, unchanged: the seed difference.
    let default = archive.standings("Cup").expect("standings");
    assert!(default.tiebreaks.is_empty() && default.system.is_none());
    assert_eq!(
        default
            .players
            .iter()
            .map(|l| (l.player.clone(), l.rank))
            .collect::<Vec<_>>(),
        owned(&[("Ben", 1), ("Ada", 2), ("Cleo", 3), ("Dan", 4)])
    );
    assert_eq!(
        standings_order(&mut archive, "direct"),
        owned(&[("Ada", 1), ("Ben", 2), ("Cleo", 3), ("Dan", 4)])
    );
    assert_eq!(
        standings_order(&mut archive, "sb,seed-diff"),
        owned(&[("Ada", 1), ("Ben", 2), ("Cleo", 3), ("Dan", 4)])
    );
    // Two wins each (the forfeit is a win), the same Buchholz: one place.
    assert_eq!(
        standings_order(&mut archive, "wins,buchholz"),
        owned(&[("Ada", 1), ("Ben", 1), ("Cleo", 3), ("Dan", 4)])
    );
    assert_eq!(
        standings_order(&mut archive, "seed-diff"),
        owned(&[("Ben", 1), ("Ada", 2), ("Cleo", 3), ("Dan", 4)])
    );
    let order = TieBreak::parse_list("direct,sb,seed-diff").expect("a list");
    let ranked = archive.standings_by("Cup", &order).expect("standings");
    assert_eq!(ranked.tiebreaks, ["direct", "sb", "seed-diff"]);
    assert_eq!(ranked.system, Some("round-robin"));
    assert_eq!(ranked.players[0].tiebreaks, [1.0, 2.5, 2.0]);
    assert_eq!(ranked.players[1].tiebreaks, [0.0, 2.0, 16.0]);
    assert_eq!(ranked.games, 6);
}

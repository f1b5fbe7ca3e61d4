//! The Aualé program's OGN files (oware game notation).
//!
//! An OGN file is a record in this project's grammar with other tags: the
//! ruleset is in `Variant` (`Oware Abapa`), a set-up position in `FEN`
//! (`4-4-4-4-4-4-4-4-4-4-4-4-0-0-S`: South's `a..f`, North's `a..f`, the
//! two stores, the side to move), moves in letters with South in capitals
//! (`1. A b+3`). The reader takes both tags as they are ([`ruleset_of_variant`]
//! reads `Variant` when there is no `Rules` tag; the replay reads `FEN`
//! when there is no `Position` tag), so an OGN file validates and converts
//! like any record, and its tags survive a round trip.
//! [`crate::sowing::ogn::to_ogn`] writes a record back in the form Aualé
//! opens (it reads the sowing games' positions and moves, so it lives with
//! them).

use crate::ruleset::{BoardGame, Ruleset};

/// The ruleset of an OGN `Variant` tag.
///
/// ```
/// use songo_notation::record::ogn::ruleset_of_variant;
/// use songo_notation::Ruleset;
/// assert_eq!(ruleset_of_variant("Oware Abapa"), Some(Ruleset::OwareAbapa));
/// assert_eq!(ruleset_of_variant("Awalé"), Some(Ruleset::Awale));
/// assert_eq!(ruleset_of_variant("Chess"), None);
/// ```
#[must_use]
pub fn ruleset_of_variant(variant: &str) -> Option<Ruleset> {
    let key: String = variant
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    match key.as_str() {
        "owareabapa" | "abapa" | "oware" => Some(Ruleset::OwareAbapa),
        "awale" | "awalé" | "awele" | "awélé" | "awèlè" => Some(Ruleset::Awale),
        _ => key
            .parse()
            .ok()
            .filter(|rules: &Ruleset| rules.board_game() == BoardGame::Awale),
    }
}

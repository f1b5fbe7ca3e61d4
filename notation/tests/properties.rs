//! Properties of the position notations on arbitrary positions and inputs:
//! parse∘write round trips, the human spellings, and no panic on any text.

use proptest::prelude::*;
use songo_notation::sowing::render::BoardView;
use songo_notation::{
    House, LetterCase, Position, Ruleset, Score, Side, read, sowing::notation::compact,
    sowing::notation::diagram, sowing::render::markdown,
};

const SOWING: [Ruleset; 4] = [
    Ruleset::Songo,
    Ruleset::SongoEkang,
    Ruleset::Awale,
    Ruleset::OwareAbapa,
];

/// A count: mostly small, as on a board, sometimes large.
fn count() -> impl Strategy<Value = u32> {
    prop_oneof![8 => 0u32..=30, 1 => 0u32..=100_000_000]
}

fn position() -> impl Strategy<Value = Position> {
    (
        proptest::sample::select(SOWING.to_vec()),
        proptest::collection::vec(count(), 14),
        count(),
        count(),
        any::<bool>(),
    )
        .prop_map(|(rules, counts, south_store, north_store, north_to_move)| {
            let width = rules.houses_per_side();
            let side = if north_to_move {
                Side::North
            } else {
                Side::South
            };
            Position::new(
                rules,
                &counts[..width],
                &counts[7..7 + width],
                Score::new(south_store, north_store),
                side,
            )
            .expect("at most 16 counts of 10^8 fit in u32")
        })
}

fn letters() -> impl Strategy<Value = LetterCase> {
    prop_oneof![Just(LetterCase::SouthUpper), Just(LetterCase::NorthUpper)]
}

/// White space a person might put around a separator.
fn blank() -> impl Strategy<Value = &'static str> {
    proptest::sample::select(vec!["", "", " ", "  ", "\t"])
}

/// A spelling of a position a person might type, and whether it omits the
/// ruleset (which then must be given).
fn human_spelling(position: Position) -> impl Strategy<Value = (String, bool)> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        proptest::sample::select(vec![
            "S", "s", "south", "South", "sud", "N", "n", "north", "NORTH", "nord",
        ]),
        proptest::collection::vec(blank(), 40),
    )
        .prop_map(
            move |(drop_rules, drop_stores, drop_side, side_word, gaps)| {
                let mut gaps = gaps.into_iter().cycle();
                let mut gap = || gaps.next().unwrap_or("");
                let mut text = String::new();
                text.push_str(gap());
                let drop_rules = drop_rules && position.rules() == Ruleset::Songo;
                if !drop_rules {
                    text.push_str(&position.rules().to_string().to_uppercase());
                    text.push_str(gap());
                    text.push(':');
                    text.push_str(gap());
                }
                for (i, side) in [Side::North, Side::South].into_iter().enumerate() {
                    if i > 0 {
                        text.push_str(gap());
                        text.push('/');
                        text.push_str(gap());
                    }
                    let counts: Vec<String> =
                        position.row(side).iter().map(u32::to_string).collect();
                    text.push_str(&counts.join(&format!("{},{}", gap(), gap())));
                }
                let stores = position.stores();
                let drop_stores = drop_stores && stores == Score::default();
                if !drop_stores {
                    text.push_str(&format!(
                        "{}:{}{}{}-{}{}",
                        gap(),
                        gap(),
                        stores.south,
                        gap(),
                        gap(),
                        stores.north
                    ));
                }
                let drop_side = drop_side && position.to_move() == Side::South;
                if !drop_side {
                    let word = match (
                        position.to_move(),
                        side_word.to_ascii_lowercase().starts_with(['n']),
                    ) {
                        (Side::North, true) | (Side::South, false) => side_word.to_owned(),
                        (Side::North, false) => "N".to_owned(),
                        (Side::South, true) => "S".to_owned(),
                    };
                    text.push_str(&format!("{}:{}{word}", gap(), gap()));
                }
                text.push_str(gap());
                (text, drop_rules)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn compact_parse_after_write_is_identity(position in position()) {
        let written = position.to_string();
        prop_assert_eq!(written.parse::<Position>(), Ok(position));
    }

    #[test]
    fn compact_write_after_parse_is_identity_on_canonical_text(position in position()) {
        let canonical = position.to_string();
        let reread = canonical.parse::<Position>().map(|p| p.to_string());
        prop_assert_eq!(reread, Ok(canonical));
    }

    #[test]
    fn every_human_spelling_reads_as_the_canonical_form(
        (position, (spelling, _)) in position().prop_flat_map(|p| (Just(p), human_spelling(p)))
    ) {
        let read = compact::parse(&spelling, None);
        prop_assert_eq!(read.map(|p| p.to_string()), Ok(position.to_string()), "{:?}", spelling);
        prop_assert_eq!(read::sowing_position(&spelling, None), Ok(position));
    }

    #[test]
    fn the_ogn_fen_round_trips_for_awale_positions(position in position()) {
        prop_assume!(position.rules().houses_per_side() == 6);
        let fen = compact::to_ogn_fen(&position);
        prop_assert_eq!(compact::parse_ogn_fen(&fen, position.rules()), Ok(position));
        prop_assert_eq!(compact::parse(&fen, Some(position.rules())), Ok(position));
    }

    #[test]
    fn text_and_markdown_diagrams_read_back(
        position in position(),
        letters in letters(),
        marked in proptest::collection::vec((any::<bool>(), 0u8..7, 0u8..3), 0..6),
    ) {
        let width = position.rules().houses_per_side() as u8;
        let houses = |kind: u8| marked.iter()
            .filter(move |m| m.2 == kind)
            .map(move |&(north, index, _)| House::new(if north { Side::North } else { Side::South }, index % width));
        let view = BoardView::new(position)
            .letters(letters)
            .with_changed(houses(1))
            .with_captured(houses(2));
        for text in [songo_notation::sowing::render::text::board(&view), markdown::board(&view)] {
            let read = diagram::read(&text, Some(position.rules()));
            prop_assert_eq!(read.map(|d| d.position), Ok(position), "{}", text);
            prop_assert_eq!(read::sowing_position(&text, Some(position.rules())), Ok(position));
        }
        // Songo diagrams and lettered Awale diagrams say their game themselves
        // (songo-ekang and oware-abapa read as songo and awale).
        let read = diagram::read(&songo_notation::sowing::render::text::board(&view), None)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(read.position.rules().board_game(), position.rules().board_game());
        if position.rules().houses_per_side() == 6 {
            prop_assert_eq!(read.letters, letters);
        }
    }

    #[test]
    fn the_svg_is_deterministic_and_well_formed(position in position(), letters in letters()) {
        let view = BoardView::new(position).letters(letters);
        let picture = songo_notation::sowing::render::svg::board(&view);
        prop_assert_eq!(&picture, &songo_notation::sowing::render::svg::board(&view));
        prop_assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        prop_assert!(picture.ends_with("</svg>\n"));
        prop_assert_eq!(picture.matches("<circle").count(), 2 * position.rules().houses_per_side());
        prop_assert_eq!(picture.matches("<text").count(), picture.matches("</text>").count());
    }
}

/// Pieces of every notation, to reach deep into the parsers.
fn notation_piece() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(vec![
            "songo",
            "awale",
            "oware-abapa",
            "songo-ekang",
            "seega",
            ":",
            "/",
            ",",
            "-",
            ";",
            "|",
            "\t",
            " ",
            "\n",
            "\r\n",
            "#",
            "N0",
            "S6",
            "n3",
            "S7",
            "a",
            "F",
            "f",
            "x",
            "*",
            "**",
            "~~",
            "0",
            "5",
            "14",
            "4294967295",
            "4294967296",
            "99999999999",
            "-3",
            "1.5",
            "stores:",
            "stores",
            "store south 3 north",
            "to move:",
            "to move: north",
            "North to move",
            "South",
            "north",
            "rules:",
            "rules: awale",
            "rules: songo",
            "{",
            "}",
            "[",
            "]",
            "\"north\":",
            "north:",
            "south:",
            "---",
            "é",
            "\u{feff}",
            "|---|",
            ":-:",
            "Before:",
            "(",
            ")",
        ])
        .prop_map(str::to_owned),
        "[0-9]{1,3}",
        any::<char>().prop_map(String::from),
    ]
}

fn parse_everything(text: &str) {
    for rules in [
        None,
        Some(Ruleset::Songo),
        Some(Ruleset::Awale),
        Some(Ruleset::Seega),
    ] {
        let _ = compact::parse(text, rules);
        let _ = diagram::parse(text, rules);
        let _ = read::sowing_position(text, rules);
        if let Some(rules) = rules {
            let _ = compact::parse_ogn_fen(text, rules);
        }
    }
    let _ = text.parse::<Position>();
    let _ = text.parse::<diagram::Diagram>();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn no_parser_panics_on_arbitrary_text(text in any::<String>()) {
        parse_everything(&text);
    }

    #[test]
    fn no_parser_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        parse_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn no_parser_panics_on_notation_pieces(pieces in proptest::collection::vec(notation_piece(), 0..40)) {
        let text: String = pieces.concat();
        parse_everything(&text);
        let error_text = read::sowing_position(&text, None).err().map(|e| e.to_string());
        if let Some(message) = error_text {
            // Every error says where.
            prop_assert!(message.contains(" at line "), "{}", message);
        }
    }

    #[test]
    fn no_parser_panics_on_mangled_diagrams(
        position in position(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), notation_piece()), 1..4),
    ) {
        let mut text = songo_notation::sowing::render::text::board(&BoardView::new(position));
        for (at, piece) in edits {
            let mut cut = at.index(text.len() + 1);
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            text.insert_str(cut, &piece);
        }
        parse_everything(&text);
    }
}

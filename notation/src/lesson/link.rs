//! How a teaching text's boards hang together: the caption of a board
//! (does the text present it as the result of a move, and at which stage?),
//! the move that links one board to a later one, and the captures the
//! prose claims that move makes. `docs/lessons.md` says how each is read.

use serde::Serialize;

use crate::ruleset::BoardGame;
use crate::side::Side;
use crate::sowing::position::{House, Position};
use crate::sowing::rules::MoveOutcome;

/// Which board of a move a diagram shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// After sowing, before captures (the texts' *situation intermédiaire*).
    Sown,
    /// After captures: the move done (the texts' *situation finale*).
    After,
}

impl Stage {
    /// `sown` or `after`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Stage::Sown => "sown",
            Stage::After => "after",
        }
    }
}

/// What a caption says of the board under it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct CaptionSense {
    /// The text presents the board as the result of a move.
    pub(crate) result: bool,
    /// The stage it names, when it names one.
    pub(crate) stage: Option<Stage>,
    /// The Songo houses it names (a move named there is preferred).
    pub(crate) named: Vec<House>,
}

/// Words that present a board as the result of a move (folded: lower case,
/// no accents).
const RESULT_WORDS: &[&str] = &[
    "apres",
    "intermediaire",
    "finale",
    "final",
    "a la suite",
    "resultat",
    "ensuite",
    "after",
    "result",
    "intermediate",
    "then",
    "sown",
];
/// Words that name the board after sowing.
const SOWN_WORDS: &[&str] = &[
    "intermediaire",
    "intermediate",
    "after sowing",
    "apres la distribution",
    "apres distribution",
    "apres les semailles",
    "apres semis",
    "sown",
];
/// Words that name the board after captures.
const AFTER_WORDS: &[&str] = &[
    "finale",
    "final",
    "after captures",
    "after capture",
    "after the captures",
    "apres capture",
    "apres captures",
    "apres les captures",
    "apres la capture",
    "apres la prise",
    "apres prise",
];

/// Lower case, accents taken off, every run of other characters one space,
/// with a space at each end: words can be looked for as ` word `.
pub(crate) fn fold(text: &str) -> String {
    let mut out = String::from(" ");
    for c in text.chars().flat_map(char::to_lowercase) {
        let c = match c {
            'à' | 'â' | 'ä' | 'á' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' | 'í' => 'i',
            'ô' | 'ö' | 'ó' => 'o',
            'ù' | 'û' | 'ü' | 'ú' => 'u',
            'ç' => 'c',
            c if c.is_alphanumeric() || c == '+' => c,
            _ => ' ',
        };
        if c == ' ' && out.ends_with(' ') {
            continue;
        }
        out.push(c);
    }
    if !out.ends_with(' ') {
        out.push(' ');
    }
    out
}

fn has_any(folded: &str, words: &[&str]) -> bool {
    words
        .iter()
        .any(|word| folded.contains(&format!(" {word} ")))
}

/// Whether a line reads as a caption (a heading, a line ending with a
/// colon, a line with no sentence's end) rather than a sentence of prose.
pub(crate) fn is_caption_like(line: &str) -> bool {
    let trimmed = line.trim().trim_end_matches(['*', '_', ' ']);
    if trimmed.is_empty() {
        return false;
    }
    trimmed.starts_with('#')
        || trimmed.ends_with(':')
        || !trimmed.ends_with(['.', '!', '?', '…', ';', ','])
}

/// What a caption says.
pub(crate) fn caption_sense(caption: &str) -> CaptionSense {
    let folded = fold(caption);
    let stage = if has_any(&folded, SOWN_WORDS) {
        Some(Stage::Sown)
    } else if has_any(&folded, AFTER_WORDS) {
        Some(Stage::After)
    } else {
        None
    };
    CaptionSense {
        result: stage.is_some() || has_any(&folded, RESULT_WORDS),
        stage,
        named: songo_houses(caption).collect(),
    }
}

/// Whether a caption or a heading names a term of the teaching
/// vocabulary (`teach.*`): the board under it is shown to teach it.
pub(crate) fn names_a_term(text: &str) -> bool {
    const TERMS: &[&str] = &[
        "menace",
        "menaces",
        "threat",
        "threats",
        "yinda",
        "grenier",
        "greniers",
        "nda",
        "bidoua",
        "defense",
        "defence",
        "esquive",
        "evasion",
        "strategie",
        "strategies",
        "strategy",
    ];
    has_any(&fold(text), TERMS)
}

/// The side a caption says has the better bidoua (`teach.bidoua`): it
/// names the bidoua, a word of advantage and one side only.
pub(crate) fn bidoua_claim(caption: &str) -> Option<Side> {
    const BETTER: &[&str] = &[
        "avantageux",
        "avantage",
        "favorable",
        "superieur",
        "meilleur",
        "better",
        "advantage",
        "advantageous",
        "larger",
        "greater",
    ];
    let folded = fold(caption);
    if !has_any(&folded, &["bidoua"]) || !has_any(&folded, BETTER) {
        return None;
    }
    let south = has_any(&folded, &["sud", "south"]);
    let north = has_any(&folded, &["nord", "north"]);
    match (south, north) {
        (true, false) => Some(Side::South),
        (false, true) => Some(Side::North),
        _ => None,
    }
}

/// The Songo house names (`S1`, `n4`) a text holds as words.
pub(crate) fn songo_houses(text: &str) -> impl Iterator<Item = House> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter_map(|word| match word.as_bytes() {
            [side @ (b'S' | b's' | b'N' | b'n'), digit @ b'0'..=b'6'] => Some(House::new(
                if side.eq_ignore_ascii_case(&b'S') {
                    Side::South
                } else {
                    Side::North
                },
                digit - b'0',
            )),
            _ => None,
        })
}

/// A move that links two boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Found {
    /// The house played.
    pub(crate) house: House,
    /// Which of its boards the later diagram is.
    pub(crate) stage: Stage,
    /// What the move did.
    pub(crate) outcome: MoveOutcome,
    /// The board after it.
    pub(crate) after: Position,
}

/// The same houses (stores and side to move aside: a text's diagram rarely
/// shows them).
pub(crate) fn same_houses(a: &Position, b: &Position) -> bool {
    a.rules() == b.rules()
        && a.row(Side::South).as_slice() == b.row(Side::South).as_slice()
        && a.row(Side::North).as_slice() == b.row(Side::North).as_slice()
}

/// The sides that may move on a board: the one it names, else both.
fn movers(from: &Position, side_given: bool) -> Vec<Side> {
    if side_given {
        vec![from.to_move()]
    } else {
        vec![Side::South, Side::North]
    }
}

/// Every legal move from `from` (its side to move, or either side when the
/// diagram does not say), with what it does.
fn every_move(from: &Position, side_given: bool) -> Vec<Found> {
    let mut all = Vec::new();
    for side in movers(from, side_given) {
        let mover = from.with_to_move(side);
        for house in mover.legal_moves().iter() {
            if let Ok((after, outcome)) = mover.after(house) {
                all.push(Found {
                    house,
                    stage: Stage::After,
                    outcome,
                    after,
                });
            }
        }
    }
    all
}

/// The move that turns `from` into `to`: after captures, else after
/// sowing. A move named in the caption wins over the others; when the two
/// boards of a move are the same (it takes nothing from the houses), the
/// link says `after`.
pub(crate) fn find(
    from: &Position,
    side_given: bool,
    to: &Position,
    named: &[House],
) -> Option<Found> {
    if from.rules() != to.rules() {
        return None;
    }
    let mut found: Vec<Found> = every_move(from, side_given)
        .into_iter()
        .filter_map(|mut candidate| {
            if same_houses(&candidate.after, to) {
                Some(candidate)
            } else if same_houses(&candidate.outcome.sown, to) {
                candidate.stage = Stage::Sown;
                Some(candidate)
            } else {
                None
            }
        })
        .collect();
    found.sort_by_key(|f| !named.contains(&f.house));
    found.into_iter().next()
}

/// A house where a board differs from the one the rules give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Difference {
    /// The house.
    pub(crate) house: House,
    /// Its seeds on the board shown.
    pub(crate) shown: u32,
    /// Its seeds by the rules.
    pub(crate) computed: u32,
}

/// The houses where two boards differ.
pub(crate) fn differences(shown: &Position, computed: &Position) -> Vec<Difference> {
    shown
        .houses()
        .filter(|&h| shown.house(h) != computed.house(h))
        .map(|house| Difference {
            house,
            shown: shown.house(house),
            computed: computed.house(house),
        })
        .collect()
}

/// The move whose board is nearest to `to` (fewest houses differing): the
/// hint of a board that no move links.
pub(crate) fn closest(
    from: &Position,
    side_given: bool,
    to: &Position,
    named: &[House],
) -> Option<(Found, Vec<Difference>)> {
    if from.rules() != to.rules() {
        return None;
    }
    let mut best: Option<(Found, Vec<Difference>)> = None;
    for candidate in every_move(from, side_given) {
        for (stage, board) in [
            (Stage::After, candidate.after),
            (Stage::Sown, candidate.outcome.sown),
        ] {
            let differ = differences(to, &board);
            let better = match &best {
                None => true,
                Some((kept, kept_differ)) => {
                    differ.len() < kept_differ.len()
                        || (differ.len() == kept_differ.len()
                            && named.contains(&candidate.house)
                            && !named.contains(&kept.house))
                }
            };
            if better {
                best = Some((Found { stage, ..candidate }, differ));
            }
        }
    }
    best
}

/// A capture the prose claims, where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Claim {
    /// Line index (from 0) and byte column of its first word.
    pub(crate) line: usize,
    /// Byte column in the line.
    pub(crate) column: usize,
    /// Characters it spans on its line.
    pub(crate) width: usize,
    /// What it claims.
    pub(crate) what: Claimed,
}

/// What a claim says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Claimed {
    /// The move captures this many seeds in all.
    Total(u32),
    /// Seeds taken from each house named.
    Houses(Vec<(u32, House)>),
    /// `S5+11`: the record notation's claim, with its move.
    Notation(House, u32),
}

/// The words of a capture (folded).
const CAPTURE_VERBS: &[&str] = &[
    "capture",
    "captures",
    "capturent",
    "capturer",
    "capturee",
    "capturees",
    "prend",
    "prennent",
    "prendra",
    "recolte",
    "recoltes",
    "recolter",
    "recoltent",
    "recoltera",
    "ramasse",
    "ramasser",
    "ramassent",
    "captured",
    "takes",
    "take",
    "took",
    "harvests",
    "harvest",
    "harvested",
];
const SEED_WORDS: &[&str] = &["graine", "graines", "pion", "pions", "seed", "seeds"];
/// Words that may stand between a count of seeds and its house.
const CONNECTORS: &[&str] = &[
    "dans", "la", "le", "case", "en", "de", "in", "from", "the", "house", "on",
];
const NEGATIONS: &[&str] = &[
    "ne", "n", "pas", "not", "no", "never", "jamais", "aucune", "aucun", "nt",
];
const NUMBER_WORDS: &[(&str, u32)] = &[
    ("zero", 0),
    ("un", 1),
    ("une", 1),
    ("deux", 2),
    ("trois", 3),
    ("quatre", 4),
    ("cinq", 5),
    ("six", 6),
    ("sept", 7),
    ("huit", 8),
    ("neuf", 9),
    ("dix", 10),
    ("onze", 11),
    ("douze", 12),
    ("treize", 13),
    ("quatorze", 14),
    ("quinze", 15),
    ("seize", 16),
    ("dix sept", 17),
    ("dix huit", 18),
    ("dix neuf", 19),
    ("vingt", 20),
    ("one", 1),
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("seven", 7),
    ("eight", 8),
    ("nine", 9),
    ("ten", 10),
    ("eleven", 11),
    ("twelve", 12),
    ("thirteen", 13),
    ("fourteen", 14),
    ("fifteen", 15),
    ("sixteen", 16),
    ("seventeen", 17),
    ("eighteen", 18),
    ("nineteen", 19),
    ("twenty", 20),
];

/// A word of the prose and where it is.
#[derive(Debug, Clone)]
struct Word<'a> {
    /// As written, punctuation around it taken off.
    text: &'a str,
    /// Folded.
    folded: String,
    line: usize,
    column: usize,
    /// A sentence ends after it.
    ends_sentence: bool,
}

fn number(word: &str) -> Option<u32> {
    if !word.is_empty() && word.len() <= 6 && word.bytes().all(|b| b.is_ascii_digit()) {
        return word.parse().ok();
    }
    NUMBER_WORDS
        .iter()
        .find(|(w, _)| *w == word)
        .map(|(_, n)| *n)
}

fn house_word(word: &str) -> Option<House> {
    match word.as_bytes() {
        [_, _] => songo_houses(word).next(),
        _ => None,
    }
}

/// The capture claims of some lines of Songo prose (`lines`: indices into
/// `texts`, each a line without its break). A claim is a capture verb
/// directly followed by a number and a word for seeds (*capture six
/// graines*, *takes 6 seeds*), the total the move takes; or, when a house
/// follows the seeds (*récolter 4 graines dans la case N0 et 2 graines
/// dans la case N1*), what it takes from each; or the record notation
/// `S5+11`. Sentences with a negation are left alone.
pub(crate) fn claims(texts: &[(usize, &str)]) -> Vec<Claim> {
    let mut words: Vec<Word<'_>> = Vec::new();
    let not_word = |c: char| !(c.is_alphanumeric() || c == '+' || c == '-');
    // The byte offset of a piece of `whole` (a subslice of it).
    let offset_in = |whole: &str, piece: &str| piece.as_ptr() as usize - whole.as_ptr() as usize;
    for &(line, text) in texts {
        for piece in text.split_whitespace() {
            let ends_sentence = piece
                .trim_end_matches(['*', '_', ')', '"', '»'])
                .ends_with(['.', '!', '?', ':']);
            // Apostrophes cut words (l'adversaire, n'y).
            for part in piece.split(['\'', '’']) {
                let trimmed = part.trim_matches(not_word);
                if trimmed.is_empty() {
                    continue;
                }
                words.push(Word {
                    text: trimmed,
                    folded: fold(trimmed).trim().to_owned(),
                    line,
                    column: offset_in(text, trimmed),
                    ends_sentence: false,
                });
            }
            if let Some(last) = words.last_mut() {
                last.ends_sentence |= ends_sentence;
            }
        }
        // A paragraph's last line ends its sentence.
        if text.trim().is_empty()
            && let Some(last) = words.last_mut()
        {
            last.ends_sentence = true;
        }
    }
    let mut out = Vec::new();
    let mut sentence: Vec<Word<'_>> = Vec::new();
    for word in words {
        let ends = word.ends_sentence;
        sentence.push(word);
        if ends {
            sentence_claims(&sentence, &mut out);
            sentence.clear();
        }
    }
    sentence_claims(&sentence, &mut out);
    out
}

fn sentence_claims(sentence: &[Word<'_>], out: &mut Vec<Claim>) {
    // The record notation, whatever the sentence.
    for word in sentence {
        if let Some((house, seeds)) = word.text.split_once('+')
            && let (Some(house), Some(seeds)) = (house_word(house), number(seeds))
        {
            out.push(Claim {
                line: word.line,
                column: word.column,
                width: word.text.chars().count(),
                what: Claimed::Notation(house, seeds),
            });
        }
    }
    if sentence
        .iter()
        .any(|w| NEGATIONS.contains(&w.folded.as_str()))
    {
        return;
    }
    let is_seeds = |w: &Word<'_>| SEED_WORDS.contains(&w.folded.as_str());
    for (at, verb) in sentence.iter().enumerate() {
        if !CAPTURE_VERBS.contains(&verb.folded.as_str()) {
            continue;
        }
        let (Some(count), Some(seeds)) = (sentence.get(at + 1), sentence.get(at + 2)) else {
            continue;
        };
        let Some(total) = number(&count.folded) else {
            continue;
        };
        if !is_seeds(seeds) {
            continue;
        }
        // A house after the seeds: what is taken from each house.
        let house_after = |from: usize| -> Option<(usize, House)> {
            let mut index = from;
            while index < sentence.len()
                && index < from + 3
                && CONNECTORS.contains(&sentence[index].folded.as_str())
            {
                index += 1;
            }
            sentence
                .get(index)
                .and_then(|w| house_word(w.text))
                .map(|h| (index, h))
        };
        let mut end = at + 2;
        let what = match house_after(at + 3) {
            Some(_) => {
                let mut houses = Vec::new();
                let mut index = at + 1;
                while index + 1 < sentence.len() {
                    if let (Some(n), true) = (
                        number(&sentence[index].folded),
                        is_seeds(&sentence[index + 1]),
                    ) && let Some((house_at, house)) = house_after(index + 2)
                    {
                        houses.push((n, house));
                        end = house_at;
                        index = house_at + 1;
                        continue;
                    }
                    index += 1;
                }
                Claimed::Houses(houses)
            }
            None => Claimed::Total(total),
        };
        let last = &sentence[end];
        let width = if last.line == verb.line {
            last.column + last.text.len() - verb.column
        } else {
            verb.text.len()
        };
        out.push(Claim {
            line: verb.line,
            column: verb.column,
            width,
            what,
        });
        return;
    }
}

/// Whether prose claims can be read in a ruleset (Songo's house names are
/// words no language uses; Awalé's letters are).
pub(crate) const fn reads_claims(family: BoardGame) -> bool {
    matches!(family, BoardGame::Songo)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims_of(text: &str) -> Vec<Claimed> {
        let lines: Vec<(usize, &str)> = text.lines().enumerate().collect();
        claims(&lines).into_iter().map(|c| c.what).collect()
    }

    #[test]
    fn captions_say_result_and_stage() {
        let before = caption_sense("**Situation avant le coup** :");
        assert!(!before.result);
        let middle = caption_sense(
            "**Situation Intermédiaire (Sud a distribué les pions issus de la case S1)** :",
        );
        assert_eq!((middle.result, middle.stage), (true, Some(Stage::Sown)));
        assert_eq!(middle.named, [House::new(Side::South, 1)]);
        let end = caption_sense(
            "**Situation Finale (Sud a capturé les pions dans les cases N0 et N1)** :",
        );
        assert_eq!((end.result, end.stage), (true, Some(Stage::After)));
        let grenier = caption_sense(
            "Représentation du plateau de jeu après que le joueur Nord a joué son grenier en N4",
        );
        assert_eq!((grenier.result, grenier.stage), (true, None));
        assert!(caption_sense("After sowing (* changed):").result);
        assert!(!caption_sense("Le tableau ci-dessous illustre un cas de Yinda :").result);
        assert!(is_caption_like(
            "Interdiction de capturer des graines uniquement dans les cases S6 et N0"
        ));
        assert!(!is_caption_like(
            "…de telle sorte qu'après la prise de son adversaire, la sienne soit plus importante."
        ));
    }

    #[test]
    fn claims_are_read_from_the_texts_sentences() {
        assert_eq!(
            claims_of(
                "**Exemple 1** : Le joueur sud Capture six graines chez Nord en jouant en S1."
            ),
            [Claimed::Total(6)]
        );
        assert_eq!(
            claims_of(
                "En jouant sa case S1, le joueur Sud va récolter 4 graines dans la case N0 et 2 graines dans la case N1"
            ),
            [Claimed::Houses(vec![
                (4, House::new(Side::North, 0)),
                (2, House::new(Side::North, 1))
            ])]
        );
        assert_eq!(
            claims_of(
                "Le joueur sud joue avec un grenier de 17 graines en S5 et capture onze graines chez Nord"
            ),
            [Claimed::Total(11)]
        );
        assert_eq!(
            claims_of("South plays S5+11 here."),
            [Claimed::Notation(House::new(Side::South, 5), 11)]
        );
        // No claim: a negation, no count right after the verb.
        assert!(claims_of("Il faut noter que le joueur Sud ne capture pas les graines dans les cases N2 et N0.").is_empty());
        assert!(claims_of("le but du jeu est de capturer au moins 40 graines").is_empty());
        assert!(claims_of("La capture des graines s'effectue dans toutes les cases.").is_empty());
    }
}

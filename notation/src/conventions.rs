//! The conventions a text for people is written in: the Awalé letter case
//! of moves, and the language of the sentences. A small value passed along
//! with moves to read, name and explain; Seega and Songo ignore the letter
//! case.

use crate::i18n::Lang;
use crate::side::Side;

/// Which camp an Awalé record writes in capital letters.
///
/// The comptoir text (and the default) writes South `A`..`F`; the
/// casabianca text writes North in capitals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum LetterCase {
    /// South `A`..`F`, North `a`..`f` (default).
    #[default]
    SouthUpper,
    /// North `A`..`F`, South `a`..`f`.
    NorthUpper,
}

impl LetterCase {
    /// The side written in capitals.
    #[must_use]
    pub const fn upper_side(self) -> Side {
        match self {
            LetterCase::SouthUpper => Side::South,
            LetterCase::NorthUpper => Side::North,
        }
    }
}

/// How moves are written and explained, beyond the notation itself:
/// passed along to read and name moves ([`crate::GamePosition::parse_move`],
/// [`crate::GamePosition::move_name`]) and to explain refusals
/// ([`crate::Refusal`]). The default is the canonical spelling, in English.
///
/// ```
/// use songo_notation::i18n::Lang;
/// use songo_notation::{Conventions, LetterCase};
/// assert_eq!(Conventions::default().letters, LetterCase::SouthUpper);
/// let french = Conventions::with_letters(LetterCase::NorthUpper).in_lang(Lang::Fr);
/// assert_eq!((french.letters, french.lang), (LetterCase::NorthUpper, Lang::Fr));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Conventions {
    /// Which camp Awalé letters write in capitals.
    pub letters: LetterCase,
    /// The language of the sentences.
    pub lang: Lang,
}

impl Conventions {
    /// The canonical spelling, in English.
    pub const CANONICAL: Conventions = Conventions {
        letters: LetterCase::SouthUpper,
        lang: Lang::En,
    };

    /// Awalé letters in `letters`, in English.
    #[must_use]
    pub const fn with_letters(letters: LetterCase) -> Conventions {
        Conventions {
            letters,
            lang: Lang::En,
        }
    }

    /// The same conventions, sentences in `lang`.
    #[must_use]
    pub const fn in_lang(self, lang: Lang) -> Conventions {
        Conventions { lang, ..self }
    }
}

impl From<LetterCase> for Conventions {
    fn from(letters: LetterCase) -> Conventions {
        Conventions::with_letters(letters)
    }
}

impl From<Lang> for Conventions {
    fn from(lang: Lang) -> Conventions {
        Conventions::CANONICAL.in_lang(lang)
    }
}

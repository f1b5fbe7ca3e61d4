//! Ruleset ids: which game, which variant.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::i18n::{Lang, Localize, Message};
use crate::msg;
use crate::rule::RuleId;

/// One of the rulesets the engine implements (see `docs/rules.md`).
///
/// ```
/// use songo_notation::Ruleset;
/// let rules: Ruleset = "songo-ekang".parse().unwrap();
/// assert_eq!(rules, Ruleset::SongoEkang);
/// assert_eq!(rules.to_string(), "songo-ekang");
/// assert_eq!(Ruleset::default(), Ruleset::Songo);
/// assert_eq!(Ruleset::Awale.houses_per_side(), 6);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Ruleset {
    /// Songo as the escale-à-jeux text describes it (the default).
    #[default]
    #[serde(rename = "songo")]
    Songo,
    /// Songo as played in the Ekang area.
    #[serde(rename = "songo-ekang")]
    SongoEkang,
    /// Awalé as the two French sources describe it.
    #[serde(rename = "awale")]
    Awale,
    /// Oware with the international "abapa" tournament rules.
    #[serde(rename = "oware-abapa")]
    OwareAbapa,
    /// Seega, the 5×5 game of placement and custodian capture.
    #[serde(rename = "seega")]
    Seega,
    /// Songo as the akong-online platform plays its "Cameroon" variant.
    #[serde(rename = "akong-cameroon")]
    AkongCameroon,
    /// Songo as the akong-online platform plays its "Gabon" variant.
    #[serde(rename = "akong-gabon")]
    AkongGabon,
}

/// The board game a ruleset is a variant of: Songo, Awalé or Seega. (The
/// code's families are the sowing games and Seega: [`Ruleset::is_sowing`].)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardGame {
    /// Songo: 2 × 7 houses, clockwise sowing.
    Songo,
    /// Awalé / oware: 2 × 6 houses, counter-clockwise sowing.
    Awale,
    /// Seega: a 5×5 board of pieces.
    Seega,
}

impl Ruleset {
    /// Every ruleset, in the order of `docs/rules.md`.
    pub const ALL: [Ruleset; 7] = [
        Ruleset::Songo,
        Ruleset::SongoEkang,
        Ruleset::Awale,
        Ruleset::OwareAbapa,
        Ruleset::Seega,
        Ruleset::AkongCameroon,
        Ruleset::AkongGabon,
    ];

    /// The id used in JSON, records (`[Rules "…"]`) and `--rules`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Ruleset::Songo => "songo",
            Ruleset::SongoEkang => "songo-ekang",
            Ruleset::Awale => "awale",
            Ruleset::OwareAbapa => "oware-abapa",
            Ruleset::Seega => "seega",
            Ruleset::AkongCameroon => "akong-cameroon",
            Ruleset::AkongGabon => "akong-gabon",
        }
    }

    /// A one-line description for help texts and `GET /v1/rules`, in English.
    ///
    /// ```
    /// use songo_notation::Ruleset;
    /// use songo_notation::i18n::Lang;
    /// assert_eq!(Ruleset::Awale.description(), "Awale, 2x6 houses, as in the two French sources");
    /// assert!(Ruleset::Awale.description_in(Lang::Fr).starts_with("Awalé, 2 × 6 cases"));
    /// ```
    #[must_use]
    pub fn description(self) -> String {
        self.description_in(Lang::En)
    }

    /// The one-line description in `lang`.
    #[must_use]
    pub fn description_in(self, lang: Lang) -> String {
        let id = match self {
            Ruleset::Songo => "ruleset-songo",
            Ruleset::SongoEkang => "ruleset-songo-ekang",
            Ruleset::Awale => "ruleset-awale",
            Ruleset::OwareAbapa => "ruleset-oware-abapa",
            Ruleset::Seega => "ruleset-seega",
            Ruleset::AkongCameroon => "ruleset-akong-cameroon",
            Ruleset::AkongGabon => "ruleset-akong-gabon",
        };
        Message::new(id).localize(lang)
    }

    /// The rule ids of this ruleset, by the game their id names (what
    /// `GET /v1/rules` lists).
    ///
    /// ```
    /// use songo_notation::{RuleId, Ruleset};
    /// assert!(Ruleset::OwareAbapa.rule_ids().any(|rule| rule == RuleId::AwaleCaptureChain));
    /// assert!(Ruleset::Seega.rule_ids().all(|rule| rule.as_str().starts_with("seega.")));
    /// ```
    pub fn rule_ids(self) -> impl Iterator<Item = RuleId> {
        RuleId::ALL.iter().copied().filter(move |rule| {
            let id = rule.as_str();
            match self {
                Ruleset::Songo | Ruleset::SongoEkang => id.starts_with("songo."),
                Ruleset::Awale => id.starts_with("awale."),
                // Oware abapa sows and captures as Awalé does, and has its own
                // feeding and end rules (docs/rules.md, "oware-abapa").
                Ruleset::OwareAbapa => {
                    id.starts_with("abapa.")
                        || matches!(
                            rule,
                            RuleId::AwaleSow
                                | RuleId::AwaleSowSkipOrigin
                                | RuleId::AwaleCaptureChain
                        )
                }
                Ruleset::Seega => id.starts_with("seega."),
                // akong-online's rulesets sow and capture as Songo does
                // (`songo.sow`, `songo.sow.lap`, `songo.sow.lone-seed`,
                // `songo.capture.chain`, `songo.capture.entry`), end without
                // a move as it does (`songo.end.no-move`,
                // `songo.end.remaining`), and have their own exit, feeding,
                // capture and end rules (docs/rules.md, "akong-cameroon").
                Ruleset::AkongCameroon | Ruleset::AkongGabon => {
                    id.starts_with("akong.")
                        || matches!(
                            rule,
                            RuleId::SongoSow
                                | RuleId::SongoSowLap
                                | RuleId::SongoSowLoneSeed
                                | RuleId::SongoCaptureChain
                                | RuleId::SongoCaptureEntry
                                | RuleId::SongoEndNoMove
                                | RuleId::SongoEndRemaining
                        )
                }
            }
        })
    }

    /// Which game this ruleset is a variant of.
    #[must_use]
    pub const fn board_game(self) -> BoardGame {
        match self {
            Ruleset::Songo | Ruleset::SongoEkang | Ruleset::AkongCameroon | Ruleset::AkongGabon => {
                BoardGame::Songo
            }
            Ruleset::Awale | Ruleset::OwareAbapa => BoardGame::Awale,
            Ruleset::Seega => BoardGame::Seega,
        }
    }

    /// Houses in each camp: 7 for Songo, 6 for Awalé/oware, 0 for Seega.
    #[must_use]
    pub const fn houses_per_side(self) -> usize {
        match self.board_game() {
            BoardGame::Songo => 7,
            BoardGame::Awale => 6,
            BoardGame::Seega => 0,
        }
    }

    /// Seeds per house at the start of a game.
    #[must_use]
    pub const fn seeds_per_house(self) -> u32 {
        match self.board_game() {
            BoardGame::Songo => 5,
            BoardGame::Awale => 4,
            BoardGame::Seega => 0,
        }
    }

    /// Seeds in a full game: 70 for Songo, 48 for Awalé/oware, 0 for Seega.
    #[must_use]
    pub const fn total_seeds(self) -> u32 {
        self.seeds_per_house() * 2 * self.houses_per_side() as u32
    }

    /// Whether this is a sowing game (Songo, Awalé, oware).
    #[must_use]
    pub const fn is_sowing(self) -> bool {
        !matches!(self, Ruleset::Seega)
    }

    /// Whether this is one of akong-online's rulesets (`akong.*` rules).
    #[must_use]
    pub const fn is_akong(self) -> bool {
        matches!(self, Ruleset::AkongCameroon | Ruleset::AkongGabon)
    }

    /// The seeds in store that end a Songo game at once and win it:
    /// 40 (`songo.end.forty`, `akong.end.store`), 36 for akong-online's
    /// Gabon variant (`akong.end.store`); 0 for the other games.
    ///
    /// ```
    /// use songo_notation::Ruleset;
    /// assert_eq!(Ruleset::Songo.winning_store(), 40);
    /// assert_eq!(Ruleset::AkongGabon.winning_store(), 36);
    /// ```
    #[must_use]
    pub const fn winning_store(self) -> u32 {
        match self {
            Ruleset::AkongGabon => 36,
            _ => match self.board_game() {
                BoardGame::Songo => 40,
                _ => 0,
            },
        }
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The text names no ruleset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownRuleset(pub String);

impl UnknownRuleset {
    /// What is wrong, as a message of the catalogue.
    #[must_use]
    pub fn message(&self) -> Message {
        msg!("unknown-ruleset", name = self.0.as_str())
    }
}

/// In English.
impl fmt::Display for UnknownRuleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for UnknownRuleset {}

impl UnknownRuleset {
    /// The error for this name at byte `offset` of `text`, its message
    /// quoting the name, its kind [`UnknownRuleset`](crate::error::ParseErrorKind::UnknownRuleset)
    /// when the name is a word.
    pub(crate) fn error_at(&self, text: &str, offset: usize) -> crate::error::ParseError {
        crate::error::ParseError::at(
            text,
            offset,
            UnknownRuleset(crate::error::quote(&self.0)).message(),
        )
        .with_kind(crate::error::ParseErrorKind::of_ruleset_name(&self.0))
    }
}

impl FromStr for Ruleset {
    type Err = UnknownRuleset;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim();
        if let Some(rules) = Ruleset::ALL
            .into_iter()
            .find(|r| r.id().eq_ignore_ascii_case(wanted))
        {
            return Ok(rules);
        }
        // Common spellings people type (`é` in either case is not ASCII:
        // only its own spelling matches). Every record names its ruleset,
        // so the ids above are matched without allocating.
        const SPELLINGS: [(&str, Ruleset); 6] = [
            ("awele", Ruleset::Awale),
            ("awalé", Ruleset::Awale),
            ("awélé", Ruleset::Awale),
            ("abapa", Ruleset::OwareAbapa),
            ("oware", Ruleset::OwareAbapa),
            ("ekang", Ruleset::SongoEkang),
        ];
        SPELLINGS
            .iter()
            .find(|(spelling, _)| spelling.eq_ignore_ascii_case(wanted))
            .map(|&(_, rules)| rules)
            .ok_or_else(|| UnknownRuleset(wanted.to_owned()))
    }
}

/// Every ruleset with its rules, and the record format's rules, each with
/// its one-line sentence in a language: what `songo rules` and
/// `GET /v1/rules` show.
///
/// ```
/// use songo_notation::i18n::Lang;
/// use songo_notation::ruleset::RulesReport;
/// use songo_notation::Ruleset;
/// let report = RulesReport::new(Lang::Fr);
/// assert_eq!(report.rulesets.len(), Ruleset::ALL.len());
/// let text = report.text();
/// assert!(text.contains("  songo.solidarity "));
/// assert!(text.contains(" quand le camp adverse est vide, il faut le nourrir\n"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RulesReport {
    /// The ruleset of a game that names none.
    pub default: Ruleset,
    /// Every ruleset, in the order of `docs/rules.md`.
    pub rulesets: Vec<RulesetRules>,
    /// The rules of the record format, whatever the game.
    pub records: Vec<RuleSummary>,
    /// The language of the sentences.
    #[serde(skip)]
    pub lang: Lang,
}

/// A ruleset, described, and its rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RulesetRules {
    /// The ruleset.
    pub id: Ruleset,
    /// What it is, in one line.
    pub description: String,
    /// Its rules.
    pub rules: Vec<RuleSummary>,
}

/// A rule id and what the rule says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleSummary {
    /// The rule.
    pub id: RuleId,
    /// What it says, in one line.
    pub summary: String,
}

impl RulesReport {
    /// Every ruleset and rule, their sentences in `lang`.
    #[must_use]
    pub fn new(lang: Lang) -> RulesReport {
        let rule = |id: RuleId| RuleSummary {
            id,
            summary: id.summary_in(lang),
        };
        RulesReport {
            default: Ruleset::default(),
            rulesets: Ruleset::ALL
                .into_iter()
                .map(|ruleset| RulesetRules {
                    id: ruleset,
                    description: ruleset.description_in(lang),
                    rules: ruleset.rule_ids().map(rule).collect(),
                })
                .collect(),
            records: RuleId::ALL
                .iter()
                .copied()
                .filter(|r| *r == RuleId::Syntax || r.as_str().starts_with("record."))
                .map(rule)
                .collect(),
            lang,
        }
    }

    /// The report as text: a heading per ruleset, then a line per rule,
    /// the ids in a column.
    #[must_use]
    pub fn text(&self) -> String {
        use std::fmt::Write as _;
        let width = self
            .rulesets
            .iter()
            .flat_map(|ruleset| &ruleset.rules)
            .chain(&self.records)
            .map(|rule| rule.id.as_str().len())
            .max()
            .unwrap_or(0);
        let mut out = String::new();
        let mut section = |heading: String, rules: &[RuleSummary]| {
            if !out.is_empty() {
                out.push('\n');
            }
            let _ = writeln!(out, "{heading}");
            for rule in rules {
                let _ = writeln!(out, "  {:width$}  {}", rule.id.as_str(), rule.summary);
            }
        };
        for ruleset in &self.rulesets {
            section(
                format!("{}: {}", ruleset.id, ruleset.description),
                &ruleset.rules,
            );
        }
        section(
            msg!("rules-records-heading").localize(self.lang),
            &self.records,
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::Ruleset;

    #[test]
    fn ids_and_common_spellings_are_read_whatever_their_ascii_case() {
        let read = |text: &str| text.parse::<Ruleset>().ok();
        assert_eq!(read(" Songo-EKANG "), Some(Ruleset::SongoEkang));
        assert_eq!(read("OWARE-abapa"), Some(Ruleset::OwareAbapa));
        assert_eq!(read("AWELE"), Some(Ruleset::Awale));
        assert_eq!(read("AWALé"), Some(Ruleset::Awale));
        assert_eq!(read("Awélé"), Some(Ruleset::Awale));
        assert_eq!(read("Oware"), Some(Ruleset::OwareAbapa));
        assert_eq!(read("ABAPA"), Some(Ruleset::OwareAbapa));
        assert_eq!(read("Ekang"), Some(Ruleset::SongoEkang));
        // Only ASCII letters change case: `É` is not `é`.
        assert_eq!(read("AWALÉ"), None);
        let unknown = "  chess ".parse::<Ruleset>().unwrap_err();
        assert_eq!(unknown.0, "chess");
    }
}

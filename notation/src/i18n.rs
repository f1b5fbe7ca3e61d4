//! The words the tool writes, in English and in French.
//!
//! Every sentence a person reads (diagnostics, explanations, legends,
//! handouts, the web page's labels) comes from one message catalogue per
//! language, written in [Project Fluent]'s syntax: `notation/locales/en.ftl`
//! and `notation/locales/fr.ftl`. Code names a message by its id and passes
//! its arguments; the catalogue chooses the words, the plural forms (*une
//! graine* / *deux graines*) and the number format. Rule ids, `teach.*`
//! ids, JSON keys and the record syntax are the interface and are never
//! translated.
//!
//! ```
//! use songo_notation::i18n::{Lang, message};
//! use songo_notation::tr;
//!
//! assert_eq!(tr!(Lang::En, "seeds", count = 1), "1 seed");
//! assert_eq!(tr!(Lang::Fr, "seeds", count = 2), "2 graines");
//! assert_eq!(tr!(Lang::Fr, "side-name", side = "north"), "Nord");
//! assert_eq!(message(Lang::En, "side-name", &[("side", "south".into())]), "South");
//! ```
//!
//! The language is chosen once, where the program meets the user: the CLI
//! from `--lang`, else the locale variables ([`Lang::from_env`]); the
//! service from `?lang=` or `Accept-Language` ([`Lang::from_accept_language`]).
//! `docs/i18n.md` says how to add a language.
//!
//! [Project Fluent]: https://projectfluent.org

use std::borrow::Cow;
use std::cell::RefCell;
use std::fmt;
use std::str::FromStr;

use fluent_bundle::types::FluentNumber;
use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use unic_langid::LanguageIdentifier;

/// A language the tool speaks.
///
/// ```
/// use songo_notation::i18n::Lang;
/// assert_eq!("fr".parse::<Lang>(), Ok(Lang::Fr));
/// assert_eq!(Lang::from_locale("fr_FR.UTF-8"), Some(Lang::Fr));
/// assert_eq!(Lang::from_locale("C"), None);
/// assert_eq!(Lang::default(), Lang::En);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// French: the language of the sources and of most teachers.
    Fr,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Fr];

    /// The language's code, as `--lang`, `?lang=` and `Content-Language` write it.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }

    /// What goes between a name and the colon the code writes after it
    /// (`= hint: …` in a diagnostic): French typography wants a
    /// non-breaking space there. The catalogue's messages carry their own.
    #[must_use]
    pub const fn before_colon(self) -> &'static str {
        match self {
            Lang::En => "",
            Lang::Fr => "\u{a0}",
        }
    }

    /// The catalogue of the language (Fluent syntax).
    const fn catalogue(self) -> &'static str {
        match self {
            Lang::En => include_str!("../locales/en.ftl"),
            Lang::Fr => include_str!("../locales/fr.ftl"),
        }
    }

    /// The language of a locale name or language tag, if the tool speaks it:
    /// `fr`, `fr_FR.UTF-8`, `fr-CA`, `en_GB@euro`. `C` and `POSIX` name no
    /// language.
    #[must_use]
    pub fn from_locale(name: &str) -> Option<Lang> {
        let primary = name
            .trim()
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or_default();
        Lang::ALL
            .into_iter()
            .find(|lang| lang.code().eq_ignore_ascii_case(primary))
    }

    /// The language the locale variables ask for: the first of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` that is set and not empty decides (the
    /// POSIX order); English when it names a language the tool does not
    /// speak, or when none is set.
    #[must_use]
    pub fn from_env() -> Lang {
        Lang::from_env_with(|name| std::env::var(name).ok())
    }

    /// [`Lang::from_env`] reading the variables through `var` (for tests).
    ///
    /// ```
    /// use songo_notation::i18n::Lang;
    /// let env = |name: &str| (name == "LANG").then(|| "fr_FR.UTF-8".to_owned());
    /// assert_eq!(Lang::from_env_with(env), Lang::Fr);
    /// let c = |name: &str| (name == "LC_ALL").then(|| "C".to_owned());
    /// assert_eq!(Lang::from_env_with(c), Lang::En);
    /// ```
    pub fn from_env_with(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(|name| var(name).filter(|value| !value.trim().is_empty()))
            .map(|value| Lang::from_locale(&value).unwrap_or_default())
            .next()
            .unwrap_or_default()
    }

    /// The language an HTTP `Accept-Language` header prefers among those the
    /// tool speaks: the highest quality wins, the header's order breaks
    /// ties, `q=0` refuses; English when none fits.
    ///
    /// ```
    /// use songo_notation::i18n::Lang;
    /// assert_eq!(Lang::from_accept_language("fr-CA,fr;q=0.9,en;q=0.8"), Lang::Fr);
    /// assert_eq!(Lang::from_accept_language("de, en;q=0.5, fr;q=0.7"), Lang::Fr);
    /// assert_eq!(Lang::from_accept_language("fr;q=0, de"), Lang::En);
    /// assert_eq!(Lang::from_accept_language(""), Lang::En);
    /// ```
    #[must_use]
    pub fn from_accept_language(header: &str) -> Lang {
        let mut best: Option<(Lang, f32)> = None;
        // A header is short; a hostile one is cut rather than read whole.
        for range in header.split(',').take(64) {
            let mut parts = range.split(';');
            let tag = parts.next().unwrap_or_default().trim();
            let quality = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            let Some(lang) = Lang::from_locale(tag) else {
                continue;
            };
            if quality > 0.0 && best.is_none_or(|(_, q)| quality > q) {
                best = Some((lang, quality));
            }
        }
        best.map(|(lang, _)| lang).unwrap_or_default()
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The text names no language the tool speaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLang(pub String);

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a language songo speaks: use en or fr",
            self.0
        )
    }
}

impl std::error::Error for UnknownLang {}

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        Lang::from_locale(s).ok_or_else(|| UnknownLang(s.to_owned()))
    }
}

/// One argument of a message: a text or a number. Numbers choose plural
/// forms and are written the language's way (French: `12,5`, `10 000`).
#[derive(Debug, Clone, PartialEq)]
pub enum Arg<'a> {
    /// A text, shown as it is.
    Text(Cow<'a, str>),
    /// A number.
    Number(f64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Arg<'a> {
        Arg::Text(Cow::Borrowed(text))
    }
}

impl From<String> for Arg<'_> {
    fn from(text: String) -> Self {
        Arg::Text(Cow::Owned(text))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Arg<'a> {
        Arg::Text(Cow::Borrowed(text))
    }
}

impl<'a> From<Cow<'a, str>> for Arg<'a> {
    fn from(text: Cow<'a, str>) -> Arg<'a> {
        Arg::Text(text)
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            #[allow(clippy::cast_precision_loss, clippy::cast_lossless)]
            fn from(n: $t) -> Self {
                Arg::Number(n as f64)
            }
        }
    )*};
}

number_args!(u8, u16, u32, u64, usize, i32, i64, f32, f64);

/// A message of the catalogue in `lang`, with its arguments.
///
/// A message missing from the catalogue (a bug the tests look for) comes
/// out as its id in brackets rather than failing.
#[must_use]
pub fn message(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    BUNDLES.with(|bundles| {
        let bundles = bundles.borrow();
        let bundle = &bundles[lang as usize];
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            return format!("[{id}]");
        };
        let mut fluent_args = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            let value = match value {
                Arg::Text(text) => FluentValue::String(Cow::Borrowed(text.as_ref())),
                Arg::Number(n) => FluentValue::Number(FluentNumber::from(*n)),
            };
            fluent_args.set(*name, value);
        }
        let mut errors = Vec::new();
        bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors)
            .into_owned()
    })
}

/// The ids of the messages of `lang`'s catalogue that start with `prefix`,
/// in the catalogue's order (the web page asks for its `page-*` words).
///
/// ```
/// use songo_notation::i18n::{Lang, message_ids};
/// assert!(message_ids(Lang::Fr, "side-").any(|id| id == "side-name"));
/// assert_eq!(message_ids(Lang::En, "no-such-prefix-").count(), 0);
/// ```
pub fn message_ids(lang: Lang, prefix: &str) -> impl Iterator<Item = &'static str> + '_ {
    // A message starts a line with its id then `=`; comments, terms (`-id`)
    // and the indented lines of a message start otherwise.
    lang.catalogue().lines().filter_map(move |line| {
        let (id, _) = line.split_once('=')?;
        let id = id.trim_end();
        let is_id = id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        (is_id && id.starts_with(prefix) && id.starts_with(|c: char| c.is_ascii_alphabetic()))
            .then_some(id)
    })
}

/// Whether the catalogue of `lang` has a message `id`.
#[must_use]
pub fn has_message(lang: Lang, id: &str) -> bool {
    BUNDLES.with(|bundles| bundles.borrow()[lang as usize].has_message(id))
}

/// A message of the catalogue: `tr!(lang, "id", name = value, …)`.
///
/// ```
/// use songo_notation::i18n::Lang;
/// use songo_notation::tr;
/// assert_eq!(tr!(Lang::Fr, "seeds", count = 1), "1 graine");
/// ```
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::message(
            $lang,
            $id,
            &[$((stringify!($name), $crate::i18n::Arg::from($value))),*],
        )
    };
}

/// A message of the catalogue kept with its arguments, to be written later
/// in whatever language the reader asks for: what errors, refusals and
/// diagnostics hold, since the library does not know who will read them.
/// `Display` writes it in English; [`Localize`] in any language.
///
/// ```
/// use songo_notation::i18n::{Lang, Localize, Message};
/// use songo_notation::msg;
///
/// let seeds: Message = msg!("seeds", count = 2);
/// assert_eq!(seeds.to_string(), "2 seeds");
/// assert_eq!(seeds.localize(Lang::Fr), "2 graines");
/// // A message can be the argument of another: it is written in the same language.
/// let side = msg!("side-name", side = "north");
/// assert_eq!(msg!("verbatim", text = side).localize(Lang::Fr), "Nord");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Message {
    id: &'static str,
    args: Vec<(&'static str, Value)>,
}

/// An argument of a [`Message`]: a text shown as it is, a whole number
/// (which chooses plural forms), or another message.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Value {
    /// A text, shown as it is (a house name, a quoted input …).
    Text(String),
    /// A whole number.
    Number(i64),
    /// A message, written in the language of the one that holds it.
    Message(Box<Message>),
}

impl Message {
    /// The message `id` of the catalogue, without arguments yet.
    #[must_use]
    pub const fn new(id: &'static str) -> Message {
        Message {
            id,
            args: Vec::new(),
        }
    }

    /// A text that is the same in every language (what another program
    /// said, such as an I/O error).
    #[must_use]
    pub fn verbatim(text: impl Into<String>) -> Message {
        Message::new("verbatim").with("text", text.into())
    }

    /// Adds the argument `name`.
    #[must_use]
    pub fn with(mut self, name: &'static str, value: impl Into<Value>) -> Message {
        self.args.push((name, value.into()));
        self
    }

    /// Its id in the catalogue.
    #[must_use]
    pub const fn id(&self) -> &'static str {
        self.id
    }

    /// The argument `name`, if it has one.
    #[must_use]
    pub fn arg(&self, name: &str) -> Option<&Value> {
        self.args
            .iter()
            .find(|(known, _)| *known == name)
            .map(|(_, value)| value)
    }
}

/// A text already written (by another program, or in words that are the
/// same in every language) is a verbatim message.
impl From<String> for Message {
    fn from(text: String) -> Message {
        Message::verbatim(text)
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Message {
        Message::verbatim(text)
    }
}

impl From<&Message> for Message {
    fn from(message: &Message) -> Message {
        message.clone()
    }
}

impl Localize for Message {
    fn localize(&self, lang: Lang) -> String {
        let args: Vec<(&str, Arg<'_>)> = self
            .args
            .iter()
            .map(|(name, value)| {
                let arg = match value {
                    Value::Text(text) => Arg::Text(Cow::Borrowed(text)),
                    // Past 2^53 a float would round the number: it is written as it is.
                    Value::Number(n) if n.unsigned_abs() > 1 << 53 => {
                        Arg::Text(Cow::Owned(n.to_string()))
                    }
                    #[allow(clippy::cast_precision_loss)]
                    Value::Number(n) => Arg::Number(*n as f64),
                    Value::Message(inner) => Arg::Text(Cow::Owned(inner.localize(lang))),
                };
                (*name, arg)
            })
            .collect();
        message(lang, self.id, &args)
    }
}

/// In English.
impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.localize(Lang::En))
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::Text(text.to_owned())
    }
}

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::Text(text)
    }
}

impl From<&String> for Value {
    fn from(text: &String) -> Value {
        Value::Text(text.clone())
    }
}

impl From<char> for Value {
    fn from(c: char) -> Value {
        Value::Text(c.to_string())
    }
}

impl From<Message> for Value {
    fn from(message: Message) -> Value {
        Value::Message(Box::new(message))
    }
}

impl From<Box<Message>> for Value {
    fn from(message: Box<Message>) -> Value {
        Value::Message(message)
    }
}

macro_rules! whole_number_values {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(n: $t) -> Value {
                Value::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}

whole_number_values!(u8, u16, u32, u64, usize, i32, i64);

/// A [`Message`] of the catalogue, kept to be written later:
/// `msg!("id", name = value, …)`.
///
/// ```
/// use songo_notation::msg;
/// assert_eq!(msg!("houses", count = 7).to_string(), "7 houses");
/// ```
#[macro_export]
macro_rules! msg {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::Message::new($id)$(.with(stringify!($name), $value))*
    };
}

/// Something the tool shows a person, in the language asked for.
///
/// Types that implement it also implement `Display` in English, so that
/// `to_string()` keeps giving what it always gave.
pub trait Localize {
    /// The text in `lang`.
    fn localize(&self, lang: Lang) -> String;
}

type Bundle = FluentBundle<FluentResource>;

thread_local! {
    /// Each thread's bundles, read from the catalogues at its first message:
    /// a non-concurrent bundle needs no lock, and a catalogue reads in well
    /// under a millisecond.
    static BUNDLES: RefCell<Vec<Bundle>> = RefCell::new(Lang::ALL.map(bundle).into());
}

fn bundle(lang: Lang) -> Bundle {
    let id: LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new(vec![id]);
    // Unicode isolation marks around arguments would show in terminals.
    bundle.set_use_isolating(false);
    if lang == Lang::Fr {
        bundle.set_formatter(Some(french_number));
    }
    // DAY, MONTH and YEAR read a record's date (`2025.04.04`) so that the
    // catalogue writes it in words; a part that is not a number (`??`)
    // gives a text that no variant matches.
    for (name, part) in [("DAY", 2), ("MONTH", 1), ("YEAR", 0)] {
        let _ = bundle.add_function(name, move |positional, _| date_part(positional, part));
    }
    // A catalogue with an error keeps its other messages (the tests check
    // that both parse cleanly).
    let resource =
        FluentResource::try_new(lang.catalogue().to_owned()).unwrap_or_else(|(partial, _)| partial);
    let _ = bundle.add_resource(resource);
    bundle
}

/// Part `part` (0 year, 1 month, 2 day) of the date in `positional[0]`,
/// written `YYYY.MM.DD` (or with `-`), as a number.
fn date_part<'a>(positional: &[FluentValue<'a>], part: usize) -> FluentValue<'a> {
    let Some(FluentValue::String(date)) = positional.first() else {
        return FluentValue::None;
    };
    let parts: Vec<&str> = date.split(['.', '-']).collect();
    let valid = |index: usize, range: std::ops::RangeInclusive<u32>| {
        parts
            .get(index)
            .and_then(|p| p.parse::<u32>().ok())
            .filter(|n| range.contains(n))
    };
    let whole = parts.len() == 3
        && valid(0, 1..=9999).is_some()
        && valid(1, 1..=12).is_some()
        && valid(2, 1..=31).is_some();
    let range = [1..=9999, 1..=12, 1..=31][part].clone();
    match valid(part, range).filter(|_| whole) {
        Some(n) => FluentValue::Number(FluentNumber::from(n)),
        None => FluentValue::String(Cow::Borrowed("?")),
    }
}

/// Numbers the French way: a decimal comma, and thousands grouped by a
/// narrow no-break space from 10 000 on (as French typography does).
fn french_number<M>(value: &FluentValue<'_>, _: &M) -> Option<String> {
    let FluentValue::Number(number) = value else {
        return None;
    };
    let text = number.as_string();
    let (sign, digits) = text
        .strip_prefix('-')
        .map_or(("", text.as_ref()), |rest| ("-", rest));
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let mut out = String::from(sign);
    if whole.len() > 4 && whole.bytes().all(|b| b.is_ascii_digit()) {
        for (index, digit) in whole.chars().enumerate() {
            if index > 0 && (whole.len() - index) % 3 == 0 {
                out.push('\u{202f}');
            }
            out.push(digit);
        }
    } else {
        out.push_str(whole);
    }
    if !fraction.is_empty() {
        out.push(',');
        out.push_str(fraction);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::Path;

    use fluent_syntax::ast;

    use super::*;

    /// Each message's id and the variables it uses, from a catalogue.
    fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
        let resource = fluent_syntax::parser::parse(lang.catalogue())
            .unwrap_or_else(|(_, errors)| panic!("{lang}.ftl does not parse: {errors:?}"));
        let mut out = BTreeMap::new();
        for entry in resource.body {
            if let ast::Entry::Message(message) = entry {
                let mut variables = BTreeSet::new();
                if let Some(value) = &message.value {
                    pattern_variables(value, &mut variables);
                }
                for attribute in &message.attributes {
                    pattern_variables(&attribute.value, &mut variables);
                }
                let id = message.id.name.to_owned();
                assert!(
                    out.insert(id.clone(), variables).is_none(),
                    "{lang}.ftl defines {id} twice"
                );
            }
        }
        out
    }

    fn pattern_variables(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_variables(expression, out);
            }
        }
    }

    fn expression_variables(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
        match expression {
            ast::Expression::Inline(inline) => inline_variables(inline, out),
            ast::Expression::Select { selector, variants } => {
                inline_variables(selector, out);
                for variant in variants {
                    pattern_variables(&variant.value, out);
                }
            }
        }
    }

    fn inline_variables(inline: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
        match inline {
            ast::InlineExpression::VariableReference { id } => {
                out.insert(id.name.to_owned());
            }
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for argument in &arguments.positional {
                    inline_variables(argument, out);
                }
                for named in &arguments.named {
                    inline_variables(&named.value, out);
                }
            }
            ast::InlineExpression::Placeable { expression } => {
                expression_variables(expression, out);
            }
            _ => {}
        }
    }

    /// Every message exists in every language, with the same arguments.
    #[test]
    fn the_catalogues_have_the_same_messages_and_arguments() {
        let english = messages(Lang::En);
        assert!(!english.is_empty());
        for lang in Lang::ALL {
            let other = messages(lang);
            let missing: Vec<_> = english
                .keys()
                .filter(|id| !other.contains_key(*id))
                .collect();
            let extra: Vec<_> = other
                .keys()
                .filter(|id| !english.contains_key(*id))
                .collect();
            assert!(missing.is_empty(), "{lang}.ftl lacks {missing:?}");
            assert!(
                extra.is_empty(),
                "{lang}.ftl has messages en.ftl lacks: {extra:?}"
            );
            for (id, variables) in &english {
                assert_eq!(
                    &other[id], variables,
                    "{id}: the arguments differ between en.ftl and {lang}.ftl"
                );
            }
        }
    }

    /// The message ids the code names in `tr!(lang, "id", …)` and
    /// `msg!("id", …)` exist.
    #[test]
    fn every_message_the_code_names_exists() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut named = BTreeSet::new();
        for folder in ["notation/src", "cli", "service/src"] {
            collect_ids(&root.join(folder), &mut named);
        }
        let english = messages(Lang::En);
        let unknown: Vec<_> = named
            .iter()
            .filter(|id| !english.contains_key(*id))
            .collect();
        assert!(
            unknown.is_empty(),
            "tr! or msg! names messages en.ftl lacks: {unknown:?}"
        );
    }

    /// The first string literal after each `tr!(` in the Rust files below `dir`.
    fn collect_ids(dir: &Path, out: &mut BTreeSet<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                collect_ids(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                // Spelt in two pieces, so that this very line is no call.
                collect_macro_ids(&text, concat!("tr", "!("), true, out);
                collect_macro_ids(&text, concat!("msg", "!("), false, out);
            }
        }
    }

    /// The id of each `name` call in `text` (after the language argument
    /// when `after_lang`).
    fn collect_macro_ids(text: &str, name: &str, after_lang: bool, out: &mut BTreeSet<String>) {
        let mut from = 0;
        while let Some(found) = text[from..].find(name) {
            let at = from + found;
            from = at + name.len();
            // `tr!` itself, not the end of `include_str!`.
            let word = text[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_');
            // Comments and doc examples (which doc tests run) aside.
            let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
            if word || text[line_start..at].trim_start().starts_with("//") {
                continue;
            }
            // The id is the literal after the language argument.
            let call = &text[from..];
            let call = if after_lang {
                let Some(comma) = call.find(',') else {
                    continue;
                };
                &call[comma + 1..]
            } else {
                call
            };
            let Some(id) = call.trim_start().strip_prefix('"') else {
                continue;
            };
            if let Some(end) = id.find('"') {
                out.insert(id[..end].to_owned());
            }
        }
    }

    #[test]
    fn plurals_follow_each_language() {
        // French takes the singular for 0 and 1, English only for 1.
        assert_eq!(tr!(Lang::En, "seeds", count = 0), "0 seeds");
        assert_eq!(tr!(Lang::Fr, "seeds", count = 0), "0 graine");
        assert_eq!(tr!(Lang::En, "seeds", count = 1), "1 seed");
        assert_eq!(tr!(Lang::Fr, "seeds", count = 11), "11 graines");
    }

    #[test]
    fn numbers_are_written_the_language_s_way() {
        assert_eq!(tr!(Lang::En, "seeds", count = 12345), "12345 seeds");
        assert_eq!(
            tr!(Lang::Fr, "seeds", count = 12345),
            "12\u{202f}345 graines"
        );
        assert_eq!(tr!(Lang::Fr, "seeds", count = 1234), "1234 graines");
        assert_eq!(tr!(Lang::Fr, "number", value = 12.5), "12,5");
        assert_eq!(
            tr!(Lang::Fr, "number", value = -1_000_000),
            "-1\u{202f}000\u{202f}000"
        );
        assert_eq!(tr!(Lang::En, "number", value = 12.5), "12.5");
    }

    #[test]
    fn a_missing_message_shows_its_id() {
        assert_eq!(
            message(Lang::Fr, "no-such-message", &[]),
            "[no-such-message]"
        );
    }

    #[test]
    fn dates_are_written_in_words() {
        assert_eq!(tr!(Lang::En, "date", date = "2025.04.04"), "4 April 2025");
        assert_eq!(tr!(Lang::Fr, "date", date = "2025.04.01"), "1er avril 2025");
        // Unknown parts stay as the record wrote them.
        assert_eq!(tr!(Lang::Fr, "date", date = "2025.??.??"), "2025.??.??");
    }

    #[test]
    fn locale_names_and_headers() {
        assert_eq!(Lang::from_locale("fr_CA.UTF-8@latin"), Some(Lang::Fr));
        assert_eq!(Lang::from_locale("EN-gb"), Some(Lang::En));
        assert_eq!(Lang::from_locale("de_DE"), None);
        assert_eq!(Lang::from_locale(""), None);
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| (*v).to_owned())
            }
        };
        // LC_ALL wins over LANG; an empty variable is skipped.
        assert_eq!(
            Lang::from_env_with(env(&[("LC_ALL", "en_US.UTF-8"), ("LANG", "fr_FR.UTF-8")])),
            Lang::En
        );
        assert_eq!(
            Lang::from_env_with(env(&[("LC_ALL", ""), ("LC_MESSAGES", "fr_BE")])),
            Lang::Fr
        );
        assert_eq!(Lang::from_env_with(env(&[])), Lang::En);
        assert_eq!(Lang::from_accept_language("*;q=0.1, fr;q=0.2"), Lang::Fr);
        assert_eq!(Lang::from_accept_language("fr;q=abc"), Lang::Fr);
        let hostile = "de,".repeat(100_000) + "fr";
        assert_eq!(Lang::from_accept_language(&hostile), Lang::En);
    }
}

//! The web page (`GET /`): static files embedded in the binary, served with
//! their media type, an `ETag`, `Cache-Control: no-cache` (the browser asks
//! again and gets a 304 while the file is the same) and a
//! Content-Security-Policy that lets the page run only its own scripts and
//! styles; the page's words (`GET /v1/messages`); and board pictures that a
//! web page elsewhere can embed by URL (`GET /v1/positions/{compact}.svg`).
//!
//! The server keeps no state for the page: everything the page shows comes
//! from the API's answers, and a board is shared as a link that holds its
//! compact notation (see `docs/page.md`).

use std::sync::{Arc, LazyLock};

use serde::Serialize;
use songo_notation::any::AnyPosition;
use songo_notation::i18n::{self, Arg, Lang};
use songo_notation::msg;
use songo_notation::render::{Drawing, Mark, Marks};
use songo_notation::{Conventions, LetterCase};
use warp::http::StatusCode;
use warp::http::header::{
    CACHE_CONTROL, CONTENT_LANGUAGE, CONTENT_TYPE, ETAG, HeaderMap, HeaderValue, IF_NONE_MATCH,
    VARY,
};
use warp::reply::Response;

use crate::content;
use crate::plumbing::{NoQuery, Request, State, json};
use crate::problem::{Kind, Problem};
use crate::raster;

/// The policy every file of the page is served with: scripts, styles,
/// fonts and connections from this server only, no inline script, no
/// plugin, no framing by other sites; images also from `data:` and `blob:`
/// URLs (the PNG export draws the board's SVG through a `blob:` image).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; \
base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/// One file of the page.
struct Asset {
    /// Its path under `/` (`/` itself for the HTML).
    path: &'static str,
    media_type: &'static str,
    content: &'static [u8],
}

/// An [`Asset`] from a file of `service/page/`.
macro_rules! asset {
    ($path:literal, $media_type:expr, $file:literal) => {
        Asset {
            path: $path,
            media_type: $media_type,
            content: include_bytes!(concat!("../page/", $file)),
        }
    };
}

/// The media type of the page's modules.
const JS: &str = "text/javascript; charset=utf-8";

/// Every file of the page, from `service/page/`.
const ASSETS: &[Asset] = &[
    asset!("/", "text/html; charset=utf-8", "index.html"),
    asset!("/page/style.css", "text/css; charset=utf-8", "style.css"),
    asset!("/page/app.js", JS, "app.js"),
    asset!("/page/api.js", JS, "api.js"),
    asset!("/page/i18n.js", JS, "i18n.js"),
    asset!("/page/board.js", JS, "board.js"),
    asset!("/page/record.js", JS, "record.js"),
    asset!("/page/lesson.js", JS, "lesson.js"),
    asset!("/page/computer.js", JS, "computer.js"),
    asset!("/page/archive.js", JS, "archive.js"),
    asset!("/page/keeping.js", JS, "keeping.js"),
    asset!("/page/tournament.js", JS, "tournament.js"),
    asset!(
        "/page/tournament.css",
        "text/css; charset=utf-8",
        "tournament.css"
    ),
    asset!("/page/exercises.js", JS, "exercises.js"),
    asset!("/page/class.js", JS, "class.js"),
    asset!("/page/class.css", "text/css; charset=utf-8", "class.css"),
    asset!("/page/sheet.js", JS, "sheet.js"),
    asset!("/page/icon.svg", "image/svg+xml", "icon.svg"),
];

/// The paths of the page's files, for the route table and the tests.
pub fn asset_paths() -> impl Iterator<Item = &'static str> {
    ASSETS.iter().map(|asset| asset.path)
}

/// Each file's `ETag`: a hash of its bytes, computed once.
static ETAGS: LazyLock<Vec<HeaderValue>> = LazyLock::new(|| {
    ASSETS
        .iter()
        .map(|asset| {
            HeaderValue::from_str(&format!("\"{:016x}\"", fnv1a(asset.content)))
                .unwrap_or_else(|_| HeaderValue::from_static("\"0\""))
        })
        .collect()
});

/// FNV-1a, 64 bits: enough to tell two versions of a file apart.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The headers every answer of the page carries.
fn page_headers(headers: &mut HeaderMap) {
    headers.insert(
        "content-security-policy",
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    headers.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
}

/// The index in [`ASSETS`] of the file at `path` (`/index.html` is `/`).
fn asset_index(path: &str) -> Option<usize> {
    let path = match path {
        "/index.html" => "/",
        path => path,
    };
    ASSETS.iter().position(|asset| asset.path == path)
}

/// Whether `path` is one of the page's files: `/`, `/index.html` or
/// `/page/*` (the route table's `GET /` answers them all).
pub(crate) fn is_file(path: &str) -> bool {
    asset_index(path).is_some()
}

/// `GET /`, `GET /index.html` and `GET /page/*`: the page's file at
/// `path` (404 for another path; the route table asks only for these).
pub(crate) fn file(path: &str, headers: &HeaderMap) -> Response {
    match asset_index(path) {
        Some(index) => file_at(index, headers),
        None => Problem::new(
            Kind::NotFound,
            msg!("problem-detail-not-found", method = "GET", path = path),
        )
        .into_response(Lang::En),
    }
}

/// The answer for file `index`: 304 when the browser has it already.
fn file_at(index: usize, request: &HeaderMap) -> Response {
    let asset = &ASSETS[index];
    let etag = &ETAGS[index];
    let fresh = request
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|tags| {
            tags.split(',')
                .any(|tag| tag.trim() == "*" || tag.trim().as_bytes() == etag.as_bytes())
        });
    let mut response = if fresh {
        let mut response = Response::new(bytes::Bytes::new().into());
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        response
    } else {
        Response::new(bytes::Bytes::from_static(asset.content).into())
    };
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(asset.media_type));
    headers.insert(ETAG, etag.clone());
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    page_headers(headers);
    response
}

/// The text arguments the page's messages may take: each is sent as a
/// `{name}` placeholder that the page fills in.
const TEXT_ARGUMENTS: [&str; 21] = [
    "house", "move", "rule", "message", "line", "column", "game", "name", "text", "value",
    // The archive's explorer: games (or shares) won by South, by North, drawn.
    "south", "north", "draw", // A game of the archive corrected: its id and revision.
    "id", "revision",
    // The Tournament tab: a player's number, a round, a board, the system.
    "number", "round", "board", "system", "paired", "rounds",
];

/// A message of the page: one text, or one text per plural category of
/// its `count` (CLDR names: `one`, `other`…), placeholders left in.
#[derive(Serialize)]
#[serde(untagged)]
enum PageMessage {
    Text(String),
    Plural(std::collections::BTreeMap<&'static str, String>),
}

/// A number per plural category that English and French use, and the
/// category's name: the page picks the form with `Intl.PluralRules`.
const PLURAL_SAMPLES: [(&str, u32); 2] = [("one", 1), ("other", 7)];

/// The page's messages (`page-*`) in `lang`.
fn page_messages(lang: Lang) -> std::collections::BTreeMap<&'static str, PageMessage> {
    let placeholders: Vec<String> = TEXT_ARGUMENTS.iter().map(|n| format!("{{{n}}}")).collect();
    let format = |id: &str, count: u32| {
        let mut args: Vec<(&str, Arg<'_>)> = TEXT_ARGUMENTS
            .iter()
            .zip(&placeholders)
            .map(|(name, placeholder)| (*name, Arg::from(placeholder.as_str())))
            .collect();
        args.push(("count", Arg::from(count)));
        i18n::message(lang, id, &args)
    };
    i18n::message_ids(lang, "page-")
        .map(|id| {
            let forms: Vec<(&'static str, String)> = PLURAL_SAMPLES
                .iter()
                .map(|&(category, sample)| {
                    // The page's messages hold no digit of their own: the
                    // sample is the count.
                    let text = format(id, sample).replace(&sample.to_string(), "{count}");
                    (category, text)
                })
                .collect();
            let message = if forms.iter().all(|(_, text)| *text == forms[0].1) {
                PageMessage::Text(forms[0].1.clone())
            } else {
                PageMessage::Plural(forms.into_iter().collect())
            };
            (id, message)
        })
        .collect()
}

/// `GET /v1/messages?lang=en|fr`: the page's words in a language (else the
/// one `Accept-Language` prefers: the request's language).
pub(crate) async fn messages(_state: Arc<State>, request: Request) -> Result<Response, Problem> {
    request.query::<NoQuery>()?;
    let lang = request.lang;
    #[derive(Serialize)]
    struct Messages {
        lang: Lang,
        languages: Vec<(Lang, String)>,
        messages: std::collections::BTreeMap<&'static str, PageMessage>,
    }
    let languages = Lang::ALL
        .into_iter()
        .map(|l| (l, i18n::message(l, "lang-name", &[])))
        .collect();
    let mut response = json(
        StatusCode::OK,
        &Messages {
            lang,
            languages,
            messages: page_messages(lang),
        },
    )?;
    let headers = response.headers_mut();
    headers.insert(CONTENT_LANGUAGE, HeaderValue::from_static(lang.code()));
    headers.insert(VARY, HeaderValue::from_static("accept-language"));
    Ok(response)
}

/// `GET /v1/positions/{compact}.svg`: the board of a position written in
/// the compact notation (`/` written as is or as `%2F`, the `{compact}` of
/// the path), as an SVG picture to embed with `<img src>`, with the marks
/// the query asks for. The picture depends on its URL alone (words in the
/// query's `lang=`, else English; problems in English too), so that it may
/// be cached for a day.
pub(crate) fn image(compact: &str, query: &str) -> Response {
    picture(compact, query, Picture::Svg)
}

/// `GET /v1/positions/{compact}.png`: the same picture as [`image`], as a
/// PNG for places that show no SVG (forums, e-mail).
pub(crate) fn image_png(compact: &str, query: &str) -> Response {
    picture(compact, query, Picture::Png)
}

/// The two forms of a board picture.
#[derive(Clone, Copy)]
enum Picture {
    Svg,
    Png,
}

/// A board picture in `form`, or the problem with its address, in English.
fn picture(compact: &str, query: &str, form: Picture) -> Response {
    board_image(compact, query, form).unwrap_or_else(|problem| problem.into_response(Lang::En))
}

/// What a board picture's query asks for: `lang`, and the marks drawn on
/// it (`highlight`, `arrow`, `last`), as `POST /v1/positions` takes them.
#[derive(Default)]
struct PictureQuery {
    lang: Lang,
    highlight: Vec<String>,
    arrows: Vec<String>,
    last: Option<String>,
}

impl PictureQuery {
    /// Reads the query: each parameter known and given a value at most
    /// once (`highlight` and `arrow` may repeat, their lists add up), the
    /// marks within the budget of marks.
    fn read(query: &str) -> Result<PictureQuery, Problem> {
        let mut asked = PictureQuery::default();
        if query.is_empty() {
            return Ok(asked);
        }
        let unknown = |name: &str| {
            Problem::new(
                Kind::BadQuery,
                msg!("problem-detail-image-query", name = name),
            )
            .with("parameter", name)
        };
        let pairs = serde_urlencoded::from_str::<Vec<(String, String)>>(query)
            .map_err(|_| unknown(query))?;
        let mut lang = None;
        for (name, value) in pairs {
            let list = value
                .split(',')
                .map(str::trim)
                .filter(|item| !item.is_empty())
                .map(str::to_owned);
            match name.as_str() {
                "lang" => {
                    let parsed = value.parse::<Lang>().map_err(|_| {
                        Problem::new(
                            Kind::BadQuery,
                            msg!("problem-detail-bad-lang", value = value),
                        )
                        .with("parameter", "lang")
                        .with("known", Lang::ALL.map(Lang::code))
                    })?;
                    lang = Some(parsed);
                }
                "highlight" => asked.highlight.extend(list),
                "arrow" => asked.arrows.extend(list),
                "last" if asked.last.is_some() => {
                    return Err(Problem::new(
                        Kind::BadQuery,
                        msg!("problem-detail-image-last-twice"),
                    )
                    .with("parameter", "last"));
                }
                "last" => asked.last = Some(value.trim().to_owned()).filter(|m| !m.is_empty()),
                _ => return Err(unknown(&name)),
            }
        }
        asked.lang = lang.unwrap_or(Lang::En);
        let marks = asked.highlight.len() + asked.arrows.len() + usize::from(asked.last.is_some());
        content::check_marks(marks)?;
        Ok(asked)
    }
}

/// The work of [`picture`].
fn board_image(encoded: &str, query: &str, form: Picture) -> Result<Response, Problem> {
    let asked = PictureQuery::read(query)?;
    let compact = percent_decode(encoded)
        .ok_or_else(|| Problem::new(Kind::BadPosition, msg!("problem-detail-image-escape")))?;
    let position = compact
        .parse::<AnyPosition>()
        .map_err(|error| Problem::parse(Kind::BadPosition, &error))?;
    let marks = Marks {
        highlight: &asked.highlight,
        arrows: &asked.arrows,
        last_move: asked.last.as_deref(),
        coordinates: true,
        ..Marks::default()
    };
    let conventions = Conventions::with_letters(LetterCase::default()).in_lang(asked.lang);
    let svg = position
        .marked(&marks, conventions)
        .map_err(|error| {
            let parameter = match error.mark {
                Mark::Highlight => "highlight",
                Mark::Arrow => "arrow",
                _ => "last",
            };
            Problem::new(Kind::BadQuery, format!("{parameter}: {}", error.message))
                .with("parameter", parameter)
        })?
        .draw(Drawing::Svg);
    let (body, media_type): (bytes::Bytes, _) = match form {
        Picture::Svg => (svg.into(), "image/svg+xml"),
        Picture::Png => (raster::png(&svg)?.into(), "image/png"),
    };
    let mut response = Response::new(body.into());
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(media_type));
    headers.insert(
        CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=86400"),
    );
    headers.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    Ok(response)
}

/// Decodes `%XX` escapes (UTF-8); `None` for a broken escape or bytes that
/// are not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_escapes_are_decoded() {
        assert_eq!(
            percent_decode("songo:5,5%2F5,5").as_deref(),
            Some("songo:5,5/5,5")
        );
        assert_eq!(percent_decode("a%2"), None);
        assert_eq!(percent_decode("a%zz"), None);
        assert_eq!(percent_decode("%ff"), None);
    }

    #[test]
    fn every_page_message_exists_in_every_language() {
        let english: Vec<&str> = i18n::message_ids(Lang::En, "page-").collect();
        assert!(english.len() > 20, "the page has its words: {english:?}");
        for lang in Lang::ALL {
            let ids: Vec<&str> = i18n::message_ids(lang, "page-").collect();
            assert_eq!(ids.len(), english.len(), "{lang}");
        }
    }

    #[test]
    fn a_count_gives_plural_forms_and_names_stay_placeholders() {
        let messages = page_messages(Lang::Fr);
        let Some(PageMessage::Plural(forms)) = messages.get("page-house-label") else {
            panic!("page-house-label has plural forms");
        };
        assert_eq!(forms["one"], "{house}, {count} graine");
        assert_eq!(forms["other"], "{house}, {count} graines");
    }
}

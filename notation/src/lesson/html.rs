//! The handout as one standalone HTML page: the lesson's Markdown prose
//! (raw HTML in it shown as text, links only to web and mail addresses,
//! pictures of the web left out), every board drawn inline in SVG, and
//! print styles for A4 portrait paper. Nothing is fetched: no script, no
//! font, no picture from elsewhere.

use std::fmt::Write as _;

use pulldown_cmark::{CowStr, Event, Options as Markdown, Parser, Tag, TagEnd, html};

use super::pieces::{self, Picture, Piece, Role};
use super::read::{Item, Lesson};
use crate::i18n::Lang;
use crate::render::svg::escape;
use crate::tr;

/// The styles of the page: sober on screen, A4 on paper, boards kept
/// whole across pages.
const STYLE: &str = r#"@page { size: A4 portrait; margin: 15mm 15mm 17mm; }
* { box-sizing: border-box; }
html { color: #1f1b16; background: #f4f1ea; }
body { margin: 0; font: 11pt/1.45 "DejaVu Serif", Georgia, "Times New Roman", serif; }
main { max-width: 180mm; margin: 8mm auto; padding: 12mm 14mm; background: #fff; box-shadow: 0 1px 6px rgba(0,0,0,.15); }
h1, h2, h3, h4, h5, h6, .block-title, .headline { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; line-height: 1.25; break-after: avoid; page-break-after: avoid; }
h1 { font-size: 19pt; margin: 0 0 5mm; }
h2 { font-size: 15pt; margin: 7mm 0 3mm; }
h3 { font-size: 13pt; margin: 6mm 0 2mm; }
h4, h5, h6 { font-size: 11.5pt; margin: 5mm 0 2mm; }
p, li { orphans: 3; widows: 3; }
a { color: #1f5fa8; }
code { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 9.5pt; }
pre { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 9.5pt; background: #f6f4ef; padding: 2mm 3mm; white-space: pre-wrap; break-inside: avoid; page-break-inside: avoid; }
table { border-collapse: collapse; margin: 3mm 0; }
th, td { border: 1px solid #c9c2b6; padding: 1mm 2.5mm; }
blockquote { margin: 3mm 0; padding-left: 4mm; border-left: 2px solid #c9c2b6; color: #4a4238; }
.board-block { margin: 5mm 0; }
p:has(+ .board-block), p:has(+ .boards) { break-after: avoid; page-break-after: avoid; }
.block-title { font-weight: bold; font-size: 12pt; margin: 5mm 0 2mm; }
.boards { display: grid; grid-template-columns: repeat(auto-fill, minmax(80mm, 1fr)); gap: 3mm 4mm; align-items: start; margin: 2mm 0 3mm; }
.boards.single { grid-template-columns: minmax(0, 118mm); justify-content: center; }
figure.board { margin: 0; break-inside: avoid; page-break-inside: avoid; text-align: center; }
figure.board svg { display: block; width: 100%; height: auto; margin: 0 auto; }
/* The house labels (N0 … S6) at 8 pt or more on paper, two boards a row. */
figure.board svg text[font-size='13'][text-anchor='middle'][fill='#5b4a3a'] { font-size: 20px; }
figcaption { font: 9.5pt/1.3 "DejaVu Sans", Verdana, Arial, sans-serif; color: #4a4238; margin-top: 1mm; }
.headline { font-weight: bold; margin: 4mm 0 1mm; }
.summary, .tags, .result { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; font-size: 10pt; }
.moves { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 10pt; }
.variation { font-size: 10pt; color: #4a4238; }
.note { font-size: 10pt; color: #8a2b1f; }
.explanation { border-left: 2px solid #1f5fa8; padding-left: 4mm; margin: 3mm 0; font-size: 10.5pt; }
@media print {
  html { background: #fff; }
  main { max-width: none; margin: 0; padding: 0; box-shadow: none; }
  a { color: inherit; text-decoration: none; }
}
"#;

/// The private-use character that marks where a board goes in the prose;
/// the lesson's own text never holds it (it is replaced).
const MARK: char = '\u{E000}';

/// The page of a lesson.
pub(crate) fn write(lesson: &Lesson<'_>, lang: Lang) -> String {
    // The prose, every board and block a mark of its own.
    let mut prose = String::new();
    let mut figures: Vec<String> = Vec::new();
    for item in &lesson.items {
        match item {
            Item::Prose(lines) => {
                let text = lesson.source.slice(lines).replace(MARK, "\u{FFFD}");
                prose.push_str(&text);
                if !text.ends_with('\n') {
                    prose.push('\n');
                }
            }
            other => {
                let text = lesson.source.slice(&item_lines(other));
                let pieces = pieces::of_item(other, text, lang);
                let _ = write!(prose, "\n{MARK}{}{MARK}\n\n", figures.len());
                figures.push(pieces_html(&pieces));
            }
        }
    }
    let body = markdown_html(&prose, &figures);
    let title = title_of(lesson).unwrap_or_else(|| tr!(lang, "lesson-title"));
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"songo {}\">\n<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<main>\n{body}</main>\n</body>\n</html>\n",
        lang.code(),
        env!("CARGO_PKG_VERSION"),
        escape(&title)
    );
    out
}

/// The lines an item stands on.
pub(crate) fn item_lines(item: &Item) -> std::ops::Range<usize> {
    match item {
        Item::Prose(lines)
        | Item::Pasted { lines, .. }
        | Item::Board { lines, .. }
        | Item::Record { lines, .. } => lines.clone(),
    }
}

/// The lesson's title: its first heading (`# …`, else `## …`), its
/// Markdown marks taken off.
pub(crate) fn title_of(lesson: &Lesson<'_>) -> Option<String> {
    let prose_lines = lesson.items.iter().filter_map(|item| match item {
        Item::Prose(lines) => Some(lines.clone()),
        _ => None,
    });
    let mut best: Option<(usize, String)> = None;
    for lines in prose_lines {
        for line in &lesson.source.lines[lines] {
            let text = line.text.trim_start();
            let level = text.len() - text.trim_start_matches('#').len();
            if (1..=2).contains(&level)
                && text[level..].starts_with(' ')
                && best.as_ref().is_none_or(|(l, _)| level < *l)
            {
                let words = text[level..]
                    .trim()
                    .trim_matches(['*', '_', ' '])
                    .to_owned();
                if !words.is_empty() {
                    best = Some((level, words));
                }
            }
        }
    }
    best.map(|(_, words)| words)
}

/// Whether a link may be followed: the web, mail, a place in the page.
fn safe_url(url: &str) -> bool {
    let lower = url.trim().to_ascii_lowercase();
    lower.starts_with("https://")
        || lower.starts_with("http://")
        || lower.starts_with("mailto:")
        || lower.starts_with('#')
}

/// The few HTML tags of the sources' texts shown as tags (`<sup>2</sup>`);
/// any other HTML is shown as text.
fn allowed_tag(html: &str) -> bool {
    const TAGS: &[&str] = &[
        "<sup>",
        "</sup>",
        "<sub>",
        "</sub>",
        "<br>",
        "<br/>",
        "<br />",
        "<em>",
        "</em>",
        "<strong>",
        "</strong>",
    ];
    TAGS.iter().any(|tag| tag.eq_ignore_ascii_case(html.trim()))
}

/// Markdown prose to HTML, safely, each mark replaced by its figure.
fn markdown_html(prose: &str, figures: &[String]) -> String {
    let options = Markdown::ENABLE_TABLES | Markdown::ENABLE_STRIKETHROUGH;
    let mut skip_link_end = Vec::new();
    let events = Parser::new_ext(prose, options).filter_map(|event| match event {
        Event::Html(text) | Event::InlineHtml(text) => {
            if allowed_tag(&text) {
                Some(Event::InlineHtml(text))
            } else {
                Some(Event::Text(text))
            }
        }
        Event::Start(Tag::Link {
            dest_url,
            title,
            id,
            link_type,
        }) => {
            let safe = safe_url(&dest_url);
            skip_link_end.push(!safe);
            safe.then_some(Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }))
        }
        Event::End(TagEnd::Link) => {
            if skip_link_end.pop().unwrap_or(false) {
                None
            } else {
                Some(Event::End(TagEnd::Link))
            }
        }
        // A picture would be fetched: its words stand for it.
        Event::Start(Tag::Image { .. }) => Some(Event::Text(CowStr::Borrowed("["))),
        Event::End(TagEnd::Image) => Some(Event::Text(CowStr::Borrowed("]"))),
        other => Some(other),
    });
    let mut out = String::new();
    html::push_html(&mut out, events);
    // Each mark stands alone in its paragraph.
    for (index, figure) in figures.iter().enumerate() {
        let mark = format!("<p>{MARK}{index}{MARK}</p>\n");
        if out.contains(&mark) {
            out = out.replacen(&mark, figure, 1);
        } else {
            // A mark swallowed by a construct of the prose (a code block
            // left open): the figure comes after it.
            out = out.replacen(&format!("{MARK}{index}{MARK}"), "", 1);
            out.push_str(figure);
        }
    }
    out
}

fn figure_html(picture: &Picture) -> String {
    let mut out = String::from("<figure class=\"board\">\n");
    // The SVG holds no script, no external reference and escaped text; its
    // title says what it shows.
    out.push_str(&picture.svg);
    if let Some(caption) = &picture.caption {
        let _ = writeln!(out, "<figcaption>{}</figcaption>", escape(caption));
    }
    out.push_str("</figure>\n");
    out
}

/// The pieces of an item as HTML.
fn pieces_html(pieces: &[Piece]) -> String {
    let mut out = String::from("<section class=\"board-block\">\n");
    for piece in pieces {
        match piece {
            Piece::Title(title) => {
                let _ = writeln!(out, "<p class=\"block-title\">{}</p>", escape(title));
            }
            Piece::Pictures(pictures) => {
                let class = if pictures.len() == 1 {
                    "boards single"
                } else {
                    "boards"
                };
                let _ = writeln!(out, "<div class=\"{class}\">");
                for picture in pictures {
                    out.push_str(&figure_html(picture));
                }
                out.push_str("</div>\n");
            }
            Piece::Line(role, text) => {
                let class = match role {
                    Role::Headline => "headline",
                    Role::Summary => "summary",
                    Role::Moves => "moves",
                    Role::Comment => "comment",
                    Role::Variation => "variation",
                    Role::Tags => "tags",
                    Role::Result => "result",
                    Role::Note => "note",
                };
                let _ = writeln!(out, "<p class=\"{class}\">{}</p>", escape(text));
            }
            Piece::Markdown(markdown) => {
                let _ = writeln!(
                    out,
                    "<div class=\"explanation\">\n{}</div>",
                    markdown_html(&markdown.replace(MARK, "\u{FFFD}"), &[])
                );
            }
            Piece::Verbatim(text) => {
                let _ = writeln!(out, "<pre>{}</pre>", escape(text.trim_end()));
            }
        }
    }
    out.push_str("</section>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_html_is_shown_as_text_and_only_safe_links_are_kept() {
        let html = markdown_html(
            "<script>alert(1)</script>\n\nm<sup>2</sup> [x](javascript:alert(1)) [y](https://e.org) ![z](http://e.org/a.png) <img src=x onerror=alert(1)>\n",
            &[],
        );
        assert!(!html.contains("<script"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(html.contains("m<sup>2</sup>"), "{html}");
        assert!(!html.contains("javascript:"), "{html}");
        assert!(html.contains("<a href=\"https://e.org\">y</a>"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("&lt;img"), "{html}");
    }

    #[test]
    fn marks_become_figures() {
        let html = markdown_html(
            &format!("Text.\n\n{MARK}0{MARK}\n\nMore.\n"),
            &["<figure>B</figure>\n".to_owned()],
        );
        assert_eq!(html, "<p>Text.</p>\n<figure>B</figure>\n<p>More.</p>\n");
    }
}

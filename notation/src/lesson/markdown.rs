//! The handout as Markdown: the lesson's prose as it was written, every
//! board a picture (an SVG file written beside the Markdown), every block
//! replaced by its pictures and lines. Text of the lesson that the tool
//! places itself (titles, comments of a record) is escaped.

use std::fmt::Write as _;

use super::Image;
use super::html::item_lines;
use super::pieces::{self, Piece, Role};
use super::read::{Item, Lesson};
use crate::i18n::Lang;

/// Escapes text so that Markdown shows it as it is: every character that
/// could start a construct (emphasis, link, HTML, heading …) is
/// backslashed.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '`'
                | '*'
                | '_'
                | '['
                | ']'
                | '<'
                | '>'
                | '#'
                | '|'
                | '~'
                | '!'
                | '&'
                | '{'
                | '}'
                | '('
                | ')'
        ) {
            out.push('\\');
        }
        // A line break would end the line's construct: one space instead.
        if c == '\n' || c == '\r' {
            out.push(' ');
            continue;
        }
        out.push(c);
    }
    out
}

/// The Markdown of a lesson and its pictures, named `{prefix}-01.svg` …
pub(crate) fn write(lesson: &Lesson<'_>, lang: Lang, prefix: &str) -> (String, Vec<Image>) {
    // The pictures' names go into links and file names: letters, digits,
    // `-` and `_` only.
    let prefix: String = prefix
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let prefix = if prefix.is_empty() {
        "lesson"
    } else {
        prefix.as_str()
    };
    let mut out = String::new();
    let mut images: Vec<Image> = Vec::new();
    for item in &lesson.items {
        if let Item::Prose(lines) = item {
            let mut text = lesson.source.slice(lines);
            // After a block's pieces (each ends with a blank line), the
            // prose's own blank lines would add more.
            if out.ends_with("\n\n") {
                text = text.trim_start_matches(['\n', '\r']);
            }
            out.push_str(text);
            if !text.ends_with('\n') {
                out.push('\n');
            }
            continue;
        }
        let text = lesson.source.slice(&item_lines(item));
        if !out.is_empty() && !out.ends_with("\n\n") {
            out.push('\n');
        }
        for piece in pieces::of_item(item, text, lang) {
            match piece {
                Piece::Title(title) => {
                    let _ = writeln!(out, "**{}**\n", escape(&title));
                }
                Piece::Pictures(pictures) => {
                    for picture in pictures {
                        let name = format!("{prefix}-{:02}.svg", images.len() + 1);
                        let alt = picture.caption.as_deref().map_or_else(
                            || escape(&picture.alt),
                            |caption| format!("{}: {}", escape(caption), escape(&picture.alt)),
                        );
                        let _ = writeln!(out, "![{alt}]({name})");
                        if let Some(caption) = &picture.caption {
                            let _ = writeln!(out, "\n*{}*", escape(caption));
                        }
                        out.push('\n');
                        images.push(Image {
                            name,
                            svg: picture.svg,
                        });
                    }
                }
                Piece::Line(role, text) => {
                    let text = escape(&text);
                    let _ = match role {
                        Role::Headline => writeln!(out, "**{text}**\n"),
                        Role::Moves => writeln!(out, "{text}\n"),
                        Role::Variation | Role::Note => writeln!(out, "*{text}*\n"),
                        _ => writeln!(out, "{text}\n"),
                    };
                }
                Piece::Markdown(markdown) => {
                    out.push_str(markdown.trim_end());
                    out.push_str("\n\n");
                }
                Piece::Verbatim(text) => {
                    // A fence longer than any run of backticks inside.
                    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
                    let fence = "`".repeat(longest.max(2) + 1);
                    let _ = writeln!(out, "{fence}text\n{}\n{fence}\n", text.trim_end());
                }
            }
        }
    }
    (out, images)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaped_text_shows_as_written() {
        assert_eq!(
            escape("<b>*x*</b> [a](b)"),
            "\\<b\\>\\*x\\*\\</b\\> \\[a\\]\\(b\\)"
        );
        assert_eq!(escape("two\nlines"), "two lines");
    }
}

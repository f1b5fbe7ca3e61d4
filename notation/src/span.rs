//! A piece of an input text with its byte offset in the whole text, so
//! that the hand-written position readers (compact, diagram, Seega) can
//! point their errors at the right line and column.

use crate::error::ParseError;
use crate::i18n::Message;
use crate::msg;

/// A piece of the input and its byte offset in the whole text.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Span<'a> {
    pub(crate) text: &'a str,
    pub(crate) offset: usize,
}

impl<'a> Span<'a> {
    /// The whole of `text`, trimmed.
    pub(crate) fn whole(text: &'a str) -> Span<'a> {
        Span { text, offset: 0 }.trimmed()
    }

    /// The whole of a one-line notation, trimmed: an error for an empty
    /// text (hinting at `example`) or one over several lines.
    pub(crate) fn one_line(text: &'a str, example: &str) -> Result<Span<'a>, ParseError> {
        let whole = Span::whole(text);
        if whole.text.is_empty() {
            return Err(ParseError::at(text, 0, msg!("empty-position"))
                .with_hint(msg!("hint-write-a-position-such-as", example = example)));
        }
        if let Some(bad) = whole.text.find(['\n', '\r']) {
            return Err(
                ParseError::at(text, whole.offset + bad, msg!("compact-one-line"))
                    .with_hint(msg!("hint-diagram-docs")),
            );
        }
        Ok(whole)
    }

    /// The same piece without surrounding white space, its offset moved
    /// past the leading white space.
    pub(crate) fn trimmed(self) -> Span<'a> {
        let start = self.text.len() - self.text.trim_start().len();
        Span {
            text: self.text.trim(),
            offset: self.offset + start,
        }
    }

    /// The piece from byte `from` on.
    pub(crate) fn slice(self, from: usize) -> Span<'a> {
        Span {
            text: &self.text[from..],
            offset: self.offset + from,
        }
    }

    /// Its length in characters (the width of an error's caret).
    pub(crate) fn chars(self) -> usize {
        self.text.chars().count()
    }

    /// The fields between `separator`s, each trimmed (empty ones kept).
    pub(crate) fn split(self, separator: char) -> impl Iterator<Item = Span<'a>> {
        let mut offset = self.offset;
        self.text.split(separator).map(move |part| {
            let span = Span { text: part, offset };
            offset += part.len() + separator.len_utf8();
            span.trimmed()
        })
    }

    /// Pieces separated by white space or any of `separators`, empty ones
    /// dropped.
    pub(crate) fn words(self, separators: &'a [char]) -> impl Iterator<Item = Span<'a>> + 'a {
        let base = self.offset;
        let text = self.text;
        text.split(move |c: char| c.is_whitespace() || separators.contains(&c))
            .filter(|piece| !piece.is_empty())
            .map(move |piece| Span {
                text: piece,
                // `split` yields subslices of `text`: their offset is their address difference.
                offset: base + (piece.as_ptr() as usize - text.as_ptr() as usize),
            })
    }

    /// An error about this piece of `input`, its caret as wide as the piece.
    pub(crate) fn error(self, input: &str, message: Message) -> ParseError {
        ParseError::at(input, self.offset, message).with_width(self.chars())
    }
}

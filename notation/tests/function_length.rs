//! No function of the workspace (cli/, notation/, service/, tests/) is
//! longer than [`LONGEST`] lines unless a `// Long because: …` comment
//! directly above it (doc comments and attributes may come between) says
//! why a split would read worse. A long function is read by scrolling, and
//! its steps have no names; the reason, when there is one, is written once
//! where the next reader meets it.
//!
//! The files are read by a small lexer rather than by counting braces in
//! the text: strings (raw ones too), char and byte literals such as
//! `b'{'`, lifetimes and comments hold braces that are not code.

use std::path::{Path, PathBuf};

/// The most lines (from `fn` to its closing brace) a function may take
/// without a reason.
const LONGEST: usize = 100;

/// The comment that lets a function be longer.
const REASON: &str = "// Long because:";

#[test]
fn no_function_is_over_100_lines_without_a_reason() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace holds the crate");
    let mut files = Vec::new();
    for folder in ["cli", "notation", "service", "tests"] {
        rust_files(&root.join(folder), &mut files);
    }
    assert!(files.len() > 100, "the workspace's files were not found");
    let mut found = Vec::new();
    for file in &files {
        let relative = file
            .strip_prefix(root)
            .expect("under the workspace")
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(file).expect("a source file reads");
        for function in too_long(&text) {
            found.push(format!(
                "{relative}:{} fn {} is {} lines",
                function.line, function.name, function.lines
            ));
        }
    }
    assert!(
        found.is_empty(),
        "functions over {LONGEST} lines without a `{REASON}` comment above them \
         (split them into named steps, or say why not):\n  {}",
        found.join("\n  ")
    );
}

/// The lexer keeps the braces of strings, chars, raw strings and comments
/// out of the count, and a long function fails unless its reason is above.
#[test]
fn the_lexer_counts_only_the_code_s_braces() {
    let tricky = r####"
fn tricky<'a>(x: &'a str) -> [u8; 2] {
    let _ = b'{';
    let _ = '{';
    let _ = '\'';
    let _ = '\u{7b}';
    let _ = "{ \" {";
    let _ = r#"{ " }"#;
    let _ = br##"{"#"##;
    /* { /* nested { */ */
    // {
    'outer: loop { break 'outer; }
    let r#type = 1;
    [b'}', b'}']
}
fn after() {}
"####;
    let functions = functions(&lex(tricky));
    let found: Vec<(&str, usize, usize)> = functions
        .iter()
        .map(|f| (f.name.as_str(), f.line, f.lines))
        .collect();
    assert_eq!(found, [("tricky", 2, 14), ("after", 16, 1)]);

    let long = |above: &str| {
        format!(
            "/// Docs.\n{above}#[allow(unused)]\npub(crate) fn long() {{\n{}}}\n",
            "    step();\n".repeat(LONGEST - 1)
        )
    };
    let long_ones = |text: &str| -> Vec<(String, usize)> {
        too_long(text)
            .into_iter()
            .map(|f| (f.name, f.lines))
            .collect()
    };
    assert_eq!(long_ones(&long("")), [("long".to_owned(), LONGEST + 1)]);
    assert_eq!(long_ones(&long("// A comment, no reason.\n")).len(), 1);
    assert!(long_ones(&long("// Long because: one table.\n")).is_empty());
    // The reason belongs to the function below it, not to the next one.
    let two = format!("{}{}", long("// Long because: one table.\n"), long(""));
    assert_eq!(long_ones(&two).len(), 1);
}

/// Every `.rs` file under `dir`, leaving out build output and hidden folders.
fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if path.is_dir() {
            if name != "target" && name != "node_modules" && !name.starts_with('.') {
                rust_files(&path, files);
            }
        } else if name.ends_with(".rs") {
            files.push(path);
        }
    }
}

/// A function found in a file.
#[derive(Debug)]
struct Function {
    name: String,
    /// The line of its `fn`, from 1.
    line: usize,
    /// Lines from its `fn` to its closing brace, both counted.
    lines: usize,
    /// Whether a `// Long because:` comment is directly above it.
    reasoned: bool,
}

/// The functions of `text` longer than [`LONGEST`] lines with no reason.
fn too_long(text: &str) -> Vec<Function> {
    functions(&lex(text))
        .into_iter()
        .filter(|f| f.lines > LONGEST && !f.reasoned)
        .collect()
}

#[derive(Debug, PartialEq)]
enum Kind {
    /// An identifier or keyword (a raw identifier without its `r#`).
    Word(String),
    Punct(char),
    /// A string, char, byte or number literal.
    Literal,
    /// A comment, its text.
    Comment(String),
}

#[derive(Debug)]
struct Token {
    kind: Kind,
    /// The line it starts on, from 1.
    line: usize,
}

/// The tokens of Rust source, as far as functions' bounds need them.
fn lex(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut lexer = Lexer {
        chars: &chars,
        at: 0,
        line: 1,
    };
    let mut tokens = Vec::new();
    while let Some(token) = lexer.next_token() {
        tokens.push(token);
    }
    tokens
}

struct Lexer<'a> {
    chars: &'a [char],
    at: usize,
    line: usize,
}

impl Lexer<'_> {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    /// Moves past one char, counting lines.
    fn bump(&mut self) {
        if self.peek(0) == Some('\n') {
            self.line += 1;
        }
        self.at += 1;
    }

    fn next_token(&mut self) -> Option<Token> {
        while self.peek(0)?.is_whitespace() {
            self.bump();
        }
        let line = self.line;
        let c = self.peek(0)?;
        let kind = match c {
            '/' if self.peek(1) == Some('/') => self.line_comment(),
            '/' if self.peek(1) == Some('*') => self.block_comment(),
            '"' => {
                self.string();
                Kind::Literal
            }
            '\'' => self.quote(),
            c if c.is_ascii_digit() => {
                self.number();
                Kind::Literal
            }
            c if is_word_char(c) => self.word(),
            c => {
                self.bump();
                Kind::Punct(c)
            }
        };
        Some(Token { kind, line })
    }

    fn line_comment(&mut self) -> Kind {
        let start = self.at;
        while self.peek(0).is_some_and(|c| c != '\n') {
            self.bump();
        }
        Kind::Comment(self.chars[start..self.at].iter().collect())
    }

    /// A block comment, nested ones inside.
    fn block_comment(&mut self) -> Kind {
        let mut depth = 0;
        while let Some(c) = self.peek(0) {
            if c == '/' && self.peek(1) == Some('*') {
                depth += 1;
                self.bump();
            } else if c == '*' && self.peek(1) == Some('/') {
                depth -= 1;
                self.bump();
                if depth == 0 {
                    self.bump();
                    break;
                }
            }
            self.bump();
        }
        Kind::Comment(String::new())
    }

    /// A string from its opening quote, escapes and all.
    fn string(&mut self) {
        self.bump();
        while let Some(c) = self.peek(0) {
            self.bump();
            match c {
                '\\' => self.bump(),
                '"' => break,
                _ => {}
            }
        }
    }

    /// A raw string from its `#`s or opening quote: it ends at a quote
    /// followed by as many `#`s.
    fn raw_string(&mut self) {
        let mut hashes = 0;
        while self.peek(0) == Some('#') {
            hashes += 1;
            self.bump();
        }
        self.bump(); // the opening quote
        while let Some(c) = self.peek(0) {
            self.bump();
            if c == '"' && (0..hashes).all(|n| self.peek(n) == Some('#')) {
                for _ in 0..hashes {
                    self.bump();
                }
                break;
            }
        }
    }

    /// A char literal (`'{'`, `'\''`, `'\u{7b}'`; a `b` before it was
    /// read as a word) or a lifetime or label (`'a`, `'outer`).
    fn quote(&mut self) -> Kind {
        let escaped = self.peek(1) == Some('\\');
        if escaped || self.peek(2) == Some('\'') {
            self.bump();
            if escaped {
                self.bump();
                self.bump();
            }
            while let Some(c) = self.peek(0) {
                self.bump();
                if c == '\'' {
                    break;
                }
            }
            Kind::Literal
        } else {
            self.bump();
            self.word();
            Kind::Punct('\'')
        }
    }

    /// A number, its suffix and decimals (`1_000u64`, `2.5e-3` reads as
    /// `2.5e`, `-`, `3`: no brace either way).
    fn number(&mut self) {
        while let Some(c) = self.peek(0) {
            let decimal_point = c == '.' && self.peek(1).is_some_and(|d| d.is_ascii_digit());
            if !(is_word_char(c) || decimal_point) {
                break;
            }
            self.bump();
        }
    }

    /// A word, or the string it prefixes (`b"…"`, `r#"…"#`, `br"…"`).
    fn word(&mut self) -> Kind {
        let start = self.at;
        while self.peek(0).is_some_and(is_word_char) {
            self.bump();
        }
        let word: String = self.chars[start..self.at].iter().collect();
        let raw_prefix = matches!(word.as_str(), "r" | "br" | "cr");
        let mut after_hashes = 0;
        while self.peek(after_hashes) == Some('#') {
            after_hashes += 1;
        }
        match self.peek(after_hashes) {
            Some('"') if raw_prefix => {
                self.raw_string();
                Kind::Literal
            }
            Some('"') if after_hashes == 0 && matches!(word.as_str(), "b" | "c") => {
                self.string();
                Kind::Literal
            }
            // A raw identifier, `r#type`.
            Some(c) if word == "r" && after_hashes == 1 && is_word_char(c) => {
                self.bump();
                self.word()
            }
            _ => Kind::Word(word),
        }
    }
}

fn is_word_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Every function with a body: `fn`, its name, its signature up to the
/// first `{` outside parentheses and brackets, and that brace's match.
fn functions(tokens: &[Token]) -> Vec<Function> {
    let mut found = Vec::new();
    for (at, token) in tokens.iter().enumerate() {
        if !matches!(&token.kind, Kind::Word(word) if word == "fn") {
            continue;
        }
        // `fn(u8) -> u8` is a type; `fn $name` is inside a macro.
        let Some(Kind::Word(name)) = tokens.get(at + 1).map(|t| &t.kind) else {
            continue;
        };
        let Some(end_line) = body_end(&tokens[at + 2..]) else {
            continue;
        };
        found.push(Function {
            name: name.clone(),
            line: token.line,
            lines: end_line + 1 - token.line,
            reasoned: reason_above(&tokens[..at]),
        });
    }
    found
}

/// The line of the closing brace of the body that follows a function's
/// name, if it has one (a trait's `fn f();` has none).
fn body_end(tokens: &[Token]) -> Option<usize> {
    let mut nesting = 0_usize;
    let mut braces = 0_usize;
    for token in tokens {
        let Kind::Punct(c) = token.kind else {
            continue;
        };
        match c {
            '(' | '[' if braces == 0 => nesting += 1,
            ')' | ']' if braces == 0 => nesting = nesting.saturating_sub(1),
            ';' if braces == 0 && nesting == 0 => return None,
            '{' if nesting == 0 => braces += 1,
            '}' if nesting == 0 => {
                braces = braces.checked_sub(1)?;
                if braces == 0 {
                    return Some(token.line);
                }
            }
            _ => {}
        }
    }
    None
}

/// Whether a `// Long because:` comment comes before the function whose
/// `fn` follows `before`, with only comments, attributes and qualifiers
/// (`pub(crate)`, `async`, `const`, `unsafe`, `extern "C"`) between.
fn reason_above(before: &[Token]) -> bool {
    let mut at = before.len();
    while at > 0 {
        at -= 1;
        match &before[at].kind {
            Kind::Comment(text) if text.trim_start().starts_with(REASON) => return true,
            Kind::Comment(_) | Kind::Literal | Kind::Punct('(' | ')' | ':') => {}
            Kind::Word(word)
                if matches!(
                    word.as_str(),
                    "pub"
                        | "crate"
                        | "super"
                        | "self"
                        | "in"
                        | "async"
                        | "const"
                        | "unsafe"
                        | "extern"
                        | "default"
                ) => {}
            // An attribute: back to its `#[`.
            Kind::Punct(']') => {
                let mut depth = 0;
                loop {
                    match before[at].kind {
                        Kind::Punct(']') => depth += 1,
                        Kind::Punct('[') => depth -= 1,
                        _ => {}
                    }
                    if depth == 0 || at == 0 {
                        break;
                    }
                    at -= 1;
                }
                if at == 0 || before[at - 1].kind != Kind::Punct('#') {
                    return false;
                }
                at -= 1;
            }
            _ => return false,
        }
    }
    false
}

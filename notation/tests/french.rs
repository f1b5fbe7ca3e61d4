//! French typography in the catalogue: a no-break space (U+00A0) before `:`,
//! `;`, `?` and `!`, so that a line never wraps with the sign alone at its
//! start. A plain space there is what several newer messages had (issue 26,
//! item 11). Signs that are syntax rather than punctuation (`:0-0:S`, the
//! marks `?!`, `??`) are not preceded by a word, so they are not checked.

/// Each message line of `fr.ftl` with a plain space before `:` `;` `?` `!`
/// that ends a word: `(line number, the line)`.
fn plain_spaces_before_high_signs(catalogue: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (index, line) in catalogue.lines().enumerate() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        for at in 1..chars.len().saturating_sub(1) {
            let ends_word = chars[at - 1].is_alphanumeric() || "})»`%".contains(chars[at - 1]);
            let sign = ":;?!".contains(chars[at + 1]);
            let after = chars.get(at + 2).copied();
            let sign_ends = after.is_none_or(|c| c.is_whitespace() || c == ',');
            if chars[at] == ' ' && ends_word && sign && sign_ends {
                found.push((index + 1, line.to_owned()));
                break;
            }
        }
    }
    found
}

#[test]
fn french_messages_put_a_no_break_space_before_colons_and_semicolons() {
    let catalogue = include_str!("../locales/fr.ftl");
    let found = plain_spaces_before_high_signs(catalogue);
    assert!(
        found.is_empty(),
        "fr.ftl has a plain space before : ; ? or ! (write U+00A0):\n{found:#?}"
    );
}

#[test]
fn the_check_finds_a_plain_space_and_passes_the_marks() {
    let bad = "archive-full = l’archive est pleine : { $cause }\n";
    assert_eq!(plain_spaces_before_high_signs(bad).len(), 1);
    let good = "marks = les marques (?!, ?, ??) et le camp au trait\u{a0}: :0-0:S\n# commentaire : libre\n";
    assert!(plain_spaces_before_high_signs(good).is_empty());
}

//! The scope entries an expression can name, chosen before evaluation so that a scope of
//! thousands of keys the expression never uses costs nothing per lookup.

/// The scope entries the expression can name: those whose key is one of the names it spells
/// ([`name_candidates`] of its words).
///
/// A name is looked up by scanning the evaluator's bindings, one work unit per lookup, so a scope
/// of thousands of keys the expression never uses (a request may carry any number) would make
/// every lookup cost thousands of comparisons the meter does not see. An expression can only name
/// what it spells out (there is no lookup by computed name), so the others are left out before
/// evaluation; the answer's `scopeVars` still lists every key. Linear in the scope and the
/// expression but for a word of many digit-letter alternations (see [`name_candidates`]).
pub(crate) fn used_scope(request: &crate::request::Request) -> Vec<(String, f64)> {
    let Some(scope) = &request.scope else {
        return Vec::new();
    };
    if request.expression.is_ascii() && scope.len() <= crate::request::SMALL_SCOPE {
        // The usual case, split byte by byte (same words: ASCII whitespace is among the
        // separators, and there is no other whitespace in ASCII text).
        let words = request
            .expression
            .as_bytes()
            .split(|&b| !is_ascii_name_byte(b))
            .filter(|word| !word.is_empty());
        return keys_spelled(scope, words.flat_map(name_candidates));
    }
    used_scope_by_chars(request, scope)
}

/// An ASCII character that names are made of: a letter, a digit, `_` or `$`.
#[inline]
pub(crate) fn is_ascii_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$'
}

/// The names a word (a run of name characters) may spell: the word itself, and each part of it
/// that starts right after a digit with anything but a digit, as the lexer ends a number literal
/// there and starts a name (`2x` is 2 times `x`, `1e3y` is 1000 times `y`, `2x3y` is 2 times
/// `x3y`). A superset of the names (`x1f` of the literal `0x1f` is none), which is harmless: a
/// binding the expression does not read is never looked at.
///
/// A word of n alternations has n such parts, each compared (or hashed) whole: quadratic in the
/// length of such a word, which the expression limit (1,000 units) bounds.
pub(crate) fn name_candidates(word: &[u8]) -> impl Iterator<Item = &[u8]> {
    let after_digits = (1..word.len())
        .filter(move |&i| word[i - 1].is_ascii_digit() && !word[i].is_ascii_digit())
        .map(move |i| &word[i..]);
    std::iter::once(word).chain(after_digits)
}

/// The entries of a small `scope` (at most [`crate::request::SMALL_SCOPE`]) whose key is one of
/// `names`, in the scope's order: each key marked as the names pass, without hashing them.
pub(crate) fn keys_spelled<'a>(
    scope: &[(String, f64)],
    names: impl Iterator<Item = &'a [u8]>,
) -> Vec<(String, f64)> {
    let mut used = [false; crate::request::SMALL_SCOPE];
    for name in names {
        for (slot, (key, _)) in used.iter_mut().zip(scope) {
            *slot |= key.as_bytes() == name;
        }
    }
    scope
        .iter()
        .zip(used)
        .filter(|(_, used)| *used)
        .map(|(entry, _)| entry.clone())
        .collect()
}

/// [`used_scope`] for any expression, split character by character.
pub(crate) fn used_scope_by_chars(
    request: &crate::request::Request,
    scope: &[(String, f64)],
) -> Vec<(String, f64)> {
    // Names are made of ASCII letters, digits, `_`, `$` and some non-ASCII letters: split at
    // everything else that is ASCII or whitespace, so every name is in one of the words. (A
    // part after an ASCII digit starts a character, so it is a string too.)
    let names = request
        .expression
        .split(|c: char| c.is_whitespace() || (c.is_ascii() && !is_ascii_name_byte(c as u8)))
        .filter(|word| !word.is_empty())
        .flat_map(|word| name_candidates(word.as_bytes()));
    if scope.len() <= crate::request::SMALL_SCOPE {
        return keys_spelled(scope, names);
    }
    let names: std::collections::HashSet<&[u8]> = names.collect();
    scope
        .iter()
        .filter(|(key, _)| names.contains(key.as_bytes()))
        .cloned()
        .collect()
}

#[cfg(test)]
mod scope_tests {
    use super::*;
    use crate::calculate;
    use serde_json::{Value as Json, json};

    /// The byte-wise split of ASCII expressions finds the keys the character-wise one finds.
    #[test]
    fn ascii_expressions_bind_what_the_general_split_binds() {
        let keys = ["a", "b", "ab", "x_1", "$y", "c1", "1", "e", "end", "A"];
        let expressions = [
            "a+b*max(c1,1)",
            "ab + a",
            "x_1 * $y",
            r"a\tb\nab\r\u000bx_1\u000c$y",
            "f(a) = a^2; end",
            "1e5 + e + A[1]",
            r#"\"a\" + b"#,
            "a.b.c1",
            "$y$y + _a + $y",
            "2a + 3c1 + 1e5e + 0.5ab",
        ];
        for expression in expressions {
            let scope: String = keys
                .iter()
                .enumerate()
                .map(|(i, k)| format!("\"{k}\": {i}"))
                .collect::<Vec<_>>()
                .join(", ");
            let text = format!(r#"{{"expression": "{expression}", "scope": {{{scope}}}}}"#);
            let request = crate::request::decode(text.as_bytes()).expect("a request");
            assert!(request.expression.is_ascii());
            let all = request.scope.clone().expect("a scope");
            let used = used_scope(&request);
            assert_eq!(used, used_scope_by_chars(&request, &all), "{expression}");
            assert!(!used.is_empty(), "{expression}");
        }
    }

    fn result(request: &str) -> Json {
        calculate(request.as_bytes()).unwrap_or_else(|e| panic!("{request}: {}", e.message))
    }

    /// Only the names an expression spells are bound, wherever they stand (next to operators, in
    /// calls, non-ASCII names); every key is still reported in `scopeVars`, in order.
    #[test]
    fn the_scope_binds_what_the_expression_names_and_reports_every_key() {
        let out = result(
            r#"{"expression": "a+b*max(c,1)", "scope": {"a": 1, "b": 2, "c": 3, "unused": 4}}"#,
        );
        assert_eq!(out["result"], "7");
        assert_eq!(out["scopeVars"], json!(["a", "b", "c", "unused"]));
        let out = result(r#"{"expression": "2 αβ + x_1", "scope": {"αβ": 1.5, "x_1": 1}}"#);
        assert_eq!(out["result"], "4");
        // A key that is a prefix or part of a used name is not that name.
        let error = calculate(br#"{"expression": "ab", "scope": {"a": 1, "b": 2}}"#)
            .expect_err("ab is undefined");
        assert!(
            error.message.contains("Undefined symbol ab"),
            "{}",
            error.message
        );
    }

    /// A name right after a number literal (an implicit product, `2x`) is bound: the lexer ends
    /// the literal at the name, though the two make one run of name characters.
    #[test]
    fn a_name_after_a_number_is_bound() {
        let cases = [
            (r#"{"expression": "2x", "scope": {"x": 3}}"#, "6"),
            (
                r#"{"expression": "2x + 1", "scope": {"x": 3, "y": 4}}"#,
                "7",
            ),
            (r#"{"expression": "1e3y", "scope": {"y": 2}}"#, "2000"),
            (r#"{"expression": "0.5x3y", "scope": {"x3y": 8}}"#, "4"),
            (
                r#"{"expression": "2_x + 2$y", "scope": {"_x": 1, "$y": 2}}"#,
                "6",
            ),
            (r#"{"expression": "3αβ", "scope": {"αβ": 2}}"#, "6"),
            (r#"{"expression": "x2 + 2", "scope": {"x2": 5}}"#, "7"),
        ];
        for (request, expected) in cases {
            assert_eq!(result(request)["result"], expected, "{request}");
        }
        // The same through the hashed path of a large scope.
        let mut members: Vec<String> = (0..100).map(|i| format!("\"v{i}\": {i}")).collect();
        members.push("\"x\": 3".to_owned());
        let request = format!(
            r#"{{"expression": "2x + 4v7", "scope": {{{}}}}}"#,
            members.join(", ")
        );
        assert_eq!(result(&request)["result"], "34");
        // A name is still whole: the digits of `x2` start no name `2`, nor `2x` a name `2x`.
        let error = calculate(br#"{"expression": "2xy", "scope": {"x": 1, "y": 2}}"#)
            .expect_err("xy is undefined");
        assert!(
            error.message.contains("Undefined symbol xy"),
            "{}",
            error.message
        );
    }

    /// The names a word may spell: itself and each part after a digit.
    #[test]
    fn name_candidates_are_the_word_and_its_parts_after_digits() {
        let names = |word: &str| -> Vec<String> {
            name_candidates(word.as_bytes())
                .map(|n| String::from_utf8_lossy(n).into_owned())
                .collect()
        };
        assert_eq!(names("x"), ["x"]);
        assert_eq!(names("x2"), ["x2"]);
        assert_eq!(names("2x"), ["2x", "x"]);
        assert_eq!(names("12x3y"), ["12x3y", "x3y", "y"]);
        assert_eq!(names("2"), ["2"]);
        assert_eq!(names("2αβ"), ["2αβ", "αβ"]);
    }

    /// Many keys, repeated ones among them, are read in linear time and the last value wins.
    #[test]
    fn a_large_scope_with_repeated_keys_keeps_the_last_value() {
        let mut members: Vec<String> = (0..20_000).map(|i| format!("\"v{i}\": {i}")).collect();
        members.push("\"v7\": 70".to_owned());
        let request = format!(
            r#"{{"expression": "v7 + v19999", "scope": {{{}}}}}"#,
            members.join(", ")
        );
        let out = result(&request);
        assert_eq!(out["result"], "20069");
        assert_eq!(out["scopeVars"].as_array().map(Vec::len), Some(20_000));
    }
}

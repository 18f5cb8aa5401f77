//! Tokenisation (specification section 3): one left-to-right scan, finished before parsing, so
//! the first lexical error anywhere wins.

use crate::error::ErrorKind;
use reckon_core::Span;
use reckon_core::ecmascript::is_whitespace;

/// A token.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum TokenKind {
    Number(f64),
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Power,
    Open,
    Close,
}

/// A token and where it is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Token {
    pub(crate) kind: TokenKind,
    pub(crate) span: Span,
}

/// Scans `source`. `max_tokens` stops the scan early once exceeded (the count is reported only if
/// the rest of the expression scans cleanly, so a later lexical error still wins).
pub(crate) fn tokenize(source: &str, max_tokens: usize) -> Result<Vec<Token>, (ErrorKind, Span)> {
    let bytes = source.as_bytes();
    let mut tokens = Vec::with_capacity(source.len() / 2 + 1);
    let mut count = 0usize;
    let mut pos = 0;
    while pos < bytes.len() {
        let start = pos;
        let byte = bytes[pos];
        let kind = match byte {
            b'0'..=b'9' => {
                let (value, end) = number(source, pos)?;
                pos = end;
                TokenKind::Number(value)
            }
            b'.' if bytes.get(pos + 1).is_some_and(u8::is_ascii_digit) => {
                let (value, end) = number(source, pos)?;
                pos = end;
                TokenKind::Number(value)
            }
            b'(' => TokenKind::Open,
            b')' => TokenKind::Close,
            b'+' => TokenKind::Plus,
            b'-' => TokenKind::Minus,
            b'*' if bytes.get(pos + 1) == Some(&b'*') => {
                pos += 2;
                TokenKind::Power
            }
            b'*' => TokenKind::Star,
            b'/' => TokenKind::Slash,
            b'%' => TokenKind::Percent,
            _ => {
                let c = source[pos..].chars().next().unwrap_or('\u{FFFD}');
                if is_whitespace(c) {
                    pos += c.len_utf8();
                    continue;
                }
                return Err((
                    ErrorKind::InvalidCharacter(c),
                    Span::new(pos, pos + c.len_utf8()),
                ));
            }
        };
        if pos == start {
            pos += 1;
        }
        count += 1;
        if count <= max_tokens {
            tokens.push(Token {
                kind,
                span: Span::new(start, pos),
            });
        }
    }
    if count > max_tokens {
        return Err((ErrorKind::TooManyTokens { limit: max_tokens }, Span::at(0)));
    }
    Ok(tokens)
}

/// Scans the number starting at `start`; returns its value and where it ends.
fn number(source: &str, start: usize) -> Result<(f64, usize), (ErrorKind, Span)> {
    let bytes = source.as_bytes();
    if bytes[start] == b'0'
        && let Some(radix) = bytes.get(start + 1).and_then(|b| match b {
            b'x' | b'X' => Some(16),
            b'b' | b'B' => Some(2),
            b'o' | b'O' => Some(8),
            _ => None,
        })
    {
        return prefixed(source, start, radix);
    }
    let digits_end = |from: usize| {
        from + bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let mut end = digits_end(start);
    if bytes.get(end) == Some(&b'.') {
        end = digits_end(end + 1);
    }
    if matches!(bytes.get(end), Some(b'e' | b'E')) {
        let mut after = end + 1;
        if matches!(bytes.get(after), Some(b'+' | b'-')) {
            after += 1;
        }
        if !bytes.get(after).is_some_and(u8::is_ascii_digit) {
            let raw = source[start..after].to_owned();
            return Err((ErrorKind::InvalidExponent(raw), Span::new(start, after)));
        }
        end = digits_end(after);
    }
    let raw = &source[start..end];
    // Rust's parser is correctly rounded (ties to even) for any number of digits, and reads
    // `5.`, `.5` and `1.e5` as JavaScript does.
    match raw.parse::<f64>() {
        Ok(value) if value.is_finite() => Ok((value, end)),
        _ => Err((
            ErrorKind::InvalidNumber(raw.to_owned()),
            Span::new(start, end),
        )),
    }
}

/// `0x…`, `0b…`, `0o…`: the longest run of digits of the base, rounded to nearest, ties to even.
fn prefixed(source: &str, start: usize, radix: u32) -> Result<(f64, usize), (ErrorKind, Span)> {
    let bytes = source.as_bytes();
    let digits_start = start + 2;
    let count = bytes[digits_start..]
        .iter()
        .take_while(|b| char::from(**b).is_digit(radix))
        .count();
    let end = digits_start + count;
    if count == 0 {
        let prefix = source[start..digits_start].to_owned();
        return Err((
            ErrorKind::InvalidPrefixedLiteral(prefix),
            Span::new(start, digits_start),
        ));
    }
    let digits = &source[digits_start..end];
    let value = match u64::from_str_radix(digits, radix) {
        // Below 2^53 the conversion is exact; above it, `as` rounds to nearest, ties to even.
        Ok(small) => small as f64,
        Err(_) => dashu_int::UBig::from_str_radix(digits, radix)
            .map_or(f64::INFINITY, |big| big.to_f64().value()),
    };
    if value.is_finite() {
        Ok((value, end))
    } else {
        Err((
            ErrorKind::InvalidNumber(source[start..end].to_owned()),
            Span::new(start, end),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(source: &str) -> Vec<f64> {
        tokenize(source, 500)
            .expect(source)
            .into_iter()
            .filter_map(|t| match t.kind {
                TokenKind::Number(v) => Some(v),
                _ => None,
            })
            .collect()
    }

    fn message(source: &str) -> String {
        tokenize(source, 500).expect_err(source).0.to_string()
    }

    #[test]
    fn literals_read_as_javascript_reads_them() {
        assert_eq!(values("0b12"), [1.0, 2.0]);
        assert_eq!(values("0x1e5"), [485.0]);
        assert_eq!(values("0x1.5"), [1.0, 0.5]);
        assert_eq!(values("012 08 00.5"), [12.0, 8.0, 0.5]);
        assert_eq!(values("5. .5 1.e5 1.2.3"), [5.0, 0.5, 100000.0, 1.2, 0.3]);
        assert_eq!(values("0x20000000000001"), [9007199254740992.0]);
        assert_eq!(values("0x20000000000003"), [9007199254740996.0]);
        assert_eq!(values("1e-400 3e-324"), [0.0, 5e-324]);
        assert_eq!(
            values("0xffffffffffffffffffffffff"),
            [79228162514264337593543950335.0]
        );
    }

    #[test]
    fn malformed_literals_have_their_messages() {
        assert_eq!(message("0x"), "Invalid numeric literal starting at \"0x\"");
        assert_eq!(message("0B"), "Invalid numeric literal starting at \"0B\"");
        assert_eq!(message("0b2"), "Invalid numeric literal starting at \"0b\"");
        assert_eq!(message("1e"), "Invalid exponent in \"1e\"");
        assert_eq!(message("1e+"), "Invalid exponent in \"1e+\"");
        assert_eq!(message("1e-x"), "Invalid exponent in \"1e-\"");
        assert_eq!(message("1e++5"), "Invalid exponent in \"1e+\"");
        assert_eq!(message(".5e"), "Invalid exponent in \".5e\"");
        assert_eq!(message("1.e"), "Invalid exponent in \"1.e\"");
        assert_eq!(message("-1e309"), "Invalid number \"1e309\"");
        assert_eq!(message("0x1g"), "Invalid character \"g\" in expression");
        assert_eq!(message("0b1e5"), "Invalid character \"e\" in expression");
        assert_eq!(message("..5"), "Invalid character \".\" in expression");
        assert_eq!(message("2 😀"), "Invalid character \"😀\" in expression");
        let huge = format!("0x{}", "f".repeat(256));
        assert_eq!(message(&huge), format!("Invalid number \"{huge}\""));
    }

    #[test]
    fn whitespace_is_exactly_the_ecmascript_set() {
        for ws in [
            "\u{b}", "\u{c}", "\u{a0}", "\u{1680}", "\u{2000}", "\u{200a}", "\u{2028}", "\u{2029}",
            "\u{202f}", "\u{205f}", "\u{3000}", "\u{feff}",
        ] {
            assert_eq!(values(&format!("1{ws}2")), [1.0, 2.0], "{ws:?}");
        }
        for not_ws in ["\u{85}", "\u{180e}", "\u{200b}"] {
            assert!(
                message(&format!("1{not_ws}")).starts_with("Invalid character"),
                "{not_ws:?}"
            );
        }
    }

    #[test]
    fn power_is_greedy() {
        let kinds: Vec<TokenKind> = tokenize("2***3 * *", 500)
            .expect("scans")
            .into_iter()
            .map(|t| t.kind)
            .collect();
        assert_eq!(
            kinds,
            [
                TokenKind::Number(2.0),
                TokenKind::Power,
                TokenKind::Star,
                TokenKind::Number(3.0),
                TokenKind::Star,
                TokenKind::Star
            ]
        );
    }
}

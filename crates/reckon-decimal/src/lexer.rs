//! Tokenisation (clarifications C14–C17): one left-to-right scan that stops at the first fault.
//!
//! A digit starts a numeric literal, the longest run of `0-9` and `.`, checked at once for length
//! (`limit_exceeded`), grammar and digit caps; `a-z` or `_` starts a name, the longest run of `a-z`,
//! `0-9` and `_`, at most 32 characters; `+ - * / ^ ( ) ,` are single tokens; whitespace is space,
//! tab, LF and CR; everything else is an invalid character. The token count is checked only after
//! the whole scan succeeded.

use crate::error::{DecimalError, ErrorKind, NumberProblem};
use reckon_core::num::{DecimalLiteral, DecimalSyntaxError};
use reckon_core::{Limits, Span};

/// Longest name, in characters.
const MAX_NAME_CHARS: usize = 32;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TokenKind {
    /// A numeric literal that passed the decimal grammar.
    Number,
    /// A lowercase name.
    Name,
    Plus,
    Minus,
    Star,
    Slash,
    Caret,
    OpenParen,
    CloseParen,
    Comma,
}

/// A token and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) kind: TokenKind,
    pub(crate) span: Span,
}

/// Splits `source` into tokens.
///
/// # Errors
/// The first invalid character, literal or name, then a token count over the limit.
pub(crate) fn tokenize(source: &str, limits: &Limits) -> Result<Vec<Token>, DecimalError> {
    let bytes = source.as_bytes();
    let mut tokens = Vec::with_capacity(source.len() / 2 + 1);
    let mut pos = 0;
    while let Some(&byte) = bytes.get(pos) {
        let start = pos;
        let kind = match byte {
            b' ' | b'\t' | b'\n' | b'\r' => {
                pos += 1;
                continue;
            }
            b'0'..=b'9' => {
                pos = run_end(bytes, pos, |b| b.is_ascii_digit() || b == b'.');
                check_literal(source, Span::new(start, pos), limits)?;
                TokenKind::Number
            }
            b'a'..=b'z' | b'_' => {
                pos = run_end(bytes, pos, |b| {
                    b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'
                });
                if pos - start > MAX_NAME_CHARS {
                    let kind = ErrorKind::NameTooLong {
                        length: pos - start,
                    };
                    return Err(DecimalError::at(kind, Span::new(start, pos)));
                }
                TokenKind::Name
            }
            b'+' => TokenKind::Plus,
            b'-' => TokenKind::Minus,
            b'*' => TokenKind::Star,
            b'/' => TokenKind::Slash,
            b'^' => TokenKind::Caret,
            b'(' => TokenKind::OpenParen,
            b')' => TokenKind::CloseParen,
            b',' => TokenKind::Comma,
            _ => {
                let c = source[start..].chars().next().unwrap_or('\u{FFFD}');
                let span = Span::new(start, start + c.len_utf8());
                return Err(DecimalError::at(ErrorKind::InvalidCharacter(c), span));
            }
        };
        if pos == start {
            pos += 1;
        }
        tokens.push(Token {
            kind,
            span: Span::new(start, pos),
        });
    }
    if tokens.len() > limits.max_tokens {
        let kind = ErrorKind::TooManyTokens {
            count: tokens.len(),
            limit: limits.max_tokens,
        };
        return Err(DecimalError::new(kind));
    }
    Ok(tokens)
}

/// The end of the run of bytes matching `accept` that starts at `start`.
fn run_end(bytes: &[u8], start: usize, accept: impl Fn(u8) -> bool) -> usize {
    bytes[start..]
        .iter()
        .position(|&b| !accept(b))
        .map_or(bytes.len(), |n| start + n)
}

/// C15: length first (a `limit_exceeded`), then the grammar, then the digit caps.
fn check_literal(source: &str, span: Span, limits: &Limits) -> Result<(), DecimalError> {
    let text = &source[span.start..span.end];
    if text.len() > limits.max_literal_chars {
        let kind = ErrorKind::LiteralTooLong {
            chars: text.len(),
            limit: limits.max_literal_chars,
        };
        return Err(DecimalError::at(kind, span));
    }
    DecimalLiteral::parse(text, false)
        .map(|_| ())
        .map_err(|e| DecimalError::at(ErrorKind::InvalidNumber(number_problem(e)), span))
}

/// The tool's name for a decimal syntax error.
pub(crate) fn number_problem(error: DecimalSyntaxError) -> NumberProblem {
    match error {
        DecimalSyntaxError::Malformed => NumberProblem::Malformed,
        DecimalSyntaxError::TooManyDigits { digits } => NumberProblem::TooManyDigits(digits),
        DecimalSyntaxError::TooManyFractionDigits { digits } => {
            NumberProblem::TooManyFractionDigits(digits)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use TokenKind::*;

    #[track_caller]
    fn lexes_as(source: &str, kinds: &[TokenKind]) {
        let tokens = tokenize(source, &Limits::DEFAULT).expect("tokenizes");
        assert_eq!(
            tokens.iter().map(|t| t.kind).collect::<Vec<_>>(),
            kinds,
            "{source:?}"
        );
    }

    #[track_caller]
    fn fails_with(source: &str, reason: &str) -> DecimalError {
        let error = tokenize(source, &Limits::DEFAULT).expect_err(source);
        assert_eq!(error.reason(), reason, "{source:?}: {error}");
        error
    }

    #[test]
    fn scans_every_token_kind() {
        lexes_as(
            " 1.5+x_1*(abs)-2/3^4 ,\t\r\n",
            &[
                Number, Plus, Name, Star, OpenParen, Name, CloseParen, Minus, Number, Slash,
                Number, Caret, Number, Comma,
            ],
        );
        lexes_as("1e3", &[Number, Name]);
        lexes_as("2x", &[Number, Name]);
        lexes_as("__proto__", &[Name]);
        lexes_as("", &[]);
    }

    #[test]
    fn refuses_characters_outside_the_alphabet() {
        for source in [
            "X",
            ".5",
            "1 % 2",
            "$1",
            "[1]",
            "a=1",
            "1\u{c}",
            "1\u{b}",
            "\u{a0}1",
            "1\u{2028}",
            "\u{2212}1",
            "１",
            "é",
        ] {
            fails_with(source, "invalid_character");
        }
        let error = fails_with("1 + é", "invalid_character");
        assert_eq!(error.span, Some(Span::new(4, 6)));
    }

    #[test]
    fn checks_literals_in_order_length_grammar_caps() {
        for source in ["05", "00", "5.", "1.2.3", "1..2"] {
            fails_with(source, "invalid_number");
        }
        let sixty_two = format!("1.{}", "0".repeat(60));
        fails_with(&sixty_two, "invalid_number"); // 61 digits: within the length limit, over the digit cap
        let run_of_62 = "1.".repeat(31);
        fails_with(&run_of_62, "invalid_number");
        let run_of_63 = format!("{}1", "1.".repeat(31));
        let error = fails_with(&run_of_63, "literal_length");
        assert_eq!(error.span, Some(Span::new(0, 63)));
        fails_with(&format!("0.{}", "1".repeat(41)), "invalid_number");
        lexes_as(&format!("0.{}", "1".repeat(40)), &[Number]);
        lexes_as(&"9".repeat(60), &[Number]);
        fails_with(&"9".repeat(61), "invalid_number");
    }

    #[test]
    fn names_at_32_33_characters() {
        lexes_as(&"a".repeat(31), &[Name]);
        lexes_as(&"a".repeat(32), &[Name]);
        fails_with(&"a".repeat(33), "name_too_long");
    }

    #[test]
    fn token_count_at_n_minus_1_n_n_plus_1_and_after_every_character_fault() {
        let ones = |n: usize| vec!["1"; n.div_ceil(2)].join("+");
        assert_eq!(
            tokenize(&ones(499), &Limits::DEFAULT).map(|t| t.len()),
            Ok(499)
        );
        let five_hundred = format!("-{}", ones(499));
        assert_eq!(
            tokenize(&five_hundred, &Limits::DEFAULT).map(|t| t.len()),
            Ok(500)
        );
        fails_with(&ones(501), "tokens");
        fails_with(&format!("{} %", ones(501)), "invalid_character");
    }
}

//! The request decoder for the usual shape: it reads the top-level members straight into a
//! [`Request`], without building a JSON document first.
//!
//! Why it exists: the general decoder ([`super::decode_general`]) parses the whole text into
//! reckon-core's document (an arena of nodes, each member name and string unescaped into its own
//! value), then looks each field up in it. That cost about 1,300 instructions for
//! `{"expression": "0.1 + 0.2"}`, a fifth of answering it. This reader walks the text once and
//! keeps only what the request needs: about 460 instructions, most of them the UTF-8 check and
//! the copy of the expression (callgrind, `calculate-instructions`).
//!
//! It never decides an error. It accepts only what the general decoder accepts *and* is plain:
//! one object whose member names are the six field names written without escapes, each at most
//! once, and whose values are of the field's type (`null` where the field is optional, a scope
//! of at most [`SMALL_SCOPE`] number-valued keys). On anything else — a fault, an unknown or
//! repeated key, an unusual value, a lone surrogate — it answers `None` and the general decoder
//! runs from the start, so every error, and the order in which errors are found, is the general
//! decoder's. The differential test at the bottom runs both on generated inputs and on the
//! public sample and requires the same request wherever this one answers.

use super::{
    NumericType, Request, SMALL_SCOPE, is_identifier, javascript_key_order, numeric_type_named,
    operation_named,
};
use reckon_core::json::{Cursor, plain_string_run};
use std::borrow::Cow;

/// The request, if `input` is a valid request of the plain shape (see the module doc); `None`
/// means "ask the general decoder", never "invalid".
#[cfg(test)]
pub(super) fn decode_plain(input: &[u8]) -> Option<Request<'_>> {
    let mut request = Request::empty();
    decode_plain_into(input, &mut request).then_some(request)
}

/// [`decode_plain`] into `request`, which must hold [`Request::empty`]: whether `input` is a
/// valid request of the plain shape, read into `request` (the request is read where the caller
/// keeps it: returning it moved its 100-odd bytes twice). On `false` `request` holds part of
/// what was read, for the general decoder's answer to replace.
#[inline]
pub(super) fn decode_plain_into<'a>(input: &'a [u8], request: &mut Request<'a>) -> bool {
    decode_members(input, request).is_some()
}

/// [`decode_plain_into`], with `?` for each step.
#[inline]
fn decode_members<'a>(input: &'a [u8], request: &mut Request<'a>) -> Option<()> {
    // UTF-8 is checked string by string: outside strings only ASCII can match.
    let mut reader = Reader {
        cursor: Cursor::new(input),
    };
    // One bit per field, to step aside on a repeated key (the general decoder keeps the last).
    let mut seen = 0u8;
    if let Some(opening) = usual_opening(input) {
        // The expression's value is next: what the member steps below reach, read without
        // them (the usual request opens this way).
        reader.cursor.pos = opening;
        reader.field_value(0, request)?;
        seen = 1;
    } else {
        reader.cursor.skip_whitespace();
        reader.cursor.eat(b'{').then_some(())?;
        reader.member(&mut seen, request)?;
    }
    loop {
        reader.cursor.skip_whitespace();
        match reader.cursor.next_byte()? {
            b',' => reader.member(&mut seen, request)?,
            b'}' => break,
            _ => return None,
        }
    }
    reader.cursor.skip_whitespace();
    // The expression is required (bit 0) and nothing may follow the object.
    (seen & 1 != 0 && reader.cursor.pos == reader.cursor.bytes.len()).then_some(())
}

/// Where the expression's value starts when `input` opens with the expression member written
/// as serializers write it, `{"expression":` and at most one space; `None` for any other
/// opening, which the member steps read.
#[inline]
fn usual_opening(input: &[u8]) -> Option<usize> {
    const OPENING: &[u8; 14] = b"{\"expression\":";
    if input.first_chunk::<14>() != Some(OPENING) {
        return None;
    }
    match input.get(14)? {
        b'"' => Some(14),
        b' ' if input.get(15) == Some(&b'"') => Some(15),
        _ => None,
    }
}

/// True when `rest` starts with `text`, compared as a fixed-size array (a few word
/// comparisons, where a slice of a length known only at run time called memcmp).
#[inline]
fn starts_with<const N: usize>(rest: &[u8], text: &[u8; N]) -> bool {
    rest.first_chunk::<N>() == Some(text)
}

/// A position in the request text.
struct Reader<'a> {
    cursor: Cursor<'a>,
}

impl<'a> Reader<'a> {
    /// `null`, consumed if it is next.
    fn null(&mut self) -> bool {
        let found = self
            .cursor
            .bytes
            .get(self.cursor.pos..)
            .is_some_and(|rest| rest.starts_with(b"null"));
        self.cursor.pos += if found { 4 } else { 0 };
        found
    }

    /// One member, `"name": value`, after any whitespace: its field marked in `seen` (a field
    /// seen before is refused) and its value read into `request`.
    #[inline]
    fn member(&mut self, seen: &mut u8, request: &mut Request<'a>) -> Option<()> {
        self.cursor.skip_whitespace();
        let field = self.field_name()?;
        if *seen & (1 << field) != 0 {
            return None;
        }
        *seen |= 1 << field;
        self.cursor.skip_whitespace();
        self.cursor.eat(b':').then_some(())?;
        self.cursor.skip_whitespace();
        self.field_value(field, request)
    }

    /// A member name without escapes that is one of the six fields: its index in
    /// [`super::FIELDS`] (0 is `expression`).
    fn field_name(&mut self) -> Option<u32> {
        let rest = self.cursor.bytes.get(self.cursor.pos..)?;
        // The letter after the quote tells which name it can be.
        let (field, length) = match rest.get(1)? {
            b'e' if starts_with(rest, b"\"expression\"") => (0, 12),
            b'o' if starts_with(rest, b"\"operation\"") => (1, 11),
            b'v' if starts_with(rest, b"\"variable\"") => (2, 10),
            b's' if starts_with(rest, b"\"scope\"") => (3, 7),
            b'p' if starts_with(rest, b"\"precision\"") => (4, 11),
            b'n' if starts_with(rest, b"\"numericType\"") => (5, 13),
            _ => return None,
        };
        self.cursor.pos += length;
        Some(field)
    }

    /// Reads the value of field `field` into `request`, if it is one the schema allows.
    fn field_value(&mut self, field: u32, request: &mut Request<'a>) -> Option<()> {
        match field {
            0 => {
                let text = self.string()?;
                if text.is_empty() {
                    return None;
                }
                // Borrowed when written without escapes (see `Request::expression`).
                request.expression = text;
            }
            1 if !self.null() => request.operation = operation_named(self.word()?)?,
            2 if !self.null() => {
                let name = self.word()?;
                if !name.is_empty() {
                    is_identifier(name).then_some(())?;
                    request.variable = Some(std::str::from_utf8(name).ok()?.to_owned());
                }
            }
            3 if !self.null() => request.scope = Some(self.scope()?),
            4 if !self.null() => {
                if self.cursor.peek() == Some(b'"') {
                    // `""` means omitted; any other string is refused by the general decoder.
                    self.word()?.is_empty().then_some(())?;
                } else {
                    let p = self.number()?;
                    if p.fract() != 0.0 || !(1.0..=16.0).contains(&p) {
                        return None;
                    }
                    request.precision = Some(p as u32);
                }
            }
            5 if !self.null() => request.numeric_type = self.numeric_type()?,
            // `null` for an optional field: omitted.
            _ => {}
        }
        Some(())
    }

    /// A `numericType` value: one of the three names, compared with the text directly (what
    /// [`Self::word`] and `numeric_type_named` answer for them, without the scan for the end of
    /// the string), else as any word.
    fn numeric_type(&mut self) -> Option<NumericType> {
        let rest = self.cursor.bytes.get(self.cursor.pos..)?;
        let (numeric_type, length) = if starts_with(rest, b"\"Fraction\"") {
            (NumericType::Fraction, 10)
        } else if starts_with(rest, b"\"BigNumber\"") {
            (NumericType::BigNumber, 11)
        } else if starts_with(rest, b"\"number\"") {
            (NumericType::Number, 8)
        } else {
            return numeric_type_named(self.word()?);
        };
        self.cursor.pos += length;
        Some(numeric_type)
    }

    /// A scope object of at most [`SMALL_SCOPE`] keys with finite number values, in
    /// JavaScript's key order; a repeated key keeps its first position and takes the last value,
    /// as in the general decoder.
    fn scope(&mut self) -> Option<Vec<(String, f64)>> {
        self.cursor.eat(b'{').then_some(())?;
        self.cursor.skip_whitespace();
        if self.cursor.eat(b'}') {
            return Some(Vec::new());
        }
        // (Room for a few keys from the start: growing from empty took the slow path.)
        let mut values: Vec<(String, f64)> = Vec::with_capacity(4);
        loop {
            self.cursor.skip_whitespace();
            let key = self.string()?;
            self.cursor.skip_whitespace();
            self.cursor.eat(b':').then_some(())?;
            self.cursor.skip_whitespace();
            let value = self.number()?;
            match values.iter().position(|(k, _)| *k == *key) {
                Some(slot) => values[slot].1 = value,
                None if values.len() < SMALL_SCOPE => values.push((key.into_owned(), value)),
                None => return None,
            }
            self.cursor.skip_whitespace();
            match self.cursor.next_byte()? {
                b',' => {}
                b'}' => return Some(javascript_key_order(values)),
                _ => return None,
            }
        }
    }

    /// A JSON number that is a finite binary64 value, as `str::parse::<f64>` reads its text.
    fn number(&mut self) -> Option<f64> {
        let start = self.cursor.pos;
        let negative = self.cursor.eat(b'-');
        // The digits as an integer (exact in binary64 while there are at most 15 of them).
        let mut mantissa: u64 = 0;
        let mut digits = match self.cursor.peek() {
            // A leading zero stands alone: a digit after it ends the number, and the caller then
            // meets it where a comma or a brace must be.
            Some(b'0') => {
                self.cursor.pos += 1;
                1
            }
            Some(b'1'..=b'9') => self.digits(&mut mantissa),
            _ => return None,
        };
        let mut decimals = 0;
        if self.cursor.eat(b'.') {
            decimals = self.digits(&mut mantissa);
            if decimals == 0 {
                return None;
            }
            digits += decimals;
        }
        let exponent = matches!(self.cursor.peek(), Some(b'e' | b'E'));
        if exponent {
            self.cursor.pos += 1;
            if matches!(self.cursor.peek(), Some(b'+' | b'-')) {
                self.cursor.pos += 1;
            }
            if self.digits(&mut 0) == 0 {
                return None;
            }
        }
        let value = if !exponent && digits <= 15 && decimals < POWERS_OF_TEN.len() {
            // The digits and 10^decimals are both exact, and one IEEE division rounds correctly:
            // the value `parse` reads (the test below compares the two).
            let magnitude = mantissa as f64 / POWERS_OF_TEN[decimals];
            if negative { -magnitude } else { magnitude }
        } else {
            let text = self.cursor.bytes.get(start..self.cursor.pos)?;
            std::str::from_utf8(text).ok()?.parse::<f64>().ok()?
        };
        value.is_finite().then_some(value)
    }

    /// Skips a run of decimal digits, appending them to `mantissa` (wrapping: only read when
    /// the run is short); answers how many there were.
    fn digits(&mut self, mantissa: &mut u64) -> usize {
        let from = self.cursor.pos;
        while let Some(d @ b'0'..=b'9') = self.cursor.peek() {
            *mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(d - b'0'));
            self.cursor.pos += 1;
        }
        self.cursor.pos - from
    }

    /// The bytes of a string without escapes at the current position, not checked for UTF-8:
    /// for values compared with ASCII words, where only ASCII can match.
    fn word(&mut self) -> Option<&'a [u8]> {
        self.cursor.eat(b'"').then_some(())?;
        let start = self.cursor.pos;
        let end = start + plain_string_run(self.cursor.bytes.get(start..)?);
        if self.cursor.bytes.get(end) != Some(&b'"') {
            return None;
        }
        self.cursor.pos = end + 1;
        self.cursor.bytes.get(start..end)
    }

    /// A string at the current position, unescaped; `None` for a fault, a control character or
    /// a lone surrogate (which the general decoder writes as U+FFFD).
    #[inline]
    fn string(&mut self) -> Option<Cow<'a, str>> {
        self.cursor.eat(b'"').then_some(())?;
        let start = self.cursor.pos;
        let end = start + plain_string_run(self.cursor.bytes.get(start..)?);
        if self.cursor.bytes.get(end) == Some(&b'"') {
            self.cursor.pos = end + 1;
            return self.utf8(start, end).map(Cow::Borrowed);
        }
        self.escaped_string(start, end).map(Cow::Owned)
    }

    /// [`Self::string`] from the first byte (at `end`) that is not plain text on: unescapes up
    /// to the closing quote. Out of line, so that the plain path stays small.
    #[cold]
    #[inline(never)]
    fn escaped_string(&mut self, start: usize, mut end: usize) -> Option<String> {
        let mut out = String::with_capacity(end - start + 16);
        out.push_str(self.utf8(start, end)?);
        loop {
            match self.cursor.bytes.get(end) {
                Some(b'"') => {
                    self.cursor.pos = end + 1;
                    return Some(out);
                }
                Some(b'\\') => {
                    let (c, length) = match self.cursor.bytes.get(end + 1)? {
                        b'"' => ('"', 2),
                        b'\\' => ('\\', 2),
                        b'/' => ('/', 2),
                        b'b' => ('\u{8}', 2),
                        b'f' => ('\u{c}', 2),
                        b'n' => ('\n', 2),
                        b'r' => ('\r', 2),
                        b't' => ('\t', 2),
                        b'u' => (hex_char(self.cursor.bytes.get(end + 2..end + 6)?)?, 6),
                        _ => return None,
                    };
                    out.push(c);
                    end += length;
                }
                // A control character, or the end of the text.
                _ => return None,
            }
            let run = end + plain_string_run(self.cursor.bytes.get(end..)?);
            out.push_str(self.utf8(end, run)?);
            end = run;
        }
    }

    /// The bytes `start..end`, which lie between ASCII stops, if they are UTF-8.
    fn utf8(&self, start: usize, end: usize) -> Option<&'a str> {
        std::str::from_utf8(self.cursor.bytes.get(start..end)?).ok()
    }
}

/// The character of a `\uXXXX` escape's four hex digits; `None` for a surrogate (a pair is left
/// to the general decoder, which joins it or marks it lone).
fn hex_char(digits: &[u8]) -> Option<char> {
    let mut unit = 0u32;
    for &d in digits {
        unit = unit * 16 + char::from(d).to_digit(16)?;
    }
    char::from_u32(unit)
}

/// 10^0 ..= 10^22, every one exact in binary64.
const POWERS_OF_TEN: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

#[cfg(test)]
mod tests {
    use super::super::decode_general;
    use super::*;

    /// A small deterministic generator (xorshift64*), so a failure names a reproducible input.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }

        fn pick<'t>(&mut self, items: &[&'t str]) -> &'t str {
            items[self.below(items.len())]
        }
    }

    /// Where the plain decoder answers, the general one answers the same request (compared by
    /// `Debug`, which tells -0.0 from 0.0); answers whether the plain decoder answered.
    #[track_caller]
    fn agrees(input: &[u8]) -> bool {
        let Some(plain) = decode_plain(input) else {
            return false;
        };
        // A borrowed expression holds nothing JSON escapes (the answer writer copies it).
        if let Cow::Borrowed(text) = &plain.expression {
            assert_eq!(
                plain_string_run(text.as_bytes()),
                text.len(),
                "{}",
                String::from_utf8_lossy(input)
            );
        }
        let general = decode_general(input);
        assert_eq!(
            format!("{:?}", Ok::<_, crate::error::CalculateError>(plain)),
            format!("{general:?}"),
            "{}",
            String::from_utf8_lossy(input)
        );
        true
    }

    const SPACES: [&str; 6] = ["", "", " ", "  ", "\n\t", "\r\n "];
    const NAMES: [&str; 11] = [
        "\"expression\"",
        "\"operation\"",
        "\"variable\"",
        "\"scope\"",
        "\"precision\"",
        "\"numericType\"",
        "\"Expression\"",
        "\"extra\"",
        "\"\\u0065xpression\"",
        "\"scope\\\"\"",
        "expression",
    ];
    const STRINGS: [&str; 26] = [
        "\"1 + 2\"",
        "\"0.1 + 0.2\"",
        "\"\"",
        "\"   \"",
        "\"x\"",
        "\"evaluate\"",
        "\"simplify\"",
        "\"derivative\"",
        "\"Evaluate\"",
        "\"number\"",
        "\"BigNumber\"",
        "\"Fraction\"",
        "\"x_1\"",
        "\"1x\"",
        "\"\\\"hello\\\"[2:4]\"",
        "\"a\\\\b\\/c\\b\\f\\n\\r\\t\"",
        "\"\\u0041\\u00e9\\u2028\\u0000\"",
        "\"\\ud83d\\ude00\"",
        "\"\\ud800\"",
        "\"\\udc00x\"",
        "\"\\u12\"",
        "\"\\x\"",
        "\"tab\there\"",
        "\"é😀 αβ\"",
        "\"4\"",
        "\"unterminated",
    ];
    const NUMBERS: [&str; 30] = [
        "0",
        "-0",
        "1",
        "4",
        "4.0",
        "16",
        "17",
        "2.5",
        "1e1",
        "1E+1",
        "4e0",
        "0.5",
        "-3",
        "1e400",
        "-1e400",
        "01",
        "1.",
        ".5",
        "+1",
        "1e",
        "-",
        "0.1",
        "123456789012345",
        "1234567890123456",
        "0.000000000000000000001",
        "9007199254740993",
        "3.14159",
        "1.7976931348623157e308",
        "5e-324",
        "0.30000000000000004",
    ];
    const OTHERS: [&str; 10] = [
        "null",
        "true",
        "false",
        "nul",
        "[]",
        "[1, 2]",
        "{}",
        "{\"a\": [1, {\"b\": null}]}",
        "nullx",
        "NaN",
    ];

    fn value(rng: &mut Rng) -> String {
        match rng.below(4) {
            0 => rng.pick(&STRINGS).to_owned(),
            1 => rng.pick(&NUMBERS).to_owned(),
            2 => rng.pick(&OTHERS).to_owned(),
            _ => scope(rng),
        }
    }

    fn scope(rng: &mut Rng) -> String {
        const KEYS: [&str; 12] = [
            "\"x\"",
            "\"y\"",
            "\"0\"",
            "\"10\"",
            "\"01\"",
            "\"4294967295\"",
            "\"\"",
            "\"constructor\"",
            "\"\\u0078\"",
            "\"αβ\"",
            "\"\\ud800\"",
            "x",
        ];
        let count = match rng.below(4) {
            0 => 0,
            1 => rng.below(3) + 1,
            2 => rng.below(6) + 1,
            _ => 14 + rng.below(5),
        };
        let mut text = String::from("{");
        for i in 0..count {
            if i > 0 {
                text.push(',');
            }
            text.push_str(rng.pick(&SPACES));
            if count > 6 && rng.below(2) == 0 {
                text.push_str(&format!("\"k{}\"", rng.below(20)));
            } else {
                text.push_str(rng.pick(&KEYS));
            }
            text.push_str(rng.pick(&SPACES));
            text.push(':');
            text.push_str(rng.pick(&SPACES));
            if rng.below(8) == 0 {
                text.push_str(rng.pick(&OTHERS));
            } else {
                text.push_str(rng.pick(&NUMBERS));
            }
        }
        text.push_str(rng.pick(&SPACES));
        text.push('}');
        text
    }

    /// A request-like object: mostly the right fields with values of the right type, sometimes
    /// not, with repeats, odd names and odd whitespace.
    fn request(rng: &mut Rng) -> String {
        let mut text = String::from(rng.pick(&SPACES));
        text.push('{');
        let members = rng.below(5) + usize::from(rng.below(4) != 0);
        for i in 0..members {
            if i > 0 {
                text.push(',');
            }
            text.push_str(rng.pick(&SPACES));
            let field = if i == 0 && rng.below(4) != 0 {
                0
            } else if rng.below(10) == 0 {
                6 + rng.below(NAMES.len() - 6)
            } else {
                rng.below(6)
            };
            text.push_str(NAMES[field]);
            text.push_str(rng.pick(&SPACES));
            text.push(':');
            text.push_str(rng.pick(&SPACES));
            let typed = match field {
                0 => rng.pick(&STRINGS[..18]).to_owned(),
                1 => rng
                    .pick(&["\"evaluate\"", "\"simplify\"", "\"derivative\"", "null"])
                    .into(),
                2 => rng.pick(&["\"x\"", "\"\"", "null", "\"y_2\""]).into(),
                3 => scope(rng),
                4 => rng
                    .pick(&["4", "16", "1", "\"\"", "null", "4.0", "1e1"])
                    .into(),
                5 => rng
                    .pick(&["\"number\"", "\"BigNumber\"", "\"Fraction\"", "null"])
                    .into(),
                _ => value(rng),
            };
            if rng.below(5) == 0 {
                text.push_str(&value(rng));
            } else {
                text.push_str(&typed);
            }
            text.push_str(rng.pick(&SPACES));
        }
        text.push('}');
        text.push_str(rng.pick(&SPACES));
        if rng.below(30) == 0 {
            text.push_str(rng.pick(&["x", "{}", ",", "}"]));
        }
        text
    }

    /// Damages a text at a random place: a byte dropped, doubled or replaced by one of the
    /// characters JSON cares about (or by a byte that is not UTF-8).
    fn mutate(rng: &mut Rng, text: &str) -> Vec<u8> {
        const BYTES: [u8; 14] = [
            b'"', b'\\', b'{', b'}', b'[', b':', b',', b' ', b'0', b'-', b'e', b'.', 0x01, 0xff,
        ];
        let mut bytes = text.as_bytes().to_vec();
        if bytes.is_empty() {
            return bytes;
        }
        let at = rng.below(bytes.len());
        match rng.below(3) {
            0 => {
                bytes.remove(at);
            }
            1 => bytes.insert(at, bytes[at]),
            _ => bytes[at] = BYTES[rng.below(BYTES.len())],
        }
        bytes
    }

    #[test]
    fn generated_requests_decode_as_the_general_decoder_decodes_them() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let (mut inputs, mut plain, mut valid) = (0, 0, 0);
        for _ in 0..40_000 {
            let text = request(&mut rng);
            let mutated = mutate(&mut rng, &text);
            for input in [text.as_bytes(), &mutated] {
                inputs += 1;
                valid += usize::from(decode_general(input).is_ok());
                plain += usize::from(agrees(input));
            }
        }
        // The generator must reach both decoders' interesting cases: many valid requests, most
        // of them taken by the plain decoder, and many refused ones.
        assert!(valid > inputs / 8, "{valid} valid of {inputs}");
        assert!(plain > valid / 2, "{plain} plain of {valid} valid");
        assert!(inputs - valid > inputs / 2, "{valid} valid of {inputs}");
    }

    #[test]
    fn the_public_sample_and_the_benchmark_corpus_decode_alike() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let sample = std::fs::read_to_string(root.join("tests/cases/calculate/sample.jsonl"))
            .expect("the sample is in tests/cases/calculate");
        let corpus = std::fs::read_to_string(root.join("benches/calculate/corpus.jsonl"))
            .expect("the corpus is in benches/calculate");
        let mut inputs: Vec<String> = corpus.lines().map(str::to_owned).collect();
        let corpus_lines = inputs.len();
        for line in sample.lines().filter(|l| !l.trim().is_empty()) {
            let case: serde_json::Value = serde_json::from_str(line).expect("a case");
            match (&case["input"], &case["input_raw"]) {
                (serde_json::Value::Null, serde_json::Value::String(raw)) => {
                    inputs.push(raw.clone());
                }
                (serde_json::Value::Null, _) => {}
                (input, _) => {
                    inputs.push(input.to_string());
                    inputs.push(serde_json::to_string_pretty(input).expect("JSON"));
                }
            }
        }
        let mut refused_by_plain = Vec::new();
        for (i, input) in inputs.iter().enumerate() {
            let taken = agrees(input.as_bytes());
            assert!(
                taken || i >= corpus_lines,
                "the corpus line {input} is not plain"
            );
            if !taken && decode_general(input.as_bytes()).is_ok() {
                refused_by_plain.push(input.as_str());
            }
        }
        // Every valid sample request is plain (a repeated scope key among them).
        assert_eq!(refused_by_plain, Vec::<&str>::new());
    }

    /// The plain decoder takes a scope of up to [`SMALL_SCOPE`] distinct keys (repeats do not
    /// count) and leaves a larger one to the general decoder, which reads it the same.
    /// The usual opening (`{"expression":` and at most one space before the value) is read
    /// directly and decodes as the general decoder decodes it; any other opening goes through
    /// the member steps, which reach the same request or step aside as before.
    #[test]
    fn the_usual_opening_decodes_as_the_general_decoder_does() {
        for (input, opening, answered) in [
            (r#"{"expression":"1"}"#, Some(14), true),
            (r#"{"expression": "1"}"#, Some(15), true),
            (r#"{"expression": "1", "precision": 4}"#, Some(15), true),
            (r#"{"expression": "2", "expression": "1"}"#, Some(15), false),
            (
                r#"{"expression": "1", "scope": {"x": 1}, "numericType": "Fraction"}"#,
                Some(15),
                true,
            ),
            (r#"{"expression":  "1"}"#, None, true),
            (r#"{"expression":"#, None, false),
            (r#"{"expression": 1}"#, None, false),
            (r#"{"expression": ""}"#, Some(15), false),
            (r#"{"expression": "1""#, Some(15), false),
            (r#"{"expression": "1"} x"#, Some(15), false),
            (r#"{"expression": "\u0031"}"#, Some(15), true),
            (r#" {"expression": "1"}"#, None, true),
            (r#"{ "expression": "1"}"#, None, true),
            (r#"{"expression" : "1"}"#, None, true),
            (r#"{"expressions": "1"}"#, None, false),
        ] {
            assert_eq!(usual_opening(input.as_bytes()), opening, "{input}");
            assert_eq!(agrees(input.as_bytes()), answered, "{input}");
        }
    }

    #[test]
    fn scopes_beyond_the_small_size_go_to_the_general_decoder() {
        let request = |keys: usize, repeats: usize| {
            let mut members: Vec<String> = (0..keys).map(|i| format!("\"k{i}\": {i}")).collect();
            members.extend((0..repeats).map(|i| format!("\"k0\": {i}.5")));
            format!(
                r#"{{"expression": "k0", "scope": {{{}}}}}"#,
                members.join(", ")
            )
        };
        for (keys, repeats, plain) in [
            (SMALL_SCOPE - 1, 0, true),
            (SMALL_SCOPE, 0, true),
            (SMALL_SCOPE, 40, true),
            (SMALL_SCOPE + 1, 0, false),
        ] {
            let text = request(keys, repeats);
            assert_eq!(agrees(text.as_bytes()), plain, "{text}");
            let scope = decode_general(text.as_bytes()).expect("valid").scope;
            assert_eq!(scope.map(|s| s.len()), Some(keys), "{text}");
        }
    }

    #[test]
    fn numbers_read_as_parse_reads_them() {
        let mut rng = Rng(7);
        let mut texts: Vec<String> = NUMBERS.iter().map(|n| (*n).to_owned()).collect();
        for _ in 0..200_000 {
            let mut text = String::new();
            if rng.below(4) == 0 {
                text.push('-');
            }
            let whole = rng.below(18);
            if whole == 0 {
                text.push('0');
            } else {
                text.push(char::from(b'1' + rng.below(9) as u8));
                for _ in 1..whole {
                    text.push(char::from(b'0' + rng.below(10) as u8));
                }
            }
            if rng.below(3) != 0 {
                text.push('.');
                for _ in 0..rng.below(25) + 1 {
                    text.push(char::from(b'0' + rng.below(10) as u8));
                }
            }
            if rng.below(10) == 0 {
                text.push_str(&format!("e{}", rng.below(40) as i32 - 20));
            }
            texts.push(text);
        }
        for text in &texts {
            let mut reader = Reader {
                cursor: Cursor::new(text.as_bytes()),
            };
            let read = reader.number().filter(|_| reader.cursor.pos == text.len());
            let parsed = serde_json::from_str::<serde_json::Number>(text)
                .ok()
                .and_then(|_| text.parse::<f64>().ok())
                .filter(|v| v.is_finite());
            assert_eq!(read.map(f64::to_bits), parsed.map(f64::to_bits), "{text}");
        }
    }

    #[test]
    fn strings_unescape_as_the_general_reader_does() {
        for (text, want) in [
            (r#""plain""#, Some("plain")),
            (r#""a\"b\\c\/d""#, Some("a\"b\\c/d")),
            (r#""\b\f\n\r\t""#, Some("\u{8}\u{c}\n\r\t")),
            (r#""\u0041\u00E9\uffff""#, Some("Aé\u{ffff}")),
            (r#""\ud83d\ude00""#, None),
            (r#""\ud800""#, None),
            (r#""\u00g1""#, None),
            (r#""\u004""#, None),
            (r#""\a""#, None),
            ("\"\u{1}\"", None),
            (r#""open"#, None),
            (r#""open\"#, None),
        ] {
            let mut reader = Reader {
                cursor: Cursor::new(text.as_bytes()),
            };
            assert_eq!(reader.string().as_deref(), want, "{text}");
        }
    }
}

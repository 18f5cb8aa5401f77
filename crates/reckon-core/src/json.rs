//! A strict JSON reader (RFC 8259) that keeps what general-purpose readers lose.
//!
//! Tool input needs three things `serde_json::Value` cannot give: strings with lone surrogates (a
//! valid JSON escape such as `"\ud800"` that the decimal specification orders as its own fault),
//! duplicate member names reported rather than silently merged, and nesting of any depth without
//! recursion (a deeply nested value inside an otherwise refused input must not change which fault is
//! reported, nor overflow the stack). So this reader is written by hand: it is iterative, stores the
//! document in a flat arena (dropping it is not recursive either), keeps members in document order
//! and numbers as their text.
//!
//! Strictness: whitespace is only space, tab, LF and CR; no byte-order mark, comments, trailing
//! commas, single quotes, `NaN`, leading `+` or zeros, bare points, control characters in strings,
//! or anything after the value.

use std::borrow::Cow;
use std::collections::HashSet;

/// What the reader does with an object that repeats a member name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duplicates {
    /// The text is refused ([`JsonErrorKind::DuplicateMember`]): an exact tool must not guess.
    Reject,
    /// Every member is kept in order; [`Json::member`] finds the last, as `JSON.parse` does.
    Keep,
}

/// A parsed JSON document.
#[derive(Clone, Debug, PartialEq)]
pub struct Json<'a> {
    nodes: Vec<Node<'a>>,
    root: NodeId,
}

/// The index of a node in a [`Json`] document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeId(usize);

/// One JSON value; containers refer to their children by [`NodeId`].
#[derive(Clone, Debug, PartialEq)]
pub enum Node<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as its (valid) text.
    Number(&'a str),
    /// A string, unescaped.
    String(JsonString<'a>),
    /// An array.
    Array(Vec<NodeId>),
    /// An object, members in document order.
    Object(Vec<Member<'a>>),
}

/// One member of an object.
#[derive(Clone, Debug, PartialEq)]
pub struct Member<'a> {
    /// The member name, unescaped.
    pub name: JsonString<'a>,
    /// The member value.
    pub value: NodeId,
}

/// An unescaped JSON string. Lone surrogates, which UTF-8 cannot hold, are written as U+FFFD in
/// [`JsonString::text`] and remembered, so they can be reported and still compare unequal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct JsonString<'a> {
    text: Cow<'a, str>,
    lone_surrogates: Vec<(usize, u16)>,
}

impl JsonString<'_> {
    /// The text, with each lone surrogate replaced by U+FFFD (three UTF-8 bytes, as a WHATWG
    /// encoder writes it).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Each lone surrogate: its byte offset in [`Self::text`] (where U+FFFD stands) and its UTF-16
    /// code unit, so a writer can put `\uXXXX` back as `JSON.stringify` would.
    pub fn lone_surrogates(&self) -> &[(usize, u16)] {
        &self.lone_surrogates
    }

    /// The byte offset in [`Self::text`] of the first lone surrogate, if there is one.
    pub fn first_lone_surrogate(&self) -> Option<usize> {
        self.lone_surrogates.first().map(|&(offset, _)| offset)
    }

    /// Number of characters (code points; a lone surrogate counts as one).
    pub fn chars(&self) -> usize {
        self.text.chars().count()
    }
}

impl<'a> From<&'a str> for JsonString<'a> {
    fn from(text: &'a str) -> Self {
        Self {
            text: Cow::Borrowed(text),
            lone_surrogates: Vec::new(),
        }
    }
}

/// Why a text is not accepted as JSON, and the byte offset where that was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError {
    /// What is wrong.
    pub kind: JsonErrorKind,
    /// Byte offset into the input.
    pub position: usize,
}

/// What is wrong with a JSON text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum JsonErrorKind {
    /// The bytes are not UTF-8.
    InvalidUtf8,
    /// Nothing but whitespace.
    Empty,
    /// The text ends inside a value.
    UnexpectedEnd,
    /// A character that cannot stand here.
    UnexpectedCharacter(char),
    /// An unescaped control character (below U+0020) inside a string.
    ControlCharacter,
    /// A backslash escape outside the JSON set.
    InvalidEscape,
    /// A number outside the JSON grammar (`01`, `.5`, `1.`, `+1`, `1e`).
    InvalidNumber,
    /// An object repeats this member name.
    DuplicateMember(String),
    /// Something follows the value.
    TrailingCharacters,
}

impl std::fmt::Display for JsonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = self.position;
        match &self.kind {
            JsonErrorKind::InvalidUtf8 => write!(f, "the input is not valid UTF-8 (byte {at})"),
            JsonErrorKind::Empty => write!(f, "the input is empty: expected a JSON object"),
            JsonErrorKind::UnexpectedEnd => {
                write!(f, "the JSON text ends unexpectedly at byte {at}")
            }
            JsonErrorKind::UnexpectedCharacter(c) => {
                write!(f, "unexpected character {c:?} at byte {at}")
            }
            JsonErrorKind::ControlCharacter => {
                write!(f, "unescaped control character in a string at byte {at}")
            }
            JsonErrorKind::InvalidEscape => write!(f, "invalid escape sequence at byte {at}"),
            JsonErrorKind::InvalidNumber => write!(f, "invalid JSON number at byte {at}"),
            JsonErrorKind::DuplicateMember(name) => {
                write!(
                    f,
                    "duplicate member name {name:?} in an object at byte {at}"
                )
            }
            JsonErrorKind::TrailingCharacters => {
                write!(f, "unexpected text after the JSON value at byte {at}")
            }
        }
    }
}

impl std::error::Error for JsonError {}

impl<'a> Json<'a> {
    /// Parses one JSON text, rejecting duplicate member names in any object.
    ///
    /// # Errors
    /// [`JsonError`] for the first fault found, reading left to right.
    pub fn parse(input: &'a [u8]) -> Result<Self, JsonError> {
        Self::parse_with(input, Duplicates::Reject)
    }

    /// Parses one JSON text with the given treatment of repeated member names.
    ///
    /// # Errors
    /// [`JsonError`] for the first fault found, reading left to right.
    pub fn parse_with(input: &'a [u8], duplicates: Duplicates) -> Result<Self, JsonError> {
        let text = std::str::from_utf8(input).map_err(|e| JsonError {
            kind: JsonErrorKind::InvalidUtf8,
            position: e.valid_up_to(),
        })?;
        Reader {
            text,
            cursor: Cursor::new(text.as_bytes()),
            nodes: Vec::with_capacity(16),
            duplicates,
        }
        .document()
    }

    /// The top-level value.
    pub fn root(&self) -> &Node<'a> {
        self.node(self.root)
    }

    /// The node with this id.
    pub fn node(&self, id: NodeId) -> &Node<'a> {
        &self.nodes[id.0]
    }

    /// The value of the last member called `name` of an object node, as `JSON.parse` keeps it.
    pub fn member(&self, object: &Node<'a>, name: &str) -> Option<&Node<'a>> {
        match object {
            Node::Object(members) => members
                .iter()
                .rev()
                .find(|m| m.name.text() == name)
                .map(|m| self.node(m.value)),
            _ => None,
        }
    }
}

/// A container being read.
enum Frame<'a> {
    Array(Vec<NodeId>),
    Object {
        members: Vec<Member<'a>>,
        pending_name: JsonString<'a>,
        opened_at: usize,
    },
}

/// The length of the longest prefix of `bytes` that a JSON string holds as it is: no `"`, no
/// `\\` and no control character below U+0020. The reader and calculate's request decoder and
/// answer writer scan every string this way, so it looks at eight bytes per step (the classic
/// "has a byte below n" and "has a zero byte" word tests) instead of one. The lowest byte those
/// tests flag is exactly the first stop (a false flag needs a borrow from a real one below it), so
/// the stop's place is read off the flags, and the last bytes of a text longer than a word are
/// tested as one word that overlaps bytes already found plain, which adds no flags.
#[must_use]
pub fn plain_string_run(bytes: &[u8]) -> usize {
    if bytes.len() < 8 {
        return bytes
            .iter()
            .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
            .unwrap_or(bytes.len());
    }
    let (words, tail) = bytes.as_chunks::<8>();
    for (i, word) in words.iter().enumerate() {
        let flags = stop_flags(*word);
        if flags != 0 {
            return i * 8 + (flags.trailing_zeros() / 8) as usize;
        }
    }
    match bytes.last_chunk::<8>() {
        Some(last) if !tail.is_empty() => match stop_flags(*last) {
            0 => bytes.len(),
            flags => bytes.len() - 8 + (flags.trailing_zeros() / 8) as usize,
        },
        _ => bytes.len(),
    }
}

/// The high bit of each byte of `word` (in memory order, lowest first) that is `"`, `\` or
/// below U+0020, and possibly of bytes above the first such byte.
fn stop_flags(word: [u8; 8]) -> u64 {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    const QUOTES: u64 = u64::from_le_bytes([b'"'; 8]);
    const BACKSLASHES: u64 = u64::from_le_bytes([b'\\'; 8]);
    const SPACES: u64 = u64::from_le_bytes([0x20; 8]);
    let word = u64::from_le_bytes(word);
    let zero = |word: u64| word.wrapping_sub(ONES) & !word;
    (word.wrapping_sub(SPACES) & !word | zero(word ^ QUOTES) | zero(word ^ BACKSLASHES)) & HIGHS
}

/// A position in JSON text, and the byte steps every JSON reader takes: shared by the document
/// reader here and by the tools' decoders for their usual request shapes.
#[derive(Clone, Copy, Debug)]
pub struct Cursor<'a> {
    /// The whole text.
    pub bytes: &'a [u8],
    /// The offset of the next byte.
    pub pos: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes, pos: 0 }
    }

    /// The next byte, not consumed.
    #[inline]
    pub fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// The next byte, consumed.
    #[inline]
    pub fn next_byte(&mut self) -> Option<u8> {
        let byte = self.peek()?;
        self.pos += 1;
        Some(byte)
    }

    /// Consumes `byte` if it is next; whether it was.
    #[inline]
    pub fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        self.pos += usize::from(found);
        found
    }

    /// Steps over JSON whitespace: space, tab, LF, CR.
    #[inline]
    pub fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }
}

struct Reader<'a> {
    text: &'a str,
    cursor: Cursor<'a>,
    nodes: Vec<Node<'a>>,
    duplicates: Duplicates,
}

impl<'a> Reader<'a> {
    fn document(mut self) -> Result<Json<'a>, JsonError> {
        self.cursor.skip_whitespace();
        if self.cursor.pos == self.cursor.bytes.len() {
            return Err(self.error(JsonErrorKind::Empty));
        }
        // Sized for the usual request (an object holding an object or array): growing from empty
        // costs more than allocating once.
        let mut stack: Vec<Frame> = Vec::with_capacity(4);
        'value: loop {
            self.cursor.skip_whitespace();
            let mut done = match self.cursor.peek() {
                Some(b'{') => {
                    let opened_at = self.cursor.pos;
                    self.cursor.pos += 1;
                    self.cursor.skip_whitespace();
                    if self.cursor.eat(b'}') {
                        self.push(Node::Object(Vec::new()))
                    } else {
                        let pending_name = self.member_name()?;
                        stack.push(Frame::Object {
                            members: Vec::with_capacity(4),
                            pending_name,
                            opened_at,
                        });
                        continue 'value;
                    }
                }
                Some(b'[') => {
                    self.cursor.pos += 1;
                    self.cursor.skip_whitespace();
                    if self.cursor.eat(b']') {
                        self.push(Node::Array(Vec::new()))
                    } else {
                        stack.push(Frame::Array(Vec::new()));
                        continue 'value;
                    }
                }
                Some(b'"') => {
                    let string = self.string()?;
                    self.push(Node::String(string))
                }
                Some(b't') => self.keyword("true", Node::Bool(true))?,
                Some(b'f') => self.keyword("false", Node::Bool(false))?,
                Some(b'n') => self.keyword("null", Node::Null)?,
                Some(b'-' | b'0'..=b'9') => self.number()?,
                Some(_) => return Err(self.unexpected()),
                None => return Err(self.error(JsonErrorKind::UnexpectedEnd)),
            };
            // Attach the finished value to its container, closing containers as they end.
            loop {
                self.cursor.skip_whitespace();
                match stack.last_mut() {
                    None => {
                        if self.cursor.pos != self.cursor.bytes.len() {
                            return Err(self.error(JsonErrorKind::TrailingCharacters));
                        }
                        return Ok(Json {
                            nodes: self.nodes,
                            root: done,
                        });
                    }
                    Some(Frame::Array(items)) => {
                        items.push(done);
                        match self.cursor.peek() {
                            Some(b',') => {
                                self.cursor.pos += 1;
                                continue 'value;
                            }
                            Some(b']') => self.cursor.pos += 1,
                            _ => return Err(self.unexpected()),
                        }
                        let Some(Frame::Array(items)) = stack.pop() else {
                            unreachable!()
                        };
                        done = self.push(Node::Array(items));
                    }
                    Some(Frame::Object {
                        members,
                        pending_name,
                        ..
                    }) => {
                        members.push(Member {
                            name: std::mem::take(pending_name),
                            value: done,
                        });
                        match self.cursor.peek() {
                            Some(b',') => {
                                self.cursor.pos += 1;
                                self.cursor.skip_whitespace();
                                *pending_name = self.member_name()?;
                                continue 'value;
                            }
                            Some(b'}') => self.cursor.pos += 1,
                            _ => return Err(self.unexpected()),
                        }
                        let Some(Frame::Object {
                            members, opened_at, ..
                        }) = stack.pop()
                        else {
                            unreachable!()
                        };
                        if self.duplicates == Duplicates::Reject
                            && let Some(name) = first_duplicate(&members)
                        {
                            let kind = JsonErrorKind::DuplicateMember(name.text().to_owned());
                            return Err(JsonError {
                                kind,
                                position: opened_at,
                            });
                        }
                        done = self.push(Node::Object(members));
                    }
                }
            }
        }
    }

    fn push(&mut self, node: Node<'a>) -> NodeId {
        self.nodes.push(node);
        NodeId(self.nodes.len() - 1)
    }

    fn error(&self, kind: JsonErrorKind) -> JsonError {
        JsonError {
            kind,
            position: self.cursor.pos,
        }
    }

    /// The character at the current position is not allowed (or the text ended).
    fn unexpected(&self) -> JsonError {
        match self.text[self.cursor.pos..].chars().next() {
            Some(c) => self.error(JsonErrorKind::UnexpectedCharacter(c)),
            None => self.error(JsonErrorKind::UnexpectedEnd),
        }
    }

    fn member_name(&mut self) -> Result<JsonString<'a>, JsonError> {
        if self.cursor.peek() != Some(b'"') {
            return Err(self.unexpected());
        }
        let name = self.string()?;
        self.cursor.skip_whitespace();
        if !self.cursor.eat(b':') {
            return Err(self.unexpected());
        }
        Ok(name)
    }

    fn keyword(&mut self, word: &str, node: Node<'a>) -> Result<NodeId, JsonError> {
        if self.cursor.bytes[self.cursor.pos..].starts_with(word.as_bytes()) {
            self.cursor.pos += word.len();
            Ok(self.push(node))
        } else {
            Err(self.unexpected())
        }
    }

    fn number(&mut self) -> Result<NodeId, JsonError> {
        let start = self.cursor.pos;
        let invalid = |reader: &Self| JsonError {
            kind: JsonErrorKind::InvalidNumber,
            position: reader.cursor.pos,
        };
        self.cursor.eat(b'-');
        match self.cursor.peek() {
            Some(b'0') => self.cursor.pos += 1,
            Some(b'1'..=b'9') => self.skip_digits(),
            _ => return Err(invalid(self)),
        }
        if self.cursor.eat(b'.') {
            if !matches!(self.cursor.peek(), Some(b'0'..=b'9')) {
                return Err(invalid(self));
            }
            self.skip_digits();
        }
        if matches!(self.cursor.peek(), Some(b'e' | b'E')) {
            self.cursor.pos += 1;
            if matches!(self.cursor.peek(), Some(b'+' | b'-')) {
                self.cursor.pos += 1;
            }
            if !matches!(self.cursor.peek(), Some(b'0'..=b'9')) {
                return Err(invalid(self));
            }
            self.skip_digits();
        }
        let text = &self.text[start..self.cursor.pos];
        Ok(self.push(Node::Number(text)))
    }

    fn skip_digits(&mut self) {
        while matches!(self.cursor.peek(), Some(b'0'..=b'9')) {
            self.cursor.pos += 1;
        }
    }

    /// Reads a string starting at its opening quote.
    fn string(&mut self) -> Result<JsonString<'a>, JsonError> {
        self.cursor.pos += 1;
        let start = self.cursor.pos;
        self.cursor.pos += plain_string_run(&self.cursor.bytes[start..]);
        if self.cursor.peek() == Some(b'"') {
            // The common case, a string without escapes: one allocation of the right size.
            self.cursor.pos += 1;
            return Ok(JsonString {
                text: Cow::Borrowed(&self.text[start..self.cursor.pos - 1]),
                lone_surrogates: Vec::new(),
            });
        }
        let mut text = String::with_capacity(self.cursor.pos - start + 16);
        text.push_str(&self.text[start..self.cursor.pos]);
        let mut out = JsonString {
            text: Cow::Owned(text),
            lone_surrogates: Vec::new(),
        };
        loop {
            let run_start = self.cursor.pos;
            self.cursor.pos += plain_string_run(&self.cursor.bytes[run_start..]);
            out.text
                .to_mut()
                .push_str(&self.text[run_start..self.cursor.pos]);
            match self.cursor.next_byte() {
                Some(b'"') => return Ok(out),
                Some(b'\\') => self.escape(&mut out)?,
                Some(_) => {
                    self.cursor.pos -= 1;
                    return Err(self.error(JsonErrorKind::ControlCharacter));
                }
                None => return Err(self.error(JsonErrorKind::UnexpectedEnd)),
            }
        }
    }

    fn escape(&mut self, out: &mut JsonString<'_>) -> Result<(), JsonError> {
        let escape_at = self.cursor.pos - 1;
        let simple = match self.cursor.next_byte() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => return self.unicode_escape(out, escape_at),
            Some(_) => {
                return Err(JsonError {
                    kind: JsonErrorKind::InvalidEscape,
                    position: escape_at,
                });
            }
            None => return Err(self.error(JsonErrorKind::UnexpectedEnd)),
        };
        out.text.to_mut().push(simple);
        Ok(())
    }

    fn unicode_escape(
        &mut self,
        out: &mut JsonString<'_>,
        escape_at: usize,
    ) -> Result<(), JsonError> {
        let unit = self.hex4(escape_at)?;
        if (0xD800..0xDC00).contains(&unit)
            && self.cursor.bytes[self.cursor.pos..].starts_with(b"\\u")
        {
            let saved = self.cursor.pos;
            self.cursor.pos += 2;
            let low = self.hex4(saved)?;
            if (0xDC00..0xE000).contains(&low) {
                let code = 0x10000 + ((u32::from(unit) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
                out.text
                    .to_mut()
                    .push(char::from_u32(code).unwrap_or('\u{FFFD}'));
                return Ok(());
            }
            self.cursor.pos = saved;
        }
        match char::from_u32(u32::from(unit)) {
            Some(c) => out.text.to_mut().push(c),
            None => {
                out.lone_surrogates.push((out.text.len(), unit));
                out.text.to_mut().push('\u{FFFD}');
            }
        }
        Ok(())
    }

    fn hex4(&mut self, escape_at: usize) -> Result<u16, JsonError> {
        let digits = self.cursor.bytes.get(self.cursor.pos..self.cursor.pos + 4);
        let value = digits
            .filter(|d| d.iter().all(u8::is_ascii_hexdigit))
            .and_then(|d| std::str::from_utf8(d).ok())
            .and_then(|d| u16::from_str_radix(d, 16).ok());
        match value {
            Some(v) => {
                self.cursor.pos += 4;
                Ok(v)
            }
            None => Err(JsonError {
                kind: JsonErrorKind::InvalidEscape,
                position: escape_at,
            }),
        }
    }
}

/// The first member name that occurs twice, if any.
fn first_duplicate<'m, 'a>(members: &'m [Member<'a>]) -> Option<&'m JsonString<'a>> {
    if members.len() <= 16 {
        return members
            .iter()
            .enumerate()
            .find(|(i, m)| members[..*i].iter().any(|earlier| earlier.name == m.name))
            .map(|(_, m)| &m.name);
    }
    let mut seen = HashSet::with_capacity(members.len());
    members
        .iter()
        .map(|m| &m.name)
        .find(|name| !seen.insert(*name))
}

#[cfg(test)]
mod tests {
    #[test]
    fn plain_string_run_stops_where_a_byte_by_byte_scan_stops() {
        let naive = |bytes: &[u8]| {
            bytes
                .iter()
                .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
                .unwrap_or(bytes.len())
        };
        let stoppers = [b'"', b'\\', 0x00, 0x1f];
        let others = [b'a', 0x20, 0x21, b'#', b'[', b']', 0x7f, 0x80, 0xc3, 0xff];
        for length in 0..20 {
            for at in 0..=length {
                for &stop in &stoppers {
                    for &fill in &others {
                        let mut bytes = vec![fill; length];
                        if at < length {
                            bytes[at] = stop;
                        }
                        assert_eq!(super::plain_string_run(&bytes), naive(&bytes), "{bytes:?}");
                    }
                }
            }
        }
        // Every byte value at every position of a 17-byte run of plain text.
        for at in 0..17 {
            for byte in 0..=255u8 {
                let mut bytes = vec![b'x'; 17];
                bytes[at] = byte;
                assert_eq!(super::plain_string_run(&bytes), naive(&bytes), "{bytes:?}");
            }
        }
    }

    #[test]
    fn plain_string_run_agrees_with_a_byte_scan_on_random_mixtures() {
        // Several stops and near-stops in one word: a false flag above the first stop must not
        // move the answer, nor may the overlapping last word.
        let alphabet = [
            0x00,
            0x01,
            0x1f,
            0x20,
            0x21,
            b'"',
            b'#',
            b'\\',
            b']',
            b']' + 1,
            0x7f,
            0x80,
            0xff,
            b'a',
        ];
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..200_000 {
            let length = (next() % 40) as usize;
            let plain_odds = next() % 8;
            let bytes: Vec<u8> = (0..length)
                .map(|_| {
                    let roll = next();
                    if roll % 8 < plain_odds {
                        b'x'
                    } else {
                        alphabet[(roll >> 8) as usize % alphabet.len()]
                    }
                })
                .collect();
            let naive = bytes
                .iter()
                .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
                .unwrap_or(bytes.len());
            assert_eq!(super::plain_string_run(&bytes), naive, "{bytes:?}");
        }
    }

    use super::*;

    fn kind(text: &str) -> JsonErrorKind {
        Json::parse(text.as_bytes()).expect_err(text).kind
    }

    fn object_names(json: &Json) -> Vec<String> {
        match json.root() {
            Node::Object(members) => members.iter().map(|m| m.name.text().to_owned()).collect(),
            other => panic!("not an object: {other:?}"),
        }
    }

    #[test]
    fn reads_objects_in_document_order() {
        let json =
            Json::parse(br#" {"b": 1, "a": [true, false, null, -0.5e+3], "c": {"x": "y"}} "#)
                .expect("valid");
        assert_eq!(object_names(&json), ["b", "a", "c"]);
        let Node::Object(members) = json.root() else {
            panic!()
        };
        let Node::Array(items) = json.node(members[1].value) else {
            panic!()
        };
        assert_eq!(json.node(items[3]), &Node::Number("-0.5e+3"));
    }

    #[test]
    fn unescapes_strings_and_keeps_lone_surrogates_apart() {
        let json = Json::parse(
            br#"["\u0031\n\/\"", "\ud83d\ude00", "a\ud800b", "\udc00", "\ud800\u0041"]"#,
        )
        .expect("valid");
        let Node::Array(items) = json.root() else {
            panic!()
        };
        let strings: Vec<&JsonString> = items
            .iter()
            .map(|&id| match json.node(id) {
                Node::String(s) => s,
                _ => panic!(),
            })
            .collect();
        assert_eq!(strings[0].text(), "1\n/\"");
        assert_eq!(strings[1].text(), "😀");
        assert_eq!(strings[1].first_lone_surrogate(), None);
        assert_eq!(strings[2].text(), "a\u{FFFD}b");
        assert_eq!(strings[2].first_lone_surrogate(), Some(1));
        assert_eq!(strings[3].first_lone_surrogate(), Some(0));
        assert_eq!(strings[4].text(), "\u{FFFD}A");
        assert_eq!(strings[2].chars(), 3);
    }

    #[test]
    fn rejects_what_rfc_8259_rejects() {
        for text in [
            "{'a': 1}",
            "{a: 1}",
            "[1,]",
            "{\"a\":1,}",
            "NaN",
            "Infinity",
            "+1",
            "01",
            ".5",
            "1.",
            "1e",
            "\u{feff}{}",
            "{} {}",
            "// c\n{}",
            "[\"\t\"]",
            "[\"\\x\"]",
            "[\"\\u12\"]",
            "tru",
            "nul",
            "{\"a\" 1}",
            "[1 2]",
            "\u{a0}1",
        ] {
            assert!(
                Json::parse(text.as_bytes()).is_err(),
                "{text:?} must be rejected"
            );
        }
        assert_eq!(kind(""), JsonErrorKind::Empty);
        assert_eq!(kind(" \r\n\t"), JsonErrorKind::Empty);
        assert_eq!(kind("{\"a\""), JsonErrorKind::UnexpectedEnd);
        assert_eq!(kind("[1,2"), JsonErrorKind::UnexpectedEnd);
        assert_eq!(kind("01"), JsonErrorKind::TrailingCharacters);
        assert_eq!(
            Json::parse(b"\xff").expect_err("bytes").kind,
            JsonErrorKind::InvalidUtf8
        );
    }

    #[test]
    fn rejects_duplicate_names_at_any_depth_but_not_lone_surrogates_that_differ() {
        assert_eq!(
            kind(r#"{"a":1,"a":2}"#),
            JsonErrorKind::DuplicateMember("a".into())
        );
        assert_eq!(
            kind(r#"{"x":[{"b":1,"c":2,"b":3}]}"#),
            JsonErrorKind::DuplicateMember("b".into())
        );
        assert_eq!(
            kind(r#"{"\u0061":1,"a":2}"#),
            JsonErrorKind::DuplicateMember("a".into())
        );
        let many: Vec<String> = (0..40).map(|i| format!("\"k{i}\":{i}")).collect();
        assert!(Json::parse(format!("{{{}}}", many.join(",")).as_bytes()).is_ok());
        assert_eq!(
            kind(&format!("{{{},\"k7\":0}}", many.join(","))),
            JsonErrorKind::DuplicateMember("k7".into())
        );
        assert!(Json::parse(br#"{"\ud800":1,"\ud801":2}"#).is_ok());
    }

    #[test]
    fn keeps_duplicates_when_asked_and_finds_the_last() {
        let json = Json::parse_with(br#"{"a":1,"a":2}"#, Duplicates::Keep).expect("kept");
        assert_eq!(json.member(json.root(), "a"), Some(&Node::Number("2")));
        assert_eq!(json.member(json.root(), "b"), None);
    }

    #[test]
    fn nests_without_recursion() {
        let depth = 200_000;
        let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        assert!(Json::parse(text.as_bytes()).is_ok());
        let unclosed = "[".repeat(depth);
        assert_eq!(kind(&unclosed), JsonErrorKind::UnexpectedEnd);
    }
}

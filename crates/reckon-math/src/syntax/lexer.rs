//! Tokens of the math.js expression language (spec section 4.1).
//!
//! The whole expression is tokenised before parsing. The context-dependent characters are the
//! quotes: math.js reads `'` as the transpose operator where its parser stands after an operand,
//! and as the start of a string where it expects one (`"` likewise as a delimiter or a string).
//! The lexer guesses that from the tokens before the quote (see [`ends_operand`]); where only the
//! parser can tell (`5 in'` is `5 (in')`, `x^5 in'` converts to a unit named by a string), the
//! parser lexes the rest again from the quote with its own reading ([`relex_quote`]). A newline
//! inside brackets is whitespace and yields no token (at the top level it is a `Newline` token, a
//! statement separator). Offsets are in
//! characters (code points), as the error positions of the specification are. Tokens own no
//! text: the parser reads a literal's or a name's from the expression at its span, and a string
//! literal's unescaped text from [`Lexed::strings`].

use reckon_core::Span;

/// A token. It owns nothing, so the token list is dropped without a look at its tokens: a
/// literal's or a name's text is the expression's own, at the token's span, and a string
/// literal's unescaped text is in [`Lexed::strings`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Tok {
    /// A number literal (its text is the span's).
    Number,
    /// A string literal: its index in [`Lexed::strings`] is [`Token::string_index`] (its quote
    /// character is the
    /// expression's at the span's start: carried here, it made every token's kind a decoding
    /// of a character's spare values rather than a byte).
    Str,
    /// A name or parser constant (its text is the span's); `true` for a named operator (`mod to
    /// in and or xor not`), which is a name only in operand position.
    Name(bool),
    /// A delimiter or operator, such as `+`, `.*`, `>>>`, `?.`.
    Punct(P),
    /// A line feed (a statement separator outside brackets and after operands).
    Newline,
}

/// A delimiter or operator: one byte, compared as one (the parser looks at the current token's
/// punctuation at every level, where comparing texts cost a length and a byte comparison each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum P {
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `,`
    Comma,
    /// `;`
    Semicolon,
    /// `:`
    Colon,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `%`
    Percent,
    /// `~`
    Tilde,
    /// `&`
    Amp,
    /// `|`
    Pipe,
    /// `>>>`
    Ushr,
    /// `>>`
    Shr,
    /// `<<`
    Shl,
    /// `==`
    EqEq,
    /// `!=`
    NotEq,
    /// `<=`
    Le,
    /// `>=`
    Ge,
    /// `.*`
    DotStar,
    /// `./`
    DotSlash,
    /// `.^`
    DotCaret,
    /// `^|`
    CaretPipe,
    /// `?.`
    QDot,
    /// `??`
    Nullish,
    /// `^`
    Caret,
    /// `!`
    Bang,
    /// `=`
    Eq,
    /// `?`
    Question,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `.`
    Dot,
    /// `'`
    Quote,
    /// `"`
    DQuote,
}

impl P {
    /// The punctuation as written, for error messages.
    pub(crate) fn text(self) -> &'static str {
        match self {
            P::LParen => "(",
            P::RParen => ")",
            P::LBracket => "[",
            P::RBracket => "]",
            P::LBrace => "{",
            P::RBrace => "}",
            P::Comma => ",",
            P::Semicolon => ";",
            P::Colon => ":",
            P::Plus => "+",
            P::Minus => "-",
            P::Star => "*",
            P::Slash => "/",
            P::Percent => "%",
            P::Tilde => "~",
            P::Amp => "&",
            P::Pipe => "|",
            P::Ushr => ">>>",
            P::Shr => ">>",
            P::Shl => "<<",
            P::EqEq => "==",
            P::NotEq => "!=",
            P::Le => "<=",
            P::Ge => ">=",
            P::DotStar => ".*",
            P::DotSlash => "./",
            P::DotCaret => ".^",
            P::CaretPipe => "^|",
            P::QDot => "?.",
            P::Nullish => "??",
            P::Caret => "^",
            P::Bang => "!",
            P::Eq => "=",
            P::Question => "?",
            P::Lt => "<",
            P::Gt => ">",
            P::Dot => ".",
            P::Quote => "'",
            P::DQuote => "\"",
        }
    }
}

/// A token and its span in characters.
///
/// The span is kept as two `u32` offsets (an expression longer than `u32::MAX` characters is
/// refused before it is lexed, see [`MAX_CHARS`]): a token is 16 bytes rather than 32, so the
/// lexer writes and the parser reads less at every token.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Token {
    pub(crate) tok: Tok,
    /// For an opening bracket, the commas and semicolons directly inside it (saturating): what
    /// the parser sizes a list, a matrix or an object by, rather than growing it element by
    /// element. Only a size hint (zero past [`HINTED_DEPTH`] or after a stray bracket), never
    /// read for the tree's meaning. For a string token, the low half of its literal's index
    /// instead (see [`Token::string_index`]).
    pub(crate) commas: u16,
    /// See `commas` (for a string token, the high half of its literal's index).
    pub(crate) semicolons: u16,
    /// The offset of the token's first character.
    start: u32,
    /// The offset one past the token's last character.
    end: u32,
}

impl Token {
    /// A string literal's index in [`Lexed::strings`] (kept in the size-hint fields, which only
    /// an opening bracket uses; a string index fits 32 bits as every offset does).
    #[inline]
    pub(crate) fn string_index(&self) -> usize {
        usize::from(self.commas) | (usize::from(self.semicolons) << 16)
    }

    /// The token's span in characters.
    #[inline]
    pub(crate) fn span(&self) -> Span {
        Span::new(self.start as usize, self.end as usize)
    }
}

/// The most characters [`tokenize`] accepts: every offset fits a token's `u32` fields.
pub(crate) const MAX_CHARS: usize = u32::MAX as usize;

/// Open brackets nested deeper than this get no size hint (their lists grow as they fill): the
/// lexer keeps the open ones on a fixed stack rather than an allocated one.
pub(crate) const HINTED_DEPTH: usize = 16;

/// Why the text cannot be tokenised.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LexError {
    pub(crate) message: String,
    pub(crate) position: usize,
    /// For an error inside a string literal (unterminated, a bad escape), the offset of the
    /// quote that opened it: where the parser may read that quote otherwise (see
    /// [`relex_quote`]).
    pub(crate) string_start: Option<usize>,
}

/// A code unit the lexer reads: a byte of an ASCII expression (where byte offsets are character
/// offsets, so the text needs no decoding) or a decoded character of any other.
pub(crate) trait Unit: Copy {
    /// The unit as a character.
    fn ch(self) -> char;
}

impl Unit for char {
    #[inline]
    fn ch(self) -> char {
        self
    }
}

impl Unit for u8 {
    #[inline]
    fn ch(self) -> char {
        char::from(self)
    }
}

/// The tokens of an expression and the unescaped texts of its string literals.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Lexed {
    /// The tokens, in order.
    pub(crate) tokens: Vec<Token>,
    /// The string literals' texts, indexed by [`Tok::Str`].
    pub(crate) strings: Vec<String>,
}

/// What an ASCII character starts, read from [`CLASS`] in one look: the characters most
/// expressions are made of (blanks, digits, names and the one-character delimiters) are told
/// apart without a chain of tests; every other character takes the general match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// Anything the general match decides (newlines, quotes, `#`, `.`, the characters that may
    /// start a longer operator, characters the language does not know).
    Other,
    /// A space or a tab.
    Blank,
    /// `0`–`9`: a number literal.
    Digit,
    /// A letter, `_` or `$`: a name.
    Name,
    /// A delimiter or operator that starts no longer one.
    Alone(P),
}

/// The class of a byte below 128 (what [`punctuation`] and [`is_name_start`] decide, for the
/// classes other than `Other`).
const fn class_of(b: u8) -> Class {
    match b {
        b' ' | b'\t' => Class::Blank,
        b'0'..=b'9' => Class::Digit,
        b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'$' => Class::Name,
        b'(' => Class::Alone(P::LParen),
        b')' => Class::Alone(P::RParen),
        b'[' => Class::Alone(P::LBracket),
        b']' => Class::Alone(P::RBracket),
        b'{' => Class::Alone(P::LBrace),
        b'}' => Class::Alone(P::RBrace),
        b',' => Class::Alone(P::Comma),
        b';' => Class::Alone(P::Semicolon),
        b':' => Class::Alone(P::Colon),
        b'+' => Class::Alone(P::Plus),
        b'-' => Class::Alone(P::Minus),
        b'*' => Class::Alone(P::Star),
        b'/' => Class::Alone(P::Slash),
        b'%' => Class::Alone(P::Percent),
        b'~' => Class::Alone(P::Tilde),
        b'&' => Class::Alone(P::Amp),
        b'|' => Class::Alone(P::Pipe),
        _ => Class::Other,
    }
}

/// [`class_of`] for every ASCII character.
const CLASS: [Class; 128] = {
    let mut table = [Class::Other; 128];
    let mut b = 0;
    while b < 128 {
        table[b] = class_of(b as u8);
        b += 1;
    }
    table
};

/// The class of `c` (`Other` outside ASCII).
#[inline]
fn class(c: char) -> Class {
    CLASS.get(c as usize).copied().unwrap_or(Class::Other)
}

/// Whether `c` continues a name: a name character or a digit.
#[inline]
fn continues_name(c: char) -> bool {
    match class(c) {
        Class::Name | Class::Digit => true,
        Class::Other => !c.is_ascii() && is_name_start(c),
        _ => false,
    }
}

/// Tokenises `chars`: an expression's bytes when it is ASCII, its characters otherwise.
#[cfg(test)]
pub(crate) fn tokenize<U: Unit>(chars: &[U]) -> Result<Lexed, LexError> {
    match tokenize_until_error(chars) {
        (lexed, None) => Ok(lexed),
        (_, Some(error)) => Err(error),
    }
}

/// [`tokenize`], keeping the tokens before a lexical error with the error. math.js reads a token
/// only when its parser asks for it, so a syntax error before the bad spot is the one it
/// reports: the parser parses these tokens first (see `parse_noting`).
///
/// Inlined into each of its callers (the parser, and the quick path of `checked_value`): once it
/// had two, the compiler stopped inlining it, which cost the parser's path about a hundred
/// instructions a request (callgrind).
#[inline(always)]
pub(crate) fn tokenize_until_error<U: Unit>(chars: &[U]) -> (Lexed, Option<LexError>) {
    if chars.len() > MAX_CHARS {
        // Never reached through the tool (its expression limit is far lower), but offsets past
        // `u32::MAX` would not fit a token.
        let error = LexError {
            message: "Expression too long".to_owned(),
            position: 0,
            string_start: None,
        };
        return (Lexed::default(), Some(error));
    }
    // At most one token per character: sized once (a dense matrix has more than one token per
    // two characters, and growing the list cost more than the spare room).
    let mut lexed = Lexed {
        tokens: Vec::with_capacity(chars.len()),
        strings: Vec::new(),
    };
    let error = lex_into(chars, &mut lexed, 0, 0).err();
    (lexed, error)
}

/// Lexes `chars` again from the quote at offset `at`, the start of token `index` (or, when
/// `index` is past the last token, of the string whose error ended the lexing): the quote is the
/// start of a string when `string`, else a delimiter (`'` the transpose operator), as the parser
/// reads it there where the lexer's guess was the other. The tokens from `index` on are replaced;
/// the lexical error of the new reading, if any, is returned.
///
/// The brackets open before the quote are counted again from the tokens before it, so a newline
/// inside them stays whitespace; they get no further size hint (only a hint, never read for the
/// tree's meaning).
#[cold]
pub(crate) fn relex_quote<U: Unit>(
    chars: &[U],
    lexed: &mut Lexed,
    index: usize,
    at: usize,
    string: bool,
) -> Option<LexError> {
    lexed.tokens.truncate(index);
    let depth = lexed
        .tokens
        .iter()
        .fold(0usize, |depth, token| match token.tok {
            Tok::Punct(P::LParen | P::LBracket | P::LBrace) => depth + 1,
            Tok::Punct(P::RParen | P::RBracket | P::RBrace) => depth.saturating_sub(1),
            _ => depth,
        });
    let next = if string {
        match push_string(chars, at, lexed) {
            Ok(end) => end,
            Err(error) => return Some(error),
        }
    } else {
        let p = if chars.get(at).map(|u| u.ch()) == Some('"') {
            P::DQuote
        } else {
            P::Quote
        };
        lexed.tokens.push(Token {
            tok: Tok::Punct(p),
            commas: 0,
            semicolons: 0,
            // At most `chars.len()`, which is at most `MAX_CHARS`.
            start: at as u32,
            end: at as u32 + 1,
        });
        at + 1
    };
    lex_into(chars, lexed, next, depth).err()
}

/// The string literal opened by the quote at `start`, pushed as a token with its text; returns
/// the offset after it.
fn push_string<U: Unit>(chars: &[U], start: usize, lexed: &mut Lexed) -> Result<usize, LexError> {
    let (text, end) = string(chars, start)?;
    // The index rides in the size-hint fields, which only brackets use: the kind stays one byte
    // and a token 16 bytes.
    let index = lexed.strings.len();
    lexed.strings.push(text);
    lexed.tokens.push(Token {
        tok: Tok::Str,
        commas: index as u16,
        semicolons: (index >> 16) as u16,
        // Both at most `chars.len()`, which is at most `MAX_CHARS`.
        start: start as u32,
        end: end as u32,
    });
    Ok(end)
}

/// The tokens of `chars` from offset `pos` into `lexed`, up to the first lexical error, with
/// `depth` brackets open before `pos`.
fn lex_into<U: Unit>(
    chars: &[U],
    lexed: &mut Lexed,
    mut pos: usize,
    mut depth: usize,
) -> Result<(), LexError> {
    // Open brackets (`depth`): a newline inside them is whitespace (section 4.1), so it is not a
    // token and the parser never has to step over it.
    // The open brackets' token indices, up to `HINTED_DEPTH` deep, for their size hints (u32, as
    // token offsets are: there are at most `MAX_CHARS` tokens); `u32::MAX` for a bracket opened
    // before `pos`, which is given no hint (no token has that index).
    let mut open = [u32::MAX; HINTED_DEPTH];
    while pos < chars.len() {
        let tokens = &mut lexed.tokens;
        let c = chars[pos].ch();
        let start = pos;
        // The common characters first, by their class; the rest by the general match below.
        let tok = match class(c) {
            Class::Blank => {
                pos += 1;
                continue;
            }
            Class::Digit => {
                pos = number(chars, pos)?;
                Tok::Number
            }
            Class::Name => {
                pos += 1;
                while pos < chars.len() && continues_name(chars[pos].ch()) {
                    pos += 1;
                }
                Tok::Name(named_operator(&chars[start..pos]))
            }
            Class::Alone(p) => {
                pos += 1;
                match p {
                    P::LParen | P::LBracket | P::LBrace => {
                        if let Some(slot) = open.get_mut(depth) {
                            *slot = tokens.len() as u32;
                        }
                        depth += 1;
                    }
                    P::RParen | P::RBracket | P::RBrace => depth = depth.saturating_sub(1),
                    P::Comma | P::Semicolon => {
                        let opener = depth
                            .checked_sub(1)
                            .and_then(|d| open.get(d))
                            .and_then(|&at| tokens.get_mut(at as usize));
                        if let Some(opener) = opener {
                            let count = if p == P::Comma {
                                &mut opener.commas
                            } else {
                                &mut opener.semicolons
                            };
                            *count = count.saturating_add(1);
                        }
                    }
                    _ => {}
                }
                Tok::Punct(p)
            }
            Class::Other => {
                let after_operand = |tokens: &[Token]| ends_operand(tokens, chars);
                match c {
                    '\u{a0}' => {
                        pos += 1;
                        continue;
                    }
                    '#' => {
                        while pos < chars.len() && chars[pos].ch() != '\n' {
                            pos += 1;
                        }
                        continue;
                    }
                    '\n' if depth > 0 => {
                        pos += 1;
                        continue;
                    }
                    '\n' => {
                        pos += 1;
                        Tok::Newline
                    }
                    // After an operand a quote cannot open a string: math.js reads it as a
                    // delimiter (`"s""` is `Unexpected operator "`), and `'` is the transpose.
                    '"' if after_operand(tokens) => {
                        pos += 1;
                        Tok::Punct(P::DQuote)
                    }
                    '"' | '\'' if c == '"' || !after_operand(tokens) => {
                        pos = push_string(chars, pos, lexed)?;
                        continue;
                    }
                    '\'' => {
                        pos += 1;
                        Tok::Punct(P::Quote)
                    }
                    '.' if chars.get(pos + 1).is_some_and(|u| u.ch().is_ascii_digit()) => {
                        pos = number(chars, pos)?;
                        Tok::Number
                    }
                    c if is_name_start(c) => {
                        pos += 1;
                        while pos < chars.len() && continues_name(chars[pos].ch()) {
                            pos += 1;
                        }
                        Tok::Name(named_operator(&chars[start..pos]))
                    }
                    // The operators of more than one character (and `.`, `^`, `!`, `=`, `?`,
                    // `<`, `>` alone): the one-character delimiters never come here.
                    _ => match punctuation(chars, pos) {
                        Some(p) => {
                            pos += p.text().len();
                            Tok::Punct(p)
                        }
                        None => {
                            let rest: String = chars[pos..].iter().map(|u| u.ch()).collect();
                            let message = format!("Syntax error in part \"{rest}\"");
                            return Err(LexError {
                                message,
                                position: pos,
                                string_start: None,
                            });
                        }
                    },
                }
            }
        };
        tokens.push(Token {
            tok,
            commas: 0,
            semicolons: 0,
            // Both at most `chars.len()`, which is at most `MAX_CHARS`.
            start: start as u32,
            end: pos as u32,
        });
        // The space after a token (most tokens have one) is passed over here, in a loop of its
        // own, rather than by another round of the dispatch above.
        while pos < chars.len() && chars[pos].ch() == ' ' {
            pos += 1;
        }
    }
    Ok(())
}

/// Whether the last of `tokens` ends an operand, so that a following `'` is the transpose
/// operator (and `"` a delimiter) rather than the start of a string: the lexer's guess at where
/// math.js's parser will stand.
///
/// A literal, a name, a closing bracket, `!` and a transpose end an operand; a newline token (a
/// newline inside brackets is whitespace, no token) and every other delimiter do not. A named
/// operator is a name where an operand is expected, and an operator after one, so a run of them
/// alternates (`in'` and `x in in'` transpose the name `in`; `x in'` and `in in'` open a string);
/// after `.` or `?.` it is a property name (`x.in'`); `not` is the prefix operator. Only the
/// parser can tell the rest (`5 in'` is a product with the name `in`, `x ?? not'` names `not`):
/// it lexes again where the guess was wrong.
fn ends_operand<U: Unit>(tokens: &[Token], chars: &[U]) -> bool {
    // Whether the run of named operators walked back over so far is of odd length.
    let mut odd = false;
    for (at, token) in tokens.iter().enumerate().rev() {
        let ends = match token.tok {
            Tok::Number | Tok::Str | Tok::Name(false) => true,
            Tok::Punct(p) => matches!(p, P::RParen | P::RBracket | P::RBrace | P::Bang | P::Quote),
            Tok::Newline => false,
            Tok::Name(true) => {
                let after_dot = at
                    .checked_sub(1)
                    .and_then(|before| tokens.get(before))
                    .is_some_and(|t| matches!(t.tok, Tok::Punct(P::Dot | P::QDot)));
                if after_dot {
                    true
                } else if chars.get(token.start as usize).map(|u| u.ch()) == Some('n') {
                    // `not`, the only named operator starting with `n`.
                    false
                } else {
                    odd = !odd;
                    continue;
                }
            }
        };
        return ends != odd;
    }
    // The run starts the expression, where an operand is expected: its first is a name.
    odd
}

/// [`is_named_operator`], decided at once for almost every name by its length and first letter.
#[inline]
fn named_operator<U: Unit>(name: &[U]) -> bool {
    (2..=3).contains(&name.len())
        && matches!(
            name.first().map(|u| u.ch()),
            Some('m' | 't' | 'i' | 'a' | 'o' | 'x' | 'n')
        )
        && is_named_operator(name)
}

/// Whether a name is one of the named operators `mod to in and or xor not`.
fn is_named_operator<U: Unit>(name: &[U]) -> bool {
    let mut word = [0u8; 3];
    if !(2..=3).contains(&name.len()) {
        return false;
    }
    for (slot, unit) in word.iter_mut().zip(name) {
        let c = unit.ch();
        if !c.is_ascii() {
            return false;
        }
        *slot = c as u8;
    }
    matches!(
        &word[..name.len()],
        b"mod" | b"to" | b"in" | b"and" | b"or" | b"xor" | b"not"
    )
}

/// The operator or delimiter at `pos`, longest match; `?.` before a digit is `?`.
///
/// Every punctuator is ASCII: a match on the first character (most stand alone), then for the
/// few that may start a longer operator on the next one or two, rather than a scan of the whole
/// table for each token.
#[inline]
fn punctuation<U: Unit>(chars: &[U], pos: usize) -> Option<P> {
    let c = chars[pos].ch();
    // The characters that start no longer operator stand alone, without a look further.
    let alone = match c {
        '(' => Some(P::LParen),
        ')' => Some(P::RParen),
        '[' => Some(P::LBracket),
        ']' => Some(P::RBracket),
        '{' => Some(P::LBrace),
        '}' => Some(P::RBrace),
        ',' => Some(P::Comma),
        ';' => Some(P::Semicolon),
        ':' => Some(P::Colon),
        '+' => Some(P::Plus),
        '-' => Some(P::Minus),
        '*' => Some(P::Star),
        '/' => Some(P::Slash),
        '%' => Some(P::Percent),
        '~' => Some(P::Tilde),
        '&' => Some(P::Amp),
        '|' => Some(P::Pipe),
        _ => None,
    };
    if alone.is_some() {
        return alone;
    }
    let next = chars.get(pos + 1).map_or('\0', |u| u.ch());
    let after = chars.get(pos + 2).map_or('\0', |u| u.ch());
    Some(match (c, next) {
        ('>', '>') if after == '>' => P::Ushr,
        ('>', '>') => P::Shr,
        ('<', '<') => P::Shl,
        ('=', '=') => P::EqEq,
        ('!', '=') => P::NotEq,
        ('<', '=') => P::Le,
        ('>', '=') => P::Ge,
        ('.', '*') => P::DotStar,
        ('.', '/') => P::DotSlash,
        ('.', '^') => P::DotCaret,
        ('^', '|') => P::CaretPipe,
        ('?', '.') if !after.is_ascii_digit() => P::QDot,
        ('?', '?') => P::Nullish,
        ('^', _) => P::Caret,
        ('!', _) => P::Bang,
        ('=', _) => P::Eq,
        ('?', _) => P::Question,
        ('<', _) => P::Lt,
        ('>', _) => P::Gt,
        ('.', _) => P::Dot,
        _ => return None,
    })
}

/// Name characters: ASCII letters, `_`, `$`, Latin U+00C0–U+02AF, Greek U+0370–U+03FF,
/// letter-like symbols U+2100–U+214F and mathematical alphanumeric symbols U+1D400–U+1D7FF.
#[inline]
fn is_name_start(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic() || c == '_' || c == '$';
    }
    ('\u{c0}'..='\u{2af}').contains(&c)
        || ('\u{370}'..='\u{3ff}').contains(&c)
        || ('\u{2100}'..='\u{214f}').contains(&c)
        || ('\u{1d400}'..='\u{1d7ff}').contains(&c)
}

/// The end of the number literal starting at `start` (spec 4.1): decimal with optional fraction
/// and exponent, or a prefixed integer `0x`/`0b`/`0o` with its letters, digits, radix point and
/// `iN` suffix.
#[inline(always)]
fn number<U: Unit>(chars: &[U], start: usize) -> Result<usize, LexError> {
    // Almost every literal is digits ended by something that continues no literal: its end is
    // found in one loop, without the tests of the general reading below.
    let mut end = start;
    while end < chars.len() && chars[end].ch().is_ascii_digit() {
        end += 1;
    }
    // A fraction of digits (`0.25`, `5.5`) is read on from here too, unless an exponent follows.
    if chars.get(end).is_some_and(|u| u.ch() == '.')
        && chars.get(end + 1).is_some_and(|u| u.ch().is_ascii_digit())
    {
        end += 2;
        while end < chars.len() && chars[end].ch().is_ascii_digit() {
            end += 1;
        }
        if !chars.get(end).is_some_and(|u| matches!(u.ch(), 'e' | 'E')) {
            return Ok(end);
        }
        return number_general(chars, start);
    }
    match chars.get(end).map(|u| u.ch()) {
        Some('.' | 'e' | 'E') => {}
        Some('x' | 'b' | 'o') if end == start + 1 && chars[start].ch() == '0' => {}
        _ => return Ok(end),
    }
    number_general(chars, start)
}

/// [`number`] for any literal.
fn number_general<U: Unit>(chars: &[U], start: usize) -> Result<usize, LexError> {
    let at = |i: usize| chars.get(i).map(|u| u.ch());
    let digits_from = |mut i: usize| {
        while at(i).is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
        }
        i
    };
    // math.js's wording; its position is the number's start, or the `e` when a point follows it.
    let digit_expected = |found: usize, position: usize| {
        let found: String = at(found).map_or_else(String::new, |c| c.to_string());
        LexError {
            message: format!("Digit expected, got \"{found}\""),
            position,
            string_start: None,
        }
    };
    if at(start) == Some('0') && matches!(at(start + 1), Some('x' | 'b' | 'o')) {
        let mut end = start + 2;
        while at(end).is_some_and(|c| c.is_ascii_alphanumeric() || c == '.') {
            end += 1;
        }
        return Ok(end);
    }
    let mut end = digits_from(start);
    // A point followed by `*`, `/` or `^` starts an element-wise operator instead.
    if at(end) == Some('.') && !matches!(at(end + 1), Some('*' | '/' | '^')) {
        end = digits_from(end + 1);
    }
    if matches!(at(end), Some('e' | 'E')) {
        match at(end + 1) {
            Some(c) if c.is_ascii_digit() => end = digits_from(end + 1),
            Some('+' | '-') => {
                if !at(end + 2).is_some_and(|c| c.is_ascii_digit()) {
                    return Err(digit_expected(end + 2, start));
                }
                end = digits_from(end + 2);
            }
            // `2e.*3`: the `e` is the constant, before an element-wise operator (math.js).
            Some('.') if matches!(at(end + 2), Some('*' | '/' | '^')) => return Ok(end),
            Some('.') => return Err(digit_expected(end + 1, end)),
            _ => return Ok(end),
        }
        if at(end) == Some('.') {
            return Err(digit_expected(end, start));
        }
    }
    Ok(end)
}

/// A string literal opened by the quote at `start`; returns its text and the end offset.
fn string<U: Unit>(chars: &[U], start: usize) -> Result<(String, usize), LexError> {
    let quote = chars[start].ch();
    let mut out = String::new();
    let mut pos = start + 1;
    loop {
        let Some(c) = chars.get(pos).map(|u| u.ch()) else {
            return Err(LexError {
                message: format!("End of string {quote} expected"),
                position: chars.len(),
                string_start: Some(start),
            });
        };
        pos += 1;
        if c == quote {
            return Ok((out, pos));
        }
        if c != '\\' {
            out.push(c);
            continue;
        }
        let escaped = chars.get(pos).map(|u| u.ch());
        pos += 1;
        let unescaped = match escaped {
            Some('"') => '"',
            Some('\'') => '\'',
            Some('\\') => '\\',
            Some('/') => '/',
            Some('b') => '\u{8}',
            Some('f') => '\u{c}',
            Some('n') => '\n',
            Some('r') => '\r',
            Some('t') => '\t',
            Some('u') => {
                let code_at = |at: usize| -> (String, Option<u32>) {
                    let hex: String = chars
                        .get(at..at + 4)
                        .map(|h| h.iter().map(|u| u.ch()).collect())
                        .unwrap_or_default();
                    let valid = hex.len() == 4 && hex.chars().all(|c| c.is_ascii_hexdigit());
                    let code = u32::from_str_radix(&hex, 16).ok().filter(|_| valid);
                    (hex, code)
                };
                let (hex, code) = code_at(pos);
                pos += 4;
                // A high surrogate escaped right before a low one is one character, as
                // JavaScript decodes `"\ud83d\ude00"`; a lone surrogate stays U+FFFD.
                let low = match (
                    code,
                    chars.get(pos).map(|u| u.ch()),
                    chars.get(pos + 1).map(|u| u.ch()),
                ) {
                    (Some(0xD800..=0xDBFF), Some('\\'), Some('u')) => {
                        code_at(pos + 2).1.filter(|l| (0xDC00..=0xDFFF).contains(l))
                    }
                    _ => None,
                };
                let code = match (code, low) {
                    (Some(high), Some(low)) => {
                        pos += 6;
                        Some(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                    }
                    _ => code,
                };
                match code.and_then(char::from_u32) {
                    Some(c) => c,
                    None if code.is_some() => '\u{FFFD}',
                    None => {
                        return Err(LexError {
                            message: format!("Invalid unicode character \\u{hex}"),
                            position: pos - 6,
                            string_start: Some(start),
                        });
                    }
                }
            }
            _ => {
                let shown = escaped.map_or_else(String::new, |c| c.to_string());
                return Err(LexError {
                    message: format!("Bad escape character \\{shown}"),
                    position: pos - 2,
                    string_start: Some(start),
                });
            }
        };
        out.push(unescaped);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A token with its text, as the tests write them.
    #[derive(Debug, PartialEq)]
    enum T {
        Number(String),
        Str(String, char),
        Name(String),
        Punct(&'static str),
        Newline,
    }

    fn toks(text: &str) -> Vec<T> {
        let chars: Vec<char> = text.chars().collect();
        let lexed = tokenize(&chars).expect(text);
        let spanned = |span: Span| chars[span.start..span.end].iter().collect::<String>();
        lexed
            .tokens
            .iter()
            .map(|t| match t.tok {
                Tok::Number => T::Number(spanned(t.span())),
                Tok::Str => T::Str(
                    lexed.strings[t.string_index()].clone(),
                    chars[t.span().start],
                ),
                Tok::Name(_) => T::Name(spanned(t.span())),
                Tok::Punct(p) => T::Punct(p.text()),
                Tok::Newline => T::Newline,
            })
            .collect()
    }

    fn fails(text: &str) -> usize {
        let chars: Vec<char> = text.chars().collect();
        tokenize(&chars).expect_err(text).position
    }

    #[test]
    fn bytes_and_characters_lex_alike() {
        // The parser lexes an ASCII expression by its bytes: every token, span and error must be
        // what lexing its characters gives.
        for text in [
            "2 * (3 + 4) - sin(pi / 6)",
            "0x1F.8i8 + 0b101 - 0o7 .^ 2.5e-3 .* x' ?.a ?? b >>> 2",
            "[1, 2\n; 3]\n'it''s' \"a\\u0041\\n\" # comment\nf(x) = x^2",
            "1e+ 2",
            "\"open",
            "'bad \\q'",
            "a @ b",
            "2.e5 .5 5. 1.2.3",
        ] {
            let chars: Vec<char> = text.chars().collect();
            assert_eq!(tokenize(text.as_bytes()), tokenize(&chars), "{text}");
        }
    }

    /// The class table is a shortcut of the general match: each ASCII character it names is
    /// what `punctuation`, `is_name_start` and the digit test make of it, whatever follows.
    #[test]
    fn the_class_table_agrees_with_the_general_tests() {
        for b in 0..128u8 {
            let c = char::from(b);
            match CLASS[usize::from(b)] {
                Class::Blank => assert!(c == ' ' || c == '\t', "{b}"),
                Class::Digit => assert!(c.is_ascii_digit(), "{b}"),
                Class::Name => assert!(is_name_start(c), "{b}"),
                Class::Alone(p) => {
                    for next in 0..128u8 {
                        for after in [b'0', b'.', b'=', b'>', b'<', b'*', next] {
                            let text = [b, next, after];
                            assert_eq!(punctuation(&text[..], 0), Some(p), "{text:?}");
                            assert_eq!(punctuation(&text[..1], 0), Some(p), "{text:?}");
                        }
                    }
                }
                Class::Other => {
                    assert!(!c.is_ascii_digit() && !is_name_start(c) && c != ' ' && c != '\t');
                    // What the general match reads here is longer than one character, or not
                    // always one operator.
                    let alone = punctuation(&[b][..], 0);
                    let with_next = [b'=', b'>', b'<', b'.', b'*', b'|', b'?', b'^', b'0']
                        .iter()
                        .map(|&next| punctuation(&[b, next][..], 0))
                        .any(|p| p != alone);
                    assert!(alone.is_none() || with_next || b == b'.', "{b}");
                }
            }
        }
        // And continuing a name is `is_name_start` or a digit, on both sides of ASCII.
        for c in ('\0'..='\u{3ff}').chain(['\u{2100}', '\u{1d400}', '\u{a0}', '\u{2003}']) {
            assert_eq!(
                continues_name(c),
                c.is_ascii_alphanumeric() || is_name_start(c),
                "{c:?}"
            );
        }
    }

    /// A number's end found by the digits-only (and digits-point-digits) shortcut is what the
    /// general reading finds, for every literal and every character that may follow it.
    #[test]
    fn the_digits_shortcut_of_number_agrees_with_the_general_reading() {
        let literals = [
            "0",
            "7",
            "42",
            "1000",
            "0.5",
            "12.",
            "1e3",
            "1E+3",
            "2e-5",
            "0x1F",
            "0b101",
            "0o17",
            "0xFFi8",
            "1.5e3",
            "3e",
            "10b",
            "0e",
            "00x1",
            "1.2.3",
            "0.25",
            "1234.5678",
            "1.",
            "5.5",
            "0.0",
            "0.5x",
            "2.5E",
            "1.0.",
            "0.b1",
        ];
        for literal in literals {
            for next in (0..128u8).map(char::from).chain(['é']) {
                let text: Vec<char> = literal.chars().chain([next, '5']).collect();
                assert_eq!(
                    number(&text, 0),
                    number_general(&text, 0),
                    "{literal:?} then {next:?}"
                );
            }
            let text: Vec<char> = literal.chars().collect();
            assert_eq!(number(&text, 0), number_general(&text, 0), "{literal:?}");
        }
    }

    #[test]
    fn every_punctuation_lexes_from_its_own_text() {
        // `P::text` writes the error messages: each must be what the lexer reads as that code.
        let all = [
            P::LParen,
            P::RParen,
            P::LBracket,
            P::RBracket,
            P::LBrace,
            P::RBrace,
            P::Comma,
            P::Semicolon,
            P::Colon,
            P::Plus,
            P::Minus,
            P::Star,
            P::Slash,
            P::Percent,
            P::Tilde,
            P::Amp,
            P::Pipe,
            P::Ushr,
            P::Shr,
            P::Shl,
            P::EqEq,
            P::NotEq,
            P::Le,
            P::Ge,
            P::DotStar,
            P::DotSlash,
            P::DotCaret,
            P::CaretPipe,
            P::QDot,
            P::Nullish,
            P::Caret,
            P::Bang,
            P::Eq,
            P::Question,
            P::Lt,
            P::Gt,
            P::Dot,
        ];
        for p in all {
            let text = p.text();
            let lexed = tokenize(text.as_bytes()).expect(text);
            assert_eq!(lexed.tokens.len(), 1, "{p:?}");
            assert_eq!(lexed.tokens[0].tok, Tok::Punct(p), "{p:?}");
            assert_eq!(
                lexed.tokens[0].span(),
                Span::new(0, p.text().len()),
                "{p:?}"
            );
        }
        // The quotes are punctuation only after an operand.
        let lexed = tokenize(b"a'a\"".as_slice()).expect("lexes");
        assert_eq!(lexed.tokens[1].tok, Tok::Punct(P::Quote));
        assert_eq!(lexed.tokens[3].tok, Tok::Punct(P::DQuote));
        assert_eq!((P::Quote.text(), P::DQuote.text()), ("'", "\""));
    }

    #[test]
    fn open_brackets_count_the_separators_directly_inside_them() {
        let hints = |text: &str| -> Vec<(u16, u16)> {
            let lexed = tokenize(text.as_bytes()).expect(text);
            lexed
                .tokens
                .iter()
                .filter(|t| matches!(t.tok, Tok::Punct(P::LParen | P::LBracket | P::LBrace)))
                .map(|t| (t.commas, t.semicolons))
                .collect()
        };
        assert_eq!(hints("[1, 2; 3, 4]"), [(2, 1)]);
        assert_eq!(
            hints("f(a, [1, 2, 3], {b: 1, c: 2}, (4))"),
            [(3, 0), (2, 0), (1, 0), (0, 0)]
        );
        assert_eq!(hints("f()"), [(0, 0)]);
        // Stray closers and separators outside brackets count nowhere (and never fail).
        assert_eq!(hints(")], 1; (2, 3"), [(1, 0)]);
        // Brackets deeper than HINTED_DEPTH get no hint; the ones around them still count theirs.
        let deep = format!(
            "{}1, 2{}",
            "(".repeat(HINTED_DEPTH + 1),
            ")".repeat(HINTED_DEPTH + 1)
        );
        let got = hints(&deep);
        assert_eq!(got[HINTED_DEPTH - 1], (0, 0));
        assert_eq!(got[HINTED_DEPTH], (0, 0));
        let at_limit = format!(
            "{}1, 2{}",
            "(".repeat(HINTED_DEPTH),
            ")".repeat(HINTED_DEPTH)
        );
        assert_eq!(hints(&at_limit)[HINTED_DEPTH - 1], (1, 0));
        let text = format!("[{}]", "1,".repeat(70_000));
        assert_eq!(hints(&text), [(u16::MAX, 0)]);
    }

    #[test]
    fn names_know_whether_they_are_named_operators() {
        for name in ["mod", "to", "in", "and", "or", "xor", "not"] {
            let chars: Vec<char> = name.chars().collect();
            assert!(is_named_operator(&chars), "{name}");
            assert!(is_named_operator(name.as_bytes()), "{name}");
        }
        for name in [
            "m", "mo", "modd", "To", "int", "an", "nor", "xo", "nöt", "ιn", "x", "not_",
        ] {
            let chars: Vec<char> = name.chars().collect();
            assert!(!is_named_operator(&chars), "{name}");
        }
        // The shortcut by length and first letter agrees with the full test on every name of
        // up to three letters.
        let letters: Vec<char> = ('a'..='z').chain('A'..='Z').chain(['_', 'é']).collect();
        for a in &letters {
            let mut names = vec![vec![*a]];
            for b in &letters {
                names.push(vec![*a, *b]);
                names.extend(letters.iter().map(|c| vec![*a, *b, *c]));
            }
            for name in names {
                assert_eq!(named_operator(&name), is_named_operator(&name), "{name:?}");
            }
        }
        let lexed = tokenize(b"x mod not".as_slice()).expect("lexes");
        let kinds: Vec<Tok> = lexed.tokens.iter().map(|t| t.tok).collect();
        assert_eq!(kinds, [Tok::Name(false), Tok::Name(true), Tok::Name(true)]);
    }

    #[test]
    fn a_token_is_sixteen_bytes_and_its_span_reads_back() {
        // The size is what the u32 offsets are for: a regression to usize offsets fails here.
        assert_eq!(std::mem::size_of::<Token>(), 16);
        assert_eq!(MAX_CHARS, u32::MAX as usize);
        // The last token's end is the expression's length, read back unchanged.
        let text = "x".repeat(1999) + "+1";
        let lexed = tokenize(text.as_bytes()).expect("lexes");
        let spans: Vec<Span> = lexed.tokens.iter().map(Token::span).collect();
        assert_eq!(
            spans,
            [
                Span::new(0, 1999),
                Span::new(1999, 2000),
                Span::new(2000, 2001)
            ]
        );
    }

    #[test]
    fn string_indices_read_back_past_sixteen_bits() {
        // 65,537 strings: the last indices need the high half of the index (65,535 / 65,536).
        let count = (1usize << 16) + 1;
        let text: String = (0..count).map(|i| format!("\"{i}\",")).collect();
        let lexed = tokenize(text.as_bytes()).expect("lexes");
        let mut seen = 0;
        for token in lexed.tokens.iter().filter(|t| t.tok == Tok::Str) {
            assert_eq!(token.string_index(), seen);
            assert_eq!(lexed.strings[seen], seen.to_string());
            seen += 1;
        }
        assert_eq!(seen, count);
        // Inside brackets a string's index and the bracket's hints are apart.
        let lexed = tokenize(b"['a', 'b'; 'c']".as_slice()).expect("lexes");
        assert_eq!((lexed.tokens[0].commas, lexed.tokens[0].semicolons), (1, 1));
        let indices: Vec<usize> = lexed
            .tokens
            .iter()
            .filter(|t| t.tok == Tok::Str)
            .map(Token::string_index)
            .collect();
        assert_eq!(indices, [0, 1, 2]);
    }

    #[test]
    fn spans_count_characters_outside_ascii() {
        let text = "αβ + 1";
        let chars: Vec<char> = text.chars().collect();
        assert_eq!(toks(text)[0], T::Name("αβ".into()));
        let lexed = tokenize(&chars).expect("lexes");
        assert_eq!(lexed.tokens[0].span(), Span::new(0, 2));
        assert_eq!(lexed.tokens[2].span(), Span::new(5, 6));
    }

    #[test]
    fn numbers_follow_the_spec() {
        assert_eq!(
            toks("2.*3"),
            [T::Number("2".into()), T::Punct(".*"), T::Number("3".into())]
        );
        assert_eq!(
            toks("4./x"),
            [T::Number("4".into()), T::Punct("./"), T::Name("x".into())]
        );
        assert_eq!(toks("1e"), [T::Number("1".into()), T::Name("e".into())]);
        assert_eq!(
            toks("1e2e3"),
            [T::Number("1e2".into()), T::Name("e3".into())]
        );
        assert_eq!(
            toks(".5 5."),
            [T::Number(".5".into()), T::Number("5.".into())]
        );
        assert_eq!(
            toks("1_000"),
            [T::Number("1".into()), T::Name("_000".into())]
        );
        assert_eq!(
            toks("0x1.8 0xFFi8"),
            [T::Number("0x1.8".into()), T::Number("0xFFi8".into())]
        );
        assert_eq!(fails("3e.5"), 1);
        assert_eq!(fails("2e."), 1);
        // math.js 15.2: `2E.*3` is 2 E .* 3 (16.30969097075427); `2e.'` and `2e..5` fail.
        for (text, op) in [("2E.*3", ".*"), ("2e./x", "./"), ("2e.^2", ".^")] {
            let name = &text[1..2];
            assert_eq!(
                toks(text)[..3],
                [T::Number("2".into()), T::Name(name.into()), T::Punct(op)],
                "{text}"
            );
        }
        assert_eq!(fails("2e.'"), 1);
        assert_eq!(fails("2e..5"), 1);
        assert_eq!(fails("3e0.5"), 0);
        assert_eq!(fails("1e+"), 0);
    }

    /// As JavaScript (and math.js 15.2) decode them: an escaped surrogate pair is one
    /// character, a lone surrogate U+FFFD, and `\u` needs four hexadecimal digits.
    #[test]
    fn unicode_escapes_join_surrogate_pairs() {
        let string = |text: &str| T::Str(text.into(), '"');
        assert_eq!(toks(r#""\ud83d\ude00""#), [string("\u{1F600}")]);
        assert_eq!(toks(r#""\ud83d""#), [string("\u{FFFD}")]);
        assert_eq!(toks(r#""\ude00\ud83d""#), [string("\u{FFFD}\u{FFFD}")]);
        assert_eq!(toks(r#""\ud83dx\ude00""#), [string("\u{FFFD}x\u{FFFD}")]);
        assert_eq!(toks(r#""a\u0041b""#), [string("aAb")]);
        assert_eq!(fails(r#""\u+123""#), 1);
        assert_eq!(fails(r#""\u12""#), 1);
    }

    #[test]
    fn quotes_are_strings_or_transpose_by_context() {
        assert_eq!(toks("A'"), [T::Name("A".into()), T::Punct("'")]);
        assert_eq!(toks("'a\\'b'"), [T::Str("a'b".into(), '\'')]);
        assert_eq!(toks("concat('a', \"b\")").len(), 6);
        assert_eq!(
            toks("[1,2]''"),
            [
                T::Punct("["),
                T::Number("1".into()),
                T::Punct(","),
                T::Number("2".into()),
                T::Punct("]"),
                T::Punct("'"),
                T::Punct("'")
            ]
        );
    }

    #[test]
    fn operators_match_longest_first() {
        assert_eq!(
            toks("a>>>b"),
            [T::Name("a".into()), T::Punct(">>>"), T::Name("b".into())]
        );
        assert_eq!(
            toks("a?.3:.7"),
            [
                T::Name("a".into()),
                T::Punct("?"),
                T::Number(".3".into()),
                T::Punct(":"),
                T::Number(".7".into())
            ]
        );
        assert_eq!(
            toks("x?.y"),
            [T::Name("x".into()), T::Punct("?."), T::Name("y".into())]
        );
        assert_eq!(
            toks("5 ^| 3"),
            [T::Number("5".into()), T::Punct("^|"), T::Number("3".into())]
        );
    }

    /// The lexer's guess for a quote after a named operator, by the run of them before it (each
    /// case math.js 15.2's reading): where an operand is expected a named operator is a name,
    /// after an operand an operator, so a run alternates; after `.` or `?.` it is a property
    /// name, and `not` is the prefix operator.
    #[test]
    fn a_quote_after_named_operators_follows_their_run() {
        let quote = || T::Punct("'");
        let name = |n: &str| T::Name(n.into());
        let string = || T::Str("a".into(), '\'');
        // At the start: `in'` transposes the name `in`, `in in 'a'` converts to "a", and
        // `in in in'` transposes the third.
        assert_eq!(toks("in'"), [name("in"), quote()]);
        assert_eq!(toks("in in'a'"), [name("in"), name("in"), string()]);
        assert_eq!(
            toks("in in in'"),
            [name("in"), name("in"), name("in"), quote()]
        );
        // After an operand: `x in 'a'` converts, `x in in'` is `x in (in')`, and
        // `x in in in 'a'` is `(x in in) in "a"`.
        assert_eq!(toks("x in'a'"), [name("x"), name("in"), string()]);
        assert_eq!(
            toks("x in in'"),
            [name("x"), name("in"), name("in"), quote()]
        );
        assert_eq!(
            toks("x in in in'a'"),
            [name("x"), name("in"), name("in"), name("in"), string()]
        );
        // Every named operator but `not` alike (`to'`, `mod'`, ... transpose a name).
        for op in ["to", "mod", "and", "or", "xor"] {
            assert_eq!(toks(&format!("{op}'")), [name(op), quote()], "{op}");
            assert_eq!(
                toks(&format!("x {op}'a'")),
                [name("x"), name(op), string()],
                "{op}"
            );
        }
        // `not` is the prefix operator: `not'a'` is `not "a"`.
        assert_eq!(toks("not'a'"), [name("not"), string()]);
        // A property name: `x.in'` and `x?.not'` transpose the property, and what follows a
        // property is an operator again (`x.in in 'a'`).
        assert_eq!(
            toks("x.in'"),
            [name("x"), T::Punct("."), name("in"), quote()]
        );
        assert_eq!(
            toks("x?.not'"),
            [name("x"), T::Punct("?."), name("not"), quote()]
        );
        assert_eq!(
            toks("x.in in'a'"),
            [name("x"), T::Punct("."), name("in"), name("in"), string()]
        );
        // `"` is a delimiter after a name as after any operand (`in"a"` is `Unexpected
        // operator "`).
        assert_eq!(
            toks("in\"a\""),
            [name("in"), T::Punct("\""), name("a"), T::Punct("\"")]
        );
        assert_eq!(
            toks("x in\"a\""),
            [name("x"), name("in"), T::Str("a".into(), '"')]
        );
    }

    /// Where the guess is wrong (only the parser can tell: `5 in'` is `5 (in')`, `x^5 in'` a
    /// conversion), the rest is lexed again from the quote as the parser reads it.
    #[test]
    fn the_rest_is_lexed_again_from_a_quote() {
        let kinds = |lexed: &Lexed, text: &str| -> Vec<T> {
            let chars: Vec<char> = text.chars().collect();
            lexed
                .tokens
                .iter()
                .map(|t| match t.tok {
                    Tok::Str => T::Str(
                        lexed.strings[t.string_index()].clone(),
                        chars[t.span().start],
                    ),
                    Tok::Punct(p) => T::Punct(p.text()),
                    Tok::Newline => T::Newline,
                    Tok::Number => T::Number(chars[t.span().start..t.span().end].iter().collect()),
                    Tok::Name(_) => T::Name(chars[t.span().start..t.span().end].iter().collect()),
                })
                .collect()
        };
        // `5 in'`: the guess (a string) fails at the end; read as the transpose it lexes.
        let text = "5 in'";
        let (mut lexed, error) = tokenize_until_error(text.as_bytes());
        let error = error.expect("an unclosed string");
        assert_eq!(
            (error.message.as_str(), error.position, error.string_start),
            ("End of string ' expected", 5, Some(4))
        );
        assert_eq!(relex_quote(text.as_bytes(), &mut lexed, 2, 4, false), None);
        assert_eq!(
            kinds(&lexed, text),
            [T::Number("5".into()), T::Name("in".into()), T::Punct("'")]
        );
        // `5 in in 'cm'`: the guess (a transpose of the name `in`) read as a string instead.
        let text = "5 in in 'cm'";
        let (mut lexed, error) = tokenize_until_error(text.as_bytes());
        assert_eq!(error, None);
        assert_eq!(lexed.tokens.len(), 6);
        assert_eq!(relex_quote(text.as_bytes(), &mut lexed, 3, 8, true), None);
        assert_eq!(
            kinds(&lexed, text),
            [
                T::Number("5".into()),
                T::Name("in".into()),
                T::Name("in".into()),
                T::Str("cm".into(), '\'')
            ]
        );
        // The brackets open before the quote still make a newline whitespace; `"` read as a
        // delimiter is `"`; a string read anew that fails says so, with its quote.
        let text = "(5 in'\n)";
        let (mut lexed, _) = tokenize_until_error(text.as_bytes());
        assert_eq!(relex_quote(text.as_bytes(), &mut lexed, 3, 5, false), None);
        assert_eq!(
            kinds(&lexed, text),
            [
                T::Punct("("),
                T::Number("5".into()),
                T::Name("in".into()),
                T::Punct("'"),
                T::Punct(")")
            ]
        );
        let text = "[in\"a\"]";
        let (mut lexed, _) = tokenize_until_error(text.as_bytes());
        assert_eq!(relex_quote(text.as_bytes(), &mut lexed, 2, 3, false), None);
        assert_eq!(
            kinds(&lexed, text)[2..4],
            [T::Punct("\""), T::Name("a".into())]
        );
        let text: Vec<char> = "é in 'ab".chars().collect();
        let (mut lexed, _) = tokenize_until_error(&text);
        let error = relex_quote(&text, &mut lexed, 2, 5, true).expect("unclosed");
        assert_eq!((error.position, error.string_start), (8, Some(5)));
        assert_eq!(lexed.tokens.len(), 2);
    }

    /// Only an error inside a string literal names the quote that opened it.
    #[test]
    fn string_errors_name_their_quote() {
        let error = |text: &str| {
            let chars: Vec<char> = text.chars().collect();
            tokenize(&chars).expect_err(text)
        };
        assert_eq!(error("1 + 'ab").string_start, Some(4));
        assert_eq!(error("x = \"a\\qb\"").string_start, Some(4));
        assert_eq!(error("'\\u12'").string_start, Some(0));
        assert_eq!(error("3e.5").string_start, None);
        assert_eq!(error("1 @ 2").string_start, None);
    }

    #[test]
    fn newlines_inside_brackets_are_whitespace() {
        assert_eq!(
            toks("(1\n+ 2)"),
            [
                T::Punct("("),
                T::Number("1".into()),
                T::Punct("+"),
                T::Number("2".into()),
                T::Punct(")")
            ]
        );
        assert_eq!(
            toks("1\n2"),
            [T::Number("1".into()), T::Newline, T::Number("2".into())]
        );
        // A dropped newline is whitespace, so a quote after an operand is still the transpose
        // (math.js: `[A\n'b']` is `[(A') (b')]`, `(A\n')` is `A'`); after a newline token, at
        // the top level, it opens a string (`A\n'b'` is two statements).
        assert_eq!(
            toks("[A\n'b']"),
            [
                T::Punct("["),
                T::Name("A".into()),
                T::Punct("'"),
                T::Name("b".into()),
                T::Punct("'"),
                T::Punct("]")
            ]
        );
        assert_eq!(
            toks("(A\n')"),
            [
                T::Punct("("),
                T::Name("A".into()),
                T::Punct("'"),
                T::Punct(")")
            ]
        );
        assert_eq!(
            toks("A\n'b'"),
            [T::Name("A".into()), T::Newline, T::Str("b".into(), '\'')]
        );
        assert_eq!(
            toks("[A']\n'b'"),
            [
                T::Punct("["),
                T::Name("A".into()),
                T::Punct("'"),
                T::Punct("]"),
                T::Newline,
                T::Str("b".into(), '\'')
            ]
        );
    }

    #[test]
    fn whitespace_comments_names_and_bad_characters() {
        assert_eq!(
            toks("π # comment\n x"),
            [T::Name("π".into()), T::Newline, T::Name("x".into())]
        );
        assert_eq!(toks("\u{1d400}1"), [T::Name("\u{1d400}1".into())]);
        assert_eq!(fails("1\r2"), 1);
        assert_eq!(fails("1\u{2003}2"), 1);
        assert_eq!(fails("'abc"), 4);
        assert_eq!(fails("'\\x'"), 1);
    }
}

//! The parser of the math.js expression language (spec sections 4.2–4.7), one function per
//! precedence level, lowest first:
//!
//! ```text
//! block       := [statement] {(";" | NEWLINE) [statement]}
//! assignment  := conditional ["=" assignment]            -- name, accessor or f(x, y) on the left
//! conditional := or {"?" assignment ":" assignment}
//! or          := xor {"or" xor}        xor := and {"xor" and}        and := bitor {"and" bitor}
//! bitor       := bitxor {"|" bitxor}   bitxor := bitand {"^|" bitand} bitand := relational {"&" relational}
//!                (from `or` to rule 2, the levels are parsed by precedence climbing in one
//!                function, `climb`: see its doc)
//! relational  := shift {("==" | "!=" | "<" | ">" | "<=" | ">=") shift}   -- chains a < b < c
//! shift       := conversion {("<<" | ">>" | ">>>") conversion}
//! conversion  := range {("to" | "in") range}
//! range       := addsub [":" addsub [":" addsub]]         -- ":" alone and a missing end in indexes
//! addsub      := muldiv {("+" | "-") muldiv}
//! muldiv      := implicit {("*" | "/" | ".*" | "./" | "%" | "mod") implicit}
//! implicit    := rule2 {rule2}                            -- section 4.3
//! rule2       := percent {"/" percent}                    -- number / number followed by a name or "("
//! percent     := unary {"%"}                              -- when no operand follows, section 4.4
//! unary       := ("-" | "+" | "~" | "not") unary | power
//! power       := nullish [("^" | ".^") unary]
//! nullish     := lefthand {"??" lefthand}
//! lefthand    := primary {call | index | property | "?." ... | "!" | "'"}
//! primary     := NUMBER | STRING | NAME | constant | "(" assignment ")" | matrix | object
//! ```

use crate::num::literal::is_plain_decimal;
use crate::syntax::NumericType;
use crate::syntax::ast::{Comparisons, Constant, FunctionDefinition, Node, NodeKind, Op};
use crate::syntax::lexer::{LexError, Lexed, P, Tok, Token, relex_quote, tokenize_until_error};
use reckon_core::Span;
use smol_str::SmolStr;
use std::rc::Rc;

mod nodes;
use nodes::*;

/// A syntax error: math.js's wording and the character offset of the token at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What is wrong, such as `Value expected` or `Unexpected part "4"`.
    pub message: String,
    /// Character offset of the offending token (the expression's length for an unexpected end).
    pub position: usize,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (char {})", self.message, self.position)
    }
}

impl std::error::Error for ParseError {}

/// Deepest recursion the parser allows: beyond any nesting that fits in 1,000 code units of
/// expression (the tool's limit), and a backstop for longer inputs.
const MAX_DEPTH: usize = 1_500;

/// The stack a thread needs to parse any expression admitted by the tool: one nesting level
/// passes through every precedence function, and 1,000 characters can nest 1,000 levels deep.
/// The tool runs the parser and the evaluator on a thread with this much stack.
pub const STACK_BYTES: usize = 64 << 20;

/// Parses one expression text (which may hold several statements: then a `Block`).
///
/// # Errors
/// The first syntax error, by position.
pub fn parse(expression: &str) -> Result<Node, ParseError> {
    parse_noting(expression, NumericType::Number).map(|(node, _)| node)
}

/// What the parser noticed on its way, so that the tool's later walks over the tree may be
/// skipped when they would find nothing.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Notes {
    /// Whether the tree may hold what the static checks look for (section 3 step 8: a
    /// `toString`/`toLocaleString` string or property, a call of `evaluate`, `simplify` or
    /// `derivative`, an aliased call such as `ln(` or `arcsin(`). `false` promises they would
    /// find nothing.
    pub review: bool,
    /// Whether a number literal is other than digits with at most one point (asked for only):
    /// only such a literal can fail Fraction mode's parse-time reading (section 9.3), so `false`
    /// promises that check would find nothing.
    pub unusual_number: bool,
}

/// [`parse`] for `numeric_type`, also returning its [`Notes`]. As math.js converts a literal to
/// the configured type while it parses, a prefixed literal that type cannot read fails the parse
/// here (number: `0x1p4`; BigNumber: `0x1F.y`); in Fraction mode [`Notes::unusual_number`] is
/// noted (which costs a look at every number literal) for the later Fraction literal check.
pub(crate) fn parse_noting(
    expression: &str,
    numeric_type: NumericType,
) -> Result<(Node, Notes), ParseError> {
    parse_noting_lexed(expression, None, numeric_type)
}

/// What [`tokenize_until_error`] makes of an ASCII expression's bytes.
pub(crate) type LexedBytes = (Lexed, Option<LexError>);

/// [`parse_noting`], given the tokens of an ASCII expression when they are already made (the
/// quick path of `quick.rs` reads them first, and hands them on when it gives up).
pub(crate) fn parse_noting_lexed(
    expression: &str,
    lexed: Option<LexedBytes>,
    numeric_type: NumericType,
) -> Result<(Node, Notes), ParseError> {
    // An ASCII expression (almost every one) is lexed by its bytes, whose offsets are character
    // offsets; any other is decoded once into characters.
    let (lexed, end, offsets, chars) = if expression.is_ascii() {
        (
            lexed.unwrap_or_else(|| tokenize_until_error(expression.as_bytes())),
            expression.len(),
            None,
            None,
        )
    } else {
        // Sized once: `chars()` promises only a quarter of the byte length, and growing from
        // there cost more than the tokenising.
        let mut chars: Vec<char> = Vec::with_capacity(expression.len());
        chars.extend(expression.chars());
        // Where each character starts, for the texts of tokens (spans count characters).
        let offsets: Vec<usize> = expression
            .char_indices()
            .map(|(at, _)| at)
            .chain([expression.len()])
            .collect();
        let lexed = tokenize_until_error(&chars);
        (lexed, chars.len(), Some(offsets), Some(chars))
    };
    let (lexed, lex_error) = lexed;
    let mut parser = Parser {
        source: expression,
        offsets,
        chars,
        tokens: lexed.tokens,
        strings: lexed.strings,
        lex_error,
        pos: 0,
        nesting: 0,
        conditional_level: None,
        end,
        depth: 0,
        review: false,
        numeric_type,
        unusual_number: false,
    };
    let parsed = parser.block();
    // math.js reads tokens as its parser asks for them: a syntax error among the tokens before
    // a lexical error comes first (`1/2 {a: "b` is `Unexpected operator {`); one the parser
    // finds only by reaching the bad spot is the lexical error.
    if let Some(lex_error) = parser.lex_error.take() {
        return Err(match parsed {
            Err(error) if error.position < lex_error.position => error,
            _ => ParseError {
                message: lex_error.message,
                position: lex_error.position,
            },
        });
    }
    let tree = parsed?;
    let notes = Notes {
        review: parser.review,
        unusual_number: parser.unusual_number,
    };
    Ok((tree, notes))
}

/// Names whose calls the static checks look at: the operations and the aliases they rename.
#[inline]
pub(crate) fn call_needs_review(name: &str) -> bool {
    matches!(name, "evaluate" | "simplify" | "derivative" | "ln") || name.starts_with("arc")
}

/// Strings the stringifier guard looks for as an index or property.
fn string_needs_review(text: &str) -> bool {
    matches!(text, "toString" | "toLocaleString")
}

/// A literal's or a name's text as a node holds it: inline, as almost every one is short.
///
/// The texts of one to three bytes (most literals and names) are copied at a length the
/// compiler knows, byte by byte, rather than by a call to `memcpy` for one or two bytes.
#[inline]
fn inline(text: &str) -> SmolStr {
    match text.len() {
        1 => SmolStr::new_inline(text.get(..1).unwrap_or_default()),
        2 => SmolStr::new_inline(text.get(..2).unwrap_or_default()),
        3 => SmolStr::new_inline(text.get(..3).unwrap_or_default()),
        ..=23 => SmolStr::new_inline(text),
        _ => SmolStr::new(text),
    }
}

/// Named operators: never names.
const NAMED_OPERATORS: [&str; 7] = ["mod", "to", "in", "and", "or", "xor", "not"];

struct Parser<'a> {
    /// The expression: the texts of literals and names are its, at their tokens' spans.
    source: &'a str,
    /// Where each character of a non-ASCII expression starts (`None`: bytes are characters).
    offsets: Option<Vec<usize>>,
    /// The characters of a non-ASCII expression (`None`: its bytes are), to lex again from a
    /// quote ([`Parser::relex_quote`]).
    chars: Option<Vec<char>>,
    tokens: Vec<Token>,
    /// The string literals' unescaped texts, which their tokens index.
    strings: Vec<String>,
    /// The lexical error that ended the tokens, if any.
    lex_error: Option<LexError>,
    pos: usize,
    /// Depth of open brackets, for the conditional's `:` (newlines inside brackets, which are
    /// whitespace there, never reach the parser: the lexer drops them).
    nesting: usize,
    /// The nesting level of the innermost conditional's true branch, where `:` ends the branch
    /// instead of making a range.
    conditional_level: Option<usize>,
    end: usize,
    depth: usize,
    /// Whether a node the static checks look at was made (see [`Notes::review`]).
    review: bool,
    /// The type literals are read as: prefixed literals are checked for it, and Fraction notes
    /// [`Notes::unusual_number`].
    numeric_type: NumericType,
    /// See [`Notes::unusual_number`].
    unusual_number: bool,
}

type Parsed = Result<Node, ParseError>;

impl<'a> Parser<'a> {
    // ----------------------------------------------------------------------------- tokens

    /// The expression's text of token `index`: a literal's or a name's.
    fn text_at(&self, index: usize) -> &'a str {
        let Some(span) = self.tokens.get(index).map(|t| t.span()) else {
            return "";
        };
        let bytes = match &self.offsets {
            None => Some((span.start, span.end)),
            Some(offsets) => offsets
                .get(span.start)
                .zip(offsets.get(span.end))
                .map(|(start, end)| (*start, *end)),
        };
        bytes
            .and_then(|(start, end)| self.source.get(start..end))
            .unwrap_or("")
    }

    /// The expression's text at `span` (in characters): a literal's or a name's.
    #[inline]
    fn text(&self, span: Span) -> &'a str {
        let text = match &self.offsets {
            // An ASCII expression: characters are bytes.
            None => self.source.get(span.start..span.end),
            Some(offsets) => offsets
                .get(span.start)
                .zip(offsets.get(span.end))
                .and_then(|(start, end)| self.source.get(*start..*end)),
        };
        text.unwrap_or("")
    }

    // A newline inside brackets is whitespace: the lexer drops it, so the parser sees newline
    // tokens only at the top level, where they separate statements.

    #[inline]
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.pos).map(|t| &t.tok)
    }

    /// The token `n` places ahead of the current one.
    #[inline]
    fn peek_at(&self, n: usize) -> Option<&Tok> {
        self.tokens.get(self.pos + n).map(|t| &t.tok)
    }

    /// The offset of the quote that opened a string literal the lexer failed to read, when that
    /// string comes at token `index` (which is then past the last token).
    #[inline]
    fn failed_string_at(&self, index: usize) -> Option<usize> {
        if index < self.tokens.len() {
            return None;
        }
        self.lex_error.as_ref().and_then(|e| e.string_start)
    }

    /// Reads the quote at the current token (or opening the failed string there) as the start of
    /// a string when `string`, else as a delimiter (`'` the transpose operator), and lexes the
    /// rest of the expression again from it: the lexer guesses from the tokens before a quote,
    /// and only the parser knows whether it stands after an operand (`5 in'`, where `in` is a
    /// name) or where one is expected (`5 in in 'cm'`, where the second `in` converts).
    #[cold]
    #[inline(never)]
    fn relex_quote(&mut self, string: bool) {
        let at = match self.tokens.get(self.pos) {
            Some(token) => token.span().start,
            None => match self.failed_string_at(self.pos) {
                Some(at) => at,
                None => return,
            },
        };
        let mut lexed = Lexed {
            tokens: std::mem::take(&mut self.tokens),
            strings: std::mem::take(&mut self.strings),
        };
        self.lex_error = match &self.chars {
            None => relex_quote(self.source.as_bytes(), &mut lexed, self.pos, at, string),
            Some(chars) => relex_quote(chars, &mut lexed, self.pos, at, string),
        };
        self.tokens = lexed.tokens;
        self.strings = lexed.strings;
    }

    /// An error `message` at the current token or, where the lexer ended on a string that would
    /// come here, at its quote (math.js reads the quote as a delimiter where a property name is
    /// expected: `x.'` is `Property name expected after dot` at the quote).
    fn error_at_token_or_quote(&mut self, message: &str) -> ParseError {
        match self.failed_string_at(self.pos) {
            Some(position) => ParseError {
                message: message.into(),
                position,
            },
            None => self.error_here(message),
        }
    }

    /// Whether the current token is a number literal or a name (not a named operator) that a
    /// delimiter ends at once (`,` `)` `]` `}` `;` or the end): then it is the whole operand.
    fn lone_operand_here(&mut self) -> bool {
        let leaf = match self.peek() {
            Some(Tok::Number) => true,
            Some(Tok::Name(operator)) => !operator,
            _ => false,
        };
        leaf && matches!(
            self.peek_at(1),
            None | Some(
                Tok::Punct(P::Comma)
                    | Tok::Punct(P::RParen)
                    | Tok::Punct(P::RBracket)
                    | Tok::Punct(P::RBrace)
                    | Tok::Punct(P::Semicolon)
            )
        )
    }

    /// Whether the current token is a literal or a name that no level between [`Parser::climb`]
    /// and [`Parser::primary`] would touch: not a prefix operator, and followed by nothing that
    /// makes a postfix, call, index, property, power, `??` or percentage. Then it is its own
    /// operand, made at once rather than through five levels that would each pass it up.
    ///
    /// A string after it (or a string the lexer failed to read) is a quote the lexer took for
    /// the start of a string after a named operator it guessed was an operator, as `in` in
    /// `5 in'`: [`Parser::left_hand`] reads it again.
    fn plain_leaf_here(&self) -> bool {
        let leaf = match self.peek() {
            Some(Tok::Number | Tok::Str) => true,
            Some(Tok::Name(operator)) => !operator || self.text_at(self.pos) != "not",
            _ => false,
        };
        leaf && match self.peek_at(1) {
            Some(Tok::Punct(
                P::Percent
                | P::Caret
                | P::DotCaret
                | P::Nullish
                | P::Bang
                | P::Quote
                | P::LParen
                | P::LBracket
                | P::Dot
                | P::QDot,
            ))
            | Some(Tok::Str) => false,
            Some(_) => true,
            None => self.failed_string_at(self.pos + 1).is_none(),
        }
    }

    /// Whether the current token is a number literal or a plain name that [`Parser::climb`] at
    /// `min` would return alone: followed by the end, a closing bracket, a separator, `?`, or
    /// (above the additive level) `+` or `-`, none of which a level from `min` up takes. The
    /// right operand of most binary operators is such a leaf, made then without a frame of its
    /// own.
    #[inline]
    fn leaf_operand_here(&self, min: Level) -> bool {
        matches!(self.peek(), Some(Tok::Number | Tok::Name(false)))
            && match self.peek_at(1) {
                None
                | Some(
                    Tok::Newline
                    | Tok::Punct(
                        P::RParen | P::RBracket | P::RBrace | P::Comma | P::Semicolon | P::Question,
                    ),
                ) => true,
                Some(Tok::Punct(P::Plus | P::Minus)) => min > Level::AddSubtract,
                _ => false,
            }
    }

    #[inline]
    fn is_punct(&mut self, p: P) -> bool {
        matches!(self.peek(), Some(Tok::Punct(q)) if *q == p)
    }

    fn span_here(&self) -> Span {
        self.tokens
            .get(self.pos)
            .map_or(Span::at(self.end), |t| t.span())
    }

    /// Consumes the current token (an operator) and the newlines that may follow an operator.
    fn bump_operator(&mut self) -> Span {
        let span = self.span_here();
        self.pos += 1;
        while matches!(
            self.tokens.get(self.pos).map(|t| &t.tok),
            Some(Tok::Newline)
        ) {
            self.pos += 1;
        }
        span
    }

    fn bump(&mut self) -> Span {
        let span = self.span_here();
        self.pos += 1;
        span
    }

    fn error_here(&mut self, message: impl Into<String>) -> ParseError {
        let position = self.span_here().start;
        ParseError {
            message: message.into(),
            position,
        }
    }

    fn unexpected_part(&mut self) -> ParseError {
        match self.tokens.get(self.pos) {
            Some(token) => {
                let text = self.text_at(self.pos);
                let message = match &token.tok {
                    Tok::Number => format!("Unexpected part \"{text}\""),
                    Tok::Str => format!(
                        "Unexpected operator {}",
                        self.text(Span::new(token.span().start, token.span().start + 1))
                    ),
                    Tok::Name(true) => {
                        format!("Unexpected operator {text}")
                    }
                    Tok::Name(false) => format!("Unexpected part \"{text}\""),
                    Tok::Punct(p) => format!("Unexpected operator {}", p.text()),
                    Tok::Newline => "Unexpected operator \\n".to_owned(),
                };
                ParseError {
                    message,
                    position: token.span().start,
                }
            }
            None => ParseError {
                message: "Unexpected end of expression".into(),
                position: self.end,
            },
        }
    }

    fn expect_punct(&mut self, p: P, message: &str) -> Result<Span, ParseError> {
        if self.is_punct(p) {
            Ok(self.bump())
        } else {
            Err(self.error_here(message))
        }
    }

    /// The lexer's count of the commas and semicolons directly inside the bracket just
    /// consumed: a size hint for its list (zero when the lexer gave none).
    fn opened_hint(&self) -> (usize, usize) {
        self.pos
            .checked_sub(1)
            .and_then(|at| self.tokens.get(at))
            .map_or((0, 0), |t| {
                (usize::from(t.commas), usize::from(t.semicolons))
            })
    }

    fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error_here("Maximum nesting depth exceeded"));
        }
        Ok(())
    }

    fn open(&mut self) {
        self.nesting += 1;
    }

    fn close(&mut self) {
        self.nesting -= 1;
    }

    // ----------------------------------------------------------------------------- levels

    fn block(&mut self) -> Parsed {
        let mut statements: Vec<(Node, bool)> = Vec::new();
        if !matches!(
            self.peek(),
            None | Some(Tok::Newline | Tok::Punct(P::Semicolon))
        ) {
            // Almost every expression is one statement with nothing after it: no list needed.
            let node = self.assignment()?;
            match self.peek() {
                None => return Ok(node),
                Some(Tok::Newline | Tok::Punct(P::Semicolon)) => statements.push((node, true)),
                Some(_) => return Err(self.unexpected_part()),
            }
        }
        let mut first_separator: Option<usize> = None;
        loop {
            match self.peek() {
                None => break,
                Some(Tok::Newline) => {
                    first_separator.get_or_insert(self.tokens[self.pos].span().start);
                    self.pos += 1;
                }
                Some(Tok::Punct(P::Semicolon)) => {
                    first_separator.get_or_insert(self.tokens[self.pos].span().start);
                    self.pos += 1;
                    if let Some(last) = statements.last_mut() {
                        last.1 = false;
                    }
                }
                Some(_) => {
                    let node = self.assignment()?;
                    statements.push((node, true));
                    if !matches!(
                        self.peek(),
                        None | Some(Tok::Newline | Tok::Punct(P::Semicolon))
                    ) {
                        return Err(self.unexpected_part());
                    }
                }
            }
        }
        match (statements.len(), first_separator) {
            (0, None) => Ok(undefined(0)),
            (1, None) => Ok(statements
                .pop()
                .map_or_else(|| undefined(0), |(node, _)| node)),
            (_, separator) => {
                let first_separator = separator.unwrap_or(0);
                Ok(Node {
                    kind: NodeKind::Block {
                        statements: statements.into_boxed_slice(),
                        first_separator,
                    },
                    span: Span::new(0, self.end),
                })
            }
        }
    }

    #[inline]
    fn assignment(&mut self) -> Parsed {
        if self.lone_operand_here() {
            // A literal or name alone (a call's argument, a matrix element): what every level
            // below would return, without passing through them (decided where the caller is,
            // so that the operand is made straight into the caller's list).
            return self.primary();
        }
        self.assignment_levels()
    }

    /// [`Parser::assignment`] for anything but a lone operand.
    fn assignment_levels(&mut self) -> Parsed {
        self.enter()?;
        let node = self.conditional()?;
        let result = if self.is_punct(P::Eq) {
            // The left side is checked before the value is parsed, as math.js does.
            let valid = match &node.kind {
                NodeKind::Symbol(_) | NodeKind::Accessor { .. } => true,
                NodeKind::Call { callee, args, .. } => is_function_head(callee, args),
                _ => false,
            };
            if !valid {
                let position = self.span_here().start;
                return Err(ParseError {
                    message: "Invalid left hand side of assignment operator =".into(),
                    position,
                });
            }
            if let NodeKind::Accessor { optional: true, .. } = node.kind {
                return Err(self.error_here("Cannot assign to optional chain"));
            }
            self.bump_operator();
            let value = Box::new(self.assignment()?);
            let span = Span::new(node.span.start, value.span.end);
            // math.js's AssignmentNode refuses these once the value is parsed (its constructor
            // runs then): the target must be a name or an accessor, and never `end`.
            let target = match &node.kind {
                NodeKind::Accessor { object, .. } => Some(&**object),
                NodeKind::Symbol(_) => Some(&node),
                _ => None,
            };
            if let Some(target) = target {
                match &target.kind {
                    NodeKind::Symbol(name) if name == "end" => {
                        return Err(ParseError {
                            message: "Cannot assign to symbol \"end\"".into(),
                            position: target.span.start,
                        });
                    }
                    NodeKind::Symbol(_) | NodeKind::Accessor { .. } => {}
                    _ => {
                        return Err(ParseError {
                            message: "SymbolNode or AccessorNode expected as \"object\"".into(),
                            position: target.span.start,
                        });
                    }
                }
            }
            match node.kind {
                NodeKind::Accessor { object, index, .. } => Node {
                    kind: NodeKind::Assignment {
                        object,
                        index: Some(index),
                        value,
                    },
                    span,
                },
                NodeKind::Call { callee, args, .. } => {
                    let name = symbol_name(&callee).unwrap_or_default();
                    let params = args.iter().filter_map(symbol_name).collect();
                    Node {
                        kind: NodeKind::FunctionAssignment(Box::new(FunctionDefinition {
                            name,
                            params,
                            body: Rc::from(value),
                        })),
                        span,
                    }
                }
                _ => Node {
                    kind: NodeKind::Assignment {
                        object: Box::new(node),
                        index: None,
                        value,
                    },
                    span,
                },
            }
        } else {
            node
        };
        self.depth -= 1;
        Ok(result)
    }

    fn conditional(&mut self) -> Parsed {
        let mut node = self.logical_or()?;
        while self.is_punct(P::Question) {
            self.bump_operator();
            // In the true branch a `:` at this nesting level ends the branch; in the false branch
            // it is a range again (so `a ? b ? c : d : e` fails, as in math.js).
            let saved = self.conditional_level.replace(self.nesting);
            let then = self.assignment()?;
            self.expect_punct(P::Colon, "False part of conditional expression expected")?;
            while matches!(
                self.tokens.get(self.pos).map(|t| &t.tok),
                Some(Tok::Newline)
            ) {
                self.pos += 1;
            }
            self.conditional_level = None;
            let otherwise = self.assignment()?;
            self.conditional_level = saved;
            let span = Span::new(node.span.start, otherwise.span.end);
            node = Node {
                kind: NodeKind::Conditional {
                    condition: Box::new(node),
                    then: Box::new(then),
                    otherwise: Box::new(otherwise),
                },
                span,
            };
        }
        Ok(node)
    }

    /// The binary levels from `or` down to rule 2, lowest first, by precedence climbing in one
    /// function: an operand reaches its operator through one call, not one call per level (the
    /// grammar's fourteen levels cost most of the parse when each was a function).
    ///
    /// `current` is the level of the construct that made `node` so far (an operand is above
    /// every level): an operator applies only between `min` and `current`, which is exactly what
    /// one function per level allowed. The levels whose rules look at their left operand (the
    /// comparison chain, `:`, implicit products, rule 2) say so where they are matched.
    fn logical_or(&mut self) -> Parsed {
        self.climb(Level::Or)
    }

    fn climb(&mut self, min: Level) -> Parsed {
        let (node, current) = if min <= Level::Range && self.is_punct(P::Colon) {
            // `:` with no start, inside an index (or an empty true branch, an error).
            (self.range(None)?, Level::Range)
        } else if self.plain_leaf_here() {
            (self.primary()?, Level::Operand)
        } else if let Some(op) = self.prefix_here() {
            let node = self.prefixed(op)?;
            (self.percent_from(node), Level::Operand)
        } else {
            let node = self.unprefixed()?;
            (self.percent_from(node), Level::Operand)
        };
        // One frame for the operand and its operators: the node is not passed to another.
        self.climb_from(node, min, current, None)
    }

    /// Continues [`Parser::climb`] after `node`, made at level `current`; `summary` describes the
    /// last factor for the implicit-product rules (`None`: `node` is that factor, summarised only
    /// if a rule asks).
    ///
    /// The rules read the summary only while `current` is `Implicit` or above (see
    /// [`Parser::infix_here`]); an operator of a lower level leaves a summary that no rule reads
    /// again, so it is not brought up to date.
    #[inline(always)]
    fn climb_from(
        &mut self,
        mut node: Node,
        min: Level,
        mut current: Level,
        mut summary: Option<FactorSummary>,
    ) -> Parsed {
        loop {
            let Some((op, level)) = self.infix_here(&node, current, summary) else {
                return Ok(node);
            };
            if level < min || level > current {
                return Ok(node);
            }
            match level {
                Level::Relational => node = self.comparisons(node)?,
                Level::Range => node = self.range(Some(node))?,
                Level::Conversion if op == Op::Multiply => {
                    // `in` ending an operand is the inch: `5 in`.
                    let inch = self.bump();
                    let symbol = Node {
                        kind: NodeKind::Symbol("in".into()),
                        span: inch,
                    };
                    let span = Span::new(node.span.start, inch.end);
                    node = implicit_product(node, symbol, inch.start, span);
                }
                Level::Implicit => {
                    let factor = self.climb(Level::Rule2)?;
                    let factor_at = factor.span.start;
                    summary = Some(FactorSummary::of(&factor));
                    let span = Span::new(node.span.start, factor.span.end);
                    node = implicit_product(node, factor, factor_at, span);
                }
                _ => {
                    let token = self.bump_operator();
                    let right = if level == Level::Rule2 {
                        self.percent()?
                    } else if self.leaf_operand_here(level.next()) {
                        // What `climb` would make of it, without a frame of its own.
                        self.primary()?
                    } else {
                        self.climb(level.next())?
                    };
                    node = operator(op, node, right, token.start);
                    if level == Level::Rule2 {
                        summary = None;
                    }
                }
            }
            current = level;
        }
    }

    /// The binary operator at the current token after `node` (made at level `current`, whose
    /// last factor `summary` describes, `None` for `node` itself), and its level.
    ///
    /// The summary decides two rules, each only at a `current` of `Implicit` or above: a number
    /// after a factor that is a constant or an operator is no implicit product (the level it
    /// would have is above any lower `current` anyway), and `in` after a constant continues a
    /// product.
    fn infix_here(
        &mut self,
        node: &Node,
        current: Level,
        summary: Option<FactorSummary>,
    ) -> Option<(Op, Level)> {
        let summary = || summary.unwrap_or_else(|| FactorSummary::of(node));
        // What the current token is, copied out so that the rules below may look further ahead.
        enum Here {
            Punct(P),
            Name(&'static str),
            PlainName,
            Number,
        }
        let here = match self.peek()? {
            Tok::Punct(p) => Here::Punct(*p),
            Tok::Name(false) => Here::PlainName,
            Tok::Name(true) => match NAMED_OPERATORS
                .iter()
                .find(|op| **op == self.text_at(self.pos))
            {
                Some(op) => Here::Name(op),
                None => Here::PlainName,
            },
            Tok::Number => Here::Number,
            _ => return None,
        };
        let found = match here {
            Here::Punct(p) => match p {
                P::Pipe => (Op::BitOr, Level::BitOr),
                P::CaretPipe => (Op::BitXor, Level::BitXor),
                P::Amp => (Op::BitAnd, Level::BitAnd),
                P::EqEq | P::NotEq | P::Lt | P::Gt | P::Le | P::Ge => {
                    (Op::Equal, Level::Relational)
                }
                P::Shl => (Op::LeftShift, Level::Shift),
                P::Shr => (Op::RightArithShift, Level::Shift),
                P::Ushr => (Op::RightLogShift, Level::Shift),
                // A range does not continue a range (`1:2:3:4` fails after the third part).
                P::Colon
                    if current > Level::Range && self.conditional_level != Some(self.nesting) =>
                {
                    (Op::Add, Level::Range)
                }
                P::Plus => (Op::Add, Level::AddSubtract),
                P::Minus => (Op::Subtract, Level::AddSubtract),
                P::Star => (Op::Multiply, Level::MultiplyDivide),
                P::Slash if current == Level::Operand && self.rule2_here(node) => {
                    (Op::Divide, Level::Rule2)
                }
                P::Slash => (Op::Divide, Level::MultiplyDivide),
                P::DotStar => (Op::DotMultiply, Level::MultiplyDivide),
                P::DotSlash => (Op::DotDivide, Level::MultiplyDivide),
                P::Percent => (Op::ModSign, Level::MultiplyDivide),
                P::LParen => (Op::Multiply, Level::Implicit),
                _ => return None,
            },
            Here::Name(name) => match name {
                "or" => (Op::Or, Level::Or),
                "xor" => (Op::Xor, Level::Xor),
                "and" => (Op::And, Level::And),
                "to" => (Op::To, Level::Conversion),
                // `in` after a constant (`5 in`, `NaN in`, `null in`) or a negated one (`-5 in`,
                // `-Infinity in`) continues a product (the inch), but only as its first factor:
                // math.js looks at the product so far (`2 x in` is not, `2 in x` then is);
                // `in` ending an operand is the inch too; elsewhere it converts.
                "in" if current >= Level::Implicit && is_constant_or_negated(node) => {
                    (Op::Multiply, Level::Implicit)
                }
                "in" if self.inch_follows() => (Op::Multiply, Level::Conversion),
                "in" => (Op::In, Level::Conversion),
                "mod" => (Op::Mod, Level::MultiplyDivide),
                _ => return None,
            },
            Here::PlainName => (Op::Multiply, Level::Implicit),
            Here::Number
                if current >= Level::Implicit && {
                    let summary = summary();
                    !summary.constant && !summary.operator
                } =>
            {
                (Op::Multiply, Level::Implicit)
            }
            Here::Number => return None,
        };
        Some(found)
    }

    /// Rule 2: `number / number` followed by a name, `(` or `in` is a division taken first.
    fn rule2_here(&mut self, node: &Node) -> bool {
        if !is_number_literal(node, true) || !matches!(self.peek_at(1), Some(Tok::Number)) {
            return false;
        }
        match self.peek_at(2) {
            Some(Tok::Name(operator)) => !operator || self.text_at(self.pos + 2) == "in",
            Some(Tok::Punct(P::LParen)) => true,
            _ => false,
        }
    }

    /// A chain of comparisons after its first operand `first`: `a < b <= c`.
    ///
    /// A single comparison (almost every one) is an operator node made from its two operands
    /// directly: the lists of a chain, grown one operand at a time, cost five allocator calls
    /// where the operator's pair costs one.
    fn comparisons(&mut self, first: Node) -> Parsed {
        let Some(op) = self.comparison_here() else {
            return Ok(first);
        };
        let first_at = self.bump_operator().start;
        let second = self.comparison_operand()?;
        let Some(next) = self.comparison_here() else {
            let span = Span::new(first.span.start, second.span.end);
            return Ok(Node {
                kind: NodeKind::Operator {
                    op,
                    args: Box::new([first, second]),
                    implicit: false,
                    percentage: false,
                    at: first_at,
                },
                span,
            });
        };
        let mut ops = vec![op];
        let mut params = vec![first, second];
        let mut op = next;
        loop {
            self.bump_operator();
            ops.push(op);
            params.push(self.comparison_operand()?);
            match self.comparison_here() {
                Some(next) => op = next,
                None => break,
            }
        }
        let span = Span::new(
            params.first().map_or(0, |n| n.span.start),
            params.last().map_or(0, |n| n.span.end),
        );
        Ok(Node {
            kind: NodeKind::Relational(Box::new(Comparisons { ops, params })),
            span,
        })
    }

    /// The operand after a comparison operator.
    fn comparison_operand(&mut self) -> Parsed {
        if self.leaf_operand_here(Level::Shift) {
            self.primary()
        } else {
            self.climb(Level::Shift)
        }
    }

    fn comparison_here(&mut self) -> Option<Op> {
        match self.peek()? {
            Tok::Punct(P::EqEq) => Some(Op::Equal),
            Tok::Punct(P::NotEq) => Some(Op::Unequal),
            Tok::Punct(P::Lt) => Some(Op::Smaller),
            Tok::Punct(P::Gt) => Some(Op::Larger),
            Tok::Punct(P::Le) => Some(Op::SmallerEq),
            Tok::Punct(P::Ge) => Some(Op::LargerEq),
            _ => None,
        }
    }

    /// `in` followed by a closing bracket, a separator or the end is the inch, not `to`.
    fn inch_follows(&mut self) -> bool {
        matches!(
            self.peek_at(1),
            None | Some(
                Tok::Newline
                    | Tok::Punct(P::RParen | P::RBracket | P::RBrace | P::Comma | P::Semicolon)
            )
        )
    }

    fn range_colon_here(&mut self) -> bool {
        self.is_punct(P::Colon) && self.conditional_level != Some(self.nesting)
    }

    /// A range after its start (`None`: `:` with no start, inside an index: the dimension
    /// from 1), at the first `:`.
    fn range(&mut self, start: Option<Node>) -> Parsed {
        let start = match start {
            Some(start) => start,
            None => {
                if self.conditional_level == Some(self.nesting) {
                    return Err(self.error_here(
                        "The true-expression of a conditional operator may not be empty",
                    ));
                }
                let span = self.span_here();
                Node {
                    kind: NodeKind::Number("1".into()),
                    span: Span::at(span.start),
                }
            }
        };
        let mut params = vec![start];
        while params.len() < 3 && self.range_colon_here() {
            let colon = self.bump_operator();
            // math.js reads an implicit `end` before `)`, `]`, `,` and the end only: `1:;2`
            // is "Value expected".
            if matches!(
                self.peek(),
                None | Some(Tok::Punct(P::RParen | P::RBracket | P::Comma))
            ) {
                params.push(Node {
                    kind: NodeKind::Symbol("end".into()),
                    span: Span::at(colon.end),
                });
            } else if self.leaf_operand_here(Level::AddSubtract) {
                params.push(self.primary()?);
            } else {
                params.push(self.climb(Level::AddSubtract)?);
            }
        }
        let span = Span::new(
            params.first().map_or(0, |n| n.span.start),
            params.last().map_or(0, |n| n.span.end),
        );
        let mut params = params.into_iter();
        let (first, second, third) = (params.next(), params.next(), params.next());
        let (Some(start), Some(second)) = (first, second) else {
            return Err(self.error_here("Value expected"));
        };
        let kind = match third {
            Some(end) => NodeKind::Range {
                start: Box::new(start),
                end: Box::new(end),
                step: Some(Box::new(second)),
            },
            None => NodeKind::Range {
                start: Box::new(start),
                end: Box::new(second),
                step: None,
            },
        };
        Ok(Node { kind, span })
    }

    /// Section 4.4: `%` is a percentage when what follows does not start an operand (once: a
    /// second `%` is a modulo, as in math.js).
    fn percent(&mut self) -> Parsed {
        let node = match self.prefix_here() {
            Some(op) => self.prefixed(op)?,
            None => self.unprefixed()?,
        };
        Ok(self.percent_from(node))
    }

    /// [`Parser::percent`] for an operand with no prefix operator (almost every one): the levels
    /// from `percent` to `lefthand` in one frame, each applied to what the one above made,
    /// rather than one recursive call per level that passes the operand back down.
    #[inline]
    fn unprefixed(&mut self) -> Parsed {
        let node = self.left_hand()?;
        let node = self.nullish_from(node)?;
        self.power_from(node)
    }

    /// The percentage after `node`, if one follows it (see [`Parser::percent`]).
    #[inline]
    fn percent_from(&mut self, node: Node) -> Node {
        if !self.is_punct(P::Percent) || self.operand_follows_percent() {
            return node;
        }
        // math.js passes the newlines after `%` over whichever it is (`5%\n* 2` is 0.1).
        let percent = self.bump_operator();
        let span = Span::new(node.span.start, percent.end);
        Node {
            kind: NodeKind::Operator {
                op: Op::Divide,
                args: Box::new([node]),
                implicit: false,
                percentage: true,
                at: percent.start,
            },
            span,
        }
    }

    fn operand_follows_percent(&mut self) -> bool {
        // The newlines after `%` are whitespace, as after any operator (`5%\n3` is `5 mod 3`).
        let mut next = 1;
        while matches!(self.peek_at(next), Some(Tok::Newline)) {
            next += 1;
        }
        match self.peek_at(next) {
            Some(Tok::Number | Tok::Str) => true,
            // In operand position every name is a symbol, named operators included (`x % to`).
            Some(Tok::Name(_)) => true,
            Some(Tok::Punct(p)) => matches!(
                *p,
                P::LParen | P::LBracket | P::LBrace | P::Plus | P::Minus | P::Tilde
            ),
            _ => false,
        }
    }

    /// The prefix operator at the current token, if it is one.
    #[inline]
    fn prefix_here(&self) -> Option<Op> {
        match self.peek() {
            Some(Tok::Punct(P::Minus)) => Some(Op::UnaryMinus),
            Some(Tok::Punct(P::Plus)) => Some(Op::UnaryPlus),
            Some(Tok::Punct(P::Tilde)) => Some(Op::BitNot),
            Some(Tok::Name(true)) if self.text_at(self.pos) == "not" => Some(Op::Not),
            _ => None,
        }
    }

    /// A prefix operator and its operand, or the levels above.
    fn unary(&mut self) -> Parsed {
        match self.prefix_here() {
            Some(op) => self.prefixed(op),
            None => self.unprefixed(),
        }
    }

    /// [`Parser::unary`] at its prefix operator `op`.
    fn prefixed(&mut self, op: Op) -> Parsed {
        let start = self.bump_operator();
        self.enter()?;
        let operand = self.unary()?;
        self.depth -= 1;
        let span = Span::new(start.start, operand.span.end);
        Ok(Node {
            kind: NodeKind::Operator {
                op,
                args: Box::new([operand]),
                implicit: false,
                percentage: false,
                at: start.start,
            },
            span,
        })
    }

    /// The power after its base `base`, if `^` or `.^` follows it.
    #[inline]
    fn power_from(&mut self, base: Node) -> Parsed {
        let op = match self.peek() {
            Some(Tok::Punct(P::Caret)) => Op::Pow,
            Some(Tok::Punct(P::DotCaret)) => Op::DotPow,
            _ => return Ok(base),
        };
        let token = self.bump_operator();
        let exponent = self.unary()?;
        Ok(operator(op, base, exponent, token.start))
    }

    /// `??` after its first operand `node`, left-associative.
    #[inline]
    fn nullish_from(&mut self, mut node: Node) -> Parsed {
        while self.is_punct(P::Nullish) {
            let token = self.bump_operator();
            let right = self.left_hand()?;
            node = operator(Op::Nullish, node, right, token.start);
        }
        Ok(node)
    }

    #[inline]
    fn left_hand(&mut self) -> Parsed {
        let mut node = self.primary()?;
        loop {
            let literal = matches!(node.kind, NodeKind::Number(_));
            match self.peek() {
                Some(Tok::Punct(P::Bang)) => {
                    let bang = self.bump();
                    node = postfix(Op::Factorial, node, bang);
                }
                Some(Tok::Punct(P::Quote)) => {
                    let quote = self.bump();
                    node = postfix(Op::Transpose, node, quote);
                }
                // After an operand a quote is no string: `'` is the transpose and `"` a
                // delimiter (the lexer read a string after a named operator it took for an
                // operator: `5 in'`, `x ?? not'`).
                Some(Tok::Str) => self.relex_quote(false),
                None if self.failed_string_at(self.pos).is_some() => self.relex_quote(false),
                Some(Tok::Punct(P::LParen)) if !literal && is_callable(&node) => {
                    node = self.call(node, false)?
                }
                Some(Tok::Punct(P::LBracket)) if !literal => node = self.index(node, false)?,
                Some(Tok::Punct(P::Dot)) if !literal => node = self.property(node, false)?,
                Some(Tok::Punct(P::QDot)) if !literal => {
                    self.bump();
                    node = match self.peek() {
                        Some(Tok::Punct(P::LParen)) => self.call(node, true)?,
                        Some(Tok::Punct(P::LBracket)) => self.index(node, true)?,
                        Some(Tok::Name(_)) => self.property_name(node, true)?,
                        _ => {
                            return Err(self.error_at_token_or_quote(
                                "Property name expected after optional chain",
                            ));
                        }
                    };
                }
                _ => return Ok(node),
            }
        }
    }

    fn call(&mut self, callee: Node, optional: bool) -> Parsed {
        if let NodeKind::Symbol(name) = &callee.kind
            && call_needs_review(name)
        {
            self.review = true;
        }
        self.bump();
        self.open();
        let args = self.list(P::RParen, "Parenthesis ) expected")?;
        self.close();
        let close = self.bump();
        let span = Span::new(callee.span.start, close.end);
        Ok(Node {
            kind: NodeKind::Call {
                callee: Box::new(callee),
                args: args.into_boxed_slice(),
                optional,
            },
            span,
        })
    }

    fn index(&mut self, object: Node, optional: bool) -> Parsed {
        let open = self.bump();
        self.open();
        let dimensions = self.list(P::RBracket, "Parenthesis ] expected")?;
        self.close();
        let close = self.bump();
        let index = Node {
            kind: NodeKind::Index {
                dimensions,
                dot: false,
            },
            span: Span::new(open.start, close.end),
        };
        let span = Span::new(object.span.start, close.end);
        Ok(Node {
            kind: NodeKind::Accessor {
                object: Box::new(object),
                index: Box::new(index),
                optional,
            },
            span,
        })
    }

    fn property(&mut self, object: Node, optional: bool) -> Parsed {
        self.bump();
        self.property_name(object, optional)
    }

    fn property_name(&mut self, object: Node, optional: bool) -> Parsed {
        let name = match self.peek() {
            Some(Tok::Name(_)) => self.text_at(self.pos).to_owned(),
            _ => return Err(self.error_at_token_or_quote("Property name expected after dot")),
        };
        self.review |= string_needs_review(&name);
        let name_span = self.bump();
        let key = Node {
            kind: NodeKind::Str(name.into()),
            span: name_span,
        };
        let index = Node {
            kind: NodeKind::Index {
                dimensions: vec![key],
                dot: true,
            },
            span: name_span,
        };
        let span = Span::new(object.span.start, name_span.end);
        Ok(Node {
            kind: NodeKind::Accessor {
                object: Box::new(object),
                index: Box::new(index),
                optional,
            },
            span,
        })
    }

    /// A comma-separated list up to (not including) `close`; empty when `close` comes first.
    fn list(&mut self, close: P, missing: &str) -> Result<Vec<Node>, ParseError> {
        if self.is_punct(close) {
            return Ok(Vec::new());
        }
        let (commas, _) = self.opened_hint();
        let mut items = Vec::with_capacity(commas + 1);
        loop {
            items.push(self.assignment()?);
            if self.is_punct(P::Comma) {
                self.bump();
                continue;
            }
            if self.is_punct(close) {
                return Ok(items);
            }
            return Err(self.error_here(missing));
        }
    }

    fn primary(&mut self) -> Parsed {
        let Some(&token) = self.tokens.get(self.pos) else {
            return Err(ParseError {
                message: "Unexpected end of expression".into(),
                position: self.end,
            });
        };
        let span = token.span();
        let kind = match token.tok {
            Tok::Number => {
                let raw = self.text(span);
                check_prefixed(raw, span, self.numeric_type)?;
                if self.numeric_type == NumericType::Fraction && !self.unusual_number {
                    self.unusual_number = !is_plain_decimal(raw);
                }
                NodeKind::Number(inline(raw))
            }
            Tok::Str => {
                // The parser never reads a token twice, so the text moves into its node.
                let text = self
                    .strings
                    .get_mut(token.string_index())
                    .map(std::mem::take)
                    .unwrap_or_default();
                self.review |= string_needs_review(&text);
                NodeKind::Str(text.into())
            }
            // In operand position every name is a symbol, named operators included (`to`, `in`).
            Tok::Name(_) => match self.text(span) {
                "true" => NodeKind::Constant(Constant::True),
                "false" => NodeKind::Constant(Constant::False),
                "null" => NodeKind::Constant(Constant::Null),
                "undefined" => NodeKind::Constant(Constant::Undefined),
                "NaN" => NodeKind::Constant(Constant::NaN),
                "Infinity" => NodeKind::Constant(Constant::Infinity),
                name => NodeKind::Symbol(inline(name)),
            },
            Tok::Punct(P::LParen) => return self.parenthesis(),
            Tok::Punct(P::LBracket) => return self.matrix(),
            Tok::Punct(P::LBrace) => return self.object(),
            // Where an operand is expected a quote opens a string (the lexer took it for a
            // delimiter after a named operator it guessed was a name: `5 in in 'cm'`).
            Tok::Punct(P::Quote | P::DQuote) => {
                self.relex_quote(true);
                return self.primary();
            }
            _ => return Err(self.error_here("Value expected")),
        };
        self.pos += 1;
        Ok(Node { kind, span })
    }

    /// `( assignment )`.
    fn parenthesis(&mut self) -> Parsed {
        let open = self.bump();
        self.open();
        let saved = self.conditional_level.take();
        let inner = self.assignment()?;
        self.conditional_level = saved;
        self.close();
        let close = self.expect_punct(P::RParen, "Parenthesis ) expected")?;
        Ok(Node {
            kind: NodeKind::Parenthesis(Box::new(inner)),
            span: Span::new(open.start, close.end),
        })
    }

    /// `[a, b; c, d]`: rows separated by `;`, elements by `,` (a trailing comma is allowed).
    fn matrix(&mut self) -> Parsed {
        let open = self.bump();
        self.open();
        let saved = self.conditional_level.take();
        // Sized by the lexer's count of separators: a rectangular matrix's rows exactly.
        let (commas, semicolons) = self.opened_hint();
        let width = commas / (semicolons + 1) + 1;
        let mut row: Vec<Node> = Vec::with_capacity(width);
        // The rows before the current one (none until a `;`).
        let mut rows: Vec<Vec<Node>> = Vec::new();
        let mut semicolon_seen = false;
        while !self.is_punct(P::RBracket) {
            let element = self.assignment()?;
            row.push(element);
            if self.is_punct(P::Comma) {
                self.bump();
                // A trailing comma may end a row as well as the matrix (`[1, 2,; 3, 4]`).
                if !self.is_punct(P::Semicolon) {
                    continue;
                }
            }
            if self.is_punct(P::Semicolon) {
                self.bump();
                semicolon_seen = true;
                if rows.capacity() == 0 {
                    rows.reserve_exact(semicolons + 1);
                }
                rows.push(std::mem::replace(&mut row, Vec::with_capacity(width)));
            } else if !self.is_punct(P::RBracket) {
                return Err(self.error_here("End of matrix ] expected"));
            }
        }
        self.conditional_level = saved;
        self.close();
        let close = self.bump();
        let span = Span::new(open.start, close.end);
        if !semicolon_seen {
            return Ok(Node {
                kind: NodeKind::Array(row),
                span,
            });
        }
        // A trailing `;` opens no row (`[1, 2;]` is one row, as in math.js).
        if !row.is_empty() {
            rows.push(row);
        }
        let width = rows[0].len();
        if let Some(row) = rows.iter().find(|row| row.len() != width) {
            let message = format!("Column dimensions mismatch ({} !== {width})", row.len());
            // math.js checks after reading the token that follows `]`, and points at it.
            let position = self
                .tokens
                .get(self.pos)
                .map_or(self.end, |t| t.span().start);
            return Err(ParseError { message, position });
        }
        let items = rows
            .into_iter()
            .map(|row| {
                let row_span = Span::new(
                    row.first().map_or(open.start, |n| n.span.start),
                    row.last().map_or(open.start, |n| n.span.end),
                );
                Node {
                    kind: NodeKind::Array(row),
                    span: row_span,
                }
            })
            .collect();
        Ok(Node {
            kind: NodeKind::Array(items),
            span,
        })
    }

    /// `{key: value, ...}`, keys being names or strings.
    fn object(&mut self) -> Parsed {
        let open = self.bump();
        self.open();
        let saved = self.conditional_level.take();
        let (commas, _) = self.opened_hint();
        let mut entries = Vec::with_capacity(commas + 1);
        while !self.is_punct(P::RBrace) {
            let key = match self.peek() {
                Some(Tok::Name(_) | Tok::Number) => self.text_at(self.pos).to_owned(),
                Some(Tok::Str) => self
                    .strings
                    .get(
                        self.tokens
                            .get(self.pos)
                            .map_or(usize::MAX, Token::string_index),
                    )
                    .cloned()
                    .unwrap_or_default(),
                _ => return Err(self.error_here("Symbol or string expected as object key")),
            };
            self.bump();
            if !self.is_punct(P::Colon) {
                // A quote after the key is a delimiter (`{not'` blames the quote, where the
                // lexer read a string after `not`, the prefix operator).
                return Err(self.error_at_token_or_quote("Colon : expected after object key"));
            }
            self.bump();
            let value = self.assignment()?;
            entries.push((key, value));
            if self.is_punct(P::Comma) {
                self.bump();
            } else if !self.is_punct(P::RBrace) {
                return Err(self.error_here("Comma , or bracket } expected after object value"));
            }
        }
        self.conditional_level = saved;
        self.close();
        let close = self.bump();
        Ok(Node {
            kind: NodeKind::Object(entries),
            span: Span::new(open.start, close.end),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tree printed compactly: operators by function name, so structure is visible.
    fn shape(node: &Node) -> String {
        match &node.kind {
            NodeKind::Number(raw) => raw.to_string(),
            NodeKind::Str(text) => format!("{text:?}"),
            NodeKind::Constant(c) => format!("{c:?}"),
            NodeKind::Symbol(name) => name.to_string(),
            NodeKind::Parenthesis(inner) => format!("({})", shape(inner)),
            NodeKind::Operator {
                op,
                args,
                implicit,
                percentage,
                ..
            } => {
                let name = if *percentage {
                    "percent"
                } else {
                    op.symbol_and_fn().1
                };
                let star = if *implicit { "~" } else { "" };
                format!(
                    "{star}{name}({})",
                    args.iter().map(shape).collect::<Vec<_>>().join(", ")
                )
            }
            NodeKind::Relational(chain) => format!(
                "chain[{}]({})",
                chain
                    .ops
                    .iter()
                    .map(|o| o.symbol_and_fn().0)
                    .collect::<Vec<_>>()
                    .join(" "),
                chain
                    .params
                    .iter()
                    .map(shape)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            NodeKind::Conditional {
                condition,
                then,
                otherwise,
            } => {
                format!(
                    "if({}, {}, {})",
                    shape(condition),
                    shape(then),
                    shape(otherwise)
                )
            }
            NodeKind::Range { start, end, step } => match step {
                Some(step) => format!("range({}, {}, {})", shape(start), shape(step), shape(end)),
                None => format!("range({}, {})", shape(start), shape(end)),
            },
            NodeKind::Assignment {
                object,
                index,
                value,
            } => match index {
                Some(index) => format!("set({}{}, {})", shape(object), shape(index), shape(value)),
                None => format!("set({}, {})", shape(object), shape(value)),
            },
            NodeKind::FunctionAssignment(definition) => format!(
                "def {}({}) = {}",
                definition.name,
                definition.params.join(", "),
                shape(&definition.body)
            ),
            NodeKind::Call {
                callee,
                args,
                optional,
            } => {
                format!(
                    "{}{}({})",
                    shape(callee),
                    if *optional { "?." } else { "" },
                    args.iter().map(shape).collect::<Vec<_>>().join(", ")
                )
            }
            NodeKind::Accessor {
                object,
                index,
                optional,
            } => format!(
                "{}{}{}",
                shape(object),
                if *optional { "?" } else { "" },
                shape(index)
            ),
            NodeKind::Index { dimensions, .. } => format!(
                "[{}]",
                dimensions.iter().map(shape).collect::<Vec<_>>().join(", ")
            ),
            NodeKind::Array(items) => format!(
                "[{}]",
                items.iter().map(shape).collect::<Vec<_>>().join(", ")
            ),
            NodeKind::Object(entries) => {
                format!(
                    "{{{}}}",
                    entries
                        .iter()
                        .map(|(k, v)| format!("{k}: {}", shape(v)))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
            NodeKind::Block {
                statements,
                first_separator,
            } => format!(
                "block@{first_separator}({})",
                statements
                    .iter()
                    .map(|(n, _)| shape(n))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        }
    }

    #[track_caller]
    fn parses_as(text: &str, expected: &str) {
        let node = parse(text).unwrap_or_else(|e| panic!("{text:?}: {e:?}"));
        assert_eq!(shape(&node), expected, "{text:?}");
    }

    #[track_caller]
    fn fails_at(text: &str, message: &str, position: usize) {
        assert_eq!(
            parse(text),
            Err(ParseError {
                message: message.into(),
                position
            }),
            "{text:?}"
        );
    }

    /// The number note that lets Fraction mode skip its literal walk: every literal other than
    /// digits and one point (the only ones Fraction mode may fail to read) is noted, and nothing
    /// is noted unless asked for.
    #[test]
    fn unusual_number_literals_are_noted_when_asked() {
        let literals = [
            ("0", false),
            ("7", false),
            ("0.5", false),
            ("12.", false),
            (".5", false),
            ("123456789012345678901234567890", false),
            ("0.1000000000000000000000001", false),
            ("1e3", true),
            ("1.5e-3", true),
            ("2E5", true),
            ("0x1F", true),
            ("0b101", true),
            ("0o17", true),
            ("1e400", true),
            ("1e-400", true),
        ];
        for (raw, unusual) in literals {
            let expression = format!("1 + [{raw}, 2] * x");
            let (_, asked) = parse_noting(&expression, NumericType::Fraction).expect("parses");
            assert_eq!(asked.unusual_number, unusual, "{raw}");
            let (_, unasked) = parse_noting(&expression, NumericType::Number).expect("parses");
            assert!(!unasked.unusual_number, "{raw}");
        }
        assert!(!is_plain_decimal("1.2.3") && !is_plain_decimal("1e3"));
        assert!(is_plain_decimal("12.50") && is_plain_decimal("7"));
    }

    /// A parser set on the tokens of `text` (lexed by its characters, so that offsets are
    /// mapped as for any expression), at token `pos`.
    fn parser_at(text: &str, pos: usize) -> Parser<'_> {
        let chars: Vec<char> = text.chars().collect();
        let lexed = crate::syntax::lexer::tokenize(&chars).expect("lexes");
        let offsets: Vec<usize> = text
            .char_indices()
            .map(|(at, _)| at)
            .chain([text.len()])
            .collect();
        Parser {
            source: text,
            offsets: Some(offsets),
            chars: Some(chars.clone()),
            tokens: lexed.tokens,
            strings: lexed.strings,
            lex_error: None,
            pos,
            nesting: 0,
            conditional_level: None,
            end: chars.len(),
            depth: 0,
            review: false,
            numeric_type: NumericType::Number,
            unusual_number: false,
        }
    }

    /// The leaf shortcut for a right operand (`leaf_operand_here`, then `primary`) makes what
    /// `climb` makes at the same level, and leaves the parser at the same token: checked at every
    /// token of expressions that put leaves before every kind of token, at every level.
    #[test]
    fn a_leaf_operand_is_what_climb_makes_of_it() {
        let levels = [
            Level::Or,
            Level::Xor,
            Level::And,
            Level::BitOr,
            Level::BitXor,
            Level::BitAnd,
            Level::Relational,
            Level::Shift,
            Level::Conversion,
            Level::Range,
            Level::AddSubtract,
            Level::MultiplyDivide,
            Level::Implicit,
            Level::Rule2,
            Level::Operand,
        ];
        let texts = [
            "1 + 2 - x * y / 3 .* z ./ 4 % 5 mod 6",
            "a ? b : c; d\n e",
            "f(a, b) + [1, 2; 3, 4] + {k: v}",
            "1 < 2 <= x == y != z >= 3 > 4",
            "1:2:3 + a:b",
            "x << 1 >> 2 >>> 3 & 4 | 5 ^| 6",
            "x to cm in inch and y or z xor w",
            "2 x y (3) 4 in",
            "x ^ 2 .^ 3 ?? 4 ! ' % 5",
            "x = 1, y.z, y?.z, w[1], 1/2 x, 0b102 + 1",
            "é + ü - 1",
            "not x + true - null",
        ];
        let mut shortcuts = 0;
        for text in texts {
            let count = parser_at(text, 0).tokens.len();
            for pos in 0..=count {
                for min in levels {
                    let mut fast = parser_at(text, pos);
                    if !fast.leaf_operand_here(min) {
                        continue;
                    }
                    shortcuts += 1;
                    let mut general = parser_at(text, pos);
                    assert_eq!(
                        fast.primary(),
                        general.climb(min),
                        "{text:?} at token {pos}, {min:?}"
                    );
                    assert_eq!(fast.pos, general.pos, "{text:?} at token {pos}, {min:?}");
                }
            }
        }
        // The shortcut is taken where it should be (so this test compares something).
        assert!(shortcuts > 100, "{shortcuts}");
        assert!(parser_at("1 + 2", 2).leaf_operand_here(Level::MultiplyDivide));
        assert!(!parser_at("1 + 2 + 3", 2).leaf_operand_here(Level::AddSubtract));
        assert!(!parser_at("1 + 2 * 3", 2).leaf_operand_here(Level::MultiplyDivide));
        assert!(!parser_at("1 + 2^3", 2).leaf_operand_here(Level::MultiplyDivide));
    }

    /// The short texts copied at a known length hold what the general copy holds.
    /// A string token's quote is read from the expression: the message names the quote written
    /// (a string is unexpected only where a statement ends, which the grammar leaves no way to
    /// reach, so the parser is set on the token here).
    #[test]
    fn an_unexpected_string_names_its_quote() {
        for (text, at, quote) in [
            ("x in 'a'", 2, '\''),
            ("x in \"a\"", 2, '"'),
            ("é in 'a'", 2, '\''),
        ] {
            let mut parser = parser_at(text, at);
            assert!(matches!(parser.tokens[at].tok, Tok::Str), "{text}");
            let error = parser.unexpected_part();
            assert_eq!(
                error.message,
                format!("Unexpected operator {quote}"),
                "{text}"
            );
        }
    }

    #[test]
    fn inline_texts_are_the_texts() {
        for text in [
            "",
            "1",
            "x",
            "é",
            "10",
            "pi",
            "€",
            "sin",
            "αβ",
            "𝐱",
            "mean",
            "0.25",
            "12345678901234567890123",
            "123456789012345678901234",
        ] {
            assert_eq!(inline(text), SmolStr::new(text), "{text:?}");
            assert_eq!(inline(text).as_str(), text);
        }
    }

    /// Tokens own no text: literals and names are read from the expression at their spans,
    /// which count characters, so text after a wider character must come out whole.
    #[test]
    fn texts_come_from_the_expression_also_after_wide_characters() {
        parses_as("αβ + 1.5e3", "add(αβ, 1.5e3)");
        parses_as("\"é\" + x", "add(\"é\", x)");
        parses_as("{é: 2, 'ü': 3}.é", "{é: 2, ü: 3}[\"é\"]");
        parses_as("𝐱 ω", "~multiply(𝐱, ω)");
        fails_at("αβ 2 3", "Unexpected part \"3\"", 5);
        fails_at("é and", "Unexpected end of expression", 5);
        fails_at("ü) 2", "Unexpected operator )", 1);
        fails_at("ω 1 mod", "Unexpected end of expression", 7);
    }

    #[test]
    fn precedence_of_section_4_2() {
        parses_as("-2^2", "unaryMinus(pow(2, 2))");
        parses_as("2^-1", "pow(2, unaryMinus(1))");
        parses_as("2^3^2", "pow(2, pow(3, 2))");
        parses_as("-5!", "unaryMinus(factorial(5))");
        parses_as("3!!", "factorial(factorial(3))");
        parses_as("2^3!", "pow(2, factorial(3))");
        parses_as("2 ?? 3 ^ 2", "pow(nullish(2, 3), 2)");
        parses_as("not 1 == 2", "equal(not(1), 2)");
        parses_as("3.6 * 28 % 25", "mod(multiply(3.6, 28), 25)");
        parses_as("a < b < c", "chain[< <](a, b, c)");
        parses_as("1 > 0 ? 5 : 6", "if(larger(1, 0), 5, 6)");
        parses_as("5 ^| 3", "bitXor(5, 3)");
        parses_as("x = y = 2", "set(x, set(y, 2))");
        parses_as("f(x) = x^2", "def f(x) = pow(x, 2)");
        parses_as("A[1] = 2", "set(A[1], 2)");
    }

    #[test]
    fn implicit_multiplication_and_rule_2() {
        parses_as("2 pi", "~multiply(2, pi)");
        parses_as("(1+2)(3+4)", "~multiply((add(1, 2)), (add(3, 4)))");
        parses_as("x / 2y", "divide(x, ~multiply(2, y))");
        parses_as("2 ^ 2 pi", "~multiply(pow(2, 2), pi)");
        parses_as("1/2 pi", "~multiply(divide(1, 2), pi)");
        parses_as("6 / 2 (1 + 2)", "~multiply(divide(6, 2), (add(1, 2)))");
        parses_as("(2)3", "~multiply((2), 3)");
        parses_as("2! 3", "~multiply(factorial(2), 3)");
        parses_as("5 in", "~multiply(5, in)");
        parses_as("(f)(2)", "~multiply((f), (2))");
        fails_at("3 4", "Unexpected part \"4\"", 2);
        fails_at("-2 3", "Unexpected part \"3\"", 3);
    }

    #[test]
    fn percent_or_modulo() {
        parses_as("8%", "percent(8)");
        parses_as("50% * 10", "multiply(percent(50), 10)");
        parses_as("100 / 50%", "divide(100, percent(50))");
        parses_as("100 + 3%", "add(100, percent(3))");
        parses_as("8 % 3", "mod(8, 3)");
        parses_as("3%+100", "mod(3, unaryPlus(100))");
        parses_as("80% pi", "mod(80, pi)");
    }

    /// `%` passes the newlines after it over, percentage or modulo (math.js: `5%\n3` is
    /// `5 % 3`, `5%\n* 2` is `(5 / 100) * 2`, `5%\n` is `5 / 100`, one statement).
    #[test]
    fn percent_passes_newlines_over() {
        parses_as("5%\n3", "mod(5, 3)");
        parses_as("5%\n\n(2)", "mod(5, (2))");
        parses_as("x%\n-1", "mod(x, unaryMinus(1))");
        parses_as("5%\n* 2", "multiply(percent(5), 2)");
        parses_as("5%\n", "percent(5)");
        parses_as("5%\n'a'", "mod(5, \"a\")");
        // A newline before `%` still ends the statement.
        fails_at("5\n% 3", "Value expected", 2);
    }

    /// A quote is the transpose (`"` a delimiter) where math.js's parser stands after an operand,
    /// and opens a string where it expects one, whatever the lexer guessed from the tokens
    /// before it; each case is math.js 15.2's reading.
    #[test]
    fn quotes_are_read_where_the_parser_stands() {
        // A named operator where an operand is expected is a name (`in'` is `in'`), after an
        // operand an operator (`x in'` opens a string), so a run alternates.
        for op in ["in", "to", "mod", "and", "or", "xor"] {
            parses_as(&format!("{op}'"), &format!("ctranspose({op})"));
            parses_as(&format!("({op}')"), &format!("(ctranspose({op}))"));
        }
        parses_as("not'a'", "not(\"a\")");
        fails_at("x in'", "End of string ' expected", 5);
        parses_as("x in in'", "to(x, ctranspose(in))");
        parses_as("x in in in 'cm'", "to(to(x, in), \"cm\")");
        parses_as("in in 'cm'", "to(in, \"cm\")");
        parses_as("in in in'", "to(in, ctranspose(in))");
        // `in` continuing a product after a constant or a negated one is a name: the lexer
        // guessed an operator there, and the parser reads the quote again.
        parses_as("5 in'", "~multiply(5, ctranspose(in))");
        parses_as("-5 in'", "~multiply(unaryMinus(5), ctranspose(in))");
        parses_as("'a' in'", "~multiply(\"a\", ctranspose(in))");
        parses_as("x*5 in'", "multiply(x, ~multiply(5, ctranspose(in)))");
        parses_as(
            "5 in 'cm'",
            "~multiply(~multiply(5, ctranspose(in)), ctranspose(cm))",
        );
        parses_as(
            "5 in 'é'",
            "~multiply(~multiply(5, ctranspose(in)), ctranspose(é))",
        );
        // ... but not after a product or a power, where `in` converts.
        fails_at("x^5 in'", "End of string ' expected", 7);
        fails_at("5 x in'", "End of string ' expected", 7);
        fails_at("1/2 in'", "End of string ' expected", 7);
        // A name the lexer took for an operand where the parser expects one: a string again.
        parses_as("5 in in 'cm'", "to(~multiply(5, in), \"cm\")");
        parses_as(
            "é in in 'cm'",
            "to(é, ~multiply(ctranspose(in), ctranspose(cm)))",
        );
        // `not` after `??` is a name (the right side of `??` takes no prefix operator).
        parses_as("x ?? not'", "nullish(x, ctranspose(not))");
        // A property name, then the transpose.
        parses_as("x.in'", "ctranspose(x[\"in\"])");
        parses_as("x?.in'", "ctranspose(x?[\"in\"])");
        parses_as("x.not'", "ctranspose(x[\"not\"])");
        parses_as("x.in in 'cm'", "to(x[\"in\"], \"cm\")");
        // Where a property name is expected a quote is a delimiter: the error is at it, even
        // when what follows would be no string.
        fails_at("x.'", "Property name expected after dot", 2);
        fails_at("x.\"b", "Property name expected after dot", 2);
        fails_at("é.'", "Property name expected after dot", 2);
        fails_at("x?.'a", "Property name expected after optional chain", 3);
        fails_at("x.'a'", "Property name expected after dot", 2);
        // So is a quote after an object key (the key `not` read as a name there).
        fails_at("{not' ,", "Colon : expected after object key", 4);
        fails_at("{a: 1, not \"b", "Colon : expected after object key", 11);
        fails_at("{not 'b': 1}", "Colon : expected after object key", 5);
        parses_as("{in: 1}.in'", "ctranspose({in: 1}[\"in\"])");
        // `"` after an operand is a delimiter, unexpected there.
        fails_at("in\"a", "Unexpected operator \"", 2);
        fails_at("in\"a\"", "Unexpected operator \"", 2);
        // A newline inside brackets is whitespace: the quote after it still follows an operand.
        parses_as("[A\n'b']", "[~multiply(ctranspose(A), ctranspose(b))]");
        parses_as("(A\n')", "(ctranspose(A))");
        parses_as("A\n'b'", "block@1(A; \"b\")");
        // After `%` a quote opens a string operand, so the `%` is the modulo (section 4.4), and an
        // unclosed one is an error (section 4.1), where math.js drops the rest (`5%'` is `5 / 100`).
        parses_as("5%'a'", "mod(5, \"a\")");
        parses_as("5%\"a\"", "mod(5, \"a\")");
        fails_at("5%'", "End of string ' expected", 3);
        fails_at("5%' + 1", "End of string ' expected", 7);
    }

    #[test]
    fn ranges_indexes_properties_and_literals() {
        parses_as("1:0.5:3", "range(1, 0.5, 3)");
        parses_as("[1, 2; 3, 4][1, :]", "[[1, 2], [3, 4]][1, range(1, end)]");
        parses_as("[1, 2, 3][end]", "[1, 2, 3][end]");
        parses_as("[1, 2,]", "[1, 2]");
        parses_as("{a: 1, \"b c\": [1, 2]}", "{a: 1, b c: [1, 2]}");
        parses_as("obj.a", "obj[\"a\"]");
        parses_as("x?.y", "x?[\"y\"]");
        parses_as("foo?.(2)", "foo?.(2)");
        parses_as("(f(x) = x^2)?.(3)", "(def f(x) = pow(x, 2))?.(3)");
        parses_as("[4, 5]![2]", "factorial([4, 5])[2]");
        parses_as("'a;b'", "\"a;b\"");
        fails_at("[1, 2; 3]", "Column dimensions mismatch (1 !== 2)", 9);
        // At the token after `]`, as math.js reports it (its char 11 and 12).
        fails_at("[1, 2; 3] + 1", "Column dimensions mismatch (1 !== 2)", 10);
        fails_at("[1, 2; 3]  ", "Column dimensions mismatch (1 !== 2)", 11);
        // An implicit range end comes before `)`, `]`, `,` or the end, not before `;`.
        fails_at("pi:;cm", "Value expected", 3);
        // math.js's rows: a trailing comma before `;`, a trailing `;` before `]`.
        parses_as("[1, 2,; 3, 4]", "[[1, 2], [3, 4]]");
        parses_as("[1, 2;]", "[[1, 2]]");
        parses_as("[1; 2;]", "[[1], [2]]");
        fails_at("[1;;2]", "Value expected", 3);
        // `in` continues a product as the inch after a constant or a negated constant that is
        // the product so far (math.js's trees, printed by function names).
        parses_as(
            "-Infinity in!",
            "~multiply(unaryMinus(Infinity), factorial(in))",
        );
        parses_as(
            "-null in ? 1 : 2",
            "if(~multiply(unaryMinus(Null), in), 1, 2)",
        );
        parses_as("2 x in", "~multiply(~multiply(2, x), in)");
        parses_as("+5 in cm", "to(unaryPlus(5), cm)");
        parses_as("2 in x", "~multiply(~multiply(2, in), x)");
        parses_as("-\"s\" in", "~multiply(unaryMinus(\"s\"), in)");
        fails_at("nt 0b101 in!", "Value expected", 11);
        // Tokens are read as the parser asks for them (math.js's order): a syntax error before
        // an unterminated string or a bad number is the one reported; after it, the lexer's.
        fails_at("1/2 {a: \"b c: 2}", "Unexpected operator {", 4);
        fails_at(
            "x.b:g(x) = 2e-'",
            "Invalid left hand side of assignment operator =",
            9,
        );
        fails_at("1 + \"abc", "End of string \" expected", 8);
        fails_at("(1 + 2e-", "Digit expected, got \"\"", 5);
        fails_at("[1, ,2]", "Value expected", 4);
        parses_as("x[2:]", "x[range(2, end)]");
        fails_at("2[1]", "Unexpected operator [", 1);
        fails_at("0b102", "String \"0b102\" is not a valid number", 0);
    }

    #[test]
    fn lists_parse_alike_with_and_without_the_lexers_size_hints() {
        // Beyond the hinted depth the lists grow from a guess; the trees must not differ.
        let depth = crate::syntax::lexer::HINTED_DEPTH + 2;
        let text = format!(
            "{}[1, 2; 3, 4]{}",
            "f(".repeat(depth),
            ", {a: 1, b: 2})".repeat(depth)
        );
        let inner = "[[1, 2], [3, 4]]".to_owned();
        let expected = (0..depth).fold(inner, |acc, _| format!("f({acc}, {{a: 1, b: 2}})"));
        parses_as(&text, &expected);
        parses_as("[1, 2, 3; 4, 5, 6]", "[[1, 2, 3], [4, 5, 6]]");
        // Uneven rows (the hint's guess of the width is wrong for both) still fail alike.
        fails_at(
            "[1, 2, 3, 4; 5, 6]",
            "Column dimensions mismatch (2 !== 4)",
            18,
        );
    }

    #[test]
    fn statements_and_newlines() {
        parses_as("1 +\n 2", "add(1, 2)");
        parses_as("[1,\n2]", "[1, 2]");
        parses_as("1; 2", "block@1(1; 2)");
        parses_as("1;", "block@1(1)");
        parses_as("1\n", "block@1(1)");
        parses_as(";", "block@0()");
        parses_as("#c\n1", "block@2(1)");
        parses_as("# only a comment", "Undefined");
        fails_at("1 +", "Unexpected end of expression", 3);
        fails_at("(1", "Parenthesis ) expected", 2);
    }

    #[test]
    fn the_deepest_nesting_that_fits_in_1000_characters_parses_on_the_documented_stack() {
        // 500 nested parentheses, 999 signs, 1,000 open brackets: within the 1,000-character limit.
        let handle = std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn(|| {
                let parens = format!("{}1{}", "(".repeat(500), ")".repeat(500));
                let signs = format!("{}1", "-".repeat(999));
                (
                    parse(&parens).is_ok(),
                    parse(&signs).is_ok(),
                    parse(&"[".repeat(1000)).is_err(),
                )
            })
            .expect("thread");
        assert_eq!(
            handle.join().expect("no stack overflow"),
            (true, true, true)
        );
    }
}

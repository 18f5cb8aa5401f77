//! Plain arithmetic answered as it is parsed, without building a tree: the common request
//! (`2 * (3 + 4) - sin(pi / 6)`, `x^2 + y^2` with a scope) in number mode.
//!
//! Why: for such a request the tree costs more than the arithmetic. Its nodes are allocated one
//! by one, walked once and freed one by one, about half of the request's instructions. Here the
//! lexer's tokens are read by a small recursive-descent parser over a subset of the grammar
//! whose every construct means what the full parser (`syntax/parser/`) and the evaluator
//! (`eval/`) make of it, and each construct is computed by the same functions the evaluator
//! calls for it on numbers:
//!
//! - number literals (digits, a point, an exponent; no prefixed literal) and the names `NaN`
//!   and `Infinity`;
//! - names that read as numbers (the scope's variables, `pi`, `e`, ...);
//! - calls of built-ins by name (`sin`, `max`, `gcd`, `mean`, `det`, ...), each argument an
//!   expression of this subset, an array literal of them (`[1, 2, 3]`, `[4, 7; 2, 6]`) or a
//!   string literal in double quotes (`std([2, 4, 6], "uncorrected")`): a row the evaluator
//!   calls on plain numbers straight away is called so, any other as the evaluator calls it
//!   once its arguments are evaluated;
//! - parentheses, prefix `-` and `+`, postfix `!`, and the binary `+ - * / ^` and `%` (the
//!   modulo, where an operand follows it; a percentage is left alone) with math.js's
//!   precedence and associativity (`^` right-associative over a prefixed exponent: `2^-3^2` is
//!   `2^(-(3^2))`; `-2^2` is `-(2^2)`; `2^3!` is `2^(3!)`);
//! - implicit products where a name or `(` follows an operand (`2 x y`, `2 (3 + 4)`), whose
//!   rules are simple there; one after a number literal (`1/2 x`, rule 2) is left alone;
//! - at the top, one comparison (`x >= 2`) or a conditional on it or on a number, with sums
//!   for branches (`a > b ? a - b : b - a`).
//!
//! A call that is the whole expression may answer any value (`isPrime(7919)`, `sqrt(-4)`,
//! `inv([4, 7; 2, 6])`).
//! Anything else gives up: another token, a value that is not a number where an operator
//! meets it (a Complex square root, a matrix, a Boolean, a function), a function math.js hands
//! its arguments unevaluated (`map`, `and`), an error of any kind, or nesting deeper than
//! [`MAX_DEPTH`]. The caller then parses the same tokens and evaluates the expression in full,
//! from the start, so every error, position and answer not made here still comes from the
//! general path. A byte filter ([`may_answer`]) and a token scan ([`plausible`]) turn most such
//! expressions away before anything is computed.
//!
//! The work spent is counted as the general path counts it: one unit per node it would have
//! evaluated, charged once on success, and what a called function or an array's build charges
//! the evaluator as it goes. The evaluator is the request's own, dropped when this gives up (the
//! general path makes its own). So a request given up after a call that spent work does that
//! work twice: each time within the work budget, so at most twice the budget in all (a
//! function's error, a call returning a matrix where a number is needed, `zeros(500, 500) + 1`,
//! or a give-up after such a call, `bellNumbers(20) + nope`, are the ways there).
//!
//! Unit tests hold both paths equal, answer and work units, on hand-picked and generated
//! expressions; the differential test against math.js runs through both.

use crate::eval::{Evaluator, number_binary, number_literal, plain_numbers, short_decimal};
use crate::functions::{Builtin, Imp, Path, builtin_entry};
use crate::syntax::lexer::{Lexed, P, Tok, Token};
use crate::value::Value;
use crate::value::matrix::Matrix;

/// The deepest nesting (parentheses, calls, prefix operators and exponents) tried here; deeper
/// expressions take the general path, whose own limits then apply.
const MAX_DEPTH: u32 = 64;

/// The most number arguments a call keeps on the stack (as the evaluator's stack path for
/// numbers); a call with more, or with an array, makes a vector of them.
const MAX_ARGUMENTS: usize = 4;

/// Whether `expression` is made only of the characters this module reads: ASCII letters,
/// digits, `_ $ .`, blanks and `+ - * / % ^ ! < > = ? : ( ) , [ ] ; "`. A look of one table
/// read a byte, before anything is lexed: an expression with any other character (`{`, `'`,
/// `&`, `|`, a newline, anything not ASCII, even inside a string) goes straight to the general
/// path, and pays nothing more for this module. So does one that starts with `[` (a matrix literal,
/// `[1, 2; 3, 4] * [5; 6]`): an array is read here only as a call's argument.
pub(crate) fn may_answer(expression: &str) -> bool {
    !expression.starts_with('[') && expression.bytes().all(|b| READ[usize::from(b)])
}

/// [`may_answer`]'s characters, by byte.
static READ: [bool; 256] = {
    let mut read = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        read[b] = c.is_ascii_alphanumeric()
            || matches!(
                c,
                b'_' | b'$'
                    | b'.'
                    | b' '
                    | b'\t'
                    | b'+'
                    | b'-'
                    | b'*'
                    | b'/'
                    | b'^'
                    | b'!'
                    | b'%'
                    | b'<'
                    | b'>'
                    | b'='
                    | b'?'
                    | b':'
                    | b'('
                    | b')'
                    | b','
                    | b'['
                    | b']'
                    | b';'
                    | b'"'
            );
        b += 1;
    }
    read
};

/// The value of the ASCII `expression` (lexed into `tokens`, without a lexical error) and the
/// work units the general path would charge for its nodes (what called functions and array
/// builds spend is charged to `evaluator` as they go), when the expression is one this module
/// answers; `None` when the general path must answer it. `evaluator` holds the request's
/// variables; it is the request's own, and spent when this gives up.
pub(crate) fn evaluate(
    expression: &str,
    lexed: &Lexed,
    evaluator: &mut Evaluator,
) -> Option<(Value, u64)> {
    let tokens = &lexed.tokens[..];
    let mut quick = Quick {
        source: expression,
        tokens,
        strings: &lexed.strings,
        pos: 0,
        evaluator,
        units: 0,
        depth: 0,
        whole_call: None,
        untaken: false,
    };
    let first = quick.sum()?;
    let value = if quick.pos == tokens.len() {
        quick.whole_call.take().unwrap_or(Value::Number(first))
    } else {
        quick.comparison_or_conditional(first)?
    };
    Some((value, quick.units))
}

/// Whether the tokens of `expression` are only those [`evaluate`] reads, in an order it may
/// accept: a cheap look (a few instructions a token) that turns away most expressions it would
/// give up on, before an evaluator is made or anything computed. Operands and operators must
/// alternate, but for an implicit product (a name or `(` right after an operand; never a
/// number, whose rules are left to the parser): after an operand, a binary operator, `!`, `,`,
/// `)`, a name or `(`; before one, a prefix `+` or `-`, `(`, a number or a name; a name
/// followed by `(` is a call, whose `)` may come at once. Parentheses must balance; a
/// comparison and `?` only outside them, a `:` only outside them after a `?`. A `[` only right
/// after a `(` or a `,` outside brackets, inside parentheses (an array argument), never inside
/// another `[`; its `]` followed by a `,` or a `)`, and a `;` only inside it. A string in the
/// same places as a `[`, followed as its `]` is (a string argument). The name `i` (the
/// imaginary unit, a Complex) is turned away too. The full check is the parse itself.
pub(crate) fn plausible(expression: &str, tokens: &[Token]) -> bool {
    let mut operand_expected = true;
    let mut after_call = false;
    let mut open: u32 = 0;
    let mut brackets: u32 = 0;
    // The previous token was a `(`, or a `,` outside brackets: an array may open here.
    let mut array_may_open = false;
    // The previous token closed an array or was a string: a `,` or `)` must follow.
    let mut argument_closed = false;
    let mut questions = 0;
    for token in tokens {
        let may_open = std::mem::replace(&mut array_may_open, false);
        if std::mem::replace(&mut argument_closed, false)
            && !matches!(token.tok, Tok::Punct(P::Comma | P::RParen))
        {
            return false;
        }
        let Tok::Punct(p) = token.tok else {
            // A number or a name (not a named operator) is an operand; a number only where one
            // is expected. A string or a newline is never read here.
            let fits = match token.tok {
                Tok::Number => operand_expected,
                Tok::Str => {
                    argument_closed = true;
                    operand_expected && may_open && open > 0 && brackets == 0
                }
                Tok::Name(false) => {
                    let span = token.span();
                    expression.get(span.start..span.end) != Some("i")
                }
                _ => false,
            };
            if !fits {
                return false;
            }
            operand_expected = false;
            after_call = false;
            continue;
        };
        match p {
            P::Plus | P::Minus => operand_expected = true,
            P::Star | P::Slash | P::Percent | P::Caret | P::Comma if !operand_expected => {
                operand_expected = true;
            }
            P::Lt | P::Gt | P::Le | P::Ge | P::EqEq | P::NotEq
                if !operand_expected && open == 0 =>
            {
                operand_expected = true;
            }
            P::Question if !operand_expected && open == 0 => {
                questions += 1;
                operand_expected = true;
            }
            P::Colon if !operand_expected && open == 0 && questions > 0 => {
                questions -= 1;
                operand_expected = true;
            }
            // After a name, `(` opens its call (or an implicit product: the parse tells).
            P::LParen => {
                after_call = !operand_expected;
                operand_expected = true;
                open += 1;
            }
            P::LBracket if operand_expected && may_open && open > 0 && brackets == 0 => {
                brackets += 1;
            }
            P::RBracket if !operand_expected && brackets > 0 => {
                brackets -= 1;
                after_call = false;
                argument_closed = true;
                continue;
            }
            P::Semicolon if !operand_expected && brackets > 0 => operand_expected = true,
            P::Bang if !operand_expected => continue,
            P::RParen if open > 0 && (!operand_expected || after_call) => {
                operand_expected = false;
                after_call = false;
                open -= 1;
                continue;
            }
            _ => return false,
        }
        if p != P::LParen {
            after_call = false;
        }
        array_may_open = p == P::LParen || (p == P::Comma && brackets == 0);
    }
    !operand_expected && open == 0 && brackets == 0
}

/// The number a value is, if it is one. (A number owns nothing: it is not handed to `Value`'s
/// drop glue, an out-of-line call of some twenty instructions.)
#[inline]
fn number(value: Value) -> Option<f64> {
    if let Value::Number(x) = value {
        std::mem::forget(value);
        return Some(x);
    }
    None
}

/// The parser-evaluator's state.
struct Quick<'a> {
    source: &'a str,
    tokens: &'a [Token],
    /// The string literals' texts, by [`Token::string_index`].
    strings: &'a [String],
    pos: usize,
    evaluator: &'a mut Evaluator,
    /// Nodes the general path would have evaluated so far (one work unit each).
    units: u64,
    depth: u32,
    /// The value of a call that is the whole expression when it is not a number
    /// (`isPrime(7919)`, `sqrt(-4)`): the answer, which no operator meets.
    whole_call: Option<Value>,
    /// Reading a conditional's branch that is not taken: nothing may spend the evaluator's work.
    untaken: bool,
}

impl Quick<'_> {
    /// The current token, if any.
    #[inline]
    fn peek(&self) -> Option<Tok> {
        self.tokens.get(self.pos).map(|t| t.tok)
    }

    /// The punctuation of the current token, if it is one.
    #[inline]
    fn punct(&self) -> Option<P> {
        match self.peek() {
            Some(Tok::Punct(p)) => Some(p),
            _ => None,
        }
    }

    /// A binary operator of `op` applied to two numbers, as the evaluator applies it (one node).
    #[inline]
    fn binary(&mut self, op: crate::syntax::ast::Op, x: f64, y: f64) -> Option<f64> {
        self.units += 1;
        number(number_binary(op, x, y)?)
    }

    /// One level deeper, or `None` past [`MAX_DEPTH`].
    #[inline]
    fn enter(&mut self) -> Option<()> {
        self.depth += 1;
        (self.depth <= MAX_DEPTH).then_some(())
    }

    /// What may follow the whole expression's first sum `left`, to its end: one comparison
    /// (`x > 2`, a Boolean), a conditional whose condition is that comparison or `left` itself
    /// (`a > b ? a - b : b - a`, `x ? 1 : 2`), with sums for branches. A chain of comparisons
    /// (`1 < x < 2`), a nested conditional, or anything else gives up.
    fn comparison_or_conditional(&mut self, left: f64) -> Option<Value> {
        use crate::syntax::ast::Op;
        let op = match self.punct()? {
            P::Lt => Op::Smaller,
            P::Gt => Op::Larger,
            P::Le => Op::SmallerEq,
            P::Ge => Op::LargerEq,
            P::EqEq => Op::Equal,
            P::NotEq => Op::Unequal,
            // A number's truth, as the evaluator's `condition_true` reads it.
            P::Question => return self.conditional(left != 0.0 && !left.is_nan()),
            _ => return None,
        };
        self.pos += 1;
        let right = self.sum()?;
        self.units += 1;
        let Value::Boolean(holds) = number_binary(op, left, right)? else {
            return None;
        };
        if self.pos == self.tokens.len() {
            return Some(Value::Boolean(holds));
        }
        if self.punct() != Some(P::Question) {
            return None;
        }
        self.conditional(holds)
    }

    /// `? then : otherwise` to the end (the current token is the `?`), after a condition that
    /// `holds` or not. Both branches are read (a failing one gives up, as either may), but only
    /// the taken one's work is counted, as the evaluator evaluates only that one. The branch not
    /// taken gives up rather than spend the evaluator's own work (an array built, a call through
    /// the evaluator): that could not be taken back, and could be all the budget.
    fn conditional(&mut self, holds: bool) -> Option<Value> {
        self.pos += 1;
        self.units += 1;
        let before = self.units;
        self.untaken = !holds;
        let then = self.sum()?;
        if self.punct() != Some(P::Colon) {
            return None;
        }
        self.pos += 1;
        let between = self.units;
        self.untaken = holds;
        let otherwise = self.sum()?;
        self.untaken = false;
        if self.pos != self.tokens.len() {
            return None;
        }
        if holds {
            self.units = between;
            Some(Value::Number(then))
        } else {
            self.units = before + (self.units - between);
            Some(Value::Number(otherwise))
        }
    }

    /// `term (('+' | '-') term)*`, left-associative: math.js's additive level, with nothing
    /// above it (no range, conversion, comparison, logic or conditional: their tokens end the
    /// expression here and the caller gives up on them).
    fn sum(&mut self) -> Option<f64> {
        let mut x = self.product()?;
        loop {
            let op = match self.punct() {
                Some(P::Plus) => crate::syntax::ast::Op::Add,
                Some(P::Minus) => crate::syntax::ast::Op::Subtract,
                _ => return Some(x),
            };
            self.pos += 1;
            let y = self.product()?;
            x = self.binary(op, x, y)?;
        }
    }

    /// `implicit (('*' | '/' | '%') implicit)*`, left-associative. Whatever else follows an
    /// operand (a number: an implicit product under rules left to the parser; a percentage,
    /// `'`, `mod`, `.*`, ...) is not taken, so the whole expression is given up.
    ///
    /// A `/` followed by a number and then a name or `(` is given up as well: after a number
    /// literal that is math.js's rule 2 (`1/2 x` is `(1/2) x`, not `1/(2 x)`), and elsewhere
    /// the implicit product after a number.
    fn product(&mut self) -> Option<f64> {
        let mut x = self.implicit()?;
        loop {
            let op = match self.punct() {
                Some(P::Star) => crate::syntax::ast::Op::Multiply,
                Some(P::Slash) => {
                    let ahead = |n: usize| self.tokens.get(self.pos + n).map(|t| t.tok);
                    if ahead(1) == Some(Tok::Number)
                        && matches!(ahead(2), Some(Tok::Name(_) | Tok::Punct(P::LParen)))
                    {
                        return None;
                    }
                    crate::syntax::ast::Op::Divide
                }
                // `%` before an operand is the modulo (as the parser tells it); any other is a
                // percentage, left to the general path.
                Some(P::Percent) => match self.tokens.get(self.pos + 1).map(|t| t.tok) {
                    Some(
                        Tok::Number | Tok::Name(_) | Tok::Punct(P::LParen | P::Plus | P::Minus),
                    ) => crate::syntax::ast::Op::ModSign,
                    _ => return None,
                },
                _ => return Some(x),
            };
            self.pos += 1;
            let y = self.implicit()?;
            x = self.binary(op, x, y)?;
        }
    }

    /// `unary (power)*` where each further factor starts with a name or `(`: math.js's implicit
    /// product (`2 x y` is `(2 x) y`, `2 x^2` is `2 (x^2)`, `-2 x` is `(-2) x`, `2 (3)`, `2
    /// sin(x)`), left-associative, one multiplication node each.
    #[inline]
    fn implicit(&mut self) -> Option<f64> {
        let mut x = self.unary()?;
        while matches!(self.peek(), Some(Tok::Name(false) | Tok::Punct(P::LParen))) {
            let y = self.power()?;
            x = self.binary(crate::syntax::ast::Op::Multiply, x, y)?;
        }
        Some(x)
    }

    /// `('-' | '+') unary`, or a power.
    fn unary(&mut self) -> Option<f64> {
        let negate = match self.punct() {
            Some(P::Minus) => true,
            Some(P::Plus) => false,
            _ => return self.power(),
        };
        self.pos += 1;
        self.enter()?;
        let x = self.unary()?;
        self.depth -= 1;
        self.units += 1;
        Some(if negate { -x } else { x })
    }

    /// `operand '!'* ('^' unary)?`: the exponent is a unary expression, which takes any
    /// further `^` (right-associative); a factorial binds tighter than either (`2^3!` is
    /// `2^(3!)`, `-3!` is `-(3!)`, `3!!` is `(3!)!`).
    fn power(&mut self) -> Option<f64> {
        let mut base = self.operand()?;
        while self.punct() == Some(P::Bang) {
            // As the evaluator's factorial of a number: a negative one is its error.
            self.pos += 1;
            self.units += 1;
            if base < 0.0 {
                return None;
            }
            base = crate::functions::gamma(base + 1.0);
        }
        if self.punct() != Some(P::Caret) {
            return Some(base);
        }
        self.pos += 1;
        self.enter()?;
        let exponent = self.unary()?;
        self.depth -= 1;
        self.binary(crate::syntax::ast::Op::Pow, base, exponent)
    }

    /// A number literal, a name, a call or a parenthesised expression.
    fn operand(&mut self) -> Option<f64> {
        let token = *self.tokens.get(self.pos)?;
        let span = token.span();
        match token.tok {
            Tok::Number => {
                let raw = self.source.get(span.start..span.end)?;
                self.pos += 1;
                self.units += 1;
                // The common literal, read as the evaluator reads it first.
                if let Some(x) = short_decimal(raw) {
                    return Some(x);
                }
                // Digits, a point and an exponent only: a prefixed literal (`0x1F`) is checked
                // by the parser as it reads it, which the general path does.
                if !raw
                    .bytes()
                    .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'))
                {
                    return None;
                }
                number(number_literal(raw, span.start).ok()?)
            }
            // A named operator (`not`, `mod`, ...) in operand position is left to the parser.
            Tok::Name(false) => {
                let name = self.source.get(span.start..span.end)?;
                self.pos += 1;
                if self.punct() == Some(P::LParen) {
                    let first = self.pos == 1;
                    let value = self.call(name, span.start)?;
                    if let Value::Number(x) = value {
                        std::mem::forget(value);
                        return Some(x);
                    }
                    if first && self.pos == self.tokens.len() {
                        self.whole_call = Some(value);
                        return Some(0.0);
                    }
                    return None;
                }
                self.units += 1;
                match name {
                    "NaN" => Some(f64::NAN),
                    "Infinity" => Some(f64::INFINITY),
                    "true" | "false" | "null" | "undefined" => None,
                    _ => number(self.evaluator.symbol(name, span.start).ok()?),
                }
            }
            Tok::Punct(P::LParen) => {
                self.pos += 1;
                self.enter()?;
                let x = self.sum()?;
                self.depth -= 1;
                if self.punct() != Some(P::RParen) {
                    return None;
                }
                self.pos += 1;
                self.units += 1;
                Some(x)
            }
            _ => None,
        }
    }

    /// `name(arguments)` (the current token is the `(`, `at` the name's offset): a built-in not
    /// shadowed by a variable, none the request's static checks look at (aliases such as `ln`,
    /// which they rename, and the operations), and none math.js hands its arguments
    /// unevaluated (`map`, `and`, ...). Each argument is an expression of this subset, an array
    /// literal of them ([`Quick::array`]) or a string ([`Quick::string`]). On at most four
    /// numbers, a row the evaluator calls on plain numbers straight away is called so
    /// (`Evaluator::call_plain`, `Evaluator::call_number_values`); any other call goes as the
    /// evaluator's `apply` sends it on once the arguments are evaluated
    /// ([`Evaluator::call_with_values`]). An error gives up, for the general path to report.
    fn call(&mut self, name: &str, at: usize) -> Option<Value> {
        if matches!(
            name,
            "NaN" | "Infinity" | "true" | "false" | "null" | "undefined"
        ) || crate::syntax::parser::call_needs_review(name)
            || self.evaluator.read_name(name).is_some()
        {
            return None;
        }
        let (row, path) = builtin_entry(name)?;
        self.pos += 1;
        self.enter()?;
        let mut numbers = [0.0; MAX_ARGUMENTS];
        let mut count = 0;
        if self.punct() != Some(P::RParen) {
            loop {
                if count == MAX_ARGUMENTS
                    || matches!(self.peek(), Some(Tok::Punct(P::LBracket) | Tok::Str))
                {
                    // An array, a string, or a fifth argument: the rest as values.
                    return self.call_on_values(row, name, at, values_of(&numbers[..count]));
                }
                *numbers.get_mut(count)? = self.sum()?;
                count += 1;
                match self.punct()? {
                    P::Comma => self.pos += 1,
                    P::RParen => break,
                    _ => return None,
                }
            }
        }
        // The `)`.
        self.pos += 1;
        self.depth -= 1;
        self.units += 1;
        if row.arity.admits(count) {
            match (path, row.imp) {
                (Path::Plain, _) => {
                    if let Some(result) = plain_numbers(row, &numbers[..count]) {
                        return result.ok();
                    }
                }
                (Path::NumberValues, Imp::Values(f)) => {
                    let values = numbers.map(Value::Number);
                    return f(&values[..count]).ok();
                }
                _ => {}
            }
        }
        self.call_evaluated(row, name, at, values_of(&numbers[..count]))
    }

    /// The rest of [`Quick::call`]'s arguments (the current token starts the next one), after
    /// the `values` read so far, and the call. Out of line, as is [`Quick::call_evaluated`]: the
    /// common call on a few numbers stays small.
    #[inline(never)]
    fn call_on_values(
        &mut self,
        row: &'static Builtin,
        name: &str,
        at: usize,
        mut values: Vec<Value>,
    ) -> Option<Value> {
        loop {
            let value = match self.peek()? {
                Tok::Punct(P::LBracket) => self.array()?,
                Tok::Str => self.string()?,
                _ => Value::Number(self.sum()?),
            };
            values.push(value);
            match self.punct()? {
                P::Comma => self.pos += 1,
                P::RParen => break,
                _ => return None,
            }
        }
        // The `)`.
        self.pos += 1;
        self.depth -= 1;
        self.units += 1;
        self.call_evaluated(row, name, at, values)
    }

    /// The call of `row` on its evaluated arguments, as the evaluator's `apply` makes it, unless
    /// math.js hands the function its arguments unevaluated (`map`, `and`, ...; no row taking
    /// plain numbers is one).
    #[inline(never)]
    fn call_evaluated(
        &mut self,
        row: &'static Builtin,
        name: &str,
        at: usize,
        values: Vec<Value>,
    ) -> Option<Value> {
        if self.untaken || row.facts.has(crate::functions::Facts::RAW_ARGUMENTS) {
            return None;
        }
        self.evaluator.call_with_values(row, name, values, at).ok()
    }

    /// A string literal (the current token), as the evaluator makes its node's value: one work
    /// unit. The two texts the request's stringifier guard looks for give up, to be judged there.
    fn string(&mut self) -> Option<Value> {
        let token = self.tokens.get(self.pos)?;
        let text = self.strings.get(token.string_index())?;
        if matches!(text.as_str(), "toString" | "toLocaleString") {
            return None;
        }
        self.pos += 1;
        self.units += 1;
        Some(Value::Str(text.clone().into()))
    }

    /// An element of an array literal: [`Quick::sum`], or, for a number literal a separator
    /// ends (the common element, `[1, 2, 3]`), the number read at once, as the levels of `sum`
    /// would read it.
    #[inline]
    fn element(&mut self) -> Option<f64> {
        let lone_literal = matches!(
            (self.peek(), self.tokens.get(self.pos + 1).map(|t| t.tok)),
            (
                Some(Tok::Number),
                Some(Tok::Punct(P::Comma | P::Semicolon | P::RBracket))
            )
        );
        if lone_literal {
            let span = self.tokens.get(self.pos)?.span();
            if let Some(x) = self
                .source
                .get(span.start..span.end)
                .and_then(short_decimal)
            {
                self.pos += 1;
                self.units += 1;
                return Some(x);
            }
        }
        self.sum()
    }

    /// An array literal of this subset's expressions (the current token is its `[`), built as
    /// the evaluator builds it (`Evaluator::array_literal`): `[a, b, c]` a vector, `[a, b; c,
    /// d]` a matrix of rows of one width. The literal's node and each row's (with `;`) are one
    /// work unit each, and each build is counted as the evaluator counts it. An empty literal
    /// or row, a trailing separator, rows of different widths, a nested array or an element
    /// that is not a number gives up.
    fn array(&mut self) -> Option<Value> {
        if self.untaken {
            return None;
        }
        let open = *self.tokens.get(self.pos)?;
        let at = open.span().start;
        self.pos += 1;
        self.enter()?;
        self.units += 1;
        // Sized by the lexer's count of the separators inside, as the parser sizes it.
        let mut data =
            Vec::with_capacity(usize::from(open.commas) + usize::from(open.semicolons) + 1);
        // The rows ended so far, when the literal has a `;`, and their width.
        let mut rows = 0;
        let mut width = 0;
        loop {
            let row_at = self.tokens.get(self.pos)?.span().start;
            let row_start = data.len();
            let end = loop {
                data.push(Value::Number(self.element()?));
                match self.punct()? {
                    P::Comma => self.pos += 1,
                    end @ (P::Semicolon | P::RBracket) => break end,
                    _ => return None,
                }
            };
            self.pos += 1;
            let row_width = data.len() - row_start;
            if end == P::Semicolon || rows > 0 {
                if rows > 0 && row_width != width {
                    return None;
                }
                width = row_width;
                rows += 1;
                self.units += 1;
                self.evaluator
                    .build("matrix", row_width as u64, row_at)
                    .ok()?;
            }
            if end == P::RBracket {
                break;
            }
            if self.punct() == Some(P::RBracket) {
                // A trailing `;`.
                return None;
            }
        }
        self.depth -= 1;
        self.evaluator.build("matrix", data.len() as u64, at).ok()?;
        let matrix = if rows > 0 {
            Matrix::new(vec![rows, width], data)
        } else {
            Matrix::vector(data)
        };
        Some(Value::matrix(matrix))
    }
}

/// Numbers as the values they are.
fn values_of(numbers: &[f64]) -> Vec<Value> {
    numbers.iter().map(|&x| Value::Number(x)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request;

    /// What the quick path answers for `expression` with `scope` (its value's text and work
    /// units), or `None` when it gives up.
    fn quick(expression: &str, scope: &serde_json::Value) -> Option<(String, u64)> {
        let input = serde_json::json!({"expression": expression, "scope": scope}).to_string();
        let request = request::decode(input.as_bytes()).ok()?;
        if !may_answer(&request.expression) {
            return None;
        }
        let (lexed, None) =
            crate::syntax::lexer::tokenize_until_error(request.expression.as_bytes())
        else {
            return None;
        };
        if !plausible(&request.expression, &lexed.tokens) {
            return None;
        }
        let mut evaluator =
            Evaluator::for_numeric_type(crate::used_scope(&request), request.numeric_type);
        let (value, units) = evaluate(&request.expression, &lexed, &mut evaluator)?;
        evaluator.charge(units).ok()?;
        Some((
            format!("{} {}", value.type_name(), value.format(None)),
            evaluator.work_used(),
        ))
    }

    /// What the general path answers: the value's text and work units, or the error.
    fn general(expression: &str, scope: &serde_json::Value) -> Result<(String, u64), String> {
        let input = serde_json::json!({"expression": expression, "scope": scope}).to_string();
        let request = request::decode(input.as_bytes()).map_err(|e| e.message.clone())?;
        let tree = request::prepare(&request).map_err(|e| e.message.clone())?;
        let mut evaluator =
            Evaluator::for_numeric_type(crate::used_scope(&request), request.numeric_type);
        let value = evaluator.eval(&tree).map_err(|e| e.message.clone())?;
        Ok((
            format!("{} {}", value.type_name(), value.format(None)),
            evaluator.work_used(),
        ))
    }

    /// Holds the quick answer, when there is one, equal to the general path's, work units
    /// included; tells whether there was one.
    fn agrees(expression: &str, scope: &serde_json::Value) -> bool {
        let Some(quick) = quick(expression, scope) else {
            return false;
        };
        assert_eq!(
            Ok(&quick),
            general(expression, scope).as_ref(),
            "{expression} with {scope}"
        );
        true
    }

    #[test]
    fn plain_arithmetic_is_answered_as_the_general_path_answers_it() {
        let scope = serde_json::json!({"x": 3, "y": -4.5, "e": 2, "big": 1e300});
        for expression in [
            "2 * (3 + 4) - sin(pi / 6)",
            "sqrt(16) + 2^10 / 4",
            "0.1 + 0.2",
            "1e21 / 3",
            "x^2 + 2 x y + y^2",
            "log(1000, 10) + log2(1024) + exp(1)",
            "atan2(1, 2) * 180 / pi",
            "gcd(462, 1071) + lcm(4, 6)",
            "max(3, 7, 2) - min(4, 9, 1)",
            "gamma(5.5) + combinations(20, 10)",
            // Precedence and associativity.
            "-2^2",
            "2^-3^2",
            "2^3^2",
            "-x^-2",
            "--3 - -+-4",
            "8 / 2 / 2 * 3",
            "2 - 3 - 4 + 5",
            // Implicit products: a name or `(` after an operand.
            "2 x y",
            "2 x^2 y",
            "-2 x",
            "2 (3 + 4)",
            "(1)(2)(3)",
            "2 sin(x)^2",
            "sin(1) x",
            "x y / y x",
            "2^x y",
            "Infinity x",
            // Names and constants: the scope's `e` shadows the constant.
            "e + pi + tau + phi + LN2 + SQRT1_2",
            "NaN + 1",
            "Infinity - Infinity",
            "big * big",
            "1e999999",
            // Calls: variadic, optional arguments, a whole-expression call of any value.
            "max(1)",
            "max(1, 2, 3, 4)",
            "log(8, 2)",
            "round(2.5)",
            "round(1234.5678, 2)",
            "isPrime(7919)",
            "sqrt(-4)",
            "isNaN(NaN)",
            "hypot(3, 4)",
            "  1\t+ 2  ",
            // Factorials bind tighter than powers and prefixes.
            "5! / (2! * 3!)",
            "2^3!",
            "-3!",
            "3!!",
            "(2 + 1)! x",
            "2.5!",
            "sin(1)!",
            "171!",
            // `%` before an operand is the modulo.
            "round(1234.5678, 2) * 3 % 7",
            "-7 % 3",
            "7 % -3",
            "5% + 1",
            "5 % (2) x",
            "2^10 % 7 % 3",
            // A comparison or a conditional at the top.
            "x > y",
            "x == 3",
            "0.1 + 0.2 == 0.3",
            "NaN != NaN",
            "x <= y ? x - y : y - x",
            "x >= y ? x - y : y - x",
            "x ? 1 : 2",
            "0 ? 1 : 2 x",
            "NaN ? 1 : 2",
            "5 != 2",
            "((((((((((1))))))))))",
            // Calls the evaluator makes once their arguments are evaluated: more than four
            // numbers, functions of the evaluator's own, array literals.
            "max(1, 2, 3, 4, 5)",
            "sum(1, 2)",
            "mean(1, 2)",
            "mean([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])",
            "std([2, 4, 4, 4, 5, 5, 7, 9])",
            "median([3, 1, 4, 1, 5, 9, 2, 6])",
            "quantileSeq([1, 2, 3, 4, 5], [0.25, 0.75])",
            "det([2, 1, 3; 4, 5, 6; 7, 8, 10])",
            "inv([4, 7; 2, 6])",
            "mean([1, 2; 3, 4])",
            "sum([x, y, 2 x y, sin(pi / 2)])",
            "max([1, 5, 3]) - min([4; 2])",
            "prod([1, 2, 3]) / mean([1; 2; 3])",
            "size([1, 2; 3, 4; 5, 6])",
            "transpose([1, 2; 3, 4])",
            "cumsum([1, 2, 3])",
            "mad([1, 2, 3, 4, 100])",
            "mode([1, 2, 2, 3])",
            "count([1, 2, 3])",
            "corr([1, 2, 3], [2, 4, 7])",
            "norm([3, 4])",
            "dot([1, 2, 3], [4, 5, 6])",
            "cross([1, 0, 0], [0, 1, 0])",
            "multiply([1, 2; 3, 4], [5; 6])",
            "add([1, 2], 3)",
            "mean([1e308, 1e308])",
            "mean([1])",
            "det([5])",
            "mean([1; 2])",
            "gcd([12, 18], 4)",
            "random(1, 1)",
            // String arguments.
            "std([2, 4, 6], \"uncorrected\")",
            "variance([1, 2, 3, 4], \"biased\") * 2",
            "std([1, 2; 3, 4], 1, \"unbiased\")",
            "sqrt(\"16\") + max(\"3\", 2)",
            "format(1/3, 3)",
            "concat(\"a\", \"b\")",
            "typeOf(\"\")",
            // A branch taken may spend the evaluator's work; one not taken spends nothing.
            "x > y ? mean([1, 2]) : 2",
            "x < y ? 2 : det([1, 2; 3, 4])",
        ] {
            assert!(agrees(expression, &scope), "{expression} was given up");
        }
    }

    #[test]
    fn everything_else_is_left_to_the_general_path() {
        let scope = serde_json::json!({"x": 3, "f": 2});
        for expression in [
            // Rule 2, and a number after an operand.
            "1/2 x",
            "1/2 (3)",
            "x 2",
            "(1) 2",
            // Characters and tokens read only by the general path.
            "(-3)!",
            "5! 2",
            "100 + 5%",
            "100 - 5% * 2",
            "5%",
            "(5%)",
            "7 mod 2",
            "[1, 2]",
            "[1, 2] + 1",
            "mean([1, 2] + 1)",
            "mean(([1, 2]))",
            "mean(1 + [1, 2])",
            "mean([1, 2])[1]",
            "mean([1, 2)",
            "mean([])",
            "mean([1, 2,])",
            "mean([1, 2;])",
            "mean([1, 2; 3])",
            "mean([[1, 2], [3, 4]])",
            "mean([1 < 2])",
            "mean([1:3])",
            "mean([i, 2])",
            "mean([x, sin])",
            "mean([sqrt(-1)])",
            "sum([1, 2], [1,])",
            "inv([1, 2; 3, 4]) + 1",
            "det([1, 2; 3, 4]",
            "map([1, 2], sin)",
            "filter([1, 2], isPrime)",
            "and(1, 2)",
            "mean(1; 2)",
            "1; 2",
            "f([1, 2])",
            // A branch not taken that would spend the evaluator's work: it cannot be taken back.
            "x < 2 ? mean([1, 2]) : 2",
            "x > 2 ? 2 : det([1, 2; 3, 4])",
            "x > 2 ? 2 : 1 + mean(1, 2)",
            "x = 3",
            "1 < 2 < 3",
            "(1 < 2)",
            "1 < 2 ? 3 : 4 ? 5 : 6",
            "1 ? 2 > 1 : 0",
            "1:3",
            "x > 1:3",
            "sin(1 > 2)",
            "x ?? 1",
            // Both branches are read: one that fails gives up, taken or not.
            "x < y ? 1 : nope",
            "x > 1 ? nope : 2",
            "\"2\" + 1",
            "2 in",
            "1\n2",
            "x.y",
            "0x1F + 1",
            // Values other than numbers, met by an operator or not the whole expression.
            "sqrt(-4) + 1",
            "2 i",
            "i",
            "sin",
            "sin + 1",
            "true + 1",
            "undefined",
            "isPrime(7) + 1",
            // Calls the general path makes: aliases, operations, variables, other paths,
            // wrong counts, too many arguments.
            "ln(2)",
            "arcsin(0.5)",
            "evaluate(2)",
            "f(2)",
            "x(2)",
            "pi(2)",
            "NaN(2)",
            "sin()",
            "sin(1, 2)",
            "mean()",
            "det([1, 2, 3])",
            "inv([1, 2; 2, 4])",
            "sqrt([1, 4, 9])",
            "max([1, 2], [3, 0])",
            "std([1, 2], \"nope\")",
            "sin(\"x\")",
            "\"a\" + 1",
            "std([1, 2], \"uncorrected\" + 1)",
            "max(\"toString\")",
            "max(\"a{\")",
            "max(\"é\")",
            "concat(\"a\", \"b\") + 1",
            // Failures: every one is the general path's to report.
            "nope + 1",
            "1 +",
            "(1",
            "1)",
            "sin(1,)",
            "",
        ] {
            assert_eq!(quick(expression, &scope), None, "{expression}");
        }
        // Nesting deeper than the quick path goes.
        let deep = format!("{}1{}", "(".repeat(65), ")".repeat(65));
        assert_eq!(quick(&deep, &scope), None);
        let deepest = format!("{}1{}", "(".repeat(64), ")".repeat(64));
        assert!(agrees(&deepest, &scope));
    }

    /// A pseudo-random generator (xorshift64), seeded: the same expressions every run.
    struct Random(u64);

    impl Random {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }

        fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
            items[self.below(items.len())]
        }
    }

    /// A random expression of the quick path's grammar and a little beyond it (`i`, `%`, a
    /// number after an operand, aliases, unknown names), `depth` levels deep at most.
    fn generated(random: &mut Random, depth: u32) -> String {
        const NUMBERS: &[&str] = &[
            "0", "1", "2", "3", "0.5", "10", "1e3", "2.5e-3", "1e21", "1e308", "7", ".5", "255",
        ];
        const NAMES: &[&str] = &[
            "x", "y", "pi", "e", "NaN", "Infinity", "tau", "i", "z", "true", "sin",
        ];
        const CALLS: &[&str] = &[
            "sin",
            "cos",
            "sqrt",
            "exp",
            "log",
            "abs",
            "max",
            "min",
            "round",
            "gcd",
            "pow",
            "atan2",
            "cbrt",
            "sign",
            "floor",
            "isPrime",
            "ln",
            "mean",
            "f",
            "hypot",
            "nthRoot",
            "median",
            "std",
            "sum",
            "prod",
            "det",
            "inv",
            "quantileSeq",
            "variance",
            "cumsum",
            "norm",
            "dot",
            "size",
            "mad",
            "map",
        ];
        const OPERATORS: &[&str] = &[
            " + ", " - ", " * ", " / ", "^", " ", "-", "*", " % ", "! + ", "!^", "! ", " < ",
            " == ", " ? ", " : ", " > ",
        ];
        if depth == 0 || random.below(3) == 0 {
            return match random.below(4) {
                0 => random.pick(NAMES).to_owned(),
                _ => random.pick(NUMBERS).to_owned(),
            };
        }
        match random.below(6) {
            0 => format!("({})", generated(random, depth - 1)),
            1 => format!(
                "{}{}",
                random.pick(&["-", "+"]),
                generated(random, depth - 1)
            ),
            2 => {
                let count = random.below(4);
                let args: Vec<String> = (0..count)
                    .map(|_| match random.below(4) {
                        0 => generated_array(random, depth - 1),
                        _ => generated(random, depth - 1),
                    })
                    .collect();
                format!("{}({})", random.pick(CALLS), args.join(", "))
            }
            _ => format!(
                "{}{}{}",
                generated(random, depth - 1),
                random.pick(OPERATORS),
                generated(random, depth - 1)
            ),
        }
    }

    /// A random array literal of [`generated`] elements: a vector, a matrix of rows written
    /// with `;` (of one width, or now and then not), and now and then something the quick path
    /// leaves alone (an empty literal, a trailing separator, a nested array).
    fn generated_array(random: &mut Random, depth: u32) -> String {
        let rows = 1 + random.below(3);
        let width = 1 + random.below(4);
        let mut text: Vec<String> = (0..rows)
            .map(|_| {
                let width = if random.below(8) == 0 {
                    1 + random.below(4)
                } else {
                    width
                };
                let row: Vec<String> = (0..width)
                    .map(|_| match random.below(3) {
                        0 => generated(random, depth.min(2)),
                        _ => random
                            .pick(&["1", "2", "-3", "0.5", "x", "y", "1e3", "0", "7"])
                            .into(),
                    })
                    .collect();
                row.join(", ")
            })
            .collect();
        match random.below(16) {
            0 => text.clear(),
            1 => text.push(String::new()),
            2 => text[0] = format!("[{}]", text[0]),
            3 => text[0].push(','),
            _ => {}
        }
        format!("[{}]", text.join("; "))
    }

    #[test]
    fn every_built_in_on_numbers_and_arrays_is_answered_alike_or_given_up() {
        const ARGUMENTS: &[&str] = &[
            "",
            "2",
            "0.5, 3",
            "-1, 2, 3",
            "1, 2, 3, 4, 5",
            "[1, 2, 3]",
            "[4, 7; 2, 6]",
            "[1, 2, 3], 2",
            "2, [1, 2]",
            "[4, 1; 2, 3], [1; 2]",
            "[0.25, 0.5], [1, 2]",
            "[1, 2, 3], [4, 5, 6]",
            "[2; 3]",
            "[1, -2, 3.5, 0], 1",
            "[1e308, -1e308]",
            "[x, 2 x; x^2, -x]",
            "[1, 2, 3], \"uncorrected\"",
            "\"2\"",
            "\"a\", \"b\"",
            "[1, 2; 3, 4], 1, \"biased\"",
            "2, \"3\"",
        ];
        let scope = serde_json::json!({"x": 3});
        let mut answered = 0;
        for row in crate::functions::BUILTINS {
            // Answers that differ call by call.
            if matches!(row.name, "random" | "randomInt" | "pickRandom") {
                continue;
            }
            for arguments in ARGUMENTS {
                if agrees(&format!("{}({arguments})", row.name), &scope) {
                    answered += 1;
                }
            }
        }
        eprintln!("{answered} calls answered by the quick path");
        assert!(answered > 700, "{answered} answered");
    }

    #[test]
    fn generated_expressions_are_answered_alike_or_given_up() {
        let scope = serde_json::json!({"x": 3, "y": -0.5, "f": 1});
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        let (mut answered, mut with_arrays) = (0, 0);
        const COUNT: usize = 20_000;
        // Functions of arrays, called on generated arrays, alone or as an operand.
        const ARRAY_CALLS: &[&str] = &[
            "mean",
            "median",
            "std",
            "variance",
            "sum",
            "prod",
            "max",
            "min",
            "det",
            "inv",
            "quantileSeq",
            "cumsum",
            "norm",
            "dot",
            "mad",
            "mode",
            "count",
            "size",
            "transpose",
            "corr",
            "add",
            "multiply",
            "sin",
        ];
        for n in 0..COUNT {
            let expression = if n % 4 == 0 {
                let second = match random.below(3) {
                    0 => String::new(),
                    1 => format!(", {}", generated_array(&mut random, 2)),
                    _ => format!(", {}", generated(&mut random, 1)),
                };
                let call = format!(
                    "{}({}{second})",
                    random.pick(ARRAY_CALLS),
                    generated_array(&mut random, 2)
                );
                match random.below(3) {
                    0 => format!("{} - {call}", generated(&mut random, 2)),
                    _ => call,
                }
            } else {
                generated(&mut random, 4)
            };
            if agrees(&expression, &scope) {
                answered += 1;
                with_arrays += usize::from(expression.contains('['));
            }
        }
        // Many of them take the quick path, so the comparison is of something.
        eprintln!(
            "{answered} of {COUNT} generated expressions answered by the quick path, \
             {with_arrays} with an array"
        );
        assert!(answered > COUNT / 4, "{answered} of {COUNT} answered");
        assert!(with_arrays > COUNT / 100, "{with_arrays} with an array");
    }
}

//! Plain arithmetic answered as it is parsed, without building a tree: the common request
//! (`2 * (3 + 4) - sin(pi / 6)`, `x^2 + y^2` with a scope) in number mode.
//!
//! Why: for such a request the tree costs more than the arithmetic. Its nodes are allocated one
//! by one, walked once and freed one by one, about half of the request's instructions. Here the
//! lexer's tokens are read by a small recursive-descent parser over a subset of the grammar
//! whose every construct means what the full parser (`parser.rs`) and evaluator (`eval.rs`)
//! make of it, and each construct is computed by the same functions the evaluator calls for it
//! on numbers:
//!
//! - number literals (digits, a point, an exponent; no prefixed literal) and the names `NaN`
//!   and `Infinity`;
//! - names that read as numbers (the scope's variables, `pi`, `e`, ...);
//! - calls of the built-ins that take plain numbers (`sin`, `max`, `gcd`, ...), by name, with at
//!   most four arguments, each an expression of this subset;
//! - parentheses, prefix `-` and `+`, postfix `!`, and the binary `+ - * / ^` and `%` (the
//!   modulo, where an operand follows it; a percentage is left alone) with math.js's
//!   precedence and associativity (`^` right-associative over a prefixed exponent: `2^-3^2` is
//!   `2^(-(3^2))`; `-2^2` is `-(2^2)`; `2^3!` is `2^(3!)`);
//! - implicit products where a name or `(` follows an operand (`2 x y`, `2 (3 + 4)`), whose
//!   rules are simple there; one after a number literal (`1/2 x`, rule 2) is left alone;
//! - at the top, one comparison (`x >= 2`) or a conditional on it or on a number, with sums
//!   for branches (`a > b ? a - b : b - a`).
//!
//! A call that is the whole expression may answer any value (`isPrime(7919)`, `sqrt(-4)`).
//! Anything else gives up: another token, a value that is not a number where an operator
//! meets it (a Complex square root, a Boolean, a function), a call the general path would
//! take, an error of any kind, or nesting deeper than [`MAX_DEPTH`]. The caller then parses the
//! same tokens and evaluates the expression in full, from the start, so every error, position
//! and non-number answer still comes from the general path. A byte filter ([`may_answer`]) and
//! a token scan ([`plausible`]) turn most such expressions away before anything is computed.
//! Nothing here writes to the evaluator, and the work spent is counted as the general path
//! counts it (one unit per node it would have evaluated), to be charged once on success.
//!
//! Unit tests hold both paths equal, answer and work units, on hand-picked and generated
//! expressions; the differential test against math.js runs through both.

use crate::eval::{Evaluator, number_binary, number_literal, plain_numbers, short_decimal};
use crate::functions::{Imp, Path, builtin_entry};
use crate::lexer::{P, Tok, Token};
use crate::value::Value;

/// The deepest nesting (parentheses, calls, prefix operators and exponents) tried here; deeper
/// expressions take the general path, whose own limits then apply.
const MAX_DEPTH: u32 = 64;

/// The most arguments a call may have here (as the evaluator's stack path for numbers).
const MAX_ARGUMENTS: usize = 4;

/// Whether `expression` is made only of the characters this module reads: ASCII letters,
/// digits, `_ $ .`, blanks and `+ - * / % ^ ! < > = ? : ( ) ,`. A look of one table read a
/// byte, before anything is lexed: an expression with any other character (`[`, `{`, `'`, a
/// quote, `&`, `|`, `;`, a newline, anything not ASCII) goes straight to the general path, and
/// pays nothing more for this module.
pub(crate) fn may_answer(expression: &str) -> bool {
    expression.bytes().all(|b| READ[usize::from(b)])
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
            );
        b += 1;
    }
    read
};

/// The value of the ASCII `expression` (lexed into `tokens`, without a lexical error) and the
/// work units the general path would charge for it, when the expression is plain arithmetic
/// this module answers; `None` when the general path must answer it. `evaluator` holds the
/// request's variables and is only read.
pub(crate) fn evaluate(
    expression: &str,
    tokens: &[Token],
    evaluator: &Evaluator,
) -> Option<(Value, u64)> {
    let mut quick = Quick {
        source: expression,
        tokens,
        pos: 0,
        evaluator,
        units: 0,
        depth: 0,
        whole_call: None,
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
/// followed by `(` is a call, whose `)` may come at once. Brackets must balance; a comparison
/// and `?` only outside them, a `:` only outside them after a `?`. The name `i` (the imaginary
/// unit, a Complex) is turned away too. The full check is the parse itself.
pub(crate) fn plausible(expression: &str, tokens: &[Token]) -> bool {
    let mut operand_expected = true;
    let mut after_call = false;
    let mut open: u32 = 0;
    let mut questions = 0;
    for token in tokens {
        let Tok::Punct(p) = token.tok else {
            // A number or a name (not a named operator) is an operand; a number only where one
            // is expected. A string or a newline is never read here.
            let fits = match token.tok {
                Tok::Number => operand_expected,
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
    }
    !operand_expected && open == 0
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
    pos: usize,
    evaluator: &'a Evaluator,
    /// Nodes the general path would have evaluated so far (one work unit each).
    units: u64,
    depth: u32,
    /// The value of a call that is the whole expression when it is not a number
    /// (`isPrime(7919)`, `sqrt(-4)`): the answer, which no operator meets.
    whole_call: Option<Value>,
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
    fn binary(&mut self, op: crate::ast::Op, x: f64, y: f64) -> Option<f64> {
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
        use crate::ast::Op;
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
    /// the taken one's work is counted, as the evaluator evaluates only that one.
    fn conditional(&mut self, holds: bool) -> Option<Value> {
        self.pos += 1;
        self.units += 1;
        let before = self.units;
        let then = self.sum()?;
        if self.punct() != Some(P::Colon) {
            return None;
        }
        self.pos += 1;
        let between = self.units;
        let otherwise = self.sum()?;
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
                Some(P::Plus) => crate::ast::Op::Add,
                Some(P::Minus) => crate::ast::Op::Subtract,
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
                Some(P::Star) => crate::ast::Op::Multiply,
                Some(P::Slash) => {
                    let ahead = |n: usize| self.tokens.get(self.pos + n).map(|t| t.tok);
                    if ahead(1) == Some(Tok::Number)
                        && matches!(ahead(2), Some(Tok::Name(_) | Tok::Punct(P::LParen)))
                    {
                        return None;
                    }
                    crate::ast::Op::Divide
                }
                // `%` before an operand is the modulo (as the parser tells it); any other is a
                // percentage, left to the general path.
                Some(P::Percent) => match self.tokens.get(self.pos + 1).map(|t| t.tok) {
                    Some(
                        Tok::Number | Tok::Name(_) | Tok::Punct(P::LParen | P::Plus | P::Minus),
                    ) => crate::ast::Op::ModSign,
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
            x = self.binary(crate::ast::Op::Multiply, x, y)?;
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
        self.binary(crate::ast::Op::Pow, base, exponent)
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
                    let value = self.call(name)?;
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

    /// `name(arguments)` (the current token is the `(`): a built-in the evaluator calls on plain
    /// numbers straight away (`Evaluator::call_plain` and `Evaluator::call_number_values`),
    /// not shadowed by a variable, and none the request's static checks look at (aliases such
    /// as `ln`, which they rename, and the operations).
    fn call(&mut self, name: &str) -> Option<Value> {
        if matches!(
            name,
            "NaN" | "Infinity" | "true" | "false" | "null" | "undefined"
        ) || crate::parser::call_needs_review(name)
            || self.evaluator.read_name(name).is_some()
        {
            return None;
        }
        // A built-in the general path calls otherwise (`sum`, `mean`, `map`, ...) gives up
        // before its arguments are computed.
        let (row, path) = builtin_entry(name)?;
        if !matches!(path, Path::Plain)
            && !matches!((path, row.imp), (Path::NumberValues, Imp::Values(_)))
        {
            return None;
        }
        self.pos += 1;
        self.enter()?;
        let mut numbers = [0.0; MAX_ARGUMENTS];
        let mut count = 0;
        if self.punct() != Some(P::RParen) {
            loop {
                let x = self.sum()?;
                *numbers.get_mut(count)? = x;
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
        if !row.arity.admits(count) {
            return None;
        }
        let result = match (path, row.imp) {
            (Path::Plain, _) => plain_numbers(row, &numbers[..count])?,
            (Path::NumberValues, Imp::Values(f)) => {
                let values = numbers.map(Value::Number);
                f(&values[..count])
            }
            _ => return None,
        };
        result.ok()
    }
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
        let (lexed, None) = crate::lexer::tokenize_until_error(request.expression.as_bytes())
        else {
            return None;
        };
        if !plausible(&request.expression, &lexed.tokens) {
            return None;
        }
        let evaluator =
            Evaluator::for_numeric_type(crate::used_scope(&request), request.numeric_type);
        let (value, units) = evaluate(&request.expression, &lexed.tokens, &evaluator)?;
        Some((
            format!("{} {}", value.type_name(), value.format(None)),
            units,
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
            "sum(1, 2)",
            "mean(1, 2)",
            "sin()",
            "sin(1, 2)",
            "max(1, 2, 3, 4, 5)",
            "random()",
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
            "sin", "cos", "sqrt", "exp", "log", "abs", "max", "min", "round", "gcd", "pow",
            "atan2", "cbrt", "sign", "floor", "isPrime", "ln", "mean", "f", "hypot", "nthRoot",
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
                let args: Vec<String> = (0..count).map(|_| generated(random, depth - 1)).collect();
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

    #[test]
    fn generated_expressions_are_answered_alike_or_given_up() {
        let scope = serde_json::json!({"x": 3, "y": -0.5, "f": 1});
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        let mut answered = 0;
        const COUNT: usize = 20_000;
        for _ in 0..COUNT {
            let expression = generated(&mut random, 4);
            if agrees(&expression, &scope) {
                answered += 1;
            }
        }
        // Many of them take the quick path, so the comparison is of something.
        eprintln!("{answered} of {COUNT} generated expressions answered by the quick path");
        assert!(answered > COUNT / 4, "{answered} of {COUNT} answered");
    }
}

//! The expression language: the tokeniser (`lexer`), the parser (`parser`) and the tree it builds
//! (`ast`, shaped like math.js's, with the positions errors report), the checks and alias
//! renaming made on the tree before evaluation (`checks`), the names math.js resolves (`names`),
//! the shared text of string literals (`text`), and the numeric types literals are read in.

pub mod ast;
pub(crate) mod checks;
pub(crate) mod lexer;
pub(crate) mod names;
pub(crate) mod parser;
pub(crate) mod text;

/// How number literals are read and computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumericType {
    /// Binary64 with JavaScript semantics.
    Number,
    /// 64 significant decimal digits.
    BigNumber,
    /// Exact rationals.
    Fraction,
}

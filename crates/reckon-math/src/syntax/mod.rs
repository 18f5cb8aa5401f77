//! The expression language: the tokeniser (`lexer`), the parser (`parser`) and the tree it builds
//! (`ast`, shaped like math.js's, with the positions errors report), and the names math.js
//! resolves (`names`).

pub mod ast;
pub(crate) mod lexer;
pub(crate) mod names;
pub(crate) mod parser;

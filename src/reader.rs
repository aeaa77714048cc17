//! Text to terms: the lexer (logos, wrapped), the operator-precedence parser and the op table.
//!
//! The reader produces an [`ast::Ast`] arena per clause and knows nothing about the machine.

pub mod ast;

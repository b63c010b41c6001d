//! The rules language's syntax: its typed tree ([`ast`]) and the builder
//! from the pest tree (grammar/meeple.pest, the `r_` rules).

pub mod ast;
pub(crate) mod build;
mod build_input;
pub mod input;

pub use ast::*;
#[cfg(test)]
mod tests;

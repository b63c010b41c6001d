//! The rules language's syntax: its typed tree ([`ast`]) and the builder
//! from the pest tree (grammar/meeple.pest, the `r_` rules).

pub mod ast;
pub(crate) mod build;

pub use ast::*;
#[cfg(test)]
mod tests;

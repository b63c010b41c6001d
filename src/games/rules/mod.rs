//! User-written games: a `rules NAME { … }` block, checked and compiled,
//! solved exactly by generic solvers (docs/rules-language.md).

pub(crate) mod answer;
pub mod check;
pub mod compile;
pub mod flat;
pub(crate) mod judge;
pub mod key;
mod lower;
pub mod model;
mod picture;
mod picture_board;
pub mod program;
pub mod run;
pub(crate) mod session;
pub mod setup;
pub mod solve;
pub mod state;
pub mod types;

pub use check::{check, check_all, Decls};
#[cfg(test)]
mod flat_tests;
#[cfg(test)]
mod key_tests;
#[cfg(test)]
mod run_tests;
#[cfg(test)]
mod run_undo_tests;
#[cfg(test)]
mod tests;

//! User-written games: a `rules NAME { … }` block, checked and compiled,
//! solved exactly by generic solvers (docs/rules-language.md).

pub mod model;
pub mod solve;

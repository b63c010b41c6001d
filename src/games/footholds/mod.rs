//! "Disappearing footholds" (2022 KAKAO BLIND recruitment): the rules, a
//! plain reference solver and a fast exact solver.
//!
//! - [`rules`]: positions, legal moves, playing a move.
//! - [`judge`]: the judge's input and answer (read, write, instance).
//! - `value`: what the solvers answer ([`Value`]) and how the fast one
//!   fails ([`SearchError`]); a leaf both solvers share.
//! - `reference`: plain exhaustive minimax (test oracle, bench baseline).
//! - `previous` (`--features bench` only): the solver as it was
//!   before issue 17, for the benchmark's side-by-side table.
//! - [`search`]: the fast solver's interface ([`search::solve`], [`search::analyze`],
//!   [`search::principal_line`], [`search::Solver`]).
//! - `engine`: alpha-beta on the exact score with its driver.
//! - `endgame`, `blocks`: separated players and their longest paths.
//! - `graph`, `bitboard`, `table`: indexed footholds, bit sets,
//!   bounded hash tables.
//! - `session`: scenarios on top of the solver; `answer`: what its
//!   queries answer, as typed values.

pub mod answer;
pub(crate) mod bitboard;
pub(crate) mod blocks;
pub(crate) mod endgame;
pub(crate) mod engine;
pub(crate) mod game;
pub mod gen;
pub(crate) mod graph;
pub(crate) mod json;
pub mod judge;
pub mod picture;
#[cfg(feature = "bench")]
#[doc(hidden)] // not public API: for the tests and benchmarks only
pub mod previous;
pub(crate) mod reference;
pub mod rules;
pub mod search;
pub mod shrink;
mod steps;
pub(crate) mod table;
pub(crate) mod text;
pub(crate) mod value;
#[cfg(test)]
mod wide_boards;

#[doc(hidden)] // not public API: for the tests and benchmarks only
pub use reference::reference_solve;
pub use value::{SearchError, Value};
mod lower;
pub(crate) mod session;
pub use answer::Answer;

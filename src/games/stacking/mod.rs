//! Stacking: "New game 2" (BOJ 17837) and "New game" (BOJ 17780).
//!
//! - [`answer`]: what the queries answer, as values.
//! - `setup`: colours, directions, movers and the [`setup::Setup`].
//! - [`rules`]: the fast simulation [`rules::Sim`] over two layouts
//!   (`flat`, `tree`); re-exports `setup`'s items.
//! - [`solve`]: [`solve::run`], playing to the end with Brent cycle detection.
//! - [`judge`]: the judge's input and answer (read, write, instance).
//! - `reference`: the plain simulation and naive cycle detector (tests,
//!   benchmark baseline).

pub mod answer;
mod cells;
mod clock;
pub(crate) mod flat;
pub(crate) mod game;
pub mod gen;
pub(crate) mod json;
pub mod judge;
/// The meeple session (integration, maintained in the main crate).
mod lower;
pub mod picture;
#[doc(hidden)] // not public API: for the tests and benchmarks only
pub mod reference;
pub mod rules;
pub(crate) mod session;
pub(crate) mod setup;
pub mod shrink;
pub mod solve;
mod steps;
pub(crate) mod text;
pub(crate) mod tree;

pub use answer::Answer;

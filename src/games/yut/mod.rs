//! Dice yut (BOJ 17825) on the built-in board or any user-defined `track`.
//!
//! - `answer`: what a query answers, as values.
//! - [`track`]: building and validating a track from `route`/`shortcut` specs;
//!   `define`: a `track` block of a script built into one.
//! - `rules`: where a piece lands and whether it may move.
//! - `solver`: fixed dice — best score, optimal plan, move values (memoised DP);
//!   `packed` is its fast path for the best score.
//! - `expected`: uniform dice — exact maximum expected score and move values.
//! - [`judge`]: the judge's input and answer (read, write, instance).
//! - `reference`: plain backtracking, for tests and benchmarks.

pub mod answer;
pub(crate) mod define;
pub(crate) mod expected;
pub(crate) mod game;
pub mod gen;
pub(crate) mod json;
pub mod judge;
pub(crate) mod packed;
pub mod picture;
pub(crate) mod reference;
pub(crate) mod rules;
pub mod shrink;
pub(crate) mod solver;
pub(crate) mod state;
mod steps;
pub(crate) mod text;
pub mod track;

pub use answer::Answer;
pub use expected::{analyze_uniform, analyze_uniform_classes, expected_score, RollClass};
#[doc(hidden)] // not public API: for the tests and benchmarks only
pub use reference::{reference_best_score, reference_expected_score};
pub use solver::{analyze_fixed, best_plan, best_score, PlanStep};
pub(crate) use track::SquareId;
pub use track::{build_track, standard_track, Track};
/// The meeple session (integration, maintained in the main crate).
mod lower;
pub(crate) mod session;

//! Stacking: "New game 2" (BOJ 17837) and "New game" (BOJ 17780).
//!
//! - [`rules`]: colours, directions, the [`rules::Setup`] and the fast
//!   simulation [`rules::Sim`].
//! - [`solve`]: [`solve::run`], playing to the end with Brent cycle detection.
//! - [`reference`]: the plain simulation and naive cycle detector (tests,
//!   benchmark baseline).
//! - [`judge`]: parsing the judge's native input.

pub mod judge;
pub mod reference;
pub mod rules;
/// The lead's integration (meeple session); not part of the scratch crate.
pub mod session;
pub mod solve;

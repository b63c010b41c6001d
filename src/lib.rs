//! meeple: a scenario language for board-game puzzles.
//!
//! Data flow: [`syntax`] (pest → AST with spans) → [`check`] (semantic
//! errors, all at once) → [`interp`] (runs statements) → one module per game
//! in [`games`] behind the [`games::Session`] trait → [`render`] (text, JSON).

pub mod budget;
pub mod check;
pub mod collection;
pub mod error;
pub mod games;
pub mod interp;
pub mod pipeline;
pub mod render;
pub mod syntax;

pub use collection::{run_files, test_collection};
pub use pipeline::{run_source, run_source_with, FileRun, Outcome, RunConfig};

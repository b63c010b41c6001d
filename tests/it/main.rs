//! The integration tests, in one binary (one link, one run): the CLI, the
//! collections runner, the diagnostics catalogue, hardening, the REPL through
//! a pty, sessions and the snapshots of every bundled script.

mod cli;
mod collections;
mod common;
mod diagnostics;
mod hardening;
mod repl;
mod sessions;
mod silence;
mod snapshots;

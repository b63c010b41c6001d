//! The integration tests, in one binary (one link, one run): the CLI, the
//! collections runner, the diagnostics catalogue, hardening, the REPL through
//! a pty, sessions, the snapshots of every bundled script and the docs' examples.

mod answers;
mod cli;
mod collections;
mod common;
mod diagnostics;
mod docs;
mod editors;
mod export;
mod fmt_cli;
mod format;
mod gen;
mod gen_rules;
mod hardening;
mod hostile;
mod hostile_cli;
mod hostile_corpus;
mod html;
mod imports;
mod json;
mod judge;
mod judge_contain;
mod judge_format;
mod judge_run;
mod layers;
mod lsp;
mod nvim;
mod output;
mod parity;
mod prelude;
mod problems;
mod progress;
mod repl;
mod rules_front;
mod rules_scenario;
mod rules_wire;
mod serve;
mod serve_guard;
mod sessions;
mod silence;
mod snapshots;
mod svg;
mod validate;
mod words;
mod workspace;

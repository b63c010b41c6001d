//! meeple: a scenario language for board-game puzzles.
//!
//! The layers, bottom to top; a module imports only layers below it (kept
//! by `tests/it/layers.rs`, described in `docs/architecture.md`):
//!
//! - [`budget`], [`limits`]: every cap (input bytes, errors shown, board
//!   cells, solver states, time, memory) in one [`limits::Limits`];
//! - [`source`]: a script's text with its line index, and byte spans;
//! - [`error`]: coded diagnostics, and [`Diagnostics`], an error that owns
//!   its script (`meeple::check_source(name, text)?`);
//! - [`syntax`]: pest → AST with spans, and the language's words in one
//!   table per game ([`syntax::dialect`]); [`format`](mod@format): scripts in the
//!   canonical layout of `meeple fmt` ([`format::format_source`]);
//! - [`games`]: the three games, each one folder behind the game interface:
//!   pure solver cores, typed options, typed answers ([`games::Answer`],
//!   which carries any game's answer through [`games::GameAnswer`]: its
//!   fields, text, JSON detail and pictures) and judge positions
//!   ([`games::JudgePosition`], through `GamePosition`: the judge codec,
//!   the judge's answer, shrink candidates);
//! - [`interp`]: runs statements and emits events carrying typed answers;
//!   [`check`] validates a whole file before anything runs;
//! - [`render`]: text, JSON and SVG pictures around the typed answers
//!   (each game renders its own through [`games::GameAnswer`]);
//! - [`pipeline`], [`collection`]: whole files and folders; [`html`]: the
//!   report of a collection as one self-contained page; [`export`] and
//!   [`gen`]: judge test data and random scenarios with exact answers;
//!   [`workspace`]: the incremental API (the REPL is a thin client of it);
//! - [`ide`]: editor support on a script's text (`meeple lsp` is a thin
//!   client of it).
//!
//! # Running scripts from Rust
//!
//! [`run_source`] runs one script given as text and returns a [`FileRun`]:
//! its [`exit_code`](FileRun::exit_code) is the one `meeple run` would
//! return, [`render::text::file`] with the default [`render::Options`] is
//! what `meeple run` prints (results, passed expectations, diagnostics; no
//! colours, no timings) and [`render::json::file`] what `meeple run
//! --format json` prints (the objects of `docs/json.md`).
//!
//! # Testing and snapshotting a whole collection
//!
//! [`test_collection`] is the library side of `meeple test`: it runs every
//! `.game` file under some paths in parallel (across files and across the
//! scenarios of each file) and returns one [`FileRun`] per file, sorted by
//! path, with scenarios in file order — the same result as a sequential run.
//! [`collection::cases`] gives the verdicts `meeple test` prints (a file
//! that must be rejected declares `# expect-error: CODE` lines), and
//! [`collection::snapshot_text`] the text `meeple test --snapshots` stores
//! (the human output, with diagnostics naming the script by its file name).
//!
//! ```
//! use meeple::collection::{cases, snapshot_text};
//!
//! // A small collection in a folder of its own.
//! let dir = std::env::temp_dir().join(format!("meeple-doc-{}", std::process::id()));
//! std::fs::create_dir_all(dir.join("footholds")).unwrap();
//! std::fs::write(dir.join("footholds/row.game"), r#"
//! scenario "a row of five" {
//!   game footholds
//!   board [[1, 1, 1, 1, 1]]
//!   piece A at (0, 0)
//!   piece B at (0, 4)
//!   solve
//!   expect answer 4
//! }"#).unwrap();
//! std::fs::write(dir.join("ragged.game"), "# expect-error: meeple::board::ragged
//! scenario \"ragged\" {
//!   game footholds
//!   board {
//!     1 1
//!     1
//!   }
//! }").unwrap();
//!
//! let runs = meeple::test_collection(&[&dir]).unwrap();
//! // Sorted by path: footholds/row.game, then ragged.game.
//! assert!(runs[0].source.name.ends_with("row.game"));
//! assert!(cases(&runs[0]).iter().chain(&cases(&runs[1])).all(|c| c.passed));
//! // The snapshot of a file is its full human output.
//! assert_eq!(
//!     snapshot_text(&runs[0]),
//!     "== a row of five · solve (line 7) ==\n\
//!      B wins after 4 moves in all\n\
//!      answer 4\n\
//!      ok: expect answer 4 (line 8)\n"
//! );
//! assert!(snapshot_text(&runs[1]).contains("meeple::board::ragged"));
//! # std::fs::remove_dir_all(&dir).ok();
//! ```
//!
//! With [insta](https://insta.rs), a test in your own crate keeps a reviewed
//! snapshot of every file of a collection (`cargo insta review` shows the
//! differences when a script or meeple changes):
//!
//! ```no_run
//! for run in meeple::test_collection(&["puzzles"]).expect("the folder exists") {
//!     let name = run.source.name.replace(['/', '\\'], "__");
//!     insta::assert_snapshot!(name, meeple::collection::snapshot_text(&run));
//!     let failed: Vec<_> = meeple::collection::cases(&run)
//!         .into_iter()
//!         .filter(|c| !c.passed)
//!         .collect();
//!     assert!(failed.is_empty(), "{}: {failed:?}", run.source.name);
//! }
//! ```

pub mod budget;
pub mod check;
pub mod collection;
pub mod error;
pub mod export;
pub mod format;
pub mod games;
pub mod gen;
pub mod html;
pub mod ide;
pub mod interp;
pub mod limits;
pub mod pipeline;
pub mod render;
pub mod shrink;
pub mod source;
pub mod syntax;
pub mod workspace;

pub use collection::{run_files, test_collection};
pub use error::Diagnostics;
pub use pipeline::check_named as check_source;
pub use pipeline::{run_source, run_source_with, FileRun, Outcome, RunConfig};

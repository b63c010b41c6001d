//! What happened to a whole file: its scenarios' runs, or the errors that
//! kept it from running. `pipeline` makes them; `render` draws them.

use super::ScenarioRun;
use crate::error::Diags;
use crate::source::SourceFile;

/// What happened to a file.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The file is invalid: nothing ran. Every error found.
    Invalid(Diags),
    /// Every scenario that ran.
    Ran(Vec<ScenarioRun>),
}

/// A file and what happened to it.
#[derive(Clone, Debug)]
pub struct FileRun {
    /// The script: its name, text and line index.
    pub source: SourceFile,
    /// What happened to it.
    pub outcome: Outcome,
    /// The warnings of a valid file (`meeple::file::empty`): shown, and
    /// never a failure.
    pub warnings: Diags,
}

impl FileRun {
    /// Exit code for `meeple run`: 0 all well, 1 a failed expectation or
    /// runtime error, 2 an invalid script.
    pub fn exit_code(&self) -> i32 {
        match &self.outcome {
            Outcome::Invalid(_) => 2,
            Outcome::Ran(runs) if runs.iter().all(ScenarioRun::passed) => 0,
            Outcome::Ran(_) => 1,
        }
    }
}

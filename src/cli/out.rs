//! Writing to stdout and stderr so that nothing is lost in silence.
//!
//! - A closed pipe (`meeple run F | head -1`, `meeple check F 2>&1 | head
//!   -1`) ends the run quietly with exit code 0, as ripgrep does: Rust
//!   ignores SIGPIPE, so the write fails with `BrokenPipe` instead of the
//!   signal ending the process, and every write goes through here (an
//!   `eprint!` would panic).
//! - Any other failed write to stdout (`> /dev/full`) is an error: a message
//!   on stderr if it can still be written, and exit code 2.
//! - A failed write to stderr (`2>/dev/full`) ends the run with exit code 2:
//!   diagnostics were lost, and there is nowhere left to say so.

use std::io::{self, Write};

/// The exit code when output could not be written.
pub const WRITE_FAILED: i32 = 2;

/// Write to stdout (buffered by lines; [`finish`] flushes the rest).
pub fn out(text: impl AsRef<[u8]>) {
    let mut o = io::stdout().lock();
    if let Err(e) = o.write_all(text.as_ref()) {
        failed("stdout", &e);
    }
}

/// Write to stdout and flush it (output that must show before stderr's).
pub fn out_flush(text: impl AsRef<[u8]>) {
    let mut o = io::stdout().lock();
    if let Err(e) = o.write_all(text.as_ref()).and_then(|()| o.flush()) {
        failed("stdout", &e);
    }
}

/// Write to stderr (unbuffered).
pub fn err(text: impl AsRef<[u8]>) {
    let text = text.as_ref();
    if text.is_empty() {
        return;
    }
    if let Err(e) = io::stderr().lock().write_all(text) {
        failed("stderr", &e);
    }
}

/// Flush stdout at the end of a command; a failure changes the exit code.
pub fn finish(code: i32) -> i32 {
    match io::stdout().lock().flush() {
        Ok(()) => code,
        Err(e) => failed("stdout", &e),
    }
}

/// A write failed: leave now.
pub fn failed(stream: &str, e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        // The reader is gone (`| head -1`): it has all it wanted, so this
        // is no failure to report, and nothing more can reach it.
        std::process::exit(0);
    }
    if stream == "stdout" {
        let _ = writeln!(io::stderr(), "error: cannot write to stdout: {e}");
    }
    // Whatever is still buffered cannot be written either.
    std::process::exit(WRITE_FAILED);
}

/// A folder an output flag names (`--judge DIR`, `--save DIR`) that cannot
/// be written, as the `meeple::io` diagnostic on stderr: `why` is the
/// reason the library gave (`DIR is not a folder`, `cannot write …`).
pub fn folder_error(flag: &str, why: &str, color: bool) {
    let d = meeple::error::Diag::new(meeple::error::Code::Io, why.to_string()).help(format!(
        "give {flag} a folder that is new, empty or holds only a previous export"
    ));
    err(meeple::error::render(
        &d,
        &meeple::source::SourceFile::empty(flag),
        color,
    ));
}

//! `meeple fmt [--check] [PATH…|-]`: scripts in the canonical layout
//! (docs/fmt.md), rewritten in place or, with `--check`, shown as a diff.

use super::out;
use meeple::collection::game_files;
use meeple::error::{render, Diag};
use meeple::pipeline::{check_bytes, expected_errors};
use meeple::source::SourceFile;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What `meeple fmt` did with one script.
enum Done {
    /// Already in the layout.
    Same,
    /// Rewritten (or, with `--check`, would be).
    Changed,
    /// Not formatted: it cannot be read or has syntax errors.
    Failed,
}

/// `meeple fmt`: the exit code is 2 when a script could not be formatted,
/// else 1 when `--check` found one that would change, else 0.
pub fn fmt(paths: &[PathBuf], check: bool, color: bool) -> i32 {
    let (mut changed, mut failed, mut total) = (0, 0, 0);
    let default = [PathBuf::from(".")];
    let paths = if paths.is_empty() {
        &default[..]
    } else {
        paths
    };
    for group in paths.chunk_by(|a, b| (a.as_os_str() == "-") == (b.as_os_str() == "-")) {
        let files = if group[0].as_os_str() == "-" {
            group.to_vec()
        } else {
            match game_files(group) {
                Ok(files) => files,
                Err(e) => {
                    out::err(format!("error: {e}\n"));
                    failed += 1;
                    continue;
                }
            }
        };
        for file in files {
            total += 1;
            match one(&file, check, color) {
                Done::Same => {}
                Done::Changed => changed += 1,
                Done::Failed => failed += 1,
            }
        }
    }
    if check && changed > 0 {
        out::err(format!(
            "{changed} of {} would be reformatted (run `meeple fmt` to do it)\n",
            meeple::games::count(total as u128, "file")
        ));
    }
    if failed > 0 {
        2
    } else if check && changed > 0 {
        1
    } else {
        0
    }
}

/// Format one script (`-`: standard input to standard output).
fn one(path: &Path, check: bool, color: bool) -> Done {
    let stdin = path.as_os_str() == "-";
    let name = if stdin {
        super::commands::STDIN.to_string()
    } else {
        path.display().to_string()
    };
    if !stdin {
        if let Some(d) = not_a_file(path, &name) {
            out::err(render(&d, &SourceFile::empty(name.as_str()), color));
            return Done::Failed;
        }
    }
    let bytes = match super::commands::read_bytes(path) {
        Ok(b) => b,
        Err(e) => {
            let d = Diag::io("read", &name, e);
            out::err(render(&d, &SourceFile::empty(name.as_str()), color));
            return Done::Failed;
        }
    };
    let text = match std::str::from_utf8(&bytes) {
        Ok(t) if bytes.len() <= meeple::limits::SOURCE_BYTES => t,
        _ => {
            // Too large or not UTF-8: what `meeple check` says about it.
            let (text, result) = check_bytes(&bytes);
            let diags = result.err().unwrap_or_default();
            return failure(&name, &text, &diags, stdin, color);
        }
    };
    let formatted = match meeple::format::format_source(&name, text) {
        Ok(f) => f,
        Err(err) => {
            let syntax: Vec<Diag> = err.diags().into_iter().cloned().collect();
            if declared(text, &syntax) && !stdin {
                return skipped(&name);
            }
            // Shown as `meeple check` shows them: with the errors it finds
            // beyond the syntax errors.
            let diags = check_bytes(&bytes).1.err().unwrap_or(syntax);
            return failure(&name, text, &diags, stdin, color);
        }
    };
    if stdin && !check {
        out::out(&formatted);
        return Done::Same;
    }
    if formatted == text {
        return Done::Same;
    }
    if check {
        out::out(diff(&name, text, &formatted));
        return Done::Changed;
    }
    match write_atomically(path, &formatted) {
        Ok(()) => {
            out::out(format!("reformatted {name}\n"));
            Done::Changed
        }
        Err(e) => {
            let d = Diag::io("write", &name, e);
            out::err(render(&d, &SourceFile::empty(name.as_str()), color));
            Done::Failed
        }
    }
}

/// Print a script's errors as `meeple check` does. A file that declares
/// them (`# expect-error:` lines) is a test of those errors: it is noted
/// and left as it is.
fn failure(name: &str, text: &str, diags: &[Diag], stdin: bool, color: bool) -> Done {
    if declared(text, diags) && !stdin {
        return skipped(name);
    }
    let src = SourceFile::new(name, text);
    for d in diags {
        out::err(render(d, &src, color));
    }
    out::err(format!(
        "{name}: {}\n",
        meeple::games::count(diags.len() as u128, "error")
    ));
    Done::Failed
}

fn skipped(name: &str) -> Done {
    out::err(format!(
        "note: {name} has the syntax errors its `# expect-error` lines declare: left as it is\n"
    ));
    Done::Same
}

/// Whether the script declares every syntax error it has with `#
/// expect-error:` lines: a test of those errors, not to be formatted.
fn declared(text: &str, diags: &[Diag]) -> bool {
    let wanted = expected_errors(text);
    !diags.is_empty()
        && diags
            .iter()
            .all(|d| wanted.iter().any(|w| w == d.code.as_str()))
}

/// A unified diff from the script to its formatted text. Patience diff
/// anchors on unique lines (scenario headers), so a big file with changes
/// everywhere stays fast (Myers took 30 s on 98,000 scenarios); past a
/// second it settles for a longer diff, still correct.
fn diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::configure()
        .algorithm(similar::Algorithm::Patience)
        .timeout(std::time::Duration::from_secs(1))
        .diff_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(name, &format!("{name} (formatted)"))
        .to_string()
}

/// `meeple::io` for a path that is no regular file (after links): a
/// FIFO, a device, a socket. There is nothing to format in place: reading
/// a FIFO takes what a writer sends, and `/dev/null` reads as empty.
fn not_a_file(path: &Path, name: &str) -> Option<Diag> {
    use std::os::unix::fs::FileTypeExt;
    let meta = std::fs::metadata(path).ok()?;
    let t = meta.file_type();
    let kind = if t.is_file() {
        return None;
    } else if t.is_dir() {
        "a folder"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    };
    Some(
        Diag::io("format", name, format_args!("it is {kind}, not a file")).help(
            "meeple fmt rewrites .game files in place; `meeple fmt -` formats standard input",
        ),
    )
}

/// Replace the file (the one a symlink points at) with `text`, keeping
/// what makes it that file: written to a temporary file beside it, with
/// its permissions and owner, then renamed over it, so that it is never
/// left half written. A file with other hard links, or whose owner cannot
/// be given to the new file, is written in place instead (the same inode:
/// its links, owner and mode stay).
fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let target = std::fs::canonicalize(path)?;
    let meta = std::fs::metadata(&target)?;
    if meta.nlink() > 1 {
        return write_in_place(&target, text);
    }
    let dir = target.parent().unwrap_or(Path::new("."));
    let mut tmp = tempfile::Builder::new()
        .prefix(".meeple-fmt-")
        .tempfile_in(dir)?;
    let owned = std::os::unix::fs::fchown(tmp.as_file(), Some(meta.uid()), Some(meta.gid()));
    if owned.is_err() {
        drop(tmp);
        return write_in_place(&target, text);
    }
    tmp.write_all(text.as_bytes())?;
    tmp.as_file().sync_all()?;
    std::fs::set_permissions(tmp.path(), meta.permissions())?;
    tmp.persist(&target).map_err(|e| e.error)?;
    Ok(())
}

/// Write `text` over the file itself (truncated first).
fn write_in_place(target: &Path, text: &str) -> std::io::Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .truncate(true)
        .open(target)?;
    f.write_all(text.as_bytes())?;
    f.sync_all()
}

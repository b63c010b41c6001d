//! The REPL's history file.
//!
//! rustyline keeps the entries in memory; this module decides which file
//! is used and writes it. The file is only ever appended to, one entry at a
//! time: a file the user points at with `MEEPLE_HISTORY` is never cut
//! short. In memory the session keeps the last [`MAX_ENTRIES`] entries, or
//! every entry of the file if it holds more.
//!
//! Only a regular file (or a path where none exists yet) is read or
//! written: `/dev/zero`, `/dev/full`, a FIFO or a folder gets a warning and
//! the session runs without history.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

/// The most entries kept in memory (the file itself keeps them all).
pub const MAX_ENTRIES: usize = 10_000;

/// rustyline's file format: entries with `\n` and `\` escaped.
const V2: &str = "#V2";

/// A history file that can be appended to.
pub struct HistoryFile {
    pub path: PathBuf,
    /// Entries in the file (lines, less the format line).
    pub entries: usize,
    /// rustyline's escaped format (a new file is written in it); in an
    /// older plain file a multi-line entry is written line by line.
    escaped: bool,
}

/// The history file: `$MEEPLE_HISTORY` (empty: no history), else
/// `meeple/history.txt` in the user's data directory, else `~/.meeple_history`.
pub fn default_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("MEEPLE_HISTORY") {
        return (!p.is_empty()).then(|| PathBuf::from(p));
    }
    if let Some(dir) = dirs::data_dir() {
        let dir = dir.join("meeple");
        if std::fs::create_dir_all(&dir).is_ok() {
            return Some(dir.join("history.txt"));
        }
    }
    dirs::home_dir().map(|h| h.join(".meeple_history"))
}

impl HistoryFile {
    /// Use `path` for history if it is a regular file or does not exist
    /// yet; otherwise say why not (a warning for the user).
    pub fn open(path: &Path) -> Result<HistoryFile, String> {
        let refuse = |why: &str| {
            format!(
                "the history file {} {why}: this session runs without history",
                path.display()
            )
        };
        match std::fs::metadata(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(HistoryFile {
                    path: path.to_path_buf(),
                    entries: 0,
                    escaped: true,
                })
            }
            Err(e) => return Err(refuse(&format!("cannot be read ({e})"))),
            Ok(m) if !m.is_file() => return Err(refuse("is not a regular file")),
            Ok(_) => {}
        }
        let file = File::open(path).map_err(|e| refuse(&format!("cannot be read ({e})")))?;
        let mut lines = BufReader::new(file).split(b'\n');
        let mut entries = 0;
        let escaped = match lines.next() {
            None => true,
            Some(first) => {
                let first = first.map_err(|e| refuse(&format!("cannot be read ({e})")))?;
                let v2 = first == V2.as_bytes();
                entries += usize::from(!v2 && !first.is_empty());
                v2
            }
        };
        for line in lines {
            let line = line.map_err(|e| refuse(&format!("cannot be read ({e})")))?;
            entries += usize::from(!line.is_empty());
        }
        Ok(HistoryFile {
            path: path.to_path_buf(),
            entries,
            escaped,
        })
    }

    /// How many entries the session keeps in memory.
    pub fn max_len(&self) -> usize {
        self.entries.max(MAX_ENTRIES)
    }

    /// Append one entry to the file (creating it, with rustyline's format
    /// line, if it does not exist).
    pub fn append(&mut self, entry: &str) -> std::io::Result<()> {
        let mut file = OpenOptions::new()
            .append(true)
            .create(true)
            .open(&self.path)?;
        if !file.metadata()?.is_file() {
            return Err(std::io::Error::other("not a regular file"));
        }
        let mut text = String::new();
        if file.metadata()?.len() == 0 && self.escaped {
            text.push_str(V2);
            text.push('\n');
        }
        if self.escaped {
            text.push_str(&entry.replace('\\', "\\\\").replace('\n', "\\n"));
        } else {
            text.push_str(entry);
        }
        text.push('\n');
        file.write_all(text.as_bytes())?;
        self.entries += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("meeple-hist-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join(name);
        let _ = std::fs::remove_file(&p);
        p
    }

    #[test]
    fn a_users_file_is_appended_to_never_cut() {
        let p = temp("plain");
        let old: String = (0..500).map(|i| format!("solve {i}\n")).collect();
        std::fs::write(&p, &old).unwrap();
        let mut h = HistoryFile::open(&p).unwrap();
        assert_eq!(h.entries, 500);
        assert_eq!(h.max_len(), MAX_ENTRIES);
        h.append("show").unwrap();
        let now = std::fs::read_to_string(&p).unwrap();
        assert_eq!(now, old + "show\n");
        // A new file is written in rustyline's format, entries escaped.
        let p = temp("new");
        let mut h = HistoryFile::open(&p).unwrap();
        h.append("board {\n 1 1\n}").unwrap();
        h.append("solve").unwrap();
        assert_eq!(
            std::fs::read_to_string(&p).unwrap(),
            "#V2\nboard {\\n 1 1\\n}\nsolve\n"
        );
        assert_eq!(HistoryFile::open(&p).unwrap().entries, 2);
    }

    #[test]
    fn a_big_file_is_kept_whole_in_memory() {
        let p = temp("big");
        let old: String = (0..MAX_ENTRIES + 5)
            .map(|i| format!("solve {i}\n"))
            .collect();
        std::fs::write(&p, old).unwrap();
        assert_eq!(HistoryFile::open(&p).unwrap().max_len(), MAX_ENTRIES + 5);
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files() {
        for dev in ["/dev/zero", "/dev/full", "/dev/null"] {
            let e = HistoryFile::open(Path::new(dev)).err().unwrap();
            assert!(e.contains("is not a regular file"), "{e}");
        }
        let e = HistoryFile::open(&std::env::temp_dir()).err().unwrap();
        assert!(e.contains("is not a regular file"), "{e}");
    }
}

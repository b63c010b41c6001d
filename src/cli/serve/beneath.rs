//! Paths resolved beneath a served folder without ever leaving it: one
//! component at a time from the folder's open descriptor (`openat` with
//! `O_NOFOLLOW`), each symlink read and followed by hand only while it
//! stays inside. Whatever is swapped on disk meanwhile, the file opened or
//! written is the one checked: there is no second lookup by name.

use nix::errno::Errno;
use nix::fcntl::{openat, readlinkat, renameat, OFlag};
use nix::sys::stat::Mode;
use nix::unistd::{unlinkat, UnlinkatFlags};
use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Component, Path};
use std::sync::atomic::{AtomicU64, Ordering};

/// The most symlinks followed in one path (as the kernel's `ELOOP`).
const LINKS: usize = 40;

/// Why a path cannot be used.
#[derive(Debug)]
pub enum Refusal {
    /// It leads outside the folder, or to something that is not a
    /// `.game` file (403).
    Outside,
    /// A folder on the way does not exist (404).
    Missing,
    /// The file is larger than the cap (413).
    TooLarge,
    /// Anything else the system said (500).
    Io(std::io::Error),
}

impl From<Errno> for Refusal {
    fn from(e: Errno) -> Refusal {
        Refusal::Io(e.into())
    }
}

impl From<std::io::Error> for Refusal {
    fn from(e: std::io::Error) -> Refusal {
        Refusal::Io(e)
    }
}

/// A served folder: its canonical path and an open descriptor of it.
pub struct Folder {
    path: std::path::PathBuf,
    fd: OwnedFd,
}

/// Where a path leads: the folder that holds its file (open) and the
/// file's name in it. The file may not exist yet.
pub struct Place {
    dir: OwnedFd,
    name: OsString,
    /// The folders from the served folder to `dir`, every link on the way
    /// followed (its real path inside the folder).
    folders: Vec<OsString>,
}

impl Folder {
    /// Open a canonical folder.
    pub fn open(path: &Path) -> std::io::Result<Folder> {
        let fd = File::open(path)?.into();
        Ok(Folder {
            path: path.to_path_buf(),
            fd,
        })
    }

    fn dir(&self, fd: &OwnedFd, name: &OsStr) -> Result<OwnedFd, Errno> {
        openat(
            fd.as_fd(),
            name,
            OFlag::O_RDONLY | OFlag::O_DIRECTORY | OFlag::O_NOFOLLOW | OFlag::O_CLOEXEC,
            Mode::empty(),
        )
    }

    /// Follow `parts` (names; `.` and `..` too, never above the folder)
    /// from the folder, and the symlinks on the way while they stay
    /// inside it, to the place of the last one (its own link followed
    /// too).
    pub fn resolve(&self, parts: &[&str]) -> Result<Place, Refusal> {
        let mut stack: Vec<OwnedFd> = vec![self.fd.try_clone()?];
        // The name of each folder of `stack` past the first.
        let mut names: Vec<OsString> = Vec::new();
        let mut pending: std::collections::VecDeque<OsString> =
            parts.iter().map(OsString::from).collect();
        let mut links = 0;
        while let Some(name) = pending.pop_front() {
            if name == "." || name.is_empty() {
                continue;
            }
            if name == ".." {
                if stack.len() == 1 {
                    return Err(Refusal::Outside);
                }
                stack.pop();
                names.pop();
                continue;
            }
            let here = stack.last().expect("the folder");
            match readlinkat(here.as_fd(), name.as_os_str()) {
                Ok(target) => {
                    links += 1;
                    if links > LINKS {
                        return Err(Refusal::Outside);
                    }
                    let target = Path::new(&target);
                    let rest = if target.is_absolute() {
                        stack.truncate(1);
                        names.clear();
                        target
                            .strip_prefix(&self.path)
                            .map_err(|_| Refusal::Outside)?
                    } else {
                        target
                    };
                    let mut spliced = Vec::new();
                    for c in rest.components() {
                        match c {
                            Component::Normal(s) => spliced.push(s.to_os_string()),
                            Component::ParentDir => spliced.push(OsString::from("..")),
                            Component::CurDir => {}
                            Component::RootDir | Component::Prefix(_) => {
                                return Err(Refusal::Outside)
                            }
                        }
                    }
                    for s in spliced.into_iter().rev() {
                        pending.push_front(s);
                    }
                    continue;
                }
                Err(Errno::EINVAL) => {} // there, not a link
                Err(Errno::ENOENT) if pending.is_empty() => {}
                Err(Errno::ENOENT | Errno::ENOTDIR) => return Err(Refusal::Missing),
                Err(e) => return Err(e.into()),
            }
            if pending.is_empty() {
                if !name.as_bytes().ends_with(b".game") {
                    return Err(Refusal::Outside);
                }
                return Ok(Place {
                    dir: here.try_clone()?,
                    name,
                    folders: names,
                });
            }
            match self.dir(here, &name) {
                Ok(fd) => {
                    stack.push(fd);
                    names.push(name);
                }
                // Swapped for a link since it was read: read it again.
                Err(Errno::ELOOP) if links < LINKS => {
                    links += 1;
                    pending.push_front(name);
                }
                Err(Errno::ENOENT | Errno::ENOTDIR) => return Err(Refusal::Missing),
                Err(e) => return Err(e.into()),
            }
        }
        Err(Refusal::Outside)
    }
}

impl Place {
    /// The file's real path inside the served folder, with `/` between
    /// folders (`None` when a name on it is not UTF-8).
    pub fn real_path(&self) -> Option<String> {
        let mut parts = Vec::with_capacity(self.folders.len() + 1);
        for p in self.folders.iter().chain([&self.name]) {
            parts.push(p.to_str()?);
        }
        Some(parts.join("/"))
    }

    /// Open the file for reading if it is a regular file (`None`: there
    /// is none), never following a link swapped in since it was resolved.
    fn open(&self) -> Result<Option<File>, Refusal> {
        let fd = match openat(
            self.dir.as_fd(),
            self.name.as_os_str(),
            OFlag::O_RDONLY | OFlag::O_NOFOLLOW | OFlag::O_NONBLOCK | OFlag::O_CLOEXEC,
            Mode::empty(),
        ) {
            Ok(fd) => fd,
            Err(Errno::ENOENT) => return Ok(None),
            Err(Errno::ELOOP) => return Err(Refusal::Outside),
            Err(e) => return Err(e.into()),
        };
        let file = File::from(fd);
        if !file.metadata()?.is_file() {
            return Err(Refusal::Outside);
        }
        Ok(Some(file))
    }

    /// Whether a regular file is there.
    pub fn is_file(&self) -> bool {
        matches!(self.open(), Ok(Some(_)))
    }

    /// The file's bytes (at most `cap`: past it, [`Refusal::TooLarge`]),
    /// and its metadata; `None` when there is no file.
    pub fn read(&self, cap: usize) -> Result<Option<(Vec<u8>, std::fs::Metadata)>, Refusal> {
        let Some(file) = self.open()? else {
            return Ok(None);
        };
        let meta = file.metadata()?;
        if meta.len() > cap as u64 {
            return Err(Refusal::TooLarge);
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        file.take(cap as u64 + 1).read_to_end(&mut bytes)?;
        if bytes.len() > cap {
            return Err(Refusal::TooLarge);
        }
        Ok(Some((bytes, meta)))
    }

    /// Replace the file with `bytes` atomically: a temporary file in the
    /// same folder (created there, never through a link), given the old
    /// file's mode and owner (where the system allows), renamed over it.
    /// A new file gets the mode a new file gets (0666 less the umask).
    pub fn write(&self, bytes: &[u8], old: Option<&std::fs::Metadata>) -> std::io::Result<()> {
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let tmp = format!(
            ".{}.{}-{}.tmp",
            self.name.to_string_lossy(),
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        );
        let fd = openat(
            self.dir.as_fd(),
            tmp.as_str(),
            OFlag::O_WRONLY | OFlag::O_CREAT | OFlag::O_EXCL | OFlag::O_NOFOLLOW | OFlag::O_CLOEXEC,
            Mode::from_bits_truncate(0o666),
        )?;
        let mut file = File::from(fd);
        let written = (|| -> std::io::Result<()> {
            file.write_all(bytes)?;
            if let Some(old) = old {
                let _ = std::os::unix::fs::fchown(&file, Some(old.uid()), Some(old.gid()))
                    .or_else(|_| std::os::unix::fs::fchown(&file, None, Some(old.gid())));
                file.set_permissions(std::fs::Permissions::from_mode(old.mode() & 0o7777))?;
            }
            file.sync_all()?;
            renameat(
                self.dir.as_fd(),
                tmp.as_str(),
                self.dir.as_fd(),
                self.name.as_os_str(),
            )?;
            Ok(())
        })();
        if written.is_err() {
            let _ = unlinkat(self.dir.as_fd(), tmp.as_str(), UnlinkatFlags::NoRemoveDir);
        }
        written
    }
}

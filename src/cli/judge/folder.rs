//! The fresh folder of one run, in the judge's temporary folder (`TMPDIR`):
//! `work/` is the program's working folder, `tmp/` its `TMPDIR`, and
//! `status` the helper's word on how the program ended. Removed, with all
//! the program wrote there, when the run is over.

use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::{Path, PathBuf};

pub struct Folder {
    root: PathBuf,
}

impl Folder {
    /// A new folder `meeple-judge-PID-…` (mode 0700, a name no other
    /// folder has) with `work/` and `tmp/`.
    pub fn new() -> std::io::Result<Folder> {
        let root = tempfile::Builder::new()
            .prefix(&format!("meeple-judge-{}-", std::process::id()))
            .tempdir()?
            .keep();
        let folder = Folder { root };
        let mut builder = std::fs::DirBuilder::new();
        builder.mode(0o700);
        for made in [builder.create(folder.work()), builder.create(folder.tmp())] {
            if let Err(e) = made {
                folder.remove();
                return Err(e);
            }
        }
        Ok(folder)
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The program's working folder.
    pub fn work(&self) -> PathBuf {
        self.root.join("work")
    }

    /// The program's `TMPDIR`.
    pub fn tmp(&self) -> PathBuf {
        self.root.join("tmp")
    }

    pub fn status_path(&self) -> PathBuf {
        self.root.join("status")
    }

    /// The helper's status word, if it wrote one.
    pub fn status(&self) -> Option<String> {
        std::fs::read_to_string(self.status_path()).ok()
    }

    /// Remove the folder and everything in it.
    pub fn remove(self) {
        remove(&self.root);
    }
}

/// Remove `root` and all it holds; folders the program made unwritable are
/// made writable first (links are not followed).
pub fn remove(root: &Path) {
    if std::fs::remove_dir_all(root).is_ok() || !root.exists() {
        return;
    }
    let mut folders = vec![root.to_path_buf()];
    while let Some(dir) = folders.pop() {
        let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700));
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                folders.push(entry.path());
            }
        }
    }
    let _ = std::fs::remove_dir_all(root);
}

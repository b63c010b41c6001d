//! The files a script imports, read from the disk relative to the
//! importing file ([`FsLoader`]); the checker gets them through
//! [`crate::check::imports::Loader`] and reads nothing itself.

use crate::check::imports::Loader;
use crate::syntax::decode;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The imports of one script: its key (its canonical path) and the loader
/// that reads what it imports.
#[derive(Clone, Debug)]
pub struct Importer {
    /// The script's own key, as its loader names files.
    pub root: String,
    /// Reads the imported files.
    pub loader: Arc<dyn Loader>,
}

impl Importer {
    /// The imports of the script at `path`, read from the disk.
    pub fn beside(path: &Path) -> Importer {
        let root = path
            .canonicalize()
            .unwrap_or_else(|_| path.to_path_buf())
            .to_string_lossy()
            .into_owned();
        Importer {
            root,
            loader: Arc::new(FsLoader),
        }
    }
}

/// Reads imported files from the disk: a path is relative to the folder
/// of the file that imports it (an absolute path is taken as it is); the
/// key of a file is its canonical path.
#[derive(Debug, Default)]
pub struct FsLoader;

impl Loader for FsLoader {
    fn load(&self, from: &str, path: &str) -> Result<(String, String), String> {
        let folder = Path::new(from).parent().unwrap_or(Path::new("."));
        let full: PathBuf = folder.join(path);
        let canon = full
            .canonicalize()
            .map_err(|e| format!("cannot import `{path}`: {e}"))?;
        if !canon.is_file() {
            return Err(format!("cannot import `{path}`: not a file"));
        }
        let bytes =
            super::read_source(&canon).map_err(|e| format!("cannot import `{path}`: {e}"))?;
        let text = decode(&bytes).map_err(|_| format!("cannot import `{path}`: not UTF-8 text"))?;
        Ok((canon.to_string_lossy().into_owned(), text))
    }
}

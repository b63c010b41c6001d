//! `import` in the playground, which runs scripts posted by anyone: a
//! path is read only inside the served folders, through the same
//! resolution as the file API ([`super::files::Roots::resolve_import`]:
//! no absolute path, `..` only while it stays inside the folder, no
//! symlink out), or refused with `meeple::import::file`. Each file read
//! reserves what checking it may cost from the server's memory budget
//! ([`super::work::ImportBudget`]) until the request's work ends.

use super::work::ImportBudget;
use super::State;
use meeple::check::imports::Loader;
use meeple::limits::SOURCE_BYTES;
use meeple::pipeline::Importer;
use std::sync::Arc;

/// Reads imports from the served folders only; a file's key is its real
/// API path (`lib/walk.game`, every link on the way followed).
pub struct Confined {
    state: Arc<State>,
    budget: ImportBudget,
}

impl std::fmt::Debug for Confined {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Confined")
    }
}

/// The imports of the script posted as `name` (an API path; a served file
/// is known by its real path, as the command line knows it by its
/// canonical one).
pub fn importer(state: &Arc<State>, name: &str) -> Importer {
    let root = match state.roots.resolve_import(name) {
        Ok((real, place)) if place.is_file() => real,
        _ => name.to_string(),
    };
    Importer {
        root,
        loader: Arc::new(Confined {
            state: state.clone(),
            budget: ImportBudget::new(&state.caps),
        }),
    }
}

/// Why an import path is refused before anything is opened.
pub fn refused(path: &str) -> Option<&'static str> {
    if path.starts_with('/') || path.contains(':') || path.contains('\\') || path.contains('\0') {
        return Some("an absolute path is refused in the playground");
    }
    if path.split('/').any(str::is_empty) {
        return Some("a path with an empty part is refused in the playground");
    }
    if !path.ends_with(".game") {
        return Some("only `.game` files are imported in the playground");
    }
    None
}

impl Loader for Confined {
    fn load(&self, from: &str, path: &str) -> Result<(String, String), String> {
        let no = |why: &str| format!("cannot import `{path}`: {why}");
        if let Some(why) = refused(path) {
            return Err(no(why));
        }
        let api = match from.rsplit_once('/') {
            Some((dir, _)) => format!("{dir}/{path}"),
            None => path.to_string(),
        };
        let (key, place) = self
            .state
            .roots
            .resolve_import(&api)
            .map_err(|_| no("it leaves the served folder"))?;
        let bytes = match place.read(SOURCE_BYTES) {
            Ok(Some((bytes, _))) => bytes,
            Ok(None) => return Err(no("no such file in the served folder")),
            Err(_) => return Err(no("it cannot be read inside the served folder")),
        };
        self.budget.reserve(&bytes).map_err(|why| no(&why))?;
        let text = String::from_utf8(bytes).map_err(|_| no("not UTF-8 text"))?;
        Ok((key, text))
    }
}

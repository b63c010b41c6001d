//! Finding the `.game` files under the paths given to `meeple test`.

use std::path::{Path, PathBuf};

/// Every `.game` file under `paths` (files are taken as given), sorted, no repeats.
pub fn game_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_file() {
            out.push(p.clone());
            continue;
        }
        if !p.exists() {
            return Err(format!("{}: no such file or folder", p.display()));
        }
        for entry in walkdir::WalkDir::new(p)
            .follow_links(true)
            .sort_by_file_name()
        {
            let entry = entry.map_err(|e| e.to_string())?;
            if entry.file_type().is_file() && is_game(entry.path()) {
                out.push(entry.path().to_path_buf());
            }
        }
    }
    out.dedup();
    Ok(out)
}

fn is_game(p: &Path) -> bool {
    p.extension().is_some_and(|e| e == "game")
}

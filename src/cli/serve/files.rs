//! The collection browser's files: only `.game` files under the served
//! paths, read with an ETag and written atomically, refusing to replace a
//! file that changed on disk since it was read.

use super::State;
use axum::body::Bytes;
use axum::extract::{Query, State as Shared};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use std::hash::Hasher;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// One served path: a folder (every `.game` file under it) or one file.
struct Root {
    /// The prefix of its files' API paths (empty when it is the only folder).
    name: String,
    /// The folder, canonical.
    dir: PathBuf,
    /// The one file served, when the root is a file.
    only: Option<PathBuf>,
}

/// The served paths.
pub struct Roots(Vec<Root>);

impl Roots {
    /// The roots for `meeple serve PATH…` (the current folder without any).
    pub fn new(paths: &[PathBuf]) -> Result<Roots, String> {
        let paths = if paths.is_empty() {
            vec![PathBuf::from(".")]
        } else {
            paths.to_vec()
        };
        let mut roots: Vec<Root> = Vec::new();
        for p in &paths {
            let canon = p
                .canonicalize()
                .map_err(|e| format!("cannot serve {}: {e}", p.display()))?;
            let (dir, only) = if canon.is_dir() {
                (canon.clone(), None)
            } else if canon.extension().is_some_and(|e| e == "game") {
                let dir = canon.parent().map(Path::to_path_buf).unwrap_or_default();
                (dir, Some(canon.clone()))
            } else {
                return Err(format!(
                    "cannot serve {}: not a folder or a .game file",
                    p.display()
                ));
            };
            let base = canon
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "root".to_string());
            let mut name = base.clone();
            let mut n = 2;
            while roots.iter().any(|r| r.name == name) {
                name = format!("{base}-{n}");
                n += 1;
            }
            roots.push(Root { name, dir, only });
        }
        if roots.len() == 1 && roots[0].only.is_none() {
            roots[0].name.clear();
        }
        Ok(Roots(roots))
    }

    /// Every `.game` file served, as API paths, sorted.
    fn list(&self) -> Vec<String> {
        let mut out = Vec::new();
        for root in &self.0 {
            if root.only.is_some() {
                out.push(root.name.clone());
                continue;
            }
            let Ok(found) = meeple::collection::game_files(&[&root.dir]) else {
                continue;
            };
            for f in found {
                // Only files that resolve inside the root (no symlinks out).
                let Ok(canon) = f.canonicalize() else {
                    continue;
                };
                let Ok(rel) = canon.strip_prefix(&root.dir) else {
                    continue;
                };
                let rel = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                out.push(if root.name.is_empty() {
                    rel
                } else {
                    format!("{}/{rel}", root.name)
                });
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The file an API path names, if it is a `.game` file inside a root
    /// (existing or not); `None` for anything else (403).
    pub fn resolve(&self, api: &str) -> Option<PathBuf> {
        if api.is_empty() || !api.ends_with(".game") || api.contains('\\') || api.contains('\0') {
            return None;
        }
        let path = Path::new(api);
        let mut parts = Vec::new();
        for c in path.components() {
            match c {
                Component::Normal(s) => parts.push(s.to_str()?),
                _ => return None,
            }
        }
        let (root, rest) = match self.0.iter().find(|r| r.name.is_empty()) {
            Some(r) => (r, &parts[..]),
            None => {
                let r = self.0.iter().find(|r| r.name == parts[0])?;
                (r, &parts[1..])
            }
        };
        let target = match &root.only {
            Some(only) if rest.is_empty() => only.clone(),
            Some(_) => return None,
            None if rest.is_empty() => return None,
            None => rest.iter().fold(root.dir.clone(), |p, s| p.join(s)),
        };
        // Symlinks: whatever exists must resolve inside the root.
        match std::fs::symlink_metadata(&target) {
            Ok(_) => {
                let canon = target.canonicalize().ok()?;
                (canon.starts_with(&root.dir) && canon.is_file()).then_some(target)
            }
            Err(_) => {
                let parent = target.parent()?.canonicalize().ok()?;
                parent.starts_with(&root.dir).then_some(target)
            }
        }
    }
}

/// The ETag of a file's bytes.
pub fn etag(bytes: &[u8]) -> String {
    let mut h = rustc_hash::FxHasher::default();
    h.write(bytes);
    format!("\"{:x}-{:016x}\"", bytes.len(), h.finish())
}

#[derive(Serialize)]
pub struct FileList {
    files: Vec<String>,
}

/// `GET /api/files`.
pub async fn list(Shared(state): Shared<Arc<State>>) -> Json<FileList> {
    let state2 = state.clone();
    let files = tokio::task::spawn_blocking(move || state2.roots.list())
        .await
        .unwrap_or_default();
    Json(FileList { files })
}

#[derive(Deserialize)]
pub struct PathQuery {
    path: String,
}

fn refused(path: &str) -> Response {
    (
        StatusCode::FORBIDDEN,
        format!("{path}: only .game files under the served paths can be read or written\n"),
    )
        .into_response()
}

fn io_error(e: &std::io::Error) -> Response {
    io_failure(e).into_response()
}

fn io_failure(e: &std::io::Error) -> (StatusCode, String) {
    (StatusCode::INTERNAL_SERVER_ERROR, format!("{e}\n"))
}

/// `GET /api/file?path=…`: the file's text, with its `ETag`.
pub async fn read(Shared(state): Shared<Arc<State>>, Query(q): Query<PathQuery>) -> Response {
    let Some(target) = state.roots.resolve(&q.path) else {
        return refused(&q.path);
    };
    match tokio::fs::read(&target).await {
        Ok(bytes) => (
            [
                (header::ETAG, etag(&bytes)),
                (
                    header::CONTENT_TYPE,
                    "text/plain; charset=utf-8".to_string(),
                ),
                (header::CACHE_CONTROL, "no-store".to_string()),
            ],
            bytes,
        )
            .into_response(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            (StatusCode::NOT_FOUND, format!("{}: no such file\n", q.path)).into_response()
        }
        Err(e) => io_error(&e),
    }
}

/// `PUT /api/file?path=…`: write the body (atomically). Replacing a file
/// needs `If-Match` with the ETag it was read with (428 without it, 412
/// when the file changed since); a new file needs none.
pub async fn write(
    Shared(state): Shared<Arc<State>>,
    Query(q): Query<PathQuery>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Some(target) = state.roots.resolve(&q.path) else {
        return refused(&q.path);
    };
    let if_match = headers
        .get(header::IF_MATCH)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let _one_at_a_time = state.writing.lock().await;
    let result = tokio::task::spawn_blocking(move || {
        let current = match std::fs::read(&target) {
            Ok(b) => Some(etag(&b)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(io_failure(&e)),
        };
        match (&current, &if_match) {
            (Some(_), None) => {
                return Err((
                    StatusCode::PRECONDITION_REQUIRED,
                    "the file exists: send If-Match with the ETag it was read with\n".to_string(),
                )
                    )
            }
            (Some(now), Some(sent)) if now != sent && sent != "*" => {
                return Err((
                    StatusCode::PRECONDITION_FAILED,
                    "the file changed on disk since it was opened: reload it (your text is kept in the editor)\n".to_string(),
                )
                    )
            }
            (None, Some(_)) => {
                return Err((
                    StatusCode::PRECONDITION_FAILED,
                    "the file was deleted on disk since it was opened\n".to_string(),
                )
                    )
            }
            _ => {}
        }
        let dir = target.parent().unwrap_or(Path::new("."));
        let write = || -> std::io::Result<()> {
            use std::io::Write;
            let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
            tmp.write_all(&body)?;
            tmp.as_file().sync_all()?;
            tmp.persist(&target).map_err(|e| e.error)?;
            Ok(())
        };
        write().map_err(|e| io_failure(&e))?;
        Ok((current.is_none(), etag(&body)))
    })
    .await;
    match result {
        Ok(Ok((created, tag))) => {
            let status = if created {
                StatusCode::CREATED
            } else {
                StatusCode::OK
            };
            (status, [(header::ETAG, tag)], "saved\n").into_response()
        }
        Ok(Err(r)) => r.into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, format!("{e}\n")).into_response(),
    }
}

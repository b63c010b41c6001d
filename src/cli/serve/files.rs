//! The collection browser's files: only `.game` files under the served
//! paths, read with an ETag and written atomically, refusing to replace a
//! file that changed on disk since it was read.

use super::ask::Ask;
use super::beneath::{Folder, Place, Refusal};
use super::work::Slot;
use super::State;
use axum::body::Bytes;
use axum::extract::State as Shared;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One served path: a folder (every `.game` file under it) or one file.
struct Root {
    /// The prefix of its files' API paths (empty when it is the only folder).
    name: String,
    /// The folder, canonical.
    dir: PathBuf,
    /// The one file served, when the root is a file.
    only: Option<PathBuf>,
    /// `dir`, open: every path is resolved from it.
    folder: Folder,
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
            let folder =
                Folder::open(&dir).map_err(|e| format!("cannot serve {}: {e}", p.display()))?;
            roots.push(Root {
                name,
                dir,
                only,
                folder,
            });
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
            // Folder links are not walked: they may lead out of the
            // folder, or round a loop.
            for f in meeple::collection::game_files_beneath(&root.dir) {
                // The path as found (a link keeps its own name), listed
                // when it resolves to a file inside the root: no link out.
                let Ok(rel) = f.strip_prefix(&root.dir) else {
                    continue;
                };
                let Some(parts) = rel
                    .components()
                    .map(|c| c.as_os_str().to_str())
                    .collect::<Option<Vec<_>>>()
                else {
                    continue;
                };
                if !root.folder.resolve(&parts).is_ok_and(|p| p.is_file()) {
                    continue;
                }
                let rel = parts.join("/");
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

    /// Where an API path leads, if to a `.game` file inside a root
    /// (existing or not): [`Refusal::Outside`] (403) for a path that is
    /// empty or absolute, has an empty, `.` or `..` part, does not end in
    /// `.game`, or leads outside its root through a symlink.
    pub fn resolve(&self, api: &str) -> Result<Place, Refusal> {
        self.locate(api, false).map(|(_, place)| place)
    }

    /// Where an import's path leads (`dir/../lib.game`: `.` and `..` are
    /// followed, never above the root), and the API path it really has
    /// (every link on the way followed): the same file always has the
    /// same one.
    pub fn resolve_import(&self, api: &str) -> Result<(String, Place), Refusal> {
        let (root, place) = self.locate(api, true)?;
        let real = place.real_path().ok_or(Refusal::Outside)?;
        let api = if root.name.is_empty() {
            real
        } else if root.only.is_some() {
            root.name.clone()
        } else {
            format!("{}/{real}", root.name)
        };
        Ok((api, place))
    }

    fn locate(&self, api: &str, up: bool) -> Result<(&Root, Place), Refusal> {
        if !api.ends_with(".game") || api.contains('\\') || api.contains('\0') {
            return Err(Refusal::Outside);
        }
        let parts: Vec<&str> = api.split('/').collect();
        if parts
            .iter()
            .any(|p| p.is_empty() || (!up && (*p == "." || *p == "..")))
        {
            return Err(Refusal::Outside);
        }
        let (root, rest) = match self.0.iter().find(|r| r.name.is_empty()) {
            Some(r) => (r, &parts[..]),
            None => {
                let r = self
                    .0
                    .iter()
                    .find(|r| r.name == parts[0])
                    .ok_or(Refusal::Outside)?;
                (r, &parts[1..])
            }
        };
        let place = match &root.only {
            Some(only) if rest.is_empty() => {
                let name = only.file_name().and_then(|n| n.to_str());
                root.folder.resolve(&[name.ok_or(Refusal::Outside)?])
            }
            Some(_) => Err(Refusal::Outside),
            None if rest.is_empty() => Err(Refusal::Outside),
            None => root.folder.resolve(rest),
        }?;
        Ok((root, place))
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

fn refused(path: &str, why: Refusal) -> Response {
    refusal(path, why).into_response()
}

fn refusal(path: &str, why: Refusal) -> (StatusCode, String) {
    match why {
        Refusal::Outside => (
            StatusCode::FORBIDDEN,
            format!("{path}: only .game files under the served paths can be read or written\n"),
        ),
        Refusal::Missing => (StatusCode::NOT_FOUND, format!("{path}: no such folder\n")),
        Refusal::TooLarge => (
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "{path}: larger than {} MiB, the largest script meeple reads\n",
                super::BODY_BYTES >> 20
            ),
        ),
        Refusal::Io(e) => (StatusCode::INTERNAL_SERVER_ERROR, format!("{e}\n")),
    }
}

/// `GET /api/file?path=…`: the file's text, with its `ETag`.
pub async fn read(
    Shared(state): Shared<Arc<State>>,
    Ask(q): Ask<PathQuery>,
    _slot: Slot,
) -> Response {
    let path = q.path.clone();
    let found = tokio::task::spawn_blocking(move || {
        let place = state.roots.resolve(&path)?;
        place.read(super::BODY_BYTES)
    })
    .await;
    match found {
        Ok(Ok(Some((bytes, _)))) => (
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
        Ok(Ok(None)) => {
            (StatusCode::NOT_FOUND, format!("{}: no such file\n", q.path)).into_response()
        }
        Ok(Err(why)) => refused(&q.path, why),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, format!("{e}\n")).into_response(),
    }
}

/// `PUT /api/file?path=…`: write the body (atomically, through a symlink
/// that stays inside, keeping the file's mode and owner). Replacing a file
/// needs `If-Match` with the ETag it was read with (428 without it, 412
/// when the file changed since); a new file needs none.
pub async fn write(
    Shared(state): Shared<Arc<State>>,
    Ask(q): Ask<PathQuery>,
    _slot: Slot,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let if_match = headers
        .get(header::IF_MATCH)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let _one_at_a_time = state.writing.lock().await;
    let path = q.path.clone();
    let shared = state.clone();
    let result = tokio::task::spawn_blocking(move || {
        let place = shared.roots.resolve(&path).map_err(|why| refusal(&path, why))?;
        let old = place
            .read(super::BODY_BYTES)
            .map_err(|why| refusal(&path, why))?;
        let current = old.as_ref().map(|(bytes, _)| etag(bytes));
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
        place
            .write(&body, old.as_ref().map(|(_, meta)| meta))
            .map_err(|e| (StatusCode::INTERNAL_SERVER_ERROR, format!("{e}\n")))?;
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

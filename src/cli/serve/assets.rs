//! The page: the committed bundle of `editors/web/` (`npm run build`),
//! embedded in the binary so that `cargo install` needs no npm.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// The page.
const INDEX: &str = include_str!("../../../editors/web/dist/index.html");
/// Every other file of the bundle: name, content type, bytes.
const FILES: &[(&str, &str, &str)] = &[
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../editors/web/dist/assets/app.js"),
    ),
    (
        "app.css",
        "text/css; charset=utf-8",
        include_str!("../../../editors/web/dist/assets/app.css"),
    ),
];

/// `GET /`.
pub async fn index() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        INDEX,
    )
        .into_response()
}

/// `GET /assets/NAME`.
pub async fn asset(Path(name): Path<String>) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => (
            [
                (header::CONTENT_TYPE, *kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such asset\n").into_response(),
    }
}

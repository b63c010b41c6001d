//! A request's query (`?offset=N`, `?line=N`, `?path=P`, `?name=P`), read
//! with the API's own wording: a value that cannot be read is a 400 that
//! names the parameter and what it takes, not the framework's text.

use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

/// The query of a request, as `T`; 400 in the API's words when it cannot
/// be read.
pub struct Ask<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Ask<T> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Ask<T>, Response> {
        match Query::<T>::try_from_uri(&parts.uri) {
            Ok(Query(t)) => Ok(Ask(t)),
            Err(e) => Err(bad_query(parts.uri.query().unwrap_or(""), &e.body_text())),
        }
    }
}

/// What a parameter takes.
fn takes(name: &str) -> Option<&'static str> {
    Some(match name {
        "offset" => "a byte offset into the script: a whole number from 0",
        "line" => "a line of the script: a whole number from 1",
        "path" => "a file's path as /api/files lists it",
        "name" => "the script's path as /api/files lists it",
        _ => return None,
    })
}

/// The 400 for the query `query`, which the framework could not read
/// (`why`: its text).
fn bad_query(query: &str, why: &str) -> Response {
    let pairs: Vec<(String, String)> = Query::try_from_uri(
        &format!("/?{query}")
            .parse()
            .unwrap_or_else(|_| axum::http::Uri::from_static("/")),
    )
    .map(|Query(p)| p)
    .unwrap_or_default();
    let missing = why
        .split_once("missing field `")
        .and_then(|(_, rest)| rest.split_once('`'))
        .map(|(name, _)| name);
    let message = if let Some(name) = missing {
        format!(
            "the query has no `{name}`: `{name}=` is {}\n",
            takes(name).unwrap_or("needed")
        )
    } else if let Some((name, value, what)) = pairs.iter().find_map(|(k, v)| {
        let what = takes(k)?;
        (matches!(k.as_str(), "offset" | "line") && v.parse::<usize>().is_err())
            .then_some((k, v, what))
    }) {
        format!(
            "`{name}={}` cannot be read: `{name}` is {what}\n",
            meeple::pipeline::printable(value)
        )
    } else {
        let reason = why
            .strip_prefix("Failed to deserialize query string: ")
            .unwrap_or(why);
        format!(
            "the query `{}` cannot be read: {}\n",
            meeple::pipeline::printable(query),
            meeple::pipeline::printable(reason)
        )
    };
    (
        StatusCode::BAD_REQUEST,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        message,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn text(r: Response) -> String {
        let bytes = axum::body::to_bytes(r.into_body(), 1 << 16).await.unwrap();
        String::from_utf8(bytes.to_vec()).unwrap()
    }

    #[tokio::test]
    async fn a_bad_number_names_its_parameter() {
        let r = bad_query(
            "offset=-1",
            "Failed to deserialize query string: offset: invalid digit found in string",
        );
        assert_eq!(r.status(), StatusCode::BAD_REQUEST);
        let t = text(r).await;
        assert_eq!(
            t,
            "`offset=-1` cannot be read: `offset` is a byte offset into the script: a whole number from 0\n"
        );
    }

    #[tokio::test]
    async fn a_missing_parameter_is_named() {
        let r = bad_query(
            "",
            "Failed to deserialize query string: missing field `line`",
        );
        assert_eq!(
            text(r).await,
            "the query has no `line`: `line=` is a line of the script: a whole number from 1\n"
        );
    }
}

//! What every request passes first: its `Host` must name this server (a
//! DNS-rebinding page's does not: 421), a request that changes something
//! must not come from another site's page (`Origin`, `Sec-Fetch-Site`:
//! 403), and a body is read whole, within its cap (413) and its time (408),
//! before a handler sees it.

use super::State;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State as Shared};
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use tokio_stream::StreamExt;

/// The names a request's `Host` may give, with the bound port.
pub struct Hosts {
    port: u16,
    /// Lowercase host names and IP literals (IPv6 in brackets).
    names: Vec<String>,
    /// Bound to every address (`--host 0.0.0.0`): any IP literal is this
    /// server (a rebinding page's `Host` is always a name).
    any_ip: bool,
}

impl Hosts {
    /// The names of a server bound to `bound` as `--host host`, and the
    /// names given with `--allow-host`.
    pub fn new(bound: SocketAddr, host: &str, allowed: &[String]) -> Hosts {
        let mut names: Vec<String> = ["localhost", "127.0.0.1", "[::1]"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        names.push(literal(bound.ip()));
        if host.parse::<IpAddr>().is_err() {
            names.push(host.to_ascii_lowercase());
        }
        names.extend(allowed.iter().map(|h| h.to_ascii_lowercase()));
        Hosts {
            port: bound.port(),
            names,
            any_ip: bound.ip().is_unspecified(),
        }
    }

    /// Whether `authority` (`host[:port]`) names this server.
    pub fn allows(&self, authority: &str) -> bool {
        let (host, port) = match authority.rfind(':') {
            Some(i) if !authority[i..].contains(']') => {
                (&authority[..i], Some(&authority[i + 1..]))
            }
            _ => (authority, None),
        };
        let port_ok = match port {
            Some(p) => p.parse::<u16>() == Ok(self.port),
            None => self.port == 80,
        };
        let host = host.to_ascii_lowercase();
        let ip = host
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .unwrap_or(&host)
            .parse::<IpAddr>();
        port_ok && (self.names.contains(&host) || (self.any_ip && ip.is_ok()))
    }

    /// The address the page is at, for messages.
    fn example(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }
}

/// An IP address as a `Host` writes it.
fn literal(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    }
}

fn refuse(status: StatusCode, why: String) -> Response {
    (status, [(header::CONNECTION, "close")], why).into_response()
}

/// The `Host` and `Origin` checks (421, 403).
pub async fn gate(Shared(state): Shared<Arc<State>>, request: Request, next: Next) -> Response {
    let hosts = &state.hosts;
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .or_else(|| request.uri().authority().map(|a| a.as_str()));
    let host_ok = host.is_some_and(|h| hosts.allows(h))
        && request
            .uri()
            .authority()
            .is_none_or(|a| hosts.allows(a.as_str()));
    if !host_ok {
        return refuse(
            StatusCode::MISDIRECTED_REQUEST,
            format!(
                "Host \"{}\" is not this server: open http://{}/ (or start it with --allow-host NAME)\n",
                meeple::pipeline::printable(host.unwrap_or("")),
                hosts.example()
            ),
        );
    }
    let safe = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if !safe {
        if let Some(origin) = request.headers().get(header::ORIGIN) {
            let same = origin
                .to_str()
                .ok()
                .and_then(|o| o.strip_prefix("http://"))
                .is_some_and(|a| !a.contains('/') && hosts.allows(a));
            if !same {
                return refuse(
                    StatusCode::FORBIDDEN,
                    format!(
                        "a page of another site (Origin \"{}\") cannot send {} requests here\n",
                        meeple::pipeline::printable(origin.to_str().unwrap_or("?")),
                        request.method()
                    ),
                );
            }
        }
        let site = request
            .headers()
            .get("sec-fetch-site")
            .and_then(|v| v.to_str().ok());
        if matches!(site, Some("cross-site" | "same-site")) {
            return refuse(
                StatusCode::FORBIDDEN,
                format!(
                    "a page of another site (Sec-Fetch-Site: {}) cannot send {} requests here\n",
                    site.unwrap_or(""),
                    request.method()
                ),
            );
        }
    }
    next.run(request).await
}

/// Read the body whole before the handler: 413 past
/// [`super::BODY_BYTES`] (by its `Content-Length` before reading, or while
/// reading), 408 when it does not arrive within `--body-timeout`.
pub async fn read_body(
    Shared(state): Shared<Arc<State>>,
    request: Request,
    next: Next,
) -> Response {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > super::BODY_BYTES as u64) {
        return too_large();
    }
    let (parts, body) = request.into_parts();
    let read = async {
        let mut stream = body.into_data_stream();
        let mut buf = Vec::with_capacity(declared.unwrap_or(0) as usize);
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|e| refuse(StatusCode::BAD_REQUEST, format!("{e}\n")))?;
            if buf.len() + chunk.len() > super::BODY_BYTES {
                return Err(too_large());
            }
            buf.extend_from_slice(&chunk);
        }
        Ok(Bytes::from(buf))
    };
    let bytes = match tokio::time::timeout(state.net.body_timeout, read).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(refused)) => return refused,
        Err(_) => {
            return refuse(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the body did not arrive within {} ms\n",
                    state.net.body_timeout.as_millis()
                ),
            )
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

fn too_large() -> Response {
    refuse(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("the body is larger than {} MiB\n", super::BODY_BYTES >> 20),
    )
}

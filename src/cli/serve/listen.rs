//! The accept loop: at most `--max-connections` connections (past it a
//! new one is answered 503 and closed), each with a header timeout (a
//! request's head, and the wait for the next one on a kept-alive
//! connection) and a write timeout (a client that stops reading). Body
//! reads have theirs in `gate::read_body`.

use axum::body::Body;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio::time::Sleep;
use tower::ServiceExt;

/// The network's limits (`meeple serve`'s hidden `--*-timeout-ms`
/// options set the times, for the tests).
#[derive(Clone, Debug)]
pub struct Net {
    /// Connections open at once.
    pub max_connections: usize,
    /// A request's head must arrive within it (and a kept-alive
    /// connection's next request's).
    pub header_timeout: Duration,
    /// A request's body must arrive within it.
    pub body_timeout: Duration,
    /// A write that makes no progress for this long closes the connection.
    pub write_timeout: Duration,
}

/// What a connection over the cap is told before it is closed.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Type: text/plain\r\nContent-Length: 40\r\nConnection: close\r\n\r\nthe server has too many connections open\n";

/// A connection's place under the cap, counted in `/api/status` while it
/// is open.
struct Open {
    _permit: tokio::sync::OwnedSemaphorePermit,
    count: Arc<AtomicUsize>,
}

impl Drop for Open {
    fn drop(&mut self) {
        self.count.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Serve `app` on `listener` until the process ends; `count` says how
/// many connections are open.
pub async fn serve(listener: TcpListener, app: Router, net: Net, count: Arc<AtomicUsize>) {
    let open = Arc::new(Semaphore::new(net.max_connections.max(1)));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors, or a connection reset before it
                // was accepted: wait a little and go on.
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            let _ = stream.try_write(BUSY);
            continue; // dropped: closed
        };
        count.fetch_add(1, Ordering::SeqCst);
        let permit = Open {
            _permit: permit,
            count: count.clone(),
        };
        let app = app.clone();
        let net = net.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let io = TokioIo::new(WriteTimeout::new(stream, net.write_timeout));
            let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
                app.clone().oneshot(request.map(Body::new))
            });
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(net.header_timeout)
                .serve_connection(io, service)
                .await;
        });
    }
}

/// A connection whose writes fail once they have made no progress for
/// `limit` (a client that never reads the answer).
struct WriteTimeout {
    io: TcpStream,
    limit: Duration,
    stalled: Option<Pin<Box<Sleep>>>,
}

impl WriteTimeout {
    fn new(io: TcpStream, limit: Duration) -> WriteTimeout {
        WriteTimeout {
            io,
            limit,
            stalled: None,
        }
    }

    /// After a write's poll: start or check the stall timer, or clear it.
    fn timed<T>(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if polled.is_ready() {
            self.stalled = None;
            return polled;
        }
        let limit = self.limit;
        let sleep = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        if sleep.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client read nothing for the write timeout",
            )));
        }
        Poll::Pending
    }
}

impl AsyncRead for WriteTimeout {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

impl AsyncWrite for WriteTimeout {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.io).poll_write(cx, buf);
        this.timed(cx, polled)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.io).poll_write_vectored(cx, bufs);
        this.timed(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.io).poll_flush(cx);
        this.timed(cx, polled)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

//! The wire: `Content-Length` frames on stdin and stdout. lsp-server's own
//! stdio transport stops at the first malformed message; this reader turns
//! one into a [`Input::Garbage`] the server answers with a JSON-RPC error,
//! and goes on with the next frame.

use super::Input;
use lsp_server::Message;
use std::io::{self, BufRead, Read, Write};
use std::sync::mpsc::Sender;

/// The largest message read: a script of the most meeple reads, escaped.
const FRAME_BYTES: usize = 4 * meeple::limits::SOURCE_BYTES;

/// One frame read: a message, or what was wrong with it.
pub(super) enum Frame {
    Message(Message),
    /// Not JSON at all (JSON-RPC's parse error), or JSON that is no message
    /// (an invalid request).
    Garbage {
        parse: bool,
        why: String,
    },
}

/// Reads frames from stdin on a thread of its own until the end of input.
pub(super) fn spawn_reader(tx: Sender<Input>) {
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        loop {
            let frame = match read_frame(&mut input) {
                Ok(Some(frame)) => Input::Frame(frame),
                Ok(None) | Err(_) => {
                    let _ = tx.send(Input::Eof);
                    return;
                }
            };
            if tx.send(frame).is_err() {
                return;
            }
        }
    });
}

/// The next frame, `None` at the end of input.
pub(super) fn read_frame(input: &mut impl BufRead) -> io::Result<Option<Frame>> {
    let mut length: Option<Result<usize, String>> = None;
    let mut line = String::new();
    let mut any = false;
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let header = line.trim_end_matches(['\r', '\n']);
        if header.is_empty() {
            if any {
                break;
            }
            continue; // blank lines between frames
        }
        any = true;
        if let Some((name, value)) = header.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = Some(
                    value
                        .trim()
                        .parse()
                        .map_err(|_| format!("bad Content-Length `{}`", value.trim())),
                );
            }
        }
    }
    let garbage = |why: String| Ok(Some(Frame::Garbage { parse: true, why }));
    let length = match length {
        None => return garbage("a frame without a Content-Length header".into()),
        Some(Err(why)) => return garbage(why),
        Some(Ok(n)) => n,
    };
    if length > FRAME_BYTES {
        io::copy(&mut input.by_ref().take(length as u64), &mut io::sink())?;
        return garbage(format!(
            "a message of {length} bytes, more than meeple reads"
        ));
    }
    let mut body = vec![0; length];
    if input.read_exact(&mut body).is_err() {
        return Ok(None);
    }
    let value: serde_json::Value = match serde_json::from_slice(&body) {
        Ok(v) => v,
        Err(e) => return garbage(format!("the message is not JSON: {e}")),
    };
    Ok(Some(match serde_json::from_value::<Message>(value) {
        Ok(m) => Frame::Message(m),
        Err(e) => Frame::Garbage {
            parse: false,
            why: format!("not a JSON-RPC request, response or notification: {e}"),
        },
    }))
}

/// Writes one message; `false` when stdout is gone.
pub(super) fn write(msg: &Message) -> bool {
    msg.write(&mut io::stdout().lock()).is_ok()
}

/// Writes a JSON-RPC error that answers no request (`"id": null`).
pub(super) fn write_error(code: i32, message: &str) -> bool {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {"code": code, "message": message},
    })
    .to_string();
    let mut out = io::stdout().lock();
    write!(out, "Content-Length: {}\r\n\r\n{body}", body.len())
        .and_then(|()| out.flush())
        .is_ok()
}

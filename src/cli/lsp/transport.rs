//! The wire: `Content-Length` frames on stdin and stdout. lsp-server's own
//! stdio transport stops at the first malformed message; this reader turns
//! one into a [`Frame::Garbage`] the server answers with a JSON-RPC error
//! (`"id": null`), and goes on with the next frame.
//!
//! Headers are read as bytes, one line of at most [`HEADER_LINE_BYTES`] at
//! a time: a line that is not ASCII spoils its frame (answered once the
//! frame's headers end, its body skipped when its `Content-Length` was
//! readable); a longer line is answered as soon as the cap is passed, and
//! the rest of that frame (the line up to its line feed, the headers after
//! it, the body) is read and dropped without being kept.

use super::Input;
use lsp_server::Message;
use serde_json::Value;
use std::io::{self, BufRead, Read, Write};
use std::sync::mpsc::Sender;

/// The largest message read: a script of the most meeple reads, escaped.
const FRAME_BYTES: usize = 4 * meeple::limits::SOURCE_BYTES;

/// The longest header line read, its line end included: 8 KiB.
pub(super) const HEADER_LINE_BYTES: usize = 8 << 10;

/// One frame read: a message, or what was wrong with it.
pub(super) enum Frame {
    Message(Message),
    /// Not JSON at all or no readable frame (JSON-RPC's parse error), or
    /// JSON that is no message (an invalid request).
    Garbage {
        parse: bool,
        why: String,
    },
}

/// Reads frames from stdin on a thread of its own until the end of input.
pub(super) fn spawn_reader(tx: Sender<Input>) {
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut reader = Reader::new(stdin.lock());
        loop {
            let frame = match reader.read_frame() {
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

/// What a frame's headers said.
#[derive(Default)]
struct Head {
    length: Option<Result<usize, String>>,
    /// The first header line that spoiled the frame.
    bad: Option<String>,
}

/// One header line read.
enum Line {
    /// The end of input (perhaps in the middle of a line).
    End,
    /// A whole line, its line end included.
    Whole,
    /// [`HEADER_LINE_BYTES`] read and no line feed yet.
    TooLong,
}

/// Frames from a byte stream.
pub(super) struct Reader<R> {
    input: R,
    /// The headers read so far of a frame whose over-long line was answered
    /// already: the rest of it is dropped.
    cut: Option<Head>,
}

impl<R: BufRead> Reader<R> {
    pub(super) fn new(input: R) -> Self {
        Reader { input, cut: None }
    }

    /// The next frame, `None` at the end of input.
    pub(super) fn read_frame(&mut self) -> io::Result<Option<Frame>> {
        loop {
            let (mut head, answered) = match self.cut.take() {
                Some(head) => {
                    if !self.skip_line()? {
                        return Ok(None);
                    }
                    (head, true)
                }
                None => (Head::default(), false),
            };
            let mut any = answered;
            let mut line = Vec::new();
            loop {
                match self.header_line(&mut line)? {
                    Line::End => return Ok(None),
                    Line::TooLong if answered => {
                        if !self.skip_line()? {
                            return Ok(None);
                        }
                        continue;
                    }
                    Line::TooLong => {
                        self.cut = Some(head);
                        return Ok(Some(garbage(format!(
                            "a header line longer than {HEADER_LINE_BYTES} bytes: \
                             the frame is dropped"
                        ))));
                    }
                    Line::Whole => {}
                }
                let text = trim_line_end(&line);
                if text.is_empty() {
                    if any {
                        break;
                    }
                    continue; // blank lines between frames
                }
                any = true;
                header(text, &mut head);
            }
            let length = match head.length {
                Some(Ok(n)) => Some(n),
                _ => None,
            };
            if let Some(n) = length.filter(|_| answered || head.bad.is_some()) {
                // A spoiled frame whose length is known: its body goes.
                if !self.skip(n)? {
                    return Ok(None);
                }
            }
            if answered {
                continue;
            }
            if let Some(why) = head.bad {
                return Ok(Some(garbage(why)));
            }
            return self.body(head.length);
        }
    }

    /// The body of a frame whose headers were well formed.
    fn body(&mut self, length: Option<Result<usize, String>>) -> io::Result<Option<Frame>> {
        let length = match length {
            None => return Ok(Some(garbage("a frame without a Content-Length header"))),
            Some(Err(why)) => return Ok(Some(garbage(why))),
            Some(Ok(n)) => n,
        };
        if length > FRAME_BYTES {
            if !self.skip(length)? {
                return Ok(None);
            }
            return Ok(Some(garbage(format!(
                "a message of {length} bytes, more than meeple reads"
            ))));
        }
        let mut body = vec![0; length];
        if self.input.read_exact(&mut body).is_err() {
            return Ok(None);
        }
        let value: Value = match serde_json::from_slice(&body) {
            Ok(v) => v,
            Err(e) => return Ok(Some(garbage(format!("the message is not JSON: {e}")))),
        };
        if let Some(why) = bad_id(&value) {
            return Ok(Some(Frame::Garbage { parse: false, why }));
        }
        Ok(Some(match serde_json::from_value::<Message>(value) {
            Ok(m) => Frame::Message(m),
            Err(e) => Frame::Garbage {
                parse: false,
                why: format!("not a JSON-RPC request, response or notification: {e}"),
            },
        }))
    }

    /// One header line into `line`, at most [`HEADER_LINE_BYTES`] of it.
    fn header_line(&mut self, line: &mut Vec<u8>) -> io::Result<Line> {
        line.clear();
        let n = (&mut self.input)
            .take(HEADER_LINE_BYTES as u64)
            .read_until(b'\n', line)?;
        Ok(if line.ends_with(b"\n") {
            Line::Whole
        } else if n == HEADER_LINE_BYTES {
            Line::TooLong
        } else {
            Line::End
        })
    }

    /// Drops the input up to the next line feed (included), keeping none
    /// of it; `false` at the end of input.
    fn skip_line(&mut self) -> io::Result<bool> {
        loop {
            let buf = self.input.fill_buf()?;
            if buf.is_empty() {
                return Ok(false);
            }
            match buf.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    self.input.consume(i + 1);
                    return Ok(true);
                }
                None => {
                    let n = buf.len();
                    self.input.consume(n);
                }
            }
        }
    }

    /// Drops `n` bytes of input; `false` when it ends first.
    fn skip(&mut self, n: usize) -> io::Result<bool> {
        let copied = io::copy(&mut (&mut self.input).take(n as u64), &mut io::sink())?;
        Ok(copied == n as u64)
    }
}

fn garbage(why: impl Into<String>) -> Frame {
    Frame::Garbage {
        parse: true,
        why: why.into(),
    }
}

fn trim_line_end(line: &[u8]) -> &[u8] {
    let mut end = line.len();
    while end > 0 && matches!(line[end - 1], b'\r' | b'\n') {
        end -= 1;
    }
    &line[..end]
}

/// Reads one header line (without its line end) into `head`.
fn header(line: &[u8], head: &mut Head) {
    if !line.is_ascii() {
        let at = line.iter().position(|b| !b.is_ascii()).unwrap_or(0);
        head.bad.get_or_insert_with(|| {
            format!(
                "a header line that is not ASCII (byte {:#04x} at column {})",
                line[at],
                at + 1
            )
        });
        return;
    }
    let text = std::str::from_utf8(line).unwrap_or_default();
    if let Some((name, value)) = text.split_once(':') {
        if name.trim().eq_ignore_ascii_case("content-length") {
            head.length = Some(
                value
                    .trim()
                    .parse()
                    .map_err(|_| format!("bad Content-Length `{}`", value.trim())),
            );
        }
    }
}

/// What is wrong with the `id` of a request: LSP's are integers (of 32
/// bits) or strings. Without this check a request with any other `id`
/// (an object, `1.5`, `null`) reads as a notification and gets no reply.
fn bad_id(value: &Value) -> Option<String> {
    let msg = value.as_object()?;
    msg.get("method")?;
    let id = msg.get("id")?;
    let fits = match id {
        Value::String(_) => true,
        Value::Number(n) => n.as_i64().is_some_and(|n| i32::try_from(n).is_ok()),
        _ => false,
    };
    (!fits).then(|| {
        let mut shown = id.to_string();
        if shown.len() > 40 {
            let mut end = 40;
            while !shown.is_char_boundary(end) {
                end -= 1;
            }
            shown.truncate(end);
            shown.push('…');
        }
        format!("a request's id is an integer or a string, not `{shown}`")
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(body: &str) -> Vec<u8> {
        format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
    }

    fn why(f: Option<Frame>) -> String {
        match f {
            Some(Frame::Garbage { why, .. }) => why,
            Some(Frame::Message(m)) => panic!("a message: {m:?}"),
            None => panic!("the end"),
        }
    }

    const EXIT: &str = r#"{"jsonrpc":"2.0","method":"exit"}"#;

    fn is_exit(f: Option<Frame>) -> bool {
        matches!(f, Some(Frame::Message(Message::Notification(n))) if n.method == "exit")
    }

    #[test]
    fn bad_header_lines_spoil_one_frame_and_the_next_is_read() {
        // A long line (the frame's Content-Length before it), then a
        // frame whose header is not ASCII but whose length is known.
        let mut input = b"Content-Length: 5\r\nX: ".to_vec();
        input.resize(input.len() + (1 << 20), b'a');
        input.extend_from_slice(b"\r\nX-More: 1\r\n\r\nhello");
        input.extend_from_slice(b"Content-Length: 5\r\nX: \xff\r\n\r\nhello");
        input.extend(frame(EXIT));
        let mut r = Reader::new(io::BufReader::with_capacity(4096, &input[..]));
        assert!(why(r.read_frame().unwrap()).contains("longer than 8192 bytes"));
        assert!(r.cut.is_some());
        assert!(why(r.read_frame().unwrap()).contains("not ASCII (byte 0xff at column 4)"));
        assert!(is_exit(r.read_frame().unwrap()));
        assert!(r.read_frame().unwrap().is_none());
    }

    #[test]
    fn an_endless_header_line_is_answered_after_8_kib() {
        // A reader that serves 'a' forever: the first frame's answer comes
        // after the cap, having read only that much.
        struct Endless(usize);
        impl Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                buf.fill(b'a');
                self.0 += buf.len();
                Ok(buf.len())
            }
        }
        let mut endless = Endless(0);
        let mut r = Reader::new(io::BufReader::with_capacity(1024, &mut endless));
        assert!(why(r.read_frame().unwrap()).contains("longer than"));
        drop(r);
        assert!(
            endless.0 <= HEADER_LINE_BYTES + 1024,
            "{} bytes read",
            endless.0
        );
    }

    #[test]
    fn ids_that_are_no_integer_or_string_are_invalid_requests() {
        for id in ["{}", "1.5", "1099511627776", "null", "[1]"] {
            let body = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"shutdown"}}"#);
            let mut r = Reader::new(io::Cursor::new(frame(&body)));
            match r.read_frame().unwrap() {
                Some(Frame::Garbage { parse: false, why }) => assert!(why.contains(id), "{why}"),
                _ => panic!("{id}: not an invalid request"),
            }
        }
        let body = r#"{"jsonrpc":"2.0","id":"x","method":"shutdown"}"#;
        let mut r = Reader::new(io::Cursor::new(frame(body)));
        assert!(matches!(
            r.read_frame().unwrap(),
            Some(Frame::Message(Message::Request(_)))
        ));
    }
}

//! `meeple lsp` driven over stdio as an editor would: JSON-RPC in
//! `Content-Length` frames. Every read is bounded by a timeout, so a hung
//! server fails the test instead of hanging it.

use crate::common::fields;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// The most a test waits for one message (a debug build on a busy machine).
const WAIT: Duration = Duration::from_secs(30);

struct Client {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<Value>,
    /// Messages read but not asked for yet.
    backlog: Vec<Value>,
    next_id: i64,
}

fn read_message(out: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    out.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

impl Client {
    fn start() -> Client {
        Client::start_with(&[])
    }

    /// `meeple lsp ARGS…`.
    fn start_with(args: &[&str]) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_meeple"))
            .arg("lsp")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start meeple lsp");
        let stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            while let Some(msg) = read_message(&mut stdout) {
                if tx.send(msg).is_err() {
                    break;
                }
            }
        });
        Client {
            child,
            stdin,
            rx,
            backlog: Vec::new(),
            next_id: 0,
        }
    }

    fn raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    fn send(&mut self, msg: Value) {
        let body = msg.to_string();
        self.raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The first message (read before or within `WAIT`) that `wanted` accepts.
    fn wait_for(&mut self, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.backlog.iter().position(&wanted) {
            return self.backlog.remove(i);
        }
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(msg) if wanted(&msg) => return msg,
                Ok(msg) => self.backlog.push(msg),
                Err(_) => panic!("no {what} within {WAIT:?}; read: {:#?}", self.backlog),
            }
        }
    }

    /// Sends a request and returns its whole response.
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait_for(&format!("answer to {method}"), |m| {
            m["id"] == json!(id) && m.get("method").is_none()
        })
    }

    /// A request's result, which must not be an error.
    fn result(&mut self, method: &str, params: Value) -> Value {
        let reply = self.call(method, params);
        assert!(reply.get("error").is_none(), "{method}: {reply}");
        reply["result"].clone()
    }

    fn diagnostics(&mut self, version: i64) -> Vec<Value> {
        let msg = self.wait_for(&format!("diagnostics of version {version}"), |m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == version
        });
        msg["params"]["diagnostics"].as_array().unwrap().clone()
    }

    fn initialize(&mut self) -> Value {
        let caps = json!({"workspace": {"inlayHint": {"refreshSupport": true}}});
        let result = self.result(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": caps}),
        );
        self.notify("initialized", json!({}));
        result
    }

    /// Sends a request without waiting for its answer; its id.
    fn request(&mut self, method: &str, params: Value) -> i64 {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    /// The answer to the request `id`.
    fn reply(&mut self, id: i64) -> Value {
        self.wait_for(&format!("answer to request {id}"), |m| {
            m["id"] == json!(id) && m.get("method").is_none()
        })
    }

    /// The server's threads now (Linux: its entries in /proc/PID/task).
    fn threads(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/task", self.child.id()))
            .expect("/proc/PID/task")
            .count()
    }

    /// Waits for the server to end; its exit code.
    fn exit_code(mut self) -> i32 {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code().expect("exited, not killed");
            }
            assert!(Instant::now() < deadline, "the server did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const URI: &str = "file:///tmp/puzzle.game";

const BROKEN: &str = "scenario \"s\" {\n  game chess\n}\n";

const GOOD: &str = "track mine {\n  route start 2 4 finish\n}\n\n# é𝄞: positions count UTF-16 units\nscenario \"s\" {\n  game footholds\n  board [[1, 1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 2)\n  solve\n}\n\nscenario \"y\" {\n  game yut\n  board mine\n  dice 1 2\n}\n";

fn pos(text: &str, needle: &str, plus: usize) -> Value {
    pos_at(text, text.find(needle).unwrap() + plus)
}

/// The protocol position of byte `at` of `text`.
fn pos_at(text: &str, at: usize) -> Value {
    let line = text[..at].matches('\n').count();
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let character: usize = text[start..at].chars().map(char::len_utf16).sum();
    json!({"line": line, "character": character})
}

fn doc() -> Value {
    json!({"uri": URI})
}

/// A server with `text` open as version 1, and the diagnostics it
/// published for it.
fn opened(text: &str) -> (Client, Vec<Value>) {
    let mut c = Client::start();
    c.initialize();
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "meeple", "version": 1, "text": text}}),
    );
    let diags = c.diagnostics(1);
    (c, diags)
}

/// `text` as the document's version `version`, and its diagnostics.
fn change(c: &mut Client, version: i64, text: &str) -> Vec<Value> {
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": [{"text": text}]}),
    );
    c.diagnostics(version)
}

/// An editing session: the broken script opened, then fixed as [`GOOD`]
/// (version 2), whose diagnostics are cleared.
fn fixed() -> Client {
    let (mut c, _) = opened(BROKEN);
    assert_eq!(change(&mut c, 2, GOOD), Vec::<Value>::new());
    c
}

/// [`fixed`], once the server has run the answers in the background and
/// asked for the inlay hints again.
fn answered() -> Client {
    let mut c = fixed();
    let refresh = c.wait_for("inlay hint refresh", |m| {
        m["method"] == "workspace/inlayHint/refresh"
    });
    c.send(json!({"jsonrpc": "2.0", "id": refresh["id"], "result": null}));
    c
}

/// Shut down as a client does: `shutdown` answered, `exit`, status 0.
fn shut_down(mut c: Client) {
    assert_eq!(c.result("shutdown", Value::Null), Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

#[test]
fn the_server_names_itself_and_its_capabilities_and_shuts_down() {
    let mut c = Client::start();
    let init = c.initialize();
    let caps = &init["capabilities"];
    assert_eq!(caps["textDocumentSync"], 1, "{init}");
    assert_eq!(caps["hoverProvider"], true);
    assert_eq!(init["serverInfo"]["name"], "meeple");
    shut_down(c);
}

#[test]
fn an_unknown_game_is_an_error_on_its_exact_range() {
    let (c, diags) = opened(BROKEN);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0]["code"], "meeple::game::unknown");
    assert_eq!(diags[0]["severity"], 1, "an error");
    assert_eq!(
        diags[0]["range"],
        json!({"start": {"line": 1, "character": 7}, "end": {"line": 1, "character": 12}})
    );
    assert!(
        diags[0]["message"].as_str().unwrap().contains("help:"),
        "{diags:?}"
    );
    shut_down(c);
}

#[test]
fn a_solve_has_an_inlay_hint_of_its_answer() {
    let mut c = answered();
    let hints = c.result(
        "textDocument/inlayHint",
        json!({"textDocument": doc(), "range": {"start": {"line": 0, "character": 0}, "end": {"line": 99, "character": 0}}}),
    );
    assert_eq!(hints[0]["position"], pos(GOOD, "solve", 5), "{hints}");
    assert!(
        hints[0]["label"].as_str().unwrap().contains("winner"),
        "{hints}"
    );
    shut_down(c);
}

#[test]
fn hover_on_a_solve_shows_its_answer() {
    let mut c = answered();
    let hover = c.result(
        "textDocument/hover",
        json!({"textDocument": doc(), "position": pos(GOOD, "solve", 2)}),
    );
    let md = hover["contents"]["value"].as_str().unwrap();
    assert!(md.starts_with("**solve**") && md.contains("wins"), "{md}");
    shut_down(c);
}

#[test]
fn a_track_use_leads_to_its_definition_on_line_0() {
    let mut c = fixed();
    let def = c.result(
        "textDocument/definition",
        json!({"textDocument": doc(), "position": pos(GOOD, "board mine", 7)}),
    );
    assert_eq!(def["uri"], URI);
    assert_eq!(
        def["range"],
        json!({"start": {"line": 0, "character": 6}, "end": {"line": 0, "character": 10}})
    );
    shut_down(c);
}

#[test]
fn a_track_definition_has_its_one_use_as_references() {
    let mut c = fixed();
    let refs = c.result(
        "textDocument/references",
        json!({"textDocument": doc(), "position": pos(GOOD, "mine", 1), "context": {"includeDeclaration": false}}),
    );
    assert_eq!(refs.as_array().unwrap().len(), 1, "{refs}");
    shut_down(c);
}

#[test]
fn the_symbols_are_the_track_and_the_scenarios() {
    let mut c = fixed();
    let symbols = c.result(
        "textDocument/documentSymbol",
        json!({"textDocument": doc()}),
    );
    assert_eq!(fields(&symbols, "name"), ["mine", "s", "y"]);
    shut_down(c);
}

#[test]
fn the_code_action_fills_in_the_solves_expectations() {
    let mut c = answered();
    let solve_end = pos(GOOD, "solve", 5);
    let actions = c.result(
        "textDocument/codeAction",
        json!({"textDocument": doc(), "range": {"start": solve_end, "end": solve_end}, "context": {"diagnostics": []}}),
    );
    assert_eq!(actions[0]["title"], "Fill in expectations", "{actions}");
    let edit = &actions[0]["edit"]["documentChanges"][0]["edits"][0];
    assert_eq!(edit["range"]["start"], solve_end);
    let inserted = edit["newText"].as_str().unwrap();
    assert!(
        inserted.starts_with("\n  expect answer ") && inserted.contains("\n  expect winner "),
        "{inserted}"
    );
    shut_down(c);
}

#[test]
fn completion_after_rule_lists_the_games_rules() {
    let mut c = fixed();
    let typing = GOOD.replace("  solve\n", "  rule \n  solve\n");
    assert_eq!(change(&mut c, 3, &typing)[0]["code"], "meeple::parse");
    let items = c.result(
        "textDocument/completion",
        json!({"textDocument": doc(), "position": pos(&typing, "rule ", 5)}),
    );
    assert_eq!(fields(&items, "label"), ["origin", "first", "steps"]);
    shut_down(c);
}

/// Formatting: refused while a half-typed rule is there, then the
/// canonical layout of `meeple fmt` for the whole text.
#[test]
fn formatting_is_refused_on_a_syntax_error_then_replaces_the_whole_text() {
    let mut c = fixed();
    let typing = GOOD.replace("  solve\n", "  rule \n  solve\n");
    assert_eq!(change(&mut c, 3, &typing)[0]["code"], "meeple::parse");
    let fmt = json!({"textDocument": doc(), "options": {"tabSize": 2, "insertSpaces": true}});
    let refused = c.call("textDocument/formatting", fmt.clone());
    assert_eq!(refused["error"]["code"], -32803, "{refused}");
    let messy = GOOD.replace("  piece A at (0, 0)\n", "piece A at(0,0)   # first\n");
    assert_eq!(change(&mut c, 4, &messy), Vec::<Value>::new());
    let edits = c.result("textDocument/formatting", fmt);
    assert_eq!(edits.as_array().unwrap().len(), 1, "{edits}");
    assert_eq!(
        edits[0]["range"]["start"],
        json!({"line": 0, "character": 0})
    );
    let formatted = edits[0]["newText"].as_str().unwrap();
    assert!(
        formatted.contains("\n  piece A at (0, 0)  # first\n"),
        "{formatted}"
    );
    shut_down(c);
}

/// A wrong expectation: the checker is content, the background run is not.
#[test]
fn a_wrong_expectation_fails_in_the_background_run() {
    let mut c = fixed();
    let wrong = GOOD.replace("  solve\n", "  solve\n  expect answer 999\n");
    assert_eq!(change(&mut c, 5, &wrong), Vec::<Value>::new());
    let failed = c.wait_for("the failed expectation", |m| {
        m["params"]["version"] == 5
            && m["params"]["diagnostics"][0]["code"] == "meeple::expect::failed"
    });
    assert_eq!(
        failed["params"]["diagnostics"][0]["range"]["start"],
        pos(&wrong, "999", 0)
    );
    shut_down(c);
}

#[test]
fn garbage_and_out_of_order_messages_get_errors_not_a_crash() {
    let mut c = Client::start();
    let early = c.call(
        "textDocument/hover",
        json!({"textDocument": doc(), "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(early["error"]["code"], -32002, "{early}");
    c.initialize();
    // Not JSON; JSON that is no message; no Content-Length.
    c.raw(b"Content-Length: 9\r\n\r\n{not json");
    let e = c.wait_for("parse error", |m| m["error"]["code"] == -32700);
    assert_eq!(e["id"], Value::Null);
    c.send(json!([1, 2, 3]));
    c.wait_for("invalid request", |m| m["error"]["code"] == -32600);
    c.raw(b"Content-Type: text/plain\r\n\r\n");
    c.wait_for("parse error", |m| m["error"]["code"] == -32700);
    let unknown = c.call("meeple/teleport", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    let unopened = c.call(
        "textDocument/hover",
        json!({"textDocument": doc(), "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(unopened["error"]["code"], -32602, "{unopened}");
    let bad_params = c.call("textDocument/hover", json!({"nonsense": true}));
    assert_eq!(bad_params["error"]["code"], -32602, "{bad_params}");
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 7}, "contentChanges": [{"text": "x"}]}),
    );
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "meeple", "version": 1, "text": BROKEN}}),
    );
    c.diagnostics(1);
    let far = c.call(
        "textDocument/completion",
        json!({"textDocument": doc(), "position": {"line": 99, "character": 0}}),
    );
    assert_eq!(far["error"]["code"], -32602, "{far}");
    // A column past the end of a line is that line's end.
    let wide = c.result(
        "textDocument/completion",
        json!({"textDocument": doc(), "position": {"line": 1, "character": 500}}),
    );
    let end = c.result(
        "textDocument/completion",
        json!({"textDocument": doc(), "position": {"line": 1, "character": 12}}),
    );
    assert_eq!(wide, end);
    assert_eq!(wide[0]["label"], "footholds", "{wide}");
    // Still serving; `exit` without `shutdown` is exit code 1.
    let symbols = c.result(
        "textDocument/documentSymbol",
        json!({"textDocument": doc()}),
    );
    assert_eq!(symbols[0]["name"], "s");
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 1);
}

#[test]
fn rapid_ranged_edits_all_land_even_past_the_last_line() {
    let mut c = Client::start();
    c.initialize();
    let text = "scenario \"s0\" {\n  game footholds\n}\n";
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "meeple", "version": 1, "text": text}}),
    );
    assert_eq!(c.diagnostics(1), Vec::<Value>::new());
    // Twenty edits sent at once, each inserting past the last line (which
    // is the end of the text): checked together or one by one, none is lost.
    for v in 2..=21 {
        let scenario = format!("scenario \"s{v}\" {{\n game footholds\n}}\n");
        let at = json!({"line": 1000, "character": 0});
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": v},
                   "contentChanges": [{"range": {"start": at, "end": at}, "text": scenario}]}),
        );
    }
    assert_eq!(c.diagnostics(21), Vec::<Value>::new());
    let symbols = c.result(
        "textDocument/documentSymbol",
        json!({"textDocument": doc()}),
    );
    let names = fields(&symbols, "name");
    let wanted: Vec<String> = std::iter::once(0)
        .chain(2..=21)
        .map(|v| format!("s{v}"))
        .collect();
    assert_eq!(names, wanted);
    c.result("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

/// The `-32700`/`-32600` error answering no request (`"id": null`) whose
/// message contains `what`.
fn frame_error(c: &mut Client, code: i64, what: &str) -> Value {
    let e = c.wait_for(&format!("error {code} about {what}"), |m| {
        m["error"]["code"] == code && m["error"]["message"].as_str().unwrap().contains(what)
    });
    assert_eq!(e["id"], Value::Null, "{e}");
    e
}

#[test]
fn hostile_frames_get_errors_and_the_server_keeps_serving() {
    let mut c = Client::start();
    c.initialize();
    // A header that is not ASCII: the frame is answered and dropped (its
    // body, a request, is skipped by its Content-Length: never answered).
    let body = json!({"jsonrpc": "2.0", "id": 500, "method": "shutdown"}).to_string();
    let mut frame = format!("Content-Length: {}\r\nContent-Type: ", body.len()).into_bytes();
    frame.extend_from_slice(b"\xff\xfe\r\n\r\n");
    frame.extend_from_slice(body.as_bytes());
    c.raw(&frame);
    frame_error(&mut c, -32700, "not ASCII (byte 0xff");
    let unknown = c.call("meeple/teleport", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");

    // A header line of 1 MiB with no line feed: answered once 8 KiB of it
    // are read (the reply comes before the line ends, so the server did
    // not wait to hold it whole), the rest dropped up to its line feed.
    let mut endless = b"X-Padding: ".to_vec();
    endless.resize(1 << 20, b'a');
    c.raw(&endless);
    frame_error(&mut c, -32700, "longer than 8192 bytes");
    c.raw(&endless);
    c.raw(b"\r\n\r\n");
    let unknown = c.call("meeple/teleport", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");

    // Ids LSP does not have: an error with id null, not silence.
    for id in [
        json!({"a": 1}),
        json!(1.5),
        json!(1_u64 << 40),
        json!(null),
        json!([7]),
    ] {
        c.send(json!({"jsonrpc": "2.0", "id": id, "method": "shutdown"}));
        frame_error(&mut c, -32600, "a request's id is an integer or a string");
    }
    // None of them shut the server down.
    let symbols = c.call(
        "textDocument/documentSymbol",
        json!({"textDocument": doc()}),
    );
    assert_eq!(symbols["error"]["code"], -32602, "{symbols}");
    assert_eq!(c.result("shutdown", Value::Null), Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

/// A footholds solve of a full 11x11 board, corner to corner: seconds in a
/// release build, far longer in a debug one (and `--timeout 600`).
fn slow_scenario() -> String {
    let row = format!("[{}]", ["1"; 11].join(", "));
    let rows = vec![row; 11].join(",\n    ");
    format!(
        "scenario \"slow\" {{\n  game footholds\n  board [\n    {rows}]\n  piece A at (0, 0)\n  piece B at (10, 10)\n  solve\n}}\n"
    )
}

#[test]
fn cancel_request_stops_code_actions_running_or_waiting() {
    let mut c = Client::start_with(&["--timeout", "600"]);
    c.initialize();
    let quick = "scenario \"quick\" {\n  game footholds\n  board [[1, 1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 2)\n  solve\n}\n";
    let text = format!("{}\n{quick}", slow_scenario());
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "meeple", "version": 1, "text": text}}),
    );
    assert_eq!(c.diagnostics(1), Vec::<Value>::new());
    let action = |at: Value| json!({"textDocument": doc(), "range": {"start": at, "end": at}, "context": {"diagnostics": []}});
    // Three slow code actions: two run (the most at once), one waits.
    let slow: Vec<i64> = (0..3)
        .map(|_| c.request("textDocument/codeAction", action(pos(&text, "solve", 0))))
        .collect();
    for &id in &slow {
        c.notify("$/cancelRequest", json!({"id": id}));
    }
    for &id in &slow {
        let r = c.reply(id);
        assert_eq!(r["error"]["code"], -32800, "{r}");
    }
    // A quick one is answered: the cancelled threads stopped and let it run
    // (without the cancel it would wait for them, 600 s).
    let at = pos_at(&text, text.rfind("solve").unwrap());
    let id = c.request("textDocument/codeAction", action(at));
    let r = c.reply(id);
    assert_eq!(r["result"][0]["title"], "Fill in expectations", "{r}");
    // Cancelling what was answered already: nothing more.
    c.notify("$/cancelRequest", json!({"id": id}));
    assert_eq!(c.result("shutdown", Value::Null), Value::Null);
    assert!(
        c.backlog.iter().all(|m| m["id"] != json!(id)),
        "{:#?}",
        c.backlog
    );
}

#[test]
#[cfg_attr(not(target_os = "linux"), ignore = "counts threads in /proc/PID/task")]
fn edits_of_a_large_document_keep_one_background_run() {
    let mut c = Client::start();
    c.initialize();
    // 10,000 scenarios (1 MB): the answers of each version take a while,
    // so edits in a row find the previous run still going.
    let text = |v: i64| -> String {
        let mut t: String = (0..10_000)
            .map(|i| format!("scenario \"s{i}\" {{\n  game footholds\n  board [[1, 1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 2)\n  solve\n}}\n"))
            .collect();
        t.push_str(&format!("# version {v}\n"));
        t
    };
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "meeple", "version": 1, "text": text(1)}}),
    );
    assert_eq!(c.diagnostics(1), Vec::<Value>::new());
    let mut most = c.threads();
    for v in 2..=7 {
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": v}, "contentChanges": [{"text": text(v)}]}),
        );
        assert_eq!(c.diagnostics(v), Vec::<Value>::new());
        most = most.max(c.threads());
    }
    // The main loop, the reader, the document's one run: each edit
    // cancelled the run before it and the next waited for it to stop (a
    // run per edit, never stopped, made 8 threads here).
    assert!(most <= 3, "{most} threads");
    // The last version's run is not starved: its answers arrive (earlier
    // refreshes were read before its diagnostics).
    c.backlog
        .retain(|m| m["method"] != "workspace/inlayHint/refresh");
    c.wait_for("inlay hint refresh", |m| {
        m["method"] == "workspace/inlayHint/refresh"
    });
    let hints = c.result(
        "textDocument/inlayHint",
        json!({"textDocument": doc(), "range": {"start": {"line": 0, "character": 0}, "end": {"line": 99999, "character": 0}}}),
    );
    assert_eq!(hints.as_array().unwrap().len(), 10_000);
}

/// A document that holds no scenario shows one warning (severity 2), not
/// an error; a scenario added clears it.
#[test]
fn a_document_with_no_scenario_shows_a_warning() {
    let mut c = Client::start();
    c.initialize();
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "meeple", "version": 1, "text": "# later\n"}}),
    );
    let diags = c.diagnostics(1);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0]["code"], "meeple::file::empty");
    assert_eq!(diags[0]["severity"], 2, "a warning: {diags:?}");
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": GOOD}]}),
    );
    assert_eq!(c.diagnostics(2), Vec::<Value>::new());
}

/// A document saved as a file reads its imports relative to that file: a
/// `game` its import defines is known, a missing import is reported on the
/// `import` line, and an unsaved buffer refuses imports.
#[test]
fn imports_are_read_beside_the_document() {
    let dir = crate::common::temp_dir("lsp-imports");
    let lib = "rules counter {\n  players solo\n  board none\n  var n: 0..9 = 0\n  turn {\n    choose k in 1..2\n    n += k\n    win if n >= 3\n  }\n  solve shortest within 5\n}\n";
    std::fs::write(dir.join("lib.game"), lib).unwrap();
    let main = "import \"lib.game\"\n\nscenario \"s\" {\n  game counter\n  solve\n}\n";
    let missing = main.replace("lib.game", "gone.game");
    let path = dir.join("main.game");
    std::fs::write(&path, main).unwrap();
    let uri = format!("file://{}", path.display()).replace(' ', "%20");
    let mut c = Client::start();
    c.initialize();
    let open = |c: &mut Client, uri: &str, text: &str, version: i64| {
        c.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "meeple", "version": version, "text": text}}),
        );
        c.diagnostics(version)
    };
    assert_eq!(open(&mut c, &uri, main, 1), Vec::<Value>::new());
    let other = uri.replace("main.game", "other.game");
    let gone = open(&mut c, &other, &missing, 2);
    assert_eq!(gone.len(), 1, "{gone:?}");
    assert_eq!(gone[0]["range"]["start"]["line"], 0, "{gone:?}");
    assert!(
        gone[0]["code"]
            .as_str()
            .unwrap()
            .starts_with("meeple::import"),
        "{gone:?}"
    );
    let unsaved = open(&mut c, "untitled:Untitled-1", main, 3);
    assert!(
        unsaved.iter().any(|d| d["code"] == "meeple::import::file"),
        "{unsaved:?}"
    );
}

/// Issue 31 item 5: in a scenario of a rules game an import defines, the
/// game's params after `rule` and its fields after `expect`; go to
/// definition on `game NAME` opens the imported file at the block's name.
#[test]
fn an_imported_rules_game_completes_and_leads_to_its_file() {
    let dir = crate::common::temp_dir("lsp-rules-import");
    let lib = "# the counter\nrules counter {\n  players solo\n  board none\n  param top: 3..9 = 3\n  var n: 0..9 = 0\n  turn {\n    choose k in 1..2\n    n += k\n    win if n >= top\n  }\n  solve shortest within 5\n}\n";
    std::fs::write(dir.join("my lib.game"), lib).unwrap();
    let main = "import \"my lib.game\"\n\nscenario \"s\" {\n  game counter\n  rule top 4\n  solve\n  expect moves 2\n}\n";
    let path = dir.join("main.game");
    std::fs::write(&path, main).unwrap();
    let uri = format!("file://{}", path.display()).replace(' ', "%20");
    let mut c = Client::start();
    c.initialize();
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "meeple", "version": 1, "text": main}}),
    );
    assert_eq!(c.diagnostics(1), Vec::<Value>::new());
    let at = |needle: &str, plus: usize| json!({"textDocument": {"uri": uri}, "position": pos(main, needle, plus)});
    let labels = |v: &Value| -> Vec<String> {
        let items = v.get("items").unwrap_or(v);
        items
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect()
    };
    let rule = c.result("textDocument/completion", at("rule top", 5));
    assert_eq!(labels(&rule), ["origin", "top"]);
    let values = c.result("textDocument/completion", at("rule top ", 9));
    assert_eq!(labels(&values), ["3", "9"]);
    let expect = c.result("textDocument/completion", at("expect ", 7));
    assert_eq!(labels(&expect), ["answer", "moves"]);
    let hover = c.result("textDocument/hover", at("game counter", 7));
    let md = hover["contents"]["value"].as_str().unwrap();
    assert!(
        md.starts_with(
            "**rules game `counter`** (from `my lib.game`): players solo; `param top: 3..9 = 3`"
        ),
        "{md}"
    );
    assert!(
        md.contains("- `answer`: the fewest moves to a win, if one takes at most 5; else -1"),
        "{md}"
    );
    let def = c.result("textDocument/definition", at("game counter", 7));
    assert_eq!(
        def["uri"],
        uri.replace("main.game", "my%20lib.game"),
        "{def}"
    );
    assert_eq!(
        def["range"],
        json!({"start": {"line": 1, "character": 6}, "end": {"line": 1, "character": 13}})
    );
    shut_down(c);
    std::fs::remove_dir_all(dir).ok();
}

//! `meeple lsp`'s diagnostics latency on a 1,000-line script (issue 16: the
//! editor should show errors within ~50 ms): the time from sending
//! `didOpen`/`didChange` to reading `publishDiagnostics`, through the real
//! binary over pipes, against the reference of the library's checker alone
//! (`meeple::check_source`) on the same text, in the same run.
//!
//! `cargo bench --bench lsp` (`-- LINES ROUNDS`, default 1000 and 20).
//! Medians of ROUNDS; a valid script also starts a background run of its
//! solves after each change (cancelled by the next), as in an editor.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

fn script(lines: usize, broken: bool) -> String {
    let mut out = String::new();
    let mut i = 0;
    while out.lines().count() + 11 <= lines {
        out.push_str(&format!(
            "# scenario {i}\nscenario \"s{i}\" {{\n  game footholds\n  board [[1, 1, 1, 1],\n         [1, 0, 1, 1]]\n  piece A at (0, 0)\n  piece B at (1, 3)\n  rule steps king\n  solve\n  expect winner {}\n}}\n",
            if broken && i == 50 { "C" } else { "A" }
        ));
        out.push('\n');
        i += 1;
    }
    out
}

fn send(stdin: &mut ChildStdin, msg: Value) {
    let body = msg.to_string();
    write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
    stdin.flush().unwrap();
}

fn read(out: &mut BufReader<ChildStdout>) -> Value {
    let mut length = 0;
    loop {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse().unwrap();
        }
    }
    let mut body = vec![0; length];
    out.read_exact(&mut body).unwrap();
    serde_json::from_slice(&body).unwrap()
}

/// Waits for the diagnostics of `version`; how many there were.
fn diagnostics(out: &mut BufReader<ChildStdout>, version: i64) -> usize {
    loop {
        let m = read(out);
        if m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == version {
            return m["params"]["diagnostics"].as_array().unwrap().len();
        }
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let lines = args.first().copied().unwrap_or(1000);
    let rounds = args.get(1).copied().unwrap_or(20).max(1);
    let mut child = Command::new(env!("CARGO_BIN_EXE_meeple"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start meeple lsp");
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    send(
        &mut stdin,
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
    );
    read(&mut out);
    send(
        &mut stdin,
        json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
    );
    let uri = "file:///bench.game";
    println!(
        "{:<40} {:>10} {:>12} {:>7}",
        "1 change → diagnostics (median)", "meeple lsp", "check_source", "ratio"
    );
    let mut version = 0;
    for broken in [false, true] {
        let text = script(lines, broken);
        let mut lsp = Vec::new();
        let mut found = 0;
        for _ in 0..rounds {
            version += 1;
            let start = Instant::now();
            if version == 1 {
                send(
                    &mut stdin,
                    json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "meeple", "version": version, "text": text}}}),
                );
            } else {
                send(
                    &mut stdin,
                    json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}}),
                );
            }
            found = diagnostics(&mut out, version);
            lsp.push(start.elapsed());
        }
        let reference: Vec<Duration> = (0..rounds)
            .map(|_| {
                let start = Instant::now();
                let _ = std::hint::black_box(meeple::check_source("bench.game", &text));
                start.elapsed()
            })
            .collect();
        let (a, b) = (median(lsp), median(reference));
        let what = format!("{} lines, {found} error(s)", text.lines().count());
        println!(
            "{what:<40} {:>7.1} ms {:>9.1} ms {:>6.1}×",
            a.as_secs_f64() * 1e3,
            b.as_secs_f64() * 1e3,
            a.as_secs_f64() / b.as_secs_f64().max(1e-6)
        );
    }
    send(
        &mut stdin,
        json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}),
    );
    send(&mut stdin, json!({"jsonrpc": "2.0", "method": "exit"}));
    let _ = child.wait();
}

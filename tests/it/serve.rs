//! `meeple serve`: the HTTP API on a temporary folder (check, run, fmt,
//! svg, the files with their ETag flow, refused paths and bodies, a slow
//! solve that blocks nothing and is cancelled when its client goes away),
//! and the page end to end in headless Chromium (tests/web/e2e.mjs).
//! Every wait is bounded: sockets time out, the server is killed on drop.

use crate::common::{fields, root, temp_dir};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long any one read may wait before the test fails.
pub(crate) const READ_TIMEOUT: Duration = Duration::from_secs(60);

/// A running `meeple serve`, killed when dropped.
pub(crate) struct Server {
    child: Child,
    pub(crate) addr: String,
}

impl Server {
    pub(crate) fn start(args: &[&str], paths: &[&Path]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_meeple"))
            .args(args)
            .args(["serve", "--port", "0"])
            .args(paths)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start meeple serve");
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .expect("read the URL line");
        let url = first
            .trim()
            .strip_prefix("meeple serve: http://")
            .unwrap_or_else(|| panic!("unexpected first line {first:?}"));
        let addr = url.trim_end_matches('/').to_string();
        assert!(addr.starts_with("127.0.0.1:"), "{addr}");
        Server { child, addr }
    }

    pub(crate) fn connect(&self) -> TcpStream {
        let s = TcpStream::connect(&self.addr).expect("connect");
        s.set_read_timeout(Some(READ_TIMEOUT)).unwrap();
        s.set_write_timeout(Some(READ_TIMEOUT)).unwrap();
        s
    }

    /// One request; the status, the headers (lowercase names) and the body.
    pub(crate) fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Reply {
        let mut s = self.connect();
        send(&mut s, method, path, headers, body);
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).expect("read the reply");
        Reply::parse(&raw)
    }

    pub(crate) fn get(&self, path: &str) -> Reply {
        self.request("GET", path, &[], b"")
    }

    pub(crate) fn post(&self, path: &str, body: &str) -> Reply {
        self.request("POST", path, &[], body.as_bytes())
    }

    pub(crate) fn status(&self) -> serde_json::Value {
        self.get("/api/status").json()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Send a request (its `Host` is the address connected to, unless
/// `headers` give one).
pub(crate) fn send(
    s: &mut TcpStream,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) {
    let mut head = format!("{method} {path} HTTP/1.1\r\n");
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        head.push_str(&format!("Host: {}\r\n", s.peer_addr().unwrap()));
    }
    head.push_str(&format!(
        "Connection: close\r\nContent-Length: {}\r\n",
        body.len()
    ));
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body).unwrap();
}

#[derive(Debug)]
pub(crate) struct Reply {
    pub(crate) status: u16,
    headers: Vec<(String, String)>,
    pub(crate) body: String,
}

impl Reply {
    pub(crate) fn parse(raw: &[u8]) -> Reply {
        let text = String::from_utf8_lossy(raw);
        let (head, body) = text.split_once("\r\n\r\n").expect("a reply head");
        let mut lines = head.lines();
        let status = lines
            .next()
            .unwrap()
            .split(' ')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_lowercase(), v.trim().to_string()))
            .collect();
        let chunked = headers
            .iter()
            .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
        let body = if chunked {
            dechunk(body)
        } else {
            body.to_string()
        };
        Reply {
            status,
            headers,
            body,
        }
    }

    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub(crate) fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    /// The body as JSON lines.
    pub(crate) fn lines(&self) -> Vec<serde_json::Value> {
        self.body
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect()
    }
}

/// A chunked body's data.
fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).expect("a chunk size");
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}

/// KAKAO example 1 (scripts/footholds/kakao.game), lines 1-13.
pub(crate) const KAKAO1: &str = "scenario \"kakao example 1\" {\n  game footholds\n  board {\n    1 1 1\n    1 1 1\n    1 1 1\n  }\n  piece A at (1, 0)\n  piece B at (1, 2)\n  solve\n  expect answer 5\n  expect winner A\n  line\n}\n";

/// A footholds solve far too large to finish: it runs until cancelled.
pub(crate) const SLOW: &str = "scenario \"slow\" {\n game footholds\n board {\n 1111111111\n 1111111111\n 1111111111\n 1111111111\n 1111111111\n 1111111111\n 1111111111\n 1111111111\n 1111111111\n 1111111111\n }\n piece A at (0, 0)\n piece B at (9, 9)\n solve\n}\n";

#[test]
fn check_run_fmt_and_svg_answer_with_the_json_objects() {
    let dir = temp_dir("serve-api");
    let server = Server::start(&[], &[&dir]);

    let check = server.post("/api/check", KAKAO1);
    assert_eq!(check.status, 200, "{check:?}");
    let objs = check.json();
    assert_eq!(objs[0]["kind"], "check");
    assert_eq!(objs[0]["ok"], true);
    assert_eq!(objs[0]["scenarios"], 1);

    // A broken coordinate: the coded diagnostic on its exact span.
    let broken = KAKAO1.replace("piece B at (1, 2)", "piece B at (1, 7)");
    let objs = server.post("/api/check?name=k.game", &broken).json();
    assert_eq!(objs[0]["kind"], "diagnostic", "{objs}");
    assert_eq!(objs[0]["file"], "k.game");
    assert_eq!(objs[0]["code"], "meeple::piece::off_board");
    let (start, end) = (
        objs[0]["span"]["start"].as_u64().unwrap() as usize,
        objs[0]["span"]["end"].as_u64().unwrap() as usize,
    );
    assert!(broken[start..end].contains('7'), "{}", &broken[start..end]);
    assert!(objs[0]["help"].is_string());
    assert_eq!(objs.as_array().unwrap().last().unwrap()["ok"], false);

    // Run: the objects of `meeple run --format json`, pictures inline,
    // the line's frames, and the exit code.
    let run = server.post("/api/run", KAKAO1);
    assert_eq!(run.status, 200);
    assert_eq!(run.header("content-type"), Some("application/x-ndjson"));
    let lines: Vec<_> = run
        .lines()
        .into_iter()
        .filter(|o| o["kind"] != "progress")
        .collect();
    let kinds: Vec<&str> = lines.iter().map(|o| o["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        ["answer", "expect", "expect", "answer", "steps", "done"]
    );
    assert_eq!(lines[0]["answer"], 5);
    assert_eq!(lines[0]["winner"], "A");
    assert!(lines[0].get("svg").is_none(), "a solve draws nothing");
    assert!(lines[3]["svg"].as_str().unwrap().starts_with("<svg"));
    assert_eq!(lines[4]["line"], 13);
    assert_eq!(lines[4]["svgs"].as_array().unwrap().len(), 6);
    assert_eq!(lines[4]["captions"][1], "move 1: A");
    assert_eq!(lines[5]["exit_code"], 0);
    // The same objects as the command line's.
    let cli = meeple::render::json::file(&meeple::run_source("playground.game", KAKAO1), &[]);
    let first_cli: serde_json::Value = serde_json::from_str(cli.lines().next().unwrap()).unwrap();
    let mut first = lines[0].clone();
    first["elapsed_ms"] = first_cli["elapsed_ms"].clone();
    assert_eq!(first, first_cli);
    // An invalid script runs nothing: its diagnostics, exit code 2.
    let lines = server.post("/api/run", &broken).lines();
    assert_eq!(lines[0]["code"], "meeple::piece::off_board");
    assert_eq!(lines.last().unwrap()["exit_code"], 2);

    // Format: the canonical layout, or the syntax errors.
    let fmt = server
        .post("/api/fmt", "scenario \"s\"{game footholds\n board [[1,1]]}")
        .json();
    assert_eq!(fmt["ok"], true);
    assert_eq!(
        fmt["text"],
        "scenario \"s\" {\n  game footholds\n  board [[1, 1]]\n}\n"
    );
    let fmt = server.post("/api/fmt", "scenario \"s\" {").json();
    assert_eq!(fmt["ok"], false);
    assert_eq!(fmt["diagnostics"][0]["code"], "meeple::parse::unterminated");

    // A picture by line; a solve draws none.
    let svg = server.post("/api/svg?line=13", KAKAO1);
    assert_eq!(svg.status, 200);
    assert_eq!(svg.header("content-type"), Some("image/svg+xml"));
    assert!(svg
        .body
        .contains("<title>kakao example 1 · line (line 13)</title>"));
    assert_eq!(server.post("/api/svg?line=10", KAKAO1).status, 404);
    assert_eq!(server.post("/api/svg?line=13", &broken).status, 422);

    // Completion and hover, from the ide module.
    let text = "scenario \"s\" {\n  game footholds\n  rule \n}\n";
    let at = text.find("rule ").unwrap() + 5;
    let items = server
        .post(&format!("/api/complete?offset={at}"), text)
        .json();
    assert_eq!(fields(&items, "label"), ["origin", "first", "steps"]);
    let at = text.find("footholds").unwrap() + 2;
    let hover = server.post(&format!("/api/hover?offset={at}"), text).json();
    assert!(
        hover["markdown"].as_str().unwrap().contains("footholds"),
        "{hover}"
    );

    // The page and its assets are embedded.
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("/assets/app.js"));
    assert_eq!(server.get("/assets/app.js").status, 200);
    assert_eq!(server.get("/assets/nope.js").status, 404);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn files_are_read_with_an_etag_and_replaced_only_with_it() {
    let dir = temp_dir("serve-files");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("a.game"), KAKAO1).unwrap();
    std::fs::write(dir.join("sub/b.game"), "# b\n").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a script\n").unwrap();
    let server = Server::start(&[], &[&dir]);

    let files = server.get("/api/files").json();
    assert_eq!(files["files"], serde_json::json!(["a.game", "sub/b.game"]));

    let read = server.get("/api/file?path=a.game");
    assert_eq!(read.status, 200);
    assert_eq!(read.body, KAKAO1);
    let etag = read.header("etag").unwrap().to_string();
    assert_eq!(server.get("/api/file?path=nope.game").status, 404);

    // Replacing needs the ETag: without it 428, with it 200 and a new ETag.
    let put = |path: &str, tag: Option<&str>, body: &str| {
        let headers: Vec<(&str, &str)> = tag.map(|t| ("If-Match", t)).into_iter().collect();
        server.request("PUT", path, &headers, body.as_bytes())
    };
    assert_eq!(put("/api/file?path=a.game", None, "# lost\n").status, 428);
    assert_eq!(std::fs::read_to_string(dir.join("a.game")).unwrap(), KAKAO1);
    let saved = put("/api/file?path=a.game", Some(&etag), "# one\n");
    assert_eq!(saved.status, 200, "{saved:?}");
    let etag2 = saved.header("etag").unwrap().to_string();
    assert_ne!(etag2, etag);
    assert_eq!(
        std::fs::read_to_string(dir.join("a.game")).unwrap(),
        "# one\n"
    );
    assert_eq!(
        server.get("/api/file?path=a.game").header("etag"),
        Some(etag2.as_str())
    );

    // The file changed on disk since: 412, and the disk keeps its text.
    std::fs::write(dir.join("a.game"), "# changed elsewhere\n").unwrap();
    let refused = put("/api/file?path=a.game", Some(&etag2), "# two\n");
    assert_eq!(refused.status, 412);
    assert!(refused.body.contains("changed on disk"), "{}", refused.body);
    assert_eq!(
        std::fs::read_to_string(dir.join("a.game")).unwrap(),
        "# changed elsewhere\n"
    );

    // A new file needs no ETag (201); an ETag for a missing file is 412.
    assert_eq!(put("/api/file?path=sub/c.game", None, "# c\n").status, 201);
    assert_eq!(
        std::fs::read_to_string(dir.join("sub/c.game")).unwrap(),
        "# c\n"
    );
    assert_eq!(
        put("/api/file?path=d.game", Some(&etag), "# d\n").status,
        412
    );
    assert!(!dir.join("d.game").exists());
    // The writes left no temporary files behind.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["a.game", "notes.txt", "sub"]);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn paths_outside_the_served_folder_and_large_bodies_are_refused() {
    let dir = temp_dir("serve-safety");
    let served = dir.join("served");
    std::fs::create_dir_all(&served).unwrap();
    std::fs::write(dir.join("outside.game"), "# secret\n").unwrap();
    std::fs::write(served.join("in.game"), "# in\n").unwrap();
    std::fs::write(served.join("in.txt"), "# text\n").unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(dir.join("outside.game"), served.join("link.game")).unwrap();
        std::os::unix::fs::symlink(&dir, served.join("up")).unwrap();
    }
    let server = Server::start(&[], &[&served]);
    let mut refused = vec![
        "../outside.game",
        "..%2Foutside.game",
        "/etc/passwd",
        "%2Fetc%2Fpasswd",
        "sub/../../outside.game",
        "in.txt",
        "",
    ];
    if cfg!(unix) {
        refused.extend(["link.game", "up/outside.game"]);
    }
    for path in refused {
        let get = server.get(&format!("/api/file?path={path}"));
        assert_eq!(get.status, 403, "GET {path}: {get:?}");
        let put = server.request("PUT", &format!("/api/file?path={path}"), &[], b"# x\n");
        assert_eq!(put.status, 403, "PUT {path}: {put:?}");
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("outside.game")).unwrap(),
        "# secret\n"
    );
    assert!(!dir.join("x.game").exists());
    let files = server.get("/api/files").json();
    assert_eq!(
        files["files"],
        serde_json::json!(["in.game"]),
        "no symlink out is listed"
    );
    assert_eq!(server.get("/api/file?path=in.game").status, 200);

    // A body over the cap is refused before it is read, by its length.
    let mut s = server.connect();
    let head = format!(
        "POST /api/check HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        server.addr,
        meeple::limits::SOURCE_BYTES + 1
    );
    s.write_all(head.as_bytes()).unwrap();
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    assert_eq!(Reply::parse(&raw).status, 413);
    // Or when reading it passes the cap (no length: chunked).
    let mut s = server.connect();
    s.write_all(format!("POST /api/check HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n", server.addr).as_bytes())
        .unwrap();
    let chunk = vec![b'#'; 1 << 20];
    for _ in 0..=16 {
        let sent = s
            .write_all(format!("{:x}\r\n", chunk.len()).as_bytes())
            .and_then(|()| s.write_all(&chunk))
            .and_then(|()| s.write_all(b"\r\n"));
        if sent.is_err() {
            break; // the server answered and closed
        }
    }
    let _ = s.write_all(b"0\r\n\r\n");
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    assert_eq!(Reply::parse(&raw).status, 413);
    // A body at the cap is read (and checked).
    assert_eq!(server.post("/api/check", &"#".repeat(1 << 20)).status, 200);
    std::fs::remove_dir_all(dir).ok();
}

/// Poll `/api/status` until `done` holds (at most `READ_TIMEOUT`).
pub(crate) fn wait_for(
    server: &Server,
    what: &str,
    done: impl Fn(&serde_json::Value) -> bool,
) -> serde_json::Value {
    let deadline = Instant::now() + READ_TIMEOUT;
    loop {
        let s = server.status();
        if done(&s) {
            return s;
        }
        assert!(Instant::now() < deadline, "never saw {what}: {s}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_slow_solve_blocks_nothing_and_a_closed_connection_cancels_it() {
    let dir = temp_dir("serve-slow");
    let server = Server::start(&["--memory", "64", "--timeout", "600"], &[&dir]);
    assert_eq!(server.status()["solving"], 0);

    // Start the slow solve and read until it reports progress.
    let mut slow = server.connect();
    send(&mut slow, "POST", "/api/run", &[], SLOW.as_bytes());
    let mut reader = BufReader::new(slow.try_clone().unwrap());
    let mut seen = String::new();
    while !seen.contains("\"kind\":\"progress\"") {
        let mut line = String::new();
        assert!(
            reader.read_line(&mut line).unwrap() > 0,
            "closed early: {seen}"
        );
        seen.push_str(&line);
    }
    assert_eq!(server.status()["solving"], 1);

    // Meanwhile other requests are answered, and the solve still runs.
    let check = server.post("/api/check", KAKAO1);
    assert_eq!(check.status, 200);
    assert_eq!(check.json()[0]["ok"], true);
    let run = server.post("/api/run", KAKAO1).lines();
    assert_eq!(run.last().unwrap()["exit_code"], 0);
    let status = server.status();
    assert_eq!(status["solving"], 1, "{status}");
    assert_eq!(status["cancelled"], 0, "{status}");

    // The client goes away: its solve is cancelled and its thread freed.
    drop(reader);
    drop(slow);
    let status = wait_for(&server, "the solve cancelled", |s| {
        s["solving"] == 0 && s["cancelled"] == 1
    });
    assert_eq!(status["cancelled"], 1);
    std::fs::remove_dir_all(dir).ok();
}

/// Needs Chromium, Node and `editors/web/node_modules` (`npm ci`), so
/// `#[ignore]`d (shown as ignored, with what to install): `cargo test --test
/// it -- --ignored chromium` runs it, as `.ci/run` does.
#[test]
#[ignore = "needs chromium, node and editors/web/node_modules (apt install chromium nodejs; cd editors/web && npm ci): cargo test --test it -- --ignored chromium"]
fn the_page_works_in_headless_chromium() {
    let chromium = Path::new("/usr/bin/chromium");
    let modules = root().join("editors/web/node_modules/playwright-core");
    let node = Command::new("node").arg("--version").output().is_ok();
    assert!(
        chromium.exists(),
        "this test needs /usr/bin/chromium: apt install chromium"
    );
    assert!(node, "this test needs node: apt install nodejs");
    assert!(
        modules.exists(),
        "this test needs {}: cd editors/web && npm ci",
        modules.display()
    );
    let dir = temp_dir("serve-e2e");
    std::fs::copy(
        root().join("scripts/footholds/kakao.game"),
        dir.join("kakao.game"),
    )
    .unwrap();
    // A file that imports another with `..`: the page names it.
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(
        dir.join("nim.game"),
        "rules nim {\n  players A B\n  board none\n  var pile: 0..20 = 5\n  turn {\n    choose take in [1, 2] where take <= pile\n    pile -= take\n    win if pile == 0\n  }\n  solve outcome\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("sub/uses.game"),
        "import \"../nim.game\"\n\nscenario \"nim 5\" {\n  game nim\n  solve\n  expect winner A\n}\n",
    )
    .unwrap();
    let server = Server::start(&[], &[&dir]);
    let mut cmd = Command::new("node");
    cmd.arg(root().join("tests/web/e2e.mjs"))
        .arg(format!("http://{}/", server.addr))
        .arg(&*dir);
    if let Some(shot) = std::env::var_os("MEEPLE_SCREENSHOT") {
        cmd.arg(shot);
    }
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run node");
    // Bounded: the script's own waits are 20 s each; kill it past 3 minutes.
    let deadline = Instant::now() + Duration::from_secs(180);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "e2e failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("ok: answer 5"), "{stdout}");
    assert!(stdout.contains("ok: a second save replaces it"), "{stdout}");
    assert!(
        stdout.contains("ok: it runs with the imported game"),
        "{stdout}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("e2e.game")).unwrap(),
        format!("# edited\n{KAKAO1}")
    );
    std::fs::remove_dir_all(dir).ok();
}

/// 40 `show`s of a 200 × 200 board would send 40 pictures of ~3.4 MB: a
/// response sends at most 32 MiB of pictures, a small note for the rest.
#[test]
fn a_response_caps_its_pictures() {
    let dir = temp_dir("serve-pictures");
    let server = Server::start(&[], &[&dir]);
    let row = "1".repeat(200);
    let board = vec![row.as_str(); 200].join("\n");
    let script = format!(
        "scenario \"big\" {{\n  game footholds\n  board {{\n{board}\n}}\n  piece A at (0, 0)\n  piece B at (0, 1)\n{}}}\n",
        "  show\n".repeat(40)
    );
    let lines = server.post("/api/run", &script).lines();
    let svgs: Vec<&str> = lines
        .iter()
        .filter(|l| l["kind"] == "answer")
        .map(|l| l["svg"].as_str().expect("every show has a picture"))
        .collect();
    assert_eq!(svgs.len(), 40);
    let (notes, drawn): (Vec<&str>, Vec<&str>) = svgs
        .iter()
        .partition(|s| s.contains("picture left out") && s.contains("passed 32 MB"));
    let bytes: usize = drawn.iter().map(|s| s.len()).sum();
    assert!(
        !drawn.is_empty() && drawn.len() < 12,
        "{} drawn",
        drawn.len()
    );
    assert!(bytes <= 32 << 20, "{bytes} bytes of pictures");
    assert_eq!(notes.len() + drawn.len(), 40);
    assert!(notes.iter().all(|n| n.len() < 1000));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The lines a run's response keeps count against `--memory`, as
/// `meeple run`'s output does: 3,000 `line`s of KAKAO example 1 under
/// `--memory 1` send at most 1 MiB of answers and `steps`, then one
/// `meeple::limit::memory`, and the run ends with exit code 1 (it sent
/// 1,024 answers and 19 MB before).
#[test]
fn a_run_keeps_its_answers_within_memory() {
    let dir = temp_dir("serve-kept");
    let server = Server::start(&["--memory", "1"], &[&dir]);
    let head = KAKAO1.trim_end().trim_end_matches('}');
    let script = format!("{head}{}}}\n", "  line\n".repeat(3000));
    let reply = server.post("/api/run", &script);
    let kept: usize = reply
        .body
        .lines()
        .filter(|l| l.contains(r#""kind":"answer""#) || l.contains(r#""kind":"steps""#))
        .map(|l| l.len() + 1)
        .sum();
    assert!(kept <= 1 << 20, "{kept} bytes of answers kept");
    let lines = reply.lines();
    let answers = lines.iter().filter(|l| l["kind"] == "answer").count();
    assert!(answers > 10 && answers < 3001, "{answers} answers");
    let limits: Vec<_> = lines
        .iter()
        .filter(|l| l["code"] == "meeple::limit::memory")
        .collect();
    assert_eq!(limits.len(), 1, "{lines:?}");
    assert!(limits[0]["message"]
        .as_str()
        .unwrap()
        .contains("memory limit of 1 MB"));
    assert_eq!(lines.last().unwrap()["exit_code"], 1);
    let _ = std::fs::remove_dir_all(&dir);
}

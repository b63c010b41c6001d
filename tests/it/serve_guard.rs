//! `meeple serve` against hostile clients (issue 27): a foreign `Host` or
//! `Origin`, more requests than the cap, clients that leave, symlinks
//! swapped during requests, saves that must keep the file, idle and stuck
//! connections. Every assertion counts (statuses, bytes, files), none
//! times; every wait is bounded by `READ_TIMEOUT` or a count.

use crate::common::temp_dir;
use crate::serve::{send, wait_for, Reply, Server, KAKAO1, READ_TIMEOUT, SLOW};
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Read a connection to its end (or its reset): the bytes.
fn drain(s: &mut std::net::TcpStream) -> Vec<u8> {
    let mut raw = Vec::new();
    let mut buf = [0u8; 1 << 16];
    loop {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => return raw,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
        }
    }
}

#[test]
fn a_foreign_host_or_origin_is_refused() {
    let dir = temp_dir("serve-origin");
    std::fs::write(dir.join("a.game"), "# a\n").unwrap();
    let allow = std::path::Path::new("--allow-host=Meeple.Test");
    let server = Server::start(&[], &[allow, &dir]);
    let port = server.addr.rsplit(':').next().unwrap().to_string();
    let evil = format!("evil.example:{port}");

    // DNS rebinding: the browser sends the attacker's name as Host.
    for (method, path) in [
        ("GET", "/api/file?path=a.game"),
        ("GET", "/api/files"),
        ("POST", "/api/check"),
        ("PUT", "/api/file?path=a.game"),
        ("PUT", "/api/file?path=new.game"),
    ] {
        let r = server.request(
            method,
            path,
            &[("Host", &evil), ("If-Match", "*")],
            b"# x\n",
        );
        assert_eq!(r.status, 421, "{method} {path}: {r:?}");
    }
    // The bound port only.
    let r = server.request("GET", "/api/files", &[("Host", "127.0.0.1:1")], b"");
    assert_eq!(r.status, 421);
    for host in [
        server.addr.clone(),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
        format!("meeple.test:{port}"),
    ] {
        let r = server.request("GET", "/api/files", &[("Host", &host)], b"");
        assert_eq!(r.status, 200, "Host {host}: {r:?}");
    }

    // A form of another site (enctype text/plain is a valid script).
    let form =
        b"#=x\nscenario \"s\" {\n game footholds\n board [[1]]\n piece A at (0, 0)\n solve\n}\n";
    for headers in [
        vec![
            ("Origin", "http://evil.example"),
            ("Content-Type", "text/plain"),
        ],
        vec![("Origin", "null")],
        vec![("Sec-Fetch-Site", "cross-site")],
        vec![("Sec-Fetch-Site", "same-site")],
    ] {
        for path in ["/api/check", "/api/run", "/api/fmt"] {
            let r = server.request("POST", path, &headers, form);
            assert_eq!(r.status, 403, "{path} {headers:?}: {r:?}");
        }
        let r = server.request(
            "PUT",
            "/api/file?path=a.game",
            &[headers.clone(), vec![("If-Match", "*")]].concat(),
            b"# replaced\n",
        );
        assert_eq!(r.status, 403, "PUT {headers:?}");
        let r = server.request("PUT", "/api/file?path=made.game", &headers, b"# made\n");
        assert_eq!(r.status, 403, "PUT new {headers:?}");
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("a.game")).unwrap(),
        "# a\n"
    );
    assert!(!dir.join("made.game").exists());
    assert_eq!(server.status()["requests"], 0);

    // The page itself (same origin), and scripts without Origin, work.
    let own = format!("http://{}", server.addr);
    let r = server.request(
        "POST",
        "/api/check",
        &[("Origin", &own), ("Sec-Fetch-Site", "same-origin")],
        KAKAO1.as_bytes(),
    );
    assert_eq!(r.status, 200, "{r:?}");
    assert_eq!(server.post("/api/check", KAKAO1).status, 200);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn requests_past_the_caps_get_503_and_a_client_leaving_cancels_its_check() {
    let dir = temp_dir("serve-caps");
    // `serve`'s own options go after it, with the paths.
    let server = Server::start(
        &["--memory", "64", "--timeout", "600"],
        &[std::path::Path::new("--max-requests=1"), &dir],
    );
    let mut slow = server.connect();
    send(&mut slow, "POST", "/api/run", &[], SLOW.as_bytes());
    let mut reader = BufReader::new(slow.try_clone().unwrap());
    let mut line = String::new();
    while !line.contains("\"kind\":\"progress\"") {
        line.clear();
        assert!(reader.read_line(&mut line).unwrap() > 0, "closed early");
    }
    // With the cap at 1 and one run working, the next request is refused.
    let busy = server.post("/api/check", KAKAO1);
    assert_eq!(busy.status, 503, "{busy:?}");
    assert_eq!(busy.header("retry-after"), Some("1"));
    let status = server.status();
    assert_eq!(
        (status["requests"].as_u64(), status["solving"].as_u64()),
        (Some(1), Some(1))
    );
    drop(reader);
    drop(slow);
    wait_for(&server, "the run cancelled", |s| {
        s["requests"] == 0 && s["cancelled"] == 1
    });
    assert_eq!(server.post("/api/check", KAKAO1).status, 200);
    drop(server);

    // The memory budget: a run holds 1 MiB of 64; a 1 MiB check would
    // reserve 64 (64 bytes a byte): 503; a small one fits.
    let server = Server::start(
        &["--memory", "64", "--timeout", "600"],
        &[std::path::Path::new("--request-memory=64"), &dir],
    );
    let mut slow = server.connect();
    send(&mut slow, "POST", "/api/run", &[], SLOW.as_bytes());
    wait_for(&server, "the run", |s| s["solving"] == 1);
    let big = format!("{}{KAKAO1}", "#\n".repeat(1 << 19));
    // Refused by its declared length before the body is read: the head
    // alone is sent.
    let mut s = server.connect();
    let head = format!(
        "POST /api/check HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n",
        server.addr,
        big.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    let r = Reply::parse(&drain(&mut s));
    assert_eq!(r.status, 503, "{}", r.body);
    assert!(r.body.contains("memory"), "{}", r.body);
    assert_eq!(server.post("/api/check", KAKAO1).status, 200);
    drop(slow);
    wait_for(&server, "the run cancelled", |s| s["requests"] == 0);
    assert_eq!(server.post("/api/check", &big).status, 200);
    drop(server);

    // A check whose client leaves is cancelled too (counted), and its
    // slot is freed when its thread ends.
    let server = Server::start(&[], &[&dir]);
    let mut doc = String::from("scenario \"s\" {\n  game footholds\n  board [[1, 1], [1, 1]]\n");
    for _ in 0..150_000 {
        doc.push_str("  piece A at (0, 0) # a piece placed again and again, to check\n");
    }
    doc.push_str("}\n");
    let mut s = server.connect();
    send(&mut s, "POST", "/api/check", &[], doc.as_bytes());
    // Its body read and its thread at work (not merely admitted, which
    // happens before the body is read).
    wait_for(&server, "the check working", |s| s["working"] == 1);
    drop(s);
    let status = wait_for(&server, "the check cancelled", |s| {
        s["cancelled"] == 1 && s["requests"] == 0 && s["working"] == 0
    });
    assert_eq!(status["cancelled"], 1);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn symlink_swaps_never_lead_outside_the_folder() {
    let dir = temp_dir("serve-race");
    let served = dir.join("served");
    let outside = dir.join("outside");
    std::fs::create_dir_all(served.join("sub")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(served.join("in.game"), "# in\n").unwrap();
    std::fs::write(outside.join("secret.game"), "# secret\n").unwrap();
    std::fs::write(outside.join("secret.txt"), "# secret\n").unwrap();
    let link = |target: &str, name: &str| {
        let tmp = served.join(format!(".{name}.swap"));
        let _ = std::fs::remove_file(&tmp);
        std::os::unix::fs::symlink(target, &tmp).unwrap();
        std::fs::rename(&tmp, served.join(name)).unwrap();
    };
    link("in.game", "race.game");
    link("sub", "d");
    let server = Server::start(&[], &[&served]);

    // Swap the links as fast as possible while the requests run.
    let stop = Arc::new(AtomicBool::new(false));
    let swapper = {
        let stop = stop.clone();
        let served = served.clone();
        std::thread::spawn(move || {
            let swap = |target: &str, name: &str, tmp: &str| {
                let tmp = served.join(tmp);
                let _ = std::fs::remove_file(&tmp);
                std::os::unix::fs::symlink(target, &tmp).unwrap();
                std::fs::rename(&tmp, served.join(name)).unwrap();
            };
            let mut swaps = 0u64;
            while !stop.load(Ordering::SeqCst) && swaps < 5_000_000 {
                let out = swaps % 2 == 1;
                let file = if out {
                    "../outside/secret.game"
                } else {
                    "in.game"
                };
                swap(file, "race.game", ".r");
                swap(if out { "../outside" } else { "sub" }, "d", ".d");
                if swaps % 4 == 3 {
                    swap("../outside/secret.txt", "race.game", ".r");
                }
                swaps += 1;
            }
            swaps
        })
    };
    let (mut read_in, mut refused, mut escapes) = (0, 0, Vec::new());
    for i in 0..400 {
        let r = server.get("/api/file?path=race.game");
        match r.status {
            200 if r.body == "# in\n" => read_in += 1,
            200 => escapes.push(format!("GET read {:?}", r.body)),
            403 | 404 => refused += 1,
            other => panic!("GET: {other} {}", r.body),
        }
        let r = server.request("PUT", &format!("/api/file?path=d/n{i}.game"), &[], b"# n\n");
        assert!([201, 403, 404].contains(&r.status), "PUT: {r:?}");
    }
    stop.store(true, Ordering::SeqCst);
    let swaps = swapper.join().unwrap();
    eprintln!("{swaps} swaps: {read_in} reads inside, {refused} refused");
    assert!(escapes.is_empty(), "{escapes:?}");
    let mut out: Vec<String> = std::fs::read_dir(&outside)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    out.sort();
    assert_eq!(
        out,
        ["secret.game", "secret.txt"],
        "nothing written outside"
    );
    assert_eq!(
        std::fs::read_to_string(outside.join("secret.game")).unwrap(),
        "# secret\n"
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn saving_keeps_the_mode_the_owner_and_the_link_and_big_files_are_refused() {
    let dir = temp_dir("serve-keep");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("a.game"), "# a\n").unwrap();
    std::fs::set_permissions(dir.join("a.game"), std::fs::Permissions::from_mode(0o664)).unwrap();
    std::os::unix::fs::symlink("a.game", dir.join("link.game")).unwrap();
    std::fs::write(dir.join("sub/b.game"), "# b\n").unwrap();
    let root = std::fs::metadata(&dir).unwrap().uid() == 0;
    if root {
        std::os::unix::fs::chown(dir.join("a.game"), Some(1234), Some(1235)).unwrap();
    }
    // A sparse file over the 16 MiB cap: refused, not sent.
    let big = std::fs::File::create(dir.join("big.game")).unwrap();
    big.set_len((16 << 20) + 1).unwrap();
    drop(big);
    let server = Server::start(&[], &[&dir]);

    let read = server.get("/api/file?path=link.game");
    assert_eq!(read.body, "# a\n");
    let tag = read.header("etag").unwrap().to_string();
    let r = server.request(
        "PUT",
        "/api/file?path=link.game",
        &[("If-Match", &tag)],
        b"# saved\n",
    );
    assert_eq!(r.status, 200, "{r:?}");
    let meta = std::fs::symlink_metadata(dir.join("link.game")).unwrap();
    assert!(meta.file_type().is_symlink(), "the link is kept");
    assert_eq!(
        std::fs::read_to_string(dir.join("a.game")).unwrap(),
        "# saved\n"
    );
    let meta = std::fs::metadata(dir.join("a.game")).unwrap();
    assert_eq!(meta.mode() & 0o7777, 0o664);
    if root {
        assert_eq!((meta.uid(), meta.gid()), (1234, 1235));
    } else {
        eprintln!("not root: the owner is not checked");
    }
    // A new file has the mode of a new file (not 0600).
    let r = server.request("PUT", "/api/file?path=new.game", &[], b"# new\n");
    assert_eq!(r.status, 201);
    let mask = nix::sys::stat::umask(nix::sys::stat::Mode::from_bits_truncate(0o022));
    nix::sys::stat::umask(mask);
    let mode = std::fs::metadata(dir.join("new.game")).unwrap().mode() & 0o777;
    assert!(mode & 0o644 == 0o644 & !mask.bits(), "{mode:o}");

    let r = server.get("/api/file?path=big.game");
    assert_eq!(r.status, 413);
    assert!(r.body.len() < 1000, "{} bytes sent", r.body.len());
    let r = server.request(
        "PUT",
        "/api/file?path=big.game",
        &[("If-Match", "*")],
        b"# x\n",
    );
    assert_eq!(r.status, 413);
    for path in ["sub/./b.game", "./a.game", "sub//b.game"] {
        assert_eq!(
            server.get(&format!("/api/file?path={path}")).status,
            403,
            "{path}"
        );
    }
    assert_eq!(server.get("/api/file?path=sub/b.game").status, 200);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn idle_half_sent_and_stuck_connections_are_closed_and_capped() {
    let dir = temp_dir("serve-conns");
    std::fs::write(dir.join("a.game"), "# a\n").unwrap();
    // A file larger than the socket buffers, for a client that never reads.
    std::fs::write(dir.join("big.game"), "#".repeat(15 << 20) + "\n").unwrap();
    let times = [
        "--header-timeout-ms=300",
        "--body-timeout-ms=300",
        "--write-timeout-ms=300",
    ];
    let mut args: Vec<&std::path::Path> = times.iter().map(std::path::Path::new).collect();
    args.push(std::path::Path::new("--max-connections=2"));
    args.push(&dir);
    let server = Server::start(&[], &args);

    // Two idle connections fill the cap: a third is told 503 and closed.
    let mut idle = [server.connect(), server.connect()];
    std::thread::sleep(Duration::from_millis(50));
    let mut third = server.connect();
    let raw = drain(&mut third);
    assert!(
        raw.is_empty() || raw.starts_with(b"HTTP/1.1 503"),
        "{:?}",
        String::from_utf8_lossy(&raw)
    );
    // The server closes the idle ones (header timeout): EOF, no answer.
    for s in &mut idle {
        assert_eq!(drain(s), b"");
    }
    // Once the closed ones have left the cap, requests are served again.
    serves_again(&server);
    assert_eq!(server.get("/api/file?path=a.game").status, 200);

    // Half a head: closed without an answer. Half a body: 408.
    let mut s = server.connect();
    s.write_all(b"GET /api/files HTTP/1.1\r\nHost: ").unwrap();
    let raw = drain(&mut s);
    assert!(
        !raw.starts_with(b"HTTP/1.1 200"),
        "{:?}",
        String::from_utf8_lossy(&raw)
    );
    let mut s = server.connect();
    let head = format!(
        "POST /api/check HTTP/1.1\r\nHost: {}\r\nContent-Length: 100\r\n\r\n# x",
        server.addr
    );
    s.write_all(head.as_bytes()).unwrap();
    assert_eq!(Reply::parse(&drain(&mut s)).status, 408);

    // A client that never reads a 15 MiB answer: its connection is
    // closed (it gets far less than the file), and the server serves on.
    drop((idle, third, s));
    serves_again(&server);
    let mut stuck = server.connect();
    stuck.set_read_timeout(Some(READ_TIMEOUT)).unwrap();
    send(&mut stuck, "GET", "/api/file?path=big.game", &[], b"");
    // The answer has begun (the server is writing to it); then the client
    // stops reading until the server gives up: only the status request's
    // own connection is left open.
    let mut head = [0u8; 4096];
    stuck.read_exact(&mut head).unwrap();
    wait_for(&server, "the stuck connection closed", |s| {
        s["connections"] == 1
    });
    let got = head.len() + drain(&mut stuck).len();
    assert!(
        got < 15 << 20,
        "{got} bytes: the stuck connection was served whole"
    );
    serves_again(&server);
    std::fs::remove_dir_all(dir).ok();
}

/// Wait (at most `READ_TIMEOUT`) until the server answers 200 again: the
/// connections it closed have left the cap.
fn serves_again(server: &Server) {
    let deadline = Instant::now() + READ_TIMEOUT;
    loop {
        let mut s = server.connect();
        send(&mut s, "GET", "/api/status", &[], b"");
        let raw = drain(&mut s);
        if raw.starts_with(b"HTTP/1.1 200") {
            return;
        }
        assert!(Instant::now() < deadline, "the server never served again");
        std::thread::sleep(Duration::from_millis(20));
    }
}

//! `meeple serve` and the files a script names: imports with `..` that
//! stay inside the served folder (and those that do not), the page
//! naming the open file so its imports are read beside it, symlinks
//! inside the folder listed, and a query that cannot be read answered in
//! the API's own words.

use crate::common::temp_dir;
use crate::serve::Server;

/// A two-player rules game: take 1 or 2, whoever takes the last wins.
const NIM: &str = "rules nim {
  players A B
  board none
  var pile: 0..20 = 5
  turn {
    choose take in [1, 2] where take <= pile
    pile -= take
    win if pile == 0
  }
  solve outcome
}
";

fn uses(import: &str) -> String {
    format!("import \"{import}\"\n\nscenario \"nim 5\" {{\n  game nim\n  solve\n  expect winner A\n}}\n")
}

fn codes(reply: &serde_json::Value) -> Vec<String> {
    reply
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["kind"] == "diagnostic")
        .map(|o| format!("{}: {}", o["code"], o["message"]))
        .collect()
}

/// `import "../nim.game"` from `sub/` stays inside the folder: read, as
/// the command line reads it. Above the folder, or through a link out,
/// it is refused with `meeple::import::file`.
#[test]
fn an_import_with_dot_dot_is_read_while_it_stays_inside() {
    let dir = temp_dir("serve-dotdot");
    let served = dir.join("served");
    std::fs::create_dir_all(served.join("sub/deeper")).unwrap();
    std::fs::write(served.join("nim.game"), NIM).unwrap();
    std::fs::write(dir.join("outside.game"), NIM).unwrap();
    std::os::unix::fs::symlink(&dir, served.join("sub/out")).unwrap();
    let server = Server::start(&[], &[&served]);
    let check = |name: &str, import: &str| {
        server
            .post(&format!("/api/check?name={name}"), &uses(import))
            .json()
    };

    for (name, import) in [
        ("sub/up.game", "../nim.game"),
        ("sub/deeper/up.game", "../../nim.game"),
        ("sub/up.game", "./../sub/../nim.game"),
    ] {
        let reply = check(name, import);
        assert_eq!(codes(&reply), Vec::<String>::new(), "{name} {import}");
        assert_eq!(reply[0]["ok"], true, "{name} {import}: {reply}");
    }
    // The same through run: the answer of the imported game.
    let run = server
        .post("/api/run?name=sub/up.game", &uses("../nim.game"))
        .lines();
    let expect = run.iter().find(|l| l["kind"] == "expect").unwrap();
    assert_eq!(expect["passed"], true, "{run:?}");

    for (name, import) in [
        ("sub/up.game", "../../outside.game"),
        ("up.game", "../outside.game"),
        ("sub/up.game", "out/outside.game"),
        ("sub/up.game", "out/served/nim.game"),
    ] {
        let found = codes(&check(name, import));
        assert_eq!(found.len(), 1, "{name} {import}: {found:?}");
        assert!(
            found[0].starts_with("\"meeple::import::file\"")
                && found[0].contains("leaves the served folder"),
            "{name} {import}: {found:?}"
        );
    }
    std::fs::remove_dir_all(dir).ok();
}

/// The playground's page names the open file (`?name=`) on every request
/// that reads a script: the served bundle sends the name through the one
/// function that posts, and no script request bypasses it.
#[test]
fn the_page_names_the_open_file_on_every_script_request() {
    let dir = temp_dir("serve-page-name");
    let server = Server::start(&[], &[&dir]);
    let js = server.get("/assets/app.js").body;
    assert!(
        js.contains("name=${encodeURIComponent("),
        "no ?name= in the page"
    );
    assert_eq!(
        js.matches("method:\"POST\"").count(),
        1,
        "every POST goes through the one function that adds ?name="
    );
    for api in [
        "/api/check",
        "/api/run",
        "/api/fmt",
        "/api/svg",
        "/api/complete",
        "/api/hover",
    ] {
        for quote in ['"', '`'] {
            let direct = format!("fetch({quote}{api}");
            assert!(!js.contains(&direct), "{direct} leaves out ?name=");
        }
    }
    std::fs::remove_dir_all(dir).ok();
}

/// A symlink inside the folder to a file inside it is listed under its
/// own name (and served); one to a file outside is not.
#[test]
fn an_inside_symlink_is_listed_and_an_outside_one_is_not() {
    let dir = temp_dir("serve-list-links");
    let served = dir.join("served");
    std::fs::create_dir_all(served.join("sub")).unwrap();
    std::fs::write(served.join("sub/lib.game"), NIM).unwrap();
    std::fs::write(dir.join("secret.game"), NIM).unwrap();
    std::os::unix::fs::symlink("sub/lib.game", served.join("link_in.game")).unwrap();
    std::os::unix::fs::symlink("../secret.game", served.join("link_out.game")).unwrap();
    std::os::unix::fs::symlink("missing.game", served.join("dangling.game")).unwrap();
    std::os::unix::fs::symlink("sub", served.join("alias")).unwrap();
    let server = Server::start(&[], &[&served]);
    let files = server.get("/api/files").json();
    assert_eq!(
        files["files"],
        serde_json::json!(["alias/lib.game", "link_in.game", "sub/lib.game"])
    );
    for listed in ["alias/lib.game", "link_in.game"] {
        let r = server.get(&format!("/api/file?path={listed}"));
        assert_eq!((r.status, r.body.as_str()), (200, NIM), "{listed}");
    }
    assert_eq!(server.get("/api/file?path=link_out.game").status, 403);
    std::fs::remove_dir_all(dir).ok();
}

/// A query value that cannot be read is a 400 in the API's words: the
/// parameter, its value and what it takes; never the framework's text.
#[test]
fn a_bad_query_is_answered_in_the_apis_words() {
    let dir = temp_dir("serve-bad-query");
    let server = Server::start(&[], &[&dir]);
    let cases = [
        (
            "/api/complete?offset=-1",
            "`offset=-1` cannot be read: `offset` is a byte offset into the script: a whole number from 0\n",
        ),
        (
            "/api/hover?offset=x&name=a.game",
            "`offset=x` cannot be read: `offset` is a byte offset into the script: a whole number from 0\n",
        ),
        (
            "/api/complete",
            "the query has no `offset`: `offset=` is a byte offset into the script: a whole number from 0\n",
        ),
        (
            "/api/svg?line=-3",
            "`line=-3` cannot be read: `line` is a line of the script: a whole number from 1\n",
        ),
    ];
    for (path, said) in cases {
        let r = server.post(path, "scenario \"s\" {\n}\n");
        assert_eq!((r.status, r.body.as_str()), (400, said), "{path}");
    }
    let r = server.get("/api/file");
    assert_eq!(r.status, 400);
    assert_eq!(
        r.body,
        "the query has no `path`: `path=` is a file's path as /api/files lists it\n"
    );
    assert!(!r.body.contains("deserialize"));
    std::fs::remove_dir_all(dir).ok();
}

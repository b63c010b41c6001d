//! `meeple test --html REPORT.html`: the report of a small collection (a
//! passing scenario, a failing one with a hostile name, an invalid file) is
//! parsed with a real HTML parser and checked — summary, expected against
//! got, one inline `<svg>` per picture, escaping, nothing external — and
//! opened in headless Chromium, whose screenshots must not be blank.

use crate::common::{meeple, temp_dir, text};
use meeple::pipeline::Outcome;
use meeple::render::svg::files::scenario_pictures;
use scraper::{ElementRef, Html, Selector};
use std::path::Path;
use std::time::{Duration, Instant};

const PASSING: &str = r#"# A passing scenario, with a picture.
scenario "a row of five" {
  game footholds
  board [[1, 1, 1, 1, 1]]
  piece A at (0, 0)
  piece B at (0, 4)
  show
  solve
  expect answer 4
  expect winner B
}
"#;

const HOSTILE: &str = "<script>alert('x')</script> & <b>co</b>";

fn failing() -> String {
    format!(
        r#"scenario "{HOSTILE}" {{
  game footholds
  board [[1, 1, 1]]
  piece A at (0, 0)
  piece B at (0, 2)
  analyze
  solve
  expect answer 3
  expect winner B
}}
"#
    )
}

const INVALID: &str =
    "scenario \"ragged\" {\n  game footholds\n  board {\n    1 1 1\n    1 1\n  }\n}\n";

/// A folder with `fail.game`, `invalid.game` and `pass.game`.
fn collection(name: &str) -> crate::common::TestDir {
    let dir = temp_dir(name);
    std::fs::write(dir.join("pass.game"), PASSING).unwrap();
    std::fs::write(dir.join("fail.game"), failing()).unwrap();
    std::fs::write(dir.join("invalid.game"), INVALID).unwrap();
    dir
}

fn sel(s: &str) -> Selector {
    Selector::parse(s).unwrap()
}

fn texts(doc: &Html, s: &str) -> Vec<String> {
    doc.select(&sel(s))
        .map(|e| e.text().collect::<String>().trim().to_string())
        .collect()
}

/// The summary's rows: (heading, value).
fn summary(doc: &Html) -> Vec<(String, String)> {
    doc.select(&sel(".summary tr"))
        .map(|tr| {
            let cell = |s: &str| {
                tr.select(&sel(s))
                    .next()
                    .map(|e| e.text().collect::<String>())
                    .unwrap_or_default()
            };
            (cell("th"), cell("td"))
        })
        .collect()
}

fn row<'a>(rows: &'a [(String, String)], head: &str) -> &'a str {
    rows.iter()
        .find(|(h, _)| h == head)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no summary row {head}: {rows:?}"))
}

/// `meeple test --html` on `dir` (with `extra` arguments): the exit code,
/// stdout and the report.
fn report(dir: &Path, extra: &[&str]) -> (Option<i32>, String, String) {
    let out = dir.join("report.html");
    let mut args = vec!["test", "--html", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    args.push(dir.to_str().unwrap());
    let o = meeple(&args);
    let page = std::fs::read_to_string(&out).expect("the report is written");
    (o.status.code(), text(&o).0, page)
}

/// How many pictures the library draws for the files of `dir`.
fn pictures_in(dir: &Path) -> usize {
    meeple::test_collection(&[dir])
        .unwrap()
        .iter()
        .map(|run| match &run.outcome {
            Outcome::Ran(runs) => runs
                .iter()
                .flat_map(|r| scenario_pictures(Path::new("x"), r, &run.source))
                .flatten()
                .count(),
            Outcome::Invalid(_) => 0,
        })
        .sum()
}

#[test]
fn the_report_holds_the_summary_the_failures_and_the_pictures() {
    let dir = collection("html-report");
    let (code, stdout, page) = report(&dir, &[]);
    // The usual output and exit code, as without --html.
    let plain = meeple(&["test", dir.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert_eq!(plain.status.code(), Some(1));
    assert_eq!(stdout, text(&plain).0);
    assert!(stdout.ends_with("1 passed, 2 failed\n"), "{stdout}");

    let doc = Html::parse_document(&page);
    assert!(doc.errors.is_empty(), "HTML parse errors: {:?}", doc.errors);
    assert!(page.starts_with("<!DOCTYPE html>\n"));
    assert!(page.contains("name=\"viewport\""));
    assert!(page.contains("@media print"));

    // The summary counts what `meeple test` counted.
    let verdict = texts(&doc, ".summary .verdict");
    assert_eq!(verdict, ["FAIL · 2 failed, 1 passed"]);
    let rows = summary(&doc);
    assert_eq!(row(&rows, "files"), "3 (1 invalid)");
    assert_eq!(row(&rows, "scenarios"), "2 · 1 passed, 1 failed");
    assert_eq!(row(&rows, "expectations"), "3 held, 1 failed");
    assert_eq!(row(&rows, "verdicts"), "1 passed, 2 failed");
    assert_eq!(row(&rows, "pictures"), "2");

    // What failed, linked from the summary.
    let failed_links = texts(&doc, ".summary .failed li");
    assert_eq!(failed_links.len(), 2, "{failed_links:?}");
    assert!(failed_links[0].ends_with(&format!("fail.game › {HOSTILE}")));
    assert!(failed_links[1].contains("invalid.game: invalid script: meeple::board::ragged"));

    // Each file, each scenario with its verdict.
    assert_eq!(doc.select(&sel("section.file")).count(), 3);
    assert_eq!(doc.select(&sel("article.scenario.pass")).count(), 1);
    let failed: Vec<ElementRef> = doc.select(&sel("article.scenario.fail")).collect();
    assert_eq!(failed.len(), 1);
    let failed = failed[0];

    // The failed expectation: expected against got, in the failing scenario.
    let failures: Vec<ElementRef> = failed.select(&sel(".failure")).collect();
    assert_eq!(failures.len(), 1);
    let cell = |s: &str| {
        failures[0]
            .select(&sel(s))
            .map(|e| e.text().collect::<String>())
            .collect::<Vec<_>>()
    };
    assert_eq!(cell("tr.expected td"), ["3"]);
    assert_eq!(cell("tr.got td"), ["2"]);
    assert!(cell("p")[0].contains("expect answer 3"), "{:?}", cell("p"));
    assert!(cell("pre.diag")[0].contains("meeple::expect::failed"));
    // Its answers as `meeple run` prints them.
    let answers = failed
        .select(&sel(".answer pre"))
        .map(|e| e.text().collect::<String>())
        .collect::<Vec<_>>();
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert!(answers[1].contains("B wins after 2 moves"), "{answers:?}");

    // One inline <svg> per picture, each in its own figure, with a title.
    let svgs = doc.select(&sel("svg")).count();
    assert_eq!(svgs, pictures_in(&dir));
    assert_eq!(svgs, 2);
    assert_eq!(doc.select(&sel("figure > svg")).count(), svgs);
    assert_eq!(doc.select(&sel("svg > title")).count(), svgs);
    let svg_attrs = page
        .matches("<svg xmlns=\"http://www.w3.org/2000/svg\"")
        .count();
    assert_eq!(svg_attrs, svgs);

    // The hostile name is text, in the heading and in the picture's title.
    let heading = failed.select(&sel("h3")).next().unwrap();
    assert!(
        heading.text().collect::<String>().contains(HOSTILE),
        "{}",
        heading.html()
    );
    assert_eq!(doc.select(&sel("script, b, iframe, object")).count(), 0);
    let titles = texts(&doc, "svg > title");
    assert!(titles.iter().any(|t| t.starts_with(HOSTILE)), "{titles:?}");

    // Nothing external: no scripts, links, images or fonts; links only
    // to the page's own sections; ids unique.
    let mut ids = std::collections::BTreeSet::new();
    for el in doc.select(&sel("*")) {
        for (name, value) in el.value().attrs() {
            assert!(!name.starts_with("on"), "{name}={value}");
            assert!(name != "src", "src={value}");
            if name == "href" || name.ends_with(":href") {
                assert!(value.starts_with('#'), "{name}={value}");
            }
            if name == "id" {
                assert!(ids.insert(value.to_string()), "duplicate id {value}");
            }
        }
    }
    assert!(ids.len() > 5, "{ids:?}");
    for href in doc.select(&sel("a[href]")) {
        let target = &href.value().attr("href").unwrap()[1..];
        assert!(ids.contains(target), "a link to no section: #{target}");
    }
    assert_eq!(doc.select(&sel("link, img, script, base")).count(), 0);
    let style = texts(&doc, "style").concat();
    assert!(!style.contains("url(") && !style.contains("@import") && !style.contains("@font-face"));
    assert!(!page.contains("http://") || page.matches("http://").count() == svgs);

    // The invalid file, with its diagnostic as plain text.
    let invalid = doc
        .select(&sel("section.file"))
        .find(|s| s.text().any(|t| t.contains("invalid.game")))
        .unwrap();
    let diag = invalid
        .select(&sel("pre.diag"))
        .map(|e| e.text().collect::<String>())
        .collect::<String>();
    assert!(diag.contains("meeple::board::ragged"), "{diag}");
    assert!(diag.contains("help: every row"), "{diag}");
    assert!(!page.contains('\u{1b}'), "ANSI escapes in the report");

    // The same collection, the same bytes.
    let (_, _, again) = report(&dir, &[]);
    assert!(again == page, "the report differs between two runs");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_report_counts_what_a_filtered_test_counts() {
    let dir = collection("html-filter");
    let (code, stdout, page) = report(&dir, &["--filter", "row"]);
    // The passing scenario, and the invalid file's failure.
    assert_eq!(code, Some(1));
    assert!(stdout.ends_with("1 passed, 1 failed\n"), "{stdout}");
    let doc = Html::parse_document(&page);
    let rows = summary(&doc);
    assert_eq!(row(&rows, "verdicts"), "1 passed, 1 failed");
    assert_eq!(row(&rows, "files"), "2 (1 invalid)");
    assert_eq!(row(&rows, "scenarios"), "1 · 1 passed, 0 failed");
    assert_eq!(row(&rows, "filter"), "scenarios named with “row”");
    // The failing scenario was not run, nor is it in the report.
    assert!(!page.contains("alert"), "{page}");
    assert_eq!(doc.select(&sel("svg")).count(), 1);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn snapshot_verdicts_are_in_the_report_and_its_counts() {
    let dir = collection("html-snapshots");
    let accept = meeple(&["test", "--accept", dir.to_str().unwrap()]);
    assert_eq!(accept.status.code(), Some(1));
    let (code, stdout, page) = report(&dir, &["--snapshots"]);
    assert_eq!(code, Some(1));
    // Three scenario and file verdicts, and three snapshots that match.
    assert!(stdout.ends_with("4 passed, 2 failed\n"), "{stdout}");
    let doc = Html::parse_document(&page);
    assert_eq!(row(&summary(&doc), "verdicts"), "4 passed, 2 failed");
    let notes = texts(&doc, "section.file > .verdicts li");
    let matched = notes.iter().filter(|n| n.ends_with("snapshot matches"));
    assert_eq!(matched.count(), 3, "{notes:?}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_report_that_cannot_be_written_is_an_error() {
    let dir = collection("html-unwritable");
    let out = dir.join("no-such-folder").join("report.html");
    let o = meeple(&[
        "test",
        "--html",
        out.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).1.contains("error: cannot write the report"),
        "{}",
        text(&o).1
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_library_page_escapes_and_repeats_itself() {
    let run = meeple::run_source("<x>.game", &failing());
    let page = meeple::html::page("a & b", std::slice::from_ref(&run));
    assert_eq!(page, meeple::html::page("a & b", &[run]));
    assert!(page.contains("<title>meeple test: a &amp; b</title>"));
    assert!(page.contains("<h2>&lt;x&gt;.game</h2>"), "{page}");
    assert!(!page.contains(HOSTILE));
}

#[test]
fn a_limit_hit_is_a_failure_without_expected_and_got() {
    let config = meeple::RunConfig {
        limits: meeple::limits::Limits {
            max_states: Some(1),
            ..Default::default()
        },
        filter: None,
    };
    let run = meeple::run_source_with("limit.game", PASSING, &config);
    let page = meeple::html::page("limit", &[run]);
    let doc = Html::parse_document(&page);
    assert_eq!(row(&summary(&doc), "errors"), "1 (limits hit)");
    let failure = texts(&doc, ".failure");
    assert_eq!(failure.len(), 1);
    assert!(failure[0].contains("meeple::limit::states"), "{failure:?}");
    assert_eq!(doc.select(&sel(".failure .mismatch")).count(), 0);
    assert_eq!(
        texts(&doc, ".scenario .meta"),
        ["footholds · line 2 · 0 expectations held"]
    );
}

/// Chromium runs at most this long per screenshot (a bound on a hung
/// browser, not a timing check).
const CHROMIUM_BOUND: Duration = Duration::from_secs(60);

/// A screenshot of `page` at `width` × `height` (the test fails when
/// Chromium is not installed).
fn screenshot(page: &Path, width: u32, height: u32, work: &Path) -> Vec<u8> {
    let chromium = Path::new("/usr/bin/chromium");
    assert!(
        chromium.exists(),
        "this test needs /usr/bin/chromium: apt install chromium"
    );
    let png = work.join(format!("shot-{width}.png"));
    let profile = work.join(format!("profile-{width}"));
    let mut child = std::process::Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("file://{}", page.display()))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start chromium");
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if started.elapsed() > CHROMIUM_BOUND {
            child.kill().ok();
            child.wait().ok();
            panic!("chromium did not finish within {CHROMIUM_BOUND:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    std::fs::read(&png).expect("chromium wrote the screenshot")
}

/// (r, g, b) of every pixel.
fn pixels(png: &[u8], width: u32, height: u32) -> Vec<(u8, u8, u8)> {
    let map = resvg::tiny_skia::Pixmap::decode_png(png).expect("a PNG");
    assert_eq!((map.width(), map.height()), (width, height));
    map.pixels()
        .iter()
        .map(|p| {
            let c = p.demultiply();
            (c.red(), c.green(), c.blue())
        })
        .collect()
}

fn near((r, g, b): (u8, u8, u8), (r2, g2, b2): (u8, u8, u8)) -> bool {
    r.abs_diff(r2) <= 12 && g.abs_diff(g2) <= 12 && b.abs_diff(b2) <= 12
}

/// Needs Chromium, so `#[ignore]`d (shown as ignored, with the package to
/// install): `cargo test --test it -- --ignored chromium` runs it, as
/// `.ci/run` does.
#[test]
#[ignore = "needs chromium (apt install chromium): cargo test --test it -- --ignored chromium"]
fn chromium_draws_the_report_at_desktop_and_phone_widths() {
    let dir = collection("html-chromium");
    let (_, _, _) = report(&dir, &[]);
    let page = dir.join("report.html");
    let work = temp_dir("html-chromium-work");
    for (width, height) in [(800, 1200), (390, 1200)] {
        let png = screenshot(&page, width, height, &work);
        let px = pixels(&png, width, height);
        let distinct: std::collections::BTreeSet<_> = px.iter().collect();
        assert!(distinct.len() > 200, "{width}: {} colours", distinct.len());
        // The FAIL banner's red and a PASS badge's green are drawn.
        let red = px.iter().filter(|&&p| near(p, (0xc0, 0x39, 0x2b))).count();
        let green = px.iter().filter(|&&p| near(p, (0x1e, 0x7e, 0x34))).count();
        assert!(red > 500, "{width}: {red} red pixels");
        assert!(green > 100, "{width}: {green} green pixels");
        // The foothold colour of the pictures is on screen.
        let board = px.iter().filter(|&&p| near(p, (0xe9, 0xd3, 0xa6))).count();
        assert!(board > 1000, "{width}: {board} board pixels");
        // Nothing runs past the right margin: the last columns are the
        // page's background.
        let background = (0xfa, 0xfa, 0xfa);
        for y in 0..height as usize {
            for x in width as usize - 3..width as usize {
                let p = px[y * width as usize + x];
                assert!(near(p, background), "{width}: ({x}, {y}) is {p:?}");
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(&work).ok();
}

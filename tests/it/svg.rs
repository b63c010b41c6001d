//! SVG pictures: every picture of the bundled scripts is well-formed XML
//! with a viewBox and a title, and the same bytes when drawn twice; a few
//! are rasterized (resvg) and checked by pixel; small ones are snapshots;
//! `meeple run --svg DIR` writes them and names them in its JSON.

use crate::common::{meeple, temp_dir, text};
use meeple::games::footholds::picture as footholds;
use meeple::games::stacking::picture as stacking;
use meeple::pipeline::{run_bytes, run_source, FileRun, Outcome, RunConfig};
use meeple::render::svg::files::scenario_pictures;
use meeple::render::svg::{A_COLOUR, B_COLOUR, HOLE, RED_CELL};
use std::path::Path;

/// Every picture of a file's answers: (path, svg), in order.
fn pictures(run: &FileRun) -> Vec<(String, String)> {
    let Outcome::Ran(runs) = &run.outcome else {
        return Vec::new();
    };
    runs.iter()
        .flat_map(|r| scenario_pictures(Path::new("out"), r, &run.source))
        .flatten()
        .map(|(p, svg)| (p.display().to_string(), svg))
        .collect()
}

/// The pictures of a script given as text.
fn pictures_of(script: &str) -> Vec<(String, String)> {
    pictures(&run_source("t.game", script))
}

fn game_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            game_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "game") {
            out.push(p);
        }
    }
}

/// Checks one picture: XML, an `svg` root with a viewBox and a non-empty title.
fn well_formed(name: &str, svg: &str) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{name}: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{name}");
    let view: Vec<f64> = root
        .attribute("viewBox")
        .unwrap_or_else(|| panic!("{name}: no viewBox"))
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    assert!(view.len() == 4 && view[2] > 0.0 && view[3] > 0.0, "{name}");
    let title = root
        .children()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .unwrap_or_else(|| panic!("{name}: no title"));
    assert!(!title.is_empty(), "{name}");
    // Self-contained: nothing refers to another file or a named font.
    assert!(!svg.contains("href"), "{name}");
    assert!(
        !svg.contains("@font-face") && !svg.contains("url("),
        "{name}"
    );
}

#[test]
fn every_picture_of_the_bundled_scripts_is_valid_and_deterministic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    game_files(&root.join("scripts"), &mut files);
    files.sort();
    let mut count = 0;
    let mut games = std::collections::BTreeSet::new();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let name = path.strip_prefix(root).unwrap().display().to_string();
        let run = run_bytes(&name, &bytes, &RunConfig::default());
        let first = pictures(&run);
        assert_eq!(first, pictures(&run), "{name}: drawn twice, not the same");
        for (file, svg) in &first {
            well_formed(file, svg);
            games.insert(path.parent().unwrap().file_name().unwrap().to_owned());
        }
        count += first.len();
    }
    assert!(count >= 40, "only {count} pictures");
    for game in ["footholds", "yut", "stacking"] {
        assert!(games.contains(std::ffi::OsStr::new(game)), "{games:?}");
    }
}

#[test]
fn the_same_script_run_twice_draws_the_same_bytes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/yut/variants.game");
    let bytes = std::fs::read(path).unwrap();
    let once = pictures(&run_bytes("v.game", &bytes, &RunConfig::default()));
    let twice = pictures(&run_bytes("v.game", &bytes, &RunConfig::default()));
    assert!(!once.is_empty());
    assert_eq!(once, twice);
}

/// The picture rasterized at its own size (text is not drawn: the tests
/// build resvg without fonts, so pixels away from letters are checked).
fn raster(svg: &str) -> resvg::tiny_skia::Pixmap {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    pixmap
}

/// The colour at (x, y) as `#rrggbb`.
fn pixel(p: &resvg::tiny_skia::Pixmap, (x, y): (f64, f64)) -> String {
    let c = p.pixel(x as u32, y as u32).unwrap();
    format!("#{:02x}{:02x}{:02x}", c.red(), c.green(), c.blue())
}

const FOOTHOLDS: &str = "scenario \"small\" {
  game footholds
  board {
    1 0 1
    1 1 1
  }
  piece A at (0, 0)
  piece B at (1, 2)
  show
  analyze
  line
}";

#[test]
fn a_hole_is_not_drawn_like_a_foothold_and_the_players_have_their_colours() {
    let pics = pictures_of(FOOTHOLDS);
    assert_eq!(pics.len(), 3, "{pics:?}");
    assert_eq!(pics[0].0, "out/small-9-show.svg");
    let img = raster(&pics[0].1);
    // Away from the centre (where a letter or label may be drawn).
    let near_corner = |cell| {
        let (x, y) = footholds::centre(cell);
        (x - footholds::CELL * 0.4, y - footholds::CELL * 0.4)
    };
    let hole = pixel(&img, near_corner((0, 1)));
    let foothold = pixel(&img, near_corner((1, 1)));
    assert_eq!(hole, HOLE);
    assert_ne!(hole, foothold);
    assert_eq!(foothold, meeple::render::svg::FOOTHOLD);
    // Inside A's disc, left of its letter; B's likewise.
    let disc = |cell| {
        let (x, y) = footholds::centre(cell);
        (x - footholds::CELL * 0.22, y)
    };
    assert_eq!(pixel(&img, disc((0, 0))), A_COLOUR);
    assert_eq!(pixel(&img, disc((1, 2))), B_COLOUR);
    // The line and the analysis draw too (the picture is not blank there).
    for (name, svg) in &pics[1..] {
        let img = raster(svg);
        assert_ne!(pixel(&img, near_corner((1, 1))), "#ffffff", "{name}");
    }
}

#[test]
fn a_red_stacking_cell_is_red() {
    let pics = pictures_of(
        "scenario \"cells\" {
  game stacking
  board {
    w r
    b w
  }
  piece 1 at (0, 0) facing right
  show
}",
    );
    assert_eq!(pics.len(), 1);
    let img = raster(&pics[0].1);
    // The board of the only frame starts below its heading.
    let at = (stacking::PAD, stacking::PAD + stacking::HEAD);
    let corner = |cell| {
        let (x, y) = stacking::cell_corner(at, cell);
        (x + 4.0, y + 4.0)
    };
    assert_eq!(pixel(&img, corner((0, 1))), RED_CELL);
    assert_eq!(pixel(&img, corner((1, 0))), meeple::render::svg::BLUE_CELL);
    assert_eq!(pixel(&img, corner((1, 1))), "#ffffff");
    // Piece 1's bar covers the bottom of its cell, not the top corner.
    let (x, y) = stacking::cell_corner(at, (0, 0));
    assert_eq!(pixel(&img, (x + 4.0, y + 4.0)), "#ffffff");
    assert_eq!(
        pixel(&img, (x + stacking::CELL - 17.0, y + stacking::CELL - 14.5)),
        "#111111",
        "the arrow of piece 1"
    );
}

#[test]
fn small_pictures_match_their_snapshots() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        let pics = pictures_of(FOOTHOLDS);
        insta::assert_snapshot!("svg_footholds_line", &pics[2].1);
        let pics = pictures_of(
            "scenario \"corridor\" {
  game stacking
  rule stack 3
  board {
    r w r
  }
  piece 1 at (0, 0) facing right
  piece 2 at (0, 2) facing left
  line 2
}",
        );
        insta::assert_snapshot!("svg_stacking_line", &pics[0].1);
        let pics = pictures_of(
            "track hop {
  route start 1 2 3 finish
  shortcut 1 b=5 3
}
scenario \"hop\" {
  game yut
  rule pieces 2
  board hop
  dice 1 2
  line
}",
        );
        insta::assert_snapshot!("svg_yut_line", &pics[0].1);
    });
}

#[test]
fn run_svg_writes_the_pictures_and_json_names_them() {
    let dir = temp_dir("svg-run");
    let script = dir.join("Small Puzzles.game");
    std::fs::write(&script, FOOTHOLDS).unwrap();
    let out = dir.join("pictures");
    let o = meeple(&[
        "run",
        "--format",
        "json",
        "--svg",
        out.to_str().unwrap(),
        script.to_str().unwrap(),
    ]);
    let (stdout, stderr) = text(&o);
    assert!(o.status.success(), "{stderr}");
    let answers: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &serde_json::Value| v["kind"] == "answer")
        .collect();
    assert_eq!(answers.len(), 3);
    for (a, query) in answers.iter().zip(["show", "analyze", "line"]) {
        let path = a["svg"].as_str().expect("an svg field");
        let line = a["line"].as_u64().unwrap();
        let expected = out
            .join("small-puzzles")
            .join(format!("small-{line}-{query}.svg"));
        assert_eq!(Path::new(path), expected);
        well_formed(path, &std::fs::read_to_string(path).unwrap());
    }
    // Without --svg, no field and no folder.
    let o = meeple(&["run", "--format", "json", script.to_str().unwrap()]);
    assert!(!text(&o).0.contains("\"svg\""));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_solve_draws_nothing() {
    let pics = pictures_of(
        "scenario \"s\" {
  game footholds
  board [[1, 1]]
  piece A at (0, 0)
  piece B at (0, 1)
  solve
}",
    );
    assert!(pics.is_empty());
}

#[test]
fn a_board_too_large_to_draw_is_a_note() {
    let row = format!("[{}]", vec!["1"; 600].join(", "));
    let board = vec![row; 500].join(", ");
    let pics = pictures_of(&format!(
        "scenario \"wide\" {{
  game footholds
  board [{board}]
  piece A at (0, 0)
  piece B at (0, 1)
  show
}}"
    ));
    assert_eq!(pics.len(), 1);
    well_formed(&pics[0].0, &pics[0].1);
    assert!(pics[0].1.contains("too large to draw: 300000 cells"));
    assert!(pics[0].1.len() < 1000);
}

/// The pictures the README shows: (committed file, script, picture made
/// from it). Regenerate with `MEEPLE_UPDATE_DOCS=1 cargo test --test it svg`.
const README_PICTURES: &[(&str, &str, &str)] = &[
    (
        "docs/pictures/footholds-line.svg",
        "scripts/footholds/explore.game",
        "kakao-example-1-explored-24-line.svg",
    ),
    (
        "docs/pictures/yut-line.svg",
        "scripts/yut/boj17825.game",
        "sample-1-8-line.svg",
    ),
    (
        "docs/pictures/stacking-line.svg",
        "scripts/stacking/boj17837.game",
        "sample-4-53-line.svg",
    ),
];

#[test]
fn the_readme_pictures_are_meeples_own_and_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let mut stale = Vec::new();
    for (doc, script, picture) in README_PICTURES {
        assert!(readme.contains(doc), "README does not show {doc}");
        let bytes = std::fs::read(root.join(script)).unwrap();
        let run = run_bytes(script, &bytes, &RunConfig::default());
        let want = pictures(&run)
            .into_iter()
            .find(|(p, _)| p.ends_with(picture))
            .unwrap_or_else(|| panic!("{script} draws no {picture}"))
            .1;
        let path = root.join(doc);
        if std::fs::read_to_string(&path).ok().as_deref() == Some(want.as_str()) {
            continue;
        }
        if std::env::var_os("MEEPLE_UPDATE_DOCS").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &want).unwrap();
        } else {
            stale.push(*doc);
        }
    }
    assert!(
        stale.is_empty(),
        "{stale:?} differ from what meeple draws now: \
         MEEPLE_UPDATE_DOCS=1 cargo test --test it svg"
    );
}

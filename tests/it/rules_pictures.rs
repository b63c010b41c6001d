//! Pictures of rules games (docs/rules-language.md, *Pictures*): `show`,
//! `line` and `analyze` drawn from the declared state, parsed as XML and
//! checked by structure — a cell per grid cell, a token per piece on the
//! board, a legend entry per layer value shown, escaped text — for the
//! scripts of `scripts/rules/` and `scripts/problems/`; `frames` for the
//! playground's step-through; the HTML report and `meeple run --svg`.

use crate::common::{meeple, root, temp_dir, text};
use meeple::games::Answer;
use meeple::interp::Event;
use meeple::pipeline::{run_source, Outcome};
use meeple::render::svg;
use meeple::syntax::ast::QueryKind;
use std::path::Path;

/// Each answer of a script's scenarios: (query, answer), in order.
fn answers(name: &str, script: &str) -> Vec<(QueryKind, Answer)> {
    let run = run_source(name, script);
    let Outcome::Ran(runs) = &run.outcome else {
        panic!("{name} did not run: {:?}", run.outcome);
    };
    let mut out = Vec::new();
    for r in runs {
        for e in &r.events {
            match e {
                Event::Answer { query, answer, .. } => out.push((*query, answer.clone())),
                Event::Error(d) => panic!("{name}: {d:?}"),
                _ => {}
            }
        }
    }
    out
}

/// The pictures of a script's `show`, `line` and `analyze` answers.
fn pictures(name: &str, script: &str) -> Vec<(QueryKind, String)> {
    answers(name, script)
        .into_iter()
        .filter_map(|(q, a)| Some((q, svg::answer("pic <&> title", q, &a)?)))
        .collect()
}

/// How many elements `tag` with `class` the picture holds.
fn count(svg: &str, tag: &str, class: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    doc.descendants()
        .filter(|n| n.has_tag_name(tag) && n.attribute("class") == Some(class))
        .count()
}

/// Every text of the picture, unescaped by the XML parser.
fn texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    doc.descendants()
        .filter(|n| n.has_tag_name("text") || n.has_tag_name("title"))
        .filter_map(|n| n.text().map(str::to_string))
        .collect()
}

fn script(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

/// `scripts/problems/marbles.game` with a scenario that draws.
fn marbles() -> String {
    format!(
        "{}\nscenario \"drawn\" {{
  game marbles
  board {{
    x x x x x
    x . . B x
    x . x . x
    x R O . x
    x x x x x
  }}
  show
  line
  analyze
}}\n",
        script("scripts/problems/marbles.game")
    )
}

#[test]
fn marbles_draws_every_cell_each_marble_and_a_legend_entry_per_value() {
    let pics = pictures("marbles.game", &marbles());
    let kinds: Vec<QueryKind> = pics.iter().map(|p| p.0).collect();
    assert_eq!(
        kinds,
        [QueryKind::Show, QueryKind::Line, QueryKind::Analyze],
        "solve draws nothing"
    );
    let show = &pics[0].1;
    assert_eq!(count(show, "rect", "cell"), 25, "5 × 5 cells");
    assert_eq!(count(show, "circle", "token"), 2, "R and B");
    // `wall` fills the cells (false and true shown), `hole` is a mark
    // (only its `true`, on one cell).
    assert_eq!(count(show, "rect", "legend"), 2);
    assert_eq!(count(show, "circle", "legend"), 1);
    assert_eq!(count(show, "circle", "mark"), 1);
    let words = texts(show);
    for w in ["wall:", "hole:", "true", "false", "R", "B", "pic <&> title"] {
        assert!(words.iter().any(|t| t == w), "{w} in {words:?}");
    }
    // The line: R falls in with one tilt: the start and one frame.
    let line = &pics[1].1;
    assert_eq!(count(line, "rect", "cell"), 25 * 2);
    assert_eq!(
        count(line, "circle", "token"),
        2 + 1,
        "R is off after the move"
    );
    assert!(texts(line).iter().any(|t| t == "move 1: right"), "{line}");
    assert!(texts(line).iter().any(|t| t == "off the board: R"));
    // The analysis: the position and a row per legal tilt.
    let analyze = &pics[2].1;
    assert_eq!(count(analyze, "rect", "cell"), 25);
    let words = texts(analyze);
    for tilt in ["up", "right", "down", "left"] {
        assert!(words.iter().any(|t| t == tilt), "{tilt} in {words:?}");
    }
}

#[test]
fn a_line_has_a_frame_per_position_captioned_by_its_move() {
    let all = answers("marbles.game", &marbles());
    let (_, line) = all.iter().find(|(q, _)| *q == QueryKind::Line).unwrap();
    let frames = line.inner().frames().expect("a rules line has frames");
    let detail = line.inner().detail().unwrap();
    assert_eq!(detail["moves"].as_array().unwrap().len(), 1, "{detail}");
    let captions: Vec<&str> = frames.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(captions, ["start", "move 1: right"]);
    for (caption, show) in &frames {
        let pic = svg::answer(caption, QueryKind::Show, show).expect("a frame draws");
        assert_eq!(count(&pic, "rect", "cell"), 25, "{caption}");
    }
    // The other answers have none.
    for (q, a) in &all {
        if *q != QueryKind::Line {
            assert!(a.inner().frames().is_none(), "{q:?}");
        }
    }
    // A longer line: the steppingstones example (5 moves).
    let all = answers(
        "steppingstones.game",
        &script("scripts/rules/steppingstones.game"),
    );
    let (_, line) = all.iter().find(|(q, _)| *q == QueryKind::Line).unwrap();
    let frames = line.inner().frames().unwrap();
    let detail = line.inner().detail().unwrap();
    let moves = detail["moves"].as_array().unwrap().len();
    assert!(moves >= 2, "{detail}");
    assert_eq!(frames.len(), moves + 1);
    assert_eq!(
        frames[1].0,
        format!("move 1: {}", detail["moves"][0]["move"].as_str().unwrap())
    );
}

#[test]
fn every_bundled_rules_picture_parses_with_a_cell_per_grid_cell() {
    let mut drawn = 0;
    for dir in ["scripts/rules", "scripts/problems"] {
        let mut files: Vec<_> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "game"))
            .collect();
        files.sort();
        for path in files {
            let name = path.display().to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            for (q, pic) in pictures(&name, &text) {
                let cells = count(&pic, "rect", "cell");
                let frames = match q {
                    QueryKind::Line => texts(&pic).iter().filter(|t| *t == "start").count().max(1),
                    _ => 1,
                };
                // Grid games draw whole boards; track and `board none` games none.
                assert_eq!(cells % frames, 0, "{name} {q:?}");
                drawn += 1;
            }
        }
    }
    assert!(drawn >= 15, "only {drawn} pictures");
}

#[test]
fn piles_draw_their_pieces_as_bars_not_tokens() {
    let pics = pictures("towers.game", &script("scripts/rules/towers.game"));
    let (_, show) = pics.iter().find(|p| p.0 == QueryKind::Show).unwrap();
    assert_eq!(count(show, "rect", "cell"), 16);
    assert_eq!(count(show, "rect", "item"), 4, "four pieces in piles");
    assert_eq!(count(show, "circle", "token"), 0);
    // The enumeration `colour` is named by colours: white is white.
    let doc = roxmltree::Document::parse(show).unwrap();
    assert!(doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .all(|n| n.attribute("fill") == Some("#ffffff")));
}

#[test]
fn a_track_game_draws_the_yut_board_and_its_pieces() {
    let text = format!(
        "{}\nscenario \"drawn\" {{
  game dice_yut
  board yut
  dice 1 2 3
  show
  line
}}\n",
        script("scripts/rules/dice_yut.game")
    );
    let pics = pictures("dice_yut.game", &text);
    assert_eq!(pics.len(), 2);
    let show = &pics[0].1;
    assert_eq!(count(show, "rect", "cell"), 0);
    assert_eq!(count(show, "circle", "token"), 4, "pieces 1..4 on start");
    let words = texts(show);
    assert!(words.iter().any(|t| t == "dice left"), "{words:?}");
    assert!(words.iter().any(|t| t == "1 2 3"), "{words:?}");
    // The built-in board: the squares' circles, with the blue ones blue.
    let doc = roxmltree::Document::parse(show).unwrap();
    let blue = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle") && n.attribute("fill") == Some("#85c1e9"))
        .count();
    assert_eq!(blue, 3, "the three blue squares");
    let line = &pics[1].1;
    assert_eq!(
        count(line, "circle", "token"),
        4 * 4,
        "start and three moves"
    );
}

#[test]
fn a_game_without_a_board_is_its_tables() {
    let pics = pictures("stones.game", &script("scripts/problems/stones.game"));
    assert!(!pics.is_empty());
    for (q, pic) in &pics {
        assert_eq!(count(pic, "rect", "cell"), 0, "{q:?}");
        assert!(
            texts(pic).iter().any(|t| t.starts_with("pile")),
            "{q:?}: {pic}"
        );
    }
}

#[test]
fn names_and_move_words_are_escaped() {
    let pics = pictures(
        "odd.game",
        "rules odd {
  players solo
  layer tint: red | amber | green
  piece P { at: cell, facing: dir }
  var trail: list of cell max 3 = []
  legend {
    \"r\": tint[here] = red
    \"a\": tint[here] = amber
    \"P\": P.at = here
  }
  turn {
    choose n in [1, 2] say \"take {n} <&> 'q'\"
    require len(trail) < 3
    push trail, P.at
    stop if n == 2
  }
  solve longest
}

scenario \"a <b> & c\" {
  game odd
  board {
    r a
    P r
  }
  show
  analyze
  line
}",
    );
    assert_eq!(pics.len(), 3);
    let show = &pics[0].1;
    assert_eq!(count(show, "rect", "cell"), 4);
    assert_eq!(count(show, "circle", "token"), 1);
    // `tint` fills (red and amber shown), with a legend entry each.
    assert_eq!(count(show, "rect", "legend"), 2);
    let analyze = texts(&pics[1].1);
    assert!(analyze.iter().any(|t| t == "take 1 <&> 'q'"), "{analyze:?}");
    assert!(pics[1].1.contains("take 1 &lt;&amp;&gt; &apos;q&apos;"));
    // The list of cells is drawn as a path on the board.
    let line = &pics[2].1;
    assert!(count(line, "circle", "path") >= 1, "{line}");
}

#[test]
fn the_html_report_of_a_rules_file_holds_its_pictures() {
    let dir = temp_dir("rules-pictures-html");
    std::fs::write(dir.join("marbles.game"), marbles()).unwrap();
    let out = dir.join("report.html");
    let o = meeple(&[
        "test",
        "--html",
        out.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    let page = std::fs::read_to_string(&out).unwrap_or_else(|_| panic!("{:?}", text(&o)));
    assert_eq!(page.matches("<svg").count(), 3, "show, line, analyze");
    assert!(page.contains("class=\"token\""));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_svg_writes_the_pictures_of_a_rules_file() {
    let dir = temp_dir("rules-pictures-svg");
    let file = dir.join("marbles.game");
    std::fs::write(&file, marbles()).unwrap();
    let out = dir.join("pictures");
    let o = meeple(&[
        "run",
        "--svg",
        out.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{:?}", text(&o));
    let mut written: Vec<String> = std::fs::read_dir(out.join("marbles"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(written.len(), 3, "{written:?}");
    for (name, query) in written.iter().zip(["show", "line", "analyze"]) {
        assert!(
            name.starts_with("drawn-") && name.ends_with(&format!("-{query}.svg")),
            "{name}"
        );
        let svg = std::fs::read_to_string(out.join("marbles").join(name)).unwrap();
        assert_eq!(count(&svg, "rect", "cell") % 25, 0);
    }
    // The shipped file (only `solve`s) writes none.
    let shipped = root().join("scripts/problems/marbles.game");
    let out2 = dir.join("none");
    let o = meeple(&[
        "run",
        "--svg",
        out2.to_str().unwrap(),
        shipped.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{:?}", text(&o));
    assert!(
        !Path::new(&out2.join("marbles")).exists()
            || std::fs::read_dir(out2.join("marbles"))
                .unwrap()
                .next()
                .is_none()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A zero-player counter on a `rows` × `cols` board, stopping at turn 30.
fn counter(rows: usize, cols: usize) -> String {
    let row = vec!["."; cols].join(" ");
    let board = vec![row; rows].join("\n    ");
    format!(
        "rules counter {{
  players none
  layer lit: bool
  var n: 0..50 = 0
  legend {{
    \".\":
  }}
  turn {{
    n += 1
    stop if n == 30
  }}
  solve simulate limit 100
}}

scenario \"count\" {{
  game counter
  board {{
    {board}
  }}
  line
}}
"
    )
}

#[test]
fn a_long_line_draws_its_first_and_last_frames_and_a_huge_one_is_a_note() {
    let all = answers("counter.game", &counter(2, 3));
    let (_, line) = &all[0];
    assert_eq!(
        line.inner().frames().unwrap().len(),
        31,
        "the start and 30 turns"
    );
    let pic = svg::answer("t", QueryKind::Line, line).unwrap();
    assert_eq!(count(&pic, "rect", "cell"), 6 * 24, "at most 24 frames");
    let words = texts(&pic);
    assert!(
        words.iter().any(|t| t == "turn 30"),
        "the last frame is drawn"
    );
    assert!(words.iter().any(|t| t == "n = 30"));
    assert!(words
        .iter()
        .any(|t| t == "7 frames in the middle are left out (… marks where)"));
    // 24 frames of 100 × 110 cells: over the cells a picture draws.
    let all = answers("counter.game", &counter(100, 110));
    let pic = svg::answer("t", QueryKind::Line, &all[0].1).unwrap();
    assert!(pic.contains("too large to draw: 264000 cells"), "{pic}");
    assert!(pic.len() < 1000);
}

#[test]
fn the_playground_steps_through_a_rules_line() {
    let dir = temp_dir("rules-pictures-serve");
    let server = crate::serve::Server::start(&[], &[&dir]);
    let run = server.post("/api/run", &marbles());
    assert_eq!(run.status, 200);
    let steps: Vec<serde_json::Value> = run
        .lines()
        .into_iter()
        .filter(|o| o["kind"] == "steps")
        .collect();
    assert_eq!(steps.len(), 1, "one line");
    let captions: Vec<&str> = steps[0]["captions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(captions, ["start", "move 1: right"]);
    let svgs = steps[0]["svgs"].as_array().unwrap();
    assert_eq!(svgs.len(), 2);
    for svg in svgs {
        assert_eq!(count(svg.as_str().unwrap(), "rect", "cell"), 25);
    }
    assert_eq!(
        count(svgs[1].as_str().unwrap(), "circle", "token"),
        1,
        "R fell in"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

//! `meeple serve` on rules games (issue 31 item 5): a file holding a rules
//! block and its scenarios runs through the HTTP API with its answers; a
//! scenario of a rules game another file of the folder defines completes
//! and hovers through `/api/complete` and `/api/hover`; a rules `line`
//! gives its step-through frames.

use crate::common::{fields, temp_dir};
use crate::serve::Server;

/// Disappearing footholds written as rules, and a scenario of it.
const STONES: &str = "rules stones {\n  players A B\n  param steps: orthogonal | king = orthogonal\n  layer foothold: bool\n  legend {\n    \"1\": foothold[here] = true\n    \"0\": foothold[here] = false\n  }\n  piece A, B { at: cell }\n  when stuck: lose\n  turn {\n    lose if not foothold[me.at]\n    choose d in directions(steps) where foothold[step(me.at, d)]\n    foothold[me.at] = false\n    me.at = step(me.at, d)\n  }\n  solve moves\n}\n";

const SCENARIO: &str = "scenario \"s\" {\n  game stones\n  board {\n    1 1 1\n    0 0 1\n  }\n  piece A at (0, 0)\n  piece B at (1, 2)\n  solve\n  expect answer 3\n  expect winner A\n  line\n}\n";

/// A built-in game's scenario with a picture, after the rules one.
const FOOTHOLDS: &str = "scenario \"f\" {\n  game footholds\n  board [[1, 1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 2)\n  show\n}\n";

#[test]
fn a_file_with_its_rules_and_scenarios_runs_with_its_answers() {
    let dir = temp_dir("serve-rules-run");
    let server = Server::start(&[], &[&dir]);
    let text = format!("{STONES}\n{SCENARIO}\n{FOOTHOLDS}");
    let check = server.post("/api/check", &text).json();
    assert_eq!(check[0]["ok"], true, "{check}");
    assert_eq!(check[0]["scenarios"], 2);
    let lines: Vec<_> = server
        .post("/api/run", &text)
        .lines()
        .into_iter()
        .filter(|o| o["kind"] != "progress")
        .collect();
    let kinds: Vec<&str> = lines.iter().map(|o| o["kind"].as_str().unwrap()).collect();
    assert_eq!(
        &kinds[..4],
        ["answer", "expect", "expect", "answer"],
        "{lines:?}"
    );
    assert_eq!(lines[0]["game"], "rules");
    assert_eq!(lines[0]["answer"], 3);
    assert_eq!(lines[0]["winner"], "A");
    assert_eq!(lines[1]["passed"], true, "{}", lines[1]);
    assert_eq!(lines[2]["passed"], true, "{}", lines[2]);
    assert_eq!(lines[3]["query"], "line");
    // A rules answer that draws nothing is no "left out" note, and leaves
    // the pictures after it whole (the footholds `show` below).
    let shown = |o: &serde_json::Value| o["svg"].as_str().unwrap_or("").to_string();
    assert!(!shown(&lines[3]).contains("left out"), "{}", lines[3]);
    let show = lines
        .iter()
        .find(|o| o["query"] == "show")
        .expect("the footholds show");
    assert!(
        shown(show).starts_with("<svg") && !shown(show).contains("left out"),
        "{show}"
    );
    let done = lines.last().unwrap();
    assert_eq!(
        (done["kind"].as_str(), done["exit_code"].as_i64()),
        (Some("done"), Some(0))
    );
    // The same objects as the command line's.
    let cli = meeple::render::json::file(&meeple::run_source("playground.game", &text), &[]);
    let first: serde_json::Value = serde_json::from_str(cli.lines().next().unwrap()).unwrap();
    assert_eq!(first["answer"], lines[0]["answer"]);
    assert_eq!(first["winner"], lines[0]["winner"]);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_rules_game_of_the_folder_completes_and_hovers_in_the_playground() {
    let dir = temp_dir("serve-rules-ide");
    std::fs::create_dir_all(dir.join("lib")).unwrap();
    std::fs::write(dir.join("lib/stones.game"), STONES).unwrap();
    let server = Server::start(&[], &[&dir]);
    let text = format!(
        "import \"lib/stones.game\"\n{}",
        SCENARIO.replace("  solve\n", "  rule steps \n  solve\n")
    );
    let at = text.find("rule steps ").unwrap();
    let complete = |offset: usize, name: &str| {
        server
            .post(&format!("/api/complete?offset={offset}&name={name}"), &text)
            .json()
    };
    let rule = complete(at + "rule ".len(), "main.game");
    assert_eq!(fields(&rule, "label"), ["origin", "first", "steps"]);
    assert_eq!(
        fields(&rule, "detail")[2],
        "param steps: orthogonal | king = orthogonal"
    );
    let values = complete(at + "rule steps ".len(), "main.game");
    assert_eq!(fields(&values, "label"), ["orthogonal", "king"]);
    // Without `name`, the script is read as `playground.game` of the
    // folder's top: the same import.
    let rule = server
        .post(&format!("/api/complete?offset={}", at + 5), &text)
        .json();
    assert_eq!(fields(&rule, "label"), ["origin", "first", "steps"]);
    let game = text.find("game stones").unwrap() + "game st".len();
    let hover = server
        .post(&format!("/api/hover?offset={game}&name=main.game"), &text)
        .json();
    let md = hover["markdown"].as_str().unwrap();
    assert!(
        md.starts_with("**rules game `stones`** (from `stones.game`): players A B"),
        "{md}"
    );
    assert!(
        md.contains("- `winner`: the player who wins, or draw"),
        "{md}"
    );
    std::fs::remove_dir_all(dir).ok();
}

/// The step-through of a rules `line`: one picture per position, passed
/// through from the game's frames as for the built-in games.
#[test]
fn a_rules_line_steps_through_its_positions() {
    let dir = temp_dir("serve-rules-steps");
    let server = Server::start(&[], &[&dir]);
    let text = format!("{STONES}\n{SCENARIO}");
    let lines = server.post("/api/run", &text).lines();
    let steps = lines
        .iter()
        .find(|o| o["kind"] == "steps")
        .unwrap_or_else(|| panic!("no steps in {lines:?}"));
    let line = text[..text.find("  line\n").unwrap()].lines().count() + 1;
    assert_eq!(steps["line"], line);
    // The start, then after each of the 3 moves.
    assert_eq!(steps["svgs"].as_array().unwrap().len(), 4, "{steps}");
    assert_eq!(steps["captions"].as_array().unwrap().len(), 4, "{steps}");
    assert!(steps["svgs"][0].as_str().unwrap().starts_with("<svg"));
    std::fs::remove_dir_all(dir).ok();
}

//! The scenario statements of a rules game (issue 29): `set NAME VALUE`,
//! `piece … with FIELD VALUE`, and `play WORDS…` (docs/rules-language.md,
//! *Scenario statements on a rules game*).

use meeple::error::Code;
use meeple::pipeline::{run_bytes, Outcome, RunConfig};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const WALK: &str = r#"rules walk {
  players solo
  var goal: cell = off
  var fuel: -10..5 = 3
  var path: list of 0..9 max 4 = []
  param colour: red | blue = red
  layer open: bool
  legend {
    "1": open[here] = true
    "0":
  }
  piece R { at: cell, power: 0..3, tint: red | blue }
  turn {
    choose d in orthogonal where open[step(R.at, d)]
    choose n in 1..R.power
    R.at = step(R.at, d)
    fuel -= n
    win if R.at == goal and len(path) == 3 and R.tint == blue
    lose if fuel <= 0
  }
  solve shortest within 5
}
"#;

fn scenario(body: &str) -> String {
    format!("{WALK}\nscenario \"s\" {{\n  game walk\n  board {{\n    1 1 1\n    1 1 1\n  }}\n{body}}}\n")
}

/// Every diagnostic of a file that does not run: code, the text under its
/// primary label, the rendered words.
fn invalid(text: &str) -> Vec<(Code, String, String)> {
    crate::common::invalid_in("walk.game", text)
}

/// The arcs of a random directed graph on `n` vertices (each with
/// probability 0.4, loops included).
fn arcs(r: &mut StdRng, n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|u| (0..n).map(move |v| (u, v)))
        .filter(|_| r.gen_bool(0.4))
        .collect()
}

/// What a run of `text` shows, whatever its outcome.
fn ran(text: &str) -> String {
    crate::common::shown(&run_bytes("t.game", text.as_bytes(), &RunConfig::default()))
}

fn shown(text: &str) -> String {
    let run = run_bytes("walk.game", text.as_bytes(), &RunConfig::default());
    assert!(
        matches!(run.outcome, Outcome::Ran(_)),
        "{}",
        crate::common::shown(&run)
    );
    crate::common::shown(&run)
}

#[test]
fn set_and_with_give_the_start_and_play_takes_a_moves_words() {
    let text = scenario(
        "  piece R at (0, 0) with power 2, tint blue\n  set goal (1, 2)\n  set fuel 5\n  set path [1, 2, 3]\n  solve\n  expect answer 3\n  play down 1\n  solve\n  expect answer 2\n  undo\n  play right 2\n  solve\n  expect answer 2\n",
    );
    let out = shown(&text);
    assert!(!out.contains("FAILED"), "{out}");
    assert_eq!(out.matches("ok: expect answer").count(), 3, "{out}");
    // Without `tint blue` the piece keeps its default (red): no win.
    let text = scenario(
        "  piece R at (0, 0) with power 2\n  set goal (1, 2)\n  set path [1, 2, 3]\n  solve\n  expect answer -1\n",
    );
    assert!(shown(&text).contains("ok: expect answer -1"));
}

#[test]
fn unknown_vars_and_fields_are_named_with_did_you_mean_on_their_own_span() {
    let text =
        scenario("  piece R at (0, 0) with powr 2\n  set fule 4\n  set goal (1, 2)\n  solve\n");
    let diags = invalid(&text);
    let field = diags
        .iter()
        .find(|d| d.0 == Code::RulesField)
        .expect("field");
    assert_eq!(field.1, "powr");
    assert!(field.2.contains("did you mean `power`?"), "{}", field.2);
    let var = diags.iter().find(|d| d.0 == Code::RulesVar).expect("var");
    assert_eq!(var.1, "fule");
    assert!(var.2.contains("did you mean `fuel`?"), "{}", var.2);
}

#[test]
fn a_value_of_the_wrong_kind_or_outside_its_domain_is_refused_on_the_value() {
    for (body, at, says) in [
        ("  set fuel 9\n", "9", "fuel"),
        ("  set fuel -11\n", "-11", "fuel"),
        ("  set goal up\n", "up", "a cell `(r, c)` of the 2x3 board"),
        ("  set goal (5, 5)\n", "(5, 5)", "a cell"),
        ("  set path [1, 2, 3, 4, 5]\n", "[1, 2, 3, 4, 5]", "path"),
        ("  set fuel red\n", "red", "a number"),
        (
            "  piece R at (0, 0) with tint green\n",
            "green",
            "one of red, blue",
        ),
        ("  piece R at (0, 0) with power 7\n", "7", "power"),
    ] {
        let text = scenario(&format!("  piece R at (0, 1)\n{body}  solve\n").replacen(
            "  piece R at (0, 1)\n  piece R",
            "  piece R",
            1,
        ));
        let diags = invalid(&text);
        assert_eq!(diags.len(), 1, "{body}: {diags:?}");
        assert_eq!(diags[0].0, Code::RulesValue, "{body}: {diags:?}");
        assert_eq!(diags[0].1, at, "{body}");
        assert!(diags[0].2.contains(says), "{body}: {}", diags[0].2);
    }
}

#[test]
fn a_set_twice_and_a_set_after_play_are_refused() {
    let diags = invalid(&scenario(
        "  piece R at (0, 0) with power 1\n  set fuel 4\n  set fuel 5\n  solve\n",
    ));
    assert_eq!(diags[0].0, Code::RuleDuplicate, "{diags:?}");
    let diags = invalid(&scenario(
        "  piece R at (0, 0) with power 1\n  play right 1\n  set fuel 5\n",
    ));
    assert_eq!(diags[0].0, Code::StmtOrder, "{diags:?}");
    assert_eq!(diags[0].1, "set fuel 5");
}

#[test]
fn play_words_name_an_unknown_move_with_the_legal_ones() {
    let diags = invalid(&scenario("  piece R at (0, 0) with power 1\n  play up 1\n"));
    assert_eq!(diags[0].0, Code::RulesMove);
    assert_eq!(diags[0].1, "play up 1");
    assert!(diags[0].2.contains("right 1, down 1"), "{}", diags[0].2);
}

#[test]
fn a_built_in_game_refuses_the_new_statements() {
    let text = "scenario \"b\" {\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0) with power 2\n  piece B at (0, 1)\n  set x 1\n  play A up right\n}\n";
    let diags = invalid(text);
    let wrong: Vec<&str> = diags
        .iter()
        .filter(|d| d.0 == Code::StmtWrongGame)
        .map(|d| d.1.as_str())
        .collect();
    assert_eq!(
        wrong,
        [
            "piece A at (0, 0) with power 2",
            "set x 1",
            "play A up right"
        ],
        "{diags:?}"
    );
}

#[test]
fn the_old_play_forms_still_parse_and_a_word_list_stops_at_the_next_statement() {
    let (file, diags) = meeple::syntax::parse(
        "scenario \"p\" {\n  game g\n  play A up\n  play A to (1, 2)\n  play piece 3\n  play red (0, 1) 4\n  solve\n}\n",
    );
    assert!(diags.is_empty(), "{diags:?}");
    let forms: Vec<&str> = file.scenarios[0]
        .stmts
        .iter()
        .map(|s| s.node.form())
        .collect();
    assert_eq!(
        forms,
        [
            "game",
            "play PLAYER DIRECTION",
            "play PLAYER to (r, c)",
            "play piece N",
            "play WORDS",
            "solve"
        ]
    );
}

#[test]
fn fmt_keeps_the_new_statements() {
    let text = scenario("  piece R at (0,0)   with power 2,tint blue\n  set path [1,2 , 3]\n  set goal ( 1 , 2 )\n  play down   1\n");
    let out = meeple::format::format_source("w.game", &text).expect("formats");
    assert!(
        out.contains("  piece R at (0, 0) with power 2, tint blue\n"),
        "{out}"
    );
    assert!(out.contains("  set path [1, 2, 3]\n"), "{out}");
    assert!(out.contains("  set goal (1, 2)\n"), "{out}");
    assert!(out.contains("  play down 1\n"), "{out}");
    assert_eq!(
        meeple::format::format_source("w.game", &out).expect("formats"),
        out
    );
}

#[test]
fn a_misspelt_direction_on_a_built_in_game_still_gets_a_did_you_mean() {
    let text = "scenario \"b\" {\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 1)\n  play A rigth\n}\n";
    let diags = invalid(text);
    assert_eq!(diags[0].0, Code::StmtWrongGame, "{diags:?}");
    assert!(
        diags[0].2.contains("did you mean `right`?"),
        "{}",
        diags[0].2
    );
}

const DUEL: &str = r#"rules duel {
  players Ann Bob
  var n: 0..4 = 0
  turn {
    choose k in 1..2
    n = min(n + k, 4)
    win if n == 4
  }
  solve moves
}
"#;

/// `expect` on a rules game takes only its objective's fields, and names a
/// winner by the block's players: a field of another objective, or a
/// player the block does not have, is refused before anything runs.
#[test]
fn expect_takes_the_objectives_fields_and_the_blocks_players() {
    let with =
        |lines: &str| format!("{DUEL}\nscenario \"s\" {{\n  game duel\n  solve\n{lines}}}\n");
    let ok = shown(&with("  expect winner Ann\n  expect moves 3\n"));
    assert!(ok.contains("ok: expect winner Ann"), "{ok}");
    assert!(ok.contains("ok: expect moves 3"), "{ok}");
    let bad = invalid(&with("  expect turn 3\n"));
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert_eq!((bad[0].0, bad[0].1.as_str()), (Code::ExpectField, "turn"));
    assert!(bad[0].2.contains("answer, moves, winner"), "{}", bad[0].2);
    let bad = invalid(&with("  expect winner Carol\n"));
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert_eq!((bad[0].0, bad[0].1.as_str()), (Code::ExpectValue, "Carol"));
    // `shortest within` answers `answer` and `moves`, never a winner.
    let bad = invalid(&scenario("  solve\n  expect winner A\n"));
    assert_eq!((bad[0].0, bad[0].1.as_str()), (Code::ExpectField, "winner"));
}

/// The same piece placed twice is refused on the second placement, with
/// the first one labelled, as for the built-in games: the first position
/// is never lost without a word.
#[test]
fn a_piece_placed_twice_is_refused() {
    let bad = invalid(&scenario(
        "  piece R at (0, 0) with power 2\n  piece R at (1, 1)\n  solve\n",
    ));
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert_eq!(bad[0].0, Code::PieceDuplicate);
    assert!(bad[0].2.contains("first placed here"), "{}", bad[0].2);
    let text = scenario("  piece R at (0, 0) with power 2\n  piece R at (1, 1)\n  solve\n");
    let second = text.rfind("piece R").unwrap();
    assert_eq!(bad[0].1, "R");
    let run = run_bytes("walk.game", text.as_bytes(), &RunConfig::default());
    let Outcome::Invalid(diags) = &run.outcome else {
        panic!()
    };
    assert_eq!(diags[0].span().unwrap().start(), second + "piece ".len());
}

/// A rules block a syntax error kept from being read: its error alone, not
/// also "no game `walk`" on each scenario of it; a game named wrongly beside
/// it is still unknown.
#[test]
fn a_scenario_of_a_rules_block_with_a_syntax_error_is_not_told_its_game_is_unknown() {
    let broken = scenario("  solve\n").replace("fuel -= n", "fuel -= )");
    let d = invalid(&broken);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!((d[0].0, d[0].1.as_str()), (Code::Parse, ")"), "{d:?}");
    let other = format!("{broken}scenario \"t\" {{\n  game wlak\n  solve\n}}\n");
    let d = invalid(&other);
    let codes: Vec<Code> = d.iter().map(|x| x.0).collect();
    assert_eq!(codes, [Code::Parse, Code::GameUnknown], "{d:?}");
    assert!(d[1].2.contains("walk"), "did you mean walk: {d:?}");
}

/// A turn that reads `moves` plays differently after a different number of
/// moves: the move count is part of its positions for every solver (found
/// by a newcomer's game: the memoised search answered 4, the best is 5).
#[test]
fn a_turn_that_reads_moves_is_solved_with_the_count_in_its_positions() {
    let alternate = r#"rules mv {
  players solo
  var last: cell = off
  legend { ".": }
  turn {
    choose c in cells where c.row == c.col and c != last
    last = c
    score += c.row + 1
    stop if moves == 2
  }
  solve max score
}
scenario "s" {
  game mv
  board {
    . .
    . .
  }
  solve
  expect answer 5
}
"#;
    assert!(shown(alternate).contains("ok: expect answer 5"));
    // A simulation whose state repeats but whose turn counts: no cycle.
    let idle = r#"rules idle {
  players none
  var x: 0..1 = 0
  turn {
    stop if moves == 5
    x = 0
  }
  solve simulate limit 100
}
scenario "s" {
  game idle
  solve
  expect answer 6
}
"#;
    assert!(shown(idle).contains("ok: expect answer 6"));
    // Shortest: a win only at an exact count, on a board of one state.
    let wait = r#"rules wait {
  players solo
  var x: 0..1 = 0
  turn {
    choose d in [0, 1]
    x = d
    win if moves == 3 and x == 1
  }
  solve shortest within 5
}
scenario "s" {
  game wait
  solve
  expect answer 4
}
"#;
    assert!(shown(wait).contains("ok: expect answer 4"));
    // A searched game that reads `moves` and never ends stops with a coded
    // error after its limit of moves, not a hang.
    let flip = r#"rules flip {
  players A B
  var x: 0..1 = 0
  turn {
    choose d in [1]
    x = 1 - x
    lose if moves < 0
  }
  solve outcome
}
scenario "s" {
  game flip
  solve
}
"#;
    let run = run_bytes("flip.game", flip.as_bytes(), &RunConfig::default());
    let shown = crate::common::shown(&run);
    assert!(shown.contains("meeple::rules::endless"), "{shown}");
    assert!(shown.contains("reads `moves`"), "{shown}");
}

/// A line that stops on a position it passed through says so.
#[test]
fn a_line_that_stops_on_a_repeated_position_says_play_goes_on_forever() {
    let flip = r#"rules flip {
  players A B
  var x: 0..2 = 0
  turn {
    choose d in [1]
    x = if x == 2 then 1 else x + 1
  }
  solve outcome
}
scenario "s" {
  game flip
  solve
  expect answer draw
  line
}
"#;
    let out = shown(flip);
    assert!(out.contains("ok: expect answer draw"), "{out}");
    // 0 →A 1 →B 2 →A 1 (B to move again as after move 1: x = 1, B) …
    assert!(
        out.contains("3. A 1\nthen the position after move 1 repeats: play can go on forever"),
        "{out}"
    );
}

/// A two-player turn with no `choose` is one forced move, named by its
/// mover: `play A` plays it, and `line` writes `1. A` (a probe found `play
/// A` refused with "the legal moves are: A").
#[test]
fn a_forced_move_is_named_by_its_mover_and_played_so() {
    let forced = r#"rules tick {
  players A B
  var x: 0..3 = 0
  turn {
    x = (x + 1) % 4
    win if x == 3
  }
  solve outcome
}
scenario "s" {
  game tick
  solve
  expect answer A
  line
  play A
  show
}
"#;
    let out = shown(forced);
    assert!(out.contains("ok: expect answer A"), "{out}");
    assert!(out.contains("1. A\n2. B\nthen the game ends: win"), "{out}");
    assert!(out.contains("x = 1"), "{out}");
}

#[test]
fn show_draws_the_declarations_so_far_without_fixing_the_position() {
    // As for the built-in games: a `show` (or the REPL's autoshow after
    // each line) before the pieces does not stop them being placed.
    let text = scenario(
        "  show\n  piece R at (0, 0) with power 2, tint blue\n  show\n  set goal (1, 2)\n  set path [1, 2, 3]\n  solve\n  expect answer 3\n",
    );
    let out = shown(&text);
    assert!(out.contains("ok: expect answer 3"), "{out}");
    assert_eq!(out.matches("· show (line").count(), 2, "{out}");
    // A query that solves still fixes it.
    let text = scenario("  piece R at (0, 0) with power 1\n  solve\n  set fuel 5\n");
    let out = ran(&text);
    assert!(out.contains("meeple::stmt::order"), "{out}");
}

#[test]
fn play_on_a_game_without_players_points_to_step() {
    let text = "rules ticker {\n  players none\n  var n: 0..5 = 0\n  turn {\n    n += 1\n    stop if n == 5\n  }\n  solve simulate limit 10\n}\n\nscenario \"s\" {\n  game ticker\n  play go\n}\n";
    let out = ran(text);
    assert!(out.contains("meeple::rules::move"), "{out}");
    assert!(out.contains("this game has no players"), "{out}");
    assert!(out.contains("write `step` to play one turn"), "{out}");
    assert!(!out.contains("the legal moves are"), "{out}");
}

#[test]
fn a_name_two_moves_share_is_refused_by_play() {
    let text = "rules takes {\n  players solo\n  var heap: 0..5 = 5\n  turn {\n    choose k in 1..2 where k <= heap say \"take\"\n    heap -= k\n    win if heap == 0\n  }\n  solve shortest within 9\n}\n\nscenario \"s\" {\n  game takes\n  play take\n}\n";
    let out = ran(text);
    assert!(out.contains("`take` names 2 different moves here"), "{out}");
    assert!(out.contains("meeple::rules::move"), "{out}");
}

#[test]
fn a_ragged_board_or_an_unknown_cell_is_refused_once_on_the_board() {
    // Rows of different lengths were cut or padded to the first row's
    // width, silently: refused now, as for the built-in games.
    for board in [
        "  board [[1, 1], [1, 1, 1], [1, 1]]\n",
        "  board {\n    1 1\n    1 1 1\n  }\n",
    ] {
        let text = format!("{WALK}\nscenario \"s\" {{\n  game walk\n{board}  piece R at (0, 0) with power 1\n  show\n  solve\n}}\n");
        let diags = invalid(&text);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].0, Code::BoardRagged, "{diags:?}");
        assert!(
            diags[0].1.starts_with('1') && diags[0].1.ends_with('1'),
            "{diags:?}"
        );
    }
    // An unknown cell is said once, not once per query.
    let text = format!("{WALK}\nscenario \"s\" {{\n  game walk\n  board {{\n    1 z\n    1 1\n  }}\n  show\n  solve\n  line\n}}\n");
    let diags = invalid(&text);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!((diags[0].0, diags[0].1.as_str()), (Code::BoardCell, "z"));
}

/// A `play` or `step` that ends the game leaves a position that is over:
/// the queries after it answer the ended game (they started a new turn
/// from the position after the move, as if nothing had ended).
#[test]
fn queries_after_a_move_that_ended_the_game_answer_the_ended_game() {
    let game = |objective: &str| {
        format!("rules two {{\n  players A B\n  var heap: 0..2 = 2\n  turn {{\n    choose k in 1..2 where k <= heap\n    heap -= k\n    win if heap == 0\n  }}\n  solve {objective}\n}}\n")
    };
    let run = |text: String| {
        let run = run_bytes("t.game", text.as_bytes(), &RunConfig::default());
        crate::common::shown(&run)
    };
    let out = run(format!(
        "{}\nscenario \"s\" {{\n  game two\n  play A 2\n  solve\n  expect answer 0\n  expect winner A\n  analyze\n}}\n",
        game("moves")
    ));
    assert!(
        !out.contains("FAILED") && !out.contains("meeple::"),
        "{out}"
    );
    assert_eq!(out.matches("ok: expect").count(), 2, "{out}");
    let out = run(format!(
        "{}\nscenario \"s\" {{\n  game two\n  play A 2\n  solve\n  expect answer A\n}}\n",
        game("outcome")
    ));
    assert!(out.contains("ok: expect answer A"), "{out}");
    // A game without players: `step` stops at the end, and later steps
    // play no more turns.
    let text = "rules count {\n  players none\n  var t: 0..9 = 0\n  turn {\n    t += 1\n    stop if t == 3\n  }\n  solve simulate limit 100\n}\n\nscenario \"s\" {\n  game count\n  step 5\n  step 4\n  show\n}\n";
    let out = run(text.to_string());
    assert!(out.contains("t = 3"), "{out}");
}

/// `solve score` on random weighted graphs with cycles against a plain
/// search of every line (a position met again on its line ends it, the
/// move into it counted). A value that met a repetition depends on where
/// the line entered the cycle: kept in the table, it gave wrong answers
/// on about 1 graph in 60.
#[test]
fn score_on_graphs_with_cycles_matches_a_search_of_every_line() {
    const GAME: &str = "rules scoregraph {\n  players A B\n  board none\n  param n: 1..5 = 1\n  var edges: list of 0..395 max 25 = []\n  var cur: 0..4 = 0\n  turn {\n    choose v in 0..n - 1 where any e in edges: e / 11 == cur * 6 + v\n    let e = find f in edges where f / 11 == cur * 6 + v\n    score += e % 11 - 5\n    cur = v\n  }\n  solve score\n}\n";
    fn reference(
        edges: &[(usize, usize, i64)],
        pos: (usize, u8),
        path: &mut Vec<(usize, u8)>,
    ) -> i64 {
        let mut best: Option<i64> = None;
        for &(_, v, w) in edges.iter().filter(|e| e.0 == pos.0) {
            let next = (v, 1 - pos.1);
            let val = if path.contains(&next) {
                w
            } else {
                path.push(next);
                let c = reference(edges, next, path);
                path.pop();
                w - c
            };
            best = Some(best.map_or(val, |b: i64| b.max(val)));
        }
        best.unwrap_or(0)
    }
    let mut r = StdRng::seed_from_u64(29);
    let mut text = GAME.to_string();
    let cases = 150;
    for i in 0..cases {
        let n = r.gen_range(1..=5);
        let edges: Vec<(usize, usize, i64)> = arcs(&mut r, n)
            .into_iter()
            .map(|(u, v)| (u, v, r.gen_range(-5..=5)))
            .collect();
        let cur = r.gen_range(0..n);
        let want = reference(&edges, (cur, 0), &mut vec![(cur, 0)]);
        let list: Vec<String> = edges
            .iter()
            .map(|&(u, v, w)| ((u * 6 + v) as i64 * 11 + w + 5).to_string())
            .collect();
        text.push_str(&format!(
            "\nscenario \"c{i}\" {{\n  game scoregraph\n  rule n {n}\n  set edges [{}]\n  set cur {cur}\n  solve\n  expect answer {want}\n}}\n",
            list.join(", ")
        ));
    }
    let out = ran(&text);
    assert!(
        !out.contains("FAILED") && !out.contains("meeple::"),
        "{out}"
    );
    assert_eq!(out.matches("ok: expect answer").count(), cases, "{out}");
}

/// `solve moves` on random graphs with cycles against a plain search of
/// every line: a repetition counts as a draw, a player who can force a win
/// wins as fast as it can (the other loses as slowly), and a game whose
/// value is a draw is refused as endless. Before, any repetition the search
/// met was refused, even beside a win in one move.
#[test]
fn moves_on_graphs_with_cycles_answers_every_forced_win() {
    const GAME: &str = "rules gm {\n  players A B\n  board none\n  param n: 1..5 = 1\n  param goal: 0..4 = 0\n  var edges: list of 0..35 max 25 = []\n  var cur: 0..4 = 0\n  when stuck: lose\n  turn {\n    choose v in 0..n - 1 where any e in edges: e == cur * 6 + v\n    cur = v\n    win if v == goal\n  }\n  solve moves\n}\n";
    // (2, -d): a win in d; (1, 0): a draw; (0, d): a loss in d.
    fn reference(
        edges: &[(usize, usize)],
        goal: usize,
        pos: (usize, u8),
        path: &mut Vec<(usize, u8)>,
    ) -> (u8, i64) {
        let mut best = (0u8, 0i64);
        for &(_, v) in edges.iter().filter(|e| e.0 == pos.0) {
            let next = (v, 1 - pos.1);
            let val = if v == goal {
                (2, -1)
            } else if path.contains(&next) {
                (1, 0)
            } else {
                path.push(next);
                let c = reference(edges, goal, next, path);
                path.pop();
                match c {
                    (2, d) => (0, 1 - d),
                    (0, d) => (2, -(d + 1)),
                    draw => draw,
                }
            };
            best = best.max(val);
        }
        best
    }
    let mut r = StdRng::seed_from_u64(33);
    let mut text = GAME.to_string();
    let (mut decided, mut drawn) = (0, 0);
    for i in 0..150 {
        let n = r.gen_range(2..=5);
        let edges = arcs(&mut r, n);
        let goal = r.gen_range(0..n);
        let cur = r.gen_range(0..n);
        let list: Vec<String> = edges
            .iter()
            .map(|&(u, v)| (u * 6 + v).to_string())
            .collect();
        let want = match reference(&edges, goal, (cur, 0), &mut vec![(cur, 0)]) {
            (2, d) => {
                decided += 1;
                format!("  expect answer {}\n  expect winner A\n", -d)
            }
            (0, d) => {
                decided += 1;
                format!("  expect answer {d}\n  expect winner B\n")
            }
            _ => {
                drawn += 1;
                String::new()
            }
        };
        text.push_str(&format!(
            "\nscenario \"c{i}\" {{\n  game gm\n  rule n {n}\n  rule goal {goal}\n  set edges [{}]\n  set cur {cur}\n  solve\n{want}}}\n",
            list.join(", ")
        ));
    }
    assert!(decided > 30 && drawn > 10, "{decided} {drawn}");
    let out = ran(&text);
    assert!(!out.contains("FAILED"), "{out}");
    assert_eq!(out.matches("ok: expect winner").count(), decided, "{out}");
    assert_eq!(
        out.matches("meeple::rules::endless").count(),
        drawn,
        "{out}"
    );
}

/// A two-player search whose transposition table would pass `--memory`
/// stops with `meeple::limit::memory`. It kept searching without new
/// entries, which for this deep game redid every subtree: no end.
#[test]
fn a_two_player_search_past_its_memory_stops_with_the_memory_limit() {
    let text = "rules d {\n  players A B\n  board none\n  var x: 0..200000 = 0\n  turn {\n    lose if x >= 100000\n    choose k in 1..2\n    x += k\n  }\n  solve moves\n}\n\nscenario \"s\" {\n  game d\n  solve\n}\n";
    let mut config = RunConfig::default();
    config.limits.memory = Some(1 << 20);
    let run = run_bytes("d.game", text.as_bytes(), &config);
    let out = crate::common::shown(&run);
    assert!(out.contains("meeple::limit::memory"), "{out}");
}

/// A two-player search down a long line counts its open positions against
/// `--memory` (and so does the retrograde analysis of a game with cycles):
/// a line of millions of positions grew past a gigabyte under `--memory 10`.
#[test]
fn a_two_player_search_down_a_long_line_stops_with_the_memory_limit() {
    let text = "rules g {\n  players A B\n  board none\n  var a: 0..99999999 = 0\n  turn {\n    choose d in 1..2\n    a = (a * 7 + d) % 100000000\n    win if a == 99999999\n  }\n  solve outcome\n}\n\nscenario \"s\" {\n  game g\n  solve\n}\n";
    let mut config = RunConfig::default();
    config.limits.memory = Some(5 << 20);
    config.limits.max_states = Some(3_000_000);
    let out = crate::common::shown(&run_bytes("g.game", text.as_bytes(), &config));
    assert!(out.contains("meeple::limit::memory"), "{out}");
}

/// Breadth-first search counts the positions of its levels against
/// `--memory`, not only its table of keys: on a 60x60 board each position
/// holds the whole board (28 KB) while its key is a few bytes, and a level
/// of up to 60 positions passes 2 MB where the keys take a few KB.
#[test]
fn breadth_first_search_counts_its_levels_against_the_memory_limit() {
    let row = vec!["0"; 60].join(" ");
    let board: Vec<String> = (0..60).map(|_| format!("    {row}")).collect();
    let text = format!(
        "rules walk {{\n  players solo\n  layer wall: bool\n  legend {{\n    \"1\": wall[here] = true\n    \"0\":\n  }}\n  piece P {{ at: cell }}\n  turn {{\n    choose d in orthogonal where step(P.at, d) != off and not wall[step(P.at, d)]\n    P.at = step(P.at, d)\n    win if P.at == (59, 59)\n  }}\n  solve shortest within 200\n}}\n\nscenario \"s\" {{\n  game walk\n  board {{\n{}\n  }}\n  piece P at (0, 0)\n  solve\n}}\n",
        board.join("\n")
    );
    let mut config = RunConfig::default();
    config.limits.memory = Some(2 << 20);
    let out = crate::common::shown(&run_bytes("w.game", text.as_bytes(), &config));
    assert!(out.contains("meeple::limit::memory"), "{out}");
    let out = crate::common::shown(&run_bytes("w.game", text.as_bytes(), &RunConfig::default()));
    assert!(out.contains("answer 118"), "{out}");
}

/// `solve shortest` keeps no line: a serpentine corridor of 818 moves on a
/// 39x40 board (13 KB a position) answers under `--memory 4`, where it
/// replayed its line (10 MB of positions, 394 MB on a 99x100 maze) before
/// answering; `line` keeps them, counted against `--memory`, so it stops
/// there with the memory limit and answers without it.
#[test]
fn shortest_solve_keeps_no_line_and_a_long_line_counts_against_the_memory_limit() {
    let mut rows = Vec::new();
    for r in 0..39 {
        let row: Vec<&str> = (0..40)
            .map(|c| match (r % 4, c) {
                (0 | 2, _) | (1, 39) | (3, 0) => "0",
                _ => "1",
            })
            .collect();
        rows.push(format!("    {}", row.join(" ")));
    }
    let game = format!(
        "rules walk {{\n  players solo\n  layer wall: bool\n  legend {{\n    \"1\": wall[here] = true\n    \"0\":\n  }}\n  piece P {{ at: cell }}\n  turn {{\n    choose d in orthogonal where step(P.at, d) != off and not wall[step(P.at, d)]\n    P.at = step(P.at, d)\n    win if P.at == (38, 0)\n  }}\n  solve shortest within 2000\n}}\n\nscenario \"s\" {{\n  game walk\n  board {{\n{}\n  }}\n  piece P at (0, 0)\n  QUERY\n}}\n",
        rows.join("\n")
    );
    let mut small = RunConfig::default();
    small.limits.memory = Some(4 << 20);
    let solve = game.replace("QUERY", "solve");
    let out = crate::common::shown(&run_bytes("w.game", solve.as_bytes(), &small));
    assert!(out.contains("answer 818"), "{out}");
    let line = game.replace("QUERY", "line");
    let out = crate::common::shown(&run_bytes("w.game", line.as_bytes(), &small));
    assert!(out.contains("meeple::limit::memory"), "{out}");
    let out = crate::common::shown(&run_bytes("w.game", line.as_bytes(), &RunConfig::default()));
    assert!(out.contains("818. left — win"), "{out}");
}

/// A `max score` game of random dice answers an expectation whatever the
/// count of rolls: `dice uniform 1..6 x 0` (no die rolled) gives
/// `expected 0` as `x 1` gives `expected 7/2` (before, `x 0` answered
/// `score 0` and `expect expected 0` failed: "no field `expected`").
#[test]
fn uniform_dice_answer_an_expectation_even_with_no_roll() {
    let game = "rules bins {\n  players solo\n  board none\n  var a: 0..100 = 0\n  turn {\n    roll r in 1..6\n    choose w in 0..1\n    if w == 1 { score += r }\n  }\n  solve max score\n}\n";
    for (dice, want) in [("x 0", "0"), ("x 1", "7/2"), ("x 2", "7")] {
        let text = format!(
            "{game}scenario \"s\" {{\n  game bins\n  dice uniform 1..6 {dice}\n  solve\n  expect expected {want}\n}}\n"
        );
        let out = ran(&text);
        assert!(!out.contains("failed"), "{dice}: {out}");
        assert!(out.contains("expected score"), "{dice}: {out}");
    }
}

/// A `for` or `choose` over too big a range is told to narrow it (before:
/// "raise the loop's `max`", which neither has); a `while` keeps that help.
#[test]
fn a_range_too_big_to_loop_over_is_told_to_narrow_it() {
    let game = |turn: &str| {
        format!("rules g {{\n  players none\n  board none\n  var s: 0..1000000000000 = 0\n  turn {{\n    {turn}\n    stop\n  }}\n  solve simulate limit 5\n}}\nscenario \"s\" {{\n  game g\n  solve\n}}\n")
    };
    for turn in [
        "for i in 0..2000000000 { s += 1 }",
        "let n = 0\n    for i in 0..n + 999999999 { s += 1 }",
    ] {
        let out = ran(&game(turn));
        assert!(out.contains("meeple::rules::loop"), "{out}");
        assert!(out.contains("has more than 10000000 values"), "{out}");
        assert!(
            out.contains("narrow the range") && !out.contains("raise the loop"),
            "{out}"
        );
    }
    let out = ran(&game("while true max 3 { s += 1 }"));
    assert!(out.contains("raise the loop's `max`"), "{out}");
}

/// A two-player search down a line thousands of moves deep with many moves
/// per position (AtCoder DP K: take one of 40 amounts from 30,000 stones)
/// keeps within `--memory`: the open positions farthest from the search's
/// end drop their moves and expand again when the search comes back
/// (before, every open position kept all its moves: 838 MB for 100,000
/// stones and 100 amounts, here a `meeple::limit::memory` under 16 MB).
/// The answer is the plain DP's.
#[test]
fn a_deep_line_of_wide_positions_keeps_within_the_memory_limit() {
    let takes: Vec<usize> = (0..40).map(|i| 1 + i * 7 + i * i % 5).collect();
    let stones = 30_000;
    let list = takes
        .iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    // The mover wins if some take leaves a losing pile.
    let mut wins = vec![false; stones + 1];
    for n in 1..=stones {
        wins[n] = takes.iter().any(|&t| t <= n && !wins[n - t]);
    }
    let winner = if wins[stones] { "A" } else { "B" };
    let text = format!(
        "rules k {{\n  players A B\n  board none\n  var pile: 0..{stones} = {stones}\n  turn {{\n    choose t in [{list}] where t <= pile\n    pile -= t\n  }}\n  solve outcome\n}}\n\nscenario \"s\" {{\n  game k\n  solve\n  expect winner {winner}\n}}\n"
    );
    let mut config = RunConfig::default();
    config.limits.memory = Some(16 << 20);
    let out = crate::common::shown(&run_bytes("k.game", text.as_bytes(), &config));
    assert!(out.contains(&format!("winner {winner}")), "{out}");
    assert!(
        !out.contains("failed") && !out.contains("meeple::"),
        "{out}"
    );
}

/// `say "take {k} of {k}"` fills every placeholder (it filled the first:
/// the move read `take 2 of {k}`).
#[test]
fn say_fills_every_placeholder() {
    let text = "rules sayt {\n  players solo\n  board none\n  var v: 0..1 = 0\n  turn {\n    stop if v == 1\n    choose k in 1..2 say \"take {k} of {k}\"\n    v = 1\n  }\n  solve longest\n}\n\nscenario \"s\" {\n  game sayt\n  analyze\n  play take 2 of 2\n  show\n}\n";
    let out = ran(text);
    assert!(
        out.contains("take 1 of 1") && out.contains("take 2 of 2"),
        "{out}"
    );
    assert!(!out.contains("{k}") && !out.contains("meeple::"), "{out}");
}

/// One turn's moves count against `--memory`: `choose c in cells` on a
/// 120x120 board makes 14,400 positions of 14,400 slots (1.6 GB) in one
/// expansion, which was built in full before any limit was looked at (a
/// 250x250 board aborted the process: out of memory). Now the expansion
/// stops with `meeple::limit::memory` on `solve`, `analyze` and `line`.
#[test]
fn one_turns_moves_count_against_the_memory_limit() {
    let n = 120;
    let row = ".".repeat(n);
    let board: Vec<String> = (0..n).map(|_| format!("    {row}")).collect();
    for query in ["solve", "analyze", "line"] {
        let text = format!(
            "rules big {{\n  players A B\n  layer mark: bool\n  legend {{\n    \".\":\n  }}\n  turn {{\n    choose c in cells where not mark[c]\n    mark[c] = true\n  }}\n  solve outcome\n}}\n\nscenario \"s\" {{\n  game big\n  board {{\n{}\n  }}\n  {query}\n}}\n",
            board.join("\n")
        );
        let mut config = RunConfig::default();
        config.limits.memory = Some(20 << 20);
        let out = crate::common::shown(&run_bytes("big.game", text.as_bytes(), &config));
        assert!(out.contains("meeple::limit::memory"), "{query}: {out}");
        assert!(
            out.contains("over the memory limit of 20 MB"),
            "{query}: {out}"
        );
    }
}

/// `swap xs[0], xs[2]` inside `simultaneously` gave `[1, 2, 1]` (each
/// item's store wrote the list as the block began, the second undoing the
/// first): now an exchange in one write, on a var's, a layer's and a
/// piece field's list alike, as outside the block; and an item off the
/// list is still an error.
#[test]
fn swap_of_two_items_of_one_list_exchanges_them_inside_simultaneously() {
    let game = |inside: bool, i: i64| {
        let (open, close) = if inside {
            ("simultaneously {", "}")
        } else {
            ("", "")
        };
        format!(
            "rules sw {{\n  players none\n  var a: list of 0..9 max 4 = [1, 2, 3], b: list of 0..9 max 4 = [5, 6]\n  layer l: list of 0..9 max 3\n  piece P {{ at: cell, xs: list of 0..9 max 3 = [7, 8, 9] }}\n  legend {{\n    \".\":\n  }}\n  setup {{\n    push l[(0, 0)], 4\n    push l[(0, 0)], 5\n  }}\n  turn {{\n    {open}\n    swap a[0], a[{i}]\n    swap l[(0, 0)][0], l[(0, 0)][1]\n    swap P.xs[2], P.xs[0]\n    swap b[1], b[0]\n    {close}\n    stop\n  }}\n  solve simulate limit 1\n}}\nscenario \"s\" {{\n  game sw\n  board {{\n    .\n  }}\n  piece P at (0, 0)\n  step\n  show\n}}\n"
        )
    };
    let outside = ran(&game(false, 2));
    let inside = ran(&game(true, 2));
    for out in [&outside, &inside] {
        assert!(out.contains("a = [3, 2, 1]"), "{out}");
        assert!(out.contains("b = [6, 5]"), "{out}");
        assert!(out.contains("[5, 4]"), "{out}");
        assert!(out.contains("[9, 8, 7]"), "{out}");
    }
    let off = ran(&game(true, 3));
    assert!(off.contains("item 3 of a list of 3"), "{off}");
}

/// `analyze` of a position whose turn ends the game at once said only "no
/// legal moves", as for a stuck mover: it now says the game is over there
/// and how, or that the mover is stuck (`when stuck`).
#[test]
fn analyze_tells_a_game_over_from_a_stuck_mover() {
    let game = |start: i64| {
        format!("rules c {{\n  players solo\n  board none\n  var n: 0..9 = {start}\n  turn {{\n    win if n == 3\n    choose d in 1..2 where n + d <= 4\n    n += d\n  }}\n  when stuck: lose\n  solve shortest within 5\n}}\nscenario \"s\" {{\n  game c\n  analyze\n}}\n")
    };
    let over = ran(&game(3));
    assert!(
        over.contains("no legal moves: the game is over here (the mover wins)"),
        "{over}"
    );
    let stuck = ran(&game(4));
    assert!(
        stuck.contains("no legal moves: the mover is stuck (the mover loses)"),
        "{stuck}"
    );
}

//! The format additions `meeple gen` needs (value lists, `require`,
//! `border`/`once`) and the drawing of judge inputs from a format.

use super::draw::RulesShape;
use super::read::{read, within};
use crate::error::Code;
use crate::games::rng::Rng;
use crate::games::rules::program::Program;
use crate::games::{GenShape, NotInstance};
use crate::syntax::ast::{Span, Spanned};
use std::sync::Arc;

/// The only rules block of `src`, checked and compiled.
fn program(src: &str) -> Arc<Program> {
    let (file, diags) = crate::syntax::parse(src);
    assert!(diags.is_empty(), "{diags:?}");
    let def = &file.rules[0];
    let decls = crate::games::rules::check(def).unwrap_or_else(|d| panic!("{d:?}"));
    Arc::new(crate::games::rules::compile::compile(def, decls))
}

const TILES: &str = r#"rules tiles {
  players solo
  layer tile: 0..2048
  legend {
    number n: tile[here] = n
  }
  turn {
    choose d in orthogonal
    stop
  }
  input {
    n: 1..4
    rows n of n numbers 0 | 2 | 4 | 1024
    require (sum x in cells: tile[x]) % 4 == 2
  }
  solve max score
}
"#;

const WALLS: &str = r##"rules walls {
  players solo
  layer wall: bool, hole: bool
  piece R, B { at: cell }
  legend {
    "#" "x": wall[here] = true
    "O": hole[here] = true
    "R": R.at = here
    "B": B.at = here
    ".":
  }
  turn {
    choose d in orthogonal
    win if R.at == off
  }
  input {
    n, m: 3..6
    rows n of m chars border "#" once "R" "B" "O"
  }
  solve shortest within 3
}
"##;

fn text(s: &str) -> Spanned<String> {
    Spanned::new(s.to_string(), Span::new(0, s.len()))
}

#[test]
fn a_value_list_is_written_back_and_a_value_off_it_is_beyond_the_limits() {
    let prog = program(TILES);
    let format = prog.input.as_ref().unwrap();
    let items: Vec<String> = format.items.iter().map(|i| i.node.to_string()).collect();
    assert_eq!(
        items,
        [
            "n: 1..4",
            "rows n of n numbers 0 | 2 | 4 | 1024",
            "require (sum x in cells: tile[x]) % 4 == 2"
        ]
    );
    // Any integer reads; 8 is within 0..1024 but not listed.
    let r = read(&prog, &text("2\n0 2\n8 0\n"), None).unwrap();
    assert_eq!(
        r.beyond,
        ["the cell in row 2, column 1 is 8; the judge allows 0 | 2 | 4 | 1024"]
    );
    assert!(matches!(
        within(&prog, "2\n0 2\n8 0\n"),
        Err(NotInstance::Limit(_))
    ));
    assert_eq!(within(&prog, "2\n0 2\n4 0\n"), Ok(()));
}

#[test]
fn a_failing_require_is_a_limit_naming_it() {
    let prog = program(TILES);
    // 2 + 4 = 6, 6 % 4 == 2: met; 4 alone: not.
    assert_eq!(within(&prog, "1\n2\n"), Ok(()));
    let e = within(&prog, "2\n0 4\n0 0\n").unwrap_err();
    assert_eq!(
        e,
        NotInstance::Limit(
            "the judge requires `(sum x in cells: tile[x]) % 4 == 2`, which does not hold".into()
        )
    );
}

#[test]
fn the_checker_refuses_bad_hints_and_a_require_that_is_not_a_condition() {
    let codes = |src: &str| crate::games::rules::tests::codes(src);
    let bad_key = WALLS.replace("border \"#\"", "border \"Z\"");
    assert_eq!(codes(&bad_key), [Code::RulesInput]);
    let twice = WALLS.replace("once \"R\" \"B\" \"O\"", "once \"R\" \"R\"");
    assert_eq!(codes(&twice), [Code::RulesInput]);
    let on_numbers = TILES.replace("1024\n", "1024 border \"1\"\n");
    assert!(codes(&on_numbers).contains(&Code::RulesInput));
    let not_bool = TILES.replace("% 4 == 2", "% 4");
    assert_eq!(codes(&not_bool), [Code::RulesType]);
    let unknown = TILES.replace("tile[x]) % 4", "tiles[x]) % 4");
    assert!(!codes(&unknown).is_empty());
    assert!(codes(TILES).is_empty() && codes(WALLS).is_empty());
}

#[test]
fn drawn_boards_are_walled_with_each_once_key_on_one_inner_cell() {
    let shape = RulesShape::new(program(WALLS), String::new(), &[]).unwrap();
    let mut sizes = std::collections::HashSet::new();
    for case in 0..200 {
        let p = shape.draw(&mut Rng::for_case(5, case));
        assert_eq!(p.instance(), Ok(()));
        let input = p.input();
        let mut lines = input.lines();
        let nm: Vec<usize> = lines
            .next()
            .unwrap()
            .split(' ')
            .map(|x| x.parse().unwrap())
            .collect();
        let rows: Vec<&str> = lines.collect();
        assert_eq!(rows.len(), nm[0]);
        sizes.insert((nm[0], nm[1]));
        for (r, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), nm[1]);
            for (c, ch) in row.chars().enumerate() {
                let edge = r == 0 || c == 0 || r == nm[0] - 1 || c == nm[1] - 1;
                assert!(!edge || ch == '#', "{input}");
                assert!("#.ORB".contains(ch), "{input}");
            }
        }
        for k in ['R', 'B', 'O'] {
            assert_eq!(input.matches(k).count(), 1, "{input}");
        }
    }
    // Only boards with three inner cells can hold R, B and O: 3 × 3 never.
    assert!(!sizes.contains(&(3, 3)) && sizes.len() > 10, "{sizes:?}");
}

#[test]
fn drawn_values_come_from_the_list_and_meet_the_requirement() {
    let shape = RulesShape::new(program(TILES), String::new(), &[("--n", "2..3")]).unwrap();
    for case in 0..100 {
        let p = shape.draw(&mut Rng::for_case(1, case));
        assert_eq!(p.instance(), Ok(()));
        let words: Vec<i64> = p
            .input()
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        assert!((2..=3).contains(&words[0]));
        assert!(words[1..].iter().all(|v| [0, 2, 4, 1024].contains(v)));
        assert_eq!(words[1..].iter().sum::<i64>() % 4, 2);
    }
    assert_eq!(shape.args(), [("--n".to_string(), "2..3".to_string())]);
}

#[test]
fn shape_options_beyond_the_limits_or_unknown_are_refused() {
    let prog = program(TILES);
    let e = RulesShape::new(prog.clone(), String::new(), &[("--n", "0..4")]).unwrap_err();
    assert_eq!(e.diag.code, Code::GenOption);
    assert!(
        e.diag.message.contains("beyond the judge's limits 1..4"),
        "{}",
        e.diag.message
    );
    assert!(RulesShape::new(
        prog.clone(),
        String::new(),
        &[("--n", "5"), ("--beyond-limits", "")]
    )
    .is_ok());
    let e = RulesShape::new(prog.clone(), String::new(), &[("--k", "1..2")]).unwrap_err();
    assert!(
        e.diag.message.contains("reads no number `k`"),
        "{}",
        e.diag.message
    );
    // A requirement no draw meets: the error names it.
    let never = TILES.replace("% 4 == 2", "% 4 == 3");
    let e = RulesShape::new(program(&never), String::new(), &[]).unwrap_err();
    assert_eq!(e.diag.code, Code::GenUnsatisfied);
    assert!(e.diag.message.contains("% 4 == 3"), "{}", e.diag.message);
}

#[test]
fn weights_steer_the_keys_and_edge_cases_take_the_ends() {
    // No inner walls: only `.` besides the keys drawn once.
    let shape =
        RulesShape::new(program(WALLS), String::new(), &[("--weights", "#=0,.=1")]).unwrap();
    for case in 0..50 {
        let input = shape.draw(&mut Rng::for_case(2, case)).input();
        let rows: Vec<&str> = input.lines().skip(1).collect();
        let inner: String = rows[1..rows.len() - 1]
            .iter()
            .map(|l| &l[1..l.len() - 1])
            .collect();
        assert!(!inner.contains('#'), "{input}");
    }
    let e = RulesShape::new(program(WALLS), String::new(), &[("--weights", "#1")]).unwrap_err();
    assert!(
        e.diag.message.contains("not KEY=WEIGHT"),
        "{}",
        e.diag.message
    );
    // Edges: 3 × 3 cannot hold R, B and O; the largest board can, and the
    // board of the most common key has no inner wall.
    let edges = RulesShape::new(program(WALLS), String::new(), &[])
        .unwrap()
        .edges();
    let labels: Vec<&str> = edges.iter().map(|e| e.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "largest: every number at its high end",
            "the board of its most common key"
        ]
    );
    assert!(edges[0].position.input().starts_with("6 6\n######\n"));
    let common = edges[1].position.input();
    assert_eq!(common.matches('#').count(), {
        let nm = numbers_of(&common);
        2 * (nm[0] + nm[1]) - 4
    });
    let tiles = RulesShape::new(program(TILES), String::new(), &[]).unwrap();
    let ends: Vec<String> = tiles.edges().iter().map(|e| e.position.input()).collect();
    // The smallest: n = 1 and the least value, 0, fails `require`; the
    // largest (4 × 4 of 1024) too: no edge case meets it.
    assert!(ends.is_empty(), "{ends:?}");
}

fn numbers_of(input: &str) -> Vec<usize> {
    input
        .lines()
        .next()
        .unwrap()
        .split(' ')
        .map(|x| x.parse().unwrap())
        .collect()
}

#[test]
fn a_dice_count_past_the_cap_is_not_drawn() {
    // `n: 1..10^18` then `dice n of 1..6`: `meeple gen` grew to 2.6 GB.
    let src = "rules gh {\n  players solo\n  board none\n  var k: 0..10 = 0\n  input {\n    n: 1..1000000000000000000\n    dice n of 1..6\n  }\n  turn {\n    roll r in 1..6\n    choose d in 1..2\n    win if r > 3\n  }\n  solve shortest within 5\n}\n";
    let Err(e) = RulesShape::new(program(src), String::new(), &[]) else {
        panic!("no instance")
    };
    assert!(
        e.diag.message.contains("rolls are too many to draw"),
        "{}",
        e.diag.message
    );
    // Within the cap, drawn.
    let src = src.replace("1..1000000000000000000", "1..1000");
    let shape = RulesShape::new(program(&src), String::new(), &[]).unwrap();
    let p = shape.draw(&mut Rng::for_case(1, 0));
    let words = p.input().split_whitespace().count();
    assert!((2..=1001).contains(&words), "{words}");
}

/// A one-piece game whose format reads the piece's cell `piece_line`
/// before (`true`) or after the board's `rows`.
fn piece_rows(piece_first: bool) -> String {
    let (a, b) = ("    piece R: at\n", "    rows n of m numbers 0..1\n");
    let (first, second) = if piece_first { (a, b) } else { (b, a) };
    format!(
        "rules pf {{\n  players none\n  layer wall: bool\n  piece R {{ at: cell }}\n  legend {{\n    \"0\": wall[here] = false\n    \"1\": wall[here] = true\n  }}\n  turn {{ stop }}\n  input {{\n    n, m: 3..5\n{first}{second}  }}\n  solve simulate limit 5\n}}\n"
    )
}

#[test]
fn a_piece_line_before_or_after_the_rows_is_drawn_on_the_board() {
    // The piece line first: `gen` drew its cell before the board and gave
    // up ("more pieces than cells").
    for piece_first in [true, false] {
        let shape = RulesShape::new(program(&piece_rows(piece_first)), String::new(), &[])
            .unwrap_or_else(|e| panic!("{}", e.diag.message));
        for case in 0..50 {
            let p = shape.draw(&mut Rng::for_case(1, case));
            assert_eq!(p.instance(), Ok(()));
            let input = p.input();
            let lines: Vec<Vec<i64>> = input
                .lines()
                .map(|l| l.split(' ').map(|w| w.parse().unwrap()).collect())
                .collect();
            let (n, m) = (lines[0][0], lines[0][1]);
            assert!((3..=5).contains(&n) && (3..=5).contains(&m), "{input}");
            assert_eq!(lines.len() as i64, n + 2, "{input}");
            let at = if piece_first {
                &lines[1]
            } else {
                &lines[lines.len() - 1]
            };
            assert_eq!(at.len(), 2, "{input}");
            assert!(
                (0..n).contains(&at[0]) && (0..m).contains(&at[1]),
                "{input}"
            );
        }
    }
}

/// A format whose first `require` holds on about half of the draws and
/// whose second holds on none (setter6 F12).
const TWICE: &str = r#"rules twice {
  players solo
  layer v: 0..1
  legend {
    number x: v[here] = x
  }
  turn {
    stop
  }
  input {
    n: 3..5
    rows n of n numbers 0..1
    require v[(0, 0)] == 0
    require v[(1, 1)] == 0 and v[(1, 1)] == 1
  }
  solve max score
}
"#;

#[test]
fn unsatisfied_names_the_requirement_that_refused_the_most_draws() {
    let e = RulesShape::new(program(TWICE), String::new(), &[]).unwrap_err();
    assert_eq!(e.diag.code, Code::GenUnsatisfied);
    let m = &e.diag.message;
    assert!(
        m.contains(
            "`require v[(1, 1)] == 0 and v[(1, 1)] == 1` does not hold on 1000 of the 1000 draws"
        ),
        "{m}"
    );
    // The first requirement is named after it, with its (smaller) count.
    let also = m
        .split("also refused by `require v[(0, 0)] == 0` on ")
        .nth(1);
    let n: u32 = also
        .and_then(|t| t.trim_end_matches(')').parse().ok())
        .unwrap_or_else(|| panic!("{m}"));
    assert!(n > 300 && n < 700, "{m}");
    assert!(e.diag.help.as_deref().unwrap_or("").contains("--weights"));
}

#[test]
fn unsatisfied_says_when_it_is_the_set_up_that_fails() {
    // `setup` stops on a draw without a `P` (the `find` has no cell), most
    // of them; the requirement, checked only on the others, never holds:
    // the set-up, which refused the most, is named.
    let src = r#"rules finder {
  players solo
  layer p: bool
  var top: 0..9 = 0
  legend {
    "P": p[here] = true
    ".":
  }
  setup {
    top = (find c in cells where p[c]).row
  }
  turn {
    stop
  }
  input {
    n: 3..9
    rows n of n chars
    require (count c in cells where p[c]) > 99
  }
  solve max score
}
"#;
    let e =
        RulesShape::new(program(src), String::new(), &[("--weights", "P=1,.=400")]).unwrap_err();
    let m = &e.diag.message;
    assert!(m.contains("the set-up fails on "), "{m}");
    let help = e.diag.help.as_deref().unwrap_or("");
    assert!(help.contains("set-up cannot handle these draws"), "{help}");
}

#[test]
fn edge_cases_a_requirement_refuses_are_named_with_why() {
    // The smallest room (a 3 x 3 of 0s) meets both requirements; the
    // largest (5 x 5 of 1s) breaks the first (setter6 F11).
    let src = TWICE.replace(
        "    require v[(1, 1)] == 0 and v[(1, 1)] == 1\n",
        "    require v[(1, 1)] == 0\n",
    );
    let shape = RulesShape::new(program(&src), String::new(), &[]).unwrap();
    let labels: Vec<String> = shape.edges().into_iter().map(|e| e.label).collect();
    assert_eq!(labels, ["smallest: every number at its low end"]);
    let refused = shape.edges_refused();
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0].0, "largest: every number at its high end");
    assert!(
        refused[0]
            .1
            .contains("`require v[(0, 0)] == 0` does not hold on 1000 of the 1000 draws"),
        "{}",
        refused[0].1
    );
}

/// One apple on a 2 x 2 board and three increasing numbers of 1..5.
const ORCHARD: &str = r#"rules orchard {
  players none
  layer apple: bool
  var times: list of 1..5 max 3
  turn {
    stop
  }
  input {
    board 2 by 2
    cells 1: apple from 1
    lists 3: times increasing
  }
  solve simulate limit 1
}
"#;

#[test]
fn cells_and_increasing_numbers_are_drawn_uniformly() {
    let shape = RulesShape::new(program(ORCHARD), String::new(), &[]).unwrap();
    let mut cells = std::collections::HashMap::new();
    let mut triples = std::collections::HashMap::new();
    for case in 0..2000 {
        let text = shape.draw(&mut Rng::for_case(5, case)).input();
        let w: Vec<i64> = text
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        assert_eq!(w.len(), 5, "{text}");
        assert!(w[2] < w[3] && w[3] < w[4], "{text}");
        *cells.entry((w[0], w[1])).or_insert(0) += 1;
        *triples.entry((w[2], w[3], w[4])).or_insert(0) += 1;
    }
    // Each of the 4 cells (500 expected) and each of the C(5, 3) = 10
    // increasing triples (200 expected) within a generous band.
    assert_eq!(cells.len(), 4, "{cells:?}");
    assert!(
        cells.values().all(|&n| (400..=600).contains(&n)),
        "{cells:?}"
    );
    assert_eq!(triples.len(), 10, "{triples:?}");
    assert!(
        triples.values().all(|&n| (140..=260).contains(&n)),
        "{triples:?}"
    );
}

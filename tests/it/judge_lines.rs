//! The judge inputs `meeple export --judge` writes, checked by `meeple
//! validate` and read back by `meeple answer` (issues 29/30): zero records
//! are zero lines, a `pieces K: … bracketed` item's lists share one line.

use crate::common::{meeple_in, temp_dir, text};

/// Walls given by `cells k:` (none in the scenario) and a robot.
const WALLS: &str = r#"rules walls {
  players solo
  layer wall: bool
  piece R { at: cell }
  input {
    nr, nc: 1..5, k: 0..5
    board nr by nc
    cells k: wall from 1
    piece R: at from 1
  }
  turn {
    choose d in orthogonal where step(R.at, d) != off and not wall[step(R.at, d)]
    R.at = step(R.at, d)
    win if R.at == (0, 0)
  }
  solve shortest within 10
}
scenario "no walls" {
  game walls
  board [[0, 0], [0, 0]]
  piece R at (1, 1)
  solve
  expect answer 2
}
"#;

/// Ants whose lists the judge writes bracketed.
const ANTS: &str = r#"rules ants {
  players none
  piece placed 1..4 { at: cell, facing: dir }
  input {
    n, m: 1..5, k: 1..4
    board n by m
    pieces k: at from 1, facing as right | left | up | down from 1 bracketed
  }
  output answer
  turn {
    stop if any p in pieces: any q in pieces: p < q and p.at == q.at
    for p in pieces {
      let t = step(p.at, p.facing)
      if t == off { p.facing = opposite(p.facing) } else { p.at = t }
    }
  }
  solve simulate limit 500
}
scenario "two ants" {
  game ants
  board [[0, 0, 0, 0, 0]]
  piece 1 at (0, 0) facing right
  piece 2 at (0, 4) facing left
  solve
  expect answer 3
}
"#;

#[test]
fn exported_zero_records_and_bracketed_pieces_validate_and_read_back() {
    let dir = temp_dir("judge-lines");
    for (name, game, want, answer) in [
        ("walls", WALLS, "2 2 0\n2 2\n", "2\n"),
        ("ants", ANTS, "1 5 2\n[1, 1, 1] [1, 5, 2]\n", "3\n"),
    ] {
        let file = format!("{name}.game");
        std::fs::write(dir.join(&file), game).unwrap();
        let out = format!("out-{name}");
        let o = meeple_in(&dir, &["export", "--judge", &out, &file], &[]);
        assert!(o.status.success(), "{:?}", text(&o));
        let input = format!("{out}/{name}/001.in");
        assert_eq!(std::fs::read_to_string(dir.join(&input)).unwrap(), want);
        let o = meeple_in(
            &dir,
            &["validate", "--game", name, "--rules", &file, &input],
            &[],
        );
        assert_eq!(text(&o), (format!("{input}: ok\n"), String::new()));
        let o = meeple_in(
            &dir,
            &["answer", "--game", name, "--rules", &file, &input],
            &[],
        );
        assert_eq!(text(&o).0, answer, "{:?}", text(&o));
    }
}

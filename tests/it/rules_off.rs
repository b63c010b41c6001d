//! What `off` (no cell) gives in expressions (docs/rules-language.md,
//! *Expressions*): `forward(off, d)` is `-(rows + cols)`, below every cell's
//! along every direction, and `off` compares below every cell.

use meeple::pipeline::{run_bytes, Outcome, RunConfig};

const OFF: &str = r#"rules offs {
  players none
  layer w: bool
  legend { ".": }
  var f: -100..100 = 0
  var below: bool = false, before: bool = false
  turn {
    f = forward(off, up-left)
    below = all d in dir: all c in cells: forward(off, d) < forward(c, d)
    before = all c in cells: off < c and c > (7, -7)
    stop
  }
  solve simulate limit 2
}
"#;

#[test]
fn forward_of_off_is_below_every_cells_and_off_compares_first() {
    for (board, f) in [("  . . .\n  . . .\n", -5), (". . . .\n", -5), (".\n", -2)] {
        let text = format!(
            "{OFF}scenario \"s\" {{\n  game offs\n  board {{\n{board}  }}\n  step\n  show\n}}\n"
        );
        let run = run_bytes("off.game", text.as_bytes(), &RunConfig::default());
        let out = crate::common::shown(&run);
        assert!(matches!(run.outcome, Outcome::Ran(_)), "{out}");
        assert!(
            out.contains(&format!("f = {f}\nbelow = true\nbefore = true")),
            "{board}: {out}"
        );
    }
}

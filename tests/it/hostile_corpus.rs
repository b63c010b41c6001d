//! Issue 19's hostile inputs at full size (up to the 16 MiB file cap),
//! generated rather than committed: each board form over and just under the
//! cell cap, judge inputs of every game, a million statements, a 2M-square
//! track, 16 MiB of comment, brackets, string or digits, many scenarios,
//! a million judge pieces, boards of bad cells, giant names and blank lines.
//! Shared by `tests/it/hostile.rs` (outcomes) and `benches/hardening.rs`
//! (time and memory).

use meeple::error::Code;

/// One hostile input: a name, the text, and the code it is refused with
/// (`None`: accepted by `meeple check`).
pub struct Hostile {
    pub name: &'static str,
    pub text: String,
    pub refused: Option<Code>,
}

const MIB16: usize = 16 << 20;

fn grid(rows: usize, cols: usize, cell: &str, sep: &str) -> String {
    let row = vec![cell; cols].join(sep);
    let mut s = String::with_capacity(rows * (row.len() + 1));
    for _ in 0..rows {
        s.push_str(&row);
        s.push('\n');
    }
    s
}

fn array(rows: usize, cols: usize, cell: &str) -> String {
    let row = format!("[{}]", vec![cell; cols].join(","));
    format!("[{}]", vec![row; rows].join(","))
}

fn scenario(body: &str) -> String {
    format!("scenario \"s\" {{\n{body}}}\n")
}

const PIECES: &str = "  piece 1 at (0, 0) facing right\n  piece 2 at (0, 5) facing right\n";

/// Every hostile input, in the order the bench prints them.
pub fn corpus() -> Vec<Hostile> {
    use Code::*;
    let h = |name, text: String, refused| Hostile {
        name,
        text,
        refused,
    };
    let board = |rows| {
        scenario(&format!(
            "  game stacking\n  board {{\n{}  }}\n{PIECES}  solve\n",
            grid(rows, 2048, "0", "")
        ))
    };
    let board_array = |rows| {
        scenario(&format!(
            "  game stacking\n  board {}\n{PIECES}  solve\n",
            array(rows, 2048, "0")
        ))
    };
    let footholds = |rows| {
        scenario(&format!(
            "  game footholds\n  input \"\"\"{} [0,0] [0,1]\"\"\"\n  solve\n",
            array(rows, 2048, "1")
        ))
    };
    let stacking = |n| {
        scenario(&format!(
            "  game stacking\n  input \"\"\"{n} 2\n{}1 1 1\n1 5 1\n\"\"\"\n  solve\n",
            grid(n, n, "0", " ")
        ))
    };
    let squares: Vec<String> = (1..=2_000_000).map(|i| i.to_string()).collect();
    vec![
        h("grid 2049 x 2048", board(2049), Some(BoardTooLarge)),
        h("grid 2048 x 2048", board(2048), None),
        h("array 2049 x 2048", board_array(2049), Some(BoardTooLarge)),
        h("array 2048 x 2048", board_array(2048), None),
        h(
            "footholds input 2049 x 2048",
            footholds(2049),
            Some(BoardTooLarge),
        ),
        h("footholds input 2048 x 2048", footholds(2048), None),
        h("stacking input N = 2049", stacking(2049), Some(NumberRange)),
        h("stacking input N = 2048", stacking(2048), None),
        h(
            "yut input of 8M rolls",
            scenario(&format!(
                "  game yut\n  input \"\"\"{}\"\"\"\n  solve\n",
                "1 ".repeat(MIB16 / 2 - 100)
            )),
            Some(SourceTooMany),
        ),
        h(
            "yut input of 1M rolls",
            scenario(&format!(
                "  game yut\n  input \"\"\"{}\"\"\"\n",
                "1 ".repeat(1 << 20)
            )),
            None,
        ),
        h(
            "1M `show` statements",
            scenario(&format!(
                "  game footholds\n  board [[1, 1]]\n{}",
                "  show\n".repeat(1_000_000)
            )),
            Some(SourceTooMany),
        ),
        h(
            "1M `rule` statements",
            scenario(&format!(
                "  game footholds\n{}",
                "  rule origin 0\n".repeat(1_000_000)
            )),
            Some(SourceTooMany),
        ),
        h(
            "400k scenarios",
            (0..400_000)
                .map(|i| format!("scenario \"s{i}\" {{\n  game footholds\n}}\n"))
                .collect(),
            Some(SourceTooMany),
        ),
        h(
            "8M dice rolls",
            scenario(&format!(
                "  game yut\n  dice {}\n  solve\n",
                "1 ".repeat(8_000_000)
            )),
            Some(SourceTooMany),
        ),
        h(
            "`line` with 8M numbers",
            scenario(&format!(
                "  game stacking\n  line {}\n",
                "1 ".repeat(8_000_000)
            )),
            Some(SourceTooMany),
        ),
        h(
            "a 2M-square track",
            format!(
                "track t {{\n  route start {} finish\n}}\n{}",
                squares.join(" "),
                scenario("  game yut\n  board t\n  dice 1 2 3\n  solve\n")
            ),
            Some(SourceTooMany),
        ),
        h(
            "16 MiB comment",
            format!(
                "#{}\n{}",
                "x".repeat(MIB16 - 100),
                scenario("  game footholds\n")
            ),
            None,
        ),
        h(
            "16 MiB of `(`",
            scenario(&format!(
                "  game footholds\n  piece A at {}\n",
                "(".repeat(MIB16 - 100)
            )),
            Some(Parse),
        ),
        h(
            "16 MiB of `[`",
            scenario(&format!(
                "  game footholds\n  board {}\n",
                "[".repeat(MIB16 - 100)
            )),
            Some(Parse),
        ),
        h(
            "a number of 10^7 digits",
            scenario(&format!(
                "  game footholds\n  expect answer {}\n",
                "9".repeat(10_000_000)
            )),
            Some(NumberRange),
        ),
        h(
            "a 16 MiB scenario name",
            format!(
                "scenario \"{}\" {{\n  game footholds\n}}\n",
                "a".repeat(MIB16 - 100)
            ),
            None,
        ),
        h(
            "a 16 MiB `expect` value",
            scenario(&format!(
                "  game footholds\n  expect answer \"{}\"\n",
                "x".repeat(MIB16 - 100)
            )),
            Some(ExpectValue),
        ),
        h(
            "stacking input of 1M pieces",
            scenario(&format!(
                "  game stacking\n  input \"\"\"1024 {}\n{}{}\"\"\"\n  solve\n",
                1 << 20,
                grid(1024, 1024, "0", " "),
                (0..1usize << 20)
                    .map(|i| format!("{} {} 1\n", i / 1024 + 1, i % 1024 + 1))
                    .collect::<String>()
            )),
            None,
        ),
        h(
            "stacking input N = 2048, every cell bad",
            stacking(2048).replace(" 0", " 7"),
            Some(BoardCell),
        ),
        h(
            "stacking input N = 2048, CRLF",
            stacking(2048).replace('\n', "\r\n"),
            None,
        ),
        h(
            "array 2048 x 2048, every cell bad",
            scenario(&format!(
                "  game stacking\n  board {}\n{PIECES}  solve\n",
                array(2048, 2048, "7")
            )),
            Some(BoardCell),
        ),
        h(
            "footholds input of one 4M-cell row",
            scenario(&format!(
                "  game footholds\n  input \"\"\"{} [0,0] [0,1]\"\"\"\n  solve\n",
                array(1, 1 << 22, "1")
            )),
            None,
        ),
        h(
            "footholds input 2048 x 2048, last cell `x`",
            footholds(2048).replacen("1]] [0,0]", "x]] [0,0]", 1),
            Some(InputFormat),
        ),
        h(
            "footholds input 2048 x 2048, a coordinate out of range",
            footholds(2048).replacen("[0,1]", "[0,99999999999999999999]", 1),
            Some(NumberRange),
        ),
        h(
            "16 MiB of `[` in a judge input",
            scenario(&format!(
                "  game footholds\n  input \"\"\"{}\"\"\"\n",
                "[".repeat(MIB16 - 100)
            )),
            Some(InputFormat),
        ),
        h(
            "a 16 MiB piece name",
            scenario(&format!(
                "  game footholds\n  board [[1, 1]]\n  piece {} at (0, 0)\n",
                "A".repeat(MIB16 - 100)
            )),
            Some(PieceName),
        ),
        h(
            "16 MiB of emoji in a comment",
            format!(
                "#{}\n{}",
                "\u{1F600}".repeat((MIB16 - 100) / 4),
                scenario("  game footholds\n")
            ),
            None,
        ),
        h(
            "a 16 MiB string of words",
            scenario(&format!(
                "  game footholds\n  expect answer \"{}\"\n",
                "ab ".repeat((MIB16 - 100) / 3)
            )),
            Some(ExpectValue),
        ),
        h(
            "196k `piece` statements",
            scenario(&format!(
                "  game footholds\n  board [[1, 1]]\n{}",
                "  piece A at (0, 0)\n".repeat(196_000)
            )),
            Some(PieceDuplicate),
        ),
        h(
            "250k `piece` statements (over the statement cap)",
            scenario(&format!(
                "  game footholds\n  board [[1, 1]]\n{}",
                "  piece A at (0, 0)\n".repeat(250_000)
            )),
            Some(SourceTooMany),
        ),
        h(
            "16 MiB of `{`",
            scenario(&format!("  game footholds\n{}", "{".repeat(MIB16 - 100))),
            Some(ParseUnterminated),
        ),
        h(
            "16 MiB of blank CRLF lines",
            scenario(&format!(
                "  game footholds\n{}",
                "\r\n".repeat((MIB16 - 100) / 2)
            )),
            None,
        ),
    ]
}

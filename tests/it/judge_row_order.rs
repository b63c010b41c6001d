//! `rows R of C numbers LO..HI increasing | distinct` (docs/rules-language.md,
//! *Judge input*): AtCoder DP K's `a1 < … < aN` row. A row that breaks it
//! reads but is not exported; `meeple gen` draws such rows over the whole
//! range of n (finding F6); other boards refuse the words.

use crate::common::{meeple_in, temp_dir, text};
use meeple::error::Code;
use meeple::pipeline::{run_bytes, Outcome, RunConfig};

/// /tmp/setter6/dpk/dpk.game, its `require all c in cells: c.col == 0 or
/// amount[(0, c.col - 1)] < amount[c]` now `increasing` on the row.
const DPK: &str = r#"rules dpk {
  players First Second
  board grid
  param k: 1..100000 = 1
  layer amount: 1..100000
  var pile: 0..100000 = k
  legend {
    number n: amount[here] = n
  }
  turn {
    choose c in cells where amount[c] <= pile
    pile -= amount[c]
  }
  input {
    n: 1..100, k: 1..100000
    rows 1 of n numbers 1..k increasing
  }
  output answer
  solve outcome
}
"#;

fn scenario(name: &str, input: &str, answer: &str) -> String {
    format!("scenario \"{name}\" {{\n  game dpk\n  input \"\"\"\n{input}\"\"\"\n  solve\n  expect answer {answer}\n}}\n")
}

#[test]
fn export_skips_a_row_that_is_not_increasing_naming_why() {
    let dir = temp_dir("row-order-export");
    let file = [
        DPK.to_string(),
        scenario("sample 4", "3 20\n1 2 3\n", "Second"),
        scenario("unsorted", "3 20\n2 1 3\n", "Second"),
        scenario("repeated", "3 20\n1 3 3\n", "Second"),
    ]
    .concat();
    std::fs::write(dir.join("k.game"), file).unwrap();
    // Read and solved as written: meeple goes beyond the judge.
    let o = meeple_in(&dir, &["test", "k.game"], &[]);
    assert!(o.status.success(), "{:?}", text(&o));
    let o = meeple_in(
        &dir,
        &["export", "--judge", "out", "--game", "dpk", "k.game"],
        &[],
    );
    let (out, err) = text(&o);
    let all = format!("{out}{err}");
    assert_eq!(
        std::fs::read_to_string(dir.join("out/001.in")).unwrap(),
        "3 20\n1 2 3\n"
    );
    assert!(!dir.join("out/002.in").exists(), "{all}");
    for why in [
        "unsorted (dpk): beyond the judge's limits: row 1, column 2 is 1, not above 2 before it; the judge's rows are increasing",
        "repeated (dpk): beyond the judge's limits: row 1, column 3 is 3, not above 3 before it",
    ] {
        assert!(all.contains(why), "{why}: {all}");
    }
    // `--beyond-limits` writes them as read.
    let o = meeple_in(
        &dir,
        &[
            "export",
            "--judge",
            "all",
            "--game",
            "dpk",
            "--beyond-limits",
            "k.game",
        ],
        &[],
    );
    assert!(o.status.success(), "{:?}", text(&o));
    assert_eq!(
        std::fs::read_to_string(dir.join("all/002.in")).unwrap(),
        "3 20\n2 1 3\n"
    );
}

#[test]
fn gen_writes_long_increasing_rows_that_test_passes() {
    // F6: `--n 20..100` was `meeple::gen::unsatisfied` with the `require`.
    let dir = temp_dir("row-order-gen");
    std::fs::write(dir.join("k.game"), DPK).unwrap();
    let args = [
        "gen",
        "dpk",
        "--rules",
        "k.game",
        "--count",
        "6",
        "--seed",
        "1",
        "--n",
        "60..100",
        "--k",
        "100..1000",
        "-o",
        "a.game",
        "--judge",
        "j",
    ];
    let o = meeple_in(&dir, &args, &[]);
    assert!(o.status.success(), "{:?}", text(&o));
    for i in 1..=6 {
        let input = std::fs::read_to_string(dir.join(format!("j/{i:03}.in"))).unwrap();
        let w: Vec<i64> = input
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        let (n, k) = (w[0], w[1]);
        assert!(
            (60..=100).contains(&n) && w.len() as i64 == n + 2,
            "{input}"
        );
        assert!(w[2] >= 1 && w[w.len() - 1] <= k, "{input}");
        assert!(w[2..].windows(2).all(|p| p[0] < p[1]), "{input}");
    }
    let o = meeple_in(&dir, &["test", "a.game"], &[]);
    assert!(o.status.success(), "{:?}", text(&o));
}

#[test]
fn increasing_or_distinct_on_chars_or_cells_rows_is_refused_on_the_word() {
    let row = "rows 1 of n numbers 1..k increasing";
    let cases = [
        (
            "rows 1 of n chars increasing",
            "increasing",
            "not a `chars` board",
            "use it after `rows R of C numbers LO..HI`",
        ),
        (
            "rows 1 of n cells number 1..k distinct",
            "distinct",
            "not a `cells` board",
            "use it after `rows R of C numbers LO..HI`",
        ),
        (
            "rows 1 of n numbers 1..k increasing distinct",
            "distinct",
            "already `distinct`",
            "keep one",
        ),
    ];
    for (with, at, msg, help) in cases {
        let src = DPK.replace(row, with);
        let r = run_bytes("f.game", src.as_bytes(), &RunConfig::default());
        let Outcome::Invalid(diags) = &r.outcome else {
            panic!("valid: {}", crate::common::shown(&r));
        };
        assert!(
            diags.iter().any(|d| d.code == Code::RulesInput
                && d.span().is_some_and(|s| &src[s.range()] == at)
                && d.message.contains(msg)),
            "{with}: {diags:?}"
        );
        let shown = crate::common::shown(&r);
        assert!(shown.contains(&format!("help: {help}")), "{shown}");
    }
    // `distinct` is still a name elsewhere: a number read after the rows.
    let named = DPK.replace(
        "numbers 1..k increasing\n",
        "numbers 1..k increasing\n    distinct: 1..3\n",
    );
    let r = run_bytes("f.game", named.as_bytes(), &RunConfig::default());
    assert!(
        matches!(r.outcome, Outcome::Ran(_)),
        "{}",
        crate::common::shown(&r)
    );
}

//! `rows R of C numbers LO..HI increasing | distinct`: read (a row that
//! breaks it is beyond the limits), drawn by `meeple gen` directly (AtCoder
//! DP K's `a1 < … < aN`, finding F6), refused on other boards.

use super::draw::RulesShape;
use super::read::{read, within};
use crate::error::Code;
use crate::games::rng::Rng;
use crate::games::rules::program::Program;
use crate::games::{GenShape, NotInstance};
use crate::syntax::ast::{Span, Spanned};
use std::collections::HashMap;
use std::sync::Arc;

fn program(src: &str) -> Arc<Program> {
    let (file, diags) = crate::syntax::parse(src);
    assert!(diags.is_empty(), "{diags:?}");
    let def = &file.rules[0];
    let decls = crate::games::rules::check(def).unwrap_or_else(|d| panic!("{d:?}"));
    Arc::new(crate::games::rules::compile::compile(def, decls))
}

/// AtCoder DP K (/tmp/setter6/dpk/dpk.game), its `require` replaced by
/// `increasing` on the row.
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

/// `ROW` in place of DP K's row (the rest as DPK).
fn dpk_with(row: &str) -> String {
    DPK.replace("rows 1 of n numbers 1..k increasing", row)
}

fn draws(shape: &RulesShape, seed: u64, count: u64) -> Vec<Vec<i64>> {
    (0..count)
        .map(|case| {
            let text = shape.draw(&mut Rng::for_case(seed, case)).input();
            text.split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect()
        })
        .collect()
}

#[test]
fn a_row_that_is_not_increasing_or_distinct_is_beyond_the_limits() {
    let prog = program(DPK);
    let items: Vec<String> = prog
        .input
        .as_ref()
        .unwrap()
        .items
        .iter()
        .map(|i| i.node.to_string())
        .collect();
    assert_eq!(items[1], "rows 1 of n numbers 1..k increasing");
    let text = |s: &str| Spanned::new(s.to_string(), Span::new(0, s.len()));
    assert_eq!(within(&prog, "3 21\n1 2 3\n"), Ok(()));
    // Read (meeple goes beyond the judge), but not an instance.
    let r = read(&prog, &text("3 21\n1 3 3\n"), None).unwrap();
    assert_eq!(
        r.beyond,
        ["row 1, column 3 is 3, not above 3 before it; the judge's rows are increasing"]
    );
    assert!(
        matches!(within(&prog, "3 21\n2 1 3\n"), Err(NotInstance::Limit(m)) if m.contains("column 2 is 1, not above 2"))
    );
    // `distinct`: any order, no value twice in a row (each row apart).
    let prog = program(&dpk_with("rows 2 of n numbers 1..k distinct"));
    assert_eq!(within(&prog, "3 21\n3 1 2\n1 2 3\n"), Ok(()));
    assert!(matches!(within(&prog, "3 21\n3 1 2\n2 1 2\n"),
        Err(NotInstance::Limit(m)) if m == "row 2 has 2 in columns 1 and 3; the judge's rows are distinct"));
    // The same on a bracketed row measured from its brackets.
    let src = dpk_with("rows 1 of n: 1..100 numbers 1..k increasing bracketed")
        .replace("n: 1..100, k: 1..100000", "k: 1..100000");
    let prog = program(&src);
    assert_eq!(within(&prog, "9\n[[1, 4, 9]]\n"), Ok(()));
    assert!(
        matches!(within(&prog, "9\n[[1, 9, 4]]\n"), Err(NotInstance::Limit(m)) if m.contains("increasing"))
    );
}

#[test]
fn gen_draws_dp_k_rows_over_the_whole_range_of_n() {
    // F6: with only a `require`, n never passed 5 in 300 draws.
    let shape = RulesShape::new(program(DPK), String::new(), &[]).unwrap();
    let rows = draws(&shape, 1, 300);
    let mut long = 0;
    for w in &rows {
        let (n, k) = (w[0], w[1]);
        assert_eq!(w.len() as i64, n + 2, "{w:?}");
        assert!(w[2] >= 1 && w[w.len() - 1] <= k, "{w:?}");
        assert!(w[2..].windows(2).all(|p| p[0] < p[1]), "{w:?}");
        long += usize::from(n > 50);
    }
    // n is uniform in 1..100: about 150 of 300 above 50.
    assert!(long >= 100, "{long} of 300 rows longer than 50");
    // `--n 20..100` is drawn too (it was unsatisfied).
    let shape = RulesShape::new(program(DPK), String::new(), &[("--n", "90..100")]).unwrap();
    assert!(draws(&shape, 2, 20)
        .iter()
        .all(|w| w[0] >= 90 && w[2..].windows(2).all(|p| p[0] < p[1])));
}

#[test]
fn small_rows_are_drawn_uniformly() {
    // Increasing: the C(4, 2) = 6 pairs of 1..4, each 2000 / 6 = 333.
    let src = dpk_with("rows 1 of 2 numbers 1..4 increasing")
        .replace("n: 1..100, k: 1..100000", "k: 1..1");
    let shape = RulesShape::new(program(&src), String::new(), &[]).unwrap();
    let mut seen: HashMap<Vec<i64>, u32> = HashMap::new();
    for w in draws(&shape, 3, 2000) {
        *seen.entry(w[1..].to_vec()).or_default() += 1;
    }
    assert_eq!(seen.len(), 6, "{seen:?}");
    assert!(seen.values().all(|&c| (250..=420).contains(&c)), "{seen:?}");
    // Distinct: the 4 * 3 = 12 ordered pairs, each 2000 / 12 = 167; a
    // value list draws from its values only.
    let src = dpk_with("rows 1 of 2 numbers 1 | 3 | 5 | 7 distinct")
        .replace("n: 1..100, k: 1..100000", "k: 1..1");
    let shape = RulesShape::new(program(&src), String::new(), &[]).unwrap();
    let mut seen: HashMap<Vec<i64>, u32> = HashMap::new();
    for w in draws(&shape, 4, 2000) {
        *seen.entry(w[1..].to_vec()).or_default() += 1;
    }
    assert_eq!(seen.len(), 12, "{seen:?}");
    assert!(
        seen.keys()
            .all(|p| p[0] != p[1] && p.iter().all(|v| v % 2 == 1)),
        "{seen:?}"
    );
    assert!(seen.values().all(|&c| (110..=230).contains(&c)), "{seen:?}");
}

#[test]
fn a_row_longer_than_its_range_is_refused() {
    let src =
        dpk_with("rows 1 of 4 numbers 1..3 distinct").replace("n: 1..100, k: 1..100000", "k: 1..1");
    let e = RulesShape::new(program(&src), String::new(), &[]).unwrap_err();
    assert_eq!(e.diag.code, Code::GenUnsatisfied);
    assert!(
        e.diag
            .message
            .contains("a row of 4 distinct values between 1 and 3"),
        "{}",
        e.diag.message
    );
    // DP K with k below n: those draws are redrawn, the others kept.
    let src = DPK.replace("k: 1..100000", "k: 1..5");
    let shape = RulesShape::new(program(&src), String::new(), &[]).unwrap();
    assert!(draws(&shape, 5, 50).iter().all(|w| w[0] <= w[1]));
}

#[test]
fn the_checker_refuses_increasing_and_distinct_together() {
    let codes = |src: &str| crate::games::rules::tests::codes(src);
    assert!(codes(DPK).is_empty());
    let both = dpk_with("rows 1 of n numbers 1..k increasing distinct");
    assert_eq!(codes(&both), [Code::RulesInput]);
}

//! The rules blocks of docs/rules-language.md parse; hostile nesting is
//! refused before pest; operators group by precedence.

use super::ast::*;
use crate::error::Code;
use crate::syntax::parse;

const DOC: &str = include_str!("../../../docs/rules-language.md");

/// Every fenced block of the doc that holds a `rules` block.
pub(crate) fn doc_blocks() -> Vec<&'static str> {
    DOC.split("```")
        .skip(1)
        .step_by(2)
        .filter(|b| b.contains("rules ") && b.contains('{'))
        .map(|b| b.trim_start_matches(|c: char| c != '\n'))
        .filter(|b| b.trim_start().starts_with('#') || b.trim_start().starts_with("rules"))
        .collect()
}

#[test]
fn every_rules_block_of_the_doc_parses() {
    let blocks = doc_blocks();
    assert!(blocks.len() >= 4, "{}", blocks.len());
    for b in blocks {
        let (file, diags) = parse(b);
        assert!(diags.is_empty(), "{b}\n{diags:?}");
        assert_eq!(file.rules.len(), 1, "{b}");
        let turn = file.rules[0]
            .parts
            .iter()
            .any(|p| matches!(p.node, Part::Turn(_)));
        assert!(turn, "{b}");
    }
}

fn turn_of(src: &str) -> Block {
    let (file, diags) = parse(src);
    assert!(diags.is_empty(), "{diags:?}");
    file.rules[0]
        .parts
        .iter()
        .find_map(|p| match &p.node {
            Part::Turn(b) => Some(b.clone()),
            _ => None,
        })
        .expect("a turn")
}

#[test]
fn operators_group_by_precedence() {
    let t = turn_of("rules g { players solo\n turn { let x = 1 + 2 * 3 == 7 and not a or b } }");
    let StmtKind::Let(_, e) = &t[0].kind else {
        panic!()
    };
    // ((1 + (2 * 3)) == 7 and not a) or b
    let ExprKind::Binary(BinOp::Or, l, _) = &e.kind else {
        panic!("{e:?}")
    };
    let ExprKind::Binary(BinOp::And, eq, n) = &l.kind else {
        panic!()
    };
    assert!(matches!(n.kind, ExprKind::Unary(UnOp::Not, _)));
    let ExprKind::Binary(BinOp::Eq, sum, _) = &eq.kind else {
        panic!()
    };
    let ExprKind::Binary(BinOp::Add, _, m) = &sum.kind else {
        panic!()
    };
    assert!(matches!(m.kind, ExprKind::Binary(BinOp::Mul, _, _)));
    // `not` takes a comparison: not (a == b)
    let t = turn_of("rules g { players solo\n turn { require not a == b } }");
    let StmtKind::Require(e) = &t[0].kind else {
        panic!()
    };
    assert!(
        matches!(&e.kind, ExprKind::Unary(UnOp::Not, x) if matches!(x.kind, ExprKind::Binary(BinOp::Eq, _, _)))
    );
}

#[test]
fn a_bare_end_then_an_if_are_two_statements() {
    let t = turn_of("rules g { players solo\n turn { win\n if x { stop } \n lose if y } }");
    assert_eq!(t.len(), 3);
    assert!(matches!(t[0].kind, StmtKind::End(EndWord::Win, None)));
    assert!(matches!(t[1].kind, StmtKind::If(..)));
    assert!(matches!(t[2].kind, StmtKind::End(EndWord::Lose, Some(_))));
}

#[test]
fn slices_and_indexes() {
    let t = turn_of(
        "rules g { players solo\n turn { a = xs[i..]; b = xs[..j]; c = xs[i..j]; d = xs[0] } }",
    );
    let slice = |k: usize| match &t[k].kind {
        StmtKind::Assign(_, _, e) => match &e.kind {
            ExprKind::Slice(_, lo, hi) => (lo.is_some(), hi.is_some()),
            _ => panic!(),
        },
        _ => panic!(),
    };
    assert_eq!(slice(0), (true, false));
    assert_eq!(slice(1), (false, true));
    assert_eq!(slice(2), (true, true));
    assert!(
        matches!(&t[3].kind, StmtKind::Assign(_, _, e) if matches!(e.kind, ExprKind::Index(..)))
    );
}

#[test]
fn deep_nesting_is_refused_before_pest_reads_it() {
    let nest = |n: usize| {
        format!(
            "rules g {{ players solo\n turn {{ let x = {}1{} }} }}",
            "(".repeat(n),
            ")".repeat(n)
        )
    };
    // The turn's braces are level 1: 31 parentheses inside are 32 levels.
    assert!(parse(&nest(31)).1.is_empty());
    let (_, d) = parse(&nest(32));
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code, Code::RulesNesting);
    let (_, d) = parse(&nest(1_000_000));
    assert_eq!(d[0].code, Code::RulesNesting);
    // A million `not`s: no recursion either.
    let nots = format!(
        "rules g {{ players solo\n turn {{ require {} true }} }}",
        "not ".repeat(1_000_000)
    );
    let (_, d) = parse(&nots);
    assert_eq!(d[0].code, Code::RulesNesting);
    // Statements.
    let many = format!(
        "rules g {{ players solo\n turn {{\n{}}} }}",
        "x = 1\n".repeat(5000)
    );
    let (_, d) = parse(&many);
    assert_eq!(d[0].code, Code::RulesNesting);
}

/// A flat chain of operators nests the tree as deep as it is long: 500
/// operators are read, 501 refused on the one too many; a chain of 200,000
/// (a probe's stack overflow in `check`, the REPL and the language server)
/// is refused as well.
#[test]
fn long_operator_chains_are_refused_before_they_nest_too_deep() {
    let chain = |n: usize| {
        format!(
            "rules g {{ players solo\n turn {{ let x = 1{} }} }}",
            " + 1".repeat(n)
        )
    };
    assert!(parse(&chain(500)).1.is_empty());
    let (_, d) = parse(&chain(501));
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code, Code::RulesNesting);
    let text = chain(501);
    let at = d[0].span().expect("a span").start();
    assert_eq!(&text[at..at + 1], "+");
    assert_eq!(text[..at].matches('+').count(), 500);
    let (_, d) = parse(&chain(200_000));
    assert_eq!(d[0].code, Code::RulesNesting);
}

#[test]
fn parse_errors_use_words_not_rule_names() {
    let (_, d) = parse("rules g { players solo\n turn { let = 3 } }");
    assert_eq!(d[0].code, Code::Parse);
    let text = format!("{d:?}");
    assert!(!text.contains("r_") && !text.contains("rw_"), "{text}");
}

#[test]
fn imports_are_read() {
    let (file, d) = parse("import \"lib/games.game\"\nscenario \"s\" { game g }");
    assert!(d.is_empty());
    assert_eq!(file.imports[0].path.node, "lib/games.game");
}

/// The smallest 64-bit number is written `-` before a literal one past the
/// largest: that is the number, not "too large"; one more is too large.
#[test]
fn the_smallest_number_is_read_and_one_past_it_is_too_large() {
    let text =
        |lo: &str| format!("rules g {{ players solo\n var x: {lo}..0 = 0\n turn {{ win }} }}");
    let (file, d) = parse(&text("-9223372036854775808"));
    assert!(d.is_empty(), "{d:?}");
    let shown = format!("{file:?}");
    assert!(shown.contains("-9223372036854775808"), "{shown}");
    let (_, d) = parse(&text("-9223372036854775809"));
    assert_eq!(d[0].code, Code::NumberRange);
    let (_, d) = parse(&text("9223372036854775808"));
    assert_eq!(d[0].code, Code::NumberRange);
}

/// The statement cap counts the parsed block, not its lines: an `else if`
/// chain of 2,100 branches (2,101 statements and 4 parts) passes on one
/// line and as `meeple fmt` lays it out; 4,100 statements fail on one line
/// as on many, on the statement one past the cap.
#[test]
fn the_statement_cap_does_not_depend_on_the_layout() {
    let chain = |n: usize, sep: &str| {
        let mut s = String::from(
            "rules g {\n  players solo\n  board none\n  var x: 0..10 = 0\n  turn {\n    if false {",
        );
        for _ in 0..n {
            s.push_str(&format!("{sep}x += 1{sep}}} else if false {{"));
        }
        s.push_str(&format!("{sep}x += 1{sep}}}\n  }}\n}}\n"));
        s
    };
    for sep in [" ", "\n"] {
        let (file, d) = parse(&chain(2100, sep));
        assert!(d.is_empty(), "{sep:?}: {d:?}");
        assert_eq!(file.rules.len(), 1);
        let (_, d) = parse(&chain(4100, sep));
        assert_eq!(d.len(), 1, "{sep:?}: {d:?}");
        assert_eq!(d[0].code, Code::RulesNesting);
        assert!(
            d[0].message.contains("more than 4096 statements"),
            "{}",
            d[0].message
        );
    }
    // Many statements on one line, separated by `;`, count each.
    let flat = format!(
        "rules g {{ players solo\n turn {{ {} }} }}",
        "x = 1; ".repeat(5000)
    );
    let (_, d) = parse(&flat);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].code, Code::RulesNesting);
}

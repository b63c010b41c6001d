use super::ast::*;
use super::*;

fn ok(text: &str) -> File {
    let (file, diags) = parse(text);
    assert!(diags.is_empty(), "unexpected diagnostics: {diags:?}");
    file
}

fn codes(text: &str) -> Vec<&'static str> {
    parse(text).1.iter().map(|d| d.code.as_str()).collect()
}

#[test]
fn first_script_parses_with_spans() {
    let text = "# c\nscenario \"k1\" {\n  game footholds\n  board {\n    1 1 1\n    1 0 1 # hole\n  }\n  piece A at (1, 0)\n  solve\n  expect answer 5\n}\n";
    let f = ok(text);
    let s = &f.scenarios[0];
    assert_eq!(s.name.node, "k1");
    assert_eq!(s.stmts.len(), 5);
    match &s.stmts[1].node {
        Stmt::Board(BoardSrc::Grid { rows, .. }) => {
            assert_eq!(rows.len(), 2);
            assert_eq!(rows[1].len(), 3);
            let zero = &rows[1][1];
            assert_eq!(zero.node, '0');
            assert_eq!(&text[zero.span.start..zero.span.end], "0");
        }
        other => panic!("{other:?}"),
    }
    match &s.stmts[2].node {
        Stmt::Piece { id, at, facing } => {
            assert_eq!(id.node, PieceId::Name("A".into()));
            assert_eq!(at.node, Coord { row: 1, col: 0 });
            assert_eq!(&text[at.span.start..at.span.end], "(1, 0)");
            assert!(facing.is_none());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_statement_form_parses() {
    let text = r#"
track t { route start 2 a=3 finish
  shortcut 2 b=5 finish }
scenario "all" {
  game yut
  rule pieces 4
  board [[1, 0], [1, 1]]
  board t
  piece 3 at (0, 1) facing left
  dice 1 2 3
  dice uniform 1..5 x 10
  input """1 2
3"""
  input "1 2"
  solve line line boards line 20 analyze show
  play A up play A to (1, 2) play piece 2
  step step 5 undo
  expect answer 5 expect winner A expect expected 203.112029 expect f 1/3 expect n "x\"y"
  expect answer -1
}"#;
    let f = ok(text);
    assert_eq!(f.tracks.len(), 1);
    assert_eq!(f.tracks[0].lines.len(), 2);
    assert!(f.tracks[0].lines[1].shortcut);
    assert_eq!(f.tracks[0].lines[0].squares[2].name, "a");
    assert_eq!(f.tracks[0].lines[0].squares[2].score, Some(3));
    let kw: Vec<_> = f.scenarios[0].stmts.iter().map(|s| s.keyword()).collect();
    assert_eq!(
        kw,
        [
            "game", "rule", "board", "board", "piece", "dice", "dice", "input", "input", "solve",
            "line", "line", "line", "analyze", "show", "play", "play", "play", "step", "step",
            "undo", "expect", "expect", "expect", "expect", "expect", "expect"
        ]
    );
    match &f.scenarios[0].stmts[11].node {
        Stmt::Query(q) => assert!(q.boards),
        o => panic!("{o:?}"),
    }
    match &f.scenarios[0].stmts[7].node {
        Stmt::Input(s) => {
            assert_eq!(s.node, "1 2\n3");
            assert_eq!(&text[s.span.start..s.span.end], "1 2\n3");
        }
        o => panic!("{o:?}"),
    }
}

#[test]
fn parse_errors_speak_in_words() {
    let (_, d) = parse("scenario \"x\" {\n game footholds\n piece A at 1, 0\n}");
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code.as_str(), "meeple::parse");
    assert!(
        d[0].message.contains("a coordinate like (1, 2)"),
        "{}",
        d[0].message
    );
    assert!(!d[0].message.contains("coord "), "{}", d[0].message);
}

#[test]
fn errors_in_two_scenarios_are_both_reported() {
    let text = "scenario \"a\" {\n piece A at (1,)\n}\nscenario \"b\" {\n game footholds\n}\nscenario \"c\" {\n dice uniform 1..x\n}\n";
    let (f, d) = parse(text);
    assert_eq!(d.len(), 2, "{d:?}");
    assert_eq!(f.scenarios.len(), 1);
    assert_eq!(f.scenarios[0].name.node, "b");
}

#[test]
fn overflow_unterminated_and_escapes_are_coded() {
    assert_eq!(
        codes("scenario \"x\" { dice 99999999999999999999999 }"),
        ["meeple::number::range"]
    );
    assert_eq!(
        codes("scenario \"x { game yut }"),
        ["meeple::parse::unterminated"]
    );
    assert_eq!(
        codes("scenario \"x\" { input \"\"\"1 2 3 }"),
        ["meeple::parse::unterminated"]
    );
    assert_eq!(
        codes("scenario \"a\\qb\" { game yut }"),
        ["meeple::parse::escape"]
    );
}

#[test]
fn deep_braces_are_a_plain_parse_error() {
    let text = format!("scenario \"x\" {}", "{".repeat(200_000));
    let (_, d) = parse(&text);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code.as_str(), "meeple::parse");
    let text = format!("scenario \"x\" {{ board {} }}", "[".repeat(200_000));
    assert!(!parse(&text).1.is_empty());
}

#[test]
fn invalid_utf8_points_at_the_byte() {
    let bytes = b"scenario \"x\xff\" { }";
    let (lossy, d) = decode(bytes).unwrap_err();
    assert_eq!(d.code.as_str(), "meeple::parse::utf8");
    assert_eq!(d.span().unwrap().start, 11);
    assert!(lossy.contains('\u{FFFD}'));
}

#[test]
fn judge_inputs_parse_with_file_offsets() {
    let j = judge_coords("[[1, 1, 1], [1, 1, 1]]\t[1, 0]  [1, 2]", 100).unwrap();
    assert_eq!(j.rows.len(), 2);
    assert_eq!(j.a.node, Coord { row: 1, col: 0 });
    assert_eq!(j.b.span.start, 100 + 31);
    let ints = judge_ints("1 2\n 3", 10).unwrap();
    assert_eq!(ints.iter().map(|i| i.node).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(ints[2].span, Span::new(15, 16));
    let e = judge_ints("1 x", 0).unwrap_err();
    assert_eq!(e[0].code.as_str(), "meeple::input::format");
}

#[test]
fn repl_input_takes_statements_and_blocks() {
    let items = parse_repl("game footholds board { 1 1 } solve").unwrap();
    assert_eq!(items.len(), 3);
    assert!(matches!(items[2], ReplItem::Stmt(ref s) if s.keyword() == "solve"));
    let items = parse_repl("scenario \"x\" { game yut } track t { route start 1 finish }").unwrap();
    assert!(matches!(items[0], ReplItem::Scenario(_)));
    assert!(matches!(items[1], ReplItem::Track(_)));
    let e = parse_repl("piece A at (1,").unwrap_err();
    assert_eq!(e[0].code.as_str(), "meeple::parse");
}

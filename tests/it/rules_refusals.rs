//! Rules programs that used to run with a silently wrong meaning and are
//! now refused on the exact span (found by a hostile newcomer's probe):
//! dice with no faces or too many, `len` and its kin of one value, a piece
//! named `me`.

use meeple::error::Code;
use meeple::pipeline::{run_bytes, RunConfig};

fn invalid(text: &str) -> Vec<(Code, String, String)> {
    crate::common::invalid_in("r.game", text)
}

/// A one-player game rolling `roll` (its words) once, scoring the face.
fn rolling(roll: &str, scenario: &str) -> String {
    format!(
        "rules d {{\n  players solo\n  board none\n  param a: -9..9 = 1, b: -9..9 = 6\n  var v: 0..1 = 0\n  turn {{\n    stop if v == 1\n    {roll}\n    score += r\n    v = 1\n  }}\n  solve max score\n}}\n\nscenario \"s\" {{\n  game d\n{scenario}  solve\n}}\n"
    )
}

/// `roll r in 6..1` answered `expected 6` (one face, the low end); a
/// die of 2^63 faces answered 0 (its count wrapped).
#[test]
fn a_constant_die_with_no_faces_or_too_many_is_refused_on_its_range() {
    for (range, words) in [
        ("6..1", "has no faces"),
        ("0..9223372036854775807", "9223372036854775808 faces"),
        ("1..1000001", "1000001 faces"),
    ] {
        let ds = invalid(&rolling(&format!("roll r in {range}"), ""));
        assert_eq!(ds.len(), 1, "{range}: {ds:?}");
        let (code, at, text) = &ds[0];
        assert_eq!(*code, Code::RulesBound, "{range}: {text}");
        assert_eq!(at, range);
        assert!(text.contains(words), "{range}: {text}");
    }
    // The largest die meeple rolls is fine.
    let run = run_bytes(
        "r.game",
        rolling("roll r in 1..1000000", "").as_bytes(),
        &RunConfig::default(),
    );
    let out = crate::common::shown(&run);
    assert!(out.contains("expected score 500000.500000"), "{out}");
}

/// A scenario's `dice uniform 6..1 x 1` answered 6 as well.
#[test]
fn a_scenarios_uniform_dice_with_no_faces_or_too_many_are_refused() {
    for (dice, words) in [
        ("dice uniform 6..1 x 1", "no faces"),
        ("dice uniform 0..2000000 x 1", "2000001 faces"),
        ("dice uniform 1..6 x -1", "cannot be negative"),
    ] {
        let ds = invalid(&rolling("roll r in 1..6", &format!("  {dice}\n")));
        assert_eq!(ds.len(), 1, "{dice}: {ds:?}");
        assert_eq!(ds[0].0, Code::DiceRange, "{dice}: {ds:?}");
        assert!(ds[0].2.contains(words), "{dice}: {ds:?}");
    }
}

/// A die whose ends are params is checked when it is rolled.
#[test]
fn a_die_of_params_with_no_faces_is_a_run_time_error() {
    let text = rolling("roll r in a..b", "  rule a 6\n  rule b 1\n");
    let out = crate::common::shown(&run_bytes("r.game", text.as_bytes(), &RunConfig::default()));
    assert!(out.contains("meeple::rules::run"), "{out}");
    assert!(out.contains("the die 6..1 has no faces"), "{out}");
    let text = rolling("roll r in a..b", "  rule a 2\n  rule b 4\n");
    let out = crate::common::shown(&run_bytes("r.game", text.as_bytes(), &RunConfig::default()));
    assert!(out.contains("expected score 3.000000"), "{out}");
}

/// `len(3)`, `index(3, 3)`, `contains(3, 3)` and `reverse(3)` gave 0, -1,
/// false and 3.
#[test]
fn len_index_contains_and_reverse_of_one_value_are_type_errors() {
    for (expr, f) in [
        ("len(y)", "len"),
        ("index(y, 3)", "index"),
        ("if contains(y, 3) then 1 else 0", "contains"),
        ("len(reverse(y))", "reverse"),
        ("len(up)", "len"),
    ] {
        let text = format!(
            "rules t {{\n  players none\n  board none\n  var y: 0..3 = 3, z: -9..9 = 9\n  turn {{\n    z = {expr}\n  }}\n  solve simulate limit 1\n}}\n"
        );
        let ds = invalid(&text);
        assert!(
            ds.iter().any(|(c, at, t)| *c == Code::RulesType
                && (at == "y" || at == "up")
                && t.contains(&format!("`{f}` takes a list"))),
            "{expr}: {ds:?}"
        );
    }
    // Lists and sets are still fine.
    let text = "rules t {\n  players none\n  var y: list of 0..3 max 3 = [1, 2], z: -9..99 = 9\n  turn {\n    z = len(y) + len(cells) + len(orthogonal) + index(y, 2) + len(reverse(y))\n  }\n  solve simulate limit 1\n}\n\nscenario \"s\" {\n  game t\n  board [[0, 0]]\n  step\n  show\n}\n";
    let out = crate::common::shown(&run_bytes("t.game", text.as_bytes(), &RunConfig::default()));
    assert!(!out.contains("meeple::"), "{out}");
    assert!(out.contains("z = 11"), "{out}");
}

/// `piece A, B, me` made `me.at` mean the piece, not the mover.
#[test]
fn a_piece_or_var_named_me_or_opponent_is_refused() {
    for decl in [
        "piece A, B, me { at: cell }",
        "piece A, B, opponent { at: cell }",
        "var me: 0..1 = 0\n  piece A, B { at: cell }",
    ] {
        let text = format!(
            "rules g {{\n  players A B\n  {decl}\n  turn {{\n    choose d in orthogonal where step(A.at, d) != off\n    A.at = step(A.at, d)\n  }}\n  solve outcome\n}}\n"
        );
        let ds = invalid(&text);
        let name = if decl.contains("opponent") {
            "opponent"
        } else {
            "me"
        };
        assert!(
            ds.iter().any(|(c, at, t)| *c == Code::RulesDuplicate
                && at == name
                && t.contains("is a built-in name")),
            "{decl}: {ds:?}"
        );
    }
}

/// `piece 1 at (0, 0) with k 2, k 3` kept the last value silently, as
/// `with at (0, 1)` after `at (0, 0)` did.
#[test]
fn a_field_given_twice_to_one_piece_is_refused() {
    let game = "rules p {\n  players solo\n  piece placed 1..3 { at: cell, k: 0..3 }\n  legend {\n    \".\":\n  }\n  turn { stop }\n  solve longest\n}\n";
    for (piece, again) in [
        ("piece 1 at (0, 0) with k 2, k 3", "k"),
        ("piece 1 at (0, 0) with at (0, 1)", "at"),
    ] {
        let text = format!("{game}\nscenario \"s\" {{\n  game p\n  board {{\n    . .\n  }}\n  {piece}\n  show\n}}\n");
        let ds = invalid(&text);
        assert_eq!(ds.len(), 1, "{piece}: {ds:?}");
        let (code, at, words) = &ds[0];
        assert_eq!(*code, Code::RuleDuplicate, "{piece}: {words}");
        assert_eq!(at, again, "{piece}: {words}");
        assert!(
            words.contains(&format!("field `{again}` of piece `1`")),
            "{words}"
        );
    }
}

/// A one-player game on a 3x4 board whose turn scores `expr` once.
fn scoring(expr: &str) -> String {
    format!(
        "rules g {{\n  players solo\n  param k: 0..9 = 1\n  var v: 0..1 = 0\n  turn {{\n    stop if v == 1\n    score += {expr}\n    v = 1\n  }}\n  solve max score\n}}\n\nscenario \"s\" {{\n  game g\n  board {{\n    . . . .\n    . . . .\n    . . . .\n  }}\n  solve\n}}\n"
    )
}

/// `lines(1)` listed each cell four times (once per way a line runs), and
/// `lines(0)` was silently empty; `lanes` of a diagonal or `none` gave the
/// columns as `up` does.
#[test]
fn lines_of_one_cell_list_each_cell_once_and_lines_or_lanes_of_no_way_are_refused() {
    for (expr, want) in [
        ("len(lines(k))", "answer 12"),
        ("len(lines(2))", "answer 29"),
        ("len(lines(5))", "answer 0"),
        ("len(lanes(up))", "answer 4"),
        ("len(lanes(left))", "answer 3"),
    ] {
        let out = crate::common::shown(&run_bytes(
            "r.game",
            scoring(expr).as_bytes(),
            &RunConfig::default(),
        ));
        assert!(out.contains(want), "{expr}: {out}");
    }
    for (expr, words) in [
        (
            "len(lines(k - 1))",
            "`lines(0)`: a line has at least one cell",
        ),
        (
            "len(lanes(up-right))",
            "`lanes(up-right)`: a board has lanes only",
        ),
        ("len(lanes(none))", "`lanes(none)`"),
    ] {
        let out = crate::common::shown(&run_bytes(
            "r.game",
            scoring(expr).as_bytes(),
            &RunConfig::default(),
        ));
        assert!(out.contains("meeple::rules::run"), "{expr}: {out}");
        assert!(out.contains(words), "{expr}: {out}");
    }
}

/// A `var` default outside its domain (a list longer than its `max`) was
/// told on the scenario's `solve`, as if the turn had computed it: now on
/// the declaration's name, saying it is the default.
#[test]
fn a_default_outside_its_domain_is_told_on_the_declaration() {
    let text = "rules d {\n  players solo\n  board none\n  var v: list of 0..3 max 2 = [1, 2, 3]\n  turn { stop }\n  solve longest\n}\nscenario \"s\" {\n  game d\n  solve\n}\n";
    let out = crate::common::shown(&run_bytes("r.game", text.as_bytes(), &RunConfig::default()));
    assert!(out.contains("meeple::rules::run"), "{out}");
    assert!(out.contains("the default of `v`"), "{out}");
    assert!(out.contains("r.game:4:7"), "{out}");
}

/// `piece 1 at (-1, 0)` was "no value of field `at`" with a help offering
/// `off`, which the statement cannot take: now "off the board", with the
/// rows and columns of the board in the scenario's numbering.
#[test]
fn a_piece_placed_off_the_board_is_told_so_with_the_boards_rows_and_columns() {
    let text = "rules p {\n  players solo\n  piece placed 1..3 { at: cell }\n  legend {\n    \".\":\n  }\n  turn { stop }\n  solve longest\n}\nscenario \"s\" {\n  game p\n  board {\n    . .\n  }\n  rule origin 1\n  piece 1 at (0, 1)\n  solve\n}\n";
    let ds = invalid(text);
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert_eq!(ds[0].0, Code::RulesValue, "{ds:?}");
    assert_eq!(ds[0].1, "(0, 1)", "{ds:?}");
    assert!(ds[0].2.contains("`(0, 1)` is off the 1x2 board"), "{ds:?}");
    assert!(ds[0].2.contains("rows 1..1 and columns 1..2"), "{ds:?}");
    assert!(!ds[0].2.contains("`off`"), "{ds:?}");
}

/// `let ñame = 1` got only "expected a name": the help now names the
/// letter names cannot take.
#[test]
fn a_name_with_a_letter_outside_ascii_is_told_which_letter() {
    let text = "rules g {\n  players solo\n  board none\n  turn {\n    let ñame = 1\n    stop\n  }\n  solve longest\n}\n";
    let ds = invalid(text);
    assert_eq!(ds[0].0, Code::Parse, "{ds:?}");
    assert!(ds[0].2.contains("`ñ` is not one of them"), "{ds:?}");
}

/// `list of list of …` was taken as a state type, but state keeps one
/// value a slot: `push v, [1, 2]` then `len(v[0])` gave 0. Now refused on
/// the inner list; and `set v [[1], [2, 3]]`, which was "expected a
/// statement", says lists in a value do not nest.
#[test]
fn a_list_of_lists_in_state_or_in_a_set_value_is_refused_on_the_inner_list() {
    let text = "rules d {\n  players none\n  var v: list of list of 0..3 max 2 max 3\n  layer l: list of list of bool max 1 max 1\n  turn {\n    push v, [1, 2]\n    print len(v[0])\n    stop\n  }\n  solve simulate limit 1\n}\n";
    let ds = invalid(text);
    assert_eq!(ds.len(), 2, "{ds:?}");
    for (d, at) in ds.iter().zip(["list of 0..3 max 2", "list of bool max 1"]) {
        assert_eq!(d.0, Code::RulesType, "{ds:?}");
        assert_eq!(d.1, at, "{ds:?}");
        assert!(d.2.contains("a list's items cannot be lists"), "{ds:?}");
    }
    for set in ["set v [[1], [2, 3]]", "set v [1, [2]]"] {
        let text = format!("scenario \"s\" {{\n  game footholds\n  {set}\n  solve\n}}\n");
        let ds = invalid(&text);
        assert_eq!(ds[0].0, Code::Parse, "{ds:?}");
        assert_eq!(ds[0].1, "[", "{ds:?}");
        assert!(
            ds[0].2.contains("a list in a value cannot hold lists"),
            "{ds:?}"
        );
    }
}

/// A piece with no `cell` field could not be set by a scenario (`piece 1
/// with pos 6` was "expected `at`"), nor a cell piece placed off the
/// board: `piece N with …` alone now sets the fields it names, and the
/// piece is placed (present) with the others at their defaults.
#[test]
fn a_piece_given_with_fields_alone_is_placed_with_them() {
    let text = "rules r {\n  players solo\n  board none\n  piece placed 1..3 { pos: 0..6, on: bool = true }\n  turn {\n    choose p in pieces where p.pos > 0 and p.on\n    p.pos -= 1\n  }\n  solve longest\n}\nscenario \"s\" {\n  game r\n  piece 1 with pos 6\n  piece 2 with pos 2, on false\n  solve\n  expect answer 6\n}\n";
    let out = crate::common::shown(&run_bytes("r.game", text.as_bytes(), &RunConfig::default()));
    assert!(out.contains("answer 6"), "{out}");
    assert!(!out.contains("meeple::"), "{out}");
    let off = "rules p {\n  players solo\n  piece placed 1..3 { at: cell }\n  legend {\n    \".\":\n  }\n  turn {\n    choose q in pieces where q.at == off\n    q.at = (0, 0)\n  }\n  solve longest\n}\nscenario \"s\" {\n  game p\n  board {\n    .\n  }\n  piece 1 with at off\n  piece 2 at (0, 0)\n  piece 3 with at off\n  solve\n  expect answer 2\n}\n";
    let out = crate::common::shown(&run_bytes("r.game", off.as_bytes(), &RunConfig::default()));
    assert!(out.contains("answer 2"), "{out}");
    assert!(!out.contains("meeple::"), "{out}");
    // The built-in games still take `at` only.
    let ds = invalid("scenario \"s\" {\n  game footholds\n  board {\n    . .\n  }\n  piece A with at (0, 0)\n  piece B at (0, 1)\n  solve\n}\n");
    assert_eq!(ds[0].0, Code::StmtWrongGame, "{ds:?}");
}

/// A legend key of two characters (`"#x"`, meant `"#" "x"`) matched no
/// cell and a key listed twice silently kept its first entry: both are
/// refused on the key, the duplicate with its first place.
#[test]
fn a_legend_key_no_cell_can_match_or_listed_twice_is_refused() {
    let legend = |entries: &str| {
        format!("rules r {{\n  players none\n  layer on: bool\n  legend {{\n{entries}  }}\n  turn {{ stop }}\n  solve simulate limit 3\n}}\n")
    };
    let ds = invalid(&legend("    \".\": on[here] = false\n    \"#x\" \"01\": on[here] = true\n    \"12\" \"-3\" \"é\":\n"));
    assert_eq!(ds.len(), 2, "{ds:?}");
    assert!(ds.iter().all(|d| d.0 == Code::RulesLegend), "{ds:?}");
    assert_eq!(
        (ds[0].1.as_str(), ds[1].1.as_str()),
        ("\"#x\"", "\"01\""),
        "{ds:?}"
    );
    assert!(ds[0].2.contains("list them: \"#\" \"x\""), "{ds:?}");
    let ds = invalid(&legend("    \"0\":\n    \".\" \"0\": on[here] = true\n"));
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert_eq!(ds[0].0, Code::RulesDuplicate, "{ds:?}");
    assert!(ds[0].2.contains("the legend lists \"0\" twice"), "{ds:?}");
    assert!(ds[0].2.contains("first here"), "{ds:?}");
}

/// Two vars declared `near | far` were two types ("expected near | far,
/// found near | far" on `w = f`), and a layer and a piece field of the
/// same colours could not be compared: the same names in the same order
/// are now one type; a name in two different enumerations is refused on
/// its second listing.
#[test]
fn enumerations_listing_the_same_names_share_a_type_and_a_name_in_two_differing_is_refused() {
    let text = "rules r {\n  players solo\n  board none\n  var f: near | far = near, w: near | far = near\n  turn {\n    choose x in 0..1\n    if x == 1 { w = f }\n    f = far\n    win if w == far\n  }\n  solve shortest within 5\n}\nscenario \"s\" {\n  game r\n  solve\n  expect answer 2\n}\n";
    let out = crate::common::shown(&run_bytes("r.game", text.as_bytes(), &RunConfig::default()));
    assert!(out.contains("answer 2"), "{out}");
    assert!(!out.contains("meeple::"), "{out}");
    let ds = invalid("rules r {\n  players solo\n  board none\n  var a: white | red = red, b: red | green = green\n  turn { stop }\n  solve longest\n}\n");
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert_eq!(ds[0].0, Code::RulesDuplicate, "{ds:?}");
    assert_eq!(ds[0].1, "red", "{ds:?}");
    assert!(
        ds[0]
            .2
            .contains("`red` is a value of another enumeration, `white | red`"),
        "{ds:?}"
    );
}

/// `win if count x in cells where mark[x] == me >= 3` read the `>= 3`
/// into the condition: the error on the count ran onto the next line and
/// said only that a bool was wanted. Now on the count alone, saying how
/// far the condition runs and how to write the comparison.
#[test]
fn an_aggregates_condition_taking_the_comparison_is_told_so_on_its_line() {
    let text = "rules r {\n  players A B\n  layer mark: player\n  legend { \".\": }\n  turn {\n    choose c in cells where mark[c] == nobody\n    mark[c] = me\n    win if count x in cells where mark[x] == me >= 3\n    let t = 1\n  }\n  solve outcome\n}\n";
    let ds = invalid(text);
    assert_eq!(ds[0].0, Code::RulesType, "{ds:?}");
    assert_eq!(
        ds[0].1, "count x in cells where mark[x] == me >= 3",
        "{ds:?}"
    );
    assert!(
        ds[0].2.contains("write `(count x in S where C) >= 3`"),
        "{ds:?}"
    );
}

/// Direction sets may stand in several enumerations (their values are
/// read by `directions`/`neighbours`, not compared): the check that a name
/// belongs to one enumeration leaves them be.
#[test]
fn a_direction_set_may_stand_in_two_enumerations() {
    let hoods = "rules h {\n  players solo\n  param a: orthogonal | king = king\n  param b: orthogonal | diagonal = diagonal\n  layer seen: bool\n  legend { \".\": }\n  piece R { at: cell }\n  turn {\n    choose d in directions(a) where step(R.at, d) != off and not seen[step(R.at, d)]\n    require len(neighbours(R.at, b)) >= 0\n    seen[R.at] = true\n    R.at = step(R.at, d)\n  }\n  solve longest\n}\nscenario \"s\" {\n  game h\n  board {\n    . .\n    . .\n  }\n  piece R at (0, 0)\n  solve\n  expect answer 3\n}\n";
    let out = crate::common::shown(&run_bytes(
        "h.game",
        hoods.as_bytes(),
        &RunConfig::default(),
    ));
    assert!(out.contains("answer 3"), "{out}");
    assert!(!out.contains("meeple::"), "{out}");
}

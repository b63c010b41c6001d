//! Rules expressions nested without brackets (`if … then`, `sum i in …:`,
//! `all …`, `list of …`) or chained (`q[0..][0..]…`): a probe's stack
//! overflow (exit 134) from about 6,000 levels in `check`, `fmt`, the REPL
//! and the language server. Each kind, 100,000 levels deep, is one
//! `meeple::rules::nesting` diagnostic, on a small stack (bounded by depth).

use meeple::error::Code;

const HEAD: &str =
    "rules g {\n  players solo\n  board none\n  var x: 0..10 = 0\n  turn {\n    choose d in 1..2\n";
const TAIL: &str = "    win if x >= 5\n  }\n  solve shortest within 10\n}\nscenario \"s\" {\n  game g\n  solve\n}\n";

/// The probe's generator (`gen.py KIND N`): one statement nested `n` deep.
fn deep(kind: &str, n: usize) -> String {
    let body = match kind {
        "ifelse" => format!(
            "x += {}d{}\n",
            "if true then ".repeat(n),
            " else 1".repeat(n)
        ),
        "elsenest" => format!("x += {}d\n", "if false then 1 else ".repeat(n)),
        "idx" => format!("let q = [1,2]\nx += d + q{}[0]\n", "[0..]".repeat(n)),
        "field" => format!("let q = [1,2]\nx += d + len(q{})\n", ".f".repeat(n)),
        "sum" => format!("x += {}d\n", "sum i in 0..0: ".repeat(n)),
        "max" => format!("x += {}d\n", "max i in 0..0: ".repeat(n)),
        "all" => format!(
            "x += if {}true then d else 1\n",
            "all i in 0..0: ".repeat(n)
        ),
        "find" => format!("x += {}d\n", "find i in 0..0 where ".repeat(n)),
        // Over lines: each line goes on with the one above.
        "lines" => format!(
            "x += {}d{}\n",
            "if true then\n".repeat(n),
            "\nelse 1".repeat(n)
        ),
        "type" => format!(
            "var y: {}bool{} = []\n",
            "list of ".repeat(n),
            " max 2".repeat(n)
        ),
        _ => unreachable!(),
    };
    format!("{HEAD}{body}{TAIL}")
}

const KINDS: [&str; 10] = [
    "ifelse", "elsenest", "idx", "field", "sum", "max", "all", "find", "lines", "type",
];

/// `f` on a 1 MiB stack: what it needs does not grow with the depth.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .expect("no stack overflow")
}

#[test]
fn every_deep_kind_is_refused_in_check_fmt_and_the_language_server() {
    for kind in KINDS {
        let text = deep(kind, 100_000);
        let t = text.clone();
        let (check, fmt, ide) = on_small_stack(move || {
            let check = meeple::pipeline::check_text(&t).err().map(|d| d[0].code);
            let fmt = meeple::format::format_source("deep.game", &t)
                .err()
                .map(|d| d.diags()[0].code);
            let a = meeple::ide::Analysis::new(&t);
            let ide = a.diagnostics().first().map(|d| d.code);
            // Completion and hover deep inside answer, or not, without recursing.
            let mid = t.len() / 2;
            let _ = a.completions(mid);
            let answers = a.answers(&meeple::limits::Limits::default());
            let _ = a.hover(mid, &answers);
            (check, fmt, ide)
        });
        assert_eq!(check, Some(Code::RulesNesting), "check {kind}");
        assert_eq!(fmt, Some(Code::RulesNesting), "fmt {kind}");
        assert_eq!(ide, Some(Code::RulesNesting), "ide {kind}");
    }
}

#[test]
fn the_refusal_is_at_the_first_level_too_deep() {
    // The turn's braces are level 1 and its statement's `x +=` none: the
    // 32nd `if` is level 33.
    for (kind, word) in [
        ("ifelse", "if"),
        ("sum", "sum"),
        ("max", "max"),
        ("all", "all"),
        ("type", "of"),
    ] {
        let text = deep(kind, 40);
        let d = meeple::pipeline::check_text(&text).err().expect(kind);
        assert_eq!(d[0].code, Code::RulesNesting, "{kind}");
        let at = d[0].span().unwrap();
        assert_eq!(&text[at.start()..at.end()], word, "{kind}");
    }
    // Shallow ones still check: 20 levels of each.
    for kind in KINDS
        .into_iter()
        .filter(|k| !matches!(*k, "field" | "type"))
    {
        let text = deep(kind, 20);
        assert!(
            !matches!(meeple::pipeline::check_text(&text), Err(d) if d.iter().any(|d| d.code == Code::RulesNesting)),
            "{kind}"
        );
    }
}

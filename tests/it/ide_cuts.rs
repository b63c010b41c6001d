//! The language server on every cut of a rules file (what an editor holds
//! while it is typed): completion and hover never panic. A probe's panic
//! (`end byte index 22 is out of bounds`, the server exiting 101) was a
//! declaration's span running past a block cut short.

use meeple::ide::{Analysis, Answers};

/// Completion and hover at each offset of `offsets` in `text`.
fn ask(text: &str, offsets: impl Iterator<Item = usize>) -> usize {
    let a = Analysis::new(text);
    let none = Answers::default();
    let mut asked = 0;
    for at in offsets.filter(|&at| text.is_char_boundary(at)) {
        let _ = a.completions(at);
        let _ = a.hover(at, &none);
        let _ = meeple::ide::complete_in_rules(text, at);
        asked += 1;
    }
    asked
}

/// Every cut of `text` at a character boundary.
fn cuts(text: &str) -> impl Iterator<Item = &str> {
    (0..=text.len())
        .filter(|&n| text.is_char_boundary(n))
        .map(|n| &text[..n])
}

#[test]
fn the_probes_cuts_answer_at_every_byte() {
    let probes = [
        "rules g { var x: 0..1",
        "rules g {\n  layer pile: list of bool max 10\n  l",
        "rules g {\n  players solo\n  var x: 0..3 = 1\n  param p: 1..2 = 2\n  turn {\n    choose d in 1..p\n    x = min(3, x + d)\n    win if x == 3\n  }\n  solve shortest within 4\n}\n",
    ];
    let mut asked = 0;
    for text in probes {
        for cut in cuts(text) {
            asked += ask(cut, 0..=cut.len());
            // And with the rest of the line blank, as an editor may hold it.
            asked += ask(&format!("{cut}\n"), 0..=cut.len() + 1);
        }
    }
    assert!(asked > 20_000, "{asked}");
}

#[test]
fn every_cut_of_the_rules_scripts_answers_around_its_end() {
    let mut asked = 0;
    for entry in std::fs::read_dir("scripts/rules").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "game") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for cut in cuts(&text) {
            // Every byte of the cut's last line (where the text ends short).
            let line = cut.rfind('\n').unwrap_or(0);
            asked += ask(cut, line..=cut.len());
        }
    }
    assert!(asked > 20_000, "{asked}");
}

//! The prelude's judge formats against the native codecs: on generated
//! positions of each built-in game, the text the native codec writes is
//! read by the prelude script's `input { … }` to the same start, and the
//! format writes it back byte for byte.

use super::read::read;
use super::write::write;
use crate::games::rng::Rng;
use crate::games::rules::setup::{start, ScenarioInput};
use crate::games::rules::state::Dice;
use crate::games::{game, GameKind};
use crate::syntax::ast::{Span, Spanned};

fn no_files(_: &str) -> Result<Vec<(String, String)>, crate::games::OptionError> {
    Ok(Vec::new())
}

/// What a judge text read as `r` starts, written back by the format (a
/// track game without a board on the standard track).
fn written_back(
    prog: &std::sync::Arc<crate::games::rules::program::Program>,
    r: &super::read::Read,
) -> Result<String, String> {
    let board = r.board.clone().unwrap_or_else(|| {
        crate::games::rules::setup::BoardInput::Track(std::sync::Arc::new(
            crate::games::yut::standard_track(),
        ))
    });
    let input = ScenarioInput {
        marks: Vec::new(),
        board: board.clone(),
        pieces: r.pieces.clone(),
        sets: r.sets.clone(),
        rules: r.rules.clone(),
        dice: r.dice.clone().unwrap_or(Dice::None),
    };
    let (inst, s) = start(prog.clone(), &input).map_err(|_| "no start".to_string())?;
    write(&inst, &s, &board)
}

#[test]
fn the_preludes_formats_read_and_write_what_the_native_codecs_do() {
    for kind in [GameKind::Footholds, GameKind::Yut, GameKind::Stacking] {
        let prog = crate::games::prelude::program(kind).expect("a prelude script");
        let shape = game(kind).gen_shape(&[], &no_files).expect("default shape");
        for case in 0..300 {
            let p = shape.draw(&mut Rng::for_case(31, case));
            let text = p.input();
            let spanned = Spanned::new(text.clone(), Span::new(0, text.len()));
            let r =
                read(&prog, &spanned, None).unwrap_or_else(|d| panic!("{kind} {text:?}: {d:?}"));
            assert!(r.beyond.is_empty(), "{kind} {text:?}: {:?}", r.beyond);
            let back = written_back(&prog, &r).unwrap_or_else(|e| panic!("{kind} {text:?}: {e}"));
            assert_eq!(back, text, "{kind}: written back");
        }
    }
}

#[test]
fn a_stacking_input_places_the_pieces_it_lists_with_their_directions() {
    let prog = crate::games::prelude::program(GameKind::Stacking).unwrap();
    let text = "4 4\n0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n2 1 1\n3 2 3\n2 2 1\n4 1 2\n";
    let r = read(
        &prog,
        &Spanned::new(text.into(), Span::new(0, text.len())),
        None,
    )
    .unwrap();
    let placed: Vec<(String, String, String)> = r
        .pieces
        .iter()
        .map(|p| {
            (
                p.name.node.clone(),
                p.at.as_ref().unwrap().node.to_string(),
                p.facing.as_ref().unwrap().node.clone(),
            )
        })
        .collect();
    let want = [
        ("1", "(1, 0)", "right"),
        ("2", "(2, 1)", "up"),
        ("3", "(1, 1)", "right"),
        ("4", "(3, 0)", "left"),
    ];
    let want: Vec<(String, String, String)> = want
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect();
    assert_eq!(placed, want);
    assert_eq!(r.rules.len(), 0, "n and k are the format's own names");
}

/// Every judge input of the built-in games pasted in the repository's
/// scripts and language docs (the judge samples and variants users wrote):
/// the prelude format reads it to the start whose judge text is the one the
/// native codec writes for it.
#[test]
fn the_preludes_formats_read_every_pasted_input_as_the_native_codecs_do() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts: Vec<(String, String)> = Vec::new();
    for dir in ["scripts/footholds", "scripts/yut", "scripts/stacking"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "game") {
                let text = std::fs::read_to_string(&path).unwrap();
                texts.push((path.display().to_string(), text));
            }
        }
    }
    let docs = std::fs::read_to_string(root.join("docs/language.md")).unwrap();
    for (i, block) in docs.split("```game\n").skip(1).enumerate() {
        let body = block.split("```").next().unwrap_or("");
        texts.push((format!("docs/language.md block {i}"), body.to_string()));
    }
    let mut checked = [0usize; 3];
    for (name, text) in &texts {
        let (file, _) = crate::syntax::parse(text);
        for sc in &file.scenarios {
            let kind = sc.stmts.iter().find_map(|s| match &s.node {
                crate::syntax::ast::Stmt::Game(g) => match g.node.as_str() {
                    "footholds" => Some(GameKind::Footholds),
                    "yut" => Some(GameKind::Yut),
                    "stacking" => Some(GameKind::Stacking),
                    _ => None,
                },
                _ => None,
            });
            let Some(kind) = kind else { continue };
            for s in &sc.stmts {
                let crate::syntax::ast::Stmt::Input { text: input, .. } = &s.node else {
                    continue;
                };
                let Ok(native) = game(kind).read_judge(&input.node) else {
                    continue; // an example of a refused input
                };
                let prog = crate::games::prelude::program(kind).expect("a prelude script");
                let spanned = Spanned::new(input.node.clone(), Span::new(0, input.node.len()));
                let r = read(&prog, &spanned, None)
                    .unwrap_or_else(|d| panic!("{name}: {kind} {:?}: {d:?}", input.node));
                let back = written_back(&prog, &r)
                    .unwrap_or_else(|e| panic!("{name}: {kind} {:?}: {e}", input.node));
                assert_eq!(back, native.input(), "{name}: {kind} {:?}", input.node);
                checked[kind as usize] += 1;
            }
        }
    }
    assert!(checked.iter().all(|&n| n >= 2), "{checked:?}");
}

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
            let board = r.board.clone().unwrap_or_else(|| {
                crate::games::rules::setup::BoardInput::Track(std::sync::Arc::new(
                    crate::games::yut::standard_track(),
                ))
            });
            let input = ScenarioInput {
                board: board.clone(),
                pieces: r.pieces.clone(),
                sets: r.sets.clone(),
                rules: r.rules.clone(),
                dice: r.dice.clone().unwrap_or(Dice::None),
            };
            let Ok((inst, s)) = start(prog.clone(), &input) else {
                panic!("{kind} {text:?}: no start")
            };
            let back = write(&inst, &s, &board).unwrap_or_else(|e| panic!("{kind}: {e}"));
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

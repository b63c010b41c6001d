//! The slim model of two-player rules games (`alphabeta_slim`) against the
//! interpreter on random programs of one `choose` between random scalar
//! statements: at random positions the closures' turn (when they run it)
//! is the interpreter's with the positions made slim, slim keys are equal
//! exactly when the full keys are, and `score` and `outcome` give the same
//! values on the slim and the full positions.

use super::super::super::model::{Model, Turn};
use super::super::super::state::State;
use super::super::alphabeta_slim::{Slim, Thin};
use super::super::key::Keyer;
use super::super::{alphabeta, outcome::Outcome, score::Score};
use super::simulate_flat::{compiled, Gen};
use crate::budget::Budget;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

fn program(r: &mut StdRng) -> String {
    let mut g = Gen {
        r,
        locals: Vec::new(),
        fresh: 0,
    };
    let mut before = String::new();
    if g.r.gen_bool(0.7) {
        g.block(1, false, &mut before);
    }
    let set = match g.r.gen_range(0..3) {
        0 => "[0, 1, 2]".to_string(),
        1 => format!("0..({}) % 4", g.int(1)),
        _ => "cells".to_string(),
    };
    g.locals.push("d".into());
    let cond = if g.r.gen_bool(0.6) {
        format!(" where {}", g.cond(1))
    } else {
        String::new()
    };
    let mut after = String::new();
    g.block(2, false, &mut after);
    let (s1, s2) = (g.int(1), g.int(1));
    let end = match g.r.gen_range(0..4) {
        0 => format!("win if {}\n", g.cond(1)),
        1 => format!("lose if {}\n", g.cond(1)),
        _ => String::new(),
    };
    format!(
        "rules g {{\n players A B\n layer h: 0..9\n var a: 0..50 = 3, b: -20..20 = 0, t: 0..9 = 5\n \
         legend {{\n  number n: h[here] = n\n }}\n turn {{\n stop if t == 0\n t -= 1\n{before}\
         choose d in {set}{cond}\n{after}if me == A {{ score += {s1} }} else {{ score -= {s2} }}\n\
         {end} }}\n solve score\n}}\n"
    )
}

#[test]
fn slim_positions_search_as_the_full_ones() {
    let mut r = StdRng::seed_from_u64(30);
    let (mut programs, mut fast, mut plain) = (0, 0, 0);
    while programs < 200 {
        let src = program(&mut r);
        let rows: Vec<String> = (0..2)
            .map(|_| {
                (0..3)
                    .map(|_| char::from(b'0' + r.gen_range(0..10u8)))
                    .collect()
            })
            .collect();
        let Some((inst, s0)) = compiled(&src, &rows) else {
            continue;
        };
        programs += 1;
        let (slim, t0) = Slim::new(&inst, &s0).expect("a slim model");
        // Random walks: each turn both ways; keys equal alike.
        let (mut kf, mut ks) = (Keyer::new(), Keyer::new());
        let mut pairs: HashMap<_, _> = HashMap::new();
        let mut back: HashMap<_, _> = HashMap::new();
        for _ in 0..8 {
            let (mut s, mut t): (State, Thin) = (s0.clone(), t0.clone());
            for _ in 0..6 {
                let (a, b) = (kf.key(&inst, &s), ks.key(&slim, &t));
                assert_eq!(*pairs.entry(a.clone()).or_insert(b.clone()), b, "{src}");
                assert_eq!(*back.entry(b).or_insert(a), kf.key(&inst, &s), "{src}");
                let full = inst.turn_unnamed(&s).map_err(|e| e.message);
                let want = full.clone().map(|turn| match turn {
                    Turn::Ended { end, stuck } => format!("{end:?} {stuck}"),
                    Turn::Moves(n) => format!("{:?}", slim_of(&slim, n)),
                });
                match slim.fast(&t) {
                    Some(turn) => {
                        fast += 1;
                        let Turn::Moves(n) = turn else {
                            panic!("the closures end no turn")
                        };
                        assert_eq!(Ok(format!("{n:?}")), want, "{src}");
                    }
                    None => plain += 1,
                }
                let got = slim.turn_unnamed(&t).map_err(|e| e.message);
                let got = got.map(|turn| match turn {
                    Turn::Ended { end, stuck } => format!("{end:?} {stuck}"),
                    Turn::Moves(n) => format!("{n:?}"),
                });
                assert_eq!(got, want, "{src}");
                // On down a random leaf.
                let Ok(Turn::Moves(n)) = full else { break };
                let mut leaves = Vec::new();
                super::super::tree::leaves_of(n, &mut leaves).expect("no dice");
                let live: Vec<_> = leaves.into_iter().filter(|l| l.end.is_none()).collect();
                if live.is_empty() {
                    break;
                }
                let k = r.gen_range(0..live.len());
                let l = live.into_iter().nth(k).expect("a leaf");
                t = slim.thin_of(&l.next);
                s = l.next;
            }
        }
        // Whole searches, both ways.
        let b = Budget::unlimited();
        let full = alphabeta::value::<Score, _>(&inst, &s0, &b).map_err(|e| format!("{e:?}"));
        let thin = alphabeta::value::<Score, _>(&slim, &t0, &b).map_err(|e| format!("{e:?}"));
        assert_eq!(format!("{thin:?}"), format!("{full:?}"), "{src}");
        let full = alphabeta::value::<Outcome, _>(&inst, &s0, &b).map_err(|e| format!("{e:?}"));
        let thin = alphabeta::value::<Outcome, _>(&slim, &t0, &b).map_err(|e| format!("{e:?}"));
        assert_eq!(format!("{thin:?}"), format!("{full:?}"), "{src}");
    }
    assert!(
        fast > 300 && plain > 100,
        "{fast} turns by the closures, {plain} not"
    );
}

fn slim_of(
    slim: &Slim,
    n: super::super::super::model::Node<State>,
) -> super::super::super::model::Node<Thin> {
    use super::super::super::model::{Leaf, Node};
    match n {
        Node::Leaf(l) => Node::Leaf(Leaf {
            next: slim.thin_of(&l.next),
            reward: l.reward,
            end: l.end,
            printed: Vec::new(),
        }),
        Node::Choice(bs) => {
            Node::Choice(bs.into_iter().map(|(w, b)| (w, slim_of(slim, b))).collect())
        }
        Node::Chance(bs) => {
            Node::Chance(bs.into_iter().map(|(p, b)| (p, slim_of(slim, b))).collect())
        }
    }
}

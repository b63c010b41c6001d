//! The bytes `meeple gen` writes for a few seeds and options of each game,
//! pinned as digests: a refactoring of the generator (or of a game's
//! drawing, edge cases, declarations or filters) must not change them.

use super::*;

/// FNV-1a, 64 bits: a digest that needs no crate and never changes.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The runs pinned: game, shape options, `--where`, `--edge`, count, seed.
type Run = (
    GameKind,
    &'static [(&'static str, &'static str)],
    &'static [&'static str],
    bool,
    usize,
    u64,
);

const RUNS: [Run; 11] = [
    (GameKind::Footholds, &[], &[], false, 8, 1),
    (GameKind::Footholds, &[], &[], true, 14, 2),
    (
        GameKind::Footholds,
        &[("--rows", "2..4"), ("--cols", "3"), ("--holes", "0.1")],
        &["answer >= 3", "winner = A"],
        false,
        5,
        3,
    ),
    (GameKind::Yut, &[], &[], false, 8, 1),
    (GameKind::Yut, &[("--dice", "2..4")], &[], true, 8, 2),
    (
        GameKind::Yut,
        &[("--rolls", "6"), ("--pieces", "2")],
        &["answer > 40"],
        false,
        4,
        3,
    ),
    (
        GameKind::Yut,
        &[
            ("--track", "ladder"),
            ("--tracks", "scripts/yut/variants.game"),
            ("--rolls", "5"),
        ],
        &[],
        true,
        7,
        4,
    ),
    (GameKind::Stacking, &[], &[], false, 6, 1),
    (GameKind::Stacking, &[], &[], true, 8, 2),
    (
        GameKind::Stacking,
        &[
            ("--size", "4..6"),
            ("--pieces", "4..6"),
            ("--colors", "white=3,blue=1"),
            ("--stack", "3"),
            ("--mover", "bottom"),
            ("--limit", "none"),
        ],
        &["cycle = no"],
        true,
        6,
        3,
    ),
    (
        GameKind::Stacking,
        &[("--size", "4"), ("--pieces", "4"), ("--limit", "50")],
        &["turn != none"],
        false,
        4,
        5,
    ),
];

/// The digests of [`RUNS`]' files, taken from the generator before its
/// per-game parts moved into the games' folders.
const DIGESTS: [u64; 11] = [
    0x3cd2fdb9f44e498c,
    0x71361d6786514fad,
    0xb76cf18a73c50947,
    0x7ef0605a7d3db356,
    0x6b3a080694f6593d,
    0x1c2a91b738e25c81,
    0x1de2b05d9d6ab170,
    0x9e3d2687a47a6998,
    0x77018343b08da52c,
    0xf65aae3edec01dd0,
    0xd65e2a434ab05989,
];

#[test]
fn pinned_seeds_write_the_same_bytes() {
    let got: Vec<u64> = RUNS
        .iter()
        .map(|&(game, shape, conditions, edge, count, seed)| {
            let mut o = Options::new(game, shape, conditions).unwrap();
            o.edge = edge;
            let out = generate(&o, count, seed, &|_, _| {}).unwrap();
            assert_eq!(out.cases.len(), count);
            fnv(out.text.as_bytes())
        })
        .collect();
    let shown: Vec<String> = got.iter().map(|d| format!("{d:#018x}")).collect();
    assert_eq!(got, DIGESTS, "got [{}]", shown.join(", "));
}

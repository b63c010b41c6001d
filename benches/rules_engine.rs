//! The generic rules engine running the interpreted scripts of
//! `scripts/rules/` against the native solvers on the same positions, in
//! the same run: `cargo bench --bench rules_engine [-- NAME…]`.
//!
//! Rows: footholds (`steppingstones.game`) on 5x5 and 6x6 full boards with
//! corner starts and on judge-sized random boards (1..5 x 1..5, a quarter
//! holes, as `meeple gen footholds` draws them); yut (`dice_yut.game`) with
//! known dice (the samples, random rolls) and `dice uniform 1..5 x 10`;
//! stacking (`towers.game`) on the judge's samples and judge-sized random
//! 12x12 boards with 10 pieces run to the limit 1000; the card game
//! (`scripts/problems/card_game.game`, BOJ 11062) on 100 and 1000 cards
//! against an interval DP. Each row asserts that
//! both engines give the same answer. Names given after `--` keep only the
//! rows whose name contains one of them. Times are the best wall time of a
//! few runs on a shared machine; `states` are the generic engine's budget
//! ticks (positions expanded).

use std::sync::Arc;
use std::time::{Duration, Instant};

use meeple::budget::Budget;
use meeple::games::footholds::rules::{Position, Steps};
use meeple::games::footholds::search;
use meeple::games::rules::program::Program;
use meeple::games::rules::setup::{start, BoardInput, PieceInput, ScenarioInput, SetValue};
use meeple::games::rules::solve::{solve, Objective, Value};
use meeple::games::rules::state::{Dice, Instance, State};
use meeple::games::stacking::rules::{Colour, Dir, Mover, Setup, Sim};
use meeple::games::stacking::solve::{run, Outcome};
use meeple::games::yut::{best_score, expected_score, standard_track};
use meeple::source::{Span, Spanned};

/// The generic engine is stopped after this long (`RULES_BENCH_LIMIT`
/// seconds; 60 by default): the row says so.
fn limit() -> Duration {
    let secs = std::env::var("RULES_BENCH_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60);
    Duration::from_secs(secs)
}

/// The compiled rules block `name` of `scripts/rules/FILE`.
fn program(file: &str, name: &str) -> Arc<Program> {
    let path = format!("{}/scripts/rules/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the script");
    let (parsed, diags) = meeple::syntax::parse(&text);
    assert!(diags.is_empty(), "{path}: {diags:?}");
    let def = parsed
        .rules
        .iter()
        .find(|d| d.name.node == name)
        .expect("the rules block");
    let decls = meeple::games::rules::check(def).expect("the script checks");
    Arc::new(meeple::games::rules::compile::compile(def, decls))
}

fn sp<T>(v: T) -> Spanned<T> {
    Spanned::new(v, Span::default())
}

fn grid(rows: &[String]) -> BoardInput {
    BoardInput::Grid(rows.iter().map(|r| r.chars().map(sp).collect()).collect())
}

fn piece(name: &str, r: usize, c: usize, facing: Option<&str>) -> PieceInput {
    PieceInput {
        name: sp(name.to_string()),
        at: Some(sp(SetValue::Cell(r as i64, c as i64))),
        facing: facing.map(|f| sp(f.to_string())),
        with: Vec::new(),
    }
}

fn input(board: BoardInput, pieces: Vec<PieceInput>) -> ScenarioInput {
    ScenarioInput {
        marks: Vec::new(),
        board,
        pieces,
        sets: Vec::new(),
        rules: Vec::new(),
        dice: Dice::None,
    }
}

fn ms(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1e-3 {
        format!("{:.1} µs", s * 1e6)
    } else {
        format!("{:.1} ms", s * 1e3)
    }
}

/// Best wall time of `runs` (fewer once one takes over a second), the
/// budget's state count and the answer.
fn best<T>(runs: usize, mut f: impl FnMut(&Budget) -> T) -> (Duration, u64, T) {
    let mut out: Option<(Duration, u64, T)> = None;
    for _ in 0..runs {
        let b = Budget::new(None, Some(limit()));
        let t = Instant::now();
        let v = f(&b);
        let d = t.elapsed();
        let long = d > Duration::from_secs(1);
        if out.as_ref().is_none_or(|o| d < o.0) {
            out = Some((d, b.states(), v));
        }
        if long {
            break;
        }
    }
    out.expect("runs >= 1")
}

struct Row {
    case: String,
    answer: String,
    native: Duration,
    /// `None`: stopped at the time limit.
    generic: Option<Duration>,
    states: u64,
}

fn print(rows: &[Row]) {
    println!(
        "| case | answer | native | generic | generic/native | generic states |\n|---|---|---|---|---|---|"
    );
    for r in rows {
        let (g, ratio) = match r.generic {
            Some(g) => (
                ms(g),
                format!("{:.1}x", g.as_secs_f64() / r.native.as_secs_f64().max(1e-9)),
            ),
            None => (format!("stopped at {} s", limit().as_secs()), "-".into()),
        };
        println!(
            "| {} | {} | {} | {g} | {ratio} | {} |",
            r.case,
            r.answer,
            ms(r.native),
            r.states
        );
    }
}

/// A generic solve of the start `(inst, s)`.
fn generic(inst: &Instance, s: &State, obj: &Objective, b: &Budget) -> Option<Value> {
    solve(inst, s, obj, b).ok()
}

/// A small deterministic generator.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

// ------------------------------------------------------------- footholds

fn footholds_input(pos: &Position) -> ScenarioInput {
    let rows: Vec<String> = (0..pos.rows)
        .map(|r| {
            (0..pos.cols)
                .map(|c| {
                    if pos.cells[r * pos.cols + c] {
                        '1'
                    } else {
                        '0'
                    }
                })
                .collect()
        })
        .collect();
    input(
        grid(&rows),
        vec![
            piece("A", pos.a.0, pos.a.1, None),
            piece("B", pos.b.0, pos.b.1, None),
        ],
    )
}

/// One footholds position on both engines; `(native, generic, states,
/// answer)`.
fn footholds_one(
    prog: &Arc<Program>,
    pos: &Position,
    runs: usize,
) -> (Duration, Option<Duration>, u64, String) {
    let (nt, _, nv) = best(runs.max(5), |b| {
        let v = search::solve(pos, b).expect("native");
        (v.moves, v.mover_wins)
    });
    let (inst, s) = start(prog.clone(), &footholds_input(pos)).expect("a start");
    let (gt, states, gv) = best(runs, |b| generic(&inst, &s, &Objective::Moves, b));
    let Some(gv) = gv else {
        return (
            nt,
            None,
            states,
            format!("{}{}", nv.0, if nv.1 { "W" } else { "L" }),
        );
    };
    let Value::Moves { total, winner } = gv else {
        panic!("moves")
    };
    assert_eq!((total, winner == 0), nv, "the engines disagree on {pos:?}");
    (
        nt,
        Some(gt),
        states,
        format!("{total}{}", if winner == 0 { "W" } else { "L" }),
    )
}

fn footholds(rows: &mut Vec<Row>, keep: &dyn Fn(&str) -> bool) {
    let prog = program("steppingstones.game", "steppingstones");
    for (name, r, c) in [
        ("footholds 5x5 corners", 5, 5),
        ("footholds 6x6 corners", 6, 6),
    ] {
        if !keep(name) {
            continue;
        }
        let pos = Position::full(r, c, (0, 0), (r - 1, c - 1), Steps::Orthogonal);
        let (native, generic, states, answer) = footholds_one(&prog, &pos, 3);
        rows.push(Row {
            case: name.into(),
            answer,
            native,
            generic,
            states,
        });
    }
    let name = "footholds judge-sized x200";
    if keep(name) {
        // As `meeple gen footholds` draws them: 1..5 x 1..5, a quarter holes.
        let mut rng = Lcg(29);
        let (mut native, mut gen, mut states, mut worst) =
            (Duration::ZERO, Duration::ZERO, 0, Duration::ZERO);
        for _ in 0..200 {
            let (r, c) = (1 + rng.next(5) as usize, 1 + rng.next(5) as usize);
            let mut cells: Vec<bool> = (0..r * c).map(|_| rng.next(4) != 0).collect();
            let a = rng.next((r * c) as u64) as usize;
            let b = rng.next((r * c) as u64) as usize;
            cells[a] = true;
            cells[b] = true;
            let pos = Position {
                rows: r,
                cols: c,
                cells,
                a: (a / c, a % c),
                b: (b / c, b % c),
                to_move: meeple::games::footholds::rules::Player::A,
                steps: Steps::Orthogonal,
            };
            let (n, g, s, _) = footholds_one(&prog, &pos, 1);
            native += n;
            let g = g.expect("a judge-sized case within the limit");
            gen += g;
            states += s;
            worst = worst.max(g);
        }
        rows.push(Row {
            case: format!("{name} (worst generic case {})", ms(worst)),
            answer: "all equal".into(),
            native,
            generic: Some(gen),
            states,
        });
    }
}

// ------------------------------------------------------------------- yut

fn yut(rows: &mut Vec<Row>, keep: &dyn Fn(&str) -> bool) {
    let prog = program("dice_yut.game", "dice_yut");
    let track = Arc::new(standard_track());
    let p4 = vec![track.start(); 4];
    let mut rng = Lcg(17825);
    let mut cases: Vec<(String, Vec<u64>)> = vec![
        (
            "yut rolls 1 2 3 4 1 2 3 4 1 2".into(),
            vec![1, 2, 3, 4, 1, 2, 3, 4, 1, 2],
        ),
        ("yut rolls 5 5 5 5 5 5 5 5 5 5".into(), vec![5; 10]),
    ];
    let random: Vec<u64> = (0..10).map(|_| 1 + rng.next(5)).collect();
    cases.push((format!("yut random rolls {random:?}"), random));
    for (name, rolls) in cases {
        if !keep(&name) {
            continue;
        }
        let (native, _, nv) = best(20, |b| best_score(&track, &p4, &rolls, b).expect("native"));
        let mut inp = input(BoardInput::Track(track.clone()), Vec::new());
        inp.dice = Dice::Known(rolls.iter().map(|&r| r as i64).collect());
        let (inst, s) = start(prog.clone(), &inp).expect("a start");
        let (generic_t, states, gv) = best(5, |b| generic(&inst, &s, &Objective::Max, b));
        if let Some(gv) = &gv {
            assert_eq!(gv, &Value::Total(nv as i64), "{name}");
        }
        rows.push(Row {
            case: name,
            answer: nv.to_string(),
            native,
            generic: gv.map(|_| generic_t),
            states,
        });
    }
    let name = "yut dice uniform 1..5 x 10";
    if keep(name) {
        let (native, _, nv) = best(3, |b| {
            expected_score(&track, &p4, 1, 5, 10, b).expect("native")
        });
        let mut inp = input(BoardInput::Track(track.clone()), Vec::new());
        inp.dice = Dice::Uniform(1, 5, 10);
        let (inst, s) = start(prog.clone(), &inp).expect("a start");
        let (generic_t, states, gv) = best(3, |b| generic(&inst, &s, &Objective::Max, b));
        if let Some(gv) = &gv {
            assert_eq!(gv, &Value::Expected(nv.clone()), "{name}");
        }
        rows.push(Row {
            case: name.into(),
            answer: nv.to_string(),
            native,
            generic: gv.map(|_| generic_t),
            states,
        });
    }
}

// -------------------------------------------------------------- stacking

fn dir_word(d: Dir) -> &'static str {
    match d {
        Dir::Right => "right",
        Dir::Left => "left",
        Dir::Up => "up",
        Dir::Down => "down",
    }
}

fn towers_input(s: &Setup, limit: u64) -> ScenarioInput {
    let rows: Vec<String> = (0..s.rows)
        .map(|r| {
            (0..s.cols)
                .map(|c| match s.colours[r * s.cols + c] {
                    Colour::White => '0',
                    Colour::Red => '1',
                    Colour::Blue => '2',
                })
                .collect()
        })
        .collect();
    let pieces = s
        .pieces
        .iter()
        .enumerate()
        .map(|(i, ((r, c), d))| piece(&(i + 1).to_string(), *r, *c, Some(dir_word(*d))))
        .collect();
    let mut inp = input(grid(&rows), pieces);
    inp.rules = vec![
        (sp("stack".into()), sp(SetValue::Int(s.stack as i64))),
        (sp("limit".into()), sp(SetValue::Int(limit as i64))),
        (
            sp("mover".into()),
            sp(SetValue::Word(
                if s.mover == Mover::Bottom {
                    "bottom"
                } else {
                    "any"
                }
                .into(),
            )),
        ),
    ];
    inp
}

fn random_setup(rng: &mut Lcg, n: usize, k: usize, mover: Mover) -> Setup {
    let colours = (0..n * n)
        .map(|_| match rng.next(10) {
            0 => Colour::Red,
            1 => Colour::Blue,
            _ => Colour::White,
        })
        .collect();
    let mut cells: Vec<usize> = Vec::new();
    while cells.len() < k {
        let c = rng.next((n * n) as u64) as usize;
        if !cells.contains(&c) {
            cells.push(c);
        }
    }
    let dirs = [Dir::Right, Dir::Left, Dir::Up, Dir::Down];
    Setup {
        rows: n,
        cols: n,
        colours,
        pieces: cells
            .into_iter()
            .map(|c| ((c / n, c % n), dirs[rng.next(4) as usize]))
            .collect(),
        stack: 4,
        mover,
    }
}

fn stacking(rows: &mut Vec<Row>, keep: &dyn Fn(&str) -> bool) {
    let prog = program("towers.game", "towers");
    let limit = 1000u64;
    let mut rng = Lcg(17837);
    let mut cases: Vec<(String, Setup)> = Vec::new();
    let sample = meeple::games::stacking::judge::read(
        "4 4\n0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n2 1 1\n3 2 3\n2 2 1\n4 1 2\n",
    )
    .expect("sample 1")
    .setup;
    cases.push(("stacking judge sample 1".into(), sample));
    let (mut long, mut tries) = (0, 0);
    while long < 2 && tries < 1000 {
        tries += 1;
        let mover = if long == 0 { Mover::Any } else { Mover::Bottom };
        let s = random_setup(&mut rng, 12, 10, mover);
        let out = run(&Sim::new(&s), Some(limit), &Budget::unlimited()).expect("native");
        if matches!(out, Outcome::LimitReached { .. } | Outcome::Cycle { .. }) {
            cases.push((format!("stacking 12x12 K 10 {mover:?}, {out:?}"), s));
            long += 1;
        }
    }
    for (name, s) in cases {
        if !keep(&name) {
            continue;
        }
        let (native, _, nv) = best(10, |b| run(&Sim::new(&s), Some(limit), b).expect("native"));
        let (inst, st) = start(prog.clone(), &towers_input(&s, limit)).expect("a start");
        let (generic_t, states, gv) = best(3, |b| {
            generic(&inst, &st, &Objective::Simulate { limit }, b)
        });
        let want = match nv {
            Outcome::Ended { turn } => Some(turn),
            _ => None,
        };
        let Some(Value::Simulated { turn, .. }) = gv else {
            panic!("simulate: {gv:?}")
        };
        assert_eq!(turn, want, "{name}");
        rows.push(Row {
            case: name,
            answer: format!("{}", turn.map_or(-1, |t| t as i64)),
            native,
            generic: Some(generic_t),
            states,
        });
    }
}

// ------------------------------------------------------------ card game

/// BOJ 11062 by interval DP (the reference): the first player's total.
fn card_dp(cards: &[i64]) -> i64 {
    let n = cards.len();
    let mut pre = vec![0i64; n + 1];
    for i in 0..n {
        pre[i + 1] = pre[i] + cards[i];
    }
    // best[i][j]: the most the player to move takes from cards i..=j.
    let mut best = vec![vec![0i64; n]; n];
    for len in 1..=n {
        for i in 0..=n - len {
            let j = i + len - 1;
            let sum = pre[j + 1] - pre[i];
            best[i][j] = if len == 1 {
                cards[i]
            } else {
                sum - best[i + 1][j].min(best[i][j - 1])
            };
        }
    }
    best[0][n - 1]
}

/// `scripts/problems/card_game.game` on a row of `n` random cards: the
/// layer of cards is never written by `turn`, so the key leaves it out.
fn card_game(rows: &mut Vec<Row>, keep: &dyn Fn(&str) -> bool) {
    let path = format!(
        "{}/scripts/problems/card_game.game",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the script");
    let (parsed, _) = meeple::syntax::parse(&text);
    let def = parsed
        .rules
        .iter()
        .find(|d| d.name.node == "card_game")
        .expect("the rules block");
    let decls = meeple::games::rules::check(def).expect("the script checks");
    let prog = Arc::new(meeple::games::rules::compile::compile(def, decls));
    let mut rng = Lcg(11062);
    for n in [100usize, 1000] {
        let name = format!("card_game {n} cards");
        if !keep(&name) {
            continue;
        }
        let cards: Vec<i64> = (0..n).map(|_| 1 + rng.next(10000) as i64).collect();
        let (native, _, nv) = best(3, |_| card_dp(&cards));
        let row = cards.iter().map(|&c| sp(c)).collect();
        let inp = input(BoardInput::Array(vec![row]), Vec::new());
        let (inst, s) = start(prog.clone(), &inp).expect("a start");
        let (generic_t, states, gv) = best(3, |b| generic(&inst, &s, &Objective::Score, b));
        if let Some(gv) = &gv {
            assert_eq!(gv, &Value::Score(nv), "{name}");
        }
        rows.push(Row {
            case: name,
            answer: nv.to_string(),
            native,
            generic: gv.map(|_| generic_t),
            states,
        });
    }
}

fn main() {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let keep = |name: &str| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()));
    let mut rows = Vec::new();
    footholds(&mut rows, &keep);
    yut(&mut rows, &keep);
    stacking(&mut rows, &keep);
    card_game(&mut rows, &keep);
    print(&rows);
}

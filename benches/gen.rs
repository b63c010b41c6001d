//! `meeple gen`'s library side: 1,000 cases of each game at the judge's
//! default shapes, timed against a reference in the same run: the bare
//! exact solves of the same positions (`JudgePosition::answer`, no
//! scenario text, no parsing), one thread. The difference is what writing,
//! checking and running each scenario costs.
//!
//! `cargo bench --bench gen` (add a count: `cargo bench --bench gen -- 5000`).

use meeple::budget::Budget;
use meeple::games::GameKind;
use meeple::gen::{draw, generate, Options};
use meeple::syntax::ast::Span;
use std::time::Instant;

fn main() {
    let count: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(1000);
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a thread pool");
    println!("{count} cases a game, seed 1, default shapes");
    println!(
        "{:<10} {:>14} {:>14} {:>16}",
        "game", "gen (all)", "gen (1 thread)", "bare solves (1)"
    );
    for game in GameKind::ALL {
        let options = Options::new(game, &[], &[]).expect("defaults");
        let t = Instant::now();
        let all = generate(&options, count, 1, &|_, _| {}).expect("generated");
        let parallel = t.elapsed();
        let t = Instant::now();
        let single = one.install(|| generate(&options, count, 1, &|_, _| {}).expect("generated"));
        let sequential = t.elapsed();
        assert_eq!(all.text, single.text, "the same bytes on any thread count");
        let t = Instant::now();
        let budget = Budget::unlimited();
        for i in 0..count as u64 {
            let p = draw::position(&options.shape, 1, i);
            let answer = p.answer(&budget, Span::new(0, 1)).expect("solved");
            assert_eq!(
                answer.trim(),
                all.cases[i as usize].field("answer").unwrap().to_string()
            );
        }
        let bare = t.elapsed();
        println!(
            "{:<10} {:>12.0}ms {:>12.0}ms {:>14.0}ms",
            game.name(),
            parallel.as_secs_f64() * 1e3,
            sequential.as_secs_f64() * 1e3,
            bare.as_secs_f64() * 1e3
        );
    }
}

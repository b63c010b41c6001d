//! Issue 29 item 5: every bundled script under `--engine rules` (the
//! built-in games answered by their prelude scripts on the generic engine)
//! passes as it does natively, bounded by `--max-states`, not wall time.
//! The exceptions are listed: scenarios the generic engine cannot finish
//! within the budget (they must fail by the budget alone, never by a wrong
//! value or another error), and the known gaps, each with the one code it
//! fails with today.

use meeple::collection::{cases, game_files, run_files};
use meeple::limits::{Engine, Limits};
use meeple::RunConfig;

/// The work bound of each solve: enough for every other scenario.
const MAX_STATES: u64 = 300_000;

/// Scenarios past the generic engine's budget (a plain memoised search:
/// the native solvers prune these boards and dice far more).
const SPEED_LIMITED: &[&str] = &[
    // Full 5x5 king steps and 7x7 / 8x8 boards: millions of positions.
    "scripts/footholds/variants.game › king steps 5x5",
    "scripts/footholds/variants.game › 7x7 corners",
    "scripts/footholds/variants.game › 7x7 inner corners",
    "scripts/footholds/variants.game › 7x7 centre",
    "scripts/footholds/variants.game › 8x8 corners",
    // Expectimax over random dice on a custom track, and eight pieces.
    "scripts/yut/custom_track.game › random dice",
    "scripts/yut/variants.game › eight pieces",
];

/// Known gaps, and the codes each fails with today.
const GAPS: &[(&str, &[&str])] = &[
    // Track values near 2^63: the generic engine sums scores in i64.
    (
        "scripts/regressions/exact_totals.game › two maximal squares",
        &["meeple::rules::run", "meeple::expect::failed"],
    ),
    (
        "scripts/regressions/exact_totals.game › the score after two plays",
        &["meeple::rules::run", "meeple::expect::failed"],
    ),
    // `analyze` on a turn that rolls before its choice (native yut lists
    // each piece's value by roll value): not yet on the generic engine.
    (
        "scripts/yut/variants.game › random dice, analyzed",
        &["meeple::rules::run"],
    ),
];

#[test]
fn every_bundled_script_passes_under_the_rules_engine_or_is_listed() {
    let root = env!("CARGO_MANIFEST_DIR");
    let files = game_files(&[format!("{root}/scripts")]).unwrap();
    assert!(files.len() > 50, "the bundled scripts: {}", files.len());
    let config = RunConfig {
        limits: Limits {
            engine: Engine::Rules,
            max_states: Some(MAX_STATES),
            ..Limits::default()
        },
        filter: None,
    };
    let mut seen = Vec::new();
    let mut wrong = Vec::new();
    let mut passed = 0;
    for run in run_files(&files, &config) {
        let path = run.source.name.clone();
        let rel = path
            .strip_prefix(&format!("{root}/"))
            .unwrap_or(&path)
            .to_string();
        for case in cases(&run) {
            let name = match &case.scenario {
                Some(s) => format!("{rel} › {s}"),
                None => rel.clone(),
            };
            let codes: Vec<&str> = case.failures.iter().map(|d| d.code.as_str()).collect();
            if SPEED_LIMITED.contains(&name.as_str()) {
                seen.push(name.clone());
                // A pass, or a budget and nothing else: no wrong value, no
                // other code.
                if !case.passed
                    && (codes.is_empty() || codes.iter().any(|c| *c != "meeple::limit::states"))
                {
                    wrong.push(format!(
                        "{name}: speed-limited, but {codes:?} (passed {})",
                        case.passed
                    ));
                }
            } else if let Some((_, code)) = GAPS.iter().find(|(n, _)| *n == name) {
                seen.push(name.clone());
                if !case.passed && (codes.is_empty() || codes.iter().any(|c| !code.contains(c))) {
                    wrong.push(format!(
                        "{name}: a known gap with {code:?}, but {codes:?} (passed {})",
                        case.passed
                    ));
                }
            } else if case.passed {
                passed += 1;
            } else {
                wrong.push(format!("{name}: {} {codes:?}", case.note));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let listed = SPEED_LIMITED.len() + GAPS.len();
    assert_eq!(
        seen.len(),
        listed,
        "every listed scenario still exists: {seen:?}"
    );
    assert!(passed >= 90, "passed {passed}");
}

//! A fuzzing loop that needs no nightly compiler and no libFuzzer: it
//! mutates seed scripts with a small PRNG and runs every mutant through
//! [`meeple_fuzz::run_one`] for a fixed time, catching panics.
//!
//! ```text
//! cd fuzz
//! cargo run --release --bin stable_fuzz -- [SECONDS] [SEED_DIR…]
//! ```
//!
//! Seeds default to `../scripts` (every `.game` file, recursively) plus
//! `corpus/run_script` if it exists. A mutant that panics is written to
//! `artifacts/stable/crash-HASH`, one that runs longer than 5 s to
//! `artifacts/stable/slow-HASH`. Mutants whose outcome (exit category and
//! the set of diagnostic codes) is new join the pool: a crude stand-in for
//! coverage feedback. Set `FUZZ_SEED=N` for a reproducible run; the input
//! being run is always in `artifacts/stable/current`, so a crash that kills
//! the process (an abort, a stack overflow) leaves it behind.

use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Pieces of the language to splice in.
const TOKENS: &[&str] = &[
    "scenario \"s\" {\n",
    "}\n",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    ",",
    "\n",
    " ",
    "#",
    "\"",
    "\"\"\"",
    "\\",
    "..",
    "=",
    "-",
    "game footholds\n",
    "game yut\n",
    "game stacking\n",
    "game chess\n",
    "board {\n1 1 1\n1 0 1\n1 1 1\n}\n",
    "board {\nw r b\nb w r\nr b w\n}\n",
    "board [[1,1],[1,1]]\n",
    "board [[0,1,2],[2,1,0],[0,0,0]]\n",
    "board [[]]\n",
    "board []\n",
    "board yut\n",
    "board t\n",
    "piece A at (0, 0)\n",
    "piece B at (1, 1)\n",
    "piece 1 at (0, 0) facing right\n",
    "piece 2 at (1, 1) facing up\n",
    "piece 3 at (2, 2) facing left\n",
    "facing down",
    "dice 1 2 3 4 5\n",
    "dice uniform 1..5 x 10\n",
    "dice uniform 1..3 x 3\n",
    "rule origin 1\n",
    "rule first B\n",
    "rule steps king\n",
    "rule pieces 8\n",
    "rule pieces 1\n",
    "rule stack 2\n",
    "rule stack 9\n",
    "rule limit none\n",
    "rule limit 0\n",
    "rule mover bottom\n",
    "input \"\"\"[[1,1],[1,1]] [0,0] [1,1]\"\"\"\n",
    "input \"\"\"4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n1 2 1\n1 3 1\n1 4 1\n\"\"\"\n",
    "input \"1 2 3 4 5\"\n",
    "solve\n",
    "line\n",
    "line boards\n",
    "line 3\n",
    "analyze\n",
    "show\n",
    "play A up\n",
    "play B left\n",
    "play A to (0, 1)\n",
    "play piece 1\n",
    "play piece 9\n",
    "step\n",
    "step 3\n",
    "step 1000000000000\n",
    "undo\n",
    "expect answer 5\n",
    "expect winner A\n",
    "expect expected 1.5\n",
    "expect expected 3/2\n",
    "expect cycle yes\n",
    "expect turn none\n",
    "track t {\n  route start 1 2 3 finish\n  shortcut 1 x=5 3\n}\n",
    "route start a=1 b=2 finish\n",
    "shortcut ",
    "0",
    "1",
    "2",
    "-1",
    "4",
    "5",
    "9",
    "64",
    "128",
    "1000000",
    "2147483648",
    "9223372036854775807",
    "-9223372036854775808",
    "99999999999999999999999",
    "é",
    "\u{FEFF}",
    "\r\n",
    "\t",
    "\u{0}",
];

/// xorshift64*: small, fast and reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Biggest mutant, in bytes.
const MAX_LEN: usize = 16 * 1024;

fn mutate(rng: &mut Rng, input: &[u8], pool: &[Vec<u8>]) -> Vec<u8> {
    let mut v = input.to_vec();
    let rounds = 1 + rng.below(6);
    for _ in 0..rounds {
        let len = v.len();
        match rng.below(11) {
            // Flip, set or insert a byte.
            0 if len > 0 => {
                let i = rng.below(len);
                v[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let i = rng.below(len);
                v[i] = *rng.pick(b"0123456789(){}[],.#\"\\\n -=xABab");
            }
            2 => {
                let i = rng.below(len + 1);
                v.insert(i, rng.next() as u8);
            }
            // Delete a range.
            3 | 4 if len > 0 => {
                let i = rng.below(len);
                let n = 1 + rng.below((len - i).min(64));
                v.drain(i..i + n);
            }
            // Duplicate a range.
            5 if len > 0 => {
                let i = rng.below(len);
                let n = 1 + rng.below((len - i).min(256));
                let piece: Vec<u8> = v[i..i + n].to_vec();
                let at = rng.below(len + 1);
                v.splice(at..at, piece);
            }
            // Splice in a token of the language.
            6..=8 => {
                let t = rng.pick(TOKENS).as_bytes();
                let at = rng.below(len + 1);
                v.splice(at..at, t.iter().copied());
            }
            // Replace a number with another one.
            9 => {
                let digits: Vec<usize> = (0..len).filter(|&i| v[i].is_ascii_digit()).collect();
                if let Some(&i) = digits.get(rng.below(digits.len())) {
                    let mut j = i;
                    while j < v.len() && v[j].is_ascii_digit() {
                        j += 1;
                    }
                    let n = rng.pick(&[
                        "0",
                        "1",
                        "2",
                        "3",
                        "7",
                        "12",
                        "63",
                        "64",
                        "65",
                        "127",
                        "128",
                        "255",
                        "1000",
                        "65536",
                        "4294967296",
                        "9223372036854775807",
                        "18446744073709551616",
                    ]);
                    v.splice(i..j, n.bytes());
                }
            }
            // Cross over with another pool entry.
            _ => {
                let other = rng.pick(pool);
                if !other.is_empty() {
                    let i = rng.below(other.len());
                    let n = 1 + rng.below((other.len() - i).min(512));
                    let at = rng.below(len + 1);
                    v.splice(at..at, other[i..i + n].iter().copied());
                }
            }
        }
    }
    v.truncate(MAX_LEN);
    v
}

fn seeds(dirs: &[PathBuf]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for d in dirs {
        collect(d, &mut out);
    }
    out
}

fn collect(path: &Path, out: &mut Vec<Vec<u8>>) {
    if path.is_file() {
        if let Ok(b) = std::fs::read(path) {
            // Skip the deliberately huge seeds (deep_braces is 200 KB).
            if b.len() <= MAX_LEN {
                out.push(b);
            }
        }
        return;
    }
    let Ok(rd) = std::fs::read_dir(path) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        collect(&p, out);
    }
}

/// What an input led to, coarsely: exit category and the codes reported.
fn signature(outcome: &(i32, Vec<&'static str>)) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    outcome.hash(&mut h);
    h.finish()
}

fn hash_of(data: &[u8]) -> String {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    data.hash(&mut h);
    format!("{:016x}", h.finish())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seconds: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(60);
    let mut dirs: Vec<PathBuf> = args.iter().skip(1).map(PathBuf::from).collect();
    if dirs.is_empty() {
        dirs.push(PathBuf::from("../scripts"));
        dirs.push(PathBuf::from("corpus/run_script"));
    }
    let out_dir = PathBuf::from("artifacts/stable");
    std::fs::create_dir_all(&out_dir).expect("create artifacts/stable");
    let current = out_dir.join("current");

    let mut pool = seeds(&dirs);
    if pool.is_empty() {
        pool.push(b"scenario \"s\" {\n  game footholds\n  board [[1]]\n  piece A at (0, 0)\n  piece B at (0, 0)\n  solve\n}\n".to_vec());
    }
    let seed = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
                | 1
        });
    let mut rng = Rng(seed);
    eprintln!(
        "stable_fuzz: {} seeds from {:?}, {} s, FUZZ_SEED={seed}",
        pool.len(),
        dirs,
        seconds
    );

    let mut seen: HashSet<u64> = pool
        .iter()
        .map(|s| signature(&meeple_fuzz::run_one(s)))
        .collect();

    // A watchdog: an input that runs for over 60 s is a hang.
    let started_exec = Arc::new(AtomicU64::new(u64::MAX));
    {
        let started = started_exec.clone();
        let current = current.clone();
        let t0 = Instant::now();
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_secs(1));
            let s = started.load(Ordering::Relaxed);
            if s != u64::MAX && t0.elapsed().as_secs().saturating_sub(s) > 60 {
                eprintln!(
                    "stable_fuzz: HANG: an input ran for over 60 s; it is in {}",
                    current.display()
                );
                std::process::exit(3);
            }
        });
    }
    let t0 = Instant::now();

    let crashes = Arc::new(AtomicU64::new(0));
    std::panic::set_hook(Box::new(|_| {}));

    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut execs: u64 = 0;
    let mut slow = 0u64;
    let mut crash_msgs: HashSet<String> = HashSet::new();
    let mut last_report = Instant::now();
    while Instant::now() < deadline {
        let base = rng.pick(&pool).clone();
        let input = mutate(&mut rng, &base, &pool);
        let _ = std::fs::write(&current, &input);
        started_exec.store(t0.elapsed().as_secs(), Ordering::Relaxed);
        let t = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| meeple_fuzz::run_one(&input)));
        let took = t.elapsed();
        started_exec.store(u64::MAX, Ordering::Relaxed);
        execs += 1;
        match result {
            Err(e) => {
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                crashes.fetch_add(1, Ordering::Relaxed);
                let path = out_dir.join(format!("crash-{}", hash_of(&input)));
                let _ = std::fs::write(&path, &input);
                if crash_msgs.insert(msg.clone()) {
                    eprintln!("stable_fuzz: CRASH ({msg}) → {}", path.display());
                }
            }
            Ok(outcome) => {
                if took > Duration::from_secs(5) {
                    slow += 1;
                    let path = out_dir.join(format!("slow-{}", hash_of(&input)));
                    let _ = std::fs::write(&path, &input);
                    eprintln!(
                        "stable_fuzz: SLOW ({:.1} s) → {}",
                        took.as_secs_f64(),
                        path.display()
                    );
                }
                if pool.len() < 50_000 && seen.insert(signature(&outcome)) {
                    pool.push(input);
                }
            }
        }
        if last_report.elapsed() > Duration::from_secs(30) {
            last_report = Instant::now();
            eprintln!(
                "stable_fuzz: {execs} execs, {:.0}/s, pool {}, crashes {}, slow {slow}",
                execs as f64 / t0.elapsed().as_secs_f64(),
                pool.len(),
                crashes.load(Ordering::Relaxed)
            );
        }
    }
    let _ = std::fs::remove_file(&current);
    eprintln!(
        "stable_fuzz: done: {execs} execs in {:.0} s, pool {}, crashes {} ({} distinct), slow {slow}",
        t0.elapsed().as_secs_f64(),
        pool.len(),
        crashes.load(Ordering::Relaxed),
        crash_msgs.len()
    );
    if crashes.load(Ordering::Relaxed) > 0 {
        std::process::exit(1);
    }
}

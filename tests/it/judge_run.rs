//! `meeple judge`: programs written here in Python (one correct, two with a
//! realistic bug, per game) run on random judge cases; the correct ones are
//! all AC, each bug is found and shrunk to a small case. Then the TLE, RE
//! and PE verdicts, and nothing left running (see also judge_contain.rs). Work is bounded by counts
//! (cases, `--max-runs`) and by the kill of a time limit, never by timing.

use crate::common::{meeple_in, temp_dir, text};
use crate::judge_contain::{bounded_wait, kill_marked, marked, marker, spawn_judge};
use meeple::games::{footholds, stacking, yut};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use std::path::Path;

/// 2022 KAKAO: minimax with a memo on (footholds, mover, other).
const FOOTHOLDS: &str = r#"
import sys, re
from functools import lru_cache
text = sys.stdin.read()
head, rest = text.split("]]", 1)
board = eval(head + "]]")
(ar, ac), (br, bc) = [tuple(map(int, m)) for m in re.findall(r"\[(\d+), (\d+)\]", rest)]
R, C = len(board), len(board[0])
start = sum(1 << (r * C + c) for r in range(R) for c in range(C) if board[r][c])
sys.setrecursionlimit(100000)

@lru_cache(None)
def go(mask, me, other):
    if not mask >> me & 1: return (False, 0)  # VANISHED
    r, c = divmod(me, C)
    win, lose = None, 0
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nr, nc = r + dr, c + dc
        if 0 <= nr < R and 0 <= nc < C and mask >> (nr * C + nc) & 1:
            w, t = go(mask & ~(1 << me), other, nr * C + nc)
            if not w:
                win = t + 1 if win is None else min(win, t + 1)
            else:
                lose = max(lose, t + 1)  # LOST
    return (True, win) if win is not None else (False, lose)

print(go(start, ar * C + ac, br * C + bc)[1])
"#;

/// BOJ 17825: the board by place, a memo on (roll, pieces).
const YUT: &str = r#"
import sys
from functools import lru_cache
rolls = list(map(int, sys.stdin.read().split()))
# 0 start, 1..20 the outer 2..40, 21-23 b13 b16 b19, 24-26 c25 c30 c35,
# 27-28 b22 b24, 29-31 b28 b27 b26, 32 finish
score = [0] + [2 * i for i in range(1, 21)] + [13, 16, 19, 25, 30, 35, 22, 24, 28, 27, 26, 0]
nxt = list(range(1, 21)) + [32, 22, 23, 24, 25, 26, 20, 28, 24, 30, 31, 24, 32]
blue = {5: 21, 10: 27, 15: 29}
FIN = 32

def dest(s, r):
    if s in blue: s, r = blue[s], r - 1  # BLUE
    for _ in range(r):
        s = nxt[s]
    return s

@lru_cache(None)
def best(i, pos):
    if i == len(rolls): return 0
    res = None
    for k in range(4):
        if pos[k] == FIN: continue
        d = dest(pos[k], rolls[i])
        if d != FIN and any(pos[j] == d for j in range(4) if j != k): continue  # PLACE
        v = score[d] + best(i + 1, tuple(sorted(pos[:k] + (d,) + pos[k + 1:])))
        res = v if res is None else max(res, v)
    return 0 if res is None else res

print(best(0, (0, 0, 0, 0)))
"#;

/// BOJ 17837: the simulation, 1000 turns.
const STACKING: &str = r#"
import sys
data = list(map(int, sys.stdin.read().split()))
n, k = data[0], data[1]
col = [data[2 + i * n: 2 + (i + 1) * n] for i in range(n)]
at = 2 + n * n
pieces = [[data[at + 3 * i] - 1, data[at + 3 * i + 1] - 1, data[at + 3 * i + 2]] for i in range(k)]
D = {1: (0, 1), 2: (0, -1), 3: (-1, 0), 4: (1, 0)}
REV = {1: 2, 2: 1, 3: 4, 4: 3}
stacks = {(r, c): [i] for i, (r, c, d) in enumerate(pieces)}

def blocked(r, c):
    return not (0 <= r < n and 0 <= c < n) or col[r][c] == 2

def play():
    for turn in range(1, 1001):
        for i in range(k):
            r, c, d = pieces[i]
            st = stacks[(r, c)]
            h = st.index(i)
            nr, nc = r + D[d][0], c + D[d][1]
            if blocked(nr, nc):
                d = REV[d]
                pieces[i][2] = d
                nr, nc = r + D[d][0], c + D[d][1]
                if blocked(nr, nc): continue  # BOUNCE
            group = st[h:]
            del st[h:]
            if col[nr][nc] == 1: group.reverse()  # RED
            dst = stacks.setdefault((nr, nc), [])
            dst.extend(group)
            for g in group:
                pieces[g][0], pieces[g][1] = nr, nc
            if len(dst) >= 4: return turn
    return -1

print(play())
"#;

/// `program` with `from` replaced by `to` (which must be there).
fn bug(program: &str, from: &str, to: &str) -> String {
    assert!(program.contains(from), "{from}");
    program.replacen(from, to, 1)
}

fn footholds_case(rng: &mut StdRng) -> String {
    let (rows, cols) = (rng.gen_range(1..=4usize), rng.gen_range(1..=4usize));
    let mut cells: Vec<u8> = (0..rows * cols)
        .map(|_| u8::from(rng.gen_bool(0.75)))
        .collect();
    let a = rng.gen_range(0..rows * cols);
    let b = if rng.gen_bool(0.2) {
        a
    } else {
        rng.gen_range(0..rows * cols)
    };
    cells[a] = 1;
    cells[b] = 1;
    let board: Vec<String> = cells
        .chunks(cols)
        .map(|r| {
            format!(
                "[{}]",
                r.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    format!(
        "[{}] [{}, {}] [{}, {}]",
        board.join(", "),
        a / cols,
        a % cols,
        b / cols,
        b % cols
    )
}

fn yut_case(rng: &mut StdRng) -> String {
    let rolls: Vec<String> = (0..10)
        .map(|_| rng.gen_range(1..=5u8).to_string())
        .collect();
    rolls.join(" ")
}

fn stacking_case(rng: &mut StdRng) -> String {
    let n = rng.gen_range(4..=6usize);
    let k = rng.gen_range(4..=6usize);
    let mut out = format!("{n} {k}\n");
    for _ in 0..n {
        let row: Vec<&str> = (0..n)
            .map(|_| match rng.gen_range(0..10) {
                0..=5 => "0",
                6 | 7 => "1",
                _ => "2",
            })
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    let mut cells: Vec<usize> = (0..n * n).collect();
    for i in 0..k {
        let j = rng.gen_range(i..cells.len());
        cells.swap(i, j);
        let c = cells[i];
        out.push_str(&format!(
            "{} {} {}\n",
            c / n + 1,
            c % n + 1,
            rng.gen_range(1..=4)
        ));
    }
    out
}

/// A folder with `cases.game` (`count` random cases of `game`) and
/// `prog.py`; the working folder for `meeple judge` is its empty `cwd/`.
fn setup(name: &str, game: &str, count: usize, program: &str) -> crate::common::TestDir {
    let dir = temp_dir(&format!("judge-{name}"));
    let mut rng = StdRng::seed_from_u64(14);
    let mut script = String::new();
    for i in 1..=count {
        let input = match game {
            "footholds" => footholds_case(&mut rng),
            "yut" => yut_case(&mut rng),
            _ => stacking_case(&mut rng),
        };
        script.push_str(&format!(
            "scenario \"case {i}\" {{\n  game {game}\n  input \"\"\"\n{input}\n\"\"\"\n}}\n"
        ));
    }
    std::fs::write(dir.join("cases.game"), script).unwrap();
    std::fs::write(dir.join("prog.py"), program).unwrap();
    std::fs::create_dir(dir.join("cwd")).unwrap();
    dir
}

/// `meeple judge --format json` in `dir/cwd`: the exit code and the JSON
/// objects, after checking that the working folder is left empty.
fn judge(dir: &Path, extra: &[&str]) -> (i32, Vec<Value>) {
    let cmd = format!("python3 {}", dir.join("prog.py").display());
    let cases = dir.join("cases.game");
    // A time limit far past any run: a loaded machine must not turn AC into TLE.
    let mut args = vec![
        "judge",
        "--format",
        "json",
        "--cmd",
        &cmd,
        "--jobs",
        "2",
        "--time-limit",
        "300",
    ];
    args.push(cases.to_str().unwrap());
    args.extend_from_slice(extra);
    let o = meeple_in(
        &dir.join("cwd"),
        &args,
        &[("TMPDIR", dir.join("cwd").to_str().unwrap())],
    );
    let (out, err) = text(&o);
    assert!(
        std::fs::read_dir(dir.join("cwd")).unwrap().next().is_none(),
        "files left behind"
    );
    let objects = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}\n{err}")))
        .collect();
    (o.status.code().unwrap(), objects)
}

/// The objects of kind `t`. Issue 32 item 6: every object has a `kind`,
/// and the deprecated `type` still says the same.
fn of_type<'a>(objects: &'a [Value], t: &str) -> Vec<&'a Value> {
    for o in objects {
        assert!(o["kind"].is_string(), "{o}");
        assert_eq!(o["type"], o["kind"], "{o}");
    }
    objects.iter().filter(|o| o["kind"] == t).collect()
}

/// The correct program: every case AC, exit 0.
fn all_accepted(name: &str, game: &str, count: usize, program: &str) {
    let dir = setup(name, game, count, program);
    let (code, objects) = judge(&dir, &[]);
    let cases = of_type(&objects, "case");
    assert_eq!(cases.len(), count);
    for c in &cases {
        assert_eq!(c["verdict"], "AC", "{c}");
    }
    assert_eq!(of_type(&objects, "summary")[0]["passed"], count);
    assert_eq!(code, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A buggy program: some case WA, the shrunk case (its judge input) WA on a
/// scenario that says the right answer; returns the shrunk input and runs.
fn bug_found(name: &str, game: &str, count: usize, program: &str, extra: &[&str]) -> (String, u64) {
    let dir = setup(name, game, count, program);
    let mut args = vec!["--max-runs", "600"];
    args.extend_from_slice(extra);
    let (code, objects) = judge(&dir, &args);
    assert_eq!(code, 1);
    let verdicts: Vec<&Value> = of_type(&objects, "case")
        .iter()
        .map(|c| &c["verdict"])
        .filter(|v| *v != "AC")
        .collect();
    let failed = verdicts.iter().filter(|v| **v == "WA").count();
    assert!(failed > 0 && failed == verdicts.len(), "{verdicts:?}");
    assert_eq!(of_type(&objects, "summary")[0]["failed"], failed);
    let count = of_type(&objects, "case").len();
    let shrunk = of_type(&objects, "shrunk")[0].clone();
    assert_eq!(shrunk["verdict"], "WA", "{shrunk}");
    let input = shrunk["input"].as_str().unwrap().to_string();
    let expected = shrunk["expected"].as_str().unwrap();
    let scenario = shrunk["scenario"].as_str().unwrap();
    assert!(
        scenario.contains(&input)
            && scenario.contains(&format!("expect answer {expected}\n  line\n"))
    );
    assert!(shrunk["run"]
        .as_str()
        .unwrap()
        .contains(&format!("ok: expect answer {expected}")));
    let runs = shrunk["runs"].as_u64().unwrap();
    // Runs even when the first failure is already the smallest (its candidates pass).
    assert!((1..=600).contains(&runs), "{shrunk}");
    eprintln!("{name}: {failed} of {count} WA; shrunk in {runs} runs to {input:?}");
    let _ = std::fs::remove_dir_all(&dir);
    (input, runs)
}

#[test]
fn footholds_programs() {
    all_accepted("fh-ok", "footholds", 30, FOOTHOLDS);
    // Forgets that a player whose foothold vanished has lost: shrunk to two cells.
    let vanished = bug(
        FOOTHOLDS,
        "    if not mask >> me & 1: return (False, 0)  # VANISHED\n",
        "",
    );
    let (input, _) = bug_found("fh-vanished", "footholds", 30, &vanished, &[]);
    let p = footholds::judge::read(&input).unwrap();
    assert!(p.rows * p.cols <= 3 && p.a == p.b, "{input}");
    // The same bug on cases from the generator (`meeple gen`'s options).
    let gen = [
        "--gen",
        "footholds",
        "--count",
        "30",
        "--seed",
        "14",
        "--rows",
        "1..3",
        "--cols",
        "1..3",
    ];
    let (input, _) = bug_found("fh-vanished-gen", "footholds", 0, &vanished, &gen);
    let p = footholds::judge::read(&input).unwrap();
    assert!(p.rows * p.cols <= 3 && p.a == p.b, "{input}");
    // Counts a lost game's moves one short.
    let short = bug(FOOTHOLDS, "lose = max(lose, t + 1)", "lose = max(lose, t)");
    let (input, _) = bug_found("fh-short", "footholds", 30, &short, &[]);
    let p = footholds::judge::read(&input).unwrap();
    assert!(p.rows * p.cols <= 3, "{input}");
}

#[test]
fn yut_programs() {
    all_accepted("yut-ok", "yut", 40, YUT);
    // Tells squares apart by score: the centre's 30 is taken for the outer 30.
    let by_score = bug(YUT, "pos[j] == d for j", "score[pos[j]] == score[d] for j");
    let (input, _) = bug_found("yut-score", "yut", 120, &by_score, &[]);
    let s = yut::judge::read(&input).unwrap();
    assert!(s.rolls.iter().sum::<u64>() <= 30, "{input}");
    // Ignores the blue squares: always the outer route.
    let no_blue = bug(YUT, "    if s in blue: s, r = blue[s], r - 1  # BLUE\n", "");
    let (input, _) = bug_found("yut-blue", "yut", 40, &no_blue, &[]);
    let s = yut::judge::read(&input).unwrap();
    assert!(s.rolls.iter().sum::<u64>() <= 15, "{input}");
}

#[test]
fn stacking_programs() {
    all_accepted("st-ok", "stacking", 30, STACKING);
    let small = |input: &str| {
        let c = stacking::judge::read(input).unwrap();
        let coloured = c
            .setup
            .colours
            .iter()
            .filter(|&&x| x != stacking::rules::Colour::White);
        (c.setup.rows, c.setup.pieces.len(), coloured.count())
    };
    // Steps onto a blue cell after bouncing off one.
    let onto_blue = bug(
        STACKING,
        "if blocked(nr, nc): continue  # BOUNCE",
        "if not (0 <= nr < n and 0 <= nc < n): continue",
    );
    let (input, _) = bug_found("st-blue", "stacking", 30, &onto_blue, &[]);
    let (n, k, coloured) = small(&input);
    assert!(n == 4 && k == 4 && coloured <= 3, "{input}");
    // Reverses the whole stack on a red cell, not the moving group.
    let wrong_red = bug(
        bug(
            STACKING,
            "            if col[nr][nc] == 1: group.reverse()  # RED\n",
            "",
        )
        .as_str(),
        "            dst.extend(group)\n",
        "            dst.extend(group)\n            if col[nr][nc] == 1: dst.reverse()\n",
    );
    let (input, _) = bug_found("st-red", "stacking", 30, &wrong_red, &[]);
    let (n, k, coloured) = small(&input);
    assert!(n == 4 && k == 4 && coloured <= 3, "{input}");
}

/// `meeple judge` (text output) on the bundled yut samples with `cmd`.
fn judge_samples(dir: &Path, cmd: &str, extra: &[&str]) -> (i32, String, String) {
    let samples = crate::common::root().join("scripts/yut/boj17825.game");
    let mut args = vec!["judge", "--cmd", cmd, samples.to_str().unwrap()];
    if !extra.contains(&"--time-limit") {
        args.extend_from_slice(&["--time-limit", "300"]);
    }
    args.extend_from_slice(extra);
    let o = meeple_in(dir, &args, &[("TMPDIR", dir.to_str().unwrap())]);
    let (out, err) = text(&o);
    (o.status.code().unwrap(), out, err)
}

#[test]
fn a_program_past_the_time_limit_is_killed_with_its_group() {
    let dir = temp_dir("judge-tle");
    let started_dir = temp_dir("judge-tle-started");
    let started = started_dir.join("started");
    let sleep = marker(61);
    // The shell waits on a sleep of its own group; both must be killed.
    let cmd = format!("sleep {sleep} & echo x >> {}; wait", started.display());
    let (code, out, _) = judge_samples(&dir, &cmd, &["--time-limit", "0.5", "--jobs", "4"]);
    let left = marked(&sleep);
    kill_marked(&sleep);
    assert_eq!(code, 1);
    assert_eq!(out.matches("TLE case").count(), 4, "{out}");
    assert!(out.contains("still running after 0.5 s: killed with its process group"));
    assert!(
        counts(&out).ends_with("\n0 passed, 4 failed\n") && !out.contains("shrinking"),
        "{out}"
    );
    let listed = std::fs::read_to_string(&started).unwrap_or_default();
    // Each shell starts its sleep before waiting (a very loaded machine may
    // kill one before it gets there: its sleep never started).
    assert!((1..=4).contains(&listed.lines().count()), "{listed}");
    assert_eq!(left, 0, "sleeps still running");
    assert!(
        std::fs::read_dir(&dir).unwrap().next().is_none(),
        "files left behind"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(started.parent().unwrap());
}

#[test]
fn runtime_and_presentation_errors() {
    let dir = temp_dir("judge-re-pe");
    let (code, out, err) = judge_samples(
        &dir,
        "echo partial; echo boom >&2; exit 3",
        &["--max-runs", "3"],
    );
    assert_eq!(code, 1);
    assert!(out.contains("RE  case 1: "), "{out}");
    assert!(
        out.contains("sample 1: exit status 3\n    stderr: boom\n"),
        "{out}"
    );
    // The shrinker keeps the verdict: 3 runs, then the budget is said.
    assert!(out.contains("shrinking case 1 (RE): "), "{out}");
    assert!(
        out.contains("in 3 program runs (the budget of runs was spent"),
        "{out}"
    );
    assert!(out.contains("--- expected vs got ---\nexpected "), "{out}");
    assert!(counts(&out).ends_with("\n0 passed, 4 failed\n"), "{out}");
    assert!(err.is_empty(), "no progress bar off a terminal: {err}");
    let (code, out, _) = judge_samples(&dir, "echo hello", &["--max-runs", "0"]);
    assert_eq!(code, 1);
    assert!(out.contains("PE  case 2: "), "{out}");
    assert!(
        out.contains("the first token `hello` is not a number"),
        "{out}"
    );
    assert!(!out.contains("shrinking"), "{out}");
    let (code, out, _) = judge_samples(&dir, "true", &["--max-runs", "0"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("PE  case 4: ") && out.contains(": no output\n"),
        "{out}"
    );
    let (code, out, _) = judge_samples(&dir, "kill -SEGV $$", &["--max-runs", "0"]);
    assert_eq!(code, 1);
    assert!(out.contains("killed by SIGSEGV"), "{out}");
    assert!(
        std::fs::read_dir(&dir).unwrap().next().is_none(),
        "files left behind"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn answers_pass_and_bad_options_are_refused() {
    let dir = temp_dir("judge-ok");
    // Reads its input and answers from a table of the four samples.
    let cmd = "read r; case \"$r\" in 1\\ 2*) echo 190;; 1\\ 1*) echo 133;; 5\\ 1*) echo 214;; *) echo 130;; esac";
    let (code, out, err) = judge_samples(&dir, cmd, &[]);
    assert_eq!(
        (code, counts(&out).as_str()),
        (0, "4 passed, 0 failed\n"),
        "{err}"
    );
    let (code, _, err) = judge_samples(&dir, "true", &["--time-limit", "0"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--time-limit must be a number of seconds > 0"),
        "{err}"
    );
    let (code, _, err) = judge_samples(&dir, "true", &["--rows", "1..2"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--rows shapes generated cases: give --gen GAME with it"),
        "{err}"
    );
    let o = meeple_in(&dir, &["judge", "--cmd", "true"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("nothing to judge"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_a_program_leaves_running_is_killed_and_floods_are_capped() {
    let dir = temp_dir("judge-left");
    let started_dir = temp_dir("judge-left-started");
    let started = started_dir.join("started");
    let sleep = marker(62);
    // Answers at once but leaves a sleep behind, holding stdout open.
    let cmd = format!(
        "sleep {sleep} & echo x >> {}; read r; case \"$r\" in 1\\ 2*) echo 190;; 1\\ 1*) echo 133;; 5\\ 1*) echo 214;; *) echo 130;; esac",
        started.display()
    );
    let (code, out, err) = judge_samples(&dir, &cmd, &[]);
    let left = marked(&sleep);
    kill_marked(&sleep);
    assert_eq!(
        (code, counts(&out).as_str()),
        (0, "4 passed, 0 failed\n"),
        "{err}"
    );
    let listed = std::fs::read_to_string(&started).unwrap();
    assert_eq!(listed.lines().count(), 4);
    assert_eq!(left, 0, "sleeps still running");
    // 8 MB on stdout and on stderr: read to the end, kept to 1 MiB, judged.
    let flood = "head -c 8000000 /dev/zero | tr '\\0' 'x' >&2; echo 7; head -c 8000000 /dev/zero";
    let (code, out, _) = judge_samples(&dir, flood, &["--max-runs", "0", "--format", "json"]);
    assert_eq!(code, 1);
    let wa = out
        .lines()
        .filter(|l| l.contains("\"verdict\":\"WA\""))
        .count();
    assert_eq!(wa, 4, "{}", &out[..out.len().min(500)]);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(started.parent().unwrap());
}

#[test]
fn an_interrupted_judge_kills_the_programs_still_running() {
    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;
    let samples = crate::common::root().join("scripts/yut/boj17825.game");
    for (i, signal) in [Signal::SIGTERM, Signal::SIGINT].into_iter().enumerate() {
        let dir = temp_dir(&format!("judge-interrupted-{i}"));
        let sleep = marker(63 + i as u32);
        // Each run sleeps far past the test.
        let cmd = format!("exec sleep {sleep}");
        let mut judge = spawn_judge(&dir, &cmd, &samples);
        // Until both runs have started.
        let up = bounded_wait(6000, || marked(&sleep) == 2);
        kill(Pid::from_raw(judge.id() as i32), signal).unwrap();
        let status = judge.wait().unwrap();
        // Killed and reaped before the judge exits: nothing to wait for.
        let left = marked(&sleep);
        kill_marked(&sleep);
        assert!(up, "{signal}: the runs never started");
        assert_eq!(status.code(), Some(128 + signal as i32));
        assert_eq!(left, 0, "{signal}: sleeps still running");
        // The runs' folders are removed too.
        assert!(
            std::fs::read_dir(&dir).unwrap().next().is_none(),
            "{signal}: folders left behind"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The judge's text output with the closing line's `; slowest: case N
/// (NAME) in T ms` taken out (checked on its own: it is there, once).
pub fn counts(out: &str) -> String {
    let start = out.rfind("; slowest: case ").expect(out);
    let end = start + out[start..].find('\n').expect(out);
    assert!(out[start..end].ends_with(" ms"), "{out}");
    format!("{}{}", &out[..start], &out[end..])
}

/// The closing line names the slowest case and its time; `--save DIR`
/// writes every failing case (input, answer, output, verdict);
/// `--stop-on-fail` starts no run after the first failure (one job: the
/// second case fails, the last two are not run).
#[test]
fn summary_save_and_stop_on_fail() {
    let dir = temp_dir("judge-save");
    // Right on sample 1 (`1 2…` → 190), wrong elsewhere; sample 3 sleeps
    // 2 s so that it is the slowest by far.
    let cmd =
        "read r; case \"$r\" in 1\\ 2*) echo 190;; 5\\ 1*) sleep 2; echo 7;; *) echo 5;; esac";
    let save = dir.join("failing");
    let (code, out, err) = judge_samples(
        &dir,
        cmd,
        &["--max-runs", "0", "--save", save.to_str().unwrap()],
    );
    assert_eq!(code, 1, "{err}");
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with("1 passed, 3 failed; slowest: case 3 ("),
        "{out}"
    );
    let mut saved: Vec<String> = std::fs::read_dir(&save)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    saved.sort();
    let want: Vec<String> = [2, 3, 4]
        .iter()
        .flat_map(|n| ["ans", "got", "in", "verdict"].map(|x| format!("{n}.{x}")))
        .collect();
    let mut want = want;
    want.sort();
    assert_eq!(saved, want);
    let read = |f: &str| std::fs::read_to_string(save.join(f)).unwrap();
    assert_eq!(read("3.got"), "7\n");
    assert_eq!(
        read("3.verdict"),
        format!("WA: expected {}, got 7\n", read("3.ans").trim())
    );
    // The input is the judge input the program read: it answers 7 on it again.
    assert!(read("3.in").starts_with("5 1"), "{}", read("3.in"));
    // --stop-on-fail with one job: case 2 fails, nothing more runs.
    let (code, out, _) = judge_samples(
        &dir,
        cmd,
        &["--max-runs", "0", "--jobs", "1", "--stop-on-fail"],
    );
    assert_eq!(code, 1);
    assert_eq!(out.matches("WA  case").count(), 1, "{out}");
    assert!(out.contains("WA  case 2: "), "{out}");
    assert!(
        out.contains("\n1 passed, 1 failed, 2 not run (--stop-on-fail); slowest: case "),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

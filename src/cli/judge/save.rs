//! `meeple judge --save DIR`: every failing case written as a judge's
//! test files, `N.in` (the judge input), `N.ans` (the judge's answer) and
//! `N.got` (the start of the program's stdout, as it wrote it) and
//! `N.verdict` (`WA: expected 5, got 6`), N the case's number in the run.

use super::verdict::Verdict;
use super::{Case, Judged};
use std::path::Path;

/// Write the failing cases of `judged` (number, case, verdict) into `dir`
/// (created if missing); the files of a case already there are replaced.
pub fn failing(dir: &Path, judged: &[(usize, &Case, Judged)]) -> Result<(), String> {
    let shown = dir.display();
    if dir.exists() && !dir.is_dir() {
        return Err(format!("{shown} is not a folder"));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {shown}: {e}"))?;
    let write = |name: String, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    for (n, case, j) in judged {
        if j.verdict == Verdict::Ac {
            continue;
        }
        write(format!("{n}.in"), case.position.input().as_bytes())?;
        write(format!("{n}.ans"), case.answer.as_bytes())?;
        write(format!("{n}.got"), &j.stdout)?;
        let verdict = format!("{}: {}\n", j.verdict.kind().as_str(), j.verdict.detail());
        write(format!("{n}.verdict"), verdict.as_bytes())?;
    }
    Ok(())
}

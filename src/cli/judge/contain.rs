//! Containing a contestant's program, so that nothing it starts outlives its
//! run. Each run is `meeple` itself, started again under another name (its
//! `argv[0]`) as a small helper, with no unsafe code and one thread:
//!
//! - **namespace** (the default where the kernel allows it): the helper
//!   (`meeple-judge-run`) makes a PID namespace and a mount namespace of
//!   its own — inside a user namespace of its own when the judge is not
//!   root — and starts `meeple-judge-init` in it, the namespace's process 1,
//!   which mounts the namespace's own `/proc` and runs `sh -c PROGRAM`. When
//!   the shell ends, process 1 writes its status and exits, and the kernel
//!   kills every process left in the namespace; whatever calls `setsid`,
//!   `setpgid` or forks twice is still in it, and a program cannot see or
//!   signal the judge (its parent is process 1, which ignores it).
//! - **subreaper** (the fallback): the helper is a child subreaper and runs
//!   `sh -c PROGRAM` through `meeple-judge-exec` (which sets the program's
//!   parent-death signal). Orphans come back to the helper; when the shell
//!   ends, the helper kills and reaps every process left below it.
//!
//! Both helpers die with their parent (`PR_SET_PDEATHSIG`, SIGKILL), start
//! with no signal blocked, and the judge is a subreaper too: what a killed
//! helper leaves comes back to the judge, which kills it ([`sweep`]).

use nix::errno::Errno;
use nix::mount::{mount, MsFlags};
use nix::sched::{unshare, CloneFlags};
use nix::sys::prctl;
use nix::sys::signal::{kill, sigprocmask, SigSet, SigmaskHow, Signal};
use nix::sys::wait::{waitpid, WaitPidFlag, WaitStatus};
use nix::unistd::{getegid, geteuid, getpid, getppid, Pid};
use std::ffi::OsString;
use std::io::Write;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};

/// The helper that contains one run (`argv[0]`).
pub const RUN: &str = "meeple-judge-run";
/// Process 1 of a run's PID namespace.
const INIT: &str = "meeple-judge-init";
/// The program's last step before `sh` in subreaper mode.
const EXEC: &str = "meeple-judge-exec";
/// The helpers are this very program, started again.
pub const SELF: &str = "/proc/self/exe";

/// How runs are contained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// PID and mount namespaces of their own (the judge is root).
    Namespace,
    /// The same inside a user namespace of their own.
    UserNamespace,
    /// A subreaper that kills what the program left.
    Subreaper,
}

impl Mode {
    /// As `--format json`'s summary and the docs name it.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Namespace => "pid namespace",
            Mode::UserNamespace => "pid namespace in a user namespace",
            Mode::Subreaper => "subreaper",
        }
    }

    /// As the helper's argument.
    pub fn arg(self) -> &'static str {
        match self {
            Mode::Namespace => "ns",
            Mode::UserNamespace => "userns",
            Mode::Subreaper => "reaper",
        }
    }

    fn from_arg(arg: &str) -> Option<Mode> {
        [Mode::Namespace, Mode::UserNamespace, Mode::Subreaper]
            .into_iter()
            .find(|m| m.arg() == arg)
    }
}

/// What `--contain` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// A namespace where the kernel allows one, else a subreaper.
    Auto,
    /// A namespace, or an error.
    Namespace,
    /// A subreaper only.
    Subreaper,
}

/// The mode to use for `wanted`: `Ok((mode, why))` with `why` saying why
/// a namespace could not be made when `Auto` fell back to a subreaper;
/// `Err` when `Namespace` was asked for and cannot be had. Each namespace
/// mode is tried once with a helper that runs no program.
pub fn choose(wanted: Wanted) -> Result<(Mode, Option<String>), String> {
    if wanted == Wanted::Subreaper {
        return Ok((Mode::Subreaper, None));
    }
    let tries: &[Mode] = if geteuid().is_root() {
        &[Mode::Namespace, Mode::UserNamespace]
    } else {
        &[Mode::UserNamespace]
    };
    let mut why = String::new();
    for &mode in tries {
        match probe(mode) {
            Ok(()) => return Ok((mode, None)),
            Err(e) => why = e,
        }
    }
    match wanted {
        Wanted::Namespace => Err(why),
        _ => Ok((Mode::Subreaper, Some(why))),
    }
}

/// Start a helper in `mode` that makes its namespaces and stops there.
fn probe(mode: Mode) -> Result<(), String> {
    let folder = super::folder::Folder::new().map_err(|e| format!("a folder: {e}"))?;
    let spawned = Command::new(SELF)
        .arg0(RUN)
        .args([mode.arg(), &getpid().to_string()])
        .arg(folder.status_path())
        .args(["", "probe"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    let result = match spawned {
        Ok(mut child) => {
            let _ = child.wait();
            match folder.status() {
                Some(s) if s == "exit 0" => Ok(()),
                Some(s) => Err(s.strip_prefix("setup ").unwrap_or(&s).to_string()),
                None => Err("the helper ended without a word".to_string()),
            }
        }
        Err(e) => Err(format!("cannot start {SELF}: {e}")),
    };
    folder.remove();
    result
}

/// Make this process (the judge) a child subreaper: orphans of the runs
/// come back to it rather than to process 1.
pub fn become_subreaper() {
    let _ = prctl::set_child_subreaper(true);
}

/// Run as a helper when `argv[0]` names one: its exit code; `None` for the
/// `meeple` command itself.
pub fn helper() -> Option<i32> {
    let mut args = std::env::args_os();
    let name = args.next()?;
    let rest: Vec<OsString> = args.collect();
    let arg = |i: usize| rest.get(i).cloned().unwrap_or_default();
    let text = |i: usize| arg(i).to_string_lossy().into_owned();
    match name.to_str()? {
        RUN => {
            let mode = Mode::from_arg(&text(0))?;
            let judge = text(1).parse().ok()?;
            let probing = text(4) == "probe";
            Some(run_helper(
                mode,
                Pid::from_raw(judge),
                Path::new(&arg(2)),
                &arg(3),
                probing,
            ))
        }
        INIT => Some(init_helper(Path::new(&arg(0)), &arg(1), text(2) == "probe")),
        EXEC => {
            let parent = text(0).parse().ok()?;
            Some(exec_helper(Pid::from_raw(parent), &arg(1)))
        }
        _ => None,
    }
}

/// Start with no signal blocked (the judge blocks SIGINT, SIGTERM and
/// SIGHUP in its threads, to take them in one thread of its own).
fn unblock_signals() {
    let _ = sigprocmask(SigmaskHow::SIG_SETMASK, Some(&SigSet::empty()), None);
}

/// Die with the parent, which must be `parent` (else it died already):
/// false when it has.
fn die_with(parent: Option<Pid>) -> bool {
    prctl::set_pdeathsig(Signal::SIGKILL).is_ok() && parent.is_none_or(|p| getppid() == p)
}

/// The status file's word: `exit N`, `signal N`, or `setup WHY` when the
/// program could not be started.
fn write_status(path: &Path, word: &str) {
    let _ = std::fs::write(path, word);
}

/// `meeple-judge-run MODE JUDGE STATUS PROGRAM [probe]`: contain one run.
fn run_helper(mode: Mode, judge: Pid, status: &Path, cmd: &OsString, probing: bool) -> i32 {
    unblock_signals();
    if !die_with(Some(judge)) {
        return 125;
    }
    if mode == Mode::Subreaper {
        return reaper(status, cmd);
    }
    if let Err(e) = enter_namespaces(mode) {
        write_status(status, &format!("setup {e}"));
        return 0;
    }
    let mut init = Command::new(SELF);
    init.arg0(INIT).arg(status).arg(cmd);
    if probing {
        init.arg("probe");
    }
    match init.spawn() {
        // Process 1 writes the status; when it has ended, so has every
        // process of the namespace.
        Ok(mut child) => {
            let _ = child.wait();
        }
        Err(e) => write_status(status, &format!("setup cannot start {INIT}: {e}")),
    }
    0
}

/// New PID and mount namespaces for the children of this process (and a
/// user namespace for it, where its own user and group are root: process 1,
/// which is started with `exec`, keeps the right to mount the namespace's
/// `/proc` only as root there; outside, it is the judge's user still).
fn enter_namespaces(mode: Mode) -> Result<(), String> {
    let mut flags = CloneFlags::CLONE_NEWPID | CloneFlags::CLONE_NEWNS;
    let (uid, gid) = (geteuid(), getegid());
    if mode == Mode::UserNamespace {
        flags |= CloneFlags::CLONE_NEWUSER;
    }
    unshare(flags).map_err(|e| format!("unshare: {}", e.desc()))?;
    if mode == Mode::UserNamespace {
        let write = |file: &str, text: String| {
            std::fs::write(format!("/proc/self/{file}"), text)
                .map_err(|e| format!("/proc/self/{file}: {e}"))
        };
        write("setgroups", "deny".to_string())?;
        write("uid_map", format!("0 {uid} 1\n"))?;
        write("gid_map", format!("0 {gid} 1\n"))?;
    }
    Ok(())
}

/// `meeple-judge-init STATUS PROGRAM [probe]`: process 1 of the run's PID
/// namespace. Mounts the namespace's own `/proc` (in its own mount
/// namespace), runs the program, reaps whatever is orphaned, and exits when
/// the shell has: the kernel then kills the rest of the namespace.
fn init_helper(status: &Path, cmd: &OsString, probing: bool) -> i32 {
    unblock_signals();
    let _ = die_with(None);
    let none: Option<&str> = None;
    let private = MsFlags::MS_REC | MsFlags::MS_PRIVATE;
    if mount(none, "/", none, private, none).is_ok() {
        let flags = MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC;
        let _ = mount(Some("proc"), "/proc", Some("proc"), flags, none);
    }
    if probing {
        write_status(status, "exit 0");
        return 0;
    }
    match Command::new("sh").arg("-c").arg(cmd).spawn() {
        Ok(child) => {
            let word = reap_until(Pid::from_raw(child.id() as i32));
            write_status(status, &word);
        }
        Err(e) => write_status(status, &format!("setup cannot start sh: {e}")),
    }
    0
}

/// The subreaper: runs the program, reaps orphans meanwhile, then kills
/// and reaps every process left below it before it writes the status.
fn reaper(status: &Path, cmd: &OsString) -> i32 {
    if let Err(e) = prctl::set_child_subreaper(true) {
        write_status(
            status,
            &format!("setup PR_SET_CHILD_SUBREAPER: {}", e.desc()),
        );
        return 0;
    }
    let spawned = Command::new(SELF)
        .arg0(EXEC)
        .arg(getpid().to_string())
        .arg(cmd)
        .spawn();
    match spawned {
        Ok(child) => {
            let word = reap_until(Pid::from_raw(child.id() as i32));
            if has_children() {
                sweep(&[]);
            }
            write_status(status, &word);
        }
        Err(e) => write_status(status, &format!("setup cannot start {EXEC}: {e}")),
    }
    0
}

/// `meeple-judge-exec PARENT PROGRAM`: the parent-death signal on the
/// program, then `sh -c PROGRAM` in place of this process.
fn exec_helper(parent: Pid, cmd: &OsString) -> i32 {
    unblock_signals();
    if !die_with(Some(parent)) {
        return 125;
    }
    let e = Command::new("sh").arg("-c").arg(cmd).exec();
    let _ = writeln!(std::io::stderr(), "meeple judge: cannot start sh: {e}");
    127
}

/// Reap children until `child` ends: its status word.
fn reap_until(child: Pid) -> String {
    loop {
        match waitpid(None, None) {
            Ok(WaitStatus::Exited(p, code)) if p == child => return format!("exit {code}"),
            Ok(WaitStatus::Signaled(p, sig, _)) if p == child => {
                return format!("signal {}", sig as i32)
            }
            Ok(_) | Err(Errno::EINTR) => {}
            Err(e) => return format!("setup waitpid: {}", e.desc()),
        }
    }
}

/// Whether this process has a child left (reaping those that ended).
fn has_children() -> bool {
    loop {
        match waitpid(None, Some(WaitPidFlag::WNOHANG)) {
            Ok(WaitStatus::StillAlive) => return true,
            Ok(_) | Err(Errno::EINTR) => {}
            Err(_) => return false,
        }
    }
}

/// How many times [`sweep`] looks again (a fork bomb keeps making more).
const ROUNDS: usize = 1000;

/// Kill (SIGKILL) every descendant of this process outside the subtrees of
/// `keep`, and reap those that are its children; again, until a look at
/// `/proc` finds none (at most [`ROUNDS`] looks). Returns how many were
/// killed. Orphans of a killed process come back to this process (a
/// subreaper), so each look finds what the previous one left.
pub fn sweep(keep: &[Pid]) -> usize {
    let me = getpid();
    let mut killed = 0;
    for _ in 0..ROUNDS {
        let table = processes();
        let found = descendants(&table, me, keep);
        if found.is_empty() {
            break;
        }
        for &(pid, _) in &found {
            let _ = kill(pid, Signal::SIGKILL);
        }
        for &(pid, parent) in &found {
            if parent == me {
                while waitpid(pid, None) == Err(Errno::EINTR) {}
            }
        }
        killed += found.len();
    }
    killed
}

/// Every process as (pid, parent), read from `/proc`.
fn processes() -> Vec<(Pid, Pid)> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|entry| {
        let pid: i32 = entry.ok()?.file_name().to_str()?.parse().ok()?;
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // `pid (name) state ppid …`: the name may hold spaces and parentheses.
        let after = &stat[stat.rfind(')')? + 1..];
        let ppid: i32 = after.split_whitespace().nth(1)?.parse().ok()?;
        Some((Pid::from_raw(pid), Pid::from_raw(ppid)))
    })
    .collect()
}

/// The descendants of `root` outside the subtrees of `keep`, as (pid,
/// parent), parents before children.
fn descendants(table: &[(Pid, Pid)], root: Pid, keep: &[Pid]) -> Vec<(Pid, Pid)> {
    let mut found = Vec::new();
    let mut parents = vec![root];
    while let Some(parent) = parents.pop() {
        for &(pid, ppid) in table {
            if ppid == parent && pid != root && !keep.contains(&pid) {
                found.push((pid, ppid));
                parents.push(pid);
            }
        }
        if found.len() > table.len() {
            break; // a cycle in a torn read of /proc
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descendants_skip_kept_subtrees() {
        let p = Pid::from_raw;
        let table = [
            (p(10), p(1)),
            (p(11), p(10)),
            (p(12), p(11)),
            (p(13), p(10)),
            (p(14), p(13)),
            (p(20), p(1)),
        ];
        let mut found: Vec<i32> = descendants(&table, p(10), &[p(13)])
            .iter()
            .map(|(pid, _)| pid.as_raw())
            .collect();
        found.sort();
        assert_eq!(found, [11, 12]);
        assert_eq!(descendants(&table, p(20), &[]), []);
    }

    #[test]
    fn modes_read_back_from_their_arguments() {
        for mode in [Mode::Namespace, Mode::UserNamespace, Mode::Subreaper] {
            assert_eq!(Mode::from_arg(mode.arg()), Some(mode));
        }
        assert_eq!(Mode::from_arg("chroot"), None);
    }
}

//! Running a contestant's program once: `sh -c PROGRAM` contained by a
//! helper (see [`super::contain`]) in a process group of its own, in a fresh
//! folder (see [`super::folder`]), the judge input on stdin, stdout and
//! stderr captured up to [`CAP`] bytes each, a time limit after which the
//! whole run is killed.
//!
//! When the program's shell ends, the helper sees to it that nothing it
//! started is left running; on a time-out the judge kills the helper's
//! process group, and whatever the helper leaves comes back to the judge (a
//! subreaper), which kills it too ([`super::contain::sweep`]). The run's
//! folder is removed when nothing can write to it any more. An interrupted
//! judge (SIGINT, SIGTERM, SIGHUP) does the same for the runs still going
//! before it exits: see [`kill_on_signal`].

use super::contain::{self, Mode, RUN, SELF};
use super::folder::{self, Folder};
use nix::errno::Errno;
use nix::sys::signal::{killpg, SigSet, Signal};
use nix::sys::wait::{waitid, waitpid, Id, WaitPidFlag};
use nix::unistd::{getpid, Pid};
use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The most bytes of stdout (its start) and of stderr (its end) kept.
pub const CAP: usize = 1 << 20;

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// Exited with this status.
    Exit(i32),
    /// Ended by this signal (not ours).
    Signal(i32),
    /// Still running at the time limit: killed with its group.
    TimedOut,
    /// `sh` could not be started, or the run could not be contained.
    SpawnFailed(String),
}

/// One run of the program.
#[derive(Clone, Debug)]
pub struct Ran {
    pub end: End,
    /// The start of stdout (at most [`CAP`] bytes).
    pub stdout: Vec<u8>,
    /// The end of stderr (at most [`CAP`] bytes).
    pub stderr: Vec<u8>,
    /// From the spawn to the end (or the kill).
    pub elapsed: Duration,
}

/// The runs going on now: each helper (the leader of the run's process
/// group) and the run's folder. Spawning a run and entering it here happen
/// under the lock, and so does every [`contain::sweep`], which spares these
/// helpers: a signal handled, or a sweep made, while the lock is held sees
/// every run started so far. A helper leaves the list once it is reaped.
static LIVE: Mutex<Vec<(Pid, PathBuf)>> = Mutex::new(Vec::new());

/// On SIGINT, SIGTERM or SIGHUP, kill every running program (they are
/// groups of their own, so a Ctrl-C at the terminal does not reach them),
/// remove the runs' folders and exit with 128 + the signal's number. The
/// signals are blocked in the calling thread, and so in every thread it
/// starts afterwards, and taken by a thread of their own with `sigwait`;
/// the helpers unblock every signal first thing, so programs start with
/// none blocked. Call it first, before any other thread is started.
pub fn kill_on_signal() {
    let mut set = SigSet::empty();
    for sig in [Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP] {
        set.add(sig);
    }
    if set.thread_block().is_err() {
        return;
    }
    std::thread::spawn(move || {
        if let Ok(sig) = set.wait() {
            // Held until the exit: no run starts after the kill.
            let live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
            for (helper, _) in live.iter() {
                let _ = killpg(*helper, Signal::SIGKILL);
            }
            for (helper, _) in live.iter() {
                while waitpid(*helper, None) == Err(Errno::EINTR) {}
            }
            contain::sweep(&[]);
            for (_, root) in live.iter() {
                folder::remove(root);
            }
            std::process::exit(128 + sig as i32);
        }
    });
}

/// How long the output pipes may stay open after the run is over: only a
/// process that could not be killed can hold them longer (one stuck in the
/// kernel), and then the output read so far is judged.
const GRACE: Duration = Duration::from_secs(1);

/// Read `from` to its end into `into`, keeping its first [`CAP`] bytes
/// (`tail`: its last), so that a chatty program never blocks on a full pipe.
fn drain(mut from: impl Read, tail: bool, into: &Mutex<Vec<u8>>) {
    let mut buf = [0u8; 8192];
    loop {
        match from.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                let mut kept = into.lock().unwrap_or_else(PoisonError::into_inner);
                if tail {
                    kept.extend_from_slice(&buf[..n]);
                    let len = kept.len();
                    if len > 2 * CAP {
                        kept.drain(..len - CAP);
                    }
                } else if kept.len() < CAP {
                    let take = n.min(CAP - kept.len());
                    kept.extend_from_slice(&buf[..take]);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
}

/// What `drain` has kept so far.
fn kept(buffer: &Mutex<Vec<u8>>, tail: bool) -> Vec<u8> {
    let mut kept = std::mem::take(&mut *buffer.lock().unwrap_or_else(PoisonError::into_inner));
    let len = kept.len();
    if tail && len > CAP {
        kept.drain(..len - CAP);
    }
    kept
}

/// The run's end from the helper's status word (see `contain`).
fn end_of(word: &str) -> Option<End> {
    let (kind, rest) = word.split_once(' ')?;
    match kind {
        "exit" => rest.parse().ok().map(End::Exit),
        "signal" => rest.parse().ok().map(End::Signal),
        "setup" => Some(End::SpawnFailed(rest.to_string())),
        _ => None,
    }
}

/// A run that never started.
fn not_started(why: String, start: Instant) -> Ran {
    Ran {
        end: End::SpawnFailed(why),
        stdout: Vec::new(),
        stderr: Vec::new(),
        elapsed: start.elapsed(),
    }
}

/// Run `sh -c cmd` on `input` within `limit`, contained as `mode` says, in
/// a fresh folder (`$MEEPLE_DIR` names the judge's working folder).
pub fn run(cmd: &str, mode: Mode, input: &str, limit: Duration) -> Ran {
    let start = Instant::now();
    let folder = match Folder::new() {
        Ok(f) => f,
        Err(e) => return not_started(format!("cannot make the run's folder: {e}"), start),
    };
    let mut command = Command::new(SELF);
    command
        .arg0(RUN)
        .args([mode.arg(), &getpid().to_string()])
        .arg(folder.status_path())
        .arg(cmd)
        .current_dir(folder.work())
        .env("TMPDIR", folder.tmp())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    if let Ok(here) = std::env::current_dir() {
        command.env("MEEPLE_DIR", here);
    }
    let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
    let mut child = match command.spawn() {
        Ok(c) => {
            live.push((Pid::from_raw(c.id() as i32), folder.root().to_path_buf()));
            drop(live);
            c
        }
        Err(e) => {
            drop(live);
            folder.remove();
            return not_started(format!("cannot start {SELF}: {e}"), start);
        }
    };
    let pid = Pid::from_raw(child.id() as i32);
    let (stdin, stdout, stderr) = (child.stdin.take(), child.stdout.take(), child.stderr.take());
    let (done, ended) = mpsc::channel();
    // The pipes' threads are not scoped: a process that cannot be killed
    // may keep a pipe open (or its input unread) long after the run.
    let input = input.to_string();
    std::thread::spawn(move || {
        if let Some(mut w) = stdin {
            // A program that does not read its input closes the pipe: fine.
            let _ = w.write_all(input.as_bytes());
        }
    });
    let (out_buf, err_buf) = (
        Arc::new(Mutex::new(Vec::new())),
        Arc::new(Mutex::new(Vec::new())),
    );
    let (drained, all_drained) = mpsc::channel();
    for (pipe, tail, buffer) in [
        (
            stdout.map(|r| Box::new(r) as Box<dyn Read + Send>),
            false,
            &out_buf,
        ),
        (
            stderr.map(|r| Box::new(r) as Box<dyn Read + Send>),
            true,
            &err_buf,
        ),
    ] {
        let (buffer, drained) = (buffer.clone(), drained.clone());
        std::thread::spawn(move || {
            if let Some(pipe) = pipe {
                drain(pipe, tail, &buffer);
            }
            let _ = drained.send(());
        });
    }
    let (timed_out, elapsed) = std::thread::scope(|s| {
        s.spawn(move || {
            // Wait for the exit without reaping, so the group id stays ours
            // until the group is killed below.
            while waitid(Id::Pid(pid), WaitPidFlag::WEXITED | WaitPidFlag::WNOWAIT)
                == Err(Errno::EINTR)
            {}
            let _ = done.send(());
        });
        let timed_out = ended.recv_timeout(limit).is_err();
        let elapsed = start.elapsed();
        // The helper and the program's group on a time-out (the rest dies
        // with the helper, or comes back to the judge), anything left in
        // the group in every case (ESRCH when nothing is left).
        let _ = killpg(pid, Signal::SIGKILL);
        (timed_out, elapsed)
    });
    let status = child.wait();
    let word = folder.status();
    {
        let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
        live.retain(|(helper, _)| *helper != pid);
        // A helper that did not see the program to its end may have left
        // processes: they came back to the judge.
        if timed_out || word.is_none() {
            let helpers: Vec<Pid> = live.iter().map(|(helper, _)| *helper).collect();
            contain::sweep(&helpers);
        }
    }
    let grace = Instant::now() + GRACE;
    for _ in 0..2 {
        let left = grace.saturating_duration_since(Instant::now());
        if all_drained.recv_timeout(left).is_err() {
            break;
        }
    }
    let (stdout, stderr) = (kept(&out_buf, false), kept(&err_buf, true));
    folder.remove();
    let end = match (&word, status) {
        _ if timed_out => End::TimedOut,
        (Some(word), _) => {
            end_of(word).unwrap_or_else(|| End::SpawnFailed(format!("the helper said `{word}`")))
        }
        // The helper itself was killed (by the program, or from outside).
        (None, Ok(st)) => match (st.signal(), st.code()) {
            (Some(sig), _) => End::Signal(sig),
            (None, Some(125)) => End::SpawnFailed("the judge ended".to_string()),
            (None, code) => End::SpawnFailed(format!(
                "the helper {RUN} ended with status {} and no word",
                code.unwrap_or(-1)
            )),
        },
        (None, Err(e)) => End::SpawnFailed(e.to_string()),
    };
    Ran {
        end,
        stdout,
        stderr,
        elapsed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_words_read_back() {
        assert_eq!(end_of("exit 3"), Some(End::Exit(3)));
        assert_eq!(end_of("signal 11"), Some(End::Signal(11)));
        assert_eq!(
            end_of("setup unshare: EPERM"),
            Some(End::SpawnFailed("unshare: EPERM".into()))
        );
        assert_eq!(end_of("exit"), None);
        assert_eq!(end_of("done 0"), None);
    }
}

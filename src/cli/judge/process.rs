//! Running a contestant's program once: `sh -c PROGRAM` in a process group
//! of its own, the judge input on stdin, stdout and stderr captured up to
//! [`CAP`] bytes each, a time limit after which the whole group is killed.
//!
//! The group is killed (SIGKILL) after every run, not only on a time-out,
//! and before the program's shell is reaped: whatever it left running in
//! the background is gone too, and the group's id cannot have been reused.
//! Nothing is written to disk. An interrupted judge (SIGINT, SIGTERM,
//! SIGHUP) kills the groups still running before it exits: see
//! [`kill_on_signal`].

use nix::errno::Errno;
use nix::sys::signal::{killpg, SigSet, Signal};
use nix::sys::wait::{waitid, Id, WaitPidFlag};
use nix::unistd::Pid;
use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
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
    /// `sh` could not be started.
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

/// The process groups of the runs going on now. Spawning a run and
/// entering its group here happen under the lock, so a signal handled
/// while the lock is held sees every group started so far.
static LIVE: Mutex<Vec<Pid>> = Mutex::new(Vec::new());

/// On SIGINT, SIGTERM or SIGHUP, kill every running program's process group
/// (they are groups of their own, so a Ctrl-C at the terminal does not reach
/// them) and exit with 128 + the signal's number. The signals are blocked in
/// the calling thread, and so in every thread it starts afterwards, and taken
/// by a thread of their own with `sigwait`; the programs start with no signal
/// blocked (the standard library clears the mask before `exec`). Call it
/// first, before any other thread is started.
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
            for &group in live.iter() {
                let _ = killpg(group, Signal::SIGKILL);
            }
            std::process::exit(128 + sig as i32);
        }
    });
}

/// How long the output pipes may stay open after the group is killed: only
/// a process that left the group (`setsid`) can hold them longer, and then
/// the output read so far is judged.
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

/// Run `sh -c cmd` on `input` within `limit`.
pub fn run(cmd: &str, input: &str, limit: Duration) -> Ran {
    let start = Instant::now();
    let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
    let spawned = Command::new("sh")
        .arg("-c")
        .arg(cmd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn();
    let mut child = match spawned {
        Ok(c) => {
            live.push(Pid::from_raw(c.id() as i32));
            drop(live);
            c
        }
        Err(e) => {
            return Ran {
                end: End::SpawnFailed(e.to_string()),
                stdout: Vec::new(),
                stderr: Vec::new(),
                elapsed: start.elapsed(),
            }
        }
    };
    let pid = Pid::from_raw(child.id() as i32);
    let (stdin, stdout, stderr) = (child.stdin.take(), child.stdout.take(), child.stderr.take());
    let (done, ended) = mpsc::channel();
    // The pipes' threads are not scoped: a process that left the group may
    // keep a pipe open (or its input unread) long after the run.
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
    let (stdout, stderr, timed_out, elapsed) = std::thread::scope(|s| {
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
        // The whole group: the program on a time-out, and anything it left
        // behind in every case (ESRCH when nothing is left).
        let _ = killpg(pid, Signal::SIGKILL);
        LIVE.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|&group| group != pid);
        let grace = Instant::now() + GRACE;
        for _ in 0..2 {
            let left = grace.saturating_duration_since(Instant::now());
            if all_drained.recv_timeout(left).is_err() {
                break;
            }
        }
        (
            kept(&out_buf, false),
            kept(&err_buf, true),
            timed_out,
            elapsed,
        )
    });
    let status = child.wait();
    let end = match status {
        _ if timed_out => End::TimedOut,
        Ok(st) => match (st.code(), st.signal()) {
            (Some(c), _) => End::Exit(c),
            (None, Some(sig)) => End::Signal(sig),
            (None, None) => End::Exit(-1),
        },
        Err(e) => End::SpawnFailed(e.to_string()),
    };
    Ran {
        end,
        stdout,
        stderr,
        elapsed,
    }
}

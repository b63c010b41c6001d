//! The server's background threads, bounded: the answers of a document
//! (one run per document at a time, at most [`ANSWER_RUNS`] at once) and
//! "Fill in expectations" code actions (at most [`ACTION_RUNS`] at once);
//! the rest wait in line. An edit cancels the document's run (the next
//! starts once it has stopped) and its code actions; `$/cancelRequest`
//! cancels a code action, running or waiting.

use lsp_server::RequestId;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Background runs of documents' answers at once.
pub(super) const ANSWER_RUNS: usize = 2;

/// Code actions computed at once.
pub(super) const ACTION_RUNS: usize = 2;

/// A code action asked for, not started yet.
pub(super) struct Action {
    pub id: RequestId,
    pub uri: String,
    /// The version of the document asked about.
    pub version: i32,
    pub offset: usize,
}

struct Running {
    uri: String,
    cancel: Arc<AtomicBool>,
    /// Answered `RequestCancelled` already: its thread's reply is dropped.
    answered: bool,
}

#[derive(Default)]
pub(super) struct Work {
    /// Documents whose answers are being computed.
    busy: HashSet<String>,
    /// Documents waiting for a run, oldest first, each once.
    waiting: VecDeque<String>,
    /// Code actions on a thread (until it ends, cancelled or not, so the
    /// bound holds): their document and cancel flag.
    running: HashMap<RequestId, Running>,
    /// Code actions waiting for a thread.
    queued: VecDeque<Action>,
}

impl Work {
    /// The answers of `uri` are wanted (again).
    pub fn want_answers(&mut self, uri: &str) {
        if !self.waiting.iter().any(|u| u == uri) {
            self.waiting.push_back(uri.to_string());
        }
    }

    /// `uri` was closed: no run waits for it.
    pub fn forget(&mut self, uri: &str) {
        self.waiting.retain(|u| u != uri);
    }

    /// The next document to start a run for, if a thread may start and
    /// a document waiting has no run going; it counts as running from now.
    pub fn next_answers(&mut self) -> Option<String> {
        if self.busy.len() >= ANSWER_RUNS {
            return None;
        }
        let i = self.waiting.iter().position(|u| !self.busy.contains(u))?;
        let uri = self.waiting.remove(i)?;
        self.busy.insert(uri.clone());
        Some(uri)
    }

    /// The run of `uri` ended (or was never started).
    pub fn answers_done(&mut self, uri: &str) {
        self.busy.remove(uri);
    }

    pub fn queue_action(&mut self, action: Action) {
        self.queued.push_back(action);
    }

    /// The next code action to start, if a thread may start.
    pub fn next_action(&mut self) -> Option<Action> {
        if self.running.len() >= ACTION_RUNS {
            return None;
        }
        self.queued.pop_front()
    }

    /// A code action now runs on a thread, stopped by `cancel`.
    pub fn started(&mut self, id: RequestId, uri: String, cancel: Arc<AtomicBool>) {
        let answered = false;
        self.running.insert(
            id,
            Running {
                uri,
                cancel,
                answered,
            },
        );
    }

    /// A code action's thread ended: `true` when its reply is still
    /// wanted (it was not cancelled and answered already).
    pub fn action_done(&mut self, id: &RequestId) -> bool {
        self.running.remove(id).is_some_and(|r| !r.answered)
    }

    /// `$/cancelRequest`: `true` when the request was running (now told to
    /// stop; its thread still counts until it ends) or waiting (now
    /// dropped), so it is to be answered as cancelled.
    pub fn cancel(&mut self, id: &RequestId) -> bool {
        if let Some(r) = self.running.get_mut(id) {
            r.cancel.store(true, Ordering::Relaxed);
            return !std::mem::replace(&mut r.answered, true);
        }
        let before = self.queued.len();
        self.queued.retain(|a| &a.id != id);
        self.queued.len() < before
    }

    /// `uri` changed: its running code actions stop (and answer that the
    /// content changed).
    pub fn edited(&mut self, uri: &str) {
        for r in self.running.values() {
            if r.uri == uri {
                r.cancel.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Threads running now: for tests and the log.
    pub fn threads(&self) -> usize {
        self.busy.len() + self.running.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_run_per_document_and_a_bounded_number_in_all() {
        let mut w = Work::default();
        for uri in ["a", "a", "b", "c"] {
            w.want_answers(uri);
        }
        assert_eq!(w.next_answers().as_deref(), Some("a"));
        // `a` again while its run goes: it waits for that run to end.
        w.want_answers("a");
        assert_eq!(w.next_answers().as_deref(), Some("b"));
        assert_eq!(w.next_answers(), None, "{ANSWER_RUNS} at once");
        w.answers_done("b");
        assert_eq!(w.next_answers().as_deref(), Some("c"));
        w.answers_done("c");
        assert_eq!(w.next_answers(), None, "a's second run waits for its first");
        w.answers_done("a");
        assert_eq!(w.next_answers().as_deref(), Some("a"));
        assert_eq!(w.threads(), 1);
    }

    #[test]
    fn cancelled_actions_stop_or_never_start() {
        let mut w = Work::default();
        for i in 0..4 {
            w.queue_action(Action {
                id: RequestId::from(i),
                uri: "a".into(),
                version: 1,
                offset: 0,
            });
        }
        let mut flags = Vec::new();
        while let Some(a) = w.next_action() {
            let flag = Arc::new(AtomicBool::new(false));
            w.started(a.id, a.uri, flag.clone());
            flags.push(flag);
        }
        assert_eq!(flags.len(), ACTION_RUNS);
        assert!(w.cancel(&RequestId::from(0)));
        assert!(flags[0].load(Ordering::Relaxed));
        assert!(!w.cancel(&RequestId::from(0)), "answered once");
        // Its thread still runs: no other starts until it ends.
        assert!(w.next_action().is_none());
        assert!(!w.action_done(&RequestId::from(0)), "answered already");
        assert!(w.cancel(&RequestId::from(3)), "waiting: dropped");
        assert!(!w.cancel(&RequestId::from(3)));
        assert!(!w.cancel(&RequestId::from(99)));
        w.edited("a");
        assert!(flags[1].load(Ordering::Relaxed));
        assert!(w.action_done(&RequestId::from(1)));
        assert_eq!(w.next_action().map(|a| a.id), Some(RequestId::from(2)));
    }
}

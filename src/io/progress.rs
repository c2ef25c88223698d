//! Progress and cancellation of a long read or write, for whoever watches it
//! from another thread (the window's progress bar and its Cancel button).
//!
//! The watcher makes a [`Progress`], hands it to the worker thread, which runs
//! the read or write inside [`with_progress`]; the readers and writers of this
//! module report their [`Stage`] and how far into it they are, and stop with
//! [`IoError::Cancelled`](super::IoError::Cancelled) at the next report after
//! [`Progress::cancel`]. Outside [`with_progress`] the reports cost nothing.

use super::IoError;
use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering::Relaxed};

/// What a read or write is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Not started yet.
    Waiting,
    /// Reading the file's bytes.
    Reading,
    /// Parsing the text.
    Parsing,
    /// Building the mesh and the board, and checking them.
    Building,
    /// Checking the board before it is written.
    Checking,
    /// Writing the text and the file.
    Writing,
}

impl Stage {
    /// Every stage, in the order of their discriminants.
    const ALL: [Stage; 6] = [
        Stage::Waiting,
        Stage::Reading,
        Stage::Parsing,
        Stage::Building,
        Stage::Checking,
        Stage::Writing,
    ];

    /// What the window says while in this stage.
    pub fn text(self) -> &'static str {
        match self {
            Stage::Waiting => "Starting",
            Stage::Reading => "Reading the file",
            Stage::Parsing => "Parsing",
            Stage::Building => "Building the board",
            Stage::Checking => "Checking the board",
            Stage::Writing => "Writing the file",
        }
    }

    /// The share of the whole job done when this stage starts and when it
    /// ends (measured on a 1M-face native board: reading ~10 %, parsing ~35 %,
    /// building and checking the rest; checking ~25 % of a save).
    fn span(self) -> (f32, f32) {
        match self {
            Stage::Waiting => (0.0, 0.0),
            Stage::Reading => (0.0, 0.1),
            Stage::Parsing => (0.1, 0.45),
            Stage::Building => (0.45, 1.0),
            Stage::Checking => (0.0, 0.25),
            Stage::Writing => (0.25, 1.0),
        }
    }
}

/// How far a read or write has come, and whether it should stop.
#[derive(Debug, Default)]
pub struct Progress {
    stage: AtomicU8,
    done: AtomicU64,
    total: AtomicU64,
    cancelled: AtomicBool,
}

impl Progress {
    pub fn new() -> Arc<Progress> {
        Arc::new(Progress::default())
    }

    /// Ask the work to stop at its next report.
    pub fn cancel(&self) {
        self.cancelled.store(true, Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Relaxed)
    }

    pub fn stage(&self) -> Stage {
        Stage::ALL
            .get(self.stage.load(Relaxed) as usize)
            .copied()
            .unwrap_or(Stage::Waiting)
    }

    /// An estimate of the share of the whole job done, 0..1: where the stage
    /// starts, and within a stage that counts (reading counts bytes) how far
    /// into it.
    pub fn fraction(&self) -> f32 {
        let (start, end) = self.stage().span();
        let total = self.total.load(Relaxed);
        let within = if total == 0 {
            0.0
        } else {
            (self.done.load(Relaxed) as f64 / total as f64).clamp(0.0, 1.0) as f32
        };
        start + (end - start) * within
    }

    fn enter(&self, stage: Stage, total: u64) {
        self.done.store(0, Relaxed);
        self.total.store(total, Relaxed);
        self.stage.store(stage as u8, Relaxed);
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Arc<Progress>>> = const { RefCell::new(None) };
}

/// Run `work` on this thread with `progress` receiving its reports.
pub fn with_progress<T>(progress: Arc<Progress>, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<Arc<Progress>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            CURRENT.with(|c| *c.borrow_mut() = self.0.take());
        }
    }
    let _restore = Restore(CURRENT.with(|c| c.borrow_mut().replace(progress)));
    work()
}

fn current<T>(f: impl FnOnce(&Progress) -> T) -> Option<T> {
    CURRENT.with(|c| c.borrow().as_deref().map(f))
}

/// Report the start of `stage` (of `total` units, 0 when not counted);
/// `Err(Cancelled)` when the watcher asked to stop.
pub(crate) fn stage(stage: Stage, total: u64) -> Result<(), IoError> {
    match current(|p| {
        p.enter(stage, total);
        p.is_cancelled()
    }) {
        Some(true) => Err(IoError::Cancelled),
        _ => Ok(()),
    }
}

/// Report `n` more units of the current stage done; `Err(Cancelled)` when the
/// watcher asked to stop.
pub(crate) fn advance(n: u64) -> Result<(), IoError> {
    match current(|p| {
        p.done.fetch_add(n, Relaxed);
        p.is_cancelled()
    }) {
        Some(true) => Err(IoError::Cancelled),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_reach_the_watcher_only_inside_with_progress() {
        assert!(stage(Stage::Reading, 10).is_ok());
        let p = Progress::new();
        with_progress(p.clone(), || {
            stage(Stage::Reading, 10).unwrap();
            advance(5).unwrap();
        });
        assert_eq!(p.stage(), Stage::Reading);
        assert!((p.fraction() - 0.05).abs() < 1e-6);
        // Outside, reports go nowhere again.
        advance(5).unwrap();
        assert!((p.fraction() - 0.05).abs() < 1e-6);
    }

    #[test]
    fn a_cancelled_job_stops_at_its_next_report() {
        let p = Progress::new();
        let r = with_progress(p.clone(), || {
            stage(Stage::Parsing, 0)?;
            p.cancel();
            stage(Stage::Building, 0)
        });
        assert!(matches!(r, Err(IoError::Cancelled)));
        assert_eq!(p.stage(), Stage::Building);
    }
}

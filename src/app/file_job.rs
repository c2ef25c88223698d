//! Opening and saving big files on a worker thread: the window stays
//! responsive and shows a progress bar with Cancel while the file is read or
//! written (the work itself is the same as for small files, see
//! [`super::files`]). While a job runs the rest of the window is disabled,
//! so the document cannot change under it.

use super::command::Then;
use super::files;
use crate::board::Board;
use crate::io::progress::{self, Progress};
use eframe::egui;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Files at least this large are opened on a worker thread.
pub const BIG_FILE_BYTES: u64 = 8 << 20;
/// Boards with at least this many faces are saved on a worker thread.
pub const BIG_BOARD_FACES: usize = 100_000;

/// What a job was started for, and what waits for it.
pub enum JobKind {
    /// Open a file; `dropped`: how many files came with it.
    Open { dropped: usize },
    /// Save the board as it was at `revision`, then carry out `then`.
    Save { revision: u64, then: Then },
}

impl JobKind {
    /// The output of a job of this kind that failed with `msg`.
    fn failure(&self, msg: String) -> JobOutput {
        match self {
            JobKind::Open { .. } => JobOutput::Opened(Err(msg)),
            JobKind::Save { .. } => JobOutput::Saved(Err(msg)),
        }
    }
}

/// What a finished job produced.
pub enum JobOutput {
    Opened(Result<files::Opened, String>),
    Saved(Result<(), String>),
}

/// A file being opened or saved on a worker thread.
pub struct FileJob {
    pub path: PathBuf,
    pub kind: JobKind,
    progress: Arc<Progress>,
    rx: mpsc::Receiver<JobOutput>,
}

impl FileJob {
    /// Start opening `path`; the worker waits `delay` first (see
    /// [`super::App::file_job_delay`]).
    pub fn open(path: &Path, dropped: usize, delay: Duration) -> FileJob {
        let p = path.to_path_buf();
        Self::start(path, JobKind::Open { dropped }, delay, move || {
            JobOutput::Opened(files::open_path(&p))
        })
    }

    /// Start saving `board` (a copy of the document's board at `revision`).
    pub fn save(board: Board, revision: u64, path: &Path, then: Then, delay: Duration) -> FileJob {
        let p = path.to_path_buf();
        Self::start(path, JobKind::Save { revision, then }, delay, move || {
            JobOutput::Saved(files::save_board(&board, &p))
        })
    }

    fn start(
        path: &Path,
        kind: JobKind,
        delay: Duration,
        work: impl FnOnce() -> JobOutput + Send + 'static,
    ) -> FileJob {
        let progress = Progress::new();
        let (tx, rx) = mpsc::channel();
        let failed_tx = tx.clone();
        let p = progress.clone();
        let spawned = std::thread::Builder::new()
            .name("boardwright-file".into())
            .spawn(move || {
                let until = Instant::now() + delay;
                while Instant::now() < until && !p.is_cancelled() {
                    std::thread::sleep(Duration::from_millis(5));
                }
                let out = progress::with_progress(p, work);
                // The window may have gone (closed while working): nothing to tell.
                let _ = tx.send(out);
            });
        if let Err(e) = spawned {
            // No thread: the job fails at once, saying why.
            let msg = format!("cannot start reading or writing {}: {e}", path.display());
            let _ = failed_tx.send(kind.failure(msg));
        }
        FileJob {
            path: path.to_path_buf(),
            kind,
            progress,
            rx,
        }
    }

    /// The job's result once it is done.
    pub fn poll(&self) -> Option<JobOutput> {
        match self.rx.try_recv() {
            Ok(out) => Some(out),
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => Some(self.failed()),
        }
    }

    /// Wait for the job's result (tests, and quitting with a save under way).
    pub fn wait(&self) -> JobOutput {
        self.rx.recv().unwrap_or_else(|_| self.failed())
    }

    fn failed(&self) -> JobOutput {
        self.kind.failure(format!(
            "reading or writing {} stopped unexpectedly",
            self.path.display()
        ))
    }

    /// Ask the worker to stop; its result (an error) is then dropped.
    pub fn cancel(&self) {
        self.progress.cancel();
    }

    pub fn is_cancelled(&self) -> bool {
        self.progress.is_cancelled()
    }

    /// "Opening big.ron" / "Saving big.ron".
    pub fn title(&self) -> String {
        let name = self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        match self.kind {
            JobKind::Open { .. } => format!("Opening {name}"),
            JobKind::Save { .. } => format!("Saving {name}"),
        }
    }

    /// The progress window: what is being done, a progress bar and Cancel
    /// (or Esc), which cancels the job.
    pub fn show(&self, ctx: &egui::Context) {
        egui::Modal::new(egui::Id::unique("file_job")).show(ctx, |ui| {
            ui.set_width(360.0);
            ui.heading(self.title());
            ui.add_space(4.0);
            let stage = if self.is_cancelled() {
                "Stopping…"
            } else {
                self.progress.stage().text()
            };
            ui.add(
                egui::ProgressBar::new(self.progress.fraction())
                    .text(stage)
                    .animate(true),
            );
            ui.add_space(6.0);
            let cancel = ui.add_enabled(!self.is_cancelled(), egui::Button::new("Cancel"));
            if cancel.clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                self.cancel();
            }
        });
        // Keep the bar moving while the worker works.
        ctx.request_repaint_after(Duration::from_millis(50));
    }
}

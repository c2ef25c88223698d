//! Which games can be played on the document's board, for the Play tab's game
//! setup, the Analyze tab and the question a board opened during a game asks:
//! computed once per board revision (the workspace keeps one check for all of
//! them), at once on a small board and on a worker thread on a big one, so that
//! the window does not stop while every game's rules are tried on a million
//! faces (11 s). Nothing waits for it: what needs the answer (New game, the
//! question) waits for it across frames.

use crate::board::Board;
use crate::game::BoardFit;
use eframe::egui;
use std::sync::mpsc;

/// Boards with more faces than this are checked on a worker thread (11 s on a
/// million faces); smaller ones at once.
pub const CHECKED_INLINE_UP_TO: usize = 20_000;

/// What the panels show while a big board is checked.
pub const CHECKING: &str = "Checking the board…";

/// A reason from the rules, with arrows the UI font lacks spelled in ASCII.
pub fn displayable(text: &str) -> String {
    text.trim()
        .replace('→', "->")
        .replace('↔', "<->")
        .replace('←', "<-")
}

/// Which games suit the board at one revision of it.
struct Known {
    revision: u64,
    faces: usize,
    fit: BoardFit,
}

impl Known {
    /// Try every game's rules on `board` (as it is at `revision`); reasons
    /// are spelled for the UI font.
    fn check(board: &Board, revision: u64) -> Known {
        Known {
            revision,
            faces: board.face_count(),
            fit: BoardFit::of(board).map_reasons(displayable),
        }
    }

    fn is_for(&self, board: &Board, revision: u64) -> bool {
        self.revision == revision && self.faces == board.face_count()
    }
}

/// A board's check running on a worker: its answer to come.
struct Running {
    answer: mpsc::Receiver<Known>,
}

/// What suits the board at its latest revision checked ([`BoardFit`]), and the
/// worker that checks a big board.
#[derive(Default)]
pub struct SuitabilityCheck {
    known: Option<Known>,
    running: Option<Running>,
    /// How long a worker waits before it checks (zero; tests lengthen it to
    /// see what the window does while a big board is checked).
    pub(crate) delay: std::time::Duration,
}

impl SuitabilityCheck {
    /// Which games suit `board` at `revision`, without waiting: a big board is
    /// checked on a worker (started here), and until it answers this is
    /// `None`. One worker at a time: a check of an older revision finishes,
    /// and a later call starts this one.
    pub fn poll(&mut self, board: &Board, revision: u64) -> Option<&BoardFit> {
        if let Some(r) = &self.running {
            match r.answer.try_recv() {
                Ok(s) => {
                    self.running = None;
                    self.known = Some(s);
                }
                Err(mpsc::TryRecvError::Empty) => {}
                Err(mpsc::TryRecvError::Disconnected) => self.running = None,
            }
        }
        if self.known_for(board, revision).is_none() {
            if board.face_count() <= CHECKED_INLINE_UP_TO {
                self.known = Some(Known::check(board, revision));
            } else if self.running.is_none() {
                self.start(board, revision);
            }
        }
        self.known_for(board, revision)
    }

    /// [`SuitabilityCheck::poll`] on a small board (checked at once); on a
    /// big one only what is known already, without starting a worker (for a
    /// choice that can wait for a tab that shows the answer).
    pub fn known(&mut self, board: &Board, revision: u64) -> Option<&BoardFit> {
        if board.face_count() <= CHECKED_INLINE_UP_TO {
            return self.poll(board, revision);
        }
        self.known_for(board, revision)
    }

    /// What is known, if it is about `board` at `revision`.
    fn known_for(&self, board: &Board, revision: u64) -> Option<&BoardFit> {
        self.known
            .as_ref()
            .filter(|k| k.is_for(board, revision))
            .map(|k| &k.fit)
    }

    fn start(&mut self, board: &Board, revision: u64) {
        let (tx, answer) = mpsc::channel();
        let copy = board.clone();
        let delay = self.delay;
        let spawned = std::thread::Builder::new()
            .name("boardwright-suitability".into())
            .spawn(move || {
                std::thread::sleep(delay);
                let _ = tx.send(Known::check(&copy, revision));
            });
        match spawned {
            Ok(_) => self.running = Some(Running { answer }),
            // No thread: check here.
            Err(_) => self.known = Some(Known::check(board, revision)),
        }
    }

    /// Whether a big board's check is running on a worker.
    pub fn checking(&self) -> bool {
        self.running.is_some()
    }
}

/// What a panel shows while a big board is checked: a spinner, [`CHECKING`],
/// and the board's size; it asks for the frames that will show the answer.
pub fn checking_ui(ui: &mut egui::Ui, board: &Board) {
    ui.horizontal(|ui| {
        ui.spinner();
        ui.label(CHECKING);
    });
    ui.weak(format!(
        "which games suit its {} faces",
        crate::game::engine::group_digits(board.face_count() as u64)
    ));
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_millis(100));
}

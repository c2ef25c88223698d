//! Which games can be played on the document's board, for the Play tab's game
//! setup and the Analyze tab: computed once per board revision, at once on a
//! small board and on a worker thread on a big one, so that the window does not
//! stop while every game's rules are tried on a million faces (11 s).

use crate::board::Board;
use crate::game::{RulesKind, suitability, suitability_with};
use crate::rules::{BoardNote, GameOptions};
use eframe::egui;
use std::sync::mpsc;

/// Boards with more faces than this are checked on a worker thread (a second
/// on 100,000 faces, 11 s on a million); smaller ones at once.
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

/// Whether each game can run on a board, at one revision of it.
#[derive(Clone, Debug)]
pub struct Suitability {
    revision: u64,
    faces: usize,
    /// Per [`RulesKind::ALL`]: `Err(reason)` when the rules cannot run.
    plain: Vec<Result<(), String>>,
    /// Per [`RulesKind::ALL`]: why the swap rule cannot be used on this board,
    /// for games that have one and can run here (`Ok` for the others).
    swap: Vec<Result<(), String>>,
    /// Per [`RulesKind::ALL`]: what to know about the game on this board
    /// (Hex: it may end in a draw), for games that can run here.
    notes: Vec<Option<BoardNote>>,
}

/// The position of `kind` in [`RulesKind::ALL`].
fn index(kind: RulesKind) -> usize {
    RulesKind::ALL.iter().position(|&k| k == kind).unwrap_or(0)
}

impl Suitability {
    /// Try every game's rules on `board` (as it is at `revision`).
    pub fn compute(board: &Board, revision: u64) -> Suitability {
        let plain: Vec<_> = RulesKind::ALL
            .iter()
            .map(|&k| suitability(k, board).map_err(|e| displayable(&e.0)))
            .collect();
        let swap = RulesKind::ALL
            .iter()
            .zip(&plain)
            .map(|(&k, ok)| {
                if k.has_swap() && ok.is_ok() {
                    let options = GameOptions {
                        swap: true,
                        ..GameOptions::default()
                    };
                    suitability_with(k, board, &options).map_err(|e| displayable(&e.0))
                } else {
                    Ok(())
                }
            })
            .collect();
        let notes = RulesKind::ALL
            .iter()
            .zip(&plain)
            .map(|(&k, ok)| ok.as_ref().ok().and_then(|()| k.entry().board_note(board)))
            .collect();
        Suitability {
            revision,
            faces: board.face_count(),
            plain,
            swap,
            notes,
        }
    }

    fn is_for(&self, board: &Board, revision: u64) -> bool {
        self.revision == revision && self.faces == board.face_count()
    }

    /// Whether `kind` can be played on the board, and if not why.
    pub fn plain(&self, kind: RulesKind) -> Result<(), String> {
        self.plain[index(kind)].clone()
    }

    /// Why `kind`'s swap rule cannot be used on the board (`Ok` when it can,
    /// and for games without one or that cannot be played here).
    pub fn swap(&self, kind: RulesKind) -> Result<(), String> {
        self.swap[index(kind)].clone()
    }

    /// Whether `kind` can be played on the board with the swap rule on or off
    /// (a game without a swap rule ignores it), and if not why.
    pub fn with_swap(&self, kind: RulesKind, swap: bool) -> Result<(), String> {
        self.plain(kind)?;
        if swap && kind.has_swap() {
            self.swap(kind)
        } else {
            Ok(())
        }
    }

    /// What to know about `kind` on the board, which it suits (Hex: it may end
    /// in a draw).
    pub fn note(&self, kind: RulesKind) -> Option<&BoardNote> {
        self.notes[index(kind)].as_ref()
    }
}

/// A board's check running on a worker.
struct Running {
    revision: u64,
    faces: usize,
    answer: mpsc::Receiver<Suitability>,
}

/// [`Suitability`] kept for the board's latest revision, and the worker that
/// checks a big board.
#[derive(Default)]
pub struct SuitabilityCheck {
    known: Option<Suitability>,
    running: Option<Running>,
}

impl SuitabilityCheck {
    /// Which games suit `board` at `revision`, without waiting: a big board is
    /// checked on a worker (started here), and until it answers this is
    /// `None`. One worker at a time: a check of an older revision finishes,
    /// and a later call starts this one.
    pub fn poll(&mut self, board: &Board, revision: u64) -> Option<&Suitability> {
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
        if !self
            .known
            .as_ref()
            .is_some_and(|s| s.is_for(board, revision))
        {
            if board.face_count() <= CHECKED_INLINE_UP_TO {
                self.known = Some(Suitability::compute(board, revision));
            } else {
                if self.running.is_none() {
                    self.start(board, revision);
                }
                return self.known.as_ref().filter(|s| s.is_for(board, revision));
            }
        }
        self.known.as_ref()
    }

    fn start(&mut self, board: &Board, revision: u64) {
        let (tx, answer) = mpsc::channel();
        let copy = board.clone();
        let spawned = std::thread::Builder::new()
            .name("boardwright-suitability".into())
            .spawn(move || {
                let _ = tx.send(Suitability::compute(&copy, revision));
            });
        match spawned {
            Ok(_) => {
                self.running = Some(Running {
                    revision,
                    faces: board.face_count(),
                    answer,
                })
            }
            // No thread: check here.
            Err(_) => self.known = Some(Suitability::compute(board, revision)),
        }
    }

    /// Which games suit `board` at `revision`, waiting for the check when it
    /// is not done (for a decision that cannot wait, such as starting a game).
    pub fn wait(&mut self, board: &Board, revision: u64) -> &Suitability {
        if self.poll(board, revision).is_none() {
            if let Some(r) = self.running.take()
                && r.revision == revision
                && r.faces == board.face_count()
                && let Ok(s) = r.answer.recv()
            {
                self.known = Some(s);
            }
            if !self
                .known
                .as_ref()
                .is_some_and(|s| s.is_for(board, revision))
            {
                self.known = Some(Suitability::compute(board, revision));
            }
        }
        self.known
            .get_or_insert_with(|| Suitability::compute(board, revision))
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

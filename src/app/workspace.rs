//! State shared by every mode of the window: the board being edited (the
//! [`Document`]), the status line, the persisted UI settings, and the queue of
//! [`Command`]s the panels send during a frame (the app carries them out at its end).

use super::command::Command;
use super::suitability::SuitabilityCheck;
use crate::board::Board;
use crate::edit::{BoardEdit, EditError, EditOutcome, History};
use crate::game::BoardFit;
use crate::mesh::FaceId;
use crate::mesh::spatial::FaceIndex;
use eframe::egui;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// How many edits the undo history keeps.
pub const HISTORY_DEPTH: usize = 500;

/// The board being edited, its undo history and where it is saved.
///
/// The board only changes through [`BoardEdit`] commands applied here (or by
/// replacing the whole document), so every change is undoable and bumps
/// [`Document::revision`], which the canvases use as their cache key.
pub struct Document {
    board: Board,
    history: History,
    /// The RON file this board was loaded from or last saved to (None for new
    /// boards, presets and imports, which "Save" asks a path for).
    pub path: Option<PathBuf>,
    revision: u64,
    /// The history's state ([`History::state`]) at the last save or load,
    /// `None` when the saved file matches no state of the history (a board
    /// restored from an autosave, or never saved): the board is unsaved
    /// exactly when the history is at another state.
    saved_state: Option<u64>,
    /// The newest revision bumps, oldest first: the revision reached, the
    /// faces the change may have redrawn (`None`: everything; see
    /// [`Document::affected_since`]) and the history's state then.
    journal: std::collections::VecDeque<(u64, Option<Vec<FaceId>>, u64)>,
    /// The board's spatial index, kept up to date edit by edit: edits check
    /// drawn faces and moved vertices for overlaps through it (instead of
    /// scanning the whole board), and the editor picks faces, edges and
    /// vertices with it. The one index of the document's board (the editor's
    /// canvas keeps none of its own: a second is 36 MB at 1M faces).
    index: FaceIndex,
    /// Counts the times the whole board was replaced ([`Document::replace`]).
    replaced: u64,
}

/// Revision bumps the journal remembers (a view further behind rebuilds).
const JOURNAL_LEN: usize = 64;

impl Document {
    /// A clean document (not dirty).
    pub fn new(board: Board, path: Option<PathBuf>) -> Document {
        Document {
            history: History::new(HISTORY_DEPTH),
            path,
            revision: 1,
            saved_state: Some(0),
            journal: Default::default(),
            index: FaceIndex::build(board.mesh()),
            board,
            replaced: 0,
        }
    }

    /// Changes when another board takes this one's place (New, Open, the
    /// generator, a restored autosave), not when the board is edited.
    pub fn replaced(&self) -> u64 {
        self.replaced
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn history(&self) -> &History {
        &self.history
    }

    /// The board's spatial index, up to date with [`Document::board`].
    pub fn face_index(&self) -> &FaceIndex {
        &self.index
    }

    /// Changes whenever the board changes (never repeats within a run).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The board changed: bring the index up to date and bump the revision,
    /// remembering which faces changed (`None`: all).
    fn bump(&mut self, affected: Option<Vec<FaceId>>) {
        match &affected {
            Some(a) => self
                .index
                .update_faces(self.board.mesh(), a.iter().copied()),
            None => self.index = FaceIndex::build(self.board.mesh()),
        }
        self.note_change(affected);
    }

    /// Bump the revision, remembering which faces may look different (`None`: all).
    fn note_change(&mut self, affected: Option<Vec<FaceId>>) {
        self.revision += 1;
        self.journal
            .push_back((self.revision, affected, self.history.state()));
        while self.journal.len() > JOURNAL_LEN {
            self.journal.pop_front();
        }
    }

    /// The faces that may look different now than at revision `since` (ids as
    /// they are now, sorted, without repeats), so that a view can patch what it
    /// drew then. `None` when that is not known (the board was replaced, or
    /// `since` is too old or not a revision of this document): rebuild.
    pub fn affected_since(&self, since: u64) -> Option<Vec<FaceId>> {
        if since == self.revision {
            return Some(Vec::new());
        }
        if since > self.revision {
            return None;
        }
        let first = self.journal.iter().position(|(r, ..)| *r == since + 1)?;
        let mut out = Vec::new();
        for (_, a, _) in self.journal.iter().skip(first) {
            out.extend_from_slice(a.as_deref()?);
        }
        out.retain(|f| f.index() < self.board.face_count());
        out.sort_unstable();
        out.dedup();
        Some(out)
    }

    /// Whether the board differs from the last save / load: an edit since, not
    /// taken back by undo (every edit gives the history a new state; a change
    /// outside it forgets the saved state).
    pub fn is_dirty(&self) -> bool {
        self.saved_state != Some(self.history.state())
    }

    /// The history's state at `revision`, if known.
    fn state_at(&self, revision: u64) -> Option<u64> {
        if revision == self.revision {
            return Some(self.history.state());
        }
        self.journal
            .iter()
            .find(|(r, ..)| *r == revision)
            .map(|&(_, _, s)| s)
    }

    /// Record that the board as it is now was saved to `path`.
    pub fn mark_saved(&mut self, path: Option<PathBuf>) {
        self.mark_saved_at(self.revision, path);
    }

    /// Record that the board as it was at `revision` was saved to `path` (a
    /// save that ran while the board changed leaves it unsaved).
    pub fn mark_saved_at(&mut self, revision: u64, path: Option<PathBuf>) {
        if path.is_some() {
            self.path = path;
        }
        self.saved_state = self.state_at(revision);
    }

    /// Mark the document as changed without an edit (e.g. restored from an autosave).
    pub fn mark_dirty(&mut self) {
        self.note_change(None);
        self.saved_state = None;
    }

    /// Replace the whole board (New, Open, generator output): history cleared,
    /// `dirty` says whether it counts as unsaved.
    pub fn replace(&mut self, board: Board, path: Option<PathBuf>, dirty: bool) {
        self.board = board;
        self.replaced += 1;
        self.history.clear();
        self.path = path;
        self.bump(None);
        self.saved_state = (!dirty).then(|| self.history.state());
    }

    /// Apply one edit as its own undo step.
    pub fn apply(&mut self, edit: BoardEdit) -> Result<EditOutcome, EditError> {
        let out = self
            .history
            .apply_near(&mut self.board, edit, None, Some(&self.index))?;
        self.bump(self.history.last_affected().map(<[_]>::to_vec));
        Ok(out)
    }

    /// Apply an edit that merges with the previous one when `key` matches (drags).
    pub fn apply_coalescing(
        &mut self,
        edit: BoardEdit,
        key: u64,
    ) -> Result<EditOutcome, EditError> {
        let out = self
            .history
            .apply_near(&mut self.board, edit, Some(key), Some(&self.index))?;
        self.bump(self.history.last_affected().map(<[_]>::to_vec));
        Ok(out)
    }

    /// Start a group of edits that undo as one step.
    pub fn begin_group(&mut self) {
        self.history.begin_group();
    }

    pub fn end_group(&mut self) {
        self.history.end_group();
    }

    /// Whether there is an edit to undo (the enabled state of Undo outside Play).
    pub fn undo_availability(&self) -> Result<(), String> {
        if self.history.can_undo() {
            Ok(())
        } else {
            Err("Nothing to undo".into())
        }
    }

    /// Whether there is an undone edit to redo.
    pub fn redo_availability(&self) -> Result<(), String> {
        if self.history.can_redo() {
            Ok(())
        } else {
            Err("Nothing to redo".into())
        }
    }

    pub fn undo(&mut self) -> bool {
        let done = self.history.undo(&mut self.board);
        if done {
            self.bump(self.history.last_affected().map(<[_]>::to_vec));
        }
        done
    }

    pub fn redo(&mut self) -> Result<bool, EditError> {
        let done = self.history.redo(&mut self.board)?;
        if done {
            self.bump(self.history.last_affected().map(<[_]>::to_vec));
        }
        Ok(done)
    }
}

/// What an error is about, so that it can go away when its cause does (an error
/// about clicking a past position goes once the live position is back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cause {
    /// A click while a past position is previewed.
    Preview,
    /// The polygon being drawn (refused corners or closing).
    Polygon,
    /// Dragging a vertex.
    VertexMove,
    /// An editor tool's click (split, merge, tag, start piece, delete).
    Tool,
    /// A move or click in Play refused by the rules.
    Move,
    /// The rules chosen cannot run on the board.
    GameSetup,
    /// The computer could not move.
    Engine,
    /// The generator's settings or run.
    Generator,
    /// The text of an inspector field.
    Inspector,
}

/// One line for the status bar.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    pub text: String,
    pub error: bool,
    /// What the error is about (it clears when that is resolved).
    pub cause: Option<Cause>,
}

/// One entry of the message log (View → Messages).
#[derive(Clone, Debug, PartialEq)]
pub struct LogEntry {
    pub text: String,
    pub error: bool,
    /// How many times in a row it was said.
    pub count: u32,
}

/// How many messages the log keeps.
pub const LOG_MAX: usize = 200;

/// The status bar's contents: the active tool's hint, what is under the cursor,
/// and the last message or error (errors shown in red); every message also goes
/// to the log that View → Messages shows.
#[derive(Clone, Debug, Default)]
pub struct Status {
    pub hint: String,
    pub hover: Option<String>,
    pub message: Option<Message>,
    /// Oldest first, at most [`LOG_MAX`].
    pub log: std::collections::VecDeque<LogEntry>,
    /// Errors logged since the log was last looked at.
    pub unseen_errors: usize,
}

impl Status {
    pub fn info(&mut self, text: impl Into<String>) {
        self.say(text.into(), false, None);
    }

    pub fn error(&mut self, text: impl Into<String>) {
        self.say(text.into(), true, None);
    }

    /// An error that goes away from the status bar when [`Status::resolve`] is
    /// called with its cause.
    pub fn error_for(&mut self, cause: Cause, text: impl Into<String>) {
        self.say(text.into(), true, Some(cause));
    }

    fn say(&mut self, text: String, error: bool, cause: Option<Cause>) {
        match self.log.back_mut() {
            Some(last) if last.text == text && last.error == error => last.count += 1,
            _ => {
                self.log.push_back(LogEntry {
                    text: text.clone(),
                    error,
                    count: 1,
                });
                if self.log.len() > LOG_MAX {
                    self.log.pop_front();
                }
            }
        }
        if error {
            self.unseen_errors += 1;
        }
        self.message = Some(Message { text, error, cause });
    }

    /// The cause of the error shown is gone: clear it from the status bar (it
    /// stays in the log).
    pub fn resolve(&mut self, cause: Cause) {
        if self
            .message
            .as_ref()
            .is_some_and(|m| m.cause == Some(cause))
        {
            self.message = None;
        }
    }

    /// The last message if it is an error.
    pub fn last_error(&self) -> Option<&str> {
        self.message
            .as_ref()
            .filter(|m| m.error)
            .map(|m| m.text.as_str())
    }
}

/// UI settings kept between runs through eframe's persistence.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(default)]
pub struct Settings {
    pub dark: bool,
    pub show_labels: bool,
    /// In Play, a label in every cell even on a grid board whose coordinates go
    /// along its edges (off: the edges carry them).
    pub labels_in_cells: bool,
    /// In Play, the number of the move that placed each stone or peg.
    pub move_numbers: bool,
    /// In Play, the computer's search over the board while it thinks or after
    /// Hint: a heat map of its root moves and its best line as numbered ghost pieces.
    pub show_search: bool,
    pub show_setup: bool,
    /// Most recent first.
    pub recent: Vec<PathBuf>,
    pub grid_snap: bool,
    pub grid_size: f64,
    /// The new-board wizard's last choices.
    pub wizard: super::new_board::WizardSettings,
    /// The folder of the last file opened or saved (board, game, picture or
    /// export): where the file dialogs start.
    pub last_folder: Option<PathBuf>,
}

/// How many files File → Open Recent remembers.
pub const RECENT_MAX: usize = 10;

impl Settings {
    /// Put `path` at the top of the recent-files list (absolute, no duplicates, at
    /// most [`RECENT_MAX`] entries).
    pub fn add_recent(&mut self, path: &std::path::Path) {
        let p = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        self.remember_folder(&p);
        self.recent.retain(|q| q != &p);
        self.recent.insert(0, p);
        self.recent.truncate(RECENT_MAX);
    }

    /// A file was opened or saved at `path`: its folder is where the file
    /// dialogs start from now on ([`Settings::last_folder`]).
    pub fn remember_folder(&mut self, path: &std::path::Path) {
        let p = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        if let Some(dir) = p.parent().filter(|d| !d.as_os_str().is_empty()) {
            self.last_folder = Some(dir.to_path_buf());
        }
    }

    /// Drop `path` from the recent-files list (e.g. it no longer exists).
    pub fn remove_recent(&mut self, path: &std::path::Path) {
        self.recent.retain(|q| q != path);
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            dark: false,
            show_labels: true,
            labels_in_cells: false,
            move_numbers: false,
            show_search: false,
            show_setup: true,
            recent: Vec::new(),
            grid_snap: false,
            grid_size: 1.0,
            wizard: Default::default(),
            last_folder: None,
        }
    }
}

pub use super::vocabulary::Mode;

/// Everything the modes share. Owned by the app; each mode's panel gets `&mut`.
pub struct Workspace {
    pub doc: Document,
    pub status: Status,
    pub settings: Settings,
    /// Commands sent this frame, carried out by the app at its end.
    pub commands: Vec<Command>,
    /// Which games suit the document's board: one check per revision, shared
    /// by the Play and Analyze tabs and the question a newly opened board
    /// asks during a game ([`Workspace::board_fit`]).
    fit: SuitabilityCheck,
    /// The board an earlier session ended with, never saved: the start card
    /// offers it ([`super::kept_board`]).
    pub kept: Option<super::kept_board::KeptBoard>,
}

impl Workspace {
    pub fn new(board: Board, path: Option<PathBuf>) -> Workspace {
        Workspace {
            doc: Document::new(board, path),
            status: Status::default(),
            settings: Settings::default(),
            commands: Vec::new(),
            fit: SuitabilityCheck::default(),
            kept: None,
        }
    }

    /// Which games suit the document's board as it is now, without waiting:
    /// `None` while a big board is checked on a worker (started here).
    pub fn board_fit(&mut self) -> Option<&BoardFit> {
        self.fit.poll(self.doc.board(), self.doc.revision())
    }

    /// The document's board with [`Workspace::board_fit`], for a panel that
    /// draws both.
    pub fn board_and_fit(&mut self) -> (&Board, Option<&BoardFit>) {
        let fit = self.fit.poll(self.doc.board(), self.doc.revision());
        (self.doc.board(), fit)
    }

    /// Which games suit the document's board when that is known at once: on
    /// a small board always, on a big one once a tab's check is done (this
    /// starts none).
    pub fn board_fit_known(&mut self) -> Option<&BoardFit> {
        self.fit.known(self.doc.board(), self.doc.revision())
    }

    /// Whether a big board's check of which games suit it runs on a worker.
    pub fn checking_board(&self) -> bool {
        self.fit.checking()
    }

    /// Make a big board's check wait `delay` before it starts (tests: what
    /// the window does meanwhile).
    pub fn delay_board_checks(&mut self, delay: std::time::Duration) {
        self.fit.delay = delay;
    }

    /// Queue a command for the end of the frame.
    pub fn send(&mut self, c: Command) {
        self.commands.push(c);
    }

    /// A button for `cmd`: its text, its tooltip with the shortcut, greyed out with
    /// the reason when `available` is an error. A click queues the command.
    pub fn button(
        &mut self,
        ui: &mut egui::Ui,
        cmd: Command,
        available: Result<(), String>,
    ) -> egui::Response {
        let text = cmd.text();
        self.button_with_text(ui, cmd, available, &text)
    }

    /// [`button`] with other text on it (e.g. "Yes, resign" for [`Command::Resign`]).
    pub fn button_with_text(
        &mut self,
        ui: &mut egui::Ui,
        cmd: Command,
        available: Result<(), String>,
        text: &str,
    ) -> egui::Response {
        let r = ui
            .add_enabled(available.is_ok(), egui::Button::new(text))
            .on_hover_text(cmd.tooltip_with_shortcut(ui.ctx()));
        let r = match &available {
            Err(why) => r.on_disabled_hover_text(why),
            Ok(()) => r,
        };
        if r.clicked() {
            self.send(cmd);
        }
        r
    }

    /// A selectable label for `cmd` with its shortcut after the text ("Draw  D"), as
    /// the editor's tool buttons and the mode tabs are drawn. A click queues it.
    pub fn selectable(
        &mut self,
        ui: &mut egui::Ui,
        cmd: Command,
        selected: bool,
    ) -> egui::Response {
        let r = ui
            .selectable_label(selected, super::command::selectable_text(ui.ctx(), &cmd))
            .on_hover_text(cmd.tooltip_with_shortcut(ui.ctx()));
        if r.clicked() {
            self.send(cmd);
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    fn relabel(d: &mut Document, face: u32, label: &str) {
        d.apply(BoardEdit::SetLabel {
            face: crate::mesh::FaceId(face),
            label: label.into(),
        })
        .unwrap();
    }

    #[test]
    fn edits_make_the_document_dirty_and_undoing_back_to_the_save_makes_it_clean() {
        let mut d = Document::new(presets::square_grid(2, 2), None);
        assert!(!d.is_dirty());
        let r0 = d.revision();
        relabel(&mut d, 0, "x");
        assert!(d.is_dirty());
        assert!(d.revision() > r0);
        // Undo back to the board as loaded: nothing to save.
        assert!(d.undo());
        assert!(!d.is_dirty(), "back to the board as opened");
        assert!(d.redo().unwrap());
        assert!(d.is_dirty());
        d.mark_saved(None);
        assert!(!d.is_dirty());
        assert!(d.undo());
        assert!(d.is_dirty(), "the saved file has the label");
        assert_eq!(d.board().faces().labels()[0], "a1");
        assert!(d.redo().unwrap());
        assert!(!d.is_dirty(), "redone back to the save");
        // Another edit after an undo is a new state, even with the same result.
        assert!(d.undo());
        relabel(&mut d, 0, "x");
        assert_eq!(d.board().faces().labels()[0], "x");
        assert!(d.is_dirty(), "a new edit, whatever its result");
    }

    #[test]
    fn a_drag_joining_the_saved_step_and_a_save_of_an_older_revision_stay_unsaved() {
        let mut d = Document::new(presets::square_grid(2, 2), None);
        let v = crate::mesh::VertexId(4);
        let at = d.board().mesh().position(v);
        let to = |dx: f64| BoardEdit::MoveVertex {
            vertex: v,
            to: crate::mesh::Point::new(at.x + dx, at.y),
        };
        d.apply_coalescing(to(0.1), 7).unwrap();
        d.mark_saved(None);
        d.apply_coalescing(to(0.2), 7).unwrap();
        assert!(d.is_dirty(), "the drag went on after the save");
        // A save that started at an older revision (a big file's save job).
        let mut d = Document::new(presets::square_grid(2, 2), None);
        relabel(&mut d, 0, "x");
        let saving = d.revision();
        relabel(&mut d, 1, "y");
        d.mark_saved_at(saving, None);
        assert!(d.is_dirty(), "the board changed during the save");
        assert!(d.undo());
        assert!(!d.is_dirty(), "undone back to what the save wrote");
        // Marked unsaved (restored from an autosave): unsaved whatever undo does.
        d.mark_dirty();
        assert!(d.is_dirty());
        relabel(&mut d, 2, "z");
        assert!(d.undo());
        assert!(d.is_dirty());
        // A board replaced as unsaved, then saved, edited and undone: saved.
        d.replace(presets::square_grid(3, 3), None, true);
        assert!(d.is_dirty());
        d.mark_saved(None);
        relabel(&mut d, 0, "w");
        assert!(d.undo());
        assert!(!d.is_dirty());
    }

    #[test]
    fn undo_back_past_steps_the_history_dropped_is_not_the_saved_board() {
        let mut d = Document::new(presets::square_grid(2, 2), None);
        d.history = History::new(2);
        for (i, l) in ["p", "q", "r"].into_iter().enumerate() {
            relabel(&mut d, i as u32, l);
        }
        while d.undo() {}
        assert_eq!(d.board().faces().labels()[0], "p", "the first edit is kept");
        assert!(d.is_dirty(), "the board is not the one opened");
    }

    #[test]
    fn errors_clear_with_their_cause_and_stay_in_the_log() {
        let mut s = Status::default();
        s.error_for(Cause::Preview, "read-only");
        s.resolve(Cause::Polygon);
        assert_eq!(s.last_error(), Some("read-only"), "another cause leaves it");
        s.resolve(Cause::Preview);
        assert!(s.message.is_none());
        s.error("disk full");
        s.resolve(Cause::Preview);
        assert_eq!(s.last_error(), Some("disk full"), "no cause: stays");
        s.error("disk full");
        s.info("saved");
        let log: Vec<_> = s
            .log
            .iter()
            .map(|e| (e.text.as_str(), e.error, e.count))
            .collect();
        assert_eq!(
            log,
            vec![
                ("read-only", true, 1),
                ("disk full", true, 2),
                ("saved", false, 1)
            ]
        );
        assert_eq!(s.unseen_errors, 3);
        for i in 0..LOG_MAX + 5 {
            s.info(format!("m{i}"));
        }
        assert_eq!(s.log.len(), LOG_MAX);
    }
}

//! Play mode: rules and seats, the board with pieces, legal-move highlights, the
//! move list, the result banner.

use super::canvas::Canvas;
use super::workspace::Workspace;
use crate::rules::dynamic::{DynGame, RulesKind};
use eframe::egui;

pub struct PlayPanel {
    canvas: Canvas,
}

impl Default for PlayPanel {
    fn default() -> Self {
        PlayPanel::new()
    }
}

impl PlayPanel {
    pub fn new() -> PlayPanel {
        PlayPanel {
            canvas: Canvas::new(),
        }
    }

    pub fn canvas_mut(&mut self) -> &mut Canvas {
        &mut self.canvas
    }

    /// Start a new game of `kind` on the document's board (reporting in the status
    /// bar when the rules cannot run on it).
    pub fn start_game(&mut self, ws: &mut Workspace, kind: RulesKind) {
        ws.status.info(format!("{} is coming", kind.title()));
    }

    /// The game on the board, if any (for autosave and File → Save game).
    pub fn game(&self) -> Option<&dyn DynGame> {
        None
    }

    /// Show `game` (opened from a file or restored from an autosave) with both seats human.
    pub fn set_game(&mut self, ws: &mut Workspace, game: Box<dyn DynGame>) {
        let _ = game;
        ws.status.info("games are coming");
    }

    /// Edit → Undo in Play mode: take back the last move. Returns whether anything changed.
    pub fn undo(&mut self, ws: &mut Workspace) -> bool {
        let _ = ws;
        false
    }

    /// Edit → Redo in Play mode: replay a taken-back move.
    pub fn redo(&mut self, ws: &mut Workspace) -> bool {
        let _ = ws;
        false
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let r = self.canvas.show(ui, ws.doc.board(), ws.doc.revision());
        ws.status.hover = r
            .hovered
            .map(|f| super::face_description(ws.doc.board(), f));
    }
}

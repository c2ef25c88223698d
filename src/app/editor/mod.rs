//! Editor mode: the toolbar, the tools (one file each), the inspector and the
//! validation panel. Tools turn clicks and drags into [`crate::edit::BoardEdit`]
//! commands applied through [`super::workspace::Document`].

use super::canvas::Canvas;
use super::workspace::Workspace;
use eframe::egui;

pub struct EditorPanel {
    canvas: Canvas,
}

impl Default for EditorPanel {
    fn default() -> Self {
        EditorPanel::new()
    }
}

impl EditorPanel {
    pub fn new() -> EditorPanel {
        EditorPanel {
            canvas: Canvas::new(),
        }
    }

    pub fn canvas_mut(&mut self) -> &mut Canvas {
        &mut self.canvas
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let r = self.canvas.show(ui, ws.doc.board(), ws.doc.revision());
        ws.status.hover = r
            .hovered
            .map(|f| super::face_description(ws.doc.board(), f));
    }
}

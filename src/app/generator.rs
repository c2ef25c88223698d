//! Generator mode: the generator's parameters, Generate / Re-roll, a preview, the
//! fairness report, "Open in editor" and "Play BOCO on it".

use super::canvas::Canvas;
use super::workspace::Workspace;
use eframe::egui;

pub struct GeneratorPanel {
    canvas: Canvas,
}

impl Default for GeneratorPanel {
    fn default() -> Self {
        GeneratorPanel::new()
    }
}

impl GeneratorPanel {
    pub fn new() -> GeneratorPanel {
        GeneratorPanel {
            canvas: Canvas::new(),
        }
    }

    pub fn canvas_mut(&mut self) -> &mut Canvas {
        &mut self.canvas
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let _ = ws;
        ui.label("Generator");
    }
}

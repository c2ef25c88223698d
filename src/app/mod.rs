//! The egui application. For now a board viewer: the board given on the command
//! line (or an empty canvas with a hint), pan/zoom, the face under the cursor
//! highlighted and described in the status bar. The editor, player and generator
//! panels build on [`canvas::Canvas`].

pub mod canvas;
pub mod view;

use crate::board::{Board, FaceKind};
use canvas::{Canvas, CanvasStyle};
use eframe::egui;
use std::path::PathBuf;

/// What the window starts with.
#[derive(Clone, Debug, Default)]
pub struct AppOptions {
    /// The board to show, if one was loaded.
    pub board: Option<Board>,
    /// Where it came from (shown in the title).
    pub path: Option<PathBuf>,
    /// Messages for the user (e.g. what loading the file reported), shown in the status bar.
    pub notes: Vec<String>,
}

/// Open the window and run until it is closed.
pub fn run(opts: AppOptions) -> Result<(), String> {
    let title = window_title(opts.board.as_ref(), opts.path.as_ref());
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(title)
            .with_app_id("boardwright")
            .with_inner_size([1100.0, 760.0])
            .with_min_inner_size([360.0, 240.0]),
        ..Default::default()
    };
    eframe::run_native(
        "boardwright",
        native,
        Box::new(move |cc| Ok(Box::new(ViewerApp::new(&cc.egui_ctx, opts)))),
    )
    .map_err(|e| format!("could not open the window: {e}"))
}

/// "name — path — boardwright", leaving out what is unknown.
pub fn window_title(board: Option<&Board>, path: Option<&PathBuf>) -> String {
    let mut parts = Vec::new();
    if let Some(b) = board.filter(|b| !b.meta.name.is_empty()) {
        parts.push(b.meta.name.clone());
    }
    if let Some(p) = path {
        parts.push(p.display().to_string());
    }
    parts.push("boardwright".into());
    parts.join(" — ")
}

/// The viewer window.
pub struct ViewerApp {
    board: Option<Board>,
    path: Option<PathBuf>,
    notes: Vec<String>,
    canvas: Canvas,
    revision: u64,
    dark: bool,
    hovered: Option<crate::mesh::FaceId>,
}

impl ViewerApp {
    pub fn new(ctx: &egui::Context, opts: AppOptions) -> ViewerApp {
        let dark = ctx.global_style().visuals.dark_mode;
        let mut canvas = Canvas::new();
        canvas.style = if dark {
            CanvasStyle::dark()
        } else {
            CanvasStyle::light()
        };
        ViewerApp {
            board: opts.board,
            path: opts.path,
            notes: opts.notes,
            canvas,
            revision: 0,
            dark,
            hovered: None,
        }
    }

    fn top_bar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.strong("boardwright");
            ui.separator();
            let has_board = self.board.is_some();
            if ui
                .add_enabled(has_board, egui::Button::new("Fit"))
                .on_hover_text("Fit the board into the window (F)")
                .clicked()
            {
                self.canvas.request_fit();
            }
            if ui
                .add_enabled(has_board, egui::Button::new("−"))
                .on_hover_text("Zoom out (mouse wheel)")
                .clicked()
            {
                self.canvas.zoom_centre(1.0 / 1.25);
            }
            if ui
                .add_enabled(has_board, egui::Button::new("+"))
                .on_hover_text("Zoom in (mouse wheel)")
                .clicked()
            {
                self.canvas.zoom_centre(1.25);
            }
            ui.checkbox(&mut self.canvas.show_labels, "Labels");
            ui.checkbox(&mut self.canvas.show_setup, "Start pieces");
            if ui.checkbox(&mut self.dark, "Dark theme").changed() {
                let (theme, style) = if self.dark {
                    (egui::Theme::Dark, CanvasStyle::dark())
                } else {
                    (egui::Theme::Light, CanvasStyle::light())
                };
                ui.ctx().set_theme(theme);
                self.canvas.style = style;
            }
        });
    }

    fn status_bar(&self, ui: &mut egui::Ui, hovered: Option<crate::mesh::FaceId>) {
        ui.horizontal(|ui| {
            match (&self.board, hovered) {
                (Some(b), Some(f)) => {
                    let kind = match &b.faces.kind[f.index()] {
                        FaceKind::Cell => "cell".to_string(),
                        FaceKind::Blocked => "blocked".to_string(),
                        FaceKind::FixedRegion => "fixed region".to_string(),
                        FaceKind::Garden => "garden".to_string(),
                        FaceKind::Other(s) => s.clone(),
                    };
                    let mut text = format!(
                        "{}  ·  face #{}  ·  {kind}  ·  {} sides",
                        b.face_name(f),
                        f.0,
                        b.mesh.face_degree(f)
                    );
                    if let Some(c) = b.coord(f) {
                        text.push_str(&format!("  ·  col {} row {}", c.col, c.row));
                    }
                    if let Some(r) = b.faces.region[f.index()] {
                        text.push_str(&format!("  ·  region {r}"));
                    }
                    if let Some(&(_, p)) = b.setup.pieces.iter().find(|(g, _)| *g == f) {
                        text.push_str(&format!("  ·  start piece of player {}", p + 1));
                    }
                    ui.label(text);
                }
                (Some(b), None) => {
                    ui.weak(format!(
                        "{} faces, {} edges, {} vertices",
                        b.mesh.face_count(),
                        b.mesh.edge_count(),
                        b.mesh.vertex_count()
                    ));
                }
                (None, _) => {
                    ui.weak("No board");
                }
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if self.board.is_some() {
                    ui.weak(format!("zoom {:.1} px/unit", self.canvas.view.scale));
                }
                if let Some(p) = &self.path {
                    ui.separator();
                    ui.weak(p.display().to_string());
                }
                if let Some(n) = self.notes.last() {
                    ui.separator();
                    ui.label(n).on_hover_text(self.notes.join("\n"));
                }
            });
        });
    }
}

impl eframe::App for ViewerApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::Panel::top("top_bar").show(ui, |ui| self.top_bar(ui));
        // The status bar describes the face hovered in the previous pass; when that
        // changes during this pass another pass is requested, so it is never stale.
        let shown = self.hovered;
        egui::Panel::bottom("status_bar").show(ui, |ui| self.status_bar(ui, shown));
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| match &self.board {
                Some(board) => {
                    let r = self.canvas.show(ui, board, self.revision);
                    self.hovered = r.hovered;
                }
                None => {
                    self.hovered = None;
                    let rect = ui.available_rect_before_wrap();
                    ui.painter().rect_filled(rect, 0.0, self.canvas.style.background);
                    ui.painter().text(
                        rect.center(),
                        egui::Align2::CENTER_CENTER,
                        "No board loaded.\n\nOpen one with   boardwright FILE.ron   or   boardwright FILE.obj\n\
                         or make one with   boardwright preset hex --size 11 -o hex-11.ron",
                        egui::FontId::proportional(16.0),
                        ui.visuals().weak_text_color(),
                    );
                }
            });
        if self.hovered != shown {
            ui.ctx().request_repaint();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    #[test]
    fn title_names_board_and_file() {
        let b = presets::hex(11);
        let p = PathBuf::from("boards/hex-11.ron");
        assert_eq!(
            window_title(Some(&b), Some(&p)),
            "Hex 11×11 — boards/hex-11.ron — boardwright"
        );
        assert_eq!(window_title(None, None), "boardwright");
    }
}

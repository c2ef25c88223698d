//! The egui application: one window with three modes (Editor, Play, Generator)
//! sharing a [`workspace::Workspace`] (the document, status line and settings).
//!
//! The app only draws and turns input into commands: board changes are
//! [`crate::edit::BoardEdit`] values applied by [`workspace::Document`], moves are
//! strings played through [`crate::rules::dynamic::DynGame`].
//!
//! Layout: `mod.rs` (the window: menu bar, tabs, status bar, routing), `workspace.rs`
//! (shared state), `editor/` (the editor panel, one file per tool), `play/` (play
//! mode), `generator.rs` (generator mode), `canvas.rs` + `view.rs` (the board view
//! every mode draws with).

pub mod canvas;
pub mod editor;
pub mod files;
pub mod generator;
pub mod play;
pub mod view;
pub mod workspace;

use crate::board::{Board, FaceKind};
use crate::mesh::Mesh;
use canvas::{Canvas, CanvasStyle};
use eframe::egui;
use std::path::PathBuf;
use workspace::{Mode, Request, Workspace};

/// What the window starts with.
#[derive(Clone, Debug, Default)]
pub struct AppOptions {
    /// The board to show, if one was loaded.
    pub board: Option<Board>,
    /// Where it came from (shown in the title).
    pub path: Option<PathBuf>,
    /// Messages for the user (e.g. what loading the file reported), shown in the status bar.
    pub notes: Vec<String>,
    /// Folder for autosaves; `None` = the platform's data folder for the app.
    pub data_dir: Option<PathBuf>,
}

/// Open the window and run until it is closed.
pub fn run(opts: AppOptions) -> Result<(), String> {
    let title = window_title(opts.board.as_ref(), opts.path.as_ref(), false);
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(title)
            .with_app_id("boardwright")
            .with_inner_size([1200.0, 800.0])
            .with_min_inner_size([480.0, 320.0]),
        ..Default::default()
    };
    eframe::run_native(
        "boardwright",
        native,
        Box::new(move |cc| Ok(Box::new(App::new(&cc.egui_ctx, cc.storage, opts)))),
    )
    .map_err(|e| format!("could not open the window: {e}"))
}

/// "• name — path — boardwright" (the dot when unsaved), leaving out what is unknown.
pub fn window_title(board: Option<&Board>, path: Option<&PathBuf>, dirty: bool) -> String {
    let mut parts = Vec::new();
    if let Some(b) = board.filter(|b| !b.meta.name.is_empty()) {
        parts.push(b.meta.name.clone());
    }
    if let Some(p) = path {
        parts.push(p.display().to_string());
    }
    parts.push("boardwright".into());
    let t = parts.join(" — ");
    if dirty { format!("• {t}") } else { t }
}

/// A board with no faces (File → New → Empty, or no file given).
pub fn empty_board() -> Board {
    let mut b = Board::new(Mesh::default());
    b.meta.name = "Untitled".into();
    b
}

/// Human-readable face kind.
pub fn kind_name(kind: &FaceKind) -> String {
    match kind {
        FaceKind::Cell => "cell".to_string(),
        FaceKind::Blocked => "blocked".to_string(),
        FaceKind::FixedRegion => "fixed region".to_string(),
        FaceKind::Garden => "garden".to_string(),
        FaceKind::Other(s) => s.clone(),
    }
}

/// "a1 · face #0 · cell · 4 sides · …" for the status bar.
pub fn face_description(b: &Board, f: crate::mesh::FaceId) -> String {
    let mut text = format!(
        "{}  ·  face #{}  ·  {}  ·  {} sides",
        b.face_name(f),
        f.0,
        kind_name(&b.faces.kind[f.index()]),
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
    text
}

/// The application window.
pub struct App {
    pub ws: Workspace,
    pub mode: Mode,
    pub editor: editor::EditorPanel,
    pub play: play::PlayPanel,
    pub generator: generator::GeneratorPanel,
    pub data_dir: Option<PathBuf>,
    title: String,
}

impl App {
    /// The app as the window (and the UI tests) create it.
    pub fn new(
        ctx: &egui::Context,
        storage: Option<&dyn eframe::Storage>,
        opts: AppOptions,
    ) -> App {
        let _ = storage;
        let dark = ctx.global_style().visuals.dark_mode;
        let has_board = opts.board.is_some();
        let board = opts.board.unwrap_or_else(empty_board);
        let mut ws = Workspace::new(board, opts.path);
        ws.settings.dark = dark;
        if let Some(n) = opts.notes.last() {
            ws.status.info(n.clone());
        }
        let mut app = App {
            ws,
            mode: Mode::Editor,
            editor: editor::EditorPanel::new(),
            play: play::PlayPanel::new(),
            generator: generator::GeneratorPanel::new(),
            data_dir: opts.data_dir,
            title: String::new(),
        };
        app.apply_theme(ctx);
        if !has_board {
            app.ws
                .status
                .info("No board: draw one, or File → New / Open");
        }
        app
    }

    /// The canvas of the current mode.
    pub fn canvas_mut(&mut self) -> &mut Canvas {
        match self.mode {
            Mode::Editor => self.editor.canvas_mut(),
            Mode::Play => self.play.canvas_mut(),
            Mode::Generator => self.generator.canvas_mut(),
        }
    }

    fn apply_theme(&mut self, ctx: &egui::Context) {
        let (theme, style) = if self.ws.settings.dark {
            (egui::Theme::Dark, CanvasStyle::dark())
        } else {
            (egui::Theme::Light, CanvasStyle::light())
        };
        ctx.set_theme(theme);
        for c in [
            self.editor.canvas_mut(),
            self.play.canvas_mut(),
            self.generator.canvas_mut(),
        ] {
            c.style = style.clone();
            c.show_labels = self.ws.settings.show_labels;
            c.show_setup = self.ws.settings.show_setup;
        }
    }

    fn menu_bar(&mut self, ui: &mut egui::Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui.button("Quit").clicked() {
                    ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
                }
            });
            ui.menu_button("View", |ui| {
                if ui.button("Fit board   F").clicked() {
                    self.canvas_mut().request_fit();
                }
                let mut labels = self.ws.settings.show_labels;
                if ui.checkbox(&mut labels, "Labels").changed() {
                    self.ws.settings.show_labels = labels;
                    self.apply_theme(ui.ctx());
                }
                let mut dark = self.ws.settings.dark;
                if ui.checkbox(&mut dark, "Dark theme").changed() {
                    self.ws.settings.dark = dark;
                    self.apply_theme(ui.ctx());
                }
            });
        });
    }

    fn tabs(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            for (i, m) in Mode::ALL.into_iter().enumerate() {
                let r = ui
                    .selectable_label(self.mode == m, format!("{}  {}", m.title(), i + 1))
                    .on_hover_text(format!("Switch to {} mode ({})", m.title(), i + 1));
                if r.clicked() {
                    self.mode = m;
                }
            }
        });
    }

    fn status_bar(&self, ui: &mut egui::Ui) {
        let s = &self.ws.status;
        ui.horizontal(|ui| {
            if !s.hint.is_empty() {
                ui.label(&s.hint);
                ui.separator();
            }
            if let Some(h) = &s.hover {
                ui.label(h);
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if let Some(m) = &s.message {
                    let text = egui::RichText::new(&m.text);
                    if m.error {
                        ui.label(text.color(ui.visuals().error_fg_color));
                    } else {
                        ui.label(text);
                    }
                }
            });
        });
    }

    /// Carry out what the panels asked for this frame.
    fn handle_requests(&mut self) {
        for r in std::mem::take(&mut self.ws.requests) {
            match r {
                Request::Mode(m) => self.mode = m,
                Request::ReplaceBoard {
                    board,
                    path,
                    dirty,
                    message,
                } => {
                    self.ws.doc.replace(*board, path, dirty);
                    self.editor.canvas_mut().request_fit();
                    self.ws.status.info(message);
                }
                Request::PlayOn(kind) => {
                    self.mode = Mode::Play;
                    self.play.start_game(&mut self.ws, kind);
                }
            }
        }
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let t = window_title(
            Some(self.ws.doc.board()),
            self.ws.doc.path.as_ref(),
            self.ws.doc.is_dirty(),
        );
        if t != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(t.clone()));
            self.title = t;
        }
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let typing = ui.ctx().egui_wants_keyboard_input();
        if !typing {
            let pressed = ui.input(|i| {
                if i.modifiers.any() {
                    return None;
                }
                [egui::Key::Num1, egui::Key::Num2, egui::Key::Num3]
                    .iter()
                    .position(|k| i.key_pressed(*k))
            });
            if let Some(k) = pressed {
                self.mode = Mode::ALL[k];
            }
        }
        egui::Panel::top("menu_bar").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::top("tabs").show(ui, |ui| self.tabs(ui));
        egui::Panel::bottom("status_bar").show(ui, |ui| self.status_bar(ui));
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| match self.mode {
                Mode::Editor => self.editor.ui(ui, &mut self.ws),
                Mode::Play => self.play.ui(ui, &mut self.ws),
                Mode::Generator => self.generator.ui(ui, &mut self.ws),
            });
        self.handle_requests();
        self.update_title(ui.ctx());
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
            window_title(Some(&b), Some(&p), false),
            "Hex 11×11 — boards/hex-11.ron — boardwright"
        );
        assert_eq!(
            window_title(Some(&b), None, true),
            "• Hex 11×11 — boardwright"
        );
        assert_eq!(window_title(None, None, false), "boardwright");
    }
}

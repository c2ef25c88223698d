//! Shared helpers for the UI tests: a harness around the real [`App`] (with its
//! autosave folder in a temporary directory) and clicks at board coordinates.
#![allow(dead_code)]

pub mod commands;

use boardwright::app::{App, AppOptions};
use boardwright::board::Board;
use boardwright::mesh::FaceId;
use boardwright::mesh::geom::Point;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

pub const SIZE: [f32; 2] = [1200.0, 800.0];

/// A harness running the real app, with a private data folder (kept alive by the
/// returned `TempDir`).
pub fn harness(board: Option<Board>) -> (Harness<'static, App>, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let opts = AppOptions {
        board,
        data_dir: Some(dir.path().to_path_buf()),
        ..Default::default()
    };
    (harness_with(opts), dir)
}

/// A file dialog that saves to `path` and opens nothing.
pub fn saving_to(path: &std::path::Path) -> boardwright::app::file_dialog::FileChooser {
    use boardwright::app::file_dialog::{FileChooser, Purpose};
    let path = path.to_path_buf();
    FileChooser::new(move |q| match q.purpose {
        Purpose::Save => Some(path.clone()),
        Purpose::Open => None,
    })
}

pub fn harness_with(opts: AppOptions) -> Harness<'static, App> {
    let mut h = Harness::builder()
        .with_size(SIZE)
        .with_theme(egui::Theme::Light)
        .build_eframe(move |cc| App::new(&cc.egui_ctx, cc.storage, opts));
    h.run_ok();
    h
}

/// Where board point `p` is on screen in the current mode's canvas.
pub fn screen(h: &mut Harness<'static, App>, p: Point) -> egui::Pos2 {
    h.state_mut()
        .canvas_mut()
        .screen_pos(p)
        .expect("the canvas has been shown")
}

/// A primary click at a screen position (press and release in separate frames).
pub fn click_at(h: &mut Harness<'static, App>, pos: egui::Pos2) {
    h.hover_at(pos);
    h.run_ok();
    h.event(egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_ok();
    h.event(egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_ok();
}

/// A primary click at a board point.
pub fn click_board(h: &mut Harness<'static, App>, p: Point) {
    let pos = screen(h, p);
    click_at(h, pos);
}

/// A primary click at the interior point of face `f` of `board`.
pub fn click_face(h: &mut Harness<'static, App>, board: &Board, f: FaceId) {
    click_board(h, board.mesh().face_interior_point(f));
}

/// A primary-button drag from `a` to `b` (board points) in a few steps.
pub fn drag_board(h: &mut Harness<'static, App>, a: Point, b: Point) {
    drag_board_steps(h, a, b, 5);
}

/// A primary-button drag from `a` to `b` (board points): press at `a`, `steps`
/// pointer moves ending at `b`, release.
pub fn drag_board_steps(h: &mut Harness<'static, App>, a: Point, b: Point, steps: u32) {
    let pa = screen(h, a);
    let pb = screen(h, b);
    h.hover_at(pa);
    h.run_ok();
    h.event(egui::Event::PointerButton {
        pos: pa,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_ok();
    for i in 1..=steps {
        let t = i as f32 / steps as f32;
        h.hover_at(pa + (pb - pa) * t);
        h.run_ok();
    }
    h.event(egui::Event::PointerButton {
        pos: pb,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_ok();
}

/// Relabel face `face` of the document (an undoable edit that makes it unsaved).
pub fn relabel(h: &mut Harness<'static, App>, face: u32, label: &str) {
    h.state_mut()
        .ws
        .doc
        .apply(boardwright::edit::BoardEdit::SetLabel {
            face: FaceId(face),
            label: label.into(),
        })
        .expect("edit applies");
    h.run_ok();
}

/// Click the widget labelled `label` (exactly one must exist).
pub fn click_label(h: &mut Harness<'static, App>, label: &str) {
    h.get_by_label(label).click();
    h.run_ok();
}

/// The status bar's last message (text, is_error).
pub fn message(h: &Harness<'static, App>) -> Option<(String, bool)> {
    h.state()
        .ws
        .status
        .message
        .as_ref()
        .map(|m| (m.text.clone(), m.error))
}

/// Whether View → Messages (the status log) holds a message containing `text`.
pub fn logged(h: &Harness<'static, App>, text: &str) -> bool {
    h.state()
        .ws
        .status
        .log
        .iter()
        .any(|e| e.text.contains(text))
}

/// Pixels that may differ from a stored snapshot (beyond the colour threshold,
/// and not anti-aliasing, which the comparison skips). The stored snapshots are
/// rendered by the same software renderer (lavapipe) and match exactly, run
/// after run; a last-move dot alone is about a hundred pixels, so this is far
/// below anything a user would see go missing.
pub const SNAPSHOT_MAX_PIXELS: usize = 16;

/// Snapshot tolerances: a pixel counts as different when its colour moved by
/// more than a small threshold (squared YIQ distance 2.0 of 35215), and at most
/// [`SNAPSHOT_MAX_PIXELS`] such pixels are allowed.
pub fn snapshot_options() -> egui_kittest::SnapshotOptions {
    egui_kittest::SnapshotOptions::new()
        .threshold(2.0)
        .max_failed_pixels(SNAPSHOT_MAX_PIXELS)
}

/// A harness with the given options and a private data folder (unless the options
/// name one).
pub fn harness_opts(mut opts: AppOptions) -> (Harness<'static, App>, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    if opts.data_dir.is_none() {
        opts.data_dir = Some(dir.path().to_path_buf());
    }
    (harness_with(opts), dir)
}

/// Press a key with Ctrl (Cmd on macOS) and optionally Shift, as the platform sends it.
pub fn ctrl(h: &mut Harness<'static, App>, shift: bool, key: egui::Key) {
    let mut m = egui::Modifiers::COMMAND;
    m.ctrl = !cfg!(target_os = "macos");
    m.shift = shift;
    h.key_press_modifiers(m, key);
    h.run_ok();
}

/// The window's close button: one frame with the close request, returning the
/// viewport commands the app sent in that frame.
pub fn press_close(h: &mut Harness<'static, App>) -> Vec<egui::ViewportCommand> {
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    h.step();
    let cmds = h
        .output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .map(|v| v.commands.clone())
        .unwrap_or_default();
    h.run_ok();
    cmds
}

/// Click the widget labelled `label` and return the viewport commands the app
/// sent in that one frame (a Close after a prompt's answer, say).
pub fn click_for_commands(
    h: &mut Harness<'static, App>,
    label: &str,
) -> Vec<egui::ViewportCommand> {
    h.get_by_label(label).click();
    h.step();
    h.output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .map(|v| v.commands.clone())
        .unwrap_or_default()
}

/// Whether the harness currently shows a widget with exactly this label.
pub fn has_label(h: &Harness<'static, App>, label: &str) -> bool {
    h.query_all_by_label(label).next().is_some()
}

/// Wait (running frames) until the generator's worker has finished.
pub fn wait_generator(h: &mut Harness<'static, App>) {
    let start = std::time::Instant::now();
    while h.state().generator.is_busy() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "the generator did not finish within 60 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.run_ok();
    }
    h.run_ok();
}

/// An in-memory eframe storage (what eframe keeps in its settings file).
#[derive(Default)]
pub struct MemStorage(pub std::collections::HashMap<String, String>);

impl eframe::Storage for MemStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// A harness whose app starts from `storage` (as after a restart).
pub fn harness_with_storage(opts: AppOptions, storage: &MemStorage) -> Harness<'static, App> {
    let mut h = Harness::builder()
        .with_size(SIZE)
        .with_theme(egui::Theme::Light)
        .build_eframe(|cc| App::new(&cc.egui_ctx, Some(storage), opts));
    h.run_ok();
    h
}

/// What the last frame put on the clipboard (egui's copy commands).
pub fn copied_texts(h: &Harness<'static, App>) -> Vec<String> {
    h.output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
        .collect()
}

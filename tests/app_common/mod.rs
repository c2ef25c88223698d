//! Shared helpers for the UI tests: a harness around the real [`App`] (with its
//! autosave folder in a temporary directory) and clicks at board coordinates.
#![allow(dead_code)]

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
    click_board(h, board.mesh.face_interior_point(f));
}

/// A primary-button drag from `a` to `b` (board points) in a few steps.
pub fn drag_board(h: &mut Harness<'static, App>, a: Point, b: Point) {
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
    for i in 1..=5 {
        let t = i as f32 / 5.0;
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

/// Snapshot tolerances that pass on CPU (software) rendering: a per-pixel colour
/// threshold and a small number of differing pixels (anti-aliasing, font hinting).
pub fn snapshot_options() -> egui_kittest::SnapshotOptions {
    egui_kittest::SnapshotOptions::new()
        .threshold(2.0)
        .max_failed_pixels(2000)
}

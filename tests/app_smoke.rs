//! The window starts, shows a board and switches modes with 1/2/3 and the tabs.

mod app_common;

use app_common::*;
use boardwright::app::workspace::Mode;
use boardwright::presets;
use eframe::egui;

#[test]
fn modes_switch_with_keys_and_tabs() {
    let (mut h, _dir) = harness(Some(presets::hex(3)));
    assert_eq!(h.state().mode, Mode::Editor);
    h.key_press(egui::Key::Num2);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Play);
    h.key_press(egui::Key::Num3);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Generator);
    click_label(&mut h, "Editor  1");
    assert_eq!(h.state().mode, Mode::Editor);
}

#[test]
fn hovering_a_face_describes_it_in_the_status_bar() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    let f = board.face_by_label("b2").unwrap();
    let p = screen(&mut h, board.mesh().face_interior_point(f));
    h.hover_at(p);
    h.run_ok();
    let hover = h.state().ws.status.hover.clone().unwrap_or_default();
    assert!(hover.starts_with("b2"), "status bar says {hover:?}");
}

#[test]
fn the_window_renders() {
    let (mut h, _dir) = harness(Some(presets::hex(5)));
    h.snapshot_options("smoke_hex5", &snapshot_options());
}

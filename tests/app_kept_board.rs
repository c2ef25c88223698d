//! A board a session ends with, never saved and never changed (a preset, a
//! generated board), is not lost: closing the window asks nothing about it,
//! and the next launch's start card offers to reopen it. The real `App`,
//! driven through its commands and the start card's buttons, launched again
//! on the same data folder.

mod app_common;

use app_common::*;
use boardwright::app::command::{Command, NewBoard, Work};
use boardwright::app::dialogs::Dialog;
use boardwright::app::{App, AppOptions};
use boardwright::edit::BoardEdit;
use egui_kittest::Harness;
use std::path::{Path, PathBuf};

type H = Harness<'static, App>;

/// A window started without a file, on the data folder `data`, whose file
/// dialog saves to `save_to`.
fn launch(data: &Path, save_to: &Path) -> H {
    harness_with(AppOptions {
        data_dir: Some(data.to_path_buf()),
        file_chooser: Some(saving_to(save_to)),
        ..Default::default()
    })
}

/// File → Quit, answered, then the window closes as eframe closes it.
fn quit(mut h: H) {
    h.state_mut().apply(Command::Quit);
    h.run_ok();
    assert!(h.state().close_confirmed(), "closed without a question");
    eframe::App::on_exit(h.state_mut(), None);
}

fn preset_hex(h: &mut H, size: u32) {
    h.state_mut().apply(Command::NewBoard(NewBoard::Preset {
        name: "Hex".into(),
        size: Some(size),
    }));
    h.run_ok();
    assert_eq!(
        h.state().ws.doc.board().face_count(),
        (size * size) as usize
    );
}

fn offers(h: &H) -> bool {
    has_label(h, "Reopen \u{201c}Hex 7×7\u{201d} (49 faces)")
}

#[test]
fn an_unsaved_preset_board_is_offered_at_the_next_launch_until_saved() {
    let data = tempfile::tempdir().unwrap();
    let files = tempfile::tempdir().unwrap();
    let saved: PathBuf = files.path().join("seven.ron");
    let mut h = launch(data.path(), &saved);
    assert!(!offers(&h), "nothing kept yet");
    preset_hex(&mut h, 7);
    assert!(!h.state().ws.doc.is_dirty());
    quit(h);

    // Second launch: the start card offers it; Reopen brings it back, unsaved.
    let mut h = launch(data.path(), &saved);
    assert_eq!(h.state().ws.doc.board().face_count(), 0);
    assert!(offers(&h), "the start card offers the board");
    assert!(has_label(&h, "Forget"));
    click_label(&mut h, "Reopen \u{201c}Hex 7×7\u{201d} (49 faces)");
    let b = h.state().ws.doc.board();
    assert_eq!((b.meta().name.as_str(), b.face_count()), ("Hex 7×7", 49));
    assert!(h.state().ws.doc.path.is_none(), "still not in a file");
    let (text, _) = message(&h).expect("a message");
    assert!(
        text.starts_with("Reopened \u{201c}Hex 7×7\u{201d} from an earlier session"),
        "{text}"
    );
    // Closing again keeps it again: it is still not saved.
    quit(h);
    let mut h = launch(data.path(), &saved);
    assert!(offers(&h), "still offered: never saved");

    // Reopened and saved to a file: the kept copy is forgotten at the close.
    click_label(&mut h, "Reopen \u{201c}Hex 7×7\u{201d} (49 faces)");
    h.state_mut().apply(Command::Save);
    h.run_ok();
    assert!(saved.exists());
    assert_eq!(h.state().ws.doc.path.as_deref(), Some(saved.as_path()));
    quit(h);
    let h = launch(data.path(), &saved);
    assert!(!offers(&h), "saved to a file: no longer offered");
}

#[test]
fn a_board_the_user_chose_not_to_save_is_not_kept() {
    let data = tempfile::tempdir().unwrap();
    let files = tempfile::tempdir().unwrap();
    let mut h = launch(data.path(), &files.path().join("x.ron"));
    preset_hex(&mut h, 7);
    let face = h.state().ws.doc.board().face_by_label("a1").unwrap();
    h.state_mut()
        .ws
        .doc
        .apply(BoardEdit::SetLabel {
            face,
            label: "corner".into(),
        })
        .unwrap();
    h.run_ok();
    assert!(h.state().ws.doc.is_dirty());
    h.state_mut().apply(Command::Quit);
    h.run_ok();
    assert!(matches!(
        h.state().dialog(),
        Some(Dialog::Unsaved {
            work: Work::Board,
            ..
        })
    ));
    click_label(&mut h, "Don't save");
    assert!(h.state().close_confirmed());
    eframe::App::on_exit(h.state_mut(), None);
    let h = launch(data.path(), &files.path().join("x.ron"));
    assert!(!offers(&h), "Don't save means the board is gone");
}

#[test]
fn forget_deletes_the_kept_board_and_a_file_launch_leaves_it() {
    let data = tempfile::tempdir().unwrap();
    let files = tempfile::tempdir().unwrap();
    let save_to = files.path().join("x.ron");
    let mut h = launch(data.path(), &save_to);
    preset_hex(&mut h, 7);
    quit(h);

    // A window started with a file offers nothing and leaves the kept board.
    let board_file = files.path().join("three.ron");
    boardwright::io::save_board(&boardwright::presets::hex(3), &board_file).unwrap();
    let h = harness_with(AppOptions {
        data_dir: Some(data.path().to_path_buf()),
        ..AppOptions::for_file(&board_file)
    });
    assert_eq!(h.state().ws.doc.board().face_count(), 9);
    assert!(h.state().ws.kept.is_none());
    quit(h);

    let mut h = launch(data.path(), &save_to);
    assert!(offers(&h), "still kept after a session on a file");
    click_label(&mut h, "Forget");
    assert!(!offers(&h));
    assert!(h.state().ws.kept.is_none());
    quit(h);
    let h = launch(data.path(), &save_to);
    assert!(!offers(&h), "forgotten for good");
}

#[test]
fn a_damaged_kept_board_is_reported_and_left_in_place() {
    let data = tempfile::tempdir().unwrap();
    let kept = data.path().join("kept-board.ron");
    std::fs::write(&kept, "(this is not a board").unwrap();
    let h = launch(data.path(), &data.path().join("x.ron"));
    let (text, error) = message(&h).expect("a message");
    assert!(error, "{text}");
    assert!(text.contains("could not be read"), "{text}");
    assert!(kept.exists(), "left for the user to look at");
}

#[test]
fn a_board_read_from_a_file_is_not_kept() {
    let data = tempfile::tempdir().unwrap();
    let files = tempfile::tempdir().unwrap();
    let save_to = files.path().join("x.ron");
    // Blender's OBJ, an import: no .ron file, unchanged — but its file has it.
    let obj = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/obj/blender-4x.obj"
    ));
    let h = harness_with(AppOptions {
        data_dir: Some(data.path().to_path_buf()),
        ..AppOptions::for_file(obj)
    });
    assert_eq!(h.state().ws.doc.board().face_count(), 16);
    assert!(h.state().ws.doc.path.is_none(), "an import has no .ron yet");
    quit(h);
    let mut h = launch(data.path(), &save_to);
    assert!(h.state().ws.kept.is_none(), "the OBJ file holds it");

    // The same opened from the menu, and a game's board (HexGui SGF).
    h.state_mut().apply(Command::OpenPath(obj.to_path_buf()));
    h.run_ok();
    assert_eq!(h.state().ws.doc.board().face_count(), 16);
    quit(h);
    let mut h = launch(data.path(), &save_to);
    assert!(h.state().ws.kept.is_none(), "opened from the menu");
    let sgf = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/foreign/lg-hex-1139802-swap.hsgf"
    ));
    h.state_mut().apply(Command::OpenPath(sgf.to_path_buf()));
    h.run_ok();
    assert_eq!(h.state().ws.doc.board().face_count(), 169);
    h.state_mut().apply(Command::Quit);
    h.run_ok();
    assert!(h.state().close_confirmed(), "{:?}", message(&h));
    eframe::App::on_exit(h.state_mut(), None);
    let h = launch(data.path(), &save_to);
    assert!(
        h.state().ws.kept.is_none(),
        "a game's board: its file has it"
    );
}

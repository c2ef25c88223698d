//! Big files open and save on a worker thread: the window shows what is being
//! done with a progress bar and Cancel, refuses other commands meanwhile, and
//! takes the result in when it is ready. (The size from which a file counts as
//! big is lowered here so that small boards take the same path.)

mod app_common;

use app_common::*;
use boardwright::app::App;
use boardwright::app::command::Command;
use boardwright::edit::BoardEdit;
use boardwright::mesh::FaceId;
use boardwright::presets;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::time::{Duration, Instant};

/// Every file opens, and every board saves, on a worker thread, which
/// waits a moment before it starts (so that the progress window is seen) —
/// or until Cancel.
fn every_file_is_big(h: &mut Harness<'static, App>) {
    let app = h.state_mut();
    app.big_file_bytes = 1;
    app.big_board_faces = 1;
    app.file_job_delay = Duration::from_millis(800);
}

/// A few frames (a modal window is laid out in its first frame and shown in the next).
fn show_frames(h: &mut Harness<'static, App>) {
    for _ in 0..3 {
        h.step();
    }
}

/// Run frames until the file job is done (at most 30 s).
fn finish_job(h: &mut Harness<'static, App>) {
    let start = Instant::now();
    while h.state().file_job().is_some() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the job never ended"
        );
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.run_ok();
}

#[test]
fn a_big_file_opens_on_a_worker_with_a_progress_window() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("grid.ron");
    let board = presets::square_grid(40, 30);
    boardwright::io::save_board(&board, &path).unwrap();
    let (mut h, _d) = harness(None);
    every_file_is_big(&mut h);
    h.state_mut().open_file(&path);
    // Nothing changed yet: the file is being read, and the window says so.
    assert!(h.state().file_job().is_some());
    show_frames(&mut h);
    assert!(h.query_by_label("Opening grid.ron").is_some());
    assert!(h.query_by_label("Cancel").is_some());
    // Other commands wait for it.
    let busy = h.state().availability(&Command::Save);
    assert!(
        busy.as_ref().is_err_and(|e| e.contains("Opening grid.ron")),
        "{busy:?}"
    );
    finish_job(&mut h);
    assert_eq!(h.state().ws.doc.board(), &board);
    assert_eq!(h.state().ws.doc.path.as_deref(), Some(path.as_path()));
    assert!(!h.state().ws.doc.is_dirty());
    let (msg, err) = message(&h).unwrap();
    assert!(
        !err && msg.starts_with("Opened") && msg.contains("grid.ron"),
        "{msg}"
    );
    assert!(h.query_by_label("Cancel").is_none());
    assert!(h.state().availability(&Command::Save).is_ok());
}

#[test]
fn cancel_stops_opening_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("grid.ron");
    boardwright::io::save_board(&presets::square_grid(60, 60), &path).unwrap();
    let before = presets::hex(3);
    let (mut h, _d) = harness(Some(before.clone()));
    every_file_is_big(&mut h);
    h.state_mut().open_file(&path);
    show_frames(&mut h);
    h.get_by_label("Cancel").click();
    finish_job(&mut h);
    // Whether the worker had finished or not, a cancelled open changes nothing.
    assert_eq!(h.state().ws.doc.board(), &before);
    assert_eq!(h.state().ws.doc.path, None);
    let (msg, err) = message(&h).unwrap();
    assert!(!err && msg.contains("Stopped opening"), "{msg}");
}

#[test]
fn a_bad_big_file_reports_its_error_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.ron");
    std::fs::write(&path, "(format_version: 2, vertices: [1.0, oops").unwrap();
    let before = presets::hex(3);
    let (mut h, _d) = harness(Some(before.clone()));
    every_file_is_big(&mut h);
    h.state_mut().open_file(&path);
    finish_job(&mut h);
    assert_eq!(h.state().ws.doc.board(), &before);
    let (msg, err) = message(&h).unwrap();
    assert!(err && msg.contains("broken.ron"), "{msg}");
}

#[test]
fn a_big_file_asks_about_unsaved_changes_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("grid.ron");
    let board = presets::square_grid(10, 10);
    boardwright::io::save_board(&board, &path).unwrap();
    let (mut h, _d) = harness(Some(presets::hex(3)));
    h.state_mut().ws.doc.mark_dirty();
    every_file_is_big(&mut h);
    h.state_mut().open_file(&path);
    h.run_ok();
    assert!(h.state().file_job().is_none());
    assert_eq!(
        h.state().dialog().map(|d| d.name()),
        Some("unsaved changes")
    );
    h.get_by_label("Don't save").click();
    h.run_ok();
    finish_job(&mut h);
    assert_eq!(h.state().ws.doc.board(), &board);
}

#[test]
fn a_big_board_saves_on_a_worker_and_the_document_is_then_clean() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("saved.ron");
    let (mut h, _d) = harness(Some(presets::square_grid(30, 30)));
    every_file_is_big(&mut h);
    h.state_mut()
        .ws
        .doc
        .apply(BoardEdit::SetLabel {
            face: FaceId(7),
            label: "seven".into(),
        })
        .unwrap();
    let edited = h.state().ws.doc.board().clone();
    h.state_mut().ws.doc.path = Some(path.clone());
    h.state_mut().apply(Command::Save);
    assert!(h.state().file_job().is_some());
    show_frames(&mut h);
    assert!(h.query_by_label("Saving saved.ron").is_some());
    finish_job(&mut h);
    assert!(!h.state().ws.doc.is_dirty());
    assert_eq!(boardwright::io::load_board(&path).unwrap().board, edited);
    let (msg, err) = message(&h).unwrap();
    assert!(!err && msg.starts_with("Saved"), "{msg}");
}

#[test]
fn a_cancelled_save_leaves_the_old_file_and_the_board_unsaved() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("saved.ron");
    std::fs::write(&path, "old").unwrap();
    let (mut h, _d) = harness(Some(presets::square_grid(80, 80)));
    every_file_is_big(&mut h);
    // Cancel comes while the worker waits, before it has written anything.
    h.state_mut().file_job_delay = Duration::from_secs(60);
    h.state_mut().ws.doc.mark_dirty();
    h.state_mut().ws.doc.path = Some(path.clone());
    h.state_mut().apply(Command::Save);
    show_frames(&mut h);
    h.get_by_label("Cancel").click();
    finish_job(&mut h);
    let (msg, err) = message(&h).unwrap();
    assert!(!err && msg.contains("Stopped saving"), "{msg}");
    assert_eq!(std::fs::read(&path).unwrap(), b"old");
    assert!(h.state().ws.doc.is_dirty());
}

#[test]
fn closing_the_window_lets_a_save_under_way_finish() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("saved.ron");
    let board = presets::square_grid(30, 30);
    let (mut h, _d) = harness(Some(board.clone()));
    every_file_is_big(&mut h);
    h.state_mut().ws.doc.mark_dirty();
    h.state_mut().ws.doc.path = Some(path.clone());
    h.state_mut().apply(Command::Save);
    show_frames(&mut h);
    assert!(h.state().file_job().is_some());
    let cmds = press_close(&mut h);
    // The save finished before the window closed, and nothing held it open.
    assert!(h.state().file_job().is_none());
    assert!(
        !cmds.contains(&eframe::egui::ViewportCommand::CancelClose),
        "{cmds:?}"
    );
    assert!(!h.state().ws.doc.is_dirty());
    assert_eq!(boardwright::io::load_board(&path).unwrap().board, board);
}

#[test]
fn files_other_programs_wrote_open_through_the_worker_as_they_do_at_once() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    for name in [
        "obj/blender-4x.obj",
        "obj/rhino-crlf.obj",
        "sgf/hexgui-variations.sgf",
    ] {
        let path = data.join(name);
        // At once (small files) …
        let (mut direct, _d1) = harness(None);
        direct.state_mut().open_file(&path);
        direct.run_ok();
        assert!(direct.state().file_job().is_none());
        // … and through the worker: the same board, game and message.
        let (mut h, _d2) = harness(None);
        every_file_is_big(&mut h);
        h.state_mut().open_file(&path);
        assert!(h.state().file_job().is_some(), "{name}");
        finish_job(&mut h);
        assert_eq!(
            h.state().ws.doc.board(),
            direct.state().ws.doc.board(),
            "{name}"
        );
        assert_eq!(h.state().mode, direct.state().mode, "{name}");
        assert_eq!(message(&h), message(&direct), "{name}");
        let (msg, err) = message(&h).unwrap();
        assert!(
            !err && msg.contains(path.file_name().unwrap().to_str().unwrap()),
            "{msg}"
        );
    }
}

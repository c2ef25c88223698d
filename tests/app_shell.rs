//! The window shell: nothing is lost on close / New / Open, autosave and restore,
//! shortcuts, menus, persisted settings, recent files, drag and drop.

mod app_common;

use app_common::*;
use boardwright::app::dialogs::{Dialog, NewBoard};
use boardwright::app::workspace::Mode;
use boardwright::app::{App, AppOptions};
use boardwright::edit::BoardEdit;
use boardwright::mesh::{Point, VertexId};
use boardwright::presets;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn is_unsaved_prompt(h: &Harness<'static, App>) -> bool {
    matches!(h.state().dialog(), Some(Dialog::Unsaved { .. }))
}

#[test]
fn closing_with_unsaved_changes_asks_and_cancel_keeps_the_window() {
    let (mut h, _dir) = harness(Some(presets::square_grid(3, 3)));
    relabel(&mut h, 0, "start");
    let cmds = press_close(&mut h);
    assert!(
        cmds.contains(&egui::ViewportCommand::CancelClose),
        "the close is held back: {cmds:?}"
    );
    assert!(is_unsaved_prompt(&h));
    assert!(has_label(&h, "Don't save"));
    click_label(&mut h, "Cancel");
    assert!(h.state().dialog().is_none());
    assert!(!h.state().close_confirmed());
    assert!(h.state().ws.doc.is_dirty(), "the changes are still there");
    assert_eq!(h.state().ws.doc.board().faces().labels()[0], "start");
}

#[test]
fn dont_save_closes_and_leaves_the_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.ron");
    boardwright::io::save_board(&presets::square_grid(3, 3), &path).unwrap();
    let before = std::fs::read_to_string(&path).unwrap();
    let (mut h, _d) = harness_opts(AppOptions {
        board: Some(presets::square_grid(3, 3)),
        path: Some(path.clone()),
        ..Default::default()
    });
    relabel(&mut h, 0, "changed");
    press_close(&mut h);
    assert!(is_unsaved_prompt(&h));
    let cmds = click_for_commands(&mut h, "Don't save");
    assert!(
        cmds.contains(&egui::ViewportCommand::Close),
        "the app closes the window: {cmds:?}"
    );
    assert!(h.state().close_confirmed());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    // The close that follows is let through.
    let cmds = press_close(&mut h);
    assert!(!cmds.contains(&egui::ViewportCommand::CancelClose));
}

#[test]
fn save_in_the_prompt_writes_the_file_then_closes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.ron");
    boardwright::io::save_board(&presets::square_grid(3, 3), &path).unwrap();
    let (mut h, _d) = harness_opts(AppOptions {
        board: Some(presets::square_grid(3, 3)),
        path: Some(path.clone()),
        ..Default::default()
    });
    relabel(&mut h, 4, "centre");
    press_close(&mut h);
    click_label(&mut h, "Save");
    assert!(h.state().close_confirmed());
    assert!(!h.state().ws.doc.is_dirty());
    let saved = boardwright::io::load_board(&path).unwrap().board;
    assert_eq!(saved.faces().labels()[4], "centre");
    assert_eq!(&saved, h.state().ws.doc.board());
}

#[test]
fn closing_without_changes_does_not_ask() {
    let (mut h, _dir) = harness(Some(presets::hex(3)));
    let cmds = press_close(&mut h);
    assert!(!cmds.contains(&egui::ViewportCommand::CancelClose));
    assert!(h.state().dialog().is_none());
    assert!(h.state().close_confirmed());
}

#[test]
fn new_from_preset_with_unsaved_changes_asks_first() {
    let (mut h, _dir) = harness(Some(presets::square_grid(3, 3)));
    relabel(&mut h, 0, "x");
    ctrl(&mut h, false, egui::Key::N);
    assert!(matches!(h.state().dialog(), Some(Dialog::NewBoard { .. })));
    click_label(&mut h, "Create");
    assert!(is_unsaved_prompt(&h), "New asks before replacing the board");
    click_label(&mut h, "Cancel");
    assert_eq!(h.state().ws.doc.board().faces().labels()[0], "x");
    // Again, this time discarding the changes: the first preset at its default size.
    ctrl(&mut h, false, egui::Key::N);
    click_label(&mut h, "Create");
    click_label(&mut h, "Don't save");
    let b = h.state().ws.doc.board();
    assert_eq!(b, &presets::square_grid(8, 8));
    assert!(!h.state().ws.doc.is_dirty());
    assert!(h.state().ws.doc.path.is_none(), "a preset has no file yet");
}

#[test]
fn new_board_from_the_menu_makes_every_preset() {
    let (mut h, _dir) = harness(None);
    for name in presets::PRESET_NAMES {
        h.state_mut().new_board(NewBoard::Preset {
            name: name.to_string(),
            size: None,
        });
        h.run_ok();
        let expected = presets::by_name(name, None).unwrap();
        assert_eq!(h.state().ws.doc.board(), &expected, "{name}");
    }
    h.state_mut().new_board(NewBoard::Preset {
        name: "hex".into(),
        size: Some(5),
    });
    h.run_ok();
    assert_eq!(h.state().ws.doc.board(), &presets::hex(5));
    h.state_mut().new_board(NewBoard::Preset {
        name: "hex".into(),
        size: Some(500),
    });
    h.run_ok();
    let (msg, err) = message(&h).unwrap();
    assert!(err && msg.contains("out of range"), "{msg}");
    assert_eq!(h.state().ws.doc.board(), &presets::hex(5));
    // File → New → Empty board through the menu.
    click_label(&mut h, "File");
    click_label(&mut h, "New");
    click_label(&mut h, "Empty board");
    assert_eq!(h.state().ws.doc.board().face_count(), 0);
}

#[test]
fn open_with_unsaved_changes_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("hex.ron");
    boardwright::io::save_board(&presets::hex(4), &other).unwrap();
    let (mut h, _d) = harness(Some(presets::square_grid(3, 3)));
    relabel(&mut h, 0, "x");
    h.state_mut().open_file(&other);
    h.run_ok();
    assert!(is_unsaved_prompt(&h));
    assert_eq!(h.state().ws.doc.board().faces().labels()[0], "x");
    click_label(&mut h, "Don't save");
    assert_eq!(h.state().ws.doc.board(), &presets::hex(4));
    assert_eq!(h.state().ws.doc.path.as_deref(), Some(other.as_path()));
}

#[test]
fn ctrl_z_and_ctrl_y_undo_and_redo_a_document_edit() {
    let board = presets::square_grid(2, 2);
    let (mut h, _dir) = harness(Some(board.clone()));
    let v = VertexId(0);
    let p0 = board.mesh().position(v);
    h.state_mut()
        .ws
        .doc
        .apply(BoardEdit::MoveVertex {
            vertex: v,
            to: Point::new(p0.x - 0.25, p0.y - 0.25),
        })
        .unwrap();
    h.run_ok();
    let (undo, _) = h.state().undo_redo_labels();
    assert_eq!(undo.as_deref(), Some("Undo move vertex"));
    ctrl(&mut h, false, egui::Key::Z);
    assert_eq!(h.state().ws.doc.board().mesh().position(v), p0);
    assert_eq!(
        h.state().undo_redo_labels().1.as_deref(),
        Some("Redo move vertex")
    );
    ctrl(&mut h, false, egui::Key::Y);
    assert_eq!(
        h.state().ws.doc.board().mesh().position(v),
        Point::new(p0.x - 0.25, p0.y - 0.25)
    );
    ctrl(&mut h, false, egui::Key::Z);
    ctrl(&mut h, true, egui::Key::Z);
    assert_eq!(
        h.state().ws.doc.board().mesh().position(v),
        Point::new(p0.x - 0.25, p0.y - 0.25),
        "Ctrl+Shift+Z redoes too"
    );
}

#[test]
fn the_edit_menu_names_the_step_it_undoes() {
    let (mut h, _dir) = harness(Some(presets::square_grid(2, 2)));
    relabel(&mut h, 1, "b1x");
    click_label(&mut h, "Edit");
    assert!(
        h.query_by_label_contains("Redo set label").is_none(),
        "nothing to redo yet"
    );
    h.get_by_label_contains("Undo set label").click();
    h.run_ok();
    assert_eq!(h.state().ws.doc.board().faces().labels()[1], "b1");
    click_label(&mut h, "Edit");
    h.get_by_label_contains("Redo set label").click();
    h.run_ok();
    assert_eq!(h.state().ws.doc.board().faces().labels()[1], "b1x");
}

#[test]
fn f_fits_and_the_view_menu_zooms() {
    let (mut h, _dir) = harness(Some(presets::hex(5)));
    h.key_press(egui::Key::F);
    h.run_ok();
    let fitted = h.state_mut().canvas_mut().view;
    click_label(&mut h, "View");
    click_label(&mut h, "Zoom in +");
    let zoomed = h.state_mut().canvas_mut().view;
    assert!(
        zoomed.scale > fitted.scale * 1.1,
        "{zoomed:?} vs {fitted:?}"
    );
    click_label(&mut h, "View");
    click_label(&mut h, "Zoom out \u{2212}");
    click_label(&mut h, "View");
    click_label(&mut h, "Zoom out \u{2212}");
    assert!(h.state_mut().canvas_mut().view.scale < fitted.scale);
    h.key_press(egui::Key::F);
    h.run_ok();
    let again = h.state_mut().canvas_mut().view;
    assert!((again.scale - fitted.scale).abs() < 1e-6 * fitted.scale);
}

#[test]
fn number_keys_switch_modes() {
    let (mut h, _dir) = harness(Some(presets::hex(3)));
    for (key, mode) in [
        (egui::Key::Num3, Mode::Generator),
        (egui::Key::Num2, Mode::Play),
        (egui::Key::Num1, Mode::Editor),
    ] {
        h.key_press(key);
        h.run_ok();
        assert_eq!(h.state().mode, mode);
    }
}

#[test]
fn switching_tabs_clears_the_last_tabs_message_but_keeps_it_in_the_log() {
    let (mut h, _dir) = harness(Some(presets::hex(3)));
    h.state_mut().ws.status.info("Analysis done: Red wins 55 %");
    h.run_ok();
    assert!(has_label(&h, "Analysis done: Red wins 55 %"));
    h.key_press(egui::Key::Num2);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Play);
    assert_eq!(message(&h), None);
    assert!(!has_label(&h, "Analysis done: Red wins 55 %"));
    assert!(logged(&h, "Analysis done: Red wins 55 %"));
    // Opening a game file switches to Play itself and keeps what it says.
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("b.ron");
    boardwright::io::save_board(&presets::hex(4), &p).unwrap();
    h.state_mut().open_file(&p);
    h.run_ok();
    assert!(message(&h).is_some_and(|(m, _)| m.starts_with("Opened")));
}

#[test]
fn settings_and_mode_persist_through_eframe_storage() {
    let (mut h, _dir) = harness(Some(presets::hex(3)));
    assert!(h.state().ws.settings.show_labels);
    click_label(&mut h, "View");
    click_label(&mut h, "Labels");
    assert!(!h.state().ws.settings.show_labels);
    click_label(&mut h, "View");
    click_label(&mut h, "Start pieces");
    assert!(!h.state().ws.settings.show_setup);
    assert!(
        !h.state_mut().canvas_mut().show_setup,
        "the canvas hides them"
    );
    assert!(!h.state_mut().canvas_mut().show_labels);
    let dark_before = h.state().ws.settings.dark;
    click_label(&mut h, "View");
    click_label(&mut h, "Dark theme");
    assert_eq!(h.state().ws.settings.dark, !dark_before);
    h.key_press(egui::Key::Num3);
    h.run_ok();
    let mut storage = MemStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    let settings = h.state().ws.settings.clone();
    assert!(!settings.show_labels);

    let dir2 = tempfile::tempdir().unwrap();
    let h2 = harness_with_storage(
        AppOptions {
            data_dir: Some(dir2.path().to_path_buf()),
            ..Default::default()
        },
        &storage,
    );
    assert_eq!(h2.state().ws.settings, settings);
    assert_eq!(h2.state().mode, Mode::Generator);
    assert_eq!(
        h2.ctx.global_style().visuals.dark_mode,
        settings.dark,
        "the stored theme is applied"
    );
}

#[test]
fn recent_files_are_listed_newest_first_and_missing_ones_reported() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.ron");
    let b = dir.path().join("b.ron");
    boardwright::io::save_board(&presets::hex(3), &a).unwrap();
    boardwright::io::save_board(&presets::hex(4), &b).unwrap();
    let (mut h, _d) = harness(None);
    h.state_mut().open_file(&a);
    h.state_mut().open_file(&b);
    h.state_mut().open_file(&a);
    h.run_ok();
    let recent = h.state().ws.settings.recent.clone();
    let abs = |p: &std::path::Path| std::path::absolute(p).unwrap();
    assert_eq!(recent, vec![abs(&a), abs(&b)]);

    std::fs::remove_file(&b).unwrap();
    click_label(&mut h, "File");
    click_label(&mut h, "Open Recent");
    assert!(has_label(&h, "a.ron"));
    click_label(&mut h, "b.ron (missing)");
    let (msg, err) = message(&h).unwrap();
    assert!(err && msg.contains("does not exist"), "{msg}");
    assert_eq!(
        h.state().ws.doc.board(),
        &presets::hex(3),
        "nothing changed"
    );
}

#[test]
fn autosave_is_written_on_a_timer_and_offered_after_a_crash() {
    let data = tempfile::tempdir().unwrap();
    let opts = AppOptions {
        board: Some(presets::square_grid(3, 3)),
        data_dir: Some(data.path().to_path_buf()),
        autosave_interval: Some(0.0),
        ..Default::default()
    };
    let mut h = harness_with(opts.clone());
    let autosaved = data.path().join("autosave").join("board.ron");
    assert!(!autosaved.exists(), "nothing unsaved yet");
    relabel(&mut h, 2, "autosaved");
    for _ in 0..3 {
        h.step();
    }
    assert!(autosaved.exists(), "the timer wrote the autosave");
    let edited = h.state().ws.doc.board().clone();
    // The app "crashes": no close, no on_exit.
    drop(h);

    let mut h = harness_with(AppOptions {
        board: None,
        ..opts.clone()
    });
    assert!(matches!(h.state().dialog(), Some(Dialog::Restore(_))));
    assert!(has_label(&h, "Discard"));
    click_label(&mut h, "Restore");
    assert_eq!(h.state().ws.doc.board(), &edited);
    assert!(
        h.state().ws.doc.is_dirty(),
        "restored work is still unsaved"
    );

    // A clean exit removes it.
    press_close(&mut h);
    click_label(&mut h, "Don't save");
    eframe::App::on_exit(h.state_mut(), None);
    assert!(!autosaved.exists());
    drop(h);
    let h = harness_with(opts);
    assert!(h.state().dialog().is_none(), "nothing to restore");
}

#[test]
fn autosave_on_exit_without_a_confirmed_close_and_discard() {
    let data = tempfile::tempdir().unwrap();
    let opts = AppOptions {
        board: Some(presets::hex(3)),
        data_dir: Some(data.path().to_path_buf()),
        ..Default::default()
    };
    let mut h = harness_with(opts.clone());
    relabel(&mut h, 0, "zz");
    eframe::App::on_exit(h.state_mut(), None);
    let autosaved = data.path().join("autosave").join("board.ron");
    assert!(autosaved.exists());
    drop(h);
    let mut h = harness_with(opts);
    click_label(&mut h, "Discard");
    assert!(!autosaved.exists());
    assert_eq!(h.state().ws.doc.board(), &presets::hex(3));
}

/// A file dropped onto the window, as the platform delivers it.
#[derive(Debug)]
struct Dropped(std::path::PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn dropping_a_file_opens_it() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("dropped.ron");
    boardwright::io::save_board(&presets::triangle_grid(3), &p).unwrap();
    let (mut h, _d) = harness(None);
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(p.clone())));
    h.run_ok();
    assert_eq!(h.state().ws.doc.board(), &presets::triangle_grid(3));
    assert_eq!(h.state().ws.doc.path.as_deref(), Some(p.as_path()));
}

#[test]
fn dropping_several_files_asks_first_then_opens_the_first_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.ron");
    let b = dir.path().join("b.ron");
    boardwright::io::save_board(&presets::hex(4), &a).unwrap();
    boardwright::io::save_board(&presets::hex(5), &b).unwrap();
    let (mut h, _d) = harness(Some(presets::square_grid(3, 3)));
    relabel(&mut h, 0, "mine");
    for p in [&a, &b] {
        h.input_mut()
            .dropped_files
            .push(std::sync::Arc::new(Dropped(p.clone())));
    }
    h.run_ok();
    assert!(is_unsaved_prompt(&h), "the drop waits for the answer");
    assert_eq!(h.state().ws.doc.board().faces().labels()[0], "mine");
    click_label(&mut h, "Don't save");
    assert_eq!(h.state().ws.doc.board(), &presets::hex(4));
    let (msg, err) = message(&h).unwrap();
    assert!(!err && msg.contains("2 were dropped"), "{msg}");
}

#[test]
fn help_lists_every_command_shortcut_and_each_one_works() {
    let (mut h, _dir) = harness(None);
    click_label(&mut h, "Help");
    click_label(&mut h, "Keyboard shortcuts");
    assert!(matches!(h.state().dialog(), Some(Dialog::Shortcuts)));
    let commands = commands::with_shortcuts();
    assert!(
        commands.len() >= 20,
        "{} commands with shortcuts",
        commands.len()
    );
    for (c, _) in &commands {
        let keys = c.all_shortcuts_text(&h.ctx).unwrap();
        assert!(has_label(&h, &keys), "{keys} ({c:?}) is listed");
    }
    for (keys, _) in boardwright::app::dialogs::MOUSE {
        assert!(has_label(&h, keys), "{keys} is listed");
    }
    click_label(&mut h, "Help");
    click_label(&mut h, "About");
    assert!(h.query_by_label_contains("boardwright 0.").is_some());

    // Each shortcut, pressed in an app where its command can run, does what
    // carrying out the command does — and something a user notices.
    let files = commands::files();
    for (c, shortcuts) in &commands {
        for s in shortcuts {
            let (mut pressed, _d1) = commands::app_for(c, files.path());
            let before = commands::seen(&mut pressed);
            commands::press_shortcut(&mut pressed, s);
            let by_key = commands::seen(&mut pressed);
            assert_ne!(before, by_key, "{c:?}: {s:?} changed nothing");
            let (mut applied, _d2) = commands::app_for(c, files.path());
            applied.state_mut().apply(commands::catalogue_entry(c));
            applied.run_ok();
            assert_eq!(by_key, commands::seen(&mut applied), "{c:?} by {s:?}");
        }
    }
}

/// The file the window was started with (`boardwright FILE`) is at the top of
/// Open Recent, an OBJ import included (it has no RON path until it is saved).
#[test]
fn the_file_the_window_started_with_is_in_open_recent_imports_included() {
    let dir = tempfile::tempdir().unwrap();
    let obj = dir.path().join("imported.obj");
    boardwright::io::save_board(&presets::hex(3), &obj).unwrap();
    let boardwright::app::files::Opened::Board { board, notes } =
        boardwright::app::files::open_path(&obj).unwrap()
    else {
        panic!("an OBJ is a board");
    };
    let path = boardwright::app::files::save_path_for(&obj);
    assert_eq!(path, None, "an import has no RON path yet");
    let h = harness_with(AppOptions {
        board: Some(*board),
        notes,
        path,
        opened: Some(obj.clone()),
        data_dir: Some(dir.path().to_path_buf()),
        ..Default::default()
    });
    assert_eq!(
        h.state().ws.settings.recent,
        vec![std::path::absolute(&obj).unwrap()]
    );
    assert!(h.state().ws.doc.path.is_none(), "Save still asks where");
}

//! A game with moves that are not saved is not replaced without a question:
//! New game, opening another game and closing the window ask first
//! (Save… / Don't save / Cancel), as the board's unsaved changes do. The real
//! `App`, driven through its buttons, its prompt and the window's close button.

mod app_common;

use app_common::*;
use boardwright::app::command::{Command, Work};
use boardwright::app::dialogs::Dialog;
use boardwright::app::file_dialog::FileChooser;
use boardwright::app::workspace::Mode;
use boardwright::app::{App, AppOptions};
use boardwright::board::Board;
use boardwright::presets;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::{Path, PathBuf};

type H = Harness<'static, App>;

/// Which prompt is open: `Some(Work::Game)` for the unsaved-game one.
fn prompt(h: &H) -> Option<Work> {
    match h.state().dialog() {
        Some(Dialog::Unsaved { work, .. }) => Some(*work),
        _ => None,
    }
}

fn has_text(h: &H, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

fn ply(h: &H) -> usize {
    h.state().play.game().expect("a game is on").ply()
}

/// The app on `board` whose file dialog saves to `save_to` (and opens nothing).
fn app_saving_to(board: &Board, save_to: &Path, data: &Path) -> H {
    harness_with(AppOptions {
        board: Some(board.clone()),
        data_dir: Some(data.to_path_buf()),
        file_chooser: Some(saving_to(save_to)),
        ..Default::default()
    })
}

/// What each file dialog asked: (suggested name, folder).
type Asked = std::sync::Arc<std::sync::Mutex<Vec<(String, Option<PathBuf>)>>>;

/// A file dialog that notes what it is asked and is cancelled every time.
fn cancelling_chooser() -> (FileChooser, Asked) {
    let asked = Asked::default();
    let noted = asked.clone();
    let chooser = FileChooser::new(move |q| {
        noted
            .lock()
            .unwrap()
            .push((q.file_name.clone().unwrap_or_default(), q.folder.clone()));
        None
    });
    (chooser, asked)
}

/// Play: a new game of Hex, then `cells` clicked in turn.
fn hex_game(h: &mut H, board: &Board, cells: &[&str]) {
    h.key_press(egui::Key::Num2);
    h.run_ok();
    click_label(h, "Hex");
    click_label(h, "New game");
    play(h, board, cells);
}

fn play(h: &mut H, board: &Board, cells: &[&str]) {
    for c in cells {
        click_face(h, board, board.face_by_label(c).unwrap());
    }
}

/// A saved Hex 3×3 game with the moves `cells` (written by the app itself).
fn saved_game(path: &Path, cells: &[&str]) {
    let board = presets::hex(3);
    let data = tempfile::tempdir().unwrap();
    let mut h = app_saving_to(&board, path, data.path());
    hex_game(&mut h, &board, cells);
    let app = h.state_mut();
    app.play.save_game_to(&mut app.ws, path).unwrap();
}

#[test]
fn new_game_asks_about_unsaved_moves_and_cancel_keeps_them() {
    let board = presets::hex(3);
    let (mut h, _d) = harness(Some(board.clone()));
    hex_game(&mut h, &board, &["a1", "b1"]);
    click_label(&mut h, "New game");
    assert_eq!(prompt(&h), Some(Work::Game));
    assert!(has_text(
        &h,
        "The game of Hex (2 moves) has changes that are not saved. Save it before starting a new game?"
    ));
    click_label(&mut h, "Cancel");
    assert!(h.state().dialog().is_none());
    assert_eq!(ply(&h), 2, "the game is still there");
    assert_eq!(message(&h).unwrap().0, "Cancelled");
    // Don't save: the new game starts.
    click_label(&mut h, "New game");
    click_label(&mut h, "Don't save");
    assert!(h.state().dialog().is_none());
    assert_eq!(ply(&h), 0);
    // Nothing to lose in a game without moves: no question.
    click_label(&mut h, "New game");
    assert!(h.state().dialog().is_none());
    assert!(message(&h).unwrap().0.starts_with("New game of Hex"));
}

#[test]
fn save_in_the_game_prompt_saves_then_opens_the_other_game() {
    let files = tempfile::tempdir().unwrap();
    let other = files.path().join("other.ron");
    saved_game(&other, &["c3"]);
    let kept = files.path().join("kept.ron");
    let board = presets::hex(3);
    let data = tempfile::tempdir().unwrap();
    let mut h = app_saving_to(&board, &kept, data.path());
    hex_game(&mut h, &board, &["a1", "b1", "a2"]);
    h.state_mut().open_file(&other);
    h.run_ok();
    assert_eq!(prompt(&h), Some(Work::Game));
    assert!(has_text(&h, "Save it before opening another file?"));
    assert_eq!(ply(&h), 3, "nothing is replaced before the answer");
    click_label(&mut h, "Save…");
    assert!(h.state().dialog().is_none());
    // The game was saved where the dialog said, then the other one opened.
    let text = std::fs::read_to_string(&kept).expect("the game was saved");
    assert!(text.contains("a1") && text.contains("a2"), "{text}");
    assert_eq!(ply(&h), 1);
    let (msg, _) = message(&h).unwrap();
    assert!(
        msg.starts_with("Opened Hex game") && msg.contains("other.ron"),
        "{msg}"
    );
    // The opened game is saved as it is: replacing it asks nothing.
    click_label(&mut h, "New game");
    assert!(h.state().dialog().is_none());
    // The kept file holds the three moves.
    h.state_mut().open_file(&kept);
    h.run_ok();
    assert_eq!(ply(&h), 3);
}

#[test]
fn a_game_is_unsaved_from_its_first_change_after_an_open_or_a_save() {
    let files = tempfile::tempdir().unwrap();
    let path = files.path().join("g.ron");
    saved_game(&path, &["a1"]);
    let board = presets::hex(3);
    let data = tempfile::tempdir().unwrap();
    let mut h = app_saving_to(&board, &path, data.path());
    h.state_mut().open_file(&path);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Play);
    assert_eq!(h.state().play.unsaved_game(), None, "as it was opened");
    // Taking a move back changes the game.
    h.state_mut().apply(Command::Undo);
    h.run_ok();
    assert_eq!(
        h.state().play.unsaved_game().as_deref(),
        Some("The game of Hex (1 move)"),
        "the record still holds the move taken back"
    );
    h.state_mut().apply(Command::Redo);
    play(&mut h, &board, &["b2"]);
    click_label(&mut h, "Save game…");
    assert_eq!(h.state().play.unsaved_game(), None, "saved");
    assert!(std::fs::read_to_string(&path).unwrap().contains("b2"));
    click_label(&mut h, "New game");
    assert!(
        h.state().dialog().is_none(),
        "a saved game goes without a question"
    );
    assert_eq!(ply(&h), 0);
}

#[test]
fn closing_asks_about_the_board_then_the_game() {
    let board = presets::hex(3);
    let (mut h, _d) = harness(Some(board.clone()));
    hex_game(&mut h, &board, &["a1"]);
    relabel(&mut h, 8, "corner");
    let cmds = press_close(&mut h);
    assert!(cmds.contains(&egui::ViewportCommand::CancelClose));
    assert_eq!(prompt(&h), Some(Work::Board));
    click_label(&mut h, "Don't save");
    assert_eq!(
        prompt(&h),
        Some(Work::Game),
        "the board's answer does not cover the game"
    );
    assert!(has_text(
        &h,
        "The game of Hex (1 move) has changes that are not saved. Save it before closing?"
    ));
    click_label(&mut h, "Cancel");
    assert!(!h.state().close_confirmed());
    assert_eq!(ply(&h), 1);
    assert!(h.state().ws.doc.is_dirty());
    // File → Quit asks the same two questions; Don't save twice closes.
    h.state_mut().apply(Command::Quit);
    h.run_ok();
    assert_eq!(prompt(&h), Some(Work::Board));
    click_label(&mut h, "Don't save");
    assert_eq!(prompt(&h), Some(Work::Game));
    let cmds = click_for_commands(&mut h, "Don't save");
    assert!(cmds.contains(&egui::ViewportCommand::Close), "{cmds:?}");
    assert!(h.state().close_confirmed());
}

#[test]
fn a_game_restored_after_a_crash_is_unsaved() {
    let data = tempfile::tempdir().unwrap();
    let board = presets::hex(3);
    let opts = AppOptions {
        board: Some(board.clone()),
        data_dir: Some(data.path().to_path_buf()),
        autosave_interval: Some(0.0),
        ..Default::default()
    };
    let mut h = harness_with(opts.clone());
    hex_game(&mut h, &board, &["a1", "b1"]);
    let autosaved = data.path().join("autosave").join("game.ron");
    for _ in 0..5 {
        h.step();
    }
    assert!(autosaved.exists(), "the game was autosaved");
    drop(h); // a crash: no close, no on_exit

    let mut h = harness_with(AppOptions {
        board: None,
        ..opts
    });
    click_label(&mut h, "Restore");
    assert_eq!(ply(&h), 2);
    assert_eq!(
        h.state().play.unsaved_game().as_deref(),
        Some("The game of Hex (2 moves)"),
        "it was never saved"
    );
    // The window had no board (the preset board was not autosaved: it had
    // no changes): it takes the game's, so the Editor and Analyze show it
    // and New game can start on it, as after opening a game.
    assert_eq!(h.state().ws.doc.board().face_count(), 9);
    assert!(
        !h.state().ws.doc.is_dirty(),
        "the board is the game's, unchanged"
    );
    let cmds = press_close(&mut h);
    assert!(cmds.contains(&egui::ViewportCommand::CancelClose));
    assert_eq!(prompt(&h), Some(Work::Game));
    click_label(&mut h, "Cancel");
    assert!(autosaved.exists(), "Cancel keeps the autosave too");
}

#[test]
fn a_game_saved_on_quit_is_there_at_the_next_launch() {
    let files = tempfile::tempdir().unwrap();
    let kept: PathBuf = files.path().join("evening.ron");
    let board = presets::hex(3);
    let data = tempfile::tempdir().unwrap();
    let mut h = app_saving_to(&board, &kept, data.path());
    hex_game(&mut h, &board, &["b2", "a1"]);
    h.state_mut().apply(Command::Quit);
    h.run_ok();
    assert_eq!(prompt(&h), Some(Work::Game));
    let cmds = click_for_commands(&mut h, "Save…");
    assert!(
        cmds.contains(&egui::ViewportCommand::Close),
        "saved, then closed: {cmds:?}"
    );
    assert!(kept.exists());
    let mut storage = MemStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    eframe::App::on_exit(h.state_mut(), None);
    drop(h);

    // Second launch from the saved profile: no autosave to restore, and the
    // saved game is the first recent file.
    let mut h = harness_with_storage(
        AppOptions {
            data_dir: Some(data.path().to_path_buf()),
            ..Default::default()
        },
        &storage,
    );
    assert!(h.state().dialog().is_none(), "nothing to restore");
    assert_eq!(h.state().ws.settings.recent.first(), Some(&kept));
    h.state_mut().apply(Command::OpenPath(kept.clone()));
    h.run_ok();
    assert_eq!(ply(&h), 2);
    assert_eq!(h.state().play.unsaved_game(), None);
}

#[test]
fn save_game_suggests_the_name_and_folder_of_the_game_s_file() {
    let files = tempfile::tempdir().unwrap();
    let lg = files.path().join("lg-hex-1612755.hsgf");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/foreign/lg-hex-1612755.hsgf"),
        &lg,
    )
    .unwrap();
    let (chooser, asked) = cancelling_chooser();
    let data = tempfile::tempdir().unwrap();
    let board = presets::hex(3);
    let mut h = harness_with(AppOptions {
        board: Some(board.clone()),
        data_dir: Some(data.path().to_path_buf()),
        file_chooser: Some(chooser),
        ..Default::default()
    });
    hex_game(&mut h, &board, &["a1"]);
    click_label(&mut h, "Save game…");
    assert_eq!(message(&h).unwrap().0, "Not saved");
    // Opened from Little Golem's file: the same name as a RON record, next to it.
    h.state_mut().open_file(&lg);
    h.run_ok();
    assert_eq!(prompt(&h), Some(Work::Game), "the save was cancelled");
    click_label(&mut h, "Don't save");
    assert_eq!(ply(&h), 27);
    click_label(&mut h, "Save game…");
    let asked = asked.lock().unwrap().clone();
    assert_eq!(asked[0].0, "hex-game.ron", "a new game has no file yet");
    assert_eq!(
        asked[1],
        (
            "lg-hex-1612755.ron".to_string(),
            Some(files.path().to_path_buf())
        )
    );
}

/// Without a native file dialog (no portal, no zenity), Save… in the prompt
/// opens boardwright's own; its Cancel leaves the game and the window as
/// they were, and says so.
#[test]
fn save_in_the_prompt_with_the_in_app_dialog_and_its_cancel() {
    let board = presets::hex(3);
    let data = tempfile::tempdir().unwrap();
    let files = tempfile::tempdir().unwrap();
    let mut h = harness_with(AppOptions {
        board: Some(board.clone()),
        data_dir: Some(data.path().to_path_buf()),
        file_chooser: Some(FileChooser::unavailable()),
        ..Default::default()
    });
    hex_game(&mut h, &board, &["b2"]);
    h.state_mut().apply(Command::Quit);
    h.run_ok();
    click_label(&mut h, "Save…");
    assert!(matches!(h.state().dialog(), Some(Dialog::File(_))));
    click_label(&mut h, "Cancel");
    assert!(h.state().dialog().is_none());
    assert_eq!(message(&h).unwrap().0, "Not saved");
    assert!(!h.state().close_confirmed(), "the window stays");
    assert_eq!(ply(&h), 1);
    // Again, and a name typed into the dialog: saved, then closed.
    h.state_mut().apply(Command::Quit);
    h.run_ok();
    click_label(&mut h, "Save…");
    let path = files.path().join("typed.ron");
    let field = h
        .query_all_by_role(egui::accesskit::Role::TextInput)
        .find(|n| n.value().as_deref() == Some("hex-game.ron"))
        .expect("the file name field, with the suggested name");
    field.focus();
    h.run_ok();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run_ok();
    h.event(egui::Event::Text(path.to_str().unwrap().to_string()));
    h.run_ok();
    let cmds = click_for_commands(&mut h, "Save");
    assert!(cmds.contains(&egui::ViewportCommand::Close), "{cmds:?}");
    assert!(std::fs::read_to_string(&path).unwrap().contains("b2"));
}

/// A game given on the command line (`boardwright game.hsgf`) is as saved
/// until it changes, and Save game… suggests its file's name.
#[test]
fn a_game_from_the_command_line_is_saved_and_keeps_its_name() {
    let lg = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/foreign/lg-hex-1612755.hsgf");
    let (chooser, asked) = cancelling_chooser();
    let data = tempfile::tempdir().unwrap();
    let mut h = harness_with(AppOptions {
        data_dir: Some(data.path().to_path_buf()),
        file_chooser: Some(chooser),
        ..AppOptions::for_file(&lg)
    });
    assert_eq!(ply(&h), 27);
    assert_eq!(h.state().play.unsaved_game(), None);
    click_label(&mut h, "Save game…");
    let asked = asked.lock().unwrap().clone();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].0, "lg-hex-1612755.ron");
}

/// A game as it was opened is in its file already: the autosave leaves it
/// out, so a crash does not offer it back as unsaved work (it did: "Restore
/// unsaved work? … Havannah game after 8 moves" for a game opened and not
/// touched). Its first change is autosaved.
#[test]
fn a_game_as_it_was_opened_is_not_autosaved() {
    let files = tempfile::tempdir().unwrap();
    let path = files.path().join("opened.ron");
    let mut g = boardwright::game::new_game(
        boardwright::game::RulesKind::Hex,
        std::sync::Arc::new(presets::hex(3)),
        &Default::default(),
    )
    .unwrap();
    for m in ["a1", "b2"] {
        g.play_str(m).unwrap();
    }
    boardwright::app::files::save_game(g.as_ref(), &path).unwrap();
    let data = tempfile::tempdir().unwrap();
    let opts = AppOptions {
        data_dir: Some(data.path().to_path_buf()),
        autosave_interval: Some(0.0),
        ..AppOptions::for_file(&path)
    };
    let mut h = harness_with(opts.clone());
    assert_eq!(ply(&h), 2);
    let autosaved = data.path().join("autosave").join("game.ron");
    for _ in 0..5 {
        h.step();
    }
    assert!(!autosaved.exists(), "nothing unsaved to keep");
    drop(h); // a crash
    let mut h = harness_with(opts);
    assert!(h.state().dialog().is_none(), "nothing to restore");
    h.state_mut().apply(Command::Undo);
    for _ in 0..5 {
        h.step();
    }
    assert!(autosaved.exists(), "the takeback is autosaved");
}

/// Play's "New board" next to another game replaces the board and starts a
/// game on it: one action, so the question about the game's unsaved moves
/// comes before anything changes, and Cancel leaves the board as it was (seen
/// in the real window: the board was already replaced when the question came,
/// and Cancel kept only the game).
#[test]
fn new_board_next_to_a_game_asks_first_and_cancel_keeps_the_board() {
    let board = presets::hex(5);
    let (mut h, _d) = harness(Some(board.clone()));
    hex_game(&mut h, &board, &["a1", "b1"]);
    let faces = h.state().ws.doc.board().mesh().face_count();
    let y_row = h.get_by_label("Y").rect().center().y;
    let offer = h
        .query_all_by_label("New board")
        .map(|n| n.rect().center())
        .find(|p| (p.y - y_row).abs() < 4.0)
        .expect("a New board offer next to Y");
    click_at(&mut h, offer);
    assert_eq!(prompt(&h), Some(Work::Game));
    assert!(has_text(
        &h,
        "The game of Hex (2 moves) has changes that are not saved. Save it before starting a new game?"
    ));
    assert_eq!(
        h.state().ws.doc.board().mesh().face_count(),
        faces,
        "nothing is replaced before the answer"
    );
    click_label(&mut h, "Cancel");
    assert!(h.state().dialog().is_none());
    assert_eq!(h.state().ws.doc.board().mesh().face_count(), faces);
    assert!(!h.state().ws.doc.is_dirty());
    assert_eq!(ply(&h), 2, "the game is still there");
    // Don't save: the Y board and a game of Y on it.
    click_at(&mut h, offer);
    click_label(&mut h, "Don't save");
    assert!(h.state().dialog().is_none());
    assert_ne!(h.state().ws.doc.board().mesh().face_count(), faces);
    assert_eq!(
        h.state().play.game().map(boardwright::game::DynGame::kind),
        Some(boardwright::game::RulesKind::Y)
    );
    assert_eq!(ply(&h), 0);
}

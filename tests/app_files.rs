//! Files through the app's own code paths (what the menu, drag and drop and the
//! command line call after a path is picked): save and reopen, games, OBJ / SVG,
//! bad files, also named on the command line.

mod app_common;

use app_common::*;
use boardwright::app::AppOptions;
use boardwright::app::workspace::Mode;
use boardwright::edit::BoardEdit;
use boardwright::game::{RulesKind, new_game};
use boardwright::mesh::FaceId;
use boardwright::presets;
use boardwright::rules::GameOptions;
use std::path::Path;
use std::sync::Arc;

#[test]
fn save_and_reopen_a_board_gives_the_same_board() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.ron");
    let (mut h, _d) = harness(Some(presets::hex(4)));
    h.state_mut()
        .ws
        .doc
        .apply(BoardEdit::SetLabel {
            face: FaceId(3),
            label: "centre".into(),
        })
        .unwrap();
    h.run_ok();
    assert!(h.state().ws.doc.is_dirty());
    h.state_mut().save_to(&path).unwrap();
    h.run_ok();
    assert!(!h.state().ws.doc.is_dirty());
    assert_eq!(h.state().ws.doc.path.as_deref(), Some(path.as_path()));
    let edited = h.state().ws.doc.board().clone();

    let (mut h2, _d2) = harness(None);
    h2.state_mut().open_file(&path);
    h2.run_ok();
    assert_eq!(h2.state().ws.doc.board(), &edited);
    assert!(!h2.state().ws.doc.is_dirty());
    let (msg, err) = message(&h2).unwrap();
    assert!(!err && msg.contains("mine.ron"), "{msg}");
    // Save (Ctrl+S) now goes straight to that file.
    h2.state_mut()
        .ws
        .doc
        .apply(BoardEdit::SetLabel {
            face: FaceId(0),
            label: "first".into(),
        })
        .unwrap();
    ctrl(&mut h2, false, eframe::egui::Key::S);
    assert!(!h2.state().ws.doc.is_dirty());
    let reread = boardwright::io::load_board(&path).unwrap().board;
    assert_eq!(reread.faces().labels()[0], "first");
}

#[test]
fn save_adds_the_extension_and_refuses_other_formats() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _d) = harness(Some(presets::square_grid(2, 2)));
    h.state_mut().save_to(&dir.path().join("plain")).unwrap();
    assert!(dir.path().join("plain.ron").exists());
    h.state_mut()
        .ws
        .doc
        .apply(BoardEdit::SetLabel {
            face: FaceId(0),
            label: "q".into(),
        })
        .unwrap();
    let bad = dir.path().join("board.txt");
    assert!(h.state_mut().save_to(&bad).is_err());
    h.run_ok();
    assert!(!bad.exists());
    let (msg, err) = message(&h).unwrap();
    assert!(err && msg.contains(".ron"), "{msg}");
    assert!(h.state().ws.doc.is_dirty(), "still unsaved");
}

fn write_hex_game(path: &Path) -> Vec<String> {
    let mut g = new_game(
        RulesKind::Hex,
        Arc::new(presets::hex(3)),
        &GameOptions::default(),
    )
    .unwrap();
    let mut played = Vec::new();
    for _ in 0..3 {
        let m = g.legal_moves()[0].clone();
        g.play_str(&m).unwrap();
        played.push(m);
    }
    boardwright::app::files::save_game(g.as_ref(), path).unwrap();
    played
}

#[test]
fn opening_a_saved_game_switches_to_play_with_its_moves() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["game.ron", "game.sgf"] {
        let path = dir.path().join(name);
        let moves = write_hex_game(&path);
        let (mut h, _d) = harness(Some(presets::square_grid(2, 2)));
        h.state_mut().open_file(&path);
        h.run_ok();
        assert_eq!(h.state().mode, Mode::Play, "{name}");
        let (msg, err) = message(&h).unwrap();
        assert!(
            !err && msg.contains("Hex game") && msg.contains("3 moves"),
            "{msg}"
        );
        assert_eq!(
            h.state().ws.doc.board(),
            &presets::square_grid(2, 2),
            "a game does not replace the document"
        );
        if let Some(g) = h.state().play.game() {
            assert_eq!(g.history(), moves, "{name}");
        }
    }
}

#[test]
fn a_game_given_at_start_opens_in_play_mode() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.ron");
    write_hex_game(&path);
    let Ok(boardwright::app::files::Opened::Game(game, _)) =
        boardwright::app::files::open_path(&path)
    else {
        panic!("a game record opens as a game");
    };
    let (h, _d) = harness_opts(AppOptions {
        board: Some(game.board().as_ref().clone()),
        game: Some(game),
        ..Default::default()
    });
    assert_eq!(h.state().mode, Mode::Play);
}

#[test]
fn obj_export_and_import_round_trip_and_svg_export() {
    let dir = tempfile::tempdir().unwrap();
    let board = presets::triangle_grid(3);
    let (mut h, _d) = harness(Some(board.clone()));
    let obj = dir.path().join("tri.obj");
    let svg = dir.path().join("tri.svg");
    h.state_mut().export(&obj).unwrap();
    h.state_mut().export(&svg).unwrap();
    h.run_ok();
    assert!(!h.state().ws.doc.is_dirty());
    let svg_text = std::fs::read_to_string(&svg).unwrap();
    assert!(svg_text.contains("<svg") && svg_text.contains("</svg>"));
    assert!(svg_text.matches("<polygon").count() + svg_text.matches("<path").count() >= 1);

    let (mut h2, _d2) = harness(None);
    h2.state_mut().open_file(&obj);
    h2.run_ok();
    let got = h2.state().ws.doc.board();
    assert_eq!(got.face_count(), board.face_count());
    assert_eq!(got.mesh().vertex_count(), board.mesh().vertex_count());
    for f in board.mesh().face_ids() {
        let a = board.mesh().face_centroid(f);
        let b = got.mesh().face_centroid(f);
        assert!((a.x - b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9);
    }
    assert!(
        h2.state().ws.doc.path.is_none(),
        "an import has no .ron file: Save asks for one"
    );
    let (msg, _) = message(&h2).unwrap();
    assert!(msg.contains("Imported"), "{msg}");
    // Export refuses formats it cannot write.
    assert!(h2.state_mut().export(&dir.path().join("x.ron")).is_err());
}

#[test]
fn a_bad_file_shows_a_red_message_and_changes_nothing() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/invalid");
    let board = presets::hex(3);
    let (mut h, _d) = harness(Some(board.clone()));
    let rev = h.state().ws.doc.revision();
    for name in [
        "garbage.ron",
        "truncated.ron",
        "non-manifold.obj",
        "nan.obj",
        "future-version.ron",
    ] {
        h.state_mut().open_file(&data.join(name));
        h.run_ok();
        let (msg, err) = message(&h).unwrap();
        assert!(err, "{name}: {msg}");
        assert!(!msg.is_empty() && !msg.contains('\n'), "{name}: {msg}");
        assert_eq!(h.state().ws.doc.board(), &board, "{name}");
        assert_eq!(h.state().ws.doc.revision(), rev, "{name}");
        assert!(h.state().dialog().is_none());
    }
    h.state_mut().open_file(&data.join("does-not-exist.ron"));
    h.run_ok();
    let (msg, err) = message(&h).unwrap();
    assert!(err && msg.contains("does not exist"), "{msg}");
    assert_eq!(h.state().ws.doc.board(), &board);
}

#[test]
fn the_command_line_reports_a_bad_file_in_one_line_before_the_window() {
    // Without a display the window cannot open: the file's reason comes
    // first, in one line naming the file, then why there is no window, and
    // the exit code is 1. (With a display the window opens saying the same,
    // a_file_on_the_command_line_that_cannot_open_opens_the_window_saying_why.)
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/invalid");
    for name in ["garbage.ron", "non-manifold.obj", "missing.sgf"] {
        let p = data.join(name);
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_boardwright"))
            .arg(&p)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1), "{name}");
        let err = String::from_utf8_lossy(&o.stderr);
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 2, "{name}: {err}");
        assert!(
            lines[0].starts_with("boardwright: ") && lines[0].contains(name),
            "{err}"
        );
        assert!(
            lines[1].starts_with("boardwright: cannot open the window"),
            "{err}"
        );
    }
}

/// Opening a solid OBJ (a tile with thickness) in the window: one red line that
/// says its top surface can be imported, and nothing changes.
#[test]
fn opening_a_solid_says_its_top_surface_can_be_imported() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/obj");
    let board = presets::hex(3);
    let (mut h, _d) = harness(Some(board.clone()));
    h.state_mut().open_file(&data.join("two-tiles.obj"));
    h.run_ok();
    let (msg, err) = message(&h).unwrap();
    assert!(err, "{msg}");
    assert!(
        msg.contains("its top surface (2 of 16 faces, at Y = 0.25) can be imported"),
        "{msg}"
    );
    assert_eq!(h.state().ws.doc.board(), &board);
}

#[test]
fn what_reading_a_game_file_noted_is_shown_and_kept_in_the_log() {
    // A HexGui analysis file where White moves twice: its first two moves
    // become set-up stones, which the user must be told.
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sgf/hexgui-colour-twice.sgf");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("analysis.sgf");
    std::fs::copy(&src, &path).unwrap();
    let note = "moves 1–2 were read as set-up stones";
    // File → Open (and drag and drop, which take the same path).
    let (mut h, _d) = harness(None);
    h.state_mut().open_file(&path);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Play);
    let (msg, err) = message(&h).unwrap();
    assert!(
        !err && msg.contains("Hex game") && msg.contains(note),
        "{msg}"
    );
    assert!(logged(&h, note), "View → Messages keeps the note");
    // Play's "Open game…".
    let (mut h, _d) = harness(None);
    {
        let app = h.state_mut();
        app.play.open_game_from(&mut app.ws, &path).unwrap();
    }
    h.run_ok();
    let (msg, _) = message(&h).unwrap();
    assert!(msg.contains(note), "{msg}");
    // Given on the command line: the window starts with the note.
    let Ok(boardwright::app::files::Opened::Game(game, notes)) =
        boardwright::app::files::open_path(&path)
    else {
        panic!("opens as a game");
    };
    let (h, _d) = harness_opts(AppOptions {
        board: Some(game.board().as_ref().clone()),
        game: Some(game),
        notes,
        ..Default::default()
    });
    let (msg, _) = message(&h).unwrap();
    assert!(msg.contains(note), "{msg}");
}

#[test]
fn a_file_on_the_command_line_that_cannot_open_opens_the_window_saying_why() {
    // `boardwright FILE` from a file manager: the terminal's message is not
    // seen, so the window opens without the file and says why in red.
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("broken.hsgf");
    std::fs::write(&bad, "(;FF[4]SZ[13];W[am];W[ii])").unwrap();
    let good = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/foreign/lg-hex-1612755.hsgf");
    let with_profile = |mut o: AppOptions| {
        o.data_dir = Some(dir.path().to_path_buf());
        o
    };

    // First launch, fresh profile, with a good file: the game in Play mode.
    let opts = AppOptions::for_file(&good);
    assert!(opts.error.is_none());
    let mut h = harness_with(with_profile(opts));
    assert_eq!(h.state().mode, Mode::Play);
    assert_eq!(h.state().play.game().unwrap().history().len(), 27);
    let mut storage = MemStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    drop(h);

    // Second launch on that profile, with the broken file.
    let opts = AppOptions::for_file(&bad);
    assert!(opts.board.is_none() && opts.game.is_none() && opts.opened.is_none());
    let h = harness_with_storage(with_profile(opts), &storage);
    let (msg, err) = message(&h).expect("a message");
    assert!(
        err && msg.contains("broken.hsgf") && msg.contains("move 2 'ii' is marked W"),
        "{msg}"
    );
    let recent = &h.state().ws.settings.recent;
    assert!(
        recent.iter().any(|p| p.ends_with("lg-hex-1612755.hsgf")),
        "the last session's files are kept: {recent:?}"
    );
    assert!(
        !recent.iter().any(|p| p.ends_with("broken.hsgf")),
        "a file that did not open is not a recent file"
    );
    assert_eq!(
        h.state().ws.doc.board().face_count(),
        0,
        "nothing was opened"
    );
}

#[test]
fn file_dialogs_start_in_the_folder_of_the_last_file_opened_or_saved() {
    use boardwright::app::command::Command;
    use boardwright::app::file_dialog::FileChooser;
    use std::path::PathBuf;
    use std::sync::Mutex;
    let root = tempfile::tempdir().unwrap();
    let [boards, games, pictures] = ["boards", "games", "pictures"].map(|d| {
        let p = root.path().join(d);
        std::fs::create_dir(&p).unwrap();
        p
    });
    let board_path = boards.join("hex.ron");
    boardwright::io::save_board(&presets::hex(3), &board_path).unwrap();
    let record = games.join("from-another-program.sgf");
    write_hex_game(&record);
    // Each question's folder is noted; the answers come in turn.
    type Asked = Arc<Mutex<Vec<(String, Option<PathBuf>)>>>;
    let asked: Asked = Arc::default();
    // (The first Open… is cancelled.)
    let answers = Arc::new(Mutex::new(vec![
        None,
        Some(pictures.join("after-3.svg")),
        Some(pictures.join("kept.sgf")),
    ]));
    let chooser = {
        let (asked, answers) = (asked.clone(), answers.clone());
        FileChooser::new(move |q| {
            asked
                .lock()
                .unwrap()
                .push((q.title.clone(), q.folder.clone()));
            let mut a = answers.lock().unwrap();
            if a.is_empty() { None } else { a.remove(0) }
        })
    };
    let opts = AppOptions {
        board: Some(boardwright::io::load_board(&board_path).unwrap().board),
        path: Some(board_path.clone()),
        opened: Some(board_path.clone()),
        file_chooser: Some(chooser),
        ..Default::default()
    };
    let (mut h, _d) = harness_opts(opts.clone());
    let last_asked = || asked.lock().unwrap().last().cloned().unwrap();
    // Started with a board: the dialogs start in its folder.
    h.state_mut().apply(Command::Open);
    h.run_ok();
    assert_eq!(
        last_asked(),
        ("Open a board or a game".into(), Some(boards.clone()))
    );
    // A game from another folder: its picture is offered there.
    h.state_mut().open_file(&record);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Play);
    h.state_mut().apply(Command::SavePicture);
    h.run_ok();
    assert_eq!(last_asked(), ("Save picture".into(), Some(games.clone())));
    assert!(pictures.join("after-3.svg").exists());
    // Saving the picture moved on to its folder; the game, like the board,
    // is offered its own file's folder; saved elsewhere, the saved game is on
    // Open Recent.
    h.state_mut().apply(Command::SaveGame);
    h.run_ok();
    assert_eq!(last_asked(), ("Save game".into(), Some(games.clone())));
    assert!(pictures.join("kept.sgf").exists());
    assert_eq!(
        h.state().ws.settings.recent.first(),
        Some(&pictures.join("kept.sgf"))
    );
    // Save As of the board still starts in the board's own folder.
    h.state_mut().apply(Command::SaveAs);
    h.run_ok();
    assert_eq!(last_asked(), ("Save board".into(), Some(boards.clone())));
    // The next launch (without a file to open) remembers the folder.
    let mut storage = MemStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    let mut h2 = harness_with_storage(
        AppOptions {
            board: Some(presets::hex(3)),
            path: None,
            opened: None,
            data_dir: Some(root.path().join("data")),
            ..opts.clone()
        },
        &storage,
    );
    h2.state_mut().apply(Command::OpenGame);
    h2.run_ok();
    assert_eq!(last_asked(), ("Open game".into(), Some(pictures.clone())));
    // A remembered folder that is gone: back to the board's, and this
    // board has no file, so no folder is named.
    std::fs::remove_dir_all(&pictures).unwrap();
    h2.state_mut().apply(Command::Open);
    h2.run_ok();
    assert_eq!(last_asked(), ("Open a board or a game".into(), None));
}

/// A game opened in a window without a board (a launch with no file) brings
/// its board along, as `boardwright game.sgf` does: the Editor shows it, and
/// Play's New game can start on it (it stayed greyed out before). A window
/// with a board keeps its own.
#[test]
fn a_game_opened_in_an_empty_window_brings_its_board() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sgf");
    write_hex_game(&path);
    let (mut h, _d) = harness(None);
    assert_eq!(h.state().ws.doc.board().face_count(), 0);
    h.state_mut().open_file(&path);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Play);
    assert_eq!(h.state().ws.doc.board().face_count(), 9);
    assert!(!h.state().ws.doc.is_dirty(), "nothing to save");
    click_label(&mut h, "New game");
    let g = h.state().play.game().unwrap();
    assert_eq!((g.ply(), g.board().face_count()), (0, 9));
    // A window with a board keeps it.
    let (mut h, _d) = harness(Some(presets::hex(5)));
    h.state_mut().open_file(&path);
    h.run_ok();
    assert_eq!(h.state().ws.doc.board().face_count(), 25);
}

//! Other programs' records through the app's own open path (what the menu,
//! drag and drop and the command line call after a path is picked): Little
//! Golem's `.tsgf`, `.hsgf` and `.hgf`, a T1j `.T1` and a boardspace LOA SGF open in
//! play mode at their last position.

mod app_common;

use app_common::*;
use boardwright::app::workspace::Mode;
use boardwright::game::RulesKind;
use boardwright::presets;
use eframe::egui;
use std::path::PathBuf;

type H = egui_kittest::Harness<'static, boardwright::app::App>;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/foreign")
        .join(name)
}

#[test]
fn other_programs_records_open_in_play_mode() {
    for (name, kind, title, moves) in [
        ("lg-swap-resign.tsgf", RulesKind::Twixt, "TwixT game", 7),
        ("lg-hex-1612755.hsgf", RulesKind::Hex, "Hex game", 27),
        (
            "lg-havannah-1129345.hgf",
            RulesKind::Havannah,
            "Havannah game",
            20,
        ),
        ("t1j-connection.T1", RulesKind::Twixt, "TwixT game", 9),
        (
            "boardspace-loa.sgf",
            RulesKind::Loa,
            "Lines of Action game",
            5,
        ),
    ] {
        let (mut h, _d) = harness(Some(presets::square_grid(2, 2)));
        h.state_mut().open_file(&data(name));
        h.run_ok();
        assert_eq!(h.state().mode, Mode::Play, "{name}");
        let (msg, err) = message(&h).unwrap();
        assert!(!err && msg.contains(title), "{name}: {msg}");
        let g = h.state().play.game().expect("a game is open");
        assert_eq!(g.kind(), kind, "{name}");
        if moves > 0 {
            assert_eq!(g.history().len(), moves, "{name}");
            assert!(msg.contains(&format!("{moves} moves")), "{name}: {msg}");
        }
        assert!(g.outcome().is_some(), "{name}: the recorded game is over");
        assert_eq!(
            h.state().ws.doc.board(),
            &presets::square_grid(2, 2),
            "a game does not replace the document"
        );
    }
}

#[test]
fn a_little_golem_record_the_app_cannot_show_is_refused_in_red() {
    let (mut h, _d) = harness(Some(presets::square_grid(2, 2)));
    h.state_mut().open_file(&data("lg-own-link-crossing.tsgf"));
    h.run_ok();
    let (msg, err) = message(&h).unwrap();
    assert!(err && msg.contains("never lets links cross"), "{msg}");
    assert_ne!(h.state().mode, Mode::Play);
}

/// Opening a game says so once: View → Messages keeps one line for it, with
/// the recorded result, whether it is opened from the window or given on the
/// command line (it kept two before, the second without the file's name).
#[test]
fn opening_a_game_logs_one_line_with_its_result() {
    let file = data("lg-hex-1612755.hsgf");
    let lines = |h: &egui_kittest::Harness<'static, boardwright::app::App>| -> Vec<String> {
        h.state()
            .ws
            .status
            .log
            .iter()
            .filter(|e| e.text.contains("Hex game"))
            .map(|e| e.text.clone())
            .collect()
    };
    let (mut h, _d) = harness(Some(presets::square_grid(2, 2)));
    h.state_mut().open_file(&file);
    h.run_ok();
    let from_window = lines(&h);
    assert_eq!(from_window.len(), 1, "{from_window:?}");
    let (h, _d) = harness_opts(boardwright::app::AppOptions::for_file(&file));
    let from_command_line = lines(&h);
    assert_eq!(from_command_line.len(), 1, "{from_command_line:?}");
    for line in from_window.iter().chain(&from_command_line) {
        assert!(
            line.starts_with("Opened Hex game")
                && line.contains("lg-hex-1612755.hsgf (27 moves, ")
                && line.contains("resigned"),
            "{line}"
        );
    }
}

/// Play → Paste game…: text that is no game gets the reason under the field,
/// the dialog and the text staying; a HexWorld link as PlayHex writes it
/// (the example in its `hexworld.ts`) opens in Play as a Hex game never
/// saved, with the swap rule and PlayHex's swap, and quitting asks about it.
#[test]
fn a_game_pasted_as_text_opens_in_play() {
    use boardwright::app::paste_game::OPEN;
    use egui_kittest::kittest::Queryable;
    let (mut h, _d) = harness(None);
    h.key_press(egui::Key::Num2);
    h.run_ok();
    let paste = |h: &mut H, text: &str| {
        click_label(h, "Paste game…");
        assert_eq!(h.state().dialog().map(|d| d.name()), Some("paste game"));
        let field = h.get_by_role(egui::accesskit::Role::MultilineTextInput);
        field.focus();
        field.type_text(text);
        h.run_ok();
        click_label(h, OPEN);
    };
    paste(&mut h, "hello world");
    assert_eq!(h.state().dialog().map(|d| d.name()), Some("paste game"));
    assert!(
        has_label(&h, &boardwright::io::IoError::UnrecognisedText.to_string()),
        "the reason is shown"
    );
    assert!(h.state().play.game().is_none());
    // A click beside the dialog keeps it and its text (it closed, the text
    // lost, when a click missed the moved button); Esc closes it.
    click_at(&mut h, egui::pos2(5.0, 700.0));
    assert_eq!(h.state().dialog().map(|d| d.name()), Some("paste game"));
    let Some(boardwright::app::dialogs::Dialog::PasteGame(p)) = h.state().dialog() else {
        panic!("the paste dialog")
    };
    assert_eq!(p.text, "hello world");
    h.key_press(egui::Key::Escape);
    h.run_ok();
    assert!(h.state().dialog().is_none());
    paste(&mut h, "x");
    click_label(&mut h, "Cancel");
    assert!(h.state().dialog().is_none());
    let link = "https://hexworld.org/board/#15c1,e6:sf7i8g10j10l6i4h3b4c13h13l10l9l8m8m9n8k12o8";
    paste(&mut h, link);
    assert!(h.state().dialog().is_none(), "the game opened");
    assert_eq!(h.state().mode, Mode::Play);
    let g = h.state().play.game().expect("a game");
    assert_eq!(g.kind(), RulesKind::Hex);
    assert_eq!(g.board().face_count(), 225);
    assert_eq!(g.ply(), 20);
    assert_eq!(&g.history()[..3], ["e6", "swap", "f7"]);
    assert!(g.options().swap);
    // PlayHex's swap-pieces: the first stone mirrored into Blue's colour.
    let f5 = g.board().face_by_label("f5").unwrap();
    assert_eq!(g.piece_at(f5), Some(1));
    let e6 = g.board().face_by_label("e6").unwrap();
    assert_eq!(g.piece_at(e6), None);
    let (said, error) = message(&h).expect("a message");
    assert!(
        !error && said.starts_with("Opened the pasted Hex game"),
        "{said}"
    );
    // Copy HexWorld link gives the same link back, on the clipboard.
    h.get_by_label("Copy HexWorld link").click();
    let mut copied = Vec::new();
    for _ in 0..3 {
        h.step();
        copied.extend(copied_texts(&h));
    }
    assert_eq!(copied, [link]);
    // Never saved: closing the window asks about it.
    press_close(&mut h);
    h.run_ok();
    assert_eq!(h.state().dialog().map(|d| d.name()), Some("unsaved game"));
}

/// Copy and paste reach the desktop's clipboard in the real window: eframe is
/// built with its `clipboard` feature. Without it (as until this was found in
/// the real window) Ctrl+V in the paste dialog did nothing and every Copy
/// button (the HexWorld link, the reports) copied nowhere, while the tests,
/// which read egui's output, passed.
#[test]
fn the_window_is_built_with_the_clipboard() {
    let manifest = include_str!("../Cargo.toml");
    let eframe = manifest
        .lines()
        .find(|l| l.trim_start().starts_with("eframe = "))
        .expect("the eframe dependency");
    assert!(eframe.contains("\"clipboard\""), "{eframe}");
}

/// A RON board pasted into Paste game… replaces the board, marked unsaved
/// (it has no file), and the status bar says so.
#[test]
fn a_board_pasted_as_ron_replaces_the_board_unsaved() {
    use boardwright::app::paste_game::OPEN;
    use egui_kittest::kittest::Queryable;
    let (mut h, _d) = harness(Some(presets::square_grid(2, 2)));
    let text = boardwright::io::ron::write_ron(&presets::hex(3)).unwrap();
    // In Play (the Editor's inspector has a text field of its own).
    h.key_press(egui::Key::Num2);
    h.run_ok();
    h.state_mut()
        .apply(boardwright::app::command::Command::PasteGame);
    h.run_ok();
    let field = h.get_by_role(egui::accesskit::Role::MultilineTextInput);
    field.focus();
    field.type_text(&text);
    h.run_ok();
    // A few frames for the field's scroll area to settle on the long text
    // (the harness's first click otherwise lands while it still moves).
    for _ in 0..5 {
        h.step();
    }
    click_label(&mut h, OPEN);
    if let Some(boardwright::app::dialogs::Dialog::PasteGame(p)) = h.state().dialog() {
        panic!("the dialog stayed open: {:?}", p.error);
    }
    assert_eq!(h.state().ws.doc.board().face_count(), 9);
    assert!(h.state().ws.doc.is_dirty(), "never saved");
    let (said, error) = message(&h).expect("a message");
    assert!(
        !error && said.starts_with("Opened the pasted board"),
        "{said}"
    );
}

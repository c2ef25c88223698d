//! The first hour of a real user (issue 12), driven through the real app: the board
//! never moves under the pointer when something around it changes, every dialog
//! works on the second launch (egui's memory restored from the stored profile),
//! the status bar stays readable, files can be saved without a desktop file
//! dialog, and the keyboard reaches everything.

mod app_common;

use app_common::*;
use boardwright::app::dialogs::Dialog;
use boardwright::app::{App, AppOptions};
use boardwright::board::{Board, FaceKind};
use boardwright::edit::BoardEdit;
use boardwright::mesh::FaceId;
use boardwright::mesh::geom::Point;
use boardwright::presets;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

type H = Harness<'static, App>;

/// The board's screen transform in the current mode: where two board points are.
fn transform(h: &mut H) -> (egui::Pos2, egui::Pos2) {
    (
        screen(h, Point::new(0.0, 0.0)),
        screen(h, Point::new(1.0, 1.0)),
    )
}

fn assert_same(before: (egui::Pos2, egui::Pos2), after: (egui::Pos2, egui::Pos2), what: &str) {
    let d = (before.0 - after.0)
        .length()
        .max((before.1 - after.1).length());
    assert!(
        d < 0.01,
        "{what} moved the board by {d:.1} px: {before:?} -> {after:?}"
    );
}

fn face(b: &Board, label: &str) -> boardwright::mesh::FaceId {
    b.face_by_label(label)
        .unwrap_or_else(|| panic!("no face {label}"))
}

fn click_labels(h: &mut H, b: &Board, labels: &[&str]) {
    for l in labels {
        click_face(h, b, face(b, l));
    }
}

fn has_text(h: &H, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

fn settle(h: &mut H) {
    for _ in 0..3 {
        h.run_ok();
    }
}

// ----- defect 1: the board jumps under the cursor

#[test]
fn the_problems_panel_growing_does_not_move_the_board() {
    let board = presets::hex(5);
    let (mut h, _dir) = harness(Some(board.clone()));
    settle(&mut h);
    assert!(h.state().editor.validation.problems.is_empty());
    let before = transform(&mut h);
    // A start piece on a blocked face: the list grows by a line each time.
    for (n, f) in [1u32, 2].into_iter().enumerate() {
        for e in [
            BoardEdit::SetStartPiece {
                face: FaceId(f),
                player: Some(0),
            },
            BoardEdit::SetKind {
                face: FaceId(f),
                kind: FaceKind::Blocked,
            },
        ] {
            h.state_mut().ws.doc.apply(e).expect("edit applies");
        }
        settle(&mut h);
        assert_eq!(h.state().editor.validation.problems.len(), n + 1);
        assert_same(before, transform(&mut h), &format!("{} problems", n + 1));
    }
}

#[test]
fn choosing_a_tool_with_options_does_not_move_the_board() {
    let (mut h, _dir) = harness(Some(presets::hex(5)));
    settle(&mut h);
    assert_eq!(h.ctx.content_rect().width(), 1200.0);
    let before = transform(&mut h);
    for key in [egui::Key::T, egui::Key::P, egui::Key::D, egui::Key::V] {
        h.key_press(key);
        settle(&mut h);
        assert_same(before, transform(&mut h), &format!("the tool of {key:?}"));
    }
}

#[test]
fn preview_and_game_over_banners_lie_over_the_board() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    h.key_press(egui::Key::Num2);
    settle(&mut h);
    click_label(&mut h, "New game");
    settle(&mut h);
    let before = transform(&mut h);
    click_labels(&mut h, &board, &["a1", "b1", "c1"]);
    click_label(&mut h, "1. a1");
    settle(&mut h);
    assert!(has_text(&h, "Previewing move 1"));
    assert_same(before, transform(&mut h), "the preview banner");
    click_label(&mut h, "Back to live");
    settle(&mut h);
    click_label(&mut h, "Resign…");
    click_label(&mut h, "Yes, resign");
    settle(&mut h);
    assert!(h.state().play.game().unwrap().outcome().is_some());
    assert_same(before, transform(&mut h), "the game-over banner");
    // The board was edited: the third banner.
    h.state_mut()
        .ws
        .doc
        .apply(BoardEdit::SetLabel {
            face: face(&board, "c3"),
            label: "x".into(),
        })
        .unwrap();
    settle(&mut h);
    assert!(has_text(&h, "The board has been edited"));
    assert_same(before, transform(&mut h), "the edited-board banner");
}

#[test]
fn swap_appears_next_to_hint_not_in_its_place() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    h.key_press(egui::Key::Num2);
    settle(&mut h);
    click_label(&mut h, "Swap rule");
    click_label(&mut h, "New game");
    settle(&mut h);
    let hint = h.get_by_label("Hint").rect();
    let board_before = transform(&mut h);
    click_labels(&mut h, &board, &["b1"]);
    settle(&mut h);
    assert!(!h.get_by_label("Swap").accesskit_node().is_disabled());
    assert_eq!(
        h.get_by_label("Hint").rect(),
        hint,
        "Hint stays where it was"
    );
    assert!(!h.get_by_label("Swap").rect().intersects(hint));
    assert_same(
        board_before,
        transform(&mut h),
        "the swap becoming possible",
    );
}

#[test]
fn long_player_names_do_not_move_the_game_buttons() {
    // A record whose players have long names ("… (Red) to move" would wrap to
    // two lines): Undo and Hint stay where they are with short names, and the
    // title keeps one line.
    let dir = tempfile::tempdir().unwrap();
    let rects = |pb: &str, pw: &str| {
        let path = dir.path().join("g.sgf");
        std::fs::write(
            &path,
            format!("(;FF[4]GM[11]SZ[5]PB[{pb}]PW[{pw}];B[c3];W[b2])"),
        )
        .unwrap();
        let mut opts = AppOptions::for_file(&path);
        opts.data_dir = Some(dir.path().to_path_buf());
        let mut h = harness_with(opts);
        settle(&mut h);
        let title = h.get_by_label_contains("to move").rect();
        (
            h.get_by_label("Undo").rect(),
            h.get_by_label("Hint").rect(),
            title.height(),
        )
    };
    let short = rects("ann", "bob");
    let long = rects(
        "Maximiliane Alexandra von Hohenzollern-Sigmaringen",
        "Bartholomew Montgomery-Featherstonehaugh",
    );
    assert_eq!(long.0, short.0, "Undo stays where it was");
    assert_eq!(long.1, short.1, "Hint stays where it was");
    assert_eq!(long.2, short.2, "the title keeps one line");
}

#[test]
fn choosing_other_rules_does_not_move_new_game() {
    let (mut h, _dir) = harness(Some(presets::square_grid(8, 8)));
    h.key_press(egui::Key::Num2);
    settle(&mut h);
    let mut seen = Vec::new();
    for rules in ["Hex", "TwixT", "Lines of Action", "BOCO"] {
        let node = h.get_by_label(rules);
        if node.accesskit_node().is_disabled() {
            continue;
        }
        node.click();
        settle(&mut h);
        seen.push((rules, h.get_by_label("New game").rect()));
    }
    assert!(
        seen.iter().any(|(r, _)| *r == "Hex") && seen.len() >= 2,
        "rules with and without a swap rule were tried: {seen:?}"
    );
    for (rules, rect) in &seen {
        assert_eq!(*rect, seen[0].1, "New game moved after choosing {rules}");
    }
}

#[test]
fn the_stop_button_stays_put_while_the_computer_thinks() {
    // 7×7: the engine proves Hex 5×5 won for Red within a hundred
    // simulations and would not think for long.
    let board = presets::hex(7);
    let (mut h, _dir) = harness(Some(board));
    h.key_press(egui::Key::Num2);
    settle(&mut h);
    h.state_mut().play.setup.seats[0] =
        boardwright::app::play::computer::Seat::Computer { seconds: 10.0 };
    click_label(&mut h, "New game");
    let mut first = None;
    let start = std::time::Instant::now();
    // Until the first estimate arrives (and a little after).
    while start.elapsed() < std::time::Duration::from_secs(20) {
        h.run_ok();
        let Some(stop) = h.query_by_label("Stop (move now)") else {
            continue;
        };
        let r = stop.rect();
        let at = *first.get_or_insert(r);
        assert_eq!(r, at, "the Stop button moved");
        if has_text(&h, "Win estimate") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(first.is_some(), "the computer was thinking");
    assert!(has_text(&h, "Win estimate"), "an estimate arrived");
    click_label(&mut h, "Stop (move now)");
}

// ----- defect 2: dialogs dead on the second launch

/// Everything eframe keeps between runs: the app's own values and egui's memory.
fn save_profile(h: &mut H) -> MemStorage {
    let mut storage = MemStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    h.ctx.memory(|m| eframe::set_value(&mut storage, "egui", m));
    storage
}

/// A second launch on `storage`, with egui's memory restored as eframe does.
fn second_launch(storage: &MemStorage, opts: AppOptions) -> H {
    let memory: egui::Memory = eframe::get_value(storage, "egui").expect("egui memory stored");
    let mut h = Harness::builder()
        .with_size(SIZE)
        .with_theme(egui::Theme::Light)
        .build_eframe(move |cc| {
            cc.egui_ctx.memory_mut(|m| *m = memory);
            App::new(&cc.egui_ctx, Some(storage), opts)
        });
    settle(&mut h);
    h
}

fn combo(h: &H) -> egui_kittest::Node<'_> {
    h.get_by(|n| n.role() == egui::accesskit::Role::ComboBox)
}

/// Whether the document is the 13×13 Hex board.
fn is_hex_13(h: &H) -> bool {
    let b = h.state().ws.doc.board();
    b.meta().name == "Hex 13×13" && b.face_count() == 169
}

/// A click as a real mouse gives it: the pointer arrives in one frame, and the
/// press and release come together in the next.
fn quick_click(h: &mut H, pos: egui::Pos2) {
    h.hover_at(pos);
    h.run_ok();
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    h.run_ok();
}

fn quick_click_label(h: &mut H, label: &str) {
    let pos = h.get_by_label(label).rect().center();
    quick_click(h, pos);
}

/// File → New → From preset…, pick Hex in the preset list, size 13, Create.
fn new_hex_13(h: &mut H) {
    quick_click_label(h, "File");
    quick_click_label(h, "New");
    quick_click_label(h, "From preset… Ctrl+N");
    assert!(matches!(h.state().dialog(), Some(Dialog::NewBoard { .. })));
    let at = combo(h).rect().center();
    quick_click(h, at);
    settle(h);
    quick_click_label(h, "Hex");
    settle(h);
    assert!(
        matches!(h.state().dialog(), Some(Dialog::NewBoard { .. })),
        "picking a preset keeps the dialog open"
    );
    assert_eq!(
        h.get_by(|n| n.role() == egui::accesskit::Role::ComboBox)
            .value()
            .as_deref(),
        Some("Hex"),
        "the pick reached the list"
    );
    h.get_by_label("Size").set_value_accesskit(13.0);
    h.run_ok();
    quick_click_label(h, "Create");
    settle(h);
}

#[test]
fn the_new_board_dialog_works_on_the_second_launch() {
    let dir = tempfile::tempdir().unwrap();
    let opts = || AppOptions {
        data_dir: Some(dir.path().to_path_buf()),
        ..Default::default()
    };
    let mut h = harness_with(opts());
    new_hex_13(&mut h);
    assert!(
        is_hex_13(&h),
        "first run: {} {}",
        h.state().ws.doc.board().meta().name,
        h.state().ws.doc.board().face_count()
    );
    let storage = save_profile(&mut h);
    drop(h);

    let mut h = second_launch(&storage, opts());
    new_hex_13(&mut h);
    assert!(h.state().dialog().is_none());
    assert!(is_hex_13(&h), "second run");
    // And a third time in the same run.
    h.state_mut()
        .new_board(boardwright::app::dialogs::NewBoard::Empty);
    settle(&mut h);
    new_hex_13(&mut h);
    assert!(is_hex_13(&h), "again");
}

#[test]
fn the_new_board_dialog_works_with_a_profile_from_a_real_first_run() {
    // eframe's settings file as the release build left it under Xvfb after a
    // first run that made a Hex board with File > New > From preset and quit.
    let text = include_str!("data/profile-after-first-run.ron");
    let map: std::collections::HashMap<String, String> = ron::from_str(text).expect("profile");
    let storage = MemStorage(map);
    let dir = tempfile::tempdir().unwrap();
    let mut h = second_launch(
        &storage,
        AppOptions {
            data_dir: Some(dir.path().to_path_buf()),
            ..Default::default()
        },
    );
    new_hex_13(&mut h);
    assert!(h.state().dialog().is_none());
    assert!(is_hex_13(&h), "{}", h.state().ws.doc.board().meta().name);
}

// ----- defect 3: the status bar

#[test]
fn a_refused_polygon_error_does_not_overlap_the_hint_and_marks_the_crossed_edge() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    h.key_press(egui::Key::D);
    settle(&mut h);
    // A triangle between three face centres: it overlaps the faces it crosses.
    for l in ["a1", "c1", "c3"] {
        click_board(&mut h, board.mesh().face_interior_point(face(&board, l)));
    }
    h.key_press(egui::Key::Enter);
    settle(&mut h);
    let (text, error) = message(&h).expect("a message");
    assert!(
        error && text.starts_with("cannot add this polygon"),
        "{text}"
    );
    assert!(
        h.state().editor.draw.crossed.is_some(),
        "the crossed edge is marked"
    );
    let hint = h
        .query_all_by_label_contains("Draw polygon:")
        .next()
        .expect("the hint")
        .rect();
    let msg = h
        .query_all_by_label_contains("cannot add this polygon")
        .next()
        .expect("the message")
        .rect();
    assert!(
        hint.max.x <= msg.min.x,
        "hint {hint:?} and message {msg:?} overlap"
    );
    assert!(msg.max.x <= SIZE[0], "the message fits the window: {msg:?}");
    // The error goes when the polygon does (Esc), the mark too.
    h.key_press(egui::Key::Escape);
    settle(&mut h);
    assert!(message(&h).is_none_or(|(_, e)| !e), "{:?}", message(&h));
    assert!(h.state().editor.draw.crossed.is_none());
}

#[test]
fn the_read_only_error_goes_back_to_live_and_stays_in_the_message_log() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    h.key_press(egui::Key::Num2);
    settle(&mut h);
    click_label(&mut h, "New game");
    click_labels(&mut h, &board, &["a1", "b1"]);
    click_label(&mut h, "1. a1");
    click_labels(&mut h, &board, &["c3"]);
    let (text, error) = message(&h).expect("a message");
    assert!(error && text.contains("press Back to live"), "{text}");
    click_label(&mut h, "Back to live");
    settle(&mut h);
    assert!(
        message(&h).is_none_or(|(t, _)| !t.contains("Back to live")),
        "the stale error is gone: {:?}",
        message(&h)
    );
    click_label(&mut h, "View");
    click_label(&mut h, "Messages");
    settle(&mut h);
    assert!(matches!(h.state().dialog(), Some(Dialog::Messages)));
    assert!(has_text(&h, "press Back to live"), "the log keeps it");
    h.key_press(egui::Key::Escape);
    settle(&mut h);
    assert!(h.state().dialog().is_none(), "Esc closes the log");
}

// ----- defect 4: saving without a desktop file dialog

#[test]
fn save_as_without_a_native_dialog_uses_the_in_app_one() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("mine.ron");
    let (mut h, _d) = harness_opts(AppOptions {
        board: Some(presets::hex(3)),
        file_chooser: Some(boardwright::app::file_dialog::FileChooser::unavailable()),
        ..Default::default()
    });
    ctrl(&mut h, true, egui::Key::S);
    settle(&mut h);
    assert!(matches!(h.state().dialog(), Some(Dialog::File(_))));
    let (said, _) = message(&h).expect("told once");
    assert!(said.contains("own file dialog"), "{said}");
    // Type the whole path into the file name field and press Enter.
    let field = h.get_by(|n| {
        n.role() == egui::accesskit::Role::TextInput
            && n.value().is_some_and(|v| v.ends_with(".ron"))
    });
    field.focus();
    h.run_ok();
    h.get_by(|n| {
        n.role() == egui::accesskit::Role::TextInput
            && n.value().is_some_and(|v| v.ends_with(".ron"))
    })
    .set_text_value_accesskit(target.to_str().unwrap());
    h.run_ok();
    h.key_press(egui::Key::Enter);
    settle(&mut h);
    assert!(h.state().dialog().is_none(), "{:?}", h.state().dialog());
    let back = boardwright::io::load_board(&target).expect("the file was written");
    assert_eq!(back.board.face_count(), 9);
    assert_eq!(h.state().ws.doc.path.as_deref(), Some(target.as_path()));
    assert!(!h.state().ws.doc.is_dirty());
    // Ctrl+S on a board with a path saves without any dialog.
    relabel(&mut h, 0, "first");
    ctrl(&mut h, false, egui::Key::S);
    settle(&mut h);
    assert!(h.state().dialog().is_none());
    assert!(!h.state().ws.doc.is_dirty());
    let back = boardwright::io::load_board(&target).unwrap();
    assert_eq!(back.board.label(FaceId(0)), "first");
}

/// An empty board offers the ways to start in a corner of the canvas (the
/// Editor's, Analyze's, and Play's while there is no game): a board from a preset, a
/// tiling, a file, the files opened last (on the second launch too, from the
/// stored profile) — and gets out of the way as soon as the user draws or the
/// board has faces.
#[test]
fn an_empty_board_offers_the_ways_to_start() {
    let (mut h, dir) = harness(None);
    assert_eq!(h.state().ws.doc.board().face_count(), 0);
    assert!(has_label(&h, "This board is empty"));
    click_label(&mut h, "New board from a preset…");
    assert_eq!(h.state().dialog().map(Dialog::name), Some("new board"));
    h.key_press(egui::Key::Escape);
    settle(&mut h);
    click_label(&mut h, "New board from a tiling…");
    assert_eq!(
        h.state().dialog().map(Dialog::name),
        Some("new board wizard")
    );
    h.key_press(egui::Key::Escape);
    settle(&mut h);
    assert!(h.state().dialog().is_none());
    // Drawing by hand: the first corner hides the card, Esc brings it back.
    click_label(&mut h, "Draw  D");
    let corner = screen(&mut h, Point::new(0.0, 0.0)) + egui::vec2(150.0, 100.0);
    click_at(&mut h, corner);
    assert!(!has_label(&h, "This board is empty"), "a corner is placed");
    h.key_press(egui::Key::Escape);
    h.run_ok();
    assert!(has_label(&h, "This board is empty"));

    // A board saved once is offered again at the next launch.
    let path = dir.path().join("small.ron");
    boardwright::io::save_board(&presets::hex(3), &path).unwrap();
    h.state_mut().open_file(&path);
    h.run_ok();
    assert_eq!(h.state().ws.doc.board().face_count(), 9);
    assert!(!has_label(&h, "This board is empty"), "the board has faces");
    let mut storage = MemStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    drop(h);
    let opts = AppOptions {
        data_dir: Some(dir.path().to_path_buf()),
        ..Default::default()
    };
    let mut h = harness_with_storage(opts, &storage);
    assert!(has_label(&h, "This board is empty"));
    assert!(has_label(&h, "Open again:"));
    // The Analyze tab too (a second launch may open on it: it showed only
    // why its game could not run).
    h.key_press(egui::Key::Num4);
    h.run_ok();
    assert_eq!(h.state().mode, boardwright::app::workspace::Mode::Analyze);
    assert!(has_label(&h, "This board is empty"));
    assert!(has_label(&h, "Open again:"));
    // The card says what to do; no warning beside it that the empty board
    // cannot be analysed.
    assert!(
        h.query_all_by_label_contains("cannot be analysed on this board")
            .next()
            .is_none()
    );
    // Play offers the same while there is neither a game nor a board.
    h.key_press(egui::Key::Num2);
    h.run_ok();
    assert!(has_label(&h, "This board is empty"));
    click_label(&mut h, "small.ron");
    assert_eq!(h.state().ws.doc.board().face_count(), 9);
    assert!(!has_label(&h, "This board is empty"));
}

//! The move list as a game tree, driven through the real app: going back and
//! playing another move keeps the old line as a variation; variations are chosen
//! (click, Up/Down), promoted and deleted; Left/Right/Home/End step through the
//! line; saving and reopening a game keeps every line.

mod app_common;

use app_common::*;
use boardwright::app::App;
use boardwright::app::workspace::Mode;
use boardwright::board::Board;
use boardwright::game::{DynGame, NodeId};
use boardwright::presets;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

type H = Harness<'static, App>;

fn game(h: &H) -> &dyn DynGame {
    h.state().play.game().expect("a game is on")
}

fn click_labels(h: &mut H, b: &Board, labels: &[&str]) {
    for l in labels {
        click_face(h, b, b.face_by_label(l).unwrap());
    }
}

fn key(h: &mut H, k: egui::Key) {
    h.key_press(k);
    h.run_ok();
}

/// Hex 3×3: a1 b2 c3, two moves taken back, c1 played instead.
fn branched() -> (H, tempfile::TempDir, Board) {
    let board = presets::hex(3);
    let (mut h, dir) = harness(Some(board.clone()));
    key(&mut h, egui::Key::Num2);
    assert_eq!(h.state().mode, Mode::Play);
    click_label(&mut h, "Hex");
    click_label(&mut h, "New game");
    click_labels(&mut h, &board, &["a1", "b2", "c3"]);
    ctrl(&mut h, false, egui::Key::Z);
    ctrl(&mut h, false, egui::Key::Z);
    assert_eq!(game(&h).history(), ["a1"]);
    click_labels(&mut h, &board, &["c1"]);
    (h, dir, board)
}

/// The moves tried after a1, by notation.
fn after_a1(h: &H) -> Vec<String> {
    let t = game(h).tree();
    let a1 = t.node(NodeId::ROOT).unwrap().children[0];
    t.node(a1)
        .unwrap()
        .children
        .iter()
        .map(|&c| t.node(c).unwrap().notation.clone())
        .collect()
}

#[test]
fn a_different_move_after_going_back_keeps_the_old_line_as_a_variation() {
    let (h, _dir, _) = branched();
    assert_eq!(game(&h).history(), ["a1", "c1"]);
    assert_eq!(after_a1(&h), ["b2", "c1"], "the old line is kept, first");
    assert!(has_label(&h, "2. c1"));
    assert!(
        has_label(&h, "or 2. b2 c3 (main)"),
        "the list shows the alternative, marked as the main line"
    );
}

#[test]
fn variations_are_chosen_by_click_and_up_down_promoted_and_deleted() {
    let (mut h, _dir, _) = branched();
    // Choosing the main line's alternative: the game goes back to where the
    // lines part, and the chosen move is shown.
    click_label(&mut h, "or 2. b2 c3 (main)");
    assert_eq!(game(&h).recorded_history(), ["a1", "b2", "c3"]);
    assert_eq!(game(&h).ply(), 1);
    assert_eq!(h.state().play.previewing(), Some(2));
    assert!(has_label(&h, "or 2. c1"));
    // Down/Up switch between the alternatives of the shown move.
    key(&mut h, egui::Key::ArrowDown);
    assert_eq!(game(&h).recorded_history(), ["a1", "c1"]);
    assert_eq!(h.state().play.previewing(), Some(2));
    key(&mut h, egui::Key::ArrowUp);
    assert_eq!(game(&h).recorded_history(), ["a1", "b2", "c3"]);
    key(&mut h, egui::Key::ArrowDown);
    // Promote the shown variation to the main line.
    click_label(&mut h, "Promote");
    assert_eq!(after_a1(&h), ["c1", "b2"]);
    assert!(has_label(&h, "or 2. b2 c3"));
    assert!(!has_label(&h, "or 2. b2 c3 (main)"));
    assert!(
        message(&h)
            .unwrap()
            .0
            .contains("2. c1 is now the main line")
    );
    // Show the old line again and delete it.
    key(&mut h, egui::Key::ArrowUp);
    assert_eq!(game(&h).recorded_history(), ["a1", "b2", "c3"]);
    click_label(&mut h, "Delete variation");
    assert_eq!(after_a1(&h), ["c1"]);
    assert_eq!(game(&h).recorded_history(), ["a1", "c1"]);
    assert_eq!(
        message(&h).unwrap().0,
        "Deleted the variation 2. b2 (2 moves)"
    );
    assert!(!has_label(&h, "or 2. b2 c3"));
    // No variation left: the buttons are gone and Up/Down do nothing.
    assert!(!has_label(&h, "Delete variation"));
    let before = game(&h).recorded_history();
    key(&mut h, egui::Key::ArrowDown);
    assert_eq!(game(&h).recorded_history(), before);
}

#[test]
fn the_main_line_cannot_be_promoted_or_deleted() {
    let (mut h, _dir, _) = branched();
    key(&mut h, egui::Key::ArrowLeft);
    assert_eq!(h.state().play.previewing(), Some(1), "a1 is shown");
    let node = h.get_by_label("Delete variation");
    assert!(
        egui_kittest::kittest::NodeT::accesskit_node(&node).is_disabled(),
        "a1 is on the main line"
    );
    click_label(&mut h, "Delete variation");
    assert_eq!(after_a1(&h), ["b2", "c1"], "nothing deleted");
}

#[test]
fn left_right_home_end_step_through_the_line() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    key(&mut h, egui::Key::Num2);
    click_label(&mut h, "Hex");
    click_label(&mut h, "New game");
    click_labels(&mut h, &board, &["a1", "b2", "c3"]);
    let preview = |h: &H| h.state().play.previewing();
    key(&mut h, egui::Key::ArrowLeft);
    assert_eq!(preview(&h), Some(2));
    key(&mut h, egui::Key::ArrowLeft);
    assert_eq!(preview(&h), Some(1));
    assert_eq!(h.state().play.scene().pieces.len(), 1);
    key(&mut h, egui::Key::ArrowRight);
    assert_eq!(preview(&h), Some(2));
    key(&mut h, egui::Key::Home);
    assert_eq!(preview(&h), Some(0));
    assert_eq!(h.state().play.scene().pieces.len(), 0);
    key(&mut h, egui::Key::ArrowLeft);
    assert_eq!(preview(&h), Some(0), "nothing before the start");
    key(&mut h, egui::Key::End);
    assert_eq!(
        preview(&h),
        None,
        "the end of the line is the live position"
    );
    assert_eq!(game(&h).ply(), 3, "stepping never changes the game");
    // Taken-back moves are stepped through too.
    ctrl(&mut h, false, egui::Key::Z);
    key(&mut h, egui::Key::ArrowRight);
    assert_eq!(preview(&h), Some(3));
    key(&mut h, egui::Key::ArrowRight);
    assert_eq!(preview(&h), Some(3), "nothing after the end");
    assert_eq!(game(&h).ply(), 2);
}

#[test]
fn saving_and_reopening_a_game_keeps_both_lines() {
    let (mut h, dir, _) = branched();
    let ron = dir.path().join("tree.ron");
    let sgf = dir.path().join("tree.sgf");
    {
        let app = h.state_mut();
        app.play.save_game_to(&mut app.ws, &ron).expect("saved RON");
        app.play.save_game_to(&mut app.ws, &sgf).expect("saved SGF");
    }
    let (mut h2, _dir2) = harness(None);
    {
        let app = h2.state_mut();
        app.play.open_game_from(&mut app.ws, &ron).expect("opened");
    }
    h2.run_ok();
    key(&mut h2, egui::Key::Num2);
    assert_eq!(after_a1(&h2), ["b2", "c1"]);
    assert_eq!(game(&h2).history(), ["a1", "c1"], "where the game was left");
    assert!(has_label(&h2, "or 2. b2 c3 (main)"));
    // The SGF keeps both lines too (it opens at the end of the main line).
    let (mut h3, _dir3) = harness(None);
    {
        let app = h3.state_mut();
        app.play
            .open_game_from(&mut app.ws, &sgf)
            .expect("opened SGF");
    }
    h3.run_ok();
    assert_eq!(after_a1(&h3), ["b2", "c1"]);
}

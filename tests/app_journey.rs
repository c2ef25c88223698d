//! A designer's whole journey through the real app, step by step as a person
//! would do it: draw a small board of mixed polygons, tag its four sides, save
//! it, reopen it, and play Hex on it hot-seat to a win.

mod app_common;

use app_common::*;
use boardwright::app::workspace::Mode;
use boardwright::board::SideTag;
use boardwright::mesh::geom::Point;
use eframe::egui;
use egui_kittest::kittest::Queryable;

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

#[test]
fn draw_tag_save_reopen_and_play_hex_to_a_win() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _data) = harness(Some(boardwright::app::empty_board()));

    // Draw: two unit squares side by side, two triangles on the left one.
    click_label(&mut h, "Grid snap");
    for pts in [
        vec![p(0.0, 0.0), p(1.0, 0.0), p(1.0, 1.0), p(0.0, 1.0)],
        vec![p(1.0, 0.0), p(2.0, 0.0), p(2.0, 1.0), p(1.0, 1.0)],
        vec![p(0.0, 1.0), p(1.0, 1.0), p(0.0, 2.0)],
        vec![p(1.0, 1.0), p(1.0, 2.0), p(0.0, 2.0)],
    ] {
        for &q in &pts {
            click_board(&mut h, q);
        }
        h.key_press(egui::Key::Enter);
        h.run_ok();
    }
    assert_eq!(
        h.state().ws.doc.board().face_count(),
        4,
        "{:?}",
        message(&h)
    );

    // Tag the sides: bottom, top, left, right.
    h.key_press(egui::Key::T);
    h.run_ok();
    for (tag, clicks) in [
        ("Bottom", vec![p(0.5, -0.02), p(1.5, -0.02)]),
        ("Top", vec![p(0.5, 2.02)]),
        ("Left", vec![p(-0.02, 0.5), p(-0.02, 1.5)]),
        ("Right", vec![p(2.02, 0.5)]),
    ] {
        click_label(&mut h, tag);
        for q in clicks {
            click_board(&mut h, q);
        }
    }
    let drawn = h.state().ws.doc.board().clone();
    drawn.validate().expect("a valid board");
    assert_eq!(drawn.side_tags().iter().flatten().count(), 6);
    assert_eq!(
        drawn.faces_on_side(SideTag::Left).len(),
        2,
        "both left faces"
    );

    // Save it, start afresh, reopen it: the same board, nothing unsaved.
    let path = dir.path().join("mixed.ron");
    h.state_mut().save_to(&path).expect("saved");
    assert!(!h.state().ws.doc.is_dirty());
    let mut h2 = harness_with(boardwright::app::AppOptions {
        data_dir: Some(dir.path().join("data")),
        ..Default::default()
    });
    h2.state_mut().open_file(&path);
    h2.run_ok();
    let reopened = h2.state().ws.doc.board().clone();
    boardwright::io::compare_boards(&drawn, &reopened).expect("the same board");
    assert!(!h2.state().ws.doc.is_dirty());

    // Play Hex on it, hot-seat, by clicking faces.
    h2.key_press(egui::Key::Num2);
    h2.run_ok();
    assert_eq!(h2.state().mode, Mode::Play);
    click_label(&mut h2, "Hex");
    click_label(&mut h2, "New game");
    // Red (top–bottom) takes the upper triangle, Blue the right square, Red the
    // lower triangle, Blue the left square: Blue joins left and right.
    for q in [p(0.7, 1.7), p(1.5, 0.5), p(0.3, 1.3), p(0.5, 0.5)] {
        click_board(&mut h2, q);
    }
    let game = h2.state().play.game().expect("a game");
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(1), "{}", outcome.reason);
    assert_eq!(outcome.evidence.faces.len(), 2, "the winning chain");
    assert!(
        h2.query_all_by_label_contains("Blue wins").next().is_some(),
        "the result banner"
    );
}

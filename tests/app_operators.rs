//! The editor's Operators panel and Outline tool, driven through the real app:
//! every operator is applied from the panel as one undo step (Undo gives back
//! the exact board, Redo the exact result), its notes reach the status bar and
//! the message log, and Clip / Hole use an outline drawn on the canvas.

mod app_common;

use app_common::*;
use boardwright::app::command::{Command, Tool};
use boardwright::app::editor::operators::OpKind;
use boardwright::board::Board;
use boardwright::edit::BoardEdit;
use boardwright::mesh::{FaceId, Point};
use boardwright::tiling::{self, ShapeKind, ShapeSpec, TilingKind, TilingParams};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

type H = Harness<'static, boardwright::app::App>;

fn board(h: &H) -> Board {
    h.state().ws.doc.board().clone()
}

/// A 4×4 square board with a region of two faces, a custom label and a start
/// piece, so that every operator has something to do and to report.
fn start_board() -> Board {
    let mut p = TilingParams::new(TilingKind::Square);
    p.shape = ShapeSpec::new(ShapeKind::Rectangle, 4);
    let mut b = tiling::build(&p).unwrap();
    boardwright::edit::apply_all(
        &mut b,
        [
            BoardEdit::SetRegion {
                face: FaceId(0),
                region: Some(1),
            },
            BoardEdit::SetRegion {
                face: FaceId(1),
                region: Some(1),
            },
            BoardEdit::SetLabel {
                face: FaceId(0),
                label: "corner".into(),
            },
            BoardEdit::SetStartPiece {
                face: FaceId(5),
                player: Some(0),
            },
        ],
    )
    .unwrap();
    b
}

fn open_operators(h: &mut H) {
    click_label(h, "Operators");
    assert!(h.state().editor.show_operators);
}

#[test]
fn every_operator_applies_from_the_panel_as_one_undo_step() {
    let start = start_board();
    let (mut h, _dir) = harness(Some(start.clone()));
    open_operators(&mut h);
    for kind in OpKind::ALL {
        if matches!(kind, OpKind::Clip | OpKind::Hole) {
            continue; // need an outline: see the next test
        }
        h.state_mut().editor.operators.kind = kind;
        h.run_ok();
        let apply = format!("Apply {}", kind.title());
        assert!(
            has_label(&h, &apply),
            "{}: no enabled Apply button (error: {:?})",
            kind.title(),
            h.query_by_label_contains("Apply")
                .map(|n| n.accesskit_node().label())
        );
        click_label(&mut h, &apply);
        let after = board(&h);
        assert!(after != start, "{}: the board changed", kind.title());
        let (text, error) = message(&h).unwrap();
        assert!(!error, "{}: {text}", kind.title());
        assert!(text.starts_with(kind.title()), "{text}");
        assert!(
            h.state().ws.status.log.iter().any(|e| e.text == text),
            "the notes are in View → Messages"
        );
        assert_eq!(h.state().ws.doc.history().undo_label(), Some(kind.title()));
        ctrl(&mut h, false, egui::Key::Z);
        assert!(
            board(&h) == start,
            "{}: Undo restores the board",
            kind.title()
        );
        ctrl(&mut h, true, egui::Key::Z);
        assert!(
            board(&h) == after,
            "{}: Redo gives the result",
            kind.title()
        );
        ctrl(&mut h, false, egui::Key::Z);
        assert!(board(&h) == start);
    }
}

#[test]
fn an_outline_drawn_on_the_canvas_clips_and_punches_a_hole() {
    let start = start_board();
    let (mut h, _dir) = harness(Some(start.clone()));
    open_operators(&mut h);
    // Pick Clip from the list, like a user.
    h.get_by(|n| {
        n.role() == egui::accesskit::Role::ComboBox && n.value().as_deref() == Some("Dual")
    })
    .click();
    h.run_ok();
    click_label(&mut h, "Clip");
    assert_eq!(h.state().editor.operators.kind, OpKind::Clip);
    assert!(has_label(&h, "No closed outline yet."));
    click_label(&mut h, "Draw outline");
    assert_eq!(h.state().editor.tool, Tool::Outline);
    // Fit the board into the canvas the panel made narrower.
    h.key_press(egui::Key::F);
    h.run_ok();
    // A triangle over the lower-left faces (centres at (0,0), (1,0), (0,1)).
    let corners = [
        Point::new(-0.4, -0.4),
        Point::new(1.6, -0.4),
        Point::new(-0.4, 1.6),
    ];
    for c in corners {
        click_board(&mut h, c);
    }
    assert!(h.state().editor.outline.closed().is_none());
    assert_eq!(
        h.state().editor.outline.points.len(),
        3,
        "{:?}",
        message(&h)
    );
    h.key_press(egui::Key::Enter);
    h.run_ok();
    assert_eq!(
        h.state().editor.outline.closed().map(<[Point]>::len),
        Some(3),
        "Enter closes the outline"
    );
    assert!(board(&h) == start, "drawing an outline changes nothing");
    click_label(&mut h, "Apply Clip");
    let clipped = board(&h);
    assert_eq!(clipped.face_count(), 3, "three centroids inside");
    assert!(clipped.validate().is_ok());
    // Tags follow the outline's three sides (a triangle: bottom, right, left).
    assert!(!clipped.tagged_sides().is_empty());
    ctrl(&mut h, false, egui::Key::Z);
    assert!(board(&h) == start);

    // The same outline punches a hole.
    h.state_mut().editor.operators.kind = OpKind::Hole;
    h.run_ok();
    click_label(&mut h, "Apply Hole");
    assert_eq!(board(&h).face_count(), 13);
    assert!(message(&h).unwrap().0.starts_with("Hole"));
    h.state_mut().ws.send(Command::Undo);
    h.run_ok();
    assert!(board(&h) == start);

    // Esc drops the outline; Clip then says what is missing and cannot apply.
    h.state_mut().editor.operators.kind = OpKind::Clip;
    h.key_press(egui::Key::Escape);
    h.run_ok();
    assert!(h.state().editor.outline.closed().is_none());
    assert!(h.query_by_label_contains("draw an outline first").is_some());
    assert!(h.get_by_label("Apply Clip").accesskit_node().is_disabled());
}

#[test]
fn an_operator_that_cannot_run_says_why_and_changes_nothing() {
    // A single square has no interior vertex: no dual.
    let b = boardwright::presets::square_grid(1, 1);
    let (mut h, _dir) = harness(Some(b.clone()));
    open_operators(&mut h);
    assert_eq!(h.state().editor.operators.kind, OpKind::Dual);
    assert!(
        h.query_by_label_contains("no interior vertex").is_some(),
        "the reason is shown"
    );
    assert!(h.get_by_label("Apply Dual").accesskit_node().is_disabled());
    assert!(board(&h) == b);
    assert!(!h.state().ws.doc.is_dirty());
}

//! Editor mode driven through the real window: drawing, moving, deleting,
//! splitting, merging, tagging sides, start pieces, the inspector and the
//! problem list — every edit undoable.

mod app_common;

use app_common::*;
use boardwright::app::App;
use boardwright::app::command::Command;
use boardwright::app::editor::Tool;
use boardwright::app::editor::snap::Pick;
use boardwright::board::{Board, SideTag};
use boardwright::edit::BoardEdit;
use boardwright::mesh::{EdgeId, FaceId, Point, VertexId};
use boardwright::presets;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

type H = Harness<'static, App>;

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

fn board(h: &H) -> Board {
    h.state().ws.doc.board().clone()
}

fn vertex_at(b: &Board, at: Point) -> VertexId {
    b.mesh()
        .vertex_ids()
        .find(|&v| b.mesh().position(v).distance(at) < 1e-9)
        .unwrap_or_else(|| panic!("no vertex at {at}"))
}

/// The edge between the vertices at `a` and `b`.
fn edge_at(b: &Board, a: Point, c: Point) -> EdgeId {
    b.mesh()
        .find_edge(vertex_at(b, a), vertex_at(b, c))
        .unwrap_or_else(|| panic!("no edge {a}–{c}"))
}

fn face(b: &Board, label: &str) -> FaceId {
    b.face_by_label(label)
        .unwrap_or_else(|| panic!("no face {label}"))
}

/// Zoom the view out around the canvas centre (as the mouse wheel would), so
/// there is room around the board to draw.
fn zoom_out(h: &mut H) {
    h.state_mut().canvas_mut().zoom_centre(0.5);
    h.run_ok();
}

fn press(h: &mut H, key: egui::Key) {
    h.key_press(key);
    h.run_ok();
}

fn shift_click_board(h: &mut H, at: Point) {
    let pos = screen(h, at);
    h.hover_at(pos);
    h.run_ok();
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::SHIFT,
        });
        h.run_ok();
    }
}

fn error_message(h: &H) -> String {
    match message(h) {
        Some((m, true)) => m,
        other => panic!("expected an error in the status bar, got {other:?}"),
    }
}

#[test]
fn draw_a_triangle_snapping_to_existing_vertices_then_undo_and_redo() {
    let (mut h, _dir) = harness(Some(presets::square_grid(2, 2)));
    zoom_out(&mut h);
    let before = board(&h);
    let draw = boardwright::app::command::selectable_text(&h.ctx, &Command::SetTool(Tool::Draw));
    assert_eq!(draw, "Draw  D");
    click_label(&mut h, &draw);
    assert_eq!(h.state().editor.tool, Tool::Draw);
    // A little off the board's corners (a few pixels): the clicks snap onto them.
    click_board(&mut h, p(2.01, -0.012));
    click_board(&mut h, p(3.0, 0.5));
    click_board(&mut h, p(1.99, 1.01));
    assert_eq!(h.state().editor.draw.points.len(), 3);
    assert_eq!(h.state().editor.draw.points[0], p(2.0, 0.0));
    // Clicking the first corner closes the polygon.
    click_board(&mut h, p(2.0, 0.0));
    let after = board(&h);
    assert_eq!(after.face_count(), before.face_count() + 1);
    assert_eq!(
        after.mesh().vertex_count(),
        before.mesh().vertex_count() + 1,
        "only the tip is a new vertex"
    );
    let f = FaceId(before.face_count() as u32);
    let corners: Vec<Point> = after.mesh().face_points(f).collect();
    assert_eq!(corners.len(), 3);
    assert!(corners.contains(&p(2.0, 0.0)) && corners.contains(&p(2.0, 1.0)));
    // It shares the board's right edge from (2,0) to (2,1).
    let shared = edge_at(&after, p(2.0, 0.0), p(2.0, 1.0));
    assert!(!after.mesh().is_boundary_edge(shared));
    assert!(h.state().editor.draw.points.is_empty());
    assert!(!message(&h).unwrap().1);

    click_label(&mut h, "Undo");
    assert_eq!(board(&h), before);
    click_label(&mut h, "Redo");
    assert_eq!(board(&h), after);
}

#[test]
fn enter_closes_backspace_removes_and_esc_cancels() {
    let (mut h, _dir) = harness(Some(presets::square_grid(2, 2)));
    zoom_out(&mut h);
    press(&mut h, egui::Key::D);
    click_board(&mut h, p(2.0, 0.0));
    click_board(&mut h, p(3.0, 0.0));
    click_board(&mut h, p(2.7, 2.0));
    press(&mut h, egui::Key::Backspace);
    assert_eq!(h.state().editor.draw.points.len(), 2);
    click_board(&mut h, p(3.0, 1.0));
    press(&mut h, egui::Key::Enter);
    assert_eq!(board(&h).face_count(), 5);
    // A polygon over the board is refused with the reason; its corners stay.
    click_board(&mut h, p(-1.0, 0.5));
    click_board(&mut h, p(1.5, 0.5));
    click_board(&mut h, p(-1.0, 1.5));
    press(&mut h, egui::Key::Enter);
    assert!(error_message(&h).contains("cannot add this polygon"));
    assert_eq!(board(&h).face_count(), 5);
    assert_eq!(h.state().editor.draw.points.len(), 3);
    press(&mut h, egui::Key::Escape);
    assert!(h.state().editor.draw.points.is_empty());
    assert_eq!(board(&h).face_count(), 5);
    // So is a polygon that crosses itself.
    for q in [p(-1.5, 0.0), p(-0.5, 1.0), p(-0.5, 0.0), p(-1.5, 1.0)] {
        click_board(&mut h, q);
    }
    press(&mut h, egui::Key::Enter);
    assert!(error_message(&h).contains("crosses itself"));
    assert_eq!(h.state().editor.draw.points.len(), 4);
    assert_eq!(board(&h).face_count(), 5);
}

#[test]
fn replacing_the_board_drops_half_done_work() {
    let (mut h, _dir) = harness(Some(presets::square_grid(2, 2)));
    zoom_out(&mut h);
    press(&mut h, egui::Key::D);
    click_board(&mut h, p(2.0, 0.0));
    click_board(&mut h, p(3.0, 0.0));
    // What File → New → Empty does.
    h.state_mut().ws.send(Command::ReplaceBoard {
        board: Box::new(boardwright::app::empty_board()),
        path: None,
        dirty: false,
        message: "new board".into(),
    });
    h.run_ok();
    h.run_ok();
    assert_eq!(board(&h).face_count(), 0);
    assert!(h.state().editor.draw.points.is_empty());
    assert_eq!(h.state().editor.tool, Tool::Draw);
}

#[test]
fn draw_a_mixed_board_from_scratch_on_the_grid_and_tag_its_sides() {
    // File → New → Empty gives this board.
    let (mut h, _dir) = harness(Some(boardwright::app::empty_board()));
    assert_eq!(board(&h).face_count(), 0);
    assert_eq!(
        h.state().editor.tool,
        Tool::Draw,
        "an empty board starts drawing"
    );
    click_label(&mut h, "Grid snap");
    assert!(h.state().ws.settings.grid_snap);
    // Two unit squares, clicked slightly off the grid points.
    for pts in [
        [p(0.04, -0.03), p(1.03, 0.02), p(0.98, 1.04), p(-0.02, 0.97)],
        [p(1.0, 0.0), p(2.04, 0.03), p(1.96, 1.02), p(1.02, 1.0)],
    ] {
        for q in pts {
            click_board(&mut h, q);
        }
        press(&mut h, egui::Key::Enter);
    }
    // Two triangles on top of the left square.
    for pts in [
        [p(0.0, 1.0), p(1.0, 1.0), p(0.03, 2.02)],
        [p(1.0, 1.0), p(1.02, 1.97), p(0.0, 2.0)],
    ] {
        for q in pts {
            click_board(&mut h, q);
        }
        click_board(&mut h, pts[0]);
    }
    let b = board(&h);
    assert_eq!(b.face_count(), 4, "{:?}", message(&h));
    let mut degrees: Vec<usize> = b
        .mesh()
        .face_ids()
        .map(|f| b.mesh().face_degree(f))
        .collect();
    degrees.sort();
    assert_eq!(degrees, vec![3, 3, 4, 4]);
    assert_eq!(b.mesh().vertex_count(), 8);
    b.validate().expect("a valid board");

    // Tag the bottom and the top.
    press(&mut h, egui::Key::T);
    click_label(&mut h, "Bottom");
    click_board(&mut h, p(0.5, -0.02));
    shift_click_board(&mut h, p(1.5, 0.0));
    click_label(&mut h, "Top");
    click_board(&mut h, p(0.5, 2.02));
    let b = board(&h);
    let bottom = [
        edge_at(&b, p(0.0, 0.0), p(1.0, 0.0)),
        edge_at(&b, p(1.0, 0.0), p(2.0, 0.0)),
    ];
    for e in bottom {
        assert_eq!(b.side_tag(e), Some(SideTag::Bottom));
    }
    let top = edge_at(&b, p(0.0, 2.0), p(1.0, 2.0));
    assert_eq!(b.side_tag(top), Some(SideTag::Top));
    assert_eq!(b.side_tags().iter().flatten().count(), 3);
    b.validate().unwrap();

    // Give the new faces labels (reading order: the top triangles first).
    press(&mut h, egui::Key::Escape);
    assert_eq!(h.state().editor.selection, None);
    click_label(&mut h, "Label unlabelled faces");
    let b = board(&h);
    let mut labels = b.faces().labels().to_vec();
    labels.sort();
    assert_eq!(labels, vec!["f1", "f2", "f3", "f4"]);
    assert_eq!(
        b.label(
            b.mesh()
                .face_ids()
                .find(|&f| b.mesh().face_centroid(f).x > 1.0)
                .unwrap()
        ),
        "f4"
    );
    b.validate().unwrap();
    click_label(&mut h, "Undo");
    assert!(
        board(&h).faces().labels().iter().all(|l| l.is_empty()),
        "one undo step"
    );
}

#[test]
fn dragging_a_vertex_moves_it_for_every_face_in_one_undo_step() {
    let (mut h, _dir) = harness(Some(presets::square_grid(3, 3)));
    let before = board(&h);
    let v = vertex_at(&before, p(1.0, 1.0));
    press(&mut h, egui::Key::M);
    let undo_before = h.state().ws.doc.history().undo_len();
    drag_board(&mut h, p(1.01, 0.99), p(1.3, 1.2));
    let b = board(&h);
    let at = b.mesh().position(v);
    assert!(at.distance(p(1.3, 1.2)) < 0.02, "vertex at {at}");
    // All four faces around it use the moved vertex.
    for l in ["a1", "b1", "a2", "b2"] {
        assert!(b.mesh().face_vertices(face(&b, l)).any(|w| w == v));
    }
    assert_eq!(h.state().ws.doc.history().undo_len(), undo_before + 1);
    assert!(h.state().ws.doc.is_dirty());
    click_label(&mut h, "Undo");
    assert_eq!(board(&h), before);
}

#[test]
fn a_move_that_would_break_the_board_is_refused_and_changes_nothing() {
    let (mut h, _dir) = harness(Some(presets::square_grid(3, 3)));
    let before = board(&h);
    press(&mut h, egui::Key::M);
    // Across the right neighbour's far side: b1 and b2 would fold over.
    drag_board_steps(&mut h, p(1.0, 1.0), p(2.6, 1.05), 1);
    let err = error_message(&h);
    assert!(err.contains("cannot move vertex"), "{err}");
    assert!(
        err.contains("fold") || err.contains("overlap") || err.contains("cross"),
        "{err}"
    );
    assert_eq!(board(&h), before);
    assert!(!h.state().ws.doc.history().can_undo());
}

#[test]
fn delete_split_and_merge_faces() {
    let (mut h, _dir) = harness(Some(presets::square_grid(3, 3)));
    let b0 = board(&h);
    // Delete by clicking with the Delete tool.
    press(&mut h, egui::Key::X);
    click_face(&mut h, &b0, face(&b0, "b2"));
    let b = board(&h);
    assert_eq!(b.face_count(), 8);
    assert!(b.face_by_label("b2").is_none());
    click_label(&mut h, "Undo");
    assert_eq!(board(&h), b0);

    // Select a face and press Delete.
    press(&mut h, egui::Key::V);
    click_face(&mut h, &b0, face(&b0, "c3"));
    assert_eq!(
        h.state().editor.selection,
        Some(Pick::Face(face(&b0, "c3")))
    );
    press(&mut h, egui::Key::Delete);
    assert!(board(&h).face_by_label("c3").is_none());
    click_label(&mut h, "Undo");

    // Split a1 along its diagonal.
    press(&mut h, egui::Key::S);
    click_board(&mut h, p(0.0, 0.0));
    click_board(&mut h, p(1.0, 1.0));
    let b = board(&h);
    assert_eq!(b.face_count(), 10);
    assert_eq!(b.mesh().face_degree(face(&b, "a1")), 3);
    click_label(&mut h, "Undo");
    assert_eq!(board(&h), b0);
    // Two corners that are not on one face: refused with the reason.
    click_board(&mut h, p(0.0, 0.0));
    click_board(&mut h, p(2.0, 2.0));
    assert!(error_message(&h).contains("not corners of the same face"));
    press(&mut h, egui::Key::Escape);

    // Merge a1 and b1.
    press(&mut h, egui::Key::G);
    click_face(&mut h, &b0, face(&b0, "a1"));
    click_face(&mut h, &b0, face(&b0, "b1"));
    let b = board(&h);
    assert_eq!(b.face_count(), 8);
    assert!(b.face_by_label("b1").is_none());
    let a1 = face(&b, "a1");
    assert!((b.mesh().face_area(a1) - 2.0).abs() < 1e-9);
    // Faces that do not touch cannot be merged.
    click_face(&mut h, &b, face(&b, "a3"));
    click_face(&mut h, &b, face(&b, "c1"));
    assert!(error_message(&h).contains("do not share an edge"));
    assert_eq!(board(&h).face_count(), 8);
}

#[test]
fn tag_side_tool_tags_a_single_edge_and_a_run_in_one_step() {
    let (mut h, _dir) = harness(Some(presets::square_grid(3, 3)));
    let b0 = board(&h);
    let e = edge_at(&b0, p(0.0, 0.0), p(1.0, 0.0));
    assert_eq!(b0.side_tag(e), Some(SideTag::Bottom));
    press(&mut h, egui::Key::T);
    click_label(&mut h, "Left");
    click_board(&mut h, p(0.5, -0.01));
    assert_eq!(board(&h).side_tag(e), Some(SideTag::Left));
    // An interior edge cannot be tagged.
    click_board(&mut h, p(1.5, 1.0));
    assert!(error_message(&h).contains("no boundary edge"));
    // Clear the whole bottom with a Shift+click run.
    click_label(&mut h, "No tag");
    let undo = h.state().ws.doc.history().undo_len();
    click_board(&mut h, p(0.5, 0.0));
    shift_click_board(&mut h, p(2.5, 0.0));
    let b = board(&h);
    for x in 0..3 {
        let e = edge_at(&b, p(x as f64, 0.0), p(x as f64 + 1.0, 0.0));
        assert_eq!(b.side_tag(e), None);
    }
    assert_eq!(h.state().ws.doc.history().undo_len(), undo + 2);
    click_label(&mut h, "Undo");
    let b = board(&h);
    assert_eq!(b.side_tag(e), None);
    assert_eq!(
        b.side_tag(edge_at(&b, p(2.0, 0.0), p(3.0, 0.0))),
        Some(SideTag::Bottom),
        "one undo brings back the whole run"
    );
}

#[test]
fn start_pieces_are_placed_cycled_and_removed() {
    let (mut h, _dir) = harness(Some(presets::square_grid(3, 3)));
    let b0 = board(&h);
    let a1 = face(&b0, "a1");
    press(&mut h, egui::Key::P);
    let pieces = |h: &H| h.state().ws.doc.board().setup().pieces.clone();
    click_face(&mut h, &b0, a1);
    assert_eq!(pieces(&h), vec![(a1, 0)]);
    click_face(&mut h, &b0, a1);
    assert_eq!(pieces(&h), vec![(a1, 1)]);
    click_face(&mut h, &b0, a1);
    assert!(pieces(&h).is_empty());
    click_label(&mut h, "Player 2");
    let b2 = face(&b0, "b2");
    click_face(&mut h, &b0, b2);
    assert_eq!(pieces(&h), vec![(b2, 1)]);
    board(&h).validate().unwrap();
}

#[test]
fn the_inspector_edits_a_label_as_one_undo_step() {
    let (mut h, _dir) = harness(Some(presets::square_grid(3, 3)));
    let b0 = board(&h);
    let a1 = face(&b0, "a1");
    click_face(&mut h, &b0, a1);
    assert_eq!(h.state().editor.selection, Some(Pick::Face(a1)));
    let undo = h.state().ws.doc.history().undo_len();
    h.get_by_label("Label").focus();
    h.run_ok();
    for t in ["q", "r"] {
        h.get_by_label("Label").type_text(t);
        h.run_ok();
    }
    let label = board(&h).faces().labels()[a1.index()].clone();
    assert!(label.contains("qr") && label.len() == 4, "label {label:?}");
    assert_eq!(h.state().ws.doc.history().undo_len(), undo + 1);
    // A duplicate label is refused with the reason.
    h.get_by_label("Label").focus();
    h.run_ok();
    for _ in 0..4 {
        h.key_press(egui::Key::Backspace);
        h.key_press(egui::Key::Delete);
        h.run_ok();
    }
    h.get_by_label("Label").type_text("b1");
    h.run_ok();
    assert!(error_message(&h).contains("already used"));
    // Typing on makes it unique again and applies.
    h.get_by_label("Label").type_text("x");
    h.run_ok();
    assert_eq!(board(&h).faces().labels()[a1.index()], "b1x");
    // Leave the field, then one undo goes back to the original label.
    press(&mut h, egui::Key::Escape);
    assert!(h.state().ws.doc.history().undo_len() <= undo + 2);
    while h.state().ws.doc.history().can_undo() {
        click_label(&mut h, "Undo");
    }
    assert_eq!(board(&h), b0);
}

#[test]
fn the_problem_list_shows_a_duplicate_label_and_clicking_zooms_to_it() {
    // Labels that differ only in case are allowed in a file but ambiguous.
    let grid = presets::square_grid(6, 6);
    let f = face(&grid, "f6");
    let mut rows: Vec<_> = grid.faces().rows().collect();
    rows[f.index()].label = "A1".into();
    let b = boardwright::board::BoardBuilder::from_mesh(grid.mesh().clone())
        .faces(rows)
        .build()
        .unwrap();
    let (mut h, _dir) = harness(Some(b.clone()));
    let problems = &h.state().editor.validation.problems;
    assert!(problems.iter().any(|p| p.text.contains("labelled 'a1'")));
    h.get_by_label_contains("labelled 'a1'").click();
    h.run_ok();
    assert_eq!(h.state().editor.selection, Some(Pick::Face(face(&b, "a1"))));
    // The view now shows both faces carrying the label.
    let view = h.state_mut().canvas_mut().view;
    assert!(view.center.distance(p(3.0, 3.0)) < 0.01, "{}", view.center);
    // Relabelling one of them clears the entry.
    h.get_by_label("Label").focus();
    h.run_ok();
    h.get_by_label("Label").type_text("z");
    h.run_ok();
    press(&mut h, egui::Key::Escape);
    assert!(h.query_by_label_contains("labelled 'a1'").is_none());
    assert!(
        !h.state()
            .editor
            .validation
            .problems
            .iter()
            .any(|p| p.text.contains("labelled"))
    );
}

#[test]
fn clicking_a_problem_about_one_face_zooms_in_on_it() {
    let mut b = presets::square_grid(8, 8);
    let f = face(&b, "h8");
    boardwright::edit::apply_all(
        &mut b,
        [
            BoardEdit::SetStartPiece {
                face: f,
                player: Some(0),
            },
            BoardEdit::SetKind {
                face: f,
                kind: boardwright::board::FaceKind::Blocked,
            },
        ],
    )
    .unwrap();
    let (mut h, _dir) = harness(Some(b.clone()));
    let scale0 = h.state_mut().canvas_mut().view.scale;
    h.get_by_label_contains("blocked face h8").click();
    h.run_ok();
    let view = h.state_mut().canvas_mut().view;
    assert!(
        view.scale > scale0 * 1.5,
        "zoomed from {scale0} to {}",
        view.scale
    );
    assert!(
        view.center.distance(p(7.5, 7.5)) < 0.01,
        "centred on h8: {}",
        view.center
    );
    assert_eq!(h.state().editor.selection, Some(Pick::Face(f)));
    // Fix it in the board: the entry goes away on the next frame.
    press(&mut h, egui::Key::P);
    click_face(&mut h, &b, f);
    click_face(&mut h, &b, f);
    assert!(board(&h).setup().pieces.is_empty());
    assert!(h.query_by_label_contains("blocked face h8").is_none());
}

#[test]
fn editor_snapshot() {
    let b = presets::hex(4);
    let (mut h, _dir) = harness(Some(b.clone()));
    zoom_out(&mut h);
    click_face(&mut h, &b, face(&b, "b2"));
    press(&mut h, egui::Key::D);
    let c = b.mesh().face_centroid(face(&b, "d4"));
    let q = |dx: f64, dy: f64| p(c.x + dx, c.y + dy);
    click_board(&mut h, q(3.0, 0.0));
    click_board(&mut h, q(4.0, 0.5));
    let hover = screen(&mut h, q(3.5, 1.5));
    h.hover_at(hover);
    h.run_ok();
    h.snapshot_options("editor", &snapshot_options());
}

#[test]
fn selecting_an_edge_and_a_vertex_shows_them_in_the_inspector() {
    let (mut h, _dir) = harness(Some(presets::square_grid(3, 3)));
    let b0 = board(&h);
    let e = edge_at(&b0, p(0.0, 0.0), p(1.0, 0.0));
    // Select tool: a click a few pixels from an edge picks the edge.
    click_board(&mut h, p(0.5, 0.01));
    assert_eq!(h.state().editor.selection, Some(Pick::Edge(e)));
    assert!(
        h.state()
            .ws
            .status
            .message
            .as_ref()
            .unwrap()
            .text
            .contains("side 'bottom'")
    );
    // Change its side tag in the inspector.
    h.get_by_label("Side tag").click();
    h.run_ok();
    click_label(&mut h, "right");
    assert_eq!(board(&h).side_tag(e), Some(SideTag::Right));
    click_label(&mut h, "Undo");
    assert_eq!(board(&h).side_tag(e), Some(SideTag::Bottom));
    // Near a corner the vertex wins.
    click_board(&mut h, p(1.01, 1.0));
    let v = vertex_at(&b0, p(1.0, 1.0));
    assert_eq!(h.state().editor.selection, Some(Pick::Vertex(v)));
    assert!(h.query_by_label_contains("Vertex #").is_some());
    // Esc clears the selection.
    press(&mut h, egui::Key::Escape);
    assert_eq!(h.state().editor.selection, None);
}

#[test]
fn clicking_a_problem_of_the_whole_board_fits_the_board() {
    // No side tags: the warning's place is the whole board.
    let grid = presets::square_grid(8, 8);
    let b = boardwright::board::BoardBuilder::from_mesh(grid.mesh().clone())
        .faces(grid.faces().rows().collect::<Vec<_>>())
        .build()
        .unwrap();
    let (mut h, _dir) = harness(Some(b));
    let fitted = h.state_mut().canvas_mut().view;
    h.get_by_label_contains("no boundary side is tagged")
        .click();
    h.run_ok();
    let view = h.state_mut().canvas_mut().view;
    assert!(
        (view.scale / fitted.scale - 1.0).abs() < 0.01,
        "the board fills the canvas as when fitted: {} vs {}",
        view.scale,
        fitted.scale
    );
    assert!(view.center.distance(p(4.0, 4.0)) < 0.01, "{}", view.center);
}

//! What Play draws on the board, read from the shapes the real app paints: TwixT
//! as a plain board with round holes, border lines, big pegs and thick links;
//! coordinates along the edges of grid boards (labels in every cell on request,
//! kept between runs); the last-move marker and move numbers; the hint leaving
//! the cell label readable.

mod app_common;

use app_common::*;
use boardwright::app::App;
use boardwright::app::AppOptions;
use boardwright::board::Board;
use boardwright::game::DynGame;
use boardwright::mesh::FaceId;
use boardwright::presets;
use eframe::egui::{self, Color32, Pos2, Rect, Shape};
use egui_kittest::Harness;
use std::time::{Duration, Instant};

type H = Harness<'static, App>;

/// Every shape of the last frame, nested lists flattened, in paint order.
fn shapes(h: &H) -> Vec<Shape> {
    fn walk(s: &Shape, out: &mut Vec<Shape>) {
        match s {
            Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            s => out.push(s.clone()),
        }
    }
    let mut out = Vec::new();
    for c in &h.output().shapes {
        walk(&c.shape, &mut out);
    }
    out
}

/// Painted texts with the screen rectangle each covers.
fn texts(h: &H) -> Vec<(String, Rect)> {
    shapes(h)
        .iter()
        .filter_map(|s| match s {
            Shape::Text(t) => Some((t.galley.text().to_string(), t.visual_bounding_rect())),
            _ => None,
        })
        .collect()
}

/// Painted circles: (centre, radius, fill, stroke colour, stroke width).
fn circles(h: &H) -> Vec<(Pos2, f32, Color32, Color32, f32)> {
    shapes(h)
        .iter()
        .filter_map(|s| match s {
            Shape::Circle(c) => Some((c.center, c.radius, c.fill, c.stroke.color, c.stroke.width)),
            _ => None,
        })
        .collect()
}

/// Painted line segments: (ends, colour, width).
fn segments(h: &H) -> Vec<([Pos2; 2], Color32, f32)> {
    shapes(h)
        .iter()
        .filter_map(|s| match s {
            Shape::LineSegment { points, stroke } => Some((*points, stroke.color, stroke.width)),
            _ => None,
        })
        .collect()
}

fn new_game(h: &mut H, rules: &str) {
    h.key_press(egui::Key::Num2);
    h.run_ok();
    click_label(h, rules);
    click_label(h, "New game");
    assert!(h.state().play.game().is_some(), "a game started");
}

fn game(h: &H) -> &dyn DynGame {
    h.state().play.game().expect("a game is on")
}

fn face(b: &Board, label: &str) -> FaceId {
    b.face_by_label(label)
        .unwrap_or_else(|| panic!("no face {label}"))
}

fn click_labels(h: &mut H, b: &Board, labels: &[&str]) {
    for l in labels {
        click_face(h, b, face(b, l));
    }
}

/// Where the centre of face `label` is on screen.
fn centre(h: &mut H, b: &Board, label: &str) -> Pos2 {
    screen(h, b.mesh().face_centroid(face(b, label)))
}

/// A frame without the pointer over the board (no hover highlight).
fn still(h: &mut H) {
    h.remove_cursor();
    h.run_ok();
}

fn colours(h: &H) -> [Color32; 2] {
    h.state().play.setup.colours
}

#[test]
fn twixt_is_a_plain_board_with_round_holes_border_lines_big_pegs_and_thick_links() {
    let board = presets::twixt(8);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "TwixT");
    // Red b2, Blue a3, Red c4: b2–c4 linked.
    click_labels(&mut h, &board, &["b2", "a3", "c4"]);
    assert_eq!(h.state().play.scene().links.len(), 1);
    still(&mut h);
    let [red, blue] = colours(&h);
    let step = (centre(&mut h, &board, "c2") - centre(&mut h, &board, "b2")).length();
    assert!(step > 20.0, "the board is big enough to look at ({step})");

    // No grid lines between the holes.
    assert!(
        !h.state_mut().play.canvas_mut().stats().edges_drawn,
        "the lines between the cells are not drawn"
    );
    // A small round hole in every empty face, no label in it.
    let small: Vec<Pos2> = circles(&h)
        .into_iter()
        .filter(|c| c.1 < step * 0.15 && c.2.a() == 255 && c.2 != red && c.2 != blue)
        .map(|c| c.0)
        .collect();
    for f in board.mesh().face_ids() {
        if game(&h).piece_at(f).is_some() {
            continue;
        }
        let p = screen(&mut h, board.mesh().face_centroid(f));
        let holes = small.iter().filter(|&&q| (q - p).length() < 1.0).count();
        assert_eq!(holes, 1, "one hole in each empty face ({f:?})");
    }
    let painted = texts(&h);
    assert!(
        !painted.iter().any(|(t, _)| t == "d5" || t == "b2"),
        "no label in the holes"
    );
    // Coordinates on the board edge instead: column letters and row numbers twice each.
    let canvas = h.state_mut().play.canvas_mut().last_rect().unwrap();
    for t in ["a", "d", "h", "1", "4", "8"] {
        assert_eq!(
            painted
                .iter()
                .filter(|(s, r)| s == t && canvas.contains(r.center()))
                .count(),
            2,
            "coordinate {t} along both edges, on screen"
        );
    }
    // Pegs large enough to see.
    let b2 = centre(&mut h, &board, "b2");
    let peg = circles(&h)
        .into_iter()
        .find(|c| c.2 == red && (c.0 - b2).length() < 1.0)
        .expect("a red peg on b2");
    assert!(peg.1 >= 0.22 * step, "peg radius {} for step {step}", peg.1);
    // The link: a thick line in Red's colour from b2 to c4.
    let c4 = centre(&mut h, &board, "c4");
    let link = segments(&h)
        .into_iter()
        .find(|s| s.1 == red && (s.0[0] - b2).length() < 1.0 && (s.0[1] - c4).length() < 1.0)
        .expect("a red link b2–c4");
    assert!(
        link.2 >= 0.12 * step,
        "link width {} for step {step}",
        link.2
    );
    // Border lines between the border rows and the playing area, each in its owner's colour:
    // Red between row 1 and row 2 (b..g, 6 edges at each end), Blue between columns a/b and g/h.
    let lines = segments(&h);
    let red_lines = lines
        .iter()
        .filter(|s| s.1 == red && (s.0[0].y - s.0[1].y).abs() < 0.5)
        .count();
    let blue_lines = lines
        .iter()
        .filter(|s| s.1 == blue && (s.0[0].x - s.0[1].x).abs() < 0.5)
        .count();
    assert_eq!((red_lines, blue_lines), (12, 12));
}

#[test]
fn grid_boards_show_coordinates_along_the_edges_and_labels_in_cells_on_request() {
    let board = presets::hex(5);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    still(&mut h);
    // The board's texts: the side panels have numbers of their own (the clock setup).
    let canvas = h.state_mut().play.canvas_mut().last_rect().unwrap();
    let painted: Vec<_> = texts(&h)
        .into_iter()
        .filter(|(_, r)| canvas.contains(r.center()))
        .collect();
    assert!(
        !painted.iter().any(|(t, _)| t == "c3"),
        "no label in every cell by default"
    );
    // HexGui style: letters past the ends of the columns, numbers past the ends of the rows.
    let a1 = centre(&mut h, &board, "a1");
    let a5 = centre(&mut h, &board, "a5");
    let e1 = centre(&mut h, &board, "e1");
    let step = (centre(&mut h, &board, "a2") - a1).length();
    for t in ["a", "b", "c", "d", "e", "1", "2", "3", "4", "5"] {
        let at: Vec<Pos2> = painted
            .iter()
            .filter(|(s, _)| s == t)
            .map(|(_, r)| r.center())
            .collect();
        assert_eq!(at.len(), 2, "{t} on both edges");
        let canvas = h.state_mut().play.canvas_mut().last_rect().unwrap();
        for p in at {
            assert!(canvas.shrink(4.0).contains(p), "{t} at {p:?} is on screen");
            // Outside the board: farther than half a step from every cell.
            for f in board.mesh().face_ids() {
                let c = screen(&mut h, board.mesh().face_centroid(f));
                assert!((c - p).length() > 0.45 * step, "{t} at {p:?} is in a cell");
            }
        }
    }
    // "a" continues column a past a1 and past a5 (so the numbers follow the slanted sides).
    let near = |p: Pos2, q: Pos2| (p - q).length() < 1.2 * step;
    let letters_a: Vec<Pos2> = painted
        .iter()
        .filter(|(s, _)| s == "a")
        .map(|(_, r)| r.center())
        .collect();
    assert!(letters_a.iter().any(|&p| near(p, a1)) && letters_a.iter().any(|&p| near(p, a5)));
    let ones: Vec<Pos2> = painted
        .iter()
        .filter(|(s, _)| s == "1")
        .map(|(_, r)| r.center())
        .collect();
    assert!(ones.iter().any(|&p| near(p, a1)) && ones.iter().any(|&p| near(p, e1)));

    // View → Labels in every cell: the labels come back into the cells, the edges go bare.
    click_label(&mut h, "View");
    click_label(&mut h, "Labels in every cell");
    still(&mut h);
    assert!(h.state().ws.settings.labels_in_cells);
    let on_board = |h: &H| -> Vec<(String, Rect)> {
        texts(h)
            .into_iter()
            .filter(|(_, r)| canvas.contains(r.center()))
            .collect()
    };
    let painted = on_board(&h);
    let c3 = centre(&mut h, &board, "c3");
    assert!(
        painted
            .iter()
            .any(|(t, r)| t == "c3" && (r.center() - c3).length() < 2.0)
    );
    assert_eq!(painted.iter().filter(|(s, _)| s == "a").count(), 0);

    // View → Labels off: neither.
    click_label(&mut h, "View");
    click_label(&mut h, "Labels");
    still(&mut h);
    let painted = on_board(&h);
    assert!(
        !painted
            .iter()
            .any(|(t, _)| t == "c3" || t == "a" || t == "5")
    );

    // The choice is kept for the next run.
    let mut storage = MemStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    let dir2 = tempfile::tempdir().unwrap();
    let h2 = harness_with_storage(
        AppOptions {
            data_dir: Some(dir2.path().to_path_buf()),
            ..Default::default()
        },
        &storage,
    );
    assert!(h2.state().ws.settings.labels_in_cells);
    assert!(!h2.state().ws.settings.show_labels);
}

#[test]
fn the_last_move_is_marked_and_move_numbers_are_shown_on_request() {
    let board = presets::hex(5);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    click_labels(&mut h, &board, &["c3", "b4"]);
    still(&mut h);
    let [red, blue] = colours(&h);
    let c3 = centre(&mut h, &board, "c3");
    let b4 = centre(&mut h, &board, "b4");
    let stone = |h: &H, p: Pos2, c: Color32| {
        circles(h)
            .into_iter()
            .find(|x| x.2 == c && (x.0 - p).length() < 1.0)
            .expect("a stone")
            .1
    };
    let r = stone(&h, b4, blue);
    // A clear dot of a contrasting colour in the last stone, and only there.
    let dots = |h: &H, p: Pos2, r: f32| {
        circles(h)
            .into_iter()
            .filter(|x| {
                (x.0 - p).length() < 1.0 && x.1 < 0.6 * r && x.1 >= 0.2 * r && x.2.a() == 255
            })
            .count()
    };
    assert_eq!(dots(&h, b4, r), 1, "the last move is marked");
    assert_eq!(
        dots(&h, c3, stone(&h, c3, red)),
        0,
        "the move before is not"
    );

    // View → Move numbers: 1 on c3, 2 on b4, and a ring marks the last one.
    click_label(&mut h, "View");
    click_label(&mut h, "Move numbers");
    still(&mut h);
    assert!(h.state().ws.settings.move_numbers);
    let painted = texts(&h);
    let on = |t: &str, p: Pos2| {
        painted
            .iter()
            .any(|(s, rr)| s == t && (rr.center() - p).length() < 0.5 * r)
    };
    assert!(on("1", c3) && on("2", b4), "{painted:?}");
    assert!(
        circles(&h)
            .iter()
            .any(|x| (x.0 - b4).length() < 1.0 && x.1 > r && x.2.a() == 0 && x.4 >= 2.0),
        "a ring around the numbered last stone"
    );
    // Taking a move back moves the marker.
    click_label(&mut h, "Undo");
    still(&mut h);
    assert_eq!(game(&h).ply(), 1);
    assert!(
        circles(&h)
            .iter()
            .any(|x| (x.0 - c3).length() < 1.0 && x.1 > r && x.2.a() == 0 && x.4 >= 2.0)
    );
}

#[test]
fn a_loa_move_tints_the_square_it_left_and_the_one_it_reached() {
    let board = presets::lines_of_action();
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Lines of Action");
    // Black's piece on the first row, second column, to its first destination.
    let from = FaceId(1);
    let to = game(&h).moves_from(from)[0];
    click_face(&mut h, &board, from);
    click_face(&mut h, &board, to);
    assert_eq!(game(&h).ply(), 1);
    still(&mut h);
    let scene = h.state().play.scene().clone();
    assert_eq!(scene.last_from, [from]);
    assert_eq!(scene.last_to, [to]);
    // Both faces are filled with the last-move tint.
    let tint = boardwright::app::play::board_view::LAST_MOVE.gamma_multiply(0.75);
    let tinted: Vec<Rect> = shapes(&h)
        .iter()
        .filter_map(|s| match s {
            Shape::Mesh(m)
                if !m.vertices.is_empty() && m.vertices.iter().all(|v| v.color == tint) =>
            {
                Some(Rect::from_points(
                    &m.vertices.iter().map(|v| v.pos).collect::<Vec<_>>(),
                ))
            }
            _ => None,
        })
        .collect();
    assert_eq!(tinted.len(), 2);
    for f in [scene.last_from[0], scene.last_to[0]] {
        let p = screen(&mut h, board.mesh().face_centroid(f));
        assert!(tinted.iter().any(|r| r.contains(p)), "face {f:?} tinted");
    }
}

#[test]
fn the_hint_leaves_the_cell_label_readable() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    h.state_mut().ws.settings.labels_in_cells = true;
    new_game(&mut h, "Hex");
    click_labels(&mut h, &board, &["a1", "b2"]);
    click_label(&mut h, "Hint");
    let start = Instant::now();
    while h.state().play.hint().is_none() {
        assert!(start.elapsed() < Duration::from_secs(20), "a hint arrived");
        std::thread::sleep(Duration::from_millis(20));
        h.run_ok();
    }
    still(&mut h);
    let hint = h.state().play.hint().unwrap().clone();
    let label = board.label(hint.faces[0]).to_string();
    let all = shapes(&h);
    let at = all
        .iter()
        .position(|s| matches!(s, Shape::Text(t) if t.galley.text() == label))
        .expect("the hinted face's label is drawn");
    let Shape::Text(t) = &all[at] else {
        unreachable!()
    };
    let text = t.visual_bounding_rect();
    // Nothing filled is painted over it afterwards.
    for s in &all[at + 1..] {
        if let Shape::Circle(c) = s
            && c.fill.a() > 0
        {
            let r = Rect::from_center_size(c.center, egui::vec2(2.0 * c.radius, 2.0 * c.radius));
            assert!(!r.intersects(text), "a disc over the label {label}");
        }
    }
    // The hint itself is drawn: a ring around the face.
    let p = centre(&mut h, &board, &label);
    assert!(circles(&h).iter().any(|c| (c.0 - p).length() < 1.0
        && c.2.a() == 0
        && c.3 == boardwright::app::play::board_view::HINT));
}

#[test]
fn after_a_hint_the_heat_map_and_the_best_line_are_drawn_on_request() {
    let board = presets::hex(5);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    click_labels(&mut h, &board, &["c3"]);
    click_label(&mut h, "View");
    click_label(&mut h, "Heat map and best line");
    assert!(h.state().ws.settings.show_search);
    click_label(&mut h, "Hint");
    let start = Instant::now();
    while h.state().play.hint().is_none() {
        assert!(start.elapsed() < Duration::from_secs(30), "a hint arrived");
        std::thread::sleep(Duration::from_millis(20));
        h.run_ok();
    }
    still(&mut h);
    let hint = h.state().play.hint().unwrap().clone();
    assert!(!hint.root.moves.is_empty());
    assert_eq!(hint.root.pv[0], hint.faces, "the line starts with the hint");
    let [red, blue] = colours(&h);
    // Ghost pieces numbered 1, 2, … along the line, Blue (to move) first.
    let painted = texts(&h);
    for (i, faces) in hint.root.pv.iter().enumerate() {
        let p = screen(&mut h, board.mesh().face_centroid(faces[0]));
        let n = (i + 1).to_string();
        assert!(
            painted
                .iter()
                .any(|(t, r)| *t == n && (r.center() - p).length() < 3.0),
            "ghost {n} on {faces:?}"
        );
        let c = if i % 2 == 0 { blue } else { red };
        assert!(
            circles(&h)
                .iter()
                .any(|x| (x.0 - p).length() < 1.0 && x.3 == c && x.2.a() < 255),
            "a translucent ghost in its player's colour"
        );
    }
    // The heat map tints the faces of the most visited moves.
    let tinted = |h: &H| -> Vec<Rect> {
        shapes(h)
            .iter()
            .filter_map(|s| match s {
                Shape::Mesh(m)
                    if m.vertices.len() == 6
                        && m.vertices.iter().all(|v| v.color == m.vertices[0].color) =>
                {
                    Some(Rect::from_points(
                        &m.vertices.iter().map(|v| v.pos).collect::<Vec<_>>(),
                    ))
                }
                _ => None,
            })
            .collect()
    };
    let heat = tinted(&h);
    for m in hint.root.moves.iter().take(3) {
        let p = screen(&mut h, board.mesh().face_centroid(m.faces[0]));
        assert!(heat.iter().any(|r| r.contains(p)), "{} tinted", m.text);
    }
    // Off again: neither.
    click_label(&mut h, "View");
    click_label(&mut h, "Heat map and best line");
    still(&mut h);
    assert!(tinted(&h).is_empty());
}

/// Play draws the document's board once: New game on it keeps the drawing
/// Play built for it (the game's board is that board), and so does the next
/// New game; hovering and clicking use the document's spatial index. After
/// the document is edited under a running game, the game's board — now
/// another board than the document's — is still hovered and played on.
#[test]
fn new_game_on_the_board_play_shows_keeps_its_drawing() {
    let board = presets::hex(7);
    let (mut h, _dir) = harness(Some(board.clone()));
    h.key_press(egui::Key::Num2);
    h.run_ok();
    let builds = h.state_mut().play.canvas_mut().stats().builds;
    assert!(builds >= 1, "Play drew the board");
    click_label(&mut h, "Hex");
    click_label(&mut h, "New game");
    assert!(h.state().play.game().is_some());
    assert_eq!(
        h.state_mut().play.canvas_mut().stats().builds,
        builds,
        "New game on the board shown draws it without building it again"
    );
    click_labels(&mut h, &board, &["d4"]);
    assert_eq!(game(&h).ply(), 1);
    click_label(&mut h, "New game");
    // The game's move is not saved: the prompt asks first.
    click_label(&mut h, "Don't save");
    assert_eq!(game(&h).ply(), 0);
    assert_eq!(h.state_mut().play.canvas_mut().stats().builds, builds);
    click_labels(&mut h, &board, &["c3"]);
    assert_eq!(game(&h).ply(), 1);
    // The document changes under the game: its board is drawn and played on
    // as it was.
    h.state_mut()
        .ws
        .doc
        .apply(boardwright::edit::BoardEdit::SetStartPiece {
            face: face(&board, "a1"),
            player: Some(0),
        })
        .expect("edit applies");
    h.run_ok();
    click_labels(&mut h, &board, &["e5"]);
    assert_eq!(game(&h).ply(), 2);
    assert_eq!(game(&h).history(), ["c3", "e5"]);
    let at = centre(&mut h, &board, "b2");
    h.hover_at(at);
    h.run_ok();
    assert!(
        h.state()
            .ws
            .status
            .hover
            .as_deref()
            .is_some_and(|s| s.contains("b2")),
        "{:?}",
        h.state().ws.status.hover
    );
}

//! Play mode driven through the real app: hot-seat games by clicking faces, the
//! result banner with its evidence, LOA select-and-move, illegal clicks, previews,
//! takeback, resigning, saving and reopening games, rules refused on boards they
//! cannot run on.

mod app_common;

use app_common::*;
use boardwright::app::App;
use boardwright::app::files::{Opened, open_path};
use boardwright::app::workspace::Mode;
use boardwright::board::Board;
use boardwright::game::{DynGame, RulesKind};
use boardwright::mesh::geom::Point;
use boardwright::mesh::{FaceId, Mesh};
use boardwright::presets;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

type H = Harness<'static, App>;

/// Switch to Play, choose `rules` and press New game.
fn new_game(h: &mut H, rules: &str) {
    h.key_press(egui::Key::Num2);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Play);
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

/// Click the faces with these labels in turn.
fn click_labels(h: &mut H, b: &Board, labels: &[&str]) {
    for l in labels {
        click_face(h, b, face(b, l));
    }
}

fn sorted(mut v: Vec<FaceId>) -> Vec<FaceId> {
    v.sort_unstable();
    v
}

fn has_text(h: &H, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

#[test]
fn hex_game_on_3x3_is_played_to_a_win_by_clicking_faces() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    assert!(has_text(&h, "Red to move"), "turn indicator for Red");
    click_labels(&mut h, &board, &["a1", "b1"]);
    assert!(has_text(&h, "Red to move"));
    click_labels(&mut h, &board, &["a2"]);
    assert!(has_text(&h, "Blue to move"), "turn passes to Blue");
    click_labels(&mut h, &board, &["b2", "a3"]);

    let g = game(&h);
    assert_eq!(g.history(), ["a1", "b1", "a2", "b2", "a3"]);
    let out = g.outcome().expect("the game is over");
    assert_eq!(out.winner, Some(0));
    // The banner names the winner and the reason.
    assert!(has_text(&h, "Red wins"), "result banner");
    assert!(has_text(&h, &out.reason));
    // The winning chain is the evidence the board highlights.
    let chain = sorted(["a1", "a2", "a3"].map(|l| face(&board, l)).to_vec());
    let shown = h.state().play.scene().outcome.clone().expect("shown");
    assert_eq!(sorted(shown.evidence.faces.clone()), chain);
    // Each move is in the move list.
    for (k, m) in ["a1", "b1", "a2", "b2", "a3"].iter().enumerate() {
        assert!(h.query_by_label(&format!("{}. {m}", k + 1)).is_some());
    }
    // A click after the end changes nothing and says why.
    click_face(&mut h, &board, face(&board, "c3"));
    assert_eq!(game(&h).ply(), 5);
    let (msg, err) = message(&h).unwrap();
    assert!(err && msg.contains("game is over"), "{msg}");
}

#[test]
fn hex_goal_sides_are_drawn_in_the_players_chosen_colours() {
    let (mut h, _dir) = harness(Some(presets::hex(3)));
    let green = egui::Color32::from_rgb(0x20, 0xa0, 0x40);
    h.state_mut().play.setup.colours[0] = green;
    new_game(&mut h, "Hex");
    h.run_ok();
    let blue = h.state().play.setup.colours[1];
    // Top and bottom are the first player's goal, left and right the second's.
    assert_eq!(
        h.state_mut().play.canvas_mut().style.sides,
        [green, green, blue, blue]
    );
}

#[test]
fn an_illegal_click_changes_nothing_and_says_why() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    click_labels(&mut h, &board, &["b2"]);
    let before = game(&h).history();
    click_labels(&mut h, &board, &["b2"]);
    assert_eq!(game(&h).history(), before, "occupied face: no move");
    assert_eq!(game(&h).to_move(), Some(1), "still Blue to move");
    let (msg, err) = message(&h).expect("a message");
    assert!(err, "shown as an error: {msg}");
    assert!(msg.contains("b2") || msg.contains("occupied"), "{msg}");

    // Hovering shows whether a face is a legal move through the cursor.
    let p = screen(&mut h, board.mesh().face_interior_point(face(&board, "b2")));
    h.hover_at(p);
    h.run_ok();
    assert_eq!(
        h.output().platform_output.cursor_icon,
        egui::CursorIcon::NotAllowed
    );
    let hover = h.state().ws.status.hover.clone().unwrap_or_default();
    assert!(hover.starts_with("b2"), "{hover}");
    let p = screen(&mut h, board.mesh().face_interior_point(face(&board, "a1")));
    h.hover_at(p);
    h.run_ok();
    assert_eq!(
        h.output().platform_output.cursor_icon,
        egui::CursorIcon::PointingHand
    );
    let hover = h.state().ws.status.hover.clone().unwrap_or_default();
    assert!(hover.contains("click to play a1"), "{hover}");
}

#[test]
fn show_legal_moves_marks_every_legal_target() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    click_labels(&mut h, &board, &["b2", "a1"]);
    assert!(h.state().play.marked_legal().is_empty());
    click_label(&mut h, "Show legal moves");
    let marked = h.state().play.marked_legal().to_vec();
    assert_eq!(marked, game(&h).legal_targets());
    assert_eq!(marked.len(), 7);
    assert!(!marked.contains(&face(&board, "b2")));
    click_label(&mut h, "Show legal moves");
    assert!(h.state().play.marked_legal().is_empty());
}

#[test]
fn loa_piece_is_selected_its_destinations_highlighted_and_moved() {
    let board = presets::lines_of_action();
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Lines of Action");
    assert!(has_text(&h, "Black to move"));
    // Black's piece on the first row, second column.
    let from = FaceId(1);
    assert_eq!(game(&h).piece_at(from), Some(0));
    click_face(&mut h, &board, from);
    assert_eq!(h.state().play.selected(), Some(from));
    let expected = game(&h).moves_from(from);
    assert!(!expected.is_empty());
    assert_eq!(h.state().play.destinations(), expected.as_slice());

    // Clicking somewhere that is not a destination deselects and says why.
    let empty_non_dest = board
        .mesh()
        .face_ids()
        .find(|&f| game(&h).piece_at(f).is_none() && !expected.contains(&f))
        .unwrap();
    click_face(&mut h, &board, empty_non_dest);
    assert_eq!(h.state().play.selected(), None);
    assert!(h.state().play.destinations().is_empty());
    assert_eq!(game(&h).ply(), 0, "nothing moved");
    assert!(message(&h).unwrap().1, "the reason is an error");

    // Select again and move to the first destination.
    click_face(&mut h, &board, from);
    let to = expected[0];
    click_face(&mut h, &board, to);
    let g = game(&h);
    assert_eq!(g.ply(), 1);
    assert_eq!(g.piece_at(to), Some(0));
    assert_eq!(g.piece_at(from), None);
    assert_eq!(h.state().play.selected(), None);
    assert!(has_text(&h, "White to move"));
    // The last move's faces are marked.
    let changed = sorted(h.state().play.scene().last_changed.clone());
    assert_eq!(changed, sorted(vec![from, to]));

    // Clicking one of the opponent's pieces while White is to move selects it;
    // clicking the selected piece again deselects.
    let white = board
        .mesh()
        .face_ids()
        .find(|&f| game(&h).piece_at(f) == Some(1) && !game(&h).moves_from(f).is_empty())
        .unwrap();
    click_face(&mut h, &board, white);
    assert_eq!(h.state().play.selected(), Some(white));
    click_face(&mut h, &board, white);
    assert_eq!(h.state().play.selected(), None);
}

#[test]
fn a_move_can_be_previewed_read_only_and_left_for_the_live_position() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    click_labels(&mut h, &board, &["a1", "b1", "c1"]);
    click_label(&mut h, "1. a1");
    assert_eq!(h.state().play.previewing(), Some(1));
    assert_eq!(h.state().play.scene().pieces.len(), 1);
    assert!(has_text(&h, "Previewing move 1"));
    // Clicking the board while previewing does not play.
    click_labels(&mut h, &board, &["c3"]);
    assert_eq!(game(&h).ply(), 3);
    assert!(message(&h).unwrap().1);
    click_label(&mut h, "Back to live");
    assert_eq!(h.state().play.previewing(), None);
    assert_eq!(h.state().play.scene().pieces.len(), 3);
    assert!(!has_text(&h, "Previewing move"));
    // Live again: clicks play.
    click_labels(&mut h, &board, &["c3"]);
    assert_eq!(game(&h).ply(), 4);
}

#[test]
fn takeback_and_redo_with_the_buttons_and_the_methods() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    click_labels(&mut h, &board, &["a1", "b2"]);
    click_label(&mut h, "Undo");
    assert_eq!(game(&h).history(), ["a1"]);
    assert!(has_text(&h, "Blue to move"));
    assert_eq!(h.state().play.scene().pieces.len(), 1);
    click_label(&mut h, "Redo");
    assert_eq!(game(&h).history(), ["a1", "b2"]);
    // Edit → Undo routes to these methods.
    {
        let app = h.state_mut();
        assert!(app.play.undo(&mut app.ws));
        assert!(app.play.undo(&mut app.ws));
        assert!(!app.play.undo(&mut app.ws), "nothing left");
        assert!(app.play.redo(&mut app.ws));
    }
    h.run_ok();
    assert_eq!(game(&h).history(), ["a1"]);
    // A different move replaces the redo list.
    click_labels(&mut h, &board, &["c3"]);
    assert_eq!(game(&h).recorded_history(), ["a1", "c3"]);
}

/// Where the move list's row labelled `label` is on screen.
fn move_row(h: &H, label: &str) -> egui::Rect {
    h.get_by_label(label).rect()
}

#[test]
fn the_move_list_follows_the_current_move_through_undo_and_redo() {
    let board = presets::hex(9);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    // Forty moves, row by row: more than the list has room for.
    let labels: Vec<String> = (0..40)
        .map(|i| format!("{}{}", (b'a' + (i % 9) as u8) as char, i / 9 + 1))
        .collect();
    let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
    click_labels(&mut h, &board, &refs);
    assert_eq!(game(&h).history().len(), 40);
    let bottom = SIZE[1] - 20.0;
    let list_top = move_row(&h, "0. start").bottom();
    let last = move_row(&h, "40. d5");
    assert!(
        last.bottom() <= bottom,
        "the last move is in view: {last:?}"
    );
    let first = move_row(&h, "1. a1");
    assert!(
        first.top() < list_top,
        "the list is longer than its room: its first rows are scrolled away ({first:?})"
    );
    // Thirty moves taken back: the current move (10. a2) is shown, not the
    // taken-back tail at the bottom of the list.
    for _ in 0..30 {
        click_label(&mut h, "Undo");
    }
    assert_eq!(game(&h).history().len(), 10);
    let current = move_row(&h, "10. a2");
    assert!(
        current.top() >= list_top && current.bottom() <= bottom,
        "the current move is in view: {current:?} (list from {list_top} to {bottom})"
    );
    // Redo all: the list follows to the end again.
    for _ in 0..30 {
        click_label(&mut h, "Redo");
    }
    let last = move_row(&h, "40. d5");
    assert!(
        last.top() >= list_top && last.bottom() <= bottom,
        "the last move is in view again: {last:?}"
    );
}

#[test]
fn resigning_asks_first_and_ends_the_game() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    click_labels(&mut h, &board, &["a1"]);
    click_label(&mut h, "Resign…");
    assert!(game(&h).outcome().is_none(), "only asks");
    click_label(&mut h, "Cancel");
    assert!(game(&h).outcome().is_none());
    click_label(&mut h, "Resign…");
    click_label(&mut h, "Yes, resign");
    let out = game(&h).outcome().expect("over");
    assert_eq!(out.winner, Some(0), "Blue was to move and resigned");
    assert!(has_text(&h, "Red wins"));
    assert!(has_text(&h, "Blue resigned"));
    // Undo withdraws the resignation.
    click_label(&mut h, "Undo");
    assert!(game(&h).outcome().is_none());
}

#[test]
fn games_are_saved_and_reopened_through_the_files_code_path() {
    let board = presets::hex(3);
    let (mut h, dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    click_labels(&mut h, &board, &["a1", "b1", "a2"]);
    let ron = dir.path().join("game.ron");
    let sgf = dir.path().join("game.sgf");
    {
        let app = h.state_mut();
        app.play.save_game_to(&mut app.ws, &ron).expect("saved RON");
        app.play.save_game_to(&mut app.ws, &sgf).expect("saved SGF");
    }
    let (msg, err) = message(&h).unwrap();
    assert!(!err && msg.contains("Saved"), "{msg}");

    for path in [&ron, &sgf] {
        let (mut h2, _d2) = harness(Some(presets::hex(5)));
        h2.key_press(egui::Key::Num2);
        h2.run_ok();
        {
            let app = h2.state_mut();
            app.play.open_game_from(&mut app.ws, path).expect("opened");
        }
        h2.run_ok();
        let g = game(&h2);
        assert_eq!(g.kind(), RulesKind::Hex);
        assert_eq!(g.history(), ["a1", "b1", "a2"], "{}", path.display());
        assert_eq!(g.board().face_count(), 9, "the game's own 3×3 board");
        assert!(has_text(&h2, "Blue to move"));
        // Play on from the reopened position.
        let b = g.board().as_ref().clone();
        click_labels(&mut h2, &b, &["b2", "a3"]);
        assert_eq!(game(&h2).outcome().map(|o| o.winner), Some(Some(0)));
    }

    // The code path File → Open uses hands the game to the panel.
    let Ok(Opened::Game(g, _)) = open_path(&ron) else {
        panic!("a game record")
    };
    let (mut h3, _d3) = harness(Some(presets::square_grid(2, 2)));
    {
        let app = h3.state_mut();
        app.play
            .set_game(g, boardwright::app::play::GameFrom::Unsaved);
    }
    h3.run_ok();
    assert_eq!(game(&h3).ply(), 3);

    // A board file is refused by Open game with a clear message, nothing changes.
    let board_file = dir.path().join("board.ron");
    boardwright::app::files::save_board(&presets::hex(4), &board_file).unwrap();
    let app = h3.state_mut();
    let e = app
        .play
        .open_game_from(&mut app.ws, &board_file)
        .unwrap_err();
    assert!(e.contains("holds a board"), "{e}");
    assert_eq!(app.play.game().map(|g| g.ply()), Some(3));
    assert!(app.ws.status.last_error().is_some());
}

#[test]
fn rules_that_cannot_run_on_the_board_are_disabled_with_the_reason() {
    let (mut h, _dir) = harness(Some(presets::hex(3)));
    h.key_press(egui::Key::Num2);
    h.run_ok();
    let node = h.get_by_label("TwixT");
    assert!(node.accesskit_node().is_disabled(), "TwixT is disabled");
    assert!(!h.get_by_label("Hex").accesskit_node().is_disabled());
    h.get_by_label("TwixT").hover();
    for _ in 0..4 {
        h.step();
    }
    assert!(
        has_text(&h, "TwixT cannot be played here"),
        "the tooltip gives the reason"
    );
    // Clicking the disabled choice does nothing.
    h.get_by_label("TwixT").click();
    h.run_ok();
    assert_eq!(h.state().play.setup.kind, RulesKind::Hex);
    let why = h
        .state_mut()
        .ws
        .board_fit()
        .unwrap()
        .plain(RulesKind::Twixt);
    assert!(why.unwrap_err().contains("TwixT needs"));
}

#[test]
fn a_game_starts_from_the_boards_start_pieces_and_boco_says_why_it_cannot() {
    // Hex 4×4 with two start pieces, as a designer puts them with the editor.
    let mut board = presets::hex(4);
    for (label, player) in [("b2", 0), ("c3", 1)] {
        let face = face(&board, label);
        boardwright::edit::apply(
            &mut board,
            &boardwright::edit::BoardEdit::SetStartPiece {
                face,
                player: Some(player),
            },
        )
        .unwrap();
    }
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    let g = game(&h);
    assert_eq!(g.piece_at(face(&board, "b2")), Some(0));
    assert_eq!(g.piece_at(face(&board, "c3")), Some(1));
    assert_eq!(
        (g.ply(), g.to_move()),
        (0, Some(0)),
        "Red to move, no move yet"
    );
    assert!(has_text(&h, "Hex · 0 moves played after 2 set-up pieces"));
    // A click on a start piece is refused like a click on any stone.
    click_face(&mut h, &board, face(&board, "b2"));
    assert_eq!(game(&h).ply(), 0);
    click_face(&mut h, &board, face(&board, "a1"));
    assert_eq!(game(&h).history(), ["a1"]);
    // The swap rule would take over a first stone that is not there.
    assert!(h.get_by_label("Swap rule").accesskit_node().is_disabled());
    h.get_by_label("Swap rule").hover();
    for _ in 0..4 {
        h.step();
    }
    assert!(
        has_text(&h, "this board has 2 start pieces"),
        "swap tooltip"
    );

    // Blender's export of a board with three start pieces: BOCO, which it
    // suits otherwise, cannot start from them and says so.
    let path = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/obj/blender-27x.obj"
    ));
    let board = boardwright::io::load_board(path).unwrap().board;
    let (mut h, _dir) = harness(Some(board));
    h.key_press(egui::Key::Num2);
    h.run_ok();
    assert!(h.get_by_label("BOCO").accesskit_node().is_disabled());
    h.get_by_label("BOCO").hover();
    for _ in 0..4 {
        h.step();
    }
    assert!(
        has_text(&h, "BOCO games cannot start from a set-up position"),
        "BOCO's tooltip"
    );
    new_game(&mut h, "Hex");
    assert_eq!(game(&h).history().len(), 0);
    let on_board = (0..16)
        .filter(|&i| game(&h).piece_at(FaceId(i)).is_some())
        .count();
    assert_eq!(on_board, 3);
}

#[test]
fn hex_on_a_board_where_it_may_end_in_a_draw_says_so_beside_its_name() {
    let (mut h, _dir) = harness(Some(presets::square_grid(4, 4)));
    h.key_press(egui::Key::Num2);
    h.run_ok();
    assert!(!h.get_by_label("Hex").accesskit_node().is_disabled());
    h.get_by_label("may draw").hover();
    for _ in 0..4 {
        h.step();
    }
    assert!(
        has_text(
            &h,
            "Hex may end in a draw on this board: four or more faces meet"
        ),
        "the tooltip gives the reason"
    );
    // Hexagons: nothing to say.
    let (mut h, _dir) = harness(Some(presets::hex(4)));
    h.key_press(egui::Key::Num2);
    h.run_ok();
    assert!(h.query_by_label("may draw").is_none());
}

/// A 3×3 board of squares whose corner squares are cut into two triangles each.
fn mixed_board() -> Board {
    let pts: Vec<Point> = (0..16)
        .map(|i| Point::new((i % 4) as f64, (i / 4) as f64))
        .collect();
    let p = |x: u32, y: u32| y * 4 + x;
    let mut faces: Vec<Vec<u32>> = vec![
        vec![p(1, 1), p(2, 1), p(2, 2), p(1, 2)], // centre
        vec![p(1, 0), p(2, 0), p(2, 1), p(1, 1)], // south
        vec![p(1, 2), p(2, 2), p(2, 3), p(1, 3)], // north
        vec![p(0, 1), p(1, 1), p(1, 2), p(0, 2)], // west
        vec![p(2, 1), p(3, 1), p(3, 2), p(2, 2)], // east
    ];
    for (x, y) in [(0, 0), (2, 0), (0, 2), (2, 2)] {
        faces.push(vec![p(x, y), p(x + 1, y), p(x + 1, y + 1)]);
        faces.push(vec![p(x, y), p(x + 1, y + 1), p(x, y + 1)]);
    }
    let mesh = Mesh::from_polygons(&pts, &faces).expect("valid board");
    let names = [
        "centre", "south", "north", "west", "east", "sw1", "sw2", "se1", "se2", "nw1", "nw2",
        "ne1", "ne2",
    ];
    boardwright::board::BoardBuilder::from_mesh(mesh)
        .faces(names.map(|n| boardwright::board::FaceData {
            label: n.into(),
            ..Default::default()
        }))
        .meta(boardwright::board::BoardMeta {
            name: "Mixed 3×3".into(),
            ..Default::default()
        })
        .build()
        .unwrap()
}

#[test]
fn boco_is_played_to_a_win_on_a_small_mixed_board() {
    let board = mixed_board();
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "BOCO");
    // Red surrounds Blue's centre piece; Blue answers in the corners.
    click_labels(
        &mut h,
        &board,
        &["south", "centre", "west", "sw1", "north", "nw1", "east"],
    );
    let g = game(&h);
    let out = g.outcome().expect("Red encircled the centre");
    assert_eq!(out.winner, Some(0));
    assert!(has_text(&h, "Red wins"));
    assert_eq!(out.evidence.faces, vec![face(&board, "centre")]);
    let ring = sorted(out.evidence.ring.clone());
    assert_eq!(
        ring,
        sorted(
            ["south", "north", "west", "east"]
                .map(|l| face(&board, l))
                .to_vec()
        )
    );
    assert_eq!(h.state().play.scene().outcome.as_ref(), Some(&out));
}

#[test]
fn twixt_pegs_link_and_border_rows_are_refused_to_the_opponent() {
    let board = presets::twixt(6);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "TwixT");
    // Red b2, Blue a3 (Blue's border column), Red c4: a knight's move from b2.
    click_labels(&mut h, &board, &["b2", "a3", "c4"]);
    let g = game(&h);
    assert_eq!(g.history(), ["b2", "a3", "c4"]);
    let links = h.state().play.scene().links.clone();
    assert_eq!(links.len(), 1, "b2–c4 linked");
    assert_eq!(links[0].2, 0);
    // Blue may not place in Red's border row.
    click_labels(&mut h, &board, &["c1"]);
    assert_eq!(game(&h).ply(), 3);
    let (msg, err) = message(&h).unwrap();
    assert!(err && msg.contains("border"), "{msg}");
}

#[test]
fn editing_the_board_during_a_game_offers_a_new_game_on_it() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    click_labels(&mut h, &board, &["a1"]);
    assert!(!has_text(&h, "The board has been edited"));
    h.state_mut()
        .ws
        .doc
        .apply(boardwright::edit::BoardEdit::SetKind {
            face: face(&board, "c3"),
            kind: boardwright::board::FaceKind::Blocked,
        })
        .unwrap();
    h.run_ok();
    assert!(has_text(&h, "The board has been edited"));
    assert_eq!(game(&h).ply(), 1, "the game goes on");
    click_label(&mut h, "New game on the edited board");
    click_label(&mut h, "Don't save");
    assert_eq!(game(&h).ply(), 0);
    assert_eq!(
        game(&h).board().faces().kinds()[face(&board, "c3").index()],
        boardwright::board::FaceKind::Blocked
    );
    assert!(!has_text(&h, "The board has been edited"));
}

#[test]
fn player_names_and_the_turn_indicator() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    h.state_mut().play.setup.names[0] = "Ann".into();
    new_game(&mut h, "Hex");
    assert_eq!(game(&h).players()[0], "Ann");
    assert!(has_text(&h, "Ann (Red) to move"));
    h.state_mut().play.setup.names[1] = "Bob".into();
    h.run_ok();
    assert_eq!(game(&h).players()[1], "Bob", "renaming applies to the game");
    click_labels(&mut h, &board, &["a1"]);
    assert!(has_text(&h, "Bob (Blue) to move"));
}

/// Choosing other rules in the setup is for the next game: the game on the
/// board keeps its players' names and colours (seen in the real window:
/// choosing Havannah during a Hex game turned its stones black and white,
/// its turn line into "Black (Red) to move", and its record's players into
/// Black and White).
#[test]
fn choosing_other_rules_leaves_the_game_s_names_and_colours() {
    let board = presets::hex(5);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    click_labels(&mut h, &board, &["c3"]);
    let hex_colours = h.state().play.colours();
    // A Havannah board in the editor while the game goes on.
    let havannah = RulesKind::Havannah
        .entry()
        .default_board
        .build(None)
        .unwrap();
    h.state_mut()
        .apply(boardwright::app::command::Command::ReplaceBoard {
            board: Box::new(havannah),
            path: None,
            dirty: false,
            message: String::new(),
        });
    h.run_ok();
    click_label(&mut h, "Havannah");
    h.run_ok();
    assert_eq!(game(&h).players(), &["Red".to_string(), "Blue".to_string()]);
    assert!(has_text(&h, "Blue to move"));
    assert!(
        !has_text(&h, "White (Blue)"),
        "the setup's White is not the game's"
    );
    assert_eq!(h.state().play.colours(), hex_colours);
    assert_ne!(h.state().play.setup.colours, hex_colours, "the next game's");
    // Named players stay themselves whatever is chosen. (Hex is greyed out
    // on the Havannah board: the setup is set as choosing it would.)
    h.state_mut().play.setup.choose(RulesKind::Hex);
    h.run_ok();
    assert_eq!(h.state().play.colours(), hex_colours);
    h.state_mut().play.setup.names[0] = "Ann".into();
    h.run_ok();
    assert_eq!(
        game(&h).players()[0],
        "Ann",
        "the setup shows the game's rules"
    );
    click_label(&mut h, "Havannah");
    h.state_mut().play.setup.names[1] = "Bob".into();
    h.run_ok();
    assert_eq!(game(&h).players()[1], "Blue", "Bob is the next game's");
    // The next game takes the setup's names and colours.
    click_label(&mut h, "New game");
    click_label(&mut h, "Don't save");
    assert_eq!(game(&h).kind(), RulesKind::Havannah);
    assert_eq!(game(&h).players(), &["Ann".to_string(), "Bob".to_string()]);
    assert_eq!(h.state().play.colours(), h.state().play.setup.colours);
    assert_ne!(h.state().play.colours(), hex_colours);
}

/// In Play before any game, a click on the board starts a game with the
/// setup's choices and plays there, as HexGui does (seen in the real window:
/// a first click on the board did nothing but point at New game).
#[test]
fn a_click_on_the_board_before_any_game_starts_one_and_plays_there() {
    let board = presets::hex(5);
    let (mut h, _dir) = harness(Some(board.clone()));
    h.key_press(egui::Key::Num2);
    h.run_ok();
    assert!(h.state().play.game().is_none());
    assert!(has_text(&h, "click the board to start one"));
    click_labels(&mut h, &board, &["c3"]);
    assert_eq!(game(&h).kind(), RulesKind::Hex);
    let moves: Vec<String> = game(&h).history().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["c3"]);
    click_labels(&mut h, &board, &["b4"]);
    assert_eq!(game(&h).ply(), 2, "the game goes on as any other");
}

#[test]
fn snapshot_of_a_hex_game_in_progress() {
    let board = presets::hex(5);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    click_labels(&mut h, &board, &["c3", "b4", "c2", "d2", "b3"]);
    click_label(&mut h, "Show legal moves");
    h.remove_cursor();
    h.run_ok();
    h.snapshot_options("play_hex", &snapshot_options());
}

#[test]
fn the_swap_rule_is_offered_as_a_button_after_the_first_move() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    h.key_press(egui::Key::Num2);
    h.run_ok();
    click_label(&mut h, "Swap rule");
    new_game(&mut h, "Hex");
    assert!(game(&h).options().swap);
    let swap_disabled = |h: &H| h.get_by_label("Swap").accesskit_node().is_disabled();
    assert!(swap_disabled(&h), "nothing to swap yet");
    click_labels(&mut h, &board, &["b1"]);
    click_label(&mut h, "Swap");
    let g = game(&h);
    assert_eq!(g.history(), ["b1", "swap"]);
    assert_eq!(g.to_move(), Some(0));
    // Red's stone on b1 became Blue's on the mirrored face a2.
    assert_eq!(g.piece_at(face(&board, "b1")), None);
    assert_eq!(g.piece_at(face(&board, "a2")), Some(1));
    assert!(swap_disabled(&h), "only once");
}

#[test]
fn a_swap_rule_the_board_cannot_mirror_is_disabled_with_the_reason() {
    // A face moved off the mirror line: Hex still runs, the swap rule cannot mirror.
    let mut board = presets::hex(3);
    let a2 = face(&board, "a2");
    boardwright::edit::apply(
        &mut board,
        &boardwright::edit::BoardEdit::SetCoord {
            face: a2,
            coord: Some(boardwright::board::GridCoord::new(7, 7)),
        },
    )
    .unwrap();
    let (mut h, _dir) = harness(Some(board));
    h.key_press(egui::Key::Num2);
    h.run_ok();
    assert!(!h.get_by_label("Hex").accesskit_node().is_disabled());
    assert!(h.get_by_label("Swap rule").accesskit_node().is_disabled());
    h.get_by_label("Swap rule").hover();
    for _ in 0..4 {
        h.step();
    }
    // The reason, with its arrow spelled in characters the UI font has.
    assert!(
        has_text(&h, "symmetric under (col, row) -> (row, col)"),
        "tooltip with the reason"
    );
    click_label(&mut h, "New game");
    assert!(!game(&h).options().swap);
}

/// The swap rule chosen before (on another board, or a game opened with it
/// in the last session) is greyed out and unticked on a board that cannot
/// mirror, and New game starts without it, as shown — not with an error
/// about a rule the window shows as off. The choice comes back on a board
/// that allows it.
#[test]
fn a_swap_choice_the_board_cannot_take_is_left_out_of_new_game_as_shown() {
    let mut board = presets::hex(5);
    let c1 = face(&board, "c1");
    boardwright::edit::apply(
        &mut board,
        &boardwright::edit::BoardEdit::SetKind {
            face: c1,
            kind: boardwright::board::FaceKind::Blocked,
        },
    )
    .unwrap();
    let (mut h, _dir) = harness(Some(board));
    h.state_mut().play.setup.swap = true;
    h.key_press(egui::Key::Num2);
    h.run_ok();
    assert!(h.get_by_label("Swap rule").accesskit_node().is_disabled());
    click_label(&mut h, "New game");
    let g = h.state().play.game().expect("the game started");
    assert!(!g.options().swap);
    let (msg, err) = message(&h).unwrap();
    assert!(!err && msg.starts_with("New game of Hex:"), "{msg}");
    // The face made a cell again: the swap rule is on again.
    h.state_mut()
        .ws
        .doc
        .apply(boardwright::edit::BoardEdit::SetKind {
            face: c1,
            kind: boardwright::board::FaceKind::Cell,
        })
        .unwrap();
    h.run_ok();
    assert!(!h.get_by_label("Swap rule").accesskit_node().is_disabled());
    click_label(&mut h, "New game");
    assert!(game(&h).options().swap);
}

/// A game saved as SGF when its rules have no SGF (BOCO; Hex has HexGui's,
/// Lines of Action boardspace's) is refused, and nothing is written.
#[test]
fn saving_a_game_as_sgf_its_rules_have_not_is_refused_and_writes_nothing() {
    let board = presets::boco();
    let (mut h, dir) = harness(Some(board.clone()));
    new_game(&mut h, "BOCO");
    click_face(&mut h, &board, FaceId(0));
    assert_eq!(game(&h).ply(), 1);
    let sgf = dir.path().join("boco.sgf");
    let app = h.state_mut();
    let e = app.play.save_game_to(&mut app.ws, &sgf).unwrap_err();
    assert!(!e.is_empty());
    assert!(!sgf.exists(), "no file written");
    let shown = app
        .ws
        .status
        .last_error()
        .expect("an error in the status bar");
    assert!(shown.contains("Could not save the game"), "{shown}");
    // The RON record works and reopens with the move.
    let ron = dir.path().join("boco.ron");
    app.play.save_game_to(&mut app.ws, &ron).unwrap();
    let Ok(Opened::Game(g, _)) = open_path(&ron) else {
        panic!("a game")
    };
    assert_eq!(g.history(), game(&h).history());
}

/// The extension typed in Save game picks the format. A name without one
/// is saved as a `.ron` record (it was written with no extension, so the
/// file dialogs' filters hid it), and an extension that is no game format is
/// refused with the formats the game has (a RON record was written into
/// `notes.txt`), nothing written.
#[test]
fn a_game_saved_without_an_extension_is_ron_and_one_with_an_unknown_extension_is_refused() {
    let board = presets::hex(5);
    let (mut h, dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    click_face(&mut h, &board, FaceId(12));
    let app = h.state_mut();
    app.play
        .save_game_to(&mut app.ws, &dir.path().join("mine"))
        .unwrap();
    let ron = dir.path().join("mine.ron");
    assert!(ron.exists() && !dir.path().join("mine").exists());
    let Ok(Opened::Game(g, _)) = open_path(&ron) else {
        panic!("a game")
    };
    assert_eq!(g.history(), game(&h).history());
    let app = h.state_mut();
    let txt = dir.path().join("notes.txt");
    let e = app.play.save_game_to(&mut app.ws, &txt).unwrap_err();
    assert!(
        e.contains(".txt is no game format (Hex games are saved as .ron, .sgf)"),
        "{e}"
    );
    assert!(!txt.exists(), "no file written");
    // Upper case names the format as well.
    app.play
        .save_game_to(&mut app.ws, &dir.path().join("LOUD.SGF"))
        .unwrap();
    let text = std::fs::read_to_string(dir.path().join("LOUD.SGF")).unwrap();
    assert!(text.starts_with("(;"), "{text}");
}

#[test]
fn a_big_board_is_checked_on_a_worker_while_the_window_goes_on() {
    // Seen in the real window: on a board of a million faces the Play tab stood
    // still for 11 s while every game's rules were tried on the board. Boards
    // above CHECKED_INLINE_UP_TO faces are now checked on a worker.
    use boardwright::app::command::Command;
    use boardwright::app::dialogs::Dialog;
    use boardwright::app::suitability::{CHECKED_INLINE_UP_TO, CHECKING};
    use boardwright::edit::{BoardEdit, apply};
    use std::time::{Duration, Instant};
    let wait = |h: &mut H| {
        let start = Instant::now();
        while h.state().ws.checking_board() || h.query_by_label(CHECKING).is_some() {
            assert!(
                start.elapsed() < Duration::from_secs(120),
                "the check never ended"
            );
            std::thread::sleep(Duration::from_millis(20));
            h.step();
        }
    };
    let status = |h: &H| {
        h.state()
            .ws
            .status
            .message
            .as_ref()
            .map_or(String::new(), |m| m.text.clone())
    };
    let board = presets::hex(150);
    assert!(board.face_count() > CHECKED_INLINE_UP_TO);
    // The check starts when the Play tab first shows the board. It waits a
    // little, as a million faces would take seconds, so that every frame
    // before the answer can be seen.
    let (mut h, dir) = harness(Some(board.clone()));
    h.state_mut()
        .ws
        .delay_board_checks(Duration::from_millis(500));
    h.key_press(egui::Key::Num2);
    h.step();
    assert_eq!(h.state().mode, Mode::Play);
    assert!(
        h.query_by_label(CHECKING).is_some(),
        "the panel says the board is being checked"
    );
    assert!(h.state().ws.checking_board(), "on a worker");
    assert!(
        h.query_by_label("New game").is_none(),
        "no game before it is known"
    );
    // A new game asked for meanwhile (as the New board window's "Create and
    // play" does) waits for the check instead of stopping the window.
    h.state_mut().ws.send(Command::NewGame(RulesKind::Hex));
    // Carried out at the end of a frame, and shown in the next.
    h.step();
    h.step();
    assert!(h.state().play.game().is_none());
    assert!(
        has_text(&h, "A game of Hex starts when it is done"),
        "the panel says what waits"
    );
    assert!(
        status(&h).contains("checking the board first"),
        "{}",
        status(&h)
    );
    // Frames go on while the worker checks; then the games are listed and
    // the game starts.
    wait(&mut h);
    assert!(!h.get_by_label("Hex").accesskit_node().is_disabled());
    assert!(h.get_by_label("TwixT").accesskit_node().is_disabled());
    assert_eq!(game(&h).kind(), RulesKind::Hex);
    // The Analyze tab asks the same check: known already.
    h.key_press(egui::Key::Num4);
    h.step();
    assert!(
        h.query_by_label(CHECKING).is_none(),
        "checked once for both tabs"
    );
    assert!(!h.get_by_label("Start").accesskit_node().is_disabled());
    // Opening a big board during the game asks about a new game on it once
    // its check is done; the window goes on meanwhile.
    let other = dir.path().join("hex-151.ron");
    boardwright::io::save_board(&presets::hex(151), &other).unwrap();
    h.key_press(egui::Key::Num2);
    h.step();
    h.state_mut().open_file(&other);
    h.step();
    assert!(h.state().dialog().is_none(), "not before the check");
    assert!(
        status(&h).contains("Checking which games suit"),
        "{}",
        status(&h)
    );
    wait(&mut h);
    h.step();
    assert!(matches!(h.state().dialog(), Some(Dialog::NewGameOn { .. })));
    assert!(
        status(&h).contains("Checked Hex 151×151: Hex and BOCO can be played on it"),
        "{}",
        status(&h)
    );
    click_label(&mut h, "Yes");
    assert_eq!(game(&h).board().face_count(), 151 * 151);
    // An edit is a new revision: the Analyze tab waits for its check.
    h.key_press(egui::Key::Num4);
    h.step();
    let mut meta = h.state().ws.doc.board().meta().clone();
    meta.description = "edited".into();
    h.state_mut()
        .ws
        .doc
        .apply(BoardEdit::SetMeta(meta))
        .unwrap();
    h.step();
    assert!(
        h.query_by_label(CHECKING).is_some(),
        "the balance lab says the board is being checked"
    );
    assert!(h.get_by_label("Start").accesskit_node().is_disabled());
    wait(&mut h);
    assert!(!h.get_by_label("Start").accesskit_node().is_disabled());
    // A big board that names its game: that game is chosen once the check
    // (started when the Play tab first shows the board) says it can be
    // played there.
    let mut named = board;
    let mut meta = named.meta().clone();
    meta.suggested_rules = vec!["boco".into()];
    apply(&mut named, &BoardEdit::SetMeta(meta)).unwrap();
    let (mut h, _dir) = harness(Some(named));
    h.key_press(egui::Key::Num2);
    h.step();
    wait(&mut h);
    assert_eq!(h.state().play.setup.kind, RulesKind::Boco);
    click_label(&mut h, "New game");
    assert_eq!(game(&h).kind(), RulesKind::Boco);
}

#[test]
fn save_picture_draws_the_position_shown_in_the_players_colours() {
    use boardwright::app::AppOptions;
    use boardwright::app::command::Command;
    use boardwright::app::file_dialog::{FileChooser, Purpose};
    use std::sync::{Arc, Mutex};
    let board = presets::hex(3);
    let files = tempfile::tempdir().unwrap();
    // The dialog is answered with a name without an extension: .svg is added.
    let answer = files.path().join("position");
    let asked = Arc::new(Mutex::new(Vec::new()));
    let chooser = {
        let (answer, asked) = (answer.clone(), asked.clone());
        FileChooser::new(move |q| {
            assert_eq!(q.purpose, Purpose::Save);
            asked
                .lock()
                .unwrap()
                .push(q.file_name.clone().unwrap_or_default());
            Some(answer.clone())
        })
    };
    let (mut h, _dir) = harness_opts(AppOptions {
        board: Some(board.clone()),
        file_chooser: Some(chooser),
        ..Default::default()
    });
    new_game(&mut h, "Hex");
    // Red's pieces in a colour the players chose.
    h.state_mut().play.setup.colours[0] = egui::Color32::from_rgb(0x00, 0xc8, 0x00);
    click_labels(&mut h, &board, &["a1", "b1", "a2", "b2", "a3"]);
    click_label(&mut h, "Save picture…");
    let out = answer.with_extension("svg");
    let svg = std::fs::read_to_string(&out).expect("the picture is written");
    assert_eq!(asked.lock().unwrap().as_slice(), ["hex-move-5.svg"]);
    let group = |svg: &str, id: &str| -> Option<String> {
        svg.split(&format!("<g id=\"{id}\""))
            .nth(1)
            .and_then(|rest| rest.split("</g>").next())
            .map(str::to_string)
    };
    let pieces = group(&svg, "pieces").unwrap();
    assert_eq!(pieces.matches("fill=\"#00c800\"").count(), 3, "{pieces}");
    assert_eq!(pieces.matches("fill=\"#2b5fc8\"").count(), 2, "{pieces}");
    assert_eq!(
        group(&svg, "evidence").unwrap().matches("<polygon").count(),
        3,
        "the winning chain a1-a2-a3 in gold"
    );
    assert_eq!(
        group(&svg, "last-move").unwrap().matches("<circle").count(),
        1
    );
    assert!(svg.contains("after 5 moves: Red wins"), "{svg}");
    assert!(
        message(&h)
            .unwrap()
            .0
            .contains("Saved a picture of the position after 5 moves"),
        "{:?}",
        message(&h)
    );
    // A previewed position is drawn as shown: after 2 moves, no win yet.
    h.state_mut().apply(Command::Preview(Some(2)));
    h.run_ok();
    click_label(&mut h, "Save picture…");
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_eq!(asked.lock().unwrap().last().unwrap(), "hex-move-2.svg");
    assert_eq!(group(&svg, "pieces").unwrap().matches("<circle").count(), 2);
    assert!(group(&svg, "evidence").is_none());
    assert!(svg.contains("after 2 moves: Red to move"), "{svg}");
    let ring = group(&svg, "last-move").unwrap();
    assert_eq!(
        ring.matches("<circle").count(),
        1,
        "b1, Blue's move, ringed"
    );
    // A folder that is not there: a clear error, nothing written, the last
    // picture kept.
    let nowhere = files.path().join("gone").join("p.svg");
    let e = {
        let app = h.state_mut();
        app.play.save_picture_to(&mut app.ws, &nowhere).unwrap_err()
    };
    assert!(e.starts_with("Could not save the picture to"), "{e}");
    assert!(e.contains("gone"), "{e}");
    assert!(!nowhere.exists());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), svg);
    assert!(h.state().ws.status.last_error().is_some());
}

/// Long player names never widen the game panel over the board: the line
/// under the moves that says who resigned ("… (Blue) resigned") wraps, and
/// the clock's names are cut beside the time (they pushed the panel 9 px
/// wider). Seen in the real window: a 38-character name pushed the board's
/// area 105 px over the panel.
#[test]
fn long_player_names_never_widen_the_game_panel_over_the_board() {
    let board = presets::hex(5);
    let (mut h, _d) = harness(Some(board.clone()));
    h.state_mut().play.setup.clock.on = true;
    new_game(&mut h, "Hex");
    click_labels(&mut h, &board, &["c3"]);
    h.state_mut()
        .apply(boardwright::app::command::Command::Resign);
    h.run_ok();
    let before = h.state_mut().play.canvas_mut().last_rect().unwrap();
    let long = "The computer across the table, patient";
    h.state_mut().play.setup.names = [long.into(), long.into()];
    h.run_ok();
    h.run_ok();
    let after = h.state_mut().play.canvas_mut().last_rect().unwrap();
    assert_eq!(after, before, "the board's area keeps its size");
    assert_eq!(after.max.x, 960.0, "up to the game panel");
    // The line under the moves names the long name, within the panel.
    let ending = h.get_by_label_contains("(Blue) resigned");
    let r = ending.rect();
    assert!(r.min.x >= 960.0 && r.max.x <= 1200.0, "{r:?}");
}

/// Lines of Action reads no side: the tagged sides of its board are drawn in
/// the edges' colour, not in the players' black and white as if they were
/// goals (seen in the real window).
#[test]
fn loa_sides_are_not_drawn_as_goals() {
    let (mut h, _dir) = harness(Some(presets::lines_of_action()));
    h.key_press(egui::Key::Num2);
    h.run_ok();
    assert_eq!(h.state().play.setup.kind.name(), "loa");
    let style = h.state_mut().play.canvas_mut().style.clone();
    assert_eq!(style.sides, [style.edge; 4], "before New game");
    new_game(&mut h, "Lines of Action");
    h.run_ok();
    let style = h.state_mut().play.canvas_mut().style.clone();
    assert_eq!(style.sides, [style.edge; 4], "during the game");
}

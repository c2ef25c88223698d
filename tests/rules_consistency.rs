//! The generic consistency suite on every game this branch provides, on standard
//! and custom boards.

use boardwright::board::{Board, BoardBuilder, FaceData, FaceKind, GridCoord, grid_label};
use boardwright::edit::{self, BoardEdit};
use boardwright::mesh::{Mesh, Point};
use boardwright::presets;
use boardwright::rules::Repetition;
use boardwright::rules::boco::Boco;
use boardwright::rules::hex::Hex;
use boardwright::rules::loa::Loa;
use boardwright::rules::testing::{PositionReport, check_consistency, check_positions};
use boardwright::rules::twixt::Twixt;
use std::sync::Arc;

/// A 4×4 board of squares and triangle pairs (mixed face shapes).
fn mixed_board() -> Board {
    let n = 4;
    let mut pts = Vec::new();
    for y in 0..=n {
        for x in 0..=n {
            pts.push(Point::new(x as f64, y as f64));
        }
    }
    let id = |x: u32, y: u32| y * (n + 1) + x;
    let mut faces = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let (a, b, cc, d) = (id(c, r), id(c + 1, r), id(c + 1, r + 1), id(c, r + 1));
            if (c + r) % 2 == 0 {
                faces.push(vec![a, b, cc, d]);
            } else {
                faces.push(vec![a, b, cc]);
                faces.push(vec![a, cc, d]);
            }
        }
    }
    BoardBuilder::from_mesh(Mesh::from_polygons(&pts, &faces).unwrap())
        .faces((0..faces.len()).map(|i| FaceData {
            label: format!("f{i}").into(),
            ..FaceData::default()
        }))
        .build()
        .unwrap()
}

/// Hex 6×6 with three blocked cells: an irregular custom board that keeps its
/// four side tags.
fn irregular_hex() -> Board {
    let mut b = presets::hex(6);
    let blocked: Vec<BoardEdit> = ["c3", "d4", "b5"]
        .into_iter()
        .map(|l| BoardEdit::SetKind {
            face: b.face_by_label(l).unwrap(),
            kind: FaceKind::Blocked,
        })
        .collect();
    edit::apply_all(&mut b, blocked).unwrap();
    b
}

/// A 6×6 square grid with a 2×2 hole in the middle.
fn holed_grid() -> Board {
    let (w, h) = (6i32, 6i32);
    let mut pts = Vec::new();
    for y in 0..=h {
        for x in 0..=w {
            pts.push(Point::new(x as f64, y as f64));
        }
    }
    let id = |x: i32, y: i32| (y * (w + 1) + x) as u32;
    let mut faces = Vec::new();
    let mut coords = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if (2..4).contains(&c) && (2..4).contains(&r) {
                continue;
            }
            faces.push(vec![id(c, r), id(c + 1, r), id(c + 1, r + 1), id(c, r + 1)]);
            coords.push((c, r));
        }
    }
    BoardBuilder::from_mesh(Mesh::from_polygons(&pts, &faces).unwrap())
        .faces(coords.iter().map(|&(c, r)| FaceData {
            label: grid_label(c as u32, r as u32).into(),
            coord: Some(GridCoord::new(c, r)),
            ..FaceData::default()
        }))
        .build()
        .unwrap()
}

#[test]
fn hex_11x11() {
    check_consistency(&Hex::new(Arc::new(presets::hex(11)), false).unwrap(), 10, 1);
}

#[test]
fn hex_with_swap() {
    check_consistency(&Hex::new(Arc::new(presets::hex(5)), true).unwrap(), 20, 2);
}

#[test]
fn hex_on_custom_boards() {
    check_consistency(&Hex::new(Arc::new(irregular_hex()), false).unwrap(), 10, 3);
    // Square grid with direction tags: a custom board where draws are impossible
    // but the geometry differs from the rhombus.
    check_consistency(
        &Hex::new(Arc::new(presets::square_grid(5, 4)), false).unwrap(),
        10,
        4,
    );
}

#[test]
fn boco_square_grid() {
    check_consistency(
        &Boco::new(Arc::new(presets::square_grid(6, 6))).unwrap(),
        10,
        5,
    );
}

#[test]
fn boco_hex_board() {
    check_consistency(&Boco::new(Arc::new(presets::hex(6))).unwrap(), 10, 6);
}

#[test]
fn boco_mixed_and_holed_boards() {
    check_consistency(&Boco::new(Arc::new(mixed_board())).unwrap(), 15, 7);
    check_consistency(&Boco::new(Arc::new(holed_grid())).unwrap(), 10, 8);
}

/// The holed 6×6 grid with a Lines of Action start: Black on the top and bottom
/// rows, White on the left and right columns (corners empty).
fn holed_loa() -> Board {
    let mut b = holed_grid();
    let mut pieces = Vec::new();
    for f in b.mesh().face_ids() {
        let c = b.coord(f).unwrap();
        let edge_row = c.row == 0 || c.row == 5;
        let edge_col = c.col == 0 || c.col == 5;
        let player = if edge_row && !edge_col {
            Some(0)
        } else if edge_col && !edge_row {
            Some(1)
        } else {
            None
        };
        if player.is_some() {
            pieces.push(BoardEdit::SetStartPiece { face: f, player });
        }
    }
    edit::apply_all(&mut b, pieces).unwrap();
    b
}

#[test]
fn twixt_standard_and_small_with_swap() {
    check_consistency(&Twixt::standard(24, false).unwrap(), 2, 11);
    check_consistency(&Twixt::standard(8, true).unwrap(), 10, 12);
    check_consistency(
        &Twixt::standard(6, false).unwrap().with_dead_draw(true),
        20,
        15,
    );
}

#[test]
fn loa_standard() {
    check_consistency(
        &Loa::new(Arc::new(presets::lines_of_action())).unwrap(),
        5,
        13,
    );
}

#[test]
fn loa_on_a_custom_board_with_a_hole() {
    check_consistency(&Loa::new(Arc::new(holed_loa())).unwrap(), 5, 14);
}

/// Placement games never see a position twice; their keys must still identify
/// equal positions, which different move orders reach.
fn placement_keys(report: PositionReport) {
    assert!(report.transpositions > 0, "{report:?}");
    assert_eq!(report.recurrences, 0, "{report:?}");
    assert_eq!(report.repetition_draws, 0, "{report:?}");
}

#[test]
fn hex_positions_are_identified_by_their_keys() {
    let b = presets::hex(5);
    placement_keys(check_positions(
        &Hex::new(Arc::new(b.clone()), true).unwrap(),
        b.face_count(),
        30,
        21,
    ));
    let b = irregular_hex();
    placement_keys(check_positions(
        &Hex::new(Arc::new(b.clone()), false).unwrap(),
        b.face_count(),
        10,
        22,
    ));
}

#[test]
fn twixt_positions_are_identified_by_their_keys() {
    for (n, swap, dead) in [(8, true, true), (7, false, false)] {
        let t = Twixt::standard(n, swap).unwrap().with_dead_draw(dead);
        placement_keys(check_positions(&t, t.board().face_count(), 15, 23));
    }
}

#[test]
fn boco_positions_are_identified_by_their_keys() {
    for b in [presets::square_grid(5, 5), mixed_board(), holed_grid()] {
        let n = b.face_count();
        placement_keys(check_positions(&Boco::new(Arc::new(b)).unwrap(), n, 10, 24));
    }
}

#[test]
fn loa_positions_reached_twice_draw() {
    for (board, rule) in [
        (presets::lines_of_action(), Repetition::Second),
        (presets::lines_of_action(), Repetition::Third),
        (holed_loa(), Repetition::Second),
    ] {
        let n = board.face_count();
        let loa = Loa::new(Arc::new(board)).unwrap().with_repetition(rule);
        let report = check_positions(&loa, n, 10, 25);
        assert!(report.cycles > 0, "{rule:?}: {report:?}");
        assert!(report.repetition_draws > 0, "{rule:?}: {report:?}");
    }
}

/// Random games through the string interface, saved as RON records and loaded
/// again: identical history, pieces, legal moves and outcome at the end.
#[test]
fn random_games_survive_a_record_round_trip() {
    use boardwright::game::record::{replay, save_record};
    use boardwright::game::{RulesKind, new_game};
    use boardwright::io::record::GameRecord;
    use boardwright::rules::GameOptions;
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let cases = [
        (RulesKind::Hex, presets::hex(7), true),
        (RulesKind::Hex, irregular_hex(), false),
        (RulesKind::Boco, presets::square_grid(6, 6), false),
        (RulesKind::Boco, mixed_board(), false),
        (RulesKind::Boco, holed_grid(), false),
        (RulesKind::Twixt, presets::twixt(8), true),
        (RulesKind::Loa, presets::lines_of_action(), false),
        (RulesKind::Loa, holed_loa(), false),
        (
            RulesKind::Y,
            RulesKind::Y.entry().default_board.build(Some(5)).unwrap(),
            true,
        ),
        (
            RulesKind::Havannah,
            RulesKind::Havannah
                .entry()
                .default_board
                .build(Some(4))
                .unwrap(),
            true,
        ),
    ];
    for (kind, board, swap) in cases {
        for _ in 0..3 {
            let mut g = new_game(
                kind,
                Arc::new(board.clone()),
                &GameOptions {
                    swap,
                    ..GameOptions::default()
                },
            )
            .unwrap();
            loop {
                let legal = g.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.random_range(0..legal.len())].clone();
                g.play_str(&m).unwrap();
            }
            assert!(g.outcome().is_some());
            let record = GameRecord::from_ron(&save_record(g.as_ref())).unwrap();
            let back = replay(&record, None).unwrap();
            assert_eq!(back.history(), g.history());
            assert_eq!(back.outcome(), g.outcome());
            for f in g.board().mesh().face_ids() {
                assert_eq!(back.piece_at(f), g.piece_at(f));
            }
        }
    }
}

/// Block the faces with these labels.
fn block(b: &mut Board, labels: &[&str]) {
    let edits: Vec<BoardEdit> = labels
        .iter()
        .map(|l| BoardEdit::SetKind {
            face: b.face_by_label(l).unwrap(),
            kind: FaceKind::Blocked,
        })
        .collect();
    edit::apply_all(b, edits).unwrap();
}

fn tiled(
    tiling: boardwright::tiling::TilingKind,
    shape: boardwright::tiling::ShapeKind,
    n: u32,
) -> Board {
    let mut p = boardwright::tiling::TilingParams::new(tiling);
    p.shape = boardwright::tiling::ShapeSpec::new(shape, n);
    boardwright::tiling::build(&p).unwrap()
}

#[test]
fn y_on_triangles_with_and_without_swap() {
    use boardwright::rules::y::Y;
    use boardwright::tiling::{ShapeKind, TilingKind};
    let hexagons = tiled(TilingKind::Hexagonal, ShapeKind::Triangle, 7);
    check_consistency(&Y::new(Arc::new(hexagons), false).unwrap(), 10, 21);
    let small = tiled(TilingKind::Hexagonal, ShapeKind::Triangle, 4);
    check_consistency(&Y::new(Arc::new(small), true).unwrap(), 20, 22);
    // Triangles: another adjacency, the same rules.
    let triangles = tiled(TilingKind::Triangular, ShapeKind::Triangle, 5);
    check_consistency(&Y::new(Arc::new(triangles), false).unwrap(), 10, 23);
    let mut holed = tiled(TilingKind::Hexagonal, ShapeKind::Triangle, 7);
    block(&mut holed, &["b2", "c3", "b4"]);
    check_consistency(&Y::new(Arc::new(holed), false).unwrap(), 10, 24);
}

#[test]
fn havannah_on_hexagons_with_and_without_swap() {
    use boardwright::rules::havannah::Havannah;
    use boardwright::tiling::{ShapeKind, TilingKind};
    let base5 = tiled(TilingKind::Hexagonal, ShapeKind::Hexagon, 5);
    check_consistency(&Havannah::new(Arc::new(base5), false).unwrap(), 10, 25);
    let base4 = tiled(TilingKind::Hexagonal, ShapeKind::Hexagon, 4);
    check_consistency(&Havannah::new(Arc::new(base4), true).unwrap(), 20, 26);
}

#[test]
fn havannah_on_other_tilings_and_with_blocked_faces() {
    use boardwright::rules::havannah::Havannah;
    use boardwright::tiling::{ShapeKind, TilingKind};
    // Six faces meet at every vertex of the triangular tiling, four at the
    // square tiling's: rings there must be closed chains.
    for (tiling, n) in [
        (TilingKind::Triangular, 3),
        (TilingKind::Rhombitrihexagonal, 3),
        (TilingKind::Trihexagonal, 3),
    ] {
        let b = tiled(tiling, ShapeKind::Hexagon, n);
        let rules = Havannah::new(Arc::new(b), false).unwrap_or_else(|e| panic!("{tiling:?}: {e}"));
        check_consistency(&rules, 8, 27);
    }
    let mut b = tiled(TilingKind::Hexagonal, ShapeKind::Hexagon, 5);
    block(&mut b, &["e5", "c4", "f3"]);
    check_consistency(&Havannah::new(Arc::new(b), false).unwrap(), 10, 28);
}

/// Every position the placement games play is set up again from its stones
/// (`Rules::set_up`, what a board's start pieces and a record's set-up
/// stones go through) and compared with the one played: pieces, player to
/// move, legal moves, result, key and outcome. Y and Havannah keys are
/// checked as Hex's are.
#[test]
fn placement_games_set_up_every_position_they_play() {
    use boardwright::rules::havannah::Havannah;
    use boardwright::rules::y::Y;
    use boardwright::tiling::{ShapeKind, TilingKind};
    let b = presets::hex(5);
    let r = check_positions(
        &Hex::new(Arc::new(b.clone()), true).unwrap(),
        b.face_count(),
        10,
        31,
    );
    assert!(r.set_ups > 100, "{r:?}");
    let mut holed = tiled(TilingKind::Hexagonal, ShapeKind::Triangle, 6);
    block(&mut holed, &["b2", "c3"]);
    for (b, swap) in [
        (tiled(TilingKind::Hexagonal, ShapeKind::Triangle, 5), true),
        (tiled(TilingKind::Triangular, ShapeKind::Triangle, 5), false),
        (holed, false),
    ] {
        let r = check_positions(
            &Y::new(Arc::new(b.clone()), swap).unwrap(),
            b.face_count(),
            10,
            32,
        );
        assert!(r.set_ups > 100, "{r:?}");
        placement_keys(r);
    }
    let mut blocked = tiled(TilingKind::Hexagonal, ShapeKind::Hexagon, 5);
    block(&mut blocked, &["e5", "c4", "f3"]);
    for (b, swap) in [
        (tiled(TilingKind::Hexagonal, ShapeKind::Hexagon, 4), true),
        (tiled(TilingKind::Triangular, ShapeKind::Hexagon, 3), false),
        (blocked, false),
    ] {
        let r = check_positions(
            &Havannah::new(Arc::new(b.clone()), swap).unwrap(),
            b.face_count(),
            10,
            33,
        );
        assert!(r.set_ups > 100, "{r:?}");
        placement_keys(r);
    }
    // Games that cannot start from a set-up position compare none.
    let t = Twixt::standard(6, false).unwrap();
    assert_eq!(
        check_positions(&t, t.board().face_count(), 2, 34).set_ups,
        0
    );
}

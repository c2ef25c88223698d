//! Every board operator applied as one undoable edit
//! ([`BoardEdit::ReplaceBoard`]): undo restores the board exactly, redo gives
//! exactly the operator's result, and the history names the operator.

use boardwright::board::Board;
use boardwright::edit::{self, BoardEdit, History};
use boardwright::mesh::{FaceId, Point};
use boardwright::ops::clip::{ClipParams, clip};
use boardwright::ops::dual::{DualParams, dual};
use boardwright::ops::hole::{HoleParams, hole};
use boardwright::ops::merge::{MergeParams, merge};
use boardwright::ops::mirror::{MirrorParams, mirror};
use boardwright::ops::relabel::{RelabelParams, relabel};
use boardwright::ops::rotate::{RotateParams, rotate};
use boardwright::ops::scale::{ScaleParams, scale};
use boardwright::ops::subdivide::{SubdivideMode, SubdivideParams, subdivide};
use boardwright::ops::symmetric::{SymmetricParams, Symmetry, symmetric_copy};
use boardwright::ops::{KeepRule, OpError, OpResult, Outline};
use boardwright::tiling::{self, ShapeKind, ShapeSpec, TilingKind, TilingParams};

fn tiling_board(kind: TilingKind, shape: ShapeKind, n: u32) -> Board {
    let mut p = TilingParams::new(kind);
    p.shape = ShapeSpec::new(shape, n);
    tiling::build(&p).unwrap()
}

/// A square board with a start piece, a custom label and a region of two faces, so
/// that every operator has data to keep or drop.
fn start_board() -> Board {
    let mut b = tiling_board(TilingKind::Square, ShapeKind::Rectangle, 4);
    let f = |i: u32| FaceId(i);
    edit::apply_all(
        &mut b,
        [
            BoardEdit::SetRegion {
                face: f(0),
                region: Some(1),
            },
            BoardEdit::SetRegion {
                face: f(1),
                region: Some(1),
            },
            BoardEdit::SetLabel {
                face: f(0),
                label: "corner".into(),
            },
            BoardEdit::SetStartPiece {
                face: f(5),
                player: Some(0),
            },
        ],
    )
    .unwrap();
    b
}

/// A triangle in the board's middle covering some faces.
fn middle_outline(b: &Board) -> Outline {
    let bb = b.mesh().bbox();
    let c = bb.center();
    let r = bb.width().min(bb.height()) * 0.3;
    Outline::polygon(vec![
        c + Point::new(-r, -r),
        c + Point::new(r, -r),
        c + Point::new(0.0, r),
    ])
    .unwrap()
}

/// Every operator, by name, with parameters that make it change the board.
fn operators(b: &Board) -> Vec<(&'static str, Result<OpResult, OpError>)> {
    let o = middle_outline(b);
    vec![
        ("dual", dual(b, &DualParams)),
        (
            "subdivide into triangles",
            subdivide(
                b,
                &SubdivideParams {
                    mode: SubdivideMode::Triangles,
                },
            ),
        ),
        (
            "subdivide into quads",
            subdivide(
                b,
                &SubdivideParams {
                    mode: SubdivideMode::Quads,
                },
            ),
        ),
        ("merge by region", merge(b, &MergeParams { regions: None })),
        (
            "clip",
            clip(
                b,
                &ClipParams {
                    outline: o.clone(),
                    rule: KeepRule::Centroid,
                    retag: true,
                },
            ),
        ),
        (
            "hole",
            hole(
                b,
                &HoleParams {
                    outline: o,
                    rule: KeepRule::Centroid,
                },
            ),
        ),
        (
            "mirror",
            mirror(
                b,
                &MirrorParams {
                    degrees: 30.0,
                    through: None,
                },
            ),
        ),
        (
            "rotate",
            rotate(
                b,
                &RotateParams {
                    degrees: 45.0,
                    about: Some(Point::new(1.0, 2.0)),
                },
            ),
        ),
        (
            "scale",
            scale(
                b,
                &ScaleParams {
                    x: 2.0,
                    y: 0.5,
                    about: None,
                },
            ),
        ),
        (
            "symmetric copy (mirror)",
            symmetric_copy(
                b,
                &SymmetricParams {
                    symmetry: Symmetry::Mirror { degrees: 90.0 },
                    through: None,
                },
            ),
        ),
        ("relabel by rows", relabel(b, &RelabelParams::Rows)),
        (
            "relabel by rings",
            relabel(b, &RelabelParams::Rings { about: None }),
        ),
    ]
}

#[test]
fn every_operator_undoes_to_the_exact_board_and_redoes_to_its_result() {
    let original = start_board();
    for (name, result) in operators(&original) {
        let result = result.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(result.board != original, "{name} changed nothing");
        let mut board = original.clone();
        let mut h = History::default();
        h.apply(
            &mut board,
            BoardEdit::ReplaceBoard {
                board: Box::new(result.board.clone()),
                what: name,
            },
        )
        .unwrap();
        assert!(board == result.board, "{name}: applied");
        assert_eq!(h.undo_label(), Some(name));
        assert_eq!(h.undo_len(), 1, "{name}: one undo step");
        assert!(h.undo(&mut board));
        assert!(board == original, "{name}: undo");
        assert_eq!(h.redo_label(), Some(name));
        assert!(h.redo(&mut board).unwrap());
        assert!(board == result.board, "{name}: redo");
        assert!(h.undo(&mut board));
        assert!(board == original, "{name}: second undo");
        assert!(board.validate().is_ok());
    }
}

#[test]
fn operators_chain_and_undo_step_by_step_between_ordinary_edits() {
    let original = tiling_board(TilingKind::Hexagonal, ShapeKind::Hexagon, 3);
    let mut board = original.clone();
    let mut h = History::default();
    let mut states = vec![board.clone()];
    let r = dual(&board, &DualParams).unwrap();
    h.apply(
        &mut board,
        BoardEdit::ReplaceBoard {
            board: Box::new(r.board),
            what: "dual",
        },
    )
    .unwrap();
    states.push(board.clone());
    h.apply(
        &mut board,
        BoardEdit::SetLabel {
            face: FaceId(0),
            label: "centre".into(),
        },
    )
    .unwrap();
    states.push(board.clone());
    let r = rotate(
        &board,
        &RotateParams {
            degrees: 90.0,
            about: None,
        },
    )
    .unwrap();
    h.apply(
        &mut board,
        BoardEdit::ReplaceBoard {
            board: Box::new(r.board),
            what: "rotate",
        },
    )
    .unwrap();
    states.push(board.clone());
    // Undo everything, checking each state on the way back, then redo it all.
    for want in states.iter().rev().skip(1) {
        assert!(h.undo(&mut board));
        assert!(&board == want, "undo chain");
    }
    assert!(board == original, "all undone");
    for want in states.iter().skip(1) {
        assert!(h.redo(&mut board).unwrap());
        assert!(&board == want, "undo/redo chain");
    }
    assert!(h.heap_bytes() > 0);
}

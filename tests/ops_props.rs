//! Property tests of the board operators on random tilings, shapes and
//! outlines: the dual of the dual is the interior with the same adjacency,
//! subdivision keeps the area, and clip, hole and symmetric copy keep the
//! board valid.

use boardwright::board::Board;
use boardwright::mesh::spatial::FaceIndex;
use boardwright::mesh::{FaceId, Point};
use boardwright::ops::clip::{ClipParams, clip};
use boardwright::ops::dual::{DualParams, dual};
use boardwright::ops::hole::{HoleParams, hole};
use boardwright::ops::subdivide::{SubdivideMode, SubdivideParams, subdivide};
use boardwright::ops::symmetric::{SymmetricParams, Symmetry, symmetric_copy};
use boardwright::ops::{KeepRule, OpError, Outline};
use boardwright::tiling::{self, ShapeKind, ShapeSpec, TILINGS, TilingParams};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// A random tiling in a random shape (no polygon shapes: those come from `outline`).
fn board() -> impl Strategy<Value = Board> {
    (0..TILINGS.len(), 0..5usize, 2..5u32, any::<bool>()).prop_map(|(t, s, n, inside)| {
        let info = &TILINGS[t];
        let kind = info.shapes[s % info.shapes.len()];
        let kind = if kind == ShapeKind::Polygon {
            info.default_shape
        } else {
            kind
        };
        let mut p = TilingParams::new(info.kind);
        p.shape = ShapeSpec::new(kind, n);
        p.shape.rule = if inside && info.kind != tiling::TilingKind::Polar {
            KeepRule::Inside
        } else {
            KeepRule::Centroid
        };
        tiling::build(&p)
            .or_else(|_| {
                p.shape.rule = KeepRule::Centroid;
                tiling::build(&p)
            })
            .unwrap()
    })
}

/// A random star-shaped outline around the board's middle, scaled to it.
fn outline(b: &Board, radii: &[f64], turn: f64) -> Outline {
    let bb = b.mesh().bbox();
    let c = bb.center();
    let r = bb.width().max(bb.height()) / 2.0;
    let k = radii.len();
    let pts = radii
        .iter()
        .enumerate()
        .map(|(i, &f)| {
            let a = turn + std::f64::consts::TAU * i as f64 / k as f64;
            c + Point::new(a.cos(), a.sin()) * (r * f)
        })
        .collect();
    Outline::polygon(pts).unwrap()
}

/// Faces all of whose corners are interior vertices.
fn interior(b: &Board) -> Vec<FaceId> {
    b.mesh()
        .face_ids()
        .filter(|&f| {
            b.mesh()
                .face_vertices(f)
                .all(|v| !b.mesh().is_boundary_vertex(v))
        })
        .collect()
}

fn edge_pairs(
    b: &Board,
    faces: &[FaceId],
    name: impl Fn(FaceId) -> usize,
) -> BTreeSet<(usize, usize)> {
    let set: BTreeSet<FaceId> = faces.iter().copied().collect();
    let mut out = BTreeSet::new();
    for &f in faces {
        for g in b.mesh().adjacent_faces(f) {
            if set.contains(&g) {
                let (x, y) = (name(f), name(g));
                out.insert((x.min(y), x.max(y)));
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn dual_of_dual_is_the_interior_with_the_same_adjacency(b in board()) {
        let inner = interior(&b);
        let d = match dual(&b, &DualParams) {
            Ok(d) => d.board,
            Err(OpError::NoInteriorVertex) => return Ok(()),
            Err(e) => return Err(TestCaseError::fail(e.to_string())),
        };
        d.validate().unwrap();
        let dd = match dual(&d, &DualParams) {
            Ok(dd) => dd.board,
            Err(OpError::NoInteriorVertex) => {
                prop_assert!(inner.is_empty());
                return Ok(());
            }
            Err(e) => return Err(TestCaseError::fail(e.to_string())),
        };
        dd.validate().unwrap();
        prop_assert_eq!(dd.face_count(), inner.len());
        // Each interior face's centroid lies in exactly the dual-dual face made for it.
        let index = FaceIndex::build(dd.mesh());
        let mut image = vec![usize::MAX; b.face_count()];
        let mut hit = BTreeSet::new();
        for &f in &inner {
            let g = index.locate(dd.mesh(), b.mesh().face_centroid(f));
            prop_assert!(g.is_some(), "no face over {}", b.face_name(f));
            image[f.index()] = g.unwrap().index();
            hit.insert(g.unwrap());
        }
        prop_assert_eq!(hit.len(), inner.len());
        let all: Vec<FaceId> = dd.mesh().face_ids().collect();
        prop_assert_eq!(
            edge_pairs(&b, &inner, |f| image[f.index()]),
            edge_pairs(&dd, &all, |f| f.index())
        );
    }

    #[test]
    fn subdivision_keeps_the_area_and_the_tags(b in board(), quads in any::<bool>()) {
        let mode = if quads { SubdivideMode::Quads } else { SubdivideMode::Triangles };
        let r = subdivide(&b, &SubdivideParams { mode }).unwrap().board;
        r.validate().unwrap();
        let (before, after) = (b.mesh().total_area(), r.mesh().total_area());
        prop_assert!((before - after).abs() <= 1e-9 * before, "{before} → {after}");
        prop_assert_eq!(r.face_count(), b.mesh().face_ids().map(|f| b.mesh().face_degree(f)).sum::<usize>());
        prop_assert_eq!(r.tagged_sides(), b.tagged_sides());
    }

    #[test]
    fn clip_and_hole_keep_the_board_valid(
        b in board(),
        radii in prop::collection::vec(0.2..1.1f64, 3..9),
        turn in 0.0..6.3f64,
        inside in any::<bool>(),
        retag in any::<bool>(),
    ) {
        let o = outline(&b, &radii, turn);
        let rule = if inside { KeepRule::Inside } else { KeepRule::Centroid };
        match clip(&b, &ClipParams { outline: o.clone().with_polygon_tags().unwrap_or(o.clone()), rule, retag }) {
            Ok(r) => {
                r.board.validate().unwrap();
                prop_assert!(r.board.face_count() <= b.face_count());
            }
            Err(OpError::NothingInside { .. }) => {}
            Err(e) => return Err(TestCaseError::fail(e.to_string())),
        }
        match hole(&b, &HoleParams { outline: o, rule }) {
            Ok(r) => {
                r.board.validate().unwrap();
                prop_assert!(r.board.face_count() < b.face_count());
                let removed = b.face_count() - r.board.face_count();
                let want = format!("removed {} face", removed);
                prop_assert!(r.notes[0].contains(&want), "{:?}", r.notes);
            }
            Err(OpError::HoleRemovesAll | OpError::HoleRemovesNothing { .. }) => {}
            Err(e) => return Err(TestCaseError::fail(e.to_string())),
        }
    }

    #[test]
    fn symmetric_copies_are_valid_or_refused(b in board(), degrees in 0.0..180.0f64, n in 2..7u32) {
        // A mirror line touching the board: always a valid copy.
        let m = symmetric_copy(&b, &SymmetricParams { symmetry: Symmetry::Mirror { degrees }, through: None });
        let m = m.map_err(|e| TestCaseError::fail(e.to_string()))?;
        m.board.validate().unwrap();
        prop_assert_eq!(m.board.face_count(), 2 * b.face_count());
        prop_assert!((m.board.mesh().total_area() - 2.0 * b.mesh().total_area()).abs() < 1e-6 * b.mesh().total_area());
        // Rotating about the board's middle makes copies overlap: refused.
        let c = b.mesh().face_centroid(FaceId(0));
        match symmetric_copy(&b, &SymmetricParams { symmetry: Symmetry::Rotate { n }, through: Some(c) }) {
            Err(OpError::Overlap { .. }) => {}
            other => return Err(TestCaseError::fail(format!("{other:?}"))),
        }
    }
}

/// Rotating a wedge of the polar tiling (a sector of rings) about the middle
/// rebuilds the whole board.
#[test]
fn rotated_wedges_weld_into_a_disc() {
    let mut p = TilingParams::new(tiling::TilingKind::Polar);
    p.shape = ShapeSpec::new(ShapeKind::Disc, 3);
    p.polar.sectors = vec![6];
    p.polar.centre = false;
    let full = tiling::build(&p).unwrap();
    // Keep the sixth of the disc between 0° and 60°.
    let wedge = Outline::polygon(vec![
        Point::new(0.0, 0.0),
        Point::new(10.0, 0.0),
        Point::new(5.0, 10.0 * 3f64.sqrt() / 2.0),
    ])
    .unwrap();
    let w = clip(
        &full,
        &ClipParams {
            outline: wedge,
            rule: KeepRule::Centroid,
            retag: false,
        },
    )
    .unwrap()
    .board;
    assert_eq!(w.face_count(), 3);
    let r = symmetric_copy(
        &w,
        &SymmetricParams {
            symmetry: Symmetry::Rotate { n: 6 },
            through: Some(Point::new(0.0, 0.0)),
        },
    )
    .unwrap();
    r.board.validate().unwrap();
    assert_eq!(r.board.face_count(), full.face_count());
    assert_eq!(r.board.mesh().vertex_count(), full.mesh().vertex_count());
    assert_eq!(r.board.mesh().boundary_loops().len(), 1);
    assert!((r.board.mesh().total_area() - full.mesh().total_area()).abs() < 1e-9);
}

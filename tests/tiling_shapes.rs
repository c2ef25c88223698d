//! Every tiling in every shape it comes in builds a valid board with the
//! expected faces, labels and side tags.

use boardwright::board::{Board, SideTag};
use boardwright::mesh::Point;
use boardwright::ops::KeepRule;
use boardwright::tiling::{
    self, ShapeKind, ShapeSpec, TILINGS, TilingError, TilingKind, TilingParams,
};

fn make(t: TilingKind, kind: ShapeKind, n: u32) -> Board {
    let mut p = TilingParams::new(t);
    p.shape = ShapeSpec::new(kind, n);
    if kind == ShapeKind::Polygon {
        p.shape = ShapeSpec::polygon(vec![
            Point::new(-3.0, -2.0),
            Point::new(9.0, -1.0),
            Point::new(7.0, 8.0),
            Point::new(2.0, 5.0),
            Point::new(-2.0, 7.0),
        ]);
    }
    tiling::build(&p).unwrap_or_else(|e| panic!("{t:?} {kind:?} {n}: {e}"))
}

/// Faces by number of sides, as a sorted list of (sides, count).
fn hist(b: &Board) -> Vec<(usize, usize)> {
    b.mesh.face_degree_histogram()
}

#[test]
fn every_tiling_in_every_shape_is_valid() {
    for info in TILINGS {
        for &kind in info.shapes {
            for n in [1, 2, 3, 5] {
                let b = make(info.kind, kind, n);
                b.validate()
                    .unwrap_or_else(|e| panic!("{} {kind:?} {n}: {e}", info.name));
                assert!(b.face_count() > 0);
                // Convex shapes give one piece without holes: no gaps between tiles.
                if kind != ShapeKind::Polygon {
                    let loops = b.mesh.boundary_loops();
                    assert_eq!(
                        loops.iter().filter(|l| l.is_hole()).count(),
                        0,
                        "{} {kind:?} {n}: a hole (tiles not welded?)",
                        info.name
                    );
                }
                assert!(
                    b.faces.label.iter().all(|l| !l.is_empty()),
                    "{} {kind:?} {n}: unlabelled faces",
                    info.name
                );
            }
        }
    }
}

fn count_sides(b: &Board, sides: usize) -> usize {
    b.mesh
        .face_ids()
        .filter(|&f| b.mesh.face_degree(f) == sides)
        .count()
}

#[test]
fn face_counts_follow_the_formulas() {
    use ShapeKind::*;
    use TilingKind::*;
    for n in 1..=6u32 {
        let (n_, m) = (n as usize, n as usize - 1);
        let hexhex = 3 * n_ * (n_ - 1) + 1;
        // Square and hexagonal grids.
        assert_eq!(hist(&make(Square, Rectangle, n)), vec![(4, n_ * n_)]);
        assert_eq!(hist(&make(Hexagonal, Rhombus, n)), vec![(6, n_ * n_)]);
        assert_eq!(hist(&make(Hexagonal, Hexagon, n)), vec![(6, hexhex)]);
        assert_eq!(
            hist(&make(Hexagonal, Triangle, n)),
            vec![(6, n_ * (n_ + 1) / 2)]
        );
        assert_eq!(make(Brick, Rhombus, n).face_count(), n_ * n_);
        // Triangles through the lattice's vertices.
        assert_eq!(hist(&make(Triangular, Triangle, n)), vec![(3, n_ * n_)]);
        assert_eq!(hist(&make(Triangular, Rhombus, n)), vec![(3, 2 * n_ * n_)]);
        assert_eq!(hist(&make(Triangular, Hexagon, n)), vec![(3, 6 * n_ * n_)]);
        // 4.8.8 in an n×n square: n² octagons and the (n − 1)² squares between them.
        let b = make(TruncatedSquare, Rectangle, n);
        assert_eq!((count_sides(&b, 8), count_sides(&b, 4)), (n_ * n_, m * m));
        // Hexagons of the triangular-lattice tilings: hexhex primary cells, a
        // secondary tile per lattice triangle (6(n − 1)²) or per lattice edge
        // (9(n − 1)² + 3(n − 1)).
        let edges = 9 * m * m + 3 * m;
        let b = make(Trihexagonal, Hexagon, n);
        assert_eq!(hist(&b), without_zero(vec![(3, 6 * m * m), (6, hexhex)]));
        let b = make(TruncatedHexagonal, Hexagon, n);
        assert_eq!(hist(&b), without_zero(vec![(3, 6 * m * m), (12, hexhex)]));
        let b = make(Rhombitrihexagonal, Hexagon, n);
        assert_eq!(
            hist(&b),
            without_zero(vec![(3, 6 * m * m), (4, edges), (6, hexhex)])
        );
        let b = make(TruncatedTrihexagonal, Hexagon, n);
        assert_eq!(
            hist(&b),
            without_zero(vec![(4, edges), (6, 6 * m * m), (12, hexhex)])
        );
        // Polar: a centre cell and rings of 6, 12, 18, … sectors.
        assert_eq!(make(Polar, Disc, n).face_count(), 1 + 3 * n_ * (n_ + 1));
    }
    let b = make(Cairo, Rectangle, 4);
    assert_eq!(hist(&b), vec![(5, b.face_count())]);
    // 3.3.3.4.4 in 6×6: square rows of 6 and 5 (shifted by half a square)
    // with 6 + 5 triangles between each two.
    let b = make(ElongatedTriangular, Rectangle, 6);
    assert_eq!(
        (count_sides(&b, 3), count_sides(&b, 4)),
        (5 * 11, 3 * 6 + 3 * 5)
    );
    // Rectangles W×H.
    let mut p = TilingParams::new(Square);
    p.shape = ShapeSpec::new(Rectangle, 7);
    p.shape.height = 3;
    assert_eq!(tiling::build(&p).unwrap().face_count(), 21);
    // Shifted rows alternate W and W − 1 cells.
    p.tiling = Hexagonal;
    assert_eq!(tiling::build(&p).unwrap().face_count(), 7 + 6 + 7);
}

fn without_zero(v: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    v.into_iter().filter(|&(_, n)| n > 0).collect()
}

/// The faces around every interior vertex, in order, match the tiling's vertex
/// configuration (e.g. 3.3.4.3.4), up to rotation and reflection.
#[test]
fn interior_vertices_have_the_tilings_configuration() {
    for info in TILINGS.iter().filter(|t| !t.notation.is_empty()) {
        let want: Vec<usize> = info
            .notation
            .split('.')
            .map(|x| x.parse().unwrap())
            .collect();
        let b = make(info.kind, ShapeKind::Rectangle, 5);
        let mut interior = 0;
        for v in b.mesh.vertex_ids() {
            if b.mesh.is_boundary_vertex(v) {
                continue;
            }
            interior += 1;
            let got: Vec<usize> = b
                .mesh
                .vertex_faces(v)
                .map(|f| b.mesh.face_degree(f))
                .collect();
            let k = want.len();
            let matches = got.len() == k
                && (0..k).any(|r| {
                    (0..k).all(|i| got[(i + r) % k] == want[i])
                        || (0..k).all(|i| got[(r + k - i) % k] == want[i])
                });
            assert!(matches, "{}: a vertex with faces {got:?}", info.name);
        }
        assert!(
            interior > 10,
            "{}: only {interior} interior vertices",
            info.name
        );
    }
}

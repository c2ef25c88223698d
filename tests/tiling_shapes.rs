//! Every tiling in every shape it comes in builds a valid board with the
//! expected faces, labels and side tags.

use boardwright::board::{Board, SideTag};
use boardwright::game::RulesKind;
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
    b.mesh().face_degree_histogram()
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
                    let loops = b.mesh().boundary_loops();
                    assert_eq!(
                        loops.iter().filter(|l| l.is_hole()).count(),
                        0,
                        "{} {kind:?} {n}: a hole (tiles not welded?)",
                        info.name
                    );
                }
                assert!(
                    b.faces().labels().iter().all(|l| !l.is_empty()),
                    "{} {kind:?} {n}: unlabelled faces",
                    info.name
                );
            }
        }
    }
}

fn count_sides(b: &Board, sides: usize) -> usize {
    b.mesh()
        .face_ids()
        .filter(|&f| b.mesh().face_degree(f) == sides)
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
        for v in b.mesh().vertex_ids() {
            if b.mesh().is_boundary_vertex(v) {
                continue;
            }
            interior += 1;
            let got: Vec<usize> = b
                .mesh()
                .vertex_faces(v)
                .map(|f| b.mesh().face_degree(f))
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

fn labels_on(b: &Board, t: SideTag) -> Vec<String> {
    let mut v: Vec<String> = b
        .faces_on_side(t)
        .iter()
        .map(|&f| b.label(f).to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn shapes_tag_their_sides() {
    // Rhombus and rectangle: bottom, right, top, left with n faces each.
    for (t, kind) in [
        (TilingKind::Hexagonal, ShapeKind::Rhombus),
        (TilingKind::Brick, ShapeKind::Rhombus),
        (TilingKind::Square, ShapeKind::Rectangle),
    ] {
        let b = make(t, kind, 5);
        for side in SideTag::ALL {
            assert_eq!(b.faces_on_side(side).len(), 5, "{t:?} {kind:?} {side:?}");
        }
        assert_eq!(b.tagged_sides(), SideTag::ALL.to_vec());
    }
    let r = make(TilingKind::Hexagonal, ShapeKind::Rhombus, 4);
    assert_eq!(labels_on(&r, SideTag::Bottom), ["a1", "b1", "c1", "d1"]);
    assert_eq!(labels_on(&r, SideTag::Left), ["a1", "a2", "a3", "a4"]);
    assert_eq!(r.meta().suggested_rules, ["hex", "boco"]);
    // The board names first the game the new-board wizard suggests for it
    // (a hexagon of hexagons named only BOCO, so Play and Analyze chose BOCO
    // on the board made for Havannah).
    for info in TILINGS {
        let t = info.kind;
        for &shape in info.shapes {
            let mut p = TilingParams::new(t);
            p.shape = ShapeSpec::new(shape, 4);
            let Ok(b) = tiling::build(&p) else {
                continue;
            };
            let wizard = boardwright::app::new_board::suggested_game(shape, t);
            if let Some(g) = wizard {
                assert_eq!(b.meta().suggested_rules[0], g.name(), "{t:?} {shape:?}");
            }
            assert!(b.meta().suggested_rules.contains(&"boco".to_string()));
            // Every name is a game, so the wizard's suggestion is never lost.
            for n in &b.meta().suggested_rules {
                RulesKind::by_name(n).unwrap();
            }
            // The wizard suggests Y on any triangle, Havannah on a hexagon of
            // hexagons, Hex on a hexagonal rhombus, nothing elsewhere.
            let expected = match (shape, t) {
                (ShapeKind::Triangle, _) => Some(RulesKind::Y),
                (ShapeKind::Hexagon, TilingKind::Hexagonal) => Some(RulesKind::Havannah),
                (ShapeKind::Rhombus, TilingKind::Hexagonal) => Some(RulesKind::Hex),
                _ => None,
            };
            assert_eq!(wizard, expected, "{t:?} {shape:?}");
        }
    }
    // A triangle: three sides, the corner faces on two each.
    let t = make(TilingKind::Hexagonal, ShapeKind::Triangle, 5);
    assert_eq!(
        t.tagged_sides(),
        [SideTag::Bottom, SideTag::Left, SideTag::Right]
    );
    for side in t.tagged_sides() {
        assert_eq!(t.faces_on_side(side).len(), 5);
    }
    // A hexagon: six numbered sides of n − 2 faces between six corner faces.
    let h = make(TilingKind::Hexagonal, ShapeKind::Hexagon, 4);
    let sides: Vec<SideTag> = (1..=6).map(|k| SideTag::side(k).unwrap()).collect();
    let corners: Vec<SideTag> = (1..=6).map(|k| SideTag::corner(k).unwrap()).collect();
    assert_eq!(h.tagged_sides(), [sides.clone(), corners.clone()].concat());
    let mut corner_faces = Vec::new();
    for (s, c) in sides.iter().zip(&corners) {
        assert_eq!(h.faces_on_side(*s).len(), 2);
        assert_eq!(h.faces_on_side(*c).len(), 1);
        corner_faces.extend(h.faces_on_side(*c));
        // Corner k is where side k starts: its face touches side k's first face.
        let cf = h.faces_on_side(*c)[0];
        assert_eq!(
            h.mesh().adjacent_faces(cf).count(),
            3,
            "corner cells have 3 neighbours"
        );
    }
    corner_faces.sort();
    corner_faces.dedup();
    assert_eq!(corner_faces.len(), 6);
    // Side 1 is the bottom side.
    let bottom = h.faces_on_side(sides[0]);
    let lowest = h
        .mesh()
        .face_ids()
        .map(|f| h.mesh().face_centroid(f).y)
        .fold(f64::MAX, f64::min);
    assert!(
        bottom
            .iter()
            .all(|&f| (h.mesh().face_centroid(f).y - lowest).abs() < 1e-9)
    );
    // Discs have no sides; a pentagon outline tags side1 … side5.
    assert!(
        make(TilingKind::Square, ShapeKind::Disc, 4)
            .tagged_sides()
            .is_empty()
    );
    let p = make(TilingKind::Square, ShapeKind::Polygon, 1);
    assert_eq!(p.tagged_sides(), sides[..5].to_vec());
}

#[test]
fn triangles_match_the_triangle_preset() {
    for n in [1, 4, 8] {
        let t = make(TilingKind::Triangular, ShapeKind::Triangle, n);
        let p = boardwright::presets::triangle_grid(n);
        assert_eq!(t.faces(), p.faces(), "labels and coordinates, n = {n}");
        for f in p.mesh().face_ids() {
            let a: Vec<Point> = t.mesh().face_points(f).collect();
            let b: Vec<Point> = p.mesh().face_points(f).collect();
            assert_eq!(a.len(), b.len());
            for (x, y) in a.iter().zip(&b) {
                assert!(x.distance(*y) < 1e-9, "n = {n}, face {f:?}");
            }
        }
        for side in SideTag::ALL {
            assert_eq!(
                labels_on(&t, side),
                labels_on(&p, side),
                "n = {n}, {side:?}"
            );
        }
    }
}

#[test]
fn bricks_connect_like_hexagons() {
    let n = 6;
    let h = make(TilingKind::Hexagonal, ShapeKind::Rhombus, n);
    let b = make(TilingKind::Brick, ShapeKind::Rhombus, n);
    let neighbours = |x: &Board| {
        let mut v: Vec<(String, Vec<String>)> = x
            .mesh()
            .face_ids()
            .map(|f| {
                let mut ns: Vec<String> = x
                    .mesh()
                    .adjacent_faces(f)
                    .map(|g| x.label(g).to_string())
                    .collect();
                ns.sort();
                (x.label(f).to_string(), ns)
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(neighbours(&h), neighbours(&b));
}

#[test]
fn the_inside_rule_keeps_only_whole_tiles() {
    for info in TILINGS {
        for &kind in info.shapes.iter().filter(|&&k| k != ShapeKind::Polygon) {
            let mut p = TilingParams::new(info.kind);
            p.shape = ShapeSpec::new(kind, 4);
            let centroid = tiling::build(&p).unwrap();
            p.shape.rule = KeepRule::Inside;
            match tiling::build(&p) {
                Ok(inside) => {
                    inside.validate().unwrap();
                    assert!(
                        inside.face_count() <= centroid.face_count(),
                        "{} {kind:?}",
                        info.name
                    );
                }
                Err(TilingError::NothingInside { .. }) => {}
                Err(e) => panic!("{} {kind:?}: {e}", info.name),
            }
        }
    }
    // Shapes through the lattice's vertices hold whole triangles only.
    let mut p = TilingParams::new(TilingKind::Triangular);
    p.shape = ShapeSpec::new(ShapeKind::Hexagon, 3);
    p.shape.rule = KeepRule::Inside;
    assert_eq!(tiling::build(&p).unwrap().face_count(), 54);
    // Hexagons overhang the outline of their centres: fewer kept.
    let mut p = TilingParams::new(TilingKind::Hexagonal);
    p.shape = ShapeSpec::new(ShapeKind::Hexagon, 4);
    p.shape.rule = KeepRule::Inside;
    assert!(tiling::build(&p).unwrap().face_count() < 37);
}

#[test]
fn polar_options() {
    let mut p = TilingParams::new(TilingKind::Polar);
    p.shape = ShapeSpec::new(ShapeKind::Disc, 3);
    let b = tiling::build(&p).unwrap();
    assert_eq!(b.label(boardwright::mesh::FaceId(0)), "a1");
    assert_eq!(
        b.face_by_label("f2").map(|f| b.mesh().face_degree(f) >= 4),
        Some(true)
    );
    assert_eq!(b.face_by_label("g2"), None);
    assert!(b.face_by_label("r4").is_some());
    // The centre cell touches all six cells of ring 1 (two sides each: the
    // circle has a corner every 30°).
    let mut ring1: Vec<_> = b
        .mesh()
        .adjacent_faces(boardwright::mesh::FaceId(0))
        .collect();
    assert_eq!(ring1.len(), 12);
    ring1.dedup();
    assert_eq!(ring1.len(), 6);
    // Constant sectors, pie slices in the middle.
    p.polar.sectors = vec![8];
    p.polar.centre = false;
    let pie = tiling::build(&p).unwrap();
    pie.validate().unwrap();
    assert_eq!(pie.face_count(), 24);
    assert_eq!(pie.mesh().boundary_loops().len(), 1);
    // One count per ring.
    p.polar.sectors = vec![3, 7, 12];
    assert_eq!(tiling::build(&p).unwrap().face_count(), 22);
    p.polar.sectors = vec![3, 7];
    assert!(matches!(tiling::build(&p), Err(TilingError::BadOption(_))));
    p.polar.sectors = vec![2];
    assert!(matches!(tiling::build(&p), Err(TilingError::BadOption(_))));
    // Relabelling by rings gives the same labels.
    p.polar = Default::default();
    let b = tiling::build(&p).unwrap();
    let r = boardwright::ops::relabel::relabel(
        &b,
        &boardwright::ops::relabel::RelabelParams::Rings {
            about: Some(Point::new(0.0, 0.0)),
        },
    )
    .unwrap();
    assert_eq!(r.board.faces().labels(), b.faces().labels());
}

#[test]
fn errors_are_precise() {
    assert_eq!(
        TilingKind::by_name("4.8.8").unwrap(),
        TilingKind::TruncatedSquare
    );
    assert_eq!(TilingKind::by_name("HEX").unwrap(), TilingKind::Hexagonal);
    let e = TilingKind::by_name("penrose").unwrap_err().to_string();
    assert!(
        e.contains("unknown tiling 'penrose'") && e.contains("cairo"),
        "{e}"
    );
    let mut p = TilingParams::new(TilingKind::Polar);
    p.shape = ShapeSpec::new(ShapeKind::Rectangle, 3);
    let e = tiling::build(&p).unwrap_err().to_string();
    assert_eq!(
        e,
        "the polar tiling does not come as a rectangle (shapes: disc)"
    );
    let mut p = TilingParams::new(TilingKind::Square);
    p.shape.size = 0;
    assert_eq!(
        tiling::build(&p).unwrap_err(),
        TilingError::Size {
            what: "size",
            size: 0,
            max: 1000
        }
    );
    let mut big = TilingParams::new(TilingKind::TruncatedTrihexagonal);
    big.shape = ShapeSpec::new(ShapeKind::Hexagon, 1000);
    let e = tiling::build(&big).unwrap_err().to_string();
    assert!(
        e.starts_with("the board would have about 1")
            && e.ends_with("more than the 1000000 a tiling may make"),
        "{e}"
    );
    p.shape = ShapeSpec::new(ShapeKind::Polygon, 1);
    assert_eq!(tiling::build(&p).unwrap_err(), TilingError::NoPolygon);
    p.shape.polygon = vec![
        Point::new(0.0, 0.0),
        Point::new(1.0, 1.0),
        Point::new(2.0, 2.0),
    ];
    assert!(
        tiling::build(&p)
            .unwrap_err()
            .to_string()
            .contains("zero area")
    );
    p.shape.polygon = vec![
        Point::new(0.1, 0.1),
        Point::new(0.2, 0.1),
        Point::new(0.2, 0.2),
    ];
    assert!(matches!(
        tiling::build(&p),
        Err(TilingError::NothingInside { .. })
    ));
}

#[test]
fn numbered_tags_survive_ron_and_bad_numbers_are_refused() {
    use boardwright::io::{Format, Limits, board_to_string, ron::read_ron};
    let h = make(TilingKind::Hexagonal, ShapeKind::Hexagon, 3);
    let text = board_to_string(&h, Format::Ron).unwrap();
    let back = read_ron(text.as_bytes(), &Limits::default()).unwrap().board;
    assert_eq!(back.tagged_sides(), h.tagged_sides());
    for t in h.tagged_sides() {
        assert_eq!(back.faces_on_side(t), h.faces_on_side(t), "{t:?}");
    }
    let bad = text.replacen("side(1)", "side(13)", 1);
    let e = read_ron(bad.as_bytes(), &Limits::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("side or corner number 13 is out of range (1 to 12)"),
        "{e}"
    );
    // Four-sided boards are written exactly as before.
    let hex =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/boards/hex-11.ron")).unwrap();
    assert_eq!(
        board_to_string(&boardwright::presets::hex(11), Format::Ron).unwrap(),
        hex
    );
}

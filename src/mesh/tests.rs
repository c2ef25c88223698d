//! Unit tests of the builder, the traversals and validation.

use super::*;

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

/// W×H unit squares, faces row by row.
fn grid(w: u32, h: u32, skip: &[(u32, u32)]) -> Mesh {
    let mut pos = Vec::new();
    for y in 0..=h {
        for x in 0..=w {
            pos.push(p(x as f64, y as f64));
        }
    }
    let id = |x: u32, y: u32| y * (w + 1) + x;
    let mut faces = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if !skip.contains(&(x, y)) {
                faces.push(vec![id(x, y), id(x + 1, y), id(x + 1, y + 1), id(x, y + 1)]);
            }
        }
    }
    Mesh::from_polygons(&pos, &faces).unwrap()
}

#[test]
fn single_square() {
    let m = grid(1, 1, &[]);
    m.validate().unwrap();
    assert_eq!(
        (m.vertex_count(), m.edge_count(), m.face_count()),
        (4, 4, 1)
    );
    assert_eq!(m.euler_characteristic(), 1);
    let loops = m.boundary_loops();
    assert_eq!(loops.len(), 1);
    assert!(!loops[0].is_hole());
    assert_eq!(m.face_area(FaceId(0)), 1.0);
    assert_eq!(m.face_centroid(FaceId(0)), p(0.5, 0.5));
    let vs: Vec<u32> = m.face_vertices(FaceId(0)).map(|v| v.0).collect();
    assert_eq!(vs, [0, 1, 3, 2]);
}

#[test]
fn grid_with_hole() {
    let m = grid(3, 3, &[(1, 1)]);
    m.validate().unwrap();
    assert_eq!(m.face_count(), 8);
    assert_eq!(m.euler_characteristic(), 0);
    let loops = m.boundary_loops();
    assert_eq!(loops.len(), 2);
    assert_eq!(loops.iter().filter(|l| l.is_hole()).count(), 1);
    let hole = loops.iter().find(|l| l.is_hole()).unwrap();
    assert_eq!(hole.darts.len(), 4);
    assert_eq!(hole.signed_area, 1.0);
    // Corner face has 2 edge neighbours and 3 vertex neighbours... minus the hole.
    let mut out = Vec::new();
    m.faces_sharing_vertex(FaceId(0), &mut out);
    assert_eq!(out.len(), 2); // (1,0) and (0,1); (1,1) is the hole
    let mut out = Vec::new();
    m.faces_sharing_vertex(FaceId(1), &mut out); // (1,0): neighbours (0,0),(2,0),(0,1),(2,1)
    assert_eq!(out.len(), 4);
}

#[test]
fn interior_vertex_ring_and_neighbours() {
    let m = grid(3, 3, &[]);
    m.validate().unwrap();
    // Vertex (1,1) has index 5: four edges, four faces.
    let v = VertexId(5);
    assert_eq!(m.vertex_edges(v).count(), 4);
    let mut fs: Vec<u32> = m.vertex_faces(v).map(|f| f.0).collect();
    fs.sort();
    assert_eq!(fs, [0, 1, 3, 4]);
    // Centre face: 4 edge neighbours, 8 vertex neighbours.
    assert_eq!(m.adjacent_faces(FaceId(4)).count(), 4);
    let mut out = Vec::new();
    m.faces_sharing_vertex(FaceId(4), &mut out);
    assert_eq!(out.len(), 8);
    assert!(!m.is_boundary_vertex(v));
    assert!(m.is_boundary_vertex(VertexId(0)));
}

#[test]
fn faces_touching_at_a_corner() {
    // Checkerboard 2×2 with only the diagonal squares: they share one vertex.
    let m = grid(2, 2, &[(1, 0), (0, 1)]);
    m.validate().unwrap();
    assert_eq!(m.vertex_count(), 7);
    let centre = VertexId(
        m.positions()
            .iter()
            .position(|&q| q == p(1.0, 1.0))
            .unwrap() as u32,
    );
    assert_eq!(m.vertex_faces(centre).count(), 2);
    assert_eq!(m.vertex_edges(centre).count(), 4);
    let mut out = Vec::new();
    m.faces_sharing_vertex(FaceId(0), &mut out);
    assert_eq!(out, [FaceId(1)]);
    assert_eq!(m.adjacent_faces(FaceId(0)).count(), 0);
    assert_eq!(m.boundary_loops().len(), 1);
}

#[test]
fn ring_of_squares_touching_at_corners_encloses_a_hole() {
    // Four squares around an empty diamond, touching only at corners.
    let pos = vec![
        p(1.0, 0.0),
        p(2.0, 0.0),
        p(2.0, 1.0),
        p(1.0, 1.0), // bottom square
        p(3.0, 1.0),
        p(3.0, 2.0),
        p(2.0, 2.0), // right square (shares (2,1))
        p(2.0, 3.0),
        p(1.0, 3.0),
        p(1.0, 2.0), // top square (shares (2,2))
        p(0.0, 2.0),
        p(0.0, 1.0), // left square (shares (1,2),(1,1))
    ];
    let faces = vec![
        vec![0, 1, 2, 3],
        vec![2, 4, 5, 6],
        vec![6, 7, 8, 9],
        vec![11, 3, 9, 10],
    ];
    let m = Mesh::from_polygons(&pos, &faces).unwrap();
    m.validate().unwrap();
    assert_eq!(m.euler_characteristic(), 0);
    let loops = m.boundary_loops();
    assert_eq!(loops.len(), 2);
    assert_eq!(loops.iter().filter(|l| l.is_hole()).count(), 1);
}

#[test]
fn clockwise_faces_are_reoriented_keeping_first_vertex() {
    let pos = vec![p(0.0, 0.0), p(1.0, 0.0), p(1.0, 1.0), p(0.0, 1.0)];
    let (m, rep) = Mesh::build(
        &PolygonSoup::from_faces(pos, &[vec![0u32, 3, 2, 1]]),
        &BuildOptions::default(),
    )
    .unwrap();
    m.validate().unwrap();
    assert_eq!(rep.reoriented_faces, 1);
    let vs: Vec<u32> = m.face_vertices(FaceId(0)).map(|v| v.0).collect();
    assert_eq!(vs, [0, 1, 2, 3]);
}

#[test]
fn welding_and_unused_vertices_are_reported() {
    let pos = vec![
        p(0.0, 0.0),
        p(1.0, 0.0),
        p(1.0, 1.0),
        p(0.0, 1.0),
        p(1.0 + 1e-12, 0.0),
        p(2.0, 0.0),
        p(2.0, 1.0),
        p(1.0, 1.0 - 1e-12),
        p(9.0, 9.0),
    ];
    let soup = PolygonSoup::from_faces(pos, &[vec![0u32, 1, 2, 3], vec![4, 5, 6, 7]]);
    let (m, rep) = Mesh::build(&soup, &BuildOptions::default()).unwrap();
    m.validate().unwrap();
    assert_eq!(rep.welded_vertices, 2);
    assert_eq!(rep.unused_vertices, 1);
    assert_eq!(m.vertex_count(), 6);
    assert_eq!(m.edge_count(), 7);
    assert!(rep.summary().unwrap().contains("welded 2"));
    assert_eq!(m.adjacent_faces(FaceId(0)).collect::<Vec<_>>(), [FaceId(1)]);
}

#[test]
fn precise_errors() {
    let sq = vec![p(0.0, 0.0), p(1.0, 0.0), p(1.0, 1.0), p(0.0, 1.0)];
    let e = |pos: &[Point], faces: &[Vec<u32>]| Mesh::from_polygons(pos, faces).unwrap_err();
    assert_eq!(e(&sq, &[]), MeshError::Empty);
    assert!(matches!(
        e(&sq, &[vec![0, 1]]),
        MeshError::TooFewVertices { face: 0, count: 2 }
    ));
    assert!(matches!(
        e(&sq, &[vec![0, 1, 7]]),
        MeshError::IndexOutOfRange {
            face: 0,
            index: 7,
            ..
        }
    ));
    assert!(matches!(
        e(&sq, &[vec![0, 1, 2, 1]]),
        MeshError::RepeatedVertex { face: 0, .. }
    ));
    let line = vec![p(0.0, 0.0), p(1.0, 0.0), p(2.0, 0.0)];
    assert!(matches!(
        e(&line, &[vec![0, 1, 2]]),
        MeshError::DegenerateFace { face: 0 }
    ));
    let crossed = vec![
        p(0.0, 0.0),
        p(4.0, 0.0),
        p(4.0, 4.0),
        p(2.0, -1.0),
        p(0.0, 4.0),
    ];
    assert!(matches!(
        e(&crossed, &[vec![0, 1, 2, 3, 4]]),
        MeshError::SelfIntersectingFace { face: 0 }
    ));
    let nan = vec![p(0.0, 0.0), p(f64::NAN, 0.0), p(0.0, 1.0)];
    assert!(matches!(
        e(&nan, &[vec![0, 1, 2]]),
        MeshError::NonFiniteCoordinate { vertex: 1, .. }
    ));
    // Three triangles on one edge.
    let fan = vec![
        p(0.0, 0.0),
        p(1.0, 0.0),
        p(0.5, 1.0),
        p(0.5, -1.0),
        p(0.5, 2.0),
    ];
    let err = e(&fan, &[vec![0, 1, 2], vec![1, 0, 3], vec![0, 1, 4]]);
    match &err {
        MeshError::NonManifoldEdge { a, b, faces } => {
            assert_eq!((*a, *b), (p(0.0, 0.0), p(1.0, 0.0)));
            assert_eq!(faces, &[0, 1, 2]);
        }
        other => panic!("unexpected {other:?}"),
    }
    assert!(err.to_string().contains("(0, 0)") && err.to_string().contains("(1, 0)"));
    // A hundred faces on one edge: the message names the first few and the count.
    let mut many = vec![p(0.0, 0.0), p(1.0, 0.0)];
    let mut faces = Vec::new();
    for i in 0..100 {
        many.push(p(0.5, 1.0 + i as f64));
        faces.push(vec![0, 1, i + 2]);
    }
    let msg = e(&many, &faces).to_string();
    assert!(
        msg.contains("used by 100 faces, the first [0, 1, 2, 3, 4]"),
        "{msg}"
    );
    assert!(msg.len() < 250, "{msg}");
    // The same edge twice in one direction (overlapping faces).
    assert!(matches!(
        e(&fan, &[vec![0, 1, 2], vec![0, 1, 4]]),
        MeshError::NonManifoldEdge { .. }
    ));
}

#[test]
fn validate_catches_corruption() {
    let mut m = grid(2, 2, &[]);
    m.validate().unwrap();
    let d = m.face_dart(FaceId(0));
    let n = m.dart_next(d);
    m.edge_next[d.edge().index()][d.side() as usize] = m.dart_next(n);
    let err = m.validate().unwrap_err();
    assert!(err.to_string().contains("wings disagree"), "{err}");

    let mut m = grid(2, 2, &[]);
    m.positions[4] = p(5.0, 5.0); // drag the centre vertex far out: faces fold over
    assert!(m.validate().is_err());
}

//! Unit tests of the mesh edit operations: each op's effect, its refusals, and
//! that refused edits and undo leave the mesh exactly as it was.

use boardwright::mesh::edit::IdEvent;
use boardwright::mesh::geom::signed_area;
use boardwright::mesh::spatial::FaceIndex;
use boardwright::mesh::{EdgeId, FaceId, Mesh, MeshError, Point, VertexId};
use boardwright::presets;

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

fn grid(w: u32, h: u32) -> Mesh {
    presets::square_grid(w, h).mesh().clone()
}

fn vertex_at(m: &Mesh, q: Point) -> VertexId {
    VertexId(m.positions().iter().position(|&x| x == q).expect("vertex") as u32)
}

fn face_at(m: &Mesh, q: Point) -> FaceId {
    FaceIndex::build(m).locate(m, q).expect("face")
}

fn counts(m: &Mesh) -> (usize, usize, usize) {
    (m.vertex_count(), m.edge_count(), m.face_count())
}

#[test]
fn split_edge_inserts_a_vertex_on_both_faces() {
    let mut m = grid(2, 1);
    let before = m.clone();
    let e = m
        .find_edge(vertex_at(&m, p(1.0, 0.0)), vertex_at(&m, p(1.0, 1.0)))
        .unwrap();
    let (w, ch) = m.split_edge(e, 0.25).unwrap();
    m.validate().unwrap();
    let pw = m.position(w);
    assert!((pw.y - 0.25).abs() < 1e-12 || (pw.y - 0.75).abs() < 1e-12);
    assert_eq!(counts(&m), (7, 8, 2));
    assert_eq!(m.face_degree(FaceId(0)), 5);
    assert_eq!(m.face_degree(FaceId(1)), 5);
    assert!(ch.events.contains(&IdEvent::EdgeAdded {
        id: EdgeId(7),
        split_from: Some(e)
    }));
    m.undo(&ch.undo);
    assert_eq!(m, before);
    assert!(matches!(
        m.split_edge(e, 1.0),
        Err(MeshError::BadSplit { .. })
    ));
    assert!(matches!(
        m.split_edge(EdgeId(99), 0.5),
        Err(MeshError::NoSuchElement { .. })
    ));
    assert_eq!(m, before);
}

#[test]
fn split_face_along_a_diagonal_and_refusals() {
    let mut m = grid(2, 2);
    let before = m.clone();
    let f = face_at(&m, p(0.5, 0.5));
    let a = vertex_at(&m, p(0.0, 0.0));
    let b = vertex_at(&m, p(1.0, 1.0));
    let (g, ch) = m.split_face(f, a, b).unwrap();
    m.validate().unwrap();
    assert_eq!(g, FaceId(4));
    assert_eq!(m.face_degree(f), 3);
    assert_eq!(m.face_degree(g), 3);
    assert!((m.face_area(f) - 0.5).abs() < 1e-12 && (m.face_area(g) - 0.5).abs() < 1e-12);
    // f keeps its first corner.
    assert_eq!(m.face_vertices(f).next(), before.face_vertices(f).next());
    m.undo(&ch.undo);
    assert_eq!(m, before);

    // Adjacent corners are already joined.
    let c = vertex_at(&m, p(1.0, 0.0));
    assert!(matches!(
        m.split_face(f, a, c),
        Err(MeshError::AlreadyJoined { .. })
    ));
    // A vertex not on the face.
    let far = vertex_at(&m, p(2.0, 2.0));
    assert!(matches!(
        m.split_face(f, a, far),
        Err(MeshError::NotOnFace { .. })
    ));
    assert_eq!(m, before);
}

#[test]
fn split_face_refuses_a_chord_outside_a_concave_face() {
    // An L-shaped face: the chord between (2,1) and (1,2) runs outside it.
    let pos = [
        p(0.0, 0.0),
        p(2.0, 0.0),
        p(2.0, 1.0),
        p(1.0, 1.0),
        p(1.0, 2.0),
        p(0.0, 2.0),
    ];
    let mut m = Mesh::from_polygons(&pos, &[vec![0u32, 1, 2, 3, 4, 5]]).unwrap();
    let before = m.clone();
    let err = m
        .split_face(FaceId(0), VertexId(2), VertexId(4))
        .unwrap_err();
    assert!(matches!(err, MeshError::ChordOutside { .. }), "{err}");
    assert_eq!(m, before);
    // Through the reflex corner's inside: (0,0) to (1,1) is fine.
    let (g, _) = m.split_face(FaceId(0), VertexId(0), VertexId(3)).unwrap();
    m.validate().unwrap();
    assert!((m.face_area(FaceId(0)) + m.face_area(g) - 3.0).abs() < 1e-12);
}

#[test]
fn merge_two_squares_keeps_chain_ends() {
    let mut m = grid(2, 1);
    let before = m.clone();
    let ch = m.merge_faces(FaceId(0), FaceId(1)).unwrap();
    m.validate().unwrap();
    assert_eq!(counts(&m), (6, 6, 1));
    // The ends of the shared edge stay as (straight) corners of the merged face.
    assert_eq!(m.face_degree(FaceId(0)), 6);
    assert_eq!(m.face_area(FaceId(0)), 2.0);
    assert!(ch.events.iter().any(|e| matches!(
        e,
        IdEvent::FaceRemoved {
            id: FaceId(1),
            moved: None
        }
    )));
    m.undo(&ch.undo);
    assert_eq!(m, before);
}

#[test]
fn merge_removes_chain_interior_vertices() {
    // Two rectangles sharing a chain of two edges through (1,1).
    let pos = [
        p(0.0, 0.0),
        p(1.0, 0.0),
        p(1.0, 1.0),
        p(1.0, 2.0),
        p(0.0, 2.0),
        p(2.0, 0.0),
        p(2.0, 2.0),
    ];
    let mut m = Mesh::from_polygons(&pos, &[vec![0u32, 1, 2, 3, 4], vec![1, 5, 6, 3, 2]]).unwrap();
    m.merge_faces(FaceId(0), FaceId(1)).unwrap();
    m.validate().unwrap();
    assert_eq!(m.face_degree(FaceId(0)), 6); // (1,1) removed, (1,0) and (1,2) kept
    assert!(!m.positions().contains(&p(1.0, 1.0)));
}

#[test]
fn merge_refusals() {
    let mut m = grid(3, 3);
    let before = m.clone();
    // Diagonal neighbours share no edge.
    let e = m.merge_faces(FaceId(0), FaceId(4)).unwrap_err();
    assert!(matches!(e, MeshError::NotAdjacent { .. }), "{e}");
    assert_eq!(m, before);
    // Merge the ring around the centre; the last merge would enclose it.
    let centre = p(1.5, 1.5);
    let ring = [
        p(0.5, 0.5),
        p(1.5, 0.5),
        p(2.5, 0.5),
        p(2.5, 1.5),
        p(2.5, 2.5),
        p(1.5, 2.5),
        p(0.5, 2.5),
    ];
    let mut idx;
    for q in ring.windows(2) {
        idx = FaceIndex::build(&m);
        let a = idx.locate(&m, q[0]).unwrap();
        let b = idx.locate(&m, q[1]).unwrap();
        m.merge_faces(a, b).unwrap();
        m.validate().unwrap();
    }
    idx = FaceIndex::build(&m);
    let a = idx.locate(&m, p(0.5, 0.5)).unwrap();
    let b = idx.locate(&m, p(0.5, 1.5)).unwrap();
    assert_ne!(idx.locate(&m, centre), Some(a));
    let snapshot = m.clone();
    let e = m.merge_faces(a, b).unwrap_err();
    assert!(matches!(e, MeshError::MergeEnclosesHole { .. }), "{e}");
    assert_eq!(m, snapshot);
}

#[test]
fn merge_refuses_a_pinch() {
    // f: a bar with corners along its top; g: shares the edge (0,1)-(1,1) with f
    // and touches f again at (3,1), enclosing an empty pocket between them.
    let pos = [
        p(0.0, 0.0),
        p(3.0, 0.0),
        p(3.0, 1.0),
        p(2.0, 1.0),
        p(1.0, 1.0),
        p(0.0, 1.0),
        p(1.5, 1.5),
        p(3.0, 2.0),
        p(0.0, 2.0),
    ];
    let mut m =
        Mesh::from_polygons(&pos, &[vec![0u32, 1, 2, 3, 4, 5], vec![5, 4, 6, 2, 7, 8]]).unwrap();
    m.validate().unwrap();
    let before = m.clone();
    let e = m.merge_faces(FaceId(0), FaceId(1)).unwrap_err();
    assert!(matches!(e, MeshError::MergeNotSimple { .. }), "{e}");
    assert!(e.to_string().contains("(3, 1)"), "{e}");
    assert_eq!(m, before);
}

#[test]
fn delete_face_makes_a_hole_and_removes_loose_parts() {
    let mut m = grid(3, 3);
    let before = m.clone();
    let c = face_at(&m, p(1.5, 1.5));
    let ch = m.delete_face(c).unwrap();
    m.validate().unwrap();
    assert_eq!(counts(&m), (16, 24, 8));
    assert_eq!(m.euler_characteristic(), 0);
    assert_eq!(m.boundary_loops().iter().filter(|l| l.is_hole()).count(), 1);
    m.undo(&ch.undo);
    assert_eq!(m, before);
    // A corner square takes its outer corner vertex and two edges with it.
    let f = face_at(&m, p(0.5, 0.5));
    m.delete_face(f).unwrap();
    m.validate().unwrap();
    assert_eq!(counts(&m), (15, 22, 8));
    assert!(!m.positions().contains(&p(0.0, 0.0)));
    // Faces touching only at a corner after deletes.
    let mut m = grid(2, 2);
    let f = face_at(&m, p(1.5, 0.5));
    m.delete_face(f).unwrap();
    let f = face_at(&m, p(0.5, 1.5));
    m.delete_face(f).unwrap();
    m.validate().unwrap();
    assert_eq!(m.face_count(), 2);
    // The last face cannot go.
    let mut one = grid(1, 1);
    assert!(matches!(
        one.delete_face(FaceId(0)),
        Err(MeshError::LastFace { .. })
    ));
}

#[test]
fn add_face_next_to_the_board_shares_the_edge() {
    let mut m = grid(1, 1);
    let before = m.clone();
    // Clockwise input is stored counter-clockwise; corners snap onto (1,0), (1,1).
    let added = m
        .add_face(
            &[
                p(1.0, 1.0 + 1e-4),
                p(2.0, 1.0),
                p(2.0, 0.0),
                p(1.0 - 1e-4, 0.0),
            ],
            1e-3,
        )
        .unwrap();
    m.validate().unwrap();
    assert_eq!(added.face, FaceId(1));
    assert_eq!(counts(&m), (6, 7, 2));
    assert!(signed_area(m.face_points(added.face)) > 0.0);
    assert_eq!(m.adjacent_faces(FaceId(0)).collect::<Vec<_>>(), [FaceId(1)]);
    assert_eq!(added.change.became_interior.len(), 1);
    m.undo(&added.change.undo);
    assert_eq!(m, before);
}

#[test]
fn add_face_splits_edges_and_routes_through_vertices() {
    let mut m = grid(2, 1);
    // A triangle below the strip whose corners land on the middle of the bottom
    // edges; the side between them passes through the vertex (1,0).
    let added = m
        .add_face(&[p(0.5, 0.0), p(1.5, 0.0), p(1.0, -1.0)], 1e-6)
        .unwrap();
    m.validate().unwrap();
    assert_eq!(m.face_degree(added.face), 4); // (0.5,0) (1,-1) (1.5,0) (1,0)
    assert_eq!(added.new_vertices.len(), 3);
    assert_eq!(m.face_degree(FaceId(0)), 5);
    assert_eq!(m.face_degree(FaceId(1)), 5);
}

#[test]
fn add_face_refuses_overlaps_and_crossings() {
    let mut m = grid(2, 2);
    let before = m.clone();
    // Overlaps the top-right square.
    let e = m
        .add_face(&[p(1.5, 1.5), p(3.0, 1.5), p(3.0, 3.0)], 0.0)
        .unwrap_err();
    assert!(matches!(e, MeshError::SideCrossesEdge { .. }), "{e}");
    assert_eq!(m, before);
    // Entirely inside a face.
    let e = m
        .add_face(&[p(0.2, 0.2), p(0.8, 0.2), p(0.5, 0.8)], 0.0)
        .unwrap_err();
    assert!(matches!(e, MeshError::NewFaceOverlaps { .. }), "{e}");
    // Covers the whole board.
    let e = m
        .add_face(
            &[p(-1.0, -1.0), p(5.0, -1.0), p(5.0, 5.0), p(-1.0, 5.0)],
            0.0,
        )
        .unwrap_err();
    assert!(matches!(e, MeshError::NewFaceOverlaps { .. }), "{e}");
    // Exactly an existing face.
    let e = m
        .add_face(&[p(0.0, 0.0), p(1.0, 0.0), p(1.0, 1.0), p(0.0, 1.0)], 0.0)
        .unwrap_err();
    assert!(matches!(e, MeshError::NewFaceOverlaps { .. }), "{e}");
    // A chord through an existing face between two of its corners.
    let e = m
        .add_face(&[p(0.0, 0.0), p(1.0, 1.0), p(0.0, 1.0)], 0.0)
        .unwrap_err();
    assert!(
        matches!(
            e,
            MeshError::NewFaceOverlaps { .. } | MeshError::SideCrossesEdge { .. }
        ),
        "{e}"
    );
    // Self-intersecting, too few points, repeated vertex.
    let e = m
        .add_face(&[p(3.0, 0.0), p(4.0, 1.0), p(4.0, 0.0), p(3.0, 1.0)], 0.0)
        .unwrap_err();
    assert!(matches!(e, MeshError::SelfIntersectingFace { .. }), "{e}");
    assert!(matches!(
        m.add_face(&[p(3.0, 0.0), p(4.0, 1.0)], 0.0),
        Err(MeshError::TooFewVertices { .. })
    ));
    let e = m
        .add_face(&[p(2.0, 0.0), p(3.0, 0.0), p(2.0, 0.001)], 0.01)
        .unwrap_err();
    assert!(matches!(e, MeshError::RepeatedVertex { .. }), "{e}");
    assert_eq!(m, before);
}

#[test]
fn add_face_fills_a_hole() {
    let mut m = grid(3, 3);
    let c = face_at(&m, p(1.5, 1.5));
    m.delete_face(c).unwrap();
    let added = m
        .add_face(&[p(1.0, 1.0), p(2.0, 1.0), p(2.0, 2.0), p(1.0, 2.0)], 0.0)
        .unwrap();
    m.validate().unwrap();
    assert_eq!(m.euler_characteristic(), 1);
    assert_eq!(m.adjacent_faces(added.face).count(), 4);
    assert_eq!(added.change.became_interior.len(), 4);
}

#[test]
fn add_face_may_touch_at_a_single_corner() {
    let mut m = grid(1, 1);
    m.add_face(&[p(1.0, 1.0), p(2.0, 1.0), p(2.0, 2.0), p(1.0, 2.0)], 0.0)
        .unwrap();
    m.validate().unwrap();
    assert_eq!(m.boundary_loops().len(), 1);
    // A third square closing an L around the empty corner cell.
    m.add_face(&[p(1.0, 0.0), p(2.0, 0.0), p(2.0, 1.0), p(1.0, 1.0)], 0.0)
        .unwrap();
    m.validate().unwrap();
    assert_eq!(m.face_count(), 3);
}

#[test]
fn move_vertex_and_refusals() {
    let mut m = grid(3, 3);
    let before = m.clone();
    let v = vertex_at(&m, p(1.0, 1.0));
    let ch = m.move_vertex(v, p(1.3, 0.8)).unwrap();
    m.validate().unwrap();
    assert_eq!(ch.touched_faces.len(), 4);
    m.undo(&ch.undo);
    assert_eq!(m, before);
    // Past the neighbouring vertex: folds a face.
    let e = m.move_vertex(v, p(2.5, 1.0)).unwrap_err();
    assert!(
        matches!(
            e,
            MeshError::MoveFoldsFace { .. }
                | MeshError::MoveCrossesEdge { .. }
                | MeshError::MoveOverlaps { .. }
        ),
        "{e}"
    );
    assert_eq!(m, before);
    // A boundary vertex pushed into the board.
    let b = vertex_at(&m, p(1.0, 0.0));
    assert!(m.move_vertex(b, p(1.0, 1.5)).is_err());
    assert_eq!(m, before);
    // A boundary vertex pulled outwards is fine.
    m.move_vertex(b, p(1.0, -0.5)).unwrap();
    m.validate().unwrap();
    // Two islands: moving a corner of one into the other is refused.
    let mut m = grid(1, 1);
    m.add_face(&[p(3.0, 0.0), p(4.0, 0.0), p(4.0, 1.0), p(3.0, 1.0)], 0.0)
        .unwrap();
    let snapshot = m.clone();
    let v = vertex_at(&m, p(1.0, 1.0));
    let e = m.move_vertex(v, p(3.5, 0.5)).unwrap_err();
    assert!(
        matches!(
            e,
            MeshError::MoveCrossesEdge { .. } | MeshError::MoveOverlaps { .. }
        ),
        "{e}"
    );
    assert_eq!(m, snapshot);
    // Sweeping an edge over the other island without moving into it.
    let small = {
        let mut m = grid(1, 1);
        m.add_face(&[p(1.4, 0.4), p(1.6, 0.4), p(1.6, 0.6), p(1.4, 0.6)], 0.0)
            .unwrap();
        m
    };
    let mut m = small.clone();
    let v1 = vertex_at(&m, p(1.0, 0.0));
    let e = m.move_vertex(v1, p(3.0, -2.0)).unwrap_err();
    assert!(
        matches!(
            e,
            MeshError::MoveOverlaps { .. } | MeshError::MoveCrossesEdge { .. }
        ),
        "{e}"
    );
    assert_eq!(m, small);
}

#[test]
fn hit_test_after_edits() {
    let mut m = grid(3, 3);
    let mut idx = FaceIndex::build(&m);
    let c = idx.locate(&m, p(1.5, 1.5)).unwrap();
    let ch = m.delete_face(c).unwrap();
    idx.update(&m, &ch);
    assert_eq!(idx.locate(&m, p(1.5, 1.5)), None);
    let added = m
        .add_face(&[p(1.0, 1.0), p(2.0, 1.0), p(1.5, 1.9)], 0.0)
        .unwrap();
    idx.update(&m, &added.change);
    assert_eq!(idx.locate(&m, p(1.5, 1.2)), Some(added.face));
    assert_eq!(idx.locate(&m, p(1.1, 1.8)), None);
    let v = vertex_at(&m, p(1.5, 1.9));
    let ch = m.move_vertex(v, p(1.5, 1.6)).unwrap();
    idx.update(&m, &ch);
    assert_eq!(idx.locate(&m, p(1.5, 1.8)), None);
    // Everything agrees with a fresh build and a brute-force scan.
    let fresh = FaceIndex::build(&m);
    for i in 0..=60 {
        for j in 0..=60 {
            let q = p(i as f64 * 0.05, j as f64 * 0.05);
            let brute = m.face_ids().find(|&f| {
                boardwright::mesh::geom::point_in_polygon(q, m.face_points(f))
                    != boardwright::mesh::geom::Containment::Outside
            });
            assert_eq!(idx.locate(&m, q), brute, "{q}");
            assert_eq!(fresh.locate(&m, q), brute, "{q}");
        }
    }
}

#[test]
fn hit_test_concave_faces_and_shared_boundaries() {
    // An L-shaped face 0 and a square 1 filling its notch.
    let pos = [
        p(0.0, 0.0),
        p(2.0, 0.0),
        p(2.0, 1.0),
        p(1.0, 1.0),
        p(1.0, 2.0),
        p(0.0, 2.0),
        p(2.0, 2.0),
    ];
    let m = Mesh::from_polygons(&pos, &[vec![0u32, 1, 2, 3, 4, 5], vec![3, 2, 6, 4]]).unwrap();
    let idx = FaceIndex::build(&m);
    assert_eq!(idx.locate(&m, p(0.5, 1.5)), Some(FaceId(0)));
    assert_eq!(idx.locate(&m, p(1.5, 1.5)), Some(FaceId(1)));
    assert_eq!(idx.locate(&m, p(1.5, 0.5)), Some(FaceId(0)));
    // On the shared edge and the shared corner: the lower id.
    assert_eq!(idx.locate(&m, p(1.5, 1.0)), Some(FaceId(0)));
    assert_eq!(idx.locate(&m, p(1.0, 1.0)), Some(FaceId(0)));
    assert_eq!(idx.locate(&m, p(2.0, 2.0)), Some(FaceId(1)));
    assert_eq!(idx.locate(&m, p(2.5, 1.0)), None);
    assert_eq!(idx.locate(&m, p(-1e-9, 1.0)), None);
}

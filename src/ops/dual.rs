//! Dual: one face per interior vertex, through the centroids of the faces
//! around it, so faces become vertices and vertices faces. Boundary vertices
//! have no closed ring of faces and give no face, and neither do interior
//! vertices with only two faces (a straight joint), so the dual of the dual
//! is the original's interior: the faces all of whose corners are interior,
//! with the same adjacency.
//!
//! Nothing of the faces carries over (the dual's faces are new); they are
//! labelled by rows. Side tags and start pieces are dropped with a note.

use super::relabel::row_labels;
use super::{Assembly, OpError, OpResult, count, first_overlap, with_labels};
use crate::board::{Board, FaceData};

/// Parameters of [`dual`] (none yet).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DualParams;

pub fn dual(board: &Board, _p: &DualParams) -> Result<OpResult, OpError> {
    let mesh = board.mesh();
    let mut asm = Assembly {
        meta: board.meta().clone(),
        ..Default::default()
    };
    asm.soup.positions = mesh.face_ids().map(|f| mesh.face_centroid(f)).collect();
    let mut straight = 0;
    for v in mesh.vertex_ids() {
        if mesh.is_boundary_vertex(v) {
            continue;
        }
        let ring: Vec<u32> = mesh.vertex_faces(v).map(|f| f.0).collect();
        if ring.len() < 3 {
            straight += 1;
            continue;
        }
        asm.push_face(&ring, FaceData::default());
    }
    if asm.rows.is_empty() {
        return Err(OpError::NoInteriorVertex);
    }
    let result = asm.finish()?.board;
    if let Some((f, g, at)) = first_overlap(result.mesh()) {
        return Err(OpError::Overlap {
            what: format!(
                "the dual faces of the vertices at {} and {} overlap near {at} (faces that are not convex can do this)",
                result.mesh().face_centroid(f),
                result.mesh().face_centroid(g),
            ),
        });
    }
    let result = with_labels(&result, row_labels(&result))?;
    let mut notes = vec![format!(
        "the dual has {} (one per interior vertex); the original faces' labels, coordinates, kinds, colours and regions do not carry over, the new faces are labelled by rows",
        count(result.face_count(), "face")
    )];
    if straight > 0 {
        notes.push(format!(
            "{} with only two faces around {} no face",
            count(straight, "interior vertex"),
            if straight == 1 { "gives" } else { "give" }
        ));
    }
    let tags = board.side_tags().iter().flatten().count();
    if tags > 0 {
        notes.push(format!(
            "dropped {} (the dual's boundary is new)",
            count(tags, "side tag")
        ));
    }
    if !board.setup().pieces.is_empty() {
        notes.push(format!(
            "dropped {}",
            count(board.setup().pieces.len(), "start piece")
        ));
    }
    Ok(OpResult {
        board: result,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::{hex, square_grid};

    #[test]
    fn dual_of_squares_and_hexes() {
        // A 4×4 square grid has 3×3 interior vertices: the dual is a 3×3 grid.
        let d = dual(&square_grid(4, 4), &DualParams).unwrap();
        d.board.validate().unwrap();
        assert_eq!(d.board.face_count(), 9);
        assert_eq!(d.board.mesh().face_degree_histogram(), vec![(4, 9)]);
        assert_eq!(d.board.label(crate::mesh::FaceId(0)), "a1");
        assert!(d.notes.iter().any(|n| n.contains("side tag")));
        // Hex faces meet three at a vertex: the dual is made of triangles.
        let h = dual(&hex(5), &DualParams).unwrap().board;
        assert_eq!(h.mesh().face_degree_histogram(), vec![(3, 2 * 4 * 4)]);
        assert_eq!(
            dual(&square_grid(2, 1), &DualParams),
            Err(OpError::NoInteriorVertex)
        );
    }
}

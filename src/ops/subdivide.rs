//! Subdivide: cut every face into triangles around its centroid (a k-gon
//! becomes k triangles) or into quads through its edge midpoints (a k-gon
//! becomes k quads; every edge is split at its midpoint).
//!
//! The pieces keep their face's kind, colour and region; a face labelled
//! `a1` gives pieces `a1.1`, `a1.2`, … counter-clockwise from its first
//! corner. Grid coordinates and start pieces are dropped with a note. Side
//! tags stay on the boundary (both halves of a split edge keep the tag).
//! Every face must be star-shaped around its centroid (all convex faces are).

use super::{Assembly, OpError, OpResult, count};
use crate::board::{Board, FaceData};
use crate::mesh::Point;
use crate::mesh::geom::orient;

/// How to cut the faces.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum SubdivideMode {
    /// A k-gon becomes k triangles meeting at its centroid.
    #[default]
    Triangles,
    /// A k-gon becomes k quads (corner, edge midpoint, centroid, edge midpoint).
    Quads,
}

impl SubdivideMode {
    pub fn name(self) -> &'static str {
        match self {
            SubdivideMode::Triangles => "triangles",
            SubdivideMode::Quads => "quads",
        }
    }
}

impl std::str::FromStr for SubdivideMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        [SubdivideMode::Triangles, SubdivideMode::Quads]
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown mode '{s}' (expected triangles or quads)"))
    }
}

/// Parameters of [`subdivide`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SubdivideParams {
    pub mode: SubdivideMode,
}

pub fn subdivide(board: &Board, p: &SubdivideParams) -> Result<OpResult, OpError> {
    let mesh = board.mesh();
    let mut asm = Assembly::with_vertices_of(board);
    let nv = mesh.vertex_count() as u32;
    let extent = {
        let b = mesh.bbox();
        b.width().max(b.height())
    };
    let eps = extent * extent * 1e-14;
    // Centroids after the vertices, midpoints after the centroids.
    let mut centre_of = Vec::with_capacity(mesh.face_count());
    for f in mesh.face_ids() {
        let pts: Vec<Point> = mesh.face_points(f).collect();
        let c = mesh.face_centroid(f);
        let k = pts.len();
        if (0..k).any(|i| orient(c, pts[i], pts[(i + 1) % k]) <= eps) {
            return Err(OpError::NotStarShaped {
                face: board.face_name(f),
            });
        }
        centre_of.push(asm.soup.push_vertex(c));
    }
    let mid_base = nv + mesh.face_count() as u32;
    if p.mode == SubdivideMode::Quads {
        for e in mesh.edge_ids() {
            asm.soup.push_vertex(mesh.edge_midpoint(e));
        }
    }
    let mut coords = 0;
    for f in mesh.face_ids() {
        let parent = board.face_data(f);
        coords += usize::from(parent.coord.is_some());
        let c = centre_of[f.index()];
        let vs: Vec<u32> = mesh.face_vertices(f).map(|v| v.0).collect();
        let es: Vec<u32> = mesh.face_edges(f).map(|e| mid_base + e.0).collect();
        let k = vs.len();
        for i in 0..k {
            let corners = match p.mode {
                SubdivideMode::Triangles => vec![c, vs[i], vs[(i + 1) % k]],
                SubdivideMode::Quads => vec![vs[i], es[i], c, es[(i + k - 1) % k]],
            };
            let row = FaceData {
                label: if parent.label.is_empty() {
                    compact_str::CompactString::const_new("")
                } else {
                    compact_str::format_compact!("{}.{}", parent.label, i + 1)
                },
                coord: None,
                ..parent.clone()
            };
            asm.push_face(&corners, row);
        }
    }
    for (a, b, t) in Assembly::tags_of(board) {
        match p.mode {
            SubdivideMode::Triangles => asm.tags.push((a, b, t)),
            SubdivideMode::Quads => {
                let e = mesh
                    .find_edge(crate::mesh::VertexId(a), crate::mesh::VertexId(b))
                    .expect("tag on an existing edge");
                asm.tags.push((a, mid_base + e.0, t));
                asm.tags.push((mid_base + e.0, b, t));
            }
        }
    }
    let built = asm.finish()?;
    let mut notes = vec![format!(
        "{} became {} ({}); the pieces keep their face's kind, colour and region and are labelled a1.1, a1.2, …",
        count(mesh.face_count(), "face"),
        count(built.board.face_count(), "face"),
        p.mode.name()
    )];
    if coords > 0 {
        notes.push(format!(
            "dropped the grid coordinates of {}",
            count(coords, "face")
        ));
    }
    if !board.setup().pieces.is_empty() {
        notes.push(format!(
            "dropped {} (a piece cannot stand on several faces)",
            count(board.setup().pieces.len(), "start piece")
        ));
    }
    if let Some(n) = built.tag_note("their edges left the boundary") {
        notes.push(n);
    }
    Ok(OpResult {
        board: built.board,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::SideTag;
    use crate::presets::{boco, hex};

    #[test]
    fn triangles_and_quads_keep_area_and_tags() {
        let b = hex(3);
        let area = b.mesh().total_area();
        let t = subdivide(
            &b,
            &SubdivideParams {
                mode: SubdivideMode::Triangles,
            },
        )
        .unwrap()
        .board;
        t.validate().unwrap();
        assert_eq!(t.face_count(), 6 * 9);
        assert!((t.mesh().total_area() - area).abs() < 1e-9);
        assert_eq!(t.faces_on_side(SideTag::Top).len(), 3 * 2);
        assert_eq!(t.label(crate::mesh::FaceId(0)), "a1.1");
        let q = subdivide(
            &b,
            &SubdivideParams {
                mode: SubdivideMode::Quads,
            },
        )
        .unwrap();
        q.board.validate().unwrap();
        assert_eq!(q.board.face_count(), 6 * 9);
        assert_eq!(q.board.mesh().face_degree_histogram(), vec![(4, 54)]);
        assert!((q.board.mesh().total_area() - area).abs() < 1e-9);
        let top_edges = |b: &Board| {
            b.side_tags()
                .iter()
                .filter(|t| **t == Some(SideTag::Top))
                .count()
        };
        assert_eq!(top_edges(&q.board), 2 * top_edges(&b));
        assert!(
            q.notes
                .iter()
                .any(|n| n.contains("grid coordinates of 9 faces")),
            "{:?}",
            q.notes
        );
        let bo = subdivide(
            &boco(),
            &SubdivideParams {
                mode: SubdivideMode::Quads,
            },
        )
        .unwrap()
        .board;
        assert_eq!(
            bo.faces().regions().iter().flatten().count(),
            bo.face_count()
        );
    }

    #[test]
    fn refuses_faces_not_star_shaped_around_the_centroid() {
        // A thin L: its centroid lies outside the face.
        let l = [
            (0.0, 0.0),
            (3.0, 0.0),
            (3.0, 0.2),
            (0.2, 0.2),
            (0.2, 3.0),
            (0.0, 3.0),
        ];
        let pts: Vec<Point> = l.iter().map(|&(x, y)| Point::new(x, y)).collect();
        let m = crate::mesh::Mesh::from_polygons(&pts, &[[0u32, 1, 2, 3, 4, 5]]).unwrap();
        let b = crate::board::BoardBuilder::from_mesh(m)
            .faces([FaceData {
                label: "ell".into(),
                ..FaceData::default()
            }])
            .build()
            .unwrap();
        assert_eq!(
            subdivide(&b, &SubdivideParams::default()),
            Err(OpError::NotStarShaped { face: "ell".into() })
        );
    }
}

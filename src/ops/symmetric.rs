//! Symmetric copy: add the board's mirror image across a line, or n − 1
//! rotated copies around a point (n-fold symmetry), welded to the original
//! wherever vertices meet (the seams).
//!
//! Copies keep kind, colour and region; their labels get the suffix `-2`,
//! `-3`, … (copy 1 is the original) and their grid coordinates are dropped.
//! Side tags are copied with their edges; tags on seam edges, now inside the
//! board, are dropped. Start pieces are not copied. Copies that overlap the
//! original (or each other) are refused.

use super::transform::Affine;
use super::{Assembly, OpError, OpResult, count, finite_degrees, first_overlap, typical_edge};
use crate::board::Board;
use crate::mesh::{MeshError, Point};

/// The symmetry to complete.
#[derive(Clone, Debug, PartialEq)]
pub enum Symmetry {
    /// A mirror image across the line at this angle to the x axis (degrees).
    Mirror { degrees: f64 },
    /// n-fold rotation: n − 1 copies turned by 360°/n, 2·360°/n, …
    Rotate { n: u32 },
}

/// Largest n of an n-fold rotation.
pub const MAX_FOLD: u32 = 24;

/// Parameters of [`symmetric_copy`].
#[derive(Clone, Debug, PartialEq)]
pub struct SymmetricParams {
    pub symmetry: Symmetry,
    /// A point on the mirror line, or the centre of rotation. A rotation needs
    /// one; for a mirror, `None` puts the line against the board so that the
    /// board lies on its left (at 90°: along the board's right edge; at 0°:
    /// along its bottom edge).
    pub through: Option<Point>,
}

pub fn symmetric_copy(board: &Board, p: &SymmetricParams) -> Result<OpResult, OpError> {
    let maps: Vec<Affine> = match p.symmetry {
        Symmetry::Mirror { degrees } => {
            let degrees = finite_degrees("the mirror line's angle", degrees)?;
            let c = p.through.unwrap_or_else(|| touching_line(board, degrees));
            vec![Affine::mirror(c, degrees)]
        }
        Symmetry::Rotate { n } => {
            if !(2..=MAX_FOLD).contains(&n) {
                return Err(OpError::BadParameter(format!(
                    "an n-fold rotation needs n from 2 to {MAX_FOLD}, not {n}"
                )));
            }
            let c = p.through.ok_or_else(|| {
                OpError::BadParameter("an n-fold rotation needs its centre".into())
            })?;
            (1..n)
                .map(|k| Affine::rotation(c, 360.0 * k as f64 / n as f64))
                .collect()
        }
    };
    if let Some(c) = p.through.filter(|c| !c.is_finite()) {
        return Err(OpError::BadParameter(format!(
            "the point {c} is not a finite point"
        )));
    }
    let mesh = board.mesh();
    let nv = mesh.vertex_count() as u32;
    let mut asm = Assembly::with_vertices_of(board);
    asm.weld = Some(typical_edge(board) * 1e-6);
    let tags = Assembly::tags_of(board);
    for f in mesh.face_ids() {
        let corners: Vec<u32> = mesh.face_vertices(f).map(|v| v.0).collect();
        asm.push_face(&corners, board.face_data(f));
    }
    asm.tags = tags.clone();
    asm.pieces = board
        .setup()
        .pieces
        .iter()
        .map(|&(f, pl)| (f.0, pl))
        .collect();
    let mut coords = 0;
    for (k, t) in maps.iter().enumerate() {
        let base = nv * (k as u32 + 1);
        let moved: Vec<Point> = mesh.positions().iter().map(|&q| t.apply(q)).collect();
        asm.soup.positions.extend(moved);
        for f in mesh.face_ids() {
            let corners: Vec<u32> = mesh.face_vertices(f).map(|v| base + v.0).collect();
            let mut row = board.face_data(f);
            if !row.label.is_empty() {
                row.label = compact_str::format_compact!("{}-{}", row.label, k + 2);
            }
            coords += usize::from(row.coord.take().is_some());
            asm.push_face(&corners, row);
        }
        asm.tags
            .extend(tags.iter().map(|&(a, b, tag)| (base + a, base + b, tag)));
    }
    // Labels of copies that happen to equal an original label are cleared.
    let mut clashes = 0;
    {
        let originals: rustc_hash::FxHashSet<&str> =
            board.faces().labels().iter().map(|l| l.as_str()).collect();
        for row in asm.rows.iter_mut().skip(mesh.face_count()) {
            if !row.label.is_empty() && originals.contains(row.label.as_str()) {
                row.label.clear();
                clashes += 1;
            }
        }
    }
    let built = asm.finish().map_err(|e| match e {
        OpError::Mesh(m @ (MeshError::NonManifoldEdge { .. } | MeshError::InvalidEdit(_))) => {
            OpError::Overlap {
                what: m.to_string(),
            }
        }
        other => other,
    })?;
    if let Some((f, g, at)) = first_overlap(built.board.mesh()) {
        return Err(OpError::Overlap {
            what: format!(
                "faces {} and {} overlap near {at}",
                built.board.face_name(f),
                built.board.face_name(g)
            ),
        });
    }
    let copies = maps.len();
    let mut notes = vec![format!(
        "added {}: {} → {}; copies' labels end in -2{}",
        count(copies, "copy"),
        count(mesh.face_count(), "face"),
        count(built.board.face_count(), "face"),
        if copies > 1 { ", -3, …" } else { "" }
    )];
    if built.welded == 0 {
        notes.push(
            "the copies do not touch the original: the board is now in separate pieces".into(),
        );
    } else {
        notes.push(format!(
            "welded {} along the seams",
            count(built.welded, "vertex")
        ));
    }
    if let Some(n) = built.tag_note("their edges are now inside the board") {
        notes.push(n);
    }
    if coords > 0 {
        notes.push(format!(
            "the copies have no grid coordinates ({} dropped)",
            count(coords, "coordinate")
        ));
    }
    if clashes > 0 {
        notes.push(format!(
            "cleared {} of copies that clashed with existing labels",
            count(clashes, "label")
        ));
    }
    if !board.setup().pieces.is_empty() {
        notes.push(format!(
            "the {} were not copied",
            count(board.setup().pieces.len(), "start piece")
        ));
    }
    Ok(OpResult {
        board: built.board,
        notes,
    })
}

/// A point on the line at `degrees` that touches the board with the board on
/// its left.
fn touching_line(board: &Board, degrees: f64) -> Point {
    let (s, c) = super::transform::sin_cos_degrees(degrees);
    // Left normal of the direction (c, s).
    let left = Point::new(-s, c);
    board
        .mesh()
        .positions()
        .iter()
        .copied()
        .min_by(|a, b| a.dot(left).total_cmp(&b.dot(left)))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::SideTag;
    use crate::presets::{hex, square_grid};

    #[test]
    fn mirror_copy_welds_along_the_seam() {
        let b = square_grid(3, 2);
        let r = symmetric_copy(
            &b,
            &SymmetricParams {
                symmetry: Symmetry::Mirror { degrees: 90.0 },
                through: None,
            },
        )
        .unwrap();
        r.board.validate().unwrap();
        assert_eq!(r.board.face_count(), 12);
        assert_eq!(r.board.mesh().boundary_loops().len(), 1);
        let bb = r.board.mesh().bbox();
        assert_eq!((bb.width(), bb.height()), (6.0, 2.0));
        assert!(r.board.face_by_label("a1-2").is_some());
        // The seam's right-side tags (original and copy) are gone; the copy's
        // left side, now on the far right, still says left.
        assert_eq!(r.board.faces_on_side(SideTag::Right).len(), 0);
        assert_eq!(r.board.faces_on_side(SideTag::Left).len(), 4);
        assert!(
            r.notes.iter().any(|n| n.contains("dropped 4 side tags")),
            "{:?}",
            r.notes
        );
        assert!(
            r.notes.iter().any(|n| n.contains("welded 3 vertices")),
            "{:?}",
            r.notes
        );
    }

    #[test]
    fn rotation_completes_a_wedge_and_refuses_overlaps() {
        // Six unit triangles around the origin from one.
        let pts = [
            Point::new(0.0, 0.0),
            Point::new(1.0, 0.0),
            Point::new(0.5, 3f64.sqrt() / 2.0),
        ];
        let m = crate::mesh::Mesh::from_polygons(&pts, &[[0u32, 1, 2]]).unwrap();
        let tri = Board::new(m);
        let r = symmetric_copy(
            &tri,
            &SymmetricParams {
                symmetry: Symmetry::Rotate { n: 6 },
                through: Some(Point::new(0.0, 0.0)),
            },
        )
        .unwrap()
        .board;
        r.validate().unwrap();
        assert_eq!(r.face_count(), 6);
        assert_eq!(r.mesh().vertex_count(), 7);
        assert_eq!(r.mesh().boundary_loops().len(), 1);
        // A hex board rotated about its middle lands on itself: refused.
        let h = hex(3);
        let c = h.mesh().face_centroid(h.face_by_label("b2").unwrap());
        assert!(matches!(
            symmetric_copy(
                &h,
                &SymmetricParams {
                    symmetry: Symmetry::Rotate { n: 4 },
                    through: Some(c)
                }
            ),
            Err(OpError::Overlap { .. })
        ));
        assert!(matches!(
            symmetric_copy(
                &h,
                &SymmetricParams {
                    symmetry: Symmetry::Rotate { n: 3 },
                    through: None
                }
            ),
            Err(OpError::BadParameter(_))
        ));
    }
}

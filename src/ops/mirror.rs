//! Mirror the board across a line. Faces keep their order and all their data;
//! side tags stay on their edges (a `left` edge mirrored to the right still
//! says `left`).

use super::transform::{Affine, transformed};
use super::{OpError, OpResult, centre, finite_degrees};
use crate::board::Board;
use crate::mesh::Point;

/// Parameters of [`mirror`].
#[derive(Clone, Debug, PartialEq)]
pub struct MirrorParams {
    /// Angle of the mirror line to the x axis in degrees: 90 swaps left and
    /// right, 0 swaps top and bottom.
    pub degrees: f64,
    /// A point on the mirror line; `None`: the centre of the board's bounding box.
    pub through: Option<Point>,
}

pub fn mirror(board: &Board, p: &MirrorParams) -> Result<OpResult, OpError> {
    let degrees = finite_degrees("the mirror line's angle", p.degrees)?;
    let c = p.through.unwrap_or_else(|| centre(board));
    Ok(OpResult {
        board: transformed(board, &Affine::mirror(c, degrees))?,
        notes: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::hex;

    #[test]
    fn mirror_twice_is_the_identity() {
        let b = hex(4);
        let p = MirrorParams {
            degrees: 30.0,
            through: Some(Point::new(1.0, -2.0)),
        };
        let once = mirror(&b, &p).unwrap().board;
        once.validate().unwrap();
        assert_eq!(once.faces(), b.faces());
        assert_ne!(
            once.mesh().face_centroid(crate::mesh::FaceId(0)),
            b.mesh().face_centroid(crate::mesh::FaceId(0))
        );
        let twice = mirror(&once, &p).unwrap().board;
        for f in b.mesh().face_ids() {
            assert!(
                twice
                    .mesh()
                    .face_centroid(f)
                    .distance(b.mesh().face_centroid(f))
                    < 1e-9
            );
        }
        assert_eq!(
            twice.faces_on_side(crate::board::SideTag::Top),
            b.faces_on_side(crate::board::SideTag::Top)
        );
        // Left-right mirror about the centre maps the board onto itself.
        let lr = mirror(
            &b,
            &MirrorParams {
                degrees: 90.0,
                through: None,
            },
        )
        .unwrap()
        .board;
        assert!((lr.mesh().bbox().min.x - b.mesh().bbox().min.x).abs() < 1e-9);
    }
}

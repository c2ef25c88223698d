//! Rotate the board about a point. Faces keep their order and all their data,
//! edges their side tags.

use super::transform::{Affine, transformed};
use super::{OpError, OpResult, centre, finite_degrees};
use crate::board::Board;
use crate::mesh::Point;

/// Parameters of [`rotate`].
#[derive(Clone, Debug, PartialEq)]
pub struct RotateParams {
    /// Counter-clockwise angle in degrees.
    pub degrees: f64,
    /// The pivot; `None`: the centre of the board's bounding box.
    pub about: Option<Point>,
}

pub fn rotate(board: &Board, p: &RotateParams) -> Result<OpResult, OpError> {
    let degrees = finite_degrees("the angle", p.degrees)?;
    let c = p.about.unwrap_or_else(|| centre(board));
    Ok(OpResult {
        board: transformed(board, &Affine::rotation(c, degrees))?,
        notes: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::square_grid;

    #[test]
    fn quarter_turns() {
        let b = square_grid(3, 2);
        let r = rotate(
            &b,
            &RotateParams {
                degrees: 90.0,
                about: Some(Point::new(0.0, 0.0)),
            },
        )
        .unwrap()
        .board;
        r.validate().unwrap();
        let bb = r.mesh().bbox();
        assert!((bb.min.x + 2.0).abs() < 1e-12 && (bb.max.y - 3.0).abs() < 1e-12);
        assert_eq!(r.faces(), b.faces());
        assert_eq!(
            r.side_tags().iter().flatten().count(),
            b.side_tags().iter().flatten().count()
        );
        let full = (0..4).fold(b.clone(), |acc, _| {
            rotate(
                &acc,
                &RotateParams {
                    degrees: 90.0,
                    about: None,
                },
            )
            .unwrap()
            .board
        });
        for f in b.mesh().face_ids() {
            assert!(
                full.mesh()
                    .face_centroid(f)
                    .distance(b.mesh().face_centroid(f))
                    < 1e-9
            );
        }
        assert!(
            rotate(
                &b,
                &RotateParams {
                    degrees: f64::NAN,
                    about: None
                }
            )
            .is_err()
        );
    }
}

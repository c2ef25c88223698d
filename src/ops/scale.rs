//! Scale the board about a point, by one factor or by separate x and y
//! factors. Faces keep their order and all their data, edges their side tags.

use super::transform::{Affine, transformed};
use super::{OpError, OpResult, centre};
use crate::board::Board;
use crate::mesh::Point;

/// Smallest and largest factor accepted.
pub const FACTOR_RANGE: (f64, f64) = (1e-6, 1e6);

/// Parameters of [`scale`].
#[derive(Clone, Debug, PartialEq)]
pub struct ScaleParams {
    pub x: f64,
    pub y: f64,
    /// The fixed point; `None`: the centre of the board's bounding box.
    pub about: Option<Point>,
}

pub fn scale(board: &Board, p: &ScaleParams) -> Result<OpResult, OpError> {
    for (axis, k) in [("x", p.x), ("y", p.y)] {
        if !(k.is_finite() && (FACTOR_RANGE.0..=FACTOR_RANGE.1).contains(&k)) {
            return Err(OpError::BadParameter(format!(
                "the {axis} scale factor must lie between {} and {} (use mirror to flip), not {k}",
                FACTOR_RANGE.0, FACTOR_RANGE.1
            )));
        }
    }
    let c = p.about.unwrap_or_else(|| centre(board));
    let t = Affine {
        m: [p.x, 0.0, 0.0, p.y],
        centre: c,
    };
    Ok(OpResult {
        board: transformed(board, &t)?,
        notes: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::triangle_grid;

    #[test]
    fn scales_area_and_refuses_bad_factors() {
        let b = triangle_grid(4);
        let r = scale(
            &b,
            &ScaleParams {
                x: 2.0,
                y: 3.0,
                about: None,
            },
        )
        .unwrap()
        .board;
        r.validate().unwrap();
        assert!((r.mesh().total_area() - 6.0 * b.mesh().total_area()).abs() < 1e-9);
        assert_eq!(r.faces(), b.faces());
        for bad in [0.0, -1.0, f64::INFINITY, 1e9] {
            assert!(matches!(
                scale(
                    &b,
                    &ScaleParams {
                        x: bad,
                        y: 1.0,
                        about: None
                    }
                ),
                Err(OpError::BadParameter(_))
            ));
        }
    }
}

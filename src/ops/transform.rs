//! Moving a whole board by an affine map (shared by mirror, rotate and scale).

use super::{Assembly, OpError};
use crate::board::Board;
use crate::mesh::Point;

/// `x' = m · (x − c) + c`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Affine {
    /// Row-major 2×2 matrix.
    pub m: [f64; 4],
    pub centre: Point,
}

impl Affine {
    pub fn apply(&self, p: Point) -> Point {
        let d = p - self.centre;
        let [a, b, c, e] = self.m;
        self.centre + Point::new(a * d.x + b * d.y, c * d.x + e * d.y)
    }
    /// Reflection across the line through `centre` at `degrees` to the x axis.
    pub fn mirror(centre: Point, degrees: f64) -> Affine {
        let (s, c) = sin_cos_degrees(2.0 * degrees);
        Affine {
            m: [c, s, s, -c],
            centre,
        }
    }
    /// Counter-clockwise rotation by `degrees` about `centre`.
    pub fn rotation(centre: Point, degrees: f64) -> Affine {
        let (s, c) = sin_cos_degrees(degrees);
        Affine {
            m: [c, -s, s, c],
            centre,
        }
    }
}

/// Sine and cosine of an angle in degrees, exact for multiples of 90°.
pub(crate) fn sin_cos_degrees(degrees: f64) -> (f64, f64) {
    let d = degrees.rem_euclid(360.0);
    match d {
        0.0 => (0.0, 1.0),
        90.0 => (1.0, 0.0),
        180.0 => (0.0, -1.0),
        270.0 => (-1.0, 0.0),
        _ => d.to_radians().sin_cos(),
    }
}

/// The board moved by `t`: same faces in the same order with all their data,
/// same tags and start pieces.
pub(crate) fn transformed(board: &Board, t: &Affine) -> Result<Board, OpError> {
    let mut asm = Assembly::with_vertices_of(board);
    for p in &mut asm.soup.positions {
        *p = t.apply(*p);
    }
    if let Some(p) = asm.soup.positions.iter().find(|p| !p.is_finite()) {
        return Err(OpError::BadParameter(format!(
            "the result has a corner that is not a finite point {p}"
        )));
    }
    for f in board.mesh().face_ids() {
        let corners: Vec<u32> = board.mesh().face_vertices(f).map(|v| v.0).collect();
        asm.push_face(&corners, board.face_data(f));
    }
    asm.tags = Assembly::tags_of(board);
    asm.pieces = board
        .setup()
        .pieces
        .iter()
        .map(|&(f, p)| (f.0, p))
        .collect();
    Ok(asm.finish()?.board)
}

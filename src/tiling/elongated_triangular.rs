//! The elongated triangular tiling (3.3.3.4.4): rows of squares alternating
//! with rows of triangles, each square row shifted by half a square.

use super::periodic::{Coords, Periodic};
use super::shape::Frame;
use crate::mesh::Point;

pub(super) fn tiling() -> Periodic {
    let h = 3f64.sqrt() / 2.0;
    let p = |x: f64, y: f64| Point::new(x, y);
    Periodic {
        frame: Frame::centred(p(1.0, 0.0), p(0.5, 1.0 + h)),
        tiles: vec![
            vec![p(-0.5, -0.5), p(0.5, -0.5), p(0.5, 0.5), p(-0.5, 0.5)],
            vec![p(-0.5, 0.5), p(0.5, 0.5), p(0.0, 0.5 + h)],
            vec![p(0.5, 0.5), p(1.0, 0.5 + h), p(0.0, 0.5 + h)],
        ],
        coords: Coords::None,
    }
}

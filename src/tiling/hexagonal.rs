//! The hexagonal tiling (6.6.6): pointy-top hexagons in rows shifted by half a
//! cell. Coordinates are axial: columns along the rows, rows along the 60°
//! axis, so a rhombus of size n is the n×n Hex board (`a1` bottom-left) and a
//! hexagon of size n has 3n(n − 1) + 1 cells.

use super::periodic::{Coords, Periodic, regular};
use super::shape::Frame;
use crate::mesh::Point;

pub(super) fn tiling() -> Periodic {
    let s3 = 3f64.sqrt();
    Periodic {
        frame: Frame {
            anchor: Point::new(0.0, 0.0),
            a: Point::new(s3, 0.0),
            b: Point::new(s3 / 2.0, 1.5),
            vertex_aligned: false,
        },
        tiles: vec![regular(Point::new(0.0, 0.0), 6, 1.0, 30.0)],
        coords: Coords::PerCell,
    }
}

//! The hexagonal tiling (6.6.6): pointy-top hexagons in rows shifted by half a
//! cell. Coordinates are axial: columns along the rows, rows along the 60°
//! axis, so a rhombus of size n is the n×n Hex board (`a1` bottom-left) and a
//! hexagon of size n has 3n(n − 1) + 1 cells.

use super::periodic::{Coords, Periodic, hexagonal_lattice, regular};
use super::shape::Frame;
use crate::mesh::Point;

pub(super) fn tiling() -> Periodic {
    let (a, b) = hexagonal_lattice(3f64.sqrt());
    Periodic {
        frame: Frame::centred(a, b),
        tiles: vec![regular(Point::new(0.0, 0.0), 6, 1.0, 30.0)],
        coords: Coords::PerCell,
    }
}

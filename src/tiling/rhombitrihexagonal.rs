//! The rhombitrihexagonal tiling (3.4.6.4): hexagons on a triangular lattice,
//! a square on each of their sides and a triangle at each corner gap (per
//! hexagon: 3 squares and 2 triangles).

use super::periodic::{Coords, Periodic, hexagonal_lattice, regular, unit_circumradius};
use super::shape::Frame;
use crate::mesh::Point;

pub(super) fn tiling() -> Periodic {
    let (a, b) = hexagonal_lattice(1.0 + 3f64.sqrt());
    let (r4, r3) = (unit_circumradius(4), unit_circumradius(3));
    Periodic {
        frame: Frame::centred(a, b),
        tiles: vec![
            regular(Point::new(0.0, 0.0), 6, 1.0, 30.0),
            regular(a * 0.5, 4, r4, 45.0),
            regular(b * 0.5, 4, r4, 105.0),
            regular((b - a) * 0.5, 4, r4, 165.0),
            regular((a + b) * (1.0 / 3.0), 3, r3, 90.0),
            regular((a + b) * (2.0 / 3.0), 3, r3, 270.0),
        ],
        coords: Coords::None,
    }
}

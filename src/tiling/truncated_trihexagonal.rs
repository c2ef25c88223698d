//! The truncated trihexagonal tiling (4.6.12): regular dodecagons on a
//! triangular lattice, a square between each two and a hexagon between each
//! three (per dodecagon: 3 squares and 2 hexagons).

use super::periodic::{Coords, Periodic, hexagonal_lattice, regular, unit_circumradius};
use super::shape::Frame;
use crate::mesh::Point;

pub(super) fn tiling() -> Periodic {
    let (a, b) = hexagonal_lattice(3.0 + 3f64.sqrt());
    let r4 = unit_circumradius(4);
    Periodic {
        frame: Frame::centred(a, b),
        tiles: vec![
            regular(Point::new(0.0, 0.0), 12, unit_circumradius(12), 15.0),
            regular(a * 0.5, 4, r4, 45.0),
            regular(b * 0.5, 4, r4, 105.0),
            regular((b - a) * 0.5, 4, r4, 165.0),
            regular((a + b) * (1.0 / 3.0), 6, 1.0, 0.0),
            regular((a + b) * (2.0 / 3.0), 6, 1.0, 0.0),
        ],
        coords: Coords::None,
    }
}

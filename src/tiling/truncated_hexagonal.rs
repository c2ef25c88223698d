//! The truncated hexagonal tiling (3.12.12): regular dodecagons on a
//! triangular lattice with a triangle in each gap (per dodecagon: 2 triangles).

use super::periodic::{Coords, Periodic, hexagonal_lattice, regular, unit_circumradius};
use super::shape::Frame;
use crate::mesh::Point;

pub(super) fn tiling() -> Periodic {
    let (a, b) = hexagonal_lattice(2.0 + 3f64.sqrt());
    let r3 = unit_circumradius(3);
    Periodic {
        frame: Frame::centred(a, b),
        tiles: vec![
            regular(Point::new(0.0, 0.0), 12, unit_circumradius(12), 15.0),
            regular((a + b) * (1.0 / 3.0), 3, r3, 270.0),
            regular((a + b) * (2.0 / 3.0), 3, r3, 90.0),
        ],
        coords: Coords::None,
    }
}

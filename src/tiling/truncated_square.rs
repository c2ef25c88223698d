//! The truncated square tiling (4.8.8): regular octagons on a square lattice
//! with a small square (turned 45°) between every four. A square shape of
//! size n holds n² octagons and the (n − 1)² squares between them.

use super::periodic::{Coords, Periodic, regular, unit_circumradius};
use super::shape::Frame;
use crate::mesh::Point;

pub(super) fn tiling() -> Periodic {
    let p = 1.0 + 2f64.sqrt();
    Periodic {
        frame: Frame::centred(Point::new(p, 0.0), Point::new(0.0, p)),
        tiles: vec![
            regular(Point::new(0.0, 0.0), 8, unit_circumradius(8), 22.5),
            regular(Point::new(p / 2.0, p / 2.0), 4, unit_circumradius(4), 0.0),
        ],
        coords: Coords::None,
    }
}

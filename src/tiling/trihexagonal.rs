//! The trihexagonal tiling (3.6.3.6): hexagons meeting corner to corner, with
//! triangles between them (per hexagon: 2 triangles).

use super::periodic::{Coords, Periodic, regular, unit_circumradius};
use super::shape::Frame;
use crate::mesh::Point;

pub(super) fn tiling() -> Periodic {
    let a = Point::new(2.0, 0.0);
    let b = Point::new(1.0, 3f64.sqrt());
    let r3 = unit_circumradius(3);
    Periodic {
        frame: Frame {
            anchor: Point::new(0.0, 0.0),
            a,
            b,
            vertex_aligned: false,
        },
        tiles: vec![
            regular(Point::new(0.0, 0.0), 6, 1.0, 0.0),
            regular((a + b) * (1.0 / 3.0), 3, r3, 270.0),
            regular((a + b) * (2.0 / 3.0), 3, r3, 90.0),
        ],
        coords: Coords::None,
    }
}

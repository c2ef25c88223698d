//! The snub square tiling (3.3.4.3.4): squares turned by ±15° in a
//! checkerboard, with pairs of triangles between them (per period: 2 squares
//! and 4 triangles).

use super::periodic::{Coords, Periodic, regular, unit_circumradius};
use super::shape::Frame;
use crate::mesh::Point;

/// Period length: (1 + √3)/√2.
pub(super) fn period() -> f64 {
    (1.0 + 3f64.sqrt()) / 2f64.sqrt()
}

pub(super) fn tiling() -> Periodic {
    let l = period();
    let r4 = unit_circumradius(4);
    // Square A at the origin turned +15°, square B at the period's centre −15°.
    let a = regular(Point::new(0.0, 0.0), 4, r4, 60.0);
    let b = regular(Point::new(l / 2.0, l / 2.0), 4, r4, 30.0);
    let at = |p: Point, i: f64, j: f64| p + Point::new(i * l, j * l);
    let tiles = vec![
        vec![at(b[0], -1.0, 0.0), a[0], b[1]],
        vec![at(b[1], 0.0, -1.0), a[0], b[3]],
        vec![b[0], b[1], at(b[3], 0.0, 1.0)],
        vec![b[0], b[3], at(a[0], 1.0, 0.0)],
        a,
        b,
    ];
    Periodic {
        frame: Frame::centred(Point::new(l, 0.0), Point::new(0.0, l)),
        tiles,
        coords: Coords::None,
    }
}

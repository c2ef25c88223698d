//! The square tiling (4.4.4.4): unit squares, columns lettered from the left,
//! rows numbered from the bottom (`a1` bottom-left).

use super::periodic::{Coords, Periodic};
use super::shape::Frame;
use crate::mesh::Point;

pub(super) fn tiling() -> Periodic {
    let h = 0.5;
    Periodic {
        frame: Frame::centred(Point::new(1.0, 0.0), Point::new(0.0, 1.0)),
        tiles: vec![vec![
            Point::new(-h, -h),
            Point::new(h, -h),
            Point::new(h, h),
            Point::new(-h, h),
        ]],
        coords: Coords::PerCell,
    }
}

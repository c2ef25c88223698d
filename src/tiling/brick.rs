//! The brick tiling (running bond): 2 × 1 bricks, each row shifted by half a
//! brick. Every brick has its joints above and below as corners, so it is a
//! hexagon with two straight angles and touches six bricks — the same
//! adjacency as the hexagonal tiling (a rhombus of bricks plays like Hex).

use super::periodic::{Coords, Periodic};
use super::shape::Frame;
use crate::mesh::Point;

pub(super) fn tiling() -> Periodic {
    let p = |x: f64, y: f64| Point::new(x, y);
    Periodic {
        frame: Frame::centred(p(2.0, 0.0), p(1.0, 1.0)),
        tiles: vec![vec![
            p(-1.0, -0.5),
            p(0.0, -0.5),
            p(1.0, -0.5),
            p(1.0, 0.5),
            p(0.0, 0.5),
            p(-1.0, 0.5),
        ]],
        coords: Coords::PerCell,
    }
}

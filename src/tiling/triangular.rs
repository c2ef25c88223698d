//! The triangular tiling (3.3.3.3.3.3): unit triangles pointing up and down.
//! Shapes run through the lattice's vertices: a triangle of size n has n²
//! triangles (the triangle preset's board, with the same labels and tags), a
//! rhombus 2n², a hexagon 6n². Within a row, columns alternate up- and
//! down-pointing triangles.

use super::periodic::{Coords, Periodic, hexagonal_lattice};
use super::shape::Frame;
use crate::mesh::Point;

pub(super) fn tiling() -> Periodic {
    let h = 3f64.sqrt() / 2.0;
    let p = |x: f64, y: f64| Point::new(x, y);
    let (a, b) = hexagonal_lattice(1.0);
    Periodic {
        frame: Frame {
            anchor: p(0.0, 0.0),
            a,
            b,
            vertex_aligned: true,
        },
        tiles: vec![
            vec![p(0.0, 0.0), p(1.0, 0.0), p(0.5, h)],
            vec![p(1.0, 0.0), p(1.5, h), p(0.5, h)],
        ],
        coords: Coords::Triangles,
    }
}

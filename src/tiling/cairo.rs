//! The Cairo pentagonal tiling: the dual of the snub square tiling — one
//! pentagon around each of its vertices, through the centres of the five
//! tiles meeting there (four long sides and one short).

use super::periodic::{Coords, Periodic, tile_centre};
use super::snub_square;
use crate::mesh::Point;

pub(super) fn tiling() -> Periodic {
    let snub = snub_square::tiling();
    let (a, b) = (snub.frame.a, snub.frame.b);
    // The snub tiles around the period, with their centres.
    let mut around: Vec<(Vec<Point>, Point)> = Vec::new();
    for j in -1..=1 {
        for i in -1..=1 {
            let shift = a * i as f64 + b * j as f64;
            for t in &snub.tiles {
                let moved: Vec<Point> = t.iter().map(|&p| p + shift).collect();
                let c = tile_centre(&moved);
                around.push((moved, c));
            }
        }
    }
    // Every vertex of the period is a corner of square A (the tile before last).
    let square_a = &snub.tiles[snub.tiles.len() - 2];
    let tiles = square_a
        .iter()
        .map(|&v| {
            let mut ring: Vec<Point> = around
                .iter()
                .filter(|(t, _)| t.iter().any(|p| p.distance(v) < 1e-9))
                .map(|(_, c)| *c)
                .collect();
            ring.sort_by(|p, q| {
                let ang = |x: &Point| (x.y - v.y).atan2(x.x - v.x);
                ang(p).total_cmp(&ang(q))
            });
            debug_assert_eq!(ring.len(), 5);
            ring
        })
        .collect::<Vec<_>>();
    // Shapes centre on a pentagon.
    let mut frame = snub.frame;
    frame.anchor = tile_centre(&tiles[0]);
    Periodic {
        frame,
        tiles,
        coords: Coords::None,
    }
}

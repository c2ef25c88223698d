//! Shared by the LOA tests: boards with holes and set-ups, and one playout
//! with given settings.
#![allow(dead_code)]

use boardwright::board::{Board, BoardBuilder, FaceData, GridCoord, grid_label};
use boardwright::mesh::{FaceId, Mesh, Point};
use boardwright::rules::loa::{Loa, LoaPosition, LoaSettings};
use boardwright::rules::search::Searchable;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// A w×h square grid without the squares in `holes`, with labels/coords like
/// `presets::square_grid` (a1 bottom-left), and the given start setup.
pub fn custom_board(w: i32, h: i32, holes: &[&str], black: &[&str], white: &[&str]) -> Arc<Board> {
    let mut pts = Vec::new();
    for y in 0..=h {
        for x in 0..=w {
            pts.push(Point::new(x as f64, y as f64));
        }
    }
    let vid = |x: i32, y: i32| (y * (w + 1) + x) as u32;
    let mut polys = Vec::new();
    let mut coords = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if holes.contains(&grid_label(c as u32, r as u32).as_str()) {
                continue;
            }
            polys.push(vec![
                vid(c, r),
                vid(c + 1, r),
                vid(c + 1, r + 1),
                vid(c, r + 1),
            ]);
            coords.push(GridCoord::new(c, r));
        }
    }
    let mesh = Mesh::from_polygons(&pts, &polys).unwrap();
    let face = |l: &str| {
        let g = coords
            .iter()
            .position(|g| grid_label(g.col as u32, g.row as u32) == l);
        FaceId(g.unwrap() as u32)
    };
    let mut b = BoardBuilder::from_mesh(mesh).faces(coords.iter().map(|g| FaceData {
        label: grid_label(g.col as u32, g.row as u32).into(),
        coord: Some(*g),
        ..FaceData::default()
    }));
    for (list, p) in [(black, 0u8), (white, 1u8)] {
        for l in list {
            b = b.piece(face(l), p);
        }
    }
    Arc::new(b.build().unwrap())
}

/// One playout of `loa`'s search from `pos` with `settings` and random
/// numbers from `seed`: the evaluation it ends in (Black's win probability).
pub fn playout(loa: &Loa, pos: &LoaPosition, settings: LoaSettings, seed: u64) -> f32 {
    let aux = loa.aux(&settings, pos);
    let (mut moves, mut bytes) = (Vec::new(), Vec::new());
    let mut p = pos.clone();
    loa.simulate(
        &aux,
        &mut p,
        &mut ChaCha8Rng::seed_from_u64(seed),
        &mut moves,
        &mut bytes,
    )
}

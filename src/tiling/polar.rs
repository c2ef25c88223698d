//! The polar (concentric) tiling: rings of sectors around an optional centre
//! cell. Ring k (counted from the middle) lies between radii k and k + 1
//! with the centre cell inside radius 1, or — without a centre cell — the
//! first ring is made of pie slices meeting at the middle.
//!
//! Each ring may have its own number of sectors (default: 6, 12, 18, … —
//! cells of about equal size). Corners where the neighbouring rings divide
//! differently become corners of both cells, so the board has no T-joints;
//! circles with fewer than 12 corners get corners every 30° so that cells
//! look round. Angles are kept as exact fractions of a turn, so shared corners
//! are the same vertex. Grid coordinates are (sector, ring) and labels are
//! sector letters (counter-clockwise from the east) and ring numbers from the
//! middle (`a1` is the centre cell) — the labels `op relabel --by rings` gives.

use super::TilingError;
use crate::board::FaceData;
use crate::board::{Board, GridCoord, grid_name};
use crate::mesh::Point;
use crate::ops::Assembly;

/// Most rings and most sectors in one ring.
pub const MAX_RINGS: u32 = 500;
pub const MAX_SECTORS: u32 = 5000;

/// Options of the polar tiling.
#[derive(Clone, Debug, PartialEq)]
pub struct PolarOptions {
    /// Sectors per ring: one number for every ring, or one per ring from the
    /// middle out. Empty: 6 × the ring's number.
    pub sectors: Vec<u32>,
    /// A centre cell (otherwise the first ring is pie slices).
    pub centre: bool,
}

impl Default for PolarOptions {
    fn default() -> Self {
        PolarOptions {
            sectors: Vec::new(),
            centre: true,
        }
    }
}

/// A fraction of a turn, reduced.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct Turn(u64, u64);

impl Turn {
    fn new(n: u64, d: u64) -> Turn {
        fn gcd(a: u64, b: u64) -> u64 {
            if b == 0 { a } else { gcd(b, a % b) }
        }
        let g = gcd(n, d).max(1);
        Turn(n / g, d / g)
    }
    /// Exact order of two fractions.
    fn order(self, o: Turn) -> std::cmp::Ordering {
        ((self.0 as u128) * (o.1 as u128)).cmp(&((o.0 as u128) * (self.1 as u128)))
    }
    fn value(self) -> f64 {
        self.0 as f64 / self.1 as f64
    }
}

/// The polar board with `rings` rings.
pub(super) fn build(
    rings: u32,
    opts: &PolarOptions,
    max_faces: usize,
) -> Result<Board, TilingError> {
    let rings_n = rings as usize;
    let sectors: Vec<u64> = match opts.sectors.len() {
        0 => (1..=rings as u64).map(|k| 6 * k).collect(),
        1 => vec![opts.sectors[0] as u64; rings_n],
        n if n == rings_n => opts.sectors.iter().map(|&s| s as u64).collect(),
        n => {
            return Err(TilingError::BadOption(format!(
                "--sectors lists {n} rings but the board has {rings}; give one number, or one per ring"
            )));
        }
    };
    if let Some(&s) = sectors
        .iter()
        .find(|&&s| !(3..=MAX_SECTORS as u64).contains(&s))
    {
        return Err(TilingError::BadOption(format!(
            "a ring needs 3 to {MAX_SECTORS} sectors, not {s}"
        )));
    }
    let faces = sectors.iter().sum::<u64>() + u64::from(opts.centre);
    if faces > max_faces as u64 {
        return Err(TilingError::TooLarge {
            faces,
            limit: max_faces,
        });
    }
    let inner_r = |k: usize| (k + usize::from(opts.centre)) as f64;
    // Corners on each circle: circle c has radius c (c = 0 is the middle point
    // without a centre cell). Circle c bounds ring c − 1 − centre on the inside
    // and ring c − centre on the outside.
    let circles = rings_n + 1 + usize::from(opts.centre);
    let ring_at = |c: usize, outside: bool| -> Option<usize> {
        let k = c as i64 - i64::from(opts.centre) - if outside { 0 } else { 1 };
        (0..rings_n as i64).contains(&k).then_some(k as usize)
    };
    let mut corners: Vec<Vec<Turn>> = Vec::with_capacity(circles);
    for c in 0..circles {
        let mut set: Vec<Turn> = Vec::new();
        for k in [ring_at(c, false), ring_at(c, true)].into_iter().flatten() {
            set.extend((0..sectors[k]).map(|j| Turn::new(j, sectors[k])));
        }
        set.sort_by(|a, b| a.order(*b));
        set.dedup();
        if set.len() < 12 {
            set.extend((0..12).map(|j| Turn::new(j, 12)));
            set.sort_by(|a, b| a.order(*b));
            set.dedup();
        }
        corners.push(set);
    }
    let mut asm = Assembly::default();
    let mut ids: Vec<Vec<u32>> = Vec::with_capacity(circles);
    for (c, set) in corners.iter().enumerate() {
        let r = c as f64;
        if c == 0 {
            // The middle point: the pie slices' common corner, or unused.
            ids.push(if opts.centre {
                Vec::new()
            } else {
                vec![asm.soup.push_vertex(Point::new(0.0, 0.0))]
            });
            continue;
        }
        ids.push(
            set.iter()
                .map(|t| {
                    let a = std::f64::consts::TAU * t.value();
                    asm.soup.push_vertex(Point::new(r * a.cos(), r * a.sin()))
                })
                .collect(),
        );
    }
    // Corners of circle c from turn f0 to f1 (f1 may be a whole turn), in order.
    let arc = |c: usize, f0: Turn, f1: Turn| -> Vec<u32> {
        let set = &corners[c];
        let start = set
            .iter()
            .position(|&t| t == f0)
            .expect("sector boundary is a corner");
        let mut out = Vec::new();
        let mut i = start;
        loop {
            out.push(ids[c][i]);
            i = (i + 1) % set.len();
            let t = set[i];
            if t == f1 || (f1 == Turn(1, 1) && t == Turn(0, 1)) {
                out.push(ids[c][i]);
                break;
            }
        }
        out
    };
    let mut cells: Vec<GridCoord> = Vec::new();
    if opts.centre {
        asm.push_face(&ids[1].clone(), FaceData::default());
        cells.push(GridCoord::new(0, 0));
    }
    for (k, &m) in sectors.iter().enumerate() {
        let c_in = inner_r(k) as usize;
        for j in 0..m {
            let (f0, f1) = (Turn::new(j, m), Turn::new(j + 1, m));
            let mut poly = if c_in == 0 {
                vec![ids[0][0]]
            } else {
                arc(c_in, f0, f1)
            };
            let mut outer = arc(c_in + 1, f0, f1);
            outer.reverse();
            poly.extend(outer);
            asm.push_face(&poly, FaceData::default());
            cells.push(GridCoord::new(
                j as i32,
                (k + usize::from(opts.centre)) as i32,
            ));
        }
    }
    for (row, g) in asm.rows.iter_mut().zip(&cells) {
        row.label = grid_name(g.col as u32, g.row as u32);
        row.coord = Some(*g);
    }
    Ok(asm.finish().map_err(TilingError::Build)?.board)
}

//! Periodic tilings: the tiles of one period repeated over a lattice, kept
//! where the shape's outline says, welded into a board.
//!
//! Every tiling here has edges of length 1 (bricks are 2 × 1) and its first
//! lattice vector along +x. Tiles are generated independently (each with its
//! own corners) and welded by the mesh builder with an absolute tolerance of
//! 10⁻⁶, far below any edge length and far above rounding errors (~10⁻¹³ at
//! the largest sizes).

use super::TilingError;
use super::shape::{Frame, ShapeKind, ShapeSpec};
use crate::board::FaceData;
use crate::board::{Board, GridCoord, grid_name};
use crate::mesh::geom::{centroid, signed_area};
use crate::mesh::{Aabb, Point};
use crate::ops::{Assembly, Outline, with_labels};

/// Weld tolerance for tiles of unit edge length.
pub(crate) const WELD: f64 = 1e-6;

/// How faces of a tiling get grid coordinates.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Coords {
    /// No axes: faces are labelled by rows.
    None,
    /// One tile per lattice cell: (i, j).
    PerCell,
    /// Two triangles per cell: (2i + t, j), as in the triangle preset.
    Triangles,
}

/// One period of a tiling.
#[derive(Clone, Debug)]
pub(crate) struct Periodic {
    pub frame: Frame,
    /// The tiles around lattice point 0 (corners in any orientation).
    pub tiles: Vec<Vec<Point>>,
    pub coords: Coords,
}

impl Periodic {
    /// Lattice coordinates of a point.
    fn lattice(&self, p: Point) -> (f64, f64) {
        let Frame { anchor, a, b, .. } = self.frame;
        let d = p - anchor;
        let det = a.cross(b);
        (d.cross(b) / det, a.cross(d) / det)
    }

    /// Average area of one tile.
    pub fn tile_area(&self) -> f64 {
        self.frame.a.cross(self.frame.b).abs() / self.tiles.len() as f64
    }

    /// About how many tiles the shape holds (its area over a tile's), found
    /// without building.
    pub fn estimate(&self, spec: &ShapeSpec) -> Result<f64, TilingError> {
        let outline = self.frame.outline(spec).map_err(TilingError::Outline)?;
        Ok(outline_area(&outline) / self.tile_area())
    }

    /// The board of the tiles the shape keeps.
    pub fn build(&self, spec: &ShapeSpec, max_faces: usize) -> Result<Board, TilingError> {
        let outline = self.frame.outline(spec).map_err(TilingError::Outline)?;
        let estimate = outline_area(&outline) / self.tile_area();
        if estimate > max_faces as f64 * 1.05 {
            return Err(TilingError::TooLarge {
                faces: estimate as u64,
                limit: max_faces,
            });
        }
        let bb = Aabb::from_points(outline.points().iter().copied());
        let (mut u0, mut u1, mut v0, mut v1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for p in [
            bb.min,
            bb.max,
            Point::new(bb.min.x, bb.max.y),
            Point::new(bb.max.x, bb.min.y),
        ] {
            let (u, v) = self.lattice(p);
            (u0, u1, v0, v1) = (u0.min(u), u1.max(u), v0.min(v), v1.max(v));
        }
        let (i0, i1) = (u0.floor() as i64 - 2, u1.ceil() as i64 + 2);
        let (j0, j1) = (v0.floor() as i64 - 2, v1.ceil() as i64 + 2);
        let rect = spec.kind == ShapeKind::Rectangle;
        let mut asm = Assembly {
            weld: Some(WELD),
            ..Default::default()
        };
        let mut cells: Vec<(i64, i64)> = Vec::new();
        let tol = WELD * 0.1;
        let mut pts = Vec::new();
        for j in j0..=j1 {
            for i in i0..=i1 {
                let shift = self.frame.a * i as f64 + self.frame.b * j as f64;
                for (t, tile) in self.tiles.iter().enumerate() {
                    pts.clear();
                    pts.extend(tile.iter().map(|&p| p + shift));
                    if !outline.keeps(spec.rule, &pts, tol) {
                        continue;
                    }
                    let ids: Vec<u32> = pts.iter().map(|&p| asm.soup.push_vertex(p)).collect();
                    asm.push_face(&ids, FaceData::default());
                    cells.push(self.coord(i, j, t, rect));
                }
            }
        }
        if asm.rows.is_empty() {
            return Err(TilingError::NothingInside {
                rule: spec.rule.name(),
            });
        }
        if self.coords != Coords::None {
            let c0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
            let r0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
            for (row, &(c, r)) in asm.rows.iter_mut().zip(&cells) {
                let g = GridCoord::new((c - c0) as i32, (r - r0) as i32);
                row.label = grid_name(g.col as u32, g.row as u32);
                row.coord = Some(g);
            }
        }
        let mut board = asm.finish().map_err(TilingError::Build)?.board;
        if self.coords == Coords::None {
            board = with_labels(&board, crate::ops::relabel::row_labels(&board))
                .map_err(TilingError::Build)?;
        }
        let (board, _) = outline.tag_board(&board).map_err(TilingError::Build)?;
        Ok(board)
    }

    /// The grid coordinate of tile `t` of cell (i, j); in rectangles, columns
    /// count from the left of each row.
    fn coord(&self, i: i64, j: i64, t: usize, rect: bool) -> (i64, i64) {
        let shifted = (self.frame.b.x / self.frame.a.x - 0.5).abs() < 1e-9;
        match self.coords {
            Coords::None | Coords::PerCell => {
                let col = if rect && shifted {
                    i + j.div_euclid(2)
                } else {
                    i
                };
                (col, j)
            }
            Coords::Triangles => {
                let col = 2 * i + t as i64;
                (if rect { col + j } else { col }, j)
            }
        }
    }
}

/// Area inside an outline.
fn outline_area(o: &Outline) -> f64 {
    signed_area(o.points().iter().copied()).abs()
}

/// A lattice with hexagonal symmetry: cells `p` apart along +x and along 60°.
pub(crate) fn hexagonal_lattice(p: f64) -> (Point, Point) {
    (
        Point::new(p, 0.0),
        Point::new(p / 2.0, p * 3f64.sqrt() / 2.0),
    )
}

/// A regular polygon with `k` corners at `radius` from `c`, the first at
/// `degrees` from the x axis.
pub(crate) fn regular(c: Point, k: usize, radius: f64, degrees: f64) -> Vec<Point> {
    (0..k)
        .map(|m| {
            let t = (degrees + 360.0 * m as f64 / k as f64).to_radians();
            c + Point::new(t.cos(), t.sin()) * radius
        })
        .collect()
}

/// Circumradius of a regular k-gon with unit edges.
pub(crate) fn unit_circumradius(k: usize) -> f64 {
    0.5 / (std::f64::consts::PI / k as f64).sin()
}

/// The centroid of a tile (for tiles defined by their corners).
pub(crate) fn tile_centre(tile: &[Point]) -> Point {
    centroid(tile)
}

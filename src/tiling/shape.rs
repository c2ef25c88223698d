//! Shapes: which part of a tiling becomes the board, and how its sides are
//! tagged.
//!
//! A shape of size n is laid out on the tiling's lattice (see
//! [`super::periodic`]), so that "size n" means n cells along each side:
//!
//! | shape | cells (centre of a cell at lattice point (i, j)) | side tags |
//! |---|---|---|
//! | rectangle W×H | rows 0..H, each W cells wide (rows shifted by half a cell alternate W and W − 1) | bottom, right, top, left |
//! | rhombus n | 0 ≤ i, j < n (the Hex board on hexagons) | bottom, right, top, left |
//! | triangle n | i, j ≥ 0, i + j < n | bottom, right, left (the sides of Y) |
//! | hexagon n | \|i\|, \|j\|, \|i + j\| < n (hexhex: 3n(n − 1) + 1 hexagons) | side1 … side6 counter-clockwise from the bottom, corner1 … corner6 (the corner cells, where each side starts) |
//! | disc n | centres less than n − 0.7 cells from the middle cell | none |
//! | polygon | any simple polygon in board coordinates | bottom/right/left (3 sides), bottom/right/top/left (4), side1 … (5 to 12), none (more) |
//!
//! The outline runs a margin beyond the centres of the outermost cells
//! (a third of a cell along the lattice axes), so the
//! [`KeepRule::Centroid`] rule takes exactly the cells above and the
//! secondary tiles of semi-regular tilings lying between them;
//! [`KeepRule::Inside`] takes only tiles entirely within that outline.
//! Tilings whose cells are not centred on lattice points (the triangular
//! tiling) lay shapes out through lattice vertices instead: a triangle of
//! side n holds n² triangles, a rhombus 2n², a hexagon 6n².

use crate::board::SideTag;
use crate::mesh::Point;
use crate::ops::{KeepRule, OpError, Outline};

/// The kinds of shape.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ShapeKind {
    Rectangle,
    Rhombus,
    Triangle,
    Hexagon,
    Disc,
    Polygon,
}

impl ShapeKind {
    pub const ALL: [ShapeKind; 6] = [
        ShapeKind::Rectangle,
        ShapeKind::Rhombus,
        ShapeKind::Triangle,
        ShapeKind::Hexagon,
        ShapeKind::Disc,
        ShapeKind::Polygon,
    ];
    pub fn name(self) -> &'static str {
        match self {
            ShapeKind::Rectangle => "rectangle",
            ShapeKind::Rhombus => "rhombus",
            ShapeKind::Triangle => "triangle",
            ShapeKind::Hexagon => "hexagon",
            ShapeKind::Disc => "disc",
            ShapeKind::Polygon => "polygon",
        }
    }
}

impl std::str::FromStr for ShapeKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.to_ascii_lowercase();
        let s = match s.as_str() {
            "square" | "rect" => "rectangle",
            "diamond" => "rhombus",
            "hexhex" => "hexagon",
            "circle" | "round" => "disc",
            other => other,
        };
        ShapeKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown shape '{s}' (expected {})",
                    ShapeKind::ALL.map(ShapeKind::name).join(", ")
                )
            })
    }
}

/// A shape with its size: `n` cells per side, or `w × h` for a rectangle.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeSpec {
    pub kind: ShapeKind,
    /// Cells per side (the rectangle's width).
    pub size: u32,
    /// The rectangle's height (other shapes ignore it).
    pub height: u32,
    /// The outline of a `Polygon` shape, in board coordinates.
    pub polygon: Vec<Point>,
    pub rule: KeepRule,
}

impl ShapeSpec {
    /// A shape of size `n` (a rectangle `n × n`).
    pub fn new(kind: ShapeKind, n: u32) -> ShapeSpec {
        ShapeSpec {
            kind,
            size: n,
            height: n,
            polygon: Vec::new(),
            rule: KeepRule::Centroid,
        }
    }
    /// A polygon shape.
    pub fn polygon(points: Vec<Point>) -> ShapeSpec {
        ShapeSpec {
            polygon: points,
            ..ShapeSpec::new(ShapeKind::Polygon, 1)
        }
    }
    /// `8`, or `8x6` for a rectangle.
    pub fn describe_size(&self) -> String {
        match self.kind {
            ShapeKind::Rectangle => format!("{}×{}", self.size, self.height),
            ShapeKind::Polygon => format!("{} corners", self.polygon.len()),
            _ => self.size.to_string(),
        }
    }
}

/// Parse a size: `8`, or `8x6` (also `8×6`) for width × height.
pub fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("'{s}' is not a size (write N, or WxH for a rectangle)");
    let t = s.trim().to_ascii_lowercase();
    let (w, h) = match t.split_once(['x', '×']) {
        Some((w, h)) => (w.trim(), h.trim()),
        None => (t.as_str(), t.as_str()),
    };
    let w: u32 = w.parse().map_err(|_| bad())?;
    let h: u32 = h.parse().map_err(|_| bad())?;
    Ok((w, h))
}

/// How shapes sit on a lattice: where cells are and what "size n" spans.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Frame {
    /// The middle of shapes: a cell centre (or a vertex, when vertex-aligned).
    pub anchor: Point,
    /// Lattice vectors; `a` points along +x.
    pub a: Point,
    pub b: Point,
    /// Shapes run through lattice vertices (cells are not centred on lattice
    /// points).
    pub vertex_aligned: bool,
}

/// Margin beyond the outermost cell centres, in lattice units. Secondary
/// tiles of the semi-regular tilings sit at offsets ⅓, ½ or ⅔; 0.3 keeps the
/// ones between cells and leaves out those sticking out of the outline.
const MARGIN: f64 = 0.3;

impl Frame {
    /// Shapes centred on the cell at the origin of lattice `a`, `b`.
    pub(crate) fn centred(a: Point, b: Point) -> Frame {
        Frame {
            anchor: Point::new(0.0, 0.0),
            a,
            b,
            vertex_aligned: false,
        }
    }

    fn at(&self, u: f64, v: f64) -> Point {
        self.anchor + self.a * u + self.b * v
    }
    /// Whether rows are shifted by half a cell (hexagons, bricks, …).
    fn shifted_rows(&self) -> bool {
        (self.b.x / self.a.x - 0.5).abs() < 1e-9
    }

    /// The outline of `spec` on this lattice.
    pub fn outline(&self, spec: &ShapeSpec) -> Result<Outline, OpError> {
        let n = spec.size as f64;
        let (lo, hi) = if self.vertex_aligned {
            (0.0, n)
        } else {
            (-MARGIN, n - 1.0 + MARGIN)
        };
        let lattice_polygon = |corners: &[(f64, f64)]| {
            Outline::polygon(corners.iter().map(|&(u, v)| self.at(u, v)).collect())
        };
        let named = |o: Outline, tags: &[SideTag]| {
            let sides = tags.iter().copied().map(Some).collect();
            o.with_tags(sides, Vec::new())
        };
        use SideTag::{Bottom, Left, Right, Top};
        match spec.kind {
            ShapeKind::Rectangle => {
                let (w, h) = (spec.size as f64, spec.height as f64);
                let (x0, x1, y0, y1) = if self.vertex_aligned {
                    let s = if self.shifted_rows() { 0.25 } else { 0.0 };
                    (s, w + s, 0.0, h)
                } else {
                    let m = if self.shifted_rows() { 0.2 } else { MARGIN };
                    (-m, w - 1.0 + m, -MARGIN, h - 1.0 + MARGIN)
                };
                let (ax, by) = (self.a.x, self.b.y);
                let p = |x: f64, y: f64| self.anchor + Point::new(x * ax, y * by);
                let o = Outline::polygon(vec![p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)])?;
                Ok(named(o, &[Bottom, Right, Top, Left]))
            }
            ShapeKind::Rhombus => {
                let o = lattice_polygon(&[(lo, lo), (hi, lo), (hi, hi), (lo, hi)])?;
                Ok(named(o, &[Bottom, Right, Top, Left]))
            }
            ShapeKind::Triangle => {
                let s = if self.vertex_aligned {
                    n
                } else {
                    n - 1.0 + MARGIN
                };
                let o = lattice_polygon(&[(lo, lo), (s - lo, lo), (lo, s - lo)])?;
                Ok(named(o, &[Bottom, Right, Left]))
            }
            ShapeKind::Hexagon => {
                let r = if self.vertex_aligned {
                    n
                } else {
                    n - 1.0 + MARGIN
                };
                // Lattice directions of the corners, starting where side 1 (the
                // bottom side on hexagonal lattices) starts.
                let dirs = [
                    (0.0, -1.0),
                    (1.0, -1.0),
                    (1.0, 0.0),
                    (0.0, 1.0),
                    (-1.0, 1.0),
                    (-1.0, 0.0),
                ];
                let o = lattice_polygon(&dirs.map(|(u, v)| (u * r, v * r)))?;
                // The corner cells: centred on the corners of the cell centres'
                // hexagon, or (vertex-aligned) just inside the outline's corners.
                let c = if self.vertex_aligned {
                    n - 0.5
                } else {
                    n - 1.0
                };
                let sides = (1..=6).map(SideTag::side).collect();
                let corners = dirs
                    .iter()
                    .zip(1..=6)
                    .filter_map(|(&(u, v), k)| Some((self.at(u * c, v * c), SideTag::corner(k)?)))
                    .collect();
                Ok(o.with_tags(sides, corners))
            }
            ShapeKind::Disc => {
                let r = if self.vertex_aligned {
                    n
                } else {
                    n - 1.0 + MARGIN
                };
                Outline::circle(self.anchor, r * self.a.x)
            }
            ShapeKind::Polygon => polygon_outline(&spec.polygon),
        }
    }
}

/// A drawn polygon, tagged by [`Outline::with_polygon_tags`] when it has at
/// most twelve sides.
pub(crate) fn polygon_outline(points: &[Point]) -> Result<Outline, OpError> {
    let o = Outline::polygon(points.to_vec())?;
    Ok(o.clone().with_polygon_tags().unwrap_or(o))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_shapes_and_sizes() {
        assert_eq!("hexhex".parse(), Ok(ShapeKind::Hexagon));
        assert_eq!("Rhombus".parse(), Ok(ShapeKind::Rhombus));
        assert!("blob".parse::<ShapeKind>().is_err());
        assert_eq!(parse_size("8"), Ok((8, 8)));
        assert_eq!(parse_size("8x6"), Ok((8, 6)));
        assert_eq!(parse_size("8×6"), Ok((8, 6)));
        assert!(parse_size("8x").is_err());
        assert!(parse_size("-3").is_err());
    }
}

//! Tilings: regular, semi-regular and other plane tilings cut to a shape,
//! as validated boards.
//!
//! A tiling is a polygon soup (the tiles of one period repeated over a
//! lattice, see [`periodic`], or the rings of the polar tiling) from which a
//! [`shape`] keeps the tiles by a [`KeepRule`]; the mesh builder welds the
//! tiles' shared corners, faces get labels (and grid coordinates where the
//! tiling has axes) and the shape tags the board's sides. One file per
//! tiling; [`TILINGS`] lists them all.
//!
//! This module sits beside `presets`: it uses `mesh`, `board` and `ops`.

mod brick;
mod cairo;
mod elongated_triangular;
mod hexagonal;
pub(crate) mod periodic;
pub mod polar;
mod rhombitrihexagonal;
pub mod shape;
mod snub_square;
mod square;
mod triangular;
mod trihexagonal;
mod truncated_hexagonal;
mod truncated_square;
mod truncated_trihexagonal;

pub use polar::PolarOptions;
pub use shape::{ShapeKind, ShapeSpec, parse_size};

use crate::board::{Board, BoardMeta};
use crate::ops::{KeepRule, OpError, Parts};

/// Most faces a tiling may produce.
pub const MAX_FACES: usize = 1_000_000;
/// Largest size (cells per side) of any shape.
pub const MAX_SIZE: u32 = 1000;

/// The tilings.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TilingKind {
    Square,
    Hexagonal,
    Triangular,
    Brick,
    TruncatedSquare,
    Rhombitrihexagonal,
    Trihexagonal,
    TruncatedHexagonal,
    TruncatedTrihexagonal,
    ElongatedTriangular,
    SnubSquare,
    Cairo,
    Polar,
}

/// What the registry knows about a tiling.
#[derive(Debug)]
pub struct TilingInfo {
    pub kind: TilingKind,
    /// The name on the command line.
    pub name: &'static str,
    /// Vertex configuration (`4.8.8`), also accepted as a name; empty if none.
    pub notation: &'static str,
    pub title: &'static str,
    pub shapes: &'static [ShapeKind],
    pub default_shape: ShapeKind,
    pub default_size: u32,
}

/// Lattice tilings take every shape.
const LATTICE_SHAPES: &[ShapeKind] = &ShapeKind::ALL;

macro_rules! lattice {
    ($kind:ident, $name:literal, $notation:literal, $title:literal, $shape:ident, $size:literal) => {
        TilingInfo {
            kind: TilingKind::$kind,
            name: $name,
            notation: $notation,
            title: $title,
            shapes: LATTICE_SHAPES,
            default_shape: ShapeKind::$shape,
            default_size: $size,
        }
    };
}

/// Every tiling, in the order `tiling --list` shows them.
pub const TILINGS: &[TilingInfo] = &[
    lattice!(Square, "square", "4.4.4.4", "Square", Rectangle, 8),
    lattice!(Hexagonal, "hexagonal", "6.6.6", "Hexagonal", Hexagon, 5),
    lattice!(
        Triangular,
        "triangular",
        "3.3.3.3.3.3",
        "Triangular",
        Triangle,
        8
    ),
    lattice!(Brick, "brick", "", "Brick (running bond)", Rectangle, 8),
    lattice!(
        TruncatedSquare,
        "truncated-square",
        "4.8.8",
        "Truncated square",
        Rectangle,
        6
    ),
    lattice!(
        Rhombitrihexagonal,
        "rhombitrihexagonal",
        "3.4.6.4",
        "Rhombitrihexagonal",
        Hexagon,
        3
    ),
    lattice!(
        Trihexagonal,
        "trihexagonal",
        "3.6.3.6",
        "Trihexagonal",
        Hexagon,
        4
    ),
    lattice!(
        TruncatedHexagonal,
        "truncated-hexagonal",
        "3.12.12",
        "Truncated hexagonal",
        Hexagon,
        3
    ),
    lattice!(
        TruncatedTrihexagonal,
        "truncated-trihexagonal",
        "4.6.12",
        "Truncated trihexagonal",
        Hexagon,
        3
    ),
    lattice!(
        ElongatedTriangular,
        "elongated-triangular",
        "3.3.3.4.4",
        "Elongated triangular",
        Rectangle,
        6
    ),
    lattice!(
        SnubSquare,
        "snub-square",
        "3.3.4.3.4",
        "Snub square",
        Rectangle,
        5
    ),
    lattice!(Cairo, "cairo", "", "Cairo pentagonal", Rectangle, 5),
    TilingInfo {
        kind: TilingKind::Polar,
        name: "polar",
        notation: "",
        title: "Polar (rings of sectors)",
        shapes: &[ShapeKind::Disc],
        default_shape: ShapeKind::Disc,
        default_size: 4,
    },
];

impl TilingKind {
    pub fn info(self) -> &'static TilingInfo {
        TILINGS
            .iter()
            .find(|t| t.kind == self)
            .expect("every tiling is registered")
    }
    /// A tiling by name or vertex configuration (case-insensitive; `hex`,
    /// `concentric` and `snub` are accepted too).
    pub fn by_name(name: &str) -> Result<TilingKind, TilingError> {
        let n = name.to_ascii_lowercase().replace('_', "-");
        let n = match n.as_str() {
            "hex" => "hexagonal",
            "triangle" => "triangular",
            "concentric" | "circular" => "polar",
            "snub" => "snub-square",
            "pentagonal" => "cairo",
            other => other,
        };
        TILINGS
            .iter()
            .find(|t| t.name == n || (!t.notation.is_empty() && t.notation == n))
            .map(|t| t.kind)
            .ok_or_else(|| TilingError::Unknown(name.to_string()))
    }
    fn periodic(self) -> Option<periodic::Periodic> {
        Some(match self {
            TilingKind::Square => square::tiling(),
            TilingKind::Hexagonal => hexagonal::tiling(),
            TilingKind::Triangular => triangular::tiling(),
            TilingKind::Brick => brick::tiling(),
            TilingKind::TruncatedSquare => truncated_square::tiling(),
            TilingKind::Rhombitrihexagonal => rhombitrihexagonal::tiling(),
            TilingKind::Trihexagonal => trihexagonal::tiling(),
            TilingKind::TruncatedHexagonal => truncated_hexagonal::tiling(),
            TilingKind::TruncatedTrihexagonal => truncated_trihexagonal::tiling(),
            TilingKind::ElongatedTriangular => elongated_triangular::tiling(),
            TilingKind::SnubSquare => snub_square::tiling(),
            TilingKind::Cairo => cairo::tiling(),
            TilingKind::Polar => return None,
        })
    }
}

/// Why a tiling cannot be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TilingError {
    #[error("unknown tiling '{0}' (available: {list})", list = TILINGS.iter().map(|t| t.name).collect::<Vec<_>>().join(", "))]
    Unknown(String),
    #[error("the {tiling} tiling does not come as a {shape} (shapes: {shapes})")]
    Shape {
        tiling: &'static str,
        shape: &'static str,
        shapes: String,
    },
    #[error("{what} {size} is out of range (1 to {max})")]
    Size {
        what: &'static str,
        size: u32,
        max: u32,
    },
    #[error("a polygon shape needs its outline (corners x,y separated by spaces)")]
    NoPolygon,
    #[error("{0}")]
    BadOption(String),
    #[error("the board would have about {faces} faces, more than the {limit} a tiling may make")]
    TooLarge { faces: u64, limit: usize },
    #[error("no tile lies inside the shape (rule: {rule})")]
    NothingInside { rule: &'static str },
    #[error("{0}")]
    Outline(OpError),
    #[error("could not build the board: {0}")]
    Build(OpError),
}

/// A tiling in a shape.
#[derive(Clone, Debug, PartialEq)]
pub struct TilingParams {
    pub tiling: TilingKind,
    pub shape: ShapeSpec,
    /// Options of the polar tiling (others ignore them).
    pub polar: PolarOptions,
}

impl TilingParams {
    /// The tiling's default shape and size.
    pub fn new(tiling: TilingKind) -> TilingParams {
        let info = tiling.info();
        TilingParams {
            tiling,
            shape: ShapeSpec::new(info.default_shape, info.default_size),
            polar: PolarOptions::default(),
        }
    }
}

/// Whether the tiling comes in the shape and the size is in range.
fn check(p: &TilingParams) -> Result<(), TilingError> {
    let info = p.tiling.info();
    let spec = &p.shape;
    if !info.shapes.contains(&spec.kind) {
        return Err(TilingError::Shape {
            tiling: info.name,
            shape: spec.kind.name(),
            shapes: info
                .shapes
                .iter()
                .map(|s| s.name())
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
    if spec.kind == ShapeKind::Polygon {
        if spec.polygon.is_empty() {
            return Err(TilingError::NoPolygon);
        }
    } else {
        let max = if p.tiling == TilingKind::Polar {
            polar::MAX_RINGS
        } else {
            MAX_SIZE
        };
        let what = if p.tiling == TilingKind::Polar {
            "rings"
        } else {
            "size"
        };
        for s in [spec.size, spec.height] {
            if !(1..=max).contains(&s) {
                return Err(TilingError::Size { what, size: s, max });
            }
        }
    }
    Ok(())
}

/// About how many faces [`build`] would make, found without building (the
/// shape's area over a tile's; exact for the polar tiling), after the same
/// checks of shape and size. For showing the count of a large board first.
pub fn estimate_faces(p: &TilingParams) -> Result<u64, TilingError> {
    check(p)?;
    Ok(match p.tiling.periodic() {
        Some(t) => t.estimate(&p.shape)?.round() as u64,
        None => {
            let rings = u64::from(p.shape.size);
            let sectors: u64 = match p.polar.sectors.len() {
                0 => (1..=rings).map(|k| 6 * k).sum(),
                1 => u64::from(p.polar.sectors[0]) * rings,
                _ => p.polar.sectors.iter().map(|&s| u64::from(s)).sum(),
            };
            sectors + u64::from(p.polar.centre)
        }
    })
}

/// Make the board.
pub fn build(p: &TilingParams) -> Result<Board, TilingError> {
    check(p)?;
    let info = p.tiling.info();
    let spec = &p.shape;
    let board = match p.tiling.periodic() {
        Some(t) => t.build(spec, MAX_FACES)?,
        None => polar::build(spec.size, &p.polar, MAX_FACES)?,
    };
    let mut parts = Parts::of(&board);
    parts.meta = describe(&board, info, spec, p.tiling);
    parts.build().map_err(TilingError::Build)
}

/// The game a tiling's board in `shape` suits best, if one (its rule name):
/// Y on a triangle, Havannah on a hexagon of hexagons, Hex on a hexagonal
/// rhombus. The new-board wizard suggests it, and the board names it first
/// ([`suggested_rules`]).
pub fn suggested_game(tiling: TilingKind, shape: ShapeKind) -> Option<&'static str> {
    match (shape, tiling) {
        (ShapeKind::Triangle, _) => Some("y"),
        (ShapeKind::Hexagon, TilingKind::Hexagonal) => Some("havannah"),
        (ShapeKind::Rhombus, TilingKind::Hexagonal) => Some("hex"),
        _ => None,
    }
}

/// The games a tiling's board in `shape` is made for (their rule names):
/// [`suggested_game`] first (a hexagon of hexagons named only BOCO, so Play
/// and Analyze chose BOCO on the board the wizard made for Havannah); Hex on
/// any rhombus, whose four sides it tags; BOCO, whose regions any board can
/// take, on every one.
pub fn suggested_rules(tiling: TilingKind, shape: ShapeKind) -> Vec<&'static str> {
    let hex = (shape == ShapeKind::Rhombus).then_some("hex");
    suggested_game(tiling, shape)
        .or(hex)
        .into_iter()
        .chain(["boco"])
        .collect()
}

/// The metadata of a tiling's board: name, description, suggested rules.
fn describe(board: &Board, info: &TilingInfo, spec: &ShapeSpec, tiling: TilingKind) -> BoardMeta {
    let mut meta = board.meta().clone();
    let notation = if info.notation.is_empty() {
        String::new()
    } else {
        format!(" ({})", info.notation)
    };
    meta.name = format!(
        "{}{notation} {} {}",
        info.title,
        spec.kind.name(),
        spec.describe_size()
    );
    let hist: Vec<String> = board
        .mesh()
        .face_degree_histogram()
        .into_iter()
        .map(|(sides, n)| format!("{n} × {sides}-gon"))
        .collect();
    let tags: Vec<&str> = board.tagged_sides().iter().map(|t| t.name()).collect();
    meta.description = format!(
        "{} tiling in a {} of size {} (faces kept: {}): {} faces ({}). Side tags: {}.",
        info.title,
        spec.kind.name(),
        spec.describe_size(),
        match spec.rule {
            KeepRule::Centroid => "centroid inside",
            KeepRule::Inside => "fully inside",
        },
        board.face_count(),
        hist.join(", "),
        if tags.is_empty() {
            "none".to_string()
        } else {
            tags.join(", ")
        }
    );
    meta.suggested_rules = suggested_rules(tiling, spec.kind)
        .into_iter()
        .map(String::from)
        .collect();
    meta
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::Point;
    use crate::mesh::geom::{centroid, point_segment_distance};

    /// No tile's centroid lies (almost) on a shape's outline, so the centroid
    /// rule never depends on rounding.
    #[test]
    fn no_centroid_sits_on_an_outline() {
        for info in TILINGS {
            let Some(t) = info.kind.periodic() else {
                continue;
            };
            for &kind in info.shapes.iter().filter(|&&k| k != ShapeKind::Polygon) {
                for n in 1..=7 {
                    let mut spec = ShapeSpec::new(kind, n);
                    spec.height = if kind == ShapeKind::Rectangle {
                        n + 2
                    } else {
                        n
                    };
                    let o = t.frame.outline(&spec).unwrap();
                    let pts = o.points();
                    let r = (n as i64) * 2 + 6;
                    let mut closest = f64::MAX;
                    for i in -r..=r {
                        for j in -r..=r {
                            let shift = t.frame.a * i as f64 + t.frame.b * j as f64;
                            for tile in &t.tiles {
                                let moved: Vec<Point> = tile.iter().map(|&p| p + shift).collect();
                                let c = centroid(&moved);
                                let d = if kind == ShapeKind::Disc {
                                    let r = if t.frame.vertex_aligned {
                                        n as f64
                                    } else {
                                        n as f64 - 0.7
                                    } * t.frame.a.x;
                                    (c.distance(t.frame.anchor) - r).abs()
                                } else {
                                    (0..pts.len())
                                        .map(|k| {
                                            point_segment_distance(
                                                c,
                                                pts[k],
                                                pts[(k + 1) % pts.len()],
                                            )
                                            .0
                                        })
                                        .fold(f64::MAX, f64::min)
                                };
                                closest = closest.min(d);
                            }
                        }
                    }
                    assert!(
                        closest > 1e-6,
                        "{} {kind:?} {n}: a centroid {closest} from the outline",
                        info.name
                    );
                }
            }
        }
    }
}

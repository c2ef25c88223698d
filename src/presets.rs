//! Ready-made boards: square grid, Hex rhombus, TwixT, Lines of Action, triangle
//! grid, BOCO.
//!
//! [`PRESETS`] is the one list of them (name, title, accepted sizes, default size,
//! builder): the command line's `preset` subcommand, the app's New board dialog
//! and game records read it, and [`by_name`] makes a board from it.

use crate::board::{
    Board, BoardBuilder, BoardMeta, FaceData, GridCoord, Rgba, SideTag, StartSetup, grid_name,
};
use crate::mesh::{EdgeId, FaceId, Mesh, Point, PolygonSoup};
use rustc_hash::FxHashMap;

/// Largest side length any grid preset accepts.
pub const MAX_GRID: u32 = 1000;

/// The side lengths a preset accepts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SizeRange {
    pub min: u32,
    pub max: u32,
    /// The size made when none is asked for.
    pub default: u32,
}

impl SizeRange {
    pub const fn new(min: u32, max: u32, default: u32) -> SizeRange {
        SizeRange { min, max, default }
    }
    /// A preset that comes in one size.
    pub const fn fixed(size: u32) -> SizeRange {
        SizeRange::new(size, size, size)
    }
    /// Whether the preset comes in one size only (the size cannot be chosen).
    pub fn is_fixed(&self) -> bool {
        self.min == self.max
    }
    pub fn contains(&self, size: u32) -> bool {
        (self.min..=self.max).contains(&size)
    }
}

/// A ready-made board.
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    /// The name used on the command line and in game records (`hex`).
    pub name: &'static str,
    /// Other names accepted for it.
    pub aliases: &'static [&'static str],
    /// The name shown in the app (`Hex`).
    pub title: &'static str,
    pub sizes: SizeRange,
    /// Makes the board of a size within `sizes`.
    make: fn(u32) -> Board,
}

impl Preset {
    /// The board at `size` (the default size when `None`).
    pub fn make(&self, size: Option<u32>) -> Result<Board, PresetError> {
        let size = size.unwrap_or(self.sizes.default);
        if !self.sizes.contains(size) {
            return Err(PresetError::Size {
                preset: self.name,
                size,
                min: self.sizes.min,
                max: self.sizes.max,
            });
        }
        Ok((self.make)(size))
    }

    /// Whether `name` names this preset (ignoring case).
    pub fn is_called(&self, name: &str) -> bool {
        std::iter::once(&self.name)
            .chain(self.aliases)
            .any(|n| n.eq_ignore_ascii_case(name))
    }
}

/// Every preset, in the order the app lists them.
pub const PRESETS: [Preset; 6] = [
    Preset {
        name: "square",
        aliases: &[],
        title: "Square grid",
        sizes: SizeRange::new(1, MAX_GRID, 8),
        make: |n| square_grid(n, n),
    },
    Preset {
        name: "hex",
        aliases: &[],
        title: "Hex",
        sizes: SizeRange::new(1, 100, 11),
        make: hex,
    },
    Preset {
        name: "twixt",
        aliases: &[],
        title: "TwixT",
        sizes: SizeRange::new(5, 48, 24),
        make: twixt,
    },
    Preset {
        name: "loa",
        aliases: &["lines-of-action"],
        title: "Lines of Action",
        sizes: SizeRange::fixed(8),
        make: |_| lines_of_action(),
    },
    Preset {
        name: "triangle",
        aliases: &[],
        title: "Triangle grid",
        sizes: SizeRange::new(1, MAX_GRID, 8),
        make: triangle_grid,
    },
    Preset {
        name: "boco",
        aliases: &[],
        title: "BOCO",
        sizes: SizeRange::fixed(4),
        make: |_| boco(),
    },
];

/// The presets' names, in [`PRESETS`] order.
pub const PRESET_NAMES: [&str; PRESETS.len()] = {
    let mut names = [""; PRESETS.len()];
    let mut i = 0;
    while i < PRESETS.len() {
        names[i] = PRESETS[i].name;
        i += 1;
    }
    names
};

/// Why a preset cannot be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PresetError {
    #[error("unknown preset '{0}' (available: {list})", list = PRESET_NAMES.join(", "))]
    Unknown(String),
    #[error("{preset} size {size} is out of range ({min} to {max})")]
    Size {
        preset: &'static str,
        size: u32,
        min: u32,
        max: u32,
    },
}

/// The preset called `name` (or one of its aliases), ignoring case.
pub fn find(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.is_called(name))
}

/// Make a preset by name; `size` is the side length (the default when `None`).
pub fn by_name(name: &str, size: Option<u32>) -> Result<Board, PresetError> {
    find(name)
        .ok_or_else(|| PresetError::Unknown(name.to_ascii_lowercase()))?
        .make(size)
}

/// Collects faces over integer-keyed lattice vertices so shared corners are exact.
pub(crate) struct LatticeBuilder {
    soup: PolygonSoup,
    ids: FxHashMap<(i64, i64), u32>,
}

impl LatticeBuilder {
    pub(crate) fn new() -> Self {
        LatticeBuilder {
            soup: PolygonSoup::new(),
            ids: FxHashMap::default(),
        }
    }
    /// Add a face given lattice keys and a mapping from key to position.
    pub(crate) fn face(&mut self, keys: &[(i64, i64)], pos: impl Fn(i64, i64) -> Point) {
        let idx: Vec<u32> = keys
            .iter()
            .map(|&k| {
                *self
                    .ids
                    .entry(k)
                    .or_insert_with(|| self.soup.push_vertex(pos(k.0, k.1)))
            })
            .collect();
        self.soup.push_face(&idx);
    }
    pub(crate) fn finish(self) -> Mesh {
        Mesh::from_soup(&self.soup).expect("preset geometry is valid")
    }
}

/// A side tag for each boundary edge, chosen by `pick` from the edge's face and
/// the edge's outward direction from the face centre.
pub(crate) fn boundary_tags(
    mesh: &Mesh,
    pick: impl Fn(FaceId, Point) -> Option<SideTag>,
) -> Vec<(EdgeId, SideTag)> {
    let mut tags = Vec::new();
    for f in mesh.face_ids() {
        let c = mesh.face_centroid(f);
        for (e, other) in mesh.face_neighbors(f) {
            if other.is_none()
                && let Some(t) = pick(f, mesh.edge_midpoint(e) - c)
            {
                tags.push((e, t));
            }
        }
    }
    tags
}

/// The side an outward direction faces on a rectangular board: mostly up is
/// `top`, mostly down `bottom`, otherwise `left` or `right`.
pub(crate) fn side_facing(d: Point) -> SideTag {
    if d.y.abs() >= d.x.abs() {
        if d.y > 0.0 {
            SideTag::Top
        } else {
            SideTag::Bottom
        }
    } else if d.x > 0.0 {
        SideTag::Right
    } else {
        SideTag::Left
    }
}

/// A grid preset's parts: faces labelled `a1`-style from their grid coordinates
/// (one per face, in face order), each boundary edge tagged with the side `pick`
/// chooses from the face's coordinate and the edge's outward direction.
fn grid_parts(
    mesh: Mesh,
    coords: &[GridCoord],
    pick: impl Fn(GridCoord, Point) -> Option<SideTag>,
) -> BoardBuilder {
    let tags = boundary_tags(&mesh, |f, d| pick(coords[f.index()], d));
    let rows = coords.iter().map(|&g| FaceData {
        label: grid_name(g.col as u32, g.row as u32),
        coord: Some(g),
        ..FaceData::default()
    });
    BoardBuilder::from_mesh(mesh).faces(rows).tag_edges(tags)
}

/// The rim side an edge leaving face `g` in direction `d` lies on: an upward edge
/// in row `top` is `top`, a downward edge in row `bottom` is `bottom`, a leftward
/// edge in column 0 is `left` and a rightward edge in column `right` is `right`
/// (top and bottom win at corners).
fn rim_side(g: GridCoord, d: Point, top: Option<i32>, bottom: i32, right: i32) -> Option<SideTag> {
    if Some(g.row) == top && d.y > 1e-9 {
        Some(SideTag::Top)
    } else if g.row == bottom && d.y < -1e-9 {
        Some(SideTag::Bottom)
    } else if g.col == 0 && d.x < 0.0 {
        Some(SideTag::Left)
    } else if g.col == right && d.x > 0.0 {
        Some(SideTag::Right)
    } else {
        None
    }
}

fn meta(name: String, description: String, rules: &[&str]) -> BoardMeta {
    BoardMeta {
        name,
        description,
        suggested_rules: rules.iter().map(|r| r.to_string()).collect(),
    }
}

/// Assemble a preset's parts; presets are made from code, so their parts are valid.
fn finish(b: BoardBuilder) -> Board {
    b.build().expect("preset parts are valid")
}

/// A W×H grid of unit squares. `a1` is bottom-left (chess convention): columns are
/// letters from the left, rows numbers from the bottom. Sides tagged by direction.
pub fn square_grid(w: u32, h: u32) -> Board {
    finish(square_parts(w, h).meta(meta(
        format!("Square grid {w}×{h}"),
        format!("{w}×{h} squares, a1 bottom-left."),
        &["boco"],
    )))
}

/// The faces, labels, coordinates and side tags of [`square_grid`].
fn square_parts(w: u32, h: u32) -> BoardBuilder {
    let mut b = LatticeBuilder::new();
    let mut coords = Vec::new();
    for r in 0..h as i64 {
        for c in 0..w as i64 {
            b.face(&[(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)], |x, y| {
                Point::new(x as f64, y as f64)
            });
            coords.push(GridCoord::new(c as i32, r as i32));
        }
    }
    grid_parts(b.finish(), &coords, |_, d| Some(side_facing(d)))
}

/// An N×N Hex rhombus of pointy-top hexagons. `a1` is the top-left cell; letters
/// are columns, numbers rows (row 1 at the top, each row shifted half a cell to the
/// right of the one above). Top and bottom rows are tagged `top`/`bottom`, left and
/// right columns `left`/`right` (the acute corners' shared edges go to top/bottom).
pub fn hex(n: u32) -> Board {
    let s3 = 3f64.sqrt();
    // Lattice: X in units of √3/2, Y in units of 1/2 (downwards); centre of (c, r)
    // is (2c + r, 3r).
    let pos = move |x: i64, y: i64| Point::new(x as f64 * s3 / 2.0, -(y as f64) / 2.0);
    let mut b = LatticeBuilder::new();
    for r in 0..n as i64 {
        for c in 0..n as i64 {
            let (x, y) = (2 * c + r, 3 * r);
            // Pointy-top corners, CCW on screen is CW here; the builder orients.
            b.face(
                &[
                    (x, y - 2),
                    (x + 1, y - 1),
                    (x + 1, y + 1),
                    (x, y + 2),
                    (x - 1, y + 1),
                    (x - 1, y - 1),
                ],
                pos,
            );
        }
    }
    let mesh = b.finish();
    let coords: Vec<GridCoord> = mesh.face_ids().map(|f| board_coord(f, n)).collect();
    // The six edges leave a cell's centre up-left/up-right (d.y > 0), left/right
    // (d.y = 0) and down-left/down-right (d.y < 0).
    let last = n as i32 - 1;
    finish(
        grid_parts(mesh, &coords, |g, d| rim_side(g, d, Some(0), last, last)).meta(meta(
            format!("Hex {n}×{n}"),
            format!("{n}×{n} Hex rhombus. Red joins top and bottom, Blue joins left and right."),
            &["hex", "boco"],
        )),
    )
}

fn board_coord(f: FaceId, n: u32) -> GridCoord {
    GridCoord::new((f.0 % n) as i32, (f.0 / n) as i32)
}

/// A TwixT board: N×N peg holes (drawn as small squares on a grid) without the four
/// corner holes. `a1` is top-left: letters are columns, numbers rows downwards. The
/// top and bottom rows are Red's border rows (edges tagged `top`/`bottom`), the left
/// and right columns Blue's (`left`/`right`).
pub fn twixt(n: u32) -> Board {
    let mut b = LatticeBuilder::new();
    let mut coords = Vec::new();
    let last = n as i64 - 1;
    for r in 0..n as i64 {
        for c in 0..n as i64 {
            if (c == 0 || c == last) && (r == 0 || r == last) {
                continue;
            }
            // Square of the grid; y grows downwards in lattice units.
            b.face(&[(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)], |x, y| {
                Point::new(x as f64, -(y as f64))
            });
            coords.push(GridCoord::new(c as i32, r as i32));
        }
    }
    let last = last as i32;
    finish(
        grid_parts(b.finish(), &coords, |g, d| rim_side(g, d, Some(0), last, last))
            .meta(meta(
                format!("TwixT {n}×{n}"),
                format!(
                    "{n}×{n} TwixT holes without corners. Red owns the top and bottom rows, Blue the left and right columns."
                ),
                &["twixt"],
            )),
    )
}

/// The standard 8×8 Lines of Action board with its start setup: Black (player 0,
/// moves first) on b1–g1 and b8–g8, White on a2–a7 and h2–h7.
pub fn lines_of_action() -> Board {
    let mut pieces = Vec::new();
    for c in 1..7u32 {
        for r in [0u32, 7] {
            pieces.push((FaceId(r * 8 + c), 0));
        }
    }
    for r in 1..7u32 {
        for c in [0u32, 7] {
            pieces.push((FaceId(r * 8 + c), 1));
        }
    }
    pieces.sort_unstable();
    finish(
        square_parts(8, 8)
            .setup(StartSetup { pieces })
            .meta(meta(
                "Lines of Action".into(),
                "8×8 Lines of Action with the standard start: Black on b1–g1 and b8–g8, White on a2–a7 and h2–h7.".into(),
                &["loa"],
            )),
    )
}

/// A large equilateral triangle of side N made of N² unit triangles, pointing up.
/// Rows count from the bottom (row 1 is the widest, 2N − 1 triangles); within a
/// row, columns run left to right alternating up- and down-pointing triangles,
/// so `a1` is the bottom-left corner triangle and the apex is `a{N}`. The bottom
/// edge is tagged `bottom`, the left slope `left` and the right slope `right`
/// (the three sides of a game of Y).
pub fn triangle_grid(n: u32) -> Board {
    let h = 3f64.sqrt() / 2.0;
    let pos = move |i: i64, j: i64| Point::new(i as f64 + j as f64 / 2.0, j as f64 * h);
    let mut b = LatticeBuilder::new();
    let mut coords = Vec::new();
    let n = n as i64;
    for r in 0..n {
        let ups = n - r;
        for i in 0..ups {
            b.face(&[(i, r), (i + 1, r), (i, r + 1)], pos);
            coords.push(GridCoord::new(2 * i as i32, r as i32));
            if i + 1 < ups {
                b.face(&[(i + 1, r), (i + 1, r + 1), (i, r + 1)], pos);
                coords.push(GridCoord::new(2 * i as i32 + 1, r as i32));
            }
        }
    }
    // Rows count upwards; row r ends at column 2(N − r) − 2.
    let right = |g: GridCoord| 2 * (n as i32 - g.row) - 2;
    finish(
        grid_parts(b.finish(), &coords, |g, d| rim_side(g, d, None, 0, right(g)))
            .meta(meta(
                format!("Triangle {n}"),
                format!(
                    "A triangle of side {n} made of {} unit triangles; a1 is the bottom-left corner, rows count upwards.",
                    n * n
                ),
                &["boco"],
            )),
    )
}

/// A BOCO-style board of mixed shapes with the symmetry of a square: a 4×4 core
/// of squares, a ring of 16 rectangles (two per core square along each side), four
/// small corner squares and an outer ring of 36 triangles (seven per side and two
/// at each corner) — 72 faces, an octagon. Faces are numbered `1`–`72` in reading order (top row first, left to
/// right) and coloured by shape. No side tags: BOCO is won by encirclement.
pub fn boco() -> Board {
    // Lattice units: core squares are 2×2, rectangles 2×1, triangles have a base of 2.
    let mut polys: Vec<Vec<(i64, i64)>> = Vec::new();
    let mut shape: Vec<u8> = Vec::new(); // 0 square, 1 rectangle, 2 corner, 3 triangle
    for i in 0..4 {
        for j in 0..4 {
            let (x, y) = (-4 + 2 * i, -4 + 2 * j);
            polys.push(vec![(x, y), (x + 2, y), (x + 2, y + 2), (x, y + 2)]);
            shape.push(0);
        }
    }
    // The four sides by rotating the top side's pieces a quarter turn at a time.
    let rot =
        |(x, y): (i64, i64), k: u32| -> (i64, i64) { (0..k).fold((x, y), |(x, y), _| (-y, x)) };
    for k in 0..4 {
        let mut side: Vec<(Vec<(i64, i64)>, u8)> = Vec::new();
        for i in 0..4 {
            let x = -4 + 2 * i;
            side.push((vec![(x, 4), (x + 2, 4), (x + 2, 5), (x, 5)], 1));
            side.push((vec![(x, 5), (x + 2, 5), (x + 1, 6)], 3));
            if i < 3 {
                side.push((vec![(x + 2, 5), (x + 3, 6), (x + 1, 6)], 3));
            }
        }
        side.push((vec![(4, 4), (5, 4), (5, 5), (4, 5)], 2));
        // Two triangles fill the bend between this side and each corner square.
        side.push((vec![(3, 6), (4, 5), (5, 5)], 3));
        side.push((vec![(-3, 6), (-5, 5), (-4, 5)], 3));
        for (p, sh) in side {
            polys.push(p.into_iter().map(|q| rot(q, k)).collect());
            shape.push(sh);
        }
    }
    // Reading order: bands of one lattice unit from the top, then left to right.
    let centre = |p: &[(i64, i64)]| {
        let n = p.len() as f64;
        let (sx, sy) = p
            .iter()
            .fold((0.0, 0.0), |(a, b), &(x, y)| (a + x as f64, b + y as f64));
        (sx / n, sy / n)
    };
    let mut order: Vec<usize> = (0..polys.len()).collect();
    order.sort_by(|&a, &b| {
        let (ax, ay) = centre(&polys[a]);
        let (bx, by) = centre(&polys[b]);
        by.floor()
            .total_cmp(&ay.floor())
            .then(ax.total_cmp(&bx))
            .then(by.total_cmp(&ay))
    });
    let mut b = LatticeBuilder::new();
    for &i in &order {
        b.face(&polys[i], |x, y| Point::new(x as f64, y as f64));
    }
    let palette = [
        Rgba([0xf3, 0xe7, 0xcf, 255]),
        Rgba([0xe0, 0xc9, 0x9e, 255]),
        Rgba([0xc9, 0xa9, 0x6e, 255]),
        Rgba([0xd9, 0xb8, 0x8f, 255]),
    ];
    let rows = order.iter().enumerate().map(|(fi, &i)| FaceData {
        label: compact_str::ToCompactString::to_compact_string(&(fi + 1)),
        colour: Some(palette[shape[i] as usize]),
        region: Some(shape[i] as u32),
        ..FaceData::default()
    });
    finish(
        BoardBuilder::from_mesh(b.finish())
            .faces(rows)
            .meta(meta(
                "BOCO".into(),
                "A BOCO-style board of squares, rectangles and triangles (72 faces, numbered in reading order). Regions: 0 core squares, 1 rectangles, 2 corner squares, 3 triangles.".into(),
                &["boco"],
            )),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_validate_and_count() {
        let b = square_grid(3, 2);
        b.validate().unwrap();
        assert_eq!(
            (
                b.mesh().vertex_count(),
                b.mesh().edge_count(),
                b.mesh().face_count()
            ),
            (12, 17, 6)
        );
        assert_eq!(b.label(FaceId(0)), "a1");
        let h = hex(11);
        h.validate().unwrap();
        assert_eq!(h.face_count(), 121);
        assert_eq!(h.faces_on_side(SideTag::Top).len(), 11);
        assert_eq!(h.faces_on_side(SideTag::Bottom).len(), 11);
        assert_eq!(h.faces_on_side(SideTag::Left).len(), 11);
        assert_eq!(h.faces_on_side(SideTag::Right).len(), 11);
        let t = twixt(24);
        t.validate().unwrap();
        assert_eq!(t.face_count(), 24 * 24 - 4);
        assert_eq!(t.faces_on_side(SideTag::Top).len(), 22);
        let l = lines_of_action();
        l.validate().unwrap();
        assert_eq!(l.setup().pieces.len(), 24);
        assert_eq!(
            l.face_by_label("b1")
                .map(|f| l.setup().pieces.iter().any(|p| p.0 == f && p.1 == 0)),
            Some(true)
        );
        assert_eq!(
            l.face_by_label("a2")
                .map(|f| l.setup().pieces.iter().any(|p| p.0 == f && p.1 == 1)),
            Some(true)
        );
    }

    #[test]
    fn triangle_and_boco() {
        let t = triangle_grid(4);
        t.validate().unwrap();
        assert_eq!(t.face_count(), 16);
        assert_eq!(t.label(FaceId(0)), "a1");
        assert_eq!(t.faces_on_side(SideTag::Bottom).len(), 4);
        assert_eq!(t.faces_on_side(SideTag::Left).len(), 4);
        assert_eq!(t.faces_on_side(SideTag::Right).len(), 4);
        // a2 sits on a1's neighbour b1.
        let b1 = t.face_by_label("b1").unwrap();
        let mut n: Vec<&str> = t.mesh().adjacent_faces(b1).map(|f| t.label(f)).collect();
        n.sort();
        assert_eq!(n, ["a1", "a2", "c1"]);
        let b = boco();
        b.validate().unwrap();
        assert_eq!(b.face_count(), 72);
        assert_eq!(b.mesh().face_degree_histogram(), vec![(3, 36), (4, 36)]);
        assert_eq!(b.mesh().boundary_loops().len(), 1);
        assert_eq!(b.label(FaceId(0)), "1");
    }

    #[test]
    fn hex_neighbours() {
        let h = hex(3);
        // b2 (centre) has six neighbours.
        let b2 = h.face_by_label("b2").unwrap();
        let mut n: Vec<String> = h
            .mesh()
            .adjacent_faces(b2)
            .map(|f| h.label(f).to_string())
            .collect();
        n.sort();
        assert_eq!(n, ["a2", "a3", "b1", "b3", "c1", "c2"]);
    }
}

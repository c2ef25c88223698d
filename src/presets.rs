//! Ready-made boards: square grid, Hex rhombus, TwixT, Lines of Action, triangle grid, BOCO.

use crate::board::{Board, GridCoord, Rgba, SideTag, grid_label};
use crate::mesh::{FaceId, Mesh, Point, PolygonSoup};
use rustc_hash::FxHashMap;

/// Largest side length any grid preset accepts.
pub const MAX_GRID: u32 = 1000;

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

/// Names accepted by [`by_name`].
pub const PRESET_NAMES: &[&str] = &["square", "hex", "twixt", "loa", "triangle", "boco"];

/// Make a preset by name; `size` is the side length where the preset has one.
pub fn by_name(name: &str, size: Option<u32>) -> Result<Board, PresetError> {
    match name.to_ascii_lowercase().as_str() {
        "square" => {
            let n = check("square", size.unwrap_or(8), 1, MAX_GRID)?;
            Ok(square_grid(n, n))
        }
        "hex" => Ok(hex(check("hex", size.unwrap_or(11), 1, 100)?)),
        "twixt" => Ok(twixt(check("twixt", size.unwrap_or(24), 5, 48)?)),
        "loa" | "lines-of-action" => {
            if let Some(s) = size {
                check("loa", s, 8, 8)?;
            }
            Ok(lines_of_action())
        }
        "triangle" => Ok(triangle_grid(check(
            "triangle",
            size.unwrap_or(8),
            1,
            MAX_GRID,
        )?)),
        "boco" => {
            if let Some(s) = size {
                check("boco", s, 4, 4)?;
            }
            Ok(boco())
        }
        other => Err(PresetError::Unknown(other.to_string())),
    }
}

fn check(preset: &'static str, size: u32, min: u32, max: u32) -> Result<u32, PresetError> {
    if (min..=max).contains(&size) {
        Ok(size)
    } else {
        Err(PresetError::Size {
            preset,
            size,
            min,
            max,
        })
    }
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

/// Tag each boundary edge of the listed faces with the side chosen by `pick`
/// (given the face and the edge's outward direction from the face centre);
/// earlier tags win.
fn tag_boundary(board: &mut Board, pick: impl Fn(FaceId, Point) -> Option<SideTag>) {
    for f in board.mesh.face_ids() {
        let c = board.mesh.face_centroid(f);
        let edges: Vec<_> = board
            .mesh
            .face_neighbors(f)
            .filter(|(_, o)| o.is_none())
            .map(|(e, _)| e)
            .collect();
        for e in edges {
            if board.side_tags[e.index()].is_none() {
                let dir = board.mesh.edge_midpoint(e) - c;
                board.side_tags[e.index()] = pick(f, dir);
            }
        }
    }
}

/// A W×H grid of unit squares. `a1` is bottom-left (chess convention): columns are
/// letters from the left, rows numbers from the bottom. Sides tagged by direction.
pub fn square_grid(w: u32, h: u32) -> Board {
    let mut b = LatticeBuilder::new();
    for r in 0..h as i64 {
        for c in 0..w as i64 {
            b.face(&[(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)], |x, y| {
                Point::new(x as f64, y as f64)
            });
        }
    }
    let mut board = Board::new(b.finish());
    for r in 0..h {
        for c in 0..w {
            let i = (r * w + c) as usize;
            board.faces.label[i] = grid_label(c, r);
            board.faces.coord[i] = Some(GridCoord::new(c as i32, r as i32));
        }
    }
    tag_boundary(&mut board, |_, d| {
        Some(if d.y.abs() >= d.x.abs() {
            if d.y > 0.0 {
                SideTag::Top
            } else {
                SideTag::Bottom
            }
        } else if d.x > 0.0 {
            SideTag::Right
        } else {
            SideTag::Left
        })
    });
    board.meta.name = format!("Square grid {w}×{h}");
    board.meta.description = format!("{w}×{h} squares, a1 bottom-left.");
    board.meta.suggested_rules = vec!["boco".into()];
    board
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
    let mut board = Board::new(b.finish());
    for r in 0..n {
        for c in 0..n {
            let i = (r * n + c) as usize;
            board.faces.label[i] = grid_label(c, r);
            board.faces.coord[i] = Some(GridCoord::new(c as i32, r as i32));
        }
    }
    let last = n as i32 - 1;
    tag_boundary(&mut board, |f, d| {
        let GridCoord { col, row } = board_coord(f, n);
        // Directions of the six edges from the centre (y up): up-left/up-right have
        // d.y > 0 and |d.x| > 0; left/right have d.y == 0.
        let up = d.y > 1e-9;
        let down = d.y < -1e-9;
        if row == 0 && up {
            Some(SideTag::Top)
        } else if row == last && down {
            Some(SideTag::Bottom)
        } else if col == 0 && d.x < 0.0 {
            Some(SideTag::Left)
        } else if col == last && d.x > 0.0 {
            Some(SideTag::Right)
        } else {
            None
        }
    });
    board.meta.name = format!("Hex {n}×{n}");
    board.meta.description =
        format!("{n}×{n} Hex rhombus. Red joins top and bottom, Blue joins left and right.");
    board.meta.suggested_rules = vec!["hex".into(), "boco".into()];
    board
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
    let mut board = Board::new(b.finish());
    for (i, g) in coords.iter().enumerate() {
        board.faces.label[i] = grid_label(g.col as u32, g.row as u32);
        board.faces.coord[i] = Some(*g);
    }
    let lastc = last as i32;
    let coords2 = coords.clone();
    tag_boundary(&mut board, |f, d| {
        let g = coords2[f.index()];
        if g.row == 0 && d.y > 0.0 {
            Some(SideTag::Top)
        } else if g.row == lastc && d.y < 0.0 {
            Some(SideTag::Bottom)
        } else if g.col == 0 && d.x < 0.0 {
            Some(SideTag::Left)
        } else if g.col == lastc && d.x > 0.0 {
            Some(SideTag::Right)
        } else {
            None
        }
    });
    board.meta.name = format!("TwixT {n}×{n}");
    board.meta.description = format!(
        "{n}×{n} TwixT holes without corners. Red owns the top and bottom rows, Blue the left and right columns."
    );
    board.meta.suggested_rules = vec!["twixt".into()];
    board
}

/// The standard 8×8 Lines of Action board with its start setup: Black (player 0,
/// moves first) on b1–g1 and b8–g8, White on a2–a7 and h2–h7.
pub fn lines_of_action() -> Board {
    let mut board = square_grid(8, 8);
    for c in 1..7u32 {
        for r in [0u32, 7] {
            board.setup.pieces.push((FaceId(r * 8 + c), 0));
        }
    }
    for r in 1..7u32 {
        for c in [0u32, 7] {
            board.setup.pieces.push((FaceId(r * 8 + c), 1));
        }
    }
    board.setup.pieces.sort_unstable();
    board.meta.name = "Lines of Action".into();
    board.meta.description = "8×8 Lines of Action with the standard start: Black on b1–g1 and b8–g8, White on a2–a7 and h2–h7.".into();
    board.meta.suggested_rules = vec!["loa".into()];
    board
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
    let mut board = Board::new(b.finish());
    for (i, g) in coords.iter().enumerate() {
        board.faces.label[i] = grid_label(g.col as u32, g.row as u32);
        board.faces.coord[i] = Some(*g);
    }
    tag_boundary(&mut board, |f, d| {
        let g = coords[f.index()];
        let last = 2 * (n as i32 - g.row) - 2;
        if g.row == 0 && d.y < -1e-9 {
            Some(SideTag::Bottom)
        } else if g.col == 0 && d.x < 0.0 {
            Some(SideTag::Left)
        } else if g.col == last && d.x > 0.0 {
            Some(SideTag::Right)
        } else {
            None
        }
    });
    board.meta.name = format!("Triangle {n}");
    board.meta.description = format!(
        "A triangle of side {n} made of {} unit triangles; a1 is the bottom-left corner, rows count upwards.",
        n * n
    );
    board.meta.suggested_rules = vec!["boco".into()];
    board
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
    let mut board = Board::new(b.finish());
    let palette = [
        Rgba([0xf3, 0xe7, 0xcf, 255]),
        Rgba([0xe0, 0xc9, 0x9e, 255]),
        Rgba([0xc9, 0xa9, 0x6e, 255]),
        Rgba([0xd9, 0xb8, 0x8f, 255]),
    ];
    for (fi, &i) in order.iter().enumerate() {
        board.faces.label[fi] = (fi + 1).to_string();
        board.faces.colour[fi] = Some(palette[shape[i] as usize]);
        board.faces.region[fi] = Some(shape[i] as u32);
    }
    board.meta.name = "BOCO".into();
    board.meta.description = "A BOCO-style board of squares, rectangles and triangles (72 faces, numbered in reading order). Regions: 0 core squares, 1 rectangles, 2 corner squares, 3 triangles.".into();
    board.meta.suggested_rules = vec!["boco".into()];
    board
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
                b.mesh.vertex_count(),
                b.mesh.edge_count(),
                b.mesh.face_count()
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
        assert_eq!(l.setup.pieces.len(), 24);
        assert_eq!(
            l.face_by_label("b1")
                .map(|f| l.setup.pieces.iter().any(|p| p.0 == f && p.1 == 0)),
            Some(true)
        );
        assert_eq!(
            l.face_by_label("a2")
                .map(|f| l.setup.pieces.iter().any(|p| p.0 == f && p.1 == 1)),
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
        let mut n: Vec<&str> = t.mesh.adjacent_faces(b1).map(|f| t.label(f)).collect();
        n.sort();
        assert_eq!(n, ["a1", "a2", "c1"]);
        let b = boco();
        b.validate().unwrap();
        assert_eq!(b.face_count(), 72);
        assert_eq!(b.mesh.face_degree_histogram(), vec![(3, 36), (4, 36)]);
        assert_eq!(b.mesh.boundary_loops().len(), 1);
        assert_eq!(b.label(FaceId(0)), "1");
    }

    #[test]
    fn hex_neighbours() {
        let h = hex(3);
        // b2 (centre) has six neighbours.
        let b2 = h.face_by_label("b2").unwrap();
        let mut n: Vec<String> = h
            .mesh
            .adjacent_faces(b2)
            .map(|f| h.label(f).to_string())
            .collect();
        n.sort();
        assert_eq!(n, ["a2", "a3", "b1", "b3", "c1", "c2"]);
    }
}

//! Ready-made boards: square grid, Hex rhombus, TwixT, Lines of Action, triangle grid, BOCO.

use crate::board::{Board, GridCoord, SideTag, grid_label};
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
pub const PRESET_NAMES: &[&str] = &["square", "hex", "twixt", "loa"];

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

//! The one place where operators and tilings turn polygons plus per-face rows,
//! side tags and start pieces into a validated [`Board`].

use super::{OpError, count};
use crate::board::{Board, BoardMeta, FaceKind, GridCoord, Rgba, SideTag};
use crate::mesh::{BuildOptions, FaceId, Mesh, PolygonSoup, VertexId};

/// Everything a board stores about one face.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct FaceRow {
    pub label: String,
    pub coord: Option<GridCoord>,
    pub kind: FaceKind,
    pub colour: Option<Rgba>,
    pub region: Option<u32>,
}

impl FaceRow {
    /// The row of face `f` of `board`.
    pub fn of(board: &Board, f: FaceId) -> FaceRow {
        let i = f.index();
        FaceRow {
            label: board.faces.label[i].clone(),
            coord: board.faces.coord[i],
            kind: board.faces.kind[i].clone(),
            colour: board.faces.colour[i],
            region: board.faces.region[i],
        }
    }
    fn store(self, board: &mut Board, f: usize) {
        board.faces.label[f] = self.label;
        board.faces.coord[f] = self.coord;
        board.faces.kind[f] = self.kind;
        board.faces.colour[f] = self.colour;
        board.faces.region[f] = self.region;
    }
}

/// Polygons with their rows, tags and pieces, waiting to become a board.
#[derive(Clone, Debug, Default)]
pub(crate) struct Assembly {
    pub soup: PolygonSoup,
    /// One row per soup face.
    pub rows: Vec<FaceRow>,
    /// Side tags by soup vertex indices (either order).
    pub tags: Vec<(u32, u32, SideTag)>,
    /// Start pieces by soup face index.
    pub pieces: Vec<(u32, u8)>,
    pub meta: BoardMeta,
    /// Weld tolerance for the builder (`None`: its default).
    pub weld: Option<f64>,
}

/// A built board and what building it changed.
pub(crate) struct Assembled {
    pub board: Board,
    /// Vertices merged into another at the same place.
    pub welded: usize,
    /// Tags whose edge is no longer on the boundary (or no longer exists).
    pub dropped_tags: usize,
}

impl Assembly {
    /// An assembly holding `board`'s vertices (same indices as the mesh's), its
    /// metadata and none of its faces.
    pub fn with_vertices_of(board: &Board) -> Assembly {
        let mut a = Assembly {
            meta: board.meta.clone(),
            ..Default::default()
        };
        a.soup.positions = board.mesh.positions().to_vec();
        a
    }

    /// `board`'s side tags by vertex indices.
    pub fn tags_of(board: &Board) -> Vec<(u32, u32, SideTag)> {
        board
            .side_tags
            .iter()
            .enumerate()
            .filter_map(|(e, t)| {
                let [a, b] = board.mesh.edge_vertices(crate::mesh::EdgeId(e as u32));
                t.map(|t| (a.0, b.0, t))
            })
            .collect()
    }

    /// Add a face; returns its soup index.
    pub fn push_face(&mut self, corners: &[u32], row: FaceRow) -> u32 {
        self.soup.push_face(corners);
        self.rows.push(row);
        (self.rows.len() - 1) as u32
    }

    /// Build and validate the board.
    pub fn finish(self) -> Result<Assembled, OpError> {
        let opts = BuildOptions {
            weld_tolerance: self.weld,
            ..Default::default()
        };
        let (mesh, report) = Mesh::build(&self.soup, &opts)?;
        let mut board = Board::new(mesh);
        for (i, row) in self.rows.into_iter().enumerate() {
            row.store(&mut board, i);
        }
        let map = |v: u32| -> Option<VertexId> { report.vertex_map.get(v as usize).copied()? };
        let mut dropped_tags = 0;
        for (a, b, t) in self.tags {
            let edge = map(a)
                .zip(map(b))
                .and_then(|(a, b)| board.mesh.find_edge(a, b))
                .filter(|&e| board.mesh.is_boundary_edge(e));
            match edge {
                Some(e) if board.side_tags[e.index()].is_none() => {
                    board.side_tags[e.index()] = Some(t)
                }
                Some(e) if board.side_tags[e.index()] == Some(t) => {}
                _ => dropped_tags += 1,
            }
        }
        board.setup.pieces = self
            .pieces
            .into_iter()
            .map(|(f, p)| (FaceId(f), p))
            .collect();
        board.setup.pieces.sort_unstable();
        board.meta = self.meta;
        board.validate()?;
        Ok(Assembled {
            board,
            welded: report.welded_vertices,
            dropped_tags,
        })
    }
}

impl Assembled {
    /// A note about dropped side tags, if any were dropped.
    pub fn tag_note(&self, why: &str) -> Option<String> {
        (self.dropped_tags > 0)
            .then(|| format!("dropped {} ({why})", count(self.dropped_tags, "side tag")))
    }
}

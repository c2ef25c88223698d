//! The one place where operators and tilings turn polygons plus per-face rows,
//! side tags and start pieces into a validated [`Board`] ([`Assembly`]), or
//! change a copy of a board's rows, tags, metadata or setup ([`Parts`]); both
//! build through [`crate::board::BoardBuilder`].

use super::{OpError, count};
use crate::board::{Board, BoardBuilder, BoardMeta, FaceData, SideTag, StartSetup};
use crate::mesh::{BuildOptions, EdgeId, FaceId, Mesh, PolygonSoup, VertexId};

/// A board taken apart: operators change a copy of its rows, tags, metadata or
/// start setup here and build it again through [`BoardBuilder`].
#[derive(Clone, Debug)]
pub(crate) struct Parts {
    pub mesh: Mesh,
    /// One row per face, in face order.
    pub rows: Vec<FaceData>,
    /// One slot per edge.
    pub tags: Vec<Option<SideTag>>,
    pub meta: BoardMeta,
    pub setup: StartSetup,
}

impl Parts {
    pub fn of(board: &Board) -> Parts {
        Parts {
            mesh: board.mesh().clone(),
            rows: board.faces().rows().collect(),
            tags: board.side_tags().to_vec(),
            meta: board.meta().clone(),
            setup: board.setup().clone(),
        }
    }

    /// The board of these parts, validated.
    pub fn build(self) -> Result<Board, OpError> {
        let tags = (self.tags.into_iter().enumerate())
            .filter_map(|(e, t)| t.map(|t| (EdgeId(e as u32), t)));
        Ok(BoardBuilder::from_mesh(self.mesh)
            .faces(self.rows)
            .tag_edges(tags)
            .meta(self.meta)
            .setup(self.setup)
            .build()?)
    }
}

/// `board` with face `f` labelled `labels[f]`.
pub(crate) fn with_labels(board: &Board, labels: Vec<String>) -> Result<Board, OpError> {
    let mut parts = Parts::of(board);
    for (row, label) in parts.rows.iter_mut().zip(labels) {
        row.label = label.into();
    }
    parts.build()
}

/// Polygons with their rows, tags and pieces, waiting to become a board.
#[derive(Clone, Debug, Default)]
pub(crate) struct Assembly {
    pub soup: PolygonSoup,
    /// One row per soup face.
    pub rows: Vec<FaceData>,
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
            meta: board.meta().clone(),
            ..Default::default()
        };
        a.soup.positions = board.mesh().positions().to_vec();
        a
    }

    /// `board`'s side tags by vertex indices.
    pub fn tags_of(board: &Board) -> Vec<(u32, u32, SideTag)> {
        board
            .side_tags()
            .iter()
            .enumerate()
            .filter_map(|(e, t)| {
                let [a, b] = board.mesh().edge_vertices(crate::mesh::EdgeId(e as u32));
                t.map(|t| (a.0, b.0, t))
            })
            .collect()
    }

    /// Add a face; returns its soup index.
    pub fn push_face(&mut self, corners: &[u32], row: FaceData) -> u32 {
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
        let map = |v: u32| -> Option<VertexId> { report.vertex_map.get(v as usize).copied()? };
        let mut tags: Vec<Option<SideTag>> = vec![None; mesh.edge_count()];
        let mut dropped_tags = 0;
        for (a, b, t) in self.tags {
            let edge = map(a)
                .zip(map(b))
                .and_then(|(a, b)| mesh.find_edge(a, b))
                .filter(|&e| mesh.is_boundary_edge(e));
            match edge {
                Some(e) if tags[e.index()].is_none() => tags[e.index()] = Some(t),
                Some(e) if tags[e.index()] == Some(t) => {}
                _ => dropped_tags += 1,
            }
        }
        let mut pieces: Vec<(FaceId, u8)> = (self.pieces.into_iter())
            .map(|(f, p)| (FaceId(f), p))
            .collect();
        pieces.sort_unstable();
        let board = Parts {
            mesh,
            rows: self.rows,
            tags,
            meta: self.meta,
            setup: StartSetup { pieces },
        }
        .build()?;
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

//! [`BoardBuilder`]: polygons (or a finished mesh) + face rows + side tags +
//! metadata + start setup → a validated [`Board`].
//!
//! Every place that assembles a board from parts uses it: the RON and OBJ
//! readers, the presets, the generator's output and paper sheet, game records.
//! Bad parts give a precise [`BoardError`] (or the [`MeshError`] of the
//! geometry); a built board always passes [`Board::validate`].
//!
//! ```
//! use boardwright::board::{BoardBuilder, BoardMeta, FaceData, SideTag};
//! use boardwright::mesh::{BuildOptions, Point, PolygonSoup};
//!
//! let square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
//! let soup = PolygonSoup::from_faces(
//!     square.iter().map(|&(x, y)| Point::new(x, y)).collect(),
//!     &[[0u32, 1, 2, 3]],
//! );
//! let board = BoardBuilder::from_polygons(&soup, &BuildOptions::default())?
//!     .faces([FaceData { label: "a1".into(), ..FaceData::default() }])
//!     .tag_between(0, 1, SideTag::Bottom)
//!     .meta(BoardMeta { name: "One square".into(), ..BoardMeta::default() })
//!     .piece(boardwright::mesh::FaceId(0), 0)
//!     .build()?;
//! assert_eq!(board.faces_on_side(SideTag::Bottom).len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Board, BoardError, BoardMeta, FaceData, FaceTable, SideTag, StartSetup, TagPlace};
use crate::mesh::{
    BuildOptions, BuildReport, EdgeId, FaceId, Mesh, MeshError, PolygonSoup, VertexId,
};

/// Collects the parts of a board; [`BoardBuilder::build`] checks and assembles them.
#[derive(Clone, Debug)]
pub struct BoardBuilder {
    mesh: Mesh,
    report: Option<BuildReport>,
    faces: Option<FaceTable>,
    tags: Vec<(TagPlace, SideTag)>,
    meta: BoardMeta,
    setup: StartSetup,
}

impl BoardBuilder {
    /// Start from a finished mesh. Vertices named by [`BoardBuilder::tag_between`]
    /// are the mesh's vertex ids.
    pub fn from_mesh(mesh: Mesh) -> BoardBuilder {
        BoardBuilder {
            mesh,
            report: None,
            faces: None,
            tags: Vec::new(),
            meta: BoardMeta::default(),
            setup: StartSetup::default(),
        }
    }

    /// Start from polygons (see [`Mesh::build`]: welds, orients, keeps face order).
    /// Vertices named by [`BoardBuilder::tag_between`] are the soup's vertex numbers.
    pub fn from_polygons(
        soup: &PolygonSoup,
        opts: &BuildOptions,
    ) -> Result<BoardBuilder, MeshError> {
        let (mesh, report) = Mesh::build(soup, opts)?;
        Ok(BoardBuilder {
            report: Some(report),
            ..BoardBuilder::from_mesh(mesh)
        })
    }

    /// The geometry, e.g. to decide which boundary edges to tag.
    pub fn mesh(&self) -> &Mesh {
        &self.mesh
    }

    /// What building the mesh from polygons repaired (empty for [`BoardBuilder::from_mesh`]).
    pub fn repairs(&self) -> Option<String> {
        self.report.as_ref().and_then(BuildReport::summary)
    }

    /// The data of every face, in face order: exactly one row per face. Without
    /// it every face gets [`FaceData::default`].
    pub fn faces(self, rows: impl IntoIterator<Item = FaceData>) -> BoardBuilder {
        self.face_table(FaceTable::from_rows(rows))
    }

    /// The data of every face as a table (e.g. read from a file).
    pub fn face_table(mut self, table: FaceTable) -> BoardBuilder {
        self.faces = Some(table);
        self
    }

    /// Tag a boundary edge.
    pub fn tag_edge(mut self, e: EdgeId, tag: SideTag) -> BoardBuilder {
        self.tags.push((TagPlace::Edge(e.0), tag));
        self
    }

    /// Tag several boundary edges.
    pub fn tag_edges(mut self, tags: impl IntoIterator<Item = (EdgeId, SideTag)>) -> BoardBuilder {
        self.tags
            .extend(tags.into_iter().map(|(e, t)| (TagPlace::Edge(e.0), t)));
        self
    }

    /// Tag the boundary edge joining input vertices `a` and `b` (numbered as in
    /// the polygons given to [`BoardBuilder::from_polygons`]).
    pub fn tag_between(mut self, a: u32, b: u32, tag: SideTag) -> BoardBuilder {
        self.tags.push((TagPlace::Vertices(a, b), tag));
        self
    }

    pub fn meta(mut self, meta: BoardMeta) -> BoardBuilder {
        self.meta = meta;
        self
    }

    /// A start piece of `player` (0 moves first) on face `f`.
    pub fn piece(mut self, f: FaceId, player: u8) -> BoardBuilder {
        self.setup.pieces.push((f, player));
        self
    }

    /// The whole start setup.
    pub fn setup(mut self, setup: StartSetup) -> BoardBuilder {
        self.setup = setup;
        self
    }

    /// Check every part and assemble the board.
    pub fn build(self) -> Result<Board, BoardError> {
        let mut board = Board::new(self.mesh);
        if let Some(t) = self.faces {
            if !t.is_consistent() || t.len() != board.face_count() {
                return Err(BoardError::FaceTableSize {
                    table: t.len(),
                    faces: board.face_count(),
                });
            }
            board.faces = t;
        }
        for (place, tag) in self.tags {
            let e = resolve(&board.mesh, self.report.as_ref(), place, tag)?;
            if !board.mesh.is_boundary_edge(e) {
                return Err(BoardError::TagOnInteriorEdge {
                    place,
                    tag: tag.name(),
                });
            }
            match board.side_tags[e.index()] {
                Some(t) if t != tag => {
                    return Err(BoardError::TagConflict {
                        place,
                        first: t.name(),
                        second: tag.name(),
                    });
                }
                _ => board.side_tags[e.index()] = Some(tag),
            }
        }
        board.meta = self.meta;
        board.setup = self.setup;
        board.validate()?;
        Ok(board)
    }
}

/// The edge a tag names.
fn resolve(
    mesh: &Mesh,
    report: Option<&BuildReport>,
    place: TagPlace,
    tag: SideTag,
) -> Result<EdgeId, BoardError> {
    match place {
        TagPlace::Edge(e) => {
            if (e as usize) < mesh.edge_count() {
                Ok(EdgeId(e))
            } else {
                Err(BoardError::NoSuchEdge { edge: e })
            }
        }
        TagPlace::Vertices(a, b) => {
            let vertex = |x: u32| -> Result<VertexId, BoardError> {
                let count = report.map_or(mesh.vertex_count(), |r| r.vertex_map.len());
                if x as usize >= count {
                    return Err(BoardError::TagVertexMissing {
                        tag: tag.name(),
                        vertex: x,
                        count,
                    });
                }
                match report {
                    None => Ok(VertexId(x)),
                    Some(r) => r.vertex_map[x as usize].ok_or(BoardError::TagVertexUnused {
                        tag: tag.name(),
                        vertex: x,
                    }),
                }
            };
            let (va, vb) = (vertex(a)?, vertex(b)?);
            mesh.find_edge(va, vb).ok_or(BoardError::TagNoEdge {
                place,
                tag: tag.name(),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{FaceKind, GridCoord};
    use crate::mesh::Point;

    /// Two unit squares side by side: vertices 0 1 2 along the bottom, 3 4 5 on top.
    fn two_squares() -> PolygonSoup {
        let pts = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]
            .iter()
            .map(|&(x, y)| Point::new(x as f64, y as f64))
            .collect();
        PolygonSoup::from_faces(pts, &[[0u32, 1, 4, 3], [1, 2, 5, 4]])
    }

    fn builder() -> BoardBuilder {
        BoardBuilder::from_polygons(&two_squares(), &BuildOptions::default()).unwrap()
    }

    fn row(label: &str) -> FaceData {
        FaceData {
            label: label.into(),
            ..FaceData::default()
        }
    }

    #[test]
    fn parts_make_a_valid_board() {
        let b = builder()
            .faces([
                FaceData {
                    coord: Some(GridCoord::new(0, 0)),
                    kind: FaceKind::Blocked,
                    ..row("a1")
                },
                row("b1"),
            ])
            .tag_between(0, 1, SideTag::Bottom)
            .tag_between(1, 2, SideTag::Bottom)
            .tag_between(0, 3, SideTag::Left)
            .meta(BoardMeta {
                name: "pair".into(),
                ..BoardMeta::default()
            })
            .piece(FaceId(1), 1)
            .build()
            .unwrap();
        assert_eq!(b.label(FaceId(1)), "b1");
        assert_eq!(b.kind(FaceId(0)), &FaceKind::Blocked);
        assert_eq!(b.faces_on_side(SideTag::Bottom), [FaceId(0), FaceId(1)]);
        assert_eq!(b.faces_on_side(SideTag::Left), [FaceId(0)]);
        assert_eq!(b.meta().name, "pair");
        assert_eq!(b.setup().pieces, [(FaceId(1), 1)]);
        b.validate().unwrap();
    }

    #[test]
    fn without_rows_every_face_gets_default_data() {
        let b = builder().build().unwrap();
        assert_eq!(
            b.faces().rows().collect::<Vec<_>>(),
            [FaceData::default(), FaceData::default()]
        );
        assert_eq!(b.side_tags(), [None; 7]);
    }

    #[test]
    fn bad_parts_are_refused_precisely() {
        let msg = |b: BoardBuilder| b.build().unwrap_err().to_string();
        assert_eq!(
            msg(builder().faces([row("a1")])),
            "the face table has 1 rows but the mesh has 2 faces"
        );
        assert_eq!(
            msg(builder().faces([row("x"), row("x")])),
            "two faces are labelled 'x' (faces 0 and 1)"
        );
        assert_eq!(
            msg(builder().tag_between(1, 4, SideTag::Top)),
            "side tag 'top' on vertices 1 and 4: that edge is inside the board, but side tags belong on boundary edges"
        );
        assert_eq!(
            msg(builder().tag_between(0, 5, SideTag::Top)),
            "side tag 'top' on vertices 0 and 5: no edge joins them"
        );
        assert_eq!(
            msg(builder().tag_between(0, 9, SideTag::Top)),
            "side tag 'top' names vertex 9, but there are only 6 vertices"
        );
        assert_eq!(
            msg(builder()
                .tag_between(0, 1, SideTag::Bottom)
                .tag_between(1, 0, SideTag::Left)),
            "side tags 'bottom' and 'left' on vertices 1 and 0: an edge carries one side tag"
        );
        assert_eq!(
            msg(builder().tag_edge(EdgeId(99), SideTag::Top)),
            "there is no edge #99"
        );
        assert_eq!(
            msg(builder().piece(FaceId(5), 0)),
            "the start setup names face 5, which does not exist"
        );
        assert_eq!(
            msg(builder().piece(FaceId(0), 2)),
            "the start setup names player 2 on face 0; players are 0 and 1"
        );
        assert_eq!(
            msg(builder()
                .faces([row("a1"), row("")])
                .piece(FaceId(0), 0)
                .piece(FaceId(0), 1)),
            "the start setup places two pieces on face 0 ('a1')"
        );
    }

    #[test]
    fn an_unused_input_vertex_cannot_carry_a_tag() {
        let mut soup = two_squares();
        soup.push_vertex(Point::new(5.0, 5.0));
        let b = BoardBuilder::from_polygons(&soup, &BuildOptions::default()).unwrap();
        assert_eq!(b.repairs().as_deref(), Some("dropped 1 unused vertices"));
        assert_eq!(
            b.tag_between(6, 0, SideTag::Top).build().unwrap_err(),
            BoardError::TagVertexUnused {
                tag: "top",
                vertex: 6
            }
        );
    }

    #[test]
    fn a_ragged_table_is_refused() {
        let t: FaceTable = ron::from_str(
            "(label: [\"a\", \"b\"], coord: [None], kind: [cell, cell], colour: [None, None], region: [None, None])",
        )
        .unwrap();
        assert!(matches!(
            builder().face_table(t).build(),
            Err(BoardError::FaceTableSize { table: 2, faces: 2 })
        ));
    }

    #[test]
    fn a_finished_mesh_names_its_own_vertices() {
        let mesh = Mesh::build(&two_squares(), &BuildOptions::default())
            .unwrap()
            .0;
        let b = BoardBuilder::from_mesh(mesh);
        assert_eq!(b.repairs(), None);
        let b = b.tag_between(0, 1, SideTag::Bottom).build().unwrap();
        assert_eq!(b.tagged_sides(), [SideTag::Bottom]);
    }
}

//! The board model: a winged-edge mesh plus per-face data, side tags on boundary
//! edges, metadata and an optional start setup.
//!
//! * `mod.rs`: the value types and [`Board`] with its read accessors and
//!   [`Board::validate`];
//! * [`faces`]: the per-face row type [`FaceData`] and its column storage [`FaceTable`];
//! * [`builder`]: [`BoardBuilder`], the one way to assemble a board from parts
//!   (file readers, presets, the generator, game records);
//! * `change.rs`: the only code that changes a board, keeping its invariants
//!   and recording undo data ([`BoardUndo`]); [`crate::edit`] drives it;
//! * [`lint`]: what a designer probably wants to fix (duplicate labels, untagged
//!   sides, tiny faces, holes, …), for the editor's Problems panel and `info`.

pub mod builder;
mod change;
pub mod faces;
pub mod lattice;
pub mod lint;

pub use builder::BoardBuilder;
pub(crate) use change::Change;
pub use change::{BoardUndo, ChangeOutcome};
pub use faces::{FaceData, FaceTable};

use crate::mesh::{EdgeId, FaceId, Mesh, ValidationError};
use compact_str::CompactString;
use serde::{Deserialize, Serialize};

/// Column/row position of a face on a regular grid. Row 0 is the row labelled `1`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct GridCoord {
    pub col: i32,
    pub row: i32,
}

impl GridCoord {
    pub const fn new(col: i32, row: i32) -> Self {
        GridCoord { col, row }
    }

    /// This position's `a1`-style name ([`grid_label`]); none for a negative
    /// coordinate.
    pub fn label(self) -> Option<CompactString> {
        (self.col >= 0 && self.row >= 0).then(|| grid_name(self.col as u32, self.row as u32))
    }

    /// Whether `label` is this position's `a1`-style name ([`grid_label`]),
    /// exactly as the presets write it. A position with a negative coordinate
    /// has no such name.
    pub fn names(self, label: &str) -> bool {
        if self.col < 0 || self.row < 0 {
            return false;
        }
        let b = label.as_bytes();
        let split = b.iter().position(u8::is_ascii_digit).unwrap_or(b.len());
        let (letters, digits) = b.split_at(split);
        letters == letters_of(self.col as u32, &mut [0; 7])
            && digits == itoa::Buffer::new().format(self.row as u64 + 1).as_bytes()
    }
}

/// What a face is for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FaceKind {
    /// An ordinary playable cell.
    #[default]
    Cell,
    /// Part of the board that cannot be played on.
    Blocked,
    /// A generated region of fixed size (generator).
    FixedRegion,
    /// A generated, organically grown garden (generator).
    Garden,
    /// Anything else a designer wants to mark.
    Other(String),
}

/// A boundary side of the board, used by connection games.
///
/// Four-sided boards use the named sides (Hex, TwixT). Boards with another
/// number of sides use numbered sides, and boards whose corners matter
/// (Havannah) tag each corner face's boundary edges with a numbered corner.
/// In RON files the named sides are written `top`, …, the others `side(3)`,
/// `corner(1)`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SideTag {
    Top,
    Bottom,
    Left,
    Right,
    /// Side number 1 to [`SideNo::MAX`], counter-clockwise around the board.
    Side(SideNo),
    /// Corner number 1 to [`SideNo::MAX`]; corner k is where side k starts.
    Corner(SideNo),
}

/// The number of a numbered side or corner, 1 to [`SideNo::MAX`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct SideNo(u8);

impl SideNo {
    /// The largest side or corner number.
    pub const MAX: u8 = 12;
    /// `Some` for 1 to [`SideNo::MAX`].
    pub const fn new(k: u8) -> Option<SideNo> {
        if k >= 1 && k <= Self::MAX {
            Some(SideNo(k))
        } else {
            None
        }
    }
    pub const fn get(self) -> u8 {
        self.0
    }
}

impl TryFrom<u8> for SideNo {
    type Error = String;
    fn try_from(k: u8) -> Result<Self, String> {
        SideNo::new(k).ok_or_else(|| {
            format!(
                "side or corner number {k} is out of range (1 to {})",
                SideNo::MAX
            )
        })
    }
}

impl From<SideNo> for u8 {
    fn from(k: SideNo) -> u8 {
        k.0
    }
}

const SIDE_NAMES: [&str; SideNo::MAX as usize] = [
    "side1", "side2", "side3", "side4", "side5", "side6", "side7", "side8", "side9", "side10",
    "side11", "side12",
];
const CORNER_NAMES: [&str; SideNo::MAX as usize] = [
    "corner1", "corner2", "corner3", "corner4", "corner5", "corner6", "corner7", "corner8",
    "corner9", "corner10", "corner11", "corner12",
];

impl SideTag {
    /// The four named sides.
    pub const ALL: [SideTag; 4] = [SideTag::Top, SideTag::Bottom, SideTag::Left, SideTag::Right];
    /// Numbered side `k` (1-based), if `k` is in range.
    pub fn side(k: u8) -> Option<SideTag> {
        SideNo::new(k).map(SideTag::Side)
    }
    /// Numbered corner `k` (1-based), if `k` is in range.
    pub fn corner(k: u8) -> Option<SideTag> {
        SideNo::new(k).map(SideTag::Corner)
    }
    pub fn name(self) -> &'static str {
        match self {
            SideTag::Top => "top",
            SideTag::Bottom => "bottom",
            SideTag::Left => "left",
            SideTag::Right => "right",
            SideTag::Side(k) => SIDE_NAMES[k.0 as usize - 1],
            SideTag::Corner(k) => CORNER_NAMES[k.0 as usize - 1],
        }
    }
    /// The opposite named side; numbered sides and corners have no fixed
    /// opposite and are returned unchanged.
    pub fn opposite(self) -> SideTag {
        match self {
            SideTag::Top => SideTag::Bottom,
            SideTag::Bottom => SideTag::Top,
            SideTag::Left => SideTag::Right,
            SideTag::Right => SideTag::Left,
            other => other,
        }
    }
    /// Whether this is a numbered corner.
    pub fn is_corner(self) -> bool {
        matches!(self, SideTag::Corner(_))
    }
}

impl std::str::FromStr for SideTag {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let lower = s.to_ascii_lowercase();
        let numbered = |prefix: &str, make: fn(SideNo) -> SideTag| {
            lower
                .strip_prefix(prefix)
                .and_then(|k| k.parse::<u8>().ok())
                .and_then(SideNo::new)
                .map(make)
        };
        SideTag::ALL
            .into_iter()
            .find(|t| t.name() == lower)
            .or_else(|| numbered("side", SideTag::Side))
            .or_else(|| numbered("corner", SideTag::Corner))
            .ok_or_else(|| {
                format!(
                    "unknown side '{s}' (expected top, bottom, left, right, side1 to side{m} or corner1 to corner{m})",
                    m = SideNo::MAX
                )
            })
    }
}

/// An sRGBA colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rgba(pub [u8; 4]);

/// Name, description and the rules the designer suggests.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BoardMeta {
    pub name: String,
    pub description: String,
    /// Rule names such as `hex`, `twixt`, `loa`, `boco`.
    pub suggested_rules: Vec<String>,
}

/// Pieces on the board before the first move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartSetup {
    /// (face, player) with player 0 moving first.
    pub pieces: Vec<(FaceId, u8)>,
}

/// A board: geometry plus everything games and the editor need to know about it.
///
/// The fields are private so that the board's invariants hold at all times: one
/// face row per mesh face, one side-tag slot per mesh edge, tags only on boundary
/// edges, start pieces of players 0 and 1 on distinct existing faces, no two faces
/// with the same label. Boards are made by [`BoardBuilder`] (or [`Board::new`]) and
/// changed only through the methods in `change.rs`, which [`crate::edit`] applies
/// (with undo); everyone else reads.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Board {
    mesh: Mesh,
    faces: FaceTable,
    /// Side tag of each edge (only boundary edges may carry one), indexed by `EdgeId`.
    side_tags: Vec<Option<SideTag>>,
    meta: BoardMeta,
    setup: StartSetup,
}

/// Where a side tag was put, as its source named the edge.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TagPlace {
    /// An edge by id.
    Edge(u32),
    /// The edge joining two vertices, by their numbers in the input (file) list.
    Vertices(u32, u32),
}

impl std::fmt::Display for TagPlace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TagPlace::Edge(e) => write!(f, "edge #{e}"),
            TagPlace::Vertices(a, b) => write!(f, "vertices {a} and {b}"),
        }
    }
}

/// Why a board is not consistent, or why a change or a set of parts would make
/// an inconsistent one.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BoardError {
    #[error(transparent)]
    Mesh(#[from] ValidationError),
    #[error("the face table has {table} rows but the mesh has {faces} faces")]
    FaceTableSize { table: usize, faces: usize },
    #[error("the side tags cover {tags} edges but the mesh has {edges} edges")]
    SideTagSize { tags: usize, edges: usize },
    #[error("there is no face #{face}")]
    NoSuchFace { face: u32 },
    #[error("there is no edge #{edge}")]
    NoSuchEdge { edge: u32 },
    #[error(
        "side tag '{tag}' on {place}: that edge is inside the board, but side tags belong on boundary edges"
    )]
    TagOnInteriorEdge { place: TagPlace, tag: &'static str },
    #[error("side tag '{tag}' names vertex {vertex}, but there are only {count} vertices")]
    TagVertexMissing {
        tag: &'static str,
        vertex: u32,
        count: usize,
    },
    #[error("side tag '{tag}' names vertex {vertex}, which no face uses")]
    TagVertexUnused { tag: &'static str, vertex: u32 },
    #[error("side tag '{tag}' on {place}: no edge joins them")]
    TagNoEdge { place: TagPlace, tag: &'static str },
    #[error("side tags '{first}' and '{second}' on {place}: an edge carries one side tag")]
    TagConflict {
        place: TagPlace,
        first: &'static str,
        second: &'static str,
    },
    #[error("the start setup names face {face}, which does not exist")]
    SetupFaceMissing { face: usize },
    #[error("the start setup places two pieces on face {face} ('{label}')")]
    SetupDuplicate { face: usize, label: String },
    #[error("the start setup names player {player} on face {face}; players are 0 and 1")]
    SetupPlayer { face: usize, player: u8 },
    #[error("player {player} does not exist; players are 0 and 1")]
    NoSuchPlayer { player: u8 },
    #[error("two faces are labelled '{label}' (faces {a} and {b})")]
    DuplicateLabel { label: String, a: usize, b: usize },
    #[error("the label '{label}' is already used by face #{other}")]
    LabelTaken { label: String, other: u32 },
}

impl Board {
    /// A board over `mesh` with default face data, no tags, no metadata and no setup.
    pub fn new(mesh: Mesh) -> Board {
        let nf = mesh.face_count();
        let ne = mesh.edge_count();
        Board {
            mesh,
            faces: FaceTable::with_len(nf),
            side_tags: vec![None; ne],
            meta: BoardMeta::default(),
            setup: StartSetup::default(),
        }
    }

    /// A board with no faces yet, the editor's starting point. It is not valid
    /// (nothing can be saved or played) until faces are drawn.
    pub fn empty(meta: BoardMeta) -> Board {
        Board {
            meta,
            ..Board::default()
        }
    }

    // ----- reading ---------------------------------------------------------------

    pub fn mesh(&self) -> &Mesh {
        &self.mesh
    }
    /// The per-face data, by column or by row.
    pub fn faces(&self) -> &FaceTable {
        &self.faces
    }
    /// Side tag of each edge, indexed by `EdgeId`.
    pub fn side_tags(&self) -> &[Option<SideTag>] {
        &self.side_tags
    }
    /// The tagged edges with their tags, in edge order.
    pub fn tagged_edges(&self) -> impl Iterator<Item = (EdgeId, SideTag)> + '_ {
        self.side_tags
            .iter()
            .enumerate()
            .filter_map(|(e, t)| t.map(|t| (EdgeId(e as u32), t)))
    }
    pub fn meta(&self) -> &BoardMeta {
        &self.meta
    }
    pub fn setup(&self) -> &StartSetup {
        &self.setup
    }
    pub fn face_count(&self) -> usize {
        self.mesh.face_count()
    }
    /// The data of one face (a copy).
    pub fn face_data(&self, f: FaceId) -> FaceData {
        self.faces.row(f.index())
    }
    pub fn label(&self, f: FaceId) -> &str {
        &self.faces.labels()[f.index()]
    }
    pub fn coord(&self, f: FaceId) -> Option<GridCoord> {
        self.faces.coords()[f.index()]
    }
    pub fn kind(&self, f: FaceId) -> &FaceKind {
        &self.faces.kinds()[f.index()]
    }
    pub fn colour(&self, f: FaceId) -> Option<Rgba> {
        self.faces.colours()[f.index()]
    }
    pub fn region(&self, f: FaceId) -> Option<u32> {
        self.faces.regions()[f.index()]
    }
    /// `Ok` when `f` names a face of the board.
    pub fn check_face(&self, f: FaceId) -> Result<(), BoardError> {
        if f.index() < self.face_count() {
            Ok(())
        } else {
            Err(BoardError::NoSuchFace { face: f.0 })
        }
    }

    /// Check the mesh invariants and that the board data matches the mesh.
    pub fn validate(&self) -> Result<(), BoardError> {
        self.mesh.validate()?;
        self.check_data()
    }

    /// Everything [`Board::validate`] checks beyond the mesh itself.
    fn check_data(&self) -> Result<(), BoardError> {
        let nf = self.mesh.face_count();
        if !self.faces.is_consistent() || self.faces.len() != nf {
            return Err(BoardError::FaceTableSize {
                table: self.faces.len(),
                faces: nf,
            });
        }
        if self.side_tags.len() != self.mesh.edge_count() {
            return Err(BoardError::SideTagSize {
                tags: self.side_tags.len(),
                edges: self.mesh.edge_count(),
            });
        }
        if let Some((e, t)) = self
            .tagged_edges()
            .find(|&(e, _)| !self.mesh.is_boundary_edge(e))
        {
            return Err(BoardError::TagOnInteriorEdge {
                place: TagPlace::Edge(e.0),
                tag: t.name(),
            });
        }
        let mut seen = vec![false; nf];
        for &(f, pl) in &self.setup.pieces {
            if f.index() >= nf {
                return Err(BoardError::SetupFaceMissing { face: f.index() });
            }
            if pl > 1 {
                return Err(BoardError::SetupPlayer {
                    face: f.index(),
                    player: pl,
                });
            }
            if std::mem::replace(&mut seen[f.index()], true) {
                return Err(BoardError::SetupDuplicate {
                    face: f.index(),
                    label: self.label(f).to_string(),
                });
            }
        }
        let mut labels: rustc_hash::FxHashMap<&str, usize> = Default::default();
        // Sized once: growing it label by label was a tenth of opening a 1M-face board.
        labels.reserve(self.faces.labels().len());
        for (i, l) in self.faces.labels().iter().enumerate() {
            if l.is_empty() {
                continue;
            }
            match labels.entry(l.as_str()) {
                std::collections::hash_map::Entry::Occupied(a) => {
                    return Err(BoardError::DuplicateLabel {
                        label: l.to_string(),
                        a: *a.get(),
                        b: i,
                    });
                }
                std::collections::hash_map::Entry::Vacant(v) => {
                    v.insert(i);
                }
            }
        }
        Ok(())
    }

    /// The label of a face, or `#<id>` when it has none.
    pub fn face_name(&self, f: FaceId) -> String {
        let l = self.label(f);
        if l.is_empty() {
            format!("#{}", f.0)
        } else {
            l.to_string()
        }
    }
    /// Find a face by its label (case-insensitive), or by `#<id>`.
    pub fn face_by_label(&self, label: &str) -> Option<FaceId> {
        if let Some(id) = label.strip_prefix('#') {
            return id
                .parse::<u32>()
                .ok()
                .filter(|&i| (i as usize) < self.face_count())
                .map(FaceId);
        }
        self.faces
            .labels()
            .iter()
            .position(|l| l.eq_ignore_ascii_case(label))
            .map(|i| FaceId(i as u32))
    }
    /// The side tag of an edge.
    pub fn side_tag(&self, e: EdgeId) -> Option<SideTag> {
        self.side_tags.get(e.index()).copied().flatten()
    }
    /// Faces with at least one boundary edge tagged `tag`, in id order.
    pub fn faces_on_side(&self, tag: SideTag) -> Vec<FaceId> {
        let mut out: Vec<FaceId> = self
            .tagged_edges()
            .filter(|&(_, t)| t == tag)
            .map(|(e, _)| self.mesh.edge_faces(e).0)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
    /// Which sides and corners carry at least one tag, in [`SideTag`] order.
    pub fn tagged_sides(&self) -> Vec<SideTag> {
        let mut v: Vec<SideTag> = self.side_tags.iter().flatten().copied().collect();
        v.sort_unstable();
        v.dedup();
        v
    }
    /// Map from grid coordinate to face, when faces carry coordinates.
    pub fn grid_index(&self) -> rustc_hash::FxHashMap<GridCoord, FaceId> {
        self.faces
            .coords()
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|c| (c, FaceId(i as u32))))
            .collect()
    }
}

/// Spreadsheet-style column letters: 0 → `a`, 25 → `z`, 26 → `aa`.
pub fn column_letters(col: u32) -> String {
    letters_of(col, &mut [0; 7])
        .iter()
        .map(|&b| b as char)
        .collect()
}

/// [`column_letters`] written into the end of `buf` (seven letters hold any
/// `u32`): the letters, without allocating.
fn letters_of(mut col: u32, buf: &mut [u8; 7]) -> &[u8] {
    let mut k = buf.len();
    loop {
        k -= 1;
        buf[k] = b'a' + (col % 26) as u8;
        if col < 26 {
            break;
        }
        col = col / 26 - 1;
    }
    &buf[k..]
}

/// Parse spreadsheet-style column letters (case-insensitive).
pub fn parse_column_letters(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 4 {
        return None;
    }
    let mut v: u32 = 0;
    for c in s.bytes() {
        let c = c.to_ascii_lowercase();
        if !c.is_ascii_lowercase() {
            return None;
        }
        v = v * 26 + (c - b'a') as u32 + 1;
    }
    Some(v - 1)
}

/// Label `a1`-style: column letters then 1-based row number.
pub fn grid_label(col: u32, row: u32) -> String {
    grid_name(col, row).into()
}

/// [`grid_label`] as a face label: at most 17 bytes, so kept inline, without
/// a heap allocation (made for every face of a board opened from a file: no
/// formatting machinery either).
pub fn grid_name(col: u32, row: u32) -> CompactString {
    let mut buf = [0; 7];
    let letters = letters_of(col, &mut buf);
    let mut ib = itoa::Buffer::new();
    let digits = ib.format(u64::from(row) + 1);
    let mut s = CompactString::const_new("");
    s.extend(letters.iter().map(|&b| b as char));
    s.push_str(digits);
    s
}

/// Split an `a1`-style label into (col, row), both 0-based.
pub fn parse_grid_label(s: &str) -> Option<(u32, u32)> {
    let split = s.find(|c: char| c.is_ascii_digit())?;
    let (l, n) = s.split_at(split);
    let col = parse_column_letters(l)?;
    let row: u32 = n.parse().ok()?;
    (row >= 1).then(|| (col, row - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_labels_count_columns_like_a_spreadsheet() {
        assert_eq!(grid_label(0, 0), "a1");
        assert_eq!(grid_label(25, 9), "z10");
        assert_eq!(grid_label(26, 99), "aa100");
        assert_eq!(grid_label(701, 0), "zz1");
        assert_eq!(grid_label(702, 0), "aaa1");
        assert_eq!(
            grid_label(u32::MAX, u32::MAX),
            format!("{}4294967296", column_letters(u32::MAX))
        );
        for col in [
            0, 1, 25, 26, 27, 51, 52, 675, 676, 701, 702, 18277, 18278, 475253,
        ] {
            assert_eq!(
                parse_grid_label(&grid_label(col, 4)),
                Some((col, 4)),
                "{col}"
            );
        }
    }

    #[test]
    fn a_grid_position_names_exactly_its_own_label() {
        for (col, row) in [(0, 0), (25, 0), (26, 9), (701, 99), (702, 998), (18277, 41)] {
            let g = GridCoord::new(col, row);
            let own = grid_label(col as u32, row as u32);
            assert!(g.names(&own), "{own}");
            for other in [
                own.to_uppercase(),
                format!("{own}0"),
                format!("a{own}"),
                own[1..].to_string(),
                grid_label(col as u32 + 1, row as u32),
                grid_label(col as u32, row as u32 + 1),
                String::new(),
            ] {
                assert!(!g.names(&other), "{g:?} {other}");
            }
        }
        assert!(!GridCoord::new(-1, 0).names("a1"));
        assert!(!GridCoord::new(0, -1).names("a0"));
        assert!(!GridCoord::new(0, 0).names("a01"));
    }

    #[test]
    fn a_label_used_twice_names_both_faces() {
        let mut b = crate::presets::square_grid(3, 2);
        assert!(b.validate().is_ok());
        let row = |label: &str| faces::FaceData {
            label: label.into(),
            ..b.faces.row(4)
        };
        let (r1, r4) = (row("x"), row("x"));
        b.faces.set_row(1, r1);
        b.faces.set_row(4, r4);
        match b.validate() {
            Err(BoardError::DuplicateLabel { label, a, b }) => {
                assert_eq!((label.as_str(), a, b), ("x", 1, 4));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn letters_round_trip() {
        for c in [0u32, 1, 25, 26, 27, 51, 52, 701, 702] {
            assert_eq!(parse_column_letters(&column_letters(c)), Some(c));
        }
        assert_eq!(column_letters(0), "a");
        assert_eq!(column_letters(25), "z");
        assert_eq!(column_letters(26), "aa");
        assert_eq!(grid_label(1, 0), "b1");
        assert_eq!(parse_grid_label("b12"), Some((1, 11)));
        assert_eq!(parse_grid_label("b0"), None);
        assert_eq!(parse_grid_label("12"), None);
    }

    #[test]
    fn numbered_sides_and_corners() {
        let s3 = SideTag::side(3).unwrap();
        assert_eq!(s3.name(), "side3");
        assert_eq!("Side3".parse::<SideTag>(), Ok(s3));
        assert_eq!(
            "corner12".parse::<SideTag>(),
            Ok(SideTag::corner(12).unwrap())
        );
        assert_eq!("top".parse::<SideTag>(), Ok(SideTag::Top));
        assert!("side13".parse::<SideTag>().is_err());
        assert!("side0".parse::<SideTag>().is_err());
        assert_eq!(SideTag::side(0), None);
        assert_eq!(SideTag::corner(SideNo::MAX + 1), None);
        assert!(SideTag::corner(1).unwrap().is_corner());
        assert_eq!(s3.opposite(), s3);
        // Named sides sort first, in the order of SideTag::ALL.
        let mut v = vec![
            SideTag::corner(1).unwrap(),
            s3,
            SideTag::Right,
            SideTag::Top,
        ];
        v.sort();
        assert_eq!(
            v,
            [
                SideTag::Top,
                SideTag::Right,
                s3,
                SideTag::corner(1).unwrap()
            ]
        );
    }
}

//! The board schema: [`BoardFile`] (formats 2 and 3) and [`BoardFileV1`] with their
//! parts, the conversions between a [`Board`] and the schema, and the bounded
//! serde helpers every RON read uses (lists bounded by [`Limits`] while they
//! are read, errors worded in the user's terms).
//!
//! It sits below both the format-2 and format-3 text ([`super::native`]) and the RON
//! dispatcher ([`super::ron`]), which only chooses between the formats.

use super::{IoError, Limits, Loaded, board_from_polygons};
use crate::board::{
    Board, BoardMeta, FaceData, FaceKind, FaceTable, GridCoord, Rgba, SideTag, StartSetup,
};
use crate::mesh::{FaceId, Point, PolygonSoup};
use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cell::Cell;

/// The board file format version this build writes (it reads 1 to 3).
pub const BOARD_FORMAT_VERSION: u32 = 3;

/// A board file: the board schema (formats 2 and 3), read and written as RON.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardFile {
    pub meta: MetaDto,
    /// The vertices and every face's corners (counter-clockwise vertex indices).
    pub polygons: PolygonSoup,
    /// One row per face, in face order.
    pub face_data: FaceTable,
    /// Side tags on boundary edges, each edge named by its two vertices.
    pub side_tags: Vec<(u32, u32, SideTag)>,
    pub setup: Vec<PieceDto>,
}

/// A format-1 board file, as it was read and written before format 2.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardFileV1 {
    pub format_version: u32,
    #[serde(default)]
    pub meta: MetaDto,
    #[serde(deserialize_with = "de_vertices")]
    pub vertices: Vec<(f64, f64)>,
    #[serde(deserialize_with = "de_faces")]
    pub faces: Vec<FaceDto>,
    /// Side tags on boundary edges, each edge named by its two vertices.
    #[serde(default, deserialize_with = "de_side_tags")]
    pub side_tags: Vec<(u32, u32, SideTag)>,
    #[serde(default, deserialize_with = "de_setup")]
    pub setup: Vec<PieceDto>,
}

/// Most rules names a board may suggest.
pub const MAX_SUGGESTED_RULES: usize = 64;

/// A board's name, description and suggested rules.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MetaDto {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default, deserialize_with = "de_suggested_rules")]
    pub suggested_rules: Vec<String>,
}

/// One face: its corners (vertex indices, counter-clockwise) and its data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaceDto {
    #[serde(deserialize_with = "de_face_vertices")]
    pub vertices: Vec<u32>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coord: Option<GridCoord>,
    #[serde(default, skip_serializing_if = "is_cell")]
    pub kind: FaceKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<Colour>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<u32>,
}

/// A start piece: a face (by index) and its owner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceDto {
    pub face: u32,
    pub player: u8,
}

fn is_cell(k: &FaceKind) -> bool {
    *k == FaceKind::Cell
}

/// A colour written as `"#rrggbb"` or `"#rrggbbaa"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour(pub Rgba);

impl Serialize for Colour {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let [r, g, b, a] = self.0.0;
        if a == 255 {
            s.serialize_str(&format!("#{r:02x}{g:02x}{b:02x}"))
        } else {
            s.serialize_str(&format!("#{r:02x}{g:02x}{b:02x}{a:02x}"))
        }
    }
}

impl<'de> Deserialize<'de> for Colour {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        parse_colour(&s).map(Colour).ok_or_else(|| {
            de::Error::custom(format!(
                "invalid colour \"{s}\" (expected \"#rrggbb\" or \"#rrggbbaa\")"
            ))
        })
    }
}

/// Parse `#rrggbb` or `#rrggbbaa`.
pub fn parse_colour(s: &str) -> Option<Rgba> {
    let h = s.strip_prefix('#')?;
    if !(h.len() == 6 || h.len() == 8) || !h.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
    let a = if h.len() == 8 { byte(6)? } else { 255 };
    Some(Rgba([byte(0)?, byte(2)?, byte(4)?, a]))
}

// ----- bounded deserialisation ------------------------------------------------------

thread_local! {
    static BUDGET: Cell<Limits> = Cell::new(Limits::default());
    static CORNERS: Cell<usize> = const { Cell::new(0) };
}

struct BoundedVec<T> {
    what: &'static str,
    limit: usize,
    count_corners: bool,
    _t: std::marker::PhantomData<T>,
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for BoundedVec<T> {
    type Value = Vec<T>;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "a list of {}", self.what)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut v = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(x) = seq.next_element()? {
            if v.len() >= self.limit {
                return Err(de::Error::custom(format!(
                    "more than {} {}, more than boardwright accepts",
                    self.limit, self.what
                )));
            }
            v.push(x);
        }
        if self.count_corners {
            let total = CORNERS.with(|c| {
                c.set(c.get() + v.len());
                c.get()
            });
            let limit = BUDGET.with(|b| b.get().max_corners);
            if total > limit {
                return Err(de::Error::custom(format!(
                    "more than {limit} face corners in all, more than boardwright accepts"
                )));
            }
        }
        Ok(v)
    }
}

pub(crate) fn bounded<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
    what: &'static str,
    limit: usize,
    count_corners: bool,
) -> Result<Vec<T>, D::Error> {
    d.deserialize_seq(BoundedVec {
        what,
        limit,
        count_corners,
        _t: std::marker::PhantomData,
    })
}

fn de_vertices<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(f64, f64)>, D::Error> {
    let limit = BUDGET.with(|b| b.get().max_vertices);
    bounded(d, "vertices", limit, false)
}
fn de_faces<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<FaceDto>, D::Error> {
    let limit = BUDGET.with(|b| b.get().max_faces);
    bounded(d, "faces", limit, false)
}
fn de_side_tags<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(u32, u32, SideTag)>, D::Error> {
    // A side tag names an edge; a board has fewer edges than face corners.
    let limit = BUDGET.with(|b| b.get().max_corners);
    bounded(d, "side tags", limit, false)
}
pub(crate) fn de_setup<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<PieceDto>, D::Error> {
    let limit = BUDGET.with(|b| b.get().max_faces);
    bounded(d, "setup pieces", limit, false)
}
fn de_suggested_rules<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    bounded(d, "suggested rules", MAX_SUGGESTED_RULES, false)
}
/// A list with at most [`Limits::max_vertices`] entries (format-1 records).
pub(crate) fn de_per_vertex<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    let limit = BUDGET.with(|b| b.get().max_vertices);
    bounded(d, "vertices", limit, false)
}
/// A list with at most [`Limits::max_faces`] entries (format-1 records).
pub(crate) fn de_per_face<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    let limit = BUDGET.with(|b| b.get().max_faces);
    bounded(d, "faces", limit, false)
}
/// A list with at most [`Limits::max_corners`] entries (format-1 side tags).
pub(crate) fn de_per_edge<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    let limit = BUDGET.with(|b| b.get().max_corners);
    bounded(d, "side tags", limit, false)
}
/// One face's corners, bounded like a board file's (format-1 records).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct FaceCorners(#[serde(deserialize_with = "de_face_vertices")] pub Vec<u32>);

/// A game record's moves, at most [`Limits::max_moves`].
pub(crate) fn de_moves<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let limit = BUDGET.with(|b| b.get().max_moves);
    bounded(d, "moves", limit, false)
}
/// A record's set-up pieces, at most [`Limits::max_moves`] of them.
pub(crate) fn de_setup_pieces<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Vec<(String, u8)>, D::Error> {
    let limit = BUDGET.with(|b| b.get().max_moves);
    bounded(d, "set-up pieces", limit, false)
}
/// A game record's variations, at most [`Limits::max_moves`] of them.
pub(crate) fn de_variations<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    let limit = BUDGET.with(|b| b.get().max_moves);
    bounded(d, "variations", limit, false)
}
fn de_face_vertices<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u32>, D::Error> {
    let limit = BUDGET.with(|b| b.get().max_face_sides);
    bounded(d, "vertices in one face", limit, true)
}

/// Set the limits the bounded lists of the next deserialisation use.
pub(crate) fn set_budget(limits: &Limits) {
    BUDGET.with(|b| b.set(*limits));
}

/// The limits and the corner count of the deserialisation under way, to be
/// put back with [`restore_budget`] after a nested read.
pub(crate) fn budget_state() -> (Limits, usize) {
    (BUDGET.with(|b| b.get()), CORNERS.with(|c| c.get()))
}

/// Put back what [`budget_state`] returned.
pub(crate) fn restore_budget((limits, corners): (Limits, usize)) {
    BUDGET.with(|b| b.set(limits));
    CORNERS.with(|c| c.set(corners));
}

fn check_v1_version(v: u32) -> Result<(), IoError> {
    match v {
        1 => Ok(()),
        v if v > BOARD_FORMAT_VERSION => Err(IoError::FutureVersion {
            found: v as u64,
            supported: BOARD_FORMAT_VERSION,
        }),
        v => Err(IoError::Invalid(format!(
            "format_version {v} is not a valid version (this build reads 1 to {BOARD_FORMAT_VERSION})"
        ))),
    }
}

/// Deserialize RON text with the board lists bounded by `limits` (boards
/// inside game records go through here too).
pub(crate) fn from_str_bounded<T: serde::de::DeserializeOwned>(
    text: &str,
    limits: &Limits,
) -> Result<T, ron::error::SpannedError> {
    BUDGET.with(|b| b.set(*limits));
    CORNERS.with(|c| c.set(0));
    ron::Options::default().from_str(text)
}

impl BoardFile {
    /// The board in the file schema.
    pub fn from_board(board: &Board) -> BoardFile {
        to_file(board)
    }

    /// The validated board, with notes about any repair the mesh builder made.
    pub fn into_board(self, limits: &Limits) -> Result<Loaded, IoError> {
        let (builder, notes) = board_from_polygons(&self.polygons, limits)?;
        let board = self
            .side_tags
            .iter()
            .fold(builder, |b, &(x, y, tag)| b.tag_between(x, y, tag))
            .face_table(self.face_data)
            .setup(StartSetup {
                pieces: self
                    .setup
                    .iter()
                    .map(|p| (FaceId(p.face), p.player))
                    .collect(),
            })
            .meta(BoardMeta {
                name: self.meta.name,
                description: self.meta.description,
                suggested_rules: self.meta.suggested_rules,
            })
            .build()?;
        Ok(Loaded { board, notes })
    }
}

impl BoardFileV1 {
    /// The same board in the current schema (the version checked).
    pub fn into_current(self) -> Result<BoardFile, IoError> {
        check_v1_version(self.format_version)?;
        let mut polygons = PolygonSoup::new();
        polygons.positions = self
            .vertices
            .iter()
            .map(|&(x, y)| Point::new(x, y))
            .collect();
        for f in &self.faces {
            polygons.push_face(&f.vertices);
        }
        Ok(BoardFile {
            meta: self.meta,
            polygons,
            face_data: FaceTable::from_rows(self.faces.into_iter().map(FaceDto::into_data)),
            side_tags: self.side_tags,
            setup: self.setup,
        })
    }
}

impl FaceDto {
    fn into_data(self) -> FaceData {
        FaceData {
            label: self.label.into(),
            coord: self.coord,
            kind: self.kind,
            colour: self.colour.map(|c| c.0),
            region: self.region,
        }
    }
}

fn to_file(board: &Board) -> BoardFile {
    let mesh = board.mesh();
    let mut polygons = PolygonSoup::new();
    polygons.positions = mesh.positions().to_vec();
    polygons.face_sizes.reserve(mesh.face_count());
    polygons.indices.reserve(mesh.face_count() * 4);
    for f in mesh.face_ids() {
        let before = polygons.indices.len();
        polygons.indices.extend(mesh.face_vertices(f).map(|v| v.0));
        polygons
            .face_sizes
            .push((polygons.indices.len() - before) as u32);
    }
    // Tags by vertex pair, in the direction of the face they border; sorted so
    // the text does not depend on edge numbering.
    let mut side_tags: Vec<(u32, u32, SideTag)> = board
        .tagged_edges()
        .map(|(e, t)| {
            let [a, b] = mesh.edge_vertices(e);
            (a.0, b.0, t)
        })
        .collect();
    side_tags.sort_unstable();
    BoardFile {
        meta: MetaDto {
            name: board.meta().name.clone(),
            description: board.meta().description.clone(),
            suggested_rules: board.meta().suggested_rules.clone(),
        },
        polygons,
        face_data: board.faces().clone(),
        side_tags,
        setup: board
            .setup()
            .pieces
            .iter()
            .map(|&(f, player)| PieceDto { face: f.0, player })
            .collect(),
    }
}

/// What a schema type is called in messages (the user's words, not ours).
fn part_name(outer: Option<&str>) -> &'static str {
    match outer.unwrap_or("") {
        "GameRecord" => "the game record",
        "RecordOptions" => "the options",
        "RecordResult" => "the result",
        "BoardSource" | "Preset" => "the board source",
        "BoardFile" | "BoardFileV1" | "LegacyBoard" => "the board",
        "MetaDto" | "LegacyMeta" => "the board's meta",
        "FaceDto" => "a face",
        "PieceDto" => "a setup piece",
        "LegacyFaceData" => "the face data",
        "RecordVariation" => "a variation",
        "RecordCursor" => "the cursor",
        _ => "this part",
    }
}

/// A RON error in the user's terms: fields named as they are written, no
/// internal type names, no hints about Rust syntax or library options.
pub(crate) fn ron_message(code: &ron::Error) -> String {
    use ron::Error as E;
    let list = |e: &[&str]| e.join(", ");
    match code {
        E::NoSuchStructField {
            expected,
            found,
            outer,
        } => format!(
            "unknown field '{}' in {} (the fields are: {})",
            super::excerpt::excerpt(found),
            part_name(outer.as_deref()),
            list(expected)
        ),
        E::MissingStructField { field, outer } => {
            format!("{} needs the field '{field}'", part_name(outer.as_deref()))
        }
        E::DuplicateStructField { field, outer } => format!(
            "the field '{field}' appears twice in {}",
            part_name(outer.as_deref())
        ),
        E::NoSuchEnumVariant {
            expected, found, ..
        } => format!(
            "unknown value '{}' (expected one of: {})",
            super::excerpt::excerpt(found),
            list(expected)
        ),
        E::SuggestRawIdentifier(id) | E::InvalidIdentifier(id) => {
            format!("'{}' is not a valid name here", super::excerpt::excerpt(id))
        }
        E::ExceededRecursionLimit => "the file nests brackets too deeply".to_string(),
        E::Eof => "the file ends too early (is it truncated?)".to_string(),
        other => super::excerpt::excerpt_n(&other.to_string(), 200),
    }
}

//! Game records as RON: the data format only (replaying a record into a game is
//! the game layer's job). A record holds its format
//! version, the rules by name, the options, where the board comes from (a
//! preset, a path, or the whole board embedded in the board-file schema of
//! [`super::ron`]), the player names, the main line's moves in notation, its
//! result, and (format 3) the variations tried and where the game was left.
//!
//! ```ron
//! (
//!     format_version: 3,
//!     rules: hex,
//!     options: (swap: true),
//!     board: Preset(name: "hex", size: Some(11)),
//!     players: ("Ann", "Bob"),
//!     moves: ["f6", "swap", "e5"],
//!     result: None,
//!     variations: [
//!         (line: 0, at: 2, moves: ["d4", "c5"]),
//!         (line: 1, at: 1, moves: ["b6"], resigned: Some(0)),
//!     ],
//!     cursor: Some((line: 1, moves: 1)),
//! )
//! ```
//!
//! Variations are a flat list (no nesting, so no depth limit): each one branches
//! off line `line` (0 is the main line `moves`, `k` the `k`-th variation of the
//! list, which must come earlier) after `at` of that line's moves, and replaces
//! its next move; several variations at one place are listed in the order they
//! are offered. `resigned` marks a resignation at a variation's end (the main
//! line's is in `result`). `cursor` is the position the game was left at: after
//! the first `moves` moves of line `line` (absent: the end of the main line).
//! Both fields are left out when empty, and format 1 and 2 records (which have
//! neither) are read as before. `setup` (also left out when absent) is a start
//! position other than the rules' own — a puzzle, an analysis position, a game
//! recorded from the middle:
//! `setup: Some((pieces: [("e4", 0), ("b1", 1)], empty: [], to_move: 1))`.
//!
//! `clock` (left out when the game had none) is the game clock in milliseconds:
//! `clock: Some((main_ms: 300000, increment_ms: 3000, times: [(298500, 300000)], left: Some((298500, 291200))))`,
//! with the time each player had left after each move of the main line
//! (variations carry their own `times`) and where the game was left; a game
//! lost on time says so in `result: Some((winner: Some(1), reason: "Red ran
//! out of time", resigned: None, timeout: Some(0)))` (a variation: `timeout`).
//!
//! `computer` (left out when people played both sides) names the sides the
//! computer played and its time per move in milliseconds, `computer: (None,
//! Some(1000))`, so that a game saved against the computer goes on against it
//! when it is opened again.
//!
//! An embedded board is written exactly as a board file is:
//! `board: Board((format_version: 3, meta: (…), vertices: […], faces: […], labels: […], …))`
//! (format-1 and format-2 board text, embedded before board format 3, is still read).
//! Format 1 records, written before format 2, embedded boards in a schema of
//! their own (`Embedded((meta, vertices, faces, face_data, side_tags, setup))`,
//! side tags named by face and edge position); they are still read, see
//! [`LegacyBoard`].

use super::ron::{BoardFile, BoardFileV1, Colour, FaceCorners, FaceDto, MetaDto, PieceDto};
use super::{IoError, Limits};
use crate::board::{Board, FaceKind, GridCoord, SideTag};
use crate::mesh::Point;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::path::PathBuf;

/// The game record format this build writes (3: variations and cursor). It
/// reads formats 1 to 3.
pub const RECORD_FORMAT_VERSION: u32 = 3;
/// The oldest game record format this build reads.
pub const OLDEST_RECORD_FORMAT_VERSION: u32 = 1;

/// A saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub format_version: u32,
    /// The rules by name (`hex`), written as a bare identifier.
    #[serde(with = "identifier")]
    pub rules: String,
    #[serde(default)]
    pub options: RecordOptions,
    pub board: BoardSource,
    /// Names of the people playing; an empty name stands for the side's name.
    #[serde(default)]
    pub players: [String; 2],
    #[serde(deserialize_with = "super::ron::de_moves")]
    pub moves: Vec<String>,
    #[serde(default)]
    pub result: Option<RecordResult>,
    /// What the reader of a foreign format could not carry over (moves after a
    /// resignation, results the rules cannot check). Never written.
    #[serde(skip)]
    pub notes: Vec<String>,
    /// Lines tried besides the main line (format 3), at most [`Limits::max_moves`].
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "super::ron::de_variations"
    )]
    pub variations: Vec<RecordVariation>,
    /// Where the game was left (format 3); `None`: the end of the main line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cursor: Option<RecordCursor>,
    /// The position the game starts from when it is not the rules' start
    /// (format 3; absent: the rules' start position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<RecordSetup>,
    /// The game clock and its readings, when the game was played with one
    /// (left out otherwise; records without it read as games without a clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<RecordClock>,
    /// The sides the computer played (format 3; left out when people played
    /// both): its thinking time per move in milliseconds, `None` for a person.
    #[serde(default, skip_serializing_if = "no_computer")]
    pub computer: [Option<u64>; 2],
}

/// Whether people played both sides (nothing to write).
fn no_computer(c: &[Option<u64>; 2]) -> bool {
    c.iter().all(Option::is_none)
}

/// The longest time per move a record may give the computer (an hour).
pub const MAX_COMPUTER_MS: u64 = 3_600_000;

/// A game clock as recorded, in milliseconds: the time control, the time each
/// player had left after each move of the main line, and the live reading
/// where the game was left (it may be mid-move).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordClock {
    /// Main time per player.
    pub main_ms: u64,
    /// Added after each of a player's moves.
    #[serde(default)]
    pub increment_ms: u64,
    /// `times[k]`: (first player, second player) time left after move `k + 1`
    /// of the main line; may cover only its first moves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub times: Vec<(u64, u64)>,
    /// The time left when the game was saved, at the cursor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<(u64, u64)>,
}

/// A start position set up by hand: the rules' start position (with the
/// board's start pieces) changed by `pieces` and `empty`, and who moves first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordSetup {
    /// Pieces placed: (face label, player), in order.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "super::ron::de_setup_pieces"
    )]
    pub pieces: Vec<(String, u8)>,
    /// Faces emptied (after `pieces` are placed), by label.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "super::ron::de_moves"
    )]
    pub empty: Vec<String>,
    /// The player to move first (0 moves first in the rules' start position).
    #[serde(default)]
    pub to_move: u8,
}

/// A line of moves tried instead of part of another line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordVariation {
    /// The line it branches off: 0 the main line, `k` the `k`-th variation.
    pub line: usize,
    /// How many of that line's moves come before it (it replaces the next one).
    pub at: usize,
    #[serde(deserialize_with = "super::ron::de_moves")]
    pub moves: Vec<String>,
    /// The player who resigned at its end, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<u8>,
    /// The player who ran out of time at its end, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<u8>,
    /// Time left after each of its moves (as [`RecordClock::times`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub times: Vec<(u64, u64)>,
}

/// A position of a record: after the first `moves` moves of line `line`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordCursor {
    /// 0 the main line, `k` the `k`-th variation.
    pub line: usize,
    pub moves: usize,
}

/// Game options as recorded. A field a record leaves out reads as what games
/// meant before the option existed; the repetition rule and the dead draw are
/// written only where they apply (a Lines of Action game with the tournament
/// rule, a TwixT game with the dead draw).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RecordOptions {
    /// Swap (pie) rule.
    pub swap: bool,
    /// Lines of Action: the occurrence of a repeated position that draws.
    #[serde(skip_serializing_if = "RecordRepetition::is_second")]
    pub repetition: RecordRepetition,
    /// TwixT: a draw as soon as neither player can still connect (records
    /// without it are from before the option existed, and played on).
    #[serde(skip_serializing_if = "is_false")]
    pub dead_draw: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Which occurrence of a repeated position draws, as recorded (`second`, `third`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordRepetition {
    #[default]
    Second,
    Third,
}

impl RecordRepetition {
    fn is_second(&self) -> bool {
        *self == RecordRepetition::Second
    }
}

/// How a game ended, as recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordResult {
    /// The winning player (0 moves first); `None`: a draw.
    pub winner: Option<u8>,
    pub reason: String,
    /// The player who resigned, if the game ended by resignation.
    #[serde(default)]
    pub resigned: Option<u8>,
    /// The player who ran out of time, if the game ended on time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<u8>,
}

/// Where a record's board comes from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum BoardSource {
    /// The whole board, in the board-file schema.
    Board(Box<BoardFile>),
    /// The whole board as format-1 records stored it (read, never written).
    Embedded(Box<LegacyBoard>),
    /// A preset by name (see [`crate::presets::by_name`]).
    Preset { name: String, size: Option<u32> },
    /// A board file; relative paths are relative to the record's folder.
    Path(PathBuf),
}

impl BoardSource {
    /// The preset `name` (of side `size`, where the preset takes one).
    pub fn preset(name: &str, size: Option<u32>) -> BoardSource {
        BoardSource::Preset {
            name: name.to_string(),
            size,
        }
    }

    /// The board itself, embedded.
    pub fn embed(board: &Board) -> BoardSource {
        BoardSource::Board(Box::new(BoardFile::from_board(board)))
    }

    /// The embedded board, checked like a board file (`None` for presets and paths).
    pub fn embedded_board(&self, limits: &Limits) -> Option<Result<Board, IoError>> {
        match self {
            BoardSource::Board(f) => Some(f.as_ref().clone().into_board(limits).map(|l| l.board)),
            BoardSource::Embedded(b) => Some(
                b.to_board_file()
                    .and_then(|f| f.into_board(limits))
                    .map(|l| l.board),
            ),
            BoardSource::Preset { .. } | BoardSource::Path(_) => None,
        }
    }
}

/// Why a record could not be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RecordError {
    #[error("not a valid game record: line {line}, column {col}: {message}")]
    Parse {
        line: usize,
        col: usize,
        message: String,
    },
    #[error("variation {index} branches off line {line}, which is not an earlier line")]
    VariationLine { index: usize, line: usize },
    #[error(
        "a format {found} game record cannot hold variations, a cursor, a set-up position or the computer's sides (format 3 can)"
    )]
    VariationsNeedFormat3 { found: u32 },
    #[error(
        "the computer's time per move for the {} player is {ms} ms; it must be between 1 ms and one hour",
        if *side == 0 { "first" } else { "second" }
    )]
    ComputerTime { side: usize, ms: u64 },
    #[error(
        "game record format version {found} is not supported (this program reads versions {OLDEST_RECORD_FORMAT_VERSION} to {RECORD_FORMAT_VERSION})"
    )]
    Version { found: u32 },
}

impl GameRecord {
    /// A record in the current format.
    pub fn new(
        rules: &str,
        options: RecordOptions,
        board: BoardSource,
        players: [String; 2],
        moves: Vec<String>,
        result: Option<RecordResult>,
    ) -> GameRecord {
        GameRecord {
            format_version: RECORD_FORMAT_VERSION,
            rules: rules.to_string(),
            options,
            board,
            players,
            moves,
            result,
            notes: Vec::new(),
            variations: Vec::new(),
            cursor: None,
            setup: None,
            clock: None,
            computer: [None; 2],
        }
    }

    pub fn to_ron(&self) -> String {
        let cfg = ron::ser::PrettyConfig::new()
            .depth_limit(3)
            .struct_names(false)
            .new_line("\n");
        ron::ser::to_string_pretty(self, cfg).expect("a game record always serializes")
    }

    /// Read a record (embedded boards bounded by the default [`Limits`]).
    pub fn from_ron(text: &str) -> Result<GameRecord, RecordError> {
        Self::from_ron_with(text, &Limits::default())
    }

    /// Read a record, embedded boards bounded by `limits`.
    pub fn from_ron_with(text: &str, limits: &Limits) -> Result<GameRecord, RecordError> {
        let r: GameRecord =
            super::ron::from_str_bounded(text, limits).map_err(|e| RecordError::Parse {
                line: e.span.start.line,
                col: e.span.start.col,
                message: super::ron::ron_message(&e.code),
            })?;
        if !(OLDEST_RECORD_FORMAT_VERSION..=RECORD_FORMAT_VERSION).contains(&r.format_version) {
            return Err(RecordError::Version {
                found: r.format_version,
            });
        }
        if r.format_version < 3
            && (!r.variations.is_empty()
                || r.cursor.is_some()
                || r.setup.is_some()
                || !no_computer(&r.computer))
        {
            return Err(RecordError::VariationsNeedFormat3 {
                found: r.format_version,
            });
        }
        for (side, ms) in r.computer.iter().enumerate() {
            if let Some(ms) = *ms
                && !(1..=MAX_COMPUTER_MS).contains(&ms)
            {
                return Err(RecordError::ComputerTime { side, ms });
            }
        }
        for (i, v) in r.variations.iter().enumerate() {
            if v.line > i {
                return Err(RecordError::VariationLine {
                    index: i + 1,
                    line: v.line,
                });
            }
        }
        Ok(r)
    }
}

/// The rules name as a bare RON identifier (`rules: hex`), as records have
/// always written it.
mod identifier {
    use super::*;

    pub fn serialize<S: Serializer>(name: &str, s: S) -> Result<S::Ok, S::Error> {
        let plain = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !plain {
            return Err(serde::ser::Error::custom(format!(
                "'{name}' is not a rules name"
            )));
        }
        let raw = ron::value::RawValue::from_boxed_ron(name.into())
            .map_err(|e| serde::ser::Error::custom(e.to_string()))?;
        raw.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        struct Name;
        impl serde::de::Visitor<'_> for Name {
            type Value = String;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("the name of the rules, e.g. hex")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<String, E> {
                Ok(v.to_string())
            }
        }
        d.deserialize_identifier(Name)
    }
}

/// A board as format-1 records embedded it: polygons plus all face data as
/// columns; side tags are named by (face, edge position in the face's cycle).
/// Read only: [`LegacyBoard::to_board_file`] turns it into the board-file schema.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegacyBoard {
    pub meta: LegacyMeta,
    #[serde(deserialize_with = "super::ron::de_per_vertex")]
    pub vertices: Vec<[f64; 2]>,
    #[serde(deserialize_with = "super::ron::de_per_face")]
    pub faces: Vec<FaceCorners>,
    pub face_data: LegacyFaceData,
    /// (face, index of the edge in the face, tag).
    #[serde(deserialize_with = "super::ron::de_per_edge")]
    pub side_tags: Vec<(u32, u32, SideTag)>,
    #[serde(default)]
    pub setup: LegacySetup,
}

/// Format 1's board metadata.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegacyMeta {
    pub name: String,
    pub description: String,
    #[serde(deserialize_with = "de_rules_names")]
    pub suggested_rules: Vec<String>,
}

fn de_rules_names<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    super::ron::bounded(d, "suggested rules", super::ron::MAX_SUGGESTED_RULES, false)
}

/// Format 1's per-face data, one column per field.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegacyFaceData {
    #[serde(deserialize_with = "super::ron::de_per_face")]
    pub label: Vec<String>,
    #[serde(deserialize_with = "super::ron::de_per_face")]
    pub coord: Vec<Option<GridCoord>>,
    #[serde(deserialize_with = "super::ron::de_per_face")]
    pub kind: Vec<FaceKind>,
    #[serde(deserialize_with = "super::ron::de_per_face")]
    pub colour: Vec<Option<LegacyColour>>,
    #[serde(deserialize_with = "super::ron::de_per_face")]
    pub region: Vec<Option<u32>>,
}

/// Format 1's colour: `((r, g, b, a))`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegacyColour(pub [u8; 4]);

/// Format 1's start setup: (face index, player).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegacySetup {
    #[serde(deserialize_with = "super::ron::de_per_face")]
    pub pieces: Vec<(u32, u8)>,
}

impl LegacyBoard {
    /// The same board in the board-file schema (side tags by their vertices).
    pub fn to_board_file(&self) -> Result<BoardFile, IoError> {
        let n = self.faces.len();
        let d = &self.face_data;
        for (what, len) in [
            ("labels", d.label.len()),
            ("grid coordinates", d.coord.len()),
            ("kinds", d.kind.len()),
            ("colours", d.colour.len()),
            ("regions", d.region.len()),
        ] {
            if len != n {
                return Err(IoError::Invalid(format!(
                    "the embedded board has {n} faces but {len} face {what}"
                )));
            }
        }
        let faces = (0..n)
            .map(|i| FaceDto {
                vertices: self.faces[i].0.clone(),
                label: d.label[i].clone(),
                coord: d.coord[i],
                kind: d.kind[i].clone(),
                colour: d.colour[i].map(|c| Colour(crate::board::Rgba(c.0))),
                region: d.region[i],
            })
            .collect();
        let mut side_tags = Vec::with_capacity(self.side_tags.len());
        for &(f, k, tag) in &self.side_tags {
            let cycle = self.cycle(f).ok_or_else(|| {
                IoError::Invalid(format!("a side tag names face {f}, which does not exist"))
            })?;
            let k = k as usize;
            if k >= cycle.len() {
                return Err(IoError::Invalid(format!(
                    "a side tag names edge {k} of face {f}, which has fewer edges"
                )));
            }
            side_tags.push((cycle[k], cycle[(k + 1) % cycle.len()], tag));
        }
        BoardFileV1 {
            format_version: 1,
            meta: MetaDto {
                name: self.meta.name.clone(),
                description: self.meta.description.clone(),
                suggested_rules: self.meta.suggested_rules.clone(),
            },
            vertices: self.vertices.iter().map(|&[x, y]| (x, y)).collect(),
            faces,
            side_tags,
            setup: self
                .setup
                .pieces
                .iter()
                .map(|&(face, player)| PieceDto { face, player })
                .collect(),
        }
        .into_current()
    }

    /// Face `f`'s corners in the order the mesh builder gives them (counter-
    /// clockwise, first corner first), which is the order format 1 counted edges in.
    fn cycle(&self, f: u32) -> Option<Vec<u32>> {
        let mut c = self.faces.get(f as usize)?.0.clone();
        let pts: Vec<Point> = c
            .iter()
            .filter_map(|&v| self.vertices.get(v as usize))
            .map(|&[x, y]| Point::new(x, y))
            .collect();
        if pts.len() == c.len() && crate::mesh::geom::signed_area(pts) < 0.0 {
            c[1..].reverse();
        }
        Some(c)
    }
}

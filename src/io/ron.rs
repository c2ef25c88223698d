//! RON board files: the full board (geometry, per-face data, side tags,
//! metadata, start setup) in a versioned, hand-editable form.
//!
//! Format 2 (written since issue 13) keeps the geometry compact: vertex
//! coordinates flat, one corner list per face, per-face data as columns; its
//! text is written and read by hand in [`super::native`], which documents it.
//! Format 1, still read, listed every face as a record:
//!
//! ```ron
//! (
//!     format_version: 1,
//!     meta: (name: "Hex 11×11", description: "…", suggested_rules: ["hex"]),
//!     vertices: [(0.0, 0.0), (1.0, 0.0), …],
//!     faces: [
//!         (vertices: [0, 1, 5, 4], label: "a1", coord: Some((col: 0, row: 0))),
//!         (vertices: [1, 2, 6, 5], label: "b1", kind: blocked, colour: Some("#336699")),
//!         …
//!     ],
//!     side_tags: [(0, 1, bottom), …],
//!     setup: [(face: 3, player: 0), …],
//! )
//! ```
//!
//! Faces list their vertices counter-clockwise; a side tag names a boundary
//! edge by its two vertices; setup names faces by index. Optional face fields
//! (`label`, `coord`, `kind`, `colour`, `region`) may be left out. Files with a
//! `format_version` newer than [`BOARD_FORMAT_VERSION`] are refused, never misread.
//!
//! [`BoardFile`] is *the* board schema: game records embed a board in exactly
//! this form (see [`super::record`]); its serde form is the format-3 text, so a
//! record embeds the same text a board file holds.

use super::board_schema::{budget_state, restore_budget};
use super::native::{self, ErrorKind, Parsed};
use super::{IoError, Limits, Loaded, as_text};
use crate::board::Board;
use serde::de;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use super::board_schema::{
    BOARD_FORMAT_VERSION, BoardFile, BoardFileV1, Colour, FaceCorners, FaceDto,
    MAX_SUGGESTED_RULES, MetaDto, PieceDto, parse_colour,
};
// The bounded lists the game records' schema uses.
pub(crate) use super::board_schema::{
    bounded, de_moves, de_per_edge, de_per_face, de_per_vertex, de_setup_pieces, de_variations,
    from_str_bounded, ron_message,
};

fn ron_error(e: ron::error::SpannedError) -> IoError {
    let message = match &e.code {
        ron::Error::Eof => "the file ends too early (is it truncated?)".to_string(),
        other => ron_message(other),
    };
    IoError::Ron {
        line: e.span.start.line,
        col: e.span.start.col,
        message,
    }
}

/// Whether RON text is a game record rather than a board, decided by its
/// top-level structure: a record has a `rules` field, which a board file never
/// has (whatever its strings say). The values are skipped, not parsed, so this
/// is cheap on a big board.
pub fn is_game_record(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes)
        .ok()
        .and_then(native::top_level_fields)
        .is_some_and(|f| f.contains(&"rules"))
}

/// Parse a RON board file's bytes into a validated board: formats 2 and 3 in one pass
/// of [`super::native`], format 1 with its serde schema.
pub fn read_ron(bytes: &[u8], limits: &Limits) -> Result<Loaded, IoError> {
    limits.check_file_size(bytes.len() as u64)?;
    let text = as_text(bytes)?;
    if text.trim().is_empty() {
        return Err(IoError::Empty);
    }
    super::progress::stage(super::progress::Stage::Parsing, 0)?;
    let file = board_file_from_text(text, limits)?;
    super::progress::stage(super::progress::Stage::Building, 0)?;
    file.into_board(limits)
}

/// The board schema from a board's RON text (either format).
fn board_file_from_text(text: &str, limits: &Limits) -> Result<BoardFile, IoError> {
    match native::parse(text, limits) {
        Ok(Parsed::Current(file)) => Ok(*file),
        Ok(Parsed::Older) => {
            let fields = native::top_level_fields(text);
            if fields.as_ref().is_some_and(|f| f.contains(&"rules")) {
                return Err(IoError::GameRecord);
            }
            if fields.is_some_and(|f| !f.contains(&"format_version")) {
                return Err(IoError::Invalid(
                    "this is not a boardwright board file: it has no format_version".into(),
                ));
            }
            let v1: BoardFileV1 = from_str_bounded(text, limits).map_err(ron_error)?;
            v1.into_current()
        }
        Err(e) => match e.kind {
            ErrorKind::Record => Err(IoError::GameRecord),
            // A game record starts with its own, higher, format version.
            ErrorKind::Future(_) if is_game_record(text.as_bytes()) => Err(IoError::GameRecord),
            ErrorKind::Future(found) => Err(IoError::FutureVersion {
                found,
                supported: BOARD_FORMAT_VERSION,
            }),
            ErrorKind::Syntax => {
                let (line, col) = e.line_col(text);
                Err(IoError::Ron {
                    line,
                    col,
                    message: e.message,
                })
            }
        },
    }
}

impl BoardFile {
    /// The format-3 text, every line after the first indented by `indent`.
    pub fn to_text(&self, indent: &str) -> String {
        native::write(self, indent)
    }
}

/// The serde form of a board file is its format-3 text (so a game record
/// embeds exactly what a board file holds). Only RON serializers take it.
impl Serialize for BoardFile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let raw = ron::value::RawValue::from_boxed_ron(self.to_text("        ").into())
            .map_err(|e| serde::ser::Error::custom(e.to_string()))?;
        raw.serialize(s)
    }
}

/// Reads the text of either format (bounded by the limits of the enclosing
/// read, see [`from_str_bounded`]). Only RON deserializers give it.
impl<'de> Deserialize<'de> for BoardFile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Box::<ron::value::RawValue>::deserialize(d)?;
        let text = raw.get_ron();
        let state = budget_state();
        let file = board_file_from_text(text, &state.0).map_err(|e| {
            de::Error::custom(match e {
                IoError::Ron { line, col, message } => {
                    format!("in the board, line {line}, column {col}: {message}")
                }
                other => other.to_string(),
            })
        });
        restore_budget(state);
        file
    }
}

/// The board as RON text (format 3).
pub fn write_ron(board: &Board) -> Result<String, IoError> {
    Ok(BoardFile::from_board(board).file_text())
}

impl BoardFile {
    /// The text of a board file holding this (what [`write_ron`] writes).
    pub fn file_text(&self) -> String {
        let mut s = self.to_text("");
        s.push('\n');
        s
    }
}

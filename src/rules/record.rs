//! Game records as RON: format version, rules, options, the board (embedded,
//! a preset, or a path to a board file), player names, the moves in notation and
//! the result. Loading replays and validates every move.
//!
//! ```ron
//! (
//!     format_version: 1,
//!     rules: hex,
//!     options: (swap: true),
//!     board: Preset(name: "hex", size: Some(11)),
//!     players: ("Ann", "Bob"),
//!     moves: ["f6", "swap", "e5"],
//!     result: None,
//! )
//! ```

use super::dynamic::{DynGame, GameOptions, RulesKind, new_game};
use super::{Player, UnsuitableBoard};
use crate::board::{Board, BoardMeta, FaceTable, SideTag, StartSetup};
use crate::mesh::{FaceId, Mesh, Point};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The record format written by this version.
pub const FORMAT_VERSION: u32 = 1;

/// A saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub format_version: u32,
    pub rules: RulesKind,
    #[serde(default)]
    pub options: GameOptions,
    pub board: BoardSource,
    #[serde(default)]
    pub players: [String; 2],
    pub moves: Vec<String>,
    #[serde(default)]
    pub result: Option<RecordResult>,
}

/// How a game ended, as recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordResult {
    /// `None`: draw.
    pub winner: Option<Player>,
    pub reason: String,
    /// The player who resigned, if the game ended by resignation.
    #[serde(default)]
    pub resigned: Option<Player>,
}

/// Where a record's board comes from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum BoardSource {
    /// The whole board, stored in the record.
    Embedded(Box<EmbeddedBoard>),
    /// A preset by name (see [`crate::presets::by_name`]).
    Preset { name: String, size: Option<u32> },
    /// A board file; relative paths are relative to the record's folder.
    Path(PathBuf),
}

/// A board stored inside a record: polygons plus all face data. Side tags are
/// stored per (face, edge position in the face's cycle), which survives rebuilding.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EmbeddedBoard {
    pub meta: BoardMeta,
    pub vertices: Vec<[f64; 2]>,
    pub faces: Vec<Vec<u32>>,
    pub face_data: FaceTable,
    /// (face, index of the edge in the face, tag).
    pub side_tags: Vec<(u32, u32, SideTag)>,
    #[serde(default)]
    pub setup: StartSetup,
}

impl EmbeddedBoard {
    pub fn from_board(board: &Board) -> EmbeddedBoard {
        let mesh = &board.mesh;
        let vertices = mesh.positions().iter().map(|p| [p.x, p.y]).collect();
        let mut faces = Vec::with_capacity(mesh.face_count());
        let mut side_tags = Vec::new();
        for f in mesh.face_ids() {
            faces.push(mesh.face_vertices(f).map(|v| v.0).collect());
            for (k, e) in mesh.face_edges(f).enumerate() {
                if let Some(t) = board.side_tag(e) {
                    side_tags.push((f.0, k as u32, t));
                }
            }
        }
        EmbeddedBoard {
            meta: board.meta.clone(),
            vertices,
            faces,
            face_data: board.faces.clone(),
            side_tags,
            setup: board.setup.clone(),
        }
    }

    /// Rebuild the board, checking everything.
    pub fn to_board(&self) -> Result<Board, String> {
        let pts: Vec<Point> = self
            .vertices
            .iter()
            .map(|&[x, y]| Point::new(x, y))
            .collect();
        let mesh = Mesh::from_polygons(&pts, &self.faces).map_err(|e| e.to_string())?;
        if mesh.face_count() != self.faces.len() {
            return Err(format!(
                "the embedded board's {} polygons made {} faces",
                self.faces.len(),
                mesh.face_count()
            ));
        }
        let mut board = Board::new(mesh);
        board.faces = self.face_data.clone();
        board.meta = self.meta.clone();
        board.setup = self.setup.clone();
        for &(f, k, t) in &self.side_tags {
            if f as usize >= board.face_count() {
                return Err(format!("a side tag names face {f}, which does not exist"));
            }
            let e = board
                .mesh
                .face_edges(FaceId(f))
                .nth(k as usize)
                .ok_or_else(|| {
                    format!("a side tag names edge {k} of face {f}, which has fewer edges")
                })?;
            board.side_tags[e.index()] = Some(t);
        }
        board.validate().map_err(|e| e.to_string())?;
        Ok(board)
    }
}

/// Why a record could not be loaded.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RecordError {
    #[error("not a valid game record: {0}")]
    Parse(String),
    #[error(
        "game record format version {found} is not supported (this program reads version {FORMAT_VERSION})"
    )]
    Version { found: u32 },
    #[error("the record's board: {0}")]
    Board(String),
    #[error("{0}")]
    Unsuitable(#[from] UnsuitableBoard),
    #[error("move {ply} '{text}' is illegal: {reason}")]
    Move {
        /// 1-based: the first move is ply 1.
        ply: usize,
        text: String,
        reason: String,
    },
    #[error("the record says '{recorded}' but replaying its moves gives '{replayed}'")]
    ResultMismatch { recorded: String, replayed: String },
    #[error("cannot read {path}: {message}")]
    Io { path: String, message: String },
}

/// Read a board file. This is the single place the record loader and the CLI
/// go through for `--board FILE` and `Path` board sources.
pub fn load_board_file(path: &Path) -> Result<Board, String> {
    crate::io::load_board(path)
        .map(|loaded| loaded.board)
        .map_err(|e| e.to_string())
}

impl GameRecord {
    pub fn to_ron(&self) -> String {
        let cfg = ron::ser::PrettyConfig::new()
            .depth_limit(3)
            .struct_names(false);
        ron::ser::to_string_pretty(self, cfg).expect("a game record always serializes")
    }

    pub fn from_ron(text: &str) -> Result<GameRecord, RecordError> {
        let r: GameRecord = ron::from_str(text).map_err(|e| RecordError::Parse(e.to_string()))?;
        if r.format_version != FORMAT_VERSION {
            return Err(RecordError::Version {
                found: r.format_version,
            });
        }
        Ok(r)
    }

    /// The board the record refers to. `base_dir` resolves relative paths;
    /// `load` reads board files.
    pub fn board(
        &self,
        base_dir: Option<&Path>,
        load: &dyn Fn(&Path) -> Result<Board, String>,
    ) -> Result<Board, RecordError> {
        match &self.board {
            BoardSource::Embedded(b) => b.to_board().map_err(RecordError::Board),
            BoardSource::Preset { name, size } => {
                crate::presets::by_name(name, *size).map_err(|e| RecordError::Board(e.to_string()))
            }
            BoardSource::Path(p) => {
                let full = match base_dir {
                    Some(d) if p.is_relative() => d.join(p),
                    _ => p.clone(),
                };
                load(&full).map_err(RecordError::Board)
            }
        }
    }

    /// Rebuild the game: make the board, replay and validate every move, apply a
    /// recorded resignation, and check the recorded result.
    pub fn replay(
        &self,
        base_dir: Option<&Path>,
        load: &dyn Fn(&Path) -> Result<Board, String>,
    ) -> Result<Box<dyn DynGame>, RecordError> {
        let board = Arc::new(self.board(base_dir, load)?);
        let mut g = new_game(self.rules, board, &self.options)?;
        if let BoardSource::Path(_) | BoardSource::Preset { .. } = &self.board {
            g.set_board_source(Some(self.board.clone()));
        }
        if self.players.iter().all(|p| !p.is_empty()) {
            g.set_players(self.players.clone());
        }
        for (i, text) in self.moves.iter().enumerate() {
            g.play_str(text).map_err(|e| RecordError::Move {
                ply: i + 1,
                text: text.clone(),
                reason: e.reason,
            })?;
        }
        if let Some(r) = &self.result {
            if let Some(p) = r.resigned {
                g.resign(p).map_err(|e| RecordError::ResultMismatch {
                    recorded: r.reason.clone(),
                    replayed: e.reason,
                })?;
            }
            let replayed = g.outcome();
            match replayed {
                Some(o) if o.winner == r.winner => {}
                Some(o) => {
                    return Err(RecordError::ResultMismatch {
                        recorded: r.reason.clone(),
                        replayed: o.reason,
                    });
                }
                None => {
                    return Err(RecordError::ResultMismatch {
                        recorded: r.reason.clone(),
                        replayed: "the game is not over".into(),
                    });
                }
            }
        }
        Ok(g)
    }
}

/// Save a game as a RON record.
pub fn save_record(game: &dyn DynGame) -> String {
    game.to_record().to_ron()
}

/// Load a RON record from text; board files are read with [`load_board_file`].
pub fn load_record(text: &str, base_dir: Option<&Path>) -> Result<Box<dyn DynGame>, RecordError> {
    GameRecord::from_ron(text)?.replay(base_dir, &load_board_file)
}

/// Load a RON record from a file.
pub fn load_record_file(path: &Path) -> Result<Box<dyn DynGame>, RecordError> {
    let text = std::fs::read_to_string(path).map_err(|e| RecordError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    load_record(&text, path.parent())
}

//! Every file format: boards as RON (the full board), OBJ (the full board in
//! names modelling programs such as Blender keep) and SVG (export only, for
//! printing); game records as RON ([`record`]), HexGui SGF ([`sgf`]), Little
//! Golem's TwixT `.tsgf` ([`tsgf`]), Hex `.hsgf` ([`lg_hex`], read only) and
//! Havannah `.hgf` ([`lg_havannah`], read only), T1j's TwixT `.T1` ([`t1`]),
//! Hex games as HexWorld and trmph.com links or move lists ([`hex_link`],
//! read only) and boardspace's
//! Lines of Action SGF ([`loa_sgf`]) — as data: replaying a record into a game
//! is the game layer's job.
//!
//! [`open`] reads any file boardwright reads and says what it holds
//! ([`Document`]): the family by the extension, a board or a game record by
//! parsing the file, an SGF file's game and dialect by its root node
//! ([`foreign::read_any_sgf`]), never by the name alone. [`load_board`] and [`save_board`] choose the board format
//! by the file extension (case-insensitive). Every write is atomic (see
//! [`atomic`]); every read is bounded by [`Limits`] so a huge or hostile file is
//! refused with a clear message instead of exhausting memory. A loaded board is
//! always validated.

pub mod atomic;
mod board_schema;
pub mod excerpt;
pub mod foreign;
pub mod hex_link;
pub mod lg_havannah;
pub mod lg_hex;
pub mod loa_sgf;
mod native;
pub mod obj;
pub mod progress;
pub mod record;
pub mod ron;
pub mod sgf;
mod sgf_line;
pub mod svg;
pub mod t1;
pub mod tsgf;

use crate::board::{Board, BoardError};
use crate::mesh::MeshError;
use foreign::ForeignError;
use record::{GameRecord, RecordError};
use sgf::SgfError;
use std::path::{Path, PathBuf};

/// Size limits applied to every file read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest file accepted, in bytes.
    pub max_file_bytes: u64,
    /// Most faces a board may have.
    pub max_faces: usize,
    /// Most vertices a file may declare.
    pub max_vertices: usize,
    /// Most corners (vertex references) over all faces.
    pub max_corners: usize,
    /// Most corners of a single face.
    pub max_face_sides: usize,
    /// Most moves in a game record.
    pub max_moves: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_file_bytes: 512 * 1024 * 1024,
            max_faces: 4_000_000,
            max_vertices: 8_000_000,
            max_corners: 32_000_000,
            max_face_sides: 4096,
            max_moves: 1_000_000,
        }
    }
}

impl Limits {
    /// Refuse a file of `size` bytes if it is over [`Limits::max_file_bytes`].
    pub fn check_file_size(&self, size: u64) -> Result<(), IoError> {
        if size > self.max_file_bytes {
            return Err(IoError::FileTooLarge {
                size,
                limit: self.max_file_bytes,
            });
        }
        Ok(())
    }
}

/// A board read from a file, with notes about anything the reader changed or
/// dropped (welded vertices, reoriented faces, ignored OBJ elements, …).
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    pub board: Board,
    pub notes: Vec<String>,
}

/// The board file formats boardwright knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Ron,
    Obj,
    Svg,
}

impl Format {
    /// Whether boardwright writes boards of this format back without losing
    /// anything (RON): a board opened from such a file is saved to it again.
    pub fn is_native(self) -> bool {
        self == Format::Ron
    }
}

impl Format {
    /// The format named by a path's extension.
    pub fn from_path(path: &Path) -> Result<Format, IoError> {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        match ext.as_deref() {
            Some("ron") => Ok(Format::Ron),
            Some("obj") => Ok(Format::Obj),
            Some("svg") => Ok(Format::Svg),
            Some(other) => Err(IoError::UnknownExtension {
                path: path.to_path_buf(),
                ext: other.to_string(),
            }),
            None => Err(IoError::NoExtension {
                path: path.to_path_buf(),
            }),
        }
    }
}

/// Why a board could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum IoError {
    #[error(
        "{}: unknown file type '.{ext}' (boards are read from .ron and .obj and written to .ron, .obj and .svg)",
        path.display()
    )]
    UnknownExtension { path: PathBuf, ext: String },
    #[error(
        "{}: the file name has no extension, so its format is unknown (use .ron, .obj or .svg)",
        path.display()
    )]
    NoExtension { path: PathBuf },
    #[error("{}: SVG files can be written but not read back; open the .ron or .obj board instead", path.display())]
    SvgNotReadable { path: PathBuf },
    /// The user stopped the read or write ([`progress::Progress::cancel`]).
    #[error("cancelled")]
    Cancelled,
    /// A board was expected but the RON text is a game record.
    #[error("this is a game record, not a board (open it as a game)")]
    GameRecord,
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {source}", path.display())]
    InFile { path: PathBuf, source: Box<IoError> },
    #[error("the file is {size} bytes; boardwright reads files up to {limit} bytes")]
    FileTooLarge { size: u64, limit: u64 },
    #[error("the board has more than {limit} {what}, more than boardwright accepts")]
    TooMany { what: &'static str, limit: usize },
    #[error("the file is empty")]
    Empty,
    #[error("the file is not text (invalid UTF-8 at line {line}, column {col})")]
    NotText { line: usize, col: usize },
    #[error("line {line}: {message}")]
    Obj { line: usize, message: String },
    #[error(
        "the mesh is not flat: its vertices lie up to {} off the plane that fits them best (the board is {} across, and a board may be off its plane by at most {})",
        obj::short_number(*deviation),
        obj::short_number(*extent),
        obj::short_number(*tolerance)
    )]
    NotPlanar {
        deviation: f64,
        extent: f64,
        tolerance: f64,
    },
    /// A solid with thickness (a tile, a box): its top surface can be imported
    /// instead ([`LoadOptions::top_surface`], `--top-surface`).
    #[error(
        "the mesh is not flat: it is a solid {} thick along {axis}; its top surface ({top_faces} of {faces} faces, at {axis} = {}) can be imported instead (on the command line: --top-surface)",
        obj::short_number(*thickness),
        obj::short_number(*top)
    )]
    NotFlatSolid {
        axis: char,
        thickness: f64,
        top: f64,
        top_faces: usize,
        faces: usize,
    },
    #[error("line {line}, column {col}: {message}")]
    Ron {
        line: usize,
        col: usize,
        message: String,
    },
    #[error(
        "this board was made by a newer boardwright: format_version {found}, this build reads versions up to {supported}"
    )]
    FutureVersion { found: u64, supported: u32 },
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Mesh(#[from] MeshError),
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error(
        "{}: unknown file type {} ({OPENS})",
        path.display(),
        ext.as_deref().map_or("(no extension)".to_string(), |e| format!("'.{e}'"))
    )]
    UnknownFileType { path: PathBuf, ext: Option<String> },
    #[error(
        "the text is no game boardwright reads: paste an SGF record (HexGui, Little Golem, boardspace), a HexWorld or trmph.com link, Hex moves such as \"f6 swap-pieces e4\", a T1 record or a RON record"
    )]
    UnrecognisedText,
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error(transparent)]
    Sgf(#[from] SgfError),
    #[error(transparent)]
    Foreign(#[from] ForeignError),
}

/// The extensions of the board files [`open`] reads (lower case).
pub const BOARD_EXTENSIONS: [&str; 2] = ["ron", "obj"];
/// The extensions of the game record files [`open`] reads (lower case): RON
/// records, SGF (HexGui's Hex, boardspace's Lines of Action, TwixT), Little
/// Golem's Hex, TwixT and Havannah, T1j's TwixT.
pub const GAME_EXTENSIONS: [&str; 6] = ["ron", "sgf", "hsgf", "tsgf", "hgf", "t1"];

/// Every kind of file [`open`] reads, for messages.
pub const OPENS: &str = "boardwright opens boards from .ron and .obj, game records from .ron, SGF game records from .sgf (Hex as HexGui writes it, Lines of Action as boardspace writes it, TwixT), Little Golem records from .hsgf (Hex), .tsgf (TwixT) and .hgf (Havannah) and T1j TwixT records from .T1; files with other names are opened when their content is an SGF game tree, a T1 record, a RON board or record, or a Hex game as a HexWorld or trmph.com link or a list of moves";

impl IoError {
    /// The underlying error, without the file name context.
    pub fn kind(&self) -> &IoError {
        match self {
            IoError::InFile { source, .. } => source.kind(),
            other => other,
        }
    }
    fn in_file(self, path: &Path) -> IoError {
        match self {
            e @ (IoError::InFile { .. }
            | IoError::Read { .. }
            | IoError::Write { .. }
            | IoError::UnknownExtension { .. }
            | IoError::NoExtension { .. }
            | IoError::SvgNotReadable { .. }
            | IoError::UnknownFileType { .. }
            | IoError::Cancelled) => e,
            e => IoError::InFile {
                path: path.to_path_buf(),
                source: Box::new(e),
            },
        }
    }
}

/// What a file holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Document {
    /// A board (RON or OBJ), with notes about anything the reader changed.
    Board {
        board: Box<Board>,
        notes: Vec<String>,
        format: Format,
    },
    /// A game record (RON) or a Hex game (SGF), as record data.
    Game(Box<GameRecord>),
}

/// Open any file boardwright reads, with the default [`Limits`]: `.ron` (a
/// board or a game record, told apart by parsing the file), `.obj` boards,
/// `.sgf`, `.hsgf` and `.tsgf` game records (the game and dialect told by the root
/// node, see [`foreign::read_any_sgf`]) and `.T1` TwixT records; a file with
/// any other name is opened when its content is an SGF game tree, a T1 record,
/// a complete RON board or record, or a Hex game link or move list
/// ([`hex_link`]).
pub fn open(path: impl AsRef<Path>) -> Result<Document, IoError> {
    open_with(path.as_ref(), &Limits::default())
}

/// [`open`] with explicit limits.
pub fn open_with(path: &Path, limits: &Limits) -> Result<Document, IoError> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match ext.as_deref() {
        Some("ron") => {
            let bytes = read_limited(path, limits.max_file_bytes)?;
            // Read as a board in one pass; the reader says when it finds a
            // game record instead (by its fields, not by a first pass).
            let r = match ron::read_ron(&bytes, limits) {
                Ok(l) => Ok(Document::Board {
                    board: Box::new(l.board),
                    notes: l.notes,
                    format: Format::Ron,
                }),
                Err(IoError::GameRecord) => as_text(&bytes)
                    .and_then(|t| Ok(GameRecord::from_ron_with(t, limits)?))
                    .map(|r| Document::Game(Box::new(r))),
                Err(e) => Err(e),
            };
            r.map_err(|e| e.in_file(path))
        }
        Some("sgf") | Some("hsgf") | Some("tsgf") | Some("hgf") => {
            let bytes = read_limited(path, limits.max_file_bytes.min(sgf::MAX_SGF_BYTES))?;
            read_sgf_bytes(&bytes).map_err(|e| e.in_file(path))
        }
        Some("t1") => {
            let bytes = read_limited(path, limits.max_file_bytes.min(t1::MAX_T1_BYTES))?;
            as_text(&bytes)
                .and_then(|t| Ok(t1::read_t1(t)?))
                .map(|r| Document::Game(Box::new(r)))
                .map_err(|e| e.in_file(path))
        }
        Some("obj") | Some("svg") => load_board_with(path, limits).map(|l| Document::Board {
            board: Box::new(l.board),
            notes: l.notes,
            format: Format::Obj,
        }),
        _ => {
            let unknown = || IoError::UnknownFileType {
                path: path.to_path_buf(),
                ext: ext.clone(),
            };
            // Any other name: an SGF game tree or a complete RON board or
            // record is recognised by its content; anything else is refused
            // with the list of formats.
            // A file that cannot be read says why (no such file, a folder, no
            // permission, a cancelled read); one too large for any format
            // boardwright reads is not one of its files.
            let bytes = read_limited(path, limits.max_file_bytes).map_err(|e| match e {
                IoError::InFile { source, .. }
                    if matches!(*source, IoError::FileTooLarge { .. }) =>
                {
                    unknown()
                }
                e => e,
            })?;
            match by_content(&bytes, limits) {
                Some(Ok(d)) => Ok(d),
                Some(Err(e)) => Err(e.in_file(path)),
                None => Err(unknown()),
            }
        }
    }
}

/// What text given without a file name holds, told by its content alone:
/// an SGF game tree (HexGui, Little Golem, boardspace), a complete RON board
/// or game record, a T1 TwixT record, or a Hex game link or move list. For a
/// game pasted into the window. Text that is none of them says so.
pub fn read_text(text: &str, limits: &Limits) -> Result<Document, IoError> {
    by_content(text.as_bytes(), limits).unwrap_or_else(|| Err(IoError::UnrecognisedText))
}

/// [`read_text`] on a file's bytes: `None` when they are none of the formats.
fn by_content(bytes: &[u8], limits: &Limits) -> Option<Result<Document, IoError>> {
    Some(match sniff(bytes) {
        Some(Sniffed::Sgf) if bytes.len() as u64 > sgf::MAX_SGF_BYTES => {
            Err(IoError::FileTooLarge {
                size: bytes.len() as u64,
                limit: sgf::MAX_SGF_BYTES,
            })
        }
        Some(Sniffed::Sgf) => read_sgf_bytes(bytes),
        // RON is recognised only when it reads completely: text that
        // merely starts like RON is an unknown file.
        Some(Sniffed::Ron) if ron::is_game_record(bytes) => {
            let record = as_text(bytes).and_then(|t| Ok(GameRecord::from_ron_with(t, limits)?));
            return record.ok().map(|r| Ok(Document::Game(Box::new(r))));
        }
        Some(Sniffed::Ron) => {
            return ron::read_ron(bytes, limits).ok().map(|l| {
                Ok(Document::Board {
                    board: Box::new(l.board),
                    notes: l.notes,
                    format: Format::Ron,
                })
            });
        }
        _ => match std::str::from_utf8(bytes) {
            Ok(t) if bytes.len() as u64 <= t1::MAX_T1_BYTES && t1::looks_like_t1(t) => {
                t1::read_t1(t)
                    .map(|r| Document::Game(Box::new(r)))
                    .map_err(IoError::from)
            }
            // A HexWorld or trmph.com link, or a list of Hex moves.
            Ok(t) if hex_link::looks_like_hex_link(t) => hex_link::read_hex_link(t)
                .map(|r| Document::Game(Box::new(r)))
                .map_err(IoError::from),
            _ => return None,
        },
    })
}

/// What a file of unknown extension looks like.
enum Sniffed {
    Sgf,
    Ron,
}

/// Recognise an SGF game tree (`(;`) or RON text (`(` and a field name) at
/// the start of `bytes`, after a byte-order mark and white space.
fn sniff(bytes: &[u8]) -> Option<Sniffed> {
    let b = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let start = b.iter().position(|c| !c.is_ascii_whitespace())?;
    let rest = &b[start..];
    if !rest.starts_with(b"(") {
        return None;
    }
    let after = rest[1..].iter().find(|c| !c.is_ascii_whitespace())?;
    match after {
        b';' => Some(Sniffed::Sgf),
        c if c.is_ascii_alphabetic() || *c == b'_' => Some(Sniffed::Ron),
        _ => None,
    }
}

/// Read a board from a `.ron` or `.obj` file with the default [`Limits`].
pub fn load_board(path: impl AsRef<Path>) -> Result<Loaded, IoError> {
    load_board_with(path.as_ref(), &Limits::default())
}

/// How to read a board file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoadOptions {
    pub limits: Limits,
    /// OBJ: import only the top surface of a solid (see [`obj::ObjOptions`]).
    pub top_surface: bool,
}

/// Read a board with explicit limits.
pub fn load_board_with(path: &Path, limits: &Limits) -> Result<Loaded, IoError> {
    load_board_opts(
        path,
        &LoadOptions {
            limits: *limits,
            ..Default::default()
        },
    )
}

/// Read a board with explicit options.
pub fn load_board_opts(path: &Path, opts: &LoadOptions) -> Result<Loaded, IoError> {
    let limits = &opts.limits;
    let format = Format::from_path(path)?;
    if format == Format::Svg {
        return Err(IoError::SvgNotReadable {
            path: path.to_path_buf(),
        });
    }
    let bytes = read_limited(path, limits.max_file_bytes)?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let r = match format {
        Format::Ron => ron::read_ron(&bytes, limits),
        Format::Obj => obj::read_obj_owned(
            bytes,
            limits,
            &obj::ObjOptions {
                top_surface: opts.top_surface,
            },
            &stem,
        ),
        Format::Svg => unreachable!("handled above"),
    };
    r.map_err(|e| e.in_file(path))
}

/// Write a board to a `.ron`, `.obj` or `.svg` file, atomically. The board is
/// validated first; an inconsistent board is not written.
pub fn save_board(board: &Board, path: impl AsRef<Path>) -> Result<(), IoError> {
    let path = path.as_ref();
    let format = Format::from_path(path)?;
    progress::stage(progress::Stage::Checking, 0)?;
    board
        .validate()
        .map_err(|e| IoError::from(e).in_file(path))?;
    progress::stage(progress::Stage::Writing, 0)?;
    if let Format::Ron = format {
        // Written as it is made: the text of a big board is never held whole.
        let file = ron::BoardFile::from_board(board);
        progress::advance(0)?;
        return save_board_file(&file, path);
    }
    let text = board_to_string(board, format).map_err(|e| e.in_file(path))?;
    // The last moment to stop: after this the file is replaced.
    progress::advance(0)?;
    write_text(path, &text)
}

/// Write a board already taken apart for its file ([`ron::BoardFile::from_board`],
/// e.g. on another thread than the board's) as a RON board file, atomically.
/// Unlike [`save_board`] it does not check the board again.
pub fn save_board_file(file: &ron::BoardFile, path: &Path) -> Result<(), IoError> {
    // The text goes to the file in pieces as it is made (a 1M-face board's is
    // 40 MB); the file is replaced only once all of it is written.
    atomic::write_atomic_with(path, |w| native::write_to(file, w)).map_err(|source| {
        IoError::Write {
            path: path.to_path_buf(),
            source,
        }
    })
}

/// Replace the file at `path` with `text`, atomically.
fn write_text(path: &Path, text: &str) -> Result<(), IoError> {
    atomic::write_atomic(path, text.as_bytes()).map_err(|source| IoError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// The text of a board in the given format (no validation).
pub fn board_to_string(board: &Board, format: Format) -> Result<String, IoError> {
    match format {
        Format::Ron => ron::write_ron(board),
        Format::Obj => obj::write_obj(board),
        Format::Svg => Ok(svg::write_svg(board, svg::ColourBy::Face)),
    }
}

/// Read a whole file, refusing it (before reading) if it is larger than `limit`.
pub fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, IoError> {
    use std::io::Read;
    let read_err = |source| IoError::Read {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(read_err)?;
    let meta = file.metadata().map_err(read_err)?;
    if meta.is_dir() {
        return Err(read_err(std::io::Error::other("it is a directory")));
    }
    if meta.len() > limit {
        return Err(IoError::FileTooLarge {
            size: meta.len(),
            limit,
        }
        .in_file(path));
    }
    progress::stage(progress::Stage::Reading, meta.len())?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // `take` guards against files that grow while being read; reading in
    // chunks lets a watcher see how far it got and stop it.
    let mut rest = file.take(limit + 1);
    const CHUNK: u64 = 4 << 20;
    loop {
        let n = (&mut rest)
            .take(CHUNK)
            .read_to_end(&mut bytes)
            .map_err(read_err)?;
        if n == 0 {
            break;
        }
        progress::advance(n as u64)?;
    }
    if bytes.len() as u64 > limit {
        return Err(IoError::FileTooLarge {
            size: bytes.len() as u64,
            limit,
        }
        .in_file(path));
    }
    Ok(bytes)
}

/// 1-based line and column (in characters) of a byte offset.
pub(crate) fn line_col(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let col = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    (line, col)
}

/// An SGF game record from the bytes of its file ([`sgf_text`], then
/// [`foreign::read_any_sgf`]).
fn read_sgf_bytes(bytes: &[u8]) -> Result<Document, IoError> {
    let (text, note) = sgf_text(bytes)?;
    let mut record = foreign::read_any_sgf(&text)?;
    record.notes.splice(0..0, note);
    Ok(Document::Game(Box::new(record)))
}

/// The text of an SGF file: UTF-8, or, when the bytes are not UTF-8 and the
/// file names no character set (`CA`) or names Latin-1, Latin-1 — SGF's
/// default character set (FF[4], `CA`), which older records (Little Golem's
/// among them) use for accented names. The note says so when the file did
/// not name it. Any other character set that is not UTF-8 is refused.
pub(crate) fn sgf_text(
    bytes: &[u8],
) -> Result<(std::borrow::Cow<'_, str>, Option<String>), IoError> {
    let not_utf8 = match std::str::from_utf8(bytes) {
        Ok(t) => return Ok((t.into(), None)),
        Err(e) => e,
    };
    // The CA property's value, if the file has one (ASCII in any of these).
    let ca = bytes.windows(3).position(|w| w == b"CA[").map(|i| {
        let v = &bytes[i + 3..];
        let end = v.iter().position(|&b| b == b']').unwrap_or(v.len());
        String::from_utf8_lossy(&v[..end])
            .trim()
            .to_ascii_lowercase()
    });
    let latin1 = |name: &str| {
        matches!(
            name.replace(['-', '_', ' '], "").as_str(),
            "iso88591" | "latin1" | "l1" | "cp819" | "isolatin1"
        )
    };
    match ca {
        Some(name) if !latin1(&name) => {
            let (line, col) = line_col(bytes, not_utf8.valid_up_to());
            Err(IoError::NotText { line, col })
        }
        named => {
            let text: String = bytes.iter().map(|&b| b as char).collect();
            let note = named.is_none().then(|| {
                let (line, col) = line_col(bytes, not_utf8.valid_up_to());
                format!(
                    "the file is not UTF-8 (line {line}, column {col}) and names no character set, so it was read as Latin-1 (ISO-8859-1), SGF's default"
                )
            });
            Ok((text.into(), note))
        }
    }
}

/// The text of a file, or a clear error if it is not UTF-8.
pub(crate) fn as_text(bytes: &[u8]) -> Result<&str, IoError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let (line, col) = line_col(bytes, e.valid_up_to());
        IoError::NotText { line, col }
    })
}

/// Start a board from a file's polygons within the limits, with a note for every
/// repair the mesh builder made.
pub(crate) fn board_from_polygons(
    soup: &crate::mesh::PolygonSoup,
    limits: &Limits,
) -> Result<(crate::board::BoardBuilder, Vec<String>), IoError> {
    let opts = crate::mesh::BuildOptions {
        max_faces: limits.max_faces,
        ..Default::default()
    };
    let builder = crate::board::BoardBuilder::from_polygons(soup, &opts)?;
    let notes = builder
        .repairs()
        .map(|s| vec![format!("the mesh was repaired: {s}")])
        .unwrap_or_default();
    Ok((builder, notes))
}

/// Compare two boards as a user sees them: the same faces in the same order
/// (the same corner positions, counter-clockwise from the same first corner)
/// with the same data, the same side tags on the same boundary segments, the
/// same metadata and setup. Vertex and edge numbering may differ (OBJ files
/// number vertices in their own way). Returns the first difference found.
pub fn compare_boards(a: &Board, b: &Board) -> Result<(), String> {
    let (ma, mb) = (a.mesh(), b.mesh());
    if ma.face_count() != mb.face_count() {
        return Err(format!(
            "{} faces vs {} faces",
            ma.face_count(),
            mb.face_count()
        ));
    }
    if ma.vertex_count() != mb.vertex_count() || ma.edge_count() != mb.edge_count() {
        return Err(format!(
            "{} vertices and {} edges vs {} and {}",
            ma.vertex_count(),
            ma.edge_count(),
            mb.vertex_count(),
            mb.edge_count()
        ));
    }
    for f in ma.face_ids() {
        if !ma.face_points(f).eq(mb.face_points(f)) {
            return Err(format!("face {} has different corners", f.0));
        }
    }
    if a.faces() != b.faces() {
        return Err("per-face data (labels, coordinates, kinds, colours, regions) differs".into());
    }
    let tags = |board: &Board| {
        let mut v: Vec<([f64; 4], crate::board::SideTag)> = board
            .tagged_edges()
            .map(|(e, t)| {
                let (p, q) = board.mesh().edge_segment(e);
                let (p, q) = if (p.x, p.y) <= (q.x, q.y) {
                    (p, q)
                } else {
                    (q, p)
                };
                ([p.x, p.y, q.x, q.y], t)
            })
            .collect();
        v.sort_unstable_by(|x, y| {
            x.0.iter()
                .zip(&y.0)
                .map(|(a, b)| a.total_cmp(b))
                .find(|o| o.is_ne())
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        v
    };
    if tags(a) != tags(b) {
        return Err("side tags differ".into());
    }
    if a.meta() != b.meta() {
        return Err("metadata differs".into());
    }
    if a.setup() != b.setup() {
        return Err("start setup differs".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::sgf_text;

    #[test]
    fn sgf_text_is_utf8_or_latin1_as_sgf_says() {
        // UTF-8 as it is, without a note.
        let (t, note) = sgf_text("(;PB[Zoë])".as_bytes()).unwrap();
        assert_eq!((t.as_ref(), note), ("(;PB[Zoë])", None));
        // Not UTF-8 and no CA: Latin-1, SGF's default, said in a note.
        let (t, note) = sgf_text(b"(;PB[Zo\xeb])").unwrap();
        assert_eq!(t, "(;PB[Zoë])");
        assert!(note.unwrap().contains("line 1, column 8"));
        // Latin-1 named: read so, nothing to say.
        let (t, note) = sgf_text(b"(;CA[ISO-8859-1]PB[Zo\xeb])").unwrap();
        assert_eq!((t.as_ref(), note), ("(;CA[ISO-8859-1]PB[Zoë])", None));
        // Another character set that is not UTF-8: refused.
        let e = sgf_text(b"(;CA[UTF-8]PB[Zo\xeb])").unwrap_err();
        assert!(e.to_string().contains("not text"), "{e}");
    }
}

//! Records and games: replaying a [`GameRecord`] (from a RON record or an SGF
//! file, read by `crate::io`) into a game, and opening and saving game files.
//! Formats themselves live in `crate::io`; this is where a record meets the rules.

use super::clock::ClockSettings;
use super::dynamic::DynGame;
pub use super::options::{game_options, record_options};
use super::registry::{RecordFormat, RulesKind, UnknownRules};
use crate::board::Board;
use crate::io::record::{BoardSource, GameRecord};
use crate::io::{self, Document, Format, IoError, Limits};
use crate::presets::PresetError;
use crate::rules::UnsuitableBoard;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Why a record's board could not be made.
#[derive(Debug, thiserror::Error)]
pub enum BoardSourceError {
    #[error("{0}")]
    Embedded(#[source] IoError),
    #[error("{0}")]
    Preset(#[from] PresetError),
    #[error("{0}")]
    File(#[source] IoError),
}

/// Why a record could not be replayed into a game.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Rules(#[from] UnknownRules),
    #[error("the record's board: {0}")]
    Board(#[from] BoardSourceError),
    #[error(transparent)]
    Unsuitable(#[from] UnsuitableBoard),
    #[error("the record's start position: {0}")]
    Setup(#[from] crate::rules::BadSetup),
    #[error("move {ply} '{text}' is illegal: {reason}")]
    Move {
        /// 1-based: the first move is ply 1.
        ply: usize,
        text: String,
        reason: String,
    },
    #[error("variation {variation}, move {ply} '{text}' is illegal: {reason}")]
    VariationMove {
        /// 1-based, in the record's order.
        variation: usize,
        /// 1-based within the variation.
        ply: usize,
        text: String,
        reason: String,
    },
    #[error("variation {variation} branches off after move {at} of a line of {len} moves")]
    VariationStart {
        variation: usize,
        at: usize,
        len: usize,
    },
    #[error("variation {variation} ends in a resignation that cannot be replayed: {reason}")]
    VariationResign { variation: usize, reason: String },
    #[error("variation {variation} ends in a loss on time that cannot be replayed: {reason}")]
    VariationTimeout { variation: usize, reason: String },
    #[error("the record's clock has no main time (main_ms is 0)")]
    ClockWithoutTime,
    #[error(
        "the record was left after move {moves} of {}, which has only {len} moves",
        line_name(*line)
    )]
    Cursor {
        line: usize,
        moves: usize,
        len: usize,
    },
    #[error("the record says '{recorded}' but replaying its moves gives '{replayed}'")]
    ResultMismatch { recorded: String, replayed: String },
}

/// "the main line" or "variation 3".
fn line_name(line: usize) -> String {
    if line == 0 {
        "the main line".into()
    } else {
        format!("variation {line}")
    }
}

impl PartialEq for ReplayError {
    /// Equal when they say the same thing (for tests).
    fn eq(&self, other: &Self) -> bool {
        self.to_string() == other.to_string()
    }
}

/// Why a file could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error(transparent)]
    Io(#[from] IoError),
    #[error("{}: {source}", path.display())]
    Replay { path: PathBuf, source: ReplayError },
}

/// Why text given without a file (a game pasted into the window) could not
/// be opened.
#[derive(Debug, thiserror::Error)]
pub enum TextError {
    #[error(transparent)]
    Io(#[from] IoError),
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// Why a game could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("{title} games cannot be saved as {format} (only {available})")]
    Format {
        title: &'static str,
        format: &'static str,
        available: String,
    },
    #[error("{}: .{ext} is no game format ({title} games are saved as {available})", path.display())]
    Extension {
        path: PathBuf,
        ext: String,
        title: &'static str,
        available: String,
    },
    #[error(transparent)]
    Sgf(#[from] io::sgf::SgfError),
    #[error(transparent)]
    Foreign(#[from] io::foreign::ForeignError),
    #[error(
        "Little Golem .tsgf files hold one line of moves, and this game has {}: save it as a .ron game record to keep them, or delete the variations first",
        crate::ops::count(*.0, "variation")
    )]
    TsgfVariations(usize),
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// The board a record refers to. `base_dir` resolves relative paths; `load`
/// reads board files.
pub fn record_board(
    record: &GameRecord,
    base_dir: Option<&Path>,
    load: &dyn Fn(&Path) -> Result<Board, IoError>,
) -> Result<Board, BoardSourceError> {
    if let Some(b) = record.board.embedded_board(&Limits::default()) {
        return b.map_err(BoardSourceError::Embedded);
    }
    match &record.board {
        BoardSource::Preset { name, size } => Ok(crate::presets::by_name(name, *size)?),
        BoardSource::Path(p) => {
            let full = match base_dir {
                Some(d) if p.is_relative() => d.join(p),
                _ => p.clone(),
            };
            load(&full).map_err(BoardSourceError::File)
        }
        BoardSource::Board(_) | BoardSource::Embedded(_) => unreachable!("embedded boards above"),
    }
}

/// Read a board file for a record's `Path` source (and the command line's
/// `--board`): the one board reader, `crate::io::load_board`.
pub fn load_board_file(path: &Path) -> Result<Board, IoError> {
    io::load_board(path).map(|loaded| loaded.board)
}

/// Rebuild the game a record describes: make the board, replay and validate
/// every move, apply a recorded resignation or loss on time, restore the game
/// clock's readings, and check the recorded result.
/// Board files named by the record are read with [`load_board_file`].
pub fn replay(
    record: &GameRecord,
    base_dir: Option<&Path>,
) -> Result<Box<dyn DynGame>, ReplayError> {
    replay_with(record, base_dir, &load_board_file)
}

/// [`replay`] with a board-file reader of the caller's choice.
pub fn replay_with(
    record: &GameRecord,
    base_dir: Option<&Path>,
    load: &dyn Fn(&Path) -> Result<Board, IoError>,
) -> Result<Box<dyn DynGame>, ReplayError> {
    let kind = RulesKind::by_name(&record.rules)?;
    let board = Arc::new(record_board(record, base_dir, load)?);
    let options = game_options(&record.options);
    // The record says what the game started from: its set-up (applied below),
    // or else the rules' start position, also on a board with start pieces
    // (a record from before games started from them).
    let mut g = kind.entry().start_from_rules(board, &options)?.into_dyn();
    if let BoardSource::Path(_) | BoardSource::Preset { .. } = &record.board {
        g.set_board_source(Some(record.board.clone()));
    }
    let sides = g.player_names();
    g.set_players(std::array::from_fn(|i| {
        let name = record.players[i].trim();
        if name.is_empty() {
            sides[i].to_string()
        } else {
            record.players[i].clone()
        }
    }));
    g.set_computer_sides(record.computer.map(|ms| ms.map(Duration::from_millis)));
    if let Some(setup) = &record.setup {
        g.set_up(setup)?;
    }
    if let Some(c) = &record.clock {
        if c.main_ms == 0 {
            return Err(ReplayError::ClockWithoutTime);
        }
        g.set_clock(Some(ClockSettings {
            main: Duration::from_millis(c.main_ms),
            increment: Duration::from_millis(c.increment_ms),
        }));
    }
    // Every line's nodes from its branch point (the start for the main line).
    let mut lines = vec![vec![g.current_node()]];
    for (i, text) in record.moves.iter().enumerate() {
        g.play_str(text).map_err(|e| ReplayError::Move {
            ply: i + 1,
            text: text.clone(),
            reason: e.reason,
        })?;
        lines[0].push(g.current_node());
        recorded_time(
            g.as_mut(),
            record.clock.as_ref().and_then(|c| c.times.get(i)),
        );
    }
    let main_end = g.current_node();
    for (i, v) in record.variations.iter().enumerate() {
        let variation = i + 1;
        let parent = lines.get(v.line).ok_or(ReplayError::VariationStart {
            variation,
            at: v.at,
            len: 0,
        })?;
        let &b = parent.get(v.at).ok_or(ReplayError::VariationStart {
            variation,
            at: v.at,
            len: parent.len() - 1,
        })?;
        g.goto_node(b)
            .expect("a node of an earlier line is in the tree");
        let mut nodes = vec![b];
        for (k, text) in v.moves.iter().enumerate() {
            g.play_str(text).map_err(|e| ReplayError::VariationMove {
                variation,
                ply: k + 1,
                text: text.clone(),
                reason: e.reason,
            })?;
            nodes.push(g.current_node());
            recorded_time(g.as_mut(), v.times.get(k));
        }
        lines.push(nodes);
    }
    // Resignations last: nothing can be played after one.
    for (i, v) in record.variations.iter().enumerate() {
        if let Some(p) = v.resigned {
            let end = *lines[i + 1].last().expect("a line has its branch point");
            g.goto_node(end).expect("the variation was just played");
            g.resign(p).map_err(|e| ReplayError::VariationResign {
                variation: i + 1,
                reason: e.reason,
            })?;
        } else if let Some(p) = v.timeout {
            let end = *lines[i + 1].last().expect("a line has its branch point");
            g.goto_node(end).expect("the variation was just played");
            g.time_out(p).map_err(|e| ReplayError::VariationTimeout {
                variation: i + 1,
                reason: e.reason,
            })?;
        }
    }
    g.goto_node(main_end)
        .expect("the main line was just played");
    if let Some(r) = &record.result {
        let by_rules = g.outcome();
        if let Some(p) = r.resigned
            && by_rules.is_none()
        {
            g.resign(p).map_err(|e| ReplayError::ResultMismatch {
                recorded: r.reason.clone(),
                replayed: e.reason,
            })?;
        } else if let Some(p) = r.timeout
            && by_rules.is_none()
        {
            g.time_out(p).map_err(|e| ReplayError::ResultMismatch {
                recorded: r.reason.clone(),
                replayed: e.reason,
            })?;
        }
        match g.outcome() {
            Some(o) if o.winner == r.winner => {}
            Some(o) => {
                return Err(ReplayError::ResultMismatch {
                    recorded: r.reason.clone(),
                    replayed: o.reason,
                });
            }
            None => {
                return Err(ReplayError::ResultMismatch {
                    recorded: r.reason.clone(),
                    replayed: "the game is not over".into(),
                });
            }
        }
    }
    if let Some(c) = record.cursor {
        let line = lines.get(c.line);
        let Some(&node) = line.and_then(|nodes| nodes.get(c.moves)) else {
            return Err(ReplayError::Cursor {
                line: c.line,
                moves: c.moves,
                len: line.map_or(0, |n| n.len() - 1),
            });
        };
        g.goto_node(node).expect("a replayed node");
    }
    if let Some((a, b)) = record.clock.as_ref().and_then(|c| c.left)
        && let Some(c) = g.clock_mut()
    {
        c.set_live([Duration::from_millis(a), Duration::from_millis(b)]);
    }
    Ok(g)
}

/// After replaying a move: the time left the record gives for it, if any.
fn recorded_time(g: &mut dyn DynGame, time: Option<&(u64, u64)>) {
    let node = g.current_node();
    if let (Some(&(a, b)), Some(c)) = (time, g.clock_mut()) {
        let left = [Duration::from_millis(a), Duration::from_millis(b)];
        c.set_reading_at(node, left);
        c.set_live(left);
    }
}

/// Save a game as a RON record (its text).
pub fn save_record(game: &dyn DynGame) -> String {
    game.to_record().to_ron()
}

/// A game as text in `format`, which its registry entry must list (a RON
/// record for every game).
pub fn save_as(game: &dyn DynGame, format: RecordFormat) -> Result<String, SaveError> {
    let entry = game.entry();
    if !entry.saves_as(format) {
        return Err(SaveError::Format {
            title: entry.title,
            format: format.name(),
            available: extensions(entry.formats),
        });
    }
    let record = game.to_record();
    let board = game.board();
    Ok(match format {
        RecordFormat::Ron => record.to_ron(),
        RecordFormat::Sgf => io::sgf::write_sgf(&record, board)?,
        RecordFormat::Tsgf => {
            if !record.variations.is_empty() {
                return Err(SaveError::TsgfVariations(record.variations.len()));
            }
            io::tsgf::write_tsgf(&record, board)?
        }
        RecordFormat::BoardspaceSgf => io::loa_sgf::write_loa_sgf(&record, board)?,
        RecordFormat::Hgf => io::lg_havannah::write_lg_havannah(&record, board)?,
    })
}

/// ".ron, .sgf": the extensions of `formats`.
fn extensions(formats: &[RecordFormat]) -> String {
    let all: Vec<String> = formats
        .iter()
        .map(|f| format!(".{}", f.extension()))
        .collect();
    all.join(", ")
}

/// A game as HexGui SGF (games whose registry entry lists SGF).
pub fn save_sgf(game: &dyn DynGame) -> Result<String, SaveError> {
    save_as(game, RecordFormat::Sgf)
}

/// A TwixT game as a Little Golem `.tsgf` record (games whose registry entry
/// lists it).
pub fn save_tsgf(game: &dyn DynGame) -> Result<String, SaveError> {
    save_as(game, RecordFormat::Tsgf)
}

/// What saving `game` as `format` leaves out, a sentence each (for the status
/// bar or the terminal): the sides the computer played, which only
/// boardwright's RON record keeps (another program's file opens with both
/// sides played by people); the swap rule of a Havannah game without a swap
/// written as Little Golem's `.hgf`, which reads it back off.
pub fn left_out(game: &dyn DynGame, format: RecordFormat) -> Vec<String> {
    let mut out = Vec::new();
    if format != RecordFormat::Ron {
        let sides = game.player_names();
        let computer: Vec<&str> = (0..2)
            .filter(|&i| game.computer_sides()[i].is_some())
            .map(|i| sides[i])
            .collect();
        if !computer.is_empty() {
            out.push(format!(
                "{} does not keep the computer's {} ({}): .ron does",
                format.name(),
                if computer.len() == 2 { "sides" } else { "side" },
                computer.join(" and ")
            ));
        }
    }
    // Little Golem's Havannah records carry RU[LG], so the rule has no mark
    // there: a record reads with it on only when a swap was played.
    if format == RecordFormat::Hgf
        && game.options().swap
        && !game.history().iter().any(|m| m == "swap")
    {
        out.push(format!(
            "{} does not keep the swap rule of a game without a swap (it reopens with the rule off): .ron does",
            format.name()
        ));
    }
    out
}

/// Save a game to `path`, atomically, in the format its extension names: the
/// game's own with that extension (`.sgf` is HexGui's SGF for Hex and
/// boardspace's for Lines of Action), else the first with it (refused, with
/// the formats the game has); a RON game record for a name without an
/// extension. An extension no format has is refused (a record written as RON
/// into `notes.txt` or `game.svg` would not be what its name says), and
/// nothing is written. Returns what the format left out ([`left_out`]).
pub fn save_game(game: &dyn DynGame, path: &Path) -> Result<Vec<String>, SaveError> {
    const ALL: [RecordFormat; 5] = [
        RecordFormat::Ron,
        RecordFormat::Sgf,
        RecordFormat::Tsgf,
        RecordFormat::BoardspaceSgf,
        RecordFormat::Hgf,
    ];
    let is = |format: &RecordFormat| {
        path.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(format.extension()))
    };
    let entry = game.entry();
    let format = match entry.formats.iter().chain(&ALL).copied().find(is) {
        Some(format) => format,
        None => match path.extension() {
            None => RecordFormat::Ron,
            Some(ext) => {
                return Err(SaveError::Extension {
                    path: path.to_path_buf(),
                    ext: ext.to_string_lossy().into_owned(),
                    title: entry.title,
                    available: extensions(entry.formats),
                });
            }
        },
    };
    let text = save_as(game, format)?;
    io::atomic::write_atomic(path, text.as_bytes()).map_err(|source| SaveError::Write {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(left_out(game, format))
}

/// What a file turned out to hold, ready to use.
pub enum Opened {
    /// A board, with what loading it reported (repairs, notes), and its format.
    Board {
        board: Box<Board>,
        notes: Vec<String>,
        format: Format,
    },
    /// A saved game (RON game record or HexGui SGF), replayed, with what the
    /// reader noted (moves after a resignation, a result that disagrees,
    /// moves read as set-up stones): the user must see these.
    Game(Box<dyn DynGame>, Vec<String>),
}

/// A Hex game's HexWorld link ([`io::hex_link::write_hexworld`]), to open in
/// HexWorld or PlayHex for review, and what it leaves out (the variations: a
/// link holds one line of moves).
pub fn hexworld_link(game: &dyn DynGame) -> Result<(String, Vec<String>), SaveError> {
    let record = game.to_record();
    let link = io::hex_link::write_hexworld(&record, game.board())?;
    let mut notes = Vec::new();
    if !record.variations.is_empty() {
        notes.push(format!(
            "the link holds the main line: {} left out",
            crate::ops::count(record.variations.len(), "variation")
        ));
    }
    Ok((link, notes))
}

/// Open text given without a file name — a game pasted into the window —
/// by its content ([`io::read_text`]: SGF, a HexWorld or trmph.com link, Hex
/// moves, T1, RON), replaying a game record into a game. A record naming its
/// board by a relative path finds it from the working folder.
pub fn open_text(text: &str) -> Result<Opened, TextError> {
    Ok(replayed(
        io::read_text(text, &io::Limits::default())?,
        None,
    )?)
}

/// Open any file boardwright reads ([`io::open`] decides what it holds by
/// parsing it) and replay a game record into a game.
pub fn open(path: &Path) -> Result<Opened, OpenError> {
    replayed(io::open(path)?, path.parent()).map_err(|source| OpenError::Replay {
        path: path.to_path_buf(),
        source,
    })
}

/// What was read, ready to use: a board as it is, a game record replayed (a
/// board it names by a relative path is found from `base_dir`).
fn replayed(doc: Document, base_dir: Option<&Path>) -> Result<Opened, ReplayError> {
    match doc {
        Document::Board {
            board,
            notes,
            format,
        } => Ok(Opened::Board {
            board,
            notes,
            format,
        }),
        Document::Game(record) => {
            let game = replay(&record, base_dir)?;
            Ok(Opened::Game(game, record.notes))
        }
    }
}

//! Opening and saving files: the one code path behind the menu, drag and drop, the
//! command line and the UI tests (the native dialogs only pick a path). What a
//! file holds is decided by `crate::io::open` (by parsing it), games are
//! replayed by the game layer (`crate::game::record`).

use crate::board::Board;
use crate::game::DynGame;
use crate::game::record::{self, Opened as Doc};
use std::path::{Path, PathBuf};

/// What a file turned out to hold.
pub enum Opened {
    /// A board (RON or OBJ), with what loading it reported (repairs, notes).
    Board {
        board: Box<Board>,
        notes: Vec<String>,
    },
    /// A saved game (RON game record or HexGui SGF), with what reading it
    /// noted (shown with the "Opened" message).
    Game(Box<dyn DynGame>, Vec<String>),
}

/// Open any file the app understands: `.ron` boards and game records, `.obj`
/// boards, `.sgf` Hex games.
pub fn open_path(path: &Path) -> Result<Opened, String> {
    match record::open(path).map_err(|e| e.to_string())? {
        Doc::Board { board, notes, .. } => Ok(Opened::Board { board, notes }),
        Doc::Game(g, notes) => Ok(Opened::Game(g, notes)),
    }
}

/// Open text pasted into the window by its content ([`record::open_text`]):
/// a game record (SGF, a HexWorld or trmph.com link, Hex moves, T1, RON) or
/// a RON board.
pub fn open_text(text: &str) -> Result<Opened, String> {
    match record::open_text(text).map_err(|e| e.to_string())? {
        Doc::Board { board, notes, .. } => Ok(Opened::Board { board, notes }),
        Doc::Game(g, notes) => Ok(Opened::Game(g, notes)),
    }
}

/// Where Save writes a board opened from `path`: the file itself when it is a
/// board file boardwright writes back without loss (RON); `None` for imports
/// (OBJ), for which Save asks where to put a RON file.
pub fn save_path_for(path: &Path) -> Option<PathBuf> {
    crate::io::Format::from_path(path)
        .is_ok_and(|f| f.is_native())
        .then(|| path.to_path_buf())
}

/// Save a board; the format follows the extension (`.ron`, `.obj`, `.svg`). The file
/// is written atomically, so a failed save leaves the old file intact.
pub fn save_board(board: &Board, path: &Path) -> Result<(), String> {
    crate::io::save_board(board, path).map_err(|e| e.to_string())
}

/// Save a game in the format its extension names ([`record::save_game`]):
/// `.sgf` as HexGui SGF, `.tsgf` as Little Golem's TwixT record and so on
/// (games that have them), `.ron` or no extension as a RON game record.
pub fn save_game(game: &dyn DynGame, path: &Path) -> Result<Vec<String>, String> {
    record::save_game(game, path).map_err(|e| e.to_string())
}

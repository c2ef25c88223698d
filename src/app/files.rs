//! Opening and saving files: the one code path behind the menu, drag and drop, the
//! command line and the UI tests (the native dialogs only pick a path).

use crate::board::Board;
use crate::rules::dynamic::DynGame;
use std::path::Path;

/// What a file turned out to hold.
pub enum Opened {
    /// A board (RON or OBJ), with what loading it reported (repairs, notes).
    Board {
        board: Box<Board>,
        notes: Vec<String>,
    },
    /// A saved game (RON game record or HexGui SGF).
    Game(Box<dyn DynGame>),
}

/// Whether a RON text is a game record rather than a board: records name their
/// rules and moves at the top level.
fn looks_like_game_record(text: &str) -> bool {
    text.contains("rules:") && text.contains("moves:")
}

/// Open any file the app understands: `.ron` boards and game records, `.obj`
/// boards, `.sgf` Hex games.
pub fn open_path(path: &Path) -> Result<Opened, String> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "sgf" => {
            let bytes = crate::io::read_limited(path, 16 << 20).map_err(|e| e.to_string())?;
            let text = String::from_utf8(bytes)
                .map_err(|_| format!("{} is not UTF-8 text", path.display()))?;
            crate::rules::sgf::import_sgf(&text, false)
                .map(Opened::Game)
                .map_err(|e| format!("{}: {e}", path.display()))
        }
        "ron" => {
            let bytes = crate::io::read_limited(path, 512 << 20).map_err(|e| e.to_string())?;
            let text = String::from_utf8_lossy(&bytes);
            if looks_like_game_record(&text) {
                crate::rules::record::load_record_file(path)
                    .map(Opened::Game)
                    .map_err(|e| format!("{}: {e}", path.display()))
            } else {
                open_board(path)
            }
        }
        _ => open_board(path),
    }
}

fn open_board(path: &Path) -> Result<Opened, String> {
    crate::io::load_board(path)
        .map(|l| Opened::Board {
            board: Box::new(l.board),
            notes: l.notes,
        })
        .map_err(|e| e.to_string())
}

/// Save a board; the format follows the extension (`.ron`, `.obj`, `.svg`). The file
/// is written atomically, so a failed save leaves the old file intact.
pub fn save_board(board: &Board, path: &Path) -> Result<(), String> {
    crate::io::save_board(board, path).map_err(|e| e.to_string())
}

/// Save a game: `.sgf` as HexGui SGF (Hex only), anything else as a RON game record.
pub fn save_game(game: &dyn DynGame, path: &Path) -> Result<(), String> {
    let is_sgf = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    let text = if is_sgf {
        crate::rules::sgf::export_sgf(game).map_err(|e| e.to_string())?
    } else {
        crate::rules::record::save_record(game)
    };
    crate::io::atomic::write_atomic(path, text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

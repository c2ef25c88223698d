//! The board a session ended with when it was never saved and never changed
//! — a preset, a generated board, a tiling — so that closing the window
//! asked nothing: it is kept in the data folder (`kept-board.ron`)
//! and the start card of a later launch offers to reopen it. A board with
//! unsaved changes is not kept here: closing asks about it, and "Don't save"
//! means what it says; a board read from a file (an import, a game's board)
//! is not kept either: the file has it, and Open Recent lists it.
//!
//! The file is replaced when a later session ends with such a board, and
//! removed when a session that reopened it ends without it (saved to a file,
//! replaced, or discarded), or when the user forgets it.

use crate::board::Board;
use std::path::{Path, PathBuf};

/// The file in the data folder.
const KEPT_FILE: &str = "kept-board.ron";

/// Boards with more faces are not kept (writing them would hold up the
/// closing window).
pub const MAX_KEPT_FACES: usize = 50_000;

/// A kept board, as the start card offers it.
pub struct KeptBoard {
    pub board: Board,
}

impl KeptBoard {
    /// "“Hex 11×11” (121 faces)": the name quoted, as names have commas
    /// ("Generated board, 2 player(s), seed 1").
    pub fn describe(&self) -> String {
        let name = super::board_name(&self.board, "Untitled board");
        format!("\u{201c}{name}\u{201d} ({} faces)", self.board.face_count())
    }
}

fn file(data_dir: &Path) -> PathBuf {
    data_dir.join(KEPT_FILE)
}

/// Whether the document's board is one to keep: never saved to a file, not
/// changed since it was made or opened, not empty and not huge.
pub fn worth_keeping(board: &Board, path: Option<&Path>, dirty: bool) -> bool {
    path.is_none() && !dirty && board.face_count() > 0 && board.face_count() <= MAX_KEPT_FACES
}

/// The board kept in `data_dir`, if there is one that reads back. A file that
/// does not read is left where it is (the user may want it) and reported.
pub fn find(data_dir: Option<&Path>) -> Result<Option<KeptBoard>, String> {
    let Some(dir) = data_dir else {
        return Ok(None);
    };
    let path = file(dir);
    if !path.is_file() {
        return Ok(None);
    }
    match crate::io::load_board(&path) {
        Ok(loaded) => Ok(Some(KeptBoard {
            board: loaded.board,
        })),
        Err(e) => Err(format!(
            "The board kept from an earlier session ({}) could not be read: {e}",
            path.display()
        )),
    }
}

/// Keep `board` in `data_dir` (written whole or not at all).
pub fn keep(data_dir: &Path, board: &Board) -> Result<(), String> {
    std::fs::create_dir_all(data_dir).map_err(|e| format!("{}: {e}", data_dir.display()))?;
    super::files::save_board(board, &file(data_dir))
}

/// Forget the kept board (nothing to do when there is none).
pub fn forget(data_dir: &Path) -> Result<(), String> {
    match std::fs::remove_file(file(data_dir)) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("{}: {e}", file(data_dir).display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    #[test]
    fn a_kept_board_reads_back_and_is_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        assert!(find(Some(&data)).unwrap().is_none());
        assert!(find(None).unwrap().is_none());
        let b = presets::hex(5);
        keep(&data, &b).unwrap();
        let kept = find(Some(&data)).unwrap().expect("kept");
        crate::io::compare_boards(&b, &kept.board).unwrap();
        assert_eq!(kept.describe(), "\u{201c}Hex 5×5\u{201d} (25 faces)");
        forget(&data).unwrap();
        assert!(find(Some(&data)).unwrap().is_none());
        forget(&data).unwrap();
    }

    #[test]
    fn a_damaged_kept_board_is_reported_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(KEPT_FILE), "(not a board").unwrap();
        let e = find(Some(dir.path())).err().expect("an error");
        assert!(e.contains("could not be read"), "{e}");
        assert!(dir.path().join(KEPT_FILE).exists());
    }

    #[test]
    fn only_unsaved_unchanged_boards_are_kept() {
        let b = presets::hex(3);
        assert!(worth_keeping(&b, None, false));
        assert!(!worth_keeping(&b, Some(Path::new("b.ron")), false));
        assert!(!worth_keeping(&b, None, true));
        assert!(!worth_keeping(&super::super::empty_board(), None, false));
    }
}
